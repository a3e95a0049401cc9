//! The renderings of [`Stats`]: the JSON document of `stats --format json` (the form
//! [`merge_files`](super::merge_files) reads back), the `section,key,value` CSV and the aligned
//! table for people. The HTML report and the SVG charts are in [`crate::views`].

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::batch::stats::{win_rates, Stats, HISTOGRAM_OVERFLOW_PLIES};

/// The derived figures printed beside the counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The mean game length in plies, rounded to two decimals.
    pub mean_plies: f64,
    /// The median game length.
    pub median_plies: usize,
    /// The longest game.
    pub max_plies: usize,
    /// Game lengths at the 1st, 10th, 25th, 75th, 90th, 99th and 100th percentiles (`p1` ...).
    pub percentiles: BTreeMap<String, usize>,
    /// Black's share of the decisive games in percent; `None` (JSON `null`) without a
    /// decisive game, as in [`VariantSummary`].
    pub black_win_rate: Option<f64>,
    /// White's share of the decisive games in percent, or `None`.
    pub white_win_rate: Option<f64>,
    /// The breakdown by variant (standard shogi included), when some record is of another.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub variants: BTreeMap<String, VariantSummary>,
}

/// One variant's figures in the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantSummary {
    /// Its records read.
    pub records: u64,
    /// Its records by outcome reason.
    pub outcomes: BTreeMap<String, u64>,
    /// Its mean game length, rounded to two decimals.
    pub mean_plies: f64,
    /// Its median game length.
    pub median_plies: usize,
    /// Its longest game.
    pub max_plies: usize,
    /// Black's share of its decisive games in percent, or `None`.
    pub black_win_rate: Option<f64>,
    /// White's share of its decisive games in percent, or `None`.
    pub white_win_rate: Option<f64>,
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Black's and white's win rates of `winners`, rounded; `None` (JSON `null`, `–` in the table,
/// empty in CSV) where no game was decisive: there is no rate, not a rate of 0 %.
fn rates(winners: &BTreeMap<String, u64>) -> (Option<f64>, Option<f64>) {
    let decisive = ["black", "white"]
        .iter()
        .map(|w| winners.get(*w).copied().unwrap_or(0))
        .sum::<u64>();
    if decisive == 0 {
        return (None, None);
    }
    let (b, w) = win_rates(winners);
    (Some(round2(b)), Some(round2(w)))
}

/// A rate as the table shows it: `51.2%`, or `–` where there is none.
fn shown_rate(rate: Option<f64>) -> String {
    rate.map_or_else(|| "–".to_string(), |r| format!("{r:.1}%"))
}

/// A rate as CSV gives it: the number, or nothing.
fn csv_rate(rate: Option<f64>) -> String {
    rate.map_or_else(String::new, |r| r.to_string())
}

fn variant_summaries(s: &Stats) -> Vec<(String, VariantSummary)> {
    s.by_variant()
        .into_iter()
        .map(|(name, vs)| {
            let (b, w) = rates(&vs.winners);
            let summary = VariantSummary {
                records: vs.records,
                mean_plies: round2(vs.mean_plies()),
                median_plies: vs.percentile(50.0),
                max_plies: vs.max_plies(),
                black_win_rate: b,
                white_win_rate: w,
                outcomes: vs.outcomes,
            };
            (name, summary)
        })
        .collect()
}

/// The derived figures of `s` (the `summary` object of the JSON document).
pub fn summary(s: &Stats) -> Summary {
    let (b, w) = rates(&s.winners);
    Summary {
        mean_plies: round2(s.mean_plies()),
        median_plies: s.percentile(50.0),
        max_plies: s.max_plies(),
        percentiles: [1.0, 10.0, 25.0, 75.0, 90.0, 99.0, 100.0]
            .iter()
            .map(|&p| (format!("p{p}"), s.percentile(p)))
            .collect(),
        black_win_rate: b,
        white_win_rate: w,
        variants: variant_summaries(s).into_iter().collect(),
    }
}

/// The JSON document of `stats --format json`: every count of `s` and its [`summary`].
pub fn to_json(s: &Stats) -> serde_json::Value {
    let mut v = serde_json::to_value(s).expect("statistics serialise");
    v["summary"] = serde_json::to_value(summary(s)).expect("a summary serialises");
    v
}

/// [`to_json`] as `stats --format json` prints it: indented, with a final newline.
pub fn json_text(s: &Stats) -> String {
    let mut t = serde_json::to_string_pretty(&to_json(s)).expect("JSON values serialise");
    t.push('\n');
    t
}

/// What the table shows beyond the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// How many openings, strategies, castles and pairings it lists.
    pub top: usize,
    /// Whether it lists the failed files and records (else one line says how many failed).
    pub failures: bool,
}

