//! `shogi-tool find [PATH...] [conditions]`: the records that satisfy every kind of condition
//! given (a kind given twice: either value), as `path#N` lines (or `validate`-style JSON
//! objects with the matching ply), streamed in input order. Codes and other closed values are
//! checked on the command line: a misspelt one is a usage error, never an empty result.

use std::io::Write;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use regex::Regex;
use shogi_tool::collection::date::DateRange;
use shogi_tool::collection::query::{CodeChoice, NamedQuery, Query, Range, Winner};
use shogi_tool::ops::find::{
    self, parse_castle, parse_handicap, parse_opening, FindOptions, FindOutput, Opening,
};
use shogi_tool::record::{ErrorCode, OutcomeReason, WarningCode};
use shogi_tool::shogi::{FoulCode, Handicap};

use super::exit::ExitCode;
use super::inputs::{InputArgs, QUIET_HELP};
use super::style;
use super::values::AnySfen;

/// Output formats of `find`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One `path#N` line per record found.
    Human,
    /// One `validate` JSON object per record found, with the matching `ply` (JSON Lines).
    Json,
}

/// The winners `--winner` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum WinnerArg {
    /// Black (sente) won.
    Black,
    /// White (gote) won.
    White,
    /// The game ended without a winner (not `unknown` or `abort`).
    Draw,
}

/// Arguments of `find`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::CONDITIONS)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    /// The main line reaches this position (board, hands and side to move): an SFEN or
    /// `startpos`, optionally followed by `moves` and USI moves; a smaller variant's SFEN finds
    /// that variant's games.
    #[arg(long, value_name = "SFEN", value_parser = super::values::parse_any_sfen)]
    pub position: Option<AnySfen>,
    /// With --position: compare the board alone (not hands or side to move).
    #[arg(long, requires = "position")]
    pub board_only: bool,
    /// With --position: only where the position stands A to B plies from the start
    /// (inclusive; `A..`, `..B` or `N` too).
    #[arg(long, value_name = "A..B", requires = "position", value_parser = Range::parse)]
    pub ply_range: Option<Range>,
    /// Either player's name matches this regular expression (given again: either of them).
    #[arg(long, value_name = "REGEX", value_parser = Regex::new)]
    pub player: Vec<Regex>,
    /// Black's (sente's, 下手's) name matches this regular expression (given again: either).
    #[arg(long, value_name = "REGEX", value_parser = Regex::new)]
    pub black: Vec<Regex>,
    /// White's (gote's, 上手's) name matches this regular expression (given again: either).
    #[arg(long, value_name = "REGEX", value_parser = Regex::new)]
    pub white: Vec<Regex>,
    /// The event (棋戦, `$EVENT`) matches this regular expression (given again: either).
    #[arg(long, value_name = "REGEX", value_parser = Regex::new)]
    pub event: Vec<Regex>,
    /// The game was played between these dates (inclusive; `2024/05/01..2024/06`,
    /// `令和6年1月1日..`, `..2023`, `2024`).
    #[arg(long, value_name = "FROM..TO", value_parser = DateRange::parse)]
    pub date: Option<DateRange>,
    /// The game starts from this handicap: a KIF name (平手, 香落ち, 二枚落ち, ...), a JKF code
    /// (HIRATE, KY, 2, ...) or `even` (given again: either).
    #[arg(long, value_name = "NAME", value_parser = parse_handicap)]
    pub handicap: Vec<Handicap>,
    /// The replay's outcome reason (given again: either).
    #[arg(long, value_name = "REASON", ignore_case = true, value_parser = one_of(OutcomeReason::ALL, OutcomeReason::as_str))]
    pub outcome: Vec<OutcomeReason>,
    /// The replay's winner (given again: either).
    #[arg(long, value_name = "WINNER", value_enum, ignore_case = true)]
    pub winner: Vec<WinnerArg>,
    /// The replay finds a foul of this code, or of any code (given again: either).
    #[arg(long, value_name = "CODE", ignore_case = true, value_parser = code_or_any(FoulCode::ALL, FoulCode::as_str))]
    pub foul: Vec<CodeChoice<FoulCode>>,
    /// Reading or the replay finds a warning of this code, or of any code (given again:
    /// either).
    #[arg(long, value_name = "CODE", ignore_case = true, value_parser = code_or_any(WarningCode::ALL, WarningCode::as_str))]
    pub warning: Vec<CodeChoice<WarningCode>>,
    /// The record has an error of this code, or of any code (given again: either); without
    /// it, a record with an error is reported and never found.
    #[arg(long, value_name = "CODE", ignore_case = true, value_parser = code_or_any(ErrorCode::ALL, ErrorCode::as_str))]
    pub error: Vec<CodeChoice<ErrorCode>>,
    /// The main line has A to B moves (inclusive; `A..`, `..B` or `N` too).
    #[arg(long, value_name = "A..B", value_parser = Range::parse)]
    pub plies: Option<Range>,
    /// The game's opening, by name (`四間飛車`, `black:角換わり`; docs/openings.md lists them), or
    /// the USI moves the main line starts with (`"7g7f 3c3d 2g2f"`).
    #[arg(long, value_name = "NAME|MOVES", value_parser = parse_opening)]
    pub opening: Option<Opening>,
    /// A castle of the game, by name (`美濃囲い`, `white:金矢倉`; docs/openings.md lists them).
    #[arg(long, value_name = "NAME", value_parser = parse_castle)]
    pub castle: Option<NamedQuery>,
    /// Select the records that do not match: the complement of the whole match.
    #[arg(long, visible_alias = "not", help_heading = super::help::OUTPUT)]
    pub invert: bool,
    /// Print only the number of records found.
    #[arg(long, help_heading = super::help::OUTPUT)]
    pub count: bool,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human", help_heading = super::help::OUTPUT)]
    pub format: OutputFormat,
    #[arg(long, short = 'q', help = QUIET_HELP, help_heading = super::help::OUTPUT)]
    pub quiet: bool,
}

