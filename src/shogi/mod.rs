//! The rules core: no I/O and no record formats, only shogi.
//!
//! [`Setup`] is a position as written (SFEN, a board diagram); [`Position`] is one the rules
//! can play in: legal move generation, check and mate, [`Position::diagnose`] for why any move
//! is illegal, and [`Game`] for repetition and perpetual check.
//!
//! ```
//! use shogi_tool::shogi::{Move, Position};
//! let mut pos = Position::startpos();
//! pos.play(Move::from_usi("7g7f").unwrap()).unwrap();
//! let foul = pos.diagnose(Move::from_usi("7g7f").unwrap()).unwrap_err();
//! assert_eq!(foul.code(), "illegal-move");
//! assert_eq!(pos.legal_moves().len(), 30);
//! ```

pub mod attacks;
mod bitboard;
pub(crate) mod codes;
mod color;
mod decimal;
pub mod entering_king;
mod foul;
mod game;
mod hand;
mod handicap;
mod legality;
mod movegen;
mod mv;
pub mod perft;
mod piece;
mod position;
pub mod rules;
mod setup;
mod sfen_write;
mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::{ByColor, Color};
pub use decimal::DecimalText;
pub use entering_king::{
    judge_declaration, Condition, ImpasseScore, Rule, RuleResult, SideScore, Verdict,
};
pub use foul::{Foul, FoulCode, FoulKind, IllegalMoveReason, PromotionReason};
pub use game::{Game, Played, Repetition};
pub use hand::Hand;
pub use handicap::Handicap;
pub use movegen::{MoveList, MAX_MOVES};
pub use mv::{Move, UsiMoveError};
pub use piece::{Piece, PieceKind};
pub use position::{is_dead_square, set_count, Position, PositionError, SetupProblem};
pub use rules::{MoveShape, Outcome, Rules};
pub use setup::{Setup, SfenError, SfenField, STARTPOS_SFEN};
pub use sfen_write::SfenWriter;
pub use square::Square;
