//! How each piece moves, beside how it moves promoted, with when it may or must promote.
//!
//! The diagrams are read off the rules core: a black piece of the kind is put on 5e of an
//! empty board and [`pseudo_attacks`] says which squares it reaches. A square next to it
//! that it reaches, with the square two further along the same line reached too, is part of
//! a slide (any distance); any other square reached is a step (one square, or a knight's
//! jump).
//!
//! The smaller variants' guides (`guide --variant NAME`: Tori Shogi's birds, Shogi 3x4's
//! animals, and the standard pieces of the 5x5 and 5x6 games with their variant's promotion
//! zone) are read off the generic core ([`crate::variant`]) and classified by the same
//! [`cells`]: a first-player piece stands alone on 5e of an empty 9x9 board and its
//! geometrically possible moves ([`VPosition::pseudo_moves`]) say which squares it reaches; a
//! farther square that is still reached when all eight neighbours are occupied (by enemy
//! pieces) is a jump, one reached only through empty squares the end of a run (Tori Shogi's
//! eagle's two-square backward-diagonal move). [`render`] is the one entry for either game.

use crate::shogi::{attacks::pseudo_attacks, Color, PieceKind, Square};
use crate::text::display_width;
use crate::variant::{VKind, VMove, VPiece, VPosition, Variant};

use super::board_svg::{draw_face_in, draw_piece_in, Face};
use super::board_text::{mark_cell, piece_cell, variant_piece_cell};
use super::notation::{board_kanji, variant_kanji};
use super::svg::{esc, num, Svg};
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
    Movement {
        kind,
        cells: cells(|sq| reach.contains(sq), None),
    }
}

/// The 5x5 cells of a piece on 5e that reaches the squares `reached` says on an empty board:
/// a reached square on a line from the piece, with the square three along the same line
/// reached too, is part of a slide; any other is a step, or, with `ringed` (the squares
/// still reached when all eight neighbours are occupied), a farther one is a jump when
/// `ringed` reaches it and the end of a run when not. Without `ringed` (the standard guide)
/// the knight's jump is drawn as a step.
fn cells(
    reached: impl Fn(Square) -> bool,
    ringed: Option<&dyn Fn(Square) -> bool>,
) -> [[Cell; 5]; 5] {
    let mut cells = [[Cell::Empty; 5]; 5];
    for (r, row) in cells.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (dr, dc) = (r as i32 - 2, c as i32 - 2);
            if (dr, dc) == (0, 0) {
                *cell = Cell::Piece;
                continue;
            }
            let Some(sq) = offset(dr, dc) else { continue };
            if !reached(sq) {
                continue;
            }
            let aligned = dr == 0 || dc == 0 || dr.abs() == dc.abs();
            let (sr, sc) = (dr.signum(), dc.signum());
            let slides = aligned && offset(3 * sr, 3 * sc).is_some_and(&reached);
            *cell = if slides {
                if dc == 0 {
                    Cell::Slide(Line::Vertical)
                } else if dr == 0 {
                    Cell::Slide(Line::Horizontal)
                } else if sr == sc {
                    Cell::Slide(Line::Falling)
                } else {
                    Cell::Slide(Line::Rising)
                }
            } else {
                match ringed {
                    None => Cell::Step,
                    Some(_) if dr.abs() <= 1 && dc.abs() <= 1 => Cell::Step,
                    Some(ringed) if ringed(sq) => Cell::Jump,
                    Some(_) => Cell::Run,
                }
            };
        }
    }
    cells
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

/// Draws a diagram's title: the piece's name in bold (`name`, with a space after it), its
/// English name smaller after it.
fn block_title(svg: &mut Svg, x: f64, y: f64, name: &str, english: &str, fill: &str) {
    svg.raw(&format!(
        r#"<text x="{}" y="{}" font-size="16" font-weight="bold" fill="{fill}">{}<tspan font-size="12" font-weight="normal" font-family="sans-serif">{}</tspan></text>"#,
        num(x),
        num(y),
        esc(name),
        esc(english),
    ));
}

/// The bold name of a standard kind's diagram title.
fn title_name(kind: PieceKind, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => format!("{} ({}) ", board_kanji(kind), kind.sfen()),
        PieceStyle::Letters => format!("{} ", kind.sfen()),
    }
}

