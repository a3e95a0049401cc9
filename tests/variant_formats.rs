//! Records of the smaller variants in KIF/KIFU: Lishogi's KIF read exactly
//! (`testdata/variants/lishogi/`, sources in its `SOURCES.md`), conversion between every
//! format a variant supports (atomic, `--out-dir`, warnings for what a target cannot carry),
//! CSA refused, and records of another variant than `--variant` refused naming both.

use std::path::{Path, PathBuf};

use crate::common::tool;
use predicates::prelude::*;

const LISHOGI: &str = "testdata/variants/lishogi";

/// A temporary folder holding the file `name` with `text`: the folder and the file.
fn written(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// `convert USI --to kifu EXTRA --out-dir OUT`.
fn convert_to_kifu_dir(usi: &Path, extra: &[&str], out: &Path) -> assert_cmd::assert::Assert {
    tool()
        .arg("convert")
        .arg(usi)
        .args(["--to", "kifu"])
        .args(extra)
        .arg("--out-dir")
        .arg(out)
        .assert()
}

#[test]
fn lishogi_kif_is_read_exactly() {
    let cases = [
        (
            "minishogi-position.kif",
            "position sfen rbsgk/4p/P4/5/KGSBR w - 1\n",
        ),
        (
            "minishogi-from-position.kif",
            "position sfen rbsgk/4p/P4/5/KGSBR w - 1\n",
        ),
        (
            "minishogi-gogo.kif",
            "position sfen rbsgk/4p/5/P4/KGSBR b - 1\n",
        ),
        (
            "dobutsu-render.kif",
            "position sfen gle/1c1/1C1/ELG b - 1 moves 2c2b 1a2b 2d2c\n",
        ),
        (
            "dobutsu-position.kif",
            "position sfen gle/1c1/1C1/ELG b - 1\n",
        ),
        (
            "dobutsu-parser.kif",
            "position sfen gle/1c1/1C1/ELG b - 1 moves 2c2b 1a2b 1d1c 2b1c 2d1c\n",
        ),
    ];
    for (file, usi) in cases {
        tool()
            .args(["convert", &format!("{LISHOGI}/{file}"), "--to", "usi", "-q"])
            .assert()
            .success()
            .stdout(usi);
        tool()
            .args(["validate", &format!("{LISHOGI}/{file}"), "--format", "json"])
            .assert()
            .success()
            .stdout(predicate::str::contains("\"format\":\"kif\""));
    }
}

#[test]
fn what_usi_cannot_carry_is_named() {
    tool()
        .args([
            "convert",
            &format!("{LISHOGI}/dobutsu-parser.kif"),
            "--to",
            "usi",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "dobutsu-parser.kif: usi cannot carry: metadata, comments",
        ));
}

#[test]
fn kif_is_written_as_lishogi_writes_it() {
    let (dir, usi) = written("g.usi", "position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5d5c 5a5c\nsfen gle/1c1/1C1/ELG b - 1 moves 2c2b 1a2b 2d2c\n");
    let out = dir.path().join("out");
    convert_to_kifu_dir(&usi, &[], &out).success();
    let mini = std::fs::read_to_string(out.join("g.0.kifu")).unwrap();
    assert_eq!(
        mini,
        "手合割：5五将棋\n手数----指手---------消費時間--\n   1 ５三歩(54)\n   2 同　飛(51)\n"
    );
    let dobutsu = std::fs::read_to_string(out.join("g.1.kifu")).unwrap();
    assert_eq!(
        dobutsu,
        "手合割：どうぶつしょうぎ\n手数----指手---------消費時間--\n   1 ２二ひよこ(23)\n   2 同　ぞう(11)\n   3 ２三ライオン(24)\n"
    );
    // Outputs that exist are not replaced without --force, and nothing is written.
    std::fs::remove_file(out.join("g.1.kifu")).unwrap();
    convert_to_kifu_dir(&usi, &[], &out)
        .code(2)
        .stderr(predicate::str::contains("nothing written"));
    assert!(!out.join("g.1.kifu").exists());
    convert_to_kifu_dir(&usi, &["--force"], &out).success();
    assert!(out.join("g.1.kifu").exists());
    // One KIF output cannot hold two games.
    tool()
        .args(["convert", usi.to_str().unwrap(), "--to", "kif"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give --out-dir"));
}

#[test]
fn kif_is_shift_jis_by_default_and_reads_back() {
    let (dir, usi) = written("t.usi", "sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1 moves 6e6d 4a3b 3d3c 3b2b 5g5f resign\n");
    let kif = dir.path().join("t.kif");
    tool()
        .args(["convert", usi.to_str().unwrap(), "-o"])
        .arg(&kif)
        .assert()
        .success();
    let bytes = std::fs::read(&kif).unwrap();
    let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!bad);
    assert!(text.contains("手合割：その他\n"), "{text}");
    assert!(text.contains("|v右v雉v鶴v鵬v鶴v雉v左|一\n"), "{text}");
    assert!(text.contains("   6 投了\nまで5手で先手の勝ち\n"), "{text}");
    // As for standard shogi, SFEN holds USI moves only: the ending is named, not written.
    tool()
        .args(["convert"])
        .arg(&kif)
        .args(["--to", "sfen"])
        .assert()
        .success()
        .stdout("sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1 moves 6e6d 4a3b 3d3c 3b2b 5g5f\n")
        .stderr(predicate::str::contains("sfen cannot carry: ending (resign)"));
}

#[test]
fn csa_is_refused_for_a_variant() {
    tool()
        .args(["convert", "testdata/variants/minishogi.usi", "--to", "csa"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "CSA has no syntax for the smaller variants: cannot write minishogi",
        ));
}

#[test]
fn a_kif_of_another_variant_than_forced_names_both() {
    tool()
        .args([
            "convert",
            &format!("{LISHOGI}/dobutsu-render.kif"),
            "--variant",
            "minishogi",
            "--to",
            "usi",
        ])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("dobutsu")
                .and(predicate::str::contains("--variant says minishogi"))
                .and(predicate::str::contains("どうぶつしょうぎ")),
        );
}

/// Every oracle game of every variant through the CLI: USI → KIFU → KIF → JKF (→ KI2 → KI2U
/// for the standard-piece variants) → SFEN, one file per record (`--out-dir`), back to the
/// same start and moves.
#[test]
fn every_oracle_game_survives_every_format() {
    for v in [
        "minishogi",
        "gorogoro",
        "gorogoroplus",
        "torishogi",
        "dobutsu",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let src = format!("testdata/variants/{v}.usi");
        let mut from = vec![std::path::PathBuf::from(&src)];
        let standard_pieces = ["minishogi", "gorogoro", "gorogoroplus"].contains(&v);
        let chain: &[&str] = if standard_pieces {
            &["kifu", "kif", "jkf", "ki2", "ki2u"]
        } else {
            &["kifu", "kif", "jkf"]
        };
        for (k, to) in chain.iter().enumerate() {
            let out = dir.path().join(format!("step{k}"));
            tool()
                .arg("convert")
                .args(&from)
                .args(["--to", to, "-q", "--out-dir"])
                .arg(&out)
                .assert()
                .success();
            let mut files: Vec<_> = std::fs::read_dir(&out)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            assert_eq!(files.len(), 10, "{v} {to}");
            from = files;
        }
        let back = tool()
            .arg("convert")
            .args(&from)
            .args(["--to", "sfen", "-q"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let want: String = std::fs::read_to_string(&src)
            .unwrap()
            .lines()
            .map(|l| format!("{}\n", l.trim_start_matches("position ")))
            .collect();
        assert_eq!(String::from_utf8(back).unwrap(), want, "{v}");
    }
}

#[test]
fn jkf_names_the_variant_in_its_header() {
    let out = tool()
        .args([
            "convert",
            "testdata/variants/lishogi/dobutsu-render.kif",
            "--to",
            "jkf",
            "-q",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // Written as every JKF document is (pretty-printed), the variant in its header.
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("{\n  \"header\": {\n"), "{text}");
    let jkf: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(jkf["header"]["variant"], "dobutsu", "{text}");
    assert_eq!(jkf["header"]["手合割"], "どうぶつしょうぎ", "{text}");
    assert_eq!(jkf["moves"][1]["move"]["piece"], "C", "{text}");
}

#[test]
fn ki2_is_refused_for_birds_and_animals() {
    tool()
        .args([
            "convert",
            "testdata/variants/torishogi.usi",
            "--to",
            "ki2",
            "--out-dir",
        ])
        .arg(tempfile::tempdir().unwrap().path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "KI2's relative words are for the standard pieces: cannot write torishogi",
        ));
}

/// Issue #29, part W: `convert --to ki2u` of a minishogi record is written by the one KI2
/// writer (it was refused until then): the `手合割` and the diagram of the 5x5 start, the
/// moves with the words a 5x5 board needs (`右` of two golds, `同　`), nothing dropped.
#[test]
fn ki2_of_a_standard_piece_variant_is_written_by_the_one_writer() {
    let (_dir, usi) = written(
        "g.usi",
        "sfen 4k/5/5/5/KG1G1 b S 1 moves 2e3d 1a1b S*2b 1b2b 3d2c 2b1a 2c2b\n",
    );
    let want = "手合割：5五将棋\n\
                後手の持駒：なし\n  ５ ４ ３ ２ １\n+---------------+\n\
                | ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・|三\n\
                | ・ ・ ・ ・ ・|四\n| 玉 金 ・ 金 ・|五\n+---------------+\n\
                先手の持駒：銀\n\
                ▲３四金右  △１二玉    ▲２二銀    △同　玉    ▲２三金    △１一玉\n\
                ▲２二金\n";
    tool()
        .arg("convert")
        .arg(&usi)
        .args(["--to", "ki2u", "-q"])
        .assert()
        .success()
        .stdout(want);
}

/// A JKF of standard shogi (a bishop handicap's preset) read with `--variant minishogi` is
/// refused naming both games (the old variant JKF reader ignored the preset and failed on the
/// first move's square instead).
#[test]
fn a_jkf_handicap_preset_read_as_a_variant_names_both_games() {
    let (_dir, path) = written(
        "ka.jkf",
        r#"{"header":{},"initial":{"preset":"KA"},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}"#,
    );
    tool()
        .args(["validate", "--variant", "minishogi"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(
            predicate::str::contains("--variant says minishogi")
                .and(predicate::str::contains("initial.preset \"KA\"")),
        );
}

/// A variant JKF move naming no piece of the variant is an error, as in a standard record (the
/// old variant JKF reader ignored a board move's piece code).
#[test]
fn a_variant_jkf_move_naming_no_piece_of_the_variant_is_an_error() {
    let text = std::fs::read_to_string("testdata/variants/jkf/minishogi.jkf").unwrap();
    let bad = text.replacen("\"piece\":\"KI\"", "\"piece\":\"XX\"", 1);
    assert_ne!(bad, text);
    let (_dir, path) = written("bad.jkf", &bad);
    tool()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("no piece code of minishogi"));
}
