//! `shogi-tool completions SHELL`: shell completion scripts generated from the CLI definition,
//! with three faults of `clap_complete` worked around: its bash script completes nothing after
//! the subcommand of a binary whose name holds a hyphen (clap-rs/clap#6421), its fish script
//! completes nothing after `help` (it waits for a subcommand not yet seen, and counts `help`
//! itself), and every shell's script offers hidden subcommands (`bench-replay`).

use std::io::Write;

use clap_complete::Shell;

use super::exit::ExitCode;

/// The name the scripts complete.
const BIN: &str = "shogi-tool";

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
    let mut shown = without_hidden(cmd);
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut shown, BIN, &mut script);
    match shell {
        Shell::Bash => script = fix_bash(&script),
        Shell::Fish => script = fix_fish(&script),
        _ => {}
    }
    // Into memory first: clap_complete panics when its writer fails; `run` reports it.
    let _ = out.write_all(&script);
}

/// `cmd` without its hidden subcommands, which clap_complete would list (the name, about,
/// version, global arguments and visible subcommands are all a script uses).
fn without_hidden(cmd: &clap::Command) -> clap::Command {
    let mut shown = clap::Command::new(BIN)
        .version(env!("CARGO_PKG_VERSION"))
        .propagate_version(cmd.is_propagate_version_set())
        .args(cmd.get_arguments().filter(|a| !a.is_hide_set()).cloned())
        .subcommands(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    if let Some(about) = cmd.get_about() {
        shown = shown.about(about.clone());
    }
    shown
}

/// The bash script with its `case` labels spelt as its dispatch loop spells them: the loop
/// turns the hyphen of `shogi-tool` into `__`, the labels into `__subcmd__`, so no label
/// matched and nothing after the subcommand was completed.
fn fix_bash(script: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(script);
    let wrong = BIN.replace('-', "__subcmd__");
    let right = BIN.replace('-', "__");
    text.replace(&wrong, &right).into_bytes()
}

/// The fish script with `help` left out of the subcommands whose presence ends the completion
/// of `help SUBCOMMAND` (the list named `help` itself, already on the line, so it never began).
fn fix_fish(script: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(script);
    let seen = format!(
        "{}_using_subcommand help; and not __fish_seen_subcommand_from ",
        fish_prefix()
    );
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match line.find(&seen) {
            Some(at) => {
                let start = at + seen.len();
                let end = line[start..].find('"').map_or(line.len(), |e| start + e);
                let list: Vec<&str> = line[start..end]
                    .split(' ')
                    .filter(|w| *w != "help")
                    .collect();
                out.push_str(&line[..start]);
                out.push_str(&list.join(" "));
                out.push_str(&line[end..]);
            }
            None => out.push_str(line),
        }
    }
    out.into_bytes()
}

/// How the fish script names its functions: `__fish_shogi_tool`.
fn fish_prefix() -> String {
    format!("__fish_{}", BIN.replace('-', "_"))
}

/// Prints the script of `cmd` (the whole CLI definition) on standard output.
pub fn run(args: Args, mut cmd: clap::Command) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    generate(&mut cmd, args.shell, &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(shell: Shell) -> String {
        let mut cmd = <super::super::Cli as clap::CommandFactory>::command();
        let mut out = Vec::new();
        generate(&mut cmd, shell, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn no_script_offers_a_hidden_subcommand() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let s = script(shell);
            assert!(!s.contains("bench-replay"), "{shell}");
            assert!(s.contains("validate") && s.contains("foul"), "{shell}");
        }
    }

    #[test]
    fn every_bash_label_is_one_the_loop_can_reach() {
        let s = script(Shell::Bash);
        assert!(s.contains("shogi__tool__subcmd__convert)"), "{s}");
        assert!(!s.contains("shogi__subcmd__tool"));
    }

    #[test]
    fn fish_completes_the_subcommands_after_help() {
        let s = script(Shell::Fish);
        let line = s
            .lines()
            .find(|l| l.contains("using_subcommand help;") && l.contains("-a \"validate\""))
            .unwrap();
        assert!(
            line.contains("__fish_seen_subcommand_from validate convert"),
            "{line}"
        );
        assert!(!line.contains(" help\""), "{line}");
    }
}
