//! Every legal move of a position (or of one piece), with its promotion choice: `optional`
//! when the same move is legal both promoting and not, `forced` when only the promotion is
//! legal (a pawn or lance reaching the last rank, a knight the last two), `none` otherwise.
//!
//! Written once over [`PositionView`], for standard shogi and the smaller variants: the list
//! comes from the rules core's legal moves, whether the other choice is legal from its
//! diagnosis of the twin move (so Tori Shogi's compulsory promotion shows as `forced`).

use serde::Serialize;

use crate::shogi::rules::MoveShape;
use crate::shogi::{Position, Square};
use crate::text::display_width;
use crate::variant::Variant;

use super::shown::{JsonHead, PositionView};

/// The promotion choice a move belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// The piece cannot promote on this move (or it is a drop).
    None,
    /// The move is legal both promoting and not.
    Optional,
    /// Only the promoting move is legal.
    Forced,
}

impl Promotion {
    /// `none`, `optional` or `forced`.
    pub fn name(self) -> &'static str {
        match self {
            Promotion::None => "none",
            Promotion::Optional => "optional",
            Promotion::Forced => "forced",
        }
    }

    /// The choice of a legal board move that promotes or not (`promotes`), given whether its
    /// twin (the same move with the other choice) is legal too.
    pub fn of_board_move(promotes: bool, twin_is_legal: bool) -> Promotion {
        match (promotes, twin_is_legal) {
            (_, true) => Promotion::Optional,
            (true, false) => Promotion::Forced,
            (false, false) => Promotion::None,
        }
    }
}

/// One legal move, described; in standard shogi, or (`P` = [`VPosition`]) in a smaller
/// variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo<P: PositionView = Position> {
    /// The move.
    pub mv: P::Move,
    /// The kind that moves (or is dropped), as it stands before the move.
    pub piece: P::Kind,
    /// The kind captured, as it stood.
    pub capture: Option<P::Kind>,
    /// The promotion choice (`forced` also for Tori Shogi's compulsory promotion).
    pub promotion: Promotion,
    /// KIF notation: `７六歩(77)`, `２二角成(88)`, `５五歩打` (standard shogi only).
    pub kif: Option<String>,
}

/// The legal moves of a position.
#[derive(Clone, Debug)]
pub struct MovesReport<P: PositionView = Position> {
    /// The position.
    pub position: P,
    /// The moves. Standard shogi's: board moves by source square, then destination
    /// (promotion first), then drops in the order P L N S G B R, each by destination
    /// (square-index order throughout); a variant's in the order its core generates them.
    pub moves: Vec<MoveInfo<P>>,
}

impl<P: PositionView> MovesReport<P> {
    /// Every legal move, or those of the piece on `from`. `previous` is the destination of the
    /// move before (for KIF's `同`), when known.
    pub fn new(position: &P, from: Option<Square>, previous: Option<Square>) -> MovesReport<P> {
        let mut list = P::MoveList::default();
        position.legal_moves_into(&mut list);
        let mut moves: Vec<MoveInfo<P>> = list
            .iter()
            .filter(|&&m| from.is_none() || P::shape(m).from() == from)
            .map(|&mv| describe(position, mv, previous))
            .collect();
        if position.variant() == Variant::Standard {
            let kinds = position.hand_kinds();
            moves.sort_by_key(|m| match P::shape(m.mv) {
                MoveShape::Board { from, to, promote } => (0, from.index(), to.index(), !promote),
                MoveShape::Drop { kind, to } => {
                    let k = kinds.iter().position(|&h| h == kind).unwrap_or(usize::MAX);
                    (1, k, to.index(), false)
                }
            });
        }
        MovesReport {
            position: position.clone(),
            moves,
        }
    }

