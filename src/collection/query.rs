//! The conditions `find` selects records by: every kind of condition given must hold (AND
//! across kinds), and a kind given several times holds when any of its values does (OR within
//! a kind).

use regex::Regex;

use super::date::{find_date, DateRange};
use crate::opening::{Kind, Openings, Table};
use crate::record::replay::{main_line_walk, variant_main_line_walk, Report};
use crate::record::{ErrorCode, MetaKey, OutcomeReason, Record, Start, WarningCode};
use crate::shogi::{Color, FoulCode, Handicap, Move, Position, Square};
use crate::variant::VPosition;

/// An inclusive range of counts (`A..B`, `A..`, `..B` or `N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least value in the range.
    pub from: Option<usize>,
    /// The greatest value in the range.
    pub to: Option<usize>,
}

impl Range {
    /// Parses `A..B` (inclusive; either side may be empty) or a single number `N`.
    pub fn parse(s: &str) -> Result<Range, String> {
        let num = |t: &str| -> Result<Option<usize>, String> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(None);
            }
            t.parse()
                .map(Some)
                .map_err(|_| format!("`{s}` is not a range: expected A..B, A.., ..B or N"))
        };
        let r = match s.split_once("..") {
            Some((a, b)) => Range {
                from: num(a)?,
                to: num(b)?,
            },
            None => {
                let n = num(s)?;
                if n.is_none() {
                    return Err(format!(
                        "`{s}` is not a range: expected A..B, A.., ..B or N"
                    ));
                }
                Range { from: n, to: n }
            }
        };
        if let (Some(a), Some(b)) = (r.from, r.to) {
            if a > b {
                return Err(format!("`{s}`: the range ends before it starts"));
            }
        }
        Ok(r)
    }

    /// Whether `n` lies in the range.
    pub fn contains(&self, n: usize) -> bool {
        self.from.is_none_or(|f| n >= f) && self.to.is_none_or(|t| n <= t)
    }
}

/// The winner `--winner` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Black (sente) won.
    Black,
    /// White (gote) won.
    White,
    /// Nobody won, and the game ended (not `unknown` or `abort`).
    Draw,
}

/// A position searched for: board, hands and side to move, or the board alone; of standard
/// shogi or of one of the smaller variants (which then matches only that variant's games).
#[derive(Clone, Debug)]
pub struct PositionQuery {
    target: Target,
    board_only: bool,
}

/// The position a [`PositionQuery`] looks for, on the core of its game.
// One per query, never in a collection: the standard position stays inline, as the hot path
// reads it every ply, and the larger variant is not worth an indirection there.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Target {
    /// Standard shogi, with the Zobrist key compared first.
    Standard { position: Position, key: u64 },
    /// A smaller variant, compared square by square.
    Variant(Box<VPosition>),
}

impl PositionQuery {
    /// Searches for `target` (its board alone when `board_only`).
    pub fn new(target: Position, board_only: bool) -> PositionQuery {
        let key = if board_only {
            target.board_only_key()
        } else {
            target.key()
        };
        PositionQuery {
            target: Target::Standard {
                position: target,
                key,
            },
            board_only,
        }
    }

    /// Searches for `target`, a position of a smaller variant, in that variant's games only
    /// (its board alone when `board_only`).
    pub fn variant(target: VPosition, board_only: bool) -> PositionQuery {
        PositionQuery {
            target: Target::Variant(Box::new(target)),
            board_only,
        }
    }

    /// Whether `pos` is the position searched for (the hash first, then square by square);
    /// never when a variant's position is searched for.
    pub fn matches(&self, pos: &Position) -> bool {
        let Target::Standard { position: t, key } = &self.target else {
            return false;
        };
        let found = if self.board_only {
            pos.board_only_key()
        } else {
            pos.key()
        };
        if found != *key {
            return false;
        }
        let board = Square::all().all(|sq| pos.piece_at(sq) == t.piece_at(sq));
        board
            && (self.board_only
                || (pos.side_to_move() == t.side_to_move()
                    && pos.hand(Color::Black) == t.hand(Color::Black)
                    && pos.hand(Color::White) == t.hand(Color::White)))
    }

