//! Transformations of a record applied before it is written (`convert --main-line-only`,
//! `--no-comments`, `--no-times`, `--no-variations`, `--header KEY=VALUE`).

use super::{MetaKey, Metadata, MoveTree, NodeKind, Record};

/// What to take out of, or set on, every record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Keep the main line alone, up to its ending: no variations, no moves after the ending.
    pub main_line_only: bool,
    /// Drop every comment, engine comment, remark and bookmark.
    pub no_comments: bool,
    /// Drop the time of every move.
    pub no_times: bool,
    /// Drop the variations (alternative lines).
    pub no_variations: bool,
    /// Headers to set (replacing the values of a key already there), in order.
    pub headers: Vec<(String, String)>,
}

/// The shared keys `--header` knows by name, with the spellings of the formats.
const KEYS: [(MetaKey, &str, &[&str]); 10] = [
    (MetaKey::BlackName, "先手", &["black", "先手", "下手", "N+"]),
    (MetaKey::WhiteName, "後手", &["white", "後手", "上手", "N-"]),
    (
        MetaKey::StartTime,
        "開始日時",
        &["start-time", "date", "開始日時", "$START_TIME"],
    ),
    (
        MetaKey::EndTime,
        "終了日時",
        &["end-time", "終了日時", "$END_TIME"],
    ),
    (MetaKey::Event, "棋戦", &["event", "棋戦", "$EVENT"]),
    (MetaKey::Site, "場所", &["site", "場所", "$SITE"]),
    (
        MetaKey::TimeLimit,
        "持ち時間",
        &["time-limit", "持ち時間", "$TIME_LIMIT"],
    ),
    (MetaKey::Opening, "戦型", &["opening", "戦型", "$OPENING"]),
    (
        MetaKey::MaxMoves,
        "$MAX_MOVES",
        &["max-moves", "$MAX_MOVES"],
    ),
    (MetaKey::Title, "表題", &["title", "表題"]),
];

/// Parses `KEY=VALUE` (or `KEY:VALUE`, `KEY：VALUE`): the key must not be empty.
pub fn parse_header(s: &str) -> Result<(String, String), String> {
    let at = s.find(['=', '：']).ok_or_else(|| {
        format!("`{s}` is not a header: expected KEY=VALUE, such as event=名人戦")
    })?;
    let key = s[..at].trim();
    let sep = s[at..].chars().next().map_or(1, char::len_utf8);
    let value = s[at + sep..].trim();
    if key.is_empty() {
        return Err(format!("`{s}`: the header has no key"));
    }
    Ok((key.to_string(), value.to_string()))
}

impl Filter {
    /// Whether the filter changes nothing.
    pub fn is_empty(&self) -> bool {
        *self == Filter::default()
    }

    /// The record with the filter applied.
    pub fn apply(&self, record: &Record) -> Record {
        let mut out = record.clone();
        for (key, value) in &self.headers {
            set_header(&mut out.metadata, key, value);
        }
        out.tree = self.tree(&record.tree);
        out
    }

    fn tree(&self, old: &MoveTree) -> MoveTree {
        let one_line = self.main_line_only || self.no_variations;
        let mut tree = MoveTree::with_capacity(old.len());
        // Old ids -> new ids; parents come before their children in the arena, and siblings
        // in their order.
        let mut map: Vec<Option<u32>> = vec![None; old.len()];
        map[0] = Some(0);
        self.copy_node(old, 0, &mut tree, 0);
        for id in old.ids().skip(1) {
            let node = old.node(id);
            let Some(parent) = node.parent() else {
                continue;
            };
            let Some(new_parent) = map[parent as usize] else {
                continue;
            };
            let p = old.node(parent);
            if one_line && p.first_child() != Some(id) {
                continue;
            }
            if self.main_line_only && matches!(p.kind, NodeKind::Ending(_)) {
                continue;
            }
            let new = tree.push(new_parent, node.kind.clone(), node.line);
            self.copy_node(old, id, &mut tree, new);
            map[id as usize] = Some(new);
        }
        tree
    }

