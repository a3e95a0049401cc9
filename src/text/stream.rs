//! Decoding a file a piece at a time, in an encoding already chosen (by [`super::decode`] on
//! the file's first bytes), for inputs too big to hold whole.
//!
//! [`StreamDecoder::push`] takes the file's next bytes, cut anywhere (inside a multibyte
//! character or a UTF-16 surrogate pair too: the decoder keeps the unfinished bytes), and
//! gives back the whole lines decoded so far, a CR alone made LF as [`super::decode`] does;
//! the unfinished last line waits for the next piece. Put together, the lines are the text
//! [`super::decode`] gives for the same bytes and encoding, and the undecodable bytes are
//! counted as it counts them (runs, lines, and the first run located by line and column).

use encoding_rs::{Decoder, DecoderResult};

use super::decode::{lone_cr_to_lf, MAX_KEPT_BYTES};
use super::source::locate;
use super::{Encoding, InvalidBytes};

/// How many bytes of output the decoder is offered at a time (see `decode_tracked`).
const DECODE_CHUNK: usize = 16 * 1024;

/// Whole lines of decoded text, and the line number of the first.
#[derive(Debug)]
pub struct DecodedLines {
    /// The text: whole lines, each ending in `\n`, except the last piece of a file.
    pub text: String,
    /// The line number (1-based) of the text's first line in the file.
    pub first_line: usize,
}

/// A file being decoded piece by piece (see the module documentation).
pub struct StreamDecoder {
    decoder: Decoder,
    encoding: Encoding,
    /// Decoded text not given out yet: the unfinished last line.
    pending: String,
    /// The line number of `pending`'s first line.
    line: usize,
    /// Bytes of the file fed so far (a byte order mark included).
    fed: usize,
    /// Bytes of text decoded so far (all of it, given out or pending).
    decoded: usize,
    /// Where the given-out text ends, in decoded bytes (where `pending` starts).
    given: usize,
    /// The last bytes fed, for a malformed sequence that began in the previous piece.
    tail: Vec<u8>,
    /// Runs of undecodable bytes, lines holding one.
    runs: usize,
    lines: usize,
    /// The last run: its end in the file's bytes and in the decoded text.
    last_run: Option<(usize, usize)>,
    /// Whether a line end was decoded since the last run.
    line_end_since_run: bool,
    /// The first run, its line and column not known until its line is given out.
    first: Option<InvalidBytes>,
    first_at: usize,
    first_located: bool,
}

impl StreamDecoder {
    /// A decoder of `encoding` for a file whose first `skipped` bytes (its byte order mark)
    /// are not text.
    pub fn new(encoding: Encoding, skipped: usize) -> StreamDecoder {
        StreamDecoder {
            decoder: encoding.codec().new_decoder_without_bom_handling(),
            encoding,
            pending: String::new(),
            line: 1,
            fed: skipped,
            decoded: 0,
            given: 0,
            tail: Vec::new(),
            runs: 0,
            lines: 0,
            last_run: None,
            line_end_since_run: false,
            first: None,
            first_at: 0,
            first_located: false,
        }
    }

    /// Decodes `bytes`, the file's next, and gives back the whole lines decoded so far; with
    /// `last` (the file's end), all the rest.
    pub fn push(&mut self, bytes: &[u8], last: bool) -> DecodedLines {
        let mut text = std::mem::take(&mut self.pending);
        let start = self.given;
        self.decode_into(bytes, last, &mut text);
        // A final CR may be the first half of a CRLF: it waits for the next piece.
        let held_cr = !last && text.ends_with('\r');
        if held_cr {
            text.pop();
        }
        let mut text = lone_cr_to_lf(text);
        let cut = if last {
            text.len()
        } else {
            text.rfind('\n').map_or(0, |i| i + 1)
        };
        self.pending = text.split_off(cut);
        if held_cr {
            self.pending.push('\r');
        }
        self.given = start + text.len();
        if let Some(first) = &mut self.first {
            if !self.first_located && self.first_at < self.given {
                let at = locate(&text, self.first_at - start);
                first.line = self.line + at.line - 1;
                first.column = at.column;
                self.first_located = true;
            }
        }
        let first_line = self.line;
        self.line += super::scan::count_byte(text.as_bytes(), b'\n');
        DecodedLines { text, first_line }
    }

    /// The first run of bytes that did not decode (located once its line was given out).
    pub fn first_invalid(&self) -> Option<&InvalidBytes> {
        self.first.as_ref()
    }

    /// How many runs of bytes did not decode, and on how many lines.
    pub fn invalid_counts(&self) -> (usize, usize) {
        (self.runs, self.lines)
    }

    /// How long the unfinished last line is, in bytes, so far.
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// The line number of the unfinished last line.
    pub fn pending_line(&self) -> usize {
        self.line
    }

