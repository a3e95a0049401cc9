//! Faults and hostile input (issue 22): the tool never panics, never destroys or half-writes a
//! file, and cleans up after SIGINT/SIGTERM.

use std::path::{Path, PathBuf};
use std::process::{Child, Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::{assert_code, no_panic, root, tool};

/// `/dev/full` opened for writing (every write fails: no space left), or `None`, said, where
/// there is none.
fn dev_full() -> Option<std::fs::File> {
    if !Path::new("/dev/full").exists() {
        eprintln!("no /dev/full: skipped");
        return None;
    }
    Some(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("shogi-tool")
}

/// A KIF record with a few moves.
const KIF: &str = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

mod never_panic {
    use super::*;

    #[test]
    fn a_hand_of_two_hundred_pawns_is_drawn() {
        let out = tool()
            .args(["board", "--sfen", "9/9/9/9/4k4/9/9/9/4K4 b 200P 1"])
            .output()
            .unwrap();
        no_panic(&out);
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("歩200"));
    }

    /// A pipe whose reading end is already closed: every write fails with EPIPE.
    #[cfg(unix)]
    fn closed_pipe() -> Stdio {
        use std::os::fd::FromRawFd;
        let mut fds = [0; 2];
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        unsafe { libc::close(fds[0]) };
        unsafe { Stdio::from_raw_fd(fds[1]) }
    }

    #[cfg(unix)]
    #[test]
    fn a_closed_standard_output_ends_quietly() {
        for args in [
            vec!["completions", "bash"],
            vec!["guide"],
            vec!["perft", "3", "--divide"],
            vec!["positions", "testdata/fouls/nifu.usi"],
            vec!["validate", "testdata/fouls"],
        ] {
            let out = StdCommand::new(bin())
                .current_dir(root())
                .args(&args)
                .stdout(closed_pipe())
                .output()
                .unwrap();
            no_panic(&out);
            assert!(out.status.code().is_some(), "{args:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_closed_standard_error_loses_messages_not_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let out = StdCommand::new(bin())
            .current_dir(root())
            .args(["convert", "testdata/broken", "--to", "csa", "--out-dir"])
            .arg(dir.path())
            .stderr(closed_pipe())
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2)); // testdata/broken does not convert
        let validate = StdCommand::new(bin())
            .current_dir(root())
            .args(["validate", "testdata/broken"])
            .stderr(closed_pipe())
            .output()
            .unwrap();
        no_panic(&validate);
        assert_eq!(validate.status.code(), Some(2));
    }

    #[test]
    fn a_full_standard_error_keeps_the_exit_status() {
        let Some(full) = dev_full() else {
            return;
        };
        let out = StdCommand::new(bin())
            .current_dir(root())
            .args(["validate", "testdata/fouls/nifu.usi"])
            .stderr(full)
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(1));
    }

    #[test]
    fn a_full_standard_output_is_an_error() {
        let Some(full) = dev_full() else {
            return;
        };
        let out = StdCommand::new(bin())
            .args(["completions", "bash"])
            .stdout(full)
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2));
    }

    /// Every subcommand, with a closed and a full standard output and standard error: no
    /// panic; a closed standard error and a full one keep the exit status of a normal run, a
    /// closed standard output ends the run quietly (its status, or 0 when it stopped early),
    /// and a full standard output is an error (exit 2) for those that print results.
    #[cfg(unix)]
    #[test]
    fn every_subcommand_survives_closed_and_full_streams() {
        let has_full = Path::new("/dev/full").exists();
        if !has_full {
            eprintln!("no /dev/full: the full-stream cases are skipped");
        }
        let dir = tempfile::tempdir().unwrap();
        let out = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
        let (split_dir, joined) = (out("split"), out("joined.csa"));
        let two = "testdata/samples/two-games.csa";
        let cases: Vec<(Vec<&str>, i32, bool)> = vec![
            (vec!["validate", "testdata/fouls/nifu.usi"], 1, true),
            (
                vec!["convert", "testdata/samples/even-game.csa", "--to", "kif"],
                0,
                true,
            ),
            (
                vec!["find", "testdata/samples", "--position", "startpos"],
                0,
                true,
            ),
            (vec!["dedup", "testdata/samples"], 0, true),
            (vec!["split", two, "--out-dir", &split_dir], 0, false),
            (vec!["join", two, "--to", "csa", "-o", &joined], 0, false),
            (vec!["stats", "testdata/samples"], 0, true),
            (vec!["positions", "testdata/samples/even-game.csa"], 0, true),
            (vec!["impasse", "--sfen", "startpos"], 0, true),
            (vec!["board", "--sfen", "startpos"], 0, true),
            (vec!["drops", "--sfen", "startpos"], 0, true),
            (vec!["moves", "--sfen", "startpos"], 0, true),
            (vec!["guide"], 0, true),
            (vec!["perft", "2"], 0, true),
            (vec!["completions", "bash"], 0, true),
            (vec!["help"], 0, true),
        ];
        let full = || {
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap()
        };
        for (args, code, prints) in &cases {
            let run = |stdout: Stdio, stderr: Stdio| {
                // Each run writes anew (`split` and `join` do not replace files).
                let _ = std::fs::remove_dir_all(&split_dir);
                let _ = std::fs::remove_file(&joined);
                let out = StdCommand::new(bin())
                    .current_dir(root())
                    .args(args)
                    .stdin(Stdio::null())
                    .stdout(stdout)
                    .stderr(stderr)
                    .output()
                    .unwrap();
                no_panic(&out);
                out.status.code()
            };
            // Nobody reads: the run may end early, quietly (not an error, docs/cli.md).
            let closed = run(closed_pipe(), Stdio::null());
            assert!(
                closed == Some(*code) || closed == Some(0),
                "{args:?}, closed stdout: {closed:?}"
            );
            assert_eq!(
                run(Stdio::null(), closed_pipe()),
                Some(*code),
                "{args:?}, closed stderr"
            );
            if has_full {
                let expected = if *prints { 2 } else { *code };
                assert_eq!(
                    run(full().into(), Stdio::null()),
                    Some(expected),
                    "{args:?}, full stdout"
                );
                assert_eq!(
                    run(Stdio::null(), full().into()),
                    Some(*code),
                    "{args:?}, full stderr"
                );
            }
        }
    }

    /// Issue 33: a full standard output said only `No space left on device`; the message now
    /// says it was standard output, for every subcommand that prints results (exit 2, as
    /// docs/cli.md says for an output that cannot be written).
    #[cfg(unix)]
    #[test]
    fn a_full_standard_output_is_named_in_the_message() {
        for args in [
            vec!["validate", "testdata/fouls/nifu.usi"],
            vec!["validate", "--format", "json", "testdata/samples"],
            vec!["convert", "testdata/samples/even-game.csa", "--to", "kif"],
            vec!["stats", "testdata/samples"],
            vec!["positions", "testdata/samples/even-game.csa"],
            vec!["board", "--sfen", "startpos"],
            vec!["perft", "2"],
            vec!["completions", "bash"],
            vec!["help"],
        ] {
            let Some(full) = dev_full() else { return };
            let out = StdCommand::new(bin())
                .current_dir(root())
                .args(&args)
                .stdin(Stdio::null())
                .stdout(full)
                .output()
                .unwrap();
            no_panic(&out);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.starts_with("shogi-tool: error: cannot write to standard output: "),
                "{args:?}: {err}"
            );
            assert!(err.contains("No space left on device"), "{args:?}: {err}");
        }
    }
}

