//! The openings (戦法, 戦型) and castles (囲い) of a game, named as players name them.
//!
//! The names are data, not code: `definitions.txt` (compiled in) gives each name the pieces
//! and squares that make it, the squares that must be empty, the plies in which it counts,
//! the names it needs or excludes, for either side or the opponent. [`table`] parses it once
//! into square masks for each side (white's are black's rotated), and [`classify`] follows the
//! main line once, on the positions the replay plays, looking for each shape within its
//! window. `docs/openings.md` lists every
//! name with its definition and a picture drawn from the same table.
//!
//! Only standard games from the even position (平手) or a handicap, of at least
//! [`MIN_PLIES`] plies, are classified: a set-up position has no opening, and a shorter game
//! shows none; the smaller variants are not classified at all. Labels that records carry in their headers (`戦型`, `先手の戦法`, `先手の囲い`) are
//! the record's and stay in its metadata; these are the tool's own.
//!
//! ```
//! use shogi_tool::opening::Openings;
//! use shogi_tool::record::Start;
//! use shogi_tool::shogi::Move;
//!
//! // Black puts the rook on the 6th file: 四間飛車; white pushes its rook's pawn: 居飛車.
//! let usi = "7g7f 3c3d 6g6f 8c8d 2h6h 8d8e 8h7g 7a6b 5i4h 5a4b 4h3h 4b3b \
//!            3h2h 6a5b 3i3h 1c1d 1g1f 9c9d 9g9f 6c6d";
//! let moves: Vec<Move> = usi.split(' ').map(|m| Move::from_usi(m).unwrap()).collect();
//! let o = Openings::of(&Start::default(), &moves).unwrap();
//! let black: Vec<&str> = o.black.strategies.iter().map(|l| l.name).collect();
//! assert_eq!(black, ["振り飛車", "四間飛車"]);
//! assert!(o.black.castles.iter().any(|l| l.name == "片美濃囲い"));
//! assert!(o.white.strategies.iter().any(|l| l.name == "居飛車"));
//! ```

mod classify;
pub mod plan;
#[cfg(test)]
mod reference;
pub mod table;

use serde::Serialize;

use crate::record::replay::{replay_observed, Observer, ReplayOptions, Report};
use crate::record::{Record, Start};
use crate::shogi::{ByColor, Color, Move, Position};

pub use table::{Kind, Table};

/// Games shorter than this are not classified.
pub const MIN_PLIES: usize = 16;

/// A name given to a side, and the ply after which its shape was first seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// The name as players write it (`四間飛車`, `美濃囲い`).
    pub name: &'static str,
    /// The ply (1 = black's first move).
    pub ply: usize,
}

/// One side's openings and castles, broad names first, the most specific last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideOpenings {
    /// Openings (戦法): `振り飛車`, `四間飛車`, ...
    pub strategies: Vec<Label>,
    /// Castles (囲い): `片美濃囲い`, `美濃囲い`, ...
    pub castles: Vec<Label>,
}

impl SideOpenings {
    /// The labels of one kind.
    pub fn of_kind(&self, kind: Kind) -> &[Label] {
        match kind {
            Kind::Strategy => &self.strategies,
            Kind::Castle => &self.castles,
        }
    }
}

/// Both sides' openings and castles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Openings {
    /// Black's (先手).
    pub black: SideOpenings,
    /// White's (後手).
    pub white: SideOpenings,
}

impl Openings {
    /// Classifies a game from `start` along its main line `moves`, with the compiled-in
    /// definitions; `None` unless it starts from the even position or a handicap (in which
    /// the full side, 下手, is black) and has at least [`MIN_PLIES`] plies.
    pub fn of(start: &Start, moves: &[Move]) -> Option<Openings> {
        if moves.len() < MIN_PLIES {
            return None;
        }
        let Start::Handicap(h) = start.normalized() else {
            return None;
        };
        Some(Openings::with(Table::standard(), &h.position(), moves))
    }

    /// Classifies `moves` from `start` with the definitions of `table`.
    pub fn with(table: &'static Table, start: &Position, moves: &[Move]) -> Openings {
        Openings::labelled(table, &classify::classify(table, start, moves))
    }

