#!/usr/bin/env python3
"""shogi-tool inside Spark: collection statistics and SQL over records (see README.md here).

Modes:
  stats  Runs `shogi-tool stats --files-from - --format json` once per partition over the
         records, adds up the partial results with `shogi-tool stats --merge` on the driver and
         writes the merged JSON: exactly what one `shogi-tool stats --format json` over the same
         records prints.
  games  Runs `shogi-tool stats --games FILE` per partition (or reads an existing --games JSON
         Lines file with --jsonl), loads the rows into a DataFrame with the schema GAMES_SCHEMA
         and answers SQL over it: win rates by player, by handicap, by opening.

Inputs (both modes):
  PATH...            files or folders on a file system every executor sees at the same path
                     (local disk in local mode, NFS, a mounted bucket). Folders are walked as
                     `shogi-tool stats FOLDER` walks them (record extensions, hidden entries
                     skipped), so the paths in the result are the same as a single run's.
  --list FILE        a file with one such path a line (added to PATH...).
  --binary ROOT      records on any storage Spark reads (hdfs://, s3a://, file://): read with
                     SparkContext.binaryFiles, written to a scratch folder on the executor under
                     their path relative to ROOT and read from there; paths in the result are
                     `./REL`, as `cd ROOT && shogi-tool stats .` names them.

The binary reaches the executors with --tool PATH (shipped by SparkContext.addFile, found
with SparkFiles.get) or, when it is installed on every node, --tool-on-nodes PATH.
"""

import argparse
import json
import os
import posixpath
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from urllib.parse import urlparse

# The extensions `shogi-tool stats FOLDER` reads (Format::from_extension in src/record/mod.rs).
RECORD_EXTENSIONS = {"kif", "kifu", "ki2", "ki2u", "csa", "sfen", "usi", "jkf", "json"}

# The columns of `stats --games` (docs/cli.md, `--games FILE.jsonl`), as a Spark DDL schema.
GAMES_SCHEMA = (
    "path STRING, record INT, format STRING, encoding STRING, black STRING, white STRING, "
    "date STRING, event STRING, handicap STRING, plies INT, outcome STRING, winner STRING, "
    "first_moves STRING, fouls ARRAY<STRING>, warnings ARRAY<STRING>, errors ARRAY<STRING>, "
    "variant STRING"
)


def is_record_name(name):
    ext = name.rsplit(".", 1)[1].lower() if "." in name else ""
    return ext in RECORD_EXTENSIONS


def walk(folder):
    """The record files of `folder` as `shogi-tool stats FOLDER` takes them: sorted by name,
    hidden entries skipped, links met in the walk not followed, record extensions only."""
    out = []
    for name in sorted(os.listdir(folder), key=os.fsencode):
        if name.startswith("."):
            continue
        p = os.path.join(folder, name)
        if os.path.islink(p):
            continue
        if os.path.isdir(p):
            out.extend(walk(p))
        elif os.path.isfile(p) and is_record_name(name):
            out.append(p)
    return out


def expand(paths):
    """Paths named (files: whatever their extension, as the tool reads them) and the record
    files of the folders named, in order."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            out.extend(walk(p))
        else:
            out.append(p)  # a file, or a path that fails: counted as a failure, as the tool does
    return out


def tool_path(args):
    """Where the binary is on this executor."""
    if args.tool_on_nodes:
        return args.tool_on_nodes
    from pyspark import SparkFiles

    p = SparkFiles.get(os.path.basename(args.tool))
    mode = os.stat(p).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(p, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return p


def run_tool(cmd, stdin_text, cwd=None):
    """Runs shogi-tool; exit status 2 (some input could not be read) still gives a result."""
    r = subprocess.run(
        cmd, input=stdin_text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd
    )
    if r.returncode not in (0, 2) or not r.stdout.strip():
        raise RuntimeError(
            "%s exited with %d: %s" % (" ".join(cmd), r.returncode, r.stderr.decode(errors="replace"))
        )
    return r.stdout.decode()


def stats_cmd(args, tool):
    return [
        tool, "stats", "--quiet", "--format", "json", "--files-from", "-",
        "--opening-plies", str(args.opening_plies), "--jobs", str(args.jobs),
    ]


def partition_of_paths(args, with_games):
    """mapPartitions over paths: one shogi-tool run over the partition's paths."""

    def run(paths):
        paths = list(paths)
        if not paths:
            return
        tool = tool_path(args)
        cmd = stats_cmd(args, tool)
        with tempfile.TemporaryDirectory(prefix="shogi-spark-") as scratch:
            games = os.path.join(scratch, "games.jsonl")
            if with_games:
                cmd += ["--games", games]
            out = run_tool(cmd, "".join(p + "\n" for p in paths), cwd=args.cwd)
            if with_games:
                with open(games, encoding="utf-8") as f:
                    yield from (line.rstrip("\n") for line in f)
            else:
                yield out

    return run


