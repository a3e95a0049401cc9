//! Collection statistics that merge: every figure is a count, a sum or a histogram, so the
//! statistics of shards add up (`+=`) to exactly those of one run over everything, and medians
//! and percentiles come from the exact per-ply histogram (sparse: a 19,447-ply game counts as
//! 19,447 plies, not as "long").
//!
//! Records that could not be read are counted and listed as failures, and nothing else: every
//! game figure (formats, lengths, outcomes, openings, win rates) is over the records read.

use std::collections::BTreeMap;
use std::ops::AddAssign;

use serde::{Deserialize, Serialize};

use crate::diag::Validation;
use crate::opening::Openings;
use crate::record::{EndingKind, Record, Start};
use crate::shogi::Color;

/// Game lengths from this on share the last bucket of the printed histogram (the counts
/// themselves are exact at every length).
pub const HISTOGRAM_OVERFLOW_PLIES: usize = 500;

/// How many failures [`Stats::failures`] keeps: the first by path and record (every failure
/// is counted in [`Stats::files_failed`] and [`Stats::records_failed`]). Keeping them all made
/// `stats` on a text of 1.6 million unreadable lines take 328 MB.
pub const FAILURE_SAMPLE: usize = 1000;

/// A failure to read a file or a record.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Failure {
    /// The input's name.
    pub path: String,
    /// The exact bytes of the path, base64, when it is not valid UTF-8; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<String>,
    /// The record's index in its file (none for a file that could not be read at all).
    pub record: Option<usize>,
    /// Why.
    pub message: String,
}

impl Failure {
    /// The failure of a file that could not be read (`path_bytes`: see
    /// [`Failure::path_bytes`]).
    pub fn of_file(path: &str, path_bytes: Option<String>, message: &str) -> Failure {
        Failure {
            path: path.to_string(),
            path_bytes,
            record: None,
            message: message.to_string(),
        }
    }

    /// The failure of a record, if an error stopped reading it (its first error).
    pub fn of_record(v: &Validation) -> Option<Failure> {
        let e = v.errors.first()?;
        Some(Failure {
            path: v.path.clone(),
            path_bytes: v.path_bytes.clone(),
            record: Some(v.record),
            message: match e.line {
                Some(l) => format!("line {l}: {}", e.message),
                None => e.message.clone(),
            },
        })
    }
}

/// Aggregate statistics of a collection.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Files read (whether or not their records were good).
    pub files: u64,
    /// Files that could not be read at all.
    pub files_failed: u64,
    /// Records read (those that failed are not among them).
    pub records: u64,
    /// Records with errors that stopped reading; counted here and in `failures` only.
    pub records_failed: u64,
    /// The first [`FAILURE_SAMPLE`] failures by path and record, sorted (all of them are
    /// counted in `files_failed` and `records_failed`).
    pub failures: Vec<Failure>,
    /// Records by format.
    pub formats: BTreeMap<String, u64>,
    /// Records by encoding.
    pub encodings: BTreeMap<String, u64>,
    /// Records by outcome reason.
    pub outcomes: BTreeMap<String, u64>,
    /// Records by winner (`black`, `white`, `none`).
    pub winners: BTreeMap<String, u64>,
    /// Records by `reason/winner`.
    pub outcome_winners: BTreeMap<String, u64>,
    /// Records by start (`平手`, a handicap name, or `position`).
    pub handicaps: BTreeMap<String, u64>,
    /// Records by `start/winner` (the win rates by handicap).
    #[serde(default)]
    pub handicap_winners: BTreeMap<String, u64>,
    /// Records with at least one foul, by foul code (each code once per record).
    pub fouls: BTreeMap<String, u64>,
    /// Fouls by code, every occurrence.
    pub foul_occurrences: BTreeMap<String, u64>,
    /// Records with a warning, by code (each code once per record).
    pub warnings: BTreeMap<String, u64>,
    /// Records whose stated ending is of each kind (declarations, impasse, repetition, ...).
    pub stated_endings: BTreeMap<String, u64>,
    /// Declarations by how the replay judged them (`valid`, `draw`, `invalid`), and impasse
    /// endings scored by points (`impasse`).
    pub declarations: BTreeMap<String, u64>,
    /// Openings (the first `opening_plies` moves, USI, space-separated) and their counts.
    pub openings: BTreeMap<String, u64>,
    /// How many plies make an opening.
    pub opening_plies: usize,
    /// Sum of main-line plies over all records read.
    pub plies_total: u64,
    /// Records read by their exact number of main-line plies (only lengths that occur).
    pub length_histogram: BTreeMap<usize, u64>,
    /// Which inputs were counted: the wrapping sum of a hash of each input's path, as 16 hex
    /// digits. It adds up like the counts, so merged shards give the fingerprint of one run;
    /// `stats --merge` refuses two parts with the same one (the same part given twice).
    #[serde(default)]
    pub inputs_fingerprint: String,
    /// The records of the smaller variants (minishogi, ...), by variant name: what the
    /// breakdown by variant needs, counted like the totals. Standard records are not here:
    /// their share is the totals less these (see [`Stats::by_variant`]). Absent when no record
    /// is of another variant, so the output of standard collections is unchanged.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub variants: BTreeMap<String, VariantStats>,
    /// Sides by the openings the tool gave them (every name a side was given counts, broad
    /// and specific), and how those sides scored. Absent when no record was classified.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub by_strategy: BTreeMap<String, NameCounts>,
    /// Sides by the castles the tool gave them, and how those sides scored.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub by_castle: BTreeMap<String, NameCounts>,
    /// Games by the pairing of black's opening with white's (`四間飛車 vs 居飛車`: each side's
    /// first specific opening, else its broad one), and who won.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pairings: BTreeMap<String, PairCounts>,
}

