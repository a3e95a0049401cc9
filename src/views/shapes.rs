//! Pictures of the openings' and castles' definitions (`board --shape NAME`), and
//! `docs/openings.md`, which lists every name with its definition and its picture.
//!
//! A picture shows black's side of a definition: each required piece on the first square its
//! definition allows (the other allowed squares highlighted), the opponent's required pieces,
//! the pieces required in hand, and the squares that must be empty highlighted too.

use std::fmt::Write as _;

use crate::opening::table::{Definition, Kind, Table};
use crate::shogi::{Bitboard, ByColor, Color, Piece, Position, Setup, Square};

use super::board_svg::BoardPicture;
use super::PieceStyle;

/// One block of a name's definition, drawn: its position and the squares to highlight.
pub struct Shape {
    /// The pieces the definition requires, each on its first allowed square.
    pub position: Position,
    /// The other squares a piece may stand on, and the squares that must be empty.
    pub highlight: Vec<Square>,
}

/// The shapes of `name` (or a name it is an alias of): one for each block that places a
/// piece; empty for names defined only through other names (`振り飛車`, `相振り飛車`).
pub fn shapes(name: &str) -> Vec<Shape> {
    let table = Table::standard();
    let Some(i) = table.find(name) else {
        return Vec::new();
    };
    table
        .definitions
        .iter()
        .filter(|d| d.name == i && !(d.board.black.is_empty() && d.theirs.black.is_empty()))
        .map(shape)
        .collect()
}

fn shape(d: &Definition) -> Shape {
    let mut setup = Setup {
        board: [None; 81],
        hands: ByColor::default(),
        side_to_move: Color::Black,
        move_number: 1,
    };
    let mut highlight = Vec::new();
    for (color, list) in [
        (Color::Black, &d.board.black),
        (Color::White, &d.theirs.black),
    ] {
        for &(kind, mask) in list {
            // Of the allowed squares, the one nearest black's back rank (then the rightmost).
            let first = mask.max_by_key(|s| (s.rank(), std::cmp::Reverse(s.file())));
            if let Some(sq) = first {
                setup.board[sq.index()] = Some(Piece::new(color, kind));
                highlight.extend(mask.without(Bitboard::from_square(sq)));
            }
        }
    }
    for &k in &d.hand {
        setup.hands.black.add(k);
    }
    highlight.extend(d.empty.black);
    let position = Position::from_setup(&setup).expect("at most one king a side");
    Shape {
        position,
        highlight,
    }
}

/// The SVG picture of one shape, captioned with the name.
pub fn shape_svg(name: &str, s: &Shape, style: PieceStyle) -> String {
    let mut p = BoardPicture::new(&s.position, style);
    p.highlight = s.highlight.clone();
    p.caption = Some(name.to_string());
    p.to_svg()
}

/// A file name for the picture of a name's `n`-th shape (ASCII: the name's code points).
pub fn picture_file(name: &str, n: usize) -> String {
    let code: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_string()
            } else {
                format!("{:x}", c as u32)
            }
        })
        .collect::<Vec<_>>()
        .join("-");
    format!("shape-{code}-{n}.svg")
}

