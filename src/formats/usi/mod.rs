//! SFEN and USI game lists (`.sfen`, `.usi`): one game a line, read into [`Record`]s and
//! written back.
//!
//! # What the reader accepts
//!
//! Each non-blank line is one record. Lines may end in `\r\n`; blank lines and lines whose
//! first non-blank characters are `#` or `//` are skipped silently. A line is an optional
//! `position` keyword, then the start, then optionally `moves` and the moves:
//!
//! - `position startpos moves 7g7f 3c3d ...`, `startpos moves ...`, `startpos`;
//! - `position sfen <SFEN> moves ...`, `sfen <SFEN> moves ...`, `sfen <SFEN>`;
//! - a bare SFEN, `<board> <side> <hand> [<move number>]`, optionally followed by `moves ...`.
//!
//! The SFEN's move number is optional: a fourth field is taken as the move number only when it
//! is all digits. `moves` may be followed by nothing. An SFEN naming a standard start (the
//! even game or a handicap, with move number 1) becomes [`Start::Handicap`], any other one
//! [`Start::Position`]. Tokens are separated by runs of ASCII whitespace.
//!
//! After `moves`, each word is a USI move (`7g7f`, `8h2b+`, `P*5e`) or an ending word. The
//! ending words are not part of the USI `position` command; they are what engines print in
//! `bestmove` and in YaneuraOu's extended PV output, and what several GUIs append to saved
//! lines. They are read case-insensitively as follows ("the side to move" is the side to move
//! after the last move):
//!
//! | word | ending |
//! |---|---|
//! | `resign` | [`EndingKind::Resignation`] |
//! | `win`, `nyugyoku`, `kachi` | [`EndingKind::Declaration`] (entering-king declaration by the side to move) |
//! | `draw` | [`EndingKind::Draw`] |
//! | `rep_draw`, `sennichite` | [`EndingKind::Repetition`] |
//! | `rep_win` | [`EndingKind::PerpetualCheck`] (the opponent checked perpetually: the side to move wins) |
//! | `rep_lose` | [`EndingKind::IllegalAction`] with the side to move as `loser` (it checked perpetually) |
//! | `rep_sup`, `rep_inf` | [`EndingKind::Unknown`]: YaneuraOu's superior/inferior repetition, a search verdict, not a result |
//! | `jishogi`, `impasse` | [`EndingKind::Impasse`] |
//! | `timeout` | [`EndingKind::Timeout`] |
//! | `break`, `abort` | [`EndingKind::Abort`] |
//! | `max_moves` | [`EndingKind::MaxMoves`] |
//! | `illegal`, `illegal_move` | [`EndingKind::IllegalMove`] |
//! | `mate`, `tsumi` | [`EndingKind::Checkmate`] |
//!
//! `(none)` (a `bestmove` with no move) is skipped. An ending must be the last word of its
//! line. Anything else is an error (`parse-error`, with the line and the 1-based character
//! column of the offending character); the record keeps the moves read before it.
//!
//! # What the writers produce
//!
//! [`write_sfen`] writes one line `startpos moves <usi moves>` for the even start
//! and `sfen <SFEN> moves ...` otherwise; [`write_usi`] writes the same prefixed with
//! `position `. The word ` moves` is written only when something follows it. Only the main
//! line is written. Moves are written from the position: a move whose record names a promoted
//! piece (CSA `+2823UM` with `promote` unset) is written with `+`.
//!
//! The ending is never written: every USI reader (engines, cshogi, python-shogi, rsshogi,
//! shogiops) rejects a line with a trailing `resign`. It is named in [`Written::dropped`] as
//! `ending (<word>)` with the word of the table above (the canonical words are `resign`,
//! `win`, `draw`, `rep_draw`, `rep_win`, `rep_lose`, `impasse`, `timeout`, `break`,
//! `max_moves`, `illegal`, `mate`), or `ending` when no word stands for it (a foul win, a
//! forfeit, `Unknown` words, ...). Such words are still read, leniently. Whatever else is not
//! carried is named in [`Written::dropped`] too.

#[cfg(doc)]
use crate::record::{EndingKind, Record, Start};

mod read;
mod write;

pub use read::{read, read_as};
pub(crate) use read::{read_span_as, Lines};
pub use write::{write_sfen, write_usi, Written};

#[cfg(test)]
mod tests;
