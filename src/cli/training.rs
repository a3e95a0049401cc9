//! `positions --format hcpe|psv`: the training entries of the sound records of every input,
//! written in input order to `--output` (or a pipe), with the summary on standard error; and
//! `.hcpe`/`.psv` files read back as inputs of `positions`, `stats` and `validate`.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::bail;
use shogi_tool::batch::{self, Input};
use shogi_tool::ops::training::open;
pub use shogi_tool::ops::training::training_format;
use shogi_tool::record::Record;
use shogi_tool::shogi::Position;
use shogi_tool::text::SourceText;
use shogi_tool::training::{
    export_record, EntryReader, EvalMissing, ExportOptions, Exported, Summary, TrainingFormat,
    Unique,
};

use super::exit::ExitCode;
use super::inputs::InputArgs;
use super::output::OutputFile;
use super::records::Chunk;

/// What `positions` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PositionsFormat {
    /// `<ply>\t<sfen>` lines.
    Human,
    /// JSON Lines: one object a position (path, record, ply, move, sfen).
    Json,
    /// cshogi's / dlshogi's HuffmanCodedPosAndEval, 38 bytes a position.
    Hcpe,
    /// YaneuraOu's PackedSfenValue, 40 bytes a position.
    Psv,
}

/// What a position without an evaluation gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EvalMissingArg {
    /// Leave it out.
    Skip,
    /// Write it with the score 0.
    Zero,
}

/// The flags of `positions` that choose and filter the training entries.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// What to write: SFEN lines (human), one JSON object a position (json), or training
    /// entries (hcpe, psv) of sound records.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: PositionsFormat,
    /// Write the training entries to FILE (`-`: standard output, which must not be a terminal).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Replace an existing --output file.
    #[arg(long)]
    pub force: bool,
    /// What a position without an evaluation in the record's comments gets.
    #[arg(long, value_enum, ignore_case = true, default_value = "zero")]
    pub eval_missing: EvalMissingArg,
    /// Keep the positions from a foul on (left out by default).
    #[arg(long)]
    pub keep_after_foul: bool,
    /// Keep records the reader reported errors in (left out by default).
    #[arg(long)]
    pub keep_errors: bool,
    /// Keep records whose stated result the moves contradict (left out by default).
    #[arg(long)]
    pub keep_mismatches: bool,
    /// Keep records without a result, written as draws (left out by default).
    #[arg(long)]
    pub keep_unknown_results: bool,
    /// Only positions after at least N moves.
    #[arg(long, value_name = "N")]
    pub min_ply: Option<usize>,
    /// Only positions after at most N moves.
    #[arg(long, value_name = "N")]
    pub max_ply: Option<usize>,
    /// Leave out drawn games.
    #[arg(long)]
    pub exclude_draws: bool,
    /// Only games whose both players are rated N or more (records without ratings are left out).
    #[arg(long, value_name = "N")]
    pub min_rating: Option<f64>,
    /// Each distinct position once across all inputs, the first met (a 64-bit hash a position).
    #[arg(long)]
    pub unique: bool,
}

/// The export options the flags ask for.
fn options(args: &ExportArgs, format: TrainingFormat) -> ExportOptions {
    let mut o = ExportOptions::new(format);
    o.eval_missing = match args.eval_missing {
        EvalMissingArg::Skip => EvalMissing::Skip,
        EvalMissingArg::Zero => EvalMissing::Zero,
    };
    o.keep.after_foul = args.keep_after_foul;
    o.keep.errors = args.keep_errors;
    o.keep.mismatches = args.keep_mismatches;
    o.keep.unknown_results = args.keep_unknown_results;
    o.min_ply = args.min_ply;
    o.max_ply = args.max_ply;
    o.exclude_draws = args.exclude_draws;
    o.min_rating = args.min_rating;
    o
}

/// What one input gives the writer: entries of records, or messages for standard error.
enum Piece {
    Records(Vec<(Exported, Option<String>)>),
    Failed(String),
}

/// Where the entries go.
enum Sink {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    File(OutputFile),
}

impl Sink {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(w) => w,
            Sink::File(f) => f,
        }
    }
}

