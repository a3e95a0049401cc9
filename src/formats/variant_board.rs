//! A smaller variant's board diagram in KIF and KI2 (Lishogi's layout): the rows of the
//! variant's width between `+---…---+` borders, one character a cell (`v` before a white
//! piece), the hands as `後手の持駒：…`/`先手の持駒：…` with the variant's piece names, and
//! `後手番` when white is to move. [`VariantDiagram`] gathers the lines while the preamble is
//! read and turns them into the start once the variant is known; [`write_board`] writes one.

use crate::formats::column::column_of;
use crate::formats::japanese::{self as ja, BOARD_FLIPPED};
use crate::formats::variant_names::{board_char, parse_piece, piece_name, variant_from_board};
use crate::record::{ErrorCode, ReadError, ReadIssue};
use crate::shogi::{Color, Square};
use crate::variant::{VKind, VPosition, Variant};

/// A line the diagram holds: its number, the column of its first character of interest and
/// that text.
#[derive(Clone, Debug, Default)]
struct Held {
    no: u32,
    column: u32,
    text: String,
}

/// The lines of a variant's board diagram, gathered before the variant is known.
#[derive(Clone, Debug, Default)]
pub(crate) struct VariantDiagram {
    /// The cells of each row (the text between the first two `|`).
    rows: Vec<Held>,
    /// White's and black's hand lines (their values), by [`Color::index`].
    hands: [Option<Held>; 2],
    /// A `先手番`/`後手番` line's side.
    side: Option<Color>,
}

/// The cells of a board row (the text between its first two `|`), if `body` is one.
fn row_cells(body: &str) -> Option<&str> {
    let rest = body.strip_prefix('|')?;
    Some(&rest[..rest.find('|')?])
}

/// How many cells a board row `body` has (two characters a cell), if it is a row.
pub(crate) fn row_width(body: &str) -> Option<usize> {
    row_cells(body).map(|c| c.chars().count() / 2)
}

impl VariantDiagram {
    /// Whether a board row was read.
    pub(crate) fn has_rows(&self) -> bool {
        !self.rows.is_empty()
    }

    /// Whether a hand line was kept.
    pub(crate) fn has_hands(&self) -> bool {
        self.hands.iter().any(Option::is_some)
    }

    /// The side a `先手番`/`後手番` line gave.
    pub(crate) fn side(&self) -> Option<Color> {
        self.side
    }

    /// Keeps the hand line of `color` whose value `value` starts at byte `at` of `line`.
    pub(crate) fn keep_hand(&mut self, color: Color, line: &str, at: usize, no: u32) {
        self.hands[color.index()] = Some(Held {
            no,
            column: column_of(line, at),
            text: line.get(at..).unwrap_or("").to_string(),
        });
    }

    /// Takes a diagram line of a variant's board (`body` from byte `at` of `line`): a row, a
    /// border, the file labels, `後手番`. `false`: the line is none of them.
    pub(crate) fn line(&mut self, line: &str, at: usize, no: u32) -> bool {
        let body = line.get(at..).unwrap_or("");
        if let Some(cells) = row_cells(body) {
            self.rows.push(Held {
                no,
                column: column_of(line, at + 1),
                text: cells.to_string(),
            });
            return true;
        }
        let t = ja::trim_spaces(body);
        if t.starts_with("+-") || t.starts_with("+－") {
            return true;
        }
        if !t.is_empty()
            && t != BOARD_FLIPPED
            && t.chars()
                .all(|c| ja::is_space(c) || ('１'..='９').contains(&c) || c.is_ascii_digit())
        {
            return true;
        }
        let side = match ja::split_header(t) {
            Some(("手番", value)) => {
                ja::side_from_name(ja::trim_spaces(value).trim_end_matches('番'))
            }
            _ => t.strip_suffix('番').and_then(ja::side_from_name),
        };
        if side.is_some() {
            self.side = side;
            return true;
        }
        false
    }

    /// The variant the board's size is (`None` without a board); an error for a size no
    /// variant has.
    pub(crate) fn board_variant(&self) -> Result<Option<Variant>, ReadError> {
        let Some(first) = self.rows.first() else {
            return Ok(None);
        };
        let width = first.text.chars().count() / 2;
        let plus = self
            .rows
            .iter()
            .chain(self.hands.iter().flatten())
            .any(|h| h.text.contains(['香', '桂', '杏', '圭']));
        let ranks = self.rows.len();
        variant_from_board(width as u8, ranks.min(255) as u8, plus)
            .map(Some)
            .ok_or_else(|| {
                ReadIssue::new(
                    ErrorCode::ParseError,
                    first.no,
                    1,
                    format!("The board diagram has {width} files and {ranks} ranks, which is no game shogi-tool knows (9x9, 5x5, 5x6, 7x7 or 3x4)."),
                )
            })
    }