impl Default for TableOptions {
    fn default() -> TableOptions {
        TableOptions {
            top: 20,
            failures: false,
        }
    }
}

fn top(map: &BTreeMap<String, u64>, n: usize) -> Vec<(&String, &u64)> {
    let mut v: Vec<_> = map.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    v.truncate(n);
    v
}

fn pct(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

/// The aligned table of `stats` (its `--format human`), one line a figure.
pub fn to_table(s: &Stats, args: &TableOptions) -> String {
    let mut o = String::new();
    let sum = summary(s);
    let line = |o: &mut String, label: &str, map: &BTreeMap<String, u64>, of: u64| {
        let items: Vec<String> = top(map, usize::MAX)
            .into_iter()
            .map(|(k, v)| format!("{k} {v} ({:.1}%)", pct(*v, of)))
            .collect();
        let _ = writeln!(
            o,
            "{label:<12}{}",
            if items.is_empty() {
                "-".into()
            } else {
                items.join(", ")
            }
        );
    };
    let _ = writeln!(
        o,
        "{:<12}{} read, {} could not be read (every figure below is over the {} read); {} file{}, {} unreadable",
        "records",
        s.records,
        s.records_failed,
        s.records,
        s.files,
        if s.files == 1 { "" } else { "s" },
        s.files_failed
    );
    line(&mut o, "formats", &s.formats, s.records);
    line(&mut o, "encodings", &s.encodings, s.records);
    line(&mut o, "handicaps", &s.handicaps, s.records);
    line(&mut o, "outcomes", &s.outcomes, s.records);
    line(&mut o, "winners", &s.winners, s.records);
    let _ = writeln!(
        o,
        "{:<12}black {}, white {} of decisive games",
        "win rates",
        shown_rate(sum.black_win_rate),
        shown_rate(sum.white_win_rate)
    );
    let by_variant = variant_summaries(s);
    if !by_variant.is_empty() {
        let items: Vec<String> = by_variant
            .iter()
            .map(|(k, v)| format!("{k} {} ({:.1}%)", v.records, pct(v.records, s.records)))
            .collect();
        let _ = writeln!(o, "{:<12}{}", "variants", items.join(", "));
        for (k, v) in &by_variant {
            let outcomes: Vec<String> = top(&v.outcomes, usize::MAX)
                .into_iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            let _ = writeln!(
                o,
                "{:<12}{k}: {}; length mean {:.1}, median {}, max {}; black {}, white {} of decisive games",
                "",
                outcomes.join(", "),
                v.mean_plies,
                v.median_plies,
                v.max_plies,
                shown_rate(v.black_win_rate),
                shown_rate(v.white_win_rate)
            );
        }
    }
    line(&mut o, "endings", &s.stated_endings, s.records);
    line(&mut o, "declared", &s.declarations, s.records);
    line(&mut o, "fouls", &s.fouls, s.records);
    line(&mut o, "warnings", &s.warnings, s.records);
    let _ = writeln!(
        o,
        "{:<12}mean {:.1}, median {}, p10 {}, p25 {}, p75 {}, p90 {}, p99 {}, max {}",
        "length",
        sum.mean_plies,
        sum.median_plies,
        s.percentile(10.0),
        s.percentile(25.0),
        s.percentile(75.0),
        s.percentile(90.0),
        s.percentile(99.0),
        s.max_plies()
    );
    // Histogram in buckets of 20 plies, the longest games in one overflow bucket.
    let overflow = HISTOGRAM_OVERFLOW_PLIES;
    let mut buckets: Vec<u64> = vec![0; overflow / 20 + 1];
    for (&plies, &c) in &s.length_histogram {
        buckets[plies.min(overflow) / 20] += c;
    }
    let max = buckets.iter().copied().max().unwrap_or(0).max(1);
    for (i, &c) in buckets.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let bar = "#".repeat(((c * 40).div_ceil(max)) as usize);
        let range = if i * 20 >= overflow {
            format!("{overflow}-{}", s.max_plies())
        } else {
            format!("{:>4}-{:<4}", i * 20, i * 20 + 19)
        };
        let _ = writeln!(o, "{:<12}{range:<9} {:>8} {bar}", "", c);
    }
    named_tables(&mut o, s, args.top);
    let _ = writeln!(
        o,
        "{:<12}first {} plies, most frequent:",
        "openings", s.opening_plies
    );
    for (k, v) in top(&s.openings, args.top) {
        let _ = writeln!(o, "{:<12}{v:>8}  {k}", "");
    }
    let failed = s.files_failed + s.records_failed;
    if args.failures && !s.failures.is_empty() {
        if failed > s.failures.len() as u64 {
            let _ = writeln!(
                o,
                "failures: the first {} of {failed} (--failures-file FILE lists every one):",
                s.failures.len()
            );
        } else {
            let _ = writeln!(o, "failures:");
        }
        for f in &s.failures {
            let message = failure_message(&f.message);
            match f.record {
                Some(r) => {
                    let _ = writeln!(o, "  {}#{r}: {message}", f.path);
                }
                None => {
                    let _ = writeln!(o, "  {}: {message}", f.path);
                }
            }
        }
    } else if !s.failures.is_empty() {
        let _ = writeln!(o, "({failed} failures: list them with --failures)");
    }
    o
}

