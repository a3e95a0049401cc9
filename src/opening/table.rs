//! The definitions of `definitions.txt`, parsed once into square masks for each side.
//!
//! A definition is written from black's side; white's masks are the same rotated by 180
//! degrees, so every shape is one definition for both sides.

use crate::shogi::{Bitboard, ByColor, Color, PieceKind, Square};

/// The most definitions, and the most names, a table may have (the classifier gives each a
/// bit of a 128-bit set).
pub const MAX: usize = 128;

/// The most pieces (`board` and `theirs` together) one definition may name (the classifier
/// keeps which of them a failing shape waits for in a byte).
pub const MAX_PIECES: usize = 100;

/// The definitions compiled into the tool.
pub const DEFINITIONS: &str = include_str!("definitions.txt");

/// What a definition names: an opening (戦法, 戦型) or a castle (囲い).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// An opening: what the side plays (`四間飛車`, `角換わり`).
    Strategy,
    /// A castle: how the side's king is kept (`美濃囲い`).
    Castle,
}

impl Kind {
    /// 0 for strategies, 1 for castles.
    pub fn index(self) -> usize {
        match self {
            Kind::Strategy => 0,
            Kind::Castle => 1,
        }
    }

    /// `strategy` or `castle`, as the data file writes it.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Strategy => "strategy",
            Kind::Castle => "castle",
        }
    }
}

/// A condition on the names already given: to the side itself or to its opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameCondition {
    /// The name's index in [`Table::names`].
    pub name: usize,
    /// Whether the name must be absent (`!NAME`) rather than present.
    pub absent: bool,
}

/// One block of the data file, with its masks for each side.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The name's index in [`Table::names`].
    pub name: usize,
    /// Opening or castle.
    pub kind: Kind,
    /// The first and last ply (inclusive) after which the shape is looked for.
    pub plies: (usize, usize),
    /// Pieces of the side that must stand: a kind and the squares one of which it must hold.
    pub board: ByColor<Vec<(PieceKind, Bitboard)>>,
    /// Pieces of the opponent that must stand, the same way.
    pub theirs: ByColor<Vec<(PieceKind, Bitboard)>>,
    /// Squares that must be empty.
    pub empty: ByColor<Bitboard>,
    /// Kinds the side must hold in hand.
    pub hand: Vec<PieceKind>,
    /// Moves (from, to) of which the side must have played one within the plies.
    pub played: ByColor<Vec<(Square, Square)>>,
    /// Names the side must (or must not) have been given.
    pub requires: Vec<NameCondition>,
    /// Names of which the side must have been given one (empty: no such condition).
    pub any: Vec<usize>,
    /// Names the opponent must (or must not) have been given.
    pub opponent: Vec<NameCondition>,
    /// Names the side must not have been given before (looked at when the name is given,
    /// never taken back for).
    pub unless: Vec<usize>,
    /// Looked for once, after the last ply of the window.
    pub final_only: bool,
    /// Given only when the side has no other name of its kind but generic ones.
    pub fallback: bool,
    /// As written, for the documentation: the `board`, `theirs`, `empty`, `hand`, `played`,
    /// `requires`, `any`, `opponent` and `unless` lines.
    pub written: Vec<(String, String)>,
    /// The `about` line.
    pub about: String,
}

/// What is said of a name across its blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The name as players write it.
    pub text: String,
    /// Opening or castle.
    pub kind: Kind,
    /// Listed before the specific names (居飛車, 振り飛車).
    pub generic: bool,
    /// A helper, never printed.
    pub hidden: bool,
    /// Other spellings.
    pub aliases: Vec<String>,
    /// Where it is listed among names first seen at the same ply: 0 for generic names, else
    /// one more than the deepest name it requires.
    pub level: u32,
}

/// Every definition, parsed.
#[derive(Clone, Debug)]
pub struct Table {
    /// The names, in the order of their first block.
    pub names: Vec<Name>,
    /// The blocks, in file order.
    pub definitions: Vec<Definition>,
    /// The last ply any definition looks at.
    pub last_ply: usize,
    /// The order the classifier looks at the definitions in: each after the definitions of
    /// the names it refers to, so that a name given at a ply counts at that same ply.
    pub order: Vec<usize>,
    /// Each name and alias, and the index of the name it is ([`Table::find`]).
    by_text: std::collections::HashMap<String, usize>,
}

