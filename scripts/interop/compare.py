#!/usr/bin/env python3
"""Compares what the peers read (JSON lines from read_node.mjs / read_py.py) with the truth
(truth.json from gen_games.py, or from a peer-written corpus) and prints the writer x reader
matrix: per format and reader, how many records were read, and how many match in moves and
start, ending, players' names, comments and times - each only where both the format and the
reader carry it ('-' otherwise).

usage: compare.py TRUTH.json ROWS.jsonl... [--by-writer] [--real] [-v]
       compare.py --check EXPECTED.md MATRIX.md...
  --by-writer  the rows are shogi-tool's readings of files the peers wrote (`peer` = writer):
               features are compared where the peer's writer writes them
  --check      exit 1 when a table row of MATRIX differs from the same row of EXPECTED
  --real       the records are the real ones of testdata/interop: readers are labelled
               `PEER (real)`, so that their rows have keys of their own in docs/interop.md
  -v           list each mismatch
"""
import json
import sys

FEATURES = ["moves", "ending", "names", "comments", "times"]
# what each format carries
FORMAT = {
    "kif": {"ending", "names", "comments", "times"},
    "kifu": {"ending", "names", "comments", "times"},
    "ki2": {"ending", "names", "comments"},
    "csa": {"ending", "names", "comments", "times"},
    "jkf": {"ending", "names", "comments", "times"},
    "sfen": set(),
}
# what each reader's API exposes, per format
READER = {
    "tsshogi": {"ending", "names", "comments", "times"},
    "json-kifu-format": {"ending", "names", "comments", "times"},
    "rsshogi": {"ending", "names", "comments", "times"},
    "cshogi": {"ending", "names", "comments", "times"},
    "python-shogi": {"names"},
}
# what each peer's writer writes (the other direction)
WRITER = {
    "tsshogi": {"ending", "names", "comments", "times"},
    "rsshogi": {"ending", "names", "comments", "times"},
    "cshogi": {"ending", "names", "comments", "times"},
}
WRITER_FORMAT = {
    # cshogi's KIF exporter writes no comments and only the endings it has words for
    ("cshogi", "kif"): {"names", "times"},
}
READER_FORMAT = {
    # cshogi's CSA parser keeps no '* comments
    ("cshogi", "csa"): {"ending", "names", "times"},
}


def kakinoki(fmt, ending):
    """KIF and KI2 have no word for a plain draw: every writer writes it as 持将棋. A failed
    declaration (real_truth.py) is the declarer's 反則負け there, a declaration elsewhere."""
    if ending == "foul-declaration":
        return "foul" if fmt in ("kif", "kifu", "ki2") else "declaration"
    return "impasse" if fmt in ("kif", "kifu", "ki2") and ending == "draw" else ending


def norm_sfen(s):
    board, side, hand = s.split()[:3]
    counts = {}
    if hand != "-":
        n = ""
        for c in hand:
            if c.isdigit():
                n += c
            else:
                counts[c] = counts.get(c, 0) + int(n or 1)
                n = ""
    return board, side, tuple(sorted(counts.items()))


def check(expected_path, matrices):
    """Every table row of the matrices must be the row EXPECTED records for its cells."""
    def rows(path):
        out = {}
        for line in open(path, encoding="utf-8"):
            cols = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cols) == 8 and cols[2][:1].isdigit():
                out[(cols[0], cols[1])] = cols[2:]
        return out
    want = rows(expected_path)
    bad = 0
    for m in matrices:
        for key, got in rows(m).items():
            if want.get(key) != got:
                print("interop: %s %s: got %s, docs/interop.md records %s"
                      % (key[0], key[1], got, want.get(key)))
                bad += 1
    return 1 if bad else 0


def main():
    if sys.argv[1] == "--check":
        return check(sys.argv[2], sys.argv[3:])
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    by_writer = "--by-writer" in sys.argv
    verbose = "-v" in sys.argv
    strict = "--strict" in sys.argv
    truth = {t["id"]: t for t in json.load(open(args[0], encoding="utf-8"))}
    cells = {}
    for path in args[1:]:
        for line in open(path, encoding="utf-8"):
            row = json.loads(line)
            t = truth.get(row["id"])
            if t is None:
                continue
            key = (row["format"], row["peer"])
            c = cells.setdefault(key, {"n": 0, "read": 0, **{f: [0, 0] for f in FEATURES}})
            c["n"] += 1
            fail = []
            if "error" in row:
                fail.append("read: " + row["error"])
            else:
                c["read"] += 1
                if by_writer:
                    supported = WRITER_FORMAT.get((row["peer"], row["format"]), WRITER[row["peer"]])
                else:
                    supported = READER_FORMAT.get((row["peer"], row["format"]),
                                                  READER[row["peer"]])
                supported = supported & FORMAT[row["format"]]
                checks = {
                    "moves": row["moves"] == t["moves"]
                    and norm_sfen(row["sfen"]) == norm_sfen(t["sfen"]),
                    "ending": kakinoki(row["format"], row.get("ending"))
                    == kakinoki(row["format"], t["ending"]),
                    # An empty name (`先手：`) is no name.
                    "names": (row.get("black") or None, row.get("white") or None)
                    == (t["black"] or None, t["white"] or None),
                    "comments": row.get("comments") == {str(k): v for k, v in t["comments"].items()},
                    "times": {k: round(v) for k, v in (row.get("times") or {}).items() if round(v)}
                    == {str(k): v for k, v in t["times"].items() if v},
                }
                for f in FEATURES:
                    if f == "moves" or f in supported:
                        c[f][1] += 1
                        if checks[f]:
                            c[f][0] += 1
                        else:
                            fail.append(f)
                            if verbose and f == "moves":
                                fail.append("got %s... want %s..." % (row["moves"][:6], t["moves"][:6]))
                            if verbose and f != "moves":
                                want = {"ending": t["ending"], "names": (t["black"], t["white"]),
                                        "comments": t["comments"], "times": t["times"]}[f]
                                got = {"ending": row.get("ending"),
                                       "names": (row.get("black"), row.get("white")),
                                       "comments": row.get("comments"),
                                       "times": row.get("times")}[f]
                                fail.append("  %s got %s want %s" % (f, str(got)[:120], str(want)[:120]))
            if fail and verbose:
                print("%s %s %s: %s" % (row["format"], row["peer"], row["id"], "; ".join(fail)),
                      file=sys.stderr)
    who = "writer (read by shogi-tool)" if by_writer else "reader"
    print("| format | %s | read | moves+start | ending | names | comments | times |" % who)
    print("|---|---|---|---|---|---|---|---|")
    bad = 0
    for (fmt, peer), c in sorted(cells.items()):
        cols = ["%d/%d" % (c["read"], c["n"])]
        bad += c["n"] - c["read"]
        for f in FEATURES:
            ok, n = c[f]
            cols.append("%d/%d" % (ok, n) if n else "-")
            bad += n - ok
        label = peer + " → shogi-tool" if by_writer else peer
        if "--real" in sys.argv:
            label += " (real)"
        print("| %s | %s | %s |" % (fmt, label, " | ".join(cols)))
    total = sum(c["n"] for c in cells.values())
    print("\ncells=%d records=%d mismatches=%d" % (len(cells), total, bad))
    return 1 if strict and bad else 0


if __name__ == "__main__":
    sys.exit(main())
