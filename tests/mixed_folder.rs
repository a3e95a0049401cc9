//! One folder holding standard records and all five smaller variants, walked by every record
//! subcommand without `--variant` (issue #29): each record is read with its variant, and each
//! subcommand says of it what it says of the file alone.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{no_panic, root, tool};

/// The variants' files put in the folder, each `(testdata path, file name in the folder,
/// encoding, the variant of its records)`. `utf-16` writes the text UTF-16LE with a byte order
/// mark; `.sfen` copies drop the `position ` of each line.
const VARIANT_FILES: &[(&str, &str, &str, &str)] = &[
    (
        "testdata/variants/minishogi.usi",
        "minishogi.usi",
        "utf-8",
        "minishogi",
    ),
    (
        "testdata/variants/minishogi.usi",
        "minishogi-copy.sfen",
        "utf-16",
        "minishogi",
    ),
    (
        "testdata/variants/gorogoro.usi",
        "gorogoro.usi",
        "utf-8",
        "gorogoro",
    ),
    (
        "testdata/variants/gorogoroplus.usi",
        "gorogoroplus.sfen",
        "utf-16",
        "gorogoroplus",
    ),
    (
        "testdata/variants/torishogi.usi",
        "torishogi.usi",
        "utf-8",
        "torishogi",
    ),
    (
        "testdata/variants/dobutsu.usi",
        "dobutsu.sfen",
        "utf-8",
        "dobutsu",
    ),
    // The same minishogi game as the first line of `minishogi.usi`, with headers, a comment
    // and its ending.
    (
        "testdata/variants/kif/minishogi.kif",
        "minishogi.kif",
        "shift_jis",
        "minishogi",
    ),
    (
        "testdata/variants/kif/dobutsu.kif",
        "dobutsu.kif",
        "utf-8",
        "dobutsu",
    ),
    (
        "testdata/variants/kif/torishogi.kif",
        "torishogi.kif",
        "shift_jis",
        "torishogi",
    ),
    (
        "testdata/variants/kif/gorogoroplus.kifu",
        "gorogoroplus.kifu",
        "utf-8",
        "gorogoroplus",
    ),
    (
        "testdata/variants/lishogi/minishogi-gogo.kif",
        "gogo.kif",
        "shift_jis",
        "minishogi",
    ),
    (
        "testdata/variants/lishogi/dobutsu-parser.kif",
        "dobutsu-lishogi.kif",
        "utf-8",
        "dobutsu",
    ),
    (
        "testdata/variants/ki2/minishogi.ki2",
        "minishogi.ki2",
        "shift_jis",
        "minishogi",
    ),
    (
        "testdata/variants/ki2/gorogoro.ki2",
        "gorogoro.ki2u",
        "utf-8",
        "gorogoro",
    ),
    (
        "testdata/variants/jkf/torishogi.jkf",
        "torishogi.jkf",
        "utf-8",
        "torishogi",
    ),
    (
        "testdata/variants/jkf/gorogoro.jkf",
        "gorogoro.jkf",
        "utf-8",
        "gorogoro",
    ),
];

/// The folder's KIF, KI2 and JKF files that hold a game of a list (file name, the list's
/// name in the folder, the line's index in it): `dedup` groups each with its line.
const SAVED_TWICE: &[(&str, &str, usize)] = &[
    ("minishogi.kif", "minishogi.usi", 0),
    ("torishogi.kif", "torishogi.usi", 0),
    ("torishogi.jkf", "torishogi.usi", 0),
    ("gorogoroplus.kifu", "gorogoroplus.sfen", 1),
    ("dobutsu.kif", "dobutsu.sfen", 1),
    ("minishogi.ki2", "minishogi.usi", 2),
    ("gorogoro.ki2u", "gorogoro.usi", 1),
    ("gorogoro.jkf", "gorogoro.usi", 0),
];

/// The standard records put in the folder (name in the folder, text, encoding).
const STANDARD_FILES: &[(&str, &str, &str)] = &[
    ("standard.usi", "position startpos moves 7g7f 3c3d 2g2f\nposition startpos moves 2g2f 8c8d\n", "utf-8"),
    (
        "standard.kif",
        "手合割：平手\n先手：甲\n後手：乙\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n",
        "shift_jis",
    ),
];

