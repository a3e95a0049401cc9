//! Attack tables and sliding-piece attacks.
//!
//! Step attacks come from tables built at compile time. Sliding attacks use one ray mask per
//! square and direction: the nearest blocker on a ray is its lowest set bit when the ray runs
//! towards higher indices and its highest set bit otherwise, and the attack set is the ray minus
//! the ray continuing from the blocker.

use super::bitboard::Bitboard;
use super::color::Color;
use super::piece::PieceKind;
use super::square::Square;

/// Direction as (file delta, rank delta); rank delta -1 is "forward" for black.
type Delta = (i8, i8);

const PAWN_D: [Delta; 1] = [(0, -1)];
const KNIGHT_D: [Delta; 2] = [(1, -2), (-1, -2)];
const SILVER_D: [Delta; 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_D: [Delta; 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_D: [Delta; 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const fn bit(file: i8, rank: i8) -> u128 {
    1u128 << ((file - 1) as u32 * 9 + (rank - 1) as u32)
}

const fn on_board(file: i8, rank: i8) -> bool {
    file >= 1 && file <= 9 && rank >= 1 && rank <= 9
}

const fn step_table(deltas: &[Delta], white: bool) -> [Bitboard; 81] {
    let mut t = [Bitboard(0); 81];
    let mut sq = 0;
    while sq < 81 {
        let f = (sq / 9 + 1) as i8;
        let r = (sq % 9 + 1) as i8;
        let mut bb = 0u128;
        let mut i = 0;
        while i < deltas.len() {
            let (df, dr) = deltas[i];
            let dr = if white { -dr } else { dr };
            if on_board(f + df, r + dr) {
                bb |= bit(f + df, r + dr);
            }
            i += 1;
        }
        t[sq] = Bitboard(bb);
        sq += 1;
    }
    t
}

/// The eight ray directions; the first four run towards higher square indices.
const RAY_D: [Delta; 8] = [
    (0, 1),   // 0: towards rank 9 (+1)
    (1, 0),   // 1: towards file 9 (+9)
    (1, -1),  // 2: +8
    (1, 1),   // 3: +10
    (0, -1),  // 4: towards rank 1 (-1)
    (-1, 0),  // 5: towards file 1 (-9)
    (-1, 1),  // 6: -8
    (-1, -1), // 7: -10
];

const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut t = [[Bitboard(0); 81]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = RAY_D[d];
        let mut sq = 0;
        while sq < 81 {
            let mut f = (sq / 9 + 1) as i8 + df;
            let mut r = (sq % 9 + 1) as i8 + dr;
            let mut bb = 0u128;
            while on_board(f, r) {
                bb |= bit(f, r);
                f += df;
                r += dr;
            }
            t[d][sq] = Bitboard(bb);
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn sign(x: i8) -> i8 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// (between, line) tables: squares strictly between two aligned squares, and the whole line
/// through them.
const fn line_tables() -> ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) {
    let mut between = [[Bitboard(0); 81]; 81];
    let mut line = [[Bitboard(0); 81]; 81];
    let mut a = 0;
    while a < 81 {
        let fa = (a / 9 + 1) as i8;
        let ra = (a % 9 + 1) as i8;
        let mut b = 0;
        while b < 81 {
            let fb = (b / 9 + 1) as i8;
            let rb = (b % 9 + 1) as i8;
            let dfa = fb - fa;
            let dra = rb - ra;
            let aligned = a != b && (dfa == 0 || dra == 0 || dfa == dra || dfa == -dra);
            if aligned {
                let df = sign(dfa);
                let dr = sign(dra);
                let mut f = fa + df;
                let mut r = ra + dr;
                let mut bb = 0u128;
                while f != fb || r != rb {
                    bb |= bit(f, r);
                    f += df;
                    r += dr;
                }
                between[a][b] = Bitboard(bb);
                let mut l = bit(fa, ra);
                let mut f = fa + df;
                let mut r = ra + dr;
                while on_board(f, r) {
                    l |= bit(f, r);
                    f += df;
                    r += dr;
                }
                let mut f = fa - df;
                let mut r = ra - dr;
                while on_board(f, r) {
                    l |= bit(f, r);
                    f -= df;
                    r -= dr;
                }
                line[a][b] = Bitboard(l);
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static PAWN: [[Bitboard; 81]; 2] = [step_table(&PAWN_D, false), step_table(&PAWN_D, true)];
static KNIGHT: [[Bitboard; 81]; 2] = [step_table(&KNIGHT_D, false), step_table(&KNIGHT_D, true)];
static SILVER: [[Bitboard; 81]; 2] = [step_table(&SILVER_D, false), step_table(&SILVER_D, true)];
static GOLD: [[Bitboard; 81]; 2] = [step_table(&GOLD_D, false), step_table(&GOLD_D, true)];
static KING: [Bitboard; 81] = step_table(&KING_D, false);
static RAYS: [[Bitboard; 81]; 8] = ray_table();
static LINES: ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) = line_tables();

/// Squares a pawn of `c` on `sq` attacks.
#[inline]
pub fn pawn(c: Color, sq: Square) -> Bitboard {
    PAWN[c.index()][sq.index()]
}

/// Squares a knight of `c` on `sq` attacks.
#[inline]
pub fn knight(c: Color, sq: Square) -> Bitboard {
    KNIGHT[c.index()][sq.index()]
}

/// Squares a silver of `c` on `sq` attacks.
#[inline]
pub fn silver(c: Color, sq: Square) -> Bitboard {
    SILVER[c.index()][sq.index()]
}

/// Squares a gold (or a piece moving like one) of `c` on `sq` attacks.
#[inline]
pub fn gold(c: Color, sq: Square) -> Bitboard {
    GOLD[c.index()][sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

#[inline]
fn ray_up(d: usize, sq: Square, occ: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occ;
    if blockers.is_empty() {
        ray
    } else {
        ray ^ RAYS[d][blockers.lsb().index()]
    }
}

#[inline]
fn ray_down(d: usize, sq: Square, occ: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occ;
    if blockers.is_empty() {
        ray
    } else {
        ray ^ RAYS[d][blockers.msb().index()]
    }
}

/// Squares a lance of `c` on `sq` attacks, given the occupied squares.
#[inline]
pub fn lance(c: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match c {
        Color::Black => ray_down(4, sq, occ),
        Color::White => ray_up(0, sq, occ),
    }
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    ray_up(2, sq, occ) | ray_up(3, sq, occ) | ray_down(6, sq, occ) | ray_down(7, sq, occ)
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    ray_up(0, sq, occ) | ray_up(1, sq, occ) | ray_down(4, sq, occ) | ray_down(5, sq, occ)
}

/// Squares a lance of `c` on `sq` would attack on an empty board.
#[inline]
pub fn lance_pseudo(c: Color, sq: Square) -> Bitboard {
    match c {
        Color::Black => RAYS[4][sq.index()],
        Color::White => RAYS[0][sq.index()],
    }
}

/// Squares a bishop on `sq` would attack on an empty board.
#[inline]
pub fn bishop_pseudo(sq: Square) -> Bitboard {
    let i = sq.index();
    RAYS[2][i] | RAYS[3][i] | RAYS[6][i] | RAYS[7][i]
}

/// Squares a rook on `sq` would attack on an empty board.
#[inline]
pub fn rook_pseudo(sq: Square) -> Bitboard {
    let i = sq.index();
    RAYS[0][i] | RAYS[1][i] | RAYS[4][i] | RAYS[5][i]
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The whole line through `a` and `b` (both included) when they are aligned; else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

/// Squares a piece of `kind` and colour `c` on `sq` attacks, given the occupied squares.
#[inline]
pub fn attacks(c: Color, kind: PieceKind, sq: Square, occ: Bitboard) -> Bitboard {
    use PieceKind::*;
    match kind {
        Pawn => pawn(c, sq),
        Lance => lance(c, sq, occ),
        Knight => knight(c, sq),
        Silver => silver(c, sq),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => gold(c, sq),
        Bishop => bishop(sq, occ),
        Rook => rook(sq, occ),
        King => king(sq),
        Horse => bishop(sq, occ) | king(sq),
        Dragon => rook(sq, occ) | king(sq),
    }
}

/// Squares a piece of `kind` and colour `c` on `sq` would attack on an empty board.
pub fn pseudo_attacks(c: Color, kind: PieceKind, sq: Square) -> Bitboard {
    attacks(c, kind, sq, Bitboard::EMPTY)
}

/// All squares on file `file` (1..=9).
#[inline]
pub fn file_mask(file: u8) -> Bitboard {
    Bitboard(0x1ffu128 << ((file as u32 - 1) * 9))
}

/// The squares of the ranks `lo..=hi` seen from `c` (1 = the far rank).
pub const fn relative_ranks(c: Color, lo: u8, hi: u8) -> Bitboard {
    let mut bb = 0u128;
    let mut sq = 0;
    while sq < 81 {
        let r = (sq % 9 + 1) as u8;
        let rel = match c {
            Color::Black => r,
            Color::White => 10 - r,
        };
        if rel >= lo && rel <= hi {
            bb |= 1u128 << sq;
        }
        sq += 1;
    }
    Bitboard(bb)
}

/// The promotion zone of each colour (its three far ranks).
pub const ZONE: [Bitboard; 2] = [
    relative_ranks(Color::Black, 1, 3),
    relative_ranks(Color::White, 1, 3),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: u8, r: u8) -> Square {
        Square::new(f, r).unwrap()
    }

    #[test]
    fn step_counts_in_the_middle() {
        let c = sq(5, 5);
        assert_eq!(pawn(Color::Black, c), Bitboard::from_square(sq(5, 4)));
        assert_eq!(pawn(Color::White, c), Bitboard::from_square(sq(5, 6)));
        assert_eq!(knight(Color::Black, c).count(), 2);
        assert!(knight(Color::Black, c).contains(sq(4, 3)));
        assert_eq!(silver(Color::Black, c).count(), 5);
        assert_eq!(gold(Color::White, c).count(), 6);
        assert!(gold(Color::White, c).contains(sq(5, 4)));
        assert!(!gold(Color::White, c).contains(sq(4, 4)));
        assert_eq!(king(c).count(), 8);
        assert_eq!(knight(Color::Black, sq(1, 2)).count(), 0);
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let occ = Bitboard::from_square(sq(5, 2)) | Bitboard::from_square(sq(2, 5));
        let r = rook(sq(5, 5), occ);
        assert!(r.contains(sq(5, 2)));
        assert!(!r.contains(sq(5, 1)));
        assert!(r.contains(sq(2, 5)));
        assert!(!r.contains(sq(1, 5)));
        assert_eq!(r.count(), 3 + 4 + 3 + 4);
        assert_eq!(bishop(sq(5, 5), Bitboard::EMPTY).count(), 16);
        assert_eq!(
            lance(Color::Black, sq(5, 5), occ).collect::<Vec<_>>(),
            vec![sq(5, 2), sq(5, 3), sq(5, 4)]
        );
        assert_eq!(lance(Color::White, sq(5, 5), Bitboard::EMPTY).count(), 4);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq(1, 1), sq(9, 9)).count(), 7);
        assert_eq!(between(sq(1, 1), sq(2, 3)).count(), 0);
        assert_eq!(line(sq(5, 5), sq(6, 6)).count(), 9);
        assert_eq!(line(sq(5, 5), sq(5, 1)).count(), 9);
        assert!(file_mask(3).contains(sq(3, 9)));
        assert_eq!(ZONE[0].count(), 27);
        assert!(ZONE[1].contains(sq(1, 9)));
    }
}
