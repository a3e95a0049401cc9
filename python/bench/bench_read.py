"""shogi_tool beside cshogi, from Python, in one run (BENCHMARKS.md, issue 30 part P).

usage: python python/bench/bench_read.py [CORPUS] [--rounds N] [--positions-games N]
       [--only GROUP,...] [--builds DIR DIR ...]

CORPUS is a folder made by ../shared/bench/gen_corpus.py (its kif/ holds Shift_JIS KIF files,
its csa/ CSA files; default /tmp/p30-c5k). Three measurements, each taken --rounds times,
the tools interleaved within a round, medians printed:

- whole records: read every file and replay its moves with the rules. shogi_tool:
  `iter_records` (its worker threads read and replay; every core, and one thread) and the
  moves of every record; cshogi: `cshogi.KIF.Parser` / `cshogi.CSA.Parser` and a
  `cshogi.Board` replay (`is_legal` and `push` for each move);
- positions: along the first --positions-games CSA games, the legal moves at every position
  and the move played: `Position.legal_moves()` and `push` vs `list(Board.legal_moves)` and
  `Board.push` (cshogi's moves are ints; the USI column also writes them as USI strings),
  and `Position.legal_moves_along`, the same in one call a game.

`--only KIF,CSA,positions` keeps those groups. `--builds DIR ...` compares builds of
shogi_tool in one run: each round runs this script once per DIR (its `shogi_tool` package
first on PYTHONPATH, one round, cshogi in the same process), the builds taking turns, and
the table has one row per build and tool.

Needs cshogi (pip install cshogi==1.1.0) and shogi_tool (pip install ./python).
"""

import argparse
import importlib.metadata
import json
import os
import statistics
import subprocess
import sys
import time

import cshogi
import cshogi.CSA
import cshogi.KIF

import shogi_tool


def files(folder, ext):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(ext))


def shogi_tool_records(folder, jobs):
    games = plies = 0
    for record in shogi_tool.iter_records(folder, jobs):
        games += 1
        plies += len(record.moves)
    return games, plies


def cshogi_records(paths, parse):
    board = cshogi.Board()
    games = plies = 0
    for path in paths:
        for game in parse(path):
            games += 1
            board.set_sfen(game.sfen)
            for move in game.moves:
                if not board.is_legal(move):
                    break
                board.push(move)
                plies += 1
    return games, plies


def parse_kif(path):
    return [cshogi.KIF.Parser.parse_file(path)]


def parse_csa(path):
    return cshogi.CSA.Parser.parse_file(path)


def shogi_tool_positions(games):
    positions = moves = 0
    for sfen, usis in games:
        position = shogi_tool.Position.from_sfen(sfen)
        for usi in usis:
            moves += len(position.legal_moves())
            position.push(usi)
            positions += 1
    return positions, moves


def shogi_tool_positions_batched(games):
    positions = moves = 0
    for sfen, usis in games:
        along = shogi_tool.Position.from_sfen(sfen).legal_moves_along(usis)
        positions += len(usis)
        moves += sum(len(legal) for legal in along[:-1])
    return positions, moves


def cshogi_positions(games, as_usi):
    board = cshogi.Board()
    positions = moves = 0
    for sfen, usis in games:
        board.set_sfen(sfen)
        for usi in usis:
            if as_usi:
                moves += len([cshogi.move_to_usi(m) for m in board.legal_moves])
            else:
                moves += len(list(board.legal_moves))
            board.push_usi(usi)
            positions += 1
    return positions, moves


