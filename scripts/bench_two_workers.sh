#!/bin/bash
# Wall time of -j 1 against -j 2, interleaved rounds, medians (issue 34).
# Usage: scripts/bench_two_workers.sh BIN CORPUS [RUNS]; CORPUS from gen_corpus.py --concat
BIN=$1; C=$2; RUNS=${3:-5}
cmds=(
 "bench-replay -j J $C/csa"
 "bench-replay -j J $C/kif"
 "bench-replay -j J $C/usi"
 "bench-replay -j J $C/multi/all.csa"
 "positions -j J $C/csa"
 "convert -q --to usi -j J $C/kif"
 "stats -j J $C/csa"
 "validate -q -j J $C/kif"
)
out=${TMPDIR:-/tmp}/bench_two_workers.tsv; : > $out
for r in $(seq $RUNS); do
  for i in "${!cmds[@]}"; do
    for j in 1 2; do
      c=${cmds[$i]//J/$j}
      s=$(date +%s.%N); $BIN $c >/dev/null 2>&1; e=$(date +%s.%N)
      echo -e "$i\t$j\t$(echo "$e - $s" | bc)" >> $out
    done
  done
done
python3 - "$out" <<'PY' "${cmds[@]}"
import sys, statistics as st, collections
rows=[l.split('\t') for l in open(sys.argv[1])]
cmds=sys.argv[2:]
d=collections.defaultdict(list)
for i,j,t in rows: d[(int(i),j)].append(float(t))
print("| command | -j 1 s | -j 2 s | speed-up |"); print("|---|---|---|---|")
for i,c in enumerate(cmds):
    a=st.median(d[(i,'1')]); b=st.median(d[(i,'2')])
    print(f"| {c.replace(' -j J','')} | {a:.3f} | {b:.3f} | {a/b:.2f}x |")
PY
