//! The generic position: a mailbox board of any size up to 9x9, hands, and the rules.
//!
//! Legal moves are made in two stages that share one implementation of each rule: the
//! *geometry* (where a piece can go, [`VPosition::pseudo_moves`]) and the *rules* a
//! geometrically possible move must also pass ([`VPosition::check_rules`]: forced promotion
//! (and compulsory promotion under [`PromotionRule::Compulsory`]), drop ranks, the per-file limit, self-check, drop mate).
//! [`VPosition::diagnose`] explains a move by the geometry's reason or the rule it breaks,
//! so a generated move is legal exactly when the diagnosis says so.

use std::hash::{Hash, Hasher};

use super::kind::{VKind, VPiece};
use super::rules::{PromotionRule, Variant};
use crate::shogi::{Color, Foul, FoulKind, IllegalMoveReason as R, Move, PromotionReason, Square};

/// A foul in a variant game (the standard taxonomy over [`VKind`]).
pub type VFoul = Foul<VKind>;

/// A move of a variant game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VMove {
    /// A board move.
    Normal {
        /// Source.
        from: Square,
        /// Destination.
        to: Square,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A drop from hand.
    Drop {
        /// The kind dropped (unpromoted).
        kind: VKind,
        /// Destination.
        to: Square,
    },
}

impl VMove {
    /// The destination.
    #[inline]
    pub fn to(self) -> Square {
        match self {
            VMove::Normal { to, .. } | VMove::Drop { to, .. } => to,
        }
    }

    /// The source square of a board move.
    #[inline]
    pub fn from(self) -> Option<Square> {
        match self {
            VMove::Normal { from, .. } => Some(from),
            VMove::Drop { .. } => None,
        }
    }

    /// Whether the move promotes.
    #[inline]
    pub fn is_promotion(self) -> bool {
        matches!(self, VMove::Normal { promote: true, .. })
    }

    /// Whether the move is a drop.
    #[inline]
    pub fn is_drop(self) -> bool {
        matches!(self, VMove::Drop { .. })
    }

    /// The standard move this is, if it is one (`None` for a drop of a bird or an animal).
    #[inline]
    pub fn standard(self) -> Option<Move> {
        match self {
            VMove::Normal { from, to, promote } => Some(Move::Normal { from, to, promote }),
            VMove::Drop { kind, to } => kind.standard().map(|kind| Move::Drop { kind, to }),
        }
    }
}

impl PartialEq<Move> for VMove {
    /// Whether this is that standard move.
    fn eq(&self, other: &Move) -> bool {
        *self == VMove::from_standard(*other)
    }
}

impl From<Move> for VMove {
    /// The standard move as a move of the superset (see [`VMove::from_standard`]).
    #[inline]
    fn from(m: Move) -> VMove {
        VMove::from_standard(m)
    }
}

impl VMove {
    /// The standard move as a move of the superset (one match, no allocation). `VMove::from`
    /// is the source-square method, so this is the name to call where `into` cannot infer.
    #[inline]
    pub fn from_standard(m: Move) -> VMove {
        match m {
            Move::Normal { from, to, promote } => VMove::Normal { from, to, promote },
            Move::Drop { kind, to } => VMove::Drop {
                kind: kind.into(),
                to,
            },
        }
    }
}

/// A position of a variant game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VPosition {
    pub(super) variant: Variant,
    /// Indexed by [`Square::index`]; squares outside the variant's board stay empty.
    pub(super) board: [Option<VPiece>; 81],
    /// Pieces in hand, by colour and [`VKind::index`].
    pub(super) hands: [[u8; VKind::COUNT]; 2],
    pub(super) side: Color,
    /// The SFEN move number.
    pub(super) move_number: u32,
    /// When a piece must promote (Little Golem's optional promotion unless set otherwise).
    pub(super) promotion: PromotionRule,
    /// Whether the position was reached by a move (not set up from an SFEN or a diagram): only
    /// then can it be over by campmate, since a lion must *reach* the far rank to win.
    pub(super) reached_by_move: bool,
}

