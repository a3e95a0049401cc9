//! Diagnostics: what `validate` prints for each record, as compiler-style human text or as
//! the contract's JSON Lines.
//!
//! Read errors and warnings (from the readers) and replay findings (fouls, warnings) are
//! merged into one list per severity, each located by line (and column or ply).

use serde::Serialize;

use crate::record::replay::{Finding, Report};
use crate::record::{ReadIssue, Record};
use crate::text::SourceText;

/// One located diagnostic, as JSON writes it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Item {
    /// The ply (for findings of the replay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The source line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The source column (for read problems).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The stable code.
    pub code: &'static str,
    /// `black` or `white`, when a side is concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The move in USI notation.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// A sentence saying what is wrong.
    pub message: String,
    /// For findings in a variation: the ply where it branches off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variation: Option<usize>,
}

impl From<&Finding> for Item {
    fn from(f: &Finding) -> Item {
        Item {
            ply: Some(f.ply),
            line: f.line,
            column: None,
            code: f.code,
            side: f.side.map(|c| c.name()),
            mv: f.mv.clone(),
            message: f.message.clone(),
            variation: f.variation,
        }
    }
}

impl From<&ReadIssue> for Item {
    fn from(i: &ReadIssue) -> Item {
        Item {
            ply: None,
            line: Some(i.line),
            column: Some(i.column),
            code: i.code,
            side: None,
            mv: None,
            message: i.message.clone(),
            variation: None,
        }
    }
}

/// The outcome as JSON writes it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `black`, `white` or null.
    pub winner: Option<&'static str>,
    /// The contract's reason.
    pub reason: &'static str,
}

/// One side's entering-king figures, as JSON writes them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ImpasseSideJson {
    /// Declaration points (pieces in the enemy camp plus hand).
    pub points: u32,
    /// All pieces on the board and in hand (plus a handicap's credit for white).
    pub total_points: u32,
    /// Pieces other than the king in the enemy camp.
    pub pieces_in_camp: u32,
    /// Whether the king is in the enemy camp.
    pub king_in_camp: bool,
    /// Whether the side is in check.
    pub in_check: bool,
}

/// The entering-king judgement of a record's declaration or impasse.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ImpasseJson {
    /// The rule applied.
    pub rule: &'static str,
    /// The declaring side (none for `jsa24`).
    pub declarer: Option<&'static str>,
    /// `win`, `draw`, `lose`, or for `jsa24` `black-wins`, `white-wins`, `draw`.
    pub verdict: &'static str,
    /// The conditions that do not hold.
    pub failed: Vec<&'static str>,
    /// Black's figures.
    pub black: ImpasseSideJson,
    /// White's figures.
    pub white: ImpasseSideJson,
}

impl From<&crate::shogi::entering_king::RuleResult> for ImpasseJson {
    fn from(r: &crate::shogi::entering_king::RuleResult) -> ImpasseJson {
        let side = |c: crate::shogi::Color| {
            let s = r.score.side(c);
            ImpasseSideJson {
                points: s.points,
                total_points: s.total_points,
                pieces_in_camp: s.pieces_in_camp,
                king_in_camp: s.king_in_camp,
                in_check: s.in_check,
            }
        };
        ImpasseJson {
            rule: r.rule.name(),
            declarer: r.declarer.map(|c| c.name()),
            verdict: r.verdict.name(),
            failed: r.failed.iter().map(|c| c.name()).collect(),
            black: side(crate::shogi::Color::Black),
            white: side(crate::shogi::Color::White),
        }
    }
}

/// Everything `validate` says about one record.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Validation {
    /// The input's name.
    pub path: String,
    /// The record's index in its file.
    pub record: usize,
    /// The format read.
    pub format: Option<&'static str>,
    /// The encoding detected or forced.
    pub encoding: Option<&'static str>,
    /// Why that encoding (`bom`, `declaration`, `extension`, `content`, `ascii`, `forced`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding_reason: Option<&'static str>,
    /// Moves in the main line.
    pub plies: usize,
    /// How the game ended.
    pub outcome: OutcomeJson,
    /// Fouls, in ply order (main line first).
    pub fouls: Vec<Item>,
    /// Warnings.
    pub warnings: Vec<Item>,
    /// Problems that stopped reading.
    pub errors: Vec<Item>,
    /// The entering-king judgement, for records ending in a declaration or an impasse.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub impasse: Option<ImpasseJson>,
}

