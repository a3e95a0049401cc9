#!/usr/bin/env python3
"""Cross-check of `positions --format hcpe|psv` with cshogi (an independent implementation).

1. Random games (scripts/random_games.py, played by cshogi) are written as CSA, exported by
   shogi-tool to .hcpe and .psv, and read back with numpy + cshogi: every entry's position
   must be the game's position (and its bytes cshogi's `to_hcp`/`to_psfen`), every move the
   move played (`cshogi.move16`, `cshogi.move16_from_psv`), every result the game's, the
   psv ply the position's move number.
2. Real records (the CSA and KIF files of testdata/ and ../shared/corpus that cshogi's
   parsers read): each file exported alone; the entries must be a prefix of cshogi's replay
   of the record (positions, moves), with cshogi's result; in CSA files the evaluations
   must be the `'**` comments (cshogi's `scores`), turned to the side to move and clamped.
   Records the tool leaves out (no entries) are counted, not compared.
3. The other way: cshogi writes .hcpe and .psv of the random games (numpy), and shogi-tool
   reads them back (`positions FILE`, `validate FILE`): the same SFENs, no problem found.

usage: training_check.py TOOL WORKDIR [--games N] [--seed S]
Prints one line per check and exits 1 on any difference.
"""

import argparse
import glob
import os
import subprocess
import sys

import numpy as np
import cshogi
import cshogi.CSA
import cshogi.KIF

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTYPES = {"hcpe": cshogi.HuffmanCodedPosAndEval, "psv": cshogi.PackedSfenValue}
LIMIT = {"hcpe": 32767, "psv": 32000}
failures = []


def fail(msg):
    """Prints the first difference of each file and format; counts them all."""
    key = msg.split(" ply ")[0]
    if not any(f.split(" ply ")[0] == key for f in failures):
        print("DIFF:", msg)
    failures.append(msg)


def bare(sfen):
    return " ".join(sfen.split(" ")[:3])


def export(tool, fmt, paths, out, extra=()):
    cmd = [tool, "positions", "--format", fmt, "-o", out, "--force", "-q", *extra, *paths]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r


def entries(path, fmt):
    return np.fromfile(path, dtype=DTYPES[fmt])


def check_entry(fmt, e, board, move, winner, score, where, compare_result=True):
    """Compares entry `e` with the position `board` (cshogi), its move, result and score."""
    b = cshogi.Board()
    if fmt == "hcpe":
        b.set_hcp(np.asarray(e["hcp"]))
        want = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
        board.to_hcp(want)
        if bytes(e["hcp"]) != want.tobytes():
            fail(f"{where}: hcp bytes differ from cshogi's to_hcp")
        mv = int(e["bestMove16"]) & 0xFFFF
        res = int(e["gameResult"])
        want_res = {None: 0, cshogi.BLACK: 1, cshogi.WHITE: 2}[winner]
        sc = int(e["eval"])
    else:
        b.set_psfen(np.asarray(e["sfen"]))
        want = np.zeros(1, dtype=cshogi.PackedSfen)
        board.to_psfen(want)
        if bytes(e["sfen"]) != want.tobytes():
            fail(f"{where}: packed SFEN bytes differ from cshogi's to_psfen")
        mv = cshogi.move16_from_psv(int(e["move"]))
        res = int(e["game_result"])
        want_res = 0 if winner is None else (1 if winner == board.turn else -1)
        sc = int(e["score"])
        if int(e["gamePly"]) != board.move_number:
            fail(f"{where}: gamePly {int(e['gamePly'])}, the position's move number is {board.move_number}")
    if bare(b.sfen()) != bare(board.sfen()):
        fail(f"{where}: position {b.sfen()} != {board.sfen()}")
    if mv != cshogi.move16(move):
        fail(f"{where}: move {mv} != {cshogi.move16(move)} ({cshogi.move_to_usi(move)})")
    if compare_result and res != want_res:
        fail(f"{where}: result {res} != {want_res}")
    if score is not None:
        lim = LIMIT[fmt]
        s = max(-lim, min(lim, score))
        s = s if board.turn == cshogi.BLACK else -s
        if sc != s:
            fail(f"{where}: eval {sc} != the comment's {score} (side to move: {s})")


