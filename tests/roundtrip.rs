//! Round trips through every format: random legal games with comments, times, variations and
//! an ending are written in each format and read back; what both the model and the format
//! carry must come back equal, and the final position always must.
//!
//! What each format carries (the table in docs/formats.md) is `CARRIES` below.

use proptest::prelude::*;
use shogi_tool::formats::{self, write};
use shogi_tool::record::replay::{replay, ReplayOptions};
use shogi_tool::record::{
    Ending, EndingKind, Format, MetaKey, MoveEntry, MoveTime, MoveTree, NodeId, NodeKind, Record,
    Start,
};
use shogi_tool::shogi::{Handicap, Move, Position};

/// What a format keeps: (comments, times, variations, metadata, ending).
fn carries(f: Format) -> (bool, bool, bool, bool, bool) {
    match f {
        Format::Kif | Format::Kifu | Format::Jkf => (true, true, true, true, true),
        Format::Ki2 | Format::Ki2u => (true, false, true, true, true),
        Format::Csa => (true, true, false, true, true),
        // USI moves only: every USI reader rejects a trailing ending word.
        Format::Sfen => (false, false, false, false, false),
        Format::Usi => (false, false, false, false, false),
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Plays `plies` random legal moves from `pos` below `parent`, with times and comments.
fn grow(
    tree: &mut MoveTree,
    mut parent: NodeId,
    mut pos: Position,
    plies: usize,
    rng: &mut Rng,
    totals: &mut [u64; 2],
) -> (NodeId, Position) {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        let side = pos.side_to_move().index();
        let id = tree.push(parent, NodeKind::Move(MoveEntry::new(m)), 0);
        let spent = rng.below(90) * 1000;
        totals[side] += spent;
        tree.node_mut(id).time = Some(MoveTime {
            spent_ms: Some(spent),
            total_ms: Some(totals[side]),
        });
        if rng.below(6) == 0 {
            tree.node_mut(id)
                .notes_mut()
                .comments
                .push(format!("comment {} 良い手", rng.below(1000)));
        }
        pos.play_unchecked(m);
        parent = id;
    }
    (parent, pos)
}

fn random_record(seed: u64) -> Record {
    let mut rng = Rng(seed | 1);
    let mut r = Record::new();
    let handicaps: Vec<Handicap> = Handicap::all().collect();
    r.start = if rng.below(3) == 0 {
        Start::Handicap(handicaps[rng.below(16) as usize])
    } else {
        Start::Handicap(Handicap::Even)
    };
    r.metadata
        .push(MetaKey::BlackName, "先手", "Black Player", 0);
    r.metadata
        .push(MetaKey::WhiteName, "後手", "White Player", 0);
    r.metadata.push(MetaKey::Event, "棋戦", "Roundtrip Cup", 0);
    let start = r.start.position().unwrap();
    let plies = 10 + rng.below(60) as usize;
    let mut totals = [0u64; 2];
    let (last, pos) = grow(
        &mut r.tree,
        MoveTree::ROOT,
        start.clone(),
        plies,
        &mut rng,
        &mut totals,
    );
    if pos.has_legal_moves() {
        r.tree.push(
            last,
            NodeKind::Ending(Box::new(Ending::new(EndingKind::Resignation, "投了"))),
            0,
        );
    }
    // A variation: an alternative at a random ply of the main line, a few moves long.
    let main: Vec<NodeId> = r.tree.main_line().collect();
    if main.len() > 3 {
        let at = 1 + rng.below(main.len() as u64 - 2) as usize;
        let parent = r.tree.node(main[at]).parent().unwrap();
        let mut p = start;
        for id in r.tree.main_line().take(at) {
            if let Some(e) = r.tree.node(id).move_entry() {
                p.play_unchecked(e.standard().unwrap());
            }
        }
        let taken = r
            .tree
            .node(main[at])
            .move_entry()
            .and_then(|e| e.standard());
        let alternatives: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|m| Some(*m) != taken)
            .collect();
        if !alternatives.is_empty() {
            let alt = alternatives[rng.below(alternatives.len() as u64) as usize];
            let id = r.tree.push(parent, NodeKind::Move(MoveEntry::new(alt)), 0);
            let mut q = p.clone();
            q.play_unchecked(alt);
            let mut t = [totals[0], totals[1]];
            grow(
                &mut r.tree,
                id,
                q,
                1 + rng.below(4) as usize,
                &mut rng,
                &mut t,
            );
        }
    }
    r
}

