//! Decoding a file's bytes into text, choosing the encoding as `cli.md` prescribes.
//!
//! [`decode`] (and [`decode_owned`], which reuses the buffer of a UTF-8 file) never fails:
//! bytes that cannot be decoded become U+FFFD, and every run of them is reported in
//! [`Decoded::invalid`] with its line and column, so the caller can warn, or fail under
//! `--strict`. Nothing is silent: when the evidence disagrees (a declaration or an extension
//! that says UTF-8 on a Shift_JIS file, a mark the user overrode), a sentence in
//! [`Decoded::notes`] says what was done.
//!
//! The order of evidence, first match wins:
//!
//! 1. `--encoding NAME` ([`EncodingChoice::Forced`]): that encoding; its own byte order mark is
//!    stripped, if present.
//! 2. A byte order mark (UTF-8, UTF-16LE, UTF-16BE), even if the bytes after it are damaged.
//! 3. UTF-16 without a mark, from the pattern of NUL bytes. It comes before declarations
//!    because an ASCII declaration cannot be seen in UTF-16 bytes, and before the UTF-8 check
//!    because ASCII in UTF-16 is valid UTF-8.
//! 4. An `encoding=` declaration on a comment line in the first five lines, if the bytes
//!    agree: a declared UTF-8 must be valid UTF-8, a declared Shift_JIS or EUC-JP must decode
//!    without errors and must not be valid non-ASCII UTF-8 (which is overwhelming evidence of
//!    UTF-8). When they disagree, the content wins if some encoding decodes it cleanly, with a
//!    note; otherwise the declaration wins and the bad bytes are reported.
//! 5. The extension (`.kifu`, `.ki2u`, `.jkf`, `.json`, `.usi`, `.sfen`: UTF-8), on the same
//!    terms as a declaration of UTF-8.
//! 6. The content: valid UTF-8 (reported as [`DetectionReason::Ascii`] when it is all ASCII);
//!    else UTF-8 if it is nearly all valid UTF-8 (a damaged UTF-8 file); else Shift_JIS (CP932)
//!    if it decodes cleanly and plausibly; else EUC-JP if that decodes cleanly and is far more
//!    plausible, or if Shift_JIS did not decode; else whichever of the two has fewer invalid runs.
//!
//! Cost: a valid UTF-8 file costs one validation pass and one allocation ([`decode`]) or none
//! ([`decode_owned`]); a Shift_JIS file costs a failed UTF-8 check (usually within the first
//! line), one decoding pass and a plausibility scan of at most 2 Ki non-ASCII characters. Line endings
//! are left as they are.

use std::borrow::Cow;
use std::fmt;

use encoding_rs::DecoderResult;

use super::detect::{
    extension_implies_utf8, find_declaration, mostly_utf8, plausibility, sniff_bom, sniff_utf16,
};
use super::source::locate_sorted;
use super::{Encoding, EncodingChoice};

/// Why [`decode`] chose the encoding it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DetectionReason {
    /// The file starts with a byte order mark.
    Bom,
    /// An `encoding=` declaration near the top (`#KIF version=2.0 encoding=UTF-8`,
    /// `'CSA encoding=SHIFT_JIS`), and the bytes agree with it.
    Declaration,
    /// The extension means UTF-8 (`.kifu`, `.ki2u`, and `.jkf`, `.json`, `.usi`, `.sfen`), and
    /// the bytes are valid UTF-8.
    Extension,
    /// The bytes themselves: valid UTF-8, UTF-16 by its NUL bytes, or the most plausible of
    /// Shift_JIS and EUC-JP.
    Content,
    /// The bytes are all ASCII, which every supported encoding except UTF-16 reads the same;
    /// reported as UTF-8.
    Ascii,
    /// The user chose the encoding (`--encoding`).
    Forced,
}

impl DetectionReason {
    /// A short lowercase name: `bom`, `declaration`, `extension`, `content`, `ascii`, `forced`.
    pub fn name(self) -> &'static str {
        match self {
            DetectionReason::Bom => "bom",
            DetectionReason::Declaration => "declaration",
            DetectionReason::Extension => "extension",
            DetectionReason::Content => "content",
            DetectionReason::Ascii => "ascii",
            DetectionReason::Forced => "forced",
        }
    }
}

impl fmt::Display for DetectionReason {
    /// Writes [`DetectionReason::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many bytes of one invalid run [`InvalidBytes::bytes`] keeps.
pub const MAX_KEPT_BYTES: usize = 16;

/// A run of bytes that could not be decoded; each malformed sequence in it became one U+FFFD.
///
/// It is also an error (`std::error::Error`), for callers that refuse damaged input
/// (`--strict`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InvalidBytes {
    /// The line of the first U+FFFD in the decoded text, counting from 1.
    pub line: usize,
    /// The character column of the first U+FFFD in its line, counting from 1.
    pub column: usize,
    /// The byte offset of the run in the file (a byte order mark included).
    pub offset: usize,
    /// The length of the run in bytes.
    pub len: usize,
    /// The bytes, at most [`MAX_KEPT_BYTES`] of them (see [`InvalidBytes::len`]).
    pub bytes: Vec<u8>,
    /// The encoding the bytes were read in.
    pub encoding: Encoding,
}

