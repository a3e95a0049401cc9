//! The replay of a record whose start is a smaller variant's ([`Start::Variant`]), through the
//! generic core of [`crate::variant`], into the same [`Report`] a standard replay produces.
//!
//! The first foul decides the game and replay goes on where the move can be carried out;
//! fourfold repetition is a draw unless the venue's rules ([`VRules`]) score it, or perpetual
//! check loses; a side without a legal move loses (`checkmate` when in check, else
//! `no-legal-moves`); in Shogi 3x4 a lion that legally reaches the far rank wins (`campmate`).
//! Moves after the end are `moves-after-end`. Only the main line decides the game; the fouls
//! of a variation are reported with the ply where it branches off, as standard replay does.

use std::collections::HashMap;

use super::report::{Finding, Outcome, Report};
use super::{EndingKind, NodeId, NodeKind, OutcomeReason, Record, WarningCode};
use crate::shogi::{Color, FoulCode};
use crate::variant::{usi, VKind, VPosition, VRules, Variant};

/// The shared foul wording calls the royal piece "king"; say "phoenix" or "lion" where the
/// variant's royal piece is one.
fn royal_wording(variant: Variant, message: String) -> String {
    let royal = variant.royal();
    if royal == VKind::King {
        return message;
    }
    message.replace("the king on", &format!("the {royal} on"))
}

/// Where a move's findings stand.
#[derive(Clone, Copy)]
struct Where {
    ply: usize,
    line: Option<u32>,
    variation: Option<usize>,
}

impl Where {
    fn finding<C>(self, code: C, side: Option<Color>, mv: String, message: String) -> Finding<C> {
        Finding {
            ply: self.ply,
            line: self.line,
            code,
            side,
            mv: Some(mv),
            message,
            variation: self.variation,
        }
    }
}

/// What ended a line: (ply, reason, winner, whether later moves are `moves-after-end`).
type Over = (usize, OutcomeReason, Option<Color>, bool);

/// One line's walk: the position, the repetition table and what ended it.
#[derive(Clone)]
struct Line {
    pos: VPosition,
    ply: usize,
    seen: HashMap<u64, Vec<usize>>,
    checks: Vec<bool>,
    over: Option<Over>,
    after_end_reported: bool,
    /// The record's own ending on this line: (kind, side to move there).
    ending: Option<(EndingKind, Color)>,
}

/// Replays `record`, whose start is `start`, under the venue rules `rules`.
pub(super) fn replay(record: &Record, start: &VPosition, rules: VRules) -> Report {
    let mut report = Report::empty(0);
    let variant = start.variant();
    let pos = start
        .clone()
        .with_promotion_rule(rules.promotion_rule_in(variant));
    let mut line = Line {
        seen: HashMap::from([(pos.key(), vec![0])]),
        pos,
        ply: 0,
        checks: vec![false],
        over: None,
        after_end_reported: false,
        ending: None,
    };
    report.variant_positions.push(line.pos.clone());
    let mut stack: Vec<(NodeId, Line, usize)> = Vec::new();
    if let Some(first) = record.tree.root().first_child() {
        walk(
            record,
            first,
            &mut line,
            None,
            rules,
            &mut report,
            &mut stack,
        );
    }
    if line.over.is_none() && record.errors.is_empty() && !line.pos.has_legal_move() {
        let loser = line.pos.side_to_move();
        let reason = if line.pos.in_check() {
            OutcomeReason::Checkmate
        } else {
            OutcomeReason::NoLegalMoves
        };
        line.over = Some((report.plies, reason, Some(loser.flip()), true));
    }
    let to_move = line.pos.side_to_move();
    report.outcome = match (line.over, line.ending.map(|e| e.0)) {
        (Some((_, reason, winner, _)), _) => Outcome { winner, reason },
        (None, Some(EndingKind::Resignation)) => Outcome {
            winner: Some(to_move.flip()),
            reason: OutcomeReason::Resignation,
        },
        (None, Some(EndingKind::Timeout)) => Outcome {
            winner: Some(to_move.flip()),
            reason: OutcomeReason::Timeout,
        },
        (None, Some(EndingKind::Abort)) => Outcome {
            winner: None,
            reason: OutcomeReason::Abort,
        },
        _ => Outcome {
            winner: None,
            reason: OutcomeReason::Unknown,
        },
    };
    while let Some((first, mut state, branch)) = stack.pop() {
        if let Some(next) = record.tree.node(first).next_sibling() {
            stack.push((next, state.clone(), branch));
        }
        walk(
            record,
            first,
            &mut state,
            Some(branch),
            rules,
            &mut report,
            &mut stack,
        );
    }
    report
}