    /// One move a line: USI, KIF (standard shogi), and the promotion choice when there is
    /// one: `8h2b+  ２二角成(88)     promotion: optional`; a variant's `2b2a+   promotion:
    /// optional`.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for m in &self.moves {
            let usi = self.position.move_usi(m.mv);
            match (&m.kif, m.promotion) {
                (Some(kif), Promotion::None) => s.push_str(&format!("{usi}  {kif}\n")),
                (Some(kif), p) => {
                    let pad = 20usize.saturating_sub(display_width(kif) + usi.len());
                    s.push_str(&format!(
                        "{usi}  {kif}{}  promotion: {}\n",
                        " ".repeat(pad),
                        p.name()
                    ));
                }
                (None, Promotion::None) => s.push_str(&format!("{usi}\n")),
                (None, p) => s.push_str(&format!("{usi:<7} promotion: {}\n", p.name())),
            }
        }
        s
    }

    /// The report as one line of JSON; a variant's with the `variant` first, the English
    /// `name` of each piece and no `kif`.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct M {
            usi: String,
            from: Option<String>,
            to: String,
            piece: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            name: Option<&'static str>,
            promotion: &'static str,
            promote: bool,
            capture: Option<String>,
            drop: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            kif: Option<String>,
        }
        #[derive(Serialize)]
        struct Report {
            #[serde(flatten)]
            head: JsonHead,
            moves: Vec<M>,
        }
        let pos = &self.position;
        let standard = pos.variant() == Variant::Standard;
        let report = Report {
            head: JsonHead::of(pos),
            moves: self
                .moves
                .iter()
                .map(|m| {
                    let shape = P::shape(m.mv);
                    M {
                        usi: pos.move_usi(m.mv),
                        from: shape.from().map(|s| s.to_string()),
                        to: shape.to().to_string(),
                        piece: pos.kind_text(m.piece),
                        name: (!standard).then(|| P::kind_english(m.piece)),
                        promotion: m.promotion.name(),
                        promote: shape.promotes(),
                        capture: m.capture.map(|k| pos.kind_text(k)),
                        drop: shape.from().is_none(),
                        kif: m.kif.clone(),
                    }
                })
                .collect(),
        };
        serde_json::to_string(&report).expect("plain data serializes")
    }
}

fn describe<P: PositionView>(position: &P, mv: P::Move, previous: Option<Square>) -> MoveInfo<P> {
    let (piece, capture, promotion) = match P::shape(mv) {
        MoveShape::Drop { kind, .. } => (kind, None, Promotion::None),
        MoveShape::Board { from, to, promote } => {
            let (_, kind) = position
                .piece_on(from)
                .expect("a legal board move starts on a piece");
            let twin = P::from_shape(MoveShape::Board {
                from,
                to,
                promote: !promote,
            });
            let twin_is_legal = position.diagnose(twin).is_ok();
            (
                kind,
                position.piece_on(to).map(|(_, k)| k),
                Promotion::of_board_move(promote, twin_is_legal),
            )
        }
    };
    MoveInfo {
        mv,
        piece,
        capture,
        promotion,
        kif: position.kif(mv, previous),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::PieceKind;
    use crate::variant::VPosition;

    #[test]
    fn promotions_are_optional_or_forced() {
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        )
        .unwrap();
        let r = MovesReport::new(&pos, Square::new(8, 8), None);
        let bx: Vec<_> = r
            .moves
            .iter()
            .filter(|m| m.mv.to() == Square::new(2, 2).unwrap())
            .collect();
        assert_eq!(bx.len(), 2);
        assert_eq!(bx[0].mv.to_usi(), "8h2b+");
        assert_eq!(bx[0].promotion, Promotion::Optional);
        assert_eq!(bx[1].kif.as_deref(), Some("２二角不成(88)"));
        assert_eq!(bx[0].capture, Some(PieceKind::Bishop));

        let pawn = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let r = MovesReport::new(&pawn, Square::new(9, 2), None);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].mv.to_usi(), "9b9a+");
        assert_eq!(r.moves[0].promotion, Promotion::Forced);
        assert!(r
            .to_text()
            .contains("9b9a+  ９一歩成(92)     promotion: forced\n"));
    }

    #[test]
    fn start_position_lists_thirty_moves_in_order() {
        let r = MovesReport::new(&Position::startpos(), None, None);
        assert_eq!(r.moves.len(), 30);
        assert!(r.to_text().contains("7g7f  ７六歩(77)\n"));
        assert!(r.moves.iter().all(|m| m.promotion == Promotion::None));
    }

    #[test]
    fn tori_promotion_is_optional_and_compulsory_only_under_that_rule() {
        // Little Golem: a falcon entering the zone may promote.
        let pos = VPosition::from_sfen_as("3k3/7/3F3/7/7/7/3K3 b - 1", None).unwrap();
        let r = MovesReport::new(&pos, Square::new(4, 3), None);
        assert!(
            r.to_text()
                .contains("4c4b+   promotion: optional\n4c4b    promotion: optional\n"),
            "{}",
            r.to_text()
        );
        assert!(r.moves.iter().all(|m| m.kif.is_none()));
        // Fairy-Stockfish's compulsory rule: it must.
        let pos = pos.with_promotion_rule(crate::variant::PromotionRule::Compulsory);
        let r = MovesReport::new(&pos, Square::new(4, 3), None);
        assert!(r
            .moves
            .iter()
            .all(|m| m.promotion == Promotion::Forced || m.promotion == Promotion::None));
        assert!(r.to_text().contains("4c4b+   promotion: forced\n"));
    }
}
