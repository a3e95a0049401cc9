//! Python keyword arguments to the library's options: names of formats, encodings and
//! variants, the error policy, the number of threads, the paths of a collection.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shogi_tool::batch::ReadOptions;
use shogi_tool::record::Format;
use shogi_tool::text::{Encoding, EncodingChoice};
use shogi_tool::variant::Variant;

/// The format named `name` (`kif`, `csa`, ...).
pub fn format(name: &str) -> PyResult<Format> {
    Format::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown format {name:?} (kif, kifu, ki2, ki2u, csa, sfen, usi, jkf)"
        ))
    })
}

/// The encoding named `name` (`utf-8`, `shift_jis`, `euc-jp`, `utf-16le`, `utf-16be`).
pub fn encoding(name: &str) -> PyResult<Encoding> {
    Encoding::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown encoding {name:?} (utf-8, shift_jis, euc-jp, utf-16le, utf-16be)"
        ))
    })
}

/// The variant named `name` (`standard`, `minishogi`, ...).
pub fn variant(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The reading options of `format=`, `encoding=` and `variant=`.
pub fn read_options(
    format_name: Option<&str>,
    encoding_name: Option<&str>,
    variant_name: Option<&str>,
) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        from: format_name.map(format).transpose()?,
        encoding: match encoding_name {
            None => EncodingChoice::Auto,
            Some(n) => EncodingChoice::Forced(encoding(n)?),
        },
        variant: variant_name.map(variant).transpose()?,
        ..ReadOptions::default()
    })
}

/// Whether records whose reading stopped raise `ReadError` (`errors="raise"`) or are kept
/// (`errors="keep"`, their `validate()` says what stopped them).
pub fn raise_on_record_errors(errors: &str) -> PyResult<bool> {
    match errors {
        "raise" => Ok(true),
        "keep" => Ok(false),
        other => Err(PyValueError::new_err(format!(
            "errors must be \"raise\" or \"keep\", not {other:?}"
        ))),
    }
}

/// The threads of `jobs=`: None (or 0) for every core.
pub fn jobs(jobs: Option<usize>) -> usize {
    jobs.unwrap_or(0)
}

/// The paths of a collection: one path (str or os.PathLike) or an iterable of them.
pub fn paths(paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(one) = paths.extract::<PathBuf>() {
        return Ok(vec![one]);
    }
    let mut out = Vec::new();
    for item in paths.try_iter()? {
        out.push(item?.extract::<PathBuf>()?);
    }
    Ok(out)
}
