//! The move tree: an arena of nodes linked first-child / next-sibling, so a record without
//! variations costs one node per move and no per-node allocation, and no operation recurses
//! (a hostile file cannot drive a stack overflow).
//!
//! The root holds the comments on the initial position. A node's first child continues its
//! line; the other children are variations (alternatives to the first child). A line normally
//! ends in an [`Ending`] node; moves a record gives after its ending (a take-back, a game
//! played on after `%TORYO`) are kept as the ending's children, for replay to report.

use super::ending::Ending;
use crate::shogi::{Color, Move, PieceKind};
use crate::variant::{VKind, VMove};

/// Index of a node in its tree (the root is 0).
pub type NodeId = u32;

/// A move as a record states it, in the move type of every game ([`VMove`], whose kinds
/// include every standard kind): standard readers store a [`Move`] through `From`, standard
/// replay takes it back with [`MoveEntry::standard`] (one match, no allocation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move (for formats that name the piece after the move, such as CSA, `promote` is
    /// set only when the text says so; see `piece`).
    pub mv: VMove,
    /// The side the record says moved (CSA `+`/`-`, JKF `color`, KI2 ▲/△), if it says.
    pub mover: Option<Color>,
    /// The kind the record says stands on the destination after the move, if it says (CSA
    /// `+2823UM`, KIF `角成` = horse). Replay compares it with the board to find promotions
    /// and pieces that are not where the record claims.
    pub piece: Option<VKind>,
}

impl MoveEntry {
    /// A bare move (standard or a variant's) with nothing else stated.
    #[inline]
    pub fn new(mv: impl Into<VMove>) -> MoveEntry {
        MoveEntry {
            mv: mv.into(),
            mover: None,
            piece: None,
        }
    }

    /// The move as a standard shogi move (`None` for a drop of a bird or an animal).
    #[inline]
    pub fn standard(&self) -> Option<Move> {
        self.mv.standard()
    }

    /// The stated kind as a standard kind (`None` when unstated or not a standard kind).
    #[inline]
    pub fn standard_piece(&self) -> Option<PieceKind> {
        self.piece.and_then(VKind::standard)
    }
}

/// Time on one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTime {
    /// Time spent on this move, in milliseconds.
    pub spent_ms: Option<u64>,
    /// The mover's total time used so far, in milliseconds.
    pub total_ms: Option<u64>,
}

/// What a node holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The initial position (only the root).
    Root,
    /// A move.
    Move(MoveEntry),
    /// The end of a line (resignation, repetition, ...); boxed to keep nodes small.
    Ending(Box<Ending>),
}

/// The rarely present annotations of a node, kept behind one pointer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Human comments, one entry per line.
    pub comments: Vec<String>,
    /// Engine comments (KIF `**`, CSA `'**`): evaluation and principal variation.
    pub engine_comments: Vec<String>,
    /// A bookmark (KIF `&name`).
    pub bookmark: Option<String>,
    /// Remarks the programs do not show, one entry per line: CSA plain `'` comment lines (not
    /// `'*`), and on the root a file's banner (the CSA `'` lines before the position, the KIF
    /// `#` lines before the moves). CSA writes them back as `'` lines, KIF root remarks as `#`
    /// lines; the other writers write them as comments.
    pub remarks: Vec<String>,
}

const NONE: u32 = u32::MAX;

#[inline]
fn opt(id: u32) -> Option<NodeId> {
    (id != NONE).then_some(id)
}

/// One node of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move or ending.
    pub kind: NodeKind,
    /// Time spent and total, when the record has them.
    pub time: Option<MoveTime>,
    notes: Option<Box<Notes>>,
    /// The source line (1-based; 0 when unknown).
    pub line: u32,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

impl Node {
    fn new(kind: NodeKind, line: u32, parent: u32) -> Node {
        Node {
            kind,
            time: None,
            notes: None,
            line,
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        }
    }

    /// Human comments, one entry per line.
    pub fn comments(&self) -> &[String] {
        self.notes.as_ref().map_or(&[], |n| &n.comments)
    }

    /// Engine comments (evaluation and principal variation lines).
    pub fn engine_comments(&self) -> &[String] {
        self.notes.as_ref().map_or(&[], |n| &n.engine_comments)
    }

    /// Remarks the programs do not show (CSA plain `'` lines, a file's banner).
    pub fn remarks(&self) -> &[String] {
        self.notes.as_ref().map_or(&[], |n| &n.remarks)
    }

    /// The bookmark, if any.
    pub fn bookmark(&self) -> Option<&str> {
        self.notes.as_ref().and_then(|n| n.bookmark.as_deref())
    }

    /// The node's annotations, created empty on first use.
    pub fn notes_mut(&mut self) -> &mut Notes {
        self.notes.get_or_insert_with(Default::default)
    }

