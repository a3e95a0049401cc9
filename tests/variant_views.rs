//! End-to-end tests of the pictures and guides of the smaller variants: `board --format svg`
//! for every board size, `drops` and `moves` in every format, and `guide --variant`.
//!
//! The Tori Shogi guide is checked square by square three ways: what the SVG draws (read back
//! from the picture), what the rules core says each piece reaches (a piece alone on the 7x7
//! board, and again with its neighbours occupied), and the movement text of
//! `../shared/design/variants.md`, encoded below as data.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::tool;
use serde_json::Value;
use shogi_tool::shogi::{Color, Square};
use shogi_tool::variant::{VKind, VMove, VPiece, VPosition, Variant};

fn run(args: &[&str]) -> String {
    let out = tool().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const VARIANTS: [Variant; 5] = [
    Variant::Minishogi,
    Variant::Gorogoro,
    Variant::GorogoroPlus,
    Variant::Torishogi,
    Variant::Dobutsu,
];

/// The texts of every `<text>` element (with its `<tspan>`s).
fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .map(|d| d.text().unwrap())
                .collect()
        })
        .collect()
}

fn attr(n: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    n.attribute(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .parse()
        .unwrap()
}

/// Parses an SVG document, failing the test when it is not well-formed SVG.
fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    doc
}

/// The faces expected on the board: each piece's label split into its characters (the
/// quails' two kanji are drawn one above the other, as two texts).
fn expected_faces(pos: &VPosition, letters: bool) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for sq in pos.squares() {
        if let Some(p) = pos.piece_at(sq) {
            let v = pos.variant();
            let labels: Vec<String> = if letters {
                vec![v.kind_text(p.kind)]
            } else {
                shogi_tool::views::notation::variant_kanji(p.kind)
                    .chars()
                    .map(String::from)
                    .collect()
            };
            for l in labels {
                *out.entry(l).or_insert(0) += 1;
            }
        }
    }
    out
}

