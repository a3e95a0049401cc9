//! Tests of the JKF reader and writer.

use super::write::preset_widely_read;
use super::*;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::{
    Ending, EndingKind, MetaKey, MoveEntry, MoveTime, MoveTree, NodeId, NodeKind, Record, Start,
};
use crate::shogi::{Color, Handicap, Move, PieceKind, Setup, Square};
use serde_json::Value;

fn one(text: &str) -> Record {
    let mut rs = read(text);
    assert_eq!(rs.len(), 1, "{rs:?}");
    rs.remove(0)
}

fn clean(r: &Record) {
    assert!(r.errors.is_empty(), "errors: {:?}", r.errors);
    assert!(r.warnings.is_empty(), "warnings: {:?}", r.warnings);
}

fn usi_line(r: &Record, from: NodeId) -> Vec<String> {
    r.tree
        .line_from(from)
        .filter_map(|id| r.tree.node(id).move_entry())
        .map(|m| m.mv.to_usi())
        .collect()
}

fn usi_moves(r: &Record) -> Vec<String> {
    usi_line(r, MoveTree::ROOT)
}

/// A JKF element for a board move `usi` by `color` with the piece before the move.
fn mv(color: u8, usi: &str, piece: &str) -> String {
    let m = Move::from_usi(usi).unwrap();
    let to = m.to();
    let promote = if m.is_promotion() {
        ",\"promote\":true"
    } else {
        ""
    };
    match m.from() {
        Some(f) => format!(
            "{{\"move\":{{\"color\":{color},\"from\":{{\"x\":{},\"y\":{}}},\"to\":{{\"x\":{},\"y\":{}}},\"piece\":\"{piece}\"{promote}}}}}",
            f.file(), f.rank(), to.file(), to.rank()
        ),
        None => format!(
            "{{\"move\":{{\"color\":{color},\"to\":{{\"x\":{},\"y\":{}}},\"piece\":\"{piece}\"}}}}",
            to.file(), to.rank()
        ),
    }
}

/// Everything a record says, in a form that does not depend on node numbering or lines.
fn comparable(r: &Record) -> impl PartialEq + std::fmt::Debug {
    let meta: Vec<_> = r
        .metadata
        .entries()
        .iter()
        .map(|e| (e.key, e.raw_key.clone(), e.value.clone()))
        .collect();
    let mut nodes = Vec::new();
    let mut stack = vec![(MoveTree::ROOT, 0usize)];
    while let Some((id, depth)) = stack.pop() {
        let n = r.tree.node(id);
        nodes.push((
            depth,
            n.kind.clone(),
            n.time,
            n.comments().to_vec(),
            n.engine_comments().to_vec(),
        ));
        let children: Vec<_> = r.tree.children(id).collect();
        for c in children.into_iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    (meta, r.start.clone(), nodes)
}

fn round_trip(r: &Record) -> Record {
    let w = write(r);
    let back = one(&w.text);
    assert!(back.errors.is_empty(), "{:?}\n{}", back.errors, w.text);
    back
}

#[test]
fn reads_header_in_order_moves_times_comments_and_ending() {
    let text = r#"{
  "header": {"表題": "T", "先手": "A", "後手": "B", "開始日時": "2024/01/01", "棋戦": "E",
         "場所": "S", "持ち時間": " 1h ", "戦型": "O", "終了日時": "X", "備考": "n"},
  "moves": [
{"comments": ["root", "** 12 +7776FU"]},
{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"},
 "time": {"now": {"m": 1, "s": 2}, "total": {"h": 1, "m": 0, "s": 3}},
 "comments": ["good"]},
{"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"},
 "time": {"now": {"m": 0, "s": 5}}},
{"special": "TORYO", "time": {"now": {"m": 0, "s": 1}, "total": {"h": 0, "m": 1, "s": 3}}}
  ]
}"#;
    let r = one(text);
    clean(&r);
    let keys: Vec<_> = r
        .metadata
        .entries()
        .iter()
        .map(|e| (e.key, e.raw_key.as_str(), e.value.as_str()))
        .collect();
    assert_eq!(
        keys,
        [
            (MetaKey::Title, "表題", "T"),
            (MetaKey::BlackName, "先手", "A"),
            (MetaKey::WhiteName, "後手", "B"),
            (MetaKey::StartTime, "開始日時", "2024/01/01"),
            (MetaKey::Event, "棋戦", "E"),
            (MetaKey::Site, "場所", "S"),
            (MetaKey::TimeLimit, "持ち時間", "1h"),
            (MetaKey::Opening, "戦型", "O"),
            (MetaKey::EndTime, "終了日時", "X"),
            (MetaKey::Other, "備考", "n"),
        ]
    );
    assert_eq!(r.metadata.entries()[1].line, 2);
    assert_eq!(r.metadata.entries()[9].line, 3);
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d"]);
    assert_eq!(r.tree.root().comments(), ["root"]);
    assert_eq!(r.tree.root().engine_comments(), ["12 +7776FU"]);
    let ids: Vec<_> = r.tree.main_line().collect();
    let first = r.tree.node(ids[0]);
    assert_eq!(first.line, 6);
    assert_eq!(first.comments(), ["good"]);
    assert_eq!(
        first.time,
        Some(MoveTime {
            spent_ms: Some(62_000),
            total_ms: Some(3_603_000)
        })
    );
    let m = first.move_entry().unwrap();
    assert_eq!(m.mover, Some(Color::Black));
    assert_eq!(m.piece, Some(PieceKind::Pawn.into()));
    assert_eq!(
        r.tree.node(ids[1]).time,
        Some(MoveTime {
            spent_ms: Some(5_000),
            total_ms: None
        })
    );
    let end = r.tree.node(ids[2]);
    assert_eq!(end.line, 11);
    assert_eq!(end.ending().unwrap().kind, EndingKind::Resignation);
    assert_eq!(end.ending().unwrap().raw, "TORYO");
    assert_eq!(end.time.unwrap().spent_ms, Some(1000));
    let rep = replay(&r, &ReplayOptions::default());
    assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
    assert_eq!(rep.outcome.winner, Some(Color::White));
}

