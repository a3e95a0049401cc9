//! A fixed-size fingerprint of a game: 128 bits hashed from the start position (board, hands,
//! side to move) and the main line's moves as carried out, so the same game saved in any
//! format, encoding, headers or comments gives the same fingerprint. The hash rolls: the
//! fingerprint of every prefix of the main line comes on the way, for finding interrupted
//! copies.

use crate::record::replay::{main_line_walk, variant_main_line};
use crate::record::Record;
use crate::shogi::{Move, Position};

/// A game's fingerprint (16 bytes).
pub type Fingerprint = [u64; 2];

/// A rolling 128-bit hash (two 64-bit lanes with different multipliers).
#[derive(Clone, Copy, Debug)]
pub struct Hasher {
    a: u64,
    b: u64,
    n: u64,
}

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xC2B2_AE3D_27D4_EB4F;

fn fmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

impl Hasher {
    /// A hasher that has taken the start position.
    pub fn new(start: &Position) -> Hasher {
        // The SFEN without the move number: board, side to move, hands.
        let sfen = start.to_sfen();
        let body = sfen.rsplit_once(' ').map_or(sfen.as_str(), |(b, _)| b);
        Hasher::of_start(body)
    }

    /// A hasher that has taken a start position given as text: a standard position's SFEN
    /// without its move number, or a smaller variant's start as
    /// [`crate::record::replay::variant_main_line`] names it (led by the variant's name, so
    /// that it never equals a standard one).
    pub fn of_start(body: &str) -> Hasher {
        let mut h = Hasher {
            a: 0x5348_4F47_4944_4550,
            b: 0x4455_5044_4544_5550,
            n: 0,
        };
        for chunk in body.as_bytes().chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            h.word(u64::from_le_bytes(w));
        }
        h.word(body.len() as u64);
        h.n = 0;
        h
    }

    fn word(&mut self, w: u64) {
        self.a = (self.a ^ w).wrapping_mul(K1).rotate_left(31);
        self.b = (self.b ^ w ^ self.a).wrapping_mul(K2).rotate_left(27);
    }

    /// Takes one move.
    pub fn push(&mut self, m: Move) {
        self.push_code(move_code(m));
    }

    /// Takes one move given by its [`move_code`].
    pub fn push_code(&mut self, code: u16) {
        let w = if code & 0x8000 == 0 {
            (1 << 20) | code as u64
        } else {
            (2 << 20) | (code & 0x7FFF) as u64
        };
        self.word(w);
        self.n += 1;
    }

    /// The hasher's state, 16 bytes (taken right after [`Hasher::new`], it stands for the start
    /// position; see [`Hasher::from_state`]).
    pub fn state(&self) -> [u64; 2] {
        [self.a, self.b]
    }

    /// The hasher that had `state` and has taken no move since.
    pub fn from_state(state: [u64; 2]) -> Hasher {
        Hasher {
            a: state[0],
            b: state[1],
            n: 0,
        }
    }

    /// The fingerprint of the start and the moves taken so far.
    pub fn finish(&self) -> Fingerprint {
        let a = fmix(self.a ^ self.n.wrapping_mul(K2));
        let b = fmix(self.b ^ a ^ self.n);
        [a, b]
    }
}

/// A move in 2 bytes: a move from `from` to `to` is `from << 8 | to << 1 | promote` (below
/// 0x8000), a drop is `0x8000 | kind << 8 | to`.
pub fn move_code(m: Move) -> u16 {
    match m {
        Move::Normal { from, to, promote } => {
            (from.index() as u16) << 8 | (to.index() as u16) << 1 | promote as u16
        }
        Move::Drop { kind, to } => 0x8000 | (kind.index() as u16) << 8 | to.index() as u16,
    }
}

/// A record's main line as the fingerprint takes it: the hasher after the start position and
/// the moves carried out, 2 bytes each ([`move_code`]). Enough to give the fingerprint of the
/// game and of each of its prefixes without reading the record again.
#[derive(Clone, Debug)]
pub struct MainLine {
    /// The hasher after the start position ([`Hasher::state`]).
    pub start: [u64; 2],
    /// The moves carried out.
    pub moves: Vec<u16>,
}

impl MainLine {
    /// The main line of `record`; `None` when its start position cannot be built.
    pub fn of(record: &Record) -> Option<MainLine> {
        if let Some((start, moves)) = variant_main_line(record) {
            return Some(MainLine {
                start: Hasher::of_start(&start).state(),
                moves,
            });
        }
        let mut line: Option<MainLine> = None;
        let ok = main_line_walk(record, |_, mv, pos| {
            match (mv, line.as_mut()) {
                (None, _) => {
                    line = Some(MainLine {
                        start: Hasher::new(pos).state(),
                        moves: Vec::new(),
                    })
                }
                (Some(m), Some(l)) => l.moves.push(move_code(m)),
                (Some(_), None) => {}
            }
            true
        });
        if !ok {
            return None;
        }
        line
    }

