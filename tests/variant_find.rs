//! `find --position` with a position of a smaller variant (issue 29, part F): the variant is
//! the SFEN's, a game of another variant never matches, and `--board-only` and `--ply-range`
//! mean what they mean for standard shogi. Where a position is reached is checked against
//! `positions`, which prints every position of every main line.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{no_panic, root, tool};

fn data(rel: &str) -> PathBuf {
    root().join("testdata/variants").join(rel)
}

/// Runs the tool: exit code, standard output, standard error.
fn run(args: &[&str], paths: &[&Path]) -> (Option<i32>, String, String) {
    let out = tool().args(args).args(paths).output().unwrap();
    no_panic(&out);
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// An SFEN without its move number (which `find` does not compare).
fn without_number(sfen: &str) -> String {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    fields[..3.min(fields.len())].join(" ")
}

/// The SFEN of `path`'s record `record` at `ply`, as `positions` prints it.
fn position_at(path: &Path, record: usize, ply: usize) -> String {
    let (code, out, err) = run(&["positions", "--with-path"], &[path]);
    assert_eq!(code, Some(0), "{err}");
    let label = format!("{}#{record}", path.display());
    out.lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f[0] == label && f[1] == ply.to_string())
        .unwrap_or_else(|| panic!("{label} has no ply {ply}"))[2]
        .to_string()
}

/// Where `positions` says each record of `paths` first reaches `sfen` (its board alone when
/// `board_only`): `path#N` and the ply.
fn reached(paths: &[&Path], sfen: &str, board_only: bool) -> BTreeMap<String, usize> {
    let (code, out, err) = run(&["positions", "--with-path"], paths);
    assert_eq!(code, Some(0), "{err}");
    let key = |s: &str| {
        if board_only {
            s.split_whitespace().next().unwrap().to_string()
        } else {
            without_number(s)
        }
    };
    let wanted = key(sfen);
    let mut first = BTreeMap::new();
    for line in out.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if key(f[2]) == wanted {
            first
                .entry(f[0].to_string())
                .or_insert(f[1].parse::<usize>().unwrap());
        }
    }
    first
}

/// What `find --position SFEN ARGS` prints in JSON: `path#N` and the ply of each record found.
fn found(sfen: &str, args: &[&str], paths: &[&Path]) -> BTreeMap<String, usize> {
    let mut a = vec!["find", "--format", "json", "--position", sfen];
    a.extend(args);
    let (code, out, err) = run(&a, paths);
    assert_eq!(code, Some(0), "{a:?}: {err}");
    out.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                format!("{}#{}", v["path"].as_str().unwrap(), v["record"]),
                v["ply"].as_u64().unwrap() as usize,
            )
        })
        .collect()
}

#[test]
fn a_minishogi_position_is_found_in_the_usi_games_and_the_kif_that_reach_it() {
    let usi = data("minishogi.usi");
    let kif = data("kif/minishogi.kif");
    // Ply 6 of the first game: the second player holds a pawn.
    let sfen = position_at(&usi, 0, 6);
    assert!(sfen.contains(" p "), "{sfen}");
    let want = reached(&[&usi, &kif], &sfen, false);
    assert!(
        want.contains_key(&format!("{}#0", usi.display())),
        "{want:?}"
    );
    assert_eq!(
        want.get(&format!("{}#0", kif.display())),
        Some(&6),
        "{want:?}"
    );
    assert_eq!(found(&sfen, &[], &[&usi, &kif]), want);
    // The move number does not count, and the human output lists the same records.
    let (code, out, err) = run(
        &["find", "--position", &without_number(&sfen)],
        &[&usi, &kif],
    );
    assert_eq!(code, Some(0), "{err}");
    let mut listed: Vec<String> = out.lines().map(str::to_string).collect();
    listed.sort();
    assert_eq!(listed, want.keys().cloned().collect::<Vec<_>>());
    assert!(err.contains(&format!("found {} of", want.len())), "{err}");
}

#[test]
fn a_torishogi_position_is_found_in_the_usi_games_and_the_kif_that_reach_it() {
    let usi = data("torishogi.usi");
    let kif = data("kif/torishogi.kif");
    let sfen = position_at(&usi, 0, 7);
    let want = reached(&[&usi, &kif], &sfen, false);
    assert_eq!(
        want.get(&format!("{}#0", usi.display())),
        Some(&7),
        "{want:?}"
    );
    assert_eq!(
        want.get(&format!("{}#0", kif.display())),
        Some(&7),
        "{want:?}"
    );
    assert_eq!(found(&sfen, &[], &[&usi, &kif]), want);
}

