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

use crate::record::{Ending, EndingKind, MoveEntry, MoveTree, NodeKind, ReadIssue, Record, Start};
use crate::shogi::{Color, Handicap, Move, Position, Setup};

/// Reads every record of an SFEN/USI list: one per non-blank, non-comment line.
pub fn read(text: &str) -> Vec<Record> {
    Lines::new(text)
        .map(|span| read_span(text, &span))
        .collect()
}

/// The line `raw` (the `line_no`-th, 1-based) without its `\r` (and, on the first line, the
/// byte-order mark), or `None` when it holds no record (blank or a comment).
fn record_line(raw: &str, line_no: u32) -> Option<&str> {
    let mut line = raw.strip_suffix('\r').unwrap_or(raw);
    if line_no == 1 {
        line = line.strip_prefix('\u{feff}').unwrap_or(line);
    }
    let trimmed = line.trim_start();
    let skipped = trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//");
    (!skipped).then_some(line)
}

/// The lines of a list that hold a record, one at a time (as [`super::csa::Span`]s of one
/// line each, without the `\n`), so that a list of many games need not be read whole: reading
/// each with [`read_span`] gives what [`read`] gives.
#[derive(Clone, Debug)]
pub(crate) struct Lines<'a> {
    text: &'a str,
    at: usize,
    line_no: u32,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            at: 0,
            line_no: 0,
        }
    }
}

impl Iterator for Lines<'_> {
    type Item = super::csa::Span;

    fn next(&mut self) -> Option<super::csa::Span> {
        let bytes = self.text.as_bytes();
        while self.at <= bytes.len() {
            let start = self.at;
            let end = crate::text::find_byte(bytes, b'\n', start).unwrap_or(bytes.len());
            self.at = end + 1;
            self.line_no = self.line_no.saturating_add(1);
            if record_line(&self.text[start..end], self.line_no).is_some() {
                return Some(super::csa::Span {
                    range: start..end,
                    first_line: self.line_no,
                    has_content: true,
                });
            }
        }
        None
    }
}

/// Reads the record on the line `span` of `text` (from [`Lines`]).
pub(crate) fn read_span(text: &str, span: &super::csa::Span) -> Record {
    let line_no = span.first_line;
    let raw = text.get(span.range.clone()).unwrap_or("");
    let line = record_line(raw, line_no).unwrap_or("");
    let mut record = Record::new();
    record.source.line = line_no;
    if let Err(issue) = read_line(line, line_no, &mut record) {
        record.errors.push(issue);
    }
    record
}

