//! `shogi_tool`, the Python module: thin bindings over the `shogi_tool` library. Every answer
//! is the library's (readers, replay, validation, writers, the rules core); this crate only
//! turns Python arguments into the library's options and its results into Python objects.

mod collection;
mod errors;
mod options;
mod position;
mod reading;
mod record;
mod usi_strings;

use pyo3::prelude::*;

/// Read, validate and convert shogi game records (KIF, KI2, CSA, SFEN/USI, JKF), and play
/// positions of shogi and its smaller variants: the shogi-tool library, from Python.
#[pymodule]
fn shogi_tool(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ReadError", m.py().get_type::<errors::ReadError>())?;
    m.add(
        "DroppedWarning",
        m.py().get_type::<errors::DroppedWarning>(),
    )?;
    m.add_class::<record::PyRecord>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<reading::RecordIter>()?;
    m.add_function(wrap_pyfunction!(reading::read, m)?)?;
    m.add_function(wrap_pyfunction!(reading::iter_records, m)?)?;
    m.add_function(wrap_pyfunction!(collection::validate, m)?)?;
    m.add_function(wrap_pyfunction!(collection::stats, m)?)?;
    Ok(())
}
