//! `shogi-tool stats [PATH...]`: aggregate statistics of a collection, read in parallel,
//! with `--games` rows per record, `--shard`/`--files-from` to split the work and `--merge` to
//! add up the JSON of shards into exactly the result of one run.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};

use anyhow::Context;
use serde::Serialize;
use shogi_tool::batch::stats::{start_name, Failure, RecordFacts, Stats, HISTOGRAM_OVERFLOW_PLIES};
use shogi_tool::batch::{self, Partials};
use shogi_tool::diag::Validation;
use shogi_tool::record::replay::{replay, ReplayOptions};
use shogi_tool::record::{MetaKey, Record};
use shogi_tool::views::chart_svg::{self, ChartKind, ChartOptions};
use shogi_tool::views::report_html::{self, Finding, Listed, RecordLists, ReportOptions};

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

/// One row of `--games`.
#[derive(Serialize)]
struct GameRow<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<&'a str>,
    record: usize,
    format: Option<&'a str>,
    encoding: Option<&'a str>,
    variant: &'a str,
    black: Option<&'a str>,
    white: Option<&'a str>,
    date: Option<&'a str>,
    event: Option<&'a str>,
    handicap: String,
    plies: usize,
    outcome: &'a str,
    winner: Option<&'a str>,
    first_moves: Option<&'a str>,
    fouls: Vec<&'a str>,
    warnings: Vec<&'a str>,
    errors: Vec<&'a str>,
}

/// A piece of one input's results: a batch of its records, or its end.
///
/// Its counts are not in it: they are added up on the thread that read the records, in a
/// [`Partials`] summed once at the end, so the thread emitting in input order (one at a time)
/// does not merge one set of statistics an input.
struct FileResult {
    rows: String,
    records: u64,
    /// Whether this is the input's last piece.
    last: bool,
    /// The records behind each foul and warning code (`--format html` only).
    lists: RecordLists,
    /// Every failure of the piece, for `--failures-file` (only when it is given).
    failures: Option<Vec<Failure>>,
}

impl FileResult {
    fn new() -> FileResult {
        FileResult {
            rows: String::new(),
            records: 0,
            last: false,
            lists: RecordLists::default(),
            failures: None,
        }
    }

    /// A result that also keeps every failure when `all_failures`.
    fn keeping(all_failures: bool) -> FileResult {
        FileResult {
            failures: all_failures.then(Vec::new),
            ..FileResult::new()
        }
    }

    /// Counts a file that could not be read (in `stats`, and its failure here).
    fn fail_file(
        &mut self,
        stats: &mut Stats,
        path: &str,
        path_bytes: Option<String>,
        message: &str,
    ) {
        if let Some(all) = &mut self.failures {
            all.push(Failure::of_file(path, path_bytes.clone(), message));
        }
        stats.add_failed_file(path, path_bytes, message);
    }

    /// Counts one record, standard or of a variant: its statistics (in `stats`), the lists of
    /// its codes (`want_lists`, records read without errors only) and its CSV row, when there
    /// is one.
    fn add(
        &mut self,
        stats: &mut Stats,
        facts: &RecordFacts,
        v: &Validation,
        opening: &str,
        row: Option<String>,
        want_lists: Option<Names>,
    ) {
        if let Some(all) = &mut self.failures {
            all.extend(Failure::of_record(v));
        }
        stats.add(facts, v, opening);
        if let Some(names) = want_lists.filter(|_| v.errors.is_empty()) {
            if !v.fouls.is_empty() || !v.warnings.is_empty() {
                self.lists.add(listed(v, names));
            }
        }
        self.records += 1;
        if let Some(row) = row {
            self.rows.push_str(&row);
            self.rows.push('\n');
        }
    }
}

/// The players and the date of a record, for the report's lists (black, white, date).
type Names = [Option<String>; 3];

/// The [`Names`] of `record` (what `--games` gives as `black`, `white` and `date`).
fn names(record: &Record) -> Names {
    let meta = &record.metadata;
    let own = |v: Option<&str>| v.map(str::to_string);
    [
        own(stated(meta.get(MetaKey::BlackName))),
        own(stated(meta.get(MetaKey::WhiteName))),
        own(stated(meta.get(MetaKey::StartTime)).or_else(|| stated(meta.get_raw("対局日")))),
    ]
}

