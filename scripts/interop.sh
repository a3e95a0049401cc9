#!/usr/bin/env bash
# Interop test: shogi-tool's output read back by the programs people use.
#
# usage: scripts/interop.sh [--strict]
#   Installs PINNED peers into a local folder (npm: tsshogi, json-kifu-format; pip: cshogi,
#   python-shogi, rsshogi - in a venv), generates random games (every handicap, declined
#   promotions, pinned-piece disambiguations, comments, times, variations, every ending) as JKF,
#   converts them with shogi-tool to kif, kifu, ki2, csa, sfen and jkf, reads every file back
#   with each peer and prints the writer x reader matrix (pass counts per feature).
#   Then the other direction: the peers' own writers (tsshogi: KIF, KI2, CSA, JKF; rsshogi:
#   KIF, KI2, CSA, JKF; cshogi: KIF, CSA) write the same games, and shogi-tool reads them.
#   Last, the real records of testdata/interop (PROVENANCE.md) written in every format by
#   shogi-tool and read by every peer, compared with what shogi-tool reads from the originals.
#   --strict exits 1 when a row of any matrix is not the one recorded in docs/interop.md.
#
# environment:
#   INTEROP_DIR=dir     where the peers and the games go (default target/interop)
#   INTEROP_GAMES=60    games; INTEROP_SEED=1
#   SHOGI_TOOL=path     the binary (default: cargo build, target/debug/shogi-tool)
# Skips (exit 0, a line starting 'interop: skipped') when node/npm, python3 or the registries
# are not available.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HERE="$ROOT/scripts/interop"
DIR="${INTEROP_DIR:-$ROOT/target/interop}"
N="${INTEROP_GAMES:-60}"
SEED="${INTEROP_SEED:-1}"
STRICT=0
[[ "${1:-}" == "--strict" ]] && STRICT=1

# Pinned peer versions (check with `npm view NAME version` / `pip index versions NAME`).
NPM_PEERS="tsshogi@2.2.0 json-kifu-format@5.5.0"
PIP_PEERS="cshogi==1.1.0 python-shogi==1.1.1 rsshogi==1.7.0"

skip() { echo "interop: skipped: $*"; exit 0; }

command -v node >/dev/null && command -v npm >/dev/null || skip "node/npm not found"
command -v python3 >/dev/null || skip "python3 not found"
mkdir -p "$DIR"

# ---- peers
NODE_DIR="$DIR/node"
if [[ ! -f "$NODE_DIR/.installed-$(echo "$NPM_PEERS" | tr ' @' '_-')" ]]; then
  mkdir -p "$NODE_DIR"
  (cd "$NODE_DIR" && { [[ -f package.json ]] || echo '{"name":"interop","private":true}' >package.json; } &&
    npm install --silent --no-audit --no-fund $NPM_PEERS >/dev/null 2>npm.log) ||
    skip "npm install $NPM_PEERS failed (offline?): $(tail -1 "$NODE_DIR/npm.log")"
  touch "$NODE_DIR/.installed-$(echo "$NPM_PEERS" | tr ' @' '_-')"
fi
VENV="$DIR/venv"
if [[ ! -f "$VENV/.installed-$(echo "$PIP_PEERS" | tr ' =' '_-')" ]]; then
  python3 -m venv "$VENV" >/dev/null 2>&1 || skip "python3 -m venv failed"
  "$VENV/bin/pip" install -q --disable-pip-version-check $PIP_PEERS >"$DIR/pip.log" 2>&1 ||
    skip "pip install $PIP_PEERS failed (offline?): $(tail -1 "$DIR/pip.log")"
  touch "$VENV/.installed-$(echo "$PIP_PEERS" | tr ' =' '_-')"
fi
PY="$VENV/bin/python"

# ---- shogi-tool
if [[ -z "${SHOGI_TOOL:-}" ]]; then
  (cd "$ROOT" && cargo build -q --bin shogi-tool) || { echo "interop: cargo build failed"; exit 1; }
  SHOGI_TOOL="$ROOT/target/debug/shogi-tool"
