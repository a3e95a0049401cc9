//! JKF (JSON Kifu Format) of the smaller variants.
//!
//! JKF has no variant field, so the writer names the variant in the header: `"variant"` (the
//! `--variant` name, e.g. `"torishogi"`) beside `"手合割"` (as KIF writes it: `5五将棋`,
//! `どうぶつしょうぎ`, else `その他`), and always gives the start as `initial.preset: "OTHER"`
//! with `data` of the variant's size (`board[x-1][y-1]`, `x` the file, `y` the rank, so a
//! 5x5 board is five arrays of five cells).
//!
//! Piece codes: the CSA codes JKF uses (`FU`, `KI`, `UM`, ...) for the standard-piece
//! variants; JKF and CSA have none for Tori's birds and 3x4's animals, so those are the SFEN
//! letters of `../shared/design/variants.md` (`K` phoenix, `F` falcon, `+F` eagle, `C` crane,
//! `P` pheasant, `L`/`R` the quails, `S` swallow, `+S` goose; `L` lion, `G` giraffe, `E`
//! elephant, `C` chick, `+C` hen). A move's `piece` is the kind before it moves, with
//! `promote: true` for a promotion, as in standard JKF.
//!
//! The reader takes the variant from `header.variant`, else `header.手合割`, else the
//! board's size; `--variant` must agree. Comments, times and forks (variations) are listed as
//! left out.

use serde_json::{json, Map, Value};

use super::{
    fits, handicap_name, mismatch, note, read_error, variant_from_board, variant_from_handicap,
    VGame, VRead, VReadError,
};
use crate::record::EndingKind;
use crate::shogi::{Color, PieceKind, Square};
use crate::variant::{VKind, VMove, VPosition, Variant};

