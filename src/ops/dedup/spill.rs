//! The spill file of `dedup`: every main line read, in record order, 20 bytes plus 2 a move,
//! read back once to find the prefixes without reading the inputs again.

use std::io::Write;

use crate::collection::fingerprint::MainLine;

use super::error::DedupError;

/// The main lines read, in record order, kept in a temporary file (2 bytes a move) so that
/// the prefixes are found without reading the inputs again or holding every move in memory.
pub(super) struct Spill {
    file: std::io::BufWriter<std::fs::File>,
}

/// Reads back what [`Spill`] wrote.
pub(super) struct SpillLines {
    file: std::io::BufReader<std::fs::File>,
    buf: Vec<u8>,
}

impl Spill {
    pub(super) fn new() -> Result<Spill, DedupError> {
        let file = tempfile::tempfile().map_err(DedupError::SpillCreate)?;
        Ok(Spill {
            file: std::io::BufWriter::with_capacity(1 << 20, file),
        })
    }

    /// Appends a main line: its start (16 bytes), its length (4), its moves (2 each).
    pub(super) fn put(&mut self, line: &MainLine) -> std::io::Result<()> {
        let mut head = [0u8; 20];
        head[..8].copy_from_slice(&line.start[0].to_le_bytes());
        head[8..16].copy_from_slice(&line.start[1].to_le_bytes());
        head[16..].copy_from_slice(&(line.moves.len() as u32).to_le_bytes());
        self.file.write_all(&head)?;
        let moves: Vec<u8> = line.moves.iter().flat_map(|m| m.to_le_bytes()).collect();
        self.file.write_all(&moves)
    }

    /// The lines written, from the first.
    pub(super) fn lines(self) -> Result<SpillLines, DedupError> {
        use std::io::Seek;
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| DedupError::SpillWrite(e.into_error()))?;
        file.rewind().map_err(DedupError::SpillRead)?;
        Ok(SpillLines {
            file: std::io::BufReader::with_capacity(1 << 20, file),
            buf: Vec::new(),
        })
    }
}

impl SpillLines {
    /// The next line, or `None` at the end.
    pub(super) fn next_line(&mut self) -> Result<Option<MainLine>, DedupError> {
        use std::io::Read;
        let mut head = [0u8; 20];
        match self.file.read_exact(&mut head) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(DedupError::SpillRead(e)),
        }
        let word = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().expect("8 bytes"));
        let start = [word(0), word(8)];
        let n = u32::from_le_bytes(head[16..].try_into().expect("4 bytes")) as usize;
        self.buf.resize(n * 2, 0);
        self.file
            .read_exact(&mut self.buf)
            .map_err(DedupError::SpillRead)?;
        let moves = self
            .buf
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(Some(MainLine { start, moves }))
    }
}
