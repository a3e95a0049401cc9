//! KI2 of the standard-piece variants (minishogi, Shogi 5x6 and 5x6+).
//!
//! KI2 names a move by its destination, its piece and, when several pieces of that kind could
//! go there, the relative words `右 左 直 上 引 寄` (and `打` for a drop a board piece could
//! also make, `成`/`不成` where a promotion could be chosen), read from the mover's side as in
//! standard shogi ([`crate::formats::ki2::ki2_move`] documents the words). The words are defined
//! for the standard pieces only, so Tori Shogi and Shogi 3x4 have no KI2.
//!
//! As for standard KI2, the candidates a word must tell apart are the moves the pieces of the
//! kind can make by their movement (pins disregarded); the reader takes the legal move the
//! words leave, else the one move by movement they leave (so a foul can still be carried).
//!
//! The header and board are KIF's ([`crate::formats::kif`]); the ending is the `まで…` sentence
//! (`まで12手で先手の勝ち` reads as a resignation unless the moves themselves ended the
//! game, `…時間切れにより…`, `…中断`, `…持将棋`, `…千日手`).

use super::{note, read_error, side, VGame, VRead, VReadError};
use crate::formats::japanese::{
    is_space, parse_square, parse_summary, summary_sentence, trim_spaces,
};
use crate::formats::ki2::ki2_move::{mark_color, Relative};
use crate::formats::kif;
use crate::record::EndingKind;
use crate::shogi::{Color, Square};
use crate::variant::{VKind, VMove, VPosition, Variant};

/// Whether KI2 can carry `v` (the standard-piece variants).
pub fn supports(v: Variant) -> bool {
    !matches!(v, Variant::Torishogi | Variant::Dobutsu)
}

/// The file as `us` counts it: 1 is the mover's rightmost file.
fn rel_file(v: Variant, us: Color, sq: Square) -> u8 {
    match us {
        Color::Black => sq.file(),
        Color::White => v.files() + 1 - sq.file(),
    }
}

fn word_fits(
    pos: &VPosition,
    word: Relative,
    from: Square,
    to: Square,
    right: u8,
    left: u8,
) -> bool {
    let v = pos.variant();
    let us = pos.side_to_move();
    let (fr, tr) = (pos.relative_rank(from, us), pos.relative_rank(to, us));
    match word {
        Relative::Up => tr < fr,
        Relative::Down => tr > fr,
        Relative::Sideways => tr == fr,
        Relative::Straight => from.file() == to.file() && tr < fr,
        Relative::Right => rel_file(v, us, from) == right,
        Relative::Left => rel_file(v, us, from) == left,
    }
}

/// The squares from which the side to move's pieces of `kind` reach `to` by their movement.
fn sources(pos: &VPosition, kind: VKind, to: Square) -> Vec<Square> {
    let mut out: Vec<Square> = pos
        .pseudo_moves()
        .into_iter()
        .filter_map(|m| match m {
            VMove::Normal { from, to: t, .. }
                if t == to && pos.piece_at(from).is_some_and(|p| p.kind == kind) =>
            {
                Some(from)
            }
            _ => None,
        })
        .collect();
    out.sort_by_key(|s| s.index());
    out.dedup();
    out
}

/// The words that single out `from` among `all` (empty when `from` is alone).
fn words_for(pos: &VPosition, all: &[Square], from: Square, to: Square) -> Vec<Relative> {
    if all.len() <= 1 {
        return Vec::new();
    }
    let v = pos.variant();
    let us = pos.side_to_move();
    let right = all.iter().map(|&s| rel_file(v, us, s)).min().unwrap_or(0);
    let left = all.iter().map(|&s| rel_file(v, us, s)).max().unwrap_or(0);
    let movement = [Relative::Up, Relative::Down, Relative::Sideways]
        .into_iter()
        .find(|&w| word_fits(pos, w, from, to, right, left));
    let side = [Relative::Straight, Relative::Right, Relative::Left]
        .into_iter()
        .filter(|&w| word_fits(pos, w, from, to, right, left));
    let mut tries: Vec<Vec<Relative>> = Vec::new();
    if let Some(m) = movement {
        tries.push(vec![m]);
    }
    for s in side {
        tries.push(vec![s]);
        if let Some(m) = movement {
            tries.push(vec![s, m]);
        }
    }
    for t in tries {
        let left_over: Vec<&Square> = all
            .iter()
            .filter(|&&s| t.iter().all(|&w| word_fits(pos, w, s, to, right, left)))
            .collect();
        if left_over.len() == 1 && *left_over[0] == from {
            return t;
        }
    }
    Vec::new()
}

fn may_promote(pos: &VPosition, kind: VKind, from: Square, to: Square) -> bool {
    let us = pos.side_to_move();
    kind.promote().is_some() && (pos.in_zone(from, us) || pos.in_zone(to, us))
}

