//! The SFEN/USI writer: one `position` line of a record's main line.

use super::read::ending_word;
use crate::record::{Ending, EndingKind, MoveEntry, Record, Start};
use crate::shogi::{Color, Handicap, Move, Position};

/// The written text and what the format could not carry.
pub use crate::formats::written::Written;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Sfen,
    Usi,
}

/// Writes the record's main line as one `startpos moves ...` / `sfen <SFEN> moves ...` line
/// (USI moves only: the ending is named in [`Written::dropped`]).
pub fn write_sfen(record: &Record) -> Written {
    write(record, Style::Sfen)
}

/// Writes the record's main line as one USI command, `position startpos moves ...` /
/// `position sfen <SFEN> moves ...` (never with an ending word).
pub fn write_usi(record: &Record) -> Written {
    write(record, Style::Usi)
}

/// The move as the record means it: a board move promotes when the record names the promoted
/// kind of the piece standing on its source square.
fn resolve_promotion(pos: &Position, entry: &MoveEntry, mv: Move) -> Move {
    match mv {
        Move::Normal {
            from,
            to,
            promote: false,
        } => {
            let promotes = match (entry.standard_piece(), pos.piece_at(from)) {
                (Some(claimed), Some(actual)) => actual.kind.promote() == Some(claimed),
                _ => false,
            };
            Move::Normal {
                from,
                to,
                promote: promotes,
            }
        }
        mv => mv,
    }
}

fn push_usi(out: &mut String, mv: Move) {
    match mv {
        Move::Normal { from, to, promote } => {
            let [a, b] = from.usi();
            let [c, d] = to.usi();
            for byte in [a, b, c, d] {
                out.push(byte as char);
            }
            if promote {
                out.push('+');
            }
        }
        Move::Drop { kind, to } => {
            let [c, d] = to.usi();
            for byte in [kind.base_letter(), b'*', c, d] {
                out.push(byte as char);
            }
        }
    }
}

/// The word for `ending` when the side to move is `to_move`: its own spelling when that reads
/// back as the same ending, else the canonical word; `None` when no word stands for it.
fn ending_to_word(ending: &Ending, to_move: Color) -> Option<&'static str> {
    if let Some((kind, word)) = ending_word(ending.raw.trim(), to_move) {
        if kind == ending.kind {
            return Some(word);
        }
    }
    Some(match &ending.kind {
        EndingKind::Resignation => "resign",
        EndingKind::Declaration => "win",
        EndingKind::Draw => "draw",
        EndingKind::Repetition => "rep_draw",
        EndingKind::PerpetualCheck => "rep_win",
        EndingKind::IllegalAction { loser } if *loser == to_move => "illegal",
        EndingKind::Impasse => "impasse",
        EndingKind::Timeout => "timeout",
        EndingKind::Abort => "break",
        EndingKind::MaxMoves => "max_moves",
        EndingKind::IllegalMove => "illegal",
        EndingKind::Checkmate => "mate",
        _ => return None,
    })
}

fn write(record: &Record, style: Style) -> Written {
    let start = record.start.normalized();
    let mut text = String::with_capacity(128 + 6 * record.tree.len());
    if style == Style::Usi {
        text.push_str("position ");
    }
    let start_setup = match &start {
        Start::Handicap(Handicap::Even) => {
            text.push_str("startpos");
            None
        }
        Start::Handicap(h) => {
            text.push_str("sfen ");
            text.push_str(h.sfen());
            None
        }
        Start::Position(setup) => {
            text.push_str("sfen ");
            text.push_str(&setup.to_sfen());
            Some(setup)
        }
        Start::Variant(p) => {
            // A smaller variant's own SFEN and USI moves (its kinds are no standard ones).
            text.push_str("sfen ");
            text.push_str(&p.to_sfen());
            None
        }
    };
    let variant = matches!(start, Start::Variant(_));

    // Replay the main line so promotions named only by the piece are written with `+`.
    let mut pos = match start_setup {
        Some(setup) => Position::from_setup(setup).ok(),
        None => start.position().ok(),
    };
    let mut to_move = start_setup.map_or_else(|| start.setup().side_to_move, |s| s.side_to_move);
    let mut out_of_turn = false;
    let mut not_standard = false;
    for (i, entry) in record.tree.main_line_moves().enumerate() {
        if variant {
            text.push_str(if i == 0 { " moves " } else { " " });
            text.push_str(&entry.mv.to_usi());
            to_move = to_move.flip();
            continue;
        }
        let Some(mut mv) = entry.standard() else {
            not_standard = true;
            break;
        };
        if let Some(p) = pos.as_mut() {
            if let Some(mover) = entry.mover {
                out_of_turn |= mover != p.side_to_move();
                p.set_side_to_move(mover);
            }
            mv = resolve_promotion(p, entry, mv);
            p.play_unchecked(mv);
            to_move = p.side_to_move();
        } else {
            out_of_turn |= entry.mover.is_some_and(|m| m != to_move);
            to_move = entry.mover.unwrap_or(to_move).flip();
        }
        text.push_str(if i == 0 { " moves " } else { " " });
        push_usi(&mut text, mv);
    }

    let mut dropped = Vec::new();
    if not_standard {
        dropped.push("moves that are not standard shogi's and the rest of the line".to_string());
    }
    if out_of_turn {
        // A USI move list alternates sides: read back, the game would be another one.
        dropped.push("moves made out of turn (USI alternates sides)".to_string());
    }
    if !record.metadata.is_empty() {
        dropped.push("metadata".to_string());
    }
    let tree = &record.tree;
    let nodes = || tree.ids().map(|id| tree.node(id));
    if nodes().any(|n| {
        !n.comments().is_empty() || !n.engine_comments().is_empty() || !n.remarks().is_empty()
    }) {
        dropped.push("comments".to_string());
    }
    if nodes().any(|n| n.time.is_some()) {
        dropped.push("times".to_string());
    }
    if tree.has_variations() {
        dropped.push("variations".to_string());
    }
    if nodes().any(|n| n.bookmark().is_some()) {
        dropped.push("bookmarks".to_string());
    }
    if let Some(ending) = record.ending() {
        dropped.push(match ending_to_word(ending, to_move) {
            Some(word) => format!("ending ({word})"),
            None => "ending".to_string(),
        });
    }
    text.push('\n');
    Written { text, dropped }
}
