//! The KIF writer: the layout Kifu for Windows writes (see [`write()`]).

use std::fmt::Write as _;

use crate::formats::japanese as ja;
use crate::formats::kakinoki::{self, one_line, write_notes, Branch, LineSink, LineWriter};
use crate::formats::variant_names;
use crate::formats::written::{note, push_comment_lines};
use crate::record::{
    Ending, EndingKind, MoveEntry, MoveTime, Node, NodeId, NodeKind, Record, Start,
};
use crate::shogi::{Color, Handicap, Position, Square};
use crate::variant::{VKind, VMove, VPosition};

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// Settings for [`write()`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// When set, the first line declares the encoding the caller will use:
    /// `#KIF version=2.0 encoding=Shift_JIS` (or `UTF-8`).
    pub declare_encoding: Option<&'static str>,
    /// Write a declined promotion as `不成` (`２二角不成(88)`). Off by default: the KIF files
    /// of the common programs write the move without `成`, and several readers reject `不成`.
    pub funari: bool,
}

/// The written text and what the format could not carry.
pub use crate::formats::written::Written;

/// The first characters of a KIF move line, and the further prefixes the reader takes for
/// something else: a header key must not start with them.
const KEYS: (fn(char) -> bool, &[&str]) = (|c| matches!(c, '0'..='9' | '９'), &["手数-", "手数－"]);

/// Writes `record` as KIF, in the layout Kifu for Windows writes:
///
/// - `#KIF version=2.0 encoding=…` when [`WriteOptions::declare_encoding`] asks;
/// - the header lines `key：value` in the record's order (shared keys from other formats get
///   their KIF names, `$EVENT` → `棋戦`, `N+` → `先手`; other keys are written as they are),
///   with `手合割：…` (and a board diagram for a position no handicap names, as `その他`)
///   before the players' names;
/// - `手数----指手---------消費時間--`, comments on the start, then one line per move
///   (`   1 ７六歩(77)   ( 0:16/00:00:16)`, `同　`, `打`, `成`; a declined promotion is the
///   move without `成`, or with `不成` when [`WriteOptions::funari`] asks; a `+` when the move
///   has variations), its `*` comments, `**` engine comments
///   and `&` bookmark;
/// - the ending (`  96 千日手`) and the `まで95手で…` summary when the line ends in one (the
///   winner named is the stated one, else the one the ending implies); a declaration the
///   record says failed is the declarer's `反則負け` with the comment `*入玉宣言`;
/// - the variations as `変化：N手` blocks, deeper ones first, as Kifu for Windows orders them.
pub fn write(record: &Record, options: &WriteOptions) -> Written {
    let mut out = String::with_capacity(512 + record.tree.len() * 40);
    let mut dropped = Vec::new();
    if let Some(enc) = options.declare_encoding {
        let _ = writeln!(out, "#KIF version=2.0 encoding={enc}");
    }
    let start = record.start.normalized();
    let handicap_game = matches!(start, Start::Handicap(h) if h != Handicap::Even);
    kakinoki::write_banner(record.tree.root(), &mut out);
    kakinoki::write_headers(record, &start, handicap_game, KEYS, &mut out, &mut dropped);
    out.push_str("手数----指手---------消費時間--\n");
    let tree = &record.tree;
    write_notes(tree.root(), false, &mut out);
    let mut ctx = LineWriter {
        tree,
        out: &mut out,
        dropped: &mut dropped,
        handicap_game,
        start_side: start.setup().side_to_move,
        format: Kif {
            funari: options.funari,
            offset: 0,
        },
    };
    // A mid-game start numbers its first move with its move number, as Kifu for Windows does
    // (json-kifu-format and rsshogi reject a `手数＝N` line).
    if let Start::Variant(p) = &start {
        kakinoki::write_lines(&mut ctx, Some(p.clone()), 1);
        return Written { text: out, dropped };
    }
    let first_ply = start.setup().move_number.max(1);
    ctx.format.offset = first_ply - 1;
    kakinoki::write_lines(&mut ctx, start.position().ok(), first_ply);
    Written { text: out, dropped }
}

