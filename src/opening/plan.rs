//! The definitions compiled for the classifier: for every name, ply and kind of condition,
//! the set of definitions it concerns, one bit each, so that a move or a name given wakes
//! only the definitions it can have changed (see [`super::classify`]).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::shogi::{Bitboard, Color, PieceKind};

use super::table::{Definition, Table};

pub use super::table::MAX;

/// A set of definitions (by their place in [`super::Table::order`]) or of names (by their
/// index in [`super::Table::names`]), one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Set(pub u128);

impl Set {
    /// No member.
    pub const EMPTY: Set = Set(0);

    /// The members `0..n`.
    pub fn below(n: usize) -> Set {
        if n >= MAX {
            Set(u128::MAX)
        } else {
            Set((1u128 << n) - 1)
        }
    }

    /// Whether `i` is a member.
    #[inline]
    pub fn contains(self, i: usize) -> bool {
        i < MAX && self.0 >> i & 1 != 0
    }

    /// Adds `i` (below [`MAX`]; a larger one is not a member of any set).
    #[inline]
    pub fn insert(&mut self, i: usize) {
        if i < MAX {
            self.0 |= 1 << i;
        }
    }

    /// Removes `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        if i < MAX {
            self.0 &= !(1 << i);
        }
    }

    /// Whether there is no member.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every member of `other` is one of `self`.
    #[inline]
    pub fn has_all(self, other: Set) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether `self` and `other` share a member.
    #[inline]
    pub fn meets(self, other: Set) -> bool {
        self.0 & other.0 != 0
    }

    /// The smallest member not below `i`.
    #[inline]
    pub fn first_from(self, i: usize) -> Option<usize> {
        let rest = if i >= MAX { 0 } else { self.0 >> i << i };
        (rest != 0).then(|| rest.trailing_zeros() as usize)
    }

    /// The members, smallest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                i
            })
        })
    }
}

impl BitOr for Set {
    type Output = Set;
    #[inline]
    fn bitor(self, o: Set) -> Set {
        Set(self.0 | o.0)
    }
}

impl BitOrAssign for Set {
    #[inline]
    fn bitor_assign(&mut self, o: Set) {
        self.0 |= o.0;
    }
}

impl BitAnd for Set {
    type Output = Set;
    #[inline]
    fn bitand(self, o: Set) -> Set {
        Set(self.0 & o.0)
    }
}

impl BitAndAssign for Set {
    #[inline]
    fn bitand_assign(&mut self, o: Set) {
        self.0 &= o.0;
    }
}

impl Not for Set {
    type Output = Set;
    #[inline]
    fn not(self) -> Set {
        Set(!self.0)
    }
}

/// A definition's conditions on names, as sets of names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NameMasks {
    /// Names the side must have (`requires NAME`).
    pub needs: Set,
    /// Names the side must not have (`requires !NAME`).
    pub refuses: Set,
    /// Names of which the side must have one (`any`; empty: no such condition).
    pub any: Set,
    /// Names the opponent must have.
    pub opponent_needs: Set,
    /// Names the opponent must not have.
    pub opponent_refuses: Set,
    /// Names the side must not have been given before (`unless`).
    pub unless: Set,
}

impl NameMasks {
    /// Whether the conditions hold for a side that has `own` and an opponent that has
    /// `theirs`; `unless` too when `given_now` (it is looked at only when the name is given).
    #[inline]
    pub fn hold(&self, own: Set, theirs: Set, given_now: bool) -> bool {
        own.has_all(self.needs)
            && !own.meets(self.refuses)
            && (self.any.is_empty() || own.meets(self.any))
            && theirs.has_all(self.opponent_needs)
            && !theirs.meets(self.opponent_refuses)
            && !(given_now && own.meets(self.unless))
    }
}

/// One piece a shape needs: the side's own or the opponent's, of a kind, on one of some
/// squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    /// The opponent's piece (`theirs`) rather than the side's own (`board`).
    pub theirs: bool,
    /// Its kind.
    pub kind: PieceKind,
    /// The squares one of which it must stand on.
    pub squares: Bitboard,
}

/// A definition's shape as one side sees it, its needs in the order they are looked at: the
/// pieces that move least first (the king, the rook, the bishop, then the golds and silvers,
/// the pawns last), so that the condition a failing shape watches seldom changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The pieces that must stand.
    pub needs: Vec<Need>,
    /// The squares that must be empty.
    pub empty: Bitboard,
    /// The kinds the side must hold in hand.
    pub hand: Vec<PieceKind>,
}

/// How seldom a piece of `kind` moves in an opening: smaller first.
fn steadiness(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::King => 0,
        PieceKind::Rook | PieceKind::Dragon => 1,
        PieceKind::Bishop | PieceKind::Horse => 2,
        PieceKind::Gold => 3,
        PieceKind::Silver => 4,
        PieceKind::Knight => 5,
        PieceKind::Lance => 6,
        PieceKind::Pawn => 8,
        _ => 7,
    }
}

