//! What `dedup` reports: the games of more than one record, each record named, and their
//! renderings (one JSON object a game, or a block of lines), with the summary line.

use std::collections::HashMap;

use serde::Serialize;

use crate::collection::groups::{Entry, Group, Table};

/// One record of a game reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Its name, `path#N` (`?` if the inputs listed again no longer hold it).
    pub name: String,
    /// Its main line's moves (at most 65,535 counted).
    pub plies: u16,
}

impl Member {
    /// Its path and its place in the file, as the name gives them.
    pub fn path_and_index(&self) -> (&str, usize) {
        let (path, index) = self.name.rsplit_once('#').unwrap_or((&self.name, "0"));
        (path, index.parse().unwrap_or(0))
    }
}

/// One game of more than one record, or with records that are a prefix of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGroup {
    /// Its number in the report (from 1).
    pub number: usize,
    /// Its main line's moves.
    pub plies: u16,
    /// Its records, in input order.
    pub records: Vec<Member>,
    /// The records that are a prefix of it, shortest first.
    pub prefixes: Vec<Member>,
}

/// The report of `dedup`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DedupReport {
    /// The games reported.
    pub groups: Vec<GameGroup>,
    /// The records read.
    pub records: usize,
    /// The different games among them.
    pub games: usize,
    /// The records that repeat a game's first record.
    pub duplicates: usize,
    /// The records that are a prefix of a longer game.
    pub prefixes: usize,
    /// Whether prefixes count as the same game (`--prefix`).
    pub prefix_is_same_game: bool,
}

/// The report of `table`'s `groups`, its records named by `names` (by ordinal).
pub(super) fn report(
    table: &Table,
    groups: &[Group],
    names: &HashMap<u32, String>,
    prefix_is_same_game: bool,
) -> DedupReport {
    let member = |e: &Entry| Member {
        name: names.get(&e.ordinal).cloned().unwrap_or_else(|| "?".into()),
        plies: e.plies,
    };
    let (mut duplicates, mut prefixes) = (0usize, 0usize);
    let groups = groups
        .iter()
        .enumerate()
        .map(|(n, g)| {
            let members = table.run(g.run);
            duplicates += members.len() - 1;
            let prefix_members: Vec<Member> = g
                .prefixes
                .iter()
                .flat_map(|&r| table.run(r))
                .map(member)
                .collect();
            prefixes += prefix_members.len();
            GameGroup {
                number: n + 1,
                plies: members[0].plies,
                records: members.iter().map(member).collect(),
                prefixes: prefix_members,
            }
        })
        .collect();
    DedupReport {
        groups,
        records: table.len(),
        games: table.runs().count(),
        duplicates,
        prefixes,
        prefix_is_same_game,
    }
}

/// One record in a game's JSON object.
#[derive(Serialize)]
struct Rec<'a> {
    path: &'a str,
    record: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<u16>,
}

impl Rec<'_> {
    fn of(m: &Member, with_plies: bool) -> Rec<'_> {
        let (path, record) = m.path_and_index();
        Rec {
            path,
            record,
            plies: with_plies.then_some(m.plies),
        }
    }
}

impl DedupReport {
    /// A game as `dedup --format json` gives it: `group`, `plies`, `records` (with
    /// `--prefix`, its prefixes too) and `prefixes`.
    pub fn group_json(&self, g: &GameGroup) -> serde_json::Value {
        let mut records: Vec<Rec> = g.records.iter().map(|m| Rec::of(m, false)).collect();
        let mut prefix_list: Vec<Rec> = Vec::new();
        for m in &g.prefixes {
            if self.prefix_is_same_game {
                records.push(Rec::of(m, true));
            } else {
                prefix_list.push(Rec::of(m, true));
            }
        }
        serde_json::json!({
            "group": g.number,
            "plies": g.plies,
            "records": records,
            "prefixes": prefix_list,
        })
    }

    /// A game as `dedup` prints it for people: a `game` line, then its records, indented.
    pub fn group_text(&self, g: &GameGroup) -> String {
        use std::fmt::Write as _;
        let mut o = String::new();
        let total = g.records.len()
            + if self.prefix_is_same_game {
                g.prefixes.len()
            } else {
                0
            };
        let _ = writeln!(o, "game {} ({} plies): {total} records", g.number, g.plies);
        for m in &g.records {
            let _ = writeln!(o, "  {}", m.name);
        }
        for m in &g.prefixes {
            let what = if self.prefix_is_same_game {
                "same game, "
            } else {
                ""
            };
            let _ = writeln!(o, "  {} ({what}prefix: {} plies)", m.name, m.plies);
        }
        o
    }

    /// The summary line (without its newline): records, games, duplicates, prefixes, groups.
    pub fn summary(&self) -> String {
        let groups = self.groups.len();
        format!(
            "{} records: {} games, {} duplicate{} and {} prefix{} in {groups} group{}",
            self.records,
            self.games,
            self.duplicates,
            if self.duplicates == 1 { "" } else { "s" },
            self.prefixes,
            if self.prefixes == 1 { "" } else { "es" },
            if groups == 1 { "" } else { "s" },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str, plies: u16) -> Member {
        Member {
            name: name.into(),
            plies,
        }
    }

    fn one_game(prefix_is_same_game: bool) -> (DedupReport, GameGroup) {
        let g = GameGroup {
            number: 1,
            plies: 10,
            records: vec![member("a.kif#0", 10), member("b#c.csa#2", 10)],
            prefixes: vec![member("d.csa#0", 4)],
        };
        let r = DedupReport {
            groups: vec![g.clone()],
            records: 3,
            games: 2,
            duplicates: 1,
            prefixes: 1,
            prefix_is_same_game,
        };
        (r, g)
    }

    #[test]
    fn a_name_splits_at_its_last_hash() {
        assert_eq!(member("b#c.csa#2", 1).path_and_index(), ("b#c.csa", 2));
        assert_eq!(member("?", 1).path_and_index(), ("?", 0));
    }

    #[test]
    fn prefixes_join_the_records_only_when_they_are_the_same_game() {
        let (r, g) = one_game(false);
        let v = r.group_json(&g);
        assert_eq!(v["records"].as_array().unwrap().len(), 2);
        assert_eq!(v["prefixes"][0]["plies"], 4);
        assert!(r
            .group_text(&g)
            .starts_with("game 1 (10 plies): 2 records\n"));
        let (r, g) = one_game(true);
        assert_eq!(r.group_json(&g)["records"].as_array().unwrap().len(), 3);
        assert!(r.group_text(&g).contains("(same game, prefix: 4 plies)"));
        assert_eq!(
            r.summary(),
            "3 records: 2 games, 1 duplicate and 1 prefix in 1 group"
        );
    }
}
