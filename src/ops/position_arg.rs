//! The position argument every command takes the same way (`--sfen`, `find --position`): an
//! SFEN or `startpos`, optionally after `position` or `sfen`, optionally followed by `moves`
//! and USI moves, which are played; a smaller variant's board or Fairy-Stockfish FEN is read
//! for that variant. The errors name the option they came from (`option`: "--sfen",
//! "--position") and say where in the text the fault is.

use crate::formats::usi;
use crate::record::replay::{replay, ReplayOptions};
use crate::record::Start;
use crate::variant::{VPosition, Variant};
use crate::views::shown::{last_square, AnyPosition};
use crate::views::{self, Located};

/// A position argument that cannot be used: a sentence naming the option and the fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PositionArgError(pub String);

/// Parses a `--sfen` value: an SFEN or `startpos` (optionally after `position` or `sfen`),
/// optionally followed by `moves` and USI moves, which are played.
pub fn parse_sfen(s: &str) -> Result<Located, String> {
    views::located_from_sfen(s).map_err(|e| e.to_string())
}

/// A `--sfen` value of a command that also takes the smaller variants: the text as given,
/// and the standard position when it is one (a variant's position is read later, when
/// `--variant` is known).
#[derive(Clone, Debug)]
pub struct AnySfen {
    /// The value as given.
    pub text: String,
    /// The standard position, or why the text is none.
    pub standard: Result<Located, String>,
}

impl AnySfen {
    /// The standard position, or the error that it is none: for a board of a smaller
    /// variant's size, that size and the `--variant` to give, not the standard rules' complaint.
    pub fn located(&self) -> Result<&Located, PositionArgError> {
        self.standard
            .as_ref()
            .map_err(|e| match size_hint(&self.text) {
                Some(hint) => PositionArgError(format!(
                    "cannot read the SFEN `{}`: {hint}",
                    self.text.trim()
                )),
                None => PositionArgError(e.clone()),
            })
    }
}

/// For an SFEN whose board has the size of a smaller variant's (5x5, 5x6, 7x7, 3x4), a sentence
/// saying so and naming the `--variant` to give.
fn size_hint(sfen: &str) -> Option<String> {
    let t = sfen.trim();
    let t = t.strip_prefix("position").map_or(t, str::trim_start);
    let t = t.strip_prefix("sfen").map_or(t, str::trim_start);
    let board = t.split_whitespace().next()?;
    let ranks: Vec<&str> = board.split('/').collect();
    let width = |rank: &str| -> usize {
        rank.chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => d as usize,
                None if c.is_ascii_alphabetic() => 1,
                None => 0,
            })
            .sum()
    };
    let files = width(ranks[0]);
    if ranks.iter().any(|r| width(r) != files) {
        return None;
    }
    let variants = match (files, ranks.len()) {
        (5, 5) => "--variant minishogi",
        (5, 6) => "--variant gorogoro (or gorogoroplus)",
        (7, 7) => "--variant torishogi",
        (3, 4) => "--variant dobutsu",
        _ => return None,
    };
    Some(format!(
        "the board is {files}x{} (files x ranks), not shogi's 9x9: give {variants}",
        ranks.len()
    ))
}

/// Parses a `--sfen` value: the standard grammar, or the board of a smaller variant.
pub fn parse_any_sfen(s: &str) -> Result<AnySfen, String> {
    let standard = parse_sfen(s);
    if let Err(e) = &standard {
        let t = s.trim();
        let t = t.strip_prefix("position").map_or(t, str::trim_start);
        let board = t.strip_prefix("sfen").map_or(t, str::trim_start);
        let board = board.split(" moves").next().unwrap_or(board);
        let is_variant = board.split_whitespace().next().is_some_and(|b| {
            // Anything but a 9-rank board may be a variant's (read and judged later).
            b.contains('[') || b.split('/').count() != 9
        });
        if !is_variant {
            return Err(e.clone());
        }
    }
    Ok(AnySfen {
        text: s.to_string(),
        standard,
    })
}

/// The position of an SFEN option (`startpos` without one) of either game: a variant's when
/// `--variant` names one or the board is of a variant's size, else standard shogi's. `option`
/// names the flag in errors (`--sfen`, `--position`).
pub fn sfen_position(
    sfen: Option<&AnySfen>,
    variant: Option<Variant>,
    option: &str,
) -> Result<AnyPosition, PositionArgError> {
    let text = sfen.map_or("startpos", |s| s.text.as_str());
    if let Some(p) = positions_from_sfen(text, variant, option)?.filter(|p| !p.is_empty()) {
        return Ok(shown(&p, p.len() - 1));
    }
    Ok(AnyPosition::Standard(Box::new(match sfen {
        Some(sfen) => sfen.located()?.clone(),
        None => Located::bare(crate::shogi::Position::startpos()),
    })))
}

/// Position `n` of a variant's `positions`, with the destination of the move that led there.
pub fn shown(positions: &[VPosition], n: usize) -> AnyPosition {
    let last = n
        .checked_sub(1)
        .and_then(|b| last_square(&positions[b], &positions[n]));
    AnyPosition::Variant {
        position: Box::new(positions[n].clone()),
        last,
    }
}

