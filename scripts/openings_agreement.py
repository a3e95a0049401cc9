#!/usr/bin/env python3
"""Agreement of shogi-tool's opening names with the labels a record's headers carry.

Reads every KIF/KI2 file under the given folders (default: ../shared/corpus) whose headers
carry per-side labels written by bioshogi, the library of Shogi Wars' companion site
(`先手の戦法：` / `先手の戦型：`, `先手の囲い：`; `下手`/`上手` in handicap games), runs
`shogi-tool validate --format json` on it and counts, per side, how often the first strategy
label and the first castle label of the header are among the names the tool gives that side
(an alias counts). Prints the shares and every miss, and the same shares over the labels
that name something the tool defines (`known`): a label the tool has no definition for
(bioshogi names some 300 shapes, `４五歩早仕掛け`, `筋違い角`) cannot be agreed with.

    python3 scripts/openings_agreement.py [FOLDER...] [--tool target/release/shogi-tool]

Folders of labelled records used so far: `../shared/corpus` (the 23 records of
akicho8/shogi-player's kifu_book_info); 11 records of akicho8/bioshogi's `experiment/`
folder and one Shogi Wars export (`docs/openings.md`, "Agreement", says which; AGPL, so
kept out of this repository).
"""
import json, os, re, subprocess, sys

args = sys.argv[1:]
tool = "target/release/shogi-tool"
if "--tool" in args:
    i = args.index("--tool"); tool = args[i + 1]; del args[i:i + 2]
folders = args or ["../shared/corpus"]
SIDES = {"先手": "black", "下手": "black", "後手": "white", "上手": "white"}
# Other spellings the definitions accept (the `alias` lines of src/opening/definitions.txt).
aliases = {}
defined = set()
cur = None
for line in open(os.path.join(os.path.dirname(__file__), "../src/opening/definitions.txt"), encoding="utf-8"):
    m = re.match(r"(strategy|castle) (\S+)", line)
    if m: cur = m.group(2); defined.add(cur); continue
    m = re.match(r"\s+alias (.*)", line)
    if m and cur:
        for a in m.group(1).split(): aliases[a] = cur

def read(path):
    raw = open(path, "rb").read()
    for enc in ("utf-8", "cp932"):
        try: return raw.decode(enc)
        except UnicodeDecodeError: pass
    return raw.decode("utf-8", "replace")

counts = {}  # (kind, side) -> [given, agreed]
known = {}  # the same, over labels the tool defines
misses = []
for folder in folders:
    for root, _, files in os.walk(folder):
        for f in sorted(files):
            if not f.endswith((".kif", ".kifu", ".ki2", ".ki2u")): continue
            path = os.path.join(root, f)
            labels = {}
            for line in read(path).splitlines():
                m = re.match(r"(先手|後手|下手|上手)の(戦法|戦型|囲い)：(.+)", line.strip())
                if m:
                    kind = "castle" if m.group(2) == "囲い" else "strategy"
                    labels[(kind, SIDES[m.group(1)])] = m.group(3).split(",")[0].strip()
            if not labels: continue
            out = subprocess.run([tool, "validate", "--format", "json", path], capture_output=True, text=True).stdout
            if not out.strip(): continue
            o = json.loads(out.splitlines()[0]).get("openings")
            for (kind, side), label in sorted(labels.items()):
                c = counts.setdefault((kind, side), [0, 0]); c[0] += 1
                k = known.setdefault((kind, side), [0, 0])
                is_known = label in defined or label in aliases
                k[0] += is_known
                names = set()
                if o:
                    names = {x["name"] for x in o[side]["strategies" if kind == "strategy" else "castles"]}
                if label in names or aliases.get(label) in names:
                    c[1] += 1; k[1] += 1
                else:
                    misses.append(f"{path}: {side} {kind} {label}; the tool: {sorted(names)}")
def share(a, n): return f"{a:3}/{n:3} = {100 * a / n:5.1f}%" if n else f"{a:3}/{n:3}"
total = [0, 0, 0, 0]
print("kind     side  every label          labels the tool defines")
for (kind, side), (n, a) in sorted(counts.items()):
    kn, ka = known[(kind, side)]
    total[0] += n; total[1] += a; total[2] += kn; total[3] += ka
    print(f"{kind:8} {side:5} {share(a, n)}    {share(ka, kn)}")
if total[0]:
    print(f"all            {share(total[1], total[0])}    {share(total[3], total[2])}")
for m in misses: print("miss:", m)
