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
//!   lines), `&` lines there its bookmark;
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
//!   `(90:00/1:30:00)`, two groups (the first is used) or none; the trailing `+`;
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

use std::fmt::Write as _;

use super::japanese as ja;
use super::kakinoki::{self, column_of, one_line, skip_spaces, write_notes, Branch, Preamble};
use super::write::note;
use crate::record::{
    Ending, EndingKind, MoveEntry, MoveTime, MoveTree, Node, NodeId, NodeKind, ReadIssue, Record,
    Start,
};
use crate::shogi::{Color, Handicap, Move, PieceKind, Position, Setup, Square};
use crate::text::{count_byte, find_byte};

pub use super::japanese::sjis_fallbacks;

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Reads the record of a KIF text. A KIF file holds one game, so the result holds one record.
pub fn read(text: &str) -> Vec<Record> {
    let _columns = super::column::Scope::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new();
    let bytes = text.as_bytes();
    reader.reserve(count_byte(bytes, b'\n') + 1);
    let mut start = 0usize;
    let mut no: u32 = 0;
    while start < bytes.len() {
        let end = find_byte(bytes, b'\n', start).unwrap_or(bytes.len());
        let mut stop = end;
        if stop > start && bytes.get(stop - 1) == Some(&b'\r') {
            stop -= 1;
        }
        let line = text.get(start..stop).unwrap_or("");
        start = end + 1;
        no = no.saturating_add(1);
        reader.line(line, no);
        if reader.stopped {
            break;
        }
    }
    vec![reader.finish()]
}

/// A move line's move, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ParsedMove {
    /// `同`: the destination of the previous move.
    same: bool,
    to: Option<Square>,
    /// The piece named (before any `成`).
    piece: PieceKind,
    promote: bool,
    drop: bool,
    from: Option<Square>,
}

enum Body<'a> {
    Move(ParsedMove),
    Special(&'a str),
}

/// What follows the move: time, `+`, and where unexpected text starts.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tail {
    time: Option<MoveTime>,
    bad_time: Option<usize>,
    flagged: bool,
    extra: Option<usize>,
}

struct Reader {
    record: Record,
    stopped: bool,
    pre: Preamble,
    start_setup: Option<Setup>,
    start_side: Color,
    /// The nodes of the current line from the root: `path[k]` is the node at ply `k`.
    path: Vec<NodeId>,
    /// `path_moves[k]`: how many of `path[1..=k]` are moves.
    path_moves: Vec<u32>,
    /// Nodes marked `+` whose variation has not been read yet, by ply.
    flagged: Vec<Vec<NodeId>>,
    /// The node most recently added at each ply.
    last_at_ply: Vec<NodeId>,
    /// The position after `path[..k]`, and `k`.
    cache: Option<(Position, usize)>,
    ply_warned: bool,
    after_end_warned: bool,
}

impl Reader {
    fn new() -> Reader {
        let mut record = Record::new();
        record.source.line = 1;
        Reader {
            record,
            stopped: false,
            pre: Preamble::new(),
            start_setup: None,
            start_side: Color::Black,
            path: vec![MoveTree::ROOT],
            path_moves: vec![0],
            flagged: Vec::new(),
            last_at_ply: vec![MoveTree::ROOT],
            cache: None,
            ply_warned: false,
            after_end_warned: false,
        }
    }

    /// Makes room for `lines` nodes (a line adds at most one) in the tree and the path, so
    /// they do not grow move by move.
    fn reserve(&mut self, lines: usize) {
        self.record.tree.reserve(lines);
        self.path.reserve(lines);
        self.path_moves.reserve(lines);
        self.last_at_ply.reserve(lines);
    }

    fn warn(&mut self, code: &'static str, line: u32, column: u32, message: String) {
        self.record
            .warnings
            .push(ReadIssue::new(code, line, column, message));
    }

    fn error(&mut self, code: &'static str, line: u32, column: u32, message: String) {
        self.stop(ReadIssue::new(code, line, column, message));
    }

    fn stop(&mut self, issue: ReadIssue) {
        self.record.errors.push(issue);
        self.stopped = true;
    }

    fn current(&self) -> NodeId {
        self.path.last().copied().unwrap_or(MoveTree::ROOT)
    }