    /// Whether `pos`, a position of a smaller variant, is the one searched for: of the same
    /// variant, square by square, then (unless the board alone) side to move and hands.
    pub fn matches_variant(&self, pos: &VPosition) -> bool {
        let Target::Variant(t) = &self.target else {
            return false;
        };
        let variant = t.variant();
        pos.variant() == variant
            && t.squares().all(|sq| pos.piece_at(sq) == t.piece_at(sq))
            && (self.board_only
                || (pos.side_to_move() == t.side_to_move()
                    && [Color::Black, Color::White].into_iter().all(|c| {
                        variant
                            .kinds()
                            .iter()
                            .all(|&k| pos.hand_count(c, k) == t.hand_count(c, k))
                    })))
    }
}

/// An opening or castle asked for by name (`--opening 四間飛車`, `--castle 'white:美濃囲い'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedQuery {
    /// The side that must have it (`black:`, `white:`, `先手:`, `後手:`); either when `None`.
    pub side: Option<Color>,
    /// An opening or a castle.
    pub kind: Kind,
    /// The name, as the definitions write it (an alias given is resolved to it).
    pub name: &'static str,
}

impl NamedQuery {
    /// Parses `[SIDE:]NAME`, NAME one of the names of `kind` (or one of their aliases); the
    /// error says why not (an unknown side, a castle given as an opening, an unknown name).
    pub fn parse(s: &str, kind: Kind) -> Result<NamedQuery, String> {
        let t = s.trim();
        let (side, name) = match t.split_once([':', '：']) {
            Some((p, n)) => {
                let side = match p.trim() {
                    "black" | "先手" | "下手" | "▲" | "☗" => Color::Black,
                    "white" | "後手" | "上手" | "△" | "☖" => Color::White,
                    other => {
                        return Err(format!(
                            "`{other}` is not a side: write black: or white: (先手: or 後手:) before the name"
                        ))
                    }
                };
                (Some(side), n.trim())
            }
            None => (None, t),
        };
        let table = Table::standard();
        match table.find(name).map(|i| &table.names[i]) {
            Some(n) if n.kind == kind && !n.hidden => Ok(NamedQuery {
                side,
                kind,
                name: n.text.as_str(),
            }),
            Some(n) if !n.hidden => Err(format!(
                "`{name}` is a {}, not a {}: use --{}",
                n.kind.word(),
                kind.word(),
                match n.kind {
                    Kind::Strategy => "opening",
                    Kind::Castle => "castle",
                }
            )),
            _ => Err(format!(
                "`{name}` is not a {} the tool names (docs/openings.md lists them)",
                kind.word()
            )),
        }
    }

    /// Whether the openings of a game answer it.
    pub fn holds(&self, openings: Option<&Openings>) -> bool {
        openings.is_some_and(|o| o.has(self.side, self.kind, self.name))
    }
}

/// A code asked for: one code, or `any` code of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeChoice<C> {
    /// Any code at all (`--foul any`).
    Any,
    /// This code.
    Code(C),
}

impl<C: PartialEq> CodeChoice<C> {
    /// Whether `code` answers the choice.
    pub fn admits(&self, code: &C) -> bool {
        match self {
            CodeChoice::Any => true,
            CodeChoice::Code(c) => c == code,
        }
    }
}

/// Whether a condition on codes holds: not asked for (`wanted` empty), or some code `found`
/// answers one of the choices.
fn some_code<C: PartialEq>(wanted: &[CodeChoice<C>], mut found: impl Iterator<Item = C>) -> bool {
    wanted.is_empty() || found.any(|c| wanted.iter().any(|w| w.admits(&c)))
}

/// Whether a condition on a value holds: not asked for (`wanted` empty), or `holds` is true
/// of one of its values.
fn any_of<T>(wanted: &[T], holds: impl Fn(&T) -> bool) -> bool {
    wanted.is_empty() || wanted.iter().any(holds)
}

