//! Pieces in hand: a multiset of the seven droppable kinds.

use super::piece::PieceKind;

/// The pieces one side holds in hand, counted per unpromoted kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; 7],
}

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand { counts: [0; 7] };

    /// How many pieces of `kind` (unpromoted; a promoted kind counts as its base) are held.
    #[inline]
    pub fn count(&self, kind: PieceKind) -> u8 {
        let k = kind.unpromote();
        if k.is_hand_kind() {
            self.counts[k.index()]
        } else {
            0
        }
    }

    /// Whether at least one piece of `kind` is held.
    #[inline]
    pub fn has(&self, kind: PieceKind) -> bool {
        self.count(kind) > 0
    }

    /// Adds one piece (a promoted kind is added as its base kind); kings are ignored.
    #[inline]
    pub fn add(&mut self, kind: PieceKind) {
        let k = kind.unpromote();
        if k.is_hand_kind() {
            self.counts[k.index()] = self.counts[k.index()].saturating_add(1);
        }
    }

    /// Sets the count of `kind` (which must be a hand kind).
    pub fn set(&mut self, kind: PieceKind, n: u8) {
        let k = kind.unpromote();
        if k.is_hand_kind() {
            self.counts[k.index()] = n;
        }
    }

    /// Removes one piece of `kind`; returns false when there was none.
    #[inline]
    pub fn remove(&mut self, kind: PieceKind) -> bool {
        let k = kind.unpromote();
        if k.is_hand_kind() && self.counts[k.index()] > 0 {
            self.counts[k.index()] -= 1;
            true
        } else {
            false
        }
    }

    /// Whether the hand holds nothing.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0)
    }

    /// The total number of pieces held.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }

    /// `(kind, count)` for every kind held, in the SFEN order R B G S N L P.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        const ORDER: [PieceKind; 7] = [
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
            PieceKind::Pawn,
        ];
        ORDER
            .into_iter()
            .map(|k| (k, self.counts[k.index()]))
            .filter(|&(_, n)| n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_and_remove_count_by_base_kind() {
        let mut h = Hand::EMPTY;
        h.add(PieceKind::Dragon);
        h.add(PieceKind::ProPawn);
        h.add(PieceKind::Pawn);
        h.add(PieceKind::King);
        assert_eq!(h.count(PieceKind::Rook), 1);
        assert_eq!(h.count(PieceKind::Pawn), 2);
        assert_eq!(h.total(), 3);
        assert!(h.remove(PieceKind::Pawn));
        assert!(h.remove(PieceKind::Pawn));
        assert!(!h.remove(PieceKind::Pawn));
        let order: Vec<_> = h.iter().collect();
        assert_eq!(order, vec![(PieceKind::Rook, 1)]);
    }
}