/// `docs/openings.md` and its pictures (file name, SVG), from the compiled-in definitions.
pub fn openings_doc(agreement: &str) -> (String, Vec<(String, String)>) {
    let table = Table::standard();
    let mut o = String::new();
    let mut pictures = Vec::new();
    o.push_str(
        "# Openings and castles\n\n\
         The names `validate --format json` gives each side (`openings`), `find --opening` and \
         `--castle` select by and `stats` counts, each with its definition and a picture of its \
         shape. This page is generated from `src/opening/definitions.txt`, the data the \
         classifier reads (`UPDATE_OPENINGS=1 cargo test --lib shapes` rewrites it); each picture \
         is what `shogi-tool board --shape NAME --format svg` draws.\n\n\
         How to read a definition: squares are written from black's side in USI (`2h` is ２八); \
         white's shapes are the same turned round. A shape counts when it stands on the board \
         after one of the plies of its window; `requires` and `opponent` name what the side or \
         its opponent must (or, with `!`, must not) have been given, and a name whose `!` \
         conditions fail by the end of the game is taken back. In the pictures, each piece \
         stands on the first square its definition allows; highlighted squares are the other \
         squares it may stand on, and the squares that must be empty. Records' own labels \
         (`戦型：`, `先手の戦法：`, `先手の囲い：`) stay their headers and are not these.\n\n",
    );
    o.push_str(agreement);
    for kind in [Kind::Strategy, Kind::Castle] {
        let _ = writeln!(
            o,
            "\n## {}\n",
            match kind {
                Kind::Strategy => "Openings (戦法・戦型)",
                Kind::Castle => "Castles (囲い)",
            }
        );
        for (i, n) in table.names.iter().enumerate() {
            if n.kind != kind || n.hidden {
                continue;
            }
            let _ = writeln!(o, "### {}\n", n.text);
            if !n.aliases.is_empty() {
                let _ = writeln!(o, "Also written {}.\n", n.aliases.join(", "));
            }
            for d in table.definitions.iter().filter(|d| d.name == i) {
                if !d.about.is_empty() {
                    let _ = writeln!(o, "{}\n", d.about);
                }
                let _ = write!(o, "- plies {}-{}", d.plies.0, d.plies.1);
                if d.final_only {
                    o.push_str(", looked at once after the last of them");
                }
                if d.fallback {
                    o.push_str("; given only when no other name of its kind is");
                }
                if n.generic {
                    o.push_str("; a broad name, listed first");
                }
                o.push('\n');
                for (k, v) in &d.written {
                    let _ = writeln!(o, "- {k} `{v}`");
                }
                o.push('\n');
            }
            for (j, s) in shapes(&n.text).iter().enumerate() {
                let file = picture_file(&n.text, j);
                let _ = writeln!(o, "![{}](img/openings/{file})\n", n.text);
                pictures.push((file, shape_svg(&n.text, s, PieceStyle::Kanji)));
            }
        }
    }
    (o, pictures)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn a_castle_is_drawn_from_its_definition() {
        let s = shapes("美濃囲い");
        assert_eq!(s.len(), 1);
        let p = &s[0].position;
        let at = |u: &str| p.piece_at(Square::from_usi(u.as_bytes()).unwrap());
        assert_eq!(
            at("2h").map(|x| x.kind),
            Some(crate::shogi::PieceKind::King)
        );
        assert_eq!(
            at("5h").map(|x| x.kind),
            Some(crate::shogi::PieceKind::Gold)
        );
        assert!(
            shapes("相振り飛車").is_empty(),
            "defined through other names only"
        );
        assert!(shapes("no such name").is_empty());
        let svg = shape_svg("美濃囲い", &s[0], PieceStyle::Kanji);
        assert!(svg.contains("美濃囲い"));
    }

    /// docs/openings.md and its pictures are what the definitions give
    /// (`UPDATE_OPENINGS=1` rewrites them).
    #[test]
    fn docs_openings_md_is_generated_from_the_definitions() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let path = root.join("docs/openings.md");
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        // The measured agreement is written by hand between these two lines; keep it.
        let agreement = current
            .split_once("<!-- agreement -->\n")
            .and_then(|(_, rest)| rest.split_once("<!-- /agreement -->\n"))
            .map(|(a, _)| format!("<!-- agreement -->\n{a}<!-- /agreement -->\n"))
            .unwrap_or_else(|| "<!-- agreement -->\n<!-- /agreement -->\n".into());
        let (text, pictures) = openings_doc(&agreement);
        let dir = root.join("docs/img/openings");
        if std::env::var_os("UPDATE_OPENINGS").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
            for (file, svg) in &pictures {
                std::fs::write(dir.join(file), svg).unwrap();
            }
            return;
        }
        assert!(
            current == text,
            "docs/openings.md is stale: run UPDATE_OPENINGS=1 cargo test --lib shapes"
        );
        for (file, svg) in &pictures {
            let on_disk = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
            assert!(on_disk == *svg, "docs/img/openings/{file} is stale");
        }
    }
}