    /// The fingerprint of the whole line; `prefix` is called with the number of moves and the
    /// fingerprint of each shorter prefix (1 move up to all but the last).
    pub fn fingerprint(&self, mut prefix: impl FnMut(usize, Fingerprint)) -> Fingerprint {
        let mut h = Hasher::from_state(self.start);
        for (i, &code) in self.moves.iter().enumerate() {
            if i > 0 {
                prefix(i, h.finish());
            }
            h.push_code(code);
        }
        h.finish()
    }
}

/// A record's fingerprint and the number of main-line moves it covers; `prefix` is called with
/// the fingerprint of each shorter prefix (1 move up to all but the last). `None` when the start
/// position cannot be built.
pub fn fingerprint(
    record: &Record,
    mut prefix: impl FnMut(usize, Fingerprint),
) -> Option<(Fingerprint, usize)> {
    if record.variant_name().is_some() {
        let line = MainLine::of(record)?;
        return Some((line.fingerprint(prefix), line.moves.len()));
    }
    let mut hasher: Option<Hasher> = None;
    let mut last = (None, 0usize);
    let ok = main_line_walk(record, |ply, mv, pos| {
        match (mv, hasher.as_mut()) {
            (None, _) => hasher = Some(Hasher::new(pos)),
            (Some(m), Some(h)) => {
                if let (Some(fp), p) = last {
                    prefix(p, fp);
                }
                h.push(m);
                last = (Some(h.finish()), ply);
                return true;
            }
            (Some(_), None) => {}
        }
        true
    });
    if !ok {
        return None;
    }
    let h = hasher?;
    match last {
        (Some(fp), plies) => Some((fp, plies)),
        (None, _) => Some((h.finish(), 0)),
    }
}

/// How annotated a record is: its comments, engine comments, remarks and bookmarks, plus its
/// variations (for `dedup --keep most-annotated`).
pub fn annotations(record: &Record) -> u32 {
    let tree = &record.tree;
    let mut n = 0usize;
    for id in tree.ids() {
        let node = tree.node(id);
        n += node.comments().len() + node.engine_comments().len() + node.remarks().len();
        n += node.bookmark().is_some() as usize;
        if let Some(parent) = node.parent() {
            n += (tree.node(parent).first_child() != Some(id)) as usize;
        }
    }
    n.min(u32::MAX as usize) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats;
    use crate::record::Format;

    fn one(text: &str, format: Format) -> Record {
        formats::read_str(text, format).remove(0)
    }

    #[test]
    fn the_same_game_in_two_formats_has_one_fingerprint_and_prefixes_roll() {
        let usi = one("position startpos moves 7g7f 3c3d 8h2b+ 3a2b", Format::Usi);
        let csa = one(
            "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n",
            Format::Csa,
        );
        let mut prefixes = Vec::new();
        let (a, n) = fingerprint(&usi, |p, fp| prefixes.push((p, fp))).unwrap();
        let (b, m) = fingerprint(&csa, |_, _| {}).unwrap();
        assert_eq!((a, n), (b, m));
        assert_eq!(n, 4);
        assert_eq!(prefixes.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2, 3]);
        let short = one("position startpos moves 7g7f 3c3d", Format::Usi);
        let (s, _) = fingerprint(&short, |_, _| {}).unwrap();
        assert_eq!(s, prefixes[1].1);
        let other = one("position startpos moves 7g7f 3c3d 8h2b 3a2b", Format::Usi);
        assert_ne!(fingerprint(&other, |_, _| {}).unwrap().0, a);
    }

    #[test]
    fn a_main_line_in_two_bytes_a_move_gives_the_same_fingerprints() {
        let record = one(
            "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 5a4b 4e3d",
            Format::Usi,
        );
        let mut want = Vec::new();
        let (fp, plies) = fingerprint(&record, |p, fp| want.push((p, fp))).unwrap();
        let line = MainLine::of(&record).unwrap();
        assert_eq!(line.moves.len(), plies);
        let mut got = Vec::new();
        assert_eq!(line.fingerprint(|p, fp| got.push((p, fp))), fp);
        assert_eq!(got, want);
    }

    #[test]
    fn the_start_position_counts() {
        let a = one("position startpos", Format::Usi);
        let b = one(
            "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Format::Usi,
        );
        assert_ne!(
            fingerprint(&a, |_, _| {}).unwrap().0,
            fingerprint(&b, |_, _| {}).unwrap().0
        );
    }
}