/// The by-opening and by-castle tables (sides given each name, how they scored) and the
/// pairings of black's opening with white's, the `top` most frequent of each.
fn named_tables(o: &mut String, s: &Stats, top: usize) {
    for (title, map) in [("strategies", &s.by_strategy), ("castles", &s.by_castle)] {
        if map.is_empty() {
            continue;
        }
        let _ = writeln!(
            o,
            "{title:<12}   sides     won    lost  won%  (of the sides given the name)"
        );
        for (name, c) in top_named(map, top, |c| c.sides) {
            let _ = writeln!(
                o,
                "{:<12}{:>8}{:>8}{:>8}{:>6.1}  {name}",
                "",
                c.sides,
                c.won,
                c.lost,
                pct(c.won, c.won + c.lost)
            );
        }
    }
    if !s.pairings.is_empty() {
        let _ = writeln!(
            o,
            "{:<12}   games   black   white  (black's opening vs white's)",
            "pairings"
        );
        for (name, c) in top_named(&s.pairings, top, |c| c.games) {
            let _ = writeln!(
                o,
                "{:<12}{:>8}{:>8}{:>8}  {name}",
                "", c.games, c.black, c.white
            );
        }
    }
}

/// The `n` entries of `map` with the most `count`, then by name.
fn top_named<T>(
    map: &BTreeMap<String, T>,
    n: usize,
    count: impl Fn(&T) -> u64,
) -> Vec<(&String, &T)> {
    let mut v: Vec<_> = map.iter().collect();
    v.sort_by(|a, b| count(b.1).cmp(&count(a.1)).then(a.0.cmp(b.0)));
    v.truncate(n);
    v
}