mod never_destroy {
    use super::*;

    #[test]
    fn a_failed_conversion_leaves_the_target_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let keep = dir.path().join("keep.csa");
        std::fs::write(&keep, "precious\n").unwrap();
        tool()
            .current_dir(dir.path())
            .args([
                "convert", "typo.kif", "--to", "csa", "-o", "keep.csa", "--force",
            ])
            .assert()
            .code(2);
        assert_eq!(std::fs::read_to_string(&keep).unwrap(), "precious\n");
        tool()
            .current_dir(dir.path())
            .args(["convert", "typo.kif", "--to", "csa", "-o", "new.csa"])
            .assert()
            .code(2);
        assert_eq!(names(dir.path()), ["keep.csa"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.kif"), KIF).unwrap();
        let fifo = dir.path().join("out.fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let out = tool()
            .current_dir(dir.path())
            .args([
                "convert", "a.kif", "--to", "csa", "-o", "out.fifo", "--force",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("is a FIFO: written into"));
        assert!(reader.join().unwrap().contains("+7776FU"));
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        assert_eq!(names(dir.path()), ["a.kif", "out.fifo"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_node_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        if unsafe { libc::geteuid() } != 0 {
            eprintln!("not root: cannot make a device node; skipped");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.kif"), KIF).unwrap();
        let null = dir.path().join("null");
        let c = std::ffi::CString::new(null.to_str().unwrap()).unwrap();
        if unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) } != 0 {
            eprintln!("mknod refused (a container?); skipped");
            return;
        }
        let out = tool()
            .current_dir(dir.path())
            .args(["convert", "a.kif", "--to", "csa", "-o", "null", "--force"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let ft = std::fs::symlink_metadata(&null).unwrap().file_type();
        assert!(ft.is_char_device());
        assert!(String::from_utf8_lossy(&out.stderr).contains("character device"));
    }

    /// `-o /dev/stdout`: a link to the standard output is written into. (Tested through a link of
    /// its own to `/proc/self/fd/1`, so that a regression replaces that link, not `/dev/stdout`.)
    #[cfg(target_os = "linux")]
    #[test]
    fn a_link_to_standard_output_is_written_into() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.kif"), KIF).unwrap();
        std::os::unix::fs::symlink("/proc/self/fd/1", dir.path().join("stdout")).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["convert", "a.kif", "--to", "csa", "-o", "stdout", "--force"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("+7776FU"),
            "{out:?}"
        );
        let link = std::fs::symlink_metadata(dir.path().join("stdout")).unwrap();
        assert!(link.file_type().is_symlink());
    }

    #[test]
    fn stats_games_does_not_replace_a_file_without_force() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.kif"), KIF).unwrap();
        std::fs::write(dir.path().join("games.jsonl"), "keep\n").unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["stats", "a.kif", "--games", "games.jsonl", "-q"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
        let games = dir.path().join("games.jsonl");
        assert_eq!(std::fs::read_to_string(&games).unwrap(), "keep\n");
        tool()
            .current_dir(dir.path())
            .args(["stats", "a.kif", "--games", "games.jsonl", "-q", "--force"])
            .assert()
            .success();
        assert!(std::fs::read_to_string(&games)
            .unwrap()
            .contains("\"plies\":2"));
        assert_eq!(names(dir.path()), ["a.kif", "games.jsonl"]);
    }

    #[cfg(unix)]
    #[test]
    fn outputs_follow_the_umask_and_a_replaced_file_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        use std::os::unix::process::CommandExt;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.kif"), KIF).unwrap();
        let run = |args: &[&str]| {
            let mut c = StdCommand::new(bin());
            c.current_dir(dir.path()).args(args);
            unsafe {
                c.pre_exec(|| {
                    libc::umask(0o022);
                    Ok(())
                });
            }
            assert!(c.output().unwrap().status.success());
        };
        let mode = |name: &str| {
            std::fs::metadata(dir.path().join(name))
                .unwrap()
                .permissions()
                .mode()
                & 0o777
        };
        run(&["convert", "a.kif", "--to", "csa", "-o", "new.csa"]);
        assert_eq!(mode("new.csa"), 0o644);
        std::fs::write(dir.path().join("old.csa"), "old").unwrap();
        std::fs::set_permissions(
            dir.path().join("old.csa"),
            std::fs::Permissions::from_mode(0o640),
        )
        .unwrap();
        run(&[
            "convert", "a.kif", "--to", "csa", "-o", "old.csa", "--force",
        ]);
        assert_eq!(mode("old.csa"), 0o640);
        assert!(std::fs::read_to_string(dir.path().join("old.csa"))
            .unwrap()
            .contains("+7776FU"));
    }
}

/// Signals: the run is held open by an input that is a FIFO nobody writes to (`b.kif`), then
/// signalled.
#[cfg(unix)]
mod signals {
    use super::*;

    /// Writes `a.kif` and the FIFO `b.kif` into `dir`.
    fn inputs(dir: &Path) {
        std::fs::write(dir.join("a.kif"), KIF).unwrap();
        let c = std::ffi::CString::new(dir.join("b.kif").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    }

    /// Starts the tool in `dir`.
    fn start(dir: &Path, args: &[&str]) -> Child {
        StdCommand::new(bin())
            .current_dir(dir)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    }

    /// Waits until `cond` holds (at most 20 s).
    fn wait_for(mut cond: impl FnMut() -> bool) {
        let start = Instant::now();
        while !cond() {
            assert!(start.elapsed() < Duration::from_secs(20), "timed out");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn temp_files(dir: &Path) -> Vec<String> {
        names(dir)
            .into_iter()
            .filter(|n| n.starts_with(".shogi-tool-") && n.ends_with(".tmp"))
            .collect()
    }

    fn signal(child: &mut Child, sig: i32) -> std::process::ExitStatus {
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(unsafe { libc::kill(child.id() as i32, sig) }, 0);
        child.wait().unwrap()
    }

    #[test]
    fn sigint_during_stats_games_leaves_no_file_and_keeps_an_old_one() {
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let mut child = start(
            dir.path(),
            &["stats", "a.kif", "b.kif", "--games", "g.jsonl"],
        );
        wait_for(|| !temp_files(dir.path()).is_empty());
        let status = signal(&mut child, libc::SIGINT);
        assert_eq!(status.code(), Some(130));
        assert_eq!(names(dir.path()), ["a.kif", "b.kif"]);

        std::fs::write(dir.path().join("g.jsonl"), "old\n").unwrap();
        let mut child = start(
            dir.path(),
            &["stats", "a.kif", "b.kif", "--games", "g.jsonl", "--force"],
        );
        wait_for(|| !temp_files(dir.path()).is_empty());
        let status = signal(&mut child, libc::SIGTERM);
        assert_eq!(status.code(), Some(143));
        assert_eq!(names(dir.path()), ["a.kif", "b.kif", "g.jsonl"]);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap(),
            "old\n"
        );
    }

    #[test]
    fn sigterm_during_convert_o_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let mut child = start(
            dir.path(),
            &["convert", "a.kif", "b.kif", "--to", "csa", "-o", "all.csa"],
        );
        // The output is streamed: under way while the second input is still awaited.
        wait_for(|| !temp_files(dir.path()).is_empty());
        let status = signal(&mut child, libc::SIGTERM);
        assert_eq!(status.code(), Some(143));
        assert_eq!(names(dir.path()), ["a.kif", "b.kif"]);
    }

    /// Starts the tool in `dir` with the environment variable `var` set to `value`.
    fn start_with(dir: &Path, args: &[&str], var: &str, value: &str) -> Child {
        StdCommand::new(bin())
            .current_dir(dir)
            .args(args)
            .env(var, value)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    }

    /// Outputs of an --out-dir run are put in place a batch at a time: a signal while a.kif's
    /// output waits for its batch (b.kif still awaited) removes it, and leaves nothing.
    #[test]
    fn sigint_during_convert_out_dir_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let mut child = start(
            dir.path(),
            &["convert", "a.kif", "b.kif", "--to", "csa", "--out-dir", "o"],
        );
        let fifo = dir.path().join("b.kif");
        std::thread::spawn(move || std::fs::write(fifo, KIF));
        let out = dir.path().join("o");
        wait_for(|| out.exists() && !temp_files(&out).is_empty());
        let status = signal(&mut child, libc::SIGINT);
        assert_eq!(status.code(), Some(130));
        assert!(names(&out).is_empty(), "{:?}", names(&out));
    }

    /// With batches of one file (a seam of debug builds), a.kif's output is in place before
    /// b.kif is read: the signal keeps it.
    #[test]
    fn sigint_during_convert_out_dir_keeps_finished_outputs() {
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let mut child = start_with(
            dir.path(),
            &["convert", "a.kif", "b.kif", "--to", "csa", "--out-dir", "o"],
            "SHOGI_TOOL_BATCH_FILES",
            "1",
        );
        // --out-dir reads every input once to settle the names: the FIFO gives a record that
        // time, and blocks the second, while a.kif's output is written.
        let fifo = dir.path().join("b.kif");
        std::thread::spawn(move || std::fs::write(fifo, KIF));
        let out = dir.path().join("o");
        wait_for(|| out.join("a.csa").exists());
        let status = signal(&mut child, libc::SIGINT);
        assert_eq!(status.code(), Some(130));
        assert_eq!(names(&out), ["a.csa"]);
        assert!(std::fs::read_to_string(out.join("a.csa"))
            .unwrap()
            .contains("%TORYO"));
    }

    /// A pseudo-terminal: the master end (read by the test) and the slave end (the child's
    /// standard error, so that the progress bar shows).
    fn pty() -> (std::fs::File, Stdio) {
        use std::os::fd::FromRawFd;
        unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(master >= 0);
            assert_eq!(libc::grantpt(master), 0);
            assert_eq!(libc::unlockpt(master), 0);
            let name = std::ffi::CStr::from_ptr(libc::ptsname(master)).to_owned();
            let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
            assert!(slave >= 0);
            (
                std::fs::File::from_raw_fd(master),
                Stdio::from_raw_fd(slave),
            )
        }
    }

    #[test]
    fn sigint_clears_the_stats_progress_bar() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let (mut master, slave) = pty();
        let mut child = StdCommand::new(bin())
            .current_dir(dir.path())
            .args(["stats", "a.kif", "b.kif", "--games", "g.jsonl"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(slave)
            .spawn()
            .unwrap();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        {
            let seen = seen.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = master.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    seen.lock().unwrap().extend_from_slice(&buf[..n]);
                }
            });
        }
        // The bar shows once the first file is read.
        wait_for(|| String::from_utf8_lossy(&seen.lock().unwrap()).contains("1/2 files"));
        let status = signal(&mut child, libc::SIGINT);
        assert_eq!(status.code(), Some(130));
        std::thread::sleep(Duration::from_millis(200));
        let text = String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
        let bar = text.rfind("1/2 files").unwrap();
        assert!(
            text[bar..].contains("\x1b[2K"),
            "the bar was not cleared: {text:?}"
        );
        assert_eq!(names(dir.path()), ["a.kif", "b.kif"]);
    }

    /// Reads everything the child writes to the pseudo-terminal, in the background.
    fn collect(mut master: std::fs::File) -> std::sync::Arc<std::sync::Mutex<Vec<u8>>> {
        use std::io::Read;
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = master.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        seen
    }

    /// `convert` over many files shows a progress bar on a terminal, as `stats` does, while it
    /// runs (the second input, a FIFO, is not yet readable when the bar says 1/2), clears it
    /// before the summary, and shows none when standard error is not a terminal.
    #[test]
    fn convert_shows_progress_on_a_terminal_only() {
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let (master, slave) = pty();
        let mut child = StdCommand::new(bin())
            .current_dir(dir.path())
            .args(["convert", "a.kif", "b.kif", "--to", "csa", "-o", "all.csa"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(slave)
            .spawn()
            .unwrap();
        let seen = collect(master);
        wait_for(|| String::from_utf8_lossy(&seen.lock().unwrap()).contains("1/2 files"));
        std::fs::write(dir.path().join("b.kif"), KIF).unwrap();
        assert_eq!(child.wait().unwrap().code(), Some(0));
        wait_for(|| String::from_utf8_lossy(&seen.lock().unwrap()).contains("wrote all.csa"));
        let text = String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
        let bar = text.rfind(" files, ").unwrap();
        let summary = text.rfind("wrote all.csa (2 records)").unwrap();
        assert!(
            text[bar..summary].contains("\x1b[2K"),
            "the bar was not cleared before the summary: {text:?}"
        );

        // Not a terminal: no bar.
        let out = StdCommand::new(bin())
            .current_dir(dir.path())
            .args(["convert", "a.kif", "a.kif", "--to", "csa", "-o", "two.csa"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "wrote two.csa (2 records)\n"
        );
    }
}

mod limits_and_meaning {
    use super::*;

    #[test]
    fn the_largest_max_file_size_means_no_limit() {
        let out = tool()
            .current_dir(root())
            .args([
                "validate",
                "testdata/fouls/nifu.usi",
                "--max-file-size",
                "18446744073709551615",
                "--format",
                "json",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("nifu"));
    }

    #[test]
    fn a_move_out_of_turn_is_refused_by_usi_and_sfen_under_strict() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("t.csa"),
            "V2.2\nPI\n+\n+7776FU\n+2726FU\n-3334FU\n",
        )
        .unwrap();
        for to in ["usi", "sfen", "kif"] {
            let out = tool()
                .current_dir(dir.path())
                .args(["convert", "t.csa", "--to", to, "--strict"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{to}: {out:?}");
            assert!(out.stdout.is_empty(), "{to}");
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("out of turn"),
                "{to}: {out:?}"
            );
        }
        // Without --strict: written, with a warning.
        let out = tool()
            .current_dir(dir.path())
            .args(["convert", "t.csa", "--to", "usi"])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("out of turn"));
    }
}

mod machine {
    use super::*;

    /// One undecodable line in a file of 1,000 games is reported once, by its record.
    #[test]
    fn an_encoding_problem_belongs_to_its_record() {
        let dir = tempfile::tempdir().unwrap();
        let mut data = "startpos moves 7g7f 3c3d\n".repeat(999).into_bytes();
        data.extend_from_slice(b"startpos moves 7g7f ");
        data.extend_from_slice(&[0xff; 1000]);
        data.push(b'\n');
        std::fs::write(dir.path().join("bad.sfen"), &data).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["validate", "bad.sfen", "--format", "json"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 1000);
        let with: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("invalid-bytes"))
            .collect();
        assert_eq!(with.len(), 1, "{}", &text[..2000.min(text.len())]);
        assert!(with[0].contains("\"record\":999"), "{}", with[0]);
        assert!(out.stdout.len() < 400_000, "{} bytes", out.stdout.len());

        // CSA (read in spans): the bad bytes in the second game are the second game's.
        let csa =
            b"V2.2\nPI\n+\n+7776FU\n/\nV2.2\nPI\n+\n'\xff\xfe\n+7776FU\n/\nV2.2\nPI\n+\n+7776FU\n";
        std::fs::write(dir.path().join("three.csa"), csa).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args([
                "validate",
                "three.csa",
                "--format",
                "json",
                "--encoding",
                "utf-8",
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 3, "{text}");
        assert!(!rows[0].contains("invalid-bytes"), "{text}");
        assert!(rows[1].contains("invalid-bytes"), "{text}");
        assert!(!rows[2].contains("invalid-bytes"), "{text}");
    }
}

#[test]
fn jobs_are_capped_with_a_note() {
    let out = tool()
        .current_dir(root())
        .args(["validate", "testdata/fouls/nifu.usi", "-j", "100000"])
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-j 100000 capped at"));
}

/// Runs the tool in `dir` with every file it writes capped at `limit` bytes (RLIMIT_FSIZE, with
/// SIGXFSZ ignored: a longer write fails as on a full disk).
#[cfg(target_os = "linux")]
fn with_file_size_limit(dir: &Path, limit: u64, args: &[&str]) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    let mut c = StdCommand::new(bin());
    c.current_dir(dir).args(args);
    unsafe {
        c.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let lim = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &lim);
            Ok(())
        });
    }
    c.output().unwrap()
}

