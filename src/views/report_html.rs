//! The statistics of a collection as one self-contained HTML page (`stats --format html`): the
//! charts of [`chart_svg`](super::chart_svg) inline, the lists of records behind every foul and
//! warning code, and the records that could not be read.
//!
//! The page loads nothing: no script, no font, no image from elsewhere, and its
//! Content-Security-Policy forbids them, so a browser shows it offline exactly as written. Every
//! text that comes from the records (paths, messages, handicap names, openings) is escaped.
//!
//! ```
//! use shogi_tool::batch::stats::Stats;
//! use shogi_tool::views::report_html::{report, RecordLists, ReportOptions};
//! let mut s = Stats::new(6);
//! s.records = 1;
//! s.length_histogram.insert(40, 1);
//! let html = report(&s, Some(&RecordLists::default()), &ReportOptions::default());
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains(r#"id="chart-lengths""#));
//! assert!(!html.contains("<script"));
//! ```

use std::collections::BTreeMap;
use std::fmt::Write;

use super::chart_svg::{self, anchor, ChartKind, ChartOptions};
use super::svg::esc;
use crate::batch::stats::Stats;

/// The records that have each foul and warning code, in the order they were read, at most
/// [`RecordLists::cap`] per code (the counts in [`Stats`] stay exact beyond that).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLists {
    /// Records by foul code: `(path, record index in the file)`.
    pub fouls: BTreeMap<String, Vec<(String, usize)>>,
    /// Records by warning code.
    pub warnings: BTreeMap<String, Vec<(String, usize)>>,
    /// How many records are kept per code.
    pub cap: usize,
}

impl Default for RecordLists {
    fn default() -> Self {
        RecordLists {
            fouls: BTreeMap::new(),
            warnings: BTreeMap::new(),
            cap: RecordLists::DEFAULT_CAP,
        }
    }
}

impl RecordLists {
    /// Records kept per code by default.
    pub const DEFAULT_CAP: usize = 1000;

    /// Notes that the record `index` of `path` has the foul codes `fouls` and the warning
    /// codes `warnings` (each code counted once per record).
    pub fn add<'a>(
        &mut self,
        path: &str,
        index: usize,
        fouls: impl IntoIterator<Item = &'a str>,
        warnings: impl IntoIterator<Item = &'a str>,
    ) {
        let cap = self.cap;
        for (map, codes) in [
            (&mut self.fouls, fouls.into_iter().collect::<Vec<_>>()),
            (&mut self.warnings, warnings.into_iter().collect()),
        ] {
            let mut codes = codes;
            codes.sort_unstable();
            codes.dedup();
            for c in codes {
                let list = map.entry(c.to_string()).or_default();
                if list.len() < cap {
                    list.push((path.to_string(), index));
                }
            }
        }
    }

    /// Appends the lists of `other` (a later part of the same run).
    pub fn append(&mut self, other: RecordLists) {
        let cap = self.cap;
        for (mine, theirs) in [
            (&mut self.fouls, other.fouls),
            (&mut self.warnings, other.warnings),
        ] {
            for (code, list) in theirs {
                let m = mine.entry(code).or_default();
                let room = cap.saturating_sub(m.len());
                m.extend(list.into_iter().take(room));
            }
        }
    }
}

/// How the report is written.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// The page's title.
    pub title: String,
    /// How many openings are shown.
    pub top: usize,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            title: "Shogi collection report".into(),
            top: 20,
        }
    }
}

