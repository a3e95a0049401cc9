//! A variant's SFEN/USI list is read as every input is (issue #29): the limits, binary data
//! and the encoding are those of a standard list, and `validate` says the same of both.

use crate::common;

use std::path::Path;

use common::{no_panic, tool};

const MINI: &str = "sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d 1a2b";
const STANDARD: &str = "position startpos moves 7g7f 3c3d";

/// `validate ARGS FILE`: the exit status and standard output.
fn validate(args: &[&str], file: &Path) -> (Option<i32>, String) {
    let out = tool()
        .arg("validate")
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    no_panic(&out);
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn max_line_length_refuses_a_variant_list_as_a_standard_one() {
    let dir = tempfile::tempdir().unwrap();
    let (mini, standard) = (dir.path().join("mini.sfen"), dir.path().join("std.sfen"));
    std::fs::write(&mini, format!("{MINI}\n")).unwrap();
    std::fs::write(&standard, format!("{STANDARD}\n")).unwrap();
    let limit = ["--max-line-length", "20"];
    let (code, out) = validate(&limit, &standard);
    assert_eq!(code, Some(2), "{out}");
    let (code, out) = validate(&limit, &mini);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains(
            "line 1 is 46 bytes long, over the limit of 20 (raise it with --max-line-length)"
        ),
        "{out}"
    );
    // Within the limit the game is read and judged.
    assert_eq!(validate(&[], &mini).0, Some(0));
}

#[test]
fn nul_bytes_in_a_variant_list_are_binary_data_as_in_a_standard_one() {
    let dir = tempfile::tempdir().unwrap();
    let (mini, standard) = (dir.path().join("mini.sfen"), dir.path().join("std.sfen"));
    let binary = |line: &str| {
        let mut b = format!("{line}\n").into_bytes();
        b.extend([0u8; 200]);
        b
    };
    std::fs::write(&mini, binary(MINI)).unwrap();
    std::fs::write(&standard, binary(STANDARD)).unwrap();
    let (std_code, std_out) = validate(&[], &standard);
    assert!(std_out.contains("holds binary data"), "{std_out}");
    let (code, out) = validate(&["--format", "json"], &mini);
    assert_eq!(code, std_code, "{out}");
    assert!(
        out.contains("holds binary data (NUL bytes), not a game record"),
        "{out}"
    );
    assert!(!out.contains("parse-error"), "{out}");
}

#[test]
fn the_encoding_of_a_utf16_or_shift_jis_variant_list_is_the_one_it_was_read_in() {
    let dir = tempfile::tempdir().unwrap();
    // UTF-16LE with its byte order mark, found by the route's sniff too.
    let utf16 = dir.path().join("mini16.sfen");
    let mut bytes = vec![0xFF, 0xFE];
    for unit in format!("{MINI}\n").encode_utf16() {
        bytes.extend(unit.to_le_bytes());
    }
    std::fs::write(&utf16, bytes).unwrap();
    let (code, out) = validate(&["--format", "json"], &utf16);
    assert_eq!(code, Some(0), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["variant"], "minishogi", "{out}");
    assert_eq!(v["encoding"], "utf-16le", "{out}");
    assert_eq!(v["plies"], 2, "{out}");
    // Shift_JIS: a comment line in Japanese, the encoding forced.
    let sjis = dir.path().join("mini-sjis.sfen");
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("# 五五将棋\n");
    let mut bytes = bytes.into_owned();
    bytes.extend(format!("{MINI}\n").bytes());
    std::fs::write(&sjis, bytes).unwrap();
    let (code, out) = validate(
        &[
            "--format",
            "json",
            "--encoding",
            "shift_jis",
            "--variant",
            "minishogi",
        ],
        &sjis,
    );
    assert_eq!(code, Some(0), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["encoding"], "shift_jis", "{out}");
    assert_eq!(v["plies"], 2, "{out}");
}

#[test]
fn a_variant_line_among_standard_ones_is_read_as_its_game_and_never_written_as_a_standard_board() {
    let dir = tempfile::tempdir().unwrap();
    let mixed = dir.path().join("mixed.sfen");
    std::fs::write(&mixed, format!("{STANDARD}\n{MINI}\n")).unwrap();
    // Both records are read and judged (the variant line was a parse-error).
    let (code, out) = validate(&["--format", "json"], &mixed);
    assert_eq!(code, Some(0), "{out}");
    let plies: Vec<u64> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["plies"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(plies, [2, 2], "{out}");
    // JKF and KIF carry the variant: the minishogi record is written as its game (never as a
    // standard board), names its variant, and reads back as the same game.
    let out = tool()
        .args(["convert", "--to", "jkf"])
        .arg(&mixed)
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let both: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(both[0]["initial"]["preset"], "HIRATE", "{both}");
    assert_eq!(both[1]["header"]["variant"], "minishogi", "{both}");
    let kifs = dir.path().join("kif");
    let out = tool()
        .args(["convert", "--to", "kif", "-q", "--out-dir"])
        .arg(&kifs)
        .arg(&mixed)
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mini_kif = kifs.join("mixed.1.kif");
    let bytes = std::fs::read(&mini_kif).unwrap();
    let text = encoding_rs::SHIFT_JIS.decode(&bytes).0;
    assert!(text.contains("手合割：5五将棋"), "{text}");
    assert!(!text.contains("平手"), "{text}");
    let back = tool()
        .args(["convert", "--to", "sfen", "-q"])
        .arg(&mini_kif)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&back.stdout), format!("{MINI}\n"));
    // As SFEN it is written as it was read.
    let out = tool()
        .args(["convert", "--to", "sfen"])
        .arg(&mixed)
        .output()
        .unwrap();
    no_panic(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d 1a2b"),
        "{text}"
    );
}

