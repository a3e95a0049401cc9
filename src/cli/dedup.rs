//! `shogi-tool dedup [PATH...]`: the records that are the same game (same start, same main
//! line, whatever the format, encoding, headers or comments), and with `--out-dir` one record
//! per game written into a folder (the inputs are never touched). The work is
//! [`shogi_tool::ops::dedup`]; this module maps flags to its options and prints its report.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context};
use shogi_tool::collection::names::Names;
use shogi_tool::ops::dedup::{self, DedupError, DedupOptions, Keep, Kept};

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::record_files::{input_stem, OutDir};
use super::style;

/// Output formats of `dedup`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One block per game: a `game` line, then its records, indented.
    Human,
    /// One JSON object per game (JSON Lines).
    Json,
}

/// Which record of a game `--out-dir` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KeepArg {
    /// The first in input order.
    First,
    /// The one with the most moves (with --prefix, the full game), then the first.
    Longest,
    /// The one with the most comments and variations, then the first.
    MostAnnotated,
}

/// Arguments of `dedup`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// Count a game that is a prefix of another (an interrupted copy) as the same game.
    #[arg(long)]
    pub prefix: bool,
    /// With --out-dir: which record of each game is written.
    #[arg(
        long,
        value_enum,
        ignore_case = true,
        default_value = "first",
        requires = "out_dir"
    )]
    pub keep: KeepArg,
    /// Write one record per game into DIR (a new or empty folder; with --force any folder,
    /// files there before the run replaced): a file holding one record is copied byte for byte, a record of a multi-game
    /// file is written alone in its format (its own bytes where they are known, as split).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// With --out-dir: write into a folder that is not empty, replacing files that existed
    /// before the run (outputs of one run never replace each other).
    #[arg(long, requires = "out_dir")]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

/// Reports the same games.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let paths = args.input.all_paths()?;
    if paths.iter().any(|p| p == "-") || paths.is_empty() {
        bail!("dedup reads its inputs several times: give files or folders, not standard input");
    }
    if let Some(dir) = &args.out_dir {
        if !args.force
            && dir.exists()
            && std::fs::read_dir(dir)
                .with_context(|| format!("cannot read the folder {}", dir.display()))?
                .next()
                .is_some()
        {
            bail!(
                "{} is not empty: dedup writes into a new or empty folder only (--force replaces \
                 the files there)",
                dir.display()
            );
        }
    }
    let options = DedupOptions {
        jobs: args.input.jobs,
        read: args.input.read_options(),
        prefix: args.prefix,
        keep: args.out_dir.is_some().then_some(match args.keep {
            KeepArg::First => Keep::First,
            KeepArg::Longest => Keep::Longest,
            KeepArg::MostAnnotated => Keep::MostAnnotated,
        }),
    };
    let mut failed = false;
    let (inputs, input_errors) = args.input.input_stream_of(&paths)?;
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
        failed = true;
    }
    let found = dedup::find_duplicates(inputs, &options, |message| {
        eprintln!("{} {message}", style::error());
        failed = true;
    })
    .map_err(|e| match e {
        DedupError::TooManyRecords => anyhow::anyhow!("{e} (use --shard)"),
        e => e.into(),
    })?;
    let (report, holding) = found.report(args.input.input_stream_of(&paths)?.0);
    let mut out_dir = args
        .out_dir
        .as_deref()
        .map(|dir| OutDir::new(dir, Names::default(), args.force));
    if let Some(out_dir) = &mut out_dir {
        found.kept_records(holding, &options, |input, kept| {
            match kept {
                Kept::Whole { file_name, path } => {
                    let (body, ext) = file_name.rsplit_once('.').unwrap_or((&file_name, ""));
                    out_dir.copy(body, ext, &path);
                }
                Kept::Alone { index, bytes, ext } => {
                    out_dir.write(&format!("{}.{index}", input_stem(input)), ext, &bytes)
                }
            }
            true
        });
        out_dir.finish();
    }

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for g in &report.groups {
        if args.format == OutputFormat::Json {
            writeln!(out, "{}", report.group_json(g))?;
        } else {
            out.write_all(report.group_text(g).as_bytes())?;
        }
    }
    out.flush()?;
    if !args.quiet {
        eprintln!("{}", report.summary());
    }
    if let Some(out_dir) = &out_dir {
        out_dir.summary(args.quiet);
    }
    Ok(if failed || out_dir.as_ref().is_some_and(OutDir::failed) {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}
