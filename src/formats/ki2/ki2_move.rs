//! The KI2 move notation (`▲５八金右`, `△同　銀`, `▲２二角成`, `▲５五角打`): parse the syntax
//! first ([`Ki2Move::parse`]), resolve it against a position second ([`Ki2Move::to_move`]), and
//! write a move with the fewest words that name it ([`Ki2Move::from_move`]), like shakmaty's
//! `San::from_ascii`, `San::to_move` and `San::from_move`.
//!
//! # Syntax
//!
//! `[mark] destination piece [words…] [成|不成|生] [打]`
//!
//! - marks `▲ ☗` (black) and `△ ☖ ▽` (white), or none;
//! - the destination `７六` (also `76`, `７６`), or `同`/`仝` followed by any spaces;
//! - every piece name [`parse_piece`](crate::formats::japanese::parse_piece) knows (`王`, `竜`, `杏`,
//!   `圭`, `全` too);
//! - the relative words `右 左 直 上 引 寄`, the older `行` and `入` (read as `上`), `成`,
//!   `不成` or `生`, `打`, in any order after the piece.
//!
//! # Meaning of the words (from the mover's side of the board, mirrored for white)
//!
//! Each word is a filter on the moves of the named kind to the destination:
//!
//! - `上` moves forward, `引` backward, `寄` sideways along the rank;
//! - `直` moves straight forward (same file);
//! - `右` / `左`: the piece is on the mover's rightmost / leftmost file among the pieces of that
//!   kind that can move there (for golds and silvers this is the side of the destination it
//!   comes from; for two dragons or horses, which of the two);
//! - `成` promotes; `不成`/`生` declines; nothing written means no promotion, unless the piece
//!   could not move again unpromoted (a forced promotion is accepted without `成`);
//! - `打` is a drop. Without `打` a move is a board move when a board move fits, else a drop;
//!   but relative words that fit no board move name no drop when a board piece can reach the
//!   square (`unresolvable-move`).
//!
//! A word is needed when it tells the move apart from any move a piece of the kind can make
//! there by its movement, a pinned piece's included (pins and checks are disregarded, as the
//! notation rules and every other program count); the writer writes such words, and the reader
//! does not call them superfluous.
//!
//! The legal moves are tried first; when no legal move fits, the moves the pieces can make by
//! their movement (a pinned piece, a second pawn on a file, a piece left dead…), and then those
//! through a piece in the way, so that a record of a game lost by a foul still reads, replay
//! reports the foul, and KI2 can carry every foul a piece of the named kind can commit.

use std::fmt;

use arrayvec::ArrayVec;

use crate::formats::japanese as ja;
use crate::record::ErrorCode;
use std::cell::OnceCell;

use crate::shogi::{attacks, is_dead_square, Color, Move, PieceKind, Position, Rules, Square};
use crate::variant::{VKind, VMove, VPosition, Variant};

/// Where a KI2 move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum To {
    /// A square written out (`７六`).
    Square(Square),
    /// `同`: the destination of the previous move.
    Same,
}

/// A relative word that tells pieces of the same kind apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relative {
    /// 右: the piece on the mover's right.
    Right,
    /// 左: the piece on the mover's left.
    Left,
    /// 直: moves straight forward.
    Straight,
    /// 上 (also 行, 入): moves forward.
    Up,
    /// 引: moves backward.
    Down,
    /// 寄: moves sideways.
    Sideways,
}

impl Relative {
    /// The word as written.
    pub fn kanji(self) -> char {
        match self {
            Relative::Right => '右',
            Relative::Left => '左',
            Relative::Straight => '直',
            Relative::Up => '上',
            Relative::Down => '引',
            Relative::Sideways => '寄',
        }
    }

    /// The word `c` stands for (`行` and `入` are `上`).
    pub fn from_char(c: char) -> Option<Relative> {
        Some(match c {
            '右' => Relative::Right,
            '左' => Relative::Left,
            '直' => Relative::Straight,
            '上' | '行' | '入' => Relative::Up,
            '引' => Relative::Down,
            '寄' => Relative::Sideways,
            _ => return None,
        })
    }

    /// Whether a side word (右 左 直, written before the movement words).
    fn is_side(self) -> bool {
        matches!(self, Relative::Right | Relative::Left | Relative::Straight)
    }
}

/// A promotion word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promo {
    /// 成: the piece promotes.
    Promote,
    /// 不成 or 生: the piece could promote and does not.
    Decline,
}

/// A KI2 move as written, before it is resolved against a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ki2Move {
    /// The side its mark names (`None` without a mark).
    pub color: Option<Color>,
    /// The destination.
    pub to: To,
    /// The kind named: the piece as it stands before the move (`馬`, `成銀`), or dropped.
    pub piece: PieceKind,
    /// The relative words, in the order written.
    pub relative: Vec<Relative>,
    /// 成, 不成/生, or nothing.
    pub promotion: Option<Promo>,
    /// 打.
    pub drop: bool,
}

/// Why a text is not a KI2 move: the byte offset where reading stopped and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset in the text given to [`Ki2Move::parse`].
    pub offset: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}", self.expected, self.offset)
    }
}

impl std::error::Error for SyntaxError {}

/// A move the notation resolved to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The move.
    pub mv: Move,
    /// The kind on the destination after the move.
    pub piece: PieceKind,
    /// Whether the move is legal (false when only a move that breaks a rule fits).
    pub legal: bool,
    /// Words written that the move did not need (`右`, `打`, `不成` …), in order.
    pub superfluous: Vec<Superfluous>,
}

/// A word a resolved move did not need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Superfluous {
    /// The word (`右`, `打`, `不成` …).
    pub word: &'static str,
    /// Whether it tells the move apart from moves that are not legal (a pinned piece's), as
    /// writers that disregard legality write it.
    pub against_illegal: bool,
}

/// Why a KI2 move names no single move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// `同` with no previous move.
    NoPreviousMove,
    /// Several moves fit: each with its kind before the move and the words that would name it.
    Ambiguous {
        /// The moves that fit, with the kind moved and the words that single each out.
        candidates: Vec<(Move, PieceKind, String)>,
    },
    /// No move fits.
    Unresolvable {
        /// The moves of the named kind to the destination that were considered (legal or not).
        tried: Vec<Move>,
        /// The mover.
        mover: Color,
        /// The destination.
        to: Square,
    },
}

impl ResolveError {
    /// The issue code a reader reports (`ambiguous-move` or `unresolvable-move`).
    pub fn code(&self) -> ErrorCode {
        match self {
            ResolveError::Ambiguous { .. } => ErrorCode::AmbiguousMove,
            _ => ErrorCode::UnresolvableMove,
        }
    }

