//! A position to show, of any game: [`PositionView`], what the views need of a position
//! beyond the rules ([`Rules`]) and the picture ([`Diagram`]): its game, the names of its
//! kinds, its text cells, KIF notation where the game has it. Both cores implement it, so
//! [`super::moves`], [`super::drops`] and the boards are written once over it.
//!
//! [`AnyPosition`] is the position a command shows, of standard shogi or of a smaller
//! variant; [`AnyPosition::with`] hands it to a [`WithPosition`] once, monomorphised for its
//! core, so no command dispatches on the game itself.

use crate::shogi::rules::Rules;
use crate::shogi::{PieceKind, Position, Square};
use crate::variant::{VKind, VPosition, Variant};

use super::board_svg::Diagram;
use super::board_text::{self, piece_cell, variant_piece_cell};
use super::notation::{board_kanji, kif_move, variant_kanji};
use super::{Located, PieceStyle};

/// What the views show of a position of either core.
pub trait PositionView: Rules + Diagram {
    /// The game (standard shogi for the standard core).
    fn variant(&self) -> Variant;
    /// The SFEN text of a kind (`P`, `+P`; a variant's own letters, `F`, `+F`).
    fn kind_text(&self, kind: Self::Kind) -> String;
    /// The English name of a kind.
    fn kind_english(kind: Self::Kind) -> &'static str;
    /// The kanji pictures draw a kind with.
    fn kind_kanji(kind: Self::Kind) -> &'static str;
    /// The kind unpromoted.
    fn unpromoted(kind: Self::Kind) -> Self::Kind;
    /// Whether a kind is promoted.
    fn is_promoted(kind: Self::Kind) -> bool;
    /// Whether a kind is the royal piece (king, phoenix, lion).
    fn is_royal(kind: Self::Kind) -> bool;
    /// Reads a kind of this game: its letter, kanji or English name.
    fn parse_kind(&self, text: &str) -> Option<Self::Kind>;
    /// The three-column text cell of what stands on `sq`.
    fn cell(&self, sq: Square, style: PieceStyle) -> String;
    /// The KIF notation of a legal move (`７六歩(77)`, `同　歩(77)` after a move to the same
    /// square `previous`), where the game has one (the variants' views write USI only).
    fn kif(&self, m: Self::Move, previous: Option<Square>) -> Option<String>;

    /// Every square of the board, file by file from file 1, rank 1 first.
    fn board_squares(&self) -> Vec<Square> {
        let (files, ranks) = self.board_size();
        Square::all()
            .filter(|s| s.file() <= files && s.rank() <= ranks)
            .collect()
    }
}

impl PositionView for Position {
    fn variant(&self) -> Variant {
        Variant::Standard
    }
    fn kind_text(&self, kind: PieceKind) -> String {
        kind.sfen().to_string()
    }
    fn kind_english(kind: PieceKind) -> &'static str {
        kind.english()
    }
    fn kind_kanji(kind: PieceKind) -> &'static str {
        board_kanji(kind)
    }
    fn unpromoted(kind: PieceKind) -> PieceKind {
        kind.unpromote()
    }
    fn is_promoted(kind: PieceKind) -> bool {
        kind.is_promoted()
    }
    fn is_royal(kind: PieceKind) -> bool {
        kind == PieceKind::King
    }
    fn parse_kind(&self, text: &str) -> Option<PieceKind> {
        super::parse_piece(text)
    }
    fn cell(&self, sq: Square, style: PieceStyle) -> String {
        piece_cell(self.piece_at(sq), style)
    }
    fn kif(&self, m: crate::shogi::Move, previous: Option<Square>) -> Option<String> {
        Some(kif_move(self, m, previous))
    }
}

impl PositionView for VPosition {
    fn variant(&self) -> Variant {
        VPosition::variant(self)
    }
    fn kind_text(&self, kind: VKind) -> String {
        VPosition::variant(self).kind_text(kind)
    }
    fn kind_english(kind: VKind) -> &'static str {
        kind.english()
    }
    fn kind_kanji(kind: VKind) -> &'static str {
        variant_kanji(kind)
    }
    fn unpromoted(kind: VKind) -> VKind {
        kind.unpromote()
    }
    fn is_promoted(kind: VKind) -> bool {
        kind.is_promoted()
    }
    fn is_royal(kind: VKind) -> bool {
        kind.is_royal()
    }
    fn parse_kind(&self, text: &str) -> Option<VKind> {
        super::notation::parse_variant_kind(VPosition::variant(self), text)
    }
    fn cell(&self, sq: Square, style: PieceStyle) -> String {
        variant_piece_cell(VPosition::variant(self), self.piece_at(sq), style)
    }
    fn kif(&self, _: crate::variant::VMove, _: Option<Square>) -> Option<String> {
        None
    }
}

