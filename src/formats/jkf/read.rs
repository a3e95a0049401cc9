//! Reading JKF, pass 3: the intermediate values into records.

use crate::record::{ErrorCode, WarningCode};
use serde::de::DeserializeSeed;
use serde_json::Value;

use super::parse::{
    scan, Counters, DocPos, ItemSeed, Kind, Lines, RawDoc, RawForks, RawHeader, RawSlot, RawSlots,
    RawTop, Scan, TopSeed,
};
use super::{piece_from_code, special_kind, variant};
use crate::record::{
    Ending, EndingKind, MetaKey, MoveEntry, MoveTime, MoveTree, NodeId, NodeKind, ReadIssue,
    Record, Start,
};
use crate::shogi::{Color, Handicap, Move, Piece, PieceKind, Setup, Square};
use crate::variant::{VMove, VPosition, Variant};

/// Reads every record of `text` (one per JKF object).
///
/// Never panics. A text without any JSON document gives one empty record with an `empty`
/// error; a JSON syntax error gives a record holding the `parse-error` (after the records of
/// the documents read before it).
pub fn read(text: &str) -> Vec<Record> {
    read_as(text, None)
}

/// Reads every record of `text` as [`read`] does, with `forced` (`--variant`): a document
/// that names no game is that variant's, and one of another game is an `invalid-jkf` error
/// naming both.
pub fn read_as(text: &str, forced: Option<Variant>) -> Vec<Record> {
    let _columns = crate::formats::column::Scope::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let counters = Counters::default();
    let lines = Lines::new(text);
    let mut raw = Vec::new();
    let mut failure = None;
    let mut offset = 0usize;
    // One document after another (a single object, an array, or JSON Lines).
    while let Some(rest) = text.get(offset..) {
        if rest.trim_start_matches([' ', '\t', '\r', '\n']).is_empty() {
            break;
        }
        let mut de = serde_json::Deserializer::from_str(rest);
        match TopSeed(&counters).deserialize(&mut de) {
            Ok(top) => {
                raw.push(top);
                // serde_json reads no further than the document's last byte.
                offset += document_end(rest).max(1);
            }
            Err(e) => {
                failure = Some((e, offset));
                break;
            }
        }
    }
    let scan = scan(text);
    let mut records = Vec::new();
    for top in raw {
        match top {
            RawTop::One(doc) => records.push(build(&doc, &scan, &lines, forced)),
            RawTop::Many(items) => {
                if items.is_empty() {
                    records.push(error_record(
                        ErrorCode::Empty,
                        (1, 1),
                        "The JSON array holds no JKF object; expected objects such as `{\"header\": {}, \"moves\": [{}]}`.".into(),
                    ));
                }
                for item in items {
                    match item {
                        Ok(doc) => records.push(build(&doc, &scan, &lines, forced)),
                        Err(kind) => records.push(not_an_object(kind)),
                    }
                }
            }
            RawTop::Other(kind) => records.push(error_record(
                ErrorCode::InvalidJkf,
                (1, 1),
                format!("The JSON document is {kind}, not a JKF object (`{{\"header\": ..., \"moves\": [...]}}`) or an array of them."),
            )),
        }
    }
    if let Some((e, base)) = failure {
        // serde_json counts lines from `base` and columns in bytes.
        let (base_line, _) = lines.at(base);
        let at = match e.line() {
            0 => lines.at(base),
            1 => lines.at(base + e.column().saturating_sub(1)),
            n => {
                let line = base_line as usize + n - 1;
                (line as u32, lines.char_column(line, e.column()))
            }
        };
        records.push(error_record(ErrorCode::ParseError, at, syntax_message(&e)));
    }
    if records.is_empty() {
        records.push(error_record(
            ErrorCode::Empty,
            (1, 1),
            "The text holds no JSON document; expected a JKF object such as `{\"header\": {}, \"moves\": [{}]}`.".into(),
        ));
    }
    records
}

