//! Variant game records (`.sfen`/`.usi` lines) and their replay.
//!
//! A line is read as the standard SFEN/USI reader reads it: an optional `position`, then
//! `startpos`, `sfen <SFEN>` or a bare SFEN (or Fairy-Stockfish FEN), then optionally `moves`
//! and USI moves, and optionally one ending word (`resign`, `timeout`, `draw`, `abort`).
//!
//! A line becomes a [`Record`] ([`to_record`]) and is judged by the replay of every record,
//! [`crate::record::replay::replay`] (see `record/variant_replay.rs` for the variants' rules),
//! whose findings [`replay`] hands back as a [`VReport`], with the reader's `parse-error`s.

use crate::record::replay::{Finding, Outcome, ReplayOptions};
use crate::record::{
    Ending, EndingKind, ErrorCode, MoveEntry, MoveTree, NodeKind, OutcomeReason, ReadIssue, Record,
    Start, WarningCode,
};
use crate::shogi::FoulCode;
use crate::variant::{VPosition, Variant};
pub use crate::variant::{VRules, Venue};

/// The lines of `text`, each ended by LF, CRLF or a CR alone (old Mac files: `str::lines`
/// would run two such records into one).
fn record_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        match memchr::memchr2(b'\n', b'\r', t.as_bytes()) {
            None => {
                rest = None;
                (!t.is_empty()).then_some(t)
            }
            Some(i) => {
                let crlf = t.as_bytes()[i] == b'\r' && t.as_bytes().get(i + 1) == Some(&b'\n');
                rest = Some(&t[i + 1 + usize::from(crlf)..]);
                Some(&t[..i])
            }
        }
    })
}

/// One record line of a variant game.
#[derive(Clone, Debug)]
pub struct VRecord {
    /// The 1-based line number.
    pub line: u32,
    /// The start position (`None` when it could not be read: see `error`).
    pub start: Option<VPosition>,
    /// The move words with their 1-based columns.
    pub moves: Vec<(String, u32)>,
    /// A final ending word, if any.
    pub ending: Option<String>,
    /// Why the line could not be read (column, message).
    pub error: Option<(u32, String)>,
}

impl VRecord {
    /// The variant of the record (of its start position).
    pub fn variant(&self) -> Option<Variant> {
        self.start.as_ref().map(|p| p.variant())
    }
}

const ENDINGS: [&str; 6] = ["resign", "timeout", "draw", "abort", "break", "mate"];

/// The variant an SFEN/USI text names, judged by its first record line with a readable
/// position (`startpos` is standard shogi). `None` if no line says.
pub fn detect(text: &str) -> Option<Variant> {
    for line in record_lines(text) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            continue;
        }
        let rest = t.strip_prefix("position").map_or(t, str::trim_start);
        if rest.starts_with("startpos") {
            return Some(Variant::Standard);
        }
        let rest = rest.strip_prefix("sfen").map_or(rest, str::trim_start);
        let sfen = rest.split(" moves").next().unwrap_or(rest);
        return VPosition::from_sfen_as(sfen, None)
            .ok()
            .map(|p| p.variant());
    }
    None
}

/// Reads every record line of `text`. With `forced` (`--variant`), `startpos` is that
/// variant's start and a position of another variant is an error naming both.
pub fn read_lines(text: &str, forced: Option<Variant>) -> Vec<VRecord> {
    let mut out = Vec::new();
    for (n, raw) in record_lines(text).enumerate() {
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            continue;
        }
        out.push(read_line(raw, n as u32 + 1, forced));
    }
    out
}

