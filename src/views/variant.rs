//! The views of the smaller variants ([`crate::variant`]): the pieces' faces (kanji and
//! letters), where each piece in hand may be dropped and why not elsewhere, and every legal
//! move with its promotion choice.
//!
//! As for standard shogi, legality comes from the rules core only: each empty square is tried
//! with [`VPosition::diagnose`], so a drop's reason is the foul validation would report
//! (`nifu`, `swallow-file` naming the two swallows, `dead-piece`, `uchifuzume` for a pawn- or
//! swallow-drop mate, `self-check`), and the moves are [`VPosition::legal_moves`].
//!
//! Kanji: the standard pieces as in [`super::notation::board_kanji`]; Tori Shogi's phoenix 鵬,
//! falcon 鷹, eagle 鵰, crane 鶴, pheasant 雉, left and right quail 左鶉 右鶉 (one character,
//! 左 or 右, in text grids), swallow 燕, goose 鴈; Shogi 3x4's lion 獅, giraffe 麒, elephant 象,
//! chick 雛, hen 鶏. Letters are the variant's SFEN letters (`+` for promoted kinds), as
//! `../shared/design/variants.md` fixes them.

use serde::Serialize;

use crate::shogi::{Color, Foul, Square};
use crate::variant::{usi, VKind, VMove, VPiece, VPosition, Variant};

use super::board_svg::{panels_svg, BoardPicture, LegendItem};
use super::board_text::{grid_sized, mark_cell};
use super::drops::{IllegalDrop, KindDrops};
use super::moves::Promotion;
use super::PieceStyle;

pub use super::variant_pieces::{
    cell_kanji, kanji, names_a_hand_kind, names_a_kind, parse_kind, piece_name,
};

/// The three-column text cell of what stands on a square (`v` marks the second player's
/// pieces, as in the standard diagram).
pub fn piece_cell(variant: Variant, piece: Option<VPiece>, style: PieceStyle) -> String {
    let mark = |c: Color| if c == Color::White { 'v' } else { ' ' };
    match (piece, style) {
        (None, PieceStyle::Kanji) => " ・".into(),
        (None, PieceStyle::Letters) => "  .".into(),
        (Some(p), PieceStyle::Kanji) => format!("{}{}", mark(p.color), cell_kanji(p.kind)),
        (Some(p), PieceStyle::Letters) => format!(
            "{:>3}",
            format!("{}{}", mark(p.color), variant.kind_text(p.kind)).trim_start()
        ),
    }
}

/// The destination of the move that leads from `before` to `after`: the square that now holds
/// a piece of the side that moved and held something else before.
pub fn last_square(before: &VPosition, after: &VPosition) -> Option<Square> {
    let mover = before.side_to_move();
    after.squares().find(|&sq| {
        after.piece_at(sq).is_some_and(|p| p.color == mover)
            && after.piece_at(sq) != before.piece_at(sq)
    })
}

/// A square where a drop is illegal in a variant, with the foul it would commit.
pub type VIllegalDrop = IllegalDrop<VKind>;

/// The drops of one kind in a variant.
pub type VKindDrops = KindDrops<VKind>;

/// Drops for the side to move of a variant position: every kind it holds, or one kind.
#[derive(Clone, Debug)]
pub struct VDropsReport {
    /// The position.
    pub position: VPosition,
    /// One entry per kind, in the order the variant's SFEN writes hands.
    pub drops: Vec<VKindDrops>,
}

/// The reasons a drop may be refused in `variant`, with their marks, for legends.
fn reasons(variant: Variant) -> Vec<(char, &'static str, &'static str)> {
    let mut out = Vec::new();
    match variant.file_limit() {
        Some((VKind::Pawn, _)) => out.push(('N', "nifu", "nifu (a pawn already on the file)")),
        Some(_) => out.push((
            'S',
            "swallow-file",
            "swallow-file (two swallows already on the file)",
        )),
        None => {}
    }
    out.push(('D', "dead-piece", "dead piece (could never move)"));
    match variant.drop_mate_kind() {
        Some(VKind::Pawn) => out.push(('U', "uchifuzume", "uchifuzume (pawn-drop mate)")),
        Some(_) => out.push(('U', "uchifuzume", "uchifuzume (swallow-drop mate)")),
        None => {}
    }
    out.push(('C', "self-check", "check not answered"));
    out
}

