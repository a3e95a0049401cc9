//! Names for pieces, squares and moves in the views: KIF kanji (`７六歩(77)`), one-character
//! board kanji (`と 杏 圭 全 馬 龍`), English letters (`+P`) and kanji numerals for hand counts;
//! and the smaller variants' pieces: Tori Shogi's phoenix 鵬, falcon 鷹, eagle 鵰, crane 鶴,
//! pheasant 雉, left and right quail 左鶉 右鶉 (one character, 左 or 右, in text grids), swallow
//! 燕, goose 鴈; Shogi 3x4's lion 獅, giraffe 麒, elephant 象, chick 雛, hen 鶏. A variant's
//! letters are its SFEN letters (`+` for promoted kinds), as `../shared/design/variants.md`
//! fixes them.

use crate::shogi::{Move, PieceKind, Position, Square};
use crate::variant::{VKind, Variant};

/// How pieces are named in diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PieceStyle {
    /// Japanese: 歩 香 桂 銀 金 角 飛 玉, と 杏 圭 全 馬 龍 (and Japanese labels).
    #[default]
    Kanji,
    /// English letters: P L N S G B R K, with `+` for promoted kinds (and English labels, all
    /// ASCII).
    Letters,
}

/// `１`..`９`, the full-width digits KIF writes files with.
pub const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// `一`..`九`, the kanji numerals KIF writes ranks with.
pub const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The one-character kanji of a board diagram (BOD): `歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍`.
pub fn board_kanji(kind: PieceKind) -> &'static str {
    use PieceKind::*;
    match kind {
        Pawn => "歩",
        Lance => "香",
        Knight => "桂",
        Silver => "銀",
        Gold => "金",
        Bishop => "角",
        Rook => "飛",
        King => "玉",
        ProPawn => "と",
        ProLance => "杏",
        ProKnight => "圭",
        ProSilver => "全",
        Horse => "馬",
        Dragon => "龍",
    }
}

/// The name KIF moves use: as [`board_kanji`], but `成香 成桂 成銀` for the promoted minor pieces.
pub fn kif_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        k => board_kanji(k),
    }
}

/// The English letter, `+` first for promoted kinds: `P`, `+P`, `K`.
pub fn letter(kind: PieceKind) -> &'static str {
    kind.sfen()
}

/// The piece's name in `style`.
pub fn piece_name(kind: PieceKind, style: PieceStyle) -> &'static str {
    match style {
        PieceStyle::Kanji => board_kanji(kind),
        PieceStyle::Letters => letter(kind),
    }
}

/// A count in kanji numerals, as hands are written: `二`, `十`, `十八`; from 100 on (no real
/// hand, but a SFEN may say so) in decimal digits, as the KIF writer does.
pub fn kanji_number(n: u32) -> String {
    if n >= 100 {
        return n.to_string();
    }
    let mut s = String::new();
    let (tens, ones) = (n / 10, n % 10);
    if tens > 1 {
        s.push(KANJI_DIGITS[tens as usize - 1]);
    }
    if tens > 0 {
        s.push('十');
    }
    if ones > 0 {
        s.push(KANJI_DIGITS[ones as usize - 1]);
    }
    s
}

/// The KIF name of a square: `７六`.
pub fn kif_square(sq: Square) -> String {
    let mut s = String::new();
    s.push(FULL_WIDTH_DIGITS[sq.file() as usize - 1]);
    s.push(KANJI_DIGITS[sq.rank() as usize - 1]);
    s
}

