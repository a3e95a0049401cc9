//! `shogi-tool validate [PATH...]`: replay every record and report fouls, warnings and errors.

use std::io::Write;

use shogi_tool::batch;
use shogi_tool::diag::Validation;
use shogi_tool::record::replay::{replay, ReplayOptions};

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

/// A piece of one input's results: a batch of its records, or its end.
#[derive(Default)]
struct FileOutcome {
    text: String,
    /// 1 in an input's last piece.
    files: usize,
    records: usize,
    with_fouls: usize,
    with_warnings: usize,
    unreadable: usize,
}

impl FileOutcome {
    /// A whole input validated by another route (training files, variant records): its text
    /// and counts of records, with fouls, with warnings and unreadable.
    fn whole(text: String, [records, with_fouls, with_warnings, unreadable]: [usize; 4]) -> Self {
        FileOutcome {
            text,
            files: 1,
            records,
            with_fouls,
            with_warnings,
            unreadable,
        }
    }
}

/// Validates every input, printing results in input order.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let variant_rules = args.variant_rules.rules();
    let (inputs, input_errors) = args.input.input_stream()?;
    let read_options = args.input.read_options();
    let replay_options = ReplayOptions {
        max_moves: args.max_moves,
        impasse_rule: args.impasse_rule.map(Into::into),
        variant_rules,
    };
    let json = args.format == OutputFormat::Json;
    let color = super::style::stdout();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut totals = (0usize, 0usize, 0usize, 0usize, 0usize); // files, records, fouls, warnings, unreadable
    for e in &input_errors {
        let v = Validation::unreadable(&e.path, &e.message);
        emit(&mut out, &v, json)?;
        totals.4 += 1;
    }
    let mut io_error = None;
    // Each input's results go out a batch of records at a time, so a multi-game file of any
    // size holds a few batches of results, never all of them.
    batch::run_ordered_pieces(
        inputs,
        args.input.jobs,
        |input, sink| {
            if let Some((text, counts)) =
                super::training::validate_training(input, args.input.max_file_size, json)
            {
                sink(FileOutcome::whole(text, counts));
                return;
            }
            let Some(file) = batch::read_each_batched_to_end(
                input,
                &read_options,
                batch::RECORDS_PER_BATCH,
                |record, source| {
                    let report = replay(record, &replay_options);
                    let mut v = Validation::new(record, &report);
                    if json {
                        v = v.with_openings(record, &report);
                    }
                    v.path_bytes = input.path_bytes();
                    v.locate_moves(source);
                    let mut text = String::new();
                    push(&mut text, &v, json, Some(source), color);
                    let flags = [!v.fouls.is_empty(), !v.warnings.is_empty()];
                    (text, flags, !v.errors.is_empty())
                },
                |results| {
                    let mut o = FileOutcome::default();
                    for (text, [fouls, warnings], errors) in results {
                        o.records += 1;
                        o.with_fouls += fouls as usize;
                        o.with_warnings += warnings as usize;
                        o.unreadable += errors as usize;
                        o.text.push_str(&text);
                    }
                    sink(o)
                },
            ) else {
                return;
            };
            // The input's last piece: it counts the file, and says why it could not be read.
            let mut o = FileOutcome {
                files: 1,
                ..FileOutcome::default()
            };
            if let Some(message) = &file.error {
                o.unreadable = 1;
                let mut v = Validation::unreadable(&file.path, message);
                v.path_bytes = input.path_bytes();
                push(&mut o.text, &v, json, None, color);
            }
            sink(o);
        },
        |o| {
            totals.0 += o.files;
            totals.1 += o.records;
            totals.2 += o.with_fouls;
            totals.3 += o.with_warnings;
            totals.4 += o.unreadable;
            if o.text.is_empty() {
                return true;
            }
            match out.write_all(o.text.as_bytes()) {
                Ok(()) => true,
                Err(e) => {
                    io_error = Some(e);
                    false
                }
            }
        },
    );
    if let Some(e) = io_error {
        return Err(e.into());
    }
    out.flush()?;
    let (files, records, fouls, warnings, unreadable) = totals;
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

/// Appends `v` to `buf`; `color`: whether standard output gets colour (asked once a run, not
/// once a record).
fn push(
    buf: &mut String,
    v: &Validation,
    json: bool,
    text: Option<&shogi_tool::text::SourceText>,
    color: bool,
) {
    if json {
        buf.push_str(&v.to_json());
        buf.push('\n');
    } else {
        v.to_human_styled(text, buf, color);
    }
}

fn emit(out: &mut impl Write, v: &Validation, json: bool) -> std::io::Result<()> {
    let mut buf = String::new();
    push(&mut buf, v, json, None, super::style::stdout());
    out.write_all(buf.as_bytes())
}
