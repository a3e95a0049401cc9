//! Test support: the shared corpus of real records (`../shared/corpus`), which each reader's
//! tests sweep when it is present (and skip, saying so, when it is not).

use std::path::{Path, PathBuf};

/// The corpus folder and its list of deliberately malformed files.
pub(crate) struct Corpus {
    /// The corpus folder.
    pub(crate) root: PathBuf,
    /// The path patterns `MALFORMED.txt` lists (may end in `*`).
    pub(crate) malformed: Vec<String>,
}

impl Corpus {
    /// The corpus, or `None` (with a message) when it is not there.
    pub(crate) fn open() -> Option<Corpus> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        if !root.is_dir() {
            eprintln!("corpus not found at {}; skipped", root.display());
            return None;
        }
        let malformed = std::fs::read_to_string(root.join("MALFORMED.txt"))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').next())
            .map(str::to_string)
            .collect();
        Some(Corpus { root, malformed })
    }

    /// Every file below the corpus whose extension is one of `extensions` (any case), sorted.
    pub(crate) fn files(&self, extensions: &[&str]) -> Vec<PathBuf> {
        let mut files = Vec::new();
        let mut stack = vec![self.root.clone()];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p
                    .extension()
                    .is_some_and(|x| extensions.iter().any(|want| x.eq_ignore_ascii_case(want)))
                {
                    files.push(p);
                }
            }
        }
        files.sort();
        files
    }
}
