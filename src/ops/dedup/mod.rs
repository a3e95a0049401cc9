//! `dedup` as a library call: the records that are the same game (same start, same main line,
//! whatever the format, encoding, headers or comments), with the games that are a prefix of
//! another (an interrupted copy), and which record of each game to keep.
//!
//! The inputs are read once, in parallel ([`find_duplicates`]): every record leaves one
//! 24-byte entry in memory (see [`crate::collection::groups`]), 4 bytes per input file, and its
//! main line in a temporary file (20 bytes plus 2 a move), from which the prefixes are found
//! (every shorter prefix of every main line is looked up among the games, behind a filter of
//! 2 to 4 bytes a record). The names of the records reported come from listing the inputs
//! again, not reading them ([`Duplicates::report`]); the records kept are read again only from
//! the inputs holding one ([`Duplicates::kept_records`]).

mod error;
mod report;
mod spill;

use std::collections::HashMap;
use std::path::PathBuf;

use crate::batch::{self, Input, ReadOptions};
use crate::collection::alone::Alone;
use crate::collection::fingerprint::{annotations, Fingerprint, MainLine};
use crate::collection::groups::{Entry, Group, Table};
use crate::record::Record;

pub use crate::collection::groups::Keep;
pub use error::DedupError;
pub use report::{DedupReport, GameGroup, Member};
use spill::Spill;

/// How [`find_duplicates`] reads and groups.
#[derive(Clone, Debug, Default)]
pub struct DedupOptions {
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// How the inputs are read.
    pub read: ReadOptions,
    /// Whether a game that is a prefix of another counts as the same game.
    pub prefix: bool,
    /// Which record of each game is kept, when records are to be kept (written out).
    pub keep: Option<Keep>,
}

/// What the read learns of one record.
enum Seen {
    /// Its fingerprint, main line (for the prefixes) and annotation count.
    Game(Fingerprint, MainLine, u16),
    Failed(String),
}

/// A piece of one input's results: a batch of records, then the end of the input.
enum Piece {
    Records(Vec<Seen>),
    End(Option<String>),
}

/// The records of a collection grouped by game, after [`find_duplicates`].
#[derive(Debug)]
pub struct Duplicates {
    table: Table,
    /// The ordinal of each input's first record.
    file_starts: Vec<u32>,
    /// How many records were read.
    records: u32,
    groups: Vec<Group>,
    /// The ordinals of the records kept, sorted (empty unless [`DedupOptions::keep`]).
    keepers: Vec<u32>,
    /// Whether prefixes count as the same game.
    prefix: bool,
}

/// Reads every input once and groups its records by game. Each record or file that cannot
/// be read is given to `on_failure` (its located message, in input order) and left out.
pub fn find_duplicates<I>(
    inputs: I,
    options: &DedupOptions,
    mut on_failure: impl FnMut(&str),
) -> Result<Duplicates, DedupError>
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
{
    let mut table = Table::default();
    let mut spill = Spill::new()?;
    let mut spill_error: Option<std::io::Error> = None;
    let mut file_starts: Vec<u32> = Vec::new();
    let mut file_start: u32 = 0;
    let mut ordinal: u64 = 0;
    let mut too_many = false;
    batch::run_ordered_pieces(
        inputs,
        options.jobs,
        |input, sink| {
            let mut go_on = true;
            let file = batch::read_each_batched(
                input,
                &options.read,
                batch::RECORDS_PER_BATCH,
                |record, _| see(record),
                |results| {
                    go_on = sink(Piece::Records(results));
                    go_on
                },
            );
            if go_on {
                sink(Piece::End(file.error));
            }
        },
        |piece| match piece {
            Piece::Records(list) => {
                for seen in list {
                    match seen {
                        Seen::Game(fp, line, annotations) => {
                            table.push(Entry {
                                fp,
                                ordinal: ordinal as u32,
                                plies: line.moves.len().min(u16::MAX as usize) as u16,
                                annotations,
                            });
                            if let Err(e) = spill.put(&line) {
                                spill_error = Some(e);
                                return false;
                            }
                        }
                        Seen::Failed(message) => on_failure(&message),
                    }
                    ordinal += 1;
                    if ordinal >= u32::MAX as u64 {
                        too_many = true;
                        return false;
                    }
                }
                true
            }
            Piece::End(error) => {
                file_starts.push(file_start);
                file_start = ordinal as u32;
                if let Some(message) = &error {
                    on_failure(message);
                }
                true
            }
        },
    );
    if too_many {
        return Err(DedupError::TooManyRecords);
    }
    if let Some(e) = spill_error {
        return Err(DedupError::SpillWrite(e));
    }
    table.seal();
    link_prefixes(&mut table, spill)?;
    let groups = table.reported();
    let keepers = match options.keep {
        Some(keep) => table.keepers(keep, options.prefix),
        None => Vec::new(),
    };
    Ok(Duplicates {
        table,
        file_starts,
        records: ordinal as u32,
        groups,
        keepers,
        prefix: options.prefix,
    })
}

