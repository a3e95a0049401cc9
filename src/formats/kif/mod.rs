//! KIF and KIFU (Kakinoki format): reader and writer.
//!
//! The reader takes decoded text (the caller chose the encoding; a leading U+FEFF is skipped)
//! and returns one record. It reads line by line without regular expressions and without a
//! per-line allocation on plain move lines, never recurses and never panics. It tolerates:
//!
//! - `#` lines anywhere (including the `#KIF version=2.0 encoding=…` declaration, also when
//!   glued onto another `#` line), `\r\n` line ends, blank lines, no final newline;
//! - header lines `key：value` with a full-width or ASCII colon and spaces around the value;
//!   every key is kept in order ([`meta_key`](super::japanese::meta_key) maps the shared ones, `先手`/`下手`,
//!   `後手`/`上手`, ...); header lines anywhere before or after a board diagram; `*` lines
//!   before the first move are comments on the initial position (so are commented-out header
//!   lines), `&` lines there its bookmark; the bare `盤面回転` line (Kifu for Windows /
//!   Macintosh: the board shown turned round) as a header with an empty value, written back
//!   as the bare line;
//! - `手合割` with every name [`crate::shogi::Handicap::from_japanese`] knows; `その他` and
//!   `詰将棋` with a board diagram; any name with a board diagram (the diagram decides; a named
//!   handicap that disagrees with it is a `handicap-mismatch` warning); no `手合割` = the even
//!   game; in handicap games the giver (上手, white) moves first;
//! - board diagrams as [`BoardReader`](super::japanese::BoardReader) reads them (both hand namings, any separators,
//!   kanji counts, rows with or without rank labels, `先手番`/`後手番`/`手番：…`);
//! - move lines with right- or left-aligned ply numbers; `７六`, `同　`, `同` and `同 ` (and
//!   `仝`) destinations; `▲△☗☖` prefixes; every piece name including `王 竜 杏 圭 全`; `成`,
//!   `不成`, `生`, `打`; `(77)` sources, `(00)` for drops, spaces before the source; KI2 words
//!   such as `右` (ignored: the source decides); a missing source (`７六歩` without `(77)` or
//!   `打`) resolved against the position when exactly one legal move fits (`missing-source`
//!   warning);
//! - time columns `( 0:16/00:00:16)`, `(0:4/0:0:4)`, `(00:00 / 00:00:00)`, `( 0:07/)`,
//!   `(90:00/1:30:00)`, two groups (the first is used) or none; the trailing `+`; a `*`
//!   comment after the move on its line (`２二ひよこ(23) * comment`, as Lishogi's parser tests
//!   write one), kept as the move's comment;
//! - every ending word ([`ending_from_word`](super::japanese::ending_from_word); unknown words are kept as
//!   [`EndingKind::Unknown`] with an `unknown-ending` warning), moves after an ending (kept as
//!   its children), and the `まで…` summary (its winner becomes the ending's stated winner; a
//!   disagreement is a `summary-mismatch` warning; without an ending line the summary creates
//!   the ending);
//! - variations `変化：N手` at any depth and in any order: a block attaches to the line whose
//!   ply-N move carries a `+` not yet used (the current line first, then the most recently read
//!   one), else to the current line, as Kifu for Windows writes them (deeper variations first);
//!   `同` at the start of a block refers to ply N-1 of the line it branches from.
//!
//! A move that does not fit the position (a source square without a piece) is kept as written
//! for replay to report. A line that cannot be read as a move, a variation header that names a
//! ply no line reaches, a malformed board diagram or an unknown handicap without a board is an
//! error that stops reading (`parse-error`, `unknown-handicap`); the record keeps what came
//! before. Other oddities are warnings.
//!
//! The writer produces the layout Kifu for Windows writes (see [`write()`]).

#[cfg(doc)]
use crate::record::EndingKind;

mod read;
mod write;

pub use super::japanese::sjis_fallbacks;
pub use read::{read, read_as, variant_named};
pub use write::{write, WriteOptions, Written};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