    /// The move, when the node is one.
    pub fn move_entry(&self) -> Option<&MoveEntry> {
        match &self.kind {
            NodeKind::Move(m) => Some(m),
            _ => None,
        }
    }

    /// The ending, when the node is one.
    pub fn ending(&self) -> Option<&Ending> {
        match &self.kind {
            NodeKind::Ending(e) => Some(e),
            _ => None,
        }
    }

    /// The parent node (none for the root).
    pub fn parent(&self) -> Option<NodeId> {
        opt(self.parent)
    }

    /// The first child: the continuation of this node's line.
    pub fn first_child(&self) -> Option<NodeId> {
        opt(self.first_child)
    }

    /// The next sibling: the next alternative to this node.
    pub fn next_sibling(&self) -> Option<NodeId> {
        opt(self.next_sibling)
    }
}

/// The moves of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    nodes: Vec<Node>,
}

impl Default for MoveTree {
    fn default() -> MoveTree {
        MoveTree::new()
    }
}

impl MoveTree {
    /// The root node's id.
    pub const ROOT: NodeId = 0;

    /// A tree holding only the root.
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Node::new(NodeKind::Root, 0, NONE)],
        }
    }

    /// A tree with room for `moves` more nodes without reallocating.
    pub fn with_capacity(moves: usize) -> MoveTree {
        let mut t = MoveTree::new();
        t.reserve(moves);
        t
    }

    /// Makes room for `additional` more nodes.
    pub fn reserve(&mut self, additional: usize) {
        self.nodes.reserve(additional);
    }

    /// The number of nodes, root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only the root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The node `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The node `id`, mutably.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The root (comments on the initial position).
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// Adds `kind` as the last child of `parent` (the first child added continues the line;
    /// later ones are variations) and returns its id.
    pub fn push(&mut self, parent: NodeId, kind: NodeKind, line: u32) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node::new(kind, line, parent));
        let p = &mut self.nodes[parent as usize];
        let last = p.last_child;
        p.last_child = id;
        if last == NONE {
            p.first_child = id;
        } else {
            self.nodes[last as usize].next_sibling = id;
        }
        id
    }

    /// The children of `id`: the continuation first, then the variations.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(opt(self.nodes[id as usize].first_child), move |&c| {
            opt(self.nodes[c as usize].next_sibling)
        })
    }

    /// The line continuing from `id` by first children (not including `id`).
    pub fn line_from(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(opt(self.nodes[id as usize].first_child), move |&c| {
            opt(self.nodes[c as usize].first_child)
        })
    }

    /// The main line from the root: its moves and, last, its ending if any.
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.line_from(Self::ROOT)
    }

    /// The moves of the main line, in order.
    pub fn main_line_moves(&self) -> impl Iterator<Item = &MoveEntry> + '_ {
        self.main_line().filter_map(|id| self.node(id).move_entry())
    }

    /// The ending of the main line (the first one, if moves were recorded after it).
    pub fn main_line_ending(&self) -> Option<&Ending> {
        self.main_line().find_map(|id| self.node(id).ending())
    }

    /// The node's depth in moves from the root (the ply of a move node).
    pub fn ply_of(&self, id: NodeId) -> usize {
        std::iter::successors(Some(id), |&n| opt(self.nodes[n as usize].parent))
            .filter(|&n| matches!(self.nodes[n as usize].kind, NodeKind::Move(_)))
            .count()
    }

    /// Whether any node has more than one child.
    pub fn has_variations(&self) -> bool {
        self.nodes.iter().any(|n| n.next_sibling != NONE)
    }

    /// Every node id, in the order nodes were added.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> {
        0..self.nodes.len() as NodeId
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::EndingKind;

    fn mv(s: &str) -> NodeKind {
        NodeKind::Move(MoveEntry::new(Move::from_usi(s).unwrap()))
    }

    #[test]
    fn main_line_and_variations() {
        let mut t = MoveTree::new();
        let a = t.push(MoveTree::ROOT, mv("7g7f"), 1);
        let b = t.push(a, mv("3c3d"), 2);
        let _end = t.push(
            b,
            NodeKind::Ending(Box::new(Ending::new(EndingKind::Resignation, "投了"))),
            3,
        );
        let alt = t.push(a, mv("8c8d"), 4);
        assert_eq!(t.main_line().count(), 3);
        assert_eq!(t.main_line_moves().count(), 2);
        assert_eq!(t.main_line_ending().unwrap().kind, EndingKind::Resignation);
        assert_eq!(t.children(a).collect::<Vec<_>>(), vec![b, alt]);
        assert_eq!(t.ply_of(alt), 2);
        assert!(t.has_variations());
    }
}
