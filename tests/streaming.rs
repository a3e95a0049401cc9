//! Multi-game files are streamed a batch of records at a time (`validate`, `stats`,
//! `positions`, `convert`): whatever the number of threads, the output is byte for byte the
//! output of one thread, in input order and in record order within each input.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::root;
use assert_cmd::Command;

/// A game with a foul (two pawns on one file), one the reader rejects, one with a byte that
/// is not valid text.
const ODD: [&str; 3] = [
    "PI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n+0055FU\n-0054FU\n+5554FU\n%TORYO\n",
    "PI\n+\n+7776FU\n-3334XX\n",
    "PI\n+\n+7776FU\n'bad \u{FFFD} byte\n-3334FU\n",
];

/// `n` games: the 40 games cshogi generated (of many lengths and openings) in turn, with an
/// odd one every 37th.
fn multi_game_csa(n: usize) -> String {
    let dir = root().join("testdata/cshogi-games/csa");
    let mut games: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csa"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    games.sort();
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push_str("/\n");
        }
        if i % 37 == 36 {
            s.push_str(ODD[i / 37 % ODD.len()]);
        } else {
            s.push_str(&games[i % games.len()]);
        }
    }
    s
}

/// A USI (`position` true) or SFEN list of `n` games, one a line: the games cshogi generated
/// in turn, with an odd line every 37th (a foul, a line the reader rejects, a byte that is
/// not valid text), comments and blank lines between, and CRLF line ends now and then.
fn multi_line_usi(n: usize, position: bool) -> String {
    let tsv = std::fs::read_to_string(root().join("testdata/cshogi-games/games.tsv")).unwrap();
    let games: Vec<(&str, &str)> = tsv
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?, f.next()?))
        })
        .collect();
    const ODD: [&str; 3] = [
        "sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5c",
        "startpos moves 7g7f 3c3x",
        "startpos moves 7g7f \u{FFFD} 3c3d",
    ];
    let mut s = String::new();
    for i in 0..n {
        if position {
            s.push_str("position ");
        }
        if i % 37 == 36 {
            s.push_str(ODD[i / 37 % ODD.len()]);
        } else {
            let (sfen, moves) = games[i % games.len()];
            s.push_str(&format!("sfen {sfen} moves {moves}"));
        }
        s.push_str(if i % 5 == 0 { "\r\n" } else { "\n" });
        if i % 50 == 7 {
            s.push_str("# a comment\n\n");
        }
    }
    s
}

/// A folder of inputs: two multi-game files (each several batches long) among single games.
fn inputs(dir: &Path) -> PathBuf {
    let d = dir.join("in");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(d.join("a.csa"), multi_game_csa(700)).unwrap();
    std::fs::write(d.join("sub/m.csa"), multi_game_csa(300)).unwrap();
    std::fs::write(d.join("l.usi"), multi_line_usi(600, true)).unwrap();
    std::fs::write(d.join("sub/s.sfen"), multi_line_usi(300, false)).unwrap();
    for (i, name) in ["g0001.csa", "g0002.csa", "g0003.csa"].iter().enumerate() {
        std::fs::copy(
            root().join("testdata/cshogi-games/csa").join(name),
            d.join(format!("b{i}.csa")),
        )
        .unwrap();
    }
    std::fs::copy(root().join("testdata/fouls/nifu.usi"), d.join("c.usi")).unwrap();
    std::fs::write(d.join("z.csa"), "not a record\n").unwrap();
    d
}

/// A folder of KIF inputs: Shift_JIS and UTF-8, undecodable bytes, and CSA and prose saved as
/// `.kif` (the format sniffed from the content).
fn kif_inputs(dir: &Path) -> PathBuf {
    let d = dir.join("kin");
    std::fs::create_dir_all(&d).unwrap();
    for entry in std::fs::read_dir(root().join("testdata/kif")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "kif") {
            std::fs::copy(&p, d.join(p.file_name().unwrap())).unwrap();
        }
    }
    for name in [
        "csa-saved-as.kif",
        "invalid-bytes.kif",
        "prose-saved-as.kif",
    ] {
        std::fs::copy(root().join("testdata/broken").join(name), d.join(name)).unwrap();
    }
    d
}

