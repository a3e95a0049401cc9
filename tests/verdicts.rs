//! The referee's verdicts in the subtle cases: one small record per case in
//! `testdata/verdicts/`, each with the JSON line `validate --format json` must print for it
//! (`<name>.expected.json`) and the exit status (1 when the record has a foul, else 0). A
//! `<name>.args` file holds extra arguments (such as `--impasse-rule jsa24`); a
//! `<name>.expected.txt` file holds the human output too.
//!
//! After a deliberate change, regenerate with `UPDATE_EXPECT=1 cargo test --test integration verdicts::` and
//! review the diff.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/verdicts")
}

fn run(name: &str, format: &str) -> (String, i32) {
    let dir = dir();
    let extra = std::fs::read_to_string(dir.join(format!("{name}.args"))).unwrap_or_default();
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .current_dir(&dir)
        .args(["validate", "--format", format])
        .args(extra.split_whitespace())
        .arg(name)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn every_case_gives_its_expected_verdict() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.ends_with(".json") && !n.ends_with(".args") && !n.ends_with(".txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 11, "fixtures missing: {names:?}");
    let mut failures = Vec::new();
    for name in &names {
        let (got, code) = run(name, "json");
        let expected_path = dir().join(format!("{name}.expected.json"));
        if update {
            std::fs::write(&expected_path, &got).unwrap();
        } else {
            let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
            if got != expected {
                failures.push(format!("{name}:\n  expected {expected}  got      {got}"));
            }
        }
        let v: serde_json::Value = serde_json::from_str(got.trim()).unwrap();
        let has_fouls = !v["fouls"].as_array().unwrap().is_empty();
        if code != i32::from(has_fouls) {
            failures.push(format!("{name}: exit status {code}"));
        }
        // A foul decided the game only when it is listed.
        if v["outcome"]["reason"] == "foul" && !has_fouls {
            // ... or when the record itself states the foul (`反則負け`), which the replay
            // cannot see and does not contradict: then the `unrecorded-foul` warning says so.
            let stated = v["warnings"]
                .as_array()
                .unwrap()
                .iter()
                .any(|w| w["code"] == "unrecorded-foul");
            if !stated {
                failures.push(format!("{name}: reason `foul` without the foul"));
            }
        }
        let human_path = dir().join(format!("{name}.expected.txt"));
        if human_path.exists() {
            let (human, _) = run(name, "human");
            if update {
                std::fs::write(&human_path, &human).unwrap();
            } else if human != std::fs::read_to_string(&human_path).unwrap() {
                failures.push(format!("{name} (human):\n{human}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Case 9: conversion writes the move that is played (a horse's move under the horse's name)
/// and carries the warning, so the converted record replays as the original does.
#[test]
fn conversion_writes_the_corrected_piece() {
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .current_dir(dir())
        .args(["convert", "--to", "csa", "09-piece-mismatch.kifu"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let csa = String::from_utf8(out.stdout).unwrap();
    assert!(csa.contains("+3355UM\n"), "{csa}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(
            "ply 5: warning[piece-mismatch]: the record moves a bishop, but a horse stands"
        ),
        "{err}"
    );
    let v = Command::cargo_bin("shogi-tool")
        .unwrap()
        .args(["validate", "--format", "json", "--from", "csa", "-"])
        .write_stdin(csa)
        .output()
        .unwrap();
    let line = String::from_utf8(v.stdout).unwrap();
    assert!(
        line.contains(r#""outcome":{"winner":"white","reason":"resignation"}"#),
        "{line}"
    );
    assert!(line.contains(r#""warnings":[]"#), "{line}");
}

/// `stats` counts the records with a `time-over` warning like every other warning code.
#[test]
fn stats_count_time_over() {
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .current_dir(dir())
        .args([
            "stats",
            "--format",
            "json",
            "12-time-over.csa",
            "09-piece-mismatch.kifu",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["warnings"]["time-over"], 1, "{v}");
    assert_eq!(v["warnings"]["piece-mismatch"], 1, "{v}");
}

/// Case 9, one rule for every format: the record with a piece name that disagrees with the
/// board, converted to each format, replays to the same verdict with no foul.
#[test]
fn a_piece_mismatch_gives_the_same_verdict_in_every_format() {
    for to in ["kif", "kifu", "ki2", "ki2u", "csa", "sfen", "usi", "jkf"] {
        let out = Command::cargo_bin("shogi-tool")
            .unwrap()
            .current_dir(dir())
            .args(["convert", "--to", to, "--output-encoding", "utf-8"])
            .arg("09-piece-mismatch.kifu")
            .output()
            .unwrap();
        assert!(out.status.success(), "{to}");
        let v = Command::cargo_bin("shogi-tool")
            .unwrap()
            .args(["validate", "--format", "json", "--from", to, "-"])
            .write_stdin(out.stdout)
            .output()
            .unwrap();
        let line = String::from_utf8(v.stdout).unwrap();
        // SFEN/USI lines carry no ending (USI moves only: every USI reader rejects a word).
        let outcome = to == "usi"
            || to == "sfen"
            || line.contains(r#""outcome":{"winner":"white","reason":"resignation"}"#);
        assert!(outcome && line.contains(r#""fouls":[]"#), "{to}: {line}");
    }
}

/// Issue 27: a record that ends in a real fourfold repetition stated as such (`千日手`,
/// `%SENNICHITE`) passes the clean check `validate --help` recommends; an unstated repetition
/// is still a warning.
#[test]
fn regression_a_correctly_recorded_sennichite_is_clean() {
    for name in ["27-sennichite-stated.kifu", "27-sennichite-stated--csa.csa"] {
        let out = Command::cargo_bin("shogi-tool")
            .unwrap()
            .current_dir(dir())
            .args(["validate", "-q", "--deny-warnings", name])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let kifu = std::fs::read_to_string(dir().join("27-sennichite-stated.kifu")).unwrap();
    let unstated = kifu.replace("  17 千日手\n", "");
    assert_ne!(unstated, kifu);
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .args(["validate", "--format", "json", "--from", "kif", "-"])
        .write_stdin(unstated)
        .output()
        .unwrap();
    let json = String::from_utf8(out.stdout).unwrap();
    assert!(json.contains("\"code\":\"repetition\""), "{json}");
}

/// Issue 27: a foul the record states but its moves do not show (KIF `反則勝ち`, CSA
/// `%ILLEGAL_MOVE` after legal moves only) is taken as stated, with an `unrecorded-foul`
/// warning naming the side that fouled.
#[test]
fn regression_a_stated_foul_the_moves_do_not_show_is_an_unrecorded_foul() {
    for (name, side) in [
        ("27-unrecorded-foul.kifu", "white"),
        ("27-unrecorded-foul--csa.csa", "black"),
    ] {
        let (got, code) = run(name, "json");
        assert_eq!(code, 0, "{name}: {got}");
        let v: serde_json::Value = serde_json::from_str(got.trim()).unwrap();
        let w = &v["warnings"][0];
        assert_eq!(w["code"], "unrecorded-foul", "{name}: {got}");
        assert_eq!(w["side"], side, "{name}: {got}");
        assert_eq!(v["outcome"]["reason"], "foul", "{name}: {got}");
    }
}