/// Reads the element `span` of a JSON array of JKF records (from [`super::Elements`], which
/// also gives `column`, the characters before it on its first line) as [`read`] reads it
/// within the whole text (`forced` as in [`read_as`]).
pub(crate) fn read_span_as(
    text: &str,
    span: &crate::formats::csa::Span,
    column: u32,
    forced: Option<Variant>,
) -> Record {
    let _columns = crate::formats::column::Scope::new();
    let element = text.get(span.range.clone()).unwrap_or("");
    let lines = Lines::within(element, span.first_line, column);
    let counters = Counters::default();
    let mut de = serde_json::Deserializer::from_str(element);
    match ItemSeed(&counters).deserialize(&mut de) {
        Ok(Ok(doc)) => build(&doc, &scan(element), &lines, forced),
        Ok(Err(kind)) => not_an_object(kind),
        // Not met: the whole text was checked before it was split.
        Err(e) => error_record(ErrorCode::ParseError, lines.at(0), syntax_message(&e)),
    }
}

/// The record of an element of the top-level array that is not an object.
fn not_an_object(kind: Kind) -> Record {
    error_record(
        ErrorCode::InvalidJkf,
        (1, 1),
        format!("An element of the top-level array is {kind}, not a JKF object (`{{\"header\": ..., \"moves\": [...]}}`)."),
    )
}

/// The byte length of the first JSON value of `text` (leading whitespace included), which
/// the caller knows is valid JSON up to there.
fn document_end(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r' | b'\n') {
        i += 1;
    }
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                if depth == 0 {
                    return i.min(b.len());
                }
            }
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                i += 1;
                if depth == 0 {
                    return i;
                }
            }
            c if depth == 0 && !matches!(c, b' ' | b'\t' | b'\r' | b'\n') => {
                // A scalar at the top level.
                while i < b.len()
                    && !matches!(
                        b[i],
                        b' ' | b'\t' | b'\r' | b'\n' | b',' | b'{' | b'}' | b'[' | b']' | b'"'
                    )
                {
                    i += 1;
                }
                return i;
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// A whole sentence for a serde_json syntax error (without its position, which the issue
/// carries).
fn syntax_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let what = match full.rfind(" at line ") {
        Some(i) => &full[..i],
        None => full.as_str(),
    };
    let advice = if what.contains("recursion limit") {
        " (JSON nested more than 128 levels deep cannot be read)"
    } else {
        ""
    };
    format!("The text is not valid JSON: {what}{advice}.")
}

fn error_record(code: ErrorCode, (line, column): (u32, u32), message: String) -> Record {
    let mut r = Record::new();
    r.source.line = line;
    r.errors.push(ReadIssue::new(code, line, column, message));
    r
}

/// Reading one document.
struct Builder<'a> {
    record: Record,
    lines: &'a Lines<'a>,
    scan: &'a Scan,
    doc: DocPos,
    /// The game the document is ([`Variant::Standard`] unless it or `--variant` says).
    game: Variant,
}

/// A line of play still to read: its elements, the JSON path of its array, the node its
/// first element follows, and the index of the first element to read.
struct Task<'a> {
    slots: &'a [RawSlot],
    path: String,
    parent: NodeId,
    first: usize,
}

impl Builder<'_> {
    fn pos(&self, at: Option<usize>) -> (u32, u32) {
        at.map_or((self.record.source.line, 1), |a| self.lines.at(a))
    }

    fn slot_pos(&self, slot: &RawSlot) -> Option<usize> {
        slot.seq.and_then(|s| self.scan.slots.get(s).copied())
    }

    fn error(&mut self, code: ErrorCode, at: (u32, u32), message: String) {
        self.record
            .errors
            .push(ReadIssue::new(code, at.0, at.1, message));
    }

    fn warn(&mut self, code: WarningCode, at: (u32, u32), message: String) {
        self.record.warn(ReadIssue::new(code, at.0, at.1, message));
    }
}

