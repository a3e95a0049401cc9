//! Unit tests of the module (`#[cfg(test)] mod tests;` in mod.rs).

use super::read::*;
use super::write::*;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::{EndingKind, MetaKey, MoveEntry, MoveTime, MoveTree, NodeKind, Record, Start};
use crate::shogi::{Color, Handicap, Move, Piece, PieceKind, Setup, Square};

fn one(text: &str) -> Record {
    let mut rs = read(text);
    assert_eq!(rs.len(), 1, "{rs:?}");
    rs.remove(0)
}

fn usi_moves(r: &Record) -> Vec<String> {
    r.tree.main_line_moves().map(|m| m.mv.to_usi()).collect()
}

fn clean(r: &Record) {
    assert!(r.errors.is_empty(), "errors: {:?}", r.errors);
    assert!(r.warnings.is_empty(), "warnings: {:?}", r.warnings);
}

const HIRATE_ROWS: &str = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
";

#[test]
fn reads_a_v22_game_with_info_moves_times_and_ending() {
    let text = format!(
            "V2.2\r\nN+NAKAHARA\r\nN-YONENAGA\r\n$EVENT:13th WCSC\r\n$SITE:KAZUSA ARC\r\n$START_TIME:2003/05/03 10:30:00\r\n$END_TIME:2003/05/03 11:11:05\r\n$TIME_LIMIT:00:25+00\r\n$OPENING:YAGURA\r\n$NOTE:hello\r\n{}+\r\n+2726FU\r\nT12\r\n-3334FU\r\nT6\r\n+7776FU\r\nT3\r\n%TORYO\r\n",
            HIRATE_ROWS.replace('\n', "\r\n")
        );
    let r = one(&text);
    clean(&r);
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
    assert_eq!(r.metadata.get(MetaKey::BlackName), Some("NAKAHARA"));
    assert_eq!(r.metadata.get(MetaKey::WhiteName), Some("YONENAGA"));
    assert_eq!(r.metadata.get(MetaKey::Event), Some("13th WCSC"));
    assert_eq!(r.metadata.get(MetaKey::Site), Some("KAZUSA ARC"));
    assert_eq!(
        r.metadata.get(MetaKey::StartTime),
        Some("2003/05/03 10:30:00")
    );
    assert_eq!(
        r.metadata.get(MetaKey::EndTime),
        Some("2003/05/03 11:11:05")
    );
    assert_eq!(r.metadata.get(MetaKey::TimeLimit), Some("00:25+00"));
    assert_eq!(r.metadata.get(MetaKey::Opening), Some("YAGURA"));
    let note = &r.metadata.entries()[8];
    assert_eq!(
        (note.key, note.raw_key.as_str(), note.value.as_str()),
        (MetaKey::Other, "$NOTE", "hello")
    );
    assert_eq!(r.metadata.entries()[0].raw_key, "N+");
    assert_eq!(r.metadata.entries()[0].line, 2);
    assert_eq!(usi_moves(&r), ["2g2f", "3c3d", "7g7f"]);
    let ids: Vec<_> = r.tree.main_line().collect();
    let first = r.tree.node(ids[0]);
    assert_eq!(first.line, 21);
    assert_eq!(
        first.move_entry().unwrap(),
        &MoveEntry {
            mv: Move::from_usi("2g2f").unwrap().into(),
            mover: Some(Color::Black),
            piece: Some(PieceKind::Pawn.into())
        }
    );
    assert_eq!(
        first.time,
        Some(MoveTime {
            spent_ms: Some(12000),
            total_ms: Some(12000)
        })
    );
    let third = r.tree.node(ids[2]);
    assert_eq!(
        third.time,
        Some(MoveTime {
            spent_ms: Some(3000),
            total_ms: Some(15000)
        })
    );
    let second = r.tree.node(ids[1]);
    assert_eq!(second.time.unwrap().total_ms, Some(6000));
    let ending = r.ending().unwrap();
    assert_eq!(ending.kind, EndingKind::Resignation);
    assert_eq!(ending.raw, "%TORYO");
    assert_eq!(r.tree.node(ids[3]).line, 27);
    assert_eq!(r.source.line, 1);
    let rep = replay(&r, &ReplayOptions::default());
    assert!(rep.fouls.is_empty());
    assert_eq!(rep.outcome.winner, Some(Color::Black));
}

