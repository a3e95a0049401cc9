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

/// A record listed in the report: where it is, who played it, when, how long, and each foul
/// and warning it has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// The input's name.
    pub path: String,
    /// The record's index in its file.
    pub index: usize,
    /// Black's (sente's, or 下手's in a handicap game) name, when the record gives one.
    pub black: Option<String>,
    /// White's name, when the record gives one.
    pub white: Option<String>,
    /// The date the record gives, as written.
    pub date: Option<String>,
    /// Moves in the main line.
    pub plies: usize,
    /// The fouls and warnings, in the order of the replay.
    pub findings: Vec<Finding>,
}

/// One foul or warning of a [`Listed`] record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// A foul (else a warning).
    pub foul: bool,
    /// The code (`nifu`, `repetition`, ...).
    pub code: String,
    /// The ply, for findings of the replay.
    pub ply: Option<usize>,
    /// The sentence saying what is wrong.
    pub message: String,
}

/// The records that have each foul and warning code, in the order they were read, at most
/// [`RecordLists::cap`] per code (the counts in [`Stats`] stay exact beyond that).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLists {
    /// Every record in some list, in the order read.
    pub records: Vec<Listed>,
    /// Records by foul code: indices into [`RecordLists::records`].
    pub fouls: BTreeMap<String, Vec<usize>>,
    /// Records by warning code.
    pub warnings: BTreeMap<String, Vec<usize>>,
    /// How many records are kept per code.
    pub cap: usize,
}

impl Default for RecordLists {
    fn default() -> Self {
        RecordLists {
            records: Vec::new(),
            fouls: BTreeMap::new(),
            warnings: BTreeMap::new(),
            cap: RecordLists::DEFAULT_CAP,
        }
    }
}

impl RecordLists {
    /// Records kept per code by default.
    pub const DEFAULT_CAP: usize = 1000;

    /// Notes a record under each of its codes (once per code) whose list has room; the record
    /// is kept when it went into one list at least.
    pub fn add(&mut self, record: Listed) {
        let at = self.records.len();
        let mut kept = false;
        let mut seen: Vec<(bool, &str)> = Vec::new();
        for f in &record.findings {
            if seen.contains(&(f.foul, f.code.as_str())) {
                continue;
            }
            seen.push((f.foul, f.code.as_str()));
            let map = if f.foul {
                &mut self.fouls
            } else {
                &mut self.warnings
            };
            let list = map.entry(f.code.clone()).or_default();
            if list.len() < self.cap {
                list.push(at);
                kept = true;
            }
        }
        if kept {
            self.records.push(record);
        }
    }

