#!/usr/bin/env bash
# Variant perft speed: shogi-tool beside Fairy-Stockfish's own `go perft` (issue 34).
#
# Fairy-Stockfish is built here from the C++ sources the pyffish source distribution ships
# (no Makefile there: the engine's sources are compiled directly with pyffish's own defines,
# LARGEBOARDS and ALLVARS, plus x86-64-modern's SSE4.1/POPCNT), in /tmp, never as a
# dependency of the tool. Then each variant's perft runs at the depths below, shogi-tool and
# the engine taking turns, RUNS times each; the medians of user CPU time give leaves/s, and the
# two counts must agree (the script stops when they do not).
#
# Tori Shogi is compared under `--rules fairy-stockfish` (compulsory promotion in the zone, as
# the engine plays it); the Little Golem default (optional promotion) counts more leaves and is
# timed beside it. Shogi 3x4 (dobutsu) has no Fairy-Stockfish twin (its `dobutsu` is another
# game): shogi-tool's figure is given alone.
#
#   RUNS=5 scripts/bench_variant_perft.sh [SHOGI_TOOL_BINARY...]
#
# With several binaries (before and after a change), each is timed in the same interleaved
# rounds. FS_DIR (default /tmp/fairy-stockfish) keeps the built engine between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
PYFFISH_VERSION=0.0.90
RUNS="${RUNS:-5}"
FS_DIR="${FS_DIR:-/tmp/fairy-stockfish}"
FS="$FS_DIR/fairy-stockfish"
if [[ $# -eq 0 ]]; then
  [[ -n "${NO_BUILD:-}" ]] || cargo build -q --release
  set -- target/release/shogi-tool
fi
OURS=("$@")

build_engine() {
  mkdir -p "$FS_DIR"
  (
    cd "$FS_DIR"
    [[ -f "pyffish-$PYFFISH_VERSION.tar.gz" ]] ||
      pip download --no-binary :all: --no-deps "pyffish==$PYFFISH_VERSION" -d .
    rm -rf "pyffish-$PYFFISH_VERSION"
    tar xzf "pyffish-$PYFFISH_VERSION.tar.gz"
    cd "pyffish-$PYFFISH_VERSION/src"
    # Every engine source but the two language bindings (pyffish.cpp, ffishjs.cpp).
    mapfile -t sources < <(ls -- *.cpp syzygy/*.cpp nnue/*.cpp nnue/features/*.cpp |
      grep -v -e pyffish.cpp -e ffishjs.cpp)
    flags=(-std=c++17 -O3 -DNDEBUG -DIS_64BIT -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS
      -DNNUE_EMBEDDING_OFF -DUSE_POPCNT -DUSE_SSE41 -DUSE_SSSE3 -DUSE_SSE2 -msse4.1 -mssse3
      -msse2 -mpopcnt -Wno-date-time -flto=auto)
    mkdir -p obj
    for s in "${sources[@]}"; do
      o="obj/$(echo "$s" | tr / _).o"
      echo "g++ ${flags[*]} -c $s -o $o"
    done | xargs -P 2 -I{} sh -c '{}'
    g++ "${flags[@]}" obj/*.o -o "$FS" -lpthread
  )
}
[[ -x "$FS" ]] || build_engine

# `go perft N` of the engine for a variant: prints the leaf count.
fs_perft() {
  printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" |
    "$FS" | sed -n 's/^Nodes searched: //p'
}

# User CPU seconds of a command (its standard output to /tmp/bvp.out).
user_time() {
  { /usr/bin/time -f '%U' "$@" >/tmp/bvp.out; } 2>&1 | tail -1
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# The engine's start-up (variant tables, magics) is timed at perft 1 and taken off its figures.
fs_startup=()
for _ in $(seq "$RUNS"); do
  fs_startup+=("$(user_time sh -c "printf 'setoption name UCI_Variant value minishogi\nposition startpos\ngo perft 1\nquit\n' | $FS")")
done
startup=$(printf '%s\n' "${fs_startup[@]}" | median)
echo "uptime: $(uptime)"
echo "Fairy-Stockfish start-up (perft 1, user s, median of $RUNS): $startup"
echo
printf '| variant | depth | rules | leaves | binary | median user s | leaves/s |\n|---|---|---|---|---|---|---|\n'

# name fs-variant depth rules-args...
for spec in "minishogi minishogi 6 littlegolem" "gorogoro gorogoro 6 littlegolem" \
  "torishogi torishogi 5 fairy-stockfish" "torishogi - 5 littlegolem" "dobutsu - 9 littlegolem"; do
  set -- $spec
  v=$1; fv=$2; d=$3; rules=$4
  declare -A times=()
  count=""
  for _ in $(seq "$RUNS"); do
    for b in "${OURS[@]}"; do
      t=$(user_time "$b" perft --variant "$v" --rules "$rules" "$d")
      n=$(cat /tmp/bvp.out)
      [[ -z "$count" || "$count" == "$n" ]] || { echo "$b: $v perft $d = $n, not $count" >&2; exit 1; }
      count=$n
      times[$b]+="$t "
    done
    if [[ "$fv" != "-" ]]; then
      t=$(user_time sh -c "printf 'setoption name UCI_Variant value $fv\nposition startpos\ngo perft $d\nquit\n' | $FS")
      n=$(sed -n 's/^Nodes searched: //p' /tmp/bvp.out)
      [[ "$count" == "$n" ]] || { echo "Fairy-Stockfish: $v perft $d = $n, shogi-tool $count" >&2; exit 1; }
      times[fs]+="$t "
    fi
  done
  for b in "${OURS[@]}" fs; do
    [[ -n "${times[$b]:-}" ]] || continue
    m=$(printf '%s\n' ${times[$b]} | median)
    if [[ "$b" == fs ]]; then
      m=$(echo "$m - $startup" | bc -l); name="Fairy-Stockfish $PYFFISH_VERSION go perft (less start-up)"
    else
      name="$b"
    fi
    rate=$(echo "$count / ($m + 0.0001)" | bc)
    printf '| %s | %s | %s | %s | %s | %.2f | %s |\n' "$v" "$d" "$rules" "$count" "$name" "$m" "$rate"
  done
  unset times
done
