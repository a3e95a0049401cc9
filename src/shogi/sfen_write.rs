//! The SFEN of a [`Position`] written straight onto a caller's buffer: no string per piece and
//! no `format!`, so that `positions` costs little more than the replay (issue 34). The text is
//! byte for byte the one [`Setup::to_sfen`](super::Setup::to_sfen) builds. [`SfenWriter`]
//! writes a game's positions in turn, rewriting only the ranks a move changed.

use super::color::Color;
use super::decimal::DecimalText;
use super::hand::Hand;
use super::mv::Move;
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;

/// Each kind's letter (upper case), by kind index; indices from 8 on are promoted (`+`).
const LETTERS: &[u8; 14] = b"PLNSGBRKPLNSBR";

/// The first promoted kind index.
const FIRST_PROMOTED: usize = 8;

/// The longest SFEN: 81 promoted pieces and 8 slashes, the side, 14 hand kinds of up to 255
/// (three digits and a letter each), a space and a 10-digit move number.
const MAX_SFEN: usize = 170 + 3 + 14 * 4 + 1 + 10;

/// The longest rank: nine promoted pieces.
const MAX_RANK: usize = 18;

/// The longest board field: nine longest ranks and eight slashes.
const MAX_BOARD: usize = 9 * MAX_RANK + 8;

impl Position {
    /// Appends the SFEN of the position (`board side hand move-number`) to `out`.
    pub fn write_sfen(&self, out: &mut String) {
        // Written as bytes into a buffer on the stack, then appended at once: one copy.
        let mut buf = [0u8; MAX_SFEN];
        let mut n = 0;
        for rank in 0..9 {
            n = push_rank(self, rank, &mut buf, n);
            buf[n] = b'/';
            n += 1;
        }
        // The last rank's `/` becomes the space before the side.
        n = push_tail(self, &mut buf, n - 1);
        out.push_str(std::str::from_utf8(&buf[..n]).expect("an SFEN is ASCII"));
    }
}

/// The SFEN of successive positions, as [`Position::write_sfen`] writes them, for a caller
/// that writes many positions in a row (`positions`): the text of each board rank is kept
/// from the position last written and rewritten only where one of its squares changed, which
/// a move does to at most two ranks (issue 34), and the hands' text only when they changed.
/// Any position may be given (the writer compares the boards, it does not assume a move
/// between them; [`SfenWriter::write_next`] is the cheaper step for the position a move
/// led to). It writes bytes (ASCII), so that a caller checks the text is UTF-8 once for many
/// lines rather than once a line.
#[derive(Clone, Debug)]
pub struct SfenWriter {
    /// The board `board_text` shows, as the position's bitboards (both colours', then each
    /// kind's); meaningless before the first write and while `board_known` is false.
    board: [u128; 16],
    /// Whether `board` is the board last written ([`SfenWriter::write_next`] does not keep
    /// it up to date, so the next [`SfenWriter::write`] writes every rank).
    board_known: bool,
    /// The SFEN's board field: the ranks' texts, `/` between them.
    board_text: Vec<u8>,
    /// The length of each rank's text in `board_text`.
    rank_len: [u8; 9],
    /// The hands `hand_text` shows.
    hands: [Hand; 2],
    /// The SFEN's hand field (`buf[..hand_len]`).
    hand_text: [u8; MAX_SFEN],
    /// The length of the hand field.
    hand_len: usize,
    /// The move number last written.
    number: DecimalText,
    /// Whether anything was written (the texts show the board and `hands`).
    written: bool,
}

impl Default for SfenWriter {
    fn default() -> SfenWriter {
        SfenWriter::new()
    }
}

/// The squares of each rank (bit 0 = rank a), as bitboards.
const RANK_MASKS: [u128; 9] = {
    let mut masks = [0u128; 9];
    let mut i = 0;
    while i < 81 {
        masks[i % 9] |= 1u128 << i;
        i += 1;
    }
    masks
};

impl SfenWriter {
    /// A writer that has written nothing yet.
    pub fn new() -> SfenWriter {
        SfenWriter {
            board: [0; 16],
            board_text: Vec::with_capacity(MAX_BOARD),
            rank_len: [0; 9],
            hands: [Hand::default(); 2],
            hand_text: [0; MAX_SFEN],
            hand_len: 0,
            number: DecimalText::new(),
            board_known: false,
            written: false,
        }
    }

    /// Appends the SFEN of `pos` to `out`: the same text as [`Position::write_sfen`], as
    /// ASCII bytes.
    pub fn write(&mut self, pos: &Position, out: &mut Vec<u8>) {
        let board = board_sets(pos);
        if !self.written || !self.board_known {
            self.write_all_ranks(pos);
        } else {
            let mut changed = 0u128;
            for (now, then) in board.iter().zip(&self.board) {
                changed |= now ^ then;
            }
            if changed != 0 {
                self.rewrite_ranks(pos, changed);
            }
        }
        self.board = board;
        self.board_known = true;
        self.finish(pos, out);
    }

