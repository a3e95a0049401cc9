//! The consistency rules of the command line (`docs/cli.md`, "Conventions"), checked on the
//! clap definition: a flag name means one thing in every subcommand that has it.

use clap::CommandFactory;

use super::Cli;

/// Every visible subcommand with the argument `--long`, if it has one.
fn with_flag(long: &str) -> Vec<(String, clap::Arg)> {
    Cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .filter_map(|s| {
            s.get_arguments()
                .find(|a| a.get_long() == Some(long) && !a.is_hide_set())
                .map(|a| (s.get_name().to_string(), a.clone()))
        })
        .collect()
}

fn help(a: &clap::Arg) -> String {
    a.get_help().map(|h| h.to_string()).unwrap_or_default()
}

/// Asserts that `--long` has the same help (so the same meaning) wherever it appears, and
/// appears in at least the subcommands `expected`.
fn one_meaning(long: &str, expected: &[&str]) {
    let found = with_flag(long);
    let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
    for e in expected {
        assert!(
            names.contains(e),
            "`{e}` has no --{long} (it has: {names:?})"
        );
    }
    let first = help(&found[0].1);
    for (name, a) in &found {
        assert_eq!(help(a), first, "--{long} of `{name}` says something else");
    }
}

#[test]
fn encoding_is_the_input_encoding_everywhere() {
    one_meaning(
        "encoding",
        &[
            "validate",
            "convert",
            "stats",
            "positions",
            "impasse",
            "board",
            "drops",
            "moves",
        ],
    );
    for (name, a) in with_flag("encoding") {
        let values: Vec<String> = a
            .get_possible_values()
            .iter()
            .map(|v| v.get_name().to_string())
            .collect();
        assert!(values.contains(&"auto".to_string()), "{name}: {values:?}");
    }
    let out: Vec<String> = with_flag("output-encoding")
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(
        out,
        ["convert", "join"],
        "only convert and join write records"
    );
}

#[test]
fn quiet_strict_and_sfen_mean_one_thing() {
    one_meaning(
        "quiet",
        &[
            "validate", "convert", "stats", "find", "dedup", "split", "join",
        ],
    );
    for (name, a) in with_flag("quiet") {
        assert_eq!(a.get_short(), Some('q'), "{name}");
    }
    one_meaning(
        "strict",
        &["validate", "convert", "stats", "positions", "impasse"],
    );
    one_meaning("sfen", &["impasse", "board", "drops", "moves", "perft"]);
    one_meaning(
        "from",
        &[
            "validate",
            "convert",
            "stats",
            "positions",
            "impasse",
            "board",
        ],
    );
}

#[test]
fn one_rule_flag_name() {
    let names: Vec<String> = with_flag("impasse-rule")
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, ["validate", "stats", "impasse"]);
    assert!(
        with_flag("rule").is_empty(),
        "--rule is a hidden alias only"
    );
}

#[test]
fn human_is_the_default_output_style_of_every_format_flag() {
    let found = with_flag("format");
    assert_eq!(
        found.len(),
        10,
        "validate, stats, positions, impasse, board, drops, moves, guide, find, dedup"
    );
    for (name, a) in found {
        let default: Vec<String> = a
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        assert_eq!(default, ["human"], "`{name} --format`");
    }
}

#[test]
fn every_enumerated_value_is_a_case_insensitive_value_enum() {
    let cli = Cli::command();
    for sub in cli.get_subcommands() {
        for a in sub.get_arguments() {
            let long = a.get_long().unwrap_or_default();
            if [
                "from",
                "to",
                "format",
                "encoding",
                "output-encoding",
                "impasse-rule",
                "variant",
            ]
            .contains(&long)
            {
                assert!(
                    !a.get_possible_values().is_empty(),
                    "`{} --{long}` lists no values",
                    sub.get_name()
                );
            }
            let flag = matches!(a.get_action(), clap::ArgAction::SetTrue);
            if !flag && !a.get_possible_values().is_empty() {
                assert!(
                    a.is_ignore_case_set(),
                    "`{} --{long}` is case-sensitive",
                    sub.get_name()
                );
            }
        }
    }
}

#[test]
fn completions_offer_the_values_not_file_names() {
    let mut out = Vec::new();
    let mut cmd = <super::Cli as clap::CommandFactory>::command();
    super::completions::generate(&mut cmd, clap_complete::Shell::Bash, &mut out);
    let bash = String::from_utf8(out).unwrap();
    for flag in [
        "--to",
        "--from",
        "--encoding",
        "--output-encoding",
        "--impasse-rule",
        "--variant",
    ] {
        let at = bash
            .find(&format!("                {flag})\n"))
            .unwrap_or_else(|| panic!("{flag} not in the bash script"));
        let case = &bash[at..at + 200];
        assert!(
            case.contains("compgen -W"),
            "{flag} completes file names: {case}"
        );
    }
}

#[test]
fn old_spellings_still_parse() {
    use clap::Parser;
    for argv in [
        &[
            "shogi-tool",
            "convert",
            "--to",
            "kif",
            "--input-encoding",
            "utf-8",
        ][..],
        &[
            "shogi-tool",
            "impasse",
            "--rule",
            "csa27",
            "--sfen",
            "startpos",
        ],
        &["shogi-tool", "stats", "--format", "table"],
        &["shogi-tool", "board", "--format", "text"],
        &[
            "shogi-tool",
            "validate",
            "--format",
            "JSON",
            "--from",
            "Kif",
        ],
    ] {
        Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
    }
}
