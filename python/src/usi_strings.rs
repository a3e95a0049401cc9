//! The Python strings of standard moves in USI, each made once and then shared: a list of
//! legal moves costs a reference per move instead of formatting and allocating a string.
//! The text of each string is the library's (`Move::to_usi`); only the objects are cached.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use shogi_tool::shogi::Move;

/// Squares of the board.
const SQUARES: usize = 81;
/// Slots of board moves (from, to, promote), then of drops (kind, to).
const NORMAL_SLOTS: usize = SQUARES * SQUARES * 2;
const SLOTS: usize = NORMAL_SLOTS + 16 * SQUARES;

static STRINGS: Mutex<Vec<Option<Py<PyString>>>> = Mutex::new(Vec::new());

fn slot(m: Move) -> usize {
    match m {
        Move::Normal { from, to, promote } => {
            (from.index() * SQUARES + to.index()) * 2 + usize::from(promote)
        }
        Move::Drop { kind, to } => NORMAL_SLOTS + kind as usize * SQUARES + to.index(),
    }
}

/// `moves` as a Python list of USI strings.
pub fn usi_list<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyList>> {
    // Never waited for: a thread that lost the GIL while holding the lock (a garbage
    // collection running Python code) must not be waited for by the thread holding the GIL.
    let Ok(mut strings) = STRINGS.try_lock() else {
        return PyList::new(py, moves.iter().map(|m| m.to_usi()));
    };
    if strings.is_empty() {
        strings.resize_with(SLOTS, || None);
    }
    let items: Vec<Bound<'py, PyString>> = moves
        .iter()
        .map(|&m| {
            strings[slot(m)]
                .get_or_insert_with(|| PyString::new(py, &m.to_usi()).unbind())
                .bind(py)
                .clone()
        })
        .collect();
    drop(strings);
    PyList::new(py, items)
}