/// What only the KIF writer keeps while writing lines.
struct Kif {
    /// Whether a declined promotion is written `不成`.
    funari: bool,
    /// The moves before the start (its move number less one): the first move is numbered
    /// one more, and the summary counts them.
    offset: u32,
}

/// A position the KIF writer writes moves from: standard shogi's ([`Position`]) or a smaller
/// variant's ([`VPosition`]); the moves and kinds are the record's ([`VMove`], [`VKind`]).
trait KifPosition: Clone {
    /// The side to move.
    fn turn(&self) -> Color;
    /// Gives the move to `color` (a record's move made out of turn); `false` where the
    /// position cannot.
    fn set_turn(&mut self, color: Color) -> bool;
    /// The owner and kind of the piece on `sq`.
    fn kind_on(&self, sq: Square) -> Option<(Color, VKind)>;
    /// Whether `sq` is in `color`'s promotion zone.
    fn in_zone(pos: Option<&Self>, sq: Square, color: Color) -> bool;
    /// The name of `kind` in a move (`歩`, `成銀`, `鷹`, `ひよこ`).
    fn name(kind: VKind) -> &'static str;
    /// The record's move as one of this game (`None` when it is none).
    fn move_of(entry: &MoveEntry) -> Option<VMove>;
    /// Carries out `m`.
    fn play(&mut self, m: VMove);
}

impl KifPosition for Position {
    #[inline]
    fn turn(&self) -> Color {
        self.side_to_move()
    }
    fn set_turn(&mut self, color: Color) -> bool {
        self.set_side_to_move(color);
        true
    }
    #[inline]
    fn kind_on(&self, sq: Square) -> Option<(Color, VKind)> {
        self.piece_at(sq).map(|p| (p.color, p.kind.into()))
    }
    fn in_zone(_: Option<&Self>, sq: Square, color: Color) -> bool {
        sq.in_zone(color)
    }
    #[inline]
    fn name(kind: VKind) -> &'static str {
        kind.standard().map_or("", ja::piece_name)
    }
    #[inline]
    fn move_of(entry: &MoveEntry) -> Option<VMove> {
        entry.standard().map(VMove::from_standard)
    }
    #[inline]
    fn play(&mut self, m: VMove) {
        if let Some(m) = m.standard() {
            self.play_unchecked(m);
        }
    }
}

impl KifPosition for VPosition {
    fn turn(&self) -> Color {
        self.side_to_move()
    }
    fn set_turn(&mut self, _: Color) -> bool {
        false
    }
    fn kind_on(&self, sq: Square) -> Option<(Color, VKind)> {
        self.piece_at(sq).map(|p| (p.color, p.kind))
    }
    fn in_zone(pos: Option<&Self>, sq: Square, color: Color) -> bool {
        pos.is_some_and(|p| p.in_zone(sq, color))
    }
    fn name(kind: VKind) -> &'static str {
        variant_names::piece_name(crate::variant::Variant::Standard, kind)
    }
    fn move_of(entry: &MoveEntry) -> Option<VMove> {
        Some(entry.mv)
    }
    fn play(&mut self, m: VMove) {
        self.play_lenient(m);
    }
}

