//! The arguments every record-reading subcommand shares, and turning them into inputs.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use shogi_tool::batch::{self, Input, InputError, ReadOptions};
use shogi_tool::record::Format;

use super::values::{EncodingArg, FormatArg};

/// Where records come from and how they are read.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Files, directories (walked recursively) or `-` for standard input; none means standard
    /// input.
    #[arg(value_name = "PATH", help_heading = super::help::INPUT)]
    pub paths: Vec<PathBuf>,
    /// Read the list of paths from FILE, one a line (`-` for standard input).
    #[arg(long, value_name = "FILE", help_heading = super::help::INPUT)]
    pub files_from: Option<PathBuf>,
    /// Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find`
    /// prints (for names holding a newline or `#`).
    #[arg(long, short = '0', help_heading = super::help::INPUT)]
    pub null: bool,
    /// Follow symbolic links met while walking directories (links named as PATH are always
    /// followed; a link back to a parent is reported either way).
    #[arg(long, help_heading = super::help::INPUT)]
    pub follow: bool,
    /// Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, help_heading = super::help::PERFORMANCE)]
    pub shard: Option<(usize, usize)>,
    /// The format of the inputs, instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_enum, ignore_case = true, help_heading = super::help::INPUT)]
    pub from: Option<FormatArg>,
    #[arg(
        long,
        value_name = "ENC",
        value_enum,
        ignore_case = true,
        default_value = "auto",
        alias = "input-encoding",
        help = ENCODING_HELP,
        help_heading = super::help::INPUT
    )]
    pub encoding: EncodingArg,
    #[arg(long, help = STRICT_HELP, help_heading = super::help::INPUT)]
    pub strict: bool,
    /// Worker threads (0: one per core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0, value_parser = parse_jobs, help_heading = super::help::PERFORMANCE)]
    pub jobs: usize,
    /// The largest input read, in bytes (larger files are reported, not read).
    #[arg(long, value_name = "BYTES", default_value_t = ReadOptions::default().max_file_size, help_heading = super::help::INPUT)]
    pub max_file_size: u64,
    /// The longest line accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = ReadOptions::default().max_line_length, help_heading = super::help::INPUT)]
    pub max_line_length: usize,
    /// The most variations one record may hold.
    #[arg(long, value_name = "N", default_value_t = ReadOptions::default().max_variations, help_heading = super::help::INPUT)]
    pub max_variations: usize,
    /// The deepest nesting of variations within variations.
    #[arg(long, value_name = "N", default_value_t = ReadOptions::default().max_variation_depth, help_heading = super::help::INPUT)]
    pub max_variation_depth: usize,
    /// The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+),
    /// torishogi (tori, 7x7) or dobutsu (3x4); by default what the records' positions show.
    #[arg(long, value_name = "NAME", ignore_case = true, value_parser = super::values::variant_parser(), help_heading = super::help::RULES)]
    pub variant: Option<shogi_tool::variant::Variant>,
}

/// The help of every `--encoding`: always the encoding of the input.
pub const ENCODING_HELP: &str =
    "The encoding of the input (never of the output; `auto` detects it)";

/// The help of every `--strict`: one meaning everywhere.
pub const STRICT_HELP: &str = "Refuse rather than lose data: bytes that do not decode are errors, \
     not warnings, and `convert` writes nothing when the target format cannot carry everything";

/// The help of every `-q/--quiet`: one meaning everywhere.
pub const QUIET_HELP: &str =
    "Print only results and errors: no progress bar, summary line or warnings";

fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let err = || format!("`{s}` is not a shard: expected K/N with 1 <= K <= N, such as 2/8");
    let (k, n) = s.split_once('/').ok_or_else(err)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| err())?,
        n.trim().parse().map_err(|_| err())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(err());
    }
    Ok((k, n))
}

/// Inputs in order, found as they are taken.
pub type InputStream = Box<dyn Iterator<Item = Input> + Send>;

impl InputArgs {
    /// The read options these arguments give.
    pub fn read_options(&self) -> ReadOptions {
        ReadOptions {
            from: self.from.map(Format::from),
            encoding: self.encoding.into(),
            strict: self.strict,
            max_file_size: self.max_file_size,
            max_line_length: self.max_line_length,
            max_variations: self.max_variations,
            max_variation_depth: self.max_variation_depth,
            variant: self.variant,
        }
    }