/// How the sides given one name scored: counts that add up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameCounts {
    /// Sides given the name (a game in which both sides were counts twice).
    pub sides: u64,
    /// Of those, the ones that won their game.
    pub won: u64,
    /// Of those, the ones that lost it (the rest drew or did not finish).
    pub lost: u64,
}

impl AddAssign for NameCounts {
    fn add_assign(&mut self, o: NameCounts) {
        self.sides += o.sides;
        self.won += o.won;
        self.lost += o.lost;
    }
}

/// The games of one pairing of openings and who won them: counts that add up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCounts {
    /// Games.
    pub games: u64,
    /// Games black won.
    pub black: u64,
    /// Games white won.
    pub white: u64,
}

impl AddAssign for PairCounts {
    fn add_assign(&mut self, o: PairCounts) {
        self.games += o.games;
        self.black += o.black;
        self.white += o.white;
    }
}

fn add_counts<T: AddAssign + Default>(a: &mut BTreeMap<String, T>, b: BTreeMap<String, T>) {
    for (k, v) in b {
        *a.entry(k).or_default() += v;
    }
}

/// The figures of one variant's records in [`Stats::variants`]: counts that add up.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VariantStats {
    /// Records read.
    pub records: u64,
    /// Records by outcome reason.
    pub outcomes: BTreeMap<String, u64>,
    /// Records by winner (`black`, `white`, `none`).
    pub winners: BTreeMap<String, u64>,
    /// Sum of main-line plies.
    pub plies_total: u64,
    /// Records by their exact number of main-line plies.
    pub length_histogram: BTreeMap<usize, u64>,
}

impl VariantStats {
    /// Mean game length in plies.
    pub fn mean_plies(&self) -> f64 {
        mean(self.plies_total, &self.length_histogram)
    }

    /// The game length at percentile `p` (0..=100), nearest rank.
    pub fn percentile(&self, p: f64) -> usize {
        percentile(&self.length_histogram, p)
    }

    /// The longest game, in plies.
    pub fn max_plies(&self) -> usize {
        max_plies(&self.length_histogram)
    }

    /// Black's and white's share of the decisive games, in percent.
    pub fn win_rates(&self) -> (f64, f64) {
        win_rates(&self.winners)
    }
}

impl AddAssign for VariantStats {
    fn add_assign(&mut self, o: VariantStats) {
        self.records += o.records;
        add_maps(&mut self.outcomes, o.outcomes);
        add_maps(&mut self.winners, o.winners);
        self.plies_total += o.plies_total;
        for (plies, c) in o.length_histogram {
            *self.length_histogram.entry(plies).or_default() += c;
        }
    }
}

impl Stats {
    /// Empty statistics counting openings of `opening_plies` moves.
    pub fn new(opening_plies: usize) -> Stats {
        Stats {
            opening_plies,
            ..Stats::default()
        }
    }

    /// Counts an input (whether or not it can be read) in [`Stats::inputs_fingerprint`].
    pub fn add_input(&mut self, path: &str) {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in path.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.set_fingerprint(self.fingerprint().wrapping_add(h));
    }

    fn fingerprint(&self) -> u64 {
        u64::from_str_radix(&self.inputs_fingerprint, 16).unwrap_or(0)
    }

    fn set_fingerprint(&mut self, f: u64) {
        self.inputs_fingerprint = format!("{f:016x}");
    }

