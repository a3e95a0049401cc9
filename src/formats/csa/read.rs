//! The CSA reader (the module documentation of [`super`] lists what it tolerates).

use super::codes::{piece_from_code, special_kind};
use crate::record::{
    Ending, EndingKind, MetaKey, MoveEntry, MoveTime, MoveTree, NodeId, NodeKind, ReadIssue,
    Record, Start,
};
use crate::record::{ErrorCode, WarningCode};
use crate::shogi::{set_count, Color, Handicap, Move, Piece, PieceKind, Setup, Square};
use crate::text::find_byte;

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Reads every record of `text` (decoded CSA; records separated by lines `/`).
///
/// Never panics. A text without any record gives one empty record with an `empty` error.
pub fn read(text: &str) -> Vec<Record> {
    let spans = record_spans(text);
    let mut records: Vec<Record> = spans
        .iter()
        .filter(|s| s.has_content)
        .map(|s| read_span(text, s))
        .collect();
    if records.is_empty() {
        let first_line = spans.last().map_or(1, |s| s.first_line);
        let mut r = RecordReader::new(first_line).finish();
        r.warnings.clear();
        r.errors.push(ReadIssue::new(
            ErrorCode::Empty,
            1,
            1,
            "The text holds no CSA record: expected a position (`PI` or `P1`..`P9`, then `+` or `-`) and moves such as `+7776FU`.",
        ));
        records.push(r);
    }
    records
}

/// The text between two record separators (`/` lines) of a CSA text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    /// Byte range in the text (separator lines excluded).
    pub range: std::ops::Range<usize>,
    /// The line number of its first line.
    pub first_line: u32,
    /// Whether any line holds more than blanks and commas (only such spans are records).
    pub has_content: bool,
}

/// Splits `text` at its separator lines. Separators are found by looking for `/` bytes only,
/// so the split costs one vectorized pass; reading the spans with [`read_span`] one by one
/// (or in parallel) gives what reading the whole text gives.
pub(crate) fn record_spans(text: &str) -> Vec<Span> {
    Spans::new(text).collect()
}

/// The spans of [`record_spans`] one at a time, so that a text of many records need not hold
/// where every one lies.
#[derive(Clone, Debug)]
pub(crate) struct Spans<'a> {
    bytes: &'a [u8],
    start: usize,
    first_line: u32,
    counted_to: usize,
    line_at_counted: u32,
    at: usize,
    done: bool,
}

impl<'a> Spans<'a> {
    pub(crate) fn new(text: &'a str) -> Spans<'a> {
        Spans::starting_at(text, 1)
    }

    /// The spans of `text`, a piece of a bigger text that starts at the start of its line
    /// `first_line`: the spans' lines are the bigger text's.
    pub(crate) fn starting_at(text: &'a str, first_line: u32) -> Spans<'a> {
        Spans {
            bytes: text.as_bytes(),
            start: 0,
            first_line,
            counted_to: 0,
            line_at_counted: first_line,
            at: 0,
            done: false,
        }
    }
}

impl Iterator for Spans<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        if self.done {
            return None;
        }
        let bytes = self.bytes;
        while let Some(slash) = find_byte(bytes, b'/', self.at) {
            self.at = slash + 1;
            let line_start = bytes[..slash]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line_end = find_byte(bytes, b'\n', slash).unwrap_or(bytes.len());
            let mut line = &bytes[line_start..line_end];
            if let [rest @ .., b'\r'] = line {
                line = rest;
            }
            if !is_separator(line) {
                continue;
            }
            self.line_at_counted = self
                .line_at_counted
                .saturating_add(count_newlines(&bytes[self.counted_to..line_start]));
            self.counted_to = line_start;
            let found = span(bytes, self.start..line_start, self.first_line);
            self.start = (line_end + 1).min(bytes.len() + 1);
            self.first_line = self.line_at_counted.saturating_add(1);
            self.at = self.start;
            return Some(found);
        }
        self.done = true;
        Some(span(
            bytes,
            self.start.min(bytes.len())..bytes.len(),
            self.first_line,
        ))
    }
}

/// The end (the `\n`, or the text's end) of the line starting at `start`. CSA lines are
/// nearly all short (`+7776FU`, `T12`): a plain look at the first bytes costs less than the
/// call into the vectorized search, which takes over after them.
#[inline]
pub(super) fn line_end(bytes: &[u8], start: usize) -> usize {
    const LOOK_FIRST: usize = 16;
    let rest = bytes.get(start..).unwrap_or(&[]);
    let head = rest.get(..LOOK_FIRST).unwrap_or(rest);
    match head.iter().position(|&b| b == b'\n') {
        Some(i) => start + i,
        None => find_byte(bytes, b'\n', start + head.len()).unwrap_or(bytes.len()),
    }
}

