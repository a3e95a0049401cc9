//! One record of an input as a file of its own, for `split` and `dedup --out-dir`: the
//! record's own bytes where they are exactly known (a record between the `/` lines of a CSA
//! file, a line of an SFEN/USI list, an element of a JKF array, the whole text of a file of one
//! record), in the input's encoding, so nothing is lost; otherwise (a document of JSON Lines)
//! as `convert` writes it.

use std::ops::Range;
use std::sync::OnceLock;

use crate::formats;
use crate::formats::write::{self, default_encoding, WriteOptions};
use crate::record::{Format, Record};
use crate::text::{Encoding, SourceText};

/// Where the records of one input's text lie, found on first use (one per input; shared by
/// the threads reading its records).
#[derive(Debug, Default)]
pub struct Alone {
    spans: OnceLock<Option<Spans>>,
    /// The CSA version line of the first record of a file read a window at a time, taken
    /// from its first window.
    window_version: OnceLock<Option<String>>,
}

/// The byte range of every record of a text that holds several and says where, and the CSA
/// version line of its first record.
type Spans = (Vec<Range<usize>>, Option<Range<usize>>);

impl Alone {
    /// Nothing known yet.
    pub fn new() -> Alone {
        Alone::default()
    }

    /// `record` (read from `text`, the input's decoded text) alone: its bytes and the
    /// extension of its format.
    pub fn bytes(&self, record: &Record, text: &str) -> (Vec<u8>, &'static str) {
        let format = record.source.format.unwrap_or(Format::Csa);
        let own = self.own_text(record, text, format);
        own_or_written(own, record, format)
    }

    /// [`Alone::bytes`] of `record` read from `source`: the input's whole text, or a window
    /// of it ([`SourceText::window`], a big file read a window at a time), in which the
    /// record is found by its first line.
    pub fn bytes_from(&self, record: &Record, source: &SourceText) -> (Vec<u8>, &'static str) {
        if !source.is_window() {
            return self.bytes(record, source.text());
        }
        let format = record.source.format.unwrap_or(Format::Csa);
        let own = self.own_text_in_window(record, source, format);
        own_or_written(own, record, format)
    }

    /// The record's own text in a window, found by its first line; the version line of the
    /// file's first record as in [`Alone::own_text`].
    fn own_text_in_window(
        &self,
        record: &Record,
        source: &SourceText,
        format: Format,
    ) -> Option<String> {
        let text = source.text();
        let version = if source.first_line() == 1 {
            self.window_version.get_or_init(|| {
                let first = formats::record_spans_from(text, format, 1)?.next()?;
                let v = version_line(text, first.range())?;
                Some(text[v].to_string())
            })
        } else {
            self.window_version.get().unwrap_or(&None)
        };
        let start = source.line_start(record.source.line as usize)?;
        let span =
            formats::record_spans_from(text.get(start..)?, format, record.source.line)?.next()?;
        let range = span.range().start + start..span.range().end + start;
        let mut own = String::new();
        if let Some(v) = version.as_ref().filter(|_| format == Format::Csa) {
            if record.source.index > 0 && version_line(text, range.clone()).is_none() {
                own.push_str(v);
                own.push('\n');
            }
        }
        own.push_str(text.get(range)?);
        if !own.ends_with('\n') {
            own.push('\n');
        }
        Some(own)
    }

