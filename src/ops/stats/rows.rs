//! What `stats` takes from one record beside its counts: its opening line, its `--games` row
//! (JSON Lines) and its entry in the HTML report's lists.

use serde::Serialize;

use crate::batch::stats::start_name;
use crate::diag::Validation;
use crate::record::replay::Report;
use crate::record::{MetaKey, Record};
use crate::views::report_html::{Finding, Listed};

/// One row of `--games`.
#[derive(Serialize)]
struct GameRow<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<&'a str>,
    record: usize,
    format: Option<&'a str>,
    encoding: Option<&'a str>,
    variant: &'a str,
    black: Option<&'a str>,
    white: Option<&'a str>,
    date: Option<&'a str>,
    event: Option<&'a str>,
    handicap: String,
    plies: usize,
    outcome: &'a str,
    winner: Option<&'a str>,
    first_moves: Option<&'a str>,
    fouls: Vec<&'a str>,
    warnings: Vec<&'a str>,
    errors: Vec<&'a str>,
}

/// The players and the date of a record, for the report's lists (black, white, date).
pub type Names = [Option<String>; 3];

/// The [`Names`] of `record` (what `--games` gives as `black`, `white` and `date`).
pub fn names(record: &Record) -> Names {
    let own = |v: Option<&str>| v.map(str::to_string);
    [
        own(stated(record.metadata.get(MetaKey::BlackName))),
        own(stated(record.metadata.get(MetaKey::WhiteName))),
        own(date(record)),
    ]
}

/// The record's date: its start time, else the KIF `対局日` header.
fn date(record: &Record) -> Option<&str> {
    let meta = &record.metadata;
    stated(meta.get(MetaKey::StartTime)).or_else(|| stated(meta.get_raw("対局日")))
}

/// A record as the report lists it: where, who, when, how long, and its fouls and warnings.
pub fn listed(v: &Validation, [black, white, date]: Names) -> Listed {
    let findings = v
        .fouls
        .iter()
        .map(|f| Finding {
            foul: true,
            code: f.code.as_str().to_string(),
            ply: f.ply,
            message: f.message.clone(),
        })
        .chain(v.warnings.iter().map(|w| Finding {
            foul: false,
            code: w.code.as_str().to_string(),
            ply: w.ply,
            message: w.message.clone(),
        }))
        .collect();
    Listed {
        path: v.path.clone(),
        index: v.record,
        black,
        white,
        date,
        plies: v.plies,
        findings,
    }
}

/// A header's value, or `None` where the record leaves it empty (`先手：` with no name): absent
/// values are JSON's `null`, never `""`.
fn stated(value: Option<&str>) -> Option<&str> {
    value.filter(|v| !v.trim().is_empty())
}

/// A record's opening: its first `plies` moves as carried out (USI, space-separated); for a
/// smaller variant's, led by the variant's name (`minishogi: 5e4d 1a1b`), so that the
/// openings of different games never share a line.
pub fn opening_of(record: &Record, report: &Report, plies: usize) -> String {
    let Some(name) = record.variant_name() else {
        let moves: Vec<String> = report
            .moves
            .iter()
            .take(plies)
            .map(|m| m.to_usi())
            .collect();
        return moves.join(" ");
    };
    let moves: Vec<String> = record
        .tree
        .main_line_moves()
        .take(report.plies.min(plies))
        .map(|m| m.mv.to_string())
        .collect();
    if moves.is_empty() {
        return String::new();
    }
    format!("{name}: {}", moves.join(" "))
}

/// The `--games` row of one record (one JSON object, without its newline).
pub fn game_row(record: &Record, v: &Validation, opening: &str) -> String {
    let meta = &record.metadata;
    let row = GameRow {
        path: &v.path,
        path_bytes: v.path_bytes.as_deref(),
        record: v.record,
        format: v.format,
        encoding: v.encoding,
        variant: record.variant_name().unwrap_or("standard"),
        black: stated(meta.get(MetaKey::BlackName)),
        white: stated(meta.get(MetaKey::WhiteName)),
        date: date(record),
        event: stated(meta.get(MetaKey::Event)),
        handicap: start_name(&record.start),
        plies: v.plies,
        outcome: v.outcome.reason.as_str(),
        winner: v.outcome.winner,
        first_moves: stated(Some(opening)),
        fouls: v.fouls.iter().map(|f| f.code.as_str()).collect(),
        warnings: v.warnings.iter().map(|w| w.code.as_str()).collect(),
        errors: v.errors.iter().map(|e| e.code.as_str()).collect(),
    };
    serde_json::to_string(&row).expect("rows serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_header_is_not_stated() {
        assert_eq!(stated(Some("  ")), None);
        assert_eq!(stated(Some("羽生")), Some("羽生"));
        assert_eq!(stated(None), None);
    }
}