    fn decode_into(&mut self, bytes: &[u8], last: bool, text: &mut String) {
        let mut buffer = vec![0u8; DECODE_CHUNK];
        let mut read = 0;
        loop {
            let (result, n, written) =
                self.decoder
                    .decode_to_utf8_without_replacement(&bytes[read..], &mut buffer, last);
            read += n;
            let out = std::str::from_utf8(&buffer[..written])
                .expect("the decoder writes whole characters");
            if memchr::memchr2(b'\n', b'\r', out.as_bytes()).is_some() {
                self.line_end_since_run = true;
            }
            text.push_str(out);
            self.decoded += written;
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(bad, after) => {
                    let end = self.fed + read.saturating_sub(usize::from(after));
                    let start = end.saturating_sub(usize::from(bad));
                    let text_start = self.decoded;
                    text.push('\u{FFFD}');
                    self.decoded += '\u{FFFD}'.len_utf8();
                    self.run(bytes, start, end, text_start);
                }
            }
        }
        self.fed += bytes.len();
        let keep = bytes.len().min(MAX_KEPT_BYTES);
        if keep == MAX_KEPT_BYTES {
            self.tail.clear();
        } else {
            let over = (self.tail.len() + keep).saturating_sub(MAX_KEPT_BYTES);
            self.tail.drain(..over);
        }
        self.tail.extend_from_slice(&bytes[bytes.len() - keep..]);
    }

    /// Counts the malformed bytes `start..end` of the file (`bytes` is the piece being fed),
    /// shown at `text_start` of the decoded text.
    fn run(&mut self, bytes: &[u8], start: usize, end: usize, text_start: usize) {
        let continues = self.last_run == Some((start, text_start));
        self.last_run = Some((end, self.decoded));
        if !continues {
            self.runs += 1;
            self.lines += usize::from(self.runs == 1 || self.line_end_since_run);
        }
        self.line_end_since_run = false;
        let piece_start = self.fed;
        let tail_start = piece_start - self.tail.len();
        let byte_at = |at: usize| {
            if at >= piece_start {
                bytes[at - piece_start]
            } else {
                self.tail[at - tail_start]
            }
        };
        let from = start.max(tail_start);
        match &mut self.first {
            None => {
                let kept = (from..end).take(MAX_KEPT_BYTES).map(byte_at).collect();
                self.first = Some(InvalidBytes {
                    line: 0,
                    column: 0,
                    offset: start,
                    len: end - start,
                    bytes: kept,
                    encoding: self.encoding,
                });
                self.first_at = text_start;
            }
            Some(first) if continues && self.runs == 1 => {
                let room = MAX_KEPT_BYTES.saturating_sub(first.bytes.len());
                let more: Vec<u8> = (from..end).take(room).map(byte_at).collect();
                first.bytes.extend(more);
                first.len = end - first.offset;
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{decode, EncodingChoice};

    /// Decodes `bytes` in pieces of `size` and checks the text and the undecodable bytes are
    /// what decoding them whole gives.
    fn assert_pieces_equal_whole(bytes: &[u8], encoding: Encoding, size: usize) {
        let whole = decode(bytes, None, EncodingChoice::Forced(encoding));
        let skipped = if whole.bom {
            encoding.bom().map_or(0, <[u8]>::len)
        } else {
            0
        };
        let mut d = StreamDecoder::new(encoding, skipped);
        let mut text = String::new();
        let mut line = 1;
        for piece in bytes[skipped..].chunks(size.max(1)) {
            let lines = d.push(piece, false);
            assert_eq!(lines.first_line, line);
            line += lines.text.matches('\n').count();
            assert!(lines.text.is_empty() || lines.text.ends_with('\n'));
            text.push_str(&lines.text);
        }
        text.push_str(&d.push(&[], true).text);
        assert_eq!(text, whole.text, "pieces of {size}");
        assert_eq!(
            d.invalid_counts(),
            (whole.invalid_runs, whole.invalid_lines)
        );
        assert_eq!(d.first_invalid(), whole.invalid.first(), "pieces of {size}");
    }

    #[test]
    fn pieces_cut_anywhere_decode_as_the_whole() {
        let text = "手合割：平手\r\n+7776FU\r\n'先手：羽生\n\r\rN-谷川\r\n/\n😀 x\r";
        let cases: Vec<(Vec<u8>, Encoding)> = vec![
            (text.as_bytes().to_vec(), Encoding::Utf8),
            (
                encoding_rs::SHIFT_JIS
                    .encode(&text.replace('😀', ""))
                    .0
                    .into_owned(),
                Encoding::ShiftJis,
            ),
            (
                text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
                Encoding::Utf16Le,
            ),
            (
                [0xFE, 0xFF]
                    .into_iter()
                    .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
                    .collect(),
                Encoding::Utf16Be,
            ),
            // Undecodable bytes: runs cut by the pieces, on several lines.
            (
                b"ab\xff\xfe\xfdc\n\x81\nd\xe3\x81e\n\xff".to_vec(),
                Encoding::Utf8,
            ),
            (
                b"P1\x81\x7f\x81\n\xa0x\r\n\x82".to_vec(),
                Encoding::ShiftJis,
            ),
        ];
        for (bytes, encoding) in &cases {
            for size in 1..=9 {
                assert_pieces_equal_whole(bytes, *encoding, size);
            }
            assert_pieces_equal_whole(bytes, *encoding, bytes.len());
        }
    }
}
