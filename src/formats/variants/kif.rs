//! KIF/KIFU of the smaller variants, as Lishogi writes minishogi and Dobutsu shogi.
//!
//! ```text
//! 手合割：5五将棋
//! 先手：alice
//! 後手：bob
//! 手数----指手---------消費時間--
//!    1 ２四歩(25)
//!    2 投了
//! まで1手で先手の勝ち
//! ```
//!
//! - `手合割`: `5五将棋` (minishogi) and `どうぶつしょうぎ` (Dobutsu) as Lishogi writes them;
//!   Shogi 5x6, 5x6+ and Tori Shogi have no name any program writes, so they are written as
//!   `その他` with the board. Another start than the initial one is written, as Lishogi does,
//!   as the name and the board (hands, diagram of the variant's size, `後手番`).
//! - Board cells are one character: the standard pieces as usual (`と 杏 圭 全 馬 龍`), Tori's
//!   birds `鵬 鷹 鵰 鶴 雉 燕 鴈` with the quails as `左` and `右` (one cell has room for one
//!   character), 3x4's animals as Lishogi draws them (`ラ き ぞ ひ に`).
//! - Moves: `７六歩(77)`, `同　歩(74)`, `５五歩打`, `２二角成(88)`; the birds by their kanji
//!   (`左鶉`, `右鶉`), the animals by Lishogi's names (`ライオン きりん ぞう ひよこ
//!   にわとり`; katakana and kanji forms are read too).
//! - Endings: the Kakinoki words (`投了`, `切れ負け`, `千日手`, `詰み`, ...). A 3x4 game
//!   won by campmate needs no word (the lion's move ends it): it is written with the summary
//!   `まで…手で先手の勝ち`.

use super::{
    board_char, fits, handicap_name, mismatch, names, note, parse_piece, piece_name, read_error,
    side, variant_from_board, variant_from_handicap, VGame, VRead, VReadError,
};
use crate::formats::japanese::{
    ending_from_word, ending_word, file_char, hand_key_color, is_space, kanji_number, parse_number,
    push_square, rank_char, side_from_name, split_header, summary_sentence, trim_spaces,
};
use crate::formats::usi::variant_game::{replay, VRules};
use crate::record::{EndingKind, OutcomeReason, KEPT_OF_A_KIND};
use crate::shogi::{Color, Square};
use crate::variant::{VKind, VMove, VPosition, Variant};

/// Whether `text` looks like a KIF of a smaller variant, and which: a `手合割` naming one, or
/// a board diagram of a variant's size. `None` for standard shogi or no sign.
pub fn detect(text: &str) -> Option<Variant> {
    let mut rows = 0u8;
    let mut width = 0u8;
    for line in text.lines().take(200) {
        let t = trim_spaces(line);
        if let Some((k, v)) = split_header(t) {
            if k == "手合割" {
                if let Some(v) = variant_from_handicap(v).filter(|v| *v != Variant::Standard) {
                    return Some(v);
                }
            }
        }
        if let Some(cells) = row_cells(t) {
            rows += 1;
            width = (cells.chars().count() / 2) as u8;
        }
        if t.starts_with("手数") {
            break;
        }
    }
    let plus = text.contains('香') || text.contains('桂');
    variant_from_board(width, rows, plus).filter(|v| *v != Variant::Standard)
}

/// The text between the first two `|` of a board row, if `line` is one.
fn row_cells(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('|')?;
    let end = rest.find('|')?;
    Some(&rest[..end])
}

/// The lines [`read`] did not read: how many, and the line of the first left unnamed.
#[derive(Default)]
struct Unread {
    count: usize,
    first_unnamed: u32,
}

impl Unread {
    /// Names line `n` (`t`) in `warnings`, or counts it once [`KEPT_OF_A_KIND`] are named.
    fn push(&mut self, warnings: &mut Vec<(u32, String)>, n: u32, t: &str) {
        self.count += 1;
        if self.count <= KEPT_OF_A_KIND {
            warnings.push((n, format!("`{t}` is not read")));
        } else if self.count == KEPT_OF_A_KIND + 1 {
            self.first_unnamed = n;
        }
    }