    fn line(&mut self, line: &str, no: u32) {
        let bytes = line.as_bytes();
        let mut i = 0;
        while matches!(bytes.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let Some(&first) = bytes.get(i) else {
            return;
        };
        match first {
            b'0'..=b'9' => self.move_line(line, i, no),
            b'#' => {
                // The file's banner (a program's `# ----` lines) before the moves: the root's
                // remarks. The `#KIF version=…` declaration is the encoding's.
                let body = line.get(i + 1..).unwrap_or("");
                if !self.pre.moves_started && !line[i..].starts_with("#KIF") {
                    let root = self.record.tree.node_mut(MoveTree::ROOT);
                    root.notes_mut().remarks.push(body.to_string());
                }
            }
            b'*' => {
                let body = line.get(i + 1..).unwrap_or("");
                let node = self.current();
                let notes = self.record.tree.node_mut(node).notes_mut();
                match body.strip_prefix('*') {
                    Some(engine) => notes.engine_comments.push(engine.to_string()),
                    None => notes.comments.push(body.to_string()),
                }
            }
            b'&' => {
                let body = line.get(i + 1..).unwrap_or("");
                let node = self.current();
                self.record.tree.node_mut(node).notes_mut().bookmark = Some(body.to_string());
            }
            _ => self.other_line(line, i, no),
        }
    }

    fn other_line(&mut self, line: &str, at: usize, no: u32) {
        let body = line.get(at..).unwrap_or("");
        let col = column_of(line, at);
        let trimmed = ja::trim_spaces(body);
        if trimmed.is_empty() {
            return;
        }
        if body.starts_with("変化") {
            self.variation(line, at, no);
            return;
        }
        if body.starts_with("まで") {
            self.summary(trimmed, no, col);
            return;
        }
        if let Some(rest) = body.strip_prefix("手数") {
            if rest.starts_with(['-', '－', 'ー', '―']) {
                self.begin_moves();
                return;
            }
        }
        match self.pre.header_line(&mut self.record, line, at, no) {
            Ok(true) => return,
            Ok(false) => {}
            Err(e) => return self.stop(e),
        }
        self.warn(
            "unknown-line",
            no,
            col,
            format!("The line `{trimmed}` is not part of a KIF record and was ignored; expected a header `key：value`, a move such as `   1 ７六歩(77)`, a comment `*…`, a variation `変化：N手` or a board diagram line."),
        );
    }

    /// Decides the start position when the move section begins (or the text ends).
    fn begin_moves(&mut self) {
        if self.pre.moves_started {
            return;
        }
        self.pre.moves_started = true;
        let start = match self.pre.start(&mut self.record.warnings) {
            Ok(start) => start,
            Err(e) => return self.stop(e),
        };
        let setup = start.setup();
        self.start_side = setup.side_to_move;
        self.start_setup = Some(setup);
        self.record.start = start;
    }

    /// The position after the current path, built incrementally from a cache.
    fn position_now(&mut self) -> Option<&Position> {
        let need = self.path.len();
        let (mut pos, mut k) = match self.cache.take() {
            Some((p, k)) if k <= need => (p, k),
            _ => (Position::from_setup(self.start_setup.as_ref()?).ok()?, 1),
        };
        while k < need {
            if let Some(&id) = self.path.get(k) {
                if let NodeKind::Move(e) = &self.record.tree.node(id).kind {
                    pos.play_unchecked(e.mv);
                }
            }
            k += 1;
        }
        self.cache = Some((pos, k));
        self.cache.as_ref().map(|(p, _)| p)
    }

    fn truncate_path(&mut self, len: usize) {
        self.path.truncate(len);
        self.path_moves.truncate(len);
        if matches!(self.cache, Some((_, k)) if k > len) {
            self.cache = None;
        }
    }

    fn push_node(&mut self, kind: NodeKind, no: u32, time: Option<MoveTime>, flagged: bool) {
        let parent = self.current();
        let is_move = matches!(kind, NodeKind::Move(_));
        let id = self.record.tree.push(parent, kind, no);
        self.record.tree.node_mut(id).time = time;
        let ply = self.path.len();
        let moves = self.path_moves.last().copied().unwrap_or(0) + u32::from(is_move);
        self.path.push(id);
        self.path_moves.push(moves);
        if self.last_at_ply.len() <= ply {
            self.last_at_ply.resize(ply + 1, MoveTree::ROOT);
        }
        self.last_at_ply[ply] = id;
        if flagged {
            if self.flagged.len() <= ply {
                self.flagged.resize_with(ply + 1, Vec::new);
            }
            self.flagged[ply].push(id);
        }
    }

    fn move_line(&mut self, line: &str, at: usize, no: u32) {
        if self.pre.moves_started {
            if let Some(quick) = quick_move_line(line, at) {
                let QuickMove {
                    ply,
                    body_at,
                    mv,
                    tail,
                } = quick;
                self.add_move(line, at, no, ply, body_at, Body::Move(mv), tail);
                return;
            }
        }
        let (ply, digits_end) = ply_number(line.as_bytes(), at);
        let body_at = body_start(line, digits_end);
        if !self.pre.moves_started && line.get(at..).is_some_and(|b| b.starts_with('9')) {
            // ASCII file labels above a board diagram (`9 8 7 … 1`).
            if self.pre.board.line(line) == Ok(true) {
                return;
            }
        }
        if body_at == digits_end && body_at < line.len() {
            // Not a move line (`2014年…`): text the reader does not know.
            self.other_line(line, at, no);
            return;
        }
        if body_at >= line.len() {
            self.error(
                "parse-error",
                no,
                column_of(line, body_at),
                format!("Could not read the move line `{}`: expected a move such as `７六歩(77)` or a special move such as `投了` after the move number.", line.trim()),
            );
            return;
        }
        self.begin_moves();
        if self.stopped {
            return;
        }
        let body = line.get(body_at..).unwrap_or("");
        let (parsed, end) = match parse_body(body) {
            Ok(p) => p,
            Err((off, expected)) => {
                self.error(
                    "parse-error",
                    no,
                    column_of(line, body_at + off),
                    format!(
                        "Could not read the move `{}`: expected {expected} at column {}.",
                        ja::trim_spaces(body),
                        column_of(line, body_at + off)
                    ),
                );
                return;
            }
        };
        let tail_at = body_at + end;
        let tail = parse_tail(line.get(tail_at..).unwrap_or(""));
        if let Some(off) = tail.bad_time {
            self.warn(
                "invalid-time",
                no,
                column_of(line, tail_at + off),
                "The time column could not be read and was ignored; expected `( m:ss/hh:mm:ss)` such as `( 0:16/00:00:16)`.".to_string(),
            );
        }
        if let Some(off) = tail.extra {
            let text = line.get(tail_at + off..).unwrap_or("").trim_end();
            self.warn(
                "trailing-text",
                no,
                column_of(line, tail_at + off),
                format!("The text `{text}` after the move was ignored; expected only a time column and `+`."),
            );
        }
        self.add_move(line, at, no, ply, body_at, parsed, tail);
    }

    /// Adds the move (or special move) of a move line that has been read: the checks that
    /// depend on the record so far (ply number, a move after an ending), then the node.
    /// `at` is where the ply number starts and `body_at` where the move starts, for columns.
    #[allow(clippy::too_many_arguments)]
    fn add_move(
        &mut self,
        line: &str,
        at: usize,
        no: u32,
        ply: u32,
        body_at: usize,
        parsed: Body<'_>,
        tail: Tail,
    ) {
        let expected_ply = self.path.len() as u32;
        if ply != expected_ply && !self.ply_warned {
            self.ply_warned = true;
            self.warn(
                "ply-mismatch",
                no,
                column_of(line, at),
                format!("The move is numbered {ply} but is ply {expected_ply} of its line; the numbers are ignored and the lines are read in order."),
            );
        }
        let parent = self.current();
        if !self.after_end_warned
            && matches!(self.record.tree.node(parent).kind, NodeKind::Ending(_))
        {
            self.after_end_warned = true;
            self.warn(
                "move-after-ending",
                no,
                column_of(line, body_at),
                "A move follows an ending (such as `投了`); it is kept after the ending."
                    .to_string(),
            );
        }
        let kind = match parsed {
            Body::Special(word)
                if ja::ending_from_word(word).is_none() && ja::ending_with_side(word).is_some() =>
            {
                let (kind, winner) =
                    ja::ending_with_side(word).unwrap_or((EndingKind::Unknown, None));
                let mut ending = Ending::new(kind, word);
                ending.stated_winner = winner;
                NodeKind::Ending(Box::new(ending))
            }
            Body::Special(word) => {
                let kind = ja::ending_from_word(word).unwrap_or_else(|| {
                    self.warn(
                        "unknown-ending",
                        no,
                        column_of(line, body_at),
                        format!("The special move `{word}` is not one this reader knows; it is kept as an ending of unknown kind."),
                    );
                    EndingKind::Unknown
                });
                NodeKind::Ending(Box::new(Ending::new(kind, word)))
            }
            Body::Move(w) => match self.resolve(w, line, body_at, no) {
                Some(entry) => NodeKind::Move(entry),
                None => return,
            },
        };
        self.push_node(kind, no, tail.time, tail.flagged);
    }

    /// Turns a written move into a [`MoveEntry`]; errors stop the record.
    fn resolve(&mut self, w: ParsedMove, line: &str, body_at: usize, no: u32) -> Option<MoveEntry> {
        let to = if w.same {
            let prev = match &self.record.tree.node(self.current()).kind {
                NodeKind::Move(e) => Some(e.mv.to()),
                _ => None,
            };
            match prev {
                Some(to) => to,
                None => {
                    self.error(
                        "parse-error",
                        no,
                        column_of(line, body_at),
                        format!("The move `{}` says `同` (the square of the previous move), but no move precedes it; expected a square such as ７六.", ja::trim_spaces(line.get(body_at..).unwrap_or(""))),
                    );
                    return None;
                }
            }
        } else {
            w.to?
        };
        let piece = if w.promote {
            w.piece.promote().unwrap_or(w.piece)
        } else {
            w.piece
        };
        let mv = if w.drop {
            Move::Drop { kind: w.piece, to }
        } else if let Some(from) = w.from {
            Move::Normal {
                from,
                to,
                promote: w.promote,
            }
        } else {
            let candidates = self
                .position_now()
                .map(|pos| candidates(pos, w.piece, to, w.promote));
            let text = ja::trim_spaces(line.get(body_at..).unwrap_or("")).to_string();
            match candidates.as_deref() {
                Some([only]) => {
                    let mv = *only;
                    let how = match mv {
                        Move::Normal { from, .. } => format!("from {}{}", from.file(), from.rank()),
                        Move::Drop { .. } => "as a drop".to_string(),
                    };
                    self.warn(
                        "missing-source",
                        no,
                        column_of(line, body_at),
                        format!("The move `{text}` gives no source square; the only legal move that fits is {how}, which was used."),
                    );
                    mv
                }
                found => {
                    let why = match found {
                        None => "the start position cannot be played".to_string(),
                        Some([]) => "no legal move fits it".to_string(),
                        Some(many) => format!(
                            "{} legal moves fit it ({})",
                            many.len(),
                            many.iter()
                                .map(|m| m.from().map_or("drop".to_string(), |f| format!(
                                    "{}{}",
                                    f.file(),
                                    f.rank()
                                )))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    };
                    self.error(
                        "parse-error",
                        no,
                        column_of(line, body_at),
                        format!("The move `{text}` gives no source square and {why}; expected a source such as `(77)` after the piece, or `打` for a drop."),
                    );
                    return None;
                }
            }
        };
        Some(MoveEntry {
            mv,
            mover: None,
            piece: Some(piece),
        })
    }

    fn variation(&mut self, line: &str, at: usize, no: u32) {
        let body = line.get(at..).unwrap_or("");
        let rest = body.strip_prefix("変化").unwrap_or(body);
        let rest = rest.trim_start_matches(ja::is_space);
        let rest = rest
            .strip_prefix('：')
            .or_else(|| rest.strip_prefix(':'))
            .unwrap_or(rest)
            .trim_start_matches(ja::is_space);
        let n = ja::parse_number(rest).map(|(n, _)| n as usize);
        let Some(n) = n.filter(|&n| n >= 1) else {
            let off = body.len() - rest.len();
            self.error(
                "parse-error",
                no,
                column_of(line, at + off),
                format!("Could not read the variation line `{}`: expected `変化：N手` with the ply N (1 or more) where the variation branches off.", ja::trim_spaces(body)),
            );
            return;
        };
        if !self.pre.moves_started || self.path.len() == 1 && self.record.tree.is_empty() {
            self.warn(
                "misplaced-variation",
                no,
                column_of(line, at),
                "A variation line comes before any move and was ignored.".to_string(),
            );
            return;
        }
        // 1. The current line's ply-n node carries an unused `+`.
        if let Some(&node) = self.path.get(n) {
            if self.take_flag(n, node) {
                self.truncate_path(n);
                return;
            }
        }
        // 2. The most recently read unused `+` at ply n.
        if let Some(node) = self.flagged.get_mut(n).and_then(Vec::pop) {
            if let Some(parent) = self.record.tree.node(node).parent() {
                self.set_path_to(parent);
                return;
            }
        }
        // 3. The current line, which reaches ply n-1.
        if self.path.len() >= n {
            self.truncate_path(n);
            return;
        }
        // 4. The line most recently read that reaches ply n-1.
        if let Some(&node) = self.last_at_ply.get(n - 1) {
            self.set_path_to(node);
            return;
        }
        let reached = self.path.len() - 1;
        self.error(
            "parse-error",
            no,
            column_of(line, at),
            format!("The variation `{}` branches at ply {n}, but no line before it reaches ply {}; expected a ply from 1 to {}.", ja::trim_spaces(body), n - 1, reached + 1),
        );
    }

    /// Makes the current path end at `node`.
    fn set_path_to(&mut self, node: NodeId) {
        kakinoki::set_path_to(
            &self.record.tree,
            node,
            &mut self.path,
            &mut self.path_moves,
        );
        self.cache = None;
    }

    fn take_flag(&mut self, ply: usize, node: NodeId) -> bool {
        if let Some(v) = self.flagged.get_mut(ply) {
            if let Some(i) = v.iter().rposition(|&x| x == node) {
                v.remove(i);
                return true;
            }
        }
        false
    }

    fn summary(&mut self, text: &str, no: u32, col: u32) {
        self.begin_moves();
        if self.stopped {
            return;
        }
        let Some(s) = ja::parse_summary(text) else {
            return;
        };
        let cur = self.current();
        let moves = self.path_moves.last().copied().unwrap_or(0);
        // The ply count a summary states: the plies before its ending (Kifu for Windows counts
        // an earlier ending line as a ply).
        let plies = (self.path.len() as u32).saturating_sub(1);
        let to_move = if moves % 2 == 0 {
            self.start_side
        } else {
            self.start_side.flip()
        };
        if let NodeKind::Ending(e) = &mut self.record.tree.node_mut(cur).kind {
            if s.winner.is_some() {
                e.stated_winner = s.winner;
            }
            let problem = summary_mismatch(e, &s, to_move, plies.saturating_sub(1));
            if let Some(problem) = problem {
                self.warn(
                    "summary-mismatch",
                    no,
                    col,
                    format!("The summary `{text}` disagrees with the record: {problem}."),
                );
            }
            return;
        }
        let ending = kakinoki::summary_ending(text, s, plies, no, col, &mut self.record.warnings);
        self.push_node(NodeKind::Ending(Box::new(ending)), no, None, false);
    }

    fn finish(mut self) -> Record {
        if !self.stopped && !self.pre.moves_started {
            self.begin_moves();
        }
        self.record
    }
}

/// How a summary disagrees with the ending it follows, if it does.
fn summary_mismatch(e: &Ending, s: &ja::Summary, to_move: Color, moves: u32) -> Option<String> {
    use EndingKind::*;
    if let Some(p) = s.plies {
        if p != moves {
            return Some(format!("it counts {p} moves, the line has {moves}"));
        }
    }
    if e.kind == Unknown {
        return None;
    }
    let fouls = |k: &EndingKind| matches!(k, FoulWin | IllegalMove | IllegalAction { .. });
    if let Some(w) = s.winner {
        match e.implied_winner(to_move) {
            // The ending line decides who won; the replay reports a summary naming the other
            // side as a `result-mismatch`.
            Some(Some(_)) => {}
            // A repetition has a winner when it was perpetual check.
            Some(None) if matches!(e.kind, Repetition | PerpetualCheck) => {}
            Some(None) => {
                return Some(format!(
                    "it names {w} the winner, but `{}` has no winner",
                    e.raw
                ))
            }
            _ => {}
        }
        let repetitions = |k: &EndingKind| matches!(k, Repetition | PerpetualCheck);
        if s.specific
            && s.kind != e.kind
            && !(fouls(&s.kind) && fouls(&e.kind))
            && !(repetitions(&s.kind) && repetitions(&e.kind))
        {
            return Some(format!("it describes another ending than `{}`", e.raw));
        }
    } else if s.kind != Unknown && s.kind != e.kind {
        return Some(format!("it describes another ending than `{}`", e.raw));
    }
    None
}

/// The legal moves of `kind` to `to` (promoting when `promote`), or, when there is none and
/// `kind` is in hand, its drop: how KI2 resolves a move without a source.
fn candidates(pos: &Position, kind: PieceKind, to: Square, promote: bool) -> Vec<Move> {
    let legal = pos.legal_moves();
    let board: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| match *m {
            Move::Normal {
                from,
                to: t,
                promote: p,
            } => t == to && p == promote && pos.piece_at(from).is_some_and(|pc| pc.kind == kind),
            Move::Drop { .. } => false,
        })
        .collect();
    if !board.is_empty() || promote {
        return board;
    }
    legal
        .iter()
        .copied()
        .filter(|m| matches!(*m, Move::Drop { kind: k, to: t } if k == kind && t == to))
        .collect()
}

/// The ply number of a move line whose digits start at byte `at` (saturating), and the byte
/// after the digits.
#[inline]
fn ply_number(b: &[u8], at: usize) -> (u32, usize) {
    let mut i = at;
    let mut ply: u32 = 0;
    while let Some(&d @ b'0'..=b'9') = b.get(i) {
        ply = ply.saturating_mul(10).saturating_add(u32::from(d - b'0'));
        i += 1;
    }
    (ply, i)
}

/// Where the move of a move line starts: after the spaces that follow the ply number.
#[inline]
fn body_start(line: &str, digits_end: usize) -> usize {
    let rest = line.get(digits_end..).unwrap_or("");
    digits_end + (rest.len() - rest.trim_start_matches(ja::is_space).len())
}

// ---------------------------------------------------------------------------------------------
// The short path for plain move lines
// ---------------------------------------------------------------------------------------------

/// A move line read by [`quick_move_line`]: the ply number, where the move starts, the move
/// and what follows it.
#[derive(Debug, PartialEq, Eq)]
struct QuickMove {
    ply: u32,
    body_at: usize,
    mv: ParsedMove,
    tail: Tail,
}

/// Reads a move line of the shape nearly every KIF file is made of, such as
/// `   1 ７六歩(77)   ( 0:16/00:00:16)` or `  12 同　角成(88)` or `  31 ５五角打 +`: the ply
/// number (digits from byte `at`), spaces, a destination (a full-width file digit and a kanji
/// rank, or `同` and optional spaces), a piece name, at most one of `成`, `不成` and `打`, an
/// optional source `(11)`..`(99)` (spaces may come before it), and optionally spaces, one time
/// column `( m:ss/hh:mm:ss)` (spaces may start it; one to three minute digits), spaces, `+`
/// and spaces.
///
/// Returns `None` for any other line, which the general path ([`ply_number`], [`body_start`],
/// [`parse_body`], [`parse_tail`]) then reads; for the lines it accepts, the result is exactly
/// what the general path computes, with no warning to give (`bad_time` and `extra` unset).
#[inline]
fn quick_move_line(line: &str, at: usize) -> Option<QuickMove> {
    let b = line.as_bytes();
    let (ply, digits_end) = ply_number(b, at);
    let body_at = skip_spaces(b, digits_end);
    if body_at == digits_end {
        return None;
    }
    let (mut mv, mut i) = quick_destination(b, body_at)?;
    let (piece, len) = ja::parse_piece(line.get(i..)?)?;
    (mv.piece, i) = (piece, i + len);
    i = quick_modifier(b, i, &mut mv)?;
    i = quick_source(b, i, &mut mv)?;
    let tail = quick_tail(b, i)?;
    Some(QuickMove {
        ply,
        body_at,
        mv,
        tail,
    })
}

/// The character at byte `i` if it is one of three bytes in UTF-8 (every kanji, kana and
/// full-width form is), else `None`. `b` must be valid UTF-8, so a lead byte `E0`..`EF` is
/// always followed by its two continuation bytes.
#[inline]
fn char3(b: &[u8], i: usize) -> Option<char> {
    match *b.get(i..i + 3)? {
        [lead @ 0xE0..=0xEF, c1, c2] => char::from_u32(
            u32::from(lead & 0x0F) << 12 | u32::from(c1 & 0x3F) << 6 | u32::from(c2 & 0x3F),
        ),
        _ => None,
    }
}

/// The destination at byte `i`, `７六` or `同` with the spaces after it, as a move with no
/// piece yet, and the byte after it.
#[inline]
fn quick_destination(b: &[u8], i: usize) -> Option<(ParsedMove, usize)> {
    let mut mv = ParsedMove {
        same: false,
        to: None,
        piece: PieceKind::Pawn,
        promote: false,
        drop: false,
        from: None,
    };
    let first = char3(b, i)?;
    if first == '同' {
        mv.same = true;
        return Some((mv, skip_spaces(b, i + 3)));
    }
    if !('１'..='９').contains(&first) {
        return None;
    }
    let file = ja::digit_value(first)?;
    let rank = ja::digit_value(char3(b, i + 3)?)?;
    mv.to = Some(Square::new(file, rank)?);
    Some((mv, i + 6))
}

/// One optional modifier at byte `i` (`成`, `不成` or `打`), recorded in `mv`; the byte after
/// it. `None` when another modifier or a KI2 word follows, which the general path reads.
#[inline]
fn quick_modifier(b: &[u8], mut i: usize, mv: &mut ParsedMove) -> Option<usize> {
    match char3(b, i) {
        Some('成') => {
            mv.promote = true;
            i += 3;
        }
        Some('不') if char3(b, i + 3) == Some('成') => i += 6,
        Some('打') => {
            mv.drop = true;
            i += 3;
        }
        _ => {}
    }
    // Only the end, ASCII or an ideographic space may follow: anything else could be a
    // further modifier.
    match b.get(i) {
        None => Some(i),
        Some(c) if c.is_ascii() => Some(i),
        Some(_) => (char3(b, i) == Some('\u{3000}')).then_some(i),
    }
}

/// The source `(77)` at byte `i` after optional spaces, recorded in `mv`; the byte after it,
/// or `i` when there is none. `None` for `(00)`, a zero digit, or a source after `打`.
#[inline]
fn quick_source(b: &[u8], i: usize, mv: &mut ParsedMove) -> Option<usize> {
    let at = skip_spaces(b, i);
    let (Some(b'('), Some(&f), Some(&r), Some(b')')) =
        (b.get(at), b.get(at + 1), b.get(at + 2), b.get(at + 3))
    else {
        return Some(i);
    };
    if !(f.is_ascii_digit() && r.is_ascii_digit()) {
        return Some(i);
    }
    if mv.drop {
        return None;
    }
    mv.from = Some(Square::from_digits(&[f, r])?);
    Some(at + 4)
}

/// What follows the move from byte `i`: spaces, at most one time column
/// `( m:ss/hh:mm:ss)`, spaces, an optional `+` and spaces, to the end of the line.
#[inline]
fn quick_tail(b: &[u8], i: usize) -> Option<Tail> {
    let mut tail = Tail::default();
    let mut i = skip_spaces(b, i);
    if b.get(i) == Some(&b'(') {
        let (time, end) = quick_time(b, i + 1)?;
        tail.time = Some(time);
        i = skip_spaces(b, end);
    }
    if b.get(i) == Some(&b'+') {
        tail.flagged = true;
        i = skip_spaces(b, i + 1);
    }
    (i == b.len()).then_some(tail)
}

/// A time column's inside from byte `i`: optional spaces, `m:ss/hh:mm:ss` (one to three
/// minute digits, two digits elsewhere) and the closing `)`; the time and the byte after `)`.
#[inline]
fn quick_time(b: &[u8], i: usize) -> Option<(MoveTime, usize)> {
    let start = skip_spaces(b, i);
    let mut i = start;
    let mut minutes: u64 = 0;
    while let Some(&d @ b'0'..=b'9') = b.get(i).filter(|_| i < start + 3) {
        minutes = minutes * 10 + u64::from(d - b'0');
        i += 1;
    }
    if i == start {
        return None;
    }
    let [b':', s1, s2, b'/', h1, h2, b':', m1, m2, b':', t1, t2, b')'] = *b.get(i..i + 13)? else {
        return None;
    };
    if ![s1, s2, h1, h2, m1, m2, t1, t2]
        .iter()
        .all(u8::is_ascii_digit)
    {
        return None;
    }
    let two = |tens: u8, ones: u8| u64::from(tens - b'0') * 10 + u64::from(ones - b'0');
    let spent = minutes * 60 + two(s1, s2);
    let total = (two(h1, h2) * 60 + two(m1, m2)) * 60 + two(t1, t2);
    let time = MoveTime {
        spent_ms: Some(spent * 1000),
        total_ms: Some(total * 1000),
    };
    Some((time, i + 13))
}

/// Parses the move part of a move line (after the ply number): a move or a special word, and
/// the byte offset where it ends; on failure the offset and what was expected.
#[inline]
fn parse_body(s: &str) -> Result<(Body<'_>, usize), (usize, &'static str)> {
    const PIECE: &str =
        "a piece name (歩, 香, 桂, 銀, 金, 角, 飛, 玉, と, 成香, 成桂, 成銀, 馬 or 龍)";
    let mut i = 0;
    let mut chars = s.chars();
    let mut c = chars.next().ok_or((0, "a move"))?;
    if matches!(c, '▲' | '△' | '☗' | '☖' | '▼' | '▽') {
        i += c.len_utf8();
        c = s
            .get(i..)
            .and_then(|r| r.chars().next())
            .ok_or((i, "a move after the side mark"))?;
    }
    let mut w = ParsedMove {
        same: false,
        to: None,
        piece: PieceKind::Pawn,
        promote: false,
        drop: false,
        from: None,
    };
    if ja::is_same_mark(c) {
        w.same = true;
        i += c.len_utf8();
        let rest = s.get(i..).unwrap_or("");
        i += rest.len() - rest.trim_start_matches(ja::is_space).len();
    } else if let Some((sq, len)) = ja::parse_square(s.get(i..).unwrap_or("")) {
        w.to = Some(sq);
        i += len;
    } else if c.is_ascii_digit() || ('１'..='９').contains(&c) || c == '０' {
        return Err((
            i + c.len_utf8(),
            "a square such as ７六: a file digit and a rank 一 to 九",
        ));
    } else {
        // A special move: the word up to a space or `(`.
        let rest = s.get(i..).unwrap_or("");
        let len = rest
            .find(|ch: char| ja::is_space(ch) || ch == '(' || ch == '+')
            .unwrap_or(rest.len());
        let mut len = len;
        // A side named before the word (`先手 反則負け`): the ending is both.
        if ja::side_from_name(rest.get(..len).unwrap_or("")).is_some() {
            let after = rest.get(len..).unwrap_or("");
            let spaces = after.len() - after.trim_start_matches(ja::is_space).len();
            let next = &after[spaces..];
            let next_len = next
                .find(|ch: char| ja::is_space(ch) || ch == '(' || ch == '+')
                .unwrap_or(next.len());
            if ja::ending_from_word(&next[..next_len]).is_some() {
                len += spaces + next_len;
            }
        }
        let word = rest.get(..len).unwrap_or("");
        if ja::ending_from_word(word).is_none()
            && ja::ending_with_side(word).is_none()
            && word.chars().any(|ch| ja::piece_from_char(ch).is_some())
        {
            return Err((
                i,
                "a square such as ７六 or `同`, or a special move such as `投了`",
            ));
        }
        return Ok((Body::Special(word), i + len));
    }
    let (piece, len) = ja::parse_piece(s.get(i..).unwrap_or("")).ok_or((i, PIECE))?;
    w.piece = piece;
    i += len;
    // Modifiers: 成, 不成/生, 打, and KI2 words that KIF does not need.
    loop {
        let rest = s.get(i..).unwrap_or("");
        let Some(m) = rest.chars().next() else { break };
        match m {
            '成' => w.promote = true,
            '生' => {}
            '不' if rest.starts_with("不成") => i += '成'.len_utf8(),
            '打' => w.drop = true,
            '右' | '左' | '上' | '引' | '寄' | '直' | '行' | '入' => {}
            _ => break,
        }
        i += m.len_utf8();
    }
    // The source: `(77)`, `(00)` for a drop; spaces may come before it.
    let rest = s.get(i..).unwrap_or("");
    let spaces = rest.len() - rest.trim_start_matches(ja::is_space).len();
    let b = rest.as_bytes();
    let source_at = i + spaces;
    if b.get(spaces) == Some(&b'(') {
        let digits = b.get(spaces + 1..spaces + 3).unwrap_or(&[]);
        let close = b.get(spaces + 3) == Some(&b')');
        if digits.len() == 2 && digits.iter().all(u8::is_ascii_digit) && close {
            if matches!(digits, [b'0', b'0']) {
                w.drop = true;
            } else {
                w.from = Some(Square::from_digits(digits).ok_or((
                    i + spaces + 1,
                    "a source square of two digits 1-9 such as (77), or (00) for a drop",
                ))?);
            }
            i += spaces + 4;
        }
    }
    if w.drop && w.from.is_some() {
        return Err((source_at, "either `打` or a source square, not both"));
    }
    Ok((Body::Move(w), i))
}

/// Parses what follows a move: spaces, time columns, `+`.
#[inline]
fn parse_tail(s: &str) -> Tail {
    let mut tail = Tail::default();
    let b = s.as_bytes();
    let mut i = skip_spaces(b, 0);
    let mut groups = 0;
    while b.get(i) == Some(&b'(') {
        let mut j = i + 1;
        match parse_time(b, &mut j) {
            Some(t) if b.get(j) == Some(&b')') => {
                if groups == 0 {
                    tail.time = Some(t);
                }
                j += 1;
            }
            _ => {
                if groups == 0 {
                    tail.bad_time = Some(i);
                }
                j = b
                    .get(i..)
                    .and_then(|r| r.iter().position(|&c| c == b')'))
                    .map_or(b.len(), |p| i + p + 1);
            }
        }
        groups += 1;
        i = skip_spaces(b, j);
    }
    if b.get(i) == Some(&b'+') {
        tail.flagged = true;
        i = skip_spaces(b, i + 1);
    }
    if i < b.len() {
        tail.extra = Some(i);
    }
    tail
}

/// Parses a time column's inside from byte `*i` up to (not including) its `)`:
/// `spent/total`, each `m:ss` or `h:mm:ss`; either may be missing, and spaces may surround
/// them.
#[inline]
fn parse_time(b: &[u8], i: &mut usize) -> Option<MoveTime> {
    let spent = duration_ms(b, i)?;
    let total = if b.get(*i) == Some(&b'/') {
        *i += 1;
        duration_ms(b, i)?
    } else {
        None
    };
    if spent.is_none() && total.is_none() {
        return None;
    }
    Some(MoveTime {
        spent_ms: spent,
        total_ms: total,
    })
}

/// Reads a duration `h:m:s`, `m:s` or `s` from byte `*i` (spaces around it skipped):
/// `Some(None)` when there is none, `None` when the text is not a duration.
#[inline(always)]
fn duration_ms(b: &[u8], i: &mut usize) -> Option<Option<u64>> {
    *i = skip_spaces(b, *i);
    if !b.get(*i).is_some_and(u8::is_ascii_digit) {
        return Some(None);
    }
    let mut secs: u64 = 0;
    let mut n: u64 = 0;
    let mut parts = 1;
    let mut digits = 0;
    while let Some(&c) = b.get(*i) {
        match c {
            b'0'..=b'9' => {
                n = push_digit(n, c);
                digits += 1;
            }
            b':' if digits > 0 && parts < 3 => {
                secs = secs.saturating_mul(60).saturating_add(n);
                n = 0;
                digits = 0;
                parts += 1;
            }
            _ => break,
        }
        *i += 1;
    }
    if digits == 0 {
        return None;
    }
    secs = secs.saturating_mul(60).saturating_add(n);
    *i = skip_spaces(b, *i);
    Some(Some(secs.saturating_mul(1000)))
}

/// `n * 10 + digit`, saturating at `u64::MAX` (checked only when it could overflow).
#[inline(always)]
fn push_digit(n: u64, digit: u8) -> u64 {
    let d = u64::from(digit - b'0');
    if n < u64::MAX / 10 - 1 {
        n * 10 + d
    } else {
        n.saturating_mul(10).saturating_add(d)
    }
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// Settings for [`write()`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// When set, the first line declares the encoding the caller will use:
    /// `#KIF version=2.0 encoding=Shift_JIS` (or `UTF-8`).
    pub declare_encoding: Option<&'static str>,
    /// Write a declined promotion as `不成` (`２二角不成(88)`). Off by default: the KIF files
    /// of the common programs write the move without `成`, and several readers reject `不成`.
    pub funari: bool,
}

/// The written text and what the format could not carry.
pub use super::write::Written;

/// The first characters of a KIF move line, and the further prefixes the reader takes for
/// something else: a header key must not start with them.
const KEYS: (fn(char) -> bool, &[&str]) = (|c| matches!(c, '0'..='9' | '９'), &["手数-", "手数－"]);

/// Writes `record` as KIF, in the layout Kifu for Windows writes:
///
/// - `#KIF version=2.0 encoding=…` when [`WriteOptions::declare_encoding`] asks;
/// - the header lines `key：value` in the record's order (shared keys from other formats get
///   their KIF names, `$EVENT` → `棋戦`, `N+` → `先手`; other keys are written as they are),
///   with `手合割：…` (and a board diagram for a position no handicap names, as `その他`)
///   before the players' names;
/// - `手数----指手---------消費時間--`, comments on the start, then one line per move
///   (`   1 ７六歩(77)   ( 0:16/00:00:16)`, `同　`, `打`, `成`; a declined promotion is the
///   move without `成`, or with `不成` when [`WriteOptions::funari`] asks; a `+` when the move
///   has variations), its `*` comments, `**` engine comments
///   and `&` bookmark;
/// - the ending (`  96 千日手`) and the `まで95手で…` summary when the line ends in one (the
///   winner named is the stated one, else the one the ending implies);
/// - the variations as `変化：N手` blocks, deeper ones first, as Kifu for Windows orders them.
pub fn write(record: &Record, options: &WriteOptions) -> Written {
    let mut out = String::with_capacity(512 + record.tree.len() * 40);
    let mut dropped = Vec::new();
    if let Some(enc) = options.declare_encoding {
        let _ = writeln!(out, "#KIF version=2.0 encoding={enc}");
    }
    let start = record.start.normalized();
    let handicap_game = matches!(start, Start::Handicap(h) if h != Handicap::Even);
    kakinoki::write_banner(record.tree.root(), &mut out);
    kakinoki::write_headers(record, &start, handicap_game, KEYS, &mut out, &mut dropped);
    out.push_str("手数----指手---------消費時間--\n");
    let tree = &record.tree;
    write_notes(tree.root(), false, &mut out);
    let pos = start.position().ok();
    let mut ctx = LineWriter {
        tree,
        out: &mut out,
        dropped: &mut dropped,
        handicap_game,
        start_side: start.setup().side_to_move,
        funari: options.funari,
    };
    kakinoki::write_lines(tree, &mut ctx, pos);
    Written { text: out, dropped }
}

struct LineWriter<'a> {
    tree: &'a MoveTree,
    out: &'a mut String,
    dropped: &'a mut Vec<String>,
    handicap_game: bool,
    start_side: Color,
    funari: bool,
}