fn count_newlines(bytes: &[u8]) -> u32 {
    u32::try_from(crate::text::count_byte(bytes, b'\n')).unwrap_or(u32::MAX)
}

fn span(bytes: &[u8], range: std::ops::Range<usize>, first_line: u32) -> Span {
    let text = &bytes[range.clone()];
    // Quick: any byte other than blanks, commas and line ends is content. Otherwise look line
    // by line as the reader does (a carriage return inside a line is content).
    let has_content = text
        .iter()
        .any(|b| !matches!(b, b' ' | b'\t' | b',' | b'\r' | b'\n'))
        || text.split(|&b| b == b'\n').any(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            line.iter().any(|b| !matches!(b, b' ' | b'\t' | b','))
        });
    Span {
        range,
        first_line,
        has_content,
    }
}

/// Reads the record in `span` of `text` (a span with content, from [`record_spans`]).
pub(crate) fn read_span(text: &str, span: &Span) -> Record {
    let _columns = crate::formats::column::Scope::new();
    let body = text.get(span.range.clone()).unwrap_or("");
    let bytes = body.as_bytes();
    let mut reader = RecordReader::new(span.first_line);
    reader.reserve_for(bytes.len());
    let mut line_no = span.first_line.saturating_sub(1);
    let mut start = 0usize;
    while start < bytes.len() {
        let end = line_end(bytes, start);
        let mut stop = end;
        if stop > start && bytes.get(stop - 1) == Some(&b'\r') {
            stop -= 1;
        }
        let line = body.get(start..stop).unwrap_or("");
        start = end + 1;
        line_no = line_no.saturating_add(1);
        reader.line(line, line_no);
    }
    reader.finish()
}

/// The reading state of one record.
struct RecordReader {
    record: Record,
    /// Whether any non-blank line belonged to this record.
    has_content: bool,
    /// The position being built from `PI`/`P` lines (none before the first of them).
    setup: Option<Setup>,
    /// `00AL` seen for black / white.
    all_to: [bool; 2],
    /// Whether the side-to-move line (or the first move) closed the position.
    position_done: bool,
    /// The line of the first position line, for warnings.
    position_line: u32,
    /// The line of each board row `P1`..`P9` read (0: not given), so a missing row is found.
    rows: [u32; 9],
    to_move: Color,
    /// The node the next move continues (the last move or ending).
    current: NodeId,
    /// Whether `current` has a time already.
    current_timed: bool,
    /// The first ending of the main line.
    ending: Option<NodeId>,
    after_end_warned: bool,
    /// Cumulative time per side, in milliseconds.
    totals: [u64; 2],
    /// A parse error stopped this record.
    stopped: bool,
    /// The value of the Floodgate `'summary:` line.
    summary: Option<String>,
}

impl RecordReader {
    fn new(start_line: u32) -> RecordReader {
        let mut record = Record::new();
        record.source.line = start_line;
        RecordReader {
            record,
            has_content: false,
            setup: None,
            all_to: [false; 2],
            position_done: false,
            position_line: 0,
            rows: [0; 9],
            to_move: Color::Black,
            current: MoveTree::ROOT,
            current_timed: false,
            ending: None,
            after_end_warned: false,
            totals: [0; 2],
            stopped: false,
            summary: None,
        }
    }

    /// Makes room in the move tree for the moves of a record of `len` bytes: at most one
    /// node per 8 bytes (the shortest move line is `+7776FU` and its line end), so the tree
    /// does not grow move by move. Capped, so a huge text of comments does not reserve
    /// memory it will never use.
    fn reserve_for(&mut self, len: usize) {
        const MOST_RESERVED: usize = 4096;
        self.record.tree.reserve((len / 8 + 2).min(MOST_RESERVED));
    }

    fn warn(&mut self, code: WarningCode, line: u32, column: u32, message: String) {
        self.record
            .warn(ReadIssue::new(code, line, column, message));
    }

    /// Records a parse error at byte `at` of `text` and stops the record.
    fn error(&mut self, text: &str, line: u32, at: usize, message: String) {
        let column = column_of(text, at);
        self.record
            .errors
            .push(ReadIssue::new(ErrorCode::ParseError, line, column, message));
        self.stopped = true;
    }

