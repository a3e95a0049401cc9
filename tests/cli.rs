//! End-to-end tests of the `shogi-tool` binary: exit codes, output shapes, generated files.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn tool() -> Command {
    Command::cargo_bin("shogi-tool").unwrap()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

mod perft {
    use super::*;

    #[test]
    fn prints_the_count_on_the_last_line() {
        tool()
            .args(["perft", "3"])
            .assert()
            .success()
            .stdout("25470\n");
    }

    #[test]
    fn divide_lists_each_root_move() {
        let out = tool().args(["perft", "2", "--divide"]).output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 31);
        assert!(lines.contains(&"7g7f: 30"));
        assert_eq!(lines.last(), Some(&"900"));
    }

    #[test]
    fn takes_a_position() {
        tool()
            .args([
                "perft",
                "--sfen",
                "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                "1",
            ])
            .assert()
            .success()
            .stdout("593\n");
    }

    #[test]
    fn a_bad_sfen_is_an_error_naming_the_field() {
        tool()
            .args(["perft", "--sfen", "lnsgkgsnl/1r5b1 b - 1", "1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("board field"));
    }

    #[test]
    fn a_bad_command_line_exits_2() {
        tool().args(["perft"]).assert().code(2);
        tool().args(["no-such-command"]).assert().code(2);
    }
}

mod completions {
    use super::*;

    /// The files in `completions/` are generated; they must match the CLI definition.
    /// Regenerate with `UPDATE_COMPLETIONS=1 cargo test --test cli completions`.
    #[test]
    fn generated_files_match_the_cli() {
        let update = std::env::var_os("UPDATE_COMPLETIONS").is_some();
        for (shell, file) in [
            ("bash", "shogi-tool.bash"),
            ("zsh", "_shogi-tool"),
            ("fish", "shogi-tool.fish"),
            ("elvish", "shogi-tool.elv"),
            ("powershell", "_shogi-tool.ps1"),
        ] {
            let out = tool().args(["completions", shell]).output().unwrap();
            assert!(out.status.success(), "{shell}");
            let path: PathBuf = root().join("completions").join(file);
            if update {
                std::fs::write(&path, &out.stdout).unwrap();
                continue;
            }
            let kept = std::fs::read(&path).unwrap_or_default();
            assert!(
                kept == out.stdout,
                "{} is out of date: run `UPDATE_COMPLETIONS=1 cargo test --test cli completions`",
                Path::new("completions").join(file).display()
            );
        }
    }
}
