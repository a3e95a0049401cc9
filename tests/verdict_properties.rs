//! Property test of the referee: random legal games, each ended with every ending word of
//! every format. An ending the replay cannot contradict (a resignation, an abort, a stated
//! foul, ...) gives no `result-mismatch`; a wrong one always does: a wrong reason (checkmate,
//! repetition, perpetual check, impasse or a declaration where there is none) or a wrong
//! winner (a summary naming the side that lost).

use shogi_tool::formats::{read_str, write};
use shogi_tool::record::replay::{replay, ReplayOptions};
use shogi_tool::record::{EndingKind, Format, MoveEntry, MoveTree, NodeKind, Record};
use shogi_tool::shogi::{Color, Game, Position};

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

/// A random legal game of about `plies` moves from the even start that the replay finds
/// unfinished (no mate, no repetition): the record without an ending, and the side to move.
fn random_game(seed: u64, plies: usize) -> Option<(Record, Color)> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut game = Game::new(Position::startpos());
    let mut record = Record::new();
    let mut at = MoveTree::ROOT;
    for i in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[(rng.next() % moves.len() as u64) as usize];
        if game.play(m).ok()?.is_some() {
            return None;
        }
        at = record
            .tree
            .push(at, NodeKind::Move(MoveEntry::new(m)), i as u32 + 1);
    }
    if !game
        .position()
        .has_legal_moves_knowing_check(game.in_check())
    {
        return None;
    }
    Some((record, game.position().side_to_move()))
}

/// Every ending word each format writes or reads, with the text that ends a record with it.
fn endings(format: Format) -> Vec<&'static str> {
    match format {
        Format::Kif | Format::Kifu | Format::Ki2 | Format::Ki2u => vec![
            "中断",
            "投了",
            "持将棋",
            "千日手",
            "詰み",
            "詰",
            "不詰",
            "切れ負け",
            "時間切れ",
            "反則勝ち",
            "反則負け",
            "入玉勝ち",
            "宣言勝ち",
            "不戦勝",
            "不戦敗",
            "封じ手",
            "トライ",
            "引き分け",
        ],
        Format::Csa => vec![
            "%TORYO",
            "%CHUDAN",
            "%SENNICHITE",
            "%OUTE_SENNICHITE",
            "%TIME_UP",
            "%ILLEGAL_MOVE",
            "%+ILLEGAL_ACTION",
            "%-ILLEGAL_ACTION",
            "%JISHOGI",
            "%KACHI",
            "%HIKIWAKE",
            "%MAX_MOVES",
            "%TSUMI",
            "%FUZUMI",
            "%MATTA",
            "%ERROR",
        ],
        Format::Sfen | Format::Usi => vec![
            "resign",
            "win",
            "draw",
            "rep_draw",
            "rep_win",
            "rep_lose",
            "impasse",
            "timeout",
            "break",
            "max_moves",
            "illegal",
            "mate",
        ],
        Format::Jkf => vec![
            "TORYO",
            "CHUDAN",
            "SENNICHITE",
            "OUTE_SENNICHITE",
            "TIME_UP",
            "ILLEGAL_MOVE",
            "+ILLEGAL_ACTION",
            "-ILLEGAL_ACTION",
            "JISHOGI",
            "KACHI",
            "HIKIWAKE",
            "MATTA",
            "TSUMI",
            "FUZUMI",
            "ERROR",
            "MAX_MOVES",
        ],
    }
}

/// `text` (a record without an ending, as `format` writes it) ended with `word`, and with a
/// summary naming `winner` where the format has one.
fn with_ending(
    text: &str,
    format: Format,
    word: &str,
    plies: usize,
    winner: Option<Color>,
) -> String {
    let side = |c: Color| {
        if c == Color::Black {
            "先手"
        } else {
            "後手"
        }
    };
    match format {
        Format::Kif | Format::Kifu => {
            let mut t = format!("{text}{:>4} {word}\n", plies + 1);
            if let Some(w) = winner {
                t += &format!("まで{plies}手で{}の勝ち\n", side(w));
            }
            t
        }
        Format::Ki2 | Format::Ki2u => {
            let mut t = format!("{text}\n{word}\n");
            if let Some(w) = winner {
                t += &format!("まで{plies}手で{}の勝ち\n", side(w));
            }
            t
        }
        Format::Csa => {
            let mut t = format!("N+A\nN-B\n{text}{word}\n");
            if let Some(w) = winner {
                let (b, wh) = if w == Color::Black {
                    ("win", "lose")
                } else {
                    ("lose", "win")
                };
                t += &format!("'summary:toryo:A {b}:B {wh}\n");
            }
            t
        }
        Format::Sfen | Format::Usi => format!("{} {word}\n", text.trim_end()),
        Format::Jkf => {
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["moves"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!({ "special": word }));
            v.to_string()
        }
    }
}

/// Whether the replay can tell that this ending is wrong at a position where the game goes on
/// and no king has entered: a claim of mate, repetition, perpetual check, impasse or a
/// declaration.
fn wrong_reason(kind: &EndingKind, raw: &str) -> bool {
    matches!(
        kind,
        EndingKind::Checkmate
            | EndingKind::Repetition
            | EndingKind::PerpetualCheck
            | EndingKind::Impasse
            | EndingKind::Declaration
    ) || raw.eq_ignore_ascii_case("rep_lose")
}

fn mismatches(text: &str, format: Format) -> (Record, usize) {
    let records = read_str(text, format);
    assert_eq!(records.len(), 1, "{text}");
    let record = records.into_iter().next().unwrap();
    assert!(record.errors.is_empty(), "{:?}\n{text}", record.errors);
    let report = replay(&record, &ReplayOptions::default());
    let n = report
        .warnings
        .iter()
        .filter(|w| w.code == "result-mismatch")
        .count();
    (record, n)
}

#[test]
fn stated_endings_are_checked_in_every_format() {
    let mut games = 0;
    let mut checked = 0;
    for seed in 0..40u64 {
        let plies = 4 + (seed as usize * 7) % 60;
        let Some((record, to_move)) = random_game(seed, plies) else {
            continue;
        };
        games += 1;
        for format in Format::ALL {
            let text = write::write(&record, format, &Default::default()).text;
            for word in endings(format) {
                let plain = with_ending(&text, format, word, plies, None);
                let (read, n) = mismatches(&plain, format);
                let e = read
                    .ending()
                    .unwrap_or_else(|| panic!("no ending: {plain}"));
                let wrong = wrong_reason(&e.kind, &e.raw);
                assert_eq!(
                    n > 0,
                    wrong,
                    "seed {seed}, {format:?} `{word}` ({:?}): {n} result-mismatch\n{plain}",
                    e.kind
                );
                checked += 1;
                // A wrong winner: a summary naming the side the ending line says lost.
                let implied = e.implied_winner(to_move).flatten();
                let has_summary = !matches!(format, Format::Sfen | Format::Usi | Format::Jkf);
                if let (Some(w), true, false) = (implied, has_summary, wrong) {
                    if e.raw.starts_with(['先', '後']) {
                        continue;
                    }
                    let right = with_ending(&text, format, word, plies, Some(w));
                    assert_eq!(mismatches(&right, format).1, 0, "seed {seed}: {right}");
                    let wrong = with_ending(&text, format, word, plies, Some(w.flip()));
                    assert!(mismatches(&wrong, format).1 > 0, "seed {seed}: {wrong}");
                    checked += 2;
                }
            }
        }
    }
    assert!(games >= 30, "only {games} random games were unfinished");
    assert!(checked > 2000, "{checked}");
}