/// The KI2 text of `m` in `pos` (`▲５三歩`, `△同　飛`, `▲２二角成`, `▲４四金右`).
pub fn move_text(pos: &VPosition, m: VMove, last_to: Option<Square>) -> String {
    let v = pos.variant();
    let mut s = String::new();
    s.push(if pos.side_to_move() == Color::Black {
        '▲'
    } else {
        '△'
    });
    if last_to == Some(m.to()) {
        s.push_str("同　");
    } else {
        crate::formats::japanese::push_square(&mut s, m.to());
    }
    match m {
        VMove::Drop { kind, to } => {
            s.push_str(super::piece_name(v, kind));
            if !sources(pos, kind, to).is_empty() {
                s.push('打');
            }
        }
        VMove::Normal { from, to, promote } => {
            let kind = pos.piece_at(from).map_or(VKind::Pawn, |p| p.kind);
            s.push_str(super::piece_name(v, kind));
            let all = sources(pos, kind, to);
            for w in words_for(pos, &all, from, to) {
                s.push(w.kanji());
            }
            if promote {
                s.push('成');
            } else if may_promote(pos, kind, from, to) {
                s.push_str("不成");
            }
        }
    }
    s
}

/// Writes `game` as KI2 (standard-piece variants only: see [`supports`]).
pub fn write(game: &VGame) -> (String, Vec<String>) {
    let mut dropped = Vec::new();
    let header = VGame {
        moves: Vec::new(),
        ending: None,
        ..game.clone()
    };
    let kif_text = kif::write(&header.to_record(), &kif::WriteOptions::default()).text;
    // The header of the KIF text, without its move section.
    let mut out: String = kif_text
        .lines()
        .take_while(|l| !l.starts_with("手数"))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut pos = game.start.clone();
    let mut last_to = None;
    let mut texts = Vec::new();
    for &m in &game.moves {
        texts.push(move_text(&pos, m, last_to));
        last_to = Some(m.to());
        pos.play_lenient(m);
    }
    for chunk in texts.chunks(6) {
        out.push_str(&chunk.join("    "));
        out.push('\n');
    }
    let plies = game.moves.len();
    let over = pos.campmate_winner().is_some() || !pos.has_legal_move();
    let sentence = match &game.ending {
        None if over => {
            // The moves ended the game: the winner is the side that moved last.
            Some(format!(
                "まで{plies}手で{}の勝ち",
                side(pos.side_to_move().flip())
            ))
        }
        None => None,
        Some(kind) => {
            if over {
                note(
                    &mut dropped,
                    "the ending word (the moves already end the game)",
                );
            }
            let winner = match kind {
                EndingKind::Resignation | EndingKind::Timeout | EndingKind::Checkmate => {
                    Some(pos.side_to_move().flip())
                }
                _ => None,
            };
            summary_sentence(plies, kind, winner, false)
        }
    };
    if let Some(s) = sentence {
        out.push_str(&s);
        out.push('\n');
    }
    (out, dropped)
}

/// Reads a KI2 record of a standard-piece variant.
pub fn read(text: &str, forced: Option<Variant>) -> Result<VRead, VReadError> {
    // The header and board through the KIF reader (it stops at the first move line).
    let lines: Vec<&str> = text.lines().collect();
    let first_move = lines
        .iter()
        .position(|l| trim_spaces(l).starts_with(|c: char| mark_color(c).is_some()))
        .unwrap_or(lines.len());
    let header: String = lines[..first_move]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let mut read = kif::read_as(&header, forced)
        .first()
        .map_or_else(|| Err(read_error(1, "no record")), VGame::from_record)?;
    let v = read.game.variant();
    if !supports(v) {
        return Err(read_error(
            1,
            format!("KI2 is for the standard-piece variants; {v} has no KI2 (use KIF)"),
        ));
    }
    let mut pos = read.game.start.clone();
    let mut last_to = None;
    for (i, line) in lines.iter().enumerate().skip(first_move) {
        let n = i as u32 + 1;
        let t = trim_spaces(line);
        if t.is_empty() || t.starts_with('#') || t.starts_with('&') {
            continue;
        }
        if t.starts_with('*') {
            note(&mut read.dropped, "comments");
            continue;
        }
        if t.starts_with("変化") {
            note(&mut read.dropped, "variations");
            break;
        }
        if let Some(summary) = parse_summary(t) {
            let over = pos.campmate_winner().is_some() || !pos.has_legal_move();
            read.game.ending = match summary.kind {
                EndingKind::Resignation if !summary.specific && over => None,
                EndingKind::Unknown => None,
                k => Some(k),
            };
            continue;
        }
        // Moves: each starts with a mark.
        let mut rest = t;
        while let Some(c) = rest.chars().next() {
            if is_space(c) {
                rest = &rest[c.len_utf8()..];
                continue;
            }
            if mark_color(c).is_none() {
                return Err(read_error(n, format!("`{rest}` is not a KI2 move")));
            }
            let end = rest[c.len_utf8()..]
                .find(|c: char| mark_color(c).is_some())
                .map_or(rest.len(), |e| e + c.len_utf8());
            let word = trim_spaces(&rest[..end]);
            let m = resolve(&pos, word, last_to).map_err(|e| read_error(n, e))?;
            read.game.moves.push(m);
            last_to = Some(m.to());
            pos.play_lenient(m);
            rest = &rest[end..];
        }
    }
    Ok(read)
}

