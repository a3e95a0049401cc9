//! A validated position: board, hands, side to move, kept in sync with per-colour and
//! per-kind bitboards, king squares and an incremental Zobrist key.
//!
//! A position may lack a king (tsume problems often give black none); a side without a king is
//! never in check. It may not have two kings of one colour.

use super::attacks;
use super::bitboard::Bitboard;
use super::color::{ByColor, Color};
use super::hand::Hand;
use super::piece::{Piece, PieceKind};
use super::setup::{Setup, SfenError};
use super::square::Square;
use super::zobrist;
use super::Move;

/// A position that the rules core can play moves in.
#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 14],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    kings: [Option<Square>; 2],
    board_key: u64,
    hand_key: u64,
}

/// A family of sliding pieces, for attack tests.
#[derive(Clone, Copy)]
enum SliderLine {
    Rook,
    Bishop,
    Lance,
}

impl SliderLine {
    /// The squares a slider of this family attacks `sq` from, for an attacker of `color`.
    #[inline]
    fn attacks(self, sq: Square, color: Color, occ: Bitboard) -> Bitboard {
        match self {
            SliderLine::Rook => attacks::rook(sq, occ),
            SliderLine::Bishop => attacks::bishop(sq, occ),
            SliderLine::Lance => attacks::lance(color.flip(), sq, occ),
        }
    }
}

/// What [`Position::undo_move`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    moved: Option<Piece>,
    captured: Option<Piece>,
    board_key: u64,
    hand_key: u64,
}

/// Why a setup cannot become a [`Position`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// More than one king of one colour.
    #[error("{color} has {count} kings; a position has at most one king per side")]
    TooManyKings {
        /// The side with several kings.
        color: Color,
        /// How many it has.
        count: usize,
    },
    /// The SFEN could not be read.
    #[error(transparent)]
    Sfen(#[from] SfenError),
    /// The start is a position of a smaller variant (named), not of standard shogi.
    #[error("the start is a position of {0}, not of standard shogi")]
    NotStandard(&'static str),
}

/// Something unusual about a position that the rules core can still play in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The side that is not to move is in check (its king could be captured).
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
    /// A pawn, lance or knight stands where it can never move.
    DeadPiece {
        /// Where it stands.
        square: Square,
        /// What it is.
        piece: Piece,
    },
    /// Two unpromoted pawns of one side on one file.
    TwoPawns {
        /// The side.
        color: Color,
        /// The file.
        file: u8,
    },
    /// More pieces of a kind (counting promoted ones and hands) than a set holds.
    TooManyPieces {
        /// The unpromoted kind.
        kind: PieceKind,
        /// How many there are.
        count: u32,
    },
    /// A side has no king.
    NoKing {
        /// The side without a king.
        color: Color,
    },
}

impl std::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupProblem::OpponentInCheck { color } => {
                write!(f, "{color} is in check although it is not {color}'s turn")
            }
            SetupProblem::DeadPiece { square, piece } => write!(
                f,
                "{}'s {} on {square} can never move",
                piece.color, piece.kind
            ),
            SetupProblem::TwoPawns { color, file } => {
                write!(f, "{color} has two unpromoted pawns on file {file}")
            }
            SetupProblem::TooManyPieces { kind, count } => {
                write!(
                    f,
                    "there are {count} {}s; a set has {}",
                    kind,
                    set_count(*kind)
                )
            }
            SetupProblem::NoKing { color } => write!(f, "{color} has no king"),
        }
    }
}

/// How many pieces of an unpromoted kind a set holds.
pub fn set_count(kind: PieceKind) -> u32 {
    match kind.unpromote() {
        PieceKind::Pawn => 18,
        PieceKind::Lance | PieceKind::Knight | PieceKind::Silver | PieceKind::Gold => 4,
        _ => 2,
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.hands == other.hands && self.side == other.side
    }
}

impl Eq for Position {}

impl Position {
    /// The even-game start position.
    pub fn startpos() -> Position {
        Position::from_setup(&Setup::startpos()).expect("the start position is valid")
    }

