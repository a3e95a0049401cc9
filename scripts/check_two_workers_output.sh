#!/bin/bash
# Output of -j 1 and -j 2, of two binaries, byte for byte (stdout, stderr, exit status) (issue 34).
# Usage: scripts/check_two_workers_output.sh BEFORE AFTER CORPUS [MORE_INPUTS...]
#   CORPUS from gen_corpus.py --concat (its kif, csa, usi and multi/all.csa are read);
#   MORE_INPUTS: other folders or files (testdata, ../shared/corpus).
# Prints one line a difference and a last line counting the runs; exit status 1 on a difference.
BEFORE=$1; AFTER=$2; C=$3; shift 3
inputs=("$C/kif" "$C/csa" "$C/usi" "$C/multi/all.csa" "$@")
cmds=(
  "validate --format json"
  "positions"
  "stats"
  "stats --format json"
  "convert --to csa"
)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
runs=0; diffs=0
for input in "${inputs[@]}"; do
  for c in "${cmds[@]}"; do
    ref=
    for bin in "$BEFORE" "$AFTER"; do
      for j in 1 2; do
        tag="$tmp/$runs"
        # shellcheck disable=SC2086
        "$bin" $c -j $j "$input" > "$tag.out" 2> "$tag.err"; echo $? > "$tag.rc"
        runs=$((runs + 1))
        if [ -z "$ref" ]; then ref=$tag; continue; fi
        for part in out err rc; do
          if ! cmp -s "$ref.$part" "$tag.$part"; then
            echo "DIFFERENT $part: $bin $c -j $j $input"; diffs=$((diffs + 1))
          fi
        done
        rm -f "$tag.out" "$tag.err" "$tag.rc"
      done
    done
  done
done
echo "$runs runs, $diffs differences"
[ "$diffs" = 0 ]
