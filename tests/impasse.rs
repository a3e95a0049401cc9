//! `shogi-tool impasse`: the hand-worked table `testdata/entering-king/positions.tsv` (every
//! figure and verdict of each position, with the reasoning in a comment above its row), records
//! (final position, `--ply`, handicap credit), the human table and the exit statuses.

use std::path::{Path, PathBuf};

use crate::common::tool;
use predicates::prelude::*;
use serde_json::Value;
use shogi_tool::shogi::Position;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/entering-king")
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// One row of `positions.tsv`.
struct Row {
    line: usize,
    name: String,
    sfen: String,
    handicap: Option<String>,
    sides: [String; 2],
    verdicts: [String; 3],
    commented: bool,
}

fn table() -> Vec<Row> {
    let text = std::fs::read_to_string(dir().join("positions.tsv")).unwrap();
    let mut rows = Vec::new();
    let mut previous = "";
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            previous = line;
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 8, "positions.tsv line {}: {line}", i + 1);
        rows.push(Row {
            line: i + 1,
            name: cols[0].into(),
            sfen: cols[1].into(),
            handicap: Some(cols[2]).filter(|h| *h != "-").map(String::from),
            sides: [cols[3].into(), cols[4].into()],
            verdicts: [cols[5].into(), cols[6].into(), cols[7].into()],
            commented: previous.starts_with('#'),
        });
        previous = line;
    }
    rows
}

/// `points total_points pieces_in_camp king_in_camp in_check`, as the table writes a side.
fn side_figures(v: &Value) -> String {
    let yes = |b: &Value| if b.as_bool().unwrap() { "yes" } else { "no" };
    format!(
        "{} {} {} {} {}",
        v["points"],
        v["total_points"],
        v["pieces_in_camp"],
        yes(&v["king_in_camp"]),
        yes(&v["in_check"])
    )
}