fn read_line(raw: &str, line: u32, forced: Option<Variant>) -> VRecord {
    let mut rec = VRecord {
        line,
        start: None,
        moves: Vec::new(),
        ending: None,
        error: None,
    };
    // Words with byte offsets, and the 1-based column of each word's start, counted as the
    // scan goes (counting from the line start for every move made a long line quadratic).
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut columns: Vec<u32> = Vec::new();
    let mut begin = None;
    let mut chars = 0u32;
    for (i, c) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))) {
        if c.is_ascii_whitespace() {
            if let Some(b) = begin.take() {
                words.push((b, &raw[b..i]));
            }
        } else if begin.is_none() {
            begin = Some(i);
            columns.push(chars.saturating_add(1));
        }
        chars = chars.saturating_add(1);
    }
    let col = |byte: usize| match words.binary_search_by_key(&byte, |w| w.0) {
        Ok(k) => columns[k],
        Err(_) => raw[..byte].chars().count() as u32 + 1,
    };
    let mut i = 0;
    if words.first().is_some_and(|w| w.1 == "position") {
        i += 1;
    }
    let moves_at = words
        .iter()
        .position(|w| w.1 == "moves")
        .unwrap_or(words.len());
    let start = match words.get(i) {
        Some(&(_, "startpos")) => {
            if moves_at != i + 1 && moves_at != words.len() {
                rec.error = Some((
                    col(words[i + 1].0),
                    "unexpected words after `startpos`".into(),
                ));
                return rec;
            }
            Ok(VPosition::start(forced.unwrap_or(Variant::Standard)))
        }
        Some(_) => {
            if words[i].1 == "sfen" {
                i += 1;
            }
            let Some(&(from, _)) = words.get(i) else {
                rec.error = Some((col(raw.len()), "an SFEN is missing".into()));
                return rec;
            };
            let to = words.get(moves_at).map_or(raw.len(), |w| w.0);
            let sfen = &raw[from..to];
            // Detect first; when the board is no variant's, read it as `--variant` says, so
            // the error says what that variant expects.
            let detected = VPosition::from_sfen_as(sfen, None);
            let detected = match (&detected, forced) {
                (Err(_), Some(v)) => VPosition::from_sfen_as(sfen, Some(v)),
                _ => detected,
            };
            match detected {
                Ok(p) => match forced {
                    Some(v) if v != p.variant() => {
                        // 5x6 without a lance or knight may still be gorogoroplus.
                        if v == Variant::GorogoroPlus && p.variant() == Variant::Gorogoro {
                            VPosition::from_sfen_as(sfen, Some(v))
                        } else {
                            rec.error = Some((
                                col(from),
                                format!(
                                    "the record is {} ({}x{} board), but --variant says {}",
                                    p.variant(),
                                    p.variant().files(),
                                    p.variant().ranks(),
                                    v
                                ),
                            ));
                            return rec;
                        }
                    }
                    _ => Ok(p),
                },
                Err(e) => Err(e),
            }
            .map_err(|e| {
                rec.error = Some((col(from + e.byte), e.to_string()));
            })
        }
        None => {
            rec.error = Some((1, "an empty record".into()));
            return rec;
        }
    };
    let Ok(start) = start else {
        return rec;
    };
    rec.start = Some(start);
    for (k, &(at, w)) in words.iter().enumerate().skip(moves_at + 1) {
        let lower = w.to_ascii_lowercase();
        if ENDINGS.contains(&lower.as_str()) {
            if k + 1 != words.len() {
                rec.error = Some((
                    col(at),
                    format!("`{w}` ends the game but is not the last word"),
                ));
                return rec;
            }
            rec.ending = Some(lower);
        } else {
            rec.moves.push((w.to_string(), col(at)));
        }
    }
    rec
}

/// What a replay of a variant record found.
#[derive(Clone, Debug)]
pub struct VReport {
    /// Moves carried out in the main line.
    pub plies: usize,
    /// The outcome.
    pub outcome: Outcome,
    /// Fouls (codes of the contract).
    pub fouls: Vec<Finding<FoulCode>>,
    /// Warnings.
    pub warnings: Vec<Finding<WarningCode>>,
    /// Problems that stopped the replay.
    pub errors: Vec<Finding<ErrorCode>>,
    /// Every position of the line, the start first.
    pub positions: Vec<VPosition>,
}

/// A finding on `line` (the record's one line).
fn finding<C>(line: u32, ply: usize, code: C, mv: Option<String>, message: String) -> Finding<C> {
    Finding {
        ply,
        line: Some(line),
        code,
        side: None,
        mv,
        message,
        variation: None,
    }
}

/// The ending a final word names.
fn ending_kind(word: &str) -> EndingKind {
    match word {
        "resign" => EndingKind::Resignation,
        "timeout" => EndingKind::Timeout,
        "draw" => EndingKind::Draw,
        "mate" => EndingKind::Checkmate,
        _ => EndingKind::Abort,
    }
}

