//! `shogi_tool.Record`: one game record, read by the library, with its headers, players,
//! start, moves, result, comments and variations, and what `validate` and the writers make
//! of it.

use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use shogi_tool::formats::write::{self, WriteOptions};
use shogi_tool::ops::validate::validation;
use shogi_tool::record::lines;
use shogi_tool::record::replay::{correct_piece_names, replay, ReplayOptions, Report};
use shogi_tool::record::{MetaKey, Record};
use shogi_tool::text::SourceText;

use crate::options;

/// One game record. Its fields are read-only; `positions()`, `validate()` and `to()` work
/// them out on each call.
#[pyclass(frozen, module = "shogi_tool", name = "Record")]
pub struct PyRecord {
    record: Record,
    /// The text of the input the record was read from (shared by its records), for locating
    /// what `validate()` finds.
    text: Option<Arc<SourceText>>,
    /// The input path's bytes in base64 when it is not valid UTF-8 (as JSON gives it).
    path_bytes: Option<String>,
    moves: OnceLock<Vec<String>>,
    report: OnceLock<Report>,
}

impl PyRecord {
    /// A record read from an input of `text`; `moves`, when already worked out.
    pub fn new(
        record: Record,
        text: Option<Arc<SourceText>>,
        path_bytes: Option<String>,
        moves: Option<Vec<String>>,
    ) -> PyRecord {
        let known = OnceLock::new();
        if let Some(moves) = moves {
            let _ = known.set(moves);
        }
        PyRecord {
            record,
            text,
            path_bytes,
            moves: known,
            report: OnceLock::new(),
        }
    }

    fn main_line(&self) -> &Vec<String> {
        self.moves
            .get_or_init(|| lines::main_line_usi(&self.record))
    }

    fn report(&self) -> &Report {
        self.report
            .get_or_init(|| replay(&self.record, &ReplayOptions::default()))
    }
}

#[pymethods]
impl PyRecord {
    /// The input's name (the path as given, `<bytes>` or `<string>`).
    #[getter]
    fn path(&self) -> &str {
        &self.record.source.path
    }

    /// The record's index within its input, from 0.
    #[getter]
    fn index(&self) -> usize {
        self.record.source.index
    }

    /// The format it was read as (`kif`, `csa`, ...).
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.record.source.format.map(|f| f.name())
    }

    /// The encoding it was decoded from (`utf-8`, `shift_jis`, ...).
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        self.record.source.encoding
    }

    /// The game: `standard`, or a smaller variant's name (`minishogi`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.record.variant().name()
    }

    /// The header entries, keys and values as written, in file order (a repeated key keeps
    /// its last value).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let headers = PyDict::new(py);
        for e in self.record.metadata.entries() {
            headers.set_item(&e.raw_key, &e.value)?;
        }
        Ok(headers)
    }

    /// Black's (sente's) name, if the record gives it.
    #[getter]
    fn black(&self) -> Option<&str> {
        self.record.metadata.get(MetaKey::BlackName)
    }

    /// White's (gote's) name, if the record gives it.
    #[getter]
    fn white(&self) -> Option<&str> {
        self.record.metadata.get(MetaKey::WhiteName)
    }

    /// The SFEN of the start position.
    #[getter]
    fn start_sfen(&self) -> String {
        lines::start_sfen(&self.record)
    }

    /// The main line's moves in USI, as the rules carried them out (promotions resolved), up
    /// to a move that cannot be carried out.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.main_line().clone()
    }

    /// How the game ended, as the replay judges it: (winner, reason), winner `black`,
    /// `white` or None (a draw or an unfinished game), reason a stable code (`resignation`,
    /// `checkmate`, `repetition`, `unknown`, ...).
    #[getter]
    fn result(&self) -> (Option<&'static str>, &'static str) {
        let outcome = &self.report().outcome;
        (outcome.winner.map(|c| c.name()), outcome.reason.as_str())
    }

    /// The main line's comments: (ply, line) pairs, ply 0 before the first move.
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        lines::main_line_comments(&self.record)
    }

    /// Every variation, at any depth: (ply of its first move, its moves in USI as written).
    #[getter]
    fn variations(&self) -> Vec<(usize, Vec<String>)> {
        lines::variations(&self.record)
            .into_iter()
            .map(|v| (v.ply, v.moves))
            .collect()
    }

    /// The SFEN of the start and of the position after each main-line ply: element i is
    /// the position after i plies (one more element than `moves`).
    fn positions(&self, py: Python<'_>) -> Vec<String> {
        py.detach(|| lines::main_line_sfens(&self.record))
    }

    /// What `shogi-tool validate --format json` says of this record: the same dict as its
    /// JSON line (fouls, warnings, errors, outcome, openings, ...).
    fn validate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = py.detach(|| {
            let source = self.text.as_deref();
            validation(
                &self.record,
                self.report(),
                true,
                self.path_bytes.clone(),
                source,
            )
            .to_json()
        });
        crate::collection::json_loads(py, &json)
    }

    /// The record written as `format` (`kif`, `ki2`, `csa`, `sfen`, `usi`, `jkf`, ...): a
    /// str, or with `encoding` (`shift_jis`, `utf-8`, ...) the bytes of a file in that
    /// encoding. A piece name that disagrees with the board is written as the move played.
    /// Raises ValueError when the format cannot carry the record's game (a variant as CSA).
    #[pyo3(signature = (format, encoding=None))]
    fn to<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let target = options::format(format)?;
        let encoding = encoding.map(options::encoding).transpose()?;
        if let Some(why) = write::cannot_carry(target, self.record.variant()) {
            return Err(PyValueError::new_err(why));
        }
        let corrected = correct_piece_names(&self.record);
        let record = corrected.as_ref().map_or(&self.record, |(fixed, _)| fixed);
        let write_options = WriteOptions {
            encoding,
            ..WriteOptions::default()
        };
        let mut written = write::write(record, target, &write_options);
        let Some(encoding) = encoding else {
            return Ok(written.text.into_pyobject(py)?.into_any());
        };
        let (mut bytes, _) = write::encode(&written.text, encoding);
        write::declare_if_misread(target, encoding, &mut written.text, &mut bytes);
        Ok(PyBytes::new(py, &bytes).into_any())
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {}#{} {} plies>",
            self.record.source.path,
            self.record.source.index,
            self.main_line().len()
        )
    }
}
