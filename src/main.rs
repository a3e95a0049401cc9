//! The `shogi-tool` binary: parses the command line and maps results to exit codes.

/// `eprintln!` that never panics: a closed or full standard error loses the message, never the
/// run or its exit status (`std`'s `eprintln!` panics when standard error cannot be written).
/// Defined before `mod cli` so it stands for `std`'s macro everywhere in the binary.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` that never panics (see `eprintln!`).
#[allow(unused_macros)]
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            eprint!("{}", usage_error(&e));
            return cli::exit::ExitCode::Error.into();
        }
        Err(e) => {
            let printed = e.print();
            return match printed {
                // `--help` or `--version` to a full standard output is an error, as every
                // other result is; a closed one is not.
                Err(io) if io.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!(
                        "{} cannot write to standard output: {io}",
                        cli::style::error()
                    );
                    cli::exit::ExitCode::Error.into()
                }
                _ => cli::exit::ExitCode::Success.into(),
            };
        }
    };
    cli::output::handle_signals();
    match cli::run(cli) {
        Ok(code) => code.into(),
        Err(e) if is_broken_pipe(&e) => cli::exit::ExitCode::Success.into(),
        Err(e) if is_bare_io(&e) => {
            eprintln!(
                "{} cannot write to standard output: {e:#}",
                cli::style::error()
            );
            cli::exit::ExitCode::Error.into()
        }
        Err(e) => {
            eprintln!("{} {e:#}", cli::style::error());
            cli::exit::ExitCode::Error.into()
        }
    }
}

/// A command-line error as every tool error starts, `shogi-tool: error:` (clap writes
/// `error:`), so that `grep '^shogi-tool: error:'` finds it too; the rest is clap's text.
/// The prefix is coloured as `--color` says, read from the arguments clap could not parse.
fn usage_error(e: &clap::Error) -> String {
    cli::style::set(color_choice_in(std::env::args_os()));
    let text = e.render().to_string();
    match text.strip_prefix("error:") {
        Some(rest) => format!("{}{rest}", cli::style::error()),
        None => text, // the help shown for a missing subcommand
    }
}

/// The last `--color WHEN` (or `--color=WHEN`) among `args`; `auto` when there is none or
/// its value is not one.
fn color_choice_in(args: impl Iterator<Item = std::ffi::OsString>) -> cli::style::ColorChoice {
    use clap::ValueEnum as _;
    let args: Vec<String> = args.map(|a| a.to_string_lossy().into_owned()).collect();
    let mut choice = cli::style::ColorChoice::Auto;
    for (i, a) in args.iter().enumerate() {
        let value = match a.strip_prefix("--color") {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(v) => v.strip_prefix('='),
            None => None,
        };
        if let Some(c) = value.and_then(|v| cli::style::ColorChoice::from_str(v, true).ok()) {
            choice = c;
        }
    }
    choice
}

/// A closed standard output (`shogi-tool positions ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// An I/O error that carries no context: a write to standard output (`> /dev/full`). Every
/// other I/O of the tool names its file or stream (`cannot read ...`, `cannot write FILE`).
fn is_bare_io(e: &anyhow::Error) -> bool {
    e.chain().count() == 1 && e.downcast_ref::<std::io::Error>().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli::style::ColorChoice;

    fn choice(args: &[&str]) -> ColorChoice {
        color_choice_in(args.iter().map(|a| a.into()))
    }

    #[test]
    fn only_an_io_error_without_context_is_taken_for_standard_output() {
        use anyhow::Context as _;
        let full = || std::io::Error::from(std::io::ErrorKind::StorageFull);
        assert!(is_bare_io(&anyhow::Error::from(full())));
        let named: anyhow::Result<()> = Err(full()).context("cannot write out.kif");
        assert!(!is_bare_io(&named.unwrap_err()));
        assert!(!is_bare_io(&anyhow::anyhow!("no such file")));
    }

    #[test]
    fn the_color_of_a_usage_error_comes_from_the_raw_arguments() {
        assert_eq!(choice(&["shogi-tool", "--bogus"]), ColorChoice::Auto);
        assert_eq!(
            choice(&["x", "--color", "always", "-z"]),
            ColorChoice::Always
        );
        assert_eq!(choice(&["x", "--color=NEVER"]), ColorChoice::Never);
        assert_eq!(
            choice(&["x", "--color=always", "--color", "never"]),
            ColorChoice::Never
        );
        assert_eq!(choice(&["x", "--color", "purple"]), ColorChoice::Auto);
        assert_eq!(choice(&["x", "--colorful"]), ColorChoice::Auto);
    }
}