/// The KIF notation of `mv` played in `pos`: `７六歩(77)`, `２二角成(88)`, `２二角不成(88)` (when
/// the piece could have promoted), `５五歩打`, and `同　歩(76)` when the move lands on
/// `previous`, the destination of the move before. The move need not be legal; a move from
/// an empty square names no piece.
///
/// ```
/// use shogi_tool::shogi::{Move, Position};
/// use shogi_tool::views::notation::kif_move;
/// let pos = Position::startpos();
/// assert_eq!(kif_move(&pos, Move::from_usi("7g7f").unwrap(), None), "７六歩(77)");
/// ```
pub fn kif_move(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    let mut s = if previous == Some(mv.to()) {
        "同　".to_string()
    } else {
        kif_square(mv.to())
    };
    match mv {
        Move::Drop { kind, .. } => {
            s.push_str(kif_name(kind));
            s.push('打');
        }
        Move::Normal { from, to, promote } => {
            if let Some(piece) = pos.piece_at(from) {
                s.push_str(kif_name(piece.kind));
                if promote {
                    s.push('成');
                } else if piece.kind.can_promote()
                    && (from.in_zone(piece.color) || to.in_zone(piece.color))
                {
                    s.push_str("不成");
                }
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
    }
    s
}

/// The kanji of a kind as pictures draw it (one character, or two for the quails).
pub fn variant_kanji(kind: VKind) -> &'static str {
    use crate::shogi::PieceKind as P;
    use VKind::*;
    let standard = |k: P| board_kanji(k);
    match kind {
        Pawn => standard(P::Pawn),
        Lance => standard(P::Lance),
        Knight => standard(P::Knight),
        Silver => standard(P::Silver),
        Gold => standard(P::Gold),
        Bishop => standard(P::Bishop),
        Rook => standard(P::Rook),
        King => standard(P::King),
        ProPawn => standard(P::ProPawn),
        ProLance => standard(P::ProLance),
        ProKnight => standard(P::ProKnight),
        ProSilver => standard(P::ProSilver),
        Horse => standard(P::Horse),
        Dragon => standard(P::Dragon),
        Phoenix => "鵬",
        Falcon => "鷹",
        Eagle => "鵰",
        Crane => "鶴",
        Pheasant => "雉",
        LeftQuail => "左鶉",
        RightQuail => "右鶉",
        Swallow => "燕",
        Goose => "鴈",
        Lion => "獅",
        Giraffe => "麒",
        Elephant => "象",
        Chick => "雛",
        Hen => "鶏",
    }
}

/// The one-character kanji of a text grid (the quails by 左 and 右).
pub fn variant_cell_kanji(kind: VKind) -> char {
    variant_kanji(kind).chars().next().expect("a kanji")
}

/// The name of `kind` in `style`: its kanji, or its SFEN text in `variant` (`F`, `+F`).
pub fn variant_piece_name(variant: Variant, kind: VKind, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => variant_kanji(kind).to_string(),
        PieceStyle::Letters => variant.kind_text(kind),
    }
}

/// Reads a kind of `variant`: its SFEN letter (`S`, `+S`, either case), kanji (`燕`, `鴈`,
/// `左鶉`) or English name (`swallow`, `left quail`).
pub fn parse_variant_kind(variant: Variant, text: &str) -> Option<VKind> {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix('+') {
        return parse_variant_kind(variant, rest).and_then(VKind::promote);
    }
    if t.len() == 1 {
        return variant.kind_from_letter(t.as_bytes()[0]);
    }
    VKind::ALL
        .into_iter()
        .filter(|&k| variant.has_kind(k))
        .find(|&k| {
            variant_kanji(k) == t
                || k.english().eq_ignore_ascii_case(t)
                || k.english().replace(' ', "-").eq_ignore_ascii_case(t)
        })
}

/// Whether `text` names a kind of any variant (for checking `--piece` before the variant is
/// known).
pub fn names_a_variant_kind(text: &str) -> bool {
    Variant::ALL
        .into_iter()
        .any(|v| parse_variant_kind(v, text).is_some())
}

/// Whether `text` names a kind that can be dropped (unpromoted, not royal) in any variant.
pub fn names_a_variant_hand_kind(text: &str) -> bool {
    Variant::ALL
        .into_iter()
        .any(|v| parse_variant_kind(v, text).is_some_and(|k| !k.is_royal() && !k.is_promoted()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_moves() {
        assert_eq!(kanji_number(1), "一");
        assert_eq!(kanji_number(10), "十");
        assert_eq!(kanji_number(18), "十八");
        assert_eq!(kanji_number(99), "九十九");
        assert_eq!(kanji_number(200), "200");
        assert_eq!(kanji_number(u32::MAX), u32::MAX.to_string());
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        )
        .unwrap();
        let m = |s| Move::from_usi(s).unwrap();
        assert_eq!(kif_move(&pos, m("8h2b+"), None), "２二角成(88)");
        assert_eq!(kif_move(&pos, m("8h2b"), None), "２二角不成(88)");
        assert_eq!(
            kif_move(&pos, m("8h2b"), Square::new(2, 2)),
            "同　角不成(88)"
        );
        assert_eq!(kif_move(&pos, m("P*5e"), None), "５五歩打");
    }

    #[test]
    fn variant_kinds_parse_in_every_spelling() {
        for v in Variant::ALL {
            for k in VKind::ALL.into_iter().filter(|&k| v.has_kind(k)) {
                assert_eq!(parse_variant_kind(v, &v.kind_text(k)), Some(k), "{v} {k}");
                assert_eq!(parse_variant_kind(v, variant_kanji(k)), Some(k), "{v} {k}");
                assert_eq!(parse_variant_kind(v, k.english()), Some(k), "{v} {k}");
            }
        }
        assert_eq!(
            parse_variant_kind(Variant::Torishogi, "s"),
            Some(VKind::Swallow)
        );
        assert_eq!(parse_variant_kind(Variant::Minishogi, "燕"), None);
        assert!(names_a_variant_kind("goose") && !names_a_variant_kind("queen"));
        assert!(
            names_a_variant_hand_kind("燕")
                && !names_a_variant_hand_kind("K")
                && !names_a_variant_hand_kind("+S")
        );
    }
}