def random_games(tool, work, n, seed):
    tsv = os.path.join(work, "random.tsv")
    csa_dir = os.path.join(work, "random")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "random_games.py"), "--n", str(n),
                    "--seed", str(seed), "--out", tsv, "--csa-dir", csa_dir], check=True,
                   stdout=subprocess.DEVNULL)
    games = []
    with open(tsv, encoding="utf-8") as f:
        for line in f:
            start, moves, _final = line.rstrip("\n").split("\t")
            games.append((start, moves.split()))
    files = sorted(glob.glob(os.path.join(csa_dir, "*.csa")))
    assert len(files) == len(games), (len(files), len(games))
    total = 0
    for fmt in ("hcpe", "psv"):
        out = os.path.join(work, "random." + fmt)
        r = export(tool, fmt, files, out)
        if r.returncode != 0:
            fail(f"random games: export to {fmt} failed: {r.stderr.strip()}")
            continue
        es = entries(out, fmt)
        i = 0
        for g, (start, moves) in enumerate(games):
            board = cshogi.Board(start)
            last_mover = None
            for m in moves:
                board.push_usi(m)
            winner = board.turn ^ 1  # the last mover won (checkmate, or the other resigned)
            board = cshogi.Board(start)
            for ply, m in enumerate(moves):
                move = board.move_from_usi(m)
                if i >= len(es):
                    fail(f"random game {g}: the file ends at entry {i}")
                    break
                check_entry(fmt, es[i], board, move, winner, 0, f"random {fmt} game {g} ply {ply}")
                board.push(move)
                i += 1
        if i != len(es):
            fail(f"random games {fmt}: {len(es)} entries, {i} positions played")
        total += i
        # The other way: cshogi writes the same positions, shogi-tool reads them back.
        theirs = np.zeros(i, dtype=DTYPES[fmt])
        sfens = []
        k = 0
        for start, moves in games:
            board = cshogi.Board(start)
            for m in moves:
                move = board.move_from_usi(m)
                if fmt == "hcpe":
                    board.to_hcp(theirs[k:k + 1]["hcp"])
                    theirs[k]["bestMove16"] = np.int16(np.uint16(cshogi.move16(move)).astype(np.int16))
                else:
                    board.to_psfen(theirs[k:k + 1]["sfen"])
                    theirs[k]["move"] = cshogi.move16_to_psv(cshogi.move16(move))
                    theirs[k]["gamePly"] = board.move_number
                sfens.append(board.sfen())
                board.push(move)
                k += 1
        path = os.path.join(work, "cshogi." + fmt)
        theirs.tofile(path)
        r = subprocess.run([tool, "positions", path], capture_output=True, text=True)
        got = [l.split("\t")[1] for l in r.stdout.splitlines()]
        if r.returncode != 0 or len(got) != len(sfens):
            fail(f"shogi-tool read of cshogi's {fmt}: exit {r.returncode}, {len(got)} of {len(sfens)} lines: {r.stderr[:300]}")
        else:
            for j, (a, b) in enumerate(zip(got, sfens)):
                want = b if fmt == "psv" else bare(b) + " 1"
                if a != want:
                    fail(f"shogi-tool read of cshogi's {fmt}, entry {j}: {a} != {want}")
                    break
        r = subprocess.run([tool, "validate", path], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"shogi-tool validate of cshogi's {fmt}: exit {r.returncode}: {r.stdout[:300]}{r.stderr[:300]}")
    print(f"random games: {len(games)} games, {total} entries compared (hcpe + psv), both ways")


def parse_with_cshogi(path):
    ext = os.path.splitext(path)[1].lower()
    try:
        if ext == ".csa":
            ps = cshogi.CSA.Parser.parse_file(path)
            if len(ps) != 1:
                return None
            return ps[0], True
        p = cshogi.KIF.Parser.parse_file(path)
        return p, False
    except Exception:
        return None


def cshogi_winner(p, is_csa):
    """The winner cshogi can judge on its own: a CSA ending its parser turns into a winner
    (resignation, time, illegal move, declaration), or a final position it finds mated (the
    last mover won); "unknown" otherwise (its parsers leave %TSUMI, KIF endings and draws
    without a result)."""
    try:
        board = cshogi.Board(p.sfen)
        for m in p.moves:
            # cshogi's push does not check the move: an illegal one (a record with a foul)
            # corrupts its board and may crash the interpreter later.
            if m == 0 or not board.is_legal(m):
                return "unknown"
            board.push(m)
    except Exception:
        return "unknown"
    if board.is_game_over():
        return board.turn ^ 1
    if is_csa and p.win in (cshogi.BLACK_WIN, cshogi.WHITE_WIN):
        return cshogi.BLACK if p.win == cshogi.BLACK_WIN else cshogi.WHITE
    return "unknown"