/// Runs `positions --format hcpe|psv`.
pub fn export(
    input: &InputArgs,
    args: &ExportArgs,
    ply: Option<usize>,
    final_only: bool,
    quiet: bool,
) -> anyhow::Result<ExitCode> {
    let format = match args.format {
        PositionsFormat::Hcpe => TrainingFormat::Hcpe,
        PositionsFormat::Psv => TrainingFormat::Psv,
        PositionsFormat::Human | PositionsFormat::Json => {
            unreachable!("the SFEN lines and objects are printed by positions::run")
        }
    };
    if ply.is_some() || final_only {
        bail!(
            "--ply and --final print SFEN lines; they do not go with --format {}",
            format.name()
        );
    }
    let to_stdout = args.output.as_deref().is_none_or(|p| p == Path::new("-"));
    if to_stdout && std::io::stdout().is_terminal() {
        bail!(
            "--format {} writes binary data: name a file with -o FILE, or pipe standard output (-o -)",
            format.name()
        );
    }
    if let (false, Some(p)) = (to_stdout, &args.output) {
        super::output::check(p, args.force)?;
    }
    let (inputs, input_errors) = input.input_stream()?;
    let mut failed = false;
    for e in &input_errors {
        eprintln!("{} {}", super::style::error(), e.message);
        failed = true;
    }
    let mut sink = match (&args.output, to_stdout) {
        (Some(p), false) => Sink::File(OutputFile::create(p, args.force, |n| {
            if !quiet {
                eprintln!("shogi-tool: note: {n}");
            }
        })?),
        _ => Sink::Stdout(std::io::BufWriter::with_capacity(
            1 << 16,
            std::io::stdout(),
        )),
    };
    let options = options(args, format);
    let read_options = input.read_options();
    let mut summary = Summary::default();
    let mut unique = args.unique.then(Unique::new);
    let mut write_error = None;
    batch::run_ordered_pieces(
        inputs,
        input.jobs,
        |item: &Input, sink: &mut dyn FnMut(Piece) -> bool| {
            if training_format(item).is_some() {
                sink(Piece::Failed(format!(
                    "{} {}: already training data; convert records, not {} files\n",
                    super::style::error(),
                    item.display(),
                    format.name()
                )));
                return;
            }
            let per_record = |record: &Record, _: &SourceText| {
                if let Some(variant) = record.variant_name() {
                    // The entries' Huffman codes are of the 9x9 board and its pieces.
                    let error = format!(
                        "{} {}#{}: {} entries are positions of standard shogi only; this record \
                         is of {variant}\n",
                        super::style::error(),
                        record.source.path,
                        record.source.index,
                        format.name()
                    );
                    return (Default::default(), Some(error));
                }
                let error = record.errors.first().map(|e| {
                    format!(
                        "{} {}:{}:{}: {}\n",
                        super::style::error(),
                        record.source.path,
                        e.line,
                        e.column,
                        e.message
                    )
                });
                (export_record(record, &options), error)
            };
            let file = batch::read_each_batched_to_end(
                item,
                &read_options,
                batch::RECORDS_PER_BATCH,
                per_record,
                |batch| sink(Piece::Records(batch)),
            );
            if let Some(message) = file.and_then(|f| f.error) {
                sink(Piece::Failed(format!(
                    "{} {message}\n",
                    super::style::error()
                )));
            }
        },
        |piece| match piece {
            Piece::Failed(message) => {
                eprint!("{message}");
                failed = true;
                true
            }
            Piece::Records(records) => {
                for (mut exported, error) in records {
                    if let Some(e) = error {
                        eprint!("{e}");
                        failed = true;
                    }
                    if let Some(u) = unique.as_mut() {
                        u.filter(&mut exported, format);
                    }
                    summary += &exported.summary;
                    if let Err(e) = sink.writer().write_all(&exported.bytes) {
                        write_error = Some(e);
                        return false;
                    }
                }
                true
            }
        },
    );
    if let Some(e) = write_error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Ok(ExitCode::Success);
        }
        return Err(anyhow::Error::new(e).context("cannot write the training entries"));
    }
    match sink {
        Sink::Stdout(mut w) => w.flush()?,
        Sink::File(f) => f.finish()?,
    }
    if !quiet {
        eprintln!("{}", summary_line(&summary, format, unique.as_ref()));
    }
    Ok(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// `name n, name n` of a count table, or `none`.
fn counts(map: &std::collections::BTreeMap<&'static str, u64>) -> String {
    if map.is_empty() {
        return "none".into();
    }
    map.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The summary of an export, one line.
fn summary_line(s: &Summary, format: TrainingFormat, unique: Option<&Unique>) -> String {
    let distinct = unique.map_or(String::new(), |u| {
        format!(
            " (--unique: {} distinct positions held, about {} KiB)",
            u.len(),
            u.len() * 16 / 1024
        )
    });
    format!(
        "shogi-tool: {} records read, {} used; {} positions written ({} bytes of {}){distinct}; records left out: {}; positions left out: {}; evaluations: {}",
        s.records,
        s.records_used,
        s.positions,
        s.positions * format.size() as u64,
        format.name(),
        counts(&s.records_left_out),
        counts(&s.positions_left_out),
        counts(&s.eval_sources),
    )
}

/// `positions` of a `.hcpe`/`.psv` input: `<entry>\t<sfen>` a line (entries counted from 0;
/// `--ply N` the bare SFEN of entry N, `--final` of the last); `None` for other inputs.
pub fn read_back_positions(
    input: &Input,
    max_file_size: u64,
    ply: Option<usize>,
    final_only: bool,
) -> Option<Vec<Chunk>> {
    let format = training_format(input)?;
    let mut c = Chunk::default();
    let reader = match open(input, max_file_size) {
        Ok(r) => r,
        Err(e) => {
            c.fail(e);
            return Some(vec![c]);
        }
    };
    let mut last = None;
    let mut found = false;
    for item in EntryReader::new(reader, format) {
        match item {
            Ok((i, e)) => {
                let sfen = match Position::from_setup(&e.setup) {
                    Ok(p) => p.to_sfen(),
                    Err(err) => {
                        c.fail(format!("{}: entry {i}: {err}", input.display()));
                        continue;
                    }
                };
                match (ply, final_only) {
                    (Some(n), _) if n as u64 == i => {
                        c.out.push_str(&sfen);
                        c.out.push('\n');
                        found = true;
                    }
                    (Some(_), _) => {}
                    (None, true) => last = Some(sfen),
                    (None, false) => c.out.push_str(&format!("{i}\t{sfen}\n")),
                }
            }
            Err(e) => c.fail(format!("{}: {e}", input.display())),
        }
    }
    if let Some(sfen) = last {
        c.out.push_str(&sfen);
        c.out.push('\n');
    }
    if let (Some(n), false) = (ply, found) {
        c.fail(format!("{}: the file has no entry {n}", input.display()));
    }
    Some(vec![c])
}

/// Whether any path named on the command line is a `.hcpe`/`.psv` file.
pub fn names_training_files(input: &super::inputs::InputArgs) -> bool {
    input.paths.iter().any(|p| {
        p.extension()
            .and_then(|e| e.to_str())
            .and_then(TrainingFormat::from_extension)
            .is_some()
    })
}

/// `stats` of `.hcpe`/`.psv` files: entries, results, side to move, the score histogram and
/// the distinct positions, as a table or (`json`) one JSON object. Every input must be such a
/// file.
pub fn stats(input: &super::inputs::InputArgs, json: bool) -> anyhow::Result<ExitCode> {
    let (inputs, input_errors) = input.input_stream()?;
    let mut failed = false;
    for e in &input_errors {
        eprintln!("{} {}", super::style::error(), e.message);
        failed = true;
    }
    let mut total = shogi_tool::training::TrainingStats::new();
    let mut files = 0u64;
    for i in inputs {
        let Some(format) = training_format(&i) else {
            bail!(
                "{}: stats reads training files (.hcpe, .psv) or records, not both in one run",
                i.display()
            );
        };
        files += 1;
        let reader = match open(&i, input.max_file_size) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{} {e}", super::style::error());
                failed = true;
                continue;
            }
        };
        for item in EntryReader::new(reader, format) {
            match item {
                Ok((_, e)) => total.add(&e),
                Err(e) => {
                    total.unreadable += 1;
                    eprintln!("{} {}: {e}", super::style::error(), i.display());
                    failed = true;
                }
            }
        }
    }
    let buckets: Vec<(String, u64)> = total
        .scores
        .iter()
        .enumerate()
        .map(|(i, &n)| (shogi_tool::training::TrainingStats::bucket_label(i), n))
        .collect();
    let text = if json {
        let scores: Vec<serde_json::Value> = buckets
            .iter()
            .map(|(k, v)| serde_json::json!({"scores": k, "positions": v}))
            .collect();
        let o = serde_json::json!({
            "files": files,
            "positions": total.entries,
            "unreadable": total.unreadable,
            "distinct_positions": total.distinct(),
            "results": {"black": total.results[0], "white": total.results[1], "draw": total.results[2]},
            "to_move": {"black": total.to_move[0], "white": total.to_move[1]},
            "zero_scores": total.zero_scores,
            "scores": scores,
        });
        format!("{o}\n")
    } else {
        let mut t = format!(
            "files               {files}\npositions           {}\ndistinct positions  {}\n\
             black won           {}\nwhite won           {}\ndrawn               {}\n\
             black to move       {}\nwhite to move       {}\nscore 0             {}\n",
            total.entries,
            total.distinct(),
            total.results[0],
            total.results[1],
            total.results[2],
            total.to_move[0],
            total.to_move[1],
            total.zero_scores
        );
        if total.unreadable > 0 {
            t.push_str(&format!("unreadable entries  {}\n", total.unreadable));
        }
        t.push_str("scores (side to move)\n");
        for (label, n) in &buckets {
            t.push_str(&format!("  {label:<14}    {n}\n"));
        }
        t
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}
