#!/usr/bin/env bash
# Times `positions --format hcpe` beside the read floor (`validate -q`: read, decode, parse,
# replay with every rule) and beside a cshogi script doing the same job (parse, replay,
# to_hcp, numpy write: scripts/bench_training.py), on Floodgate-like CSA (engine comments and
# ratings added to the generated games) and on KIF. Each command runs RUNS times (default 5),
# the commands taking turns; the table gives the median seconds, positions per second and the
# ratios. Usage:
#   [RUNS=5] scripts/bench_training.sh CORPUS_DIR [BIN] [PYTHON]
# CORPUS_DIR from ../shared/bench/gen_corpus.py --n 5000 --formats csa,kif --out CORPUS_DIR;
# PYTHON has cshogi and numpy (default target/training/venv/bin/python, see
# scripts/training_check.sh).
set -euo pipefail
dir=${1:?corpus folder}
bin=${2:-target/release/shogi-tool}
py=${3:-target/training/venv/bin/python}
runs=${RUNS:-5}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$py" "$here/bench_training.py" floodgate "$dir/csa" "$tmp/floodgate"
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
timed() { /usr/bin/time -f "%e %M %U %S" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }; }
echo "| corpus | command | median s ($runs runs) | median CPU s | positions/s | × read floor | cshogi ÷ this | × read floor (CPU) | cshogi ÷ this (CPU) | peak MB |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for corpus in floodgate-csa kif; do
    case $corpus in
    floodgate-csa) d="$tmp/floodgate" ext=csa ;;
    kif) d="$dir/kif" ext=kif ;;
    esac
    labels=("validate -q (read floor)" "positions --format hcpe" "cshogi script (parse, replay, to_hcp, numpy)")
    rm -f "$tmp"/r*
    for _ in $(seq "$runs"); do
        timed "$bin" validate -q "$d"; cat "$tmp/t" >>"$tmp/r0"
        timed "$bin" positions --format hcpe -q --force -o "$tmp/out.hcpe" "$d"; cat "$tmp/t" >>"$tmp/r1"
        timed "$py" "$here/bench_training.py" cshogi "$ext" "$d" "$tmp/peer.hcpe"; cat "$tmp/t" >>"$tmp/r2"
    done
    n=$(( $(stat -c %s "$tmp/out.hcpe") / 38 ))
    floor=$(cut -d' ' -f1 "$tmp/r0" | median)
    peer=$(cut -d' ' -f1 "$tmp/r2" | median)
    cpu() { awk '{ print $3 + $4 }' "$1" | median; }
    cfloor=$(cpu "$tmp/r0")
    cpeer=$(cpu "$tmp/r2")
    for i in 0 1 2; do
        secs=$(cut -d' ' -f1 "$tmp/r$i" | median)
        c=$(cpu "$tmp/r$i")
        kb=$(cut -d' ' -f2 "$tmp/r$i" | sort -n | tail -1)
        awk -v co="$corpus" -v l="${labels[$i]}" -v s="$secs" -v c="$c" -v f="$floor" -v p="$peer" \
            -v cf="$cfloor" -v cp="$cpeer" -v kb="$kb" -v n="$n" \
            'BEGIN { printf "| %s | %s | %.2f | %.2f | %.0f | %.2f | %.1f | %.2f | %.1f | %.0f |\n", co, l, s, c, (s > 0 ? n / s : 0), (f > 0 ? s / f : 0), (s > 0 ? p / s : 0), (cf > 0 ? c / cf : 0), (c > 0 ? cp / c : 0), kb / 1024 }'
    done
    echo "| $corpus | (positions written: $n; the peer wrote $(( $(stat -c %s "$tmp/peer.hcpe") / 38 ))) | | | | | | | | |"
done
