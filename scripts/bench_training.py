#!/usr/bin/env python3
"""Helpers of scripts/bench_training.sh (needs cshogi and numpy).

floodgate SRC DST   copies the CSA files of SRC to DST as Floodgate writes them: rating
                    lines ('black_rate:/'white_rate:) and an engine comment after every move
                    ('** SCORE PV..., the score black's view, deterministic per ply).
cshogi FORMAT DIR OUT
                    the peer: what engine developers run today (dlshogi's csa_to_hcpe
                    style): parse every FORMAT (csa|kif) file of DIR with cshogi's parser,
                    replay it on a cshogi Board, to_hcp each position before a move, with the
                    comment's score (CSA), the move (move16) and the result, and write the
                    numpy array of HuffmanCodedPosAndEval to OUT. Prints the count.
"""
import glob
import os
import sys

import numpy as np
import cshogi
import cshogi.CSA
import cshogi.KIF


def floodgate(src, dst):
    os.makedirs(dst, exist_ok=True)
    for path in sorted(glob.glob(os.path.join(src, "*.csa"))):
        out = []
        ply = 0
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                out.append(line)
                if line.startswith("N-"):
                    out.append("'black_rate:b:3100.0\n'white_rate:w:3050.0\n")
                if line[:1] in "+-" and len(line.strip()) > 1:
                    ply += 1
                    score = (ply * 37) % 900 - 450
                    out.append(f"'** {score} +7776FU -3334FU +2726FU\n")
        with open(os.path.join(dst, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.writelines(out)


def peer(fmt, d, out_path):
    files = sorted(glob.glob(os.path.join(d, "*." + fmt)))
    chunks = []
    board = cshogi.Board()
    total = 0
    for path in files:
        if fmt == "csa":
            parsers = cshogi.CSA.Parser.parse_file(path)
        else:
            parsers = [cshogi.KIF.Parser.parse_file(path)]
        for p in parsers:
            board.set_sfen(p.sfen)
            n = len(p.moves)
            hcpes = np.zeros(n, dtype=cshogi.HuffmanCodedPosAndEval)
            scores = getattr(p, "scores", None) or [0] * n
            for i, (move, score) in enumerate(zip(p.moves, scores)):
                board.to_hcp(hcpes[i:i + 1]["hcp"])
                ev = min(32767, max(score, -32767))
                hcpes[i]["eval"] = ev if board.turn == cshogi.BLACK else -ev
                hcpes[i]["bestMove16"] = np.uint16(cshogi.move16(move)).astype(np.int16)
                hcpes[i]["gameResult"] = p.win if p.win is not None else 0
                board.push(move)
            chunks.append(hcpes)
            total += n
    np.concatenate(chunks).tofile(out_path)
    print(total)


if __name__ == "__main__":
    if sys.argv[1] == "floodgate":
        floodgate(sys.argv[2], sys.argv[3])
    else:
        peer(sys.argv[2], sys.argv[3], sys.argv[4])
