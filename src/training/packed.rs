//! The two 256-bit Huffman codes of a position: cshogi's and dlshogi's `HuffmanCodedPos`
//! (hcp, in `.hcpe` files) and YaneuraOu's packed SFEN (in `.psv` files).
//!
//! Both write, lowest bit first: the side to move (1 bit, 1 for white), black's and white's
//! king squares (7 bits each, the square index: 1a = 0, 1b = 1, ..., 9i = 80), every other
//! square from 1a to 9i (kings skipped) as a board code, then each side's pieces in hand
//! (black's first, pawn, lance, knight, silver, gold, bishop, rook) and last the pieces of the
//! set that are nowhere ("in the box", a handicap's), so that every position of a full set
//! takes exactly 256 bits. The two differ only in their code tables: a packed SFEN's board
//! code is YaneuraOu's piece code, a promotion bit (not for gold) and a colour bit; an hcp's
//! codes are Apery's. The tables are cshogi's (`src/position.cpp`), learnt, not copied.
//!
//! A position without both kings, or with more pieces of a kind than a set holds, has no
//! code ([`EncodeError`]).

use super::bits::{BitReader, BitWriter};
use crate::shogi::{set_count, ByColor, Color, Hand, Piece, PieceKind, Position, Setup, Square};

/// Which of the two codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Packing {
    /// cshogi's `HuffmanCodedPos` (hcp).
    Hcp,
    /// YaneuraOu's packed SFEN.
    Psfen,
}

/// A code: its bits (the first written the lowest) and how many.
type Code = (u8, u8);

/// The board codes of one side, by [`PieceKind::index`] (the king has none).
type BoardCodes = [Code; 14];

/// The codes of one code table.
struct Table {
    board: [BoardCodes; 2],
    hand: [[Code; 7]; 2],
    piece_box: [Code; 7],
}

// Board codes in PieceKind order: P L N S G B R K +P +L +N +S +B +R.
const HCP: Table = Table {
    board: [
        [
            (0b1, 4),
            (0b11, 6),
            (0b111, 6),
            (0b1011, 6),
            (0b1111, 6),
            (0b11111, 8),
            (0b111111, 8),
            (0, 0),
            (0b1001, 4),
            (0b100011, 6),
            (0b100111, 6),
            (0b101011, 6),
            (0b10011111, 8),
            (0b10111111, 8),
        ],
        [
            (0b101, 4),
            (0b10011, 6),
            (0b10111, 6),
            (0b11011, 6),
            (0b101111, 6),
            (0b1011111, 8),
            (0b1111111, 8),
            (0, 0),
            (0b1101, 4),
            (0b110011, 6),
            (0b110111, 6),
            (0b111011, 6),
            (0b11011111, 8),
            (0b11111111, 8),
        ],
    ],
    // Hand codes in PieceKind::HAND order: P L N S G B R.
    hand: [
        [
            (0b0, 3),
            (0b1, 5),
            (0b11, 5),
            (0b101, 5),
            (0b111, 5),
            (0b11111, 7),
            (0b111111, 7),
        ],
        [
            (0b100, 3),
            (0b10001, 5),
            (0b10011, 5),
            (0b10101, 5),
            (0b10111, 5),
            (0b1011111, 7),
            (0b1111111, 7),
        ],
    ],
    piece_box: [
        (0b10, 3),
        (0b1001, 5),
        (0b1011, 5),
        (0b1101, 5),
        (0b11101, 5),
        (0b1111, 7),
        (0b101111, 7),
    ],
};

