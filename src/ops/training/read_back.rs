//! Training files read back: the positions of their entries (for `positions`) and their
//! statistics (for `stats`).

use crate::batch::Input;
use crate::ops::positions::Which;
use crate::shogi::Position;
use crate::training::{EntryReader, TrainingStats};

use super::files::{open, training_format};

/// The positions of a training file: the text for standard output, and the sentences saying
/// what could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadBack {
    /// `<entry>\t<sfen>` lines (entries counted from 0), or the bare SFEN of the one asked for.
    pub out: String,
    /// What could not be read, in file order.
    pub errors: Vec<String>,
}

/// The positions of the `.hcpe`/`.psv` input `input` (at most `max_file_size` bytes):
/// every entry's, or ([`Which::Ply`]) the bare SFEN of entry N, or ([`Which::Final`]) of the
/// last; `None` for other inputs.
pub fn read_back_positions(input: &Input, max_file_size: u64, which: Which) -> Option<ReadBack> {
    let format = training_format(input)?;
    let mut back = ReadBack::default();
    let reader = match open(input, max_file_size) {
        Ok(r) => r,
        Err(e) => {
            back.errors.push(e);
            return Some(back);
        }
    };
    let mut last = None;
    let mut found = false;
    for item in EntryReader::new(reader, format) {
        match item {
            Ok((i, e)) => {
                let sfen = match Position::from_setup(&e.setup) {
                    Ok(p) => p.to_sfen(),
                    Err(err) => {
                        back.errors
                            .push(format!("{}: entry {i}: {err}", input.display()));
                        continue;
                    }
                };
                match which {
                    Which::Ply(n) if n as u64 == i => {
                        back.out.push_str(&sfen);
                        back.out.push('\n');
                        found = true;
                    }
                    Which::Ply(_) => {}
                    Which::Final => last = Some(sfen),
                    Which::All => back.out.push_str(&format!("{i}\t{sfen}\n")),
                }
            }
            Err(e) => back.errors.push(format!("{}: {e}", input.display())),
        }
    }
    if let Some(sfen) = last {
        back.out.push_str(&sfen);
        back.out.push('\n');
    }
    if let (Which::Ply(n), false) = (which, found) {
        back.errors
            .push(format!("{}: the file has no entry {n}", input.display()));
    }
    Some(back)
}

/// An input of a training files' `stats` run that is not one.
#[derive(Debug, thiserror::Error)]
#[error("{path}: stats reads training files (.hcpe, .psv) or records, not both in one run")]
pub struct NotTraining {
    /// The input, as shown.
    pub path: String,
}

/// The statistics of training files.
#[derive(Debug)]
pub struct TrainingStatsRun {
    /// Entries, results, side to move, scores and distinct positions.
    pub stats: TrainingStats,
    /// The files taken.
    pub files: u64,
    /// Whether a file or an entry could not be read.
    pub failed: bool,
}

/// The statistics of every input of `inputs`, each a `.hcpe`/`.psv` file of at most
/// `max_file_size` bytes; `on_error` gets each sentence saying what could not be read. An
/// input of another kind ends the run with [`NotTraining`].
pub fn training_stats<I: IntoIterator<Item = Input>>(
    inputs: I,
    max_file_size: u64,
    mut on_error: impl FnMut(&str),
) -> Result<TrainingStatsRun, NotTraining> {
    let mut run = TrainingStatsRun {
        stats: TrainingStats::new(),
        files: 0,
        failed: false,
    };
    for i in inputs {
        let Some(format) = training_format(&i) else {
            return Err(NotTraining { path: i.display() });
        };
        run.files += 1;
        let reader = match open(&i, max_file_size) {
            Ok(r) => r,
            Err(e) => {
                on_error(&e);
                run.failed = true;
                continue;
            }
        };
        for item in EntryReader::new(reader, format) {
            match item {
                Ok((_, e)) => run.stats.add(&e),
                Err(e) => {
                    run.stats.unreadable += 1;
                    on_error(&format!("{}: {e}", i.display()));
                    run.failed = true;
                }
            }
        }
    }
    Ok(run)
}

impl TrainingStatsRun {
    /// The score histogram: each bucket's label and its positions.
    fn buckets(&self) -> Vec<(String, u64)> {
        self.stats
            .scores
            .iter()
            .enumerate()
            .map(|(i, &n)| (TrainingStats::bucket_label(i), n))
            .collect()
    }

    /// The statistics as one JSON object and a newline.
    pub fn to_json(&self) -> String {
        let total = &self.stats;
        let scores: Vec<serde_json::Value> = self
            .buckets()
            .iter()
            .map(|(k, v)| serde_json::json!({"scores": k, "positions": v}))
            .collect();
        let o = serde_json::json!({
            "files": self.files,
            "positions": total.entries,
            "unreadable": total.unreadable,
            "distinct_positions": total.distinct(),
            "results": {"black": total.results[0], "white": total.results[1], "draw": total.results[2]},
            "to_move": {"black": total.to_move[0], "white": total.to_move[1]},
            "zero_scores": total.zero_scores,
            "scores": scores,
        });
        format!("{o}\n")
    }

    /// The statistics as a table, a line each.
    pub fn to_table(&self) -> String {
        let total = &self.stats;
        let mut t = format!(
            "files               {}\npositions           {}\ndistinct positions  {}\n\
             black won           {}\nwhite won           {}\ndrawn               {}\n\
             black to move       {}\nwhite to move       {}\nscore 0             {}\n",
            self.files,
            total.entries,
            total.distinct(),
            total.results[0],
            total.results[1],
            total.results[2],
            total.to_move[0],
            total.to_move[1],
            total.zero_scores
        );
        if total.unreadable > 0 {
            t.push_str(&format!("unreadable entries  {}\n", total.unreadable));
        }
        t.push_str("scores (side to move)\n");
        for (label, n) in &self.buckets() {
            t.push_str(&format!("  {label:<14}    {n}\n"));
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_training_file_that_cannot_be_read_is_said_and_records_are_refused() {
        let missing = Input::File("no-such-dir/a.psv".into());
        let back = read_back_positions(&missing, 1 << 20, Which::All).unwrap();
        assert!(back.out.is_empty());
        assert!(back.errors[0].contains("cannot open"), "{:?}", back.errors);
        assert!(read_back_positions(&Input::File("a.kif".into()), 1, Which::All).is_none());
        let mut errors = Vec::new();
        let run = training_stats([missing], 1 << 20, |e| errors.push(e.to_string())).unwrap();
        assert!(run.failed && errors.len() == 1);
        assert!(run.to_table().starts_with("files               1\n"));
        assert!(run.to_json().contains("\"files\":1"));
        let mixed = training_stats([Input::File("a.kif".into())], 1, |_| {});
        assert!(mixed
            .unwrap_err()
            .to_string()
            .contains("not both in one run"));
    }
}