    /// Builds a position from a setup; fails only when a side has more than one king.
    /// Unusual but playable setups are listed by [`Position::setup_problems`].
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 14],
            hands: [setup.hands.black, setup.hands.white],
            side: setup.side_to_move,
            move_number: setup.move_number,
            kings: [None; 2],
            board_key: 0,
            hand_key: 0,
        };
        for color in Color::ALL {
            let count = setup
                .board
                .iter()
                .flatten()
                .filter(|p| p.color == color && p.kind == PieceKind::King)
                .count();
            if count > 1 {
                return Err(PositionError::TooManyKings { color, count });
            }
        }
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                pos.put_piece(sq, p);
            }
        }
        if pos.side == Color::White {
            pos.board_key ^= zobrist::white_to_move();
        }
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                let n = pos.hands[color.index()].count(kind) as u64;
                pos.hand_key = pos
                    .hand_key
                    .wrapping_add(zobrist::hand(color, kind).wrapping_mul(n));
            }
        }
        Ok(pos)
    }

    /// Reads an SFEN (or `startpos`) into a position.
    pub fn from_sfen(sfen: &str) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::from_sfen(sfen)?)
    }

    /// The position as an unchecked setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: ByColor {
                black: self.hands[0],
                white: self.hands[1],
            },
            side_to_move: self.side,
            move_number: self.move_number,
        }
    }

    /// The SFEN of the position.
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(96);
        self.write_sfen(&mut out);
        out
    }

    /// Everything unusual about this position (see [`SetupProblem`]).
    pub fn setup_problems(&self) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            if self.kings[color.index()].is_none() {
                problems.push(SetupProblem::NoKing { color });
            }
        }
        let them = self.side.flip();
        if self.is_in_check(them) {
            problems.push(SetupProblem::OpponentInCheck { color: them });
        }
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                if is_dead_square(p.color, p.kind, sq) {
                    problems.push(SetupProblem::DeadPiece {
                        square: sq,
                        piece: p,
                    });
                }
            }
        }
        for color in Color::ALL {
            for file in 1..=9 {
                let pawns = self.pieces_of(color, PieceKind::Pawn) & attacks::file_mask(file);
                if pawns.more_than_one() {
                    problems.push(SetupProblem::TwoPawns { color, file });
                }
            }
        }
        for kind in PieceKind::HAND {
            let mut count = 0;
            for k in PieceKind::ALL {
                if k.unpromote() == kind {
                    count += self.by_kind[k.index()].count();
                }
            }
            count += self.hands[0].count(kind) as u32 + self.hands[1].count(kind) as u32;
            if count > set_count(kind) {
                problems.push(SetupProblem::TooManyPieces { kind, count });
            }
        }
        problems
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The SFEN move number: the ply about to be played, counted from 1 (or from the number
    /// the setup gave).
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The pieces `color` holds in hand.
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// Where `color`'s king stands, if it has one.
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s pieces of exactly `kind`.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// The squares of every piece of `kind`, both colours.
    #[inline]
    pub(crate) fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// A 64-bit hash of board, hands and side to move (not of the move number).
    #[inline]
    pub fn key(&self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// A 64-bit hash of the board alone (not of hands, side to move or move number).
    #[inline]
    pub fn board_only_key(&self) -> u64 {
        match self.side {
            Color::White => self.board_key ^ zobrist::white_to_move(),
            Color::Black => self.board_key,
        }
    }

    /// `color`'s pieces that attack `sq`, given the occupied squares `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color, occ: Bitboard) -> Bitboard {
        let theirs = self.by_color[color.index()];
        let mut attackers = self.stepping_attackers(sq, color) & theirs;
        // A ray attack is computed only when a slider of `color` stands on that line.
        for (line, pseudo, sliders) in self.slider_lines(sq, color) {
            if (pseudo & sliders).any() {
                attackers |= line.attacks(sq, color, occ) & sliders;
            }
        }
        attackers
    }

    /// Whether any piece of `by` attacks `sq`, given the occupied squares `occ` (stops at the
    /// first attacker found).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let theirs = self.by_color[by.index()];
        (self.stepping_attackers(sq, by) & theirs).any()
            || self
                .slider_lines(sq, by)
                .into_iter()
                .any(|(line, pseudo, sliders)| {
                    (pseudo & sliders).any() && (line.attacks(sq, by, occ) & sliders).any()
                })
    }

    /// Pieces of either colour standing where a non-sliding piece of `color` would attack
    /// `sq` from (mask with `color`'s pieces).
    #[inline]
    fn stepping_attackers(&self, sq: Square, color: Color) -> Bitboard {
        use PieceKind::*;
        let opp = color.flip();
        let k = &self.by_kind;
        let golds = k[Gold as usize]
            | k[ProPawn as usize]
            | k[ProLance as usize]
            | k[ProKnight as usize]
            | k[ProSilver as usize];
        let kings = k[King as usize] | k[Horse as usize] | k[Dragon as usize];
        (attacks::pawn(opp, sq) & k[Pawn as usize])
            | (attacks::knight(opp, sq) & k[Knight as usize])
            | (attacks::silver(opp, sq) & k[Silver as usize])
            | (attacks::gold(opp, sq) & golds)
            | (attacks::king(sq) & kings)
    }

    /// For each slider family of `color` (rooks and dragons, bishops and horses, lances): the
    /// squares such a slider would attack `sq` from on an empty board, and the sliders.
    #[inline]
    fn slider_lines(&self, sq: Square, color: Color) -> [(SliderLine, Bitboard, Bitboard); 3] {
        use PieceKind::*;
        let k = &self.by_kind;
        let theirs = self.by_color[color.index()];
        [
            (
                SliderLine::Rook,
                attacks::rook_pseudo(sq),
                (k[Rook as usize] | k[Dragon as usize]) & theirs,
            ),
            (
                SliderLine::Bishop,
                attacks::bishop_pseudo(sq),
                (k[Bishop as usize] | k[Horse as usize]) & theirs,
            ),
            (
                SliderLine::Lance,
                attacks::lance_pseudo(color.flip(), sq),
                k[Lance as usize] & theirs,
            ),
        ]
    }

    /// The pieces giving check to `color`'s king.
    #[inline]
    pub fn checkers_of(&self, color: Color) -> Bitboard {
        match self.kings[color.index()] {
            Some(k) => self.attackers_to(k, color.flip(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers_of(self.side)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side to move is in check, just after the other side played `m` from a
    /// position where the side now to move was not in check: only the moved piece and the
    /// line it left can give check, so the full attack test is needed only when it left a
    /// line through the king. Agrees with [`Position::in_check`] under that condition.
    pub(crate) fn in_check_after(&self, m: Move) -> bool {
        let Some(k) = self.kings[self.side.index()] else {
            return false;
        };
        let mover = self.side.flip();
        let to = m.to();
        let occ = self.occupied();
        let direct = self
            .piece_at(to)
            .is_some_and(|p| attacks::attacks(mover, p.kind, to, occ).contains(k));
        let check = direct
            || match m {
                Move::Normal { from, .. } => {
                    (attacks::rook_pseudo(k) | attacks::bishop_pseudo(k)).contains(from)
                        && self.is_attacked(k, mover, occ)
                }
                Move::Drop { .. } => false,
            };
        debug_assert_eq!(check, self.in_check(), "in_check_after disagrees after {m}");
        check
    }

    /// Whether `color`'s king is attacked.
    pub fn is_in_check(&self, color: Color) -> bool {
        self.checkers_of(color).any()
    }

    /// The opposing sliders that would attack `us`'s king on `ksq` on an empty board.
    #[inline]
    pub(crate) fn slider_snipers(&self, us: Color, ksq: Square) -> Bitboard {
        use PieceKind::*;
        let theirs = self.by_color[us.flip().index()];
        let k = &self.by_kind;
        ((attacks::rook_pseudo(ksq) & (k[Rook as usize] | k[Dragon as usize]))
            | (attacks::bishop_pseudo(ksq) & (k[Bishop as usize] | k[Horse as usize]))
            | (attacks::lance_pseudo(us, ksq) & k[Lance as usize]))
            & theirs
    }

    /// `us`'s pieces pinned against `us`'s king on `ksq`, given the occupied squares `occ`.
    #[inline]
    pub(crate) fn pinned(&self, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
        let snipers = self.slider_snipers(us, ksq);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(ksq, s) & occ;
            if b.any() && !b.more_than_one() {
                pinned |= b;
            }
        }
        pinned & self.by_color[us.index()]
    }

    #[inline]
    fn put_piece(&mut self, sq: Square, p: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(p);
        self.by_color[p.color.index()] |= bb;
        self.by_kind[p.kind.index()] |= bb;
        self.board_key ^= zobrist::piece(p.color, p.kind, sq);
        if p.kind == PieceKind::King {
            self.kings[p.color.index()] = Some(sq);
        }
    }

    #[inline]
    fn remove_piece(&mut self, sq: Square, p: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_color[p.color.index()] ^= bb;
        self.by_kind[p.kind.index()] ^= bb;
        self.board_key ^= zobrist::piece(p.color, p.kind, sq);
        if p.kind == PieceKind::King {
            self.kings[p.color.index()] = None;
        }
    }

    /// Plays `m` for the side to move without checking that it is legal.
    ///
    /// The move must at least be carried-out-able: a board move needs a piece on its source
    /// square and a drop a piece in hand (see [`Position::diagnose`]); a board move from an
    /// empty square only passes the turn. A capture puts the captured piece, unpromoted, in the
    /// mover's hand; a promotion of a kind that cannot promote leaves it as it is.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.do_move(m);
    }

    /// Plays `m` like [`Position::play_unchecked`] and returns what [`Position::undo_move`]
    /// needs to take it back.
    pub(crate) fn do_move(&mut self, m: Move) -> Undo {
        let us = self.side;
        let undo = Undo {
            moved: None,
            captured: None,
            board_key: self.board_key,
            hand_key: self.hand_key,
        };
        let mut undo = undo;
        match m {
            Move::Normal { from, to, promote } => {
                if let Some(p) = self.board[from.index()] {
                    undo.moved = Some(p);
                    if let Some(cap) = self.board[to.index()] {
                        undo.captured = Some(cap);
                        self.remove_piece(to, cap);
                        if cap.kind != PieceKind::King {
                            let base = cap.kind.unpromote();
                            self.hands[us.index()].add(base);
                            self.hand_key = self.hand_key.wrapping_add(zobrist::hand(us, base));
                        }
                    }
                    self.remove_piece(from, p);
                    let kind = if promote {
                        p.kind.promote().unwrap_or(p.kind)
                    } else {
                        p.kind
                    };
                    self.put_piece(to, Piece::new(p.color, kind));
                }
            }
            Move::Drop { kind, to } => {
                if self.hands[us.index()].remove(kind) {
                    self.hand_key = self.hand_key.wrapping_sub(zobrist::hand(us, kind));
                }
                if let Some(cap) = self.board[to.index()] {
                    undo.captured = Some(cap);
                    self.remove_piece(to, cap);
                }
                self.put_piece(to, Piece::new(us, kind));
            }
        }
        self.pass_turn();
        undo
    }

    /// Takes back `m`, which [`Position::do_move`] just played and which returned `undo`.
    pub(crate) fn undo_move(&mut self, m: Move, undo: Undo) {
        self.side = self.side.flip();
        self.move_number = self.move_number.saturating_sub(1);
        let us = self.side;
        match m {
            Move::Normal { from, to, .. } => {
                if let Some(p) = undo.moved {
                    if let Some(now) = self.board[to.index()] {
                        self.remove_piece(to, now);
                    }
                    self.put_piece(from, p);
                    if let Some(cap) = undo.captured {
                        if cap.kind != PieceKind::King {
                            self.hands[us.index()].remove(cap.kind);
                        }
                        self.put_piece(to, cap);
                    }
                }
            }
            Move::Drop { kind, to } => {
                if let Some(now) = self.board[to.index()] {
                    self.remove_piece(to, now);
                }
                self.hands[us.index()].add(kind);
                if let Some(cap) = undo.captured {
                    self.put_piece(to, cap);
                }
            }
        }
        self.board_key = undo.board_key;
        self.hand_key = undo.hand_key;
    }

    /// Hands the move to the other side without moving (used to replay records in which one
    /// side moved twice).
    pub fn pass_turn(&mut self) {
        self.side = self.side.flip();
        self.board_key ^= zobrist::white_to_move();
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Gives the move to `color` without counting a ply (for records where the wrong side
    /// moves); does nothing when `color` is already to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        if self.side != color {
            self.side = color;
            self.board_key ^= zobrist::white_to_move();
        }
    }

    /// Plays `m` after checking it is legal; on a foul the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), super::Foul> {
        self.diagnose(m)?;
        self.play_unchecked(m);
        Ok(())
    }
}

