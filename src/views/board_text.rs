//! The board as text: the KIF board diagram (BOD) that Kakinoki's programs copy and paste,
//! or the same layout in ASCII with English letters.
//!
//! ```text
//! 後手の持駒：なし
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! |v香v桂v銀v金v玉v金v銀v桂v香|一
//! | ・v飛 ・ ・ ・ ・ ・v角 ・|二
//! ...
//! +---------------------------+
//! 先手の持駒：なし
//! 手数＝1  ▲７六歩(77)  まで
//! 後手番
//! ```
//!
//! Every cell is three terminal columns wide in both styles (`v香`, ` ・`, ` vL`, `v+P`), the
//! piece's last character always in the same column, so the grid lines up in any terminal
//! that shows kanji at double width.

use crate::shogi::{Color, Hand, Piece, Position, Square};

use crate::variant::{VPiece, VPosition, Variant};

use super::notation::{
    board_kanji, kanji_number, kif_move, letter, variant_cell_kanji, FULL_WIDTH_DIGITS,
    KANJI_DIGITS,
};
use super::{LastMove, Located, PieceStyle};

/// The three-column cell for what stands on a square.
pub fn piece_cell(piece: Option<Piece>, style: PieceStyle) -> String {
    let mark = |c: Color| if c == Color::White { 'v' } else { ' ' };
    match (piece, style) {
        (None, PieceStyle::Kanji) => " ・".into(),
        (None, PieceStyle::Letters) => "  .".into(),
        (Some(p), PieceStyle::Kanji) => format!("{}{}", mark(p.color), board_kanji(p.kind)),
        (Some(p), PieceStyle::Letters) => {
            format!(
                "{:>3}",
                format!("{}{}", mark(p.color), letter(p.kind)).trim_start()
            )
        }
    }
}

/// A three-column cell holding the one-character mark `c`, lined up with the pieces of
/// `style` (under the kanji's left half, or in the letters' column).
pub fn mark_cell(c: char, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => format!(" {c} "),
        PieceStyle::Letters => format!("  {c}"),
    }
}

/// A 9x9 grid with file labels on top and rank labels on the right, each cell given by `cell`
/// (three terminal columns wide), file 9 on the left as black sees the board.
pub fn grid(style: PieceStyle, cell: impl FnMut(Square) -> String) -> String {
    grid_sized(9, 9, style, cell)
}

/// A grid of `files` by `ranks` (a smaller variant's board) laid out as [`grid`].
pub fn grid_sized(
    files: u8,
    ranks: u8,
    style: PieceStyle,
    mut cell: impl FnMut(Square) -> String,
) -> String {
    let mut s = String::new();
    s.push(' ');
    for file in (1..=files).rev() {
        match style {
            PieceStyle::Kanji => {
                s.push(' ');
                s.push(FULL_WIDTH_DIGITS[file as usize - 1]);
            }
            PieceStyle::Letters => s.push_str(&format!("  {file}")),
        }
    }
    let s = s.trim_end().to_string();
    let mut s = s + "\n";
    let border = format!("+{}+\n", "---".repeat(files as usize));
    s.push_str(&border);
    for rank in 1..=ranks {
        s.push('|');
        for file in (1..=files).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            s.push_str(&cell(sq));
        }
        s.push('|');
        match style {
            PieceStyle::Kanji => s.push(KANJI_DIGITS[rank as usize - 1]),
            PieceStyle::Letters => s.push((b'a' + rank - 1) as char),
        }
        s.push('\n');
    }
    s.push_str(&border);
    s
}

/// A hand as BOD writes it (`飛　角　歩二　`, or `なし`) or in letters (`R B P2`, or `-`).
pub fn hand_text(hand: &Hand, style: PieceStyle) -> String {
    if hand.is_empty() {
        return match style {
            PieceStyle::Kanji => "なし".into(),
            PieceStyle::Letters => "-".into(),
        };
    }
    let mut parts = Vec::new();
    for (kind, n) in hand.iter() {
        let count = match (n, style) {
            (1, _) => String::new(),
            (n, PieceStyle::Kanji) => kanji_number(n as u32),
            (n, PieceStyle::Letters) => n.to_string(),
        };
        parts.push(match style {
            PieceStyle::Kanji => format!("{}{count}　", board_kanji(kind)),
            PieceStyle::Letters => format!("{}{count}", letter(kind)),
        });
    }
    match style {
        PieceStyle::Kanji => parts.concat(),
        PieceStyle::Letters => parts.join(" "),
    }
}

/// The diagram of `pos`: white's hand, the board, black's hand, then (when `last` gives the
/// ply and the move that led here) the move line, and the side to move.
pub fn diagram(pos: &Position, last: Option<(usize, &LastMove)>, style: PieceStyle) -> String {
    let mut s = String::new();
    let white = hand_text(pos.hand(Color::White), style);
    let black = hand_text(pos.hand(Color::Black), style);
    match style {
        PieceStyle::Kanji => s.push_str(&format!("後手の持駒：{white}\n")),
        PieceStyle::Letters => s.push_str(&format!("White in hand: {white}\n")),
    }
    s.push_str(&grid(style, |sq| piece_cell(pos.piece_at(sq), style)));
    match style {
        PieceStyle::Kanji => s.push_str(&format!("先手の持駒：{black}\n")),
        PieceStyle::Letters => s.push_str(&format!("Black in hand: {black}\n")),
    }
    if let Some((ply, last)) = last {
        let mover = pos
            .piece_at(last.mv.to())
            .map_or(last.before.side_to_move(), |p| p.color);
        match style {
            PieceStyle::Kanji => {
                let mark = if mover == Color::Black { '▲' } else { '△' };
                let kif = kif_move(&last.before, last.mv, None);
                s.push_str(&format!("手数＝{ply}  {mark}{kif}  まで\n"));
            }
            PieceStyle::Letters => {
                s.push_str(&format!("Move {ply}: {} by {mover}\n", last.mv));
            }
        }
    }
    match (style, pos.side_to_move()) {
        (PieceStyle::Kanji, Color::White) => s.push_str("後手番\n"),
        (PieceStyle::Kanji, Color::Black) => {}
        (PieceStyle::Letters, side) => {
            let side = if side == Color::Black {
                "Black"
            } else {
                "White"
            };
            s.push_str(&format!("{side} to move\n"));
        }
    }
    s
}

