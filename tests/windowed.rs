//! Big multi-record files (CSA, SFEN/USI lists over 64 MiB) are read a window at a time; these
//! tests read small files a tiny window at a time (`SHOGI_TOOL_READ_WINDOW`, honoured by debug
//! builds only) and check that every command that reads multi-record files says exactly what
//! it says when it reads them whole: the same records, messages, lines and columns (the
//! file's, not the window's), bytes and exit status, whatever the line ends, byte order mark
//! or encoding, and wherever a window cuts a record, a line or a character.

#![cfg(debug_assertions)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Window sizes: a byte (every cut), a few (inside characters and lines), a few records.
const WINDOWS: [&str; 3] = ["1", "7", "300"];

/// Games of a multi-game CSA file: a version line, Japanese names, comments, fouls, a bad
/// line, a variation of blank records, times and endings.
fn csa_games() -> String {
    let games = [
        "V2.2\nN+羽生善治\nN-谷川浩司\n$EVENT:王将戦\nPI\n+\n+7776FU\nT3\n-3334FU\nT12\n'コメント\n+8822UM\n-3122GI\n%TORYO\n",
        "N+先手\nPI\n+\n+7776FU\n-8384FU\n+0055FU\n-0054FU\n",
        "PI\n+\n+7776FU\n-3334XX\n",
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n-\n-3334FU\n%CHUDAN\n",
        "N+藤井聡太\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+6978KI\n-4132KI\n%KACHI\n",
    ];
    let mut text = String::new();
    for i in 0..12 {
        text.push_str(games[i % games.len()]);
        text.push_str(if i % 4 == 3 { "/\n\n/\n" } else { "/\n" });
    }
    text.push_str("PI\n+\n+7776FU\n-3334FU");
    text
}

/// An SFEN/USI list: fouls, a bad line, comments, blank lines and a last line without end.
fn usi_list() -> String {
    let lines = [
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b resign\n",
        "sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5c\n# a comment\n\n",
        "startpos moves 7g7f 3c3x\n  // another\n",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d 7g7f\n",
        "startpos moves 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b\n",
    ];
    let mut text = String::new();
    for i in 0..15 {
        text.push_str(lines[i % lines.len()]);
    }
    text.push_str("startpos moves 7g7f");
    text
}

fn utf16le_with_bom(text: &str) -> Vec<u8> {
    [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect()
}

/// The files every command is tried on, written into `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let csa = csa_games();
    let usi = usi_list();
    let mut damaged = csa.clone().into_bytes();
    damaged.splice(40..40, *b"\xff\xfe");
    damaged.splice(200..200, *b"\x00");
    let at = damaged.len() - 30;
    damaged.splice(at..at, *b"\x81");
    let mut damaged_usi = usi.clone().into_bytes();
    damaged_usi.splice(20..20, *b"\xff");
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("games.csa", csa.clone().into_bytes()),
        ("crlf.csa", csa.replace('\n', "\r\n").into_bytes()),
        ("cr.csa", csa.replace('\n', "\r").into_bytes()),
        ("bom.csa", [&b"\xef\xbb\xbf"[..], csa.as_bytes()].concat()),
        (
            "sjis.csa",
            encoding_rs::SHIFT_JIS
                .encode(&csa.replace('\n', "\r\n"))
                .0
                .into_owned(),
        ),
        ("utf16.csa", utf16le_with_bom(&csa)),
        ("damaged.csa", damaged),
        ("list.usi", usi.clone().into_bytes()),
        (
            "crlf.sfen",
            [&b"\xef\xbb\xbf"[..], usi.replace('\n', "\r\n").as_bytes()].concat(),
        ),
        ("utf16.usi", utf16le_with_bom(&usi)),
        ("damaged.usi", damaged_usi),
    ];
    files
        .into_iter()
        .map(|(name, bytes)| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        })
        .collect()
}

/// Runs the binary in `dir` with `args`, read whole or, with `window`, a window at a time.
fn run(dir: &Path, args: &[&str], window: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shogi-tool"));
    command
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("SHOGI_TOOL_READ_WINDOW");
    if let Some(window) = window {
        command.env("SHOGI_TOOL_READ_WINDOW", window);
    }
    command.output().expect("run shogi-tool")
}

