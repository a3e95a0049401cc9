//! Evaluations that records carry in engine comments, and where each came from.
//!
//! The comment on a move is the mover's search: the score it found for the position the
//! move was played from, with the move as the best one (dlshogi's `csa_to_hcpe` and
//! cshogi's CSA parser pair them so). Every source below writes the score from black's
//! view; [`Score::for_side`] turns it to the side to move's and clamps it to the format's
//! range, a mate becoming the format's mate score.
//!
//! - Floodgate CSA: `'** 123 7776FU ...` (an engine comment whose first word is the score).
//! - Kifu for Windows analysis in KIF: `**解析 0 ○ 時間 00:01.0 深さ 10/20 ... 評価値 123 ...`.
//! - ShogiGUI's game comments in KIF: `**対局 時間 00:03.7 深さ 19/34 ... 評価値 -82 ...`
//!   (`評価値 詰` or `-詰` for a mate).
//! - ShogiHome in KIF: `*#評価値=123`, `*#詰み=先手勝ち` (black mates), `*#詰み=後手勝ち`.

use crate::record::Node;
use crate::shogi::Color;

/// Where an evaluation was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EvalSource {
    /// Floodgate's `'** SCORE PV` CSA comment.
    Floodgate,
    /// A KIF `**解析` analysis comment.
    KifAnalysis,
    /// A KIF `**対局` game comment.
    KifGame,
    /// ShogiHome's `*#評価値=` / `*#詰み=` comment.
    ShogiHome,
}

impl EvalSource {
    /// The name the summary and `docs/cli.md` give the source.
    pub fn name(self) -> &'static str {
        match self {
            EvalSource::Floodgate => "floodgate",
            EvalSource::KifAnalysis => "kif-analysis",
            EvalSource::KifGame => "kif-game",
            EvalSource::ShogiHome => "shogihome",
        }
    }
}

/// An evaluation from black's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A score in centipawns (positive: black is better).
    Value(i64),
    /// A mate found for this side.
    Mate(Color),
}

impl Score {
    /// The score from `side`'s view, clamped to ±`limit`; a mate is ±`limit`.
    pub fn for_side(self, side: Color, limit: i16) -> i16 {
        let limit = i64::from(limit);
        let black = match self {
            Score::Value(v) => v.clamp(-limit, limit),
            Score::Mate(Color::Black) => limit,
            Score::Mate(Color::White) => -limit,
        };
        let v = if side == Color::Black { black } else { -black };
        v as i16
    }
}

/// The evaluation the comments of `node` (a move's node) carry, with its source; the first
/// found, engine comments before the others.
pub fn eval_of(node: &Node) -> Option<(Score, EvalSource)> {
    for c in node.engine_comments() {
        if let Some(s) = floodgate(c) {
            return Some((s, EvalSource::Floodgate));
        }
        if let Some(rest) = c.strip_prefix("解析") {
            if let Some(s) = after_word(rest) {
                return Some((s, EvalSource::KifAnalysis));
            }
        }
        if let Some(rest) = c.strip_prefix("対局") {
            if let Some(s) = after_word(rest) {
                return Some((s, EvalSource::KifGame));
            }
        }
    }
    for c in node.comments() {
        if let Some(s) = shogihome(c) {
            return Some((s, EvalSource::ShogiHome));
        }
    }
    None
}

/// `123 7776FU ...`: the first word as a whole number.
fn floodgate(c: &str) -> Option<Score> {
    let word = c.split_ascii_whitespace().next()?;
    word.parse::<i64>().ok().map(Score::Value)
}

/// The score after the word `評価値` (and spaces): `123`, `-82`, `+5↑`, `詰`, `-詰 5`.
fn after_word(c: &str) -> Option<Score> {
    let at = c.find("評価値")?;
    let rest = c[at + "評価値".len()..].trim_start_matches([' ', '\u{3000}', '\t']);
    number_or_mate(rest)
}

/// A signed number at the start of `s`, or a mate (`詰`, `+詰`, `-詰`).
fn number_or_mate(s: &str) -> Option<Score> {
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.starts_with('詰') {
        return Some(Score::Mate(if negative {
            Color::White
        } else {
            Color::Black
        }));
    }
    let end = digits
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(digits.len());
    let v: i64 = digits[..end].parse().ok()?;
    Some(Score::Value(if negative { -v } else { v }))
}

/// `#評価値=123`, `#詰み=先手勝ち`, `#詰み=後手勝ち:8手`.
fn shogihome(c: &str) -> Option<Score> {
    let c = c.strip_prefix('#')?;
    if let Some(v) = c.strip_prefix("評価値=") {
        return number_or_mate(v.trim());
    }
    let v = c.strip_prefix("詰み=")?;
    if v.starts_with("先手勝ち") {
        Some(Score::Mate(Color::Black))
    } else if v.starts_with("後手勝ち") {
        Some(Score::Mate(Color::White))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::MoveTree;

    fn node(engine: &[&str], plain: &[&str]) -> (MoveTree, crate::record::NodeId) {
        let mut tree = MoveTree::new();
        let id = MoveTree::ROOT;
        let notes = tree.node_mut(id).notes_mut();
        notes.engine_comments = engine.iter().map(|s| s.to_string()).collect();
        notes.comments = plain.iter().map(|s| s.to_string()).collect();
        (tree, id)
    }

    fn eval(engine: &[&str], plain: &[&str]) -> Option<(Score, EvalSource)> {
        let (tree, id) = node(engine, plain);
        eval_of(tree.node(id))
    }

    #[test]
    fn each_convention_is_read() {
        use EvalSource::*;
        assert_eq!(
            eval(&["113 -3334FU +2625FU"], &[]),
            Some((Score::Value(113), Floodgate))
        );
        assert_eq!(
            eval(&["-35 +2625FU -8485FU #12345"], &[]),
            Some((Score::Value(-35), Floodgate))
        );
        assert_eq!(
            eval(
                &["解析 0 ○ 時間 00:01.0 深さ 10/20 ノード数 123 評価値 -456↓ 読み筋 △３四歩"],
                &[]
            ),
            Some((Score::Value(-456), KifAnalysis))
        );
        assert_eq!(
            eval(
                &["対局 時間 00:03.7 深さ 19/34 評価値 +82 読み筋 ▲７六歩"],
                &[]
            ),
            Some((Score::Value(82), KifGame))
        );
        assert_eq!(
            eval(&["対局 評価値 -詰 5 読み筋 △同銀"], &[]),
            Some((Score::Mate(Color::White), KifGame))
        );
        assert_eq!(
            eval(&[], &["#エンジン=MyEngine", "#評価値=-60"]),
            Some((Score::Value(-60), ShogiHome))
        );
        assert_eq!(
            eval(&[], &["#詰み=後手勝ち:8手"]),
            Some((Score::Mate(Color::White), ShogiHome))
        );
        assert_eq!(eval(&["PV only +7776FU"], &["a plain comment 123"]), None);
    }

    #[test]
    fn scores_turn_to_the_side_to_move_and_clamp() {
        assert_eq!(Score::Value(113).for_side(Color::Black, 32767), 113);
        assert_eq!(Score::Value(113).for_side(Color::White, 32767), -113);
        assert_eq!(Score::Value(99_999).for_side(Color::Black, 32000), 32000);
        assert_eq!(Score::Value(-99_999).for_side(Color::Black, 32767), -32767);
        assert_eq!(
            Score::Mate(Color::Black).for_side(Color::White, 32000),
            -32000
        );
        assert_eq!(
            Score::Mate(Color::White).for_side(Color::White, 32767),
            32767
        );
    }
}