fn build(doc: &RawDoc, scan: &Scan, lines: &Lines, forced: Option<Variant>) -> Record {
    let pos = scan.docs.get(doc.seq).cloned().unwrap_or_default();
    let mut b = Builder {
        record: Record::new(),
        lines,
        scan,
        doc: pos,
        game: Variant::Standard,
    };
    b.record.source.line = lines.at(b.doc.start).0;
    if doc.header.is_none() && doc.initial.is_none() && doc.moves.is_none() {
        // Some other JSON (a `stats --format json` output saved as `.json`): not a record.
        let at = b.pos(Some(b.doc.start));
        b.error(
            ErrorCode::NotARecord,
            at,
            "the JSON object has none of JKF's keys (`header`, `initial`, `moves`): it is not a JKF record; is it the right file?".into(),
        );
        return b.record;
    }
    let entries = match &doc.header {
        Some(RawHeader::Entries(entries)) => entries.as_slice(),
        _ => &[],
    };
    match variant::game(entries, doc.initial.as_ref(), forced) {
        Ok(game) => b.game = game,
        Err(message) => {
            let at = b.pos(b.doc.header.or(b.doc.initial).or(Some(b.doc.start)));
            b.error(ErrorCode::InvalidJkf, at, message);
            return b.record;
        }
    }
    read_header(&mut b, doc);
    if b.game != Variant::Standard {
        let at = b.pos(b.doc.initial);
        match read_variant_initial(b.game, doc.initial.as_ref()) {
            Ok(start) => b.record.start = Start::Variant(start),
            Err((code, message)) => {
                b.error(code, at, message);
                return b.record;
            }
        }
    } else if let Some(initial) = &doc.initial {
        let at = b.pos(b.doc.initial);
        match read_initial(initial) {
            Ok(start) => b.record.start = start,
            Err((code, message)) => {
                b.error(code, at, message);
                return b.record;
            }
        }
    }
    match &doc.moves {
        None => {
            let at = b.pos(Some(b.doc.start));
            b.warn(
                WarningCode::MissingMoves,
                at,
                "The JKF object has no `moves` array; the record has no moves.".into(),
            );
        }
        Some(RawSlots::Other(kind)) => {
            let at = b.pos(b.doc.moves);
            b.error(
                ErrorCode::InvalidJkf,
                at,
                format!("`moves` is {kind}; expected an array whose element 0 holds the comments on the initial position and whose later elements are moves."),
            );
        }
        Some(RawSlots::List(slots)) => read_moves(&mut b, slots),
    }
    b.record
}

fn header_key(key: &str) -> MetaKey {
    match key {
        "先手" | "下手" => MetaKey::BlackName,
        "後手" | "上手" => MetaKey::WhiteName,
        "開始日時" => MetaKey::StartTime,
        "終了日時" => MetaKey::EndTime,
        "棋戦" => MetaKey::Event,
        "場所" => MetaKey::Site,
        "持ち時間" => MetaKey::TimeLimit,
        "戦型" => MetaKey::Opening,
        "表題" => MetaKey::Title,
        "$MAX_MOVES" => MetaKey::MaxMoves,
        _ => MetaKey::Other,
    }
}

fn read_header(b: &mut Builder, doc: &RawDoc) {
    match &doc.header {
        None => {}
        Some(RawHeader::Other(kind)) => {
            let at = b.pos(b.doc.header);
            b.error(
                ErrorCode::InvalidJkf,
                at,
                format!("`header` is {kind}; expected an object of strings such as `{{\"先手\": \"name\"}}`."),
            );
        }
        Some(RawHeader::Entries(entries)) => {
            for (i, (key, value)) in entries.iter().enumerate() {
                if b.game != Variant::Standard && variant::is_game_key(key) {
                    continue;
                }
                let at = b.pos(b.doc.header_keys.get(i).copied().or(b.doc.header));
                let text = match value {
                    Value::String(s) => s.trim().to_string(),
                    Value::Null => String::new(),
                    other => {
                        b.warn(
                            WarningCode::HeaderValue,
                            at,
                            format!("The header value of `{key}` is not a string; its JSON text `{other}` is kept."),
                        );
                        other.to_string()
                    }
                };
                b.record
                    .metadata
                    .push(header_key(key), key.as_str(), text, at.0);
            }
        }
    }
}

/// A structural problem: the error code and a sentence.
type Problem = (ErrorCode, String);