/// The value parser of a closed list of codes (`OutcomeReason::ALL`): one of their names, in
/// any case. Anything else is a usage error listing them, with the nearest as "a similar
/// value"; the completions offer them.
fn one_of<C: Copy + Send + Sync + 'static>(
    all: &'static [C],
    name: fn(C) -> &'static str,
) -> impl TypedValueParser<Value = C> {
    PossibleValuesParser::new(all.iter().map(|&c| name(c))).try_map(move |s: String| {
        let s = s.to_ascii_lowercase();
        all.iter()
            .copied()
            .find(|&c| name(c) == s)
            .ok_or_else(|| format!("`{s}` is not a code"))
    })
}

/// Like [`one_of`], with `any` besides the codes.
fn code_or_any<C: Copy + Send + Sync + 'static>(
    all: &'static [C],
    name: fn(C) -> &'static str,
) -> impl TypedValueParser<Value = CodeChoice<C>> {
    let names = std::iter::once("any").chain(all.iter().map(move |&c| name(c)));
    PossibleValuesParser::new(names).try_map(move |s: String| {
        let s = s.to_ascii_lowercase();
        if s == "any" {
            return Ok(CodeChoice::Any);
        }
        all.iter()
            .copied()
            .find(|&c| name(c) == s)
            .map(CodeChoice::Code)
            .ok_or_else(|| format!("`{s}` is not a code"))
    })
}

impl Args {
    fn query(&self) -> anyhow::Result<Query> {
        let variant = self.input.variant;
        let position = self
            .position
            .as_ref()
            .map(|sfen| find::position_query(sfen, variant, self.board_only, "--position"));
        let mut query = Query {
            position: position.transpose()?,
            ply_range: self.ply_range,
            player: self.player.clone(),
            black: self.black.clone(),
            white: self.white.clone(),
            event: self.event.clone(),
            date: self.date,
            handicap: self.handicap.clone(),
            outcome: self.outcome.clone(),
            winner: self
                .winner
                .iter()
                .map(|w| match w {
                    WinnerArg::Black => Winner::Black,
                    WinnerArg::White => Winner::White,
                    WinnerArg::Draw => Winner::Draw,
                })
                .collect(),
            foul: self.foul.clone(),
            warning: self.warning.clone(),
            error: self.error.clone(),
            plies: self.plies,
            opening: None,
            named: self.castle.iter().cloned().collect(),
        };
        if let Some(opening) = &self.opening {
            opening.clone().apply(&mut query);
        }
        Ok(query)
    }
}

/// Finds the records.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let query = args.query()?;
    let json = args.format == OutputFormat::Json;
    let (inputs, input_errors) = args.input.input_stream()?;
    let options = FindOptions {
        jobs: args.input.jobs,
        read: args.input.read_options(),
        invert: args.invert,
        output: match (args.count, json, args.input.null) {
            (true, _, _) => FindOutput::Count,
            (_, true, _) => FindOutput::Json,
            (_, _, true) => FindOutput::NullPaths,
            _ => FindOutput::Paths,
        },
    };
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let totals = find::find_to(inputs, &query, &options, &mut out, |message| {
        eprintln!("{} {message}", style::error())
    })?;
    if args.count {
        writeln!(out, "{}", totals.found)?;
    }
    out.flush()?;
    if !args.quiet && !args.count && !json {
        eprintln!("{}", totals.summary());
    }
    Ok(if totals.failed || !input_errors.is_empty() {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The section of docs/cli.md under `heading`, up to the next `### `.
    fn section(heading: &str) -> &'static str {
        let md = super::super::docs::CLI_MD;
        let at = md.find(heading).unwrap_or_else(|| panic!("no {heading}"));
        md[at + heading.len()..].split("\n### ").next().unwrap()
    }

    #[test]
    fn the_contract_lists_every_outcome_and_foul_find_takes() {
        let outcome = section("### `--outcome REASON`");
        for r in OutcomeReason::ALL {
            assert!(outcome.contains(&format!("`{r}`")), "{r}");
        }
        let foul = section("### `--foul CODE|any`");
        for f in FoulCode::ALL {
            assert!(foul.contains(&format!("`{f}`")), "{f}");
        }
    }

    #[test]
    fn codes_parse_in_any_case_and_any_is_a_choice() {
        let cmd = clap::Command::new("t");
        let arg = clap::Arg::new("code").ignore_case(true);
        let p = code_or_any(FoulCode::ALL, FoulCode::as_str);
        let parse = |s: &str| p.parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new(s));
        assert_eq!(parse("NIFU").unwrap(), CodeChoice::Code(FoulCode::Nifu));
        assert_eq!(parse("any").unwrap(), CodeChoice::Any);
        assert!(parse("nifuu").is_err());
        let p = one_of(OutcomeReason::ALL, OutcomeReason::as_str);
        assert_eq!(
            p.parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new("Resignation"))
                .unwrap(),
            OutcomeReason::Resignation
        );
        assert!(p
            .parse_ref(&cmd, Some(&arg), std::ffi::OsStr::new("any"))
            .is_err());
    }
}