/// The head every position view's JSON starts with: the `variant` (a smaller variant's
/// only), the `sfen` and the `side` to move (`#[serde(flatten)]` it first into a report).
#[derive(serde::Serialize)]
pub struct JsonHead {
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
    sfen: String,
    side: &'static str,
}

impl JsonHead {
    /// The head of `pos`'s JSON.
    pub fn of<P: PositionView>(pos: &P) -> JsonHead {
        let v = pos.variant();
        JsonHead {
            variant: (v != Variant::Standard).then(|| v.name()),
            sfen: pos.to_sfen(),
            side: pos.side_to_move().name(),
        }
    }
}

/// Why `squares` cannot be shown on `pos`'s board: the first one off it, named with the
/// board's size and game.
pub fn off_board<P: PositionView>(pos: &P, squares: &[Square]) -> Option<String> {
    let (files, ranks) = pos.board_size();
    let v = pos.variant();
    squares
        .iter()
        .find(|s| s.file() > files || s.rank() > ranks)
        .map(|sq| {
            format!(
                "{sq} is not on the {files}x{ranks} board of {} ({v})",
                v.title()
            )
        })
}

/// The destination of the move that leads from `before` to `after`: the square that now
/// holds a piece of the side that moved and held something else before.
pub fn last_square<P: PositionView>(before: &P, after: &P) -> Option<Square> {
    let mover = before.side_to_move();
    after.board_squares().into_iter().find(|&sq| {
        after.piece_on(sq).is_some_and(|(c, _)| c == mover)
            && after.piece_on(sq) != before.piece_on(sq)
    })
}

/// Work on a position of either core ([`AnyPosition::with`]), written once.
pub trait WithPosition {
    /// What the work gives.
    type Output;
    /// Does it on `position`; `last` is the destination of the move that led to it, when
    /// known.
    fn with<P: PositionView>(self, position: &P, last: Option<Square>) -> Self::Output;
}

/// The position a command shows: of standard shogi (with how it was reached), or of a
/// smaller variant (with the destination of the move that led to it, when known).
#[derive(Clone, Debug)]
pub enum AnyPosition {
    /// Standard shogi, on its own core.
    Standard(Box<Located>),
    /// A smaller variant, on the generic core.
    Variant {
        /// The position.
        position: Box<VPosition>,
        /// The destination of the move that led to it.
        last: Option<Square>,
    },
}

impl AnyPosition {
    /// Hands the position to `work`, monomorphised for its core: the one place a view's
    /// caller meets the two cores.
    pub fn with<W: WithPosition>(&self, work: W) -> W::Output {
        match self {
            AnyPosition::Standard(loc) => work.with(&loc.position, loc.last_square()),
            AnyPosition::Variant { position, last } => work.with(&**position, *last),
        }
    }

    /// The variant's position changed by `f` (standard shogi's is left alone): for rule
    /// options of the variants only (Tori Shogi's promotion rule).
    pub fn map_variant(self, f: impl FnOnce(VPosition) -> VPosition) -> AnyPosition {
        match self {
            AnyPosition::Variant { position, last } => AnyPosition::Variant {
                position: Box::new(f(*position)),
                last,
            },
            standard => standard,
        }
    }

    /// The text diagram: standard shogi's KIF board diagram (BOD, with the move that led
    /// here when known), a variant's own diagram ([`board_text::variant_diagram`]).
    pub fn diagram(&self, style: PieceStyle) -> String {
        match self {
            AnyPosition::Standard(loc) => board_text::located(loc, style),
            AnyPosition::Variant { position, .. } => board_text::variant_diagram(position),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sfen;
    impl WithPosition for Sfen {
        type Output = (String, usize);
        fn with<P: PositionView>(self, position: &P, _: Option<Square>) -> (String, usize) {
            (position.to_sfen(), position.board_squares().len())
        }
    }

    #[test]
    fn either_core_is_handed_over_once() {
        let std = AnyPosition::Standard(Box::new(Located::bare(Position::startpos())));
        assert_eq!(std.with(Sfen).1, 81);
        let mini = AnyPosition::Variant {
            position: Box::new(VPosition::start(Variant::Minishogi)),
            last: None,
        };
        let (sfen, squares) = mini.with(Sfen);
        assert_eq!(squares, 25);
        assert!(sfen.starts_with("rbsgk/4p/5/P4/KGSBR b"), "{sfen}");
        let sq = Square::new(6, 1).unwrap();
        let pos = VPosition::start(Variant::Minishogi);
        assert_eq!(
            off_board(&pos, &[sq]).unwrap(),
            "6a is not on the 5x5 board of Mini Shogi 5x5 (minishogi)"
        );
        assert_eq!(off_board(&Position::startpos(), &[sq]), None);
    }
}