    /// Reads one line (without its line end).
    fn line(&mut self, line: &str, no: u32) {
        if self.stopped {
            return;
        }
        let bytes = line.as_bytes();
        if self.plain_statement(bytes, no) {
            return;
        }
        let mut pos = 0usize;
        loop {
            while matches!(bytes.get(pos), Some(b' ' | b'\t' | b',')) {
                pos += 1;
            }
            let Some(&first) = bytes.get(pos) else {
                return;
            };
            self.has_content = true;
            match first {
                b'\'' => {
                    self.comment(line.get(pos + 1..).unwrap_or(""), no);
                    return;
                }
                b'+' | b'-' | b'%' | b'T' => {
                    let end = bytes
                        .get(pos..)
                        .and_then(|rest| rest.iter().position(|&b| b == b','))
                        .map_or(bytes.len(), |i| pos + i);
                    let stmt = trim_end(bytes.get(pos..end).unwrap_or(&[]));
                    match first {
                        b'%' => self.special(line, pos, stmt, no),
                        b'T' => self.time(line, pos, stmt, no),
                        _ => self.move_or_side(line, pos, stmt, no),
                    }
                    if self.stopped {
                        return;
                    }
                    pos = end;
                }
                b'P' => {
                    self.position_line(line, pos, no);
                    return;
                }
                b'N' => {
                    let key = match bytes.get(pos + 1) {
                        Some(b'+') => Some((MetaKey::BlackName, "N+")),
                        Some(b'-') => Some((MetaKey::WhiteName, "N-")),
                        _ => None,
                    };
                    match key {
                        Some((key, raw)) => {
                            let value = line.get(pos + 2..).unwrap_or("").trim();
                            self.record.metadata.push(key, raw, value, no);
                        }
                        None => self.unknown(line, pos, no),
                    }
                    return;
                }
                b'$' => {
                    self.info(line, pos, no);
                    return;
                }
                b'V' if bytes.get(pos + 1).is_some_and(|b| b.is_ascii_digit()) => {
                    return;
                }
                _ => {
                    self.unknown(line, pos, no);
                    return;
                }
            }
        }
    }

    /// Reads the two lines that make up nearly every record, a lone move (`+7776FU`) and a
    /// lone whole-seconds time (`T12`), when they need no warning; returns false for any other
    /// line, which [`RecordReader::line`] then reads in full (with the same result for these
    /// two shapes, only slower).
    #[inline]
    fn plain_statement(&mut self, bytes: &[u8], no: u32) -> bool {
        match bytes {
            [sign @ (b'+' | b'-'), _, _, _, _, _, _]
                if self.position_done && self.ending.is_none() =>
            {
                let Ok((from, to, piece)) = parse_move(bytes) else {
                    return false;
                };
                self.has_content = true;
                self.push_move(color_of_sign(*sign), from, to, piece, no);
                true
            }
            [b'T', digits @ ..]
                if (1..=9).contains(&digits.len())
                    && digits.iter().all(u8::is_ascii_digit)
                    && self.current != MoveTree::ROOT
                    && !self.current_timed =>
            {
                // Nine digits at most: no overflow, as `parse_time` would give.
                let secs = digits
                    .iter()
                    .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
                self.has_content = true;
                self.set_time(secs * 1000);
                true
            }
            _ => false,
        }
    }

    fn unknown(&mut self, line: &str, at: usize, no: u32) {
        let text = line.get(at..).unwrap_or("").trim_end();
        self.warn(
            WarningCode::UnknownLine,
            no,
            column_of(line, at),
            format!("The line `{text}` is not a CSA statement and was ignored; expected a move (`+7776FU`), a time (`T12`), a special move (`%TORYO`), a comment (`'...`), game information (`N+`, `$KEY:`) or a position line (`PI`, `P1`..`P9`, `P+`, `P-`)."),
        );
    }

    /// `$KEY:value`.
    fn info(&mut self, line: &str, at: usize, no: u32) {
        let rest = line.get(at..).unwrap_or("");
        let Some((key, value)) = rest.split_once(':') else {
            let text = rest.trim_end();
            self.warn(
                WarningCode::UnknownLine,
                no,
                column_of(line, at),
                format!("The game information line `{text}` has no `:`; expected `$KEY:value`, so it was ignored."),
            );
            return;
        };
        let key = key.trim_end();
        let meta = match key {
            "$EVENT" => MetaKey::Event,
            "$SITE" => MetaKey::Site,
            "$START_TIME" => MetaKey::StartTime,
            "$END_TIME" => MetaKey::EndTime,
            "$TIME_LIMIT" | "$TIME" | "$TIME+" | "$TIME-" => MetaKey::TimeLimit,
            "$OPENING" => MetaKey::Opening,
            "$MAX_MOVES" => MetaKey::MaxMoves,
            _ => MetaKey::Other,
        };
        self.record.metadata.push(meta, key, value.trim(), no);
    }

