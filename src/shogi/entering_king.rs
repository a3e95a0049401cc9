//! Entering king (入玉): impasse points and the three ways of ending a game on them.
//!
//! [`ImpasseScore::new`] counts, for each side, the figures every rule needs ([`SideScore`]);
//! [`ImpasseScore::judge`] applies a [`Rule`] for the side to move and
//! [`ImpasseScore::judge_declaration`] (or the free function [`judge_declaration`]) for a
//! declarer named by the caller, such as the side a record's 入玉勝ち ending is attributed to.
//!
//! Piece values: rook and bishop, promoted or not, 5; the king 0; every other piece 1. The enemy
//! camp is ranks 1-3 for black and 7-9 for white ("in camp" is by rank only).
//!
//! The rules ([`Rule`]):
//! - [`Rule::Jsa24`], the JSA professional impasse (持将棋) count: every piece a side owns, on
//!   the board or in hand, plus, for white in a handicap game, the pieces the handicap removed.
//!   A side under 24 points loses; both at 24 or more is a draw. Both under 24 cannot happen
//!   with the 54 points of a full set in play; when pieces are missing and it does, the verdict
//!   is a draw (nobody reached the bar, so nobody can claim the game) and `failed` names
//!   [`Condition::TooFewPoints`]. The rule applies when both kings have entered: when one has
//!   not, `failed` names [`Condition::KingNotInCamp`] (the points still decide the verdict).
//! - [`Rule::Declare24`], the JSA amateur declaration method (24点法): the declaration
//!   conditions hold and the declarer has 31 points or more: win; 24 to 30: draw; otherwise
//!   the declaration fails and the declarer loses. The method applies within
//!   [`DECLARE24_MOVE_LIMIT`] moves: a declaration after that is no win but a draw
//!   ([`RuleResult::after_ply`] names [`Condition::MoveLimit`]).
//! - [`Rule::Csa27`], the computer-shogi declaration rule (CSA, Floodgate, USI `win`): the
//!   conditions hold and the declarer has 28 points or more as black, 27 or more as white: win;
//!   otherwise the declarer loses.
//!
//! The declaration conditions, each with the name a failure is reported under
//! ([`Condition`]): the declarer is to move (`not-to-move`), its king is in the enemy camp
//! (`king-not-in-camp`), at least 10 of its other pieces are in the enemy camp
//! (`too-few-pieces`), its king is not in check (`in-check`), and it has enough declaration
//! points (`too-few-points`). Declaration points are the pieces in the enemy camp (the king
//! excluded) plus the pieces in hand; the handicap credit never counts for them. The rule that
//! the declarer must still have time on the clock is outside what a position can tell.
//!
//! ```
//! use shogi_tool::shogi::entering_king::{ImpasseScore, Rule, Verdict};
//! use shogi_tool::shogi::Position;
//! // Black's king on 5b with ten pieces in the camp; rook, bishop and eight minor pieces in hand.
//! let pos = Position::from_sfen(
//!     "9/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 b RB2G2S2N2Lrb2n2l2p 1",
//! )
//! .unwrap();
//! let score = ImpasseScore::new(&pos, None);
//! assert_eq!(score.sides.black.points, 28);
//! let csa = score.judge(Rule::Csa27);
//! assert_eq!(csa.verdict, Verdict::Win);
//! assert!(csa.failed.is_empty());
//! assert_eq!(score.judge(Rule::Declare24).verdict, Verdict::Draw);
//! ```

use std::fmt;

use super::color::{ByColor, Color};
use super::hand::Hand;
use super::handicap::Handicap;
use super::piece::PieceKind;
use super::position::Position;
use super::setup::Setup;
use super::square::Square;

/// How many pieces other than the king a declarer needs in the enemy camp.
pub const MIN_PIECES_IN_CAMP: u32 = 10;

/// The moves within which [`Rule::Declare24`] applies: at this ply the game is a draw, so a
/// later declaration cannot win.
pub const DECLARE24_MOVE_LIMIT: usize = 500;

/// A rule for ending a game on impasse points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// JSA professional 持将棋 count: a side with under 24 total points loses; else a draw.
    Jsa24,
    /// JSA amateur declaration method: 31+ declaration points win, 24-30 draw, else lose.
    Declare24,
    /// CSA computer-shogi declaration: 28+ points (black) or 27+ (white) win, else lose.
    Csa27,
}

impl Rule {
    /// Every rule, in the order the CLI prints them.
    pub const ALL: [Rule; 3] = [Rule::Jsa24, Rule::Declare24, Rule::Csa27];

