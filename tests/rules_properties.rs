//! Property tests of the rules core along random playouts, and a cross-check of whole random
//! games against an independent implementation (cshogi, via `testdata/random_games.tsv`,
//! made by `scripts/random_games.py`).

use proptest::prelude::*;
use shogi_tool::shogi::{Color, Game, Move, PieceKind, Position, Square};

/// Every move of any shape the side to move could be said to make: all board moves of its
/// pieces to every square (with and without promotion) and all drops of every kind.
fn all_pseudo_moves(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for from in Square::all() {
        if pos.piece_at(from).is_some_and(|p| p.color == us) {
            for to in Square::all() {
                for promote in [false, true] {
                    out.push(Move::Normal { from, to, promote });
                }
            }
        }
    }
    for kind in PieceKind::ALL {
        for to in Square::all() {
            out.push(Move::Drop { kind, to });
        }
    }
    out
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
}

fn playout(seed: u64, plies: usize, start: &str, mut check: impl FnMut(&Position)) {
    let mut pos = Position::from_sfen(start).unwrap();
    let mut rng = Rng(seed | 1);
    for _ in 0..plies {
        check(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(rng.next() % moves.len() as u64) as usize];
        pos.play_unchecked(m);
    }
}

const STARTS: [&str; 3] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A move is diagnosed legal exactly when the generator lists it; every other move gets
    /// a foul with a code and a sentence.
    #[test]
    fn diagnosis_agrees_with_generation(seed in any::<u64>(), start in 0..STARTS.len()) {
        playout(seed, 60, STARTS[start], |pos| {
            let legal = pos.legal_moves();
            assert_eq!(legal.len() as u64, pos.count_legal_moves());
            assert_eq!(pos.has_legal_moves(), !legal.is_empty());
            for m in all_pseudo_moves(pos) {
                match pos.diagnose(m) {
                    Ok(()) => assert!(legal.contains(&m), "{m} diagnosed legal but not generated in {}", pos.to_sfen()),
                    Err(foul) => {
                        assert!(!legal.contains(&m), "{m} generated but diagnosed {foul} in {}", pos.to_sfen());
                        assert!(!foul.to_string().is_empty());
                        assert!(["nifu", "uchifuzume", "dead-piece", "self-check", "illegal-move", "illegal-promotion"].contains(&foul.code().as_str()));
                    }
                }
            }
        });
    }

    /// A game's shortcuts (diagnosis knowing the check status, check found from the moved
    /// piece alone) agree with the position's full tests, also after foul moves carried out
    /// leniently (a wrong turn, a move into check) break the usual invariants.
    #[test]
    fn game_shortcuts_agree_with_full_tests(seed in any::<u64>(), start in 0..STARTS.len()) {
        let mut game = Game::new(Position::from_sfen(STARTS[start]).unwrap());
        let mut rng = Rng(seed | 1);
        for _ in 0..120 {
            let pos = game.position().clone();
            assert_eq!(game.in_check(), pos.in_check(), "check status in {}", pos.to_sfen());
            let us = pos.side_to_move();
            let pseudo = all_pseudo_moves(&pos);
            for &m in pseudo.iter().step_by(7) {
                for mover in [us, us.flip()] {
                    assert_eq!(game.diagnose(m, mover), pos.diagnose_as(m, mover), "{m} in {}", pos.to_sfen());
                }
            }
            let legal = pos.legal_moves();
            // One move in eight is any move at all, by either side (most are fouls).
            let (m, mover) = if legal.is_empty() || rng.next() % 8 == 0 {
                let m = pseudo[(rng.next() % pseudo.len() as u64) as usize];
                (m, if rng.next() % 4 == 0 { us.flip() } else { us })
            } else {
                (legal[(rng.next() % legal.len() as u64) as usize], us)
            };
            let mut lenient = pos.clone();
            let (foul, done) = lenient.play_lenient(m, mover);
            let played = game.play_lenient(m, mover);
            assert_eq!((played.foul, played.carried_out), (foul, done));
            assert_eq!(game.position(), &lenient);
        }
    }

    /// SFEN and USI written and read back are the identity; keys follow positions.
    #[test]
    fn sfen_and_usi_round_trip(seed in any::<u64>(), start in 0..STARTS.len()) {
        playout(seed, 120, STARTS[start], |pos| {
            let again = Position::from_sfen(&pos.to_sfen()).unwrap();
            assert_eq!(&again, pos);
            assert_eq!(again.key(), pos.key());
            assert_eq!(again.to_sfen(), pos.to_sfen());
            for m in pos.legal_moves() {
                assert_eq!(Move::from_usi(&m.to_usi()).unwrap(), m);
            }
        });
    }

    /// Arbitrary strings never make the SFEN or USI readers panic.
    #[test]
    fn readers_never_panic(s in ".{0,120}") {
        let _ = Position::from_sfen(&s);
        let _ = Move::from_usi(&s);
    }

    /// SFEN-shaped strings with random characters never panic either.
    #[test]
    fn sfen_like_strings_never_panic(s in "[1-9kKrRbBgGsSnNlLpP+/]{0,90} [bwx] [-0-9RBGSNLPrbgsnlpK]{0,12} [0-9]{0,4}") {
        let _ = Position::from_sfen(&s);
    }
}

/// Random games made with cshogi replay move for move, every move legal, to the same final
/// position (board, hands and side to move).
#[test]
fn random_games_match_cshogi() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/random_games.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = 0;
    for (n, line) in text.lines().enumerate() {
        let mut cols = line.split('\t');
        let (start, moves, fin) = (
            cols.next().unwrap(),
            cols.next().unwrap(),
            cols.next().unwrap(),
        );
        let mut game = Game::new(Position::from_sfen(start).unwrap());
        for usi in moves.split_whitespace() {
            let m = Move::from_usi(usi).unwrap();
            if let Err(foul) = game.play(m) {
                panic!("game {} ({}): {usi} diagnosed {foul}", n + 1, start);
            }
        }
        let expected = Position::from_sfen(fin).unwrap();
        assert_eq!(game.position(), &expected, "game {}", n + 1);
        games += 1;
    }
    assert!(games >= 100);
}

#[test]
fn both_colours_are_exercised() {
    let mut seen = [false; 2];
    playout(7, 10, STARTS[0], |p| {
        seen[(p.side_to_move() == Color::White) as usize] = true
    });
    assert_eq!(seen, [true, true]);
}