    /// A comment line; `body` is the text after the quote.
    fn comment(&mut self, body: &str, no: u32) {
        if body.starts_with("CSA encoding=") || body.starts_with("encoding=") {
            return;
        }
        if let Some(rest) = body.strip_prefix("**") {
            let text = rest.strip_prefix(' ').unwrap_or(rest);
            let node = self.record.tree.node_mut(self.current);
            node.notes_mut().engine_comments.push(text.to_string());
            return;
        }
        if let Some(rest) = body.strip_prefix('*') {
            let node = self.record.tree.node_mut(self.current);
            node.notes_mut().comments.push(rest.to_string());
            return;
        }
        // A KIF header CSA has no line for, as the CSA writer writes it (`'表題:…`), before
        // the position: the header again.
        if self.setup.is_none() && !self.position_done {
            if let Some((key, value)) = body.split_once(':') {
                if is_header_comment_key(key) {
                    let key_kind = crate::formats::japanese::meta_key(key);
                    self.record.metadata.push(key_kind, key, value.trim(), no);
                    return;
                }
            }
        }
        for key in FLOODGATE_KEYS {
            if let Some(value) = body
                .strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(':'))
            {
                let value = value.trim();
                if key == "summary" {
                    self.summary = Some(value.to_string());
                }
                self.record.metadata.push(MetaKey::Other, key, value, no);
                return;
            }
        }
        // A plain `'` line: a remark, written back as one.
        let node = self.record.tree.node_mut(self.current);
        node.notes_mut().remarks.push(body.to_string());
    }

    /// `PI...`, `P1`..`P9`, `P+...`, `P-...`.
    fn position_line(&mut self, line: &str, at: usize, no: u32) {
        let bytes = trim_end(line.as_bytes().get(at..).unwrap_or(&[]));
        let Some(&kind) = bytes.get(1) else {
            self.unknown(line, at, no);
            return;
        };
        if !matches!(kind, b'I' | b'1'..=b'9' | b'+' | b'-') {
            self.unknown(line, at, no);
            return;
        }
        if self.position_done {
            let text = line.get(at..).unwrap_or("").trim_end();
            self.warn(
                WarningCode::MisplacedPosition,
                no,
                column_of(line, at),
                format!("The position line `{text}` comes after the side to move was given and was ignored; position lines must precede the `+` or `-` line."),
            );
            return;
        }
        if self.position_line == 0 {
            self.position_line = no;
        }
        match kind {
            b'I' => {
                if self.setup.is_some() {
                    self.warn(
                        WarningCode::MixedPosition,
                        no,
                        column_of(line, at),
                        "A `PI` line follows other position lines; it replaces them with the even-game position (do not mix `PI` with `P1`..`P9`).".to_string(),
                    );
                }
                self.rows = [0; 9];
                let mut setup = Setup::startpos();
                let mut i = 2;
                while i < bytes.len() {
                    let chunk = bytes.get(i..i + 4).unwrap_or(&[]);
                    let sq = chunk.get(0..2).and_then(Square::from_digits);
                    let piece = chunk.get(2..4).and_then(piece_from_code);
                    let (Some(sq), Some(piece)) = (sq, piece) else {
                        let bad = if sq.is_none() { i } else { i + 2 };
                        self.error(
                            line,
                            no,
                            at + bad,
                            format!(
                                "Could not read the handicap line `{}`: expected a removed piece as a square and a piece code (such as `82HI`) at column {}.",
                                String::from_utf8_lossy(bytes),
                                column_of(line, at + bad)
                            ),
                        );
                        return;
                    };
                    match setup.board[sq.index()] {
                        Some(p) if p.kind == piece => {}
                        _ => self.warn(
                            WarningCode::HandicapMismatch,
                            no,
                            column_of(line, at + i),
                            format!("The `PI` line removes a {piece} from {}{}, but the even-game position has no such piece there.", sq.file(), sq.rank()),
                        ),
                    }
                    setup.board[sq.index()] = None;
                    i += 4;
                }
                self.setup = Some(setup);
            }
            b'1'..=b'9' => {
                let rank = kind - b'0';
                self.rows[usize::from(rank - 1)] = no;
                let setup = self.setup.get_or_insert_with(Setup::empty);
                let mut file: u8 = 10;
                let mut i = 2;
                let mut bad = None;
                let mut trailing = None;
                while i < bytes.len() {
                    if file == 1 {
                        // Nine cells read: anything else is tolerated (one producer ends
                        // rows with `.`).
                        if bytes
                            .get(i..)
                            .is_some_and(|rest| rest.iter().any(|&b| b != b' '))
                        {
                            trailing = Some(i);
                        }
                        break;
                    }
                    match bytes.get(i) {
                        Some(b' ') => {
                            i += 1;
                            continue;
                        }
                        Some(b'*') => {
                            file = file.saturating_sub(1);
                            if let Some(sq) = Square::new(file, rank) {
                                setup.board[sq.index()] = None;
                            } else {
                                bad = Some(i);
                                break;
                            }
                            i += 1;
                        }
                        Some(&sign @ (b'+' | b'-')) => {
                            file = file.saturating_sub(1);
                            let kind = bytes.get(i + 1..i + 3).and_then(piece_from_code);
                            match (Square::new(file, rank), kind) {
                                (Some(sq), Some(kind)) => {
                                    setup.board[sq.index()] =
                                        Some(Piece::new(color_of_sign(sign), kind));
                                }
                                (None, _) => {
                                    bad = Some(i);
                                    break;
                                }
                                (_, None) => {
                                    bad = Some(i + 1);
                                    break;
                                }
                            }
                            i += 3;
                        }
                        _ => {
                            bad = Some(i);
                            break;
                        }
                    }
                }
                if bad.is_none() && file != 1 {
                    bad = Some(bytes.len());
                }
                if let (None, Some(t)) = (bad, trailing) {
                    self.warn(
                        WarningCode::UnknownLine,
                        no,
                        column_of(line, at + t),
                        format!(
                            "The board row `{}` has text after its nine cells, which was ignored.",
                            String::from_utf8_lossy(bytes)
                        ),
                    );
                }
                if let Some(bad) = bad {
                    self.error(
                        line,
                        no,
                        at + bad,
                        format!(
                            "Could not read the board row `{}`: expected nine cells, each ` * ` (empty) or a side and piece code such as `+FU`, and found a problem at column {}.",
                            String::from_utf8_lossy(bytes),
                            column_of(line, at + bad)
                        ),
                    );
                }
            }
            _ => {
                let color = color_of_sign(kind);
                let setup = self.setup.get_or_insert_with(Setup::empty);
                let mut i = 2;
                let mut bad = None;
                while i < bytes.len() {
                    let chunk = bytes.get(i..i + 4).unwrap_or(&[]);
                    if chunk == b"00AL" {
                        self.all_to[color.index()] = true;
                        i += 4;
                        continue;
                    }
                    let Some(piece) = chunk.get(2..4).and_then(piece_from_code) else {
                        bad = Some(i + 2);
                        break;
                    };
                    if chunk.get(0..2) == Some(b"00") {
                        if !piece.is_hand_kind() {
                            bad = Some(i + 2);
                            break;
                        }
                        setup.hands[color].add(piece);
                    } else if let Some(sq) = chunk.get(0..2).and_then(Square::from_digits) {
                        setup.board[sq.index()] = Some(Piece::new(color, piece));
                    } else {
                        bad = Some(i);
                        break;
                    }
                    i += 4;
                }
                if let Some(bad) = bad {
                    self.error(
                        line,
                        no,
                        at + bad,
                        format!(
                            "Could not read the piece line `{}`: expected pieces as a square (or `00` for the hand) and a piece code, such as `00FU` or `99KY`, or `00AL`, at column {}.",
                            String::from_utf8_lossy(bytes),
                            column_of(line, at + bad)
                        ),
                    );
                }
            }
        }
    }

    /// Closes the position with `side` to move.
    fn finish_position(&mut self, side: Color) {
        self.position_done = true;
        self.check_rows();
        let Some(mut setup) = self.setup.take() else {
            self.record.start = Start::Handicap(Handicap::Even);
            self.to_move = Color::Black;
            return;
        };
        for color in Color::ALL {
            if self.all_to[color.index()] {
                give_rest(&mut setup, color);
            }
        }
        setup.side_to_move = side;
        setup.move_number = 1;
        self.to_move = side;
        self.record.start = named_start(setup);
    }

    /// A board given as rows must list all nine (`P1`..`P9`): a missing row would read as an
    /// empty rank, silently losing its pieces. An error naming the first missing row, at the
    /// line of the next row given (or the last row, when the missing ones come after it).
    fn check_rows(&mut self) {
        if self.rows.iter().all(|&l| l == 0) {
            return;
        }
        let Some(missing) = self.rows.iter().position(|&l| l == 0) else {
            return;
        };
        let all_missing: Vec<String> = (0..9)
            .filter(|&r| self.rows[r] == 0)
            .map(|r| format!("`P{}`", r + 1))
            .collect();
        let line = self.rows[missing..]
            .iter()
            .copied()
            .find(|&l| l != 0)
            .or_else(|| self.rows.iter().copied().max())
            .unwrap_or(self.position_line);
        self.record.errors.push(ReadIssue::new(
            ErrorCode::ParseError,
            line,
            1,
            format!(
                "The board has no row {}: a board given as rows lists all nine, `P1` to `P9` (an empty rank is `P{} *  *  *  *  *  *  *  *  * `); pieces alone are given with `P+` and `P-` lines.",
                all_missing.join(", "),
                missing + 1
            ),
        ));
        self.stopped = true;
    }

    /// A move (`+7776FU`) or a side-to-move line (`+`).
    fn move_or_side(&mut self, line: &str, at: usize, stmt: &[u8], no: u32) {
        let Some(&sign) = stmt.first() else {
            return;
        };
        let color = color_of_sign(sign);
        if stmt.len() == 1 {
            if self.position_done {
                self.warn(
                    WarningCode::UnknownLine,
                    no,
                    column_of(line, at),
                    format!(
                        "A side-to-move line `{}` after the position was closed was ignored.",
                        sign as char
                    ),
                );
            } else {
                if self.setup.is_none() {
                    self.warn(
                        WarningCode::MissingPosition,
                        no,
                        column_of(line, at),
                        "The side to move is given without a position; the even-game position (`PI`) is assumed.".to_string(),
                    );
                }
                self.finish_position(color);
            }
            return;
        }
        let (from, to, piece) = match parse_move(stmt) {
            Ok(parts) => parts,
            Err((offset, expected)) => {
                let col = column_of(line, at + offset);
                self.error(
                    line,
                    no,
                    at + offset,
                    format!(
                        "Could not read the move `{}`: expected {expected} at column {col}.",
                        String::from_utf8_lossy(stmt)
                    ),
                );
                return;
            }
        };
        if !self.position_done {
            if self.setup.is_none() {
                self.warn(
                    WarningCode::MissingPosition,
                    no,
                    column_of(line, at),
                    "The moves start without a position; the even-game position (`PI` and `+`) is assumed.".to_string(),
                );
                self.finish_position(Color::Black);
            } else {
                self.warn(
                    WarningCode::MissingSideToMove,
                    no,
                    column_of(line, at),
                    format!("The position is not followed by a side-to-move line (`+` or `-`); {color} is assumed, as it makes the first move."),
                );
                self.finish_position(color);
            }
        }
        if self.ending.is_some() && !self.after_end_warned {
            self.after_end_warned = true;
            self.warn(
                WarningCode::MoveAfterEnding,
                no,
                column_of(line, at),
                "A move follows a special move (such as `%TORYO`) that ended the game; it is kept after the ending.".to_string(),
            );
        }
        self.push_move(color, from, to, piece, no);
    }

    /// Adds the move `color` makes from `from` (a drop when none) to `to`, where `piece` then
    /// stands, after the current node.
    #[inline]
    fn push_move(
        &mut self,
        color: Color,
        from: Option<Square>,
        to: Square,
        piece: PieceKind,
        no: u32,
    ) {
        let mv = match from {
            None => Move::Drop { kind: piece, to },
            Some(from) => Move::Normal {
                from,
                to,
                promote: false,
            },
        };
        let entry = MoveEntry {
            mv: mv.into(),
            mover: Some(color),
            piece: Some(piece.into()),
        };
        self.current = self
            .record
            .tree
            .push(self.current, NodeKind::Move(entry), no);
        self.current_timed = false;
        self.to_move = color.flip();
    }

    /// `%TORYO` and the other special moves.
    fn special(&mut self, line: &str, at: usize, stmt: &[u8], no: u32) {
        let kind = special_kind(stmt.get(1..).unwrap_or(&[]));
        if !self.position_done {
            if self.setup.is_none() {
                self.warn(
                    WarningCode::MissingPosition,
                    no,
                    column_of(line, at),
                    "A special move comes without a position; the even-game position is assumed."
                        .to_string(),
                );
                self.finish_position(Color::Black);
            } else {
                self.warn(
                    WarningCode::MissingSideToMove,
                    no,
                    column_of(line, at),
                    "The position is not followed by a side-to-move line (`+` or `-`); black is assumed.".to_string(),
                );
                self.finish_position(Color::Black);
            }
        }
        let raw = String::from_utf8_lossy(stmt).into_owned();
        if kind == EndingKind::Unknown {
            self.warn(
                WarningCode::UnknownSpecial,
                no,
                column_of(line, at),
                format!("The special move `{raw}` is not one CSA defines; it is kept as an unknown ending."),
            );
        }
        if self.ending.is_some() && !self.after_end_warned {
            self.after_end_warned = true;
            self.warn(
                WarningCode::MoveAfterEnding,
                no,
                column_of(line, at),
                format!("The special move `{raw}` follows another one that ended the game; it is kept after it."),
            );
        }
        let id = self.record.tree.push(
            self.current,
            NodeKind::Ending(Box::new(Ending::new(kind, raw))),
            no,
        );
        if self.ending.is_none() {
            self.ending = Some(id);
        }
        self.current = id;
        self.current_timed = false;
    }

    /// `T12` or `T12.345`.
    fn time(&mut self, line: &str, at: usize, stmt: &[u8], no: u32) {
        let Some(ms) = parse_time(stmt.get(1..).unwrap_or(&[])) else {
            self.warn(
                WarningCode::InvalidTime,
                no,
                column_of(line, at),
                format!("The time `{}` was ignored: expected `T` and the seconds spent, such as `T12` or `T12.345`.", String::from_utf8_lossy(stmt)),
            );
            return;
        };
        if ms == u64::MAX {
            self.warn(
                WarningCode::InvalidTime,
                no,
                column_of(line, at),
                format!(
                    "The time `{}` is more than can be held ({} seconds) and was capped at that.",
                    String::from_utf8_lossy(stmt),
                    u64::MAX / 1000
                ),
            );
        }
        if self.current == MoveTree::ROOT {
            self.warn(
                WarningCode::MisplacedTime,
                no,
                column_of(line, at),
                "A time line comes before any move and was ignored; a `T` line gives the time spent on the move before it.".to_string(),
            );
            return;
        }
        if self.current_timed {
            self.warn(
                WarningCode::MisplacedTime,
                no,
                column_of(line, at),
                "A second time line for the same move was ignored.".to_string(),
            );
            return;
        }
        self.set_time(ms);
    }

    /// Gives the current node (a move or ending not yet timed) `ms` spent, and its side's
    /// running total.
    #[inline]
    fn set_time(&mut self, ms: u64) {
        let node = self.record.tree.node_mut(self.current);
        let side = match &node.kind {
            NodeKind::Move(e) => e.mover.unwrap_or(Color::Black),
            _ => self.to_move,
        };
        let total = &mut self.totals[side.index()];
        *total = total.saturating_add(ms);
        node.time = Some(MoveTime {
            spent_ms: Some(ms),
            total_ms: Some(*total),
        });
        self.current_timed = true;
    }

    fn finish(mut self) -> Record {
        if !self.position_done && !self.stopped {
            let line = self.position_line.max(self.record.source.line);
            if self.setup.is_some() {
                self.warn(
                    WarningCode::MissingSideToMove,
                    line,
                    1,
                    "The position is not followed by a side-to-move line (`+` or `-`); black is assumed.".to_string(),
                );
            } else {
                self.warn(
                    WarningCode::MissingPosition,
                    line,
                    1,
                    "The record has no position (`PI` or `P1`..`P9`); the even-game position is assumed.".to_string(),
                );
            }
            self.finish_position(Color::Black);
        } else if !self.position_done {
            // Stopped inside the position: keep what was read of it.
            let side = self.setup.as_ref().map_or(Color::Black, |s| s.side_to_move);
            if self.setup.is_some() {
                self.finish_position(side);
            }
        }
        if let (Some(summary), Some(first)) = (self.summary.as_deref(), self.ending) {
            let black = self.record.metadata.get(MetaKey::BlackName);
            let white = self.record.metadata.get(MetaKey::WhiteName);
            if let Some(winner) = summary_winner(summary, black, white) {
                // Every ending from the first on (Floodgate may repeat `%KACHI`).
                let tree = &mut self.record.tree;
                let mut at = Some(first);
                while let Some(id) = at {
                    let node = tree.node_mut(id);
                    if let NodeKind::Ending(e) = &mut node.kind {
                        e.stated_winner = Some(winner);
                    }
                    at = node.first_child();
                }
            }
        }
        self.record
    }
}