/// A disk that fills up (here: a file size limit, RLIMIT_FSIZE) stops `convert --out-dir` at
/// the first write error instead of one error a file.
#[cfg(target_os = "linux")]
#[test]
fn convert_stops_at_the_first_write_error() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..5 {
        std::fs::write(dir.path().join(format!("g{i}.kif")), KIF).unwrap();
    }
    let out = with_file_size_limit(
        dir.path(),
        10,
        &[
            "convert",
            "g0.kif",
            "g1.kif",
            "g2.kif",
            "g3.kif",
            "g4.kif",
            "--to",
            "csa",
            "--out-dir",
            "o",
            "-j",
            "1",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("cannot write").count(), 1, "{err}");
    assert!(err.contains("stopped after a write error"), "{err}");
    let left: Vec<String> = names(&dir.path().join("o"));
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn cr_only_line_ends_read_like_any_other() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mac.kif"), KIF.replace('\n', "\r")).unwrap();
    let out = tool()
        .current_dir(dir.path())
        .args(["validate", "mac.kif", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"plies\":2"), "{text}");
    assert_eq!(out.status.code(), Some(0), "{text}");
}

/// NUL characters (U+0000 in UTF-16 text, `\u0000` in JKF strings) never reach an output,
/// which would then read as binary data; they are dropped with a warning.
#[test]
fn nul_characters_are_dropped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("n.jkf"),
        r#"{"header":{"先手":"A\u0000B"},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","color":0},"comments":["x\u0000y"]}]}"#,
    )
    .unwrap();
    let out = tool()
        .current_dir(dir.path())
        .args(["convert", "n.jkf", "--to", "kif", "-o", "n.kif"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("NUL characters"));
    assert!(!std::fs::read(dir.path().join("n.kif"))
        .unwrap()
        .contains(&0));
    tool()
        .current_dir(dir.path())
        .args(["validate", "n.kif"])
        .assert()
        .success();

    let mut utf16: Vec<u8> = vec![0xff, 0xfe];
    for u in "startpos moves 7g7f\u{0}\n".encode_utf16() {
        utf16.extend_from_slice(&u.to_le_bytes());
    }
    std::fs::write(dir.path().join("u.usi"), utf16).unwrap();
    let out = tool()
        .current_dir(dir.path())
        .args(["validate", "u.usi", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1 NUL character dropped"), "{text}");
    assert!(text.contains("\"plies\":1"), "{text}");
}

/// Links met while walking are skipped unless `--follow`; links named are followed; a link back
/// to a parent is reported, not walked.
mod symlinks {
    use super::*;
    use std::os::unix::fs::symlink;

    /// `stats --format json` of `args`: (files, number of failures).
    fn counts(args: &[&str]) -> (u64, usize) {
        let out = tool()
            .args(["stats", "--format", "json"])
            .args(args)
            .output()
            .unwrap();
        no_panic(&out);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        (
            v["files"].as_u64().unwrap(),
            v["failures"].as_array().map_or(0, Vec::len),
        )
    }

    #[test]
    fn links_met_while_walking_need_follow() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        let other = dir.path().join("other");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(games.join("a.kif"), KIF).unwrap();
        std::fs::write(other.join("b.kif"), KIF).unwrap();
        symlink(&other, games.join("sibling")).unwrap();
        symlink(other.join("b.kif"), games.join("linked.kif")).unwrap();
        symlink(&games, games.join("loop")).unwrap();
        let g = games.to_str().unwrap();
        // Walking: links skipped by default, the loop included.
        assert_eq!(counts(&[g]), (1, 0));
        // --follow: the sibling folder and the linked file are read; the loop is reported (a
        // failure, counted among the files).
        assert_eq!(counts(&["--follow", g]), (4, 1));
        // A link named on the command line is followed without --follow.
        let named = dir.path().join("named");
        symlink(&other, &named).unwrap();
        assert_eq!(counts(&[named.to_str().unwrap()]), (1, 0));
    }

    #[test]
    fn skipped_links_are_named_when_nothing_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        let other = dir.path().join("other");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("b.kif"), KIF).unwrap();
        symlink(&other, games.join("sibling")).unwrap();
        symlink(other.join("b.kif"), games.join("linked.kif")).unwrap();
        let out = tool().arg("validate").arg(&games).output().unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("nothing to read")
                && err.contains(
                    "2 symbolic links skipped (--follow follows links met while walking)"
                ),
            "{err}"
        );
        assert!(!err.contains("it holds no file"), "{err}");
        // With --follow both are read.
        let out = tool()
            .args(["validate", "--follow"])
            .arg(&games)
            .output()
            .unwrap();
        assert_code(&out, 0);
    }
}

