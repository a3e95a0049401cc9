//! A record's positions as training entries: only sound data by default.
//!
//! Each position of the main line from which a move was played becomes one entry: the
//! position, the move, the evaluation of the comment on that move ([`super::eval`]) and the
//! game's result. Left out, each counted by its reason in the [`Summary`]:
//!
//! - whole records: `record-error` (the reader reported an error), `invalid-start` (no
//!   position to play from), `unknown-result` (no result: an unfinished, aborted or
//!   unmarked game), `result-mismatch` (the moves contradict the stated result), `draw`
//!   (with [`ExportOptions::exclude_draws`]), `rating` and `no-rating` (below or without
//!   [`ExportOptions::min_rating`]);
//! - positions: `after-foul` (the foul's own position and every later one), `ply-range`
//!   (outside the plies asked for), `eval-missing` (no evaluation, under
//!   [`EvalMissing::Skip`]), `unencodable` (a position without both kings or with more
//!   pieces than a set: the formats cannot hold it), `duplicate` (seen before, with
//!   [`Unique`]).
//!
//! The [`Keep`] flags let each whole-record reason and `after-foul` through instead.

use std::collections::{BTreeMap, HashSet};
use std::ops::AddAssign;

use super::entry::{Entry, TrainingFormat};
use super::eval::{eval_of, EvalSource};
use super::packed;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::{NodeKind, OutcomeReason, Record};
use crate::shogi::{Color, Position};

/// What a position without an evaluation gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalMissing {
    /// Leave the position out (`eval-missing`).
    Skip,
    /// Write it with score 0.
    #[default]
    Zero,
}

/// Which of the data left out by default to keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keep {
    /// Positions from the foul on (as far as the moves can be carried out).
    pub after_foul: bool,
    /// Records the reader reported errors in.
    pub errors: bool,
    /// Records whose stated result the moves contradict.
    pub mismatches: bool,
    /// Records without a result (written as draws).
    pub unknown_results: bool,
}

/// What to export and what to leave out.
#[derive(Clone, Debug)]
pub struct ExportOptions {
    /// The format written.
    pub format: TrainingFormat,
    /// What a position without an evaluation gets.
    pub eval_missing: EvalMissing,
    /// What to keep of what is left out by default.
    pub keep: Keep,
    /// The fewest moves played before a position (0: from the start).
    pub min_ply: Option<usize>,
    /// The most moves played before a position.
    pub max_ply: Option<usize>,
    /// Leave out drawn games.
    pub exclude_draws: bool,
    /// Keep only games whose both players are rated at least this (Floodgate's
    /// `'black_rate:`/`'white_rate:`, KIF `先手レーティング`/`後手レーティング`).
    pub min_rating: Option<f64>,
    /// How the records are replayed.
    pub replay: ReplayOptions,
}

impl ExportOptions {
    /// The defaults for `format`: sound data only, missing evaluations as 0.
    pub fn new(format: TrainingFormat) -> ExportOptions {
        ExportOptions {
            format,
            eval_missing: EvalMissing::Zero,
            keep: Keep::default(),
            min_ply: None,
            max_ply: None,
            exclude_draws: false,
            min_rating: None,
            replay: ReplayOptions::default(),
        }
    }
}

/// Counts of an export, mergeable with `+=`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records read.
    pub records: u64,
    /// Records at least one position was taken from.
    pub records_used: u64,
    /// Entries written.
    pub positions: u64,
    /// Records left out, by reason.
    pub records_left_out: BTreeMap<&'static str, u64>,
    /// Positions left out, by reason.
    pub positions_left_out: BTreeMap<&'static str, u64>,
    /// Entries written, by the source of their evaluation (`none`: written with 0).
    pub eval_sources: BTreeMap<&'static str, u64>,
}

impl AddAssign<&Summary> for Summary {
    fn add_assign(&mut self, o: &Summary) {
        self.records += o.records;
        self.records_used += o.records_used;
        self.positions += o.positions;
        for (mine, theirs) in [
            (&mut self.records_left_out, &o.records_left_out),
            (&mut self.positions_left_out, &o.positions_left_out),
            (&mut self.eval_sources, &o.eval_sources),
        ] {
            for (k, v) in theirs {
                *mine.entry(k).or_default() += v;
            }
        }
    }
}

/// The entries of one record.
#[derive(Clone, Debug, Default)]
pub struct Exported {
    /// The entries' bytes, one after another.
    pub bytes: Vec<u8>,
    /// For each entry: its position's 64-bit hash and its evaluation's source.
    pub keys: Vec<(u64, Option<EvalSource>)>,
    /// What was written and left out.
    pub summary: Summary,
}

/// The name of an evaluation source in the summary.
fn source_name(s: Option<EvalSource>) -> &'static str {
    s.map_or("none", EvalSource::name)
}

/// Whether the outcome reason says the game has no result.
fn is_unknown(reason: OutcomeReason) -> bool {
    matches!(reason, OutcomeReason::Unknown | OutcomeReason::Abort)
}

/// A player's rating: the number after the last `:` of Floodgate's `black_rate`
/// (`name:3382.0`), or a KIF header's number.
fn rating(record: &Record, color: Color) -> Option<f64> {
    let keys: &[&str] = match color {
        Color::Black => &["black_rate", "先手レーティング", "先手レート"],
        Color::White => &["white_rate", "後手レーティング", "後手レート"],
    };
    let value = keys.iter().find_map(|k| record.metadata.get_raw(k))?;
    let number = value.rsplit(':').next()?.trim();
    number.parse().ok()
}

