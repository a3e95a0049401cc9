//! The smaller variants in JKF: which game a document is, the variants' piece codes, and a
//! variant's `initial.data` read into its position (the extension `mod.rs` documents).

use serde_json::Value;

use super::code_of;
use crate::formats::variant_names::{fits, mismatch, variant_from_board, variant_from_handicap};
use crate::shogi::{Color, PieceKind, Square};
use crate::variant::{VKind, VPosition, Variant};

/// The JKF piece code of a kind in `v`: the standard kinds (the first 14 of [`VKind`], in
/// [`PieceKind`]'s order) have their CSA codes, the others their SFEN letters (`F` falcon,
/// `+F` eagle, `C` chick, ...).
pub fn piece_code(v: Variant, kind: VKind) -> String {
    match PieceKind::from_index(kind.index()) {
        Some(standard) => code_of(standard).to_string(),
        None => v.kind_text(kind),
    }
}

/// The kind a JKF piece code names in `v`.
pub fn kind_from_code(v: Variant, code: &str) -> Option<VKind> {
    VKind::ALL
        .into_iter()
        .filter(|&k| v.has_kind(k))
        .find(|&k| piece_code(v, k) == code)
}

/// Where a document names its game: the header's `variant` (the `--variant` name), an
/// `initial.preset` that is a variant's name, or the header's `手合割`; with what it says, for
/// messages (`header "variant": "dobutsu"`).
fn named(header: &[(String, Value)], initial: Option<&Value>) -> Option<(Variant, String)> {
    let text = |key: &str| {
        header
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_str())
    };
    if let Some(s) = text("variant") {
        if let Ok(v) = s.parse::<Variant>() {
            return Some((v, format!("header \"variant\": \"{s}\"")));
        }
    }
    let preset = initial
        .and_then(|i| i.get("preset"))
        .and_then(Value::as_str);
    if let Some(p) = preset {
        if let Ok(v) = p.parse::<Variant>() {
            return Some((v, format!("initial.preset \"{p}\"")));
        }
        // A standard handicap's preset names standard shogi.
        if p != "OTHER" && p != "HIRATE" && crate::shogi::Handicap::from_jkf(p).is_some() {
            return Some((Variant::Standard, format!("initial.preset \"{p}\"")));
        }
    }
    let name = text("手合割")?;
    let v = variant_from_handicap(name)?;
    Some((v, format!("header \"手合割\": \"{name}\"")))
}

/// The variant whose board `initial.data.board` has the size of (5x6 with a lance or a
/// knight on the board or in hand is gorogoroplus), with the size for messages.
fn by_board(initial: Option<&Value>) -> Option<(Variant, String)> {
    let data = initial?.get("data")?;
    let board = data.get("board")?.as_array()?;
    let files = u8::try_from(board.len()).ok()?;
    let ranks = u8::try_from(board.first()?.as_array()?.len()).ok()?;
    let is_plus = |code: &str| code == "KY" || code == "KE";
    let on_board = board
        .iter()
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|c| c.get("kind").and_then(Value::as_str))
        .any(is_plus);
    let in_hand = data
        .get("hands")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .flat_map(|h| h.iter())
        .any(|(code, n)| is_plus(code) && n.as_u64().unwrap_or(0) > 0);
    let v = variant_from_board(files, ranks, on_board || in_hand)?;
    Some((v, format!("initial.data.board of {files}x{ranks}")))
}

/// The game a document is: what it names (header, preset) and its board's size must agree,
/// and `forced` (`--variant`) must fit it; [`Variant::Standard`] when nothing says otherwise.
/// The error is a sentence naming both games.
pub(super) fn game(
    header: &[(String, Value)],
    initial: Option<&Value>,
    forced: Option<Variant>,
) -> Result<Variant, String> {
    let named = named(header, initial);
    let board = by_board(initial);
    let found = match (named, board) {
        (Some((n, said)), Some((b, size))) if !fits(n, b) && !fits(b, n) => {
            return Err(format!(
                "The record's {said} names {n}, but its {size} is {b}'s."
            ))
        }
        // 5x6 without a lance or knight, named gorogoroplus.
        (Some((n, said)), Some((b, _))) if fits(b, n) => Some((n, said)),
        (_, Some(b)) => Some(b),
        (n, None) => n,
    };
    match (found, forced) {
        (Some((f, said)), Some(v)) if !fits(f, v) => {
            let m = mismatch(f, &format!("; {said}"), v);
            Err(format!("{}{}.", m[..1].to_uppercase(), &m[1..]))
        }
        (_, Some(v)) => Ok(v),
        (Some((f, _)), None) => Ok(f),
        (None, None) => Ok(Variant::Standard),
    }
}

