#!/usr/bin/env bash
# "Standard shogi loses nothing" (issue 29): compares two shogi-tool binaries on standard
# shogi, side by side, and prints a Markdown table for BENCHMARKS.md.
#
# For each format folder of CORPUS (csa/, kif/, usi/: one game a file, as made by
# ../shared/bench/gen_corpus.py) it measures `validate -q -j 1 DIR`, and then `perft 5` from
# the standard start:
#   - instructions executed, `valgrind --tool=callgrind` ("Collected"): one run each, exact and
#     independent of the machine's load; the primary figure;
#   - CPU time (user + system), the median of RUNS runs, the two binaries taking turns
#     (before, after, before, ...) so that the load falls on both alike; `perf stat -e
#     task-clock` (sub-millisecond) when perf works, else `/usr/bin/time` (10 ms steps);
#   - for validate, `validate --format json -j 1 DIR` of the two compared byte for byte (the
#     first differing lines are printed to standard error when they differ).
#
# Usage: scripts/bench_standard_before_after.sh BEFORE_BIN AFTER_BIN CORPUS
#   RUNS=7          timed runs of each binary per command (odd, for a plain median)
#   FORMATS="csa kif usi"   the folders of CORPUS to validate
#   PERFT_DEPTH=5   perft depth from the standard start
#   NO_CALLGRIND=1  skip the instruction counts (only times and the JSON comparison)
#   NO_TIME=1       skip the timed runs (only instructions and the JSON comparison)
# A missing CORPUS is generated first:
#   python3 ../shared/bench/gen_corpus.py --n 5000 --seed 2024 --out CORPUS
#
# The binaries, e.g. (the "before" is main before issue 29, d76ad76):
#   git worktree add /tmp/wt-d76 d76ad76
#   (cd /tmp/wt-d76 && CARGO_TARGET_DIR=/tmp/wt-d76/target cargo build --locked --release)
#   cargo build --locked --release      # the after: this checkout
#   scripts/bench_standard_before_after.sh /tmp/wt-d76/target/release/shogi-tool \
#     target/release/shogi-tool /tmp/29b-c5k
# Exit status: 0, or 1 when a JSON comparison differs (the table is printed either way).
set -euo pipefail
before=${1:?BEFORE_BIN}
after=${2:?AFTER_BIN}
corpus=${3:?CORPUS}
runs=${RUNS:-7}
formats=${FORMATS:-csa kif usi}
depth=${PERFT_DEPTH:-5}
here=$(cd "$(dirname "$0")" && pwd)
for bin in "$before" "$after"; do
  [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }
done
if [ ! -d "$corpus" ]; then
  python3 "$here/../../shared/bench/gen_corpus.py" --n 5000 --seed 2024 --out "$corpus" >&2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

use_perf=0
if perf stat -x, -e task-clock true 2> "$dir/perf.probe" && grep -q task-clock "$dir/perf.probe"; then
  use_perf=1
fi

# Instructions of one run: callgrind's "Collected" total. validate exits 1 on fouls: the count
# is wanted all the same.
instructions() { # binary args...
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" > /dev/null 2> "$dir/cg.err" || true
  sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$dir/cg.err" | tail -1
}

# CPU milliseconds (user + system) of one run.
cpu_ms() { # binary args...
  if [ "$use_perf" = 1 ]; then
    perf stat -x, -e task-clock -o "$dir/perf.out" "$@" > /dev/null 2>&1 || true
    awk -F, '$3 == "task-clock" {printf "%.1f\n", $1}' "$dir/perf.out"
  else
    /usr/bin/time -f '%U %S' -o "$dir/time.out" "$@" > /dev/null 2>&1 || true
    awk '{printf "%.1f\n", ($1 + $2) * 1000}' "$dir/time.out"
  fi
}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# change in percent, after against before
change() { awk -v b="$1" -v a="$2" 'BEGIN { if (b > 0) printf "%+.3f %%", (a - b) * 100 / b; else print "-" }'; }
ratio() { awk -v b="$1" -v a="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }'; }
group() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }

