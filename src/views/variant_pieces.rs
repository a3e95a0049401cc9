//! The smaller variants' pieces by name: the kanji and letters the views draw them with, and
//! reading a kind from either (or from its English name).
//!
//! Below both the board pictures and the variant views (which re-export these), so that
//! neither needs the other for a piece's name.

use crate::variant::{VKind, Variant};

use super::PieceStyle;

/// The kanji of a kind as pictures draw it (one character, or two for the quails).
pub fn kanji(kind: VKind) -> &'static str {
    use crate::shogi::PieceKind as P;
    use VKind::*;
    let standard = |k: P| super::notation::board_kanji(k);
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
pub fn cell_kanji(kind: VKind) -> char {
    kanji(kind).chars().next().expect("a kanji")
}

/// The name of `kind` in `style`: its kanji, or its SFEN text in `variant` (`F`, `+F`).
pub fn piece_name(variant: Variant, kind: VKind, style: PieceStyle) -> String {
    match style {
        PieceStyle::Kanji => kanji(kind).to_string(),
        PieceStyle::Letters => variant.kind_text(kind),
    }
}

/// Reads a kind of `variant`: its SFEN letter (`S`, `+S`, either case), kanji (`燕`, `鴈`,
/// `左鶉`) or English name (`swallow`, `left quail`).
pub fn parse_kind(variant: Variant, text: &str) -> Option<VKind> {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix('+') {
        return parse_kind(variant, rest).and_then(VKind::promote);
    }
    if t.len() == 1 {
        return variant.kind_from_letter(t.as_bytes()[0]);
    }
    VKind::ALL
        .into_iter()
        .filter(|&k| variant.has_kind(k))
        .find(|&k| {
            kanji(k) == t
                || k.english().eq_ignore_ascii_case(t)
                || k.english().replace(' ', "-").eq_ignore_ascii_case(t)
        })
}

/// Whether `text` names a kind of any variant (for checking `--piece` before the variant is
/// known).
pub fn names_a_kind(text: &str) -> bool {
    Variant::ALL
        .into_iter()
        .any(|v| parse_kind(v, text).is_some())
}

/// Whether `text` names a kind that can be dropped (unpromoted, not royal) in any variant.
pub fn names_a_hand_kind(text: &str) -> bool {
    Variant::ALL
        .into_iter()
        .any(|v| parse_kind(v, text).is_some_and(|k| !k.is_royal() && !k.is_promoted()))
}
