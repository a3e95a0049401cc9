#!/usr/bin/env bash
# Reading speed of records written on one line (issue 22, "quadratic readers"): one record of
# MOVES moves (a rook shuffle, so every move is legal; the game ends by repetition after 12 moves
# and the rest are read as moves after the end) in each format, read by `shogi-tool stats`.
# Prints the median wall time of REPEAT runs per format. KIF holds one move a line by design, so
# its record is MOVES lines; the others are one line of moves.
#
#   scripts/bench_readers.sh                     # MOVES=100000 REPEAT=3, target/release
#   BIN=/work/main/target/release/shogi-tool MOVES=20000 scripts/bench_readers.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MOVES="${MOVES:-100000}"
REPEAT="${REPEAT:-3}"
if [[ -z "${BIN:-}" ]]; then
  cargo build -q --release
  BIN=target/release/shogi-tool
fi
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT

python3 - "$DIR" "$MOVES" <<'PY'
import json, sys
d, n = sys.argv[1], int(sys.argv[2])
# (USI, CSA, KI2, KIF, JKF from/to)
cyc = [("2h3h", "+2838HI", "▲３八飛", "３八飛(28)", (2, 8, 3, 8)),
       ("8b7b", "-8272HI", "△７二飛", "７二飛(82)", (8, 2, 7, 2)),
       ("3h2h", "+3828HI", "▲２八飛", "２八飛(38)", (3, 8, 2, 8)),
       ("7b8b", "-7282HI", "△８二飛", "８二飛(72)", (7, 2, 8, 2))]
mv = [cyc[i % 4] for i in range(n)]
open(f"{d}/one.usi", "w").write("position startpos moves " + " ".join(m[0] for m in mv) + "\n")
open(f"{d}/one.csa", "w").write("V2.2\nPI\n+\n" + ",".join(m[1] for m in mv) + "\n")
open(f"{d}/one.ki2", "w", encoding="utf-8").write("手合割：平手\n" + " ".join(m[2] for m in mv) + "\n")
open(f"{d}/one.kif", "w", encoding="utf-8").write(
    "手合割：平手\n手数----指手---------消費時間--\n"
    + "".join(f"{i + 1} {m[3]}\n" for i, m in enumerate(mv)))
moves = [{}] + [{"move": {"from": {"x": m[4][0], "y": m[4][1]}, "to": {"x": m[4][2], "y": m[4][3]},
                          "piece": "HI", "color": i % 2}} for i, m in enumerate(mv)]
open(f"{d}/one.jkf", "w").write(json.dumps({"header": {}, "initial": {"preset": "HIRATE"},
                                            "moves": moves}, separators=(",", ":")))
PY

wall() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-6s %10s %10s\n' format bytes "wall (s)"
for f in usi csa ki2 kif jkf; do
  t=""
  for _ in $(seq "$REPEAT"); do t+="$(wall "$BIN" stats "$DIR/one.$f")"$'\n'; done
  printf '%-6s %10s %10s\n' "$f" "$(stat -c %s "$DIR/one.$f")" "$(printf '%s' "$t" | median)"
done
