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
