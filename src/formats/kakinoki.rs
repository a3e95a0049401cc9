//! Reading and writing machinery that KIF and KI2 share (both are Kakinoki's formats): the
//! header and board-diagram part of the preamble, the choice of the start position, the
//! current line of a record being read, and the header, start and note lines of the writers.

use crate::record::{ErrorCode, WarningCode};
use std::fmt::Write as _;

use super::japanese::{self as ja, HandicapName};
use super::time_limit::{Form, Plan, TimeLimits};
use super::variant_board::{row_width, write_board as write_variant_board, VariantDiagram};
use super::variant_names::{fits, handicap_name, mismatch, variant_from_handicap};
use super::written::{note, push_comment_lines};
use crate::record::{
    Ending, EndingKind, MetaKey, MoveTree, Node, NodeId, NodeKind, ReadError, ReadIssue,
    ReadWarning, Record, Start,
};
use crate::shogi::{Color, Handicap};
use crate::text::{find_byte, run_length};
use crate::variant::{VPosition, Variant};

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// The lines of a text, without their `\n` or `\r\n`, with their numbers from 1.
pub(super) fn numbered_lines(text: &str) -> impl Iterator<Item = (&str, u32)> + '_ {
    let bytes = text.as_bytes();
    let (mut start, mut no) = (0usize, 0u32);
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let end = find_byte(bytes, b'\n', start).unwrap_or(bytes.len());
        let mut stop = end;
        if stop > start && bytes.get(stop - 1) == Some(&b'\r') {
            stop -= 1;
        }
        let line = text.get(start..stop).unwrap_or("");
        start = end + 1;
        no = no.saturating_add(1);
        Some((line, no))
    })
}

/// Skips ASCII spaces, tabs and ideographic spaces from byte `i`.
#[inline]
pub(super) fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    loop {
        match b.get(i) {
            // ASCII spaces come in runs (the padding before a time column): skip them in bulk.
            Some(b' ') => i += 1 + run_length(b, i + 1, b' '),
            Some(b'\t') => i += 1,
            Some(0xE3) if b.get(i + 1) == Some(&0x80) && b.get(i + 2) == Some(&0x80) => i += 3,
            _ => return i,
        }
    }
}

pub(super) use super::column::column_of;

/// What the lines before the moves say about the start: the handicap line, the board diagram
/// (standard shogi's, or a smaller variant's when the `手合割`, the board's size or `--variant`
/// names one).
pub(super) struct Preamble {
    pub(super) moves_started: bool,
    handicap: Option<(String, u32, u32)>,
    pub(super) board: ja::BoardReader,
    board_line: u32,
    /// `--variant`.
    forced: Option<Variant>,
    /// A variant's diagram, and its hand lines whatever the game.
    variant_board: VariantDiagram,
    /// Whether the board diagram is read as a variant's.
    variant_rows: bool,
    /// The error of a hand line standard shogi's diagram could not read, kept until the start
    /// says whether the game is standard shogi (a variant names other pieces).
    pending: Option<ReadError>,
}

impl Preamble {
    /// A preamble of a record read as `forced` (`--variant`) says, or as it says itself.
    pub(super) fn new(forced: Option<Variant>) -> Preamble {
        Preamble {
            moves_started: false,
            handicap: None,
            board: ja::BoardReader::new(),
            board_line: 0,
            forced,
            variant_board: VariantDiagram::default(),
            variant_rows: false,
            pending: None,
        }
    }