const PAGE_STYLE: &str = "\
:root{color-scheme:light dark;--fg:#1f2328;--bg:#ffffff;--muted:#57606a;--line:#d0d7de;--card:#f6f8fa;--link:#0969da}
@media (prefers-color-scheme: dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#30363d;--card:#161b22;--link:#4493f8}}
body{margin:0 auto;max-width:1100px;padding:16px 24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:var(--fg);background:var(--bg);line-height:1.45}
h1{font-size:1.6em;margin:.2em 0 .6em}
h2{font-size:1.25em;border-bottom:1px solid var(--line);padding-bottom:.2em;margin-top:1.6em}
h3{font-size:1.05em}
a{color:var(--link)}
figure{margin:0;overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:6px;padding:8px}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
dl.summary{display:grid;grid-template-columns:max-content auto;gap:2px 16px}
dl.summary dt{color:var(--muted)}
dl.summary dd{margin:0;font-variant-numeric:tabular-nums}
code,.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
.muted{color:var(--muted)}
ul.records{columns:2 28em;font-size:.92em}
nav a{margin-right:.8em}
";

/// The whole page. `lists` are the records behind each foul and warning code (none when the
/// statistics come from `--merge`, which has only counts).
pub fn report(s: &Stats, lists: Option<&RecordLists>, opts: &ReportOptions) -> String {
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
<meta name=\"color-scheme\" content=\"light dark\">\n\
<title>{}</title>\n<style>\n{PAGE_STYLE}{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(&opts.title),
        chart_svg::STYLE,
        esc(&opts.title)
    );
    let _ = writeln!(
        o,
        "<nav>{}<a href=\"#fouls-lists\">records by code</a><a href=\"#failures\">unreadable</a></nav>",
        ChartKind::ALL
            .iter()
            .map(|k| format!("<a href=\"#{}\">{}</a>", k.name(), esc(k.name())))
            .collect::<String>()
    );
    summary(&mut o, s);
    let chart_opts = ChartOptions {
        top: opts.top,
        standalone: false,
        link_codes: lists.is_some(),
    };
    for kind in ChartKind::ALL {
        let _ = writeln!(
            o,
            "<section id=\"{}\">\n<h2>{}</h2>",
            kind.name(),
            esc(kind.title())
        );
        // Openings by name when the games were classified, the first moves as a detail.
        let named = kind == ChartKind::Openings && !s.by_strategy.is_empty();
        if named {
            name_tables(&mut o, s, opts.top);
            o.push_str("<details>\n<summary>The openings as their first moves (USI)</summary>\n");
        }
        if let Some(note) = note(s, kind, lists.is_some(), opts.top) {
            let _ = writeln!(o, "<p class=\"muted\">{}</p>", esc(&note));
        }
        let _ = write!(
            o,
            "<figure>\n{}</figure>\n",
            chart_svg::chart(s, kind, &chart_opts)
        );
        if named {
            o.push_str("</details>\n");
        }
        if kind == ChartKind::WinRates {
            win_table(&mut o, s);
        }
        o.push_str("</section>\n");
    }
    code_lists(&mut o, s, lists);
    failures(&mut o, s);
    let _ = writeln!(
        o,
        "<footer><p class=\"muted\">Written by shogi-tool {} (<code>stats --format html</code>).</p></footer>\n</body>\n</html>",
        env!("CARGO_PKG_VERSION")
    );
    o
}

fn pct(n: u64, of: u64) -> String {
    if of == 0 {
        "–".into()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / of as f64)
    }
}

fn summary(o: &mut String, s: &Stats) {
    let (b, w) = s.win_rates();
    let rows: Vec<(&str, String)> = vec![
        ("records read", s.records.to_string()),
        (
            "records that could not be read",
            s.records_failed.to_string(),
        ),
        (
            "files",
            format!("{} ({} could not be read)", s.files, s.files_failed),
        ),
        (
            "game length",
            format!(
                "mean {:.1}, median {}, p90 {}, longest {} plies",
                s.mean_plies(),
                s.percentile(50.0),
                s.percentile(90.0),
                s.max_plies()
            ),
        ),
        (
            "decisive games",
            format!("black {b:.1}%, white {w:.1}% (sente and gote)"),
        ),
    ];
    o.push_str("<dl class=\"summary\">\n");
    for (k, v) in rows {
        let _ = writeln!(o, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(&v));
    }
    o.push_str(
        "</dl>\n<p class=\"muted\">Every figure but the failures is over the records read.</p>\n",
    );
}

