//! Writing JKF: pretty-printed JSON that the reader reads back equal.

use super::variant::{is_game_key, piece_code};
use super::{code_of, special_kind};
use crate::formats::time_limit::{Form, Plan, TimeLimits};
use crate::formats::written::note;
/// The written text and what the format could not carry.
pub use crate::formats::written::Written;
use crate::record::{
    Ending, EndingKind, MetaKey, MoveEntry, MoveTime, MoveTree, Node, NodeId, NodeKind, Record,
    Start,
};
use crate::shogi::{Color, Handicap, Move, PieceKind, Position, Square};
use crate::variant::{VKind, VMove, VPosition, Variant};

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
    let mut times = TimeLimits::new(record, Form::Japanese);
    let variant = start.variant();
    for e in record.metadata.entries() {
        if variant != Variant::Standard && is_game_key(&e.raw_key) {
            continue;
        }
        match times.plan(e, dropped) {
            Plan::Skip => continue,
            Plan::Lines(lines) => {
                for (key, value) in lines {
                    if !fields.iter().any(|(f, _)| f == key) {
                        fields.push((key.to_string(), J::Str(value)));
                    }
                }
                continue;
            }
            Plan::AsIs => {}
        }
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
    if variant != Variant::Standard {
        // The variant's own keys, as the reader takes them (`mod.rs`).
        let name = crate::formats::variant_names::handicap_name(variant).unwrap_or("その他");
        fields.push(("手合割".into(), J::Str(name.into())));
        fields.push(("variant".into(), J::Str(variant.name().into())));
    }
    J::Obj(fields)
}

/// The JKF presets every common reader knows (tsshogi lacks `3`, `5`, `5_L`, `7_L` and
/// `7_R`, rsshogi `7_L` and `7_R`): the others are written as `OTHER` with the position, which
/// reads back as the same handicap.
pub(super) fn preset_widely_read(code: &str) -> bool {
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
        Start::Variant(p) => return variant_initial_json(p, dropped),
    };
    if setup.move_number != 1 {
        note(dropped, "initial move number");
    }
    let board = board_json(9, 9, |sq| {
        setup
            .piece_at(sq)
            .map(|p| (p.color, code_of(p.kind).to_string()))
    });
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
    other_json(setup.side_to_move, board, hands)
}

/// `initial.data.board` of `files` x `ranks` (`board[x-1][y-1]`), `piece` giving each
/// square's side and piece code.
fn board_json(files: u8, ranks: u8, piece: impl Fn(Square) -> Option<(Color, String)>) -> Vec<J> {
    (1..=files)
        .map(|x| {
            J::Arr(
                (1..=ranks)
                    .map(|y| match Square::new(x, y).and_then(&piece) {
                        Some((color, code)) => obj(vec![
                            ("color", J::Int(color.index() as u64)),
                            ("kind", J::Str(code)),
                        ]),
                        None => J::Obj(Vec::new()),
                    })
                    .collect(),
            )
        })
        .collect()
}

/// `initial` as `OTHER` with the position's `data`.
fn other_json(side_to_move: Color, board: Vec<J>, hands: Vec<J>) -> J {
    obj(vec![
        ("preset", J::Str("OTHER".into())),
        (
            "data",
            obj(vec![
                ("color", J::Int(side_to_move.index() as u64)),
                ("board", J::Arr(board)),
                ("hands", J::Arr(hands)),
            ]),
        ),
    ])
}

