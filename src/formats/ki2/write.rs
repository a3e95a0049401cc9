//! The KI2 writer: the layout Kifu for Windows writes (see [`write()`]).

use super::ki2_move::{mark_color, supports, Ki2Move, Ki2Position};
use crate::formats::japanese as ja;
use crate::formats::kakinoki::{self, one_line, write_notes, Branch, LineSink, LineWriter};
use crate::formats::written::{note, push_comment_lines};
use crate::record::{Ending, EndingKind, MoveEntry, Node, NodeId, NodeKind, Record, Start};
use crate::shogi::{Color, Handicap, Move, Position};
use crate::variant::{VMove, VPosition};

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// The written text and what the format could not carry.
pub use crate::formats::written::Written;

/// Moves on one line, and the width (Shift_JIS bytes) each is padded to, as Kifu for Windows
/// writes them.
const MOVES_PER_LINE: usize = 6;
const MOVE_WIDTH: usize = 12;

/// The first characters of a KI2 move, and the further prefixes the reader takes for something
/// else: a header key must not start with them.
const KEYS: (fn(char) -> bool, &[&str]) = (
    |c| matches!(c, '１'..='９' | '同' | '仝') || mark_color(c).is_some(),
    &[],
);

/// Writes `record` as KI2, in the layout Kifu for Windows writes:
///
/// - the header lines `key：value` in the record's order (shared keys from other formats get
///   their KIF names), with `手合割：…` (and a board diagram for a position no handicap names,
///   as `その他`) before the players' names, exactly as the KIF writer writes them;
/// - comments on the start, then the moves, six to a line, each padded with spaces to twelve
///   Shift_JIS columns (`▲７六歩    △３四歩`), with only the words each move needs (see
///   [`Ki2Move::from_move`]), `同`/`同　` for a move to
///   the previous destination; a move with comments (`*`), engine comments (`**`) or a
///   bookmark (`&`) ends its line and they follow it;
/// - the file's banner as `#` lines after the first header line (json-kifu-format, the
///   reader of Kifu for JS, skips `#` lines there and rejects them at the top);
/// - the ending as the `まで95手で先手の勝ち` summary on its own line (KI2 has no ending word);
///   a failed entering-king declaration as the declarer's `反則負け` after the comment
///   `*入玉宣言`; comments on an ending are named in `dropped` (json-kifu-format reads no
///   line after the summary but a variation);
/// - the variations as `変化：   N手` blocks, deeper ones first, as Kifu for Windows orders them.
///
/// Times are not written (`times` in [`Written::dropped`]); a move no notation can name (a move
/// from an empty square, or a foul a legal move hides) ends its line with a note.
///
/// A record of a standard-piece variant (Mini Shogi, Shogi 5x6 and 5x6+: see [`supports`]) is
/// written the same way, with the variant's `手合割` (and its board diagram when the start is
/// not the variant's initial position) and its moves named over its board. Tori Shogi and
/// Shogi 3x4 have no KI2: nothing is written, and [`Written::dropped`] names the whole record
/// and says to use KIF.
pub fn write(record: &Record) -> Written {
    let mut out = String::with_capacity(512 + record.tree.len() * 16);
    let mut dropped = Vec::new();
    let start = record.start.normalized();
    let v = start.variant();
    if !supports(v) {
        note(
            &mut dropped,
            &format!(
                "the whole record ({v} has no KI2: its pieces have no relative words; write KIF)"
            ),
        );
        return Written { text: out, dropped };
    }
    let handicap_game = matches!(start, Start::Handicap(h) if h != Handicap::Even);
    // json-kifu-format's KI2 reader (Kifu for JS) skips `#` lines only after a line: the
    // banner follows the first header line (every start writes one: `手合割：…` or the
    // diagram's `後手の持駒：…`).
    let mut headers = String::with_capacity(256);
    kakinoki::write_headers(
        record,
        &start,
        handicap_game,
        KEYS,
        &mut headers,
        &mut dropped,
    );
    let first = headers.find('\n').map_or(headers.len(), |i| i + 1);
    out.push_str(&headers[..first]);
    kakinoki::write_banner(record.tree.root(), &mut out);
    out.push_str(&headers[first..]);
    let tree = &record.tree;
    write_notes(tree.root(), false, &mut out);
    if start.setup().move_number > 1 {
        note(
            &mut dropped,
            "the start's move number (KI2 numbers no moves, and json-kifu-format rejects a `手数＝N` line)",
        );
    }
    // A variant's moves are named over its own board; a standard start that cannot be
    // played (two kings of a side, say) names none.
    let pos = match &start {
        Start::Variant(_) => None,
        _ => start.position().ok(),
    };
    if pos.is_none() && !matches!(start, Start::Variant(_)) && !tree.is_empty() {
        note(
            &mut dropped,
            "the moves (the start position cannot be played, so KI2 cannot name them)",
        );
    }
    let mut ctx = LineWriter {
        tree,
        out: &mut out,
        dropped: &mut dropped,
        handicap_game,
        start_side: start.setup().side_to_move,
        format: Ki2,
    };
    match &start {
        Start::Variant(p) => kakinoki::write_lines(&mut ctx, Some(p.clone()), 1),
        _ => kakinoki::write_lines(&mut ctx, pos, 1),
    }
    Written { text: out, dropped }
}

