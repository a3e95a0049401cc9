//! Unit tests of the KI2 writer ([`write`]) on the standard-piece variants: the words it
//! writes over a 5x5 or 5x6 board, and the games it writes read back by the one reader.

use super::write;
use crate::formats::ki2::read_as;
use crate::formats::usi;
use crate::record::{Record, Start};
use crate::variant::{VPosition, Variant};

/// The one record of `text` (an SFEN/USI line) read as a game of `v`.
fn record(v: Variant, text: &str) -> Record {
    let mut rs = usi::read_as(text, Some(v));
    assert_eq!(rs.len(), 1, "{text}");
    let r = rs.remove(0);
    assert!(r.errors.is_empty(), "{text}: {:?}", r.errors);
    assert_eq!(r.start.variant(), v, "{text}");
    r
}

/// The variant start of `r`.
fn start(r: &Record) -> &VPosition {
    match &r.start {
        Start::Variant(p) => p,
        s => panic!("not a variant start: {s:?}"),
    }
}

/// The main line of `r` as USI moves.
fn usi_moves(r: &Record) -> Vec<String> {
    let p = start(r);
    r.tree.main_line_moves().map(|e| p.usi(e.mv)).collect()
}

/// The KI2 the writer writes for `sfen moves …` of `v`, after checking that the one reader
/// reads it back as the same start and moves and that nothing was dropped.
fn ki2(v: Variant, sfen: &str, moves: &str) -> String {
    let r = record(v, &format!("sfen {sfen} moves {moves}"));
    let w = write(&r);
    assert!(w.dropped.is_empty(), "{:?}\n{}", w.dropped, w.text);
    let mut back = read_as(&w.text, Some(v));
    assert_eq!(back.len(), 1, "{}", w.text);
    let back = back.remove(0);
    assert!(back.errors.is_empty(), "{:?}\n{}", back.errors, w.text);
    assert_eq!(start(&back).to_sfen(), start(&r).to_sfen(), "{}", w.text);
    assert_eq!(usi_moves(&back), usi_moves(&r), "{}", w.text);
    w.text
}

/// The move lines of a KI2 text (the lines starting with a mark).
fn move_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with(['▲', '△'])).collect()
}

#[test]
fn a_capture_on_the_previous_destination_is_written_with_same() {
    // A black rook takes on 3c, a white silver takes it back there.
    let text = ki2(Variant::Minishogi, "k4/3s1/2p2/2R2/4K b - 1", "3d3c 2b3c");
    assert_eq!(move_lines(&text), ["▲３三飛    △同　銀"], "{text}");
}

#[test]
fn a_drop_is_written_with_uchi_only_where_a_board_piece_could_also_go() {
    // The gold on 3e reaches 3d, not 5b.
    let sfen = "k4/5/5/5/2G1K b G 1";
    let text = ki2(Variant::Minishogi, sfen, "G*3d");
    assert_eq!(move_lines(&text), ["▲３四金打"], "{text}");
    let text = ki2(Variant::Minishogi, sfen, "G*5b");
    assert_eq!(move_lines(&text), ["▲５二金"], "{text}");
}

#[test]
fn promotion_words_follow_the_zone_of_the_variants_board() {
    use Variant::*;
    // Mini Shogi's zone is its last rank: 3c→3b is no promotion move, 3b→3a is.
    let mini = "k4/5/2S2/5/4K b - 1";
    assert_eq!(move_lines(&ki2(Minishogi, mini, "3c3b")), ["▲３二銀"]);
    let mini = "k4/2S2/5/5/4K b - 1";
    assert_eq!(move_lines(&ki2(Minishogi, mini, "3b3a")), ["▲３一銀不成"]);
    assert_eq!(move_lines(&ki2(Minishogi, mini, "3b3a+")), ["▲３一銀成"]);
    // Shogi 5x6's zone is its last two ranks: 3c→3b may promote.
    let goro = "k4/5/2S2/5/5/4K b - 1";
    assert_eq!(move_lines(&ki2(Gorogoro, goro, "3c3b")), ["▲３二銀不成"]);
    assert_eq!(move_lines(&ki2(Gorogoro, goro, "3c3b+")), ["▲３二銀成"]);
    // White's zone is ranks e and f; a pawn reaching the last rank promotes.
    let white = "k4/5/5/2s2/5/4K w - 1";
    assert_eq!(move_lines(&ki2(Gorogoro, white, "3d3e+")), ["△３五銀成"]);
    let pawn = "k4/2P2/5/5/5/4K b - 1";
    assert_eq!(move_lines(&ki2(GorogoroPlus, pawn, "3b3a+")), ["▲３一歩成"]);
}

