//! `shogi-tool find [PATH...] [conditions]`: the records that satisfy every kind of condition
//! given (a kind given twice: either value), as `path#N` lines (or `validate`-style JSON
//! objects with the matching ply), streamed in input order. Codes and other closed values are
//! checked on the command line: a misspelt one is a usage error, never an empty result.

use std::io::Write;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use regex::Regex;
use serde::Serialize;
use shogi_tool::batch::{self, Input};
use shogi_tool::collection::date::DateRange;
use shogi_tool::collection::query::{CodeChoice, NamedQuery, PositionQuery, Query, Range, Winner};
use shogi_tool::diag::Validation;
use shogi_tool::opening::Kind;
use shogi_tool::record::replay::{replay, ReplayOptions};
use shogi_tool::record::{ErrorCode, OutcomeReason, Record, WarningCode};
use shogi_tool::shogi::{FoulCode, Handicap, Move};
use shogi_tool::text::SourceText;
use shogi_tool::views::shown::AnyPosition;

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

fn parse_handicap(s: &str) -> Result<Handicap, String> {
    let t = s.trim();
    if ["even", "none", "hirate"]
        .iter()
        .any(|e| t.eq_ignore_ascii_case(e))
    {
        return Ok(Handicap::Even);
    }
    Handicap::from_japanese(t)
        .or_else(|| Handicap::from_jkf(t))
        .ok_or_else(|| {
            format!("unknown handicap `{s}`: expected a KIF name such as 平手, 香落ち, 二枚落ち, a JKF code such as HIRATE, KY, 2, or `even`")
        })
}

/// What `--opening` gives: a name, or the first moves.
#[derive(Debug, Clone)]
pub enum Opening {
    /// An opening's name.
    Named(NamedQuery),
    /// The moves the main line starts with.
    Moves(Vec<Move>),
}

fn parse_castle(s: &str) -> Result<NamedQuery, String> {
    NamedQuery::parse(s, Kind::Castle)
}

fn parse_opening(s: &str) -> Result<Opening, String> {
    if !s.is_ascii() || s.contains(':') {
        return NamedQuery::parse(s, Kind::Strategy).map(Opening::Named);
    }
    let moves: Result<Vec<Move>, String> = s
        .split_whitespace()
        .map(|m| Move::from_usi(m).map_err(|e| e.to_string()))
        .collect();
    let moves = moves?;
    if moves.is_empty() {
        return Err(
            "no move given: expected an opening's name such as 四間飛車 or USI moves such as \"7g7f 3c3d\""
                .into(),
        );
    }
    Ok(Opening::Moves(moves))
}

impl Args {
    /// The `--position` searched for, of the game its SFEN (or `--variant`) names.
    fn position_query(&self) -> anyhow::Result<Option<PositionQuery>> {
        let Some(sfen) = &self.position else {
            return Ok(None);
        };
        let variant = self.input.variant;
        let position =
            super::position::sfen_position(Some(sfen), variant, "--position").map_err(|e| {
                match shogi_tool::ops::position_arg::variant_sfen_error(sfen, variant) {
                    Some(why) => anyhow::anyhow!(
                        "cannot read the --position SFEN `{}`: {why}",
                        sfen.text.trim()
                    ),
                    None => e.into(),
                }
            })?;
        Ok(Some(match position {
            AnyPosition::Standard(located) => PositionQuery::new(located.position, self.board_only),
            AnyPosition::Variant { position, .. } => {
                PositionQuery::variant(*position, self.board_only)
            }
        }))
    }

    fn query(&self) -> anyhow::Result<Query> {
        Ok(Query {
            position: self.position_query()?,
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
            opening: match &self.opening {
                Some(Opening::Moves(m)) => Some(m.clone()),
                _ => None,
            },
            named: match &self.opening {
                Some(Opening::Named(q)) => vec![q.clone()],
                _ => Vec::new(),
            }
            .into_iter()
            .chain(self.castle.clone())
            .collect(),
        })
    }
}

/// A record found, in JSON: the `validate` object and where the position was reached.
#[derive(Serialize)]
struct Found<'a> {
    #[serde(flatten)]
    validation: &'a Validation,
    ply: Option<usize>,
}

/// What one record gave.
#[derive(Default)]
struct One {
    out: Vec<u8>,
    err: String,
    found: bool,
    failed: bool,
}

