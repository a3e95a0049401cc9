//! The classifier: plays the main line once and gives each side the names whose shapes it
//! builds, looking at a definition only when something it depends on has changed.
//!
//! It gives exactly the names of looking at every definition, for each side, after every ply
//! of its window (`super::reference`, which the tests compare it with), at a fraction of the
//! cost. A definition that fails keeps failing until the condition that failed changes, so
//! it *watches* that condition: the squares of a piece that was missing (a move to or from
//! one of them wakes it), one square that had to be empty and was not, the side's hand, or
//! the names its conditions mention (a name given wakes the definitions that mention it).
//! Every definition starts watching what fails in the start position (worked out once for
//! the even position), so one that is out of its window wakes up at its first ply only if
//! something it watched changed. Definitions are numbered in evaluation order, so the ones
//! woken at a ply are gone through as one bit set, in the order the reference goes through
//! all of them; a name that can no longer be given (its `!NAME` or `unless` names were
//! given) is dropped, and the replay stops once no side has a name left to be given.

use std::sync::OnceLock;

use crate::shogi::{Bitboard, ByColor, Color, Handicap, Move, Position, Square};

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
    /// It fails, and cannot hold before one of these squares changes.
    Watch(Bitboard),
    /// It fails on the hand or on names, which wake it by themselves.
    Waits,
}

/// One side's state during the replay.
#[derive(Clone, Debug)]
pub struct Side {
    /// The names given, as a set.
    has: Set,
    /// The names given, in order, with their plies.
    given: Vec<Given>,
    /// The places that may still give a name.
    live: Set,
    /// The places to look at again (when their window is open).
    woken: Set,
    /// By square: the places watching it.
    watchers: [Set; 81],
    /// By place: the squares it watches.
    watching: [Bitboard; MAX],
}

impl Side {
    fn new(plan: &Plan) -> Side {
        Side {
            has: Set::EMPTY,
            given: Vec::new(),
            live: Set::below(plan.len),
            woken: Set::EMPTY,
            watchers: [Set::EMPTY; 81],
            watching: [Bitboard::EMPTY; MAX],
        }
    }

    /// Makes `place` watch `squares` instead of what it watched.
    fn watch(&mut self, place: usize, squares: Bitboard) {
        let old = std::mem::replace(&mut self.watching[place], squares);
        for sq in old {
            self.watchers[sq.index()].remove(place);
        }
        for sq in squares {
            self.watchers[sq.index()].insert(place);
        }
    }