impl<P: KifPosition> LineSink<P> for LineWriter<'_, Kif> {
    const VARIATION_PLY_WIDTH: usize = 0;

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
        let mut current = Some(first);
        while let Some(id) = current {
            let node = self.tree.node(id);
            let plus = node.next_sibling().is_some();
            if plus {
                branches.push(Branch {
                    node: id,
                    ply,
                    moves,
                    pos: pos.clone(),
                });
            }
            let mut summary = None;
            match &node.kind {
                NodeKind::Root => {}
                NodeKind::Move(entry) => {
                    let prev_to = node
                        .parent()
                        .and_then(|p| self.tree.node(p).move_entry())
                        .map(|e| e.mv.to());
                    let Some((text, played)) =
                        move_text(pos.as_ref(), entry, prev_to, self.format.funari)
                    else {
                        note(
                            self.dropped,
                            "moves from an empty square that name no piece (and the rest of their line)",
                        );
                        break;
                    };
                    self.move_line(ply, &text, node, plus);
                    if let Some(p) = pos.as_mut() {
                        if let Some(m) = entry.mover {
                            if m != p.turn() {
                                note(
                                    self.dropped,
                                    "moves made out of turn (KIF alternates sides)",
                                );
                                p.set_turn(m);
                            }
                        }
                        p.play(played);
                    }
                    moves += 1;
                }
                NodeKind::Ending(e) => {
                    let to_move = pos.as_ref().map_or_else(
                        || {
                            if moves % 2 == 0 {
                                self.start_side
                            } else {
                                self.start_side.flip()
                            }
                        },
                        P::turn,
                    );
                    let stated_by_summary = e
                        .raw
                        .starts_with("まで")
                        .then(|| ja::parse_summary(&e.raw))
                        .flatten();
                    if kakinoki::failed_declaration(e, to_move) {
                        // The declarer lost: a foul loss, the foul named by a comment.
                        self.move_line(ply, "反則負け", node, plus);
                        push_comment_lines(self.out, "*", kakinoki::FAILED_DECLARATION);
                        summary = ja::summary_sentence(
                            (moves + self.format.offset) as usize,
                            &EndingKind::IllegalMove,
                            Some(to_move.flip()),
                            self.handicap_game,
                        );
                    } else if let Some(parsed) = stated_by_summary {
                        // An ending only a summary stated (KI2, or a KIF without the ending
                        // line): the ending line the readers need (tsshogi and
                        // json-kifu-format take the ending from it), then the summary as it
                        // was. An ending no word stands for is the summary alone.
                        if e.kind == EndingKind::Unknown {
                            if node.time.is_some() {
                                note(self.dropped, "times of endings stated only by a summary");
                            }
                        } else {
                            let word = self.ending_word(e, to_move);
                            self.move_line(ply, &word, node, plus);
                        }
                        let _ = writeln!(self.out, "{}", one_line(&e.raw));
                        if e.stated_winner.is_some() && e.stated_winner != parsed.winner {
                            summary = summary_for(
                                e,
                                to_move,
                                moves + self.format.offset,
                                self.handicap_game,
                            );
                        }
                    } else {
                        let word = self.ending_word(e, to_move);
                        self.move_line(ply, &word, node, plus);
                        // After the line's last node (as Kifu for Windows writes it), or wherever
                        // the ending states a winner.
                        if node.first_child().is_none() || e.stated_winner.is_some() {
                            summary = summary_for(
                                e,
                                to_move,
                                moves + self.format.offset,
                                self.handicap_game,
                            );
                        }
                    }
                }
            }
            write_notes(node, true, self.out);
            if let Some(s) = summary {
                self.out.push_str(&s);
                self.out.push('\n');
            }
            ply += 1;
            current = node.first_child();
        }
        branches
    }
}

impl LineWriter<'_, Kif> {
    fn move_line(&mut self, ply: u32, text: &str, node: &Node, plus: bool) {
        let _ = write!(self.out, "{ply:>4} {text}");
        if node.time.is_some() || plus {
            let width: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            for _ in 0..13usize.saturating_sub(width).max(1) {
                self.out.push(' ');
            }
        }
        if let Some(t) = node.time {
            push_time(self.out, t, self.dropped);
        }
        if plus {
            self.out.push('+');
        }
        self.out.push('\n');
    }

    fn ending_word(&mut self, e: &Ending, to_move: Color) -> String {
        let raw = ja::trim_spaces(&e.raw);
        if ja::ending_from_word(raw).as_ref() == Some(&e.kind) {
            return raw.to_string();
        }
        use EndingKind::*;
        let word = match &e.kind {
            Unknown => {
                if !raw.is_empty()
                    && !raw.contains(|c: char| c.is_whitespace() || c == '(' || c == '+')
                    && !raw.starts_with(|c: char| c.is_ascii_digit() || ja::is_same_mark(c))
                    && ja::parse_square(raw).is_none()
                    // The reader takes a word naming a piece for a broken move (`%と`).
                    && !raw.chars().any(|c| ja::piece_from_char(c).is_some())
                    // And whatever else it would not read back as this word (`３歯`, which
                    // starts like a square: found behind a vertical tab the reader kept).
                    && matches!(
                        super::read::parse_body(raw),
                        Ok((super::read::Body::Special(w), end)) if w == raw && end == raw.len()
                    )
                {
                    return raw.to_string();
                }
                note(
                    self.dropped,
                    &format!("ending `{}` (written as 中断)", one_line(&e.raw)),
                );
                "中断"
            }
            IllegalAction { loser } => {
                if *loser == to_move {
                    "反則負け"
                } else {
                    "反則勝ち"
                }
            }
            k => {
                let w = ja::ending_word(k).unwrap_or("中断");
                if matches!(k, PerpetualCheck | MaxMoves | Matta | Error | Draw) {
                    note(
                        self.dropped,
                        &format!("ending `{}` (written as {w})", one_line(&e.raw)),
                    );
                }
                w
            }
        };
        word.to_string()
    }
}

