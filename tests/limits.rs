//! Hostile sizes: 100,000 variations, a 10 MB line, two million plies. Each must be read and
//! replayed without a stack overflow or quadratic blow-up (a run that hangs fails the suite by
//! its time-out; speed itself is measured in BENCHMARKS.md, not here).

use assert_cmd::Command;

fn validate_json(path: &std::path::Path) -> serde_json::Value {
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .args(["validate", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "crashed");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_hundred_thousand_variations() {
    let dir = tempfile::tempdir().unwrap();
    let mut text =
        String::from("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)+\n");
    let alternatives = ["２六歩(27)", "１六歩(17)", "９六歩(97)", "５六歩(57)"];
    for i in 0..100_000 {
        text.push_str("変化：1手\n   1 ");
        text.push_str(alternatives[i % 4]);
        text.push('\n');
    }
    let path = dir.path().join("many.kifu");
    std::fs::write(&path, text).unwrap();
    let v = validate_json(&path);
    assert_eq!(v["plies"], 1);
    assert!(v["errors"].as_array().unwrap().is_empty(), "{v}");
    assert!(v["fouls"].as_array().unwrap().is_empty());
}

#[test]
fn a_ten_megabyte_comment_line_and_two_million_plies() {
    let dir = tempfile::tempdir().unwrap();
    let csa = dir.path().join("long.csa");
    std::fs::write(
        &csa,
        format!(
            "V2.2\nPI\n+\n'{}\n+7776FU\n%TORYO\n",
            "x".repeat(10_000_000)
        ),
    )
    .unwrap();
    let v = validate_json(&csa);
    assert_eq!(v["plies"], 1);
    assert_eq!(v["outcome"]["reason"], "resignation");
    let usi = dir.path().join("long.usi");
    let cycle = "2h3h 8b7b 3h2h 7b8b ";
    std::fs::write(&usi, format!("startpos moves {}\n", cycle.repeat(500_000))).unwrap();
    let v = validate_json(&usi);
    assert_eq!(v["plies"], 2_000_000);
    assert_eq!(v["outcome"]["reason"], "repetition");
    // One moves-after-end foul, not two million.
    assert_eq!(v["fouls"].as_array().unwrap().len(), 1);
}

fn run(args: &[&str], path: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::cargo_bin("shogi-tool")
        .unwrap()
        .args(["validate", "--format", "json"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn each_limit_gives_a_clear_error_naming_the_option_that_raises_it() {
    let dir = tempfile::tempdir().unwrap();
    // Line length.
    let csa = dir.path().join("long.csa");
    std::fs::write(
        &csa,
        format!("V2.2\nPI\n+\n'{}\n+7776FU\n", "x".repeat(5_000)),
    )
    .unwrap();
    let (code, out) = run(&["--max-line-length", "1000"], &csa);
    assert_eq!(code, Some(2));
    assert!(
        out.contains(
            "line 4 is 5001 bytes long, over the limit of 1000 (raise it with --max-line-length)"
        ),
        "{out}"
    );
    assert_eq!(run(&[], &csa).0, Some(0));
    // Number of variations.
    let mut kif = String::from("手数----指手---------消費時間--\n   1 ７六歩(77)+\n");
    for _ in 0..20 {
        kif.push_str("変化：1手\n   1 ２六歩(27)\n");
    }
    let many = dir.path().join("many.kifu");
    std::fs::write(&many, kif).unwrap();
    let (code, out) = run(&["--max-variations", "10"], &many);
    assert_eq!(code, Some(2));
    assert!(
        out.contains("holds 20 variations, over the limit of 10 (raise it with --max-variations)"),
        "{out}"
    );
    assert_eq!(run(&[], &many).0, Some(0));
    // Depth: a variation inside a variation (JKF forks nest).
    let jkf = r#"{"header":{},"moves":[{},
      {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},
       "forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
                 {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},
                  "forks":[[{"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]]}]]},
      {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}}]}"#;
    let nested = dir.path().join("nested.jkf");
    std::fs::write(&nested, jkf).unwrap();
    let (code, out) = run(&["--max-variation-depth", "1"], &nested);
    assert_eq!(code, Some(2));
    assert!(
        out.contains(
            "nests variations 2 deep, over the limit of 1 (raise it with --max-variation-depth)"
        ),
        "{out}"
    );
    let (code, out) = run(&[], &nested);
    assert_eq!(code, Some(0), "{out}");
}