/// Every line of the tree as USI moves (for comparing variations).
fn lines(r: &Record) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut stack = vec![(MoveTree::ROOT, Vec::<String>::new())];
    while let Some((id, path)) = stack.pop() {
        let children: Vec<NodeId> = r
            .tree
            .children(id)
            .filter(|&c| r.tree.node(c).move_entry().is_some())
            .collect();
        if children.is_empty() {
            out.push(path);
            continue;
        }
        for c in children {
            let mut p = path.clone();
            p.push(r.tree.node(c).move_entry().unwrap().mv.to_usi());
            stack.push((c, p));
        }
    }
    out.sort();
    out
}

fn main_line_notes(r: &Record) -> Vec<(Vec<String>, Option<u64>)> {
    r.tree
        .main_line()
        .filter(|&id| r.tree.node(id).move_entry().is_some())
        .map(|id| {
            let n = r.tree.node(id);
            (n.comments().to_vec(), n.time.and_then(|t| t.spent_ms))
        })
        .collect()
}

fn check(record: &Record, format: Format) {
    let (comments, times, variations, metadata, ending) = carries(format);
    let w = write::write(record, format, &write::WriteOptions::default());
    if std::env::var_os("ROUNDTRIP_SHOW").is_some() {
        eprintln!("--- {format:?} dropped {:?}\n{}", w.dropped, w.text);
    }
    let back = formats::read_str(&w.text, format);
    assert_eq!(back.len(), 1, "{format:?}:\n{}", w.text);
    let b = &back[0];
    assert!(
        b.errors.is_empty(),
        "{format:?}: {:?}\n{}",
        b.errors,
        w.text
    );
    let (r1, r2) = (
        replay(record, &ReplayOptions::default()),
        replay(b, &ReplayOptions::default()),
    );
    assert_eq!(r1.moves, r2.moves, "{format:?} main line\n{}", w.text);
    assert_eq!(
        r1.final_position, r2.final_position,
        "{format:?} final position"
    );
    assert_eq!(record.start.setup(), b.start.setup(), "{format:?} start");
    let notes1 = main_line_notes(record);
    let notes2 = main_line_notes(b);
    for (i, (a, z)) in notes1.iter().zip(&notes2).enumerate() {
        if comments {
            assert_eq!(a.0, z.0, "{format:?} comments at ply {}\n{}", i + 1, w.text);
        }
        if times {
            assert_eq!(a.1, z.1, "{format:?} time at ply {}", i + 1);
        }
    }
    if variations {
        assert_eq!(lines(record), lines(b), "{format:?} variations\n{}", w.text);
    }
    if metadata {
        for key in [MetaKey::BlackName, MetaKey::WhiteName, MetaKey::Event] {
            assert_eq!(
                record.metadata.get(key),
                b.metadata.get(key),
                "{format:?} {key:?}"
            );
        }
    }
    if ending {
        assert_eq!(
            record.ending().map(|e| e.kind.clone()),
            b.ending().map(|e| e.kind.clone()),
            "{format:?} ending\n{}",
            w.text
        );
    }
    // Whatever the format cannot carry is named, never silently lost.
    if !variations && record.tree.has_variations() {
        assert!(
            w.dropped.iter().any(|d| d.contains("variation")),
            "{format:?}: {:?}",
            w.dropped
        );
    }
    if !ending && record.ending().is_some() {
        assert!(
            w.dropped.iter().any(|d| d.starts_with("ending")),
            "{format:?}: {:?}",
            w.dropped
        );
    }
    if !comments && notes1.iter().any(|n| !n.0.is_empty()) {
        assert!(
            w.dropped.iter().any(|d| d.contains("comment")),
            "{format:?}: {:?}",
            w.dropped
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn every_format_keeps_what_it_can_carry(seed in any::<u64>()) {
        let record = random_record(seed);
        for format in Format::ALL {
            check(&record, format);
        }
    }
}
