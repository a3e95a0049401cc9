//! The piece kinds of every variant in one enum: the standard shogi kinds, Tori Shogi's birds
//! and Shogi 3x4's animals, with how each moves, promotes and is named.

use std::fmt;

use crate::shogi::{Color, FoulKind, PieceKind};

/// A piece kind of any variant, promoted kinds included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum VKind {
    /// Pawn (P).
    Pawn = 0,
    /// Lance (L).
    Lance,
    /// Knight (N).
    Knight,
    /// Silver (S).
    Silver,
    /// Gold (G).
    Gold,
    /// Bishop (B).
    Bishop,
    /// Rook (R).
    Rook,
    /// King (K).
    King,
    /// Tokin (+P).
    ProPawn,
    /// Promoted lance (+L).
    ProLance,
    /// Promoted knight (+N).
    ProKnight,
    /// Promoted silver (+S).
    ProSilver,
    /// Horse (+B).
    Horse,
    /// Dragon (+R).
    Dragon,
    /// Tori Shogi's royal phoenix (K).
    Phoenix,
    /// Falcon (F).
    Falcon,
    /// Eagle, the promoted falcon (+F).
    Eagle,
    /// Crane (C).
    Crane,
    /// Pheasant (P).
    Pheasant,
    /// Left quail (L).
    LeftQuail,
    /// Right quail (R).
    RightQuail,
    /// Swallow (S).
    Swallow,
    /// Goose, the promoted swallow (+S).
    Goose,
    /// Shogi 3x4's royal lion (L).
    Lion,
    /// Giraffe (G).
    Giraffe,
    /// Elephant (E).
    Elephant,
    /// Chick (C).
    Chick,
    /// Hen, the promoted chick (+C).
    Hen,
}

use VKind::*;

/// How far a piece goes along one direction.
///
/// `dx` is towards the mover's right, `dy` forward (towards the opponent). `range` 1 is a
/// single step or, for a displacement longer than one square, a jump over whatever stands
/// between; a larger range is a slide of up to that many unit steps that stops at the first
/// piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    /// Towards the mover's right.
    pub dx: i8,
    /// Forward.
    pub dy: i8,
    /// 1 for a step or jump, else the longest slide.
    pub range: u8,
}

const fn a(dx: i8, dy: i8, range: u8) -> Atom {
    Atom { dx, dy, range }
}

/// A slide with no limit on the boards here.
const R: u8 = 8;

const GOLD: &[Atom] = &[
    a(-1, 1, 1),
    a(0, 1, 1),
    a(1, 1, 1),
    a(-1, 0, 1),
    a(1, 0, 1),
    a(0, -1, 1),
];
const KING: &[Atom] = &[
    a(-1, 1, 1),
    a(0, 1, 1),
    a(1, 1, 1),
    a(-1, 0, 1),
    a(1, 0, 1),
    a(-1, -1, 1),
    a(0, -1, 1),
    a(1, -1, 1),
];
const BISHOP: &[Atom] = &[a(-1, 1, R), a(1, 1, R), a(-1, -1, R), a(1, -1, R)];
const ROOK: &[Atom] = &[a(0, 1, R), a(-1, 0, R), a(1, 0, R), a(0, -1, R)];
const HORSE: &[Atom] = &[
    a(-1, 1, R),
    a(1, 1, R),
    a(-1, -1, R),
    a(1, -1, R),
    a(0, 1, 1),
    a(-1, 0, 1),
    a(1, 0, 1),
    a(0, -1, 1),
];
const DRAGON: &[Atom] = &[
    a(0, 1, R),
    a(-1, 0, R),
    a(1, 0, R),
    a(0, -1, R),
    a(-1, 1, 1),
    a(1, 1, 1),
    a(-1, -1, 1),
    a(1, -1, 1),
];

impl VKind {
    /// The number of kinds.
    pub const COUNT: usize = 28;

