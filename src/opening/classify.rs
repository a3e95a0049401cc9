//! The classifier: plays the main line once and gives each side the names whose shapes it
//! builds, looking at a definition only when something it depends on has changed.
//!
//! It gives exactly the names of looking at every definition, for each side, after every ply
//! of its window (`super::reference`, which the tests compare it with), at a fraction of the
//! cost. A definition that fails keeps failing until the condition that failed changes, so
//! it *watches* that condition: a piece that was missing (only that piece, by owner and
//! kind, arriving on one of its squares wakes it), one square that had to be empty and was
//! not (its piece leaving wakes it), the side's hand, or the names its conditions mention (a
//! name given wakes the definitions that mention it). The moves are played on a bare board
//! (`super::board`): they were judged before, so nothing is checked and no key is kept.
//! Every definition starts watching what fails in the start position (worked out once for
//! the even position), so one that is out of its window wakes up at its first ply only if
//! something it watched changed. Definitions are numbered in evaluation order, so the ones
//! woken at a ply are gone through as one bit set, in the order the reference goes through
//! all of them; a name that can no longer be given (its `!NAME` or `unless` names were
//! given) is dropped, and the replay stops once no side has a name left to be given.

use std::sync::OnceLock;

use crate::shogi::{Bitboard, ByColor, Color, Handicap, Move, PieceKind, Position, Square};

use super::board::{Board, Played};
use super::plan::{Plan, Set, Shape, MAX};
use super::table::Table;

/// A name given to one side, and the ply after which it was first seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given {
    /// The name's index in [`Table::names`].
    pub name: usize,
    /// The ply (1 = black's first move).
    pub ply: usize,
}

/// The names given to one side, in the order they were given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideNames {
    /// Each name once, with its ply; taken-back names are removed by [`classify`]'s end.
    pub given: Vec<Given>,
}

/// What looking at a definition found.
enum Verdict {
    /// The definition holds: its name is given.
    Holds,
    /// It fails for want of the piece of its shape's need of this index, and cannot hold
    /// before such a piece arrives on one of the need's squares.
    Missing(usize),
    /// It fails because this square is occupied, and cannot hold before its piece leaves.
    Occupied(Square),
    /// It fails on the hand or on names, which wake it by themselves.
    Waits,
}

/// What a place watches, in a byte (so that a side's state is copied cheaply at each game's
/// start): [`NOTHING`], `1 + i` for the piece of its shape's need `i` arriving, or
/// [`LEAVING`] plus a square's index for that square's piece leaving.
type Watch = u8;

/// Watching nothing: the hand or the names wake the place.
const NOTHING: Watch = 0;

/// Added to a square's index: watching its piece leave.
const LEAVING: Watch = 128;

/// The index of `owner`'s piece of `kind` among the 28 a side's watches tell apart.
#[inline]
fn piece_index(owner: Color, kind: PieceKind) -> usize {
    owner.index() * 14 + kind.index()
}

/// The piece index and squares of `shape`'s need `i`, as `side` watches it.
#[inline]
fn need_of(shape: &Shape, side: Color, i: usize) -> (usize, Bitboard) {
    let need = &shape.needs[i];
    let owner = if need.theirs { side.flip() } else { side };
    (piece_index(owner, need.kind), need.squares)
}

/// One side's watches: by square and piece, the places a move there wakes.
#[derive(Clone, Copy, Debug)]
struct Watches {
    /// By square: the places waiting for a piece to arrive on it.
    arrivals: [Set; 81],
    /// By piece ([`piece_index`]): the places waiting for such a piece.
    wanted: [Set; 28],
    /// By square: the places waiting for its piece to leave.
    leavings: [Set; 81],
    /// By place: what it watches.
    watching: [Watch; MAX],
}

/// One side's state during the replay.
#[derive(Clone, Debug)]
pub struct Side {
    /// Which side.
    color: Color,
    /// The names given, as a set.
    has: Set,
    /// The names given, in order, with their plies.
    given: Vec<Given>,
    /// The places that may still give a name.
    live: Set,
    /// The places to look at again (when their window is open).
    woken: Set,
    /// What wakes which place.
    watches: Watches,
}

impl Side {
    fn new(plan: &Plan, color: Color) -> Side {
        Side {
            color,
            has: Set::EMPTY,
            given: Vec::new(),
            live: Set::below(plan.len),
            woken: Set::EMPTY,
            watches: Watches {
                arrivals: [Set::EMPTY; 81],
                wanted: [Set::EMPTY; 28],
                leavings: [Set::EMPTY; 81],
                watching: [NOTHING; MAX],
            },
        }
    }

    /// Makes `place` (whose shape, as this side sees it, is `shape`) watch `watch` instead of
    /// what it watched.
    fn watch(&mut self, place: usize, shape: &Shape, watch: Watch) {
        let w = &mut self.watches;
        let old = std::mem::replace(&mut w.watching[place], watch);
        if old == watch {
            return;
        }
        match old {
            NOTHING => {}
            LEAVING.. => w.leavings[(old - LEAVING) as usize].remove(place),
            _ => {
                let (piece, squares) = need_of(shape, self.color, (old - 1) as usize);
                w.wanted[piece].remove(place);
                for sq in squares {
                    w.arrivals[sq.index()].remove(place);
                }
            }
        }
        match watch {
            NOTHING => {}
            LEAVING.. => w.leavings[(watch - LEAVING) as usize].insert(place),
            _ => {
                let (piece, squares) = need_of(shape, self.color, (watch - 1) as usize);
                w.wanted[piece].insert(place);
                for sq in squares {
                    w.arrivals[sq.index()].insert(place);
                }
            }
        }
    }