#[test]
fn promotions_captures_and_drops() {
    let text = r#"{"header": {}, "moves": [{},
 {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}},
 {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}},
 {"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "promote": true, "capture": "KA"}},
 {"move": {"color": 1, "from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "piece": "GI", "same": true, "capture": "UM", "relative": "L"}},
 {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "KA", "relative": "H"}},
 {"move": {"color": 1, "from": {"x": 0, "y": 0}, "to": {"x": 3, "y": 3}, "piece": "KA"}}
]}"#;
    let r = one(text);
    clean(&r);
    assert_eq!(
        usi_moves(&r),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e", "B*3c"]
    );
    let moves: Vec<_> = r.tree.main_line_moves().collect();
    assert_eq!(moves[2].piece, Some(PieceKind::Horse.into()));
    assert_eq!(moves[3].piece, Some(PieceKind::Silver.into()));
    assert_eq!(moves[4].piece, Some(PieceKind::Bishop.into()));
    let rep = replay(&r, &ReplayOptions::default());
    assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
    // A promoted piece named without `promote` is still a promotion for replay.
    let r = one(r#"{"header":{},"moves":[{},
 {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
 {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
 {"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"UM"}}]}"#);
    clean(&r);
    let rep = replay(&r, &ReplayOptions::default());
    assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
    let pos = rep.final_position.unwrap();
    assert_eq!(
        pos.piece_at(Square::new(2, 2).unwrap()).unwrap().kind,
        PieceKind::Horse
    );
    // Missing color and piece on a board move: the board decides.
    let r = one(r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}}}]}"#);
    clean(&r);
    let m = r.tree.main_line_moves().next().unwrap();
    assert_eq!((m.mover, m.piece), (None, None));
}

#[test]
fn every_preset_and_unknown_presets() {
    for h in Handicap::all() {
        let Some(code) = h.jkf_preset() else {
            continue;
        };
        let r = one(&format!(
            "{{\"header\":{{}},\"initial\":{{\"preset\":\"{code}\"}},\"moves\":[{{}}]}}"
        ));
        clean(&r);
        assert_eq!(r.start, Start::Handicap(h));
        let back = round_trip(&r);
        assert_eq!(back.start, Start::Handicap(h));
        if preset_widely_read(code) {
            assert!(write(&r).text.contains(&format!("\"preset\": \"{code}\"")));
        }
    }
    // Names JKF has no preset for, and presets tsshogi or rsshogi reject, are written as
    // OTHER and read back by name.
    for h in [
        Handicap::Dragonfly,
        Handicap::NineteenPieces,
        Handicap::ThreePieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
    ] {
        let mut r = Record::new();
        r.start = Start::Handicap(h);
        let w = write(&r);
        assert!(w.text.contains("\"OTHER\""));
        assert_eq!(one(&w.text).start, Start::Handicap(h));
    }
    let r = one("{\"header\":{},\n\"initial\":{\"preset\":\"KY_L\"},\"moves\":[{}]}");
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.errors[0].code, "unknown-handicap");
    assert_eq!((r.errors[0].line, r.errors[0].column), (2, 11));
    assert!(r.errors[0].message.contains("KY_L"));
}

fn other_position(color: u8, board: &[(u8, u8, u8, &str)], hands: &str) -> String {
    let mut cols = Vec::new();
    for x in 1..=9 {
        let mut cells = Vec::new();
        for y in 1..=9 {
            match board.iter().find(|c| c.0 == x && c.1 == y) {
                Some((_, _, c, k)) => cells.push(format!("{{\"color\":{c},\"kind\":\"{k}\"}}")),
                None => cells.push("{}".into()),
            }
        }
        cols.push(format!("[{}]", cells.join(",")));
    }
    format!(
        "{{\"preset\":\"OTHER\",\"data\":{{\"color\":{color},\"board\":[{}],\"hands\":{hands}}}}}",
        cols.join(",")
    )
}

