#!/usr/bin/env python3
"""Seeded random legal shogi games, played with cshogi (an independent rules implementation).

Each game starts from the even position or from one of the 15 standard handicap starts (games
alternate: even, handicap 1, even, handicap 2, ...), and is played by a cheap random policy that
still reaches the interesting rules: it takes a mate in one when cshogi finds one (30 %, only
when not in check), else prefers a capture (35 %), a check (10 %) or a board move over a drop
(25 %), else plays a uniformly random legal move - so declined promotions (also the "useless"
pawn/bishop/rook ones), drops, checks and evasions all occur. Moves that would repeat an earlier
position are re-drawn (no sennichite, no perpetual check). A game ends at checkmate or at a
length drawn from 20..200 plies.

Output (TSV, one game a line, `\\n` line ends, UTF-8):
    <start sfen> TAB <USI moves separated by spaces> TAB <final sfen>
SFENs are cshogi's: hand pieces in R B G S N L P order, Black's before White's; the final
move number is the start's plus the number of plies (compare the first three fields if your
tool numbers moves differently).

With --csa-dir DIR each game is also written as DIR/gNNNN.csa in CSA V2.2 (cshogi's
CSA.Exporter): `V2.2`, `N+`/`N-`, `PI` for the even start or P1..P9 otherwise, the side to move,
moves like `+7776FU` (piece after the move, so `+8822UM` for a promoting bishop), then
`%TSUMI` for a checkmate or `%TORYO` (side to move resigns) for a cut game.

Usage:
    scripts/random_games.py --n 200 --seed 1 --out testdata/random_games.tsv [--csa-dir DIR]
"""

import argparse
import os
import random
import sys

import cshogi
import cshogi.CSA

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
HANDICAP_TOP = [  # first two ranks of each standard handicap (all White to move)
    "lnsgkgsn1/1r5b1",  # 香落ち
    "1nsgkgsnl/1r5b1",  # 右香落ち
    "lnsgkgsnl/1r7",  # 角落ち
    "lnsgkgsnl/7b1",  # 飛車落ち
    "lnsgkgsn1/7b1",  # 飛香落ち
    "lnsgkgsnl/9",  # 二枚落ち
    "lnsgkgsn1/9",  # 三枚落ち
    "1nsgkgsn1/9",  # 四枚落ち
    "2sgkgsn1/9",  # 五枚落ち
    "1nsgkgs2/9",  # 左五枚落ち
    "2sgkgs2/9",  # 六枚落ち
    "2sgkg3/9",  # 左七枚落ち
    "3gkgs2/9",  # 右七枚落ち
    "3gkg3/9",  # 八枚落ち
    "4k4/9",  # 十枚落ち
]
HANDICAPS = [t + "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" for t in HANDICAP_TOP]


def start_for(i):
    return STARTPOS if i % 2 == 0 else HANDICAPS[(i // 2) % len(HANDICAPS)]


def _position_key(board):
    # sfen without the move number identifies board + hands + side to move
    return board.sfen().rsplit(" ", 1)[0]


def play_game(rng, start, min_plies=20, max_plies=200):
    """Returns (list of cshogi moves, ended_in_mate)."""
    board = cshogi.Board(start)
    target = rng.randint(min_plies, max_plies)
    seen = {_position_key(board)}
    moves = []
    while len(moves) < target:
        legal = list(board.legal_moves)
        if not legal:
            return moves, True
        # a mate in one, sometimes
        if not board.is_check() and rng.random() < 0.30:
            m = board.mate_move_in_1ply()
            if m:
                board.push(m)
                moves.append(m)
                return moves, True
        candidates = legal
        r = rng.random()
        if r < 0.35:
            caps = [m for m in legal if board.piece(cshogi.move_to(m)) != cshogi.NONE
                    and not cshogi.move_is_drop(m)]
            candidates = caps or legal
        elif r < 0.45:
            checks = list(board.check_moves)
            candidates = checks or legal
        elif r < 0.70:
            board_moves = [m for m in legal if not cshogi.move_is_drop(m)]
            candidates = board_moves or legal
        rng.shuffle(candidates)
        chosen = None
        for m in candidates + [x for x in legal if x not in candidates]:
            board.push(m)
            key = _position_key(board)
            board.pop()
            if key not in seen:
                chosen = m
                break
        if chosen is None:  # every move repeats a position: stop here (the side to move resigns)
            break
        board.push(chosen)
        seen.add(_position_key(board))
        moves.append(chosen)
    return moves, not any(True for _ in board.legal_moves)


def write_csa(path, start, moves, mated, game_no):
    board = cshogi.Board(start)
    exp = cshogi.CSA.Exporter(path)
    exp.info(init_board=board, names=[f"random{game_no}-sente", f"random{game_no}-gote"],
             version="V2.2")
    for m in moves:
        exp.move(m)
    exp.endgame("%TSUMI" if mated else "%TORYO")
    exp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=200, help="number of games (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--out", required=True, help="TSV file to write")
    ap.add_argument("--csa-dir", help="also write one CSA V2.2 file per game into this folder")
    ap.add_argument("--min-plies", type=int, default=20)
    ap.add_argument("--max-plies", type=int, default=200)
    a = ap.parse_args()

    rng = random.Random(a.seed)
    if a.csa_dir:
        os.makedirs(a.csa_dir, exist_ok=True)
    plies = mates = 0
    with open(a.out, "w", encoding="utf-8", newline="\n") as out:
        for i in range(a.n):
            start = start_for(i)
            moves, mated = play_game(rng, start, a.min_plies, a.max_plies)
            board = cshogi.Board(start)
            for m in moves:
                board.push(m)
            usi = " ".join(cshogi.move_to_usi(m) for m in moves)
            out.write(f"{start}\t{usi}\t{board.sfen()}\n")
            if a.csa_dir:
                write_csa(os.path.join(a.csa_dir, f"g{i:04d}.csa"), start, moves, mated, i)
            plies += len(moves)
            mates += mated
    print(f"games={a.n} plies={plies} mates={mates} -> {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
