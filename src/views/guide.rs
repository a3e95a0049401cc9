//! How each piece moves, beside how it moves promoted, with when it may or must promote.
//!
//! The diagrams are read off the rules core: a black piece of the kind is put on 5e of an
//! empty board and [`pseudo_attacks`] says which squares it reaches. A square next to it
//! that it reaches, with the square two further along the same line reached too, is part of
//! a slide (any distance); any other square reached is a step (one square, or a knight's
//! jump).

use crate::shogi::{attacks::pseudo_attacks, Color, PieceKind, Square};
use crate::text::display_width;

use super::board_svg::draw_piece_in;
use super::board_text::{mark_cell, piece_cell};
use super::notation::board_kanji;
use super::svg::Svg;
use super::PieceStyle;

/// The line a slide runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Forward or backward.
    Vertical,
    /// Sideways.
    Horizontal,
    /// Forward-left to backward-right (`\` as black sees it).
    Falling,
    /// Forward-right to backward-left (`/`).
    Rising,
}

/// One square of a movement diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Not reached.
    Empty,
    /// The piece itself.
    Piece,
    /// Reached in one move (a step or a knight's jump).
    Step,
    /// On a line the piece slides along, any distance.
    Slide(Line),
    /// Reached by a jump over whatever stands between (Tori Shogi's pheasant and goose; the
    /// standard guide draws the knight's jump as a step).
    Jump,
    /// Reached along a line only when the squares between are empty, and no farther (the
    /// far end of Tori Shogi's eagle's two-square backward-diagonal move).
    Run,
}

/// A 5x5 diagram around a black piece (forward is up): `cells[row][col]`, the piece in the middle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// The kind.
    pub kind: PieceKind,
    /// The cells, top row first, left column first.
    pub cells: [[Cell; 5]; 5],
}

/// The square `dr` ranks down and `dc` columns right of 5e, as black sees the board.
fn offset(dr: i32, dc: i32) -> Option<Square> {
    let file = 5 - dc;
    let rank = 5 + dr;
    if (1..=9).contains(&file) && (1..=9).contains(&rank) {
        Square::new(file as u8, rank as u8)
    } else {
        None
    }
}

/// The movement diagram of `kind`.
pub fn movement(kind: PieceKind) -> Movement {
    let center = Square::new(5, 5).expect("5e");
    let reach = pseudo_attacks(Color::Black, kind, center);
    let mut cells = [[Cell::Empty; 5]; 5];
    for (r, row) in cells.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (dr, dc) = (r as i32 - 2, c as i32 - 2);
            if (dr, dc) == (0, 0) {
                *cell = Cell::Piece;
                continue;
            }
            if !offset(dr, dc).is_some_and(|sq| reach.contains(sq)) {
                continue;
            }
            let aligned = dr == 0 || dc == 0 || dr.abs() == dc.abs();
            let (sr, sc) = (dr.signum(), dc.signum());
            let slides = aligned && offset(3 * sr, 3 * sc).is_some_and(|sq| reach.contains(sq));
            *cell = if !slides {
                Cell::Step
            } else if dc == 0 {
                Cell::Slide(Line::Vertical)
            } else if dr == 0 {
                Cell::Slide(Line::Horizontal)
            } else if sr == sc {
                Cell::Slide(Line::Falling)
            } else {
                Cell::Slide(Line::Rising)
            };
        }
    }
    Movement { kind, cells }
}

/// When `kind` may or must promote, as one sentence without the full stop.
pub fn promotion_rule(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind.unpromote() {
        Pawn | Lance => {
            "may promote when it moves into, within or out of the far three ranks; \
must promote on the last rank"
        }
        Knight => {
            "may promote when it moves into, within or out of the far three ranks; \
must promote on the last two ranks"
        }
        Silver | Bishop | Rook => {
            "may promote when it moves into, within or out of the far three ranks; \
never has to"
        }
        _ => "never promotes",
    }
}

/// The kinds the guide shows, unpromoted, in the usual order K R B G S N L P.
pub const KINDS: [PieceKind; 8] = [
    PieceKind::King,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
];

fn title(kind: PieceKind, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => format!("{} ({}) {}", board_kanji(kind), kind.sfen(), kind.english()),
        PieceStyle::Letters => format!("{} {}", kind.sfen(), kind.english()),
    }
}