/// The entries of `record`'s main line under `options`.
pub fn export_record(record: &Record, options: &ExportOptions) -> Exported {
    let mut out = Exported::default();
    out.summary.records = 1;
    let leave_out = |mut out: Exported, reason: &'static str| {
        out.summary.records_left_out.insert(reason, 1);
        out
    };
    if !record.errors.is_empty() && !options.keep.errors {
        return leave_out(out, "record-error");
    }
    let report = replay(record, &options.replay);
    let Ok(start) = record.start.position() else {
        return leave_out(out, "invalid-start");
    };
    if !report.errors.is_empty() {
        return leave_out(out, "invalid-start");
    }
    let winner = report.outcome.winner;
    let unknown = winner.is_none() && is_unknown(report.outcome.reason);
    if !options.keep.mismatches && report.warnings.iter().any(|w| w.code == "result-mismatch") {
        return leave_out(out, "result-mismatch");
    }
    if unknown && !options.keep.unknown_results {
        return leave_out(out, "unknown-result");
    }
    if options.exclude_draws && winner.is_none() && !unknown {
        return leave_out(out, "draw");
    }
    if let Some(min) = options.min_rating {
        match (rating(record, Color::Black), rating(record, Color::White)) {
            (Some(b), Some(w)) if b.min(w) >= min => {}
            (Some(_), Some(_)) => return leave_out(out, "rating"),
            _ => return leave_out(out, "no-rating"),
        }
    }
    // The first foul of the main line: its position and every later one are left out.
    let foul_ply = report
        .fouls
        .iter()
        .filter(|f| f.variation.is_none())
        .map(|f| f.ply)
        .min();
    let format = options.format;
    let limit = format.score_limit();
    let move16 = format.move16();
    let packing = format.packing();
    let nodes = record
        .tree
        .main_line()
        .filter(|&id| matches!(record.tree.node(id).kind, NodeKind::Move(_)));
    let mut pos: Position = start;
    out.bytes.reserve(report.moves.len() * format.size());
    let left_out = |out: &mut Exported, reason: &'static str| {
        *out.summary.positions_left_out.entry(reason).or_default() += 1;
    };
    for (i, (id, &mv)) in nodes.zip(&report.moves).enumerate() {
        let ply = i + 1; // the move's ply; the position is after `i` moves
        let after_foul = foul_ply.is_some_and(|f| ply >= f);
        if after_foul && !options.keep.after_foul {
            // Counted once for every position from the foul's on that had a move.
            left_out(&mut out, "after-foul");
            let (_, carried_out) = pos.play_lenient(mv, pos.side_to_move());
            if !carried_out {
                break;
            }
            continue;
        }
        let in_range =
            options.min_ply.is_none_or(|m| i >= m) && options.max_ply.is_none_or(|m| i <= m);
        let eval = eval_of(record.tree.node(id));
        let entry = if !in_range {
            Err("ply-range")
        } else if eval.is_none() && options.eval_missing == EvalMissing::Skip {
            Err("eval-missing")
        } else {
            match (packed::encode(&pos, packing), move16.encode(mv)) {
                (Ok(position), Some(bits)) => Ok(Entry {
                    position,
                    side: pos.side_to_move(),
                    score: eval.map_or(0, |(s, _)| s.for_side(pos.side_to_move(), limit)),
                    move16: bits,
                    ply: pos.move_number().min(u32::from(u16::MAX)) as u16,
                    winner,
                }),
                _ => Err("unencodable"),
            }
        };
        match entry {
            Ok(e) => {
                e.write(format, &mut out.bytes);
                let source = eval.map(|(_, s)| s);
                out.keys.push((pos.key(), source));
                *out.summary
                    .eval_sources
                    .entry(source_name(source))
                    .or_default() += 1;
                out.summary.positions += 1;
            }
            Err(reason) => left_out(&mut out, reason),
        }
        if after_foul {
            let (_, carried_out) = pos.play_lenient(mv, pos.side_to_move());
            if !carried_out {
                break;
            }
        } else {
            pos.play_unchecked(mv);
        }
    }
    out.summary.records_used = u64::from(out.summary.positions > 0);
    out
}

/// Keeps each distinct position once across a whole export, the first met: a set of the
/// positions' 64-bit hashes (board, hands, side to move), so about 16 bytes a distinct
/// position (two positions with one hash, about one chance in 2^64 / n, count as one).
#[derive(Debug, Default)]
pub struct Unique {
    seen: HashSet<u64>,
}

impl Unique {
    /// An empty set.
    pub fn new() -> Unique {
        Unique::default()
    }

    /// How many distinct positions were seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether none was seen.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Drops the entries of `exported` seen before (here or in earlier calls), counting
    /// them as `duplicate` in its summary.
    pub fn filter(&mut self, exported: &mut Exported, format: TrainingFormat) {
        let size = format.size();
        let mut kept = Vec::with_capacity(exported.bytes.len());
        let mut keys = Vec::with_capacity(exported.keys.len());
        let s = &mut exported.summary;
        for (i, &(key, source)) in exported.keys.iter().enumerate() {
            if self.seen.insert(key) {
                kept.extend_from_slice(&exported.bytes[i * size..(i + 1) * size]);
                keys.push((key, source));
            } else {
                s.positions -= 1;
                let name = source_name(source);
                if let Some(n) = s.eval_sources.get_mut(name) {
                    *n -= 1;
                    if *n == 0 {
                        s.eval_sources.remove(name);
                    }
                }
                *s.positions_left_out.entry("duplicate").or_default() += 1;
            }
        }
        if s.records > 0 && s.positions == 0 {
            s.records_used = 0;
        }
        exported.bytes = kept;
        exported.keys = keys;
    }
}

#[cfg(test)]
mod tests;
