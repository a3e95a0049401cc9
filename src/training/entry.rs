//! One fixed-size training entry of each format, to bytes and back.
//!
//! `.hcpe` (cshogi's `HuffmanCodedPosAndEval`, 38 bytes): the hcp (32), `eval` (int16, the
//! side to move's view), `bestMove16` (cshogi's 16-bit move), `gameResult` (int8: 0 draw, 1
//! black won, 2 white won), one padding byte. `.psv` (YaneuraOu's `PackedSfenValue`, 40
//! bytes): the packed SFEN (32), `score` (int16, the side to move's view), `move`
//! (YaneuraOu's 16-bit move), `gamePly` (uint16, the SFEN move number: 1 at the start),
//! `game_result` (int8: 1 the side to move won, 0 draw, -1 lost), one padding byte.
//! Little-endian, no header.

use super::move16::Move16;
use super::packed::{self, DecodeError, Packing};
use crate::shogi::{Color, Move, Setup};

/// The two training formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrainingFormat {
    /// cshogi's / dlshogi's `.hcpe`.
    Hcpe,
    /// YaneuraOu's `.psv` (`PackedSfenValue`).
    Psv,
}

impl TrainingFormat {
    /// Bytes an entry.
    pub const fn size(self) -> usize {
        match self {
            TrainingFormat::Hcpe => 38,
            TrainingFormat::Psv => 40,
        }
    }

    /// The name (and file extension): `hcpe`, `psv`.
    pub fn name(self) -> &'static str {
        match self {
            TrainingFormat::Hcpe => "hcpe",
            TrainingFormat::Psv => "psv",
        }
    }

    /// The format a file extension names (`hcpe`, `psv`, any case).
    pub fn from_extension(ext: &str) -> Option<TrainingFormat> {
        match ext.to_ascii_lowercase().as_str() {
            "hcpe" => Some(TrainingFormat::Hcpe),
            "psv" => Some(TrainingFormat::Psv),
            _ => None,
        }
    }

    /// The position code of the format.
    pub fn packing(self) -> Packing {
        match self {
            TrainingFormat::Hcpe => Packing::Hcp,
            TrainingFormat::Psv => Packing::Psfen,
        }
    }

    /// The move encoding of the format.
    pub fn move16(self) -> Move16 {
        match self {
            TrainingFormat::Hcpe => Move16::Cshogi,
            TrainingFormat::Psv => Move16::YaneuraOu,
        }
    }

    /// The largest score, which a mate gets: dlshogi clamps to ±32767, YaneuraOu's mate
    /// score is 32000.
    pub fn score_limit(self) -> i16 {
        match self {
            TrainingFormat::Hcpe => 32767,
            TrainingFormat::Psv => 32000,
        }
    }
}

/// One entry, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The packed position (hcp or packed SFEN, by the format).
    pub position: [u8; 32],
    /// The side to move in it (the first bit of `position`).
    pub side: Color,
    /// The score from the side to move's view.
    pub score: i16,
    /// The move played, in the format's 16-bit encoding.
    pub move16: u16,
    /// The SFEN move number of the position (`.psv` only keeps it).
    pub ply: u16,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
}

impl Entry {
    /// Appends the entry's bytes in `format` to `out`.
    pub fn write(&self, format: TrainingFormat, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.position);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.extend_from_slice(&self.move16.to_le_bytes());
        match format {
            TrainingFormat::Hcpe => {
                out.push(match self.winner {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                });
            }
            TrainingFormat::Psv => {
                out.extend_from_slice(&self.ply.to_le_bytes());
                let r: i8 = match self.winner {
                    None => 0,
                    Some(w) if w == self.side => 1,
                    Some(_) => -1,
                };
                out.push(r as u8);
            }
        }
        out.push(0);
    }
}

/// Why the bytes of an entry are not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    /// The position's bytes.
    #[error("the position: {0}")]
    Position(#[from] DecodeError),
    /// A result byte out of range.
    #[error("the game result is {0}; {1}")]
    Result(i8, &'static str),
    /// The 16 bits are no move.
    #[error("the move 0x{0:04x} is no move of the format")]
    Move(u16),
}

/// An entry read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadEntry {
    /// The position (its move number the entry's `gamePly` in `.psv`, else 1).
    pub setup: Setup,
    /// The score from the side to move's view.
    pub score: i16,
    /// The move played.
    pub mv: Move,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
}

