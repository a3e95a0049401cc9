//! `shogi-tool convert [PATH...] --to FORMAT [-o FILE | --out-dir DIR] [--encoding ENC]
//! [--force]`: any input format to any output format, saying what the target cannot carry.
//!
//! Files are written whole or not at all (a temporary file in the same folder, then a
//! rename), and an existing file is never replaced without `--force`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::bail;
use shogi_tool::batch::{self, Input};
use shogi_tool::formats::csa::CsaVersion;
use shogi_tool::ops::convert::{
    self as op, holds_several, terminal_wants_utf8, ConvertOptions, Converted, InputPiece, Joiner,
    Outcome,
};
use shogi_tool::record::Format;
use shogi_tool::text::Encoding;

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
    let to = target_format(&args)?;
    let mut encoding = op::choose_encoding(to, args.output_encoding.map(Encoding::from))?;
    let to_terminal =
        args.output.is_none() && args.out_dir.is_none() && std::io::stdout().is_terminal();
    if terminal_wants_utf8(encoding, args.output_encoding.is_some(), to_terminal) {
        if !args.quiet {
            eprintln!(
                "{} standard output is a terminal: writing UTF-8, not {} (use -o FILE, or \
                 --output-encoding {} to send {} bytes anyway)",
                style::warning(),
                encoding.name(),
                encoding.name(),
                encoding.name()
            );
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
            let (mut existing, mut existing_count) = (Vec::new(), 0usize);
            let mut links: Vec<PathBuf> = Vec::new();
            let renamed = names.plan(
                |i| inputs[i].display(),
                |target| {
                    if let Some(link) = shogi_tool::output::link_below(dir, &target) {
                        if links.len() < 5 && !links.contains(&link) {
                            links.push(link);
                        }
                        return;
                    }
                    if !args.force && target.exists() {
                        existing_count += 1;
                        if existing.len() < 5 {
                            existing.push(target.display().to_string());
                        }
                    }
                },
            );
            if renamed.count > 0 {
                eprintln!(
                    "shogi-tool: note: {} output{} would have shared {} name with another, so {} the source extension: {}",
                    renamed.count,
                    if renamed.count == 1 { "" } else { "s" },
                    if renamed.count == 1 { "its" } else { "their" },
                    if renamed.count == 1 {
                        "it keeps"
                    } else {
                        "they keep"
                    },
                    list_first(&renamed.first, renamed.count)
                );
            }
            if !links.is_empty() {
                let shown: Vec<String> = links.iter().map(|l| l.display().to_string()).collect();
                eprintln!(
                    "{} {} inside the output folder {} {} a symbolic link: {}; nothing written \
                     (outputs are never written through a link)",
                    style::error(),
                    if links.len() == 1 { "a path" } else { "paths" },
                    dir.display(),
                    if links.len() == 1 { "is" } else { "are" },
                    shown.join(", ")
                );
                return Ok(ExitCode::Error);
            }
            if existing_count > 0 {
                eprintln!(
                    "{} {} of the outputs exist{} already: {}; nothing written (--force replaces them)",
                    style::error(),
                    existing_count,
                    if existing_count == 1 { "s" } else { "" },
                    list_first(&existing, existing_count)
                );
                return Ok(ExitCode::Error);
            }
            Some(names)
        }
        None => None,
    };
    // One output (-o FILE or standard output): records are written as they come, so memory
    // does not grow with the number of records. Standard output is held back only when
    // --strict may still refuse everything or the format holds one record.
    let mut sink = Sink::None;
    let mut joiner = Joiner::new(to);
    let mut records = 0usize;
    let mut write_error: Option<anyhow::Error> = None;
    let new_folder = args
        .output
        .as_deref()
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty() && !p.exists())
        .map(Path::to_path_buf);
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
    let progress = if show_progress {
        let bar = indicatif::ProgressBar::new(inputs.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} files, {msg} [{elapsed_precise} < {eta}]",
            )
            .expect("a valid template"),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
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
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            progress.set_message(format!(
                "{records_done} records, {:.0} records/s",
                records_done as f64 / secs
            ));
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
                        records += 1;
                        if records > 1 && !holds_several(to) {
                            // Counted for the message, never written.
                            sink = Sink::None;
                            continue;
                        }
                        if records == 1 {
                            sink = match &args.output {
                                Some(path) => {
                                    match output::OutputFile::create(path, args.force, |n| {
                                        note(n, quiet)
                                    }) {
                                        Ok(f) => Sink::File(Box::new(f)),
                                        Err(e) => {
                                            write_error = Some(e.into());
                                            return false;
                                        }
                                    }
                                }
                                None if strict || !holds_several(to) => Sink::Buffer(Vec::new()),
                                None => Sink::Stdout(std::io::stdout().lock()),
                            };
                        }
                        if let Err(e) = sink.write(|w| joiner.push(w, c.bytes)) {
                            write_error = Some(e.into());
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
            drop(sink);
            return Err(match &args.output {
                Some(path) => e.context(format!("{} not written", path.display())),
                None => e,
            });
        }
        if !holds_several(to) && records > 1 {
            eprintln!(
                "{} the inputs hold {records} records, and a {} file holds one: give --out-dir DIR",
                style::error(),
                to.name()
            );
            return Ok(ExitCode::Error);
        }
        if strict && failed {
            eprintln!("{} nothing written (--strict)", style::error());
            return Ok(ExitCode::Error);
        }
        if records == 0 {
            if failed {
                // Nothing converted: an existing target stays as it was, none is created.
                if let Some(path) = &args.output {
                    eprintln!(
                        "{} nothing converted; {} not written",
                        style::error(),
                        path.display()
                    );
                }
                return Ok(ExitCode::Error);
            }
            if let Some(path) = &args.output {
                sink = Sink::File(Box::new(output::OutputFile::create(
                    path,
                    args.force,
                    |n| note(n, quiet),
                )?));
            }
        }
        sink.write(|w| joiner.finish(w))?;
        if let (Some(sentence), false) = (
            joiner.too_large(read_options.max_file_size),
            matches!(sink, Sink::None),
        ) {
            eprintln!("{} {sentence}", style::warning());
        }
        match sink {
            Sink::File(f) => {
                f.finish()?;
                if let (Some(folder), false) = (new_folder, quiet) {
                    eprintln!("shogi-tool: note: created the folder {}", folder.display());
                }
                if let (Some(path), false) = (&args.output, quiet) {
                    eprintln!(
                        "wrote {} ({records} record{})",
                        path.display(),
                        if records == 1 { "" } else { "s" }
                    );
                }
            }
            Sink::Buffer(bytes) => {
                let mut out = std::io::stdout().lock();
                out.write_all(&bytes)?;
                out.flush()?;
            }
            Sink::Stdout(mut out) => out.flush()?,
            Sink::None => {}
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

/// The first few of `count` items (`first` holds at most five), and how many more.
fn list_first(first: &[String], count: usize) -> String {
    let shown: Vec<&str> = first.iter().take(5).map(String::as_str).collect();
    match count.saturating_sub(shown.len()) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// The output format: `--to`, else the one the extension of `-o FILE` names. Warns when
/// both are given and disagree.
fn target_format(args: &Args) -> anyhow::Result<Format> {
    let choice = op::choose_format(args.to.map(Format::from), args.output.as_deref())?;
    if let (Some(ext), false) = (choice.extension_disagrees, args.quiet) {
        eprintln!(
            "{} {} has the extension of {} files, but --to {} writes {}",
            style::warning(),
            args.output.as_deref().unwrap_or(Path::new("")).display(),
            ext.name(),
            choice.format.name(),
            choice.format.name()
        );
    }
    Ok(choice.format)
}

/// A record converted, ready to write.
struct Ready {
    /// Its index in its input.
    record: usize,
    bytes: Vec<u8>,
}

/// One piece of an input's outputs with its messages as they are said.
struct FileOutput {
    /// The input's name as shown.
    path: String,
    converted: Vec<Ready>,
    messages: Vec<String>,
    failed: bool,
    /// Whether this is the input's last piece.
    last: bool,
}

/// The messages of `piece`: why records were not converted, the piece names corrected and
/// what the target cannot carry (the warnings not when `quiet`), and why the input could not
/// be read.
fn said(piece: InputPiece, to: Format, quiet: bool) -> FileOutput {
    let mut messages = Vec::new();
    let mut failed = false;
    for c in &piece.converted {
        let at = piece.name_of(c);
        failed |= c.failed();
        if !quiet {
            for f in &c.corrections {
                messages.push(format!(
                    "{} {at}: ply {}: {}: {}",
                    style::warning(),
                    f.ply,
                    shogi_tool::diag::label(
                        shogi_tool::diag::Severity::Warning,
                        f.code.as_str(),
                        style::stderr()
                    ),
                    shogi_tool::diag::human_message(&f.message)
                ));
            }
        }
        let cannot_carry = |dropped: &[op::Dropped]| {
            let list: Vec<String> = dropped.iter().map(ToString::to_string).collect();
            format!("{} cannot carry: {}", to.name(), list.join(", "))
        };
        match &c.outcome {
            Outcome::Unreadable(m) => {
                messages.push(format!("{} {m} (record not converted)", style::error()))
            }
            Outcome::VariantNotCarried(why) => messages.push(format!(
                "{} {}#{}: {why} (record not converted)",
                style::error(),
                c.path,
                c.record
            )),
            Outcome::Refused { dropped } => messages.push(format!(
                "{} {at}: {} (not written: --strict)",
                style::error(),
                cannot_carry(dropped)
            )),
            Outcome::Written { dropped, .. } if !dropped.is_empty() && !quiet => messages.push(
                format!("{} {at}: {}", style::warning(), cannot_carry(dropped)),
            ),
            Outcome::Written { .. } => {}
        }
    }
    if let Some(message) = &piece.error {
        messages.push(format!("{} {message}", style::error()));
        failed = true;
    }
    let converted = piece
        .converted
        .into_iter()
        .filter_map(|c: Converted| match c.outcome {
            Outcome::Written { bytes, .. } => Some(Ready {
                record: c.record,
                bytes,
            }),
            _ => None,
        });
    FileOutput {
        path: piece.path,
        converted: converted.collect(),
        messages,
        failed,
        last: piece.last,
    }
}

/// Where the records of one output go.
enum Sink {
    /// Nowhere (not yet, or no longer).
    None,
    /// `-o FILE`.
    File(Box<output::OutputFile>),
    /// Standard output, held back until the end.
    Buffer(Vec<u8>),
    /// Standard output as the records come.
    Stdout(std::io::StdoutLock<'static>),
}

impl Sink {
    fn write(
        &mut self,
        f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match self {
            Sink::None => Ok(()),
            Sink::File(w) => f(w.as_mut()),
            Sink::Buffer(w) => f(w),
            Sink::Stdout(w) => f(w),
        }
    }
}

/// Counts the files a batch put in place and says the failures; false after a file-system
/// error (a full disk fails every later write the same way).
fn tally(
    done: Vec<output_batch::Done>,
    progress: &indicatif::ProgressBar,
    written: &mut usize,
    failures: &mut usize,
) -> bool {
    let mut go_on = true;
    for d in done {
        match d.result {
            Ok(_) => *written += 1,
            Err(e) => {
                progress.suspend(|| eprintln!("{} {}", style::error(), output::sentence(&e)));
                *failures += 1;
                go_on &= !e.is_io();
            }
        }
    }
    go_on
}

/// Says the run stops after a write error; false, to stop it.
fn stop_after_write_error(progress: &indicatif::ProgressBar) -> bool {
    progress.suspend(|| eprintln!("{} stopped after a write error", style::error()));
    false
}

/// Says on standard error that a special target is written into (unless `quiet`).
fn note(what: &str, quiet: bool) {
    if !quiet {
        eprintln!("shogi-tool: note: {what}");
    }
}