    /// The inputs to process (after `--files-from` and `--shard`), and the paths that failed;
    /// directories are walked as the run takes their files, so memory does not grow with the
    /// number of files. Paths that hold nothing to read (an
    /// empty directory, one without record files, an empty `--files-from` list) are an error
    /// that says what was searched and skipped: an audit of nothing is not clean.
    pub fn input_stream(&self) -> anyhow::Result<(InputStream, Vec<InputError>)> {
        let paths = self.all_paths()?;
        self.input_stream_of(&paths)
    }

    /// The paths given, with those of `--files-from` read and added (its lines are taken as
    /// bytes: a name that is not valid UTF-8 is a path like any other).
    pub fn all_paths(&self) -> anyhow::Result<Vec<PathBuf>> {
        let mut paths = self.paths.clone();
        if let Some(list) = &self.files_from {
            let mut bytes = Vec::new();
            if list.as_os_str() == "-" {
                if paths.iter().any(|p| is_stdin(p)) {
                    bail!("--files-from - and the path - cannot both read standard input");
                }
                std::io::stdin()
                    .lock()
                    .read_to_end(&mut bytes)
                    .context("cannot read the list of paths from standard input")?;
            } else {
                bytes = std::fs::read(list)
                    .with_context(|| format!("cannot read the list of paths {}", list.display()))?;
            }
            if self.null {
                paths.extend(path_items(&bytes));
            } else {
                paths.extend(path_lines(&bytes));
            }
            if paths.is_empty() {
                bail!(
                    "nothing to read: the list of paths {} names no path",
                    list.display()
                );
            }
        }
        Ok(paths)
    }

    /// Like [`InputArgs::input_stream`], for the paths [`InputArgs::all_paths`] gave.
    pub fn input_stream_of(
        &self,
        paths: &[PathBuf],
    ) -> anyhow::Result<(InputStream, Vec<InputError>)> {
        if (paths.is_empty() || paths.iter().any(|p| is_stdin(p))) && std::io::stdin().is_terminal()
        {
            eprintln!("shogi-tool: reading records from standard input; Ctrl-D to end (or give a PATH; --help for more)");
        }
        let (inputs, errors) = batch::discover_some(paths, self.follow)?;
        let inputs: InputStream = match self.shard {
            Some((k, n)) => Box::new(inputs.filter(move |i| batch::shard_of(i, n) == k)),
            None => Box::new(inputs),
        };
        Ok((inputs, errors))
    }
}

/// Whether a path is `-`, standard input.
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The paths of a `--files-from` list: one a line (LF or CRLF), blank lines skipped. On Unix a
/// line is the path's bytes, whatever they are; elsewhere it is read as UTF-8 (lossily).
fn path_lines(bytes: &[u8]) -> Vec<PathBuf> {
    bytes
        .split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .filter(|line| !line.trim_ascii().is_empty())
        .map(path_of_bytes)
        .collect()
}

/// The paths of a `--files-from` list under `--null`: each ended by a NUL byte (the last one
/// may be unended), taken whole (a newline is part of a name), empty items skipped.
fn path_items(bytes: &[u8]) -> Vec<PathBuf> {
    bytes
        .split(|&b| b == 0)
        .filter(|item| !item.is_empty())
        .map(path_of_bytes)
        .collect()
}

#[cfg(unix)]
fn path_of_bytes(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
fn path_of_bytes(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

/// `-j N`: at most [`batch::max_threads`], with a note when capped.
fn parse_jobs(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of threads"))?;
    let max = batch::max_threads();
    if n > max {
        eprintln!(
            "shogi-tool: note: -j {n} capped at {max} ({} threads a core)",
            batch::THREADS_PER_CORE
        );
        return Ok(max);
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_from_lines_are_bytes() {
        let paths = path_lines(b"a.kif\r\n\n  \nb\xff.csa\nlast.usi");
        assert_eq!(paths.len(), 3);
        assert_eq!(paths[0], PathBuf::from("a.kif"));
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            assert_eq!(paths[1].as_os_str().as_bytes(), b"b\xff.csa");
        }
        assert_eq!(paths[2], PathBuf::from("last.usi"));
    }

    /// Issue 28: a name holding a newline or `#` is one path in a NUL-separated list.
    #[test]
    fn files_from_items_under_null_keep_newlines() {
        let paths = path_items(b"a\nb.kif\0c#1.csa\0\0last.usi");
        assert_eq!(
            paths,
            [
                PathBuf::from("a\nb.kif"),
                PathBuf::from("c#1.csa"),
                PathBuf::from("last.usi")
            ]
        );
    }
}
