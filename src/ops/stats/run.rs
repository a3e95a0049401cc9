//! Accumulating the statistics of a collection: every input read in parallel, each record
//! replayed and counted on the thread that read it, the pieces of each input handed to the
//! caller in input order (for `--games` rows, `--failures-file` lines, a progress bar).

use std::path::Path;

use crate::batch::stats::{Failure, RecordFacts, Stats};
use crate::batch::{self, Input, InputError, NothingToRead, Partials, ReadOptions};
use crate::diag::Validation;
use crate::opening::replay_with_openings;
use crate::record::replay::ReplayOptions;
use crate::views::report_html::RecordLists;

use super::rows::{game_row, listed, names, opening_of, Names};

/// How [`accumulate`] reads and counts.
#[derive(Clone, Debug)]
pub struct StatsOptions {
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// How many first moves make an opening.
    pub opening_plies: usize,
    /// How the inputs are read (format, encoding, limits).
    pub read: ReadOptions,
    /// How the records are replayed (move limit, impasse rule, a variant's rules).
    pub replay: ReplayOptions,
    /// Whether each piece carries the `--games` rows of its records.
    pub game_rows: bool,
    /// Whether the records behind each foul and warning are listed (the HTML report's lists).
    pub record_lists: bool,
    /// Whether each piece carries every failure it met (for `--failures-file`).
    pub all_failures: bool,
}

impl Default for StatsOptions {
    fn default() -> StatsOptions {
        StatsOptions {
            jobs: 0,
            opening_plies: 6,
            read: ReadOptions::default(),
            replay: ReplayOptions::default(),
            game_rows: false,
            record_lists: false,
            all_failures: false,
        }
    }
}

/// A piece of one input's results, as [`accumulate`] hands it over: a batch of its records,
/// or its end. Its counts are not in it: they are in the [`Stats`] the run returns.
#[derive(Debug, Default)]
pub struct StatsPiece {
    /// The `--games` rows of its records, one JSON object a line (empty unless
    /// [`StatsOptions::game_rows`]).
    pub rows: String,
    /// How many records it counted.
    pub records: u64,
    /// Whether this is the input's last piece.
    pub last: bool,
    /// Every failure of the piece (only with [`StatsOptions::all_failures`]).
    pub failures: Option<Vec<Failure>>,
    /// The records behind each foul and warning code (with [`StatsOptions::record_lists`]).
    lists: RecordLists,
}

impl StatsPiece {
    /// A piece that also keeps every failure when `all_failures`.
    fn keeping(all_failures: bool) -> StatsPiece {
        StatsPiece {
            failures: all_failures.then(Vec::new),
            ..StatsPiece::default()
        }
    }

    /// Counts a file that could not be read (in `stats`, and its failure here).
    fn fail_file(
        &mut self,
        stats: &mut Stats,
        path: &str,
        path_bytes: Option<String>,
        message: &str,
    ) {
        if let Some(all) = &mut self.failures {
            all.push(Failure::of_file(path, path_bytes.clone(), message));
        }
        stats.add_failed_file(path, path_bytes, message);
    }

    /// Counts one record, standard or of a variant: its statistics (in `stats`), the lists of
    /// its codes (`want_lists`, records read without errors only) and its row, when there is
    /// one.
    fn add(&mut self, stats: &mut Stats, counted: Counted) {
        let Counted {
            facts,
            validation: v,
            opening,
            row,
            names,
        } = counted;
        if let Some(all) = &mut self.failures {
            all.extend(Failure::of_record(&v));
        }
        stats.add(&facts, &v, &opening);
        if let Some(names) = names.filter(|_| v.errors.is_empty()) {
            if !v.fouls.is_empty() || !v.warnings.is_empty() {
                self.lists.add(listed(&v, names));
            }
        }
        self.records += 1;
        if let Some(row) = row {
            self.rows.push_str(&row);
            self.rows.push('\n');
        }
    }
}

/// What one record gives: its facts, its validation, its opening, its row and names.
struct Counted {
    facts: RecordFacts,
    validation: Validation,
    opening: String,
    row: Option<String>,
    names: Option<Names>,
}

/// The result of [`accumulate`].
#[derive(Debug)]
pub struct StatsRun {
    /// The statistics of every input read (finished: ready to render).
    pub stats: Stats,
    /// The records behind each foul and warning (empty unless
    /// [`StatsOptions::record_lists`]).
    pub lists: RecordLists,
    /// Whether `on_piece` stopped the run before every input was read.
    pub stopped: bool,
}