fn write_encoded(path: &Path, text: &str, encoding: &str) {
    let bytes = match encoding {
        "utf-16" => {
            let mut b = vec![0xFF, 0xFE];
            for unit in text.encode_utf16() {
                b.extend(unit.to_le_bytes());
            }
            b
        }
        "shift_jis" => encoding_rs::SHIFT_JIS.encode(text).0.into_owned(),
        _ => text.as_bytes().to_vec(),
    };
    std::fs::write(path, bytes).unwrap();
}

/// The folder: every file of both lists; with the variant of each file's records.
fn build(dir: &Path) -> (PathBuf, BTreeMap<String, Option<&'static str>>) {
    let folder = dir.join("games");
    std::fs::create_dir(&folder).unwrap();
    let mut variants = BTreeMap::new();
    for &(name, text, encoding) in STANDARD_FILES {
        write_encoded(&folder.join(name), text, encoding);
        variants.insert(name.to_string(), None);
    }
    for &(source, name, encoding, variant) in VARIANT_FILES {
        let mut text = std::fs::read_to_string(root().join(source)).unwrap();
        if name.ends_with(".sfen") {
            text = text.replace("position sfen", "sfen");
        }
        write_encoded(&folder.join(name), &text, encoding);
        variants.insert(name.to_string(), Some(variant));
    }
    (folder, variants)
}

/// Runs the tool; (exit status, standard output, standard error).
fn run(args: &[&str], paths: &[&Path]) -> (Option<i32>, String, String) {
    let out = tool().args(args).args(paths).output().unwrap();
    no_panic(&out);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// `validate --format json`: the lines of each file, by its name.
fn validate_lines(paths: &[&Path]) -> BTreeMap<String, Vec<serde_json::Value>> {
    let (_, out, _) = run(&["validate", "--format", "json"], paths);
    let mut by_file: BTreeMap<String, Vec<serde_json::Value>> = BTreeMap::new();
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        by_file
            .entry(file_name(v["path"].as_str().unwrap()))
            .or_default()
            .push(v);
    }
    by_file
}

/// Adds the counts of `more` (numbers, and objects of numbers, as `stats` writes a variant's
/// breakdown) into `sum`.
fn add_counts(sum: &mut serde_json::Value, more: &serde_json::Value) {
    for (key, value) in more.as_object().expect("an object of counts") {
        let slot = &mut sum[key.as_str()];
        if value.is_object() {
            if slot.is_null() {
                *slot = serde_json::json!({});
            }
            add_counts(slot, value);
        } else {
            let n = slot.as_u64().unwrap_or(0) + value.as_u64().expect("a count");
            *slot = n.into();
        }
    }
}

