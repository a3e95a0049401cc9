//! A test bridge (compiled for the unit tests only): a variant game as a start, a main line
//! and an ending ([`VGame`]), to and from the one [`Record`] ([`VGame::from_record`],
//! [`VGame::to_record`], judged by the one replay). The KI2 writer's variant tests compare,
//! through it, with what the retired KI2 writer of the variants wrote
//! (`testdata/variants/expected/ki2/`), and the KIF and JKF round trips of every oracle game
//! below use it. No reader or writer is here: every format's is in its own folder.

use crate::formats::japanese::ending_word;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::{
    Ending, EndingKind, MoveEntry, MoveTree, NodeKind, OutcomeReason, Record, Start,
};

use crate::variant::{VMove, VPosition, Variant};

/// A game of a variant: where it starts, its main line and how it ended.
#[derive(Clone, Debug)]
pub struct VGame {
    /// The start position (its variant is the game's).
    pub start: VPosition,
    /// The main line.
    pub moves: Vec<VMove>,
    /// The ending the record states (`投了`, `resign`, `TORYO`, ...), if any.
    pub ending: Option<EndingKind>,
    /// Header lines (key, value) in file order, `手合割` and the board excluded.
    pub headers: Vec<(String, String)>,
}

/// What a reader could not read: the 1-based line (0 when the format has none) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VReadError {
    /// 1-based line; 0 when unknown.
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for VReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for VReadError {}

pub(crate) fn read_error(line: u32, message: impl Into<String>) -> VReadError {
    VReadError {
        line,
        message: message.into(),
    }
}

/// A record's game, as the bridge reads it.
#[derive(Clone, Debug)]
pub struct VRead {
    /// The game.
    pub game: VGame,
}

/// The ending the replay of a game is given for `kind`, with its SFEN/USI word (`resign`,
/// `timeout`, `draw`, `abort`, `mate`), as the variant route always judged its games; `None`
/// for an ending no such word states.
fn judged_ending(kind: &EndingKind) -> Option<(EndingKind, &'static str)> {
    use EndingKind::*;
    Some(match kind {
        Resignation => (Resignation, "resign"),
        Timeout => (Timeout, "timeout"),
        Repetition | Impasse | Draw => (Draw, "draw"),
        Abort => (Abort, "abort"),
        Checkmate => (Checkmate, "mate"),
        _ => return None,
    })
}

impl VGame {
    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The game as the one replay judges it: its start, its main line and its ending as
    /// [`judged_ending`] states it.
    fn judged_record(&self) -> Record {
        let mut record = Record::new();
        record.start = Start::Variant(self.start.clone());
        let mut parent = MoveTree::ROOT;
        for &m in &self.moves {
            parent = record
                .tree
                .push(parent, NodeKind::Move(MoveEntry::new(m)), 1);
        }
        if let Some((kind, word)) = self.ending.as_ref().and_then(judged_ending) {
            let ending = Ending::new(kind, word);
            record
                .tree
                .push(parent, NodeKind::Ending(Box::new(ending)), 1);
        }
        record
    }

    /// The game of a record a standard reader read (KIF, KI2): its variant start, main
    /// line, ending and header lines (comments, move times and variations are left out).
    /// The record's first error is the error; a
    /// standard shogi record is one too.
    pub fn from_record(record: &Record) -> Result<VRead, VReadError> {
        if let Some(e) = record.errors.first() {
            return Err(read_error(e.line, e.message.clone()));
        }
        let Start::Variant(start) = &record.start else {
            return Err(read_error(
                1,
                "the record is standard shogi's, not a smaller variant's",
            ));
        };
        let game = VGame {
            start: start.clone(),
            moves: record.tree.main_line_moves().map(|e| e.mv).collect(),
            // An ending only a summary states (`まで…手で先手の勝ち`, which the variant route
            // writes for a mate or a campmate) is the replay's to judge, as it always was.
            ending: record
                .tree
                .main_line_ending()
                .filter(|e| !e.raw.starts_with("まで") && e.kind != EndingKind::Unknown)
                .map(|e| e.kind.clone()),
            headers: record
                .metadata
                .entries()
                .iter()
                .map(|e| (e.raw_key.clone(), e.value.clone()))
                .collect(),
        };
        Ok(VRead { game })
    }

