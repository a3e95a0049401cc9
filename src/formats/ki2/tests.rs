//! Unit tests of the module (`#[cfg(test)] mod tests;` in mod.rs).

use super::ki2_move::Ki2Move;
use super::ki2_move::{Promo, Relative};
use super::read::*;
use super::write::*;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::Format;
use crate::record::MetaKey;
use crate::record::{Ending, EndingKind, MoveEntry, MoveTree, NodeKind, ReadIssue, Record, Start};
use crate::shogi::PieceKind;
use crate::shogi::{Color, Handicap, Move, Position};
use crate::text::{decode, EncodingChoice};

fn one(text: &str) -> Record {
    let mut rs = read(text);
    assert_eq!(rs.len(), 1);
    rs.remove(0)
}

fn usi_moves(r: &Record) -> Vec<String> {
    r.tree.main_line_moves().map(|m| m.mv.to_usi()).collect()
}

fn codes<C: Copy + Into<&'static str>>(issues: &[ReadIssue<C>]) -> Vec<&'static str> {
    issues.iter().map(|i| i.code.into()).collect()
}

fn clean(r: &Record) {
    assert!(r.errors.is_empty(), "errors: {:?}", r.errors);
    assert!(r.warnings.is_empty(), "warnings: {:?}", r.warnings);
}