def real_records(tool, work):
    paths = []
    for base in (os.path.join(ROOT, "testdata"), os.path.join(ROOT, "..", "shared", "corpus")):
        for ext in ("csa", "kif", "kifu"):
            paths += glob.glob(os.path.join(base, "**", "*." + ext), recursive=True)
    # testdata/broken holds deliberately malformed records, which are no training data; cshogi
    # 1.1.0's CSA parser crashes the interpreter (SIGSEGV) on one of them
    # (csa-board-missing-row.csa, a board with a `Pn` row missing; docs/interop.md).
    broken = os.path.join(ROOT, "testdata", "broken") + os.sep
    paths = sorted(p for p in paths if not p.startswith(broken))
    compared = unread = left_out = positions = evals = other_start = results = kif_cut = 0
    for path in paths:
        parsed = parse_with_cshogi(path)
        if parsed is None or not parsed[0].moves:
            unread += 1
            continue
        p, is_csa = parsed
        name = os.path.relpath(path, ROOT)
        winner = cshogi_winner(p, is_csa)
        done = True
        for fmt in ("hcpe", "psv"):
            out = os.path.join(work, "one." + fmt)
            if os.path.exists(out):
                os.remove(out)
            export(tool, fmt, [path], out)
            es = entries(out, fmt) if os.path.exists(out) else []
            if len(es) == 0:
                if fmt == "hcpe":
                    left_out += 1
                done = False
                break
            board = cshogi.Board(p.sfen)
            first = cshogi.Board()
            if fmt == "hcpe":
                first.set_hcp(np.asarray(es[0]["hcp"]))
            else:
                first.set_psfen(np.asarray(es[0]["sfen"]))
            if bare(first.sfen()) != bare(board.sfen()):
                if is_csa:
                    fail(f"{name} {fmt} ply 0: start {first.sfen()}, cshogi reads {board.sfen()}")
                elif fmt == "hcpe":
                    other_start += 1  # cshogi's KIF parser misses board diagrams, BOMs, ...
                done = False
                break
            if is_csa and len(es) > len(p.moves):
                fail(f"{name}: {len(es)} {fmt} entries, cshogi reads {len(p.moves)} moves")
            scores = p.scores if is_csa else None
            for i, e in enumerate(es):
                if i >= len(p.moves) or p.moves[i] == 0:
                    break  # cshogi read no further (a piece name the board contradicts, ...)
                move = p.moves[i]
                mv = int(e["bestMove16"]) & 0xFFFF if fmt == "hcpe" else cshogi.move16_from_psv(int(e["move"]))
                if not is_csa and mv != cshogi.move16(move):
                    # cshogi's KIF parser skips moves it cannot read (`同歩` without the
                    # full-width space, ...): compared up to there.
                    if fmt == "hcpe":
                        kif_cut += 1
                        print(f"note: {name}: cshogi's KIF parser reads another move at ply {i}; compared up to there")
                    break
                score = scores[i] if scores else None
                if score and fmt == "hcpe":
                    evals += 1
                check_entry(fmt, e, board, move, None if winner == "unknown" else winner, score,
                            f"{name} {fmt} ply {i}", compare_result=winner != "unknown")
                if not board.is_legal(move):
                    break  # never push an illegal move into cshogi's board (see cshogi_winner)
                board.push(move)
                if fmt == "hcpe":
                    positions += 1
            if winner != "unknown" and fmt == "hcpe":
                results += 1
        if done:
            compared += 1
    print(f"real records: {compared} files compared ({positions} positions in each format, "
          f"{evals} with an engine evaluation, {results} files with a result cshogi judges); "
          f"{left_out} left out by shogi-tool (unsound), {other_start} KIF files whose start "
          f"cshogi's KIF parser reads otherwise, {kif_cut} compared up to a move it misreads, "
          f"{unread} not read by cshogi's parsers")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("work")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=31)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    random_games(a.tool, a.work, a.games, a.seed)
    real_records(a.tool, a.work)
    if failures:
        print(f"training check: {len(failures)} differences")
        sys.exit(1)
    print("training check: no difference")


if __name__ == "__main__":
    main()
