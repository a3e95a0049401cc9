#!/usr/bin/env bash
# `positions` beside `validate` (the replay it shares) on one collection, before/after binaries
# side by side (issue 34): each round runs every command of every binary once, in turn; the
# medians of RUNS rounds, wall clock and CPU (user + system), are printed as a table, with the
# machine's load. Outputs go to /dev/null (the bytes are compared separately).
#
#   RUNS=7 scripts/bench_positions.sh DIR BINARY... [-- EXTRA ARGS, e.g. -j 1]
set -euo pipefail
RUNS="${RUNS:-7}"
dir=$1
shift
bins=()
while [[ $# -gt 0 && "$1" != "--" ]]; do bins+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift
extra=("$@")
cmds=("validate -q" "positions" "positions --final" "positions --format json")
declare -A wall cpu
for _ in $(seq "$RUNS"); do
  for c in "${cmds[@]}"; do
    for b in "${bins[@]}"; do
      # An old binary without --format json is skipped for that command.
      if [[ "$c" == *json* ]] && ! "$b" positions --help | grep -q -- ' json'; then continue; fi
      # shellcheck disable=SC2086
      /usr/bin/time -o /tmp/bench_positions.time -f '%e %U %S' "$b" $c "${extra[@]}" "$dir" \
        >/dev/null 2>/dev/null || true
      t=$(tail -1 /tmp/bench_positions.time)
      set -- $t
      wall["$b|$c"]+="$1 "
      cpu["$b|$c"]+="$(echo "$2 + $3" | bc) "
    done
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo "uptime after the runs: $(uptime)"
printf '| binary | command | median wall s | median CPU s |\n|---|---|---|---|\n'
for b in "${bins[@]}"; do
  for c in "${cmds[@]}"; do
    [[ -n "${wall["$b|$c"]:-}" ]] || continue
    printf '| %s | %s %s | %s | %s |\n' "$b" "$c" "${extra[*]}" \
      "$(echo "${wall["$b|$c"]}" | median)" "$(echo "${cpu["$b|$c"]}" | median)"
  done
done