/// Everything a KI2 round trip must keep: metadata, start, and every node with its move
/// (mover and piece included), notes and ending, in tree order.
fn comparable(r: &Record) -> Vec<String> {
    let mut out: Vec<String> = r
        .metadata
        .entries()
        .iter()
        .map(|e| format!("meta {:?} {} {}", e.key, e.raw_key, e.value))
        .collect();
    out.push(format!("start {:?}", r.start.normalized()));
    let tree = &r.tree;
    let mut stack = vec![(MoveTree::ROOT, 0usize)];
    while let Some((id, depth)) = stack.pop() {
        let n = tree.node(id);
        let kind = match &n.kind {
            NodeKind::Root => "root".to_string(),
            NodeKind::Move(m) => format!("{} {:?} {:?}", m.mv, m.mover, m.piece),
            NodeKind::Ending(e) => {
                format!("end {:?} {} {:?}", e.kind, e.raw, e.stated_winner)
            }
        };
        out.push(format!(
            "{depth} {kind} {:?} {:?} {:?}",
            n.comments(),
            n.engine_comments(),
            n.bookmark()
        ));
        let children: Vec<_> = tree.children(id).collect();
        for c in children.into_iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    out
}

fn round_trip(r: &Record) -> (Record, Written) {
    let w = write(r);
    (one(&w.text), w)
}

fn assert_round_trip(name: &str, r: &Record) {
    let (back, w) = round_trip(r);
    assert!(
        back.errors.is_empty(),
        "{name}: {:?}\n{}",
        back.errors,
        w.text
    );
    let (a, b) = (comparable(r), comparable(&back));
    if a != b {
        let diff = a
            .iter()
            .zip(&b)
            .find(|(x, y)| x != y)
            .map(|(x, y)| format!("{x}\n   vs {y}"))
            .unwrap_or_else(|| format!("lengths {} vs {}", a.len(), b.len()));
        panic!("{name}: round trip differs: {diff}\n{}", w.text);
    }
}

#[test]
fn several_moves_per_line_with_any_spacing_and_marks() {
    let r = one("▲７六歩 △３四歩\n☗２二角成　☖同　銀▲３三角\t▽同 桂  ▲７七桂\n△４四角▲６八銀\n");
    clean(&r);
    assert_eq!(
        usi_moves(&r),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*3c", "2a3c", "8i7g", "B*4d", "7i6h"]
    );
    let movers: Vec<_> = r.tree.main_line_moves().map(|m| m.mover).collect();
    assert!(movers
        .iter()
        .enumerate()
        .all(|(i, m)| *m == Some(Color::from_index(i))));
    let pieces: Vec<_> = r.tree.main_line_moves().map(|m| m.piece.unwrap()).collect();
    assert_eq!(pieces[2], PieceKind::Horse);
    // Node lines are the source lines.
    let lines: Vec<u32> = r.tree.main_line().map(|id| r.tree.node(id).line).collect();
    assert_eq!(lines, [1, 1, 2, 2, 2, 2, 2, 3, 3]);
    // Moves glued together when the next starts with its mark, and moves without marks.
    let r = one("▲７六歩△３四歩▲２二角成△同銀\n５五角　３三角\n");
    clean(&r);
    assert_eq!(
        usi_moves(&r),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e", "B*3c"]
    );
    assert_eq!(r.tree.main_line_moves().nth(4).unwrap().mover, None);
}

#[test]
fn headers_comments_bookmarks_and_the_initial_position() {
    let r = one("#KI2 version=2.0 encoding=UTF-8\n開始日時：2014/10/16\n手合割：平手\n先手：羽生\n後手：森内\n*開始前\n&しおり\n▲７六歩\n*初手\n**評価値=30\n△３四歩\nまで2手で中断\n*終局\n");
    clean(&r);
    assert_eq!(r.metadata.get(MetaKey::BlackName), Some("羽生"));
    assert_eq!(r.metadata.entries().len(), 3);
    assert_eq!(r.tree.root().comments(), ["開始前"]);
    assert_eq!(r.tree.root().bookmark(), Some("しおり"));
    let ids: Vec<_> = r.tree.main_line().collect();
    assert_eq!(r.tree.node(ids[0]).comments(), ["初手"]);
    assert_eq!(r.tree.node(ids[0]).engine_comments(), ["評価値=30"]);
    assert_eq!(r.tree.node(ids[2]).comments(), ["終局"]);
    assert_eq!(r.ending().unwrap().kind, EndingKind::Abort);
}

#[test]
fn summaries_are_the_endings() {
    use EndingKind::*;
    let cases = [
        ("まで2手で先手の勝ち", Resignation, Some(Color::Black)),
        ("まで2手で千日手", Repetition, None),
        ("まで2手で中断", Abort, None),
        (
            "まで2手で時間切れにより後手の勝ち",
            Timeout,
            Some(Color::White),
        ),
        ("まで2手で先手の反則負け", IllegalMove, Some(Color::White)),
        ("まで2手で後手の反則勝ち", FoulWin, Some(Color::White)),
        ("まで2手で先手の入玉勝ち", Declaration, Some(Color::Black)),
        ("まで2手で持将棋", Impasse, None),
        ("まで2手詰", Checkmate, None),
        ("まで2手で封じ手", Sealed, None),
    ];
    for (summary, kind, winner) in cases {
        let r = one(&format!("▲７六歩 △３四歩\n{summary}\n"));
        clean(&r);
        let e = r.ending().unwrap();
        assert_eq!(
            (&e.kind, e.stated_winner, e.raw.as_str()),
            (&kind, winner, summary)
        );
        assert_eq!(r.tree.node(r.tree.main_line().last().unwrap()).line, 2);
        assert_round_trip(summary, &r);
    }
    let r = one("▲７六歩 △３四歩\nまで3手で先手の勝ち\n");
    assert_eq!(codes(&r.warnings), ["summary-mismatch"]);
    let r = one("▲７六歩 △３四歩\nまで2手で勝負あり\n");
    assert_eq!(codes(&r.warnings), ["unknown-ending"]);
    // An ending word after a mark, then the summary naming the winner.
    let r = one("▲７六歩 △投了\nまで1手で先手の勝ち\n");
    clean(&r);
    let e = r.ending().unwrap();
    assert_eq!(
        (&e.kind, e.stated_winner),
        (&Resignation, Some(Color::Black))
    );
    // An ending word on its own line; a summary at the end of the moves' line.
    let r = one("▲７六歩\n投了\n");
    clean(&r);
    assert_eq!(r.ending().unwrap().kind, Resignation);
    let r = one("▲７六歩 △３四歩 まで2手で中断\n");
    clean(&r);
    assert_eq!(r.ending().unwrap().kind, Abort);
    assert_eq!(r.tree.main_line_moves().count(), 2);
}

#[test]
fn variations_deeper_first_and_same_at_a_branch() {
    // Kifu for Windows order: the branch at ply 3 of the main line, then the one at ply 2
    // with its own branch at ply 3, then ply 1.
    let text = "▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で中断\n\n変化：   4手\n△同　飛\n\n変化：   3手\n▲６六歩\n\n変化：   2手\n△８四歩    ▲２六歩\n\n変化：   3手\n▲６八銀\n\n変化：   1手\n▲２六歩\n";
    let r = one(text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let t = &r.tree;
    let main: Vec<_> = t.main_line().collect();
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(t.children(MoveTree::ROOT).count(), 2);
    assert_eq!(t.children(main[0]).count(), 2);
    assert_eq!(t.children(main[1]).count(), 2);
    // `同` at the start of a block: ply 3 of the line it branches from.
    let alt4 = t.children(main[2]).nth(1).unwrap();
    assert_eq!(t.node(alt4).move_entry().unwrap().mv.to_usi(), "8b2b");
    // The ply-3 block after the ply-2 one branches in that variation.
    let alt2 = t.children(main[0]).nth(1).unwrap();
    let third: Vec<String> = t
        .children(alt2)
        .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
        .collect();
    assert_eq!(third, ["2g2f", "7i6h"]);
    assert_round_trip("variations", &r);
}

#[test]
fn ambiguous_and_unresolvable_moves_stop_their_line() {
    // Line 2, column 11: ▲５八金 with golds on 6i and 4i.
    let r = one("▲７六歩 △３四歩\n▲６八銀 △８四歩 ▲５八金 △８五歩\n*ignored\nまで6手で中断\n\n変化：   2手\n△８四歩\n");
    assert_eq!(codes(&r.errors), ["ambiguous-move"]);
    let e = &r.errors[0];
    assert_eq!((e.line, e.column), (2, 11));
    assert!(e.message.contains("6i5h (５八金(69))"), "{}", e.message);
    assert!(e.message.contains("4i5h (５八金(49))"), "{}", e.message);
    assert!(e.message.contains("add 右 or 左"), "{}", e.message);
    // The main line keeps what came before; the variation is still read.
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "7i6h", "8c8d"]);
    assert!(r.ending().is_none());
    assert_eq!(
        r.tree.children(r.tree.main_line().next().unwrap()).count(),
        2
    );
    let last = r.tree.node(r.tree.main_line().last().unwrap());
    assert!(last.comments().is_empty());
    // Impossible: no gold reaches ５五.
    let r = one("▲７六歩 △３四歩\n  ▲５五金\n");
    assert_eq!(codes(&r.errors), ["unresolvable-move"]);
    assert_eq!((r.errors[0].line, r.errors[0].column), (2, 3));
    assert!(
        r.errors[0].message.contains("black has no 金"),
        "{}",
        r.errors[0].message
    );
    // Words no move fits: the moves tried are named.
    let r = one("▲５八金直\n");
    assert_eq!(codes(&r.errors), ["unresolvable-move"]);
    assert!(
        r.errors[0].message.contains("4i5h, 6i5h"),
        "{}",
        r.errors[0].message
    );
    // Text that is not a move.
    let r = one("▲７六歩 △３四犬\n");
    assert_eq!(codes(&r.errors), ["parse-error"]);
    assert_eq!((r.errors[0].line, r.errors[0].column), (1, 9));
    assert_eq!(usi_moves(&r), ["7g7f"]);
    // 同 with no move before it.
    let r = one("▲同　歩\n");
    assert_eq!(codes(&r.errors), ["unresolvable-move"]);
}