/// The JKF piece code of a kind in `v`: the standard kinds (the first 14 of [`VKind`], in
/// [`PieceKind`]'s order) have their CSA codes, the others their SFEN letters.
pub fn piece_code(v: Variant, kind: VKind) -> String {
    match PieceKind::from_index(kind.index()) {
        Some(standard) => crate::formats::jkf::code_of(standard).to_string(),
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

fn special_word(kind: &EndingKind) -> Option<&'static str> {
    use EndingKind::*;
    Some(match kind {
        Resignation => "TORYO",
        Abort | Sealed => "CHUDAN",
        Repetition => "SENNICHITE",
        PerpetualCheck => "SENNICHITE",
        Timeout => "TIME_UP",
        Impasse => "JISHOGI",
        Draw => "HIKIWAKE",
        Checkmate => "TSUMI",
        NoMate => "FUZUMI",
        Declaration => "KACHI",
        IllegalMove => "ILLEGAL_MOVE",
        Matta => "MATTA",
        Error => "ERROR",
        MaxMoves => "MAX_MOVES",
        _ => return None,
    })
}

fn ending_from_special(word: &str) -> Option<EndingKind> {
    use EndingKind::*;
    Some(match word {
        "TORYO" => Resignation,
        "CHUDAN" => Abort,
        "SENNICHITE" => Repetition,
        "TIME_UP" => Timeout,
        "JISHOGI" => Impasse,
        "HIKIWAKE" => Draw,
        "TSUMI" => Checkmate,
        "FUZUMI" => NoMate,
        "KACHI" => Declaration,
        "ILLEGAL_MOVE" => IllegalMove,
        "MATTA" => Matta,
        "ERROR" => Error,
        "MAX_MOVES" => MaxMoves,
        _ => return None,
    })
}

fn xy(sq: Square) -> Value {
    json!({"x": sq.file(), "y": sq.rank()})
}

/// Writes `game` as JKF. Returns the text and what it could not carry.
pub fn write(game: &VGame) -> (String, Vec<String>) {
    let v = game.variant();
    let mut dropped = Vec::new();
    let mut header = Map::new();
    for (k, val) in &game.headers {
        header.insert(k.clone(), Value::String(val.clone()));
    }
    header.insert(
        "手合割".into(),
        Value::String(handicap_name(v).unwrap_or("その他").into()),
    );
    header.insert("variant".into(), Value::String(v.name().into()));
    let pos = &game.start;
    let board: Vec<Value> = (1..=v.files())
        .map(|f| {
            Value::Array(
                (1..=v.ranks())
                    .map(
                        |r| match pos.piece_at(Square::new(f, r).expect("on the board")) {
                            None => json!({}),
                            Some(p) => {
                                json!({"color": p.color.index(), "kind": piece_code(v, p.kind)})
                            }
                        },
                    )
                    .collect(),
            )
        })
        .collect();
    let hands: Vec<Value> = [Color::Black, Color::White]
        .into_iter()
        .map(|c| {
            let mut h = Map::new();
            for &k in v.kinds().iter().filter(|k| !k.is_royal()) {
                h.insert(piece_code(v, k), json!(pos.hand_count(c, k)));
            }
            Value::Object(h)
        })
        .collect();
    let initial = json!({
        "preset": "OTHER",
        "data": {"color": pos.side_to_move().index(), "board": board, "hands": hands}
    });
    let mut moves = vec![json!({})];
    let mut p = pos.clone();
    let mut last_to = None;
    for &m in &game.moves {
        let color = p.side_to_move().index();
        let mv = match m {
            VMove::Drop { kind, to } => {
                json!({"color": color, "to": xy(to), "piece": piece_code(v, kind)})
            }
            VMove::Normal { from, to, promote } => {
                let mut o = Map::new();
                o.insert("color".into(), json!(color));
                o.insert("from".into(), xy(from));
                o.insert("to".into(), xy(to));
                let kind = p.piece_at(from).map_or(VKind::Pawn, |q| q.kind);
                o.insert("piece".into(), json!(piece_code(v, kind)));
                if promote {
                    o.insert("promote".into(), json!(true));
                }
                if last_to == Some(to) {
                    o.insert("same".into(), json!(true));
                }
                if let Some(c) = p.piece_at(to) {
                    o.insert("capture".into(), json!(piece_code(v, c.kind)));
                }
                Value::Object(o)
            }
        };
        moves.push(json!({ "move": mv }));
        last_to = Some(m.to());
        p.play_lenient(m);
    }
    if let Some(kind) = &game.ending {
        match special_word(kind) {
            Some(w) => moves.push(json!({ "special": w })),
            None => note(&mut dropped, &format!("the ending ({kind:?})")),
        }
    }
    let doc = json!({"header": header, "initial": initial, "moves": moves});
    let mut text = serde_json::to_string(&doc).expect("JSON");
    text.push('\n');
    (text, dropped)
}

/// The variant a JKF text names (header or board size), if it is a smaller variant's.
pub fn detect(text: &str) -> Option<Variant> {
    let doc: Value = serde_json::from_str(text).ok()?;
    named_variant(&doc)
        .or_else(|| board_variant(&doc))
        .filter(|v| *v != Variant::Standard)
}

fn named_variant(doc: &Value) -> Option<Variant> {
    let header = doc.get("header")?;
    if let Some(v) = header
        .get("variant")
        .and_then(Value::as_str)
        .and_then(|s| s.parse().ok())
    {
        return Some(v);
    }
    header
        .get("手合割")
        .and_then(Value::as_str)
        .and_then(variant_from_handicap)
}

fn board_variant(doc: &Value) -> Option<Variant> {
    let data = doc.get("initial")?.get("data")?;
    let board = data.get("board")?.as_array()?;
    let ranks = board.first()?.as_array()?.len();
    let plus = serde_json::to_string(data)
        .map(|s| s.contains("\"KY\"") || s.contains("\"KE\""))
        .unwrap_or(false);
    variant_from_board(board.len() as u8, ranks as u8, plus)
}

/// Reads a JKF record of a variant (`forced` is `--variant`).
pub fn read(text: &str, forced: Option<Variant>) -> Result<VRead, VReadError> {
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| read_error(e.line() as u32, format!("not JSON: {e}")))?;
    let err = |m: String| read_error(0, m);
    let mut dropped = Vec::new();
    let named = named_variant(&doc);
    let board_v = board_variant(&doc);
    let found = match (named, board_v) {
        (Some(n), Some(b)) if !fits(n, b) && !fits(b, n) => {
            return Err(err(format!(
                "the header names {n}, but the board is {b}'s ({}x{})",
                b.files(),
                b.ranks()
            )))
        }
        (Some(n), Some(b)) if fits(b, n) => Some(n),
        (_, Some(b)) => Some(b),
        (n, None) => n,
    };
    let variant = match (found, forced) {
        (Some(f), Some(v)) if !fits(f, v) => return Err(err(mismatch(f, "", v))),
        (Some(_), Some(v)) | (None, Some(v)) => v,
        (Some(f), None) => f,
        (None, None) => {
            return Err(err(
                "the record names no variant (no header `variant` or `手合割` of one, no board of a variant's size)".into(),
            ))
        }
    };
    let v = variant;
    let mut headers = Vec::new();
    if let Some(h) = doc.get("header").and_then(Value::as_object) {
        for (k, val) in h {
            if k == "variant" || k == "手合割" {
                continue;
            }
            headers.push((k.clone(), val.as_str().unwrap_or_default().to_string()));
        }
    }
    let start = match doc.get("initial").and_then(|i| i.get("data")) {
        None => VPosition::start(v),
        Some(data) => start_from_data(v, data).map_err(err)?,
    };
    let mut moves = Vec::new();
    let mut ending = None;
    let mut pos = start.clone();
    let mut last_to: Option<Square> = None;
    let list = doc
        .get("moves")
        .and_then(Value::as_array)
        .ok_or_else(|| err("no `moves` array".into()))?;
    for (i, entry) in list.iter().enumerate() {
        if entry.get("comments").is_some() {
            note(&mut dropped, "comments");
        }
        if entry.get("time").is_some() {
            note(&mut dropped, "move times");
        }
        if entry.get("forks").is_some() {
            note(&mut dropped, "variations");
        }
        if let Some(s) = entry.get("special").and_then(Value::as_str) {
            if ending.is_some() {
                note(&mut dropped, "moves after the ending");
                break;
            }
            ending = Some(
                ending_from_special(s)
                    .ok_or_else(|| err(format!("moves[{i}]: unknown special `{s}`")))?,
            );
            continue;
        }
        let Some(m) = entry.get("move") else {
            continue;
        };
        if ending.is_some() {
            note(&mut dropped, "moves after the ending");
            break;
        }
        let square = |o: Option<&Value>| -> Option<Square> {
            let o = o?;
            let x = o.get("x")?.as_u64()? as u8;
            let y = o.get("y")?.as_u64()? as u8;
            Square::new(x, y).filter(|s| s.file() <= v.files() && s.rank() <= v.ranks())
        };
        let to = match (square(m.get("to")), m.get("same").and_then(Value::as_bool)) {
            (Some(t), _) => t,
            (None, Some(true)) => {
                last_to.ok_or_else(|| err(format!("moves[{i}]: `same` with no move before")))?
            }
            _ => return Err(err(format!("moves[{i}]: no square `to` of {v}"))),
        };
        let code = m.get("piece").and_then(Value::as_str).unwrap_or("");
        let kind = kind_from_code(v, code);
        let vm = match m.get("from") {
            Some(f) => {
                let from = square(Some(f))
                    .ok_or_else(|| err(format!("moves[{i}]: `from` is no square of {v}")))?;
                VMove::Normal {
                    from,
                    to,
                    promote: m.get("promote").and_then(Value::as_bool) == Some(true),
                }
            }
            None => VMove::Drop {
                kind: kind
                    .filter(|k| !k.is_promoted() && !k.is_royal())
                    .ok_or_else(|| {
                        err(format!("moves[{i}]: `{code}` is no piece of {v} to drop"))
                    })?,
                to,
            },
        };
        pos.play_lenient(vm);
        last_to = Some(to);
        moves.push(vm);
    }
    Ok(VRead {
        game: VGame {
            start,
            moves,
            ending,
            headers,
        },
        dropped,
        warnings: Vec::new(),
    })
}

