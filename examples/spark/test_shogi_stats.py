#!/usr/bin/env python3
"""The Spark job on Spark itself (local[2], one session for every case), over the project's test
records: the merged result must equal one `shogi-tool stats --format json` run over the same
records, byte for byte; the games mode's tables must add up to the same counts.

usage: test_shogi_stats.py SHOGI_TOOL REPO_ROOT
Run by scripts/spark_test.sh (which installs pyspark); exits 1 on the first difference.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import shogi_stats  # noqa: E402


def single(tool, args, cwd):
    """One shogi-tool stats run (exit 0 or 2: some inputs do not read)."""
    r = subprocess.run([tool, "stats", "-q", "--format", "json"] + args, cwd=cwd, stdout=subprocess.PIPE)
    assert r.returncode in (0, 2), r
    return r.stdout


def check_same(name, got_path, want):
    with open(got_path, "rb") as f:
        got = f.read()
    if got != want:
        print("spark: FAIL %s: the merged result differs from one shogi-tool stats run" % name)
        for a, b in zip(got.decode().splitlines(), want.decode().splitlines()):
            if a != b:
                print("  job:    %s\n  single: %s" % (a, b))
                break
        sys.exit(1)
    v = json.loads(want)
    print("spark: ok %s: merged == single run, byte for byte (%d bytes; %d records read, %d failed, %d files)"
          % (name, len(got), v["records"], v["records_failed"], v["files"]))


def main():
    tool, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.chdir(root)
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("shogi-tool spark test")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    # The job's functions run on the executors: they import the module from there.
    spark.sparkContext.addPyFile(shogi_stats.__file__)
    common = ["--tool", tool]
    with tempfile.TemporaryDirectory(prefix="shogi-spark-test-") as tmp:
        # 1. A folder, by paths (relative, as a user types them), in 2 and in 7 partitions.
        want = single(tool, ["testdata"], root)
        for parts in ("2", "7"):
            out = os.path.join(tmp, "folder-%s.json" % parts)
            shogi_stats.main(["stats", "testdata", "--partitions", parts, "--out", out] + common, spark)
            check_same("folder testdata/, %s partitions" % parts, out, want)

        # 2. A list of absolute paths, one of them missing (a failure in its place).
        listed = [os.path.join(root, "testdata/samples", n) for n in sorted(os.listdir("testdata/samples"))]
        listed += [os.path.join(root, "testdata/kif"), os.path.join(root, "no/such/file.kif")]
        lst = os.path.join(tmp, "list.txt")
        with open(lst, "w") as f:
            f.write("".join(p + "\n" for p in listed))
        out = os.path.join(tmp, "list.json")
        shogi_stats.main(["stats", "--list", lst, "--partitions", "3", "--out", out] + common, spark)
        check_same("--list (with a missing path)", out, single(tool, ["--files-from", lst], root))

        # 3. binaryFiles over a file:// URI (how remote storage is read).
        out = os.path.join(tmp, "binary.json")
        shogi_stats.main(["stats", "--binary", "file://" + os.path.join(root, "testdata"),
                          "--out", out] + common, spark)
        check_same("--binary file://.../testdata", out, single(tool, ["."], os.path.join(root, "testdata")))

        # 4. The games mode: the rows are those of `stats --games`, the tables add up.
        games = os.path.join(tmp, "games.jsonl")
        stats = json.loads(single(tool, ["testdata", "--games", games], root))
        with open(games) as f:
            rows = sum(1 for _ in f)
        outdir = os.path.join(tmp, "games")
        shogi_stats.main(["games", "testdata", "--out", outdir] + common, spark)
        res = {n: json.load(open(os.path.join(outdir, n + ".json"))) for n in
               ("games", "by_handicap", "by_opening", "by_player")}
        assert res["games"] == rows, (res["games"], rows)
        by_h = {r["handicap"]: r for r in res["by_handicap"]}
        # A variant is not a handicap (issue 29): its rows are left out, as `stats` counts them.
        in_variants = sum(v["records"] for v in stats.get("variants", {}).values())
        assert sum(r["games"] for r in by_h.values()) == stats["records"] - in_variants
        for h, n in stats["handicaps"].items():
            r = by_h[h]
            assert r["games"] == n, (h, r, n)
            for w, col in (("black", "black_wins"), ("white", "white_wins")):
                assert r[col] == stats["handicap_winners"].get("%s/%s" % (h, w), 0), (h, r)
        top = max(stats["openings"].values())
        assert res["by_opening"][0]["games"] == top, (res["by_opening"][0], top)
        assert res["by_player"], "players"
        # Issue 33: an empty header was "" in --games, and "" topped the player table.
        nameless = [r for r in res["by_player"] if not (r["player"] or "").strip()]
        assert not nameless, "a player without a name in by_player: %s" % nameless
        # The same tables from an existing --games file (--jsonl).
        outdir2 = os.path.join(tmp, "games2")
        shogi_stats.main(["games", "--jsonl", games, "--out", outdir2], spark)
        again = json.load(open(os.path.join(outdir2, "by_handicap.json")))
        assert again == res["by_handicap"], "--jsonl gives the same tables"
        print("spark: ok games mode: %d rows, by_handicap matches handicaps/handicap_winners, "
              "top opening %d games, %d players" % (rows, top, len(res["by_player"])))
    spark.stop()


if __name__ == "__main__":
    main()