const PSFEN: Table = Table {
    board: [
        [
            (0b1, 4),
            (0b11, 6),
            (0b1011, 6),
            (0b111, 6),
            (0b1111, 6),
            (0b11111, 8),
            (0b111111, 8),
            (0, 0),
            (0b101, 4),
            (0b10011, 6),
            (0b11011, 6),
            (0b10111, 6),
            (0b1011111, 8),
            (0b1111111, 8),
        ],
        [
            (0b1001, 4),
            (0b100011, 6),
            (0b101011, 6),
            (0b100111, 6),
            (0b101111, 6),
            (0b10011111, 8),
            (0b10111111, 8),
            (0, 0),
            (0b1101, 4),
            (0b110011, 6),
            (0b111011, 6),
            (0b110111, 6),
            (0b11011111, 8),
            (0b11111111, 8),
        ],
    ],
    hand: [
        [
            (0b0, 3),
            (0b1, 5),
            (0b101, 5),
            (0b11, 5),
            (0b111, 5),
            (0b1111, 7),
            (0b11111, 7),
        ],
        [
            (0b100, 3),
            (0b10001, 5),
            (0b10101, 5),
            (0b10011, 5),
            (0b10111, 5),
            (0b1001111, 7),
            (0b1011111, 7),
        ],
    ],
    piece_box: [
        (0b10, 3),
        (0b1001, 5),
        (0b1101, 5),
        (0b1011, 5),
        (0b11011, 5),
        (0b101111, 7),
        (0b111111, 7),
    ],
};

impl Packing {
    fn table(self) -> &'static Table {
        match self {
            Packing::Hcp => &HCP,
            Packing::Psfen => &PSFEN,
        }
    }
}

/// Why a position has no packed code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// A side has no king (the code gives both kings' squares).
    #[error("{0} has no king; the packed formats need both kings")]
    NoKing(Color),
    /// More pieces of a kind than a set holds: they do not fit in 256 bits.
    #[error("there are {count} {kind}s; a set has {}", set_count(*kind))]
    TooManyPieces {
        /// The unpromoted kind.
        kind: PieceKind,
        /// How many there are.
        count: u32,
    },
}

/// Why 32 bytes are not a packed position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// A king square of 81 or more (cshogi writes 81 for a missing king).
    #[error("the {0} king's square is {1}; a square is 0 to 80")]
    KingSquare(Color, u8),
    /// Both kings on one square.
    #[error("both kings stand on square {0}")]
    KingsTogether(u8),
    /// The bits at `bit` are no code of the table.
    #[error("bit {bit}: no piece code starts here")]
    BadCode {
        /// The offset of the code's first bit.
        bit: usize,
    },
    /// The 256 bits ended inside the board.
    #[error("the 256 bits end before the board does (at square {0})")]
    ShortBoard(usize),
    /// More pieces of a kind than a set holds.
    #[error("{0}")]
    TooManyPieces(EncodeError),
}

/// Packs `pos` (its side to move, board and hands) in 32 bytes.
pub fn encode(pos: &Position, packing: Packing) -> Result<[u8; 32], EncodeError> {
    let table = packing.table();
    let kings = [
        pos.king_square(Color::Black)
            .ok_or(EncodeError::NoKing(Color::Black))?,
        pos.king_square(Color::White)
            .ok_or(EncodeError::NoKing(Color::White))?,
    ];
    let mut w = BitWriter::new();
    // Pieces of each hand kind still in the box.
    let mut left = [18i32, 4, 4, 4, 4, 2, 2];
    w.put(pos.side_to_move().index() as u8, 1);
    w.put(kings[0].index() as u8, 7);
    w.put(kings[1].index() as u8, 7);
    for sq in Square::all() {
        match pos.piece_at(sq) {
            None => {
                w.put(0, 1);
            }
            Some(p) if p.kind == PieceKind::King => {}
            Some(p) => {
                let (code, n) = table.board[p.color.index()][p.kind.index()];
                left[p.kind.unpromote().index()] -= 1;
                if !w.put(code, n) {
                    return Err(too_many(pos));
                }
            }
        }
    }
    for color in Color::ALL {
        let hand = pos.hand(color);
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            let count = hand.count(kind);
            left[i] -= i32::from(count);
            let (code, n) = table.hand[color.index()][i];
            for _ in 0..count {
                if !w.put(code, n) {
                    return Err(too_many(pos));
                }
            }
        }
    }
    if left.iter().any(|&n| n < 0) {
        return Err(too_many(pos));
    }
    for (i, &n) in left.iter().enumerate() {
        let (code, bits) = table.piece_box[i];
        for _ in 0..n {
            w.put(code, bits);
        }
    }
    debug_assert_eq!(w.len(), 256);
    Ok(w.bytes())
}

