//! `find` as a library call: the records of a collection that satisfy a [`Query`] (or, with
//! [`FindOptions::invert`], do not), streamed in input order, each as the line `find` prints:
//! `path#N`, the path's bytes and `#N` ended by NUL, or the `validate` object with the ply
//! where the position searched for was reached.
//!
//! [`find_to`] writes what is found to one output as it comes.
//!
//! Also here, the readers of the values a query is built from that are not codes: a handicap
//! by name ([`parse_handicap`]), an opening by name or first moves ([`parse_opening`]) and
//! the position searched for ([`position_query`]).

use std::io::Write;

use serde::Serialize;

use crate::batch::{self, Input, ReadOptions};
use crate::collection::query::{NamedQuery, PositionQuery, Query};
use crate::diag::Validation;
use crate::opening::Kind;
use crate::ops::position_arg::{sfen_position, variant_sfen_error, AnySfen, PositionArgError};
use crate::record::replay::{replay, ReplayOptions};
use crate::record::Record;
use crate::shogi::{Handicap, Move};
use crate::variant::Variant;
use crate::views::shown::AnyPosition;

/// What [`find`] gives for each record found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FindOutput {
    /// Its `path#N`, a line each.
    #[default]
    Paths,
    /// The bytes of its path (on Unix the name as it is) and `#N`, each ended by a NUL.
    NullPaths,
    /// The `validate` JSON object with the matching `ply`, a line each.
    Json,
    /// Nothing: only the count.
    Count,
}

/// How [`find`] reads and what it gives.
#[derive(Clone, Debug, Default)]
pub struct FindOptions {
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// How the inputs are read.
    pub read: ReadOptions,
    /// Select the records that do not match: the complement of the whole match.
    pub invert: bool,
    /// What a record found gives.
    pub output: FindOutput,
}

/// What one record gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Whether it was found.
    pub found: bool,
    /// What to print of it (as [`FindOutput`] says; empty when not found or only counted).
    pub output: Vec<u8>,
    /// Why it could not be searched (its located error), when it could not.
    pub error: Option<String>,
}

/// The counts of a [`find`] run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FindTotals {
    /// The records searched (or reported as failed).
    pub records: usize,
    /// The records found.
    pub found: usize,
    /// The inputs taken.
    pub files: usize,
    /// Whether a record or an input could not be read.
    pub failed: bool,
    /// Whether `on_records` stopped the run.
    pub stopped: bool,
}

impl FindTotals {
    /// The summary line (without its newline): `found F of N records in M files`.
    pub fn summary(&self) -> String {
        let (records, files) = (self.records, self.files);
        format!(
            "found {} of {records} record{} in {files} file{}",
            self.found,
            if records == 1 { "" } else { "s" },
            if files == 1 { "" } else { "s" }
        )
    }
}

/// A record found, in JSON: the `validate` object and where the position was reached.
#[derive(Serialize)]
struct FoundJson<'a> {
    #[serde(flatten)]
    validation: &'a Validation,
    ply: Option<usize>,
}

/// Searches every input of `inputs` for the records `query` selects. The records' results go
/// to `on_records` a batch at a time, in input order (false stops the run: output cannot be
/// written); an input that cannot be read goes to `on_file_error` with its message.
pub fn find<I>(
    inputs: I,
    query: &Query,
    options: &FindOptions,
    mut on_records: impl FnMut(&[Searched]) -> bool,
    mut on_file_error: impl FnMut(&str),
) -> FindTotals
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
{
    let needs_replay = query.needs_replay() || options.output == FindOutput::Json;
    let replay_options = ReplayOptions::default();
    let search = |input: &Input, record: &Record| {
        search_one(input, record, query, options, needs_replay, &replay_options)
    };
    let mut totals = FindTotals::default();
    let mut take = |totals: &mut FindTotals, results: Vec<Searched>| {
        totals.records += results.len();
        for one in &results {
            totals.found += one.found as usize;
            totals.failed |= one.error.is_some();
        }
        let go_on = on_records(&results);
        totals.stopped |= !go_on;
        go_on
    };
    let mut inputs = inputs.into_iter();
    let first = inputs.next();
    let second = inputs.next();
    match (first, second) {
        (Some(only), None) => {
            // One input (a multi-game file, say): handed over a batch at a time as it is read.
            batch::configure_threads(options.jobs);
            totals.files = 1;
            let file = batch::read_each_batched(
                &only,
                &options.read,
                batch::RECORDS_PER_BATCH,
                |r, _| search(&only, r),
                |b| take(&mut totals, b),
            );
            if let Some(message) = &file.error {
                on_file_error(message);
                totals.failed = true;
            }
        }
        (first, second) => {
            let all = first.into_iter().chain(second).chain(inputs);
            batch::run_ordered(
                all,
                options.jobs,
                |input| batch::read_each(input, &options.read, |r, _| search(input, r)),
                |file| {
                    totals.files += 1;
                    if let Some(message) = &file.error {
                        on_file_error(message);
                        totals.failed = true;
                        return true;
                    }
                    take(&mut totals, file.results)
                },
            );
        }
    }
    totals
}