fn kind_of(v: &Value) -> Kind {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn invalid(path: &str, what: String) -> Problem {
    (ErrorCode::InvalidJkf, format!("`{path}` {what}."))
}

/// A JSON number that is a whole number.
fn as_int(v: &Value) -> Option<i64> {
    if let Some(i) = v.as_i64() {
        return Some(i);
    }
    let f = v.as_f64()?;
    (f.fract() == 0.0 && f.abs() < 1e15).then_some(f as i64)
}

fn read_initial(v: &Value) -> Result<Start, Problem> {
    let obj = match v {
        Value::Null => return Ok(Start::default()),
        Value::Object(o) => o,
        other => {
            return Err(invalid(
                "initial",
                format!(
                    "is {}; expected an object such as `{{\"preset\": \"HIRATE\"}}`",
                    kind_of(other)
                ),
            ))
        }
    };
    let preset = match obj.get("preset") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(other) => {
            return Err(invalid(
                "initial.preset",
                format!(
                    "is {}; expected a preset name such as `HIRATE`, `KA` or `OTHER`",
                    kind_of(other)
                ),
            ))
        }
    };
    let data = obj.get("data").filter(|d| !d.is_null());
    match (preset, data) {
        (None, None) => Ok(Start::default()),
        (Some("OTHER"), Some(d)) | (None, Some(d)) => {
            Ok(Start::Position(read_data(d)?).normalized())
        }
        (Some("OTHER"), None) => Err(invalid(
            "initial.data",
            "is missing; the preset `OTHER` needs the position as `data` (`color`, `board`, `hands`)".into(),
        )),
        (Some(code), _) => match Handicap::from_jkf(code) {
            Some(h) => Ok(Start::Handicap(h)),
            None => Err((
                ErrorCode::UnknownHandicap,
                format!("`initial.preset` is `{code}`, which is not a JKF preset; expected HIRATE, KY, KY_R, KA, HI, HIKY, 2, 3, 4, 5, 5_L, 6, 7_L, 7_R, 8, 10 or OTHER."),
            )),
        },
    }
}

fn read_data(v: &Value) -> Result<Setup, Problem> {
    let Value::Object(obj) = v else {
        return Err(invalid(
            "initial.data",
            format!(
                "is {}; expected an object with `color`, `board` and `hands`",
                kind_of(v)
            ),
        ));
    };
    let mut setup = Setup::empty();
    setup.side_to_move = match obj.get("color") {
        None | Some(Value::Null) => Color::Black,
        Some(c) => read_color(c, "initial.data.color")?,
    };
    let board = match obj.get("board") {
        Some(Value::Array(cols)) if cols.len() == 9 => cols,
        Some(other) => {
            return Err(invalid(
                "initial.data.board",
                format!(
                    "is {}; expected an array of 9 files, each an array of 9 squares",
                    describe_len(other)
                ),
            ))
        }
        None => {
            return Err(invalid(
                "initial.data.board",
                "is missing; expected an array of 9 files, each an array of 9 squares".into(),
            ))
        }
    };
    for (x, col) in board.iter().enumerate() {
        let Value::Array(cells) = col else {
            return Err(invalid(
                &format!("initial.data.board[{x}]"),
                format!("is {}; expected an array of 9 squares", kind_of(col)),
            ));
        };
        if cells.len() != 9 {
            return Err(invalid(
                &format!("initial.data.board[{x}]"),
                format!("holds {} squares; expected 9", cells.len()),
            ));
        }
        for (y, cell) in cells.iter().enumerate() {
            let path = format!("initial.data.board[{x}][{y}]");
            let Value::Object(c) = cell else {
                return Err(invalid(
                    &path,
                    format!(
                        "is {}; expected `{{}}` or a piece such as `{{\"color\": 0, \"kind\": \"FU\"}}`",
                        kind_of(cell)
                    ),
                ));
            };
            let kind = match c.get("kind") {
                None | Some(Value::Null) => continue,
                Some(k) => read_piece(k, &format!("{path}.kind"))?,
            };
            let color = match c.get("color") {
                Some(col) => read_color(col, &format!("{path}.color"))?,
                None => {
                    return Err(invalid(
                        &format!("{path}.color"),
                        "is missing; a piece needs its side (0 or 1)".into(),
                    ))
                }
            };
            if let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) {
                setup.board[sq.index()] = Some(Piece::new(color, kind));
            }
        }
    }
    match obj.get("hands") {
        None | Some(Value::Null) => {}
        Some(Value::Array(hands)) if hands.len() == 2 => {
            for (i, hand) in hands.iter().enumerate() {
                let color = Color::from_index(i);
                let path = format!("initial.data.hands[{i}]");
                let Value::Object(h) = hand else {
                    return Err(invalid(
                        &path,
                        format!(
                            "is {}; expected an object of counts such as `{{\"FU\": 2}}`",
                            kind_of(hand)
                        ),
                    ));
                };
                for (code, n) in h {
                    let kind = piece_from_code(code.as_bytes())
                        .filter(|k| k.is_hand_kind())
                        .ok_or_else(|| {
                            invalid(
                                &path,
                                format!("names `{code}`, which is not a piece that can be held; expected FU, KY, KE, GI, KI, KA or HI"),
                            )
                        })?;
                    let count = as_int(n).filter(|c| (0..=255).contains(c)).ok_or_else(|| {
                        invalid(
                            &format!("{path}.{code}"),
                            format!("is {n}; expected a count from 0 to 255"),
                        )
                    })?;
                    let hand = &mut setup.hands[color];
                    let total = u8::try_from(i64::from(hand.count(kind)) + count).unwrap_or(255);
                    hand.set(kind, total);
                }
            }
        }
        Some(other) => {
            return Err(invalid(
                "initial.data.hands",
                format!(
                "is {}; expected an array of two objects (black's pieces in hand, then white's)",
                describe_len(other)
            ),
            ))
        }
    }
    Ok(setup)
}

