//! `shogi-tool impasse [PATH... | --sfen SFEN] [--ply N] [--rule RULE] [--format human|json]`:
//! entering-king (入玉) points of a position and what each impasse rule decides about it.
//!
//! The position is the final one of each record's main line (`--ply N`: the one after ply N),
//! or the single position `--sfen` gives. A record that starts from a handicap credits the
//! pieces the handicap removed to white's total points; with `--sfen` there is no handicap
//! unless `--handicap NAME` names one. The declaration rules judge a declaration by the side to
//! move. The figures and rules are those of [`shogi_tool::shogi::entering_king`].
//!
//! JSON Lines, one object per record (or for the `--sfen` position, where `path`, `record` and
//! `ply` are null):
//!
//! ```json
//! {"path":"a.kif","record":0,"ply":212,"sfen":"...","side_to_move":"black","handicap":null,
//!  "black":{"points":28,"total_points":28,"pieces_in_camp":10,"king_in_camp":true,"in_check":false},
//!  "white":{...},
//!  "rules":[{"rule":"csa27","declarer":"black","verdict":"win","failed":[],"message":"..."}]}
//! ```

use std::fmt::Write as _;
use std::io::Write;

use anyhow::bail;
use serde::Serialize;
use shogi_tool::record::replay::main_line_positions;
use shogi_tool::record::{Record, Start};
use shogi_tool::shogi::entering_king::{ImpasseScore, Rule, RuleResult, SideScore};
use shogi_tool::shogi::{Handicap, Position};
use shogi_tool::variant::Variant;

use super::exit::ExitCode;
use super::inputs::InputArgs;
use super::records::for_each_record_or;
use super::values::{RuleArg, SFEN_HELP};

/// Output formats of `impasse`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// A small table per position, then one line per rule.
    Human,
    /// One JSON object per position (JSON Lines).
    Json,
}

/// Arguments of `impasse`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    #[arg(
        long,
        value_name = "SFEN",
        conflicts_with_all = ["paths", "files_from", "ply"],
        value_parser = super::values::parse_any_sfen,
        help = SFEN_HELP,
        help_heading = super::help::INPUT
    )]
    pub sfen: Option<super::values::AnySfen>,
    /// With --sfen: the handicap the game started from, whose removed pieces are credited to
    /// white's total points (a KIF name such as 二枚落ち, or a JKF code such as 2 or KA).
    #[arg(long, value_name = "NAME", requires = "sfen", value_parser = parse_handicap, help_heading = super::help::INPUT)]
    pub handicap: Option<Handicap>,
    /// Score the position after ply N of the main line (0 = the start) instead of the final one.
    #[arg(long, value_name = "N", help_heading = super::help::INPUT)]
    pub ply: Option<usize>,
    /// The rule to apply (repeatable; all three by default). `--rule` is the old spelling.
    #[arg(
        long,
        value_name = "RULE",
        value_enum,
        ignore_case = true,
        alias = "rule",
        help_heading = super::help::RULES
    )]
    pub impasse_rule: Vec<RuleArg>,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value = "human")]
    pub format: OutputFormat,
}

fn parse_handicap(s: &str) -> Result<Handicap, String> {
    Handicap::from_japanese(s)
        .or_else(|| Handicap::from_jkf(s.trim()))
        .ok_or_else(|| {
            format!("unknown handicap `{s}`: expected a KIF name such as 香落ち, 角落ち, 二枚落ち, or a JKF code such as KY, KA, HI, 2, 4")
        })
}

/// The figures and verdicts of one position, ready to print.
#[derive(Serialize)]
struct Line<'a> {
    path: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<&'a str>,
    record: Option<usize>,
    ply: Option<usize>,
    sfen: String,
    side_to_move: &'static str,
    handicap: Option<&'static str>,
    black: Side,
    white: Side,
    rules: Vec<JsonRule>,
}

#[derive(Serialize)]
struct Side {
    points: u32,
    total_points: u32,
    pieces_in_camp: u32,
    king_in_camp: bool,
    in_check: bool,
}

impl From<&SideScore> for Side {
    fn from(s: &SideScore) -> Side {
        Side {
            points: s.points,
            total_points: s.total_points,
            pieces_in_camp: s.pieces_in_camp,
            king_in_camp: s.king_in_camp,
            in_check: s.in_check,
        }
    }
}

#[derive(Serialize)]
struct JsonRule {
    rule: &'static str,
    declarer: Option<&'static str>,
    verdict: &'static str,
    failed: Vec<&'static str>,
    message: String,
}

impl From<&RuleResult> for JsonRule {
    fn from(r: &RuleResult) -> JsonRule {
        JsonRule {
            rule: r.rule.name(),
            declarer: r.declarer.map(|c| c.name()),
            verdict: r.verdict.name(),
            failed: r.failed.iter().map(|c| c.name()).collect(),
            message: r.to_string(),
        }
    }
}

/// Where a position came from, for the heading and the JSON keys.
struct Origin<'a> {
    path: Option<&'a str>,
    /// The path's exact bytes (base64) when it is not UTF-8.
    path_bytes: Option<String>,
    record: Option<usize>,
    ply: Option<usize>,
}