/// A record as the report lists it: where, who, when, how long, and its fouls and warnings.
fn listed(v: &Validation, [black, white, date]: Names) -> Listed {
    let findings = v
        .fouls
        .iter()
        .map(|f| Finding {
            foul: true,
            code: f.code.as_str().to_string(),
            ply: f.ply,
            message: f.message.clone(),
        })
        .chain(v.warnings.iter().map(|w| Finding {
            foul: false,
            code: w.code.as_str().to_string(),
            ply: w.ply,
            message: w.message.clone(),
        }))
        .collect();
    Listed {
        path: v.path.clone(),
        index: v.record,
        black,
        white,
        date,
        plies: v.plies,
        findings,
    }
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
        let total = merge(&args.merge)?;
        print(&total, None, &args)?;
        return Ok(exit_code(&total));
    }
    if super::training::names_training_files(&args.input) {
        return super::training::stats(&args.input, args.format == OutputFormat::Json);
    }
    let (inputs, input_errors) = args.input.input_stream()?;
    let read_options = args.input.read_options();
    let replay_options = ReplayOptions {
        max_moves: args.max_moves,
        impasse_rule: args.impasse_rule.map(Into::into),
        variant_rules: args.variant_rules.rules(),
    };
    let mut stats = Stats::new(args.opening_plies);
    let all_failures = args.failures_file.is_some();
    let mut failures_out = match &args.failures_file {
        Some(p) => Some(output::OutputFile::create(p, args.force, |n| {
            if !args.quiet {
                eprintln!("shogi-tool: note: {n}");
            }
        })?),
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
        stats.add_input(&e.path);
        stats.add_failed_file(&e.path, None, &e.message);
        write_failures(
            &mut failures_out,
            &[Failure::of_file(&e.path, None, &e.message)],
        )
        .context("cannot write the --failures-file file")?;
    }
    // Written through a temporary file renamed at the end: an interrupted or failed run leaves
    // no half-written file, and the file may be one of the inputs.
    let mut games_out = match &args.games {
        Some(p) => Some(output::OutputFile::create(p, args.force, |n| {
            if !args.quiet {
                eprintln!("shogi-tool: note: {n}");
            }
        })?),
        None => None,
    };
    // The bar needs the number of files up front; without it the walk stays lazy.
    let show_progress = !args.quiet && std::io::stderr().is_terminal();
    let (inputs, total): (InputStream, u64) = if show_progress {
        let all: Vec<_> = inputs.collect();
        let n = all.len() as u64;
        (Box::new(all.into_iter()), n)
    } else {
        (inputs, 0)
    };
    let progress = if !show_progress {
        indicatif::ProgressBar::hidden()
    } else {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} files, {msg} [{elapsed_precise} < {eta}]",
            )
            .expect("a valid template"),
        );
        bar
    };
    let bar = progress.clone();
    let _clear_on_signal = output::on_signal(move || bar.finish_and_clear());
    let started = std::time::Instant::now();
    let mut records_seen = 0u64;
    let want_rows = games_out.is_some();
    let want_lists = args.format == OutputFormat::Html;
    let mut lists = RecordLists::default();
    let mut write_error = None;
    let mut failures_error = None;
    // Each input's results go out a batch of records at a time: a multi-game file of any
    // size holds a few batches, never every record's summary. The counts are added up by the
    // threads that read the records, one partial sum a thread in use, added together at the end.
    let partials = Partials::new(args.opening_plies);
    batch::run_ordered_pieces(
        inputs,
        args.input.jobs,
        |input, sink| {
            let mut partial = partials.take();
            let Some(file) = batch::read_each_batched_to_end(
                input,
                &read_options,
                batch::RECORDS_PER_BATCH,
                |record, _| {
                    let report = replay(record, &replay_options);
                    let mut v = Validation::new(record, &report).with_openings(record, &report);
                    v.path_bytes = input.path_bytes();
                    let opening = opening_of(record, &report, args.opening_plies);
                    let row = want_rows.then(|| game_row(record, &v, &opening));
                    let names = want_lists.then(|| names(record));
                    (RecordFacts::of(record), v, opening, row, names)
                },
                |results| {
                    let mut r = FileResult::keeping(all_failures);
                    for (facts, v, opening, row, names) in results {
                        r.add(&mut partial, &facts, &v, &opening, row, names);
                    }
                    sink(r)
                },
            ) else {
                partials.give_back(partial);
                return;
            };
            // The input's last piece: it counts the file, or why it could not be read.
            let mut r = FileResult::keeping(all_failures);
            r.last = true;
            partial.add_input(&file.path);
            match &file.error {
                Some(message) => r.fail_file(&mut partial, &file.path, input.path_bytes(), message),
                None => partial.files += 1,
            }
            partials.give_back(partial);
            sink(r);
        },
        |r| {
            if let Err(e) = write_failures(&mut failures_out, r.failures.as_deref().unwrap_or(&[]))
            {
                failures_error = Some(e);
                return false;
            }
            lists.append(r.lists);
            records_seen += r.records;
            if r.last {
                progress.inc(1);
            }
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            progress.set_message(format!(
                "{records_seen} records, {:.0} records/s",
                records_seen as f64 / secs
            ));
            if let Some(out) = games_out.as_mut() {
                if let Err(e) = out.write_all(r.rows.as_bytes()) {
                    write_error = Some(e);
                    return false;
                }
            }
            true
        },
    );
    progress.finish_and_clear();
    stats += partials.into_total();
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
    stats.finish();
    print(&stats, want_lists.then_some(&lists), &args)?;
    Ok(exit_code(&stats))
}

