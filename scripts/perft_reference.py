#!/usr/bin/env python3
"""Reference perft counts for shogi-tool, computed with an independent implementation (cshogi).

perft(d) is the number of leaf nodes of the tree of legal moves of depth d. "Legal" means
every move the rules allow, including the non-promotion of a pawn, lance, knight, silver,
bishop or rook wherever declining is allowed (some engines drop the "useless" pawn/bishop/rook
non-promotions; we do not), and excluding pawn-drop mate (uchifuzume), nifu, drops and moves
that leave a piece without a further move (pawn/lance on the last rank, knight on the last two),
and moves that leave the own king in check. Perpetual check / repetition is not considered.

The reference is cshogi 1.1.0 (`pip install cshogi==1.1.0`): its `Board.legal_moves` already
generates the full legal set described above (it is Apery's `LegalAll` list: non-promotions of
pawn/bishop/rook included, pawn-drop mate excluded), so no option is needed; `pseudo_legal_moves`
is NOT what we want (it keeps moves that leave the king in check). This is checked at start-up
against the published start-position counts 30/900/25470/719731 and the 593-move position
(`--selftest`, also run by `--generate`).

Second opinions (`--engine`): python-shogi 1.1.1 (pure Python, slow) and rsshogi 1.7.0.

Usage:
  perft_reference.py SFEN DEPTH [--engine cshogi|python-shogi|rsshogi] [--divide]
      print "perft d N" for d = 1..DEPTH (with --divide: the per-move split at DEPTH)
  perft_reference.py --generate [--outdir testdata/perft]
      (re)write standard.perft, handicap.perft and special.perft from the tables below
  perft_reference.py --check FILE... [--engine E] [--max-nodes N]
      recompute every "perft d N" line of suite files with engine E, skipping lines whose
      expected count exceeds N (default: no limit); exit 1 on any mismatch
  perft_reference.py --selftest

Suite file format (read by the Rust tests): blocks separated by blank lines, `#` comments,
`id NAME`, `sfen SFEN`, then `perft DEPTH COUNT` lines.
"""

import argparse
import os
import sys
import time

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
POS593 = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

# Published counts (checked against cshogi, python-shogi, rsshogi, haitaka, shogi_legality_lite).
PUBLISHED = {
    STARTPOS: [30, 900, 25470, 719731, 19861490],
    POS593: [593, 105677],
    MATSURI: [207, 28684, 4809015],
}

# --------------------------------------------------------------------------- engines


def _perft_cshogi(board, depth):
    if depth == 0:
        return 1
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        board.push(m)
        n += _perft_cshogi(board, depth - 1)
        board.pop()
    return n


def _perft_pyshogi(board, depth):
    if depth == 0:
        return 1
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        board.push(m)
        n += _perft_pyshogi(board, depth - 1)
        board.pop()
    return n


def _perft_rsshogi(board, depth):
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        board.push_move(m)
        n += _perft_rsshogi(board, depth - 1)
        board.pop()
    return n


class Engine:
    """One implementation: make a board from an SFEN, list/make/unmake moves, count."""

    def __init__(self, name):
        self.name = name
        if name == "cshogi":
            import cshogi

            self.mod = cshogi
        elif name == "python-shogi":
            import shogi

            self.mod = shogi
        elif name == "rsshogi":
            import rsshogi.core

            self.mod = rsshogi.core
        else:
            raise SystemExit(f"unknown engine {name!r}")

    def board(self, sfen):
        return self.mod.Board(sfen)

    def perft(self, sfen, depth):
        b = self.board(sfen)
        if self.name == "cshogi":
            return _perft_cshogi(b, depth)
        if self.name == "python-shogi":
            return _perft_pyshogi(b, depth)
        return _perft_rsshogi(b, depth)

    def divide(self, sfen, depth):
        """[(usi, count)] for each legal move at the root, sorted by USI."""
        b = self.board(sfen)
        out = []
        if self.name == "cshogi":
            for m in list(b.legal_moves):
                b.push(m)
                out.append((self.mod.move_to_usi(m), _perft_cshogi(b, depth - 1)))
                b.pop()
        elif self.name == "python-shogi":
            for m in list(b.legal_moves):
                b.push(m)
                out.append((m.usi(), _perft_pyshogi(b, depth - 1)))
                b.pop()
        else:
            for m in b.legal_moves():
                b.push_move(m)
                out.append((m.to_usi(), _perft_rsshogi(b, depth - 1)))
                b.pop()
        return sorted(out)