    /// Makes `place` watch what `verdict` (on `shape`) says failed (nothing when it held).
    fn watch_verdict(&mut self, place: usize, shape: &Shape, verdict: &Verdict) {
        let watch = match *verdict {
            Verdict::Missing(i) => 1 + i as Watch,
            Verdict::Occupied(sq) => LEAVING + sq.index() as Watch,
            Verdict::Waits | Verdict::Holds => NOTHING,
        };
        self.watch(place, shape, watch);
    }

    /// Wakes the places that what `played` did can have changed: those waiting for its piece
    /// on its square, and those waiting for the square it left.
    #[inline]
    fn moved(&mut self, played: &Played) {
        let w = &self.watches;
        if let Some((piece, to)) = played.arrived {
            self.woken |= w.arrivals[to.index()] & w.wanted[piece_index(piece.color, piece.kind)];
        }
        if let Some(from) = played.left {
            self.woken |= w.leavings[from.index()];
        }
    }
}

/// Classifies the main line `moves` from `start` for both sides.
pub fn classify(table: &Table, start: &Position, moves: &[Move]) -> ByColor<SideNames> {
    let own;
    let plan = if std::ptr::eq(table, Table::standard()) {
        standard_plan()
    } else {
        own = Plan::new(table);
        &own
    };
    let (mut sides, mut board) = at_start(table, plan, start);
    let last = moves.len().min(table.last_ply);
    for (i, &m) in moves.iter().take(last).enumerate() {
        let ply = i + 1;
        let played = board.play(m);
        let mover = played.mover;
        for s in sides.iter_mut() {
            s.moved(&played);
        }
        if played.hand_changed {
            sides[mover.index()].woken |= plan.hand;
        }
        // The definitions looked at only at a ply of their own, due now.
        let mut due = [Set::EMPTY; 2];
        let mut special = plan.special_at[ply];
        if ply == moves.len() {
            special |= plan.finals_open[ply];
        }
        special &= sides[0].live | sides[1].live;
        if !special.is_empty() {
            due = due_now(table, plan, special, m, mover);
        }
        let active = plan.active[ply];
        let waiting = |s: &Side, due: Set| ((s.woken & active) | due) & s.live;
        let mut candidates = [waiting(&sides[0], due[0]), waiting(&sides[1], due[1])];
        let mut next = 0;
        // Smallest place first, black before white at a place; a name given changes what
        // either side may still look at, so the candidates are worked out again then.
        while let Some(place) = (candidates[0] | candidates[1]).first_from(next) {
            for side in Color::ALL {
                let si = side.index();
                if candidates[si].contains(place) {
                    sides[si].woken.remove(place);
                    due[si].remove(place);
                    candidates[si].remove(place);
                    if look(plan, place, side, &board, &mut sides, ply) {
                        candidates = [waiting(&sides[0], due[0]), waiting(&sides[1], due[1])];
                    }
                }
            }
            next = place + 1;
        }
        if (sides[0].live | sides[1].live) & plan.open_until[ply + 1] == Set::EMPTY {
            break;
        }
    }
    let [black, white] = sides;
    let mut names: ByColor<SideNames> = ByColor::default();
    names.get_mut(Color::Black).given = black.given;
    names.get_mut(Color::White).given = white.given;
    take_back(table, plan, &mut names);
    for side in Color::ALL {
        let given = &mut names.get_mut(side).given;
        given.retain(|g| !table.names[g.name].hidden);
        given.sort_by_key(|g| {
            let level = table.names[g.name].level;
            (level > 0, g.ply, level)
        });
    }
    names
}

/// Both sides' state and the board before the first move.
type Started = ([Side; 2], Board);

/// Both sides' state before the first move: every definition watching what fails in `start`
/// (whatever its window: one whose window opens later is looked at then only if something it
/// watches changed), those whose shape stands already woken. Worked out once for the even
/// position, whose games are most of any collection; returned with the start's board.
fn at_start(table: &Table, plan: &Plan, start: &Position) -> Started {
    let look_all = |pos: &Position| {
        let board = Board::new(pos);
        let mut sides = Color::ALL.map(|c| Side::new(plan, c));
        for place in 0..plan.len {
            for side in Color::ALL {
                let s = &mut sides[side.index()];
                let shape = &plan.shapes[place][side.index()];
                let v = verdict(shape, side, &board);
                if let Verdict::Holds = v {
                    s.woken.insert(place);
                }
                s.watch_verdict(place, shape, &v);
            }
        }
        (sides, board)
    };
    if !std::ptr::eq(table, Table::standard()) {
        return look_all(start);
    }
    static EVEN: OnceLock<(Position, Box<Started>)> = OnceLock::new();
    let (even, state) = EVEN.get_or_init(|| {
        let even = Handicap::Even.position();
        let state = look_all(&even);
        (even, Box::new(state))
    });
    if same_position(start, even) {
        (**state).clone()
    } else {
        look_all(start)
    }
}

