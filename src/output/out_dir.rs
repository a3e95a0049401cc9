//! The names of `convert --out-dir` outputs, settled before anything is written, in memory that
//! does not grow with the number of records.
//!
//! The rules (docs/cli.md, `--out-dir`): each input's path below the PATH argument it was found
//! under (a file named directly: its name alone), with the new extension, `.N` before it for
//! the N-th record of a file holding several. Outputs that would share a name (compared
//! without case, as some file systems do) keep their source extension (`g.csa.kifu`), then a
//! number in input order (`g.csa-2.kifu`), so no record overwrites another.
//!
//! Instead of a name per record, [`Names`] keeps one entry per input (its folder, stem, file
//! name and number of records) and indexes of the inputs by name, so that whether a record's
//! name is shared is a lookup: the names of an input of several records are `stem.0` ..
//! `stem.(n-1)`, and a name `x.q` can only come from an input named `x` holding more than `q`
//! records, or from an input of one record named `x.q`. Only the names that needed a number
//! are kept (none unless two inputs of the same name were given). [`Names::plan`] walks every
//! record's name once (the caller checks which exist already); [`Names::target`] gives the
//! same name again when the record is written.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// One input: where its outputs go below the output folder, and how many records it holds.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The input's path below its PATH argument (or its file name alone).
    pub rel: PathBuf,
    /// How many records it holds.
    pub records: usize,
}

/// An input, as the names need it.
struct Input {
    parent: PathBuf,
    stem: String,
    file: String,
    records: usize,
    /// `lower(parent/stem)` and `lower(parent/file)`.
    stem_key: String,
    file_key: String,
}

/// The inputs of one name (`lower(parent/name)`), in input order.
#[derive(Default)]
struct Family {
    /// Inputs of one record.
    singles: Vec<usize>,
    /// Inputs of several records, with their number.
    multis: Vec<(usize, usize)>,
    /// The numbers of records of `multis`, sorted.
    sorted_counts: Vec<usize>,
}

impl Family {
    /// How many inputs of several records hold more than `q` records.
    fn more_than(&self, q: usize) -> usize {
        self.sorted_counts.len() - self.sorted_counts.partition_point(|&n| n <= q)
    }
}

/// A record: (input, record), ordered as the records are written.
type Slot = (usize, usize);

/// The output names of every record of every input (see the module documentation).
pub struct Names {
    dir: PathBuf,
    ext: String,
    inputs: Vec<Input>,
    by_stem: HashMap<String, Family>,
    by_file: HashMap<String, Family>,
    /// The names (without the extension) of the records that needed a number.
    numbered: HashMap<Slot, String>,
    /// Their keys, `lower(parent/name)`.
    numbered_keys: HashSet<String>,
}

/// What [`Names::plan`] found: the outputs renamed to keep them apart.
pub struct Renamed {
    /// How many outputs do not have their first name.
    pub count: usize,
    /// The first few, as `source -> name`.
    pub first: Vec<String>,
}

fn lower(parent: &Path, name: &str) -> String {
    parent.join(name).to_string_lossy().to_lowercase()
}

/// `x` and `q` when `key` is `x.q` with `q` a record number as [`with_record`] writes it.
fn split_number(key: &str) -> Option<(&str, usize)> {
    let (prefix, digits) = key.rsplit_once('.')?;
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if !canonical {
        return None;
    }
    Some((prefix, digits.parse().ok()?))
}

/// `base.N` for the N-th record of a file holding several, else `base`.
fn with_record(base: &str, record: Option<usize>) -> String {
    match record {
        Some(i) => format!("{base}.{i}"),
        None => base.to_string(),
    }
}

