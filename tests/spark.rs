//! The Spark test: `scripts/spark_test.sh` runs `examples/spark/shogi_stats.py` on Spark in
//! `local[2]` over `testdata/` and checks that the merged result equals one
//! `shogi-tool stats --format json` run byte for byte (by folder, by list, by `binaryFiles`),
//! and that the games mode's SQL tables add up to the same counts.
//!
//! It needs Java, python3 and PyPI (pyspark, pinned, installed under `target/spark`), so it runs
//! only when `SHOGI_SPARK=1` is set (`.ci/run` sets it); the script itself says `spark: skipped`
//! where Java is missing.

mod common;

#[test]
fn the_spark_job_merges_to_one_run() {
    let Some(stdout) = common::gated_script(
        "SHOGI_SPARK",
        "spark: skipped: set SHOGI_SPARK=1 to run scripts/spark_test.sh (needs Java, python3 \
         and PyPI for pyspark)",
        "spark_test.sh",
        &[],
        "scripts/spark_test.sh failed: the Spark job's result differs from one stats run",
    ) else {
        return;
    };
    assert!(
        stdout.contains("spark: ok") || stdout.contains("spark: skipped"),
        "the script printed neither a result nor why it skipped"
    );
}
