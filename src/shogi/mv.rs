//! Moves, independent of any position, equivalent to USI notation.

use std::fmt;

use super::piece::PieceKind;
use super::square::Square;

/// A move: a board move (with or without promotion) or a drop from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from `from` to `to`, promoting when `promote` is set.
    Normal {
        /// Source square.
        from: Square,
        /// Destination square.
        to: Square,
        /// Whether the piece promotes on this move.
        promote: bool,
    },
    /// A piece of `kind` is dropped from the hand onto `to`.
    Drop {
        /// The kind dropped (an unpromoted hand kind in a legal move).
        kind: PieceKind,
        /// Destination square.
        to: Square,
    },
}

/// Why a USI move string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid USI move `{text}` at byte {byte}: {expected}")]
pub struct UsiMoveError {
    /// The text that was read.
    pub text: String,
    /// The byte offset in `text` where it went wrong.
    pub byte: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl Move {
    /// The destination square.
    #[inline]
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The source square of a board move.
    #[inline]
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move promotes.
    #[inline]
    pub fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }

    /// Whether the move is a drop.
    #[inline]
    pub fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// Parses USI notation: `7g7f`, `8h2b+`, `P*5e`.
    pub fn from_usi(s: &str) -> Result<Move, UsiMoveError> {
        let b = s.as_bytes();
        let err = |byte: usize, expected: &'static str| UsiMoveError {
            text: s.to_string(),
            byte,
            expected,
        };
        if b.len() >= 2 && b[1] == b'*' {
            let kind = PieceKind::from_letter(b[0])
                .filter(|k| k.is_hand_kind() && b[0].is_ascii_uppercase())
                .ok_or_else(|| err(0, "an upper-case piece letter P, L, N, S, G, B or R"))?;
            let to = b
                .get(2..4)
                .and_then(Square::from_usi)
                .ok_or_else(|| err(2, "a square such as 5e"))?;
            if b.len() > 4 {
                return Err(err(4, "the end of the move"));
            }
            return Ok(Move::Drop { kind, to });
        }
        let from = b
            .get(0..2)
            .and_then(Square::from_usi)
            .ok_or_else(|| err(0, "a square such as 7g, or a drop such as P*5e"))?;
        let to = b
            .get(2..4)
            .and_then(Square::from_usi)
            .ok_or_else(|| err(2, "a square such as 7f"))?;
        let promote = match &b[4..] {
            [] => false,
            [b'+'] => true,
            _ => return Err(err(4, "`+` or the end of the move")),
        };
        Ok(Move::Normal { from, to, promote })
    }

    /// The move in USI notation.
    pub fn to_usi(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { kind, to } => write!(f, "{}*{to}", kind.base_letter() as char),
        }
    }
}

impl std::str::FromStr for Move {
    type Err = UsiMoveError;
    fn from_str(s: &str) -> Result<Move, UsiMoveError> {
        Move::from_usi(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_round_trips() {
        for s in ["7g7f", "8h2b+", "P*5e", "R*1a", "1i1a"] {
            assert_eq!(Move::from_usi(s).unwrap().to_usi(), s);
        }
    }

    #[test]
    fn usi_errors_name_the_byte() {
        assert_eq!(Move::from_usi("7g7").unwrap_err().byte, 2);
        assert_eq!(Move::from_usi("K*5e").unwrap_err().byte, 0);
        assert_eq!(Move::from_usi("p*5e").unwrap_err().byte, 0);
        assert_eq!(Move::from_usi("7g7f=").unwrap_err().byte, 4);
        assert_eq!(Move::from_usi("P*5e5").unwrap_err().byte, 4);
        assert_eq!(Move::from_usi("").unwrap_err().byte, 0);
        assert_eq!(Move::from_usi("７g").unwrap_err().byte, 0);
    }
}
