//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.
//!
//! Written once over [`Rules`], for standard shogi and the smaller variants alike; each call
//! is monomorphised, so the standard core counts through its own bulk counter with no
//! dynamic dispatch.

use super::rules::Rules;

/// The number of leaf nodes `depth` plies below `pos`. The last ply is counted in bulk
/// ([`Rules::count_legal_moves`]: the standard core counts its generator's target sets
/// without making the moves). A game over at a node (a 3x4 campmate) has no moves below it.
pub fn perft<P: Rules>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => below_each(pos, |_, child| perft(child, depth - 1)),
    }
}

/// Like [`perft`], but every leaf move is listed and made (the slower, fully explicit count).
pub fn perft_make_leaves<P: Rules>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves_made(),
        _ => below_each(pos, |_, child| perft_make_leaves(child, depth - 1)),
    }
}

/// The perft count below each legal move of the root, in generation order.
pub fn divide<P: Rules>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut out = Vec::new();
    if depth > 0 {
        below_each(pos, |m, child| {
            let n = perft(child, depth - 1);
            out.push((m, n));
            n
        });
    }
    out
}

/// The sum of `count` over each legal move and the position after it.
#[inline]
fn below_each<P: Rules>(pos: &P, mut count: impl FnMut(P::Move, &P) -> u64) -> u64 {
    let mut moves = P::MoveList::default();
    pos.legal_moves_into(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            count(m, &child)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Position;

    #[test]
    fn startpos_shallow_counts() {
        let pos = Position::startpos();
        assert_eq!(perft(&pos, 1), 30);
        assert_eq!(perft(&pos, 2), 900);
        assert_eq!(perft(&pos, 3), 25_470);
        assert_eq!(perft_make_leaves(&pos, 3), 25_470);
        let d = divide(&pos, 2);
        assert_eq!(d.len(), 30);
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 900);
    }
}
