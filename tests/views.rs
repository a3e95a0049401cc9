//! End-to-end tests of the position views: `board`, `drops`, `moves` and `guide`.
//!
//! Each case in [`CASES`] runs the binary and compares its standard output with
//! `testdata/views/<name>.expected.<json|txt|svg>`. After a deliberate change, regenerate with
//! `UPDATE_EXPECT=1 cargo test --test integration views::` and review the diff. Other tests check what the
//! expected files must say (one position per drop foul) and that every SVG is well-formed XML
//! (with a small checker written here, so the test needs no XML dependency).

use std::path::PathBuf;

use crate::common::tool;
use predicates::prelude::*;
use serde_json::Value;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/views")
}

/// Black's pawn on 5g makes every pawn drop on file 5 nifu; file 3 holds only a tokin, so a
/// pawn may be dropped there.
const NIFU: &str = "4k4/9/6+P2/9/9/9/4P4/9/4K4 b P 1";
/// A black knight may not be dropped on the last two ranks.
const DEAD_KNIGHT: &str = "4k4/9/9/9/9/9/9/9/4K4 b N 1";
/// White's knight may not be dropped on ranks 8 and 9.
const DEAD_KNIGHT_WHITE: &str = "4k4/9/9/9/9/9/9/9/4K4 w n 1";
/// P*1b mates the king on 1a (the gold on 2c guards the pawn and 2b, the knight on 2a blocks).
const UCHIFUZUME: &str = "7nk/9/7G1/9/9/9/9/9/4K4 b P 1";
/// Black is in check from the rook on 5a: only a gold dropped on 5b..5h answers it.
const SELF_CHECK: &str = "k3r4/9/9/9/9/9/9/9/4K4 b G 1";
/// After 7g7f 3c3d: the bishop on 8h may take on 2b promoting or not.
const BISHOP_TAKES: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
/// A pawn on 9b must promote on 9a.
const FORCED: &str = "4k4/P8/9/9/9/9/9/9/4K4 b - 1";

/// (name, arguments, extension of the expected file).
const CASES: &[(&str, &[&str], &str)] = &[
    (
        "drops-nifu-tokin",
        &["drops", "--format", "json", "--sfen", NIFU],
        "json",
    ),
    (
        "drops-dead-knight",
        &["drops", "--format", "json", "--sfen", DEAD_KNIGHT],
        "json",
    ),
    (
        "drops-dead-knight-white",
        &["drops", "--format", "json", "--sfen", DEAD_KNIGHT_WHITE],
        "json",
    ),
    (
        "drops-uchifuzume",
        &["drops", "--format", "json", "--sfen", UCHIFUZUME],
        "json",
    ),
    (
        "drops-self-check",
        &["drops", "--format", "json", "--sfen", SELF_CHECK],
        "json",
    ),
    ("drops-nifu-tokin", &["drops", "--sfen", NIFU], "txt"),
    ("drops-uchifuzume", &["drops", "--sfen", UCHIFUZUME], "txt"),
    (
        "moves-bishop-promotion",
        &[
            "moves",
            "--format",
            "json",
            "--square",
            "8h",
            "--sfen",
            BISHOP_TAKES,
        ],
        "json",
    ),
    (
        "moves-bishop-promotion",
        &["moves", "--square", "88", "--sfen", BISHOP_TAKES],
        "txt",
    ),
    (
        "moves-forced",
        &["moves", "--format", "json", "--sfen", FORCED],
        "json",
    ),
    ("board-start", &["board", "--sfen", "startpos"], "txt"),
    ("board-middle-game", &["board", "middle-game.usi"], "txt"),
    (
        "board-middle-game-letters",
        &["board", "--letters", "middle-game.usi", "--ply", "12"],
        "txt",
    ),
    (
        "board-start",
        &["board", "--format", "svg", "--sfen", "startpos"],
        "svg",
    ),
    (
        "drops-middle-game",
        &[
            "drops",
            "--format",
            "svg",
            "--piece",
            "P",
            "middle-game.usi",
        ],
        "svg",
    ),
    ("guide-pawn", &["guide", "P"], "txt"),
    ("guide-all-letters", &["guide", "--letters"], "txt"),
];