    /// Appends the lists of `other` (a later part of the same run): the same lists as one run
    /// over both parts.
    pub fn append(&mut self, other: RecordLists) {
        for r in other.records {
            self.add(r);
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

const PAGE_STYLE: &str = concat!(
    ":root{color-scheme:light dark;--fg:#1f2328;--bg:#ffffff;--muted:#57606a;--line:#d0d7de;--card:#f6f8fa;--link:#0969da}
@media (prefers-color-scheme: dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#30363d;--card:#161b22;--link:#4493f8}}
body{margin:0 auto;max-width:1100px;padding:16px 24px;font-family:",
    super::chart_svg::sans_fonts!(),
    ";color:var(--fg);background:var(--bg);line-height:1.45}
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
code,.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Noto Sans Mono CJK JP',monospace;font-size:.92em}
.muted{color:var(--muted)}
ul.records{list-style:none;padding:0;margin:.5em 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24em),1fr));gap:6px 12px;font-size:.92em}
ul.records li{min-width:0;border:1px solid var(--line);border-radius:6px;background:var(--card);overflow-wrap:anywhere}
ul.records a{display:block;padding:4px 8px;color:inherit;text-decoration:none}
ul.records a:hover{background:var(--bg)}
ul.records .who{font-weight:600}
ul.records .when,ul.records .ply{color:var(--muted)}
ul.records .msg,ul.records .path{display:block}
ul.records .path{color:var(--link)}
section.record h3{overflow-wrap:anywhere;margin-bottom:.2em}
section.record p{margin:.2em 0}
ul.findings{margin:.2em 0 .8em;overflow-wrap:anywhere}
figure svg.chart{display:block;width:100%;max-width:100%;height:auto}
nav a{margin-right:.8em;display:inline-block}
"
);

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
    variant_table(&mut o, s);
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
    let get = |k: &str| s.winners.get(k).copied().unwrap_or(0);
    let (b, w) = (get("black"), get("white"));
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
            format!(
                "black {}, white {} (black is sente in an even game, 下手 in a handicap one)",
                pct(b, b + w),
                pct(w, b + w)
            ),
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
        let name = match chart_svg::handicap_sides(&name) {
            Some(sides) => format!("{name}: {sides}"),
            None => name,
        };
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

/// The breakdown by variant, beside the starts (a variant is not a handicap): each game's
/// records, wins and mean length; nothing for a collection of standard shogi alone.
fn variant_table(o: &mut String, s: &Stats) {
    let rows = s.by_variant();
    if rows.is_empty() {
        return;
    }
    o.push_str("<table class=\"variants\">\n<tr><th>variant</th><th>games</th><th>black wins</th><th>white wins</th><th>no winner</th><th>mean plies</th></tr>\n");
    let get = |m: &BTreeMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);
    for (name, v) in rows {
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{:.1}</td></tr>",
            esc(&name),
            v.records,
            get(&v.winners, "black"),
            get(&v.winners, "white"),
            get(&v.winners, "none"),
            v.mean_plies()
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
    for (foul, what, counts, map) in [
        (true, "foul", &s.fouls, &lists.fouls),
        (false, "warning", &s.warnings, &lists.warnings),
    ] {
        for (code, &n) in counts {
            let list = map.get(code).map(Vec::as_slice).unwrap_or(&[]);
            let _ = writeln!(
                o,
                "<section id=\"{what}-{}\" class=\"code-list\">\n<h3>{what} <code>{}</code>: {n} record{}</h3>",
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
            for &k in list {
                let Some(r) = lists.records.get(k) else {
                    continue;
                };
                let first = r
                    .findings
                    .iter()
                    .find(|f| f.foul == foul && f.code == *code);
                entry(o, k, r, first);
            }
            o.push_str("</ul>\n</section>\n");
        }
    }
    o.push_str("</section>\n");
    record_sections(o, lists);
}

/// The players of a record, `▲black – △white`, with `?` for a name the record does not give.
fn players(r: &Listed) -> String {
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
    format!("▲{} – △{}", name(&r.black), name(&r.white))
}

/// One entry of a code's list: the players, the date, the ply and the message of the code's
/// first finding, and where the record is; the whole entry links to the record's section.
fn entry(o: &mut String, k: usize, r: &Listed, first: Option<&Finding>) {
    let ply = match first.and_then(|f| f.ply) {
        Some(p) => format!("ply {p} of {}", r.plies),
        None => format!("{} plies", r.plies),
    };
    let _ = writeln!(
        o,
        "<li><a href=\"#record-{k}\"><span class=\"who\">{}</span> <span class=\"when\">{}</span> <span class=\"ply\">{}</span><span class=\"msg\">{}</span><span class=\"path\">{}#{}</span></a></li>",
        esc(&players(r)),
        esc(r.date.as_deref().unwrap_or("no date")),
        esc(&ply),
        esc(first.map_or("", |f| f.message.as_str())),
        esc(&r.path),
        r.index
    );
}

/// A section per listed record (the target of its entries' links): where it is, who played
/// it, when, how long, and each of its fouls and warnings.
fn record_sections(o: &mut String, lists: &RecordLists) {
    if lists.records.is_empty() {
        return;
    }
    o.push_str("<section id=\"records\">\n<h2>The records listed</h2>\n");
    for (k, r) in lists.records.iter().enumerate() {
        let _ = writeln!(
            o,
            "<section id=\"record-{k}\" class=\"record\">\n<h3 class=\"path\">{}#{}</h3>\n<p>{}, {}, {} plies</p>\n<ul class=\"findings\">",
            esc(&r.path),
            r.index,
            esc(&players(r)),
            esc(r.date.as_deref().unwrap_or("no date")),
            r.plies
        );
        for f in &r.findings {
            let what = if f.foul { "foul" } else { "warning" };
            let at = f.ply.map(|p| format!("ply {p}: ")).unwrap_or_default();
            let _ = writeln!(
                o,
                "<li>{}<a href=\"#{what}-{}\">{what}[{}]</a>: {}</li>",
                esc(&at),
                anchor(&f.code),
                esc(&f.code),
                esc(&f.message)
            );
        }
        o.push_str("</ul>\n</section>\n");
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
        lists.add(Listed {
            path: "a<script>.kif".into(),
            black: Some("<b>".into()),
            findings: vec![finding(false, "w\"><script>", Some(1), "<i>")],
            ..Listed::default()
        });
        let html = report(&s, Some(&lists), &ReportOptions::default());
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;evil()&lt;/script&gt;.kif"));
        assert!(html.contains("bad &amp; &lt;worse&gt;"));
        assert!(html.contains("a&lt;script&gt;.kif#0"));
        assert!(!html.contains("<b>") && !html.contains("<i>"));
    }

    fn finding(foul: bool, code: &str, ply: Option<usize>, message: &str) -> Finding {
        Finding {
            foul,
            code: code.into(),
            ply,
            message: message.into(),
        }
    }

    fn listed(path: &str, index: usize, findings: Vec<Finding>) -> Listed {
        Listed {
            path: path.into(),
            index,
            findings,
            ..Listed::default()
        }
    }

    /// Issue 33: the lists gave only `path#N`; each entry now shows the players, the date,
    /// the ply and the message, and links to the record's own section, which exists.
    #[test]
    fn entries_show_who_when_where_and_why_and_link_to_their_record() {
        let mut s = Stats::new(6);
        s.records = 2;
        s.fouls.insert("nifu".into(), 1);
        s.warnings.insert("repetition".into(), 2);
        let mut lists = RecordLists::default();
        lists.add(Listed {
            black: Some("羽生善治".into()),
            white: Some("藤井聡太".into()),
            date: Some("2024/04/10".into()),
            plies: 120,
            ..listed(
                "g.kif",
                3,
                vec![
                    finding(true, "nifu", Some(57), "pawn dropped on 5e"),
                    finding(false, "repetition", Some(90), "fourfold"),
                ],
            )
        });
        lists.add(listed(
            "h.csa",
            0,
            vec![finding(false, "repetition", None, "x")],
        ));
        let html = report(&s, Some(&lists), &ReportOptions::default());
        let nifu = &html[html.find("id=\"foul-nifu\"").unwrap()..];
        let nifu = &nifu[..nifu.find("</section>").unwrap()];
        assert!(nifu.contains(r##"<a href="#record-0">"##), "{nifu}");
        for part in [
            "▲羽生善治 – △藤井聡太",
            "2024/04/10",
            "ply 57 of 120",
            "pawn dropped on 5e",
            "g.kif#3",
        ] {
            assert!(nifu.contains(part), "{part}: {nifu}");
        }
        assert!(html.contains(r#"<section id="record-0" class="record">"#));
        assert!(html.contains(r#"<section id="record-1" class="record">"#));
        assert!(html.contains("▲? – △?"), "names not given are `?`");
        assert!(html.contains(r##"<a href="#warning-repetition">warning[repetition]</a>"##));
        // The page names a Japanese font (without one the names are empty boxes) and lets
        // the entries wrap in a grid rather than in columns they overflow.
        assert!(html.contains("'Noto Sans CJK JP'"));
        assert!(!html.contains("columns:2"));
    }

    /// Issue 33: `0.0%` was shown for a share of no decisive games at all.
    #[test]
    fn no_decisive_game_has_no_rate() {
        let mut s = Stats::new(6);
        s.records = 2;
        s.winners.insert("none".into(), 2);
        let html = report(&s, None, &ReportOptions::default());
        assert!(html.contains("<dd>black –, white –"), "{html}");
        assert!(!html.contains("black 0.0%"), "{html}");
    }

    /// Issue 33: a handicap's row said `black (sente)`, where its players are 下手 and 上手
    /// (the giver, white, moves first).
    #[test]
    fn handicap_rows_name_shitate_and_uwate() {
        let mut s = Stats::new(6);
        s.records = 2;
        s.handicaps.insert("平手".into(), 1);
        s.handicaps.insert("角落ち".into(), 1);
        s.handicap_winners.insert("角落ち/white".into(), 1);
        s.handicap_winners.insert("平手/black".into(), 1);
        let html = report(&s, None, &ReportOptions::default());
        assert!(html.contains("<td>角落ち: 下手 (black) vs 上手 (white, moves first)</td>"));
        assert!(html.contains("<td>平手</td>"));
    }

    #[test]
    fn lists_keep_the_first_records_up_to_the_cap() {
        let nifu = || finding(true, "nifu", Some(1), "");
        let mut a = RecordLists {
            cap: 2,
            ..RecordLists::default()
        };
        a.add(listed("x", 0, vec![nifu(), nifu()]));
        let mut b = RecordLists {
            cap: 2,
            ..RecordLists::default()
        };
        b.add(listed("y", 0, vec![nifu(), finding(false, "w", None, "")]));
        b.add(listed("y", 1, vec![nifu()]));
        b.add(listed("y", 2, vec![nifu()]));
        a.append(b);
        assert_eq!(a.fouls["nifu"], vec![0, 1]);
        assert_eq!(a.warnings["w"], vec![1]);
        let kept: Vec<(&str, usize)> = a.records.iter().map(|r| (&*r.path, r.index)).collect();
        assert_eq!(
            kept,
            vec![("x", 0), ("y", 0)],
            "a record in no list is not kept"
        );
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
