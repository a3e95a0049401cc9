//! The KI2 reader (the module documentation of [`super`] lists what it tolerates).

use super::ki2_move::{mark_color, supports, Ki2Move, Ki2Position};
use crate::formats::japanese as ja;
use crate::formats::kakinoki::{self, column_of, skip_spaces, Preamble};
use crate::record::Start;
use crate::record::{
    Ending, EndingKind, MoveEntry, MoveTree, NodeId, NodeKind, ReadError, ReadIssue, Record,
};
use crate::record::{ErrorCode, WarningCode};
use crate::shogi::{Color, Position};
use crate::variant::{VMove, VPosition, Variant};

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Reads the record of a KI2 text. A KI2 file holds one game, so the result holds one record.
pub fn read(text: &str) -> Vec<Record> {
    read_as(text, None)
}

/// [`read`] with `forced` (`--variant`): a record that names no game is read as that
/// variant's, and one of another game is an error naming both. A smaller variant's record
/// (its `手合割`, its board's size or `forced`) gives a `Start::Variant` record; KI2 carries
/// only the standard-piece variants ([`supports`]).
pub fn read_as(text: &str, forced: Option<Variant>) -> Vec<Record> {
    let _columns = crate::formats::column::Scope::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new(forced);
    reader.record.tree.reserve(text.len() / 14 + 1);
    for (line, no) in kakinoki::numbered_lines(text) {
        reader.line(line, no);
        if reader.stopped {
            break;
        }
    }
    vec![reader.finish()]
}

struct Reader {
    record: Record,
    /// A problem that stops the whole record (a malformed board diagram, an unknown handicap).
    stopped: bool,
    /// A move error stopped the current line: skip to the next `変化`.
    skipping: bool,
    pre: Preamble,
    /// The start position, or why it cannot be played.
    start: Result<Pos, String>,
    /// The nodes of the current line from the root: `path[k]` is the node at ply `k`.
    path: Vec<NodeId>,
    /// `path_moves[k]`: how many of `path[1..=k]` are moves.
    path_moves: Vec<u32>,
    /// The node most recently added at each ply.
    last_at_ply: Vec<NodeId>,
    /// The position after the current path.
    pos: Option<Pos>,
    after_end_warned: bool,
    drop_warned: bool,
}

/// The position moves are resolved in: standard shogi's, or a standard-piece variant's.
// The standard position, the hot one, stays inline rather than boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Pos {
    Standard(Position),
    Variant(VPosition),
}

impl Pos {
    fn side_to_move(&self) -> Color {
        match self {
            Pos::Standard(p) => p.side_to_move(),
            Pos::Variant(p) => p.side_to_move(),
        }
    }

    /// Carries out a recorded move (for the side it names, when it names one).
    #[inline]
    fn play(&mut self, entry: &MoveEntry) {
        match self {
            Pos::Standard(pos) => {
                if let Some(m) = entry.mover {
                    pos.set_side_to_move(m);
                }
                if let Some(mv) = entry.standard() {
                    pos.play_unchecked(mv);
                }
            }
            Pos::Variant(pos) => {
                if let Some(m) = entry.mover.filter(|&m| m != pos.side_to_move()) {
                    *pos = pos.with_turn(m);
                }
                pos.play_lenient(entry.mv);
            }
        }
    }
}

/// Carries out a recorded move (for the side it names, when it names one).
#[inline]
fn play(pos: &mut Pos, entry: &MoveEntry) {
    pos.play(entry);
}

impl Reader {
    fn new(forced: Option<Variant>) -> Reader {
        let mut record = Record::new();
        record.source.line = 1;
        Reader {
            record,
            stopped: false,
            skipping: false,
            pre: Preamble::new(forced),
            start: Err(String::new()),
            path: vec![MoveTree::ROOT],
            path_moves: vec![0],
            last_at_ply: vec![MoveTree::ROOT],
            pos: None,
            after_end_warned: false,
            drop_warned: false,
        }
    }

    fn warn(&mut self, code: WarningCode, line: u32, column: u32, message: String) {
        self.record
            .warn(ReadIssue::new(code, line, column, message));
    }

    /// An error that stops the whole record.
    fn fatal(&mut self, issue: ReadError) {
        self.record.errors.push(issue);
        self.stopped = true;
    }