/// [`find`], with what is found written to `out` as it comes (flushed after each batch of
/// records) and the error of each record or input that could not be searched handed to
/// `on_error`, in input order. The first write error stops the run and is returned.
pub fn find_to<I>(
    inputs: I,
    query: &Query,
    options: &FindOptions,
    out: &mut impl Write,
    on_error: impl Fn(&str),
) -> std::io::Result<FindTotals>
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
{
    let mut write_error = None;
    let totals = find(
        inputs,
        query,
        options,
        |results| match write_batch(out, results, &on_error) {
            Ok(()) => true,
            Err(e) => {
                write_error = Some(e);
                false
            }
        },
        &on_error,
    );
    match write_error {
        Some(e) => Err(e),
        None => Ok(totals),
    }
}

/// Writes the results of some records: their errors to `on_error`, what was found to `out`,
/// flushed at the end of the batch.
fn write_batch(
    out: &mut impl Write,
    results: &[Searched],
    on_error: impl Fn(&str),
) -> std::io::Result<()> {
    for one in results {
        if let Some(message) = &one.error {
            on_error(message);
        }
        if !one.output.is_empty() {
            out.write_all(&one.output)?;
        }
    }
    out.flush()
}

/// Searches one record.
fn search_one(
    input: &Input,
    record: &Record,
    query: &Query,
    options: &FindOptions,
    needs_replay: bool,
    replay_options: &ReplayOptions,
) -> Searched {
    let mut one = Searched::default();
    if let (Some(e), false) = (record.errors.first(), query.asks_for_errors()) {
        one.error = Some(crate::diag::located_error(
            &format!("{}#{}", record.source.path, record.source.index),
            e,
        ));
        return one;
    }
    // A record with an error (here only with an error asked for) is replayed as `validate`
    // does.
    let report = needs_replay.then(|| replay(record, replay_options));
    let matched = query.test(record, report.as_ref());
    let (found, ply) = match (matched, options.invert) {
        (Some(m), false) => (true, m.ply),
        (None, true) => (true, None),
        _ => (false, None),
    };
    one.found = found;
    if !found {
        return one;
    }
    let source = &record.source;
    match (options.output, &report) {
        (FindOutput::Count, _) => {}
        (FindOutput::Json, Some(report)) => {
            let v = Validation::new(record, report).with_openings(record, report);
            one.output = serde_json::to_vec(&FoundJson {
                validation: &v,
                ply,
            })
            .expect("results serialise");
            one.output.push(b'\n');
        }
        (FindOutput::NullPaths, _) => {
            // The path's own bytes, whatever they hold, then `#N` and a NUL.
            one.output = path_bytes(input, &source.path);
            one.output
                .extend_from_slice(format!("#{}", source.index).as_bytes());
            one.output.push(0);
        }
        _ => one.output = format!("{}#{}\n", source.path, source.index).into_bytes(),
    }
    one
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

/// A handicap by name: a KIF name (平手, 香落ち, 二枚落ち, ...), a JKF code (HIRATE, KY, 2, ...)
/// or `even` (`none`, `hirate`), in any case.
pub fn parse_handicap(s: &str) -> Result<Handicap, String> {
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

/// What an opening condition names: an opening's name, or the first moves.
#[derive(Debug, Clone)]
pub enum Opening {
    /// An opening's name.
    Named(NamedQuery),
    /// The moves the main line starts with.
    Moves(Vec<Move>),
}

impl Opening {
    /// Sets this condition on `query`: as the moves its main line starts with, or as the
    /// first of the names its openings and castles include.
    pub fn apply(self, query: &mut Query) {
        match self {
            Opening::Named(q) => query.named.insert(0, q),
            Opening::Moves(m) => query.opening = Some(m),
        }
    }
}

/// The position searched for, from a position argument (an SFEN or `startpos`, optionally
/// followed by `moves`): of `variant`'s game when given, else of the game its board shows;
/// compared whole (board, hands, side to move) or, with `board_only`, the board alone.
/// `option` names the argument in errors (`--position`): a text that is no standard position
/// and no variant's either says the variant SFEN reader's fault.
pub fn position_query(
    sfen: &AnySfen,
    variant: Option<Variant>,
    board_only: bool,
    option: &str,
) -> Result<PositionQuery, PositionArgError> {
    let position =
        sfen_position(Some(sfen), variant, option).map_err(|e| {
            match variant_sfen_error(sfen, variant) {
                Some(why) => PositionArgError(format!(
                    "cannot read the {option} SFEN `{}`: {why}",
                    sfen.text.trim()
                )),
                None => e,
            }
        })?;
    Ok(match position {
        AnyPosition::Standard(located) => PositionQuery::new(located.position, board_only),
        AnyPosition::Variant { position, .. } => PositionQuery::variant(*position, board_only),
    })
}

/// A castle by name (`美濃囲い`, `white:金矢倉`).
pub fn parse_castle(s: &str) -> Result<NamedQuery, String> {
    NamedQuery::parse(s, Kind::Castle)
}

/// An opening by name (`四間飛車`, `black:角換わり`) or as the USI moves the main line starts
/// with (`7g7f 3c3d`).
pub fn parse_opening(s: &str) -> Result<Opening, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handicap_is_read_by_any_of_its_names() {
        assert_eq!(parse_handicap("Even"), Ok(Handicap::Even));
        assert_eq!(parse_handicap("平手"), Ok(Handicap::Even));
        assert!(parse_handicap("nothing")
            .unwrap_err()
            .contains("unknown handicap"));
    }

    #[test]
    fn an_opening_is_a_name_or_moves() {
        assert!(matches!(parse_opening("7g7f 3c3d"), Ok(Opening::Moves(m)) if m.len() == 2));
        assert!(parse_opening("  ")
            .unwrap_err()
            .starts_with("no move given"));
        assert!(parse_opening("7g7x").is_err());
    }

    #[test]
    fn every_record_is_found_by_an_empty_query_and_none_inverted() {
        let inputs = || batch::discover(&["testdata/samples/two-games.csa"]).0;
        let options = FindOptions {
            jobs: 1,
            ..FindOptions::default()
        };
        let mut lines = Vec::new();
        let totals = find(
            inputs(),
            &Query::default(),
            &options,
            |batch| {
                lines.extend(
                    batch
                        .iter()
                        .map(|s| String::from_utf8_lossy(&s.output).into_owned()),
                );
                true
            },
            |_| {},
        );
        assert_eq!((totals.records, totals.found, totals.files), (2, 2, 1));
        assert!(lines[1].ends_with("two-games.csa#1\n"), "{lines:?}");
        let inverted = FindOptions {
            invert: true,
            output: FindOutput::Count,
            ..options
        };
        let totals = find(inputs(), &Query::default(), &inverted, |_| true, |_| {});
        assert_eq!(totals.found, 0);
        assert_eq!(totals.summary(), "found 0 of 2 records in 1 file");
    }

    #[test]
    fn find_to_writes_each_record_found_and_says_each_error() {
        let inputs = batch::discover(&[
            "testdata/samples/two-games.csa",
            "testdata/no-such-file.csa",
        ])
        .0;
        let options = FindOptions {
            jobs: 1,
            ..FindOptions::default()
        };
        let mut out = Vec::new();
        let errors = std::cell::RefCell::new(Vec::new());
        let totals = find_to(inputs, &Query::default(), &options, &mut out, |m| {
            errors.borrow_mut().push(m.to_string())
        })
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 2, "{out}");
        assert_eq!(totals.found, 2);
        assert!(totals.failed);
        let errors = errors.into_inner();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("no-such-file.csa"), "{errors:?}");
    }

    #[test]
    fn a_position_is_of_the_game_its_board_shows_and_a_bad_one_names_the_option() {
        use crate::ops::position_arg::parse_any_sfen;
        let start = parse_any_sfen("startpos moves 7g7f").unwrap();
        assert!(position_query(&start, None, false, "--position").is_ok());
        let mini = parse_any_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
        assert!(position_query(&mini, None, true, "--position").is_ok());
        let bad = parse_any_sfen("rbsgk/4p/5/P4/KGSBX b - 1").unwrap();
        let e = position_query(&bad, None, false, "--position").unwrap_err();
        assert!(
            e.0.starts_with("cannot read the --position SFEN `rbsgk/4p/5/P4/KGSBX b - 1`: "),
            "{e}"
        );
    }

    #[test]
    fn an_opening_sets_its_moves_or_its_name_first() {
        let mut query = Query::default();
        parse_opening("7g7f").unwrap().apply(&mut query);
        assert_eq!(query.opening.as_ref().map(Vec::len), Some(1));
        query.named.push(parse_castle("美濃囲い").unwrap());
        parse_opening("四間飛車").unwrap().apply(&mut query);
        assert_eq!(query.named.len(), 2);
        assert_eq!(query.named[0], parse_opening_name("四間飛車"));
    }

    fn parse_opening_name(s: &str) -> NamedQuery {
        match parse_opening(s).unwrap() {
            Opening::Named(q) => q,
            Opening::Moves(_) => panic!("{s} is a name"),
        }
    }
}