impl Names {
    /// Names the records of `entries` (in input order) below `dir`, as files with the
    /// extension `ext`.
    pub fn new(dir: &Path, ext: &str, entries: impl IntoIterator<Item = Entry>) -> Names {
        let mut names = Names {
            dir: dir.to_path_buf(),
            ext: ext.to_string(),
            inputs: Vec::new(),
            by_stem: HashMap::new(),
            by_file: HashMap::new(),
            numbered: HashMap::new(),
            numbered_keys: HashSet::new(),
        };
        for (i, e) in entries.into_iter().enumerate() {
            let parent = e.rel.parent().map(Path::to_path_buf).unwrap_or_default();
            let stem = e
                .rel
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "record".into());
            let file = e
                .rel
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| "record".into());
            let input = Input {
                stem_key: lower(&parent, &stem),
                file_key: lower(&parent, &file),
                parent,
                stem,
                file,
                records: e.records,
            };
            if e.records > 0 {
                for (map, key) in [
                    (&mut names.by_stem, &input.stem_key),
                    (&mut names.by_file, &input.file_key),
                ] {
                    let family = map.entry(key.clone()).or_default();
                    if e.records == 1 {
                        family.singles.push(i);
                    } else {
                        family.multis.push((i, e.records));
                        let at = family.sorted_counts.partition_point(|&n| n <= e.records);
                        family.sorted_counts.insert(at, e.records);
                    }
                }
            }
            names.inputs.push(input);
        }
        names
    }

    /// The record index written into the name (`.N`), for an input of several records.
    fn index(&self, (i, r): Slot) -> Option<usize> {
        (self.inputs[i].records > 1).then_some(r)
    }

    /// How many records are first named `key` (`lower(parent/stem[.N])`).
    fn uses(&self, key: &str) -> usize {
        let singles = self.by_stem.get(key).map_or(0, |f| f.singles.len());
        let multis = split_number(key)
            .and_then(|(prefix, q)| Some(self.by_stem.get(prefix)?.more_than(q)))
            .unwrap_or(0);
        singles + multis
    }

    /// Whether the record's first name is shared, so that it keeps its source extension.
    fn keeps_extension(&self, slot: Slot) -> bool {
        let input = &self.inputs[slot.0];
        self.uses(&with_record(&input.stem_key, self.index(slot))) > 1
    }

    /// The record's name before numbering (without the extension) and its key.
    fn second_name(&self, slot: Slot) -> (String, String) {
        let input = &self.inputs[slot.0];
        let record = self.index(slot);
        if self.keeps_extension(slot) {
            (
                with_record(&input.file, record),
                with_record(&input.file_key, record),
            )
        } else {
            (
                with_record(&input.stem, record),
                with_record(&input.stem_key, record),
            )
        }
    }

    /// The first record (in writing order) whose name before numbering has the key `key`.
    fn first_named(&self, key: &str) -> Option<Slot> {
        let mut first: Option<Slot> = None;
        let mut consider = |slot: Slot| {
            if first.is_none_or(|f| slot < f) {
                first = Some(slot);
            }
        };
        // Inputs of one record named `key`, by their stem (kept) or their file name (renamed).
        if let Some(f) = self.by_stem.get(key) {
            if let Some(&i) = f.singles.iter().find(|&&i| !self.keeps_extension((i, 0))) {
                consider((i, 0));
            }
        }
        if let Some(f) = self.by_file.get(key) {
            if let Some(&i) = f.singles.iter().find(|&&i| self.keeps_extension((i, 0))) {
                consider((i, 0));
            }
        }
        // Record `q` of inputs of several records named `prefix`.
        if let Some((prefix, q)) = split_number(key) {
            if let Some(f) = self.by_stem.get(prefix) {
                if let Some(&(i, _)) = f
                    .multis
                    .iter()
                    .find(|&&(i, n)| q < n && !self.keeps_extension((i, q)))
                {
                    consider((i, q));
                }
            }
            if let Some(f) = self.by_file.get(prefix) {
                if let Some(&(i, _)) = f
                    .multis
                    .iter()
                    .find(|&&(i, n)| q < n && self.keeps_extension((i, q)))
                {
                    consider((i, q));
                }
            }
        }
        first
    }

    /// Whether `key` is the name of a record before `slot`, or a number given before it.
    fn taken_before(&self, key: &str, slot: Slot) -> bool {
        self.first_named(key).is_some_and(|first| first < slot) || self.numbered_keys.contains(key)
    }

    /// Settles every record's name, in writing order, handing each output's path to `each`
    /// (which checks whether it exists already); returns the outputs that did not keep their
    /// first name. `source(i)` names input `i` for that list.
    pub fn plan(
        &mut self,
        source: impl Fn(usize) -> String,
        mut each: impl FnMut(PathBuf),
    ) -> Renamed {
        let mut renamed = Renamed {
            count: 0,
            first: Vec::new(),
        };
        // For each name needing a number, the next number to try: numbers only get taken, so
        // the smallest free one never goes down.
        let mut next_number: HashMap<String, usize> = HashMap::new();
        for i in 0..self.inputs.len() {
            for r in 0..self.inputs[i].records {
                let slot = (i, r);
                let (name, key) = self.second_name(slot);
                if self.taken_before(&key, slot) {
                    let mut n = next_number.get(&key).copied().unwrap_or(2);
                    loop {
                        let candidate = format!("{name}-{n}");
                        let candidate_key = lower(&self.inputs[i].parent, &candidate);
                        if !self.taken_before(&candidate_key, slot) {
                            self.numbered_keys.insert(candidate_key);
                            self.numbered.insert(slot, candidate);
                            next_number.insert(key, n + 1);
                            break;
                        }
                        n += 1;
                    }
                }
                let input = &self.inputs[i];
                let record = self.index(slot);
                let first = with_record(&input.stem, record);
                let last = self
                    .numbered
                    .get(&slot)
                    .cloned()
                    .unwrap_or_else(|| self.second_name(slot).0);
                if last != first {
                    renamed.count += 1;
                    if renamed.first.len() < 5 {
                        let source = match record {
                            Some(r) => format!("{} (record {r})", source(i)),
                            None => source(i),
                        };
                        renamed
                            .first
                            .push(format!("{source} -> {last}.{}", self.ext));
                    }
                }
                each(self.path(i, &last));
            }
        }
        renamed
    }

    fn path(&self, input: usize, name: &str) -> PathBuf {
        let mut out = self.dir.clone();
        out.push(&self.inputs[input].parent);
        out.push(format!("{name}.{}", self.ext));
        out
    }

    /// The output of record `record` of input `input`, once [`Names::plan`] has run; `None`
    /// for a record the input did not hold when the names were settled.
    pub fn target(&self, input: usize, record: usize) -> Option<PathBuf> {
        if record >= self.inputs.get(input)?.records {
            return None;
        }
        let slot = (input, record);
        let name = match self.numbered.get(&slot) {
            Some(name) => name.clone(),
            None => self.second_name(slot).0,
        };
        Some(self.path(input, &name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rules as they were first written (every name held at once), for comparison.
    fn reference(dir: &Path, ext: &str, entries: &[Entry]) -> (Vec<Vec<PathBuf>>, usize) {
        struct Slot {
            rel: PathBuf,
            record: Option<usize>,
            name: String,
            first_name: String,
        }
        let output_name = |stem: &str, record: Option<usize>| match record {
            Some(i) => format!("{stem}.{i}.{ext}"),
            None => format!("{stem}.{ext}"),
        };
        let mut slots: Vec<Vec<Slot>> = Vec::new();
        for e in entries {
            let several = e.records > 1;
            let stem = e
                .rel
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "record".into());
            slots.push(
                (0..e.records)
                    .map(|i| {
                        let record = several.then_some(i);
                        let name = output_name(&stem, record);
                        Slot {
                            first_name: name.clone(),
                            name,
                            record,
                            rel: e.rel.clone(),
                        }
                    })
                    .collect(),
            );
        }
        let key = |s: &Slot| -> String {
            let mut p = s.rel.parent().map(Path::to_path_buf).unwrap_or_default();
            p.push(&s.name);
            p.to_string_lossy().to_lowercase()
        };
        let mut uses: HashMap<String, usize> = HashMap::new();
        for s in slots.iter().flatten() {
            *uses.entry(key(s)).or_default() += 1;
        }
        for s in slots.iter_mut().flatten() {
            if uses[&key(s)] > 1 {
                let file = s
                    .rel
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "record".into());
                s.name = output_name(&file, s.record);
            }
        }
        let mut taken: HashSet<String> = HashSet::new();
        for s in slots.iter_mut().flatten() {
            if !taken.insert(key(s)) {
                let base = s.name.clone();
                let dot_ext = format!(".{ext}");
                let body = base.strip_suffix(&dot_ext).unwrap_or(&base).to_string();
                let mut n = 2;
                loop {
                    s.name = format!("{body}-{n}{dot_ext}");
                    if taken.insert(key(s)) {
                        break;
                    }
                    n += 1;
                }
            }
        }
        let renamed = slots
            .iter()
            .flatten()
            .filter(|s| s.name != s.first_name)
            .count();
        let targets = slots
            .into_iter()
            .map(|list| {
                list.into_iter()
                    .map(|s| {
                        let mut out = dir.to_path_buf();
                        if let Some(parent) = s.rel.parent() {
                            out.push(parent);
                        }
                        out.push(s.name);
                        out
                    })
                    .collect()
            })
            .collect();
        (targets, renamed)
    }

    fn check(entries: &[Entry]) {
        let dir = Path::new("out");
        let (expected, renamed_expected) = reference(dir, "kifu", entries);
        let mut names = Names::new(dir, "kifu", entries.iter().cloned());
        let mut planned = Vec::new();
        let renamed = names.plan(|i| format!("input {i}"), |p| planned.push(p));
        let flat: Vec<PathBuf> = expected.iter().flatten().cloned().collect();
        assert_eq!(planned, flat, "{entries:?}");
        assert_eq!(renamed.count, renamed_expected, "{entries:?}");
        for (i, list) in expected.iter().enumerate() {
            for (r, path) in list.iter().enumerate() {
                assert_eq!(names.target(i, r).as_ref(), Some(path), "{entries:?}");
            }
            assert_eq!(names.target(i, list.len()), None);
        }
    }

    fn e(rel: &str, records: usize) -> Entry {
        Entry {
            rel: PathBuf::from(rel),
            records,
        }
    }

    #[test]
    fn the_rules_of_the_cli_contract() {
        // No collision; several records; a file named like another's N-th record.
        check(&[e("a/g.csa", 1), e("a/h.csa", 3), e("i.usi", 0)]);
        check(&[e("g.csa", 3), e("g.1.csa", 1), e("g.usi", 2)]);
        // Same stem: source extensions; same path in two arguments: numbers.
        check(&[
            e("g.csa", 1),
            e("g.usi", 1),
            e("sub/g.csa", 1),
            e("g.csa", 1),
        ]);
        check(&[
            e("g.csa", 2),
            e("G.CSA", 2),
            e("g.csa", 2),
            e("g.csa-2.json", 1),
        ]);
        // A numbered name that another input has as its own, before and after.
        check(&[
            e("g.csa-2.json", 1),
            e("g.csa", 1),
            e("g.csa", 1),
            e("g.csa", 1),
        ]);
        check(&[e("g", 1), e("g", 1), e("g.kifu", 1), e("g-2", 1)]);
        check(&[
            e("g.0.csa", 1),
            e("g.csa", 3),
            e("g.usi", 1),
            e("g.0.csa", 2),
        ]);
    }

    #[test]
    fn many_inputs_of_one_name_stay_fast() {
        // 2,000 inputs named `g.kif` (named directly, from different folders): every one
        // needs a number, each found without trying every earlier one.
        let entries: Vec<Entry> = (0..2000).map(|_| e("g.kif", 1)).collect();
        check(&entries);
    }

    fn arb_entry() -> impl Strategy<Value = Entry> {
        let dir = prop::sample::select(vec!["", "a/", "A/", "a/b/"]);
        let stem = prop::sample::select(vec!["g", "G", "g.0", "g.1", "g.csa", "g.csa-2", "h"]);
        let ext = prop::sample::select(vec!["", ".csa", ".CSA", ".usi", ".0", ".kifu"]);
        (dir, stem, ext, 0usize..4).prop_map(|(d, s, x, n)| e(&format!("{d}{s}{x}"), n))
    }

    proptest! {
        #[test]
        fn names_are_those_of_the_reference(entries in prop::collection::vec(arb_entry(), 0..12)) {
            check(&entries);
        }
    }
}