/// A named path that cannot be opened is reported in its place and belongs to one shard.
mod order_and_shards {
    use super::*;

    #[test]
    fn a_missing_named_path_prints_in_order_and_in_one_shard() {
        let dir = tempfile::tempdir().unwrap();
        let paths: Vec<String> = ["a.kif", "missing.kif", "b.kif", "c.kif"]
            .iter()
            .map(|n| dir.path().join(n).display().to_string())
            .collect();
        for n in ["a.kif", "b.kif", "c.kif"] {
            std::fs::write(dir.path().join(n), KIF).unwrap();
        }
        let out = tool()
            .args(["validate", "--format", "json"])
            .args(&paths)
            .output()
            .unwrap();
        no_panic(&out);
        let order: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v["path"].as_str().map(str::to_string))
            .collect();
        assert_eq!(order, paths);
        let mut args = vec!["--format", "json"];
        args.extend(paths.iter().map(String::as_str));
        let parts = common::shard_parts(dir.path(), 3, &args);
        let v = common::merged_stats(&parts);
        assert_eq!(v["files"], 4);
        assert_eq!(v["failures"].as_array().unwrap().len(), 1);
    }
}

/// File names that are not UTF-8 (Linux file systems take any bytes but `/` and NUL): read
/// when named, listed in `--files-from` or found by walking; JSON gives the lossy `path` and
/// the exact bytes as `path_bytes` (base64), absent for UTF-8 names.
#[cfg(target_os = "linux")]
mod non_utf8_names {
    use super::*;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    /// A name with a Latin-1 byte (0xE9, `é`) and an invalid UTF-8 sequence.
    const NAME: &[u8] = b"caf\xe9-\xff\xfe.kif";

