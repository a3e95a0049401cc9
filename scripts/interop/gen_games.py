#!/usr/bin/env python3
"""Seeded random games for the interop test, written as JKF (the input shogi-tool converts to
every format) plus the ground truth the peers' readings are compared with.

Games cycle through every start: the even game, every handicap shogi-tool names (the JKF
presets, and `トンボ` and `十九枚落ち` as OTHER positions), and positions where a pinned piece
could also reach the first move's square (KI2 must write 右/左 or 打 against it). They are played
with cshogi by a cheap random policy that declines promotions often, with comments (ASCII and
Japanese), times, one variation in most games, headers, and every ending JKF names in turn.

Usage: gen_games.py --n 60 --seed 1 --out DIR
Writes DIR/jkf/gNNN.jkf and DIR/truth.json (a list, one object per game:
id, sfen, moves (USI, main line), ending (canonical kind or null), black, white, event,
comments {ply: text}, times {ply: seconds}).
"""

import argparse
import json
import os
import random

import cshogi

EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
REST = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
# (JKF preset or None, SFEN, first move to play or None)
STARTS = [
    ("HIRATE", EVEN, None),
    ("KY", "lnsgkgsn1/1r5b1" + REST, None),
    ("KY_R", "1nsgkgsnl/1r5b1" + REST, None),
    ("KA", "lnsgkgsnl/1r7" + REST, None),
    ("HI", "lnsgkgsnl/7b1" + REST, None),
    ("HIKY", "lnsgkgsn1/7b1" + REST, None),
    ("2", "lnsgkgsnl/9" + REST, None),
    ("3", "lnsgkgsn1/9" + REST, None),
    ("4", "1nsgkgsn1/9" + REST, None),
    ("5", "2sgkgsn1/9" + REST, None),
    ("5_L", "1nsgkgs2/9" + REST, None),
    ("6", "2sgkgs2/9" + REST, None),
    ("7_L", "2sgkg3/9" + REST, None),
    ("7_R", "3gkgs2/9" + REST, None),
    ("8", "3gkg3/9" + REST, None),
    ("10", "4k4/9" + REST, None),
    (None, "4k4/1r5b1" + REST, None),  # トンボ
    (None, "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", None),  # 十九枚落ち
    # pinned pieces: the other gold / silver is pinned, or a pinned gold reaches the drop square
    (None, "k3r4/pp7/9/9/9/9/9/4G1G2/4K4 b - 1", "3h4g"),
    (None, "k3r4/pp7/9/9/9/9/9/4G4/4K4 b G 1", "G*4g"),
    (None, "k8/pp7/9/9/9/9/5K3/3S1S3/5+r3 b - 1", "6h5i"),
]
# JKF special, canonical kind (the kinds every reader is compared by)
ENDINGS = [
    ("TORYO", "resign"),
    ("CHUDAN", "abort"),
    ("SENNICHITE", "repetition"),
    ("JISHOGI", "impasse"),
    ("TIME_UP", "timeout"),
    ("KACHI", "declaration"),
    ("ILLEGAL_MOVE", "foul"),
    ("HIKIWAKE", "draw"),
    (None, None),
]
KIND = {cshogi.PAWN: "FU", cshogi.LANCE: "KY", cshogi.KNIGHT: "KE", cshogi.SILVER: "GI",
        cshogi.GOLD: "KI", cshogi.BISHOP: "KA", cshogi.ROOK: "HI", cshogi.KING: "OU",
        cshogi.PROM_PAWN: "TO", cshogi.PROM_LANCE: "NY", cshogi.PROM_KNIGHT: "NK",
        cshogi.PROM_SILVER: "NG", cshogi.PROM_BISHOP: "UM", cshogi.PROM_ROOK: "RY"}
SFEN_KIND = {"P": "FU", "L": "KY", "N": "KE", "S": "GI", "G": "KI", "B": "KA", "R": "HI",
             "K": "OU", "+P": "TO", "+L": "NY", "+N": "NK", "+S": "NG", "+B": "UM", "+R": "RY"}
HAND_ORDER = ["FU", "KY", "KE", "GI", "KI", "KA", "HI"]


def sq(usi_sq):
    return {"x": int(usi_sq[0]), "y": ord(usi_sq[1]) - ord("a") + 1}


def jkf_data(sfen):
    """JKF `initial.data` for an SFEN."""
    board_s, side, hands_s = sfen.split()[:3]
    board = [[{} for _ in range(9)] for _ in range(9)]  # board[x-1][y-1]
    for y, row in enumerate(board_s.split("/")):
        x = 9
        i = 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                x -= int(c)
                i += 1
                continue
            tok = c
            if c == "+":
                tok = row[i:i + 2]
                i += 1
            i += 1
            color = 0 if tok[-1].isupper() else 1
            board[x - 1][y] = {"color": color, "kind": SFEN_KIND[tok.upper()]}
            x -= 1
    hands = [{k: 0 for k in HAND_ORDER}, {k: 0 for k in HAND_ORDER}]
    if hands_s != "-":
        n = ""
        for c in hands_s:
            if c.isdigit():
                n += c
                continue
            hands[0 if c.isupper() else 1][SFEN_KIND[c.upper()]] += int(n or 1)
            n = ""
    return {"color": 0 if side == "b" else 1, "board": board, "hands": hands}