/// The start `setup` gives: a named handicap when it is one (as [`Start::normalized`] finds,
/// with the handicap positions built once rather than for every record).
fn named_start(setup: Setup) -> Start {
    static NAMED: std::sync::OnceLock<Vec<(Handicap, Setup)>> = std::sync::OnceLock::new();
    let named = NAMED.get_or_init(|| Handicap::all().map(|h| (h, h.setup())).collect());
    if setup.move_number == 1 {
        let found = named.iter().find(|(_, s)| {
            s.side_to_move == setup.side_to_move && s.hands == setup.hands && s.board == setup.board
        });
        if let Some((h, _)) = found {
            return Start::Handicap(*h);
        }
    }
    Start::Position(setup)
}

/// Comment keys Floodgate writes that are kept as metadata.
pub(super) const FLOODGATE_KEYS: [&str; 5] =
    ["summary", "$END_TIME", "rating", "black_rate", "white_rate"];

/// Whether `key` is written as a `'key:value` comment that [`read`] takes back as a header:
/// a KIF key (one with a character beyond ASCII) without spaces or `:`.
pub(super) fn is_header_comment_key(key: &str) -> bool {
    !key.is_empty()
        && !key.is_ascii()
        && !key.contains(|c: char| c.is_whitespace() || c == ':' || c == '：')
}