impl InvalidBytes {
    /// The bytes in upper-case hex separated by spaces (`81 7F`), with `...` when the run was
    /// longer than the bytes kept.
    pub fn hex(&self) -> String {
        let mut out = String::with_capacity(self.bytes.len() * 3 + 3);
        for (i, b) in self.bytes.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{b:02X}"));
        }
        if self.len > self.bytes.len() {
            out.push_str(" ...");
        }
        out
    }
}

impl fmt::Display for InvalidBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.len == 1 { "byte" } else { "bytes" };
        let verb = if self.len == 1 { "is" } else { "are" };
        write!(
            f,
            "the {noun} {} at line {}, column {} {verb} not valid {} and {verb} shown as U+FFFD",
            self.hex(),
            self.line,
            self.column,
            self.encoding.display_name(),
        )
    }
}

impl std::error::Error for InvalidBytes {}

/// The text of a file, with how it was decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The decoded text, without a byte order mark; CRLF and LF line endings untouched, a CR
    /// alone (old Mac files) made LF.
    pub text: String,
    /// The encoding the bytes were read in.
    pub encoding: Encoding,
    /// Whether the file started with a byte order mark (which is not in [`Decoded::text`]).
    pub bom: bool,
    /// Why this encoding was chosen.
    pub reason: DetectionReason,
    /// The runs of bytes that could not be decoded, in file order: the first
    /// [`MAX_KEPT_RUNS`] of them (all of them are counted in [`Decoded::invalid_runs`]).
    pub invalid: Vec<InvalidBytes>,
    /// How many runs of bytes could not be decoded.
    pub invalid_runs: usize,
    /// How many lines hold such a run.
    pub invalid_lines: usize,
    /// Sentences about surprises in detection (a declaration the bytes contradict, an unknown
    /// declared name, an overridden byte order mark); empty in the usual case.
    pub notes: Vec<String>,
}

impl Decoded {
    /// Whether every byte was decoded.
    pub fn is_clean(&self) -> bool {
        self.invalid.is_empty()
    }

    /// `Ok(self)` if every byte was decoded, else the first invalid run, for `--strict`.
    pub fn strict(self) -> Result<Decoded, InvalidBytes> {
        match self.invalid.first() {
            Some(first) => Err(first.clone()),
            None => Ok(self),
        }
    }
}

/// Decodes `bytes`, choosing the encoding by `choice` (see the module documentation for the
/// order of evidence).
///
/// `extension` is the file's extension with or without its dot (`kifu`, `.csa`), or `None`
/// for standard input; only [`extension_implies_utf8`] extensions affect detection.
///
/// ```
/// use shogi_tool::text::{decode, DetectionReason, Encoding, EncodingChoice};
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("手合割：平手\r\n");
/// let d = decode(&sjis, Some("kif"), EncodingChoice::Auto);
/// assert_eq!((d.encoding, d.reason), (Encoding::ShiftJis, DetectionReason::Content));
/// assert_eq!(d.text, "手合割：平手\r\n");
/// ```
pub fn decode(bytes: &[u8], extension: Option<&str>, choice: EncodingChoice) -> Decoded {
    decode_body(Body::new(Cow::Borrowed(bytes)), extension, choice)
}

/// Like [`decode`], but takes the bytes by value so that a UTF-8 file's buffer becomes the
/// text without a copy (a UTF-8 byte order mark is removed in place).
pub fn decode_owned(bytes: Vec<u8>, extension: Option<&str>, choice: EncodingChoice) -> Decoded {
    decode_body(Body::new(Cow::Owned(bytes)), extension, choice)
}

/// The bytes being decoded, after any byte order mark.
struct Body<'a> {
    bytes: Cow<'a, [u8]>,
    /// Length of the byte order mark removed from the front, for file offsets.
    bom_len: usize,
}

