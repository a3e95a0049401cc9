//! The Spark test: `scripts/spark_test.sh` runs `examples/spark/shogi_stats.py` on Spark in
//! `local[2]` over `testdata/` and checks that the merged result equals one
//! `shogi-tool stats --format json` run byte for byte (by folder, by list, by `binaryFiles`),
//! and that the games mode's SQL tables add up to the same counts.
//!
//! It needs Java, python3 and PyPI (pyspark, pinned, installed under `target/spark`), so it runs
//! only when `SHOGI_SPARK=1` is set (`.ci/run` sets it); the script itself says `spark: skipped`
//! where Java is missing.

use std::path::Path;
use std::process::Command;

#[test]
fn the_spark_job_merges_to_one_run() {
    if std::env::var_os("SHOGI_SPARK").is_none() {
        eprintln!(
            "spark: skipped: set SHOGI_SPARK=1 to run scripts/spark_test.sh (needs Java, python3 \
             and PyPI for pyspark)"
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(root.join("scripts/spark_test.sh"))
        .env("SHOGI_TOOL", env!("CARGO_BIN_EXE_shogi-tool"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "scripts/spark_test.sh failed: the Spark job's result differs from one stats run"
    );
    assert!(
        stdout.contains("spark: ok") || stdout.contains("spark: skipped"),
        "the script printed neither a result nor why it skipped"
    );
}
