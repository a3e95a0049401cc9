//! The examples and exit statuses `--help` shows after each subcommand's options (and the man
//! page with them). Every example uses files that exist in `testdata/`, so it can be tried from
//! a clone; `tests/cli.rs` runs them.

/// The heading of the options that say what is read and how (`--help`, the man pages).
pub const INPUT: &str = "Input";
/// The heading of the options that choose the rules games are judged by.
pub const RULES: &str = "Rules";
/// The heading of the options that say what is written, where and how.
pub const OUTPUT: &str = "Output";
/// The heading of the options that spread or bound the work.
pub const PERFORMANCE: &str = "Performance";
/// The heading of `find`'s conditions.
pub const CONDITIONS: &str = "Conditions";

/// The exit statuses of every subcommand but `validate`, without their heading.
macro_rules! exit_tail {
    () => {
        "  0  everything was read and done
  2  an input could not be read or parsed, an output could not be written, or the command
     line was wrong"
    };
}

/// Builds the text: examples, then the exit statuses.
macro_rules! after {
    ($examples:expr) => {
        concat!("Examples:\n", $examples, "\n\n", "Exit status:\n")
    };
}

/// `validate`.
pub const VALIDATE: &str = concat!(
    after!(
        "  shogi-tool validate testdata/samples/              # every record of a folder
  shogi-tool validate --format json testdata/samples/fouls.csa | jq '.fouls[].code'
  shogi-tool validate -q --deny-warnings games/ && echo clean"
    ),
    "  0  every record was read and has no foul
  1  some record has a foul (or, with --deny-warnings, a warning); everything was read
  2  an input could not be read or parsed, or the command line was wrong"
);

/// `convert`.
pub const CONVERT: &str = concat!(
    after!(
        "  shogi-tool convert testdata/samples/even-game.csa --to kifu
  shogi-tool convert testdata/samples/even-game.csa -o game.kif      # format from the extension
  shogi-tool convert testdata/samples/ --to jkf --out-dir out/"
    ),
    exit_tail!()
);

/// `find`.
pub const FIND: &str = concat!(
    after!(
        "  shogi-tool find testdata/samples/ --player '^A$'            # every game of a player
  shogi-tool find testdata/samples/ --position 'startpos moves 7g7f 3c3d' --format json
  shogi-tool find testdata/samples/ --winner black --plies 1..40 --count
  shogi-tool find testdata/samples/ --foul nifu --foul self-check   # either foul
  shogi-tool find testdata/samples/ --foul any --not                # the games without a foul
  shogi-tool find games/ --date 2024/04..2024/06 --event 名人戦 > season.txt"
    ),
    exit_tail!()
);

/// `dedup`.
pub const DEDUP: &str = concat!(
    after!(
        "  shogi-tool dedup testdata/samples/                      # the games read more than once
  shogi-tool dedup testdata/samples/ --format json --prefix
  shogi-tool dedup games/ --keep most-annotated --out-dir unique/"
    ),
    exit_tail!()
);

/// `split`.
pub const SPLIT: &str = concat!(
    after!("  shogi-tool split testdata/samples/two-games.csa --out-dir games/"),
    exit_tail!()
);

/// `join`.
pub const JOIN: &str = concat!(
    after!(
        "  shogi-tool join games/2024/ -o season-2024.csa
  shogi-tool join testdata/samples/even-game.csa testdata/samples/even-game.usi -o both.jkf"
    ),
    exit_tail!()
);

/// `stats`.
pub const STATS: &str = concat!(
    after!(
        "  shogi-tool stats testdata/samples/
  shogi-tool stats --format json --shard 1/4 games/ > part1.json
  shogi-tool stats --merge part*.json --format csv"
    ),
    exit_tail!()
);

/// `positions`.
pub const POSITIONS: &str = concat!(
    after!(
        "  shogi-tool positions testdata/samples/even-game.csa
  shogi-tool positions --final testdata/samples/two-games.csa"
    ),
    exit_tail!()
);

/// `impasse`.
pub const IMPASSE: &str = concat!(
    after!(
        "  shogi-tool impasse testdata/entering-king/declaration-game.usi
  shogi-tool impasse --impasse-rule csa27 --format json --sfen startpos"
    ),
    exit_tail!()
);

/// `board`.
pub const BOARD: &str = concat!(
    after!(
        "  shogi-tool board testdata/samples/even-game.csa --ply 12
  shogi-tool board --sfen 'startpos moves 7g7f 3c3d' --format svg --highlight 3d > board.svg"
    ),
    exit_tail!()
);

/// `drops`.
pub const DROPS: &str = concat!(
    after!(
        "  shogi-tool drops testdata/samples/even-game.csa --piece P
  shogi-tool drops --sfen 'startpos moves 7g7f 3c3d 8h2b+ 3a2b' --format json"
    ),
    exit_tail!()
);

/// `moves`.
pub const MOVES: &str = concat!(
    after!(
        "  shogi-tool moves --sfen 'startpos moves 7g7f 3c3d' --square 8h
  shogi-tool moves testdata/samples/even-game.csa --format json"
    ),
    exit_tail!()
);

/// `guide`.
pub const GUIDE: &str = concat!(
    after!(
        "  shogi-tool guide knight
  shogi-tool guide --format svg > guide.svg"
    ),
    exit_tail!()
);

/// `perft`.
pub const PERFT: &str = concat!(
    after!(
        "  shogi-tool perft 4                                  # 719731
  shogi-tool perft --divide --sfen 'startpos moves 7g7f' 2"
    ),
    exit_tail!()
);

/// `completions`.
pub const COMPLETIONS: &str = concat!(
    after!(
        "  shogi-tool completions bash > ~/.local/share/bash-completion/completions/shogi-tool
  shogi-tool completions zsh > ~/.zfunc/_shogi-tool        # a folder in $fpath
  shogi-tool completions fish > ~/.config/fish/completions/shogi-tool.fish"
    ),
    exit_tail!()
);

/// For the top-level `--help`.
pub const TOP: &str = concat!(
    "Examples:
  shogi-tool validate testdata/samples/
  shogi-tool convert testdata/samples/even-game.csa --to kifu
  shogi-tool stats testdata/samples/

",
    "Exit status: 0 success; 1 validate found a foul; 2 an input could not be read or the command
line was wrong. The contract: docs/cli.md; `shogi-tool SUBCOMMAND --help` for each."
);

#[cfg(test)]
mod tests {
    #[test]
    fn every_option_of_every_subcommand_has_a_heading() {
        let cli = <super::super::Cli as clap::CommandFactory>::command();
        let headings = [
            super::INPUT,
            super::RULES,
            super::OUTPUT,
            super::PERFORMANCE,
            super::CONDITIONS,
        ];
        for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
            for a in sub
                .get_arguments()
                .filter(|a| !a.is_hide_set() && !a.is_global_set() && !a.is_positional())
            {
                let h = a.get_help_heading();
                assert!(
                    h.is_some_and(|h| headings.contains(&h)),
                    "{} --{}: heading {h:?}",
                    sub.get_name(),
                    a.get_id()
                );
            }
        }
    }

    #[test]
    fn every_text_ends_with_the_exit_statuses() {
        for t in [super::VALIDATE, super::CONVERT, super::PERFT] {
            assert!(t.starts_with("Examples:\n  shogi-tool "), "{t}");
            assert!(t.contains("\n\nExit status:\n  0  "), "{t}");
        }
    }
}
