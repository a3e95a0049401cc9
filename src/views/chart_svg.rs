//! Charts of collection statistics as SVG: the game-length histogram and horizontal bar charts
//! (outcomes, win rates, openings, fouls, ...), each with axes, axis labels and a legend.
//!
//! Colours come from CSS classes (`s0`, `s1`, ... for the series, `axis`, `grid`) so one
//! stylesheet ([`STYLE`]) draws them in a light or a dark theme (`prefers-color-scheme`). A
//! standalone chart carries that stylesheet itself; charts inside the HTML report share the
//! page's. Every text that comes from the records (handicap names, opening moves, codes) is
//! escaped.
//!
//! ```
//! use shogi_tool::batch::stats::Stats;
//! use shogi_tool::views::chart_svg::{chart, ChartKind};
//! let mut s = Stats::new(6);
//! s.length_histogram.insert(35, 2);
//! s.length_histogram.insert(90, 1);
//! let svg = chart(&s, ChartKind::Lengths, &Default::default());
//! assert!(svg.starts_with("<?xml"));
//! assert_eq!(svg.matches("class=\"bar ").count(), 5); // buckets 0-19 .. 80-99
//! ```

use std::collections::BTreeMap;
use std::fmt::Write;

use super::svg::{esc, num};
use crate::batch::stats::{Stats, HISTOGRAM_OVERFLOW_PLIES};
use crate::shogi::Handicap;

/// The width of every chart, in user units: the report's column (so that a chart fills it,
/// scaled down on a narrower window, never up).
pub const WIDTH: f64 = 1020.0;

/// The width in plies of one bucket of the length histogram.
pub const BUCKET_PLIES: usize = 20;

/// The charts there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// The game-length histogram (buckets of [`BUCKET_PLIES`] plies).
    Lengths,
    /// Records by outcome reason, split by winner.
    Outcomes,
    /// Black's and white's wins (and games without a winner) overall and by handicap, in percent.
    WinRates,
    /// The most frequent openings.
    Openings,
    /// Fouls by code: records that have one, and every occurrence.
    Fouls,
    /// Records with a warning, by code.
    Warnings,
    /// Entering-king declarations by verdict, and impasse endings.
    Declarations,
    /// Records by encoding.
    Encodings,
    /// Records by format.
    Formats,
}

impl ChartKind {
    /// Every chart, in the order of the report.
    pub const ALL: [ChartKind; 9] = [
        ChartKind::Lengths,
        ChartKind::Outcomes,
        ChartKind::WinRates,
        ChartKind::Openings,
        ChartKind::Fouls,
        ChartKind::Warnings,
        ChartKind::Declarations,
        ChartKind::Encodings,
        ChartKind::Formats,
    ];

    /// The name `--chart` takes, also the chart's `id` in the report.
    pub fn name(self) -> &'static str {
        match self {
            ChartKind::Lengths => "lengths",
            ChartKind::Outcomes => "outcomes",
            ChartKind::WinRates => "win-rates",
            ChartKind::Openings => "openings",
            ChartKind::Fouls => "fouls",
            ChartKind::Warnings => "warnings",
            ChartKind::Declarations => "declarations",
            ChartKind::Encodings => "encodings",
            ChartKind::Formats => "formats",
        }
    }

    /// The chart's title.
    pub fn title(self) -> &'static str {
        match self {
            ChartKind::Lengths => "Game length",
            ChartKind::Outcomes => "Outcomes by reason",
            ChartKind::WinRates => "Win rates, overall and by handicap",
            ChartKind::Openings => "Most frequent openings",
            ChartKind::Fouls => "Fouls by code",
            ChartKind::Warnings => "Warnings by code",
            ChartKind::Declarations => "Entering-king declarations",
            ChartKind::Encodings => "Encodings",
            ChartKind::Formats => "Formats",
        }
    }
}

