//! The SFEN of a [`Position`] written straight onto a caller's buffer: no string per piece and
//! no `format!`, so that `positions` costs little more than the replay (issue 34). The text is
//! byte for byte the one [`Setup::to_sfen`](super::Setup::to_sfen) builds.

use super::color::Color;
use super::position::Position;
use super::square::Square;

/// Each kind's letter (upper case), by kind index; indices from 8 on are promoted (`+`).
const LETTERS: &[u8; 14] = b"PLNSGBRKPLNSBR";

/// The first promoted kind index.
const FIRST_PROMOTED: usize = 8;

/// The longest SFEN: 81 promoted pieces and 8 slashes, the side, 14 hand kinds of up to 255
/// (three digits and a letter each), a space and a 10-digit move number.
const MAX_SFEN: usize = 170 + 3 + 14 * 4 + 1 + 10;

impl Position {
    /// Appends the SFEN of the position (`board side hand move-number`) to `out`.
    pub fn write_sfen(&self, out: &mut String) {
        // Written as bytes into a buffer on the stack, then appended at once: one copy.
        let mut buf = [0u8; MAX_SFEN];
        let mut n = 0;
        for rank in 0..9u8 {
            let mut empty = 0u8;
            for file in (0..9u8).rev() {
                let sq = Square::from_index_unchecked((file * 9 + rank) as usize);
                if let Some(p) = self.piece_at(sq) {
                    if empty > 0 {
                        buf[n] = b'0' + empty;
                        n += 1;
                        empty = 0;
                    }
                    let k = p.kind.index();
                    if k >= FIRST_PROMOTED {
                        buf[n] = b'+';
                        n += 1;
                    }
                    buf[n] = letter(LETTERS[k], p.color);
                    n += 1;
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                buf[n] = b'0' + empty;
                n += 1;
            }
            buf[n] = b'/';
            n += 1;
        }
        // The last rank's `/` becomes the space before the side.
        buf[n - 1] = b' ';
        buf[n] = match self.side_to_move() {
            Color::Black => b'b',
            Color::White => b'w',
        };
        buf[n + 1] = b' ';
        n += 2;
        let before = n;
        for color in Color::ALL {
            for (kind, count) in self.hand(color).iter() {
                if count > 1 {
                    n = push_number(&mut buf, n, u32::from(count));
                }
                buf[n] = letter(LETTERS[kind.index()], color);
                n += 1;
            }
        }
        if n == before {
            buf[n] = b'-';
            n += 1;
        }
        buf[n] = b' ';
        n = push_number(&mut buf, n + 1, self.move_number());
        out.push_str(std::str::from_utf8(&buf[..n]).expect("an SFEN is ASCII"));
    }
}

/// `upper` as `color` writes it (lower case for white).
#[inline]
fn letter(upper: u8, color: Color) -> u8 {
    match color {
        Color::Black => upper,
        Color::White => upper.to_ascii_lowercase(),
    }
}

/// Writes the decimal digits of `value` at `buf[n..]`; returns the end.
fn push_number(buf: &mut [u8; MAX_SFEN], n: usize, mut value: u32) -> usize {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    let len = digits.len() - i;
    buf[n..n + len].copy_from_slice(&digits[i..]);
    n + len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{Move, Setup};
    use proptest::prelude::*;

    /// The SFEN the setup's formatting writes, the reference the fast writer must equal.
    fn old_sfen(pos: &Position) -> String {
        pos.to_setup().to_sfen()
    }

    fn written(pos: &Position) -> String {
        let mut s = String::from("prefix\t");
        pos.write_sfen(&mut s);
        s.split_off("prefix\t".len())
    }

    #[test]
    fn start_position_and_a_hand_with_counts() {
        let start = Position::startpos();
        assert_eq!(written(&start), crate::shogi::STARTPOS_SFEN);
        let sfen = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b 2B18p 123";
        let setup = Setup::from_sfen(sfen).unwrap();
        let pos = Position::from_setup(&setup).unwrap();
        assert_eq!(written(&pos), sfen);
        assert_eq!(written(&pos), old_sfen(&pos));
    }

    #[test]
    fn the_longest_fields_fit_the_buffer() {
        // Every square a promoted piece, both hands full, the largest move number.
        let mut setup = Setup::from_sfen(crate::shogi::STARTPOS_SFEN).unwrap();
        for i in 0..81 {
            setup.board[i] = Some(crate::shogi::Piece::new(
                if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
                crate::shogi::PieceKind::Dragon,
            ));
        }
        for kind in crate::shogi::PieceKind::HAND {
            setup.hands.black.set(kind, 255);
            setup.hands.white.set(kind, 255);
        }
        setup.move_number = u32::MAX;
        let pos = Position::from_setup(&setup).unwrap();
        assert_eq!(written(&pos), setup.to_sfen());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// On positions of random games (promotions, captures, drops, both sides' hands, move
        /// numbers past 9 and 99): the fast writer equals the old formatting and reads back.
        #[test]
        fn fast_sfen_equals_the_old_and_reads_back(seed in any::<u64>(), plies in 0usize..240) {
            let mut pos = Position::startpos();
            let mut state = seed | 1;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mv: Move = moves[(state % moves.len() as u64) as usize];
                pos.play(mv).unwrap();
                let fast = written(&pos);
                prop_assert_eq!(&fast, &old_sfen(&pos));
                let back = Setup::from_sfen(&fast).unwrap();
                prop_assert_eq!(back, pos.to_setup());
            }
        }
    }
}