/// Walks `first` and the line continuing from it; the alternatives met on the way are queued
/// on `stack` with a copy of the line before them (for `variation: None`, the main line, the
/// plies carried out and the positions go into `report`).
fn walk(
    record: &Record,
    first: NodeId,
    line: &mut Line,
    variation: Option<usize>,
    rules: VRules,
    report: &mut Report,
    stack: &mut Vec<(NodeId, Line, usize)>,
) {
    let variant = line.pos.variant();
    let mut current = Some(first);
    let mut is_first = true;
    while let Some(id) = current {
        let node = record.tree.node(id);
        if !is_first || variation.is_none() {
            if let Some(sibling) = node.next_sibling() {
                stack.push((sibling, line.clone(), line.ply + 1));
            }
        }
        is_first = false;
        current = node.first_child();
        let entry = match &node.kind {
            NodeKind::Root => continue,
            NodeKind::Ending(e) => {
                if line.ending.is_none() {
                    line.ending = Some((e.kind.clone(), line.pos.side_to_move()));
                }
                continue;
            }
            NodeKind::Move(entry) => entry,
        };
        let ply = line.ply + 1;
        let where_ = Where {
            ply,
            line: (node.line > 0).then_some(node.line),
            variation,
        };
        let at = |code, side, mv, message| where_.finding(code, side, mv, message);
        let at_w = |code, side, mv, message| where_.finding(code, side, mv, message);
        let mover = line.pos.side_to_move();
        let m = entry.mv;
        let text = usi(variant, m);
        if let Some((end, why, _, true)) = line.over {
            if !line.after_end_reported {
                line.after_end_reported = true;
                report.fouls.push(at(
                    FoulCode::MovesAfterEnd,
                    Some(mover),
                    text.clone(),
                    format!("a move is recorded after the game ended at ply {end} ({why})"),
                ));
            }
        }
        let (foul, carried) = line.pos.play_lenient(m);
        if let Some(f) = foul {
            report.fouls.push(at(
                f.code(),
                Some(mover),
                text.clone(),
                royal_wording(variant, f.to_string()),
            ));
            if line.over.is_none() {
                line.over = Some((ply, OutcomeReason::Foul, Some(mover.flip()), false));
            }
        }
        if !carried {
            report.warnings.push(at_w(
                WarningCode::ReplayStopped,
                Some(mover),
                text,
                "the move cannot be carried out, so the rest of this line is not checked".into(),
            ));
            break;
        }
        line.ply = ply;
        if variation.is_none() {
            report.plies = ply;
            report.variant_positions.push(line.pos.clone());
        }
        line.checks.push(line.pos.in_check());
        if let Some(w) = line.pos.campmate_winner() {
            if line.over.is_none() {
                line.over = Some((ply, OutcomeReason::Campmate, Some(w), true));
            }
        }
        let occurrences = line.seen.entry(line.pos.key()).or_default();
        occurrences.push(ply);
        if occurrences.len() == 4 && line.over.is_none() {
            let first = occurrences[0];
            // Did a side give check with each of its moves in the cycle? The mover (who
            // completes it) made plies ply, ply - 2, ...; the other side ply - 1, ply - 3, ...
            // (as in standard shogi, either side may be the one giving perpetual check).
            let checks = &line.checks;
            let checked_all = |last: usize| {
                last > first && (first + 1..=last).rev().step_by(2).all(|p| checks[p])
            };
            let checker = if checked_all(ply) {
                Some(mover)
            } else if checked_all(ply - 1) {
                Some(mover.flip())
            } else {
                None
            };
            match checker.filter(|_| rules.perpetual_check_loses_in(variant)) {
                Some(loser) => {
                    report.fouls.push(at(
                        FoulCode::PerpetualCheck,
                        Some(loser),
                        usi(variant, m),
                        format!("fourfold repetition in which {loser} gave check with every move since ply {first}: {loser} loses"),
                    ));
                    line.over =
                        Some((ply, OutcomeReason::PerpetualCheck, Some(loser.flip()), true));
                }
                None => {
                    let winner = rules.repetition_winner(variant, mover);
                    let verdict = match winner {
                        None => "a draw".to_string(),
                        Some(w) => format!(
                            "under the {} rules a loss for {}",
                            rules.venue.name(),
                            w.flip()
                        ),
                    };
                    report.warnings.push(at_w(
                        WarningCode::Repetition,
                        None,
                        usi(variant, m),
                        format!("fourfold repetition: the position after ply {first} has occurred four times ({verdict})"),
                    ));
                    line.over = Some((ply, OutcomeReason::Repetition, winner, true));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::replay::{replay as replay_record, ReplayOptions};
    use super::super::{Ending, EndingKind, MoveEntry, MoveTree, NodeKind, Record, Start};
    use crate::shogi::Color;
    use crate::variant::{VPosition, Variant};

    fn push(r: &mut Record, parent: u32, usi: &str) -> u32 {
        let Start::Variant(p) = &r.start else {
            unreachable!("a variant record")
        };
        let m = p.parse_usi(usi).expect("a USI move of the variant");
        r.tree.push(parent, NodeKind::Move(MoveEntry::new(m)), 1)
    }

    #[test]
    fn a_variant_start_is_judged_by_the_generic_core_in_every_line() {
        let mut r = Record::new();
        r.start = Start::Variant(VPosition::start(Variant::Minishogi));
        assert_eq!(r.variant(), Variant::Minishogi);
        let a = push(&mut r, MoveTree::ROOT, "1e1d");
        let b = push(&mut r, a, "1a2b");
        let end = Ending::new(EndingKind::Resignation, "resign");
        r.tree.push(b, NodeKind::Ending(Box::new(end)), 1);
        // A variation at ply 1: the rook cannot jump the pawn on 1b.
        push(&mut r, MoveTree::ROOT, "1e1a");
        let rep = replay_record(&r, &ReplayOptions::default());
        assert_eq!(rep.plies, 2);
        assert_eq!(rep.variant_positions.len(), 3);
        assert_eq!(rep.outcome.reason, "resignation");
        assert_eq!(rep.outcome.winner, Some(Color::White));
        assert_eq!(rep.fouls.len(), 1, "{:?}", rep.fouls);
        assert_eq!((rep.fouls[0].ply, rep.fouls[0].variation), (1, Some(1)));
        assert_eq!(rep.fouls[0].mv.as_deref(), Some("1e1a"));
        assert!(rep.final_position.is_none() && rep.errors.is_empty());
    }
}
