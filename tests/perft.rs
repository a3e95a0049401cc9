//! Data-driven perft suites: every `testdata/perft/*.perft` file lists positions (by SFEN)
//! and their leaf counts at each depth; the rules core must reproduce every count.
//!
//! Format: blocks of `id NAME`, `sfen SFEN`, `perft DEPTH COUNT` lines; `#` comments.

use std::path::Path;

use shogi_tool::shogi::{perft, Position};

struct Case {
    id: String,
    sfen: String,
    depths: Vec<(u32, u64)>,
}

fn read_suite(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "id" => cases.push(Case {
                id: rest.to_string(),
                sfen: String::new(),
                depths: Vec::new(),
            }),
            "sfen" => cases.last_mut().expect("sfen after id").sfen = rest.to_string(),
            "perft" => {
                let (d, c) = rest.split_once(' ').expect("perft DEPTH COUNT");
                cases
                    .last_mut()
                    .expect("perft after id")
                    .depths
                    .push((d.parse().unwrap(), c.parse().unwrap()));
            }
            _ => panic!("{}:{}: unknown line `{line}`", path.display(), n + 1),
        }
    }
    cases
}

fn run_suite(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/perft")
        .join(name);
    let cases = read_suite(&path);
    assert!(!cases.is_empty(), "{name} holds no case");
    let mut failures = Vec::new();
    for case in &cases {
        let pos = Position::from_sfen(&case.sfen)
            .unwrap_or_else(|e| panic!("{}: bad SFEN: {e}", case.id));
        for &(depth, expected) in &case.depths {
            let got = perft::perft(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    case.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn standard_positions() {
    run_suite("standard.perft");
}

#[test]
fn handicap_starts() {
    run_suite("handicap.perft");
}

#[test]
fn special_positions() {
    run_suite("special.perft");
}

#[test]
fn bulk_counting_agrees_with_making_every_leaf_move() {
    for sfen in [
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    ] {
        let pos = Position::from_sfen(sfen).unwrap();
        assert_eq!(perft::perft(&pos, 2), perft::perft_make_leaves(&pos, 2));
    }
}