/// Draws one kind's block (title, diagrams, rule) with its top left corner at (`x`, `y`).
fn draw_block(svg: &mut Svg, x: f64, y: f64, kind: PieceKind, style: PieceStyle) {
    let left_x = x + G_MARGIN;
    let right_x = left_x + 5.0 * GC + G_ARROW;
    block_title(
        svg,
        left_x,
        y + 16.0,
        &title_name(kind, style),
        kind.english(),
        "#222222",
    );
    let gy = y + 24.0;
    draw_movement(svg, left_x, gy, &movement(kind), style);
    if let Some(p) = kind.promote() {
        block_title(
            svg,
            right_x,
            y + 16.0,
            &title_name(p, style),
            p.english(),
            "#b3261e",
        );
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

/// The squares a first-player `kind` on 5e of a 9x9 board reaches, with `others` standing
/// around it.
fn reach(kind: VKind, others: &[(Square, VPiece)]) -> Vec<Square> {
    let centre = Square::new(5, 5).expect("5e");
    let mut pieces = vec![(
        centre,
        VPiece {
            color: Color::Black,
            kind,
        },
    )];
    pieces.extend_from_slice(others);
    let pos = VPosition::from_pieces(Variant::Standard, Color::Black, &pieces);
    pos.pseudo_moves()
        .into_iter()
        .filter_map(|m| match m {
            VMove::Normal { from, to, .. } if from == centre => Some(to),
            _ => None,
        })
        .collect()
}

/// The 5x5 movement diagram of a variant's `kind` (forward is up), `cells[row][col]`.
pub fn variant_movement(kind: VKind) -> [[Cell; 5]; 5] {
    let open = reach(kind, &[]);
    let ring: Vec<(Square, VPiece)> = (-1..=1)
        .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
        .filter(|&d| d != (0, 0))
        .filter_map(|(dr, dc)| offset(dr, dc))
        .map(|sq| {
            (
                sq,
                VPiece {
                    color: Color::White,
                    kind: VKind::Pawn,
                },
            )
        })
        .collect();
    let ringed = reach(kind, &ring);
    cells(|sq| open.contains(&sq), Some(&|sq| ringed.contains(&sq)))
}

/// The kinds the guide shows for `variant`, unpromoted: the royal piece first, then the
/// others in the order the variant's SFEN writes hands.
pub fn variant_kinds(variant: Variant) -> Vec<VKind> {
    let mut out = vec![variant.royal()];
    out.extend(variant.kinds().iter().copied().filter(|k| !k.is_royal()));
    out
}

/// When `kind` may or must promote in `variant`, as one sentence without the full stop.
pub fn variant_promotion_rule(variant: Variant, kind: VKind) -> String {
    let kind = kind.unpromote();
    if kind.promote().is_none() {
        return "never promotes".into();
    }
    let zone = match variant.zone_depth() {
        1 => "the last rank",
        2 => "the far two ranks",
        _ => "the far three ranks",
    };
    let forced = crate::shogi::FoulKind::immobile_ranks(kind);
    match (variant.zone_depth(), forced) {
        (1, 1) => "must promote when it reaches the last rank".into(),
        (_, 0) => format!("may promote when it moves into, within or out of {zone}; never has to"),
        (_, 1) => format!(
            "may promote when it moves into, within or out of {zone}; must promote on the last rank"
        ),
        _ => format!(
            "may promote when it moves into, within or out of {zone}; must promote on the last two ranks"
        ),
    }
}

fn variant_title(variant: Variant, kind: VKind, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => format!(
            "{} ({}) {}",
            variant_kanji(kind),
            variant.kind_text(kind),
            kind.english()
        ),
        PieceStyle::Letters => format!("{} {}", variant.kind_text(kind), kind.english()),
    }
}

fn variant_text_rows(variant: Variant, kind: VKind, style: PieceStyle) -> Vec<String> {
    variant_movement(kind)
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Cell::Empty => variant_piece_cell(variant, None, style),
                    Cell::Piece => variant_piece_cell(
                        variant,
                        Some(VPiece {
                            color: Color::Black,
                            kind,
                        }),
                        style,
                    ),
                    Cell::Step => mark_cell('o', style),
                    Cell::Jump => mark_cell('x', style),
                    Cell::Run => mark_cell('+', style),
                    Cell::Slide(Line::Vertical) => mark_cell('|', style),
                    Cell::Slide(Line::Horizontal) => mark_cell('-', style),
                    Cell::Slide(Line::Falling) => mark_cell('\\', style),
                    Cell::Slide(Line::Rising) => mark_cell('/', style),
                })
                .collect()
        })
        .collect()
}