    /// Reads a diagram line of a variant's board or a hand line (kept for a variant's board
    /// whatever the game): `Some(result)` when the line was taken.
    fn variant_line(&mut self, line: &str, at: usize, no: u32) -> Option<Result<bool, ReadError>> {
        let body = line.get(at..).unwrap_or("");
        let hand = ja::split_header(body).and_then(|(key, value)| {
            let color = ja::hand_key_color(key)?;
            Some((color, value.as_ptr() as usize - line.as_ptr() as usize))
        });
        if let Some((color, value_at)) = hand {
            self.variant_board.keep_hand(color, line, value_at, no);
        }
        if body.starts_with('|') && self.board.rows() == 0 && !self.variant_rows {
            self.variant_rows = row_width(body).is_some_and(|w| matches!(w, 3 | 5 | 7));
        }
        if !self.variant_rows && is_file_labels(body) {
            // `  ５ ４ ３ ２ １` over a variant's board (standard shogi's are read below too).
            return Some(Ok(true));
        }
        if self.variant_rows {
            if self.variant_board.line(line, at, no) {
                if self.board_line == 0 && body.starts_with('|') {
                    self.board_line = no;
                }
                return Some(Ok(true));
            }
            return hand.map(|_| Ok(true));
        }
        hand?;
        match self.board.line(line) {
            Ok(taken) => Some(Ok(taken)),
            Err(e) => {
                let column = u32::try_from(e.char_offset)
                    .unwrap_or(u32::MAX)
                    .saturating_add(1);
                self.pending.get_or_insert(ReadIssue::new(
                    ErrorCode::ParseError,
                    no,
                    column,
                    e.message,
                ));
                Some(Ok(true))
            }
        }
    }

    /// Reads a board diagram line (before the moves) or a header line `key：value` (kept in
    /// `record`'s metadata, or as the handicap). `Ok(false)`: the line is neither; `Err`: an
    /// error that stops the record.
    pub(super) fn header_line(
        &mut self,
        record: &mut Record,
        line: &str,
        at: usize,
        no: u32,
    ) -> Result<bool, ReadError> {
        let body = line.get(at..).unwrap_or("");
        let col = column_of(line, at);
        let trimmed = ja::trim_spaces(body);
        let warn = |record: &mut Record, code, message| {
            record.warn(ReadIssue::new(code, no, col, message));
        };
        if !self.moves_started {
            if let Some(taken) = self.variant_line(line, at, no) {
                return taken;
            }
            match self.board.line(line) {
                Ok(true) => {
                    if self.board_line == 0 {
                        self.board_line = no;
                    }
                    return Ok(true);
                }
                Ok(false) => {}
                Err(e) => {
                    let column = u32::try_from(e.char_offset)
                        .unwrap_or(u32::MAX)
                        .saturating_add(1);
                    return Err(ReadIssue::new(ErrorCode::ParseError, no, column, e.message));
                }
            }
        } else if body.starts_with('|') || body.starts_with("+-") {
            warn(
                record,
                WarningCode::MisplacedBoard,
                "A board diagram line comes after the moves began and was ignored; a board diagram belongs in the header.".to_string(),
            );
            return Ok(true);
        }
        if trimmed == ja::BOARD_FLIPPED {
            record
                .metadata
                .push(MetaKey::Other, ja::BOARD_FLIPPED, "", no);
            return Ok(true);
        }
        if let Some((key, value)) = ja::split_header(body) {
            if key == "手合割" {
                if self.moves_started {
                    warn(
                        record,
                        WarningCode::MisplacedHandicap,
                        format!("The handicap line `{trimmed}` comes after the moves began and was ignored."),
                    );
                } else {
                    let vcol = column_of(
                        line,
                        line.len() - line.trim_start_matches(|c| c != '：' && c != ':').len(),
                    ) + 1;
                    self.handicap = Some((value.to_string(), no, vcol));
                }
                return Ok(true);
            }
            if ja::is_position_key(key) {
                warn(
                    record,
                    WarningCode::MisplacedBoard,
                    format!("The line `{trimmed}` describes the start position but comes after the moves began; it was ignored."),
                );
                return Ok(true);
            }
            record.metadata.push(ja::meta_key(key), key, value, no);
            return Ok(true);
        }
        Ok(false)
    }

