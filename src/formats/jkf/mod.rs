//! JSON Kifu Format (JKF, json-kifu-format 1.0): reader and writer.
//!
//! # What the reader accepts
//!
//! The text is one JKF object, a JSON array of JKF objects, or several JSON documents one
//! after another (JSON Lines); every JKF object is one record. It is parsed with `serde_json`
//! into order-preserving intermediate values (so header keys keep their file order), then
//! turned into a [`Record`] without recursion: `forks` are walked with an explicit stack.
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

use super::column::column_of;
use super::csa::{self, code_of, piece_from_code, special_kind};
use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::written::note;
use crate::record::{
    Ending, EndingKind, MetaKey, MoveEntry, MoveTime, MoveTree, Node, NodeId, NodeKind, ReadIssue,
    Record, Start,
};
use crate::shogi::{Color, Handicap, Move, Piece, PieceKind, Position, Setup, Square};

// ---------------------------------------------------------------------------------------------
// Reading: pass 1, JSON into order-preserving intermediate values
// ---------------------------------------------------------------------------------------------

/// What a JSON value is, for messages.
type Kind = &'static str;

/// One JKF object, as parsed.
#[derive(Default)]
struct RawDoc {
    /// The document's number in text order (matches [`Scan::docs`]).
    seq: usize,
    header: Option<RawHeader>,
    initial: Option<Value>,
    moves: Option<RawSlots>,
}

enum RawHeader {
    Entries(Vec<(String, Value)>),
    Other(Kind),
}

/// A JSON array of move elements (`moves`, or one fork), or what stood there instead.
enum RawSlots {
    List(Vec<RawSlot>),
    Other(Kind),
}

/// One element of `moves` or of a fork.
struct RawSlot {
    /// The element's number among all move objects in text order (matches [`Scan::slots`]).
    seq: Option<usize>,
    body: Result<SlotFields, Kind>,
}

#[derive(Default)]
struct SlotFields {
    mv: Option<Value>,
    special: Option<Value>,
    comments: Option<Value>,
    time: Option<Value>,
    forks: Option<RawForks>,
}

enum RawForks {
    List(Vec<RawSlots>),
    Other(Kind),
}

/// What the text holds at the top level.
enum RawTop {
    One(RawDoc),
    Many(Vec<Result<RawDoc, Kind>>),
    Other(Kind),
}

/// Counters that number documents and move objects in text order.
#[derive(Default)]
struct Counters {
    docs: Cell<usize>,
    slots: Cell<usize>,
}

impl Counters {
    fn next_doc(&self) -> usize {
        let n = self.docs.get();
        self.docs.set(n + 1);
        n
    }
    fn next_slot(&self) -> usize {
        let n = self.slots.get();
        self.slots.set(n + 1);
        n
    }
}

/// Implements the visits of every JSON value kind other than arrays and objects as
/// `Self::Value::from(kind)`.
macro_rules! scalar_kinds {
    ($wrap:expr) => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok($wrap("a boolean"))
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok($wrap("a number"))
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok($wrap("a number"))
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok($wrap("a number"))
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok($wrap("a string"))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($wrap("null"))
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($wrap("null"))
        }
    };
}

fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

struct TopSeed<'a>(&'a Counters);

impl<'de> DeserializeSeed<'de> for TopSeed<'_> {
    type Value = RawTop;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawTop, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TopSeed<'_> {
    type Value = RawTop;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JKF object or an array of them")
    }
    scalar_kinds!(RawTop::Other);
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawTop, A::Error> {
        DocSeed(self.0).visit_map(map).map(RawTop::One)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawTop, A::Error> {
        let mut docs = Vec::new();
        while let Some(item) = seq.next_element_seed(ItemSeed(self.0))? {
            docs.push(item);
        }
        Ok(RawTop::Many(docs))
    }
}

/// An element of a top-level array: a JKF object or something else.
struct ItemSeed<'a>(&'a Counters);

impl<'de> DeserializeSeed<'de> for ItemSeed<'_> {
    type Value = Result<RawDoc, Kind>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed<'_> {
    type Value = Result<RawDoc, Kind>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JKF object")
    }
    scalar_kinds!(Err);
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        DocSeed(self.0).visit_map(map).map(Ok)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        drain_seq(seq)?;
        Ok(Err("an array"))
    }
}

struct DocSeed<'a>(&'a Counters);

impl<'de> DocSeed<'_> {
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawDoc, A::Error> {
        let mut doc = RawDoc {
            seq: self.0.next_doc(),
            ..RawDoc::default()
        };
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "header" => doc.header = Some(map.next_value_seed(HeaderSeed)?),
                "initial" => doc.initial = Some(map.next_value::<Value>()?),
                "moves" => doc.moves = Some(map.next_value_seed(SlotsSeed(self.0))?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(doc)
    }
}

/// The header object, its entries in file order.
struct HeaderSeed;

impl<'de> DeserializeSeed<'de> for HeaderSeed {
    type Value = RawHeader;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawHeader, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for HeaderSeed {
    type Value = RawHeader;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of strings")
    }
    scalar_kinds!(RawHeader::Other);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawHeader, A::Error> {
        let mut entries = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            entries.push((k, v));
        }
        Ok(RawHeader::Entries(entries))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<RawHeader, A::Error> {
        drain_seq(seq)?;
        Ok(RawHeader::Other("an array"))
    }
}

/// An array of move elements.
struct SlotsSeed<'a>(&'a Counters);

impl<'de> DeserializeSeed<'de> for SlotsSeed<'_> {
    type Value = RawSlots;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawSlots, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for SlotsSeed<'_> {
    type Value = RawSlots;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of move objects")
    }
    scalar_kinds!(RawSlots::Other);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawSlots, A::Error> {
        let mut slots = Vec::new();
        while let Some(slot) = seq.next_element_seed(SlotSeed(self.0))? {
            slots.push(slot);
        }
        Ok(RawSlots::List(slots))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawSlots, A::Error> {
        drain_map(map)?;
        Ok(RawSlots::Other("an object"))
    }
}

/// One move element.
struct SlotSeed<'a>(&'a Counters);

impl<'de> DeserializeSeed<'de> for SlotSeed<'_> {
    type Value = RawSlot;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawSlot, D::Error> {
        d.deserialize_any(self)
    }
}

fn not_slot(kind: Kind) -> RawSlot {
    RawSlot {
        seq: None,
        body: Err(kind),
    }
}

impl<'de> Visitor<'de> for SlotSeed<'_> {
    type Value = RawSlot;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a move object")
    }
    scalar_kinds!(not_slot);
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawSlot, A::Error> {
        let seq = self.0.next_slot();
        let mut f = SlotFields::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "move" => f.mv = Some(map.next_value()?),
                "special" => f.special = Some(map.next_value()?),
                "comments" => f.comments = Some(map.next_value()?),
                "time" => f.time = Some(map.next_value()?),
                "forks" => f.forks = Some(map.next_value_seed(ForksSeed(self.0))?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(RawSlot {
            seq: Some(seq),
            body: Ok(f),
        })
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<RawSlot, A::Error> {
        drain_seq(seq)?;
        Ok(not_slot("an array"))
    }
}

/// The `forks` array: each element an array of move elements.
struct ForksSeed<'a>(&'a Counters);