/// `initial` of a variant's start: `OTHER` with `data` of its board's size and a hand entry
/// for each kind of the variant that can be held.
fn variant_initial_json(p: &VPosition, dropped: &mut Vec<String>) -> J {
    let v = p.variant();
    if p.move_number() != 1 {
        note(dropped, "initial move number");
    }
    let board = board_json(v.files(), v.ranks(), |sq| {
        p.piece_at(sq).map(|q| (q.color, piece_code(v, q.kind)))
    });
    let hands = Color::ALL
        .iter()
        .map(|&c| {
            J::Obj(
                v.kinds()
                    .iter()
                    .filter(|k| !k.is_royal())
                    .map(|&k| (piece_code(v, k), J::Int(u64::from(p.hand_count(c, k)))))
                    .collect(),
            )
        })
        .collect();
    other_json(p.side_to_move(), board, hands)
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
    let word = match crate::formats::csa::special_word(&ending.kind, to_move) {
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
    /// The position of a variant's record (`pos` is then `None`).
    vpos: Option<VPosition>,
    to_move: Color,
    prev_to: Option<Square>,
}

/// The `move` object of `entry` played from `state`, which it then advances.
fn move_json(entry: &MoveEntry, state: &mut LineState, dropped: &mut Vec<String>) -> J {
    let mover = entry.mover.unwrap_or(state.to_move);
    let mut fields = vec![("color", J::Int(mover.index() as u64))];
    if state.vpos.is_some() {
        variant_move_fields(entry, mover, state, &mut fields);
        return obj(fields);
    }
    let Some(mv) = entry.standard() else {
        note(dropped, "moves that are not standard shogi's");
        return obj(fields);
    };
    let stated = entry.standard_piece();
    let played = match mv {
        Move::Drop { kind, to } => {
            fields.push(("to", square_json(to)));
            fields.push(("piece", J::Str(code_of(kind).into())));
            mv
        }
        Move::Normal { from, to, promote } => {
            let board = state.pos.as_ref().and_then(|p| p.piece_at(from));
            let target = state.pos.as_ref().and_then(|p| p.piece_at(to));
            let promotes = promote
                || matches!((board, stated), (Some(b), Some(c)) if b.kind.promote() == Some(c));
            let before = match stated {
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

/// The fields of a variant's move played by `mover` from `state` (a variant's), which it
/// then advances: as [`move_json`]'s, with the variant's piece codes.
fn variant_move_fields(
    entry: &MoveEntry,
    mover: Color,
    state: &mut LineState,
    fields: &mut Vec<(&str, J)>,
) {
    let Some(pos) = state.vpos.as_mut() else {
        return;
    };
    let v = pos.variant();
    let played = match entry.mv {
        VMove::Drop { kind, to } => {
            fields.push(("to", square_json(to)));
            fields.push(("piece", J::Str(piece_code(v, kind))));
            entry.mv
        }
        VMove::Normal { from, to, promote } => {
            let board = pos.piece_at(from);
            let stated = entry.piece;
            let promotes = promote
                || matches!((board, stated), (Some(b), Some(c)) if b.kind.promote() == Some(c));
            let before: Option<VKind> = match (board, stated) {
                (Some(b), _) => Some(b.kind),
                (None, Some(c)) if promotes && c.is_promoted() => Some(c.unpromote()),
                (None, c) => c,
            };
            fields.push(("from", square_json(from)));
            fields.push(("to", square_json(to)));
            if let Some(k) = before {
                fields.push(("piece", J::Str(piece_code(v, k))));
            }
            if state.prev_to == Some(to) {
                fields.push(("same", J::Bool(true)));
            }
            let could_promote = before.is_some_and(|k| k.promote().is_some())
                && (pos.in_zone(from, mover) || pos.in_zone(to, mover));
            if promotes {
                fields.push(("promote", J::Bool(true)));
            } else if could_promote {
                fields.push(("promote", J::Bool(false)));
            }
            if let Some(t) = pos.piece_at(to).filter(|t| t.color != mover) {
                fields.push(("capture", J::Str(piece_code(v, t.kind))));
            }
            VMove::Normal {
                from,
                to,
                promote: promotes,
            }
        }
    };
    pos.play_lenient(played);
    state.to_move = mover.flip();
    state.prev_to = Some(entry.mv.to());
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
    let vpos = match &start {
        Start::Variant(p) => Some(p.clone()),
        _ => None,
    };
    let state = LineState {
        pos: vpos
            .is_none()
            .then(|| Position::from_setup(&setup).ok())
            .flatten(),
        vpos,
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