impl kakinoki::LineSink for LineWriter<'_> {
    fn write_line(
        &mut self,
        first: NodeId,
        ply: u32,
        moves: u32,
        pos: Option<Position>,
    ) -> Vec<Branch> {
        LineWriter::write_line(self, first, ply, moves, pos)
    }

    fn write_variation_header(&mut self, ply: u32) {
        let _ = write!(self.out, "\n変化：{}手\n", ply);
    }
}

impl LineWriter<'_> {
    /// Writes the line from `first` (numbered `ply`, after `moves` moves) by first children;
    /// returns the nodes on it that have variations.
    fn write_line(
        &mut self,
        first: NodeId,
        ply: u32,
        moves: u32,
        mut pos: Option<Position>,
    ) -> Vec<Branch> {
        let mut branches = Vec::new();
        let (mut ply, mut moves) = (ply, moves);
        let mut current = Some(first);
        while let Some(id) = current {
            let node = self.tree.node(id);
            let plus = node.next_sibling().is_some();
            if plus {
                branches.push(Branch {
                    node: id,
                    ply,
                    moves,
                    pos: pos.clone(),
                });
            }
            let mut summary = None;
            match &node.kind {
                NodeKind::Root => {}
                NodeKind::Move(entry) => {
                    let prev_to = node
                        .parent()
                        .and_then(|p| self.tree.node(p).move_entry())
                        .map(|e| e.mv.to());
                    let Some((text, played)) = move_text(pos.as_ref(), entry, prev_to, self.funari)
                    else {
                        note(
                            self.dropped,
                            "moves from an empty square that name no piece (and the rest of their line)",
                        );
                        break;
                    };
                    self.move_line(ply, &text, node, plus);
                    if let Some(p) = pos.as_mut() {
                        if let Some(m) = entry.mover {
                            if m != p.side_to_move() {
                                note(
                                    self.dropped,
                                    "moves made out of turn (KIF alternates sides)",
                                );
                                p.set_side_to_move(m);
                            }
                        }
                        p.play_unchecked(played);
                    }
                    moves += 1;
                }
                NodeKind::Ending(e) => {
                    let to_move = pos.as_ref().map_or_else(
                        || {
                            if moves % 2 == 0 {
                                self.start_side
                            } else {
                                self.start_side.flip()
                            }
                        },
                        Position::side_to_move,
                    );
                    let stated_by_summary = e
                        .raw
                        .starts_with("まで")
                        .then(|| ja::parse_summary(&e.raw))
                        .flatten();
                    if let Some(parsed) = stated_by_summary {
                        // An ending only a summary stated (KI2, or a KIF without the ending
                        // line): the ending line the readers need (tsshogi and
                        // json-kifu-format take the ending from it), then the summary as it
                        // was. An ending no word stands for is the summary alone.
                        if e.kind == EndingKind::Unknown {
                            if node.time.is_some() {
                                note(self.dropped, "times of endings stated only by a summary");
                            }
                        } else {
                            let word = self.ending_word(e, to_move);
                            self.move_line(ply, &word, node, plus);
                        }
                        let _ = writeln!(self.out, "{}", one_line(&e.raw));
                        if e.stated_winner.is_some() && e.stated_winner != parsed.winner {
                            summary = summary_for(e, to_move, moves, self.handicap_game);
                        }
                    } else {
                        let word = self.ending_word(e, to_move);
                        self.move_line(ply, &word, node, plus);
                        // After the line's last node (as Kifu for Windows writes it), or wherever
                        // the ending states a winner.
                        if node.first_child().is_none() || e.stated_winner.is_some() {
                            summary = summary_for(e, to_move, moves, self.handicap_game);
                        }
                    }
                }
            }
            write_notes(node, true, self.out);
            if let Some(s) = summary {
                self.out.push_str(&s);
                self.out.push('\n');
            }
            ply += 1;
            current = node.first_child();
        }
        branches
    }

    fn move_line(&mut self, ply: u32, text: &str, node: &Node, plus: bool) {
        let _ = write!(self.out, "{ply:>4} {text}");
        if node.time.is_some() || plus {
            let width: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            for _ in 0..13usize.saturating_sub(width).max(1) {
                self.out.push(' ');
            }
        }
        if let Some(t) = node.time {
            push_time(self.out, t, self.dropped);
        }
        if plus {
            self.out.push('+');
        }
        self.out.push('\n');
    }

    fn ending_word(&mut self, e: &Ending, to_move: Color) -> String {
        let raw = ja::trim_spaces(&e.raw);
        if ja::ending_from_word(raw).as_ref() == Some(&e.kind) {
            return raw.to_string();
        }
        use EndingKind::*;
        let word = match &e.kind {
            Unknown => {
                if !raw.is_empty()
                    && !raw.contains(|c: char| c.is_whitespace() || c == '(' || c == '+')
                    && !raw.starts_with(|c: char| c.is_ascii_digit() || ja::is_same_mark(c))
                    && ja::parse_square(raw).is_none()
                    // The reader takes a word naming a piece for a broken move (`%と`).
                    && !raw.chars().any(|c| ja::piece_from_char(c).is_some())
                {
                    return raw.to_string();
                }
                note(
                    self.dropped,
                    &format!("ending `{}` (written as 中断)", one_line(&e.raw)),
                );
                "中断"
            }
            IllegalAction { loser } => {
                if *loser == to_move {
                    "反則負け"
                } else {
                    "反則勝ち"
                }
            }
            k => {
                let w = ja::ending_word(k).unwrap_or("中断");
                if matches!(k, PerpetualCheck | MaxMoves | Matta | Error | Draw) {
                    note(
                        self.dropped,
                        &format!("ending `{}` (written as {w})", one_line(&e.raw)),
                    );
                }
                w
            }
        };
        word.to_string()
    }
}

