//! `ops::validate` against the command line: the library call and `shogi-tool validate` say the
//! same, line for line and count for count, over testdata/ and over training files.

use shogi_tool::batch;
use shogi_tool::ops::validate::{validate, ValidateOptions, ValidateSummary};

use crate::common::{root, tool};

/// The library's JSON lines and summary over `paths` (relative to the repository's root, where
/// `cargo test` runs).
fn library(paths: &[&str]) -> (String, ValidateSummary) {
    let (inputs, errors) = batch::discover(paths);
    let mut text = String::new();
    let summary = validate(inputs, &errors, &ValidateOptions::default(), |result| {
        text.push_str(&result.to_json());
        text.push('\n');
        true
    });
    (text, summary)
}

/// The command line's output, JSON and human summary line, over `paths`.
fn command_line(paths: &[&str]) -> (String, String) {
    let json = tool()
        .current_dir(root())
        .arg("validate")
        .args(paths)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let human = tool()
        .current_dir(root())
        .arg("validate")
        .args(paths)
        .output()
        .unwrap();
    (
        String::from_utf8(json.stdout).unwrap(),
        String::from_utf8(human.stderr).unwrap(),
    )
}

/// The counts of the summary line `validate` prints.
fn summary_line(s: &ValidateSummary) -> String {
    format!(
        "{} with fouls, {} with warnings, {} with errors",
        s.with_fouls, s.with_warnings, s.unreadable
    )
}

#[test]
fn the_library_validates_testdata_as_the_command_line_does() {
    let (text, summary) = library(&["testdata", "testdata/no-such-file.kif"]);
    let (json, human) = command_line(&["testdata", "testdata/no-such-file.kif"]);
    assert_eq!(text, json);
    assert!(
        summary.records > 100 && summary.unreadable > 0,
        "{summary:?}"
    );
    assert!(
        human.contains(&format!(
            "checked {} records in {} files: {}",
            summary.records,
            summary.files,
            summary_line(&summary)
        )),
        "{human} / {summary:?}"
    );
}

#[test]
fn the_library_checks_training_files_as_the_command_line_does() {
    let dir = tempfile::Builder::new()
        .prefix("validate-api")
        .tempdir_in(root().join("target"))
        .unwrap();
    let hcpe = dir.path().join("games.hcpe");
    let out = tool()
        .current_dir(root())
        .args([
            "positions",
            "testdata/samples",
            "--format",
            "hcpe",
            "-q",
            "-o",
        ])
        .arg(&hcpe)
        .output()
        .unwrap();
    assert!(out.status.success() || out.status.code() == Some(2));
    // Spoil every 50th byte and leave the last entry torn.
    let mut bytes = std::fs::read(&hcpe).unwrap();
    assert!(bytes.len() > 38 * 20, "{} bytes", bytes.len());
    for i in (7..bytes.len()).step_by(50) {
        bytes[i] ^= 0x5a;
    }
    bytes.truncate(bytes.len() - 5);
    std::fs::write(&hcpe, &bytes).unwrap();
    let path = hcpe.to_str().unwrap();
    let (text, summary) = library(&[path]);
    let (json, human) = command_line(&[path]);
    assert_eq!(text, json);
    assert!(
        summary.with_fouls > 0 && summary.unreadable > 0,
        "{summary:?}"
    );
    assert_eq!(summary.records, bytes.len().div_ceil(38));
    assert!(human.contains(&summary_line(&summary)), "{human}");
}
