//! `shogi-tool positions [PATH...] [--ply N | --final]`: the SFEN of every position of each
//! record's main line, streamed in input order; with `--format hcpe|psv`, the training
//! entries of the sound records instead (`training.rs`); with `--format json` one JSON
//! object a position naming its record, or `--with-path` the text lines prefixed by it.

use shogi_tool::ops::positions::{write_positions, Style, Which};

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
    /// Begin each SFEN line with its record, `path#N` and a tab (control characters in the
    /// path, tab and line feed included, written `\u{XX}`).
    #[arg(long)]
    pub with_path: bool,
    #[command(flatten)]
    pub export: super::training::ExportArgs,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// Prints positions; records that cannot be read are reported on standard error.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    use super::training::PositionsFormat;
    let json = args.export.format == PositionsFormat::Json;
    if args.with_path && args.export.format != PositionsFormat::Human {
        eprintln!(
            "{} --with-path prefixes the SFEN lines (--format human); the other formats name \
             no records or name them in their own fields",
            super::style::error()
        );
        return Ok(ExitCode::Error);
    }
    if !json && args.export.format != PositionsFormat::Human {
        return super::training::export(
            &args.input,
            &args.export,
            args.ply,
            args.final_only,
            args.quiet,
        );
    }
    let per_input = |input: &shogi_tool::batch::Input| {
        super::training::read_back_positions(
            input,
            args.input.max_file_size,
            args.ply,
            args.final_only,
        )
    };
    let style = if json {
        Style::Json
    } else if args.with_path {
        Style::WithPath
    } else {
        Style::Bare
    };
    // The record-naming forms are not yet given for training files (whose positions come by
    // their own route above): refused by name.
    let labelled = |input: &shogi_tool::batch::Input| {
        if style == Style::Bare {
            return per_input(input);
        }
        super::training::training_format(input)?;
        let route = "a training file";
        let mut c = super::records::Chunk::default();
        c.fail(format!(
            "{}: {} not yet given for {route}",
            input.display(),
            if json {
                "--format json is"
            } else {
                "--with-path is"
            }
        ));
        Some(vec![c])
    };
    let which = match (args.ply, args.final_only) {
        (Some(n), _) => Which::Ply(n),
        (None, true) => Which::Final,
        (None, false) => Which::All,
    };
    for_each_record_or(&args.input, "", labelled, |record, input, c| {
        if let Err(message) = write_positions(record, input, style, which, &mut c.out) {
            c.fail(message);
        }
    })
}
