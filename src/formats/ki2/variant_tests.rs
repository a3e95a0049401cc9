//! Unit tests of KI2 records of the smaller variants read by the one reader ([`read_as`])
//! into a `Start::Variant` record, and of the one writer ([`write`]) against the frozen
//! outputs of the old variant writer (`testdata/variants/expected/ki2/`).

use super::{read, read_as, supports, write};
use crate::formats::variant_oracle::tests::{oracle_games, round_trip};
use crate::formats::variant_oracle::VGame;
use crate::record::{EndingKind, ErrorCode, Record, Start};
use crate::variant::{VPosition, Variant};

/// The kind of the main line's ending (a `まで…` summary's included).
fn ending(r: &Record) -> Option<EndingKind> {
    r.tree
        .main_line_ending()
        .map(|e| e.kind.clone())
        .filter(|k| *k != EndingKind::Unknown)
}

fn only(mut rs: Vec<Record>) -> Record {
    assert_eq!(rs.len(), 1);
    rs.remove(0)
}

/// The oracle games KI2 carries, without the ones whose moves end the game before an
/// ending word (KI2's summary cannot tell the two apart).
fn ki2_games() -> Vec<VGame> {
    oracle_games()
        .into_iter()
        .filter(|g| supports(g.variant()))
        .filter(|g| {
            let mut p = g.start.clone();
            for &m in &g.moves {
                p.play_lenient(m);
            }
            g.ending.is_none() || p.has_legal_move()
        })
        .collect()
}

#[test]
fn the_one_reader_reads_every_game_the_old_writer_wrote() {
    let games = ki2_games();
    assert!(games.len() >= 20, "{}", games.len());
    // Forced, and named by the `手合割` alone.
    for forced in [true, false] {
        round_trip(games.clone(), frozen_text_of, |t, v| {
            let r = only(read_as(t, forced.then_some(v)));
            assert!(r.errors.is_empty(), "{:?}\n{t}", r.errors);
            assert_eq!(r.variant(), v);
            let mut g = VGame::from_record(&r).unwrap().game;
            // The bridge leaves out a summary's ending (the old route read it apart).
            g.ending = ending(&r);
            // A divergence from the old reader (see below): the summary of a game the
            // moves ended is read as its ending, as for standard shogi.
            let mut p = g.start.clone();
            for &m in &g.moves {
                p.play_lenient(m);
            }
            if !p.has_legal_move() || p.campmate_winner().is_some() {
                g.ending = None;
            }
            g
        });
    }
}

#[test]
fn a_minishogi_record_with_comments_a_variation_and_a_summary() {
    // The old reader dropped comments and variations; the one reader keeps them.
    let text = "手合割：5五将棋\n▲２四銀    △４二銀\n*a comment\n▲５三歩\n変化：3手\n▲１四飛\nまで3手で後手の勝ち\n";
    let r = only(read(text));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let Start::Variant(start) = &r.start else {
        panic!("{:?}", r.start)
    };
    assert_eq!(start.variant(), Variant::Minishogi);
    let usi: Vec<String> = r.tree.main_line_moves().map(|e| start.usi(e.mv)).collect();
    assert_eq!(usi, ["3e2d", "3a4b", "5d5c"]);
    let text_all = format!("{:?}", r.tree);
    assert!(text_all.contains("a comment"), "{text_all}");
    assert!(text_all.contains("Ending"), "{text_all}");
    assert!(
        r.tree.len() >= 5,
        "the variation was kept: {}",
        r.tree.len()
    );
}

#[test]
fn the_summary_of_a_mated_game_is_its_ending_unlike_the_old_reader() {
    // Regression test of a divergence: the old reader dropped a `まで…の勝ち` summary when
    // the moves ended the game (mate); the one reader keeps it as the ending, as it does for
    // standard shogi, and replay judges the mate.
    let game = ki2_games()
        .into_iter()
        .find(|g| {
            let mut p = g.start.clone();
            for &m in &g.moves {
                p.play_lenient(m);
            }
            !p.has_legal_move() && g.ending.is_none()
        })
        .expect("a mated oracle game");
    // The old reader read no ending from this text (checked when it was frozen).
    let text = frozen_text_of(&game);
    assert!(text.contains("の勝ち"), "{text}");
    let r = only(read(&text));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(ending(&r), Some(EndingKind::Resignation));
}