/// `verdict` or `verdict:failed,failed`, as the table writes a rule's result.
fn rule_result(v: &Value) -> String {
    let failed: Vec<&str> = v["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    let verdict = v["verdict"].as_str().unwrap();
    if failed.is_empty() {
        verdict.to_string()
    } else {
        format!("{verdict}:{}", failed.join(","))
    }
}

#[test]
fn every_position_of_the_table_gives_its_figures_and_verdicts() {
    let rows = table();
    assert!(rows.len() >= 20, "only {} positions", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let at = format!("positions.tsv:{} {}", row.line, row.name);
        if !row.commented {
            failures.push(format!("{at}: no comment explains the row"));
        }
        // Each position is a sound setup: piece counts, pawns, dead pieces, the side not to move
        // not in check.
        let pos = Position::from_sfen(&row.sfen).unwrap();
        let problems = pos.setup_problems();
        if !problems.is_empty() {
            failures.push(format!("{at}: unsound setup: {problems:?}"));
        }
        let mut cmd = tool();
        cmd.args(["impasse", "--format", "json", "--sfen", &row.sfen]);
        if let Some(h) = &row.handicap {
            cmd.args(["--handicap", h]);
        }
        let out = cmd.output().unwrap();
        if !out.status.success() {
            failures.push(format!("{at}: exit status {:?}", out.status.code()));
            continue;
        }
        let lines = json_lines(&out.stdout);
        assert_eq!(lines.len(), 1, "{at}");
        let v = &lines[0];
        if v["sfen"] != row.sfen.as_str() {
            failures.push(format!("{at}: sfen {}", v["sfen"]));
        }
        for (key, expected) in ["black", "white"].iter().zip(&row.sides) {
            let got = side_figures(&v[key]);
            if &got != expected {
                failures.push(format!("{at}: {key}: expected `{expected}`, got `{got}`"));
            }
        }
        let rules = v["rules"].as_array().unwrap();
        let names: Vec<&str> = rules.iter().map(|r| r["rule"].as_str().unwrap()).collect();
        assert_eq!(names, ["jsa24", "declare24", "csa27"], "{at}");
        for (rule, expected) in rules.iter().zip(&row.verdicts) {
            let got = rule_result(rule);
            if &got != expected {
                failures.push(format!(
                    "{at}: {}: expected `{expected}`, got `{got}`",
                    rule["rule"]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_table_covers_every_threshold_and_condition() {
    let rows = table();
    let results: Vec<&str> = rows
        .iter()
        .flat_map(|r| r.verdicts.iter().map(String::as_str))
        .collect();
    let verdicts: Vec<&str> = results
        .iter()
        .map(|v| v.split(':').next().unwrap())
        .collect();
    for verdict in ["win", "draw", "lose", "black-wins", "white-wins"] {
        assert!(verdicts.contains(&verdict), "{verdict}");
    }
    let failed: Vec<&str> = results
        .iter()
        .filter_map(|v| v.split_once(':'))
        .flat_map(|(_, f)| f.split(','))
        .collect();
    for name in [
        "king-not-in-camp",
        "too-few-pieces",
        "in-check",
        "too-few-points",
    ] {
        assert!(failed.contains(&name), "{name}");
    }
    // The CLI judges the side to move, so `not-to-move` never appears.
    assert!(!failed.contains(&"not-to-move"));
    // Both colours declare; a handicap is credited.
    assert!(rows.iter().any(|r| r.sfen.contains(" b ")));
    assert!(rows.iter().any(|r| r.sfen.contains(" w ")));
    assert!(rows.iter().any(|r| r.handicap.is_some()));
}

#[test]
fn the_handicap_credit_needs_the_handicap() {
    let sfen = "9/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 b RB2G2S2N2L2P2n2l 1";
    let out = tool()
        .args([
            "impasse", "--format", "json", "--rule", "jsa24", "--sfen", sfen,
        ])
        .output()
        .unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["white"]["total_points"], 14);
    assert_eq!(v["handicap"], Value::Null);
    assert_eq!(rule_result(&v["rules"][0]), "black-wins:too-few-points");
    let out = tool()
        .args([
            "impasse", "--format", "json", "--rule", "jsa24", "--sfen", sfen,
        ])
        .args(["--handicap", "2"])
        .output()
        .unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["white"]["total_points"], 24);
    assert_eq!(v["white"]["points"], 14);
    assert_eq!(v["handicap"], "二枚落ち");
    assert_eq!(rule_result(&v["rules"][0]), "draw");
}

#[test]
fn a_handicap_record_credits_white_at_every_ply() {
    let game = dir().join("two-piece-handicap-game.usi");
    // Final position (ply 6): black has taken a pawn (27 + 1); white 16 + 10 credited.
    let out = tool()
        .args(["impasse", "--format", "json"])
        .arg(&game)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["record"], 0);
    assert_eq!(v["ply"], 6);
    assert_eq!(v["handicap"], "二枚落ち");
    assert_eq!(v["black"]["total_points"], 28);
    assert_eq!(v["black"]["points"], 1);
    assert_eq!(v["white"]["total_points"], 26);
    assert!(v["path"]
        .as_str()
        .unwrap()
        .ends_with("two-piece-handicap-game.usi"));
    // The start: 27 a side.
    let out = tool()
        .args(["impasse", "--format", "json", "--ply", "0"])
        .arg(&game)
        .output()
        .unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["ply"], 0);
    assert_eq!(v["black"]["total_points"], 27);
    assert_eq!(v["white"]["total_points"], 27);
}

#[test]
fn a_record_is_judged_at_its_final_position_or_at_ply_n() {
    // White's king steps 5i-5h; then black, to move, has 28 points and 10 pieces in the camp.
    let game = dir().join("declaration-game.usi");
    let out = tool()
        .args(["impasse", "--format", "json", "--rule", "csa27"])
        .arg(&game)
        .output()
        .unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["ply"], 1);
    assert_eq!(v["side_to_move"], "black");
    assert_eq!(v["rules"].as_array().unwrap().len(), 1);
    assert_eq!(v["rules"][0]["declarer"], "black");
    assert_eq!(rule_result(&v["rules"][0]), "win");
    // At ply 0 white is to move with 26 points: short of 27.
    let out = tool()
        .args([
            "impasse", "--format", "json", "--rule", "csa27", "--ply", "0",
        ])
        .arg(&game)
        .output()
        .unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["rules"][0]["declarer"], "white");
    assert_eq!(rule_result(&v["rules"][0]), "lose:too-few-points");
}

#[test]
fn rules_can_be_chosen_and_print_in_a_fixed_order() {
    let out = tool()
        .args(["impasse", "--format", "json", "--sfen", "startpos"])
        .args(["--rule", "csa27", "--rule", "jsa24", "--rule", "csa27"])
        .output()
        .unwrap();
    let v = &json_lines(&out.stdout)[0];
    let names: Vec<&str> = v["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["jsa24", "csa27"]);
    tool()
        .args(["impasse", "--sfen", "startpos", "--rule", "csa28"])
        .assert()
        .code(2);
}

#[test]
fn the_human_output_is_a_table_then_one_line_per_rule() {
    tool()
        .args(["impasse", "--sfen"])
        .arg("9/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 b RB2G2S2NLrb2n3l2p 1")
        .assert()
        .success()
        .stdout(concat!(
            "sfen 9/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 b RB2G2S2NLrb2n3l2p 1\n",
            "                  black  white\n",
            "points               27     27\n",
            "total points         27     27\n",
            "pieces in camp       10     10\n",
            "king in camp        yes    yes\n",
            "in check             no     no\n",
            "jsa24: draw (black 27, white 27)\n",
            "declare24 (black to move): draw (27 points: 24-30)\n",
            "csa27 (black to move): lose — too-few-points (27 < 28)\n",
        ));
    // A record: where it comes from and the ply above the table, a blank line between records.
    let out = tool()
        .arg("impasse")
        .arg(dir().join("declaration-game.usi"))
        .arg(dir().join("two-piece-handicap-game.usi"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{text}");
    assert!(blocks[0].contains("declaration-game.usi#0 ply 1\nsfen "));
    assert!(blocks[1].contains("handicap 二枚落ち: white's total includes 10 points"));
}

#[test]
fn a_file_with_several_records_gives_one_line_each() {
    let two = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/samples/two-games.csa");
    let out = tool()
        .args(["impasse", "--format", "json"])
        .arg(&two)
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["record"], 0);
    assert_eq!(lines[1]["record"], 1);
}

#[test]
fn unreadable_inputs_exit_2_and_the_rest_is_still_reported() {
    let out = tool()
        .args(["impasse", "--format", "json", "no-such-file.kif"])
        .arg(dir().join("declaration-game.usi"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json_lines(&out.stdout).len(), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.kif"));
    // A ply past the end of the main line.
    tool()
        .args(["impasse", "--ply", "5"])
        .arg(dir().join("declaration-game.usi"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the main line has no ply 5"));
    // A bad SFEN, and command lines that make no sense.
    tool()
        .args(["impasse", "--sfen", "lnsgkgsnl/1r5b1 b - 1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("board field"));
    tool()
        .args(["impasse", "--handicap", "二枚落ち", "a.kif"])
        .assert()
        .code(2);
    tool()
        .args(["impasse", "--sfen", "startpos", "--handicap", "三十枚落ち"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown handicap"));
    tool()
        .args(["impasse", "--sfen", "startpos", "a.kif"])
        .assert()
        .code(2);
}

/// Regression: the records of one multi-game file are read one by one, each into its own
/// output; the human blocks must still be separated by a blank line, as between files.
#[test]
fn records_of_one_file_are_separated_like_files() {
    let out = tool()
        .args(["impasse", "testdata/samples/two-games.csa"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("too-few-points (5 < 28)\n\ntestdata/samples/two-games.csa#1 ply 3\n"),
        "{text}"
    );
}
