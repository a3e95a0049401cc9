#!/usr/bin/env bash
# Times `find --position`, `find --player` and `dedup` beside `validate` on the same files, with
# peak memory (GNU time's maximum resident set size). Each command runs RUNS times (default 5),
# the commands taking turns so that the machine's noise falls on all of them alike; the table
# gives the median seconds, records per second at the median, the median's ratio to validate's,
# and the largest peak memory seen. Usage:
#   [RUNS=5] scripts/bench_collection.sh CORPUS_DIR [BIN]
# CORPUS_DIR holds records (e.g. ../shared/bench/gen_corpus.py --n 5000 --out c5k --formats csa).
set -euo pipefail
dir=${1:?corpus folder}
bin=${2:-target/release/shogi-tool}
runs=${RUNS:-5}
n=$(find "$dir" -type f \( -name '*.csa' -o -name '*.kif' -o -name '*.usi' \) | wc -l)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
labels=("validate -q" "find --position (after 7g7f 3c3d 2g2f 8c8d)" "find --player" "dedup")
timed() { /usr/bin/time -f "%e %M" -o "$tmp/t" "$bin" "$@" >/dev/null 2>&1 || true; }
run() {
    case $1 in
    0) timed validate -q "$dir" ;;
    1) timed find -q "$dir" --position 'startpos moves 7g7f 3c3d 2g2f 8c8d' ;;
    2) timed find -q "$dir" --player 'x' ;;
    3) timed dedup -q "$dir" ;;
    esac
}
for _ in $(seq "$runs"); do
    for i in "${!labels[@]}"; do
        run "$i"
        cat "$tmp/t" >>"$tmp/$i"
    done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
base=$(cut -d' ' -f1 "$tmp/0" | median)
echo "| command | records | median s ($runs runs) | records/s | × validate | peak MB |"
echo "|---|---|---|---|---|---|"
for i in "${!labels[@]}"; do
    secs=$(cut -d' ' -f1 "$tmp/$i" | median)
    kb=$(cut -d' ' -f2 "$tmp/$i" | sort -n | tail -1)
    awk -v l="${labels[$i]}" -v s="$secs" -v b="$base" -v kb="$kb" -v n="$n" \
        'BEGIN { printf "| %s | %d | %.2f | %.0f | %.2f | %.0f |\n", l, n, s, (s > 0 ? n / s : 0), (b > 0 ? s / b : 0), kb / 1024 }'
done