#[test]
fn two_golds_are_told_apart_by_their_words() {
    // Two black golds on 4e and 2e can both go to 3d: 右 is 2e's, 左 4e's (as the old reader).
    let board = "後手の持駒：なし\n  ５ ４ ３ ２ １\n+---------------+\n| ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・|四\n| 玉 金 ・ 金 ・|五\n+---------------+\n先手の持駒：なし\n";
    for (word, usi) in [("右", "2e3d"), ("左", "4e3d")] {
        let r = only(read(&format!("{board}▲３四金{word}\n")));
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let Start::Variant(start) = &r.start else {
            panic!()
        };
        let m = r.tree.main_line_moves().next().unwrap().mv;
        assert_eq!(start.usi(m), usi);
    }
    let r = only(read(&format!("{board}▲３四金\n")));
    assert_eq!(r.errors[0].code, ErrorCode::AmbiguousMove, "{:?}", r.errors);
}

#[test]
fn a_variant_without_ki2_and_another_game_than_forced_are_errors() {
    let r = only(read("手合割：禽将棋\n▲４五燕\n"));
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert!(
        r.errors[0].message.contains("no KI2"),
        "{}",
        r.errors[0].message
    );
    let r = only(read_as(
        "手合割：5五将棋\n▲２四銀\n",
        Some(Variant::Gorogoro),
    ));
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let msg = &r.errors[0].message;
    assert!(msg.contains("Mini") || msg.contains("mini"), "{msg}");
    // A standard record stays standard.
    let r = only(read("▲７六歩    △３四歩\n"));
    assert!(matches!(r.start, Start::Handicap(_)), "{:?}", r.start);
    let _ = VPosition::start(Variant::Minishogi);
}

/// The variants whose oracle games the old writer's outputs were frozen for.
const FROZEN: [Variant; 3] = [Variant::Minishogi, Variant::Gorogoro, Variant::GorogoroPlus];

/// The oracle games of `v`, in the order of their file.
fn oracle_games_of(v: Variant) -> Vec<VGame> {
    oracle_games()
        .into_iter()
        .filter(|g| g.variant() == v)
        .collect()
}

/// The frozen file of `v`: the old writer's text of each oracle game of `v`, each after a
/// `#--- game N` line (see the folder's README).
fn frozen_path(v: Variant) -> String {
    format!(
        "{}/testdata/variants/expected/ki2/{v}.ki2.expected",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The old writer's text of each oracle game of `v`, read from its frozen file.
fn frozen(v: Variant) -> Vec<String> {
    let text = std::fs::read_to_string(frozen_path(v)).unwrap();
    let mut out: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("#--- game ") {
            out.push(String::new());
        } else {
            out.last_mut()
                .expect("a `#--- game` line first")
                .push_str(line);
        }
    }
    out
}

/// The old writer's frozen text of `game`, an oracle game of a [`FROZEN`] variant.
fn frozen_text_of(game: &VGame) -> String {
    let v = game.variant();
    let key = |g: &VGame| format!("{} {:?} {:?}", g.start.to_sfen(), g.moves, g.ending);
    oracle_games_of(v)
        .iter()
        .zip(frozen(v))
        .find(|(g, _)| key(g) == key(game))
        .map(|(_, text)| text)
        .expect("an oracle game of a frozen variant")
}

/// The text with the differences of layout between the two writers taken out: the old one
/// joined the moves of a line with four spaces and wrote `同　` before every piece; the one
/// writer pads each move to twelve Shift_JIS columns (none after a move that wide:
/// `▲４一角不成△２二金`) and writes `同　` before a one-character piece only (`▲同馬右`),
/// as Kifu for Windows does in standard KI2.
fn without_layout(text: &str) -> String {
    text.replace(' ', "").replace("同　", "同")
}

#[test]
fn the_one_writer_writes_what_the_old_writer_wrote() {
    let mut diffs = Vec::new();
    for v in FROZEN {
        let games = oracle_games_of(v);
        let texts = frozen(v);
        assert_eq!(games.len(), texts.len(), "{v}");
        assert_eq!(games.len(), 10, "{v}");
        for (i, (g, want)) in games.iter().zip(&texts).enumerate() {
            let mut got = without_layout(&write(&g.to_record()).text);
            // The bridge (`VGame::to_record`) gives a game its moves ended an `Unknown` ending
            // whose text is the whole `まで…の勝ち` sentence, which the one writer writes after
            // its own `まで{n}手で` (as it writes any unknown ending's text; a reader's record
            // of such a game has the ending's kind, or none): taken out here.
            let doubled = format!("まで{}手でまで", g.moves.len());
            got = got.replace(&doubled, "まで");
            if got != without_layout(want) {
                diffs.push(format!(
                    "{v} game {}:\n--- old\n{want}--- new\n{got}",
                    i + 1
                ));
            }
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
