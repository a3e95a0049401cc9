//! The KIF reader (the module documentation of [`super`] lists what it tolerates).

use crate::formats::japanese as ja;
use crate::formats::kakinoki::{self, column_of, skip_spaces, Preamble};
use crate::formats::variant_names;
use crate::record::{
    Ending, EndingKind, MoveEntry, MoveTime, MoveTree, NodeId, NodeKind, ReadError, ReadIssue,
    Record, Start,
};
use crate::record::{ErrorCode, WarningCode};
use crate::shogi::rules::MoveShape;
use crate::shogi::{Color, Move, Position, Rules, Setup, Square};
use crate::text::count_byte;
use crate::variant::{VKind, VMove, VPosition, Variant};

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Reads the record of a KIF text. A KIF file holds one game, so the result holds one record.
pub fn read(text: &str) -> Vec<Record> {
    read_as(text, None)
}

/// [`read`] with `forced` (`--variant`): a record that names no game is read as that
/// variant's, and one of another game is an error naming both.
pub fn read_as(text: &str, forced: Option<Variant>) -> Vec<Record> {
    let _columns = crate::formats::column::Scope::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new(forced);
    let bytes = text.as_bytes();
    reader.reserve(count_byte(bytes, b'\n') + 1);
    for (line, no) in kakinoki::numbered_lines(text) {
        reader.line(line, no);
        if reader.stopped {
            break;
        }
    }
    vec![reader.finish()]
}

/// The smaller variant a KIF or KI2 text says it is of, looking only at its header (the
/// first 200 lines, up to the moves): a `手合割` naming one, or a board diagram of a
/// variant's size. `None` for standard shogi or no sign.
pub fn variant_named(text: &str) -> Option<Variant> {
    let (mut rows, mut width) = (0u8, 0usize);
    for line in text.lines().take(200) {
        let t = ja::trim_spaces(line);
        if let Some(("手合割", value)) = ja::split_header(t) {
            let named = variant_names::variant_from_handicap(value);
            if let Some(v) = named.filter(|v| *v != Variant::Standard) {
                return Some(v);
            }
        }
        if let Some(w) = crate::formats::variant_board::row_width(t) {
            (rows, width) = (rows.saturating_add(1), w);
        }
        if t.starts_with("手数") {
            break;
        }
    }
    let plus = text.contains('香') || text.contains('桂');
    variant_names::variant_from_board(u8::try_from(width).ok()?, rows, plus)
        .filter(|v| *v != Variant::Standard)
}

/// A move line's move, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ParsedMove {
    /// `同`: the destination of the previous move.
    pub(super) same: bool,
    pub(super) to: Option<Square>,
    /// The piece named (before any `成`).
    pub(super) piece: VKind,
    pub(super) promote: bool,
    pub(super) drop: bool,
    pub(super) from: Option<Square>,
}

pub(super) enum Body<'a> {
    Move(ParsedMove),
    Special(&'a str),
}

/// What follows the move: time, `+`, and where unexpected text starts.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Tail {
    pub(super) time: Option<MoveTime>,
    pub(super) bad_time: Option<usize>,
    pub(super) flagged: bool,
    pub(super) extra: Option<usize>,
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
    /// The smaller variant the record is of, with its position after `path[..k]` and `k`.
    variant: Option<(Variant, Option<(VPosition, usize)>)>,
    ply_warned: bool,
    after_end_warned: bool,
    /// The moves before a mid-game start (its move number less one), by which the move
    /// lines, `変化：N手` and the summary are numbered.
    ply_offset: u32,
}

