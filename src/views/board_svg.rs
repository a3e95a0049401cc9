//! The board as an SVG picture: a grid (9x9, or a smaller variant's board with its promotion
//! zones shaded) with file labels ９..１ on top and rank labels 一..九 on the right, pieces drawn as wedge-shaped tiles with their kanji (or letters),
//! white's turned by 180 degrees, white's hand at the top left and black's at the bottom
//! right (with counts), the last move's destination shaded and chosen squares highlighted.
//!
//! The picture is plain SVG 1.1 (rectangles, lines, polygons and text; no CSS, scripts or
//! external references), so any renderer draws it; text asks for a Japanese font and falls
//! back to the renderer's serif font.

use crate::shogi::{Color, PieceKind, Position, Square};
use crate::variant::{VKind, VPosition, Variant};

use super::notation::variant_piece_name as piece_name;
use super::notation::{board_kanji, letter, FULL_WIDTH_DIGITS, KANJI_DIGITS};
use super::svg::{num, Svg};
use super::PieceStyle;

/// Width of a square.
const CW: f64 = 40.0;
/// Height of a square (shogi squares are a little taller than wide).
const CH: f64 = 44.0;
/// Outer margin.
const MARGIN: f64 = 12.0;
/// Width of a hand column.
const HAND_W: f64 = 50.0;
/// Space between a hand and the board (or the rank labels).
const GAP: f64 = 12.0;
/// Height of the file labels above the board.
const TOP_LABELS: f64 = 24.0;
/// Width of the rank labels right of the board.
const RIGHT_LABELS: f64 = 26.0;
/// Height of a caption line.
const CAPTION: f64 = 28.0;

const BOARD_X: f64 = MARGIN + HAND_W + GAP;
/// Width of one picture of a 9x9 board.
pub const PANEL_W: f64 = BOARD_X + 9.0 * CW + RIGHT_LABELS + GAP + HAND_W + MARGIN;

/// Width of one picture of a board of `files` files.
fn panel_w(files: u8) -> f64 {
    BOARD_X + files as f64 * CW + RIGHT_LABELS + GAP + HAND_W + MARGIN
}

const WOOD: &str = "#f3d9a0";
const TILE: &str = "#fdf2d3";
const INK: &str = "#222222";
const RED: &str = "#b3261e";
const LAST_MOVE: &str = "#e08a2c";
const HIGHLIGHT: &str = "#2e9e4f";
const ZONE: &str = "#e2bf78";

/// A piece's face as the pictures draw it: its name in the chosen style, and whether it is
/// a promoted kind (drawn in red).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// The kanji (one character, or two drawn one above the other, such as 左鶉) or the
    /// letters (`P`, `+P`).
    pub label: String,
    /// Whether the kind is a promoted one.
    pub promoted: bool,
}

impl Face {
    /// The face of a standard piece kind.
    pub fn standard(kind: PieceKind, style: PieceStyle) -> Face {
        let label = match style {
            PieceStyle::Kanji => board_kanji(kind),
            PieceStyle::Letters => letter(kind),
        };
        Face {
            label: label.to_string(),
            promoted: kind.is_promoted(),
        }
    }

    /// The face of `kind` of a smaller variant: its kanji, or its SFEN text in `variant`
    /// (`F`, `+F`).
    pub fn of_variant(variant: Variant, kind: VKind, style: PieceStyle) -> Face {
        Face {
            label: piece_name(variant, kind, style),
            promoted: kind.is_promoted(),
        }
    }
}

/// What a board picture needs of a position: standard shogi's [`Position`] or a smaller
/// variant's [`VPosition`].
pub trait Diagram {
    /// The number of files.
    fn files(&self) -> u8;
    /// The number of ranks.
    fn ranks(&self) -> u8;
    /// The piece on `sq`: its owner and face.
    fn face_at(&self, sq: Square, style: PieceStyle) -> Option<(Color, Face)>;
    /// What `color` holds, in the order hands are written, with counts.
    fn hand_faces(&self, color: Color, style: PieceStyle) -> Vec<(Face, u8)>;
    /// The side to move.
    fn to_move(&self) -> Color;
    /// How many far ranks to shade as each side's promotion zone (none for standard shogi,
    /// whose zone every player knows).
    fn zone_depth(&self) -> Option<u8>;
    /// The star points (file lines, rank lines from the top left corner).
    fn stars(&self) -> &'static [(u8, u8)];
    /// The picture's title.
    fn title(&self) -> String;
}

