//! File names for the records `split` writes: from the headers where they name the game (date,
//! players), sanitized for every file system, numbered where two would collide.

use std::collections::HashSet;

use super::query::record_date;
use crate::record::{MetaKey, Record};

/// The longest name body written, in characters.
const MAX_CHARS: usize = 80;

/// The longest name body written, in bytes: file systems allow 255 bytes a name, and room is
/// left for a number (`-123456`) and an extension.
const MAX_BYTES: usize = 200;

/// A name body for `record` (without extension): `2024-05-01_Black-White` from what the
/// headers give, else `fallback`.
pub fn name_for(record: &Record, fallback: &str) -> String {
    let meta = &record.metadata;
    let mut parts = Vec::new();
    if let Some(d) = record_date(record) {
        parts.push(format!(
            "{:04}-{:02}-{:02}",
            d / 10000,
            d / 100 % 100,
            d % 100
        ));
    }
    let players: Vec<String> = [MetaKey::BlackName, MetaKey::WhiteName]
        .into_iter()
        .filter_map(|k| meta.get(k))
        .map(sanitize)
        .filter(|s| !s.is_empty())
        .collect();
    if !players.is_empty() {
        parts.push(players.join("-"));
    }
    let body = if parts.is_empty() {
        sanitize(fallback)
    } else {
        parts.join("_")
    };
    // No leading `-`: the name would read as an option to the next command given it.
    let body = body.trim_start_matches(['-', '_', '.']);
    let mut cut = 0;
    for (n, (i, c)) in body.char_indices().enumerate() {
        if n == MAX_CHARS || i + c.len_utf8() > MAX_BYTES {
            break;
        }
        cut = i + c.len_utf8();
    }
    let body = &body[..cut];
    if body.is_empty() {
        "record".to_string()
    } else {
        body.to_string()
    }
}

/// `text` with what file systems refuse or shells trip on made `_`: separators, control
/// characters, `<>:"|?*`, spaces; no leading dot; runs of `_` made one.
pub fn sanitize(text: &str) -> String {
    let mut out = String::new();
    for c in text.trim().chars() {
        let bad = c.is_control()
            || c.is_whitespace()
            || matches!(
                c,
                '/' | '\\' | '<' | '>' | ':' | '"' | '|' | '?' | '*' | '\u{3000}'
            );
        let c = if bad { '_' } else { c };
        if c == '_' && out.ends_with('_') {
            continue;
        }
        out.push(c);
    }
    let out = out.trim_matches(|c| c == '_' || c == '.');
    out.to_string()
}

/// Names given so far, compared without case (as some file systems do).
#[derive(Debug, Default)]
pub struct Names {
    taken: HashSet<String>,
}

impl Names {
    /// Names already in use (files in the target folder, say).
    pub fn reserve(&mut self, name: &str) {
        self.taken.insert(name.to_lowercase());
    }

    /// `body.ext`, or `body-2.ext`, `body-3.ext`, ... when taken.
    pub fn unique(&mut self, body: &str, ext: &str) -> String {
        let mut name = format!("{body}.{ext}");
        let mut n = 2;
        while !self.taken.insert(name.to_lowercase()) {
            name = format!("{body}-{n}.{ext}");
            n += 1;
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats;
    use crate::record::Format;

    #[test]
    fn names_come_from_date_and_players_and_never_collide() {
        let text = "V2.2\nN+Ha/bu ta\nN-..Ki:ta\n$START_TIME:2024/05/01 10:00:00\nPI\n+\n+7776FU\n";
        let r = formats::read_str(text, Format::Csa).remove(0);
        assert_eq!(name_for(&r, "x"), "2024-05-01_Ha_bu_ta-Ki_ta");
        let bare = formats::read_str("position startpos", Format::Usi).remove(0);
        assert_eq!(name_for(&bare, "games.3"), "games.3");
        let mut names = Names::default();
        assert_eq!(names.unique("a", "csa"), "a.csa");
        assert_eq!(names.unique("A", "csa"), "A-2.csa");
        assert_eq!(sanitize("../.."), "");
    }

    /// Issue 28: players named `-rf` or `--help` gave names read as options (`-rf-x.csa`).
    #[test]
    fn names_never_start_with_a_dash() {
        let text = "V2.2\nN+--help\nN-y\nPI\n+\n+7776FU\n";
        let r = formats::read_str(text, Format::Csa).remove(0);
        assert_eq!(name_for(&r, "x"), "help-y");
        let text = "V2.2\nN+-rf\nN-x\nPI\n+\n+7776FU\n";
        let r = formats::read_str(text, Format::Csa).remove(0);
        assert_eq!(name_for(&r, "x"), "rf-x");
        let bare = formats::read_str("position startpos", Format::Usi).remove(0);
        assert_eq!(name_for(&bare, "-games.3"), "games.3");
    }

    /// Issue 28: 80 characters of 4 bytes made a name over the 255-byte limit.
    #[test]
    fn names_fit_the_byte_limit_of_file_systems() {
        let long = "\u{1F600}".repeat(100);
        let text = format!("V2.2\nN+{long}\nPI\n+\n+7776FU\n");
        let r = formats::read_str(&text, Format::Csa).remove(0);
        let name = name_for(&r, "x");
        assert!(name.len() <= MAX_BYTES, "{} bytes", name.len());
        assert!(name.chars().all(|c| c == '\u{1F600}') && !name.is_empty());
        let ascii = "a".repeat(300);
        let text = format!("V2.2\nN+{ascii}\nPI\n+\n+7776FU\n");
        let r = formats::read_str(&text, Format::Csa).remove(0);
        assert_eq!(name_for(&r, "x").chars().count(), MAX_CHARS);
    }
}