/// The conditions of one `find` run. A condition not given is `None` or empty; a list holds
/// when any of its values does (`--foul nifu --foul self-check`: either foul).
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// The main line reaches this position.
    pub position: Option<PositionQuery>,
    /// Where in the main line the position may stand (plies from the start, inclusive).
    pub ply_range: Option<Range>,
    /// Either player's name matches one of these.
    pub player: Vec<Regex>,
    /// Black's name matches one of these.
    pub black: Vec<Regex>,
    /// White's name matches one of these.
    pub white: Vec<Regex>,
    /// The event matches one of these.
    pub event: Vec<Regex>,
    /// The date (start time, else 対局日, else end time) lies in the range.
    pub date: Option<DateRange>,
    /// The game starts from one of these handicaps (`Handicap::Even` for an even game).
    pub handicap: Vec<Handicap>,
    /// The replay's outcome reason is one of these.
    pub outcome: Vec<OutcomeReason>,
    /// The replay's winner is one of these.
    pub winner: Vec<Winner>,
    /// The replay finds a foul of one of these codes.
    pub foul: Vec<CodeChoice<FoulCode>>,
    /// Reading or the replay finds a warning of one of these codes.
    pub warning: Vec<CodeChoice<WarningCode>>,
    /// Reading or the replay finds an error of one of these codes (without it, a record with
    /// an error never matches).
    pub error: Vec<CodeChoice<ErrorCode>>,
    /// The number of main-line moves.
    pub plies: Option<Range>,
    /// The main line starts with these moves.
    pub opening: Option<Vec<Move>>,
    /// The game's openings and castles, as the tool names them, include all of these.
    pub named: Vec<NamedQuery>,
}

/// A record that satisfies a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// Where the position searched for is first reached (with `--position`).
    pub ply: Option<usize>,
}

impl Query {
    /// Whether the conditions need the replay's report (outcome, winner, fouls, warnings,
    /// errors, names).
    pub fn needs_replay(&self) -> bool {
        self.needs_report() || !self.error.is_empty()
    }

    /// Whether the conditions hold only of a replayed record.
    fn needs_report(&self) -> bool {
        !self.outcome.is_empty()
            || !self.winner.is_empty()
            || !self.foul.is_empty()
            || !self.warning.is_empty()
            || !self.named.is_empty()
    }

    /// Whether the query asks for errors (`--error`): then records with one are searched
    /// like the others.
    pub fn asks_for_errors(&self) -> bool {
        !self.error.is_empty()
    }

    /// Tests `record` (with its replay's `report`, which conditions on the replay require:
    /// without it they do not hold).
    pub fn test(&self, record: &Record, report: Option<&Report>) -> Option<Match> {
        if !self.test_headers(record) {
            return None;
        }
        let errors = record.errors.iter().map(|e| e.code).chain(
            report
                .into_iter()
                .flat_map(|r| r.errors.iter().map(|e| e.code)),
        );
        if !some_code(&self.error, errors) {
            return None;
        }
        if let Some(r) = &self.plies {
            let n = match report {
                Some(rep) => rep.plies,
                None => record.tree.main_line_moves().count(),
            };
            if !r.contains(n) {
                return None;
            }
        }
        if self.needs_report() && !self.test_report(record, report?) {
            return None;
        }
        if !self.named.is_empty() {
            let openings = Openings::of(&record.start, &report?.moves);
            if !self.named.iter().all(|q| q.holds(openings.as_ref())) {
                return None;
            }
        }
        self.test_moves(record)
    }

    fn test_headers(&self, record: &Record) -> bool {
        let meta = &record.metadata;
        let name = |key| meta.get(key).unwrap_or("");
        let (black, white) = (name(MetaKey::BlackName), name(MetaKey::WhiteName));
        let is = |res: &[Regex], text: &str| any_of(res, |re| re.is_match(text));
        if !any_of(&self.player, |re| re.is_match(black) || re.is_match(white))
            || !is(&self.black, black)
            || !is(&self.white, white)
        {
            return false;
        }
        if !self.event.is_empty() {
            match meta.get(MetaKey::Event) {
                Some(e) if is(&self.event, e) => {}
                _ => return false,
            }
        }
        if let Some(range) = &self.date {
            if !record_date(record).is_some_and(|d| range.contains(d)) {
                return false;
            }
        }
        let start = record.start.normalized();
        any_of(&self.handicap, |h| start == Start::Handicap(*h))
    }

