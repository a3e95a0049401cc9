//! One input converted a batch of records at a time, so that a multi-game file of any size
//! holds a batch of outputs, never all of them.

use super::{convert_record, ConvertOptions, Converted};
use crate::batch::{self, Input};

/// A piece of one input's outputs: a batch of its records, or its end.
#[derive(Debug)]
pub struct InputPiece {
    /// The input's name as shown.
    pub path: String,
    /// The records of this batch, in record order.
    pub converted: Vec<Converted>,
    /// Whether the input holds several records (so that a record is named `path#N`).
    pub several: bool,
    /// Whether this is the input's last piece (it holds the input's last batch, if any).
    pub last: bool,
    /// In the last piece: why the input could not be read, if so.
    pub error: Option<String>,
}

impl InputPiece {
    fn new(path: &str) -> InputPiece {
        InputPiece {
            path: path.to_string(),
            converted: Vec::new(),
            several: false,
            last: false,
            error: None,
        }
    }

    /// How `converted` names its record: `path`, or `path#N` in an input of several.
    pub fn name_of(&self, converted: &Converted) -> String {
        if self.several {
            format!("{}#{}", self.path, converted.record)
        } else {
            self.path.clone()
        }
    }
}

/// Converts the records of `input` and hands them to `sink` a batch at a time, in record
/// order; the last piece (with `last` set) holds the last batch and says why the input could
/// not be read, if so. `sink` returns false to stop (the last piece is then not sent). Each
/// batch is held until the next is converted, so an input of one batch is one hand-off, not
/// two (a hand-off to the writing thread costs a wake-up: issue 34).
pub fn convert_input(
    input: &Input,
    read_options: &batch::ReadOptions,
    options: &ConvertOptions,
    sink: &mut dyn FnMut(InputPiece) -> bool,
) {
    let path = input.display();
    let mut go_on = true;
    let mut batches = 0usize;
    let mut held: Option<InputPiece> = None;
    let file = batch::read_each_batched(
        input,
        read_options,
        batch::RECORDS_PER_BATCH,
        |record, _| convert_record(record, options),
        |converted| {
            // Batches are full but for the last: a first batch of one is the only record.
            let several = batches > 0 || converted.len() > 1;
            batches += 1;
            let mut piece = InputPiece::new(&path);
            piece.several = several;
            piece.converted = converted;
            if let Some(before) = held.replace(piece) {
                go_on = sink(before);
            }
            go_on
        },
    );
    if !go_on {
        return;
    }
    let mut piece = held.unwrap_or_else(|| InputPiece::new(&path));
    piece.last = true;
    piece.error = file.error;
    sink(piece);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Format;

    /// The pieces `convert_input` hands over for `path`: (records, last, several) each.
    fn pieces(path: &std::path::Path) -> Vec<(usize, bool, bool)> {
        let (inputs, errors) = batch::discover(&[path]);
        assert!(errors.is_empty() && inputs.len() == 1);
        let mut seen = Vec::new();
        convert_input(
            &inputs[0],
            &batch::ReadOptions::default(),
            &ConvertOptions::new(Format::Usi),
            &mut |p| {
                seen.push((p.converted.len(), p.last, p.several));
                true
            },
        );
        seen
    }

    #[test]
    fn an_input_of_one_record_is_one_piece() {
        assert_eq!(
            pieces(std::path::Path::new("testdata/samples/even-game.csa")),
            vec![(1, true, false)]
        );
    }

    #[test]
    fn the_last_batch_of_an_input_carries_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("many.csa");
        let game = "V2.2\nPI\n+\n+7776FU\n-3334FU\n";
        let n = batch::RECORDS_PER_BATCH + 3;
        std::fs::write(&path, vec![game; n].join("/\n")).unwrap();
        let seen = pieces(&path);
        assert_eq!(
            seen,
            vec![(batch::RECORDS_PER_BATCH, false, true), (3, true, true)]
        );
    }

    #[test]
    fn an_input_over_the_size_limit_is_one_last_piece_with_its_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.csa");
        std::fs::write(&path, "V2.2\nPI\n+\n+7776FU\n").unwrap();
        let (inputs, _) = batch::discover(&[&path]);
        let too_small = batch::ReadOptions {
            max_file_size: 4,
            ..batch::ReadOptions::default()
        };
        let mut seen = Vec::new();
        convert_input(
            &inputs[0],
            &too_small,
            &ConvertOptions::new(Format::Usi),
            &mut |p| {
                seen.push((p.converted.len(), p.last, p.error.is_some()));
                true
            },
        );
        assert_eq!(seen, vec![(0, true, true)]);
    }
}