impl Diagram for Position {
    fn files(&self) -> u8 {
        9
    }
    fn ranks(&self) -> u8 {
        9
    }
    fn face_at(&self, sq: Square, style: PieceStyle) -> Option<(Color, Face)> {
        self.piece_at(sq)
            .map(|p| (p.color, Face::standard(p.kind, style)))
    }
    fn hand_faces(&self, color: Color, style: PieceStyle) -> Vec<(Face, u8)> {
        self.hand(color)
            .iter()
            .map(|(k, n)| (Face::standard(k, style), n))
            .collect()
    }
    fn to_move(&self) -> Color {
        self.side_to_move()
    }
    fn zone_depth(&self) -> Option<u8> {
        None
    }
    fn stars(&self) -> &'static [(u8, u8)] {
        &[(3, 3), (6, 3), (3, 6), (6, 6)]
    }
    fn title(&self) -> String {
        format!("Shogi position {}", self.to_sfen())
    }
}

impl Diagram for VPosition {
    fn files(&self) -> u8 {
        self.variant().files()
    }
    fn ranks(&self) -> u8 {
        self.variant().ranks()
    }
    fn face_at(&self, sq: Square, style: PieceStyle) -> Option<(Color, Face)> {
        self.piece_at(sq)
            .map(|p| (p.color, Face::of_variant(self.variant(), p.kind, style)))
    }
    fn hand_faces(&self, color: Color, style: PieceStyle) -> Vec<(Face, u8)> {
        let v = self.variant();
        v.kinds()
            .iter()
            .filter(|k| !k.is_royal())
            .filter_map(|&k| {
                let n = self.hand_count(color, k);
                (n > 0).then(|| (Face::of_variant(v, k, style), n))
            })
            .collect()
    }
    fn to_move(&self) -> Color {
        self.side_to_move()
    }
    fn zone_depth(&self) -> Option<u8> {
        Some(self.variant().zone_depth())
    }
    fn stars(&self) -> &'static [(u8, u8)] {
        match self.variant() {
            Variant::Standard => &[(3, 3), (6, 3), (3, 6), (6, 6)],
            _ => &[],
        }
    }
    fn title(&self) -> String {
        format!("{} position {}", self.variant().title(), self.to_sfen())
    }
}

/// What a board picture shows.
#[derive(Clone, Debug)]
pub struct BoardPicture<'a, B: Diagram + ?Sized = Position> {
    /// The position.
    pub position: &'a B,
    /// Kanji or letters.
    pub style: PieceStyle,
    /// The destination of the last move, shaded.
    pub last_move: Option<Square>,
    /// Squares highlighted in green (an empty one also gets a dot).
    pub highlight: Vec<Square>,
    /// Small grey letters in the corner of squares (drop reasons, for instance).
    pub marks: Vec<(Square, char)>,
    /// A line of text above the board.
    pub caption: Option<String>,
}

/// One entry of a legend under the pictures.
#[derive(Clone, Debug)]
pub enum LegendItem {
    /// The highlight colour, and what it means.
    Highlight(String),
    /// The last-move shade, and what it means.
    LastMove(String),
    /// A corner mark, and what it means.
    Mark(char, String),
}