/// Adds up the `--format json` outputs of shards, refusing what would not give the result of
/// one run: a file that is not such an output (said with the file and why), the same part
/// twice (by path or by the inputs it counted), parts that count openings of different lengths.
fn merge(paths: &[std::path::PathBuf]) -> anyhow::Result<Stats> {
    let mut total: Option<Stats> = None;
    let mut seen: Vec<(std::path::PathBuf, std::path::PathBuf, String)> = Vec::new();
    for path in paths {
        let shown = path.display();
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {shown}"))?;
        let mut part: Stats = serde_json::from_str(&text).map_err(|e| {
            let looks = text.trim_start();
            let hint = if looks.starts_with("records") {
                " (it looks like the table output: run the shards with --format json)"
            } else if looks.starts_with("section,key,value") {
                " (it looks like the CSV output: run the shards with --format json)"
            } else {
                ""
            };
            anyhow::anyhow!("{shown} is not the JSON output of `stats --format json`: {e}{hint}")
        })?;
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        for (other, other_real, fingerprint) in &seen {
            if *other_real == real {
                anyhow::bail!(
                    "{shown} is given twice to --merge (as {} and {shown}): each part must be counted once",
                    other.display()
                );
            }
            if !part.inputs_fingerprint.is_empty()
                && part.files > 0
                && *fingerprint == part.inputs_fingerprint
            {
                anyhow::bail!(
                    "{shown} and {} count the same inputs: the same part given twice? Each part must be counted once",
                    other.display()
                );
            }
        }
        if let Some(t) = &total {
            if t.opening_plies != part.opening_plies {
                anyhow::bail!(
                    "{} counts openings of {} plies, but {shown} of {}: run every shard with the same --opening-plies",
                    paths[0].display(),
                    t.opening_plies,
                    part.opening_plies
                );
            }
        }
        part.upgrade_variants_out_of_handicaps();
        if let Some(why) = part.inconsistency() {
            anyhow::bail!(
                "{shown} cannot be the output of one run of `stats --format json`: {why}; not merged"
            );
        }
        if let Some(t) = &total {
            if let Some(figure) = t.overflow_with(&part) {
                let before = match seen.len() {
                    1 => paths[0].display().to_string(),
                    n => format!("the {n} parts before ({} ...)", paths[0].display()),
                };
                anyhow::bail!(
                    "{before} and {shown}: {figure} would exceed 18446744073709551615 merged; not merged"
                );
            }
        }
        seen.push((path.clone(), real, part.inputs_fingerprint.clone()));
        match &mut total {
            Some(t) => *t += part,
            None => total = Some(part),
        }
    }
    let mut total = total.unwrap_or_default();
    total.finish();
    Ok(total)
}