/// A mistake in the data file, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("definitions line {line}: {message}")]
pub struct TableError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A block as read, before names are resolved.
struct RawBlock {
    line: usize,
    kind: Kind,
    name: String,
    keys: Vec<(usize, String, String)>,
}

impl Table {
    /// The table of [`DEFINITIONS`], parsed once.
    pub fn standard() -> &'static Table {
        static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| Table::parse(DEFINITIONS).expect("the compiled-in definitions parse"))
    }

    /// The index of a name or one of its aliases (exactly as written).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.by_text.get(name).copied()
    }

    /// Parses a data file in the form of `definitions.txt`.
    pub fn parse(text: &str) -> Result<Table, TableError> {
        let blocks = raw_blocks(text)?;
        let mut names: Vec<Name> = Vec::new();
        for b in &blocks {
            match names.iter().find(|n| n.text == b.name) {
                Some(n) if n.kind != b.kind => {
                    return Err(err(
                        b.line,
                        format!("{} is both a strategy and a castle", b.name),
                    ))
                }
                Some(_) => {}
                None => names.push(Name {
                    text: b.name.clone(),
                    kind: b.kind,
                    generic: false,
                    hidden: false,
                    aliases: Vec::new(),
                    level: 1,
                }),
            }
        }
        let index = |line: usize, s: &str| -> Result<usize, TableError> {
            names
                .iter()
                .position(|n| n.text == s)
                .ok_or_else(|| err(line, format!("`{s}` is not a defined name")))
        };
        let mut definitions = Vec::new();
        let mut flags: Vec<(usize, &str, Vec<String>)> = Vec::new();
        for b in &blocks {
            let mut d = Definition {
                name: index(b.line, &b.name)?,
                kind: b.kind,
                plies: (1, 200),
                board: ByColor::default(),
                theirs: ByColor::default(),
                empty: ByColor::default(),
                hand: Vec::new(),
                played: ByColor::default(),
                requires: Vec::new(),
                any: Vec::new(),
                opponent: Vec::new(),
                unless: Vec::new(),
                final_only: false,
                fallback: false,
                written: Vec::new(),
                about: String::new(),
            };
            for (line, key, value) in &b.keys {
                let line = *line;
                let words: Vec<&str> = value.split_whitespace().collect();
                match key.as_str() {
                    "plies" => {
                        let (a, z) = value
                            .split_once('-')
                            .and_then(|(a, z)| {
                                Some((a.trim().parse().ok()?, z.trim().parse().ok()?))
                            })
                            .filter(|&(a, z): &(usize, usize)| a >= 1 && a <= z)
                            .ok_or_else(|| err(line, format!("plies `{value}` is not A-B")))?;
                        d.plies = (a, z);
                    }
                    "board" | "theirs" => {
                        let mut list = Vec::new();
                        for w in &words {
                            list.push(piece_on(w).ok_or_else(|| {
                                err(
                                    line,
                                    format!("`{w}` is not a piece and squares (K2h, R6h/6g)"),
                                )
                            })?);
                        }
                        let target = if key == "board" {
                            &mut d.board
                        } else {
                            &mut d.theirs
                        };
                        *target = mirrored(|c| {
                            list.iter()
                                .map(|&(k, sqs): &(PieceKind, Bitboard)| (k, for_side(sqs, c)))
                                .collect()
                        });
                    }
                    "empty" => {
                        let mut bb = Bitboard::EMPTY;
                        for w in &words {
                            bb.insert(
                                Square::from_usi(w.as_bytes())
                                    .ok_or_else(|| err(line, format!("`{w}` is not a square")))?,
                            );
                        }
                        d.empty = mirrored(|c| for_side(bb, c));
                    }
                    "hand" => {
                        for w in &words {
                            let k = match w.as_bytes() {
                                [c] => PieceKind::from_letter(*c).filter(|k| k.is_hand_kind()),
                                _ => None,
                            };
                            d.hand.push(k.ok_or_else(|| {
                                err(line, format!("`{w}` is not a kind in hand"))
                            })?);
                        }
                    }
                    "played" => {
                        let mut list = Vec::new();
                        for w in &words {
                            let b = w.as_bytes();
                            let m = (b.len() == 4)
                                .then(|| {
                                    Some((Square::from_usi(&b[..2])?, Square::from_usi(&b[2..])?))
                                })
                                .flatten()
                                .ok_or_else(|| err(line, format!("`{w}` is not a move (8h2b)")))?;
                            list.push(m);
                        }
                        d.played = mirrored(|c| {
                            list.iter()
                                .map(|&(f, t)| match c {
                                    Color::Black => (f, t),
                                    Color::White => (f.flip(), t.flip()),
                                })
                                .collect()
                        });
                    }
                    "requires" | "opponent" => {
                        let mut list = Vec::new();
                        for w in &words {
                            let (absent, n) = match w.strip_prefix('!') {
                                Some(n) => (true, n),
                                None => (false, *w),
                            };
                            list.push(NameCondition {
                                name: index(line, n)?,
                                absent,
                            });
                        }
                        if key == "requires" {
                            d.requires = list;
                        } else {
                            d.opponent = list;
                        }
                    }
                    "any" | "unless" => {
                        for w in &words {
                            let n = index(line, w)?;
                            if key == "any" {
                                d.any.push(n);
                            } else {
                                d.unless.push(n);
                            }
                        }
                    }
                    "final" => d.final_only = true,
                    "fallback" => d.fallback = true,
                    "generic" | "hidden" | "alias" => flags.push((
                        d.name,
                        key_word(key),
                        words.iter().map(|s| s.to_string()).collect(),
                    )),
                    "about" => d.about = value.clone(),
                    other => return Err(err(line, format!("unknown key `{other}`"))),
                }
                if matches!(
                    key.as_str(),
                    "board"
                        | "theirs"
                        | "empty"
                        | "hand"
                        | "played"
                        | "requires"
                        | "any"
                        | "opponent"
                ) {
                    d.written.push((key.clone(), value.clone()));
                }
            }
            definitions.push(d);
        }
        for (name, key, words) in flags {
            let n = &mut names[name];
            match key {
                "generic" => n.generic = true,
                "hidden" => n.hidden = true,
                _ => n.aliases.extend(words),
            }
        }
        // Levels: generic names first, then each name after the names it requires.
        for n in names.iter_mut() {
            n.level = if n.generic { 0 } else { 1 };
        }
        for _ in 0..names.len() {
            for d in &definitions {
                let deepest = d
                    .requires
                    .iter()
                    .filter(|c| !c.absent)
                    .map(|c| names[c.name].level)
                    .max();
                if let Some(l) = deepest {
                    if !names[d.name].generic && names[d.name].level < l + 1 {
                        names[d.name].level = l + 1;
                    }
                }
            }
        }
        let last_ply = definitions.iter().map(|d| d.plies.1).max().unwrap_or(0);
        let order = evaluation_order(&definitions);
        if definitions.len() > MAX || names.len() > MAX {
            let line = blocks.get(MAX).map_or(1, |b| b.line);
            return Err(err(
                line,
                format!(
                    "{} definitions and {} names: the classifier takes at most {MAX} of each",
                    definitions.len(),
                    names.len()
                ),
            ));
        }
        for (d, b) in definitions.iter().zip(&blocks) {
            let pieces = d.board.get(Color::Black).len() + d.theirs.get(Color::Black).len();
            if pieces > MAX_PIECES {
                return Err(err(
                    b.line,
                    format!(
                        "{pieces} pieces in one shape: the classifier takes at most {MAX_PIECES}"
                    ),
                ));
            }
        }
        // A name's own text before any alias; an alias two names share goes to the first.
        let mut by_text = std::collections::HashMap::new();
        for (i, n) in names.iter().enumerate() {
            by_text.entry(n.text.clone()).or_insert(i);
        }
        for (i, n) in names.iter().enumerate() {
            for a in &n.aliases {
                by_text.entry(a.clone()).or_insert(i);
            }
        }
        Ok(Table {
            names,
            definitions,
            last_ply,
            order,
            by_text,
        })
    }
}

