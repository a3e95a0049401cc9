//! Every legal move of a position (or of one piece), with its promotion choice: `optional`
//! when the same move is legal both promoting and not, `forced` when only the promotion is
//! legal (a pawn or lance reaching the last rank, a knight the last two), `none` otherwise.
//!
//! The list comes from [`Position::legal_moves`]; whether the other choice is legal comes from
//! [`Position::is_legal`].

use serde::Serialize;

use crate::shogi::{Move, PieceKind, Position, Square};
use crate::text::display_width;

use super::notation::kif_move;

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

/// One legal move, described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The move.
    pub mv: Move,
    /// The kind that moves (or is dropped), as it stands before the move.
    pub piece: PieceKind,
    /// The kind captured, as it stood.
    pub capture: Option<PieceKind>,
    /// The promotion choice.
    pub promotion: Promotion,
    /// KIF notation: `７六歩(77)`, `２二角成(88)`, `５五歩打`.
    pub kif: String,
}

/// The legal moves of a position.
#[derive(Clone, Debug)]
pub struct MovesReport {
    /// The position.
    pub position: Position,
    /// The moves: board moves by source square, then destination (promotion first), then
    /// drops in the order P L N S G B R, each by destination (square-index order throughout).
    pub moves: Vec<MoveInfo>,
}

impl MovesReport {
    /// Every legal move, or those of the piece on `from`. `previous` is the destination of the
    /// move before (for KIF's `同`), when known.
    pub fn new(position: &Position, from: Option<Square>, previous: Option<Square>) -> MovesReport {
        let list = match from {
            Some(sq) => position.legal_moves_from(sq),
            None => position.legal_moves(),
        };
        let mut moves: Vec<MoveInfo> = list
            .iter()
            .map(|&mv| describe(position, mv, previous))
            .collect();
        moves.sort_by_key(|m| match m.mv {
            Move::Normal { from, to, promote } => (0, from.index(), to.index(), !promote),
            Move::Drop { kind, to } => (1, kind.index(), to.index(), false),
        });
        MovesReport {
            position: position.clone(),
            moves,
        }
    }

    /// One move a line: USI, KIF, and the promotion choice when there is one:
    /// `8h2b+  ２二角成(88)     promotion: optional`.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for m in &self.moves {
            let usi = m.mv.to_usi();
            match m.promotion {
                Promotion::None => s.push_str(&format!("{usi}  {}\n", m.kif)),
                p => {
                    let pad = 20usize.saturating_sub(display_width(&m.kif) + usi.len());
                    s.push_str(&format!(
                        "{usi}  {}{}  promotion: {}\n",
                        m.kif,
                        " ".repeat(pad),
                        p.name()
                    ));
                }
            }
        }
        s
    }

    /// The report as one line of JSON.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct M {
            usi: String,
            from: Option<String>,
            to: String,
            piece: &'static str,
            promotion: &'static str,
            promote: bool,
            capture: Option<&'static str>,
            drop: bool,
            kif: String,
        }
        #[derive(Serialize)]
        struct Report {
            sfen: String,
            side: &'static str,
            moves: Vec<M>,
        }
        let report = Report {
            sfen: self.position.to_sfen(),
            side: self.position.side_to_move().name(),
            moves: self
                .moves
                .iter()
                .map(|m| M {
                    usi: m.mv.to_usi(),
                    from: m.mv.from().map(|s| s.to_string()),
                    to: m.mv.to().to_string(),
                    piece: m.piece.sfen(),
                    promotion: m.promotion.name(),
                    promote: m.mv.is_promotion(),
                    capture: m.capture.map(PieceKind::sfen),
                    drop: m.mv.is_drop(),
                    kif: m.kif.clone(),
                })
                .collect(),
        };
        serde_json::to_string(&report).expect("plain data serializes")
    }
}

fn describe(position: &Position, mv: Move, previous: Option<Square>) -> MoveInfo {
    let (piece, promotion) = match mv {
        Move::Drop { kind, .. } => (kind, Promotion::None),
        Move::Normal { from, to, promote } => {
            let kind = position
                .piece_at(from)
                .map(|p| p.kind)
                .expect("a legal board move starts on a piece");
            let twin = Move::Normal {
                from,
                to,
                promote: !promote,
            };
            (
                kind,
                Promotion::of_board_move(promote, position.is_legal(twin)),
            )
        }
    };
    MoveInfo {
        mv,
        piece,
        capture: match mv {
            Move::Normal { to, .. } => position.piece_at(to).map(|p| p.kind),
            Move::Drop { .. } => None,
        },
        promotion,
        kif: kif_move(position, mv, previous),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(bx[1].kif, "２二角不成(88)");
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
}
