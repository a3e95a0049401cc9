//! What one run of a program cost, from the kernel, for that program alone: its CPU time and
//! its peak resident memory (`wait4`'s `ru_utime`, `ru_stime` and `ru_maxrss`).
//!
//! The peak cannot be read by spawning the program from this test binary: at `exec` the kernel
//! counts the peak of the memory the new process came from, which for a child spawned here is
//! this whole test binary's, with every other test's data in it (one integration binary runs
//! them all, in parallel). So a fresh, small copy of this binary is started first, running
//! only [`measuring_parent`]: it spawns the program, waits for it and prints what the kernel
//! said, and [`measure`] reads that line. The small copy's own peak (a few MiB, the test
//! harness before any test runs) is what a child of it starts from, as a child of a small
//! test binary of its own did before the tests were one binary.

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The environment variable that hands the run to [`measuring_parent`].
const SPEC: &str = "SHOGI_TEST_MEASURE";

/// The line of the measuring parent's output that carries the figures.
const MARK: &str = "measured:";

/// One run to measure: the program, its arguments and environment, and a CPU-time limit.
pub struct Run {
    program: PathBuf,
    args: Vec<OsString>,
    envs: Vec<(String, String)>,
    cpu_limit_seconds: Option<u64>,
}

/// What the kernel said of a run.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// The exit status, or `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// User and system CPU time, in seconds.
    pub cpu_seconds: f64,
    /// Peak resident memory, in KiB.
    pub peak_kib: u64,
}

impl Run {
    /// `program` with no arguments, its standard streams closed (null).
    pub fn new(program: impl Into<PathBuf>) -> Run {
        Run {
            program: program.into(),
            args: Vec::new(),
            envs: Vec::new(),
            cpu_limit_seconds: None,
        }
    }

    /// The tool under test.
    pub fn tool() -> Run {
        Run::new(env!("CARGO_BIN_EXE_shogi-tool"))
    }

    /// Adds arguments.
    pub fn args<I, S>(mut self, args: I) -> Run
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_os_string()));
        self
    }

    /// Sets an environment variable for the program.
    pub fn env(mut self, key: &str, value: &str) -> Run {
        self.envs.push((key.to_string(), value.to_string()));
        self
    }

    /// Limits the program's CPU time (`RLIMIT_CPU`): past it the kernel kills it.
    pub fn cpu_limit(mut self, seconds: u64) -> Run {
        self.cpu_limit_seconds = Some(seconds);
        self
    }

    /// Runs it under a fresh measuring parent and returns what the kernel said of it.
    pub fn measure(self) -> Usage {
        let out = Command::new(std::env::current_exe().expect("the test binary's path"))
            .args([
                "common::child::measuring_parent",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
                "--quiet",
            ])
            .env(SPEC, self.encode())
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .expect("the test binary runs again");
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix(MARK))
            .unwrap_or_else(|| panic!("the measuring parent printed no figures:\n{text}"));
        decode_usage(line.trim())
    }

    /// The run as one environment value: fields separated by NUL bytes, each argument and
    /// variable a field of its own (`\u{1}` starts the arguments, `\u{2}` the variables).
    fn encode(&self) -> OsString {
        let mut bytes = self.program.as_os_str().as_bytes().to_vec();
        bytes.push(0);
        bytes.extend(
            self.cpu_limit_seconds
                .map_or(String::new(), |s| s.to_string())
                .bytes(),
        );
        for a in &self.args {
            bytes.extend([0, 1]);
            bytes.extend(a.as_bytes());
        }
        for (k, v) in &self.envs {
            bytes.extend([0, 2]);
            bytes.extend(format!("{k}={v}").bytes());
        }
        // An environment value may not hold NUL: each byte goes as two hex digits.
        OsString::from(bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
    }

    /// The inverse of [`Run::encode`].
    fn decode(hex: &str) -> Run {
        let bytes: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
            .collect();
        let mut fields = bytes.split(|&b| b == 0);
        let program = PathBuf::from(OsString::from_vec(fields.next().unwrap().to_vec()));
        let limit = std::str::from_utf8(fields.next().unwrap()).unwrap();
        let mut run = Run::new(program);
        run.cpu_limit_seconds = limit.parse().ok();
        for f in fields {
            match f.split_first() {
                Some((1, arg)) => run.args.push(OsString::from_vec(arg.to_vec())),
                Some((2, var)) => {
                    let var = String::from_utf8(var.to_vec()).unwrap();
                    let (k, v) = var.split_once('=').unwrap();
                    run.envs.push((k.to_string(), v.to_string()));
                }
                _ => panic!("a field of the run is neither an argument nor a variable"),
            }
        }
        run
    }
}

