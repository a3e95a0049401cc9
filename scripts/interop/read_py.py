#!/usr/bin/env python3
"""Reads every record under OUT/<format>/ with the pip peers (cshogi, python-shogi, rsshogi)
and prints what each read, one JSON object a line (compared with the truth by compare.py):
  {peer, format, id, error | sfen, moves, ending, black, white, comments, times}

usage: read_py.py OUT
"""
import json
import os
import sys

CSA_ENDING = {
    "%TORYO": "resign", "%TSUMI": "mate", "%CHUDAN": "abort", "%SENNICHITE": "repetition",
    "%JISHOGI": "impasse", "%TIME_UP": "timeout", "%KACHI": "declaration",
    "%ILLEGAL_MOVE": "foul", "%+ILLEGAL_ACTION": "foul", "%-ILLEGAL_ACTION": "foul",
    "%HIKIWAKE": "draw", "%MAX_MOVES": "max_moves", "%OUTE_SENNICHITE": "repetition",
}
KIF_ENDING = [
    ("時間切れ", "timeout"), ("入玉勝ち", "declaration"), ("宣言勝ち", "declaration"),
    ("反則", "foul"), ("引き分け", "draw"), ("投了", "resign"), ("詰み", "mate"), ("中断", "abort"), ("千日手", "repetition"),
    ("持将棋", "impasse"), ("切れ負け", "timeout"), ("入玉勝ち", "declaration"),
    ("反則", "foul"), ("引き分け", "draw"),
]


def ending_of(word):
    if not word:
        return None
    word = word.strip()
    if "%" + word in CSA_ENDING:  # a JKF special
        return CSA_ENDING["%" + word]
    for k, v in CSA_ENDING.items():
        if k in word:
            return v
    for k, v in KIF_ENDING:
        if k in word:
            return v
    if word.endswith("の勝ち"):  # a KI2 summary: a plain win is a resignation
        return "resign"
    return "other:" + word


def text_of(path):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith((".kif", ".ki2")):
        return data.decode("cp932")
    return data.decode("utf-8-sig")


def usi_line(text):
    line = text.strip()
    return line[len("position "):] if line.startswith("position ") else line


def split_usi(line):
    parts = line.split()
    if parts[0] == "startpos":
        sfen, rest = None, parts[1:]
    else:
        sfen, rest = " ".join(parts[1:5]), parts[5:]
    if rest and rest[0] == "moves":
        rest = rest[1:]
    return sfen, rest


# ------------------------------------------------------------------ cshogi
def cshogi_read(fmt, path):
    import cshogi
    import cshogi.CSA
    import cshogi.KI2
    import cshogi.KIF
    if fmt == "sfen":
        sfen, moves = split_usi(usi_line(text_of(path)))
        board = cshogi.Board(sfen) if sfen else cshogi.Board()
        for u in moves:
            m = board.move_from_usi(u)
            if not board.is_legal(m):
                raise ValueError("illegal " + u)
            board.push(m)
        return {"sfen": sfen or cshogi.STARTING_SFEN, "moves": moves}
    if fmt == "csa":
        p = cshogi.CSA.Parser.parse_str(text_of(path))[0]
    elif fmt == "ki2":
        p = cshogi.KI2.Parser.parse_str(text_of(path))
    else:
        p = cshogi.KIF.Parser.parse_str(text_of(path))
    board = cshogi.Board(p.sfen)
    moves = []
    for m in p.moves:
        if not board.is_legal(m):
            raise ValueError("illegal move at %d" % len(moves))
        moves.append(cshogi.move_to_usi(m))
        board.push(m)
    r = {"sfen": p.sfen, "moves": moves, "ending": ending_of(p.endgame),
         "black": p.names[0], "white": p.names[1], "comments": {}, "times": {}}
    for i, c in enumerate(getattr(p, "comments", []) or []):
        if c and i < len(moves):
            r["comments"][str(i + 1)] = c
    for i, t in enumerate(getattr(p, "times", []) or []):
        if i < len(moves) and t:
            r["times"][str(i + 1)] = t
    return r


# ------------------------------------------------------------------ python-shogi
def python_shogi_read(fmt, path):
    import shogi
    import shogi.CSA
    import shogi.KIF
    if fmt == "sfen":
        sfen, moves = split_usi(usi_line(text_of(path)))
        g = {"sfen": sfen or shogi.STARTING_SFEN, "moves": moves, "names": [None, None]}
    else:
        mod = shogi.CSA if fmt == "csa" else shogi.KIF
        g = mod.Parser.parse_str(text_of(path))[0]
    board = shogi.Board(g["sfen"])
    for u in g["moves"]:
        m = shogi.Move.from_usi(u)
        if not board.is_legal(m):
            raise ValueError("illegal " + u)
        board.push(m)
    return {"sfen": g["sfen"], "moves": list(g["moves"]), "black": g["names"][0],
            "white": g["names"][1]}


# ------------------------------------------------------------------ rsshogi
def rsshogi_read(fmt, path):
    from rsshogi.record import Record
    if fmt == "sfen":
        rec = Record.from_usi_position(usi_line(text_of(path)))
    else:
        read = {"kif": Record.from_kif_str, "kifu": Record.from_kif_str,
                "ki2": Record.from_ki2_str, "csa": Record.from_csa_str,
                "jkf": Record.from_jkf_str}[fmt]
        rec = read(text_of(path))
    d = rec.to_dict()
    md = d["metadata"]
    r = {"sfen": d["init_position_sfen"], "moves": [m["move"] for m in d["moves"]],
         "ending": ending_of(d["result"]["reason"]), "black": md["black_player"],
         "white": md["white_player"], "comments": {}, "times": {}}
    for i, m in enumerate(d["moves"], 1):
        if m["comment"]:
            r["comments"][str(i)] = m["comment"].rstrip("\n")
        if m["time_ms"]:
            r["times"][str(i)] = m["time_ms"] / 1000
    return r


READERS = {
    "cshogi": (cshogi_read, ["kif", "kifu", "ki2", "csa", "sfen"]),
    "python-shogi": (python_shogi_read, ["kif", "csa", "sfen"]),
    "rsshogi": (rsshogi_read, ["kif", "kifu", "ki2", "csa", "jkf", "sfen"]),
}


def main():
    out = sys.argv[1]
    for peer, (read, fmts) in READERS.items():
        for fmt in fmts:
            d = os.path.join(out, fmt)
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                row = {"peer": peer, "format": fmt, "id": name.split(".")[0]}
                try:
                    row.update(read(fmt, os.path.join(d, name)))
                except Exception as e:  # noqa: BLE001  any failure is the peer's verdict
                    row["error"] = ("%s: %s" % (type(e).__name__, e))[:160]
                print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
