//! End-to-end tests of `positions --format json` and `--with-path` (issue 34, from issue 33):
//! the positions of a folder told apart by path, record and ply.

use std::path::Path;

use predicates::prelude::*;

use crate::common;
use common::{no_panic, root, tool};

/// Two games in one `.usi` file (records 0 and 1), the second with a drop and a capture.
const TWO_GAMES: &str = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n\
                         position startpos moves 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d P*2c\n";

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn stdout(args: &[&str], path: &Path) -> String {
    let out = tool()
        .arg("positions")
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    no_panic(&out);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn json_names_path_record_ply_move_and_sfen_of_every_position() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two.usi", TWO_GAMES);
    let text = stdout(&[], &file);
    let json = stdout(&["--format", "json"], &file);
    let objects: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One object per line, as many as the text form's lines, the same SFENs in order.
    assert_eq!(objects.len(), 5 + 9);
    for (o, line) in objects.iter().zip(text.lines()) {
        let (ply, sfen) = line.split_once('\t').unwrap();
        assert_eq!(o["ply"].to_string(), ply);
        assert_eq!(o["sfen"], sfen);
        assert_eq!(o["path"], file.to_str().unwrap());
        let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 5, "{keys:?}");
    }
    // The move of ply 0 is null; the others are the USI moves played, records from 0.
    assert_eq!(objects[0]["move"], serde_json::Value::Null);
    assert_eq!(objects[0]["record"], 0);
    assert_eq!(objects[3]["move"], "8h2b+");
    assert_eq!(objects[5]["record"], 1);
    assert_eq!(objects[5]["ply"], 0);
    assert_eq!(objects[5]["move"], serde_json::Value::Null);
    assert_eq!(objects[13]["move"], "P*2c");
    assert_eq!(objects[13]["record"], 1);
    assert_eq!(
        objects[3]["sfen"],
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    );
    assert_eq!(
        objects[13]["sfen"],
        "lnsgkgsnl/1r5b1/p1ppppppp/7R1/1p7/9/PPPPPPP1P/1B7/LNSGKGSNL b P 9"
    );
}

#[test]
fn json_with_ply_or_final_gives_one_object_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two.usi", TWO_GAMES);
    let finals: Vec<serde_json::Value> = stdout(&["--format", "json", "--final"], &file)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(finals.len(), 2);
    assert_eq!(finals[0]["ply"], 4);
    assert_eq!(finals[0]["move"], "3a2b");
    assert_eq!(finals[1]["ply"], 8);
    let bare = stdout(&["--final"], &file);
    let sfens: Vec<&str> = bare.lines().collect();
    assert_eq!(finals[0]["sfen"], sfens[0]);
    assert_eq!(finals[1]["sfen"], sfens[1]);
    let at0: Vec<serde_json::Value> = stdout(&["--format", "json", "--ply", "0"], &file)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(at0.len(), 2);
    assert!(at0.iter().all(|o| o["ply"] == 0 && o["move"].is_null()));
}

#[test]
fn with_path_prefixes_each_line_with_path_hash_record_and_a_tab() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two.usi", TWO_GAMES);
    let p = file.to_str().unwrap();
    let bare = stdout(&[], &file);
    let prefixed = stdout(&["--with-path"], &file);
    let lines: Vec<&str> = prefixed.lines().collect();
    assert_eq!(lines.len(), bare.lines().count());
    for (i, (line, plain)) in lines.iter().zip(bare.lines()).enumerate() {
        let record = if i < 5 { 0 } else { 1 };
        assert_eq!(*line, format!("{p}#{record}\t{plain}"));
    }
    let finals = stdout(&["--with-path", "--final"], &file);
    let sfens = stdout(&["--final"], &file);
    let want: Vec<String> = sfens
        .lines()
        .enumerate()
        .map(|(k, s)| format!("{p}#{k}\t{s}"))
        .collect();
    assert_eq!(finals.lines().collect::<Vec<_>>(), want);
}

#[test]
fn a_path_with_a_tab_or_a_line_break_keeps_each_line_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "odd\tname\nhere.usi",
        "position startpos moves 7g7f 3c3d\n",
    );
    let shown = format!("{}/odd\\u{{9}}name\\u{{a}}here.usi", dir.path().display());
    let text = stdout(&["--with-path"], &file);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for (ply, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(fields[0], format!("{shown}#0"));
        assert_eq!(fields[1], ply.to_string());
    }
    // JSON escapes the path as JSON does; each object stays on its line.
    let json = stdout(&["--format", "json"], &file);
    assert_eq!(json.lines().count(), 3);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["path"], file.to_str().unwrap());
}

#[test]
fn the_default_output_is_unchanged_by_the_new_forms() {
    let usi = root().join("testdata/samples/even-game.usi");
    let text = stdout(&[], &usi);
    assert_eq!(text.lines().count(), 19);
    assert!(
        text.starts_with("0\tlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n")
    );
    assert!(text.ends_with(" 19\n"), "{text}");
}

#[test]
fn the_forms_not_given_are_refused_by_name() {
    // A variant's SFEN/USI list is read by batch like every input: every form is given.
    let listed = root().join("testdata/variants/minishogi.usi");
    for args in [&["--format", "json"][..], &["--with-path"][..]] {
        let out = tool()
            .arg("positions")
            .args(args)
            .arg(&listed)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("rbsgk/4p/5/P4/KGSBR b - 1"));
    }
    // A variant's KIF is read by batch too: every form is given, with the variant's SFEN.
    let variant = root().join("testdata/variants/kif/minishogi.kif");
    for args in [&["--format", "json"][..], &["--with-path"][..]] {
        let out = tool()
            .arg("positions")
            .args(args)
            .arg(&variant)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("rbsgk/4p/5/P4/KGSBR b - 1"),
            "{args:?}: {text}"
        );
        assert!(text.contains("minishogi.kif"), "{args:?}: {text}");
    }
    // A training file's positions come by their own route, which names no record: refused.
    let dir = tempfile::tempdir().unwrap();
    let hcpe = dir.path().join("even.hcpe");
    tool()
        .args([
            "positions",
            "--format",
            "hcpe",
            "--keep-unknown-results",
            "-o",
        ])
        .arg(&hcpe)
        .arg(root().join("testdata/samples/even-game.csa"))
        .assert()
        .code(0);
    for (args, form) in [
        (&["--format", "json"][..], "--format json is"),
        (&["--with-path"][..], "--with-path is"),
    ] {
        tool()
            .arg("positions")
            .args(args)
            .arg(&hcpe)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{form} not yet given for a training file"
            )));
    }
    tool()
        .args(["positions", "--with-path", "--format", "hcpe", "-o", "-"])
        .arg(root().join("testdata/samples/even-game.usi"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--with-path prefixes the SFEN lines",
        ));
}