/// The KI2 writer's part of [`LineWriter`] (it keeps nothing of its own).
struct Ki2;

/// Whether a node carries anything written on lines of its own.
fn has_notes(node: &Node) -> bool {
    !node.comments().is_empty()
        || !node.engine_comments().is_empty()
        || node.bookmark().is_some()
        || !node.remarks().is_empty()
}

/// A position the KI2 writer writes moves from: standard shogi's ([`Position`]) or a
/// standard-piece variant's ([`VPosition`]); the words are [`Ki2Position`]'s, so both are
/// named by the same code, monomorphised for each.
trait Ki2WritePosition: Ki2Position {
    /// Gives the move to `color` (a record's move made out of turn).
    fn give_turn(&mut self, color: Color);
    /// Carries out `mv` (legal or not).
    fn play_move(&mut self, mv: Move);
}

impl Ki2WritePosition for Position {
    #[inline]
    fn give_turn(&mut self, color: Color) {
        self.set_side_to_move(color);
    }
    #[inline]
    fn play_move(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }
}

impl Ki2WritePosition for VPosition {
    fn give_turn(&mut self, color: Color) {
        if color != self.side_to_move() {
            *self = self.with_turn(color);
        }
    }
    fn play_move(&mut self, mv: Move) {
        self.play_lenient(VMove::from_standard(mv));
    }
}

/// The move to carry out for a recorded one: a CSA-style claim of the promoted kind (`piece`)
/// on an unflagged board move means it promotes.
/// `None` for a move that is not of standard kinds.
fn effective_move<P: Ki2Position>(pos: &P, entry: &MoveEntry) -> Option<Move> {
    Some(match entry.standard()? {
        Move::Normal { from, to, promote } => {
            let board = pos.std_piece(from).map(|p| p.1);
            let claimed = matches!((entry.standard_piece(), board), (Some(c), Some(b)) if b.promote() == Some(c));
            Move::Normal {
                from,
                to,
                promote: promote || claimed,
            }
        }
        d => d,
    })
}

impl<P: Ki2WritePosition> LineSink<P> for LineWriter<'_, Ki2> {
    const VARIATION_PLY_WIDTH: usize = 4;

    /// Writes the line from `first` (numbered `ply`, after `moves` moves) by first children;
    /// returns the nodes on it that have variations.
    fn write_line(
        &mut self,
        first: NodeId,
        ply: u32,
        moves: u32,
        mut pos: Option<P>,
    ) -> Vec<Branch<P>> {
        let mut branches = Vec::new();
        let (mut ply, mut moves) = (ply, moves);
        // Moves on the current output line, and the width of the last one.
        let (mut row, mut last_width) = (0usize, 0usize);
        let mut current = Some(first);
        while let Some(id) = current {
            let node = self.tree.node(id);
            if node.next_sibling().is_some() {
                branches.push(Branch {
                    node: id,
                    ply,
                    moves,
                    pos: pos.clone(),
                });
            }
            match &node.kind {
                NodeKind::Root => {}
                NodeKind::Move(entry) => {
                    let Some(p) = pos.as_mut() else {
                        break;
                    };
                    if let Some(m) = entry.mover {
                        p.give_turn(m);
                    }
                    let prev_to = node
                        .parent()
                        .and_then(|x| self.tree.node(x).move_entry())
                        .map(|e| e.mv.to());
                    let Some((mv, km)) = effective_move(p, entry)
                        .and_then(|mv| Some((mv, Ki2Move::from_move(p, mv, prev_to)?)))
                    else {
                        note(
                            self.dropped,
                            "moves KI2 cannot name (from an empty square, or a foul that a legal move hides, or not standard shogi's) and the rest of their line",
                        );
                        break;
                    };
                    if row > 0 {
                        for _ in 0..MOVE_WIDTH.saturating_sub(last_width) {
                            self.out.push(' ');
                        }
                    }
                    let at = self.out.len();
                    km.write_to(self.out);
                    last_width = self.out.get(at..).map_or(0, |s| {
                        s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
                    });
                    row += 1;
                    p.play_move(mv);
                    moves += 1;
                    if node.time.is_some() {
                        note(self.dropped, "times");
                    }
                    if has_notes(node) || row == MOVES_PER_LINE {
                        self.out.push('\n');
                        row = 0;
                        write_notes(node, true, self.out);
                    }
                }
                NodeKind::Ending(e) => {
                    if row > 0 {
                        self.out.push('\n');
                        row = 0;
                    }
                    let to_move = pos.as_ref().map_or_else(
                        || {
                            if moves % 2 == 0 {
                                self.start_side
                            } else {
                                self.start_side.flip()
                            }
                        },
                        P::side_to_move,
                    );
                    if kakinoki::failed_declaration(e, to_move) {
                        // No ending line to hang it on: the foul's name comes before the
                        // summary, which the reader takes back with it.
                        push_comment_lines(self.out, "*", kakinoki::FAILED_DECLARATION);
                    }
                    match self.summary(e, to_move, moves) {
                        Some(s) => {
                            self.out.push_str(&s);
                            self.out.push('\n');
                        }
                        None => note(self.dropped, &format!("ending `{}`", one_line(&e.raw))),
                    }
                    if node.time.is_some() {
                        note(self.dropped, "times");
                    }
                    if has_notes(node) {
                        // json-kifu-format (Kifu for JS) reads no line after the summary
                        // but a variation; before it, they would be the last move's.
                        note(self.dropped, "comments on endings (no KI2 line after the `まで…` summary carries them for every reader)");
                    }
                }
            }
            ply += 1;
            current = node.first_child();
        }
        if row > 0 {
            self.out.push('\n');
        }
        branches
    }
}

