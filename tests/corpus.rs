//! Reads every record of the shared corpus (`../shared/corpus`, 349 files written by other
//! programs) with the binary, as a user would, and checks what `INDEX.tsv` and
//! `MALFORMED.txt` say of each file: every file is read without errors unless it is listed as
//! malformed, and no file makes the tool crash. Skips with a message when the corpus is absent.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    dir.join("INDEX.tsv").exists().then_some(dir)
}

/// Real fouls in corpus files (hand-made fixtures of other projects), with why.
const KNOWN_FOULS: &[(&str, &str)] = &[
    (
        "ShogiBoardQ/tests/fixtures/test_various_pieces.csa",
        "ply 11 +8855KA jumps over the knight that +8977KE put on 7g",
    ),
    (
        "ShogiBoardQ/tests/fixtures/test_drops.usi",
        "black drops a pawn (P*5e) without holding one",
    ),
    (
        "mog-core-scala/jvm/src/test/resources/kif/game/014.kif",
        "a move after mate; the record itself says 反則手にて終局",
    ),
    (
        "mog-core-scala/jvm/src/test/resources/kif/game/015.kif",
        "2h1g walks into the knight's check; the record says 反則手にて終局",
    ),
    (
        "mog-core-scala/jvm/src/test/resources/kif/game/017.kif",
        "3g4e leaves the king in check from the horse; the record ends 反則勝ち",
    ),
    (
        "shogihome/src/command/usi-csa-bridge/e2e/scenario/6/record.kifu",
        "a perpetual-check test scenario (black checks)",
    ),
    (
        "shogihome/src/command/usi-csa-bridge/e2e/scenario/7/record.kifu",
        "a perpetual-check test scenario (white checks)",
    ),
];

/// Reported as ignored when the corpus is absent, so the skip shows in every test run (not
/// only with `--nocapture`); passes when it is there.
#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn corpus_missing_skips_the_corpus_tests() {
    assert!(
        corpus().is_some(),
        "build.rs found the corpus; it has gone since"
    );
}