def jkf_move(board, m):
    """The JKF move object of cshogi move `m` in `board` (before it is played)."""
    usi = cshogi.move_to_usi(m)
    color = 0 if board.turn == cshogi.BLACK else 1
    if cshogi.move_is_drop(m):
        return {"color": color, "to": sq(usi[2:4]), "piece": SFEN_KIND[usi[0]]}
    frm = cshogi.move_from(m)
    piece = board.piece(frm)
    kind = KIND[cshogi.piece_to_piece_type(piece)]
    mv = {"color": color, "from": sq(usi[0:2]), "to": sq(usi[2:4]), "piece": kind}
    if usi.endswith("+"):
        mv["promote"] = True
    elif kind in ("FU", "KY", "KE", "GI", "KA", "HI"):
        fy, ty = sq(usi[0:2])["y"], sq(usi[2:4])["y"]
        zone = (lambda y: y <= 3) if color == 0 else (lambda y: y >= 7)
        if zone(fy) or zone(ty):
            mv["promote"] = False
    return mv


def key(board):
    return board.sfen().rsplit(" ", 1)[0]


def pick(rng, board, seen):
    legal = list(board.legal_moves)
    if not legal:
        return None
    r = rng.random()
    cands = legal
    if r < 0.35:
        caps = [m for m in legal if not cshogi.move_is_drop(m)
                and board.piece(cshogi.move_to(m)) != cshogi.NONE]
        cands = caps or legal
    elif r < 0.55:
        # declined promotions, the writers' hardest case
        declines = [m for m in legal if not cshogi.move_is_drop(m)
                    and not cshogi.move_is_promotion(m)
                    and any(cshogi.move_to_usi(x) == cshogi.move_to_usi(m) + "+" for x in legal)]
        cands = declines or legal
    rng.shuffle(cands)
    for m in cands + legal:
        board.push(m)
        k = key(board)
        board.pop()
        if k not in seen:
            return m
    return None


def play(rng, board, plies, seen):
    out = []
    for _ in range(plies):
        m = pick(rng, board, seen)
        if m is None:
            break
        out.append(m)
        board.push(m)
        seen.add(key(board))
    return out


def game(rng, i):
    preset, sfen, first = STARTS[i % len(STARTS)]
    board = cshogi.Board(sfen)
    seen = {key(board)}
    moves = []
    if first:
        m = board.move_from_usi(first)
        moves.append(m)
        board.push(m)
        seen.add(key(board))
    moves += play(rng, board, rng.randint(8, 60), seen)
    mated = board.is_game_over()
    special, ending = ENDINGS[i % len(ENDINGS)]
    if mated:
        special, ending = "TSUMI", "mate"
    # replay to build the JKF
    board = cshogi.Board(sfen)
    jkf_moves = [{}]
    comments, times = {}, {}
    totals = [0, 0]
    fork_at = rng.randint(1, max(1, len(moves))) if moves and rng.random() < 0.8 else None
    for ply, m in enumerate(moves, 1):
        entry = {"move": jkf_move(board, m)}
        side = 0 if board.turn == cshogi.BLACK else 1
        secs = rng.randint(0, 75)
        totals[side] += secs
        entry["time"] = {"now": {"m": secs // 60, "s": secs % 60},
                         "total": {"h": totals[side] // 3600, "m": totals[side] // 60 % 60,
                                   "s": totals[side] % 60}}
        times[ply] = secs
        if rng.random() < 0.2:
            text = rng.choice(["good move %d" % ply, "好手%d" % ply, "次は▲５五角"])
            entry["comments"] = [text]
            comments[ply] = text
        if ply == fork_at:
            alts = [x for x in board.legal_moves if x != m]
            if alts:
                alt = rng.choice(alts)
                # one alternative move, then its line ends
                entry["forks"] = [[{"move": jkf_move(board, alt)}]]
        jkf_moves.append(entry)
        board.push(m)
    if special:
        jkf_moves.append({"special": special})
    if rng.random() < 0.3:
        jkf_moves[0]["comments"] = ["対局開始"]
    header = {"先手": "先手%d" % i, "後手": "Gote %d" % i, "棋戦": "interop",
              "開始日時": "2024/01/%02d 10:00:00" % (i % 28 + 1)}
    initial = {"preset": preset} if preset else {"preset": "OTHER", "data": jkf_data(sfen)}
    jkf = {"header": header, "initial": initial, "moves": jkf_moves}
    truth = {"id": "g%03d" % i, "sfen": sfen, "moves": [cshogi.move_to_usi(m) for m in moves],
             "ending": ending, "black": header["先手"], "white": header["後手"],
             "event": header["棋戦"], "comments": comments, "times": times,
             "variation": fork_at is not None}
    return jkf, truth


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(os.path.join(a.out, "jkf"), exist_ok=True)
    truths = []
    for i in range(a.n):
        jkf, truth = game(rng, i)
        with open(os.path.join(a.out, "jkf", truth["id"] + ".jkf"), "w", encoding="utf-8") as f:
            json.dump(jkf, f, ensure_ascii=False)
        truths.append(truth)
    with open(os.path.join(a.out, "truth.json"), "w", encoding="utf-8") as f:
        json.dump(truths, f, ensure_ascii=False)
    print("games=%d plies=%d" % (len(truths), sum(len(t["moves"]) for t in truths)))


if __name__ == "__main__":
    main()
