//! An unchecked position (board, hands, side to move, move number) and its SFEN form.
//!
//! The SFEN reader accepts the four fields `board side hand [move-number]` separated by runs of
//! spaces (the move number may be omitted and defaults to 1), the word `startpos`, hand counts
//! of any size up to 255 (`18p`), and hand pieces in any order. Everything else is an error that
//! names the field and the byte where reading stopped. Writing produces the canonical form:
//! hands in the order R B G S N L P, black's first.

use std::fmt;

use super::color::{ByColor, Color};
use super::hand::Hand;
use super::piece::{Piece, PieceKind};
use super::square::Square;

/// The SFEN of the even-game start position.
pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A position as written: no rule has been checked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 81],
    /// The pieces each side holds.
    pub hands: ByColor<Hand>,
    /// The side to move.
    pub side_to_move: Color,
    /// The SFEN move number: the ply about to be played, counted from 1.
    pub move_number: u32,
}

/// The part of an SFEN string that could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SfenField {
    /// The piece placement.
    Board,
    /// `b` or `w`.
    Side,
    /// The pieces in hand.
    Hand,
    /// The move number.
    MoveNumber,
}

impl fmt::Display for SfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SfenField::Board => "board",
            SfenField::Side => "side to move",
            SfenField::Hand => "pieces in hand",
            SfenField::MoveNumber => "move number",
        })
    }
}

/// Why an SFEN string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid SFEN: {field} field, byte {byte}: {message}")]
pub struct SfenError {
    /// The field where reading stopped.
    pub field: SfenField,
    /// Byte offset into the whole SFEN string.
    pub byte: usize,
    /// What was wrong, as a sentence fragment.
    pub message: String,
}

impl Setup {
    /// An empty board, empty hands, black to move, move number 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 81],
            hands: ByColor::default(),
            side_to_move: Color::Black,
            move_number: 1,
        }
    }

    /// The even-game start position.
    pub fn startpos() -> Setup {
        Setup::from_sfen(STARTPOS_SFEN).expect("the start position SFEN is valid")
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Reads an SFEN string, or `startpos`.
    pub fn from_sfen(sfen: &str) -> Result<Setup, SfenError> {
        if sfen.trim() == "startpos" {
            return Ok(Setup::startpos());
        }
        let mut setup = Setup::empty();
        let bytes = sfen.as_bytes();
        let mut fields = split_fields(sfen);

        let (board_at, board) = fields.next().ok_or_else(|| SfenError {
            field: SfenField::Board,
            byte: sfen.len(),
            message: "the SFEN is empty".into(),
        })?;
        parse_board(
            &bytes[board_at..board_at + board.len()],
            board_at,
            &mut setup,
        )?;

        let (side_at, side) = fields.next().ok_or_else(|| SfenError {
            field: SfenField::Side,
            byte: sfen.len(),
            message: "expected `b` or `w` after the board".into(),
        })?;
        setup.side_to_move = match side {
            "b" => Color::Black,
            "w" => Color::White,
            _ => {
                return Err(SfenError {
                    field: SfenField::Side,
                    byte: side_at,
                    message: format!("expected `b` or `w`, found `{side}`"),
                })
            }
        };

        let (hand_at, hand) = fields.next().ok_or_else(|| SfenError {
            field: SfenField::Hand,
            byte: sfen.len(),
            message: "expected the pieces in hand (or `-`) after the side to move".into(),
        })?;
        parse_hands(hand.as_bytes(), hand_at, &mut setup)?;

        if let Some((num_at, num)) = fields.next() {
            setup.move_number =
                num.parse::<u32>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| SfenError {
                        field: SfenField::MoveNumber,
                        byte: num_at,
                        message: format!("expected a move number of 1 or more, found `{num}`"),
                    })?;
        }
        if let Some((extra_at, extra)) = fields.next() {
            return Err(SfenError {
                field: SfenField::MoveNumber,
                byte: extra_at,
                message: format!("unexpected `{extra}` after the move number"),
            });
        }
        Ok(setup)
    }

    /// The board field of the SFEN.
    pub fn board_sfen(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in 1..=9u8 {
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                match self.board[sq.index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push_str(&p.sfen());
                    }
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank < 9 {
                out.push('/');
            }
        }
        out
    }

    /// The hand field of the SFEN (`-` when both hands are empty).
    pub fn hands_sfen(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for (kind, n) in self.hands[color].iter() {
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                let letter = kind.base_letter() as char;
                out.push(match color {
                    Color::Black => letter,
                    Color::White => letter.to_ascii_lowercase(),
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The whole SFEN: `board side hand move-number`.
    pub fn to_sfen(&self) -> String {
        format!(
            "{} {} {} {}",
            self.board_sfen(),
            match self.side_to_move {
                Color::Black => 'b',
                Color::White => 'w',
            },
            self.hands_sfen(),
            self.move_number
        )
    }
}

fn split_fields(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let base = s.as_ptr() as usize;
    s.split(|c: char| c.is_ascii_whitespace())
        .filter(|f| !f.is_empty())
        .map(move |f| (f.as_ptr() as usize - base, f))
}

fn parse_board(b: &[u8], at: usize, setup: &mut Setup) -> Result<(), SfenError> {
    let err = |i: usize, message: String| SfenError {
        field: SfenField::Board,
        byte: at + i,
        message,
    };
    let mut rank = 1u8;
    let mut file_col = 0u8; // squares filled in this rank so far (file 9 first)
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' => {
                if file_col != 9 {
                    return Err(err(
                        i,
                        format!("rank {rank} has {file_col} squares; each rank needs 9"),
                    ));
                }
                if rank == 9 {
                    return Err(err(i, "more than 9 ranks".into()));
                }
                rank += 1;
                file_col = 0;
                i += 1;
            }
            b'1'..=b'9' => {
                file_col += c - b'0';
                if file_col > 9 {
                    return Err(err(i, format!("rank {rank} has more than 9 squares")));
                }
                i += 1;
            }
            _ => {
                let promoted = c == b'+';
                let letter_at = if promoted { i + 1 } else { i };
                let letter = *b
                    .get(letter_at)
                    .ok_or_else(|| err(letter_at, "expected a piece letter after `+`".into()))?;
                let base = PieceKind::from_letter(letter).ok_or_else(|| {
                    err(
                        letter_at,
                        format!(
                            "expected a piece letter (K R B G S N L P, upper case for black), \
                             a digit or `/`, found `{}`",
                            printable(b, letter_at)
                        ),
                    )
                })?;
                let kind = if promoted {
                    base.promote().ok_or_else(|| {
                        err(
                            i,
                            format!("`+{}`: a {} cannot be promoted", letter as char, base),
                        )
                    })?
                } else {
                    base
                };
                if file_col >= 9 {
                    return Err(err(i, format!("rank {rank} has more than 9 squares")));
                }
                let color = if letter.is_ascii_uppercase() {
                    Color::Black
                } else {
                    Color::White
                };
                let sq = Square::new(9 - file_col, rank).expect("on the board");
                setup.board[sq.index()] = Some(Piece::new(color, kind));
                file_col += 1;
                i = letter_at + 1;
            }
        }
    }
    if rank != 9 || file_col != 9 {
        return Err(err(
            b.len(),
            format!("the board ends at rank {rank} with {file_col} squares; it needs 9 ranks of 9"),
        ));
    }
    Ok(())
}

