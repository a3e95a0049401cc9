//! Zobrist keys: one random 64-bit number per (colour, kind, square), per hand piece and for
//! the side to move, generated at compile time from a fixed seed so keys are stable across runs.

use super::color::Color;
use super::piece::PieceKind;
use super::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

struct Keys {
    board: [[[u64; 81]; 14]; 2],
    hand: [[u64; 7]; 2],
    side: u64,
}

const fn make_keys() -> Keys {
    let mut k = Keys {
        board: [[[0; 81]; 14]; 2],
        hand: [[0; 7]; 2],
        side: 0,
    };
    let mut state = 0x5348_4F47_4954_4F4Fu64; // "SHOGITOO"
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 14 {
            let mut s = 0;
            while s < 81 {
                let (ns, v) = splitmix(state);
                state = ns;
                k.board[c][p][s] = v;
                s += 1;
            }
            p += 1;
        }
        let mut h = 0;
        while h < 7 {
            let (ns, v) = splitmix(state);
            state = ns;
            k.hand[c][h] = v;
            h += 1;
        }
        c += 1;
    }
    let (_, v) = splitmix(state);
    k.side = v;
    k
}

static KEYS: Keys = make_keys();

/// The key of a piece of `kind` and colour `c` on `sq`.
#[inline]
pub fn piece(c: Color, kind: PieceKind, sq: Square) -> u64 {
    KEYS.board[c.index()][kind.index()][sq.index()]
}

/// The key added once per piece of `kind` in `c`'s hand (hand keys are summed, so a count of
/// n contributes n times this number).
#[inline]
pub fn hand(c: Color, kind: PieceKind) -> u64 {
    KEYS.hand[c.index()][kind.unpromote().index()]
}

/// The key xored in when white is to move.
#[inline]
pub fn white_to_move() -> u64 {
    KEYS.side
}