#[test]
fn v3_with_encoding_line_decimal_times_and_time_keys() {
    let r = one("'CSA encoding=UTF-8\nV3.0\n$TIME:600+0+10\n$TIME+:300+10+0\n$MAX_MOVES:256\n$JISHOGI:27\nPI\n+\n+7776FU,T1.5\n-3334FU,T0.0625\n+8822UM\nT12.3\n%TORYO,T0.25\n");
    clean(&r);
    assert!(r.tree.root().comments().is_empty());
    assert_eq!(r.metadata.get(MetaKey::TimeLimit), Some("600+0+10"));
    assert_eq!(r.metadata.entries()[1].raw_key, "$TIME+");
    assert_eq!(r.metadata.entries()[1].key, MetaKey::TimeLimit);
    assert_eq!(r.metadata.max_moves(), Some(256));
    assert_eq!(r.metadata.entries()[3].key, MetaKey::Other);
    let times: Vec<_> = r
        .tree
        .main_line()
        .map(|id| r.tree.node(id).time.unwrap())
        .collect();
    assert_eq!(
        times[0],
        MoveTime {
            spent_ms: Some(1500),
            total_ms: Some(1500)
        }
    );
    assert_eq!(
        times[1],
        MoveTime {
            spent_ms: Some(62),
            total_ms: Some(62)
        }
    );
    assert_eq!(
        times[2],
        MoveTime {
            spent_ms: Some(12300),
            total_ms: Some(13800)
        }
    );
    // The ending's time belongs to the side to move (white).
    assert_eq!(
        times[3],
        MoveTime {
            spent_ms: Some(250),
            total_ms: Some(312)
        }
    );
    // 8822UM from a bishop is a promotion, found by replay.
    let rep = replay(&r, &ReplayOptions::default());
    assert!(rep.fouls.is_empty(), "{:?}", rep.fouls);
}

#[test]
fn version_lines_of_every_version_are_accepted() {
    for v in ["V2", "V2.1", "V2.2", "V3.0"] {
        let r = one(&format!("{v}\nPI\n+\n+7776FU\n"));
        clean(&r);
        assert_eq!(usi_moves(&r), ["7g7f"]);
    }
    let r = one("PI\n+\n+7776FU\n");
    clean(&r);
}

#[test]
fn pi_with_removed_pieces_is_a_named_handicap_when_white_moves() {
    let r = one("PI82HI22KA\n-\n-3334FU\n+7776FU\n");
    clean(&r);
    assert_eq!(r.start, Start::Handicap(Handicap::TwoPieces));
    assert!(replay(&r, &ReplayOptions::default()).fouls.is_empty());
    // The same removal with black to move is not the named handicap.
    let r = one("PI22KA\n+\n+7776FU\n");
    clean(&r);
    match &r.start {
        Start::Position(s) => {
            assert_eq!(s.side_to_move, Color::Black);
            assert!(s.piece_at(Square::new(2, 2).unwrap()).is_none());
        }
        other => panic!("{other:?}"),
    }
    // A removal that does not match the even game is a warning.
    let r = one("PI55KA\n-\n");
    assert_eq!(r.warnings[0].code, "handicap-mismatch");
}

#[test]
fn board_rows_with_collapsed_cells_and_trimmed_spaces() {
    let rows = HIRATE_ROWS
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(rows.contains("P2 * -HI *  *  *  *  * -KA *\n"));
    let r = one(&format!("{rows}\n+\n+7776FU\n"));
    clean(&r);
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
    // Cells written two characters wide with single spaces (ShogiBoardQ).
    let r = one("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * * * * * * * * *\nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 * * * * * * * * *\nP5 * * * * * * * * *\nP6 * * * * * * * * *\nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA * * * * * +HI *\nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n-\n-3334FU\n");
    clean(&r);
    assert_eq!(r.start, Start::Handicap(Handicap::TwoPieces));
}

#[test]
fn piece_lines_hands_and_all_remaining() {
    let r = one("P-21FU11OU\nP+00HI00HI00KY\nP+00KY\nP-00GI00GI\nP-00KE\n+\n+0013KY\n");
    clean(&r);
    let Start::Position(s) = &r.start else {
        panic!()
    };
    assert_eq!(s.hands.black.count(PieceKind::Rook), 2);
    assert_eq!(s.hands.black.count(PieceKind::Lance), 2);
    assert_eq!(s.hands.white.count(PieceKind::Silver), 2);
    assert_eq!(s.hands.white.count(PieceKind::Knight), 1);
    let first = r.tree.main_line_moves().next().unwrap();
    assert_eq!(
        first.mv,
        Move::Drop {
            kind: PieceKind::Lance,
            to: Square::new(1, 3).unwrap()
        }
    );
    // Pieces placed by P- lines, then 00AL for white (a tsume problem).
    let r = one("P-11OU\nP+13FU33KI\nP+00KI\nP-00AL\n+\n+0012KI\n%TSUMI\n");
    clean(&r);
    let Start::Position(s) = &r.start else {
        panic!()
    };
    assert_eq!(
        s.piece_at(Square::new(1, 1).unwrap()),
        Some(Piece::new(Color::White, PieceKind::King))
    );
    assert_eq!(s.hands.black.count(PieceKind::Gold), 1);
    assert_eq!(s.hands.white.count(PieceKind::Gold), 2);
    assert_eq!(s.hands.white.count(PieceKind::Pawn), 17);
    assert_eq!(s.hands.white.count(PieceKind::Rook), 2);
    assert_eq!(s.hands.white.count(PieceKind::Bishop), 2);
    assert_eq!(s.hands.white.count(PieceKind::Silver), 4);
    let rep = replay(&r, &ReplayOptions::default());
    assert_eq!(rep.outcome.reason, "checkmate");
}

