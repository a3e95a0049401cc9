//! The command line: argument definitions (clap derive) and one module per subcommand.
//!
//! Nothing in the library depends on this module; it only wires library calls to arguments,
//! standard output and exit codes.

pub mod bench_replay;
pub mod board;
pub mod completions;
#[cfg(test)]
mod consistency;
pub mod convert;
mod convert_say;
mod convert_sink;
pub mod dedup;
#[cfg(test)]
pub mod docs;
#[cfg(test)]
mod docs_codes;
pub mod drops;
pub mod exit;
pub mod filter;
pub mod find;
pub mod guide;
pub mod help;
pub mod impasse;
pub mod inputs;
pub mod join;
#[cfg(test)]
mod man;
pub mod moves;
pub mod output;
pub mod perft;
pub mod position;
pub mod positions;
pub mod progress;
pub mod record_files;
pub mod records;
pub mod rule_args;
pub mod split;
pub mod stats;
pub mod style;
pub mod training;
pub mod validate;
pub mod values;

use clap::{CommandFactory, Parser, Subcommand};

/// Read, validate, convert and summarise shogi game records.
#[derive(Debug, Parser)]
#[command(
    name = "shogi-tool",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_long_help = help::TOP
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always`
    /// or `never`.
    #[arg(
        long,
        global = true,
        value_enum,
        ignore_case = true,
        default_value = "auto",
        value_name = "WHEN"
    )]
    pub color: style::ColorChoice,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
// One `Command` is parsed per run, so the size of its largest arguments (`find`'s query holds
// a parsed position) costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Replay every record and report fouls, warnings and errors.
    #[command(after_long_help = help::VALIDATE)]
    Validate(validate::Args),
    /// Convert records between formats, saying what the target cannot carry.
    #[command(after_long_help = help::CONVERT)]
    Convert(convert::Args),
    /// Print the records that satisfy every condition (position, players, date, outcome, ...).
    #[command(after_long_help = help::FIND)]
    Find(find::Args),
    /// Group the records that are the same game; write one record per game with --out-dir.
    #[command(after_long_help = help::DEDUP)]
    Dedup(dedup::Args),
    /// Write every record of multi-game files into a file of its own.
    #[command(after_long_help = help::SPLIT)]
    Split(split::Args),
    /// Join many records into one multi-game file (CSA, SFEN, USI or JKF).
    #[command(after_long_help = help::JOIN)]
    Join(join::Args),
    /// Aggregate statistics of a collection (in parallel; shards can be merged).
    #[command(after_long_help = help::STATS)]
    Stats(stats::Args),
    /// Print the SFEN of every position of each record's main line.
    #[command(after_long_help = help::POSITIONS)]
    Positions(positions::Args),
    /// Score a position's entering-king (impasse) points and judge the declaration rules.
    #[command(after_long_help = help::IMPASSE)]
    Impasse(impasse::Args),
    /// Show a position as a KIF board diagram or an SVG picture.
    #[command(after_long_help = help::BOARD)]
    Board(board::Args),
    /// List where each piece in hand may be dropped, and why not elsewhere.
    #[command(after_long_help = help::DROPS)]
    Drops(drops::Args),
    /// List every legal move with its promotion choice.
    #[command(after_long_help = help::MOVES)]
    Moves(moves::Args),
    /// Show how each piece moves, unpromoted and promoted, and when it promotes.
    #[command(after_long_help = help::GUIDE)]
    Guide(guide::Args),
    /// Count the leaf nodes of the legal-move tree (the rules core's correctness and speed check).
    #[command(after_long_help = help::PERFT)]
    Perft(perft::Args),
    /// Print a shell completion script.
    #[command(after_long_help = help::COMPLETIONS)]
    Completions(completions::Args),
    /// Run the whole validation pipeline and print `games= plies= illegal= seconds=` (for the
    /// peer benchmark harness).
    #[command(hide = true)]
    BenchReplay(bench_replay::Args),
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<exit::ExitCode> {
    style::set(cli.color);
    match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Find(args) => find::run(args),
        Command::Dedup(args) => dedup::run(args),
        Command::Split(args) => split::run(args),
        // `join` runs the `convert` command line it makes of its arguments.
        Command::Join(args) => join::run(args, |argv| match Cli::try_parse_from(argv)?.command {
            Command::Convert(a) => convert::run(a),
            _ => unreachable!("parsed as convert"),
        }),
        Command::Stats(args) => stats::run(args),
        Command::Positions(args) => positions::run(args),
        Command::Impasse(args) => impasse::run(args),
        Command::Board(args) => board::run(args),
        Command::Drops(args) => drops::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Guide(args) => guide::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Completions(args) => completions::run(args, Cli::command()),
        Command::BenchReplay(args) => bench_replay::run(args),
    }
}