#[test]
fn other_positions() {
    let initial = other_position(
        1,
        &[
            (5, 1, 1, "OU"),
            (5, 9, 0, "OU"),
            (1, 3, 0, "TO"),
            (2, 2, 1, "UM"),
        ],
        r#"[{"FU":2,"KY":0,"KE":0,"GI":1,"KI":0,"KA":0,"HI":0},{"HI":2}]"#,
    );
    let r = one(&format!(
        "{{\"header\":{{}},\"initial\":{initial},\"moves\":[{{}},\n{}]}}",
        mv(1, "5a4b", "OU")
    ));
    clean(&r);
    let Start::Position(s) = &r.start else {
        panic!("{:?}", r.start)
    };
    assert_eq!(s.to_sfen(), "4k4/7+b1/8+P/9/9/9/9/9/4K4 w S2P2r 1");
    assert_eq!(usi_moves(&r), ["5a4b"]);
    let back = round_trip(&r);
    assert_eq!(comparable(&back), comparable(&r));
    // An OTHER position that is a standard start is that start.
    let even = Setup::startpos();
    let cells: Vec<_> = Square::all()
        .filter_map(|sq| {
            even.piece_at(sq)
                .map(|p| (sq.file(), sq.rank(), p.color.index() as u8, code_of(p.kind)))
        })
        .collect();
    let r = one(&format!(
        "{{\"header\":{{}},\"initial\":{},\"moves\":[{{}}]}}",
        other_position(0, &cells, "[{},{}]")
    ));
    clean(&r);
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
    // Structural problems name their path.
    let bad = other_position(0, &[(5, 1, 1, "XX")], "[{},{}]");
    let r = one(&format!(
        "{{\"header\":{{}},\"initial\":{bad},\"moves\":[{{}}]}}"
    ));
    assert_eq!(r.errors[0].code, "invalid-jkf");
    assert!(
        r.errors[0]
            .message
            .contains("`initial.data.board[4][0].kind`"),
        "{}",
        r.errors[0].message
    );
    let r = one(r#"{"header":{},"initial":{"preset":"OTHER"},"moves":[{}]}"#);
    assert!(r.errors[0].message.contains("`initial.data`"));
    let r = one(
        r#"{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[[]],"hands":[{},{}]}},"moves":[{}]}"#,
    );
    assert!(r.errors[0].message.contains("`initial.data.board`"));
}

/// Forks: one on the first move, nested three deep, and two forks on one move.
const FORKS: &str = r#"{"header": {}, "moves": [
  {},
  {"move": {"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},
   "forks": [[{"move": {"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
          {"move": {"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]]},
  {"move": {"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},
   "forks": [
 [{"move": {"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}},
  {"move": {"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"},
   "forks": [[{"move": {"color":0,"from":{"x":6,"y":9},"to":{"x":7,"y":8},"piece":"KI"}},
              {"move": {"color":1,"from":{"x":8,"y":4},"to":{"x":8,"y":5},"piece":"FU"},
               "forks": [[{"move": {"color":1,"from":{"x":4,"y":1},"to":{"x":3,"y":2},"piece":"KI"}},
                          {"special": "CHUDAN"}]]}]]}],
 [{"move": {"color":1,"from":{"x":5,"y":1},"to":{"x":4,"y":2},"piece":"OU"}}]
   ]},
  {"move": {"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}},
  {"special": "TORYO"}
]}"#;

#[test]
fn forks_replace_their_move_and_nest() {
    let r = one(FORKS);
    clean(&r);
    let t = &r.tree;
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "8h2b+"]);
    let roots: Vec<_> = t.children(MoveTree::ROOT).collect();
    assert_eq!(roots.len(), 2);
    assert_eq!(usi_line(&r, MoveTree::ROOT)[0], "7g7f");
    assert_eq!(t.node(roots[1]).move_entry().unwrap().mv.to_usi(), "2g2f");
    assert_eq!(usi_line(&r, roots[1]), ["8c8d"]);
    // Alternatives to 3c3d, in file order.
    let first = roots[0];
    let alts: Vec<_> = t
        .children(first)
        .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
        .collect();
    assert_eq!(alts, ["3c3d", "8c8d", "5a4b"]);
    let v1 = t.children(first).nth(1).unwrap();
    let v1_next = t.node(v1).first_child().unwrap();
    let deeper: Vec<_> = t
        .children(v1)
        .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
        .collect();
    assert_eq!(deeper, ["2g2f", "6i7h"]);
    let k = t.children(v1).nth(1).unwrap();
    let third: Vec<_> = t
        .children(k)
        .map(|c| t.node(c).move_entry().unwrap().mv.to_usi())
        .collect();
    assert_eq!(third, ["8d8e", "4a3b"]);
    let deepest = t.children(k).nth(1).unwrap();
    assert_eq!(
        t.node(t.node(deepest).first_child().unwrap())
            .ending()
            .unwrap()
            .kind,
        EndingKind::Abort
    );
    assert_eq!(t.ply_of(deepest), 4);
    assert_eq!(t.node(v1_next).move_entry().unwrap().mv.to_usi(), "2g2f");
    assert!(t.node(deepest).line > 0);
    let rep = replay(&r, &ReplayOptions::default());
    assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
    let back = round_trip(&r);
    clean(&back);
    assert_eq!(comparable(&back), comparable(&r));
    // Written again, the text is the same.
    assert_eq!(write(&back).text, write(&r).text);
}

#[test]
fn specials() {
    let table = [
        ("TORYO", EndingKind::Resignation),
        ("CHUDAN", EndingKind::Abort),
        ("SENNICHITE", EndingKind::Repetition),
        ("OUTE_SENNICHITE", EndingKind::PerpetualCheck),
        ("TIME_UP", EndingKind::Timeout),
        ("ILLEGAL_MOVE", EndingKind::IllegalMove),
        (
            "+ILLEGAL_ACTION",
            EndingKind::IllegalAction {
                loser: Color::Black,
            },
        ),
        (
            "-ILLEGAL_ACTION",
            EndingKind::IllegalAction {
                loser: Color::White,
            },
        ),
        ("JISHOGI", EndingKind::Impasse),
        ("KACHI", EndingKind::Declaration),
        ("HIKIWAKE", EndingKind::Draw),
        ("MATTA", EndingKind::Matta),
        ("TSUMI", EndingKind::Checkmate),
        ("FUZUMI", EndingKind::NoMate),
        ("ERROR", EndingKind::Error),
        ("MAX_MOVES", EndingKind::MaxMoves),
        ("%TORYO", EndingKind::Resignation),
    ];
    for (word, kind) in table {
        let r = one(&format!(
            "{{\"header\":{{}},\"moves\":[{{}},{{\"special\":\"{word}\"}}]}}"
        ));
        clean(&r);
        let e = r.ending().unwrap();
        assert_eq!((&e.kind, e.raw.as_str()), (&kind, word));
        let back = round_trip(&r);
        assert_eq!(back.ending().unwrap().kind, kind);
    }
    let r = one(r#"{"header":{},"moves":[{},{"special":"WHATEVER"}]}"#);
    assert_eq!(r.ending().unwrap().kind, EndingKind::Unknown);
    assert_eq!(r.ending().unwrap().raw, "WHATEVER");
    assert_eq!(r.warnings[0].code, "unknown-special");
    assert!(write(&r).text.contains("\"special\": \"WHATEVER\""));
    // Moves after an ending are kept after it.
    let r = one(&format!(
        "{{\"header\":{{}},\"moves\":[{{}},{{\"special\":\"TORYO\"}},{}]}}",
        mv(0, "7g7f", "FU")
    ));
    assert_eq!(r.warnings[0].code, "move-after-ending");
    let end = r.tree.main_line().next().unwrap();
    assert!(r.tree.node(end).first_child().is_some());
    let w = write(&r);
    assert_eq!(w.dropped, ["moves after the ending"]);
}

#[test]
fn json_syntax_errors_have_line_and_character_column() {
    let r = one("{\"header\": {\"先手\": \"羽生\"},\n  \"moves\": [{}, {\"move\": x}]\n}");
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!(e.code, "parse-error");
    assert_eq!((e.line, e.column), (2, 26));
    assert!(
        e.message.starts_with("The text is not valid JSON: "),
        "{}",
        e.message
    );
    assert!(e.message.ends_with('.'));
    // Columns count characters, not bytes.
    let r = one("{\"header\": {\"先手\": \"羽生\" x}}");
    assert_eq!((r.errors[0].line, r.errors[0].column), (1, 24));
    let r = one("{\"header\": {}, \"moves\": [");
    assert_eq!(r.errors[0].code, "parse-error");
    // A second document with an error: the first is kept.
    let rs = read("{\"header\":{},\"moves\":[{}]}\n{\"header\":}\n");
    assert_eq!(rs.len(), 2);
    assert!(rs[0].errors.is_empty());
    assert_eq!((rs[1].errors[0].line, rs[1].errors[0].column), (2, 11));
}

#[test]
fn structural_errors_name_the_json_path_and_line() {
    let text = format!(
        "{{\"header\": {{}},\n\"moves\": [\n{{}},\n{},\n{{\"move\": {{\"color\": 1, \"from\": {{\"x\": 3, \"y\": 3}}, \"piece\": \"FU\"}}}},\n{}\n]}}",
        mv(0, "7g7f", "FU"),
        mv(0, "2g2f", "FU")
    );
    let r = one(&text);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let e = &r.errors[0];
    assert_eq!(e.code, "invalid-jkf");
    assert_eq!((e.line, e.column), (5, 1));
    assert!(e.message.contains("`moves[2].move.to`"), "{}", e.message);
    // The moves before it are kept.
    assert_eq!(usi_moves(&r), ["7g7f"]);
    // In a fork.
    let r = one(
        r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"XX"}}]]}]}"#,
    );
    assert!(
        r.errors[0]
            .message
            .contains("`moves[1].forks[0][0].move.piece`"),
        "{}",
        r.errors[0].message
    );
    assert_eq!(usi_moves(&r), ["7g7f"]);
    for (text, path) in [
        (r#"{"header":{},"moves":{}}"#, "`moves`"),
        (r#"{"header":[],"moves":[{}]}"#, "`header`"),
        (r#"{"header":{},"moves":[{},3]}"#, "`moves[1]`"),
        (
            r#"{"header":{},"moves":[{},{"move":{"color":2,"to":{"x":1,"y":1},"piece":"FU"}}]}"#,
            "`moves[1].move.color`",
        ),
        (
            r#"{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":10,"y":1},"piece":"FU"}}]}"#,
            "`moves[1].move.to`",
        ),
        (
            r#"{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":1,"y":1}}}]}"#,
            "`moves[1].move.piece`",
        ),
        (
            r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","promote":1}}]}"#,
            "`moves[1].move.promote`",
        ),
        (
            r#"{"header":{},"moves":[{},{"special":5}]}"#,
            "`moves[1].special`",
        ),
        (
            r#"{"header":{},"moves":[{},{"special":"TORYO","forks":{}}]}"#,
            "`moves[1].forks`",
        ),
        (
            r#"{"header":{},"moves":[{},{"special":"TORYO","forks":[1]}]}"#,
            "`moves[1].forks[0]`",
        ),
        (
            r#"{"header":{},"initial":"HIRATE","moves":[{}]}"#,
            "`initial`",
        ),
    ] {
        let r = one(text);
        assert_eq!(r.errors.len(), 1, "{text}: {:?}", r.errors);
        assert!(
            r.errors[0].message.contains(path),
            "{text}: {}",
            r.errors[0].message
        );
    }
    let r = one("[1]");
    assert_eq!(r.errors[0].code, "invalid-jkf");
    let r = one("\"x\"");
    assert_eq!(r.errors[0].code, "invalid-jkf");
}

#[test]
fn documents_arrays_and_json_lines() {
    let doc = |name: &str| {
        format!(
            "{{\"header\":{{\"先手\":\"{name}\"}},\"moves\":[{{}},{}]}}",
            mv(0, "7g7f", "FU")
        )
    };
    let rs = read(&format!("[{}, {}]", doc("a"), doc("b")));
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[1].metadata.get(MetaKey::BlackName), Some("b"));
    assert!(rs
        .iter()
        .all(|r| r.errors.is_empty() && usi_moves(r) == ["7g7f"]));
    let rs = read(&format!("{}\n{}\n", doc("a"), doc("b")));
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[1].source.line, 2);
    assert_eq!(
        rs[1].tree.node(rs[1].tree.main_line().next().unwrap()).line,
        2
    );
    assert_eq!(read("")[0].errors[0].code, "empty");
    assert_eq!(read(" \n ")[0].errors[0].code, "empty");
    assert_eq!(read("[]")[0].errors[0].code, "empty");
    let r = one("\u{feff}{\"header\":{},\"moves\":[{}]}");
    clean(&r);
    let r = one(r#"{"header":{"a":1,"b":null}}"#);
    assert_eq!(r.metadata.get_raw("a"), Some("1"));
    assert_eq!(r.metadata.get_raw("b"), Some(""));
    assert_eq!(
        r.warnings.iter().map(|w| w.code).collect::<Vec<_>>(),
        ["header-value", "missing-moves"]
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let limit = |r: &Record| {
        assert_eq!(r.errors[0].code, "parse-error");
        assert!(
            r.errors[0].message.contains("recursion limit"),
            "{}",
            r.errors[0].message
        );
    };
    // Unclosed: an error at the end of the text.
    let r = one(&"[".repeat(100_000));
    assert_eq!(r.errors[0].code, "parse-error");
    // Closed, where values are kept: serde_json's limit of 128 levels.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    limit(&one(&format!("{{\"initial\":{deep}}}")));
    limit(&one(&format!("{{\"header\":{{\"a\":{deep}}}}}")));
    let forks = format!(
        "{{\"header\":{{}},\"moves\":[{{}},{}{}]}}",
        "{\"special\":\"TORYO\",\"forks\":[[".repeat(50_000),
        "]]}".repeat(50_000)
    );
    limit(&one(&forks));
    // Where values are skipped, serde_json skips them without recursion.
    let r = one(&deep);
    assert_eq!(r.errors[0].code, "invalid-jkf");
    let r = one(&format!(
        "{{\"header\":{{}},\"moves\":[{{}}],\"x\":{deep}}}"
    ));
    clean(&r);
    // Forks nested 35 deep, within the limit: read, written and read back.
    let depth = 35;
    let mut text = String::from("{\"header\":{},\"moves\":[{}");
    let (a, b) = (mv(0, "7g7f", "FU"), mv(0, "2g2f", "FU"));
    text.push(',');
    for i in 0..depth {
        let m = if i % 2 == 0 { &a } else { &b };
        text.push_str(&m[..m.len() - 1]);
        text.push_str(",\"forks\":[[");
    }
    text.push_str(&mv(0, "1g1f", "FU"));
    for _ in 0..depth {
        text.push_str("]]}");
    }
    text.push_str("]}");
    let r = one(&text);
    clean(&r);
    assert_eq!(r.tree.children(MoveTree::ROOT).count(), depth + 1);
    let back = round_trip(&r);
    assert_eq!(comparable(&back), comparable(&r));
}

/// Forks nested `depth` levels deep: at each level a king move, and the alternative that the
/// next level continues (the kings walk a square of four plies round and round).
fn nested_forks(depth: usize) -> Record {
    let walk = ["5i6h", "5a6b", "6h5i", "6b5a"];
    let other = ["5i4h", "5a4b", "6h7h", "6b7b"];
    let entry = |usi: &str, d: usize| {
        NodeKind::Move(MoveEntry {
            mv: Move::from_usi(usi).unwrap().into(),
            mover: Some(if d % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }),
            piece: Some(PieceKind::King.into()),
        })
    };
    let mut r = Record::new();
    let mut node = MoveTree::ROOT;
    for d in 0..depth {
        r.tree.push(node, entry(other[d % 4], d), 0);
        node = r.tree.push(node, entry(walk[d % 4], d), 0);
    }
    r
}

#[test]
fn deep_forks_are_written_only_as_deep_as_they_read_back() {
    let at_limit = nested_forks(MAX_FORK_DEPTH);
    let w = write(&at_limit);
    assert!(w.dropped.is_empty(), "{:?}", w.dropped);
    let back = one(&w.text);
    clean(&back);
    assert_eq!(comparable(&back), comparable(&at_limit));

    let deep = nested_forks(9_000);
    let w = write(&deep);
    assert!(
        w.dropped.iter().any(|d| d.contains("nested more than")),
        "{:?}",
        w.dropped
    );
    // Linear in the record: no line is indented by the nesting beyond the limit.
    assert!(w.text.lines().all(|l| l.len() < 400));
    let back = one(&w.text);
    assert!(back.errors.is_empty(), "{:?}", back.errors);
}

#[test]
fn lenient_times_and_comments() {
    let r = one(
        r#"{"header":{},"moves":[{"comments":"one\nline two","time":{"now":{"m":0,"s":1}}},
 {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"h":1,"m":2,"s":3.5}},"comments":["a",5]},
 {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"time":{"now":{"m":-1,"s":0}}},
 {},
 {"special":"CHUDAN","move":null}]}"#,
    );
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let codes: Vec<_> = r.warnings.iter().map(|w| w.code).collect();
    assert_eq!(codes, ["invalid-comment", "invalid-time", "empty-element"]);
    assert_eq!(r.tree.root().comments(), ["one", "line two"]);
    assert_eq!(r.tree.root().time.unwrap().spent_ms, Some(1000));
    let ids: Vec<_> = r.tree.main_line().collect();
    assert_eq!(r.tree.node(ids[0]).time.unwrap().spent_ms, Some(3_723_500));
    assert_eq!(r.tree.node(ids[1]).time, None);
    assert_eq!(r.ending().unwrap().kind, EndingKind::Abort);
    // moves[0] with a move: ignored with a warning.
    let r = one(&format!(
        "{{\"header\":{{}},\"moves\":[{}]}}",
        mv(0, "7g7f", "FU")
    ));
    assert_eq!(r.warnings[0].code, "misplaced-move");
    assert!(r.tree.is_empty());
}

#[test]
fn writes_pretty_json_with_full_move_objects() {
    let r = one(&format!(
        "{{\"header\":{{\"先手\":\"A\"}},\"moves\":[{{\"comments\":[\"c\"]}},{},{},{},{},{}, {{\"special\":\"TORYO\"}}]}}",
        mv(0, "7g7f", "FU"),
        mv(1, "3c3d", "FU"),
        mv(0, "8h2b", "KA"),
        mv(1, "3a2b", "GI"),
        mv(0, "B*4e", "KA")
    ));
    clean(&r);
    let w = write(&r);
    assert!(w.dropped.is_empty(), "{:?}", w.dropped);
    let expected_start = "{\n  \"header\": {\n    \"先手\": \"A\"\n  },\n  \"initial\": {\n    \"preset\": \"HIRATE\"\n  },\n  \"moves\": [\n    {\n      \"comments\": [\n        \"c\"\n      ]\n    },\n    {\n      \"move\": {\n        \"color\": 0,\n        \"from\": {\n          \"x\": 7,\n          \"y\": 7\n        },\n        \"to\": {\n          \"x\": 7,\n          \"y\": 6\n        },\n        \"piece\": \"FU\"\n      }\n    },";
    assert!(w.text.starts_with(expected_start), "{}", w.text);
    assert!(
        w.text
            .ends_with("    {\n      \"special\": \"TORYO\"\n    }\n  ]\n}\n"),
        "{}",
        w.text
    );
    let v: Value = serde_json::from_str(&w.text).unwrap();
    let m3 = &v["moves"][3]["move"];
    assert_eq!(m3["promote"], Value::Bool(false));
    assert_eq!(m3["capture"], Value::String("KA".into()));
    let m4 = &v["moves"][4]["move"];
    assert_eq!(m4["same"], Value::Bool(true));
    assert_eq!(m4["capture"], Value::String("KA".into()));
    assert!(m4.get("promote").is_none());
    assert!(v["moves"][5]["move"].get("from").is_none());
    // Promoting moves name the piece before the move.
    let r = one(&format!(
        "{{\"header\":{{}},\"moves\":[{{}},{},{},{}]}}",
        mv(0, "7g7f", "FU"),
        mv(1, "3c3d", "FU"),
        mv(0, "8h2b+", "KA")
    ));
    let v: Value = serde_json::from_str(&write(&r).text).unwrap();
    assert_eq!(v["moves"][3]["move"]["piece"], Value::String("KA".into()));
    assert_eq!(v["moves"][3]["move"]["promote"], Value::Bool(true));
}

#[test]
fn converts_csa_records_and_names_what_it_drops() {
    let csa = "V2.2\nN+NAKAHARA\nN-YONENAGA\n$EVENT:13th WCSC\n$START_TIME:2003/05/03 10:30:00\n$TIME+:1\n$TIME-:2\n$NOTE:x\nPI\n'*root\n+\n+7776FU\nT12\n'** 30 -3334FU\n-3334FU\nT6\n+8822UM\nT3\n-3122GI\nT1\n+0055KA\nT0\n%TORYO\nT2\n";
    let r = crate::formats::csa::read(csa).remove(0);
    assert!(r.errors.is_empty());
    let w = write(&r);
    // A control for each side has no 持ち時間 words: CSA V3.0's lines, named.
    assert_eq!(
        w.dropped,
        ["time control with a control for each side (持ち時間 has no words for it: written as CSA V3.0's `$TIME`)"]
    );
    let back = one(&w.text);
    clean(&back);
    assert_eq!(
        crate::record::clock::time_controls(&back),
        crate::record::clock::time_controls(&r)
    );
    let keys: Vec<_> = back
        .metadata
        .entries()
        .iter()
        .map(|e| (e.key, e.raw_key.as_str()))
        .collect();
    assert_eq!(
        keys,
        [
            (MetaKey::BlackName, "先手"),
            (MetaKey::WhiteName, "後手"),
            (MetaKey::Event, "棋戦"),
            (MetaKey::StartTime, "開始日時"),
            (MetaKey::Other, "$TIME+"),
            (MetaKey::Other, "$TIME-"),
            (MetaKey::Other, "$NOTE"),
        ]
    );
    let a = replay(&r, &ReplayOptions::default());
    let b = replay(&back, &ReplayOptions::default());
    assert!(a.fouls.is_empty() && b.fouls.is_empty());
    assert_eq!(a.final_position, b.final_position);
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(back.tree.root().comments(), ["root"]);
    let ids: Vec<_> = back.tree.main_line().collect();
    assert_eq!(back.tree.node(ids[0]).engine_comments(), ["30 -3334FU"]);
    assert_eq!(
        back.tree.node(ids[2]).time,
        r.tree.node(r.tree.main_line().nth(2).unwrap()).time
    );
    assert_eq!(back.ending().unwrap().raw, "TORYO");
    // Bookmarks, moves after the ending and endings JKF lacks are named.
    let mut r = Record::new();
    let m = |s: &str| NodeKind::Move(MoveEntry::new(Move::from_usi(s).unwrap()));
    let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 0);
    r.tree.node_mut(a).notes_mut().bookmark = Some("b".into());
    let e = r.tree.push(
        a,
        NodeKind::Ending(Box::new(Ending::new(EndingKind::Sealed, "封じ手"))),
        0,
    );
    r.tree.push(e, m("3c3d"), 0);
    r.tree.node_mut(a).time = Some(MoveTime {
        spent_ms: Some(1500),
        total_ms: None,
    });
    let w = write(&r);
    assert_eq!(
        w.dropped,
        ["fractions of seconds", "bookmarks", "ending `封じ手`"]
    );
    let back = one(&w.text);
    clean(&back);
    assert_eq!(usi_moves(&back), ["7g7f"]);
    assert!(back.ending().is_none());
    // A position with a move number other than 1.
    let mut r = Record::new();
    r.start = Start::Position(Setup::from_sfen("8k/9/9/9/9/9/9/9/8K b P 7").unwrap());
    let w = write(&r);
    assert_eq!(w.dropped, ["initial move number"]);
    let Start::Position(s) = one(&w.text).start else {
        panic!()
    };
    assert_eq!(s.to_sfen(), "8k/9/9/9/9/9/9/9/8K b P 1");
}

#[test]
fn never_panics_on_odd_input() {
    let inputs = [
        "{", "}", "[", "]", "[{", "{\"moves\":[{\"forks\":[[{\"forks\":", "null", "1 2", "{}{}",
        "{\"moves\":[{},{\"move\":{}}]}", "{\"moves\":[{},{\"move\":{\"to\":{}}}]}",
        "{\"moves\":[{},{\"forks\":[[]]}]}", "{\"moves\":[{},{\"forks\":[[{}]]}]}",
        "{\"initial\":{\"data\":{}}}", "{\"initial\":{\"data\":{\"board\":[1,2,3,4,5,6,7,8,9]}}}",
        "{\"initial\":{\"preset\":\"OTHER\",\"data\":{\"board\":[],\"hands\":[1]}}}",
        "\"\\u", "{\"a\\\"\":1}", "{\"moves\":[{},{\"move\":{\"to\":{\"x\":1e400,\"y\":1}}}]}",
        "{\"moves\":[{},{\"move\":{\"color\":0,\"to\":{\"x\":1,\"y\":1},\"piece\":\"OU\"},\"time\":{\"now\":{\"s\":1e300}}}]}",
    ];
    for t in inputs {
        for r in read(t) {
            let _ = replay(&r, &ReplayOptions::default());
            let w = write(&r);
            assert!(
                read(&w.text).iter().all(|b| b.errors.is_empty()),
                "{t}: {}",
                w.text
            );
        }
    }
}

const FRAGMENTS: [&str; 16] = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"moves\"",
    "\"forks\"",
    "\"move\"",
    "\"special\"",
    "\"TORYO\"",
    "{}",
    "\"to\":{\"x\":7,\"y\":6}",
    "\"from\":{\"x\":7,\"y\":7}",
    "\"piece\":\"FU\"",
    "\"comments\":[\"c\"]",
];