fn text_rows(m: &Movement, style: PieceStyle) -> Vec<String> {
    m.cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Cell::Empty => piece_cell(None, style),
                    Cell::Piece => {
                        piece_cell(Some(crate::shogi::Piece::new(Color::Black, m.kind)), style)
                    }
                    Cell::Step => mark_cell('o', style),
                    Cell::Slide(Line::Vertical) => mark_cell('|', style),
                    Cell::Slide(Line::Horizontal) => mark_cell('-', style),
                    Cell::Slide(Line::Falling) => mark_cell('\\', style),
                    Cell::Slide(Line::Rising) => mark_cell('/', style),
                    Cell::Jump => mark_cell('x', style),
                    Cell::Run => mark_cell('+', style),
                })
                .collect()
        })
        .collect()
}

pub(super) fn pad(s: &str, width: usize) -> String {
    let w = display_width(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}

/// The guide as text for `kinds` (unpromoted kinds; a promoted one shows its base kind).
pub fn to_text(kinds: &[PieceKind], style: PieceStyle) -> String {
    const COL: usize = 24;
    let mut s = String::new();
    for &kind in kinds {
        let kind = kind.unpromote();
        let left = movement(kind);
        let right = kind.promote().map(movement);
        let mut header = pad(&title(kind, style), COL);
        if let Some(p) = kind.promote() {
            header.push_str(&format!("promoted: {}", title(p, style)));
        }
        s.push_str(header.trim_end());
        s.push('\n');
        let lrows = text_rows(&left, style);
        let rrows = right.as_ref().map(|r| text_rows(r, style));
        side_by_side(&mut s, &lrows, rrows.as_deref(), COL);
        s.push_str(&format!("promotion: {}.\n\n", promotion_rule(kind)));
    }
    s.push_str("o: one step (or the knight's jump)   | - \\ /: any distance along the line\n");
    s.push_str("Drawn for black: forward is up; white's pieces move the same way turned around.\n");
    s
}

pub(super) const GC: f64 = 28.0;
pub(super) const G_MARGIN: f64 = 16.0;
pub(super) const G_ARROW: f64 = 64.0;
/// Width of one kind's block: two diagrams and the arrow between them.
pub(super) const G_BLOCK_W: f64 = 2.0 * 5.0 * GC + G_ARROW + 3.0 * G_MARGIN;
/// Height of one kind's block: title, diagram, three lines of rule.
pub(super) const G_BLOCK_H: f64 = 24.0 + 5.0 * GC + 60.0;
/// Characters of rule text on one line (12px sans-serif).
pub(super) const G_WRAP: usize = 56;
const STEP: &str = "#1f5fbf";

fn draw_movement(svg: &mut Svg, x: f64, y: f64, m: &Movement, style: PieceStyle) {
    draw_cells(svg, x, y, &m.cells, |svg, px, py| {
        draw_piece_in(svg, px, py, GC, GC, m.kind, Color::Black, style)
    });
}

/// Draws a 5x5 movement diagram with its top left corner at (`x`, `y`); `piece` draws the
/// piece in the `GC`-sized cell whose top left corner it is given.
pub(super) fn draw_cells(
    svg: &mut Svg,
    x: f64,
    y: f64,
    cells: &[[Cell; 5]; 5],
    piece: impl FnOnce(&mut Svg, f64, f64),
) {
    let mut piece = Some(piece);
    svg.rect(x, y, 5.0 * GC, 5.0 * GC, r##"fill="#f3d9a0""##);
    for i in 1..5 {
        let d = i as f64 * GC;
        let attrs = r##"stroke="#8a7a5a" stroke-width="0.7""##;
        svg.line(x + d, y, x + d, y + 5.0 * GC, attrs);
        svg.line(x, y + d, x + 5.0 * GC, y + d, attrs);
    }
    svg.rect(
        x,
        y,
        5.0 * GC,
        5.0 * GC,
        r##"fill="none" stroke="#222222" stroke-width="1.5""##,
    );
    let centre = |r: usize, c: usize| (x + (c as f64 + 0.5) * GC, y + (r as f64 + 0.5) * GC);
    // Slides: one arrow per direction, from the piece to the edge of the diagram.
    for (dr, dc) in [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ] {
        let (r, c) = ((2 + dr) as usize, (2 + dc) as usize);
        if !matches!(cells[r][c], Cell::Slide(_)) {
            continue;
        }
        let (fx, fy) = (dc as f64, dr as f64);
        let len = (fx * fx + fy * fy).sqrt();
        let (ux, uy) = (fx / len, fy / len);
        let (cx, cy) = centre(2, 2);
        let start = (cx + ux * GC * 0.55, cy + uy * GC * 0.55);
        // To the edge of the diagram, a little short of it.
        let end = (cx + fx * 2.4 * GC, cy + fy * 2.4 * GC);
        svg.line(
            start.0,
            start.1,
            end.0 - ux * 6.0,
            end.1 - uy * 6.0,
            &format!(r#"stroke="{STEP}" stroke-width="3""#),
        );
        let (px, py) = (-uy, ux);
        svg.polygon(
            &[
                end,
                (end.0 - ux * 10.0 + px * 5.5, end.1 - uy * 10.0 + py * 5.5),
                (end.0 - ux * 10.0 - px * 5.5, end.1 - uy * 10.0 - py * 5.5),
            ],
            &format!(r#"fill="{STEP}""#),
        );
    }
    // A run: a line from the piece to its far end (drawn under the dots).
    for (r, row) in cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if *cell == Cell::Run {
                let (cx, cy) = centre(2, 2);
                let (ex, ey) = centre(r, c);
                svg.line(
                    cx,
                    cy,
                    ex,
                    ey,
                    &format!(r#"stroke="{STEP}" stroke-width="3""#),
                );
            }
        }
    }
    for (r, row) in cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (cx, cy) = centre(r, c);
            match cell {
                Cell::Step | Cell::Run => svg.circle(cx, cy, 7.0, &format!(r#"fill="{STEP}""#)),
                Cell::Jump => svg.circle(
                    cx,
                    cy,
                    6.5,
                    &format!(r##"fill="#ffffff" stroke="{STEP}" stroke-width="3""##),
                ),
                Cell::Piece => {
                    if let Some(piece) = piece.take() {
                        piece(svg, cx - GC / 2.0, cy - GC / 2.0);
                    }
                }
                _ => {}
            }
        }
    }
}

/// Appends a kind's text diagram (`left`, one row a line) and, when it promotes, its promoted
/// diagram to the right (from column `col`) with an arrow on the middle row.
pub(super) fn side_by_side(s: &mut String, left: &[String], right: Option<&[String]>, col: usize) {
    for (i, row) in left.iter().enumerate() {
        let mut line = row.clone();
        if let Some(right) = right {
            let arrow = if i == 2 { "  ->  " } else { "      " };
            line = pad(&line, col - 6) + arrow + &right[i];
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
}

/// Writes `text` wrapped at `width` characters, one 12-point grey line every 16 points from
/// (`x`, `y`) down; the guides' promotion rules and keys. Returns the `y` below the last line.
pub(super) fn wrapped_text(svg: &mut Svg, x: f64, mut y: f64, text: &str, width: usize) -> f64 {
    for line in wrap(text, width) {
        svg.text(
            x,
            y,
            12.0,
            "start",
            r##"fill="#333333" font-family="sans-serif""##,
            &line,
        );
        y += 16.0;
    }
    y
}

/// Splits `text` into lines of at most `width` characters, at spaces.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The grey "promotes" arrow between a piece's diagram (at `left_x`) and its promoted form's
/// (at `right_x`), at mid-height of diagrams whose top is `gy`.
pub(super) fn promotion_arrow(svg: &mut Svg, left_x: f64, right_x: f64, gy: f64) {
    let ax = left_x + 5.0 * GC;
    let ay = gy + 2.5 * GC;
    svg.line(
        ax + 12.0,
        ay,
        right_x - 20.0,
        ay,
        r##"stroke="#888888" stroke-width="2""##,
    );
    svg.polygon(
        &[
            (right_x - 10.0, ay),
            (right_x - 20.0, ay - 6.0),
            (right_x - 20.0, ay + 6.0),
        ],
        r##"fill="#888888""##,
    );
    svg.text(
        (ax + right_x) / 2.0 - 3.0,
        ay - 10.0,
        11.0,
        "middle",
        r##"fill="#666666" font-family="sans-serif""##,
        "promotes",
    );
}

/// Draws a diagram's title: the piece's name in bold, its English name smaller after it.
fn block_title(svg: &mut Svg, x: f64, y: f64, kind: PieceKind, style: PieceStyle, fill: &str) {
    let name = match style {
        PieceStyle::Kanji => format!("{} ({}) ", board_kanji(kind), kind.sfen()),
        PieceStyle::Letters => format!("{} ", kind.sfen()),
    };
    svg.raw(&format!(
        r#"<text x="{}" y="{}" font-size="16" font-weight="bold" fill="{fill}">{}<tspan font-size="12" font-weight="normal" font-family="sans-serif">{}</tspan></text>"#,
        super::svg::num(x),
        super::svg::num(y),
        super::svg::esc(&name),
        super::svg::esc(kind.english()),
    ));
}

/// Draws one kind's block (title, diagrams, rule) with its top left corner at (`x`, `y`).
fn draw_block(svg: &mut Svg, x: f64, y: f64, kind: PieceKind, style: PieceStyle) {
    let left_x = x + G_MARGIN;
    let right_x = left_x + 5.0 * GC + G_ARROW;
    block_title(svg, left_x, y + 16.0, kind, style, "#222222");
    let gy = y + 24.0;
    draw_movement(svg, left_x, gy, &movement(kind), style);
    if let Some(p) = kind.promote() {
        block_title(svg, right_x, y + 16.0, p, style, "#b3261e");
        promotion_arrow(svg, left_x, right_x, gy);
        draw_movement(svg, right_x, gy, &movement(p), style);
    }
    let rule = format!("Promotion: {}.", promotion_rule(kind));
    wrapped_text(svg, left_x, gy + 5.0 * GC + 17.0, &rule, G_WRAP);
}

/// The guide as an SVG picture: one block per kind (its diagram beside its promoted
/// diagram, and its promotion rule), two blocks to a row.
pub fn to_svg(kinds: &[PieceKind], style: PieceStyle) -> String {
    let mut svg = Svg::new();
    let columns = kinds.len().clamp(1, 2);
    let rows = kinds.len().div_ceil(columns);
    for (i, &kind) in kinds.iter().enumerate() {
        let x = (i % columns) as f64 * G_BLOCK_W;
        let y = G_MARGIN + (i / columns) as f64 * G_BLOCK_H;
        draw_block(&mut svg, x, y, kind.unpromote(), style);
    }
    let width = columns as f64 * G_BLOCK_W + G_MARGIN;
    let y = G_MARGIN + rows as f64 * G_BLOCK_H + 4.0;
    let note = "Dot: one step (or the knight's jump). Arrow: any distance along the line. \
Drawn for black: forward is up.";
    let y = wrapped_text(
        &mut svg,
        G_MARGIN,
        y,
        note,
        if columns == 2 { 110 } else { G_WRAP },
    );
    svg.finish(width, y + G_MARGIN, "Shogi piece movement guide")
}

#[cfg(test)]
mod tests {
    use super::*;
    use Cell::*;

    #[test]
    fn diagrams_come_from_the_rules() {
        let pawn = movement(PieceKind::Pawn);
        assert_eq!(pawn.cells[1][2], Step);
        assert_eq!(
            pawn.cells.iter().flatten().filter(|c| **c == Step).count(),
            1
        );
        let knight = movement(PieceKind::Knight);
        assert_eq!(knight.cells[0][1], Step);
        assert_eq!(knight.cells[0][3], Step);
        assert_eq!(knight.cells[1][2], Empty);
        let lance = movement(PieceKind::Lance);
        assert_eq!(lance.cells[0][2], Slide(Line::Vertical));
        assert_eq!(lance.cells[3][2], Empty);
        let dragon = movement(PieceKind::Dragon);
        assert_eq!(dragon.cells[1][1], Step);
        assert_eq!(dragon.cells[2][0], Slide(Line::Horizontal));
        let horse = movement(PieceKind::Horse);
        assert_eq!(horse.cells[1][2], Step);
        assert_eq!(horse.cells[0][0], Slide(Line::Falling));
        assert_eq!(horse.cells[4][0], Slide(Line::Rising));
        assert_eq!(movement(PieceKind::Gold).cells[3][1], Empty);
        assert_eq!(movement(PieceKind::Silver).cells[3][1], Step);
    }

    #[test]
    fn rules_wrap_at_spaces() {
        let lines = wrap(promotion_rule(PieceKind::Pawn), 40);
        assert!(lines.iter().all(|l| l.chars().count() <= 40));
        assert_eq!(lines.join(" "), promotion_rule(PieceKind::Pawn));
    }

    #[test]
    fn text_shows_the_pair_and_the_rule() {
        let t = to_text(&[PieceKind::Pawn], PieceStyle::Kanji);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "歩 (P) pawn             promoted: と (+P) tokin");
        assert_eq!(lines[2], " ・ ・ o  ・ ・          ・ o  o  o  ・");
        assert_eq!(lines[3], " ・ ・ 歩 ・ ・     ->   ・ o  と o  ・");
        assert!(t.contains("promotion: may promote when it moves into, within or out of the far three ranks; must promote on the last rank.\n"));
        assert!(
            to_text(&[PieceKind::Gold], PieceStyle::Letters).contains("promotion: never promotes.")
        );
    }
}
