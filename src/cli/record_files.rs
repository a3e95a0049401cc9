//! Records written one file each into a folder, for `split` and `dedup --out-dir`: names made
//! unique within the run, every file written whole or not at all, failures said and counted.

use std::path::Path;

use shogi_tool::batch::Input;
use shogi_tool::collection::names::Names;

use super::output;
use super::style;

/// A folder being written into.
pub struct OutDir<'a> {
    dir: &'a Path,
    names: Names,
    force: bool,
    written: usize,
    failures: usize,
}

impl<'a> OutDir<'a> {
    /// Writes into `dir`, avoiding `names` (those in use); with `force` a file there before
    /// the run is replaced.
    pub fn new(dir: &'a Path, names: Names, force: bool) -> OutDir<'a> {
        OutDir {
            dir,
            names,
            force,
            written: 0,
            failures: 0,
        }
    }

    /// Writes `bytes` as `BODY.EXT` (`BODY-2.EXT`, ... when the name is taken).
    pub fn write(&mut self, body: &str, ext: &str, bytes: &[u8]) {
        let target = self.dir.join(self.names.unique(body, ext));
        let result = output::write_file(&target, bytes, self.force, |_| {});
        self.count(result);
    }

    /// Copies the file `from` byte for byte as `BODY.EXT` (made unique likewise).
    pub fn copy(&mut self, body: &str, ext: &str, from: &Path) {
        let target = self.dir.join(self.names.unique(body, ext));
        let result = std::fs::read(from)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", from.display()))
            .and_then(|b| output::write_file(&target, &b, self.force, |_| {}));
        self.count(result);
    }

    fn count(&mut self, result: anyhow::Result<()>) {
        match result {
            Ok(()) => self.written += 1,
            Err(e) => {
                eprintln!("{} {e:#}", style::error());
                self.failures += 1;
            }
        }
    }

    /// Says how many files were written (`wrote N files into DIR`).
    pub fn summary(&self) {
        eprintln!(
            "wrote {} file{} into {}",
            self.written,
            if self.written == 1 { "" } else { "s" },
            self.dir.display()
        );
    }

    /// Whether a file could not be written.
    pub fn failed(&self) -> bool {
        self.failures > 0
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
