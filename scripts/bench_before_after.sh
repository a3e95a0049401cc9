#!/usr/bin/env bash
# Times two shogi-tool binaries side by side on standard shogi: `perft` and `validate`, run
# alternately (A, B, A, B, ...) so that the load of a shared machine falls on both alike, and
# prints the median wall and user seconds of each and the ratio B/A.
#
# Usage: scripts/bench_before_after.sh BIN_A BIN_B [RUNS]
#   PERFT_DEPTH   perft depth from the start (default 6: 547,581,517 leaves)
#   CORPUS        a folder of records for `validate` (default ../shared/corpus)
#   MULTI         a multi-game CSA file for `validate` (made by scripts/gen_multi_csa.py when
#                 absent: 200,000 games)
#
# Each binary is built from its own commit into its own target folder, e.g.
#   git archive COMMIT | tar -x -C /tmp/base-src
#   (cd /tmp/base-src && cargo build --release --bin shogi-tool --target-dir /tmp/base-target)
set -euo pipefail
a=${1:?BIN_A}
b=${2:?BIN_B}
runs=${3:-5}
depth=${PERFT_DEPTH:-6}
corpus=${CORPUS:-../shared/corpus}
multi=${MULTI:-/tmp/bench_before_after_200k.csa}
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$multi" ]; then
  python3 "$here/gen_multi_csa.py" 200000 > "$multi"
fi

times=$(mktemp)
trap 'rm -f "$times"' EXIT
declare -A wall user
time_one() { # label binary args...
  local label=$1 bin=$2
  shift 2
  local t
  # validate exits 1 on records with fouls: the time is wanted all the same.
  /usr/bin/time -o "$times" -f '%e %U' "$bin" "$@" > /dev/null 2>/dev/null || true
  t=$(tail -1 "$times")
  wall[$label]+="${t% *} "
  user[$label]+="${t#* } "
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

for _ in $(seq "$runs"); do
  for side in A B; do
    bin=$a
    [ "$side" = B ] && bin=$b
    time_one "perft/$side" "$bin" perft "$depth"
    time_one "corpus/$side" "$bin" validate -q -j 1 --format json "$corpus"
    time_one "multi/$side" "$bin" validate -q -j 1 --format json "$multi"
  done
done

printf '%-8s %12s %12s %12s %12s %8s\n' task "A wall" "B wall" "A user" "B user" "B/A"
for task in perft corpus multi; do
  aw=$(echo "${wall[$task/A]}" | median)
  bw=$(echo "${wall[$task/B]}" | median)
  au=$(echo "${user[$task/A]}" | median)
  bu=$(echo "${user[$task/B]}" | median)
  ratio=$(awk -v a="$au" -v b="$bu" 'BEGIN { printf "%.3f", (a > 0) ? b / a : 0 }')
  printf '%-8s %12s %12s %12s %12s %8s\n' "$task" "$aw" "$bw" "$au" "$bu" "$ratio"
done
