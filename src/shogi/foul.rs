//! The foul taxonomy: every way a recorded move can break the rules, with the contract's
//! stable codes (`nifu`, `uchifuzume`, `dead-piece`, `self-check`, `illegal-move`,
//! `illegal-promotion`, `wrong-turn`, and for Tori Shogi `swallow-file`) and a sentence
//! saying exactly what is wrong.
//!
//! The types are generic over the piece-kind type `K` so that the small variants
//! ([`crate::variant`], with Tori Shogi's birds and Shogi 3x4's animals) share the one
//! taxonomy, codes and wording with standard shogi; `K` defaults to the standard
//! [`PieceKind`], so `Foul` alone means standard shogi's.

use std::fmt;

use super::codes::stable_codes;
use super::color::Color;
use super::piece::PieceKind;
use super::square::Square;

stable_codes! {
    /// The contract's foul codes (`docs/cli.md`, "Fouls"): those of a [`Foul`], and the two
    /// the replay of a whole game finds (perpetual check, moves after the end).
    pub enum FoulCode {
        /// A pawn dropped on a file that already holds an unpromoted pawn of the same side.
        Nifu = "nifu",
        /// A pawn (or Tori Shogi swallow) drop that checkmates at once.
        Uchifuzume = "uchifuzume",
        /// A piece left unpromoted where it can never move again.
        DeadPiece = "dead-piece",
        /// A move that leaves the mover's own king attacked.
        SelfCheck = "self-check",
        /// The piece cannot move so.
        IllegalMove = "illegal-move",
        /// A promotion the rules do not allow (or a compulsory one not made).
        IllegalPromotion = "illegal-promotion",
        /// A side moves when it is not its turn.
        WrongTurn = "wrong-turn",
        /// Fourfold repetition with one side checking at every move of the cycle.
        PerpetualCheck = "perpetual-check",
        /// Moves recorded after the game was over.
        MovesAfterEnd = "moves-after-end",
        /// Tori Shogi: a third unpromoted swallow of a side on one file.
        SwallowFile = "swallow-file",
    }
}

/// Why a move is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Foul<K = PieceKind> {
    /// A pawn dropped on a file that already holds an unpromoted pawn of the same side.
    Nifu {
        /// The drop square.
        to: Square,
        /// Where the pawn already on the file stands.
        pawn: Square,
    },
    /// A pawn drop that checkmates at once.
    Uchifuzume {
        /// The drop square.
        to: Square,
    },
    /// A pawn or lance on the last rank, or a knight on the last two, left unpromoted.
    DeadPiece {
        /// The kind moved or dropped.
        kind: K,
        /// Where it would stand.
        to: Square,
        /// Whether it was dropped (else moved without promoting).
        dropped: bool,
    },
    /// The mover's king is attacked after the move.
    SelfCheck {
        /// Whether the mover was already in check (the move ignores or fails to answer it).
        was_in_check: bool,
        /// Where the mover's king stands after the move.
        king: Square,
        /// An enemy piece that attacks it.
        attacker: Square,
        /// The kind of that piece.
        attacker_kind: K,
    },
    /// The piece cannot move so (see [`IllegalMoveReason`]).
    IllegalMove(IllegalMoveReason<K>),
    /// A promotion that the rules do not allow (see [`PromotionReason`]).
    IllegalPromotion(PromotionReason<K>),
    /// Tori Shogi: a swallow dropped on a file that already holds two unpromoted swallows of
    /// the same side.
    SwallowFile {
        /// The drop square.
        to: Square,
        /// Where the two swallows already on the file stand.
        swallows: [Square; 2],
    },
    /// A drop-mate by a kind other than the standard pawn (Tori Shogi's swallow): the same
    /// rule as [`Foul::Uchifuzume`], with the same code.
    DropMate {
        /// The kind dropped.
        kind: K,
        /// The drop square.
        to: Square,
    },
    /// A side moves when it is not its turn.
    WrongTurn {
        /// The side that moved.
        mover: Color,
    },
}