    /// A sentence about the move written as `written`.
    pub fn sentence(&self, written: &str, kind: PieceKind) -> String {
        match self {
            ResolveError::NoPreviousMove => format!(
                "The move `{written}` says `同` (the square of the previous move), but no move precedes it; expected a square such as ７六."
            ),
            ResolveError::Ambiguous { candidates } => {
                let list = candidates
                    .iter()
                    .map(|(m, k, _)| format!("{m} ({})", kif_text(*m, *k)))
                    .collect::<Vec<_>>()
                    .join(" or ");
                let mut hints: Vec<&str> = Vec::new();
                for (_, _, w) in candidates {
                    if !w.is_empty() && !hints.contains(&w.as_str()) {
                        hints.push(w);
                    }
                }
                let hint = if hints.is_empty() {
                    String::new()
                } else {
                    format!(": add {}", hints.join(" or "))
                };
                format!("The move `{written}` is ambiguous: it could be {list}{hint}.")
            }
            ResolveError::Unresolvable { tried, mover, to } => {
                let mut sq = String::new();
                ja::push_square(&mut sq, *to);
                let name = ja::piece_name(kind);
                if tried.is_empty() {
                    format!(
                        "The move `{written}` cannot be played: {mover} has no {name} that can move to {sq} and none to drop there."
                    )
                } else {
                    let list = tried
                        .iter()
                        .map(|m| m.to_usi())
                        .collect::<Vec<_>>()
                        .join(", ");
                    format!(
                        "The move `{written}` cannot be played: the moves of a {name} to {sq} ({list}) do not fit what is written."
                    )
                }
            }
        }
    }
}