/// How charts are drawn.
#[derive(Clone, Debug)]
pub struct ChartOptions {
    /// How many openings the openings chart shows.
    pub top: usize,
    /// A standalone document (XML declaration and its own stylesheet) rather than an element
    /// inside the HTML report.
    pub standalone: bool,
    /// Whether the bars of the fouls and warnings charts link to `#foul-CODE` / `#warning-CODE`
    /// (the lists of records in the report).
    pub link_codes: bool,
}

impl Default for ChartOptions {
    fn default() -> Self {
        ChartOptions {
            top: 20,
            standalone: true,
            link_codes: false,
        }
    }
}

/// The sans-serif fonts of the charts and the report, best first: the system's, then Japanese
/// fonts that have the kana and kanji of handicap names, openings and players (Noto Sans CJK
/// JP is Debian's and Ubuntu's `fonts-noto-cjk`), then the generic family. Without one of
/// them a browser draws the Japanese labels as empty boxes. A macro, so that the stylesheets
/// can `concat!` it.
macro_rules! sans_fonts {
    () => {
        "system-ui,-apple-system,'Segoe UI','Noto Sans CJK JP','Noto Sans JP','Hiragino Sans',\
'Hiragino Kaku Gothic ProN','Yu Gothic',Meiryo,'IPAexGothic',sans-serif"
    };
}
pub(crate) use sans_fonts;

/// The font stack of the charts and the report ([`sans_fonts`]).
pub const SANS_FONTS: &str = sans_fonts!();