impl Hash for VPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.hands.hash(state);
        self.side.index().hash(state);
    }
}

impl VPosition {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> VPosition {
        VPosition::from_sfen_as(variant.start_sfen(), Some(variant))
            .expect("the start positions are valid")
    }

    /// A position of `variant`'s board holding only `pieces` (of any kinds: they are not
    /// checked against the game), hands empty, `side` to move. Squares off the board are
    /// ignored. For pictures of how a piece moves, where the piece stands alone.
    pub fn from_pieces(variant: Variant, side: Color, pieces: &[(Square, VPiece)]) -> VPosition {
        let mut board = [None; 81];
        for &(sq, p) in pieces {
            if sq.file() <= variant.files() && sq.rank() <= variant.ranks() {
                board[sq.index()] = Some(p);
            }
        }
        VPosition {
            variant,
            board,
            hands: [[0; VKind::COUNT]; 2],
            side,
            move_number: 1,
            promotion: PromotionRule::default(),
            reached_by_move: false,
        }
    }

    /// The same position under another promotion rule (Fairy-Stockfish's compulsory
    /// promotion, where a venue plays by it); the positions reached from it keep the rule.
    pub fn with_promotion_rule(mut self, rule: PromotionRule) -> VPosition {
        self.promotion = rule;
        self
    }

    /// The promotion rule the position's moves follow.
    pub fn promotion_rule(&self) -> PromotionRule {
        self.promotion
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The SFEN move number.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<VPiece> {
        self.board[sq.index()]
    }

    /// How many pieces of `kind` `color` holds.
    pub fn hand_count(&self, color: Color, kind: VKind) -> u8 {
        self.hands[color.index()][kind.index()]
    }

    /// Every square of the variant's board, file by file from file 1, rank 1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        let (w, h) = (self.variant.files(), self.variant.ranks());
        (1..=w).flat_map(move |f| (1..=h).filter_map(move |r| Square::new(f, r)))
    }

