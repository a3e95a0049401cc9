//! How a record says the game ended, independent of format (CSA `%TORYO`, KIF `投了`, JKF
//! `TORYO`, USI `resign` are all [`EndingKind::Resignation`]).

use super::OutcomeReason;
use crate::shogi::Color;

/// The kind of ending a record states.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndingKind {
    /// The side to move resigned (投了, %TORYO, resign).
    Resignation,
    /// The game was suspended (中断, %CHUDAN, break).
    Abort,
    /// Repetition draw (千日手, %SENNICHITE, rep_draw).
    Repetition,
    /// Repetition with perpetual check (%OUTE_SENNICHITE).
    PerpetualCheck,
    /// Impasse by agreement or points (持将棋, %JISHOGI).
    Impasse,
    /// The side to move declared an entering-king win (入玉勝ち, 宣言勝ち, %KACHI, win).
    Declaration,
    /// The side to move ran out of time (切れ負け, 時間切れ, %TIME_UP, timeout).
    Timeout,
    /// The side to move made an illegal move and lost (%ILLEGAL_MOVE, 反則負け).
    IllegalMove,
    /// The side to move wins by the opponent's foul (反則勝ち).
    FoulWin,
    /// `loser` committed a foul (%+ILLEGAL_ACTION, %-ILLEGAL_ACTION).
    IllegalAction {
        /// The side that committed it.
        loser: Color,
    },
    /// A draw declared (%HIKIWAKE, draw).
    Draw,
    /// The move limit was reached (%MAX_MOVES).
    MaxMoves,
    /// The side to move is checkmated (詰み, 詰, %TSUMI).
    Checkmate,
    /// No mate (不詰, %FUZUMI; tsume problems).
    NoMate,
    /// A take-back (%MATTA).
    Matta,
    /// An error (%ERROR).
    Error,
    /// The side to move wins without play (不戦勝).
    ForfeitWin,
    /// The side to move loses without play (不戦敗).
    ForfeitLoss,
    /// A sealed move (封じ手): the game continues later.
    Sealed,
    /// The try rule (トライ): the side to move... won by reaching the enemy king's square.
    Try,
    /// A word this reader does not know, kept as written.
    Unknown,
}

/// An ending as the record states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// What kind of ending.
    pub kind: EndingKind,
    /// The text as written (`%TORYO`, `投了`, ...).
    pub raw: String,
    /// The winner, when the record says so explicitly (a `まで…の勝ち` summary, a Floodgate
    /// `summary:` line); `None` when it only follows from the kind.
    pub stated_winner: Option<Color>,
}

impl Ending {
    /// An ending of `kind` written as `raw`.
    pub fn new(kind: EndingKind, raw: impl Into<String>) -> Ending {
        Ending {
            kind,
            raw: raw.into(),
            stated_winner: None,
        }
    }

    /// The winner this ending implies when `to_move` is the side to move at that point:
    /// `Some(Some(color))` for a win, `Some(None)` for a draw or unfinished game, `None` when
    /// the kind says nothing (unknown words).
    pub fn implied_winner(&self, to_move: Color) -> Option<Option<Color>> {
        use EndingKind::*;
        Some(match &self.kind {
            Resignation | Timeout | IllegalMove | Checkmate | ForfeitLoss => Some(to_move.flip()),
            Declaration | FoulWin | ForfeitWin | Try => Some(to_move),
            IllegalAction { loser } => Some(loser.flip()),
            Abort | Repetition | Impasse | Draw | MaxMoves | NoMate | Matta | Error | Sealed => {
                None
            }
            // Who gave the perpetual checks depends on where the cycle closed: the replay
            // decides, the word does not.
            PerpetualCheck | Unknown => return None,
        })
    }

    /// The contract's `outcome.reason` for this ending.
    pub fn reason(&self) -> OutcomeReason {
        use EndingKind::*;
        match self.kind {
            Resignation => OutcomeReason::Resignation,
            Abort | Sealed | Matta | Error => OutcomeReason::Abort,
            Repetition => OutcomeReason::Repetition,
            PerpetualCheck => OutcomeReason::PerpetualCheck,
            Impasse => OutcomeReason::ImpassePoints,
            Declaration | Try => OutcomeReason::ImpasseDeclaration,
            Timeout => OutcomeReason::Timeout,
            IllegalMove | FoulWin | IllegalAction { .. } => OutcomeReason::Foul,
            Draw | NoMate | ForfeitWin | ForfeitLoss | Unknown => OutcomeReason::Unknown,
            MaxMoves => OutcomeReason::MaxMoves,
            Checkmate => OutcomeReason::Checkmate,
        }
    }
}