/// The concrete reason behind [`Foul::IllegalMove`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalMoveReason<K = PieceKind> {
    /// No piece on the source square.
    EmptySource {
        /// The source square.
        from: Square,
    },
    /// The piece on the source square belongs to the other side.
    OpponentPiece {
        /// The source square.
        from: Square,
        /// Its kind.
        kind: K,
    },
    /// Source and destination are the same square.
    SameSquare {
        /// The square.
        at: Square,
    },
    /// The destination holds one of the mover's own pieces.
    CaptureOwnPiece {
        /// The destination.
        to: Square,
        /// The kind standing there.
        kind: K,
    },
    /// The move captures the enemy king (only possible after a missed check).
    CapturesKing {
        /// Where the king stood.
        to: Square,
    },
    /// The piece never moves that way.
    Geometry {
        /// The kind that moved.
        kind: K,
        /// Source.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// The way is blocked by another piece.
    Blocked {
        /// The kind that moved.
        kind: K,
        /// Source.
        from: Square,
        /// Destination.
        to: Square,
        /// The first piece in the way.
        blocker: Square,
    },
    /// A drop on an occupied square.
    DropOnOccupied {
        /// The destination.
        to: Square,
    },
    /// A drop of a kind the mover does not hold.
    NotInHand {
        /// The kind dropped.
        kind: K,
    },
    /// A drop of a king or a promoted kind.
    NotDroppable {
        /// The kind dropped.
        kind: K,
    },
    /// The record states a piece kind that is not the one on the source square.
    WrongPiece {
        /// The source square.
        from: Square,
        /// What the record says moved.
        claimed: K,
        /// What stands there.
        actual: K,
    },
}

/// The concrete reason behind [`Foul::IllegalPromotion`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PromotionReason<K = PieceKind> {
    /// Golds and kings never promote.
    CannotPromote {
        /// The kind.
        kind: K,
    },
    /// The piece is promoted already.
    AlreadyPromoted {
        /// The kind.
        kind: K,
    },
    /// Neither the source nor the destination is in the mover's promotion zone.
    OutsideZone {
        /// The kind.
        kind: K,
        /// Source.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A variant where promotion is compulsory (Tori Shogi): the move starts or ends in the
    /// zone and does not promote.
    Compulsory {
        /// The kind.
        kind: K,
        /// Source.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A piece that could promote appears promoted after a move that did not allow it
    /// (a CSA/KIF move naming the promoted kind outside the zone).
    Demotion {
        /// The kind on the board.
        kind: K,
    },
}

/// What the foul messages need to know about a piece-kind type beyond its name.
pub trait FoulKind: Copy + fmt::Display {
    /// How many of the last ranks the kind may not stand on unpromoted (2 for a knight).
    fn immobile_ranks(self) -> u8;
}

impl FoulKind for PieceKind {
    fn immobile_ranks(self) -> u8 {
        if self == PieceKind::Knight {
            2
        } else {
            1
        }
    }
}

impl<K> Foul<K> {
    /// The contract's stable code.
    pub fn code(&self) -> FoulCode {
        match self {
            Foul::Nifu { .. } => FoulCode::Nifu,
            Foul::Uchifuzume { .. } => FoulCode::Uchifuzume,
            Foul::DeadPiece { .. } => FoulCode::DeadPiece,
            Foul::SelfCheck { .. } => FoulCode::SelfCheck,
            Foul::IllegalMove(_) => FoulCode::IllegalMove,
            Foul::IllegalPromotion(_) => FoulCode::IllegalPromotion,
            Foul::WrongTurn { .. } => FoulCode::WrongTurn,
            Foul::SwallowFile { .. } => FoulCode::SwallowFile,
            Foul::DropMate { .. } => FoulCode::Uchifuzume,
        }
    }

    /// Whether the move can still be carried out (so a replay can go on after reporting it).
    /// Moves from an empty square, of an enemy piece, onto an own piece or the enemy king,
    /// and drops of pieces not held or onto occupied squares cannot.
    pub fn is_playable(&self) -> bool {
        match self {
            Foul::IllegalMove(r) => matches!(
                r,
                IllegalMoveReason::Geometry { .. }
                    | IllegalMoveReason::Blocked { .. }
                    | IllegalMoveReason::WrongPiece { .. }
            ),
            _ => true,
        }
    }
}

impl<K: FoulKind> fmt::Display for Foul<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Foul::Nifu { to, pawn } => write!(
                f,
                "pawn dropped on {to}, but file {} already holds an unpromoted pawn of the same side on {pawn} (two pawns on a file)",
                to.file()
            ),
            Foul::Uchifuzume { to } => {
                write!(f, "the pawn drop on {to} checkmates at once (pawn-drop mate)")
            }
            Foul::DeadPiece { kind, to, dropped } => {
                let verb = if *dropped { "dropped on" } else { "moved unpromoted to" };
                let rank = if kind.immobile_ranks() == 2 {
                    "the last two ranks"
                } else {
                    "the last rank"
                };
                write!(
                    f,
                    "a {kind} {verb} {to} could never move again (a {kind} may not stand unpromoted on {rank})"
                )
            }
            Foul::SelfCheck {
                was_in_check,
                king,
                attacker,
                attacker_kind,
            } => {
                if *was_in_check {
                    write!(
                        f,
                        "the move does not answer the check: the king on {king} is still attacked by the {attacker_kind} on {attacker}"
                    )
                } else {
                    write!(
                        f,
                        "the move leaves the king on {king} in check from the {attacker_kind} on {attacker}"
                    )
                }
            }
            Foul::SwallowFile { to, swallows } => write!(
                f,
                "swallow dropped on {to}, but file {} already holds two unpromoted swallows of the same side, on {} and {} (at most two swallows on a file)",
                to.file(),
                swallows[0],
                swallows[1]
            ),
            Foul::DropMate { kind, to } => {
                write!(f, "the {kind} drop on {to} checkmates at once ({kind}-drop mate)")
            }
            Foul::IllegalMove(r) => write!(f, "{r}"),
            Foul::IllegalPromotion(r) => write!(f, "{r}"),
            Foul::WrongTurn { mover } => write!(
                f,
                "{mover} moves, but it is {}'s turn",
                mover.flip()
            ),
        }
    }
}