    /// The contract's name: `jsa24`, `declare24` or `csa27`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Jsa24 => "jsa24",
            Rule::Declare24 => "declare24",
            Rule::Csa27 => "csa27",
        }
    }

    /// The rule named `name` (as [`Rule::name`] gives it, any case).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// Whether the rule judges a declaration (by one side) rather than counting both sides.
    pub const fn is_declaration(self) -> bool {
        !matches!(self, Rule::Jsa24)
    }

    /// The points below which a side loses: for [`Rule::Jsa24`] a side's total points, for the
    /// declaration rules the declarer's declaration points.
    pub const fn min_points(self, declarer: Color) -> u32 {
        match (self, declarer) {
            (Rule::Jsa24 | Rule::Declare24, _) => 24,
            (Rule::Csa27, Color::Black) => 28,
            (Rule::Csa27, Color::White) => 27,
        }
    }

    /// The declaration points a declarer needs to win (`None` for [`Rule::Jsa24`], which has
    /// no declarer). Between [`Rule::min_points`] and this, [`Rule::Declare24`] is a draw.
    pub const fn win_points(self, declarer: Color) -> Option<u32> {
        match self {
            Rule::Jsa24 => None,
            Rule::Declare24 => Some(31),
            Rule::Csa27 => Some(self.min_points(declarer)),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rule {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<Rule, UnknownRule> {
        Rule::from_name(s).ok_or_else(|| UnknownRule(s.to_string()))
    }
}

/// A rule name that is not `jsa24`, `declare24` or `csa27`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown impasse rule `{0}`: expected jsa24, declare24 or csa27")]
pub struct UnknownRule(pub String);

/// What a rule decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The declarer wins.
    Win,
    /// A draw (持将棋).
    Draw,
    /// The declaration fails: the declarer loses.
    Lose,
    /// [`Rule::Jsa24`]: white has under 24 points and black has 24 or more.
    BlackWins,
    /// [`Rule::Jsa24`]: black has under 24 points and white has 24 or more.
    WhiteWins,
}

impl Verdict {
    /// The contract's name: `win`, `draw`, `lose`, `black-wins` or `white-wins`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Lose => "lose",
            Verdict::BlackWins => "black-wins",
            Verdict::WhiteWins => "white-wins",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A condition of a declaration, named after how it fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Condition {
    /// The declarer is not the side to move.
    NotToMove,
    /// The declarer's king is not in the enemy camp (or it has no king).
    KingNotInCamp,
    /// Fewer than [`MIN_PIECES_IN_CAMP`] of the declarer's other pieces are in the enemy camp.
    TooFewPieces,
    /// The declarer's king is in check.
    InCheck,
    /// Fewer points than the rule asks for (for [`Rule::Jsa24`]: some side has under 24 total
    /// points).
    TooFewPoints,
    /// The declaration comes after the rule's move limit ([`DECLARE24_MOVE_LIMIT`] for
    /// [`Rule::Declare24`]).
    MoveLimit,
}

impl Condition {
    /// Every condition, in the order failures are listed.
    pub const ALL: [Condition; 6] = [
        Condition::NotToMove,
        Condition::KingNotInCamp,
        Condition::TooFewPieces,
        Condition::InCheck,
        Condition::TooFewPoints,
        Condition::MoveLimit,
    ];

    /// The contract's name: `not-to-move`, `king-not-in-camp`, `too-few-pieces`, `in-check`,
    /// `too-few-points` or `move-limit`.
    pub const fn name(self) -> &'static str {
        match self {
            Condition::NotToMove => "not-to-move",
            Condition::KingNotInCamp => "king-not-in-camp",
            Condition::TooFewPieces => "too-few-pieces",
            Condition::InCheck => "in-check",
            Condition::TooFewPoints => "too-few-points",
            Condition::MoveLimit => "move-limit",
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One side's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SideScore {
    /// Declaration points: the side's pieces in the enemy camp (the king excluded) plus its
    /// pieces in hand.
    pub points: u32,
    /// Every piece the side owns on the board or in hand (the king counts 0), plus for white
    /// the pieces a handicap removed.
    pub total_points: u32,
    /// How many of the side's pieces other than the king are in the enemy camp.
    pub pieces_in_camp: u32,
    /// Whether the side's king is in the enemy camp (false when it has no king).
    pub king_in_camp: bool,
    /// Whether the side's king is attacked.
    pub in_check: bool,
    /// Where the side's king stands.
    pub king_square: Option<Square>,
}

/// The figures of both sides of one position, ready to be judged by any [`Rule`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImpasseScore {
    /// Each side's figures.
    pub sides: ByColor<SideScore>,
    /// The side to move.
    pub side_to_move: Color,
    /// The handicap whose removed pieces were credited to white, if any (never
    /// [`Handicap::Even`]).
    pub handicap: Option<Handicap>,
}

/// What a rule decided about a position, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleResult {
    /// The rule applied.
    pub rule: Rule,
    /// The side whose declaration was judged (`None` for [`Rule::Jsa24`]).
    pub declarer: Option<Color>,
    /// The decision.
    pub verdict: Verdict,
    /// The conditions that do not hold, in [`Condition::ALL`] order; empty when all hold.
    pub failed: Vec<Condition>,
    /// The figures the decision was made on (for explaining it).
    pub score: ImpasseScore,
}

/// The pieces `handicap` removes from white's side of the even start, as a hand (empty for
/// [`Handicap::Even`]).
pub fn handicap_removed(handicap: Handicap) -> Hand {
    let white_counts = |setup: &Setup| {
        let mut counts = [0u8; 7];
        for p in setup.board.iter().flatten() {
            let k = p.kind.unpromote();
            if p.color == Color::White && k.is_hand_kind() {
                counts[k.index()] += 1;
            }
        }
        counts
    };
    let even = white_counts(&Setup::startpos());
    let given = white_counts(&handicap.setup());
    let mut removed = Hand::EMPTY;
    for kind in PieceKind::HAND {
        removed.set(kind, even[kind.index()].saturating_sub(given[kind.index()]));
    }
    removed
}

/// The impasse points of the pieces `handicap` removes (10 for 二枚落ち, 0 for the even game).
pub fn handicap_credit(handicap: Handicap) -> u32 {
    hand_points(&handicap_removed(handicap))
}

fn hand_points(hand: &Hand) -> u32 {
    hand.iter()
        .map(|(kind, n)| kind.impasse_points() * n as u32)
        .sum()
}

impl SideScore {
    /// Counts `color`'s figures in `pos`; `credit` is added to the total points.
    fn count(pos: &Position, color: Color, credit: u32) -> SideScore {
        let mut s = SideScore {
            total_points: credit,
            ..SideScore::default()
        };
        for sq in pos.pieces(color) {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            if piece.kind == PieceKind::King {
                continue;
            }
            let value = piece.kind.impasse_points();
            s.total_points += value;
            if sq.in_zone(color) {
                s.points += value;
                s.pieces_in_camp += 1;
            }
        }
        let in_hand = hand_points(pos.hand(color));
        s.points += in_hand;
        s.total_points += in_hand;
        s.king_square = pos.king_square(color);
        s.king_in_camp = s.king_square.is_some_and(|k| k.in_zone(color));
        s.in_check = pos.is_in_check(color);
        s
    }
}

impl ImpasseScore {
    /// Counts both sides of `pos`. With a `handicap`, the pieces it removed are credited to
    /// white's `total_points` (the handicap giver's, as the JSA rule counts them).
    pub fn new(pos: &Position, handicap: Option<Handicap>) -> ImpasseScore {
        let handicap = handicap.filter(|&h| h != Handicap::Even);
        let credit = handicap.map_or(0, handicap_credit);
        ImpasseScore {
            sides: ByColor {
                black: SideScore::count(pos, Color::Black, 0),
                white: SideScore::count(pos, Color::White, credit),
            },
            side_to_move: pos.side_to_move(),
            handicap,
        }
    }

    /// `color`'s figures.
    pub fn side(&self, color: Color) -> &SideScore {
        self.sides.get(color)
    }

    /// Applies `rule`; the declaration rules judge a declaration by the side to move.
    pub fn judge(&self, rule: Rule) -> RuleResult {
        self.judge_declaration(self.side_to_move, rule)
    }

    /// Applies `rule` to a declaration by `declarer` (which fails with
    /// [`Condition::NotToMove`] when it is not `declarer`'s turn). [`Rule::Jsa24`] has no
    /// declarer: `declarer` is ignored and both sides' totals decide.
    pub fn judge_declaration(&self, declarer: Color, rule: Rule) -> RuleResult {
        let mut failed = Vec::new();
        let verdict = if rule == Rule::Jsa24 {
            let short = |c: Color| self.side(c).total_points < rule.min_points(c);
            match (short(Color::Black), short(Color::White)) {
                (false, false) => Verdict::Draw,
                (false, true) => Verdict::BlackWins,
                (true, false) => Verdict::WhiteWins,
                (true, true) => Verdict::Draw,
            }
        } else {
            let s = self.side(declarer);
            if declarer != self.side_to_move {
                failed.push(Condition::NotToMove);
            }
            if !s.king_in_camp {
                failed.push(Condition::KingNotInCamp);
            }
            if s.pieces_in_camp < MIN_PIECES_IN_CAMP {
                failed.push(Condition::TooFewPieces);
            }
            if s.in_check {
                failed.push(Condition::InCheck);
            }
            if s.points < rule.min_points(declarer) {
                failed.push(Condition::TooFewPoints);
            }
            match rule.win_points(declarer) {
                _ if !failed.is_empty() => Verdict::Lose,
                Some(win) if s.points >= win => Verdict::Win,
                _ => Verdict::Draw,
            }
        };
        if rule == Rule::Jsa24 && Color::ALL.into_iter().any(|c| !self.side(c).king_in_camp) {
            failed.push(Condition::KingNotInCamp);
        }
        if rule == Rule::Jsa24
            && Color::ALL
                .into_iter()
                .any(|c| self.side(c).total_points < rule.min_points(c))
        {
            failed.push(Condition::TooFewPoints);
        }
        RuleResult {
            rule,
            declarer: rule.is_declaration().then_some(declarer),
            verdict,
            failed,
            score: *self,
        }
    }
}

/// Judges a declaration by `declarer` in `pos` under `rule` (see
/// [`ImpasseScore::judge_declaration`]); a `handicap` credits its removed pieces to white's
/// total points, which only [`Rule::Jsa24`] uses.
pub fn judge_declaration(
    pos: &Position,
    declarer: Color,
    rule: Rule,
    handicap: Option<Handicap>,
) -> RuleResult {
    ImpasseScore::new(pos, handicap).judge_declaration(declarer, rule)
}

impl RuleResult {
    /// The winner the verdict gives: the declarer on a win, its opponent on a lose, the named
    /// side for [`Rule::Jsa24`]; `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match (self.verdict, self.declarer) {
            (Verdict::BlackWins, _) => Some(Color::Black),
            (Verdict::WhiteWins, _) => Some(Color::White),
            (Verdict::Win, Some(d)) => Some(d),
            (Verdict::Lose, Some(d)) => Some(d.flip()),
            _ => None,
        }
    }

    /// The result when the declaration was made after `ply` moves: past
    /// [`DECLARE24_MOVE_LIMIT`], a [`Rule::Declare24`] declaration is no win but a draw (the
    /// game ended at the limit), with [`Condition::MoveLimit`] in `failed`. Other rules are
    /// unchanged.
    pub fn after_ply(mut self, ply: usize) -> RuleResult {
        if self.rule == Rule::Declare24 && ply > DECLARE24_MOVE_LIMIT {
            self.failed.push(Condition::MoveLimit);
            self.verdict = Verdict::Draw;
        }
        self
    }

    /// Why one condition failed, with the figures: `too-few-points (25 < 28)`.
    pub fn explain_failure(&self, condition: Condition) -> String {
        let name = condition.name();
        if condition == Condition::KingNotInCamp && self.declarer.is_none() {
            let out: Vec<String> = Color::ALL
                .into_iter()
                .filter(|&c| !self.score.side(c).king_in_camp)
                .map(|c| match self.score.side(c).king_square {
                    Some(k) => format!("{c} king on {k}"),
                    None => format!("{c} has no king"),
                })
                .collect();
            return format!("{name} ({})", out.join(", "));
        }
        let Some(d) = self.declarer else {
            // Jsa24: name every side under the bar.
            let short: Vec<String> = Color::ALL
                .into_iter()
                .map(|c| (c, self.score.side(c).total_points))
                .filter(|&(c, t)| t < self.rule.min_points(c))
                .map(|(c, t)| format!("{c} {t} < {}", self.rule.min_points(c)))
                .collect();
            return format!("{name} ({})", short.join(", "));
        };
        let s = self.score.side(d);
        match condition {
            Condition::NotToMove => format!("{name} ({} to move)", self.score.side_to_move),
            Condition::KingNotInCamp => match s.king_square {
                Some(k) => format!("{name} (king on {k})"),
                None => format!("{name} (no king)"),
            },
            Condition::TooFewPieces => {
                format!("{name} ({} < {MIN_PIECES_IN_CAMP})", s.pieces_in_camp)
            }
            Condition::InCheck => name.to_string(),
            Condition::TooFewPoints => {
                format!("{name} ({} < {})", s.points, self.rule.min_points(d))
            }
            Condition::MoveLimit => {
                format!("{name} (declared after move {DECLARE24_MOVE_LIMIT}: a draw)")
            }
        }
    }
}