#[test]
fn comma_statements_and_comment_after_comma() {
    let r = one("PI\n+\n+7776FU,T12,-3334FU,T5\n+2726FU,T1\n%KACHI,'* -5000 win\n");
    clean(&r);
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "2g2f"]);
    let ids: Vec<_> = r.tree.main_line().collect();
    assert_eq!(r.tree.node(ids[1]).time.unwrap().spent_ms, Some(5000));
    assert_eq!(r.tree.node(ids[1]).line, 3);
    let end = r.tree.node(ids[3]);
    assert_eq!(end.ending().unwrap().kind, EndingKind::Declaration);
    assert_eq!(end.comments(), [" -5000 win"]);
}

#[test]
fn comments_go_to_the_root_and_to_moves() {
    let r = one("'header\nPI\n'*before\n+\n'** 10 +7776FU\n+7776FU\n'*good\n'plain\n'** 50 -3334FU\n-3334FU\n%CHUDAN\n'after\n");
    clean(&r);
    let root = r.tree.root();
    // Plain `'` lines are remarks, kept apart from the `'*` comments.
    assert_eq!(root.comments(), ["before"]);
    assert_eq!(root.remarks(), ["header"]);
    assert_eq!(root.engine_comments(), ["10 +7776FU"]);
    let ids: Vec<_> = r.tree.main_line().collect();
    assert_eq!(r.tree.node(ids[0]).comments(), ["good"]);
    assert_eq!(r.tree.node(ids[0]).remarks(), ["plain"]);
    assert_eq!(r.tree.node(ids[0]).engine_comments(), ["50 -3334FU"]);
    assert_eq!(r.tree.node(ids[2]).remarks(), ["after"]);
    // CSA → CSA keeps which is which, and the banner before the version line.
    let w = write(&r, &WriteOptions::default());
    assert_eq!(
            w.text,
            "'header\nV2.2\nPI\n+\n'*before\n'** 10 +7776FU\n+7776FU\n'*good\n'** 50 -3334FU\n'plain\n-3334FU\n%CHUDAN\n'after\n"
        );
    assert!(w.dropped.is_empty(), "{:?}", w.dropped);
    // Other formats show them as comments (KIF writes the banner as `#` lines).
    let kif = crate::formats::kif::write(&r, &Default::default());
    assert!(kif.text.starts_with("#header\n"), "{}", kif.text);
    assert!(kif.text.contains("*good\n*plain\n"), "{}", kif.text);
    let back = crate::formats::kif::read(&kif.text).remove(0);
    assert_eq!(back.tree.root().remarks(), ["header"]);
    assert_eq!(
        write(&back, &WriteOptions::default()).text.lines().next(),
        Some("'header")
    );
}

#[test]
fn floodgate_summary_sets_the_stated_winner() {
    let text = "V2\nN+alice\nN-bob\n'Max_Moves:256\nPI\n+\n'rating:alice+abc:bob+def\n'black_rate:alice+abc:3345.0\n+7776FU\nT1\n-3334FU\nT1\n%TORYO\n'summary:toryo:alice win:bob lose\n'$END_TIME:2021/04/05 16:25:34\n";
    let r = one(text);
    clean(&r);
    assert_eq!(r.tree.root().remarks(), ["Max_Moves:256"]);
    assert_eq!(r.metadata.get_raw("rating"), Some("alice+abc:bob+def"));
    assert_eq!(r.metadata.get_raw("black_rate"), Some("alice+abc:3345.0"));
    assert_eq!(
        r.metadata.get_raw("summary"),
        Some("toryo:alice win:bob lose")
    );
    assert_eq!(r.metadata.get_raw("$END_TIME"), Some("2021/04/05 16:25:34"));
    assert!(r
        .metadata
        .entries()
        .iter()
        .all(|e| e.key != MetaKey::EndTime));
    let e = r.ending().unwrap();
    assert_eq!(e.stated_winner, Some(Color::Black));
    // Names matched against N+/N-: here the winner, listed first, is white.
    let r = one("N+alice\nN-bob\nPI\n+\n+7776FU\n%TIME_UP\n'summary:time up:bob win:alice lose\n");
    assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
    // Unknown names: the order decides.
    let r = one("PI\n+\n+7776FU\n%TORYO\n'summary:toryo:x lose:y win\n");
    assert_eq!(r.ending().unwrap().stated_winner, Some(Color::White));
    assert_eq!(summary_winner("sennichite:a draw:b draw", None, None), None);
}

