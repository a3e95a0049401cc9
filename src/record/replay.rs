//! Replaying a record through the rules: every move of the main line and of every variation
//! is diagnosed and carried out where possible, and the outcome is worked out from what the
//! replay finds (fouls, checkmate, repetition, perpetual check, the move limit) and from what
//! the record states, with a `result-mismatch` warning where the two disagree.
//!
//! Only the main line decides the game; fouls in variations are reported with the ply where
//! their variation starts. The walk keeps an explicit stack, so deeply nested variations cannot
//! overflow the call stack.

use super::{
    Ending, EndingKind, ErrorCode, NodeId, NodeKind, OutcomeReason, Record, Start, WarningCode,
};
use crate::shogi::entering_king::{judge_declaration, Condition, ImpasseScore, Rule, RuleResult};
use crate::shogi::Handicap;
use crate::shogi::{
    Color, Foul, FoulCode, Game, IllegalMoveReason, Move, PieceKind, Position, Repetition, Setup,
};
use crate::variant::VRules;

pub use super::report::{Finding, Outcome, Report};

/// Settings for a replay.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// The move limit after which the game is a draw; `None` uses the record's own
    /// (`$MAX_MOVES`), else there is none.
    pub max_moves: Option<u32>,
    /// The rule a declaration (`%KACHI`, 入玉勝ち, USI `win`) is judged by; `None` uses the
    /// rule the record names (`$JISHOGI`), else [`Rule::Csa27`].
    pub impasse_rule: Option<Rule>,
    /// The venue's rules a variant record is judged by (`--rules`, `--perpetual-check-loses`;
    /// standard shogi has its own).
    pub variant_rules: VRules,
}

/// Where a move's findings stand: what every [`Finding`] of one move shares.
#[derive(Clone, Copy, Debug)]
struct At {
    ply: usize,
    line: Option<u32>,
    side: Option<Color>,
    variation: Option<usize>,
}

impl At {
    /// A finding of `code` about `mv` here.
    fn finding<C>(self, code: C, mv: Option<&Move>, message: String) -> Finding<C> {
        Finding {
            ply: self.ply,
            line: self.line,
            code,
            side: self.side,
            mv: mv.map(|m| m.to_usi()),
            message,
            variation: self.variation,
        }
    }
}

/// What ended the game during the replay.
#[derive(Clone, Copy, Debug)]
struct GameOver {
    ply: usize,
    reason: OutcomeReason,
    /// For a foul: its code and who committed it.
    foul: Option<(FoulCode, Color)>,
    winner: Option<Color>,
    /// Whether later moves are `moves-after-end` (not after a foul: its later moves are
    /// still judged one by one).
    closes_record: bool,
}

#[derive(Clone)]
struct LineState {
    game: Game,
    ply: usize,
    over: Option<GameOver>,
    /// Where the record's own ending stood on this line: (ply, side to move there).
    ended: Option<(usize, Color)>,
    /// The position where the record's ending stood (main line only).
    ended_position: Option<Position>,
    after_end_reported: bool,
    stopped: bool,
    /// The last move's ply and mover, while it is not yet settled whether the side to move
    /// after it can move at all (checkmate or no legal moves). The next move settles it for
    /// free when it is legal; otherwise the legal moves are searched (see [`settle_mate`]).
    mate_pending: Option<(usize, Color)>,
}

/// Told of the main line as [`replay_observed`] plays it: the start position, then the
/// position after each move carried out, so that a reader of positions (the openings
/// classifier) needs no board of its own. `()` is told nothing, at no cost.
pub trait Observer {
    /// The start position, and how many moves the main line holds (some may not be carried
    /// out); told once, before the first move, when the start can be played.
    fn start(&mut self, position: &Position, plies: usize);

    /// Ply `ply` (1 = the first) of the main line: the move `mv` as carried out and the
    /// position after it. Told for each move that [`Report::moves`] holds, in order.
    fn ply(&mut self, ply: usize, mv: Move, position: &Position);
}

impl Observer for () {
    #[inline(always)]
    fn start(&mut self, _: &Position, _: usize) {}

    #[inline(always)]
    fn ply(&mut self, _: usize, _: Move, _: &Position) {}
}

/// Replays `record` (of standard shogi or of a variant: [`Record::variant`]) and reports what
/// it finds.
pub fn replay(record: &Record, options: &ReplayOptions) -> Report {
    replay_observed(record, options, &mut ())
}