#[test]
fn kif_files_read_the_same_for_every_jobs() {
    let dir = tempfile::tempdir().unwrap();
    kif_inputs(dir.path());
    let out = same_for_every_jobs(dir.path(), &["validate", "kin", "--format", "json"]);
    // One JSON line a file (22 when this was written).
    assert!(out.stdout.iter().filter(|&&b| b == b'\n').count() >= 20);
    same_for_every_jobs(dir.path(), &["stats", "kin", "--format", "json"]);
    same_for_every_jobs(dir.path(), &["positions", "kin"]);
    same_for_every_jobs(dir.path(), &["convert", "kin", "--to", "csa"]);
}

fn run(dir: &Path, args: &[&str], jobs: usize) -> Output {
    Command::cargo_bin("shogi-tool")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .args(["-j", &jobs.to_string()])
        .output()
        .unwrap()
}

/// `args` gives the same status, standard output and standard error with 2, 3 and 8 threads
/// as with one; returns the output of one thread.
fn same_for_every_jobs(dir: &Path, args: &[&str]) -> Output {
    let one = run(dir, args, 1);
    for jobs in [2, 3, 8] {
        let other = run(dir, args, jobs);
        assert_eq!(other.status.code(), one.status.code(), "{args:?} -j {jobs}");
        assert!(
            other.stdout == one.stdout,
            "{args:?}: standard output differs with -j {jobs}"
        );
        assert_eq!(
            String::from_utf8_lossy(&other.stderr),
            String::from_utf8_lossy(&one.stderr),
            "{args:?} -j {jobs}"
        );
    }
    one
}

#[test]
fn validate_prints_every_record_in_order_for_every_jobs() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    let out = same_for_every_jobs(dir.path(), &["validate", "in", "--format", "json"]);
    let text = String::from_utf8(out.stdout).unwrap();
    // Record by record, in order, within each file.
    let mut last: Option<(String, i64)> = None;
    let mut per_file = std::collections::BTreeMap::<String, usize>::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let path = v["path"].as_str().unwrap().to_string();
        let record = v["record"].as_i64().unwrap_or(-1);
        if let Some((p, r)) = &last {
            if *p == path {
                assert_eq!(record, r + 1, "{path}");
            }
        }
        *per_file.entry(path.clone()).or_default() += 1;
        last = Some((path, record));
    }
    assert_eq!(per_file[&"in/a.csa".to_string()], 700);
    assert_eq!(per_file[&"in/sub/m.csa".to_string()], 300);
    assert_eq!(per_file[&"in/l.usi".to_string()], 600);
    assert_eq!(per_file[&"in/sub/s.sfen".to_string()], 300);
    same_for_every_jobs(dir.path(), &["validate", "in"]);
}

#[test]
fn stats_and_its_game_rows_are_the_same_for_every_jobs() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    let out = same_for_every_jobs(dir.path(), &["stats", "in", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // 700 + 300 games, 600 + 300 lines, 3 + 1 single ones and z.csa (one record that
    // cannot be read).
    let failed = v["records_failed"].as_u64().unwrap();
    assert_eq!(v["records"].as_u64().unwrap() + failed, 1_905);
    assert!(failed > 0);
    assert_eq!(v["files"], 9);
    for jobs in [1, 2, 3, 8] {
        let rows = format!("rows{jobs}.jsonl");
        let out = run(dir.path(), &["stats", "in", "-q", "--games", &rows], jobs);
        assert_eq!(out.status.code(), Some(2), "an unreadable file");
    }
    let one = std::fs::read(dir.path().join("rows1.jsonl")).unwrap();
    assert_eq!(one.iter().filter(|&&b| b == b'\n').count(), 1_905);
    for jobs in [2, 3, 8] {
        let other = std::fs::read(dir.path().join(format!("rows{jobs}.jsonl"))).unwrap();
        assert!(other == one, "--games rows differ with -j {jobs}");
    }
}

#[test]
fn positions_are_the_same_for_every_jobs() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    let out = same_for_every_jobs(dir.path(), &["positions", "in", "--final"]);
    assert!(out.stdout.iter().filter(|&&b| b == b'\n').count() > 900);
}

