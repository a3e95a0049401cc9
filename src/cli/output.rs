//! The command line's side of output files: the signal handler (SIGINT, SIGTERM, SIGHUP) that
//! has the library remove the temporary files in flight and ends the run with 128 + the signal
//! number, and the library's whole-or-nothing writes ([`shogi_tool::output`]) as the
//! subcommands use them, with `anyhow` errors.

use std::path::Path;

pub use shogi_tool::output::{on_signal, OutputFile};

/// Handles SIGINT, SIGTERM and SIGHUP for the rest of the run: temporary files in flight are
/// removed, clean-ups run, and the process exits with 128 + the signal number.
pub fn handle_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    let _held = shogi_tool::output::clean_up_in_flight();
                    std::process::exit(128 + sig);
                }
            });
    }
}

/// Checks before any work that `path` can be written (see [`shogi_tool::output::check`]).
pub fn check(path: &Path, force: bool) -> anyhow::Result<()> {
    Ok(shogi_tool::output::check(path, force)?)
}

/// Writes `bytes` to `path` whole or not at all (see [`shogi_tool::output::write_file`]).
pub fn write_file(
    path: &Path,
    bytes: &[u8],
    force: bool,
    note: impl FnOnce(&str),
) -> anyhow::Result<()> {
    Ok(shogi_tool::output::write_file(path, bytes, force, note)?)
}

/// An output error as the tool says it: its sentence, then each reason below it
/// (`cannot write out.kif: No space left on device`), as `anyhow` shows a chain.
pub fn sentence(e: &shogi_tool::output::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_carries_the_reason_below_it() {
        let dir = tempfile::tempdir().unwrap();
        let e = shogi_tool::output::write_file(dir.path(), b"x", true, |_| {}).unwrap_err();
        assert_eq!(
            sentence(&e),
            format!("{} is a directory; not written", dir.path().display())
        );
        let file = dir.path().join("a");
        std::fs::write(&file, "x").unwrap();
        let e = shogi_tool::output::write_file(&file.join("b"), b"x", true, |_| {}).unwrap_err();
        let wrapped = format!("{:#}", anyhow::Error::from(e));
        let e = shogi_tool::output::write_file(&file.join("b"), b"x", true, |_| {}).unwrap_err();
        assert_eq!(sentence(&e), wrapped);
        assert!(wrapped.contains(": "), "{wrapped}");
    }
}
