//! Where each piece in hand may be dropped, and why not on every other empty square.
//!
//! Each empty square is tried with [`Position::diagnose`] on a [`Move::Drop`]; the foul it
//! reports is the reason (`nifu`, `dead-piece`, `uchifuzume`, `self-check`), so these views
//! always agree with validation. Occupied squares are not listed: no piece may be dropped on
//! them.

use serde::Serialize;

use crate::shogi::{Color, Foul, FoulCode, Move, PieceKind, Position, Square};

use super::board_svg::{panels_svg, BoardPicture, Diagram, LegendItem};
use super::board_text::{grid, mark_cell, piece_cell};
use super::notation::board_kanji;
use super::PieceStyle;

/// A square where a drop is illegal, with the foul it would commit; in standard shogi, or
/// (`K` = [`VKind`](crate::variant::VKind)) in a smaller variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalDrop<K = PieceKind> {
    /// The square.
    pub square: Square,
    /// What is wrong with the drop.
    pub foul: Foul<K>,
}

impl<K> IllegalDrop<K> {
    /// The one-letter mark the text and SVG views use: `N` nifu, `S` swallow-file (a
    /// variant's), `D` dead piece, `U` uchifuzume (a pawn- or swallow-drop mate), `C` check
    /// not answered (or the king left in check), `X` anything else.
    pub fn mark(&self) -> char {
        match self.foul.code() {
            FoulCode::Nifu => 'N',
            FoulCode::SwallowFile => 'S',
            FoulCode::DeadPiece => 'D',
            FoulCode::Uchifuzume => 'U',
            FoulCode::SelfCheck => 'C',
            _ => 'X',
        }
    }
}

/// The drops of one kind, in standard shogi or (`K` = [`VKind`](crate::variant::VKind)) in a
/// smaller variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindDrops<K = PieceKind> {
    /// The kind.
    pub kind: K,
    /// How many the side to move holds.
    pub in_hand: u8,
    /// The squares where the drop is legal, in square-index order.
    pub legal: Vec<Square>,
    /// The other empty squares, in square-index order (none when no piece is held).
    pub illegal: Vec<IllegalDrop<K>>,
}

impl<K> KindDrops<K> {
    /// The mark of `sq` on this kind's board: `o` legal, the reason's mark where illegal,
    /// `None` elsewhere (occupied squares).
    pub(super) fn mark_at(&self, sq: Square) -> Option<char> {
        if self.legal.contains(&sq) {
            return Some('o');
        }
        self.illegal
            .iter()
            .find(|i| i.square == sq)
            .map(|i| i.mark())
    }

    /// This kind's board picture: legal squares highlighted, illegal ones marked, captioned
    /// `NAME drops for SIDE: N legal`.
    pub(super) fn picture<'a, B: Diagram + ?Sized>(
        &self,
        position: &'a B,
        style: PieceStyle,
        name: &str,
        side: Color,
    ) -> BoardPicture<'a, B> {
        let mut p = BoardPicture::new(position, style);
        p.highlight = self.legal.clone();
        p.marks = self.illegal.iter().map(|i| (i.square, i.mark())).collect();
        p.caption = Some(format!(
            "{name} drops for {side}: {} legal",
            self.legal.len()
        ));
        p
    }
}

/// Drops for the side to move: every kind it holds, or one kind.
#[derive(Clone, Debug)]
pub struct DropsReport {
    /// The position.
    pub position: Position,
    /// One entry per kind, in the order P L N S G B R.
    pub drops: Vec<KindDrops>,
}

impl DropsReport {
    /// The drops of every kind the side to move holds, or only of `only` (listed even when
    /// none is held: then nothing is legal and no square is listed).
    pub fn new(position: &Position, only: Option<PieceKind>) -> DropsReport {
        let us = position.side_to_move();
        let kinds: Vec<PieceKind> = match only {
            Some(k) => vec![k.unpromote()],
            None => PieceKind::HAND
                .into_iter()
                .filter(|&k| position.hand(us).has(k))
                .collect(),
        };
        let drops = kinds
            .into_iter()
            .map(|kind| kind_drops(position, kind))
            .collect();
        DropsReport {
            position: position.clone(),
            drops,
        }
    }