    /// Appends the SFEN of `pos`, the position `mv` led to from the position this writer
    /// wrote last, as [`SfenWriter::write`] would: only the ranks of the move's squares are
    /// looked at again. With nothing written yet it is [`SfenWriter::write`]; given a `pos`
    /// that is not that position's successor it writes a wrong board (checked in debug
    /// builds).
    pub fn write_next(&mut self, pos: &Position, mv: Move, out: &mut Vec<u8>) {
        if !self.written {
            self.write(pos, out);
            return;
        }
        let mut changed = 1u128 << mv.to().index();
        if let Some(from) = mv.from() {
            changed |= 1u128 << from.index();
        }
        self.rewrite_ranks(pos, changed);
        self.board_known = false;
        let start = out.len();
        self.finish(pos, out);
        debug_assert_eq!(
            std::str::from_utf8(&out[start..]).ok(),
            Some(pos.to_setup().to_sfen().as_str()),
            "write_next was given a position that {mv} does not lead to"
        );
    }

    /// Brings the hand field and the move number up to date and appends the whole SFEN
    /// (the board field already being `pos`'s).
    fn finish(&mut self, pos: &Position, out: &mut Vec<u8>) {
        let hands = [*pos.hand(Color::Black), *pos.hand(Color::White)];
        if !self.written || hands != self.hands {
            self.hand_len = push_hands(pos, &mut self.hand_text, 0);
            self.hands = hands;
        }
        self.written = true;
        self.number.set(pos.move_number());
        out.reserve(MAX_SFEN);
        out.extend_from_slice(&self.board_text);
        out.extend_from_slice(match pos.side_to_move() {
            Color::Black => b" b ",
            Color::White => b" w ",
        });
        out.extend_from_slice(&self.hand_text[..self.hand_len]);
        out.push(b' ');
        out.extend_from_slice(self.number.as_bytes());
    }

    /// Writes the whole board field of `pos`.
    fn write_all_ranks(&mut self, pos: &Position) {
        let mut buf = [0u8; MAX_SFEN];
        let mut n = 0;
        for rank in 0..9 {
            let start = n;
            n = push_rank(pos, rank, &mut buf, n);
            self.rank_len[usize::from(rank)] = (n - start) as u8;
            buf[n] = b'/';
            n += 1;
        }
        self.board_text.clear();
        self.board_text.extend_from_slice(&buf[..n - 1]);
    }

    /// Rewrites the text of the ranks holding a square of `changed` from `pos`.
    fn rewrite_ranks(&mut self, pos: &Position, changed: u128) {
        let mut start = 0usize;
        for rank in 0..9u8 {
            let r = usize::from(rank);
            let old_len = usize::from(self.rank_len[r]);
            if changed & RANK_MASKS[r] != 0 {
                let mut buf = [0u8; MAX_RANK];
                let len = push_rank(pos, rank, &mut buf, 0);
                replace(&mut self.board_text, start, old_len, &buf[..len]);
                self.rank_len[r] = len as u8;
            }
            start += usize::from(self.rank_len[r]) + 1;
        }
    }
}

/// Replaces `text[start..start + old_len]` with `new`, moving what follows.
fn replace(text: &mut Vec<u8>, start: usize, old_len: usize, new: &[u8]) {
    let (tail, end) = (start + old_len, text.len());
    if new.len() > old_len {
        text.resize(end + new.len() - old_len, 0);
    }
    text.copy_within(tail..end, start + new.len());
    text.truncate(end + new.len() - old_len);
    text[start..start + new.len()].copy_from_slice(new);
}

/// The bitboards that tell every square's piece: each colour's, then each kind's.
fn board_sets(pos: &Position) -> [u128; 16] {
    let mut sets = [0u128; 16];
    sets[0] = pos.pieces(Color::Black).0;
    sets[1] = pos.pieces(Color::White).0;
    for (set, kind) in sets[2..].iter_mut().zip(PieceKind::ALL) {
        *set = pos.kind_bb(kind).0;
    }
    sets
}

