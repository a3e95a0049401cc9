//! How each piece of a smaller variant moves, beside how it moves promoted (`guide --variant
//! NAME`): Tori Shogi's birds, Shogi 3x4's animals, and the standard pieces of the 5x5 and
//! 5x6 games with their variant's promotion zone.
//!
//! The diagrams are read off the rules core ([`crate::variant`]): a first-player piece stands
//! alone on 5e of an empty 9x9 board and its geometrically possible moves
//! ([`VPosition::pseudo_moves`]) say which squares it reaches. A square on a line from the
//! piece that is reached, with the square three along the same line reached too, is part of a
//! slide (any distance); a neighbouring square is a step; a farther square that is still
//! reached when all eight neighbours are occupied (by enemy pieces) is a jump; a farther
//! square reached only through empty squares is the end of a run (Tori Shogi's eagle's
//! two-square backward-diagonal move).

use crate::shogi::{Color, Square};
use crate::variant::{VKind, VMove, VPiece, VPosition, Variant};

use super::board_svg::{draw_face_in, Face};
use super::board_text::mark_cell;
use super::guide::{
    draw_cells, pad, promotion_arrow, side_by_side, wrapped_text, Cell, Line, GC, G_ARROW,
    G_BLOCK_H, G_BLOCK_W, G_MARGIN, G_WRAP,
};
use super::svg::{esc, num, Svg};
use super::variant::{kanji, piece_cell};
use super::PieceStyle;

/// The square `dr` ranks down and `dc` columns right of 5e, as the first player sees the
/// board.
fn offset(dr: i32, dc: i32) -> Option<Square> {
    let file = 5 - dc;
    let rank = 5 + dr;
    if (1..=9).contains(&file) && (1..=9).contains(&rank) {
        Square::new(file as u8, rank as u8)
    } else {
        None
    }
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

/// The 5x5 movement diagram of `kind` (forward is up), `cells[row][col]`.
pub fn movement(kind: VKind) -> [[Cell; 5]; 5] {
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
    let mut cells = [[Cell::Empty; 5]; 5];
    for (r, row) in cells.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (dr, dc) = (r as i32 - 2, c as i32 - 2);
            if (dr, dc) == (0, 0) {
                *cell = Cell::Piece;
                continue;
            }
            let Some(sq) = offset(dr, dc) else { continue };
            if !open.contains(&sq) {
                continue;
            }
            let aligned = dr == 0 || dc == 0 || dr.abs() == dc.abs();
            let (sr, sc) = (dr.signum(), dc.signum());
            let slides = aligned && offset(3 * sr, 3 * sc).is_some_and(|s| open.contains(&s));
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
            } else if dr.abs() <= 1 && dc.abs() <= 1 {
                Cell::Step
            } else if ringed.contains(&sq) {
                Cell::Jump
            } else {
                Cell::Run
            };
        }
    }
    cells
}

/// The kinds the guide shows for `variant`, unpromoted: the royal piece first, then the
/// others in the order the variant's SFEN writes hands.
pub fn kinds(variant: Variant) -> Vec<VKind> {
    let mut out = vec![variant.royal()];
    out.extend(variant.kinds().iter().copied().filter(|k| !k.is_royal()));
    out
}

/// When `kind` may or must promote in `variant`, as one sentence without the full stop.
pub fn promotion_rule(variant: Variant, kind: VKind) -> String {
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

fn title(variant: Variant, kind: VKind, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => format!(
            "{} ({}) {}",
            kanji(kind),
            variant.kind_text(kind),
            kind.english()
        ),
        PieceStyle::Letters => format!("{} {}", variant.kind_text(kind), kind.english()),
    }
}