def timed(work):
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def table(seconds, counts):
    """The markdown table of the medians, each row against its group's cshogi row (the
    group's first such row when several builds ran)."""
    lines = ["| input | tool | games (positions) | plies (legal moves) | median s | per game (position) | vs cshogi |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for group in dict.fromkeys(g for g, _ in seconds):
        keys = [k for k in seconds if k[0] == group]
        peer = [k for k in keys if "cshogi" in k[1] or "Board" in k[1]][0]
        peer_median = statistics.median(seconds[peer])
        for key in keys:
            median = statistics.median(seconds[key])
            n, m = counts[key]
            lines.append(f"| {group} | {key[1]} | {n} | {m} | {median:.3f} | {median / n * 1e6:.1f} µs | "
                         f"{peer_median / median:.2f}x |")
    return "\n".join(lines)


def compare_builds(args):
    """Runs this script once a round per build, the builds taking turns; the medians of all."""
    seconds, counts = {}, {}
    for _ in range(args.rounds):
        for build in args.builds:
            env = dict(os.environ, PYTHONPATH=os.path.abspath(build))
            command = [sys.executable, __file__, args.corpus, "--rounds", "1", "--json",
                       "--positions-games", str(args.positions_games)]
            if args.only:
                command += ["--only", args.only]
            done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
            for group, tool, runs, count in json.loads(done.stdout):
                label = tool if "cshogi" in tool or "Board" in tool else f"{os.path.basename(build.rstrip('/'))}: {tool}"
                seconds.setdefault((group, label), []).extend(runs)
                counts[(group, label)] = count
    # The builds' rows first, then cshogi's (measured once per build and round).
    return {k: seconds[k] for k in sorted(seconds, key=lambda k: ("cshogi" in k[1] or "Board" in k[1]))}, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default="/tmp/p30-c5k")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions-games", type=int, default=1000)
    parser.add_argument("--only", help="the groups to run: KIF, CSA, positions (comma-separated)")
    parser.add_argument("--builds", nargs="+", help="folders holding a shogi_tool package each")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.builds:
        seconds, counts = compare_builds(args)
        load = os.getloadavg()
        print(f"corpus {args.corpus}: builds {' '.join(args.builds)} taking turns, {args.rounds} rounds, medians; "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
        print()
        print(table(seconds, counts))
        return
    kif_dir = os.path.join(args.corpus, "kif")
    csa_dir = os.path.join(args.corpus, "csa")
    kif_files, csa_files = files(kif_dir, ".kif"), files(csa_dir, ".csa")
    runs = {
        ("KIF (Shift_JIS)", "shogi_tool.iter_records, every core"): lambda: shogi_tool_records(kif_dir, None),
        ("KIF (Shift_JIS)", "shogi_tool.iter_records, jobs=1"): lambda: shogi_tool_records(kif_dir, 1),
        ("KIF (Shift_JIS)", "cshogi.KIF.Parser + Board replay"): lambda: cshogi_records(kif_files, parse_kif),
        ("CSA", "shogi_tool.iter_records, every core"): lambda: shogi_tool_records(csa_dir, None),
        ("CSA", "shogi_tool.iter_records, jobs=1"): lambda: shogi_tool_records(csa_dir, 1),
        ("CSA", "cshogi.CSA.Parser + Board replay"): lambda: cshogi_records(csa_files, parse_csa),
        ("positions", "Position.legal_moves + push (USI str)"): lambda: shogi_tool_positions(games),
        ("positions", "Position.legal_moves_along (one call a game, USI str)"): lambda: shogi_tool_positions_batched(games),
        ("positions", "Board.legal_moves + push_usi (int)"): lambda: cshogi_positions(games, False),
        ("positions", "Board.legal_moves + push_usi, as USI str"): lambda: cshogi_positions(games, True),
    }
    if args.only:
        wanted = args.only.split(",")
        runs = {k: v for k, v in runs.items() if any(k[0].startswith(w) for w in wanted)}
    games = []
    if any(group == "positions" for group, _ in runs):
        games = [
            (r.start_sfen, r.moves)
            for r in shogi_tool.iter_records(csa_files[: args.positions_games])
        ]
    seconds = {key: [] for key in runs}
    counts = {}
    for _ in range(args.rounds):
        for key, work in runs.items():
            elapsed, count = timed(work)
            seconds[key].append(elapsed)
            counts[key] = count
    if args.json:
        print(json.dumps([[g, t, seconds[(g, t)], counts[(g, t)]] for g, t in runs]))
        return
    load = os.getloadavg()
    print(f"corpus {args.corpus}: {len(kif_files)} KIF, {len(csa_files)} CSA files; "
          f"{args.rounds} interleaved rounds, medians; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"({os.cpu_count()} cores); Python {sys.version.split()[0]}, cshogi {importlib.metadata.version('cshogi')}, "
          f"shogi_tool {shogi_tool.__version__}")
    print()
    print(table(seconds, counts))


if __name__ == "__main__":
    main()