/// Writes the text of board rank `rank` (0 = rank a, files 9 to 1) of `pos` at `buf[n..]`;
/// returns the end.
#[inline]
fn push_rank(pos: &Position, rank: u8, buf: &mut [u8], mut n: usize) -> usize {
    let mut empty = 0u8;
    for file in (0..9u8).rev() {
        let sq = Square::from_index_unchecked((file * 9 + rank) as usize);
        if let Some(p) = pos.piece_at(sq) {
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
    n
}

/// Writes the fields after the board (` side hand move-number`) of `pos` at `buf[n..]`;
/// returns the end.
fn push_tail(pos: &Position, buf: &mut [u8; MAX_SFEN], n: usize) -> usize {
    buf[n] = b' ';
    buf[n + 1] = match pos.side_to_move() {
        Color::Black => b'b',
        Color::White => b'w',
    };
    buf[n + 2] = b' ';
    let n = push_hands(pos, buf, n + 3);
    buf[n] = b' ';
    push_number(buf, n + 1, pos.move_number())
}

/// Writes the hand field of `pos` (`-` for empty hands) at `buf[n..]`; returns the end.
fn push_hands(pos: &Position, buf: &mut [u8; MAX_SFEN], mut n: usize) -> usize {
    /// The kinds in the order of an SFEN's hand field, with their letters.
    const ORDER: [(PieceKind, u8); 7] = [
        (PieceKind::Rook, b'R'),
        (PieceKind::Bishop, b'B'),
        (PieceKind::Gold, b'G'),
        (PieceKind::Silver, b'S'),
        (PieceKind::Knight, b'N'),
        (PieceKind::Lance, b'L'),
        (PieceKind::Pawn, b'P'),
    ];
    let before = n;
    for color in Color::ALL {
        let hand = pos.hand(color);
        for (kind, upper) in ORDER {
            let count = hand.count(kind);
            if count == 0 {
                continue;
            }
            if count > 1 {
                n = push_small(buf, n, count);
            }
            buf[n] = letter(upper, color);
            n += 1;
        }
    }
    if n == before {
        buf[n] = b'-';
        n += 1;
    }
    n
}

/// Writes the decimal digits of `count` (a hand's, at most 255) at `buf[n..]`; returns the
/// end.
#[inline]
fn push_small(buf: &mut [u8; MAX_SFEN], mut n: usize, count: u8) -> usize {
    if count >= 100 {
        buf[n] = b'0' + count / 100;
        n += 1;
    }
    if count >= 10 {
        buf[n] = b'0' + count / 10 % 10;
        n += 1;
    }
    buf[n] = b'0' + count % 10;
    n + 1
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

    /// What an [`SfenWriter`] writes of `pos`.
    /// One move of a random game (xorshift on `state`), or `None` when the side to move has none.
    fn random_move(pos: &Position, state: &mut u64) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        Some(moves[(*state % moves.len() as u64) as usize])
    }

    fn written_by(writer: &mut SfenWriter, pos: &Position) -> String {
        let mut s = b"prefix\t".to_vec();
        writer.write(pos, &mut s);
        String::from_utf8(s.split_off("prefix\t".len())).unwrap()
    }

    #[test]
    fn the_writer_takes_unrelated_positions_in_turn() {
        // Not a move apart: every rank and the hands differ, and back again.
        let sfens = [
            crate::shogi::STARTPOS_SFEN,
            "+R+N+S+B+L+P+N+L1/9/9/9/4k4/9/9/9/4K4 w B17p 300",
            crate::shogi::STARTPOS_SFEN,
            "9/9/9/9/4k4/9/9/9/4K4 b - 1",
        ];
        let mut writer = SfenWriter::new();
        for sfen in sfens {
            let pos = Position::from_setup(&Setup::from_sfen(sfen).unwrap()).unwrap();
            assert_eq!(written_by(&mut writer, &pos), sfen);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// A writer following a random game, or skipping positions of it, writes what
        /// `write_sfen` does.
        #[test]
        fn the_writer_equals_write_sfen(seed in any::<u64>(), plies in 0usize..240, skip in 1usize..4) {
            let mut pos = Position::startpos();
            let mut writer = SfenWriter::new();
            prop_assert_eq!(written_by(&mut writer, &pos), written(&pos));
            let mut state = seed | 1;
            for ply in 0..plies {
                let Some(mv) = random_move(&pos, &mut state) else {
                    break;
                };
                pos.play(mv).unwrap();
                if ply % skip == 0 {
                    prop_assert_eq!(written_by(&mut writer, &pos), written(&pos));
                }
            }
        }

        /// A writer stepped by each move of a random game (`write_next`), after a first
        /// `write`, writes what `write_sfen` does, and a `write` after the steps too.
        #[test]
        fn stepping_by_moves_equals_write_sfen(seed in any::<u64>(), plies in 0usize..240) {
            let mut pos = Position::startpos();
            let mut writer = SfenWriter::new();
            prop_assert_eq!(written_by(&mut writer, &pos), written(&pos));
            let mut state = seed | 1;
            for _ in 0..plies {
                let Some(mv) = random_move(&pos, &mut state) else {
                    break;
                };
                pos.play(mv).unwrap();
                let mut s = Vec::new();
                writer.write_next(&pos, mv, &mut s);
                prop_assert_eq!(String::from_utf8(s).unwrap(), written(&pos));
            }
            let start = Position::startpos();
            prop_assert_eq!(written_by(&mut writer, &start), written(&start));
        }

        /// On positions of random games (promotions, captures, drops, both sides' hands, move
        /// numbers past 9 and 99): the fast writer equals the old formatting and reads back.
        #[test]
        fn fast_sfen_equals_the_old_and_reads_back(seed in any::<u64>(), plies in 0usize..240) {
            let mut pos = Position::startpos();
            let mut state = seed | 1;
            for _ in 0..plies {
                let Some(mv) = random_move(&pos, &mut state) else {
                    break;
                };
                pos.play(mv).unwrap();
                let fast = written(&pos);
                prop_assert_eq!(&fast, &old_sfen(&pos));
                let back = Setup::from_sfen(&fast).unwrap();
                prop_assert_eq!(back, pos.to_setup());
            }
        }
    }
}
