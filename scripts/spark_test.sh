#!/usr/bin/env bash
# The Spark job (examples/spark/shogi_stats.py) on Spark itself, in local[2], over testdata/:
# merged == one `shogi-tool stats --format json` run, byte for byte (examples/spark/test_shogi_stats.py).
#
# usage: scripts/spark_test.sh
# environment:
#   SPARK_DIR=dir   where the venv with pyspark goes (default target/spark; ~320 MB, kept)
#   SHOGI_TOOL=path the binary (default: cargo build, target/debug/shogi-tool)
# Skips (exit 0, a line starting 'spark: skipped') when Java or python3 is missing or pyspark
# cannot be installed.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${SPARK_DIR:-$ROOT/target/spark}"
PYSPARK="pyspark==3.5.9" # pinned: Spark 3.5 runs on Java 8/11/17

skip() { echo "spark: skipped: $*"; exit 0; }

command -v java >/dev/null && java -version >/dev/null 2>&1 || skip "no Java (install a JRE 17, e.g. apt-get install openjdk-17-jre-headless)"
command -v python3 >/dev/null || skip "python3 not found"
mkdir -p "$DIR"
VENV="$DIR/venv"
MARK="$VENV/.installed-$(echo "$PYSPARK" | tr '=' '-')"
if [[ ! -f "$MARK" ]]; then
  python3 -m venv "$VENV" >/dev/null 2>&1 || skip "python3 -m venv failed"
  "$VENV/bin/pip" install -q --disable-pip-version-check "$PYSPARK" >"$DIR/pip.log" 2>&1 ||
    skip "pip install $PYSPARK failed (offline?): $(tail -1 "$DIR/pip.log")"
  touch "$MARK"
fi

if [[ -z "${SHOGI_TOOL:-}" ]]; then
  (cd "$ROOT" && cargo build -q --bin shogi-tool) || { echo "spark: cargo build failed"; exit 1; }
  SHOGI_TOOL="$ROOT/target/debug/shogi-tool"
fi
echo "spark: $("$VENV/bin/python" -c 'import pyspark; print("pyspark", pyspark.__version__)'), $(java -version 2>&1 | head -1)"
# Spark's own temporary files under DIR, not /tmp.
export SPARK_LOCAL_DIRS="$DIR/local"
mkdir -p "$SPARK_LOCAL_DIRS"
export PYSPARK_PYTHON="$VENV/bin/python"
"$VENV/bin/python" "$ROOT/examples/spark/test_shogi_stats.py" "$SHOGI_TOOL" "$ROOT" 2>"$DIR/spark.log"
rc=$?
if [[ $rc -ne 0 ]]; then
  echo "spark: the test failed (exit $rc); the end of Spark's log ($DIR/spark.log):"
  grep -v ' WARN ' "$DIR/spark.log" | tail -30
fi
exit $rc