    /// The start of `variant`: the diagram and hands when there is a board, else the
    /// variant's initial position (with `後手番`, white to move).
    pub(crate) fn position(
        &self,
        variant: Variant,
        side: Color,
        line: u32,
    ) -> Result<VPosition, ReadError> {
        let issue = |no: u32, column: u32, message: String| {
            ReadIssue::new(ErrorCode::ParseError, no, column, message)
        };
        if self.rows.is_empty() {
            let p = VPosition::start(variant);
            if side == Color::Black {
                return Ok(p);
            }
            let sfen = p.to_sfen().replacen(" b ", " w ", 1);
            return VPosition::from_sfen_as(&sfen, Some(variant))
                .map_err(|e| issue(line.max(1), 1, e.to_string()));
        }
        // The diagram as an SFEN, read by the SFEN reader (one set of checks).
        let mut sfen = String::new();
        for (k, row) in self.rows.iter().enumerate() {
            if k > 0 {
                sfen.push('/');
            }
            let chars: Vec<char> = row.text.chars().collect();
            if chars.len() % 2 != 0 || chars.len() / 2 != usize::from(variant.files()) {
                return Err(issue(
                    row.no,
                    row.column,
                    format!(
                        "The board row has {} cells; {variant} has {} files (a cell is ` ・`, ` 歩` or `v歩`).",
                        chars.len() / 2,
                        variant.files()
                    ),
                ));
            }
            let mut empty = 0;
            for (i, pair) in chars.chunks(2).enumerate() {
                let (mark, c) = (pair[0], pair[1]);
                if c == '・' {
                    empty += 1;
                    continue;
                }
                let name = c.to_string();
                let kind = parse_piece(variant, &name)
                    .filter(|&(_, len)| len == name.len())
                    .map(|p| p.0)
                    .ok_or_else(|| {
                        issue(
                            row.no,
                            row.column + 4 * i as u32 + 1,
                            format!("Expected a board cell of {variant} (` ・` for an empty square, a piece of the game such as `{}`) and found `{c}`.", board_char(variant.royal())),
                        )
                    })?;
                if empty > 0 {
                    sfen.push_str(&empty.to_string());
                    empty = 0;
                }
                let text = variant.kind_text(kind);
                if matches!(mark, 'v' | 'V' | 'ｖ') {
                    sfen.push_str(&text.to_ascii_lowercase());
                } else {
                    sfen.push_str(&text);
                }
            }
            if empty > 0 {
                sfen.push_str(&empty.to_string());
            }
        }
        sfen.push_str(if side == Color::Black { " b " } else { " w " });
        let mut hand_sfen = String::new();
        for color in [Color::Black, Color::White] {
            let Some(held) = &self.hands[color.index()] else {
                continue;
            };
            let hand = read_hand(variant, &held.text)
                .map_err(|(at, m)| issue(held.no, held.column + at, m))?;
            for (kind, count) in hand {
                if count > 1 {
                    hand_sfen.push_str(&count.to_string());
                }
                let t = variant.kind_text(kind);
                hand_sfen.push_str(&if color == Color::White {
                    t.to_ascii_lowercase()
                } else {
                    t
                });
            }
        }
        if hand_sfen.is_empty() {
            hand_sfen.push('-');
        }
        sfen.push_str(&hand_sfen);
        sfen.push_str(" 1");
        let first = &self.rows[0];
        VPosition::from_sfen_as(&sfen, Some(variant)).map_err(|e| {
            issue(
                first.no,
                1,
                format!(
                    "The board diagram is no position of {variant}: {}",
                    e.message
                ),
            )
        })
    }
}

/// Reads a hand (`金 銀二`, `きりん　ひよこ二`, `なし`); on failure the column (from 0) in
/// `text` and what was expected.
fn read_hand(v: Variant, text: &str) -> Result<Vec<(VKind, u32)>, (u32, String)> {
    let mut out = Vec::new();
    let t = ja::trim_spaces(text);
    if t.is_empty() || t == "なし" {
        return Ok(out);
    }
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(|c: char| ja::is_space(c) || c == '、');
        if rest.is_empty() {
            break;
        }
        let at = column_of(text, text.len() - rest.len()) - 1;
        let (kind, len) = parse_piece(v, rest)
            .filter(|(k, _)| !k.is_promoted() && !k.is_royal())
            .ok_or_else(|| {
                (
                    at,
                    format!("Expected a piece {v} holds in hand (such as {}) with an optional count, found `{}`.", piece_name(v, v.kinds()[0]), ja::trim_spaces(rest)),
                )
            })?;
        rest = &rest[len..];
        let count = match ja::parse_number(rest) {
            Some((c, l)) => {
                rest = &rest[l..];
                c
            }
            None => 1,
        };
        out.push((kind, count));
    }
    Ok(out)
}

/// Appends the hands, the diagram and the side to move of `pos` (Lishogi's layout).
pub(crate) fn write_board(pos: &VPosition, out: &mut String) {
    let v = pos.variant();
    let hand = |c: Color| {
        let parts: Vec<String> = v
            .kinds()
            .iter()
            .filter(|k| !k.is_royal())
            .filter_map(|&k| match u32::from(pos.hand_count(c, k)) {
                0 => None,
                1 => Some(piece_name(v, k).to_string()),
                n => Some(format!("{}{}", piece_name(v, k), ja::kanji_number(n))),
            })
            .collect();
        if parts.is_empty() {
            "なし".to_string()
        } else {
            parts.join("　")
        }
    };
    let cell = |sq: Square| pos.piece_at(sq).map(|p| (p.color, board_char(p.kind)));
    let hands = [hand(Color::White), hand(Color::Black)];
    let size = (v.files(), v.ranks());
    ja::write_diagram(size, cell, &hands, pos.side_to_move(), out);
}
