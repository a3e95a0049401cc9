//! The classifier: follows the main line once and gives each side the names whose shapes it
//! builds, looking at a definition only when something it depends on has changed.
//!
//! It gives exactly the names of looking at every definition, for each side, after every ply
//! of its window (`super::reference`, which the tests compare it with), at a fraction of the
//! cost. A definition that fails keeps failing until the condition that failed changes, so
//! it *watches* that condition: a piece that was missing (only that piece, by owner and
//! kind, arriving on one of its squares wakes it), one square that had to be empty and was
//! not (its piece leaving wakes it), the side's hand, or the names its conditions mention (a
//! name given wakes the definitions that mention it). It plays no board of its own: a
//! [`Run`] reads the position the replay (`record::replay`) has after each ply.
//! Every definition starts watching what fails in the start position (worked out once for
//! the even position), so one that is out of its window wakes up at its first ply only if
//! something it watched changed. Definitions are numbered in evaluation order, so the ones
//! woken at a ply are gone through as one bit set, in the order the reference goes through
//! all of them; a name that can no longer be given (its `!NAME` or `unless` names were
//! given) is dropped, and the replay stops once no side has a name left to be given.

use std::cell::Cell;
use std::sync::OnceLock;

use crate::shogi::{Bitboard, ByColor, Color, Handicap, Move, Piece, PieceKind, Position, Square};

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

    /// Sets this side back to `from` (the same side's state at a game's start), in place.
    fn reset_to(&mut self, from: &Side) {
        self.color = from.color;
        self.has = from.has;
        self.given.clear();
        self.given.extend_from_slice(&from.given);
        self.live = from.live;
        self.woken = from.woken;
        self.watches = from.watches;
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
    #[inline]
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

/// What a move did, as the wake-ups need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    /// The square left (a board move's source, when a piece stood there).
    left: Option<Square>,
    /// The piece that arrived, and where (none for a board move from an empty square).
    arrived: Option<(Piece, Square)>,
}

/// One game's classification under way: told the position after each ply of the main line
/// ([`Run::step`]), as the replay plays it, it gives each side's names at the end
/// ([`Run::names`]). It reads the pieces of the position it is handed and keeps none of its
/// own but the squares occupied before the ply (a move onto one captured).
#[derive(Clone, Debug)]
pub struct Run<'t> {
    table: &'t Table,
    plan: &'t Plan,
    sides: Box<[Side; 2]>,
    /// The last ply looked at: the main line's last, or the table's if that comes first.
    last: usize,
    /// The main line's length (its last ply looks at the final definitions too).
    plies: usize,
    /// The squares occupied before the ply.
    occupied: Bitboard,
    /// Whether no later ply can give a name.
    done: bool,
}

impl<'t> Run<'t> {
    /// A run of `table` (compiled into `plan`) from `start`, whose main line has `plies`
    /// plies.
    fn new(table: &'t Table, plan: &'t Plan, start: &Position, plies: usize) -> Run<'t> {
        Run {
            table,
            plan,
            sides: at_start(table, plan, start),
            last: plies.min(table.last_ply),
            plies,
            occupied: start.occupied(),
            done: false,
        }
    }

    /// Takes in ply `ply` (1 = the first; each once, in order), the move `m` that was played
    /// and the position `pos` after it.
    #[inline]
    pub fn step(&mut self, ply: usize, m: Move, pos: &Position) {
        if self.done {
            return;
        }
        if ply > self.last {
            self.done = true;
            return;
        }
        self.look_at(ply, m, pos);
    }

    fn look_at(&mut self, ply: usize, m: Move, pos: &Position) {
        let (plan, table) = (self.plan, self.table);
        let mover = pos.side_to_move().flip();
        let before = std::mem::replace(&mut self.occupied, pos.occupied());
        let arrived = |to: Square| pos.piece_at(to).map(|p| (p, to));
        let (played, hand_changed) = match m {
            Move::Normal { from, to, .. } if before.contains(from) => (
                Played {
                    left: Some(from),
                    arrived: arrived(to),
                },
                before.contains(to),
            ),
            Move::Normal { .. } => (
                Played {
                    left: None,
                    arrived: None,
                },
                false,
            ),
            Move::Drop { to, .. } => (
                Played {
                    left: None,
                    arrived: arrived(to),
                },
                true,
            ),
        };
        let sides = &mut self.sides;
        for s in sides.iter_mut() {
            s.moved(&played);
        }
        if hand_changed {
            sides[mover.index()].woken |= plan.hand;
        }
        // The definitions looked at only at a ply of their own, due now.
        let mut due = [Set::EMPTY; 2];
        let mut special = plan.special_at[ply];
        if ply == self.plies {
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
                    if look(plan, place, side, pos, sides, ply) {
                        candidates = [waiting(&sides[0], due[0]), waiting(&sides[1], due[1])];
                    }
                }
            }
            next = place + 1;
        }
        if (sides[0].live | sides[1].live) & plan.open_until[ply + 1] == Set::EMPTY {
            self.done = true;
        }
    }

    /// Each side's names, once the plies are in: taken back where their conditions no longer
    /// hold, hidden ones left out, broad names first.
    pub fn names(self) -> ByColor<SideNames> {
        let (table, plan) = (self.table, self.plan);
        let mut sides = self.sides;
        let mut names: ByColor<SideNames> = ByColor::default();
        for side in Color::ALL {
            names.get_mut(side).given = std::mem::take(&mut sides[side.index()].given);
        }
        SPARE.with(|spare| spare.set(Some(sides)));
        take_back(table, plan, &mut names);
        in_label_order(table, &mut names);
        names
    }
}