    /// The labels of the names `names` of `table`.
    fn labelled(table: &'static Table, names: &ByColor<classify::SideNames>) -> Openings {
        let side = |c: Color| {
            let mut s = SideOpenings::default();
            for g in &names[c].given {
                let n = &table.names[g.name];
                let label = Label {
                    name: n.text.as_str(),
                    ply: g.ply,
                };
                match n.kind {
                    Kind::Strategy => s.strategies.push(label),
                    Kind::Castle => s.castles.push(label),
                }
            }
            s
        };
        Openings {
            black: side(Color::Black),
            white: side(Color::White),
        }
    }

    /// One side's labels.
    pub fn side(&self, c: Color) -> &SideOpenings {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The name a side's opening goes by in a pairing: its first specific opening, else its
    /// broad one (`居飛車`, `振り飛車`), else none.
    pub fn main_strategy(&self, side: Color) -> Option<&'static str> {
        let table = Table::standard();
        let list = &self.side(side).strategies;
        list.iter()
            .find(|l| table.find(l.name).is_some_and(|i| !table.names[i].generic))
            .or(list.first())
            .map(|l| l.name)
    }

    /// Whether `side` (either side when `None`) was given `name` (or a name it is an alias
    /// of) among its labels of `kind`.
    pub fn has(&self, side: Option<Color>, kind: Kind, name: &str) -> bool {
        let table = Table::standard();
        let wanted = table.find(name).map(|i| table.names[i].text.as_str());
        let sides = match side {
            Some(c) => vec![c],
            None => Color::ALL.to_vec(),
        };
        sides.into_iter().any(|c| {
            self.side(c)
                .of_kind(kind)
                .iter()
                .any(|l| l.name == name || Some(l.name) == wanted)
        })
    }
}

/// Replays `record` ([`crate::record::replay::replay`]) and names its openings from the
/// positions the replay plays, as [`Openings::of`] its main line would, when the record was
/// read without errors (what [`crate::diag::Validation::with_openings`] asks); `None` where
/// that gives none.
pub fn replay_with_openings(
    record: &Record,
    options: &ReplayOptions,
) -> (Report, Option<Openings>) {
    let mut namer = Namer::new(record);
    let report = replay_observed(record, options, &mut namer);
    let openings = namer.finish(record, &report);
    (report, openings)
}

/// The classifier as a replay's [`Observer`]: it reads the replay's positions instead of
/// playing a board of its own.
struct Namer {
    /// Whether the record has openings to name (read without errors, from the even position
    /// or a handicap).
    eligible: bool,
    /// The main line's length, as the replay counts it.
    plies: usize,
    /// The classification under way (none for a game too short, or not eligible).
    run: Option<classify::Run<'static>>,
}

impl Namer {
    fn new(record: &Record) -> Namer {
        Namer {
            eligible: record.errors.is_empty()
                && matches!(record.start.normalized(), Start::Handicap(_)),
            plies: 0,
            run: None,
        }
    }

    /// The openings, once `report` is the replay's. Where the replay stopped before the main
    /// line's end, the last ply it carried out was not known to be the last when it was
    /// told (the final definitions look at it): the moves carried out are classified again.
    fn finish(self, record: &Record, report: &Report) -> Option<Openings> {
        if !self.eligible || report.moves.len() < MIN_PLIES {
            return None;
        }
        match self.run {
            Some(run) if report.moves.len() == self.plies => {
                Some(Openings::labelled(Table::standard(), &run.names()))
            }
            _ => Openings::of(&record.start, &report.moves),
        }
    }
}

impl Observer for Namer {
    fn start(&mut self, position: &Position, plies: usize) {
        self.plies = plies;
        if self.eligible && plies >= MIN_PLIES {
            self.run = Some(classify::Run::standard(position, plies));
        }
    }

    #[inline]
    fn ply(&mut self, ply: usize, mv: Move, position: &Position) {
        if let Some(run) = &mut self.run {
            run.step(ply, mv, position);
        }
    }
}

#[cfg(test)]
mod tests;
