//! Why a move is illegal: diagnosis of any move a record might contain, impossible ones
//! included, and lenient play that carries out a foul move where that is possible.
//!
//! Checks run in a fixed order and the first failure is reported: the mover, the source
//! square, the destination, the geometry, promotion, a piece left dead, two pawns on a file,
//! the king left in check, and last pawn-drop mate.

use super::attacks;
use super::bitboard::Bitboard;
use super::color::Color;
use super::foul::{Foul, IllegalMoveReason as R, PromotionReason};
use super::movegen::dead_squares;
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;
use super::Move;

/// The number of king steps between two squares.
fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

impl Position {
    /// Whether `m` is legal for the side to move.
    pub fn is_legal(&self, m: Move) -> bool {
        self.diagnose(m).is_ok()
    }

    /// `Ok` when `m` is legal for the side to move; otherwise the foul it commits.
    pub fn diagnose(&self, m: Move) -> Result<(), Foul> {
        self.diagnose_as(m, self.side_to_move())
    }

    /// Like [`Position::diagnose`], for a move the record says `mover` made: a mover other
    /// than the side to move is [`Foul::WrongTurn`].
    pub fn diagnose_as(&self, m: Move, mover: Color) -> Result<(), Foul> {
        self.diagnose_with(m, mover, None)
    }

    /// Like [`Position::diagnose_as`], for a caller that knows whether the side to move is
    /// in check (a game keeps that after every move). Out of check, a drop, or a move of a
    /// piece standing on no line through its own king, cannot expose the king, which saves
    /// the attack test. `in_check` must be true exactly when the side to move is in check.
    pub fn diagnose_knowing_check(
        &self,
        m: Move,
        mover: Color,
        in_check: bool,
    ) -> Result<(), Foul> {
        debug_assert_eq!(in_check, self.in_check(), "wrong check status given");
        self.diagnose_with(m, mover, Some(in_check))
    }

    fn diagnose_with(&self, m: Move, mover: Color, in_check: Option<bool>) -> Result<(), Foul> {
        if mover != self.side_to_move() {
            return Err(Foul::WrongTurn { mover });
        }
        match m {
            Move::Normal { from, to, promote } => {
                self.diagnose_board_move(from, to, promote, in_check)
            }
            Move::Drop { kind, to } => self.diagnose_drop(kind, to, in_check),
        }
    }

