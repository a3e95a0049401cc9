#!/bin/bash
# CPU time, futex calls and context switches of -j 1 and -j 2, two binaries side by side
# (issue 34): figures that the load of other tenants moves much less than wall time.
# Usage: scripts/cpu_two_workers.sh BEFORE AFTER CORPUS [ROUNDS]; CORPUS from gen_corpus.py --concat
# Rounds are interleaved (each command at -j 1 then -j 2, before then after); medians.
# Voluntary and involuntary context switches (all threads) come from /usr/bin/time (%w %c),
# CPU time and futex calls from `perf stat -e task-clock,syscalls:sys_enter_futex`.
BEFORE=$1; AFTER=$2; C=$3; R=${4:-3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out=$tmp/rows.tsv; : > "$out"
cmds=("bench-replay -j J $C/csa" "bench-replay -j J $C/kif" "bench-replay -j J $C/usi"
  "bench-replay -j J $C/multi/all.csa" "positions -j J $C/csa" "convert -q --to usi -j J $C/kif"
  "stats -j J $C/csa" "validate -q -j J $C/kif")
for r in $(seq "$R"); do
  for i in "${!cmds[@]}"; do for j in 1 2; do for b in before after; do
    c=${cmds[$i]//J/$j}; bin=$BEFORE; [ $b = after ] && bin=$AFTER
    # shellcheck disable=SC2086
    /usr/bin/time -f "%w %c" -o "$tmp/time" perf stat -x, -e task-clock,syscalls:sys_enter_futex \
      -o "$tmp/perf" "$bin" $c >/dev/null 2>&1
    tc=$(awk -F, '/task-clock/{print $1}' "$tmp/perf"); fx=$(awk -F, '/futex/{print $1}' "$tmp/perf")
    read -r vw ic < <(tail -1 "$tmp/time")
    echo -e "$i\t$j\t$b\t$tc\t$fx\t$vw\t$ic" >> "$out"
  done; done; done
done
python3 - "$out" "${cmds[@]}" <<'PY'
import sys, statistics as st, collections
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
cmds = [c.replace(' -j J', '') for c in sys.argv[2:]]
d = collections.defaultdict(lambda: collections.defaultdict(list))
for i, j, b, t, f, v, c in rows:
    k = (int(i), j, b)
    for name, x in (('tc', t), ('fx', f), ('vw', v), ('ic', c)):
        d[name][k].append(float(x))
m = lambda n, k: st.median(d[n][k])
print("| command | CPU ms -j 1 before / after | CPU ms -j 2 before / after | CPU -j 2 / -j 1 before → after | futex calls -j 2 before → after | voluntary switches -j 2 before → after | involuntary -j 2 before → after |")
print("|---|---|---|---|---|---|---|")
for i, c in enumerate(cmds):
    a1, b1 = m('tc', (i, '1', 'before')), m('tc', (i, '1', 'after'))
    a2, b2 = m('tc', (i, '2', 'before')), m('tc', (i, '2', 'after'))
    f = lambda n: f"{m(n, (i, '2', 'before')):,.0f} → {m(n, (i, '2', 'after')):,.0f}"
    print(f"| {c} | {a1:.0f} / {b1:.0f} | {a2:.0f} / {b2:.0f} | {a2/a1:.3f} → {b2/b1:.3f} | {f('fx')} | {f('vw')} | {f('ic')} |")
PY