    /// One warning for the lines left unnamed, if any.
    fn close(&self, warnings: &mut Vec<(u32, String)>) {
        let more = self.count.saturating_sub(KEPT_OF_A_KIND);
        if more > 0 {
            warnings.push((
                self.first_unnamed,
                format!(
                    "{more} more line{} from this one on {} not read (a record names the first {KEPT_OF_A_KIND})",
                    if more == 1 { "" } else { "s" },
                    if more == 1 { "is" } else { "are" }
                ),
            ));
        }
    }
}

/// Reads a KIF/KIFU record of a variant. `forced` is `--variant`: a record naming another
/// variant is an error that names both; a record naming none is read as `forced`.
pub fn read(text: &str, forced: Option<Variant>) -> Result<VRead, VReadError> {
    let mut dropped = Vec::new();
    let mut warnings = Vec::new();
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut handicap: Option<(u32, String)> = None;
    let mut rows: Vec<(u32, String)> = Vec::new();
    let mut hands: [Option<(u32, String)>; 2] = [None, None];
    let mut side_to_move = Color::Black;
    let lines: Vec<&str> = text.lines().collect();
    // Lines not read: the first `KEPT_OF_A_KIND` are named, the rest counted (a text of
    // millions of junk lines held a warning for each).
    let mut unread = Unread::default();
    let mut i = 0;
    // Header.
    while i < lines.len() {
        let n = i as u32 + 1;
        let t = trim_spaces(lines[i]);
        if t.is_empty() || t.starts_with('#') || t.starts_with('+') {
            i += 1;
            continue;
        }
        if t.starts_with("手数") || starts_with_number(t) {
            break;
        }
        if t.starts_with('*') {
            note(&mut dropped, "comments");
            i += 1;
            continue;
        }
        if let Some(cells) = row_cells(t) {
            rows.push((n, cells.to_string()));
            i += 1;
            continue;
        }
        if matches!(t, "後手番" | "上手番") {
            side_to_move = Color::White;
            i += 1;
            continue;
        }
        if matches!(t, "先手番" | "下手番") {
            side_to_move = Color::Black;
            i += 1;
            continue;
        }
        if let Some((k, v)) = split_header(t) {
            if k == "手合割" {
                handicap = Some((n, v.to_string()));
            } else if let Some(c) = hand_key_color(k) {
                hands[c.index()] = Some((n, v.to_string()));
            } else if k == "手番" {
                if let Some(c) = side_from_name(v) {
                    side_to_move = c;
                }
            } else {
                headers.push((k.to_string(), v.to_string()));
            }
            i += 1;
            continue;
        }
        // The file numbers over a diagram (`  ５ ４ ３ ２ １`) and anything else.
        if !t
            .chars()
            .all(|c| is_space(c) || ('１'..='９').contains(&c) || c.is_ascii_digit())
        {
            unread.push(&mut warnings, n, t);
        }
        i += 1;
    }
    let start = start_position(
        forced,
        handicap.as_ref(),
        &rows,
        &hands,
        side_to_move,
        &mut dropped,
    )?;
    let v = start.variant();
    // Moves.
    let mut pos = start.clone();
    let mut playable = true;
    let mut moves = Vec::new();
    let mut ending = None;
    let mut last_to: Option<Square> = None;
    while i < lines.len() {
        let n = i as u32 + 1;
        let t = trim_spaces(lines[i]);
        i += 1;
        if t.is_empty() || t.starts_with('#') || t.starts_with("手数") || t.starts_with('&') {
            continue;
        }
        if t.starts_with('*') {
            note(&mut dropped, "comments");
            continue;
        }
        if t.starts_with("変化") {
            note(&mut dropped, "variations");
            break;
        }
        if t.starts_with("まで") {
            continue;
        }
        if !starts_with_number(t) {
            if let Some((k, val)) = split_header(t) {
                headers.push((k.to_string(), val.to_string()));
            } else {
                unread.push(&mut warnings, n, t);
            }
            continue;
        }
        let (number, len) = parse_number(t).expect("starts with a number");
        let body = trim_spaces(&t[len..]);
        let word = body
            .split(|c: char| is_space(c) || c == '(')
            .next()
            .unwrap_or("");
        if let Some(kind) = ending_from_word(word) {
            if ending.is_some() {
                note(&mut dropped, "moves after the ending");
                break;
            }
            ending = Some(kind);
            if body[word.len()..].contains('(') {
                note(&mut dropped, "move times");
            }
            continue;
        }
        if ending.is_some() {
            note(&mut dropped, "moves after the ending");
            break;
        }
        let ply = moves.len() as u32 + 1;
        if number != ply {
            warnings.push((n, format!("move {number} is the game's move {ply}")));
        }
        let (m, named, rest) = parse_move(v, body, last_to).map_err(|e| read_error(n, e))?;
        let rest = trim_spaces(rest);
        if rest.starts_with(['(', '（']) {
            note(&mut dropped, "move times");
        }
        if rest.contains('*') {
            note(&mut dropped, "comments");
        }
        if playable {
            if let (VMove::Normal { from, .. }, Some(named)) = (m, named) {
                match pos.piece_at(from) {
                    Some(p) if p.kind != named => warnings.push((
                        n,
                        format!(
                            "the move names a {named}, but the piece on {from} is a {}",
                            p.kind
                        ),
                    )),
                    _ => {}
                }
            }
            playable = pos.play_lenient(m).1;
        }
        last_to = Some(m.to());
        moves.push(m);
    }
    unread.close(&mut warnings);
    Ok(VRead {
        game: VGame {
            start,
            moves,
            ending,
            headers,
        },
        dropped,
        warnings,
    })
}