/// The winner a Floodgate summary (`toryo:NameA lose:NameB win`) names: the name marked
/// `win`, matched against the players' names, else by order (the first name is black's).
pub(super) fn summary_winner(
    summary: &str,
    black: Option<&str>,
    white: Option<&str>,
) -> Option<Color> {
    let mut parts = summary.split(':');
    parts.next()?;
    for (i, part) in parts.take(2).enumerate() {
        let Some((name, result)) = part.trim().rsplit_once(' ') else {
            continue;
        };
        if result == "win" {
            let name = name.trim();
            return Some(if Some(name) == black {
                Color::Black
            } else if Some(name) == white {
                Color::White
            } else if i == 0 {
                Color::Black
            } else {
                Color::White
            });
        }
    }
    None
}

/// Gives `to` every piece of a full set that is neither on the board nor in a hand.
fn give_rest(setup: &mut Setup, to: Color) {
    for kind in PieceKind::HAND {
        let on_board = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind.unpromote() == kind)
            .count() as u32;
        let held = setup.hands.black.count(kind) as u32 + setup.hands.white.count(kind) as u32;
        let rest = set_count(kind).saturating_sub(on_board.saturating_add(held));
        let hand = &mut setup.hands[to];
        let n = hand.count(kind).saturating_add(rest.min(255) as u8);
        hand.set(kind, n);
    }
}