#[test]
fn the_start_of_each_variant_finds_its_own_games_only() {
    let files: Vec<PathBuf> = [
        "minishogi",
        "gorogoro",
        "gorogoroplus",
        "torishogi",
        "dobutsu",
    ]
    .iter()
    .map(|v| data(&format!("{v}.usi")))
    .collect();
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    for file in &files {
        let start = position_at(file, 0, 0);
        let hits = found(&start, &[], &paths);
        let prefix = format!("{}#", file.display());
        assert_eq!(hits.len(), 10, "{start}: {hits:?}");
        assert!(hits.keys().all(|k| k.starts_with(&prefix)), "{hits:?}");
        assert!(hits.values().all(|&ply| ply == 0), "{hits:?}");
    }
    // Standard shogi's start is no variant's.
    assert!(found("startpos", &[], &paths).is_empty());
}

#[test]
fn board_only_and_ply_range_mean_for_a_variant_what_they_mean_for_shogi() {
    let usi = data("minishogi.usi");
    let sfen = position_at(&usi, 0, 6);
    // The same board, the other side to move and no hands: never reached as it is.
    let board = sfen.split_whitespace().next().unwrap();
    let other = format!("{board} w - 1");
    assert!(reached(&[&usi], &other, false).is_empty());
    assert!(found(&other, &[], &[&usi]).is_empty());
    let board_only = reached(&[&usi], &other, true);
    assert!(!board_only.is_empty());
    assert_eq!(found(&other, &["--board-only"], &[&usi]), board_only);
    // Only where the position stands in the range.
    assert_eq!(found(&sfen, &["--ply-range", "..5"], &[&usi]).len(), 0);
    assert_eq!(
        found(&sfen, &["--ply-range", "6"], &[&usi]),
        reached(&[&usi], &sfen, false)
            .into_iter()
            .filter(|&(_, ply)| ply == 6)
            .collect()
    );
}

#[test]
fn a_variant_position_may_be_given_as_a_start_and_moves() {
    let usi = data("minishogi.usi");
    let first_moves = std::fs::read_to_string(&usi).unwrap();
    let line = first_moves.lines().next().unwrap();
    let moves: Vec<&str> = line.split(" moves ").nth(1).unwrap().split(' ').collect();
    let given = format!("rbsgk/4p/5/P4/KGSBR b - 1 moves {}", moves[..6].join(" "));
    let sfen = position_at(&usi, 0, 6);
    assert_eq!(found(&given, &[], &[&usi]), found(&sfen, &[], &[&usi]));
    assert!(!found(&given, &[], &[&usi]).is_empty());
}

#[test]
fn a_malformed_variant_sfen_is_refused_with_what_is_wrong() {
    let usi = data("minishogi.usi");
    for (sfen, says) in [
        ("rbsgk/4p/5/P4/KGSBX b - 1", "`X`"),
        ("rbsgk/4p/5/P4/KGSBR x - 1", "side"),
        ("rbsgk/4p/5/P4/KGSBR b Q 1", "hand"),
        ("rbsgk/4p/5/P4/KGSBR b - 1 moves 4e4e", "4e4e"),
    ] {
        let (code, out, err) = run(&["find", "--position", sfen], &[&usi]);
        assert_eq!(code, Some(2), "{sfen}: {out} {err}");
        assert!(out.is_empty(), "{sfen}: {out}");
        assert!(err.contains(says), "{sfen}: {err}");
        assert!(err.contains("error"), "{sfen}: {err}");
        // The flag the user gave is the one named (position.rs said `--sfen` for all).
        assert!(err.contains("--position"), "{sfen}: {err}");
        assert!(!err.contains("--sfen"), "{sfen}: {err}");
    }
}

#[test]
fn variant_says_which_game_the_position_is_of() {
    let usi = data("minishogi.usi");
    let sfen = position_at(&usi, 0, 6);
    assert_eq!(
        found(&sfen, &["--variant", "minishogi"], &[&usi]),
        found(&sfen, &[], &[&usi])
    );
    let (code, _, err) = run(
        &["find", "--position", &sfen, "--variant", "gorogoro"],
        &[&usi],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("5x5") || err.contains("board"), "{err}");
}