    /// Copies what `id` of `old` carries beside its move (times, notes) onto `new`.
    fn copy_node(&self, old: &MoveTree, id: u32, tree: &mut MoveTree, new: u32) {
        let node = old.node(id);
        if !self.no_times {
            tree.node_mut(new).time = node.time;
        }
        if self.no_comments {
            return;
        }
        let has_notes = !node.comments().is_empty()
            || !node.engine_comments().is_empty()
            || !node.remarks().is_empty()
            || node.bookmark().is_some();
        if has_notes {
            let notes = tree.node_mut(new).notes_mut();
            notes.comments = node.comments().to_vec();
            notes.engine_comments = node.engine_comments().to_vec();
            notes.remarks = node.remarks().to_vec();
            notes.bookmark = node.bookmark().map(str::to_string);
        }
    }
}

/// Sets `key` to `value`: a shared key by any of its names (`event`, `棋戦`, `$EVENT`, ...), any
/// other by its text; the first entry of the key gets the value and later ones go, or a new
/// entry is added at the end.
pub fn set_header(metadata: &mut Metadata, key: &str, value: &str) {
    let shared = KEYS
        .iter()
        .find(|(_, _, names)| names.iter().any(|n| n.eq_ignore_ascii_case(key)));
    let matches = |e: &super::MetadataEntry| match shared {
        Some((k, _, _)) => e.key == *k,
        None => e.key == MetaKey::Other && e.raw_key == key,
    };
    let mut out = Metadata::default();
    let mut done = false;
    for e in metadata.entries() {
        if matches(e) {
            if !done {
                out.push(e.key, e.raw_key.clone(), value, e.line);
                done = true;
            }
            continue;
        }
        out.push(e.key, e.raw_key.clone(), e.value.clone(), e.line);
    }
    if !done {
        match shared {
            Some((k, raw, _)) => out.push(*k, *raw, value, 0),
            None => out.push(MetaKey::Other, key, value, 0),
        }
    }
    *metadata = out;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats;
    use crate::record::Format;

    const KIF: &str = "棋戦：練習\n先手：甲\n手数----指手---------消費時間--\n*開始前\n   1 ７六歩(77)   ( 0:05/00:00:05)\n*いい手\n   2 ３四歩(33)   ( 0:03/00:00:03)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)   ( 0:01/00:00:01)\n";

    fn read() -> Record {
        formats::read_str(KIF, Format::Kifu).remove(0)
    }

    #[test]
    fn each_part_goes_alone() {
        let r = read();
        assert!(r.tree.has_variations());
        let f = Filter {
            no_variations: true,
            ..Filter::default()
        };
        let out = f.apply(&r);
        assert!(!out.tree.has_variations());
        assert_eq!(out.tree.main_line_moves().count(), 2);
        assert!(out
            .tree
            .ids()
            .any(|id| !out.tree.node(id).comments().is_empty()));
        let f = Filter {
            no_comments: true,
            no_times: true,
            ..Filter::default()
        };
        let out = f.apply(&r);
        assert!(out.tree.has_variations());
        assert!(out
            .tree
            .ids()
            .all(|id| out.tree.node(id).comments().is_empty() && out.tree.node(id).time.is_none()));
        assert_eq!(Filter::default().apply(&r), r);
    }

    #[test]
    fn headers_are_set_by_any_of_their_names() {
        let mut m = read().metadata;
        set_header(&mut m, "$EVENT", "名人戦");
        set_header(&mut m, "white", "乙");
        set_header(&mut m, "記録係", "丙");
        assert_eq!(m.get(MetaKey::Event), Some("名人戦"));
        assert_eq!(m.get(MetaKey::WhiteName), Some("乙"));
        assert_eq!(m.get_raw("記録係"), Some("丙"));
        assert_eq!(m.entries().len(), 4);
        assert_eq!(
            parse_header("event=A=B").unwrap(),
            ("event".into(), "A=B".into())
        );
        assert!(parse_header("=x").is_err() && parse_header("x").is_err());
    }
}
