//! KI2 and KI2U (Kakinoki's move-only notation): reader and writer.
//!
//! KI2 shares KIF's header, handicap, board diagram, comment and variation vocabulary
//! ([`japanese`](super::japanese)) but writes moves without source squares (`▲５八金右`), several
//! to a line, and states how the game ended only in the `まで…` summary. Moves are parsed and
//! resolved by [`Ki2Move`].
//!
//! The reader takes decoded text (a leading U+FEFF is skipped) and returns one record. It
//! tolerates:
//!
//! - `#` lines anywhere (the `#KI2 version=2.0 encoding=…` declaration included), `\r\n` line
//!   ends, blank lines, no final newline;
//! - header lines `key：value`, `手合割`, board diagrams and `先手番`/`後手番` lines as the KIF
//!   reader reads them (see [`kif`](super::kif)); `*` lines before the first move are comments
//!   on the initial position, `&` lines its bookmark;
//! - any number of moves on a line with any spacing between them (ASCII, ideographic spaces,
//!   tabs, or none when the next move starts with its mark): `▲７六歩 △３四歩`,
//!   `▲６二金左上▲８六歩`; the marks `▲ ☗` and `△ ☖ ▽`, or no mark; every word form
//!   [`Ki2Move::parse`] reads (`同`, `同　`, `行`, `入`, `生`, `王`, `竜`, `全` …); an ending
//!   word after a mark (`△投了`) or on a line of its own as an ending, and a `まで…` summary
//!   at the end of a line of moves;
//! - a superfluous relative word or `打` (accepted with a `superfluous-word` warning; a
//!   superfluous `打` is reported once per record, since some programs write it on every drop),
//!   `不成` where no promotion was possible (the same warning), a missing `成` where promotion is
//!   forced; a move whose mark names the side not to move (resolved with that side's pieces and
//!   kept as stated, so replay reports the wrong turn); a move that only an illegal move fits
//!   (a pinned piece, a second pawn on a file, a piece jumping over another: kept for replay
//!   to report);
//! - `*` comments after the move they follow, `**` engine comments, `&` bookmarks;
//! - the summary `まで95手で先手の勝ち`, `…時間切れにより後手の勝ち`, `…先手の反則負け`,
//!   `…千日手`, `まで61手詰` … as the ending of its line (a ply count that differs from the line
//!   is a `summary-mismatch` warning);
//! - variations `変化：N手` (`変化：   3手`): a block continues the line read last when that line
//!   reaches ply N-1 (Kifu for Windows writes deeper variations first), else the line most
//!   recently read that does; `同` at the start of a block refers to ply N-1 of that line.
//!
//! A move that names no single move is an error that stops its line of the record (the rest of
//! the main line or of the variation; later `変化` blocks are still read): `ambiguous-move`
//! (naming the candidates in USI and KIF notation and the words that would tell them apart),
//! `unresolvable-move` (with the moves that were considered) or `parse-error` (text that is not
//! a move). An unknown handicap without a board diagram, or a malformed diagram, stops the
//! whole record. Other oddities are warnings.
//!
//! The writer produces the layout Kifu for Windows writes (see [`write()`]).

#[cfg(doc)]
use ki2_move::Ki2Move;

pub mod ki2_move;
mod read;
mod write;

pub use ki2_move::supports;
pub use read::{read, read_as};
pub use write::{write, Written};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
