//! Unit tests of KIF records of the smaller variants: read by the one reader into a
//! `Start::Variant` record, written by the one writer, read back to the same record.

use super::{read, read_as, write, WriteOptions};
use crate::formats::write::encode;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::{Ending, EndingKind, ErrorCode, NodeKind, Record, Start, WarningCode};
use crate::text::{decode, Encoding, EncodingChoice};
use crate::variant::{VMove, VPosition, Variant};

/// The oracle's random legal games of every variant (ten a variant), read by the SFEN/USI
/// reader, with an ending on some.
fn oracle_records() -> Vec<Record> {
    let files = [
        include_str!("../../../testdata/variants/minishogi.usi"),
        include_str!("../../../testdata/variants/gorogoro.usi"),
        include_str!("../../../testdata/variants/gorogoroplus.usi"),
        include_str!("../../../testdata/variants/torishogi.usi"),
        include_str!("../../../testdata/variants/dobutsu.usi"),
    ];
    let endings = [
        None,
        Some((EndingKind::Resignation, "投了")),
        Some((EndingKind::Timeout, "切れ負け")),
        Some((EndingKind::Abort, "中断")),
        Some((EndingKind::Repetition, "千日手")),
    ];
    let mut out = Vec::new();
    for text in files {
        for (k, mut r) in crate::formats::usi::read(text).into_iter().enumerate() {
            assert!(r.errors.is_empty(), "{:?}", r.errors);
            assert_ne!(r.variant(), Variant::Standard);
            if let Some((kind, word)) = endings[k % endings.len()].clone() {
                let last = r
                    .tree
                    .main_line()
                    .last()
                    .unwrap_or(crate::record::MoveTree::ROOT);
                r.tree
                    .push(last, NodeKind::Ending(Box::new(Ending::new(kind, word))), 1);
            }
            out.push(r);
        }
    }
    assert_eq!(out.len(), 50);
    out
}

fn moves(r: &Record) -> Vec<VMove> {
    r.tree.main_line_moves().map(|e| e.mv).collect()
}

fn only(mut rs: Vec<Record>) -> Record {
    assert_eq!(rs.len(), 1);
    rs.remove(0)
}

#[test]
fn every_oracle_game_round_trips_in_shift_jis_and_utf8() {
    for r in oracle_records() {
        let v = r.variant();
        let text = write(&r, &WriteOptions::default()).text;
        for (encoding, ext) in [(Encoding::ShiftJis, "kif"), (Encoding::Utf8, "kifu")] {
            let (bytes, lost) = encode(&text, encoding);
            assert!(lost.is_empty(), "{lost:?}\n{text}");
            let decoded = decode(&bytes, Some(ext), EncodingChoice::Auto).text;
            for forced in [None, Some(v)] {
                let back = only(read_as(&decoded, forced));
                assert!(back.errors.is_empty(), "{:?}\n{text}", back.errors);
                assert!(back.warnings.is_empty(), "{:?}\n{text}", back.warnings);
                assert_eq!(back.start, r.start, "{text}");
                assert_eq!(moves(&back), moves(&r), "{text}");
                assert_eq!(
                    back.tree.main_line_ending().map(|e| e.kind.clone()),
                    r.tree.main_line_ending().map(|e| e.kind.clone()),
                    "{text}"
                );
                let (a, b) = (
                    replay(&r, &ReplayOptions::default()),
                    replay(&back, &ReplayOptions::default()),
                );
                assert_eq!(a.outcome, b.outcome, "{text}");
            }
        }
    }
}