/// `d`'s shape for `side`.
fn shape(d: &Definition, side: Color) -> Shape {
    let mut needs: Vec<Need> = d
        .board
        .get(side)
        .iter()
        .map(|&(kind, squares)| Need {
            theirs: false,
            kind,
            squares,
        })
        .chain(d.theirs.get(side).iter().map(|&(kind, squares)| Need {
            theirs: true,
            kind,
            squares,
        }))
        .collect();
    needs.sort_by_key(|n| steadiness(n.kind));
    Shape {
        needs,
        empty: *d.empty.get(side),
        hand: d.hand.clone(),
    }
}

/// The compiled table. Definitions are numbered by their place in the evaluation order
/// ([`super::Table::order`]), so that going through a [`Set`] smallest member first is going
/// through them in that order.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The number of definitions.
    pub len: usize,
    /// Each place's definition (its index in [`super::Table::definitions`]).
    pub definition: Vec<usize>,
    /// Each definition's place (the inverse of `definition`).
    pub place_of: Vec<usize>,
    /// Each place's name.
    pub name: Vec<usize>,
    /// Each place's name conditions.
    pub masks: Vec<NameMasks>,
    /// Each place's shape, for black and for white.
    pub shapes: Vec<[Shape; 2]>,
    /// By ply: the places of `special` whose window contains the ply and that are looked at
    /// there (the played moves' throughout, the final ones at their window's last ply).
    pub special_at: Vec<Set>,
    /// By ply: the final places whose window contains the ply (looked at on a game's last
    /// ply when it ends inside their window).
    pub finals_open: Vec<Set>,
    /// The places looked at only at a ply of their own: `final` definitions and those with
    /// `played` moves.
    pub special: Set,
    /// By ply (index 0 unused, one past the table's last ply at the end): the other places
    /// whose window contains the ply.
    pub active: Vec<Set>,
    /// By ply, likewise: the places whose window has not closed before the ply.
    pub open_until: Vec<Set>,
    /// The places with a `hand` condition.
    pub hand: Set,
    /// By name: the places that give it.
    pub giving: Vec<Set>,
    /// By name: the places whose conditions on the side's own names mention it.
    pub wakes_own: Vec<Set>,
    /// By name: the places whose conditions on the opponent's names mention it.
    pub wakes_opponent: Vec<Set>,
    /// By name: the places that can no longer hold once the side has it (`requires !NAME`,
    /// `unless NAME`).
    pub kills_own: Vec<Set>,
    /// By name: the places that can no longer hold once the opponent has it.
    pub kills_opponent: Vec<Set>,
    /// By name: its definitions (indices in [`super::Table::definitions`]).
    pub definitions_of: Vec<Vec<usize>>,
    /// By kind ([`super::Kind::index`]): the names that count as specific beside a fallback (neither generic nor
    /// hidden, and not themselves a fallback).
    pub specific: [Set; 2],
}