    /// Standard base64 decoding (the inverse of what the tool writes), written here apart
    /// from the tool's encoder.
    fn unbase64(s: &str) -> Vec<u8> {
        let value = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {s}"),
        };
        let mut out = Vec::new();
        let mut acc = 0u32;
        let mut bits = 0;
        for &c in s.as_bytes().iter().filter(|&&c| c != b'=') {
            acc = (acc << 6) | u32::from(value(c));
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                out.push((acc >> bits) as u8);
            }
        }
        out
    }

    /// A directory holding `ok.kif` and the non-UTF-8 name, both the same clean record.
    fn setup() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let odd = dir.path().join(OsStr::from_bytes(NAME));
        std::fs::write(&odd, KIF).unwrap();
        std::fs::write(dir.path().join("ok.kif"), KIF).unwrap();
        (dir, odd)
    }

    fn json_lines(out: &std::process::Output) -> Vec<serde_json::Value> {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }

    /// The object for the odd name holds its exact bytes; the UTF-8 one has no `path_bytes`.
    fn check_paths(lines: &[serde_json::Value], odd: &Path) {
        let exact = odd.as_os_str().as_bytes();
        let (odd_lines, ok_lines): (Vec<_>, Vec<_>) = lines
            .iter()
            .partition(|v| v["path"].as_str().unwrap().contains('\u{FFFD}'));
        assert_eq!(odd_lines.len(), 1, "{lines:?}");
        assert_eq!(
            unbase64(odd_lines[0]["path_bytes"].as_str().unwrap()),
            exact,
            "{lines:?}"
        );
        assert_eq!(
            odd_lines[0]["path"].as_str().unwrap(),
            odd.to_string_lossy(),
            "the lossy path"
        );
        assert!(
            ok_lines.iter().all(|v| v.get("path_bytes").is_none()),
            "{lines:?}"
        );
    }

    #[test]
    fn named_directly() {
        let (dir, odd) = setup();
        let out = tool()
            .args(["validate", "--format", "json"])
            .arg(&odd)
            .arg(dir.path().join("ok.kif"))
            .output()
            .unwrap();
        no_panic(&out);
        assert_code(&out, 0);
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 2);
        check_paths(&lines, &odd);
        // convert and board take it too.
        let target = dir.path().join("out.csa");
        let out = tool()
            .args(["convert", "--to", "csa", "-o"])
            .arg(&target)
            .arg(&odd)
            .output()
            .unwrap();
        assert_code(&out, 0);
        assert!(std::fs::read_to_string(&target)
            .unwrap()
            .contains("+7776FU"));
        let out = tool().arg("board").arg(&odd).output().unwrap();
        assert_code(&out, 0);
    }

    #[test]
    fn in_files_from() {
        let (dir, odd) = setup();
        let list = dir.path().join("list.txt");
        let mut bytes = odd.as_os_str().as_bytes().to_vec();
        bytes.extend_from_slice(b"\r\n");
        bytes.extend_from_slice(dir.path().join("ok.kif").as_os_str().as_bytes());
        bytes.push(b'\n');
        std::fs::write(&list, &bytes).unwrap();
        let out = tool()
            .args(["validate", "--format", "json", "--files-from"])
            .arg(&list)
            .output()
            .unwrap();
        no_panic(&out);
        assert_code(&out, 0);
        check_paths(&json_lines(&out), &odd);
        // The same list on standard input.
        let out = tool()
            .args(["validate", "--format", "json", "--files-from", "-"])
            .write_stdin(bytes)
            .output()
            .unwrap();
        assert_code(&out, 0);
        check_paths(&json_lines(&out), &odd);
    }

    #[test]
    fn found_by_walking() {
        let (dir, odd) = setup();
        let out = tool()
            .args(["validate", "--format", "json"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_code(&out, 0);
        check_paths(&json_lines(&out), &odd);
        // stats --games rows, and impasse, carry it too.
        let rows = dir.path().join("rows.jsonl");
        let out = tool()
            .args(["stats", "--quiet", "--games"])
            .arg(&rows)
            .arg(dir.path())
            .output()
            .unwrap();
        assert_code(&out, 0);
        let rows: Vec<serde_json::Value> = std::fs::read_to_string(&rows)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        check_paths(&rows, &odd);
        let out = tool()
            .args(["impasse", "--format", "json"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_code(&out, 0);
        check_paths(&json_lines(&out), &odd);
    }

    #[test]
    fn failures_name_the_exact_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let odd = dir.path().join(OsStr::from_bytes(b"bin\xff.kif"));
        std::fs::write(&odd, b"\0\0\0binary").unwrap();
        let out = tool()
            .args(["stats", "--format", "json"])
            .arg(&odd)
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let failure = &v["failures"][0];
        assert_eq!(
            unbase64(failure["path_bytes"].as_str().unwrap()),
            odd.as_os_str().as_bytes(),
            "{v}"
        );
        // --merge reads the key back.
        let part = dir.path().join("part.json");
        std::fs::write(&part, &out.stdout).unwrap();
        let m = common::merged_stats(&[part]);
        assert_eq!(m["failures"], v["failures"]);
        // A missing file named directly is a failure with its exact bytes as well.
        let missing = dir.path().join(OsStr::from_bytes(b"gone\xff.kif"));
        let out = tool()
            .args(["validate", "--format", "json"])
            .arg(&missing)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let lines = json_lines(&out);
        assert_eq!(
            unbase64(lines[0]["path_bytes"].as_str().unwrap()),
            missing.as_os_str().as_bytes()
        );
    }
}

/// Issue 28, "Files, links and terminals": links planted in output folders, the names `split`
/// makes, write errors, terminals and NUL-separated paths.
mod files_links_terminals {
    use super::*;
    use std::os::unix::fs::symlink;

    /// `n` CSA records of distinct games in one text (each a different reply to 7g7f).
    fn csa_games(n: usize, header: &str) -> String {
        let replies = [
            "-3334FU", "-8384FU", "-1314FU", "-9394FU", "-4132KI", "-6152KI",
        ];
        let mut text = String::new();
        for i in 0..n {
            if i > 0 {
                text.push_str("/\n");
            }
            text.push_str(&format!(
                "V2.2\n{header}PI\n+\n+7776FU\n{}\n%TORYO\n",
                replies[i % replies.len()]
            ));
        }
        text
    }

    /// Runs the tool in `dir` with every file it writes capped at 200 bytes (every write of a
    /// longer record fails as on a full disk).
    fn with_tiny_files(dir: &Path, args: &[&str]) -> std::process::Output {
        super::with_file_size_limit(dir, 200, args)
    }

    #[test]
    fn convert_out_dir_never_creates_files_through_a_linked_subfolder() {
        let dir = tempfile::tempdir().unwrap();
        let inputs = dir.path().join("in");
        std::fs::create_dir_all(inputs.join("sub")).unwrap();
        std::fs::write(inputs.join("sub/g.kif"), KIF).unwrap();
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::create_dir_all(dir.path().join("o")).unwrap();
        symlink(&outside, dir.path().join("o/sub")).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["convert", "in", "--to", "csa", "--out-dir", "o"])
            .output()
            .unwrap();
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("o/sub") && err.contains("symbolic link"),
            "{err}"
        );
        assert!(names(&outside).is_empty(), "{:?}", names(&outside));
    }

    #[test]
    fn convert_and_dedup_force_never_replace_the_target_of_a_planted_link() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("in")).unwrap();
        std::fs::write(dir.path().join("in/g.kif"), KIF).unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        std::fs::create_dir_all(dir.path().join("o")).unwrap();
        symlink(&victim, dir.path().join("o/g.csa")).unwrap();
        symlink(&victim, dir.path().join("o/g.kif")).unwrap();
        for args in [
            &["convert", "in", "--to", "csa", "--out-dir", "o", "--force"][..],
            &["dedup", "in", "--out-dir", "o", "--force"][..],
        ] {
            let out = tool().current_dir(dir.path()).args(args).output().unwrap();
            no_panic(&out);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains("symbolic link"), "{args:?}: {err}");
            assert_eq!(
                std::fs::read_to_string(&victim).unwrap(),
                "keep",
                "{args:?}"
            );
        }
    }

    #[test]
    fn split_writes_a_name_of_four_byte_characters() {
        let dir = tempfile::tempdir().unwrap();
        let long = "\u{1F600}".repeat(100);
        let text = csa_games(2, &format!("N+{long}\nN--rf\n"));
        std::fs::write(dir.path().join("g.csa"), text).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["split", "g.csa", "--out-dir", "o"])
            .output()
            .unwrap();
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        let written = names(&dir.path().join("o"));
        assert_eq!(written.len(), 2, "{written:?}");
        assert!(written.iter().all(|n| n.len() <= 255), "{written:?}");
    }

    #[test]
    fn split_names_never_start_with_a_dash() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("g.csa"), csa_games(1, "N+-rf\nN-x\n")).unwrap();
        std::fs::write(dir.path().join("h.csa"), csa_games(1, "N+--help\nN-y\n")).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["split", "g.csa", "h.csa", "--out-dir", "o"])
            .output()
            .unwrap();
        assert_code(&out, 0);
        let written = names(&dir.path().join("o"));
        assert_eq!(written, ["help-y.csa", "rf-x.csa"]);
    }

    #[test]
    fn split_runs_into_one_folder_at_once_take_the_next_free_names() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("g.csa"), csa_games(300, "")).unwrap();
        let runs: Vec<Child> = (0..4)
            .map(|_| {
                StdCommand::new(bin())
                    .current_dir(dir.path())
                    .args(["split", "g.csa", "--out-dir", "o", "-q"])
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{err}");
            assert!(err.is_empty(), "{err}");
        }
        assert_eq!(names(&dir.path().join("o")).len(), 1200);
    }

    #[test]
    fn split_that_writes_nothing_creates_no_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("bad.csa"), "V2.2\nPI\n+\n+1199ZZ\n").unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["split", "bad.csa", "--out-dir", "o"])
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2));
        assert!(!dir.path().join("o").exists());
    }

    #[test]
    fn split_and_dedup_stop_at_the_first_write_error() {
        let dir = tempfile::tempdir().unwrap();
        // Records of more than 200 bytes (dedup's own temporary file stays below).
        let padding = format!("N+{}\n", "a".repeat(250));
        std::fs::write(dir.path().join("g.csa"), csa_games(30, &padding)).unwrap();
        std::fs::write(dir.path().join("h.csa"), csa_games(6, &padding)).unwrap();
        for (args, left) in [
            (&["split", "g.csa", "--out-dir", "o", "-j", "1"][..], 29),
            (&["dedup", "h.csa", "--out-dir", "p", "-j", "1"][..], 5),
        ] {
            let out = with_tiny_files(dir.path(), args);
            no_panic(&out);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.matches("cannot write").count(), 1, "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "stopped after a write error: {left} more records not written"
                )),
                "{args:?}: {err}"
            );
        }
    }
}