impl Validation {
    /// Combines a record's read issues with its replay report.
    pub fn new(record: &Record, report: &Report) -> Validation {
        let mut warnings: Vec<Item> = record.warnings.iter().map(Item::from).collect();
        warnings.extend(report.warnings.iter().map(Item::from));
        let mut errors: Vec<Item> = record.errors.iter().map(Item::from).collect();
        errors.extend(report.errors.iter().map(Item::from));
        Validation {
            path: record.source.path.clone(),
            record: record.source.index,
            format: record.source.format.map(|f| f.name()),
            encoding: record.source.encoding,
            encoding_reason: record.source.encoding_reason,
            plies: report.plies,
            outcome: OutcomeJson {
                winner: report.outcome.winner.map(|c| c.name()),
                reason: report.outcome.reason,
            },
            fouls: report.fouls.iter().map(Item::from).collect(),
            warnings,
            errors,
            impasse: report.impasse.as_ref().map(ImpasseJson::from),
        }
    }

    /// A file that could not be read at all.
    pub fn unreadable(path: &str, message: &str) -> Validation {
        Validation {
            path: path.to_string(),
            record: 0,
            format: None,
            encoding: None,
            encoding_reason: None,
            plies: 0,
            outcome: OutcomeJson {
                winner: None,
                reason: "unknown",
            },
            fouls: Vec::new(),
            warnings: Vec::new(),
            errors: vec![Item {
                ply: None,
                line: None,
                column: None,
                code: "unreadable",
                side: None,
                mv: None,
                message: message.to_string(),
                variation: None,
            }],
            impasse: None,
        }
    }

    /// One line of JSON (no newline).
    pub fn to_json(&self) -> String {
        // Sized for a typical line up front: growing it step by step costs reallocations,
        // which contend for the allocator's lock when several threads render at once.
        let mut out = Vec::with_capacity(1024);
        serde_json::to_writer(&mut out, self).expect("validation results serialise");
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }

    /// Compiler-style lines: `path:line: ply N: code: message`, each followed by the source
    /// line when `text` is given.
    pub fn to_human(&self, text: Option<&SourceText>, out: &mut String) {
        use std::fmt::Write;
        let show = |out: &mut String, line: Option<u32>| {
            if let (Some(t), Some(l)) = (text, line) {
                let src = t.line_text(l as usize).trim_end_matches(['\r', '\n']);
                if !src.is_empty() {
                    let _ = writeln!(out, "{:>6} | {src}", l);
                }
            }
        };
        let at = |line: Option<u32>, column: Option<u32>| match (line, column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.path),
            (Some(l), None) => format!("{}:{l}", self.path),
            _ => self.path.clone(),
        };
        let ply = |item: &Item| match (item.ply, item.variation) {
            (Some(p), Some(v)) => format!(" ply {p} (variation from ply {v}):"),
            (Some(p), None) => format!(" ply {p}:"),
            _ => String::new(),
        };
        for e in &self.errors {
            let _ = writeln!(
                out,
                "{}: error: {}: {}",
                at(e.line, e.column),
                e.code,
                e.message
            );
            show(out, e.line);
        }
        for f in &self.fouls {
            let mv =
                f.mv.as_deref()
                    .map(|m| format!(" ({m})"))
                    .unwrap_or_default();
            let _ = writeln!(
                out,
                "{}:{} {}: {}{mv}",
                at(f.line, None),
                ply(f),
                f.code,
                f.message
            );
            show(out, f.line);
        }
        for w in &self.warnings {
            let col = if w.ply.is_some() { None } else { w.column };
            let _ = writeln!(
                out,
                "{}:{} warning: {}: {}",
                at(w.line, col),
                ply(w),
                w.code,
                w.message
            );
            show(out, w.line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_files_have_one_error() {
        let v = Validation::unreadable("x.kif", "cannot read x.kif: permission denied");
        let json = v.to_json();
        assert!(
            json.starts_with(r#"{"path":"x.kif","record":0,"format":null"#),
            "{json}"
        );
        assert!(json.contains(
            r#""errors":[{"code":"unreadable","message":"cannot read x.kif: permission denied"}]"#
        ));
        let mut human = String::new();
        v.to_human(None, &mut human);
        assert_eq!(
            human,
            "x.kif: error: unreadable: cannot read x.kif: permission denied\n"
        );
    }
}