#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn every_corpus_file_is_read() {
    let Some(dir) = corpus() else {
        eprintln!("skipped: ../shared/corpus is not there");
        return;
    };
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).unwrap();
    let malformed: HashSet<String> = std::fs::read_to_string(dir.join("MALFORMED.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    let is_malformed = |path: &str| {
        malformed.iter().any(|m| match m.split_once('*') {
            Some((prefix, suffix)) => path.starts_with(prefix) && path.ends_with(suffix),
            None => m == path,
        })
    };
    // The formats whose readers have landed.
    let formats = [
        "CSA",
        "USI",
        "SFEN-list",
        "KIF",
        "KIFU",
        "JKF",
        "KI2",
        "KI2U",
    ];
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .current_dir(&dir)
        .args(["validate", "--format", "json", "."])
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "the tool crashed");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut by_path: BTreeMap<String, Vec<serde_json::Value>> = BTreeMap::new();
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let p = v["path"]
            .as_str()
            .unwrap()
            .trim_start_matches("./")
            .to_string();
        by_path.entry(p).or_default().push(v);
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in index.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (path, format) = (cols[0], cols[1]);
        let Some(records) = by_path.get(path) else {
            failures.push(format!("{path}: not read at all"));
            continue;
        };
        let unsupported = records.iter().any(|r| {
            r["errors"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["code"] == "unsupported-format")
        });
        if unsupported || !formats.contains(&format) {
            continue;
        }
        checked += 1;
        for r in records {
            let errors = r["errors"].as_array().unwrap();
            if !errors.is_empty() && !is_malformed(path) {
                failures.push(format!("{path}: {}", errors[0]["message"]));
            }
            let fouls = r["fouls"].as_array().unwrap();
            let known = KNOWN_FOULS.iter().any(|(p, _)| *p == path);
            if !fouls.is_empty() && !known && !is_malformed(path) {
                failures.push(format!("{path}: foul {}", fouls[0]));
            }
        }
    }
    eprintln!("checked {checked} corpus files");
    assert!(checked >= 90, "only {checked} files checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every corpus record converted to every format and read back replays to the same final
/// position with no new fouls.
#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn every_corpus_record_converts_to_every_format_and_back() {
    use shogi_tool::batch::{read_input, Input, ReadOptions};
    use shogi_tool::formats::{self, write};
    use shogi_tool::record::replay::{replay, ReplayOptions};
    use shogi_tool::record::Format;

    let Some(dir) = corpus() else {
        eprintln!("skipped: ../shared/corpus is not there");
        return;
    };
    let (inputs, _) = shogi_tool::batch::discover(&[dir.display().to_string()]);
    let mut failures = Vec::new();
    let mut converted = 0;
    for input in &inputs {
        let file = read_input(input, &ReadOptions::default());
        let name = match input {
            Input::File(p) => p.strip_prefix(&dir).unwrap_or(p).display().to_string(),
            other => other.display(),
        };
        for record in file.records.iter().filter(|r| r.errors.is_empty()) {
            let before = replay(record, &ReplayOptions::default());
            for format in Format::ALL {
                let w = write::write(record, format, &write::WriteOptions::default());
                let back = formats::read_str(&w.text, format);
                let Some(b) = back.first() else {
                    failures.push(format!("{name} -> {}: nothing read back", format.name()));
                    continue;
                };
                if let Some(e) = b.errors.first() {
                    failures.push(format!(
                        "{name} -> {}: {}:{}: {}",
                        format.name(),
                        e.line,
                        e.column,
                        e.message
                    ));
                    continue;
                }
                let after = replay(b, &ReplayOptions::default());
                if after.final_position != before.final_position {
                    failures.push(format!(
                        "{name} -> {}: a different final position",
                        format.name()
                    ));
                }
                if after.fouls.len() > before.fouls.len() {
                    failures.push(format!(
                        "{name} -> {}: new fouls {:?}",
                        format.name(),
                        after.fouls.first().map(|f| &f.message)
                    ));
                }
                converted += 1;
            }
        }
    }
    eprintln!("{converted} conversions checked");
    assert!(converted > 1000, "only {converted} conversions");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Corpus records whose `戦型` header names an opening the classifier does not give, and why.
const OPENING_DISAGREEMENTS: &[(&str, &str)] = &[
    (
        "shogi-player/components/models/kifu_book_info/16217.kif",
        "陽動振飛車 (a feint before ranging) is a way of playing 三間飛車, which the tool names, \
         with 振り飛車; the tool has no name for the feint",
    ),
    (
        "shogi-player/components/models/kifu_book_info/15733.kif",
        "袖飛車: black's rook never goes to the 3rd file in the game (it stays on 2h and 2f); the \
         header names the line of the older 角落ち theory, and the record's own per-move labels do \
         not say 袖飛車 either",
    ),
];

/// The records of `../shared/corpus` that name their opening in a `戦型：` header get that
/// name (or the name it is another spelling of) from the classifier for one side or the
/// other, but for the disagreements listed with their reasons; and the header stays the
/// record's, written back by convert unchanged.
#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn labelled_corpus_records_agree_with_the_opening_names() {
    use shogi_tool::batch::{read_input, Input, ReadOptions};
    use shogi_tool::formats::write;
    use shogi_tool::opening::{Kind, Openings, Table, MIN_PLIES};
    use shogi_tool::record::replay::{replay, ReplayOptions};
    use shogi_tool::record::{Format, Start};

    let Some(dir) = corpus() else {
        eprintln!("skipped: ../shared/corpus is not there");
        return;
    };
    let table = Table::standard();
    let (inputs, _) = shogi_tool::batch::discover(&[dir.display().to_string()]);
    let (mut labelled, mut agreed) = (0, 0);
    let mut failures = Vec::new();
    for input in &inputs {
        let name = match input {
            Input::File(p) => p.strip_prefix(&dir).unwrap_or(p).display().to_string(),
            other => other.display(),
        };
        let file = read_input(input, &ReadOptions::default());
        for record in file.records.iter().filter(|r| r.errors.is_empty()) {
            let Some(header) = record.metadata.get_raw("戦型").map(str::trim) else {
                continue;
            };
            let report = replay(record, &ReplayOptions::default());
            let Some(o) = Openings::of(&record.start, &report.moves) else {
                // A set-up position or a game too short to name (the CSA examples).
                let position = !matches!(record.start.normalized(), Start::Handicap(_));
                if !position && report.plies >= MIN_PLIES {
                    failures.push(format!("{name}: not classified"));
                }
                continue;
            };
            // `その他の戦型` names nothing; `角換わりその他` is "角換わり, another line".
            if header == "その他の戦型" {
                continue;
            }
            labelled += 1;
            let header = header.strip_suffix("その他").unwrap_or(header);
            let known = OPENING_DISAGREEMENTS.iter().any(|(p, _)| *p == name);
            let agrees = table.find(header).is_some() && o.has(None, Kind::Strategy, header);
            match (agrees, known) {
                (true, false) => agreed += 1,
                (false, true) => {}
                (true, true) => failures.push(format!(
                    "{name}: now agrees ({header}); take it off OPENING_DISAGREEMENTS"
                )),
                (false, false) => failures.push(format!("{name}: 戦型 {header}, got {o:?}")),
            }
            let kif = write::write(record, Format::Kif, &write::WriteOptions::default()).text;
            if !kif.contains(&format!("戦型：{header}"))
                && record.source.format != Some(Format::Csa)
            {
                failures.push(format!("{name}: the 戦型 header is not written back"));
            }
        }
    }
    assert!(labelled >= 28, "only {labelled} labelled records found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{agreed} of {labelled} labelled corpus records agree");
}