/// Issue 28: terminal escape sequences inside a record reach the terminal escaped.
mod terminal_escapes {
    use super::*;

    #[test]
    fn validate_find_and_split_escape_control_characters_from_records() {
        let dir = tempfile::tempdir().unwrap();
        let hostile = KIF.replace("３四歩(33)", "\x1b]0;pwned\x07\x1b[2J３四歩(33)");
        std::fs::write(dir.path().join("g.kif"), &hostile).unwrap();
        std::fs::write(
            dir.path().join("g.csa"),
            "V2.2\nPI\n+\n+7776FU\n-\x1b[2J3334FU\n",
        )
        .unwrap();
        for args in [
            &["validate", "g.kif", "--color", "always"][..],
            &["find", "g.kif"][..],
            &["split", "g.csa", "--out-dir", "o"][..],
        ] {
            let out = tool().current_dir(dir.path()).args(args).output().unwrap();
            no_panic(&out);
            let all = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
            let text = String::from_utf8_lossy(&all);
            assert!(text.contains("\\u{1b}[2J"), "{args:?}: {text}");
            assert!(
                !text.contains("\x1b]0;") && !text.contains("\x1b[2J"),
                "{args:?}: {text}"
            );
            assert!(!text.contains('\x07'), "{args:?}: {text}");
        }
    }
}

/// Issue 28: `find -0` and `--files-from` under `-0` keep names holding a newline or `#`.
mod null_separated {
    use super::*;

    #[test]
    fn find_null_into_join_null_keeps_names_with_newlines_and_hashes() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::write(games.join("a\nb.kif"), KIF).unwrap();
        std::fs::write(games.join("c#2.kif"), KIF).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["find", "games", "-0", "-j", "1"])
            .output()
            .unwrap();
        assert_code(&out, 0);
        let mut found: Vec<&[u8]> = out.stdout.split(|&b| b == 0).collect();
        assert_eq!(found.pop(), Some(&b""[..]), "each item ends with NUL");
        found.sort();
        assert_eq!(found, [&b"games/a\nb.kif#0"[..], b"games/c#2.kif#0"]);
        // `sed -z 's/#[0-9]*$//'`: the record number off the end, not at the first `#`.
        let mut list = Vec::new();
        for item in &found {
            let cut = item.iter().rposition(|&b| b == b'#').unwrap();
            list.extend_from_slice(&item[..cut]);
            list.push(0);
        }
        let out = tool()
            .current_dir(dir.path())
            .args(["join", "--null", "--files-from", "-", "-o", "all.csa"])
            .write_stdin(list)
            .output()
            .unwrap();
        assert_code(&out, 0);
        let all = std::fs::read_to_string(dir.path().join("all.csa")).unwrap();
        assert_eq!(all.matches("+7776FU").count(), 2, "{all}");
    }
}

/// Issue 28, "Wrong answers on odd input".
mod odd_input {
    use super::*;

