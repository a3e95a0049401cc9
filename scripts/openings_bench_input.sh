#!/bin/sh
# The input of BENCHMARKS.md's "Openings and castles in `stats` (issue 32)": the distinct
# even games of ../shared/corpus that the classifier names (16 plies or more: 79 games),
# converted to USI (`position startpos moves ...`, one a line), sorted, and repeated to
# 50,000 lines (30 MB).
#
#   scripts/openings_bench_input.sh [TOOL] [OUT]   (defaults: target/release/shogi-tool,
#                                                  /tmp/w32/b50k.usi)
set -eu
tool=${1:-target/release/shogi-tool}
out=${2:-/tmp/w32/b50k.usi}
corpus=${CORPUS:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$corpus" -type f | LC_ALL=C sort | while read -r f; do
  "$tool" convert -q --to usi "$f" 2>/dev/null || true
done | grep '^position startpos moves ' | LC_ALL=C sort -u | awk 'NF - 3 >= 16' > "$tmp/games.usi"
n=$(wc -l < "$tmp/games.usi")
echo "$n distinct even games of 16 plies or more" >&2
mkdir -p "$(dirname "$out")"
awk -v n=50000 '{ g[NR] = $0 } END { for (i = 0; i < n; i++) print g[i % NR + 1] }' \
  "$tmp/games.usi" > "$out"
