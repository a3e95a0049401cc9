//! Grouping records that are the same game, in bounded memory: one [`Entry`] (24 bytes) per
//! record, sorted by fingerprint so that the records of one game stand together (a *run*),
//! and a map from each game that is a prefix of another (an interrupted copy) to the longest
//! game it begins.

use std::collections::HashMap;

use super::fingerprint::Fingerprint;

/// One record: its fingerprint, its place among all records read (its *ordinal*, in input
/// order), how many moves its main line has and how annotated it is (both saturating).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The fingerprint of its start and main line.
    pub fp: Fingerprint,
    /// Its place among all records, in input order.
    pub ordinal: u32,
    /// Its main line's moves (at most 65,535 counted).
    pub plies: u16,
    /// Its comments and variations (at most 65,535 counted).
    pub annotations: u16,
}

/// Which record of a game `dedup --keep` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The first in input order.
    First,
    /// The one with the most moves (with prefixes merged, the full game), then the first.
    Longest,
    /// The one with the most comments and variations, then the first.
    MostAnnotated,
}

/// The records of a collection grouped by game.
#[derive(Debug, Default)]
pub struct Table {
    entries: Vec<Entry>,
    sealed: bool,
    /// Prefix run (its first index) -> the run of the longest game it begins.
    extension: HashMap<usize, usize>,
}

/// The fingerprints of a [`Table`] as bits (a blocked Bloom filter: three bits in one 64-bit
/// word a fingerprint): [`Filter::may_hold`] is false for most fingerprints not in the table
/// (about 99 in 100), never for one in it.
#[derive(Debug)]
pub struct Filter {
    words: Vec<u64>,
    mask: u64,
}

impl Filter {
    /// The word of `fp` and its three bits there (one cache line read a lookup).
    fn slot(&self, fp: Fingerprint) -> (usize, u64) {
        let h = fp[1];
        let bits = 1u64 << (h >> 46 & 63) | 1u64 << (h >> 52 & 63) | 1u64 << (h >> 58);
        ((h & self.mask) as usize, bits)
    }

    /// Whether `fp` may be in the table (surely not when false).
    pub fn may_hold(&self, fp: Fingerprint) -> bool {
        let (w, bits) = self.slot(fp);
        self.words[w] & bits == bits
    }
}

/// A game to report: its run, and the runs of the games that are prefixes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The first index of its run.
    pub run: usize,
    /// The first indexes of the runs of its prefixes, shortest first.
    pub prefixes: Vec<usize>,
}

impl Table {
    /// Adds a record (before [`Table::seal`]).
    pub fn push(&mut self, e: Entry) {
        debug_assert!(!self.sealed);
        self.entries.push(e);
    }

    /// How many records were added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no record was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sorts the records into runs, one per game; the first of a run is its first in input
    /// order.
    pub fn seal(&mut self) {
        self.entries.shrink_to_fit();
        self.entries
            .sort_unstable_by(|a, b| a.fp.cmp(&b.fp).then(a.ordinal.cmp(&b.ordinal)));
        self.sealed = true;
    }

    /// The run (its first index) of the game with fingerprint `fp`. Fingerprints are spread
    /// evenly, so the search starts where `fp` would stand and gallops from there: a few
    /// probes, not a binary search's cache misses across the whole table.
    pub fn run_of(&self, fp: Fingerprint) -> Option<usize> {
        let e = &self.entries;
        let n = e.len();
        if n == 0 {
            return None;
        }
        let g = (((fp[0] as u128) * n as u128) >> 64) as usize;
        let first = |lo: usize, hi: usize| lo + e[lo..hi].partition_point(|x| x.fp < fp);
        let i = if e[g].fp < fp {
            // Everything before `lo` is smaller; `e[hi]` (if any) is not.
            let (mut lo, mut hi, mut step) = (g + 1, g + 1, 1usize);
            while hi < n && e[hi].fp < fp {
                lo = hi + 1;
                hi = lo + step;
                step *= 2;
            }
            first(lo, hi.min(n))
        } else {
            // Nothing from `hi` on is smaller.
            let (mut hi, mut step) = (g, 1usize);
            loop {
                let lo = hi.saturating_sub(step);
                if lo == 0 || e[lo].fp < fp {
                    break first(lo, hi);
                }
                hi = lo;
                step *= 2;
            }
        };
        (e.get(i)?.fp == fp).then_some(i)
    }

    /// A quick filter of the fingerprints held (16 bits a record, at most twice that), to skip
    /// most lookups of fingerprints that are not there.
    pub fn filter(&self) -> Filter {
        let words = (self.entries.len() / 4).next_power_of_two().max(1);
        let mut filter = Filter {
            words: vec![0u64; words],
            mask: (words - 1) as u64,
        };
        for e in &self.entries {
            let (w, bits) = filter.slot(e.fp);
            filter.words[w] |= bits;
        }
        filter
    }

    /// The records of the run starting at `start`.
    pub fn run(&self, start: usize) -> &[Entry] {
        let fp = self.entries[start].fp;
        let n = self.entries[start..].partition_point(|e| e.fp == fp);
        &self.entries[start..start + n]
    }