#[test]
fn lishogi_minishogi_is_read_with_times_and_ending() {
    let text = "手合割：5五将棋\n先手：a\n後手：b\n手数----指手---------消費時間--\n   1   ５三歩(54)   (00:03/00:00:03)\n*a comment\n   2   同　飛(51)\n   3   投了\n";
    let r = only(read(text));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(
        r.start,
        Start::Variant(VPosition::start(Variant::Minishogi))
    );
    let usi: Vec<String> = moves(&r)
        .iter()
        .map(|&m| crate::variant::usi(Variant::Minishogi, m))
        .collect();
    assert_eq!(usi, ["5d5c", "5a5c"]);
    // What the old variant reader dropped is carried: the time, the comment, the ending.
    let first = r.tree.main_line().next().unwrap();
    let node = r.tree.node(first);
    assert_eq!(node.time.and_then(|t| t.spent_ms), Some(3000));
    assert_eq!(node.comments(), ["a comment"]);
    assert_eq!(
        r.tree.main_line_ending().map(|e| e.kind.clone()),
        Some(EndingKind::Resignation)
    );
}

#[test]
fn variations_of_a_variant_game_are_kept_and_written() {
    let text = "手合割：どうぶつしょうぎ\n手数----指手---------消費時間--\n   1 ２二ひよこ(23) +\n   2 同　ぞう(11)\n\n変化：1手\n   1 １三きりん(14)\n";
    let r = only(read(text));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.variant(), Variant::Dobutsu);
    assert!(r.tree.has_variations());
    let written = write(&r, &WriteOptions::default()).text;
    assert!(
        written.contains("変化：1手\n   1 １三きりん(14)"),
        "{written}"
    );
    let back = only(read(&written));
    assert_eq!(back.tree.len(), r.tree.len(), "{written}");
}

#[test]
fn a_tori_board_is_read_by_its_size_and_written_as_sonota() {
    let r = {
        let mut r = Record::new();
        r.start = Start::Variant(VPosition::start(Variant::Torishogi));
        r
    };
    let text = write(&r, &WriteOptions::default()).text;
    assert!(text.contains("手合割：その他"), "{text}");
    assert!(text.contains("|v右v雉v鶴v鵬v鶴v雉v左|一"), "{text}");
    let back = only(read(&text));
    assert!(back.errors.is_empty(), "{:?}", back.errors);
    assert_eq!(back.start, r.start);
}

#[test]
fn a_mid_game_variant_board_with_hands_reads_back() {
    let sfen = "3/1l1/1Cg/E1L w Ce 5";
    let p = VPosition::from_sfen_as(sfen, Some(Variant::Dobutsu)).unwrap();
    let mut r = Record::new();
    r.start = Start::Variant(p.clone());
    let text = write(&r, &WriteOptions::default()).text;
    assert!(
        text.starts_with("手合割：どうぶつしょうぎ\n後手の持駒："),
        "{text}"
    );
    assert!(text.contains("後手番"), "{text}");
    let back = only(read(&text));
    assert!(back.errors.is_empty(), "{:?}\n{text}", back.errors);
    let Start::Variant(q) = &back.start else {
        panic!("{:?}", back.start)
    };
    // The move number is not written (KIF numbers moves from 1 for a variant).
    assert_eq!(
        q.to_sfen().rsplit_once(' ').unwrap().0,
        sfen.rsplit_once(' ').unwrap().0
    );
}

#[test]
fn another_variant_than_forced_is_an_error_naming_both() {
    for forced in [Variant::Dobutsu, Variant::Standard] {
        let r = only(read_as(
            "手合割：5五将棋\n手数----指手--\n   1 ２四歩(25)\n",
            Some(forced),
        ));
        let e = &r.errors[0];
        assert_eq!((e.code, e.line), (ErrorCode::ParseError, 1), "{e:?}");
        assert!(
            e.message.contains("minishogi") && e.message.contains(forced.name()),
            "{e:?}"
        );
    }
    // A standard record read as a variant.
    let r = only(read_as(
        "手合割：平手\n   1 ７六歩(77)\n",
        Some(Variant::Minishogi),
    ));
    assert!(r.errors[0].message.contains("standard"), "{:?}", r.errors);
    // A record naming no game is read as the forced one.
    let r = only(read_as("   1 ２四歩(25)\n", Some(Variant::Minishogi)));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.variant(), Variant::Minishogi);
}

