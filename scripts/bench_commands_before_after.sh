#!/usr/bin/env bash
# Times two shogi-tool binaries side by side on any commands: each command runs RUNS times
# with each binary, the two taking turns (A, B, A, B, ...) so that the load of a shared machine
# falls on both alike; checks that both print the same; prints one Markdown table row per
# command: the median wall seconds and the median user + system seconds of each, and B/A.
#
# Usage: scripts/bench_commands_before_after.sh BIN_A BIN_B RUNS 'COMMAND' ['COMMAND'...]
#   e.g. scripts/bench_commands_before_after.sh /tmp/main-shogi-tool target/release/shogi-tool 11 \
#          'perft 5' 'perft --force --variant torishogi --sfen startpos 5'
# (a COMMAND is split at spaces; its arguments cannot hold one).
set -euo pipefail
a=${1:?BIN_A}
b=${2:?BIN_B}
runs=${3:?RUNS}
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for cmd in "$@"; do
  : > "$dir/t.a"
  : > "$dir/t.b"
  for _ in $(seq "$runs"); do
    for side in a b; do
      bin=$a
      [ "$side" = b ] && bin=$b
      # shellcheck disable=SC2086
      /usr/bin/time -f '%e %U %S' -o "$dir/t.one" "$bin" $cmd > "$dir/out.$side"
      cat "$dir/t.one" >> "$dir/t.$side"
    done
    cmp -s "$dir/out.a" "$dir/out.b" || echo "the two binaries print different things: $cmd" >&2
  done
  python3 - "$dir" "$cmd" <<'PY'
import statistics as st
import sys

d, cmd = sys.argv[1], sys.argv[2]
def medians(side):
    rows = [list(map(float, l.split())) for l in open(f"{d}/t.{side}") if l.strip()]
    return st.median(r[0] for r in rows), st.median(r[1] + r[2] for r in rows)
aw, ac = medians("a")
bw, bc = medians("b")
def ratio(x, y):
    return f"{x / y:.3f}" if y else "-"
print(f"| `{cmd}` | {aw:.3f} | {bw:.3f} | {ratio(bw, aw)} | {ac:.3f} | {bc:.3f} | {ratio(bc, ac)} |")
PY
done
