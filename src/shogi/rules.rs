//! [`Rules`]: the one interface of a position the rules can play in, implemented by the
//! standard core ([`Position`]) and by the smaller variants' generic core
//! (`crate::variant::VPosition`, in `variant/rules_impl.rs`).
//!
//! Perft ([`super::perft`]) and the views of a position (legal moves, drops, the board) are
//! written once over this trait. Everything generic over it is monomorphised: the standard
//! core's hot loops call its own inherent methods with no dynamic dispatch (the trait's
//! methods are thin `#[inline]` forwards). Modelled on shakmaty's `Position` trait, with the
//! kind and move types associated, since this layer knows neither the variants' kinds nor
//! their moves.

use std::fmt;

use super::color::Color;
use super::foul::{Foul, FoulKind};
use super::movegen::MoveList;
use super::piece::PieceKind;
use super::position::{Position, PositionError};
use super::square::Square;
use super::Move;

/// A move taken apart: a board move or a drop, over the kind type `K` of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveShape<K> {
    /// A piece moves from `from` to `to`, promoting when `promote` is set.
    Board {
        /// Source.
        from: Square,
        /// Destination.
        to: Square,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A piece of `kind` is dropped from the hand onto `to`.
    Drop {
        /// The kind dropped.
        kind: K,
        /// Destination.
        to: Square,
    },
}

impl<K> MoveShape<K> {
    /// The destination.
    pub fn to(&self) -> Square {
        match *self {
            MoveShape::Board { to, .. } | MoveShape::Drop { to, .. } => to,
        }
    }

    /// The source, for a board move.
    pub fn from(&self) -> Option<Square> {
        match *self {
            MoveShape::Board { from, .. } => Some(from),
            MoveShape::Drop { .. } => None,
        }
    }

    /// Whether the move promotes.
    pub fn promotes(&self) -> bool {
        matches!(self, MoveShape::Board { promote: true, .. })
    }
}

/// Why a game is over at a position, before the side to move moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is in check and has no legal move: `winner` mated it.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: it loses.
    NoLegalMove {
        /// The other side.
        winner: Color,
    },
    /// Shogi 3x4: the side that just moved has its lion on its far rank.
    Campmate {
        /// That side.
        winner: Color,
    },
}

impl Outcome {
    /// The side that won.
    pub fn winner(self) -> Color {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::NoLegalMove { winner }
            | Outcome::Campmate { winner } => winner,
        }
    }
}

/// A position of a game of the shogi family: what perft, replay and the views need of it.
pub trait Rules: Clone {
    /// The piece kinds of the game.
    type Kind: FoulKind + Copy + Eq + fmt::Debug + 'static;
    /// Its moves.
    type Move: Copy + Eq + fmt::Debug + 'static;
    /// A list of moves (the standard core's never allocates).
    type MoveList: Default + std::ops::Deref<Target = [Self::Move]>;
    /// Why a position could not be set up from an SFEN.
    type SfenError: fmt::Display;

    /// The position an SFEN describes (the variant, where there are several, read off the
    /// board's size).
    fn from_sfen(sfen: &str) -> Result<Self, Self::SfenError>;
    /// The SFEN of the position.
    fn to_sfen(&self) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// The board's files and ranks (9 and 9 in standard shogi).
    fn board_size(&self) -> (u8, u8);
    /// The piece on `sq`: its owner and kind.
    fn piece_on(&self, sq: Square) -> Option<(Color, Self::Kind)>;
    /// The kinds a hand may hold, in the order SFEN writes hands.
    fn hand_kinds(&self) -> &'static [Self::Kind];
    /// How many pieces of `kind` `color` holds.
    fn hand_count(&self, color: Color, kind: Self::Kind) -> u8;

