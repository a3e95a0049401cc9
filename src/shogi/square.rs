//! Squares of the 9x9 board.
//!
//! A square is numbered `(file - 1) * 9 + (rank - 1)`: the nine squares of one file are
//! consecutive, rank 1 (USI `a`, white's back rank) first. Files run 1..=9 from black's right.

use std::fmt;

use super::color::Color;

/// One of the 81 squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of squares.
    pub const COUNT: usize = 81;

    /// The square at `file` and `rank` (both 1..=9), if they are on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// The square with index `i` (0..81).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 81 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The square with index `i`, which the caller knows is below 81.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < 81);
        Square(i as u8)
    }

    /// The index 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=9.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1..=9 (1 is white's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank as seen by `color`: 1 is the far rank (where black's pawns promote last).
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 10 - self.rank(),
        }
    }

    /// Whether the square is in `color`'s promotion zone (the three far ranks).
    #[inline]
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    /// The square rotated by 180 degrees (as seen from the other side).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// All 81 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// Parses a USI square such as `7g`.
    pub fn from_usi(s: &[u8]) -> Option<Square> {
        match s {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => Square::new(f - b'0', r - b'a' + 1),
            _ => None,
        }
    }

    /// Parses two ASCII digits, file then rank, such as CSA and KIF's `77`.
    pub fn from_digits(s: &[u8]) -> Option<Square> {
        match s {
            [f @ b'1'..=b'9', r @ b'1'..=b'9'] => Square::new(f - b'0', r - b'0'),
            _ => None,
        }
    }

    /// The USI name, such as `7g`.
    pub fn usi(self) -> [u8; 2] {
        [b'0' + self.file(), b'a' + self.rank() - 1]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.usi();
        write!(f, "{}{}", a as char, b as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_names_round_trip() {
        for sq in Square::all() {
            let name = sq.usi();
            assert_eq!(Square::from_usi(&name), Some(sq));
        }
        assert_eq!(Square::new(7, 7).unwrap().to_string(), "7g");
        assert_eq!(Square::from_usi(b"1a"), Square::new(1, 1));
        assert_eq!(Square::from_usi(b"0a"), None);
        assert_eq!(Square::from_usi(b"1j"), None);
    }

    #[test]
    fn relative_ranks_and_zones() {
        let sq = Square::new(5, 3).unwrap();
        assert!(sq.in_zone(Color::Black));
        assert!(!sq.in_zone(Color::White));
        assert_eq!(sq.relative_rank(Color::White), 7);
        assert_eq!(sq.flip(), Square::new(5, 7).unwrap());
    }
}