/// The line `rec` read from `start` as a [`Record`] ([`Start::Variant`], one move node a
/// word, the ending word last), and the first word that is no USI move of the variant, with
/// its ply and column (the moves stop before it; the record keeps it as a `parse-error`).
pub fn to_record(rec: &VRecord, start: VPosition) -> (Record, Option<(usize, String, u32)>) {
    let variant = start.variant();
    let mut record = Record::new();
    record.source.line = rec.line;
    record.tree.reserve(rec.moves.len() + 1);
    let mut bad = None;
    let mut parent = MoveTree::ROOT;
    for (k, (word, column)) in rec.moves.iter().enumerate() {
        let Some(m) = start.parse_usi(word) else {
            record.errors.push(ReadIssue::new(
                ErrorCode::ParseError,
                rec.line,
                *column,
                format!("`{word}` is not a USI move of {variant}"),
            ));
            bad = Some((k + 1, word.clone(), *column));
            break;
        };
        parent = record
            .tree
            .push(parent, NodeKind::Move(MoveEntry::new(m)), rec.line);
    }
    if let Some(word) = &rec.ending {
        let ending = Ending::new(ending_kind(word), word.clone());
        record
            .tree
            .push(parent, NodeKind::Ending(Box::new(ending)), rec.line);
    }
    record.start = Start::Variant(start);
    (record, bad)
}

