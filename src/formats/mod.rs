//! Record formats: one module per format, each owning its reader and writer.
//!
//! Every reader takes decoded text and returns the records it holds (a CSA file may hold
//! several games separated by `/` lines, an SFEN/USI file one game a line). Problems are kept
//! in each [`Record`]'s `errors` and `warnings` with line and column; reading never panics.

#[cfg(test)]
mod corpus_support;
pub mod csa;
pub mod detect;
pub mod japanese;
pub mod jkf;
mod kakinoki;
pub mod ki2;
pub mod ki2_move;
pub mod kif;
pub mod usi;
pub mod write;

use crate::record::{Format, Record};

/// A record in which the reader understood no line at all (HTML saved as `.kif`, a text
/// file in the wrong folder) is an error, not an empty game.
fn reject_if_nothing_was_understood(r: &mut Record, format: Format) {
    let nothing = r.tree.is_empty()
        && r.metadata.is_empty()
        && r.errors.is_empty()
        && r.start == crate::record::Start::default()
        && !r.warnings.is_empty()
        && r.warnings.iter().all(|w| w.code == "unknown-line");
    if nothing {
        let first = r.warnings[0].line;
        r.errors.push(crate::record::ReadIssue::new(
            "not-a-record",
            first,
            1,
            format!(
                "no line of this text is part of a {} record ({} lines were not understood); is it the right file, or does it need --from?",
                format.name(),
                r.warnings.len()
            ),
        ));
    }
}

/// Reads every record of `text` as `format`, numbering them and filling in
/// `source.format`, `source.index` (the caller fills in path and encoding).
pub fn read_str(text: &str, format: Format) -> Vec<Record> {
    let mut records = match format {
        Format::Csa => csa::read(text),
        Format::Jkf => jkf::read(text),
        Format::Kif | Format::Kifu => kif::read(text),
        Format::Sfen | Format::Usi => usi::read(text),
        Format::Ki2 | Format::Ki2u => ki2::read(text),
    };
    for (i, r) in records.iter_mut().enumerate() {
        r.source.index = i;
        r.source.format = Some(format);
        reject_if_nothing_was_understood(r, format);
    }
    records
}

/// Where one record of a multi-record text lies (see [`record_spans`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSpan {
    span: csa::Span,
}

/// The records of a text that holds several (a multi-game CSA file), found without parsing
/// them, so they can be read one at a time, or in parallel, with [`read_span`]: together they
/// give what [`read_str`] gives. `None` when the text holds at most one record or the format
/// keeps one record per text.
pub fn record_spans(text: &str, format: Format) -> Option<Vec<RecordSpan>> {
    if format != Format::Csa {
        return None;
    }
    let spans: Vec<RecordSpan> = csa::record_spans(text)
        .into_iter()
        .filter(|s| s.has_content)
        .map(|span| RecordSpan { span })
        .collect();
    (spans.len() > 1).then_some(spans)
}

/// Reads the record `span` of `text` (from [`record_spans`]), the `index`-th of the text, as
/// [`read_str`] would.
pub fn read_span(text: &str, span: &RecordSpan, format: Format, index: usize) -> Record {
    let mut r = csa::read_span(text, &span.span);
    r.source.index = index;
    r.source.format = Some(format);
    reject_if_nothing_was_understood(&mut r, format);
    r
}