/// The `section,key,value` CSV of `stats --format csv`, with the `n` most frequent openings.
pub fn to_csv(s: &Stats, n: usize) -> String {
    let mut o = String::from("section,key,value\n");
    let esc = |k: &str| {
        if k.contains([',', '"', '\n']) {
            format!("\"{}\"", k.replace('"', "\"\""))
        } else {
            k.to_string()
        }
    };
    for (k, v) in [
        ("files", s.files),
        ("files_failed", s.files_failed),
        ("records", s.records),
        ("records_failed", s.records_failed),
        ("plies_total", s.plies_total),
    ] {
        let _ = writeln!(o, "totals,{k},{v}");
    }
    let sum = summary(s);
    let _ = writeln!(o, "summary,mean_plies,{}", sum.mean_plies);
    let _ = writeln!(o, "summary,median_plies,{}", sum.median_plies);
    let _ = writeln!(o, "summary,black_win_rate,{}", csv_rate(sum.black_win_rate));
    let _ = writeln!(o, "summary,white_win_rate,{}", csv_rate(sum.white_win_rate));
    for (k, v) in &sum.percentiles {
        let _ = writeln!(o, "percentiles,{k},{v}");
    }
    // Sections are named as the JSON keys they come from.
    for (section, map) in [
        ("formats", &s.formats),
        ("encodings", &s.encodings),
        ("handicaps", &s.handicaps),
        ("handicap_winners", &s.handicap_winners),
        ("outcomes", &s.outcomes),
        ("winners", &s.winners),
        ("outcome_winners", &s.outcome_winners),
        ("stated_endings", &s.stated_endings),
        ("declarations", &s.declarations),
        ("fouls", &s.fouls),
        ("foul_occurrences", &s.foul_occurrences),
        ("warnings", &s.warnings),
    ] {
        for (k, v) in map {
            let _ = writeln!(o, "{section},{},{v}", esc(k));
        }
    }
    for (name, v) in variant_summaries(s) {
        let _ = writeln!(o, "variants,{name}.records,{}", v.records);
        let _ = writeln!(o, "variants,{name}.mean_plies,{}", v.mean_plies);
        let _ = writeln!(o, "variants,{name}.median_plies,{}", v.median_plies);
        let _ = writeln!(o, "variants,{name}.max_plies,{}", v.max_plies);
        let _ = writeln!(
            o,
            "variants,{name}.black_win_rate,{}",
            csv_rate(v.black_win_rate)
        );
        let _ = writeln!(
            o,
            "variants,{name}.white_win_rate,{}",
            csv_rate(v.white_win_rate)
        );
        for (k, c) in &v.outcomes {
            let _ = writeln!(o, "variants,{name}.outcomes.{},{c}", esc(k));
        }
    }
    for (section, map) in [("by_strategy", &s.by_strategy), ("by_castle", &s.by_castle)] {
        for (k, c) in map {
            let k = esc(k);
            let _ = writeln!(o, "{section},{k}.sides,{}", c.sides);
            let _ = writeln!(o, "{section},{k}.won,{}", c.won);
            let _ = writeln!(o, "{section},{k}.lost,{}", c.lost);
        }
    }
    for (k, c) in &s.pairings {
        let k = esc(k);
        let _ = writeln!(o, "pairings,{k}.games,{}", c.games);
        let _ = writeln!(o, "pairings,{k}.black,{}", c.black);
        let _ = writeln!(o, "pairings,{k}.white,{}", c.white);
    }
    for (k, v) in top(&s.openings, n) {
        let _ = writeln!(o, "openings,{},{v}", esc(k));
    }
    for (plies, c) in &s.length_histogram {
        let _ = writeln!(o, "length_histogram,{plies},{c}");
    }
    o
}

/// A failure's message in the human style (see [`crate::diag::human_message`]), after
/// its `line N: ` when it has one; the JSON keeps it as it was written.
fn failure_message(m: &str) -> String {
    match m.split_once(": ") {
        Some((at, rest)) if at.starts_with("line ") => {
            format!("{at}: {}", crate::diag::human_message(rest))
        }
        _ => crate::diag::human_message(m).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_document_carries_the_counts_and_the_summary() {
        let s = Stats::new(6);
        let v = to_json(&s);
        assert_eq!(v["records"], 0);
        assert!(v["summary"]["black_win_rate"].is_null());
        assert!(json_text(&s).ends_with("}\n"));
    }

    #[test]
    fn no_decisive_game_has_no_win_rate() {
        let mut winners = BTreeMap::new();
        winners.insert("none".to_string(), 3);
        assert_eq!(rates(&winners), (None, None));
        assert_eq!(shown_rate(None), "–");
        assert_eq!(csv_rate(Some(51.5)), "51.5");
    }

    #[test]
    fn the_csv_starts_with_its_header_and_the_table_with_the_records() {
        let s = Stats::new(6);
        assert!(to_csv(&s, 3).starts_with("section,key,value\ntotals,files,0\n"));
        assert!(to_table(&s, &TableOptions::default()).starts_with("records     0 read"));
    }
}
