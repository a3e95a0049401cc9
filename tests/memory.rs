//! Memory ceilings: the peak resident memory of the binary on generated multi-game CSA files
//! (of 51 bytes a game), read from the kernel with `wait4` (the child's own `ru_maxrss`, so
//! tests running in parallel do not count).
//!
//! `validate`, `stats` and `convert` stream a multi-game file a batch of records at a time, so
//! what they hold beyond the file's text does not grow with its number of games. Before they
//! did, they held every game's result until the file was done (about 140 bytes a game for
//! `validate`, 900 for `stats`, 1,300 for `convert -o`; see BENCHMARKS.md): both tests below
//! failed then.

#![cfg(target_os = "linux")]

use crate::common;

/// One short legal game, resigned (the same as `scripts/gen_multi_csa.py`).
const GAME: &str = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n";

/// Writes a multi-game CSA file of `n` games separated by `/` to `path`, a game at a time:
/// the kernel counts the peak memory of this process, at the moment the child is started, in
/// the child's (it is kept across `exec`), so this process must stay small.
fn write_multi_game_csa(path: &std::path::Path, n: usize) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for i in 0..n {
        if i > 0 {
            out.write_all(b"/\n").unwrap();
        }
        out.write_all(GAME.as_bytes()).unwrap();
    }
    out.flush().unwrap();
}

/// One short legal game a line, resigned (`validate` names no foul in it).
const USI_LINE: &str = "startpos moves 7g7f 3c3d 8h2b+ 3a2b resign\n";

/// Writes a USI list of `n` games, one a line, to `path` (a line at a time, as above).
fn write_multi_line_usi(path: &std::path::Path, n: usize) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for _ in 0..n {
        out.write_all(USI_LINE.as_bytes()).unwrap();
    }
    out.flush().unwrap();
}

/// One short legal game as a JKF object on one line (the game of [`GAME`]).
const JKF_GAME: &str = concat!(
    r#"{"header":{"先手":"A","後手":"B"},"initial":{"preset":"HIRATE"},"moves":[{},"#,
    r#"{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},"#,
    r#"{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},"#,
    r#"{"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}},"#,
    r#"{"move":{"color":1,"from":{"x":3,"y":1},"to":{"x":2,"y":2},"piece":"GI","capture":"UM","same":true}},"#,
    r#"{"special":"TORYO"}]}"#
);

/// Writes a JSON array of `n` JKF records, one a line, to `path` (a record at a time, as
/// above).
fn write_jkf_array(path: &std::path::Path, n: usize) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    out.write_all(b"[\n").unwrap();
    for i in 0..n {
        out.write_all(JKF_GAME.as_bytes()).unwrap();
        out.write_all(if i + 1 < n { b",\n" } else { b"\n" })
            .unwrap();
    }
    out.write_all(b"]\n").unwrap();
    out.flush().unwrap();
}

/// Runs the binary with `args`, output discarded; returns (exit code, peak RSS in KiB), from
/// the kernel for the child alone (`common::child`).
fn peak_rss_kib(args: &[&std::ffi::OsStr]) -> (i32, u64) {
    let u = common::child::Run::tool().args(args).measure();
    (u.code.expect("the tool exited normally"), u.peak_kib)
}

/// Peak RSS (KiB) of `subcommand` on a file of `games` games (`-o` into the folder for
/// `convert`).
fn peak_on(subcommand: &str, games: usize) -> u64 {
    peak_on_format(subcommand, games, "csa")
}

/// Like [`peak_on`], on a multi-game CSA file (`"csa"`), a USI list (`"usi"`) or a JSON array
/// of JKF records (`"jkf"`).
fn peak_on_format(subcommand: &str, games: usize, extension: &str) -> u64 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("games.{extension}"));
    if extension == "usi" {
        write_multi_line_usi(&path, games);
    } else if extension == "jkf" {
        write_jkf_array(&path, games);
    } else {
        write_multi_game_csa(&path, games);
    }
    let out = dir.path().join("out.csa");
    let mut args: Vec<&std::ffi::OsStr> = vec![subcommand.as_ref(), path.as_os_str()];
    if subcommand == "convert" {
        args.extend(["-o".as_ref(), out.as_os_str()]);
    }
    let (code, kib) = peak_rss_kib(&args);
    assert_eq!(code, 0, "{subcommand} exit status");
    eprintln!("{subcommand} on {games} games ({extension}): peak RSS {kib} KiB");
    kib
}

