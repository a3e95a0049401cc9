//! Stable-Rust fuzzing of every reader, in the test suite: arbitrary bytes and mutated real
//! records never make a reader, the replay or a writer panic, and whatever a reader accepts
//! without errors, its own writer writes and the reader reads back to the same moves; a clean
//! record (no error, no foul) written in every other format reads back to the same start and
//! moves, with the default writer options and with others chosen by the case (CSA version,
//! `--kif-funari`, and each output encoding: the bytes `convert` would store, decoded as a
//! file is).
//!
//! (`cargo fuzz` needs a nightly compiler; these proptest cases are the stable equivalent that
//! runs in CI. `FUZZ_CASES=100000 cargo test --release --test integration fuzz_readers::` runs longer.)

use proptest::prelude::*;
use shogi_tool::formats::csa::CsaVersion;
use shogi_tool::formats::{self, write};
use shogi_tool::record::replay::{replay, ReplayOptions, Report};
use shogi_tool::record::{Format, Record};
use shogi_tool::text::{decode, Encoding, EncodingChoice};

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

/// Seeds: the sample and fixture records shipped in testdata/, read once per process.
fn seeds() -> &'static [(Format, Vec<u8>)] {
    static SEEDS: std::sync::OnceLock<Vec<(Format, Vec<u8>)>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(read_seeds)
}

fn read_seeds() -> Vec<(Format, Vec<u8>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Some(f) = p
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Format::from_extension)
            {
                if let Ok(bytes) = std::fs::read(&p) {
                    if bytes.len() < 64 * 1024 {
                        out.push((f, bytes));
                    }
                }
            }
        }
    }
    out.sort();
    out
}

/// Reads, replays, writes and re-reads; panics (failing the case) on any inconsistency.
/// `pick` chooses the non-default writer options tried (see [`options`]).
fn exercise(format: Format, bytes: &[u8], pick: u16) {
    let decoded = decode(bytes, Some(format.extension()), EncodingChoice::Auto);
    for record in formats::read_str(&decoded.text, format) {
        let report = replay(&record, &ReplayOptions::default());
        if !record.errors.is_empty() {
            continue;
        }
        // A smaller variant's record (an SFEN/USI line of its board) has no standard KIF, CSA
        // or JKF (its KIF and JKF are written by `exercise_variant`): it is written back to its own format
        // only, below.
        let standard = record.variant() == shogi_tool::variant::Variant::Standard;
        if standard && report.errors.is_empty() && report.fouls.is_empty() {
            cross_formats(format, &record, &report, pick);
        }
        let w = write::write(&record, format, &write::WriteOptions::default());
        let again = formats::read_str(&w.text, format);
        assert!(
            !again.is_empty(),
            "{format:?}: written text reads as nothing:\n{}",
            w.text
        );
        let first = &again[0];
        assert!(
            first.errors.is_empty(),
            "{format:?}: written text does not read back: {:?}\n{}",
            first.errors,
            w.text
        );
        if format == Format::Usi {
            continue; // `position` commands carry no ending; moves are compared below anyway
        }
        let report2 = replay(first, &ReplayOptions::default());
        assert_eq!(
            report.moves, report2.moves,
            "{format:?}: moves differ after a round trip\n{}",
            w.text
        );
    }
}