#[test]
fn every_subcommand_reads_a_mixed_folder_each_record_with_its_variant() {
    let dir = tempfile::tempdir().unwrap();
    let (folder, variants) = build(dir.path());
    let file = |name: &str| folder.join(name);

    // validate: every record with its variant, the same lines as the file alone.
    let whole = validate_lines(&[&folder]);
    assert_eq!(
        whole.keys().collect::<Vec<_>>(),
        variants.keys().collect::<Vec<_>>()
    );
    let mut records_of: BTreeMap<String, usize> = BTreeMap::new();
    for (name, lines) in &whole {
        for v in lines {
            assert_eq!(v["variant"].as_str(), variants[name], "{name}: {v}");
            assert!(v["errors"].as_array().unwrap().is_empty(), "{name}: {v}");
        }
        records_of.insert(name.clone(), lines.len());
        let alone = validate_lines(&[&file(name)]);
        assert_eq!(&alone[name], lines, "{name}");
    }
    let total: usize = records_of.values().sum();

    // stats: the variants breakdown beside the handicaps, each as the files alone say.
    let stats = |paths: &[&Path]| -> serde_json::Value {
        let (code, out, err) = run(&["stats", "-q", "--format", "json"], paths);
        assert_eq!(code, Some(0), "{err}");
        serde_json::from_str(&out).unwrap()
    };
    let s = stats(&[&folder]);
    assert_eq!(s["records"], total as u64);
    let standard: usize = STANDARD_FILES.iter().map(|f| records_of[f.0]).sum();
    let handicaps: u64 = s["handicaps"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(handicaps, standard as u64, "{}", s["handicaps"]);
    let mut per_variant: BTreeMap<&str, u64> = BTreeMap::new();
    for (name, v) in &variants {
        if let Some(v) = v {
            *per_variant.entry(v).or_default() += records_of[name] as u64;
        }
    }
    for (variant, n) in &per_variant {
        assert_eq!(s["variants"][variant]["records"], *n, "{variant}");
    }
    // Each variant's breakdown is what its files alone add up to: a game saved in two files
    // (torishogi.usi's first line is torishogi.jkf and torishogi.kif) counts once per file.
    let mut summed: BTreeMap<&str, serde_json::Value> = BTreeMap::new();
    for (name, v) in &variants {
        let Some(v) = v else { continue };
        let alone = stats(&[&file(name)]);
        add_counts(
            summed.entry(v).or_insert(serde_json::json!({})),
            &alone["variants"][v],
        );
    }
    for (variant, sum) in &summed {
        assert_eq!(&s["variants"][variant], sum, "{variant}");
    }

    // positions: each file's lines, as for the file alone.
    let (code, out, err) = run(&["positions", "--with-path"], &[&folder]);
    assert_eq!(code, Some(0), "{err}");
    for name in variants.keys() {
        let (_, alone, _) = run(&["positions", "--with-path"], &[&file(name)]);
        let prefix = format!("{}#", file(name).display());
        let mine: Vec<&str> = out.lines().filter(|l| l.starts_with(&prefix)).collect();
        assert_eq!(mine, alone.lines().collect::<Vec<_>>(), "{name}");
        assert!(!mine.is_empty(), "{name}");
    }

    // find: by count, outcome and position, as the files alone.
    let count = |args: &[&str], paths: &[&Path]| -> usize {
        let mut a = vec!["find", "--count"];
        a.extend(args);
        let (_, out, err) = run(&a, paths);
        out.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{a:?}: {out} {err}"))
    };
    assert_eq!(count(&[], &[&folder]), total);
    let checkmates: usize = variants
        .keys()
        .map(|n| count(&["--outcome", "checkmate"], &[&file(n)]))
        .sum();
    assert_eq!(count(&["--outcome", "checkmate"], &[&folder]), checkmates);
    // A standard position is found in the standard records only.
    let after_one = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    assert_eq!(count(&["--position", after_one], &[&folder]), 2);
    // Each variant's position (ply 2 of a file's first game) is found in that variant's
    // records only, as many as in the files of that variant alone.
    for (name, variant) in &variants {
        let Some(variant) = variant else { continue };
        // Ply 2, or the start for a game shorter than that.
        let at = |ply: &str| run(&["positions", "--ply", ply], &[&file(name)]).1;
        let (lines, ply) = match at("2") {
            l if l.lines().next().is_some() => (l, 2),
            _ => (at("0"), 0),
        };
        let sfen = lines.lines().next().unwrap_or_else(|| panic!("{name}"));
        let (code, out, err) = run(
            &["find", "--format", "json", "--position", sfen],
            &[&folder],
        );
        assert_eq!(code, Some(0), "{name}: {err}");
        let hits: Vec<(String, u64)> = out
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                let at = format!("{}#{}", file_name(v["path"].as_str().unwrap()), v["record"]);
                (at, v["ply"].as_u64().unwrap())
            })
            .collect();
        assert!(
            hits.contains(&(format!("{name}#0"), ply)),
            "{name}: {hits:?}"
        );
        for (at, _) in &hits {
            let of = at.rsplit_once('#').unwrap().0;
            assert_eq!(variants[of], Some(*variant), "{sfen} found in {at}");
        }
        let alone: usize = variants
            .iter()
            .filter(|(_, v)| **v == Some(*variant))
            .map(|(n, _)| count(&["--position", sfen], &[&file(n)]))
            .sum();
        assert_eq!(hits.len(), alone, "{name}: {sfen}");
    }

    // dedup: the minishogi games saved twice (USI, UTF-16 SFEN) are one group each, and each
    // game saved as KIF, KI2 or JKF is grouped with its line of the list, whatever the format.
    let (code, _, err) = run(&["dedup"], &[&folder]);
    assert_eq!(code, Some(0), "{err}");
    let copies = records_of["minishogi-copy.sfen"] + SAVED_TWICE.len();
    assert!(
        err.contains(&format!("{copies} duplicates")),
        "{copies} copies: {err}"
    );
    let (code, out, err) = run(&["dedup", "--format", "json"], &[&folder]);
    assert_eq!(code, Some(0), "{err}");
    let groups: Vec<Vec<String>> = out
        .lines()
        .map(|l| {
            let g: serde_json::Value = serde_json::from_str(l).unwrap();
            g["records"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| format!("{}#{}", file_name(r["path"].as_str().unwrap()), r["record"]))
                .collect()
        })
        .collect();
    for (copy, list, line) in SAVED_TWICE {
        let (copy, of) = (format!("{copy}#0"), format!("{list}#{line}"));
        assert!(
            groups.iter().any(|g| g.contains(&copy) && g.contains(&of)),
            "{copy} is {of}: {groups:?}"
        );
    }

    // split and join: one record a file, every variant kept.
    let split = dir.path().join("split");
    let (code, _, err) = run(&["split", "--out-dir", split.to_str().unwrap()], &[&folder]);
    assert_eq!(code, Some(0), "{err}");
    let split_lines = validate_lines(&[&split]);
    assert_eq!(split_lines.values().map(Vec::len).sum::<usize>(), total);
    let joined = dir.path().join("all.usi");
    let (code, _, err) = run(&["join", "-o", joined.to_str().unwrap()], &[&folder]);
    assert_eq!(code, Some(0), "{err}");
    let mut join_variants: Vec<Option<String>> = validate_lines(&[&joined])["all.usi"]
        .iter()
        .map(|v| v["variant"].as_str().map(str::to_string))
        .collect();
    let mut want: Vec<Option<String>> = whole
        .values()
        .flatten()
        .map(|v| v["variant"].as_str().map(str::to_string))
        .collect();
    join_variants.sort();
    want.sort();
    assert_eq!(join_variants, want);

    // convert to SFEN with --out-dir: each record's variant and length kept.
    let converted = dir.path().join("sfen");
    let (code, _, err) = run(
        &[
            "convert",
            "--to",
            "sfen",
            "--out-dir",
            converted.to_str().unwrap(),
        ],
        &[&folder],
    );
    assert_eq!(code, Some(0), "{err}");
    let again = validate_lines(&[&converted]);
    let plies = |m: &BTreeMap<String, Vec<serde_json::Value>>| {
        let mut p: Vec<(Option<String>, u64)> = m
            .values()
            .flatten()
            .map(|v| {
                (
                    v["variant"].as_str().map(str::to_string),
                    v["plies"].as_u64().unwrap(),
                )
            })
            .collect();
        p.sort();
        p
    };
    assert_eq!(plies(&again), plies(&whole));

    // impasse: the standard records read, each variant record refused with the reason.
    let (code, out, err) = run(&["impasse"], &[&folder]);
    assert_eq!(code, Some(2));
    assert!(out.contains("standard.usi#0"), "{out}");
    let refused = err.matches("a rule of standard shogi only").count();
    assert_eq!(refused, total - standard, "{err}");

    // The one-position commands on a variant's record, without --variant.
    for (name, variant) in &variants {
        let Some(variant) = variant else { continue };
        let path = file(name);
        for args in [
            &["board"][..],
            &["board", "--format", "svg"][..],
            &["moves", "--format", "json"][..],
            &["drops", "--format", "json"][..],
        ] {
            let (code, out, err) = run(args, &[&path]);
            assert_eq!(code, Some(0), "{name} {args:?}: {err}");
            assert!(!out.is_empty(), "{name} {args:?}");
            if args.contains(&"json") {
                assert!(
                    out.starts_with(&format!("{{\"variant\":\"{variant}\"")),
                    "{name} {args:?}: {out}"
                );
            }
        }
        // perft and guide take the variant by name.
        let (code, _, err) = run(&["guide", "--variant", variant], &[]);
        assert_eq!(code, Some(0), "{variant}: {err}");
        let (code, out, err) = run(&["perft", "--variant", variant, "1"], &[]);
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert!(!out.is_empty());
    }
}