/// A file whose first line is standard shogi's and whose next lines are variants' (issue #29).
fn standard_first(dir: &Path) -> std::path::PathBuf {
    let mixed = dir.join("mixed.usi");
    std::fs::write(
        &mixed,
        format!("position startpos moves 7g7f 3c3d\nposition {MINI}\n"),
    )
    .unwrap();
    mixed
}

#[test]
fn a_standard_first_file_names_the_variant_of_each_record_in_validate_json() {
    let dir = tempfile::tempdir().unwrap();
    let mixed = standard_first(dir.path());
    let (code, out) = validate(&["--format", "json"], &mixed);
    assert_eq!(code, Some(0), "{out}");
    let variants: Vec<Option<String>> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["variant"].as_str().map(str::to_string)
        })
        .collect();
    assert_eq!(variants, [None, Some("minishogi".to_string())], "{out}");
    // First in the object, as for a file of the variant alone.
    assert!(out
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("{\"variant\":\"minishogi\""));
}

#[test]
fn positions_dedup_and_impasse_play_the_variant_lines_of_a_standard_first_file() {
    let dir = tempfile::tempdir().unwrap();
    let mixed = standard_first(dir.path());
    let run = |args: &[&str]| {
        let out = tool().args(args).arg(&mixed).output().unwrap();
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!err.contains("cannot be played"), "{args:?}: {err}");
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            err,
        )
    };
    let (code, out, _) = run(&["positions", "--final"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out.lines().nth(1),
        Some("rbsg1/3kp/5/P3R/KGSB1 b - 3"),
        "{out}"
    );
    let (code, _, err) = run(&["dedup"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("2 records: 2 games"), "{err}");
    // impasse reads the standard record and says why the variant's has no points.
    let (code, out, err) = run(&["impasse"]);
    assert_eq!(code, Some(2));
    assert!(out.contains("mixed.usi#0"), "{out}");
    assert!(
        err.contains("mixed.usi#1: `impasse` scores entering-king (impasse) points, a rule of standard shogi only; Mini Shogi 5x5 (minishogi) has no such rule"),
        "{err}"
    );
}

#[test]
fn stats_counts_variants_beside_the_handicaps_not_in_them() {
    let dir = tempfile::tempdir().unwrap();
    let mixed = standard_first(dir.path());
    let out = tool()
        .args(["stats", "-q", "--format", "json"])
        .arg(&mixed)
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"], 2);
    assert_eq!(v["handicaps"], serde_json::json!({"平手": 1}), "{v}");
    assert_eq!(v["variants"]["minishogi"]["records"], 1, "{v}");
    // The merged JSON is consistent (handicaps and variants add up to the records).
    let part = dir.path().join("part.json");
    std::fs::write(&part, &out.stdout).unwrap();
    let merged = tool()
        .args(["stats", "--format", "json", "--merge"])
        .arg(&part)
        .output()
        .unwrap();
    assert_eq!(
        merged.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
}

/// A minishogi KIF (the first game of `testdata/variants/minishogi.usi`, with headers).
fn mini_kif() -> String {
    std::fs::read_to_string(common::root().join("testdata/variants/kif/minishogi.kif")).unwrap()
}

/// A variant's KIF is read as every input is, like its lists above (issue #29: the old route
/// read it apart, and said `utf-8` of a Shift_JIS file).
#[test]
fn a_shift_jis_variant_kif_is_reported_in_its_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let kif = dir.path().join("mini.kif");
    std::fs::write(&kif, encoding_rs::SHIFT_JIS.encode(&mini_kif()).0).unwrap();
    let (code, out) = validate(&["--format", "json"], &kif);
    assert_eq!(code, Some(0), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["variant"], "minishogi", "{out}");
    assert_eq!(v["encoding"], "shift_jis", "{out}");
    assert_eq!(v["plies"], 14, "{out}");
}

/// `--max-line-length` refuses a variant's KIF as it refuses a standard one (the old route
/// did not apply it).
#[test]
fn max_line_length_refuses_a_variant_kif_as_a_standard_one() {
    let dir = tempfile::tempdir().unwrap();
    let kif = dir.path().join("mini.kif");
    std::fs::write(&kif, mini_kif()).unwrap();
    let (code, out) = validate(&["--max-line-length", "10"], &kif);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("over the limit of 10"), "{out}");
    assert_eq!(validate(&[], &kif).0, Some(0));
}

/// NUL bytes in a variant's KIF are binary data, as in a standard one (the old route read the
/// file as text).
#[test]
fn nul_bytes_in_a_variant_kif_are_binary_data() {
    let dir = tempfile::tempdir().unwrap();
    let kif = dir.path().join("mini.kif");
    let mut bytes = mini_kif().into_bytes();
    bytes.extend([0u8; 200]);
    std::fs::write(&kif, bytes).unwrap();
    let (code, out) = validate(&["--format", "json"], &kif);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("holds binary data (NUL bytes), not a game record"),
        "{out}"
    );
}