fn text_rows(variant: Variant, kind: VKind, style: PieceStyle) -> Vec<String> {
    movement(kind)
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Cell::Empty => piece_cell(variant, None, style),
                    Cell::Piece => piece_cell(
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
pub fn to_text(variant: Variant, kinds: &[VKind], style: PieceStyle) -> String {
    const COL: usize = 26;
    let mut s = format!("{} ({})\n\n", variant.title(), variant.name());
    for &kind in kinds {
        let kind = kind.unpromote();
        let mut header = pad(&title(variant, kind, style), COL);
        if let Some(p) = kind.promote() {
            header.push_str(&format!("promoted: {}", title(variant, p, style)));
        }
        s.push_str(header.trim_end());
        s.push('\n');
        let lrows = text_rows(variant, kind, style);
        let rrows = kind.promote().map(|p| text_rows(variant, p, style));
        side_by_side(&mut s, &lrows, rrows.as_deref(), COL);
        s.push_str(&format!(
            "promotion: {}.\n\n",
            promotion_rule(variant, kind)
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

fn block_title(svg: &mut Svg, x: f64, y: f64, variant: Variant, kind: VKind, style: PieceStyle) {
    let fill = if kind.is_promoted() {
        "#b3261e"
    } else {
        "#222222"
    };
    let name = match style {
        PieceStyle::Kanji => format!("{} ({}) ", kanji(kind), variant.kind_text(kind)),
        PieceStyle::Letters => format!("{} ", variant.kind_text(kind)),
    };
    svg.raw(&format!(
        r#"<text x="{}" y="{}" font-size="16" font-weight="bold" fill="{fill}">{}<tspan font-size="12" font-weight="normal" font-family="sans-serif">{}</tspan></text>"#,
        num(x),
        num(y),
        esc(&name),
        esc(kind.english()),
    ));
}

/// Draws one diagram, in a group that names the kind (`data-kind`, its English name).
fn diagram(svg: &mut Svg, x: f64, y: f64, variant: Variant, kind: VKind, style: PieceStyle) {
    svg.raw(&format!(
        r#"<g class="movement" data-kind="{}">"#,
        esc(kind.english())
    ));
    draw_cells(svg, x, y, &movement(kind), |svg, px, py| {
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

fn draw_block(svg: &mut Svg, x: f64, y: f64, variant: Variant, kind: VKind, style: PieceStyle) {
    let left_x = x + G_MARGIN;
    let right_x = left_x + 5.0 * GC + G_ARROW;
    block_title(svg, left_x, y + 16.0, variant, kind, style);
    let gy = y + 24.0;
    diagram(svg, left_x, gy, variant, kind, style);
    if let Some(p) = kind.promote() {
        block_title(svg, right_x, y + 16.0, variant, p, style);
        promotion_arrow(svg, left_x, right_x, gy);
        diagram(svg, right_x, gy, variant, p, style);
    }
    let rule = format!("Promotion: {}.", promotion_rule(variant, kind));
    wrapped_text(svg, left_x, gy + 5.0 * GC + 17.0, &rule, G_WRAP);
}

/// The guide of `variant` as an SVG picture: a title, then one block per kind (its diagram
/// beside its promoted diagram, and its promotion rule), two blocks to a row, and a key.
pub fn to_svg(variant: Variant, kinds: &[VKind], style: PieceStyle) -> String {
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
        draw_block(&mut svg, x, y, variant, kind.unpromote(), style);
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

#[cfg(test)]
mod tests {
    use super::*;
    use Cell::*;

    #[test]
    fn the_eagle_slides_runs_and_steps() {
        let eagle = movement(VKind::Eagle);
        assert_eq!(eagle[1][1], Slide(Line::Falling));
        assert_eq!(eagle[0][4], Slide(Line::Rising));
        assert_eq!(eagle[1][2], Step);
        assert_eq!(eagle[2][1], Step);
        assert_eq!(eagle[3][2], Slide(Line::Vertical));
        assert_eq!(eagle[3][1], Step);
        assert_eq!(eagle[4][0], Run);
        assert_eq!(eagle[4][4], Run);
        let goose = movement(VKind::Goose);
        assert_eq!(goose[0][0], Jump);
        assert_eq!(goose[0][4], Jump);
        assert_eq!(goose[4][2], Jump);
        assert_eq!(goose[1][2], Empty);
    }

    #[test]
    fn quails_are_mirror_images() {
        let left = movement(VKind::LeftQuail);
        let right = movement(VKind::RightQuail);
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
        assert_eq!(
            promotion_rule(Variant::Torishogi, VKind::Swallow),
            "may promote when it moves into, within or out of the far two ranks; must promote on the last rank"
        );
        assert_eq!(
            promotion_rule(Variant::Torishogi, VKind::Falcon),
            "may promote when it moves into, within or out of the far two ranks; never has to"
        );
        assert_eq!(
            promotion_rule(Variant::Dobutsu, VKind::Chick),
            "must promote when it reaches the last rank"
        );
        assert_eq!(
            promotion_rule(Variant::Minishogi, VKind::Silver),
            "may promote when it moves into, within or out of the last rank; never has to"
        );
        assert_eq!(
            promotion_rule(Variant::Torishogi, VKind::Crane),
            "never promotes"
        );
    }
}
