//! Several records in one output, joined as their format joins them: CSA with `/` lines (the
//! version line only once), several JKF documents as one JSON array (one element a line), the
//! others (SFEN and USI lists, KIF, KI2) one after another.

use std::io::Write;

use crate::record::Format;

/// Joins records for one output as they come, counting the bytes written.
pub struct Joiner {
    to: Format,
    count: usize,
    /// Bytes written so far.
    written: u64,
    /// JKF: the last record, held until it is known whether another follows.
    pending: Option<Vec<u8>>,
}

impl Joiner {
    /// A joiner of records converted to `to`.
    pub fn new(to: Format) -> Joiner {
        Joiner {
            to,
            count: 0,
            written: 0,
            pending: None,
        }
    }

    /// Writes `bytes` to `out`, counting them.
    fn put(&mut self, out: &mut dyn Write, bytes: &[u8]) -> std::io::Result<()> {
        self.written += bytes.len() as u64;
        out.write_all(bytes)
    }

    /// How many bytes were written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes the next record (its bytes in the target format) to `out`; a JKF record is held
    /// until the next one or [`Joiner::finish`] says whether it is in an array.
    pub fn push(&mut self, out: &mut dyn Write, bytes: Vec<u8>) -> std::io::Result<()> {
        self.count += 1;
        match self.to {
            Format::Jkf => {
                // The elements of an array are written one a line (`jkf::compact`): the
                // pretty form of thousands of records was larger than the readers take.
                if let Some(prev) = self.pending.take() {
                    if self.count == 2 {
                        self.put(out, b"[\n")?;
                    }
                    self.put(out, &compact_jkf(&prev))?;
                    self.put(out, b",\n")?;
                }
                self.pending = Some(bytes);
            }
            Format::Csa if self.count > 1 => {
                self.put(out, b"/\n")?;
                let text = String::from_utf8_lossy(&bytes);
                let body: Vec<&str> = text
                    .lines()
                    .skip_while(|l| l.starts_with('V') || l.starts_with("'CSA encoding"))
                    .collect();
                self.put(out, body.join("\n").as_bytes())?;
                self.put(out, b"\n")?;
            }
            _ => self.put(out, &bytes)?,
        }
        Ok(())
    }

    /// Writes what is held back: the last JKF record, and the end of the array.
    pub fn finish(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        if let Some(last) = self.pending.take() {
            if self.count == 1 {
                self.put(out, &last)?;
            } else {
                self.put(out, &compact_jkf(&last))?;
                self.put(out, b"\n]\n")?;
            }
        }
        Ok(())
    }
}

/// A JKF record's bytes (UTF-8, as JKF is always written) on one line.
fn compact_jkf(bytes: &[u8]) -> Vec<u8> {
    crate::formats::jkf::compact(&String::from_utf8_lossy(bytes)).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(to: Format, records: &[&str]) -> String {
        let mut out = Vec::new();
        let mut joiner = Joiner::new(to);
        for r in records {
            joiner.push(&mut out, r.as_bytes().to_vec()).unwrap();
        }
        joiner.finish(&mut out).unwrap();
        assert_eq!(joiner.written(), out.len() as u64);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn csa_records_are_joined_by_slash_lines_with_one_version_line() {
        let a = "V2.2\nPI\n+\n%TORYO\n";
        let b = "V2.2\n'CSA encoding=UTF-8\nPI\n-\n%CHUDAN\n";
        assert_eq!(
            joined(Format::Csa, &[a, b]),
            "V2.2\nPI\n+\n%TORYO\n/\nPI\n-\n%CHUDAN\n"
        );
    }

    #[test]
    fn one_jkf_record_stays_as_it_is_and_several_make_an_array() {
        let doc = "{\n  \"header\": {}\n}\n";
        assert_eq!(joined(Format::Jkf, &[doc]), doc);
        let two = joined(Format::Jkf, &[doc, doc]);
        assert!(two.starts_with("[\n") && two.ends_with("\n]\n"), "{two}");
        assert_eq!(two.lines().count(), 4, "{two}");
    }
}
