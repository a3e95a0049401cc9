//! Training files (`.hcpe`, `.psv`) as inputs of the operations: which inputs are such files,
//! and opening one within the size limit.

use std::io::BufReader;

use crate::batch::Input;
use crate::training::TrainingFormat;

/// The training format of an input by its extension (`.hcpe`, `.psv`); `None` for other
/// inputs and for what is not a file.
pub fn training_format(input: &Input) -> Option<TrainingFormat> {
    match input {
        Input::File(p) => TrainingFormat::from_extension(p.extension()?.to_str()?),
        _ => None,
    }
}

/// Opens a training file of at most `max` bytes for reading its entries; the error is the
/// sentence to show.
pub fn open(input: &Input, max: u64) -> Result<BufReader<std::fs::File>, String> {
    let Input::File(p) = input else {
        return Err(format!("{}: not a file", input.display()));
    };
    let file =
        std::fs::File::open(p).map_err(|e| format!("{}: cannot open: {e}", input.display()))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > max {
        return Err(format!(
            "{}: {len} bytes is larger than the limit of {max} bytes (--max-file-size)",
            input.display()
        ));
    }
    Ok(BufReader::with_capacity(1 << 16, file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_training_file_is_known_by_its_extension() {
        let hcpe = Input::File("a/b.hcpe".into());
        assert_eq!(training_format(&hcpe), Some(TrainingFormat::Hcpe));
        assert_eq!(training_format(&Input::File("a.kif".into())), None);
    }
}
