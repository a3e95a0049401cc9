//! The classifier on constructed games: one for every name (`testdata/openings/games.tsv`),
//! and the records of `../shared/corpus` whose headers name their opening.

use super::*;
use crate::shogi::{ByColor, PieceKind};

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

/// Both classifiers' names for `moves` from `start`, as (side, name, ply) lists.
fn both(
    start: &Position,
    moves: &[Move],
) -> (ByColor<classify::SideNames>, ByColor<classify::SideNames>) {
    let table = Table::standard();
    (
        classify::classify(table, start, moves),
        reference::classify(table, start, moves),
    )
}

/// The fast classifier gives what the reference gives, name for name and ply for ply, for
/// every prefix of `moves` from `from_ply` plies on; `what` names the game in a failure.
fn agree_on_prefixes(start: &Position, moves: &[Move], from_ply: usize, what: &str) -> usize {
    let mut n = 0;
    for len in from_ply.min(moves.len())..=moves.len() {
        let (fast, slow) = both(start, &moves[..len]);
        assert_eq!(
            fast, slow,
            "{what}, {len} plies: fast (left) and reference (right) differ"
        );
        n += 1;
    }
    n
}

#[test]
fn the_fast_classifier_agrees_with_the_reference_on_every_fixture_game() {
    let start = Start::default().position().unwrap();
    let mut compared = 0;
    for (name, side, source, moves) in fixture_games() {
        compared += agree_on_prefixes(&start, &moves, 1, &format!("{name} ({side}, {source})"));
    }
    assert!(compared > 500, "{compared} games compared");
}

/// A tiny deterministic generator, so a failing seed replays exactly.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random continuation of `moves` from `start` to `plies` plies: legal moves, most of them
/// inside the mover's own three ranks (where castles are built), and now and then a move no
/// rule allows (a piece to any square, a drop of anything), which records with fouls carry.
fn random_game(start: &Position, mut moves: Vec<Move>, plies: usize, rng: &mut Rng) -> Vec<Move> {
    use crate::shogi::Square;
    let mut pos = start.clone();
    for &m in &moves {
        pos.play_unchecked(m);
    }
    while moves.len() < plies {
        let us = pos.side_to_move();
        let own_camp = |sq: Square| match us {
            Color::Black => sq.rank() >= 7,
            Color::White => sq.rank() <= 3,
        };
        let legal = pos.legal_moves();
        let m = if rng.below(20) == 0 || legal.is_empty() {
            let squares: Vec<Square> = Square::all().collect();
            let to = squares[rng.below(81)];
            if rng.below(3) == 0 {
                Move::Drop {
                    kind: PieceKind::ALL[rng.below(PieceKind::ALL.len())],
                    to,
                }
            } else {
                Move::Normal {
                    from: squares[rng.below(81)],
                    to,
                    promote: rng.below(4) == 0,
                }
            }
        } else {
            let quiet: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| match *m {
                    Move::Normal { from, to, .. } => own_camp(from) && own_camp(to),
                    Move::Drop { .. } => false,
                })
                .collect();
            if !quiet.is_empty() && rng.below(4) != 0 {
                quiet[rng.below(quiet.len())]
            } else {
                legal[rng.below(legal.len())]
            }
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

#[test]
fn the_fast_classifier_agrees_with_the_reference_on_random_games() {
    use crate::shogi::Handicap;
    let mut rng = Rng(0x32_0065_6e69_6e67);
    let fixtures = fixture_games();
    let starts: Vec<Position> = [Handicap::Even, Handicap::Bishop, Handicap::TwoPieces]
        .iter()
        .map(|h| h.position())
        .collect();
    for round in 0..300 {
        let plies = 16 + rng.below(110);
        let (start, begun, what) = if round % 3 == 0 {
            // A constructed opening, then anything.
            let (name, _, _, moves) = &fixtures[rng.below(fixtures.len())];
            let keep = rng.below(moves.len() + 1);
            (
                &starts[0],
                moves[..keep].to_vec(),
                format!("{name}, {keep} plies kept"),
            )
        } else {
            let s = rng.below(starts.len());
            (&starts[s], Vec::new(), format!("start {s}"))
        };
        let moves = random_game(start, begun, plies, &mut rng);
        let what = format!("round {round} ({what})");
        let (fast, slow) = both(start, &moves);
        assert_eq!(
            fast, slow,
            "{what}: fast (left) and reference (right) differ"
        );
        // And at a few shorter lengths, where the final definitions are looked at earlier.
        for _ in 0..3 {
            let len = 1 + rng.below(moves.len());
            let (fast, slow) = both(start, &moves[..len]);
            assert_eq!(
                fast, slow,
                "{what}, {len} plies: fast (left) and reference (right) differ"
            );
        }
    }
}

#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn the_fast_classifier_agrees_with_the_reference_on_the_corpus() {
    let (mut games, mut compared) = (0, 0);
    let found = corpus_records(|record, what| {
        let Start::Handicap(h) = record.start.normalized() else {
            return;
        };
        let report = crate::record::replay::replay(record, &Default::default());
        if report.moves.len() < MIN_PLIES {
            return;
        }
        games += 1;
        compared += agree_on_prefixes(&h.position(), &report.moves, MIN_PLIES, what);
    });
    if !found {
        return;
    }
    assert!(games > 50, "{games} corpus games");
    println!("{games} corpus games, {compared} prefixes compared");
}

/// Calls `visit` with every record of `../shared/corpus` and where it comes from; false
/// (and a note) when the corpus is not there.
fn corpus_records(mut visit: impl FnMut(&crate::record::Record, &str)) -> bool {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.is_dir() {
        eprintln!("corpus not found at {}; skipped", root.display());
        return false;
    }
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let ext = path
                .extension()
                .and_then(|x| x.to_str())
                .map(str::to_ascii_lowercase);
            let Some(ext) = ext else { continue };
            if !["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi", "sfen"].contains(&ext.as_str())
            {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let text = crate::text::decode(&bytes, Some(&ext), Default::default()).text;
            let Some(format) = crate::formats::detect::sniff(&text) else {
                continue;
            };
            for record in crate::formats::read_str(&text, format) {
                let what = format!("{} record {}", path.display(), record.source.index);
                visit(&record, &what);
            }
        }
    }
    true
}

