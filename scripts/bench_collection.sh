#!/usr/bin/env bash
# Times `find --position`, `find --player` and `dedup` beside `validate` on the same files, with
# peak memory (GNU time's maximum resident set size). Usage:
#   scripts/bench_collection.sh CORPUS_DIR [BIN]
# CORPUS_DIR holds records (e.g. ../shared/bench/gen_corpus.py --n 5000 --out c5k --formats csa).
set -euo pipefail
dir=${1:?corpus folder}
bin=${2:-target/release/shogi-tool}
n=$(find "$dir" -type f \( -name '*.csa' -o -name '*.kif' -o -name '*.usi' \) | wc -l)
run() {
    local label=$1
    shift
    /usr/bin/time -f "%e %M" -o /tmp/bench_collection.$$ "$bin" "$@" >/dev/null 2>&1 || true
    read -r secs kb </tmp/bench_collection.$$
    awk -v l="$label" -v s="$secs" -v kb="$kb" -v n="$n" \
        'BEGIN { printf "| %s | %d | %.2f | %.0f | %.0f |\n", l, n, s, (s > 0 ? n / s : 0), kb / 1024 }'
}
echo "| command | records | seconds | records/s | peak MB |"
echo "|---|---|---|---|---|"
run "validate -q" validate -q "$dir"
run "find --position (after 7g7f 3c3d 2g2f 8c8d)" find -q "$dir" --position 'startpos moves 7g7f 3c3d 2g2f 8c8d'
run "find --player" find -q "$dir" --player 'x'
run "dedup" dedup -q "$dir"
rm -f /tmp/bench_collection.$$