fn note(s: &Stats, kind: ChartKind, have_lists: bool, top: usize) -> Option<String> {
    match kind {
        ChartKind::Openings => Some(format!(
            "The first {} moves of each game, in USI notation; the {} most frequent of {} distinct openings.",
            s.opening_plies,
            s.openings.len().min(top),
            s.openings.len()
        )),
        ChartKind::Fouls | ChartKind::Warnings if have_lists => {
            Some("Each bar links to the list of records that have the code.".into())
        }
        ChartKind::Fouls | ChartKind::Warnings => Some(
            "Lists of records need a run over the records; statistics merged with --merge have only the counts."
                .into(),
        ),
        ChartKind::WinRates => Some(
            "Share of black's wins, white's wins and games without a winner, of all games read and of each start."
                .into(),
        ),
        _ => None,
    }
}

/// The openings and castles by name (the sides given each and how they scored) and the
/// pairings of black's opening with white's, the `top` most frequent of each.
fn name_tables(o: &mut String, s: &Stats, top: usize) {
    for (title, map) in [("opening", &s.by_strategy), ("castle", &s.by_castle)] {
        let mut rows: Vec<_> = map.iter().collect();
        rows.sort_by(|a, b| b.1.sides.cmp(&a.1.sides).then(a.0.cmp(b.0)));
        let _ = writeln!(
            o,
            "<table class=\"names\">\n<tr><th>{title}</th><th>sides</th><th>won</th><th>lost</th><th>won of decided</th></tr>"
        );
        for (name, c) in rows.into_iter().take(top) {
            let _ = writeln!(
                o,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                esc(name),
                c.sides,
                c.won,
                c.lost,
                pct(c.won, c.won + c.lost)
            );
        }
        o.push_str("</table>\n");
    }
    let mut rows: Vec<_> = s.pairings.iter().collect();
    rows.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
    o.push_str("<table class=\"pairings\">\n<tr><th>black's opening vs white's</th><th>games</th><th>black wins</th><th>white wins</th></tr>\n");
    for (name, c) in rows.into_iter().take(top) {
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            esc(name),
            c.games,
            c.black,
            c.white
        );
    }
    o.push_str("</table>\n");
}

fn win_table(o: &mut String, s: &Stats) {
    o.push_str("<table class=\"win-rates\">\n<tr><th>start</th><th>games</th><th>black wins</th><th>white wins</th><th>no winner</th><th>black of decisive</th></tr>\n");
    let mut rows: Vec<(String, [u64; 3])> = Vec::new();
    let get = |m: &BTreeMap<String, u64>, k: String| m.get(&k).copied().unwrap_or(0);
    rows.push((
        "all games".into(),
        [
            get(&s.winners, "black".into()),
            get(&s.winners, "white".into()),
            get(&s.winners, "none".into()),
        ],
    ));
    // In the chart's order: most games first.
    let mut starts: Vec<(&String, &u64)> = s.handicaps.iter().collect();
    starts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (h, _) in starts {
        rows.push((
            h.clone(),
            [
                get(&s.handicap_winners, format!("{h}/black")),
                get(&s.handicap_winners, format!("{h}/white")),
                get(&s.handicap_winners, format!("{h}/none")),
            ],
        ));
    }
    for (name, [b, w, n]) in rows {
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{b}</td><td class=\"n\">{w}</td><td class=\"n\">{n}</td><td class=\"n\">{}</td></tr>",
            esc(&name),
            b + w + n,
            pct(b, b + w)
        );
    }
    o.push_str("</table>\n");
}