/// One line a player can read: `csa27 (black to move): lose — too-few-points (25 < 28)`,
/// `declare24 (white to move): draw (27 points: 24-30)`, `jsa24: draw (black 30, white 24)`.
impl fmt::Display for RuleResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rule)?;
        if let Some(d) = self.declarer {
            if d == self.score.side_to_move {
                write!(f, " ({d} to move)")?;
            } else {
                write!(f, " ({d} declares, {} to move)", self.score.side_to_move)?;
            }
        }
        write!(f, ": {}", self.verdict)?;
        if !self.failed.is_empty() {
            let reasons: Vec<String> = self
                .failed
                .iter()
                .map(|&c| self.explain_failure(c))
                .collect();
            return write!(f, " — {}", reasons.join(", "));
        }
        match self.declarer {
            None => write!(
                f,
                " (black {}, white {})",
                self.score.sides.black.total_points, self.score.sides.white.total_points
            ),
            Some(d) => {
                let points = self.score.side(d).points;
                match self.rule.win_points(d) {
                    Some(win) if points >= win => write!(f, " ({points} >= {win})"),
                    Some(win) => write!(
                        f,
                        " ({points} points: {}-{})",
                        self.rule.min_points(d),
                        win - 1
                    ),
                    None => Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both kings entered, ten pieces each in the enemy camp (eight pawns, a gold, a silver):
    /// black's king on 5b, white's on 5h. `hands` completes the SFEN.
    fn mutual(side: char, hands: &str) -> Position {
        let sfen = format!("9/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 {side} {hands} 1");
        let pos = Position::from_sfen(&sfen).unwrap();
        assert!(pos.setup_problems().is_empty(), "{sfen}");
        pos
    }

    fn judge(pos: &Position, declarer: Color, rule: Rule) -> RuleResult {
        judge_declaration(pos, declarer, rule, None)
    }

    fn names(r: &RuleResult) -> Vec<&'static str> {
        r.failed.iter().map(|c| c.name()).collect()
    }

    #[test]
    fn names_follow_the_contract() {
        let rules: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(rules, ["jsa24", "declare24", "csa27"]);
        let conditions: Vec<_> = Condition::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(
            conditions,
            [
                "not-to-move",
                "king-not-in-camp",
                "too-few-pieces",
                "in-check",
                "too-few-points",
                "move-limit"
            ]
        );
        let verdicts = [
            Verdict::Win,
            Verdict::Draw,
            Verdict::Lose,
            Verdict::BlackWins,
            Verdict::WhiteWins,
        ]
        .map(Verdict::name);
        assert_eq!(
            verdicts,
            ["win", "draw", "lose", "black-wins", "white-wins"]
        );
        assert_eq!("CSA27".parse::<Rule>(), Ok(Rule::Csa27));
        assert!("csa28".parse::<Rule>().is_err());
    }

    #[test]
    fn the_start_position_has_27_points_a_side_and_nothing_in_camp() {
        let score = ImpasseScore::new(&Position::startpos(), None);
        for c in Color::ALL {
            let s = score.side(c);
            assert_eq!((s.points, s.total_points, s.pieces_in_camp), (0, 27, 0));
            assert!(!s.king_in_camp && !s.in_check);
        }
        let r = score.judge(Rule::Csa27);
        assert_eq!(r.verdict, Verdict::Lose);
        assert_eq!(
            names(&r),
            ["king-not-in-camp", "too-few-pieces", "too-few-points"]
        );
        // Jsa24 counts the points but presumes both kings entered: it says they have not.
        let jsa = score.judge(Rule::Jsa24);
        assert_eq!(jsa.verdict, Verdict::Draw);
        assert_eq!(names(&jsa), ["king-not-in-camp"]);
        assert_eq!(
            jsa.to_string(),
            "jsa24: draw — king-not-in-camp (black king on 5i, white king on 5a)"
        );
    }

    #[test]
    fn rook_and_bishop_count_5_promoted_or_not_and_the_king_0() {
        for kind in PieceKind::ALL {
            let expected = match kind {
                PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse => 5,
                PieceKind::King => 0,
                _ => 1,
            };
            assert_eq!(kind.impasse_points(), expected, "{kind}");
        }
        // Dragon on 9a, horse on 1a, tokin on 5a, promoted silver on 3a: all in the camp.
        let pos = Position::from_sfen("+R3+P1+S1+B/4K4/9/9/9/9/9/9/4k4 b - 1").unwrap();
        let b = ImpasseScore::new(&pos, None).sides.black;
        assert_eq!((b.points, b.total_points, b.pieces_in_camp), (12, 12, 4));
    }

    #[test]
    fn pieces_outside_the_camp_count_only_for_the_total() {
        // Black: rook on 9e (rank 5), gold on 1d (rank 4), silver on 1c (rank 3, in camp).
        let pos = Position::from_sfen("9/4K4/8S/8G/R8/9/9/9/4k4 b P 1").unwrap();
        let b = ImpasseScore::new(&pos, None).sides.black;
        assert_eq!((b.points, b.total_points, b.pieces_in_camp), (2, 8, 1));
        // White: silver on 9g (rank 7, in camp), gold on 9f (rank 6, outside).
        let pos = Position::from_sfen("4K4/9/9/9/9/g8/s8/9/4k4 w - 1").unwrap();
        let w = ImpasseScore::new(&pos, None).sides.white;
        assert_eq!((w.points, w.total_points, w.pieces_in_camp), (1, 2, 1));
    }

    #[test]
    fn the_camp_ends_at_rank_3_for_black_and_7_for_white() {
        for (sfen, black, white) in [
            ("9/9/4K4/9/9/9/4k4/9/9 b - 1", true, true),
            ("9/9/9/4K4/9/4k4/9/9/9 b - 1", false, false),
        ] {
            let s = ImpasseScore::new(&Position::from_sfen(sfen).unwrap(), None);
            assert_eq!(s.sides.black.king_in_camp, black, "{sfen}");
            assert_eq!(s.sides.white.king_in_camp, white, "{sfen}");
        }
        let no_kings = ImpasseScore::new(
            &Position::from_sfen("9/9/9/9/9/9/9/9/9 b - 1").unwrap(),
            None,
        );
        assert!(!no_kings.sides.black.king_in_camp && no_kings.sides.black.king_square.is_none());
    }

    #[test]
    fn csa27_thresholds_are_28_for_black_and_27_for_white() {
        // Black 28 (10 in camp + R B 2G 2S 2N 2L in hand) wins; 27 loses.
        let win = mutual('b', "RB2G2S2N2Lrb2n2l2p");
        let r = judge_declaration(&win, Color::Black, Rule::Csa27, None);
        assert_eq!((r.verdict, names(&r)), (Verdict::Win, vec![]));
        assert_eq!(r.winner(), Some(Color::Black));
        let lose = mutual('b', "RB2G2S2NLrb2n3l2p");
        let r = judge_declaration(&lose, Color::Black, Rule::Csa27, None);
        assert_eq!(
            (r.verdict, names(&r)),
            (Verdict::Lose, vec!["too-few-points"])
        );
        assert_eq!(r.winner(), Some(Color::White));
        assert_eq!(
            r.to_string(),
            "csa27 (black to move): lose — too-few-points (27 < 28)"
        );
        // White 27 wins; 26 loses.
        let win = mutual('w', "RB2N3L2Prb2g2s2nl");
        let r = judge_declaration(&win, Color::White, Rule::Csa27, None);
        assert_eq!(win.to_sfen().split(' ').nth(2), Some("RB2N3L2Prb2g2s2nl"));
        assert_eq!(r.score.sides.white.points, 27);
        assert_eq!((r.verdict, names(&r)), (Verdict::Win, vec![]));
        assert_eq!(r.to_string(), "csa27 (white to move): win (27 >= 27)");
        let lose = mutual('w', "RB2N4L2Prb2g2s2n");
        let r = judge_declaration(&lose, Color::White, Rule::Csa27, None);
        assert_eq!(r.score.sides.white.points, 26);
        assert_eq!(
            (r.verdict, names(&r)),
            (Verdict::Lose, vec!["too-few-points"])
        );
    }

    #[test]
    fn declare24_wins_at_31_draws_from_24_to_30_and_loses_below() {
        for (hands, points, verdict) in [
            ("RB2G2S3N2L2Prbn2l", 31, Verdict::Win),
            ("RB2G2S2N2L2Prb2n2l", 30, Verdict::Draw),
            ("RB2G2Srb2p4n4l", 24, Verdict::Draw),
            ("RB2GSrbs2p4n4l", 23, Verdict::Lose),
        ] {
            let r = judge(&mutual('b', hands), Color::Black, Rule::Declare24);
            assert_eq!(r.score.sides.black.points, points, "{hands}");
            assert_eq!(r.verdict, verdict, "{hands}");
            let expected: Vec<&str> = if verdict == Verdict::Lose {
                vec!["too-few-points"]
            } else {
                vec![]
            };
            assert_eq!(names(&r), expected, "{hands}");
        }
        let r = judge(
            &mutual('b', "RB2G2S2N2L2Prb2n2l"),
            Color::Black,
            Rule::Declare24,
        );
        assert_eq!(
            r.to_string(),
            "declare24 (black to move): draw (30 points: 24-30)"
        );
        // White declaring, same bars.
        let r = judge(
            &mutual('w', "RBN2Lrb2g2s3n2l2p"),
            Color::White,
            Rule::Declare24,
        );
        assert_eq!((r.score.sides.white.points, r.verdict), (31, Verdict::Win));
    }

    #[test]
    fn jsa24_loses_under_24_total_points() {
        // Black 31 / white 23; black 30 / white 24; black 24 / white 30; black 23 / white 31.
        for (hands, black, white, verdict) in [
            ("RB2G2S3N2L2Prbn2l", 31, 23, Verdict::BlackWins),
            ("RB2G2S2N2L2Prb2n2l", 30, 24, Verdict::Draw),
            ("RB2G2Srb2p4n4l", 24, 30, Verdict::Draw),
            ("RB2GSrbs2p4n4l", 23, 31, Verdict::WhiteWins),
        ] {
            let r = judge(&mutual('b', hands), Color::Black, Rule::Jsa24);
            let s = r.score.sides;
            assert_eq!((s.black.total_points, s.white.total_points), (black, white));
            assert_eq!(r.verdict, verdict, "{hands}");
            assert_eq!(r.declarer, None);
            let expected: Vec<&str> = if verdict == Verdict::Draw {
                vec![]
            } else {
                vec!["too-few-points"]
            };
            assert_eq!(names(&r), expected, "{hands}");
        }
        let r = judge(&mutual('b', "RB2GSrbs2p4n4l"), Color::White, Rule::Jsa24);
        assert_eq!(
            r.to_string(),
            "jsa24: white-wins — too-few-points (black 23 < 24)"
        );
        assert_eq!(r.winner(), Some(Color::White));
    }

    #[test]
    fn declare24_applies_within_500_moves() {
        let r = judge(
            &mutual('b', "RB2G2S3N2L2Prbn2l"),
            Color::Black,
            Rule::Declare24,
        );
        assert_eq!(r.clone().after_ply(500).verdict, Verdict::Win);
        let late = r.clone().after_ply(501);
        assert_eq!(
            (late.verdict, names(&late)),
            (Verdict::Draw, vec!["move-limit"])
        );
        assert_eq!(late.winner(), None);
        // Other rules know no such limit.
        let csa = judge(&mutual('b', "RB2G2S3N2L2Prbn2l"), Color::Black, Rule::Csa27);
        assert_eq!(csa.after_ply(600).verdict, Verdict::Win);
    }

    #[test]
    fn jsa24_with_both_sides_short_is_a_draw() {
        // Fourteen points of minor pieces are missing from the set: 20 against 20.
        let r = judge(&mutual('b', "RBrb"), Color::Black, Rule::Jsa24);
        let s = r.score.sides;
        assert_eq!((s.black.total_points, s.white.total_points), (20, 20));
        assert_eq!(
            (r.verdict, names(&r)),
            (Verdict::Draw, vec!["too-few-points"])
        );
        assert_eq!(r.winner(), None);
    }

    #[test]
    fn nine_pieces_in_the_camp_are_too_few_and_ten_enough() {
        // Black's 1c pawn on 1d instead: nine in the camp, 28 points from the hand.
        let pos = Position::from_sfen(
            "9/3GKS3/PPPP1PPP1/8P/9/9/pppp1pppp/3skg3/9 b RB2G2S2N2LPrbp2n2l 1",
        )
        .unwrap();
        let r = judge_declaration(&pos, Color::Black, Rule::Csa27, None);
        let b = r.score.sides.black;
        assert_eq!((b.pieces_in_camp, b.points, b.total_points), (9, 28, 29));
        assert_eq!(
            (r.verdict, names(&r)),
            (Verdict::Lose, vec!["too-few-pieces"])
        );
        assert_eq!(
            r.to_string(),
            "csa27 (black to move): lose — too-few-pieces (9 < 10)"
        );
        let ten = mutual('b', "RB2G2S2N2Lrb2n2l2p");
        assert_eq!(ImpasseScore::new(&ten, None).sides.black.pieces_in_camp, 10);
    }

    #[test]
    fn a_king_one_rank_short_of_the_camp_cannot_declare() {
        let pos = Position::from_sfen(
            "9/3G1S3/PPPP1PPPP/4K4/9/9/pppp1pppp/3skg3/9 b RB2G2S2N2Lrb2n2l2p 1",
        )
        .unwrap();
        let r = judge_declaration(&pos, Color::Black, Rule::Declare24, None);
        assert_eq!(
            (r.verdict, names(&r)),
            (Verdict::Lose, vec!["king-not-in-camp"])
        );
        assert_eq!(
            r.to_string(),
            "declare24 (black to move): lose — king-not-in-camp (king on 5d)"
        );
        let pos = Position::from_sfen(
            "9/3GKS3/PPPP1PPPP/9/9/4k4/pppp1pppp/3s1g3/9 w RB2N3L2Prb2g2s2nl 1",
        )
        .unwrap();
        let r = judge_declaration(&pos, Color::White, Rule::Csa27, None);
        assert_eq!(
            (r.verdict, names(&r)),
            (Verdict::Lose, vec!["king-not-in-camp"])
        );
    }

    #[test]
    fn a_king_in_check_cannot_declare() {
        // White's gold on 5a checks black's king on 5b.
        let pos = Position::from_sfen(
            "4g4/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 b RB2S2N2L2Prbg2n2l 1",
        )
        .unwrap();
        let r = judge_declaration(&pos, Color::Black, Rule::Csa27, None);
        assert!(r.score.sides.black.in_check);
        assert_eq!((r.verdict, names(&r)), (Verdict::Lose, vec!["in-check"]));
    }

    #[test]
    fn only_the_side_to_move_may_declare() {
        let pos = mutual('w', "RB2G2S2N2Lrb2n2l2p");
        for rule in [Rule::Declare24, Rule::Csa27] {
            let r = judge_declaration(&pos, Color::Black, rule, None);
            assert_eq!((r.verdict, names(&r)), (Verdict::Lose, vec!["not-to-move"]));
            assert_eq!(r.declarer, Some(Color::Black));
            assert_eq!(r.winner(), Some(Color::White));
        }
        let r = judge_declaration(&pos, Color::Black, Rule::Csa27, None);
        assert_eq!(
            r.to_string(),
            "csa27 (black declares, white to move): lose — not-to-move (white to move)"
        );
        // Jsa24 has no declarer: the same for either side.
        assert_eq!(
            judge_declaration(&pos, Color::Black, Rule::Jsa24, None).verdict,
            judge_declaration(&pos, Color::White, Rule::Jsa24, None).verdict
        );
    }

    #[test]
    fn every_failure_is_listed_in_order() {
        let pos = Position::from_sfen("9/9/9/9/4K4/9/9/9/4k4 w 2Gr 1").unwrap();
        let r = judge_declaration(&pos, Color::Black, Rule::Declare24, None);
        assert_eq!(
            names(&r),
            [
                "not-to-move",
                "king-not-in-camp",
                "too-few-pieces",
                "too-few-points"
            ]
        );
        let pos = Position::from_sfen("9/9/9/9/9/9/9/9/9 b - 1").unwrap();
        let r = judge_declaration(&pos, Color::Black, Rule::Csa27, None);
        assert_eq!(
            r.explain_failure(Condition::KingNotInCamp),
            "king-not-in-camp (no king)"
        );
    }

    #[test]
    fn handicaps_credit_the_removed_pieces_to_white() {
        assert_eq!(handicap_credit(Handicap::Even), 0);
        assert_eq!(handicap_credit(Handicap::Lance), 1);
        assert_eq!(handicap_credit(Handicap::Bishop), 5);
        assert_eq!(handicap_credit(Handicap::RookLance), 6);
        assert_eq!(handicap_credit(Handicap::TwoPieces), 10);
        assert_eq!(handicap_credit(Handicap::SixPieces), 14);
        assert_eq!(handicap_credit(Handicap::TenPieces), 18);
        assert_eq!(handicap_credit(Handicap::NineteenPieces), 27);
        assert_eq!(
            handicap_removed(Handicap::FourPieces).count(PieceKind::Lance),
            2
        );
        // At every handicap's start both sides total 27.
        for h in Handicap::all() {
            let pos = Position::from_setup(&h.setup()).unwrap();
            let s = ImpasseScore::new(&pos, Some(h)).sides;
            assert_eq!(
                (s.black.total_points, s.white.total_points),
                (27, 27),
                "{h:?}"
            );
            assert_eq!(s.white.points, 0);
        }
        // The credit changes only totals: 30 against 14 + 10.
        let pos =
            Position::from_sfen("9/3GKS3/PPPP1PPPP/9/9/9/pppp1pppp/3skg3/9 b RB2G2S2N2L2P2n2l 1")
                .unwrap();
        let plain = ImpasseScore::new(&pos, None);
        assert_eq!(plain.judge(Rule::Jsa24).verdict, Verdict::BlackWins);
        let credited = ImpasseScore::new(&pos, Some(Handicap::TwoPieces));
        assert_eq!(credited.sides.white.total_points, 24);
        assert_eq!(credited.sides.white.points, 14);
        assert_eq!(credited.judge(Rule::Jsa24).verdict, Verdict::Draw);
        assert_eq!(ImpasseScore::new(&pos, Some(Handicap::Even)).handicap, None);
    }
}
