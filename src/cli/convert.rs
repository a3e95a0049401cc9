//! `shogi-tool convert [PATH...] --to FORMAT [-o FILE | --out-dir DIR] [--encoding ENC]
//! [--force]`: any input format to any output format, saying what the target cannot carry.
//!
//! Files are written whole or not at all (a temporary file in the same folder, then a
//! rename), and an existing file is never replaced without `--force`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::bail;
use shogi_tool::batch::{self, Input};
use shogi_tool::formats::csa::CsaVersion;
use shogi_tool::ops::convert::{
    self as op, holds_several, terminal_wants_utf8, ConvertOptions, OneOutput, OneOutputError,
};
use shogi_tool::text::Encoding;

use super::convert_say::{self as say, note, said, stop_after_write_error, tally};
use super::convert_sink::{self as sink, Target};
use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::output;
use super::style;
use super::values::{FormatArg, OutputEncodingArg};
use shogi_tool::output::batch as output_batch;

/// CSA versions `--csa-version` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CsaVersionArg {
    /// V2.2 (whole-second times).
    #[value(name = "2.2")]
    V22,
    /// V3.0 (fractional times, encoding line).
    #[value(name = "3.0")]
    V30,
}

/// Arguments of `convert`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// The output format; by default the one the extension of `-o FILE` names.
    #[arg(long, value_name = "FORMAT", value_enum, ignore_case = true)]
    pub to: Option<FormatArg>,
    /// Write everything to FILE (formats that hold one game take one record only); missing
    /// folders are created.
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Write one file per record into DIR, named after its input's path below the PATH it was
    /// found under (a file named directly: its name alone; `..` and roots never appear) with
    /// the new extension, and `.N` before it for the N-th record of a file holding several.
    /// Names are settled before anything is written: outputs that would share one keep their
    /// source extension (`g.csa.kifu`, `g.usi.kifu`); if any output exists already, nothing
    /// is written without --force.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// The output encoding (default: Shift_JIS for kif and ki2, UTF-8 otherwise; JKF is
    /// always UTF-8).
    #[arg(long, value_name = "ENC", value_enum, ignore_case = true)]
    pub output_encoding: Option<OutputEncodingArg>,
    /// Replace files that existed before the run (outputs of one run never replace each other).
    #[arg(long)]
    pub force: bool,
    /// The CSA version written.
    #[arg(long, value_enum, ignore_case = true, default_value = "2.2")]
    pub csa_version: CsaVersionArg,
    /// KIF output: write a declined promotion as `不成` (`２二角不成(88)`); by default it is
    /// the move without `成`, as the common programs write and read it.
    #[arg(long)]
    pub kif_funari: bool,
    #[arg(long, short = 'q', help = QUIET_HELP)]
    pub quiet: bool,
    #[command(flatten)]
    pub filter: super::filter::FilterArgs,
}