def check_position(sfen):
    """Refuse SFENs cshogi does not read back identically or where the side not to move is in check."""
    import cshogi

    b = cshogi.Board()
    b.set_sfen(sfen)
    if b.sfen().split(" ")[:3] != sfen.split(" ")[:3]:
        raise SystemExit(f"cshogi reads {sfen!r} as {b.sfen()!r}")
    f = sfen.split(" ")
    f[1] = "w" if f[1] == "b" else "b"
    b.set_sfen(" ".join(f))  # same position, other side to move (push_pass refuses in check)
    if b.is_check():
        raise SystemExit(f"illegal position (side not to move is in check): {sfen}")


def flip(sfen):
    """The same position seen from the other side: board turned 180°, colours swapped.

    Its perft counts equal the original's, which the suites use as a built-in consistency check
    and to cover "both colours" without hand-writing mirrored SFENs."""
    board, side, hand, num = sfen.split(" ")
    rows = board.split("/")
    cells = []
    for row in rows:
        r, i = [], 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                r.extend([None] * int(c))
            elif c == "+":
                r.append("+" + row[i + 1])
                i += 1
            else:
                r.append(c)
            i += 1
        cells.append(r)
    out_rows = []
    for r in reversed(cells):
        s, empty = "", 0
        for c in reversed(r):
            if c is None:
                empty += 1
                continue
            if empty:
                s += str(empty)
                empty = 0
            s += c.swapcase()
        if empty:
            s += str(empty)
        out_rows.append(s)
    if hand == "-":
        new_hand = "-"
    else:
        items, i = [], 0
        while i < len(hand):
            j = i
            while hand[j].isdigit():
                j += 1
            items.append((hand[i:j], hand[j].swapcase()))
            i = j + 1
        order = "RBGSNLPrbgsnlp"
        items.sort(key=lambda x: order.index(x[1]))
        new_hand = "".join(n + p for n, p in items)
    return f"{'/'.join(out_rows)} {'w' if side == 'b' else 'b'} {new_hand} {num}"


# --------------------------------------------------------------------------- suites

HANDICAPS = [  # name, id, first two ranks (rest as hirate), all gote (white) to move
    ("香落ち", "lance", "lnsgkgsn1/1r5b1"),
    ("右香落ち", "right-lance", "1nsgkgsnl/1r5b1"),
    ("角落ち", "bishop", "lnsgkgsnl/1r7"),
    ("飛車落ち", "rook", "lnsgkgsnl/7b1"),
    ("飛香落ち", "rook-lance", "lnsgkgsn1/7b1"),
    ("二枚落ち", "2-pieces", "lnsgkgsnl/9"),
    ("三枚落ち", "3-pieces", "lnsgkgsn1/9"),
    ("四枚落ち", "4-pieces", "1nsgkgsn1/9"),
    ("五枚落ち", "5-pieces", "2sgkgsn1/9"),
    ("左五枚落ち", "left-5-pieces", "1nsgkgs2/9"),
    ("六枚落ち", "6-pieces", "2sgkgs2/9"),
    ("左七枚落ち", "left-7-pieces", "2sgkg3/9"),
    ("右七枚落ち", "right-7-pieces", "3gkgs2/9"),
    ("八枚落ち", "8-pieces", "3gkg3/9"),
    ("十枚落ち", "10-pieces", "4k4/9"),
]
HIRATE_REST = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"

