//! The classifier on constructed games: one for every name (`testdata/openings/games.tsv`),
//! and the records of `../shared/corpus` whose headers name their opening.

use super::*;

/// `testdata/openings/games.tsv`: name, side, where the game comes from, the USI moves.
fn fixture_games() -> Vec<(String, Color, String, Vec<Move>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/openings/games.tsv");
    let text = std::fs::read_to_string(path).expect("testdata/openings/games.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 4, "four columns: {l}");
            let side = match cols[1] {
                "black" => Color::Black,
                "white" => Color::White,
                other => panic!("{other}: not a side"),
            };
            let moves = cols[3]
                .split_whitespace()
                .map(|m| Move::from_usi(m).unwrap_or_else(|e| panic!("{l}: {e}")))
                .collect();
            (cols[0].to_string(), side, cols[2].to_string(), moves)
        })
        .collect()
}

#[test]
fn every_fixture_game_is_given_its_name() {
    let mut wrong = Vec::new();
    for (name, side, source, moves) in fixture_games() {
        let o = Openings::of(&Start::default(), &moves).expect("an even game of 16 plies or more");
        let kind = Table::standard().names[Table::standard().find(&name).expect(&name)].kind;
        if !o.has(Some(side), kind, &name) {
            wrong.push(format!("{name} ({side}, {source}): got {o:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_name_has_a_fixture_game() {
    let games = fixture_games();
    let missing: Vec<&str> = Table::standard()
        .names
        .iter()
        .filter(|n| !n.hidden && !games.iter().any(|g| g.0 == n.text))
        .map(|n| n.text.as_str())
        .collect();
    assert!(missing.is_empty(), "no fixture game for {missing:?}");
}

fn usi(moves: &str) -> Vec<Move> {
    moves
        .split_whitespace()
        .map(|m| Move::from_usi(m).unwrap())
        .collect()
}

#[test]
fn short_games_and_set_up_positions_are_not_classified() {
    let moves =
        usi("7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8d 2d3d 2b3c 3d3f 3a2b");
    assert!(Openings::of(&Start::default(), &moves[..MIN_PLIES - 1]).is_none());
    assert!(Openings::of(&Start::default(), &moves).is_some());
    let setup = crate::shogi::Setup::from_sfen(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 b - 1",
    )
    .unwrap();
    assert!(Openings::of(&Start::Position(setup), &moves).is_none());
}

#[test]
fn names_come_broad_first_and_in_the_order_they_were_seen() {
    // A 四間飛車 with the Mino castle built step by step: 片美濃 then 美濃 then 高美濃.
    let moves = usi(
        "7g7f 3c3d 6g6f 8c8d 2h6h 8d8e 8h7g 7a6b 5i4h 5a4b 4h3h 4b3b 3h2h 6a5b 3i3h 1c1d \
         6i5h 1d1e 4g4f 9c9d 5h4g",
    );
    let o = Openings::of(&Start::default(), &moves).unwrap();
    let strategies: Vec<&str> = o.black.strategies.iter().map(|l| l.name).collect();
    assert_eq!(strategies, ["振り飛車", "四間飛車"]);
    assert_eq!(o.black.strategies[0].ply, 5);
    let castles: Vec<&str> = o.black.castles.iter().map(|l| l.name).collect();
    assert_eq!(castles, ["片美濃囲い", "美濃囲い", "高美濃囲い"], "{o:?}");
}

#[test]
fn a_name_excluded_later_is_taken_back() {
    // Bishops exchanged at once, then black ranges its rook: 角交換振り飛車, not 角換わり.
    let moves =
        usi("7g7f 3c3d 8h2b+ 3a2b 2h8h 8c8d 5i4h 7a6b 4h3h 5a4b 3h2h 4b3b 3i3h 6a5b 1g1f 1c1d");
    let o = Openings::of(&Start::default(), &moves).unwrap();
    assert!(
        o.has(Some(Color::Black), Kind::Strategy, "角交換振り飛車"),
        "{o:?}"
    );
    assert!(
        !o.has(Some(Color::Black), Kind::Strategy, "角換わり"),
        "{o:?}"
    );
    assert!(
        !o.has(Some(Color::White), Kind::Strategy, "角換わり"),
        "{o:?}"
    );
}