/// Replays `rec` through [`crate::record::replay::replay`], the replay of every record.
pub fn replay(rec: &VRecord, rules: VRules) -> VReport {
    let Some(start) = rec.start.clone() else {
        let (c, m) = rec.error.clone().unwrap_or((1, "no start position".into()));
        return VReport {
            plies: 0,
            outcome: Outcome {
                winner: None,
                reason: OutcomeReason::Unknown,
            },
            fouls: Vec::new(),
            warnings: Vec::new(),
            errors: vec![finding(
                rec.line,
                0,
                ErrorCode::ParseError,
                None,
                format!("column {c}: {m}"),
            )],
            positions: Vec::new(),
        };
    };
    let (record, bad) = to_record(rec, start);
    let options = ReplayOptions {
        variant_rules: rules,
        ..ReplayOptions::default()
    };
    let report = crate::record::replay::replay(&record, &options);
    let errors = bad
        .map(|(ply, word, column)| {
            let message = format!(
                "column {column}: `{word}` is not a USI move of {}",
                record.variant()
            );
            finding(rec.line, ply, ErrorCode::ParseError, Some(word), message)
        })
        .into_iter()
        .collect();
    VReport {
        plies: report.plies,
        outcome: report.outcome,
        fouls: report.fouls,
        warnings: report.warnings,
        errors,
        positions: report.variant_positions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Color;

    fn one(line: &str, forced: Option<Variant>) -> VReport {
        let recs = read_lines(line, forced);
        replay(&recs[0], VRules::default())
    }

    #[test]
    fn cr_only_line_ends_part_the_records() {
        // Regression: `str::lines` splits on LF only, so two games ended by CR read as one
        // failed record.
        let text = "sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d\rsfen rbsgk/4p/5/P4/KGSBR b - 1 moves 2e2d\r";
        let recs = read_lines(text, None);
        assert_eq!(recs.len(), 2);
        assert!(recs.iter().all(|r| r.error.is_none()));
        assert_eq!((recs[0].line, recs[1].line), (1, 2));
        assert_eq!(recs[1].moves, [("2e2d".to_string(), 38)]);
        let mixed = read_lines("# a\r\nsfen 3/L2/3/2l b - 1\n\rsfen 3/L2/3/2l b - 1", None);
        assert_eq!(mixed.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(
            detect("# c\rsfen rbsgk/4p/5/P4/KGSBR b - 1\r"),
            Some(Variant::Minishogi)
        );
    }

    #[test]
    fn columns_of_a_long_line_are_those_counted_from_its_start() {
        let mut line = String::from("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves");
        for _ in 0..500 {
            line.push_str("  1e1d\t1a1b");
        }
        line.push_str(" resign");
        let rec = &read_lines(&line, None)[0];
        assert_eq!(rec.moves.len(), 1000);
        for (w, column) in &rec.moves {
            let at = line.char_indices().nth(*column as usize - 1).unwrap().0;
            assert!(line[at..].starts_with(w.as_str()), "{w} at {column}");
        }
        assert_eq!(rec.ending.as_deref(), Some("resign"));
    }

    #[test]
    fn detects_the_variant_from_the_board() {
        assert_eq!(
            detect("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d"),
            Some(Variant::Minishogi)
        );
        assert_eq!(
            detect("# c\nposition startpos moves 7g7f"),
            Some(Variant::Standard)
        );
        assert_eq!(detect("gle/1c1/1C1/ELG[-] w 0 1"), Some(Variant::Dobutsu));
    }

    #[test]
    fn another_variant_than_forced_is_an_error_with_both_names() {
        let r = one("sfen rbsgk/4p/5/P4/KGSBR b - 1", Some(Variant::Torishogi));
        assert_eq!(r.errors[0].code, "parse-error");
        assert!(
            r.errors[0].message.contains("minishogi") && r.errors[0].message.contains("torishogi")
        );
    }

    #[test]
    fn campmate_ends_a_3x4_game() {
        let r = one("sfen 3/L2/3/2l b - 1 moves 3b3a 1d1c", None);
        assert_eq!(r.outcome.reason, "campmate");
        assert_eq!(r.outcome.winner, Some(Color::Black));
        assert_eq!(r.fouls.len(), 1);
        assert_eq!(r.fouls[0].code, "moves-after-end");
        // Reaching the far rank into an attack is no campmate but a self-check.
        let r = one("sfen 1g1/L2/3/2l b - 1 moves 3b3a", None);
        assert_eq!(r.fouls[0].code, "self-check");
        assert_eq!(r.fouls[0].ply, 1);
    }

    fn with_rules(line: &str, rules: VRules) -> VReport {
        replay(&read_lines(line, None)[0], rules)
    }

    const FSF: VRules = VRules {
        perpetual_check_loses: false,
        venue: Venue::FairyStockfish,
    };

    #[test]
    fn perpetual_check_by_the_side_that_does_not_complete_the_cycle_loses_when_asked() {
        // Black's rook checks with every move; white's king move completes the fourth
        // occurrence of the start at ply 12.
        let line = format!(
            "sfen 4k/5/5/5/K2R1 b - 1 moves{}",
            " 2e1e 1a2a 1e2e 2a1a".repeat(3)
        );
        let r = with_rules(&line, VRules::default());
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("repetition", None)
        );
        let rules = VRules {
            perpetual_check_loses: true,
            ..VRules::default()
        };
        let r = with_rules(&line, rules);
        assert_eq!(r.outcome.reason, "perpetual-check");
        assert_eq!(r.outcome.winner, Some(Color::White));
        assert_eq!(r.fouls[0].code, "perpetual-check");
        assert_eq!(r.fouls[0].ply, 12);
        assert_eq!(r.fouls[0].side, Some(Color::Black));
        // Fairy-Stockfish's rules have the clause too.
        assert_eq!(with_rules(&line, FSF).outcome.reason, "perpetual-check");
    }

    #[test]
    fn fairy_stockfish_scores_repetitions_per_variant() {
        let cycle = " 1e1d 1a2b 1d1e 2b1a".repeat(3);
        let mini = format!("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves{cycle}");
        let r = with_rules(&mini, VRules::default());
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("repetition", None)
        );
        let r = with_rules(&mini, FSF);
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("repetition", Some(Color::White))
        );
        assert!(
            r.warnings[0]
                .message
                .contains("under the fairy-stockfish rules a loss for black"),
            "{}",
            r.warnings[0].message
        );
        // Tori Shogi: the side whose move completes the repetition (white, ply 12) loses.
        let tori = format!(
            "sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1 moves{}",
            " 4g5f 4a3b 5f4g 3b4a".repeat(3)
        );
        let r = with_rules(&tori, FSF);
        assert_eq!(r.plies, 12);
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("repetition", Some(Color::Black))
        );
        // Gorogoro: a draw under both.
        let goro = format!(
            "sfen sgkgs/5/1ppp1/1PPP1/5/SGKGS b - 1 moves{}",
            " 3f3e 3a3b 3e3f 3b3a".repeat(3)
        );
        let r = with_rules(&goro, FSF);
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("repetition", None)
        );
    }

    #[test]
    fn fairy_stockfish_has_no_perpetual_check_rule_in_shogi_3x4() {
        // Black's giraffe (guarded by the elephant on 1b) checks the lion with every move.
        let line = format!(
            "sfen l2/1GE/3/2L b - 1 moves{}",
            " 2b2a 3a3b 2a2b 3b3a".repeat(3)
        );
        let r = with_rules(&line, FSF);
        assert_eq!(r.fouls.len(), 0, "{:?}", r.fouls);
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("repetition", None)
        );
        let rules = VRules {
            perpetual_check_loses: true,
            ..FSF
        };
        let r = with_rules(&line, rules);
        assert_eq!(
            (r.outcome.reason.as_str(), r.outcome.winner),
            ("perpetual-check", Some(Color::White))
        );
    }

    #[test]
    fn fourfold_repetition_is_a_draw() {
        let cycle = " 1e1d 1a2b 1d1e 2b1a".repeat(3);
        let r = one(
            &format!("position startpos moves{cycle}"),
            Some(Variant::Minishogi),
        );
        assert_eq!(r.outcome.reason, "repetition");
        assert_eq!(r.plies, 12);
    }
}
