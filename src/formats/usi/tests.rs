//! Unit tests of the module (`#[cfg(test)] mod tests;` in mod.rs).

use super::read::*;
use super::write::*;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::MoveTime;
use crate::record::{Ending, EndingKind, MoveEntry, MoveTree, NodeKind, Record, Start};
use crate::shogi::{Color, Handicap, Move, Setup};
use crate::shogi::{PieceKind, STARTPOS_SFEN};

fn one(text: &str) -> Record {
    let mut records = read(text);
    assert_eq!(records.len(), 1, "{text:?}");
    records.pop().unwrap()
}

fn usi_moves(r: &Record) -> Vec<String> {
    r.tree.main_line_moves().map(|m| m.mv.to_usi()).collect()
}

const HANDICAP_KA: &str = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
const MIDGAME: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";

#[test]
fn every_accepted_line_shape() {
    let even = Start::Handicap(Handicap::Even);
    let mid = Start::Position(Setup::from_sfen(MIDGAME).unwrap());
    let three_fields = Start::Position(Setup::from_sfen(&MIDGAME[..MIDGAME.len() - 2]).unwrap());
    let cases: Vec<(String, &Start, Vec<&str>)> = vec![
        (
            "position startpos moves 7g7f 3c3d".into(),
            &even,
            vec!["7g7f", "3c3d"],
        ),
        ("position startpos".into(), &even, vec![]),
        ("position startpos moves".into(), &even, vec![]),
        ("startpos moves 7g7f".into(), &even, vec!["7g7f"]),
        ("startpos".into(), &even, vec![]),
        (
            format!("position sfen {MIDGAME} moves 2g2f"),
            &mid,
            vec!["2g2f"],
        ),
        (format!("position sfen {MIDGAME}"), &mid, vec![]),
        (
            format!("sfen {MIDGAME} moves 2g2f 8c8d"),
            &mid,
            vec!["2g2f", "8c8d"],
        ),
        (format!("sfen {MIDGAME}"), &mid, vec![]),
        (MIDGAME.to_string(), &mid, vec![]),
        (format!("{MIDGAME} moves 2g2f"), &mid, vec!["2g2f"]),
        (format!("{MIDGAME} moves"), &mid, vec![]),
        (
            format!("sfen {} moves 2g2f", &MIDGAME[..MIDGAME.len() - 2]),
            &three_fields,
            vec!["2g2f"],
        ),
        (
            MIDGAME[..MIDGAME.len() - 2].to_string(),
            &three_fields,
            vec![],
        ),
        (
            format!("sfen {STARTPOS_SFEN} moves 7g7f"),
            &even,
            vec!["7g7f"],
        ),
        (
            "  startpos   moves\t7g7f  P*5e 8h2b+  ".into(),
            &even,
            vec!["7g7f", "P*5e", "8h2b+"],
        ),
    ];
    for (line, start, moves) in cases {
        let r = one(&line);
        assert!(r.errors.is_empty(), "{line}: {:?}", r.errors);
        assert_eq!(&r.start, start, "{line}");
        assert_eq!(usi_moves(&r), moves, "{line}");
        assert_eq!(r.ending(), None);
        assert_eq!(r.source.line, 1);
    }
}

#[test]
fn move_nodes_are_bare_and_carry_the_line() {
    let r = one("\n\nstartpos moves 7g7f");
    let id = r.tree.main_line().next().unwrap();
    let node = r.tree.node(id);
    assert_eq!(node.line, 3);
    assert_eq!(r.source.line, 3);
    assert_eq!(
        node.move_entry(),
        Some(&MoveEntry::new(Move::from_usi("7g7f").unwrap()))
    );
}

#[test]
fn handicap_sfen_is_a_handicap_start() {
    let r = one(&format!("position sfen {HANDICAP_KA} moves 5a4b 7g7f"));
    assert!(r.errors.is_empty());
    assert_eq!(r.start, Start::Handicap(Handicap::Bishop));
    // With a move number other than 1 it stays an explicit position.
    let r = one(&HANDICAP_KA.replace("w - 1", "w - 5"));
    assert!(matches!(r.start, Start::Position(_)));
}

