//! Diagnostics: what `validate` prints for each record, as compiler-style human text or as
//! the contract's JSON Lines.
//!
//! Read errors and warnings (from the readers) and replay findings (fouls, warnings) are
//! merged into one list per severity, each located by line (and column or ply).

use serde::Serialize;

use crate::opening::Openings;
use crate::record::replay::{Finding, Report};
use crate::record::{ErrorCode, OutcomeReason, ReadError, ReadIssue, Record, WarningCode};
use crate::shogi::FoulCode;
use crate::text::{escape_controls, is_escaped, push_escaped, SourceText};

/// One located diagnostic, as JSON writes it; `C` is its severity's code type.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Item<C> {
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
    pub code: C,
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
    /// For findings in JKF: where the move stands in the JSON document (`moves[96]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub json_path: Option<String>,
}

/// Where an [`Item`] stands, with what [`Validation::locate_moves`] may fill in: the same for
/// every code type.
struct Place<'a> {
    ply: Option<usize>,
    line: Option<u32>,
    variation: Option<usize>,
    column: &'a mut Option<u32>,
    json_path: &'a mut Option<String>,
}

impl<C> Item<C> {
    fn place(&mut self) -> Place<'_> {
        Place {
            ply: self.ply,
            line: self.line,
            variation: self.variation,
            column: &mut self.column,
            json_path: &mut self.json_path,
        }
    }
}

impl<C: Copy> From<&Finding<C>> for Item<C> {
    fn from(f: &Finding<C>) -> Item<C> {
        Item {
            ply: Some(f.ply),
            line: f.line,
            column: None,
            code: f.code,
            side: f.side.map(|c| c.name()),
            mv: f.mv.clone(),
            message: f.message.clone(),
            variation: f.variation,
            json_path: None,
        }
    }
}

impl<C: Copy> From<&ReadIssue<C>> for Item<C> {
    fn from(i: &ReadIssue<C>) -> Item<C> {
        Item {
            ply: None,
            line: Some(i.line),
            column: Some(i.column),
            code: i.code,
            side: None,
            mv: None,
            message: i.message.clone(),
            variation: None,
            json_path: None,
        }
    }
}

/// The outcome as JSON writes it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `black`, `white` or null.
    pub winner: Option<&'static str>,
    /// The contract's reason.
    pub reason: OutcomeReason,
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
    /// The game the record is of, when another than standard shogi (`minishogi`, ...);
    /// first in the JSON, absent for standard records.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// The input's name.
    pub path: String,
    /// The exact bytes of the path, base64, when it is not valid UTF-8 (`path` then shows
    /// U+FFFD for what does not decode); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<String>,
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
    pub fouls: Vec<Item<FoulCode>>,
    /// Warnings.
    pub warnings: Vec<Item<WarningCode>>,
    /// Problems that stopped reading.
    pub errors: Vec<Item<ErrorCode>>,
    /// The entering-king judgement, for records ending in a declaration or an impasse.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub impasse: Option<ImpasseJson>,
    /// Each side's openings and castles, as the tool names them (standard games from the even
    /// position or a handicap, of at least [`crate::opening::MIN_PLIES`] plies; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub openings: Option<Openings>,
}

impl Validation {
    /// Combines a record's read issues with its replay report.
    pub fn new(record: &Record, report: &Report) -> Validation {
        let mut warnings: Vec<Item<WarningCode>> = record.warnings.iter().map(Item::from).collect();
        warnings.extend(report.warnings.iter().map(Item::from));
        let mut errors: Vec<Item<ErrorCode>> = record.errors.iter().map(Item::from).collect();
        errors.extend(report.errors.iter().map(Item::from));
        Validation {
            variant: record.variant_name(),
            path: record.source.path.clone(),
            path_bytes: None,
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
            openings: None,
        }
    }

    /// Adds each side's openings and castles ([`Validation::openings`]). Only the outputs that
    /// show them ask for it (JSON, `stats`, `find`): naming them costs more than the replay,
    /// and the human output of `validate` does not say them.
    pub fn with_openings(mut self, record: &Record, report: &Report) -> Validation {
        if record.errors.is_empty() {
            self.openings = Openings::of(&record.start, &report.moves);
        }
        self
    }