    /// Decides the start position when the moves begin (or the text ends): the board diagram
    /// wins over a named handicap that disagrees with it. `Err`: an error that stops the record.
    pub(super) fn start(&self, warnings: &mut Vec<ReadWarning>) -> Result<Start, ReadError> {
        if let Some(start) = self.variant_start(warnings)? {
            return Ok(start);
        }
        if let Some(e) = &self.pending {
            return Err(e.clone());
        }
        let named = self
            .handicap
            .as_ref()
            .map(|(name, _, _)| ja::handicap_from_name(name));
        let start = if self.board.has_board() {
            if self.board.rows() != 9 {
                return Err(ReadIssue::new(
                    ErrorCode::ParseError,
                    self.board_line.max(1),
                    1,
                    format!(
                        "The board diagram has {} rows; expected nine rows `| ・ ・ … ・|一` between the `+---…---+` borders.",
                        self.board.rows()
                    ),
                ));
            }
            let mut setup = self.board.setup(Color::Black);
            if let Some(HandicapName::Named(h)) = named {
                let hs = h.setup();
                if self.board.side().is_none() && hs.board == setup.board && hs.hands == setup.hands
                {
                    setup.side_to_move = hs.side_to_move;
                }
                if hs.board != setup.board
                    || hs.hands != setup.hands
                    || hs.side_to_move != setup.side_to_move
                {
                    let (name, line, col) = self.handicap.clone().unwrap_or_default();
                    warnings.push(ReadIssue::new(
                        WarningCode::HandicapMismatch,
                        line,
                        col,
                        format!("The handicap `{}` does not match the board diagram; the board diagram is used.", ja::trim_spaces(&name)),
                    ));
                }
            }
            Start::Position(setup).normalized()
        } else {
            if self.board.has_hands() || self.board.side().is_some() {
                warnings.push(ReadIssue::new(
                    WarningCode::IncompleteBoard,
                    self.board_line.max(1),
                    1,
                    "Pieces in hand or a side to move are given without a board diagram; they were ignored.".to_string(),
                ));
            }
            match named {
                None => Start::Handicap(Handicap::Even),
                Some(HandicapName::Named(h)) => Start::Handicap(h),
                Some(other) => {
                    let (name, line, col) = self.handicap.clone().unwrap_or_default();
                    let name = ja::trim_spaces(&name);
                    let why = if other == HandicapName::Custom {
                        format!("The handicap `{name}` needs a board diagram giving the position, and there is none")
                    } else {
                        format!("The handicap `{name}` is not a name this reader knows and no board diagram gives the position")
                    };
                    return Err(ReadIssue::new(
                        ErrorCode::UnknownHandicap,
                        line,
                        col,
                        format!("{why}; expected 平手, 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち, 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち, or a board diagram."),
                    ));
                }
            }
        };
        Ok(start)
    }
}

/// Whether `body` is the file labels over a board (`５ ４ ３ ２ １`, full-width digits).
fn is_file_labels(body: &str) -> bool {
    let t = ja::trim_spaces(body);
    t.starts_with(|c| ('１'..='９').contains(&c))
        && t.chars()
            .all(|c| ja::is_space(c) || ('１'..='９').contains(&c))
}

impl Preamble {
    /// The start of a smaller variant's record, `None` for standard shogi: the variant the
    /// board's size is, else the one the `手合割` names, else `--variant`'s; a record of
    /// another variant than `--variant` forces is an error naming both. A `手合割` the board
    /// disagrees with is a `handicap-mismatch` warning, as in standard shogi.
    fn variant_start(&self, warnings: &mut Vec<ReadWarning>) -> Result<Option<Start>, ReadError> {
        let (name, hline, hcol) = self.handicap.clone().unwrap_or_default();
        let named = self
            .handicap
            .as_ref()
            .and_then(|_| variant_from_handicap(&name));
        let board = if self.variant_board.has_rows() {
            self.variant_board.board_variant()?
        } else {
            self.board.has_board().then_some(Variant::Standard)
        };
        let found = match (named, board) {
            (Some(n), Some(b)) if !fits(n, b) && !fits(b, n) => {
                if n != Variant::Standard || b != Variant::Standard {
                    warnings.push(ReadIssue::new(
                        WarningCode::HandicapMismatch,
                        hline,
                        hcol,
                        format!(
                            "The handicap `{}` names {n}, but the board diagram is {b}'s ({}x{}); the board diagram is used.",
                            ja::trim_spaces(&name),
                            b.files(),
                            b.ranks()
                        ),
                    ));
                }
                Some(b)
            }
            (_, Some(b)) => Some(b),
            (n, None) => n,
        };
        let variant = match (found, self.forced) {
            (Some(f), Some(v)) if !fits(f, v) => {
                let why = if named == Some(f) {
                    format!(", 手合割：{}", ja::trim_spaces(&name))
                } else {
                    String::new()
                };
                let (line, col) = if named == Some(f) {
                    (hline, hcol)
                } else {
                    (self.board_line.max(1), 1)
                };
                return Err(ReadIssue::new(
                    ErrorCode::ParseError,
                    line,
                    col,
                    format!("Cannot read the record: {}.", mismatch(f, &why, v)),
                ));
            }
            (_, Some(v)) | (Some(v), None) => v,
            (None, None) => Variant::Standard,
        };
        if variant == Variant::Standard {
            return Ok(None);
        }
        let d = &self.variant_board;
        if !d.has_rows() && d.has_hands() {
            warnings.push(ReadIssue::new(
                WarningCode::IncompleteBoard,
                hline.max(1),
                1,
                "Pieces in hand are given without a board diagram; they were ignored.".to_string(),
            ));
        }
        let side = d.side().or(self.board.side()).unwrap_or(Color::Black);
        d.position(variant, side, hline)
            .map(|p| Some(Start::Variant(p)))
    }
}

