#!/usr/bin/env bash
# Variant perft speed: shogi-tool's generic core beside Fairy-Stockfish through pyffish
# (the only Fairy-Stockfish there is without building the engine; one Python call per
# interior node, leaves counted from the move list, as shogi-tool does).
#
#   PYTHON=/path/to/venv/bin/python scripts/bench_variants.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
OURS=target/release/shogi-tool
[[ -n "${NO_BUILD:-}" ]] || cargo build -q --release
printf '| variant | shogi-tool perft | nodes | user s | nodes/s | pyffish perft | nodes | user s | nodes/s |\n|---|---|---|---|---|---|---|---|---|\n'
for spec in "minishogi 6 3" "gorogoro 5 3" "gorogoroplus 4 2" "torishogi 5 3" "dobutsu 8 5"; do
  set -- $spec
  v=$1; d=$2; pd=$3
  t0=$( { /usr/bin/time -f '%U' "$OURS" perft --variant "$v" "$d" >/tmp/bv.out; } 2>&1 )
  n=$(cat /tmp/bv.out)
  py=$("$PYTHON" - "$v" "$pd" <<'PY'
import sys, time, resource
sys.path.insert(0, "scripts")
import variant_reference as vr
v, d = sys.argv[1], int(sys.argv[2])
if v == "dobutsu":
    e = vr.Dobutsu(); pos = e.start()
    def run(): return e.perft(pos, d)
else:
    f = vr.Fairy(v); fen = f.start()
    def perft(depth, played=()):
        ms = f.sf.legal_moves(v, fen, list(played))
        return len(ms) if depth == 1 else sum(perft(depth - 1, played + (m,)) for m in ms)
    def run(): return perft(d)
u0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
n = run()
u = resource.getrusage(resource.RUSAGE_SELF).ru_utime - u0
print(n, f"{u:.2f}", int(n / max(u, 1e-3)))
PY
)
  set -- $py
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$v" "$d" "$n" "$t0" "$(echo "$n / ($t0 + 0.001)" | bc)" "$pd" "$1" "$2" "$3"
done
