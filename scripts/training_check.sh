#!/usr/bin/env bash
# Cross-check of the training-data export (`positions --format hcpe|psv`) with cshogi.
#
# usage: scripts/training_check.sh
#   Installs PINNED cshogi and numpy into a venv under target/training (once), then runs
#   scripts/training_check.py: 1,000 random games and the real CSA/KIF records of testdata/
#   and ../shared/corpus exported by shogi-tool and read back with numpy + cshogi, and the
#   .hcpe/.psv files cshogi writes read back by shogi-tool. Exit 1 on any difference.
#
# environment:
#   TRAINING_DIR=dir   the venv and the files (default target/training)
#   TRAINING_GAMES=1000, TRAINING_SEED=31
#   SHOGI_TOOL=path    the binary (default: cargo build, target/debug/shogi-tool)
# Skips (exit 0, a line starting 'SKIP: training check') when python3 or PyPI is not there.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${TRAINING_DIR:-$ROOT/target/training}"
PIP_PEERS="cshogi==1.1.0 numpy==2.4.6"

skip() { echo "SKIP: training check: $*"; exit 0; }

command -v python3 >/dev/null || skip "python3 not found"
mkdir -p "$DIR"
VENV="$DIR/venv"
STAMP="$VENV/.installed-$(echo "$PIP_PEERS" | tr ' =' '_-')"
if [[ ! -f "$STAMP" ]]; then
  python3 -m venv "$VENV" >/dev/null 2>&1 || skip "python3 -m venv failed"
  "$VENV/bin/pip" install -q --disable-pip-version-check $PIP_PEERS >"$DIR/pip.log" 2>&1 ||
    skip "pip install $PIP_PEERS failed (offline?): $(tail -1 "$DIR/pip.log")"
  touch "$STAMP"
fi
if [[ -z "${SHOGI_TOOL:-}" ]]; then
  (cd "$ROOT" && cargo build -q --bin shogi-tool) || { echo "training check: cargo build failed"; exit 1; }
  SHOGI_TOOL="$ROOT/target/debug/shogi-tool"
fi
cd "$ROOT" && "$VENV/bin/python" scripts/training_check.py "$SHOGI_TOOL" "$DIR/run" \
  --games "${TRAINING_GAMES:-1000}" --seed "${TRAINING_SEED:-31}"