/// What naming the openings along the replay gives for `record`, and what classifying the
/// moves it carried out gives ([`Openings::of`], for a record read without errors).
fn along_and_after(record: &crate::record::Record) -> (Option<Openings>, Option<Openings>) {
    let (report, along) = replay_with_openings(record, &Default::default());
    let after = if record.errors.is_empty() {
        Openings::of(&record.start, &report.moves)
    } else {
        None
    };
    let plain = crate::record::replay::replay(record, &Default::default());
    assert_eq!(
        format!("{report:?}"),
        format!("{plain:?}"),
        "the replay's report is the same with an observer"
    );
    (along, after)
}

#[test]
#[cfg_attr(
    corpus_missing,
    ignore = "../shared/corpus is not there: the corpus tests are skipped"
)]
fn naming_along_the_replay_agrees_with_classifying_its_moves_on_the_corpus() {
    let (mut named, mut records) = (0, 0);
    let found = corpus_records(|record, what| {
        records += 1;
        let (along, after) = along_and_after(record);
        assert_eq!(
            along, after,
            "{what}: along the replay (left), after it (right)"
        );
        named += along.is_some() as usize;
    });
    if found {
        assert!(named > 50, "{named} of {records} corpus records named");
    }
}

#[test]
fn naming_along_the_replay_agrees_with_classifying_its_moves_on_random_games() {
    use crate::shogi::Handicap;
    let mut rng = Rng(0x32_7265_706c_6179);
    let fixtures = fixture_games();
    let (mut named, mut stopped) = (0, 0);
    for round in 0..200 {
        let plies = 16 + rng.below(110);
        let (h, begun) = match round % 3 {
            0 => {
                let (_, _, _, moves) = &fixtures[rng.below(fixtures.len())];
                (Handicap::Even, moves[..rng.below(moves.len() + 1)].to_vec())
            }
            1 => (Handicap::Even, Vec::new()),
            _ => (Handicap::Bishop, Vec::new()),
        };
        let start = h.position();
        let moves = random_game(&start, begun, plies, &mut rng);
        // A king cannot be written as a drop: the game ends before one.
        let moves: Vec<String> = moves
            .iter()
            .take_while(|m| {
                !matches!(
                    m,
                    Move::Drop {
                        kind: PieceKind::King,
                        ..
                    }
                )
            })
            .map(|m| m.to_usi())
            .collect();
        let text = format!(
            "position sfen {} moves {}\n",
            start.to_sfen(),
            moves.join(" ")
        );
        let records = crate::formats::read_str(&text, crate::record::Format::Usi);
        assert_eq!(records.len(), 1, "round {round}: {text}");
        let record = &records[0];
        let (along, after) = along_and_after(record);
        assert_eq!(along, after, "round {round}: {text}");
        let report = crate::record::replay::replay(record, &Default::default());
        named += along.is_some() as usize;
        stopped += (along.is_some() && report.moves.len() < report.plies) as usize;
    }
    // Most are named, and some replays stop before the end (a move that cannot be played).
    assert!(named > 100, "{named} named");
    assert!(stopped > 5, "{stopped} named games stopped early");
}

#[test]
fn a_rook_that_swings_late_in_a_bishop_exchange_does_not_range() {
    // 角換わり, black's silver to 5f; white's rook goes to 4b at ply 26, an attack on the 4th
    // file, not a ranging rook (bioshogi names both sides 角換わり早繰り銀 in such a game).
    // It was 四間飛車 and 角交換振り飛車 for white, 対振り持久戦 for black, and 角換わり was
    // taken back from both.
    let moves = usi(
        "7g7f 8c8d 2g2f 4a3b 8h7g 3c3d 7i8h 2b7g+ 8h7g 3a2b 3i4h 9c9d 4g4f 1c1d 4h4g 6c6d \
         4g5f 5a4a 5i6h 7c7d 6h7h 9d9e 1g1f 1d1e 9g9f 8b4b 2f2e 6d6e 2e2d 2c2d",
    );
    let o = Openings::of(&Start::default(), &moves).unwrap();
    for side in Color::ALL {
        assert!(
            o.has(Some(side), Kind::Strategy, "角換わり"),
            "{side}: {o:?}"
        );
        assert!(o.has(Some(side), Kind::Strategy, "居飛車"), "{side}: {o:?}");
        assert!(
            !o.has(Some(side), Kind::Strategy, "振り飛車"),
            "{side}: {o:?}"
        );
    }
    // The same rook on the 4th file within 20 plies still ranges.
    let early =
        usi("7g7f 8c8d 2g2f 4a3b 8h7g 3c3d 7i8h 2b7g+ 8h7g 3a2b 3i4h 9c9d 4g4f 1c1d 4h4g 8b4b");
    let o = Openings::of(&Start::default(), &early).unwrap();
    assert!(
        o.has(Some(Color::White), Kind::Strategy, "四間飛車"),
        "{o:?}"
    );
}