/// Checks that `args` give the same output, messages and exit status at every window as
/// read whole.
fn assert_windows_agree(dir: &Path, args: &[&str]) {
    let whole = run(dir, args, None);
    for window in WINDOWS {
        let windowed = run(dir, args, Some(window));
        assert_eq!(
            String::from_utf8_lossy(&windowed.stdout),
            String::from_utf8_lossy(&whole.stdout),
            "stdout of {args:?} at a window of {window}"
        );
        assert_eq!(
            String::from_utf8_lossy(&windowed.stderr),
            String::from_utf8_lossy(&whole.stderr),
            "stderr of {args:?} at a window of {window}"
        );
        assert_eq!(windowed.status.code(), whole.status.code(), "{args:?}");
    }
}

fn names(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn validate_says_the_same_a_window_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let files = names(&files(dir.path()));
    for file in &files {
        for args in [
            vec!["validate", file],
            vec!["validate", "--format", "json", file],
            vec!["validate", "--strict", file],
        ] {
            assert_windows_agree(dir.path(), &args);
        }
    }
    // Several inputs at once, of both formats.
    let all: Vec<&str> = files.iter().map(String::as_str).collect();
    assert_windows_agree(
        dir.path(),
        &[&["validate", "--format", "json"], &all[..]].concat(),
    );
    assert_windows_agree(dir.path(), &[&["validate"], &all[..]].concat());
}

#[test]
fn stats_convert_find_and_dedup_say_the_same_a_window_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let files = names(&files(dir.path()));
    for file in &files {
        for args in [
            vec!["stats", file],
            vec!["stats", "--format", "json", file],
            vec!["convert", "--to", "kif", "--output-encoding", "utf-8", file],
            vec!["convert", "--to", "usi", file],
            vec!["find", "moves>2", file],
        ] {
            assert_windows_agree(dir.path(), &args);
        }
    }
    let all: Vec<&str> = files.iter().map(String::as_str).collect();
    assert_windows_agree(dir.path(), &[&["dedup"], &all[..]].concat());
    assert_windows_agree(dir.path(), &[&["find", "moves>2"], &all[..]].concat());
}

/// Every file of `dir`, by name, with its bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn split_writes_the_same_files_a_window_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let files = names(&files(dir.path()));
    for file in &files {
        let whole = run(
            dir.path(),
            &["split", "-q", "--out-dir", "whole", file],
            None,
        );
        for window in WINDOWS {
            let out = format!("w{window}");
            let windowed = run(
                dir.path(),
                &["split", "-q", "--out-dir", &out, file],
                Some(window),
            );
            assert_eq!(
                windowed.stderr, whole.stderr,
                "{file} at a window of {window}"
            );
            assert_eq!(windowed.status.code(), whole.status.code());
            assert_eq!(
                contents(&dir.path().join(&out)),
                contents(&dir.path().join("whole")),
                "{file} at a window of {window}"
            );
            std::fs::remove_dir_all(dir.path().join(&out)).unwrap();
        }
        std::fs::remove_dir_all(dir.path().join("whole")).unwrap();
    }
}

#[test]
fn the_size_limit_bounds_each_record_of_a_file_read_a_window_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.csa"), csa_games()).unwrap();
    let one = "V2.2\nPI\n+\n+7776FU\n-3334FU\n".to_string() + &"'a comment\n".repeat(40);
    std::fs::write(dir.path().join("one.csa"), &one).unwrap();
    // Each game is within the limit, the file is not: read a window at a time, it is read.
    let args = ["validate", "--max-file-size", "400", "games.csa"];
    let whole = run(dir.path(), &args, None);
    assert_eq!(whole.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&whole.stdout).contains("larger than the limit of 400"));
    let windowed = run(dir.path(), &args, Some("64"));
    let said = String::from_utf8_lossy(&windowed.stdout);
    assert!(!said.contains("larger than the limit"), "{said}");
    let unlimited = run(dir.path(), &["validate", "games.csa"], None);
    assert_eq!(said, String::from_utf8_lossy(&unlimited.stdout));
    // A file of one record over the limit is refused as before.
    let args = ["validate", "--max-file-size", "100", "one.csa"];
    let refused = format!(
        "one.csa: error[unreadable]: one.csa is {} bytes, larger than the limit of 100 bytes\n",
        one.len()
    );
    for window in [None, Some("1"), Some("64")] {
        let out = run(dir.path(), &args, window);
        assert_eq!(String::from_utf8_lossy(&out.stdout), refused, "{window:?}");
        assert_eq!(out.status.code(), Some(2));
    }
}

