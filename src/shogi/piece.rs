//! The 14 piece kinds, and pieces (a kind with a colour).

use std::fmt;

use super::color::Color;

/// A kind of piece, promoted kinds included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// 歩 (P).
    Pawn = 0,
    /// 香 (L).
    Lance,
    /// 桂 (N).
    Knight,
    /// 銀 (S).
    Silver,
    /// 金 (G).
    Gold,
    /// 角 (B).
    Bishop,
    /// 飛 (R).
    Rook,
    /// 玉/王 (K).
    King,
    /// と, promoted pawn (+P).
    ProPawn,
    /// 成香, promoted lance (+L).
    ProLance,
    /// 成桂, promoted knight (+N).
    ProKnight,
    /// 成銀, promoted silver (+S).
    ProSilver,
    /// 馬, promoted bishop (+B).
    Horse,
    /// 龍, promoted rook (+R).
    Dragon,
}

use PieceKind::*;

impl PieceKind {
    /// Every kind, in discriminant order.
    pub const ALL: [PieceKind; 14] = [
        Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, King, ProPawn, ProLance, ProKnight,
        ProSilver, Horse, Dragon,
    ];

    /// The seven kinds a hand can hold, in the conventional SFEN order of their index.
    pub const HAND: [PieceKind; 7] = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook];

    /// 0..14.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with discriminant `i`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// The promoted kind, if this kind can promote.
    #[inline]
    pub const fn promote(self) -> Option<PieceKind> {
        match self {
            Pawn => Some(ProPawn),
            Lance => Some(ProLance),
            Knight => Some(ProKnight),
            Silver => Some(ProSilver),
            Bishop => Some(Horse),
            Rook => Some(Dragon),
            _ => None,
        }
    }

    /// The unpromoted kind (itself when it is not promoted).
    #[inline]
    pub const fn unpromote(self) -> PieceKind {
        match self {
            ProPawn => Pawn,
            ProLance => Lance,
            ProKnight => Knight,
            ProSilver => Silver,
            Horse => Bishop,
            Dragon => Rook,
            k => k,
        }
    }

    /// Whether this kind can promote (it is unpromoted and not a gold or king).
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promote().is_some()
    }

    /// Whether this is a promoted kind.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= ProPawn as u8
    }

    /// Whether a piece of this kind may be held in hand and dropped.
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < King as u8
    }

    /// Whether the kind moves like a gold (gold and the four promoted minor pieces).
    #[inline]
    pub const fn moves_like_gold(self) -> bool {
        matches!(self, Gold | ProPawn | ProLance | ProKnight | ProSilver)
    }

    /// The SFEN/USI letter of the unpromoted kind, upper case (`P`, `L`, ... `K`).
    pub const fn base_letter(self) -> u8 {
        match self.unpromote() {
            Pawn => b'P',
            Lance => b'L',
            Knight => b'N',
            Silver => b'S',
            Gold => b'G',
            Bishop => b'B',
            Rook => b'R',
            _ => b'K',
        }
    }

    /// The unpromoted kind named by an SFEN/USI letter (either case).
    pub const fn from_letter(c: u8) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            b'P' => Some(Pawn),
            b'L' => Some(Lance),
            b'N' => Some(Knight),
            b'S' => Some(Silver),
            b'G' => Some(Gold),
            b'B' => Some(Bishop),
            b'R' => Some(Rook),
            b'K' => Some(King),
            _ => None,
        }
    }

    /// The SFEN name in upper case: `P`, `+P`, `R`, `+R`, ...
    pub fn sfen(self) -> &'static str {
        const NAMES: [&str; 14] = [
            "P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R",
        ];
        NAMES[self.index()]
    }

    /// An English name for messages: `pawn`, `promoted lance`, `dragon`, ...
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
        }
    }

    /// Entering-king points: 5 for rook and bishop (promoted or not), 0 for the king, else 1.
    pub const fn impasse_points(self) -> u32 {
        match self {
            Rook | Bishop | Dragon | Horse => 5,
            King => 0,
            _ => 1,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A piece on the board: a kind and the side that owns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Who owns it.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `kind` owned by `color`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The SFEN name: upper case for black, lower case for white, `+` for promoted.
    pub fn sfen(self) -> String {
        let s = self.kind.sfen();
        match self.color {
            Color::Black => s.to_string(),
            Color::White => s.to_ascii_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_pairs_are_consistent() {
        for k in PieceKind::ALL {
            if let Some(p) = k.promote() {
                assert!(p.is_promoted());
                assert_eq!(p.unpromote(), k);
                assert!(!k.is_promoted());
            }
        }
        assert!(!Gold.can_promote());
        assert!(!King.can_promote());
        assert!(!Dragon.can_promote());
    }

    #[test]
    fn letters_and_hand_kinds() {
        for k in PieceKind::HAND {
            assert!(k.is_hand_kind());
            assert_eq!(PieceKind::from_letter(k.base_letter()), Some(k));
        }
        assert!(!King.is_hand_kind());
        assert!(!Horse.is_hand_kind());
        assert_eq!(Piece::new(Color::White, Dragon).sfen(), "+r");
        assert_eq!(Horse.impasse_points(), 5);
        assert_eq!(King.impasse_points(), 0);
        assert_eq!(ProSilver.impasse_points(), 1);
    }
}