    fn diagnose_board_move(
        &self,
        from: Square,
        to: Square,
        promote: bool,
        in_check: Option<bool>,
    ) -> Result<(), Foul> {
        let us = self.side_to_move();
        let them = us.flip();
        if from == to {
            return Err(Foul::IllegalMove(R::SameSquare { at: from }));
        }
        let piece = self
            .piece_at(from)
            .ok_or(Foul::IllegalMove(R::EmptySource { from }))?;
        if piece.color != us {
            return Err(Foul::IllegalMove(R::OpponentPiece {
                from,
                kind: piece.kind,
            }));
        }
        let kind = piece.kind;
        if let Some(target) = self.piece_at(to) {
            if target.color == us {
                return Err(Foul::IllegalMove(R::CaptureOwnPiece {
                    to,
                    kind: target.kind,
                }));
            }
            if target.kind == PieceKind::King {
                return Err(Foul::IllegalMove(R::CapturesKing { to }));
            }
        }
        let occ = self.occupied();
        if !attacks::attacks(us, kind, from, occ).contains(to) {
            if attacks::pseudo_attacks(us, kind, from).contains(to) {
                let blocker = (attacks::between(from, to) & occ)
                    .min_by_key(|s| distance(from, *s))
                    .unwrap_or(to);
                return Err(Foul::IllegalMove(R::Blocked {
                    kind,
                    from,
                    to,
                    blocker,
                }));
            }
            return Err(Foul::IllegalMove(R::Geometry { kind, from, to }));
        }
        if promote {
            if kind.is_promoted() {
                return Err(Foul::IllegalPromotion(PromotionReason::AlreadyPromoted {
                    kind,
                }));
            }
            if !kind.can_promote() {
                return Err(Foul::IllegalPromotion(PromotionReason::CannotPromote {
                    kind,
                }));
            }
            if !from.in_zone(us) && !to.in_zone(us) {
                return Err(Foul::IllegalPromotion(PromotionReason::OutsideZone {
                    kind,
                    from,
                    to,
                }));
            }
        } else if dead_squares(us, kind).contains(to) {
            return Err(Foul::DeadPiece {
                kind,
                to,
                dropped: false,
            });
        }
        // The king must not be attacked afterwards.
        let king = if kind == PieceKind::King {
            Some(to)
        } else {
            self.king_square(us)
        };
        if let Some(k) = king {
            let occ_after = (occ ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
            // The cheapest test that is exact in each case; the attacker is looked up only
            // for the foul's message.
            let exposed = if kind == PieceKind::King {
                // The captured piece on `to` cannot attack its own square.
                self.is_attacked(k, them, occ_after)
            } else if in_check == Some(false) {
                self.uncovers_attack(k, from, to, occ_after)
            } else {
                self.attackers_to(k, them, occ_after)
                    .without(Bitboard::from_square(to))
                    .any()
            };
            if exposed {
                let attackers = self
                    .attackers_to(k, them, occ_after)
                    .without(Bitboard::from_square(to));
                if let Some(attacker) = attackers.first() {
                    return Err(self.self_check(k, attacker));
                }
                debug_assert!(false, "an exposed king without an attacker");
            }
        }
        Ok(())
    }

    fn diagnose_drop(
        &self,
        kind: PieceKind,
        to: Square,
        in_check: Option<bool>,
    ) -> Result<(), Foul> {
        let us = self.side_to_move();
        let them = us.flip();
        if !kind.is_hand_kind() {
            return Err(Foul::IllegalMove(R::NotDroppable { kind }));
        }
        if self.piece_at(to).is_some() {
            return Err(Foul::IllegalMove(R::DropOnOccupied { to }));
        }
        if !self.hand(us).has(kind) {
            return Err(Foul::IllegalMove(R::NotInHand { kind }));
        }
        if dead_squares(us, kind).contains(to) {
            return Err(Foul::DeadPiece {
                kind,
                to,
                dropped: true,
            });
        }
        if kind == PieceKind::Pawn {
            if let Some(pawn) =
                (self.pieces_of(us, PieceKind::Pawn) & attacks::file_mask(to.file())).first()
            {
                return Err(Foul::Nifu { to, pawn });
            }
        }
        // Out of check a drop cannot expose the king: it only adds a piece.
        if let Some(k) = self.king_square(us).filter(|_| in_check != Some(false)) {
            let occ_after = self.occupied() | Bitboard::from_square(to);
            if let Some(attacker) = self.attackers_to(k, them, occ_after).first() {
                return Err(self.self_check(k, attacker));
            }
        }
        if kind == PieceKind::Pawn
            && self.pawn_drop_check_square(us) == Some(to)
            && self.is_pawn_drop_mate(us, to)
        {
            return Err(Foul::Uchifuzume { to });
        }
        Ok(())
    }

    /// Whether moving the side to move's piece from `from` to `to` (leaving `occ_after`
    /// occupied) opens a line from an opposing slider to the king on `k`. Exact when the
    /// side to move is not in check: then only the line `from` leaves can bring an attack.
    fn uncovers_attack(&self, k: Square, from: Square, to: Square, occ_after: Bitboard) -> bool {
        if !(attacks::rook_pseudo(k) | attacks::bishop_pseudo(k)).contains(from) {
            return false;
        }
        let us = self.side_to_move();
        let snipers = self
            .slider_snipers(us, k)
            .without(Bitboard::from_square(to));
        for s in snipers {
            let line = attacks::between(k, s);
            if line.contains(from) && (line & occ_after).is_empty() {
                return true;
            }
        }
        false
    }

    fn self_check(&self, king: Square, attacker: Square) -> Foul {
        Foul::SelfCheck {
            was_in_check: self.in_check(),
            king,
            attacker,
            attacker_kind: self
                .piece_at(attacker)
                .map(|p| p.kind)
                .unwrap_or(PieceKind::King),
        }
    }

    /// Plays `m` for `mover` whatever fouls it commits, when it can be carried out: a wrong
    /// turn gives the move to `mover` first, a promotion of a kind that cannot promote is
    /// played as a plain move. Returns the foul (if any) and whether the move was carried out;
    /// a foul that cannot be carried out (see [`Foul::is_playable`]) leaves the position as
    /// it was.
    pub fn play_lenient(&mut self, m: Move, mover: Color) -> (Option<Foul>, bool) {
        let diagnosis = self.diagnose_as(m, mover);
        self.play_diagnosed(m, mover, diagnosis)
    }

    /// [`Position::play_lenient`] for a caller that has diagnosed the move already:
    /// `diagnosis` must be what [`Position::diagnose_as`]`(m, mover)` gives on this position.
    pub fn play_diagnosed(
        &mut self,
        m: Move,
        mover: Color,
        diagnosis: Result<(), Foul>,
    ) -> (Option<Foul>, bool) {
        debug_assert_eq!(diagnosis, self.diagnose_as(m, mover), "stale diagnosis");
        if diagnosis.is_ok() {
            // The usual case: no copy needed.
            self.play_unchecked(m);
            return (None, true);
        }
        let turn_foul = (mover != self.side_to_move()).then_some(Foul::WrongTurn { mover });
        let mut probe = self.clone();
        probe.set_side_to_move(mover);
        let foul = probe.diagnose(m).err();
        if let Some(f) = &foul {
            if !f.is_playable() {
                return (Some(turn_foul.unwrap_or_else(|| f.clone())), false);
            }
        }
        let m = match m {
            Move::Normal { from, to, promote } => {
                let can = probe.piece_at(from).is_some_and(|p| p.kind.can_promote());
                Move::Normal {
                    from,
                    to,
                    promote: promote && can,
                }
            }
            d => d,
        };
        self.set_side_to_move(mover);
        self.play_unchecked(m);
        (turn_foul.or(foul), true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Color::{Black, White};

    fn diag(sfen: &str, usi: &str) -> Result<(), Foul> {
        Position::from_sfen(sfen)
            .unwrap()
            .diagnose(Move::from_usi(usi).unwrap())
    }

    fn code(sfen: &str, usi: &str) -> &'static str {
        diag(sfen, usi).err().map_or("legal", |f| f.code().as_str())
    }

    const START: &str = crate::shogi::STARTPOS_SFEN;
    const START_W: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

    #[test]
    fn nifu_for_both_colours() {
        let e = diag("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5c").unwrap_err();
        assert_eq!(e.code(), "nifu");
        assert!(e.to_string().contains("file 5 already holds"), "{e}");
        assert_eq!(code("4k4/4p4/9/9/9/9/9/9/4K4 w p 1", "P*5g"), "nifu");
        // A tokin on the file does not count.
        assert_eq!(code("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "P*5c"), "legal");
    }

    #[test]
    fn uchifuzume_for_both_colours() {
        let e = diag("kn7/9/1S7/9/9/9/9/9/8K b P 1", "P*9b").unwrap_err();
        assert_eq!(e.code(), "uchifuzume");
        assert!(e.to_string().contains("pawn-drop mate"));
        // Mirror: black king on 1i boxed by its own lance and knight, white silver on 2g.
        assert_eq!(code("k8/9/9/9/9/9/7s1/9/7NK w p 1", "P*1h"), "uchifuzume");
        // A pawn-drop check the king can answer is legal.
        assert_eq!(code("kn7/9/9/9/9/9/9/9/8K b P 1", "P*9b"), "legal");
        // A pawn push that mates is not pawn-drop mate.
        assert_eq!(code("kn7/9/PS7/9/9/9/9/9/8K b - 1", "9c9b"), "legal");
    }

    #[test]
    fn dead_pieces_for_both_colours() {
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1b"), "dead-piece");
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4K4 b L 1", "L*1a"), "dead-piece");
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4K4 w p 1", "P*1i"), "dead-piece");
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4K4 w n 1", "N*1h"), "dead-piece");
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1c"), "legal");
        let e = diag("k8/4P4/9/9/9/9/9/9/8K b - 1", "5b5a").unwrap_err();
        assert_eq!(e.code(), "dead-piece");
        assert!(e.to_string().contains("moved unpromoted"));
        assert_eq!(code("k8/9/9/9/9/9/9/4p4/8K w - 1", "5h5i"), "dead-piece");
        assert_eq!(code("k8/9/9/9/9/9/9/4p4/8K w - 1", "5h5i+"), "legal");
    }

    #[test]
    fn self_check_and_ignored_check() {
        // The silver on 5h is pinned by the rook on 5a.
        let e = diag("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1", "5h4g").unwrap_err();
        assert_eq!(e.code(), "self-check");
        assert!(
            e.to_string()
                .contains("leaves the king on 5i in check from the rook on 5a"),
            "{e}"
        );
        // In check from the rook; a pawn push elsewhere ignores it.
        let e = diag("4r3k/9/9/9/9/9/P8/9/4K4 b - 1", "9g9f").unwrap_err();
        assert!(e.to_string().contains("does not answer the check"), "{e}");
        // The king walks into the rook's file.
        assert_eq!(code("3r4k/9/9/9/9/9/9/9/4K4 b - 1", "5i6i"), "self-check");
        // White: a drop that does not answer check.
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4R3K w g 1", "G*1a"), "self-check");
        assert_eq!(code("4k4/9/9/9/9/9/9/9/4R3K w g 1", "G*5b"), "legal");
    }

    #[test]
    fn illegal_moves_with_reasons() {
        let cases = [
            (START, "5e5d", "there is no piece on 5e"),
            (START, "3c3d", "belongs to the other side"),
            (START, "7g7e", "a pawn cannot move from 7g to 7e"),
            (START, "8h2b", "the piece on 7g is in the way"),
            (START, "6i7i", "captures the mover's own silver"),
            (START, "P*5e", "holds none"),
            (START_W, "3c3e", "a pawn cannot move from 3c to 3e"),
            (START_W, "5e5f", "there is no piece on 5e"),
            (START_W, "7g7f", "belongs to the other side"),
            (START_W, "2b8h", "the piece on 3c is in the way"),
            (START_W, "4a3a", "captures the mover's own silver"),
            (START_W, "G*5e", "holds none"),
            (START_W, "p*5e", "invalid"),
        ];
        for (sfen, usi, text) in cases {
            match Move::from_usi(usi) {
                Ok(m) => {
                    let e = Position::from_sfen(sfen).unwrap().diagnose(m).unwrap_err();
                    assert_eq!(e.code(), "illegal-move", "{usi}");
                    assert!(e.to_string().contains(text), "{usi}: {e}");
                }
                Err(e) => assert!(e.to_string().contains(text)),
            }
        }
        assert_eq!(
            code("4k4/9/9/9/4P4/9/9/9/4K4 b P 1", "P*5e"),
            "illegal-move"
        );
        assert_eq!(
            Position::startpos()
                .diagnose(Move::Drop {
                    kind: PieceKind::King,
                    to: Square::new(5, 5).unwrap()
                })
                .unwrap_err()
                .code(),
            "illegal-move"
        );
    }

    #[test]
    fn illegal_promotions() {
        assert_eq!(code(START, "7g7f+"), "illegal-promotion");
        assert_eq!(
            code("4k4/9/9/9/9/9/9/9/4K+R3 b - 1", "4i4a+"),
            "illegal-promotion"
        );
        assert_eq!(
            code("4k4/9/9/9/9/9/9/4G4/4K4 b - 1", "5h5g+"),
            "illegal-promotion"
        );
        // Promotion moving out of the zone is allowed.
        assert_eq!(code("4k4/9/4S4/9/9/9/9/9/4K4 b - 1", "5c4d+"), "legal");
        assert_eq!(code(START_W, "3c3d+"), "illegal-promotion");
    }

    #[test]
    fn wrong_turn_and_lenient_play() {
        let pos = Position::startpos();
        let m = Move::from_usi("3c3d").unwrap();
        let e = pos.diagnose_as(m, White).unwrap_err();
        assert_eq!(e.code(), "wrong-turn");
        assert_eq!(e.to_string(), "white moves, but it is black's turn");
        let w = Position::from_sfen(START_W).unwrap();
        let e = w
            .diagnose_as(Move::from_usi("7g7f").unwrap(), Black)
            .unwrap_err();
        assert_eq!(e.to_string(), "black moves, but it is white's turn");
        let mut p = pos.clone();
        let (foul, done) = p.play_lenient(m, White);
        assert_eq!(foul.unwrap().code(), "wrong-turn");
        assert!(done);
        assert_eq!(p.side_to_move(), Black);
        assert!(p.piece_at(Square::new(3, 4).unwrap()).is_some());
        // A geometry foul is carried out; an empty source is not.
        let mut p = Position::startpos();
        assert!(p.play_lenient(Move::from_usi("7g7e").unwrap(), Black).1);
        assert!(p.piece_at(Square::new(7, 5).unwrap()).is_some());
        let before = p.clone();
        assert!(!p.play_lenient(Move::from_usi("5e5d").unwrap(), White).1);
        assert_eq!(p, before);
    }

    #[test]
    fn every_legal_move_is_diagnosed_legal() {
        let pos = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        for m in pos.legal_moves() {
            assert_eq!(pos.diagnose(m), Ok(()), "{m}");
        }
    }
}