#[test]
fn several_games_separated_by_slash() {
    let text = "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nN+b\nPI82HI\n-\n-3334FU\n%CHUDAN\n/\n\nP-11OU\nP+00KI\nP-00AL\n+\n+0012KI\n/\n";
    let rs = read(text);
    assert_eq!(rs.len(), 3);
    for r in &rs {
        clean(r);
    }
    assert_eq!(rs[0].metadata.get(MetaKey::BlackName), Some("a"));
    assert_eq!(rs[1].metadata.get(MetaKey::BlackName), Some("b"));
    assert_eq!(rs[1].start, Start::Handicap(Handicap::Rook));
    assert_eq!(rs[0].source.line, 1);
    assert_eq!(rs[1].source.line, 8);
    assert_eq!(rs[2].source.line, 14);
    assert_eq!(usi_moves(&rs[1]), ["3c3d"]);
    assert_eq!(r_line(&rs[1]), 11);
    assert_eq!(rs[2].ending(), None);
    assert_eq!(usi_moves(&rs[2]), ["G*1b"]);

    fn r_line(r: &Record) -> u32 {
        r.tree.node(r.tree.main_line().next().unwrap()).line
    }
}

#[test]
fn line_end_agrees_with_a_plain_search() {
    let text = b"+7776FU\nT12\n\n'a comment longer than sixteen bytes\nlast line without end";
    for start in 0..=text.len() {
        let plain = text[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |i| start + i);
        assert_eq!(line_end(text, start), plain, "from {start}");
    }
}

#[test]
fn spans_split_only_at_separator_lines() {
    // Slashes inside comments and names do not split; indented separators and CRLF do;
    // blank records between separators are not records.
    let text = "N+a/b\r\nPI\r\n+\r\n'x/y\r\n+7776FU\r\n  / \r\n\r\n/\r\n,\r\n/\nPI\n-\n-3334FU\n/";
    let spans = record_spans(text);
    let content: Vec<(u32, bool)> = spans
        .iter()
        .map(|s| (s.first_line, s.has_content))
        .collect();
    assert_eq!(
        content,
        [(1, true), (7, false), (9, false), (11, true), (15, false)]
    );
    let rs = read(text);
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[0].metadata.get(MetaKey::BlackName), Some("a/b"));
    assert_eq!(usi_moves(&rs[0]), ["7g7f"]);
    assert_eq!(rs[1].source.line, 11);
    assert_eq!(usi_moves(&rs[1]), ["3c3d"]);
    let only_blank = read("/\n \n/\n");
    assert_eq!(only_blank.len(), 1);
    assert_eq!(only_blank[0].errors[0].code, "empty");
    assert_eq!(only_blank[0].source.line, 4);
}

#[test]
fn every_special_move() {
    let table = [
        ("%TORYO", EndingKind::Resignation),
        ("%CHUDAN", EndingKind::Abort),
        ("%SENNICHITE", EndingKind::Repetition),
        ("%OUTE_SENNICHITE", EndingKind::PerpetualCheck),
        ("%TIME_UP", EndingKind::Timeout),
        ("%ILLEGAL_MOVE", EndingKind::IllegalMove),
        (
            "%+ILLEGAL_ACTION",
            EndingKind::IllegalAction {
                loser: Color::Black,
            },
        ),
        (
            "%-ILLEGAL_ACTION",
            EndingKind::IllegalAction {
                loser: Color::White,
            },
        ),
        ("%JISHOGI", EndingKind::Impasse),
        ("%KACHI", EndingKind::Declaration),
        ("%HIKIWAKE", EndingKind::Draw),
        ("%MAX_MOVES", EndingKind::MaxMoves),
        ("%TSUMI", EndingKind::Checkmate),
        ("%FUZUMI", EndingKind::NoMate),
        ("%MATTA", EndingKind::Matta),
        ("%ERROR", EndingKind::Error),
        ("%WHATEVER", EndingKind::Unknown),
    ];
    for (raw, kind) in table {
        let r = one(&format!("PI\n+\n+7776FU\n{raw},T7\n"));
        assert!(r.errors.is_empty());
        let id = r.tree.main_line().last().unwrap();
        let node = r.tree.node(id);
        let e = node.ending().unwrap();
        assert_eq!((e.kind.clone(), e.raw.as_str()), (kind.clone(), raw));
        assert_eq!(node.line, 4);
        assert_eq!(node.time.unwrap().spent_ms, Some(7000));
        if kind == EndingKind::Unknown {
            assert_eq!(r.warnings[0].code, "unknown-special");
        } else {
            assert!(r.warnings.is_empty());
        }
        // It writes back as it was read.
        let w = write(&r, &WriteOptions::default());
        assert!(w.text.contains(&format!("\n{raw}\nT7\n")), "{}", w.text);
    }
}