/// The definitions sorted by how deep their references to other names go (file order among
/// equals); a reference cycle stops deepening after as many rounds as there are definitions.
fn evaluation_order(definitions: &[Definition]) -> Vec<usize> {
    let mut depth = vec![0usize; definitions.len()];
    for _ in 0..definitions.len() {
        let mut changed = false;
        for (i, d) in definitions.iter().enumerate() {
            let refs = d
                .requires
                .iter()
                .chain(&d.opponent)
                .map(|c| c.name)
                .chain(d.any.iter().copied());
            let mut want = 0;
            for r in refs {
                for (j, other) in definitions.iter().enumerate() {
                    if other.name == r && j != i && other.name != d.name {
                        want = want.max(depth[j] + 1);
                    }
                }
            }
            if want > depth[i] && want <= definitions.len() {
                depth[i] = want;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut order: Vec<usize> = (0..definitions.len()).collect();
    order.sort_by_key(|&i| (depth[i], i));
    order
}

fn key_word(key: &str) -> &'static str {
    match key {
        "generic" => "generic",
        "hidden" => "hidden",
        _ => "alias",
    }
}

fn err(line: usize, message: String) -> TableError {
    TableError { line, message }
}

fn mirrored<T>(f: impl FnMut(Color) -> T) -> ByColor<T> {
    ByColor::new_with(f)
}

/// Black's squares as seen by `c`.
fn for_side(bb: Bitboard, c: Color) -> Bitboard {
    match c {
        Color::Black => bb,
        Color::White => {
            let mut out = Bitboard::EMPTY;
            for sq in bb {
                out.insert(sq.flip());
            }
            out
        }
    }
}

/// `K2h`, `R6h/6g`, `+B5e`: a kind and its squares.
fn piece_on(w: &str) -> Option<(PieceKind, Bitboard)> {
    let (promoted, rest) = match w.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, w),
    };
    let mut chars = rest.chars();
    let letter = chars.next()?;
    let mut kind = PieceKind::from_letter(letter as u8)?;
    if promoted {
        kind = kind.promote()?;
    }
    let mut bb = Bitboard::EMPTY;
    for s in chars.as_str().split('/') {
        bb.insert(Square::from_usi(s.as_bytes())?);
    }
    Some((kind, bb))
}