fn code_lists(o: &mut String, s: &Stats, lists: Option<&RecordLists>) {
    o.push_str("<section id=\"fouls-lists\">\n<h2>Records by foul and warning code</h2>\n");
    let Some(lists) = lists else {
        o.push_str("<p class=\"muted\">Not available: these statistics were merged from partial results, which hold only counts.</p>\n</section>\n");
        return;
    };
    if s.fouls.is_empty() && s.warnings.is_empty() {
        o.push_str("<p>No record has a foul or a warning.</p>\n");
    }
    for (prefix, what, counts, map) in [
        ("foul", "foul", &s.fouls, &lists.fouls),
        ("warning", "warning", &s.warnings, &lists.warnings),
    ] {
        for (code, &n) in counts {
            let list = map.get(code).map(Vec::as_slice).unwrap_or(&[]);
            let _ = writeln!(
                o,
                "<section id=\"{prefix}-{}\" class=\"code-list\">\n<h3>{what} <code>{}</code>: {n} record{}</h3>",
                anchor(code),
                esc(code),
                if n == 1 { "" } else { "s" }
            );
            if (list.len() as u64) < n {
                let _ = writeln!(
                    o,
                    "<p class=\"muted\">The first {} are listed.</p>",
                    list.len()
                );
            }
            o.push_str("<ul class=\"records\">\n");
            for (path, index) in list {
                let _ = writeln!(o, "<li class=\"path\">{}#{index}</li>", esc(path));
            }
            o.push_str("</ul>\n</section>\n");
        }
    }
    o.push_str("</section>\n");
}

fn failures(o: &mut String, s: &Stats) {
    let _ = writeln!(
        o,
        "<section id=\"failures\">\n<h2>Records that could not be read</h2>\n<p>{} file{} and {} record{} could not be read.</p>",
        s.files_failed,
        if s.files_failed == 1 { "" } else { "s" },
        s.records_failed,
        if s.records_failed == 1 { "" } else { "s" }
    );
    if !s.failures.is_empty() {
        o.push_str(
            "<table class=\"failures\">\n<tr><th>input</th><th>record</th><th>why</th></tr>\n",
        );
        for f in &s.failures {
            let _ = writeln!(
                o,
                "<tr><td class=\"path\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>",
                esc(&f.path),
                f.record
                    .map(|r| r.to_string())
                    .unwrap_or_else(|| "whole file".into()),
                esc(&f.message)
            );
        }
        o.push_str("</table>\n");
    }
    o.push_str("</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::stats::Failure;

    #[test]
    fn record_derived_text_is_escaped() {
        let mut s = Stats::new(6);
        s.records = 1;
        s.handicaps.insert("<script>alert(1)</script>".into(), 1);
        s.openings.insert("7g7f <b>x</b>".into(), 1);
        s.warnings.insert("w\"><script>".into(), 1);
        s.failures.push(Failure {
            path: "<script>evil()</script>.kif".into(),
            path_bytes: None,
            record: None,
            message: "bad & <worse>".into(),
        });
        let mut lists = RecordLists::default();
        lists.add("a<script>.kif", 0, [], ["w\"><script>"]);
        let html = report(&s, Some(&lists), &ReportOptions::default());
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;evil()&lt;/script&gt;.kif"));
        assert!(html.contains("bad &amp; &lt;worse&gt;"));
        assert!(html.contains("a&lt;script&gt;.kif#0"));
    }

    #[test]
    fn lists_keep_the_first_records_up_to_the_cap() {
        let mut a = RecordLists {
            cap: 2,
            ..RecordLists::default()
        };
        a.add("x", 0, ["nifu", "nifu"], []);
        let mut b = RecordLists {
            cap: 2,
            ..RecordLists::default()
        };
        b.add("y", 0, ["nifu"], ["w"]);
        b.add("y", 1, ["nifu"], []);
        a.append(b);
        assert_eq!(
            a.fouls["nifu"],
            vec![("x".to_string(), 0), ("y".to_string(), 0)]
        );
        assert_eq!(a.warnings["w"], vec![("y".to_string(), 0)]);
    }

    #[test]
    fn openings_by_name_come_first_and_the_moves_become_a_detail() {
        let mut s = Stats::new(6);
        s.openings.insert("7g7f 3c3d".into(), 1);
        let plain = report(&s, None, &ReportOptions::default());
        assert!(!plain.contains("<details>"));
        s.by_strategy.insert(
            "四間飛車<".into(),
            crate::batch::stats::NameCounts {
                sides: 2,
                won: 1,
                lost: 1,
            },
        );
        let page = report(&s, None, &ReportOptions::default());
        let names = page.find("四間飛車&lt;").expect("the name, escaped");
        let moves = page.find("<details>").expect("the moves as a detail");
        assert!(names < moves);
        assert!(page.contains("<td class=\"n\">50.0%</td>"));
    }
}
