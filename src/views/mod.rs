//! Views of a position for people and scripts: the board as a KIF diagram or an SVG picture,
//! where each piece in hand may be dropped (and why not elsewhere), every legal move with its
//! promotion choice, and a guide to how each piece moves; and the charts and HTML report of
//! collection statistics ([`chart_svg`], [`report_html`]).
//!
//! Everything here is built on the rules core: legality always comes from
//! [`Position::diagnose`] and [`Position::legal_moves`], never from rules restated here. The
//! position views (moves, drops, the boards) are written once over
//! [`shown::PositionView`], the rules interface ([`crate::shogi::Rules`]) with what a view
//! shows, for standard shogi and the smaller variants alike; [`shown::AnyPosition`] is the
//! position a command shows, of either core.
//!
//! ```
//! use shogi_tool::views::{self, drops::DropsReport, PieceStyle};
//! use shogi_tool::shogi::{PieceKind, Position};
//! let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
//! let report = DropsReport::new(&pos, None);
//! assert_eq!(report.drops[0].kind, PieceKind::Pawn);
//! assert!(report.drops[0].legal.len() > 60);
//! let text = views::board_text::diagram(&pos, None, PieceStyle::Kanji);
//! assert!(text.starts_with("後手の持駒：なし\n"));
//! ```

pub mod board_svg;
pub mod board_text;
pub mod chart_svg;
pub mod drops;
pub mod guide;
pub mod moves;
pub mod notation;
pub mod report_html;
pub mod shapes;
pub mod shown;
mod svg;

use crate::record::replay::main_line_positions;
use crate::record::Record;
use crate::shogi::{Foul, Move, PieceKind, Position, PositionError, Square};

pub use notation::PieceStyle;

/// A position to show, with how it was reached when that is known.
#[derive(Clone, Debug)]
pub struct Located {
    /// The position.
    pub position: Position,
    /// The number of moves played to reach it (in the record's main line, or after `moves`).
    pub ply: Option<usize>,
    /// The move that led to it, when it comes from a record or a move list.
    pub last: Option<LastMove>,
}

/// The move that led to a position, and the position before it (for naming the move).
#[derive(Clone, Debug)]
pub struct LastMove {
    /// The position before the move.
    pub before: Position,
    /// The move, with `promote` set when the piece promoted.
    pub mv: Move,
}

impl Located {
    /// A position with no history.
    pub fn bare(position: Position) -> Located {
        Located {
            position,
            ply: None,
            last: None,
        }
    }

    /// The destination of the last move.
    pub fn last_square(&self) -> Option<Square> {
        self.last.as_ref().map(|l| l.mv.to())
    }
}

/// Why a position could not be found.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The SFEN could not be read.
    #[error("cannot read the SFEN `{text}`: {source}")]
    Sfen {
        /// The text given.
        text: String,
        /// Why.
        source: PositionError,
    },
    /// A move after the SFEN is not USI.
    #[error("`{text}` is not a USI move (such as 7g7f, 8h2b+ or P*5e)")]
    BadMove {
        /// The text given.
        text: String,
    },
    /// A move after the SFEN is illegal.
    #[error("move {ply} ({usi}) is illegal: {foul}")]
    IllegalMove {
        /// Its number, from 1.
        ply: usize,
        /// The move.
        usi: String,
        /// Why.
        foul: Foul,
    },
    /// The record's start position cannot be played.
    #[error("the record's start position cannot be played")]
    Start,
    /// The main line is shorter than the ply asked for.
    #[error("the main line has {plies} plies; there is no ply {ply}")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The plies the main line has (as far as they could be played).
        plies: usize,
    },
}