/// [`replay`], telling `observer` the start position and the position after each move of the
/// main line (a variant record's are not told).
pub fn replay_observed(
    record: &Record,
    options: &ReplayOptions,
    observer: &mut impl Observer,
) -> Report {
    if let Start::Variant(start) = &record.start {
        return super::variant_replay::replay(record, start, options.variant_rules);
    }
    let plies = record.tree.main_line_moves().count();
    let mut report = Report::empty(plies);
    let start = match record.start.position() {
        Ok(p) => p,
        Err(e) => {
            report.errors.push(Finding {
                ply: 0,
                line: None,
                code: ErrorCode::InvalidPosition,
                side: None,
                mv: None,
                message: format!("the start position cannot be played: {e}"),
                variation: None,
            });
            return report;
        }
    };
    // The named starts are sound (a test in `shogi::handicap` keeps them so).
    let problems = match &record.start {
        Start::Handicap(_) | Start::Variant(_) => Vec::new(),
        Start::Position(_) => start.setup_problems(),
    };
    for problem in problems {
        if matches!(problem, crate::shogi::SetupProblem::NoKing { .. }) {
            continue; // usual in tsume problems
        }
        report.warnings.push(Finding {
            ply: 0,
            line: None,
            code: WarningCode::StartPosition,
            side: None,
            mv: None,
            message: format!("the start position is unusual: {problem}"),
            variation: None,
        });
    }
    if let Start::Position(setup) = &record.start {
        if is_even_start_with_white(setup) {
            report.warnings.push(Finding {
                ply: 0,
                line: None,
                code: WarningCode::StartPosition,
                side: Some(Color::White),
                mv: None,
                message: "the start position is unusual: it is the even game's, but with white to move (in an even game black moves first)".into(),
                variation: None,
            });
        }
    }
    observer.start(&start, plies);
    let start_side = start.side_to_move();
    let max_moves = options.max_moves.or_else(|| record.metadata.max_moves());
    // The main line first; variations are queued on an explicit stack with a copy of the
    // game before their first move, and walked after it.
    let mut main = LineState {
        game: Game::new(start),
        ply: 0,
        over: None,
        ended: None,
        ended_position: None,
        after_end_reported: false,
        stopped: false,
        mate_pending: None,
    };
    let mut stack: Vec<(NodeId, LineState, Option<usize>)> = Vec::new();
    if let Some(first) = record.tree.root().first_child() {
        walk_from(
            record,
            first,
            &mut main,
            None,
            max_moves,
            &mut report,
            &mut stack,
            observer,
        );
    }
    report.final_position = Some(main.game.position().clone());
    conclude(record, &main, main.over, &mut report);
    judge_impasse(record, &main, options, &mut report);
    audit_clocks(record, start_side, &main, &mut report);
    while let Some((first, mut state, variation)) = stack.pop() {
        if let Some(next) = record.tree.node(first).next_sibling() {
            stack.push((next, state.clone(), variation));
        }
        walk_from(
            record,
            first,
            &mut state,
            variation,
            max_moves,
            &mut report,
            &mut stack,
            &mut (),
        );
    }
    report
}

/// Whether `setup` is the even game's start with white to move.
fn is_even_start_with_white(setup: &Setup) -> bool {
    let even = Handicap::Even.setup();
    setup.side_to_move == Color::White && setup.board == even.board && setup.hands == even.hands
}

/// Calls `visit` with the ply and the position at each step of the main line, from ply 0 (the
/// start) on, playing moves leniently (fouls are carried out where possible); stops where a
/// move cannot be carried out. Returns false when the start position cannot be built.
pub fn main_line_positions(record: &Record, mut visit: impl FnMut(usize, &Position)) -> bool {
    main_line_walk(record, |ply, _, pos| {
        visit(ply, pos);
        true
    })
}

/// Like [`main_line_positions`], also handing over the move that led to each position (as
/// carried out: a promotion the record names by the piece after the move is resolved; `None`
/// at ply 0); `visit` returning false ends the walk early.
pub fn main_line_walk(
    record: &Record,
    mut visit: impl FnMut(usize, Option<Move>, &Position) -> bool,
) -> bool {
    let Ok(mut pos) = record.start.position() else {
        return false;
    };
    if !visit(0, None, &pos) {
        return true;
    }
    let mut ply = 0;
    for entry in record.tree.main_line_moves() {
        let Some(mv) = entry.standard() else {
            break;
        };
        let mover = entry.mover.unwrap_or_else(|| pos.side_to_move());
        let (mv, _) = resolve_claimed_piece(&pos, entry, mv);
        let (_, carried_out) = pos.play_lenient(mv, mover);
        if !carried_out {
            break;
        }
        ply += 1;
        if !visit(ply, Some(mv), &pos) {
            break;
        }
    }
    true
}

/// [`main_line_walk`] for a record of a smaller variant: its start position and each one after
/// a main-line move, as far as the moves can be carried out, with the move that led there
/// (`None` at ply 0); `visit` returning false ends the walk early. Returns false for a standard
/// record (walk it with [`main_line_walk`]).
pub fn variant_main_line_walk(
    record: &Record,
    mut visit: impl FnMut(usize, Option<crate::variant::VMove>, &crate::variant::VPosition) -> bool,
) -> bool {
    let super::Start::Variant(start) = &record.start else {
        return false;
    };
    let mut pos = start.clone();
    if !visit(0, None, &pos) {
        return true;
    }
    for (ply, entry) in (1..).zip(record.tree.main_line_moves()) {
        let (_, carried_out) = pos.play_lenient(entry.mv);
        if !carried_out || !visit(ply, Some(entry.mv), &pos) {
            break;
        }
    }
    true
}

/// For a record of a smaller variant: what identifies its game whatever the format it was
/// saved in, for fingerprints (`dedup`): the start (the variant's name, then the SFEN's board,
/// side to move and hands) and the main line's moves as far as they can be carried out, each
/// in two bytes (a board move `from << 8 | to << 1 | promote`, a drop `0x8000 | kind << 8 |
/// to`). `None` for a standard record (see [`main_line_walk`]).
pub fn variant_main_line(record: &Record) -> Option<(String, Vec<u16>)> {
    let super::Start::Variant(start) = &record.start else {
        return None;
    };
    let sfen = start.to_sfen();
    let body = sfen.rsplit_once(' ').map_or(sfen.as_str(), |(b, _)| b);
    let key = format!("{} {body}", start.variant().name());
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for entry in record.tree.main_line_moves() {
        let (_, carried_out) = pos.play_lenient(entry.mv);
        if !carried_out {
            break;
        }
        moves.push(match entry.mv {
            crate::variant::VMove::Normal { from, to, promote } => {
                (from.index() as u16) << 8 | (to.index() as u16) << 1 | promote as u16
            }
            crate::variant::VMove::Drop { kind, to } => {
                0x8000 | (kind as u16) << 8 | to.index() as u16
            }
        });
    }
    Some((key, moves))
}