/// Keeps a `*` comment line (`**`: an engine comment) or a `&` bookmark line on `node`:
/// `mark` is the line's first character, `body` what follows it.
pub(super) fn add_note(tree: &mut MoveTree, node: NodeId, mark: char, body: &str) {
    let notes = tree.node_mut(node).notes_mut();
    if mark == '&' {
        notes.bookmark = Some(body.to_string());
        return;
    }
    match body.strip_prefix('*') {
        Some(engine) => notes.engine_comments.push(engine.to_string()),
        None => notes.comments.push(body.to_string()),
    }
}

/// The ply N of a variation line `変化：N手` (`body` from `変化` on), 1 or more; else the
/// byte offset in `body` where the number should be and the message of the `parse-error`.
pub(super) fn variation_ply(body: &str) -> Result<usize, (usize, String)> {
    let rest = body.strip_prefix("変化").unwrap_or(body);
    let rest = rest.trim_start_matches(ja::is_space);
    let rest = rest
        .strip_prefix('：')
        .or_else(|| rest.strip_prefix(':'))
        .unwrap_or(rest)
        .trim_start_matches(ja::is_space);
    let n = ja::parse_number(rest).map(|(n, _)| n as usize);
    n.filter(|&n| n >= 1).ok_or_else(|| {
        (
            body.len() - rest.len(),
            format!("Could not read the variation line `{}`: expected `変化：N手` with the ply N (1 or more) where the variation branches off.", ja::trim_spaces(body)),
        )
    })
}

/// Makes the current line (`path[k]`: the node at ply `k`; `path_moves[k]`: how many of
/// `path[1..=k]` are moves) end at `node`.
pub(super) fn set_path_to(
    tree: &MoveTree,
    node: NodeId,
    path: &mut Vec<NodeId>,
    path_moves: &mut Vec<u32>,
) {
    let mut chain: Vec<NodeId> =
        std::iter::successors(Some(node), |&id| tree.node(id).parent()).collect();
    chain.reverse();
    path.clear();
    path_moves.clear();
    let mut moves = 0;
    for id in chain {
        moves += u32::from(matches!(tree.node(id).kind, NodeKind::Move(_)));
        path.push(id);
        path_moves.push(moves);
    }
}

