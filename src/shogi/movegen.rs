//! Legal move generation.
//!
//! Moves are generated legal, not pseudo-legal then filtered: pins restrict pinned pieces to
//! their line, a single check restricts other pieces to capturing the checker or blocking, a
//! double check leaves only king moves, king moves avoid attacked squares (with the king lifted
//! off the board so sliders see through it), drops avoid occupied and dead squares and files
//! with a pawn, and the one pawn drop that could be pawn-drop mate is tested directly.
//!
//! Generation writes whole target sets into a [`Sink`], so counting (perft with bulk counting)
//! uses the same code as listing and costs a few popcounts per piece.

use arrayvec::ArrayVec;

use super::attacks::{self, ZONE};
use super::bitboard::Bitboard;
use super::color::Color;
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;
use super::Move;

/// The most legal moves any shogi position has is 593; this leaves room.
pub const MAX_MOVES: usize = 600;

/// A list of moves that never allocates.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Receives generated moves as sets of destinations.
pub(crate) trait Sink {
    /// Board moves of a piece of `kind` from `from` to each square of `targets`; the sink
    /// decides which of them promote, may promote, or must promote.
    fn board(&mut self, us: Color, kind: PieceKind, from: Square, targets: Bitboard);
    /// Drops of `kind` on each square of `targets`.
    fn drops(&mut self, kind: PieceKind, targets: Bitboard);
    /// One-step forward moves of unpinned pawns of `us` to each square of `targets`.
    fn pawns(&mut self, us: Color, targets: Bitboard);
}

/// The source square of a pawn of `us` that moved forward to `to`.
#[inline]
fn pawn_source(us: Color, to: Square) -> Square {
    match us {
        Color::Black => Square::from_index_unchecked(to.index() + 1),
        Color::White => Square::from_index_unchecked(to.index() - 1),
    }
}

/// Squares where a piece of `kind` of `us` may not stop unpromoted.
#[inline]
pub(crate) fn dead_squares(us: Color, kind: PieceKind) -> Bitboard {
    const RANK1: [Bitboard; 2] = [
        attacks::relative_ranks(Color::Black, 1, 1),
        attacks::relative_ranks(Color::White, 1, 1),
    ];
    const RANK12: [Bitboard; 2] = [
        attacks::relative_ranks(Color::Black, 1, 2),
        attacks::relative_ranks(Color::White, 1, 2),
    ];
    match kind {
        PieceKind::Pawn | PieceKind::Lance => RANK1[us.index()],
        PieceKind::Knight => RANK12[us.index()],
        _ => Bitboard::EMPTY,
    }
}

/// Splits a piece's targets into (destinations reached without promoting, with promoting).
#[inline]
pub(crate) fn promotion_split(
    us: Color,
    kind: PieceKind,
    from: Square,
    targets: Bitboard,
) -> (Bitboard, Bitboard) {
    if !kind.can_promote() {
        return (targets, Bitboard::EMPTY);
    }
    let zone = ZONE[us.index()];
    if from.in_zone(us) {
        return (targets.without(dead_squares(us, kind)), targets);
    }
    let promo = targets & zone;
    if promo.is_empty() {
        // Dead squares lie in the zone: nothing to remove.
        return (targets, promo);
    }
    (targets.without(dead_squares(us, kind)), promo)
}

struct ListSink<'a>(&'a mut MoveList);

impl Sink for ListSink<'_> {
    #[inline]
    fn board(&mut self, us: Color, kind: PieceKind, from: Square, targets: Bitboard) {
        let (plain, promo) = promotion_split(us, kind, from, targets);
        for to in promo {
            self.0.push(Move::Normal {
                from,
                to,
                promote: true,
            });
        }
        for to in plain {
            self.0.push(Move::Normal {
                from,
                to,
                promote: false,
            });
        }
    }

    #[inline]
    fn drops(&mut self, kind: PieceKind, targets: Bitboard) {
        for to in targets {
            self.0.push(Move::Drop { kind, to });
        }
    }

    #[inline]
    fn pawns(&mut self, us: Color, targets: Bitboard) {
        let zone = ZONE[us.index()];
        for to in targets & zone {
            self.0.push(Move::Normal {
                from: pawn_source(us, to),
                to,
                promote: true,
            });
        }
        for to in targets.without(dead_squares(us, PieceKind::Pawn)) {
            self.0.push(Move::Normal {
                from: pawn_source(us, to),
                to,
                promote: false,
            });
        }
    }
}

struct CountSink(u64);

impl Sink for CountSink {
    #[inline]
    fn board(&mut self, us: Color, kind: PieceKind, from: Square, targets: Bitboard) {
        let (plain, promo) = promotion_split(us, kind, from, targets);
        self.0 += (plain.count() + promo.count()) as u64;
    }

    #[inline]
    fn drops(&mut self, _kind: PieceKind, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline]
    fn pawns(&mut self, us: Color, targets: Bitboard) {
        let promo = targets & ZONE[us.index()];
        let plain = targets.without(dead_squares(us, PieceKind::Pawn));
        self.0 += (promo.count() + plain.count()) as u64;
    }
}