/// Reads a position from `text`: an SFEN, `startpos`, optionally prefixed by `position` and/or
/// `sfen` and followed by `moves` and USI moves (which must be legal), as USI engines write it.
///
/// ```
/// use shogi_tool::views::located_from_sfen;
/// let loc = located_from_sfen("startpos moves 7g7f 3c3d").unwrap();
/// assert_eq!(loc.ply, Some(2));
/// assert_eq!(loc.last_square().unwrap().to_string(), "3d");
/// ```
pub fn located_from_sfen(text: &str) -> Result<Located, ViewError> {
    let trimmed = text.trim();
    let rest = trimmed.strip_prefix("position ").unwrap_or(trimmed).trim();
    let rest = rest.strip_prefix("sfen ").unwrap_or(rest).trim();
    let (sfen, moves) = match rest.split_once(" moves") {
        Some((s, m)) => (s.trim(), Some(m)),
        None => (rest.strip_suffix(" moves").unwrap_or(rest), None),
    };
    let sfen = if sfen == "startpos" {
        crate::shogi::STARTPOS_SFEN
    } else {
        sfen
    };
    let mut position = Position::from_sfen(sfen).map_err(|source| ViewError::Sfen {
        text: text.to_string(),
        source,
    })?;
    let Some(moves) = moves else {
        return Ok(Located::bare(position));
    };
    let mut last = None;
    let mut ply = 0;
    for word in moves.split_whitespace() {
        let mv = Move::from_usi(word).map_err(|_| ViewError::BadMove {
            text: word.to_string(),
        })?;
        ply += 1;
        let before = position.clone();
        position.play(mv).map_err(|foul| ViewError::IllegalMove {
            ply,
            usi: word.to_string(),
            foul,
        })?;
        last = Some(LastMove { before, mv });
    }
    Ok(Located {
        position,
        ply: Some(ply),
        last,
    })
}

/// The position after `ply` moves of the record's main line (by default its final position),
/// with the move that led there.
///
/// Moves are carried out as replay does (leniently: a foul is played where that is possible);
/// the main line ends early at a move that cannot be carried out.
pub fn located_in_record(record: &Record, ply: Option<usize>) -> Result<Located, ViewError> {
    let mut moves = record.tree.main_line_moves();
    let mut previous: Option<Position> = None;
    let mut found: Option<Located> = None;
    let mut plies = 0;
    let ok = main_line_positions(record, |n, pos| {
        plies = n;
        let last = match (previous.take(), n) {
            (Some(before), n) if n > 0 => moves.next().and_then(|entry| {
                Some(LastMove {
                    mv: as_played(&before, pos, entry.standard()?),
                    before,
                })
            }),
            _ => None,
        };
        if ply.is_none() || ply == Some(n) {
            found = Some(Located {
                position: pos.clone(),
                ply: Some(n),
                last,
            });
        }
        previous = Some(pos.clone());
    });
    if !ok {
        return Err(ViewError::Start);
    }
    match (found, ply) {
        (Some(loc), _) => Ok(loc),
        (None, Some(ply)) => Err(ViewError::NoSuchPly { ply, plies }),
        (None, None) => Err(ViewError::Start),
    }
}

/// The move as it was carried out: records that name the piece after the move (CSA `UM`)
/// may leave `promote` unset, so it is read off the board.
fn as_played(before: &Position, after: &Position, mv: Move) -> Move {
    match mv {
        Move::Normal { from, to, .. } => {
            let was = before.piece_at(from).map(|p| p.kind);
            let is = after.piece_at(to).map(|p| p.kind);
            Move::Normal {
                from,
                to,
                promote: was.is_some() && is.is_some() && was != is,
            }
        }
        d => d,
    }
}

