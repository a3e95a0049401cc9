//! Where each piece in hand may be dropped, and why not on every other empty square.
//!
//! Written once over [`PositionView`], for standard shogi and the smaller variants. Each
//! empty square is tried with the rules core's diagnosis of the drop; the foul it reports is
//! the reason (`nifu`, `swallow-file` naming the two swallows, `dead-piece`, `uchifuzume` for
//! a pawn- or swallow-drop mate, `self-check`), so these views always agree with validation. Occupied squares are not listed: no piece may be dropped on
//! them.

use serde::Serialize;

use crate::shogi::rules::MoveShape;
use crate::shogi::{Color, Foul, FoulCode, FoulKind, PieceKind, Position, Square};
use crate::variant::{VKind, Variant};

use super::board_svg::{panels_svg, BoardPicture, Diagram, LegendItem};
use super::board_text::{grid_sized, mark_cell};
use super::shown::{JsonHead, PositionView};
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

/// Drops for the side to move: every kind it holds, or one kind; in standard shogi, or (`P`
/// = [`VPosition`](crate::variant::VPosition)) in a smaller variant.
#[derive(Clone, Debug)]
pub struct DropsReport<P: PositionView = Position> {
    /// The position.
    pub position: P,
    /// One entry per kind, in the order SFEN writes hands (P L N S G B R in standard shogi).
    pub drops: Vec<KindDrops<P::Kind>>,
}

/// The reasons a drop may be refused in `variant`, with their marks, for legends: `(mark,
/// code, legend text)`.
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

/// Reads the `--piece` of `drops` for `pos`'s game: a kind that can be dropped (unpromoted,
/// not royal), or the sentence saying why `text` is none.
pub fn parse_drop_kind<P: PositionView>(pos: &P, text: &str) -> Result<P::Kind, String> {
    let v = pos.variant();
    pos.parse_kind(text)
        .filter(|&k| !P::is_royal(k) && !P::is_promoted(k))
        .ok_or_else(|| {
            if v == Variant::Standard {
                format!("`{text}` is not a piece that can be dropped in standard shogi: expected P L N S G B R or 歩 香 桂 銀 金 角 飛")
            } else {
                format!("`{text}` is not a piece of {} ({v}) that can be dropped", v.title())
            }
        })
}