    /// The game as a record the standard writers write, with the replay's verdict stated
    /// (`まで…手で先手の勝ち` for a campmate or a mate without an ending word, the winner
    /// of a repetition the venue scores), as the variant route has always written it.
    pub fn to_record(&self) -> Record {
        let mut record = Record::new();
        // A game of standard shogi (the route forced to `standard`) starts as every standard
        // reader's record does, not as a variant's.
        record.start = match self.variant() {
            Variant::Standard => crate::shogi::Setup::from_sfen(&self.start.to_sfen())
                .map(|s| Start::Position(s).normalized())
                .unwrap_or_default(),
            _ => Start::Variant(self.start.clone()),
        };
        for (k, v) in &self.headers {
            record
                .metadata
                .push(super::japanese::meta_key(k), k.as_str(), v.as_str(), 0);
        }
        let mut parent = MoveTree::ROOT;
        for &m in &self.moves {
            parent = record
                .tree
                .push(parent, NodeKind::Move(MoveEntry::new(m)), 0);
        }
        let report = replay(&self.judged_record(), &ReplayOptions::default());
        let (reason, winner) = (report.outcome.reason, report.outcome.winner);
        let plies = self.moves.len();
        let ending = match &self.ending {
            Some(kind) => {
                let mut e = Ending::new(kind.clone(), ending_word(kind).unwrap_or(""));
                e.stated_winner = winner;
                Some(e)
            }
            None if reason == OutcomeReason::Unknown => None,
            None => {
                let sentence = match winner {
                    Some(w) => Some(format!(
                        "まで{plies}手で{}の勝ち",
                        super::japanese::side_name(w, false)
                    )),
                    None => super::japanese::summary_sentence(
                        plies,
                        &if reason == OutcomeReason::Repetition {
                            EndingKind::Repetition
                        } else {
                            EndingKind::Unknown
                        },
                        None,
                        false,
                    ),
                };
                sentence.map(|s| {
                    let mut e = Ending::new(EndingKind::Unknown, s);
                    e.stated_winner = winner;
                    e
                })
            }
        };
        if let Some(e) = ending {
            record.tree.push(parent, NodeKind::Ending(Box::new(e)), 0);
        }
        record
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The oracle's random legal games of every variant, read by the one SFEN/USI reader,
    /// with an ending on some.
    pub(crate) fn oracle_games() -> Vec<VGame> {
        let files = [
            include_str!("../../testdata/variants/minishogi.usi"),
            include_str!("../../testdata/variants/gorogoro.usi"),
            include_str!("../../testdata/variants/gorogoroplus.usi"),
            include_str!("../../testdata/variants/torishogi.usi"),
            include_str!("../../testdata/variants/dobutsu.usi"),
        ];
        let endings = [
            None,
            Some(EndingKind::Resignation),
            Some(EndingKind::Timeout),
            Some(EndingKind::Abort),
            Some(EndingKind::Draw),
        ];
        let mut out = Vec::new();
        for text in files {
            for (k, record) in crate::formats::usi::read(text).iter().enumerate() {
                let mut g = VGame::from_record(record).unwrap().game;
                g.ending = endings[k % endings.len()].clone();
                out.push(g);
            }
        }
        assert_eq!(out.len(), 50);
        out
    }

    /// Writes every oracle game with `write`, reads it back with `read`, and compares the
    /// start, the moves, the ending and the replay's outcome.
    pub(crate) fn round_trip(
        games: Vec<VGame>,
        write: impl Fn(&VGame) -> String,
        read: impl Fn(&str, Variant) -> VGame,
    ) {
        for g in games {
            let text = write(&g);
            let back = read(&text, g.variant());
            assert_eq!(back.variant(), g.variant(), "{text}");
            assert_eq!(back.start.to_sfen(), g.start.to_sfen(), "{text}");
            assert_eq!(back.moves, g.moves, "{text}");
            assert_eq!(
                back.ending.as_ref().and_then(judged_ending),
                g.ending.as_ref().and_then(judged_ending),
                "{text}"
            );
            let a = replay(&g.judged_record(), &ReplayOptions::default());
            let b = replay(&back.judged_record(), &ReplayOptions::default());
            assert_eq!(
                (a.plies, a.outcome.reason, a.outcome.winner),
                (b.plies, b.outcome.reason, b.outcome.winner)
            );
        }
    }

    /// The variant route's games through the one KIF writer and reader.
    #[test]
    fn kif_round_trips_every_oracle_game() {
        use crate::formats::kif;
        let write = |g: &VGame| kif::write(&g.to_record(), &kif::WriteOptions::default()).text;
        round_trip(oracle_games(), write, |t, _| {
            VGame::from_record(&kif::read(t)[0]).unwrap().game
        });
        // Read with --variant too.
        round_trip(oracle_games(), write, |t, v| {
            VGame::from_record(&kif::read_as(t, Some(v))[0])
                .unwrap()
                .game
        });
    }

    /// JKF of every game, through the one reader and writer (`formats::jkf`).
    #[test]
    fn jkf_round_trips_every_oracle_game() {
        let jkf = |t: &str, forced: Option<Variant>| {
            let r = crate::formats::jkf::read_as(t, forced).remove(0);
            assert!(r.errors.is_empty(), "{:?}\n{t}", r.errors);
            VGame::from_record(&r).expect("a variant's record").game
        };
        let write = |g: &VGame| crate::formats::jkf::write(&g.to_record()).text;
        round_trip(oracle_games(), write, |t, _| jkf(t, None));
        round_trip(oracle_games(), write, |t, v| jkf(t, Some(v)));
    }

    /// The record the replay judges carries the ending an SFEN/USI word states, and none
    /// for an ending no word states (as the old SFEN route's replay had it).
    #[test]
    fn a_game_is_judged_with_the_ending_a_usi_word_states() {
        let mut g = oracle_games().remove(0);
        g.ending = Some(EndingKind::Repetition);
        let ending = |g: &VGame| {
            g.judged_record()
                .tree
                .main_line_ending()
                .map(|e| e.kind.clone())
        };
        assert_eq!(ending(&g), Some(EndingKind::Draw));
        g.ending = Some(EndingKind::MaxMoves);
        assert_eq!(ending(&g), None);
        g.ending = Some(EndingKind::Resignation);
        assert_eq!(ending(&g), Some(EndingKind::Resignation));
    }
}