fi
SHOGI_TOOL="$(cd "$(dirname "$SHOGI_TOOL")" && pwd)/$(basename "$SHOGI_TOOL")"
[[ -x "$SHOGI_TOOL" ]] || { echo "interop: $SHOGI_TOOL is not an executable"; exit 1; }

# ---- shogi-tool writes, the peers read
RUN="$DIR/run"
rm -rf "$RUN" && mkdir -p "$RUN/in"
"$PY" "$HERE/gen_games.py" --n "$N" --seed "$SEED" --out "$RUN/gen" >/dev/null || exit 1
mv "$RUN/gen/jkf/"*.jkf "$RUN/in/"
(cd "$RUN/in" && for f in kif kifu ki2 csa sfen jkf; do
  "$SHOGI_TOOL" convert --quiet *.jkf --to "$f" --out-dir "../out/$f" >/dev/null 2>"../convert-$f.err"
done)
[[ -d "$RUN/out/csa" ]] || { echo "interop: shogi-tool convert wrote nothing: $(head -2 "$RUN/convert-csa.err")"; exit 1; }
(cd "$NODE_DIR" && node "$HERE/read_node.mjs" "$RUN/out") >"$RUN/node.jsonl" || exit 1
"$PY" "$HERE/read_py.py" "$RUN/out" >"$RUN/py.jsonl" || exit 1
echo "== shogi-tool writes, peers read ($N games, seed $SEED)"
python3 "$HERE/compare.py" "$RUN/gen/truth.json" "$RUN/node.jsonl" "$RUN/py.jsonl" | tee "$RUN/matrix.md"

# ---- the peers write, shogi-tool reads
(cd "$NODE_DIR" && node "$HERE/write_node.mjs" "$RUN/gen/truth.json" "$RUN/peers") || exit 1
"$PY" "$HERE/write_py.py" "$RUN/gen/truth.json" "$RUN/peers" || exit 1
"$PY" "$HERE/read_tool.py" "$SHOGI_TOOL" "$RUN/peers" >"$RUN/tool.jsonl" || exit 1
echo
echo "== peers write, shogi-tool reads"
python3 "$HERE/compare.py" "$RUN/gen/truth.json" "$RUN/tool.jsonl" --by-writer | tee "$RUN/reverse.md"

# ---- real records (testdata/interop: banners, remarks, comments after the result, mid-game
# starts with move numbers, a failed declaration, time controls): shogi-tool reads each
# original (the truth), writes it in every format, and the peers read what it wrote.
REAL="$RUN/real"
mkdir -p "$REAL/src/orig/any"
cp "$ROOT"/testdata/interop/*.{kif,kifu,csa,sfen} "$REAL/src/orig/any/"
"$PY" "$HERE/read_tool.py" "$SHOGI_TOOL" "$REAL/src" >"$REAL/rows.jsonl" || exit 1
python3 "$HERE/real_truth.py" "$SHOGI_TOOL" "$REAL/src/orig/any" "$REAL/rows.jsonl" >"$REAL/truth.json" || exit 1
(cd "$REAL/src/orig/any" && for f in kif kifu ki2 csa sfen jkf; do
  "$SHOGI_TOOL" convert --quiet * --to "$f" --out-dir "$REAL/out/$f" >/dev/null 2>"$REAL/convert-$f.err"
done)
(cd "$NODE_DIR" && node "$HERE/read_node.mjs" "$REAL/out") >"$REAL/node.jsonl" || exit 1
"$PY" "$HERE/read_py.py" "$REAL/out" >"$REAL/py.jsonl" || exit 1
echo
echo "== real records: shogi-tool writes, peers read ($(ls "$REAL/src/orig/any" | wc -l) records of testdata/interop)"
python3 "$HERE/compare.py" "$REAL/truth.json" "$REAL/node.jsonl" "$REAL/py.jsonl" --real | tee "$RUN/real.md"

if [[ $STRICT == 1 ]]; then
  python3 "$HERE/compare.py" --check "$ROOT/docs/interop.md" "$RUN/matrix.md" "$RUN/reverse.md" "$RUN/real.md" || exit 1
fi
