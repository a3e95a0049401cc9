#!/bin/sh
# Whether two builds name the same openings: diffs what `stats` and `validate --format json`
# print with each, on a USI list and on collections (issue 32: the classifier's speed-ups
# must not change a byte). Exits 1 on the first difference, printing it.
#
#   scripts/openings_same_output.sh BEFORE AFTER [USI_LIST]
#     (defaults: USI_LIST=/tmp/w32c/b10k.usi; CORPUS=../shared/corpus; testdata/ as well)
set -eu
before=$1
after=$2
list=${3:-/tmp/w32c/b10k.usi}
corpus=${CORPUS:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
same() {
  n=$((n + 1))
  "$before" "$@" > "$tmp/before.$n" 2>&1 || true
  "$after" "$@" > "$tmp/after.$n" 2>&1 || true
  if ! cmp -s "$tmp/before.$n" "$tmp/after.$n"; then
    echo "DIFFERENT: $*" >&2
    diff "$tmp/before.$n" "$tmp/after.$n" | head -20 >&2
    exit 1
  fi
  echo "same ($(wc -c < "$tmp/after.$n") bytes): $*"
}
same stats -q "$list"
same stats -q --format json "$list"
same stats -q "$corpus"
same stats -q --format json "$corpus"
same validate --format json "$corpus"
same validate --format json testdata
same validate testdata