/// What I write I can read back: a clean record read from fuzzed input, written in every
/// format, reads back without errors to the same start position and main-line moves (what a
/// target cannot carry, such as variations or comments, `convert` names in `dropped`; the
/// start and the main line every format carries).
fn cross_formats(from: Format, record: &Record, report: &Report, pick: u16) {
    for to in Format::ALL {
        let w = write::write(record, to, &write::WriteOptions::default());
        read_back(from, to, record, report, &w.text);
        // The same with other options, through the bytes `convert` would store.
        let options = options(pick, to);
        let encoding = options.encoding.expect("chosen");
        let mut w = write::write(record, to, &options);
        w.text.retain(|c| c != '\0'); // as convert does
        let (mut bytes, _) = write::encode(&w.text, encoding);
        write::declare_if_misread(to, encoding, &mut w.text, &mut bytes);
        let decoded = decode(&bytes, Some(to.extension()), EncodingChoice::Auto);
        assert!(
            decoded.invalid.is_empty(),
            "{from:?} -> {to:?} in {}: the written bytes do not decode as written ({:?}):\n{}",
            encoding.name(),
            decoded.encoding,
            w.text
        );
        // A declaration the writer puts first names the encoding the bytes are in (the reader
        // may look past a false one, but other programs trust it).
        let first = w.text.lines().next().unwrap_or_default();
        if first.starts_with("#KIF version=2.0 encoding=") || first.starts_with("'CSA encoding=") {
            let declared = first.rsplit("encoding=").next().unwrap_or_default();
            assert_eq!(
                Encoding::from_name(declared),
                Some(encoding),
                "{from:?} -> {to:?}: the declaration `{first}` does not name the encoding written"
            );
        }
        read_back(from, to, record, report, &decoded.text);
    }
}

/// Writer options other than the defaults, chosen by `pick`: the CSA version, `--kif-funari`,
/// and the output encoding (JSON is always UTF-8, as `convert` requires).
fn options(pick: u16, to: Format) -> write::WriteOptions {
    let encoding = if to == Format::Jkf {
        Encoding::Utf8
    } else {
        Encoding::ALL[usize::from(pick >> 2) % Encoding::ALL.len()]
    };
    write::WriteOptions {
        csa_version: if pick & 1 == 0 {
            CsaVersion::V30
        } else {
            CsaVersion::V22
        },
        encoding: Some(encoding),
        kif_funari: pick & 2 == 0,
    }
}

/// `text`, written from `record` as `to`, reads back to the same start, moves and final
/// position.
fn read_back(from: Format, to: Format, record: &Record, report: &Report, text: &str) {
    let again = formats::read_str(text, to);
    assert!(
        !again.is_empty(),
        "{from:?} -> {to:?}: written text reads as nothing:\n{text}"
    );
    let back = &again[0];
    assert!(
        back.errors.is_empty(),
        "{from:?} -> {to:?}: written text does not read back: {:?}\n{text}",
        back.errors
    );
    // The move number of a set-up position is carried by SFEN/USI/KIF only, not compared.
    let (mut a, mut b) = (record.start.setup(), back.start.setup());
    a.move_number = 1;
    b.move_number = 1;
    assert_eq!(a, b, "{from:?} -> {to:?}: start differs\n{text}");
    let report2 = replay(back, &ReplayOptions::default());
    assert_eq!(
        report.moves, report2.moves,
        "{from:?} -> {to:?}: moves differ after a round trip\n{text}"
    );
    assert_eq!(
        report.final_position, report2.final_position,
        "{from:?} -> {to:?}: final position differs\n{text}"
    );
}

fn mutate(mut bytes: Vec<u8>, ops: &[(u8, usize, u8)]) -> Vec<u8> {
    for &(op, at, b) in ops {
        if bytes.is_empty() {
            bytes.push(b);
            continue;
        }
        let i = at % bytes.len();
        match op % 6 {
            0 => bytes[i] = b,
            1 => bytes.insert(i, b),
            2 => {
                bytes.remove(i);
            }
            3 => {
                // Duplicate a line.
                let start = bytes[..i]
                    .iter()
                    .rposition(|&c| c == b'\n')
                    .map_or(0, |p| p + 1);
                let end = bytes[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(bytes.len(), |p| i + p + 1);
                let line = bytes[start..end].to_vec();
                bytes.splice(start..start, line);
            }
            4 => bytes.truncate(i),
            _ => bytes[i] ^= 1 << (b % 8),
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600), f in 0..Format::ALL.len(), pick in any::<u16>()) {
        exercise(Format::ALL[f], &bytes, pick);
    }

    #[test]
    fn mutated_records_never_panic(seed in any::<prop::sample::Index>(), ops in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..8), pick in any::<u16>()) {
        let seeds = seeds();
        prop_assume!(!seeds.is_empty());
        let (format, bytes) = seeds[seed.index(seeds.len())].clone();
        exercise(format, &mutate(bytes, &ops), pick);
    }
}