proptest::proptest! {
    #[test]
    fn fragments_read_write_and_replay_without_panics(
        parts in proptest::collection::vec(proptest::sample::select(&FRAGMENTS[..]), 0..40)
    ) {
        let text = parts.concat();
        for r in read(&text) {
            let _ = replay(&r, &ReplayOptions::default());
            let w = write(&r);
            let back = read(&w.text);
            proptest::prop_assert_eq!(back.len(), 1);
            proptest::prop_assert!(back[0].errors.is_empty());
        }
    }
}

/// Reads every `.jkf` and `.json` file of the shared corpus (when present), replays its
/// records and checks that what is written reads back equal.
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
    let files = corpus.files(&["jkf", "json"]);
    let mut failures = Vec::new();
    let (mut records, mut cross_checked) = (0, 0);
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        let listed = malformed.contains(&rel);
        for (i, r) in read(&text).iter().enumerate() {
            records += 1;
            if !r.errors.is_empty() && !listed {
                failures.push(format!("{rel} #{i}: errors {:?}", r.errors));
            }
            if !r.warnings.is_empty() {
                failures.push(format!("{rel} #{i}: warnings {:?}", r.warnings));
            }
            let rep = replay(r, &ReplayOptions::default());
            if !rep.fouls.is_empty() || !rep.errors.is_empty() {
                failures.push(format!(
                    "{rel} #{i}: fouls {:?} {:?}",
                    rep.fouls, rep.errors
                ));
            }
            let w = write(r);
            if !w.dropped.is_empty() {
                failures.push(format!("{rel} #{i}: dropped {:?}", w.dropped));
            }
            let back = read(&w.text);
            if back.len() != 1 || comparable(&back[0]) != comparable(r) {
                failures.push(format!("{rel} #{i}: does not round-trip"));
            }
            // The same game converted from CSA by the same tool: same moves and result.
            if let Some(csa) = rel
                .strip_suffix(".json")
                .filter(|p| p.contains("/csa/"))
                .and_then(|p| std::fs::read(root.join(format!("{p}.csa"))).ok())
            {
                let c = crate::formats::csa::read(&String::from_utf8_lossy(&csa)).remove(0);
                let c_rep = replay(&c, &ReplayOptions::default());
                cross_checked += 1;
                if c_rep.final_position != rep.final_position || c_rep.plies != rep.plies {
                    failures.push(format!("{rel} #{i}: differs from its CSA original"));
                }
            }
        }
    }
    eprintln!(
        "corpus: {} jkf/json files, {records} records, {cross_checked} checked against CSA",
        files.len()
    );
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} corpus failures", failures.len());
}

