//! A record's lines as text: the start and every main-line position as SFEN, the main line's
//! moves and each variation's moves in USI. For callers that want strings (the Python
//! package, scripts); the moves are those carried out by the rules (a promotion the record
//! names by the piece after the move is resolved), as far as they can be.

use super::replay::{main_line_walk, variant_main_line_walk};
use super::{NodeKind, Record, Start};
use crate::shogi::Move;
use crate::variant::usi;

/// The SFEN of the record's start position (a smaller variant's in that variant's SFEN).
pub fn start_sfen(record: &Record) -> String {
    match &record.start {
        Start::Variant(p) => p.to_sfen(),
        start => start.setup().to_sfen(),
    }
}

/// The main line's moves as carried out by the rules (a promotion the record names by the
/// piece after the move resolved), up to the first move that cannot be carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MainLine {
    /// A standard record's moves.
    Standard(Vec<Move>),
    /// A smaller variant's moves, in that variant's USI.
    Variant(Vec<String>),
}

impl MainLine {
    /// How many moves the line holds.
    pub fn len(&self) -> usize {
        match self {
            MainLine::Standard(moves) => moves.len(),
            MainLine::Variant(moves) => moves.len(),
        }
    }

    /// Whether the line holds no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves in USI.
    pub fn to_usi(&self) -> Vec<String> {
        match self {
            MainLine::Standard(moves) => moves.iter().map(|m| m.to_usi()).collect(),
            MainLine::Variant(moves) => moves.clone(),
        }
    }
}

/// The main line's moves as carried out by the rules, without writing a standard move as
/// text (for callers that keep or share the text of each move themselves).
pub fn main_line(record: &Record) -> MainLine {
    let mut variant_moves = Vec::new();
    let variant = record.variant();
    let walked = variant_main_line_walk(record, |_, mv, _| {
        variant_moves.extend(mv.map(|m| usi(variant, m)));
        true
    });
    if walked {
        return MainLine::Variant(variant_moves);
    }
    let mut moves = Vec::with_capacity(record.tree.len());
    main_line_walk(record, |_, mv, _| {
        moves.extend(mv);
        true
    });
    MainLine::Standard(moves)
}

/// The main line's moves in USI, as carried out by the rules, up to the first move that
/// cannot be carried out (or to the end).
pub fn main_line_usi(record: &Record) -> Vec<String> {
    main_line(record).to_usi()
}

/// The SFEN of every main-line position, the start first: element `i` is the position after
/// `i` plies, as far as the moves can be carried out (so one more than [`main_line_usi`]
/// gives). Empty when the start position cannot be played.
pub fn main_line_sfens(record: &Record) -> Vec<String> {
    let mut sfens = Vec::new();
    let walked = variant_main_line_walk(record, |_, _, pos| {
        sfens.push(pos.to_sfen());
        true
    });
    if !walked {
        main_line_walk(record, |_, _, pos| {
            sfens.push(pos.to_sfen());
            true
        });
    }
    sfens
}

/// One variation: an alternative to the move at `ply` of its parent line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The ply of the variation's first move (1 for an alternative first move).
    pub ply: usize,
    /// Its moves in USI, as the record states them (variations are not replayed here).
    pub moves: Vec<String>,
}

/// Every variation of the record (at any depth), in the order the record gives them.
pub fn variations(record: &Record) -> Vec<Variation> {
    let tree = &record.tree;
    let variant = record.variant();
    let mut out = Vec::new();
    for id in tree.ids() {
        let Some(parent) = tree.node(id).parent() else {
            continue;
        };
        let Some(entry) = tree.node(id).move_entry() else {
            continue;
        };
        if tree.node(parent).first_child() == Some(id) {
            continue;
        }
        let mut moves = vec![usi(variant, entry.mv)];
        moves.extend(tree.line_from(id).filter_map(|n| match &tree.node(n).kind {
            NodeKind::Move(e) => Some(usi(variant, e.mv)),
            _ => None,
        }));
        out.push(Variation {
            ply: tree.ply_of(id),
            moves,
        });
    }
    out
}

