//! `shogi-tool completions SHELL`: shell completion scripts generated from the CLI definition.

use std::io::Write;

use clap_complete::Shell;

use super::exit::ExitCode;

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum, ignore_case = true)]
    pub shell: Shell,
}

/// Writes the completion script of `cmd` (the whole CLI definition, `Cli::command()`, which
/// the caller passes so that this file does not reach back to `cli/mod.rs`) for `shell`
/// into `out`.
pub fn generate(cmd: &mut clap::Command, shell: Shell, out: &mut dyn std::io::Write) {
    clap_complete::generate(shell, cmd, "shogi-tool", out);
}

/// Prints the script of `cmd` (the whole CLI definition) on standard output.
pub fn run(args: Args, mut cmd: clap::Command) -> anyhow::Result<ExitCode> {
    // Into memory first: clap_complete panics when its writer fails (`completions bash | true`).
    let mut script = Vec::new();
    generate(&mut cmd, args.shell, &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::Success)
}