    /// Every run's first index.
    pub fn runs(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.entries.len()).filter(|&i| i == 0 || self.entries[i - 1].fp != self.entries[i].fp)
    }

    /// Says that the game of run `short` is a prefix of the game of run `long`; the longest
    /// such game is kept (then the first in input order).
    pub fn offer_extension(&mut self, short: usize, long: usize) {
        let key = |r: usize| {
            let e = &self.entries[r];
            (std::cmp::Reverse(e.plies), e.ordinal)
        };
        match self.extension.get(&short) {
            Some(&best) if key(best) <= key(long) => {}
            _ => {
                self.extension.insert(short, long);
            }
        }
    }

    /// The run whose game the run `run` is a prefix of, if any.
    pub fn extension_of(&self, run: usize) -> Option<usize> {
        self.extension.get(&run).copied()
    }

    /// The games to report, in input order of their first record: those with two records or
    /// more, or with prefixes (each prefix listed under the longest game it begins, never on
    /// its own).
    pub fn reported(&self) -> Vec<Group> {
        let mut prefixes: HashMap<usize, Vec<usize>> = HashMap::new();
        for (&short, &long) in &self.extension {
            prefixes.entry(long).or_default().push(short);
        }
        let mut out: Vec<Group> = Vec::new();
        for run in self.runs() {
            if self.extension.contains_key(&run) {
                continue;
            }
            let mut p = prefixes.remove(&run).unwrap_or_default();
            if p.is_empty() && self.run(run).len() < 2 {
                continue;
            }
            p.sort_by_key(|&r| (self.entries[r].plies, self.entries[r].ordinal));
            out.push(Group { run, prefixes: p });
        }
        out.sort_by_key(|g| self.entries[g.run].ordinal);
        out
    }

    /// The ordinals of the records `--keep` writes, sorted: one per game, where with
    /// `merge_prefixes` a prefix is part of the game it begins.
    pub fn keepers(&self, keep: Keep, merge_prefixes: bool) -> Vec<u32> {
        let better = |a: &Entry, b: &Entry| -> bool {
            match keep {
                Keep::First => a.ordinal < b.ordinal,
                Keep::Longest => {
                    (std::cmp::Reverse(a.plies), a.ordinal)
                        < (std::cmp::Reverse(b.plies), b.ordinal)
                }
                Keep::MostAnnotated => {
                    (std::cmp::Reverse(a.annotations), a.ordinal)
                        < (std::cmp::Reverse(b.annotations), b.ordinal)
                }
            }
        };
        let best_of = |run: usize| -> Entry {
            let mut best = self.entries[run];
            for e in self.run(run) {
                if better(e, &best) {
                    best = *e;
                }
            }
            best
        };
        let mut best: HashMap<usize, Entry> = HashMap::new();
        let mut out = Vec::new();
        for run in self.runs() {
            let b = best_of(run);
            match (merge_prefixes, self.extension.get(&run)) {
                (true, Some(&long)) => {
                    let slot = best.entry(long).or_insert(b);
                    if better(&b, slot) {
                        *slot = b;
                    }
                }
                _ => {
                    if merge_prefixes && self.extension.values().any(|&l| l == run) {
                        let slot = best.entry(run).or_insert(b);
                        if better(&b, slot) {
                            *slot = b;
                        }
                    } else {
                        out.push(b.ordinal);
                    }
                }
            }
        }
        out.extend(best.values().map(|e| e.ordinal));
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(fp: u64, ordinal: u32, plies: u16, annotations: u16) -> Entry {
        Entry {
            fp: [fp, 0],
            ordinal,
            plies,
            annotations,
        }
    }

    #[test]
    fn runs_groups_prefixes_and_keepers() {
        let mut t = Table::default();
        // Game 7 (40 plies) three times, game 5 (20 plies, a prefix of 7), game 9 alone.
        for entry in [
            e(7, 0, 40, 0),
            e(9, 1, 10, 0),
            e(7, 2, 40, 5),
            e(5, 3, 20, 9),
            e(7, 4, 40, 1),
        ] {
            t.push(entry);
        }
        t.seal();
        let seven = t.run_of([7, 0]).unwrap();
        let five = t.run_of([5, 0]).unwrap();
        assert_eq!(t.run(seven).len(), 3);
        let filter = t.filter();
        assert!(filter.may_hold([7, 0]) && filter.may_hold([5, 0]));

        assert_eq!(t.runs().count(), 3);
        t.offer_extension(five, seven);
        assert_eq!(
            t.reported(),
            [Group {
                run: seven,
                prefixes: vec![five]
            }]
        );
        assert_eq!(t.keepers(Keep::First, false), [0, 1, 3]);
        assert_eq!(t.keepers(Keep::MostAnnotated, false), [1, 2, 3]);
        assert_eq!(t.keepers(Keep::First, true), [0, 1]);
        assert_eq!(t.keepers(Keep::MostAnnotated, true), [1, 3]);
        assert_eq!(t.keepers(Keep::Longest, true), [0, 1]);
    }

    #[test]
    fn run_of_finds_the_first_of_every_run_and_nothing_else() {
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for n in [1usize, 2, 3, 10, 1000] {
            let mut t = Table::default();
            let fps: Vec<Fingerprint> = (0..n).map(|_| [next(), next()]).collect();
            for (i, &fp) in fps.iter().enumerate() {
                // Every third game twice.
                for _ in 0..1 + (i % 3 == 0) as usize {
                    t.push(Entry {
                        fp,
                        ordinal: t.len() as u32,
                        plies: 1,
                        annotations: 0,
                    });
                }
            }
            t.seal();
            let filter = t.filter();
            for fp in &fps {
                let want = t.entries.partition_point(|e| e.fp < *fp);
                assert_eq!(t.run_of(*fp), Some(want));
                assert!(filter.may_hold(*fp));
            }
            for probe in [[0, 0], [u64::MAX, u64::MAX], [next(), next()]] {
                assert_eq!(t.run_of(probe), None);
            }
            let mut misses = 0;
            for _ in 0..10_000 {
                misses += filter.may_hold([next(), next()]) as usize;
            }
            assert!(misses < 500, "{n}: {misses} of 10,000 pass the filter");
        }
    }
}