fn starts_with_number(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_ascii_digit())
}

/// The start: the variant named by `手合割`, the board's size or `--variant`; the diagram
/// and hands when given, else the variant's initial position.
fn start_position(
    forced: Option<Variant>,
    handicap: Option<&(u32, String)>,
    rows: &[(u32, String)],
    hands: &[Option<(u32, String)>; 2],
    side_to_move: Color,
    dropped: &mut Vec<String>,
) -> Result<VPosition, VReadError> {
    let named = handicap.and_then(|(_, name)| variant_from_handicap(name));
    let hline = handicap.map_or(0, |h| h.0);
    if let Some((n, name)) = handicap {
        let custom = matches!(trim_spaces(name), "その他" | "詰将棋" | "");
        if named.is_none() && !custom && rows.is_empty() {
            return Err(read_error(
                *n,
                format!("`手合割：{name}` names no variant shogi-tool knows"),
            ));
        }
    }
    let board_v = if rows.is_empty() {
        None
    } else {
        let width = rows[0].1.chars().count() / 2;
        let plus = rows
            .iter()
            .map(|r| r.1.as_str())
            .chain(hands.iter().flatten().map(|h| h.1.as_str()))
            .any(|s| s.contains(['香', '桂', '杏', '圭']));
        Some(
            variant_from_board(width as u8, rows.len() as u8, plus).ok_or_else(|| {
                read_error(
                    rows[0].0,
                    format!(
                        "a board of {width} files and {} ranks is no known variant's",
                        rows.len()
                    ),
                )
            })?,
        )
    };
    let found = match (named, board_v) {
        (Some(n), Some(b)) if !fits(n, b) && !fits(b, n) => {
            return Err(read_error(
                hline,
                format!(
                    "`手合割` names {n}, but the board is {b}'s ({}x{})",
                    b.files(),
                    b.ranks()
                ),
            ))
        }
        (_, Some(b)) => Some(b),
        (n, None) => n,
    };
    let variant = match (found, forced) {
        (Some(f), Some(v)) if !fits(f, v) => {
            let why = match handicap {
                Some((_, name)) if named == Some(f) => format!(", 手合割：{name}"),
                _ => String::new(),
            };
            return Err(read_error(hline, mismatch(f, &why, v)));
        }
        (Some(_), Some(v)) => v,
        (Some(f), None) => f,
        (None, Some(v)) => v,
        (None, None) => {
            return Err(read_error(
                hline,
                "the record names no variant (no `手合割` of one, no board diagram)",
            ))
        }
    };
    if rows.is_empty() {
        if hands.iter().any(Option::is_some) {
            note(dropped, "hand lines without a board diagram");
        }
        let mut p = VPosition::start(variant);
        if side_to_move == Color::White {
            // `後手番` without a board: the initial board with the second player to move.
            let sfen = p.to_sfen().replacen(" b ", " w ", 1);
            p = VPosition::from_sfen_as(&sfen, Some(variant))
                .map_err(|e| read_error(hline, e.to_string()))?;
        }
        return Ok(p);
    }
    // The diagram as an SFEN, read by the SFEN reader (one set of checks).
    let mut sfen = String::new();
    for (k, (n, cells)) in rows.iter().enumerate() {
        if k > 0 {
            sfen.push('/');
        }
        let chars: Vec<char> = cells.chars().collect();
        if chars.len() % 2 != 0 || chars.len() / 2 != variant.files() as usize {
            return Err(read_error(
                *n,
                format!(
                    "the board row has {} cells, {variant} has {} files",
                    chars.len() / 2,
                    variant.files()
                ),
            ));
        }
        let mut empty = 0;
        for pair in chars.chunks(2) {
            let (mark, c) = (pair[0], pair[1]);
            if c == '・' {
                empty += 1;
                continue;
            }
            let name = c.to_string();
            let kind = parse_piece(variant, &name)
                .filter(|&(_, len)| len == name.len())
                .map(|p| p.0)
                .ok_or_else(|| read_error(*n, format!("`{c}` is no piece of {variant}")))?;
            if empty > 0 {
                sfen.push_str(&empty.to_string());
                empty = 0;
            }
            let text = variant.kind_text(kind);
            if matches!(mark, 'v' | 'V') {
                sfen.push_str(&text.to_ascii_lowercase());
            } else {
                sfen.push_str(&text);
            }
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
    }
    sfen.push_str(if side_to_move == Color::Black {
        " b "
    } else {
        " w "
    });
    let mut hand_sfen = String::new();
    for color in [Color::Black, Color::White] {
        let Some((n, text)) = &hands[color.index()] else {
            continue;
        };
        for (kind, count) in read_hand(variant, text).map_err(|e| read_error(*n, e))? {
            if count > 1 {
                hand_sfen.push_str(&count.to_string());
            }
            let t = variant.kind_text(kind);
            hand_sfen.push_str(&if color == Color::White {
                t.to_ascii_lowercase()
            } else {
                t
            });
        }
    }
    if hand_sfen.is_empty() {
        hand_sfen.push('-');
    }
    sfen.push_str(&hand_sfen);
    sfen.push_str(" 1");
    VPosition::from_sfen_as(&sfen, Some(variant))
        .map_err(|e| read_error(rows[0].0, format!("the board diagram: {}", e.message)))
}

/// Reads a hand (`金 銀二`, `きりん　ひよこ二`, `なし`).
fn read_hand(v: Variant, text: &str) -> Result<Vec<(VKind, u32)>, String> {
    let mut out = Vec::new();
    let t = trim_spaces(text);
    if t.is_empty() || t == "なし" {
        return Ok(out);
    }
    let mut rest = t;
    while !rest.is_empty() {
        rest = rest.trim_start_matches(|c: char| is_space(c) || c == '、');
        if rest.is_empty() {
            break;
        }
        let (kind, len) = parse_piece(v, rest)
            .filter(|(k, _)| !k.is_promoted() && !k.is_royal())
            .ok_or_else(|| format!("`{rest}` does not start with a piece {v} holds in hand"))?;
        rest = &rest[len..];
        let count = match parse_number(rest) {
            Some((c, l)) => {
                rest = &rest[l..];
                c
            }
            None => 1,
        };
        out.push((kind, count));
    }
    Ok(out)
}

/// Reads a move (`７六歩(77)`, `同　歩(74)`, `５五歩打`, `２二角成(88)`): the move, the kind it
/// names for a board move, and what follows.
fn parse_move(
    v: Variant,
    text: &str,
    last_to: Option<Square>,
) -> Result<(VMove, Option<VKind>, &str), String> {
    let on_board = |sq: Square| sq.file() <= v.files() && sq.rank() <= v.ranks();
    let (to, mut rest) = if let Some(r) = text.strip_prefix('同') {
        let to = last_to.ok_or_else(|| format!("`{text}`: 同 with no move before"))?;
        (to, r.trim_start_matches(is_space))
    } else {
        let (sq, len) = crate::formats::japanese::parse_square(text)
            .ok_or_else(|| format!("`{text}` does not start with a square"))?;
        if !on_board(sq) {
            return Err(format!(
                "`{text}`: {sq} is no square of {v} ({}x{})",
                v.files(),
                v.ranks()
            ));
        }
        (sq, &text[len..])
    };
    let (kind, len) = parse_piece(v, rest)
        .ok_or_else(|| format!("`{text}`: no piece name of {v} after the square"))?;
    rest = &rest[len..];
    let promote = if let Some(r) = rest.strip_prefix("不成") {
        rest = r;
        false
    } else if let Some(r) = rest.strip_prefix('生') {
        rest = r;
        false
    } else if let Some(r) = rest.strip_prefix('成') {
        rest = r;
        true
    } else {
        false
    };
    if let Some(r) = rest.strip_prefix('打') {
        if kind.is_promoted() || kind.is_royal() || promote {
            return Err(format!("`{text}`: a {kind} cannot be dropped"));
        }
        return Ok((VMove::Drop { kind, to }, None, r));
    }
    let inner = rest
        .strip_prefix('(')
        .or_else(|| rest.strip_prefix('（'))
        .ok_or_else(|| format!("`{text}`: neither 打 nor the square moved from, `(77)`"))?;
    let mut chars = inner.char_indices();
    let digit =
        |c: char| crate::formats::japanese::digit_value(c).filter(|_| !('一'..='九').contains(&c));
    let (f, r) = match (chars.next(), chars.next()) {
        (Some((_, f)), Some((_, r))) => (digit(f), digit(r)),
        _ => (None, None),
    };
    let from = f
        .zip(r)
        .and_then(|(f, r)| Square::new(f, r))
        .filter(|&s| on_board(s))
        .ok_or_else(|| format!("`{text}`: the square moved from is not one of {v}"))?;
    let after = chars.next().map_or(inner.len(), |(i, _)| i);
    let tail = &inner[after..];
    let tail = tail
        .strip_prefix(')')
        .or_else(|| tail.strip_prefix('）'))
        .ok_or_else(|| format!("`{text}`: `)` missing after the square moved from"))?;
    Ok((VMove::Normal { from, to, promote }, Some(kind), tail))
}

/// Writes `game` as KIF text (the same text is KIFU). Returns the text and what it could
/// not carry.
pub fn write(game: &VGame) -> (String, Vec<String>) {
    let v = game.variant();
    let dropped = Vec::new();
    let mut out = String::new();
    let is_player = |k: &str| matches!(k, "先手" | "後手" | "下手" | "上手");
    for (k, val) in game.headers.iter().filter(|(k, _)| !is_player(k)) {
        out.push_str(&format!("{k}：{val}\n"));
    }
    let name = handicap_name(v).unwrap_or("その他");
    out.push_str(&format!("手合割：{name}\n"));
    if !game.starts_initially() || handicap_name(v).is_none() {
        write_board(&game.start, &mut out);
    }
    for (k, val) in game.headers.iter().filter(|(k, _)| is_player(k)) {
        out.push_str(&format!("{k}：{val}\n"));
    }
    out.push_str("手数----指手---------消費時間--\n");
    let mut pos = game.start.clone();
    let mut last_to = None;
    for (i, &m) in game.moves.iter().enumerate() {
        out.push_str(&format!("{:>4} ", i + 1));
        out.push_str(&move_text(&pos, m, last_to));
        out.push('\n');
        last_to = Some(m.to());
        pos.play_lenient(m);
    }
    let plies = game.moves.len();
    if let Some(kind) = &game.ending {
        if let Some(word) = ending_word(kind) {
            out.push_str(&format!("{:>4} {word}\n", plies + 1));
        }
    }
    let report = replay(&game.to_vrecord(1), VRules::default());
    let kind = game.ending.clone().unwrap_or(EndingKind::Unknown);
    let winner = report.outcome.winner;
    let sentence = match (report.outcome.reason, &game.ending) {
        (OutcomeReason::Unknown, None) => None,
        (_, None) => match winner {
            Some(w) => Some(format!("まで{plies}手で{}の勝ち", side(w))),
            None => summary_sentence(
                plies,
                &match report.outcome.reason {
                    OutcomeReason::Repetition => EndingKind::Repetition,
                    _ => EndingKind::Unknown,
                },
                None,
                false,
            ),
        },
        _ => summary_sentence(plies, &kind, winner, false),
    };
    if let Some(s) = sentence {
        out.push_str(&s);
        out.push('\n');
    }
    (out, dropped)
}

/// The KIF text of `m` played in `pos` (`７六歩(77)`, `同　歩(74)`, `５五歩打`).
pub fn move_text(pos: &VPosition, m: VMove, last_to: Option<Square>) -> String {
    let v = pos.variant();
    let mut s = String::new();
    if last_to == Some(m.to()) {
        s.push_str("同　");
    } else {
        push_square(&mut s, m.to());
    }
    match m {
        VMove::Drop { kind, .. } => {
            s.push_str(piece_name(v, kind));
            s.push('打');
        }
        VMove::Normal { from, promote, .. } => {
            // A move from an empty square (a record read leniently) names the game's
            // smallest piece: a standard pawn is no piece of every variant (the reader
            // refused a dobutsu `同　歩` the writer wrote; found by the variant fuzz campaign).
            let smallest = v.kinds().iter().rev().copied().find(|k| !k.is_royal());
            let kind = pos
                .piece_at(from)
                .map(|p| p.kind)
                .or(smallest)
                .unwrap_or(VKind::Pawn);
            s.push_str(piece_name(v, kind));
            if promote {
                s.push('成');
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
    }
    s
}

/// Appends the hands, the diagram and the side to move of `pos` (Lishogi's layout).
pub fn write_board(pos: &VPosition, out: &mut String) {
    let v = pos.variant();
    let hand = |c: Color| {
        let parts: Vec<String> = v
            .kinds()
            .iter()
            .filter(|k| !k.is_royal())
            .filter_map(|&k| {
                let n = pos.hand_count(c, k) as u32;
                match n {
                    0 => None,
                    1 => Some(piece_name(v, k).to_string()),
                    n => Some(format!("{}{}", piece_name(v, k), kanji_number(n))),
                }
            })
            .collect();
        if parts.is_empty() {
            "なし".to_string()
        } else {
            parts.join("　")
        }
    };
    out.push_str(&format!(
        "{}の持駒：{}\n",
        side(Color::White),
        hand(Color::White)
    ));
    out.push(' ');
    for f in (1..=v.files()).rev() {
        out.push(' ');
        out.push(file_char(f));
    }
    out.push('\n');
    let rule = format!("+{}+\n", "-".repeat(3 * v.files() as usize));
    out.push_str(&rule);
    for r in 1..=v.ranks() {
        out.push('|');
        for f in (1..=v.files()).rev() {
            let sq = Square::new(f, r).expect("on the board");
            match pos.piece_at(sq) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push(board_char(p.kind));
                }
            }
        }
        out.push('|');
        out.push(rank_char(r));
        out.push('\n');
    }
    out.push_str(&rule);
    out.push_str(&format!(
        "{}の持駒：{}\n",
        side(Color::Black),
        hand(Color::Black)
    ));
    if pos.side_to_move() == Color::White {
        out.push_str("後手番\n");
    }
}

/// Every name of `v` a KIF move may use (for documentation and tests).
pub fn move_names(v: Variant) -> Vec<&'static str> {
    names(v).into_iter().map(|(n, _)| n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LISHOGI_MINI: &str = "手合割：5五将棋
先手：a
後手：b
手数----指手---------消費時間--
   1   ５三歩(54)   (00:03/00:00:03)
   2   同　飛(51)
   3   投了
";

    #[test]
    fn a_move_from_an_empty_square_is_written_with_a_piece_of_the_game() {
        // Regression (variant fuzz campaign): `同　歩(23)` in a dobutsu record, unreadable.
        let text = "手合割：どうぶつしょうぎ\n手数----指手---------消費時間--\n   1 ２二ひよこ(23)\n   2 同　ひよこ(23)\n";
        let game = read(text, None).unwrap().game;
        assert_eq!(game.moves.len(), 2);
        let (written, _) = write(&game);
        assert!(written.contains("同　ひよこ(23)"), "{written}");
        assert_eq!(read(&written, None).unwrap().game.moves, game.moves);
    }

    #[test]
    fn junk_lines_are_named_up_to_a_bound_then_counted() {
        // Regression: a warning (with a copy of the line) for every line not read.
        let text = format!("手合割：5五将棋\n{}", "abc\n".repeat(5_000));
        let r = read(&text, None).unwrap();
        assert_eq!(r.warnings.len(), KEPT_OF_A_KIND + 1);
        let (line, last) = r.warnings.last().unwrap();
        assert_eq!(*line, KEPT_OF_A_KIND as u32 + 2);
        assert!(
            last.starts_with("4900 more lines from this one on are not read"),
            "{last}"
        );
    }

    #[test]
    fn reads_lishogi_minishogi() {
        let r = read(LISHOGI_MINI, None).unwrap();
        assert_eq!(r.game.variant(), Variant::Minishogi);
        assert_eq!(r.game.moves.len(), 2);
        assert_eq!(r.game.ending, Some(EndingKind::Resignation));
        assert_eq!(r.dropped, vec!["move times".to_string()]);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        let rec = r.game.to_vrecord(1);
        let words: Vec<&str> = rec.moves.iter().map(|m| m.0.as_str()).collect();
        assert_eq!(words, ["5d5c", "5a5c"]);
    }

    #[test]
    fn writes_and_reads_the_initial_minishogi() {
        let g = VGame {
            start: VPosition::start(Variant::Minishogi),
            moves: vec![],
            ending: Some(EndingKind::Resignation),
            headers: vec![("先手".into(), "a".into())],
        };
        let (text, _) = write(&g);
        assert!(text.starts_with("手合割：5五将棋\n先手：a\n"), "{text}");
        let back = read(&text, None).unwrap();
        assert_eq!(back.game.variant(), Variant::Minishogi);
        assert_eq!(back.game.ending, Some(EndingKind::Resignation));
    }

    #[test]
    fn another_variant_than_forced_is_an_error_naming_both() {
        let e = read("手合割：5五将棋\n", Some(Variant::Dobutsu)).unwrap_err();
        assert!(
            e.message.contains("minishogi") && e.message.contains("dobutsu"),
            "{e}"
        );
    }

    #[test]
    fn tori_board_round_trips() {
        let g = VGame {
            start: VPosition::start(Variant::Torishogi),
            moves: vec![],
            ending: None,
            headers: vec![],
        };
        let (text, _) = write(&g);
        assert!(text.contains("手合割：その他"), "{text}");
        assert!(text.contains("|v右v雉v鶴v鵬v鶴v雉v左|一"), "{text}");
        let back = read(&text, None).unwrap();
        assert_eq!(back.game.start.to_sfen(), g.start.to_sfen());
    }
}
