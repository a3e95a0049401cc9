//! A game in progress: the position plus the history needed for fourfold repetition and the
//! perpetual-check rule, kept incrementally so each move costs O(1) extra.
//!
//! Repetition is judged on the full position (board, both hands, side to move). When a
//! position occurs for the fourth time the game is a draw, unless one side gave check with
//! every one of its moves from the first occurrence to the fourth: that side loses.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::color::Color;
use super::foul::Foul;
use super::position::Position;
use super::Move;

/// What a move did to the repetition count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// The position occurred for the fourth time: a draw (千日手).
    Fourfold {
        /// The ply after which the position first occurred (0 = the start).
        first_ply: usize,
    },
    /// The fourth occurrence, and `loser` gave check with every move since the first.
    PerpetualCheck {
        /// The side that checked perpetually and loses.
        loser: Color,
        /// The ply after which the position first occurred.
        first_ply: usize,
    },
}

/// The result of a move played leniently (see [`Game::play_lenient`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The foul the move committed, if any.
    pub foul: Option<Foul>,
    /// Whether the move was carried out (a foul may prevent it).
    pub carried_out: bool,
    /// A repetition the move completed.
    pub repetition: Option<Repetition>,
}

/// Zobrist keys are already uniformly random: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A position with its history.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// For each position so far (index 0 = the start): how often it had occurred, counting
    /// itself, and where it first occurred.
    seen: KeyMap<(u32, u32)>,
    /// `non_checks[c][i]`: how many of `c`'s first `i` moves of the game did not give check,
    /// as a prefix count over plies.
    non_checks: [Vec<u32>; 2],
    movers: Vec<Color>,
    /// Whether the side to move is in check (worked out once per move).
    in_check: bool,
    /// Whether the side not to move is out of check, as after any legal move; then the next
    /// legal move's check can be found from the moved piece alone.
    other_safe: bool,
}

impl Game {
    /// A game starting from `position`.
    pub fn new(position: Position) -> Game {
        let in_check = position.in_check();
        let other_safe = !position.is_in_check(position.side_to_move().flip());
        let mut seen = KeyMap::with_capacity_and_hasher(256, Default::default());
        seen.insert(position.key(), (1, 0));
        let mut non_checks = [Vec::with_capacity(256), Vec::with_capacity(256)];
        non_checks[0].push(0);
        non_checks[1].push(0);
        Game {
            position,
            seen,
            non_checks,
            movers: Vec::with_capacity(256),
            in_check,
            other_safe,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        self.movers.len()
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.position.key()).map_or(1, |e| e.0)
    }

    /// Plays a legal move; a foul leaves the game unchanged.
    pub fn play(&mut self, m: Move) -> Result<Option<Repetition>, Foul> {
        let mover = self.position.side_to_move();
        self.diagnose(m, mover)?;
        self.position.play_unchecked(m);
        Ok(self.record(mover, m, true))
    }

    /// What [`Position::diagnose_as`] says of `m` made by `mover`, using the check status
    /// the game keeps (cheaper than asking the position).
    pub fn diagnose(&self, m: Move, mover: Color) -> Result<(), Foul> {
        self.position
            .diagnose_knowing_check(m, mover, self.in_check)
    }

    /// Plays a move the record says `mover` made, carrying it out despite a foul where
    /// possible (see [`Position::play_lenient`]).
    pub fn play_lenient(&mut self, m: Move, mover: Color) -> Played {
        let diagnosis = self.diagnose(m, mover);
        self.play_diagnosed(m, mover, diagnosis)
    }

    /// [`Game::play_lenient`] for a caller that has asked [`Game::diagnose`] already:
    /// `diagnosis` must be its answer for `m` and `mover` in the current position.
    pub fn play_diagnosed(&mut self, m: Move, mover: Color, diagnosis: Result<(), Foul>) -> Played {
        let legal = diagnosis.is_ok();
        let (foul, carried_out) = self.position.play_diagnosed(m, mover, diagnosis);
        let repetition = if carried_out {
            self.record(mover, m, legal)
        } else {
            None
        };
        Played {
            foul,
            carried_out,
            repetition,
        }
    }

    /// Books the move `m` that `mover` just made (`legal`: it was played as diagnosed, no
    /// foul) and returns the repetition it completes.
    fn record(&mut self, mover: Color, m: Move, legal: bool) -> Option<Repetition> {
        let ply = self.movers.len() + 1;
        self.movers.push(mover);
        let gave_check = if legal && self.other_safe {
            self.position.in_check_after(m)
        } else {
            self.position.in_check()
        };
        // A legal move never leaves the mover's own king attacked.
        self.other_safe = legal || !self.position.is_in_check(mover);
        self.in_check = gave_check;
        for c in Color::ALL {
            let last = *self.non_checks[c.index()].last().expect("never empty");
            let add = (c == mover && !gave_check) as u32;
            self.non_checks[c.index()].push(last + add);
        }
        let entry = self
            .seen
            .entry(self.position.key())
            .or_insert((0, ply as u32));
        entry.0 += 1;
        if entry.0 != 4 {
            return None;
        }
        let first_ply = entry.1 as usize;
        // A side loses when it moved in the cycle and every one of its moves gave check.
        for loser in [mover, mover.flip()] {
            let nc = &self.non_checks[loser.index()];
            let moved = self.movers[first_ply..ply].contains(&loser);
            if moved && nc[ply] == nc[first_ply] {
                return Some(Repetition::PerpetualCheck { loser, first_ply });
            }
        }
        Some(Repetition::Fourfold { first_ply })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(game: &mut Game, moves: &[&str]) -> Vec<Option<Repetition>> {
        moves
            .iter()
            .map(|m| game.play(Move::from_usi(m).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn fourfold_repetition_is_a_draw() {
        let mut g = Game::new(Position::startpos());
        let cycle = ["2h3h", "8b7b", "3h2h", "7b8b"];
        let mut all = Vec::new();
        for _ in 0..3 {
            all.extend(play_all(&mut g, &cycle));
        }
        assert_eq!(all.iter().filter(|r| r.is_some()).count(), 1);
        assert_eq!(all[11], Some(Repetition::Fourfold { first_ply: 0 }));
        assert_eq!(g.occurrences(), 4);
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // Black's rook checks the white king, which shuffles between 1a and 1b while the rook
        // checks from 2i/2h... set up so every black move is a check.
        let start = Position::from_sfen("8k/9/9/9/9/9/9/9/K6R1 b - 1").unwrap();
        let mut g = Game::new(start);
        let cycle = ["2i1i", "1a2a", "1i2i", "2a1a"];
        let mut last = None;
        for _ in 0..3 {
            for r in play_all(&mut g, &cycle) {
                if r.is_some() {
                    last = r;
                }
            }
        }
        assert_eq!(
            last,
            Some(Repetition::PerpetualCheck {
                loser: Color::Black,
                first_ply: 0
            })
        );
    }
}