/// The compiled-in table's plan, compiled once.
fn standard_plan() -> &'static Plan {
    static PLAN: OnceLock<Plan> = OnceLock::new();
    PLAN.get_or_init(|| Plan::new(Table::standard()))
}

/// Whether `a` and `b` have the same pieces on the same squares, the same hands and the same
/// side to move.
fn same_position(a: &Position, b: &Position) -> bool {
    a.key() == b.key()
        && a.side_to_move() == b.side_to_move()
        && Color::ALL.iter().all(|&c| a.hand(c) == b.hand(c))
        && a.occupied() == b.occupied()
        && Color::ALL.iter().all(|&c| {
            PieceKind::ALL
                .iter()
                .all(|&k| a.pieces_of(c, k) == b.pieces_of(c, k))
        })
}

/// By side, the places of `special` (looked at only at a ply of their own, and live for one
/// side or the other) due at a ply whose move is `m`, played by `mover`: a `played`
/// definition only when `m` is one of its moves, the others always.
fn due_now(table: &Table, plan: &Plan, special: Set, m: Move, mover: Color) -> [Set; 2] {
    let mut due = [Set::EMPTY; 2];
    for place in special.iter() {
        let d = &table.definitions[plan.definition[place]];
        for side in Color::ALL {
            let wanted = d.played.get(side);
            if !wanted.is_empty() {
                let now = match m {
                    Move::Normal { from, to, .. } => side == mover && wanted.contains(&(from, to)),
                    Move::Drop { .. } => false,
                };
                if !now {
                    continue;
                }
            }
            due[side.index()].insert(place);
        }
    }
    due
}

/// Looks at the definition at `place` for `side`: gives its name (and says so), or makes
/// it watch what failed.
fn look(
    plan: &Plan,
    place: usize,
    side: Color,
    board: &Board,
    sides: &mut [Side; 2],
    ply: usize,
) -> bool {
    let (own, theirs) = (sides[side.index()].has, sides[side.flip().index()].has);
    let shape = &plan.shapes[place][side.index()];
    let v = verdict(shape, side, board);
    sides[side.index()].watch_verdict(place, shape, &v);
    if let Verdict::Holds = v {
        if !plan.masks[place].hold(own, theirs, true) {
            return false;
        }
        let name = plan.name[place];
        let s = &mut sides[side.index()];
        s.has.insert(name);
        s.given.push(Given { name, ply });
        s.live &= !(plan.giving[name] | plan.kills_own[name]);
        s.woken |= plan.wakes_own[name];
        let o = &mut sides[side.flip().index()];
        o.live &= !plan.kills_opponent[name];
        o.woken |= plan.wakes_opponent[name];
        return true;
    }
    false
}

/// Whether `shape` (a definition's, as `side` sees it) and its hand condition hold on
/// `board` (its name conditions are [`super::plan::NameMasks::hold`]'s), and if not, what
/// failed first.
#[inline]
fn verdict(shape: &Shape, side: Color, board: &Board) -> Verdict {
    for (i, need) in shape.needs.iter().enumerate() {
        let owner = if need.theirs { side.flip() } else { side };
        if (board.pieces_of(owner, need.kind) & need.squares).is_empty() {
            return Verdict::Missing(i);
        }
    }
    if let Some(sq) = (board.occupied() & shape.empty).first() {
        return Verdict::Occupied(sq);
    }
    if !shape.hand.iter().all(|&k| board.hand(side).has(k)) {
        return Verdict::Waits;
    }
    Verdict::Holds
}

/// Takes back the names whose conditions no longer hold at the end of the game: a `!NAME`
/// that was given later, a fallback beside a specific name, a name whose required names were
/// taken back: first the names' own conditions to a fixed point, then the fallbacks against
/// what is left.
fn take_back(table: &Table, plan: &Plan, names: &mut ByColor<SideNames>) {
    let set = |s: &SideNames| {
        let mut out = Set::EMPTY;
        s.given.iter().for_each(|g| out.insert(g.name));
        out
    };
    for fallbacks in [false, true] {
        loop {
            let mut changed = false;
            for side in Color::ALL {
                let (own, theirs) = (set(&names[side]), set(&names[side.flip()]));
                let keeps = |name: usize| {
                    plan.definitions_of[name].iter().any(|&di| {
                        let d = &table.definitions[di];
                        if fallbacks {
                            let specific = plan.specific[d.kind.index()];
                            let mut others = own & specific;
                            others.remove(d.name);
                            !d.fallback || others.is_empty()
                        } else {
                            plan.masks[plan.place_of[di]].hold(own, theirs, false)
                        }
                    })
                };
                let given = &mut names.get_mut(side).given;
                let before = given.len();
                given.retain(|g| keeps(g.name));
                changed |= given.len() != before;
            }
            if !changed {
                break;
            }
        }
    }
}