    /// The record's own text, when it is exactly known.
    fn own_text(&self, record: &Record, text: &str, format: Format) -> Option<String> {
        let spans = self.spans.get_or_init(|| {
            let spans: Vec<Range<usize>> = formats::record_spans_lazily(text, format)?
                .map(|s| s.range())
                .collect();
            let version = (format == Format::Csa)
                .then(|| spans.first().and_then(|r| version_line(text, r.clone())))
                .flatten();
            Some((spans, version))
        });
        let i = record.source.index;
        match spans {
            Some((spans, version)) => {
                let range = spans.get(i)?.clone();
                let body = text.get(range.clone())?;
                let mut own = String::new();
                // The version line of a multi-game CSA file stands for all its games (join
                // writes it once): a later game without one gets it back.
                if let Some(v) = version {
                    if i > 0 && version_line(text, range).is_none() {
                        own.push_str(text.get(v.clone())?);
                        own.push('\n');
                    }
                }
                own.push_str(body);
                if !own.ends_with('\n') {
                    own.push('\n');
                }
                Some(own)
            }
            // One record in the text: all of it, except where a format may hold several
            // documents without saying where each lies (JKF).
            None if i == 0 && format != Format::Jkf => Some(text.to_string()),
            None => None,
        }
    }
}

/// The bytes of `own`, the record's own text, in the encoding it was read in; else the
/// record as `convert` writes it.
fn own_or_written(own: Option<String>, record: &Record, format: Format) -> (Vec<u8>, &'static str) {
    let own = own.and_then(|own| encode_as_read(&own, record));
    let bytes = own.unwrap_or_else(|| {
        let encoding = default_encoding(format);
        let options = WriteOptions {
            encoding: Some(encoding),
            ..WriteOptions::default()
        };
        let mut w = write::write(record, format, &options);
        let mut bytes = write::encode(&w.text, encoding).0;
        write::declare_if_misread(format, encoding, &mut w.text, &mut bytes);
        bytes
    });
    (bytes, format.extension())
}

/// The range of the version line (`V2.2`) among the first lines of `range` in `text`.
fn version_line(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let body = text.get(range.clone())?;
    let mut at = range.start;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim_end_matches(['\r', '\n']);
        if trimmed.starts_with('V') && trimmed[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return Some(at..at + trimmed.len());
        }
        if !(trimmed.is_empty() || trimmed.starts_with('\'')) {
            return None;
        }
        at += line.len();
    }
    None
}

/// `text` in the encoding the record was read in (with its byte order mark when it had one);
/// `None` when that encoding is not known or cannot hold the text.
fn encode_as_read(text: &str, record: &Record) -> Option<Vec<u8>> {
    let encoding = Encoding::from_name(record.source.encoding?)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (mut bytes, unencodable) = write::encode(text, encoding);
    if !unencodable.is_empty() || text.contains('\u{FFFD}') {
        return None;
    }
    if encoding == Encoding::Utf8 && record.source.bom {
        bytes.splice(0..0, [0xEF, 0xBB, 0xBF]);
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str, format: Format) -> Vec<Record> {
        let mut v = formats::read_str(text, format);
        for r in &mut v {
            r.source.encoding = Some("utf-8");
        }
        v
    }

    #[test]
    fn csa_games_keep_their_bytes_and_the_version_line() {
        let text = "V2.2\nN+a\nPI\n+\n+7776FU\n'a remark\n%TORYO\n/\nN+b\nPI\n+\n+2726FU\n%TORYO";
        let rs = records(text, Format::Csa);
        let alone = Alone::new();
        let got: Vec<String> = rs
            .iter()
            .map(|r| String::from_utf8(alone.bytes(r, text).0).unwrap())
            .collect();
        assert_eq!(
            got,
            [
                "V2.2\nN+a\nPI\n+\n+7776FU\n'a remark\n%TORYO\n",
                "V2.2\nN+b\nPI\n+\n+2726FU\n%TORYO\n"
            ]
        );
    }

    #[test]
    fn usi_lines_and_single_records_as_they_are() {
        let text = "startpos moves 7g7f\r\nstartpos moves 2g2f 8c8d\r\n";
        let rs = records(text, Format::Usi);
        let alone = Alone::new();
        assert_eq!(alone.bytes(&rs[1], text).0, b"startpos moves 2g2f 8c8d\r\n");
        let one = "position startpos moves 7g7f   \n";
        let r = records(one, Format::Usi);
        assert_eq!(
            Alone::new().bytes(&r[0], one),
            (one.as_bytes().to_vec(), "usi")
        );
    }
}
