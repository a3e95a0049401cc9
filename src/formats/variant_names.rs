//! What KIF, KI2 and JKF call the smaller variants' games and pieces: the `手合割` names
//! ([`handicap_name`], [`variant_from_handicap`]), the piece names of moves and board
//! diagrams ([`piece_name`], [`board_char`], [`names`], [`parse_piece`]), the variant a
//! board's size is ([`variant_from_board`]) and the message of a record of another variant
//! than `--variant` forces ([`mismatch`], [`fits`]). One table for every reader and writer.

use crate::variant::{VKind, Variant};

/// The `手合割` name written for a variant's initial position (`5五将棋` and
/// `どうぶつしょうぎ` as Lishogi writes them); `None` where no program names it: those are
/// written as `その他` with the board.
pub fn handicap_name(v: Variant) -> Option<&'static str> {
    match v {
        Variant::Standard => Some("平手"),
        Variant::Minishogi => Some("5五将棋"),
        Variant::Dobutsu => Some("どうぶつしょうぎ"),
        _ => None,
    }
}

/// The variant a `手合割` value names: Lishogi's names and their variants (`5五将棋`,
/// `五々将棋`, `５五将棋`, `どうぶつしょうぎ`, `動物将棋`, ...), and names seen for the others
/// (`ごろごろ将棋`, `禽将棋`). `Some(Standard)` for the standard handicap names, `None` for
/// `その他` or an unknown name.
pub fn variant_from_handicap(name: &str) -> Option<Variant> {
    let n = super::japanese::trim_spaces(name);
    let n: String = n
        .chars()
        .filter(|c| !super::japanese::is_space(*c))
        .collect();
    Some(match n.as_str() {
        "5五将棋" | "五々将棋" | "５五将棋" | "五五将棋" | "5五" | "五々" | "５五"
        | "minishogi" => Variant::Minishogi,
        "どうぶつしょうぎ"
        | "どうぶつ将棋"
        | "どうぶつ"
        | "動物将棋"
        | "動物"
        | "doubutsu"
        | "dobutsu" => Variant::Dobutsu,
        "ごろごろ将棋" | "ゴロゴロ将棋" | "ゴロゴロ" | "ごろごろ" | "5六将棋" | "gorogoro" => {
            Variant::Gorogoro
        }
        "ごろごろ将棋+" | "gorogoroplus" => Variant::GorogoroPlus,
        "禽将棋" | "鳥将棋" | "とり将棋" | "torishogi" => Variant::Torishogi,
        "その他" | "" => return None,
        _ => match super::japanese::handicap_from_name(&n) {
            super::japanese::HandicapName::Named(_) => Variant::Standard,
            _ => return None,
        },
    })
}

/// The name of a kind in a move (`歩`, `成銀`, `鷹`, `左鶉`, `ひよこ`).
pub fn piece_name(v: Variant, kind: VKind) -> &'static str {
    use VKind::*;
    match kind {
        Phoenix => "鵬",
        Falcon => "鷹",
        Eagle => "鵰",
        Crane => "鶴",
        Pheasant => "雉",
        LeftQuail => "左鶉",
        RightQuail => "右鶉",
        Swallow => "燕",
        Goose => "鴈",
        Lion => "ライオン",
        Giraffe => "きりん",
        Elephant => "ぞう",
        Chick => "ひよこ",
        Hen => {
            let _ = v;
            "にわとり"
        }
        // The standard kinds have the standard names (every other kind is matched above).
        standard => standard.standard().map_or("", super::japanese::piece_name),
    }
}

/// The one character a board diagram shows for a kind (`と 杏 圭 全` for the promoted
/// standard pieces; Tori's quails as `左` and `右`; Lishogi's `ラ き ぞ ひ に` for 3x4).
pub fn board_char(kind: VKind) -> char {
    use VKind::*;
    match kind {
        ProLance => '杏',
        ProKnight => '圭',
        ProSilver => '全',
        LeftQuail => '左',
        RightQuail => '右',
        Lion => 'ラ',
        Giraffe => 'き',
        Elephant => 'ぞ',
        Chick => 'ひ',
        Hen => 'に',
        k => piece_name(Variant::Standard, k)
            .chars()
            .next()
            .expect("a name"),
    }
}

