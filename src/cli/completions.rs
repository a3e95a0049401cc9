//! `shogi-tool completions SHELL`: shell completion scripts generated from the CLI definition.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use super::exit::ExitCode;
use super::Cli;

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum, ignore_case = true)]
    pub shell: Shell,
}

/// Writes the completion script for `shell` into `out`.
pub fn generate(shell: Shell, out: &mut dyn std::io::Write) {
    let mut cmd = Cli::command();
    clap_complete::generate(shell, &mut cmd, "shogi-tool", out);
}

/// Prints the script on standard output.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Into memory first: clap_complete panics when its writer fails (`completions bash | true`).
    let mut script = Vec::new();
    generate(args.shell, &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::Success)
}
