//! `shogi-tool validate [PATH...]`: replay every record and report fouls, warnings and errors.

use std::io::Write;

use shogi_tool::ops::validate::{validate_with, Checked, ValidateOptions, ValidateSummary};
use shogi_tool::record::replay::ReplayOptions;

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::values::RuleArg;

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Compiler-style diagnostics.
    Human,
    /// One JSON object per record (JSON Lines).
    Json,
}

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
    /// The move limit after which a game is a draw (default: the record's own, else none).
    #[arg(long, value_name = "N", help_heading = super::help::RULES)]
    pub max_moves: Option<u32>,
    /// The rule entering-king declarations are judged by (default: the rule the record names,
    /// else csa27).
    #[arg(long, value_name = "RULE", value_enum, ignore_case = true, help_heading = super::help::RULES)]
    pub impasse_rule: Option<RuleArg>,
    /// Let warnings alone make the exit status 1.
    #[arg(long)]
    pub deny_warnings: bool,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
    #[command(flatten)]
    pub variant_rules: super::rule_args::RuleArgs,
}

/// Validates every input, printing results in input order.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (inputs, input_errors) = args.input.input_stream()?;
    let json = args.format == OutputFormat::Json;
    let options = ValidateOptions {
        jobs: args.input.jobs,
        read: args.input.read_options(),
        replay: ReplayOptions {
            max_moves: args.max_moves,
            impasse_rule: args.impasse_rule.map(Into::into),
            variant_rules: args.variant_rules.rules(),
        },
        // Naming openings costs more than the replay, and the human form does not show them.
        openings: json,
    };
    let color = super::style::stdout();
    let render = |checked: Checked<'_>| {
        let mut text = String::new();
        match (checked, json) {
            (Checked::Record(v, _), true) => text = v.to_json() + "\n",
            (Checked::Record(v, source), false) => v.to_human_styled(source, &mut text, color),
            (Checked::Entry(p), true) => text = p.to_json() + "\n",
            (Checked::Entry(p), false) => text = p.to_human(),
        }
        text
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut io_error = None;
    let summary = validate_with(inputs, &input_errors, &options, render, |texts| {
        match out.write_all(texts.concat().as_bytes()) {
            Ok(()) => true,
            Err(e) => {
                io_error = Some(e);
                false
            }
        }
    });
    if let Some(e) = io_error {
        return Err(e.into());
    }
    out.flush()?;
    let ValidateSummary {
        files,
        records,
        with_fouls: fouls,
        with_warnings: warnings,
        unreadable,
        ..
    } = summary;
    if !json && !args.quiet {
        eprintln!(
            "checked {records} record{} in {files} file{}: {fouls} with fouls, {warnings} with warnings, {unreadable} with errors",
            plural(records),
            plural(files)
        );
    }
    Ok(if unreadable > 0 {
        ExitCode::Error
    } else if fouls > 0 || (args.deny_warnings && warnings > 0) {
        ExitCode::Fouls
    } else {
        ExitCode::Success
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
