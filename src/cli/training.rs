//! `positions --format hcpe|psv`: the training entries of the sound records of every input,
//! written in input order to `--output` (or a pipe), with the summary on standard error; and
//! `.hcpe`/`.psv` files read back as inputs of `positions`, `stats` and `validate`.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::bail;
use shogi_tool::batch::Input;
use shogi_tool::ops::positions::Which;
pub use shogi_tool::ops::training::training_format;
use shogi_tool::ops::training::{
    export as export_entries, read_back_positions as read_back, training_stats,
    TrainingExportOptions,
};
use shogi_tool::training::{EvalMissing, ExportOptions, TrainingFormat};

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
    let options = TrainingExportOptions {
        jobs: input.jobs,
        read: input.read_options(),
        export: options(args, format),
        unique: args.unique,
    };
    let mut write_error = None;
    let run = export_entries(
        inputs,
        &options,
        |message| eprintln!("{} {message}", super::style::error()),
        |bytes| match sink.writer().write_all(bytes) {
            Ok(()) => true,
            Err(e) => {
                write_error = Some(e);
                false
            }
        },
    );
    failed |= run.failed;
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
        eprintln!("shogi-tool: {}", run.summary_line());
    }
    Ok(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// `positions` of a `.hcpe`/`.psv` input: `<entry>\t<sfen>` a line (entries counted from 0;
/// `--ply N` the bare SFEN of entry N, `--final` of the last); `None` for other inputs.
pub fn read_back_positions(
    input: &Input,
    max_file_size: u64,
    ply: Option<usize>,
    final_only: bool,
) -> Option<Vec<Chunk>> {
    let which = match (ply, final_only) {
        (Some(n), _) => Which::Ply(n),
        (None, true) => Which::Final,
        (None, false) => Which::All,
    };
    let back = read_back(input, max_file_size, which)?;
    let mut c = Chunk {
        out: back.out,
        ..Chunk::default()
    };
    for e in back.errors {
        c.fail(e);
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
    let run = training_stats(inputs, input.max_file_size, |e| {
        eprintln!("{} {e}", super::style::error())
    })?;
    failed |= run.failed;
    let text = if json { run.to_json() } else { run.to_table() };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}