#[test]
fn a_malformed_move_stops_the_record_with_line_and_column() {
    let r = one("PI\n+\n+7776FU\n-33x4FU\n+2726FU\n");
    assert_eq!(usi_moves(&r), ["7g7f"]);
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!((e.code.as_str(), e.line, e.column), ("parse-error", 4, 4));
    assert!(e.message.contains("destination square"), "{}", e.message);
    // In a comma-joined line the column counts from the line start.
    let r = one("PI\n+\n+7776FU,T1,-3334XX\n");
    let e = &r.errors[0];
    assert_eq!((e.line, e.column), (3, 17));
    assert!(e.message.contains("piece code"));
    // Too long, too short.
    let r = one("PI\n+\n+7776FUU\n");
    assert_eq!(r.errors[0].column, 8);
    let r = one("PI\n+\n+77\n");
    assert_eq!(r.errors[0].column, 4);
    // The next record after `/` is still read.
    let rs = read("PI\n+\n+77\n+7776FU\n/\nPI\n+\n+7776FU\n");
    assert_eq!(rs.len(), 2);
    assert!(rs[1].errors.is_empty());
    assert_eq!(usi_moves(&rs[1]), ["7g7f"]);
    // A broken board row.
    let r = one("P1-KY-KE-GI-KI-OU-KI-GI-KE\n+\n");
    assert_eq!(r.errors[0].code, "parse-error");
    assert_eq!(r.errors[0].line, 1);
}

#[test]
fn unknown_lines_warn_and_reading_goes_on() {
    let r = one("PI\n+\nhello\n+7776FU\nX\n-3334FU\n");
    assert!(r.errors.is_empty());
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d"]);
    let codes: Vec<_> = r
        .warnings
        .iter()
        .map(|w| (w.code.as_str(), w.line))
        .collect();
    assert_eq!(codes, [("unknown-line", 3), ("unknown-line", 5)]);
}

#[test]
fn moves_after_an_ending_are_kept_with_a_warning() {
    let r = one("PI\n+\n+7776FU\n%TORYO\n-3334FU\n");
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].code, "move-after-ending");
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d"]);
}

#[test]
fn missing_side_and_position_are_warnings() {
    let r = one("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 *  *  *  *  *  *  *  *  * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n-3334FU\n");
    assert_eq!(r.warnings[0].code, "missing-side-to-move");
    assert_eq!(r.start, Start::Handicap(Handicap::TwoPieces));
    let r = one("N+x\n+7776FU\n");
    assert_eq!(r.warnings[0].code, "missing-position");
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
    assert_eq!(usi_moves(&r), ["7g7f"]);
}

#[test]
fn drops_of_promoted_kinds_are_kept() {
    let r = one("PI\n+\n+0055UM\n");
    let m = r.tree.main_line_moves().next().unwrap();
    assert_eq!(
        m.mv,
        Move::Drop {
            kind: PieceKind::Horse,
            to: Square::new(5, 5).unwrap()
        }
    );
}

#[test]
fn never_panics_on_odd_input() {
    let inputs = [
        "",
        "\n",
        "/",
        "P",
        "P1",
        "P+0",
        "PI8",
        "+",
        "-",
        "%",
        "T",
        "T.",
        "T1.",
        "'",
        "$",
        "$:",
        "N",
        "V",
        "PI\n+\nT99999999999999999999999\n",
        "PI\n+\n+7776FU\nT1.99999\n",
        "P1+",
        "P1+F",
        "P1 * * * * * * * * * *",
        "P+00OU",
        "P+0000",
        ",,,",
        "+7776FU,",
        "é,+",
        "PI\n+\n+0000FU",
        "PI\n+\n+1010FU",
        "PI\n+\n+7776FU\n'**",
    ];
    for t in inputs {
        let _ = read(t);
    }
    let r = &read("")[0];
    assert_eq!(r.errors[0].code, "empty");
    let t = &read("PI\n+\n+7776FU\nT1.99999\n")[0];
    let id = t.tree.main_line().next().unwrap();
    assert_eq!(t.tree.node(id).time.unwrap().spent_ms, Some(1999));
    // Column counts characters, not bytes.
    let r = one("PI\n+\n+7776FU\n-33é4FU\n");
    assert_eq!(r.errors[0].column, 4);
}

proptest::proptest! {
    #[test]
    fn reading_and_writing_never_panic(text in "([-+%PTNV0-9A-Z',/ *.:$\r\né]{0,12}\n){0,20}") {
        for r in read(&text) {
            let w = write(&r, &WriteOptions::default());
            let back = read(&w.text);
            proptest::prop_assert_eq!(back.len(), 1);
            let _ = replay(&r, &ReplayOptions::default());
        }
    }
}

const FRAGMENTS: [&str; 24] = [
    "PI",
    "PI82HI",
    "+",
    "-",
    "/",
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
    "P2 * -HI *  *  *  *  * -KA *",
    "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY",
    "P+00AL",
    "P-00AL",
    "P-11OU",
    "P+00FU00HI",
    "+7776FU",
    "-3334FU",
    "+8822UM",
    "-0055KA",
    "+0055TO",
    "T12",
    "T1.5",
    "%TORYO",
    "%KACHI,T0",
    "'*c",
    "'** 1 +7776FU",
    "'summary:toryo:a win:b lose",
];

