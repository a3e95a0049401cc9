//! Record formats: one module per format, each owning its reader and writer.
//!
//! Every reader takes decoded text and returns the records it holds (a CSA file may hold
//! several games separated by `/` lines, an SFEN/USI file one game a line). Problems are kept
//! in each [`Record`]'s `errors` and `warnings` with line and column; reading never panics.
//!
//! Each format is a folder (`kif/`, `ki2/`, `csa/`, `usi/`, ...): `mod.rs` documents what its
//! reader tolerates and re-exports its public face, `read.rs` and `write.rs` hold the reader
//! and the writer, `tests.rs` the unit tests. This module dispatches the readers
//! ([`read_str`]), [`write`] the writers; what several formats share stays at this level
//! (`kakinoki` for KIF and KI2, [`japanese`], `column`, `written`). `docs/architecture.md`
//! says why.

mod column;
#[cfg(test)]
mod corpus_support;
pub mod csa;
pub mod detect;
pub mod japanese;
pub mod jkf;
mod kakinoki;
pub mod ki2;
pub mod kif;
mod time_limit;
pub mod usi;
pub(crate) mod variant_board;
pub mod variant_names;
#[cfg(test)]
pub(crate) mod variant_oracle;
pub mod write;
mod written;

use crate::record::{ErrorCode, WarningCode};
use crate::record::{Format, Record};

/// A record in which the reader understood no move and hardly any other line (HTML saved as
/// `.kif`, prose, a text file in the wrong folder) is an error, not an empty game. It is said
/// in one line: the `unknown-line` warnings it replaces are dropped.
fn reject_if_nothing_was_understood(r: &mut Record, format: Format) {
    let unknown = r.tally.given(WarningCode::UnknownLine).max(
        r.warnings
            .iter()
            .filter(|w| w.code == WarningCode::UnknownLine)
            .count() as u64,
    );
    let nothing = r.tree.is_empty()
        && r.errors.is_empty()
        && r.start == crate::record::Start::default()
        && unknown > 0
        && unknown > r.metadata.entries().len() as u64;
    if nothing {
        let first = r
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::UnknownLine)
            .map_or(1, |w| w.line);
        r.warnings.retain(|w| w.code != WarningCode::UnknownLine);
        r.tally.forget(WarningCode::UnknownLine);
        r.errors.push(crate::record::ReadIssue::new(
            ErrorCode::NotARecord,
            first,
            1,
            format!(
                "no line of this text is part of a {} record ({unknown} lines were not understood, none of them a move); is it the right file, or does it need --from?",
                format.name(),
            ),
        ));
    }
}

/// Whether two formats are read by the same reader (`kif` and `kifu`, `sfen` and `usi`).
fn same_reader(a: Format, b: Format) -> bool {
    fn reader(f: Format) -> u8 {
        match f {
            Format::Kif | Format::Kifu => 0,
            Format::Ki2 | Format::Ki2u => 1,
            Format::Csa => 2,
            Format::Sfen | Format::Usi => 3,
            Format::Jkf => 4,
        }
    }
    reader(a) == reader(b)
}

/// The format `text` really holds when it was saved under the extension of `claimed` (CSA
/// text in a `.kif` file, the KIF output of `convert` named `.csa`): `Some` when `claimed`'s
/// reader reads no move of it, the content looks like another format, and that format's
/// reader does read moves. `None` otherwise, which is the usual case and costs one look at
/// the first lines.
pub fn other_format(text: &str, claimed: Format) -> Option<Format> {
    let sniffed = detect::sniff(text)?;
    if same_reader(sniffed, claimed) {
        return None;
    }
    let reads_moves = |format: Format| {
        read_str(text, format)
            .iter()
            .any(|r| r.tree.main_line_moves().next().is_some())
    };
    (!reads_moves(claimed) && reads_moves(sniffed)).then_some(sniffed)
}

/// Reads every record of `text` as `format`, numbering them and filling in
/// `source.format`, `source.index` (the caller fills in path and encoding).
pub fn read_str(text: &str, format: Format) -> Vec<Record> {
    read_str_as(text, format, None)
}

/// [`read_str`] with `forced` (`--variant`): an SFEN/USI list's `startpos` and a JKF
/// document naming no game are that variant's start, and a record of another game is an
/// error naming both (the other formats' readers take no variant).
pub fn read_str_as(
    text: &str,
    format: Format,
    forced: Option<crate::variant::Variant>,
) -> Vec<Record> {
    let mut records = match format {
        Format::Csa => csa::read(text),
        Format::Jkf => jkf::read_as(text, forced),
        Format::Kif | Format::Kifu => kif::read_as(text, forced),
        Format::Sfen | Format::Usi => usi::read_as(text, forced),
        Format::Ki2 | Format::Ki2u => ki2::read_as(text, forced),
    };
    for (i, r) in records.iter_mut().enumerate() {
        r.source.index = i;
        r.source.format = Some(format);
        reject_if_nothing_was_understood(r, format);
        r.close_tally();
    }
    records
}

