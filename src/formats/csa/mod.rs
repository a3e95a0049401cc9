//! CSA standard record format (V2, V2.1, V2.2, V3.0): reader and writer.
//!
//! The reader takes decoded text and returns every record it holds (games are separated by a
//! line `/`). It parses bytes line by line without per-line allocation and never panics. It
//! tolerates:
//!
//! - `\r\n` line ends, blank lines, leading and trailing spaces around statements;
//! - any version line (`V2`, `V2.1`, `V2.2`, `V3.0`) or none; the encoding lines
//!   `'CSA encoding=...` and Kifu for Windows' `'encoding=...` (skipped: the text is decoded);
//! - statements joined by commas (`+7776FU,T12`, `%TORYO,T0`); a `'` after a comma starts a
//!   comment that runs to the end of the line (`%KACHI,'* -5000 win`);
//! - board rows with the last empty cell collapsed to ` *`, trailing spaces trimmed, or every
//!   cell written as ` *`/`+FU` with single spaces between (the cells are read as tokens);
//! - `PI` with removed pieces, P1..P9 rows, any number of `P+`/`P-` lines with `00` hand
//!   squares and `00AL` (applied after the other position lines); a board given as rows must
//!   have all nine (a missing row is an error naming it, not an empty rank);
//! - a missing side-to-move line (a warning; the side of the first move is assumed, black when
//!   there is none) and a missing position (a warning; the even game is assumed);
//! - times as whole or decimal seconds (`T12`, `T12.345`);
//! - Floodgate comment extensions: `'*` comments, `'**` engine comments, and the `'summary:`,
//!   `'$END_TIME:`, `'rating:`, `'black_rate:`, `'white_rate:` lines (kept as metadata; the
//!   summary also gives the ending's stated winner);
//! - moves after an ending (kept as the continuation of the ending node, with a warning).
//!
//! A move, position or special line that cannot be read is an error (`parse-error`) that
//! stops reading its record; the record keeps what came before. Unknown lines are warnings.
//!
//! The writer produces V2.2 (or V3.0) text from a record's main line and names everything the
//! format cannot carry in [`Written::dropped`].

mod codes;
mod read;
mod write;

pub(crate) use codes::{code_of, piece_from_code, special_kind, special_word};

pub use read::read;
pub(crate) use read::{read_span, Span, Spans};
pub use write::{write, CsaVersion, WriteOptions, Written};

#[cfg(test)]
mod tests;
