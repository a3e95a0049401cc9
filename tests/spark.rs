//! The Spark test: `scripts/spark_test.sh` runs `examples/spark/shogi_stats.py` on Spark in
//! `local[2]` over `testdata/` and checks that the merged result equals one
//! `shogi-tool stats --format json` run byte for byte (by folder, by list, by `binaryFiles`),
//! and that the games mode's SQL tables add up to the same counts.
//!
//! It needs Java, python3 and PyPI (pyspark, pinned, installed under `target/spark`), so it is
//! `#[ignore]`d: `.ci/run` runs it with `-- --ignored`; the script itself says `spark: skipped`
//! where Java is missing.

use crate::common;

#[test]
#[ignore = "runs scripts/spark_test.sh: needs Java, python3 and PyPI for pyspark \
            (cargo test --test integration the_spark_job_merges_to_one_run -- --ignored)"]
fn the_spark_job_merges_to_one_run() {
    let stdout = common::script(
        "spark_test.sh",
        &[],
        "scripts/spark_test.sh failed: the Spark job's result differs from one stats run",
    );
    assert!(
        stdout.contains("spark: ok") || stdout.contains("spark: skipped"),
        "the script printed neither a result nor why it skipped"
    );
}

/// Issue 33: examples/spark/README.md showed `127 records (139 failed) in 220 files` long
/// after testdata/ had grown. The job prints the merged result's `records`, `records_failed`
/// and `files`, which equal one `shogi-tool stats --format json testdata` run (what the Spark
/// test checks on Spark itself); this test needs no Spark and compares the README's line with
/// that run.
#[test]
fn the_readme_shows_what_the_job_prints_for_testdata() {
    let readme = std::fs::read_to_string(common::root().join("examples/spark/README.md")).unwrap();
    let start = readme
        .find("`shogi_stats: ")
        .expect("the README shows the job's line")
        + "`shogi_stats: ".len();
    let line = &readme[start..start + readme[start..].find('`').unwrap()];
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    assert!(
        line.starts_with(&format!(
            "{} records ({} failed) in {} files, ",
            numbers[0], numbers[1], numbers[2]
        )),
        "the README's line is not the job's: {line}"
    );
    let out = common::tool()
        .current_dir(common::root())
        .args(["stats", "--format", "json", "testdata"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = [&v["records"], &v["records_failed"], &v["files"]].map(|n| n.as_u64().unwrap());
    assert_eq!(
        numbers[..3],
        want,
        "examples/spark/README.md: write `shogi_stats: {} records ({} failed) in {} files, ...`",
        want[0],
        want[1],
        want[2]
    );
}