/// The guide of `variant` as text, for `kinds` (unpromoted; a promoted one shows its base).
pub fn variant_to_text(variant: Variant, kinds: &[VKind], style: PieceStyle) -> String {
    const COL: usize = 26;
    let mut s = format!("{} ({})\n\n", variant.title(), variant.name());
    for &kind in kinds {
        let kind = kind.unpromote();
        let mut header = pad(&variant_title(variant, kind, style), COL);
        if let Some(p) = kind.promote() {
            header.push_str(&format!("promoted: {}", variant_title(variant, p, style)));
        }
        s.push_str(header.trim_end());
        s.push('\n');
        let lrows = variant_text_rows(variant, kind, style);
        let rrows = kind.promote().map(|p| variant_text_rows(variant, p, style));
        side_by_side(&mut s, &lrows, rrows.as_deref(), COL);
        s.push_str(&format!(
            "promotion: {}.\n\n",
            variant_promotion_rule(variant, kind)
        ));
    }
    s.push_str("o: one step   x: a jump (over whatever stands between)   +: two squares along the line, the first one empty   | - \\ /: any distance along the line\n");
    s.push_str(
        "Drawn for the first player: forward is up; the second player's pieces move the same way turned around.\n",
    );
    if variant == Variant::Torishogi && style == PieceStyle::Kanji {
        s.push_str("左 and 右 in the diagrams are the left and the right quail (左鶉 右鶉).\n");
    }
    s
}

fn variant_block_title(
    svg: &mut Svg,
    x: f64,
    y: f64,
    variant: Variant,
    kind: VKind,
    style: PieceStyle,
) {
    let fill = if kind.is_promoted() {
        "#b3261e"
    } else {
        "#222222"
    };
    let name = match style {
        PieceStyle::Kanji => format!("{} ({}) ", variant_kanji(kind), variant.kind_text(kind)),
        PieceStyle::Letters => format!("{} ", variant.kind_text(kind)),
    };
    block_title(svg, x, y, &name, kind.english(), fill);
}

/// Draws one diagram, in a group that names the kind (`data-kind`, its English name).
fn variant_diagram(
    svg: &mut Svg,
    x: f64,
    y: f64,
    variant: Variant,
    kind: VKind,
    style: PieceStyle,
) {
    svg.raw(&format!(
        r#"<g class="movement" data-kind="{}">"#,
        esc(kind.english())
    ));
    draw_cells(svg, x, y, &variant_movement(kind), |svg, px, py| {
        draw_face_in(
            svg,
            px,
            py,
            GC,
            GC,
            &Face::of_variant(variant, kind, style),
            Color::Black,
            style,
        )
    });
    svg.close_group();
}

fn variant_block(svg: &mut Svg, x: f64, y: f64, variant: Variant, kind: VKind, style: PieceStyle) {
    let left_x = x + G_MARGIN;
    let right_x = left_x + 5.0 * GC + G_ARROW;
    variant_block_title(svg, left_x, y + 16.0, variant, kind, style);
    let gy = y + 24.0;
    variant_diagram(svg, left_x, gy, variant, kind, style);
    if let Some(p) = kind.promote() {
        variant_block_title(svg, right_x, y + 16.0, variant, p, style);
        promotion_arrow(svg, left_x, right_x, gy);
        variant_diagram(svg, right_x, gy, variant, p, style);
    }
    let rule = format!("Promotion: {}.", variant_promotion_rule(variant, kind));
    wrapped_text(svg, left_x, gy + 5.0 * GC + 17.0, &rule, G_WRAP);
}

/// The guide of `variant` as an SVG picture: a title, then one block per kind (its diagram
/// beside its promoted diagram, and its promotion rule), two blocks to a row, and a key.
pub fn variant_to_svg(variant: Variant, kinds: &[VKind], style: PieceStyle) -> String {
    let mut svg = Svg::new();
    let columns = kinds.len().clamp(1, 2);
    let rows = kinds.len().div_ceil(columns);
    let head = 30.0;
    svg.text(
        G_MARGIN,
        G_MARGIN + 18.0,
        18.0,
        "start",
        r#"font-weight="bold""#,
        &format!("{}: how the pieces move", variant.title()),
    );
    for (i, &kind) in kinds.iter().enumerate() {
        let x = (i % columns) as f64 * G_BLOCK_W;
        let y = head + G_MARGIN + (i / columns) as f64 * G_BLOCK_H;
        variant_block(&mut svg, x, y, variant, kind.unpromote(), style);
    }
    let width = columns as f64 * G_BLOCK_W + G_MARGIN;
    let y = head + G_MARGIN + rows as f64 * G_BLOCK_H + 4.0;
    let note = "Dot: one step. Ring: a jump over whatever stands between. Dots joined by a \
line: two squares along the line, the first one empty. Arrow: any distance along the line. \
Drawn for the first player: forward is up.";
    let y = wrapped_text(
        &mut svg,
        G_MARGIN,
        y,
        note,
        if columns == 2 { 110 } else { G_WRAP },
    );
    svg.finish(
        width,
        y + G_MARGIN,
        &format!("{} piece movement guide", variant.title()),
    )
}