impl<P: PositionView> DropsReport<P> {
    /// The drops of every kind the side to move holds, or only of `only` (listed even when
    /// none is held: then nothing is legal and no square is listed).
    pub fn new(position: &P, only: Option<P::Kind>) -> DropsReport<P> {
        let us = position.side_to_move();
        let kinds: Vec<P::Kind> = match only {
            Some(k) => vec![P::unpromoted(k)],
            None => position
                .hand_kinds()
                .iter()
                .copied()
                .filter(|&k| !P::is_royal(k) && position.hand_count(us, k) > 0)
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

    /// The report as one line of JSON (see the module documentation of the CLI); a
    /// variant's with the `variant` first, each kind's English `name`, and `swallows` (the
    /// two already on the file) for a `swallow-file` refusal.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Illegal {
            square: String,
            reason: FoulCode,
            #[serde(skip_serializing_if = "Option::is_none")]
            pawn: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            swallows: Option<[String; 2]>,
            message: String,
        }
        #[derive(Serialize)]
        struct Kind {
            piece: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            name: Option<&'static str>,
            in_hand: u8,
            legal: Vec<String>,
            illegal: Vec<Illegal>,
        }
        #[derive(Serialize)]
        struct Report {
            #[serde(flatten)]
            head: JsonHead,
            drops: Vec<Kind>,
        }
        let pos = &self.position;
        let standard = pos.variant() == Variant::Standard;
        let report = Report {
            head: JsonHead::of(pos),
            drops: self
                .drops
                .iter()
                .map(|d| Kind {
                    piece: pos.kind_text(d.kind),
                    name: (!standard).then(|| P::kind_english(d.kind)),
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

    /// One board per kind with the marks (`o` legal, `N` nifu, `S` swallow-file, `D` dead
    /// piece, `U` uchifuzume, `C` check not answered), notes on the illegal squares, then the
    /// legend. A variant's begins with its title and lists every illegal square other than
    /// dead-piece ones with its reason; standard shogi's names the pawns behind nifu.
    pub fn to_text(&self, style: PieceStyle) -> String {
        let pos = &self.position;
        let v = pos.variant();
        let standard = v == Variant::Standard;
        let side = pos.side_to_move();
        let (files, ranks) = pos.board_size();
        let mut s = String::new();
        if !standard {
            s.push_str(&format!("{} ({})\n", v.title(), v.name()));
        }
        if self.drops.is_empty() {
            s.push_str(&format!("{side} has no pieces in hand\n"));
        }
        let reasons = reasons(v);
        for d in &self.drops {
            let name = match style {
                PieceStyle::Kanji => format!("{} {}", P::kind_kanji(d.kind), pos.kind_text(d.kind)),
                PieceStyle::Letters => pos.kind_text(d.kind),
            };
            let mut counts = format!("{} legal", d.legal.len());
            for &(_, code, _) in &reasons {
                let n = d.illegal.iter().filter(|i| i.foul.code() == code).count();
                if n > 0 {
                    let label = match code {
                        "dead-piece" if standard => "dead piece",
                        "self-check" if standard => "check not answered",
                        c => c,
                    };
                    counts.push_str(&format!(", {n} {label}"));
                }
            }
            s.push_str(&format!(
                "{name} ({}, {} in hand): {counts}\n",
                P::kind_english(d.kind),
                d.in_hand
            ));
            s.push_str(&grid_sized(files, ranks, style, |sq| match d.mark_at(sq) {
                Some(m) => mark_cell(m, style),
                None => pos.cell(sq, style),
            }));
            if standard {
                standard_notes(&mut s, d, side);
            } else {
                variant_notes(&mut s, d, P::kind_english(d.kind));
            }
            s.push('\n');
        }
        let mut legend = vec!["o legal".to_string()];
        legend.extend(reasons.iter().map(|(m, _, t)| format!("{m} {t}")));
        s.push_str(&legend.join("  "));
        s.push('\n');
        s
    }

    /// One board per kind (two to a row), legal squares highlighted and illegal ones marked
    /// (a variant's promotion zones shaded).
    pub fn to_svg(&self, style: PieceStyle) -> String {
        let pos = &self.position;
        let mut pictures = Vec::new();
        for d in &self.drops {
            let name = match style {
                PieceStyle::Kanji => {
                    format!("{} ({})", P::kind_kanji(d.kind), pos.kind_text(d.kind))
                }
                PieceStyle::Letters => {
                    format!("{} ({})", pos.kind_text(d.kind), P::kind_english(d.kind))
                }
            };
            pictures.push(d.picture(pos, style, &name, pos.side_to_move()));
        }
        if pictures.is_empty() {
            let mut p = BoardPicture::new(pos, style);
            p.caption = Some(format!("{} has no pieces in hand", pos.side_to_move()));
            pictures.push(p);
        }
        let mut legend = vec![LegendItem::Highlight("legal drop".into())];
        for (m, code, _) in reasons(pos.variant()) {
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

/// Standard shogi's notes under a kind's board: the pawns behind nifu, then the mate and
/// check reasons, each once.
fn standard_notes<K: FoulKind>(s: &mut String, d: &KindDrops<K>, side: Color) {
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
}

/// A variant's notes under a kind's board: the dead-piece squares on one line, then every
/// other illegal square with its reason.
fn variant_notes<K: FoulKind>(s: &mut String, d: &KindDrops<K>, english: &str) {
    let dead: Vec<String> = d
        .illegal
        .iter()
        .filter(|i| i.foul.code() == FoulCode::DeadPiece)
        .map(|i| i.square.to_string())
        .collect();
    if !dead.is_empty() {
        s.push_str(&format!(
            "  D: a {english} could never move from {}\n",
            dead.join(" ")
        ));
    }
    for i in d.illegal.iter().filter(|i| i.foul.code() != "dead-piece") {
        s.push_str(&format!("  {}: {} ({})\n", i.square, i.foul.code(), i.foul));
    }
}

fn kind_drops<P: PositionView>(position: &P, kind: P::Kind) -> KindDrops<P::Kind> {
    let us: Color = position.side_to_move();
    let in_hand = position.hand_count(us, kind);
    let mut legal = Vec::new();
    let mut illegal = Vec::new();
    if in_hand > 0 {
        for square in position.board_squares() {
            if position.piece_on(square).is_some() {
                continue;
            }
            match position.diagnose(P::from_shape(MoveShape::Drop { kind, to: square })) {
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

    #[test]
    fn the_third_swallow_names_the_two_on_the_file() {
        let pos =
            crate::variant::VPosition::from_sfen_as("3k3/7/7/2S4/2S4/7/3K3 b S 1", None).unwrap();
        let r = DropsReport::new(&pos, None);
        assert_eq!(r.drops.len(), 1);
        let d = &r.drops[0];
        assert_eq!(d.legal.len() + d.illegal.len(), 49 - 4);
        let file: Vec<&IllegalDrop<VKind>> = d.illegal.iter().filter(|i| i.mark() == 'S').collect();
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
    fn a_drop_kind_is_read_for_the_game() {
        let pos = Position::startpos();
        assert_eq!(parse_drop_kind(&pos, "歩"), Ok(PieceKind::Pawn));
        assert!(parse_drop_kind(&pos, "K")
            .unwrap_err()
            .contains("standard shogi"));
        let tori = crate::variant::VPosition::start(Variant::Torishogi);
        assert_eq!(parse_drop_kind(&tori, "swallow"), Ok(VKind::Swallow));
        assert!(parse_drop_kind(&tori, "+S")
            .unwrap_err()
            .contains("is not a piece of Tori Shogi 7x7 (torishogi) that can be dropped"));
    }
}