/// Corrects the piece names that disagree with the board where the piece there can make the
/// move (the `piece-mismatch` of [`replay`]), on every line of the tree, so that a writer
/// writes the move that is played. Returns `None` when there is nothing to correct, else the
/// corrected record and one `piece-mismatch` finding per correction. Lines stop being
/// followed where a move cannot be carried out.
pub fn correct_piece_names(record: &Record) -> Option<(Record, Vec<Finding<WarningCode>>)> {
    let start = record.start.position().ok()?;
    let mut fixes: Vec<(NodeId, Move, PieceKind, Finding<WarningCode>)> = Vec::new();
    // Lines are followed by first children; a sibling is queued with a copy of the position
    // before it, so positions are copied only where the tree branches.
    let mut stack: Vec<(NodeId, Position, usize)> = Vec::new();
    if let Some(first) = record.tree.root().first_child() {
        stack.push((first, start, 0));
    }
    while let Some((first, mut pos, mut ply)) = stack.pop() {
        let mut current = Some(first);
        while let Some(id) = current {
            let node = record.tree.node(id);
            if let Some(sibling) = node.next_sibling() {
                stack.push((sibling, pos.clone(), ply));
            }
            current = node.first_child();
            let NodeKind::Move(entry) = &node.kind else {
                continue;
            };
            let Some(mv) = entry.standard() else {
                break;
            };
            let mover = entry.mover.unwrap_or_else(|| pos.side_to_move());
            let (mv, claim) = resolve_claimed_piece(&pos, entry, mv);
            ply += 1;
            if let Claim::Mismatch { claimed, actual } = claim {
                let after = match mv {
                    Move::Normal { promote: true, .. } => actual.promote().unwrap_or(actual),
                    _ => actual,
                };
                let finding = Finding {
                    ply,
                    line: (node.line > 0).then_some(node.line),
                    code: WarningCode::PieceMismatch,
                    side: Some(mover),
                    mv: Some(mv.to_usi()),
                    message: format!(
                        "the record moves a {claimed}, but a {actual} stands on the source square; it is written as the {actual}'s move"
                    ),
                    variation: None,
                };
                fixes.push((id, mv, after, finding));
            }
            if !pos.play_lenient(mv, mover).1 {
                break;
            }
        }
    }
    if fixes.is_empty() {
        return None;
    }
    let mut corrected = record.clone();
    let mut found = Vec::with_capacity(fixes.len());
    for (id, mv, after, finding) in fixes {
        if let NodeKind::Move(e) = &mut corrected.tree.node_mut(id).kind {
            e.mv = mv.into();
            e.piece = Some(after.into());
        }
        found.push(finding);
    }
    found.sort_by_key(|f| (f.ply, f.line));
    Some((corrected, found))
}

/// Walks `first` and the line continuing from it; siblings of every node on the way are
/// queued as variations (with a copy of the state before that node). `observer` is told
/// each move carried out (the main line's; a variation's is `()`).
#[allow(clippy::too_many_arguments)]
fn walk_from(
    record: &Record,
    first: NodeId,
    state: &mut LineState,
    variation: Option<usize>,
    max_moves: Option<u32>,
    report: &mut Report,
    stack: &mut Vec<(NodeId, LineState, Option<usize>)>,
    observer: &mut impl Observer,
) {
    let tree = &record.tree;
    let mut current = Some(first);
    let mut is_first = true;
    while let Some(id) = current {
        let node = tree.node(id);
        // Queue the alternatives to this node. A variation's first node had its siblings
        // queued together with it, so only nodes further along (or on the main line) queue.
        if !is_first || variation.is_none() {
            if let Some(sib) = node.next_sibling() {
                queue_alternatives(sib, state, stack);
            }
        }
        is_first = false;
        match &node.kind {
            NodeKind::Root => {}
            NodeKind::Ending(_) => {
                settle_mate(state);
                if state.ended.is_none() {
                    state.ended = Some((state.ply, state.game.position().side_to_move()));
                    if variation.is_none() {
                        state.ended_position = Some(state.game.position().clone());
                    }
                }
            }
            NodeKind::Move(entry) => {
                if state.stopped {
                    break;
                }
                state.ply += 1;
                let ply = state.ply;
                let line = (node.line > 0).then_some(node.line);
                let mover = entry
                    .mover
                    .unwrap_or_else(|| state.game.position().side_to_move());
                let at = At {
                    ply,
                    line,
                    side: Some(mover),
                    variation,
                };
                let Some(stated) = entry.standard() else {
                    // Only a variant's reader writes a bird's or an animal's drop, and its
                    // record has a variant start: this line cannot be played here.
                    state.stopped = true;
                    report.warnings.push(at.finding(
                        WarningCode::ReplayStopped,
                        None,
                        "the move is not one of standard shogi, so the rest of this line is not checked"
                            .into(),
                    ));
                    break;
                };
                let (mv, claim) = resolve_claimed_piece(state.game.position(), entry, stated);
                let diagnosis = state.game.diagnose(mv, mover);
                if diagnosis.is_ok() {
                    // A legal move: the side to move could move, so no mate before it.
                    state.mate_pending = None;
                } else {
                    settle_mate(state);
                }
                if !state.after_end_reported {
                    let ended_at = match (state.over, state.ended) {
                        (Some(o), _) if o.closes_record => Some((o.ply, o.reason.as_str())),
                        (_, Some((ply, _))) => Some((ply, "the record's ending")),
                        _ => None,
                    };
                    if let Some((end_ply, why)) = ended_at {
                        state.after_end_reported = true;
                        report.fouls.push(at.finding(
                            FoulCode::MovesAfterEnd,
                            Some(&stated),
                            format!(
                                "a move is recorded after the game ended at ply {end_ply} ({why})"
                            ),
                        ));
                    }
                }
                match claim {
                    Claim::Agrees => {}
                    Claim::Mismatch { claimed, actual } => {
                        report.warnings.push(at.finding(
                            WarningCode::PieceMismatch,
                            Some(&mv),
                            format!(
                                "the record moves a {claimed} from {from}, but a {actual} stands there; the {actual} can make the move, so it is played",
                                from = mv.from().map_or(String::new(), |f| f.to_string())
                            ),
                        ));
                    }
                    Claim::Foul(f) => {
                        report
                            .fouls
                            .push(at.finding(f.code(), Some(&mv), f.to_string()));
                        decide_foul(state, ply, f.code(), mover);
                    }
                }
                let played = state.game.play_diagnosed(mv, mover, diagnosis);
                if variation.is_none() && played.carried_out {
                    report.moves.push(mv);
                    observer.ply(report.moves.len(), mv, state.game.position());
                }
                if let Some(f) = &played.foul {
                    report
                        .fouls
                        .push(at.finding(f.code(), Some(&mv), f.to_string()));
                    decide_foul(state, ply, f.code(), mover);
                }
                if !played.carried_out {
                    state.stopped = true;
                    report.warnings.push(at.finding(
                        WarningCode::ReplayStopped,
                        Some(&mv),
                        "the move cannot be carried out, so the rest of this line is not checked"
                            .into(),
                    ));
                    break;
                }
                // Once the game is over (by repetition, mate, the move limit or the record's
                // own ending), later moves are `moves-after-end`: no later ending is judged.
                let closed = state.over.is_some_and(|o| o.closes_record) || state.ended.is_some();
                match played.repetition.filter(|_| !closed) {
                    Some(Repetition::Fourfold { first_ply }) => {
                        report.warnings.push(at.finding(
                            WarningCode::Repetition,
                            Some(&mv),
                            format!(
                                "fourfold repetition: the position after ply {first_ply} has occurred four times (a draw)"
                            ),
                        ));
                        decide(state, ply, OutcomeReason::Repetition, None, true);
                    }
                    Some(Repetition::PerpetualCheck { loser, first_ply }) => {
                        let mut f = at.finding(
                            FoulCode::PerpetualCheck,
                            Some(&mv),
                            format!(
                                "fourfold repetition in which {loser} gave check with every move since ply {first_ply}: {loser} loses"
                            ),
                        );
                        f.side = Some(loser);
                        report.fouls.push(f);
                        decide(
                            state,
                            ply,
                            OutcomeReason::PerpetualCheck,
                            Some(loser.flip()),
                            true,
                        );
                    }
                    None => {}
                }
                state.mate_pending = Some((ply, mover));
                if let Some(limit) = max_moves {
                    if ply as u64 == limit as u64 {
                        settle_mate(state);
                        decide(state, ply, OutcomeReason::MaxMoves, None, true);
                    }
                }
            }
        }
        current = node.first_child();
    }
    settle_mate(state);
}