#[test]
fn every_board_is_well_formed_of_the_right_size_with_every_piece() {
    for v in VARIANTS {
        for letters in [false, true] {
            let mut args = vec!["board", "--format", "svg", "--variant", v.name()];
            args.extend(["--sfen", "startpos"]);
            if letters {
                args.push("--letters");
            }
            let svg = run(&args);
            let doc = parse(&svg);
            let pos = VPosition::start(v);
            // The board: the first rectangle after the background is the wood, files x ranks
            // squares of 40 x 44.
            let wood = doc
                .descendants()
                .find(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#f3d9a0"))
                .unwrap();
            assert_eq!(attr(wood, "width"), v.files() as f64 * 40.0, "{v}");
            assert_eq!(attr(wood, "height"), v.ranks() as f64 * 44.0, "{v}");
            // One tile per piece (tiles are the five-cornered polygons).
            let tiles = doc
                .descendants()
                .filter(|n| {
                    n.has_tag_name("polygon")
                        && n.attribute("fill") == Some("#fdf2d3")
                        && n.attribute("points").unwrap().split(' ').count() == 5
                })
                .count();
            let pieces = pos.squares().filter(|&s| pos.piece_at(s).is_some()).count();
            assert_eq!(tiles, pieces, "{v}");
            // Every piece's face, as often as it stands on the board.
            let texts = texts(&doc);
            for (label, n) in expected_faces(&pos, letters) {
                let drawn = texts.iter().filter(|t| **t == label).count();
                assert_eq!(drawn, n, "{v} letters={letters}: `{label}`");
            }
            // The promotion zones: one shaded band at each end, zone_depth ranks deep.
            let zones: Vec<_> = doc
                .descendants()
                .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#e2bf78"))
                .collect();
            assert_eq!(zones.len(), 2, "{v}");
            for z in zones {
                assert_eq!(attr(z, "height"), v.zone_depth() as f64 * 44.0, "{v}");
            }
            // File labels 1..W and rank labels a.. (or kanji) on the edges.
            let files: Vec<String> = (1..=v.files())
                .map(|f| {
                    if letters {
                        f.to_string()
                    } else {
                        char::from_u32('１' as u32 + f as u32 - 1)
                            .unwrap()
                            .to_string()
                    }
                })
                .collect();
            for f in &files {
                assert!(texts.contains(f), "{v}: file label {f}");
            }
            let beyond = if letters {
                (v.files() + 1).to_string()
            } else {
                char::from_u32('１' as u32 + v.files() as u32)
                    .unwrap()
                    .to_string()
            };
            assert!(!texts.contains(&beyond), "{v}: no file {beyond}");
        }
    }
}

#[test]
fn hands_and_highlights_are_drawn() {
    // Tori: black holds two swallows and a left quail, white a falcon; 4d highlighted.
    let sfen = "3k3/7/7/7/7/7/3K3 b 2SLf 1";
    let svg = run(&[
        "board",
        "--format",
        "svg",
        "--sfen",
        sfen,
        "--highlight",
        "4d,1a",
    ]);
    let doc = parse(&svg);
    let texts = texts(&doc);
    for t in ["燕", "2", "左", "鶉", "鷹", "鵬"] {
        assert!(texts.iter().any(|x| x == t), "{t} in {texts:?}");
    }
    let greens = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#2e9e4f"))
        .count();
    assert_eq!(greens, 2);
    assert!(svg.contains("<title>Tori Shogi 7x7 position 3k3/7/7/7/7/7/3K3 b L2Sf 1</title>"));
    // Off the board: an error that says so.
    let out = tool()
        .args([
            "board",
            "--format",
            "svg",
            "--sfen",
            sfen,
            "--highlight",
            "9i",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("9i is not on the 7x7 board of Tori Shogi 7x7 (torishogi)"));
}

/// Two black swallows on file 5: a third may not be dropped there.
const SWALLOWS: &str = "3k3/7/7/2S4/2S4/7/3K3 b S 1";

#[test]
fn drops_name_the_two_swallows_in_every_format() {
    let json: Value =
        serde_json::from_str(&run(&["drops", "--format", "json", "--sfen", SWALLOWS])).unwrap();
    assert_eq!(json["variant"], "torishogi");
    let swallow = &json["drops"][0];
    assert_eq!(swallow["piece"], "S");
    assert_eq!(swallow["name"], "swallow");
    let on_file: Vec<&Value> = swallow["illegal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["reason"] == "swallow-file")
        .collect();
    assert_eq!(on_file.len(), 4);
    for i in on_file {
        assert_eq!(i["swallows"], serde_json::json!(["5d", "5e"]));
        assert!(i["message"].as_str().unwrap().contains("on 5d and 5e"));
    }
    let text = run(&["drops", "--sfen", SWALLOWS]);
    assert!(text.contains("| o  o  S  o  o  o  o |二\n"), "{text}");
    assert!(text.contains("  5c: swallow-file (swallow dropped on 5c, but file 5 already holds two unpromoted swallows of the same side, on 5d and 5e"));
    let svg = run(&[
        "drops", "--format", "svg", "--piece", "swallow", "--sfen", SWALLOWS,
    ]);
    let doc = parse(&svg);
    let texts = texts(&doc);
    assert_eq!(
        texts.iter().filter(|t| *t == "S").count(),
        4 + 1,
        "4 marks and the legend"
    );
    assert!(texts.iter().any(|t| t == "swallow-file"));
    assert!(texts
        .iter()
        .any(|t| t.starts_with("燕 (S) drops for black: 35 legal")));
}

#[test]
fn the_swallow_drop_mate_is_uchifuzume() {
    // White's phoenix on 1a is boxed in by its own pheasant on 2a and crane on 2b; black's falcon on 2c
    // guards 1b: a swallow dropped on 1b mates (it is guarded, and cannot be taken).
    let sfen = "5pk/5c1/5F1/7/7/7/3K3 b S 1";
    let json: Value =
        serde_json::from_str(&run(&["drops", "--format", "json", "--sfen", sfen])).unwrap();
    let illegal = json["drops"][0]["illegal"].as_array().unwrap();
    let mate: Vec<&Value> = illegal
        .iter()
        .filter(|i| i["reason"] == "uchifuzume")
        .collect();
    assert_eq!(mate.len(), 1, "{illegal:?}");
    assert_eq!(mate[0]["square"], "1b");
    assert!(mate[0]["message"]
        .as_str()
        .unwrap()
        .contains("swallow-drop mate"));
    let text = run(&["drops", "--letters", "--sfen", sfen]);
    assert!(
        text.contains(
            "  1b: uchifuzume (the swallow drop on 1b checkmates at once (swallow-drop mate))"
        ),
        "{text}"
    );
    assert!(text.contains("U uchifuzume (swallow-drop mate)"));
}

#[test]
fn moves_in_every_format() {
    for v in VARIANTS {
        let json: Value = serde_json::from_str(&run(&[
            "moves",
            "--format",
            "json",
            "--variant",
            v.name(),
            "--sfen",
            "startpos",
        ]))
        .unwrap();
        assert_eq!(json["variant"], v.name());
        let pos = VPosition::start(v);
        assert_eq!(
            json["moves"].as_array().unwrap().len(),
            pos.legal_moves().len()
        );
        let text = run(&["moves", "--variant", v.name(), "--sfen", "startpos"]);
        assert_eq!(text.lines().count(), pos.legal_moves().len());
    }
    // Tori: the falcon on 4c entering the zone may promote (Little Golem); under
    // Fairy-Stockfish's rules it must.
    let sfen = "3k3/7/3F3/7/7/7/3K3 b - 1";
    let text = run(&["moves", "--sfen", sfen, "--square", "4c"]);
    assert!(
        text.contains("4c4b+   promotion: optional\n4c4b    promotion: optional\n"),
        "{text}"
    );
    let text = run(&[
        "moves",
        "--sfen",
        sfen,
        "--square",
        "4c",
        "--rules",
        "fairy-stockfish",
    ]);
    assert!(text.contains("4c4b+   promotion: forced\n"), "{text}");
    assert!(text.contains("4c3c\n"), "{text}");
    let json: Value = serde_json::from_str(&run(&[
        "moves", "--format", "json", "--sfen", sfen, "--square", "4c",
    ]))
    .unwrap();
    let m = &json["moves"][0];
    assert_eq!(m["piece"], "F");
    assert_eq!(m["name"], "falcon");
    // Minishogi: a pawn reaching the last rank must promote; a silver may choose.
    let text = run(&["moves", "--sfen", "k4/2S1P/5/5/4K b - 1"]);
    assert!(text.contains("1b1a+   promotion: forced\n"), "{text}");
    assert!(
        text.contains("3b3a+   promotion: optional\n3b3a    promotion: optional\n"),
        "{text}"
    );
}

/// How a piece reaches a square of its diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum How {
    /// One step.
    Step,
    /// A jump over whatever stands between.
    Jump,
    /// Two squares along a line, the first one empty.
    Run,
}

/// What a diagram shows: the squares reached by a step, jump or run (diagram offsets: rows
/// down, columns right, as the first player sees the board) and the slide directions.
#[derive(Debug, Default, PartialEq, Eq)]
struct Drawn {
    squares: BTreeMap<(i32, i32), How>,
    slides: BTreeSet<(i32, i32)>,
}

/// The movement text of `../shared/design/variants.md` as data, in the page's own terms
/// (`dx` towards the mover's right, `dy` forward), turned into diagram offsets.
fn design_page(kind: VKind) -> Drawn {
    use How::*;
    let all8 = [
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let (steps, jumps, runs, slides): (Vec<(i32, i32)>, Vec<_>, Vec<_>, Vec<_>) = match kind {
        // "phoenix (royal): one step in any direction"
        VKind::Phoenix => (all8.to_vec(), vec![], vec![], vec![]),
        // "falcon: one step forward, sideways or diagonally (no step straight back)"
        VKind::Falcon => (
            all8.iter().copied().filter(|&d| d != (0, -1)).collect(),
            vec![],
            vec![],
            vec![],
        ),
        // "eagle: the falcon's steps, plus a slide straight backward, a slide along each
        // forward diagonal ..., and a two-square move straight backward-diagonally when the
        // adjacent diagonal square is empty"
        VKind::Eagle => (
            vec![(0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
            vec![],
            vec![(-2, -2), (2, -2)],
            vec![(0, -1), (-1, 1), (1, 1)],
        ),
        // "crane: one step straight forward or backward, or diagonally forward or backward"
        VKind::Crane => (
            vec![(0, 1), (0, -1), (-1, 1), (1, 1), (-1, -1), (1, -1)],
            vec![],
            vec![],
            vec![],
        ),
        // "pheasant: jumps two squares straight forward, or steps one square diagonally
        // backward"
        VKind::Pheasant => (vec![(-1, -1), (1, -1)], vec![(0, 2)], vec![], vec![]),
        // "left quail: slides straight forward and along the backward-right diagonal, steps
        // one square backward-left"
        VKind::LeftQuail => (vec![(-1, -1)], vec![], vec![], vec![(0, 1), (1, -1)]),
        // "right quail: the mirror image"
        VKind::RightQuail => (vec![(1, -1)], vec![], vec![], vec![(0, 1), (-1, -1)]),
        // "swallow: one step straight forward"
        VKind::Swallow => (vec![(0, 1)], vec![], vec![], vec![]),
        // "goose: jumps two squares diagonally forward (either side) or two squares straight
        // backward"
        VKind::Goose => (vec![], vec![(-2, 2), (2, 2), (0, -2)], vec![], vec![]),
        k => panic!("{k} is no bird"),
    };
    let cell = |(dx, dy): (i32, i32)| (-dy, dx);
    let mut d = Drawn::default();
    for (list, how) in [(steps, Step), (jumps, Jump), (runs, Run)] {
        for o in list {
            d.squares.insert(cell(o), how);
        }
    }
    d.slides = slides.into_iter().map(cell).collect();
    d
}

/// The square `dr` rows down and `dc` columns right of 4d on the 7x7 board (the first
/// player's right is file 1).
fn tori_square(dr: i32, dc: i32) -> Option<Square> {
    let (file, rank) = (4 - dc, 4 + dr);
    ((1..=7).contains(&file) && (1..=7).contains(&rank))
        .then(|| Square::new(file as u8, rank as u8))
        .flatten()
}

/// The squares a first-player `kind` on 4d of the Tori board reaches by legal moves, with
/// `blockers` holding second-player swallows.
fn tori_reach(kind: VKind, blockers: &[Square]) -> BTreeSet<Square> {
    let centre = tori_square(0, 0).unwrap();
    let mut pieces = vec![(
        centre,
        VPiece {
            color: Color::Black,
            kind,
        },
    )];
    pieces.extend(blockers.iter().map(|&s| {
        (
            s,
            VPiece {
                color: Color::White,
                kind: VKind::Swallow,
            },
        )
    }));
    let pos = VPosition::from_pieces(Variant::Torishogi, Color::Black, &pieces);
    pos.legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            VMove::Normal { from, to, .. } if from == centre => Some(to),
            _ => None,
        })
        .collect()
}

/// What the rules core says the diagram must show.
fn rules_core(kind: VKind) -> Drawn {
    let open = tori_reach(kind, &[]);
    let ring: Vec<Square> = (-1..=1)
        .flat_map(|r| (-1..=1).map(move |c| (r, c)))
        .filter(|&d| d != (0, 0))
        .filter_map(|(r, c)| tori_square(r, c))
        .collect();
    let ringed = tori_reach(kind, &ring);
    let mut d = Drawn::default();
    // A slide: the piece reaches every square of a line up to the board's edge (3 squares).
    for dir in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        if (1..=3).all(|k| open.contains(&tori_square(k * dir.0, k * dir.1).unwrap())) {
            d.slides.insert(dir);
        }
    }
    for dr in -3..=3 {
        for dc in -3..=3 {
            let Some(sq) = tori_square(dr, dc) else {
                continue;
            };
            if (dr, dc) == (0, 0) || !open.contains(&sq) {
                continue;
            }
            let on_slide = d
                .slides
                .iter()
                .any(|&(r, c)| (1..=3).any(|k| (k * r, k * c) == (dr, dc)));
            if on_slide {
                continue;
            }
            assert!(
                dr.abs() <= 2 && dc.abs() <= 2,
                "{kind}: {sq} is outside the diagram"
            );
            let how = if dr.abs() <= 1 && dc.abs() <= 1 {
                How::Step
            } else if ringed.contains(&sq) {
                How::Jump
            } else {
                How::Run
            };
            d.squares.insert((dr, dc), how);
        }
    }
    d
}

/// What the guide's SVG draws in each diagram, by kind (English name).
fn drawn_by_guide(svg: &str) -> BTreeMap<String, Drawn> {
    const GC: f64 = 28.0;
    let doc = parse(svg);
    let mut out = BTreeMap::new();
    for g in doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("movement"))
    {
        let kind = g.attribute("data-kind").unwrap().to_string();
        let frame = g.children().find(|n| n.has_tag_name("rect")).unwrap();
        let (x, y) = (attr(frame, "x"), attr(frame, "y"));
        assert_eq!(attr(frame, "width"), 5.0 * GC);
        let (cx, cy) = (x + 2.5 * GC, y + 2.5 * GC);
        let cell = |px: f64, py: f64| {
            let r = ((py - cy) / GC).round() as i32;
            let c = ((px - cx) / GC).round() as i32;
            (r, c)
        };
        let mut d = Drawn::default();
        let mut run_lines = BTreeSet::new();
        for n in g.descendants() {
            match n.tag_name().name() {
                "circle" => {
                    let at = cell(attr(n, "cx"), attr(n, "cy"));
                    let how = if n.attribute("fill") == Some("#ffffff") {
                        How::Jump
                    } else {
                        How::Step
                    };
                    assert!(
                        d.squares.insert(at, how).is_none(),
                        "{kind}: two marks on {at:?}"
                    );
                }
                // Arrowheads: three corners, the first the tip, towards the slide.
                "polygon" => {
                    let pts: Vec<(f64, f64)> = n
                        .attribute("points")
                        .unwrap()
                        .split(' ')
                        .map(|p| {
                            let (a, b) = p.split_once(',').unwrap();
                            (a.parse().unwrap(), b.parse().unwrap())
                        })
                        .collect();
                    if pts.len() == 3 {
                        let (tx, ty) = pts[0];
                        let sign = |v: f64| if v.abs() < 1.0 { 0 } else { v.signum() as i32 };
                        d.slides.insert((sign(ty - cy), sign(tx - cx)));
                    }
                }
                // A line from the centre to a dot two squares away: a run.
                "line" => {
                    let (x1, y1) = (attr(n, "x1"), attr(n, "y1"));
                    if (x1, y1) == (cx, cy) {
                        run_lines.insert(cell(attr(n, "x2"), attr(n, "y2")));
                    }
                }
                _ => {}
            }
        }
        for at in run_lines {
            assert_eq!(
                d.squares.get(&at),
                Some(&How::Step),
                "{kind}: a run ends on a dot"
            );
            d.squares.insert(at, How::Run);
        }
        out.insert(kind, d);
    }
    out
}

#[test]
fn tori_guide_matches_the_rules_core_and_the_design_page_square_by_square() {
    let birds = [
        VKind::Phoenix,
        VKind::Falcon,
        VKind::Eagle,
        VKind::Crane,
        VKind::Pheasant,
        VKind::LeftQuail,
        VKind::RightQuail,
        VKind::Swallow,
        VKind::Goose,
    ];
    for letters in [false, true] {
        let mut args = vec!["guide", "--variant", "tori", "--format", "svg"];
        if letters {
            args.push("--letters");
        }
        let drawn = drawn_by_guide(&run(&args));
        assert_eq!(drawn.len(), birds.len(), "one diagram per bird");
        for kind in birds {
            let picture = &drawn[kind.english()];
            let rules = rules_core(kind);
            let page = design_page(kind);
            assert_eq!(
                rules, page,
                "{kind}: the rules core and the design page disagree"
            );
            assert_eq!(*picture, rules, "{kind}: the guide draws something else");
        }
    }
    // One bird at a time, by any of its names.
    for name in ["+F", "鵰", "eagle", "falcon"] {
        let drawn = drawn_by_guide(&run(&[
            "guide",
            "--variant",
            "tori",
            "--format",
            "svg",
            name,
        ]));
        assert_eq!(drawn.len(), 2, "{name}: the falcon beside the eagle");
    }
}

#[test]
fn guides_of_every_variant_are_well_formed() {
    for v in VARIANTS {
        let svg = run(&["guide", "--variant", v.name(), "--format", "svg"]);
        let doc = parse(&svg);
        let diagrams = doc
            .descendants()
            .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("movement"))
            .count();
        let kinds = v.kinds().len() + v.kinds().iter().filter(|k| k.promote().is_some()).count();
        assert_eq!(diagrams, kinds, "{v}");
        let text = run(&["guide", "--variant", v.name()]);
        assert!(text.starts_with(&format!("{} ({})\n", v.title(), v.name())));
    }
    let text = run(&["guide", "--variant", "3x4", "hen", "--letters"]);
    assert!(text.starts_with("Shogi 3x4 (dobutsu)\n\nC chick"), "{text}");
    assert!(text.contains("promoted: +C hen"));
    assert!(text.contains("promotion: must promote when it reaches the last rank."));
    let out = tool()
        .args(["guide", "--variant", "mini", "swallow"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`swallow` is not a piece of Mini Shogi 5x5")
    );
    let out = tool().args(["guide", "swallow"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give --variant"));
}

#[test]
fn the_last_move_is_shaded_from_a_record_or_the_sfen_moves() {
    let shade = r##"fill="#e08a2c" fill-opacity="0.55""##;
    let svg = run(&[
        "board",
        "--format",
        "svg",
        "--variant",
        "mini",
        "--sfen",
        "startpos moves 1e1b",
    ]);
    parse(&svg);
    assert_eq!(svg.matches(shade).count(), 1);
    // The rook took the pawn on 1b: black holds a pawn, the square 1b (top right) is shaded.
    assert!(
        svg.contains(&format!(
            r#"<rect x="234" y="80" width="40" height="44" {shade}/>"#
        )),
        "{svg}"
    );
    let record = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/variant-fouls/dobutsu-campmate.usi");
    let record = record.to_str().unwrap();
    let svg = run(&["board", "--format", "svg", record]);
    parse(&svg);
    assert_eq!(svg.matches(shade).count(), 1);
    let svg = run(&["board", "--format", "svg", record, "--ply", "0"]);
    assert_eq!(svg.matches(shade).count(), 0);
}

/// (name, arguments, extension): outputs compared with
/// `testdata/views/<name>.expected.<ext>`; regenerate with `UPDATE_EXPECT=1 cargo test --test
/// variant_views` and review the diff.
const FIXTURES: &[(&str, &[&str], &str)] = &[
    ("guide-torishogi", &["guide", "--variant", "tori"], "txt"),
    (
        "guide-dobutsu-letters",
        &["guide", "--variant", "3x4", "--letters"],
        "txt",
    ),
    (
        "board-torishogi",
        &[
            "board",
            "--format",
            "svg",
            "--variant",
            "tori",
            "--sfen",
            "startpos",
        ],
        "svg",
    ),
    (
        "drops-torishogi-swallows",
        &["drops", "--format", "json", "--sfen", SWALLOWS],
        "json",
    ),
    (
        "drops-torishogi-swallows",
        &["drops", "--sfen", SWALLOWS],
        "txt",
    ),
    (
        "moves-minishogi-start",
        &[
            "moves",
            "--format",
            "json",
            "--variant",
            "mini",
            "--sfen",
            "startpos",
        ],
        "json",
    ),
];

#[test]
fn outputs_match_their_fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/views");
    for (name, args, ext) in FIXTURES {
        let got = run(args);
        let path = dir.join(format!("{name}.expected.{ext}"));
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            got, want,
            "{name}.{ext}: run UPDATE_EXPECT=1 after a deliberate change"
        );
    }
}
