//! One small record per foul and warning code in `testdata/fouls/`, each with the JSON line
//! `validate --format json` must print for it (`<name>.expected.json`) and the exit status
//! (1 when the record has a foul, else 0).
//!
//! After a deliberate change, regenerate with `UPDATE_EXPECT=1 cargo test --test integration fouls::` and
//! review the diff.

use std::path::Path;

use crate::common;

#[test]
fn every_fixture_gives_its_expected_json() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/fouls");
    let names = common::fixture_names(&dir);
    let mut failures = Vec::new();
    for name in &names {
        let Some((out, got)) = common::validate_against_expected(&dir, name, &mut failures) else {
            continue;
        };
        let v: serde_json::Value = serde_json::from_str(got.trim()).unwrap();
        let has_fouls = !v["fouls"].as_array().unwrap().is_empty();
        let code = out.status.code().unwrap();
        if code != if has_fouls { 1 } else { 0 } {
            failures.push(format!("{name}: exit status {code}"));
        }
        // The fixture named after a code (`CODE.ext` or `CODE--detail.ext`) produces it.
        let stem = name.split('.').next().unwrap().split("--").next().unwrap();
        let codes: Vec<&str> = ["fouls", "warnings"]
            .iter()
            .flat_map(|k| v[k].as_array().unwrap().iter())
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        let outcome = v["outcome"]["reason"].as_str().unwrap();
        if !codes.contains(&stem) && outcome != stem.trim_end_matches("-pawn-push") {
            failures.push(format!(
                "{name}: no `{stem}` among {codes:?} / outcome {outcome}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