# Hand-built positions. (id, comment lines, sfen, depth or None = deepest depth <= 6 with count
# <= NODE_LIMIT). An id ending in "-flip" is the previous position turned round (see flip()).
NODE_LIMIT = 5_000_000
SPECIAL = [
    ("uchifuzume-black",
     ["Pawn-drop mate must be excluded: P*1b would mate (1b is guarded by the knight on 2d, 2a/2b",
      "are White's own knight/pawn), so it is not generated; L*1b and G*1b mate and ARE legal,",
      "and P*1c..P*1i are ordinary drops."],
     "7nk/7p1/9/7N1/9/9/9/9/4K4 b GLP 1", None),
    ("uchifuzume-white-flip",
     ["The same position for White: P*9h (pawn-drop mate) is excluded.",
      "haitaka 0.3.2 counts 221 here (it generates P*9h): its drop generator tests pawn-drop mate",
      "only for the first square of the pawn-drop target set (`to.next_square()` in",
      "movegen/mod.rs), which is 1b for Black above but not 9h for White - a haitaka bug.",
      "cshogi, rsshogi, shogi_legality_lite and python-shogi agree on 220."],
     None, None),
    ("uchifuzume-pinned-defender",
     ["Pawn-drop mate where the only piece that could take the pawn is pinned: White's gold on 2a",
      "could capture on 1b but is pinned to its king along rank a by the rook on 9a, so P*1b is",
      "mate and excluded.",
      "python-shogi 1.1.1 counts 106 and 15010 at depths 1 and 3: its pawn-drop-mate test",
      "(Board.was_check_by_dropping_pawn) asks only whether some non-king piece attacks the",
      "pawn, ignoring pins, so it wrongly allows P*1b (even depths are unaffected: after P*1b",
      "White has no legal move). cshogi, rsshogi, haitaka and shogi_legality_lite agree."],
     "R6gk/7p1/9/7N1/9/9/9/9/4K4 b P 1", None),
    ("uchifuzume-escape-covered",
     ["Pawn-drop mate where the king's only flight square (2a) is covered by the silver on 3b:",
      "P*1b excluded."],
     "8k/6Sp1/9/7N1/9/9/9/9/4K4 b P 1", None),
    ("uchifuzume-center",
     ["Pawn-drop mate in mid-board: P*5b (guarded by the knight on 4d; 4a/6a/4b/6b are White's",
      "own knights/pawns, none of which can take on 5b) is excluded. Unlike the corner cases",
      "above, 5b is not the first square an engine tries for a pawn drop: haitaka 0.3.2 counts",
      "75 at depth 1 (it generates P*5b; see uchifuzume-white-flip), the other engines 74."],
     "3nkn3/3p1p3/9/5N3/9/9/9/9/4K4 b P 1", None),
    ("pawn-drop-check-escape",
     ["A pawn-drop check that is NOT mate (the king can flee to 2a): P*1b is legal."],
     "8k/7p1/9/7N1/9/9/9/9/4K4 b P 1", None),
    ("pawn-drop-check-captured-by-gold",
     ["A pawn-drop check that is NOT mate because White's (unpinned) gold on 2a can capture the",
      "pawn: P*1b is legal."],
     "7gk/7p1/9/7N1/9/9/9/9/4K4 b P 1", None),
    ("pawn-drop-check-king-captures",
     ["A pawn-drop check that is NOT mate because the pawn is undefended and the king takes it:",
      "P*1b is legal."],
     "7nk/7p1/9/9/9/9/9/9/4K4 b P 1", None),
    ("pawn-push-mate",
     ["Mate by a pawn MOVE (1c1b and 1c1b+) is legal: only a pawn DROP mate is forbidden. Black",
      "cannot drop a pawn (none in hand)."],
     "7nk/7p1/8P/7N1/9/9/9/9/4K4 b - 1", None),
    ("dead-drops-black",
     ["Dead drops, both colours: Black may not drop P/L on rank a nor N on ranks a-b; at ply 2",
      "White may not drop p/l on rank i nor n on ranks h-i."],
     "4k4/9/9/9/9/9/9/9/4K4 b NLPnlp 1", None),
    ("dead-drops-white-flip", ["The same with White to move first."], None, None),
    ("nifu",
     ["Nifu: Black (pawns on files 9-7, a tokin alone on file 4) may drop a pawn on files 6-1,",
      "including file 4 (a tokin is no pawn) and files 3-1 (only White's pawns there); White",
      "(pawns on 3-1, a tokin alone on file 8) may drop on files 9-4."],
     "4k4/9/6ppp/5+P3/9/1+p7/PPP6/9/4K4 b Pp 1", None),
    ("pins-black",
     ["Pinned Black pieces: silver on 5f pinned by the lance on 5b (may only go to 5e), gold on",
      "3g pinned by the bishop on 1e (may only take/move along the diagonal, i.e. 2f), rook on 7i",
      "pinned along rank i by the rook on 9i (may move on rank i only, capturing on 9i)."],
     "8k/4l4/9/9/8b/4S4/6G2/9/r1R1K4 b - 1", None),
    ("pins-white-flip", ["The same pins for White."], None, None),
    ("double-check",
     ["Double check (rook on the 5-file + knight on 4g, as after the discovered check 5e4g):",
      "only king moves are legal - no gold capture of the knight, no interposing drop (G, P in",
      "hand)."],
     "4r3k/9/9/9/9/9/5n3/5G3/4K4 b GP 1", None),
    ("double-check-white-flip", ["The same double check against White."], None, None),
    ("check-interpose-drops-rook",
     ["Single check by a distant rook: evasions are king moves, silver 6g5h, and drops of every",
      "piece in hand on 5b-5h (a knight not on 5b, where it could never move)."],
     "4r3k/9/9/9/9/9/3S5/9/4K4 b RBGSNLP 1", None),
    ("check-interpose-drops-bishop-white",
     ["White in check from a bishop on 9e: interposing drops of g/n/l/p on 8d, 7c, 6b."],
     "4k4/9/9/9/B8/9/9/9/4K4 w gnlp 1", None),
    ("forced-promotions-black",
     ["Forced promotions for Black: pawn 2b-2a, lance 3c-3a and 1i-1a, knights 4c-5a/3a and",
      "6d-7b/5b must promote; pawn 8c-8b, lance 3c-3b / 1i-1b/1c and the silver promote",
      "optionally (both moves generated)."],
     "9/7P1/1PS2NL2/3N5/9/9/9/k8/4K3L b - 1", None),
    ("forced-promotions-white-flip", ["The same forced promotions for White."], None, None),
    ("king-cannot-capture-defended",
     ["King in check from the rook on 5a: it may take the undefended pawn on 6g but not the pawn",
      "on 4g (defended by the silver on 3f), may not step back to 5i (still on the rook's line)",
      "nor to 4h/6h (attacked by the pawns); the gold in hand interposes on 5b-5g."],
     "4r3k/9/9/9/9/6s2/3p1p3/4K4/9 b G 1", None),
    ("king-cannot-capture-defended-white-flip", ["The same for White."], None, None),
    ("pinned-piece-cannot-capture-checker",
     ["Knight check on 5i: the gold on 3g could take the knight on 4g but is pinned by the bishop",
      "on 1e; the silver on 5h may take it."],
     "8k/9/9/9/8b/9/5nG2/4S4/4K4 b - 1", None),
    ("promotion-options-bishop-rook-silver",
     ["Promotion choices: rook, bishop and silver already in the zone (rank c) may promote or not",
      "on every move, including moves out of the zone; pawn/bishop/rook non-promotions are",
      "counted."],
     "4k4/9/1B2S2R1/9/9/9/9/9/4K4 b - 1", None),
]