/// The 1-based character column of byte offset `at` in `line` (one past the end when `at` is
/// at or beyond it).
fn column(line: &str, at: usize) -> u32 {
    let n = line.char_indices().take_while(|&(i, _)| i < at).count() + 1;
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Byte offset of `token` (a subslice of `line`) in `line`.
#[inline]
fn offset(line: &str, token: &str) -> usize {
    token.as_ptr() as usize - line.as_ptr() as usize
}

/// The ending a word stands for, with its canonical spelling; `to_move` is the side to move.
fn ending_word(word: &str, to_move: Color) -> Option<(EndingKind, &'static str)> {
    const WORDS: [(&str, &str); 21] = [
        ("resign", "resign"),
        ("win", "win"),
        ("nyugyoku", "nyugyoku"),
        ("kachi", "kachi"),
        ("draw", "draw"),
        ("rep_draw", "rep_draw"),
        ("sennichite", "sennichite"),
        ("rep_win", "rep_win"),
        ("rep_lose", "rep_lose"),
        ("rep_sup", "rep_sup"),
        ("rep_inf", "rep_inf"),
        ("jishogi", "jishogi"),
        ("impasse", "impasse"),
        ("timeout", "timeout"),
        ("break", "break"),
        ("abort", "abort"),
        ("max_moves", "max_moves"),
        ("illegal", "illegal"),
        ("illegal_move", "illegal_move"),
        ("mate", "mate"),
        ("tsumi", "tsumi"),
    ];
    let (_, canonical) = WORDS.iter().find(|(w, _)| w.eq_ignore_ascii_case(word))?;
    let kind = match *canonical {
        "resign" => EndingKind::Resignation,
        "win" | "nyugyoku" | "kachi" => EndingKind::Declaration,
        "draw" => EndingKind::Draw,
        "rep_draw" | "sennichite" => EndingKind::Repetition,
        "rep_win" => EndingKind::PerpetualCheck,
        "rep_lose" => EndingKind::IllegalAction { loser: to_move },
        "jishogi" | "impasse" => EndingKind::Impasse,
        "timeout" => EndingKind::Timeout,
        "break" | "abort" => EndingKind::Abort,
        "max_moves" => EndingKind::MaxMoves,
        "illegal" | "illegal_move" => EndingKind::IllegalMove,
        "mate" | "tsumi" => EndingKind::Checkmate,
        // rep_sup, rep_inf.
        _ => EndingKind::Unknown,
    };
    Some((kind, canonical))
}

/// Reads one line into `record`; an error stops reading at the offending token.
fn read_line(line: &str, line_no: u32, record: &mut Record) -> Result<(), ReadIssue> {
    let issue = |at: usize, message: String| {
        ReadIssue::new("parse-error", line_no, column(line, at), message)
    };
    let mut tokens = line.split_ascii_whitespace();
    let Some(mut tok) = tokens.next() else {
        return Ok(());
    };
    let had_position = tok == "position";
    if had_position {
        tok = tokens.next().ok_or_else(|| {
            issue(
                line.len(),
                "Expected `startpos` or `sfen <SFEN>` after `position`, found the end of the line."
                    .into(),
            )
        })?;
    }

    // The start.
    let next: Option<&str>;
    let mut to_move = Color::Black;
    if tok == "startpos" {
        record.start = Start::Handicap(Handicap::Even);
        next = tokens.next();
    } else {
        let first = if tok == "sfen" {
            tokens.next().ok_or_else(|| {
                issue(
                    line.len(),
                    "Expected an SFEN after `sfen`, found the end of the line.".into(),
                )
            })?
        } else {
            if !tok.contains('/') {
                let expected = if had_position {
                    "Expected `startpos` or `sfen <SFEN>` after `position`"
                } else {
                    "Expected `position`, `startpos`, `sfen` or an SFEN board at the start of the line"
                };
                return Err(issue(
                    offset(line, tok),
                    format!("{expected}, found `{tok}`."),
                ));
            }
            tok
        };
        let start = offset(line, first);
        let mut end = start + first.len();
        let mut fields = 1;
        let mut after = None;
        while fields < 4 {
            let Some(t) = tokens.next() else { break };
            if t == "moves" || (fields == 3 && !t.bytes().all(|b| b.is_ascii_digit())) {
                after = Some(t);
                break;
            }
            end = offset(line, t) + t.len();
            fields += 1;
        }
        if fields == 4 {
            after = tokens.next();
        }
        let setup = Setup::from_sfen(&line[start..end]).map_err(|e| {
            let at = if start + e.byte >= end {
                after.map_or(end, |t| offset(line, t))
            } else {
                start + e.byte
            };
            let message = e.message.trim_end_matches('.');
            issue(
                at,
                format!("Cannot read the SFEN's {} field: {message}.", e.field),
            )
        })?;
        to_move = setup.side_to_move;
        record.start = Start::Position(setup).normalized();
        next = after;
    }

    match next {
        None => return Ok(()),
        Some(t @ "moves") => {
            // Each move is at least four characters and a space: room for all at once.
            let rest = line.len().saturating_sub(offset(line, t) + t.len());
            record.tree.reserve(rest / 5 + 2);
        }
        Some(t) => {
            return Err(issue(
                offset(line, t),
                format!(
                "Expected `moves` or the end of the line after the start position, found `{t}`."
            ),
            ))
        }
    }

    // The moves, then perhaps an ending.
    let tree = &mut record.tree;
    let mut parent = MoveTree::ROOT;
    let mut ended: Option<&str> = None;
    for tok in tokens {
        let b = tok.as_bytes();
        if let Some(end) = ended {
            return Err(issue(
                offset(line, tok),
                format!(
                    "Unexpected `{tok}` after the ending `{end}`: an ending must be the last word of the line."
                ),
            ));
        }
        if b[0].is_ascii_digit() || b.get(1) == Some(&b'*') {
            match Move::from_usi(tok) {
                Ok(mv) => {
                    parent = tree.push(parent, NodeKind::Move(MoveEntry::new(mv)), line_no);
                    to_move = to_move.flip();
                }
                Err(e) => {
                    let at = offset(line, tok) + e.byte;
                    return Err(issue(
                        at,
                        format!(
                            "`{tok}` is not a USI move: expected {} at character {} of it \
                             (moves look like 7g7f, 8h2b+ or P*5e).",
                            e.expected,
                            column(tok, e.byte)
                        ),
                    ));
                }
            }
        } else if tok.eq_ignore_ascii_case("(none)") {
            continue;
        } else if let Some((kind, _)) = ending_word(tok, to_move) {
            let mut ending = Ending::new(kind, tok);
            // `rep_win`: the side to move wins by the opponent's perpetual check; stated, so
            // the replay can compare it with who really checked.
            if ending.kind == EndingKind::PerpetualCheck {
                ending.stated_winner = Some(to_move);
            }
            tree.push(parent, NodeKind::Ending(Box::new(ending)), line_no);
            ended = Some(tok);
        } else {
            return Err(issue(
                offset(line, tok),
                format!(
                    "`{tok}` is neither a USI move (such as 7g7f, 8h2b+ or P*5e) nor an ending \
                     word (resign, win, draw, rep_draw, rep_win, timeout, break, ...)."
                ),
            ));
        }
    }
    Ok(())
}

/// The written text and what the format could not carry.
pub use super::write::Written;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Sfen,
    Usi,
}