fn printable(b: &[u8], i: usize) -> String {
    // Show the whole UTF-8 character that starts at i (or the byte when it is not one).
    let rest = &b[i..];
    let len = match rest[0] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    String::from_utf8_lossy(&rest[..len.min(rest.len())]).into_owned()
}

fn parse_hands(b: &[u8], at: usize, setup: &mut Setup) -> Result<(), SfenError> {
    let err = |i: usize, message: String| SfenError {
        field: SfenField::Hand,
        byte: at + i,
        message,
    };
    if b == b"-" {
        return Ok(());
    }
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let mut count: u32 = 0;
        let mut has_count = false;
        while i < b.len() && b[i].is_ascii_digit() {
            count = count * 10 + (b[i] - b'0') as u32;
            has_count = true;
            i += 1;
            if count > 255 {
                return Err(err(start, "a hand count above 255".into()));
            }
        }
        if has_count && count == 0 {
            return Err(err(start, "a hand count of 0".into()));
        }
        let letter = *b
            .get(i)
            .ok_or_else(|| err(i, "expected a piece letter after the count".into()))?;
        let kind = PieceKind::from_letter(letter)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| {
                err(
                    i,
                    format!(
                        "expected a hand piece letter (R B G S N L P; lower case for white), found `{}`",
                        printable(b, i)
                    ),
                )
            })?;
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = if has_count { count } else { 1 };
        let hand = &mut setup.hands[color];
        let total = hand.count(kind) as u32 + n;
        if total > 255 {
            return Err(err(start, "a hand count above 255".into()));
        }
        hand.set(kind, total as u8);
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trips() {
        let s = Setup::startpos();
        assert_eq!(s.to_sfen(), STARTPOS_SFEN);
        assert_eq!(Setup::from_sfen("startpos").unwrap(), s);
        assert_eq!(
            s.piece_at(Square::new(5, 9).unwrap()),
            Some(Piece::new(Color::Black, PieceKind::King))
        );
        assert_eq!(
            s.piece_at(Square::new(8, 2).unwrap()),
            Some(Piece::new(Color::White, PieceKind::Rook))
        );
    }

    #[test]
    fn hands_in_any_order_are_written_canonically() {
        let s = Setup::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 18pP2bR 3").unwrap();
        assert_eq!(s.hands_sfen(), "RP2b18p");
        assert_eq!(s.move_number, 3);
        assert_eq!(s.side_to_move, Color::White);
        let no_number = Setup::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b -").unwrap();
        assert_eq!(no_number.move_number, 1);
    }

    #[test]
    fn errors_name_field_and_byte() {
        let e = Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1")
            .unwrap_err();
        assert_eq!(e.field, SfenField::Board);
        assert_eq!(e.byte, 56);
        let e = Setup::from_sfen("9/9/9/9/9/9/9/9/9 x - 1").unwrap_err();
        assert_eq!((e.field, e.byte), (SfenField::Side, 18));
        let e = Setup::from_sfen("9/9/9/9/9/9/9/9/9 b 2K 1").unwrap_err();
        assert_eq!((e.field, e.byte), (SfenField::Hand, 21));
        let e = Setup::from_sfen("9/9/9/9/9/9/9/9/9 b - 0").unwrap_err();
        assert_eq!(e.field, SfenField::MoveNumber);
        let e = Setup::from_sfen("9/9/9/9/9/9/9/9/8 b - 1").unwrap_err();
        assert_eq!(e.field, SfenField::Board);
        let e = Setup::from_sfen("+K8/9/9/9/9/9/9/9/9 b - 1").unwrap_err();
        assert!(e.message.contains("cannot be promoted"), "{e}");
        assert!(Setup::from_sfen("").is_err());
        assert!(Setup::from_sfen("9/9/9/9/9/9/9/9/9/9 b - 1").is_err());
        assert!(Setup::from_sfen("９/9 b - 1").is_err());
    }
}