/// Finds the records.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let query = args.query()?;
    let json = args.format == OutputFormat::Json;
    let needs_replay = query.needs_replay() || (json && !args.count);
    let (mut inputs, input_errors) = args.input.input_stream()?;
    let read_options = args.input.read_options();
    let replay_options = ReplayOptions::default();
    let mut failed = false;
    for e in &input_errors {
        eprintln!("{} {}", style::error(), e.message);
        failed = true;
    }
    let null = args.input.null;
    let per_record = |input: &Input, record: &Record, _: &SourceText| -> One {
        let mut one = One::default();
        let searched = query.asks_for_errors();
        if let (Some(e), false) = (record.errors.first(), searched) {
            one.err = format!(
                "{} {}\n",
                style::error(),
                shogi_tool::diag::located_error(
                    &format!("{}#{}", record.source.path, record.source.index),
                    e
                )
            );
            one.failed = true;
            return one;
        }
        // A record with an error (here only with --error) is replayed as `validate` does.
        let report = needs_replay.then(|| replay(record, &replay_options));
        let matched = query.test(record, report.as_ref());
        let (found, ply) = match (matched, args.invert) {
            (Some(m), false) => (true, m.ply),
            (None, true) => (true, None),
            _ => (false, None),
        };
        one.found = found;
        if found && !args.count {
            if let (true, Some(report)) = (json, &report) {
                let v = Validation::new(record, report).with_openings(record, report);
                one.out = serde_json::to_vec(&Found {
                    validation: &v,
                    ply,
                })
                .expect("results serialise");
                one.out.push(b'\n');
            } else if null {
                // The path's own bytes, whatever they hold, then `#N` and a NUL.
                one.out = path_bytes(input, &record.source.path);
                one.out
                    .extend_from_slice(format!("#{}", record.source.index).as_bytes());
                one.out.push(0);
            } else {
                one.out = format!("{}#{}\n", record.source.path, record.source.index).into_bytes();
            }
        }
        one
    };
    let stdout = std::io::stdout();
    let mut tally = Tally {
        out: stdout.lock(),
        records: 0,
        found: 0,
        files: 0,
        failed,
        write_error: None,
    };
    let first = inputs.next();
    let second = inputs.next();
    match (first, second) {
        (Some(only), None) => {
            // One input (a multi-game file, say): printed a batch at a time as it is read.
            batch::configure_threads(args.input.jobs);
            tally.files = 1;
            let file = batch::read_each_batched(
                &only,
                &read_options,
                256,
                |r, t| per_record(&only, r, t),
                |b| tally.take(b),
            );
            if let Some(message) = &file.error {
                eprintln!("{} {message}", style::error());
                tally.failed = true;
            }
        }
        (first, second) => {
            let all = first.into_iter().chain(second).chain(inputs);
            batch::run_ordered(
                all,
                args.input.jobs,
                |input| batch::read_each(input, &read_options, |r, t| per_record(input, r, t)),
                |file| {
                    tally.files += 1;
                    if let Some(message) = &file.error {
                        eprintln!("{} {message}", style::error());
                        tally.failed = true;
                        return true;
                    }
                    tally.take(file.results)
                },
            );
        }
    }
    if let Some(e) = tally.write_error {
        return Err(e.into());
    }
    let mut out = tally.out;
    if args.count {
        writeln!(out, "{}", tally.found)?;
    }
    out.flush()?;
    let (records, files) = (tally.records, tally.files);
    if !args.quiet && !args.count && !json {
        eprintln!(
            "found {} of {records} record{} in {files} file{}",
            tally.found,
            if records == 1 { "" } else { "s" },
            if files == 1 { "" } else { "s" }
        );
    }
    let failed = tally.failed;
    Ok(if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    })
}

/// The bytes of the path of `input` (on Unix the name as it is, a newline or invalid UTF-8
/// included), else `shown`.
fn path_bytes(input: &Input, shown: &str) -> Vec<u8> {
    #[cfg(unix)]
    if let Input::File(p) = input {
        use std::os::unix::ffi::OsStrExt;
        return p.as_os_str().as_bytes().to_vec();
    }
    let _ = input;
    shown.as_bytes().to_vec()
}

/// Counts and prints the records as they come, in input order.
struct Tally<'a> {
    out: std::io::StdoutLock<'a>,
    records: usize,
    found: usize,
    files: usize,
    failed: bool,
    write_error: Option<std::io::Error>,
}

impl Tally<'_> {
    /// Takes the results of some records; false once standard output cannot be written.
    fn take(&mut self, results: Vec<One>) -> bool {
        for one in results {
            self.records += 1;
            self.found += one.found as usize;
            self.failed |= one.failed;
            if !one.err.is_empty() {
                eprint!("{}", one.err);
            }
            if !one.out.is_empty() {
                if let Err(e) = self.out.write_all(&one.out) {
                    self.write_error = Some(e);
                    return false;
                }
            }
        }
        if let Err(e) = self.out.flush() {
            self.write_error = Some(e);
            return false;
        }
        true
    }
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
