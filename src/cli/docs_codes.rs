//! Checks that the code tables of `docs/cli.md` ("Fouls", "Warnings", "Errors" under
//! "Diagnostic codes", and the `outcome.reason` row of `validate --format json`) list exactly
//! the codes of the library's enums (`FoulCode`, `WarningCode`, `ErrorCode`,
//! `OutcomeReason`), and that every code of those enums is emitted somewhere in `src/`.
//!
//! A code added to an enum but not to the page (or the other way round) fails the test with
//! the code's name, its enum and the table to fix.

use std::collections::BTreeSet;

use shogi_tool::record::{ErrorCode, OutcomeReason, WarningCode};
use shogi_tool::shogi::FoulCode;

use super::docs::CLI_MD;

/// One enum of codes: its name, the table of the page that lists it, and its codes as
/// (kebab name, variant name).
struct Family {
    name: &'static str,
    table: &'static str,
    codes: Vec<(&'static str, String)>,
}

fn family<C: Copy + std::fmt::Debug + Into<&'static str>>(
    name: &'static str,
    table: &'static str,
    all: &[C],
) -> Family {
    Family {
        name,
        table,
        codes: all.iter().map(|&c| (c.into(), format!("{c:?}"))).collect(),
    }
}

/// Every code family, with where the page lists it.
fn families() -> Vec<Family> {
    vec![
        family("FoulCode", "### Fouls", FoulCode::ALL),
        family("WarningCode", "### Warnings", WarningCode::ALL),
        family("ErrorCode", "### Errors", ErrorCode::ALL),
        family(
            "OutcomeReason",
            "the `outcome.reason` row",
            OutcomeReason::ALL,
        ),
    ]
}

/// The texts in backticks in `s`.
fn backticked(s: &str) -> impl Iterator<Item = &str> {
    s.split('`').skip(1).step_by(2)
}

/// The codes a `### ` table lists: the backticked words of each row's first cell.
fn table_codes(md: &str, heading: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Some(start) = md.lines().position(|l| l == heading) else {
        return out;
    };
    for line in md.lines().skip(start + 1) {
        if line.starts_with("## ") || line.starts_with("### ") {
            break;
        }
        let Some(row) = line.strip_prefix('|') else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("");
        out.extend(backticked(first).map(str::to_string));
    }
    out
}

/// The reasons the `outcome.reason` row of `validate`'s JSON table names.
fn reason_codes(md: &str) -> BTreeSet<String> {
    md.lines()
        .find(|l| l.starts_with("| `outcome.reason` |"))
        .map(|l| {
            let meaning = l.split('|').nth(2).unwrap_or("");
            backticked(meaning).map(str::to_string).collect()
        })
        .unwrap_or_default()
}

/// What the page's code tables and the enums disagree on.
pub fn problems(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    for f in families() {
        let documented = if f.name == "OutcomeReason" {
            reason_codes(md)
        } else {
            table_codes(md, f.table)
        };
        if documented.is_empty() {
            out.push(format!(
                "docs/cli.md has no {} listing {} codes",
                f.table, f.name
            ));
            continue;
        }
        for (code, variant) in &f.codes {
            if !documented.contains(*code) {
                out.push(format!(
                    "`{code}` ({}::{variant}) is missing from {} of docs/cli.md: add a row for it",
                    f.name, f.table
                ));
            }
        }
        for code in &documented {
            if !f.codes.iter().any(|(c, _)| c == code) {
                out.push(format!(
                    "docs/cli.md's {} names `{code}`, which is no {} (the code never emits it): remove it, or add it to the enum",
                    f.table, f.name
                ));
            }
        }
    }
    out
}

/// The crate's sources under `src/`, each cut before its unit tests.
fn library_sources() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ is readable") {
            let path = entry.expect("src/ is readable").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_name().is_some_and(|n| n != "tests.rs")
            {
                let text = std::fs::read_to_string(&path).expect("sources are UTF-8");
                let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
                out.push((path.display().to_string(), code));
            }
        }
    }
    out
}

/// The codes of the enums that no source names (`WarningCode::Variant`): codes the tool never
/// emits.
pub fn unused_codes() -> Vec<String> {
    let sources = library_sources();
    let mut out = Vec::new();
    for f in families() {
        for (code, variant) in &f.codes {
            let path = format!("{}::{variant}", f.name);
            let named = sources.iter().any(|(_, text)| {
                text.match_indices(&path).any(|(i, _)| {
                    // `ErrorCode::Empty` is not named by `ErrorCode::EmptyElement`.
                    !text[i + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            });
            if !named {
                out.push(format!(
                    "`{code}` ({path}) is emitted nowhere in src/: remove it from the enum and from docs/cli.md"
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_cli_md_lists_exactly_the_codes_the_tool_emits() {
        let p = problems(CLI_MD);
        assert!(
            p.is_empty(),
            "docs/cli.md's code tables are out of date:\n{}",
            p.join("\n")
        );
    }

    #[test]
    fn every_code_of_the_enums_is_emitted() {
        let p = unused_codes();
        assert!(p.is_empty(), "{}", p.join("\n"));
    }

    #[test]
    fn the_check_names_a_missing_code_and_a_stale_one() {
        let md = CLI_MD.replace("| `misplaced-board`,", "| `misplaced-bored`,");
        let p = problems(&md);
        assert!(
            p.iter().any(
                |l| l.contains("`misplaced-board` (WarningCode::MisplacedBoard)")
                    && l.contains("### Warnings")
            ),
            "{p:?}"
        );
        assert!(p.iter().any(|l| l.contains("`misplaced-bored`")), "{p:?}");
        let md = CLI_MD.replace("`campmate`", "`camp-mate`");
        let p = problems(&md);
        assert!(
            p.iter().any(|l| l.contains("OutcomeReason::Campmate")),
            "{p:?}"
        );
    }

    #[test]
    fn tables_give_every_code_of_a_row() {
        let md = "### Warnings\n\n| code | meaning |\n|---|---|\n| `a`, `b-c` | x `not` |\n\n### Errors\n| `d` | y |\n";
        let codes: Vec<String> = table_codes(md, "### Warnings").into_iter().collect();
        assert_eq!(codes, ["a", "b-c"]);
    }
}
