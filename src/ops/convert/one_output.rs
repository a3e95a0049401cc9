//! The one output a conversion's records are joined into as they come ([`OneOutput`]): a file,
//! written whole or not at all ([`OutputFile`]: a temporary file renamed into place), or a
//! writer such as standard output, as the records come or held back to the end. How the
//! output ends ([`Ending`]) says whether anything was written, and why not.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{holds_several, Joiner};
use crate::output::{self, OutputFile};
use crate::record::Format;

/// Why the one output could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OneOutputError {
    /// The output file could not be created or put in place.
    #[error(transparent)]
    File(#[from] output::Error),
    /// Writing the records failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Writing the file stopped while the records came: its temporary file is removed, and a
    /// file there before stays as it was.
    #[error("{} not written", path.display())]
    NotWritten {
        /// The file that was to be written.
        path: PathBuf,
        /// What stopped it.
        #[source]
        source: Box<OneOutputError>,
    },
}

/// How [`OneOutput::finish`] ended the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// The records were written (none: an empty file, or nothing on the writer).
    Written {
        /// The records written.
        records: usize,
        /// The bytes written.
        bytes: u64,
    },
    /// Nothing was written: the target format holds one record, and the inputs held
    /// `records`.
    TooMany {
        /// The records converted.
        records: usize,
    },
    /// Nothing was written: a record was not converted whole, and the output is strict.
    Refused,
    /// Nothing was written: no record was converted, and some failed (a file there before
    /// stays as it was; none is created).
    NothingConverted,
}

/// Where the records go.
enum Sink<W> {
    /// Nowhere (not yet, or no longer).
    None,
    /// The file.
    File(Box<OutputFile>),
    /// The writer, held back until the end.
    Buffer(Vec<u8>),
    /// The writer as the records come.
    Writer(W),
}

/// The one output the records of a conversion to `to` are joined into ([`Joiner`]) as they
/// come, so that memory does not grow with the number of records; a format that holds one
/// record only counts the others, and [`OneOutput::finish`] then refuses to write.
pub struct OneOutput<W: Write> {
    to: Format,
    /// The file written, and whether a file there before the run is replaced.
    file: Option<(PathBuf, bool)>,
    /// The writer, until the first record takes it.
    writer: Option<W>,
    strict: bool,
    sink: Sink<W>,
    joiner: Joiner,
    records: usize,
}

impl<W: Write> OneOutput<W> {
    /// Records converted to `to` into the file `path`, created with the first record (a file
    /// there is replaced only when `force`). With `strict`, [`OneOutput::finish`] writes
    /// nothing when a record failed.
    pub fn file(to: Format, path: &Path, force: bool, strict: bool) -> OneOutput<W> {
        OneOutput {
            file: Some((path.to_path_buf(), force)),
            ..OneOutput::new(to, None, strict)
        }
    }

    /// Records converted to `to` onto `writer` (standard output): as they come, or held back
    /// to the end when `strict` may still refuse them all or the format holds one record.
    pub fn writer(to: Format, writer: W, strict: bool) -> OneOutput<W> {
        OneOutput::new(to, Some(writer), strict)
    }

    fn new(to: Format, writer: Option<W>, strict: bool) -> OneOutput<W> {
        OneOutput {
            to,
            file: None,
            writer,
            strict,
            sink: Sink::None,
            joiner: Joiner::new(to),
            records: 0,
        }
    }

    /// How many records were converted so far.
    pub fn records(&self) -> usize {
        self.records
    }

    /// Adds the next record (its bytes in the target format); `note` hears what creating the
    /// file has to say (a folder made, a file replaced). An error stops the output: drop it,
    /// and nothing of it is left.
    pub fn push(&mut self, bytes: Vec<u8>, note: impl FnOnce(&str)) -> Result<(), OneOutputError> {
        self.records += 1;
        if self.records > 1 && !holds_several(self.to) {
            // Counted for the refusal, never written.
            self.sink = Sink::None;
            return Ok(());
        }
        let written = self.open(note).and_then(|()| {
            let joiner = &mut self.joiner;
            Ok(write_to(&mut self.sink, |w| joiner.push(w, bytes))?)
        });
        written.map_err(|e| match &self.file {
            Some((path, _)) => OneOutputError::NotWritten {
                path: path.clone(),
                source: Box::new(e),
            },
            None => e,
        })
    }

    /// Takes the file or the writer for the first record.
    fn open(&mut self, note: impl FnOnce(&str)) -> Result<(), OneOutputError> {
        if self.records != 1 {
            return Ok(());
        }
        self.sink = match &self.file {
            Some((path, force)) => Sink::File(Box::new(OutputFile::create(path, *force, note)?)),
            // The writer stays for the end.
            None if self.strict || !holds_several(self.to) => Sink::Buffer(Vec::new()),
            None => match self.writer.take() {
                Some(w) => Sink::Writer(w),
                None => Sink::None,
            },
        };
        Ok(())
    }