    fn test_report(&self, record: &Record, report: &Report) -> bool {
        let outcome = &report.outcome;
        any_of(&self.outcome, |reason| outcome.reason == *reason)
            && any_of(&self.winner, |w| match w {
                Winner::Black => outcome.winner == Some(Color::Black),
                Winner::White => outcome.winner == Some(Color::White),
                Winner::Draw => {
                    outcome.winner.is_none()
                        && !matches!(
                            outcome.reason,
                            OutcomeReason::Unknown | OutcomeReason::Abort
                        )
                }
            })
            && some_code(&self.foul, report.fouls.iter().map(|f| f.code))
            && some_code(
                &self.warning,
                record
                    .warnings
                    .iter()
                    .map(|w| w.code)
                    .chain(report.warnings.iter().map(|w| w.code)),
            )
    }

    /// The opening and position conditions, in one walk of the main line (on the core of the
    /// record's game) that stops as soon as both are settled.
    fn test_moves(&self, record: &Record) -> Option<Match> {
        if self.position.is_none() && self.opening.is_none() {
            return Some(Match { ply: None });
        }
        let mut walk = MoveWalk::new(self);
        let ok = match (&record.start, &self.position) {
            (Start::Variant(_), q) => variant_main_line_walk(record, |ply, mv, pos| {
                walk.step(ply, mv, || {
                    q.as_ref().is_some_and(|q| q.matches_variant(pos))
                })
            }),
            (_, q) => main_line_walk(record, |ply, mv, pos| {
                walk.step(ply, mv, || q.as_ref().is_some_and(|q| q.matches(pos)))
            }),
        };
        if !ok || walk.opening_failed || !walk.opening_ok {
            return None;
        }
        match (&self.position, walk.found) {
            (Some(_), None) => None,
            (_, ply) => Some(Match { ply }),
        }
    }
}

/// Where a walk of the main line stands on the opening and position conditions.
struct MoveWalk<'q> {
    opening: &'q [Move],
    range: Range,
    wants_position: bool,
    opening_ok: bool,
    opening_failed: bool,
    found: Option<usize>,
}