def relative(uri, root):
    """`uri`'s path below `root`'s (both URIs or plain paths)."""
    u, r = urlparse(uri), urlparse(root)
    up, rp = posixpath.normpath(u.path), posixpath.normpath(r.path)
    if not (up + "/").startswith(rp.rstrip("/") + "/"):
        raise ValueError("%s is not under %s" % (uri, root))
    return posixpath.relpath(up, rp)


def taken_by_walk(rel):
    parts = rel.split("/")
    return not any(p.startswith(".") for p in parts) and is_record_name(parts[-1])


def partition_of_bytes(args, with_games):
    """mapPartitions over (uri, bytes) from binaryFiles: the records are written to a scratch
    folder under their path relative to the root, and read there."""

    def run(items):
        tool = tool_path(args)
        with tempfile.TemporaryDirectory(prefix="shogi-spark-") as scratch:
            root = os.path.join(scratch, "root")
            names = []
            for uri, data in items:
                rel = relative(uri, args.binary)
                if not taken_by_walk(rel):
                    continue
                dest = os.path.join(root, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f:
                    f.write(data)
                names.append("./" + rel)
            if not names:
                return
            cmd = stats_cmd(args, tool)
            games = os.path.join(scratch, "games.jsonl")
            if with_games:
                cmd += ["--games", games]
            out = run_tool(cmd, "".join(n + "\n" for n in names), cwd=root)
            if with_games:
                with open(games, encoding="utf-8") as f:
                    yield from (line.rstrip("\n") for line in f)
            else:
                yield out

    return run


def records_rdd(sc, args, with_games):
    """The RDD of partial outputs (stats JSON, or --games rows) and the number of inputs."""
    if args.binary:
        # Folders below ROOT too, as the tool walks them.
        sc._jsc.hadoopConfiguration().set(
            "mapreduce.input.fileinputformat.input.dir.recursive", "true"
        )
        n = args.partitions or sc.defaultParallelism
        files = sc.binaryFiles(args.binary, minPartitions=n).repartition(n)
        return files.mapPartitions(partition_of_bytes(args, with_games)), None
    paths = list(args.paths)
    if args.list:
        with open(args.list, encoding="utf-8") as f:
            paths += [line.rstrip("\n") for line in f if line.strip()]
    inputs = expand(paths)
    if not inputs:
        raise SystemExit("shogi_stats: nothing to read in %s" % " ".join(paths))
    n = args.partitions or sc.defaultParallelism
    rdd = sc.parallelize(inputs, min(n, len(inputs)))
    return rdd.mapPartitions(partition_of_paths(args, with_games)), len(inputs)


def merge(args, partials):
    """`shogi-tool stats --merge` over the partial results, on the driver."""
    if not partials:
        raise SystemExit("shogi_stats: no partition found a record file to read")
    with tempfile.TemporaryDirectory(prefix="shogi-spark-merge-") as d:
        files = []
        for i, text in enumerate(partials):
            p = os.path.join(d, "part-%05d.json" % i)
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
            files.append(p)
        cmd = [args.tool_on_nodes or args.tool, "stats", "--format", "json", "--merge"] + files
        return run_tool(cmd, "")


def write(path, text):
    if path == "-":
        sys.stdout.write(text)
        return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


# The SQL of the games mode, over the view `games` (one row per record read, GAMES_SCHEMA).
QUERIES = {
    "by_player": """
        SELECT player,
               COUNT(*) AS games,
               SUM(CASE WHEN won THEN 1 ELSE 0 END) AS wins,
               SUM(CASE WHEN lost THEN 1 ELSE 0 END) AS losses,
               ROUND(100.0 * SUM(CASE WHEN won THEN 1 ELSE 0 END)
                     / NULLIF(SUM(CASE WHEN won OR lost THEN 1 ELSE 0 END), 0), 1) AS win_rate
        FROM (
          SELECT black AS player, winner = 'black' AS won, winner = 'white' AS lost
            FROM games WHERE black IS NOT NULL AND size(errors) = 0
          UNION ALL
          SELECT white, winner = 'white', winner = 'black'
            FROM games WHERE white IS NOT NULL AND size(errors) = 0
        )
        GROUP BY player ORDER BY games DESC, player LIMIT {top}""",
    "by_handicap": """
        SELECT handicap,
               COUNT(*) AS games,
               SUM(CASE WHEN winner = 'black' THEN 1 ELSE 0 END) AS black_wins,
               SUM(CASE WHEN winner = 'white' THEN 1 ELSE 0 END) AS white_wins,
               SUM(CASE WHEN winner IS NULL THEN 1 ELSE 0 END) AS no_winner,
               ROUND(100.0 * SUM(CASE WHEN winner = 'black' THEN 1 ELSE 0 END)
                     / NULLIF(SUM(CASE WHEN winner IS NOT NULL THEN 1 ELSE 0 END), 0), 1)
                 AS black_win_rate
        FROM games WHERE size(errors) = 0 AND (variant IS NULL OR variant = 'standard')
        GROUP BY handicap ORDER BY games DESC, handicap""",
    "by_opening": """
        SELECT first_moves AS opening,
               COUNT(*) AS games,
               SUM(CASE WHEN winner = 'black' THEN 1 ELSE 0 END) AS black_wins,
               SUM(CASE WHEN winner = 'white' THEN 1 ELSE 0 END) AS white_wins,
               ROUND(100.0 * SUM(CASE WHEN winner = 'black' THEN 1 ELSE 0 END)
                     / NULLIF(SUM(CASE WHEN winner IS NOT NULL THEN 1 ELSE 0 END), 0), 1)
                 AS black_win_rate
        FROM games WHERE size(errors) = 0 AND first_moves IS NOT NULL
        GROUP BY first_moves ORDER BY games DESC, opening LIMIT {top}""",
}


def games_frame(spark, sc, args):
    """The DataFrame of `stats --games` rows (GAMES_SCHEMA)."""
    if args.jsonl:
        return spark.read.schema(GAMES_SCHEMA).json(args.jsonl)
    rows, _ = records_rdd(sc, args, with_games=True)
    return spark.read.schema(GAMES_SCHEMA).json(rows)


# Files this process gave to SparkContext.addFile (a file name can be added once per context).
_SHIPPED = set()


def main(argv=None, spark=None):
    """Runs the job; with `spark`, in that session (left running), else in a new one."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["stats", "games"])
    ap.add_argument("paths", nargs="*", help="record files or folders (see above)")
    ap.add_argument("--list", help="a file of paths, one a line")
    ap.add_argument("--binary", metavar="ROOT", help="read ROOT (any Hadoop file system) with binaryFiles")
    ap.add_argument("--jsonl", help="games mode: read this `stats --games` file instead of records")
    ap.add_argument("--tool", default="shogi-tool", help="the binary on the driver, shipped to the executors")
    ap.add_argument("--tool-on-nodes", help="the binary's path on every node (nothing is shipped)")
    ap.add_argument("--out", default="-", help="stats: the merged JSON; games: a folder of JSON results")
    ap.add_argument("--partitions", type=int, default=0, help="partitions (default: Spark's parallelism)")
    ap.add_argument("--jobs", type=int, default=1, help="shogi-tool threads per task (default 1: one per core Spark gives)")
    ap.add_argument("--opening-plies", type=int, default=6)
    ap.add_argument("--top", type=int, default=20, help="games mode: rows of the player and opening tables")
    ap.add_argument("--master", help="the master when not set by spark-submit (e.g. local[2])")
    args = ap.parse_intermixed_args(argv)
    # Relative paths are the driver's: executors resolve them against the same folder.
    args.cwd = os.getcwd()
    if not (args.paths or args.list or args.binary or args.jsonl):
        ap.error("name records: PATH..., --list FILE, --binary ROOT or (games) --jsonl FILE")

    own = spark is None
    if own:
        from pyspark.sql import SparkSession

        builder = SparkSession.builder.appName("shogi-tool " + args.mode)
        if args.master:
            builder = builder.master(args.master)
        spark = builder.getOrCreate()
        spark.sparkContext.setLogLevel("WARN")
    sc = spark.sparkContext
    if not args.tool_on_nodes and not args.jsonl:
        tool = os.path.abspath(args.tool) if os.path.exists(args.tool) else shutil.which(args.tool)
        if tool is None:
            raise SystemExit("shogi_stats: %s not found (--tool PATH)" % args.tool)
        if (id(sc), tool) not in _SHIPPED:
            sc.addFile(tool)
            _SHIPPED.add((id(sc), tool))
    started = time.time()
    if args.mode == "stats":
        rdd, n = records_rdd(sc, args, with_games=False)
        partials = rdd.collect()
        merged = merge(args, partials)
        write(args.out, merged)
        records = json.loads(merged)
        secs = time.time() - started
        print(
            "shogi_stats: %d records (%d failed) in %d files, %d partial results merged, %.1f s, %.0f records/s"
            % (records["records"], records["records_failed"], records["files"], len(partials), secs,
               (records["records"] + records["records_failed"]) / max(secs, 1e-3)),
            file=sys.stderr,
        )
    else:
        df = games_frame(spark, sc, args)
        df.createOrReplaceTempView("games")
        results = {}
        for name, sql in QUERIES.items():
            rows = spark.sql(sql.format(top=args.top)).collect()
            results[name] = [r.asDict() for r in rows]
        results["games"] = df.count()
        text = json.dumps(results, ensure_ascii=False, indent=2, sort_keys=True, default=float) + "\n"
        if args.out == "-":
            sys.stdout.write(text)
        else:
            os.makedirs(args.out, exist_ok=True)
            for name, rows in results.items():
                write(os.path.join(args.out, name + ".json"),
                      json.dumps(rows, ensure_ascii=False, indent=2, default=float) + "\n")
        print("shogi_stats: %d game rows in %.1f s" % (results["games"], time.time() - started), file=sys.stderr)
    if own:
        spark.stop()


if __name__ == "__main__":
    main()