/// The records of `text` read an element at a time, as `validate` reads a large array
/// (`None` when the text is read whole).
fn read_lazily(text: &str) -> Option<Vec<Record>> {
    let elements: Vec<_> = Elements::new(text)?.collect();
    Some(
        elements
            .iter()
            .map(|(s, c)| read_span_as(text, s, *c, None))
            .collect(),
    )
}

#[test]
fn array_elements_read_alone_as_in_the_whole_text() {
    let doc = |name: &str| {
        format!(
            "{{\"header\":{{\"先手\":\"{name}\",\"n\":1}},\"moves\":[{{}},{},{}]}}",
            mv(0, "7g7f", "FU"),
            mv(1, "3c3d", "FU")
        )
    };
    let bad = r#"{"header":{"後手":"é"},"moves":[{},{"move":{"color":0,"to":{"x":10,"y":1},"piece":"FU"}}]}"#;
    let forks = FORKS.replace('\n', " ");
    let elements = [
        doc("一"),
        bad.to_string(),
        "3".into(),
        "[1, [2]]".into(),
        "\"x\"".into(),
        "{}".into(),
        forks.clone(),
        doc("二"),
    ];
    let texts = [
        format!("[{}]", elements.join(",")),
        format!("\u{feff}  [ {} ]\n", elements.join(" ,  ")),
        format!("[\n{}\n]", elements.join(",\n")),
        format!(
            "\n\n  [{}, {},\n  {}\n,{}]",
            elements[0], elements[1], FORKS, elements[7]
        ),
        format!("[{}]", [doc("a"), doc("b")].join(",")),
    ];
    for text in &texts {
        let whole = read(text);
        let lazy = read_lazily(text).expect("split");
        assert_eq!(whole.len(), lazy.len(), "{text}");
        for (i, (w, l)) in whole.iter().zip(&lazy).enumerate() {
            assert_eq!(w, l, "element {i} of {text}");
        }
        assert!(whole.iter().any(|r| !r.errors.is_empty()) || whole.len() == 2);
    }
    // Read whole: a single object, JSON Lines, a syntax error, a second document, nesting
    // deeper than the split allows.
    for text in [
        doc("a"),
        format!("{}\n{}", doc("a"), doc("b")),
        format!("[{}, {}", doc("a"), doc("b")),
        format!("[{}, {}] {}", doc("a"), doc("b"), doc("c")),
        format!("[{}, {}{}]", doc("a"), "[".repeat(120), "]".repeat(120)),
        "[".repeat(100_000),
    ] {
        assert!(Elements::new(&text).is_none(), "{text}");
    }
}