/// Settles a pending question of the last move (see [`LineState::mate_pending`]): when the
/// side to move has no legal move, the game ended there, by checkmate or for want of moves.
fn settle_mate(state: &mut LineState) {
    let Some((ply, mover)) = state.mate_pending.take() else {
        return;
    };
    let in_check = state.game.in_check();
    if !state
        .game
        .position()
        .has_legal_moves_knowing_check(in_check)
    {
        let reason = if in_check {
            OutcomeReason::Checkmate
        } else {
            OutcomeReason::NoLegalMoves
        };
        decide(state, ply, reason, Some(mover), true);
    }
}

/// Queues the first alternative to the next node with a copy of the state before it. Only the
/// first is queued: when it is taken from the stack its next sibling is queued in turn (see
/// [`replay`]), so the stack holds one copy per level of nesting, not one per variation.
fn queue_alternatives(
    first_sibling: NodeId,
    state: &LineState,
    stack: &mut Vec<(NodeId, LineState, Option<usize>)>,
) {
    stack.push((first_sibling, state.clone(), Some(state.ply + 1)));
}

fn decide(
    state: &mut LineState,
    ply: usize,
    reason: OutcomeReason,
    winner: Option<Color>,
    closes: bool,
) {
    if state.over.is_none() {
        state.over = Some(GameOver {
            ply,
            reason,
            foul: None,
            winner,
            closes_record: closes,
        });
    }
}

/// The game ends with `mover`'s foul `code` at `ply` (unless it ended before).
fn decide_foul(state: &mut LineState, ply: usize, code: FoulCode, mover: Color) {
    if state.over.is_none() {
        state.over = Some(GameOver {
            ply,
            reason: OutcomeReason::Foul,
            foul: Some((code, mover)),
            winner: Some(mover.flip()),
            closes_record: false,
        });
    }
}

/// What the record's piece name says about a board move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Claim {
    /// It agrees with the board (or there is none).
    Agrees,
    /// It names another piece than the one on the source square, which can make the move all
    /// the same: the move is played and a `piece-mismatch` warning names both.
    Mismatch {
        claimed: PieceKind,
        actual: PieceKind,
    },
    /// It names another piece, and the one there cannot move so: a foul.
    Foul(Foul),
}

/// Applies what the record says about the piece (CSA names the piece after the move): a
/// claim of the promoted kind of the piece on the source square is a promotion. A claim of a
/// different kind altogether follows one rule in every format: when the piece on the source
/// square can make the move, the source square and the destination decide and the move is
/// played ([`Claim::Mismatch`]); only when it cannot is it a foul.
fn resolve_claimed_piece(pos: &Position, entry: &super::MoveEntry, mv: Move) -> (Move, Claim) {
    let Move::Normal { from, to, promote } = mv else {
        return (mv, Claim::Agrees);
    };
    let (Some(claimed), Some(actual)) = (entry.standard_piece(), pos.piece_at(from)) else {
        return (mv, Claim::Agrees);
    };
    if claimed == actual.kind {
        return (mv, Claim::Agrees);
    }
    if actual.kind.promote() == Some(claimed) {
        return (
            Move::Normal {
                from,
                to,
                promote: true,
            },
            Claim::Agrees,
        );
    }
    let reaches = crate::shogi::attacks::attacks(actual.color, actual.kind, from, pos.occupied())
        .contains(to);
    if reaches {
        // A promoted piece cannot promote again: the name's promotion flag goes with the name.
        let promote = promote && actual.kind.promote().is_some();
        return (
            Move::Normal { from, to, promote },
            Claim::Mismatch {
                claimed,
                actual: actual.kind,
            },
        );
    }
    let foul = Foul::IllegalMove(IllegalMoveReason::WrongPiece {
        from,
        claimed,
        actual: actual.kind,
    });
    (Move::Normal { from, to, promote }, Claim::Foul(foul))
}

