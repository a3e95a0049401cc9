//! The classifier's own board: the pieces as bitboards, the hands and the side to move, and
//! nothing else. The moves it plays were replayed and judged before (by `record::replay`), so
//! it keeps no hash keys, no kings' squares and no move number, and checks nothing: it plays
//! a move the way [`Position::play_unchecked`] does, at a fraction of the cost.

use crate::shogi::{Bitboard, Color, Hand, Move, Piece, PieceKind, Position, Square};

/// Pieces, hands and the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    squares: [Option<Piece>; 81],
    by_piece: [[Bitboard; 14]; 2],
    occupied: Bitboard,
    hands: [Hand; 2],
    side: Color,
}

/// What a move did, as the classifier's wake-ups need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who moved.
    pub mover: Color,
    /// The square left (a board move's source, when a piece stood there).
    pub left: Option<Square>,
    /// The piece that arrived, and where (none for a board move from an empty square).
    pub arrived: Option<(Piece, Square)>,
    /// Whether the mover's hand may have changed (a capture or a drop).
    pub hand_changed: bool,
}

impl Board {
    /// The board of `pos`.
    pub fn new(pos: &Position) -> Board {
        let mut b = Board {
            squares: [None; 81],
            by_piece: [[Bitboard::EMPTY; 14]; 2],
            occupied: Bitboard::EMPTY,
            hands: [*pos.hand(Color::Black), *pos.hand(Color::White)],
            side: pos.side_to_move(),
        };
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                b.put(sq, p);
            }
        }
        b
    }

    /// The squares of `color`'s pieces of exactly `kind`.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_piece[color.index()][kind.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The pieces `color` holds in hand.
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        self.squares[sq.index()] = Some(p);
        self.by_piece[p.color.index()][p.kind.index()].insert(sq);
        self.occupied.insert(sq);
    }

    #[inline]
    fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.squares[sq.index()].take()?;
        self.by_piece[p.color.index()][p.kind.index()].remove(sq);
        self.occupied.remove(sq);
        Some(p)
    }

    /// Plays `m` for the side to move, as [`Position::play_unchecked`] does: a capture puts
    /// the captured piece, unpromoted, in the mover's hand (a king in none), a promotion of a
    /// kind that cannot promote leaves it as it is, a board move from an empty square only
    /// passes the turn, a drop onto a piece replaces it.
    pub fn play(&mut self, m: Move) -> Played {
        let mover = self.side;
        self.side = mover.flip();
        match m {
            Move::Normal { from, to, promote } => {
                let Some(p) = self.take(from) else {
                    return Played {
                        mover,
                        left: None,
                        arrived: None,
                        hand_changed: false,
                    };
                };
                let captured = self.take(to);
                if let Some(cap) = captured.filter(|c| c.kind != PieceKind::King) {
                    self.hands[mover.index()].add(cap.kind.unpromote());
                }
                let kind = if promote {
                    p.kind.promote().unwrap_or(p.kind)
                } else {
                    p.kind
                };
                let arrived = Piece::new(p.color, kind);
                self.put(to, arrived);
                Played {
                    mover,
                    left: Some(from),
                    arrived: Some((arrived, to)),
                    hand_changed: captured.is_some(),
                }
            }
            Move::Drop { kind, to } => {
                self.hands[mover.index()].remove(kind);
                self.take(to);
                let arrived = Piece::new(mover, kind);
                self.put(to, arrived);
                Played {
                    mover,
                    left: None,
                    arrived: Some((arrived, to)),
                    hand_changed: true,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Handicap;

    /// Whether `b` holds what `pos` does.
    fn same(b: &Board, pos: &Position) -> bool {
        b.side == pos.side_to_move()
            && b.occupied() == pos.occupied()
            && Color::ALL.iter().all(|&c| {
                b.hand(c) == pos.hand(c)
                    && PieceKind::ALL
                        .iter()
                        .all(|&k| b.pieces_of(c, k) == pos.pieces_of(c, k))
            })
    }

    #[test]
    fn plays_captures_promotions_and_drops_as_the_position_does() {
        // Bishops exchanged (a promotion and a capture of a horse), then a bishop dropped.
        let usi = "7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e2c+ 2b2c";
        let mut pos = Handicap::Even.position();
        let mut b = Board::new(&pos);
        for m in usi.split(' ').map(|m| Move::from_usi(m).unwrap()) {
            let played = b.play(m);
            assert_eq!(played.mover, pos.side_to_move());
            pos.play_unchecked(m);
            assert!(same(&b, &pos), "after {m}");
        }
    }

    #[test]
    fn a_move_from_an_empty_square_only_passes_the_turn() {
        let pos = Handicap::Even.position();
        let mut b = Board::new(&pos);
        let played = b.play(Move::from_usi("5e5d").unwrap());
        assert_eq!(played.arrived, None);
        assert_eq!(b.side, Color::White);
        assert_eq!(b.occupied(), pos.occupied());
    }
}
