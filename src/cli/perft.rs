//! `shogi-tool perft [--sfen SFEN] DEPTH [--divide]`.

use std::io::Write;

use anyhow::Context;
use shogi_tool::shogi::{perft, Position};

use super::exit::ExitCode;

/// Arguments of `perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position to start from (SFEN, or `startpos`).
    #[arg(long, default_value = "startpos", value_name = "SFEN")]
    pub sfen: String,
    /// How many plies deep to count.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// First print `<usi move>: <count>` for each legal move of the root.
    #[arg(long)]
    pub divide: bool,
    /// Make every leaf move instead of counting the last ply in bulk (for benchmarks).
    #[arg(long)]
    pub no_bulk: bool,
}

/// Prints the count (after the per-move counts with `--divide`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = Position::from_sfen(&args.sfen)
        .with_context(|| format!("cannot use --sfen `{}`", args.sfen))?;
    let out = std::io::stdout();
    let mut out = out.lock();
    let total = if args.divide {
        let mut total = 0;
        for (m, n) in perft::divide(&pos, args.depth) {
            writeln!(out, "{m}: {n}")?;
            total += n;
        }
        if args.depth == 0 {
            total = 1;
        }
        total
    } else if args.no_bulk {
        perft::perft_make_leaves(&pos, args.depth)
    } else {
        perft::perft(&pos, args.depth)
    };
    writeln!(out, "{total}")?;
    Ok(ExitCode::Success)
}
