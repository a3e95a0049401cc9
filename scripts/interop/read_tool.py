#!/usr/bin/env python3
"""shogi-tool reads every file under OUT/<writer>/<format>/ (written by the peers): converted
to SFEN (start and moves) and to JKF (ending, names, comments, times), printed one JSON object
a line like read_node.mjs, with `peer` the WRITER and format `<format>`.

usage: read_tool.py SHOGI_TOOL OUT
"""
import json
import os
import subprocess
import sys
import tempfile

JKF_ENDING = {
    "TORYO": "resign", "TSUMI": "mate", "CHUDAN": "abort", "SENNICHITE": "repetition",
    "JISHOGI": "impasse", "TIME_UP": "timeout", "KACHI": "declaration", "ILLEGAL_MOVE": "foul",
    "+ILLEGAL_ACTION": "foul", "-ILLEGAL_ACTION": "foul", "HIKIWAKE": "draw",
    "MAX_MOVES": "max_moves",
}
EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def convert(tool, src, fmt, dest):
    subprocess.run([tool, "convert", "--quiet", src, "--to", fmt, "--out-dir", dest],
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)


def outputs(dest):
    found = {}
    for d, _, files in os.walk(dest):
        for name in files:
            found[name.split(".")[0]] = os.path.join(d, name)
    return found


def main():
    tool, out = sys.argv[1], sys.argv[2]
    for writer in sorted(os.listdir(out)):
        for fmt in sorted(os.listdir(os.path.join(out, writer))):
            src = os.path.join(out, writer, fmt)
            with tempfile.TemporaryDirectory() as tmp:
                convert(tool, src, "sfen", os.path.join(tmp, "sfen"))
                convert(tool, src, "jkf", os.path.join(tmp, "jkf"))
                sfens, jkfs = outputs(os.path.join(tmp, "sfen")), outputs(os.path.join(tmp, "jkf"))
                for name in sorted(os.listdir(src)):
                    gid = name.split(".")[0]
                    row = {"peer": writer, "format": fmt, "id": gid}
                    if gid not in sfens or gid not in jkfs:
                        err = subprocess.run([tool, "validate", os.path.join(src, name)],
                                             capture_output=True, text=True).stdout
                        row["error"] = (err.strip().splitlines() or ["not converted"])[-1][:160]
                        print(json.dumps(row, ensure_ascii=False))
                        continue
                    line = open(sfens[gid], encoding="utf-8").read().split()
                    if line[0] == "startpos":
                        row["sfen"], rest = EVEN, line[1:]
                    else:
                        row["sfen"], rest = " ".join(line[1:5]), line[5:]
                    row["moves"] = rest[1:] if rest[:1] == ["moves"] else rest
                    k = json.load(open(jkfs[gid], encoding="utf-8"))
                    row["black"] = k["header"].get("先手", k["header"].get("下手"))
                    row["white"] = k["header"].get("後手", k["header"].get("上手"))
                    row["ending"], row["comments"], row["times"] = None, {}, {}
                    ply = 0
                    for m in k["moves"][1:]:
                        if "move" in m:
                            ply += 1
                            if m.get("comments"):
                                row["comments"][str(ply)] = "\n".join(m["comments"])
                            now = (m.get("time") or {}).get("now")
                            if now:
                                row["times"][str(ply)] = now.get("h", 0) * 3600 + now["m"] * 60 + now["s"]
                        elif "special" in m:
                            row["ending"] = JKF_ENDING.get(m["special"], m["special"])
                    print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
