//! SFEN and USI for the variants, and the Fairy-Stockfish FEN pychess shows.
//!
//! SFEN: one rank per `/` from the second player's back rank (rank `a`), files from the
//! highest number (the first player's left) to file 1; upper case for the first player; `+`
//! before a promoted piece; side `b` (first player) or `w`; hand as in standard SFEN (`-` for
//! none); an optional move number. The board's shape names the variant where only one has it
//! (5x6 is gorogoro unless a lance or knight is on the board or in hand).
//!
//! Fairy-Stockfish FEN (`rbsgk/4p/5/P4/KGSBR[-] w 0 1`): the hand in brackets after the board,
//! side `w` for the *first* player, and further fields (half-move clock, full-move number).
//!
//! USI moves: files numbered from the right starting at 1, ranks lettered from the top
//! starting at `a` (`5e4d`, `P*3c`, `2b2a+`), with the variant's piece letters for drops.

use std::fmt;

use super::kind::{VKind, VPiece};
use super::position::{VMove, VPosition};
use super::rules::Variant;
use crate::shogi::{Color, Square};

/// Why an SFEN (or Fairy-Stockfish FEN) was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VSfenError {
    /// The field: `board`, `side`, `hand`, `move number`.
    pub field: &'static str,
    /// The byte offset (0-based) in the text where the problem is.
    pub byte: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VSfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SFEN {} field, byte {}: {}",
            self.field, self.byte, self.message
        )
    }
}

impl std::error::Error for VSfenError {}

fn err(field: &'static str, byte: usize, message: impl Into<String>) -> VSfenError {
    VSfenError {
        field,
        byte,
        message: message.into(),
    }
}

/// A piece as written on the board, before the variant is known.
struct Written {
    rank: usize,
    col: usize,
    letter: u8,
    promoted: bool,
    byte: usize,
}

/// Each rank's width (in files) and the byte where it starts.
type Ranks = Vec<(usize, usize)>;

/// The board field's ranks: pieces and each rank's width with where the rank starts.
fn scan_board(board: &str, base: usize) -> Result<(Vec<Written>, Ranks), VSfenError> {
    let bytes = board.as_bytes();
    let mut pieces = Vec::new();
    let mut ranks = vec![(0usize, base)];
    let mut promoted_at = None;
    for (i, &c) in bytes.iter().enumerate() {
        let at = base + i;
        let rank = ranks.len() - 1;
        let (width, _) = ranks.last_mut().expect("one rank");
        match c {
            b'/' => {
                if let Some(p) = promoted_at {
                    return Err(err("board", p, "`+` is not followed by a piece"));
                }
                ranks.push((0, at + 1));
            }
            b'1'..=b'9' => {
                if promoted_at.is_some() {
                    return Err(err("board", at, "`+` is followed by a digit, not a piece"));
                }
                *width += (c - b'0') as usize;
            }
            b'+' => {
                if promoted_at.is_some() {
                    return Err(err("board", at, "`++`"));
                }
                promoted_at = Some(at);
            }
            c if c.is_ascii_alphabetic() => {
                pieces.push(Written {
                    rank,
                    col: *width,
                    letter: c,
                    promoted: promoted_at.take().is_some(),
                    byte: at,
                });
                *width += 1;
            }
            _ => {
                return Err(err(
                    "board",
                    at,
                    format!("`{}` is neither a piece letter, a digit nor `/`", c as char),
                ))
            }
        }
    }
    if let Some(p) = promoted_at {
        return Err(err("board", p, "`+` is not followed by a piece"));
    }
    Ok((pieces, ranks))
}