/// The ending a `まで…` summary creates where no ending precedes it; `count` is what the line
/// holds that the summary's ply count is checked against.
pub(super) fn summary_ending(
    text: &str,
    s: ja::Summary,
    count: u32,
    no: u32,
    col: u32,
    warnings: &mut Vec<ReadWarning>,
) -> Ending {
    if s.kind == EndingKind::Unknown {
        warnings.push(ReadIssue::new(
            WarningCode::UnknownEnding,
            no,
            col,
            format!("The summary `{text}` names no ending this reader knows; it is kept as an ending of unknown kind."),
        ));
    }
    if s.plies.is_some_and(|p| p != count) {
        warnings.push(ReadIssue::new(
            WarningCode::SummaryMismatch,
            no,
            col,
            format!("The summary `{text}` disagrees with the record: the line has {count} moves."),
        ));
    }
    let mut ending = Ending::new(s.kind, text);
    ending.stated_winner = s.winner;
    ending
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

pub(super) fn one_line(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(['\n', '\r']) {
        std::borrow::Cow::Owned(s.replace("\r\n", " ").replace(['\n', '\r'], " "))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// Whether a header key written as `key：value` reads back as that header (and not as a move,
/// a comment, a board line, a variation or a summary): `starts_move` tells the first
/// characters that begin a move line, `reserved` the further prefixes the reader takes for
/// something else.
fn safe_key(key: &str, starts_move: fn(char) -> bool, reserved: &[&str]) -> bool {
    let Some(first) = key.chars().next() else {
        return false;
    };
    !key.contains([':', '：', '\n', '\r'])
        && !key.chars().any(char::is_control)
        && !matches!(
            first,
            '#' | '*' | '&' | '|' | '+' | ' ' | '\t' | '\u{3000}' | '\u{feff}'
        )
        && !starts_move(first)
        && !key.starts_with("まで")
        && !key.starts_with("変化")
        && !reserved.iter().any(|r| key.starts_with(r))
        && !key.starts_with("手数＝")
        && !key.starts_with("手数=")
        && !ja::is_position_key(key)
        && ja::trim_spaces(key) == key
}

/// Writes the header lines `key：value` in the record's order (shared keys from other formats
/// get their KIF names), with `手合割：…` (and a board diagram for a position no handicap
/// names) before the players' names; a key that would not read back is noted in `dropped`.
pub(super) fn write_headers(
    record: &Record,
    start: &Start,
    handicap_game: bool,
    keys: (fn(char) -> bool, &[&str]),
    out: &mut String,
    dropped: &mut Vec<String>,
) {
    let entries = record.metadata.entries();
    let names_at = entries
        .iter()
        .position(|e| matches!(e.key, MetaKey::BlackName | MetaKey::WhiteName))
        .unwrap_or(entries.len());
    let mut times = TimeLimits::new(record, Form::Japanese);
    for (i, e) in entries.iter().enumerate() {
        if i == names_at {
            write_start(start, out);
        }
        match times.plan(e, dropped) {
            Plan::Skip => continue,
            Plan::Lines(lines) => {
                for (key, value) in lines {
                    let _ = writeln!(out, "{key}：{value}");
                }
                continue;
            }
            Plan::AsIs => {}
        }
        let kif_is_raw = ja::meta_key(&e.raw_key) == e.key && e.key != MetaKey::Other;
        let key: &str = if kif_is_raw || e.key == MetaKey::Other {
            &e.raw_key
        } else {
            ja::kif_key(e.key, handicap_game).unwrap_or(&e.raw_key)
        };
        if key == "手合割" {
            continue;
        }
        if !safe_key(key, keys.0, keys.1) {
            note(dropped, &format!("header `{}`", one_line(key)));
            continue;
        }
        if key == ja::BOARD_FLIPPED && e.value.trim().is_empty() {
            // A flag, written as Kifu for Windows writes it: the word alone.
            let _ = writeln!(out, "{key}");
            continue;
        }
        let _ = writeln!(out, "{key}：{}", one_line(&e.value));
    }
    if names_at == entries.len() {
        write_start(start, out);
    }
}

/// How a KIF or KI2 start is written so that the other programs read it: by its name when
/// every common reader knows the name; by name and board diagram when some readers know the
/// name only and others read the board only; by the board diagram alone when a common reader
/// fails on the name (cshogi and python-shogi stop at a name they do not list, and at
/// `手合割：その他`; tsshogi reads a board diagram in place of a name it does not know).
fn write_start(start: &Start, out: &mut String) {
    match start {
        Start::Handicap(h) => match h {
            Handicap::Even
            | Handicap::Lance
            | Handicap::RightLance
            | Handicap::Bishop
            | Handicap::Rook
            | Handicap::RookLance
            | Handicap::TwoPieces
            | Handicap::FourPieces
            | Handicap::SixPieces
            | Handicap::EightPieces
            | Handicap::TenPieces => {
                let _ = writeln!(out, "手合割：{}", h.japanese());
            }
            // tsshogi does not know these names; cshogi and python-shogi do.
            Handicap::ThreePieces | Handicap::FivePieces | Handicap::LeftFivePieces => {
                let _ = writeln!(out, "手合割：{}", h.japanese());
                ja::write_board(&h.setup(), out);
            }
            // cshogi and python-shogi stop at these names: the board alone, which reads back
            // as the same handicap.
            _ => ja::write_board(&h.setup(), out),
        },
        Start::Position(setup) => ja::write_board(setup, out),
        Start::Variant(p) => {
            // Lishogi's names where it has them; the others are `その他` with the board.
            let v = p.variant();
            let name = handicap_name(v);
            let _ = writeln!(out, "手合割：{}", name.unwrap_or("その他"));
            if name.is_none() || p.to_sfen() != VPosition::start(v).to_sfen() {
                write_variant_board(p, out);
            }
        }
    }
}

/// Writes the root's remarks (a file's banner) as `#` lines, which every reader skips. A line
/// that reads as an encoding declaration (`KIF version=2.0 encoding=UTF-8` behind a NUL, say)
/// is left out: it described the source's bytes, and would contradict the written ones.
pub(super) fn write_banner(root: &Node, out: &mut String) {
    for r in root.remarks() {
        for line in r.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if crate::text::declares_encoding(line) {
                continue;
            }
            out.push('#');
            if line.starts_with("KIF") || line.starts_with("KI2") {
                out.push(' ');
            }
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// Writes a node's `*` comments (and, with `remarks`, its remarks as `*` comments, since KIF
/// has no hidden line but the banner's), `**` engine comments and `&` bookmark.
pub(super) fn write_notes(node: &Node, remarks: bool, out: &mut String) {
    let remarks = if remarks { node.remarks() } else { &[] };
    for c in node.comments().iter().chain(remarks) {
        push_comment_lines(out, "*", c);
    }
    for c in node.engine_comments() {
        for line in c.split('\n') {
            out.push_str("**");
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push('\n');
        }
    }
    if let Some(b) = node.bookmark() {
        out.push('&');
        out.push_str(&one_line(b));
        out.push('\n');
    }
}

/// The comment that names the foul of a `反則負け` that was a failed entering-king
/// declaration (json-kifu-format's convention: the ending says who lost by a foul, a comment
/// says which foul). KIF writes it on the ending, KI2 (which has no ending line) before the
/// `まで…` summary; both readers take it back as the declaration.
pub(super) const FAILED_DECLARATION: &str = "入玉宣言";

/// Whether `e` is an entering-king declaration that the record says failed: the stated
/// winner is not the declarer (`to_move`), so the declarer lost by a foul.
pub(super) fn failed_declaration(e: &Ending, to_move: Color) -> bool {
    e.kind == EndingKind::Declaration && e.stated_winner == Some(to_move.flip())
}

/// The ending a failed declaration is read back as, from a `反則負け` of `loser` that
/// carried the [`FAILED_DECLARATION`] comment.
pub(super) fn failed_declaration_ending(loser: Color) -> Ending {
    let mut e = Ending::new(EndingKind::Declaration, FAILED_DECLARATION);
    e.stated_winner = Some(loser.flip());
    e
}

/// The winner a `まで…` summary names for an ending: the stated one, else the one the ending
/// implies.
pub(super) fn summary_winner(e: &Ending, to_move: Color) -> Option<Color> {
    use EndingKind::*;
    let implied = match e.kind {
        Resignation
        | Timeout
        | IllegalMove
        | FoulWin
        | Declaration
        | ForfeitWin
        | ForfeitLoss
        | Try
        | IllegalAction { .. } => e.implied_winner(to_move).flatten(),
        _ => None,
    };
    e.stated_winner.or(implied)
}

/// A node with a next sibling, the ply it is written with and the position `P` before it.
#[derive(Clone)]
pub(crate) struct Branch<P = crate::shogi::Position> {
    pub(crate) node: crate::record::NodeId,
    pub(crate) ply: u32,
    /// The moves before it.
    pub(crate) moves: u32,
    pub(crate) pos: Option<P>,
}

/// The state a KIF or KI2 writer keeps while it writes a record's lines; `F` holds what only
/// one of them needs (the KIF writer's `不成` setting). Each format writes a line through its
/// [`LineSink`] implementation for its own `F`.
pub(crate) struct LineWriter<'a, F> {
    pub(crate) tree: &'a MoveTree,
    pub(crate) out: &'a mut String,
    pub(crate) dropped: &'a mut Vec<String>,
    pub(crate) handicap_game: bool,
    pub(crate) start_side: Color,
    pub(crate) format: F,
}

/// What a KIF or KI2 writer does for [`write_lines`], over positions `P` (standard shogi's
/// or a smaller variant's).
pub(crate) trait LineSink<P = crate::shogi::Position> {
    /// The width the ply of a `変化：N手` line is right-aligned to (0: not padded).
    const VARIATION_PLY_WIDTH: usize;
    /// Writes the line from `first` (numbered `ply`, after `moves` moves) by first children
    /// and returns the nodes on it that have variations.
    fn write_line(
        &mut self,
        first: crate::record::NodeId,
        ply: u32,
        moves: u32,
        pos: Option<P>,
    ) -> Vec<Branch<P>>;
}

/// Writes the main line, its first move numbered `first_ply`, then every variation as a
/// block opened by its `変化：N手` line, deeper ones first as Kifu for Windows orders them,
/// with an explicit stack (no recursion on the nesting).
pub(crate) fn write_lines<'a, F, P: Clone>(
    w: &mut LineWriter<'a, F>,
    pos: Option<P>,
    first_ply: u32,
) where
    LineWriter<'a, F>: LineSink<P>,
{
    let tree = w.tree;
    let width = <LineWriter<'a, F> as LineSink<P>>::VARIATION_PLY_WIDTH;
    // Each stack entry: a written line's nodes that have variations, walked deepest first.
    let mut stack: Vec<(Vec<Branch<P>>, usize)> = Vec::new();
    if let Some(first) = tree.root().first_child() {
        let branches = w.write_line(first, first_ply, 0, pos);
        stack.push((branches, usize::MAX));
    }
    while let Some((branches, idx)) = stack.last_mut() {
        let next = if *idx == usize::MAX {
            branches.len()
        } else {
            *idx
        };
        if next == 0 {
            stack.pop();
            continue;
        }
        *idx = next - 1;
        let b = branches[next - 1].clone();
        let Some(sib) = tree.node(b.node).next_sibling() else {
            continue;
        };
        let _ = write!(w.out, "\n変化：{:>width$}手\n", b.ply);
        let sub = w.write_line(sib, b.ply, b.moves, b.pos);
        stack.push((sub, usize::MAX));
    }
}

#[cfg(test)]
mod tests {
    use super::safe_key;

    /// Found by the fuzz campaign: a header key starting with a NUL and then `|` was written,
    /// and the reader (which drops NUL characters) took the line for a board row.
    #[test]
    fn a_key_with_control_characters_is_not_written() {
        let no_move = |_: char| false;
        assert!(safe_key("棋戦", no_move, &[]));
        assert!(!safe_key("\u{0}|(x", no_move, &[]));
        assert!(!safe_key("a\u{b}b", no_move, &[]));
    }

    /// Found by the fuzz campaign (docs/fuzzing.md): a NUL after the `#` of
    /// `#KIF version=2.0 encoding=UTF-8` made the line a banner remark, which the KIF writer
    /// copied to the top of a Shift_JIS file, where it declared UTF-8 (and `convert`, which
    /// drops NUL characters, wrote exactly the declaration).
    #[test]
    fn a_banner_line_declaring_an_encoding_is_not_written() {
        use crate::formats::write::{write, WriteOptions};
        use crate::record::Format;
        let text = "#\u{0}KIF version=2.0 encoding=UTF-8\n# ---- Kifu for Windows ----\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
        for from in [Format::Kif, Format::Ki2] {
            let text = if from == Format::Kif {
                text.to_string()
            } else {
                text.replace("   1 ７六歩(77)", "▲７六歩")
            };
            let record = &crate::formats::read_str(&text, from)[0];
            for to in [Format::Kif, Format::Ki2] {
                let written = write(record, to, &WriteOptions::default()).text;
                assert!(
                    !written.contains("encoding=UTF-8"),
                    "{from:?} -> {to:?}:\n{written}"
                );
                // KI2 writes the banner after the first header line (json-kifu-format).
                let banner_at = if to == Format::Ki2 {
                    "手合割：平手\n"
                } else {
                    ""
                };
                assert!(
                    written.starts_with(&format!("{banner_at}# ---- Kifu for Windows ----\n")),
                    "{written}"
                );
            }
        }
    }
}