    /// Replaces `out` with every legal move of the side to move, in generation order.
    fn legal_moves_into(&self, out: &mut Self::MoveList);
    /// The number of legal moves (counted without listing them where the core can).
    fn count_legal_moves(&self) -> u64 {
        let mut list = Self::MoveList::default();
        self.legal_moves_into(&mut list);
        list.len() as u64
    }
    /// The number of legal moves, each made (and the position's key taken) rather than
    /// counted: the explicit last ply of `perft --no-bulk`.
    fn count_legal_moves_made(&self) -> u64 {
        let mut list = Self::MoveList::default();
        self.legal_moves_into(&mut list);
        for &m in list.iter() {
            let mut child = self.clone();
            child.play_unchecked(m);
            std::hint::black_box(child.repetition_key());
        }
        list.len() as u64
    }
    /// Makes `m`, which must be legal.
    fn play_unchecked(&mut self, m: Self::Move);
    /// Why `m` is not legal for the side to move, or `Ok`.
    fn diagnose(&self, m: Self::Move) -> Result<(), Foul<Self::Kind>>;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// A 64-bit key of the board, hands and side to move, equal for repeated positions.
    fn repetition_key(&self) -> u64;
    /// Why the game is over at this position, if it is.
    fn outcome(&self) -> Option<Outcome>;

    /// The move taken apart.
    fn shape(m: Self::Move) -> MoveShape<Self::Kind>;
    /// The move put together.
    fn from_shape(shape: MoveShape<Self::Kind>) -> Self::Move;
    /// The USI text of a move.
    fn move_usi(&self, m: Self::Move) -> String;
}

impl Rules for Position {
    type Kind = PieceKind;
    type Move = Move;
    type MoveList = MoveList;
    type SfenError = PositionError;

    fn from_sfen(sfen: &str) -> Result<Position, PositionError> {
        Position::from_sfen(sfen)
    }
    fn to_sfen(&self) -> String {
        Position::to_sfen(self)
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
    fn board_size(&self) -> (u8, u8) {
        (9, 9)
    }
    #[inline]
    fn piece_on(&self, sq: Square) -> Option<(Color, PieceKind)> {
        self.piece_at(sq).map(|p| (p.color, p.kind))
    }
    fn hand_kinds(&self) -> &'static [PieceKind] {
        &PieceKind::HAND
    }
    fn hand_count(&self, color: Color, kind: PieceKind) -> u8 {
        self.hand(color).count(kind)
    }
    #[inline]
    fn legal_moves_into(&self, out: &mut MoveList) {
        *out = self.legal_moves();
    }
    #[inline]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }
    fn count_legal_moves_made(&self) -> u64 {
        // Make and take back each leaf move in place rather than copying the position.
        let mut leaf = self.clone();
        let moves = self.legal_moves();
        for &m in &moves {
            let undo = leaf.do_move(m);
            std::hint::black_box(leaf.key());
            leaf.undo_move(m, undo);
        }
        moves.len() as u64
    }
    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m)
    }
    fn diagnose(&self, m: Move) -> Result<(), Foul> {
        Position::diagnose(self, m)
    }
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn repetition_key(&self) -> u64 {
        self.key()
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_moves() {
            return None;
        }
        let winner = Position::side_to_move(self).flip();
        Some(if Position::in_check(self) {
            Outcome::Checkmate { winner }
        } else {
            Outcome::NoLegalMove { winner }
        })
    }
    #[inline]
    fn shape(m: Move) -> MoveShape<PieceKind> {
        match m {
            Move::Normal { from, to, promote } => MoveShape::Board { from, to, promote },
            Move::Drop { kind, to } => MoveShape::Drop { kind, to },
        }
    }
    #[inline]
    fn from_shape(shape: MoveShape<PieceKind>) -> Move {
        match shape {
            MoveShape::Board { from, to, promote } => Move::Normal { from, to, promote },
            MoveShape::Drop { kind, to } => Move::Drop { kind, to },
        }
    }
    fn move_usi(&self, m: Move) -> String {
        m.to_usi()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_core_answers_through_the_trait() {
        let pos = <Position as Rules>::from_sfen("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1").unwrap();
        assert_eq!(
            Rules::outcome(&pos),
            Some(Outcome::Checkmate {
                winner: Color::Black
            })
        );
        let start = Position::startpos();
        assert_eq!(Rules::outcome(&start), None);
        assert_eq!(Rules::count_legal_moves(&start), 30);
        assert_eq!(start.count_legal_moves_made(), 30);
        let m = Move::from_usi("P*5e").unwrap();
        assert_eq!(Position::from_shape(Position::shape(m)), m);
        assert_eq!(start.board_size(), (9, 9));
        assert_eq!(
            start.piece_on(Square::new(5, 9).unwrap()),
            Some((Color::Black, PieceKind::King))
        );
    }
}