    /// Counts a file that could not be read (`path_bytes`: see [`Failure::path_bytes`]).
    pub fn add_failed_file(&mut self, path: &str, path_bytes: Option<String>, message: &str) {
        self.files += 1;
        self.files_failed += 1;
        self.keep_failure(Failure::of_file(path, path_bytes, message));
    }

    /// Adds `f` to the sample of failures, which stays within twice [`FAILURE_SAMPLE`] (cut
    /// to the first ones when it reaches that, so the sample does not depend on the order the
    /// failures come in).
    fn keep_failure(&mut self, f: Failure) {
        self.failures.push(f);
        if self.failures.len() >= 2 * FAILURE_SAMPLE {
            self.trim_failures();
        }
    }

    /// Sorts the failures and keeps the first [`FAILURE_SAMPLE`].
    fn trim_failures(&mut self) {
        self.failures.sort();
        self.failures.truncate(FAILURE_SAMPLE);
    }

    /// Counts one record and what validating it found.
    pub fn add_record(&mut self, record: &Record, v: &Validation, opening: &str) {
        self.add(&RecordFacts::of(record), v, opening);
    }

    /// Like [`Stats::add_record`], with the facts taken from the record beforehand (so the
    /// record itself can be dropped first).
    pub fn add(&mut self, facts: &RecordFacts, v: &Validation, opening: &str) {
        if let Some(f) = Failure::of_record(v) {
            self.records_failed += 1;
            self.keep_failure(f);
            return;
        }
        self.records += 1;
        *self
            .formats
            .entry(v.format.unwrap_or("unknown").into())
            .or_default() += 1;
        *self
            .encodings
            .entry(v.encoding.unwrap_or("unknown").into())
            .or_default() += 1;
        *self
            .outcomes
            .entry(v.outcome.reason.to_string())
            .or_default() += 1;
        let winner = v.outcome.winner.unwrap_or("none");
        *self.winners.entry(winner.into()).or_default() += 1;
        *self
            .outcome_winners
            .entry(format!("{}/{winner}", v.outcome.reason))
            .or_default() += 1;
        // A variant is not a handicap: its records are counted in `variants`, beside.
        if facts.variant.is_none() {
            *self.handicaps.entry(facts.start.clone()).or_default() += 1;
            *self
                .handicap_winners
                .entry(format!("{}/{winner}", facts.start))
                .or_default() += 1;
        }
        let mut codes: Vec<&str> = v.fouls.iter().map(|f| f.code.as_str()).collect();
        for c in &codes {
            *self.foul_occurrences.entry((*c).into()).or_default() += 1;
        }
        codes.sort_unstable();
        codes.dedup();
        for c in codes {
            *self.fouls.entry(c.into()).or_default() += 1;
        }
        let mut codes: Vec<&str> = v.warnings.iter().map(|w| w.code.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        for c in codes {
            *self.warnings.entry(c.into()).or_default() += 1;
        }
        if let Some(name) = facts.stated_ending {
            *self.stated_endings.entry(name.into()).or_default() += 1;
        }
        if let Some(i) = &v.impasse {
            let key = match (i.declarer, i.verdict) {
                (None, _) => "impasse",
                (Some(_), "win") => "valid",
                (Some(_), "draw") => "draw",
                _ => "invalid",
            };
            *self.declarations.entry(key.into()).or_default() += 1;
        }
        if self.opening_plies > 0 && !opening.is_empty() {
            *self.openings.entry(opening.to_string()).or_default() += 1;
        }
        self.plies_total += v.plies as u64;
        *self.length_histogram.entry(v.plies).or_default() += 1;
        if let Some(o) = &v.openings {
            self.add_openings(o, v.outcome.winner);
        }
        if let Some(name) = facts.variant {
            let vs = self.variants.entry(name.into()).or_default();
            vs.records += 1;
            *vs.outcomes.entry(v.outcome.reason.to_string()).or_default() += 1;
            *vs.winners.entry(winner.into()).or_default() += 1;
            vs.plies_total += v.plies as u64;
            *vs.length_histogram.entry(v.plies).or_default() += 1;
        }
    }

    /// Counts one game's openings and castles (`winner`: `black`, `white` or none).
    pub fn add_openings(&mut self, o: &Openings, winner: Option<&str>) {
        for side in Color::ALL {
            let score = |n: &mut NameCounts| {
                n.sides += 1;
                match winner {
                    Some(w) if w == side.name() => n.won += 1,
                    Some(_) => n.lost += 1,
                    None => {}
                }
            };
            let s = o.side(side);
            // A name counted before is looked up without making its key again.
            let count = |map: &mut BTreeMap<String, NameCounts>, name: &str| {
                if let Some(n) = map.get_mut(name) {
                    score(n);
                } else {
                    score(map.entry(name.to_string()).or_default());
                }
            };
            for l in &s.strategies {
                count(&mut self.by_strategy, l.name);
            }
            for l in &s.castles {
                count(&mut self.by_castle, l.name);
            }
        }
        let main = |side: Color| o.main_strategy(side).unwrap_or("?");
        let pair = self
            .pairings
            .entry(format!("{} vs {}", main(Color::Black), main(Color::White)))
            .or_default();
        pair.games += 1;
        match winner {
            Some("black") => pair.black += 1,
            Some("white") => pair.white += 1,
            _ => {}
        }
    }

    /// The breakdown by variant, when some record is of another variant than standard shogi
    /// (else empty): `standard` first (the totals less the other variants, when any standard
    /// record was read), then the others by name.
    pub fn by_variant(&self) -> Vec<(String, VariantStats)> {
        if self.variants.is_empty() {
            return Vec::new();
        }
        let mut standard = VariantStats {
            records: self.records,
            outcomes: self.outcomes.clone(),
            winners: self.winners.clone(),
            plies_total: self.plies_total,
            length_histogram: self.length_histogram.clone(),
        };
        let less = |a: &mut BTreeMap<String, u64>, b: &BTreeMap<String, u64>| {
            for (k, v) in b {
                if let Some(x) = a.get_mut(k) {
                    *x = x.saturating_sub(*v);
                }
            }
            a.retain(|_, v| *v > 0);
        };
        for vs in self.variants.values() {
            standard.records = standard.records.saturating_sub(vs.records);
            less(&mut standard.outcomes, &vs.outcomes);
            less(&mut standard.winners, &vs.winners);
            standard.plies_total = standard.plies_total.saturating_sub(vs.plies_total);
            for (plies, c) in &vs.length_histogram {
                if let Some(x) = standard.length_histogram.get_mut(plies) {
                    *x = x.saturating_sub(*c);
                }
            }
        }
        standard.length_histogram.retain(|_, v| *v > 0);
        let mut out = Vec::new();
        if standard.records > 0 {
            out.push(("standard".to_string(), standard));
        }
        out.extend(self.variants.iter().map(|(k, v)| (k.clone(), v.clone())));
        out
    }

    /// Sorts the failure list (after merging, so output does not depend on scheduling).
    pub fn finish(&mut self) {
        self.trim_failures();
    }

    /// Mean game length in plies.
    pub fn mean_plies(&self) -> f64 {
        mean(self.plies_total, &self.length_histogram)
    }

    /// The game length at percentile `p` (0..=100), from the histogram (nearest rank).
    pub fn percentile(&self, p: f64) -> usize {
        percentile(&self.length_histogram, p)
    }

    /// The longest game read, in plies.
    pub fn max_plies(&self) -> usize {
        max_plies(&self.length_histogram)
    }

    /// Black's and white's share of the decisive games, in percent.
    pub fn win_rates(&self) -> (f64, f64) {
        win_rates(&self.winners)
    }
}

fn max_plies(histogram: &BTreeMap<usize, u64>) -> usize {
    histogram.keys().next_back().copied().unwrap_or(0)
}

fn mean(plies_total: u64, histogram: &BTreeMap<usize, u64>) -> f64 {
    let n: u64 = histogram.values().sum();
    if n == 0 {
        0.0
    } else {
        plies_total as f64 / n as f64
    }
}

fn percentile(histogram: &BTreeMap<usize, u64>, p: f64) -> usize {
    let n: u64 = histogram.values().sum();
    if n == 0 {
        return 0;
    }
    let rank = ((p / 100.0) * n as f64).ceil().max(1.0) as u64;
    let mut seen = 0;
    for (&plies, &count) in histogram {
        seen += count;
        if seen >= rank {
            return plies;
        }
    }
    histogram.keys().next_back().copied().unwrap_or(0)
}

/// Black's and white's share of the decisive games of `winners` (counts by `black`, `white`,
/// `none`), in percent; `(0, 0)` when none was decisive.
pub fn win_rates(winners: &BTreeMap<String, u64>) -> (f64, f64) {
    let b = *winners.get("black").unwrap_or(&0) as f64;
    let w = *winners.get("white").unwrap_or(&0) as f64;
    if b + w == 0.0 {
        (0.0, 0.0)
    } else {
        (100.0 * b / (b + w), 100.0 * w / (b + w))
    }
}

fn add_maps(a: &mut BTreeMap<String, u64>, b: BTreeMap<String, u64>) {
    for (k, v) in b {
        *a.entry(k).or_default() += v;
    }
}

/// The sum of a map's counts (wide enough never to wrap).
fn total<K>(m: &BTreeMap<K, u64>) -> u128 {
    m.values().map(|&v| v as u128).sum()
}

/// The first key of `b` whose count would exceed `u64::MAX` added to `a`'s.
fn map_overflow<K: Ord + std::fmt::Display>(
    a: &BTreeMap<K, u64>,
    b: &BTreeMap<K, u64>,
) -> Option<String> {
    b.iter()
        .find(|(k, &v)| a.get(*k).is_some_and(|&x| x.checked_add(v).is_none()))
        .map(|(k, _)| format!("`{k}`"))
}

impl Stats {
    /// Moves the smaller variants out of `handicaps` in figures written before they were
    /// counted beside it (a shard of an earlier `stats --format json` counted a minishogi
    /// game under the handicap `minishogi` as well as in `variants`), so such a shard still
    /// merges. Figures that already count variants apart are left as they are. Returns
    /// whether anything was moved.
    pub fn upgrade_variants_out_of_handicaps(&mut self) -> bool {
        let in_variants: u128 = self.variants.values().map(|v| v.records as u128).sum();
        let old_style = in_variants > 0
            && total(&self.handicaps) == self.records as u128
            && self
                .variants
                .iter()
                .all(|(name, v)| self.handicaps.get(name).copied() == Some(v.records));
        if !old_style {
            return false;
        }
        for name in self.variants.keys() {
            self.handicaps.remove(name);
            let prefix = format!("{name}/");
            self.handicap_winners.retain(|k, _| !k.starts_with(&prefix));
        }
        true
    }

