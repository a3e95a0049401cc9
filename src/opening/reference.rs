//! The classifier as first written, kept as the reference the fast one ([`super::classify`])
//! is tested against: it plays the main line once and looks at every definition, for each
//! side, at every ply of its window, with the names given as a list. Straightforward, and
//! about twenty times slower; the tests compare the two on the fixture games, on the corpus
//! and on random games, so an optimisation cannot change a label unnoticed.

use crate::shogi::{ByColor, Color, Move, Position};

use super::classify::{Given, SideNames};
use super::table::{Definition, Kind, NameCondition, Table};

fn has(side: &SideNames, name: usize) -> bool {
    side.given.iter().any(|g| g.name == name)
}

fn holds(side: &SideNames, c: &NameCondition) -> bool {
    has(side, c.name) != c.absent
}

/// Classifies the main line `moves` from `start` for both sides.
pub fn classify(table: &Table, start: &Position, moves: &[Move]) -> ByColor<SideNames> {
    let mut names: ByColor<SideNames> = ByColor::default();
    let mut pos = start.clone();
    let last = moves.len().min(table.last_ply);
    for (i, &m) in moves.iter().take(last).enumerate() {
        let ply = i + 1;
        let mover = pos.side_to_move();
        pos.play_unchecked(m);
        for &di in &table.order {
            let d = &table.definitions[di];
            if ply < d.plies.0 || ply > d.plies.1 {
                continue;
            }
            // A final definition is looked at once: at its window's end, or the game's.
            if d.final_only && ply != d.plies.1.min(moves.len()) {
                continue;
            }
            for side in Color::ALL {
                if has(&names[side], d.name) {
                    continue;
                }
                if !d.played[side].is_empty() && side == mover {
                    // The move itself is the condition: look at it now or never.
                    let played = match m {
                        Move::Normal { from, to, .. } => d.played[side].contains(&(from, to)),
                        Move::Drop { .. } => false,
                    };
                    if !played {
                        continue;
                    }
                } else if !d.played[side].is_empty() {
                    continue;
                }
                if matches(d, side, &pos, &names) {
                    names.get_mut(side).given.push(Given { name: d.name, ply });
                }
            }
        }
    }
    take_back(table, &mut names);
    super::classify::in_label_order(table, &mut names);
    names
}

/// Whether definition `d` holds for `side` in `pos`, given the names so far. A fallback is
/// given here on its shape alone and taken back at the end beside a specific name (which may
/// itself be taken back first).
fn matches(d: &Definition, side: Color, pos: &Position, names: &ByColor<SideNames>) -> bool {
    let them = side.flip();
    d.board[side]
        .iter()
        .all(|&(k, mask)| (pos.pieces_of(side, k) & mask).any())
        && d.theirs[side]
            .iter()
            .all(|&(k, mask)| (pos.pieces_of(them, k) & mask).any())
        && (pos.occupied() & d.empty[side]).is_empty()
        && d.hand.iter().all(|&k| pos.hand(side).has(k))
        && d.requires.iter().all(|c| holds(&names[side], c))
        && (d.any.is_empty() || d.any.iter().any(|&n| has(&names[side], n)))
        && d.opponent.iter().all(|c| holds(&names[them], c))
        && !d.unless.iter().any(|&n| has(&names[side], n))
}

/// Whether the side holds a name of `kind` other than `except` that is neither generic nor a
/// fallback.
fn has_specific(table: &Table, side: &SideNames, kind: Kind, except: usize) -> bool {
    side.given.iter().any(|g| {
        let n = &table.names[g.name];
        g.name != except
            && n.kind == kind
            && !n.generic
            && !n.hidden
            && !table
                .definitions
                .iter()
                .any(|d| d.name == g.name && d.fallback)
    })
}

/// Takes back the names whose conditions no longer hold at the end of the game: a `!NAME`
/// that was given later, a fallback beside a specific name, a name whose required names were
/// taken back. Repeated until nothing changes (the table is small).
fn take_back(table: &Table, names: &mut ByColor<SideNames>) {
    take_back_pass(table, names, false);
    take_back_pass(table, names, true);
}

/// One round of [`take_back`]: the names' own conditions to a fixed point, or (`fallbacks`)
/// the fallbacks against what is left.
fn take_back_pass(table: &Table, names: &mut ByColor<SideNames>, fallbacks: bool) {
    loop {
        let mut changed = false;
        for side in Color::ALL {
            let keep: Vec<bool> = names[side]
                .given
                .iter()
                .map(|g| {
                    table
                        .definitions
                        .iter()
                        .filter(|d| d.name == g.name)
                        .any(|d| still_holds(table, d, side, names, fallbacks))
                })
                .collect();
            if keep.iter().any(|k| !k) {
                changed = true;
                let mut it = keep.into_iter();
                names
                    .get_mut(side)
                    .given
                    .retain(|_| it.next().unwrap_or(true));
            }
        }
        if !changed {
            return;
        }
    }
}

/// The name conditions of `d` (not its shape, which held when the name was given).
fn still_holds(
    table: &Table,
    d: &Definition,
    side: Color,
    names: &ByColor<SideNames>,
    fallbacks: bool,
) -> bool {
    if fallbacks {
        return !d.fallback || !has_specific(table, &names[side], d.kind, d.name);
    }
    d.requires.iter().all(|c| holds(&names[side], c))
        && (d.any.is_empty() || d.any.iter().any(|&n| has(&names[side], n)))
        && d.opponent.iter().all(|c| holds(&names[side.flip()], c))
}