proptest::proptest! {
    #[test]
    fn fragments_read_write_and_replay_without_panics(
        lines in proptest::collection::vec(proptest::sample::select(&FRAGMENTS[..]), 0..40)
    ) {
        let text = lines.join("\n");
        for r in read(&text) {
            let _ = replay(&r, &ReplayOptions::default());
            for version in [CsaVersion::V22, CsaVersion::V30] {
                let w = write(&r, &WriteOptions { version, ..WriteOptions::default() });
                let back = read(&w.text);
                proptest::prop_assert_eq!(back.len(), 1);
                proptest::prop_assert_eq!(
                    back[0].tree.main_line_moves().count(),
                    r.tree.main_line_moves().count()
                );
            }
        }
    }
}

fn comparable(r: &Record) -> impl PartialEq + std::fmt::Debug {
    let meta: Vec<_> = r
        .metadata
        .entries()
        .iter()
        .map(|e| (e.key, e.raw_key.clone(), e.value.clone()))
        .collect();
    let nodes: Vec<_> = std::iter::once(MoveTree::ROOT)
        .chain(r.tree.main_line())
        .map(|id| {
            let n = r.tree.node(id);
            (
                n.kind.clone(),
                n.time,
                n.comments().to_vec(),
                n.engine_comments().to_vec(),
                n.remarks().to_vec(),
            )
        })
        .collect();
    (meta, r.start.clone(), nodes)
}

#[test]
fn round_trip_v22_and_v30() {
    let text = "V2.2\nN+NAKAHARA\nN-YONENAGA\n$EVENT:13th WCSC\n$TIME_LIMIT:00:25+00\n$NOTE:x\n'summary:toryo:NAKAHARA win:YONENAGA lose\n'rating:a:b\n'$END_TIME:2003/05/03\n'a header comment\nPI\n'*root\n+\n'** 12 +7776FU\n+7776FU\nT12\n'*good move\n'** 30 -3334FU\n-3334FU\nT6\n+8822UM\nT3\n-3122GI\nT1\n+0055KA\nT0\n%TORYO\nT2\n'*the end\n";
    let r = one(text);
    clean(&r);
    for version in [CsaVersion::V22, CsaVersion::V30] {
        let w = write(
            &r,
            &WriteOptions {
                version,
                ..WriteOptions::default()
            },
        );
        assert!(w.dropped.is_empty(), "{:?}", w.dropped);
        let back = one(&w.text);
        clean(&back);
        assert_eq!(comparable(&back), comparable(&r), "{}", w.text);
        assert_eq!(back.ending().unwrap().stated_winner, Some(Color::Black));
    }
    let w = write(&r, &WriteOptions::default());
    // The plain `'` line before the position is the file's banner, written first.
    assert!(w
        .text
        .starts_with("'a header comment\nV2.2\nN+NAKAHARA\nN-YONENAGA\n$EVENT:13th WCSC\n"));
    // Plain `'` lines stay plain, `'*` comments stay `'*`.
    assert!(
        w.text.contains("\n+7776FU\nT12\n'*good move\n"),
        "{}",
        w.text
    );
    assert!(w.text.contains("\n+8822UM\n"));
    assert!(w.text.contains("\n'$END_TIME:2003/05/03\n"));
}

#[test]
fn round_trip_positions_and_decimal_times() {
    let texts = [
        "'CSA encoding=UTF-8\nV3.0\nPI82HI22KA\n-\n-3334FU\nT1.5\n+7776FU\nT0.125\n",
        "V2.2\nP-21FU11OU\nP+00HI00HI00KY\nP-00GI00GI00AL\n+\n+0013KY\n",
        "V2.2\nPI\n-\n-3334FU\n",
    ];
    for text in texts {
        let r = one(text);
        clean(&r);
        let w = write(
            &r,
            &WriteOptions {
                version: CsaVersion::V30,
                ..WriteOptions::default()
            },
        );
        let back = one(&w.text);
        clean(&back);
        assert_eq!(comparable(&back), comparable(&r), "{}", w.text);
    }
    let r = one(texts[0]);
    let w = write(
        &r,
        &WriteOptions {
            version: CsaVersion::V30,
            ..WriteOptions::default()
        },
    );
    assert!(w.text.contains("PI82HI22KA\n-\n"), "{}", w.text);
    assert!(w.text.contains("T1.5\n") && w.text.contains("T0.125\n"));
    let w = write(&r, &WriteOptions::default());
    // V2.2 holds whole seconds: rounded, and named.
    assert!(w.text.contains("-3334FU\nT2\n") && w.text.contains("+7776FU\nT0\n"));
    assert_eq!(
        w.dropped,
        ["fractions of a second in times (V2.2 holds whole seconds: rounded)"]
    );
}