    #[test]
    fn one_nul_byte_loses_one_line_not_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut text = String::new();
        for i in 0..20 {
            if i > 0 {
                text.push_str("/\n");
            }
            let reply = if i == 7 { "-33\u{0}34FU" } else { "-3334FU" };
            text.push_str(&format!("V2.2\nPI\n+\n+7776FU\n{reply}\n%TORYO\n"));
        }
        std::fs::write(dir.path().join("g.csa"), &text).unwrap();
        let nul_line = text.lines().position(|l| l.contains('\0')).unwrap() + 1;
        let out = tool()
            .current_dir(dir.path())
            .args(["validate", "g.csa", "--format", "json"])
            .output()
            .unwrap();
        no_panic(&out);
        let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 20, "{}", String::from_utf8_lossy(&out.stderr));
        assert!(lines.iter().all(|v| v["plies"] == 2), "{lines:?}");
        let warned: Vec<&serde_json::Value> = lines
            .iter()
            .filter(|v| v.to_string().contains("NUL character dropped"))
            .collect();
        assert_eq!(warned.len(), 1, "{lines:?}");
        assert_eq!(warned[0]["record"], 7, "{}", warned[0]);
        assert!(
            warned[0]
                .to_string()
                .contains(&format!("\"line\":{nul_line}")),
            "{}",
            warned[0]
        );
        // A file that is mostly binary is still refused as such.
        let binary: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8)
            .collect();
        assert!(binary.contains(&0));
        std::fs::write(dir.path().join("b.csa"), binary).unwrap();
        let out = tool()
            .current_dir(dir.path())
            .args(["validate", "b.csa"])
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stdout).contains("binary data"));
    }

    #[test]
    fn a_five_by_five_sfen_without_variant_names_its_size_and_the_variant() {
        let out = tool()
            .args(["perft", "--sfen", "rbsgk/4p/5/P4/KGSBR b 99999P 1", "1"])
            .output()
            .unwrap();
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("5x5") && err.contains("--variant minishogi"),
            "{err}"
        );
        assert!(!err.contains("needs 9"), "{err}");
    }

    /// A variant record met while walking a folder is read with its variant, never as standard
    /// shogi (whose message blames the handicap `5五将棋` or the board's nine files): `find`,
    /// `dedup`, `split` and `convert` take it like any record; `join` to CSA names the variant
    /// CSA cannot write.
    #[test]
    fn a_variant_record_found_while_walking_is_read_with_its_variant() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::copy(
            root().join("testdata/variants/lishogi/minishogi-position.kif"),
            games.join("mini.kif"),
        )
        .unwrap();
        std::fs::write(games.join("std.kif"), KIF).unwrap();
        for args in [
            &["find", "games"][..],
            &["dedup", "games"][..],
            &["split", "games", "--out-dir", "o"][..],
            &["convert", "games", "--to", "kif", "--out-dir", "c"][..],
            &["join", "games", "-o", "all.csa"][..],
        ] {
            let out = tool().current_dir(dir.path()).args(args).output().unwrap();
            no_panic(&out);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                !err.contains("is not a name this reader knows"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("a row has nine"), "{args:?}: {err}");
            if args[0] == "join" {
                assert!(
                    err.contains("mini.kif")
                        && err.contains("CSA has no syntax for the smaller variants"),
                    "{args:?}: {err}"
                );
                assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            } else {
                assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
            }
        }
        let written = std::fs::read(dir.path().join("c/mini.kif")).unwrap();
        let (text, _, malformed) = encoding_rs::SHIFT_JIS.decode(&written);
        assert!(!malformed, "c/mini.kif is Shift_JIS");
        assert!(text.contains("手合割：5五将棋"), "{text}");
        let out = tool()
            .args(["validate", "--format", "json"])
            .arg(dir.path().join("o"))
            .output()
            .unwrap();
        let lines = String::from_utf8_lossy(&out.stdout);
        assert!(lines.contains(r#""variant":"minishogi""#), "{lines}");
    }

    #[test]
    fn find_refuses_impossible_dates() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("g.kif"), KIF).unwrap();
        for bad in ["2024/13/45", "2024/99", "2024/00/00", "2024/01/32"] {
            let out = tool()
                .current_dir(dir.path())
                .args(["find", "g.kif", "--date", bad])
                .output()
                .unwrap();
            no_panic(&out);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
            assert!(err.contains("is not a date"), "{bad}: {err}");
            assert!(out.stdout.is_empty(), "{bad}");
        }
    }
}

/// Issue 28: `stats --merge` of parts whose counts wrap round or disagree.
mod merge_counts {
    use super::*;

    /// The `stats --format json` of one KIF record, as a JSON value.
    fn one_record_part(dir: &Path) -> serde_json::Value {
        std::fs::write(dir.join("g.kif"), KIF).unwrap();
        let out = tool()
            .current_dir(dir)
            .args(["stats", "--format", "json", "g.kif"])
            .output()
            .unwrap();
        assert_code(&out, 0);
        serde_json::from_slice(&out.stdout).unwrap()
    }

    fn merge(dir: &Path, parts: &[&serde_json::Value]) -> std::process::Output {
        let mut cmd = tool();
        cmd.current_dir(dir)
            .args(["stats", "--format", "json", "--merge"]);
        for (i, part) in parts.iter().enumerate() {
            let name = format!("part{i}.json");
            std::fs::write(dir.join(&name), part.to_string()).unwrap();
            cmd.arg(name);
        }
        cmd.output().unwrap()
    }

    #[test]
    fn counts_that_would_wrap_are_refused_naming_the_parts() {
        let dir = tempfile::tempdir().unwrap();
        let one = one_record_part(dir.path());
        let mut huge = one.clone();
        let max = serde_json::json!(u64::MAX);
        huge["records"] = max.clone();
        huge["inputs_fingerprint"] = serde_json::json!("00000000000000aa");
        for map in [
            "formats",
            "encodings",
            "outcomes",
            "winners",
            "outcome_winners",
            "handicaps",
            "handicap_winners",
            "length_histogram",
        ] {
            for (_, v) in huge[map].as_object_mut().unwrap() {
                *v = max.clone();
            }
        }
        let out = merge(dir.path(), &[&huge, &one]);
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("\"records\":0"));
        assert!(
            err.contains("part0.json and part1.json") && err.contains("`records`"),
            "{err}"
        );
    }

    #[test]
    fn inconsistent_parts_are_refused_naming_the_part() {
        let dir = tempfile::tempdir().unwrap();
        let one = one_record_part(dir.path());
        let mut odd = one.clone();
        odd["records"] = serde_json::json!(0);
        odd["inputs_fingerprint"] = serde_json::json!("00000000000000aa");
        let out = merge(dir.path(), &[&one, &odd]);
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("part1.json cannot be the output of one run"),
            "{err}"
        );
        // A consistent part merges as before.
        let mut other = one.clone();
        other["inputs_fingerprint"] = serde_json::json!("00000000000000aa");
        assert_code(&merge(dir.path(), &[&one, &other]), 0);
    }
}

/// Issue 28, "Time and memory": what is kept of failures and warnings is bounded, and what
/// `convert` and `join` write can be read back.
mod time_and_memory {
    use super::*;

