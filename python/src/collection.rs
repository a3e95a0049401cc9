//! Work over a whole collection: `validate` (the JSON lines of `shogi-tool validate --format
//! json`, as dicts), `stats` (the document of `stats --format json`, as a dict), and the JSON
//! text to Python conversion they share with `Record`.

use std::path::PathBuf;

use pyo3::prelude::*;
use shogi_tool::batch;
use shogi_tool::ops::stats::{json_text, stats_of_paths, StatsOptions};
use shogi_tool::ops::validate::{validate as validate_all, ValidateOptions};

use crate::errors;
use crate::options;

/// `json.loads(text)`: the library renders its JSON documents, Python reads them.
pub fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// The JSON lines of `validate --format json` over `paths`, in input order: what
/// `ops::validate` finds, as the command line prints it.
fn validation_lines(
    paths: &[PathBuf],
    jobs: usize,
    read_options: &batch::ReadOptions,
) -> Result<Vec<String>, String> {
    let (mut inputs, unlisted) = batch::discover_lazily(paths, false);
    let first = inputs.next();
    if first.is_none() && unlisted.is_empty() {
        if let Some(message) = inputs.nothing_found() {
            return Err(format!("nothing to read: {message}"));
        }
    }
    let options = ValidateOptions {
        jobs,
        read: read_options.clone(),
        ..ValidateOptions::default()
    };
    let mut lines = Vec::new();
    validate_all(
        first.into_iter().chain(&mut inputs),
        &unlisted,
        &options,
        |result| {
            lines.push(result.to_json());
            true
        },
    );
    Ok(lines)
}

/// What `shogi-tool validate --format json` says of every record of `paths` (one path or an
/// iterable of files and folders), in input order: one dict per JSON line, an input that
/// cannot be read included (its dict's error has the code `unreadable`); a `.hcpe`/`.psv`
/// file gives a dict for each problem it has (path, format, severity, code, message, and the
/// entry and offset when of one entry), as the command line does. Read on `jobs` threads
/// (None: every core) with the GIL released. Keywords as for `read`.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None, *, format=None, encoding=None, variant=None))]
pub fn validate<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    format: Option<&str>,
    encoding: Option<&str>,
    variant: Option<&str>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let read_options = options::read_options(format, encoding, variant)?;
    let paths = options::paths(paths)?;
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let lines = py
        .detach(|| validation_lines(&paths, options::jobs(jobs), &read_options))
        .map_err(|message| errors::unreadable(py, "", &message))?;
    lines.iter().map(|line| json_loads(py, line)).collect()
}

/// The statistics of the records of `paths` (one path or an iterable of files and folders):
/// the dict of `shogi-tool stats --format json` (records, results, fouls, openings, ...).
/// Read on `jobs` threads (None: every core) with the GIL released. Keywords as for `read`.
/// Paths that hold no record file (an empty folder) raise `ReadError` (`unreadable`).
#[pyfunction]
#[pyo3(signature = (paths, jobs=None, *, format=None, encoding=None, variant=None))]
pub fn stats<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    format: Option<&str>,
    encoding: Option<&str>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = StatsOptions {
        jobs: options::jobs(jobs),
        read: options::read_options(format, encoding, variant)?,
        ..StatsOptions::default()
    };
    let paths = options::paths(paths)?;
    let text = py
        .detach(|| stats_of_paths(&paths, &options).map(|s| json_text(&s)))
        .map_err(|e| errors::unreadable(py, "", &e.to_string()))?;
    json_loads(py, &text)
}