impl<'q> MoveWalk<'q> {
    fn new(query: &'q Query) -> MoveWalk<'q> {
        let opening: &[Move] = query.opening.as_deref().unwrap_or(&[]);
        MoveWalk {
            opening,
            range: query.ply_range.unwrap_or(Range {
                from: None,
                to: None,
            }),
            wants_position: query.position.is_some(),
            opening_ok: opening.is_empty(),
            opening_failed: false,
            found: None,
        }
    }

    /// Takes the position at `ply`, reached by `mv` (`None` at ply 0); `is_target` says
    /// whether it is the position searched for. Whether to walk on.
    #[inline]
    fn step<M: PartialEq<Move>>(
        &mut self,
        ply: usize,
        mv: Option<M>,
        is_target: impl FnOnce() -> bool,
    ) -> bool {
        if let (Some(m), false) = (mv, self.opening_ok) {
            if m != self.opening[ply - 1] {
                self.opening_failed = true;
                return false;
            }
            self.opening_ok = ply == self.opening.len();
        }
        if self.wants_position && self.found.is_none() && self.range.contains(ply) && is_target() {
            self.found = Some(ply);
        }
        let position_settled = !self.wants_position
            || self.found.is_some()
            || self.range.to.is_some_and(|to| ply >= to);
        !(self.opening_ok && position_settled)
    }
}

/// The day a record's game was played: its start time, else its 対局日, else its end time.
pub fn record_date(record: &Record) -> Option<u32> {
    let meta = &record.metadata;
    [
        meta.get(MetaKey::StartTime),
        meta.get_raw("対局日"),
        meta.get(MetaKey::EndTime),
    ]
    .into_iter()
    .flatten()
    .find_map(find_date)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats;
    use crate::record::Format;

    fn usi(text: &str) -> Record {
        formats::read_str(text, Format::Usi).remove(0)
    }

    fn at(sfen: &str, board_only: bool) -> Query {
        Query {
            position: Some(PositionQuery::new(
                Position::from_sfen(sfen).unwrap(),
                board_only,
            )),
            ..Query::default()
        }
    }

    #[test]
    fn a_position_is_found_by_two_move_orders() {
        let target = usi("position startpos moves 7g7f 3c3d 2g2f");
        let mut pos = None;
        main_line_walk(&target, |_, _, p| {
            pos = Some(p.to_sfen());
            true
        });
        let q = at(&pos.unwrap(), false);
        let other = usi("position startpos moves 2g2f 3c3d 7g7f 8c8d");
        assert_eq!(q.test(&other, None), Some(Match { ply: Some(3) }));
        let never = usi("position startpos moves 2g2f 8c8d 7g7f");
        assert_eq!(q.test(&never, None), None);
    }

    #[test]
    fn a_variant_position_matches_its_own_game_only() {
        use crate::variant::Variant;
        let mini = VPosition::start(Variant::Minishogi);
        let q = PositionQuery::variant(mini.clone(), false);
        assert!(q.matches_variant(&mini));
        assert!(!q.matches(&Position::startpos()));
        assert!(!q.matches_variant(&VPosition::start(Variant::Gorogoro)));
        assert!(!PositionQuery::new(Position::startpos(), false).matches_variant(&mini));
        let other_side = VPosition::from_sfen_as("rbsgk/4p/5/P4/KGSBR w - 1", None).unwrap();
        assert!(!q.matches_variant(&other_side));
        assert!(PositionQuery::variant(mini, true).matches_variant(&other_side));
    }

    #[test]
    fn a_variant_game_is_walked_for_its_positions_and_opening() {
        let game = usi("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 4e3d 4a3b 5e4e");
        let after_two = VPosition::from_sfen_as("rbsgk/4p/5/P4/KGSBR b - 1", None)
            .map(|mut p| {
                for m in ["4e3d", "4a3b"] {
                    let mv = p.parse_usi(m).unwrap();
                    p.play(mv).unwrap();
                }
                p
            })
            .unwrap();
        let q = Query {
            position: Some(PositionQuery::variant(after_two, false)),
            ..Query::default()
        };
        assert_eq!(q.test(&game, None), Some(Match { ply: Some(2) }));
        let q = Query {
            ply_range: Some(Range::parse("3..").unwrap()),
            ..q
        };
        assert_eq!(q.test(&game, None), None);
        let opening = |moves: &str| Query {
            opening: Some(
                moves
                    .split(' ')
                    .map(|m| Move::from_usi(m).unwrap())
                    .collect(),
            ),
            ..Query::default()
        };
        assert!(opening("4e3d 4a3b").test(&game, None).is_some());
        assert!(opening("4a3b 4e3d").test(&game, None).is_none());
    }

    #[test]
    fn ranges_parse_and_bound() {
        assert_eq!(
            Range::parse("3..").unwrap(),
            Range {
                from: Some(3),
                to: None
            }
        );
        assert!(Range::parse("5").unwrap().contains(5));
        assert!(Range::parse("x").is_err() && Range::parse("4..2").is_err());
    }

    #[test]
    fn the_opening_must_be_the_first_moves() {
        let q = Query {
            opening: Some(vec![
                Move::from_usi("7g7f").unwrap(),
                Move::from_usi("3c3d").unwrap(),
            ]),
            ..Query::default()
        };
        assert!(q
            .test(&usi("position startpos moves 7g7f 3c3d 2g2f"), None)
            .is_some());
        assert!(q
            .test(&usi("position startpos moves 2g2f 3c3d 7g7f"), None)
            .is_none());
        assert!(q.test(&usi("position startpos moves 7g7f"), None).is_none());
    }

    #[test]
    fn names_are_asked_for_with_or_without_a_side() {
        let q = NamedQuery::parse("white:美濃囲い", Kind::Castle).unwrap();
        assert_eq!((q.side, q.name), (Some(Color::White), "美濃囲い"));
        let q = NamedQuery::parse("先手：向飛車", Kind::Strategy).unwrap();
        assert_eq!((q.side, q.name), (Some(Color::Black), "向かい飛車"));
        assert_eq!(
            NamedQuery::parse("四間飛車", Kind::Strategy).unwrap().side,
            None
        );
        assert!(NamedQuery::parse("美濃囲い", Kind::Strategy)
            .unwrap_err()
            .contains("use --castle"));
        assert!(
            NamedQuery::parse("飛車先交換", Kind::Strategy).is_err(),
            "helpers are hidden"
        );
        assert!(NamedQuery::parse("中央:矢倉", Kind::Strategy).is_err());
    }

    fn csa(text: &str) -> Record {
        formats::read_str(text, Format::Csa).remove(0)
    }

    fn re(s: &str) -> Regex {
        Regex::new(s).unwrap()
    }

    #[test]
    fn one_kind_given_twice_is_either_and_two_kinds_are_both() {
        let game = csa("N+Sato\nN-Suzuki\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n");
        let players = |names: &[&str]| Query {
            player: names.iter().map(|n| re(n)).collect(),
            ..Query::default()
        };
        assert!(players(&["^Tanaka$", "^Sato$"]).test(&game, None).is_some());
        assert!(players(&["^Tanaka$", "^Kato$"]).test(&game, None).is_none());
        let both = Query {
            player: vec![re("^Sato$")],
            black: vec![re("^Suzuki$")],
            ..Query::default()
        };
        assert!(both.test(&game, None).is_none(), "AND across kinds");
        let both = Query {
            black: vec![re("^Sato$")],
            white: vec![re("^Suzuki$")],
            ..Query::default()
        };
        assert!(both.test(&game, None).is_some());
    }

    #[test]
    fn codes_are_one_of_those_asked_or_any() {
        use crate::record::replay::{replay, ReplayOptions};
        let fouled = csa(include_str!("../../testdata/samples/fouls.csa"));
        let clean = csa("PI\n+\n+7776FU\n-3334FU\n%TORYO\n");
        let judged = |q: &Query, r: &Record| q.test(r, Some(&replay(r, &ReplayOptions::default())));
        let fouls = |codes: Vec<CodeChoice<FoulCode>>| Query {
            foul: codes,
            ..Query::default()
        };
        let either = fouls(vec![
            CodeChoice::Code(FoulCode::SelfCheck),
            CodeChoice::Code(FoulCode::Nifu),
        ]);
        assert!(judged(&either, &fouled).is_some());
        assert!(judged(&fouls(vec![CodeChoice::Code(FoulCode::SelfCheck)]), &fouled).is_none());
        assert!(judged(&fouls(vec![CodeChoice::Any]), &fouled).is_some());
        assert!(judged(&fouls(vec![CodeChoice::Any]), &clean).is_none());
        let outcomes = Query {
            outcome: vec![OutcomeReason::Checkmate, OutcomeReason::Foul],
            winner: vec![Winner::Black, Winner::White],
            ..Query::default()
        };
        assert!(judged(&outcomes, &fouled).is_some());
        assert!(
            judged(&outcomes, &clean).is_none(),
            "resignation is neither"
        );
        assert!(
            outcomes.test(&fouled, None).is_none(),
            "no replay, no outcome"
        );
    }

    #[test]
    fn a_warning_of_reading_counts_and_an_error_is_searched_only_when_asked() {
        use crate::record::replay::{replay, ReplayOptions};
        let odd = csa("PI\n+\nthis line means nothing\n+7776FU\n%TORYO\n");
        assert!(
            odd.warnings
                .iter()
                .any(|w| w.code == WarningCode::UnknownLine),
            "{:?}",
            odd.warnings
        );
        let q = Query {
            warning: vec![CodeChoice::Code(WarningCode::UnknownLine)],
            ..Query::default()
        };
        assert!(q
            .test(&odd, Some(&replay(&odd, &ReplayOptions::default())))
            .is_some());
        let q = Query {
            error: vec![CodeChoice::Any],
            ..Query::default()
        };
        assert!(q.asks_for_errors() && q.needs_replay());
        assert!(q
            .test(&odd, Some(&replay(&odd, &ReplayOptions::default())))
            .is_none());
        let mut broken = odd.clone();
        broken.errors.push(crate::record::ReadError::new(
            ErrorCode::ParseError,
            1,
            1,
            "broken",
        ));
        assert!(q.test(&broken, None).is_some());
        let q = Query {
            error: vec![CodeChoice::Code(ErrorCode::Limit)],
            ..Query::default()
        };
        assert!(q.test(&broken, None).is_none());
    }
}
