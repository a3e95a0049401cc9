//! `shogi_tool.Position`: a position of shogi or of a smaller variant, played move by move
//! through the library's rules core.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use shogi_tool::shogi::perft::perft;
use shogi_tool::shogi::{Move, Position, Rules};
use shogi_tool::variant::{VPosition, Variant};

use crate::options;
use crate::usi_strings::usi_list;

/// A position of either core: the standard one, or a smaller variant's. Unboxed although
/// the standard one is twice the size: `push` copies the position for `pop`, and a box would
/// make that copy an allocation too.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Core {
    Standard(Position),
    Variant(VPosition),
}

/// A list of legal moves: the standard core's moves, or a variant's in USI already.
enum Legal {
    Standard(Vec<Move>),
    Text(Vec<String>),
}

impl Legal {
    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match self {
            Legal::Standard(moves) => usi_list(py, &moves),
            Legal::Text(moves) => PyList::new(py, moves),
        }
    }
}

/// Why a move given in USI cannot be played: its foul's stable code and sentence.
type Diagnosis = Option<(&'static str, String)>;

impl Core {
    fn start(variant: Variant) -> Core {
        match variant {
            Variant::Standard => Core::Standard(Position::startpos()),
            v => Core::Variant(VPosition::start(v)),
        }
    }

    fn from_sfen(sfen: &str, variant: Option<Variant>) -> PyResult<Core> {
        let bad = |e: &dyn std::fmt::Display| PyValueError::new_err(format!("bad SFEN: {e}"));
        match variant {
            Some(Variant::Standard) => Position::from_sfen(sfen)
                .map(Core::Standard)
                .map_err(|e| bad(&e)),
            Some(v) => VPosition::from_sfen_as(sfen, Some(v))
                .map(Core::Variant)
                .map_err(|e| bad(&e)),
            // No variant named: a 9x9 board is standard shogi, another size names its variant.
            None => match Position::from_sfen(sfen) {
                Ok(p) => Ok(Core::Standard(p)),
                Err(standard) => match VPosition::from_sfen_as(sfen, None) {
                    Ok(p) if p.variant() != Variant::Standard => Ok(Core::Variant(p)),
                    _ => Err(bad(&standard)),
                },
            },
        }
    }

    fn variant(&self) -> Variant {
        match self {
            Core::Standard(_) => Variant::Standard,
            Core::Variant(p) => p.variant(),
        }
    }

    fn sfen(&self) -> String {
        match self {
            Core::Standard(p) => p.to_sfen(),
            Core::Variant(p) => p.to_sfen(),
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        fn usi_of<R: Rules>(p: &R) -> Vec<String> {
            let mut list = R::MoveList::default();
            p.legal_moves_into(&mut list);
            list.iter().map(|&m| p.move_usi(m)).collect()
        }
        match self {
            Core::Standard(p) => usi_of(p),
            Core::Variant(p) => usi_of(p),
        }
    }

    /// The legal moves, taken apart from their USI (which needs the GIL for the shared
    /// strings of the standard moves).
    fn legal_list(&self) -> Legal {
        match self {
            Core::Standard(p) => Legal::Standard(p.legal_moves().to_vec()),
            Core::Variant(_) => Legal::Text(self.legal_moves()),
        }
    }

    fn in_check(&self) -> bool {
        match self {
            Core::Standard(p) => p.in_check(),
            Core::Variant(p) => p.in_check(),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        match self {
            Core::Standard(p) => perft(p, depth),
            Core::Variant(p) => perft(p, depth),
        }
    }

    fn not_usi(&self, usi: &str) -> PyErr {
        PyValueError::new_err(format!(
            "{usi:?} is not a USI move of {} (a board move such as 7g7f or 2b3c+, a drop such as P*5e)",
            self.variant()
        ))
    }

    /// Why `usi` cannot be played here (None: it is legal); ValueError when it is no move.
    fn diagnose(&self, usi: &str) -> PyResult<Diagnosis> {
        let foul = match self {
            Core::Standard(p) => {
                let m = Move::from_usi(usi).map_err(|_| self.not_usi(usi))?;
                p.diagnose(m)
                    .err()
                    .map(|f| (f.code().as_str(), f.to_string()))
            }
            Core::Variant(p) => {
                let m = p.parse_usi(usi).ok_or_else(|| self.not_usi(usi))?;
                p.diagnose(m)
                    .err()
                    .map(|f| (f.code().as_str(), f.to_string()))
            }
        };
        Ok(foul)
    }

    /// Plays `usi` if it is legal; ValueError naming the foul otherwise.
    fn push(&mut self, usi: &str) -> PyResult<()> {
        if let Some((code, reason)) = self.diagnose(usi)? {
            return Err(PyValueError::new_err(format!(
                "illegal move {usi}: {reason} ({code})"
            )));
        }
        match self {
            Core::Standard(p) => {
                let m = Move::from_usi(usi).map_err(|_| PyValueError::new_err(usi.to_string()))?;
                p.play_unchecked(m);
            }
            Core::Variant(p) => {
                let m = p
                    .parse_usi(usi)
                    .ok_or_else(|| PyValueError::new_err(usi.to_string()))?;
                p.play_unchecked(m);
            }
        }
        Ok(())
    }
}

/// A position of shogi or of a smaller variant (minishogi, shogi 5x6, torishogi, shogi 3x4,
/// ...). `Position()` is the even game's start, `Position("minishogi")` a variant's;
/// `Position.from_sfen` sets one up. `push` plays a legal move and `pop` takes it back.
#[pyclass(module = "shogi_tool", name = "Position")]
#[derive(Clone)]
pub struct PyPosition {
    core: Core,
    /// The positions before each move pushed, with the move.
    history: Vec<(Core, String)>,
}

#[pymethods]
impl PyPosition {
    /// The start position of `variant` (`standard` by default).
    #[new]
    #[pyo3(signature = (variant="standard"))]
    fn new(variant: &str) -> PyResult<PyPosition> {
        Ok(PyPosition {
            core: Core::start(options::variant(variant)?),
            history: Vec::new(),
        })
    }

    /// The position an SFEN describes. Without `variant`, a 9x9 board is standard shogi and
    /// another board's size names its variant. Raises ValueError for a bad SFEN.
    #[staticmethod]
    #[pyo3(signature = (sfen, variant=None))]
    fn from_sfen(sfen: &str, variant: Option<&str>) -> PyResult<PyPosition> {
        let variant = variant.map(options::variant).transpose()?;
        Ok(PyPosition {
            core: Core::from_sfen(sfen, variant)?,
            history: Vec::new(),
        })
    }

    /// The game: `standard` or a variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.core.variant().name()
    }

    /// The moves pushed so far, in USI.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.history.iter().map(|(_, m)| m.clone()).collect()
    }

    /// The SFEN of the position.
    fn sfen(&self) -> String {
        self.core.sfen()
    }

    /// Every legal move of the side to move, in USI.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.core.legal_list().into_py(py)
    }

    /// The legal moves here and after each of `moves` played in turn (len(moves) + 1 lists,
    /// in USI), in one call with the GIL released: what calling `legal_moves()` and `push`
    /// along a game gives, without a call per position. The position itself is unchanged;
    /// ValueError names the first move that is not legal where it is played.
    fn legal_moves_along<'py>(
        &self,
        py: Python<'py>,
        moves: Vec<String>,
    ) -> PyResult<Vec<Bound<'py, PyList>>> {
        let mut core = self.core.clone();
        let lists = py.detach(|| {
            let mut out = Vec::with_capacity(moves.len() + 1);
            for usi in &moves {
                out.push(core.legal_list());
                core.push(usi)?;
            }
            out.push(core.legal_list());
            PyResult::Ok(out)
        })?;
        lists.into_iter().map(|l| l.into_py(py)).collect()
    }

    /// Plays `usi` (`7g7f`, `P*5e`, `2b3c+`). Raises ValueError when it is not a USI move or
    /// not legal here (the message names the foul); the position is then unchanged.
    fn push(&mut self, usi: &str) -> PyResult<()> {
        let before = self.core.clone();
        self.core.push(usi)?;
        self.history.push((before, usi.to_string()));
        Ok(())
    }

    /// Takes back the last move pushed and returns it; IndexError when none is left.
    fn pop(&mut self) -> PyResult<String> {
        let (before, usi) = self
            .history
            .pop()
            .ok_or_else(|| PyIndexError::new_err("no move to take back"))?;
        self.core = before;
        Ok(usi)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.core.in_check()
    }

    /// The number of move sequences of `depth` plies from here (perft), with the GIL released.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let core = &self.core;
        py.detach(|| core.perft(depth))
    }

    /// The foul `usi` would be here, as (code, reason) (`nifu`, `uchifuzume`, `self-check`,
    /// `illegal-move`, ...), or None when it is legal. Raises ValueError when it is no move.
    fn diagnose(&self, usi: &str) -> PyResult<Diagnosis> {
        self.core.diagnose(usi)
    }

    /// An independent copy (its own history).
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("Position.from_sfen({:?})", self.core.sfen())
    }
}
