//! The variants: names and aliases, board sizes, piece sets and letters, and the rule switches
//! the generic position reads (promotion zone, drop restrictions, campmate), and the
//! promotion rule where venues differ ([`PromotionRule`]).

use std::fmt;
use std::str::FromStr;

use super::kind::VKind::{self, *};

/// One of the games shogi-tool knows (see `../shared/design/variants.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Standard shogi, 9x9 (played by the tuned core in [`crate::shogi`]; the generic core
    /// plays it too, as a cross-check).
    Standard,
    /// Mini Shogi 5x5.
    Minishogi,
    /// Shogi 5x6 (gorogoro).
    Gorogoro,
    /// Shogi 5x6+: gorogoro with a lance and a knight in each hand.
    GorogoroPlus,
    /// Tori Shogi 7x7.
    Torishogi,
    /// Shogi 3x4 (Dobutsu shogi) under the Little Golem rules (standard check rules,
    /// campmate).
    Dobutsu,
}

use Variant::*;

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 6] = [
        Standard,
        Minishogi,
        Gorogoro,
        GorogoroPlus,
        Torishogi,
        Dobutsu,
    ];

    /// The name `--variant` takes and prints (Fairy-Stockfish's and pychess's).
    pub const fn name(self) -> &'static str {
        match self {
            Standard => "standard",
            Minishogi => "minishogi",
            Gorogoro => "gorogoro",
            GorogoroPlus => "gorogoroplus",
            Torishogi => "torishogi",
            Dobutsu => "dobutsu",
        }
    }

    /// Other names `--variant` accepts.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Standard => &["shogi", "9x9"],
            Minishogi => &["mini", "5x5"],
            Gorogoro => &["5x6"],
            GorogoroPlus => &["5x6+"],
            Torishogi => &["tori", "7x7"],
            Dobutsu => &["3x4"],
        }
    }

    /// The Little Golem name.
    pub const fn title(self) -> &'static str {
        match self {
            Standard => "Shogi",
            Minishogi => "Mini Shogi 5x5",
            Gorogoro => "Shogi 5x6",
            GorogoroPlus => "Shogi 5x6+",
            Torishogi => "Tori Shogi 7x7",
            Dobutsu => "Shogi 3x4",
        }
    }

    /// The number of files (columns).
    pub const fn files(self) -> u8 {
        match self {
            Standard => 9,
            Minishogi | Gorogoro | GorogoroPlus => 5,
            Torishogi => 7,
            Dobutsu => 3,
        }
    }

    /// The number of ranks (rows).
    pub const fn ranks(self) -> u8 {
        match self {
            Standard => 9,
            Minishogi => 5,
            Gorogoro | GorogoroPlus => 6,
            Torishogi => 7,
            Dobutsu => 4,
        }
    }

    /// How many far ranks make the promotion zone.
    pub const fn zone_depth(self) -> u8 {
        match self {
            Standard => 3,
            Minishogi | Dobutsu => 1,
            Gorogoro | GorogoroPlus | Torishogi => 2,
        }
    }

    /// The start position (SFEN).
    pub const fn start_sfen(self) -> &'static str {
        match self {
            Standard => crate::shogi::STARTPOS_SFEN,
            Minishogi => "rbsgk/4p/5/P4/KGSBR b - 1",
            Gorogoro => "sgkgs/5/1ppp1/1PPP1/5/SGKGS b - 1",
            GorogoroPlus => "sgkgs/5/1ppp1/1PPP1/5/SGKGS b LNln 1",
            Torishogi => "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
            Dobutsu => "gle/1c1/1C1/ELG b - 1",
        }
    }

    /// The unpromoted kinds of the game (royal included), in the order SFEN writes hands
    /// (royal last, never in hand).
    pub const fn kinds(self) -> &'static [VKind] {
        match self {
            Standard => &[Rook, Bishop, Gold, Silver, Knight, Lance, Pawn, King],
            Minishogi => &[Rook, Bishop, Gold, Silver, Pawn, King],
            Gorogoro => &[Gold, Silver, Pawn, King],
            GorogoroPlus => &[Lance, Knight, Gold, Silver, Pawn, King],
            Torishogi => &[
                Falcon, Crane, Pheasant, LeftQuail, RightQuail, Swallow, Phoenix,
            ],
            Dobutsu => &[Giraffe, Elephant, Chick, Lion],
        }
    }

    /// Whether `kind` (promoted or not) belongs to the game.
    pub fn has_kind(self, kind: VKind) -> bool {
        self.kinds().contains(&kind.unpromote())
    }

    /// The royal kind.
    pub const fn royal(self) -> VKind {
        match self {
            Torishogi => Phoenix,
            Dobutsu => Lion,
            _ => King,
        }
    }

    /// The SFEN letter (upper case) of an unpromoted kind of this game.
    pub fn letter(self, kind: VKind) -> Option<u8> {
        if !self.has_kind(kind) {
            return None;
        }
        Some(match kind.unpromote() {
            Pawn => b'P',
            Lance => b'L',
            Knight => b'N',
            Silver => b'S',
            Gold => b'G',
            Bishop => b'B',
            Rook => b'R',
            King => b'K',
            Phoenix => b'K',
            Falcon => b'F',
            Crane => b'C',
            Pheasant => b'P',
            LeftQuail => b'L',
            RightQuail => b'R',
            Swallow => b'S',
            Lion => b'L',
            Giraffe => b'G',
            Elephant => b'E',
            Chick => b'C',
            _ => return None,
        })
    }

    /// The unpromoted kind an SFEN letter (either case) stands for in this game.
    pub fn kind_from_letter(self, c: u8) -> Option<VKind> {
        let c = c.to_ascii_uppercase();
        self.kinds()
            .iter()
            .copied()
            .find(|&k| self.letter(k) == Some(c))
    }

    /// The SFEN text of a kind (`+` and the letter for a promoted kind), upper case.
    pub fn kind_text(self, kind: VKind) -> String {
        let letter = self.letter(kind).map_or('?', char::from);
        if kind.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    /// The kind whose drop may not give mate at once (pawn; Tori Shogi's swallow; none in
    /// Shogi 3x4).
    pub const fn drop_mate_kind(self) -> Option<VKind> {
        match self {
            Torishogi => Some(Swallow),
            Dobutsu => None,
            _ => Some(Pawn),
        }
    }

    /// The kind limited per file and how many unpromoted ones of a side a file may hold
    /// (nifu: one pawn; Tori Shogi: two swallows; none in Shogi 3x4).
    pub const fn file_limit(self) -> Option<(VKind, u8)> {
        match self {
            Torishogi => Some((Swallow, 2)),
            Dobutsu => None,
            _ => Some((Pawn, 1)),
        }
    }

    /// Whether a royal piece reaching the far rank wins (Shogi 3x4's campmate).
    pub const fn campmate(self) -> bool {
        matches!(self, Dobutsu)
    }

    /// The variant whose board has these dimensions, when only one has (5x6 is gorogoro;
    /// gorogoroplus is told apart by its pieces).
    pub fn from_dimensions(files: u8, ranks: u8) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.files() == files && v.ranks() == ranks)
    }

    /// The name Fairy-Stockfish gives the variant (`shogi` for the standard game).
    pub const fn fairy_name(self) -> &'static str {
        match self {
            Standard => "shogi",
            v => v.name(),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// When a piece that can promote must: the one movement rule where the venues of the smaller
/// variants differ (Tori Shogi). The rule is the position's ([`crate::variant::VPosition::
/// with_promotion_rule`]), so move generation, diagnosis and perft all follow it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PromotionRule {
    /// The Little Golem rules (the design page's): promotion is optional on a move that starts
    /// or ends in the zone, and forced only where the piece could never move again (a pawn,
    /// lance, swallow or chick on the last rank, a knight on the last two).
    #[default]
    Optional,
    /// Fairy-Stockfish's `torishogi` (and pychess's): a piece that can promote must promote
    /// on every move that starts or ends in the zone.
    Compulsory,
}

/// A name that is no variant's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}` (known: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7), dobutsu (3x4))")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let lower = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == lower || v.aliases().contains(&lower.as_str()))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            for a in v.aliases() {
                assert_eq!(a.parse::<Variant>(), Ok(v));
            }
        }
        assert_eq!("Tori".parse::<Variant>(), Ok(Torishogi));
        assert!("chess".parse::<Variant>().is_err());
    }

    #[test]
    fn letters_are_unique_within_a_game() {
        for v in Variant::ALL {
            for &k in v.kinds() {
                let l = v.letter(k).unwrap();
                assert_eq!(v.kind_from_letter(l), Some(k), "{v} {k}");
            }
        }
    }
}