impl<'de> DeserializeSeed<'de> for ForksSeed<'_> {
    type Value = RawForks;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawForks, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ForksSeed<'_> {
    type Value = RawForks;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of forks")
    }
    scalar_kinds!(RawForks::Other);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawForks, A::Error> {
        let mut forks = Vec::new();
        while let Some(fork) = seq.next_element_seed(SlotsSeed(self.0))? {
            forks.push(fork);
        }
        Ok(RawForks::List(forks))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawForks, A::Error> {
        drain_map(map)?;
        Ok(RawForks::Other("an object"))
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: pass 2, where things are in the text
// ---------------------------------------------------------------------------------------------

/// Byte offsets of one JKF object and its parts.
#[derive(Clone, Debug, Default)]
struct DocPos {
    start: usize,
    header: Option<usize>,
    initial: Option<usize>,
    moves: Option<usize>,
    /// Every header key, in order.
    header_keys: Vec<usize>,
}

/// Where the documents and move objects start, in text order (the order pass 1 numbers
/// them in).
#[derive(Debug, Default)]
struct Scan {
    docs: Vec<DocPos>,
    slots: Vec<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    TopArray,
    Doc,
    Header,
    Moves,
    MoveObj,
    Forks,
    ForkLine,
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyClass {
    Header,
    Initial,
    Moves,
    Forks,
    Other,
}

struct Frame {
    role: Role,
    is_object: bool,
    expect_key: bool,
    key: KeyClass,
}

/// Finds where documents and move objects start by lexing the JSON text; mirrors which
/// values pass 1 numbers. Tolerates invalid text (it only runs to find positions).
fn scan(text: &str) -> Scan {
    let b = text.as_bytes();
    let mut out = Scan::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
            }
            b'"' => {
                let start = i;
                i += 1;
                let mut escaped = false;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        escaped = true;
                        i += 1;
                    }
                    i += 1;
                }
                let end = i.min(b.len());
                i = end + 1;
                let Some(top) = stack.last_mut() else {
                    continue;
                };
                if top.is_object && top.expect_key {
                    let raw = text.get(start + 1..end).unwrap_or("");
                    let key = if escaped {
                        serde_json::from_str::<String>(text.get(start..=end).unwrap_or("\"\""))
                            .unwrap_or_default()
                    } else {
                        raw.to_string()
                    };
                    top.expect_key = false;
                    top.key = match (top.role, key.as_str()) {
                        (Role::Doc, "header") => KeyClass::Header,
                        (Role::Doc, "initial") => KeyClass::Initial,
                        (Role::Doc, "moves") => KeyClass::Moves,
                        (Role::MoveObj, "forks") => KeyClass::Forks,
                        _ => KeyClass::Other,
                    };
                    if top.role == Role::Header {
                        if let Some(d) = out.docs.last_mut() {
                            d.header_keys.push(start);
                        }
                    }
                } else {
                    value_start(&mut out, &stack, start);
                }
            }
            b'{' | b'[' => {
                value_start(&mut out, &stack, i);
                let is_object = c == b'{';
                let parent = stack.last().map(|f| (f.role, f.key));
                let role = match (parent, is_object) {
                    (None, true) => Role::Doc,
                    (None, false) => Role::TopArray,
                    (Some((Role::TopArray, _)), true) => Role::Doc,
                    (Some((Role::Doc, KeyClass::Header)), true) => Role::Header,
                    (Some((Role::Doc, KeyClass::Moves)), false) => Role::Moves,
                    (Some((Role::Moves | Role::ForkLine, _)), true) => Role::MoveObj,
                    (Some((Role::MoveObj, KeyClass::Forks)), false) => Role::Forks,
                    (Some((Role::Forks, _)), false) => Role::ForkLine,
                    _ => Role::Other,
                };
                match role {
                    Role::Doc => out.docs.push(DocPos {
                        start: i,
                        ..DocPos::default()
                    }),
                    Role::MoveObj => out.slots.push(i),
                    _ => {}
                }
                stack.push(Frame {
                    role,
                    is_object,
                    expect_key: is_object,
                    key: KeyClass::Other,
                });
                i += 1;
            }
            b'}' | b']' => {
                stack.pop();
                i += 1;
            }
            b',' => {
                if let Some(top) = stack.last_mut() {
                    if top.is_object {
                        top.expect_key = true;
                        top.key = KeyClass::Other;
                    }
                }
                i += 1;
            }
            b':' => {
                i += 1;
            }
            _ => {
                value_start(&mut out, &stack, i);
                while i < b.len()
                    && !matches!(
                        b[i],
                        b' ' | b'\t'
                            | b'\r'
                            | b'\n'
                            | b','
                            | b':'
                            | b'{'
                            | b'}'
                            | b'['
                            | b']'
                            | b'"'
                    )
                {
                    i += 1;
                }
            }
        }
    }
    out
}

/// Notes the start of a value that belongs to a document key.
fn value_start(out: &mut Scan, stack: &[Frame], at: usize) {
    let Some(top) = stack.last() else {
        return;
    };
    if top.role != Role::Doc {
        return;
    }
    let Some(doc) = out.docs.last_mut() else {
        return;
    };
    match top.key {
        KeyClass::Header => doc.header = Some(at),
        KeyClass::Initial => doc.initial = Some(at),
        KeyClass::Moves => doc.moves = Some(at),
        _ => {}
    }
}

/// Byte offsets to 1-based lines and character columns.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines { text, starts }
    }

    /// (line, column) of byte `at`.
    fn at(&self, at: usize) -> (u32, u32) {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= at).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        // Incremental (see `column`): a one-line JKF asks for the column of every move.
        let rest = self.text.get(start..).unwrap_or("");
        (line as u32, column_of(rest, at.saturating_sub(start)))
    }

    /// The character column of serde_json's 1-based byte column on `line`.
    fn char_column(&self, line: usize, byte_col: usize) -> u32 {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return byte_col as u32;
        };
        let at = start + byte_col.saturating_sub(1);
        let (_, col) = self.at(at);
        col
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: pass 3, intermediate values into records
// ---------------------------------------------------------------------------------------------