#[test]
fn writer_names_what_it_drops_and_handles_other_models() {
    use crate::record::Ending;
    let mut r = Record::new();
    r.metadata.push(MetaKey::Event, "棋戦", "名人戦", 1);
    r.metadata.push(MetaKey::BlackName, "先手", "羽生", 2);
    r.metadata.push(MetaKey::Other, "記録係", "某", 3);
    r.metadata.push(MetaKey::Other, "$NOTE", "n", 4);
    r.metadata.push(MetaKey::TimeLimit, "持ち時間", "6時間", 5);
    let m = |s: &str| NodeKind::Move(MoveEntry::new(Move::from_usi(s).unwrap()));
    let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 1);
    let b = r.tree.push(a, m("3c3d"), 2);
    let c = r.tree.push(b, m("8h2b+"), 3);
    r.tree.node_mut(c).notes_mut().bookmark = Some("here".into());
    r.tree.push(
        c,
        NodeKind::Ending(Box::new(Ending::new(EndingKind::Sealed, "封じ手"))),
        4,
    );
    r.tree.push(a, m("8c8d"), 5);
    let w = write(&r, &WriteOptions::default());
    assert_eq!(
            w.text,
            "V2.2\nN+羽生\n$EVENT:名人戦\n$TIME_LIMIT:06:00+00\n'記録係:某\n$NOTE:n\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n"
        );
    assert_eq!(
        w.dropped,
        [
            "headers 記録係 (written as `'key:value` comments)",
            "variations",
            "bookmarks",
            "ending `封じ手`"
        ]
    );
    // Such comments read back as the same headers.
    let back = one(&w.text);
    assert_eq!(back.metadata.get_raw("記録係"), Some("某"));
    assert!(back.tree.root().comments().is_empty());
    // The standard's order whatever the source's: N+ before N-, then the $ keys.
    let mut r = Record::new();
    r.metadata.push(MetaKey::Opening, "戦型", "矢倉", 1);
    r.metadata.push(MetaKey::WhiteName, "後手", "B", 2);
    r.metadata
        .push(MetaKey::StartTime, "開始日時", "2024/01/01", 3);
    r.metadata.push(MetaKey::BlackName, "先手", "A", 4);
    r.metadata.push(MetaKey::Event, "棋戦", "E", 5);
    let w = write(&r, &WriteOptions::default());
    assert!(
        w.text
            .starts_with("V2.2\nN+A\nN-B\n$EVENT:E\n$START_TIME:2024/01/01\n$OPENING:矢倉\nPI\n"),
        "{}",
        w.text
    );
    // A foul win is the other side's illegal action.
    let mut r = Record::new();
    let a = r.tree.push(MoveTree::ROOT, m("7g7f"), 1);
    r.tree.push(
        a,
        NodeKind::Ending(Box::new(Ending::new(EndingKind::FoulWin, "反則勝ち"))),
        2,
    );
    let w = write(&r, &WriteOptions::default());
    assert!(
        w.text.ends_with("+7776FU\n%+ILLEGAL_ACTION\n"),
        "{}",
        w.text
    );
    // A move from an empty square: the claimed piece, else skipped and noted.
    let mut r = Record::new();
    let mut e = MoveEntry::new(Move::from_usi("5e5d").unwrap());
    e.piece = Some(PieceKind::Gold.into());
    let a = r.tree.push(MoveTree::ROOT, NodeKind::Move(e), 1);
    r.tree.push(a, m("4e4d"), 2);
    let w = write(&r, &WriteOptions::default());
    assert!(w.text.ends_with("PI\n+\n+5554KI\n"), "{}", w.text);
    assert_eq!(w.dropped, ["moves from an empty square that name no piece"]);
    // A position that is no handicap is written with rows and hands.
    let mut r = Record::new();
    r.start = Start::Position(Setup::from_sfen("8k/9/9/9/9/9/9/9/8K w 2Pg 5").unwrap());
    let w = write(&r, &WriteOptions::default());
    assert!(w.text.contains("P1 *  *  *  *  *  *  *  * -OU\n"));
    assert!(w.text.contains("P+00FU00FU\nP-00KI\n-\n"), "{}", w.text);
    assert_eq!(w.dropped, ["initial move number"]);
    let back = one(&w.text);
    let Start::Position(s) = back.start else {
        panic!()
    };
    assert_eq!(s.board_sfen(), "8k/9/9/9/9/9/9/9/8K");
    // Every handicap round-trips through PI.
    for h in Handicap::all() {
        let mut r = Record::new();
        r.start = Start::Handicap(h);
        let back = one(&write(&r, &WriteOptions::default()).text);
        clean(&back);
        assert_eq!(back.start, Start::Handicap(h));
    }
}

