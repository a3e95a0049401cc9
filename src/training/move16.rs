//! The 16-bit moves of the two formats.
//!
//! Both put the destination square in bits 0..7 and the origin in bits 7..14 (square
//! indexes: 1a = 0, 1b = 1, ..., 9i = 80). cshogi's (`bestMove16` of `.hcpe`, Apery's
//! move) marks a promotion with bit 14 and writes a drop's origin as 80 + the piece type;
//! YaneuraOu's (`move` of `.psv`) marks a drop with bit 14, a promotion with bit 15, and
//! writes a drop's origin as the piece type. The piece types of both are pawn 1, lance 2,
//! knight 3, silver 4, bishop 5, rook 6, gold 7.

use crate::shogi::{Move, PieceKind, Square};

/// The 16-bit move encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move16 {
    /// cshogi's (`cshogi.move16`).
    Cshogi,
    /// YaneuraOu's (`cshogi.move16_to_psv`).
    YaneuraOu,
}

/// The piece type of a dropped kind (1..=7), if it can be dropped.
fn drop_type(kind: PieceKind) -> Option<u16> {
    Some(match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 2,
        PieceKind::Knight => 3,
        PieceKind::Silver => 4,
        PieceKind::Bishop => 5,
        PieceKind::Rook => 6,
        PieceKind::Gold => 7,
        _ => return None,
    })
}

/// The kind of a drop's piece type.
fn drop_kind(t: u16) -> Option<PieceKind> {
    Some(match t {
        1 => PieceKind::Pawn,
        2 => PieceKind::Lance,
        3 => PieceKind::Knight,
        4 => PieceKind::Silver,
        5 => PieceKind::Bishop,
        6 => PieceKind::Rook,
        7 => PieceKind::Gold,
        _ => return None,
    })
}

impl Move16 {
    /// The 16 bits of `mv`; `None` for a drop of a kind that cannot be dropped.
    pub fn encode(self, mv: Move) -> Option<u16> {
        Some(match (self, mv) {
            (Move16::Cshogi, Move::Normal { from, to, promote }) => {
                to.index() as u16 | (from.index() as u16) << 7 | u16::from(promote) << 14
            }
            (Move16::Cshogi, Move::Drop { kind, to }) => {
                to.index() as u16 | (80 + drop_type(kind)?) << 7
            }
            (Move16::YaneuraOu, Move::Normal { from, to, promote }) => {
                to.index() as u16 | (from.index() as u16) << 7 | u16::from(promote) << 15
            }
            (Move16::YaneuraOu, Move::Drop { kind, to }) => {
                to.index() as u16 | drop_type(kind)? << 7 | 1 << 14
            }
        })
    }

    /// The move of 16 bits; `None` when they are no move (a square past 80, a drop type
    /// out of range, a promoting drop, or the move from a square to itself).
    pub fn decode(self, bits: u16) -> Option<Move> {
        let to = Square::from_index(usize::from(bits & 0x7f))?;
        let from = (bits >> 7) & 0x7f;
        let (drop, promote) = match self {
            Move16::Cshogi => (from >= 81, bits & (1 << 14) != 0),
            Move16::YaneuraOu => (bits & (1 << 14) != 0, bits & (1 << 15) != 0),
        };
        if bits & (1 << 15) != 0 && self == Move16::Cshogi {
            return None;
        }
        if drop {
            if promote {
                return None;
            }
            let t = match self {
                Move16::Cshogi => from - 80,
                Move16::YaneuraOu => from,
            };
            return Some(Move::Drop {
                kind: drop_kind(t)?,
                to,
            });
        }
        let from = Square::from_index(usize::from(from))?;
        (from != to).then_some(Move::Normal { from, to, promote })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usi(s: &str) -> Move {
        Move::from_usi(s).unwrap()
    }

    #[test]
    fn moves_encode_as_cshogi_writes_them() {
        // cshogi 1.1.0: move16(board.move_from_usi(...)) and move16_to_psv of that.
        let cases: &[(&str, u16, u16)] = &[
            ("7g7f", 7739, 7739),    // 59 | 60 << 7
            ("8h2b+", 25354, 41738), // 10 | 70 << 7, bit 14 / bit 15
            ("P*5e", 10408, 16552),  // 40 | 81 << 7; 40 | 1 << 7 | 1 << 14
            ("G*2a", 11145, 17289),  // gold: type 7
            ("R*9h", 11087, 17231),  // rook: type 6, to 79
        ];
        for &(m, cshogi, psv) in cases {
            assert_eq!(Move16::Cshogi.encode(usi(m)), Some(cshogi), "{m}");
            assert_eq!(Move16::YaneuraOu.encode(usi(m)), Some(psv), "{m}");
            assert_eq!(Move16::Cshogi.decode(cshogi), Some(usi(m)), "{m}");
            assert_eq!(Move16::YaneuraOu.decode(psv), Some(usi(m)), "{m}");
        }
    }

    #[test]
    fn bits_that_are_no_move_decode_to_none() {
        assert_eq!(Move16::Cshogi.decode(0), None); // 1a to 1a
        assert_eq!(Move16::Cshogi.decode(81), None); // to square 81
        assert_eq!(Move16::Cshogi.decode(88 << 7), None); // drop type 8
        assert_eq!(Move16::YaneuraOu.decode(1 << 14 | 1 << 15 | 1 << 7), None);
        assert_eq!(Move16::Cshogi.decode(1 << 15 | 1 << 7), None);
        let king = Move::Drop {
            kind: PieceKind::King,
            to: Square::new(5, 5).unwrap(),
        };
        assert_eq!(Move16::Cshogi.encode(king), None);
    }
}