    /// The square of `color`'s royal piece.
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        let royal = Some(VPiece {
            color,
            kind: self.variant.royal(),
        });
        // Square indices run file by file, `ranks` consecutive squares a file.
        let ranks = self.variant.ranks() as usize;
        (0..self.variant.files() as usize).find_map(|f| {
            let file = &self.board[f * 9..f * 9 + ranks];
            let r = file.iter().position(|&p| p == royal)?;
            Some(Square::from_index_unchecked(f * 9 + r))
        })
    }

    /// The rank of `sq` counted from `color`'s far rank (1 = the last rank for `color`).
    pub fn relative_rank(&self, sq: Square, color: Color) -> u8 {
        match color {
            Color::Black => sq.rank(),
            Color::White => self.variant.ranks() + 1 - sq.rank(),
        }
    }

    /// Whether `sq` is in `color`'s promotion zone.
    pub fn in_zone(&self, sq: Square, color: Color) -> bool {
        self.relative_rank(sq, color) <= self.variant.zone_depth()
    }

    /// The square one step of `(dx, dy)` (mover-relative) from `sq`, if on the board.
    fn offset(&self, sq: Square, color: Color, dx: i8, dy: i8) -> Option<Square> {
        // Black faces rank 1; its right is file 1.
        let (df, dr) = match color {
            Color::Black => (-dx, -dy),
            Color::White => (dx, dy),
        };
        let f = sq.file() as i8 + df;
        let r = sq.rank() as i8 + dr;
        if f < 1 || r < 1 || f > self.variant.files() as i8 || r > self.variant.ranks() as i8 {
            return None;
        }
        Some(Square::from_index_unchecked(
            (f as usize - 1) * 9 + (r as usize - 1),
        ))
    }

    /// Calls `f(to, blocker)` for every square the piece on `from` reaches geometrically
    /// (`blocker` is `None`; squares of own pieces included) and, with `walk_blocked`, every
    /// square behind a blocking piece along a slide (`blocker` is the first piece in the
    /// way). Stops and returns true as soon as `f` does.
    fn reach(
        &self,
        from: Square,
        piece: VPiece,
        walk_blocked: bool,
        mut f: impl FnMut(Square, Option<Square>) -> bool,
    ) -> bool {
        for at in piece.kind.atoms() {
            let mut sq = from;
            let mut blocker = None;
            for _ in 0..at.range {
                let Some(next) = self.offset(sq, piece.color, at.dx, at.dy) else {
                    break;
                };
                sq = next;
                if f(sq, blocker) {
                    return true;
                }
                if blocker.is_none() && self.board[sq.index()].is_some() {
                    if !walk_blocked {
                        break;
                    }
                    blocker = Some(sq);
                }
            }
        }
        false
    }

    /// A piece of `color`'s opponent attacking `sq`, if any.
    pub fn attacker_of(&self, sq: Square, color: Color) -> Option<(Square, VKind)> {
        let them = color.flip();
        for from in self.squares() {
            if let Some(p) = self.board[from.index()] {
                if p.color == them && self.reach(from, p, false, |to, _| to == sq) {
                    return Some((from, p.kind));
                }
            }
        }
        None
    }

    /// Whether the side to move's royal piece is attacked.
    pub fn in_check(&self) -> bool {
        self.royal_square(self.side)
            .is_some_and(|k| self.attacked(k, self.side))
    }

    /// Whether a piece of `color`'s opponent attacks `sq`: [`VPosition::attacker_of`]'s
    /// answer without walking every piece's moves. From `sq`, each direction any piece of the
    /// game moves in is walked backwards to the first piece; it attacks `sq` when it is the
    /// opponent's and its kind moves that way that far.
    fn attacked(&self, sq: Square, color: Color) -> bool {
        attacked_on(&self.board, self.variant, sq, color)
    }

    /// Whether promotion is possible for `kind` moving `from` → `to` for `color`.
    fn may_promote(&self, kind: VKind, from: Square, to: Square, color: Color) -> bool {
        kind.promote().is_some() && (self.in_zone(from, color) || self.in_zone(to, color))
    }

    /// Whether `kind` would be stranded unpromoted on `to` (no further move).
    fn stranded(&self, kind: VKind, to: Square, color: Color) -> bool {
        self.relative_rank(to, color) <= kind.immobile_ranks()
    }

    /// The geometrically possible moves of the side to move (board moves with every
    /// promotion choice, drops on every empty square), before [`VPosition::check_rules`].
    pub fn pseudo_moves(&self) -> Vec<VMove> {
        let us = self.side;
        let mut out = Vec::with_capacity(64);
        for from in self.squares() {
            let Some(p) = self.board[from.index()].filter(|p| p.color == us) else {
                continue;
            };
            self.reach(from, p, false, |to, _| {
                if self.board[to.index()].is_some_and(|q| q.color == us) {
                    return false;
                }
                if self.may_promote(p.kind, from, to, us) {
                    out.push(VMove::Normal {
                        from,
                        to,
                        promote: true,
                    });
                }
                out.push(VMove::Normal {
                    from,
                    to,
                    promote: false,
                });
                false
            });
        }
        for &kind in self.variant.kinds() {
            if kind.is_royal() || self.hand_count(us, kind) == 0 {
                continue;
            }
            for to in self.squares() {
                if self.board[to.index()].is_none() {
                    out.push(VMove::Drop { kind, to });
                }
            }
        }
        out
    }

    /// The rules a geometrically possible move of the side to move must also pass: promotion
    /// where it is forced (or compulsory under the position's [`PromotionRule`]), the ranks a piece may not stand on, the per-file
    /// limit (nifu, Tori's two swallows), the own royal left attacked, drop mate.
    pub fn check_rules(&self, m: VMove) -> Result<(), VFoul> {
        self.rules_verdict::<true>(m, self.royal_square(self.side))
            .map_err(|f| f.expect("an explained verdict names its foul"))
    }

    /// Whether `m`, geometrically possible, passes [`VPosition::check_rules`], without
    /// naming the foul (no attacker is looked for). `royal` is the square of the side to
    /// move's royal piece.
    fn passes_rules(&self, m: VMove, royal: Option<Square>) -> bool {
        self.rules_verdict::<false>(m, royal).is_ok()
    }

    /// [`VPosition::check_rules`] given the side to move's royal square: with `EXPLAIN`, a
    /// broken rule's foul, else `Err(None)` where naming it would cost a search (the
    /// attacker of a self-check).
    fn rules_verdict<const EXPLAIN: bool>(
        &self,
        m: VMove,
        royal: Option<Square>,
    ) -> Result<(), Option<VFoul>> {
        let us = self.side;
        match m {
            VMove::Normal { from, to, promote } => {
                let kind = self.board[from.index()]
                    .map(|p| p.kind)
                    .expect("a piece to move");
                if !promote && self.may_promote(kind, from, to, us) {
                    if self.stranded(kind, to, us) {
                        return Err(Some(Foul::DeadPiece {
                            kind,
                            to,
                            dropped: false,
                        }));
                    }
                    if self.promotion == PromotionRule::Compulsory {
                        return Err(Some(Foul::IllegalPromotion(PromotionReason::Compulsory {
                            kind,
                            from,
                            to,
                        })));
                    }
                }
            }
            VMove::Drop { kind, to } => {
                if self.stranded(kind, to, us) {
                    return Err(Some(Foul::DeadPiece {
                        kind,
                        to,
                        dropped: true,
                    }));
                }
                if let Some((limited, max)) = self.variant.file_limit() {
                    if kind == limited {
                        let mine = Some(VPiece { color: us, kind });
                        // The first two of the file's own limited pieces, and how many.
                        let mut on_file = [to; 2];
                        let mut count = 0usize;
                        let base = (to.file() as usize - 1) * 9;
                        for r in 0..self.variant.ranks() as usize {
                            if self.board[base + r] == mine {
                                if count < 2 {
                                    on_file[count] = Square::from_index_unchecked(base + r);
                                }
                                count += 1;
                            }
                        }
                        if count >= max as usize {
                            return Err(Some(if max == 1 {
                                Foul::Nifu {
                                    to,
                                    pawn: on_file[0],
                                }
                            } else {
                                Foul::SwallowFile {
                                    to,
                                    swallows: [on_file[0], on_file[1]],
                                }
                            }));
                        }
                    }
                }
            }
        }
        // The board after the move, all the self-check test reads (the moved piece only
        // blocks there, so whether it promotes does not matter): a copy of the board rather
        // than of the position.
        let mut board = self.board;
        let moved_royal = match m {
            VMove::Normal { from, to, .. } => {
                let p = board[from.index()].take();
                board[to.index()] = p;
                p.is_some_and(|p| p.kind.is_royal())
            }
            VMove::Drop { kind, to } => {
                board[to.index()] = Some(VPiece { color: us, kind });
                false
            }
        };
        // The royal stands where it stood unless it is the piece that moved.
        let royal = if moved_royal { Some(m.to()) } else { royal };
        if let Some(k) = royal.filter(|&k| attacked_on(&board, self.variant, k, us)) {
            if !EXPLAIN {
                return Err(None);
            }
            let mut after = self.clone();
            after.play_unchecked(m);
            if let Some((attacker, attacker_kind)) = after.attacker_of(k, us) {
                return Err(Some(Foul::SelfCheck {
                    was_in_check: self.in_check(),
                    king: k,
                    attacker,
                    attacker_kind,
                }));
            }
        }
        if let VMove::Drop { kind, to } = m {
            if Some(kind) != self.variant.drop_mate_kind() {
                return Ok(());
            }
            let mut after = self.clone();
            after.play_unchecked(m);
            if after.in_check() && !after.has_legal_move() {
                return Err(Some(if kind == VKind::Pawn {
                    Foul::Uchifuzume { to }
                } else {
                    Foul::DropMate { kind, to }
                }));
            }
        }
        Ok(())
    }

    /// Every legal move of the side to move (none once the game is over by campmate).
    pub fn legal_moves(&self) -> Vec<VMove> {
        if self.is_over() {
            return Vec::new();
        }
        let mut moves = self.pseudo_moves();
        let royal = self.royal_square(self.side);
        moves.retain(|&m| self.passes_rules(m, royal));
        moves
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        if self.is_over() {
            return false;
        }
        let royal = self.royal_square(self.side);
        self.pseudo_moves()
            .into_iter()
            .any(|m| self.passes_rules(m, royal))
    }

    /// Shogi 3x4's campmate: the side that just moved has its lion on its far rank (it has
    /// won; the game is over). A position set up with a lion already there (an SFEN) is not
    /// over: no move has reached it, so the game goes on from it (as the independent 3x4
    /// reference of `scripts/variant_reference.py` has it).
    pub fn campmate_winner(&self) -> Option<Color> {
        if !self.variant.campmate() || !self.reached_by_move {
            return None;
        }
        let mover = self.side.flip();
        self.royal_square(mover)
            .filter(|&k| self.relative_rank(k, mover) == 1)
            .map(|_| mover)
    }

    /// Whether the game is over before the side to move moves (campmate).
    pub fn is_over(&self) -> bool {
        self.campmate_winner().is_some()
    }

    /// Why `m` is not legal for the side to move, or `Ok`.
    pub fn diagnose(&self, m: VMove) -> Result<(), VFoul> {
        let us = self.side;
        match m {
            VMove::Normal { from, to, promote } => {
                if from == to {
                    return Err(Foul::IllegalMove(R::SameSquare { at: from }));
                }
                let p =
                    self.board[from.index()].ok_or(Foul::IllegalMove(R::EmptySource { from }))?;
                let kind = p.kind;
                if p.color != us {
                    return Err(Foul::IllegalMove(R::OpponentPiece { from, kind }));
                }
                if let Some(t) = self.board[to.index()] {
                    if t.color == us {
                        return Err(Foul::IllegalMove(R::CaptureOwnPiece { to, kind: t.kind }));
                    }
                    if t.kind.is_royal() {
                        return Err(Foul::IllegalMove(R::CapturesKing { to }));
                    }
                }
                let mut reached = None;
                self.reach(from, p, true, |sq, blocker| {
                    if sq == to {
                        reached = Some(blocker);
                        return true;
                    }
                    false
                });
                match reached {
                    None => return Err(Foul::IllegalMove(R::Geometry { kind, from, to })),
                    Some(Some(blocker)) => {
                        return Err(Foul::IllegalMove(R::Blocked {
                            kind,
                            from,
                            to,
                            blocker,
                        }))
                    }
                    Some(None) => {}
                }
                if promote {
                    if kind.is_promoted() {
                        return Err(Foul::IllegalPromotion(PromotionReason::AlreadyPromoted {
                            kind,
                        }));
                    }
                    if kind.promote().is_none() {
                        return Err(Foul::IllegalPromotion(PromotionReason::CannotPromote {
                            kind,
                        }));
                    }
                    if !self.may_promote(kind, from, to, us) {
                        return Err(Foul::IllegalPromotion(PromotionReason::OutsideZone {
                            kind,
                            from,
                            to,
                        }));
                    }
                }
            }
            VMove::Drop { kind, to } => {
                if kind.is_royal() || kind.is_promoted() || !self.variant.has_kind(kind) {
                    return Err(Foul::IllegalMove(R::NotDroppable { kind }));
                }
                if self.board[to.index()].is_some() {
                    return Err(Foul::IllegalMove(R::DropOnOccupied { to }));
                }
                if self.hand_count(us, kind) == 0 {
                    return Err(Foul::IllegalMove(R::NotInHand { kind }));
                }
            }
        }
        self.check_rules(m)
    }

    /// Plays `m`, which the caller knows is legal (or at least playable: the source holds a
    /// piece, a dropped kind is in hand).
    pub fn play_unchecked(&mut self, m: VMove) {
        let us = self.side;
        match m {
            VMove::Normal { from, to, promote } => {
                let mut p = self.board[from.index()].take().expect("a piece to move");
                if let Some(captured) = self.board[to.index()] {
                    self.hands[us.index()][captured.kind.unpromote().index()] += 1;
                }
                if promote {
                    if let Some(k) = p.kind.promote() {
                        p.kind = k;
                    }
                }
                self.board[to.index()] = Some(p);
            }
            VMove::Drop { kind, to } => {
                let n = &mut self.hands[us.index()][kind.index()];
                *n = n.saturating_sub(1);
                self.board[to.index()] = Some(VPiece { color: us, kind });
            }
        }
        self.side = us.flip();
        self.move_number += 1;
        self.reached_by_move = true;
    }

    /// Plays `m` if it is legal, else returns why not.
    pub fn play(&mut self, m: VMove) -> Result<(), VFoul> {
        self.diagnose(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` whatever rule it breaks, when it can be carried out (see
    /// [`Foul::is_playable`]); returns the foul and whether the move was made.
    pub fn play_lenient(&mut self, m: VMove) -> (Option<VFoul>, bool) {
        match self.diagnose(m) {
            Ok(()) => {
                self.play_unchecked(m);
                (None, true)
            }
            Err(f) if f.is_playable() => {
                let m = match m {
                    VMove::Normal { from, to, promote } => VMove::Normal {
                        from,
                        to,
                        promote: promote
                            && self.board[from.index()].is_some_and(|p| p.kind.promote().is_some()),
                    },
                    d => d,
                };
                self.play_unchecked(m);
                (Some(f), true)
            }
            Err(f) => (Some(f), false),
        }
    }

    /// A 64-bit key of the board, hands and side to move (for repetition).
    pub fn key(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }
}

/// [`VPosition::attacked`] on a board of `variant` (the position after a move not yet made).
fn attacked_on(board: &[Option<VPiece>; 81], variant: Variant, sq: Square, color: Color) -> bool {
    let them = color.flip();
    let (files, ranks) = (variant.files() as i8, variant.ranks() as i8);
    let (file, rank) = (sq.file() as i8, sq.rank() as i8);
    for d in directions() {
        // Backwards along `them`'s step: black faces rank 1, so its step (dx, dy) is
        // (-dx, -dy) in files and ranks, and the way back (dx, dy).
        let (df, dr) = match them {
            Color::Black => (d.dx, d.dy),
            Color::White => (-d.dx, -d.dy),
        };
        let (mut f, mut r) = (file, rank);
        for steps in 1..=d.range {
            f += df;
            r += dr;
            if f < 1 || r < 1 || f > files || r > ranks {
                break;
            }
            if let Some(p) = board[(f as usize - 1) * 9 + (r as usize - 1)] {
                if p.color == them && d.reach[p.kind.index()] >= steps {
                    return true;
                }
                break;
            }
        }
    }
    false
}

/// A direction some piece moves in: the mover-relative step, the longest reach of any kind
/// along it, and each kind's reach (by [`VKind::index`], 0 for a kind that does not move so).
struct Direction {
    dx: i8,
    dy: i8,
    range: u8,
    reach: [u8; VKind::COUNT],
}

/// Every direction a piece of any kind moves in, promoted kinds included: what
/// [`VPosition::attacked`] walks back from a square (every kind, not only the game's, since a
/// picture may place any piece on any board).
fn directions() -> &'static [Direction] {
    static DIRECTIONS: std::sync::OnceLock<Vec<Direction>> = std::sync::OnceLock::new();
    DIRECTIONS.get_or_init(|| {
        let mut out: Vec<Direction> = Vec::new();
        for kind in VKind::ALL {
            for a in kind.atoms() {
                let i = match out.iter().position(|d| (d.dx, d.dy) == (a.dx, a.dy)) {
                    Some(i) => i,
                    None => {
                        out.push(Direction {
                            dx: a.dx,
                            dy: a.dy,
                            range: 0,
                            reach: [0; VKind::COUNT],
                        });
                        out.len() - 1
                    }
                };
                let d = &mut out[i];
                d.range = d.range.max(a.range);
                d.reach[kind.index()] = d.reach[kind.index()].max(a.range);
            }
        }
        out
    })
}

/// Perft and divide, written once over [`crate::shogi::rules::Rules`] (a campmate ends the
/// game: no moves follow it).
pub use crate::shogi::perft::{divide, perft};

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(v: Variant, depth: u32) -> Vec<u64> {
        let pos = VPosition::start(v);
        (1..=depth).map(|d| perft(&pos, d)).collect()
    }

    #[test]
    fn start_counts_of_the_design_page() {
        assert_eq!(counts(Variant::Minishogi, 3), [14, 181, 2512]);
        assert_eq!(counts(Variant::Gorogoro, 3), [16, 250, 4166]);
        assert_eq!(counts(Variant::GorogoroPlus, 2), [39, 1438]);
        assert_eq!(counts(Variant::Torishogi, 3), [17, 288, 5445]);
        assert_eq!(counts(Variant::Dobutsu, 5), [4, 13, 63, 346, 1814]);
        assert_eq!(counts(Variant::Standard, 2), [30, 900]);
    }

    #[test]
    fn a_lion_set_up_on_its_far_rank_has_not_won() {
        // Issue 27: `moves` and `perft` said "over", `validate` played on; one answer now.
        let pos = VPosition::from_sfen_as("3/1+C1/3/L1l b - 1", None).unwrap();
        assert_eq!(pos.campmate_winner(), None);
        let mv = VMove::Normal {
            from: Square::new(3, 4).unwrap(),
            to: Square::new(3, 3).unwrap(),
            promote: false,
        };
        assert!(pos.legal_moves().contains(&mv));
        assert_eq!(pos.diagnose(mv), Ok(()));
        assert!(perft(&pos, 1) > 0);
        // A lion that moves there wins at once.
        let pos = VPosition::from_sfen_as("3/L2/3/2l b - 1", None).unwrap();
        let mut after = pos.clone();
        after
            .play(VMove::Normal {
                from: Square::new(3, 2).unwrap(),
                to: Square::new(3, 1).unwrap(),
                promote: false,
            })
            .unwrap();
        assert_eq!(after.campmate_winner(), Some(Color::Black));
        assert!(after.legal_moves().is_empty());
    }

    #[test]
    fn tori_promotion_is_optional_unless_the_swallow_reaches_the_last_rank() {
        // The position: the swallow on 5c may enter the zone unpromoted.
        let pos = VPosition::from_sfen_as("3k3/7/2S4/7/7/7/3K3 b - 1", None).unwrap();
        let swallow = |m: &VMove| matches!(m, VMove::Normal { from, .. } if from.file() == 5 && from.rank() == 3);
        let moves: Vec<VMove> = pos.legal_moves().into_iter().filter(swallow).collect();
        assert_eq!(moves.len(), 2, "{moves:?}");
        // On 5b, the move to the last rank must promote (it could never move again).
        let pos = VPosition::from_sfen_as("3k3/2S4/7/7/7/7/3K3 b - 1", None).unwrap();
        let to_last = VMove::Normal {
            from: Square::new(5, 2).unwrap(),
            to: Square::new(5, 1).unwrap(),
            promote: false,
        };
        assert_eq!(pos.diagnose(to_last).unwrap_err().code(), "dead-piece");
    }

    #[test]
    fn the_compulsory_rule_gives_fairy_stockfish_counts() {
        let pos =
            VPosition::start(Variant::Torishogi).with_promotion_rule(PromotionRule::Compulsory);
        assert_eq!(
            (1..=3).map(|d| perft(&pos, d)).collect::<Vec<_>>(),
            [17, 288, 5430]
        );
        let pos = VPosition::from_sfen_as("3k3/7/2S4/7/7/7/3K3 b - 1", None)
            .unwrap()
            .with_promotion_rule(PromotionRule::Compulsory);
        let into_zone = VMove::Normal {
            from: Square::new(5, 3).unwrap(),
            to: Square::new(5, 2).unwrap(),
            promote: false,
        };
        assert_eq!(
            pos.diagnose(into_zone).unwrap_err().code(),
            "illegal-promotion"
        );
    }
}