    /// Sets [`Validation::openings`] to what [`crate::opening::replay_with_openings`] named
    /// along the replay (the same as [`Validation::with_openings`] after it, in one pass).
    pub fn with_named_openings(mut self, openings: Option<Openings>) -> Validation {
        self.openings = openings;
        self
    }

    /// A file that could not be read at all.
    pub fn unreadable(path: &str, message: &str) -> Validation {
        Validation {
            variant: None,
            path: path.to_string(),
            path_bytes: None,
            record: 0,
            format: None,
            encoding: None,
            encoding_reason: None,
            plies: 0,
            outcome: OutcomeJson {
                winner: None,
                reason: OutcomeReason::Unknown,
            },
            fouls: Vec::new(),
            warnings: Vec::new(),
            errors: vec![Item {
                ply: None,
                line: None,
                column: None,
                code: ErrorCode::Unreadable,
                side: None,
                mv: None,
                message: message.to_string(),
                variation: None,
                json_path: None,
            }],
            impasse: None,
            openings: None,
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

    /// Locates the replay's findings more closely where the format allows: in SFEN and USI
    /// game lists, the column of the move on its line; in JKF, the JSON path of the move
    /// (`moves[N]`, main line only).
    pub fn locate_moves(&mut self, text: &SourceText) {
        match self.format {
            Some("sfen") | Some("usi") => {
                let locate = |item: Place<'_>| {
                    if let (Some(ply), Some(line), None) = (item.ply, item.line, *item.column) {
                        *item.column = move_column(t_line(text, line), ply);
                    }
                };
                self.fouls.iter_mut().map(Item::place).for_each(locate);
                self.warnings.iter_mut().map(Item::place).for_each(locate);
            }
            Some("jkf") => {
                let locate = |item: Place<'_>| {
                    if let (Some(ply), None) = (item.ply, item.variation) {
                        if ply > 0 && item.json_path.is_none() {
                            *item.json_path = Some(format!("moves[{ply}]"));
                        }
                    }
                };
                self.fouls.iter_mut().map(Item::place).for_each(locate);
                self.warnings.iter_mut().map(Item::place).for_each(locate);
            }
            _ => {}
        }
    }

    /// Compiler-style lines, each followed by the source line (when `text` is given), trimmed
    /// around the column and marked with a caret:
    /// `path:line:column: error[code]: message`, `path:line: ply N: foul[code]: message (move)`,
    /// `path:line: ply N: warning[code]: message`.
    pub fn to_human(&self, text: Option<&SourceText>, out: &mut String) {
        self.to_human_styled(text, out, false);
    }

