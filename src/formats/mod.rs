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
