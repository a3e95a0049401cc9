//! `shogi-tool positions [PATH...] [--ply N | --final]`: the SFEN of every position of each
//! record's main line, streamed in input order; with `--format hcpe|psv`, the training
//! entries of the sound records instead (`training.rs`).

use shogi_tool::record::replay::main_line_positions;

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::records::for_each_record_or;

/// What `positions` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PositionsFormat {
    /// `<ply>\t<sfen>` lines.
    Human,
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

/// Arguments of `positions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print only the bare SFEN after ply N (0 = the start), one line per record.
    #[arg(long, value_name = "N", conflicts_with = "final_only")]
    pub ply: Option<usize>,
    /// Print only the bare SFEN of the final position, one line per record.
    #[arg(long = "final")]
    pub final_only: bool,
    /// What to write: SFEN lines (human), or training entries (hcpe, psv) of sound records.
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
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// Prints positions; records that cannot be read are reported on standard error.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.format != PositionsFormat::Human {
        return super::training::export(&args);
    }
    let per_input = |input: &shogi_tool::batch::Input| {
        if let Some(chunks) = super::training::read_back_positions(input, &args) {
            return Some(chunks);
        }
        let forced = super::variant::input_route(input, &args.input)?;
        Some(super::variant::positions_input(
            input,
            forced,
            &args.input,
            args.ply,
            args.final_only,
        ))
    };
    for_each_record_or(&args.input, "", per_input, |record, _, c| {
        let at = format!("{}#{}", record.source.path, record.source.index);
        let mut last = None;
        let mut found = false;
        let ok = main_line_positions(record, |ply, pos| match (args.ply, args.final_only) {
            (Some(n), _) => {
                if ply == n {
                    c.out.push_str(&pos.to_sfen());
                    c.out.push('\n');
                    found = true;
                }
            }
            (None, true) => last = Some(pos.to_sfen()),
            (None, false) => c.out.push_str(&format!("{ply}\t{}\n", pos.to_sfen())),
        });
        if !ok {
            c.fail(format!("{at}: the start position cannot be played"));
            return;
        }
        if let Some(sfen) = last {
            c.out.push_str(&sfen);
            c.out.push('\n');
        }
        if let (Some(n), false) = (args.ply, found) {
            c.fail(format!("{at}: the main line has no ply {n}"));
        }
    })
}
