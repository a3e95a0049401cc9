//! Records written one file each into a folder, for `split` and `dedup --out-dir`: the
//! library's [`RecordFiles`] with its failures and its summary said on standard error.

use std::path::Path;

use shogi_tool::collection::names::Names;
use shogi_tool::output::record_files::RecordFiles;

pub use shogi_tool::output::record_files::input_stem;

use super::output::sentence;
use super::style;

/// A folder being written into; each file that cannot be written is said as it fails.
pub struct OutDir<'a> {
    files: RecordFiles<'a>,
}

impl<'a> OutDir<'a> {
    /// Writes into `dir`, avoiding `names` (those in use); with `force` a file there before
    /// the run is replaced. The folder is created by the first file written into it.
    pub fn new(dir: &'a Path, names: Names, force: bool) -> OutDir<'a> {
        OutDir {
            files: RecordFiles::new(dir, names, force, |e| {
                eprintln!("{} {}", style::error(), sentence(e))
            }),
        }
    }

    /// Writes `bytes` as `BODY.EXT` (`BODY-2.EXT`, ... when the name is taken).
    pub fn write(&mut self, body: &str, ext: &str, bytes: &[u8]) {
        self.files.write(body, ext, bytes);
    }

    /// Copies the file `from` byte for byte as `BODY.EXT` (made unique likewise).
    pub fn copy(&mut self, body: &str, ext: &str, from: &Path) {
        self.files.copy(body, ext, from);
    }

    /// Puts every file still waiting in place; call before [`OutDir::summary`].
    pub fn finish(&mut self) {
        self.files.finish();
    }

    /// Says how many records a write error left unwritten, and unless `quiet` how many files
    /// were written (`wrote N files into DIR`) and that the folder was created.
    pub fn summary(&self, quiet: bool) {
        let summary = self.files.summary();
        let dir = self.files.dir();
        if summary.stopped {
            eprintln!(
                "{} stopped after a write error: {} more record{} not written",
                style::error(),
                summary.not_written,
                if summary.not_written == 1 { "" } else { "s" }
            );
        }
        if quiet {
            return;
        }
        if summary.created_folder {
            eprintln!("shogi-tool: note: created the folder {}", dir.display());
        }
        eprintln!(
            "wrote {} file{} into {}",
            summary.written,
            if summary.written == 1 { "" } else { "s" },
            dir.display()
        );
    }

    /// Whether a file could not be written.
    pub fn failed(&self) -> bool {
        self.files.failed()
    }
}