    /// 0..COUNT.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How the kind moves, for the side it belongs to (see [`Atom`]).
    pub fn atoms(self) -> &'static [Atom] {
        match self {
            Pawn | Swallow | Chick => {
                const A: &[Atom] = &[a(0, 1, 1)];
                A
            }
            Lance => {
                const A: &[Atom] = &[a(0, 1, R)];
                A
            }
            Knight => {
                const A: &[Atom] = &[a(-1, 2, 1), a(1, 2, 1)];
                A
            }
            Silver => {
                const A: &[Atom] = &[
                    a(-1, 1, 1),
                    a(0, 1, 1),
                    a(1, 1, 1),
                    a(-1, -1, 1),
                    a(1, -1, 1),
                ];
                A
            }
            Gold | ProPawn | ProLance | ProKnight | ProSilver | Hen => GOLD,
            Bishop => BISHOP,
            Rook => ROOK,
            King | Phoenix | Lion => KING,
            Horse => HORSE,
            Dragon => DRAGON,
            Falcon => {
                const A: &[Atom] = &[
                    a(-1, 1, 1),
                    a(0, 1, 1),
                    a(1, 1, 1),
                    a(-1, 0, 1),
                    a(1, 0, 1),
                    a(-1, -1, 1),
                    a(1, -1, 1),
                ];
                A
            }
            Eagle => {
                const A: &[Atom] = &[
                    a(0, 1, 1),
                    a(-1, 0, 1),
                    a(1, 0, 1),
                    a(-1, 1, R),
                    a(1, 1, R),
                    a(0, -1, R),
                    a(-1, -1, 2),
                    a(1, -1, 2),
                ];
                A
            }
            Crane => {
                const A: &[Atom] = &[
                    a(0, 1, 1),
                    a(0, -1, 1),
                    a(-1, 1, 1),
                    a(1, 1, 1),
                    a(-1, -1, 1),
                    a(1, -1, 1),
                ];
                A
            }
            Pheasant => {
                const A: &[Atom] = &[a(0, 2, 1), a(-1, -1, 1), a(1, -1, 1)];
                A
            }
            LeftQuail => {
                const A: &[Atom] = &[a(0, 1, R), a(1, -1, R), a(-1, -1, 1)];
                A
            }
            RightQuail => {
                const A: &[Atom] = &[a(0, 1, R), a(-1, -1, R), a(1, -1, 1)];
                A
            }
            Goose => {
                const A: &[Atom] = &[a(-2, 2, 1), a(2, 2, 1), a(0, -2, 1)];
                A
            }
            Giraffe => {
                const A: &[Atom] = &[a(0, 1, 1), a(-1, 0, 1), a(1, 0, 1), a(0, -1, 1)];
                A
            }
            Elephant => {
                const A: &[Atom] = &[a(-1, 1, 1), a(1, 1, 1), a(-1, -1, 1), a(1, -1, 1)];
                A
            }
        }
    }

    /// The promoted kind, if this kind promotes.
    pub const fn promote(self) -> Option<VKind> {
        match self {
            Pawn => Some(ProPawn),
            Lance => Some(ProLance),
            Knight => Some(ProKnight),
            Silver => Some(ProSilver),
            Bishop => Some(Horse),
            Rook => Some(Dragon),
            Falcon => Some(Eagle),
            Swallow => Some(Goose),
            Chick => Some(Hen),
            _ => None,
        }
    }

    /// The unpromoted kind (itself if not promoted): what a capture puts in hand.
    pub const fn unpromote(self) -> VKind {
        match self {
            ProPawn => Pawn,
            ProLance => Lance,
            ProKnight => Knight,
            ProSilver => Silver,
            Horse => Bishop,
            Dragon => Rook,
            Eagle => Falcon,
            Goose => Swallow,
            Hen => Chick,
            k => k,
        }
    }

    /// Whether the kind is a promoted one.
    pub const fn is_promoted(self) -> bool {
        self.unpromote() as u8 != self as u8
    }

    /// Whether the kind is royal (its capture ends the game).
    pub const fn is_royal(self) -> bool {
        matches!(self, King | Phoenix | Lion)
    }

    /// The English name.
    pub const fn english(self) -> &'static str {
        match self {
            Pawn => "pawn",
            Lance => "lance",
            Knight => "knight",
            Silver => "silver",
            Gold => "gold",
            Bishop => "bishop",
            Rook => "rook",
            King => "king",
            ProPawn => "tokin",
            ProLance => "promoted lance",
            ProKnight => "promoted knight",
            ProSilver => "promoted silver",
            Horse => "horse",
            Dragon => "dragon",
            Phoenix => "phoenix",
            Falcon => "falcon",
            Eagle => "eagle",
            Crane => "crane",
            Pheasant => "pheasant",
            LeftQuail => "left quail",
            RightQuail => "right quail",
            Swallow => "swallow",
            Goose => "goose",
            Lion => "lion",
            Giraffe => "giraffe",
            Elephant => "elephant",
            Chick => "chick",
            Hen => "hen",
        }
    }

    /// Every kind, in discriminant order.
    pub const ALL: [VKind; VKind::COUNT] = [
        Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, King, ProPawn, ProLance, ProKnight,
        ProSilver, Horse, Dragon, Phoenix, Falcon, Eagle, Crane, Pheasant, LeftQuail, RightQuail,
        Swallow, Goose, Lion, Giraffe, Elephant, Chick, Hen,
    ];
}