/// Reads a piece name: an SFEN letter (`P`, `+P`, either case), a kanji (`歩`, `と`, `成香`,
/// `玉`/`王`, `竜`/`龍`) or an English name (`pawn`, `tokin`, `dragon`, ...).
///
/// ```
/// use shogi_tool::views::parse_piece;
/// use shogi_tool::shogi::PieceKind;
/// assert_eq!(parse_piece("p"), Some(PieceKind::Pawn));
/// assert_eq!(parse_piece("角"), Some(PieceKind::Bishop));
/// assert_eq!(parse_piece("+R"), Some(PieceKind::Dragon));
/// assert_eq!(parse_piece("knight"), Some(PieceKind::Knight));
/// assert_eq!(parse_piece("X"), None);
/// ```
pub fn parse_piece(text: &str) -> Option<PieceKind> {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix('+') {
        return parse_piece(rest).and_then(PieceKind::promote);
    }
    if t.len() == 1 {
        return PieceKind::from_letter(t.as_bytes()[0]);
    }
    for kind in PieceKind::ALL {
        if notation::kif_name(kind) == t
            || notation::board_kanji(kind) == t
            || kind.english().eq_ignore_ascii_case(t)
        {
            return Some(kind);
        }
    }
    match t {
        "王" => Some(PieceKind::King),
        "竜" => Some(PieceKind::Dragon),
        "仝" | "成銀" => Some(PieceKind::ProSilver),
        _ => None,
    }
}

/// Reads a square: USI (`5e`), two digits file then rank (`55`), or KIF (`５五`).
///
/// ```
/// use shogi_tool::views::parse_square;
/// let sq = parse_square("5e").unwrap();
/// assert_eq!(parse_square("55"), Some(sq));
/// assert_eq!(parse_square("５五"), Some(sq));
/// assert_eq!(parse_square("5j"), None);
/// ```
pub fn parse_square(text: &str) -> Option<Square> {
    let t = text.trim();
    if let Some(sq) = Square::from_usi(t.as_bytes()).or_else(|| Square::from_digits(t.as_bytes())) {
        return Some(sq);
    }
    let mut chars = t.chars();
    let (f, r) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let file = notation::FULL_WIDTH_DIGITS.iter().position(|&c| c == f)? as u8 + 1;
    let rank = notation::KANJI_DIGITS.iter().position(|&c| c == r)? as u8 + 1;
    Square::new(file, rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_with_moves_keeps_the_last_move() {
        let loc = located_from_sfen("position sfen startpos moves 7g7f 3c3d 8h2b+").unwrap();
        let last = loc.last.unwrap();
        assert_eq!(last.mv.to_usi(), "8h2b+");
        assert_eq!(loc.ply, Some(3));
        assert!(matches!(
            located_from_sfen("startpos moves 7g7f 7g7f"),
            Err(ViewError::IllegalMove { ply: 2, .. })
        ));
        assert!(matches!(
            located_from_sfen("startpos moves xx"),
            Err(ViewError::BadMove { .. })
        ));
        assert!(located_from_sfen("lnsgkgsnl b").is_err());
    }

    #[test]
    fn record_positions_name_the_move_that_led_there() {
        let mut record = Record::new();
        let mut parent = 0;
        for usi in ["7g7f", "3c3d", "8h2b"] {
            let entry = crate::record::MoveEntry::new(Move::from_usi(usi).unwrap());
            parent = record
                .tree
                .push(parent, crate::record::NodeKind::Move(entry), 0);
        }
        let last = located_in_record(&record, None).unwrap();
        assert_eq!(last.ply, Some(3));
        assert_eq!(last.last.unwrap().mv.to_usi(), "8h2b");
        let one = located_in_record(&record, Some(1)).unwrap();
        assert_eq!(one.last_square().unwrap().to_string(), "7f");
        assert!(located_in_record(&record, Some(0)).unwrap().last.is_none());
        assert!(matches!(
            located_in_record(&record, Some(9)),
            Err(ViewError::NoSuchPly { ply: 9, plies: 3 })
        ));
    }

    #[test]
    fn pieces_and_squares_parse_in_every_spelling() {
        for kind in PieceKind::ALL {
            assert_eq!(parse_piece(kind.sfen()), Some(kind));
            assert_eq!(parse_piece(notation::kif_name(kind)), Some(kind));
            assert_eq!(parse_piece(notation::board_kanji(kind)), Some(kind));
            assert_eq!(parse_piece(kind.english()), Some(kind));
        }
        for sq in Square::all() {
            assert_eq!(parse_square(&sq.to_string()), Some(sq));
            assert_eq!(parse_square(&notation::kif_square(sq)), Some(sq));
        }
    }
}
