//! `shogi_tool.ReadError`: an input that cannot be read, or a record whose reading stopped,
//! with where and why as attributes; `shogi_tool.DroppedWarning`: what a conversion left out.

use pyo3::create_exception;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use shogi_tool::record::{ErrorCode, ReadError as LibReadError};

create_exception!(
    shogi_tool,
    ReadError,
    PyValueError,
    "A record or an input that could not be read. Attributes: `file` (the input's name), \
     `line` and `column` (1-based, None for a whole input), `code` (the stable error code of \
     docs/cli.md: `parse-error`, `unreadable`, ...) and `message` (the sentence)."
);

create_exception!(
    shogi_tool,
    DroppedWarning,
    PyUserWarning,
    "What `Record.to` left out because the target format or encoding cannot carry it \
     (comments, variations, NUL characters, ...): the warning `shogi-tool convert` prints."
);

/// Warns (`DroppedWarning`, attributed to the Python caller) with `message`.
pub fn warn_dropped(py: Python<'_>, message: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(message.replace('\0', ""))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    PyErr::warn(py, &py.get_type::<DroppedWarning>(), &message, 1)
}

/// A `ReadError` for a whole input that cannot be read (`code` `unreadable`).
pub fn unreadable(py: Python<'_>, file: &str, message: &str) -> PyErr {
    build(
        py,
        file,
        None,
        None,
        ErrorCode::Unreadable.as_str(),
        message,
        message,
    )
}

/// A `ReadError` for the first error that stopped reading a record of `file`.
pub fn in_record(py: Python<'_>, file: &str, e: &LibReadError) -> PyErr {
    let shown = shogi_tool::diag::located_error(file, e);
    build(
        py,
        file,
        Some(e.line),
        Some(e.column),
        e.code.as_str(),
        &e.message,
        &shown,
    )
}

fn build(
    py: Python<'_>,
    file: &str,
    line: Option<u32>,
    column: Option<u32>,
    code: &str,
    message: &str,
    shown: &str,
) -> PyErr {
    let err = ReadError::new_err(shown.to_string());
    let value = err.value(py);
    let attributes = value
        .setattr("file", file)
        .and_then(|()| value.setattr("line", line))
        .and_then(|()| value.setattr("column", column))
        .and_then(|()| value.setattr("code", code))
        .and_then(|()| value.setattr("message", message));
    match attributes {
        Ok(()) => err,
        Err(e) => e,
    }
}