/// The prefixes: every shorter prefix of every main line looked up among the games, from the
/// spill file (the inputs are not read again).
fn link_prefixes(table: &mut Table, spill: Spill) -> Result<(), DedupError> {
    let mut lines = spill.lines()?;
    let filter = table.filter();
    while let Some(line) = lines.next_line()? {
        let mut hits: Vec<usize> = Vec::new();
        let fp = line.fingerprint(|_, fp| {
            if filter.may_hold(fp) {
                if let Some(run) = table.run_of(fp) {
                    hits.push(run);
                }
            }
        });
        if let Some(run) = table.run_of(fp) {
            for short in hits {
                table.offer_extension(short, run);
            }
        }
    }
    Ok(())
}

/// The inputs holding a record kept, with their places among the inputs read (from
/// [`Duplicates::report`], for [`Duplicates::kept_records`]).
#[derive(Debug, Default)]
pub struct KeptInputs(Vec<(usize, Input)>);

/// A record kept, read again from its input (see [`Duplicates::kept_records`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The input holds this one record: copy the file as it is.
    Whole {
        /// The input's file name.
        file_name: String,
        /// The input's path.
        path: PathBuf,
    },
    /// One record of a multi-record input, written alone in its format.
    Alone {
        /// Its place in the input (from 0).
        index: usize,
        /// Its bytes alone (its own bytes where they are known).
        bytes: Vec<u8>,
        /// The extension of its format.
        ext: &'static str,
    },
}

impl Duplicates {
    /// How many records were read (without those that could not be).
    pub fn records(&self) -> usize {
        self.table.len()
    }

    /// The ordinals of the records of input `f`: from its start to the next input's.
    fn file_range(&self, f: usize) -> (u32, u32) {
        (
            self.file_starts[f],
            self.file_starts.get(f + 1).copied().unwrap_or(self.records),
        )
    }

    /// The games of more than one record (or with prefixes), named from `inputs`: the same
    /// inputs as read, listed again (not read), each record named `path#N`; and, from the
    /// same listing, the inputs holding a record kept (for [`Duplicates::kept_records`]), so
    /// that the inputs are listed once more, not twice.
    pub fn report<I: IntoIterator<Item = Input>>(&self, inputs: I) -> (DedupReport, KeptInputs) {
        let mut wanted: Vec<u32> = Vec::new();
        for g in &self.groups {
            for &run in std::iter::once(&g.run).chain(&g.prefixes) {
                wanted.extend(self.table.run(run).iter().map(|e| e.ordinal));
            }
        }
        wanted.sort_unstable();
        let mut names: HashMap<u32, String> = HashMap::new();
        let mut holding = Vec::new();
        if !wanted.is_empty() || !self.keepers.is_empty() {
            for (f, input) in inputs.into_iter().enumerate().take(self.file_starts.len()) {
                let (from, to) = self.file_range(f);
                for o in in_range(&wanted, from, to) {
                    names.insert(o, format!("{}#{}", input.display(), o - from));
                }
                if in_range(&self.keepers, from, to).next().is_some() {
                    holding.push((f, input));
                }
            }
        }
        let report = report::report(&self.table, &self.groups, &names, self.prefix);
        (report, KeptInputs(holding))
    }

    /// Reads again the inputs of `kept` (from [`Duplicates::report`]) and gives each kept
    /// record, with its input, to `keep` in input order; `keep` returning false stops.
    /// Nothing is given unless [`DedupOptions::keep`] was set.
    pub fn kept_records(
        &self,
        kept: KeptInputs,
        options: &DedupOptions,
        mut keep: impl FnMut(&Input, Kept) -> bool,
    ) {
        if self.keepers.is_empty() {
            return;
        }
        let (files, inputs): (Vec<usize>, Vec<Input>) = kept.0.into_iter().unzip();
        let mut k = 0usize;
        batch::run_ordered(
            inputs,
            options.jobs,
            |input| (input.clone(), read_again(input, &options.read)),
            |(input, again)| {
                let (from, to) = self.file_range(files[k]);
                k += 1;
                for o in in_range(&self.keepers, from, to) {
                    let i = (o - from) as usize;
                    let kept = match (&again.single, again.bytes.get(i)) {
                        (Some((file_name, path)), _) => Kept::Whole {
                            file_name: file_name.clone(),
                            path: path.clone(),
                        },
                        (None, Some(Some((bytes, ext)))) => Kept::Alone {
                            index: i,
                            bytes: bytes.clone(),
                            ext,
                        },
                        _ => continue,
                    };
                    if !keep(&input, kept) {
                        return false;
                    }
                }
                true
            },
        );
    }
}