/// What a PIECE of the guide may be, for its error messages.
pub const PIECE_HELP: &str =
    "expected a letter K R B G S N L P, a kanji such as 歩 or an English name such as pawn";

/// The guide of `variant` (standard shogi when `None`), for every kind or only for the one
/// `piece` names (its letter, kanji or English name in that game), as text or (`svg`) as an
/// SVG picture; or why `piece` names no kind of the game.
pub fn render(
    variant: Option<Variant>,
    piece: Option<&str>,
    svg: bool,
    style: PieceStyle,
) -> Result<String, String> {
    match variant.filter(|&v| v != Variant::Standard) {
        Some(v) => {
            let kinds = match piece {
                Some(text) => vec![super::notation::parse_variant_kind(v, text)
                    .ok_or_else(|| format!("`{text}` is not a piece of {} ({v})", v.title()))?
                    .unpromote()],
                None => variant_kinds(v),
            };
            Ok(if svg {
                variant_to_svg(v, &kinds, style)
            } else {
                variant_to_text(v, &kinds, style)
            })
        }
        None => {
            let kinds = match piece {
                Some(text) => vec![super::parse_piece(text)
                    .ok_or_else(|| {
                        format!(
                            "`{text}` is not a piece of standard shogi: {PIECE_HELP} (give --variant for another game's pieces)"
                        )
                    })?
                    .unpromote()],
                None => KINDS.to_vec(),
            };
            Ok(if svg {
                to_svg(&kinds, style)
            } else {
                to_text(&kinds, style)
            })
        }
    }
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

    #[test]
    fn the_eagle_slides_runs_and_steps() {
        let eagle = variant_movement(VKind::Eagle);
        assert_eq!(eagle[1][1], Slide(Line::Falling));
        assert_eq!(eagle[0][4], Slide(Line::Rising));
        assert_eq!(eagle[1][2], Step);
        assert_eq!(eagle[2][1], Step);
        assert_eq!(eagle[3][2], Slide(Line::Vertical));
        assert_eq!(eagle[3][1], Step);
        assert_eq!(eagle[4][0], Run);
        assert_eq!(eagle[4][4], Run);
        let goose = variant_movement(VKind::Goose);
        assert_eq!(goose[0][0], Jump);
        assert_eq!(goose[0][4], Jump);
        assert_eq!(goose[4][2], Jump);
        assert_eq!(goose[1][2], Empty);
    }

    #[test]
    fn quails_are_mirror_images() {
        let left = variant_movement(VKind::LeftQuail);
        let right = variant_movement(VKind::RightQuail);
        for r in 0..5 {
            for c in 0..5 {
                let mirrored = match right[r][4 - c] {
                    Slide(Line::Falling) => Slide(Line::Rising),
                    Slide(Line::Rising) => Slide(Line::Falling),
                    x => x,
                };
                assert_eq!(left[r][c], mirrored, "{r} {c}");
            }
        }
        assert_eq!(left[3][3], Slide(Line::Falling));
        assert_eq!(left[3][1], Step);
    }

    #[test]
    fn rules_follow_the_variant() {
        let far_two = "may promote when it moves into, within or out of the far two ranks";
        for (v, k, rule) in [
            (
                Variant::Torishogi,
                VKind::Swallow,
                format!("{far_two}; must promote on the last rank"),
            ),
            (
                Variant::Torishogi,
                VKind::Falcon,
                format!("{far_two}; never has to"),
            ),
            (
                Variant::Dobutsu,
                VKind::Chick,
                "must promote when it reaches the last rank".into(),
            ),
            (
                Variant::Minishogi,
                VKind::Silver,
                "may promote when it moves into, within or out of the last rank; never has to"
                    .into(),
            ),
            (Variant::Torishogi, VKind::Crane, "never promotes".into()),
        ] {
            assert_eq!(variant_promotion_rule(v, k), rule, "{v} {k}");
        }
    }
}
