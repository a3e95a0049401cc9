#!/usr/bin/env python3
"""The other direction: cshogi and rsshogi write the games of TRUTH (gen_games.py) into
OUT/<peer>/<format>/, for shogi-tool to read (read_tool.py).

  cshogi:  KIF (KIF.Exporter: names, times, the endings it knows; no comments) and CSA
           (CSA.Exporter: names, times, comments as plain ' lines, the ending), from the truth;
  rsshogi: KIF, KI2, CSA and JKF (to_kif/to_ki2/to_csa/to_jkf) of the record it reads from
           shogi-tool's CSA of the same game (RUN/out/csa, read exactly: see the forward matrix).

usage: write_py.py TRUTH.json OUT
"""
import json
import os
import sys

CSHOGI_KIF_END = {"resign": "resign", "declaration": "win", "impasse": "draw",
                  "repetition": "sennichite", "foul": "illegal_lose"}
CSA_END = {"resign": "%TORYO", "mate": "%TSUMI", "abort": "%CHUDAN",
           "repetition": "%SENNICHITE", "impasse": "%JISHOGI", "timeout": "%TIME_UP",
           "declaration": "%KACHI", "foul": "%ILLEGAL_MOVE", "draw": "%HIKIWAKE"}


def cshogi_write(t, out):
    import cshogi
    import cshogi.CSA
    import cshogi.KIF
    os.makedirs(os.path.join(out, "cshogi", "kif"), exist_ok=True)
    os.makedirs(os.path.join(out, "cshogi", "csa"), exist_ok=True)
    board = cshogi.Board(t["sfen"])
    kif = cshogi.KIF.Exporter(os.path.join(out, "cshogi", "kif", t["id"] + ".kif"))
    kif.header([t["black"], t["white"]], handicap=board)
    csa = cshogi.CSA.Exporter(os.path.join(out, "cshogi", "csa", t["id"] + ".csa"))
    csa.info(init_board=board, names=[t["black"], t["white"]], version="V2.2")
    totals = [0, 0]
    for ply, u in enumerate(t["moves"], 1):
        m = board.move_from_usi(u)
        sec = t["times"].get(str(ply), 0)
        totals[board.turn] += sec
        kif.move(m, sec, totals[board.turn])
        csa.move(m, time=sec, comment=t["comments"].get(str(ply)))
        board.push(m)
    if t["ending"] in CSHOGI_KIF_END:
        kif.end(CSHOGI_KIF_END[t["ending"]], 0, totals[board.turn])
    kif.close()
    if t["ending"]:
        csa.endgame(CSA_END[t["ending"]])
    csa.close()


def rsshogi_write(t, out, csa_dir):
    from rsshogi.record import Record
    with open(os.path.join(csa_dir, t["id"] + ".csa"), encoding="utf-8") as f:
        rec = Record.from_csa_str(f.read())
    for fmt, ext, text in [("kif", "kifu", rec.to_kif()), ("ki2", "ki2u", rec.to_ki2()),
                           ("csa", "csa", rec.to_csa()), ("jkf", "jkf", rec.to_jkf())]:
        d = os.path.join(out, "rsshogi", fmt)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, t["id"] + "." + ext), "w", encoding="utf-8") as f:
            f.write(text if isinstance(text, str) else json.dumps(text, ensure_ascii=False))


def main():
    truth_path, out = sys.argv[1], sys.argv[2]
    csa_dir = os.path.join(os.path.dirname(os.path.dirname(truth_path)), "out", "csa")
    truth = json.load(open(truth_path, encoding="utf-8"))
    for t in truth:
        cshogi_write(t, out)
        rsshogi_write(t, out, csa_dir)
    print("cshogi and rsshogi wrote %d games" % len(truth), file=sys.stderr)


if __name__ == "__main__":
    main()