/// The `まで…` line after an ending, when there is something to say.
fn summary_for(e: &Ending, to_move: Color, moves: u32, handicap: bool) -> Option<String> {
    use EndingKind::*;
    let winner = kakinoki::summary_winner(e, to_move);
    let kind = match &e.kind {
        IllegalAction { .. } => {
            if winner == Some(to_move) {
                FoulWin
            } else {
                IllegalMove
            }
        }
        k => k.clone(),
    };
    ja::summary_sentence(moves as usize, &kind, winner, handicap)
}

fn push_time(out: &mut String, t: MoveTime, dropped: &mut Vec<String>) {
    if t.spent_ms.is_some_and(|ms| ms % 1000 != 0) || t.total_ms.is_some_and(|ms| ms % 1000 != 0) {
        note(dropped, "fractions of a second in times");
    }
    out.push('(');
    if let Some(ms) = t.spent_ms {
        let s = ms / 1000;
        let _ = write!(out, "{:>2}:{:02}", s / 60, s % 60);
    }
    out.push('/');
    if let Some(ms) = t.total_ms {
        let s = ms / 1000;
        let _ = write!(out, "{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    }
    out.push(')');
}

/// The text of a move (`７六歩(77)`, `同　角成(88)`, `５五角打`, `２二角(88)` for a declined
/// promotion, or `２二角不成(88)` with `funari`) and the move to carry out on the board (with
/// the promotion a CSA-style claim implies); `None` when the move names no piece and its
/// source square is empty.
fn move_text(
    pos: Option<&Position>,
    entry: &MoveEntry,
    prev_to: Option<Square>,
    funari: bool,
) -> Option<(String, Move)> {
    let mut s = String::with_capacity(24);
    let dest = |s: &mut String, to: Square| {
        if prev_to == Some(to) {
            s.push_str("同\u{3000}");
        } else {
            ja::push_square(s, to);
        }
    };
    match entry.mv {
        Move::Drop { kind, to } => {
            dest(&mut s, to);
            s.push_str(ja::piece_name(kind));
            s.push('打');
            Some((s, entry.mv))
        }
        Move::Normal { from, to, promote } => {
            let board = pos.and_then(|p| p.piece_at(from));
            let (before, promotes) = match (entry.piece, board.map(|p| p.kind)) {
                (Some(c), _) if promote => (c.unpromote(), true),
                (Some(c), Some(b)) if b.promote() == Some(c) => (b, true),
                (Some(c), _) => (c, false),
                (None, Some(b)) => (b, promote),
                (None, None) => return None,
            };
            let color = board
                .map(|p| p.color)
                .or_else(|| pos.map(Position::side_to_move))
                .unwrap_or(Color::Black);
            dest(&mut s, to);
            s.push_str(ja::piece_name(before));
            if promotes {
                s.push('成');
            } else if funari && before.can_promote() && (from.in_zone(color) || to.in_zone(color)) {
                s.push_str("不成");
            }
            let _ = write!(s, "({}{})", from.file(), from.rank());
            Some((
                s,
                Move::Normal {
                    from,
                    to,
                    promote: promotes,
                },
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{replay, ReplayOptions};
    use crate::record::MetaKey;
    use crate::text::{decode, EncodingChoice};

    fn one(text: &str) -> Record {
        let mut rs = read(text);
        assert_eq!(rs.len(), 1);
        rs.remove(0)
    }

    /// Found by tests/fuzz_readers.rs: a CSA unknown special move naming a piece (`%と`) was
    /// written as that word, which the KIF reader takes for a broken move.
    #[test]
    fn an_unknown_ending_naming_a_piece_is_written_as_interruption() {
        let r = crate::formats::csa::read("PI\n+\n%\u{3068}\n").remove(0);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let w = write(&r, &WriteOptions::default());
        let back = one(&w.text);
        assert!(back.errors.is_empty(), "{:?}\n{}", back.errors, w.text);
        assert!(w.text.contains("中断"), "{}", w.text);
        assert!(
            w.dropped.iter().any(|d| d.contains("%と")),
            "{:?}",
            w.dropped
        );
    }

    fn usi_moves(r: &Record) -> Vec<String> {
        r.tree.main_line_moves().map(|m| m.mv.to_usi()).collect()
    }

    /// Everything a round trip must keep: metadata, start, and every node with its times and
    /// notes, in tree order (endings compared by kind, raw word and effective winner).
    fn comparable(r: &Record) -> Vec<String> {
        comparable_with(r, true)
    }

    fn comparable_with(r: &Record, pieces: bool) -> Vec<String> {
        let mut out: Vec<String> = r
            .metadata
            .entries()
            .iter()
            .map(|e| format!("meta {:?} {} {}", e.key, e.raw_key, e.value))
            .collect();
        out.push(format!("start {:?}", r.start.normalized()));
        let tree = &r.tree;
        // Depth-first, children in order, with an explicit stack.
        let mut stack = vec![(MoveTree::ROOT, 0usize)];
        let start_side = r.start.setup().side_to_move;
        while let Some((id, depth)) = stack.pop() {
            let n = tree.node(id);
            let kind = match &n.kind {
                NodeKind::Root => "root".to_string(),
                NodeKind::Move(m) if pieces => format!("{} {:?}", m.mv, m.piece),
                NodeKind::Move(m) => m.mv.to_string(),
                NodeKind::Ending(e) => {
                    let moves = tree.ply_of(id);
                    let to_move = if moves % 2 == 0 {
                        start_side
                    } else {
                        start_side.flip()
                    };
                    let implied = match e.kind {
                        EndingKind::Checkmate => None,
                        _ => e.implied_winner(to_move).flatten(),
                    };
                    // An ending only a summary stated is written with its ending line, and
                    // reads back with that line's word.
                    let raw = match ja::ending_word(&e.kind) {
                        Some(word) if e.raw.starts_with("まで") => word,
                        _ => e.raw.as_str(),
                    };
                    format!("end {:?} {} {:?}", e.kind, raw, e.stated_winner.or(implied))
                }
            };
            out.push(format!(
                "{depth} {kind} {:?} {:?} {:?} {:?}",
                n.time,
                n.comments(),
                n.engine_comments(),
                n.bookmark()
            ));
            let children: Vec<_> = tree.children(id).collect();
            for c in children.into_iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        out
    }

    fn round_trip(r: &Record) -> (Record, Written) {
        let w = write(r, &WriteOptions::default());
        (one(&w.text), w)
    }

    fn clean(r: &Record) {
        assert!(r.errors.is_empty(), "errors: {:?}", r.errors);
        assert!(r.warnings.is_empty(), "warnings: {:?}", r.warnings);
    }

    fn codes(issues: &[ReadIssue]) -> Vec<&'static str> {
        issues.iter().map(|i| i.code).collect()
    }

    fn no_fouls(r: &Record) -> crate::record::replay::Report {
        let rep = replay(r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "fouls: {:?}", rep.fouls);
        assert!(rep.errors.is_empty(), "replay errors: {:?}", rep.errors);
        rep
    }

    const H: &str = "手数----指手---------消費時間--\n";

    #[test]
    fn headers_with_either_colon_are_kept_in_order() {
        let r = one(&format!(
            "開始日時：2014/10/16 03:21:41\n終了日時:2014/10/18 18:46:58  \n棋戦：竜王戦　\n場所：東京\n持ち時間：各5時間\n戦型：矢倉\n表題：第1局\n対局日：2014/10/16\n記録係：某\n手合割：平手　　\n先手：羽生\n下手：x\n後手：森内\n上手：y\n{H}   1 ７六歩(77)\n"
        ));
        clean(&r);
        let got: Vec<_> = r
            .metadata
            .entries()
            .iter()
            .map(|e| (e.key, e.raw_key.as_str(), e.value.as_str(), e.line))
            .collect();
        assert_eq!(
            got,
            [
                (MetaKey::StartTime, "開始日時", "2014/10/16 03:21:41", 1),
                (MetaKey::EndTime, "終了日時", "2014/10/18 18:46:58", 2),
                (MetaKey::Event, "棋戦", "竜王戦", 3),
                (MetaKey::Site, "場所", "東京", 4),
                (MetaKey::TimeLimit, "持ち時間", "各5時間", 5),
                (MetaKey::Opening, "戦型", "矢倉", 6),
                (MetaKey::Title, "表題", "第1局", 7),
                (MetaKey::Other, "対局日", "2014/10/16", 8),
                (MetaKey::Other, "記録係", "某", 9),
                (MetaKey::BlackName, "先手", "羽生", 11),
                (MetaKey::BlackName, "下手", "x", 12),
                (MetaKey::WhiteName, "後手", "森内", 13),
                (MetaKey::WhiteName, "上手", "y", 14),
            ]
        );
        assert_eq!(r.start, Start::Handicap(Handicap::Even));
    }

    #[test]
    fn hash_lines_bom_and_commented_headers() {
        // A BOM left in the text must not hide the handicap key.
        let r = one(&format!("\u{feff}手合割：角落ち\n{H}   1 ３四歩(33)\n"));
        clean(&r);
        assert_eq!(r.start, Start::Handicap(Handicap::Bishop));
        let r = one(&format!(
            "#KIF version=2.0 encoding=UTF-8\n# ---- Kifu for Windows ----\n*先手：コメントアウト\n手合割：平手\n#x\n{H}#y\n   1 ７六歩(77)\n"
        ));
        clean(&r);
        assert_eq!(r.tree.root().comments(), ["先手：コメントアウト"]);
        assert!(r.metadata.is_empty());
        assert_eq!(usi_moves(&r), ["7g7f"]);
    }

    #[test]
    fn every_ending_word() {
        use EndingKind::*;
        let words = [
            ("中断", Abort),
            ("投了", Resignation),
            ("持将棋", Impasse),
            ("千日手", Repetition),
            ("詰み", Checkmate),
            ("詰", Checkmate),
            ("不詰", NoMate),
            ("切れ負け", Timeout),
            ("時間切れ", Timeout),
            ("反則勝ち", FoulWin),
            ("反則負け", IllegalMove),
            ("入玉勝ち", Declaration),
            ("宣言勝ち", Declaration),
            ("入玉宣言", Declaration),
            ("不戦勝", ForfeitWin),
            ("不戦敗", ForfeitLoss),
            ("封じ手", Sealed),
            ("トライ", Try),
        ];
        for (word, kind) in words {
            let r = one(&format!(
                "{H}   1 ７六歩(77)\n   2 {word}         ( 0:01/00:00:01)\n"
            ));
            clean(&r);
            let e = r.ending().unwrap();
            assert_eq!((&e.kind, e.raw.as_str()), (&kind, word));
            let id = r.tree.main_line().last().unwrap();
            assert_eq!(r.tree.node(id).line, 3);
            assert_eq!(r.tree.node(id).time.unwrap().spent_ms, Some(1000));
        }
        let r = one(&format!("2014年\n{H}   1 ７六歩(77)\n   2 勝負あり\n"));
        assert!(r.errors.is_empty());
        assert_eq!(codes(&r.warnings), ["unknown-line", "unknown-ending"]);
        let e = r.ending().unwrap();
        assert_eq!((&e.kind, e.raw.as_str()), (&Unknown, "勝負あり"));
    }

    #[test]
    fn summaries_state_winners_and_create_endings() {
        use EndingKind::*;
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 投了\nまで1手で先手の勝ち\n"
        ));
        clean(&r);
        assert_eq!(r.ending().unwrap().stated_winner, Some(Color::Black));
        // Disagreeing with the ending word: the word wins, and the replay reports the
        // disagreement as a `result-mismatch`.
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 投了\nまで1手で後手の勝ち\n"
        ));
        clean(&r);
        assert_eq!(r.ending().unwrap().kind, Resignation);
        assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
        // A repetition's summary may name the winner of a perpetual check.
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 千日手\nまで1手で連続王手の千日手により先手の勝ち\n"
        ));
        clean(&r);
        assert_eq!(r.ending().unwrap().stated_winner, Some(Color::Black));
        let r = one(&format!("{H}   1 ７六歩(77)\n   2 投了\nまで1手で中断\n"));
        assert_eq!(codes(&r.warnings), ["summary-mismatch"]);
        // The foul words follow the side to move; the summary names the side that fouled.
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 反則負け\nまで2手で先手の反則負け\n"
        ));
        clean(&r);
        assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 反則勝ち\nまで2手で先手の反則勝ち\n"
        ));
        clean(&r);
        assert_eq!(r.ending().unwrap().stated_winner, Some(Color::Black));
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 切れ負け\nまで1手で時間切れにより先手の勝ち\n"
        ));
        clean(&r);
        // Without an ending line, the summary is the ending.
        let cases = [
            ("まで2手で先手の勝ち", Resignation, Some(Color::Black)),
            ("まで2手で千日手", Repetition, None),
            ("まで2手で中断", Abort, None),
            (
                "まで2手で時間切れにより後手の勝ち",
                Timeout,
                Some(Color::White),
            ),
            ("まで2手で先手の反則負け", IllegalMove, Some(Color::White)),
            ("まで2手で後手の反則勝ち", FoulWin, Some(Color::White)),
            ("まで2手で先手の入玉勝ち", Declaration, Some(Color::Black)),
            ("まで2手で持将棋", Impasse, None),
            ("まで2手詰", Checkmate, None),
        ];
        for (summary, kind, winner) in cases {
            let r = one(&format!("{H}   1 ７六歩(77)\n   2 ３四歩(33)\n{summary}\n"));
            clean(&r);
            let e = r.ending().unwrap();
            assert_eq!(
                (&e.kind, e.stated_winner, e.raw.as_str()),
                (&kind, winner, summary)
            );
            let id = r.tree.main_line().last().unwrap();
            assert_eq!(r.tree.node(id).line, 4);
            assert_eq!(r.tree.main_line_moves().count(), 2);
        }
        let r = one(&format!("{H}   1 ７六歩(77)\nまで3手で先手の勝ち\n"));
        assert_eq!(codes(&r.warnings), ["summary-mismatch"]);
    }

    #[test]
    fn move_syntax_variants() {
        let text = format!(
            "{H}   1 ▲７六歩(77)\n   2 △３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ５五角打\n   6 ５四歩(53)\n   7 同角(55)\n   8 同 歩(00)\n"
        );
        let r = one(&text);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(
            usi_moves(&r),
            ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e", "5c5d", "5e5d", "P*5d"]
        );
        let pieces: Vec<_> = r.tree.main_line_moves().map(|m| m.piece.unwrap()).collect();
        use PieceKind::*;
        assert_eq!(
            pieces,
            [Pawn, Pawn, Horse, Silver, Bishop, Pawn, Bishop, Pawn]
        );
        assert!(r.tree.main_line_moves().all(|m| m.mover.is_none()));
        // Promoted pieces by every name, 不成 and 生.
        let r = one(&format!("{H}   1 １三成銀(24)\n   2 １三全(24)\n   3 １三成桂(24)\n   4 １三圭(24)\n   5 １三成香(24)\n   6 １三杏(24)\n   7 １三と(24)\n   8 １三竜(24)\n   9 １三龍(24)\n  10 １三王(24)\n  11 ２二角不成(88)\n  12 ２二角生(88)\n  13 ２二銀成(33)\n"));
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let pieces: Vec<_> = r.tree.main_line_moves().map(|m| m.piece.unwrap()).collect();
        assert_eq!(
            pieces,
            [
                ProSilver, ProSilver, ProKnight, ProKnight, ProLance, ProLance, ProPawn, Dragon,
                Dragon, King, Bishop, Bishop, ProSilver
            ]
        );
        let promos: Vec<_> = r
            .tree
            .main_line_moves()
            .map(|m| m.mv.is_promotion())
            .collect();
        assert_eq!(promos.iter().filter(|&&p| p).count(), 1);
        // Lines: the node's line is the file line.
        let lines: Vec<_> = r.tree.main_line().map(|id| r.tree.node(id).line).collect();
        assert_eq!(lines, (2..=14).collect::<Vec<u32>>());
    }

    #[test]
    fn time_columns_of_every_shape() {
        let text = format!("{H}   1 ７六歩(77)   ( 0:16/00:00:16)\n   2 ３四歩(33)   (0:4/0:0:4)\n   3 ２六歩(27)   (00:05 / 00:00:21)\n   4 ８四歩(83)   ( 0:7/)\n   5 ２五歩(26)   (90:00/1:30:21)\n   6 ８五歩(84)   ( 0:01/00:00:12) ( 0:01/00:00:12)+\n   7 ７八金(69)\n   8 ３二金(41)   (  /00:02:00)\n");
        let r = one(&text);
        clean(&r);
        let t = |s: Option<u64>, t: Option<u64>| {
            Some(MoveTime {
                spent_ms: s.map(|x| x * 1000),
                total_ms: t.map(|x| x * 1000),
            })
        };
        let times: Vec<_> = r.tree.main_line().map(|id| r.tree.node(id).time).collect();
        assert_eq!(
            times,
            [
                t(Some(16), Some(16)),
                t(Some(4), Some(4)),
                t(Some(5), Some(21)),
                t(Some(7), None),
                t(Some(5400), Some(5421)),
                t(Some(1), Some(12)),
                None,
                t(None, Some(120)),
            ]
        );
        let r = one(&format!("{H}   1 ７六歩(77)   (abc)\n"));
        assert_eq!(codes(&r.warnings), ["invalid-time"]);
        assert_eq!(r.warnings[0].column, 16);
        assert_eq!(usi_moves(&r), ["7g7f"]);
    }

    /// Main line 1-5; a variation at ply 3 (a `+` on the main line's ply 3); inside it one at
    /// ply 4 that begins with 同; inside that one at ply 5 (depth 3); written deepest first.
    #[test]
    fn variations_at_depth_three_with_a_doh_branch() {
        let text = format!(
            "{H}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)+\n   4 ８四歩(83)\n   5 ２五歩(26)\n\n変化：3手\n   3 ２二角成(88)\n   4 同　銀(31)+\n   5 ８八銀(79)\n\n変化：4手\n   4 同　飛(82)\n   5 ７七桂(89)+\n   6 ５五角打\n\n変化：5手\n   5 ６八銀(79)\n   6 ５五角打\n"
        );
        let r = one(&text);
        clean(&r);
        let t = &r.tree;
        let main: Vec<_> = t.main_line().collect();
        assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"]);
        let v3: Vec<_> = t.children(main[1]).collect();
        assert_eq!(v3.len(), 2);
        let mv = |id: NodeId| t.node(id).move_entry().unwrap().mv.to_usi();
        assert_eq!(mv(v3[1]), "8h2b+");
        let v4: Vec<_> = t.children(v3[1]).collect();
        assert_eq!(
            v4.iter().map(|&id| mv(id)).collect::<Vec<_>>(),
            ["3a2b", "8b2b"]
        );
        let v5: Vec<_> = t.children(v4[1]).collect();
        assert_eq!(
            v5.iter().map(|&id| mv(id)).collect::<Vec<_>>(),
            ["8i7g", "7i6h"]
        );
        assert_eq!(mv(t.node(v5[0]).first_child().unwrap()), "B*5e");
        assert_eq!(mv(t.node(v5[1]).first_child().unwrap()), "B*5e");
        assert_eq!(t.node(v5[1]).line, 19);
        no_fouls(&r);
        // Written back, the same tree.
        let (back, w) = round_trip(&r);
        clean(&back);
        assert_eq!(comparable(&back), comparable(&r), "{}", w.text);
        assert!(w.text.contains("   3 ２六歩(27)   +\n"), "{}", w.text);
    }

    #[test]
    fn variation_order_without_plus_marks_follows_the_current_line() {
        // Kifu for Windows order (deeper first) but no `+` marks.
        let r = one(&format!("{H}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：3手\n   3 ６八銀(79)\n\n変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n\n変化：3手\n   3 ７八銀(79)\n"));
        clean(&r);
        let t = &r.tree;
        let main: Vec<_> = t.main_line().collect();
        assert_eq!(t.children(main[1]).count(), 2);
        let alt2 = t.children(main[0]).nth(1).unwrap();
        assert_eq!(t.children(alt2).count(), 2);
        // A `+` decides over the current line: the second 変化：3手 belongs to the main line.
        let r = one(&format!("{H}   1 ７六歩(77)\n   2 ３四歩(33)+\n   3 ２六歩(27)+\n\n変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n\n変化：3手\n   3 ７八銀(79)\n"));
        clean(&r);
        let main: Vec<_> = r.tree.main_line().collect();
        assert_eq!(r.tree.children(main[1]).count(), 2);
    }

    #[test]
    fn a_move_that_does_not_fit_is_a_foul_not_an_error() {
        let r = one(&format!(
            "{H}   1 ７六歩(75)\n   2 ３四歩(33)\n   3 ２二角(88)\n"
        ));
        clean(&r);
        let rep = replay(&r, &ReplayOptions::default());
        assert_eq!(rep.fouls[0].code, "illegal-move");
        assert_eq!(rep.fouls[0].line, Some(2));
        assert_eq!(rep.fouls[0].ply, 1);
    }

    #[test]
    fn missing_sources_are_resolved_when_unique() {
        let r = one(&format!(
            "{H}   1 ７六歩\n   2 ３四歩(33)\n   3 ２二角成\n   4 同　銀(31)\n   5 ５五角\n"
        ));
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(codes(&r.warnings), ["missing-source"; 3]);
        assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]);
        no_fouls(&r);
        // Two golds can reach 5h: not resolvable.
        let r = one(&format!("{H}   1 ５八金\n"));
        assert_eq!(codes(&r.errors), ["parse-error"]);
        assert!(
            r.errors[0].message.contains("2 legal moves"),
            "{}",
            r.errors[0].message
        );
        assert_eq!((r.errors[0].line, r.errors[0].column), (2, 6));
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases: [(&str, u32, u32); 8] = [
            ("   1 ７六歩(77)\n   2 ３Ｘ歩(33)\n", 4, 7),
            ("   1 ７六(77)\n", 3, 8),
            ("   1 同　歩(77)\n", 3, 6),
            ("   1 ７六歩(77)\n   2\n", 4, 5),
            ("   1 ７六金打(77)\n", 3, 10),
            ("   1 ７六歩(77)\n変化：3手\n   3 ２六歩(27)\n", 4, 1),
            ("   1 ７六歩(77)\n変化：x手\n", 4, 4),
            ("   1 ７六角(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ８八銀打\n   6 ７七犬(88)\n", 8, 8),
        ];
        for (moves, line, column) in cases {
            let r = one(&format!("手合割：平手\n{H}{moves}   9 ７六歩(77)\n"));
            assert_eq!(codes(&r.errors), ["parse-error"], "{moves}");
            let e = &r.errors[0];
            assert_eq!((e.line, e.column), (line, column), "{moves}: {}", e.message);
            assert!(e.message.contains("expected"), "{}", e.message);
            // Reading stopped at the error.
            assert!(r.tree.main_line().all(|id| r.tree.node(id).line < line));
        }
        let r = one("手合割：青空\n先手：a\n");
        assert_eq!(codes(&r.errors), ["unknown-handicap"]);
        assert_eq!((r.errors[0].line, r.errors[0].column), (1, 5));
        assert!(r.errors[0].message.contains("青空"));
        let r = one(&format!("手合割：その他\n{H}   1 ７六歩(77)\n"));
        assert_eq!(codes(&r.errors), ["unknown-handicap"]);
        assert!(r.tree.is_empty());
        let r = one("後手の持駒：なし\n| ・ ・ 犬 ・ ・ ・ ・ ・ ・|一\n");
        assert_eq!(codes(&r.errors), ["parse-error"]);
        assert_eq!((r.errors[0].line, r.errors[0].column), (2, 7));
    }

    #[test]
    fn board_diagrams_give_positions() {
        let board = "後手の持駒：飛二　角二　金三　銀二　桂四　香四　歩十八\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ 銀 ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金　銀\n";
        let r = one(&format!(
            "{board}{H}   1 ５三銀打\n   2 ４一玉(52)\n   3 ４二金打\n   4 詰み\nまで3手で詰み\n"
        ));
        clean(&r);
        let Start::Position(s) = &r.start else {
            panic!("{:?}", r.start)
        };
        assert_eq!(s.to_sfen(), "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1");
        let rep = no_fouls(&r);
        assert_eq!(rep.outcome.reason, "checkmate");
        // 後手番: white moves first.
        let r = one(&format!("{board}後手番\n{H}   1 ４一玉(52)\n"));
        clean(&r);
        assert_eq!(r.start.setup().side_to_move, Color::White);
        no_fouls(&r);
        // A board that is a named handicap is that handicap (its giver moves first).
        let kakuochi = Handicap::Bishop.setup();
        let mut text = String::new();
        ja::write_board(
            &Setup {
                side_to_move: Color::Black,
                ..kakuochi.clone()
            },
            &mut text,
        );
        let r = one(&format!("手合割：角落ち\n{text}{H}   1 ３四歩(33)\n"));
        clean(&r);
        assert_eq!(r.start, Start::Handicap(Handicap::Bishop));
        no_fouls(&r);
        // Disagreeing with the handicap name: a warning, the board wins.
        let r = one(&format!("手合割：平手\n{board}{H}"));
        assert_eq!(codes(&r.warnings), ["handicap-mismatch"]);
        assert_eq!(r.warnings[0].line, 1);
        assert!(matches!(r.start, Start::Position(_)));
    }

    #[test]
    fn handicap_games_have_the_giver_move_first() {
        let r = one(&format!("手合割：香落ち\n上手：A\n下手：B\n{H}   1 ３四歩(33)\n   2 ７六歩(77)\n   3 投了\nまで2手で下手の勝ち\n"));
        clean(&r);
        assert_eq!(r.start, Start::Handicap(Handicap::Lance));
        assert_eq!(r.metadata.get(MetaKey::WhiteName), Some("A"));
        assert_eq!(r.metadata.get(MetaKey::BlackName), Some("B"));
        let rep = no_fouls(&r);
        assert_eq!(rep.outcome.winner, Some(Color::Black));
        for h in Handicap::all() {
            let r = one(&format!("手合割：{}\n", h.japanese()));
            clean(&r);
            assert_eq!(r.start, Start::Handicap(h));
        }
    }

    #[test]
    fn comments_engine_comments_and_bookmarks() {
        let r = one(&format!("*前\n{H}*初期局面\n**評価値=0\n&開始\n   1 ７六歩(77)\n*a\n*\n**深さ=5\n&しおり\n   2 投了\n*終わり\n"));
        clean(&r);
        let root = r.tree.root();
        assert_eq!(root.comments(), ["前", "初期局面"]);
        assert_eq!(root.engine_comments(), ["評価値=0"]);
        assert_eq!(root.bookmark(), Some("開始"));
        let ids: Vec<_> = r.tree.main_line().collect();
        let first = r.tree.node(ids[0]);
        assert_eq!(first.comments(), ["a", ""]);
        assert_eq!(first.engine_comments(), ["深さ=5"]);
        assert_eq!(first.bookmark(), Some("しおり"));
        assert_eq!(r.tree.node(ids[1]).comments(), ["終わり"]);
    }

    #[test]
    fn moves_after_an_ending_are_kept_after_it() {
        let r = one(&format!(
            "{H}   1 ７六歩(77)\n   2 投了\n   3 中断\nまで2手で中断\n"
        ));
        assert_eq!(codes(&r.warnings), ["move-after-ending"]);
        let ids: Vec<_> = r.tree.main_line().collect();
        assert_eq!(ids.len(), 3);
        assert_eq!(r.ending().unwrap().kind, EndingKind::Resignation);
        let (back, _) = round_trip(&r);
        assert_eq!(comparable(&back), comparable(&r));
    }

    #[test]
    fn never_panics_on_odd_input() {
        let odd = [
            "",
            "\n\n",
            "手数",
            "変化",
            "変化：",
            "変化：0手",
            "まで",
            "まで手で",
            "1",
            "1 ",
            "1 同",
            "1 ７",
            "1 ７六",
            "1 ７六歩(",
            "1 ７六歩(7",
            "1 ７六歩(77",
            "1 ７六歩(77)(",
            "1 ７六歩(77)( 0:",
            "1 ７六歩(77)( 0:1/",
            "1 ７六歩(77)( 99999999999999999999:1/)",
            "99999999999999999999 ７六歩(77)",
            "|",
            "| ・",
            "+-",
            "後手の持駒：歩九十九九十九",
            "先手番",
            "手番：",
            "手合割：",
            "&",
            "*",
            "**",
            "▲",
            "1 ▲",
            "1 △同　",
            "1 ７六歩打(77)",
            "1 と打",
            "1 ５五玉打",
            "\u{feff}",
            "é",
            "1 ７六歩(77)\n変化：99手",
        ];
        for text in odd {
            for r in read(text) {
                let _ = replay(&r, &ReplayOptions::default());
                let w = write(&r, &WriteOptions::default());
                let _ = read(&w.text);
            }
        }
    }

    const FRAGMENTS: [&str; 30] = [
        "手合割：平手",
        "手合割：角落ち",
        "手数----指手---------消費時間--",
        "   1 ７六歩(77)   ( 0:16/00:00:16)",
        "   2 ３四歩(33)   ( 0:01/00:00:01)+",
        "   3 ２二角成(88)",
        "   4 同　銀(31)",
        "   5 ５五角打",
        "   6 投了",
        "   3 ２六歩(27)",
        "   3 ７六歩",
        "   4 ８四歩(83)+",
        "変化：2手",
        "変化：3手",
        "変化：4手",
        "まで3手で先手の勝ち",
        "まで4手で千日手",
        "*comment",
        "**engine",
        "&mark",
        "後手の持駒：なし",
        "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二",
        "先手の持駒：歩十八",
        "後手番",
        "#KIF version=2.0",
        "先手：羽生",
        "",
        "   7 同　歩(00)",
        "   8 ５一玉(59)",
    ];

    proptest::proptest! {
        #[test]
        fn reading_and_writing_never_panic(text in "([0-9 ７六歩同銀()+:/変化：手まで投了*&|・v玉后\r]{0,16}\n){0,16}") {
            for r in read(&text) {
                let _ = replay(&r, &ReplayOptions::default());
                let w = write(&r, &WriteOptions::default());
                let _ = read(&w.text);
            }
        }

        #[test]
        fn fragments_round_trip(
            lines in proptest::collection::vec(proptest::sample::select(&FRAGMENTS[..]), 0..40)
        ) {
            let text = lines.join("\n");
            let r = one(&text);
            let _ = replay(&r, &ReplayOptions::default());
            if r.errors.is_empty() {
                let w = write(&r, &WriteOptions::default());
                let back = one(&w.text);
                proptest::prop_assert!(back.errors.is_empty(), "{:?}\n{}", back.errors, w.text);
                proptest::prop_assert_eq!(comparable(&back), comparable(&r), "{}\n---\n{}", text, w.text);
            }
        }
    }

    /// Found by `fragments_round_trip`: a stated winner on an ending that moves follow, and a
    /// second summary after an ending only a summary stated.
    #[test]
    fn regression_summaries_round_trip() {
        let texts = [
            "手数----指手---------消費時間--\n   2 ３四歩(33)   ( 0:01/00:00:01)+\n変化：2手\n   2 ３四歩(33)   ( 0:01/00:00:01)+\n   6 投了\nまで3手で先手の勝ち\n   1 ７六歩(77)   ( 0:16/00:00:16)",
            "   1 ７六歩(77)\nまで1手で千日手\nまで1手で先手の勝ち\n",
        ];
        for text in texts {
            let r = one(text);
            assert!(r.errors.is_empty());
            let (back, w) = round_trip(&r);
            assert!(back.errors.is_empty());
            assert_eq!(comparable(&back), comparable(&r), "{}", w.text);
        }
    }

    /// KI2 states the ending only by its summary: KIF writes the ending line too (tsshogi
    /// and json-kifu-format take the ending from it), then the summary.
    #[test]
    fn an_ending_stated_by_a_summary_gets_its_ending_line() {
        let r = &crate::formats::ki2::read("▲７六歩 △３四歩 ▲２二角成\nまで3手で先手の勝ち\n")[0];
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let w = write(r, &WriteOptions::default());
        assert!(
            w.text
                .ends_with("   3 ２二角成(88)\n   4 投了\nまで3手で先手の勝ち\n"),
            "{}",
            w.text
        );
        let back = one(&w.text);
        assert_eq!(back.ending().unwrap().kind, EndingKind::Resignation);
        let r = &crate::formats::ki2::read("▲７六歩\nまで1手で千日手\n")[0];
        let w = write(r, &WriteOptions::default());
        assert!(
            w.text.ends_with("   2 千日手\nまで1手で千日手\n"),
            "{}",
            w.text
        );
        // A summary no ending word stands for stays alone.
        let r = &crate::formats::ki2::read("▲７六歩\nまで1手で何か\n")[0];
        let w = write(r, &WriteOptions::default());
        assert!(
            w.text.ends_with("   1 ７六歩(77)\nまで1手で何か\n"),
            "{}",
            w.text
        );
    }

    fn m(s: &str) -> NodeKind {
        NodeKind::Move(MoveEntry::new(Move::from_usi(s).unwrap()))
    }

    fn timed(r: &mut Record, id: NodeId, spent: u64, total: u64) {
        r.tree.node_mut(id).time = Some(MoveTime {
            spent_ms: Some(spent * 1000),
            total_ms: Some(total * 1000),
        });
    }

    #[test]
    fn writes_the_kifu_for_windows_layout() {
        let mut r = Record::new();
        r.metadata
            .push(MetaKey::StartTime, "$START_TIME", "2003/05/03 10:30:00", 1);
        r.metadata.push(MetaKey::BlackName, "N+", "A", 2);
        r.metadata.push(MetaKey::WhiteName, "N-", "B", 3);
        r.metadata.push(MetaKey::Event, "$EVENT", "E", 4);
        r.metadata.push(MetaKey::Other, "$NOTE", "n", 5);
        let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
        timed(&mut r, a, 16, 16);
        let b = r.tree.push(a, m("3c3d"), 0);
        timed(&mut r, b, 1, 1);
        r.tree.node_mut(b).notes_mut().comments.push("c".into());
        // CSA style: the piece after the move, no promotion flag.
        let mut e = MoveEntry::new(Move::from_usi("8h2b").unwrap());
        e.piece = Some(PieceKind::Horse);
        let c = r.tree.push(b, NodeKind::Move(e), 0);
        timed(&mut r, c, 62, 78);
        let d = r.tree.push(c, m("3a2b"), 0);
        let f = r.tree.push(d, m("B*4e"), 0);
        r.tree
            .node_mut(f)
            .notes_mut()
            .engine_comments
            .push("評価値=30".into());
        r.tree.node_mut(f).notes_mut().bookmark = Some("bm".into());
        let g = r.tree.push(f, m("2b3a"), 0);
        let h = r.tree.push(g, m("4e6c"), 0);
        r.tree.push(
            h,
            NodeKind::Ending(Box::new(Ending::new(EndingKind::Resignation, "%TORYO"))),
            0,
        );
        r.tree.push(a, m("8c8d"), 0);
        let expected = "#KIF version=2.0 encoding=UTF-8\n開始日時：2003/05/03 10:30:00\n手合割：平手\n先手：A\n後手：B\n棋戦：E\n$NOTE：n\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n   2 ３四歩(33)   ( 0:01/00:00:01)+\n*c\n   3 ２二角成(88) ( 1:02/00:01:18)\n   4 同　銀(31)\n   5 ４五角打\n**評価値=30\n&bm\n   6 ３一銀(22)\n   7 ６三角不成(45)\n   8 投了\nまで7手で先手の勝ち\n\n変化：2手\n   2 ８四歩(83)\n";
        // Asked for, a declined promotion is written `不成`.
        let funari = write(
            &r,
            &WriteOptions {
                declare_encoding: Some("UTF-8"),
                funari: true,
            },
        );
        assert_eq!(funari.text, expected);
        assert_eq!(usi_moves(&one(&funari.text))[6], "4e6c");
        // By default it is the move without `成`, as the common programs write it.
        let w = write(
            &r,
            &WriteOptions {
                declare_encoding: Some("UTF-8"),
                funari: false,
            },
        );
        assert_eq!(w.text, expected.replace("６三角不成(45)", "６三角(45)"));
        assert!(w.dropped.is_empty(), "{:?}", w.dropped);
        let back = one(&w.text);
        clean(&back);
        assert_eq!(back.metadata.get(MetaKey::Event), Some("E"));
        assert_eq!(back.metadata.get_raw("$NOTE"), Some("n"));
        assert_eq!(
            back.tree
                .node(back.tree.main_line().nth(4).unwrap())
                .engine_comments(),
            ["評価値=30"]
        );
        assert_eq!(
            usi_moves(&back),
            ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3a", "4e6c"]
        );
        no_fouls(&back);
    }

    #[test]
    fn round_trips_hand_built_records() {
        // A handicap game: 上手/下手 names, the giver first.
        let mut r = Record::new();
        r.start = Start::Handicap(Handicap::TwoPieces);
        r.metadata.push(MetaKey::BlackName, "N+", "shitate", 1);
        r.metadata.push(MetaKey::WhiteName, "N-", "uwate", 2);
        r.metadata.push(MetaKey::MaxMoves, "$MAX_MOVES", "256", 3);
        let a = r.tree.push(MoveTree::ROOT, m("6a5b"), 0);
        let b = r.tree.push(a, m("7g7f"), 0);
        let mut end = Ending::new(EndingKind::Timeout, "%TIME_UP");
        end.stated_winner = Some(Color::Black);
        r.tree.push(b, NodeKind::Ending(Box::new(end)), 0);
        let w = write(&r, &WriteOptions::default());
        assert!(
            w.text
                .contains("手合割：二枚落ち\n下手：shitate\n上手：uwate\n$MAX_MOVES：256\n"),
            "{}",
            w.text
        );
        assert!(
            w.text
                .contains("   3 切れ負け\nまで2手で時間切れにより下手の勝ち\n"),
            "{}",
            w.text
        );
        let back = one(&w.text);
        clean(&back);
        assert_eq!(back.metadata.max_moves(), Some(256));
        assert_eq!(back.start, r.start);
        assert_eq!(usi_moves(&back), ["6a5b", "7g7f"]);
        let e = back.ending().unwrap();
        assert_eq!(
            (&e.kind, e.stated_winner),
            (&EndingKind::Timeout, Some(Color::Black))
        );
        no_fouls(&back);

        // A position: hands, white to move, a move number; every comment kind; an ending
        // stated only by a summary; times without totals.
        let mut r = Record::new();
        let setup = Setup::from_sfen("8k/9/7GP/9/9/9/9/9/K8 w 2Rr2b18p 7").unwrap();
        r.start = Start::Position(setup.clone());
        r.tree
            .node_mut(MoveTree::ROOT)
            .notes_mut()
            .comments
            .push("root".into());
        let a = r.tree.push(MoveTree::ROOT, m("1a2a"), 0);
        r.tree.node_mut(a).time = Some(MoveTime {
            spent_ms: Some(7000),
            total_ms: None,
        });
        let b = r.tree.push(a, m("2c2b"), 0);
        let mut end = Ending::new(EndingKind::Resignation, "まで2手で先手の勝ち");
        end.stated_winner = Some(Color::Black);
        r.tree.push(b, NodeKind::Ending(Box::new(end)), 0);
        r.tree.push(a, m("R*2a"), 0);
        let (back, w) = round_trip(&r);
        clean(&back);
        assert_eq!(back.start, Start::Position(setup));
        assert!(w.text.contains("手数＝6\n後手番\n"), "{}", w.text);
        assert_eq!(
            comparable_with(&back, false),
            comparable_with(&r, false),
            "{}",
            w.text
        );

        // Every ending kind keeps its kind.
        use EndingKind::*;
        for kind in [
            Abort,
            Resignation,
            Impasse,
            Repetition,
            Checkmate,
            NoMate,
            Timeout,
            FoulWin,
            IllegalMove,
            Declaration,
            ForfeitWin,
            ForfeitLoss,
            Sealed,
            Try,
        ] {
            let mut r = Record::new();
            let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
            r.tree.push(
                a,
                NodeKind::Ending(Box::new(Ending::new(kind.clone(), "x"))),
                0,
            );
            let (back, w) = round_trip(&r);
            clean(&back);
            assert!(w.dropped.is_empty(), "{:?}", w.dropped);
            assert_eq!(back.ending().unwrap().kind, kind, "{}", w.text);
        }
        // Kinds KIF has no word for are written with the nearest one, and named.
        let mut r = Record::new();
        let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
        r.tree.push(
            a,
            NodeKind::Ending(Box::new(Ending::new(MaxMoves, "%MAX_MOVES"))),
            0,
        );
        let w = write(&r, &WriteOptions::default());
        assert_eq!(w.dropped, ["ending `%MAX_MOVES` (written as 持将棋)"]);
        // A draw too: `引き分け` is no Kakinoki word (json-kifu-format rejects the file).
        let mut r = Record::new();
        let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
        r.tree.push(
            a,
            NodeKind::Ending(Box::new(Ending::new(Draw, "%HIKIWAKE"))),
            0,
        );
        let w = write(&r, &WriteOptions::default());
        assert!(
            w.text.ends_with("   2 持将棋\nまで1手で持将棋\n"),
            "{}",
            w.text
        );
        assert_eq!(w.dropped, ["ending `%HIKIWAKE` (written as 持将棋)"]);
        let mut r = Record::new();
        let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
        r.tree.push(
            a,
            NodeKind::Ending(Box::new(Ending::new(
                IllegalAction {
                    loser: Color::Black,
                },
                "%+ILLEGAL_ACTION",
            ))),
            0,
        );
        let back = one(&write(&r, &WriteOptions::default()).text);
        let e = back.ending().unwrap();
        assert_eq!((&e.kind, e.stated_winner), (&FoulWin, Some(Color::White)));
    }

    #[test]
    fn shift_jis_fallbacks_are_named() {
        let (text, replaced) = sjis_fallbacks("☗７六歩\n☖３四歩\n");
        assert_eq!(text, "▲７六歩\n△３四歩\n");
        assert_eq!(replaced, ['☗', '☖']);
    }

    fn fixture(name: &str) -> (Record, crate::text::Decoded) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata/kif")
            .join(name);
        let bytes = std::fs::read(&path).unwrap();
        let ext = path.extension().and_then(|e| e.to_str());
        let decoded = decode(&bytes, ext, EncodingChoice::Auto);
        (one(&decoded.text), decoded)
    }

    /// One fixture per real-world quirk: each is read, checked for its quirk, replayed and
    /// written back.
    #[test]
    fn fixtures() {
        use crate::text::Encoding;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/kif");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".kif") || n.ends_with(".kifu"))
            .collect();
        names.sort();
        assert!(names.len() >= 25, "{names:?}");
        for name in &names {
            let (r, d) = fixture(name);
            let warn = codes(&r.warnings);
            let moves = usi_moves(&r);
            match name.as_str() {
                "half-width-colon.kif" => {
                    assert_eq!(d.encoding, Encoding::ShiftJis);
                    assert_eq!(r.metadata.get(MetaKey::StartTime), Some("2023/01/01 10:00"));
                    assert_eq!(r.metadata.get(MetaKey::Event), Some("テスト棋戦"));
                    assert_eq!(r.metadata.get(MetaKey::BlackName), Some("先手太郎"));
                    assert_eq!(r.start, Start::Handicap(Handicap::Even));
                    assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
                }
                "bom-kakuochi.kifu" => {
                    assert!(d.bom);
                    assert_eq!(r.start, Start::Handicap(Handicap::Bishop));
                    assert_eq!(moves, ["3c3d", "7g7f"]);
                    // The same bytes with the BOM kept in the text.
                    let raw = std::fs::read(dir.join(name)).unwrap();
                    let r2 = one(std::str::from_utf8(&raw).unwrap());
                    assert_eq!(r2.start, Start::Handicap(Handicap::Bishop));
                }
                "unpadded-ply-numbers.kifu" => {
                    assert_eq!(moves.len(), 10);
                    let ids: Vec<_> = r.tree.main_line().collect();
                    let alt: Vec<_> = r.tree.children(ids[8]).collect();
                    assert_eq!(alt.len(), 2);
                    assert_eq!(
                        r.tree.node(alt[1]).move_entry().unwrap().mv.to_usi(),
                        "1c1d"
                    );
                }
                "doh-branch.kifu" => {
                    let ids: Vec<_> = r.tree.main_line().collect();
                    let v3 = r.tree.children(ids[1]).nth(1).unwrap();
                    let v4: Vec<_> = r.tree.children(v3).collect();
                    let to: Vec<_> = v4
                        .iter()
                        .map(|&id| r.tree.node(id).move_entry().unwrap().mv.to_usi())
                        .collect();
                    assert_eq!(to, ["3a2b", "8b2b"]);
                }
                "hand-counts-kanji.kif" | "hands-no-separators.kif" => {
                    let s = r.start.setup();
                    assert_eq!(s.hands.white.count(PieceKind::Pawn), 18);
                    assert_eq!(s.hands.white.count(PieceKind::Rook), 2);
                    assert_eq!(s.hands.black.count(PieceKind::Gold), 1);
                    assert_eq!(
                        replay(&r, &ReplayOptions::default()).outcome.reason,
                        "checkmate"
                    );
                }
                "bod-no-rank-labels.kif" => {
                    assert_eq!(d.encoding, Encoding::Utf8);
                    let s = r.start.setup();
                    assert_eq!(s.to_sfen(), "4k4/9/9/9/9/9/5P3/4B4/4K3L b G 1");
                    assert_eq!(moves, ["G*5b", "5a5b"]);
                }
                "time-columns-variants.kif" => {
                    let times: Vec<_> = r
                        .tree
                        .main_line()
                        .map(|id| r.tree.node(id).time.map(|t| (t.spent_ms, t.total_ms)))
                        .collect();
                    assert_eq!(times[4], Some((Some(5_400_000), Some(5_421_000))));
                    assert_eq!(times[3], Some((Some(7000), None)));
                    assert_eq!(times[6], None);
                    assert_eq!(
                        r.tree.children(r.tree.main_line().nth(6).unwrap()).count(),
                        2
                    );
                }
                "summary-only.kif" => {
                    let e = r.ending().unwrap();
                    assert_eq!(
                        (&e.kind, e.stated_winner),
                        (&EndingKind::Resignation, Some(Color::Black))
                    );
                    let rep = replay(&r, &ReplayOptions::default());
                    assert_eq!(rep.outcome.winner, Some(Color::Black));
                    assert!(rep.warnings.is_empty(), "{:?}", rep.warnings);
                }
                "sjis-declaration.kif" | "glued-declaration-bod-heite.kif" => {
                    assert_eq!(d.encoding, Encoding::ShiftJis);
                    assert!(!moves.is_empty());
                }
                "utf8-kif-extension.kif" => {
                    assert_eq!(d.encoding, Encoding::Utf8);
                    assert_eq!(r.metadata.get(MetaKey::BlackName), Some("藤井聡太"));
                }
                "handicap-uwate-shitate.kif" => {
                    assert_eq!(r.start, Start::Handicap(Handicap::Lance));
                    assert_eq!(r.metadata.get(MetaKey::WhiteName), Some("上手名人"));
                    assert_eq!(moves[0], "3c3d");
                    assert_eq!(r.ending().unwrap().stated_winner, Some(Color::Black));
                }
                "handicap-name-variant.kif" => {
                    assert_eq!(r.start, Start::Handicap(Handicap::Lance))
                }
                "unknown-handicap.kif" => {
                    assert_eq!(codes(&r.errors), ["unknown-handicap"]);
                    assert_eq!((r.errors[0].line, r.errors[0].column), (2, 5));
                    continue;
                }
                "gote-ban-after-bod.kif" => {
                    assert_eq!(r.start.setup().side_to_move, Color::White);
                    assert_eq!(moves, ["5a4a", "5i5h"]);
                }
                "other-handicap-bod.kif" => {
                    let s = r.start.setup();
                    assert_eq!(s.side_to_move, Color::Black);
                    assert_eq!(s.hands.white.count(PieceKind::Knight), 4);
                    assert_eq!(s.hands.black.count(PieceKind::Lance), 4);
                    assert_eq!(r.metadata.get(MetaKey::WhiteName), Some("uwate"));
                }
                "alternative-piece-names.kifu" => {
                    use PieceKind::*;
                    let pieces: Vec<_> =
                        r.tree.main_line_moves().map(|m| m.piece.unwrap()).collect();
                    assert_eq!(
                        pieces,
                        [
                            ProLance, King, ProKnight, King, ProSilver, King, Dragon, King, Dragon,
                            King
                        ]
                    );
                    assert_eq!(moves[9], "7b7a");
                }
                "variations-deeper-first.kif" => {
                    let t = &r.tree;
                    let ids: Vec<_> = t.main_line().collect();
                    assert_eq!(t.children(MoveTree::ROOT).count(), 2);
                    assert_eq!(t.children(ids[0]).count(), 2);
                    assert_eq!(t.children(ids[1]).count(), 2);
                    let alt1 = t.children(MoveTree::ROOT).nth(1).unwrap();
                    let alt1_2 = t.node(alt1).first_child().unwrap();
                    assert_eq!(t.children(alt1).count(), 2);
                    assert_eq!(t.children(alt1_2).count(), 2);
                    let endings = t.ids().filter_map(|id| t.node(id).ending()).count();
                    assert_eq!(endings, 8);
                }
                "variations-without-plus.kifu" => {
                    let ids: Vec<_> = r.tree.main_line().collect();
                    assert_eq!(r.tree.children(ids[2]).count(), 2);
                    assert_eq!(r.tree.children(ids[0]).count(), 2);
                }
                "crlf-no-final-newline.kif" => {
                    assert_eq!(r.ending().unwrap().kind, EndingKind::Abort);
                    assert_eq!(moves.len(), 2);
                }
                "hash-lines-anywhere.kifu" => assert_eq!(moves.len(), 2),
                "comments-bookmarks.kifu" => {
                    assert_eq!(r.tree.root().comments().len(), 3);
                    assert_eq!(r.tree.root().bookmark(), Some("読み込み時表示"));
                    let first = r.tree.node(r.tree.main_line().next().unwrap());
                    assert_eq!(first.comments(), ["初手のコメント", "二行目"]);
                    assert_eq!(first.bookmark(), Some("しおり"));
                    assert_eq!(
                        r.tree.node(r.tree.main_line().last().unwrap()).comments(),
                        ["投了のコメント"]
                    );
                }
                "unknown-header-keys.kifu" => {
                    assert_eq!(r.metadata.entries().len(), 15);
                    assert_eq!(
                        r.metadata.get_raw("独自の項目"),
                        Some("自由な値：コロン入り")
                    );
                    assert_eq!(r.metadata.get_raw("棋戦詳細"), Some("予選"));
                }
                "missing-source.kifu" => {
                    assert_eq!(warn, ["missing-source"; 3]);
                    assert_eq!(moves, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]);
                }
                "plus-without-time.kif" => {
                    assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
                    assert_eq!(r.tree.children(MoveTree::ROOT).count(), 2);
                }
                "moves-after-ending.kifu" => assert_eq!(warn, ["move-after-ending"]),
                "doh-spacing-variants.kifu" => {
                    assert_eq!(
                        &moves[7..],
                        ["2c2d", "2h2d", "P*2c", "2d2h", "8e8f", "8g8f", "8b8f"]
                    );
                }
                // A summary naming the other winner than the ending line: the line decides
                // and the replay reports the summary as a `result-mismatch`.
                "summary-mismatch.kif" => {
                    assert!(warn.is_empty(), "{warn:?}");
                    assert_eq!(r.ending().unwrap().stated_winner, Some(Color::Black));
                }
                "funari-and-nama.kifu" => {
                    assert_eq!(moves[2], "8h2b");
                    assert_eq!(moves[6], "5e2b");
                    let pieces: Vec<_> =
                        r.tree.main_line_moves().map(|m| m.piece.unwrap()).collect();
                    assert_eq!(
                        (pieces[2], pieces[6]),
                        (PieceKind::Bishop, PieceKind::Bishop)
                    );
                }
                "ply-number-typo.kif" => {
                    assert_eq!(warn, ["ply-mismatch"]);
                    assert_eq!(moves, ["7g7f", "3c3d", "6g6f", "3a4b"]);
                }
                other => panic!("fixture {other} has no check"),
            }
            assert!(r.errors.is_empty(), "{name}: {:?}", r.errors);
            let allowed: &[&str] = match name.as_str() {
                "glued-declaration-bod-heite.kif" => &["handicap-mismatch"],
                "missing-source.kifu"
                | "moves-after-ending.kifu"
                | "summary-mismatch.kif"
                | "ply-number-typo.kif" => &warn,
                _ => &[],
            };
            assert_eq!(warn, allowed, "{name}: {:?}", r.warnings);
            let rep = replay(&r, &ReplayOptions::default());
            assert!(rep.fouls.is_empty(), "{name}: {:?}", rep.fouls);
            let (back, w) = round_trip(&r);
            assert!(back.errors.is_empty(), "{name}: {:?}", back.errors);
            assert_eq!(comparable(&back), comparable(&r), "{name}:\n{}", w.text);
        }
    }

    /// What the general path reads from a move line whose ply number starts at byte `at`, in
    /// the short path's terms: `None` unless it is a move (not a special move) read without a
    /// warning.
    fn general_move_line(line: &str, at: usize) -> Option<QuickMove> {
        let (ply, digits_end) = ply_number(line.as_bytes(), at);
        let body_at = body_start(line, digits_end);
        if body_at == digits_end || body_at >= line.len() {
            return None;
        }
        let (Body::Move(mv), end) = parse_body(line.get(body_at..)?).ok()? else {
            return None;
        };
        let tail = parse_tail(line.get(body_at + end..)?);
        Some(QuickMove {
            ply,
            body_at,
            mv,
            tail,
        })
    }

    /// The byte where a line's ply number starts, as [`Reader::line`] finds it.
    fn ply_at(line: &str) -> usize {
        line.len() - line.trim_start_matches([' ', '\t']).len()
    }

    /// Checks the short path against the general one on `line`: whatever the short path
    /// reads, the general path reads the same, with no warning. Returns whether the short
    /// path took the line.
    fn quick_agrees(line: &str) -> bool {
        let at = ply_at(line);
        let Some(quick) = quick_move_line(line, at) else {
            return false;
        };
        let general = general_move_line(line, at);
        assert_eq!(Some(&quick), general.as_ref(), "line `{line}`");
        assert_eq!((quick.tail.bad_time, quick.tail.extra), (None, None));
        true
    }

    #[test]
    fn quick_move_lines_read_as_the_general_path_does() {
        let taken = [
            "   1 ７六歩(77)   ( 0:16/00:00:16)",
            "   1 ７六歩(77)       ( 0:34/00:00:34)",
            "   2 ３四歩(33)",
            "  12 同　角成(88)   ( 1:02/00:10:00)",
            "  12 同 角成(88)",
            "  12 同角成(88)",
            "  13 同　　歩(87)",
            "  31 ５五角打",
            "  31 ５五角打     ( 0:22/00:16:10)",
            "  31 ５五角打 +",
            "  40 ２二角不成(88)   ( 0:05/00:01:00)+",
            "  41 ４二成香(41)   ( 0:05/00:01:00) + ",
            "  42 ５九成桂(48)",
            "  43 ５九成銀(48)",
            "  44 ５九王(58)",
            "  45 ５九玉(58)",
            "  46 １一龍(12)",
            "  47 １一竜(12)",
            "  48 ２三と(24)",
            "  49 ８八馬(22)",
            "  50 ７六杏(77)",
            "  51 ７六圭(77)",
            "  52 ７六全(77)",
            "  53 ７六飛 (78)",
            "  54 ７六飛　(78)",
            "  55 ７六飛(78)(120:00/01:30:00)",
            "  56 ７六飛(78)   (100:59/99:59:59)",
            "  57 ７六歩(77)   (0:07/00:00:07)",
            "  58 ７六歩(77)   (　0:07/00:00:07)",
            "99999 ７六歩(77)",
            "99999999999 ７六歩(77)",
            "1\t７六歩(77)\t( 0:16/00:00:16)",
            "1　７六歩(77)",
            "   5 ７六歩",
            "   5 ７６歩(77)",
            "   5 ７七歩(77)",
            "   5 ９九香(99)   ( 0:00/00:00:00)   ",
        ];
        for line in taken {
            assert!(quick_agrees(line), "the short path should take `{line}`");
        }
        // Unusual shapes go to the general path (which may accept them, warn or fail).
        let left = [
            "   1 ▲７六歩(77)",
            "   5 7六歩(77)",
            "   5 76歩(77)",
            "   1 仝　歩(77)",
            "   1 ７六歩成成(77)",
            "   1 ７六歩生(77)",
            "   1 ７六歩右(77)",
            "   1 ７六歩不(77)",
            "   1 ７六歩打(77)",
            "   1 ７六歩打(00)",
            "   1 ７六歩(00)",
            "   1 ７六歩(70)",
            "   1 ７六歩(77)(77)",
            "   1 ７六歩(77)   ( 0:16/00:00:16)( 0:16/00:00:16)",
            "   1 ７六歩(77)   (0:4/0:0:4)",
            "   1 ７六歩(77)   (00:00 / 00:00:00)",
            "   1 ７六歩(77)   ( 0:07/)",
            "   1 ７六歩(77)   (1000:00/00:00:00)",
            "   1 ７六歩(77)   ( 0:16/00:00:16",
            "   1 ７六歩(77)   ( 0:16/00:00:16) x",
            "   1 ７六歩(77) ++",
            "   1 ７六歩(77)　＋",
            "   1 ７六成(77)",
            "   1 ７六成金(77)",
            "   1 ７〇歩(77)",
            "   1 ０六歩(77)",
            "   1 投了",
            "   1 投了   ( 0:03/00:00:03)",
            "   1 中断",
            "   1７六歩(77)",
            "   1 ",
            "   1",
            "2014年",
            "   1 ７六",
            "   1 同",
        ];
        for line in left {
            assert!(!quick_agrees(line), "the short path should leave `{line}`");
        }
    }

    /// The short path agrees with the general one on every move line of the shared corpus
    /// (when present) and of this file's own test records, and takes most of them.
    #[test]
    #[cfg_attr(
        corpus_missing,
        ignore = "../shared/corpus is not there: the corpus tests are skipped"
    )]
    fn quick_move_lines_agree_on_the_corpus() {
        let Some(corpus) = crate::formats::corpus_support::Corpus::open() else {
            return;
        };
        let (mut lines, mut taken) = (0usize, 0usize);
        for path in corpus.files(&["kif", "kifu"]) {
            let bytes = std::fs::read(&path).unwrap();
            let ext = path.extension().and_then(|e| e.to_str());
            let text = decode(&bytes, ext, EncodingChoice::Auto).text;
            for line in text.lines() {
                if line
                    .trim_start_matches([' ', '\t'])
                    .starts_with(|c: char| c.is_ascii_digit())
                {
                    lines += 1;
                    taken += usize::from(quick_agrees(line));
                }
            }
        }
        println!("corpus: the short path took {taken} of {lines} move lines");
        assert!(lines == 0 || taken * 2 > lines);
    }

    /// Reads every `.kif`/`.kifu` file of the shared corpus (when present), replays its
    /// records and writes them back.
    #[test]
    #[cfg_attr(
        corpus_missing,
        ignore = "../shared/corpus is not there: the corpus tests are skipped"
    )]
    fn corpus_reads_replays_and_round_trips() {
        let Some(corpus) = crate::formats::corpus_support::Corpus::open() else {
            return;
        };
        let root = corpus.root.clone();
        let malformed = corpus.malformed.clone();
        let files = corpus.files(&["kif", "kifu"]);
        let mut failures = Vec::new();
        let mut warnings = 0;
        let mut moves = 0;
        for path in &files {
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let bytes = std::fs::read(path).unwrap();
            let ext = path.extension().and_then(|e| e.to_str());
            let text = decode(&bytes, ext, EncodingChoice::Auto).text;
            let r = one(&text);
            moves += r.tree.len();
            if !r.errors.is_empty() && !malformed.iter().any(|m| m == &rel) {
                failures.push(format!("{rel}: errors {:?}", r.errors));
            }
            for w in &r.warnings {
                warnings += 1;
                eprintln!(
                    "warning {rel}: {} {}:{} {}",
                    w.code, w.line, w.column, w.message
                );
            }
            let rep = replay(&r, &ReplayOptions::default());
            let known = KNOWN_FOULS.iter().any(|(f, _)| *f == rel);
            if !rep.fouls.is_empty() && !known {
                failures.push(format!("{rel}: fouls {:?}", rep.fouls));
            }
            if !rep.errors.is_empty() {
                failures.push(format!("{rel}: replay errors {:?}", rep.errors));
            }
            let (back, w) = round_trip(&r);
            if !back.errors.is_empty() {
                failures.push(format!(
                    "{rel}: written text does not read: {:?}\n{}",
                    back.errors, w.text
                ));
            } else if comparable(&back) != comparable(&r) {
                let a = comparable(&r);
                let b = comparable(&back);
                let diff = a
                    .iter()
                    .zip(&b)
                    .find(|(x, y)| x != y)
                    .map(|(x, y)| format!("{x}\n   vs {y}"))
                    .unwrap_or_else(|| format!("lengths {} vs {}", a.len(), b.len()));
                failures.push(format!("{rel}: round trip differs: {diff}"));
            }
        }
        eprintln!(
            "corpus: {} kif files, {moves} nodes, {warnings} warnings",
            files.len()
        );
        for f in &failures {
            eprintln!("FAIL {f}");
        }
        assert!(failures.is_empty(), "{} corpus failures", failures.len());
    }

    /// Speed on plain move lines: `cargo test --release --lib kif::tests::read_speed -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn read_speed() {
        let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
        let n = 2_000_000;
        let lines = [
            "７六歩(77)   ( 0:16/00:00:16)",
            "３四歩(33)   ( 0:01/00:00:01)",
            "同　銀(31)   ( 1:02/00:10:16)",
            "５五角打     ( 0:00/00:00:00)",
            "２二角成(88) ( 0:03/00:00:19)",
        ];
        for i in 0..n {
            let _ = writeln!(text, "{:>4} {}", i + 1, lines[i % lines.len()]);
        }
        // Time on the CPU (Linux), so that other processes on a shared machine do not count.
        let cpu_ns = || {
            std::fs::read_to_string("/proc/thread-self/schedstat")
                .ok()
                .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        };
        let (mut best, mut best_cpu) = (f64::MAX, f64::MAX);
        for _ in 0..5 {
            let c = cpu_ns();
            let t = std::time::Instant::now();
            let r = read(&text);
            let secs = t.elapsed().as_secs_f64();
            if let (Some(a), Some(b)) = (c, cpu_ns()) {
                best_cpu = best_cpu.min((b - a) / 1e9);
            }
            assert_eq!(r[0].tree.len(), n + 1, "{:?}", r[0].errors);
            best = best.min(secs);
        }
        eprintln!(
            "{:.1} million moves/s wall, {:.1} on the CPU ({} bytes)",
            n as f64 / best / 1e6,
            n as f64 / best_cpu / 1e6,
            text.len()
        );
    }

    /// Every CSA game of the corpus converts to KIF and reads back to the same game.
    #[test]
    #[cfg_attr(
        corpus_missing,
        ignore = "../shared/corpus is not there: the corpus tests are skipped"
    )]
    fn csa_corpus_converts_to_kif() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        if !root.is_dir() {
            eprintln!("corpus not found at {}; skipped", root.display());
            return;
        }
        let mut stack = vec![root.clone()];
        let (mut games, mut failures) = (0, Vec::new());
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                if !p.extension().is_some_and(|x| x.eq_ignore_ascii_case("csa")) {
                    continue;
                }
                let bytes = std::fs::read(&p).unwrap();
                let text = decode(&bytes, Some("csa"), EncodingChoice::Auto).text;
                for r in super::super::csa::read(&text) {
                    if !r.errors.is_empty() {
                        continue;
                    }
                    games += 1;
                    let w = write(&r, &WriteOptions::default());
                    let back = one(&w.text);
                    let a = replay(&r, &ReplayOptions::default());
                    let b = replay(&back, &ReplayOptions::default());
                    let same = back.errors.is_empty()
                        && a.plies == b.plies
                        && a.final_position == b.final_position
                        && a.outcome == b.outcome
                        && a.fouls.len() == b.fouls.len();
                    if !same {
                        failures.push(format!(
                            "{}: {:?} {:?} / {:?} {:?} {:?}\n{}",
                            p.display(),
                            a.outcome,
                            b.outcome,
                            back.errors,
                            a.fouls,
                            b.fouls,
                            w.text
                        ));
                    }
                }
            }
        }
        eprintln!("csa corpus: {games} games converted");
        for f in &failures {
            eprintln!("FAIL {f}");
        }
        assert!(failures.is_empty(), "{} failures", failures.len());
    }

    /// Corpus files holding a genuine foul (checked by hand), with the reason.
    const KNOWN_FOULS: [(&str, &str); 5] = [
        (
            "mog-core-scala/jvm/src/test/resources/kif/game/014.kif",
            "ply 157 ５三角打 ignores the check on black's king; the record's comment says 反則手にて終局",
        ),
        (
            "mog-core-scala/jvm/src/test/resources/kif/game/015.kif",
            "ply 83 １七玉 walks into the knight's check; the record's comment says 反則手にて終局",
        ),
        (
            "mog-core-scala/jvm/src/test/resources/kif/game/017.kif",
            "ply 27 ４五桂 leaves the king in check from the horse; the record ends 反則勝ち",
        ),
        (
            "shogihome/src/command/usi-csa-bridge/e2e/scenario/6/record.kifu",
            "perpetual check by black's rook (a ShogiHome test of the rule); the record ends 反則負け",
        ),
        (
            "shogihome/src/command/usi-csa-bridge/e2e/scenario/7/record.kifu",
            "perpetual check by white's rook (a ShogiHome test of the rule); the record ends 反則負け",
        ),
    ];
}