/// Writes the record's main line as one `startpos moves ...` / `sfen <SFEN> moves ...` line
/// (USI moves only: the ending is named in [`Written::dropped`]).
pub fn write_sfen(record: &Record) -> Written {
    write(record, Style::Sfen)
}

/// Writes the record's main line as one USI command, `position startpos moves ...` /
/// `position sfen <SFEN> moves ...` (never with an ending word).
pub fn write_usi(record: &Record) -> Written {
    write(record, Style::Usi)
}

/// The move as the record means it: a board move promotes when the record names the promoted
/// kind of the piece standing on its source square.
fn resolve_promotion(pos: &Position, entry: &MoveEntry) -> Move {
    match entry.mv {
        Move::Normal {
            from,
            to,
            promote: false,
        } => {
            let promotes = match (entry.piece, pos.piece_at(from)) {
                (Some(claimed), Some(actual)) => actual.kind.promote() == Some(claimed),
                _ => false,
            };
            Move::Normal {
                from,
                to,
                promote: promotes,
            }
        }
        mv => mv,
    }
}

fn push_usi(out: &mut String, mv: Move) {
    match mv {
        Move::Normal { from, to, promote } => {
            let [a, b] = from.usi();
            let [c, d] = to.usi();
            for byte in [a, b, c, d] {
                out.push(byte as char);
            }
            if promote {
                out.push('+');
            }
        }
        Move::Drop { kind, to } => {
            let [c, d] = to.usi();
            for byte in [kind.base_letter(), b'*', c, d] {
                out.push(byte as char);
            }
        }
    }
}

/// The word for `ending` when the side to move is `to_move`: its own spelling when that reads
/// back as the same ending, else the canonical word; `None` when no word stands for it.
fn ending_to_word(ending: &Ending, to_move: Color) -> Option<&'static str> {
    if let Some((kind, word)) = ending_word(ending.raw.trim(), to_move) {
        if kind == ending.kind {
            return Some(word);
        }
    }
    Some(match &ending.kind {
        EndingKind::Resignation => "resign",
        EndingKind::Declaration => "win",
        EndingKind::Draw => "draw",
        EndingKind::Repetition => "rep_draw",
        EndingKind::PerpetualCheck => "rep_win",
        EndingKind::IllegalAction { loser } if *loser == to_move => "illegal",
        EndingKind::Impasse => "impasse",
        EndingKind::Timeout => "timeout",
        EndingKind::Abort => "break",
        EndingKind::MaxMoves => "max_moves",
        EndingKind::IllegalMove => "illegal",
        EndingKind::Checkmate => "mate",
        _ => return None,
    })
}

