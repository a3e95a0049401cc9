//! The names of `convert --out-dir` outputs, settled before anything is written (the rules are
//! [`crate::output::out_dir`]'s): every input is read once to count its records.

use std::path::{Component, Path, PathBuf};

use crate::batch::{self, Input};
use crate::output::out_dir::{Entry, Names};
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

#[cfg(test)]
mod tests {
    use super::*;

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