fn describe_len(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("an array of {} elements", a.len()),
        other => kind_of(other).to_string(),
    }
}

fn read_color(v: &Value, path: &str) -> Result<Color, Problem> {
    match as_int(v) {
        Some(0) => Ok(Color::Black),
        Some(1) => Ok(Color::White),
        _ => Err(invalid(
            path,
            format!("is `{v}`; expected 0 (black, sente) or 1 (white, gote)"),
        )),
    }
}

fn read_piece(v: &Value, path: &str) -> Result<PieceKind, Problem> {
    v.as_str()
        .and_then(|s| piece_from_code(s.as_bytes()))
        .ok_or_else(|| {
            invalid(
                path,
                format!("is `{v}`; expected a CSA piece code (FU, KY, KE, GI, KI, KA, HI, OU, TO, NY, NK, NG, UM, RY)"),
            )
        })
}

/// A move's `promote` (`false` when absent).
fn read_promote(v: Option<&Value>, path: &str) -> Result<bool, Problem> {
    match v {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(invalid(
            &format!("{path}.promote"),
            format!("is `{other}`; expected true or false"),
        )),
    }
}

/// `{x, y}`; `Ok(None)` for `{0, 0}` (some writers' drops).
fn read_square(v: &Value, path: &str) -> Result<Option<Square>, Problem> {
    let bad = || {
        invalid(
            path,
            format!("is `{v}`; expected a square such as `{{\"x\": 7, \"y\": 6}}` (file and rank, 1 to 9)"),
        )
    };
    let Value::Object(o) = v else {
        return Err(bad());
    };
    let x = o.get("x").and_then(as_int).ok_or_else(bad)?;
    let y = o.get("y").and_then(as_int).ok_or_else(bad)?;
    if x == 0 && y == 0 {
        return Ok(None);
    }
    let x = u8::try_from(x).map_err(|_| bad())?;
    let y = u8::try_from(y).map_err(|_| bad())?;
    Square::new(x, y).map(Some).ok_or_else(bad)
}

fn read_move(v: &Value, path: &str) -> Result<MoveEntry, Problem> {
    let Value::Object(o) = v else {
        return Err(invalid(
            path,
            format!(
                "is {}; expected a move object with `color`, `from`, `to` and `piece`",
                kind_of(v)
            ),
        ));
    };
    let get = |k: &str| o.get(k).filter(|v| !v.is_null());
    let mover = get("color")
        .map(|c| read_color(c, &format!("{path}.color")))
        .transpose()?;
    let to = match get("to") {
        Some(t) => read_square(t, &format!("{path}.to"))?,
        None => None,
    };
    let Some(to) = to else {
        return Err(invalid(
            &format!("{path}.to"),
            "is missing; a move needs its destination square as `{\"x\": file, \"y\": rank}`"
                .into(),
        ));
    };
    let from = match get("from") {
        Some(f) => read_square(f, &format!("{path}.from"))?,
        None => None,
    };
    let piece = get("piece")
        .map(|p| read_piece(p, &format!("{path}.piece")))
        .transpose()?;
    let promote = read_promote(get("promote"), path)?;
    match from {
        Some(from) => Ok(MoveEntry {
            mv: Move::Normal { from, to, promote }.into(),
            mover,
            piece: piece.map(|k| if promote { k.promote().unwrap_or(k) } else { k }.into()),
        }),
        None => {
            let Some(kind) = piece else {
                return Err(invalid(
                    &format!("{path}.piece"),
                    "is missing; a drop (a move without `from`) needs the kind of piece dropped"
                        .into(),
                ));
            };
            Ok(MoveEntry {
                mv: Move::Drop { kind, to }.into(),
                mover,
                piece: Some(kind.into()),
            })
        }
    }
}