fn run(args: &[&str]) -> (String, i32) {
    let out = tool().current_dir(dir()).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.is_empty(),
        "{args:?} wrote to standard error: {stderr}"
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn every_case_gives_its_expected_output() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for (name, args, ext) in CASES {
        let (got, code) = run(args);
        if code != 0 {
            failures.push(format!("{name}: exit status {code}"));
        }
        let path = dir().join(format!("{name}.expected.{ext}"));
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "{name}.{ext} differs from {}:\n{got}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn drops_json(sfen: &str) -> Value {
    let (out, code) = run(&["drops", "--format", "json", "--sfen", sfen]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1, "one line of JSON");
    serde_json::from_str(&out).unwrap()
}

fn legal(v: &Value) -> Vec<&str> {
    v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

fn illegal<'a>(v: &'a Value, square: &str) -> &'a Value {
    v["illegal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["square"] == square)
        .unwrap_or_else(|| panic!("{square} is not listed as illegal"))
}

/// Squares in USI notation sorted by square index (file 1 first, rank a first).
fn in_index_order(squares: &[&str]) -> bool {
    let key = |s: &str| {
        let b = s.as_bytes();
        (b[0] - b'1') as usize * 9 + (b[1] - b'a') as usize
    };
    squares.windows(2).all(|w| key(w[0]) < key(w[1]))
}

mod drops {
    use super::*;

    #[test]
    fn nifu_names_the_pawn_and_a_tokin_does_not_count() {
        let v = drops_json(NIFU);
        assert_eq!(v["sfen"], NIFU);
        assert_eq!(v["side"], "black");
        let pawn = &v["drops"][0];
        assert_eq!(pawn["piece"], "P");
        let legal = legal(pawn);
        assert!(
            legal.contains(&"3b") && legal.contains(&"3d"),
            "file 3 has only a tokin"
        );
        assert!(!legal.iter().any(|s| s.starts_with('5')));
        assert!(in_index_order(&legal));
        let bad = illegal(pawn, "5c");
        assert_eq!(bad["reason"], "nifu");
        assert_eq!(bad["pawn"], "5g");
        assert!(bad["message"].as_str().unwrap().contains("5g"));
        // Occupied squares are not listed; every empty square is.
        let n = legal.len() + pawn["illegal"].as_array().unwrap().len();
        assert_eq!(n, 81 - 4);
        assert_eq!(illegal(pawn, "1a")["reason"], "dead-piece");
        assert!(illegal(pawn, "1a").get("pawn").is_none());
    }

    #[test]
    fn a_knight_on_the_last_two_ranks_is_dead() {
        let v = drops_json(DEAD_KNIGHT);
        let knight = &v["drops"][0];
        assert_eq!(knight["piece"], "N");
        for sq in ["9a", "1b", "5b"] {
            assert_eq!(illegal(knight, sq)["reason"], "dead-piece");
        }
        assert!(legal(knight).contains(&"5c"));
        assert_eq!(knight["illegal"].as_array().unwrap().len(), 17);
        // For white the dead ranks are 8 and 9.
        let v = drops_json(DEAD_KNIGHT_WHITE);
        assert_eq!(v["side"], "white");
        let knight = &v["drops"][0];
        assert_eq!(illegal(knight, "1h")["reason"], "dead-piece");
        assert!(legal(knight).contains(&"1b"));
    }

    #[test]
    fn a_mating_pawn_drop_is_uchifuzume() {
        let v = drops_json(UCHIFUZUME);
        let pawn = &v["drops"][0];
        let bad = illegal(pawn, "1b");
        assert_eq!(bad["reason"], "uchifuzume");
        assert!(bad["message"].as_str().unwrap().contains("checkmates"));
        let codes: Vec<&str> = pawn["illegal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["reason"].as_str().unwrap())
            .filter(|r| *r == "uchifuzume")
            .collect();
        assert_eq!(codes.len(), 1);
    }

    #[test]
    fn a_drop_that_does_not_answer_check_is_self_check() {
        let v = drops_json(SELF_CHECK);
        let gold = &v["drops"][0];
        assert_eq!(gold["piece"], "G");
        assert_eq!(legal(gold), ["5b", "5c", "5d", "5e", "5f", "5g", "5h"]);
        let bad = illegal(gold, "4e");
        assert_eq!(bad["reason"], "self-check");
        assert!(bad["message"]
            .as_str()
            .unwrap()
            .contains("does not answer the check"));
    }

    #[test]
    fn piece_takes_a_letter_or_a_kanji_and_refuses_the_king() {
        let by_letter = run(&[
            "drops",
            "--piece",
            "N",
            "--sfen",
            "4k4/9/9/9/9/9/9/9/4K4 b PN 1",
        ]);
        let by_kanji = run(&[
            "drops",
            "--piece",
            "桂",
            "--sfen",
            "4k4/9/9/9/9/9/9/9/4K4 b PN 1",
        ]);
        assert_eq!(by_letter, by_kanji);
        assert!(by_letter
            .0
            .starts_with("桂 N (knight, 1 in hand): 62 legal, 17 dead piece\n"));
        tool()
            .args(["drops", "--piece", "K", "--sfen", "startpos"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("not a piece that can be dropped"));
    }

    #[test]
    fn text_marks_every_reason() {
        let (out, _) = run(&["drops", "--sfen", UCHIFUZUME]);
        assert!(out.contains("| D  D  D  D  D  D  D v桂v玉|一\n| o  o  o  o  o  o  o  o  U |二\n"));
        let (out, _) = run(&["drops", "--sfen", SELF_CHECK, "--letters"]);
        assert!(out.contains("|  C  C  C  C  o  C  C  C  C|h\n|  C  C  C  C  K  C  C  C  C|i\n"));
        assert!(out.contains("\nC: the move does not answer the check: the king on 5i is still attacked by the rook on 5a\n"));
    }
}

mod moves {
    use super::*;

    #[test]
    fn promotion_is_optional_or_forced() {
        let (out, _) = run(&[
            "moves",
            "--format",
            "json",
            "--square",
            "8h",
            "--sfen",
            BISHOP_TAKES,
        ]);
        let v: Value = serde_json::from_str(&out).unwrap();
        let moves = v["moves"].as_array().unwrap();
        let take: Vec<&Value> = moves.iter().filter(|m| m["to"] == "2b").collect();
        assert_eq!(take.len(), 2);
        assert_eq!(take[0]["usi"], "8h2b+");
        assert_eq!(take[0]["promote"], true);
        assert_eq!(take[1]["usi"], "8h2b");
        for m in &take {
            assert_eq!(m["promotion"], "optional");
            assert_eq!(m["capture"], "B");
            assert_eq!(m["piece"], "B");
            assert_eq!(m["drop"], false);
            assert_eq!(m["from"], "8h");
        }
        let (out, _) = run(&["moves", "--format", "json", "--sfen", FORCED]);
        let v: Value = serde_json::from_str(&out).unwrap();
        let pawn: Vec<&Value> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["from"] == "9b")
            .collect();
        assert_eq!(pawn.len(), 1);
        assert_eq!(pawn[0]["usi"], "9b9a+");
        assert_eq!(pawn[0]["promotion"], "forced");
    }

    #[test]
    fn text_is_usi_then_kif() {
        let (out, _) = run(&["moves", "--sfen", "startpos"]);
        assert_eq!(out.lines().count(), 30);
        assert!(out.contains("7g7f  ７六歩(77)\n"));
        let (out, _) = run(&["moves", "--square", "8h", "--sfen", BISHOP_TAKES]);
        assert!(out.contains("8h2b+  ２二角成(88)     promotion: optional\n"));
        assert!(out.contains("8h2b  ２二角不成(88)    promotion: optional\n"));
    }

    #[test]
    fn drops_are_listed_after_board_moves() {
        let (out, _) = run(&[
            "moves",
            "--format",
            "json",
            "--sfen",
            "4k4/9/9/9/9/9/9/9/4K4 b G 1",
        ]);
        let v: Value = serde_json::from_str(&out).unwrap();
        let moves = v["moves"].as_array().unwrap();
        let first_drop = moves.iter().position(|m| m["drop"] == true).unwrap();
        assert!(moves[first_drop..].iter().all(|m| m["drop"] == true));
        assert_eq!(moves[first_drop]["usi"], "G*1a");
        assert_eq!(moves[first_drop]["from"], Value::Null);
        assert_eq!(moves[first_drop]["kif"], "１一金打");
    }

    #[test]
    fn a_square_without_a_piece_of_the_side_to_move_is_an_error() {
        tool()
            .args(["moves", "--square", "5e", "--sfen", "startpos"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("no piece on 5e"));
        tool()
            .args(["moves", "--square", "5a", "--sfen", "startpos"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("white's"));
    }
}

mod board {
    use super::*;

    #[test]
    fn a_record_shows_its_final_position_or_a_ply_or_another_record() {
        let (out, _) = run(&["board", "middle-game.usi"]);
        assert!(out.contains("先手の持駒：角　歩　\n手数＝28  △５二金(61)  まで\n"));
        let (out, _) = run(&["board", "middle-game.usi", "--ply", "0"]);
        assert_eq!(out, run(&["board", "--sfen", "startpos"]).0);
        let (out, _) = run(&["board", "middle-game.usi", "--record", "1"]);
        assert!(out.contains("手数＝4  △２二銀(31)  まで\n"));
        assert!(out.starts_with("後手の持駒：角　\n"));
        tool()
            .current_dir(dir())
            .args(["board", "middle-game.usi", "--ply", "99"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("there is no ply 99"));
        tool()
            .current_dir(dir())
            .args(["board", "middle-game.usi", "--record", "2"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("there is no record 2"));
    }

    #[test]
    fn white_to_move_is_stated() {
        let (out, _) = run(&["board", "--sfen", "startpos moves 7g7f"]);
        assert!(out.ends_with("手数＝1  ▲７六歩(77)  まで\n後手番\n"));
    }

    #[test]
    fn standard_input_is_read_when_no_path_is_given() {
        tool()
            .args(["board", "--from", "usi"])
            .write_stdin("position startpos moves 2g2f\n")
            .assert()
            .success()
            .stdout(predicate::str::contains("| 歩 歩 歩 歩 歩 歩 歩 ・ 歩|七"));
    }

    #[test]
    fn svg_marks_the_last_move_and_highlights() {
        let (svg, _) = run(&[
            "board",
            "--format",
            "svg",
            "--sfen",
            "startpos moves 7g7f",
            "--highlight",
            "5e,5d",
        ]);
        check_xml(&svg).unwrap();
        assert_eq!(
            svg.matches("fill=\"#e08a2c\" fill-opacity").count(),
            1,
            "one last-move shade"
        );
        assert_eq!(
            svg.matches("fill=\"#2e9e4f\" fill-opacity").count(),
            2,
            "two highlights"
        );
        assert_eq!(
            svg.matches("rotate(180").count(),
            20,
            "white's pieces are turned"
        );
        tool()
            .args(["board", "--highlight", "5z", "--sfen", "startpos"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("not a square"));
    }
}

mod guide {
    use super::*;

    #[test]
    fn every_piece_has_its_rule() {
        let (out, _) = run(&["guide"]);
        for line in [
            "promotion: may promote when it moves into, within or out of the far three ranks; must promote on the last rank.",
            "promotion: may promote when it moves into, within or out of the far three ranks; must promote on the last two ranks.",
            "promotion: never promotes.",
        ] {
            assert!(out.contains(line), "{line}");
        }
        assert_eq!(out.matches("promotion: ").count(), 8);
        assert_eq!(run(&["guide", "歩"]).0, run(&["guide", "+P"]).0);
        assert_eq!(run(&["guide", "pawn"]).0, run(&["guide", "p"]).0);
    }
}

mod svg {
    use super::*;

    #[test]
    fn every_picture_is_well_formed_xml() {
        let cases: &[&[&str]] = &[
            &["board", "--format", "svg", "--sfen", "startpos"],
            &["board", "--format", "svg", "--letters", "middle-game.usi"],
            &[
                "board",
                "--format",
                "svg",
                "--sfen",
                "8k/9/9/9/9/9/9/9/K8 w 2r2b4g4s4n4l18p 1",
            ],
            &["drops", "--format", "svg", "middle-game.usi"],
            &[
                "drops",
                "--format",
                "svg",
                "--letters",
                "--sfen",
                SELF_CHECK,
            ],
            &["drops", "--format", "svg", "--sfen", "startpos"],
            &["guide", "--format", "svg"],
            &["guide", "--format", "svg", "--letters", "R"],
        ];
        for args in cases {
            let (svg, code) = run(args);
            assert_eq!(code, 0);
            if let Err(e) = check_xml(&svg) {
                panic!("{args:?}: {e}");
            }
            // And a real XML parser agrees: the document parses, its root is an SVG element.
            let doc = roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{args:?}: not XML: {e}"));
            assert_eq!(doc.root_element().tag_name().name(), "svg", "{args:?}");
            assert_eq!(
                doc.root_element().tag_name().namespace(),
                Some("http://www.w3.org/2000/svg")
            );
            assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(svg.contains("viewBox=\"0 0 "));
        }
    }

    #[test]
    fn the_checker_rejects_what_is_not_xml() {
        assert!(check_xml("<a><b></b></a>").is_ok());
        assert!(check_xml(
            "<?xml version=\"1.0\"?>\n<a x=\"1\" y='&amp;'>t &lt; u<!-- c --></a>\n"
        )
        .is_ok());
        for bad in [
            "<a><b></a></b>",
            "<a>",
            "<a x=1></a>",
            "<a x=\"1\" x=\"2\"></a>",
            "<a>x & y</a>",
            "<a>x < y</a>",
            "<a></a><b></b>",
            "text<a></a>",
            "<a x=\"<\"></a>",
            "<a>&bogus;</a>",
        ] {
            assert!(check_xml(bad).is_err(), "{bad}");
        }
    }
}

/// A minimal XML well-formedness check: an optional declaration, one root element, tags that
/// nest and match, attributes quoted and not repeated, `<` never raw in text or attributes,
/// `&` only as a predefined or numeric entity, comments and processing instructions skipped.
fn check_xml(doc: &str) -> Result<(), String> {
    let b = doc.as_bytes();
    let mut i = 0;
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let at = |i: usize| format!("byte {i}");
    let check_text = |text: &str, start: usize| -> Result<(), String> {
        let mut rest = text;
        let mut offset = start;
        while let Some(p) = rest.find('&') {
            let after = &rest[p + 1..];
            let end = after
                .find(';')
                .ok_or_else(|| format!("unterminated entity at {}", at(offset + p)))?;
            let name = &after[..end];
            let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
                || (name.starts_with("#x")
                    && name.len() > 2
                    && name[2..].chars().all(|c| c.is_ascii_hexdigit()))
                || (name.starts_with('#')
                    && name.len() > 1
                    && name[1..].chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(format!("bad entity &{name}; at {}", at(offset + p)));
            }
            offset += p + 1 + end + 1;
            rest = &after[end + 1..];
        }
        Ok(())
    };
    let is_name_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':' | b'.');
    while i < b.len() {
        if b[i] != b'<' {
            let end = doc[i..].find('<').map_or(b.len(), |p| i + p);
            let text = &doc[i..end];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root element at {}", at(i)));
            }
            check_text(text, i)?;
            i = end;
            continue;
        }
        if doc[i..].starts_with("<!--") {
            let end = doc[i..].find("-->").ok_or("unterminated comment")?;
            i += end + 3;
            continue;
        }
        if doc[i..].starts_with("<?") {
            let end = doc[i..]
                .find("?>")
                .ok_or("unterminated processing instruction")?;
            i += end + 2;
            continue;
        }
        if doc[i..].starts_with("</") {
            let start = i + 2;
            let mut j = start;
            while j < b.len() && is_name_char(b[j]) {
                j += 1;
            }
            let name = &doc[start..j];
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= b.len() || b[j] != b'>' {
                return Err(format!("bad end tag at {}", at(i)));
            }
            match stack.pop() {
                Some(open) if open == name => {}
                other => return Err(format!("</{name}> closes {other:?} at {}", at(i))),
            }
            i = j + 1;
            continue;
        }
        // A start tag.
        let start = i + 1;
        let mut j = start;
        while j < b.len() && is_name_char(b[j]) {
            j += 1;
        }
        let name = &doc[start..j];
        if name.is_empty() || !b[start].is_ascii_alphabetic() {
            return Err(format!("bad tag name at {}", at(i)));
        }
        if stack.is_empty() {
            roots += 1;
            if roots > 1 {
                return Err(format!("a second root element at {}", at(i)));
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        loop {
            let ws = j;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= b.len() {
                return Err(format!("unterminated tag <{name}>"));
            }
            if b[j] == b'>' {
                stack.push(name);
                j += 1;
                break;
            }
            if doc[j..].starts_with("/>") {
                j += 2;
                break;
            }
            if ws == j {
                return Err(format!(
                    "attributes must be separated by spaces at {}",
                    at(j)
                ));
            }
            let a = j;
            while j < b.len() && is_name_char(b[j]) {
                j += 1;
            }
            let attr = &doc[a..j];
            if attr.is_empty() {
                return Err(format!("bad attribute at {}", at(a)));
            }
            if seen.contains(&attr) {
                return Err(format!("attribute {attr} repeated at {}", at(a)));
            }
            seen.push(attr);
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= b.len() || b[j] != b'=' {
                return Err(format!("attribute {attr} has no value at {}", at(j)));
            }
            j += 1;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            let quote = *b.get(j).ok_or("unterminated attribute")?;
            if quote != b'"' && quote != b'\'' {
                return Err(format!("attribute {attr} is not quoted at {}", at(j)));
            }
            let v = j + 1;
            let end = doc[v..]
                .find(quote as char)
                .ok_or_else(|| format!("unterminated value of {attr}"))?;
            let value = &doc[v..v + end];
            if value.contains('<') {
                return Err(format!("`<` in the value of {attr} at {}", at(v)));
            }
            check_text(value, v)?;
            j = v + end + 1;
        }
        i = j;
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> is never closed"));
    }
    if roots != 1 {
        return Err("no root element".into());
    }
    Ok(())
}

/// Issue 33: `board --format svg --caption` writes a line above the board with the move
/// number, the last move in Japanese notation and the players; without the flag, none.
#[test]
fn board_svg_caption_names_the_move_and_the_players() {
    let record = dir().join("../samples/even-game.csa");
    let record = record.to_str().unwrap();
    let svg = |extra: &[&str]| {
        let out = tool()
            .args(["board", "--format", "svg", record, "--ply", "12"])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let captioned = svg(&["--caption"]);
    let doc = roxmltree::Document::parse(&captioned).unwrap();
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect();
    assert!(
        texts.contains(&"手数＝12  △２三歩打  ▲Sente Player  △Gote Player".to_string()),
        "{texts:?}"
    );
    assert!(!svg(&[]).contains("手数＝"));
}