#[test]
fn ending_words() {
    let cases = [
        ("resign", EndingKind::Resignation),
        ("win", EndingKind::Declaration),
        ("nyugyoku", EndingKind::Declaration),
        ("kachi", EndingKind::Declaration),
        ("draw", EndingKind::Draw),
        ("rep_draw", EndingKind::Repetition),
        ("sennichite", EndingKind::Repetition),
        ("rep_win", EndingKind::PerpetualCheck),
        // After two moves black is to move: black checked perpetually and loses.
        (
            "rep_lose",
            EndingKind::IllegalAction {
                loser: Color::Black,
            },
        ),
        ("rep_sup", EndingKind::Unknown),
        ("rep_inf", EndingKind::Unknown),
        ("jishogi", EndingKind::Impasse),
        ("timeout", EndingKind::Timeout),
        ("break", EndingKind::Abort),
        ("abort", EndingKind::Abort),
        ("max_moves", EndingKind::MaxMoves),
        ("illegal", EndingKind::IllegalMove),
        ("illegal_move", EndingKind::IllegalMove),
        ("tsumi", EndingKind::Checkmate),
        ("mate", EndingKind::Checkmate),
        ("RESIGN", EndingKind::Resignation),
    ];
    for (word, kind) in cases {
        let r = one(&format!("position startpos moves 7g7f 3c3d {word}"));
        assert!(r.errors.is_empty(), "{word}: {:?}", r.errors);
        assert_eq!(r.tree.main_line_moves().count(), 2);
        let ending = r.ending().unwrap_or_else(|| panic!("{word}: no ending"));
        assert_eq!(ending.kind, kind, "{word}");
        assert_eq!(ending.raw, word);
    }
    // `(none)` is skipped; an ending right after `moves` is allowed.
    let r = one("startpos moves 7g7f (none)");
    assert_eq!((usi_moves(&r).len(), r.ending()), (1, None));
    assert!(r.errors.is_empty());
    let r = one("startpos moves resign");
    assert_eq!(r.ending().unwrap().kind, EndingKind::Resignation);
    // rep_lose after an odd number of moves: white is to move and loses.
    let r = one(&format!("sfen {HANDICAP_KA} moves rep_lose"));
    assert_eq!(
        r.ending().unwrap().kind,
        EndingKind::IllegalAction {
            loser: Color::White
        }
    );
}

#[test]
fn errors_name_line_column_and_token() {
    // Column of the bad character inside the move (`x`, the 4th character of `7g7x`).
    let r = one("# list\nposition startpos moves 7g7f 3c3d 7g7x 2g2f");
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!((e.code.as_str(), e.line, e.column), ("parse-error", 2, 37));
    assert!(
        e.message.contains("`7g7x`") && e.message.contains("square"),
        "{}",
        e.message
    );
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d"]);

    // An unknown word.
    let r = one("startpos moves 7g7f hello");
    assert_eq!(r.errors[0].column, 21);
    assert!(r.errors[0].message.contains("`hello`"));
    assert_eq!(usi_moves(&r), ["7g7f"]);

    // Moves after an ending.
    let r = one("startpos moves 7g7f resign 3c3d");
    assert_eq!(r.errors[0].column, 28);
    assert_eq!(r.ending().unwrap().kind, EndingKind::Resignation);

    // A drop of a king; a move with junk after it.
    assert_eq!(one("startpos moves K*5e").errors[0].column, 16);
    assert_eq!(one("startpos moves 7g7f= ").errors[0].column, 20);

    // Columns count characters, not bytes.
    let r = one("startpos moves ７g7f");
    assert_eq!(r.errors[0].column, 16);
    let r = one("startpos moves 7g7f 歩");
    assert_eq!(r.errors[0].column, 21);

    // Bad SFENs point into the SFEN.
    let r = one("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1 moves 7g7f");
    assert_eq!(r.errors[0].column, 62);
    assert!(
        r.errors[0].message.contains("board"),
        "{}",
        r.errors[0].message
    );
    assert!(r.tree.is_empty());
    let r = one("position sfen 9/9/9/9/9/9/9/9/9 x - 1");
    assert_eq!(r.errors[0].column, 33);
    // A missing field points at what came instead.
    let r = one("sfen 9/9/9/9/9/9/9/9/9 b moves 7g7f");
    assert_eq!(r.errors[0].column, 26);
    assert!(
        r.errors[0].message.contains("pieces in hand"),
        "{}",
        r.errors[0].message
    );

    // Wrong start words.
    let r = one("position 7g7f");
    assert_eq!(r.errors[0].column, 10);
    assert_eq!(one("position").errors[0].column, 9);
    assert_eq!(one("sfen").errors[0].column, 5);
    let r = one("hello world");
    assert_eq!(r.errors[0].column, 1);
    assert!(r.errors[0].message.contains("`hello`"));
    let r = one("startpos 7g7f");
    assert_eq!(r.errors[0].column, 10);
    assert!(r.errors[0].message.contains("`moves`"));
    let r = one(&format!("{MIDGAME} 7g7f"));
    assert!(r.errors[0].message.contains("`moves`"));
    let r = one(&format!(
        "{} 99999999999 moves",
        &MIDGAME[..MIDGAME.len() - 2]
    ));
    assert!(r.errors[0].message.contains("move number"));
}