impl<'a> Body<'a> {
    fn new(bytes: Cow<'a, [u8]>) -> Self {
        Body { bytes, bom_len: 0 }
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn strip_bom(&mut self, len: usize) {
        match &mut self.bytes {
            Cow::Borrowed(b) => *b = &b[len..],
            Cow::Owned(v) => {
                v.drain(..len);
            }
        }
        self.bom_len = len;
    }

    /// The bytes as a `String` if they are valid UTF-8 (reusing an owned buffer); otherwise
    /// `None`, leaving the bytes in place.
    fn take_utf8(&mut self) -> Option<String> {
        match &mut self.bytes {
            Cow::Borrowed(b) => std::str::from_utf8(b).ok().map(str::to_owned),
            Cow::Owned(v) => match String::from_utf8(std::mem::take(v)) {
                Ok(text) => Some(text),
                Err(e) => {
                    *v = e.into_bytes();
                    None
                }
            },
        }
    }
}

/// How many runs of invalid bytes [`Decoded::invalid`] keeps, the first in the file; the
/// others are counted ([`Decoded::invalid_runs`], [`Decoded::invalid_lines`]). Keeping every
/// one cost about 100 bytes a run: 8 MB of `ab\xff` lines took 320 MB.
pub const MAX_KEPT_RUNS: usize = 1000;

/// A decoding in progress: text, and invalid runs located by byte offsets.
struct Text {
    text: String,
    /// The first [`MAX_KEPT_RUNS`] runs.
    invalid: Vec<RawInvalid>,
    /// Every run, kept or not.
    runs: usize,
    /// The lines holding a run.
    lines: usize,
}

impl Text {
    fn clean(text: String) -> Self {
        Text {
            text,
            invalid: Vec::new(),
            runs: 0,
            lines: 0,
        }
    }
}

/// An invalid run before line and column are known.
#[derive(Clone, Copy)]
struct RawInvalid {
    /// Byte range in the body.
    start: usize,
    end: usize,
    /// Byte range of the U+FFFDs in the text.
    text_start: usize,
    text_end: usize,
}

fn decode_body(mut body: Body<'_>, extension: Option<&str>, choice: EncodingChoice) -> Decoded {
    let mut notes = Vec::new();
    let (encoding, reason, text) = match choice {
        EncodingChoice::Forced(encoding) => {
            match sniff_bom(body.bytes()) {
                Some((marked, len)) if marked == encoding => body.strip_bom(len),
                Some((marked, _)) => notes.push(format!(
                    "The file starts with a {} byte order mark, but it was read as {} as requested.",
                    marked.display_name(),
                    encoding.display_name()
                )),
                None => {}
            }
            let text = decode_as(encoding, &mut body);
            (encoding, DetectionReason::Forced, text)
        }
        EncodingChoice::Auto => detect_and_decode(&mut body, extension, &mut notes),
    };
    finish(body, encoding, reason, text, notes)
}

/// Makes every CR not followed by LF an LF, so that CR-only files (old Mac) have lines like
/// any other. Byte for byte, so every offset stays valid.
pub(crate) fn lone_cr_to_lf(text: String) -> String {
    let b = text.as_bytes();
    let lone = |i: usize| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n');
    let Some(first) = memchr::memchr_iter(b'\r', b).find(|&i| lone(i)) else {
        return text;
    };
    let mut bytes = text.into_bytes();
    for i in first..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("ASCII replaced by ASCII stays UTF-8")
}

fn finish(
    body: Body<'_>,
    encoding: Encoding,
    reason: DetectionReason,
    text: Text,
    notes: Vec<String>,
) -> Decoded {
    let Text {
        text,
        invalid,
        runs,
        lines,
    } = text;
    let text = lone_cr_to_lf(text);
    let invalid = if invalid.is_empty() {
        Vec::new()
    } else {
        let offsets: Vec<usize> = invalid.iter().map(|r| r.text_start).collect();
        let positions = locate_sorted(&text, &offsets);
        invalid
            .iter()
            .zip(positions)
            .map(|(raw, pos)| {
                let bytes = body.bytes()[raw.start..raw.end]
                    .iter()
                    .take(MAX_KEPT_BYTES)
                    .copied()
                    .collect();
                debug_assert!(text[raw.text_start..raw.text_end]
                    .chars()
                    .all(|c| c == '\u{FFFD}'));
                InvalidBytes {
                    line: pos.line,
                    column: pos.column,
                    offset: body.bom_len + raw.start,
                    len: raw.end - raw.start,
                    bytes,
                    encoding,
                }
            })
            .collect()
    };
    Decoded {
        text,
        encoding,
        bom: body.bom_len > 0,
        reason,
        invalid,
        invalid_runs: runs,
        invalid_lines: lines,
        notes,
    }
}

fn detect_and_decode(
    body: &mut Body<'_>,
    extension: Option<&str>,
    notes: &mut Vec<String>,
) -> (Encoding, DetectionReason, Text) {
    use DetectionReason::*;

    if let Some((encoding, len)) = sniff_bom(body.bytes()) {
        body.strip_bom(len);
        return (encoding, Bom, decode_as(encoding, body));
    }
    if let Some(encoding) = sniff_utf16(body.bytes()) {
        return (encoding, Content, decode_as(encoding, body));
    }

    let declaration = find_declaration(body.bytes());
    // The declared encoding, if it is one a byte-level declaration can mean.
    let declared = match &declaration {
        None => None,
        Some(d) => match &d.encoding {
            Ok(e @ (Encoding::Utf8 | Encoding::ShiftJis | Encoding::EucJp)) => Some((*e, d.line)),
            Ok(other) => {
                notes.push(format!(
                    "Line {} declares {}, but the bytes are not UTF-16; the declaration was ignored.",
                    d.line,
                    other.display_name()
                ));
                None
            }
            Err(name) => {
                notes.push(format!(
                    "Line {} declares the unknown encoding `{name}`; the declaration was ignored.",
                    d.line
                ));
                None
            }
        },
    };
    let extension = extension.filter(|e| extension_implies_utf8(e));

    if let Some(text) = body.take_utf8() {
        let reason = match declared {
            Some((Encoding::Utf8, _)) => Declaration,
            Some((legacy, _)) if text.is_ascii() => {
                // ASCII reads the same in the declared encoding: honour it.
                return (legacy, Declaration, Text::clean(text));
            }
            Some((legacy, line)) => {
                notes.push(format!(
                    "Line {line} declares {}, but the bytes are valid UTF-8; they were read as UTF-8.",
                    legacy.display_name()
                ));
                Content
            }
            None if extension.is_some() => Extension,
            None if text.is_ascii() => Ascii,
            None => Content,
        };
        return (Encoding::Utf8, reason, Text::clean(text));
    }

    // Not valid UTF-8. What the declaration or the extension asks for, and why.
    let wanted = match (declared, extension) {
        (Some((encoding, line)), _) => {
            Some((encoding, Declaration, format!("line {line} declares")))
        }
        (None, Some(ext)) => Some((
            Encoding::Utf8,
            Extension,
            format!(
                "the extension .{} implies",
                ext.strip_prefix('.').unwrap_or(ext)
            ),
        )),
        (None, None) => None,
    };
    if let Some((encoding @ (Encoding::ShiftJis | Encoding::EucJp), reason, _)) = &wanted {
        if let Some(text) = decode_clean(*encoding, body.bytes()) {
            return (*encoding, *reason, Text::clean(text));
        }
    }

    let pick = detect_content(body.bytes(), wanted.as_ref().map(|w| w.0));
    match wanted {
        None => {
            if let Some(note) = pick.note {
                notes.push(note);
            }
            (pick.encoding, Content, pick.text)
        }
        Some((encoding, _, said)) if pick.clean => {
            notes.push(format!(
                "{} {}, but the bytes are not valid {}; they were read as {}, which decodes them without errors.",
                capitalize(&said),
                encoding.display_name(),
                encoding.display_name(),
                pick.encoding.display_name()
            ));
            (pick.encoding, Content, pick.text)
        }
        Some((encoding, reason, _)) => {
            let text = if pick.encoding == encoding {
                pick.text
            } else {
                decode_tracked(encoding, body.bytes())
            };
            (encoding, reason, text)
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The outcome of content detection on bytes that are not valid UTF-8.
struct Pick {
    encoding: Encoding,
    text: Text,
    /// Whether `text` has no invalid bytes.
    clean: bool,
    note: Option<String>,
}

/// A Shift_JIS decoding at least this plausible is accepted without trying EUC-JP.
const ACCEPT_SHIFT_JIS: f32 = 0.3;
/// EUC-JP must be this much more plausible than a clean Shift_JIS decoding to win.
const EUC_MARGIN: f32 = 0.3;

/// Content detection for bytes that are not valid UTF-8. `wanted` is a declared or implied
/// encoding that already failed; it only breaks the tie when nothing decodes cleanly.
fn detect_content(bytes: &[u8], wanted: Option<Encoding>) -> Pick {
    if mostly_utf8(bytes) {
        let text = decode_tracked(Encoding::Utf8, bytes);
        let note = format!(
            "The bytes are nearly all valid UTF-8, but {} run{} of invalid bytes remain{}; they were read as UTF-8.",
            text.runs,
            if text.runs == 1 { "" } else { "s" },
            if text.runs == 1 { "s" } else { "" }
        );
        return Pick {
            encoding: Encoding::Utf8,
            text,
            clean: false,
            note: Some(note),
        };
    }
    let clean = |encoding, text| Pick {
        encoding,
        text: Text::clean(text),
        clean: true,
        note: None,
    };
    let sjis = decode_clean(Encoding::ShiftJis, bytes).map(|text| {
        let score = plausibility(&text);
        (text, score)
    });
    let sjis = match sjis {
        Some((text, score)) if score >= ACCEPT_SHIFT_JIS => {
            return clean(Encoding::ShiftJis, text);
        }
        other => other,
    };
    let euc = decode_clean(Encoding::EucJp, bytes);
    match (sjis, euc) {
        (Some((sjis, sjis_score)), Some(euc)) => {
            if plausibility(&euc) >= sjis_score + EUC_MARGIN {
                clean(Encoding::EucJp, euc)
            } else {
                clean(Encoding::ShiftJis, sjis)
            }
        }
        (Some((sjis, _)), None) => clean(Encoding::ShiftJis, sjis),
        (None, Some(euc)) => clean(Encoding::EucJp, euc),
        (None, None) => {
            let sjis = decode_tracked(Encoding::ShiftJis, bytes);
            let euc = decode_tracked(Encoding::EucJp, bytes);
            let prefer_euc =
                euc.runs < sjis.runs || (euc.runs == sjis.runs && wanted == Some(Encoding::EucJp));
            let (encoding, text, other) = if prefer_euc {
                (Encoding::EucJp, euc, Encoding::ShiftJis)
            } else {
                (Encoding::ShiftJis, sjis, Encoding::EucJp)
            };
            let note = format!(
                "No supported encoding decodes the bytes without errors; they were read as {}, which leaves fewer runs of invalid bytes than {}.",
                encoding.display_name(),
                other.display_name()
            );
            Pick {
                encoding,
                text,
                clean: false,
                note: Some(note),
            }
        }
    }
}

/// Decodes with `encoding`: the fast path when the bytes are valid, else with error tracking.
fn decode_as(encoding: Encoding, body: &mut Body<'_>) -> Text {
    let clean = if encoding == Encoding::Utf8 {
        body.take_utf8()
    } else {
        decode_clean(encoding, body.bytes())
    };
    match clean {
        Some(text) => Text::clean(text),
        None => decode_tracked(encoding, body.bytes()),
    }
}

/// One pass, no replacement: `None` at the first malformed sequence.
fn decode_clean(encoding: Encoding, bytes: &[u8]) -> Option<String> {
    encoding
        .codec()
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(Cow::into_owned)
}

/// Decodes with U+FFFD for each malformed sequence (exactly as `encoding_rs` would), recording
/// where the runs of malformed bytes are.
/// How many bytes of output [`decode_tracked`] offers the decoder at a time.
///
/// `encoding_rs` touches every page of the spare room it is offered on each call, and a call
/// ends at each malformed sequence: offering the rest of a whole file's room made a file of
/// many undecodable bytes quadratic (8 MB of random bytes took a minute). A bounded buffer
/// makes each call cost what it decodes.
const DECODE_CHUNK: usize = 16 * 1024;

fn decode_tracked(encoding: Encoding, bytes: &[u8]) -> Text {
    let mut decoder = encoding.codec().new_decoder_without_bom_handling();
    let room = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len());
    let mut text = String::with_capacity(room);
    let mut buffer = vec![0u8; DECODE_CHUNK];
    let mut invalid: Vec<RawInvalid> = Vec::new();
    let (mut runs, mut lines) = (0, 0);
    // The last run, kept or not, and up to where the text was searched for line ends.
    let mut last: Option<RawInvalid> = None;
    let mut read = 0;
    loop {
        let (result, n, written) =
            decoder.decode_to_utf8_without_replacement(&bytes[read..], &mut buffer, true);
        read += n;
        text.push_str(
            std::str::from_utf8(&buffer[..written]).expect("the decoder writes whole characters"),
        );
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(bad, after) => {
                let end = read.saturating_sub(usize::from(after));
                let start = end.saturating_sub(usize::from(bad));
                let text_start = text.len();
                text.push('\u{FFFD}');
                match &mut last {
                    Some(l) if l.end == start && l.text_end == text_start => {
                        // The same run goes on (kept if it is the last kept).
                        l.end = end;
                        l.text_end = text.len();
                        if runs <= MAX_KEPT_RUNS {
                            if let Some(k) = invalid.last_mut() {
                                k.end = end;
                                k.text_end = text.len();
                            }
                        }
                    }
                    _ => {
                        // A new run: on a new line when a line end lies since the last
                        // (searched once: each byte of the text at most once in all).
                        let since = last.as_ref().map_or(0, |l| l.text_end);
                        let new_line = last.is_none()
                            || memchr::memchr2(b'\n', b'\r', &text.as_bytes()[since..text_start])
                                .is_some();
                        runs += 1;
                        lines += usize::from(new_line);
                        let run = RawInvalid {
                            start,
                            end,
                            text_start,
                            text_end: text.len(),
                        };
                        if runs <= MAX_KEPT_RUNS {
                            invalid.push(run);
                        }
                        last = Some(run);
                    }
                }
            }
        }
    }
    Text {
        text,
        invalid,
        runs,
        lines,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lone_cr_ends_a_line_like_lf() {
        assert_eq!(lone_cr_to_lf("a\rb\r\nc\n\r".into()), "a\nb\r\nc\n\n");
        assert_eq!(lone_cr_to_lf("a\r\n".into()), "a\r\n");
    }

    use super::*;
    use DetectionReason::*;
    use Encoding::*;

    const KIF: &str = "開始日時：2015/11/17 07:16:02\r\n手合割：平手\r\n先手：羽生善治\r\n後手：谷川浩司\r\n手数----指手---------消費時間--\r\n   1 ７六歩(77)   ( 0:00/00:00:00)\r\n   2 ３四歩(33)   ( 0:00/00:00:00)\r\n   3 投了\r\nまで2手で先手の勝ち\r\n";

    fn auto(bytes: &[u8], ext: Option<&str>) -> Decoded {
        let d = decode(bytes, ext, EncodingChoice::Auto);
        let owned = decode_owned(bytes.to_vec(), ext, EncodingChoice::Auto);
        assert_eq!(d, owned, "decode and decode_owned disagree");
        d
    }

    fn forced(bytes: &[u8], encoding: Encoding) -> Decoded {
        let d = decode(bytes, None, EncodingChoice::Forced(encoding));
        assert_eq!(
            d,
            decode_owned(bytes.to_vec(), None, EncodingChoice::Forced(encoding))
        );
        assert_eq!(d.reason, Forced);
        d
    }

    fn sjis(text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
        assert!(!unmappable);
        bytes.into_owned()
    }

    fn euc(text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding_rs::EUC_JP.encode(text);
        assert!(!unmappable);
        bytes.into_owned()
    }

    fn utf16(text: &str, le: bool, bom: bool) -> Vec<u8> {
        let bom = bom.then_some('\u{FEFF}');
        bom.into_iter()
            .chain(text.chars())
            .collect::<String>()
            .encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    }

    fn check(d: &Decoded, encoding: Encoding, reason: DetectionReason, text: &str) {
        assert_eq!(
            (d.encoding, d.reason),
            (encoding, reason),
            "notes: {:?}",
            d.notes
        );
        assert_eq!(d.text, text);
        assert!(d.invalid.is_empty(), "{:?}", d.invalid);
    }

    #[test]
    fn utf8_content() {
        let d = auto(KIF.as_bytes(), Some("kif"));
        check(&d, Utf8, Content, KIF);
        assert!(!d.bom && d.notes.is_empty());
    }

    #[test]
    fn ascii_content() {
        let csa = "V2.2\r\nPI\r\n+\r\n+7776FU\r\n%TORYO\r\n";
        check(&auto(csa.as_bytes(), Some("csa")), Utf8, Ascii, csa);
        check(&auto(b"", None), Utf8, Ascii, "");
    }

    #[test]
    fn utf8_bom_is_stripped() {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(KIF.as_bytes());
        let d = auto(&bytes, Some("kif"));
        check(&d, Utf8, Bom, KIF);
        assert!(d.bom);
    }

    #[test]
    fn utf8_bom_wins_even_over_damage() {
        let d = auto(b"\xEF\xBB\xBFab\xFFc\n", None);
        assert_eq!(
            (d.encoding, d.reason, d.text.as_str()),
            (Utf8, Bom, "ab\u{FFFD}c\n")
        );
        assert_eq!(d.invalid.len(), 1);
        assert_eq!(d.invalid[0].offset, 5);
        assert_eq!((d.invalid[0].line, d.invalid[0].column), (1, 3));
    }

    #[test]
    fn extension_means_utf8() {
        for ext in ["kifu", ".ki2u", "JKF", "json", "usi", "sfen"] {
            check(&auto(KIF.as_bytes(), Some(ext)), Utf8, Extension, KIF);
        }
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";
        check(&auto(sfen.as_bytes(), Some("sfen")), Utf8, Extension, sfen);
    }

    #[test]
    fn shift_jis_content() {
        let d = auto(&sjis(KIF), Some("kif"));
        check(&d, ShiftJis, Content, KIF);
        assert!(!d.bom && d.notes.is_empty());
    }

    #[test]
    fn shift_jis_reads_cp932_extensions() {
        // ① (NEC row 13) and ～ (FF5E via 81 60) exist only in CP932's view of Shift_JIS.
        let bytes = b"\x87\x40 \x81\x60\n";
        check(&auto(bytes, None), ShiftJis, Content, "① ～\n");
    }

    #[test]
    fn euc_jp_content() {
        let d = auto(&euc(KIF), Some("csa"));
        check(&d, EucJp, Content, KIF);
        // A CSA file with EUC-JP names only, as in the 2005 GPS records.
        let csa = "V2\nN+山田\nN-激指\nPI\n+\n+7776FU\n%TORYO\n";
        check(&auto(&euc(csa), Some("csa")), EucJp, Content, csa);
    }

    #[test]
    fn legacy_mojibake_of_replacement_characters_is_not_damaged_utf8() {
        // Found by the fuzz campaign (docs/fuzzing.md): a CSA record (no declaration) whose
        // comments hold mojibake of U+FFFD, written in EUC-JP. `鐃緒申` in EUC-JP is the bytes
        // of two U+FFFD in UTF-8, so the file looked like damaged UTF-8.
        let text = "' ---- Kifu for Windows V7 V7.08 ?A緒申鐃刻申膺緒申 ----\nV2.2\n'鐃緒申鐃緒申鐃?2014/10/16 03?21:41\nPI\n+\n";
        let bytes = euc(text);
        assert!(std::str::from_utf8(&bytes).is_err());
        check(&auto(&bytes, Some("csa")), EucJp, Content, text);
    }

    #[test]
    fn euc_jp_that_is_also_valid_shift_jis_is_scored() {
        // Every byte pair here is also valid Shift_JIS (half-width katakana and kanji).
        let text = "先手：羽生善治\n後手：谷川浩司\nまで\n中断\n";
        let bytes = euc(text);
        assert!(
            decode_clean(ShiftJis, &bytes).is_some(),
            "test needs clean Shift_JIS"
        );
        check(&auto(&bytes, None), EucJp, Content, text);
    }

    #[test]
    fn utf16_with_bom() {
        for le in [true, false] {
            let d = auto(&utf16(KIF, le, true), Some("kif"));
            check(&d, if le { Utf16Le } else { Utf16Be }, Bom, KIF);
            assert!(d.bom);
        }
    }

    #[test]
    fn utf16_without_bom() {
        for le in [true, false] {
            let d = auto(&utf16(KIF, le, false), Some("kifu"));
            check(&d, if le { Utf16Le } else { Utf16Be }, Content, KIF);
            assert!(!d.bom);
        }
    }

    #[test]
    fn kif_declaration_of_utf8() {
        let text = format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}");
        check(
            &auto(text.as_bytes(), Some("kif")),
            Utf8,
            Declaration,
            &text,
        );
        // It beats the extension.
        check(
            &auto(text.as_bytes(), Some("kifu")),
            Utf8,
            Declaration,
            &text,
        );
    }

    #[test]
    fn csa_declaration_of_shift_jis() {
        let text = "'CSA encoding=SHIFT_JIS\r\nV3.0\r\nN+羽生\r\nN-谷川\r\nPI\r\n+\r\n";
        check(&auto(&sjis(text), Some("csa")), ShiftJis, Declaration, text);
        // An all-ASCII file keeps its declared encoding.
        let ascii = "'CSA encoding=SHIFT_JIS\r\nV3.0\r\nPI\r\n+\r\n";
        check(
            &auto(ascii.as_bytes(), Some("csa")),
            ShiftJis,
            Declaration,
            ascii,
        );
        let ascii = "'encoding=EUC-JP\nV2\nPI\n+\n";
        check(
            &auto(ascii.as_bytes(), Some("csa")),
            EucJp,
            Declaration,
            ascii,
        );
    }

    #[test]
    fn kifu_for_iphone_glued_declaration() {
        let text = format!("# ---- Kifu for iPhone V3.21 棋譜ファイル ----#KIF version=2.0 encoding=Shift_JIS\n{KIF}");
        check(
            &auto(&sjis(&text), Some("kif")),
            ShiftJis,
            Declaration,
            &text,
        );
    }

    #[test]
    fn declaration_of_utf8_on_shift_jis_bytes_follows_the_content() {
        let text = format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}");
        let d = auto(&sjis(&text), Some("kif"));
        check(&d, ShiftJis, Content, &text);
        assert_eq!(d.notes, ["Line 1 declares UTF-8, but the bytes are not valid UTF-8; they were read as Shift_JIS, which decodes them without errors."]);
    }

    #[test]
    fn declaration_of_shift_jis_on_utf8_bytes_follows_the_content() {
        let text = format!("#KIF version=2.0 encoding=Shift_JIS\r\n{KIF}");
        let d = auto(text.as_bytes(), Some("kif"));
        check(&d, Utf8, Content, &text);
        assert_eq!(d.notes, ["Line 1 declares Shift_JIS, but the bytes are valid UTF-8; they were read as UTF-8."]);
    }

    #[test]
    fn extension_of_utf8_on_shift_jis_bytes_follows_the_content() {
        let d = auto(&sjis(KIF), Some(".kifu"));
        check(&d, ShiftJis, Content, KIF);
        assert_eq!(d.notes, ["The extension .kifu implies UTF-8, but the bytes are not valid UTF-8; they were read as Shift_JIS, which decodes them without errors."]);
    }

    #[test]
    fn declaration_wins_when_nothing_decodes_cleanly() {
        // `81 20` is a Shift_JIS lead byte without its trail byte; not UTF-8 or EUC-JP either.
        let mut bytes = b"#KIF version=2.0 encoding=Shift_JIS\n".to_vec();
        bytes.extend(sjis("先手：羽生\n"));
        bytes.extend(b"\x81 x\n");
        let d = auto(&bytes, Some("kif"));
        assert_eq!((d.encoding, d.reason), (ShiftJis, Declaration));
        assert_eq!(
            d.text,
            "#KIF version=2.0 encoding=Shift_JIS\n先手：羽生\n\u{FFFD} x\n"
        );
        assert_eq!(d.invalid.len(), 1);
        let bad = &d.invalid[0];
        assert_eq!(
            (bad.line, bad.column, bad.len, bad.hex()),
            (3, 1, 1, "81".to_owned())
        );
    }

    #[test]
    fn unknown_and_impossible_declarations_are_noted_and_ignored() {
        let d = auto(b"#KIF version=2.0 encoding=ISO-2022-JP\nabc\n", None);
        assert_eq!((d.encoding, d.reason), (Utf8, Ascii));
        assert_eq!(
            d.notes,
            ["Line 1 declares the unknown encoding `ISO-2022-JP`; the declaration was ignored."]
        );
        let d = auto(b"#KIF encoding=UTF-16LE\nabc\n", Some("kifu"));
        assert_eq!((d.encoding, d.reason), (Utf8, Extension));
        assert_eq!(d.notes.len(), 1);
    }

    #[test]
    fn the_first_runs_are_kept_and_every_one_counted() {
        // Regression: every run was kept (about 100 bytes each: 8 MB of `ab\xff` lines took
        // 320 MB).
        let mut bytes = b"V2.2\n".to_vec();
        for _ in 0..5_000 {
            bytes.extend_from_slice(b"ab\xff\xffc\xff\r\n");
        }
        bytes.extend_from_slice(b"\xff\r\xff");
        let d = auto(&bytes, Some("csa"));
        assert_eq!(d.invalid.len(), MAX_KEPT_RUNS);
        assert_eq!(d.invalid_runs, 10_002);
        assert_eq!(d.invalid_lines, 5_002);
        assert_eq!((d.invalid[1].line, d.invalid[1].column), (2, 6));
        assert_eq!(d.invalid[0].len, 2);
        assert_eq!((d.invalid[999].line, d.invalid[999].column), (501, 6));
        let few = auto(b"a\xffb\n\xff\n", Some("csa"));
        assert_eq!(
            (few.invalid.len(), few.invalid_runs, few.invalid_lines),
            (2, 2, 2)
        );
    }

    #[test]
    fn invalid_bytes_have_lines_and_columns() {
        // UTF-8 with two damaged spots: a lone continuation byte and a truncated sequence.
        let bytes: Vec<u8> = [
            "先手：羽生\n後手：谷川浩司\n".as_bytes(),
            b"   1 \x80\x80 ok\n",
            "   2 ３四歩\n   3 ２六".as_bytes(),
            b"\xE6\xAD",
        ]
        .concat();
        let d = auto(&bytes, Some("kif"));
        assert_eq!((d.encoding, d.reason), (Utf8, Content), "{:?}", d.notes);
        assert_eq!(d.notes.len(), 1, "{:?}", d.notes);
        let found: Vec<_> = d
            .invalid
            .iter()
            .map(|b| (b.line, b.column, b.hex()))
            .collect();
        assert_eq!(
            found,
            [(3, 6, "80 80".to_owned()), (5, 8, "E6 AD".to_owned())]
        );
        assert_eq!(d.text.matches('\u{FFFD}').count(), 3);
        assert_eq!(
            d.invalid[0].to_string(),
            "the bytes 80 80 at line 3, column 6 are not valid UTF-8 and are shown as U+FFFD"
        );
        assert!(d.clone().strict().is_err());
        assert!(!d.is_clean());
    }

    #[test]
    fn forced_encodings() {
        let text = format!("#KIF version=2.0 encoding=UTF-8\r\n{KIF}");
        check(&forced(&sjis(&text), ShiftJis), ShiftJis, Forced, &text);
        check(&forced(&euc(KIF), EucJp), EucJp, Forced, KIF);
        check(&forced(KIF.as_bytes(), Utf8), Utf8, Forced, KIF);
        check(
            &forced(&utf16(KIF, true, false), Utf16Le),
            Utf16Le,
            Forced,
            KIF,
        );
        // The matching mark is stripped.
        let d = forced(&utf16(KIF, false, true), Utf16Be);
        check(&d, Utf16Be, Forced, KIF);
        assert!(d.bom);
        // Forcing the wrong encoding reports every bad run.
        let d = forced(&sjis(KIF), Utf8);
        assert_eq!(d.encoding, Utf8);
        assert!(!d.invalid.is_empty());
        assert_eq!(d.invalid[0].line, 1);
        // A mark for another encoding is kept, and noted.
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(b"abc");
        let d = forced(&bytes, ShiftJis);
        assert!(!d.bom);
        assert_eq!(d.notes, ["The file starts with a UTF-8 byte order mark, but it was read as Shift_JIS as requested."]);
    }

    #[test]
    fn odd_length_utf16_reports_the_last_byte() {
        let mut bytes = utf16("ab\n", true, true);
        bytes.push(0x41);
        let d = auto(&bytes, None);
        assert_eq!((d.encoding, d.text.as_str()), (Utf16Le, "ab\n\u{FFFD}"));
        assert_eq!(d.invalid.len(), 1);
        assert_eq!(
            (d.invalid[0].line, d.invalid[0].column, d.invalid[0].offset),
            (2, 1, 8)
        );
    }

    #[test]
    fn neither_decodes_cleanly_picks_fewer_errors() {
        let mut bytes = sjis(KIF);
        bytes.extend(b"\xFF\xFF\n");
        let d = auto(&bytes, Some("kif"));
        assert_eq!((d.encoding, d.reason), (ShiftJis, Content));
        assert_eq!(d.invalid.len(), 1);
        assert_eq!(d.invalid[0].line, 10);
        assert_eq!(d.notes.len(), 1);
    }

    #[test]
    fn long_runs_keep_a_few_bytes() {
        let bytes = vec![0xFFu8; 40];
        let d = forced(&bytes, Utf8);
        assert_eq!(d.invalid.len(), 1);
        assert_eq!(d.invalid[0].len, 40);
        assert_eq!(d.invalid[0].bytes.len(), MAX_KEPT_BYTES);
        assert!(d.invalid[0].hex().ends_with(" ..."));
        assert_eq!(d.text.chars().count(), 40);
    }

    /// The tracked decoder must produce exactly `encoding_rs`'s replacement output, and its
    /// runs must cover exactly the U+FFFDs it inserted.
    #[test]
    fn tracked_decoding_matches_encoding_rs() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let alphabet: &[u8] = &[
            0x00, 0x0A, 0x20, 0x41, 0x5C, 0x7E, 0x7F, 0x80, 0x81, 0x8E, 0x8F, 0x9F, 0xA0, 0xA1,
            0xB1, 0xBF, 0xC2, 0xD8, 0xDC, 0xDF, 0xE0, 0xE3, 0xE6, 0xEF, 0xF0, 0xF4, 0xFC, 0xFD,
            0xFE, 0xFF,
        ];
        for _ in 0..3000 {
            let len = (next() % 24) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            for encoding in Encoding::ALL {
                let (want, _) = encoding.codec().decode_without_bom_handling(&bytes);
                let got = decode_tracked(encoding, &bytes);
                assert_eq!(got.text, want, "{encoding} {bytes:02X?}");
                let marked: usize = got
                    .invalid
                    .iter()
                    .map(|r| got.text[r.text_start..r.text_end].chars().count())
                    .sum();
                assert!(
                    marked <= got.text.matches('\u{FFFD}').count(),
                    "{encoding} {bytes:02X?}"
                );
                for r in &got.invalid {
                    assert!(
                        r.start < r.end && r.end <= bytes.len(),
                        "{encoding} {bytes:02X?}"
                    );
                }
                let d = decode(&bytes, None, EncodingChoice::Forced(encoding));
                assert_eq!(d.is_clean(), decode_clean(encoding, &bytes).is_some());
            }
        }
    }
}