/// Whether a piece of `kind` and colour `c` on `sq` could never move again.
#[inline]
pub fn is_dead_square(c: Color, kind: PieceKind, sq: Square) -> bool {
    let r = sq.relative_rank(c);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => r == 1,
        PieceKind::Knight => r <= 2,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_has_no_problems_and_kings() {
        let pos = Position::startpos();
        assert!(pos.setup_problems().is_empty());
        assert_eq!(pos.king_square(Color::Black), Square::new(5, 9));
        assert_eq!(pos.occupied().count(), 40);
        assert!(!pos.in_check());
    }

    #[test]
    fn keys_follow_the_position_not_the_path() {
        let mut a = Position::startpos();
        for m in ["7g7f", "3c3d", "2g2f", "4c4d"] {
            a.play(Move::from_usi(m).unwrap()).unwrap();
        }
        let mut b = Position::startpos();
        for m in ["2g2f", "4c4d", "7g7f", "3c3d"] {
            b.play(Move::from_usi(m).unwrap()).unwrap();
        }
        assert_eq!(a.key(), b.key());
        assert_eq!(a, b);
        let c = Position::from_sfen(&a.to_sfen()).unwrap();
        assert_eq!(c.key(), a.key());
    }

    #[test]
    fn captures_go_to_the_hand_unpromoted() {
        let mut pos = Position::from_sfen("4k4/9/4+r4/9/9/9/9/4R4/4K4 b - 1").unwrap();
        pos.play(Move::from_usi("5h5c").unwrap()).unwrap();
        assert_eq!(pos.hand(Color::Black).count(PieceKind::Rook), 1);
        let again = Position::from_sfen(&pos.to_sfen()).unwrap();
        assert_eq!(again.key(), pos.key());
    }

    #[test]
    fn undo_restores_everything() {
        let pos = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        for m in pos.legal_moves() {
            let mut p = pos.clone();
            let undo = p.do_move(m);
            assert_ne!(p.key(), pos.key());
            p.undo_move(m, undo);
            assert_eq!(p.to_sfen(), pos.to_sfen(), "{m}");
            assert_eq!(p.key(), pos.key());
            assert_eq!(p.king_square(Color::Black), pos.king_square(Color::Black));
            assert_eq!(p.occupied(), pos.occupied());
            for k in PieceKind::ALL {
                assert_eq!(p.kind_bb(k), pos.kind_bb(k));
            }
        }
    }

    #[test]
    fn setup_problems_are_listed() {
        let pos = Position::from_sfen("P3k4/9/9/9/9/9/9/4P4/4P4 b 18P 1").unwrap();
        let p = pos.setup_problems();
        assert!(p.contains(&SetupProblem::NoKing {
            color: Color::Black
        }));
        assert!(p
            .iter()
            .any(|x| matches!(x, SetupProblem::DeadPiece { .. })));
        assert!(p.contains(&SetupProblem::TwoPawns {
            color: Color::Black,
            file: 5
        }));
        assert!(p.iter().any(|x| matches!(
            x,
            SetupProblem::TooManyPieces {
                kind: PieceKind::Pawn,
                count: 21
            }
        )));
        assert!(matches!(
            Position::from_sfen("K3k3K/9/9/9/9/9/9/9/9 b - 1"),
            Err(PositionError::TooManyKings {
                color: Color::Black,
                count: 2
            })
        ));
    }
}