#[test]
fn crlf_blank_and_comment_lines_and_several_records() {
    let text = "\u{feff}# a list\r\n\r\nposition startpos moves 7g7f 3c3d resign\r\n   \r\n// note\r\n\
                    startpos\r\nsfen 9/9/9/9/9/9/9/9/9 x - 1\r\n\
                    lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d\r\n";
    let records = read(text);
    assert_eq!(records.len(), 4);
    assert_eq!(
        records.iter().map(|r| r.source.line).collect::<Vec<_>>(),
        [3, 6, 7, 8]
    );
    assert_eq!(usi_moves(&records[0]), ["7g7f", "3c3d"]);
    assert_eq!(records[0].ending().unwrap().raw, "resign");
    assert!(records[1].tree.is_empty() && records[1].errors.is_empty());
    assert_eq!(records[2].errors[0].line, 7);
    assert_eq!(usi_moves(&records[3]), ["3c3d"]);
    assert!(records.iter().filter(|r| r.errors.is_empty()).count() == 3);
    assert!(read("").is_empty());
    assert!(read("\r\n\n  \n# only comments\n").is_empty());
}

#[test]
fn never_panics_on_odd_input() {
    for text in [
        "moves",
        "position sfen",
        "sfen moves",
        "startpos moves +",
        "startpos moves *",
        "startpos moves P*",
        "startpos moves 1",
        "startpos moves 9i9i+",
        "startpos moves \u{0}",
        "sfen 9/9/9/9/9/9/9/9/9 b",
        "sfen 9/9/9/9/9/9/9/9/9",
        "\u{3000}",
        "\u{feff}",
        "position startpos moves 7g7f\u{85}3c3d",
        "sfen startpos moves 7g7f",
    ] {
        let _ = read(text);
    }
    let r = one("sfen startpos moves 7g7f");
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
}

#[test]
fn writers_produce_one_line() {
    // USI moves only (every USI reader rejects a trailing word); the ending is named.
    let r = one("position startpos moves 7g7f 3c3d resign");
    assert_eq!(
        write_sfen(&r),
        Written {
            text: "startpos moves 7g7f 3c3d\n".into(),
            dropped: vec!["ending (resign)".into()]
        }
    );
    let w = write_usi(&r);
    assert_eq!(w.text, "position startpos moves 7g7f 3c3d\n");
    assert_eq!(w.dropped, ["ending (resign)"]);
    assert_eq!(write_sfen(&one("startpos")).text, "startpos\n");
    assert_eq!(write_usi(&one("startpos")).text, "position startpos\n");
    // An empty game with an ending: no dangling `moves`.
    let w = write_sfen(&one("startpos moves break"));
    assert_eq!(w.text, "startpos\n");
    assert_eq!(w.dropped, ["ending (break)"]);
    let w = write_usi(&one(&format!("sfen {HANDICAP_KA} moves 5a4b")));
    assert_eq!(w.text, format!("position sfen {HANDICAP_KA} moves 5a4b\n"));
    let w = write_sfen(&one(&format!("{MIDGAME} moves 2g2f")));
    assert_eq!(w.text, format!("sfen {MIDGAME} moves 2g2f\n"));
    // The spelling of a known word is kept in the warning.
    let w = write_sfen(&one("startpos moves 7g7f tsumi"));
    assert_eq!(w.text, "startpos moves 7g7f\n");
    assert_eq!(w.dropped, ["ending (tsumi)"]);
}