impl Reader {
    fn new(forced: Option<Variant>) -> Reader {
        let mut record = Record::new();
        record.source.line = 1;
        Reader {
            record,
            stopped: false,
            pre: Preamble::new(forced),
            start_setup: None,
            start_side: Color::Black,
            path: vec![MoveTree::ROOT],
            path_moves: vec![0],
            flagged: Vec::new(),
            last_at_ply: vec![MoveTree::ROOT],
            cache: None,
            variant: None,
            ply_warned: false,
            after_end_warned: false,
            ply_offset: 0,
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

    fn warn(&mut self, code: WarningCode, line: u32, column: u32, message: String) {
        self.record
            .warn(ReadIssue::new(code, line, column, message));
    }

    fn error(&mut self, code: ErrorCode, line: u32, column: u32, message: String) {
        self.stop(ReadIssue::new(code, line, column, message));
    }

    fn stop(&mut self, issue: ReadError) {
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
            b'*' | b'&' => {
                let node = self.current();
                let body = line.get(i + 1..).unwrap_or("");
                if first == b'*' && self.failed_declaration(node, body) {
                    return;
                }
                kakinoki::add_note(&mut self.record.tree, node, char::from(first), body);
            }
            _ => self.other_line(line, i, no),
        }
    }

    /// Takes the comment `入玉宣言` as the first note of a `反則負け` ending for what the
    /// writers mean by it: the side to move declared an entering-king win and lost.
    fn failed_declaration(&mut self, node: NodeId, comment: &str) -> bool {
        let moves = self.path_moves.last().copied().unwrap_or(0);
        let to_move = if moves % 2 == 0 {
            self.start_side
        } else {
            self.start_side.flip()
        };
        let n = self.record.tree.node_mut(node);
        if comment != kakinoki::FAILED_DECLARATION
            || !n.comments().is_empty()
            || !n.engine_comments().is_empty()
        {
            return false;
        }
        match &mut n.kind {
            NodeKind::Ending(e) if e.kind == EndingKind::IllegalMove => {
                **e = kakinoki::failed_declaration_ending(to_move);
                true
            }
            _ => false,
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
            WarningCode::UnknownLine,
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
        if let Start::Variant(p) = &start {
            self.variant = Some((p.variant(), None));
        }
        self.record.start = start;
    }

    /// The position after the current path, built incrementally from a cache.
    fn position_now(&mut self) -> Option<&Position> {
        let setup = self.start_setup.as_ref()?;
        let fresh = || Position::from_setup(setup).ok();
        let play = |p: &mut Position, e: &MoveEntry| {
            if let Some(mv) = e.standard() {
                p.play_unchecked(mv);
            }
        };
        position_after(&mut self.cache, fresh, play, &self.path, &self.record.tree)
    }

    /// The variant's position after the current path, built likewise.
    fn variant_position_now(&mut self) -> Option<&VPosition> {
        let (_, cache) = self.variant.as_mut()?;
        let Start::Variant(start) = &self.record.start else {
            return None;
        };
        let fresh = || Some(start.clone());
        let play = |p: &mut VPosition, e: &MoveEntry| {
            p.play_lenient(e.mv);
        };
        position_after(cache, fresh, play, &self.path, &self.record.tree)
    }

    fn truncate_path(&mut self, len: usize) {
        self.path.truncate(len);
        self.path_moves.truncate(len);
        if matches!(self.cache, Some((_, k)) if k > len) {
            self.cache = None;
        }
        if let Some((_, cache)) = self.variant.as_mut() {
            if matches!(cache, Some((_, k)) if *k > len) {
                *cache = None;
            }
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
        if self.pre.moves_started && self.variant.is_none() {
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
                ErrorCode::ParseError,
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
        let names = self
            .variant
            .as_ref()
            .map_or(Names::Standard, |v| Names::Variant(v.0));
        let (parsed, end) = match parse_body_with(body, names) {
            Ok(p) => p,
            Err((off, expected)) => {
                self.error(
                    ErrorCode::ParseError,
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
                WarningCode::InvalidTime,
                no,
                column_of(line, tail_at + off),
                "The time column could not be read and was ignored; expected `( m:ss/hh:mm:ss)` such as `( 0:16/00:00:16)`.".to_string(),
            );
        }
        // A comment after the move on its line (`２二ひよこ(23) * comment`, as Lishogi's
        // parser tests write one): a comment on the move.
        let comment = tail
            .extra
            .and_then(|off| line.get(tail_at + off..))
            .and_then(|t| t.strip_prefix('*'));
        if let (Some(off), None) = (tail.extra, comment) {
            let text = line.get(tail_at + off..).unwrap_or("").trim_end();
            self.warn(
                WarningCode::TrailingText,
                no,
                column_of(line, tail_at + off),
                format!("The text `{text}` after the move was ignored; expected only a time column and `+`."),
            );
        }
        let nodes = self.record.tree.len();
        self.add_move(line, at, no, ply, body_at, parsed, tail);
        if let Some(c) = comment.filter(|_| self.record.tree.len() > nodes) {
            let node = self.current();
            kakinoki::add_note(&mut self.record.tree, node, '*', ja::trim_spaces(c));
        }
    }

    /// Takes the number of the record's first move line: a position's move number (the
    /// `手数＝N` line's N+1, or, without that line, the number itself, as Kifu for Windows
    /// numbers a mid-game start) numbers the moves from there.
    fn number_from(&mut self, ply: u32) {
        let Some(setup) = self.start_setup.as_mut() else {
            return;
        };
        if ply <= 1 || !matches!(self.record.start, Start::Position(_)) {
            return;
        }
        if setup.move_number == 1 {
            setup.move_number = ply;
            if let Start::Position(s) = &mut self.record.start {
                s.move_number = ply;
            }
        }
        if setup.move_number == ply {
            self.ply_offset = ply - 1;
        }
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
        if self.path.len() == 1 && self.record.tree.root().first_child().is_none() {
            self.number_from(ply);
        }
        let expected_ply = self.path.len() as u32 + self.ply_offset;
        if ply != expected_ply && !self.ply_warned {
            self.ply_warned = true;
            self.warn(
                WarningCode::PlyMismatch,
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
                WarningCode::MoveAfterEnding,
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
                        WarningCode::UnknownEnding,
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
                        ErrorCode::ParseError,
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
        if let Some((v, _)) = self.variant {
            return self.resolve_in_variant(v, w, to, line, body_at, no);
        }
        let kind = w.piece.standard()?;
        let mv = if w.drop {
            Move::Drop { kind, to }
        } else if let Some(from) = w.from {
            Move::Normal {
                from,
                to,
                promote: w.promote,
            }
        } else {
            let found = self
                .position_now()
                .map(|pos| candidates(pos, kind, to, w.promote));
            let found = found.map(|f| f.into_iter().map(VMove::from_standard).collect());
            self.only_candidate(found, line, body_at, no)?.standard()?
        };
        Some(MoveEntry {
            mv: mv.into(),
            mover: None,
            piece: Some(stated_kind(w)),
        })
    }

    /// [`Reader::resolve`] in a smaller variant `v`: the squares must be on its board, and a
    /// move without a source is resolved against its position.
    fn resolve_in_variant(
        &mut self,
        v: Variant,
        w: ParsedMove,
        to: Square,
        line: &str,
        body_at: usize,
        no: u32,
    ) -> Option<MoveEntry> {
        let text = ja::trim_spaces(line.get(body_at..).unwrap_or("")).to_string();
        let on_board = |sq: Square| sq.file() <= v.files() && sq.rank() <= v.ranks();
        if let Some(off) = [Some(to), w.from]
            .into_iter()
            .flatten()
            .find(|&s| !on_board(s))
        {
            self.error(
                ErrorCode::ParseError,
                no,
                column_of(line, body_at),
                format!("The move `{text}` names the square {}{}, which is not on the board of {v} ({}x{}).", off.file(), off.rank(), v.files(), v.ranks()),
            );
            return None;
        }
        let mv = if w.drop {
            if w.piece.is_promoted() || w.piece.is_royal() || w.promote {
                self.error(
                    ErrorCode::ParseError,
                    no,
                    column_of(line, body_at),
                    format!(
                        "The move `{text}` drops a {}, which is never in hand.",
                        w.piece
                    ),
                );
                return None;
            }
            VMove::Drop { kind: w.piece, to }
        } else if let Some(from) = w.from {
            VMove::Normal {
                from,
                to,
                promote: w.promote,
            }
        } else {
            let found = self
                .variant_position_now()
                .map(|pos| candidates(pos, w.piece, to, w.promote));
            self.only_candidate(found, line, body_at, no)?
        };
        Some(MoveEntry {
            mv,
            mover: None,
            piece: Some(stated_kind(w)),
        })
    }

    /// The one legal move that fits a move without a source (`found`: the moves that fit,
    /// `None` when the position cannot be played), with a `missing-source` warning; an
    /// error that stops the record when there is not exactly one.
    fn only_candidate(
        &mut self,
        found: Option<Vec<VMove>>,
        line: &str,
        body_at: usize,
        no: u32,
    ) -> Option<VMove> {
        let text = ja::trim_spaces(line.get(body_at..).unwrap_or("")).to_string();
        match found.as_deref() {
            Some([only]) => {
                let mv = *only;
                let how = match mv.from() {
                    Some(from) => format!("from {}{}", from.file(), from.rank()),
                    None => "as a drop".to_string(),
                };
                self.warn(
                    WarningCode::MissingSource,
                    no,
                    column_of(line, body_at),
                    format!("The move `{text}` gives no source square; the only legal move that fits is {how}, which was used."),
                );
                Some(mv)
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
                    ErrorCode::ParseError,
                    no,
                    column_of(line, body_at),
                    format!("The move `{text}` gives no source square and {why}; expected a source such as `(77)` after the piece, or `打` for a drop."),
                );
                None
            }
        }
    }

    fn variation(&mut self, line: &str, at: usize, no: u32) {
        let body = line.get(at..).unwrap_or("");
        let n = match kakinoki::variation_ply(body) {
            // Numbered as the moves are, from a mid-game start's move number.
            Ok(n) if n > self.ply_offset as usize => n - self.ply_offset as usize,
            Ok(n) => n,
            Err((off, message)) => {
                self.error(
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
            ErrorCode::ParseError,
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
        if let Some((_, cache)) = self.variant.as_mut() {
            *cache = None;
        }
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
        let Some(mut s) = ja::parse_summary(text) else {
            return;
        };
        let cur = self.current();
        let moves = self.path_moves.last().copied().unwrap_or(0);
        // The ply count a summary states: the plies before its ending (Kifu for Windows counts
        // an earlier ending line as a ply).
        let plies = (self.path.len() as u32).saturating_sub(1);
        // A summary after a mid-game start counts the moves before it too.
        if self.ply_offset > 0 && s.plies.is_some_and(|p| p > self.ply_offset) {
            let counted = |p: u32| p.saturating_sub(self.ply_offset);
            if let Some(p) = s.plies.as_mut() {
                *p = counted(*p);
            }
        }
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
                    WarningCode::SummaryMismatch,
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
        // A failed declaration is the declarer's foul loss.
        let failed = kakinoki::failed_declaration(e, to_move) && s.kind == IllegalMove;
        if s.specific
            && !failed
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

/// The kind a move line says stands on the destination after the move (`角成`: a horse).
fn stated_kind(w: ParsedMove) -> VKind {
    if w.promote {
        w.piece.promote().unwrap_or(w.piece)
    } else {
        w.piece
    }
}

/// The position after `path[..]` of `tree`, built from `cache` (the position after
/// `path[..k]`, and `k`) by playing the moves after it, or from `fresh()`.
fn position_after<'c, P>(
    cache: &'c mut Option<(P, usize)>,
    fresh: impl FnOnce() -> Option<P>,
    play: impl Fn(&mut P, &MoveEntry),
    path: &[NodeId],
    tree: &MoveTree,
) -> Option<&'c P> {
    let need = path.len();
    let (mut pos, mut k) = match cache.take() {
        Some((p, k)) if k <= need => (p, k),
        _ => (fresh()?, 1),
    };
    while k < need {
        if let Some(e) = path.get(k).and_then(|&id| tree.node(id).move_entry()) {
            play(&mut pos, e);
        }
        k += 1;
    }
    *cache = Some((pos, k));
    cache.as_ref().map(|(p, _)| p)
}

/// The legal moves of `kind` to `to` (promoting when `promote`), or, when there is none and
/// `kind` is in hand, its drop: how a move without a source is resolved, in every game.
fn candidates<P: Rules>(pos: &P, kind: P::Kind, to: Square, promote: bool) -> Vec<P::Move> {
    let mut legal = P::MoveList::default();
    pos.legal_moves_into(&mut legal);
    let board: Vec<P::Move> = legal
        .iter()
        .copied()
        .filter(|&m| match P::shape(m) {
            MoveShape::Board {
                from,
                to: t,
                promote: p,
            } => t == to && p == promote && pos.piece_on(from).is_some_and(|pc| pc.1 == kind),
            MoveShape::Drop { .. } => false,
        })
        .collect();
    if !board.is_empty() || promote {
        return board;
    }
    legal
        .iter()
        .copied()
        .filter(
            |&m| matches!(P::shape(m), MoveShape::Drop { kind: k, to: t } if k == kind && t == to),
        )
        .collect()
}

/// The ply number of a move line whose digits start at byte `at` (saturating), and the byte
/// after the digits.
#[inline]
pub(super) fn ply_number(b: &[u8], at: usize) -> (u32, usize) {
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
pub(super) fn body_start(line: &str, digits_end: usize) -> usize {
    let rest = line.get(digits_end..).unwrap_or("");
    digits_end + (rest.len() - rest.trim_start_matches(ja::is_space).len())
}

// ---------------------------------------------------------------------------------------------
// The short path for plain move lines
// ---------------------------------------------------------------------------------------------

/// A move line read by [`quick_move_line`]: the ply number, where the move starts, the move
/// and what follows it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct QuickMove {
    pub(super) ply: u32,
    pub(super) body_at: usize,
    pub(super) mv: ParsedMove,
    pub(super) tail: Tail,
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
pub(super) fn quick_move_line(line: &str, at: usize) -> Option<QuickMove> {
    let b = line.as_bytes();
    let (ply, digits_end) = ply_number(b, at);
    let body_at = skip_spaces(b, digits_end);
    if body_at == digits_end {
        return None;
    }
    let (mut mv, mut i) = quick_destination(b, body_at)?;
    let (piece, len) = ja::parse_piece(line.get(i..)?)?;
    (mv.piece, i) = (piece.into(), i + len);
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
        piece: VKind::Pawn,
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
pub(super) fn parse_body(s: &str) -> Result<(Body<'_>, usize), (usize, &'static str)> {
    parse_body_with(s, Names::Standard)
}

/// The piece names a move line may use: standard shogi's or a smaller variant's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Names {
    /// `歩 香 桂 … 龍` and their other forms.
    Standard,
    /// The variant's ([`variant_names::names`]).
    Variant(Variant),
}

impl Names {
    /// The kind whose name starts `s`, with the bytes taken.
    #[inline]
    fn parse(self, s: &str) -> Option<(VKind, usize)> {
        match self {
            Names::Standard => ja::parse_piece(s).map(|(k, len)| (k.into(), len)),
            Names::Variant(v) => variant_names::parse_piece(v, s),
        }
    }

    /// What the reader expected where no piece name stood.
    fn expected(self) -> &'static str {
        match self {
            Names::Standard => {
                "a piece name (歩, 香, 桂, 銀, 金, 角, 飛, 玉, と, 成香, 成桂, 成銀, 馬 or 龍)"
            }
            Names::Variant(Variant::Torishogi) => {
                "a piece name of Tori Shogi (鵬, 鷹, 鵰, 鶴, 雉, 左鶉, 右鶉, 燕 or 鴈)"
            }
            Names::Variant(Variant::Dobutsu) => {
                "a piece name of Shogi 3x4 (ライオン, きりん, ぞう, ひよこ or にわとり)"
            }
            Names::Variant(Variant::Minishogi) => {
                "a piece name of Mini Shogi (歩, 銀, 金, 角, 飛, 玉, と, 成銀, 馬 or 龍)"
            }
            Names::Variant(_) => {
                "a piece name of Shogi 5x6 (歩, 香, 桂, 銀, 金, 玉, と, 成香, 成桂 or 成銀)"
            }
        }
    }
}

/// [`parse_body`] with the piece names of `names`.
#[inline]
pub(super) fn parse_body_with(
    s: &str,
    names: Names,
) -> Result<(Body<'_>, usize), (usize, &'static str)> {
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
        piece: VKind::Pawn,
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
    let (piece, len) = names
        .parse(s.get(i..).unwrap_or(""))
        .ok_or((i, names.expected()))?;
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
pub(super) fn parse_tail(s: &str) -> Tail {
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
