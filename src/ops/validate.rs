//! `validate` as a library call: every record of a collection replayed and judged (fouls,
//! warnings, errors, outcome, openings), and the entries of training files (`.hcpe`, `.psv`)
//! checked, the results handed over in input order a batch at a time (a collection of any
//! size is never held whole), with the counts of the run.

use crate::batch::{self, Input, InputError, ReadOptions};
use crate::diag::Validation;
use crate::opening::replay_with_openings;
use crate::record::replay::{replay, ReplayOptions, Report};
use crate::record::Record;
use crate::text::SourceText;

use super::training::{check_file, training_format, EntryProblem};

/// How [`validate`] reads and judges.
#[derive(Clone, Debug)]
pub struct ValidateOptions {
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// How the inputs are read (format, encoding, limits; `max_file_size` bounds training
    /// files too).
    pub read: ReadOptions,
    /// How the records are replayed (move limit, impasse rule, a variant's rules).
    pub replay: ReplayOptions,
    /// Whether each record's openings and castles are named (as the JSON form gives them).
    pub openings: bool,
}

impl Default for ValidateOptions {
    fn default() -> ValidateOptions {
        ValidateOptions {
            jobs: 0,
            read: ReadOptions::default(),
            replay: ReplayOptions::default(),
            openings: true,
        }
    }
}

/// One result as [`validate_with`] hands it to its renderer, on the thread that read it.
#[derive(Clone, Copy, Debug)]
pub enum Checked<'a> {
    /// What was found in a record (or an input that could not be read), with the text it was
    /// read from, for excerpts, when there is one.
    Record(&'a Validation, Option<&'a SourceText>),
    /// A problem of a training file.
    Entry(&'a EntryProblem),
}

/// One result of [`validate`], owned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validated {
    /// What was found in a record, or why an input could not be read.
    Record(Box<Validation>),
    /// A problem of a training file.
    Entry(EntryProblem),
}

impl Validated {
    /// The result as one JSON object, as `validate --format json` prints it (no newline).
    pub fn to_json(&self) -> String {
        match self {
            Validated::Record(v) => v.to_json(),
            Validated::Entry(p) => p.to_json(),
        }
    }
}

/// The counts of a [`validate`] run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValidateSummary {
    /// The inputs read (or found unreadable) to their end.
    pub files: usize,
    /// The records (and training entries) judged.
    pub records: usize,
    /// Those with a foul.
    pub with_fouls: usize,
    /// Those with a warning.
    pub with_warnings: usize,
    /// The records with a read error, the entries that could not be read and the inputs that
    /// could not be read or listed.
    pub unreadable: usize,
    /// Whether the caller stopped the run before every input was read.
    pub stopped: bool,
}

impl std::ops::AddAssign for ValidateSummary {
    fn add_assign(&mut self, o: ValidateSummary) {
        self.files += o.files;
        self.records += o.records;
        self.with_fouls += o.with_fouls;
        self.with_warnings += o.with_warnings;
        self.unreadable += o.unreadable;
        self.stopped |= o.stopped;
    }
}

/// What `validate` says of one replayed record: its fouls, warnings, errors and outcome, the
/// openings when `openings`, the input path's bytes (`path_bytes`, when not UTF-8) and each
/// finding located in `source`, the text it was read from, when given.
pub fn validation(
    record: &Record,
    report: &Report,
    openings: bool,
    path_bytes: Option<String>,
    source: Option<&SourceText>,
) -> Validation {
    let mut v = Validation::new(record, report);
    if openings {
        v = v.with_openings(record, report);
    }
    v.path_bytes = path_bytes;
    if let Some(source) = source {
        v.locate_moves(source);
    }
    v
}

/// A batch of one input's rendered results, with what it counted.
struct Piece<T> {
    items: Vec<T>,
    counts: ValidateSummary,
}

/// Validates every input of `inputs` (first reporting each of `input_errors`, the paths that
/// could not even be listed, as unreadable): `render` turns each result into what the caller
/// keeps (a line of text, say), on the thread that read it, while the source text is at
/// hand; `on_piece` gets those in input order, a batch at a time, and returning `false`
/// stops the run (output cannot be written). Nothing is handed over empty.
pub fn validate_with<I, T, R, P>(
    inputs: I,
    input_errors: &[InputError],
    options: &ValidateOptions,
    render: R,
    mut on_piece: P,
) -> ValidateSummary
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
    T: Send,
    R: Fn(Checked<'_>) -> T + Sync,
    P: FnMut(Vec<T>) -> bool,
{
    let mut summary = ValidateSummary::default();
    if !input_errors.is_empty() {
        let items: Vec<T> = input_errors
            .iter()
            .map(|e| {
                render(Checked::Record(
                    &Validation::unreadable(&e.path, &e.message),
                    None,
                ))
            })
            .collect();
        summary.unreadable += items.len();
        if !on_piece(items) {
            summary.stopped = true;
            return summary;
        }
    }
    batch::run_ordered_pieces(
        inputs,
        options.jobs,
        |input, sink| validate_one(input, options, &render, sink),
        |piece: Piece<T>| {
            summary += piece.counts;
            if piece.items.is_empty() {
                return true;
            }
            let go_on = on_piece(piece.items);
            summary.stopped |= !go_on;
            go_on
        },
    );
    summary
}

/// Validates every input of `inputs` as [`validate_with`] does, handing each result to
/// `on_result` in input order (returning `false` stops the run).
pub fn validate<I>(
    inputs: I,
    input_errors: &[InputError],
    options: &ValidateOptions,
    mut on_result: impl FnMut(Validated) -> bool,
) -> ValidateSummary
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
{
    let owned = |c: Checked<'_>| match c {
        Checked::Record(v, _) => Validated::Record(Box::new(v.clone())),
        Checked::Entry(p) => Validated::Entry(p.clone()),
    };
    validate_with(inputs, input_errors, options, owned, |items| {
        items.into_iter().all(&mut on_result)
    })
}

