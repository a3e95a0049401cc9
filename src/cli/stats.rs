//! `shogi-tool stats [PATH...]`: aggregate statistics of a collection, read in parallel,
//! with `--games` rows per record, `--shard`/`--files-from` to split the work and `--merge` to
//! add up the JSON of shards into exactly the result of one run.

use std::io::{IsTerminal, Write};

use anyhow::Context;
use shogi_tool::batch::stats::{Failure, Stats};
use shogi_tool::ops::{self, stats::StatsOptions, stats::TableOptions};
use shogi_tool::record::replay::ReplayOptions;
use shogi_tool::views::chart_svg::{self, ChartKind, ChartOptions};
use shogi_tool::views::report_html::{self, RecordLists, ReportOptions};

use super::exit::ExitCode;
use super::inputs::{InputArgs, InputStream, QUIET_HELP};
use super::output;
use super::values::RuleArg;

/// Output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Aligned text for people.
    #[value(alias = "table")]
    Human,
    /// One JSON object (the form `--merge` reads).
    Json,
    /// `section,key,value` rows.
    Csv,
    /// One self-contained HTML page with every chart (see `--output`).
    Html,
    /// One chart as an SVG document (name it with `--chart`).
    Svg,
}

/// The charts `--chart` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ChartArg {
    /// The game-length histogram, in buckets of 20 plies.
    Lengths,
    /// Records by outcome reason, split by winner.
    Outcomes,
    /// Black's and white's wins overall and by handicap.
    WinRates,
    /// The most frequent openings (`--top`).
    Openings,
    /// Fouls by code.
    Fouls,
    /// Warnings by code.
    Warnings,
    /// Entering-king declarations by verdict.
    Declarations,
    /// Records by encoding.
    Encodings,
    /// Records by format.
    Formats,
}

impl From<ChartArg> for ChartKind {
    fn from(c: ChartArg) -> ChartKind {
        match c {
            ChartArg::Lengths => ChartKind::Lengths,
            ChartArg::Outcomes => ChartKind::Outcomes,
            ChartArg::WinRates => ChartKind::WinRates,
            ChartArg::Openings => ChartKind::Openings,
            ChartArg::Fouls => ChartKind::Fouls,
            ChartArg::Warnings => ChartKind::Warnings,
            ChartArg::Declarations => ChartKind::Declarations,
            ChartArg::Encodings => ChartKind::Encodings,
            ChartArg::Formats => ChartKind::Formats,
        }
    }
}

/// Arguments of `stats`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
    /// Also write one JSON object per record to FILE (JSON Lines; see README for the columns).
    #[arg(long, value_name = "FILE.jsonl")]
    pub games: Option<std::path::PathBuf>,
    /// Replace an existing `--games`, `--failures-file` or `--output` file.
    #[arg(long)]
    pub force: bool,
    /// Write the statistics to FILE instead of standard output (written whole at the end).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// The chart `--format svg` draws.
    #[arg(long, value_name = "CHART", value_enum, ignore_case = true)]
    pub chart: Option<ChartArg>,
    /// How many first moves make an opening.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub opening_plies: usize,
    /// How many openings the table and CSV list.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub top: usize,
    /// List the failed files and records in the table (the first 1,000 by path).
    #[arg(long)]
    pub failures: bool,
    /// Also write every failed file and record to FILE, one JSON object a line, as they come.
    #[arg(long, value_name = "FILE.jsonl", conflicts_with = "merge")]
    pub failures_file: Option<std::path::PathBuf>,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
    /// Add up the `--format json` outputs of shards instead of reading records.
    #[arg(long, value_name = "PARTIAL.json", num_args = 1.., conflicts_with_all = ["games", "files_from", "shard"], help_heading = super::help::INPUT)]
    pub merge: Vec<std::path::PathBuf>,
    /// The move limit after which a game is a draw (default: the record's own, else none).
    #[arg(long, value_name = "N", help_heading = super::help::RULES)]
    pub max_moves: Option<u32>,
    /// The rule entering-king declarations are judged by (default: the rule the record names,
    /// else csa27).
    #[arg(long, value_name = "RULE", value_enum, ignore_case = true, help_heading = super::help::RULES)]
    pub impasse_rule: Option<RuleArg>,
    #[command(flatten)]
    pub variant_rules: super::rule_args::RuleArgs,
}

