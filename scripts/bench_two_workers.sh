#!/bin/bash
# Wall time of -j 1 against -j 2, interleaved rounds, medians (issue 34).
# Usage: scripts/bench_two_workers.sh BIN CORPUS [RUNS]; CORPUS from gen_corpus.py --concat
# The first row is the machine's own ceiling, measured in the same rounds: `sha256sum` of a
# 64 MiB file twice, one after the other (-j 1) or both at once (-j 2). A perfectly parallel job
# with no serial part gets that ratio, not 2.00x, on a shared VM. CPU time (user + system) of
# each run comes from `perf stat -e task-clock`: "CPU -j 2 / CPU -j 1" is the work the second
# worker adds (threads, and the machine's contention); "both workers busy" is CPU -j 2 over
# twice the wall time at -j 2, i.e. how much of the run both cores had work (the serial part is
# the rest), a figure that the load of other tenants moves much less than the wall time.
BIN=$1; C=$2; RUNS=${3:-5}
control=$(mktemp); trap 'rm -f "$control"' EXIT
head -c 64M /dev/urandom > "$control"
run_control() { if [ "$1" = 1 ]; then sha256sum "$control"; sha256sum "$control"; else sha256sum "$control" & sha256sum "$control"; wait; fi; }
cmds=(
 "CONTROL"
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
      if [ "$c" = CONTROL ]; then
        s=$(date +%s.%N); run_control $j >/dev/null 2>&1; e=$(date +%s.%N)
      else
        s=$(date +%s.%N); perf stat -x, -e task-clock -o "$control.perf" $BIN $c >/dev/null 2>&1; e=$(date +%s.%N)
      fi
      cpu=$(awk -F, '/task-clock/ {print $1/1000}' "$control.perf" 2>/dev/null); : > "$control.perf"
      echo -e "$i\t$j\t$(echo "$e - $s" | bc)\t${cpu:-nan}" >> $out
    done
  done
done
python3 - "$out" <<'PY' "${cmds[@]}"
import sys, statistics as st, collections
rows=[l.split('\t') for l in open(sys.argv[1])]
cmds=sys.argv[2:]
d=collections.defaultdict(list); cpu=collections.defaultdict(list)
for i,j,t,c in rows:
    d[(int(i),j)].append(float(t)); cpu[(int(i),j)].append(float(c))
print("| command | -j 1 s | -j 2 s | speed-up | of the machine's ceiling | CPU -j 2 / CPU -j 1 | both workers busy at -j 2 |"); print("|---|---|---|---|---|---|---|")
ceiling=None
for i,c in enumerate(cmds):
    a=st.median(d[(i,'1')]); b=st.median(d[(i,'2')])
    if c=="CONTROL":
        ceiling=a/b; name="ceiling: sha256sum of 64 MiB, twice"
    else:
        name=c.replace(' -j J','')
    if c=="CONTROL":
        more="| – | –"
    else:
        c1=st.median(cpu[(i,'1')]); c2=st.median(cpu[(i,'2')])
        more=f"| {c2/c1:.2f} | {c2/(2*b)*100:.0f} %"
    print(f"| {name} | {a:.3f} | {b:.3f} | {a/b:.2f}x | {a/b/ceiling*100:.0f} % {more} |")
PY
