//! The names of `convert --out-dir` outputs, settled before anything is written (the rules are
//! [`crate::output::out_dir`]'s): every input is read once to count its records.

use std::path::{Component, Path, PathBuf};

use crate::batch::{self, Input};
use crate::output::out_dir::{Entry, Names, Renamed};
use crate::record::Format;

/// Settles the output of every record of `inputs` (found under the arguments `paths`) below
/// `dir`, as files of `to`. The inputs are read once, on `jobs` threads, to count their
/// records (the outputs are not held in memory, nor is a name per record).
pub fn plan_names(
    dir: &Path,
    inputs: &[Input],
    paths: &[PathBuf],
    to: Format,
    read_options: &batch::ReadOptions,
    jobs: usize,
) -> Names {
    let roots: Vec<PathBuf> = paths.iter().filter(|p| p.is_dir()).cloned().collect();
    let mut entries = Vec::with_capacity(inputs.len());
    let mut rest = inputs.iter();
    batch::run_ordered(
        inputs.iter().cloned(),
        jobs,
        |input| {
            // A batch at a time, as when converting: where the records lie is not held whole.
            let mut records = 0usize;
            let per_batch = batch::RECORDS_PER_BATCH;
            batch::read_each_batched(
                input,
                read_options,
                per_batch,
                |_, _| (),
                |done| {
                    records += done.len();
                    true
                },
            );
            records
        },
        |records| {
            let input = rest.next().expect("one count per input");
            entries.push(Entry {
                rel: relative_path(input, &roots),
                records,
            });
            true
        },
    );
    Names::new(dir, to.extension(), entries)
}

/// An input's path below the directory argument (of `roots`) it was found under, or its file
/// name alone when it was named directly (`stdin` for standard input). It never holds `..` or
/// a root, so an output can only land inside the output folder.
pub fn relative_path(input: &Input, roots: &[PathBuf]) -> PathBuf {
    let p = match input {
        Input::Stdin | Input::Unreadable { .. } => return PathBuf::from("stdin"),
        Input::File(p) => p,
    };
    let below = roots
        .iter()
        .filter_map(|root| p.strip_prefix(root).ok())
        .min_by_key(|rel| rel.components().count());
    let rel: PathBuf = match below {
        Some(rel) if rel.file_name().is_some() => rel.to_path_buf(),
        _ => p.file_name().map(PathBuf::from).unwrap_or_default(),
    };
    rel.components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// What [`check_targets`] found before anything is written: the outputs renamed to keep
/// them apart, the symbolic links on the way (the first five), and the outputs that exist
/// already (how many, and the first five).
pub struct TargetCheck {
    /// The outputs that keep their source extension.
    pub renamed: Renamed,
    /// Symbolic links inside the output folder on the way to an output: nothing is written.
    pub links: Vec<PathBuf>,
    /// How many outputs exist already (only counted without `force`).
    pub existing_count: usize,
    /// The first five of them.
    pub existing: Vec<String>,
}

impl TargetCheck {
    /// Whether the outputs can be written: no link on the way and none exists already.
    pub fn is_clear(&self) -> bool {
        self.links.is_empty() && self.existing_count == 0
    }
}

/// Walks every output name of `names` (below `dir`) once: which keep their source extension
/// (`display` names input `i`), which lie through a symbolic link, and which exist already
/// (unless `force`, which replaces them).
pub fn check_targets(
    names: &mut Names,
    dir: &Path,
    force: bool,
    display: impl Fn(usize) -> String,
) -> TargetCheck {
    let (mut existing, mut existing_count) = (Vec::new(), 0usize);
    let mut links: Vec<PathBuf> = Vec::new();
    let renamed = names.plan(display, |target| {
        if let Some(link) = crate::output::link_below(dir, &target) {
            if links.len() < 5 && !links.contains(&link) {
                links.push(link);
            }
            return;
        }
        if !force && target.exists() {
            existing_count += 1;
            if existing.len() < 5 {
                existing.push(target.display().to_string());
            }
        }
    });
    TargetCheck {
        renamed,
        links,
        existing_count,
        existing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_that_exist_already_are_found_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.csa"), "theirs").unwrap();
        let entries = ["a.kif", "b.kif"].map(|n| Entry {
            rel: n.into(),
            records: 1,
        });
        let mut names = Names::new(dir.path(), "csa", entries);
        let check = check_targets(&mut names, dir.path(), false, |i| i.to_string());
        assert_eq!(check.existing_count, 1);
        assert!(check.existing[0].ends_with("a.csa"), "{:?}", check.existing);
        assert!(!check.is_clear());
        let forced = check_targets(&mut names, dir.path(), true, |i| i.to_string());
        assert!(forced.is_clear());
    }

    #[test]
    fn an_output_path_never_leaves_the_folder() {
        let roots = [PathBuf::from("games")];
        let below = Input::File("games/2024/a.kif".into());
        assert_eq!(relative_path(&below, &roots), Path::new("2024/a.kif"));
        let named = Input::File("../x/b.csa".into());
        assert_eq!(relative_path(&named, &roots), Path::new("b.csa"));
        assert_eq!(relative_path(&Input::Stdin, &roots), Path::new("stdin"));
    }
}