impl Plan {
    /// Compiles the definitions of `table` (at most [`MAX`] of them and of its names, which
    /// [`Table::parse`] sees to) in its evaluation order.
    pub fn new(table: &Table) -> Plan {
        let (names, definitions, order, last_ply) = (
            &table.names[..],
            &table.definitions[..],
            &table.order[..],
            table.last_ply,
        );
        let n = definitions.len();
        let by_name = |f: &dyn Fn(&Definition) -> Set| -> Vec<Set> {
            (0..names.len())
                .map(|name| {
                    let mut s = Set::EMPTY;
                    for (place, &di) in order.iter().enumerate() {
                        if f(&definitions[di]).contains(name) {
                            s.insert(place);
                        }
                    }
                    s
                })
                .collect()
        };
        let set_of = |it: &mut dyn Iterator<Item = usize>| {
            let mut s = Set::EMPTY;
            it.for_each(|i| s.insert(i));
            s
        };
        let masks_of = |d: &Definition| NameMasks {
            needs: set_of(&mut d.requires.iter().filter(|c| !c.absent).map(|c| c.name)),
            refuses: set_of(&mut d.requires.iter().filter(|c| c.absent).map(|c| c.name)),
            any: set_of(&mut d.any.iter().copied()),
            opponent_needs: set_of(&mut d.opponent.iter().filter(|c| !c.absent).map(|c| c.name)),
            opponent_refuses: set_of(&mut d.opponent.iter().filter(|c| c.absent).map(|c| c.name)),
            unless: set_of(&mut d.unless.iter().copied()),
        };
        let masks: Vec<NameMasks> = order.iter().map(|&di| masks_of(&definitions[di])).collect();
        let mut plan = Plan {
            len: n,
            definition: order.to_vec(),
            place_of: {
                let mut v = vec![0; n];
                order
                    .iter()
                    .enumerate()
                    .for_each(|(place, &di)| v[di] = place);
                v
            },
            name: order.iter().map(|&di| definitions[di].name).collect(),
            active: vec![Set::EMPTY; last_ply + 2],
            open_until: vec![Set::EMPTY; last_ply + 2],
            special_at: vec![Set::EMPTY; last_ply + 2],
            finals_open: vec![Set::EMPTY; last_ply + 2],
            shapes: order
                .iter()
                .map(|&di| {
                    [
                        shape(&definitions[di], Color::Black),
                        shape(&definitions[di], Color::White),
                    ]
                })
                .collect(),
            giving: by_name(&|d| {
                let mut s = Set::EMPTY;
                s.insert(d.name);
                s
            }),
            wakes_own: by_name(&|d| {
                let m = masks_of(d);
                m.needs | m.refuses | m.any | m.unless
            }),
            wakes_opponent: by_name(&|d| {
                let m = masks_of(d);
                m.opponent_needs | m.opponent_refuses
            }),
            kills_own: by_name(&|d| {
                let m = masks_of(d);
                m.refuses | m.unless
            }),
            kills_opponent: by_name(&|d| masks_of(d).opponent_refuses),
            definitions_of: (0..names.len())
                .map(|name| (0..n).filter(|&di| definitions[di].name == name).collect())
                .collect(),
            masks,
            ..Plan::default()
        };
        for (place, &di) in order.iter().enumerate() {
            let d = &definitions[di];
            let (first, last) = d.plies;
            let special = d.final_only || !d.played.get(Color::Black).is_empty();
            if special {
                plan.special.insert(place);
            }
            if !d.hand.is_empty() {
                plan.hand.insert(place);
            }
            for ply in 1..=last_ply.min(last) {
                plan.open_until[ply].insert(place);
                if ply < first {
                    continue;
                }
                if !special {
                    plan.active[ply].insert(place);
                } else if !d.final_only || ply == last {
                    plan.special_at[ply].insert(place);
                }
                if d.final_only {
                    plan.finals_open[ply].insert(place);
                }
            }
        }
        for (i, name) in names.iter().enumerate() {
            let fallback = plan.definitions_of[i]
                .iter()
                .any(|&di| definitions[di].fallback);
            if !name.generic && !name.hidden && !fallback {
                plan.specific[name.kind.index()].insert(i);
            }
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_go_through_their_members_in_order() {
        let mut s = Set::EMPTY;
        for i in [127, 3, 64, 0] {
            s.insert(i);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 3, 64, 127]);
        assert_eq!(s.first_from(1), Some(3));
        assert_eq!(s.first_from(4), Some(64));
        assert_eq!(s.first_from(65), Some(127));
        assert_eq!(s.first_from(128), None);
        s.remove(127);
        assert_eq!(s.first_from(65), None);
        assert_eq!(Set::below(3).iter().collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(Set::below(128), Set(u128::MAX));
    }

    #[test]
    fn too_many_definitions_are_refused() {
        let mut text = String::new();
        for i in 0..=MAX {
            text.push_str(&format!("castle C{i}\n  board K5i\n"));
        }
        let e = super::super::Table::parse(&text).unwrap_err();
        assert!(e.message.contains("at most 128"), "{e}");
    }

    #[test]
    fn a_shape_of_too_many_pieces_is_refused() {
        let mut text = String::from("castle C\n  board");
        for _ in 0..=super::super::table::MAX_PIECES {
            text.push_str(" P1g");
        }
        let e = super::super::Table::parse(&text).unwrap_err();
        assert!(e.message.contains("pieces in one shape"), "{e}");
    }

    #[test]
    fn the_standard_table_is_compiled_in_evaluation_order() {
        let t = super::super::Table::standard();
        let p = &Plan::new(t);
        assert_eq!(p.definition, t.order);
        // 相振り飛車 needs both sides' 振り飛車: a name given to either wakes it.
        let ranging = t.find("振り飛車").unwrap();
        let both = t
            .order
            .iter()
            .position(|&di| t.definitions[di].name == t.find("相振り飛車").unwrap())
            .unwrap();
        assert!(p.wakes_own[ranging].contains(both));
        assert!(p.wakes_opponent[ranging].contains(both));
        // 居飛車 is final: looked at once, not on every ply of its window.
        let stat = t
            .order
            .iter()
            .position(|&di| t.definitions[di].name == t.find("居飛車").unwrap())
            .unwrap();
        assert!(p.special.contains(stat));
        assert!(!p.active[10].contains(stat));
        assert!(p.kills_own[ranging].contains(stat));
    }
}