    /// [`Validation::to_human`], with the labels in colour (errors and fouls red, warnings
    /// yellow) when `color` is true.
    pub fn to_human_styled(&self, text: Option<&SourceText>, out: &mut String, color: bool) {
        use std::fmt::Write;
        let show = |out: &mut String, line: Option<u32>, column: Option<u32>| {
            if let (Some(t), Some(l)) = (text, line) {
                let src = t_line(t, l);
                if !src.is_empty() {
                    snippet(out, l, src, column);
                }
            }
        };
        // Everything echoed from a record or its name is shown with its control characters
        // escaped (a terminal would obey them).
        let path = escape_controls(&self.path);
        let at = |line: Option<u32>, column: Option<u32>| match (line, column) {
            (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
            (Some(l), None) => format!("{path}:{l}"),
            _ => path.to_string(),
        };
        let ply = |at: (Option<usize>, Option<usize>)| match at {
            (Some(p), Some(v)) => format!(" ply {p} (variation from ply {v}):"),
            (Some(p), None) => format!(" ply {p}:"),
            _ => String::new(),
        };
        for e in &self.errors {
            let _ = writeln!(
                out,
                "{}: {}: {}",
                at(e.line, e.column),
                label(Severity::Error, e.code.as_str(), color),
                escape_controls(&human_message(&e.message))
            );
            show(out, e.line, e.column);
        }
        for f in &self.fouls {
            let mv =
                f.mv.as_deref()
                    .map(|m| format!(" ({})", escape_controls(m)))
                    .unwrap_or_default();
            let _ = writeln!(
                out,
                "{}:{} {}: {}{mv}",
                at(f.line, f.column),
                ply((f.ply, f.variation)),
                label(Severity::Foul, f.code.as_str(), color),
                escape_controls(&human_message(&f.message))
            );
            show(out, f.line, f.column);
        }
        for w in &self.warnings {
            let _ = writeln!(
                out,
                "{}:{} {}: {}",
                at(w.line, w.column),
                ply((w.ply, w.variation)),
                label(Severity::Warning, w.code.as_str(), color),
                escape_controls(&human_message(&w.message))
            );
            show(out, w.line, w.column);
        }
    }
}

/// The text of line `l`, without its line break.
fn t_line(t: &SourceText, l: u32) -> &str {
    t.line_text(l as usize).trim_end_matches(['\r', '\n'])
}

/// The 1-based column (in characters) of the `ply`-th move after `moves` on a SFEN or USI
/// game line.
fn move_column(line: &str, ply: usize) -> Option<u32> {
    let words = line.split_whitespace();
    let mut seen_moves = false;
    let mut n = 0;
    let base = line.as_ptr() as usize;
    for w in words {
        if !seen_moves {
            seen_moves = w == "moves";
            continue;
        }
        n += 1;
        if n == ply {
            let byte = w.as_ptr() as usize - base;
            return Some(line[..byte].chars().count() as u32 + 1);
        }
    }
    None
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Reading stopped.
    Error,
    /// A rule of the game was broken.
    Foul,
    /// Something worth knowing; the record was read.
    Warning,
}

impl Severity {
    /// `error`, `foul` or `warning`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Foul => "foul",
            Severity::Warning => "warning",
        }
    }

    /// The ANSI style of the label: errors and fouls bold red (as rustc's errors: a foul is
    /// the worst a record can hold), warnings bold yellow.
    fn sgr(self) -> &'static str {
        match self {
            Severity::Error | Severity::Foul => "\x1b[1;31m",
            Severity::Warning => "\x1b[1;33m",
        }
    }
}

/// `error[code]`, `foul[code]` or `warning[code]`, coloured when `color`.
pub fn label(severity: Severity, code: &str, color: bool) -> String {
    if color {
        format!("{}{}[{code}]\x1b[0m", severity.sgr(), severity.name())
    } else {
        format!("{}[{code}]", severity.name())
    }
}

/// `shogi-tool: error:` or `shogi-tool: warning:` (the prefix of the tool's own messages),
/// coloured when `color`.
pub fn tool_prefix(severity: Severity, color: bool) -> String {
    if color {
        format!("shogi-tool: {}{}:\x1b[0m", severity.sgr(), severity.name())
    } else {
        format!("shogi-tool: {}:", severity.name())
    }
}

/// A record's read error as the subcommands other than `validate` print it:
/// `AT:line:column: message`, the message in the human style (see [`human_message`]); `at`
/// names the record (`path`, or `path#N` in a file of several).
pub fn located_error(at: &str, e: &ReadError) -> String {
    format!(
        "{}:{}:{}: {}",
        escape_controls(at),
        e.line,
        e.column,
        escape_controls(&human_message(&e.message))
    )
}

/// A message in the style of human output: starting in lower case (unless it starts with a
/// name such as `USI` or `JKF`), without a final full stop.
pub fn human_message(m: &str) -> std::borrow::Cow<'_, str> {
    let mut chars = m.chars();
    let lower_first = match (chars.next(), chars.next()) {
        (Some(a), Some(b)) => a.is_ascii_uppercase() && b.is_ascii_lowercase(),
        _ => false,
    };
    let trimmed = m.strip_suffix('.').unwrap_or(m);
    if !lower_first && trimmed.len() == m.len() {
        return std::borrow::Cow::Borrowed(m);
    }
    let mut s = String::with_capacity(m.len());
    if lower_first {
        s.push(trimmed.as_bytes()[0].to_ascii_lowercase() as char);
        s.push_str(&trimmed[1..]);
    } else {
        s.push_str(trimmed);
    }
    std::borrow::Cow::Owned(s)
}

