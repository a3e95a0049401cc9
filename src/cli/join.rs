//! `shogi-tool join PATH... -o FILE`: many records into one multi-game file (CSA with `/`
//! lines, SFEN or USI game lists, a JKF array), written whole or not at all like `convert`
//! (it runs `convert` with these arguments).

use std::path::PathBuf;

use clap::ValueEnum;
use shogi_tool::ops::join::{join_format, JoinError};
use shogi_tool::record::Format;

use super::exit::ExitCode;
use super::filter::FilterArgs;
use super::inputs::{InputArgs, QUIET_HELP};
use super::values::{FormatArg, OutputEncodingArg};

/// Arguments of `join`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// The file written (missing folders are created).
    #[arg(short = 'o', long, value_name = "FILE", required = true)]
    pub output: PathBuf,
    /// The output format: csa, sfen, usi or jkf; by default the one the extension of -o FILE
    /// names.
    #[arg(long, value_name = "FORMAT", value_enum, ignore_case = true)]
    pub to: Option<FormatArg>,
    /// The output encoding (default: UTF-8).
    #[arg(long, value_name = "ENC", value_enum, ignore_case = true)]
    pub output_encoding: Option<OutputEncodingArg>,
    /// Replace files that existed before the run (outputs of one run never replace each other).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub filter: FilterArgs,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
}

fn name<T: ValueEnum>(v: &T) -> String {
    v.to_possible_value()
        .map(|p| p.get_name().to_string())
        .unwrap_or_default()
}

/// Joins the inputs: `convert` (the caller's, so that this file does not reach back to
/// `cli/mod.rs`) runs the `convert` command line these arguments make.
pub fn run(
    args: Args,
    convert: impl FnOnce(Vec<std::ffi::OsString>) -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    let to = join_format(args.to.map(Format::from), &args.output).map_err(|e| match e {
        JoinError::UnknownFormat(path) => anyhow::anyhow!(
            "cannot tell the output format from {}: give --to csa, sfen, usi or jkf",
            path.display()
        ),
        e => e.into(),
    })?;
    // The same run as `convert PATH... --to FORMAT -o FILE`, whose arguments these are.
    let i = &args.input;
    let mut argv: Vec<std::ffi::OsString> = vec!["shogi-tool".into(), "convert".into()];
    let mut flags: Vec<String> = vec![format!("--to={}", to.name())];
    if i.follow {
        flags.push("--follow".into());
    }
    if let Some((k, n)) = i.shard {
        flags.push(format!("--shard={k}/{n}"));
    }
    if let Some(f) = &i.from {
        flags.push(format!("--from={}", name(f)));
    }
    flags.push(format!("--encoding={}", name(&i.encoding)));
    if i.strict {
        flags.push("--strict".into());
    }
    flags.push(format!("--jobs={}", i.jobs));
    flags.push(format!("--max-file-size={}", i.max_file_size));
    flags.push(format!("--max-line-length={}", i.max_line_length));
    flags.push(format!("--max-variations={}", i.max_variations));
    flags.push(format!("--max-variation-depth={}", i.max_variation_depth));
    if let Some(e) = &args.output_encoding {
        flags.push(format!("--output-encoding={}", name(e)));
    }
    if args.force {
        flags.push("--force".into());
    }
    let f = &args.filter;
    for (on, flag) in [
        (f.main_line_only, "--main-line-only"),
        (f.no_comments, "--no-comments"),
        (f.no_times, "--no-times"),
        (f.no_variations, "--no-variations"),
    ] {
        if on {
            flags.push(flag.into());
        }
    }
    for (key, value) in &f.header {
        flags.push(format!("--header={key}={value}"));
    }
    if args.quiet {
        flags.push("--quiet".into());
    }
    argv.extend(flags.into_iter().map(Into::into));
    if let Some(f) = &i.files_from {
        argv.push("--files-from".into());
        argv.push(f.clone().into_os_string());
    }
    if i.null {
        argv.push("--null".into());
    }
    argv.push("--output".into());
    argv.push(args.output.clone().into_os_string());
    argv.push("--".into());
    argv.extend(i.paths.iter().map(|p| p.clone().into_os_string()));
    convert(argv)
}
