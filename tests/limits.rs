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