/// The start of a record of the variant `v`: `initial.data` of its board, else (no
/// `initial`, `HIRATE`, or a preset naming the variant) its initial position.
fn read_variant_initial(v: Variant, initial: Option<&Value>) -> Result<VPosition, Problem> {
    let obj = match initial {
        None | Some(Value::Null) => return Ok(VPosition::start(v)),
        Some(Value::Object(o)) => o,
        Some(other) => {
            return Err(invalid(
                "initial",
                format!(
                    "is {}; expected an object such as `{{\"preset\": \"OTHER\", \"data\": ...}}`",
                    kind_of(other)
                ),
            ))
        }
    };
    let preset = obj.get("preset").and_then(Value::as_str);
    match obj.get("data").filter(|d| !d.is_null()) {
        Some(data) => variant::start(v, data).map_err(|m| (ErrorCode::InvalidJkf, m)),
        None if preset == Some("OTHER") => Err(invalid(
            "initial.data",
            format!("is missing; the preset `OTHER` needs the position of {v} as `data` (`color`, `board`, `hands`)"),
        )),
        None => Ok(VPosition::start(v)),
    }
}

/// A move of the variant `v` (its squares and piece codes, [`variant::piece_code`]), read as
/// [`read_move`] reads a standard one.
fn read_variant_move(v: Variant, m: &Value, path: &str) -> Result<MoveEntry, Problem> {
    let Value::Object(o) = m else {
        return Err(invalid(
            path,
            format!(
                "is {}; expected a move object with `color`, `from`, `to` and `piece`",
                kind_of(m)
            ),
        ));
    };
    let jkf = |message: String| (ErrorCode::InvalidJkf, message);
    let get = |k: &str| o.get(k).filter(|v| !v.is_null());
    let mover = get("color")
        .map(|c| read_color(c, &format!("{path}.color")))
        .transpose()?;
    let to = get("to").ok_or_else(|| {
        invalid(
            &format!("{path}.to"),
            "is missing; a move needs its destination square as `{\"x\": file, \"y\": rank}`"
                .into(),
        )
    })?;
    let to = variant::square(v, to, &format!("{path}.to")).map_err(jkf)?;
    let piece = match get("piece") {
        None => None,
        Some(p) => Some(
            p.as_str()
                .and_then(|code| variant::kind_from_code(v, code))
                .ok_or_else(|| {
                    invalid(
                        &format!("{path}.piece"),
                        format!("is `{p}`, which is no piece code of {v}"),
                    )
                })?,
        ),
    };
    let promote = read_promote(get("promote"), path)?;
    let from = match get("from") {
        // Some writers' drops.
        Some(f)
            if f.get("x").and_then(as_int) == Some(0) && f.get("y").and_then(as_int) == Some(0) =>
        {
            None
        }
        Some(f) => Some(variant::square(v, f, &format!("{path}.from")).map_err(jkf)?),
        None => None,
    };
    match from {
        Some(from) => Ok(MoveEntry {
            mv: VMove::Normal { from, to, promote },
            mover,
            piece: piece.map(|k| if promote { k.promote().unwrap_or(k) } else { k }),
        }),
        None => {
            let kind = piece
                .filter(|k| !k.is_promoted() && !k.is_royal())
                .ok_or_else(|| {
                    invalid(
                        &format!("{path}.piece"),
                        format!("is {}; a drop (a move without `from`) needs the kind of piece of {v} dropped, one that can be held",
                            get("piece").map_or("missing".to_string(), |p| format!("`{p}`"))),
                    )
                })?;
            Ok(MoveEntry {
                mv: VMove::Drop { kind, to },
                mover,
                piece: Some(kind),
            })
        }
    }
}