fn exit_code(s: &Stats) -> ExitCode {
    if s.files_failed > 0 || s.records_failed > 0 {
        ExitCode::Error
    } else {
        ExitCode::Success
    }
}

/// A header's value, or `None` where the record leaves it empty (`先手：` with no name): absent
/// values are JSON's `null`, never `""`.
fn stated(value: Option<&str>) -> Option<&str> {
    value.filter(|v| !v.trim().is_empty())
}

/// A record's opening: its first `plies` moves as carried out (USI, space-separated); for a
/// smaller variant's, led by the variant's name (`minishogi: 5e4d 1a1b`), so that the
/// openings of different games never share a line.
fn opening_of(
    record: &Record,
    report: &shogi_tool::record::replay::Report,
    plies: usize,
) -> String {
    let Some(name) = record.variant_name() else {
        let moves: Vec<String> = report
            .moves
            .iter()
            .take(plies)
            .map(|m| m.to_usi())
            .collect();
        return moves.join(" ");
    };
    let moves: Vec<String> = record
        .tree
        .main_line_moves()
        .take(report.plies.min(plies))
        .map(|m| m.mv.to_string())
        .collect();
    if moves.is_empty() {
        return String::new();
    }
    format!("{name}: {}", moves.join(" "))
}

fn game_row(record: &Record, v: &Validation, opening: &str) -> String {
    let meta = &record.metadata;
    let row = GameRow {
        path: &v.path,
        path_bytes: v.path_bytes.as_deref(),
        record: v.record,
        format: v.format,
        encoding: v.encoding,
        variant: record.variant_name().unwrap_or("standard"),
        black: stated(meta.get(MetaKey::BlackName)),
        white: stated(meta.get(MetaKey::WhiteName)),
        date: stated(meta.get(MetaKey::StartTime)).or_else(|| stated(meta.get_raw("対局日"))),
        event: stated(meta.get(MetaKey::Event)),
        handicap: start_name(&record.start),
        plies: v.plies,
        outcome: v.outcome.reason.as_str(),
        winner: v.outcome.winner,
        first_moves: stated(Some(opening)),
        fouls: v.fouls.iter().map(|f| f.code.as_str()).collect(),
        warnings: v.warnings.iter().map(|w| w.code.as_str()).collect(),
        errors: v.errors.iter().map(|e| e.code.as_str()).collect(),
    };
    serde_json::to_string(&row).expect("rows serialise")
}

/// The derived figures printed beside the counts.
#[derive(Serialize)]
struct Summary {
    mean_plies: f64,
    median_plies: usize,
    max_plies: usize,
    percentiles: std::collections::BTreeMap<String, usize>,
    /// `None` (JSON `null`) without a decisive game, as in [`VariantSummary`].
    black_win_rate: Option<f64>,
    white_win_rate: Option<f64>,
    /// The breakdown by variant (standard shogi included), when some record is of another.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    variants: std::collections::BTreeMap<String, VariantSummary>,
}