#[test]
fn writers_name_what_they_drop() {
    let mut r = one("startpos moves 7g7f 3c3d");
    r.metadata
        .push(crate::record::MetaKey::Event, "$EVENT", "x", 1);
    let first = r.tree.main_line().next().unwrap();
    r.tree
        .node_mut(first)
        .notes_mut()
        .comments
        .push("good".into());
    r.tree.node_mut(first).time = Some(MoveTime::default());
    r.tree.node_mut(first).notes_mut().bookmark = Some("b".into());
    let alt = NodeKind::Move(MoveEntry::new(Move::from_usi("8c8d").unwrap()));
    r.tree.push(first, alt, 0);
    let end = r.tree.main_line().last().unwrap();
    r.tree.push(
        end,
        NodeKind::Ending(Box::new(Ending::new(EndingKind::ForfeitWin, "不戦勝"))),
        0,
    );
    let w = write_sfen(&r);
    assert_eq!(w.text, "startpos moves 7g7f 3c3d\n");
    assert_eq!(
        w.dropped,
        [
            "metadata",
            "comments",
            "times",
            "variations",
            "bookmarks",
            "ending"
        ]
    );
}

#[test]
fn write_then_read_round_trips() {
    let lines = [
        "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e resign".to_string(),
        format!("sfen {HANDICAP_KA} moves 5a4b 7g7f rep_draw"),
        format!("sfen {MIDGAME} moves 2g2f rep_lose"),
        format!("sfen {MIDGAME} moves 2g2f 8c8d rep_win"),
        "startpos moves timeout".to_string(),
        "startpos moves 2g2f 3c3d 2f2e 4a3b 2e2d 2c2d 2h2d P*2c 2d2c+ max_moves".to_string(),
    ];
    for line in lines {
        let r = one(&line);
        assert!(r.errors.is_empty(), "{line}");
        let w = write_sfen(&r);
        let (moves, word) = line.rsplit_once(' ').unwrap();
        assert_eq!(w.text.trim_end(), moves.trim_end_matches(" moves"));
        assert_eq!(w.dropped, [format!("ending ({word})")]);
        let back = one(&w.text);
        assert_eq!(back.start, r.start);
        assert_eq!(usi_moves(&back), usi_moves(&r));
        assert_eq!(back.ending(), None);
        let back = one(&write_usi(&r).text);
        assert_eq!((&back.start, usi_moves(&back)), (&r.start, usi_moves(&r)));
        assert_eq!(back.ending(), None);
    }
    // Endings from other formats are named by the canonical word, which reads back as the
    // same kind.
    for (kind, word) in [
        (EndingKind::Resignation, "resign"),
        (EndingKind::Repetition, "rep_draw"),
        (EndingKind::Abort, "break"),
        (EndingKind::Checkmate, "mate"),
        (EndingKind::Declaration, "win"),
        (EndingKind::Impasse, "impasse"),
    ] {
        let mut r = one("startpos moves 7g7f");
        let last = r.tree.main_line().last().unwrap();
        r.tree.push(
            last,
            NodeKind::Ending(Box::new(Ending::new(kind.clone(), "投了"))),
            0,
        );
        let w = write_sfen(&r);
        assert_eq!(w.text, "startpos moves 7g7f\n");
        assert_eq!(w.dropped, [format!("ending ({word})")]);
        let back = one(&format!("startpos moves 7g7f {word}"));
        assert_eq!(back.ending().unwrap().kind, kind);
    }
}

#[test]
fn csa_style_promotions_are_resolved_from_the_position() {
    // 7g7f 3c3d 8h2b+ 3a2b, with the bishop's capture written CSA-style: promote unset,
    // the piece named as a horse.
    let mut r = Record::new();
    let mut parent = MoveTree::ROOT;
    for (usi, piece) in [
        ("7g7f", Some(PieceKind::Pawn)),
        ("3c3d", Some(PieceKind::Pawn)),
        ("8h2b", Some(PieceKind::Horse)),
        ("3a2b", Some(PieceKind::Silver)),
        ("B*4e", Some(PieceKind::Bishop)),
    ] {
        let mut entry = MoveEntry::new(Move::from_usi(usi).unwrap());
        entry.piece = piece.map(Into::into);
        parent = r.tree.push(parent, NodeKind::Move(entry), 0);
    }
    let w = write_usi(&r);
    assert_eq!(
        w.text,
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n"
    );
    assert!(w.dropped.is_empty());
    let back = one(&w.text);
    assert!(replay(&back, &ReplayOptions::default()).fouls.is_empty());
    // A horse moving on is not a promotion.
    let mut r = one("startpos moves 7g7f 3c3d 8h2b+ 4a4b");
    let last = r.tree.main_line().last().unwrap();
    let mut entry = MoveEntry::new(Move::from_usi("2b3a").unwrap());
    entry.piece = Some(PieceKind::Horse.into());
    r.tree.push(last, NodeKind::Move(entry), 0);
    assert!(write_sfen(&r).text.ends_with(" 4a4b 2b3a\n"));
}