/// Reads one entry of `format` from `bytes` (exactly [`TrainingFormat::size`] of them).
pub fn read_entry(format: TrainingFormat, bytes: &[u8]) -> Result<ReadEntry, EntryError> {
    assert_eq!(bytes.len(), format.size(), "one entry's bytes");
    let position: &[u8; 32] = bytes[..32].try_into().expect("32 bytes");
    let mut setup = packed::decode(position, format.packing())?;
    let score = i16::from_le_bytes([bytes[32], bytes[33]]);
    let bits = u16::from_le_bytes([bytes[34], bytes[35]]);
    let mv = format.move16().decode(bits).ok_or(EntryError::Move(bits))?;
    let winner = match format {
        TrainingFormat::Hcpe => match bytes[36] as i8 {
            0 => None,
            1 => Some(Color::Black),
            2 => Some(Color::White),
            r => return Err(EntryError::Result(r, "gameResult is 0, 1 or 2")),
        },
        TrainingFormat::Psv => {
            setup.move_number = u32::from(u16::from_le_bytes([bytes[36], bytes[37]])).max(1);
            match bytes[38] as i8 {
                0 => None,
                1 => Some(setup.side_to_move),
                -1 => Some(setup.side_to_move.flip()),
                r => return Err(EntryError::Result(r, "game_result is -1, 0 or 1")),
            }
        }
    };
    Ok(ReadEntry {
        setup,
        score,
        mv,
        winner,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Position;

    #[test]
    fn entries_go_to_bytes_and_back() {
        let pos = Position::startpos();
        let mv = Move::from_usi("7g7f").unwrap();
        for format in [TrainingFormat::Hcpe, TrainingFormat::Psv] {
            for winner in [None, Some(Color::Black), Some(Color::White)] {
                let e = Entry {
                    position: packed::encode(&pos, format.packing()).unwrap(),
                    side: Color::Black,
                    score: -1234,
                    move16: format.move16().encode(mv).unwrap(),
                    ply: 1,
                    winner,
                };
                let mut out = Vec::new();
                e.write(format, &mut out);
                assert_eq!(out.len(), format.size());
                let back = read_entry(format, &out).unwrap();
                assert_eq!(
                    Position::from_setup(&back.setup).unwrap().to_sfen(),
                    pos.to_sfen()
                );
                assert_eq!((back.score, back.mv, back.winner), (-1234, mv, winner));
            }
        }
    }

    #[test]
    fn the_bytes_are_laid_out_as_cshogi_reads_them() {
        let e = Entry {
            position: [0xaa; 32],
            side: Color::White,
            score: -2,
            move16: 0x1234,
            ply: 300,
            winner: Some(Color::Black),
        };
        let mut hcpe = Vec::new();
        e.write(TrainingFormat::Hcpe, &mut hcpe);
        assert_eq!(&hcpe[32..], &[0xfe, 0xff, 0x34, 0x12, 1, 0]);
        let mut psv = Vec::new();
        e.write(TrainingFormat::Psv, &mut psv);
        // White to move lost: -1.
        assert_eq!(&psv[32..], &[0xfe, 0xff, 0x34, 0x12, 0x2c, 0x01, 0xff, 0]);
    }

    #[test]
    fn a_bad_result_byte_is_an_error() {
        let pos = Position::startpos();
        let mut out = Vec::new();
        Entry {
            position: packed::encode(&pos, Packing::Hcp).unwrap(),
            side: Color::Black,
            score: 0,
            move16: 7739,
            ply: 1,
            winner: None,
        }
        .write(TrainingFormat::Hcpe, &mut out);
        out[36] = 3;
        assert!(matches!(
            read_entry(TrainingFormat::Hcpe, &out),
            Err(EntryError::Result(3, _))
        ));
        out[36] = 0;
        out[34] = 0;
        out[35] = 0;
        assert!(matches!(
            read_entry(TrainingFormat::Hcpe, &out),
            Err(EntryError::Move(0))
        ));
    }
}