/// Reads every input (or merges partial results) and prints the statistics.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match (args.format, args.chart) {
        (OutputFormat::Svg, None) => anyhow::bail!(
            "--format svg draws one chart: name it with --chart (lengths, outcomes, win-rates, \
             openings, fouls, warnings, declarations, encodings or formats)"
        ),
        (OutputFormat::Svg, Some(_)) | (_, None) => {}
        (_, Some(_)) => anyhow::bail!("--chart goes with --format svg"),
    }
    if let Some(p) = &args.output {
        output::check(p, args.force)?;
    }
    if !args.merge.is_empty() {
        let total = ops::stats::merge_files(&args.merge)?;
        print(&total, None, &args)?;
        return Ok(exit_code(&total));
    }
    if super::training::names_training_files(&args.input) {
        return super::training::stats(&args.input, args.format == OutputFormat::Json);
    }
    let (inputs, input_errors) = args.input.input_stream()?;
    let options = StatsOptions {
        jobs: args.input.jobs,
        opening_plies: args.opening_plies,
        read: args.input.read_options(),
        replay: ReplayOptions {
            max_moves: args.max_moves,
            impasse_rule: args.impasse_rule.map(Into::into),
            variant_rules: args.variant_rules.rules(),
        },
        game_rows: args.games.is_some(),
        record_lists: args.format == OutputFormat::Html,
        all_failures: args.failures_file.is_some(),
    };
    let note = |n: &str| {
        if !args.quiet {
            eprintln!("shogi-tool: note: {n}");
        }
    };
    let mut failures_out = match &args.failures_file {
        Some(p) => Some(output::OutputFile::create(p, args.force, note)?),
        None => None,
    };
    let write_failures = |out: &mut Option<output::OutputFile>, failures: &[Failure]| {
        let Some(out) = out.as_mut() else {
            return Ok(());
        };
        let mut text = String::new();
        for f in failures {
            text.push_str(&serde_json::to_string(f).expect("a failure serialises"));
            text.push('\n');
        }
        out.write_all(text.as_bytes())
    };
    for e in &input_errors {
        write_failures(
            &mut failures_out,
            &[Failure::of_file(&e.path, None, &e.message)],
        )
        .context("cannot write the --failures-file file")?;
    }
    // Written through a temporary file renamed at the end: an interrupted or failed run leaves
    // no half-written file, and the file may be one of the inputs.
    let mut games_out = match &args.games {
        Some(p) => Some(output::OutputFile::create(p, args.force, note)?),
        None => None,
    };
    let (inputs, progress) = progress_bar(inputs, !args.quiet && std::io::stderr().is_terminal());
    let bar = progress.clone();
    let _clear_on_signal = output::on_signal(move || bar.finish_and_clear());
    let started = std::time::Instant::now();
    let mut records_seen = 0u64;
    let mut write_error = None;
    let mut failures_error = None;
    let run = ops::stats::accumulate(inputs, &input_errors, &options, |r| {
        if let Err(e) = write_failures(&mut failures_out, r.failures.as_deref().unwrap_or(&[])) {
            failures_error = Some(e);
            return false;
        }
        records_seen += r.records;
        if r.last {
            progress.inc(1);
        }
        super::progress::show_rate(&progress, records_seen, started);
        if let Some(out) = games_out.as_mut() {
            if let Err(e) = out.write_all(r.rows.as_bytes()) {
                write_error = Some(e);
                return false;
            }
        }
        true
    });
    progress.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e).context("cannot write the --games file");
    }
    if let Some(out) = games_out {
        out.finish().context("cannot write the --games file")?;
    }
    if let Some(e) = failures_error {
        return Err(e).context("cannot write the --failures-file file");
    }
    if let Some(out) = failures_out {
        out.finish()
            .context("cannot write the --failures-file file")?;
    }
    let lists = options.record_lists.then_some(&run.lists);
    print(&run.stats, lists, &args)?;
    Ok(exit_code(&run.stats))
}

fn exit_code(s: &Stats) -> ExitCode {
    if s.files_failed > 0 || s.records_failed > 0 {
        ExitCode::Error
    } else {
        ExitCode::Success
    }
}

fn print(s: &Stats, lists: Option<&RecordLists>, args: &Args) -> anyhow::Result<()> {
    let text = match args.format {
        OutputFormat::Json => ops::stats::json_text(s),
        OutputFormat::Csv => ops::stats::to_csv(s, args.top),
        OutputFormat::Human => ops::stats::to_table(
            s,
            &TableOptions {
                top: args.top,
                failures: args.failures,
            },
        ),
        OutputFormat::Html => report_html::report(
            s,
            lists,
            &ReportOptions {
                top: args.top,
                ..ReportOptions::default()
            },
        ),
        OutputFormat::Svg => chart_svg::chart(
            s,
            args.chart.map(Into::into).unwrap_or(ChartKind::Lengths),
            &ChartOptions {
                top: args.top,
                ..ChartOptions::default()
            },
        ),
    };
    if let Some(p) = &args.output {
        return output::write_file(p, text.as_bytes(), args.force, |n| {
            if !args.quiet {
                eprintln!("shogi-tool: note: {n}");
            }
        });
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Inputs with a progress bar over them when `show` (the bar needs the number of files up
/// front, so they are listed first; without it the walk stays lazy), else a hidden bar.
fn progress_bar(inputs: InputStream, show: bool) -> (InputStream, indicatif::ProgressBar) {
    if !show {
        return (inputs, indicatif::ProgressBar::hidden());
    }
    let all: Vec<_> = inputs.collect();
    let bar = indicatif::ProgressBar::new(all.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} files, {msg} [{elapsed_precise} < {eta}]",
        )
        .expect("a valid template"),
    );
    (Box::new(all.into_iter()), bar)
}
