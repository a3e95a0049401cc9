//! The elements of a JSON array of JKF records, found one at a time without parsing them, so
//! that a file of many records is read an element at a time (issue #22: peak memory
//! independent of the number of records beyond the file's text).
//!
//! Only a text that is exactly one valid JSON array, nested at most [`MAX_DEPTH`] deep, is
//! split: reading its elements one by one gives what reading it whole gives (JSON syntax is
//! checked once over the whole text, which costs no memory; anything else, a syntax error, a
//! second document or deep nesting, is read whole as before, with the same errors).

use serde::de::IgnoredAny;

use crate::formats::csa::Span;

/// The deepest nesting split into elements: well within `serde_json`'s limit of 128 levels, so
/// that no element read alone meets the limit that reading the whole text would meet, or the
/// other way round.
const MAX_DEPTH: usize = 100;

/// Where the next element of the array starts, and what is known of its line.
#[derive(Clone, Debug)]
pub(crate) struct Elements<'a> {
    bytes: &'a [u8],
    /// The next byte to look at.
    at: usize,
    /// The line number of `at`.
    line: u32,
    /// The characters counted on that line, up to byte `counted_to`.
    counted: u32,
    counted_to: usize,
    done: bool,
}

/// One element: its byte range and first line, and the characters before it on that line.
pub(crate) type Element = (Span, u32);

impl<'a> Elements<'a> {
    /// The elements of `text`, or `None` when `text` is not one valid JSON array nested at
    /// most [`MAX_DEPTH`] deep (then it is read whole).
    pub(crate) fn new(text: &'a str) -> Option<Elements<'a>> {
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        let bom = text.len() - body.len();
        let first = body.bytes().position(|b| !is_blank(b))?;
        if body.as_bytes()[first] != b'['
            || max_depth(body.as_bytes()) > MAX_DEPTH
            || serde_json::from_str::<IgnoredAny>(body).is_err()
        {
            return None;
        }
        let before = &body.as_bytes()[..first];
        let line_start = bom
            + before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        Some(Elements {
            bytes: text.as_bytes(),
            at: bom + first + 1,
            line: 1 + crate::text::count_byte(before, b'\n') as u32,
            counted: 0,
            counted_to: line_start,
            done: false,
        })
    }
}

impl Iterator for Elements<'_> {
    type Item = Element;

    fn next(&mut self) -> Option<Element> {
        let b = self.bytes;
        while !self.done && self.at < b.len() {
            match b[self.at] {
                b'\n' => {
                    self.line = self.line.saturating_add(1);
                    self.at += 1;
                    self.counted = 0;
                    self.counted_to = self.at;
                }
                b' ' | b'\t' | b'\r' | b',' => self.at += 1,
                b']' => self.done = true,
                _ => {
                    let start = self.at;
                    let end = value_end(b, start);
                    self.counted = self
                        .counted
                        .saturating_add(chars(&b[self.counted_to..start]));
                    self.counted_to = start;
                    let span = Span {
                        range: start..end,
                        first_line: self.line,
                        has_content: true,
                    };
                    let column = self.counted;
                    let inside = &b[start..end];
                    if let Some(last) = inside.iter().rposition(|&c| c == b'\n') {
                        let n = crate::text::count_byte(inside, b'\n') as u32;
                        self.line = self.line.saturating_add(n);
                        self.counted = 0;
                        self.counted_to = start + last + 1;
                    }
                    self.at = end;
                    return Some((span, column));
                }
            }
        }
        self.done = true;
        None
    }
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The number of characters (UTF-8 lead bytes) in `bytes`.
fn chars(bytes: &[u8]) -> u32 {
    let n = bytes.iter().filter(|&&c| (c & 0xC0) != 0x80).count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The end of the string starting at `b[at] == b'"'` (one past its closing quote).
fn string_end(b: &[u8], mut at: usize) -> usize {
    at += 1;
    while let Some(i) = memchr::memchr2(b'"', b'\\', &b[at.min(b.len())..]) {
        at += i;
        if b[at] == b'"' {
            return at + 1;
        }
        at += 2;
    }
    b.len()
}

/// One past the last byte of the JSON value starting at `at` (valid JSON, known to hold it).
fn value_end(b: &[u8], mut at: usize) -> usize {
    let mut depth = 0usize;
    while at < b.len() {
        match b[at] {
            b'"' => {
                at = string_end(b, at);
                if depth == 0 {
                    return at;
                }
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                if depth == 0 {
                    return at;
                }
                depth -= 1;
                if depth == 0 {
                    return at + 1;
                }
            }
            b',' | b' ' | b'\t' | b'\r' | b'\n' if depth == 0 => return at,
            _ => {}
        }
        at += 1;
    }
    b.len()
}

/// The deepest nesting of arrays and objects in `b` (strings skipped).
fn max_depth(b: &[u8]) -> usize {
    let (mut depth, mut max, mut at) = (0usize, 0usize, 0usize);
    while at < b.len() {
        match b[at] {
            b'"' => {
                at = string_end(b, at);
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                max = max.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    max
}