/// Reads every `.csa` file of the shared corpus (when present) and replays its records.
#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn corpus_reads_without_errors_and_replays_without_fouls() {
    let Some(corpus) = crate::formats::corpus_support::Corpus::open() else {
        return;
    };
    let root = corpus.root.clone();
    let malformed = corpus.malformed.clone();
    let listed = |rel: &str| malformed.iter().any(|p| glob_match(p, rel));
    let files = corpus.files(&["csa"]);
    let mut failures = Vec::new();
    let mut records = 0;
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let bytes = std::fs::read(path).unwrap();
        let text = decode(&bytes);
        let rs = read(&text);
        let is_listed = listed(&rel);
        let name = rel.rsplit('/').next().unwrap_or("");
        for (i, r) in rs.iter().enumerate() {
            records += 1;
            if !r.errors.is_empty() && !is_listed {
                failures.push(format!("{rel} #{i}: errors {:?}", r.errors));
            }
            let rep = replay(r, &ReplayOptions::default());
            if !rep.errors.is_empty() {
                failures.push(format!("{rel} #{i}: replay errors {:?}", rep.errors));
            }
            let known = KNOWN_FOULS.iter().any(|(f, _)| *f == rel);
            let allowed = known || (is_listed && name.starts_with("illegal"));
            if !rep.fouls.is_empty() && !allowed {
                failures.push(format!("{rel} #{i}: fouls {:?}", rep.fouls));
            }
            // What is written reads back with the same moves.
            let back = read(&write(r, &WriteOptions::default()).text);
            let same = back.len() == 1
                && back[0].tree.main_line_moves().count() == r.tree.main_line_moves().count();
            if !same {
                failures.push(format!("{rel} #{i}: does not round-trip"));
            }
        }
    }
    eprintln!("corpus: {} csa files, {records} records", files.len());
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} corpus failures", failures.len());
}

/// Corpus files holding a genuine foul that MALFORMED.txt does not list (checked by hand).
const KNOWN_FOULS: [(&str, &str); 1] = [(
    "ShogiBoardQ/tests/fixtures/test_various_pieces.csa",
    "ply 11 `+8855KA` passes 7g, where ply 5 `+8977KE` put a knight: a hand-made fixture",
)];

fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    for enc in [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP] {
        if let Some(s) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
            return s.into_owned();
        }
    }
    String::from_utf8_lossy(bytes).into_owned()
}

/// Matches `*` (within a path segment) in `pattern` against `path`.
fn glob_match(pattern: &str, path: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let s: Vec<char> = path.chars().collect();
    let (mut pi, mut si) = (0, 0);
    let (mut star, mut mark) = (None, 0);
    while si < s.len() {
        if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = si;
            pi += 1;
        } else if pi < p.len() && p[pi] == s[si] {
            pi += 1;
            si += 1;
        } else if let Some(st) = star.filter(|_| s[mark] != '/') {
            pi = st + 1;
            mark += 1;
            si = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

#[test]
fn regression_a_board_with_a_missing_row_is_an_error_naming_it() {
    // Issue 27: without `P2`, white's rook and bishop vanished silently.
    let rows: String = HIRATE_ROWS
        .lines()
        .filter(|l| !l.starts_with("P2"))
        .map(|l| format!("{l}\n"))
        .collect();
    let r = one(&format!("V2.2\n{rows}+\n+7776FU\n"));
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let e = &r.errors[0];
    assert_eq!(
        (e.code, e.line, e.column),
        (crate::record::ErrorCode::ParseError, 3, 1),
        "{e:?}"
    );
    assert!(e.message.contains("no row `P2`"), "{}", e.message);
    // Missing at the end: at the last row given.
    let rows: String = HIRATE_ROWS
        .lines()
        .take(8)
        .map(|l| format!("{l}\n"))
        .collect();
    let r = one(&format!("{rows}+\n"));
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert_eq!(r.errors[0].line, 8);
    assert!(r.errors[0].message.contains("no row `P9`"));
    // All nine rows, or pieces by `P+`/`P-` alone, are fine.
    clean(&one(&format!("{HIRATE_ROWS}+\n")));
    clean(&one("P-11OU\nP+99OU\nP+00HI\n+\n"));
}

/// Issue 28: an absurd time (`T18446744073709551615.999`) was capped without a word.
#[test]
fn absurd_times_are_capped_with_a_warning() {
    let r = one("V2.2\nPI\n+\n+7776FU\nT18446744073709551615.999\n-3334FU\nT99999999999999999999\n+2726FU\nT12.5\n");
    let capped: Vec<_> = r
        .warnings
        .iter()
        .filter(|w| w.code == "invalid-time" && w.message.contains("capped"))
        .map(|w| w.line)
        .collect();
    assert_eq!(capped, [5, 7], "{:?}", r.warnings);
    let spent: Vec<_> = r
        .tree
        .main_line()
        .filter_map(|id| r.tree.node(id).time.as_ref().map(|t| t.spent_ms))
        .collect();
    assert_eq!(spent, [Some(u64::MAX), Some(u64::MAX), Some(12_500)]);
}
