//! Helpers shared by the end-to-end tests (`use crate::common;` in a test module; each module
//! uses only some of them).
#![allow(dead_code)]

#[cfg(target_os = "linux")]
pub mod child;

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// The tool under test.
pub fn tool() -> Command {
    Command::cargo_bin("shogi-tool").unwrap()
}

/// The root of the repository (where `testdata/` is).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Fails when the tool panicked (a message on standard error, or the panic exit status).
pub fn no_panic(out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

/// Runs `stats ARGS --shard K/N` for every K of `n` (ARGS should ask for `--format json`),
/// writing part K to `dir/partK.json`; the parts' paths, in order.
pub fn shard_parts(dir: &Path, n: usize, args: &[&str]) -> Vec<PathBuf> {
    (1..=n)
        .map(|k| {
            let out = tool()
                .arg("stats")
                .args(args)
                .args(["--shard", &format!("{k}/{n}")])
                .output()
                .unwrap();
            no_panic(&out);
            let path = dir.join(format!("part{k}.json"));
            std::fs::write(&path, &out.stdout).unwrap();
            path
        })
        .collect()
}

/// `stats --format json --merge PARTS`, read back.
pub fn merged_stats(parts: &[PathBuf]) -> serde_json::Value {
    let out = tool()
        .args(["stats", "--format", "json", "--merge"])
        .args(parts)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

/// Runs `bash scripts/SCRIPT ARGS` with `SHOGI_TOOL` set to the tool under test (the tests
/// that call it are `#[ignore]`d: they need peers, a browser or Spark, and `.ci/run` runs them
/// with `-- --ignored`). Prints the script's output; fails with `failed` unless the script
/// succeeds. Its standard output.
pub fn script(script: &str, args: &[&str], failed: &str) -> String {
    let out = std::process::Command::new("bash")
        .arg(root().join("scripts").join(script))
        .args(args)
        .env("SHOGI_TOOL", env!("CARGO_BIN_EXE_shogi-tool"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{failed}");
    stdout
}

/// The fixtures in `dir`: every file but the `.json` ones (their expected outputs), sorted;
/// at least 15 of them.
pub fn fixture_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 15, "fixtures missing: {names:?}");
    names
}

/// Runs `validate --format json NAME` in `dir` and compares its output with
/// `NAME.expected.json`, pushing a difference to `failures`; the run and its output, for
/// further checks. With `UPDATE_EXPECT` set, writes the output there instead: `None`.
pub fn validate_against_expected(
    dir: &Path,
    name: &str,
    failures: &mut Vec<String>,
) -> Option<(Output, String)> {
    let out = tool()
        .current_dir(dir)
        .args(["validate", "--format", "json", name])
        .output()
        .unwrap();
    let got = String::from_utf8(out.stdout.clone()).unwrap();
    let expected_path = dir.join(format!("{name}.expected.json"));
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &got).unwrap();
        return None;
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    if got != expected {
        failures.push(format!("{name}:\n  expected {expected}  got      {got}"));
    }
    Some((out, got))
}

/// Fails unless the run exited with `code`, showing its standard error.
pub fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