/// The declaration rule a record names (`$JISHOGI:27`, a header mentioning 24 or 27 points).
fn rule_named_by(record: &Record) -> Option<Rule> {
    record.metadata.entries().iter().find_map(|e| {
        let key = e
            .raw_key
            .trim_start_matches(['$', '\''])
            .to_ascii_uppercase();
        if key != "JISHOGI" && e.raw_key != "持将棋" && e.raw_key != "入玉宣言" {
            return None;
        }
        if e.value.contains("27") {
            Some(Rule::Csa27)
        } else if e.value.contains("24") {
            Some(Rule::Declare24)
        } else {
            None
        }
    })
}

/// Judges a stated declaration (or scores a stated impasse) at the position where the record
/// ends, unless the replay decided the game before.
///
/// A declaration is judged by the rule chosen (`--impasse-rule`, the record's own, else
/// csa27). Under a declaration rule the outcome is `impasse-declaration`: the declarer wins,
/// draws, or (when a condition fails) loses, which is also a `result-mismatch`. Under jsa24
/// (impasse by agreement: both sides' total points) the outcome is `impasse-points`, and the
/// declaration is a `result-mismatch` when it does not give the declarer the game. A stated
/// impasse is scored by jsa24; when a king has not entered the enemy camp, the rule does not
/// apply and the claim is a `result-mismatch`.
fn judge_impasse(record: &Record, state: &LineState, options: &ReplayOptions, report: &mut Report) {
    let Some(ending) = record.ending() else {
        return;
    };
    if state.over.is_some() {
        return;
    }
    let (Some(pos), Some((ply, to_move))) = (&state.ended_position, state.ended) else {
        return;
    };
    let handicap = match record.start.normalized() {
        Start::Handicap(h) if h != Handicap::Even => Some(h),
        _ => None,
    };
    let line = record
        .tree
        .main_line()
        .find(|&id| record.tree.node(id).ending().is_some())
        .map(|id| record.tree.node(id).line)
        .filter(|&l| l > 0);
    let mut mismatch = |side: Option<Color>, message: String| {
        report.warnings.push(Finding {
            ply,
            line,
            code: WarningCode::ResultMismatch,
            side,
            mv: None,
            message,
            variation: None,
        });
    };
    let explain = |result: &RuleResult| -> String {
        result
            .failed
            .iter()
            .map(|&c| result.explain_failure(c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let result = match ending.kind {
        EndingKind::Declaration => {
            let rule = options
                .impasse_rule
                .or_else(|| rule_named_by(record))
                .unwrap_or(Rule::Csa27);
            // The move limit counts the game's moves: those before a position the record
            // starts from (its SFEN move number) too.
            let before = record.start.setup().move_number.saturating_sub(1) as usize;
            let result = judge_declaration(pos, to_move, rule, handicap).after_ply(ply + before);
            let winner = result.winner();
            let claim = format!(
                "the record says `{}` ({to_move} declares an entering-king win)",
                ending.raw
            );
            if rule == Rule::Jsa24 {
                if winner != Some(to_move) {
                    let why = if result.failed.is_empty() {
                        format!(
                            "black {}, white {}",
                            result.score.sides.black.total_points,
                            result.score.sides.white.total_points
                        )
                    } else {
                        explain(&result)
                    };
                    mismatch(
                        Some(to_move),
                        format!(
                            "{claim}, but jsa24 counts both sides' points ({why}), so {}",
                            result_words(winner)
                        ),
                    );
                } else if result.failed.contains(&Condition::KingNotInCamp) {
                    mismatch(
                        Some(to_move),
                        format!(
                            "{claim}, but jsa24 applies only when both kings have entered: {}",
                            result.explain_failure(Condition::KingNotInCamp)
                        ),
                    );
                }
                report.outcome = Outcome {
                    winner,
                    reason: OutcomeReason::ImpassePoints,
                };
            } else {
                if !result.failed.is_empty() {
                    let verdict = if result.failed.contains(&Condition::MoveLimit) {
                        "is no win"
                    } else {
                        "fails"
                    };
                    mismatch(
                        Some(to_move),
                        format!(
                            "{claim}, but the declaration {verdict} under {rule}: {}, so {}",
                            explain(&result),
                            result_words(winner)
                        ),
                    );
                }
                report.outcome = Outcome {
                    winner,
                    reason: OutcomeReason::ImpasseDeclaration,
                };
            }
            result
        }
        EndingKind::Impasse => {
            let result = ImpasseScore::new(pos, handicap).judge(Rule::Jsa24);
            if result.failed.contains(&Condition::KingNotInCamp) {
                mismatch(
                    None,
                    format!(
                        "the record says `{}` (impasse), but an impasse needs both kings in the enemy camp: {}",
                        ending.raw,
                        result.explain_failure(Condition::KingNotInCamp)
                    ),
                );
            }
            report.outcome = Outcome {
                winner: result.winner(),
                reason: OutcomeReason::ImpassePoints,
            };
            result
        }
        _ => return,
    };
    report.impasse = Some(result);
}

/// Audits the clocks of the main line (see [`super::clock`]): a `time-over` warning for the
/// first move of each side that overstepped its time, and a `result-mismatch` for a stated
/// timeout whose loser still had time left.
fn audit_clocks(record: &Record, start_side: Color, state: &LineState, report: &mut Report) {
    let audit = super::clock::audit(record, start_side);
    for o in audit.oversteps {
        let mv = report.moves.get(o.ply - 1).map(|m| m.to_usi());
        report.warnings.push(Finding {
            ply: o.ply,
            line: o.line,
            code: WarningCode::TimeOver,
            side: Some(o.side),
            mv,
            message: o.message,
            variation: None,
        });
    }
    if let (Some((side, left, figures)), OutcomeReason::Timeout) =
        (audit.time_left_at_timeout, report.outcome.reason)
    {
        let ending = record.ending().map_or("", |e| e.raw.as_str());
        let line = record
            .tree
            .main_line()
            .find(|&id| record.tree.node(id).ending().is_some())
            .map(|id| record.tree.node(id).line)
            .filter(|&l| l > 0);
        report.warnings.push(Finding {
            ply: state.ended.map_or(state.ply, |(p, _)| p),
            line,
            code: WarningCode::ResultMismatch,
            side: Some(side),
            mv: None,
            message: format!(
                "the record says `{ending}` ({side} ran out of time), but {side} still had {} left: {figures}",
                super::clock::clock(left)
            ),
            variation: None,
        });
    }
}

/// The winner a record states, as the replay weighs it, and a winner its summary names that
/// disagrees. The ending line decides (`投了` with black to move means white won): a `まで…`
/// or Floodgate summary naming another winner disagrees with it. A summary's winner decides
/// only where the line names none (a repetition, an unknown word), where the summary is the
/// only ending, or where the ending line itself names the side (`先手 反則負け`).
fn stated_result(e: &Ending, to_move: Color) -> (Option<Option<Color>>, Option<Color>) {
    let implied = e.implied_winner(to_move);
    let names_winner = ["まで", "先手", "後手", "下手", "上手"]
        .iter()
        .any(|p| e.raw.starts_with(p));
    match (implied, e.stated_winner) {
        (Some(Some(w)), Some(s)) if !names_winner => (Some(Some(w)), (s != w).then_some(s)),
        (_, Some(s)) => (Some(Some(s)), None),
        (implied, None) => (implied, None),
    }
}

/// `black wins`, `white wins` or `it is a draw`.
fn result_words(winner: Option<Color>) -> String {
    match winner {
        Some(w) => format!("{w} wins"),
        None => "it is a draw".into(),
    }
}

/// Sets the outcome of the main line and compares it with the stated ending.
fn conclude(record: &Record, state: &LineState, over: Option<GameOver>, report: &mut Report) {
    let ending = record.ending();
    let to_move = state
        .ended
        .map_or_else(|| state.game.position().side_to_move(), |(_, c)| c);
    let ending_ply = state.ended.map_or(state.ply, |(p, _)| p);
    let ending_line = record
        .tree
        .main_line()
        .find(|&id| record.tree.node(id).ending().is_some())
        .or_else(|| record.tree.main_line().last())
        .map(|id| record.tree.node(id).line)
        .filter(|&l| l > 0);
    let mut mismatch = |message: String| {
        report.warnings.push(Finding {
            ply: state.ply,
            line: ending_line,
            code: WarningCode::ResultMismatch,
            side: None,
            mv: None,
            message,
            variation: None,
        });
    };
    let (stated, summary_winner) = ending.map_or((None, None), |e| stated_result(e, to_move));
    if let (Some(e), Some(s), Some(Some(w))) = (ending, summary_winner, stated) {
        mismatch(format!(
            "the record ends `{}` with {to_move} to move, so {w} won, but its summary names {s} the winner",
            e.raw
        ));
    }
    // A claim about how the game ended that the replay disproves; when one is found, the
    // winner is not compared again.
    let mut claim_disproved = false;
    if let Some(e) = ending {
        let reason = over.map(|o| o.reason);
        let message = match e.kind {
            EndingKind::Checkmate => match reason {
                Some(OutcomeReason::Checkmate) => None,
                Some(OutcomeReason::NoLegalMoves) => Some(format!(
                    "the record says `{}` (checkmate), but the side to move is not in check: it has no legal move, which is not checkmate",
                    e.raw
                )),
                _ => Some(format!(
                    "the record says `{}` (checkmate), but the position there is not checkmate",
                    e.raw
                )),
            },
            EndingKind::Repetition => match over {
                Some(o) if o.reason == OutcomeReason::Repetition => None,
                // A repetition that is perpetual check: right when the record names its winner.
                Some(o) if o.reason == OutcomeReason::PerpetualCheck && stated == Some(o.winner) => None,
                Some(o) if o.reason == OutcomeReason::PerpetualCheck => {
                    let loser = o.winner.map_or(to_move, Color::flip);
                    Some(format!(
                        "the record says `{}` ({}), but the repetition completed at ply {} is perpetual check: {loser} gave check with every move of the cycle, so {loser} loses and {} wins",
                        e.raw,
                        match stated.flatten() {
                            Some(w) => format!("{w} wins"),
                            None => "a repetition draw".into(),
                        },
                        o.ply,
                        loser.flip()
                    ))
                }
                _ => Some(format!(
                    "the record says `{}` (repetition), but no position occurred four times",
                    e.raw
                )),
            },
            // USI `rep_lose` (read as the side to move's foul) claims a perpetual check too.
            EndingKind::PerpetualCheck | EndingKind::IllegalAction { .. }
                if e.kind == EndingKind::PerpetualCheck
                    || e.raw.eq_ignore_ascii_case("rep_lose") =>
            {
                match over {
                Some(o) if o.reason == OutcomeReason::PerpetualCheck => None,
                Some(o) if o.reason == OutcomeReason::Repetition => Some(format!(
                    "the record says `{}` (perpetual check), but the repetition completed at ply {} is not perpetual check: it is a draw",
                    e.raw, o.ply
                )),
                _ => Some(format!(
                    "the record says `{}` (perpetual check), but the replay finds none",
                    e.raw
                )),
            }
            }
            _ => None,
        };
        if let Some(m) = message {
            claim_disproved = true;
            mismatch(m);
        }
    }
    // The ply of a stated repetition the replay finds (its warning is dropped below).
    let mut supported_repetition = None;
    match over {
        Some(o) => {
            report.outcome = Outcome {
                winner: o.winner,
                reason: o.reason,
            };
            // A repetition the record states where the replay finds it (`千日手`,
            // `%SENNICHITE`, `rep_draw` right after the fourth occurrence, as a draw) is a
            // correctly recorded ending, not a warning.
            let stated_as_found = ending.is_some_and(|e| e.kind == EndingKind::Repetition)
                && o.reason == "repetition"
                && o.ply == ending_ply
                && !claim_disproved
                && stated.is_none_or(|w| w == o.winner);
            if stated_as_found {
                supported_repetition = Some(o.ply);
            }
            if let (Some(e), Some(stated), false) = (ending, stated, claim_disproved) {
                let decisive = matches!(
                    o.reason,
                    OutcomeReason::Foul
                        | OutcomeReason::Checkmate
                        | OutcomeReason::PerpetualCheck
                        | OutcomeReason::NoLegalMoves
                );
                // A draw the replay found (repetition, the move limit) ended the game before
                // the record's ending: an ending naming a winner there is wrong.
                let over_before = o.closes_record && o.ply <= ending_ply;
                if (decisive || over_before) && stated != o.winner {
                    let found = match o.foul {
                        Some((code, by)) => format!("the foul `{code}` by {by}"),
                        None => o.reason.as_str().replace('-', " "),
                    };
                    let before = if decisive {
                        ""
                    } else {
                        ": the game was over before the record's ending"
                    };
                    mismatch(format!(
                        "the record says `{}` ({}), but the replay finds {found} at ply {}, so {}{before}",
                        e.raw,
                        match stated {
                            Some(w) => format!("{w} wins"),
                            None => "no winner".into(),
                        },
                        o.ply,
                        result_words(o.winner)
                    ));
                }
            }
        }
        None => {
            if let Some(e) = ending {
                // A claim the replay disproves (mate, repetition) decides nothing.
                let disproved = matches!(
                    e.kind,
                    EndingKind::Checkmate | EndingKind::Repetition | EndingKind::PerpetualCheck
                );
                if !disproved {
                    report.outcome = Outcome {
                        winner: stated.flatten(),
                        reason: e.reason(),
                    };
                }
            }
        }
    }
    if let Some(ply) = supported_repetition {
        report
            .warnings
            .retain(|w| !(w.code == "repetition" && w.ply == ply && w.variation.is_none()));
    }
    // A foul the record states (反則勝ち, %ILLEGAL_MOVE, %+ILLEGAL_ACTION) that the moves do not
    // show: sites record fouls whose move was refused and never written, so it is taken as
    // stated, but named for an auditor.
    if let (Some(e), None) = (ending, over) {
        let stated_foul = match e.kind {
            EndingKind::IllegalAction { .. } if e.raw.eq_ignore_ascii_case("rep_lose") => None,
            EndingKind::IllegalMove => Some(to_move),
            EndingKind::FoulWin => Some(to_move.flip()),
            EndingKind::IllegalAction { loser } => Some(loser),
            _ => None,
        };
        if let Some(by) = stated_foul {
            let by = stated.flatten().map_or(by, Color::flip);
            report.warnings.push(Finding {
                ply: ending_ply,
                line: ending_line,
                code: WarningCode::UnrecordedFoul,
                side: Some(by),
                mv: None,
                message: format!(
                    "the record says `{}` (a foul by {by}), but its moves show no foul: the foul's move was not recorded, so the result is taken as stated",
                    e.raw
                ),
                variation: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Ending, MoveEntry, MoveTree, Start};
    use crate::shogi::Handicap;

    fn record(moves: &[&str], ending: Option<Ending>) -> Record {
        let mut r = Record::new();
        let mut at = MoveTree::ROOT;
        for (i, m) in moves.iter().enumerate() {
            at = r.tree.push(
                at,
                NodeKind::Move(MoveEntry::new(Move::from_usi(m).unwrap())),
                i as u32 + 1,
            );
        }
        if let Some(e) = ending {
            r.tree
                .push(at, NodeKind::Ending(Box::new(e)), moves.len() as u32 + 1);
        }
        r
    }

    #[test]
    fn resignation_gives_the_other_side_the_win() {
        let r = record(
            &["7g7f", "3c3d"],
            Some(Ending::new(EndingKind::Resignation, "%TORYO")),
        );
        let rep = replay(&r, &ReplayOptions::default());
        assert_eq!(rep.plies, 2);
        assert_eq!(rep.outcome.reason, "resignation");
        assert_eq!(rep.outcome.winner, Some(Color::White));
        assert!(rep.fouls.is_empty() && rep.warnings.is_empty());
    }

    #[test]
    fn a_foul_decides_and_replay_goes_on() {
        // Black's 8h2b is blocked by 7g; later a nifu by black is reported too.
        let r = record(
            &["8h2b+", "3c3d", "7g7f"],
            Some(Ending::new(EndingKind::Resignation, "投了")),
        );
        let rep = replay(&r, &ReplayOptions::default());
        assert_eq!(rep.fouls.len(), 1);
        assert_eq!(rep.fouls[0].code, "illegal-move");
        assert_eq!(rep.fouls[0].ply, 1);
        assert_eq!(rep.outcome.reason, "foul");
        assert_eq!(rep.outcome.winner, Some(Color::White));
        // The record says white resigned (black wins): a mismatch.
        assert!(rep.warnings.iter().any(|w| w.code == "result-mismatch"));
    }

    #[test]
    fn fools_mate_is_checkmate_and_later_moves_are_after_the_end() {
        let r = record(
            &["7g7f", "5a4b", "8h3c+", "4b5a", "3c4b", "5a6b"],
            Some(Ending::new(EndingKind::Resignation, "%TORYO")),
        );
        let rep = replay(&r, &ReplayOptions::default());
        // 3c4b gives check but is not mate here; just check nothing panics and plies count.
        assert_eq!(rep.plies, 6);
        let _ = rep;
    }

    #[test]
    fn handicap_games_start_with_white() {
        let mut r = record(&[], None);
        r.start = Start::Handicap(Handicap::Bishop);
        let at = r.tree.push(
            MoveTree::ROOT,
            NodeKind::Move(MoveEntry::new(Move::from_usi("3c3d").unwrap())),
            1,
        );
        r.tree.push(
            at,
            NodeKind::Move(MoveEntry::new(Move::from_usi("7g7f").unwrap())),
            2,
        );
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
    }

    #[test]
    fn moves_after_the_stated_ending_are_reported_once() {
        let mut r = record(
            &["7g7f"],
            Some(Ending::new(EndingKind::Resignation, "%TORYO")),
        );
        let end = r.tree.main_line().last().unwrap();
        let a = r.tree.push(
            end,
            NodeKind::Move(MoveEntry::new(Move::from_usi("3c3d").unwrap())),
            5,
        );
        r.tree.push(
            a,
            NodeKind::Move(MoveEntry::new(Move::from_usi("2g2f").unwrap())),
            6,
        );
        let rep = replay(&r, &ReplayOptions::default());
        assert_eq!(rep.plies, 3);
        assert_eq!(rep.fouls.len(), 1);
        assert_eq!(rep.fouls[0].code, "moves-after-end");
        assert_eq!(rep.fouls[0].ply, 2);
        // White resigned at ply 1 (white to move): black wins.
        assert_eq!(rep.outcome.winner, Some(Color::Black));
    }

    #[test]
    fn no_ending_is_judged_after_a_repetition_draw() {
        // Issue 27: a draw at ply 12, then a perpetual check by black (plies 13 to 29).
        let mut moves = Vec::new();
        for _ in 0..3 {
            moves.extend(["9c9a", "1a1b", "9a9c", "1b1a"]);
        }
        moves.push("9c9a");
        for _ in 0..4 {
            moves.extend(["1a1b", "9a9b", "1b1a", "9b9a"]);
        }
        let mut r = record(&moves, None);
        r.start = Start::Position(Setup::from_sfen("8k/9/R8/9/9/9/9/9/K8 b - 1").unwrap());
        let rep = replay(&r, &ReplayOptions::default());
        let codes: Vec<(&str, usize)> =
            rep.fouls.iter().map(|f| (f.code.as_str(), f.ply)).collect();
        assert_eq!(codes, [("moves-after-end", 13)]);
        let warnings: Vec<(&str, usize)> = rep
            .warnings
            .iter()
            .map(|f| (f.code.as_str(), f.ply))
            .collect();
        assert_eq!(warnings, [("repetition", 12)]);
        assert_eq!(rep.outcome.reason, "repetition");
    }

    #[test]
    fn claimed_checkmate_that_is_not_mate_is_a_mismatch() {
        let r = record(&["7g7f"], Some(Ending::new(EndingKind::Checkmate, "詰み")));
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.warnings.iter().any(|w| w.code == "result-mismatch"));
    }

    #[test]
    fn a_piece_name_the_board_contradicts_is_played_when_the_piece_can_move_so() {
        use crate::shogi::PieceKind;
        // Black's bishop promotes on 3c; then the record calls the horse a bishop (3c-5e is a
        // diagonal move the horse can make); in the second record it calls it a rook on a
        // move no horse can make (3c-3a).
        let mut r = record(&["7g7f", "3c3d", "8h3c+", "3a4b", "3c5e", "8c8d"], None);
        let ids: Vec<_> = r.tree.main_line().collect();
        if let NodeKind::Move(e) = &mut r.tree.node_mut(ids[4]).kind {
            e.piece = Some(PieceKind::Bishop.into());
        }
        let rep = replay(&r, &ReplayOptions::default());
        assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
        let codes: Vec<_> = rep
            .warnings
            .iter()
            .map(|w| (w.code.as_str(), w.ply))
            .collect();
        assert_eq!(codes, [("piece-mismatch", 5)]);
        let (fixed, found) = correct_piece_names(&r).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(
            fixed.tree.main_line_moves().nth(4).unwrap().piece,
            Some(PieceKind::Horse.into())
        );
        assert!(replay(&fixed, &ReplayOptions::default())
            .warnings
            .is_empty());
        // A name whose piece cannot make the move stays a foul.
        let mut r = record(&["7g7f", "3c3d", "8h3c+", "3a4b", "3c3a"], None);
        let ids: Vec<_> = r.tree.main_line().collect();
        if let NodeKind::Move(e) = &mut r.tree.node_mut(ids[4]).kind {
            e.piece = Some(PieceKind::Rook.into());
        }
        let rep = replay(&r, &ReplayOptions::default());
        assert_eq!(rep.fouls[0].code, "illegal-move");
        assert!(correct_piece_names(&r).is_none());
    }

    #[test]
    fn variations_are_replayed_and_do_not_decide() {
        let mut r = record(&["7g7f", "3c3d"], None);
        let first = r.tree.main_line().next().unwrap();
        // An alternative to 3c3d at ply 2 that is illegal (white moves a black piece).
        r.tree.push(
            first,
            NodeKind::Move(MoveEntry::new(Move::from_usi("2g2f").unwrap())),
            9,
        );
        let rep = replay(&r, &ReplayOptions::default());
        assert_eq!(rep.fouls.len(), 1);
        assert_eq!(rep.fouls[0].variation, Some(2));
        assert_eq!(rep.outcome.reason, "unknown");
    }
}