impl VDropsReport {
    /// The drops of every kind the side to move holds, or only of `only`.
    pub fn new(position: &VPosition, only: Option<VKind>) -> VDropsReport {
        let us = position.side_to_move();
        let v = position.variant();
        let kinds: Vec<VKind> = match only {
            Some(k) => vec![k.unpromote()],
            None => v
                .kinds()
                .iter()
                .copied()
                .filter(|&k| !k.is_royal() && position.hand_count(us, k) > 0)
                .collect(),
        };
        let drops = kinds
            .into_iter()
            .map(|kind| {
                let in_hand = position.hand_count(us, kind);
                let mut legal = Vec::new();
                let mut illegal = Vec::new();
                if in_hand > 0 {
                    for square in position.squares() {
                        if position.piece_at(square).is_some() {
                            continue;
                        }
                        match position.diagnose(VMove::Drop { kind, to: square }) {
                            Ok(()) => legal.push(square),
                            Err(foul) => illegal.push(VIllegalDrop { square, foul }),
                        }
                    }
                }
                VKindDrops {
                    kind,
                    in_hand,
                    legal,
                    illegal,
                }
            })
            .collect();
        VDropsReport {
            position: position.clone(),
            drops,
        }
    }

    /// One line of JSON: as standard shogi's, with the `variant` first, each kind's English
    /// `name`, and `swallows` (the two already on the file) for a `swallow-file` refusal.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Illegal {
            square: String,
            reason: crate::shogi::FoulCode,
            #[serde(skip_serializing_if = "Option::is_none")]
            pawn: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            swallows: Option<[String; 2]>,
            message: String,
        }
        #[derive(Serialize)]
        struct Kind {
            piece: String,
            name: &'static str,
            in_hand: u8,
            legal: Vec<String>,
            illegal: Vec<Illegal>,
        }
        #[derive(Serialize)]
        struct Report {
            variant: &'static str,
            sfen: String,
            side: &'static str,
            drops: Vec<Kind>,
        }
        let v = self.position.variant();
        let report = Report {
            variant: v.name(),
            sfen: self.position.to_sfen(),
            side: self.position.side_to_move().name(),
            drops: self
                .drops
                .iter()
                .map(|d| Kind {
                    piece: v.kind_text(d.kind),
                    name: d.kind.english(),
                    in_hand: d.in_hand,
                    legal: d.legal.iter().map(Square::to_string).collect(),
                    illegal: d
                        .illegal
                        .iter()
                        .map(|i| Illegal {
                            square: i.square.to_string(),
                            reason: i.foul.code(),
                            pawn: match &i.foul {
                                Foul::Nifu { pawn, .. } => Some(pawn.to_string()),
                                _ => None,
                            },
                            swallows: match &i.foul {
                                Foul::SwallowFile { swallows, .. } => {
                                    Some([swallows[0].to_string(), swallows[1].to_string()])
                                }
                                _ => None,
                            },
                            message: i.foul.to_string(),
                        })
                        .collect(),
                })
                .collect(),
        };
        serde_json::to_string(&report).expect("plain data serializes")
    }

    /// One marked board per kind (`o` legal, the reason's mark elsewhere), the illegal squares
    /// other than dead-piece ones listed with their reasons, then the legend.
    pub fn to_text(&self, style: PieceStyle) -> String {
        let pos = &self.position;
        let v = pos.variant();
        let side = pos.side_to_move();
        let mut s = format!("{} ({})\n", v.title(), v.name());
        if self.drops.is_empty() {
            s.push_str(&format!("{side} has no pieces in hand\n"));
        }
        let reasons = reasons(v);
        for d in &self.drops {
            let name = match style {
                PieceStyle::Kanji => format!("{} {}", kanji(d.kind), v.kind_text(d.kind)),
                PieceStyle::Letters => v.kind_text(d.kind),
            };
            let mut counts = format!("{} legal", d.legal.len());
            for &(_, code, _) in &reasons {
                let n = d.illegal.iter().filter(|i| i.foul.code() == code).count();
                if n > 0 {
                    counts.push_str(&format!(", {n} {code}"));
                }
            }
            s.push_str(&format!(
                "{name} ({}, {} in hand): {counts}\n",
                d.kind.english(),
                d.in_hand
            ));
            s.push_str(&grid_sized(v.files(), v.ranks(), style, |sq| {
                match d.mark_at(sq) {
                    Some(m) => mark_cell(m, style),
                    None => piece_cell(v, pos.piece_at(sq), style),
                }
            }));
            let dead: Vec<String> = d
                .illegal
                .iter()
                .filter(|i| i.foul.code() == crate::shogi::FoulCode::DeadPiece)
                .map(|i| i.square.to_string())
                .collect();
            if !dead.is_empty() {
                s.push_str(&format!(
                    "  D: a {} could never move from {}\n",
                    d.kind.english(),
                    dead.join(" ")
                ));
            }
            for i in d.illegal.iter().filter(|i| i.foul.code() != "dead-piece") {
                s.push_str(&format!("  {}: {} ({})\n", i.square, i.foul.code(), i.foul));
            }
            s.push('\n');
        }
        let mut legend = vec!["o legal".to_string()];
        legend.extend(reasons.iter().map(|(m, _, t)| format!("{m} {t}")));
        s.push_str(&legend.join("  "));
        s.push('\n');
        s
    }

    /// One board per kind (two to a row), legal squares highlighted, illegal ones marked, the
    /// promotion zones shaded.
    pub fn to_svg(&self, style: PieceStyle) -> String {
        let pos = &self.position;
        let v = pos.variant();
        let mut pictures = Vec::new();
        for d in &self.drops {
            let name = match style {
                PieceStyle::Kanji => format!("{} ({})", kanji(d.kind), v.kind_text(d.kind)),
                PieceStyle::Letters => format!("{} ({})", v.kind_text(d.kind), d.kind.english()),
            };
            pictures.push(d.picture(pos, style, &name, pos.side_to_move()));
        }
        if pictures.is_empty() {
            let mut p = BoardPicture::new(pos, style);
            p.caption = Some(format!("{} has no pieces in hand", pos.side_to_move()));
            pictures.push(p);
        }
        let mut legend = vec![LegendItem::Highlight("legal drop".into())];
        for (m, code, _) in reasons(v) {
            let text = match code {
                "self-check" => "check not answered".to_string(),
                "dead-piece" => "dead piece".to_string(),
                c => c.to_string(),
            };
            legend.push(LegendItem::Mark(m, text));
        }
        panels_svg(&pictures, 2, &legend)
    }
}