/// The smaller variants through the one reader and writer (issue #29): a record of a variant
/// is a `Start::Variant` record with its comments, times, forks and endings, as a standard one.
mod variants {
    use super::*;
    use crate::variant::{usi, VMove, VPosition, Variant};

    const GAMES: [(Variant, &str); 5] = [
        (Variant::Minishogi, "minishogi"),
        (Variant::Gorogoro, "gorogoro"),
        (Variant::GorogoroPlus, "gorogoroplus"),
        (Variant::Torishogi, "torishogi"),
        (Variant::Dobutsu, "dobutsu"),
    ];

    fn testdata(path: &str) -> String {
        let at = format!("{}/testdata/variants/{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&at).unwrap_or_else(|e| panic!("{at}: {e}"))
    }

    fn start_of(r: &Record) -> &VPosition {
        match &r.start {
            Start::Variant(p) => p,
            other => panic!("not a variant's start: {other:?} {:?}", r.errors),
        }
    }

    fn moves(r: &Record, from: NodeId) -> Vec<VMove> {
        r.tree
            .line_from(from)
            .filter_map(|id| r.tree.node(id).move_entry())
            .map(|m| m.mv)
            .collect()
    }

    /// The oracle's games of `v` with a comment on the start and on the first move, a time on
    /// the second, a fork at the first move (another legal move, commented) and, on every
    /// other game, a resignation.
    fn decorated(v: Variant, name: &str) -> Vec<Record> {
        let records = crate::formats::usi::read(&testdata(&format!("{name}.usi")));
        assert_eq!(records.len(), 10, "{name}");
        records
            .into_iter()
            .enumerate()
            .map(|(k, mut r)| {
                assert_eq!(r.variant(), v);
                let start = start_of(&r).clone();
                let first = r.tree.root().first_child().expect("a move");
                let other = start
                    .legal_moves()
                    .into_iter()
                    .find(|&m| Some(m) != r.tree.node(first).move_entry().map(|e| e.mv))
                    .expect("another legal move");
                r.tree
                    .node_mut(MoveTree::ROOT)
                    .notes_mut()
                    .comments
                    .push("start".into());
                r.tree
                    .node_mut(first)
                    .notes_mut()
                    .comments
                    .push("first".into());
                let second = r.tree.node(first).first_child().expect("two moves");
                r.tree.node_mut(second).time = Some(MoveTime {
                    spent_ms: Some(3000),
                    total_ms: Some(65000),
                });
                let fork = r
                    .tree
                    .push(MoveTree::ROOT, NodeKind::Move(MoveEntry::new(other)), 0);
                r.tree
                    .node_mut(fork)
                    .notes_mut()
                    .comments
                    .push("fork".into());
                if k % 2 == 1 {
                    let last = r.tree.main_line().last().unwrap_or(MoveTree::ROOT);
                    let ending = Ending::new(EndingKind::Resignation, "TORYO");
                    r.tree.push(last, NodeKind::Ending(Box::new(ending)), 0);
                }
                r
            })
            .collect()
    }

    #[test]
    fn every_variant_round_trips_with_comments_times_forks_and_endings() {
        for (v, name) in GAMES {
            for r in decorated(v, name) {
                let w = write(&r);
                assert!(w.dropped.is_empty(), "{:?}\n{}", w.dropped, w.text);
                for forced in [None, Some(v)] {
                    let back = read_as(&w.text, forced).remove(0);
                    clean(&back);
                    assert_eq!(
                        start_of(&back).to_sfen(),
                        start_of(&r).to_sfen(),
                        "{}",
                        w.text
                    );
                    assert_eq!(moves(&back, MoveTree::ROOT), moves(&r, MoveTree::ROOT));
                    assert_eq!(back.ending(), r.ending(), "{}", w.text);
                    assert_eq!(back.tree.root().comments(), ["start"]);
                    let first = back.tree.root().first_child().unwrap();
                    assert_eq!(back.tree.node(first).comments(), ["first"]);
                    let second = back.tree.node(first).first_child().unwrap();
                    assert_eq!(
                        back.tree.node(second).time.and_then(|t| t.total_ms),
                        Some(65000)
                    );
                    let forks: Vec<NodeId> = back.tree.children(MoveTree::ROOT).skip(1).collect();
                    assert_eq!(forks.len(), 1, "{}", w.text);
                    assert_eq!(back.tree.node(forks[0]).comments(), ["fork"]);
                    assert_eq!(
                        moves(&back, forks[0]),
                        moves(&r, r.tree.children(MoveTree::ROOT).nth(1).unwrap())
                    );
                    // The same judgement as the record written.
                    let options = ReplayOptions::default();
                    let (a, b) = (replay(&r, &options), replay(&back, &options));
                    assert_eq!((a.plies, a.outcome), (b.plies, b.outcome), "{}", w.text);
                    assert_eq!(a.fouls.len(), b.fouls.len());
                }
            }
        }
    }

    /// Drops `"promote": false` (the one field the old variant writer did not write: the
    /// standard writer says a move that could promote did not).
    fn without_declined_promotions(v: &mut Value) {
        match v {
            Value::Object(o) => {
                if o.get("promote") == Some(&Value::Bool(false)) {
                    o.remove("promote");
                }
                o.values_mut().for_each(without_declined_promotions);
            }
            Value::Array(a) => a.iter_mut().for_each(without_declined_promotions),
            _ => {}
        }
    }

    /// `testdata/variants/jkf/` holds what the old variant JKF writer wrote for the first
    /// oracle game of each variant.
    #[test]
    fn the_writer_writes_the_old_variant_writers_json() {
        for (_, name) in GAMES {
            let r = crate::formats::usi::read(&testdata(&format!("{name}.usi"))).remove(0);
            let mut new: Value = serde_json::from_str(&write(&r).text).unwrap();
            without_declined_promotions(&mut new);
            let old: Value = serde_json::from_str(&testdata(&format!("jkf/{name}.jkf"))).unwrap();
            assert_eq!(new, old, "{name}");
        }
    }

    #[test]
    fn the_game_comes_from_the_header_the_preset_or_the_board() {
        for (v, name) in GAMES {
            let text = testdata(&format!("jkf/{name}.jkf"));
            let mut doc: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(one(&text).variant(), v);
            doc["header"] = serde_json::json!({});
            let by_board = one(&doc.to_string());
            clean(&by_board);
            assert_eq!(by_board.variant(), v, "{name} by its board");
            assert!(by_board.metadata.is_empty());
        }
        // A preset naming the variant, and nothing but --variant.
        let r = one(
            r#"{"initial":{"preset":"dobutsu"},"moves":[{},{"move":{"from":{"x":2,"y":3},"to":{"x":2,"y":2},"piece":"C"}}]}"#,
        );
        clean(&r);
        assert_eq!(
            start_of(&r).to_sfen(),
            VPosition::start(Variant::Dobutsu).to_sfen()
        );
        assert_eq!(moves(&r, MoveTree::ROOT).len(), 1);
        let r = read_as(r#"{"header":{},"moves":[{}]}"#, Some(Variant::Torishogi)).remove(0);
        clean(&r);
        assert_eq!(r.variant(), Variant::Torishogi);
        // Standard shogi stays standard.
        let r = one(r#"{"header":{"手合割":"平手"},"initial":{"preset":"HIRATE"},"moves":[{}]}"#);
        assert_eq!(r.start, Start::Handicap(Handicap::Even));
        assert_eq!(r.metadata.get_raw("手合割"), Some("平手"));
    }

    #[test]
    fn a_record_of_another_game_than_named_or_forced_is_an_error_naming_both() {
        let mini = testdata("jkf/minishogi.jkf");
        let error = |r: &Record| {
            assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
            assert_eq!(r.errors[0].code, crate::record::ErrorCode::InvalidJkf);
            r.errors[0].message.clone()
        };
        let e = error(&read_as(&mini, Some(Variant::Torishogi))[0]);
        assert!(
            e.contains("minishogi") && e.contains("--variant says torishogi"),
            "{e}"
        );
        let e = error(&read_as(&mini, Some(Variant::Standard))[0]);
        assert!(
            e.contains("minishogi") && e.contains("--variant says standard"),
            "{e}"
        );
        let ka = r#"{"initial":{"preset":"KA"},"moves":[{}]}"#;
        let e = error(&read_as(ka, Some(Variant::Minishogi))[0]);
        assert!(
            e.contains("initial.preset \"KA\"") && e.contains("standard"),
            "{e}"
        );
        let mut doc: Value = serde_json::from_str(&mini).unwrap();
        doc["header"] = serde_json::json!({"手合割": "平手"});
        let e = error(&one(&doc.to_string()));
        assert!(
            e.contains("平手") && e.contains("minishogi") && e.contains("5x5"),
            "{e}"
        );
    }

    #[test]
    fn a_move_off_the_variants_board_or_of_no_piece_of_it_is_an_invalid_jkf_error() {
        let mini = testdata("jkf/minishogi.jkf");
        for (from, to, path) in [
            (
                "\"piece\":\"KI\"",
                "\"piece\":\"XX\"",
                "moves[1].move.piece",
            ),
            (
                "\"to\":{\"x\":3,\"y\":4}",
                "\"to\":{\"x\":3,\"y\":6}",
                "moves[1].move.to",
            ),
        ] {
            let r = one(&mini.replacen(from, to, 1));
            assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
            assert_eq!(r.errors[0].code, crate::record::ErrorCode::InvalidJkf);
            assert!(r.errors[0].message.contains(path), "{:?}", r.errors);
            assert!(r.tree.is_empty());
        }
        // `same` does not stand for `to`, which JKF requires (the old variant reader took the
        // previous move's square): the line stops there.
        let r = one(&mini.replacen("\"to\":{\"x\":4,\"y\":5}", "\"same\":true", 1));
        assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
        assert!(
            r.errors[0].message.contains("moves[3].move.to"),
            "{:?}",
            r.errors
        );
        assert_eq!(moves(&r, MoveTree::ROOT).len(), 2);
        // A bird dropped, as Tori Shogi's own code.
        let tori = testdata("jkf/torishogi.jkf");
        let r = one(&tori);
        clean(&r);
        let p = start_of(&r);
        assert!(moves(&r, MoveTree::ROOT)
            .iter()
            .all(|&m| !usi(p.variant(), m).is_empty()));
    }

    #[test]
    fn an_array_of_variant_records_reads_an_element_at_a_time_as_whole() {
        let texts: Vec<String> = GAMES
            .iter()
            .map(|(_, name)| testdata(&format!("jkf/{name}.jkf")).trim().to_string())
            .collect();
        let text = format!("[\n{}\n]\n", texts.join(",\n"));
        let whole = read(&text);
        let spans: Vec<_> = Elements::new(&text).unwrap().collect();
        assert_eq!((whole.len(), spans.len()), (5, 5));
        for ((span, column), r) in spans.iter().zip(&whole) {
            let alone = read_span_as(&text, span, *column, None);
            clean(&alone);
            assert_eq!(alone.start, r.start);
            assert_eq!(moves(&alone, MoveTree::ROOT), moves(r, MoveTree::ROOT));
        }
    }
}