#[test]
fn leniency_warnings() {
    // A superfluous 打 (reported once), a superfluous relative word, 不成 where no
    // promotion is possible.
    let r = one("▲７六歩 △３四歩 ▲２二角成 △同　銀 ▲５五角打 △４五角打\n");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(codes(&r.warnings), ["superfluous-word"]);
    let r = one("▲７六歩右\n");
    assert_eq!(codes(&r.warnings), ["superfluous-word"]);
    assert!(r.warnings[0].message.contains("右"));
    let r = one("▲７六歩不成\n");
    assert_eq!(codes(&r.warnings), ["superfluous-word"]);
    // A mark that disagrees with the side to move: kept, replay reports the wrong turn.
    let r = one("▲７六歩 ▲２六歩\n");
    assert!(r.errors.is_empty() && r.warnings.is_empty());
    let rep = replay(&r, &ReplayOptions::default());
    assert_eq!(
        rep.fouls.first().map(|f| f.code.as_str()),
        Some("wrong-turn")
    );
    assert_round_trip("wrong turn", &r);
    // A foul the notation still names: a second pawn on the 2 file.
    let r = one("▲７六歩 △３四歩 ▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲２四歩 △同　歩 ▲同　飛 △２三歩 ▲２八飛 △３二金 ▲７七歩\nまで13手で先手の反則負け\n");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let rep = replay(&r, &ReplayOptions::default());
    assert_eq!(
        rep.fouls.first().map(|f| f.code.as_str()),
        Some("nifu"),
        "{:?}",
        rep.fouls
    );
    assert_round_trip("nifu", &r);
}