    /// Why these figures cannot come from one run (a count of records by format, outcome,
    /// winner, start or length that is not the number of records read, a count over it, more
    /// files failed than read), if they cannot: merged, such a part gives shares over 100 %.
    pub fn inconsistency(&self) -> Option<String> {
        let records = self.records as u128;
        // The records of the smaller variants are counted in `variants`, not `handicaps`.
        let in_variants: u128 = self.variants.values().map(|v| v.records as u128).sum();
        if self.files_failed > self.files {
            return Some(format!(
                "{} files failed of {} read",
                self.files_failed, self.files
            ));
        }
        let sums = [
            ("formats", total(&self.formats)),
            ("encodings", total(&self.encodings)),
            ("outcomes", total(&self.outcomes)),
            ("winners", total(&self.winners)),
            ("outcome_winners", total(&self.outcome_winners)),
            ("handicaps", total(&self.handicaps) + in_variants),
            ("length_histogram", total(&self.length_histogram)),
        ];
        let optional = [(
            "handicap_winners",
            total(&self.handicap_winners) + in_variants,
        )];
        let absent_is_fine = optional.iter().filter(|(_, t)| *t != 0);
        for (name, sum) in sums.iter().chain(absent_is_fine) {
            if *sum != records {
                return Some(format!(
                    "`{name}` counts {sum} records, not the {records} read"
                ));
            }
        }
        for (name, map) in [
            ("fouls", &self.fouls),
            ("warnings", &self.warnings),
            ("stated_endings", &self.stated_endings),
            ("declarations", &self.declarations),
            ("openings", &self.openings),
        ] {
            if let Some((k, v)) = map.iter().find(|(_, &v)| v as u128 > records) {
                return Some(format!(
                    "`{name}` counts {v} records of `{k}`, more than the {records} read"
                ));
            }
        }
        if in_variants > records {
            return Some(format!(
                "`variants` counts {in_variants} records, more than the {records} read"
            ));
        }
        for (name, v) in &self.variants {
            let n = v.records as u128;
            if total(&v.winners) != n || total(&v.outcomes) != n || total(&v.length_histogram) != n
            {
                return Some(format!(
                    "the counts of variant `{name}` do not add up to its {n} records"
                ));
            }
        }
        None
    }