/// Reads `--sfen` text (`startpos`, an SFEN or Fairy-Stockfish FEN, optionally followed by
/// `moves ...`) for a variant, if it is one, through the one SFEN/USI reader and the one
/// replay: every position from the SFEN's to the last after its moves; `None` for standard
/// shogi.
pub fn positions_from_sfen(
    sfen: &str,
    variant: Option<Variant>,
    option: &str,
) -> Result<Option<Vec<VPosition>>, PositionArgError> {
    let t = sfen.trim();
    let line = if t.starts_with("startpos") || t.starts_with("sfen ") || t.starts_with("position ")
    {
        t.to_string()
    } else {
        format!("sfen {t}")
    };
    let standard = matches!(variant, None | Some(Variant::Standard));
    // Standard shogi is read as detected, so that a variant's board says which game it is.
    let forced = variant.filter(|_| !standard);
    let record = usi::read_as(&line, forced)
        .into_iter()
        .next()
        .ok_or_else(|| PositionArgError("no position given".into()))?;
    let start = match &record.start {
        Start::Variant(p) => Some(p.variant()),
        _ => None,
    };
    if standard {
        match start {
            None | Some(Variant::Standard) => return Ok(None),
            Some(found) if variant.is_some() => {
                return Err(PositionArgError(format!(
                    "the position is {found} ({}), but --variant says standard",
                    found.title()
                )))
            }
            Some(_) => {}
        }
    }
    let plies = record.tree.main_line_moves().count();
    let read_error = record.errors.first().map(|e| match start {
        Some(_) => format!(
            "ply {}: column {}: {}",
            plies + 1,
            e.column,
            e.message.trim_end_matches('.')
        ),
        None => start_error(&e.message, e.column, sfen_column(&line)),
    });
    if let (None, Some(message)) = (start, &read_error) {
        return Err(PositionArgError(format!(
            "cannot use {option} `{sfen}`: {message}"
        )));
    }
    let report = replay(&record, &ReplayOptions::default());
    if let Some(f) = report.fouls.first() {
        return Err(PositionArgError(format!(
            "cannot use {option} `{sfen}`: ply {}: {}",
            f.ply, f.message
        )));
    }
    if let Some(message) = read_error {
        return Err(PositionArgError(format!(
            "cannot use {option} `{sfen}`: {message}"
        )));
    }
    Ok(Some(report.variant_positions))
}

/// The 0-based character column where the SFEN of an SFEN/USI line starts (after
/// `position` and `sfen`).
fn sfen_column(line: &str) -> usize {
    let rest = line.strip_prefix("position").map_or(line, str::trim_start);
    let rest = rest.strip_prefix("sfen").map_or(rest, str::trim_start);
    line[..line.len() - rest.len()].chars().count()
}

/// The reader's error about the start of a `--sfen` line, worded as the SFEN's own (`SFEN
/// board field, byte 9: ...`, the byte counted in the SFEN as given): `column` is the
/// reader's, in a line whose SFEN starts at character `prefix` (0-based).
fn start_error(message: &str, column: u32, prefix: usize) -> String {
    let message = message.trim_end_matches('.');
    if let Some(m) = message.strip_prefix("Cannot read the SFEN: ") {
        return m.to_string();
    }
    if let Some((field, m)) = message
        .strip_prefix("Cannot read the SFEN's ")
        .and_then(|m| m.split_once(" field: "))
    {
        let byte = (column as usize).saturating_sub(1 + prefix);
        return format!("SFEN {field} field, byte {byte}: {m}");
    }
    format!("column {column}: {message}")
}

/// Why `sfen`, which is no standard position, is no smaller variant's either, in the variant
/// SFEN reader's words (the field, the byte, what is wrong); `None` when the text is a standard
/// position or its position reads as a variant's (then the fault is elsewhere, in its moves).
pub fn variant_sfen_error(sfen: &AnySfen, variant: Option<Variant>) -> Option<String> {
    if sfen.standard.is_ok() || variant == Some(Variant::Standard) {
        return None;
    }
    let t = sfen.text.trim();
    let t = t.strip_prefix("position").map_or(t, str::trim_start);
    let t = t.strip_prefix("sfen").map_or(t, str::trim_start);
    if t.starts_with("startpos") {
        return None;
    }
    let position = t.split(" moves").next().unwrap_or(t);
    VPosition::from_sfen_as(position, variant)
        .err()
        .map(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_takes_startpos_with_moves() {
        let l = parse_sfen("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(l.ply, Some(2));
        assert!(parse_sfen("startpos moves 7g7x").is_err());
    }

    #[test]
    fn a_fault_is_said_with_the_option_and_the_field() {
        let e = sfen_position(None, None, "--sfen").map(|_| ());
        assert!(e.is_ok());
        let bad = parse_any_sfen("lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b - 1 moves 7g7x");
        let message = match bad {
            Ok(sfen) => sfen_position(Some(&sfen), None, "--position")
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
            Err(e) => e,
        };
        assert!(!message.is_empty());
        assert_eq!(
            start_error("Cannot read the SFEN's board field: bad.", 12, 5),
            "SFEN board field, byte 6: bad"
        );
        assert_eq!(sfen_column("position sfen 9/9"), 14);
    }

    #[test]
    fn a_smaller_board_names_the_variant_to_give() {
        let hint = size_hint("rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
        assert!(hint.contains("--variant minishogi"), "{hint}");
        assert!(size_hint("startpos").is_none());
    }
}
