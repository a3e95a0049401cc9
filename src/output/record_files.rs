//! Records written one file each into a folder, for `split` and `dedup --out-dir`: names made
//! unique within the run, every file written whole or not at all (synced once per batch, see
//! [`super::batch`]), failures handed to the caller as they happen and counted.

use std::path::Path;

use crate::batch::Input;
use crate::collection::names::Names;

use super::batch::{self, Batch};
use super::error::{Error, Result};

/// The name a record asked for (`BODY`, `EXT`), and how many times it gave way to the next.
struct Wanted {
    body: String,
    ext: String,
    tries: usize,
}

/// A folder being written into.
pub struct RecordFiles<'a> {
    dir: &'a Path,
    names: Names,
    force: bool,
    batch: Batch<Wanted>,
    written: usize,
    failures: usize,
    /// Records not written because an earlier write failed in the file system (a full disk,
    /// a read-only folder): every later one would fail the same way.
    not_written: usize,
    stopped: bool,
    /// Whether the folder was missing when the run began.
    missing: bool,
    /// Told of each file that could not be written.
    report: Box<dyn FnMut(&Error) + 'a>,
}

/// What became of a folder's files, once [`RecordFiles::finish`] has run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// How many files were written.
    pub written: usize,
    /// Whether the run stopped writing after a file-system error.
    pub stopped: bool,
    /// How many records were not written because of that stop.
    pub not_written: usize,
    /// Whether this run created the folder (it was missing and a file was written).
    pub created_folder: bool,
}

/// How many times a name taken meanwhile (by another run writing into the same folder) gives
/// way to the next before the record is given up.
const RETRIES: usize = 10_000;

impl<'a> RecordFiles<'a> {
    /// Writes into `dir`, avoiding `names` (those in use); with `force` a file there before
    /// the run is replaced. The folder is created by the first file written into it. `report`
    /// is told of every file that could not be written, when it fails.
    pub fn new(
        dir: &'a Path,
        names: Names,
        force: bool,
        report: impl FnMut(&Error) + 'a,
    ) -> RecordFiles<'a> {
        RecordFiles {
            dir,
            names,
            force,
            batch: Batch::new(dir),
            written: 0,
            failures: 0,
            not_written: 0,
            stopped: false,
            missing: std::fs::symlink_metadata(dir).is_err(),
            report: Box::new(report),
        }
    }

    /// Writes `bytes` as `BODY.EXT` (`BODY-2.EXT`, ... when the name is taken, before the run
    /// or meanwhile by another run).
    pub fn write(&mut self, body: &str, ext: &str, bytes: &[u8]) {
        if self.stopped {
            self.not_written += 1;
            return;
        }
        if let Err(e) = self.write_unique(body, ext, bytes) {
            self.count(Err(e));
        }
    }

    /// Copies the file `from` byte for byte as `BODY.EXT` (made unique likewise).
    pub fn copy(&mut self, body: &str, ext: &str, from: &Path) {
        if self.stopped {
            self.not_written += 1;
            return;
        }
        let result = std::fs::read(from)
            .map_err(|reason| Error::Unreadable {
                path: from.to_path_buf(),
                reason,
            })
            .and_then(|b| self.write_unique(body, ext, &b));
        if let Err(e) = result {
            self.count(Err(e));
        }
    }

    /// Writes under the first free name, taking the next when a file of that name appears
    /// meanwhile (only without `force`: with it, the name is this run's to replace); the file
    /// is put in place when its batch is committed.
    fn write_unique(&mut self, body: &str, ext: &str, bytes: &[u8]) -> Result<()> {
        let mut tries = 0;
        loop {
            let target = self.dir.join(self.names.unique(body, ext));
            let wanted = Wanted {
                body: body.to_string(),
                ext: ext.to_string(),
                tries,
            };
            match self.batch.add(wanted, &target, bytes, self.force, |_| {}) {
                Err(e) if !self.force && e.is_exists() && tries < RETRIES => tries += 1,
                Err(e) if e.is_exists() => return Err(Error::Taken(target)),
                Err(e) => return Err(e),
                Ok(()) => {
                    if self.batch.is_due() {
                        self.commit();
                    }
                    return Ok(());
                }
            }
        }
    }

    /// Puts the files of the batch in place and counts them.
    fn commit(&mut self) {
        let (dir, names) = (self.dir, &mut self.names);
        let done = self.batch.commit(|w| {
            w.tries += 1;
            (w.tries <= RETRIES).then(|| dir.join(names.unique(&w.body, &w.ext)))
        });
        for batch::Done { result } in done {
            self.count(result.map(|_| ()));
        }
    }

    /// Puts every file still waiting in place; call before [`RecordFiles::summary`].
    pub fn finish(&mut self) {
        self.commit();
    }

    fn count(&mut self, result: Result<()>) {
        match result {
            Ok(()) => self.written += 1,
            Err(e) => {
                (self.report)(&e);
                self.failures += 1;
                if e.is_io() {
                    // A full disk or a read-only folder fails every later write the same way.
                    self.stopped = true;
                }
            }
        }
    }

    /// How many files were written, and whether a write error stopped the run.
    pub fn summary(&self) -> Summary {
        Summary {
            written: self.written,
            stopped: self.stopped,
            not_written: self.not_written,
            created_folder: self.missing && self.written > 0,
        }
    }

    /// The folder written into.
    pub fn dir(&self) -> &Path {
        self.dir
    }

    /// Whether a file could not be written.
    pub fn failed(&self) -> bool {
        self.failures > 0 || self.not_written > 0
    }
}

/// The stem of an input's file name (`games` for `games.csa`), to name its records by.
pub fn input_stem(input: &Input) -> String {
    match input {
        Input::File(p) => p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "record".into()),
        _ => "stdin".into(),
    }
}
