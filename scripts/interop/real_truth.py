#!/usr/bin/env python3
"""The truth for the real records (testdata/interop): what shogi-tool reads from each
original (read_tool.py's rows), as a truth.json list for compare.py. A declaration that
validate finds failed (the declarer lost) is `foul-declaration`: compare.py expects `foul`
from KIF and KI2, which write it as the declarer's 反則負け, and `declaration` elsewhere.

usage: real_truth.py SHOGI_TOOL SRC ROWS.jsonl > truth.json   (SRC: the originals)
"""
import json
import os
import subprocess
import sys


def main():
    tool, src, rows = sys.argv[1], sys.argv[2], sys.argv[3]
    truth = []
    names = {n.split(".")[0]: n for n in os.listdir(src)}
    for line in open(rows, encoding="utf-8"):
        row = json.loads(line)
        if "error" in row:
            print("interop: shogi-tool cannot read %s: %s" % (row["id"], row["error"]),
                  file=sys.stderr)
            continue
        if row["ending"] == "declaration":
            out = subprocess.run([tool, "validate", "--format", "json",
                                  os.path.join(src, names[row["id"]])],
                                 capture_output=True, text=True).stdout
            v = json.loads(out.splitlines()[0])
            if (v.get("impasse") or {}).get("verdict") == "lose":
                row["ending"] = "foul-declaration"
        truth.append({k: row[k] for k in
                      ("id", "sfen", "moves", "ending", "black", "white", "comments", "times")})
    json.dump(truth, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
