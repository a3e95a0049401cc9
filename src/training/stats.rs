//! Statistics of training entries (`stats` of `.hcpe`/`.psv` files): how many, the balance
//! of results, the side to move, a histogram of the scores and the distinct positions.
//!
//! Distinct positions are counted exactly by their 64-bit hashes (board, hands, side to
//! move): about 16 bytes of memory a distinct position.

use std::collections::HashSet;
use std::ops::AddAssign;

use super::entry::ReadEntry;
use crate::shogi::{Color, Position};

/// The upper bounds of the score histogram's buckets (the last bucket has none).
pub const SCORE_EDGES: [i16; 8] = [-3000, -1000, -300, -100, 100, 300, 1000, 3000];

/// Counts of training entries, mergeable with `+=`.
#[derive(Clone, Debug, Default)]
pub struct TrainingStats {
    /// Entries read.
    pub entries: u64,
    /// Entries that could not be read.
    pub unreadable: u64,
    /// Entries of games black won, white won, drawn.
    pub results: [u64; 3],
    /// Entries with black, white to move.
    pub to_move: [u64; 2],
    /// Entries by score: below each of [`SCORE_EDGES`], then the rest.
    pub scores: [u64; 9],
    /// Entries with the score 0 (no evaluation, often).
    pub zero_scores: u64,
    /// The hashes of the distinct positions.
    seen: HashSet<u64>,
}

impl TrainingStats {
    /// No entries.
    pub fn new() -> TrainingStats {
        TrainingStats::default()
    }

    /// Counts one entry.
    pub fn add(&mut self, e: &ReadEntry) {
        self.entries += 1;
        self.results[match e.winner {
            Some(Color::Black) => 0,
            Some(Color::White) => 1,
            None => 2,
        }] += 1;
        self.to_move[e.setup.side_to_move.index()] += 1;
        let bucket = SCORE_EDGES
            .iter()
            .position(|&edge| e.score < edge)
            .unwrap_or(SCORE_EDGES.len());
        self.scores[bucket] += 1;
        self.zero_scores += u64::from(e.score == 0);
        if let Ok(pos) = Position::from_setup(&e.setup) {
            self.seen.insert(pos.key());
        }
    }

    /// How many distinct positions were seen.
    pub fn distinct(&self) -> usize {
        self.seen.len()
    }

    /// The label of score bucket `i` (`< -3000`, `-3000..-1000`, ..., `>= 3000`).
    pub fn bucket_label(i: usize) -> String {
        match i {
            0 => format!("< {}", SCORE_EDGES[0]),
            i if i == SCORE_EDGES.len() => format!(">= {}", SCORE_EDGES[i - 1]),
            i => format!("{}..{}", SCORE_EDGES[i - 1], SCORE_EDGES[i]),
        }
    }
}

impl AddAssign<&TrainingStats> for TrainingStats {
    fn add_assign(&mut self, o: &TrainingStats) {
        self.entries += o.entries;
        self.unreadable += o.unreadable;
        for i in 0..3 {
            self.results[i] += o.results[i];
        }
        for i in 0..2 {
            self.to_move[i] += o.to_move[i];
        }
        for i in 0..9 {
            self.scores[i] += o.scores[i];
        }
        self.zero_scores += o.zero_scores;
        self.seen.extend(&o.seen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Move;

    fn entry(sfen: &str, score: i16, winner: Option<Color>) -> ReadEntry {
        ReadEntry {
            setup: Position::from_sfen(sfen).unwrap().to_setup(),
            score,
            mv: Move::from_usi("7g7f").unwrap(),
            winner,
        }
    }

    #[test]
    fn entries_are_counted_and_merge() {
        let start = Position::startpos().to_sfen();
        let other = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        let mut a = TrainingStats::new();
        a.add(&entry(&start, 0, Some(Color::Black)));
        a.add(&entry(other, -150, Some(Color::Black)));
        let mut b = TrainingStats::new();
        b.add(&entry(&start, 5000, None));
        a += &b;
        assert_eq!(a.entries, 3);
        assert_eq!(a.results, [2, 0, 1]);
        assert_eq!(a.to_move, [2, 1]);
        assert_eq!(a.scores, [0, 0, 0, 1, 1, 0, 0, 0, 1]);
        assert_eq!(a.zero_scores, 1);
        assert_eq!(a.distinct(), 2);
        assert_eq!(TrainingStats::bucket_label(0), "< -3000");
        assert_eq!(TrainingStats::bucket_label(4), "-100..100");
        assert_eq!(TrainingStats::bucket_label(8), ">= 3000");
    }
}