/// Seconds (possibly fractional) in `{h, m, s}` as milliseconds.
fn read_clock(v: &Value) -> Option<u64> {
    let Value::Object(o) = v else {
        return None;
    };
    let part = |k: &str| -> Option<f64> {
        match o.get(k) {
            None | Some(Value::Null) => Some(0.0),
            Some(n) => n.as_f64().filter(|x| x.is_finite() && *x >= 0.0),
        }
    };
    let secs = (part("h")? * 60.0 + part("m")?) * 60.0 + part("s")?;
    let ms = (secs * 1000.0).round();
    (ms < 1e15).then_some(ms as u64)
}

fn read_time(b: &mut Builder, v: &Value, path: &str, at: (u32, u32)) -> Option<MoveTime> {
    let bad = |b: &mut Builder| {
        b.warn(
            WarningCode::InvalidTime,
            at,
            format!("The time at `{path}` was ignored: expected `{{\"now\": {{\"m\": 0, \"s\": 12}}, \"total\": {{\"h\": 0, \"m\": 1, \"s\": 30}}}}` with non-negative numbers."),
        );
    };
    let Value::Object(o) = v else {
        if !v.is_null() {
            bad(b);
        }
        return None;
    };
    let mut time = MoveTime::default();
    for (key, slot) in [("now", &mut time.spent_ms), ("total", &mut time.total_ms)] {
        match o.get(key) {
            None | Some(Value::Null) => {}
            Some(c) => match read_clock(c) {
                Some(ms) => *slot = Some(ms),
                None => {
                    bad(b);
                    return None;
                }
            },
        }
    }
    (time != MoveTime::default()).then_some(time)
}

/// Adds the comments of `v` to `node`.
fn read_comments(b: &mut Builder, v: &Value, node: NodeId, path: &str, at: (u32, u32)) {
    let items: Vec<&Value> = match v {
        Value::Array(a) => a.iter().collect(),
        Value::Null => return,
        other => vec![other],
    };
    for item in items {
        let Value::String(s) = item else {
            b.warn(
                WarningCode::InvalidComment,
                at,
                format!(
                    "A comment at `{path}` is {}, not a string, and was ignored.",
                    kind_of(item)
                ),
            );
            continue;
        };
        let notes = b.record.tree.node_mut(node).notes_mut();
        for line in s.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            match line.strip_prefix("**") {
                Some(rest) => notes
                    .engine_comments
                    .push(rest.strip_prefix(' ').unwrap_or(rest).to_string()),
                None => notes.comments.push(line.to_string()),
            }
        }
    }
}

fn read_moves(b: &mut Builder, slots: &[RawSlot]) {
    // Element 0: the initial position.
    if let Some(first) = slots.first() {
        let at = b.pos(b.slot_pos(first).or(b.doc.moves));
        match &first.body {
            Err(kind) => b.error(
                ErrorCode::InvalidJkf,
                at,
                format!("`moves[0]` is {kind}; expected an object (holding the comments on the initial position, if any)."),
            ),
            Ok(f) => {
                if let Some(c) = &f.comments {
                    read_comments(b, c, MoveTree::ROOT, "moves[0].comments", at);
                }
                if let Some(t) = &f.time {
                    let time = read_time(b, t, "moves[0].time", at);
                    b.record.tree.node_mut(MoveTree::ROOT).time = time;
                }
                if f.mv.as_ref().is_some_and(|v| !v.is_null())
                    || f.special.as_ref().is_some_and(|v| !v.is_null())
                    || f.forks.is_some()
                {
                    b.warn(
                        WarningCode::MisplacedMove,
                        at,
                        "`moves[0]` stands for the initial position, so its `move`, `special` and `forks` were ignored; the first move is `moves[1]`.".into(),
                    );
                }
            }
        }
    }
    let mut tasks = vec![Task {
        slots,
        path: "moves".into(),
        parent: MoveTree::ROOT,
        first: 1,
    }];
    while let Some(task) = tasks.pop() {
        read_line(b, task, &mut tasks);
    }
}

