//! The two sides of a shogi game, and a pair of values indexed by side.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side: black (sente, moves first in an even game) or white (gote).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Sente (先手, ☗, 下手 in handicap games).
    Black = 0,
    /// Gote (後手, ☖, 上手 in handicap games).
    White = 1,
}

impl Color {
    /// Both colours, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The contract's name: `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The colour whose index is `i & 1`.
    #[inline]
    pub const fn from_index(i: usize) -> Color {
        if i & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each side, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds a pair by calling `f` for black, then white.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// The value for `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value for `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        self.get_mut(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_is_an_involution() {
        for c in Color::ALL {
            assert_eq!(!!c, c);
            assert_ne!(!c, c);
        }
    }

    #[test]
    fn by_color_indexes_each_side() {
        let mut pair = ByColor::new_with(|c| c.index() * 10);
        assert_eq!(pair[Color::White], 10);
        pair[Color::Black] = 5;
        assert_eq!(pair.black, 5);
    }
}