/// The human comments of the main line with the ply each belongs to (0: before the first
/// move), one entry per comment line, in order.
pub fn main_line_comments(record: &Record) -> Vec<(usize, String)> {
    let tree = &record.tree;
    let mut out: Vec<(usize, String)> = tree
        .root()
        .comments()
        .iter()
        .map(|c| (0, c.clone()))
        .collect();
    let mut ply = 0;
    for id in tree.main_line() {
        let node = tree.node(id);
        if node.move_entry().is_some() {
            ply += 1;
        }
        out.extend(node.comments().iter().map(|c| (ply, c.clone())));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{MoveEntry, MoveTree};
    use crate::shogi::Move;
    use crate::variant::{VPosition, Variant};

    fn push(r: &mut Record, at: u32, usi: &str) -> u32 {
        let mv = Move::from_usi(usi).unwrap();
        r.tree.push(at, NodeKind::Move(MoveEntry::new(mv)), 1)
    }

    #[test]
    fn the_main_line_gives_its_moves_and_one_more_position() {
        let mut r = Record::new();
        let a = push(&mut r, MoveTree::ROOT, "7g7f");
        push(&mut r, a, "3c3d");
        assert_eq!(main_line_usi(&r), ["7g7f", "3c3d"]);
        let played = ["7g7f", "3c3d"].map(|m| Move::from_usi(m).unwrap());
        assert_eq!(main_line(&r), MainLine::Standard(played.to_vec()));
        let sfens = main_line_sfens(&r);
        assert_eq!(sfens.len(), 3);
        assert_eq!(sfens[0], start_sfen(&r));
        assert_eq!(
            sfens[2],
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
        );
    }

    #[test]
    fn moves_stop_where_one_cannot_be_carried_out() {
        let mut r = Record::new();
        let a = push(&mut r, MoveTree::ROOT, "7g7f");
        // From an empty square: not carried out, and nothing after it either.
        let b = push(&mut r, a, "5e5d");
        push(&mut r, b, "3c3d");
        assert_eq!(main_line_usi(&r), ["7g7f"]);
        assert_eq!(main_line_sfens(&r).len(), 2);
    }

    #[test]
    fn a_variation_is_named_by_the_ply_of_its_first_move() {
        let mut r = Record::new();
        let a = push(&mut r, MoveTree::ROOT, "7g7f");
        push(&mut r, a, "3c3d");
        let alt = push(&mut r, a, "8c8d");
        push(&mut r, alt, "2g2f");
        push(&mut r, MoveTree::ROOT, "2g2f");
        assert_eq!(
            variations(&r),
            [
                Variation {
                    ply: 2,
                    moves: vec!["8c8d".into(), "2g2f".into()]
                },
                Variation {
                    ply: 1,
                    moves: vec!["2g2f".into()]
                },
            ]
        );
    }

    #[test]
    fn comments_carry_their_ply() {
        let mut r = Record::new();
        r.tree
            .node_mut(MoveTree::ROOT)
            .notes_mut()
            .comments
            .push("start".into());
        let a = push(&mut r, MoveTree::ROOT, "7g7f");
        r.tree.node_mut(a).notes_mut().comments.push("first".into());
        assert_eq!(
            main_line_comments(&r),
            [(0, "start".to_string()), (1, "first".to_string())]
        );
    }

    #[test]
    fn a_variant_start_is_written_in_its_own_sfen() {
        let mut r = Record::new();
        r.start = Start::Variant(VPosition::start(Variant::Minishogi));
        assert_eq!(
            start_sfen(&r),
            VPosition::start(Variant::Minishogi).to_sfen()
        );
        assert_eq!(main_line_sfens(&r), [start_sfen(&r)]);
        assert!(main_line_usi(&r).is_empty());
        assert_eq!(main_line(&r), MainLine::Variant(Vec::new()));
    }
}