# Which fields of the JSON lines differ, and in how many records.
json_differences() { # before.jsonl after.jsonl
  python3 - "$1" "$2" <<'PY'
import collections
import json
import sys

before = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
after = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
fields = collections.Counter()
for b, a in zip(before, after):
    for key in sorted(set(b) | set(a)):
        if b.get(key) != a.get(key):
            fields[key] += 1
parts = [f"{len(before)} records before, {len(after)} after"] if len(before) != len(after) else []
parts += [f"`{k}` in {n} of {len(before)} records" for k, n in fields.most_common()]
print("; ".join(parts) + "; every other field identical")
PY
}

status=0
rows=()
json_notes=()
measure() { # label args...
  local label=$1
  shift
  local ib="-" ia="-" ic="-" cb="-" ca="-" cr="-"
  if [ "${NO_CALLGRIND:-0}" != 1 ]; then
    ib=$(instructions "$before" "$@")
    ia=$(instructions "$after" "$@")
    ic=$(change "$ib" "$ia")
    ib=$(group "$ib")
    ia=$(group "$ia")
  fi
  if [ "${NO_TIME:-0}" != 1 ]; then
    : > "$dir/t.before"
    : > "$dir/t.after"
    for _ in $(seq "$runs"); do
      cpu_ms "$before" "$@" >> "$dir/t.before"
      cpu_ms "$after" "$@" >> "$dir/t.after"
    done
    cb=$(median < "$dir/t.before")
    ca=$(median < "$dir/t.after")
    cr=$(ratio "$cb" "$ca")
  fi
  rows+=("| \`$label\` | $ib | $ia | $ic | $cb | $ca | $cr |")
}

for f in $formats; do
  d="$corpus/$f"
  [ -d "$d" ] || { echo "no folder $d" >&2; exit 2; }
  measure "validate -q -j 1 $f/" validate -q -j 1 "$d"
  "$before" validate --format json -j 1 "$d" > "$dir/json.before" 2> /dev/null || true
  "$after" validate --format json -j 1 "$d" > "$dir/json.after" 2> /dev/null || true
  if cmp -s "$dir/json.before" "$dir/json.after"; then
    json_notes+=("- \`validate --format json -j 1 $f/\`: identical ($(wc -l < "$dir/json.after") lines, $(wc -c < "$dir/json.after") bytes)")
  else
    status=1
    json_notes+=("- \`validate --format json -j 1 $f/\`: **differs**: $(json_differences "$dir/json.before" "$dir/json.after")")
    echo "validate --format json $f/ differs; first differences:" >&2
    { diff "$dir/json.before" "$dir/json.after" || true; } | head -4 | cut -c 1-400 >&2
  fi
done
measure "perft $depth" perft "$depth"
"$before" perft "$depth" > "$dir/perft.before"
"$after" perft "$depth" > "$dir/perft.after"
if cmp -s "$dir/perft.before" "$dir/perft.after"; then
  json_notes+=("- \`perft $depth\`: both print $(tail -1 "$dir/perft.after")")
else
  status=1
  json_notes+=("- \`perft $depth\`: **differs**: $(tail -1 "$dir/perft.before") before, $(tail -1 "$dir/perft.after") after")
fi

# The commit of the checkout a binary was built in (BEFORE_COMMIT / AFTER_COMMIT override).
commit_of() { git -C "$(dirname "$1")" log -1 --format='%h %s' 2> /dev/null | cut -c 1-72 || echo '?'; }
clock=$([ "$use_perf" = 1 ] && echo "perf stat -e task-clock" || echo "/usr/bin/time user + system")
echo "before: ${BEFORE_COMMIT:-$(commit_of "$before")} (\`$before\`)"
echo "after: ${AFTER_COMMIT:-$(commit_of "$after")} (\`$after\`)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); CPU: $clock, median of $runs interleaved runs"
echo
echo "| command | instructions before | instructions after | change | CPU ms before | CPU ms after | after ÷ before |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
printf '%s\n' "${json_notes[@]}"
exit "$status"