#[test]
fn writer_layout_six_moves_a_line() {
    let r = one("▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲７八金 △３二金 ▲２四歩 △同　歩 ▲同　飛 △２三歩\n*コメント\n▲２六飛 △６二銀 ▲７六歩\nまで13手で中断\n");
    clean(&r);
    let w = write(&r);
    assert!(w.dropped.is_empty(), "{:?}", w.dropped);
    let expected = "手合割：平手\n▲２六歩    △８四歩    ▲２五歩    △８五歩    ▲７八金    △３二金\n▲２四歩    △同　歩    ▲同　飛    △２三歩\n*コメント\n▲２六飛    △６二銀    ▲７六歩\nまで13手で中断\n";
    assert_eq!(w.text, expected);
}

#[test]
fn writer_notes_what_ki2_cannot_carry() {
    // Times, and endings from other formats turned into summaries.
    let mut r = Record::new();
    let a = r.tree.push(
        MoveTree::ROOT,
        NodeKind::Move(MoveEntry::new(Move::from_usi("7g7f").unwrap())),
        0,
    );
    r.tree.node_mut(a).time = Some(crate::record::MoveTime {
        spent_ms: Some(1000),
        total_ms: Some(1000),
    });
    r.tree.push(
        a,
        NodeKind::Ending(Box::new(Ending::new(EndingKind::Resignation, "%TORYO"))),
        0,
    );
    let w = write(&r);
    assert_eq!(w.text, "手合割：平手\n▲７六歩\nまで1手で先手の勝ち\n");
    assert_eq!(w.dropped, ["times"]);
    // Every ending kind becomes a summary that reads back as the same kind.
    use EndingKind::*;
    for kind in [
        Resignation,
        Abort,
        Repetition,
        Impasse,
        Timeout,
        IllegalMove,
        FoulWin,
        Declaration,
        Checkmate,
        NoMate,
        Sealed,
        ForfeitWin,
        ForfeitLoss,
    ] {
        let mut r = Record::new();
        let a = r.tree.push(
            MoveTree::ROOT,
            NodeKind::Move(MoveEntry::new(Move::from_usi("7g7f").unwrap())),
            0,
        );
        r.tree.push(
            a,
            NodeKind::Ending(Box::new(Ending::new(kind.clone(), "x"))),
            0,
        );
        let w = write(&r);
        let back = one(&w.text);
        assert_eq!(back.ending().map(|e| &e.kind), Some(&kind), "{}", w.text);
        assert!(w.dropped.is_empty(), "{kind:?}: {:?}", w.dropped);
    }
    // A draw has no Kakinoki word: written as 持将棋 (as tsshogi and rsshogi write it;
    // json-kifu-format rejects `引き分け`), and named.
    let mut r = Record::new();
    let a = r.tree.push(
        MoveTree::ROOT,
        NodeKind::Move(MoveEntry::new(Move::from_usi("7g7f").unwrap())),
        0,
    );
    r.tree.push(
        a,
        NodeKind::Ending(Box::new(Ending::new(Draw, "%HIKIWAKE"))),
        0,
    );
    let w = write(&r);
    assert!(w.text.ends_with("まで1手で持将棋\n"), "{}", w.text);
    assert_eq!(
        w.dropped,
        ["ending `%HIKIWAKE` (written as `まで1手で持将棋`)"]
    );
}

/// A tiny deterministic generator, so a failing seed replays exactly.
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

fn starts() -> Vec<Position> {
    let mut v: Vec<Position> = Handicap::all()
        .filter_map(|h| Position::from_setup(&h.setup()).ok())
        .collect();
    v.push(
        Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap(),
    );
    v
}