/// Scores `pos` and appends it to `out` in the chosen format.
fn render(
    out: &mut String,
    origin: &Origin,
    pos: &Position,
    handicap: Option<Handicap>,
    rules: &[Rule],
    format: OutputFormat,
) {
    let score = ImpasseScore::new(pos, handicap);
    let results: Vec<RuleResult> = rules.iter().map(|&r| score.judge(r)).collect();
    match format {
        OutputFormat::Json => {
            let line = Line {
                path: origin.path,
                path_bytes: origin.path_bytes.as_deref(),
                record: origin.record,
                ply: origin.ply,
                sfen: pos.to_sfen(),
                side_to_move: score.side_to_move.name(),
                handicap: score.handicap.map(Handicap::japanese),
                black: (&score.sides.black).into(),
                white: (&score.sides.white).into(),
                rules: results.iter().map(JsonRule::from).collect(),
            };
            out.push_str(&serde_json::to_string(&line).expect("impasse results serialise"));
            out.push('\n');
        }
        OutputFormat::Human => {
            if !out.is_empty() {
                out.push('\n');
            }
            if let (Some(path), Some(record)) = (origin.path, origin.record) {
                let _ = write!(out, "{path}#{record}");
                if let Some(ply) = origin.ply {
                    let _ = write!(out, " ply {ply}");
                }
                out.push('\n');
            }
            let _ = writeln!(out, "sfen {}", pos.to_sfen());
            if let Some(h) = score.handicap {
                let _ = writeln!(
                    out,
                    "handicap {}: white's total includes {} points for the removed pieces",
                    h.japanese(),
                    shogi_tool::shogi::entering_king::handicap_credit(h)
                );
            }
            let (b, w) = (&score.sides.black, &score.sides.white);
            let yes = |x: bool| if x { "yes" } else { "no" };
            let _ = writeln!(out, "{:<16}{:>7}{:>7}", "", "black", "white");
            let rows: [(&str, String, String); 5] = [
                ("points", b.points.to_string(), w.points.to_string()),
                (
                    "total points",
                    b.total_points.to_string(),
                    w.total_points.to_string(),
                ),
                (
                    "pieces in camp",
                    b.pieces_in_camp.to_string(),
                    w.pieces_in_camp.to_string(),
                ),
                (
                    "king in camp",
                    yes(b.king_in_camp).into(),
                    yes(w.king_in_camp).into(),
                ),
                ("in check", yes(b.in_check).into(), yes(w.in_check).into()),
            ];
            for (label, black, white) in rows {
                let _ = writeln!(out, "{label:<16}{black:>7}{white:>7}");
            }
            for r in &results {
                let _ = writeln!(out, "{r}");
            }
        }
    }
}

/// The handicap a record's start credits (none for the even game or an unnamed position).
fn record_handicap(record: &Record) -> Option<Handicap> {
    match record.start.normalized() {
        Start::Handicap(h) if h != Handicap::Even => Some(h),
        _ => None,
    }
}

/// Why `impasse` does not take a game of `variant`: its points are a rule of standard shogi.
fn standard_only(variant: Variant) -> String {
    format!(
        "`impasse` scores entering-king (impasse) points, a rule of standard shogi only; {} \
         ({variant}) has no such rule",
        variant.title()
    )
}

/// The smaller variant an `--sfen` position is of (by its board), if another than standard
/// shogi's.
fn sfen_variant(text: &str) -> Option<Variant> {
    let text = text.trim();
    let text = text.strip_prefix("sfen").unwrap_or(text).trim();
    let text = text.split(" moves").next().unwrap_or(text);
    shogi_tool::variant::VPosition::from_sfen_as(text, None)
        .ok()
        .map(|p| p.variant())
        .filter(|&v| v != Variant::Standard)
}

/// Prints the figures and verdicts; inputs that cannot be read are reported on standard error
/// and make the exit status 2.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let asked = args.input.variant.filter(|&v| v != Variant::Standard);
    if let Some(v) = asked.or_else(|| args.sfen.as_ref().and_then(|s| sfen_variant(&s.text))) {
        bail!("{}", standard_only(v));
    }
    let mut rules: Vec<Rule> = if args.impasse_rule.is_empty() {
        Rule::ALL.to_vec()
    } else {
        args.impasse_rule.iter().map(|&r| r.into()).collect()
    };
    rules.sort();
    rules.dedup();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();

    if let Some(sfen) = &args.sfen {
        let located = sfen.located()?;
        let mut buf = String::new();
        let origin = Origin {
            path: None,
            path_bytes: None,
            record: None,
            ply: located.ply,
        };
        render(
            &mut buf,
            &origin,
            &located.position,
            args.handicap,
            &rules,
            args.format,
        );
        out.write_all(buf.as_bytes())?;
        out.flush()?;
        return Ok(ExitCode::Success);
    }

    let separator = if args.format == OutputFormat::Human {
        "\n"
    } else {
        ""
    };
    for_each_record_or(
        &args.input,
        separator,
        |_| None,
        |record, input, c| {
            let (path, index) = (&record.source.path, record.source.index);
            let at = format!("{path}#{index}");
            if record.variant() != Variant::Standard {
                c.fail(format!("{at}: {}", standard_only(record.variant())));
                return;
            }
            let mut chosen: Option<(usize, Position)> = None;
            let ok = main_line_positions(record, |ply, pos| match args.ply {
                Some(n) if ply != n => {}
                _ => chosen = Some((ply, pos.clone())),
            });
            if !ok {
                c.fail(format!("{at}: the start position cannot be played"));
                return;
            }
            let Some((ply, pos)) = chosen else {
                let n = args.ply.unwrap_or_default();
                c.fail(format!("{at}: the main line has no ply {n}"));
                return;
            };
            let origin = Origin {
                path: Some(path),
                path_bytes: input.path_bytes(),
                record: Some(index),
                ply: Some(ply),
            };
            render(
                &mut c.out,
                &origin,
                &pos,
                record_handicap(record),
                &rules,
                args.format,
            );
        },
    )
}