impl Position {
    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut ListSink(&mut list));
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink(0);
        self.generate(&mut sink);
        sink.0
    }

    /// Whether the side to move has at least one legal move.
    ///
    /// Answers at the first move found in the usual case: when not in check, any move of an
    /// unpinned piece other than the king is legal (a move onto a dead square can promote
    /// instead), and so is any drop of a piece other than a pawn on an empty square where it
    /// can still move. Otherwise it counts.
    pub fn has_legal_moves(&self) -> bool {
        self.has_legal_moves_knowing_check(self.in_check())
    }

    /// [`Position::has_legal_moves`] for a caller that already knows whether the side to
    /// move is in check.
    pub fn has_legal_moves_knowing_check(&self, in_check: bool) -> bool {
        use PieceKind::*;
        let us = self.side_to_move();
        let Some(ksq) = self.king_square(us) else {
            return self.count_legal_moves() > 0;
        };
        if in_check {
            return self.count_legal_moves() > 0;
        }
        let occ = self.occupied();
        let own = self.pieces(us);
        let empty = !occ;
        let hand = self.hand(us);
        for kind in [Rook, Bishop, Gold, Silver, Knight, Lance] {
            if hand.has(kind) && empty.without(dead_squares(us, kind)).any() {
                return true;
            }
        }
        let mut pinned = None;
        for from in own.without(Bitboard::from_square(ksq)) {
            let Some(p) = self.piece_at(from) else {
                continue;
            };
            if attacks::attacks(us, p.kind, from, occ).without(own).any() {
                let pinned = *pinned.get_or_insert_with(|| self.pinned(us, ksq, occ));
                if !pinned.contains(from) {
                    return true;
                }
            }
        }
        self.count_legal_moves() > 0
    }

    /// Whether the side to move is checkmated (in check with no legal move).
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }

    /// The legal moves of the piece on `from` (empty when it is not the mover's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == Some(from));
        list
    }

    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        use PieceKind::*;
        let us = self.side_to_move();
        let them = us.flip();
        let own = self.pieces(us);
        let occ = self.occupied();
        let their_king = self
            .king_square(them)
            .map(Bitboard::from_square)
            .unwrap_or_default();

        let (checkers, pinned, ksq) = match self.king_square(us) {
            Some(k) => {
                let checkers = self.attackers_to(k, them, occ);
                let pinned = self.pinned(us, k, occ);
                // King moves: squares not attacked once the king has left its square.
                let occ_without_king = occ ^ Bitboard::from_square(k);
                let mut targets = Bitboard::EMPTY;
                for to in attacks::king(k).without(own | their_king) {
                    if !self.is_attacked(to, them, occ_without_king) {
                        targets.insert(to);
                    }
                }
                if targets.any() {
                    sink.board(us, King, k, targets);
                }
                (checkers, pinned, Some(k))
            }
            None => (Bitboard::EMPTY, Bitboard::EMPTY, None),
        };
        if checkers.more_than_one() {
            return;
        }
        let (board_target, drop_target) = match (checkers.first(), ksq) {
            (Some(c), Some(k)) => {
                let block = attacks::between(k, c);
                (block | checkers, block)
            }
            _ => (!(own | their_king), !occ),
        };

        // Pawns all at once: each moves one square forward (a pawn on its last rank, only
        // possible in odd setups, has nowhere to go).
        let pawns = self.pieces_of(us, Pawn).without(dead_squares(us, Pawn));
        let free_pawns = pawns.without(pinned);
        let pawn_targets = match us {
            Color::Black => Bitboard(free_pawns.0 >> 1),
            Color::White => Bitboard(free_pawns.0 << 1),
        } & board_target;
        if pawn_targets.any() {
            sink.pawns(us, pawn_targets);
        }
        let any_pinned = pinned.any();
        macro_rules! each {
            ($kind:expr, $pieces:expr, |$s:ident| $attacks:expr) => {
                for $s in $pieces {
                    let mut t = $attacks & board_target;
                    if any_pinned && pinned.contains($s) {
                        if let Some(k) = ksq {
                            t &= attacks::line(k, $s);
                        }
                    }
                    if t.any() {
                        sink.board(us, $kind, $s, t);
                    }
                }
            };
        }
        each!(Pawn, pawns & pinned, |s| attacks::pawn(us, s));
        each!(Lance, self.pieces_of(us, Lance), |s| attacks::lance(
            us, s, occ
        ));
        each!(Knight, self.pieces_of(us, Knight), |s| attacks::knight(
            us, s
        ));
        each!(Silver, self.pieces_of(us, Silver), |s| attacks::silver(
            us, s
        ));
        let golds = (self.kind_bb(Gold)
            | self.kind_bb(ProPawn)
            | self.kind_bb(ProLance)
            | self.kind_bb(ProKnight)
            | self.kind_bb(ProSilver))
            & own;
        each!(Gold, golds, |s| attacks::gold(us, s));
        each!(Bishop, self.pieces_of(us, Bishop), |s| attacks::bishop(
            s, occ
        ));
        each!(Rook, self.pieces_of(us, Rook), |s| attacks::rook(s, occ));
        each!(Horse, self.pieces_of(us, Horse), |s| attacks::bishop(
            s, occ
        ) | attacks::king(s));
        each!(Dragon, self.pieces_of(us, Dragon), |s| attacks::rook(
            s, occ
        ) | attacks::king(s));

        let hand = *self.hand(us);
        if hand.is_empty() || drop_target.is_empty() {
            return;
        }
        for kind in PieceKind::HAND {
            if !hand.has(kind) {
                continue;
            }
            let mut t = drop_target.without(dead_squares(us, kind));
            if kind == Pawn {
                for pawn in self.pieces_of(us, Pawn) {
                    t = t.without(attacks::file_mask(pawn.file()));
                }
                if let Some(sq) = self.pawn_drop_check_square(us) {
                    if t.contains(sq) && self.is_pawn_drop_mate(us, sq) {
                        t.remove(sq);
                    }
                }
            }
            if t.any() {
                sink.drops(kind, t);
            }
        }
    }

    /// The square where a pawn of `us` would give check to the enemy king, if any.
    #[inline]
    pub(crate) fn pawn_drop_check_square(&self, us: Color) -> Option<Square> {
        let k = self.king_square(us.flip())?;
        match us {
            Color::Black => Square::new(k.file(), k.rank() + 1),
            Color::White => k
                .rank()
                .checked_sub(1)
                .and_then(|r| Square::new(k.file(), r)),
        }
    }

    /// Whether a pawn of `us` dropped on `sq` (which must give check) would be mate.
    pub(crate) fn is_pawn_drop_mate(&self, us: Color, sq: Square) -> bool {
        let them = us.flip();
        let Some(ksq) = self.king_square(them) else {
            return false;
        };
        let occ = self.occupied() | Bitboard::from_square(sq);
        // A defender other than the king captures the pawn (a pinned one cannot: moving to
        // the square in front of its king either leaves the pin line or lands beyond it).
        let defenders = self
            .attackers_to(sq, them, occ)
            .without(Bitboard::from_square(ksq));
        if defenders.without(self.pinned(them, ksq, occ)).any() {
            return false;
        }
        // The king escapes or takes the pawn: any neighbouring square not held by its own
        // pieces and not attacked by us once the king has left.
        let occ_without_king = occ ^ Bitboard::from_square(ksq);
        for to in attacks::king(ksq).without(self.pieces(them)) {
            if !self.is_attacked(to, us, occ_without_king) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(sfen: &str) -> Vec<String> {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_usi()).collect();
        v.sort();
        assert_eq!(v.len() as u64, pos.count_legal_moves());
        v
    }

    #[test]
    fn has_legal_moves_agrees_with_counting() {
        for sfen in [
            crate::shogi::STARTPOS_SFEN,
            // Stalemated: black's only pieces are a king boxed in by its own pawns... and
            // attacked squares around it.
            "8k/9/9/9/9/9/9/r8/K8 b - 1",
            "4k4/9/9/9/9/9/9/9/4K4 b P 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "kn7/9/1S7/9/9/9/9/9/8K b P 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            assert_eq!(pos.has_legal_moves(), pos.count_legal_moves() > 0, "{sfen}");
        }
    }

    #[test]
    fn startpos_has_thirty_moves() {
        assert_eq!(moves(crate::shogi::STARTPOS_SFEN).len(), 30);
    }

    #[test]
    fn pawn_drop_mate_is_excluded_but_pawn_drop_check_is_not() {
        // White king on 1a boxed in by its own lance and knight; 1b is covered by black's
        // silver on 2c, so P*1b mates: illegal.
        let m = moves("kn7/9/1S7/9/9/9/9/9/8K b P 1");
        assert!(!m.contains(&"P*9b".to_string()), "{m:?}");
        // Remove the silver: the king takes the pawn, so the drop is legal.
        let m = moves("kn7/9/9/9/9/9/9/9/8K b P 1");
        assert!(m.contains(&"P*9b".to_string()));
    }

    #[test]
    fn double_check_allows_only_king_moves() {
        // Black king 5i attacked by white rook on 5a and white bishop on 9e.
        let m = moves("4r4/9/9/9/b8/9/9/9/4K4 b G 1");
        assert!(m.iter().all(|s| s.starts_with("5i")), "{m:?}");
    }

    #[test]
    fn forced_and_optional_promotions() {
        // Black pawn on 5b must promote on 5a; black silver on 4d may or may not on 4c.
        let m = moves("k8/4P4/9/5S3/9/9/9/9/8K b - 1");
        assert!(m.contains(&"5b5a+".to_string()));
        assert!(!m.contains(&"5b5a".to_string()));
        assert!(m.contains(&"4d4c+".to_string()));
        assert!(m.contains(&"4d4c".to_string()));
    }
}