/// A move in KIF notation with its source (`５八金(69)`, `５五角打`), for messages.
fn kif_text(m: Move, kind: PieceKind) -> String {
    let mut s = String::new();
    ja::push_square(&mut s, m.to());
    s.push_str(ja::piece_name(kind));
    match m {
        Move::Normal { from, promote, .. } => {
            if promote {
                s.push('成');
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
        Move::Drop { .. } => s.push('打'),
    }
    s
}

/// The moves of one kind to one square: board moves (both promotion choices) and the drop.
pub type Candidates = ArrayVec<Move, 40>;

/// Whether KI2 can carry `v`: standard shogi and the standard-piece variants (Mini Shogi,
/// Shogi 5x6 and 5x6+). The relative words are defined for the standard pieces only, so Tori
/// Shogi and Shogi 3x4 have no KI2.
pub fn supports(v: Variant) -> bool {
    !matches!(v, Variant::Torishogi | Variant::Dobutsu)
}

/// What resolving and writing a KI2 move needs of a position beyond [`Rules`]: the moves of
/// one standard kind to one square, its promotion zone and dead squares. Implemented for the
/// standard core (its bitboards, as before) and for the standard-piece variants' positions;
/// everything over it is monomorphised, so the standard path keeps its speed.
pub trait Ki2Position: Rules {
    /// The piece on `sq` as a standard kind (`None` for an empty square or a kind that is not
    /// one of standard shogi's).
    fn std_piece(&self, sq: Square) -> Option<(Color, PieceKind)>;
    /// The position with `us` to move (a mark naming the side not to move).
    fn with_turn(&self, us: Color) -> Self;
    /// Whether `m` is legal for the side to move.
    fn is_legal_std(&self, m: Move) -> bool;
    /// The rank of `sq` as `us` counts it (1 is its far rank).
    fn rel_rank(&self, sq: Square, us: Color) -> u8;
    /// Whether `sq` is in `us`'s promotion zone.
    fn zone(&self, sq: Square, us: Color) -> bool;
    /// Whether a piece of `kind` of `us` could never move again from `to`.
    fn dead(&self, us: Color, kind: PieceKind, to: Square) -> bool;
    /// Every move of `us`'s pieces of `kind` to `to` the pieces can make by their movement
    /// (legal or not; with `through`, where the core can, also through the pieces in the
    /// way), and the drop of `kind` on an empty `to` when it is in hand; never a capture of
    /// the king.
    fn ki2_candidates(&self, us: Color, kind: PieceKind, to: Square, through: bool) -> Candidates;
    /// The file as `us` counts it: 1 is the mover's rightmost file.
    #[inline]
    fn rel_file(&self, us: Color, sq: Square) -> u8 {
        match us {
            Color::Black => sq.file(),
            Color::White => self.board_size().0 + 1 - sq.file(),
        }
    }
    /// Whether a piece of `kind` of `us` may be promoted on the move `from` → `to`.
    #[inline]
    fn may_promote(&self, us: Color, kind: PieceKind, from: Square, to: Square) -> bool {
        kind.can_promote() && (self.zone(from, us) || self.zone(to, us))
    }
}

/// Adds the moves of `us`'s piece of `kind` from each of `sources` to `to`: the promotion
/// first where it may promote, then the move unpromoted.
fn push_moves<P: Ki2Position>(
    pos: &P,
    out: &mut Candidates,
    us: Color,
    kind: PieceKind,
    sources: impl IntoIterator<Item = Square>,
    to: Square,
) {
    for from in sources {
        if pos.may_promote(us, kind, from, to) {
            let _ = out.try_push(Move::Normal {
                from,
                to,
                promote: true,
            });
        }
        let _ = out.try_push(Move::Normal {
            from,
            to,
            promote: false,
        });
    }
}

impl Ki2Position for Position {
    #[inline]
    fn std_piece(&self, sq: Square) -> Option<(Color, PieceKind)> {
        self.piece_at(sq).map(|p| (p.color, p.kind))
    }
    fn with_turn(&self, us: Color) -> Position {
        let mut p = self.clone();
        p.set_side_to_move(us);
        p
    }
    #[inline]
    fn is_legal_std(&self, m: Move) -> bool {
        self.is_legal(m)
    }
    #[inline]
    fn rel_rank(&self, sq: Square, us: Color) -> u8 {
        sq.relative_rank(us)
    }
    #[inline]
    fn zone(&self, sq: Square, us: Color) -> bool {
        sq.in_zone(us)
    }
    #[inline]
    fn dead(&self, us: Color, kind: PieceKind, to: Square) -> bool {
        is_dead_square(us, kind, to)
    }
    #[inline]
    fn rel_file(&self, us: Color, sq: Square) -> u8 {
        match us {
            Color::Black => sq.file(),
            Color::White => 10 - sq.file(),
        }
    }
    #[inline]
    fn ki2_candidates(&self, us: Color, kind: PieceKind, to: Square, through: bool) -> Candidates {
        let pos = self;
        let mut out = Candidates::new();
        let target = pos.piece_at(to);
        if target.is_some_and(|p| p.color == us || p.kind == PieceKind::King) {
            return out;
        }
        let sources = if through {
            let mut b = pos.pieces_of(us, kind);
            for from in pos.pieces_of(us, kind) {
                if !attacks::pseudo_attacks(us, kind, from).contains(to) {
                    b.remove(from);
                }
            }
            b
        } else {
            pos.attackers_to(to, us, pos.occupied()) & pos.pieces_of(us, kind)
        };
        push_moves(self, &mut out, us, kind, sources, to);
        if target.is_none() && kind.is_hand_kind() && pos.hand(us).has(kind) {
            let _ = out.try_push(Move::Drop { kind, to });
        }
        out
    }
}

/// Whether `sq` is a square of `pos`'s board.
fn on_board(pos: &VPosition, sq: Square) -> bool {
    sq.file() <= pos.variant().files() && sq.rank() <= pos.variant().ranks()
}

/// The standard-piece variants (see [`supports`]): their kinds are standard ones, so a move
/// of theirs is a standard [`Move`] on the smaller board. A piece jumping over another is not
/// looked for (`through` finds what the movement finds).
impl Ki2Position for VPosition {
    fn std_piece(&self, sq: Square) -> Option<(Color, PieceKind)> {
        if !on_board(self, sq) {
            return None;
        }
        self.piece_at(sq)
            .and_then(|p| p.kind.standard().map(|k| (p.color, k)))
    }
    fn with_turn(&self, us: Color) -> VPosition {
        if us == self.side_to_move() {
            return self.clone();
        }
        let sfen = VPosition::to_sfen(self);
        let mut parts: Vec<&str> = sfen.split(' ').collect();
        if let Some(side) = parts.get_mut(1) {
            *side = if us == Color::Black { "b" } else { "w" };
        }
        VPosition::from_sfen_as(&parts.join(" "), Some(self.variant()))
            .map(|p| p.with_promotion_rule(self.promotion_rule()))
            .unwrap_or_else(|_| self.clone())
    }
    fn is_legal_std(&self, m: Move) -> bool {
        self.diagnose(VMove::from_standard(m)).is_ok()
    }
    fn rel_rank(&self, sq: Square, us: Color) -> u8 {
        self.relative_rank(sq, us)
    }
    fn zone(&self, sq: Square, us: Color) -> bool {
        self.in_zone(sq, us)
    }
    fn dead(&self, us: Color, kind: PieceKind, to: Square) -> bool {
        let r = self.relative_rank(to, us);
        match kind {
            PieceKind::Pawn | PieceKind::Lance => r == 1,
            PieceKind::Knight => r <= 2,
            _ => false,
        }
    }
    fn ki2_candidates(&self, us: Color, kind: PieceKind, to: Square, _through: bool) -> Candidates {
        let mut out = Candidates::new();
        if !on_board(self, to) {
            return out;
        }
        let target = self.piece_at(to);
        if target.is_some_and(|p| p.color == us || p.kind.is_royal()) {
            return out;
        }
        let me = self.with_turn(us);
        let mut sources: ArrayVec<Square, 40> = ArrayVec::new();
        for m in me.pseudo_moves() {
            if let VMove::Normal { from, to: t, .. } = m {
                if t == to && !sources.contains(&from) && self.std_piece(from) == Some((us, kind)) {
                    let _ = sources.try_push(from);
                }
            }
        }
        sources.sort_by_key(|s| s.index());
        push_moves(self, &mut out, us, kind, sources, to);
        if target.is_none() && kind.is_hand_kind() && self.hand_count(us, VKind::from(kind)) > 0 {
            let _ = out.try_push(Move::Drop { kind, to });
        }
        out
    }
}

impl Ki2Move {
    /// Reads one move at the start of `s`; returns it and the bytes it takes. What follows
    /// (spaces, the next move) is left to the caller.
    pub fn parse(s: &str) -> Result<(Ki2Move, usize), SyntaxError> {
        const PIECE: &str =
            "a piece name (歩, 香, 桂, 銀, 金, 角, 飛, 玉, と, 成香, 成桂, 成銀, 馬 or 龍)";
        let err = |offset, expected| Err(SyntaxError { offset, expected });
        let mut i = 0;
        let mut color = None;
        let Some(first) = s.chars().next() else {
            return err(0, "a move such as ▲７六歩");
        };
        if let Some(c) = mark_color(first) {
            color = Some(c);
            i += first.len_utf8();
        }
        let rest = s.get(i..).unwrap_or("");
        let to = match rest.chars().next() {
            Some(c) if ja::is_same_mark(c) => {
                i += c.len_utf8();
                let r = s.get(i..).unwrap_or("");
                i += r.len() - r.trim_start_matches(ja::is_space).len();
                To::Same
            }
            _ => match ja::parse_square(rest) {
                Some((sq, len)) => {
                    i += len;
                    To::Square(sq)
                }
                None => return err(i, "a square such as ７六, or 同"),
            },
        };
        let Some((piece, len)) = ja::parse_piece(s.get(i..).unwrap_or("")) else {
            return err(i, PIECE);
        };
        i += len;
        let mut m = Ki2Move {
            color,
            to,
            piece,
            relative: Vec::new(),
            promotion: None,
            drop: false,
        };
        while let Some(c) = s.get(i..).and_then(|r| r.chars().next()) {
            if let Some(r) = Relative::from_char(c) {
                m.relative.push(r);
            } else {
                match c {
                    '成' if m.promotion.is_none() => m.promotion = Some(Promo::Promote),
                    '生' if m.promotion.is_none() => m.promotion = Some(Promo::Decline),
                    '不' if m.promotion.is_none()
                        && s.get(i + c.len_utf8()..)
                            .is_some_and(|r| r.starts_with('成')) =>
                    {
                        m.promotion = Some(Promo::Decline);
                        i += '成'.len_utf8();
                    }
                    '打' if !m.drop => m.drop = true,
                    _ => break,
                }
            }
            i += c.len_utf8();
        }
        Ok((m, i))
    }

    /// The destination, given the previous move's.
    fn destination(&self, last_to: Option<Square>) -> Result<Square, ResolveError> {
        match self.to {
            To::Square(sq) => Ok(sq),
            To::Same => last_to.ok_or(ResolveError::NoPreviousMove),
        }
    }

    /// The one move this notation names in `pos` (`last_to`: the previous move's destination,
    /// for `同`). The mover is the marked side (the side to move when there is no mark); a
    /// mark that disagrees with the side to move is resolved with the marked side's pieces.
    pub fn to_move<P: Ki2Position>(
        &self,
        pos: &P,
        last_to: Option<Square>,
    ) -> Result<Resolved, ResolveError> {
        let to = self.destination(last_to)?;
        let us = self.color.unwrap_or_else(|| pos.side_to_move());
        if us != pos.side_to_move() {
            return self.resolve_for(&pos.with_turn(us), to);
        }
        self.resolve_for(pos, to)
    }

    /// Resolution with `pos.side_to_move()` the mover.
    fn resolve_for<P: Ki2Position>(&self, pos: &P, to: Square) -> Result<Resolved, ResolveError> {
        let us = pos.side_to_move();
        let sets = Sets::new(pos, us, self.piece, to);
        let (mv, legal) = self.pick(&sets).map_err(|e| self.explain(e, pos, &sets))?;
        let piece = match mv {
            Move::Normal { promote: true, .. } => self.piece.promote().unwrap_or(self.piece),
            _ => self.piece,
        };
        let mut superfluous = Vec::new();
        if !self.relative.is_empty() || self.drop || self.promotion == Some(Promo::Decline) {
            for (i, r) in self.relative.iter().enumerate() {
                let mut less = self.clone();
                less.relative.remove(i);
                if less.names(&sets, mv, legal) {
                    superfluous.push(Superfluous {
                        word: match r {
                            Relative::Right => "右",
                            Relative::Left => "左",
                            Relative::Straight => "直",
                            Relative::Up => "上",
                            Relative::Down => "引",
                            Relative::Sideways => "寄",
                        },
                        against_illegal: less.filter(&sets, sets.through()).len() > 1,
                    });
                }
            }
            if self.drop {
                let mut less = self.clone();
                less.drop = false;
                if less.names(&sets, mv, legal) {
                    superfluous.push(Superfluous {
                        word: "打",
                        against_illegal: less
                            .filter(&sets, sets.through())
                            .iter()
                            .any(|m| !m.is_drop()),
                    });
                }
            }
            if self.promotion == Some(Promo::Decline) {
                let could = match mv {
                    Move::Normal { from, .. } => pos.may_promote(us, self.piece, from, to),
                    Move::Drop { .. } => false,
                };
                if !could {
                    superfluous.push(Superfluous {
                        word: "不成",
                        against_illegal: false,
                    });
                }
            }
        }
        Ok(Resolved {
            mv,
            piece,
            legal,
            superfluous,
        })
    }

    /// The move this notation picks from the candidate sets: the legal moves first, then the
    /// moves the pieces can make by their movement, then those through pieces in the way.
    /// `Err(Some(stage))`: ambiguous in that stage (0, 1, 2); `Err(None)`: nothing fits.
    fn pick<P: Ki2Position>(&self, sets: &Sets<P>) -> Result<(Move, bool), Option<u8>> {
        let mut seen = 0;
        for stage in 0..3u8 {
            let set = sets.stage(stage);
            if stage > 0 && set.len() == seen {
                continue;
            }
            seen = set.len();
            let found = self.filter(sets, set);
            match found.len() {
                0 => {}
                1 => return Ok((found[0], stage == 0)),
                _ => return Err(Some(stage)),
            }
        }
        Err(None)
    }

    /// Whether this notation names `mv` in `pos` as the notation rules count (see
    /// [`names`](Self::names)); the mover is the side to move.
    #[cfg(test)]
    pub(crate) fn names_in(&self, pos: &Position, mv: Move) -> bool {
        let to = match self.destination(Some(mv.to())) {
            Ok(to) => to,
            Err(_) => return false,
        };
        let sets = Sets::new(pos, pos.side_to_move(), self.piece, to);
        self.names(&sets, mv, pos.is_legal_std(mv))
    }

    /// Whether this notation names `mv` (`legal`: whether `mv` is legal) as the notation rules
    /// and the other programs count: a legal move must be the only one that fits among every
    /// move the pieces can make by their movement, pins and checks disregarded (so a word that
    /// tells it apart from a pinned piece is needed); any other move must be the one
    /// [`pick`](Self::pick) finds.
    fn names<P: Ki2Position>(&self, sets: &Sets<P>, mv: Move, legal: bool) -> bool {
        if legal && sets.pseudo.contains(&mv) {
            let found = self.filter(sets, &sets.pseudo);
            found.len() == 1 && found[0] == mv
        } else {
            self.pick(sets).ok() == Some((mv, legal))
        }
    }

    /// The moves of `set` that fit the words: board moves when any fits and `打` is not
    /// written, else the drop — unless a relative word is written and a board piece can
    /// reach the square (`board_reaches`): words that fit no board move name no drop.
    fn filter<P: Ki2Position>(&self, sets: &Sets<P>, set: &[Move]) -> Candidates {
        let (us, board_reaches, pos) = (sets.us, sets.board, sets.pos);
        let (mut right, mut left) = (u8::MAX, 0u8);
        for m in set {
            if let Move::Normal { from, .. } = m {
                let f = pos.rel_file(us, *from);
                right = right.min(f);
                left = left.max(f);
            }
        }
        let mut out = Candidates::new();
        if !self.drop {
            for &m in set {
                let Move::Normal { from, to, promote } = m else {
                    continue;
                };
                let promo_fits = match self.promotion {
                    Some(Promo::Promote) => promote,
                    Some(Promo::Decline) => !promote,
                    None => !promote || pos.dead(us, self.piece, to),
                };
                if promo_fits
                    && self
                        .relative
                        .iter()
                        .all(|&r| word_fits(pos, r, us, from, to, right, left))
                {
                    let _ = out.try_push(m);
                }
            }
            if !out.is_empty() || (board_reaches && !self.relative.is_empty()) {
                return out;
            }
        }
        if self.promotion != Some(Promo::Promote) {
            for &m in set {
                if m.is_drop() {
                    let _ = out.try_push(m);
                }
            }
        }
        out
    }

    fn explain<P: Ki2Position>(&self, stage: Option<u8>, pos: &P, sets: &Sets<P>) -> ResolveError {
        match stage {
            Some(stage) => {
                let found = self.filter(sets, sets.stage(stage));
                let candidates = found
                    .iter()
                    .map(|&m| {
                        let words = Ki2Move::from_move(pos, m, None)
                            .map(|k| k.words())
                            .unwrap_or_default();
                        (m, self.piece, words)
                    })
                    .collect();
                ResolveError::Ambiguous { candidates }
            }
            None => ResolveError::Unresolvable {
                tried: sets.through().to_vec(),
                mover: sets.us,
                to: sets.to,
            },
        }
    }

    /// The relative words in the order written out (for hints).
    fn words(&self) -> String {
        let mut s = String::new();
        for r in self.relative.iter().filter(|r| r.is_side()) {
            s.push(r.kanji());
        }
        for r in self.relative.iter().filter(|r| !r.is_side()) {
            s.push(r.kanji());
        }
        s
    }

    /// The notation for `mv` played by the side to move in `pos`, with the fewest words that
    /// name it: a movement word (上 引 寄) alone, else a side word (右 左) or 直 alone, else a
    /// side word with a movement word; `打` only when a board move of the same kind to the
    /// same square also fits. A legal move is told apart from every move the pieces of its
    /// kind can make there by their movement, pins and checks disregarded, as the notation
    /// rules and the other programs count (`▲４七金右` when the other gold is pinned); `不成` when the piece could promote and does not; `同` when the
    /// destination is `last_to`. `None` when no notation names the move (a move from an empty
    /// square, or a foul that a legal move hides).
    pub fn from_move<P: Ki2Position>(
        pos: &P,
        mv: Move,
        last_to: Option<Square>,
    ) -> Option<Ki2Move> {
        let us = pos.side_to_move();
        let to = mv.to();
        let dest = if last_to == Some(to) {
            To::Same
        } else {
            To::Square(to)
        };
        let (piece, from, promote) = match mv {
            Move::Drop { kind, .. } => (kind, None, false),
            Move::Normal { from, promote, .. } => {
                let (_, kind) = pos.std_piece(from).filter(|p| p.0 == us)?;
                (kind, Some(from), promote)
            }
        };
        let sets = Sets::new(pos, us, piece, to);
        let mut m = Ki2Move {
            color: Some(us),
            to: dest,
            piece,
            relative: Vec::new(),
            promotion: None,
            drop: false,
        };
        let legal = pos.is_legal_std(mv);
        let names = |m: &Ki2Move| m.names(&sets, mv, legal);
        let Some(from) = from else {
            if names(&m) {
                return Some(m);
            }
            m.drop = true;
            return names(&m).then_some(m);
        };
        m.promotion = if promote {
            Some(Promo::Promote)
        } else if pos.may_promote(us, piece, from, to) {
            Some(Promo::Decline)
        } else {
            None
        };
        if names(&m) {
            return Some(m);
        }
        let (fr, tr) = (pos.rel_rank(from, us), pos.rel_rank(to, us));
        let movement = match fr.cmp(&tr) {
            std::cmp::Ordering::Greater => Relative::Up,
            std::cmp::Ordering::Less => Relative::Down,
            std::cmp::Ordering::Equal => Relative::Sideways,
        };
        let straight = from.file() == to.file() && movement == Relative::Up;
        let gold_or_silver = piece.moves_like_gold() || piece == PieceKind::Silver;
        let mut tries: ArrayVec<&[Relative], 12> = ArrayVec::new();
        let movement_alone = [movement];
        tries.push(&movement_alone);
        if straight && gold_or_silver {
            tries.push(&[Relative::Straight]);
        }
        tries.push(&[Relative::Right]);
        tries.push(&[Relative::Left]);
        let right_move = [Relative::Right, movement];
        let left_move = [Relative::Left, movement];
        tries.push(&right_move);
        tries.push(&left_move);
        if straight && !gold_or_silver {
            tries.push(&[Relative::Straight]);
        }
        for words in tries {
            m.relative.clear();
            m.relative.extend_from_slice(words);
            if names(&m) {
                return Some(m);
            }
        }
        None
    }

    /// Writes the notation: mark, destination (`同　` before a one-character rest, as Kifu for
    /// Windows writes it), piece, side word, movement word, 成/不成, 打.
    pub fn write_to(&self, out: &mut String) {
        match self.color {
            Some(Color::Black) => out.push('▲'),
            Some(Color::White) => out.push('△'),
            None => {}
        }
        let name = ja::piece_name(self.piece);
        match self.to {
            To::Square(sq) => ja::push_square(out, sq),
            To::Same => {
                out.push('同');
                let rest = name.chars().count()
                    + self.relative.len()
                    + usize::from(self.drop)
                    + match self.promotion {
                        Some(Promo::Promote) => 1,
                        Some(Promo::Decline) => 2,
                        None => 0,
                    };
                if rest == 1 {
                    out.push('\u{3000}');
                }
            }
        }
        out.push_str(name);
        for r in self.relative.iter().filter(|r| r.is_side()) {
            out.push(r.kanji());
        }
        for r in self.relative.iter().filter(|r| !r.is_side()) {
            out.push(r.kanji());
        }
        match self.promotion {
            Some(Promo::Promote) => out.push('成'),
            Some(Promo::Decline) => out.push_str("不成"),
            None => {}
        }
        if self.drop {
            out.push('打');
        }
    }
}

impl fmt::Display for Ki2Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(24);
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

impl std::str::FromStr for Ki2Move {
    type Err = SyntaxError;

    /// Reads a whole string as one move (surrounding spaces allowed).
    fn from_str(s: &str) -> Result<Ki2Move, SyntaxError> {
        let t = ja::trim_spaces(s);
        let lead = s.len() - s.trim_start_matches(|c: char| c.is_whitespace()).len();
        let (m, len) = Ki2Move::parse(t).map_err(|e| SyntaxError {
            offset: e.offset + lead,
            ..e
        })?;
        if len != t.len() {
            return Err(SyntaxError {
                offset: lead + len,
                expected: "the end of the move",
            });
        }
        Ok(m)
    }
}

/// The side a mark names: `▲ ☗` black, `△ ☖ ▽` white.
#[inline]
pub fn mark_color(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' => Some(Color::Black),
        '△' | '☖' | '▽' => Some(Color::White),
        _ => None,
    }
}

/// Whether `word` fits the board move `from` → `to` of `us`, given the rightmost and leftmost
/// files (as `us` counts them) of the pieces that can move there.
#[inline]
fn word_fits<P: Ki2Position>(
    pos: &P,
    word: Relative,
    us: Color,
    from: Square,
    to: Square,
    right: u8,
    left: u8,
) -> bool {
    let (fr, tr) = (pos.rel_rank(from, us), pos.rel_rank(to, us));
    match word {
        Relative::Up => tr < fr,
        Relative::Down => tr > fr,
        Relative::Sideways => tr == fr,
        Relative::Straight => from.file() == to.file() && tr < fr,
        Relative::Right => pos.rel_file(us, from) == right,
        Relative::Left => pos.rel_file(us, from) == left,
    }
}

/// The candidate moves of one kind to one square: the legal ones, those the pieces can make
/// by their movement, and (worked out only when needed) those through pieces in the way.
struct Sets<'a, P> {
    pos: &'a P,
    kind: PieceKind,
    us: Color,
    to: Square,
    legal: Candidates,
    pseudo: Candidates,
    /// Whether a piece on the board can move to the square by its movement.
    board: bool,
    through: OnceCell<Candidates>,
}