#[test]
fn two_pieces_of_a_kind_are_told_apart_by_relative_words() {
    use Variant::Minishogi;
    let cases = [
        // Side words, from each side's own view.
        ("k4/5/5/5/1G1GK b - 1", "2e3d", "▲３四金右"),
        ("k4/5/5/5/1G1GK b - 1", "4e3d", "▲３四金左"),
        ("1g1gk/5/5/5/K4 w - 1", "4a3b", "△３二金右"),
        ("1g1gk/5/5/5/K4 w - 1", "2a3b", "△３二金左"),
        // Movement words: sideways against up, down against up.
        ("k4/5/5/3G1/1G2K b - 1", "2d3d", "▲３四金寄"),
        ("k4/5/5/3G1/1G2K b - 1", "4e3d", "▲３四金上"),
        ("k4/5/2G2/5/2G1K b - 1", "3c3d", "▲３四金引"),
        ("k4/5/2G2/5/2G1K b - 1", "3e3d", "▲３四金上"),
        // Straight up against diagonally up.
        ("k4/5/5/5/1GG1K b - 1", "3e3d", "▲３四金直"),
        ("k4/5/5/5/1GG1K b - 1", "4e3d", "▲３四金左"),
    ];
    for (sfen, mv, want) in cases {
        let text = ki2(Minishogi, sfen, mv);
        assert_eq!(move_lines(&text), [want], "{sfen} {mv}:\n{text}");
    }
}

#[test]
fn a_game_from_a_diagram_writes_the_board_and_an_initial_one_only_its_name() {
    // Mini Shogi's initial position is named by `手合割` alone.
    let text = ki2(Variant::Minishogi, "rbsgk/4p/5/P4/KGSBR b - 1", "4e3d 4a3b");
    assert!(text.starts_with("手合割：5五将棋\n"), "{text}");
    assert!(!text.contains("後手の持駒"), "{text}");
    assert_eq!(move_lines(&text), ["▲３四金    △３二角"], "{text}");
    // Another position writes its BOD board (Shogi 5x6 has no name: `その他`).
    let text = ki2(Variant::Gorogoro, "k4/5/2S2/5/5/4K b G 1", "3c3b 5a5b");
    assert!(text.starts_with("手合割：その他\n"), "{text}");
    for line in [
        "後手の持駒：",
        "  ５ ４ ３ ２ １",
        "| ・ ・ 銀 ・ ・|三",
        "先手の持駒：金",
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    let text = ki2(Variant::Minishogi, "k4/5/2S2/5/4K w - 1", "5a4a");
    assert!(text.contains("後手番"), "{text}");
    assert_eq!(move_lines(&text), ["△４一玉"], "{text}");
}

#[test]
fn tori_shogi_and_shogi_3x4_are_not_written() {
    for (v, line) in [
        (Variant::Torishogi, "startpos"),
        (Variant::Dobutsu, "startpos"),
    ] {
        let r = record(v, line);
        let w = write(&r);
        assert_eq!(w.text, "", "{v}");
        assert_eq!(w.dropped.len(), 1, "{v}: {:?}", w.dropped);
        assert!(w.dropped[0].contains("has no KI2"), "{:?}", w.dropped);
        assert!(w.dropped[0].contains("KIF"), "{:?}", w.dropped);
    }
}

#[test]
fn every_oracle_game_reads_back_as_the_same_game() {
    let files = [
        (
            Variant::Minishogi,
            include_str!("../../../testdata/variants/minishogi.usi"),
        ),
        (
            Variant::Gorogoro,
            include_str!("../../../testdata/variants/gorogoro.usi"),
        ),
        (
            Variant::GorogoroPlus,
            include_str!("../../../testdata/variants/gorogoroplus.usi"),
        ),
    ];
    let mut games = 0;
    for (v, text) in files {
        for r in usi::read_as(text, Some(v)) {
            assert!(r.errors.is_empty(), "{v}: {:?}", r.errors);
            let w = write(&r);
            assert!(w.dropped.is_empty(), "{v}: {:?}", w.dropped);
            let back = read_as(&w.text, Some(v)).remove(0);
            assert!(back.errors.is_empty(), "{v}: {:?}\n{}", back.errors, w.text);
            assert_eq!(start(&back).to_sfen(), start(&r).to_sfen(), "{}", w.text);
            assert_eq!(usi_moves(&back), usi_moves(&r), "{}", w.text);
            assert!(!usi_moves(&r).is_empty());
            games += 1;
        }
    }
    assert_eq!(games, 30);
}