/// Seeds of the variant readers: the variant records of testdata/variants (SFEN/USI lists,
/// KIF files), each with the reader it is for.
fn variant_seeds() -> &'static [(VariantReader, Vec<u8>)] {
    static SEEDS: std::sync::OnceLock<Vec<(VariantReader, Vec<u8>)>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/variants");
        let mut out = Vec::new();
        for dir in [root.clone(), root.join("lishogi")] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                let reader = match p.extension().and_then(|e| e.to_str()) {
                    Some("usi" | "sfen") => VariantReader::Sfen,
                    Some("kif" | "kifu") => VariantReader::Kif,
                    Some("ki2" | "ki2u") => VariantReader::Ki2,
                    Some("jkf") => VariantReader::Jkf,
                    _ => continue,
                };
                out.push((reader, std::fs::read(&p).unwrap()));
            }
        }
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out
    })
}

/// The readers of the smaller variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum VariantReader {
    Sfen,
    Kif,
    Ki2,
    Jkf,
}

const VARIANT_READERS: [VariantReader; 4] = [
    VariantReader::Sfen,
    VariantReader::Kif,
    VariantReader::Ki2,
    VariantReader::Jkf,
];

/// Reads `bytes` with a variant reader (`--variant` as `forced` picks, or none), replays each
/// game with the one replay, writes it in every variant format that can carry it and reads
/// that back: nothing panics, and a game written by a writer reads back with its moves.
fn exercise_variant(reader: VariantReader, bytes: &[u8], forced: u8) {
    use shogi_tool::formats::{jkf, ki2, kif, usi};
    use shogi_tool::record::Start;
    use shogi_tool::variant::Variant;
    let text = decode(bytes, Some("kifu"), EncodingChoice::Auto).text;
    let all = Variant::ALL;
    let forced = (usize::from(forced) < all.len()).then(|| all[usize::from(forced)]);
    // Every SFEN/USI line (the moves before a bad word kept, as the reader keeps them); the
    // first KIF record and every KI2 and JKF one that is a variant's without an error.
    let records: Vec<Record> = match reader {
        VariantReader::Sfen => usi::read_as(&text, forced),
        VariantReader::Kif => kif::read_as(&text, forced)
            .into_iter()
            .take(1)
            .filter(|r| r.errors.is_empty() && matches!(r.start, Start::Variant(_)))
            .collect(),
        VariantReader::Ki2 => ki2::read_as(&text, forced)
            .into_iter()
            .filter(|r| r.errors.is_empty() && matches!(r.start, Start::Variant(_)))
            .collect(),
        VariantReader::Jkf => jkf::read_as(&text, forced)
            .into_iter()
            .filter(|r| r.errors.is_empty() && matches!(r.start, Start::Variant(_)))
            .collect(),
    };
    for record in records {
        let report = replay(&record, &ReplayOptions::default());
        // As for the standard readers, the written text must read back for a clean game (no
        // foul, no error); any other is written and read without a panic.
        let clean = report.fouls.is_empty() && report.errors.is_empty() && record.errors.is_empty();
        let variant = record.variant();
        let v = Some(variant);
        let moves = |r: &Record| -> Vec<_> { r.tree.main_line_moves().map(|e| e.mv).collect() };
        let line = usi::write_sfen(&record).text;
        let back = usi::read_as(&line, v);
        assert_eq!(back.len(), 1, "SFEN line of a {variant} game: {line}");
        let kif = kif::write(&record, &kif::WriteOptions::default()).text;
        let kif_back = kif::read_as(&kif, v).into_iter().next();
        let jkf = jkf::write(&record).text;
        let jkf_back = jkf::read_as(&jkf, v)
            .into_iter()
            .find(|r| r.errors.is_empty());
        if clean {
            let kif_back = kif_back
                .filter(|r| r.errors.is_empty())
                .unwrap_or_else(|| panic!("written KIF does not read back:\n{kif}"));
            assert_eq!(moves(&kif_back), moves(&record), "KIF moves:\n{kif}");
            let jkf_back =
                jkf_back.unwrap_or_else(|| panic!("written JKF does not read back:\n{jkf}"));
            assert_eq!(moves(&jkf_back), moves(&record), "JKF moves:\n{jkf}");
        }
        if variant != Variant::Standard && ki2::supports(variant) {
            let ki2 = ki2::write(&record).text;
            let ki2_back = ki2::read_as(&ki2, v)
                .into_iter()
                .find(|r| r.errors.is_empty());
            if clean {
                let ki2_back =
                    ki2_back.unwrap_or_else(|| panic!("written KI2 does not read back:\n{ki2}"));
                assert_eq!(moves(&ki2_back), moves(&record), "KI2 moves:\n{ki2}");
            }
        }
    }
}

