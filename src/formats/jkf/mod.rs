//! JSON Kifu Format (JKF, json-kifu-format 1.0): reader and writer.
//!
//! # What the reader accepts
//!
//! The text is one JKF object, a JSON array of JKF objects, or several JSON documents one
//! after another (JSON Lines); every JKF object is one record. It is parsed with `serde_json`
//! into order-preserving intermediate values (so header keys keep their file order), then
//! turned into a [`Record`](crate::record::Record) without recursion: `forks` are walked with an explicit stack.
//! JSON nested deeper than `serde_json`'s limit of 128 levels (about 40 levels of `forks`)
//! is a `parse-error`, never a crash. The reader tolerates what producers omit or vary:
//!
//! - a missing `header`, `initial` (the even game) or `moves` (a record without moves);
//! - header values that are not strings (numbers, booleans: their JSON text; a warning);
//! - `initial.data` without a `preset`, and `initial.preset` `OTHER` positions that are a
//!   standard start (read as that start);
//! - moves without `capture`, `same`, `relative`, `promote` (all but `promote` are ignored:
//!   they can be worked out from the position), without `color` (the side is then not
//!   stated), or without `piece` on a board move (replay takes the board's piece); a
//!   drop written with `from: {"x": 0, "y": 0}`;
//! - a promoted `piece` with or without `promote: true` (`KA`/`UM`);
//! - `time` with only `now` or only `total`, `now` with an `h` field, fractional seconds;
//! - `comments` as a single string, or with line breaks inside (split into lines); a comment
//!   starting with `**` is an engine comment (as CSA `'**` lines converted to JKF are);
//! - `special` words with a leading `%`, and unknown words (kept as
//!   [`EndingKind::Unknown`], with a warning), `OUTE_SENNICHITE` and `MAX_MOVES`;
//! - moves after a `special` (kept as the ending node's children, with a warning), and
//!   elements holding neither `move` nor `special` (skipped, with a warning; their comments
//!   go to the previous node).
//!
//! JSON syntax errors are `parse-error`s with the line and 1-based character column
//! `serde_json` reports. A document whose structure is wrong (a `moves` that is not an
//! array, a move without `to`, a piece code that does not exist) gives an `invalid-jkf`
//! error naming the JSON path (`moves[12].move.to`) and the line of the element; that line
//! of play stops there, the rest of the record is still read. An unknown `initial.preset`
//! is an `unknown-handicap` error; an error in `initial` stops the record (its moves could not
//! be placed).
//!
//! # What the writer produces
//!
//! [`write()`] produces pretty-printed JSON (two-space indent) that the reader reads back
//! equal: the header from the metadata (shared keys under their KIF names), `initial` with
//! a preset for named starts and `OTHER` with `data` otherwise, `moves[0]` with the comments
//! on the initial position, full `move` objects (`color`, `from`, `to`, `piece` before the
//! move, `promote` when the move could promote, `capture`, `same`), `time`, `comments`,
//! endings as `special` and variations as `forks` (every alternative to a move is one fork of
//! that move). Whatever JKF cannot carry is named in [`Written::dropped`].
//!
//! # The smaller variants (an extension of JKF)
//!
//! JKF defines standard shogi only; a record of one of the smaller variants (Mini Shogi,
//! Shogi 5x6 and 5x6+, Tori Shogi, Shogi 3x4) is read and written by the same reader and
//! writer, as a [`Start::Variant`](crate::record::Start::Variant) record with its comments,
//! times, forks and endings. The writer names the variant in the header, `"variant"` (the
//! `--variant` name) beside `"手合割"` (`5五将棋`, `どうぶつしょうぎ`, else `その他`), and
//! gives the start as `"preset": "OTHER"` with `data` of the variant's size (`board[x-1][y-1]`,
//! `x` the file, `y` the rank) and a hand entry for each kind that can be held. Piece codes
//! ([`piece_code`]) are the CSA codes for the standard kinds and the SFEN letters of
//! `../shared/design/variants.md` for Tori's birds and 3x4's animals (`K` phoenix, `F` falcon,
//! `+F` eagle, `C` crane, ...; `L` lion, `G` giraffe, `E` elephant, `C` chick, `+C` hen).
//!
//! The reader takes the game from the header's `variant`, else an `initial.preset` that is a
//! variant's name, else the header's `手合割`, else the size of `initial.data.board` (5x6 with
//! a lance or knight is 5x6+); [`read_as`] takes `--variant`, the game of a document that names
//! none. What the record names and its board's size must agree, and a record of another game
//! than the forced one (a standard handicap's preset, `KA`, is standard shogi's) is an
//! `invalid-jkf` error naming both. A variant's moves are read with its squares and codes: a
//! square off its board, or a code that is no piece of it, is an `invalid-jkf` error.
//! json-kifu-format (5.5.0) reads only 9x9 boards and rejects such a document.
//!
//! # Layout
//!
//! `parse.rs` turns the JSON text into intermediate values and finds where their parts lie,
//! `read.rs` turns those into records, `write.rs` writes records, `variant.rs` holds what the
//! smaller variants add (which game a document is, their piece codes, their `initial.data`); the CSA piece codes and the
//! `special` words, which both directions use, come from `csa/codes.rs`. `elements.rs` finds the elements of
//! a text that is one JSON array of records without parsing them, so that `validate`, `stats`
//! and `convert` read a large array one element at a time (`read_span`), as they read the
//! games of a multi-game CSA file: the same records, positions included, as [`read`] gives.

mod compact;
mod elements;
mod parse;
mod read;
#[cfg(test)]
mod tests;
mod variant;
mod write;

pub use compact::compact;
pub(crate) use elements::Elements;
pub(crate) use read::read_span_as;
pub use read::{read, read_as};
pub use variant::{kind_from_code, piece_code};
pub use write::{write, Written, MAX_FORK_DEPTH};

/// The CSA piece codes and special-move words JKF borrows, kept once in `csa/codes.rs`.
pub(crate) use super::csa::{code_of, piece_from_code, special_kind};