/// Whether a header key is the variant's own (`variant`, `手合割`): the start of a variant
/// record says it, so the reader leaves it out of the metadata and the writer writes it.
pub(super) fn is_game_key(key: &str) -> bool {
    key == "variant" || key == "手合割"
}

/// The position of `v` that `initial.data` gives (`board[x-1][y-1]`, `x` the file, `y` the
/// rank; `hands` as counts by piece code), read through its SFEN so that one set of checks
/// judges it. The error is a sentence naming the JSON path.
pub(super) fn start(v: Variant, data: &Value) -> Result<VPosition, String> {
    let board = data.get("board").and_then(Value::as_array).ok_or_else(|| {
        format!(
            "`initial.data.board` is missing or not an array; {v} needs {} files of {} squares.",
            v.files(),
            v.ranks()
        )
    })?;
    if board.len() != usize::from(v.files()) {
        return Err(format!(
            "`initial.data.board` has {} files; {v} has {}.",
            board.len(),
            v.files()
        ));
    }
    let color = |c: &Value, path: &str| match c.as_u64() {
        Some(0) => Ok(Color::Black),
        Some(1) => Ok(Color::White),
        _ => Err(format!(
            "`{path}` is `{c}`; expected 0 (black, sente) or 1 (white, gote)."
        )),
    };
    let piece = |code: &str, path: &str| {
        kind_from_code(v, code).ok_or_else(|| {
            let codes: Vec<String> = v
                .kinds()
                .iter()
                .flat_map(|&k| [Some(k), k.promote()])
                .flatten()
                .map(|k| piece_code(v, k))
                .collect();
            format!(
                "`{path}` is `{code}`, which is no piece of {v}; expected one of {}.",
                codes.join(", ")
            )
        })
    };
    let mut sfen = String::new();
    for r in 1..=v.ranks() {
        if r > 1 {
            sfen.push('/');
        }
        let mut empty = 0;
        for f in (1..=v.files()).rev() {
            let path = format!("initial.data.board[{}][{}]", f - 1, r - 1);
            let cell = board[usize::from(f - 1)]
                .as_array()
                .filter(|col| col.len() == usize::from(v.ranks()))
                .and_then(|col| col.get(usize::from(r - 1)))
                .ok_or_else(|| {
                    format!(
                        "`initial.data.board[{}]` is not an array of {} squares ({v}).",
                        f - 1,
                        v.ranks()
                    )
                })?;
            let Some(code) = cell.get("kind").and_then(Value::as_str) else {
                empty += 1;
                continue;
            };
            let kind = piece(code, &format!("{path}.kind"))?;
            let side = color(
                cell.get("color").unwrap_or(&Value::Null),
                &format!("{path}.color"),
            )?;
            if empty > 0 {
                sfen.push_str(&empty.to_string());
                empty = 0;
            }
            push_letters(&mut sfen, v, kind, side);
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
    }
    let side = match data.get("color") {
        None | Some(Value::Null) => Color::Black,
        Some(c) => color(c, "initial.data.color")?,
    };
    sfen.push_str(if side == Color::White { " w " } else { " b " });
    let mut hand = String::new();
    if let Some(hands) = data.get("hands").and_then(Value::as_array) {
        for (i, h) in hands.iter().enumerate().take(2) {
            let Some(h) = h.as_object() else { continue };
            for (code, n) in h {
                let path = format!("initial.data.hands[{i}].{code}");
                let n = n
                    .as_u64()
                    .filter(|&n| n <= 255)
                    .ok_or_else(|| format!("`{path}` is {n}; expected a count from 0 to 255."))?;
                if n == 0 {
                    continue;
                }
                let kind = piece(code, &path)?;
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                push_letters(&mut hand, v, kind, Color::from_index(i));
            }
        }
    }
    sfen.push_str(if hand.is_empty() { "-" } else { &hand });
    sfen.push_str(" 1");
    VPosition::from_sfen_as(&sfen, Some(v))
        .map_err(|e| format!("`initial.data` is no position of {v}: {}", e.message))
}

/// The SFEN letters of a piece of `side`.
fn push_letters(out: &mut String, v: Variant, kind: VKind, side: Color) {
    let text = v.kind_text(kind);
    match side {
        Color::White => out.push_str(&text.to_ascii_lowercase()),
        Color::Black => out.push_str(&text),
    }
}

/// A square of `v`'s board from `{x, y}`, or why not (a sentence naming `path`).
pub(super) fn square(v: Variant, value: &Value, path: &str) -> Result<Square, String> {
    let n = |k: &str| value.get(k).and_then(Value::as_u64);
    match (n("x"), n("y")) {
        (Some(x), Some(y))
            if (1..=u64::from(v.files())).contains(&x) && (1..=u64::from(v.ranks())).contains(&y) =>
        {
            Square::new(x as u8, y as u8).ok_or_else(String::new)
        }
        _ => Err(format!(
            "`{path}` is `{value}`; expected a square of {v} such as `{{\"x\": 1, \"y\": 1}}` (file 1 to {}, rank 1 to {}).",
            v.files(),
            v.ranks()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_kinds_come_first_in_the_same_order() {
        for (i, standard) in PieceKind::ALL.into_iter().enumerate() {
            assert_eq!(VKind::ALL[i].index(), i);
            assert_eq!(format!("{:?}", VKind::ALL[i]), format!("{standard:?}"));
        }
        assert_eq!(piece_code(Variant::ALL[0], VKind::Dragon), "RY");
    }

    #[test]
    fn codes_read_back() {
        for v in Variant::ALL {
            for &k in v.kinds() {
                for kind in [Some(k), k.promote()].into_iter().flatten() {
                    assert_eq!(
                        kind_from_code(v, &piece_code(v, kind)),
                        Some(kind),
                        "{v} {kind}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_game_is_what_the_header_or_the_board_says_and_forced_must_fit() {
        let h = |k: &str, v: &str| vec![(k.to_string(), Value::String(v.into()))];
        assert_eq!(
            game(&h("variant", "torishogi"), None, None),
            Ok(Variant::Torishogi)
        );
        assert_eq!(
            game(&h("手合割", "どうぶつしょうぎ"), None, None),
            Ok(Variant::Dobutsu)
        );
        assert_eq!(
            game(&h("手合割", "平手"), None, None),
            Ok(Variant::Standard)
        );
        assert_eq!(
            game(&[], None, Some(Variant::Minishogi)),
            Ok(Variant::Minishogi)
        );
        let e = game(&h("variant", "gorogoro"), None, Some(Variant::Minishogi)).unwrap_err();
        assert!(e.contains("gorogoro") && e.contains("minishogi"), "{e}");
        let e = game(&h("variant", "dobutsu"), None, Some(Variant::Standard)).unwrap_err();
        assert!(e.contains("dobutsu") && e.contains("standard"), "{e}");
        // A standard handicap's preset names standard shogi.
        let ka = serde_json::json!({"preset": "KA"});
        let e = game(&[], Some(&ka), Some(Variant::Minishogi)).unwrap_err();
        assert!(e.contains("initial.preset \"KA\""), "{e}");
        // 5x6 named gorogoroplus is gorogoroplus.
        let col: Vec<Value> = (0..6).map(|_| serde_json::json!({})).collect();
        let board = serde_json::json!({"data": {"board": vec![col; 5]}});
        assert_eq!(game(&[], Some(&board), None), Ok(Variant::Gorogoro));
        assert_eq!(
            game(&h("variant", "gorogoroplus"), Some(&board), None),
            Ok(Variant::GorogoroPlus)
        );
        let e = game(&h("variant", "minishogi"), Some(&board), None).unwrap_err();
        assert!(e.contains("minishogi") && e.contains("5x6"), "{e}");
    }
}
