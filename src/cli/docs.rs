//! Checks that `docs/cli.md`, the command-line contract, documents every flag of every
//! subcommand of the CLI definition, and names no flag that does not exist.
//!
//! The page's layout: one `## ` section per subcommand (its heading names it as
//! `` `shogi-tool SUB` ``), plus sections for options several subcommands share (their heading
//! names each of them in backticks); each flag has a `### ` heading in one of them, such as
//! ``### `-q, --quiet` `` or ``### `--format human|json` ``.

use clap::CommandFactory;

use super::Cli;

/// The contract page.
pub const CLI_MD: &str = include_str!("../../docs/cli.md");

/// A `## ` section of the page: its heading and the `### ` headings under it.
#[derive(Debug)]
pub struct Section {
    /// The text of the `## ` heading.
    pub heading: String,
    /// The texts of the `### ` headings in the section.
    pub flags: Vec<String>,
}

/// Splits the page into its `## ` sections (fenced code blocks are skipped).
pub fn sections(md: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut in_code = false;
    for line in md.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if let Some(h) = line.strip_prefix("## ") {
            out.push(Section {
                heading: h.to_string(),
                flags: Vec::new(),
            });
        } else if let Some(h) = line.strip_prefix("### ") {
            if let Some(s) = out.last_mut() {
                s.flags.push(h.to_string());
            }
        }
    }
    out
}

/// Whether `heading` names the subcommand `sub` (as `` `shogi-tool sub` `` or `` `sub` ``).
fn names(heading: &str, sub: &str) -> bool {
    heading.contains(&format!("`shogi-tool {sub}`")) || heading.contains(&format!("`{sub}`"))
}

/// The flags (`--long`, and `-s` for a short name) written in a heading.
fn flags_in(heading: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = heading.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i] == '-' && (i == 0 || matches!(bytes[i - 1], ' ' | '`' | ','));
        if starts {
            let mut j = i;
            while j < bytes.len() && (bytes[j] == '-' || bytes[j].is_ascii_alphanumeric()) {
                j += 1;
            }
            let word: String = bytes[i..j].iter().collect();
            if word.len() > 1 && word != "--" {
                out.push(word);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The visible flags of one subcommand as `(long, short)`, global ones excluded.
fn flags_of(cmd: &clap::Command) -> Vec<(String, Option<char>)> {
    cmd.get_arguments()
        .filter(|a| !a.is_positional() && !a.is_hide_set() && !a.is_global_set())
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .filter_map(|a| a.get_long().map(|l| (format!("--{l}"), a.get_short())))
        .collect()
}

/// Every spelling (visible or hidden) clap accepts for a subcommand's flags.
fn all_spellings(cmd: &clap::Command) -> Vec<String> {
    let mut out = Vec::new();
    for a in cmd.get_arguments() {
        if let Some(l) = a.get_long() {
            out.push(format!("--{l}"));
        }
        if let Some(s) = a.get_short() {
            out.push(format!("-{s}"));
        }
        for l in a.get_all_aliases().unwrap_or_default() {
            out.push(format!("--{l}"));
        }
    }
    out
}

/// The problems found: undocumented flags, documented flags that do not exist, subcommands
/// without a section.
pub fn problems(md: &str) -> Vec<String> {
    let cli = Cli::command();
    let secs = sections(md);
    let mut out = Vec::new();
    let subs: Vec<&clap::Command> = cli.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    for sub in &subs {
        let name = sub.get_name();
        let own = format!("`shogi-tool {name}`");
        if !secs.iter().any(|s| s.heading.contains(&own)) {
            out.push(format!("no `## {own}` section"));
        }
        let relevant: Vec<&Section> = secs.iter().filter(|s| names(&s.heading, name)).collect();
        for (long, short) in flags_of(sub) {
            let found = relevant.iter().any(|s| {
                s.flags.iter().any(|h| {
                    let f = flags_in(h);
                    f.contains(&long) && short.is_none_or(|c| f.contains(&format!("-{c}")))
                })
            });
            if !found {
                let spelled = match short {
                    Some(c) => format!("-{c}, {long}"),
                    None => long.clone(),
                };
                out.push(format!(
                    "`{name} {spelled}` has no `### ` heading in a section naming `{name}`"
                ));
            }
        }
    }
    // Options of the top-level command (global ones, such as --color) in their own section.
    let every: Vec<&Section> = secs
        .iter()
        .filter(|s| s.heading.contains("every subcommand"))
        .collect();
    for (long, _) in cli
        .get_arguments()
        .filter(|a| !a.is_positional() && !a.is_hide_set())
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .filter_map(|a| a.get_long().map(|l| (format!("--{l}"), a.get_short())))
    {
        if !every
            .iter()
            .any(|s| s.flags.iter().any(|h| flags_in(h).contains(&long)))
        {
            out.push(format!(
                "`{long}` has no heading under `## Options of every subcommand`"
            ));
        }
    }
    // The other way round: each flag a heading names exists in a subcommand the section names.
    for s in &secs {
        let named: Vec<&&clap::Command> = subs
            .iter()
            .filter(|c| names(&s.heading, c.get_name()))
            .collect();
        if named.is_empty() {
            continue;
        }
        for h in &s.flags {
            for f in flags_in(h) {
                if !named.iter().any(|c| all_spellings(c).contains(&f)) {
                    out.push(format!(
                        "`{f}` (under `## {}`) is not a flag there",
                        s.heading
                    ));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_cli_md_documents_every_flag_of_every_subcommand() {
        let p = problems(CLI_MD);
        assert!(
            p.is_empty(),
            "docs/cli.md is out of date:\n{}",
            p.join("\n")
        );
    }

    #[test]
    fn the_check_finds_a_missing_flag_and_a_stale_one() {
        let md = CLI_MD.replace("### `--deny-warnings`", "### `--deny-warningz`");
        let p = problems(&md);
        assert!(
            p.iter().any(|l| l.contains("validate --deny-warnings")),
            "{p:?}"
        );
        assert!(p.iter().any(|l| l.contains("--deny-warningz")), "{p:?}");
    }

    #[test]
    fn headings_give_their_flags() {
        assert_eq!(flags_in("`-q, --quiet`"), ["-q", "--quiet"]);
        assert_eq!(flags_in("`--format human|json`"), ["--format"]);
        assert_eq!(flags_in("`PATH...`"), Vec::<String>::new());
    }
}
