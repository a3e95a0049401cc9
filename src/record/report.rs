//! What a replay finds ([`Report`], its [`Finding`]s and [`Outcome`]): below both replays
//! (`replay.rs` for standard shogi, `variant_replay.rs` for the variants), which fill it in.

use super::code::{ErrorCode, OutcomeReason, WarningCode};
use crate::shogi::entering_king::RuleResult;
use crate::shogi::{Color, FoulCode, Move, Position};
use crate::variant::VPosition;

/// Something the replay found, with where; `C` is its severity's code type ([`FoulCode`],
/// [`WarningCode`] or [`ErrorCode`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding<C> {
    /// The ply of the move (0 for the start position).
    pub ply: usize,
    /// The source line, when known.
    pub line: Option<u32>,
    /// The stable code.
    pub code: C,
    /// The side concerned (the mover, for fouls).
    pub side: Option<Color>,
    /// The move in USI notation.
    pub mv: Option<String>,
    /// A sentence saying what is wrong.
    pub message: String,
    /// For findings in a variation: the ply at which the variation branches off.
    pub variation: Option<usize>,
}

/// How the game ended, as the replay judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner; `None` for a draw or an unfinished game.
    pub winner: Option<Color>,
    /// The contract's reason (`checkmate`, `resignation`, ...).
    pub reason: OutcomeReason,
}

/// Everything a replay found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Moves in the main line.
    pub plies: usize,
    /// The outcome.
    pub outcome: Outcome,
    /// Fouls, main line first in ply order, then those in variations.
    pub fouls: Vec<Finding<FoulCode>>,
    /// Warnings (repetition draws, mismatches with the stated result, odd start positions).
    pub warnings: Vec<Finding<WarningCode>>,
    /// Problems that stopped the replay (no start position could be built).
    pub errors: Vec<Finding<ErrorCode>>,
    /// The position at the end of the main line (as far as it could be carried out).
    pub final_position: Option<Position>,
    /// The main line's moves as carried out (promotions resolved), as far as it could be.
    pub moves: Vec<Move>,
    /// For a record ending in a declaration or an impasse: the figures and the verdict.
    pub impasse: Option<RuleResult>,
    /// For a variant record: every position of its main line as carried out, the start first
    /// (empty for standard shogi, whose final position is `final_position`).
    pub variant_positions: Vec<VPosition>,
}

impl Report {
    /// The report of a replay that has found nothing yet: `plies` main-line moves, outcome
    /// unknown, room for the moves carried out (sized once: growing it move by move
    /// reallocates, and reallocations contend for the allocator's lock when several threads
    /// replay at once).
    pub fn empty(plies: usize) -> Report {
        Report {
            plies,
            outcome: Outcome {
                winner: None,
                reason: OutcomeReason::Unknown,
            },
            fouls: Vec::new(),
            warnings: Vec::new(),
            errors: Vec::new(),
            final_position: None,
            moves: Vec::with_capacity(plies),
            impasse: None,
            variant_positions: Vec::new(),
        }
    }
}