/// The move a KI2 text names in `pos`.
fn resolve(pos: &VPosition, text: &str, last_to: Option<Square>) -> Result<VMove, String> {
    let v = pos.variant();
    let mut rest = text;
    let mark = rest.chars().next().and_then(mark_color);
    if let Some(c) = mark {
        if c != pos.side_to_move() {
            return Err(format!(
                "`{text}`: it is {}'s move",
                pos.side_to_move().name()
            ));
        }
        rest = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
    }
    let to = if let Some(r) = rest.strip_prefix('同').or_else(|| rest.strip_prefix('仝')) {
        rest = r.trim_start_matches(is_space);
        last_to.ok_or_else(|| format!("`{text}`: 同 with no move before"))?
    } else {
        let (sq, len) =
            parse_square(rest).ok_or_else(|| format!("`{text}` does not start with a square"))?;
        if sq.file() > v.files() || sq.rank() > v.ranks() {
            return Err(format!("`{text}`: {sq} is no square of {v}"));
        }
        rest = &rest[len..];
        sq
    };
    let (kind, len) = super::parse_piece(v, rest)
        .ok_or_else(|| format!("`{text}`: no piece name of {v} after the square"))?;
    rest = &rest[len..];
    let mut words = Vec::new();
    let mut promote = None;
    let mut drop = false;
    while let Some(c) = rest.chars().next() {
        if let Some(w) = Relative::from_char(c) {
            words.push(w);
        } else if rest.starts_with("不成") {
            promote = Some(false);
            rest = &rest["不".len()..];
        } else if c == '生' {
            promote = Some(false);
        } else if c == '成' {
            promote = Some(true);
        } else if c == '打' {
            drop = true;
        } else {
            return Err(format!("`{text}`: `{rest}` is not read"));
        }
        rest = &rest[c.len_utf8()..];
    }
    let all = sources(pos, kind, to);
    let drop_move = VMove::Drop { kind, to };
    if drop || (all.is_empty() && promote.is_none() && words.is_empty()) {
        return Ok(drop_move);
    }
    let us = pos.side_to_move();
    let right = all.iter().map(|&s| rel_file(v, us, s)).min().unwrap_or(0);
    let left = all.iter().map(|&s| rel_file(v, us, s)).max().unwrap_or(0);
    let fits: Vec<Square> = all
        .iter()
        .copied()
        .filter(|&s| words.iter().all(|&w| word_fits(pos, w, s, to, right, left)))
        .collect();
    let legal = pos.legal_moves();
    let mv = |from: Square| {
        let p = match promote {
            Some(p) => p,
            // No word: no promotion, unless only a promotion is possible (a forced one).
            None => {
                !legal.contains(&VMove::Normal {
                    from,
                    to,
                    promote: false,
                }) && legal.contains(&VMove::Normal {
                    from,
                    to,
                    promote: true,
                })
            }
        };
        VMove::Normal {
            from,
            to,
            promote: p,
        }
    };
    let legal_fits: Vec<Square> = fits
        .iter()
        .copied()
        .filter(|&s| legal.contains(&mv(s)))
        .collect();
    match (legal_fits.as_slice(), fits.as_slice()) {
        ([one], _) => Ok(mv(*one)),
        ([], [one]) => Ok(mv(*one)),
        ([], []) => Err(format!(
            "`{text}`: no {kind} of {} can move to {to} as written",
            us.name()
        )),
        _ => Err(format!(
            "`{text}` is ambiguous: {} pieces fit",
            legal_fits.len().max(fits.len())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{oracle_games, round_trip};
    use super::*;

    #[test]
    fn ki2_round_trips_the_standard_piece_variants() {
        // A game the moves end (mate) with an ending word after it: KI2's summary cannot
        // tell the two apart (the writer says so), so those are left out here.
        let games: Vec<VGame> = oracle_games()
            .into_iter()
            .filter(|g| supports(g.variant()))
            .filter(|g| {
                let mut p = g.start.clone();
                for &m in &g.moves {
                    p.play_lenient(m);
                }
                g.ending.is_none() || p.has_legal_move()
            })
            .collect();
        assert!(games.len() >= 20, "{}", games.len());
        round_trip(games, |g| write(g).0, |t, v| read(t, Some(v)).unwrap().game);
    }

    #[test]
    fn words_tell_two_golds_apart() {
        // Two black golds on 4e and 2e can both go to 3d: 右 is 2e's, 左 4e's.
        let pos =
            VPosition::from_sfen_as("4k/5/5/5/KG1G1 b - 1", Some(Variant::Minishogi)).unwrap();
        let m = pos.parse_usi("2e3d").unwrap();
        assert_eq!(move_text(&pos, m, None), "▲３四金右");
        assert_eq!(resolve(&pos, "▲３四金右", None), Ok(m));
        assert_eq!(
            resolve(&pos, "▲３四金左", None),
            Ok(pos.parse_usi("4e3d").unwrap())
        );
        assert!(resolve(&pos, "▲３四金", None)
            .unwrap_err()
            .contains("ambiguous"));
    }
}
