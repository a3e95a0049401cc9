//! Memory ceilings: the peak resident memory of the binary on a generated multi-game CSA file
//! (20,000 short games, about 1 MB), read from the kernel with `wait4` (the child's own
//! `ru_maxrss`, so tests running in parallel do not count).
//!
//! These ceilings document today's behaviour, not the goal: `validate` and `stats` still hold
//! every game's result of a multi-game file until the end (about 140 bytes a game for
//! `validate`, about 900 for `stats`; see BENCHMARKS.md), so they grow with the number of games
//! in a file. When that streams, lower them.

#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};

/// One short legal game, resigned (the same as `scripts/gen_multi_csa.py`).
const GAME: &str = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n";

/// A multi-game CSA file of `n` games separated by `/`.
fn multi_game_csa(n: usize) -> String {
    let mut s = String::with_capacity(n * (GAME.len() + 2));
    for i in 0..n {
        if i > 0 {
            s.push_str("/\n");
        }
        s.push_str(GAME);
    }
    s
}

/// Runs the binary with `args`, output discarded; returns (exit code, peak RSS in KiB).
// The child is reaped by `wait4` below, which clippy cannot see.
#[allow(clippy::zombie_processes)]
fn peak_rss_kib(args: &[&std::ffi::OsStr]) -> (i32, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_shogi-tool"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn shogi-tool");
    let mut status = 0;
    // SAFETY: zeroed rusage is a valid value; wait4 fills it for this child only.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(libc::WIFEXITED(status), "child did not exit normally");
    // Linux reports ru_maxrss in KiB.
    (libc::WEXITSTATUS(status), usage.ru_maxrss as u64)
}

fn check(subcommand: &str, games: usize, ceiling_mib: u64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.csa");
    std::fs::write(&path, multi_game_csa(games)).unwrap();
    let (code, kib) = peak_rss_kib(&[subcommand.as_ref(), path.as_os_str()]);
    assert_eq!(code, 0, "{subcommand} exit status");
    eprintln!("{subcommand} on {games} games: peak RSS {kib} KiB");
    assert!(
        kib <= ceiling_mib * 1024,
        "{subcommand} on {games} games used {kib} KiB, over the {ceiling_mib} MiB ceiling"
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
fn validate_on_20000_games_stays_under_its_ceiling() {
    // Today: about 9 MiB (debug build); holds one small result per game.
    check("validate", 20_000, 32);
}

#[test]
fn stats_on_20000_games_stays_under_its_ceiling() {
    // Today: about 24 MiB (debug build); holds every game's summary until the end.
    check("stats", 20_000, 64);
}