fn check(subcommand: &str, games: usize, ceiling_mib: u64) {
    let kib = peak_on(subcommand, games);
    assert!(
        kib <= ceiling_mib * 1024,
        "{subcommand} on {games} games used {kib} KiB, over the {ceiling_mib} MiB ceiling"
    );
}

/// What a run holds beyond the file's text grows by less than `bytes_a_game` for each game
/// more: from 100,000 games (5 MB) to 400,000 (20 MB).
fn check_growth(subcommand: &str, bytes_a_game: u64) {
    check_growth_of(subcommand, bytes_a_game, "csa")
}

/// Like [`check_growth`], on a multi-game CSA file (`"csa"`), a USI list (`"usi"`) or a JSON
/// array of JKF records (`"jkf"`, from 25,000 records to 100,000: 9 to 36 MB).
fn check_growth_of(subcommand: &str, bytes_a_game: u64, extension: &str) {
    let (small, large) = if extension == "jkf" {
        (25_000u64, 100_000u64)
    } else {
        (100_000u64, 400_000u64)
    };
    let game_len = match extension {
        "usi" => USI_LINE.len() as u64,
        "jkf" => JKF_GAME.len() as u64 + 2,
        _ => GAME.len() as u64 + 2,
    };
    let text = |n: u64| n * game_len;
    let peak_small = peak_on_format(subcommand, small as usize, extension) * 1024;
    let peak_large = peak_on_format(subcommand, large as usize, extension) * 1024;
    let beyond_text =
        peak_large.saturating_sub(peak_small) as i64 - (text(large) - text(small)) as i64;
    let per_game = beyond_text / (large - small) as i64;
    eprintln!("{subcommand} ({extension}): {per_game} bytes a game beyond the text");
    assert!(
        per_game < bytes_a_game as i64,
        "{subcommand}: peak grew by {} KiB from {small} to {large} games: {per_game} bytes a game \
         beyond the text, not under {bytes_a_game}",
        (peak_large - peak_small) / 1024
    );
}

#[test]
fn helper_measures_the_child_only() {
    // The helper measures the child, not this process: a tiny run stays small.
    let (code, kib) = peak_rss_kib(&["--version".as_ref()]);
    assert_eq!(code, 0);
    assert!(kib > 0 && kib < 64 * 1024, "{kib} KiB");
}

#[test]
fn validate_on_200000_games_stays_under_its_ceiling() {
    // A file of 10.2 MB. Now about 16 MiB (debug build); before streaming 33 MiB.
    check("validate", 200_000, 22);
}

#[test]
fn stats_on_200000_games_stays_under_its_ceiling() {
    // Now about 16 MiB (debug build); before streaming 180 MiB.
    check("stats", 200_000, 22);
}

#[test]
fn convert_on_200000_games_stays_under_its_ceiling() {
    // Now about 16 MiB (debug build); before streaming 265 MiB.
    check("convert", 200_000, 22);
}

#[test]
fn peak_memory_does_not_grow_with_the_number_of_games() {
    // Now nothing grows beyond the text (0 bytes a game, within the noise); before streaming
    // 92 bytes a game (validate), 890 (stats), 1,350 (convert), and 27 while where each
    // record lies was found for the whole file up front.
    for subcommand in ["validate", "stats", "convert"] {
        check_growth(subcommand, 12);
    }
}

#[test]
fn peak_memory_does_not_grow_with_the_number_of_lines_of_a_usi_list() {
    // A USI list is read a batch of lines at a time, as a CSA file is: nothing grows beyond
    // the text. Before, every line's record was read up front (about 600 bytes a game).
    for subcommand in ["validate", "stats", "convert"] {
        check_growth_of(subcommand, 12, "usi");
    }
}