/// One legal move of a variant position, described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VMoveInfo {
    /// The move.
    pub mv: VMove,
    /// The kind that moves (or is dropped), as it stands before the move.
    pub piece: VKind,
    /// The kind captured.
    pub capture: Option<VKind>,
    /// The promotion choice (`forced` also for Tori Shogi's compulsory promotion).
    pub promotion: Promotion,
}

/// The legal moves of a variant position, in the order the rules core generates them.
#[derive(Clone, Debug)]
pub struct VMovesReport {
    /// The position.
    pub position: VPosition,
    /// The moves.
    pub moves: Vec<VMoveInfo>,
}

impl VMovesReport {
    /// Every legal move, or those of the piece on `from`.
    pub fn new(position: &VPosition, from: Option<Square>) -> VMovesReport {
        let legal = position.legal_moves();
        let moves = legal
            .iter()
            .filter(|m| match (from, m) {
                (None, _) => true,
                (Some(sq), VMove::Normal { from, .. }) => *from == sq,
                (Some(_), VMove::Drop { .. }) => false,
            })
            .map(|&mv| {
                let (piece, promotion) = match mv {
                    VMove::Drop { kind, .. } => (kind, Promotion::None),
                    VMove::Normal { from, to, promote } => {
                        let kind = position
                            .piece_at(from)
                            .map(|p| p.kind)
                            .expect("a legal board move starts on a piece");
                        let twin = VMove::Normal {
                            from,
                            to,
                            promote: !promote,
                        };
                        (
                            kind,
                            Promotion::of_board_move(promote, legal.contains(&twin)),
                        )
                    }
                };
                VMoveInfo {
                    mv,
                    piece,
                    capture: match mv {
                        VMove::Normal { to, .. } => position.piece_at(to).map(|p| p.kind),
                        VMove::Drop { .. } => None,
                    },
                    promotion,
                }
            })
            .collect();
        VMovesReport {
            position: position.clone(),
            moves,
        }
    }