/// Checks every legal move of `pos`: the written notation reads back as the move, with
/// `同` too, and carries no word it does not need.
fn check_every_move(pos: &Position, stats: &mut [usize; 4]) {
    for m in pos.legal_moves() {
        let km = Ki2Move::from_move(pos, m, None)
            .unwrap_or_else(|| panic!("{} {m}: no notation", pos.to_sfen()));
        let text = km.to_string();
        let parsed: Ki2Move = text.parse().unwrap();
        assert_eq!(parsed, km, "{text}");
        let r = parsed
            .to_move(pos, None)
            .unwrap_or_else(|e| panic!("{} {m} {text}: {e:?}", pos.to_sfen()));
        assert_eq!(r.mv, m, "{} {text}", pos.to_sfen());
        assert!(
            r.legal && r.superfluous.is_empty(),
            "{} {text}",
            pos.to_sfen()
        );
        // Every relative word is needed (pins and checks disregarded, as the rules count).
        for i in 0..km.relative.len() {
            let mut less = km.clone();
            less.relative.remove(i);
            assert!(
                !less.names_in(pos, m),
                "{} {m}: {text} without word {i} still names it",
                pos.to_sfen()
            );
        }
        // 打 only when the plain notation names a board move (a pinned piece's too).
        if km.drop {
            let mut less = km.clone();
            less.drop = false;
            assert!(!less.names_in(pos, m), "{} {text}", pos.to_sfen());
        }
        // 不成 only when promoting was possible.
        if km.promotion == Some(Promo::Decline) {
            let Move::Normal { from, to, .. } = m else {
                panic!("{text}")
            };
            assert!(
                pos.is_legal(Move::Normal {
                    from,
                    to,
                    promote: true
                }),
                "{} {text}",
                pos.to_sfen()
            );
        }
        // 同 names the same move.
        let same = Ki2Move::from_move(pos, m, Some(m.to())).unwrap();
        let same_text = same.to_string();
        assert!(same_text.contains('同'));
        let back: Ki2Move = same_text.parse().unwrap();
        assert_eq!(
            back.to_move(pos, Some(m.to())).unwrap().mv,
            m,
            "{same_text}"
        );
        stats[0] += 1;
        stats[1] += usize::from(!km.relative.is_empty());
        stats[2] += usize::from(km.relative.len() > 1);
        stats[3] += usize::from(km.drop);
    }
}

/// The property: along random playouts from the even game, every handicap and a
/// middle-game position, every legal move is written with only the words it needs and
/// reads back as itself.
#[test]
fn every_legal_move_round_trips_with_minimal_words() {
    let mut stats = [0usize; 4];
    let mut positions = 0;
    let mut words = std::collections::BTreeMap::new();
    for (s, start) in starts().into_iter().enumerate() {
        for game in 0..6u64 {
            let mut rng = Rng((s as u64 + 1) * 7919 + game * 104_729);
            let mut pos = start.clone();
            for _ in 0..160 {
                check_every_move(&pos, &mut stats);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    if let Some(k) = Ki2Move::from_move(&pos, *m, None) {
                        let w: String = k.relative.iter().map(|r| r.kanji()).collect();
                        if !w.is_empty() {
                            *words.entry(w).or_insert(0usize) += 1;
                        }
                    }
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
    }
    eprintln!(
            "{positions} positions, {} moves, {} with words, {} with two, {} drops with 打; words {words:?}",
            stats[0], stats[1], stats[2], stats[3]
        );
    assert!(positions > 2000, "{positions}");
    assert!(stats[2] > 0 && stats[3] > 0, "{stats:?}");
    for w in ["右", "左", "直", "上", "引", "寄"] {
        assert!(words.contains_key(w), "{w} never needed: {words:?}");
    }
    let _ = Relative::Up;
}

/// Random records with variations, comments, wrong-turn marks and every ending: read →
/// write → read gives the same record.
#[test]
fn random_records_round_trip() {
    let kinds = [
        EndingKind::Resignation,
        EndingKind::Timeout,
        EndingKind::Repetition,
        EndingKind::Abort,
        EndingKind::IllegalMove,
        EndingKind::FoulWin,
        EndingKind::Checkmate,
    ];
    let handicaps: Vec<Handicap> = Handicap::all().collect();
    for seed in 1..120u64 {
        let mut rng = Rng(seed * 2_654_435_761);
        let mut r = Record::new();
        r.start = Start::Handicap(handicaps[rng.below(handicaps.len() as u64) as usize]);
        r.metadata.push(MetaKey::BlackName, "先手", "黒", 0);
        let start = r.start.position().unwrap();
        let mut lines = vec![(MoveTree::ROOT, start)];
        for branch in 0..3 {
            let (mut parent, mut pos) = if branch == 0 {
                lines[0].clone()
            } else {
                // Branch off a random node of a line already written.
                let (id, p) = lines[rng.below(lines.len() as u64) as usize].clone();
                (id, p)
            };
            let plies = 1 + rng.below(if branch == 0 { 120 } else { 12 });
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                let id = r.tree.push(parent, NodeKind::Move(MoveEntry::new(m)), 0);
                if rng.below(8) == 0 {
                    r.tree
                        .node_mut(id)
                        .notes_mut()
                        .comments
                        .push(format!("手 {}", rng.below(100)));
                }
                pos.play_unchecked(m);
                parent = id;
                if rng.below(10) == 0 {
                    lines.push((parent, pos.clone()));
                }
            }
            if rng.below(2) == 0 {
                let kind = kinds[rng.below(kinds.len() as u64) as usize].clone();
                r.tree
                    .push(parent, NodeKind::Ending(Box::new(Ending::new(kind, ""))), 0);
            }
        }
        let w = write(&r);
        let first = one(&w.text);
        assert!(
            first.errors.is_empty(),
            "{seed}: {:?}\n{}",
            first.errors,
            w.text
        );
        let a = replay(&r, &ReplayOptions::default());
        let b = replay(&first, &ReplayOptions::default());
        assert_eq!(a.moves, b.moves, "{seed}\n{}", w.text);
        assert_eq!(r.tree.len(), first.tree.len(), "{seed}\n{}", w.text);
        assert_round_trip(&format!("seed {seed}"), &first);
    }
}

fn fixtures_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/ki2")
}

