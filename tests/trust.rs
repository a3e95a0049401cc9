//! Issue #14: input that was not read never passes as clean, statistics count only what was
//! read, and a conversion never loses or misplaces a record. Each test names the trip it
//! guards against.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common;
use common::{root, tool};

fn sample(name: &str) -> PathBuf {
    root().join("testdata/samples").join(name)
}

/// Runs `validate --format json` on `args` and returns the exit code and each record's JSON.
fn validate_json(args: &[&str]) -> (i32, Vec<serde_json::Value>) {
    let out = tool()
        .args(["validate", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    let records = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.code().unwrap(), records)
}

fn codes(v: &serde_json::Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap().to_string())
        .collect()
}

mod unread_input {
    use super::*;

    #[test]
    fn csa_text_under_a_kif_name_is_read_as_csa_with_one_warning() {
        // Before: 40+ `unknown-line` warnings, 0 plies, exit 0.
        let (_, want) = validate_json(&[sample("even-game.csa").to_str().unwrap()]);
        let dir = tempfile::tempdir().unwrap();
        let kif = dir.path().join("game.kif");
        std::fs::copy(sample("even-game.csa"), &kif).unwrap();
        let (code, got) = validate_json(&[kif.to_str().unwrap()]);
        assert_eq!(code, 0);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0]["format"], "csa");
        assert_eq!(got[0]["plies"], want[0]["plies"]);
        assert!(got[0]["plies"].as_u64().unwrap() > 0);
        assert_eq!(codes(&got[0], "warnings"), ["format-mismatch"]);
        let message = got[0]["warnings"][0]["message"].as_str().unwrap();
        assert!(
            message.contains("CSA") && message.contains("KIF"),
            "{message}"
        );
    }

    #[test]
    fn kif_output_saved_as_csa_is_read_as_kif() {
        // `convert --to kif -o out.csa` writes KIF (Shift_JIS) under a CSA name.
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.csa");
        tool()
            .args(["convert", "--to", "kif", "-o"])
            .arg(&out)
            .arg(sample("even-game.csa"))
            .assert()
            .success();
        let (code, got) = validate_json(&[out.to_str().unwrap()]);
        assert_eq!(code, 0);
        assert_eq!(got[0]["format"], "kif");
        assert_eq!(got[0]["plies"], 18);
        assert_eq!(codes(&got[0], "warnings"), ["format-mismatch"]);
    }

    #[test]
    fn shift_jis_kif_forced_to_utf8_is_an_error_said_once() {
        // Before: 49 warnings, 0 plies, exit 0.
        let kif = root().join("testdata/kif/sjis-declaration.kif");
        let (code, got) = validate_json(&["--encoding", "utf-8", kif.to_str().unwrap()]);
        assert_eq!(code, 2);
        assert_eq!(codes(&got[0], "errors"), ["unreadable-text"]);
        assert!(codes(&got[0], "warnings").is_empty(), "{}", got[0]);
        let message = got[0]["errors"][0]["message"].as_str().unwrap();
        for part in [
            "12 lines",
            "line 2, column 34",
            "UTF-8",
            "declares Shift_JIS",
        ] {
            assert!(message.contains(part), "{part}: {message}");
        }
        // Read as it should be, the same file is clean.
        let (code, _) = validate_json(&[kif.to_str().unwrap()]);
        assert_eq!(code, 0);
    }

    #[test]
    fn undecodable_bytes_in_a_readable_record_are_one_warning() {
        // A Shift_JIS CSA file read as UTF-8: the moves are ASCII and read, the names are not.
        let text =
            "V2.2\nN+先手名人\nN-後手名人\n'対局の記録です\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(text);
        let dir = tempfile::tempdir().unwrap();
        let csa = dir.path().join("names.csa");
        std::fs::write(&csa, &sjis).unwrap();
        let (code, got) = validate_json(&["--encoding", "utf-8", csa.to_str().unwrap()]);
        assert_eq!(code, 0);
        assert_eq!(got[0]["plies"], 2);
        assert_eq!(codes(&got[0], "warnings"), ["invalid-bytes"]);
        let message = got[0]["warnings"][0]["message"].as_str().unwrap();
        assert!(message.contains("on 3 lines"), "{message}");
        assert!(message.contains("Shift_JIS"), "{message}");
        let (code, _) = validate_json(&["--strict", "--encoding", "utf-8", csa.to_str().unwrap()]);
        assert_eq!(code, 2);
    }

    #[test]
    fn text_damaged_into_replacement_characters_is_an_error_even_without_strict() {
        let kif = root().join("testdata/broken/replaced-characters.kif");
        for strict in [false, true] {
            let mut args = vec![kif.to_str().unwrap()];
            if strict {
                args.insert(0, "--strict");
            }
            let (code, got) = validate_json(&args);
            assert_eq!(code, 2, "strict {strict}");
            assert_eq!(codes(&got[0], "errors"), ["unreadable-text"]);
            let message = got[0]["errors"][0]["message"].as_str().unwrap();
            assert!(message.contains("U+FFFD"), "{message}");
        }
    }

    #[test]
    fn prose_saved_as_kif_is_not_a_record_in_one_line() {
        let kif = root().join("testdata/broken/prose-saved-as.kif");
        let out = tool().arg("validate").arg(&kif).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.matches("error[not-a-record]").count(), 1, "{text}");
        assert!(!text.contains("unknown-line"), "{text}");
    }

    #[test]
    fn json_that_is_not_jkf_is_not_a_record() {
        // Before: a `stats --format json` output saved as `.json` was one clean empty game.
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("part.json");
        let out = tool()
            .args(["stats", "-q", "--format", "json"])
            .arg(sample("fouls.csa"))
            .output()
            .unwrap();
        std::fs::write(&json, out.stdout).unwrap();
        let (code, got) = validate_json(&[json.to_str().unwrap()]);
        assert_eq!(code, 2);
        assert_eq!(codes(&got[0], "errors"), ["not-a-record"]);
    }

    fn nothing_to_read(dir: &Path, expect: &[&str]) {
        let out_dir = tempfile::tempdir().unwrap();
        let commands: [&[&str]; 4] = [
            &["validate"],
            &["stats"],
            &["positions"],
            &["convert", "--to", "csa", "--out-dir"],
        ];
        for command in commands {
            let mut cmd = tool();
            cmd.args(command);
            if command[0] == "convert" {
                cmd.arg(out_dir.path());
            }
            let out = cmd.arg(dir).output().unwrap();
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{command:?}: {err}");
            assert!(err.contains(&dir.display().to_string()), "{err}");
            for part in expect {
                assert!(err.contains(part), "{command:?}: {part}: {err}");
            }
        }
    }

    #[test]
    fn an_empty_folder_is_nothing_to_read() {
        let dir = tempfile::tempdir().unwrap();
        nothing_to_read(dir.path(), &["no record file", "holds no file"]);
    }

    #[test]
    fn a_folder_of_text_files_says_what_it_skipped() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a.txt", "b.txt", "notes.txt"] {
            std::fs::write(dir.path().join(name), "+7776FU\n").unwrap();
        }
        nothing_to_read(
            dir.path(),
            &[
                "3 files skipped",
                "not a record extension",
                ".txt",
                "--from",
            ],
        );
    }

    #[test]
    fn an_empty_list_of_paths_is_nothing_to_read() {
        let dir = tempfile::tempdir().unwrap();
        let list = dir.path().join("list");
        std::fs::write(&list, "\n").unwrap();
        tool()
            .args(["validate", "--files-from"])
            .arg(&list)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("names no path"));
    }
}