/// Characters of a source line shown at most; longer lines are cut around the column.
const SNIPPET_WIDTH: usize = 100;

/// Writes `   52 | <source>` and, when the column is known, a caret under it; a line longer
/// than [`SNIPPET_WIDTH`] characters is cut to a window around the column, with `…` where
/// text was left out.
fn snippet(out: &mut String, line: u32, src: &str, column: Option<u32>) {
    use std::fmt::Write;
    let chars: Vec<char> = src.chars().collect();
    let col = column.map(|c| (c as usize).saturating_sub(1).min(chars.len()));
    let (start, end) = if chars.len() <= SNIPPET_WIDTH {
        (0, chars.len())
    } else {
        let c = col.unwrap_or(0);
        let start = c.saturating_sub(SNIPPET_WIDTH / 2);
        let end = (start + SNIPPET_WIDTH).min(chars.len());
        (end.saturating_sub(SNIPPET_WIDTH).min(start), end)
    };
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    for &ch in &chars[start..end] {
        push_escaped(&mut shown, ch);
    }
    if end < chars.len() {
        shown.push('…');
    }
    let _ = writeln!(out, "{line:>6} | {shown}");
    if let Some(c) = col {
        // Width of what precedes the caret: wide (CJK) characters take two cells.
        let lead: usize = usize::from(start > 0)
            + chars[start..c.max(start)]
                .iter()
                .map(|&ch| match ch {
                    ch if is_escaped(ch) => escape_controls(&ch.to_string()).len(),
                    ch if is_wide(ch) => 2,
                    _ => 1,
                })
                .sum::<usize>();
        let _ = writeln!(out, "{:>6} | {}^", "", " ".repeat(lead));
    }
}

/// Whether a character takes two cells on a terminal (CJK, full-width forms).
fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
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
            "x.kif: error[unreadable]: cannot read x.kif: permission denied\n"
        );
    }

    #[test]
    fn long_lines_are_cut_around_the_column_with_a_caret() {
        let src = format!("{}X{}", "a".repeat(300), "b".repeat(300));
        let mut out = String::new();
        snippet(&mut out, 7, &src, Some(301));
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("     7 | …a"), "{out}");
        assert!(lines[0].ends_with("b…"), "{out}");
        assert!(lines[0].chars().count() < 120, "{out}");
        let caret = lines[1].find('^').unwrap();
        let x = lines[0].char_indices().position(|(_, c)| c == 'X').unwrap();
        assert_eq!(lines[1][..caret].chars().count(), x, "{out}");
        // A short line is shown whole.
        let mut out = String::new();
        snippet(&mut out, 1, "startpos moves 7g7f", Some(16));
        assert_eq!(
            out,
            "     1 | startpos moves 7g7f\n       |                ^\n"
        );
    }

    #[test]
    fn moves_of_usi_lines_get_their_column() {
        assert_eq!(move_column("startpos moves 7g7f 3c3d", 2), Some(21));
        assert_eq!(
            move_column("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*5e", 1),
            Some(49)
        );
        assert_eq!(move_column("startpos moves 7g7f", 3), None);
    }

    #[test]
    fn human_messages_have_one_style() {
        assert_eq!(
            human_message("The text is not JSON."),
            "the text is not JSON"
        );
        assert_eq!(human_message("USI moves look so."), "USI moves look so");
        assert_eq!(human_message("pawn dropped"), "pawn dropped");
        assert_eq!(label(Severity::Foul, "nifu", false), "foul[nifu]");
        assert_eq!(
            label(Severity::Error, "x", true),
            "\x1b[1;31merror[x]\x1b[0m"
        );
        // Fouls are red as errors are, not only bold (issue 33).
        assert_eq!(
            label(Severity::Foul, "nifu", true),
            "\x1b[1;31mfoul[nifu]\x1b[0m"
        );
    }
}