    #[test]
    fn stats_keeps_a_sample_of_failures_and_writes_every_one_on_request() {
        // Each line of a USI list that is no game is a failed record: 3,000 of them.
        let dir = tempfile::tempdir().unwrap();
        let list = dir.path().join("junk.usi");
        std::fs::write(&list, "abc\n".repeat(3_000)).unwrap();
        let out = tool()
            .args(["stats", "-q", "--format", "json"])
            .arg(&list)
            .output()
            .unwrap();
        no_panic(&out);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["records_failed"], 3_000);
        assert_eq!(v["failures"].as_array().unwrap().len(), 1_000);
        assert_eq!(v["failures"][0]["record"], 0);
        let all = dir.path().join("failures.jsonl");
        let out = tool()
            .args(["stats", "-q", "--failures", "--failures-file"])
            .arg(&all)
            .arg(&list)
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2));
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(
            table.contains(
                "failures: the first 1000 of 3000 (--failures-file FILE lists every one):"
            ),
            "{table}"
        );
        let lines: Vec<serde_json::Value> = std::fs::read_to_string(&all)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3_000);
        assert_eq!(lines[2_999]["record"], 2_999);
        assert!(lines[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("line 1: "));
        // An existing file is kept without --force.
        let out = tool()
            .args(["stats", "-q", "--failures-file"])
            .arg(&all)
            .arg(&list)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            std::fs::read_to_string(&all).unwrap().lines().count(),
            3_000
        );
    }

    #[test]
    fn a_joined_jkf_array_is_compact_and_an_output_beyond_the_limit_is_said() {
        let dir = tempfile::tempdir().unwrap();
        let csa = dir.path().join("games.csa");
        let game = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n";
        std::fs::write(&csa, [game; 40].join("/\n")).unwrap();
        let jkf = dir.path().join("games.jkf");
        let out = tool()
            .args(["convert", "--to", "jkf", "-q", "-o"])
            .arg(&jkf)
            .arg(&csa)
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&jkf).unwrap();
        // `[`, one record a line, `]`; before, each record pretty-printed over 76 lines
        // (about 4.5 times the bytes).
        assert_eq!(text.lines().count(), 42, "{text}");
        assert!(text.len() < 40 * 700, "{} bytes", text.len());
        let out = tool().arg("validate").arg(&jkf).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Beyond the readers' limit (here --max-file-size 1000, as the default 256 MiB would
        // be for a large collection): written, and said with the size that reads it back.
        let small = dir.path().join("small.csa");
        std::fs::write(&small, [game; 4].join("/\n")).unwrap();
        let out = tool()
            .args(["join", "--max-file-size", "1000", "-q", "-o"])
            .arg(dir.path().join("big.jkf"))
            .arg(&small)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        assert!(
            err.contains("more than the 1000 bytes the readers take (--max-file-size): read it back with --max-file-size"),
            "{err}"
        );
    }
}

/// Issue 34: the files of an output folder are synced a batch at a time. A crash (simulated in
/// debug builds by `SHOGI_TOOL_CRASH_BEFORE_RENAME=N`: an abort once the batch's data is
/// synced, after N renames) leaves every target whole or absent, and loses no record: the
/// inputs are untouched, the temporary files are hidden and never read as records, and the
/// same command (with --force for the targets already there) writes everything.
#[cfg(unix)]
mod crash {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    /// Six records, one a file, each of its own players (so each output differs).
    fn inputs(dir: &Path) {
        std::fs::create_dir(dir.join("in")).unwrap();
        for i in 0..6 {
            let kif = KIF.replace("先手：A", &format!("先手：A{i}"));
            std::fs::write(dir.join(format!("in/g{i}.kif")), kif).unwrap();
        }
    }

    /// Every file of `dir` and its bytes, sorted by name.
    fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
        names(dir)
            .into_iter()
            .map(|n| {
                let bytes = std::fs::read(dir.join(&n)).unwrap();
                (n, bytes)
            })
            .collect()
    }

    #[test]
    fn a_crash_between_writing_and_renaming_leaves_no_half_file_and_no_lost_record() {
        let dir = tempfile::tempdir().unwrap();
        inputs(dir.path());
        let run = |args: &[&str], crash: Option<&str>| {
            let mut c = tool();
            c.current_dir(dir.path()).args(args);
            if let Some(n) = crash {
                c.env("SHOGI_TOOL_CRASH_BEFORE_RENAME", n);
            }
            c.output().unwrap()
        };
        let convert = ["convert", "in", "--to", "csa", "--out-dir", "o"];
        let clean = run(&["convert", "in", "--to", "csa", "--out-dir", "ref"], None);
        assert_code(&clean, 0);
        let reference = contents(&dir.path().join("ref"));
        assert_eq!(reference.len(), 6);
        let inputs_before = contents(&dir.path().join("in"));

        let crashed = run(&convert, Some("2"));
        assert_eq!(crashed.status.signal(), Some(libc::SIGABRT), "{crashed:?}");
        let out = dir.path().join("o");
        let (temps, targets): (Vec<_>, Vec<_>) = contents(&out)
            .into_iter()
            .partition(|(n, _)| n.starts_with('.'));
        // Two files put in place, each whole; the other four wait, whole, as temporary files.
        assert_eq!(targets.len(), 2, "{targets:?}");
        for t in &targets {
            assert!(reference.contains(t), "{} is not whole", t.0);
        }
        assert_eq!(temps.len(), 4);
        for (name, bytes) in &temps {
            assert!(
                name.starts_with(".shogi-tool-") && name.ends_with(".tmp"),
                "{name}"
            );
            assert!(
                reference.iter().any(|(_, b)| b == bytes),
                "{name} is not whole"
            );
        }
        assert_eq!(contents(&dir.path().join("in")), inputs_before);

        // The temporary files are never read as records.
        let check = run(&["convert", "o", "--to", "kif", "--out-dir", "check"], None);
        assert_code(&check, 0);
        assert_eq!(names(&dir.path().join("check")).len(), 2);

        // The same command refuses to replace what is there, and touches nothing ...
        let again = run(&convert, None);
        assert_code(&again, 2);
        assert!(String::from_utf8_lossy(&again.stderr).contains("--force replaces them"));
        assert_eq!(names(&out).len(), 6);
        // ... and with --force writes every record.
        let forced = run(&[&convert[..], &["--force"]].concat(), None);
        assert_code(&forced, 0);
        let visible: Vec<_> = contents(&out)
            .into_iter()
            .filter(|(n, _)| !n.starts_with('.'))
            .collect();
        assert_eq!(visible, reference);

        // split: likewise, and the rerun into an empty folder writes every record.
        let all: String = (0..6)
            .map(|i| std::fs::read_to_string(dir.path().join(format!("ref/g{i}.csa"))).unwrap())
            .collect::<Vec<_>>()
            .join("/\n");
        std::fs::write(dir.path().join("all.csa"), all).unwrap();
        let crashed = run(&["split", "all.csa", "--out-dir", "s"], Some("0"));
        assert_eq!(crashed.status.signal(), Some(libc::SIGABRT), "{crashed:?}");
        let left = names(&dir.path().join("s"));
        assert!(
            left.iter().all(|n| n.starts_with(".shogi-tool-")),
            "{left:?}"
        );
        let rerun = run(&["split", "all.csa", "--out-dir", "s2"], None);
        assert_code(&rerun, 0);
        assert_eq!(names(&dir.path().join("s2")).len(), 6);
    }
}
