#!/usr/bin/env bash
# Perft speed, shogi-tool beside haitaka (the fastest shogi move generator on crates.io),
# interleaved in one run on the same machine; prints the median of REPEAT runs and the ratio.
#
#   scripts/bench_perft.sh            # REPEAT=7 DEPTH=5
# Builds ../shared/bench/rust_peer into /tmp/rpeer-target when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT="${REPEAT:-7}"
DEPTH="${DEPTH:-5}"
RPEER="${RPEER:-/tmp/rpeer-target/release/rpeer}"
if [[ ! -x "$RPEER" ]]; then
  cargo build -q --locked --release --manifest-path ../shared/bench/rust_peer/Cargo.toml --target-dir /tmp/rpeer-target
fi
cargo build -q --release
OURS=target/release/shogi-tool

wall() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -A T
for _ in $(seq "$REPEAT"); do
  T[hb]+="$(wall "$RPEER" perft haitaka "$DEPTH")"$'\n'
  T[ob]+="$(wall "$OURS" perft "$DEPTH")"$'\n'
  T[hn]+="$(wall "$RPEER" perft haitaka_nobulk "$DEPTH")"$'\n'
  T[on]+="$(wall "$OURS" perft --no-bulk "$DEPTH")"$'\n'
done
nodes=$("$OURS" perft "$DEPTH")
row() {
  local h o; h=$(printf '%s' "${T[$2]}" | median); o=$(printf '%s' "${T[$3]}" | median)
  printf '| %s | %.3f s (%.1f M/s) | %.3f s (%.1f M/s) | %.2fx |\n' "$1" "$h" "$(echo "$nodes / $h / 1000000" | bc -l)" \
    "$o" "$(echo "$nodes / $o / 1000000" | bc -l)" "$(echo "$h / $o" | bc -l)"
}
echo "perft $DEPTH from the start position ($nodes leaves), median of $REPEAT interleaved runs, whole process wall time"
echo "| counting | haitaka 0.3.2 | shogi-tool | speed-up |"
echo "|---|---|---|---|"
row "bulk (last ply counted from target sets)" hb ob
row "every leaf move made" hn on
