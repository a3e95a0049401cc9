//! `shogi_tool.Record`: one game record, read by the library, with its headers, players,
//! start, moves, result, comments and variations, and what `validate` and the writers make
//! of it.

use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use shogi_tool::ops::convert::{
    cannot_carry_sentence, choose_encoding, convert_record, convert_record_text, ChoiceError,
    ConvertOptions, Dropped, Outcome,
};
use shogi_tool::ops::validate::validation;
use shogi_tool::record::lines::{self, MainLine};
use shogi_tool::record::replay::{replay, ReplayOptions, Report};
use shogi_tool::record::{Format, MetaKey, Record};
use shogi_tool::text::SourceText;

use crate::errors;
use crate::options;
use crate::usi_strings::usi_list;

/// One game record. Its fields are read-only; `positions()`, `validate()`, `to()` and
/// `convert()` work them out on each call.
#[pyclass(frozen, module = "shogi_tool", name = "Record")]
pub struct PyRecord {
    record: Record,
    /// The text of the input the record was read from (shared by its records), for locating
    /// what `validate()` finds.
    text: Option<Arc<SourceText>>,
    /// The input path's bytes in base64 when it is not valid UTF-8 (as JSON gives it).
    path_bytes: Option<String>,
    /// Whether its input holds other records too (the CLI then names it `path#index`).
    several: bool,
    moves: OnceLock<MainLine>,
    report: OnceLock<Report>,
}

impl PyRecord {
    /// A record read from an input of `text`; `moves`, when already worked out.
    pub fn new(
        record: Record,
        text: Option<Arc<SourceText>>,
        path_bytes: Option<String>,
        moves: Option<MainLine>,
    ) -> PyRecord {
        let known = OnceLock::new();
        if let Some(moves) = moves {
            let _ = known.set(moves);
        }
        PyRecord {
            record,
            text,
            path_bytes,
            several: false,
            moves: known,
            report: OnceLock::new(),
        }
    }

    /// The record, from an input that holds `several` records or one.
    pub fn in_several(self, several: bool) -> PyRecord {
        PyRecord { several, ..self }
    }

    fn main_line(&self) -> &MainLine {
        self.moves.get_or_init(|| lines::main_line(&self.record))
    }

    /// The record converted to `target` (`encoding` None: a str), with what was dropped.
    fn convert_to<'py>(
        &self,
        py: Python<'py>,
        target: Format,
        encoding: Option<&str>,
    ) -> PyResult<(Bound<'py, PyAny>, Vec<Dropped>)> {
        let asked = encoding.map(options::encoding).transpose()?;
        let mut convert_options = ConvertOptions::new(target);
        convert_options.encoding = match choose_encoding(target, asked) {
            Ok(encoding) => encoding,
            Err(ChoiceError::JkfNotUtf8(e)) => {
                return Err(PyValueError::new_err(format!(
                    "encoding {:?}: JKF is JSON, which is always UTF-8",
                    e.name()
                )))
            }
            Err(e) => return Err(PyValueError::new_err(e.to_string())),
        };
        let converted = py.detach(|| match asked {
            Some(_) => convert_record(&self.record, &convert_options),
            None => convert_record_text(&self.record, &convert_options),
        });
        match converted.outcome {
            Outcome::Written { bytes, dropped } => {
                let data = match asked {
                    Some(_) => PyBytes::new(py, &bytes).into_any(),
                    None => String::from_utf8(bytes)
                        .map_err(|e| PyValueError::new_err(e.to_string()))?
                        .into_pyobject(py)?
                        .into_any(),
                };
                Ok((data, dropped))
            }
            Outcome::Unreadable(message) => Err(match self.record.errors.first() {
                Some(e) => errors::in_record(py, &self.record.source.path, e),
                None => errors::unreadable(py, &self.record.source.path, &message),
            }),
            Outcome::VariantNotCarried(why) => Err(PyValueError::new_err(why)),
            Outcome::Refused { dropped } => Err(PyValueError::new_err(cannot_carry_sentence(
                target, &dropped,
            ))),
        }
    }

    /// `convert_to`, and the warning it warrants: `path: kif cannot carry: comments` (the
    /// record named `path#index` in an input of several, as the CLI names it).
    fn converted<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: Option<&str>,
    ) -> PyResult<(Bound<'py, PyAny>, Option<String>)> {
        let target = options::format(format)?;
        let (data, dropped) = self.convert_to(py, target, encoding)?;
        if dropped.is_empty() {
            return Ok((data, None));
        }
        let source = &self.record.source;
        let name = if self.several {
            format!("{}#{}", source.path, source.index)
        } else {
            source.path.clone()
        };
        let sentence = cannot_carry_sentence(target, &dropped);
        Ok((data, Some(format!("{name}: {sentence}"))))
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
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match self.main_line() {
            MainLine::Standard(moves) => usi_list(py, moves),
            MainLine::Variant(moves) => PyList::new(py, moves),
        }
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

    /// The record written as `format` (`kif`, `ki2`, `csa`, `sfen`, `usi`, `jkf`, ...) by
    /// what `shogi-tool convert` runs: a str, or with `encoding` (`shift_jis`, `utf-8`, ...)
    /// the bytes of a file in that encoding. A piece name that disagrees with the board is
    /// written as the move played; what the target cannot carry (comments, variations, NUL
    /// characters, characters the encoding lacks) is left out with one `DroppedWarning`
    /// saying what, as the CLI warns. Raises ValueError when the format cannot carry the
    /// record's game (a variant as CSA) and ReadError when the record's reading stopped.
    #[pyo3(signature = (format, encoding=None))]
    fn to<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (data, dropped) = self.converted(py, format, encoding)?;
        if let Some(message) = dropped {
            errors::warn_dropped(py, &message)?;
        }
        Ok(data)
    }

    /// `to(format, encoding)` without the warning: `(data, dropped)`, the str or bytes and the
    /// list of what was left out (`["comments", "variations"]`, empty when nothing was).
    #[pyo3(signature = (format, encoding=None))]
    fn convert<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: Option<&str>,
    ) -> PyResult<(Bound<'py, PyAny>, Vec<String>)> {
        let target = options::format(format)?;
        let (data, dropped) = self.convert_to(py, target, encoding)?;
        Ok((data, dropped.iter().map(ToString::to_string).collect()))
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