/// Parses a move statement `+7776FU` into (source, destination, piece after the move); on
/// failure, the byte offset and what was expected there.
#[inline]
fn parse_move(s: &[u8]) -> Result<(Option<Square>, Square, PieceKind), (usize, &'static str)> {
    const FROM: &str = "a source square (two digits 1-9, or `00` for a drop)";
    const TO: &str = "a destination square (two digits 1-9)";
    const PIECE: &str =
        "a two-letter piece code (FU, KY, KE, GI, KI, KA, HI, OU, TO, NY, NK, NG, UM, RY)";
    let from_digits = s.get(1..3).ok_or((1, FROM))?;
    let from = if from_digits == b"00" {
        None
    } else {
        Some(Square::from_digits(from_digits).ok_or((bad_digit(from_digits, 1), FROM))?)
    };
    let to_digits = s.get(3..5).ok_or((3, TO))?;
    let to = Square::from_digits(to_digits).ok_or((bad_digit(to_digits, 3), TO))?;
    let piece = s.get(5..7).and_then(piece_from_code).ok_or((5, PIECE))?;
    if s.len() > 7 {
        return Err((7, "the end of the move after its piece code"));
    }
    Ok((from, to, piece))
}

/// The offset of the first byte of a two-digit square that is not 1-9.
fn bad_digit(digits: &[u8], base: usize) -> usize {
    if matches!(digits.first(), Some(b'1'..=b'9')) {
        base + 1
    } else {
        base
    }
}