#[test]
fn long_lines_read_fast() {
    // A smoke test of the hot path; `cargo test --release -- --ignored --nocapture
    // usi::tests::speed` prints the rate.
    let mut line = String::from("position startpos moves");
    for _ in 0..5_000 {
        line.push_str(" 5i5h 5a5b 5h5i 5b5a");
    }
    let r = one(&line);
    assert_eq!(r.tree.main_line_moves().count(), 20_000);
    assert!(r.errors.is_empty());
}

#[test]
#[ignore]
fn speed() {
    let mut line = String::from("position startpos moves");
    for _ in 0..250 {
        line.push_str(" 5i5h 5a5b 5h5i 5b5a");
    }
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..4_000 {
        n += one(&line).tree.len() - 1;
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "read 4000 lines of 1000 moves one by one: {:.1} M moves/s",
        n as f64 / secs / 1e6
    );
    let text = format!("{line}\n").repeat(4_000);
    let t = std::time::Instant::now();
    let records = read(&text);
    let secs = t.elapsed().as_secs_f64();
    eprintln!("read them as one file: {:.1} M moves/s", 4e6 / secs / 1e6);
    let t = std::time::Instant::now();
    let bytes: usize = records.iter().map(|r| write_usi(r).text.len()).sum();
    let secs = t.elapsed().as_secs_f64();
    eprintln!("wrote {bytes} bytes: {:.1} M moves/s", 4e6 / secs / 1e6);
}

#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn corpus_files_read_without_errors_or_fouls() {
    let Some(corpus) = crate::formats::corpus_support::Corpus::open() else {
        return;
    };
    let root = &corpus.root;
    // Known rule violations in the corpus (parser fixtures, not real games).
    const KNOWN_FOULS: [&str; 1] = [
        // 7g7f 3c3d 8h2b+ 3a2b P*5e: black drops a pawn it does not hold.
        "ShogiBoardQ/tests/fixtures/test_drops.usi",
    ];
    let mut files = 0;
    let mut records = 0;
    for path in corpus.files(&["usi", "sfen"]) {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&path).unwrap();
        files += 1;
        for r in read(&text) {
            records += 1;
            assert!(
                r.errors.is_empty(),
                "{rel}:{}: {:?}",
                r.source.line,
                r.errors
            );
            let report = replay(&r, &ReplayOptions::default());
            assert!(report.errors.is_empty(), "{rel}: {:?}", report.errors);
            if KNOWN_FOULS.contains(&rel.as_str()) {
                assert!(!report.fouls.is_empty(), "{rel}: expected a foul");
            } else {
                assert!(
                    report.fouls.is_empty(),
                    "{rel}:{}: {:?}",
                    r.source.line,
                    report.fouls
                );
            }
            // What is written reads back the same (the ending is named, not written).
            let w = write_sfen(&r);
            let back = one(&w.text);
            assert_eq!(back.start, r.start, "{rel}");
            assert_eq!(usi_moves(&back), usi_moves(&r), "{rel}");
            assert_eq!(back.ending(), None, "{rel}");
            assert_eq!(
                r.ending().is_some(),
                w.dropped.iter().any(|d| d.starts_with("ending")),
                "{rel}"
            );
        }
    }
    eprintln!("read {records} records from {files} SFEN/USI corpus files");
    assert!(files > 0);
}

