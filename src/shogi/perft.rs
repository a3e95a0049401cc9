//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.

use super::position::Position;
use super::Move;

/// The number of leaf nodes `depth` plies below `pos`. The last ply is counted in bulk from
/// the generator's target sets, without making the moves.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Like [`perft`], but every leaf move is listed and made (the slower, fully explicit count).
pub fn perft_make_leaves(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        // Make and take back each leaf move in place rather than copying the position.
        let mut leaf = pos.clone();
        let moves = pos.legal_moves();
        for &m in &moves {
            let undo = leaf.do_move(m);
            std::hint::black_box(leaf.key());
            leaf.undo_move(m, undo);
        }
        return moves.len() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft_make_leaves(&child, depth - 1)
        })
        .sum()
}

/// The perft count below each legal move of the root, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
