//! Training files (`.hcpe`, `.psv`) as inputs of the operations: which inputs are such files,
//! and what `validate` finds in their entries.

use std::io::BufReader;

use crate::batch::Input;
use crate::training::{problems, EntryReader, TrainingFormat};

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

/// One problem `validate` finds in a training file: of an entry (a foul: `invalid-position`,
/// `illegal-move`; an error: `parse-error`) or of the whole file (`unreadable`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryProblem {
    /// The file, as shown.
    pub path: String,
    /// Its format.
    pub format: TrainingFormat,
    /// The entry (counted from 0) and its byte offset, when the problem is of one entry.
    pub entry: Option<(u64, u64)>,
    /// `foul` or `error`.
    pub severity: &'static str,
    /// The problem's stable code.
    pub code: &'static str,
    /// What is wrong, one sentence.
    pub message: String,
}

impl EntryProblem {
    /// The problem as one JSON object (no newline): path, format, severity, code, message,
    /// and the entry and offset when it is of one entry.
    pub fn to_json(&self) -> String {
        let mut o = serde_json::json!({
            "path": self.path,
            "format": self.format.name(),
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
        });
        if let Some((i, offset)) = self.entry {
            o["entry"] = i.into();
            o["offset"] = offset.into();
        }
        o.to_string()
    }

    /// The problem as one line of text with its newline: `path: entry I (byte O): foul[code]:
    /// message`.
    pub fn to_human(&self) -> String {
        let at = self
            .entry
            .map_or(String::new(), |(i, o)| format!(" entry {i} (byte {o}):"));
        format!(
            "{}:{at} {}[{}]: {}\n",
            self.path, self.severity, self.code, self.message
        )
    }
}

/// What checking a training file counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryCounts {
    /// The entries read (those that could not be read included).
    pub entries: usize,
    /// The entries with a foul.
    pub with_fouls: usize,
    /// The entries that could not be read, or 1 for a file that could not be opened.
    pub unreadable: usize,
}

/// Checks every entry of the training file `input` (of `format`, at most `max_file_size`
/// bytes), handing each problem to `on_problem` in file order.
pub fn check_file(
    input: &Input,
    format: TrainingFormat,
    max_file_size: u64,
    mut on_problem: impl FnMut(EntryProblem),
) -> EntryCounts {
    let path = input.display();
    let problem = |entry, severity, code, message| EntryProblem {
        path: path.clone(),
        format,
        entry,
        severity,
        code,
        message,
    };
    let mut counts = EntryCounts::default();
    let reader = match open(input, max_file_size) {
        Ok(r) => r,
        Err(e) => {
            counts.unreadable += 1;
            on_problem(problem(None, "error", "unreadable", e));
            return counts;
        }
    };
    for item in EntryReader::new(reader, format) {
        counts.entries += 1;
        match item {
            Ok((i, e)) => {
                let found = problems(&e);
                if !found.is_empty() {
                    counts.with_fouls += 1;
                }
                let offset = i * format.size() as u64;
                for p in found {
                    let code = if p.starts_with("the move") {
                        "illegal-move"
                    } else {
                        "invalid-position"
                    };
                    on_problem(problem(Some((i, offset)), "foul", code, p));
                }
            }
            Err(e) => {
                counts.unreadable += 1;
                on_problem(problem(None, "error", "parse-error", e.to_string()));
            }
        }
    }
    counts
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

    #[test]
    fn a_missing_or_torn_training_file_is_reported_not_a_panic() {
        let dir = std::env::temp_dir().join(format!("ops-training-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = Input::File(dir.join("missing.hcpe"));
        let mut seen = Vec::new();
        let counts = check_file(&missing, TrainingFormat::Hcpe, 1 << 20, |p| seen.push(p));
        assert_eq!(counts.unreadable, 1);
        assert_eq!(seen[0].code, "unreadable");
        assert!(seen[0].to_human().contains(": error[unreadable]: "));
        // 39 bytes: one 38-byte entry of zeros and one byte left over, the file torn.
        let torn = dir.join("torn.hcpe");
        std::fs::write(&torn, [0u8; 39]).unwrap();
        let mut seen = Vec::new();
        let counts = check_file(&Input::File(torn), TrainingFormat::Hcpe, 1 << 20, |p| {
            seen.push(p)
        });
        assert_eq!(counts.entries, 2, "{seen:?}");
        assert!(counts.unreadable >= 1, "{seen:?}");
        let last = seen.last().unwrap();
        assert_eq!((last.code, last.entry), ("parse-error", None));
        assert!(last.to_json().contains("\"severity\":\"error\""));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
