//! The format-independent game record: every reader produces one, every writer consumes one.
//!
//! A [`Record`] holds lossless, ordered [`Metadata`]; the [`Start`] (a named handicap or an
//! explicit position); a [`MoveTree`] whose main line comes first and whose variations are
//! siblings at any depth, each node carrying its move or ending, times, comments and the
//! source line; and where the record came from ([`Source`]). What a record *states* (its
//! [`Ending`]) is kept apart from what replaying it *finds* ([`replay`]).

pub mod clock;
mod code;
mod ending;
pub mod filter;
mod issues;
pub mod lines;
mod metadata;
pub mod replay;
mod report;
mod tree;
mod variant_replay;

pub use code::{ErrorCode, OutcomeReason, WarningCode};
pub use ending::{Ending, EndingKind};
pub use issues::{IssueTally, KEPT_OF_A_KIND};
pub use metadata::{MetaKey, Metadata, MetadataEntry};
pub use tree::{MoveEntry, MoveTime, MoveTree, Node, NodeId, NodeKind, Notes};

use crate::shogi::{Handicap, Piece, Position, PositionError, Setup};
use crate::variant::{VPosition, Variant};

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Kakinoki KIF (Shift_JIS by convention).
    Kif,
    /// KIF in UTF-8.
    Kifu,
    /// KI2: moves without source squares (Shift_JIS by convention).
    Ki2,
    /// KI2 in UTF-8.
    Ki2u,
    /// CSA standard record format.
    Csa,
    /// One game a line: `startpos moves ...` / `sfen ... moves ...` / a bare SFEN.
    Sfen,
    /// One game a line as USI commands: `position startpos moves ...`.
    Usi,
    /// JSON Kifu Format.
    Jkf,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 8] = [
        Format::Kif,
        Format::Kifu,
        Format::Ki2,
        Format::Ki2u,
        Format::Csa,
        Format::Sfen,
        Format::Usi,
        Format::Jkf,
    ];

    /// The contract's name (`kif`, `kifu`, `ki2`, `ki2u`, `csa`, `sfen`, `usi`, `jkf`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Kifu => "kifu",
            Format::Ki2 => "ki2",
            Format::Ki2u => "ki2u",
            Format::Csa => "csa",
            Format::Sfen => "sfen",
            Format::Usi => "usi",
            Format::Jkf => "jkf",
        }
    }

    /// The format named `name` (as [`Format::name`] gives it).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The format a file extension (without the dot) conventionally holds.
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "kif" => Some(Format::Kif),
            "kifu" => Some(Format::Kifu),
            "ki2" => Some(Format::Ki2),
            "ki2u" => Some(Format::Ki2u),
            "csa" => Some(Format::Csa),
            "sfen" => Some(Format::Sfen),
            "usi" => Some(Format::Usi),
            "jkf" | "json" => Some(Format::Jkf),
            _ => None,
        }
    }

    /// The extension written for this format.
    pub fn extension(self) -> &'static str {
        self.name()
    }
}

/// Where a record came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// The path as the user gave it (`-` for standard input).
    pub path: String,
    /// The record's index within its file, from 0.
    pub index: usize,
    /// The format it was read as.
    pub format: Option<Format>,
    /// The encoding's contract name (`utf-8`, `shift_jis`, ...).
    pub encoding: Option<&'static str>,
    /// Why that encoding was chosen (`bom`, `declaration`, `extension`, `content`, `ascii`,
    /// `forced`).
    pub encoding_reason: Option<&'static str>,
    /// Whether the file began with a byte-order mark.
    pub bom: bool,
    /// The line where the record starts (1-based).
    pub line: u32,
}

/// How the game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A named start (the even game or a handicap).
    Handicap(Handicap),
    /// An explicit position (a board diagram, `P1`..`P9`, an SFEN).
    Position(Setup),
    /// A position of one of the smaller variants (the position names its variant).
    Variant(VPosition),
}

impl Default for Start {
    fn default() -> Start {
        Start::Handicap(Handicap::Even)
    }
}