impl<'a, P: Ki2Position> Sets<'a, P> {
    fn new(pos: &'a P, us: Color, kind: PieceKind, to: Square) -> Sets<'a, P> {
        let pseudo = pos.ki2_candidates(us, kind, to, false);
        let legal = pseudo
            .iter()
            .copied()
            .filter(|&m| pos.is_legal_std(m))
            .collect();
        let board = pseudo.iter().any(|m| !m.is_drop());
        Sets {
            pos,
            kind,
            us,
            to,
            legal,
            pseudo,
            board,
            through: OnceCell::new(),
        }
    }

    fn through(&self) -> &Candidates {
        self.through
            .get_or_init(|| self.pos.ki2_candidates(self.us, self.kind, self.to, true))
    }

    fn stage(&self, stage: u8) -> &Candidates {
        match stage {
            0 => &self.legal,
            1 => &self.pseudo,
            _ => self.through(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Handicap;

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file, rank).unwrap()
    }

    fn parse(s: &str) -> Ki2Move {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// Resolves `text` in the SFEN position and returns the USI move.
    fn resolve(sfen: &str, text: &str) -> Result<String, ResolveError> {
        let pos = Position::from_sfen(sfen).unwrap();
        parse(text).to_move(&pos, None).map(|r| r.mv.to_usi())
    }

    fn written(sfen: &str, usi: &str) -> String {
        let pos = Position::from_sfen(sfen).unwrap();
        Ki2Move::from_move(&pos, Move::from_usi(usi).unwrap(), None)
            .unwrap()
            .to_string()
    }

    #[test]
    fn parses_every_word_form() {
        use Relative::*;
        let m = parse("▲７六歩");
        assert_eq!(
            m,
            Ki2Move {
                color: Some(Color::Black),
                to: To::Square(sq(7, 6)),
                piece: PieceKind::Pawn,
                relative: vec![],
                promotion: None,
                drop: false
            }
        );
        for (text, color) in [
            ("▲", Some(Color::Black)),
            ("☗", Some(Color::Black)),
            ("△", Some(Color::White)),
            ("☖", Some(Color::White)),
            ("▽", Some(Color::White)),
            ("", None),
        ] {
            assert_eq!(parse(&format!("{text}５八金")).color, color, "{text}");
        }
        for (text, words) in [
            ("５八金右", vec![Right]),
            ("５八金左", vec![Left]),
            ("５八金直", vec![Straight]),
            ("５八金上", vec![Up]),
            ("５八金引", vec![Down]),
            ("５八金寄", vec![Sideways]),
            ("２八飛行", vec![Up]),
            ("２八飛入", vec![Up]),
            ("６二金左上", vec![Left, Up]),
            ("６二金右引", vec![Right, Down]),
        ] {
            assert_eq!(parse(text).relative, words, "{text}");
        }
        assert_eq!(parse("２二角成").promotion, Some(Promo::Promote));
        assert_eq!(parse("２二角不成").promotion, Some(Promo::Decline));
        assert_eq!(parse("２二角生").promotion, Some(Promo::Decline));
        assert!(parse("５五角打").drop);
        assert_eq!(parse("▲同　銀").to, To::Same);
        assert_eq!(parse("▲同銀").to, To::Same);
        assert_eq!(parse("△同 銀").to, To::Same);
        assert_eq!(parse("△仝　銀").to, To::Same);
        assert_eq!(parse("▲同成銀").piece, PieceKind::ProSilver);
        assert_eq!(parse("▲同香成").promotion, Some(Promo::Promote));
        assert_eq!(parse("▲１三全").piece, PieceKind::ProSilver);
        assert_eq!(parse("▲１三杏").piece, PieceKind::ProLance);
        assert_eq!(parse("▲１三圭").piece, PieceKind::ProKnight);
        assert_eq!(parse("▲１三竜").piece, PieceKind::Dragon);
        assert_eq!(parse("▲５九王").piece, PieceKind::King);
        assert_eq!(parse("▲76歩").to, To::Square(sq(7, 6)));
        assert_eq!(parse("▲７６歩").to, To::Square(sq(7, 6)));
        // One move at the start of a line: the rest is the caller's.
        let (m, len) = Ki2Move::parse("▲６二金左上▲８六歩").unwrap();
        assert_eq!((m.relative.len(), len), (2, "▲６二金左上".len()));
        let (_, len) = Ki2Move::parse("▲７三桂不成△５一玉").unwrap();
        assert_eq!(len, "▲７三桂不成".len());
        // What written text gives back.
        for text in [
            "▲５八金右",
            "△同　銀",
            "▲同成銀",
            "▲６二金左上",
            "▲２二角不成",
            "△５五角打",
            "▲同香成",
        ] {
            assert_eq!(parse(text).to_string(), text);
        }
        assert_eq!(parse("▲同銀").to_string(), "▲同　銀");
    }

    #[test]
    fn syntax_errors_say_where() {
        let e = "▲７歩".parse::<Ki2Move>().unwrap_err();
        assert_eq!(e.offset, "▲".len());
        let e = "▲７六犬".parse::<Ki2Move>().unwrap_err();
        assert_eq!(e.offset, "▲７六".len());
        assert!(e.expected.contains("piece"));
        let e = "▲７六歩(77)".parse::<Ki2Move>().unwrap_err();
        assert_eq!(e.offset, "▲７六歩".len());
        assert!(Ki2Move::parse("").is_err());
        assert!(Ki2Move::parse("▲").is_err());
        assert!(Ki2Move::parse("▲同").is_err());
    }

    #[test]
    fn golds_right_left_straight_for_both_colours() {
        // Black: golds on 6i, 5i and 4i.
        let b = "4k4/9/9/9/9/9/9/9/3GGG2K b - 1";
        assert_eq!(resolve(b, "▲５八金右").unwrap(), "4i5h");
        assert_eq!(resolve(b, "▲５八金左").unwrap(), "6i5h");
        assert_eq!(resolve(b, "▲５八金直").unwrap(), "5i5h");
        assert_eq!(written(b, "4i5h"), "▲５八金右");
        assert_eq!(written(b, "6i5h"), "▲５八金左");
        assert_eq!(written(b, "5i5h"), "▲５八金直");
        let e = resolve(b, "▲５八金").unwrap_err();
        assert_eq!(e.code(), "ambiguous-move");
        let text = e.sentence("▲５八金", PieceKind::Gold);
        assert!(text.contains("6i5h (５八金(69))"), "{text}");
        assert!(
            text.contains("add 右 or 直 or 左") || text.contains("add 左 or 直 or 右"),
            "{text}"
        );
        // White: golds 6a, 5a, 4a; white's right is the 9 side.
        let w = "K2ggg3/9/9/9/9/9/9/9/4k4 w - 1";
        assert_eq!(resolve(w, "△５二金右").unwrap(), "6a5b");
        assert_eq!(resolve(w, "△５二金左").unwrap(), "4a5b");
        assert_eq!(resolve(w, "△５二金直").unwrap(), "5a5b");
        assert_eq!(written(w, "6a5b"), "△５二金右");
        assert_eq!(written(w, "4a5b"), "△５二金左");
    }

    #[test]
    fn movement_words_for_golds_and_silvers() {
        // Black golds on 6i (moves up to 5h) and 4h (moves sideways).
        let b = "4k4/9/9/9/9/9/9/5G3/3G4K b - 1";
        assert_eq!(written(b, "6i5h"), "▲５八金上");
        assert_eq!(written(b, "4h5h"), "▲５八金寄");
        assert_eq!(resolve(b, "▲５八金上").unwrap(), "6i5h");
        assert_eq!(resolve(b, "▲５八金寄").unwrap(), "4h5h");
        // Silvers on 6i (up) and 4g (back) to 5h.
        let s = "4k4/9/9/9/9/9/5S3/9/3S4K b - 1";
        assert_eq!(written(s, "6i5h"), "▲５八銀上");
        assert_eq!(written(s, "4g5h"), "▲５八銀引");
        assert_eq!(resolve(s, "▲５八銀引").unwrap(), "4g5h");
        // Silvers on 6g and 4g, both back: side words.
        let s2 = "4k4/9/9/9/9/9/3S1S3/9/8K b - 1";
        assert_eq!(written(s2, "4g5h"), "▲５八銀右");
        assert_eq!(written(s2, "6g5h"), "▲５八銀左");
        // Four golds around 5h: 6i, 4i (up), 6h, 4h (sideways) need two words.
        let g4 = "4k4/9/9/9/9/9/9/3G1G3/3G1G2K b - 1";
        assert_eq!(written(g4, "6i5h"), "▲５八金左上");
        assert_eq!(written(g4, "4i5h"), "▲５八金右上");
        assert_eq!(written(g4, "6h5h"), "▲５八金左寄");
        assert_eq!(written(g4, "4h5h"), "▲５八金右寄");
        assert_eq!(resolve(g4, "▲５八金右寄").unwrap(), "4h5h");
        // White mirrored: golds on 4a (white's left... ) moving up (toward rank 9).
        let w = "k4g3/5g3/9/9/9/9/9/9/8K w - 1";
        assert_eq!(written(w, "4a5b"), "△５二金上");
        assert_eq!(written(w, "4b5b"), "△５二金寄");
        assert_eq!(resolve(w, "△５二金上").unwrap(), "4a5b");
    }

    #[test]
    fn dragons_and_horses() {
        // Dragons on 9a and 1a, both can reach 5a sideways: 右 / 左.
        let b = "+R7+R/9/9/9/4k4/9/9/9/4K4 b - 1";
        assert_eq!(written(b, "1a5a"), "▲５一龍右");
        assert_eq!(written(b, "9a5a"), "▲５一龍左");
        assert_eq!(resolve(b, "▲５一竜左").unwrap(), "9a5a");
        // Dragons on 5a and 5i reaching 5e... with the king elsewhere: 上 / 引.
        let d = "4+R4/9/8k/9/9/9/9/9/K3+R4 b - 1";
        assert_eq!(written(d, "5i5e"), "▲５五龍上");
        assert_eq!(written(d, "5a5e"), "▲５五龍引");
        assert_eq!(resolve(d, "▲５五龍行").unwrap(), "5i5e");
        assert_eq!(resolve(d, "▲５五龍入").unwrap(), "5i5e");
        // A dragon that slides sideways and one that comes from below: 寄 / 上.
        let d2 = "8k/9/9/9/+R8/9/9/9/K3+R4 b - 1";
        assert_eq!(written(d2, "9e5e"), "▲５五龍寄");
        assert_eq!(written(d2, "5i5e"), "▲５五龍上");
        // Horses on 5f (one step up) and 6f (diagonal up): both 上, told apart by side.
        let h = "k8/9/9/9/9/3+B+B4/9/9/8K b - 1";
        assert_eq!(written(h, "5f5e"), "▲５五馬右");
        assert_eq!(written(h, "6f5e"), "▲５五馬左");
        // White horses: 4d and 5d from white's side (white's right is the 9 side).
        let hw = "k8/9/9/4+b+b3/9/9/9/9/8K w - 1";
        assert_eq!(written(hw, "5d5e"), "△５五馬右");
        assert_eq!(written(hw, "4d5e"), "△５五馬左");
        assert_eq!(resolve(hw, "△５五馬左").unwrap(), "4d5e");
    }

    #[test]
    fn drops_with_and_without_da() {
        // A bishop in hand and none on the board: a plain 角 is the drop.
        let only = "4k4/9/9/9/9/9/9/9/4K4 b B 1";
        assert_eq!(resolve(only, "▲５五角").unwrap(), "B*5e");
        assert_eq!(written(only, "B*5e"), "▲５五角");
        let pos = Position::from_sfen(only).unwrap();
        let r = parse("▲５五角打").to_move(&pos, None).unwrap();
        let words: Vec<_> = r.superfluous.iter().map(|s| s.word).collect();
        assert_eq!(words, ["打"]);
        // A bishop on 9i that reaches 5e as well: without 打 it is the board move.
        let both = "4k4/9/9/9/9/9/9/9/B3K4 b B 1";
        assert_eq!(resolve(both, "▲５五角").unwrap(), "9i5e");
        assert_eq!(resolve(both, "▲５五角打").unwrap(), "B*5e");
        assert_eq!(written(both, "B*5e"), "▲５五角打");
        assert_eq!(written(both, "9i5e"), "▲５五角");
    }

    #[test]
    fn promotion_forced_declined_and_written() {
        // A pawn on 2b: 2a only by promoting; 成 may be left out.
        let p = "4k4/7P1/9/9/9/9/9/9/4K4 b - 1";
        assert_eq!(resolve(p, "▲２一歩成").unwrap(), "2b2a+");
        assert_eq!(resolve(p, "▲２一歩").unwrap(), "2b2a+");
        assert_eq!(written(p, "2b2a+"), "▲２一歩成");
        // A silver entering the zone: 成 or 不成 (or 生), nothing = not promoting.
        let s = "4k4/9/9/2S6/9/9/9/9/4K4 b - 1";
        assert_eq!(resolve(s, "▲７三銀成").unwrap(), "7d7c+");
        assert_eq!(resolve(s, "▲７三銀不成").unwrap(), "7d7c");
        assert_eq!(resolve(s, "▲７三銀生").unwrap(), "7d7c");
        assert_eq!(resolve(s, "▲７三銀").unwrap(), "7d7c");
        assert_eq!(written(s, "7d7c"), "▲７三銀不成");
        assert_eq!(written(s, "7d7c+"), "▲７三銀成");
        // 不成 where no promotion is possible: accepted, reported superfluous.
        let pos = Position::from_sfen("4k4/9/9/9/2S6/9/9/9/4K4 b - 1").unwrap();
        let r = parse("▲７四銀不成").to_move(&pos, None).unwrap();
        let words: Vec<_> = r.superfluous.iter().map(|s| s.word).collect();
        assert_eq!((r.mv.to_usi(), words), ("7e7d".to_string(), vec!["不成"]));
        // A knight to the second rank must promote.
        let n = "4k4/9/9/6N2/9/9/9/9/4K4 b - 1";
        assert_eq!(resolve(n, "▲２二桂").unwrap(), "3d2b+");
        assert_eq!(written(n, "3d2b+"), "▲２二桂成");
        assert_eq!(written(n, "3d4b+"), "▲４二桂成");
        // 成 on a kind that cannot promote: nothing fits.
        let g = "4k4/9/9/4G4/9/9/9/9/4K4 b - 1";
        assert_eq!(
            resolve(g, "▲５三金成").unwrap_err().code(),
            "unresolvable-move"
        );
    }

    #[test]
    fn same_square_and_missing_previous_move() {
        let pos = Position::startpos();
        let m = parse("▲同　歩");
        assert_eq!(
            m.to_move(&pos, None).unwrap_err(),
            ResolveError::NoPreviousMove
        );
        assert_eq!(m.to_move(&pos, Some(sq(7, 6))).unwrap().mv.to_usi(), "7g7f");
        let w = Ki2Move::from_move(&pos, Move::from_usi("7g7f").unwrap(), Some(sq(7, 6))).unwrap();
        assert_eq!(w.to_string(), "▲同　歩");
    }

    #[test]
    fn a_mark_for_the_other_side_uses_its_pieces() {
        let pos = Position::startpos();
        let r = parse("△３四歩").to_move(&pos, None).unwrap();
        assert_eq!(r.mv.to_usi(), "3c3d");
    }

    #[test]
    fn impossible_and_illegal_moves() {
        let pos = Position::startpos();
        let e = parse("▲５五金").to_move(&pos, None).unwrap_err();
        assert_eq!(e.code(), "unresolvable-move");
        assert!(e
            .sentence("▲５五金", PieceKind::Gold)
            .contains("black has no 金"));
        let e = parse("▲５八金直").to_move(&pos, None).unwrap_err();
        let text = e.sentence("▲５八金直", PieceKind::Gold);
        assert!(
            text.contains("6i5h, 4i5h") || text.contains("4i5h, 6i5h"),
            "{text}"
        );
        // A second pawn on a file is a foul, but the notation still names it.
        let nifu = Position::from_sfen("4k4/9/9/9/9/9/9/7P1/4K4 b P 1").unwrap();
        let r = parse("▲２三歩").to_move(&nifu, None).unwrap();
        assert_eq!((r.mv.to_usi().as_str(), r.legal), ("P*2c", false));
        let w = Ki2Move::from_move(&nifu, r.mv, None).unwrap();
        assert_eq!(w.to_string(), "▲２三歩");
        // A bishop move through the pawn in the way: a foul, still named.
        let r = parse("▲５五角").to_move(&pos, None).unwrap();
        assert_eq!((r.mv.to_usi().as_str(), r.legal), ("8h5e", false));
        let w = Ki2Move::from_move(&pos, r.mv, None).unwrap();
        assert_eq!(w.to_string(), "▲５五角");
        // Capturing the king is not a move a record can carry.
        let k = Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1").unwrap();
        let e = parse("▲５一飛").to_move(&k, None).unwrap_err();
        assert_eq!(e.code(), "unresolvable-move");
    }

    #[test]
    fn a_word_against_a_pinned_piece_is_needed() {
        // Silvers on 6h and 4h can both reach 5i, but 4h is pinned by the dragon on 4i: the
        // notation rules (and every other writer) still tell them apart.
        let pos = Position::from_sfen("4k4/9/9/9/9/9/5K3/3S1S3/5+r3 b - 1").unwrap();
        let r = parse("▲５九銀左").to_move(&pos, None).unwrap();
        assert_eq!(r.mv.to_usi(), "6h5i");
        assert!(r.superfluous.is_empty(), "{:?}", r.superfluous);
        let w = Ki2Move::from_move(&pos, r.mv, None).unwrap();
        assert_eq!(w.to_string(), "▲５九銀左");
        // Reading stays lenient: the bare form is the legal move.
        assert_eq!(
            resolve("4k4/9/9/9/9/9/5K3/3S1S3/5+r3 b - 1", "▲５九銀").unwrap(),
            "6h5i"
        );
        // The case: the gold on 5h is pinned by the rook on 5a.
        let g = "k3r4/9/9/9/9/9/9/4G1G2/4K4 b - 1";
        assert_eq!(written(g, "3h4g"), "▲４七金右");
        assert_eq!(resolve(g, "▲４七金").unwrap(), "3h4g");
        assert_eq!(resolve(g, "▲４七金右").unwrap(), "3h4g");
        // A drop where a pinned gold could also reach the square needs 打.
        let d = "k3r4/9/9/9/9/9/9/4G4/4K4 b G 1";
        assert_eq!(written(d, "G*4g"), "▲４七金打");
        assert_eq!(resolve(d, "▲４七金打").unwrap(), "G*4g");
        let pos = Position::from_sfen(d).unwrap();
        let r = parse("▲４七金打").to_move(&pos, None).unwrap();
        assert!(r.superfluous.is_empty(), "{:?}", r.superfluous);
    }

    #[test]
    fn words_that_fit_no_board_move_name_no_drop() {
        // The only silver that reaches 5e moves back (from 4d); one more in hand. 上 fits no
        // board move, and no 打 is written: unresolvable, not the drop.
        let s = "k8/9/9/5S3/9/9/9/9/K8 b S 1";
        assert_eq!(
            resolve(s, "▲５五銀上").unwrap_err().code(),
            "unresolvable-move"
        );
        assert_eq!(resolve(s, "▲５五銀引").unwrap(), "4d5e");
        assert_eq!(resolve(s, "▲５五銀打").unwrap(), "S*5e");
        assert_eq!(resolve(s, "▲５五銀").unwrap(), "4d5e");
        // With no silver on the board that reaches the square, a stray word is lenient.
        let only = "k8/9/9/9/9/9/9/9/K8 b S 1";
        assert_eq!(resolve(only, "▲５五銀上").unwrap(), "S*5e");
    }

    #[test]
    fn handicap_start_words() {
        // White (上手) moves first in a handicap game: both golds can reach 5b.
        let pos = Handicap::TwoPieces.setup();
        let pos = Position::from_setup(&pos).unwrap();
        let a = Ki2Move::from_move(&pos, Move::from_usi("6a5b").unwrap(), None).unwrap();
        let b = Ki2Move::from_move(&pos, Move::from_usi("4a5b").unwrap(), None).unwrap();
        assert_eq!(
            (a.to_string(), b.to_string()),
            ("△５二金右".into(), "△５二金左".into())
        );
    }
}