impl LineWriter<'_, Ki2> {
    /// The `まで…` sentence for an ending: the one the record states when it still fits, else
    /// one made from the ending's kind and winner.
    fn summary(&mut self, e: &Ending, to_move: Color, moves: u32) -> Option<String> {
        use EndingKind::*;
        if kakinoki::failed_declaration(e, to_move) {
            let loser = ja::side_name(to_move, self.handicap_game);
            return Some(format!("まで{moves}手で{loser}の反則負け"));
        }
        let raw = ja::trim_spaces(&e.raw);
        if raw.starts_with("まで") && !raw.contains(['\n', '\r']) {
            if let Some(s) = ja::parse_summary(raw) {
                if s.kind == e.kind && (e.stated_winner.is_none() || e.stated_winner == s.winner) {
                    return Some(raw.to_string());
                }
            }
        }
        let winner = kakinoki::summary_winner(e, to_move);
        let side = |c: Color| ja::side_name(c, self.handicap_game);
        let n = moves;

        let (kind, winner) = match &e.kind {
            ForfeitWin | ForfeitLoss if winner.is_some() => {
                let w = winner.unwrap_or(to_move);
                return Some(if e.kind == ForfeitWin {
                    format!("まで{n}手で{}の不戦勝", side(w))
                } else {
                    format!("まで{n}手で{}の不戦敗", side(w.flip()))
                });
            }
            IllegalAction { .. } => {
                if winner == Some(to_move) {
                    (FoulWin, winner)
                } else {
                    (IllegalMove, winner)
                }
            }
            Unknown => {
                if raw.is_empty() || raw.contains(['\n', '\r']) {
                    return None;
                }
                note(
                    self.dropped,
                    &format!("ending `{raw}` (written as a `まで…` summary)"),
                );
                return Some(format!("まで{n}手で{raw}"));
            }
            k @ (Abort | Repetition | PerpetualCheck | Impasse | Draw | MaxMoves | NoMate
            | Matta | Error | Sealed | Checkmate) => {
                if e.stated_winner.is_some() && *k != Checkmate {
                    note(
                        self.dropped,
                        &format!("the winner stated with ending `{}`", one_line(&e.raw)),
                    );
                }
                (k.clone(), None)
            }
            k => (k.clone(), winner),
        };
        let text = ja::summary_sentence(n as usize, &kind, winner, self.handicap_game)?;
        if matches!(
            e.kind,
            PerpetualCheck | MaxMoves | Matta | Error | Try | Draw
        ) {
            note(
                self.dropped,
                &format!("ending `{}` (written as `{text}`)", one_line(&e.raw)),
            );
        }
        Some(text)
    }
}

#[cfg(test)]
#[path = "write_variant_tests.rs"]
mod variant_tests;