def _counts_upto(engine, sfen, depth):
    return [engine.perft(sfen, d) for d in range(1, depth + 1)]


def _auto_depth(engine, sfen, max_depth=6):
    """Counts for depths 1.. up to the deepest one whose count is <= NODE_LIMIT."""
    counts = []
    for d in range(1, max_depth + 1):
        if len(counts) >= 2 and counts[-1] * counts[-1] // max(counts[-2], 1) > 3 * NODE_LIMIT:
            break  # the next depth would be far over the limit: don't spend minutes proving it
        n = engine.perft(sfen, d)
        if n > NODE_LIMIT:
            break
        counts.append(n)
    return counts


def _block(comment_lines, pid, sfen, counts):
    lines = [f"# {c}" for c in comment_lines]
    lines += [f"id {pid}", f"sfen {sfen}"]
    lines += [f"perft {d} {n}" for d, n in enumerate(counts, 1)]
    return "\n".join(lines)


def selftest(engine=None):
    engine = engine or Engine("cshogi")
    for sfen, expect in PUBLISHED.items():
        depth = min(len(expect), 4 if sfen == STARTPOS else len(expect))
        got = _counts_upto(engine, sfen, depth)
        if got != expect[:depth]:
            raise SystemExit(f"{engine.name}: {sfen}: got {got}, published {expect[:depth]}")
    print(f"selftest ok ({engine.name}): start position to depth 4, 593-position, matsuri",
          file=sys.stderr)