/// Every name a reader accepts for the kinds of `v` (moves, hands and board cells), longest
/// first.
pub fn names(v: Variant) -> Vec<(&'static str, VKind)> {
    use VKind::*;
    let mut out: Vec<(&'static str, VKind)> = Vec::new();
    for &k in v.kinds() {
        for kind in [Some(k), k.promote()].into_iter().flatten() {
            out.push((piece_name(v, kind), kind));
        }
    }
    let extra: &[(&str, VKind)] = match v {
        Variant::Torishogi => &[
            ("左", LeftQuail),
            ("右", RightQuail),
            ("雁", Goose),
            ("鵰", Eagle),
        ],
        Variant::Dobutsu => &[
            ("ラ", Lion),
            ("らいおん", Lion),
            ("獅子", Lion),
            ("き", Giraffe),
            ("キ", Giraffe),
            ("キリン", Giraffe),
            ("麒麟", Giraffe),
            ("ぞ", Elephant),
            ("ゾ", Elephant),
            ("ゾウ", Elephant),
            ("象", Elephant),
            ("ひ", Chick),
            ("ヒ", Chick),
            ("ヒヨコ", Chick),
            ("ひよ子", Chick),
            ("に", Hen),
            ("ニ", Hen),
            ("ニワトリ", Hen),
            ("鶏", Hen),
        ],
        _ => &[
            ("王", King),
            ("竜", Dragon),
            ("杏", ProLance),
            ("圭", ProKnight),
            ("全", ProSilver),
        ],
    };
    for &(name, kind) in extra {
        if v.has_kind(kind) {
            out.push((name, kind));
        }
    }
    out.sort_by_key(|(n, _)| std::cmp::Reverse(n.chars().count()));
    out
}

/// The kind whose name starts `s` (longest name first), with the bytes taken.
pub fn parse_piece(v: Variant, s: &str) -> Option<(VKind, usize)> {
    names(v)
        .into_iter()
        .find(|(n, _)| s.starts_with(n))
        .map(|(n, k)| (k, n.len()))
}

/// The variant a board of `files` x `ranks` is, with `plus` when a lance or knight is on
/// the board or in hand (5x6 is then gorogoroplus).
pub fn variant_from_board(files: u8, ranks: u8, plus: bool) -> Option<Variant> {
    let v = Variant::from_dimensions(files, ranks)?;
    Some(if v == Variant::Gorogoro && plus {
        Variant::GorogoroPlus
    } else {
        v
    })
}

/// The error when a record is of another variant than `--variant` says.
pub fn mismatch(found: Variant, why: &str, forced: Variant) -> String {
    format!(
        "the record is {found} ({}x{} board{why}), but --variant says {forced}",
        found.files(),
        found.ranks()
    )
}

/// Whether a record of `found` may be read as `forced` (5x6 without a lance or knight may be
/// gorogoroplus).
pub fn fits(found: Variant, forced: Variant) -> bool {
    found == forced || (found == Variant::Gorogoro && forced == Variant::GorogoroPlus)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_to_their_kinds() {
        for v in Variant::ALL {
            for &k in v.kinds() {
                for kind in [Some(k), k.promote()].into_iter().flatten() {
                    let name = piece_name(v, kind);
                    assert_eq!(parse_piece(v, name), Some((kind, name.len())), "{v} {kind}");
                    let c = board_char(kind).to_string();
                    assert_eq!(
                        parse_piece(v, &c).map(|p| p.0),
                        Some(kind),
                        "{v} {kind} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn handicap_names() {
        assert_eq!(variant_from_handicap("5五将棋"), Some(Variant::Minishogi));
        assert_eq!(variant_from_handicap("五々将棋"), Some(Variant::Minishogi));
        assert_eq!(
            variant_from_handicap("どうぶつしょうぎ"),
            Some(Variant::Dobutsu)
        );
        assert_eq!(variant_from_handicap("平手"), Some(Variant::Standard));
        assert_eq!(variant_from_handicap("香落ち"), Some(Variant::Standard));
        assert_eq!(variant_from_handicap("その他"), None);
    }
}