/// The diagram of a located position (with its last move when it is known).
pub fn located(loc: &Located, style: PieceStyle) -> String {
    let last = match (loc.ply, &loc.last) {
        (Some(ply), Some(last)) => Some((ply, last)),
        _ => None,
    };
    diagram(&loc.position, last, style)
}

/// The three-column cell of what stands on a square of a smaller variant's board (`v` marks
/// the second player's pieces, as in the standard diagram).
pub fn variant_piece_cell(variant: Variant, piece: Option<VPiece>, style: PieceStyle) -> String {
    let mark = |c: Color| if c == Color::White { 'v' } else { ' ' };
    match (piece, style) {
        (None, PieceStyle::Kanji) => " ・".into(),
        (None, PieceStyle::Letters) => "  .".into(),
        (Some(p), PieceStyle::Kanji) => format!("{}{}", mark(p.color), variant_cell_kanji(p.kind)),
        (Some(p), PieceStyle::Letters) => format!(
            "{:>3}",
            format!("{}{}", mark(p.color), variant.kind_text(p.kind)).trim_start()
        ),
    }
}

/// The text diagram of a smaller variant's position: its title, ranks from `a`, files from
/// the highest; upper case for the first player (`b`), lower case for the second; hands below
/// and above, then the side to move.
pub fn variant_diagram(pos: &VPosition) -> String {
    let v = pos.variant();
    let hand = |color: Color| {
        let mut s = String::new();
        for &k in v.kinds() {
            let n = pos.hand_count(color, k);
            if n > 0 {
                s.push_str(&format!(
                    " {}{}",
                    k,
                    if n > 1 {
                        format!(" x{n}")
                    } else {
                        String::new()
                    }
                ));
            }
        }
        if s.is_empty() {
            " none".into()
        } else {
            s
        }
    };
    let mut out = format!("{} ({})\n", v.title(), v.name());
    out.push_str(&format!(
        "white (second player) in hand:{}\n",
        hand(Color::White)
    ));
    out.push(' ');
    for f in (1..=v.files()).rev() {
        out.push_str(&format!("  {f}"));
    }
    out.push('\n');
    for r in 1..=v.ranks() {
        out.push(' ');
        for f in (1..=v.files()).rev() {
            let sq = Square::new(f, r).expect("on the board");
            match pos.piece_at(sq) {
                None => out.push_str("  ."),
                Some(p) => {
                    let t = v.kind_text(p.kind);
                    let t = if p.color == Color::White {
                        t.to_ascii_lowercase()
                    } else {
                        t
                    };
                    out.push_str(&format!("{t:>3}"));
                }
            }
        }
        out.push_str(&format!("  {}\n", (b'a' + r - 1) as char));
    }
    out.push_str(&format!(
        "black (first player) in hand:{}\n",
        hand(Color::Black)
    ));
    out.push_str(&format!("{} to move\n", pos.side_to_move().name()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::display_width;

    #[test]
    fn start_position_is_the_standard_bod() {
        let s = diagram(&Position::startpos(), None, PieceStyle::Kanji);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "後手の持駒：なし");
        assert_eq!(lines[1], "  ９ ８ ７ ６ ５ ４ ３ ２ １");
        assert_eq!(lines[3], "|v香v桂v銀v金v玉v金v銀v桂v香|一");
        assert_eq!(lines[4], "| ・v飛 ・ ・ ・ ・ ・v角 ・|二");
        assert_eq!(lines[11], "| 香 桂 銀 金 玉 金 銀 桂 香|九");
        assert_eq!(lines[13], "先手の持駒：なし");
        assert_eq!(lines.len(), 14);
        for line in &lines[2..13] {
            assert_eq!(
                display_width(line),
                29 + usize::from(line.starts_with('|')) * 2
            );
        }
    }

    #[test]
    fn letters_line_up_too() {
        let loc = super::super::located_from_sfen(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w Pp 2 moves 8c8d 7g7f",
        )
        .unwrap();
        let s = located(&loc, PieceStyle::Letters);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "White in hand: P");
        assert_eq!(lines[1], "   9  8  7  6  5  4  3  2  1");
        assert_eq!(lines[3], "| vL vN vS vG vK vG vS vN vL|a");
        for line in &lines[1..13] {
            assert!(line.len() <= 30, "{line}");
        }
        assert_eq!(lines[14], "Move 2: 7g7f by black");
        assert_eq!(lines[15], "White to move");
        let k = located(&loc, PieceStyle::Kanji);
        assert!(k.contains("手数＝2  ▲７六歩(77)  まで\n後手番\n"), "{k}");
        assert!(k.starts_with("後手の持駒：歩　\n"));
    }
}