/// The `まで…` line after an ending, when there is something to say.
fn summary_for(e: &Ending, to_move: Color, moves: u32, handicap: bool) -> Option<String> {
    use EndingKind::*;
    let winner = kakinoki::summary_winner(e, to_move);
    let kind = match &e.kind {
        IllegalAction { .. } => {
            if winner == Some(to_move) {
                FoulWin
            } else {
                IllegalMove
            }
        }
        k => k.clone(),
    };
    ja::summary_sentence(moves as usize, &kind, winner, handicap)
}

fn push_time(out: &mut String, t: MoveTime, dropped: &mut Vec<String>) {
    if t.spent_ms.is_some_and(|ms| ms % 1000 != 0) || t.total_ms.is_some_and(|ms| ms % 1000 != 0) {
        note(dropped, "fractions of a second in times");
    }
    out.push('(');
    if let Some(ms) = t.spent_ms {
        let s = ms / 1000;
        let _ = write!(out, "{:>2}:{:02}", s / 60, s % 60);
    }
    out.push('/');
    if let Some(ms) = t.total_ms {
        let s = ms / 1000;
        let _ = write!(out, "{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    }
    out.push(')');
}

/// The text of a move (`７六歩(77)`, `同　角成(88)`, `５五角打`, `２二角(88)` for a declined
/// promotion, or `２二角不成(88)` with `funari`; a variant's pieces by their names,
/// `２二ひよこ(23)`) and the move to carry out on the board (with the promotion a CSA-style
/// claim implies); `None` when the move names no piece and its source square is empty.
fn move_text<P: KifPosition>(
    pos: Option<&P>,
    entry: &MoveEntry,
    prev_to: Option<Square>,
    funari: bool,
) -> Option<(String, VMove)> {
    let mv = P::move_of(entry)?;
    let stated = entry.piece;
    let mut s = String::with_capacity(24);
    let dest = |s: &mut String, to: Square| {
        if prev_to == Some(to) {
            s.push_str("同\u{3000}");
        } else {
            ja::push_square(s, to);
        }
    };
    match mv {
        VMove::Drop { kind, to } => {
            dest(&mut s, to);
            s.push_str(P::name(kind));
            s.push('打');
            Some((s, mv))
        }
        VMove::Normal { from, to, promote } => {
            let board = pos.and_then(|p| p.kind_on(from));
            let (before, promotes) = match (stated, board.map(|p| p.1)) {
                (Some(c), _) if promote => (c.unpromote(), true),
                (Some(c), Some(b)) if b.promote() == Some(c) => (b, true),
                (Some(c), _) => (c, false),
                (None, Some(b)) => (b, promote),
                (None, None) => return None,
            };
            let color = board
                .map(|p| p.0)
                .or_else(|| pos.map(P::turn))
                .unwrap_or(Color::Black);
            dest(&mut s, to);
            s.push_str(P::name(before));
            if promotes {
                s.push('成');
            } else if funari
                && before.promote().is_some()
                && (P::in_zone(pos, from, color) || P::in_zone(pos, to, color))
            {
                s.push_str("不成");
            }
            let _ = write!(s, "({}{})", from.file(), from.rank());
            Some((
                s,
                VMove::Normal {
                    from,
                    to,
                    promote: promotes,
                },
            ))
        }
    }
}