impl<'a, B: Diagram + ?Sized> BoardPicture<'a, B> {
    /// A picture of `position` with nothing marked.
    pub fn new(position: &'a B, style: PieceStyle) -> BoardPicture<'a, B> {
        BoardPicture {
            position,
            style,
            last_move: None,
            highlight: Vec::new(),
            marks: Vec::new(),
            caption: None,
        }
    }

    /// The height of this picture.
    pub fn height(&self) -> f64 {
        self.board_y() + self.column_h() + MARGIN
    }

    /// The height of the board, or of the taller hand if that is taller.
    fn column_h(&self) -> f64 {
        let board = self.position.ranks() as f64 * CH;
        [Color::Black, Color::White]
            .into_iter()
            .map(|c| hand_height(self.position.hand_faces(c, self.style).len()))
            .fold(board, f64::max)
    }

    fn board_y(&self) -> f64 {
        MARGIN + TOP_LABELS + if self.caption.is_some() { CAPTION } else { 0.0 }
    }

    /// The picture as a whole SVG document.
    pub fn to_svg(&self) -> String {
        panels_svg(std::slice::from_ref(self), 1, &[])
    }

    fn draw(&self, svg: &mut Svg) {
        let by = self.board_y();
        let (files, ranks) = (self.position.files(), self.position.ranks());
        let board_w = files as f64 * CW;
        let board_h = ranks as f64 * CH;
        if let Some(caption) = &self.caption {
            svg.text(
                MARGIN,
                MARGIN + 18.0,
                17.0,
                "start",
                r#"font-weight="bold""#,
                caption,
            );
        }
        // Board, shades, grid.
        svg.rect(BOARD_X, by, board_w, board_h, &format!(r#"fill="{WOOD}""#));
        if let Some(depth) = self.position.zone_depth() {
            let zh = depth as f64 * CH;
            let attrs = format!(r#"fill="{ZONE}""#);
            svg.rect(BOARD_X, by, board_w, zh, &attrs);
            svg.rect(BOARD_X, by + board_h - zh, board_w, zh, &attrs);
        }
        let cell = |sq: Square| {
            let col = files as usize - sq.file() as usize;
            let row = sq.rank() as usize - 1;
            (BOARD_X + col as f64 * CW, by + row as f64 * CH)
        };
        if let Some(sq) = self.last_move {
            let (x, y) = cell(sq);
            svg.rect(
                x,
                y,
                CW,
                CH,
                &format!(r#"fill="{LAST_MOVE}" fill-opacity="0.55""#),
            );
        }
        for &sq in &self.highlight {
            let (x, y) = cell(sq);
            svg.rect(
                x,
                y,
                CW,
                CH,
                &format!(r#"fill="{HIGHLIGHT}" fill-opacity="0.35""#),
            );
        }
        for i in 1..files.max(ranks) {
            let x = BOARD_X + i as f64 * CW;
            let y = by + i as f64 * CH;
            let attrs = format!(r#"stroke="{INK}" stroke-width="1""#);
            if i < files {
                svg.line(x, by, x, by + board_h, &attrs);
            }
            if i < ranks {
                svg.line(BOARD_X, y, BOARD_X + board_w, y, &attrs);
            }
        }
        svg.rect(
            BOARD_X,
            by,
            board_w,
            board_h,
            &format!(r#"fill="none" stroke="{INK}" stroke-width="2""#),
        );
        for &(i, j) in self.position.stars() {
            let (x, y) = (BOARD_X + i as f64 * CW, by + j as f64 * CH);
            svg.circle(x, y, 2.6, &format!(r#"fill="{INK}""#));
        }
        // Labels.
        for file in 1..=files {
            let x = BOARD_X + (files - file) as f64 * CW + CW / 2.0;
            let label = match self.style {
                PieceStyle::Kanji => FULL_WIDTH_DIGITS[file as usize - 1].to_string(),
                PieceStyle::Letters => file.to_string(),
            };
            svg.text(x, by - 8.0, 15.0, "middle", r##"fill="#444444""##, &label);
        }
        for rank in 1..=ranks {
            let y = by + (rank - 1) as f64 * CH + CH / 2.0 + 5.5;
            let label = match self.style {
                PieceStyle::Kanji => KANJI_DIGITS[rank as usize - 1].to_string(),
                PieceStyle::Letters => ((b'a' + rank - 1) as char).to_string(),
            };
            let x = BOARD_X + board_w + RIGHT_LABELS / 2.0;
            svg.text(x, y, 15.0, "middle", r##"fill="#444444""##, &label);
        }
        // Pieces.
        for sq in Square::all().filter(|s| s.file() <= files && s.rank() <= ranks) {
            let (x, y) = cell(sq);
            match self.position.face_at(sq, self.style) {
                Some((color, face)) => draw_face_in(svg, x, y, CW, CH, &face, color, self.style),
                None if self.highlight.contains(&sq) => {
                    svg.circle(
                        x + CW / 2.0,
                        y + CH / 2.0,
                        5.0,
                        &format!(r#"fill="{HIGHLIGHT}""#),
                    );
                }
                None => {}
            }
        }
        for &(sq, mark) in &self.marks {
            let (x, y) = cell(sq);
            svg.text(
                x + 3.5,
                y + 12.0,
                11.0,
                "start",
                r##"fill="#666666" font-family="sans-serif""##,
                &mark.to_string(),
            );
        }
        // Hands: white's top left, black's bottom right.
        let to_move = self.position.to_move();
        let white = self.position.hand_faces(Color::White, self.style);
        draw_hand(svg, MARGIN, by, Color::White, &white, self.style, to_move);
        let black = self.position.hand_faces(Color::Black, self.style);
        let hx = BOARD_X + board_w + RIGHT_LABELS + GAP;
        let hy = by + self.column_h() - hand_height(black.len());
        draw_hand(svg, hx, hy, Color::Black, &black, self.style, to_move);
    }
}

/// Draws several pictures in a grid of `columns`, then the legend, as one SVG document.
pub fn panels_svg<B: Diagram + ?Sized>(
    pictures: &[BoardPicture<'_, B>],
    columns: usize,
    legend: &[LegendItem],
) -> String {
    let columns = columns.clamp(1, pictures.len().max(1));
    let panel_w = pictures
        .first()
        .map_or(PANEL_W, |p| panel_w(p.position.files()));
    let mut svg = Svg::new();
    let mut y = 0.0;
    for row in pictures.chunks(columns) {
        let h = row.iter().map(BoardPicture::height).fold(0.0, f64::max);
        for (i, picture) in row.iter().enumerate() {
            svg.open_group(i as f64 * panel_w, y);
            picture.draw(&mut svg);
            svg.close_group();
        }
        y += h;
    }
    let width = panel_w * columns as f64;
    if !legend.is_empty() {
        y += draw_legend(&mut svg, y, width, legend);
    }
    let title = pictures
        .first()
        .map(|p| p.position.title())
        .unwrap_or_default();
    svg.finish(width, y, &title)
}

/// Draws the legend as rows of items starting at `y`; returns its height.
fn draw_legend(svg: &mut Svg, y: f64, width: f64, legend: &[LegendItem]) -> f64 {
    let row_h = 24.0;
    let mut x = MARGIN;
    let mut row = 0.0;
    for item in legend {
        let text = match item {
            LegendItem::Highlight(t) | LegendItem::LastMove(t) | LegendItem::Mark(_, t) => t,
        };
        let w = 30.0 + text.chars().count() as f64 * 7.0 + 18.0;
        if x + w > width - MARGIN && x > MARGIN {
            x = MARGIN;
            row += row_h;
        }
        let yy = y + row + 4.0;
        match item {
            LegendItem::Highlight(_) => {
                svg.rect(x, yy, 22.0, 16.0, &format!(r#"fill="{HIGHLIGHT}" fill-opacity="0.35" stroke="{INK}" stroke-width="0.5""#));
                svg.circle(x + 11.0, yy + 8.0, 3.5, &format!(r#"fill="{HIGHLIGHT}""#));
            }
            LegendItem::LastMove(_) => {
                svg.rect(x, yy, 22.0, 16.0, &format!(r#"fill="{LAST_MOVE}" fill-opacity="0.55" stroke="{INK}" stroke-width="0.5""#));
            }
            LegendItem::Mark(c, _) => {
                svg.rect(
                    x,
                    yy,
                    22.0,
                    16.0,
                    &format!(r#"fill="{WOOD}" stroke="{INK}" stroke-width="0.5""#),
                );
                svg.text(
                    x + 11.0,
                    yy + 12.5,
                    12.0,
                    "middle",
                    r##"fill="#444444" font-family="sans-serif""##,
                    &c.to_string(),
                );
            }
        }
        svg.text(
            x + 28.0,
            yy + 13.0,
            13.0,
            "start",
            r##"fill="#222222" font-family="sans-serif""##,
            text,
        );
        x += w;
    }
    row + row_h + MARGIN
}

/// The five corners of a piece tile in the cell at (`x`, `y`), pointing up.
fn tile(x: f64, y: f64, w: f64, h: f64) -> [(f64, f64); 5] {
    [
        (x + w / 2.0, y + 0.08 * h),
        (x + 0.83 * w, y + 0.22 * h),
        (x + 0.9 * w, y + 0.92 * h),
        (x + 0.1 * w, y + 0.92 * h),
        (x + 0.17 * w, y + 0.22 * h),
    ]
}

fn face_label(face: &Face, style: PieceStyle) -> (&str, f64, &'static str) {
    match style {
        PieceStyle::Kanji => (&face.label, 25.0, ""),
        PieceStyle::Letters => (
            &face.label,
            if face.promoted { 17.0 } else { 20.0 },
            r#"font-family="sans-serif" font-weight="bold""#,
        ),
    }
}

/// Draws a piece tile in a `w` by `h` cell at (`x`, `y`), turned for white.
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_piece_in(
    svg: &mut Svg,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    kind: PieceKind,
    color: Color,
    style: PieceStyle,
) {
    draw_face_in(svg, x, y, w, h, &Face::standard(kind, style), color, style);
}

/// Draws a tile with `face` in a `w` by `h` cell at (`x`, `y`), turned for white.
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_face_in(
    svg: &mut Svg,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    face: &Face,
    color: Color,
    style: PieceStyle,
) {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let turned = color == Color::White;
    if turned {
        svg.open_rotated(cx, cy);
    }
    svg.polygon(
        &tile(x, y, w, h),
        &format!(r##"fill="{TILE}" stroke="#8a6a3a" stroke-width="1""##),
    );
    let (label, size, font) = face_label(face, style);
    let scale = h / CH;
    let size = size * scale;
    let fill = if face.promoted { RED } else { INK };
    // The glyph sits in the wide part of the tile, a little below the cell's centre (above
    // it on a turned tile).
    let baseline = |shift: f64| cy + shift * scale + size * 0.36;
    let attrs = format!(r#"fill="{fill}" {font}"#);
    let stacked: Vec<char> = label.chars().collect();
    match style {
        // Two kanji (左鶉) stand one above the other, smaller, as on a real piece.
        PieceStyle::Kanji if stacked.len() == 2 => {
            let small = size * 0.6;
            for (i, c) in stacked.iter().enumerate() {
                let shift = 3.0 + (i as f64 - 0.5) * small / scale * 0.95;
                let y = cy + shift * scale + small * 0.36;
                svg.text(cx, y, small, "middle", &attrs, &c.to_string());
            }
        }
        PieceStyle::Kanji => svg.text(cx, baseline(3.0), size, "middle", &attrs, label),
        // A turned letter would read wrong (P as d), so letters stay upright: the tile
        // alone shows whose piece it is.
        PieceStyle::Letters if turned => {
            svg.close_group();
            svg.text(cx, baseline(-3.0), size, "middle", &attrs, label);
            return;
        }
        PieceStyle::Letters => svg.text(cx, baseline(3.0), size, "middle", &attrs, label),
    }
    if turned {
        svg.close_group();
    }
}

const HAND_HEADER: f64 = 64.0;
const HAND_ROW: f64 = 36.0;

fn hand_height(kinds: usize) -> f64 {
    HAND_HEADER + HAND_ROW * kinds.max(1) as f64
}

/// Draws a hand as a column at (`x`, `y`): the side's mark and name, then one row per kind
/// held with its count.
fn draw_hand(
    svg: &mut Svg,
    x: f64,
    y: f64,
    color: Color,
    hand: &[(Face, u8)],
    style: PieceStyle,
    to_move: Color,
) {
    let h = hand_height(hand.len());
    let frame = if color == to_move {
        format!(r##"fill="#fff4dc" stroke="{LAST_MOVE}" stroke-width="2""##)
    } else {
        r##"fill="#f7f7f7" stroke="#bbbbbb" stroke-width="1""##.to_string()
    };
    svg.raw(&format!(
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="6" {frame}/>"#,
        num(x),
        num(y),
        num(HAND_W),
        num(h)
    ));
    // The side's mark: a small tile, filled for black (☗), hollow for white (☖).
    let cx = x + HAND_W / 2.0;
    let mark = tile(cx - 9.0, y + 6.0, 18.0, 20.0);
    let fill = if color == Color::Black {
        INK
    } else {
        "#ffffff"
    };
    svg.polygon(
        &mark,
        &format!(r#"fill="{fill}" stroke="{INK}" stroke-width="1.2""#),
    );
    let name = match (style, color) {
        (PieceStyle::Kanji, Color::Black) => "先手",
        (PieceStyle::Kanji, Color::White) => "後手",
        (PieceStyle::Letters, Color::Black) => "Black",
        (PieceStyle::Letters, Color::White) => "White",
    };
    let font = match style {
        PieceStyle::Kanji => "",
        PieceStyle::Letters => r#"font-family="sans-serif""#,
    };
    svg.text(
        cx,
        y + 44.0,
        14.0,
        "middle",
        &format!(r#"fill="{INK}" {font}"#),
        name,
    );
    if color == to_move {
        let turn = match style {
            PieceStyle::Kanji => "手番",
            PieceStyle::Letters => "to move",
        };
        svg.text(
            cx,
            y + 58.0,
            10.0,
            "middle",
            &format!(r#"fill="{LAST_MOVE}" {font}"#),
            turn,
        );
    }
    let mut row_y = y + HAND_HEADER;
    if hand.is_empty() {
        let none = match style {
            PieceStyle::Kanji => "なし",
            PieceStyle::Letters => "none",
        };
        svg.text(
            cx,
            row_y + 22.0,
            13.0,
            "middle",
            &format!(r##"fill="#888888" {font}"##),
            none,
        );
        return;
    }
    for (face, n) in hand {
        let n = *n;
        let (label, size, font) = face_label(face, style);
        let size = size - 3.0;
        let lx = if n > 1 { cx - 7.0 } else { cx };
        let chars: Vec<char> = label.chars().collect();
        if style == PieceStyle::Kanji && chars.len() == 2 {
            // Two kanji (左鶉) one above the other, as on the board.
            for (i, c) in chars.iter().enumerate() {
                svg.text(
                    lx,
                    row_y + 16.0 + 14.0 * i as f64,
                    13.0,
                    "middle",
                    &format!(r#"fill="{INK}" {font}"#),
                    &c.to_string(),
                );
            }
        } else {
            svg.text(
                lx,
                row_y + 24.0,
                size,
                "middle",
                &format!(r#"fill="{INK}" {font}"#),
                label,
            );
        }
        if n > 1 {
            svg.text(
                lx + 13.0,
                row_y + 26.0,
                13.0,
                "start",
                r##"fill="#444444" font-family="sans-serif" font-weight="bold""##,
                &n.to_string(),
            );
        }
        row_y += HAND_ROW;
    }
}

/// The caption of `board --caption`: the move number, the last move in Japanese notation with
/// the mover's mark, and the players (`手数＝12  △２三歩打  ▲羽生善治  △藤井聡太`); names wider
/// than [`CAPTION_NAME_WIDTH`] are cut with `…` so that the line stays on the picture.
pub fn record_caption(loc: &super::Located, black: Option<&str>, white: Option<&str>) -> String {
    let mut parts = Vec::new();
    match (loc.ply, &loc.last) {
        (Some(ply), Some(last)) => {
            let mover = last.before.side_to_move();
            let mark = if mover == Color::Black { '▲' } else { '△' };
            let kif = super::notation::kif_move(&last.before, last.mv, None);
            parts.push(format!("手数＝{ply}  {mark}{kif}"));
        }
        (Some(ply), None) => parts.push(format!("手数＝{ply}")),
        (None, _) => {}
    }
    for (mark, name) in [('▲', black), ('△', white)] {
        if let Some(name) = name {
            parts.push(format!("{mark}{}", caption_name(name)));
        }
    }
    parts.join("  ")
}

/// The widest player's name a caption shows whole, in half-width characters (a kanji counts
/// two): two such names, the move number and the move fit the standard board's picture.
pub const CAPTION_NAME_WIDTH: usize = 16;

fn caption_name(name: &str) -> String {
    let width = |c: char| if c.is_ascii() { 1 } else { 2 };
    if name.chars().map(width).sum::<usize>() <= CAPTION_NAME_WIDTH {
        return name.to_string();
    }
    let mut cut = String::new();
    let mut used = 0;
    for c in name.chars() {
        used += width(c);
        if used > CAPTION_NAME_WIDTH - 2 {
            break;
        }
        cut.push(c);
    }
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_say_the_move_the_mover_and_the_players() {
        let loc = super::super::located_from_sfen("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(
            record_caption(&loc, Some("羽生善治"), None),
            "手数＝2  △３四歩(33)  ▲羽生善治"
        );
        let start = super::super::located_from_sfen("startpos").unwrap();
        assert_eq!(record_caption(&start, None, None), "");
        let long = "名".repeat(20);
        let cut = record_caption(&loc, Some(&long), Some("a-rather-long-latin-name"));
        assert!(
            cut.ends_with("  ▲名名名名名名名…  △a-rather-long-…"),
            "{cut}"
        );
    }

    #[test]
    fn white_pieces_are_turned_and_black_ones_are_not() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let svg = BoardPicture::new(&pos, PieceStyle::Kanji).to_svg();
        assert_eq!(svg.matches("rotate(180").count(), 1);
        assert_eq!(svg.matches(">玉</text>").count(), 2);
        // The white king on 5a is drawn in the top row, the black king in the bottom row.
        let rot = svg.find("rotate(180").unwrap();
        assert!(svg[rot..].starts_with(&format!(
            "rotate(180 {} {}",
            num(BOARD_X + 4.0 * CW + CW / 2.0),
            num(MARGIN + TOP_LABELS + CH / 2.0)
        )));
    }
}
