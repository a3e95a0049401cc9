//! How `convert`'s one output (`-o FILE` or standard output: the library's [`OneOutput`])
//! ends, as the terminal hears it: what was written, or why nothing was.

use std::io::Write;
use std::path::Path;

use shogi_tool::ops::convert::{Ending, OneOutput, OneOutputError};
use shogi_tool::record::Format;

use super::convert_say::note;
use super::exit::ExitCode;
use super::style;

/// How the one output was asked for: `-o FILE` (else standard output) and `--quiet`.
pub struct Target<'a> {
    /// The file written, if not standard output.
    pub output: Option<&'a Path>,
    /// Whether only errors are said.
    pub quiet: bool,
}

/// Ends the output (see [`OneOutput::finish`]) and says so: what was written, or why nothing
/// was (then the exit code is returned).
pub fn finish(
    one: OneOutput<impl Write>,
    target: &Target,
    to: Format,
    failed: bool,
    new_folder: Option<std::path::PathBuf>,
    max_file_size: u64,
) -> anyhow::Result<Option<ExitCode>> {
    let quiet = target.quiet;
    let (records, bytes) = match one.finish(failed, |n| note(n, quiet)).map_err(error)? {
        Ending::Written { records, bytes } => (records, bytes),
        Ending::TooMany { records } => {
            eprintln!(
                "{} the inputs hold {records} records, and a {} file holds one: give --out-dir DIR",
                style::error(),
                to.name()
            );
            return Ok(Some(ExitCode::Error));
        }
        Ending::Refused => {
            eprintln!("{} nothing written (--strict)", style::error());
            return Ok(Some(ExitCode::Error));
        }
        Ending::NothingConverted => {
            if let Some(path) = target.output {
                eprintln!(
                    "{} nothing converted; {} not written",
                    style::error(),
                    path.display()
                );
            }
            return Ok(Some(ExitCode::Error));
        }
        _ => return Ok(Some(ExitCode::Error)),
    };
    if bytes > max_file_size {
        eprintln!("{} {}", style::warning(), too_large(bytes, max_file_size));
    }
    if let (Some(path), false) = (target.output, quiet) {
        if let Some(folder) = new_folder {
            eprintln!("shogi-tool: note: created the folder {}", folder.display());
        }
        eprintln!(
            "wrote {} ({records} record{})",
            path.display(),
            if records == 1 { "" } else { "s" }
        );
    }
    Ok(None)
}

/// The warning for an output of `bytes`, over the `--max-file-size` of the run (`limit`):
/// reading it back needs a larger one.
fn too_large(bytes: u64, limit: u64) -> String {
    format!(
        "the output is {bytes} bytes, more than the {limit} bytes the readers take (--max-file-size): read it back with --max-file-size {bytes}"
    )
}

/// The one output's error as the tool says it: an I/O error of standard output bare (so that
/// a closed pipe is no error and a full disk is said as standard output's), a file's with its
/// name.
pub fn error(e: OneOutputError) -> anyhow::Error {
    match e {
        OneOutputError::File(e) => e.into(),
        OneOutputError::Io(e) => e.into(),
        OneOutputError::NotWritten { path, source } => {
            error(*source).context(format!("{} not written", path.display()))
        }
        e => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_output_is_said_with_the_limit_to_read_it_back() {
        let sentence = too_large(10, 9);
        assert!(sentence.contains("more than the 9 bytes"), "{sentence}");
        assert!(sentence.ends_with("--max-file-size 10"), "{sentence}");
    }

    #[test]
    fn a_write_error_of_standard_output_stays_bare_and_a_file_s_names_it() {
        let io = || std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        let bare = error(OneOutputError::Io(io()));
        assert!(bare.downcast_ref::<std::io::Error>().is_some());
        let named = error(OneOutputError::NotWritten {
            path: "out.csa".into(),
            source: Box::new(OneOutputError::Io(io())),
        });
        assert_eq!(
            format!("{named:#}"),
            format!("out.csa not written: {}", io())
        );
    }
}