    /// Wakes the places watching `sq`.
    #[inline]
    fn touched(&mut self, sq: Square) {
        self.woken |= self.watchers[sq.index()];
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
    let mut sides = at_start(table, plan, start);
    let mut pos = start.clone();
    let last = moves.len().min(table.last_ply);
    for (i, &m) in moves.iter().take(last).enumerate() {
        let ply = i + 1;
        let mover = pos.side_to_move();
        let (from, to, hand_may_change) = match m {
            Move::Normal { from, to, .. } => (
                Some(from),
                to,
                pos.piece_at(from).is_some() && pos.piece_at(to).is_some(),
            ),
            Move::Drop { to, .. } => (None, to, true),
        };
        pos.play_unchecked(m);
        for s in sides.iter_mut() {
            s.touched(to);
            if let Some(f) = from {
                s.touched(f);
            }
        }
        if hand_may_change {
            sides[mover.index()].woken |= plan.hand;
        }
        // The definitions looked at only at a ply of their own, due now.
        let mut due = [Set::EMPTY; 2];
        let mut special = plan.special_at[ply];
        if ply == moves.len() {
            special |= plan.finals_open[ply];
        }
        for place in (special & (sides[0].live | sides[1].live)).iter() {
            let d = &table.definitions[plan.definition[place]];
            for side in Color::ALL {
                let played = d.played.get(side);
                if !played.is_empty() {
                    let now = match m {
                        Move::Normal { from, to, .. } => {
                            side == mover && played.contains(&(from, to))
                        }
                        Move::Drop { .. } => false,
                    };
                    if !now {
                        continue;
                    }
                }
                due[side.index()].insert(place);
            }
        }
        let active = plan.active[ply];
        let waiting = |s: &Side, due: Set| ((s.woken & active) | due) & s.live;
        if (waiting(&sides[0], due[0]) | waiting(&sides[1], due[1])).is_empty() {
            if (sides[0].live | sides[1].live) & plan.open_until[ply + 1] == Set::EMPTY {
                break;
            }
            continue;
        }
        let mut next = 0;
        loop {
            let candidates = |s: &Side, due: Set| ((s.woken & active) | due) & s.live;
            let first = Color::ALL
                .iter()
                .filter_map(|&c| candidates(&sides[c.index()], due[c.index()]).first_from(next))
                .min();
            let Some(place) = first else { break };
            for side in Color::ALL {
                let si = side.index();
                if candidates(&sides[si], due[si]).contains(place) {
                    sides[si].woken.remove(place);
                    due[si].remove(place);
                    look(plan, place, side, &pos, &mut sides, ply);
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

/// Both sides' state before the first move: every definition watching what fails in `start`
/// (whatever its window: one whose window opens later is looked at then only if something it
/// watches changed), those whose shape stands already woken. Worked out once for the even
/// position, whose games are most of any collection.
fn at_start(table: &Table, plan: &Plan, start: &Position) -> [Side; 2] {
    let look_all = |pos: &Position| {
        let mut sides = [Side::new(plan), Side::new(plan)];
        for place in 0..plan.len {
            for side in Color::ALL {
                let s = &mut sides[side.index()];
                match verdict(&plan.shapes[place][side.index()], side, pos) {
                    Verdict::Watch(squares) => s.watch(place, squares),
                    Verdict::Waits => {}
                    Verdict::Holds => s.woken.insert(place),
                }
            }
        }
        sides
    };
    if !std::ptr::eq(table, Table::standard()) {
        return look_all(start);
    }
    static EVEN: OnceLock<(Position, Box<[Side; 2]>)> = OnceLock::new();
    let (even, sides) = EVEN.get_or_init(|| {
        let even = Handicap::Even.position();
        let sides = look_all(&even);
        (even, Box::new(sides))
    });
    if same_position(start, even) {
        (**sides).clone()
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
        && Square::all().all(|sq| a.piece_at(sq) == b.piece_at(sq))
}

/// Looks at the definition at `place` for `side`: gives its name, or makes it watch what
/// failed.
fn look(plan: &Plan, place: usize, side: Color, pos: &Position, sides: &mut [Side; 2], ply: usize) {
    let (own, theirs) = (sides[side.index()].has, sides[side.flip().index()].has);
    match verdict(&plan.shapes[place][side.index()], side, pos) {
        Verdict::Watch(squares) => sides[side.index()].watch(place, squares),
        Verdict::Waits => sides[side.index()].watch(place, Bitboard::EMPTY),
        Verdict::Holds if !plan.masks[place].hold(own, theirs, true) => {
            sides[side.index()].watch(place, Bitboard::EMPTY)
        }
        Verdict::Holds => {
            let name = plan.name[place];
            let s = &mut sides[side.index()];
            s.has.insert(name);
            s.given.push(Given { name, ply });
            s.live &= !(plan.giving[name] | plan.kills_own[name]);
            s.woken |= plan.wakes_own[name];
            s.watch(place, Bitboard::EMPTY);
            let o = &mut sides[side.flip().index()];
            o.live &= !plan.kills_opponent[name];
            o.woken |= plan.wakes_opponent[name];
        }
    }
}

/// Whether `shape` (a definition's, as `side` sees it) and its hand condition hold in `pos`
/// (its name conditions are [`super::plan::NameMasks::hold`]'s), and if not, what to watch.
fn verdict(shape: &Shape, side: Color, pos: &Position) -> Verdict {
    for need in &shape.needs {
        let owner = if need.theirs { side.flip() } else { side };
        if (pos.pieces_of(owner, need.kind) & need.squares).is_empty() {
            return Verdict::Watch(need.squares);
        }
    }
    if let Some(sq) = (pos.occupied() & shape.empty).first() {
        return Verdict::Watch(Bitboard::from_square(sq));
    }
    if !shape.hand.iter().all(|&k| pos.hand(side).has(k)) {
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