/// Reads every input of `inputs` (and counts each of `input_errors`, the paths that could not
/// even be listed, as a failed file), replays each record and adds it up.
///
/// `on_piece` gets each input's pieces in input order; returning `false` stops the run (a
/// write failed). The statistics come back finished ([`Stats::finish`]), whether or not the
/// run was stopped.
pub fn accumulate<I>(
    inputs: I,
    input_errors: &[InputError],
    options: &StatsOptions,
    mut on_piece: impl FnMut(&StatsPiece) -> bool,
) -> StatsRun
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
{
    let mut stats = Stats::new(options.opening_plies);
    for e in input_errors {
        stats.add_input(&e.path);
        stats.add_failed_file(&e.path, None, &e.message);
    }
    let mut lists = RecordLists::default();
    let mut stopped = false;
    // Each input's results go out a batch of records at a time: a multi-game file of any
    // size holds a few batches, never every record's summary. The counts are added up by the
    // threads that read the records, one partial sum a thread in use, added together at the end.
    let partials = Partials::new(options.opening_plies);
    batch::run_ordered_pieces(
        inputs,
        options.jobs,
        |input, sink| read_one(input, options, &partials, sink),
        |piece: StatsPiece| {
            let go_on = on_piece(&piece);
            lists.append(piece.lists);
            stopped |= !go_on;
            go_on
        },
    );
    stats += partials.into_total();
    stats.finish();
    StatsRun {
        stats,
        lists,
        stopped,
    }
}

/// Reads, replays and counts one input, handing its pieces to `sink`.
fn read_one(
    input: &Input,
    options: &StatsOptions,
    partials: &Partials,
    sink: &mut dyn FnMut(StatsPiece) -> bool,
) {
    let mut partial = partials.take();
    let Some(file) = batch::read_each_batched_to_end(
        input,
        &options.read,
        batch::RECORDS_PER_BATCH,
        |record, _| {
            let (report, openings) = replay_with_openings(record, &options.replay);
            let mut v = Validation::new(record, &report).with_named_openings(openings);
            v.path_bytes = input.path_bytes();
            let opening = opening_of(record, &report, options.opening_plies);
            Counted {
                facts: RecordFacts::of(record),
                row: options.game_rows.then(|| game_row(record, &v, &opening)),
                names: options.record_lists.then(|| names(record)),
                validation: v,
                opening,
            }
        },
        |results| {
            let mut piece = StatsPiece::keeping(options.all_failures);
            for counted in results {
                piece.add(&mut partial, counted);
            }
            sink(piece)
        },
    ) else {
        partials.give_back(partial);
        return;
    };
    // The input's last piece: it counts the file, or why it could not be read.
    let mut piece = StatsPiece::keeping(options.all_failures);
    piece.last = true;
    partial.add_input(&file.path);
    match &file.error {
        Some(message) => piece.fail_file(&mut partial, &file.path, input.path_bytes(), message),
        None => partial.files += 1,
    }
    partials.give_back(partial);
    sink(piece);
}

/// The statistics of the files and directories `paths` (walked recursively, links met in a
/// walk not followed), as `stats --format json` counts them; no piece is kept. Paths that hold
/// no input at all (an empty directory) are refused, as the command line refuses them: a
/// collection of nothing is not a clean one.
pub fn stats_of_paths<P: AsRef<Path>>(
    paths: &[P],
    options: &StatsOptions,
) -> Result<Stats, NothingToRead> {
    let (inputs, errors) = batch::discover_some(paths, false)?;
    let options = StatsOptions {
        game_rows: false,
        record_lists: false,
        all_failures: false,
        ..options.clone()
    };
    Ok(accumulate(inputs, &errors, &options, |_| true).stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collection_counts_every_record_and_hands_over_every_input_in_order() {
        let (inputs, errors) = batch::discover(&["testdata/samples"]);
        let expected: Vec<String> = inputs.iter().map(Input::display).collect();
        let options = StatsOptions {
            jobs: 2,
            game_rows: true,
            ..StatsOptions::default()
        };
        let mut ends = Vec::new();
        let mut rows = 0;
        let run = accumulate(inputs, &errors, &options, |piece| {
            rows += piece.rows.lines().count() as u64;
            if piece.last {
                ends.push(());
            }
            true
        });
        assert!(!run.stopped);
        assert_eq!(ends.len(), expected.len());
        assert_eq!(
            run.stats.files + run.stats.files_failed,
            expected.len() as u64
        );
        assert_eq!(rows, run.stats.records + run.stats.records_failed);
        assert!(run.stats.records > 0);
        let again = stats_of_paths(&["testdata/samples"], &StatsOptions::default()).unwrap();
        assert_eq!(again.records, run.stats.records);
        assert_eq!(again.openings, run.stats.openings);
    }

    #[test]
    fn an_empty_folder_is_refused_as_the_command_line_refuses_it() {
        let dir = tempfile::tempdir().unwrap();
        let e = stats_of_paths(&[dir.path()], &StatsOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "nothing to read: no record file found in the directory {}: it holds no file",
                dir.path().display()
            )
        );
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        let e = stats_of_paths(&[dir.path()], &StatsOptions::default()).unwrap_err();
        assert!(e.0.contains("1 file skipped"), "{e}");
    }

    #[test]
    fn a_piece_refused_stops_the_run() {
        let (inputs, errors) = batch::discover(&["testdata/samples"]);
        let options = StatsOptions {
            jobs: 1,
            ..StatsOptions::default()
        };
        let mut pieces = 0;
        let run = accumulate(inputs, &errors, &options, |_| {
            pieces += 1;
            false
        });
        assert!(run.stopped);
        assert_eq!(pieces, 1);
    }
}