fn read_file(path: &std::path::Path) -> Record {
    let bytes = std::fs::read(path).unwrap();
    let ext = path.extension().and_then(|e| e.to_str());
    let text = decode(&bytes, ext, EncodingChoice::Auto).text;
    one(&text)
}

#[test]
fn fixtures() {
    let mut names: Vec<_> = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ki2" || x == "ki2u"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "{names:?}");
    for path in names {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let r = read_file(&path);
        let moves = usi_moves(&r);
        let warn = codes(&r.warnings);
        let rep = replay(&r, &ReplayOptions::default());
        let mut fouls: Vec<&str> = rep.fouls.iter().map(|f| f.code.as_str()).collect();
        match name.as_str() {
            "irregular-spacing-marks.ki2u" => {
                assert_eq!(moves.len(), 24, "{moves:?}");
                assert_eq!(r.ending().unwrap().kind, EndingKind::Timeout);
                assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
            }
            "bod-rooks-iku-iri-nama.ki2" => {
                assert!(matches!(r.start, Start::Position(_)));
                assert_eq!(r.metadata.get_raw("作者"), Some("テスト"));
                assert_eq!(r.tree.root().comments().len(), 1);
                assert_eq!(
                    [&moves[0], &moves[2], &moves[4], &moves[6]],
                    ["4i4e", "9e9d", "4e4d", "3d3c"]
                );
                assert_eq!(r.ending().unwrap().kind, EndingKind::Abort);
            }
            "kfw-variations.ki2" => {
                assert!(r.tree.has_variations());
                let endings = r
                    .tree
                    .ids()
                    .filter_map(|id| r.tree.node(id).ending())
                    .count();
                assert_eq!(endings, 4);
                assert_eq!(r.ending().unwrap().kind, EndingKind::Repetition);
            }
            "nifu-hansokumake.ki2" => {
                assert_eq!(r.ending().unwrap().kind, EndingKind::IllegalMove);
                assert_eq!(fouls, ["nifu"]);
                fouls.clear();
            }
            "handicap-uwate-first.ki2" => {
                assert_eq!(r.start, Start::Handicap(Handicap::TwoPieces));
                assert_eq!(
                    r.tree.main_line_moves().next().unwrap().mover,
                    Some(Color::White)
                );
                assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
            }
            "always-da.ki2" => {
                assert_eq!(warn, ["superfluous-word"]);
            }
            other => panic!("fixture {other} has no check"),
        }
        assert!(r.errors.is_empty(), "{name}: {:?}", r.errors);
        let allowed: &[&str] = match name.as_str() {
            "always-da.ki2" => &["superfluous-word"],
            _ => &[],
        };
        assert_eq!(warn, allowed, "{name}: {:?}", r.warnings);
        assert!(fouls.is_empty(), "{name}: {:?}", rep.fouls);
        assert!(rep.errors.is_empty(), "{name}: {:?}", rep.errors);
        assert_round_trip(&name, &r);
    }
}

