//! Reading JKF, passes 1 and 2: the JSON text into order-preserving intermediate values, and
//! where each part of them lies in the text.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::formats::column::column_of;

/// What a JSON value is, for messages.
pub(super) type Kind = &'static str;

/// One JKF object, as parsed.
#[derive(Default)]
pub(super) struct RawDoc {
    /// The document's number in text order (matches [`Scan::docs`]).
    pub(super) seq: usize,
    pub(super) header: Option<RawHeader>,
    pub(super) initial: Option<Value>,
    pub(super) moves: Option<RawSlots>,
}

pub(super) enum RawHeader {
    Entries(Vec<(String, Value)>),
    Other(Kind),
}

/// A JSON array of move elements (`moves`, or one fork), or what stood there instead.
pub(super) enum RawSlots {
    List(Vec<RawSlot>),
    Other(Kind),
}

/// One element of `moves` or of a fork.
pub(super) struct RawSlot {
    /// The element's number among all move objects in text order (matches [`Scan::slots`]).
    pub(super) seq: Option<usize>,
    pub(super) body: Result<SlotFields, Kind>,
}

#[derive(Default)]
pub(super) struct SlotFields {
    pub(super) mv: Option<Value>,
    pub(super) special: Option<Value>,
    pub(super) comments: Option<Value>,
    pub(super) time: Option<Value>,
    pub(super) forks: Option<RawForks>,
}

pub(super) enum RawForks {
    List(Vec<RawSlots>),
    Other(Kind),
}

/// What the text holds at the top level.
pub(super) enum RawTop {
    One(RawDoc),
    Many(Vec<Result<RawDoc, Kind>>),
    Other(Kind),
}

/// Counters that number documents and move objects in text order.
#[derive(Default)]
pub(super) struct Counters {
    pub(super) docs: Cell<usize>,
    pub(super) slots: Cell<usize>,
}

impl Counters {
    pub(super) fn next_doc(&self) -> usize {
        let n = self.docs.get();
        self.docs.set(n + 1);
        n
    }
    pub(super) fn next_slot(&self) -> usize {
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

pub(super) fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

pub(super) fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

pub(super) struct TopSeed<'a>(pub(super) &'a Counters);

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
pub(super) struct ItemSeed<'a>(pub(super) &'a Counters);

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

pub(super) struct DocSeed<'a>(&'a Counters);

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
pub(super) struct HeaderSeed;

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
pub(super) struct SlotsSeed<'a>(&'a Counters);

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
pub(super) struct SlotSeed<'a>(&'a Counters);

impl<'de> DeserializeSeed<'de> for SlotSeed<'_> {
    type Value = RawSlot;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawSlot, D::Error> {
        d.deserialize_any(self)
    }
}

pub(super) fn not_slot(kind: Kind) -> RawSlot {
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
pub(super) struct ForksSeed<'a>(&'a Counters);

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
pub(super) struct DocPos {
    pub(super) start: usize,
    pub(super) header: Option<usize>,
    pub(super) initial: Option<usize>,
    pub(super) moves: Option<usize>,
    /// Every header key, in order.
    pub(super) header_keys: Vec<usize>,
}

/// Where the documents and move objects start, in text order (the order pass 1 numbers
/// them in).
#[derive(Debug, Default)]
pub(super) struct Scan {
    pub(super) docs: Vec<DocPos>,
    pub(super) slots: Vec<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
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
pub(super) enum KeyClass {
    Header,
    Initial,
    Moves,
    Forks,
    Other,
}

pub(super) struct Frame {
    pub(super) role: Role,
    pub(super) is_object: bool,
    pub(super) expect_key: bool,
    pub(super) key: KeyClass,
}

/// Finds where documents and move objects start by lexing the JSON text; mirrors which
/// values pass 1 numbers. Tolerates invalid text (it only runs to find positions).
pub(super) fn scan(text: &str) -> Scan {
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
pub(super) fn value_start(out: &mut Scan, stack: &[Frame], at: usize) {
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
pub(super) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// The line number of the text's first line, and the characters before the text on that
    /// line (1 and 0 for a whole text; else the place of an element cut from a larger text).
    first_line: u32,
    first_column: u32,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Lines<'a> {
        Lines::within(text, 1, 0)
    }

    /// The lines of `text`, cut from a larger text at line `first_line`, after
    /// `first_column` characters of that line.
    pub(super) fn within(text: &'a str, first_line: u32, first_column: u32) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        Lines {
            text,
            starts,
            first_line,
            first_column,
        }
    }

    /// (line, column) of byte `at`.
    pub(super) fn at(&self, at: usize) -> (u32, u32) {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= at).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        // Incremental (see `column`): a one-line JKF asks for the column of every move.
        let rest = self.text.get(start..).unwrap_or("");
        let before = if line == 1 { self.first_column } else { 0 };
        (
            (line as u32).saturating_add(self.first_line.saturating_sub(1)),
            column_of(rest, at.saturating_sub(start)).saturating_add(before),
        )
    }

    /// The character column of serde_json's 1-based byte column on `line`.
    pub(super) fn char_column(&self, line: usize, byte_col: usize) -> u32 {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return byte_col as u32;
        };
        let at = start + byte_col.saturating_sub(1);
        let (_, col) = self.at(at);
        col
    }
}