mod stats_counts_what_was_read {
    use super::*;

    fn stats_json(args: &[&str]) -> (i32, serde_json::Value) {
        let out = tool()
            .args(["stats", "-q", "--format", "json"])
            .args(args)
            .output()
            .unwrap();
        let v = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
        (out.status.code().unwrap(), v)
    }

    /// A folder with one good 18-ply CSA game and one text that is no record.
    fn good_and_bad() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(sample("even-game.csa"), dir.path().join("good.csa")).unwrap();
        std::fs::write(dir.path().join("bad.kif"), "Dear friend,\nsee you.\n").unwrap();
        dir
    }

    #[test]
    fn failed_records_are_counted_apart_from_every_game_figure() {
        // Before: `records` 2, a `kif` format, a 0-ply game and an `unknown` outcome counted.
        let dir = good_and_bad();
        let (code, v) = stats_json(&[dir.path().to_str().unwrap()]);
        assert_eq!(code, 2);
        assert_eq!(v["records"], 1);
        assert_eq!(v["records_failed"], 1);
        assert_eq!(v["formats"], serde_json::json!({"csa": 1}));
        assert_eq!(v["length_histogram"], serde_json::json!({"18": 1}));
        let outcomes: u64 = v["outcomes"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(outcomes, 1);
        assert_eq!(v["summary"]["median_plies"], 18);
        assert_eq!(v["failures"][0]["record"], 0);
        // The table says it without ambiguity, and lists the failure on request.
        let out = tool()
            .args(["stats", "-q", "--failures"])
            .arg(dir.path())
            .output()
            .unwrap();
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(table.contains("1 read, 1 could not be read"), "{table}");
        assert!(table.contains("bad.kif#0: "), "{table}");
    }

    fn long_game(dir: &Path) -> PathBuf {
        let path = dir.join("long.sfen");
        let cycle = "5i5h 5a5b 5h5i 5b5a ".repeat(750);
        std::fs::write(&path, format!("startpos moves {}\n", cycle.trim_end())).unwrap();
        path
    }

    #[test]
    fn a_3000_ply_game_keeps_its_length() {
        // Before: lengths over 2,000 plies were counted as 2,000.
        let dir = tempfile::tempdir().unwrap();
        long_game(dir.path());
        std::fs::copy(sample("even-game.csa"), dir.path().join("short.csa")).unwrap();
        let (code, v) = stats_json(&[dir.path().to_str().unwrap()]);
        assert_eq!(code, 0);
        assert_eq!(v["summary"]["max_plies"], 3000);
        assert_eq!(v["summary"]["percentiles"]["p100"], 3000);
        assert_eq!(v["length_histogram"]["3000"], 1);
        let out = tool()
            .args(["stats", "-q"])
            .arg(dir.path())
            .output()
            .unwrap();
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(table.contains("max 3000"), "{table}");
        assert!(table.contains(" 500-3000 "), "overflow bucket: {table}");
        // Merged shards stay exact.
        let elsewhere = tempfile::tempdir().unwrap();
        let parts = common::shard_parts(
            elsewhere.path(),
            2,
            &["-q", "--format", "json", dir.path().to_str().unwrap()],
        );
        assert_eq!(common::merged_stats(&parts), v);
    }

    fn part(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
        let mut args = vec![sample("even-game.csa").to_str().unwrap().to_string()];
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, v) = stats_json(&args);
        let path = dir.join(name);
        std::fs::write(&path, v.to_string()).unwrap();
        path
    }

    #[test]
    fn merge_refuses_the_same_part_twice() {
        // Before: the part was counted twice.
        let dir = tempfile::tempdir().unwrap();
        let a = part(dir.path(), "a.json", &[]);
        let copy = dir.path().join("copy.json");
        std::fs::copy(&a, &copy).unwrap();
        for second in [&a, &copy] {
            let out = tool()
                .args(["stats", "--merge"])
                .arg(&a)
                .arg(second)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2));
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains("twice"), "{err}");
            assert!(out.stdout.is_empty());
        }
    }

    #[test]
    fn merge_refuses_parts_of_different_opening_plies() {
        let dir = tempfile::tempdir().unwrap();
        let a = part(dir.path(), "a.json", &[]);
        let b = {
            let (_, v) = stats_json(&[
                "--opening-plies",
                "4",
                sample("fouls.csa").to_str().unwrap(),
            ]);
            let path = dir.path().join("b.json");
            std::fs::write(&path, v.to_string()).unwrap();
            path
        };
        tool()
            .args(["stats", "--merge"])
            .arg(&a)
            .arg(&b)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("--opening-plies"));
    }

    #[test]
    fn merge_names_a_part_that_is_not_json_and_why() {
        let dir = tempfile::tempdir().unwrap();
        let table = dir.path().join("table.txt");
        let out = tool()
            .args(["stats", "-q"])
            .arg(sample("fouls.csa"))
            .output()
            .unwrap();
        std::fs::write(&table, out.stdout).unwrap();
        let out = tool()
            .args(["stats", "--merge"])
            .arg(&table)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("table.txt"), "{err}");
        assert!(err.contains("table output"), "{err}");
    }
}