    /// Ends the output, `failed` saying whether a record or an input failed: writes what is
    /// held back and puts the file in place, or says why nothing was written. With no record
    /// and no failure, an empty file is created (`note` hears about it).
    pub fn finish(
        mut self,
        failed: bool,
        note: impl FnOnce(&str),
    ) -> Result<Ending, OneOutputError> {
        let records = self.records;
        if !holds_several(self.to) && records > 1 {
            return Ok(Ending::TooMany { records });
        }
        if self.strict && failed {
            return Ok(Ending::Refused);
        }
        if records == 0 {
            if failed {
                return Ok(Ending::NothingConverted);
            }
            if let Some((path, force)) = &self.file {
                self.sink = Sink::File(Box::new(OutputFile::create(path, *force, note)?));
            }
        }
        let joiner = &mut self.joiner;
        write_to(&mut self.sink, |w| joiner.finish(w))?;
        let bytes = self.joiner.written();
        match self.sink {
            Sink::File(f) => f.finish()?,
            Sink::Buffer(bytes) => {
                if let Some(mut w) = self.writer {
                    w.write_all(&bytes)?;
                    w.flush()?;
                }
            }
            Sink::Writer(mut w) => w.flush()?,
            Sink::None => {}
        }
        Ok(Ending::Written { records, bytes })
    }
}

/// Has `f` write to where the records go (nothing when they go nowhere).
fn write_to<W: Write>(
    sink: &mut Sink<W>,
    f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    match sink {
        Sink::None => Ok(()),
        Sink::File(w) => f(w.as_mut()),
        Sink::Buffer(w) => f(w),
        Sink::Writer(w) => f(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "V2.2\nPI\n+\n%TORYO\n";

    fn csa(text: &str) -> Vec<u8> {
        text.as_bytes().to_vec()
    }

    #[test]
    fn records_are_joined_into_the_file_and_an_empty_run_makes_an_empty_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("all.csa");
        let mut one = OneOutput::<Vec<u8>>::file(Format::Csa, &path, false, false);
        one.push(csa(A), |_| {}).unwrap();
        one.push(csa(A), |_| {}).unwrap();
        assert!(!path.exists(), "the file appears whole at the end");
        let ending = one.finish(false, |_| {}).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, "V2.2\nPI\n+\n%TORYO\n/\nPI\n+\n%TORYO\n");
        assert_eq!(
            ending,
            Ending::Written {
                records: 2,
                bytes: text.len() as u64
            }
        );
        let empty = dir.path().join("none.csa");
        let one = OneOutput::<Vec<u8>>::file(Format::Csa, &empty, false, false);
        assert_eq!(
            one.finish(false, |_| {}).unwrap(),
            Ending::Written {
                records: 0,
                bytes: 0
            }
        );
        assert_eq!(std::fs::read(&empty).unwrap(), b"");
    }

    #[test]
    fn nothing_is_written_when_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.kif");
        std::fs::write(&path, "before").unwrap();
        let mut one = OneOutput::<Vec<u8>>::file(Format::Kif, &path, true, false);
        one.push(csa("x"), |_| {}).unwrap();
        one.push(csa("y"), |_| {}).unwrap();
        assert_eq!(one.records(), 2);
        assert_eq!(
            one.finish(false, |_| {}).unwrap(),
            Ending::TooMany { records: 2 }
        );
        let mut strict = OneOutput::<Vec<u8>>::file(Format::Csa, &path, true, true);
        strict.push(csa(A), |_| {}).unwrap();
        assert_eq!(strict.finish(true, |_| {}).unwrap(), Ending::Refused);
        let none = OneOutput::<Vec<u8>>::file(Format::Csa, &path, true, false);
        assert_eq!(none.finish(true, |_| {}).unwrap(), Ending::NothingConverted);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "before");
    }

    /// A writer that says what reached it, shared with the test.
    #[derive(Clone, Default)]
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_writer_gets_the_records_as_they_come_unless_strict_may_refuse_them() {
        let seen = Shared::default();
        let mut one = OneOutput::writer(Format::Usi, seen.clone(), false);
        one.push(csa("startpos\n"), |_| {}).unwrap();
        assert_eq!(seen.0.borrow().as_slice(), b"startpos\n");
        one.finish(false, |_| {}).unwrap();
        let held = Shared::default();
        let mut one = OneOutput::writer(Format::Usi, held.clone(), true);
        one.push(csa("startpos\n"), |_| {}).unwrap();
        assert!(held.0.borrow().is_empty());
        one.finish(false, |_| {}).unwrap();
        assert_eq!(held.0.borrow().as_slice(), b"startpos\n");
        let refused = Shared::default();
        let mut one = OneOutput::writer(Format::Usi, refused.clone(), true);
        one.push(csa("startpos\n"), |_| {}).unwrap();
        assert_eq!(one.finish(true, |_| {}).unwrap(), Ending::Refused);
        assert!(refused.0.borrow().is_empty());
    }

    #[test]
    fn a_file_that_cannot_be_created_is_not_written_and_says_which() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("a");
        std::fs::write(&blocker, "x").unwrap();
        let path = blocker.join("b.csa");
        let mut one = OneOutput::<Vec<u8>>::file(Format::Csa, &path, false, false);
        let e = one.push(csa(A), |_| {}).unwrap_err();
        assert!(
            e.to_string() == format!("{} not written", path.display()),
            "{e}"
        );
        assert!(
            matches!(e, OneOutputError::NotWritten { source, .. } if matches!(*source, OneOutputError::File(_)))
        );
    }
}