/// Reads every record of `text` (one per JKF object).
///
/// Never panics. A text without any JSON document gives one empty record with an `empty`
/// error; a JSON syntax error gives a record holding the `parse-error` (after the records of
/// the documents read before it).
pub fn read(text: &str) -> Vec<Record> {
    let _columns = super::column::Scope::new();
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
            RawTop::One(doc) => records.push(build(&doc, &scan, &lines)),
            RawTop::Many(items) => {
                if items.is_empty() {
                    records.push(error_record(
                        "empty",
                        (1, 1),
                        "The JSON array holds no JKF object; expected objects such as `{\"header\": {}, \"moves\": [{}]}`.".into(),
                    ));
                }
                for item in items {
                    match item {
                        Ok(doc) => records.push(build(&doc, &scan, &lines)),
                        Err(kind) => records.push(error_record(
                            "invalid-jkf",
                            (1, 1),
                            format!("An element of the top-level array is {kind}, not a JKF object (`{{\"header\": ..., \"moves\": [...]}}`)."),
                        )),
                    }
                }
            }
            RawTop::Other(kind) => records.push(error_record(
                "invalid-jkf",
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
        records.push(error_record("parse-error", at, syntax_message(&e)));
    }
    if records.is_empty() {
        records.push(error_record(
            "empty",
            (1, 1),
            "The text holds no JSON document; expected a JKF object such as `{\"header\": {}, \"moves\": [{}]}`.".into(),
        ));
    }
    records
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

fn error_record(code: &'static str, (line, column): (u32, u32), message: String) -> Record {
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

    fn error(&mut self, code: &'static str, at: (u32, u32), message: String) {
        self.record
            .errors
            .push(ReadIssue::new(code, at.0, at.1, message));
    }

    fn warn(&mut self, code: &'static str, at: (u32, u32), message: String) {
        self.record
            .warnings
            .push(ReadIssue::new(code, at.0, at.1, message));
    }
}

fn build(doc: &RawDoc, scan: &Scan, lines: &Lines) -> Record {
    let pos = scan.docs.get(doc.seq).cloned().unwrap_or_default();
    let mut b = Builder {
        record: Record::new(),
        lines,
        scan,
        doc: pos,
    };
    b.record.source.line = lines.at(b.doc.start).0;
    if doc.header.is_none() && doc.initial.is_none() && doc.moves.is_none() {
        // Some other JSON (a `stats --format json` output saved as `.json`): not a record.
        let at = b.pos(Some(b.doc.start));
        b.error(
            "not-a-record",
            at,
            "the JSON object has none of JKF's keys (`header`, `initial`, `moves`): it is not a JKF record; is it the right file?".into(),
        );
        return b.record;
    }
    read_header(&mut b, doc);
    if let Some(initial) = &doc.initial {
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
                "missing-moves",
                at,
                "The JKF object has no `moves` array; the record has no moves.".into(),
            );
        }
        Some(RawSlots::Other(kind)) => {
            let at = b.pos(b.doc.moves);
            b.error(
                "invalid-jkf",
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
                "invalid-jkf",
                at,
                format!("`header` is {kind}; expected an object of strings such as `{{\"先手\": \"name\"}}`."),
            );
        }
        Some(RawHeader::Entries(entries)) => {
            for (i, (key, value)) in entries.iter().enumerate() {
                let at = b.pos(b.doc.header_keys.get(i).copied().or(b.doc.header));
                let text = match value {
                    Value::String(s) => s.trim().to_string(),
                    Value::Null => String::new(),
                    other => {
                        b.warn(
                            "header-value",
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
type Problem = (&'static str, String);

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
    ("invalid-jkf", format!("`{path}` {what}."))
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
                "unknown-handicap",
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
    let promote = match get("promote") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(invalid(
                &format!("{path}.promote"),
                format!("is `{other}`; expected true or false"),
            ))
        }
    };
    match from {
        Some(from) => Ok(MoveEntry {
            mv: Move::Normal { from, to, promote },
            mover,
            piece: piece.map(|k| if promote { k.promote().unwrap_or(k) } else { k }),
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
                mv: Move::Drop { kind, to },
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
            "invalid-time",
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
                "invalid-comment",
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
                "invalid-jkf",
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
                        "misplaced-move",
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
                    "invalid-jkf",
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
                        "invalid-jkf",
                        at,
                        format!("`{path}` holds both a `move` and a `special`; the `special` was ignored."),
                    );
                }
                match read_move(m, &format!("{path}.move")) {
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
                        "invalid-jkf",
                        at,
                        format!("`{path}.special` is `{s}`; expected a word such as `TORYO`."),
                    );
                    return;
                };
                let kind = special_kind(word.strip_prefix('%').unwrap_or(word).as_bytes());
                if kind == EndingKind::Unknown {
                    b.warn(
                        "unknown-special",
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
                    "invalid-jkf",
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
                                "invalid-jkf",
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
                "empty-element",
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
                "move-after-ending",
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

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// The written text and what the format could not carry.
pub use super::written::Written;

/// A JSON value of bounded depth, with its keys in the order given.
enum J {
    Obj(Vec<(String, J)>),
    Arr(Vec<J>),
    Str(String),
    Int(u64),
    Bool(bool),
}

fn obj(fields: Vec<(&str, J)>) -> J {
    J::Obj(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn pad(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

fn push_str_json(out: &mut String, s: &str) {
    match serde_json::to_string(s) {
        Ok(q) => out.push_str(&q),
        Err(_) => out.push_str("\"\""),
    }
}

/// Writes `j` (its depth is small and fixed) starting at the current column.
fn write_j(out: &mut String, j: &J, indent: usize) {
    match j {
        J::Obj(fields) => {
            if fields.is_empty() {
                out.push_str("{}");
                return;
            }
            open_fields(out, fields, indent);
            out.push('\n');
            pad(out, indent);
            out.push('}');
        }
        J::Arr(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('\n');
                pad(out, indent + 1);
                write_j(out, item, indent + 1);
            }
            out.push('\n');
            pad(out, indent);
            out.push(']');
        }
        J::Str(s) => push_str_json(out, s),
        J::Int(n) => out.push_str(&n.to_string()),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
    }
}

/// Writes `{` and the fields, without the closing brace.
fn open_fields(out: &mut String, fields: &[(String, J)], indent: usize) {
    out.push('{');
    for (i, (k, v)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('\n');
        pad(out, indent + 1);
        push_str_json(out, k);
        out.push_str(": ");
        write_j(out, v, indent + 1);
    }
}

/// The KIF names the header uses for the shared keys, the default first.
fn kif_names(key: MetaKey, handicap: bool) -> &'static [&'static str] {
    match key {
        MetaKey::BlackName if handicap => &["下手", "先手"],
        MetaKey::BlackName => &["先手", "下手"],
        MetaKey::WhiteName if handicap => &["上手", "後手"],
        MetaKey::WhiteName => &["後手", "上手"],
        MetaKey::StartTime => &["開始日時"],
        MetaKey::EndTime => &["終了日時"],
        MetaKey::Event => &["棋戦"],
        MetaKey::Site => &["場所"],
        MetaKey::TimeLimit => &["持ち時間"],
        MetaKey::Opening => &["戦型"],
        MetaKey::Title => &["表題"],
        MetaKey::MaxMoves | MetaKey::Other => &[],
    }
}

fn header_json(record: &Record, start: &Start, dropped: &mut Vec<String>) -> J {
    let handicap = matches!(start, Start::Handicap(h) if *h != Handicap::Even);
    let mut fields: Vec<(String, J)> = Vec::new();
    for e in record.metadata.entries() {
        let names = kif_names(e.key, handicap);
        let preferred = if names.is_empty() || names.contains(&e.raw_key.as_str()) {
            e.raw_key.as_str()
        } else {
            names[0]
        };
        // A key is written once: a repeated one takes another name for the same meaning,
        // else its own raw key.
        let used = |k: &str| fields.iter().any(|(f, _)| f == k);
        let key = std::iter::once(preferred)
            .chain(names.iter().copied())
            .chain(std::iter::once(e.raw_key.as_str()))
            .find(|k| !used(k));
        let Some(key) = key else {
            note(dropped, "repeated header keys");
            continue;
        };
        fields.push((key.to_string(), J::Str(e.value.clone())));
    }
    J::Obj(fields)
}

/// The JKF presets every common reader knows (tsshogi lacks `3`, `5`, `5_L`, `7_L` and
/// `7_R`, rsshogi `7_L` and `7_R`): the others are written as `OTHER` with the position, which
/// reads back as the same handicap.
fn preset_widely_read(code: &str) -> bool {
    !matches!(code, "3" | "5" | "5_L" | "7_L" | "7_R")
}

fn initial_json(start: &Start, dropped: &mut Vec<String>) -> J {
    let setup = match start {
        Start::Handicap(h) => match h.jkf_preset() {
            Some(code) if preset_widely_read(code) => {
                return obj(vec![("preset", J::Str(code.into()))])
            }
            _ => h.setup(),
        },
        Start::Position(s) => s.clone(),
    };
    if setup.move_number != 1 {
        note(dropped, "initial move number");
    }
    let board = (1..=9u8)
        .map(|x| {
            J::Arr(
                (1..=9u8)
                    .map(
                        |y| match Square::new(x, y).and_then(|sq| setup.piece_at(sq)) {
                            Some(p) => obj(vec![
                                ("color", J::Int(p.color.index() as u64)),
                                ("kind", J::Str(code_of(p.kind).into())),
                            ]),
                            None => J::Obj(Vec::new()),
                        },
                    )
                    .collect(),
            )
        })
        .collect();
    let hands = Color::ALL
        .iter()
        .map(|&c| {
            let hand = &setup.hands[c];
            obj(PieceKind::HAND
                .iter()
                .map(|&k| (code_of(k), J::Int(u64::from(hand.count(k)))))
                .collect())
        })
        .collect();
    obj(vec![
        ("preset", J::Str("OTHER".into())),
        (
            "data",
            obj(vec![
                ("color", J::Int(setup.side_to_move.index() as u64)),
                ("board", J::Arr(board)),
                ("hands", J::Arr(hands)),
            ]),
        ),
    ])
}

fn square_json(sq: Square) -> J {
    obj(vec![
        ("x", J::Int(u64::from(sq.file()))),
        ("y", J::Int(u64::from(sq.rank()))),
    ])
}

fn time_json(t: &MoveTime, dropped: &mut Vec<String>) -> Option<J> {
    let mut fields = Vec::new();
    if let Some(ms) = t.spent_ms {
        if ms % 1000 != 0 {
            note(dropped, "fractions of seconds");
        }
        let s = ms / 1000;
        fields.push((
            "now",
            obj(vec![("m", J::Int(s / 60)), ("s", J::Int(s % 60))]),
        ));
    }
    if let Some(ms) = t.total_ms {
        if ms % 1000 != 0 {
            note(dropped, "fractions of seconds");
        }
        let s = ms / 1000;
        fields.push((
            "total",
            obj(vec![
                ("h", J::Int(s / 3600)),
                ("m", J::Int(s / 60 % 60)),
                ("s", J::Int(s % 60)),
            ]),
        ));
    }
    (!fields.is_empty()).then(|| obj(fields))
}

fn comments_json(node: &Node) -> Option<J> {
    let mut items: Vec<J> = node
        .comments()
        .iter()
        .chain(node.remarks())
        .flat_map(|c| c.split('\n'))
        .map(|l| J::Str(l.strip_suffix('\r').unwrap_or(l).to_string()))
        .collect();
    items.extend(
        node.engine_comments()
            .iter()
            .flat_map(|c| c.split('\n'))
            .map(|l| J::Str(format!("** {}", l.strip_suffix('\r').unwrap_or(l)))),
    );
    (!items.is_empty()).then_some(J::Arr(items))
}

/// The JKF word for an ending (`None` when JKF has none).
fn special_word(ending: &Ending, to_move: Color) -> Option<String> {
    let raw = ending.raw.strip_prefix('%').unwrap_or(&ending.raw);
    if special_kind(raw.as_bytes()) == ending.kind && ending.kind != EndingKind::Unknown {
        return Some(raw.to_string());
    }
    // A word of CSA's table, else an unknown word that looks like one (kept as written).
    let word = match csa::special_word(&ending.kind, to_move) {
        Some(word) => word,
        None if ending.kind == EndingKind::Unknown
            && !raw.is_empty()
            && raw
                .bytes()
                .all(|c| c.is_ascii_uppercase() || matches!(c, b'_' | b'+' | b'-')) =>
        {
            raw
        }
        None => return None,
    };
    Some(word.to_string())
}

/// The state of one line while writing: the position before its next move (none when the
/// start cannot be played), the side to move, and the previous destination (for `same`).
#[derive(Clone)]
struct LineState {
    pos: Option<Position>,
    to_move: Color,
    prev_to: Option<Square>,
}

/// The `move` object of `entry` played from `state`, which it then advances.
fn move_json(entry: &MoveEntry, state: &mut LineState, dropped: &mut Vec<String>) -> J {
    let mover = entry.mover.unwrap_or(state.to_move);
    let mut fields = vec![("color", J::Int(mover.index() as u64))];
    let played = match entry.mv {
        Move::Drop { kind, to } => {
            fields.push(("to", square_json(to)));
            fields.push(("piece", J::Str(code_of(kind).into())));
            entry.mv
        }
        Move::Normal { from, to, promote } => {
            let board = state.pos.as_ref().and_then(|p| p.piece_at(from));
            let target = state.pos.as_ref().and_then(|p| p.piece_at(to));
            let promotes = promote
                || matches!((board, entry.piece), (Some(b), Some(c)) if b.kind.promote() == Some(c));
            let before = match entry.piece {
                Some(c) if promotes && c.is_promoted() => Some(c.unpromote()),
                Some(c) => Some(c),
                None => board.map(|b| b.kind),
            };
            fields.push(("from", square_json(from)));
            fields.push(("to", square_json(to)));
            match before {
                Some(k) => fields.push(("piece", J::Str(code_of(k).into()))),
                None => note(dropped, "the piece of moves from an empty square"),
            }
            if state.prev_to == Some(to) {
                fields.push(("same", J::Bool(true)));
            }
            let could_promote = before.is_some_and(|k| k.can_promote())
                && state.pos.is_some()
                && (from.in_zone(mover) || to.in_zone(mover));
            if promotes {
                fields.push(("promote", J::Bool(true)));
            } else if could_promote {
                fields.push(("promote", J::Bool(false)));
            }
            if let Some(t) = target.filter(|t| t.color != mover) {
                fields.push(("capture", J::Str(code_of(t.kind).into())));
            }
            Move::Normal {
                from,
                to,
                promote: promotes,
            }
        }
    };
    if let Some(p) = state.pos.as_mut() {
        p.set_side_to_move(mover);
        p.play_unchecked(played);
    }
    state.to_move = mover.flip();
    state.prev_to = Some(entry.mv.to());
    obj(fields)
}

/// The fields of one element of `moves` or of a fork (without `forks`), advancing `state`;
/// `None` when the node cannot be written.
fn element_fields(
    node: &Node,
    state: &mut LineState,
    dropped: &mut Vec<String>,
) -> Option<Vec<(String, J)>> {
    let mut fields = Vec::new();
    if let Some(c) = comments_json(node) {
        fields.push(("comments", c));
    }
    match &node.kind {
        NodeKind::Move(entry) => fields.push(("move", move_json(entry, state, dropped))),
        NodeKind::Ending(ending) => match special_word(ending, state.to_move) {
            Some(word) => fields.push(("special", J::Str(word))),
            None => {
                note(dropped, &format!("ending `{}`", ending.raw));
                return None;
            }
        },
        NodeKind::Root => return None,
    }
    if let Some(t) = node.time.as_ref().and_then(|t| time_json(t, dropped)) {
        fields.push(("time", t));
    }
    if node.bookmark().is_some() {
        note(dropped, "bookmarks");
    }
    Some(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// What remains to be written, innermost last.
enum Op {
    /// The elements of an array from `next` on (`count` written so far, at `indent`).
    Line {
        next: Option<NodeId>,
        state: LineState,
        indent: usize,
        count: usize,
    },
    /// The forks of an element: the alternatives not yet written, each from `state`.
    Forks {
        alternatives: Vec<NodeId>,
        done: usize,
        state: LineState,
        indent: usize,
    },
    /// Literal text.
    Text(String),
}

/// The deepest forks written: forks in forks this deep nest the JSON about 125 levels, within
/// the 128 `serde_json` (and so this reader) can read back (40 is the most that reads back). Deeper ones are dropped and named,
/// which also keeps the indentation from growing with the nesting.
pub const MAX_FORK_DEPTH: usize = 39;

/// Writes `record` as JKF.
pub fn write(record: &Record) -> Written {
    let mut out = String::with_capacity(1024 + record.tree.len() * 200);
    let mut dropped = Vec::new();
    let start = record.start.normalized();
    let tree = &record.tree;
    out.push_str("{\n");
    pad(&mut out, 1);
    out.push_str("\"header\": ");
    write_j(&mut out, &header_json(record, &start, &mut dropped), 1);
    out.push_str(",\n");
    pad(&mut out, 1);
    out.push_str("\"initial\": ");
    write_j(&mut out, &initial_json(&start, &mut dropped), 1);
    out.push_str(",\n");
    pad(&mut out, 1);
    out.push_str("\"moves\": [\n");
    pad(&mut out, 2);
    let root = tree.root();
    let mut root_fields = Vec::new();
    if let Some(c) = comments_json(root) {
        root_fields.push(("comments".to_string(), c));
    }
    if let Some(t) = root.time.as_ref().and_then(|t| time_json(t, &mut dropped)) {
        root_fields.push(("time".to_string(), t));
    }
    if root.bookmark().is_some() {
        note(&mut dropped, "bookmarks");
    }
    write_j(&mut out, &J::Obj(root_fields), 2);
    let setup = start.setup();
    let state = LineState {
        pos: Position::from_setup(&setup).ok(),
        to_move: setup.side_to_move,
        prev_to: None,
    };
    let mut ops = vec![Op::Line {
        next: root.first_child(),
        state,
        indent: 2,
        count: 1,
    }];
    while let Some(op) = ops.pop() {
        match op {
            Op::Text(t) => out.push_str(&t),
            Op::Line {
                next: None,
                indent,
                count,
                ..
            } => {
                if count == 0 {
                    out.push(']');
                } else {
                    out.push('\n');
                    pad(&mut out, indent - 1);
                    out.push(']');
                }
            }
            Op::Line {
                next: Some(id),
                mut state,
                indent,
                count,
            } => {
                let node = tree.node(id);
                let parent = node.parent().unwrap_or(MoveTree::ROOT);
                let is_main = tree.node(parent).first_child() == Some(id);
                let mut alternatives: Vec<NodeId> = if is_main {
                    tree.children(parent).skip(1).collect()
                } else {
                    Vec::new()
                };
                // Each level of forks is three more levels of JSON (and of indentation).
                if !alternatives.is_empty() && (indent - 2) / 3 >= MAX_FORK_DEPTH {
                    alternatives.clear();
                    note(
                        &mut dropped,
                        "variations nested more than 39 deep (JSON nested deeper cannot be read back)",
                    );
                }
                let before = (!alternatives.is_empty()).then(|| state.clone());
                let Some(fields) = element_fields(node, &mut state, &mut dropped) else {
                    // An element JKF cannot hold ends its line (its alternatives go too).
                    if !alternatives.is_empty() {
                        note(&mut dropped, "variations after an ending JKF cannot hold");
                    }
                    ops.push(Op::Line {
                        next: None,
                        state,
                        indent,
                        count,
                    });
                    continue;
                };
                if count > 0 {
                    out.push(',');
                }
                out.push('\n');
                pad(&mut out, indent);
                open_fields(&mut out, &fields, indent);
                let next = match &node.kind {
                    NodeKind::Ending(_) => {
                        if node.first_child().is_some() {
                            note(&mut dropped, "moves after the ending");
                        }
                        None
                    }
                    _ => node.first_child(),
                };
                ops.push(Op::Line {
                    next,
                    state,
                    indent,
                    count: count + 1,
                });
                let mut close = String::new();
                close.push('\n');
                pad(&mut close, indent);
                close.push('}');
                match before {
                    Some(before) => {
                        out.push_str(",\n");
                        pad(&mut out, indent + 1);
                        out.push_str("\"forks\": [");
                        let mut end = String::from("\n");
                        pad(&mut end, indent + 1);
                        end.push(']');
                        end.push_str(&close);
                        ops.push(Op::Text(end));
                        ops.push(Op::Forks {
                            alternatives,
                            done: 0,
                            state: before,
                            indent: indent + 2,
                        });
                    }
                    None => out.push_str(&close),
                }
            }
            Op::Forks {
                alternatives,
                done,
                state,
                indent,
            } => {
                let Some(&first) = alternatives.get(done) else {
                    continue;
                };
                if done > 0 {
                    out.push(',');
                }
                out.push('\n');
                pad(&mut out, indent);
                out.push('[');
                let line_state = state.clone();
                ops.push(Op::Forks {
                    alternatives,
                    done: done + 1,
                    state,
                    indent,
                });
                ops.push(Op::Line {
                    next: Some(first),
                    state: line_state,
                    indent: indent + 1,
                    count: 0,
                });
            }
        }
    }
    out.push_str("\n}\n");
    Written { text: out, dropped }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{replay, ReplayOptions};

    fn one(text: &str) -> Record {
        let mut rs = read(text);
        assert_eq!(rs.len(), 1, "{rs:?}");
        rs.remove(0)
    }

    fn clean(r: &Record) {
        assert!(r.errors.is_empty(), "errors: {:?}", r.errors);
        assert!(r.warnings.is_empty(), "warnings: {:?}", r.warnings);
    }

    fn usi_line(r: &Record, from: NodeId) -> Vec<String> {
        r.tree
            .line_from(from)
            .filter_map(|id| r.tree.node(id).move_entry())
            .map(|m| m.mv.to_usi())
            .collect()
    }

    fn usi_moves(r: &Record) -> Vec<String> {
        usi_line(r, MoveTree::ROOT)
    }

    /// A JKF element for a board move `usi` by `color` with the piece before the move.
    fn mv(color: u8, usi: &str, piece: &str) -> String {
        let m = Move::from_usi(usi).unwrap();
        let to = m.to();
        let promote = if m.is_promotion() {
            ",\"promote\":true"
        } else {
            ""
        };
        match m.from() {
            Some(f) => format!(
                "{{\"move\":{{\"color\":{color},\"from\":{{\"x\":{},\"y\":{}}},\"to\":{{\"x\":{},\"y\":{}}},\"piece\":\"{piece}\"{promote}}}}}",
                f.file(), f.rank(), to.file(), to.rank()
            ),
            None => format!(
                "{{\"move\":{{\"color\":{color},\"to\":{{\"x\":{},\"y\":{}}},\"piece\":\"{piece}\"}}}}",
                to.file(), to.rank()
            ),
        }
    }

    /// Everything a record says, in a form that does not depend on node numbering or lines.
    fn comparable(r: &Record) -> impl PartialEq + std::fmt::Debug {
        let meta: Vec<_> = r
            .metadata
            .entries()
            .iter()
            .map(|e| (e.key, e.raw_key.clone(), e.value.clone()))
            .collect();
        let mut nodes = Vec::new();
        let mut stack = vec![(MoveTree::ROOT, 0usize)];
        while let Some((id, depth)) = stack.pop() {
            let n = r.tree.node(id);
            nodes.push((
                depth,
                n.kind.clone(),
                n.time,
                n.comments().to_vec(),
                n.engine_comments().to_vec(),
            ));
            let children: Vec<_> = r.tree.children(id).collect();
            for c in children.into_iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        (meta, r.start.clone(), nodes)
    }

    fn round_trip(r: &Record) -> Record {
        let w = write(r);
        let back = one(&w.text);
        assert!(back.errors.is_empty(), "{:?}\n{}", back.errors, w.text);
        back
    }

    #[test]
    fn reads_header_in_order_moves_times_comments_and_ending() {
        let text = r#"{
  "header": {"表題": "T", "先手": "A", "後手": "B", "開始日時": "2024/01/01", "棋戦": "E",
             "場所": "S", "持ち時間": " 1h ", "戦型": "O", "終了日時": "X", "備考": "n"},
  "moves": [
    {"comments": ["root", "** 12 +7776FU"]},
    {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"},
     "time": {"now": {"m": 1, "s": 2}, "total": {"h": 1, "m": 0, "s": 3}},
     "comments": ["good"]},
    {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"},
     "time": {"now": {"m": 0, "s": 5}}},
    {"special": "TORYO", "time": {"now": {"m": 0, "s": 1}, "total": {"h": 0, "m": 1, "s": 3}}}
  ]
}"#;
        let r = one(text);
        clean(&r);
        let keys: Vec<_> = r
            .metadata
            .entries()
            .iter()
            .map(|e| (e.key, e.raw_key.as_str(), e.value.as_str()))
            .collect();
        assert_eq!(
            keys,
            [
                (MetaKey::Title, "表題", "T"),
                (MetaKey::BlackName, "先手", "A"),
                (MetaKey::WhiteName, "後手", "B"),
                (MetaKey::StartTime, "開始日時", "2024/01/01"),
                (MetaKey::Event, "棋戦", "E"),
                (MetaKey::Site, "場所", "S"),
                (MetaKey::TimeLimit, "持ち時間", "1h"),
                (MetaKey::Opening, "戦型", "O"),
                (MetaKey::EndTime, "終了日時", "X"),
                (MetaKey::Other, "備考", "n"),
            ]
        );
        assert_eq!(r.metadata.entries()[1].line, 2);
        assert_eq!(r.metadata.entries()[9].line, 3);
        assert_eq!(r.start, Start::Handicap(Handicap::Even));
        assert_eq!(usi_moves(&r), ["7g7f", "3c3d"]);
        assert_eq!(r.tree.root().comments(), ["root"]);
        assert_eq!(r.tree.root().engine_comments(), ["12 +7776FU"]);
        let ids: Vec<_> = r.tree.main_line().collect();
        let first = r.tree.node(ids[0]);
        assert_eq!(first.line, 6);
        assert_eq!(first.comments(), ["good"]);
        assert_eq!(
            first.time,
            Some(MoveTime {
                spent_ms: Some(62_000),
                total_ms: Some(3_603_000)
            })
        );
        let m = first.move_entry().unwrap();
        assert_eq!(m.mover, Some(Color::Black));
        assert_eq!(m.piece, Some(PieceKind::Pawn));
        assert_eq!(
            r.tree.node(ids[1]).time,
            Some(MoveTime {
                spent_ms: Some(5_000),
                total_ms: None
            })
        );
        let end = r.tree.node(ids[2]);
        assert_eq!(end.line, 11);
        assert_eq!(end.ending().unwrap().kind, EndingKind::Resignation);
        assert_eq!(end.ending().unwrap().raw, "TORYO");
        assert_eq!(end.time.unwrap().spent_ms, Some(1000));
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
        assert_eq!(rep.outcome.winner, Some(Color::White));
    }

    #[test]
    fn promotions_captures_and_drops() {
        let text = r#"{"header": {}, "moves": [{},
 {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}},
 {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}},
 {"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "promote": true, "capture": "KA"}},
 {"move": {"color": 1, "from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "piece": "GI", "same": true, "capture": "UM", "relative": "L"}},
 {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "KA", "relative": "H"}},
 {"move": {"color": 1, "from": {"x": 0, "y": 0}, "to": {"x": 3, "y": 3}, "piece": "KA"}}
]}"#;
        let r = one(text);
        clean(&r);
        assert_eq!(
            usi_moves(&r),
            ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e", "B*3c"]
        );
        let moves: Vec<_> = r.tree.main_line_moves().collect();
        assert_eq!(moves[2].piece, Some(PieceKind::Horse));
        assert_eq!(moves[3].piece, Some(PieceKind::Silver));
        assert_eq!(moves[4].piece, Some(PieceKind::Bishop));
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
        // A promoted piece named without `promote` is still a promotion for replay.
        let r = one(r#"{"header":{},"moves":[{},
 {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
 {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
 {"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"UM"}}]}"#);
        clean(&r);
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
        let pos = rep.final_position.unwrap();
        assert_eq!(
            pos.piece_at(Square::new(2, 2).unwrap()).unwrap().kind,
            PieceKind::Horse
        );
        // Missing color and piece on a board move: the board decides.
        let r =
            one(r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}}}]}"#);
        clean(&r);
        let m = r.tree.main_line_moves().next().unwrap();
        assert_eq!((m.mover, m.piece), (None, None));
    }

    #[test]
    fn every_preset_and_unknown_presets() {
        for h in Handicap::all() {
            let Some(code) = h.jkf_preset() else {
                continue;
            };
            let r = one(&format!(
                "{{\"header\":{{}},\"initial\":{{\"preset\":\"{code}\"}},\"moves\":[{{}}]}}"
            ));
            clean(&r);
            assert_eq!(r.start, Start::Handicap(h));
            let back = round_trip(&r);
            assert_eq!(back.start, Start::Handicap(h));
            if preset_widely_read(code) {
                assert!(write(&r).text.contains(&format!("\"preset\": \"{code}\"")));
            }
        }
        // Names JKF has no preset for, and presets tsshogi or rsshogi reject, are written as
        // OTHER and read back by name.
        for h in [
            Handicap::Dragonfly,
            Handicap::NineteenPieces,
            Handicap::ThreePieces,
            Handicap::FivePieces,
            Handicap::LeftFivePieces,
            Handicap::LeftSevenPieces,
            Handicap::RightSevenPieces,
        ] {
            let mut r = Record::new();
            r.start = Start::Handicap(h);
            let w = write(&r);
            assert!(w.text.contains("\"OTHER\""));
            assert_eq!(one(&w.text).start, Start::Handicap(h));
        }
        let r = one("{\"header\":{},\n\"initial\":{\"preset\":\"KY_L\"},\"moves\":[{}]}");
        assert_eq!(r.errors.len(), 1);
        assert_eq!(r.errors[0].code, "unknown-handicap");
        assert_eq!((r.errors[0].line, r.errors[0].column), (2, 11));
        assert!(r.errors[0].message.contains("KY_L"));
    }

    fn other_position(color: u8, board: &[(u8, u8, u8, &str)], hands: &str) -> String {
        let mut cols = Vec::new();
        for x in 1..=9 {
            let mut cells = Vec::new();
            for y in 1..=9 {
                match board.iter().find(|c| c.0 == x && c.1 == y) {
                    Some((_, _, c, k)) => cells.push(format!("{{\"color\":{c},\"kind\":\"{k}\"}}")),
                    None => cells.push("{}".into()),
                }
            }
            cols.push(format!("[{}]", cells.join(",")));
        }
        format!(
            "{{\"preset\":\"OTHER\",\"data\":{{\"color\":{color},\"board\":[{}],\"hands\":{hands}}}}}",
            cols.join(",")
        )
    }

    #[test]
    fn other_positions() {
        let initial = other_position(
            1,
            &[
                (5, 1, 1, "OU"),
                (5, 9, 0, "OU"),
                (1, 3, 0, "TO"),
                (2, 2, 1, "UM"),
            ],
            r#"[{"FU":2,"KY":0,"KE":0,"GI":1,"KI":0,"KA":0,"HI":0},{"HI":2}]"#,
        );
        let r = one(&format!(
            "{{\"header\":{{}},\"initial\":{initial},\"moves\":[{{}},\n{}]}}",
            mv(1, "5a4b", "OU")
        ));
        clean(&r);
        let Start::Position(s) = &r.start else {
            panic!("{:?}", r.start)
        };
        assert_eq!(s.to_sfen(), "4k4/7+b1/8+P/9/9/9/9/9/4K4 w S2P2r 1");
        assert_eq!(usi_moves(&r), ["5a4b"]);
        let back = round_trip(&r);
        assert_eq!(comparable(&back), comparable(&r));
        // An OTHER position that is a standard start is that start.
        let even = Setup::startpos();
        let cells: Vec<_> = Square::all()
            .filter_map(|sq| {
                even.piece_at(sq)
                    .map(|p| (sq.file(), sq.rank(), p.color.index() as u8, code_of(p.kind)))
            })
            .collect();
        let r = one(&format!(
            "{{\"header\":{{}},\"initial\":{},\"moves\":[{{}}]}}",
            other_position(0, &cells, "[{},{}]")
        ));
        clean(&r);
        assert_eq!(r.start, Start::Handicap(Handicap::Even));
        // Structural problems name their path.
        let bad = other_position(0, &[(5, 1, 1, "XX")], "[{},{}]");
        let r = one(&format!(
            "{{\"header\":{{}},\"initial\":{bad},\"moves\":[{{}}]}}"
        ));
        assert_eq!(r.errors[0].code, "invalid-jkf");
        assert!(
            r.errors[0]
                .message
                .contains("`initial.data.board[4][0].kind`"),
            "{}",
            r.errors[0].message
        );
        let r = one(r#"{"header":{},"initial":{"preset":"OTHER"},"moves":[{}]}"#);
        assert!(r.errors[0].message.contains("`initial.data`"));
        let r = one(
            r#"{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[[]],"hands":[{},{}]}},"moves":[{}]}"#,
        );
        assert!(r.errors[0].message.contains("`initial.data.board`"));
    }

    /// Forks: one on the first move, nested three deep, and two forks on one move.
    const FORKS: &str = r#"{"header": {}, "moves": [
  {},
  {"move": {"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},
   "forks": [[{"move": {"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
              {"move": {"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]]},
  {"move": {"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},
   "forks": [
     [{"move": {"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}},
      {"move": {"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"},
       "forks": [[{"move": {"color":0,"from":{"x":6,"y":9},"to":{"x":7,"y":8},"piece":"KI"}},
                  {"move": {"color":1,"from":{"x":8,"y":4},"to":{"x":8,"y":5},"piece":"FU"},
                   "forks": [[{"move": {"color":1,"from":{"x":4,"y":1},"to":{"x":3,"y":2},"piece":"KI"}},
                              {"special": "CHUDAN"}]]}]]}],
     [{"move": {"color":1,"from":{"x":5,"y":1},"to":{"x":4,"y":2},"piece":"OU"}}]
   ]},
  {"move": {"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}},
  {"special": "TORYO"}
]}"#;

    #[test]
    fn forks_replace_their_move_and_nest() {
        let r = one(FORKS);
        clean(&r);
        let t = &r.tree;
        assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "8h2b+"]);
        let roots: Vec<_> = t.children(MoveTree::ROOT).collect();
        assert_eq!(roots.len(), 2);
        assert_eq!(usi_line(&r, MoveTree::ROOT)[0], "7g7f");
        assert_eq!(t.node(roots[1]).move_entry().unwrap().mv.to_usi(), "2g2f");
        assert_eq!(usi_line(&r, roots[1]), ["8c8d"]);
        // Alternatives to 3c3d, in file order.
        let first = roots[0];
        let alts: Vec<_> = t
            .children(first)
            .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
            .collect();
        assert_eq!(alts, ["3c3d", "8c8d", "5a4b"]);
        let v1 = t.children(first).nth(1).unwrap();
        let v1_next = t.node(v1).first_child().unwrap();
        let deeper: Vec<_> = t
            .children(v1)
            .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
            .collect();
        assert_eq!(deeper, ["2g2f", "6i7h"]);
        let k = t.children(v1).nth(1).unwrap();
        let third: Vec<_> = t
            .children(k)
            .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
            .collect();
        assert_eq!(third, ["8d8e", "4a3b"]);
        let deepest = t.children(k).nth(1).unwrap();
        assert_eq!(
            t.node(t.node(deepest).first_child().unwrap())
                .ending()
                .unwrap()
                .kind,
            EndingKind::Abort
        );
        assert_eq!(t.ply_of(deepest), 4);
        assert_eq!(t.node(v1_next).move_entry().unwrap().mv.to_usi(), "2g2f");
        assert!(t.node(deepest).line > 0);
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
        let back = round_trip(&r);
        clean(&back);
        assert_eq!(comparable(&back), comparable(&r));
        // Written again, the text is the same.
        assert_eq!(write(&back).text, write(&r).text);
    }

    #[test]
    fn specials() {
        let table = [
            ("TORYO", EndingKind::Resignation),
            ("CHUDAN", EndingKind::Abort),
            ("SENNICHITE", EndingKind::Repetition),
            ("OUTE_SENNICHITE", EndingKind::PerpetualCheck),
            ("TIME_UP", EndingKind::Timeout),
            ("ILLEGAL_MOVE", EndingKind::IllegalMove),
            (
                "+ILLEGAL_ACTION",
                EndingKind::IllegalAction {
                    loser: Color::Black,
                },
            ),
            (
                "-ILLEGAL_ACTION",
                EndingKind::IllegalAction {
                    loser: Color::White,
                },
            ),
            ("JISHOGI", EndingKind::Impasse),
            ("KACHI", EndingKind::Declaration),
            ("HIKIWAKE", EndingKind::Draw),
            ("MATTA", EndingKind::Matta),
            ("TSUMI", EndingKind::Checkmate),
            ("FUZUMI", EndingKind::NoMate),
            ("ERROR", EndingKind::Error),
            ("MAX_MOVES", EndingKind::MaxMoves),
            ("%TORYO", EndingKind::Resignation),
        ];
        for (word, kind) in table {
            let r = one(&format!(
                "{{\"header\":{{}},\"moves\":[{{}},{{\"special\":\"{word}\"}}]}}"
            ));
            clean(&r);
            let e = r.ending().unwrap();
            assert_eq!((&e.kind, e.raw.as_str()), (&kind, word));
            let back = round_trip(&r);
            assert_eq!(back.ending().unwrap().kind, kind);
        }
        let r = one(r#"{"header":{},"moves":[{},{"special":"WHATEVER"}]}"#);
        assert_eq!(r.ending().unwrap().kind, EndingKind::Unknown);
        assert_eq!(r.ending().unwrap().raw, "WHATEVER");
        assert_eq!(r.warnings[0].code, "unknown-special");
        assert!(write(&r).text.contains("\"special\": \"WHATEVER\""));
        // Moves after an ending are kept after it.
        let r = one(&format!(
            "{{\"header\":{{}},\"moves\":[{{}},{{\"special\":\"TORYO\"}},{}]}}",
            mv(0, "7g7f", "FU")
        ));
        assert_eq!(r.warnings[0].code, "move-after-ending");
        let end = r.tree.main_line().next().unwrap();
        assert!(r.tree.node(end).first_child().is_some());
        let w = write(&r);
        assert_eq!(w.dropped, ["moves after the ending"]);
    }

    #[test]
    fn json_syntax_errors_have_line_and_character_column() {
        let r = one("{\"header\": {\"先手\": \"羽生\"},\n  \"moves\": [{}, {\"move\": x}]\n}");
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert_eq!(e.code, "parse-error");
        assert_eq!((e.line, e.column), (2, 26));
        assert!(
            e.message.starts_with("The text is not valid JSON: "),
            "{}",
            e.message
        );
        assert!(e.message.ends_with('.'));
        // Columns count characters, not bytes.
        let r = one("{\"header\": {\"先手\": \"羽生\" x}}");
        assert_eq!((r.errors[0].line, r.errors[0].column), (1, 24));
        let r = one("{\"header\": {}, \"moves\": [");
        assert_eq!(r.errors[0].code, "parse-error");
        // A second document with an error: the first is kept.
        let rs = read("{\"header\":{},\"moves\":[{}]}\n{\"header\":}\n");
        assert_eq!(rs.len(), 2);
        assert!(rs[0].errors.is_empty());
        assert_eq!((rs[1].errors[0].line, rs[1].errors[0].column), (2, 11));
    }

    #[test]
    fn structural_errors_name_the_json_path_and_line() {
        let text = format!(
            "{{\"header\": {{}},\n\"moves\": [\n{{}},\n{},\n{{\"move\": {{\"color\": 1, \"from\": {{\"x\": 3, \"y\": 3}}, \"piece\": \"FU\"}}}},\n{}\n]}}",
            mv(0, "7g7f", "FU"),
            mv(0, "2g2f", "FU")
        );
        let r = one(&text);
        assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
        let e = &r.errors[0];
        assert_eq!(e.code, "invalid-jkf");
        assert_eq!((e.line, e.column), (5, 1));
        assert!(e.message.contains("`moves[2].move.to`"), "{}", e.message);
        // The moves before it are kept.
        assert_eq!(usi_moves(&r), ["7g7f"]);
        // In a fork.
        let r = one(
            r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"XX"}}]]}]}"#,
        );
        assert!(
            r.errors[0]
                .message
                .contains("`moves[1].forks[0][0].move.piece`"),
            "{}",
            r.errors[0].message
        );
        assert_eq!(usi_moves(&r), ["7g7f"]);
        for (text, path) in [
            (r#"{"header":{},"moves":{}}"#, "`moves`"),
            (r#"{"header":[],"moves":[{}]}"#, "`header`"),
            (r#"{"header":{},"moves":[{},3]}"#, "`moves[1]`"),
            (
                r#"{"header":{},"moves":[{},{"move":{"color":2,"to":{"x":1,"y":1},"piece":"FU"}}]}"#,
                "`moves[1].move.color`",
            ),
            (
                r#"{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":10,"y":1},"piece":"FU"}}]}"#,
                "`moves[1].move.to`",
            ),
            (
                r#"{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":1,"y":1}}}]}"#,
                "`moves[1].move.piece`",
            ),
            (
                r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","promote":1}}]}"#,
                "`moves[1].move.promote`",
            ),
            (
                r#"{"header":{},"moves":[{},{"special":5}]}"#,
                "`moves[1].special`",
            ),
            (
                r#"{"header":{},"moves":[{},{"special":"TORYO","forks":{}}]}"#,
                "`moves[1].forks`",
            ),
            (
                r#"{"header":{},"moves":[{},{"special":"TORYO","forks":[1]}]}"#,
                "`moves[1].forks[0]`",
            ),
            (
                r#"{"header":{},"initial":"HIRATE","moves":[{}]}"#,
                "`initial`",
            ),
        ] {
            let r = one(text);
            assert_eq!(r.errors.len(), 1, "{text}: {:?}", r.errors);
            assert!(
                r.errors[0].message.contains(path),
                "{text}: {}",
                r.errors[0].message
            );
        }
        let r = one("[1]");
        assert_eq!(r.errors[0].code, "invalid-jkf");
        let r = one("\"x\"");
        assert_eq!(r.errors[0].code, "invalid-jkf");
    }

    #[test]
    fn documents_arrays_and_json_lines() {
        let doc = |name: &str| {
            format!(
                "{{\"header\":{{\"先手\":\"{name}\"}},\"moves\":[{{}},{}]}}",
                mv(0, "7g7f", "FU")
            )
        };
        let rs = read(&format!("[{}, {}]", doc("a"), doc("b")));
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[1].metadata.get(MetaKey::BlackName), Some("b"));
        assert!(rs
            .iter()
            .all(|r| r.errors.is_empty() && usi_moves(r) == ["7g7f"]));
        let rs = read(&format!("{}\n{}\n", doc("a"), doc("b")));
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[1].source.line, 2);
        assert_eq!(
            rs[1].tree.node(rs[1].tree.main_line().next().unwrap()).line,
            2
        );
        assert_eq!(read("")[0].errors[0].code, "empty");
        assert_eq!(read(" \n ")[0].errors[0].code, "empty");
        assert_eq!(read("[]")[0].errors[0].code, "empty");
        let r = one("\u{feff}{\"header\":{},\"moves\":[{}]}");
        clean(&r);
        let r = one(r#"{"header":{"a":1,"b":null}}"#);
        assert_eq!(r.metadata.get_raw("a"), Some("1"));
        assert_eq!(r.metadata.get_raw("b"), Some(""));
        assert_eq!(
            r.warnings.iter().map(|w| w.code).collect::<Vec<_>>(),
            ["header-value", "missing-moves"]
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let limit = |r: &Record| {
            assert_eq!(r.errors[0].code, "parse-error");
            assert!(
                r.errors[0].message.contains("recursion limit"),
                "{}",
                r.errors[0].message
            );
        };
        // Unclosed: an error at the end of the text.
        let r = one(&"[".repeat(100_000));
        assert_eq!(r.errors[0].code, "parse-error");
        // Closed, where values are kept: serde_json's limit of 128 levels.
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        limit(&one(&format!("{{\"initial\":{deep}}}")));
        limit(&one(&format!("{{\"header\":{{\"a\":{deep}}}}}")));
        let forks = format!(
            "{{\"header\":{{}},\"moves\":[{{}},{}{}]}}",
            "{\"special\":\"TORYO\",\"forks\":[[".repeat(50_000),
            "]]}".repeat(50_000)
        );
        limit(&one(&forks));
        // Where values are skipped, serde_json skips them without recursion.
        let r = one(&deep);
        assert_eq!(r.errors[0].code, "invalid-jkf");
        let r = one(&format!(
            "{{\"header\":{{}},\"moves\":[{{}}],\"x\":{deep}}}"
        ));
        clean(&r);
        // Forks nested 35 deep, within the limit: read, written and read back.
        let depth = 35;
        let mut text = String::from("{\"header\":{},\"moves\":[{}");
        let (a, b) = (mv(0, "7g7f", "FU"), mv(0, "2g2f", "FU"));
        text.push(',');
        for i in 0..depth {
            let m = if i % 2 == 0 { &a } else { &b };
            text.push_str(&m[..m.len() - 1]);
            text.push_str(",\"forks\":[[");
        }
        text.push_str(&mv(0, "1g1f", "FU"));
        for _ in 0..depth {
            text.push_str("]]}");
        }
        text.push_str("]}");
        let r = one(&text);
        clean(&r);
        assert_eq!(r.tree.children(MoveTree::ROOT).count(), depth + 1);
        let back = round_trip(&r);
        assert_eq!(comparable(&back), comparable(&r));
    }

    /// Forks nested `depth` levels deep: at each level a king move, and the alternative that the
    /// next level continues (the kings walk a square of four plies round and round).
    fn nested_forks(depth: usize) -> Record {
        let walk = ["5i6h", "5a6b", "6h5i", "6b5a"];
        let other = ["5i4h", "5a4b", "6h7h", "6b7b"];
        let entry = |usi: &str, d: usize| {
            NodeKind::Move(MoveEntry {
                mv: Move::from_usi(usi).unwrap(),
                mover: Some(if d % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                }),
                piece: Some(PieceKind::King),
            })
        };
        let mut r = Record::new();
        let mut node = MoveTree::ROOT;
        for d in 0..depth {
            r.tree.push(node, entry(other[d % 4], d), 0);
            node = r.tree.push(node, entry(walk[d % 4], d), 0);
        }
        r
    }

    #[test]
    fn deep_forks_are_written_only_as_deep_as_they_read_back() {
        let at_limit = nested_forks(MAX_FORK_DEPTH);
        let w = write(&at_limit);
        assert!(w.dropped.is_empty(), "{:?}", w.dropped);
        let back = one(&w.text);
        clean(&back);
        assert_eq!(comparable(&back), comparable(&at_limit));

        let deep = nested_forks(9_000);
        let w = write(&deep);
        assert!(
            w.dropped.iter().any(|d| d.contains("nested more than")),
            "{:?}",
            w.dropped
        );
        // Linear in the record: no line is indented by the nesting beyond the limit.
        assert!(w.text.lines().all(|l| l.len() < 400));
        let back = one(&w.text);
        assert!(back.errors.is_empty(), "{:?}", back.errors);
    }

    #[test]
    fn lenient_times_and_comments() {
        let r = one(
            r#"{"header":{},"moves":[{"comments":"one\nline two","time":{"now":{"m":0,"s":1}}},
 {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"h":1,"m":2,"s":3.5}},"comments":["a",5]},
 {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"time":{"now":{"m":-1,"s":0}}},
 {},
 {"special":"CHUDAN","move":null}]}"#,
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let codes: Vec<_> = r.warnings.iter().map(|w| w.code).collect();
        assert_eq!(codes, ["invalid-comment", "invalid-time", "empty-element"]);
        assert_eq!(r.tree.root().comments(), ["one", "line two"]);
        assert_eq!(r.tree.root().time.unwrap().spent_ms, Some(1000));
        let ids: Vec<_> = r.tree.main_line().collect();
        assert_eq!(r.tree.node(ids[0]).time.unwrap().spent_ms, Some(3_723_500));
        assert_eq!(r.tree.node(ids[1]).time, None);
        assert_eq!(r.ending().unwrap().kind, EndingKind::Abort);
        // moves[0] with a move: ignored with a warning.
        let r = one(&format!(
            "{{\"header\":{{}},\"moves\":[{}]}}",
            mv(0, "7g7f", "FU")
        ));
        assert_eq!(r.warnings[0].code, "misplaced-move");
        assert!(r.tree.is_empty());
    }

    #[test]
    fn writes_pretty_json_with_full_move_objects() {
        let r = one(&format!(
            "{{\"header\":{{\"先手\":\"A\"}},\"moves\":[{{\"comments\":[\"c\"]}},{},{},{},{},{}, {{\"special\":\"TORYO\"}}]}}",
            mv(0, "7g7f", "FU"),
            mv(1, "3c3d", "FU"),
            mv(0, "8h2b", "KA"),
            mv(1, "3a2b", "GI"),
            mv(0, "B*4e", "KA")
        ));
        clean(&r);
        let w = write(&r);
        assert!(w.dropped.is_empty(), "{:?}", w.dropped);
        let expected_start = "{\n  \"header\": {\n    \"先手\": \"A\"\n  },\n  \"initial\": {\n    \"preset\": \"HIRATE\"\n  },\n  \"moves\": [\n    {\n      \"comments\": [\n        \"c\"\n      ]\n    },\n    {\n      \"move\": {\n        \"color\": 0,\n        \"from\": {\n          \"x\": 7,\n          \"y\": 7\n        },\n        \"to\": {\n          \"x\": 7,\n          \"y\": 6\n        },\n        \"piece\": \"FU\"\n      }\n    },";
        assert!(w.text.starts_with(expected_start), "{}", w.text);
        assert!(
            w.text
                .ends_with("    {\n      \"special\": \"TORYO\"\n    }\n  ]\n}\n"),
            "{}",
            w.text
        );
        let v: Value = serde_json::from_str(&w.text).unwrap();
        let m3 = &v["moves"][3]["move"];
        assert_eq!(m3["promote"], Value::Bool(false));
        assert_eq!(m3["capture"], Value::String("KA".into()));
        let m4 = &v["moves"][4]["move"];
        assert_eq!(m4["same"], Value::Bool(true));
        assert_eq!(m4["capture"], Value::String("KA".into()));
        assert!(m4.get("promote").is_none());
        assert!(v["moves"][5]["move"].get("from").is_none());
        // Promoting moves name the piece before the move.
        let r = one(&format!(
            "{{\"header\":{{}},\"moves\":[{{}},{},{},{}]}}",
            mv(0, "7g7f", "FU"),
            mv(1, "3c3d", "FU"),
            mv(0, "8h2b+", "KA")
        ));
        let v: Value = serde_json::from_str(&write(&r).text).unwrap();
        assert_eq!(v["moves"][3]["move"]["piece"], Value::String("KA".into()));
        assert_eq!(v["moves"][3]["move"]["promote"], Value::Bool(true));
    }

    #[test]
    fn converts_csa_records_and_names_what_it_drops() {
        let csa = "V2.2\nN+NAKAHARA\nN-YONENAGA\n$EVENT:13th WCSC\n$START_TIME:2003/05/03 10:30:00\n$TIME+:1\n$TIME-:2\n$NOTE:x\nPI\n'*root\n+\n+7776FU\nT12\n'** 30 -3334FU\n-3334FU\nT6\n+8822UM\nT3\n-3122GI\nT1\n+0055KA\nT0\n%TORYO\nT2\n";
        let r = crate::formats::csa::read(csa).remove(0);
        assert!(r.errors.is_empty());
        let w = write(&r);
        assert!(w.dropped.is_empty(), "{:?}", w.dropped);
        let back = one(&w.text);
        clean(&back);
        let keys: Vec<_> = back
            .metadata
            .entries()
            .iter()
            .map(|e| (e.key, e.raw_key.as_str()))
            .collect();
        assert_eq!(
            keys,
            [
                (MetaKey::BlackName, "先手"),
                (MetaKey::WhiteName, "後手"),
                (MetaKey::Event, "棋戦"),
                (MetaKey::StartTime, "開始日時"),
                (MetaKey::TimeLimit, "持ち時間"),
                (MetaKey::Other, "$TIME-"),
                (MetaKey::Other, "$NOTE"),
            ]
        );
        let a = replay(&r, &ReplayOptions::default());
        let b = replay(&back, &ReplayOptions::default());
        assert!(a.fouls.is_empty() && b.fouls.is_empty());
        assert_eq!(a.final_position, b.final_position);
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(back.tree.root().comments(), ["root"]);
        let ids: Vec<_> = back.tree.main_line().collect();
        assert_eq!(back.tree.node(ids[0]).engine_comments(), ["30 -3334FU"]);
        assert_eq!(
            back.tree.node(ids[2]).time,
            r.tree.node(r.tree.main_line().nth(2).unwrap()).time
        );
        assert_eq!(back.ending().unwrap().raw, "TORYO");
        // Bookmarks, moves after the ending and endings JKF lacks are named.
        let mut r = Record::new();
        let m = |s: &str| NodeKind::Move(MoveEntry::new(Move::from_usi(s).unwrap()));
        let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
        r.tree.node_mut(a).notes_mut().bookmark = Some("b".into());
        let e = r.tree.push(
            a,
            NodeKind::Ending(Box::new(Ending::new(EndingKind::Sealed, "封じ手"))),
            0,
        );
        r.tree.push(e, m("3c3d"), 0);
        r.tree.node_mut(a).time = Some(MoveTime {
            spent_ms: Some(1500),
            total_ms: None,
        });
        let w = write(&r);
        assert_eq!(
            w.dropped,
            ["fractions of seconds", "bookmarks", "ending `封じ手`"]
        );
        let back = one(&w.text);
        clean(&back);
        assert_eq!(usi_moves(&back), ["7g7f"]);
        assert!(back.ending().is_none());
        // A position with a move number other than 1.
        let mut r = Record::new();
        r.start = Start::Position(Setup::from_sfen("8k/9/9/9/9/9/9/9/8K b P 7").unwrap());
        let w = write(&r);
        assert_eq!(w.dropped, ["initial move number"]);
        let Start::Position(s) = one(&w.text).start else {
            panic!()
        };
        assert_eq!(s.to_sfen(), "8k/9/9/9/9/9/9/9/8K b P 1");
    }

    #[test]
    fn never_panics_on_odd_input() {
        let inputs = [
            "{", "}", "[", "]", "[{", "{\"moves\":[{\"forks\":[[{\"forks\":", "null", "1 2", "{}{}",
            "{\"moves\":[{},{\"move\":{}}]}", "{\"moves\":[{},{\"move\":{\"to\":{}}}]}",
            "{\"moves\":[{},{\"forks\":[[]]}]}", "{\"moves\":[{},{\"forks\":[[{}]]}]}",
            "{\"initial\":{\"data\":{}}}", "{\"initial\":{\"data\":{\"board\":[1,2,3,4,5,6,7,8,9]}}}",
            "{\"initial\":{\"preset\":\"OTHER\",\"data\":{\"board\":[],\"hands\":[1]}}}",
            "\"\\u", "{\"a\\\"\":1}", "{\"moves\":[{},{\"move\":{\"to\":{\"x\":1e400,\"y\":1}}}]}",
            "{\"moves\":[{},{\"move\":{\"color\":0,\"to\":{\"x\":1,\"y\":1},\"piece\":\"OU\"},\"time\":{\"now\":{\"s\":1e300}}}]}",
        ];
        for t in inputs {
            for r in read(t) {
                let _ = replay(&r, &ReplayOptions::default());
                let w = write(&r);
                assert!(
                    read(&w.text).iter().all(|b| b.errors.is_empty()),
                    "{t}: {}",
                    w.text
                );
            }
        }
    }

    const FRAGMENTS: [&str; 16] = [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"moves\"",
        "\"forks\"",
        "\"move\"",
        "\"special\"",
        "\"TORYO\"",
        "{}",
        "\"to\":{\"x\":7,\"y\":6}",
        "\"from\":{\"x\":7,\"y\":7}",
        "\"piece\":\"FU\"",
        "\"comments\":[\"c\"]",
    ];

    proptest::proptest! {
        #[test]
        fn fragments_read_write_and_replay_without_panics(
            parts in proptest::collection::vec(proptest::sample::select(&FRAGMENTS[..]), 0..40)
        ) {
            let text = parts.concat();
            for r in read(&text) {
                let _ = replay(&r, &ReplayOptions::default());
                let w = write(&r);
                let back = read(&w.text);
                proptest::prop_assert_eq!(back.len(), 1);
                proptest::prop_assert!(back[0].errors.is_empty());
            }
        }
    }

    /// Reads every `.jkf` and `.json` file of the shared corpus (when present), replays its
    /// records and checks that what is written reads back equal.
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
        let files = corpus.files(&["jkf", "json"]);
        let mut failures = Vec::new();
        let (mut records, mut cross_checked) = (0, 0);
        for path in &files {
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(path).unwrap();
            let listed = malformed.contains(&rel);
            for (i, r) in read(&text).iter().enumerate() {
                records += 1;
                if !r.errors.is_empty() && !listed {
                    failures.push(format!("{rel} #{i}: errors {:?}", r.errors));
                }
                if !r.warnings.is_empty() {
                    failures.push(format!("{rel} #{i}: warnings {:?}", r.warnings));
                }
                let rep = replay(r, &ReplayOptions::default());
                if !rep.fouls.is_empty() || !rep.errors.is_empty() {
                    failures.push(format!(
                        "{rel} #{i}: fouls {:?} {:?}",
                        rep.fouls, rep.errors
                    ));
                }
                let w = write(r);
                if !w.dropped.is_empty() {
                    failures.push(format!("{rel} #{i}: dropped {:?}", w.dropped));
                }
                let back = read(&w.text);
                if back.len() != 1 || comparable(&back[0]) != comparable(r) {
                    failures.push(format!("{rel} #{i}: does not round-trip"));
                }
                // The same game converted from CSA by the same tool: same moves and result.
                if let Some(csa) = rel
                    .strip_suffix(".json")
                    .filter(|p| p.contains("/csa/"))
                    .and_then(|p| std::fs::read(root.join(format!("{p}.csa"))).ok())
                {
                    let c = crate::formats::csa::read(&String::from_utf8_lossy(&csa)).remove(0);
                    let c_rep = replay(&c, &ReplayOptions::default());
                    cross_checked += 1;
                    if c_rep.final_position != rep.final_position || c_rep.plies != rep.plies {
                        failures.push(format!("{rel} #{i}: differs from its CSA original"));
                    }
                }
            }
        }
        eprintln!(
            "corpus: {} jkf/json files, {records} records, {cross_checked} checked against CSA",
            files.len()
        );
        for f in &failures {
            eprintln!("FAIL {f}");
        }
        assert!(failures.is_empty(), "{} corpus failures", failures.len());
    }
}