mod variants {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn a_variant_board_reads_as_that_variants_start_and_moves() {
        let r = one("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d 1a2b resign");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.variant(), Variant::Minishogi);
        assert_eq!(usi_moves(&r), ["1e1d", "1a2b"]);
        assert_eq!(r.ending().unwrap().kind, EndingKind::Resignation);
        let report = replay(&r, &ReplayOptions::default());
        assert_eq!(report.plies, 2);
        assert_eq!(report.variant_positions.len(), 3);
        // Fairy-Stockfish's `board[hand]` FEN.
        assert_eq!(one("gle/1c1/1C1/ELG[-] w 0 1").variant(), Variant::Dobutsu);
        // The standard board stays standard.
        assert!(matches!(
            one("startpos moves 7g7f").start,
            Start::Handicap(_)
        ));
    }

    #[test]
    fn a_word_that_is_no_move_of_the_variant_is_a_parse_error_with_its_column() {
        let r = one("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d 9i9h");
        assert_eq!(usi_moves(&r), ["1e1d"]);
        assert_eq!(r.errors[0].code, "parse-error");
        assert_eq!(r.errors[0].column, 43);
        assert!(
            r.errors[0].message.contains("minishogi"),
            "{}",
            r.errors[0].message
        );
    }

    /// A word that is neither a move nor an ending names the variant's moves, not standard
    /// shogi's examples (7g7f is no square of a 5x5 board).
    #[test]
    fn a_word_neither_move_nor_ending_in_a_variant_line_names_the_variant() {
        let r = one("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1d foo");
        assert_eq!(usi_moves(&r), ["1e1d"]);
        assert_eq!(r.errors[0].code, "parse-error");
        assert_eq!(r.errors[0].column, 43);
        let message = &r.errors[0].message;
        assert!(
            message.contains("neither a USI move of minishogi nor an ending word"),
            "{message}"
        );
        assert!(!message.contains("7g7f"), "{message}");
    }

    #[test]
    fn a_forced_variant_makes_startpos_its_start_and_names_both_games_of_another() {
        let r = &read_as("position startpos moves 1e1d", Some(Variant::Minishogi))[0];
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.variant(), Variant::Minishogi);
        let r = &read_as("sfen rbsgk/4p/5/P4/KGSBR b - 1", Some(Variant::Torishogi))[0];
        let m = &r.errors[0].message;
        assert!(m.contains("minishogi") && m.contains("torishogi"), "{m}");
        let r = &read_as("sfen rbsgk/4p/5/P4/KGSBR b - 1", Some(Variant::Standard))[0];
        let m = &r.errors[0].message;
        assert!(m.contains("minishogi") && m.contains("standard"), "{m}");
        // 5x6 without a lance or knight is gorogoroplus when asked.
        let r = &read_as(
            "sfen sgkgs/5/1ppp1/1PPP1/5/SGKGS b - 1",
            Some(Variant::GorogoroPlus),
        )[0];
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.variant(), Variant::GorogoroPlus);
    }

    #[test]
    fn cr_alone_ends_a_line_as_lf_and_crlf_do() {
        let text = "# a\r\nsfen 3/L2/3/2l b - 1\n\rsfen 3/L2/3/2l b - 1\rstartpos moves 7g7f";
        let records = read(text);
        let lines: Vec<u32> = records.iter().map(|r| r.source.line).collect();
        assert_eq!(lines, [2, 4, 5]);
        assert!(records.iter().all(|r| r.errors.is_empty()));
        assert_eq!(records[0].variant(), Variant::Dobutsu);
    }

    #[test]
    fn columns_of_a_long_variant_line_are_counted_from_its_start() {
        let mut line = String::from("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves");
        for _ in 0..500 {
            line.push_str(" 1e1d 1a1b");
        }
        line.push_str(" 9z9z");
        let r = one(&line);
        assert_eq!(r.tree.main_line_moves().count(), 1000);
        let at = line.rfind("9z9z").unwrap();
        assert_eq!(r.errors[0].column as usize, at + 1);
    }

    #[test]
    fn a_variant_record_is_written_with_its_own_board_and_moves() {
        let line = "sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1 moves 4g5f 4a3b";
        let r = one(line);
        assert_eq!(r.variant(), Variant::Torishogi);
        let w = write_sfen(&r);
        assert_eq!(w.text, format!("{line}\n"));
        assert!(w.dropped.is_empty(), "{:?}", w.dropped);
        let back = one(&w.text);
        assert_eq!(usi_moves(&back), ["4g5f", "4a3b"]);
    }
}
