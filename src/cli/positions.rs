//! `shogi-tool positions [PATH...] [--ply N | --final]`: the SFEN of every position of each
//! record's main line, streamed in input order; with `--format hcpe|psv`, the training
//! entries of the sound records instead (`training.rs`).

use shogi_tool::record::replay::main_line_positions;

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::records::for_each_record_or;

/// Arguments of `positions`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print only the bare SFEN after ply N (0 = the start), one line per record.
    #[arg(long, value_name = "N", conflicts_with = "final_only")]
    pub ply: Option<usize>,
    /// Print only the bare SFEN of the final position, one line per record.
    #[arg(long = "final")]
    pub final_only: bool,
    #[command(flatten)]
    pub export: super::training::ExportArgs,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// Prints positions; records that cannot be read are reported on standard error.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.export.format != super::training::PositionsFormat::Human {
        return super::training::export(
            &args.input,
            &args.export,
            args.ply,
            args.final_only,
            args.quiet,
        );
    }
    let per_input = |input: &shogi_tool::batch::Input| {
        if let Some(chunks) = super::training::read_back_positions(
            input,
            args.input.max_file_size,
            args.ply,
            args.final_only,
        ) {
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