/// The kind of which `pos` has more pieces than a set holds.
fn too_many(pos: &Position) -> EncodeError {
    let mut counts = [0u32; 7];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            if p.kind != PieceKind::King {
                counts[p.kind.unpromote().index()] += 1;
            }
        }
    }
    for color in Color::ALL {
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            counts[i] += u32::from(pos.hand(color).count(kind));
        }
    }
    let (i, &count) = PieceKind::HAND
        .iter()
        .enumerate()
        .map(|(i, k)| (i, &counts[k.index()]))
        .find(|(i, c)| **c > set_count(PieceKind::HAND[*i]))
        .unwrap_or((0, &counts[0]));
    EncodeError::TooManyPieces {
        kind: PieceKind::HAND[i],
        count,
    }
}

/// What a code of the table stands for.
#[derive(Clone, Copy)]
enum Decoded {
    Empty,
    Board(Piece),
    Hand(Color, usize),
    Box,
}

/// Reads one code of the board (`board`) or of the hands and box part.
fn read_code(r: &mut BitReader<'_>, table: &Table, board: bool) -> Option<Decoded> {
    let mut code = 0u8;
    for n in 1..=8u8 {
        code |= r.bit()? << (n - 1);
        if board {
            if n == 1 && code == 0 {
                return Some(Decoded::Empty);
            }
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    if kind != PieceKind::King
                        && table.board[color.index()][kind.index()] == (code, n)
                    {
                        return Some(Decoded::Board(Piece::new(color, kind)));
                    }
                }
            }
        } else {
            for i in 0..7 {
                for color in Color::ALL {
                    if table.hand[color.index()][i] == (code, n) {
                        return Some(Decoded::Hand(color, i));
                    }
                }
                if table.piece_box[i] == (code, n) {
                    return Some(Decoded::Box);
                }
            }
        }
    }
    None
}

/// Unpacks 32 bytes into a position as written (move number 1; the caller may set it).
pub fn decode(data: &[u8; 32], packing: Packing) -> Result<Setup, DecodeError> {
    let table = packing.table();
    let mut r = BitReader::new(data);
    let side = if r.bit() == Some(1) {
        Color::White
    } else {
        Color::Black
    };
    let mut board: [Option<Piece>; 81] = [None; 81];
    let mut king_at = [0u8; 2];
    for color in Color::ALL {
        let sq = r.bits(7).unwrap_or(0);
        if sq >= 81 {
            return Err(DecodeError::KingSquare(color, sq));
        }
        if board[sq as usize].is_some() {
            return Err(DecodeError::KingsTogether(sq));
        }
        board[sq as usize] = Some(Piece::new(color, PieceKind::King));
        king_at[color.index()] = sq;
    }
    let mut counts = [0u32; 7];
    for (i, slot) in board.iter_mut().enumerate() {
        if slot.is_some() {
            continue;
        }
        let bit = r.position();
        match read_code(&mut r, table, true) {
            Some(Decoded::Empty) => {}
            Some(Decoded::Board(p)) => {
                counts[p.kind.unpromote().index()] += 1;
                *slot = Some(p);
            }
            _ if r.position() >= 256 => return Err(DecodeError::ShortBoard(i)),
            _ => return Err(DecodeError::BadCode { bit }),
        }
    }
    let mut hands = ByColor::new_with(|_| Hand::EMPTY);
    while r.position() < 256 {
        let bit = r.position();
        match read_code(&mut r, table, false) {
            Some(Decoded::Hand(color, i)) => {
                counts[i] += 1;
                hands.get_mut(color).add(PieceKind::HAND[i]);
            }
            Some(Decoded::Box) => {}
            _ => return Err(DecodeError::BadCode { bit }),
        }
    }
    for (i, &count) in counts.iter().enumerate() {
        let kind = PieceKind::HAND[i];
        if count > set_count(kind) {
            return Err(DecodeError::TooManyPieces(EncodeError::TooManyPieces {
                kind,
                count,
            }));
        }
    }
    Ok(Setup {
        board,
        hands,
        side_to_move: side,
        move_number: 1,
    })
}

#[cfg(test)]
mod tests;