/// Cases of each variant property: a hundredth of `FUZZ_CASES`, at least 64 (a mutated
/// Lishogi record is long and each case replays and writes it in four formats: 100,000 cases
/// took more than ten minutes in the dev profile; CI runs 5,000).
fn variant_cases() -> u32 {
    (cases() / 100).max(64)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: variant_cases(), ..ProptestConfig::default() })]

    #[test]
    fn variant_readers_never_panic_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600), r in 0..VARIANT_READERS.len(), forced in any::<u8>()) {
        exercise_variant(VARIANT_READERS[r], &bytes, forced % 16);
    }

    #[test]
    fn variant_readers_never_panic_on_mutated_records(seed in any::<prop::sample::Index>(), ops in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..8), forced in any::<u8>()) {
        let seeds = variant_seeds();
        prop_assume!(!seeds.is_empty());
        let (reader, bytes) = seeds[seed.index(seeds.len())].clone();
        exercise_variant(reader, &mutate(bytes, &ops), forced % 16);
    }
}

#[test]
fn every_variant_seed_reads_and_writes_back() {
    assert!(
        variant_seeds().len() >= 10,
        "{} seeds",
        variant_seeds().len()
    );
    for (reader, bytes) in variant_seeds() {
        exercise_variant(*reader, bytes, 255);
    }
}

#[test]
fn every_seed_round_trips() {
    // Each seed with one set of other writer options; together they try every set.
    for (i, (format, bytes)) in seeds().iter().enumerate() {
        exercise(*format, bytes, i as u16);
    }
}

#[test]
fn every_line_of_the_kif_and_ki2_samples_with_a_replacement_character_reads_back() {
    // A U+FFFD (an undecodable byte) before, and in place of, each character of each line of
    // testdata/kif and testdata/ki2: what the reader accepts, its writer writes and it reads
    // back (docs/fuzzing.md).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let entries = ["kif", "ki2"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap().flatten());
    for entry in entries {
        let path = entry.path();
        let Some(format) = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
            .filter(|f| matches!(f, Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u))
        else {
            continue;
        };
        let bytes = std::fs::read(&path).unwrap();
        let text = decode(&bytes, Some(format.extension()), EncodingChoice::Auto).text;
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let mut edits = Vec::new();
            for (at, c) in line.char_indices() {
                edits.push((at, at, "\u{fffd}"));
                edits.push((at, at + c.len_utf8(), "\u{fffd}"));
            }
            for (from, to, with) in edits {
                let mut edited = lines.clone();
                let changed = format!("{}{with}{}", &line[..from], &line[to..]);
                edited[n] = &changed;
                let input = edited.join("\n") + "\n";
                for record in formats::read_str(&input, format) {
                    if !record.errors.is_empty() {
                        continue;
                    }
                    let w = write::write(&record, format, &write::WriteOptions::default());
                    let again = formats::read_str(&w.text, format);
                    assert!(
                        again.first().is_some_and(|r| r.errors.is_empty()),
                        "{}: line {} as `{changed}` does not read back:\n{}",
                        path.display(),
                        n + 1,
                        w.text
                    );
                }
            }
        }
    }
}