    /// The report as one line of JSON (see the module documentation of the CLI).
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Illegal {
            square: String,
            reason: FoulCode,
            #[serde(skip_serializing_if = "Option::is_none")]
            pawn: Option<String>,
            message: String,
        }
        #[derive(Serialize)]
        struct Kind {
            piece: &'static str,
            in_hand: u8,
            legal: Vec<String>,
            illegal: Vec<Illegal>,
        }
        #[derive(Serialize)]
        struct Report {
            sfen: String,
            side: &'static str,
            drops: Vec<Kind>,
        }
        let report = Report {
            sfen: self.position.to_sfen(),
            side: self.position.side_to_move().name(),
            drops: self
                .drops
                .iter()
                .map(|d| Kind {
                    piece: d.kind.sfen(),
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
                            message: i.foul.to_string(),
                        })
                        .collect(),
                })
                .collect(),
        };
        serde_json::to_string(&report).expect("plain data serializes")
    }

    /// One board per kind with the marks (`o` legal, `N` nifu, `D` dead piece, `U`
    /// uchifuzume, `C` check not answered), then the legend.
    pub fn to_text(&self, style: PieceStyle) -> String {
        let side = self.position.side_to_move();
        let mut s = String::new();
        if self.drops.is_empty() {
            s.push_str(&format!("{side} has no pieces in hand\n"));
        }
        for d in &self.drops {
            let name = match style {
                PieceStyle::Kanji => format!("{} {}", board_kanji(d.kind), d.kind.sfen()),
                PieceStyle::Letters => d.kind.sfen().to_string(),
            };
            let mut counts = format!("{} legal", d.legal.len());
            for (code, label) in [
                ("nifu", "nifu"),
                ("dead-piece", "dead piece"),
                ("uchifuzume", "uchifuzume"),
                ("self-check", "check not answered"),
            ] {
                let n = d.illegal.iter().filter(|i| i.foul.code() == code).count();
                if n > 0 {
                    counts.push_str(&format!(", {n} {label}"));
                }
            }
            s.push_str(&format!(
                "{name} ({}, {} in hand): {counts}\n",
                d.kind.english(),
                d.in_hand
            ));
            s.push_str(&grid(style, |sq| match d.mark_at(sq) {
                Some(m) => mark_cell(m, style),
                None => piece_cell(self.position.piece_at(sq), style),
            }));
            let mut pawns: Vec<String> = Vec::new();
            let mut notes: Vec<String> = Vec::new();
            for i in &d.illegal {
                let note = match &i.foul {
                    Foul::Nifu { pawn, .. } => {
                        if !pawns.contains(&pawn.to_string()) {
                            pawns.push(pawn.to_string());
                        }
                        continue;
                    }
                    Foul::Uchifuzume { .. } | Foul::SelfCheck { .. } => {
                        format!("{}: {}", i.mark(), i.foul)
                    }
                    _ => continue,
                };
                if !notes.contains(&note) {
                    notes.push(note);
                }
            }
            if !pawns.is_empty() {
                notes.insert(
                    0,
                    format!("N: {side}'s unpromoted pawns stand on {}", pawns.join(" ")),
                );
            }
            for note in notes {
                s.push_str(&note);
                s.push('\n');
            }
            s.push('\n');
        }
        s.push_str(
            "o legal  N nifu (a pawn already on the file)  D dead piece (could never move)  \
U uchifuzume (pawn-drop mate)  C check not answered\n",
        );
        s
    }

    /// One board per kind (two to a row), legal squares highlighted and illegal ones marked.
    pub fn to_svg(&self, style: PieceStyle) -> String {
        let mut pictures = Vec::new();
        for d in &self.drops {
            let name = match style {
                PieceStyle::Kanji => format!("{} ({})", board_kanji(d.kind), d.kind.sfen()),
                PieceStyle::Letters => format!("{} ({})", d.kind.sfen(), d.kind.english()),
            };
            pictures.push(d.picture(&self.position, style, &name, self.position.side_to_move()));
        }
        if pictures.is_empty() {
            let mut p = BoardPicture::new(&self.position, style);
            p.caption = Some(format!(
                "{} has no pieces in hand",
                self.position.side_to_move()
            ));
            pictures.push(p);
        }
        let legend = [
            LegendItem::Highlight("legal drop".into()),
            LegendItem::Mark('N', "nifu".into()),
            LegendItem::Mark('D', "dead piece".into()),
            LegendItem::Mark('U', "uchifuzume".into()),
            LegendItem::Mark('C', "check not answered".into()),
        ];
        panels_svg(&pictures, 2, &legend)
    }
}

fn kind_drops(position: &Position, kind: PieceKind) -> KindDrops {
    let us: Color = position.side_to_move();
    let in_hand = position.hand(us).count(kind);
    let mut legal = Vec::new();
    let mut illegal = Vec::new();
    if in_hand > 0 {
        for square in Square::all() {
            if position.piece_at(square).is_some() {
                continue;
            }
            match position.diagnose(Move::Drop { kind, to: square }) {
                Ok(()) => legal.push(square),
                Err(foul) => illegal.push(IllegalDrop { square, foul }),
            }
        }
    }
    KindDrops {
        kind,
        in_hand,
        legal,
        illegal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_empty_square_is_legal_or_has_a_reason() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b PN 1").unwrap();
        let r = DropsReport::new(&pos, None);
        assert_eq!(r.drops.len(), 2);
        for d in &r.drops {
            assert_eq!(d.legal.len() + d.illegal.len(), 78);
        }
        let pawn = &r.drops[0];
        assert!(pawn.illegal.iter().all(|i| i.mark() != 'X'));
        assert_eq!(pawn.illegal.iter().filter(|i| i.mark() == 'N').count(), 6);
        let knight = &r.drops[1];
        assert_eq!(knight.illegal.len(), 17);
    }
}