/// Converts every input.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let to = say::target_format(args.to.map(Into::into), args.output.as_deref(), args.quiet)?;
    let asked = args.output_encoding.map(Encoding::from);
    let mut encoding = op::choose_encoding(to, asked).map_err(say::choice_error)?;
    let to_terminal =
        args.output.is_none() && args.out_dir.is_none() && std::io::stdout().is_terminal();
    if terminal_wants_utf8(encoding, args.output_encoding.is_some(), to_terminal) {
        if !args.quiet {
            say::terminal_gets_utf8(encoding);
        }
        encoding = Encoding::Utf8;
    }
    let input_args = &args.input;
    let paths = input_args.all_paths()?;
    let (inputs, input_errors) = input_args.input_stream_of(&paths)?;
    let inputs: Vec<Input> = inputs.collect();
    let read_options = input_args.read_options();
    let options = ConvertOptions {
        to,
        encoding,
        csa_version: match args.csa_version {
            CsaVersionArg::V22 => CsaVersion::V22,
            CsaVersionArg::V30 => CsaVersion::V30,
        },
        kif_funari: args.kif_funari,
        strict: args.input.strict,
        filter: args.filter.filter(),
    };
    if args.output.is_none() && args.out_dir.is_none() && inputs.len() > 1 && !holds_several(to) {
        bail!(
            "{} inputs and one {} output: give --out-dir DIR for one file per record",
            inputs.len(),
            to.name()
        );
    }
    if let Some(path) = &args.output {
        // Before any work: an existing file without --force, a directory, a block device.
        output::check(path, args.force)?;
    }
    let mut failed = false;
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
        failed = true;
    }
    let strict = args.input.strict;
    let quiet = args.quiet;
    // With --out-dir every output's name is settled, and checked against the files already
    // there, before anything is written.
    let plan = match &args.out_dir {
        Some(dir) => {
            let mut names =
                op::plan_names(dir, &inputs, &paths, to, &read_options, input_args.jobs);
            let check = op::check_targets(&mut names, dir, args.force, |i| inputs[i].display());
            if !say::target_check(&check, dir) {
                return Ok(ExitCode::Error);
            }
            Some(names)
        }
        None => None,
    };
    // One output (-o FILE or standard output): records are written as they come, so memory
    // does not grow with the number of records. Standard output is held back only when
    // --strict may still refuse everything or the format holds one record.
    let mut one = match &args.output {
        Some(path) => OneOutput::file(to, path, args.force, strict),
        None => OneOutput::writer(to, standard_output(), strict),
    };
    let mut write_error: Option<OneOutputError> = None;
    let new_folder = args.output.as_deref().and_then(say::missing_folder);
    let mut files_written = 0usize;
    // --out-dir: the files are put in place (and made durable) a batch at a time.
    let mut batch = output_batch::Batch::new(args.out_dir.as_deref().unwrap_or(Path::new(".")));
    let mut write_failures = 0usize;
    let mut index = 0usize;
    // A progress bar on a terminal (not when the records themselves go to that terminal),
    // counting inputs as they are done; messages are printed above it.
    let show_progress = !quiet
        && std::io::stderr().is_terminal()
        && !(args.output.is_none() && args.out_dir.is_none() && std::io::stdout().is_terminal());
    let progress = say::progress_bar(inputs.len(), show_progress);
    let bar = progress.clone();
    let _clear_on_signal = output::on_signal(move || bar.finish_and_clear());
    let (started, mut records_done) = (std::time::Instant::now(), 0usize);
    batch::run_ordered_pieces(
        inputs,
        input_args.jobs,
        |input, sink| op::convert_input(input, &read_options, &options, sink),
        |piece| {
            let o = said(piece, to, quiet);
            if !o.messages.is_empty() {
                progress.suspend(|| {
                    for m in &o.messages {
                        eprintln!("{m}");
                    }
                });
            }
            records_done += o.converted.len();
            if o.last {
                progress.inc(1);
            }
            super::progress::show_rate(&progress, records_done as u64, started);
            failed |= o.failed;
            let input = index;
            index += o.last as usize;
            match &plan {
                Some(names) => {
                    for c in o.converted {
                        let Some(target) = names.target(input, c.record) else {
                            progress.suspend(|| eprintln!(
                                "{} {}: the file changed while it was converted (record {} is new); not written",
                                style::error(),
                                o.path,
                                c.record
                            ));
                            write_failures += 1;
                            continue;
                        };
                        match batch.add((), &target, &c.bytes, args.force, |n| note(n, quiet)) {
                            Ok(()) => {}
                            Err(e) => {
                                progress.suspend(|| {
                                    eprintln!("{} {}", style::error(), output::sentence(&e))
                                });
                                write_failures += 1;
                                if e.is_io() {
                                    return stop_after_write_error(&progress);
                                }
                            }
                        }
                        if batch.is_due()
                            && !tally(
                                batch.commit(|_| None),
                                &progress,
                                &mut files_written,
                                &mut write_failures,
                            )
                        {
                            return stop_after_write_error(&progress);
                        }
                    }
                }
                None => {
                    for c in o.converted {
                        if let Err(e) = one.push(c.bytes, |n| note(n, quiet)) {
                            write_error = Some(e);
                            return false;
                        }
                    }
                }
            }
            true
        },
    );
    if plan.is_some()
        && !tally(
            batch.commit(|_| None),
            &progress,
            &mut files_written,
            &mut write_failures,
        )
    {
        stop_after_write_error(&progress);
    }
    progress.finish_and_clear();
    let records_written = files_written;
    if plan.is_none() {
        if let Some(e) = write_error {
            // Unfinished, the temporary file is removed: the target stays as it was.
            drop(one);
            return Err(sink::error(e));
        }
        let target = Target {
            output: args.output.as_deref(),
            quiet,
        };
        let max_file_size = read_options.max_file_size;
        if let Some(code) = sink::finish(one, &target, to, failed, new_folder, max_file_size)? {
            return Ok(code);
        }
    } else if !quiet {
        eprintln!(
            "wrote {files_written} file{} ({records_written} record{})",
            if files_written == 1 { "" } else { "s" },
            if records_written == 1 { "" } else { "s" }
        );
    }
    Ok(if failed || write_failures > 0 {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// Standard output for the records: a terminal gets each line as it comes; a pipe or a file
/// gets them 64 KiB at a time (a line-buffered pipe cost a `write` a record, the serial part
/// of converting a folder of single games).
fn standard_output() -> Box<dyn std::io::Write> {
    let stdout = std::io::stdout();
    if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(std::io::BufWriter::with_capacity(1 << 16, stdout.lock()))
    }
}