/// Leaves out each side's hidden names and puts the rest in the order labels are given: broad
/// names first, then by the ply first seen, the most specific last.
pub(super) fn in_label_order(table: &Table, names: &mut ByColor<SideNames>) {
    for side in Color::ALL {
        let given = &mut names.get_mut(side).given;
        given.retain(|g| !table.names[g.name].hidden);
        given.sort_by_key(|g| {
            let level = table.names[g.name].level;
            (level > 0, g.ply, level)
        });
    }
}

/// Classifies the main line `moves` from `start` for both sides, playing it on a copy of
/// `start` (a replay hands its own positions to a [`Run`] instead).
pub fn classify(table: &Table, start: &Position, moves: &[Move]) -> ByColor<SideNames> {
    let own;
    let plan = if std::ptr::eq(table, Table::standard()) {
        standard_plan()
    } else {
        own = Plan::new(table);
        &own
    };
    let mut run = Run::new(table, plan, start, moves.len());
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        if run.done {
            break;
        }
        pos.play_unchecked(m);
        run.step(i + 1, m, &pos);
    }
    run.names()
}

impl Run<'static> {
    /// A run of the compiled-in definitions from `start`, whose main line has `plies` plies.
    pub fn standard(start: &Position, plies: usize) -> Run<'static> {
        Run::new(Table::standard(), standard_plan(), start, plies)
    }
}

/// Both sides' state before the first move: every definition watching what fails in `start`
/// (whatever its window: one whose window opens later is looked at then only if something it
/// watches changed), those whose shape stands already woken. Worked out once for the even
/// position, whose games are most of any collection.
fn at_start(table: &Table, plan: &Plan, start: &Position) -> Box<[Side; 2]> {
    let look_all = |pos: &Position| {
        let mut sides = Box::new(Color::ALL.map(|c| Side::new(plan, c)));
        for place in 0..plan.len {
            for side in Color::ALL {
                let s = &mut sides[side.index()];
                let shape = &plan.shapes[place][side.index()];
                let v = verdict(shape, side, pos);
                if let Verdict::Holds = v {
                    s.woken.insert(place);
                }
                s.watch_verdict(place, shape, &v);
            }
        }
        sides
    };
    if !std::ptr::eq(table, Table::standard()) {
        return look_all(start);
    }
    static EVEN: OnceLock<(Position, Box<[Side; 2]>)> = OnceLock::new();
    let (even, state) = EVEN.get_or_init(|| {
        let even = Handicap::Even.position();
        let state = look_all(&even);
        (even, state)
    });
    if !same_position(start, even) {
        return look_all(start);
    }
    // The last game's state, set back to the even start's in place: no allocation, and one
    // copy of the watches (6 KB for both sides) instead of one for each move of the state.
    match SPARE.with(Cell::take) {
        Some(mut sides) => {
            for (s, from) in sides.iter_mut().zip(state.iter()) {
                s.reset_to(from);
            }
            sides
        }
        None => state.clone(),
    }
}

thread_local! {
    /// A finished game's state, kept for the next game's [`at_start`] on this thread.
    static SPARE: Cell<Option<Box<[Side; 2]>>> = const { Cell::new(None) };
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
    pos: &Position,
    sides: &mut [Side; 2],
    ply: usize,
) -> bool {
    let (own, theirs) = (sides[side.index()].has, sides[side.flip().index()].has);
    let shape = &plan.shapes[place][side.index()];
    let v = verdict(shape, side, pos);
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
/// `pos` (its name conditions are [`super::plan::NameMasks::hold`]'s), and if not, what
/// failed first.
#[inline]
fn verdict(shape: &Shape, side: Color, pos: &Position) -> Verdict {
    for (i, need) in shape.needs.iter().enumerate() {
        let owner = if need.theirs { side.flip() } else { side };
        if (pos.pieces_of(owner, need.kind) & need.squares).is_empty() {
            return Verdict::Missing(i);
        }
    }
    if let Some(sq) = (pos.occupied() & shape.empty).first() {
        return Verdict::Occupied(sq);
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