#[test]
fn a_square_off_the_variants_board_is_an_error_with_its_column() {
    let r = only(read("手合割：5五将棋\n   1 ７六歩(77)\n"));
    let e = &r.errors[0];
    assert_eq!(
        (e.code, e.line, e.column),
        (ErrorCode::ParseError, 2, 6),
        "{e:?}"
    );
    assert!(e.message.contains("not on the board of minishogi"), "{e:?}");
    let r = only(read("手合割：どうぶつしょうぎ\n   1 ２二歩(23)\n"));
    assert!(
        r.errors[0].message.contains("ライオン"),
        "the variant's names are the expected ones: {:?}",
        r.errors
    );
}

#[test]
fn a_variant_move_without_its_source_is_resolved_against_the_position() {
    let r = only(read("手合割：どうぶつしょうぎ\n   1 ２二ひよこ\n"));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.warnings[0].code, WarningCode::MissingSource);
    assert_eq!(crate::variant::usi(Variant::Dobutsu, moves(&r)[0]), "2c2b");
}

#[test]
fn a_board_naming_another_game_than_the_handicap_wins_with_a_warning() {
    let mut r = Record::new();
    r.start = Start::Variant(VPosition::start(Variant::Gorogoro));
    let text = write(&r, &WriteOptions::default())
        .text
        .replace("手合割：その他", "手合割：平手");
    let back = only(read(&text));
    assert!(back.errors.is_empty(), "{:?}", back.errors);
    assert_eq!(back.variant(), Variant::Gorogoro);
    assert_eq!(back.warnings[0].code, WarningCode::HandicapMismatch);
}

#[test]
fn a_move_from_an_empty_square_is_written_with_the_piece_it_names() {
    // Ported from the old variant reader (variant fuzz campaign): `同　ひよこ(23)` in a
    // dobutsu record, from a square the first move emptied.
    let text = "手合割：どうぶつしょうぎ\n手数----指手---------消費時間--\n   1 ２二ひよこ(23)\n   2 同　ひよこ(23)\n";
    let r = only(read(text));
    assert_eq!(moves(&r).len(), 2);
    let written = write(&r, &WriteOptions::default()).text;
    assert!(written.contains("同　ひよこ(23)"), "{written}");
    assert_eq!(moves(&only(read(&written))), moves(&r));
}

#[test]
fn headers_come_before_the_handicap_and_the_players_after() {
    let mut r = only(read("棋戦：x\n先手：a\n手合割：5五将棋\n"));
    assert_eq!(r.variant(), Variant::Minishogi);
    r.tree = crate::record::MoveTree::new();
    let text = write(&r, &WriteOptions::default()).text;
    assert!(
        text.starts_with("棋戦：x\n手合割：5五将棋\n先手：a\n"),
        "{text}"
    );
}

#[test]
fn junk_lines_of_a_variant_record_are_named_up_to_a_bound_then_counted() {
    // Ported from the old variant reader: a warning (with a copy of the line) for every line
    // not read made a text of millions of junk lines cost gigabytes.
    let text = format!("手合割：5五将棋\n{}", "abc\n".repeat(5_000));
    let r = only(read(&text));
    assert_eq!(r.variant(), Variant::Minishogi);
    assert!(r.warnings.len() <= 101, "{}", r.warnings.len());
    assert_eq!(r.tally.given(WarningCode::UnknownLine), 5_000);
}

#[test]
fn a_comment_after_a_move_on_its_line_is_the_moves_comment() {
    // Divergence found against the old variant reader, which took it for a comment (Lishogi's
    // parser test file `dobutsu-parser.kif`); the one reader warned `trailing-text`.
    let r = only(read(
        "手合割：どうぶつしょうぎ\n   1   ２二ひよこ(23) * comment comment\n",
    ));
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let first = r.tree.main_line().next().unwrap();
    assert_eq!(r.tree.node(first).comments(), ["comment comment"]);
}