fn raw_blocks(text: &str) -> Result<Vec<RawBlock>, TableError> {
    let mut blocks: Vec<RawBlock> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        if raw.starts_with(' ') {
            let b = blocks
                .last_mut()
                .ok_or_else(|| err(line, "a key before any `strategy` or `castle` line".into()))?;
            let t = raw.trim();
            let (k, v) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            b.keys.push((line, k.to_string(), v.trim().to_string()));
            continue;
        }
        let (k, name) = raw.split_once(' ').ok_or_else(|| {
            err(
                line,
                format!("`{raw}` is not `strategy NAME` or `castle NAME`"),
            )
        })?;
        let kind = match k {
            "strategy" => Kind::Strategy,
            "castle" => Kind::Castle,
            _ => return Err(err(line, format!("`{k}` is not `strategy` or `castle`"))),
        };
        blocks.push(RawBlock {
            line,
            kind,
            name: name.trim().to_string(),
            keys: Vec::new(),
        });
    }
    Ok(blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_in_definitions_parse() {
        let t = Table::standard();
        assert!(t.names.len() >= 40, "{} names", t.names.len());
        let mino = t.find("美濃囲い").unwrap();
        assert_eq!(t.names[mino].kind, Kind::Castle);
        // Aliases find their name; 向飛車 is how some records write 向かい飛車.
        assert_eq!(t.find("向飛車"), t.find("向かい飛車"));
        // The generic names come first among names seen at one ply.
        assert_eq!(t.names[t.find("振り飛車").unwrap()].level, 0);
        assert!(t.names[mino].level > t.names[t.find("片美濃囲い").unwrap()].level);
    }

    #[test]
    fn white_shapes_are_black_shapes_rotated() {
        let t = Table::parse("castle X\n  board K2h S3h/3g\n  empty 5h\n").unwrap();
        let d = &t.definitions[0];
        let (k, white) = d.board.get(Color::White)[1];
        assert_eq!(k, PieceKind::Silver);
        assert!(white.contains(Square::from_usi(b"7b").unwrap()));
        assert!(white.contains(Square::from_usi(b"7c").unwrap()));
        assert!(d
            .empty
            .get(Color::White)
            .contains(Square::from_usi(b"5b").unwrap()));
    }

    #[test]
    fn mistakes_name_their_line() {
        let e = Table::parse("castle X\n  board Q2h\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("Q2h"), "{e}");
        let e = Table::parse("strategy X\n  requires Y\n").unwrap_err();
        assert!(e.message.contains("`Y` is not a defined name"), "{e}");
        let e = Table::parse("strategy X\n  plies 9-3\n").unwrap_err();
        assert!(e.message.contains("9-3"), "{e}");
        assert!(Table::parse("castle X\n  color red\n").is_err());
    }
}
