//! `impasse` as a library call: the entering-king (入玉) points of a position and what each
//! impasse rule decides about it ([`judge`], [`judge_record`]), rendered as a JSON line or as
//! the small table `impasse` prints ([`Judged::to_json_line`], [`Judged::to_text`]). The
//! figures and rules are those of [`crate::shogi::entering_king`].

use std::fmt::Write as _;

use serde::Serialize;

use crate::record::replay::main_line_positions;
use crate::record::{Record, Start};
use crate::shogi::entering_king::{handicap_credit, ImpasseScore, Rule, RuleResult, SideScore};
use crate::shogi::{Handicap, Position};
use crate::variant::Variant;

/// A handicap by name, whose removed pieces are credited to white: a KIF name (香落ち, 二枚落ち)
/// or a JKF code (KY, 2).
pub fn parse_handicap(s: &str) -> Result<Handicap, String> {
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

/// One side's figures in JSON.
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

/// One rule's verdict in JSON.
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

/// Where a position came from, for the heading and the JSON keys (all `None` for a position
/// given alone, but its ply).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The record's path.
    pub path: Option<String>,
    /// The path's exact bytes (base64) when it is not UTF-8.
    pub path_bytes: Option<String>,
    /// The record's place in its file.
    pub record: Option<usize>,
    /// The ply after which the position stands.
    pub ply: Option<usize>,
}

/// A position scored and judged by some rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Where it came from.
    pub origin: Origin,
    /// The position.
    pub position: Position,
    /// Its figures.
    pub score: ImpasseScore,
    /// Each rule's verdict, in the order of the rules.
    pub results: Vec<RuleResult>,
}

/// The rules to judge by: `asked`, sorted and each once, or every rule when none is asked.
pub fn rules_or_all(asked: &[Rule]) -> Vec<Rule> {
    let mut rules: Vec<Rule> = if asked.is_empty() {
        Rule::ALL.to_vec()
    } else {
        asked.to_vec()
    };
    rules.sort();
    rules.dedup();
    rules
}

/// Scores `position` (crediting white with the pieces `handicap` removed) and judges it by
/// each of `rules`.
pub fn judge(
    origin: Origin,
    position: Position,
    handicap: Option<Handicap>,
    rules: &[Rule],
) -> Judged {
    let score = ImpasseScore::new(&position, handicap);
    let results = rules.iter().map(|&r| score.judge(r)).collect();
    Judged {
        origin,
        position,
        score,
        results,
    }
}

/// Judges the final position of `record`'s main line (`ply`: the one after that ply), with
/// the handicap its start credits; the message says why when it cannot (a variant's record,
/// a start that cannot be played, no such ply). The origin's `path_bytes` is left `None`.
pub fn judge_record(record: &Record, ply: Option<usize>, rules: &[Rule]) -> Result<Judged, String> {
    let (path, index) = (&record.source.path, record.source.index);
    let at = format!("{path}#{index}");
    if record.variant() != Variant::Standard {
        return Err(format!("{at}: {}", standard_only(record.variant())));
    }
    let mut chosen: Option<(usize, Position)> = None;
    let ok = main_line_positions(record, |p, pos| match ply {
        Some(n) if p != n => {}
        _ => chosen = Some((p, pos.clone())),
    });
    if !ok {
        return Err(format!("{at}: the start position cannot be played"));
    }
    let Some((at_ply, position)) = chosen else {
        let n = ply.unwrap_or_default();
        return Err(format!("{at}: the main line has no ply {n}"));
    };
    let origin = Origin {
        path: Some(path.clone()),
        path_bytes: None,
        record: Some(index),
        ply: Some(at_ply),
    };
    Ok(judge(origin, position, record_handicap(record), rules))
}

impl Judged {
    /// The JSON object of `impasse --format json`, with its newline.
    pub fn to_json_line(&self) -> String {
        let (score, origin) = (&self.score, &self.origin);
        let line = Line {
            path: origin.path.as_deref(),
            path_bytes: origin.path_bytes.as_deref(),
            record: origin.record,
            ply: origin.ply,
            sfen: self.position.to_sfen(),
            side_to_move: score.side_to_move.name(),
            handicap: score.handicap.map(Handicap::japanese),
            black: (&score.sides.black).into(),
            white: (&score.sides.white).into(),
            rules: self.results.iter().map(JsonRule::from).collect(),
        };
        let mut out = serde_json::to_string(&line).expect("impasse results serialise");
        out.push('\n');
        out
    }

    /// The block `impasse` prints for people: where, the SFEN, the handicap's credit, a small
    /// table of both sides' figures and one line a rule.
    pub fn to_text(&self) -> String {
        let (score, origin) = (&self.score, &self.origin);
        let mut out = String::new();
        if let (Some(path), Some(record)) = (&origin.path, origin.record) {
            let _ = write!(out, "{path}#{record}");
            if let Some(ply) = origin.ply {
                let _ = write!(out, " ply {ply}");
            }
            out.push('\n');
        }
        let _ = writeln!(out, "sfen {}", self.position.to_sfen());
        if let Some(h) = score.handicap {
            let _ = writeln!(
                out,
                "handicap {}: white's total includes {} points for the removed pieces",
                h.japanese(),
                handicap_credit(h)
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
        for r in &self.results {
            let _ = writeln!(out, "{r}");
        }
        out
    }
}

/// The handicap a record's start credits (none for the even game or an unnamed position).
pub fn record_handicap(record: &Record) -> Option<Handicap> {
    match record.start.normalized() {
        Start::Handicap(h) if h != Handicap::Even => Some(h),
        _ => None,
    }
}

/// Why `impasse` does not take a game of `variant`: its points are a rule of standard shogi.
pub fn standard_only(variant: Variant) -> String {
    format!(
        "`impasse` scores entering-king (impasse) points, a rule of standard shogi only; {} \
         ({variant}) has no such rule",
        variant.title()
    )
}

/// The smaller variant an `--sfen` position is of (by its board), if another than standard
/// shogi's.
pub fn sfen_variant(text: &str) -> Option<Variant> {
    let text = text.trim();
    let text = text.strip_prefix("sfen").unwrap_or(text).trim();
    let text = text.split(" moves").next().unwrap_or(text);
    crate::variant::VPosition::from_sfen_as(text, None)
        .ok()
        .map(|p| p.variant())
        .filter(|&v| v != Variant::Standard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_scores_no_impasse_for_anyone() {
        let j = judge(
            Origin::default(),
            Position::startpos(),
            None,
            &rules_or_all(&[]),
        );
        assert_eq!(j.results.len(), Rule::ALL.len());
        assert_eq!(j.score.sides.black.pieces_in_camp, 0);
        let v: serde_json::Value = serde_json::from_str(&j.to_json_line()).unwrap();
        assert!(v["path"].is_null());
        assert_eq!(v["rules"].as_array().unwrap().len(), Rule::ALL.len());
        assert!(j.to_text().starts_with("sfen "));
    }

    #[test]
    fn rules_are_sorted_and_each_once() {
        let one = Rule::ALL[0];
        assert_eq!(rules_or_all(&[one, one]), vec![one]);
    }

    #[test]
    fn a_handicap_needs_a_known_name() {
        assert!(parse_handicap("二枚落ち").is_ok());
        assert!(parse_handicap("nothing").is_err());
    }
}