mod conversion_keeps_every_record {
    use super::*;

    /// The final position of every record of `path`.
    fn finals(path: &Path) -> String {
        let out = tool()
            .args(["positions", "--final"])
            .arg(path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    fn files_under(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = walk(dir)
            .into_iter()
            .map(|p| p.strip_prefix(dir).unwrap().display().to_string())
            .collect();
        names.sort();
        names
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn outputs_are_named_below_the_argument() {
        // Before: `out/testdata/samples/even-game.kifu`, and an absolute input reappeared
        // under the output folder.
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        tool()
            .current_dir(root())
            .args(["convert", "testdata/samples", "--to", "kifu", "--out-dir"])
            .arg(&out)
            .assert()
            .success()
            .stderr(predicates::str::contains("wrote 5 files (5 records)"));
        assert_eq!(
            files_under(&out),
            [
                "even-game.csa.kifu",
                "even-game.usi.kifu",
                "fouls.kifu",
                "two-games.0.kifu",
                "two-games.1.kifu"
            ]
        );
        // An absolute path, a path through `..`: the same names.
        for (dir, arg) in [
            (root(), sample("fouls.csa").display().to_string()),
            (
                root().join("testdata/fouls"),
                "../samples/fouls.csa".to_string(),
            ),
        ] {
            let out = tmp.path().join("one");
            tool()
                .current_dir(dir)
                .args(["convert", &arg, "--to", "kifu", "--out-dir"])
                .arg(&out)
                .assert()
                .success();
            assert_eq!(files_under(&out), ["fouls.kifu"]);
            std::fs::remove_dir_all(&out).unwrap();
        }
    }

    /// `in/g.csa`, `in/g.usi` and `in/sub/g.csa`: three different games.
    fn colliding_inputs(tmp: &Path) -> PathBuf {
        let input = tmp.join("in");
        std::fs::create_dir_all(input.join("sub")).unwrap();
        std::fs::copy(sample("even-game.csa"), input.join("g.csa")).unwrap();
        std::fs::write(input.join("g.usi"), "position startpos moves 2g2f 8c8d\n").unwrap();
        std::fs::write(
            input.join("sub/g.csa"),
            "PI\n+\n+5756FU\n-5354FU\n+5948OU\n",
        )
        .unwrap();
        input
    }

    #[test]
    fn colliding_outputs_get_distinct_names_and_each_keeps_its_record() {
        // Before: the second `g.kifu` was refused with a suggestion of --force, which then
        // overwrote the first record.
        let tmp = tempfile::tempdir().unwrap();
        let input = colliding_inputs(tmp.path());
        let runs: [(&str, Vec<String>); 3] = [
            ("absolute", vec![input.display().to_string()]),
            ("relative", vec!["in".to_string()]),
            (
                "named",
                vec!["in/g.csa".into(), "in/g.usi".into(), "in/sub/g.csa".into()],
            ),
        ];
        for (how, args) in runs {
            let out = tmp.path().join(format!("out-{how}"));
            let result = tool()
                .current_dir(tmp.path())
                .arg("convert")
                .args(&args)
                .args(["--to", "kifu", "--out-dir"])
                .arg(&out)
                .output()
                .unwrap();
            let err = String::from_utf8(result.stderr).unwrap();
            assert!(result.status.success(), "{how}: {err}");
            assert!(err.contains("wrote 3 files (3 records)"), "{how}: {err}");
            assert!(!err.contains("--force"), "{how}: {err}");
            let written = files_under(&out);
            let expected: [(&str, &str); 3] = if how == "named" {
                [
                    ("g.csa.kifu", "g.csa"),
                    ("g.usi.kifu", "g.usi"),
                    ("g.csa-2.kifu", "sub/g.csa"),
                ]
            } else {
                [
                    ("g.csa.kifu", "g.csa"),
                    ("g.usi.kifu", "g.usi"),
                    ("sub/g.kifu", "sub/g.csa"),
                ]
            };
            let mut names: Vec<&str> = expected.iter().map(|e| e.0).collect();
            names.sort();
            assert_eq!(written, names, "{how}");
            for (output, source) in expected {
                assert_eq!(
                    finals(&out.join(output)),
                    finals(&input.join(source)),
                    "{how}: {output} holds {source}'s record"
                );
            }
        }
    }

    #[test]
    fn existing_outputs_stop_the_run_before_anything_is_written() {
        let tmp = tempfile::tempdir().unwrap();
        let input = colliding_inputs(tmp.path());
        let out = tmp.path().join("out");
        let convert = |force: bool| {
            let mut cmd = tool();
            cmd.arg("convert")
                .arg(&input)
                .args(["--to", "kifu", "--out-dir"])
                .arg(&out);
            if force {
                cmd.arg("--force");
            }
            cmd.output().unwrap()
        };
        assert!(convert(false).status.success());
        std::fs::remove_file(out.join("g.usi.kifu")).unwrap();
        let again = convert(false);
        assert_eq!(again.status.code(), Some(2));
        let err = String::from_utf8(again.stderr).unwrap();
        assert!(err.contains("nothing written"), "{err}");
        assert!(!out.join("g.usi.kifu").exists(), "written before the check");
        let forced = convert(true);
        assert!(forced.status.success());
        assert!(String::from_utf8(forced.stderr)
            .unwrap()
            .contains("wrote 3 files (3 records)"));
        assert_eq!(
            finals(&out.join("g.usi.kifu")),
            finals(&input.join("g.usi"))
        );
    }
}

mod standard_input {
    use super::*;

    #[test]
    fn a_terminal_on_standard_input_gets_a_hint() {
        // Before: the tool waited silently for input. Needs `script` (util-linux) for a
        // terminal; skipped without it.
        if std::process::Command::new("script")
            .arg("--version")
            .output()
            .is_err()
        {
            println!("skipped: no `script` to give the tool a terminal");
            return;
        }
        let bin = assert_cmd::cargo::cargo_bin("shogi-tool");
        let out = Command::new("script")
            .args(["-qec", &format!("{} validate", bin.display()), "/dev/null"])
            .write_stdin("")
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("reading records from standard input; Ctrl-D to end"),
            "{text}"
        );
        // A pipe gets no hint.
        let out = tool()
            .args(["validate", "--from", "csa"])
            .write_stdin("PI\n+\n+7776FU\n")
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(!String::from_utf8_lossy(&out.stderr).contains("Ctrl-D"));
    }
}