fn write(record: &Record, style: Style) -> Written {
    let start = record.start.normalized();
    let mut text = String::with_capacity(128 + 6 * record.tree.len());
    if style == Style::Usi {
        text.push_str("position ");
    }
    let start_setup = match &start {
        Start::Handicap(Handicap::Even) => {
            text.push_str("startpos");
            None
        }
        Start::Handicap(h) => {
            text.push_str("sfen ");
            text.push_str(h.sfen());
            None
        }
        Start::Position(setup) => {
            text.push_str("sfen ");
            text.push_str(&setup.to_sfen());
            Some(setup)
        }
    };

    // Replay the main line so promotions named only by the piece are written with `+`.
    let mut pos = match start_setup {
        Some(setup) => Position::from_setup(setup).ok(),
        None => start.position().ok(),
    };
    let mut to_move = start_setup.map_or_else(|| start.setup().side_to_move, |s| s.side_to_move);
    let mut out_of_turn = false;
    for (i, entry) in record.tree.main_line_moves().enumerate() {
        let mut mv = entry.mv;
        if let Some(p) = pos.as_mut() {
            if let Some(mover) = entry.mover {
                out_of_turn |= mover != p.side_to_move();
                p.set_side_to_move(mover);
            }
            mv = resolve_promotion(p, entry);
            p.play_unchecked(mv);
            to_move = p.side_to_move();
        } else {
            out_of_turn |= entry.mover.is_some_and(|m| m != to_move);
            to_move = entry.mover.unwrap_or(to_move).flip();
        }
        text.push_str(if i == 0 { " moves " } else { " " });
        push_usi(&mut text, mv);
    }

    let mut dropped = Vec::new();
    if out_of_turn {
        // A USI move list alternates sides: read back, the game would be another one.
        dropped.push("moves made out of turn (USI alternates sides)".to_string());
    }
    if !record.metadata.is_empty() {
        dropped.push("metadata".to_string());
    }
    let tree = &record.tree;
    let nodes = || tree.ids().map(|id| tree.node(id));
    if nodes().any(|n| {
        !n.comments().is_empty() || !n.engine_comments().is_empty() || !n.remarks().is_empty()
    }) {
        dropped.push("comments".to_string());
    }
    if nodes().any(|n| n.time.is_some()) {
        dropped.push("times".to_string());
    }
    if tree.has_variations() {
        dropped.push("variations".to_string());
    }
    if nodes().any(|n| n.bookmark().is_some()) {
        dropped.push("bookmarks".to_string());
    }
    if let Some(ending) = record.ending() {
        dropped.push(match ending_to_word(ending, to_move) {
            Some(word) => format!("ending ({word})"),
            None => "ending".to_string(),
        });
    }
    text.push('\n');
    Written { text, dropped }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{replay, ReplayOptions};
    use crate::record::{MoveTime, Record};
    use crate::shogi::{PieceKind, STARTPOS_SFEN};

    fn one(text: &str) -> Record {
        let mut records = read(text);
        assert_eq!(records.len(), 1, "{text:?}");
        records.pop().unwrap()
    }

    fn usi_moves(r: &Record) -> Vec<String> {
        r.tree.main_line_moves().map(|m| m.mv.to_usi()).collect()
    }

    const HANDICAP_KA: &str = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    const MIDGAME: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";

    #[test]
    fn every_accepted_line_shape() {
        let even = Start::Handicap(Handicap::Even);
        let mid = Start::Position(Setup::from_sfen(MIDGAME).unwrap());
        let three_fields =
            Start::Position(Setup::from_sfen(&MIDGAME[..MIDGAME.len() - 2]).unwrap());
        let cases: Vec<(String, &Start, Vec<&str>)> = vec![
            (
                "position startpos moves 7g7f 3c3d".into(),
                &even,
                vec!["7g7f", "3c3d"],
            ),
            ("position startpos".into(), &even, vec![]),
            ("position startpos moves".into(), &even, vec![]),
            ("startpos moves 7g7f".into(), &even, vec!["7g7f"]),
            ("startpos".into(), &even, vec![]),
            (
                format!("position sfen {MIDGAME} moves 2g2f"),
                &mid,
                vec!["2g2f"],
            ),
            (format!("position sfen {MIDGAME}"), &mid, vec![]),
            (
                format!("sfen {MIDGAME} moves 2g2f 8c8d"),
                &mid,
                vec!["2g2f", "8c8d"],
            ),
            (format!("sfen {MIDGAME}"), &mid, vec![]),
            (MIDGAME.to_string(), &mid, vec![]),
            (format!("{MIDGAME} moves 2g2f"), &mid, vec!["2g2f"]),
            (format!("{MIDGAME} moves"), &mid, vec![]),
            (
                format!("sfen {} moves 2g2f", &MIDGAME[..MIDGAME.len() - 2]),
                &three_fields,
                vec!["2g2f"],
            ),
            (
                MIDGAME[..MIDGAME.len() - 2].to_string(),
                &three_fields,
                vec![],
            ),
            (
                format!("sfen {STARTPOS_SFEN} moves 7g7f"),
                &even,
                vec!["7g7f"],
            ),
            (
                "  startpos   moves\t7g7f  P*5e 8h2b+  ".into(),
                &even,
                vec!["7g7f", "P*5e", "8h2b+"],
            ),
        ];
        for (line, start, moves) in cases {
            let r = one(&line);
            assert!(r.errors.is_empty(), "{line}: {:?}", r.errors);
            assert_eq!(&r.start, start, "{line}");
            assert_eq!(usi_moves(&r), moves, "{line}");
            assert_eq!(r.ending(), None);
            assert_eq!(r.source.line, 1);
        }
    }

    #[test]
    fn move_nodes_are_bare_and_carry_the_line() {
        let r = one("\n\nstartpos moves 7g7f");
        let id = r.tree.main_line().next().unwrap();
        let node = r.tree.node(id);
        assert_eq!(node.line, 3);
        assert_eq!(r.source.line, 3);
        assert_eq!(
            node.move_entry(),
            Some(&MoveEntry::new(Move::from_usi("7g7f").unwrap()))
        );
    }

    #[test]
    fn handicap_sfen_is_a_handicap_start() {
        let r = one(&format!("position sfen {HANDICAP_KA} moves 5a4b 7g7f"));
        assert!(r.errors.is_empty());
        assert_eq!(r.start, Start::Handicap(Handicap::Bishop));
        // With a move number other than 1 it stays an explicit position.
        let r = one(&HANDICAP_KA.replace("w - 1", "w - 5"));
        assert!(matches!(r.start, Start::Position(_)));
    }

    #[test]
    fn ending_words() {
        let cases = [
            ("resign", EndingKind::Resignation),
            ("win", EndingKind::Declaration),
            ("nyugyoku", EndingKind::Declaration),
            ("kachi", EndingKind::Declaration),
            ("draw", EndingKind::Draw),
            ("rep_draw", EndingKind::Repetition),
            ("sennichite", EndingKind::Repetition),
            ("rep_win", EndingKind::PerpetualCheck),
            // After two moves black is to move: black checked perpetually and loses.
            (
                "rep_lose",
                EndingKind::IllegalAction {
                    loser: Color::Black,
                },
            ),
            ("rep_sup", EndingKind::Unknown),
            ("rep_inf", EndingKind::Unknown),
            ("jishogi", EndingKind::Impasse),
            ("timeout", EndingKind::Timeout),
            ("break", EndingKind::Abort),
            ("abort", EndingKind::Abort),
            ("max_moves", EndingKind::MaxMoves),
            ("illegal", EndingKind::IllegalMove),
            ("illegal_move", EndingKind::IllegalMove),
            ("tsumi", EndingKind::Checkmate),
            ("mate", EndingKind::Checkmate),
            ("RESIGN", EndingKind::Resignation),
        ];
        for (word, kind) in cases {
            let r = one(&format!("position startpos moves 7g7f 3c3d {word}"));
            assert!(r.errors.is_empty(), "{word}: {:?}", r.errors);
            assert_eq!(r.tree.main_line_moves().count(), 2);
            let ending = r.ending().unwrap_or_else(|| panic!("{word}: no ending"));
            assert_eq!(ending.kind, kind, "{word}");
            assert_eq!(ending.raw, word);
        }
        // `(none)` is skipped; an ending right after `moves` is allowed.
        let r = one("startpos moves 7g7f (none)");
        assert_eq!((usi_moves(&r).len(), r.ending()), (1, None));
        assert!(r.errors.is_empty());
        let r = one("startpos moves resign");
        assert_eq!(r.ending().unwrap().kind, EndingKind::Resignation);
        // rep_lose after an odd number of moves: white is to move and loses.
        let r = one(&format!("sfen {HANDICAP_KA} moves rep_lose"));
        assert_eq!(
            r.ending().unwrap().kind,
            EndingKind::IllegalAction {
                loser: Color::White
            }
        );
    }

    #[test]
    fn errors_name_line_column_and_token() {
        // Column of the bad character inside the move (`x`, the 4th character of `7g7x`).
        let r = one("# list\nposition startpos moves 7g7f 3c3d 7g7x 2g2f");
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert_eq!((e.code, e.line, e.column), ("parse-error", 2, 37));
        assert!(
            e.message.contains("`7g7x`") && e.message.contains("square"),
            "{}",
            e.message
        );
        assert_eq!(usi_moves(&r), ["7g7f", "3c3d"]);

        // An unknown word.
        let r = one("startpos moves 7g7f hello");
        assert_eq!(r.errors[0].column, 21);
        assert!(r.errors[0].message.contains("`hello`"));
        assert_eq!(usi_moves(&r), ["7g7f"]);

        // Moves after an ending.
        let r = one("startpos moves 7g7f resign 3c3d");
        assert_eq!(r.errors[0].column, 28);
        assert_eq!(r.ending().unwrap().kind, EndingKind::Resignation);

        // A drop of a king; a move with junk after it.
        assert_eq!(one("startpos moves K*5e").errors[0].column, 16);
        assert_eq!(one("startpos moves 7g7f= ").errors[0].column, 20);

        // Columns count characters, not bytes.
        let r = one("startpos moves ７g7f");
        assert_eq!(r.errors[0].column, 16);
        let r = one("startpos moves 7g7f 歩");
        assert_eq!(r.errors[0].column, 21);

        // Bad SFENs point into the SFEN.
        let r =
            one("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1 moves 7g7f");
        assert_eq!(r.errors[0].column, 62);
        assert!(
            r.errors[0].message.contains("board"),
            "{}",
            r.errors[0].message
        );
        assert!(r.tree.is_empty());
        let r = one("position sfen 9/9/9/9/9/9/9/9/9 x - 1");
        assert_eq!(r.errors[0].column, 33);
        // A missing field points at what came instead.
        let r = one("sfen 9/9/9/9/9/9/9/9/9 b moves 7g7f");
        assert_eq!(r.errors[0].column, 26);
        assert!(
            r.errors[0].message.contains("pieces in hand"),
            "{}",
            r.errors[0].message
        );

        // Wrong start words.
        let r = one("position 7g7f");
        assert_eq!(r.errors[0].column, 10);
        assert_eq!(one("position").errors[0].column, 9);
        assert_eq!(one("sfen").errors[0].column, 5);
        let r = one("hello world");
        assert_eq!(r.errors[0].column, 1);
        assert!(r.errors[0].message.contains("`hello`"));
        let r = one("startpos 7g7f");
        assert_eq!(r.errors[0].column, 10);
        assert!(r.errors[0].message.contains("`moves`"));
        let r = one(&format!("{MIDGAME} 7g7f"));
        assert!(r.errors[0].message.contains("`moves`"));
        let r = one(&format!(
            "{} 99999999999 moves",
            &MIDGAME[..MIDGAME.len() - 2]
        ));
        assert!(r.errors[0].message.contains("move number"));
    }

    #[test]
    fn crlf_blank_and_comment_lines_and_several_records() {
        let text = "\u{feff}# a list\r\n\r\nposition startpos moves 7g7f 3c3d resign\r\n   \r\n// note\r\n\
                    startpos\r\nsfen 9/9/9/9/9/9/9/9/9 x - 1\r\n\
                    lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d\r\n";
        let records = read(text);
        assert_eq!(records.len(), 4);
        assert_eq!(
            records.iter().map(|r| r.source.line).collect::<Vec<_>>(),
            [3, 6, 7, 8]
        );
        assert_eq!(usi_moves(&records[0]), ["7g7f", "3c3d"]);
        assert_eq!(records[0].ending().unwrap().raw, "resign");
        assert!(records[1].tree.is_empty() && records[1].errors.is_empty());
        assert_eq!(records[2].errors[0].line, 7);
        assert_eq!(usi_moves(&records[3]), ["3c3d"]);
        assert!(records.iter().filter(|r| r.errors.is_empty()).count() == 3);
        assert!(read("").is_empty());
        assert!(read("\r\n\n  \n# only comments\n").is_empty());
    }

    #[test]
    fn never_panics_on_odd_input() {
        for text in [
            "moves",
            "position sfen",
            "sfen moves",
            "startpos moves +",
            "startpos moves *",
            "startpos moves P*",
            "startpos moves 1",
            "startpos moves 9i9i+",
            "startpos moves \u{0}",
            "sfen 9/9/9/9/9/9/9/9/9 b",
            "sfen 9/9/9/9/9/9/9/9/9",
            "\u{3000}",
            "\u{feff}",
            "position startpos moves 7g7f\u{85}3c3d",
            "sfen startpos moves 7g7f",
        ] {
            let _ = read(text);
        }
        let r = one("sfen startpos moves 7g7f");
        assert_eq!(r.start, Start::Handicap(Handicap::Even));
    }

    #[test]
    fn writers_produce_one_line() {
        // USI moves only (every USI reader rejects a trailing word); the ending is named.
        let r = one("position startpos moves 7g7f 3c3d resign");
        assert_eq!(
            write_sfen(&r),
            Written {
                text: "startpos moves 7g7f 3c3d\n".into(),
                dropped: vec!["ending (resign)".into()]
            }
        );
        let w = write_usi(&r);
        assert_eq!(w.text, "position startpos moves 7g7f 3c3d\n");
        assert_eq!(w.dropped, ["ending (resign)"]);
        assert_eq!(write_sfen(&one("startpos")).text, "startpos\n");
        assert_eq!(write_usi(&one("startpos")).text, "position startpos\n");
        // An empty game with an ending: no dangling `moves`.
        let w = write_sfen(&one("startpos moves break"));
        assert_eq!(w.text, "startpos\n");
        assert_eq!(w.dropped, ["ending (break)"]);
        let w = write_usi(&one(&format!("sfen {HANDICAP_KA} moves 5a4b")));
        assert_eq!(w.text, format!("position sfen {HANDICAP_KA} moves 5a4b\n"));
        let w = write_sfen(&one(&format!("{MIDGAME} moves 2g2f")));
        assert_eq!(w.text, format!("sfen {MIDGAME} moves 2g2f\n"));
        // The spelling of a known word is kept in the warning.
        let w = write_sfen(&one("startpos moves 7g7f tsumi"));
        assert_eq!(w.text, "startpos moves 7g7f\n");
        assert_eq!(w.dropped, ["ending (tsumi)"]);
    }

    #[test]
    fn writers_name_what_they_drop() {
        let mut r = one("startpos moves 7g7f 3c3d");
        r.metadata
            .push(crate::record::MetaKey::Event, "$EVENT", "x", 1);
        let first = r.tree.main_line().next().unwrap();
        r.tree
            .node_mut(first)
            .notes_mut()
            .comments
            .push("good".into());
        r.tree.node_mut(first).time = Some(MoveTime::default());
        r.tree.node_mut(first).notes_mut().bookmark = Some("b".into());
        let alt = NodeKind::Move(MoveEntry::new(Move::from_usi("8c8d").unwrap()));
        r.tree.push(first, alt, 0);
        let end = r.tree.main_line().last().unwrap();
        r.tree.push(
            end,
            NodeKind::Ending(Box::new(Ending::new(EndingKind::ForfeitWin, "不戦勝"))),
            0,
        );
        let w = write_sfen(&r);
        assert_eq!(w.text, "startpos moves 7g7f 3c3d\n");
        assert_eq!(
            w.dropped,
            [
                "metadata",
                "comments",
                "times",
                "variations",
                "bookmarks",
                "ending"
            ]
        );
    }

    #[test]
    fn write_then_read_round_trips() {
        let lines = [
            "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e resign".to_string(),
            format!("sfen {HANDICAP_KA} moves 5a4b 7g7f rep_draw"),
            format!("sfen {MIDGAME} moves 2g2f rep_lose"),
            format!("sfen {MIDGAME} moves 2g2f 8c8d rep_win"),
            "startpos moves timeout".to_string(),
            "startpos moves 2g2f 3c3d 2f2e 4a3b 2e2d 2c2d 2h2d P*2c 2d2c+ max_moves".to_string(),
        ];
        for line in lines {
            let r = one(&line);
            assert!(r.errors.is_empty(), "{line}");
            let w = write_sfen(&r);
            let (moves, word) = line.rsplit_once(' ').unwrap();
            assert_eq!(w.text.trim_end(), moves.trim_end_matches(" moves"));
            assert_eq!(w.dropped, [format!("ending ({word})")]);
            let back = one(&w.text);
            assert_eq!(back.start, r.start);
            assert_eq!(usi_moves(&back), usi_moves(&r));
            assert_eq!(back.ending(), None);
            let back = one(&write_usi(&r).text);
            assert_eq!((&back.start, usi_moves(&back)), (&r.start, usi_moves(&r)));
            assert_eq!(back.ending(), None);
        }
        // Endings from other formats are named by the canonical word, which reads back as the
        // same kind.
        for (kind, word) in [
            (EndingKind::Resignation, "resign"),
            (EndingKind::Repetition, "rep_draw"),
            (EndingKind::Abort, "break"),
            (EndingKind::Checkmate, "mate"),
            (EndingKind::Declaration, "win"),
            (EndingKind::Impasse, "impasse"),
        ] {
            let mut r = one("startpos moves 7g7f");
            let last = r.tree.main_line().last().unwrap();
            r.tree.push(
                last,
                NodeKind::Ending(Box::new(Ending::new(kind.clone(), "投了"))),
                0,
            );
            let w = write_sfen(&r);
            assert_eq!(w.text, "startpos moves 7g7f\n");
            assert_eq!(w.dropped, [format!("ending ({word})")]);
            let back = one(&format!("startpos moves 7g7f {word}"));
            assert_eq!(back.ending().unwrap().kind, kind);
        }
    }

    #[test]
    fn csa_style_promotions_are_resolved_from_the_position() {
        // 7g7f 3c3d 8h2b+ 3a2b, with the bishop's capture written CSA-style: promote unset,
        // the piece named as a horse.
        let mut r = Record::new();
        let mut parent = MoveTree::ROOT;
        for (usi, piece) in [
            ("7g7f", Some(PieceKind::Pawn)),
            ("3c3d", Some(PieceKind::Pawn)),
            ("8h2b", Some(PieceKind::Horse)),
            ("3a2b", Some(PieceKind::Silver)),
            ("B*4e", Some(PieceKind::Bishop)),
        ] {
            let mut entry = MoveEntry::new(Move::from_usi(usi).unwrap());
            entry.piece = piece;
            parent = r.tree.push(parent, NodeKind::Move(entry), 0);
        }
        let w = write_usi(&r);
        assert_eq!(
            w.text,
            "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n"
        );
        assert!(w.dropped.is_empty());
        let back = one(&w.text);
        assert!(replay(&back, &ReplayOptions::default()).fouls.is_empty());
        // A horse moving on is not a promotion.
        let mut r = one("startpos moves 7g7f 3c3d 8h2b+ 4a4b");
        let last = r.tree.main_line().last().unwrap();
        let mut entry = MoveEntry::new(Move::from_usi("2b3a").unwrap());
        entry.piece = Some(PieceKind::Horse);
        r.tree.push(last, NodeKind::Move(entry), 0);
        assert!(write_sfen(&r).text.ends_with(" 4a4b 2b3a\n"));
    }

    #[test]
    fn long_lines_read_fast() {
        // A smoke test of the hot path; `cargo test --release -- --ignored --nocapture
        // usi::tests::speed` prints the rate.
        let mut line = String::from("position startpos moves");
        for _ in 0..5_000 {
            line.push_str(" 5i5h 5a5b 5h5i 5b5a");
        }
        let r = one(&line);
        assert_eq!(r.tree.main_line_moves().count(), 20_000);
        assert!(r.errors.is_empty());
    }

    #[test]
    #[ignore]
    fn speed() {
        let mut line = String::from("position startpos moves");
        for _ in 0..250 {
            line.push_str(" 5i5h 5a5b 5h5i 5b5a");
        }
        let t = std::time::Instant::now();
        let mut n = 0;
        for _ in 0..4_000 {
            n += one(&line).tree.len() - 1;
        }
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "read 4000 lines of 1000 moves one by one: {:.1} M moves/s",
            n as f64 / secs / 1e6
        );
        let text = format!("{line}\n").repeat(4_000);
        let t = std::time::Instant::now();
        let records = read(&text);
        let secs = t.elapsed().as_secs_f64();
        eprintln!("read them as one file: {:.1} M moves/s", 4e6 / secs / 1e6);
        let t = std::time::Instant::now();
        let bytes: usize = records.iter().map(|r| write_usi(r).text.len()).sum();
        let secs = t.elapsed().as_secs_f64();
        eprintln!("wrote {bytes} bytes: {:.1} M moves/s", 4e6 / secs / 1e6);
    }

    #[test]
    #[cfg_attr(
        corpus_missing,
        ignore = "../shared/corpus is not there: the corpus tests are skipped"
    )]
    fn corpus_files_read_without_errors_or_fouls() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        if !root.is_dir() {
            eprintln!("skipping: no corpus at {}", root.display());
            return;
        }
        // Known rule violations in the corpus (parser fixtures, not real games).
        const KNOWN_FOULS: [&str; 1] = [
            // 7g7f 3c3d 8h2b+ 3a2b P*5e: black drops a pawn it does not hold.
            "ShogiBoardQ/tests/fixtures/test_drops.usi",
        ];
        let mut stack = vec![root.clone()];
        let mut files = 0;
        let mut records = 0;
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                if !matches!(ext, "usi" | "sfen") {
                    continue;
                }
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = std::fs::read_to_string(&path).unwrap();
                files += 1;
                for r in read(&text) {
                    records += 1;
                    assert!(
                        r.errors.is_empty(),
                        "{rel}:{}: {:?}",
                        r.source.line,
                        r.errors
                    );
                    let report = replay(&r, &ReplayOptions::default());
                    assert!(report.errors.is_empty(), "{rel}: {:?}", report.errors);
                    if KNOWN_FOULS.contains(&rel.as_str()) {
                        assert!(!report.fouls.is_empty(), "{rel}: expected a foul");
                    } else {
                        assert!(
                            report.fouls.is_empty(),
                            "{rel}:{}: {:?}",
                            r.source.line,
                            report.fouls
                        );
                    }
                    // What is written reads back the same (the ending is named, not written).
                    let w = write_sfen(&r);
                    let back = one(&w.text);
                    assert_eq!(back.start, r.start, "{rel}");
                    assert_eq!(usi_moves(&back), usi_moves(&r), "{rel}");
                    assert_eq!(back.ending(), None, "{rel}");
                    assert_eq!(
                        r.ending().is_some(),
                        w.dropped.iter().any(|d| d.starts_with("ending")),
                        "{rel}"
                    );
                }
            }
        }
        eprintln!("read {records} records from {files} SFEN/USI corpus files");
        assert!(files > 0);
    }
}