/// What the read keeps of one record.
fn see(record: &Record) -> Seen {
    if let Some(e) = record.errors.first() {
        return Seen::Failed(crate::diag::located_error(
            &format!("{}#{}", record.source.path, record.source.index),
            e,
        ));
    }
    match MainLine::of(record) {
        Some(line) => Seen::Game(
            line.fingerprint(|_, _| {}),
            line,
            annotations(record).min(u16::MAX as u32) as u16,
        ),
        None => Seen::Failed(format!(
            "{}#{}: the start position cannot be played",
            record.source.path, record.source.index
        )),
    }
}

/// The values of the sorted `list` in `from..to`.
fn in_range(list: &[u32], from: u32, to: u32) -> impl Iterator<Item = u32> + '_ {
    let i = list.partition_point(|&o| o < from);
    list[i..].iter().copied().take_while(move |&o| o < to)
}

/// An input read again for the records kept.
struct ReadAgain {
    /// The bytes of each record alone, and the extension (none for a single-record file).
    bytes: Vec<Option<(Vec<u8>, &'static str)>>,
    /// The input's file name and path, when it holds one record (copied as it is).
    single: Option<(String, PathBuf)>,
}

/// Reads `input` again: each record alone, or the file as it is when it holds one record.
fn read_again(input: &Input, read_options: &ReadOptions) -> ReadAgain {
    let file = batch::read_input(input, read_options);
    let single = match input {
        Input::File(p) if file.records.len() == 1 => p
            .file_name()
            .map(|n| (n.to_string_lossy().into_owned(), p.clone())),
        _ => None,
    };
    let alone = Alone::new();
    let text = file.text.as_ref().map_or("", |t| t.text());
    let bytes = file
        .records
        .iter()
        .map(|r| (single.is_none()).then(|| alone.bytes(r, text)))
        .collect();
    ReadAgain { bytes, single }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_range_gives_the_values_of_one_input() {
        let list = [1, 4, 5, 9];
        assert_eq!(in_range(&list, 4, 9).collect::<Vec<_>>(), [4, 5]);
        assert_eq!(in_range(&list, 10, 20).count(), 0);
    }

    #[test]
    fn the_same_game_twice_is_one_group_and_the_first_is_kept_whole() {
        let dir = tempfile::tempdir().unwrap();
        let game = std::fs::read("testdata/samples/even-game.csa").unwrap();
        for name in ["a.csa", "b.csa"] {
            std::fs::write(dir.path().join(name), &game).unwrap();
        }
        let inputs = || batch::discover(&[dir.path()]).0;
        let options = DedupOptions {
            jobs: 1,
            keep: Some(Keep::First),
            ..DedupOptions::default()
        };
        let mut failures = Vec::new();
        let found = find_duplicates(inputs(), &options, |m| failures.push(m.to_string())).unwrap();
        assert!(failures.is_empty(), "{failures:?}");
        let (report, holding) = found.report(inputs());
        assert_eq!((report.records, report.games, report.duplicates), (2, 1, 1));
        let names: Vec<&str> = report.groups[0]
            .records
            .iter()
            .map(|m| m.name.as_str())
            .collect();
        assert!(
            names[0].ends_with("a.csa#0") && names[1].ends_with("b.csa#0"),
            "{names:?}"
        );
        let mut kept = Vec::new();
        found.kept_records(holding, &options, |_, k| {
            kept.push(k);
            true
        });
        assert!(
            matches!(&kept[..], [Kept::Whole { file_name, .. }] if file_name == "a.csa"),
            "{kept:?}"
        );
    }

    #[test]
    fn the_spill_gives_back_what_it_was_given() {
        let mut spill = Spill::new().unwrap();
        let lines = [
            MainLine {
                start: [1, 2],
                moves: vec![3, 4, 5],
            },
            MainLine {
                start: [6, 7],
                moves: vec![],
            },
        ];
        for l in &lines {
            spill.put(l).unwrap();
        }
        let mut back = spill.lines().unwrap();
        for l in &lines {
            let got = back.next_line().unwrap().unwrap();
            assert_eq!((got.start, &got.moves), (l.start, &l.moves));
        }
        assert!(back.next_line().unwrap().is_none());
    }
}