#[test]
fn convert_writes_the_same_for_every_jobs() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    // One output, to a file and to standard output.
    for jobs in [1, 2, 3, 8] {
        let target = format!("all{jobs}.csa");
        let out = run(dir.path(), &["convert", "in", "-q", "-o", &target], jobs);
        assert_eq!(out.status.code(), Some(2), "records that cannot be read");
    }
    let one = std::fs::read(dir.path().join("all1.csa")).unwrap();
    for jobs in [2, 3, 8] {
        let other = std::fs::read(dir.path().join(format!("all{jobs}.csa"))).unwrap();
        assert!(other == one, "-o output differs with -j {jobs}");
    }
    let out = same_for_every_jobs(dir.path(), &["convert", "in", "--to", "sfen"]);
    assert!(out.stdout.iter().filter(|&&b| b == b'\n').count() > 900);
    // One file per record.
    let multi = dir.path().join("m.csa");
    std::fs::write(&multi, multi_game_csa(300)).unwrap();
    let mut trees = Vec::new();
    for jobs in [1, 2, 3] {
        let out_dir = format!("o{jobs}");
        let out = run(
            dir.path(),
            &["convert", "m.csa", "--to", "kif", "--out-dir", &out_dir],
            jobs,
        );
        assert_eq!(out.status.code(), Some(2));
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path().join(&out_dir))
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        files.sort();
        trees.push((files, out.stderr));
    }
    assert!(trees[0].0.len() > 280, "{} files", trees[0].0.len());
    for (jobs, tree) in [2, 3].iter().zip(&trees[1..]) {
        assert!(*tree == trees[0], "--out-dir differs with -j {jobs}");
    }
}

/// A JSON array of `n` JKF records: the games cshogi generated, converted to JKF by the tool
/// (pretty-printed, many lines each), in turn, with every third element run onto the line of
/// the one before, and an odd element every 37th (a foul, a structural error, an element
/// that is not an object, a byte that is not valid text).
fn jkf_array(dir: &Path, n: usize) -> String {
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .args(["convert", "--force", "--to", "jkf", "--out-dir"])
        .arg(dir.join("jkf-games"))
        .arg(root().join("testdata/cshogi-games/csa"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut games: Vec<String> = std::fs::read_dir(dir.join("jkf-games"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    games.sort();
    assert_eq!(games.len(), 40);
    const ODD: [&str; 4] = [
        r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},{"move":{"color":1,"to":{"x":7,"y":5},"piece":"FU"}}]}"#,
        r#"{"header":{"先手":"x"},"moves":[{},{"move":{"color":0,"to":{"x":10,"y":1},"piece":"FU"}}]}"#,
        "[1, 2]",
        "{\"header\":{\"先手\":\"bad \u{FFFD} byte\"},\"moves\":[{}]}",
    ];
    let mut s = String::from("[\n");
    for i in 0..n {
        if i > 0 {
            s.push_str(if i % 3 == 0 { ", " } else { ",\n" });
        }
        if i % 37 == 36 {
            s.push_str(ODD[i / 37 % ODD.len()]);
        } else {
            s.push_str(games[i % games.len()].trim_end());
        }
    }
    s.push_str("\n]\n");
    s
}

#[test]
fn a_jkf_array_is_read_the_same_for_every_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("in");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("a.jkf"), jkf_array(dir.path(), 700)).unwrap();
    std::fs::write(d.join("b.json"), jkf_array(dir.path(), 300)).unwrap();
    let out = same_for_every_jobs(dir.path(), &["validate", "in", "--format", "json"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1_000);
    for (i, v) in records.iter().take(700).enumerate() {
        assert_eq!(v["record"].as_u64(), Some(i as u64), "in order");
    }
    same_for_every_jobs(dir.path(), &["validate", "in"]);
    same_for_every_jobs(dir.path(), &["stats", "in", "--format", "json"]);
    for jobs in [1, 2, 3, 8] {
        let target = format!("all{jobs}.csa");
        run(dir.path(), &["convert", "in", "-q", "-o", &target], jobs);
    }
    let one = std::fs::read(dir.path().join("all1.csa")).unwrap();
    assert!(one.len() > 10_000);
    for jobs in [2, 3, 8] {
        let other = std::fs::read(dir.path().join(format!("all{jobs}.csa"))).unwrap();
        assert!(other == one, "-o output differs with -j {jobs}");
    }
}