/// Reads one line of play; its forks are queued on `tasks`.
fn read_line<'a>(b: &mut Builder, task: Task<'a>, tasks: &mut Vec<Task<'a>>) {
    let mut current = task.parent;
    let mut ended = matches!(b.record.tree.node(current).kind, NodeKind::Ending(_));
    let mut after_end_warned = false;
    for (i, slot) in task.slots.iter().enumerate().skip(task.first) {
        let path = format!("{}[{i}]", task.path);
        let offset = b.slot_pos(slot);
        let at = b.pos(offset);
        let line = offset.map_or(0, |o| b.lines.at(o).0);
        let fields = match &slot.body {
            Ok(f) => f,
            Err(kind) => {
                b.error(
                    ErrorCode::InvalidJkf,
                    at,
                    format!(
                        "`{path}` is {kind}; expected an object holding a `move` or a `special`."
                    ),
                );
                return;
            }
        };
        let mv = fields.mv.as_ref().filter(|v| !v.is_null());
        let special = fields.special.as_ref().filter(|v| !v.is_null());
        let kind = match (mv, special) {
            (Some(m), s) => {
                if s.is_some() {
                    b.warn(
                        WarningCode::InvalidJkf,
                        at,
                        format!("`{path}` holds both a `move` and a `special`; the `special` was ignored."),
                    );
                }
                let path = format!("{path}.move");
                let entry = match b.game {
                    Variant::Standard => read_move(m, &path),
                    v => read_variant_move(v, m, &path),
                };
                match entry {
                    Ok(entry) => Some(NodeKind::Move(entry)),
                    Err((code, message)) => {
                        b.error(code, at, message);
                        return;
                    }
                }
            }
            (None, Some(s)) => {
                let Some(word) = s.as_str() else {
                    b.error(
                        ErrorCode::InvalidJkf,
                        at,
                        format!("`{path}.special` is `{s}`; expected a word such as `TORYO`."),
                    );
                    return;
                };
                let kind = special_kind(word.strip_prefix('%').unwrap_or(word).as_bytes());
                if kind == EndingKind::Unknown {
                    b.warn(
                        WarningCode::UnknownSpecial,
                        at,
                        format!("The special move `{word}` at `{path}` is not one JKF defines; it is kept as an unknown ending."),
                    );
                }
                Some(NodeKind::Ending(Box::new(Ending::new(kind, word))))
            }
            (None, None) => None,
        };
        // Forks are alternatives to this element: they follow its parent.
        if let Some(forks) = &fields.forks {
            match forks {
                RawForks::Other(kind) => b.error(
                    ErrorCode::InvalidJkf,
                    at,
                    format!("`{path}.forks` is {kind}; expected an array of forks, each an array of moves."),
                ),
                RawForks::List(list) => {
                    for (j, fork) in list.iter().enumerate().rev() {
                        let fork_path = format!("{path}.forks[{j}]");
                        match fork {
                            RawSlots::List(slots) => tasks.push(Task {
                                slots,
                                path: fork_path,
                                parent: current,
                                first: 0,
                            }),
                            RawSlots::Other(kind) => b.error(
                                ErrorCode::InvalidJkf,
                                at,
                                format!("`{fork_path}` is {kind}; expected an array of moves whose first element replaces `{path}`."),
                            ),
                        }
                    }
                }
            }
        }
        let Some(kind) = kind else {
            b.warn(
                WarningCode::EmptyElement,
                at,
                format!("`{path}` holds neither a `move` nor a `special` and was skipped; its comments were kept with the previous move."),
            );
            if let Some(c) = &fields.comments {
                read_comments(b, c, current, &format!("{path}.comments"), at);
            }
            continue;
        };
        if ended && !after_end_warned {
            after_end_warned = true;
            b.warn(
                WarningCode::MoveAfterEnding,
                at,
                format!("`{path}` follows a special move that ended the game; it is kept after the ending."),
            );
        }
        let is_ending = matches!(kind, NodeKind::Ending(_));
        let id = b.record.tree.push(current, kind, line);
        if let Some(t) = &fields.time {
            let time = read_time(b, t, &format!("{path}.time"), at);
            b.record.tree.node_mut(id).time = time;
        }
        if let Some(c) = &fields.comments {
            read_comments(b, c, id, &format!("{path}.comments"), at);
        }
        ended |= is_ending;
        current = id;
    }
}