    /// One USI move a line, with the promotion choice when there is one:
    /// `2b2a+  promotion: optional`.
    pub fn to_text(&self) -> String {
        let v = self.position.variant();
        let mut s = String::new();
        for m in &self.moves {
            let text = usi(v, m.mv);
            match m.promotion {
                Promotion::None => s.push_str(&format!("{text}\n")),
                p => s.push_str(&format!("{text:<7} promotion: {}\n", p.name())),
            }
        }
        s
    }

    /// One line of JSON: as standard shogi's (without `kif`), with the `variant` first and
    /// the English `name` of the piece.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct M {
            usi: String,
            from: Option<String>,
            to: String,
            piece: String,
            name: &'static str,
            promotion: &'static str,
            promote: bool,
            capture: Option<String>,
            drop: bool,
        }
        #[derive(Serialize)]
        struct Report {
            variant: &'static str,
            sfen: String,
            side: &'static str,
            moves: Vec<M>,
        }
        let v = self.position.variant();
        let report = Report {
            variant: v.name(),
            sfen: self.position.to_sfen(),
            side: self.position.side_to_move().name(),
            moves: self
                .moves
                .iter()
                .map(|m| M {
                    usi: usi(v, m.mv),
                    from: match m.mv {
                        VMove::Normal { from, .. } => Some(from.to_string()),
                        VMove::Drop { .. } => None,
                    },
                    to: m.mv.to().to_string(),
                    piece: v.kind_text(m.piece),
                    name: m.piece.english(),
                    promotion: m.promotion.name(),
                    promote: matches!(m.mv, VMove::Normal { promote: true, .. }),
                    capture: m.capture.map(|k| v.kind_text(k)),
                    drop: matches!(m.mv, VMove::Drop { .. }),
                })
                .collect(),
        };
        serde_json::to_string(&report).expect("plain data serializes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_parse_in_every_spelling() {
        for v in Variant::ALL {
            for k in VKind::ALL.into_iter().filter(|&k| v.has_kind(k)) {
                assert_eq!(parse_kind(v, &v.kind_text(k)), Some(k), "{v} {k}");
                assert_eq!(parse_kind(v, kanji(k)), Some(k), "{v} {k}");
                assert_eq!(parse_kind(v, k.english()), Some(k), "{v} {k}");
            }
        }
        assert_eq!(parse_kind(Variant::Torishogi, "s"), Some(VKind::Swallow));
        assert_eq!(parse_kind(Variant::Minishogi, "燕"), None);
        assert!(names_a_kind("goose") && !names_a_kind("queen"));
        assert!(names_a_hand_kind("燕") && !names_a_hand_kind("K") && !names_a_hand_kind("+S"));
    }

    #[test]
    fn the_third_swallow_names_the_two_on_the_file() {
        let pos = VPosition::from_sfen_as("3k3/7/7/2S4/2S4/7/3K3 b S 1", None).unwrap();
        let r = VDropsReport::new(&pos, None);
        assert_eq!(r.drops.len(), 1);
        let d = &r.drops[0];
        assert_eq!(d.legal.len() + d.illegal.len(), 49 - 4);
        let file: Vec<&VIllegalDrop> = d.illegal.iter().filter(|i| i.mark() == 'S').collect();
        assert_eq!(file.len(), 4);
        let json = r.to_json();
        assert!(
            json.contains(r#""reason":"swallow-file","swallows":["5d","5e"]"#),
            "{json}"
        );
        assert!(r
            .to_text(PieceStyle::Kanji)
            .contains("燕 S (swallow, 1 in hand)"));
    }

    #[test]
    fn tori_promotion_is_optional_and_compulsory_only_under_that_rule() {
        // Little Golem: a falcon entering the zone may promote.
        let pos = VPosition::from_sfen_as("3k3/7/3F3/7/7/7/3K3 b - 1", None).unwrap();
        let r = VMovesReport::new(&pos, Square::new(4, 3));
        assert!(
            r.to_text()
                .contains("4c4b+   promotion: optional\n4c4b    promotion: optional\n"),
            "{}",
            r.to_text()
        );
        // Fairy-Stockfish's compulsory rule: it must.
        let pos = pos.with_promotion_rule(crate::variant::PromotionRule::Compulsory);
        let r = VMovesReport::new(&pos, Square::new(4, 3));
        assert!(r
            .moves
            .iter()
            .all(|m| m.promotion == Promotion::Forced || m.promotion == Promotion::None));
        assert!(r.to_text().contains("4c4b+   promotion: forced\n"));
    }
}
