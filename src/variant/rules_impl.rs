//! The generic core behind the one rules interface ([`crate::shogi::rules::Rules`]), so
//! that perft and the views written over it take every variant.

use crate::shogi::rules::{MoveShape, Outcome, Rules};
use crate::shogi::{Color, Square};

use super::kind::VKind;
use super::notation::VSfenError;
use super::position::{VFoul, VMove, VPosition};

impl Rules for VPosition {
    type Kind = VKind;
    type Move = VMove;
    type MoveList = Vec<VMove>;
    type SfenError = VSfenError;

    fn from_sfen(sfen: &str) -> Result<VPosition, VSfenError> {
        VPosition::from_sfen_as(sfen, None)
    }
    fn to_sfen(&self) -> String {
        VPosition::to_sfen(self)
    }
    fn side_to_move(&self) -> Color {
        VPosition::side_to_move(self)
    }
    fn board_size(&self) -> (u8, u8) {
        (self.variant().files(), self.variant().ranks())
    }
    fn piece_on(&self, sq: Square) -> Option<(Color, VKind)> {
        self.piece_at(sq).map(|p| (p.color, p.kind))
    }
    /// The variant's kinds in SFEN hand order (its royal kind among them, never held).
    fn hand_kinds(&self) -> &'static [VKind] {
        self.variant().kinds()
    }
    fn hand_count(&self, color: Color, kind: VKind) -> u8 {
        VPosition::hand_count(self, color, kind)
    }
    fn legal_moves_into(&self, out: &mut Vec<VMove>) {
        *out = self.legal_moves();
    }
    fn play_unchecked(&mut self, m: VMove) {
        VPosition::play_unchecked(self, m)
    }
    fn diagnose(&self, m: VMove) -> Result<(), VFoul> {
        VPosition::diagnose(self, m)
    }
    fn in_check(&self) -> bool {
        VPosition::in_check(self)
    }
    fn repetition_key(&self) -> u64 {
        self.key()
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.campmate_winner() {
            return Some(Outcome::Campmate { winner });
        }
        if self.has_legal_move() {
            return None;
        }
        let winner = VPosition::side_to_move(self).flip();
        Some(if VPosition::in_check(self) {
            Outcome::Checkmate { winner }
        } else {
            Outcome::NoLegalMove { winner }
        })
    }
    fn shape(m: VMove) -> MoveShape<VKind> {
        match m {
            VMove::Normal { from, to, promote } => MoveShape::Board { from, to, promote },
            VMove::Drop { kind, to } => MoveShape::Drop { kind, to },
        }
    }
    fn from_shape(shape: MoveShape<VKind>) -> VMove {
        match shape {
            MoveShape::Board { from, to, promote } => VMove::Normal { from, to, promote },
            MoveShape::Drop { kind, to } => VMove::Drop { kind, to },
        }
    }
    fn move_usi(&self, m: VMove) -> String {
        self.usi(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn the_generic_core_answers_through_the_trait() {
        let start = VPosition::start(Variant::Minishogi);
        assert_eq!(Rules::outcome(&start), None);
        assert_eq!(start.board_size(), (5, 5));
        assert_eq!(Rules::count_legal_moves(&start), 14);
        assert_eq!(start.count_legal_moves_made(), 14);
        // 3x4: the lion that reached the far rank has won.
        let mut pos = <VPosition as Rules>::from_sfen("3/1L1/3/l2 b - 1").unwrap();
        let m = pos.parse_usi("2b2a").unwrap();
        Rules::play_unchecked(&mut pos, m);
        assert_eq!(
            Rules::outcome(&pos),
            Some(Outcome::Campmate {
                winner: Color::Black
            })
        );
        let drop = VMove::Drop {
            kind: VKind::Pawn,
            to: Square::new(3, 3).unwrap(),
        };
        assert_eq!(VPosition::from_shape(VPosition::shape(drop)), drop);
    }
}