/// Peak RSS (KiB) of `convert --to csa --out-dir` on a file of `games` games, stopped by the
/// name check: the output of the last record exists already, so every record's name is
/// settled and none is written (writing a file per record is fsync-bound: minutes).
fn peak_on_out_dir(games: usize) -> u64 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.csa");
    write_multi_game_csa(&path, games);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join(format!("games.{}.csa", games - 1)), "").unwrap();
    let args: Vec<&std::ffi::OsStr> = vec![
        "convert".as_ref(),
        path.as_os_str(),
        "--to".as_ref(),
        "csa".as_ref(),
        "--out-dir".as_ref(),
        out.as_os_str(),
    ];
    let (code, kib) = peak_rss_kib(&args);
    assert_eq!(
        code, 2,
        "convert --out-dir exit status (the last output exists)"
    );
    eprintln!("convert --out-dir on {games} games: peak RSS {kib} KiB");
    kib
}

#[test]
fn convert_out_dir_names_do_not_grow_with_the_number_of_records() {
    // Every output's name is settled (and checked against the files there) before anything
    // is written. Now one entry per input, not per record: nothing grows beyond the text.
    // Before, a name, a path and two keys per record: about 400 bytes a record (debug build).
    let (small, large) = (100_000u64, 400_000u64);
    let text = |n: u64| n * (GAME.len() as u64 + 2);
    let peak_small = peak_on_out_dir(small as usize) * 1024;
    let peak_large = peak_on_out_dir(large as usize) * 1024;
    let beyond_text =
        peak_large.saturating_sub(peak_small) as i64 - (text(large) - text(small)) as i64;
    let per_record = beyond_text / (large - small) as i64;
    eprintln!("convert --out-dir: {per_record} bytes a record beyond the text");
    assert!(
        per_record < 12,
        "convert --out-dir: peak grew by {} KiB from {small} to {large} records: {per_record} \
         bytes a record beyond the text, not under 12",
        (peak_large - peak_small) / 1024
    );
}

#[test]
fn peak_memory_does_not_grow_with_the_number_of_records_of_a_jkf_array() {
    // A JSON array of JKF records is read an element at a time: nothing grows beyond the
    // text. Before, the whole array was parsed into intermediate values before its first
    // record was handed on.
    for subcommand in ["validate", "stats", "convert"] {
        check_growth_of(subcommand, 12, "jkf");
    }
}

/// Peak RSS (KiB) of `subcommand` on a text of `lines` lines of `abc` saved with `extension`.
fn peak_on_junk(subcommand: &str, lines: usize, extension: &str) -> u64 {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("junk.{extension}"));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..lines {
        out.write_all(b"abc\n").unwrap();
    }
    out.flush().unwrap();
    drop(out);
    let (code, kib) = peak_rss_kib(&[subcommand.as_ref(), path.as_os_str()]);
    assert_eq!(code, 2, "{subcommand} on junk exit status");
    eprintln!("{subcommand} on {lines} junk lines ({extension}): peak RSS {kib} KiB");
    kib
}

#[test]
fn lines_no_reader_understands_cost_a_bounded_amount_each() {
    // One record of junk lines: a warning is kept for the first 100 of a kind, the rest are
    // counted. Now 12 to 15 bytes a 4-byte line, the text and its line index (debug build);
    // before, a warning a line: about 500 bytes a line (8 MB of `abc` lines took 1 to 1.6 GB).
    // An SFEN/USI list makes each line a failed record: `stats` keeps the first 1,000
    // failures (before, every one: 328 MB for 1.6 million lines).
    let (small, large) = (250_000u64, 1_000_000u64);
    for (subcommand, extension) in [
        ("validate", "kif"),
        ("validate", "ki2"),
        ("validate", "csa"),
        ("stats", "kif"),
        ("stats", "usi"),
    ] {
        let peak_small = peak_on_junk(subcommand, small as usize, extension) * 1024;
        let peak_large = peak_on_junk(subcommand, large as usize, extension) * 1024;
        let per_line = peak_large.saturating_sub(peak_small) / (large - small);
        eprintln!("{subcommand} ({extension}): {per_line} bytes a junk line");
        assert!(
            per_line < 40,
            "{subcommand} on .{extension}: peak grew by {} KiB from {small} to {large} junk \
             lines: {per_line} bytes a line, not under 40",
            (peak_large - peak_small) / 1024
        );
    }
}
