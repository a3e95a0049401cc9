//! `shogi-tool split [PATH...] --out-dir DIR`: every record of multi-game files (CSA files
//! with `/` lines, SFEN/USI game lists, JKF arrays) into a file of its own, named from its
//! headers (date, players) where they name it, each in its own bytes where they are known (see
//! [`shogi_tool::collection::alone`]).

use std::path::PathBuf;

use anyhow::{bail, Context};

use shogi_tool::batch;
use shogi_tool::collection::alone::Alone;
use shogi_tool::collection::names::Names;
use shogi_tool::ops::split::{split_record, Piece};

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::record_files::{input_stem, OutDir};
use super::style;

/// Arguments of `split`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write one file per record into DIR (created if missing; files there are never
    /// replaced: a name in use gets `-2`, `-3`, ...).
    #[arg(long, value_name = "DIR", required = true)]
    pub out_dir: PathBuf,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// What an input hands over: a batch of its records, or its end (with why it could not be
/// read).
enum Part {
    Records(Vec<Piece>),
    End(Option<String>),
}

/// Splits every input.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (inputs, input_errors) = args.input.input_stream()?;
    let read_options = args.input.read_options();
    let mut failed = false;
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
        failed = true;
    }
    let dir = &args.out_dir;
    // The folder is created by the first record written, so a run that writes nothing
    // leaves none behind.
    let mut names = Names::default();
    if std::fs::symlink_metadata(dir).is_ok() {
        if !dir.is_dir() {
            bail!("{} is not a folder", dir.display());
        }
        let cannot = || format!("cannot read the folder {}", dir.display());
        for entry in std::fs::read_dir(dir).with_context(cannot)? {
            names.reserve(&entry.with_context(cannot)?.file_name().to_string_lossy());
        }
    }
    let mut out = OutDir::new(dir, names, false);
    // Each input's records go out a batch at a time, so a multi-game file of any size holds
    // a few batches of them, never all.
    batch::run_ordered_pieces(
        inputs,
        args.input.jobs,
        |input, sink| {
            let stem = input_stem(input);
            let alone = Alone::new();
            let mut go_on = true;
            let file = batch::read_each_batched(
                input,
                &read_options,
                batch::RECORDS_PER_BATCH,
                |record, source| split_record(record, source, &stem, &alone),
                |pieces| {
                    go_on = sink(Part::Records(pieces));
                    go_on
                },
            );
            if go_on {
                sink(Part::End(file.error));
            }
        },
        |part| {
            match part {
                Part::End(Some(message)) => {
                    eprintln!("{} {message}", style::error());
                    failed = true;
                }
                Part::End(None) => {}
                Part::Records(pieces) => {
                    for piece in pieces {
                        match piece {
                            Piece::Ready { body, ext, bytes } => out.write(&body, ext, &bytes),
                            Piece::Failed(message) => {
                                eprintln!("{} {message}", style::error());
                                failed = true;
                            }
                        }
                    }
                }
            }
            true
        },
    );
    out.finish();
    out.summary(args.quiet);
    Ok(if failed || out.failed() {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}