/// A FIFO is never opened twice (the first open would take its writer): it is read whole,
/// as before, even when every file is to be read a window at a time.
#[cfg(unix)]
#[test]
fn a_fifo_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("games.csa");
    let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let text = csa_games();
    let writer = {
        let fifo = fifo.clone();
        let text = text.clone();
        std::thread::spawn(move || std::fs::write(fifo, text).unwrap())
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogi-tool"))
        .current_dir(dir.path())
        .args(["validate", "--format", "json", "games.csa"])
        .env("SHOGI_TOOL_READ_WINDOW", "7")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A hang is the failure: give up after a minute rather than wait for ever.
    let mut waited = 0;
    while child.try_wait().unwrap().is_none() {
        if waited == 600 {
            child.kill().unwrap();
            panic!("validate on a FIFO did not finish");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    std::fs::remove_file(&fifo).unwrap();
    std::fs::write(&fifo, text).unwrap();
    let file = run(
        dir.path(),
        &["validate", "--format", "json", "games.csa"],
        None,
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&file.stdout)
    );
}

/// Runs the binary with `args` and the environment `envs`, output discarded; returns (exit
/// code, peak RSS in KiB), from the kernel for the child alone (`common::child`).
#[cfg(target_os = "linux")]
fn peak_rss_kib_with(args: &[&std::ffi::OsStr], envs: &[(&str, &str)]) -> (i32, u64) {
    let mut run = crate::common::child::Run::tool().args(args);
    for (k, v) in envs {
        run = run.env(k, v);
    }
    let u = run.measure();
    (u.code.expect("the tool exited normally"), u.peak_kib)
}

/// A game with a foul (a pawn dropped from an empty hand), which human `validate` shows with
/// its line: the line index of the text it is read from is built.
const FOUL_GAME: &str = "PI\n+\n+7776FU\n-3334FU\n+0055FU\n%TORYO\n";

/// Peak RSS (KiB) of `args` on a file of `games` foul games read `window` bytes at a time
/// (`SHOGI_TOOL_READ_WINDOW`, debug builds only), under a size limit smaller than the file.
#[cfg(target_os = "linux")]
fn peak_windowed(args: &[&str], games: usize, window: &str) -> u64 {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.csa");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..games {
        out.write_all(FOUL_GAME.as_bytes()).unwrap();
        out.write_all(b"/\n").unwrap();
    }
    out.into_inner().unwrap().sync_all().unwrap();
    let mut all: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    all.extend([
        "--max-file-size".as_ref(),
        "1000000".as_ref(),
        path.as_os_str(),
    ]);
    let (code, kib) = peak_rss_kib_with(&all, &[("SHOGI_TOOL_READ_WINDOW", window)]);
    assert!(code <= 1, "{args:?} exit status {code}");
    eprintln!("{args:?} on {games} foul games, {window}-byte windows: peak RSS {kib} KiB");
    kib
}

#[test]
#[cfg(target_os = "linux")]
fn a_file_read_a_window_at_a_time_holds_a_window_not_the_file() {
    // From 50,000 games (1.6 MB) to 400,000 (12.8 MB), 14 times the size limit, read 64 KiB at
    // a time: the peak grows by less than an eighth of the text's growth. Read whole, human
    // `validate` held the text and a line index of all of it (more than the text's growth:
    // 2.2 times it), and a file over the limit was refused.
    let (small, large) = (50_000usize, 400_000usize);
    let text_growth = ((large - small) * (FOUL_GAME.len() + 2)) as u64;
    for args in [
        &["validate"][..],
        &["validate", "--format", "json"],
        &["stats"],
        &["convert", "--to", "usi"],
    ] {
        let peak_small = peak_windowed(args, small, "65536") * 1024;
        let peak_large = peak_windowed(args, large, "65536") * 1024;
        let growth = peak_large.saturating_sub(peak_small);
        assert!(
            growth < text_growth / 8,
            "{args:?}: peak grew by {growth} bytes from {small} to {large} games, for {text_growth} bytes of text"
        );
    }
}