/// The stylesheet of the charts: light by default, dark under `prefers-color-scheme: dark`.
pub const STYLE: &str = concat!(
    "svg.chart{font-family:",
    sans_fonts!(),
    ";font-size:12px}
svg.chart text{fill:#1f2328}
svg.chart .title{font-size:14px;font-weight:600}
svg.chart .axis{stroke:#57606a;stroke-width:1}
svg.chart .grid{stroke:#d0d7de;stroke-width:1}
svg.chart .s0{fill:#2f6fbf}
svg.chart .s1{fill:#d1762a}
svg.chart .s2{fill:#8c959f}
svg.chart .s3{fill:#3f9b55}
svg.chart a:hover rect{opacity:.75}
@media (prefers-color-scheme: dark){
svg.chart text{fill:#e6edf3}
svg.chart .axis{stroke:#9198a1}
svg.chart .grid{stroke:#30363d}
svg.chart .s0{fill:#58a6ff}
svg.chart .s1{fill:#f0883e}
svg.chart .s2{fill:#8b949e}
svg.chart .s3{fill:#56d364}
}
"
);

/// One bucket of the length histogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bucket {
    /// The first length in the bucket.
    pub from: usize,
    /// The last length in the bucket (for the overflow bucket: the longest game).
    pub to: usize,
    /// Records in the bucket.
    pub count: u64,
}

/// The buckets of the length histogram: [`BUCKET_PLIES`] plies each, from 0 to the last bucket
/// that holds a game (empty buckets between included), every game of
/// [`HISTOGRAM_OVERFLOW_PLIES`] plies or more in one last bucket.
pub fn length_buckets(s: &Stats) -> Vec<Bucket> {
    let overflow = HISTOGRAM_OVERFLOW_PLIES;
    let mut counts: Vec<u64> = Vec::new();
    for (&plies, &c) in &s.length_histogram {
        let i = plies.min(overflow) / BUCKET_PLIES;
        if counts.len() <= i {
            counts.resize(i + 1, 0);
        }
        counts[i] += c;
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &count)| {
            let from = i * BUCKET_PLIES;
            let to = if from >= overflow {
                s.max_plies()
            } else {
                from + BUCKET_PLIES - 1
            };
            Bucket { from, to, count }
        })
        .collect()
}

/// The chart `kind` of `s` as an `<svg>` element (a whole document with
/// [`ChartOptions::standalone`]).
pub fn chart(s: &Stats, kind: ChartKind, opts: &ChartOptions) -> String {
    let mut c = match kind {
        ChartKind::Lengths => lengths(s),
        ChartKind::Outcomes => outcomes(s),
        ChartKind::WinRates => win_rates(s),
        ChartKind::Openings => {
            let mut v: Vec<(&String, &u64)> = s.openings.iter().collect();
            v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            v.truncate(opts.top);
            let rows = v.into_iter().map(|(k, &n)| Row::new(k, vec![n])).collect();
            Bars {
                rows,
                series: vec![format!("records (first {} plies, in USI)", s.opening_plies)],
                x_label: "records".into(),
                percent: false,
                stacked: false,
            }
            .draw()
        }
        ChartKind::Fouls => {
            let rows = by_count(&s.fouls)
                .into_iter()
                .map(|(code, n)| {
                    let all = s.foul_occurrences.get(code).copied().unwrap_or(n);
                    let mut r = Row::new(code, vec![n, all]);
                    if opts.link_codes {
                        r.href = Some(format!("#foul-{}", anchor(code)));
                    }
                    r
                })
                .collect();
            Bars {
                rows,
                series: vec!["records with the foul".into(), "occurrences".into()],
                x_label: "count".into(),
                percent: false,
                stacked: false,
            }
            .draw()
        }
        ChartKind::Warnings => {
            let rows = by_count(&s.warnings)
                .into_iter()
                .map(|(code, n)| {
                    let mut r = Row::new(code, vec![n]);
                    if opts.link_codes {
                        r.href = Some(format!("#warning-{}", anchor(code)));
                    }
                    r
                })
                .collect();
            simple(rows, "records with the warning")
        }
        ChartKind::Declarations => simple(counted(&s.declarations), "records"),
        ChartKind::Encodings => simple(counted(&s.encodings), "records"),
        ChartKind::Formats => simple(counted(&s.formats), "records"),
    };
    c.title = kind.title().to_string();
    c.finish(kind.name(), opts.standalone)
}

/// A code as it can appear in an `id` (codes are ASCII words already; anything else becomes `_`).
pub fn anchor(code: &str) -> String {
    code.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn by_count(map: &BTreeMap<String, u64>) -> Vec<(&str, u64)> {
    let mut v: Vec<(&str, u64)> = map.iter().map(|(k, &n)| (k.as_str(), n)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v
}

fn counted(map: &BTreeMap<String, u64>) -> Vec<Row> {
    by_count(map)
        .into_iter()
        .map(|(k, n)| Row::new(k, vec![n]))
        .collect()
}

fn simple(rows: Vec<Row>, series: &str) -> Drawn {
    Bars {
        rows,
        series: vec![series.into()],
        x_label: "records".into(),
        percent: false,
        stacked: false,
    }
    .draw()
}

const WINNERS: [(&str, &str); 3] = [
    ("black", "black wins (sente; 下手 in a handicap)"),
    ("white", "white wins (gote; 上手 in a handicap)"),
    ("none", "no winner"),
];

/// The series of a handicap's row: its players are 下手 (black) and 上手 (white, who gives the
/// handicap and moves first), not sente and gote.
const HANDICAP_WINNERS: [&str; 3] = ["下手 (black) wins", "上手 (white) wins", "no winner"];

/// Who is who in a start named `start` when it is a handicap (`下手 (black) vs 上手 (white,
/// moves first)`); `None` for the even game, a set-up position or a variant.
pub fn handicap_sides(start: &str) -> Option<&'static str> {
    Handicap::from_japanese(start)
        .filter(|&h| h != Handicap::Even)
        .map(|_| "下手 (black) vs 上手 (white, moves first)")
}

fn outcomes(s: &Stats) -> Drawn {
    let rows = by_count(&s.outcomes)
        .into_iter()
        .map(|(reason, _)| {
            let values = WINNERS
                .iter()
                .map(|(w, _)| {
                    s.outcome_winners
                        .get(&format!("{reason}/{w}"))
                        .copied()
                        .unwrap_or(0)
                })
                .collect();
            Row::new(reason, values)
        })
        .collect();
    Bars {
        rows,
        series: WINNERS.iter().map(|(_, l)| l.to_string()).collect(),
        x_label: "records".into(),
        percent: false,
        stacked: true,
    }
    .draw()
}

fn win_rates(s: &Stats) -> Drawn {
    let mut rows = Vec::new();
    if s.records > 0 {
        let values = WINNERS
            .iter()
            .map(|(w, _)| s.winners.get(*w).copied().unwrap_or(0))
            .collect();
        rows.push(Row::new("all games", values));
    }
    for (start, _) in by_count(&s.handicaps) {
        let values = WINNERS
            .iter()
            .map(|(w, _)| {
                s.handicap_winners
                    .get(&format!("{start}/{w}"))
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        let mut row = Row::new(start, values);
        if handicap_sides(start).is_some() {
            row.series = Some(HANDICAP_WINNERS.iter().map(|s| s.to_string()).collect());
        }
        rows.push(row);
    }
    Bars {
        rows,
        series: WINNERS.iter().map(|(_, l)| l.to_string()).collect(),
        x_label: "share of games (%)".into(),
        percent: true,
        stacked: true,
    }
    .draw()
}

fn lengths(s: &Stats) -> Drawn {
    let buckets = length_buckets(s);
    let (left, top, plot_h) = (56.0, 56.0, 280.0);
    let plot_w = WIDTH - left - 24.0;
    let mut d = Drawn::new(WIDTH, top + plot_h + 52.0);
    d.legend(&["records, in buckets of 20 plies".to_string()], top - 22.0);
    let max = buckets.iter().map(|b| b.count).max().unwrap_or(0);
    let ticks = nice_ticks(max);
    let y_max = *ticks.last().unwrap_or(&1) as f64;
    for &t in &ticks {
        let y = top + plot_h - plot_h * t as f64 / y_max;
        d.line(left, y, left + plot_w, y, "grid");
        d.text(left - 6.0, y + 4.0, "end", "", &t.to_string());
    }
    let n = buckets.len().max(1);
    let slot = plot_w / n as f64;
    let every = n.div_ceil(20);
    for (i, b) in buckets.iter().enumerate() {
        let h = plot_h * b.count as f64 / y_max;
        let x = left + slot * i as f64;
        let label = if b.from >= HISTOGRAM_OVERFLOW_PLIES {
            format!("{}+", b.from)
        } else {
            b.from.to_string()
        };
        let _ = writeln!(
            d.body,
            r#"<rect class="bar s0" data-bucket="{}-{}" data-count="{}" x="{}" y="{}" width="{}" height="{}"><title>{}–{} plies: {} records</title></rect>"#,
            b.from,
            b.to,
            b.count,
            num(x + slot * 0.1),
            num(top + plot_h - h),
            num(slot * 0.8),
            num(h),
            b.from,
            b.to,
            b.count
        );
        if i % every == 0 {
            d.text(x + slot / 2.0, top + plot_h + 16.0, "middle", "", &label);
        }
    }
    if buckets.is_empty() {
        d.text(
            left + plot_w / 2.0,
            top + plot_h / 2.0,
            "middle",
            "",
            "no games",
        );
    }
    d.line(left, top + plot_h, left + plot_w, top + plot_h, "axis");
    d.line(left, top, left, top + plot_h, "axis");
    d.text(
        left + plot_w / 2.0,
        top + plot_h + 40.0,
        "middle",
        "",
        "game length (plies)",
    );
    let _ = writeln!(
        d.body,
        r#"<text x="14" y="{}" text-anchor="middle" transform="rotate(-90 14 {})">records</text>"#,
        num(top + plot_h / 2.0),
        num(top + plot_h / 2.0)
    );
    d
}

/// One row of a horizontal bar chart.
struct Row {
    label: String,
    values: Vec<u64>,
    href: Option<String>,
    /// The row's own names of the series (in the bars' titles), where the legend's do not
    /// fit it: a handicap's players are 下手 and 上手.
    series: Option<Vec<String>>,
}

impl Row {
    fn new(label: &str, values: Vec<u64>) -> Row {
        Row {
            label: label.to_string(),
            values,
            href: None,
            series: None,
        }
    }
}

/// A horizontal bar chart: one row per label, one bar per series (side by side), or the
/// series stacked in one bar (in percent of the row with `percent`).
struct Bars {
    rows: Vec<Row>,
    series: Vec<String>,
    x_label: String,
    percent: bool,
    stacked: bool,
}

/// How wide `s` is drawn, in units of an ASCII character (CJK characters count two).
fn text_width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// `s` cut to about `max` units of width, with an ellipsis when cut.
fn shorten(s: &str, max: usize) -> String {
    if text_width(s) <= max {
        return s.to_string();
    }
    let mut out = String::new();
    let mut w = 0;
    for c in s.chars() {
        w += text_width(c.encode_utf8(&mut [0; 4]));
        if w > max.saturating_sub(1) {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

impl Bars {
    fn draw(self) -> Drawn {
        const MAX_LABEL: usize = 44;
        let label_w = self
            .rows
            .iter()
            .map(|r| text_width(&r.label).min(MAX_LABEL))
            .max()
            .unwrap_or(6)
            .max(6) as f64
            * 7.0;
        let groups = if self.stacked { 1 } else { self.series.len() };
        let row_h = 10.0 + 12.0 * groups as f64;
        let right = if self.percent { 90.0 } else { 60.0 };
        let (left, top) = (label_w + 16.0, 56.0);
        let plot_w = WIDTH - left - right;
        let plot_h = row_h * self.rows.len().max(1) as f64;
        let mut d = Drawn::new(WIDTH, top + plot_h + 52.0);
        d.legend(&self.series, top - 22.0);
        let max = if self.percent {
            100
        } else if self.stacked {
            self.rows
                .iter()
                .map(|r| r.values.iter().sum::<u64>())
                .max()
                .unwrap_or(0)
        } else {
            self.rows
                .iter()
                .flat_map(|r| r.values.iter().copied())
                .max()
                .unwrap_or(0)
        };
        let ticks = if self.percent {
            vec![0, 25, 50, 75, 100]
        } else {
            nice_ticks(max)
        };
        let x_max = *ticks.last().unwrap_or(&1) as f64;
        for &t in &ticks {
            let x = left + plot_w * t as f64 / x_max;
            d.line(x, top, x, top + plot_h, "grid");
            d.text(x, top + plot_h + 16.0, "middle", "", &t.to_string());
        }
        for (i, row) in self.rows.iter().enumerate() {
            let y0 = top + row_h * i as f64;
            let total: u64 = row.values.iter().sum();
            let _ = writeln!(
                d.body,
                r#"<text x="{}" y="{}" text-anchor="end"><title>{}</title>{}</text>"#,
                num(left - 6.0),
                num(y0 + row_h / 2.0 + 4.0),
                esc(&row.label),
                esc(&shorten(&row.label, MAX_LABEL))
            );
            if let Some(href) = &row.href {
                let _ = writeln!(d.body, r#"<a href="{}">"#, esc(href));
            }
            let mut x = left;
            for (k, &v) in row.values.iter().enumerate() {
                let share = if self.percent {
                    if total == 0 {
                        0.0
                    } else {
                        100.0 * v as f64 / total as f64
                    }
                } else {
                    v as f64
                };
                let w = plot_w * share / x_max;
                let (bx, by, bh) = if self.stacked {
                    (x, y0 + 5.0, row_h - 10.0)
                } else {
                    (left, y0 + 5.0 + 12.0 * k as f64, 10.0)
                };
                let what = if self.percent {
                    format!("{v} ({:.1}%)", share)
                } else {
                    v.to_string()
                };
                let _ = writeln!(
                    d.body,
                    r#"<rect class="bar s{}" data-label="{}" data-series="{}" data-count="{v}" x="{}" y="{}" width="{}" height="{}"><title>{}, {}: {what}</title></rect>"#,
                    k % 4,
                    esc(&row.label),
                    esc(&self.series[k]),
                    num(bx),
                    num(by),
                    num(w),
                    num(bh),
                    esc(&row.label),
                    esc(row.series.as_ref().map_or(&self.series[k], |s| &s[k])),
                );
                if !self.stacked {
                    d.text(bx + w + 4.0, by + 9.0, "start", "", &v.to_string());
                }
                x += w;
            }
            if self.stacked {
                let shown = if self.percent {
                    format!("{total} game{}", if total == 1 { "" } else { "s" })
                } else {
                    total.to_string()
                };
                d.text(x + 4.0, y0 + row_h / 2.0 + 4.0, "start", "", &shown);
            }
            if row.href.is_some() {
                d.body.push_str("</a>\n");
            }
        }
        if self.rows.is_empty() {
            d.text(
                left + plot_w / 2.0,
                top + plot_h / 2.0 + 4.0,
                "middle",
                "",
                "none",
            );
        }
        d.line(left, top, left, top + plot_h, "axis");
        d.line(left, top + plot_h, left + plot_w, top + plot_h, "axis");
        d.text(
            left + plot_w / 2.0,
            top + plot_h + 40.0,
            "middle",
            "",
            &self.x_label,
        );
        d
    }
}

/// Tick values from 0 to at least `max`, 1, 2 or 5 times a power of ten apart (about five).
fn nice_ticks(max: u64) -> Vec<u64> {
    let max = max.max(1);
    let mut step = 1u64;
    loop {
        let mut found = None;
        for m in [1, 2, 5] {
            if max.div_ceil(step * m) <= 5 {
                found = Some(step * m);
                break;
            }
        }
        if let Some(s) = found {
            let n = max.div_ceil(s);
            return (0..=n).map(|i| i * s).collect();
        }
        step *= 10;
    }
}

/// A chart being drawn.
struct Drawn {
    width: f64,
    height: f64,
    title: String,
    body: String,
}

impl Drawn {
    fn new(width: f64, height: f64) -> Drawn {
        Drawn {
            width,
            height,
            title: String::new(),
            body: String::new(),
        }
    }

    fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) {
        let _ = writeln!(
            self.body,
            r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    fn text(&mut self, x: f64, y: f64, anchor: &str, class: &str, t: &str) {
        let class = if class.is_empty() {
            String::new()
        } else {
            format!(r#" class="{class}""#)
        };
        let _ = writeln!(
            self.body,
            r#"<text{class} x="{}" y="{}" text-anchor="{anchor}">{}</text>"#,
            num(x),
            num(y),
            esc(t)
        );
    }

    /// The legend: a swatch and a name per series, in one line at `y`.
    fn legend(&mut self, series: &[String], y: f64) {
        let _ = writeln!(self.body, r#"<g class="legend">"#);
        let mut x = 16.0;
        for (k, name) in series.iter().enumerate() {
            let _ = writeln!(
                self.body,
                r#"<rect class="s{}" x="{}" y="{}" width="12" height="12"/>"#,
                k % 4,
                num(x),
                num(y - 10.0)
            );
            self.text(x + 16.0, y, "start", "", name);
            x += 16.0 + 7.0 * text_width(name) as f64 + 20.0;
        }
        self.body.push_str("</g>\n");
        self.width = self.width.max(x);
    }

    fn finish(self, id: &str, standalone: bool) -> String {
        let (w, h) = (num(self.width), num(self.height));
        let head = if standalone {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        } else {
            ""
        };
        let style = if standalone {
            format!("<style>\n{STYLE}</style>\n")
        } else {
            String::new()
        };
        format!(
            "{head}<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"chart-{id}\" \
width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"chart-{id}-title\">\n\
<title id=\"chart-{id}-title\">{}</title>\n{style}<text class=\"title\" x=\"16\" y=\"20\">{}</text>\n{}</svg>\n",
            esc(&self.title),
            esc(&self.title),
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(nice_ticks(0), vec![0, 1]);
        assert_eq!(nice_ticks(3), vec![0, 1, 2, 3]);
        assert_eq!(nice_ticks(7), vec![0, 2, 4, 6, 8]);
        assert_eq!(nice_ticks(23), vec![0, 5, 10, 15, 20, 25]);
        assert_eq!(nice_ticks(349), vec![0, 100, 200, 300, 400]);
    }

    #[test]
    fn buckets_run_from_zero_to_the_overflow() {
        let mut s = Stats::new(6);
        for (plies, n) in [(0, 1), (45, 2), (19_447, 1), (501, 1)] {
            s.length_histogram.insert(plies, n);
        }
        let b = length_buckets(&s);
        assert_eq!(b.len(), HISTOGRAM_OVERFLOW_PLIES / BUCKET_PLIES + 1);
        assert_eq!(b[0].count, 1);
        assert_eq!(b[2].count, 2);
        let last = b.last().unwrap();
        assert_eq!((last.from, last.to, last.count), (500, 19_447, 2));
    }

    #[test]
    fn labels_are_escaped_and_shortened() {
        let mut s = Stats::new(6);
        s.records = 1;
        s.handicaps.insert("<script>alert(1)</script>".into(), 1);
        s.handicap_winners
            .insert("<script>alert(1)</script>/black".into(), 1);
        let svg = chart(&s, ChartKind::WinRates, &ChartOptions::default());
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;"));
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("角落ち", 6), "角落ち");
    }

    /// Issue 33: the charts used about 60 % of the report's width; each is now as wide as
    /// the report's column, whatever its labels.
    #[test]
    fn every_chart_is_as_wide_as_the_report() {
        let mut s = Stats::new(6);
        s.records = 1;
        s.length_histogram.insert(40, 1);
        s.fouls.insert("nifu".into(), 1);
        s.handicaps.insert("角落ち".into(), 1);
        for kind in ChartKind::ALL {
            let svg = chart(&s, kind, &ChartOptions::default());
            assert!(
                svg.contains(&format!(r#"width="{}" height="#, num(WIDTH))),
                "{}: {svg}",
                kind.name()
            );
        }
        assert!(STYLE.contains(SANS_FONTS) && SANS_FONTS.contains("'Noto Sans CJK JP'"));
    }

    /// Issue 33: a handicap's bars said `black (sente)`; its players are 下手 and 上手.
    #[test]
    fn handicap_bars_name_shitate_and_uwate() {
        let mut s = Stats::new(6);
        s.records = 2;
        s.winners.insert("white".into(), 2);
        for start in ["角落ち", "平手"] {
            s.handicaps.insert(start.into(), 1);
            s.handicap_winners.insert(format!("{start}/white"), 1);
        }
        let svg = chart(&s, ChartKind::WinRates, &ChartOptions::default());
        assert!(
            svg.contains("<title>角落ち, 上手 (white) wins: 1 (100.0%)</title>"),
            "{svg}"
        );
        assert!(svg.contains("<title>平手, white wins (gote; 上手 in a handicap): 1"));
        assert_eq!(handicap_sides("平手"), None);
        assert_eq!(handicap_sides("position"), None);
        assert!(handicap_sides("香落ち").is_some());
    }

    #[test]
    fn fouls_link_to_their_lists_when_asked() {
        let mut s = Stats::new(6);
        s.fouls.insert("nifu".into(), 2);
        s.foul_occurrences.insert("nifu".into(), 3);
        let opts = ChartOptions {
            link_codes: true,
            ..ChartOptions::default()
        };
        let svg = chart(&s, ChartKind::Fouls, &opts);
        assert!(svg.contains(r##"<a href="#foul-nifu">"##));
        assert!(svg.contains(r#"data-count="3""#));
        assert!(!chart(&s, ChartKind::Fouls, &ChartOptions::default()).contains("<a "));
    }
}