/// The start of `initial.data`, read through an SFEN (one set of checks).
fn start_from_data(v: Variant, data: &Value) -> Result<VPosition, String> {
    let board = data
        .get("board")
        .and_then(Value::as_array)
        .ok_or("initial.data has no board")?;
    if board.len() != v.files() as usize {
        return Err(format!(
            "the board has {} files, {v} has {}",
            board.len(),
            v.files()
        ));
    }
    let cell = |f: u8, r: u8| -> Result<Option<(Color, VKind)>, String> {
        let c = board[(f - 1) as usize]
            .as_array()
            .and_then(|col| col.get((r - 1) as usize))
            .ok_or(format!("the board has no cell for file {f}, rank {r}"))?;
        let Some(code) = c.get("kind").and_then(Value::as_str) else {
            return Ok(None);
        };
        let kind = kind_from_code(v, code).ok_or(format!("`{code}` is no piece of {v}"))?;
        let color = if c.get("color").and_then(Value::as_u64) == Some(1) {
            Color::White
        } else {
            Color::Black
        };
        Ok(Some((color, kind)))
    };
    let mut sfen = String::new();
    for r in 1..=v.ranks() {
        if r > 1 {
            sfen.push('/');
        }
        let mut empty = 0;
        for f in (1..=v.files()).rev() {
            match cell(f, r)? {
                None => empty += 1,
                Some((c, k)) => {
                    if empty > 0 {
                        sfen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let t = v.kind_text(k);
                    sfen.push_str(&if c == Color::White {
                        t.to_ascii_lowercase()
                    } else {
                        t
                    });
                }
            }
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
    }
    let white = data.get("color").and_then(Value::as_u64) == Some(1);
    sfen.push_str(if white { " w " } else { " b " });
    let mut hand = String::new();
    if let Some(hands) = data.get("hands").and_then(Value::as_array) {
        for (ci, h) in hands.iter().enumerate().take(2) {
            let Some(h) = h.as_object() else { continue };
            for (code, n) in h {
                let n = n.as_u64().unwrap_or(0);
                if n == 0 {
                    continue;
                }
                let k = kind_from_code(v, code).ok_or(format!("`{code}` is no piece of {v}"))?;
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                let t = v.kind_text(k);
                hand.push_str(&if ci == 1 { t.to_ascii_lowercase() } else { t });
            }
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    sfen.push_str(&hand);
    sfen.push_str(" 1");
    VPosition::from_sfen_as(&sfen, Some(v)).map_err(|e| format!("initial.data: {}", e.message))
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
    fn the_header_names_the_variant() {
        let g = VGame {
            start: VPosition::start(Variant::Gorogoro),
            moves: vec![],
            ending: None,
            headers: vec![],
        };
        let (text, _) = write(&g);
        assert!(text.contains("\"variant\":\"gorogoro\""), "{text}");
        assert_eq!(detect(&text), Some(Variant::Gorogoro));
        let e = read(&text, Some(Variant::Minishogi)).unwrap_err();
        assert!(
            e.message.contains("gorogoro") && e.message.contains("minishogi"),
            "{e}"
        );
    }
}