/// Where one record of a multi-record text lies (see [`record_spans`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSpan {
    span: csa::Span,
    /// The characters before the record on its first line (an element of a JSON array may
    /// start anywhere on a line; the records of other formats start lines).
    column: u32,
}

impl RecordSpan {
    /// The line number (1-based) of the record's first line.
    pub fn first_line(&self) -> u32 {
        self.span.first_line
    }

    /// Where the record lies in the text, in bytes (a CSA record without its `/` separator
    /// lines, an SFEN/USI record without its line end).
    pub fn range(&self) -> std::ops::Range<usize> {
        self.span.range.clone()
    }
}

/// The records of a text that holds several (a multi-game CSA file, an SFEN/USI list of
/// several lines, a JSON array of JKF records), found without parsing them, so they can be read one at a time, or in
/// parallel, with [`read_span`]: together they give what [`read_str`] gives. `None` when the
/// text holds at most one record or the format keeps one record per text.
pub fn record_spans(text: &str, format: Format) -> Option<Vec<RecordSpan>> {
    record_spans_lazily(text, format).map(Iterator::collect)
}

/// The spans of [`record_spans`] one at a time (where each record lies is found as it is
/// asked for, never held for the whole text): `None` likewise.
pub fn record_spans_lazily(
    text: &str,
    format: Format,
) -> Option<impl Iterator<Item = RecordSpan> + Clone + '_> {
    let spans = match format {
        Format::Csa => Spans::Csa(csa::Spans::new(text)),
        Format::Sfen | Format::Usi => Spans::Usi(usi::Lines::new(text)),
        Format::Jkf => Spans::Jkf(jkf::Elements::new(text)?),
        _ => return None,
    };
    let spans = spans.filter(|s| s.span.has_content);
    (spans.clone().take(2).count() > 1).then_some(spans)
}

/// The records of `text` that a format of several records a text (CSA, SFEN/USI) holds, with
/// their lines counted from `first_line`, for a window of a bigger text that starts at the
/// start of that line (a file read a piece at a time): `None` for the other formats. Unlike
/// [`record_spans_lazily`], a text of one record (or none) gives its spans too.
pub fn record_spans_from(
    text: &str,
    format: Format,
    first_line: u32,
) -> Option<impl Iterator<Item = RecordSpan> + '_> {
    let spans = match format {
        Format::Csa => Spans::Csa(csa::Spans::starting_at(text, first_line)),
        Format::Sfen | Format::Usi => Spans::Usi(usi::Lines::starting_at(text, first_line)),
        _ => return None,
    };
    Some(spans.filter(|s| s.span.has_content))
}

/// Where the records of a multi-record text lie, by format.
#[derive(Clone, Debug)]
enum Spans<'a> {
    Csa(csa::Spans<'a>),
    Usi(usi::Lines<'a>),
    Jkf(jkf::Elements<'a>),
}

impl Iterator for Spans<'_> {
    type Item = RecordSpan;

    fn next(&mut self) -> Option<RecordSpan> {
        let (span, column) = match self {
            Spans::Csa(s) => (s.next()?, 0),
            Spans::Usi(s) => (s.next()?, 0),
            Spans::Jkf(s) => s.next()?,
        };
        Some(RecordSpan { span, column })
    }
}

/// Reads the record `span` of `text` (from [`record_spans`]), the `index`-th of the text, as
/// [`read_str`] would.
pub fn read_span(text: &str, span: &RecordSpan, format: Format, index: usize) -> Record {
    read_span_as(text, span, format, index, None)
}

/// [`read_span`] with `forced` as in [`read_str_as`].
pub fn read_span_as(
    text: &str,
    span: &RecordSpan,
    format: Format,
    index: usize,
    forced: Option<crate::variant::Variant>,
) -> Record {
    let mut r = match format {
        Format::Sfen | Format::Usi => usi::read_span_as(text, &span.span, forced),
        Format::Jkf => jkf::read_span_as(text, &span.span, span.column, forced),
        _ => csa::read_span(text, &span.span),
    };
    r.source.index = index;
    r.source.format = Some(format);
    reject_if_nothing_was_understood(&mut r, format);
    r.close_tally();
    r
}