impl Start {
    /// The starting setup. For a variant start: its side to move, move number and the
    /// pieces of standard kinds (a bird or an animal has no standard piece and is left out);
    /// ask [`Start::variant`] first where that matters.
    pub fn setup(&self) -> Setup {
        match self {
            Start::Handicap(h) => h.setup(),
            Start::Position(s) => s.clone(),
            Start::Variant(p) => {
                let mut s = Setup::empty();
                s.side_to_move = p.side_to_move();
                s.move_number = p.move_number();
                for sq in p.squares() {
                    if let Some(vp) = p.piece_at(sq) {
                        if let Some(kind) = vp.kind.standard() {
                            s.board[sq.index()] = Some(Piece::new(vp.color, kind));
                        }
                    }
                }
                s
            }
        }
    }

    /// The starting position of standard shogi (an error for a variant start).
    pub fn position(&self) -> Result<Position, PositionError> {
        match self {
            Start::Handicap(h) => Ok(h.position()),
            Start::Position(s) => Position::from_setup(s),
            Start::Variant(p) => Err(PositionError::NotStandard(p.variant().name())),
        }
    }

    /// The game played from this start: [`Variant::Standard`] unless it is a variant start.
    pub fn variant(&self) -> Variant {
        match self {
            Start::Variant(p) => p.variant(),
            _ => Variant::Standard,
        }
    }

    /// Whether this is a smaller variant's own initial position (not one set up).
    pub fn is_variant_initial(&self) -> bool {
        match self {
            Start::Variant(p) => p.to_sfen() == VPosition::start(p.variant()).to_sfen(),
            _ => false,
        }
    }

    /// A named handicap when the explicit position is one (so writers can name it).
    pub fn normalized(&self) -> Start {
        match self {
            Start::Position(s) => match Handicap::identify(s) {
                Some(h) if s.move_number == 1 => Start::Handicap(h),
                _ => self.clone(),
            },
            h => h.clone(),
        }
    }
}

/// A problem met while reading a record, with where it happened; `C` is its severity's code
/// type ([`ErrorCode`] or [`WarningCode`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadIssue<C> {
    /// A stable code (`parse-error`, `invalid-bytes`, `unknown-handicap`, ...).
    pub code: C,
    /// 1-based line in the file.
    pub line: u32,
    /// 1-based column (characters) in that line.
    pub column: u32,
    /// A full sentence saying what is wrong and what was expected.
    pub message: String,
}

/// A problem that stopped reading a record.
pub type ReadError = ReadIssue<ErrorCode>;

/// An oddity a reader tolerated.
pub type ReadWarning = ReadIssue<WarningCode>;

impl<C> ReadIssue<C> {
    /// A parse issue at `line`, `column`.
    pub fn new(code: C, line: u32, column: u32, message: impl Into<String>) -> Self {
        ReadIssue {
            code,
            line,
            column,
            message: message.into(),
        }
    }

    /// The same issue under another severity's code (a warning that `--strict` makes an
    /// error).
    pub fn with_code<D>(&self, code: D) -> ReadIssue<D> {
        ReadIssue::new(code, self.line, self.column, self.message.clone())
    }
}

/// A game record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// Where it came from.
    pub source: Source,
    /// Header data, in file order.
    pub metadata: Metadata,
    /// The start.
    pub start: Start,
    /// The moves, variations and endings, with times and comments.
    pub tree: MoveTree,
    /// Problems that stopped reading (the record holds what came before them).
    pub errors: Vec<ReadError>,
    /// Oddities the reader tolerated (at most [`KEPT_OF_A_KIND`] of a code through
    /// [`Record::warn`], then one warning saying how many more).
    pub warnings: Vec<ReadWarning>,
    /// How many warnings of each code [`Record::warn`] was given while reading.
    pub tally: IssueTally,
}

impl Record {
    /// An empty record of the even game.
    pub fn new() -> Record {
        Record::default()
    }

    /// The game the record is of: [`Variant::Standard`] unless its start is a variant's.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The name of the game the record is of (`minishogi`, ...) when another than standard
    /// shogi: what outputs name a variant's record by; `None` for standard shogi.
    pub fn variant_name(&self) -> Option<&'static str> {
        let variant = self.variant();
        (variant != Variant::Standard).then(|| variant.name())
    }

    /// The ending the main line states, if any.
    pub fn ending(&self) -> Option<&Ending> {
        self.tree.main_line_ending()
    }
}