    /// An error that stops the current line of the record (until the next `変化`).
    fn line_error(&mut self, code: ErrorCode, line: u32, column: u32, message: String) {
        self.record
            .errors
            .push(ReadIssue::new(code, line, column, message));
        self.skipping = true;
    }

    fn current(&self) -> NodeId {
        self.path.last().copied().unwrap_or(MoveTree::ROOT)
    }

    fn line(&mut self, line: &str, no: u32) {
        let i = skip_spaces(line.as_bytes(), 0);
        let Some(first) = line.get(i..).and_then(|r| r.chars().next()) else {
            return;
        };
        match first {
            '#' => {
                // The file's banner before the moves: the root's remarks.
                let body = line.get(i + 1..).unwrap_or("");
                if !self.pre.moves_started && !line[i..].starts_with("#KI2") {
                    let root = self.record.tree.node_mut(MoveTree::ROOT);
                    root.notes_mut().remarks.push(body.to_string());
                }
            }
            '*' | '&' => {
                if self.skipping {
                    return;
                }
                let node = self.current();
                let body = line.get(i + 1..).unwrap_or("");
                kakinoki::add_note(&mut self.record.tree, node, first, body);
            }
            c if mark_color(c).is_some() => self.move_line(line, i, no),
            '１'..='９' | '同' | '仝'
                if line.get(i..).is_some_and(|r| Ki2Move::parse(r).is_ok()) =>
            {
                self.move_line(line, i, no)
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
        if self.pre.moves_started && !self.skipping {
            if let Some(kind) = ja::ending_from_word(trimmed) {
                // An ending word on a line of its own (`投了`), as some programs add.
                self.warn_after_ending(no, col);
                self.push_node(NodeKind::Ending(Box::new(Ending::new(kind, trimmed))), no);
                return;
            }
            if let Some((kind, winner)) = ja::ending_with_side(trimmed) {
                // One naming the side (`先手 反則負け`): it states the winner.
                self.warn_after_ending(no, col);
                let mut ending = Ending::new(kind, trimmed);
                ending.stated_winner = winner;
                self.push_node(NodeKind::Ending(Box::new(ending)), no);
                return;
            }
        }
        match self.pre.header_line(&mut self.record, line, at, no) {
            Ok(true) => return,
            Ok(false) => {}
            Err(e) => return self.fatal(e),
        }
        self.warn(
            WarningCode::UnknownLine,
            no,
            col,
            format!("The line `{trimmed}` is not part of a KI2 record and was ignored; expected a header `key：value`, moves such as `▲７六歩　△３四歩`, a comment `*…`, a variation `変化：N手`, a summary `まで…` or a board diagram line."),
        );
    }

    /// Decides the start position when the moves begin (or the text ends).
    fn begin_moves(&mut self) {
        if self.pre.moves_started {
            return;
        }
        self.pre.moves_started = true;
        let start = match self.pre.start(&mut self.record.warnings) {
            Ok(start) => start,
            Err(e) => return self.fatal(e),
        };
        self.start = match &start {
            Start::Variant(vp) if !supports(vp.variant()) => {
                let v = vp.variant();
                return self.fatal(ReadIssue::new(
                    ErrorCode::ParseError,
                    1,
                    1,
                    format!("Cannot read the record: KI2 carries standard shogi and the standard-piece variants only; {v} has no KI2 (its pieces have no relative words), use KIF."),
                ));
            }
            Start::Variant(vp) => Ok(Pos::Variant(vp.clone())),
            _ => start
                .position()
                .map(Pos::Standard)
                .map_err(|e| e.to_string()),
        };
        self.pos = self.start.as_ref().ok().cloned();
        self.record.start = start;
    }

    /// Rebuilds the position after the current path.
    fn rebuild_position(&mut self) {
        let mut pos = self.start.as_ref().ok().cloned();
        if let Some(p) = pos.as_mut() {
            for &id in self.path.iter().skip(1) {
                if let NodeKind::Move(e) = &self.record.tree.node(id).kind {
                    play(p, e);
                }
            }
        }
        self.pos = pos;
    }

    fn push_node(&mut self, kind: NodeKind, no: u32) {
        let parent = self.current();
        let is_move = matches!(kind, NodeKind::Move(_));
        let id = self.record.tree.push(parent, kind, no);
        let ply = self.path.len();
        let moves = self.path_moves.last().copied().unwrap_or(0) + u32::from(is_move);
        self.path.push(id);
        self.path_moves.push(moves);
        if self.last_at_ply.len() <= ply {
            self.last_at_ply.resize(ply + 1, MoveTree::ROOT);
        }
        self.last_at_ply[ply] = id;
    }

    fn warn_after_ending(&mut self, no: u32, column: u32) {
        if !self.after_end_warned
            && matches!(
                self.record.tree.node(self.current()).kind,
                NodeKind::Ending(_)
            )
        {
            self.after_end_warned = true;
            self.warn(
                WarningCode::MoveAfterEnding,
                no,
                column,
                "A move follows the end of the game (a `まで…` summary or an ending word); it is kept after the ending.".to_string(),
            );
        }
    }

    fn move_line(&mut self, line: &str, at: usize, no: u32) {
        if self.skipping {
            return;
        }
        self.begin_moves();
        if self.stopped {
            return;
        }
        let b = line.as_bytes();
        let mut i = at;
        loop {
            i = skip_spaces(b, i);
            let Some(rest) = line.get(i..).filter(|r| !r.is_empty()) else {
                return;
            };
            match Ki2Move::parse(rest) {
                Ok((km, len)) => {
                    let written = rest.get(..len).unwrap_or(rest);
                    if !self.play_move(km, written, line, i, no) {
                        return;
                    }
                    i += len;
                }
                Err(e) => {
                    if let Some(len) = self.ending_token(rest, no, column_of(line, i)) {
                        i += len;
                        continue;
                    }
                    if rest.starts_with("まで") {
                        // A summary on the line of the last moves.
                        self.summary(ja::trim_spaces(rest), no, column_of(line, i));
                        return;
                    }
                    let token_len = rest
                        .char_indices()
                        .skip(1)
                        .find(|&(_, c)| ja::is_space(c) || mark_color(c).is_some())
                        .map_or(rest.len(), |(k, _)| k);
                    let token = rest.get(..token_len).unwrap_or(rest);
                    let column = column_of(line, i + e.offset);
                    self.line_error(
                        ErrorCode::ParseError,
                        no,
                        column,
                        format!(
                            "Could not read the move `{token}`: expected {} at column {column}.",
                            e.expected
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// A mark followed by an ending word (`△投了`): pushes the ending, returns its length.
    fn ending_token(&mut self, rest: &str, no: u32, column: u32) -> Option<usize> {
        let first = rest.chars().next()?;
        let mark = mark_color(first).map_or(0, |_| first.len_utf8());
        let word_part = rest.get(mark..)?;
        let len = word_part
            .find(|c: char| ja::is_space(c) || mark_color(c).is_some())
            .unwrap_or(word_part.len());
        let word = word_part.get(..len)?;
        let kind = ja::ending_from_word(word)?;
        self.warn_after_ending(no, column);
        self.push_node(NodeKind::Ending(Box::new(Ending::new(kind, word))), no);
        Some(mark + len)
    }

    /// Resolves and adds one move; `false` when it stopped the line.
    fn play_move(&mut self, km: Ki2Move, written: &str, line: &str, at: usize, no: u32) -> bool {
        let column = column_of(line, at);
        let last_to = self
            .path
            .iter()
            .rev()
            .find_map(|&id| self.record.tree.node(id).move_entry().map(|e| e.mv.to()));
        let resolved = match self.pos.as_ref() {
            Some(Pos::Standard(pos)) => km.to_move(pos, last_to),
            Some(Pos::Variant(pos)) => km.to_move(pos, last_to),
            None => {
                let why = self.start.as_ref().err().cloned().unwrap_or_default();
                self.line_error(
                    ErrorCode::UnresolvableMove,
                    no,
                    column,
                    format!("The move `{written}` cannot be resolved: the start position cannot be played ({why})."),
                );
                return false;
            }
        };
        let res = match resolved {
            Ok(r) => r,
            Err(e) => {
                let message = e.sentence(ja::trim_spaces(written), km.piece);
                self.line_error(e.code(), no, column, message);
                return false;
            }
        };
        for s in &res.superfluous {
            let word = s.word;
            if word == "打" {
                if self.drop_warned {
                    continue;
                }
                self.drop_warned = true;
                self.warn(
                    WarningCode::SuperfluousWord,
                    no,
                    column,
                    format!("The move `{written}` says 打 although no piece on the board could legally move there; it was read as the drop (further moves like it are not reported)."),
                );
            } else if s.against_illegal {
                self.warn(
                    WarningCode::SuperfluousWord,
                    no,
                    column,
                    format!("The move `{written}` says {word}, which only tells it apart from a move that is not legal here (a pinned piece's); it was read as {}.", res.mv),
                );
            } else {
                self.warn(
                    WarningCode::SuperfluousWord,
                    no,
                    column,
                    format!("The move `{written}` says {word}, which it does not need; it was read as {}.", res.mv),
                );
            }
        }
        self.warn_after_ending(no, column);
        let entry = MoveEntry {
            mv: VMove::from_standard(res.mv),
            mover: km.color,
            piece: Some(res.piece.into()),
        };
        if let Some(pos) = self.pos.as_mut() {
            play(pos, &entry);
        }
        self.push_node(NodeKind::Move(entry), no);
        true
    }

    fn variation(&mut self, line: &str, at: usize, no: u32) {
        let body = line.get(at..).unwrap_or("");
        let n = match kakinoki::variation_ply(body) {
            Ok(n) => n,
            Err((off, message)) => {
                self.line_error(
                    ErrorCode::ParseError,
                    no,
                    column_of(line, at + off),
                    message,
                );
                return;
            }
        };
        if !self.pre.moves_started || self.path.len() == 1 && self.record.tree.is_empty() {
            self.warn(
                WarningCode::MisplacedVariation,
                no,
                column_of(line, at),
                "A variation line comes before any move and was ignored.".to_string(),
            );
            return;
        }
        self.skipping = false;
        // 1. The line read last, when it reaches ply n-1.
        if self.path.len() >= n {
            self.path.truncate(n);
            self.path_moves.truncate(n);
            self.rebuild_position();
            return;
        }
        // 2. The line most recently read that reaches ply n-1.
        if let Some(&node) = self.last_at_ply.get(n - 1) {
            kakinoki::set_path_to(
                &self.record.tree,
                node,
                &mut self.path,
                &mut self.path_moves,
            );
            self.rebuild_position();
            return;
        }
        if !self.record.errors.is_empty() {
            // The line it belongs to was cut short by an error already reported.
            self.skipping = true;
            return;
        }
        let reached = self.path.len() - 1;
        self.line_error(
            ErrorCode::ParseError,
            no,
            column_of(line, at),
            format!("The variation `{}` branches at ply {n}, but no line before it reaches ply {}; expected a ply from 1 to {}.", ja::trim_spaces(body), n - 1, reached + 1),
        );
    }

    fn summary(&mut self, text: &str, no: u32, col: u32) {
        if self.skipping {
            return;
        }
        self.begin_moves();
        if self.stopped {
            return;
        }
        let Some(s) = ja::parse_summary(text) else {
            return;
        };
        let cur = self.current();
        if let NodeKind::Ending(e) = &mut self.record.tree.node_mut(cur).kind {
            // An ending word came first (`△投了`): the summary names the winner.
            if s.winner.is_some() {
                e.stated_winner = s.winner;
            }
            return;
        }
        let moves = self.path_moves.last().copied().unwrap_or(0);
        // `*入玉宣言` just before a summary of the side to move's foul loss: the writers'
        // failed entering-king declaration.
        let to_move = self.pos.as_ref().map(Pos::side_to_move);
        let notes = self.record.tree.node(cur);
        let failed = s.kind == EndingKind::IllegalMove
            && to_move.is_some_and(|c| s.winner == Some(c.flip()))
            && notes.comments().last().map(String::as_str) == Some(kakinoki::FAILED_DECLARATION);
        let mut ending =
            kakinoki::summary_ending(text, s, moves, no, col, &mut self.record.warnings);
        if let Some(loser) = to_move.filter(|_| failed) {
            self.record.tree.node_mut(cur).notes_mut().comments.pop();
            ending = kakinoki::failed_declaration_ending(loser);
        }
        self.push_node(NodeKind::Ending(Box::new(ending)), no);
    }

    fn finish(mut self) -> Record {
        if !self.stopped && !self.pre.moves_started {
            self.begin_moves();
        }
        self.record
    }
}
