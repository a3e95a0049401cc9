//! The CSA writer: V2.2 or V3.0 text of a record's main line.

use std::fmt::Write as _;

use super::codes::{code_of, special_word};
use super::read::{is_header_comment_key, sign_of, FLOODGATE_KEYS};
use crate::formats::time_limit::{Form, Plan, TimeLimits};
use crate::formats::written::{note, push_comment_lines};
use crate::record::{Ending, MetaKey, MoveEntry, NodeKind, Record, Start};
use crate::shogi::{Color, Move, PieceKind, Position, Setup, Square};

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// The CSA version to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CsaVersion {
    /// V2.2: whole-second times.
    #[default]
    V22,
    /// V3.0: `'CSA encoding=UTF-8` first, times with up to three decimals.
    V30,
}

/// Settings for [`write`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// The version written.
    pub version: CsaVersion,
    /// The encoding the text will be stored in, which V3.0's first line declares
    /// (`'CSA encoding=SHIFT_JIS`); `None` is UTF-8. UTF-16 is told by its byte-order mark:
    /// no line then.
    pub encoding: Option<crate::text::Encoding>,
}

/// The written text and what the format could not carry.
pub use crate::formats::written::Written;

/// Replaces line breaks, which a CSA line cannot hold, with spaces.
fn one_line(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(['\n', '\r']) {
        std::borrow::Cow::Owned(s.replace("\r\n", " ").replace(['\n', '\r'], " "))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// Whether a `$` key read back would be one of the shared keys.
fn is_known_info_key(key: &str) -> bool {
    matches!(
        key,
        "$EVENT"
            | "$SITE"
            | "$START_TIME"
            | "$END_TIME"
            | "$TIME_LIMIT"
            | "$TIME"
            | "$TIME+"
            | "$TIME-"
            | "$OPENING"
            | "$MAX_MOVES"
    )
}

/// Writes `record` (its main line) as CSA.
pub fn write(record: &Record, options: &WriteOptions) -> Written {
    let mut out = String::with_capacity(256 + record.tree.len() * 12);
    let mut dropped = Vec::new();
    let v3 = options.version == CsaVersion::V30;
    if v3 {
        use crate::text::Encoding;
        let declared = match options.encoding.unwrap_or(Encoding::Utf8) {
            Encoding::Utf8 => Some("UTF-8"),
            Encoding::ShiftJis => Some("SHIFT_JIS"),
            Encoding::EucJp => Some("EUC-JP"),
            Encoding::Utf16Le | Encoding::Utf16Be => None,
        };
        if let Some(name) = declared {
            out.push_str(&format!("'CSA encoding={name}\n"));
        }
    }
    // The root's remarks: the file's banner, before the version line.
    write_remarks(record.tree.root(), &mut out);
    out.push_str(if v3 { "V3.0\n" } else { "V2.2\n" });
    write_metadata(record, v3, &mut out, &mut dropped);
    let start = record.start.normalized();
    write_position(&start, &mut out, &mut dropped);
    let root = record.tree.root();
    write_comments(root, &mut out);
    if root.bookmark().is_some() {
        note(&mut dropped, "bookmarks");
    }
    if record.tree.has_variations() {
        note(&mut dropped, "variations");
    }
    let mut pos = start.position().ok();
    for id in record.tree.main_line() {
        let node = record.tree.node(id);
        match &node.kind {
            NodeKind::Root => {}
            NodeKind::Move(entry) => {
                let side = pos.as_ref().map_or(Color::Black, |p| p.side_to_move());
                let mover = entry.mover.unwrap_or(side);
                let Some(mv) = entry.standard() else {
                    note(&mut dropped, "moves that are not standard shogi's");
                    continue;
                };
                let (text_piece, resolved) = written_piece(pos.as_ref(), entry, mv);
                if let Some(p) = pos.as_mut() {
                    p.set_side_to_move(mover);
                    p.play_unchecked(resolved);
                }
                let Some(piece) = text_piece else {
                    note(
                        &mut dropped,
                        "moves from an empty square that name no piece",
                    );
                    continue;
                };
                out.push(sign_of(mover));
                match mv {
                    Move::Drop { to, .. } => {
                        out.push_str("00");
                        push_square(&mut out, to);
                    }
                    Move::Normal { from, to, .. } => {
                        push_square(&mut out, from);
                        push_square(&mut out, to);
                    }
                }
                out.push_str(code_of(piece));
                out.push('\n');
            }
            NodeKind::Ending(ending) => {
                let to_move = pos.as_ref().map_or(Color::Black, |p| p.side_to_move());
                match ending_text(ending, to_move) {
                    Some(text) => {
                        out.push_str(&text);
                        out.push('\n');
                    }
                    None => {
                        note(&mut dropped, &format!("ending `{}`", one_line(&ending.raw)));
                        write_comments(node, &mut out);
                        write_remarks(node, &mut out);
                        continue;
                    }
                }
            }
        }
        if let Some(ms) = node.time.and_then(|t| t.spent_ms) {
            if !v3 && ms % 1000 != 0 {
                note(
                    &mut dropped,
                    "fractions of a second in times (V2.2 holds whole seconds: rounded)",
                );
            }
            push_time(&mut out, ms, v3);
        }
        write_comments(node, &mut out);
        write_remarks(node, &mut out);
        if node.bookmark().is_some() {
            note(&mut dropped, "bookmarks");
        }
    }
    Written { text: out, dropped }
}

/// The piece to write after the move (the claim when the record makes one, else the board's
/// piece, promoted when the move promotes) and the move to carry out on the board.
fn written_piece(pos: Option<&Position>, entry: &MoveEntry, mv: Move) -> (Option<PieceKind>, Move) {
    let stated = entry.standard_piece();
    match mv {
        Move::Drop { kind, .. } => (Some(stated.unwrap_or(kind)), mv),
        Move::Normal { from, to, promote } => {
            let board = pos.and_then(|p| p.piece_at(from)).map(|p| p.kind);
            let piece = match (stated, board) {
                (Some(c), _) if promote && c.promote().is_some() => c.promote(),
                (Some(c), _) => Some(c),
                (None, Some(b)) if promote => Some(b.promote().unwrap_or(b)),
                (None, b) => b,
            };
            let promotes =
                promote || matches!((board, stated), (Some(b), Some(c)) if b.promote() == Some(c));
            (
                piece,
                Move::Normal {
                    from,
                    to,
                    promote: promotes,
                },
            )
        }
    }
}

fn ending_text(ending: &Ending, to_move: Color) -> Option<String> {
    if ending.raw.starts_with('%') && !ending.raw.contains(['\n', '\r', ',']) {
        return Some(ending.raw.clone());
    }
    special_word(&ending.kind, to_move).map(|w| format!("%{w}"))
}

fn push_square(out: &mut String, sq: Square) {
    out.push((b'0' + sq.file()) as char);
    out.push((b'0' + sq.rank()) as char);
}

/// `T<seconds>`: V2.2 holds whole seconds (rounded to the nearest, half up), V3.0 also
/// milliseconds.
fn push_time(out: &mut String, ms: u64, v3: bool) {
    if !v3 {
        let _ = writeln!(out, "T{}", ms.saturating_add(500) / 1000);
        return;
    }
    let secs = ms / 1000;
    let frac = ms % 1000;
    let _ = write!(out, "T{secs}");
    if frac != 0 {
        let digits = format!("{frac:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
    out.push('\n');
}

/// Writes a node's remarks as plain `'` lines.
fn write_remarks(node: &crate::record::Node, out: &mut String) {
    for r in node.remarks() {
        for line in r.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            out.push('\'');
            // A remark that would read back as something else keeps a space in front.
            let keyed = line
                .split_once(':')
                .is_some_and(|(k, _)| is_header_comment_key(k) || FLOODGATE_KEYS.contains(&k));
            if keyed
                || line.starts_with('*')
                || line.starts_with("CSA encoding=")
                || line.starts_with("encoding=")
            {
                out.push(' ');
            }
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// Writes a node's `'*` comments and `'**` engine comments.
fn write_comments(node: &crate::record::Node, out: &mut String) {
    for c in node.comments() {
        push_comment_lines(out, "'*", c);
    }
    for c in node.engine_comments() {
        for line in c.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            out.push_str("'** ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// The place of a shared key in the CSA standard's header order (names, then `$EVENT`,
/// `$SITE`, `$START_TIME`, `$END_TIME`, `$TIME_LIMIT`, `$OPENING`); other keys after them,
/// in the record's order.
fn header_rank(key: MetaKey) -> u8 {
    match key {
        MetaKey::BlackName => 0,
        MetaKey::WhiteName => 1,
        MetaKey::Event => 2,
        MetaKey::Site => 3,
        MetaKey::StartTime => 4,
        MetaKey::EndTime => 5,
        MetaKey::TimeLimit => 6,
        MetaKey::Opening => 7,
        MetaKey::MaxMoves => 8,
        MetaKey::Title | MetaKey::Other => 9,
    }
}

/// Writes the header in the standard's order: `N+`, `N-`, the `$` keys, then the keys CSA has
/// no line for as `'key:value` comments (named in `dropped`).
fn write_metadata(record: &Record, v3: bool, out: &mut String, dropped: &mut Vec<String>) {
    let mut entries: Vec<&crate::record::MetadataEntry> =
        record.metadata.entries().iter().collect();
    entries.sort_by_key(|e| header_rank(e.key));
    let mut as_comments: Vec<&str> = Vec::new();
    for e in entries.iter().copied() {
        let value = one_line(&e.value);
        match e.key {
            MetaKey::BlackName => {
                let _ = writeln!(out, "N+{value}");
            }
            MetaKey::WhiteName => {
                let _ = writeln!(out, "N-{value}");
            }
            _ => {}
        }
    }
    let mut times = TimeLimits::new(record, Form::Csa { v3 });
    for e in entries {
        match times.plan(e, dropped) {
            Plan::Skip => continue,
            Plan::Lines(lines) => {
                for (key, value) in lines {
                    let _ = writeln!(out, "{key}:{value}");
                }
                continue;
            }
            Plan::AsIs => {}
        }
        let value = one_line(&e.value);
        let key = match e.key {
            MetaKey::BlackName | MetaKey::WhiteName => continue,
            MetaKey::Event => "$EVENT",
            MetaKey::Site => "$SITE",
            MetaKey::StartTime => "$START_TIME",
            MetaKey::EndTime => "$END_TIME",
            MetaKey::TimeLimit => match e.raw_key.as_str() {
                k @ ("$TIME_LIMIT" | "$TIME" | "$TIME+" | "$TIME-") => k,
                // Words no clock reads (named by the planner) are not CSA's form: a
                // comment, which reads back as the same header.
                raw => {
                    let _ = writeln!(out, "'{}:{value}", one_line(raw).trim());
                    continue;
                }
            },
            MetaKey::Opening => "$OPENING",
            MetaKey::MaxMoves => "$MAX_MOVES",
            MetaKey::Title | MetaKey::Other => {
                let raw = one_line(&e.raw_key);
                let raw = raw.trim();
                if raw.starts_with('$') && !raw.contains(':') && !is_known_info_key(raw) {
                    let _ = writeln!(out, "{raw}:{value}");
                } else {
                    let _ = writeln!(out, "'{raw}:{value}");
                    // Floodgate's own comment keys are where they came from.
                    if !FLOODGATE_KEYS.contains(&raw) && !as_comments.contains(&raw) {
                        as_comments.push(e.raw_key.trim());
                    }
                }
                continue;
            }
        };
        let _ = writeln!(out, "{key}:{value}");
    }
    if !as_comments.is_empty() {
        note(
            dropped,
            &format!(
                "headers {} (written as `'key:value` comments)",
                as_comments.join(", ")
            ),
        );
    }
}

fn write_position(start: &Start, out: &mut String, dropped: &mut Vec<String>) {
    let setup = match start {
        Start::Handicap(h) => {
            let setup = h.setup();
            if let Some(removed) = pure_removal(&setup) {
                out.push_str("PI");
                for (sq, kind) in removed {
                    push_square(out, sq);
                    out.push_str(code_of(kind));
                }
                out.push('\n');
                out.push(sign_of(setup.side_to_move));
                out.push('\n');
                return;
            }
            setup
        }
        Start::Position(s) => s.clone(),
        Start::Variant(_) => start.setup(),
    };
    if setup.move_number != 1 {
        note(dropped, "initial move number");
    }
    for rank in 1..=9u8 {
        out.push('P');
        out.push((b'0' + rank) as char);
        for file in (1..=9u8).rev() {
            match Square::new(file, rank).and_then(|sq| setup.piece_at(sq)) {
                Some(p) => {
                    out.push(sign_of(p.color));
                    out.push_str(code_of(p.kind));
                }
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for color in Color::ALL {
        let hand = &setup.hands[color];
        if hand.is_empty() {
            continue;
        }
        out.push('P');
        out.push(sign_of(color));
        for (kind, n) in hand.iter() {
            for _ in 0..n {
                out.push_str("00");
                out.push_str(code_of(kind));
            }
        }
        out.push('\n');
    }
    out.push(sign_of(setup.side_to_move));
    out.push('\n');
}

/// The white pieces removed from the even-game position, when `setup` is exactly that.
fn pure_removal(setup: &Setup) -> Option<Vec<(Square, PieceKind)>> {
    let even = Setup::startpos();
    if !setup.hands.black.is_empty() || !setup.hands.white.is_empty() {
        return None;
    }
    let mut removed = Vec::new();
    // In board-row order (rank 1 first, file 9 to 1): `PI82HI22KA`.
    let squares = (1..=9u8).flat_map(|rank| {
        (1..=9u8)
            .rev()
            .filter_map(move |file| Square::new(file, rank))
    });
    for sq in squares {
        match (even.piece_at(sq), setup.piece_at(sq)) {
            (a, b) if a == b => {}
            (Some(p), None) if p.color == Color::White => removed.push((sq, p.kind)),
            _ => return None,
        }
    }
    Some(removed)
}