def generate(outdir):
    eng = Engine("cshogi")
    selftest(eng)
    os.makedirs(outdir, exist_ok=True)
    header = [
        "# perft suite for shogi-tool. Format: blocks separated by blank lines; `#` comments;",
        "# `id NAME`, `sfen SFEN`, then `perft DEPTH LEAF_NODES` lines.",
        "# Counts include non-promotions of pawn/bishop/rook where legal and exclude pawn-drop",
        "# mate. Generated by scripts/perft_reference.py --generate (reference: cshogi 1.1.0,",
        "# Board.legal_moves); every count cross-checked with rsshogi 1.7.0, haitaka 0.3.2 and",
        "# shogi_legality_lite 0.1.3, and every count up to 2,000,000 with python-shogi 1.1.1;",
        "# disagreements are explained at the position concerned.",
    ]

    # standard.perft: published counts, verified (cheaply) against cshogi
    blocks = []
    std = [
        ("startpos", ["Even-game (hirate) start position; published counts."], STARTPOS),
        ("pos593", ["The position with the maximum number of legal moves (593); published counts."],
         POS593),
        ("matsuri", ["'Matsuri' position (White to move), a classic perft stress test; published",
                     "counts."], MATSURI),
    ]
    for pid, com, sfen in std:
        check_position(sfen)
        expect = PUBLISHED[sfen]
        verify_depth = min(len(expect), 3 if sfen != POS593 else 2)
        got = _counts_upto(eng, sfen, verify_depth)
        assert got == expect[:verify_depth], (pid, got, expect)
        blocks.append(_block(com, pid, sfen, expect))
    _write(os.path.join(outdir, "standard.perft"), header, blocks)

    # handicap.perft
    blocks = []
    for jp, pid, ranks in HANDICAPS:
        sfen = ranks + HIRATE_REST
        check_position(sfen)
        t = time.time()
        counts = _counts_upto(eng, sfen, 4)
        print(f"{pid}: {counts} ({time.time() - t:.1f}s)", file=sys.stderr)
        blocks.append(_block([f"{jp} handicap start (the handicap giver, White, moves first)."],
                             f"handicap-{pid}", sfen, counts))
    _write(os.path.join(outdir, "handicap.perft"), header, blocks)

    # special.perft
    blocks = []
    prev = None
    for pid, com, sfen, depth in SPECIAL:
        if sfen is None:
            sfen = flip(prev)
        check_position(sfen)
        t = time.time()
        counts = _counts_upto(eng, sfen, depth) if depth else _auto_depth(eng, sfen)
        print(f"{pid}: {counts} ({time.time() - t:.1f}s)", file=sys.stderr)
        blocks.append(_block(com, pid, sfen, counts))
        prev = sfen
    _write(os.path.join(outdir, "special.perft"), header, blocks)


def _write(path, header, blocks):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header) + "\n\n" + "\n\n".join(blocks) + "\n")
    print(f"wrote {path}", file=sys.stderr)


def parse_suite(path):
    """[(id, sfen, [(depth, count)])] from a .perft file."""
    out, cur = [], None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, _, rest = line.partition(" ")
            if key == "id":
                cur = [rest, None, []]
                out.append(cur)
            elif key == "sfen":
                cur[1] = rest
            elif key == "perft":
                d, n = rest.split()
                cur[2].append((int(d), int(n)))
            else:
                raise SystemExit(f"{path}: unexpected line {line!r}")
    return out


def check_files(paths, engine_name, max_nodes):
    eng = Engine(engine_name)
    bad = 0
    for path in paths:
        for pid, sfen, lines in parse_suite(path):
            for d, n in lines:
                if max_nodes is not None and n > max_nodes:
                    print(f"skip {path} {pid} depth {d} ({n} > {max_nodes})")
                    continue
                t = time.time()
                got = eng.perft(sfen, d)
                status = "ok" if got == n else "MISMATCH"
                bad += got != n
                print(f"{status} {os.path.basename(path)} {pid} depth {d}: file {n}, "
                      f"{engine_name} {got} ({time.time() - t:.1f}s)", flush=True)
    print(f"{engine_name}: {bad} mismatches")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sfen", nargs="?")
    ap.add_argument("depth", nargs="?", type=int)
    ap.add_argument("--engine", default="cshogi", choices=["cshogi", "python-shogi", "rsshogi"])
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--generate", action="store_true")
    ap.add_argument("--outdir", default=os.path.join(os.path.dirname(__file__), "..", "testdata",
                                                     "perft"))
    ap.add_argument("--check", nargs="+", metavar="FILE")
    ap.add_argument("--max-nodes", type=int)
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args()
    if a.generate:
        generate(os.path.normpath(a.outdir))
        return 0
    if a.check:
        return check_files(a.check, a.engine, a.max_nodes)
    if a.selftest:
        selftest(Engine(a.engine))
        return 0
    if not a.sfen or not a.depth:
        ap.error("give SFEN and DEPTH, or --generate / --check / --selftest")
    sfen = a.sfen[len("sfen "):] if a.sfen.startswith("sfen ") else a.sfen
    if sfen == "startpos":
        sfen = STARTPOS
    eng = Engine(a.engine)
    if a.divide:
        total = 0
        for usi, n in eng.divide(sfen, a.depth):
            print(f"{usi} {n}")
            total += n
        print(f"total {total}")
    else:
        for d in range(1, a.depth + 1):
            print(f"perft {d} {eng.perft(sfen, d)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