/// Reads every `.ki2`/`.ki2u` file of the shared corpus (when present), replays it, writes
/// it back, and compares it with the same game in another format where there is one.
#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn corpus_reads_replays_and_round_trips() {
    let Some(corpus) = crate::formats::corpus_support::Corpus::open() else {
        return;
    };
    let root = corpus.root.clone();
    let malformed = corpus.malformed.clone();
    let files = corpus.files(&["ki2", "ki2u"]);
    let (mut failures, mut moves, mut twins) = (Vec::new(), 0, 0);
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let r = read_file(path);
        moves += r.tree.len();
        if !r.errors.is_empty() && !malformed.iter().any(|m| m == &rel) {
            failures.push(format!("{rel}: errors {:?}", r.errors));
        }
        for w in &r.warnings {
            eprintln!(
                "warning {rel}: {} {}:{} {}",
                w.code, w.line, w.column, w.message
            );
        }
        let rep = replay(&r, &ReplayOptions::default());
        if !rep.fouls.is_empty() {
            failures.push(format!("{rel}: fouls {:?}", rep.fouls));
        }
        let (back, w) = round_trip(&r);
        // Comments after the summary are named in `dropped` (json-kifu-format stops there).
        let mut r = r.clone();
        if w.dropped
            .iter()
            .any(|d| d.starts_with("comments on endings"))
        {
            let ids: Vec<_> = r.tree.ids().collect();
            for id in ids {
                let n = r.tree.node_mut(id);
                if matches!(n.kind, NodeKind::Ending(_)) {
                    *n.notes_mut() = Default::default();
                }
            }
        }
        if !back.errors.is_empty() {
            failures.push(format!(
                "{rel}: written text does not read: {:?}\n{}",
                back.errors, w.text
            ));
        } else if comparable(&back) != comparable(&r) {
            let (a, b) = (comparable(&r), comparable(&back));
            let diff = a
                .iter()
                .zip(&b)
                .find(|(x, y)| x != y)
                .map(|(x, y)| format!("{x}\n   vs {y}"))
                .unwrap_or_else(|| format!("lengths {} vs {}", a.len(), b.len()));
            failures.push(format!("{rel}: round trip differs: {diff}"));
        }
        // The same game in another format: same directory and stem, or the sibling
        // `kif`/`csa` directory (json-kifu-format keeps one directory per format).
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let dir = path.parent().unwrap();
        let mut others = Vec::new();
        for ext in ["kif", "kifu", "csa", "jkf", "json"] {
            others.push(dir.join(format!("{stem}.{ext}")));
            if let Some(up) = dir.parent() {
                others.push(up.join(ext).join(format!("{stem}.{ext}")));
            }
        }
        for other in others.into_iter().filter(|p| p.is_file()) {
            let other_rel = other
                .strip_prefix(&root)
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default();
            if NOT_TWINS
                .iter()
                .any(|(a, b, _)| *a == rel && *b == other_rel)
            {
                continue;
            }
            let ext = other.extension().and_then(|e| e.to_str()).unwrap();
            let bytes = std::fs::read(&other).unwrap();
            let text = decode(&bytes, Some(ext), EncodingChoice::Auto).text;
            let format = Format::from_extension(ext).unwrap();
            let theirs = crate::formats::read_str(&text, format);
            let Some(t) = theirs.first() else { continue };
            twins += 1;
            let a = replay(t, &ReplayOptions::default()).moves;
            if a != rep.moves {
                let at = a.iter().zip(&rep.moves).position(|(x, y)| x != y);
                failures.push(format!(
                    "{rel}: differs from {} ({} vs {} moves, first difference at {at:?})",
                    other.display(),
                    rep.moves.len(),
                    a.len()
                ));
            }
        }
    }
    eprintln!(
        "corpus: {} ki2 files, {moves} nodes, {twins} twins in other formats",
        files.len()
    );
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} corpus failures", failures.len());
}

/// Files named like a KI2 file that hold another game, checked by hand.
const NOT_TWINS: [(&str, &str, &str); 1] = [(
        "json-kifu-format/packages/json-kifu-format/test/files/ki2/noeol.ki2",
        "json-kifu-format/packages/json-kifu-format/test/files/csa/noeol.csa",
        "the CSA file is a copy of example.csa (▲２六歩 △３四歩), the KI2 file ▲７六歩 △３四歩 ▲２二角成",
    )];

/// Every KIF game of the corpus converts to KI2 and reads back to the same moves.
#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn kif_corpus_converts_to_ki2() {
    let Some(corpus) = crate::formats::corpus_support::Corpus::open() else {
        return;
    };
    let (mut games, mut failures) = (0, Vec::new());
    for path in corpus.files(&["kif", "kifu", "csa"]) {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap()
            .to_string();
        let bytes = std::fs::read(&path).unwrap();
        let text = decode(&bytes, Some(&ext), EncodingChoice::Auto).text;
        let format = Format::from_extension(&ext).unwrap();
        for r in crate::formats::read_str(&text, format) {
            if !r.errors.is_empty() {
                continue;
            }
            games += 1;
            let w = write(&r);
            let back = one(&w.text);
            let a = replay(&r, &ReplayOptions::default());
            let b = replay(&back, &ReplayOptions::default());
            let complete = !w
                .dropped
                .iter()
                .any(|d| d.starts_with("moves") || d.starts_with("the moves"));
            if !back.errors.is_empty()
                || (complete && (a.moves != b.moves || a.final_position != b.final_position))
            {
                failures.push(format!(
                    "{}: {:?} {:?}\n{}",
                    path.display(),
                    back.errors,
                    w.dropped,
                    w.text
                ));
            }
        }
    }
    eprintln!("kif/csa corpus: {games} games converted to KI2");
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
}