/// Parses the seconds of a `T` statement into milliseconds.
fn parse_time(s: &[u8]) -> Option<u64> {
    let (int, frac) = match s.iter().position(|&b| b == b'.') {
        Some(dot) => (s.get(..dot)?, s.get(dot + 1..)?),
        None => (s, &[][..]),
    };
    if int.is_empty() || !int.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if !frac.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut secs: u64 = 0;
    for &d in int {
        secs = secs.saturating_mul(10).saturating_add(u64::from(d - b'0'));
    }
    let mut ms: u64 = 0;
    for i in 0..3 {
        ms = ms * 10 + frac.get(i).map_or(0, |&d| u64::from(d - b'0'));
    }
    // Saturated at u64::MAX (which the caller warns of) when more than can be held.
    let held = secs
        .checked_mul(1000)
        .and_then(|t| t.checked_add(ms))
        .filter(|&t| t != u64::MAX && secs != u64::MAX);
    Some(held.unwrap_or(u64::MAX))
}

fn color_of_sign(sign: u8) -> Color {
    if sign == b'-' {
        Color::White
    } else {
        Color::Black
    }
}

pub(super) fn sign_of(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// Whether a line is the record separator `/` (spaces around it allowed).
#[inline]
fn is_separator(line: &[u8]) -> bool {
    match line.first() {
        Some(b'/') => trim_end(line).len() == 1,
        Some(b' ' | b'\t') => {
            let t = trim_end(line);
            let lead = t.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
            t.get(lead..) == Some(b"/")
        }
        _ => false,
    }
}

#[inline]
fn trim_end(mut s: &[u8]) -> &[u8] {
    while let [rest @ .., b' ' | b'\t' | b'\r'] = s {
        s = rest;
    }
    s
}

use crate::formats::column::column_of;
