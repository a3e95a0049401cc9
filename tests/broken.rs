//! The catalogue of broken inputs in `testdata/broken/`: each file with the exact human output
//! (`validate`, standard output and standard error) and exit status it must give, stored in
//! `<name>.expected`. Regenerate after a deliberate change with
//! `UPDATE_EXPECT=1 cargo test --test integration broken::` and review the diff.

use std::path::Path;

use assert_cmd::Command;

#[test]
fn every_broken_input_gives_its_expected_message() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/broken");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.ends_with(".expected"))
        .collect();
    names.sort();
    assert!(names.len() >= 10);
    let mut failures = Vec::new();
    for name in &names {
        let out = Command::cargo_bin("shogi-tool")
            .unwrap()
            .current_dir(&dir)
            .args(["validate", name])
            .output()
            .unwrap();
        let got = format!(
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let path = dir.join(format!("{name}.expected"));
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if got != expected {
            failures.push(format!("{name}:\n--- expected\n{expected}\n--- got\n{got}"));
        }
        // Every broken input is reported (an error, or a warning for what was tolerated),
        // never passed silently, and nothing panics.
        assert!(!got.contains("panicked"), "{name}: {got}");
        assert!(
            got.contains(": error[")
                || got.contains(": warning[")
                || got.contains("shogi-tool: error: "),
            "{name} passed silently:\n{got}"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