/// One variant's figures in the summary.
#[derive(Serialize)]
struct VariantSummary {
    records: u64,
    outcomes: std::collections::BTreeMap<String, u64>,
    mean_plies: f64,
    median_plies: usize,
    max_plies: usize,
    black_win_rate: Option<f64>,
    white_win_rate: Option<f64>,
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Black's and white's win rates of `winners`, rounded; `None` (JSON `null`, `–` in the table,
/// empty in CSV) where no game was decisive: there is no rate, not a rate of 0 %.
fn rates(winners: &std::collections::BTreeMap<String, u64>) -> (Option<f64>, Option<f64>) {
    let decisive = ["black", "white"]
        .iter()
        .map(|w| winners.get(*w).copied().unwrap_or(0))
        .sum::<u64>();
    if decisive == 0 {
        return (None, None);
    }
    let (b, w) = shogi_tool::batch::stats::win_rates(winners);
    (Some(round2(b)), Some(round2(w)))
}

/// A rate as the table shows it: `51.2%`, or `–` where there is none.
fn shown_rate(rate: Option<f64>) -> String {
    rate.map_or_else(|| "–".to_string(), |r| format!("{r:.1}%"))
}

/// A rate as CSV gives it: the number, or nothing.
fn csv_rate(rate: Option<f64>) -> String {
    rate.map_or_else(String::new, |r| r.to_string())
}

fn variant_summaries(s: &Stats) -> Vec<(String, VariantSummary)> {
    s.by_variant()
        .into_iter()
        .map(|(name, vs)| {
            let (b, w) = rates(&vs.winners);
            let summary = VariantSummary {
                records: vs.records,
                mean_plies: round2(vs.mean_plies()),
                median_plies: vs.percentile(50.0),
                max_plies: vs.max_plies(),
                black_win_rate: b,
                white_win_rate: w,
                outcomes: vs.outcomes,
            };
            (name, summary)
        })
        .collect()
}

fn summary(s: &Stats) -> Summary {
    let (b, w) = rates(&s.winners);
    Summary {
        mean_plies: round2(s.mean_plies()),
        median_plies: s.percentile(50.0),
        max_plies: s.max_plies(),
        percentiles: [1.0, 10.0, 25.0, 75.0, 90.0, 99.0, 100.0]
            .iter()
            .map(|&p| (format!("p{p}"), s.percentile(p)))
            .collect(),
        black_win_rate: b,
        white_win_rate: w,
        variants: variant_summaries(s).into_iter().collect(),
    }
}

fn print(s: &Stats, lists: Option<&RecordLists>, args: &Args) -> anyhow::Result<()> {
    let text = match args.format {
        OutputFormat::Json => {
            let mut v = serde_json::to_value(s)?;
            v["summary"] = serde_json::to_value(summary(s))?;
            let mut t = serde_json::to_string_pretty(&v)?;
            t.push('\n');
            t
        }
        OutputFormat::Csv => csv(s, args.top),
        OutputFormat::Human => table(s, args),
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

fn top(map: &std::collections::BTreeMap<String, u64>, n: usize) -> Vec<(&String, &u64)> {
    let mut v: Vec<_> = map.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    v.truncate(n);
    v
}

fn pct(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

fn table(s: &Stats, args: &Args) -> String {
    let mut o = String::new();
    let sum = summary(s);
    let line =
        |o: &mut String, label: &str, map: &std::collections::BTreeMap<String, u64>, of: u64| {
            let items: Vec<String> = top(map, usize::MAX)
                .into_iter()
                .map(|(k, v)| format!("{k} {v} ({:.1}%)", pct(*v, of)))
                .collect();
            let _ = writeln!(
                o,
                "{label:<12}{}",
                if items.is_empty() {
                    "-".into()
                } else {
                    items.join(", ")
                }
            );
        };
    let _ = writeln!(
        o,
        "{:<12}{} read, {} could not be read (every figure below is over the {} read); {} file{}, {} unreadable",
        "records",
        s.records,
        s.records_failed,
        s.records,
        s.files,
        if s.files == 1 { "" } else { "s" },
        s.files_failed
    );
    line(&mut o, "formats", &s.formats, s.records);
    line(&mut o, "encodings", &s.encodings, s.records);
    line(&mut o, "handicaps", &s.handicaps, s.records);
    line(&mut o, "outcomes", &s.outcomes, s.records);
    line(&mut o, "winners", &s.winners, s.records);
    let _ = writeln!(
        o,
        "{:<12}black {}, white {} of decisive games",
        "win rates",
        shown_rate(sum.black_win_rate),
        shown_rate(sum.white_win_rate)
    );
    let by_variant = variant_summaries(s);
    if !by_variant.is_empty() {
        let items: Vec<String> = by_variant
            .iter()
            .map(|(k, v)| format!("{k} {} ({:.1}%)", v.records, pct(v.records, s.records)))
            .collect();
        let _ = writeln!(o, "{:<12}{}", "variants", items.join(", "));
        for (k, v) in &by_variant {
            let outcomes: Vec<String> = top(&v.outcomes, usize::MAX)
                .into_iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            let _ = writeln!(
                o,
                "{:<12}{k}: {}; length mean {:.1}, median {}, max {}; black {}, white {} of decisive games",
                "",
                outcomes.join(", "),
                v.mean_plies,
                v.median_plies,
                v.max_plies,
                shown_rate(v.black_win_rate),
                shown_rate(v.white_win_rate)
            );
        }
    }
    line(&mut o, "endings", &s.stated_endings, s.records);
    line(&mut o, "declared", &s.declarations, s.records);
    line(&mut o, "fouls", &s.fouls, s.records);
    line(&mut o, "warnings", &s.warnings, s.records);
    let _ = writeln!(
        o,
        "{:<12}mean {:.1}, median {}, p10 {}, p25 {}, p75 {}, p90 {}, p99 {}, max {}",
        "length",
        sum.mean_plies,
        sum.median_plies,
        s.percentile(10.0),
        s.percentile(25.0),
        s.percentile(75.0),
        s.percentile(90.0),
        s.percentile(99.0),
        s.max_plies()
    );
    // Histogram in buckets of 20 plies, the longest games in one overflow bucket.
    let overflow = HISTOGRAM_OVERFLOW_PLIES;
    let mut buckets: Vec<u64> = vec![0; overflow / 20 + 1];
    for (&plies, &c) in &s.length_histogram {
        buckets[plies.min(overflow) / 20] += c;
    }
    let max = buckets.iter().copied().max().unwrap_or(0).max(1);
    for (i, &c) in buckets.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let bar = "#".repeat(((c * 40).div_ceil(max)) as usize);
        let range = if i * 20 >= overflow {
            format!("{overflow}-{}", s.max_plies())
        } else {
            format!("{:>4}-{:<4}", i * 20, i * 20 + 19)
        };
        let _ = writeln!(o, "{:<12}{range:<9} {:>8} {bar}", "", c);
    }
    named_tables(&mut o, s, args.top);
    let _ = writeln!(
        o,
        "{:<12}first {} plies, most frequent:",
        "openings", s.opening_plies
    );
    for (k, v) in top(&s.openings, args.top) {
        let _ = writeln!(o, "{:<12}{v:>8}  {k}", "");
    }
    let failed = s.files_failed + s.records_failed;
    if args.failures && !s.failures.is_empty() {
        if failed > s.failures.len() as u64 {
            let _ = writeln!(
                o,
                "failures: the first {} of {failed} (--failures-file FILE lists every one):",
                s.failures.len()
            );
        } else {
            let _ = writeln!(o, "failures:");
        }
        for f in &s.failures {
            let message = failure_message(&f.message);
            match f.record {
                Some(r) => {
                    let _ = writeln!(o, "  {}#{r}: {message}", f.path);
                }
                None => {
                    let _ = writeln!(o, "  {}: {message}", f.path);
                }
            }
        }
    } else if !s.failures.is_empty() {
        let _ = writeln!(o, "({failed} failures: list them with --failures)");
    }
    o
}

/// The by-opening and by-castle tables (sides given each name, how they scored) and the
/// pairings of black's opening with white's, the `top` most frequent of each.
fn named_tables(o: &mut String, s: &Stats, top: usize) {
    for (title, map) in [("strategies", &s.by_strategy), ("castles", &s.by_castle)] {
        if map.is_empty() {
            continue;
        }
        let _ = writeln!(
            o,
            "{title:<12}   sides     won    lost  won%  (of the sides given the name)"
        );
        for (name, c) in top_named(map, top, |c| c.sides) {
            let _ = writeln!(
                o,
                "{:<12}{:>8}{:>8}{:>8}{:>6.1}  {name}",
                "",
                c.sides,
                c.won,
                c.lost,
                pct(c.won, c.won + c.lost)
            );
        }
    }
    if !s.pairings.is_empty() {
        let _ = writeln!(
            o,
            "{:<12}   games   black   white  (black's opening vs white's)",
            "pairings"
        );
        for (name, c) in top_named(&s.pairings, top, |c| c.games) {
            let _ = writeln!(
                o,
                "{:<12}{:>8}{:>8}{:>8}  {name}",
                "", c.games, c.black, c.white
            );
        }
    }
}

/// The `n` entries of `map` with the most `count`, then by name.
fn top_named<T>(
    map: &std::collections::BTreeMap<String, T>,
    n: usize,
    count: impl Fn(&T) -> u64,
) -> Vec<(&String, &T)> {
    let mut v: Vec<_> = map.iter().collect();
    v.sort_by(|a, b| count(b.1).cmp(&count(a.1)).then(a.0.cmp(b.0)));
    v.truncate(n);
    v
}

fn csv(s: &Stats, n: usize) -> String {
    let mut o = String::from("section,key,value\n");
    let esc = |k: &str| {
        if k.contains([',', '"', '\n']) {
            format!("\"{}\"", k.replace('"', "\"\""))
        } else {
            k.to_string()
        }
    };
    for (k, v) in [
        ("files", s.files),
        ("files_failed", s.files_failed),
        ("records", s.records),
        ("records_failed", s.records_failed),
        ("plies_total", s.plies_total),
    ] {
        let _ = writeln!(o, "totals,{k},{v}");
    }
    let sum = summary(s);
    let _ = writeln!(o, "summary,mean_plies,{}", sum.mean_plies);
    let _ = writeln!(o, "summary,median_plies,{}", sum.median_plies);
    let _ = writeln!(o, "summary,black_win_rate,{}", csv_rate(sum.black_win_rate));
    let _ = writeln!(o, "summary,white_win_rate,{}", csv_rate(sum.white_win_rate));
    for (k, v) in &sum.percentiles {
        let _ = writeln!(o, "percentiles,{k},{v}");
    }
    // Sections are named as the JSON keys they come from.
    for (section, map) in [
        ("formats", &s.formats),
        ("encodings", &s.encodings),
        ("handicaps", &s.handicaps),
        ("handicap_winners", &s.handicap_winners),
        ("outcomes", &s.outcomes),
        ("winners", &s.winners),
        ("outcome_winners", &s.outcome_winners),
        ("stated_endings", &s.stated_endings),
        ("declarations", &s.declarations),
        ("fouls", &s.fouls),
        ("foul_occurrences", &s.foul_occurrences),
        ("warnings", &s.warnings),
    ] {
        for (k, v) in map {
            let _ = writeln!(o, "{section},{},{v}", esc(k));
        }
    }
    for (name, v) in variant_summaries(s) {
        let _ = writeln!(o, "variants,{name}.records,{}", v.records);
        let _ = writeln!(o, "variants,{name}.mean_plies,{}", v.mean_plies);
        let _ = writeln!(o, "variants,{name}.median_plies,{}", v.median_plies);
        let _ = writeln!(o, "variants,{name}.max_plies,{}", v.max_plies);
        let _ = writeln!(
            o,
            "variants,{name}.black_win_rate,{}",
            csv_rate(v.black_win_rate)
        );
        let _ = writeln!(
            o,
            "variants,{name}.white_win_rate,{}",
            csv_rate(v.white_win_rate)
        );
        for (k, c) in &v.outcomes {
            let _ = writeln!(o, "variants,{name}.outcomes.{},{c}", esc(k));
        }
    }
    for (section, map) in [("by_strategy", &s.by_strategy), ("by_castle", &s.by_castle)] {
        for (k, c) in map {
            let k = esc(k);
            let _ = writeln!(o, "{section},{k}.sides,{}", c.sides);
            let _ = writeln!(o, "{section},{k}.won,{}", c.won);
            let _ = writeln!(o, "{section},{k}.lost,{}", c.lost);
        }
    }
    for (k, c) in &s.pairings {
        let k = esc(k);
        let _ = writeln!(o, "pairings,{k}.games,{}", c.games);
        let _ = writeln!(o, "pairings,{k}.black,{}", c.black);
        let _ = writeln!(o, "pairings,{k}.white,{}", c.white);
    }
    for (k, v) in top(&s.openings, n) {
        let _ = writeln!(o, "openings,{},{v}", esc(k));
    }
    for (plies, c) in &s.length_histogram {
        let _ = writeln!(o, "length_histogram,{plies},{c}");
    }
    o
}
/// A failure's message in the human style (see [`shogi_tool::diag::human_message`]), after
/// its `line N: ` when it has one; the JSON keeps it as it was written.
fn failure_message(m: &str) -> String {
    match m.split_once(": ") {
        Some((at, rest)) if at.starts_with("line ") => {
            format!("{at}: {}", shogi_tool::diag::human_message(rest))
        }
        _ => shogi_tool::diag::human_message(m).into_owned(),
    }
}