impl VPosition {
    /// Reads an SFEN or a Fairy-Stockfish FEN. With `variant`, the board must have its shape
    /// and pieces; without, the shape (and pieces) name the variant.
    pub fn from_sfen_as(text: &str, variant: Option<Variant>) -> Result<VPosition, VSfenError> {
        // Fields with their byte offsets.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            if c.is_ascii_whitespace() {
                if let Some(s) = start.take() {
                    fields.push((s, &text[s..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        let Some(&(board_at, board_field)) = fields.first() else {
            return Err(err("board", 0, "the SFEN is empty"));
        };
        // Fairy-Stockfish: `board[hand]`.
        let (board, fairy_hand) = match board_field.find('[') {
            Some(open) => {
                let close = board_field
                    .rfind(']')
                    .filter(|&c| c > open)
                    .ok_or_else(|| {
                        err(
                            "hand",
                            board_at + open,
                            "`[` opens a hand that no `]` closes",
                        )
                    })?;
                (
                    &board_field[..open],
                    Some((board_at + open + 1, &board_field[open + 1..close])),
                )
            }
            None => (board_field, None),
        };
        let (written, ranks) = scan_board(board, board_at)?;
        let files = ranks[0].0;
        // Every rank as wide as the first (or as the variant says).
        let expected_files = variant.map_or(files, |v| v.files() as usize);
        for (i, &(w, at)) in ranks.iter().enumerate() {
            if w != expected_files {
                let what = match variant {
                    Some(v) => format!("this variant ({v}) has {}", v.files()),
                    None => format!("rank 1 has {files}"),
                };
                return Err(err(
                    "board",
                    at,
                    format!("rank {} has {w} files, {what}", i + 1),
                ));
            }
        }
        let hand_text = |fields: &Vec<(usize, &str)>| -> Option<(usize, String)> {
            match fairy_hand {
                Some((at, h)) => Some((at, h.to_string())),
                None => fields.get(2).map(|&(at, h)| (at, h.to_string())),
            }
        };
        let variant = match variant {
            Some(v) => {
                if ranks.len() != v.ranks() as usize {
                    return Err(err(
                        "board",
                        board_at,
                        format!(
                            "the board has {} ranks, this variant ({v}) has {}",
                            ranks.len(),
                            v.ranks()
                        ),
                    ));
                }
                v
            }
            None => {
                let found = Variant::from_dimensions(files as u8, ranks.len() as u8)
                    .filter(|_| files <= 9 && ranks.len() <= 9)
                    .ok_or_else(|| {
                        err(
                            "board",
                            board_at,
                            format!(
                                "a board of {files} files and {} ranks is no known variant's",
                                ranks.len()
                            ),
                        )
                    })?;
                let plus_letters =
                    |s: &str| s.bytes().any(|c| matches!(c, b'L' | b'l' | b'N' | b'n'));
                if found == Variant::Gorogoro
                    && (plus_letters(board)
                        || hand_text(&fields).is_some_and(|(_, h)| plus_letters(&h)))
                {
                    Variant::GorogoroPlus
                } else {
                    found
                }
            }
        };
        let mut pos = VPosition {
            variant,
            board: [None; 81],
            hands: [[0; VKind::COUNT]; 2],
            side: Color::Black,
            move_number: 1,
            promotion: Default::default(),
            reached_by_move: false,
        };
        let mut royals = [0u8; 2];
        for w in &written {
            let color = if w.letter.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let base = variant.kind_from_letter(w.letter).ok_or_else(|| {
                err(
                    "board",
                    w.byte,
                    format!("`{}` is no piece of {variant}", w.letter as char),
                )
            })?;
            let kind = if w.promoted {
                base.promote()
                    .ok_or_else(|| err("board", w.byte, format!("a {base} cannot be promoted")))?
            } else {
                base
            };
            if kind.is_royal() {
                royals[color.index()] += 1;
                if royals[color.index()] > 1 {
                    return Err(err(
                        "board",
                        w.byte,
                        format!("{} has a second {kind}", color.name()),
                    ));
                }
            }
            let file = variant.files() - w.col as u8;
            let sq = Square::new(file, w.rank as u8 + 1).expect("within 9x9");
            pos.board[sq.index()] = Some(VPiece { color, kind });
        }
        // Side to move.
        let side_field = fields.get(1);
        pos.side = match side_field {
            None => Color::Black,
            Some(&(at, s)) => match (s, fairy_hand.is_some()) {
                ("b", false) | ("w", true) => Color::Black,
                ("w", false) | ("b", true) => Color::White,
                _ => {
                    return Err(err(
                        "side",
                        at,
                        format!("`{s}` is not a side to move (`b` or `w`)"),
                    ))
                }
            },
        };
        // Hand.
        if let Some((at, hand)) = hand_text(&fields) {
            if hand != "-" && !hand.is_empty() {
                let mut count: u32 = 0;
                for (i, c) in hand.bytes().enumerate() {
                    if c.is_ascii_digit() {
                        count = count * 10 + (c - b'0') as u32;
                        if count > 64 {
                            return Err(err("hand", at + i, "a hand count above 64"));
                        }
                        continue;
                    }
                    let kind = variant
                        .kind_from_letter(c)
                        .filter(|k| !k.is_royal())
                        .ok_or_else(|| {
                            err(
                                "hand",
                                at + i,
                                format!("`{}` is no piece of {variant} a hand can hold", c as char),
                            )
                        })?;
                    let color = if c.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    pos.hands[color.index()][kind.index()] += count.max(1) as u8;
                    count = 0;
                }
                if count > 0 {
                    return Err(err("hand", at + hand.len(), "a count without a piece"));
                }
            }
        }
        // Move number.
        if fairy_hand.is_some() {
            // Fairy-Stockfish: optional `-` fields (castling, en passant), the half-move
            // clock, then the full-move number.
            let rest = &fields[2.min(fields.len())..];
            for (k, &(at, s)) in rest.iter().enumerate() {
                let last = k + 1 == rest.len();
                if s == "-" && !last {
                    continue;
                }
                let n: u32 = s
                    .parse()
                    .map_err(|_| err("move number", at, format!("`{s}` is not a move counter")))?;
                if last && rest.len() >= 2 {
                    pos.move_number = 2 * n.max(1) - 1 + u32::from(pos.side == Color::White);
                }
            }
        } else if let Some(&(at, s)) = fields.get(3) {
            pos.move_number = s
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or_else(|| err("move number", at, format!("`{s}` is not a move number")))?;
            if let Some(&(at, s)) = fields.get(4) {
                return Err(err(
                    "move number",
                    at,
                    format!("unexpected `{s}` after the SFEN"),
                ));
            }
        }
        Ok(pos)
    }

    /// The position as SFEN.
    pub fn to_sfen(&self) -> String {
        let v = self.variant;
        let mut s = String::new();
        for rank in 1..=v.ranks() {
            if rank > 1 {
                s.push('/');
            }
            let mut empty = 0;
            for file in (1..=v.files()).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                match self.board[sq.index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let t = v.kind_text(p.kind);
                        if p.color == Color::White {
                            s.push_str(&t.to_ascii_lowercase());
                        } else {
                            s.push_str(&t);
                        }
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        s.push(' ');
        s.push(if self.side == Color::Black { 'b' } else { 'w' });
        s.push(' ');
        let mut hand = String::new();
        for color in [Color::Black, Color::White] {
            for &k in v.kinds() {
                let n = self.hand_count(color, k);
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                let l = v.letter(k).expect("a letter") as char;
                hand.push(if color == Color::Black {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        s.push_str(&hand);
        s.push(' ');
        s.push_str(&self.move_number.to_string());
        s
    }

    /// Reads a USI move of this variant (`5e4d`, `P*3c`, `2b2a+`).
    pub fn parse_usi(&self, text: &str) -> Option<VMove> {
        let v = self.variant;
        let b = text.as_bytes();
        let square = |s: &[u8]| -> Option<Square> {
            match s {
                [f @ b'1'..=b'9', r @ b'a'..=b'i']
                    if f - b'0' <= v.files() && r - b'a' < v.ranks() =>
                {
                    Square::new(f - b'0', r - b'a' + 1)
                }
                _ => None,
            }
        };
        match b {
            [l, b'*', s @ ..] if l.is_ascii_uppercase() => Some(VMove::Drop {
                kind: v.kind_from_letter(*l)?,
                to: square(s)?,
            }),
            [f @ .., b'+'] if f.len() == 4 => Some(VMove::Normal {
                from: square(&f[..2])?,
                to: square(&f[2..])?,
                promote: true,
            }),
            f if f.len() == 4 => Some(VMove::Normal {
                from: square(&f[..2])?,
                to: square(&f[2..])?,
                promote: false,
            }),
            _ => None,
        }
    }

    /// The USI text of `m` in this variant.
    pub fn usi(&self, m: VMove) -> String {
        usi(self.variant, m)
    }
}

/// The USI text of `m` in `variant`.
pub fn usi(variant: Variant, m: VMove) -> String {
    match m {
        VMove::Normal { from, to, promote } => {
            format!("{from}{to}{}", if promote { "+" } else { "" })
        }
        VMove::Drop { kind, to } => {
            format!("{}*{to}", variant.letter(kind).map_or('?', char::from))
        }
    }
}

impl VMove {
    /// The move in USI notation; a drop names its kind by the letter of the game the kind
    /// belongs to (the standard letters, then Tori Shogi's birds and Shogi 3x4's animals).
    /// Where a variant's letters must be used, use [`usi`].
    pub fn to_usi(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for VMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VMove::Normal { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            VMove::Drop { kind, to } => {
                let letter = Variant::ALL.iter().find_map(|v| v.letter(kind));
                write!(f, "{}*{to}", letter.map_or('?', char::from))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_round_trip_and_are_detected() {
        for v in Variant::ALL {
            let pos = VPosition::from_sfen_as(v.start_sfen(), None).unwrap();
            assert_eq!(pos.variant(), v);
            assert_eq!(pos.to_sfen(), v.start_sfen());
        }
    }

    #[test]
    fn fairy_stockfish_fen() {
        let pos = VPosition::from_sfen_as("rbsgk/4p/5/P4/KGSBR[-] w 0 1", None).unwrap();
        assert_eq!(pos.to_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
        let pos = VPosition::from_sfen_as("gle/1c1/1C1/ELG[Cc] b 0 3", None).unwrap();
        assert_eq!(pos.to_sfen(), "gle/1c1/1C1/ELG w Cc 6");
        let pos = VPosition::from_sfen_as("rp2k/2sgp/5/+bKBG1/2S1R[] w - - 0 8", None).unwrap();
        assert_eq!(pos.to_sfen(), "rp2k/2sgp/5/+bKBG1/2S1R b - 15");
    }

    #[test]
    fn errors_name_field_and_byte() {
        let e = VPosition::from_sfen_as("rbsgk/4p/6/P4/KGSBR b - 1", Some(Variant::Minishogi))
            .unwrap_err();
        assert_eq!(e.field, "board");
        assert_eq!(e.byte, 9);
        assert_eq!(
            e.to_string(),
            "SFEN board field, byte 9: rank 3 has 6 files, this variant (minishogi) has 5"
        );
        let e = VPosition::from_sfen_as("rbsgk/4p/5/P4/KGSBR x - 1", None).unwrap_err();
        assert_eq!((e.field, e.byte), ("side", 20));
        let e = VPosition::from_sfen_as("rbsgk/4p/5/P4/KGSBR b N 1", None).unwrap_err();
        assert_eq!((e.field, e.byte), ("hand", 22));
        let e = VPosition::from_sfen_as("rbsgk/4p/5/P4/KGSBX b - 1", None).unwrap_err();
        assert_eq!(e.message, "`X` is no piece of minishogi");
        let e = VPosition::from_sfen_as("4/4/4/4 b - 1", None).unwrap_err();
        assert!(e.message.contains("no known variant"), "{e}");
    }

    #[test]
    fn usi_moves() {
        let pos = VPosition::start(Variant::Minishogi);
        let m = pos.parse_usi("1e1d").unwrap();
        assert_eq!(pos.usi(m), "1e1d");
        assert!(pos.parse_usi("6e1d").is_none());
        assert!(pos.parse_usi("1f1d").is_none());
        let tori = VPosition::start(Variant::Torishogi);
        assert_eq!(
            tori.parse_usi("S*3c"),
            Some(VMove::Drop {
                kind: VKind::Swallow,
                to: Square::new(3, 3).unwrap()
            })
        );
    }
}
