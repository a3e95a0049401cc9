//! `positions --format hcpe|psv` as a library call: the training entries of the sound records
//! of every input, handed over in input order, with what was written and left out, and why.

use crate::batch::{self, Input, ReadOptions};
use crate::record::Record;
use crate::text::SourceText;
use crate::training::{export_record, ExportOptions, Exported, Summary, TrainingFormat, Unique};

use super::files::training_format;

/// How [`export`] reads, filters and writes.
#[derive(Clone, Debug)]
pub struct TrainingExportOptions {
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// How the inputs are read.
    pub read: ReadOptions,
    /// The format, the filters and what a position without an evaluation gets.
    pub export: ExportOptions,
    /// Each distinct position once across all inputs, the first met.
    pub unique: bool,
}

/// What an [`export`] run did.
#[derive(Clone, Debug)]
pub struct ExportRun {
    /// The format written.
    pub format: TrainingFormat,
    /// The records read and used, the entries written, what was left out and why.
    pub summary: Summary,
    /// With [`TrainingExportOptions::unique`], the distinct positions held.
    pub distinct: Option<usize>,
    /// Whether an input or a record could not be read or exported.
    pub failed: bool,
    /// Whether the caller stopped the run (the entries could not be written).
    pub stopped: bool,
}

impl ExportRun {
    /// The run's summary in one line (no newline): records read and used, entries written,
    /// what was left out and the evaluations' sources.
    pub fn summary_line(&self) -> String {
        let (s, format) = (&self.summary, self.format);
        let distinct = self.distinct.map_or(String::new(), |n| {
            format!(
                " (--unique: {n} distinct positions held, about {} KiB)",
                n * 16 / 1024
            )
        });
        format!(
            "{} records read, {} used; {} positions written ({} bytes of {}){distinct}; records left out: {}; positions left out: {}; evaluations: {}",
            s.records,
            s.records_used,
            s.positions,
            s.positions * format.size() as u64,
            format.name(),
            counts(&s.records_left_out),
            counts(&s.positions_left_out),
            counts(&s.eval_sources),
        )
    }
}

/// `name n, name n` of a count table, or `none`.
fn counts(map: &std::collections::BTreeMap<&'static str, u64>) -> String {
    if map.is_empty() {
        return "none".into();
    }
    map.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What one input gives: entries of records (each with the error that stopped its record),
/// or why the input gives none.
enum Piece {
    Records(Vec<(Exported, Option<String>)>),
    Failed(String),
}

/// Exports the sound records of every input of `inputs`: `on_bytes` gets the entries in input
/// order (returning `false` stops the run: they cannot be written), `on_error` each sentence
/// saying what could not be read or exported, in its place among them.
pub fn export<I>(
    inputs: I,
    options: &TrainingExportOptions,
    mut on_error: impl FnMut(&str),
    mut on_bytes: impl FnMut(&[u8]) -> bool,
) -> ExportRun
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
{
    let format = options.export.format;
    let mut run = ExportRun {
        format,
        summary: Summary::default(),
        distinct: None,
        failed: false,
        stopped: false,
    };
    let mut unique = options.unique.then(Unique::new);
    batch::run_ordered_pieces(
        inputs,
        options.jobs,
        |item: &Input, sink: &mut dyn FnMut(Piece) -> bool| export_one(item, options, sink),
        |piece| match piece {
            Piece::Failed(message) => {
                on_error(&message);
                run.failed = true;
                true
            }
            Piece::Records(records) => {
                for (mut exported, error) in records {
                    if let Some(e) = error {
                        on_error(&e);
                        run.failed = true;
                    }
                    if let Some(u) = unique.as_mut() {
                        u.filter(&mut exported, format);
                    }
                    run.summary += &exported.summary;
                    if !on_bytes(&exported.bytes) {
                        run.stopped = true;
                        return false;
                    }
                }
                true
            }
        },
    );
    run.distinct = unique.map(|u| u.len());
    run
}

/// Exports one input, handing its pieces to `sink`.
fn export_one(item: &Input, options: &TrainingExportOptions, sink: &mut dyn FnMut(Piece) -> bool) {
    let format = options.export.format;
    if training_format(item).is_some() {
        sink(Piece::Failed(format!(
            "{}: already training data; convert records, not {} files",
            item.display(),
            format.name()
        )));
        return;
    }
    let per_record = |record: &Record, _: &SourceText| {
        if let Some(variant) = record.variant_name() {
            // The entries' Huffman codes are of the 9x9 board and its pieces.
            let error = format!(
                "{}#{}: {} entries are positions of standard shogi only; this record is of \
                 {variant}",
                record.source.path,
                record.source.index,
                format.name()
            );
            return (Exported::default(), Some(error));
        }
        let error = record.errors.first().map(|e| {
            format!(
                "{}:{}:{}: {}",
                record.source.path, e.line, e.column, e.message
            )
        });
        (export_record(record, &options.export), error)
    };
    let file = batch::read_each_batched_to_end(
        item,
        &options.read,
        batch::RECORDS_PER_BATCH,
        per_record,
        |batch| sink(Piece::Records(batch)),
    );
    if let Some(message) = file.and_then(|f| f.error) {
        sink(Piece::Failed(message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sound_records_give_entries_and_a_summary() {
        let (inputs, _) = batch::discover(&["testdata/samples/even-game.csa"]);
        let options = TrainingExportOptions {
            jobs: 1,
            read: ReadOptions::default(),
            export: ExportOptions::new(TrainingFormat::Hcpe),
            unique: true,
        };
        let mut bytes = Vec::new();
        let mut errors = Vec::new();
        let run = export(
            inputs,
            &options,
            |e| errors.push(e.to_string()),
            |b| {
                bytes.extend_from_slice(b);
                true
            },
        );
        assert!(errors.is_empty() && !run.failed, "{errors:?}");
        assert!(run.summary.positions > 0);
        assert_eq!(bytes.len() as u64, run.summary.positions * 38);
        assert!(run.distinct.is_some());
        assert!(run.summary_line().contains(" bytes of hcpe) (--unique: "));
        // A training file is not an input of an export; a refusal to take bytes stops it.
        let inputs = ["x.hcpe", "testdata/samples/even-game.csa"].map(|p| Input::File(p.into()));
        let run = export(inputs, &options, |e| errors.push(e.to_string()), |_| false);
        assert!(run.failed && run.stopped);
        assert!(
            errors[0].ends_with("already training data; convert records, not hcpe files"),
            "{errors:?}"
        );
    }
}