/// Speed: `cargo test --release --lib ki2::tests::read_speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn read_speed() {
    // An opening, then golds shuffling (with the words they need), six moves a
    // line as Kifu for Windows writes them.
    let opening = "▲７六歩    △３四歩    ▲２二角成  △同　銀\n";
    let cycle = [
        "▲５八金右",
        "△５二金左",
        "▲４八金",
        "△４二金",
        "▲４九金",
        "△４一金",
    ];
    let per = 4;
    let n = 100_000;
    let mut text = String::from("手合割：平手\n");
    text.push_str(opening);
    for i in 0..n * cycle.len() {
        let m = cycle[i % cycle.len()];
        text.push_str(m);
        if i % 6 == 5 {
            text.push('\n');
        } else {
            let width: usize = m.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            text.push_str(&" ".repeat(12 - width));
        }
    }
    let cpu_ns = || {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
    };
    let total = per + n * cycle.len();
    let (mut best, mut best_cpu) = (f64::MAX, f64::MAX);
    for _ in 0..5 {
        let c = cpu_ns();
        let t = std::time::Instant::now();
        let r = read(&text);
        let secs = t.elapsed().as_secs_f64();
        if let (Some(a), Some(b)) = (c, cpu_ns()) {
            best_cpu = best_cpu.min((b - a) / 1e9);
        }
        assert!(r[0].errors.is_empty(), "{:?}", r[0].errors);
        assert_eq!(r[0].tree.len(), total + 1);
        best = best.min(secs);
    }
    eprintln!(
        "{:.2} million moves/s wall, {:.2} on the CPU ({} bytes)",
        total as f64 / best / 1e6,
        total as f64 / best_cpu / 1e6,
        text.len()
    );
}

/// What json-kifu-format's KI2 reader (Kifu for JS) stops at, line by line: a `#` line before
/// the first `key：value` line, and any line but a variation after a `まで…` summary.
fn json_kifu_format_rejects(text: &str) -> Option<String> {
    let mut seen_header = false;
    let mut after_summary = false;
    for line in text.lines() {
        if line.starts_with('#') && !seen_header {
            return Some(format!("banner line before the headers: {line}"));
        }
        seen_header |= line.contains('：');
        if line.starts_with("まで") {
            after_summary = true;
        } else if line.starts_with("変化") {
            after_summary = false;
        } else if after_summary && !line.trim().is_empty() {
            return Some(format!("line after the summary: {line}"));
        }
    }
    None
}

/// Issue 27: json-kifu-format (Kifu for JS) could not read the KI2 written from a record with
/// a banner (every Kifu for Windows and Shogi Quest source: 22 of 52 real records) or with
/// comments on the ending. The banner goes after the first header line, where that reader
/// skips `#` lines, and reads back as the banner; comments on an ending are named in
/// `dropped`.
#[test]
fn json_kifu_format_reads_the_banner_and_no_line_after_the_summary() {
    let kif = "# ---- Kifu for Windows V7 棋譜ファイル ----\n#second\n先手：A\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n*after the end\nまで2手で後手の勝ち\n";
    let r = crate::formats::kif::read(kif).remove(0);
    assert_eq!(r.tree.root().remarks().len(), 2);
    let w = write(&r);
    assert_eq!(json_kifu_format_rejects(&w.text), None, "{}", w.text);
    assert!(
        w.dropped.iter().any(|d| d.contains("comments on endings")),
        "{:?}",
        w.dropped
    );
    let back = one(&w.text);
    clean(&back);
    assert_eq!(back.tree.root().remarks(), r.tree.root().remarks());
    assert_eq!(usi_moves(&back), ["7g7f", "3c3d"]);
    // A record whose first header is the board diagram's: the banner follows that line.
    let sfen = "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b";
    let mut r = crate::formats::usi::read(sfen).remove(0);
    r.tree
        .node_mut(MoveTree::ROOT)
        .notes_mut()
        .remarks
        .push("banner".into());
    let w = write(&r);
    assert_eq!(json_kifu_format_rejects(&w.text), None, "{}", w.text);
    let back = one(&w.text);
    clean(&back);
    assert_eq!(back.tree.root().remarks(), ["banner"]);
}