impl From<PieceKind> for VKind {
    /// The standard kind as a kind of the superset (the first fourteen share their order).
    #[inline]
    fn from(k: PieceKind) -> VKind {
        match k {
            PieceKind::Pawn => Pawn,
            PieceKind::Lance => Lance,
            PieceKind::Knight => Knight,
            PieceKind::Silver => Silver,
            PieceKind::Gold => Gold,
            PieceKind::Bishop => Bishop,
            PieceKind::Rook => Rook,
            PieceKind::King => King,
            PieceKind::ProPawn => ProPawn,
            PieceKind::ProLance => ProLance,
            PieceKind::ProKnight => ProKnight,
            PieceKind::ProSilver => ProSilver,
            PieceKind::Horse => Horse,
            PieceKind::Dragon => Dragon,
        }
    }
}

impl PartialEq<PieceKind> for VKind {
    /// Whether this is that standard kind.
    fn eq(&self, other: &PieceKind) -> bool {
        *self == VKind::from(*other)
    }
}

impl VKind {
    /// The standard kind this is, if it is one (`None` for the birds and the animals).
    #[inline]
    pub fn standard(self) -> Option<PieceKind> {
        Some(match self {
            Pawn => PieceKind::Pawn,
            Lance => PieceKind::Lance,
            Knight => PieceKind::Knight,
            Silver => PieceKind::Silver,
            Gold => PieceKind::Gold,
            Bishop => PieceKind::Bishop,
            Rook => PieceKind::Rook,
            King => PieceKind::King,
            ProPawn => PieceKind::ProPawn,
            ProLance => PieceKind::ProLance,
            ProKnight => PieceKind::ProKnight,
            ProSilver => PieceKind::ProSilver,
            Horse => PieceKind::Horse,
            Dragon => PieceKind::Dragon,
            _ => return None,
        })
    }
}

impl FoulKind for VKind {
    fn immobile_ranks(self) -> u8 {
        match self {
            Knight => 2,
            Pawn | Lance | Swallow | Chick => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for VKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A piece of a variant: a kind with a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VPiece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub kind: VKind,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_pairs_are_consistent() {
        for k in VKind::ALL {
            assert_eq!(VKind::ALL[k.index()], k);
            if let Some(p) = k.promote() {
                assert_eq!(p.unpromote(), k);
                assert!(p.is_promoted() && !k.is_promoted());
            }
        }
    }

    #[test]
    fn slides_are_unit_steps() {
        for k in VKind::ALL {
            for at in k.atoms() {
                if at.range > 1 {
                    assert!(at.dx.abs() <= 1 && at.dy.abs() <= 1, "{k}");
                }
            }
        }
    }
}
