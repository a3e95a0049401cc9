//! Splitting multi-game files: each record of an input as a file of its own, named from its
//! headers (date, players) where they name it, else after its input and index, in its own
//! bytes where they are known ([`crate::collection::alone`]). The files are written by
//! [`crate::output::record_files::RecordFiles`].

use crate::collection::alone::Alone;
use crate::collection::names::name_for;
use crate::record::Record;
use crate::text::SourceText;

/// One record of a split, ready to write, or why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// The record's file: the name body, its extension and its bytes.
    Ready {
        /// The name without extension (`2024-05-01_Black-White`, or `STEM.N`).
        body: String,
        /// The extension of the bytes' format.
        ext: &'static str,
        /// The record's bytes.
        bytes: Vec<u8>,
    },
    /// The record could not be read: the located error sentence.
    Failed(String),
}

/// The file of `record`, the record at its index of the input named `stem`, read from
/// `source`; `alone` cuts its bytes out of the input.
pub fn split_record(record: &Record, source: &SourceText, stem: &str, alone: &Alone) -> Piece {
    if let Some(e) = record.errors.first() {
        return Piece::Failed(format!(
            "{} (record not written)",
            crate::diag::located_error(
                &format!("{}#{}", record.source.path, record.source.index),
                e
            )
        ));
    }
    let (bytes, ext) = alone.bytes_from(record, source);
    Piece::Ready {
        body: name_for(record, &format!("{stem}.{}", record.source.index)),
        ext,
        bytes,
    }
}
