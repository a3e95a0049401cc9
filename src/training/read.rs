//! Training files read back: a stream of fixed-size entries from any reader, each checked.
//!
//! A `.hcpe` or `.psv` file is its entries one after another with no header, so the file's
//! length must be a multiple of the entry size; bytes left over are an error naming their
//! offset. An entry whose bytes are no position, move or result is an error naming the entry
//! and its offset, and the stream goes on with the next.

use std::io::{self, Read};

use super::entry::{read_entry, EntryError, ReadEntry, TrainingFormat};
use crate::shogi::{Position, SetupProblem};

/// Why an entry of a training file could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed.
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// The file ends inside an entry.
    #[error("the file ends {len} bytes into entry {index} (byte {offset}); a {format} entry has {size} bytes")]
    Trailing {
        /// The entry's index.
        index: u64,
        /// Its first byte's offset.
        offset: u64,
        /// The bytes there are.
        len: usize,
        /// The format's name.
        format: &'static str,
        /// The entry size.
        size: usize,
    },
    /// The bytes of an entry are not one.
    #[error("entry {index} (byte {offset}): {error}")]
    Entry {
        /// The entry's index.
        index: u64,
        /// Its first byte's offset.
        offset: u64,
        /// What is wrong.
        error: EntryError,
    },
}

/// Reads the entries of a training file one by one.
pub struct EntryReader<R> {
    inner: R,
    format: TrainingFormat,
    index: u64,
    done: bool,
}

impl<R: Read> EntryReader<R> {
    /// A reader of `format` entries from `inner` (buffer it: entries are read 38 or 40 bytes
    /// at a time).
    pub fn new(inner: R, format: TrainingFormat) -> EntryReader<R> {
        EntryReader {
            inner,
            format,
            index: 0,
            done: false,
        }
    }
}

impl<R: Read> Iterator for EntryReader<R> {
    type Item = Result<(u64, ReadEntry), ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let size = self.format.size();
        let mut buf = [0u8; 40];
        let buf = &mut buf[..size];
        let mut filled = 0;
        while filled < size {
            match self.inner.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e.into()));
                }
            }
        }
        let index = self.index;
        let offset = index * size as u64;
        if filled == 0 {
            self.done = true;
            return None;
        }
        if filled < size {
            self.done = true;
            return Some(Err(ReadError::Trailing {
                index,
                offset,
                len: filled,
                format: self.format.name(),
                size,
            }));
        }
        self.index += 1;
        Some(
            read_entry(self.format, buf)
                .map(|e| (index, e))
                .map_err(|error| ReadError::Entry {
                    index,
                    offset,
                    error,
                }),
        )
    }
}

/// What is wrong with an entry that decodes: the position's problems (a missing king, two
/// pawns on a file, a piece that can never move, the side not to move in check, more pieces
/// than a set) and whether the move is legal in it, each as a sentence.
pub fn problems(entry: &ReadEntry) -> Vec<String> {
    let pos = match Position::from_setup(&entry.setup) {
        Ok(p) => p,
        Err(e) => return vec![format!("the position cannot be played: {e}")],
    };
    let mut out: Vec<String> = pos
        .setup_problems()
        .iter()
        .map(|p: &SetupProblem| format!("the position is not legal: {p}"))
        .collect();
    if let Err(foul) = pos.diagnose(entry.mv) {
        out.push(format!(
            "the move {} is not legal in the position: {foul}",
            entry.mv.to_usi()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{Color, Move};
    use crate::training::entry::Entry;
    use crate::training::packed;

    fn file(format: TrainingFormat, sfens_moves: &[(&str, &str)]) -> Vec<u8> {
        let mut out = Vec::new();
        for (sfen, mv) in sfens_moves {
            let pos = Position::from_sfen(sfen).unwrap();
            Entry {
                position: packed::encode(&pos, format.packing()).unwrap(),
                side: pos.side_to_move(),
                score: 7,
                move16: format.move16().encode(Move::from_usi(mv).unwrap()).unwrap(),
                ply: pos.move_number() as u16,
                winner: Some(Color::White),
            }
            .write(format, &mut out);
        }
        out
    }

    #[test]
    fn entries_stream_back_and_trailing_bytes_are_named() {
        let start = Position::startpos().to_sfen();
        for format in [TrainingFormat::Hcpe, TrainingFormat::Psv] {
            let mut bytes = file(format, &[(&start, "7g7f"), (&start, "2g2f")]);
            bytes.extend_from_slice(&[0; 5]);
            let got: Vec<_> = EntryReader::new(&bytes[..], format).collect();
            assert_eq!(got.len(), 3);
            let (i, e) = got[1].as_ref().unwrap();
            assert_eq!((*i, e.mv.to_usi(), e.score), (1, "2g2f".into(), 7));
            let err = got[2].as_ref().unwrap_err().to_string();
            assert!(err.contains("ends 5 bytes into entry 2"), "{err}");
        }
    }

    #[test]
    fn illegal_positions_and_moves_are_named() {
        // Two black pawns on file 5, and a move of a piece that is not there.
        let bytes = file(
            TrainingFormat::Psv,
            &[("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "1i1h")],
        );
        let (_, e) = EntryReader::new(&bytes[..], TrainingFormat::Psv)
            .next()
            .unwrap()
            .unwrap();
        let p = problems(&e);
        assert!(
            p.iter().any(|s| s.contains("two unpromoted pawns")),
            "{p:?}"
        );
        assert!(p.iter().any(|s| s.contains("1i1h is not legal")), "{p:?}");
        let ok = file(
            TrainingFormat::Hcpe,
            &[(&Position::startpos().to_sfen(), "7g7f")],
        );
        let (_, e) = EntryReader::new(&ok[..], TrainingFormat::Hcpe)
            .next()
            .unwrap()
            .unwrap();
        assert!(problems(&e).is_empty());
    }
}
