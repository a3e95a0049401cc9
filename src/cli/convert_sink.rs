//! Where `convert`'s records go when they make one output (`-o FILE` or standard output):
//! the file, a buffer held back, or standard output as they come, joined by the library's
//! [`Joiner`], and how that output ends.

use std::io::Write;

use shogi_tool::ops::convert::{holds_several, Joiner};
use shogi_tool::record::Format;

use super::convert_say::note;
use super::exit::ExitCode;
use super::output;
use super::style;

/// Where the records of one output go.
pub enum Sink {
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
    pub fn write(
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

/// How the one output is written: `-o FILE` (else standard output), `--force`, `--quiet`,
/// `--strict`.
pub struct Target<'a> {
    /// The file written, if not standard output.
    pub output: Option<&'a std::path::Path>,
    /// Whether a file there before the run is replaced.
    pub force: bool,
    /// Whether only errors are said.
    pub quiet: bool,
    /// Whether a record that was not converted whole fails the run.
    pub strict: bool,
}

/// The one output (`-o FILE` or standard output) the records are joined into as they come.
pub struct OneOutput {
    /// Where they go.
    pub sink: Sink,
    /// How they are joined.
    pub joiner: Joiner,
    /// How many records were converted.
    pub records: usize,
    /// Why writing stopped, if it did.
    pub write_error: Option<anyhow::Error>,
}

impl OneOutput {
    /// Ends the output: writes what the joiner holds back, puts the file in place and says so,
    /// or says why nothing was written (then the exit code is returned).
    pub fn finish(
        self,
        target: &Target,
        to: Format,
        failed: bool,
        new_folder: Option<std::path::PathBuf>,
        max_file_size: u64,
    ) -> anyhow::Result<Option<ExitCode>> {
        let OneOutput {
            mut sink,
            mut joiner,
            records,
            write_error,
        } = self;
        let (strict, quiet) = (target.strict, target.quiet);
        if let Some(e) = write_error {
            // Unfinished, the temporary file is removed: the target stays as it was.
            drop(sink);
            return Err(match target.output {
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
            return Ok(Some(ExitCode::Error));
        }
        if strict && failed {
            eprintln!("{} nothing written (--strict)", style::error());
            return Ok(Some(ExitCode::Error));
        }
        if records == 0 {
            if failed {
                // Nothing converted: an existing target stays as it was, none is created.
                if let Some(path) = target.output {
                    eprintln!(
                        "{} nothing converted; {} not written",
                        style::error(),
                        path.display()
                    );
                }
                return Ok(Some(ExitCode::Error));
            }
            if let Some(path) = target.output {
                sink = Sink::File(Box::new(output::OutputFile::create(
                    path,
                    target.force,
                    |n| note(n, quiet),
                )?));
            }
        }
        sink.write(|w| joiner.finish(w))?;
        if let (Some(sentence), false) =
            (joiner.too_large(max_file_size), matches!(sink, Sink::None))
        {
            eprintln!("{} {sentence}", style::warning());
        }
        match sink {
            Sink::File(f) => {
                f.finish()?;
                if let (Some(folder), false) = (new_folder, quiet) {
                    eprintln!("shogi-tool: note: created the folder {}", folder.display());
                }
                if let (Some(path), false) = (target.output, quiet) {
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
        Ok(None)
    }
}