impl<K: fmt::Display> fmt::Display for IllegalMoveReason<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMoveReason::*;
        match self {
            EmptySource { from } => write!(f, "there is no piece on {from} to move"),
            OpponentPiece { from, kind } => {
                write!(f, "the {kind} on {from} belongs to the other side")
            }
            SameSquare { at } => write!(f, "the move starts and ends on {at}"),
            CaptureOwnPiece { to, kind } => {
                write!(f, "the move captures the mover's own {kind} on {to}")
            }
            CapturesKing { to } => write!(f, "the move captures the king on {to}"),
            Geometry { kind, from, to } => write!(f, "a {kind} cannot move from {from} to {to}"),
            Blocked {
                kind,
                from,
                to,
                blocker,
            } => write!(
                f,
                "the {kind} cannot move from {from} to {to}: the piece on {blocker} is in the way"
            ),
            DropOnOccupied { to } => write!(f, "a piece is dropped on {to}, which is occupied"),
            NotInHand { kind } => write!(f, "a {kind} is dropped, but the mover holds none"),
            NotDroppable { kind } => write!(f, "a {kind} cannot be dropped"),
            WrongPiece {
                from,
                claimed,
                actual,
            } => write!(
                f,
                "the record moves a {claimed} from {from}, but a {actual} stands there"
            ),
        }
    }
}

impl<K: fmt::Display> fmt::Display for PromotionReason<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PromotionReason::CannotPromote { kind } => write!(f, "a {kind} cannot promote"),
            PromotionReason::AlreadyPromoted { kind } => {
                write!(f, "the {kind} is promoted already")
            }
            PromotionReason::OutsideZone { kind, from, to } => write!(
                f,
                "the {kind} promotes moving from {from} to {to}, but neither square is in the promotion zone"
            ),
            PromotionReason::Compulsory { kind, from, to } => write!(
                f,
                "the {kind} moves from {from} to {to} without promoting, but promotion is compulsory in the zone"
            ),
            PromotionReason::Demotion { kind } => {
                write!(f, "a promoted {kind} cannot become unpromoted")
            }
        }
    }
}