/// Validates one input, handing its pieces to `sink`.
fn validate_one<T, R>(
    input: &Input,
    options: &ValidateOptions,
    render: &R,
    sink: &mut dyn FnMut(Piece<T>) -> bool,
) where
    T: Send,
    R: Fn(Checked<'_>) -> T + Sync,
{
    if let Some(format) = training_format(input) {
        let mut items = Vec::new();
        let counts = check_file(input, format, options.read.max_file_size, |p| {
            items.push(render(Checked::Entry(&p)))
        });
        let counts = ValidateSummary {
            files: 1,
            records: counts.entries,
            with_fouls: counts.with_fouls,
            unreadable: counts.unreadable,
            ..ValidateSummary::default()
        };
        sink(Piece { items, counts });
        return;
    }
    let Some(file) = batch::read_each_batched_to_end(
        input,
        &options.read,
        batch::RECORDS_PER_BATCH,
        |record, source| {
            // The openings are named along the replay (as `validation` would after it).
            let (report, named) = if options.openings {
                let (report, named) = replay_with_openings(record, &options.replay);
                (report, Some(named))
            } else {
                (replay(record, &options.replay), None)
            };
            let mut v = validation(record, &report, false, input.path_bytes(), Some(source));
            if let Some(named) = named {
                v = v.with_named_openings(named);
            }
            let counts = ValidateSummary {
                records: 1,
                with_fouls: !v.fouls.is_empty() as usize,
                with_warnings: !v.warnings.is_empty() as usize,
                unreadable: !v.errors.is_empty() as usize,
                ..ValidateSummary::default()
            };
            (render(Checked::Record(&v, Some(source))), counts)
        },
        |results| {
            let mut piece = Piece {
                items: Vec::with_capacity(results.len()),
                counts: ValidateSummary::default(),
            };
            for (item, counts) in results {
                piece.items.push(item);
                piece.counts += counts;
            }
            sink(piece)
        },
    ) else {
        return;
    };
    // The input's last piece: it counts the file, and says why it could not be read.
    let mut piece = Piece {
        items: Vec::new(),
        counts: ValidateSummary {
            files: 1,
            ..ValidateSummary::default()
        },
    };
    if let Some(message) = &file.error {
        piece.counts.unreadable = 1;
        let mut v = Validation::unreadable(&file.path, message);
        v.path_bytes = input.path_bytes();
        piece.items.push(render(Checked::Record(&v, None)));
    }
    sink(piece);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collection_is_validated_in_input_order_with_its_counts() {
        let (inputs, errors) = batch::discover(&["testdata/samples"]);
        let expected: Vec<String> = inputs.iter().map(Input::display).collect();
        let options = ValidateOptions {
            jobs: 2,
            ..ValidateOptions::default()
        };
        let mut paths = Vec::new();
        let mut fouls = 0;
        let summary = validate(inputs, &errors, &options, |result| {
            let Validated::Record(v) = result else {
                panic!("no training file in testdata/samples");
            };
            fouls += !v.fouls.is_empty() as usize;
            if paths.last() != Some(&v.path) {
                paths.push(v.path);
            }
            true
        });
        assert!(!summary.stopped);
        assert_eq!(summary.files, expected.len());
        assert_eq!(paths, expected);
        assert!(summary.records >= expected.len());
        assert_eq!(summary.with_fouls, fouls);
        assert!(fouls > 0, "testdata/samples holds a record with a foul");
    }

    #[test]
    fn a_path_not_listed_is_unreadable_and_a_refused_piece_stops_the_run() {
        let (inputs, _) = batch::discover(&["testdata/samples"]);
        let errors = [InputError {
            path: "nowhere".into(),
            message: "nowhere: cannot list".into(),
        }];
        let mut lines = Vec::new();
        let summary = validate(inputs, &errors, &ValidateOptions::default(), |result| {
            lines.push(result.to_json());
            false
        });
        assert!(summary.stopped);
        assert_eq!((summary.unreadable, summary.files), (1, 0));
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains("\"unreadable\""), "{}", lines[0]);
        // A missing file is an input read to its end: counted, and unreadable.
        let (inputs, errors) = batch::discover(&["testdata/no-such-file.kif"]);
        let summary = validate(inputs, &errors, &ValidateOptions::default(), |_| true);
        assert_eq!((summary.unreadable, summary.files), (1, 1));
    }
}
