//! The `shogi-tool` binary: parses the command line and maps results to exit codes.

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                cli::exit::ExitCode::Error.into()
            } else {
                cli::exit::ExitCode::Success.into()
            };
        }
    };
    match cli::run(cli) {
        Ok(code) => code.into(),
        Err(e) if is_broken_pipe(&e) => cli::exit::ExitCode::Success.into(),
        Err(e) => {
            eprintln!("{} {e:#}", cli::style::error());
            cli::exit::ExitCode::Error.into()
        }
    }
}

/// A closed standard output (`shogi-tool positions ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