    /// The first figure that would exceed 2^64 - 1 were `o` added to these, if any (`+=`
    /// would wrap it round).
    pub fn overflow_with(&self, o: &Stats) -> Option<String> {
        let scalars = [
            ("files", self.files, o.files),
            ("files_failed", self.files_failed, o.files_failed),
            ("records", self.records, o.records),
            ("records_failed", self.records_failed, o.records_failed),
            ("plies_total", self.plies_total, o.plies_total),
        ];
        if let Some((name, _, _)) = scalars.iter().find(|(_, a, b)| a.checked_add(*b).is_none()) {
            return Some(format!("`{name}`"));
        }
        for (name, a, b) in [
            ("formats", &self.formats, &o.formats),
            ("encodings", &self.encodings, &o.encodings),
            ("outcomes", &self.outcomes, &o.outcomes),
            ("winners", &self.winners, &o.winners),
            ("outcome_winners", &self.outcome_winners, &o.outcome_winners),
            ("handicaps", &self.handicaps, &o.handicaps),
            (
                "handicap_winners",
                &self.handicap_winners,
                &o.handicap_winners,
            ),
            ("fouls", &self.fouls, &o.fouls),
            (
                "foul_occurrences",
                &self.foul_occurrences,
                &o.foul_occurrences,
            ),
            ("warnings", &self.warnings, &o.warnings),
            ("stated_endings", &self.stated_endings, &o.stated_endings),
            ("declarations", &self.declarations, &o.declarations),
            ("openings", &self.openings, &o.openings),
        ] {
            if let Some(k) = map_overflow(a, b) {
                return Some(format!("`{name}` {k}"));
            }
        }
        if let Some(k) = map_overflow(&self.length_histogram, &o.length_histogram) {
            return Some(format!("`length_histogram` {k}"));
        }
        for (name, vb) in &o.variants {
            let Some(va) = self.variants.get(name) else {
                continue;
            };
            let wraps = va.records.checked_add(vb.records).is_none()
                || va.plies_total.checked_add(vb.plies_total).is_none()
                || map_overflow(&va.outcomes, &vb.outcomes).is_some()
                || map_overflow(&va.winners, &vb.winners).is_some()
                || map_overflow(&va.length_histogram, &vb.length_histogram).is_some();
            if wraps {
                return Some(format!("the counts of variant `{name}`"));
            }
        }
        None
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        let fingerprint = self.fingerprint().wrapping_add(o.fingerprint());
        if !self.inputs_fingerprint.is_empty() || !o.inputs_fingerprint.is_empty() {
            self.set_fingerprint(fingerprint);
        }
        self.files += o.files;
        self.files_failed += o.files_failed;
        self.records += o.records;
        self.records_failed += o.records_failed;
        self.failures.extend(o.failures);
        if self.failures.len() >= 2 * FAILURE_SAMPLE {
            self.trim_failures();
        }
        add_maps(&mut self.formats, o.formats);
        add_maps(&mut self.encodings, o.encodings);
        add_maps(&mut self.outcomes, o.outcomes);
        add_maps(&mut self.winners, o.winners);
        add_maps(&mut self.outcome_winners, o.outcome_winners);
        add_maps(&mut self.handicaps, o.handicaps);
        add_maps(&mut self.handicap_winners, o.handicap_winners);
        add_maps(&mut self.fouls, o.fouls);
        add_maps(&mut self.foul_occurrences, o.foul_occurrences);
        add_maps(&mut self.warnings, o.warnings);
        add_maps(&mut self.stated_endings, o.stated_endings);
        add_maps(&mut self.openings, o.openings);
        add_maps(&mut self.declarations, o.declarations);
        self.opening_plies = self.opening_plies.max(o.opening_plies);
        self.plies_total += o.plies_total;
        for (plies, c) in o.length_histogram {
            *self.length_histogram.entry(plies).or_default() += c;
        }
        for (name, vs) in o.variants {
            *self.variants.entry(name).or_default() += vs;
        }
        add_counts(&mut self.by_strategy, o.by_strategy);
        add_counts(&mut self.by_castle, o.by_castle);
        add_counts(&mut self.pairings, o.pairings);
    }
}

/// What the statistics need of a record beyond its [`Validation`].
#[derive(Clone, Debug)]
pub struct RecordFacts {
    /// The start's name (see [`start_name`]).
    pub start: String,
    /// The kind of the ending the record states (see [`ending_name`]).
    pub stated_ending: Option<&'static str>,
    /// The variant's name for a record of a smaller variant (`minishogi`, ...); `None` for
    /// standard shogi.
    pub variant: Option<&'static str>,
}

impl RecordFacts {
    /// The facts of `record`.
    pub fn of(record: &Record) -> RecordFacts {
        RecordFacts {
            start: start_name(&record.start),
            stated_ending: record.ending().map(|e| ending_name(&e.kind)),
            variant: record.variant_name(),
        }
    }
}

/// The name a record's start is counted under.
pub fn start_name(start: &Start) -> String {
    match start.normalized() {
        Start::Handicap(h) => h.japanese().to_string(),
        Start::Position(_) => "position".to_string(),
        // The variant's name for its own start, as a handicap's for its position.
        Start::Variant(p) if start.is_variant_initial() => p.variant().name().to_string(),
        Start::Variant(_) => "position".to_string(),
    }
}

/// A short stable name for an ending kind.
pub fn ending_name(kind: &EndingKind) -> &'static str {
    use EndingKind::*;
    match kind {
        Resignation => "resignation",
        Abort => "abort",
        Repetition => "repetition",
        PerpetualCheck => "perpetual-check",
        Impasse => "impasse",
        Declaration => "declaration",
        Timeout => "timeout",
        IllegalMove => "illegal-move",
        FoulWin => "foul-win",
        IllegalAction { .. } => "illegal-action",
        Draw => "draw",
        MaxMoves => "max-moves",
        Checkmate => "checkmate",
        NoMate => "no-mate",
        Matta => "matta",
        Error => "error",
        ForfeitWin => "forfeit-win",
        ForfeitLoss => "forfeit-loss",
        Sealed => "sealed",
        Try => "try",
        Unknown => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_lengths(lengths: &[usize]) -> Stats {
        let mut s = Stats::new(0);
        for &l in lengths {
            *s.length_histogram.entry(l).or_default() += 1;
            s.plies_total += l as u64;
        }
        s
    }

    #[test]
    fn failures_are_counted_and_the_first_kept_whatever_their_order() {
        // Regression: every failure was kept (1.6 million unreadable lines took 328 MB).
        let names: Vec<String> = (0..5_000)
            .map(|i| format!("f{:05}", (i * 7919) % 5_000))
            .collect();
        let mut one = Stats::new(0);
        let mut halves = (Stats::new(0), Stats::new(0));
        for (i, n) in names.iter().enumerate() {
            one.add_failed_file(n, None, "cannot read");
            let half = if i % 2 == 0 {
                &mut halves.0
            } else {
                &mut halves.1
            };
            half.add_failed_file(n, None, "cannot read");
            assert!(one.failures.len() < 2 * FAILURE_SAMPLE);
        }
        one.finish();
        let (mut merged, other) = halves;
        merged += other;
        merged.finish();
        assert_eq!(one.files_failed, 5_000);
        assert_eq!(one.failures.len(), FAILURE_SAMPLE);
        assert_eq!(one.failures[0].path, "f00000");
        assert_eq!(one.failures[FAILURE_SAMPLE - 1].path, "f00999");
        assert_eq!(merged, one);
    }

    #[test]
    fn percentiles_come_from_the_histogram() {
        let s = with_lengths(&[10, 20, 30, 40, 100]);
        assert_eq!(s.percentile(50.0), 30);
        assert_eq!(s.percentile(0.0), 10);
        assert_eq!(s.percentile(100.0), 100);
        assert_eq!(s.mean_plies(), 40.0);
    }

    #[test]
    fn long_games_keep_their_exact_length() {
        let s = with_lengths(&[19_447, 3_000, 3_000, 120]);
        assert_eq!(s.max_plies(), 19_447);
        assert_eq!(s.percentile(100.0), 19_447);
        assert_eq!(s.percentile(50.0), 3_000);
        assert_eq!(s.percentile(1.0), 120);
    }

    #[test]
    fn fingerprints_add_up_like_counts() {
        let (mut a, mut b, mut all) = (Stats::new(6), Stats::new(6), Stats::new(6));
        for p in ["x.kif", "y.csa"] {
            a.add_input(p);
            all.add_input(p);
        }
        b.add_input("z.usi");
        all.add_input("z.usi");
        assert_ne!(a.inputs_fingerprint, b.inputs_fingerprint);
        a += b;
        assert_eq!(a.inputs_fingerprint, all.inputs_fingerprint);
    }

    fn variant(records: u64, plies: usize, outcome: &str) -> VariantStats {
        VariantStats {
            records,
            outcomes: [(outcome.to_string(), records)].into(),
            winners: [("none".to_string(), records)].into(),
            plies_total: plies as u64 * records,
            length_histogram: [(plies, records)].into(),
        }
    }

    /// The figures of a standard game and a minishogi game, one move each.
    fn one_standard_one_minishogi() -> Stats {
        use crate::record::replay::{replay, ReplayOptions};
        let text = "position startpos moves 7g7f\n\
                    position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d\n";
        let mut s = Stats::new(2);
        for r in crate::formats::read_str(text, crate::record::Format::Usi) {
            let report = replay(&r, &ReplayOptions::default());
            s.add_record(&r, &Validation::new(&r, &report), "");
        }
        s
    }

    #[test]
    fn variants_are_counted_beside_the_handicaps_and_add_up() {
        let mut s = one_standard_one_minishogi();
        assert_eq!(s.records, 2);
        assert_eq!(s.handicaps, [("平手".to_string(), 1)].into());
        assert_eq!(s.variants["minishogi"].records, 1);
        assert_eq!(s.inconsistency(), None);
        // A variant counted among the handicaps too no longer adds up.
        s.handicaps.insert("minishogi".into(), 1);
        assert!(s.inconsistency().is_some());
    }

    #[test]
    fn a_shard_that_counted_variants_among_the_handicaps_is_upgraded_to_merge() {
        let mut s = one_standard_one_minishogi();
        let now = s.clone();
        // What an earlier version wrote: the variant among the handicaps too.
        s.handicaps.insert("minishogi".into(), 1);
        s.handicap_winners.insert("minishogi/none".into(), 1);
        assert!(s.inconsistency().is_some());
        assert!(s.upgrade_variants_out_of_handicaps());
        assert_eq!(s, now);
        assert_eq!(s.inconsistency(), None);
        // Figures of this version are left alone.
        let mut again = now.clone();
        assert!(!again.upgrade_variants_out_of_handicaps());
        assert_eq!(again, now);
    }

    #[test]
    fn the_breakdown_derives_standard_from_the_totals_and_merges() {
        // 2 standard games of 10 and 20 plies, 1 minishogi game of 5.
        let mut a = with_lengths(&[10, 20, 5]);
        a.records = 3;
        a.outcomes = [("checkmate".into(), 2), ("repetition".into(), 1)].into();
        a.variants
            .insert("minishogi".into(), variant(1, 5, "repetition"));
        let rows = a.by_variant();
        assert_eq!(rows[0].0, "standard");
        assert_eq!(rows[0].1.records, 2);
        assert_eq!(rows[0].1.outcomes, [("checkmate".into(), 2)].into());
        assert_eq!(rows[0].1.length_histogram, [(10, 1), (20, 1)].into());
        assert_eq!(rows[1].0, "minishogi");
        // Standard collections have no breakdown (and no `variants` key in their JSON).
        assert!(with_lengths(&[10]).by_variant().is_empty());
        assert!(!serde_json::to_string(&with_lengths(&[10]))
            .unwrap()
            .contains("variants"));
        // Parts add up, and the JSON reads back to the same figures.
        let mut b = Stats::new(0);
        b.variants
            .insert("minishogi".into(), variant(2, 7, "checkmate"));
        a += b;
        let m = &a.variants["minishogi"];
        assert_eq!(m.records, 3);
        assert_eq!(m.length_histogram, [(5, 1), (7, 2)].into());
        let back: Stats = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }

    #[test]
    fn merging_equals_counting_together() {
        let mut a = with_lengths(&[10, 20]);
        a.formats.insert("csa".into(), 2);
        let mut b = with_lengths(&[30, 40, 100]);
        b.formats.insert("csa".into(), 1);
        b.formats.insert("kif".into(), 2);
        a += b;
        let mut all = with_lengths(&[10, 20, 30, 40, 100]);
        all.formats.insert("csa".into(), 3);
        all.formats.insert("kif".into(), 2);
        assert_eq!(a, all);
    }

    #[test]
    fn openings_count_each_side_and_merge() {
        use crate::opening::{Label, SideOpenings};
        let side = |s: &[&'static str], c: &[&'static str]| SideOpenings {
            strategies: s.iter().map(|&name| Label { name, ply: 5 }).collect(),
            castles: c.iter().map(|&name| Label { name, ply: 9 }).collect(),
        };
        let o = Openings {
            black: side(&["振り飛車", "四間飛車"], &["美濃囲い"]),
            white: side(&["居飛車"], &["居飛車穴熊"]),
        };
        let (mut a, mut b) = (Stats::new(6), Stats::new(6));
        a.add_openings(&o, Some("black"));
        b.add_openings(&o, Some("white"));
        b.add_openings(&o, None);
        a += b;
        let shiken = &a.by_strategy["四間飛車"];
        assert_eq!((shiken.sides, shiken.won, shiken.lost), (3, 1, 1));
        assert_eq!(a.by_castle["居飛車穴熊"].won, 1);
        let pair = &a.pairings["四間飛車 vs 居飛車"];
        assert_eq!((pair.games, pair.black, pair.white), (3, 1, 1));
        let back: Stats = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }
}