/// Parses the measuring parent's figures: `code signal cpu_seconds peak_kib` (`-` for none).
fn decode_usage(line: &str) -> Usage {
    let f: Vec<&str> = line.split(' ').collect();
    let opt = |s: &str| (s != "-").then(|| s.parse().unwrap());
    Usage {
        code: opt(f[0]),
        signal: opt(f[1]),
        cpu_seconds: f[2].parse().unwrap(),
        peak_kib: f[3].parse().unwrap(),
    }
}

/// Spawns the run, waits for it with `wait4` and returns the kernel's figures.
// The child is reaped by `wait4` below, which clippy cannot see.
#[allow(clippy::zombie_processes)]
fn spawn_and_wait(run: &Run) -> Usage {
    let mut command = Command::new(&run.program);
    command
        .args(&run.args)
        .envs(run.envs.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(seconds) = run.cpu_limit_seconds {
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: seconds as libc::rlim_t,
                    rlim_max: seconds as libc::rlim_t + 1,
                };
                libc::setrlimit(libc::RLIMIT_CPU, &limit);
                Ok(())
            });
        }
    }
    let child = command
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {}: {e}", run.program.display()));
    let mut status = 0;
    // SAFETY: zeroed rusage is a valid value; wait4 fills it for this child only.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4: {}", std::io::Error::last_os_error());
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Usage {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        cpu_seconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        // Linux reports ru_maxrss in KiB.
        peak_kib: usage.ru_maxrss as u64,
    }
}

/// Not a test: the measuring parent that [`Run::measure`] starts in a fresh copy of this
/// binary. Without its environment variable (any ordinary `--ignored` run) it does nothing.
#[test]
#[ignore = "the measuring parent of common::child::Run::measure, started by it"]
fn measuring_parent() {
    let Some(spec) = std::env::var_os(SPEC) else {
        return;
    };
    let u = spawn_and_wait(&Run::decode(&spec.to_string_lossy()));
    let opt = |v: Option<i32>| v.map_or("-".to_string(), |v| v.to_string());
    println!(
        "{MARK} {} {} {} {}",
        opt(u.code),
        opt(u.signal),
        u.cpu_seconds,
        u.peak_kib
    );
}

/// The run survives its encoding: arguments with spaces and non-UTF-8 bytes, variables, limit.
#[test]
fn a_run_is_handed_over_whole() {
    let odd = OsString::from_vec(vec![b'a', 0xff, b' ', b'b']);
    let run = Run::new(Path::new("/bin/true"))
        .args([OsString::from("x y"), odd.clone()])
        .env("K", "v=w")
        .cpu_limit(7);
    let back = Run::decode(&run.encode().to_string_lossy());
    assert_eq!(back.program, Path::new("/bin/true"));
    assert_eq!(back.args, [OsString::from("x y"), odd]);
    assert_eq!(back.envs, [("K".to_string(), "v=w".to_string())]);
    assert_eq!(back.cpu_limit_seconds, Some(7));
}

/// The figures are the child's alone: a tiny run stays small even when this process holds a
/// lot (64 MiB touched here, more than the bound).
#[test]
fn the_peak_is_the_child_s_alone() {
    let held: Vec<u8> = vec![1; 64 << 20];
    let u = Run::tool().args(["--version"]).measure();
    assert_eq!(u.code, Some(0));
    assert!(
        u.peak_kib > 0 && u.peak_kib < 32 * 1024,
        "{} KiB",
        u.peak_kib
    );
    assert_eq!(held.iter().map(|&b| b as u64).sum::<u64>(), 64 << 20);
}

/// A CPU-time limit ends a run that spins (`sh -c` loop), and says so by its signal.
#[test]
fn a_cpu_limit_ends_a_run() {
    let u = Run::new("/bin/sh")
        .args(["-c", "while :; do :; done"])
        .cpu_limit(1)
        .measure();
    assert_eq!(u.code, None);
    assert_eq!(u.signal, Some(libc::SIGXCPU));
}
