#!/usr/bin/env python3
"""Reference data for shogi-tool's small variants (see ../shared/design/variants.md).

Writes, so that CI needs no Python:
  testdata/perft/<variant>.perft   perft suites: the start position and 10+ positions reached
                                   by random play, with leaf counts
  testdata/variants/<variant>.usi  random legal games, one `position sfen ... moves ...` a line
  testdata/variants/<variant>.final  the oracle's final position of each game (one a line,
                                   Fairy-Stockfish FEN or, for dobutsu, SFEN)

Oracles:
  - minishogi, gorogoro, gorogoroplus, torishogi: Fairy-Stockfish (`pip install pyffish`,
    pyffish 0.0.90), `pyffish.legal_moves`, less the pawn (Tori: swallow) drops that mate:
    Fairy-Stockfish generates those and scores them as a loss for the dropper, shogi-tool's
    rules forbid them (see `Fairy.legal`); gorogoroplus is gorogoro with a lance and a knight
    in hand (a variant configuration, below, which must give the lance and knight their
    promotion: without `promotedPieceType` they cannot promote and perft 3 is 43,770, the
    figure on the design page, instead of 44,436).
  - torishogi: Fairy-Stockfish's `torishogi` forces the falcon and the swallow to promote on
    every move into, within or out of the zone; the Little Golem rules shogi-tool follows make
    promotion optional there (forced only for a swallow reaching the last rank), so Tori is
    counted with a configuration `[torilg:torishogi]` + `mandatoryPiecePromotion = false`
    (below). `--compulsory` counts with the plain `torishogi` instead and writes
    `testdata/perft/torishogi-compulsory.perft`, the suite of shogi-tool's `--rules
    fairy-stockfish` (no random games).
  - dobutsu: Fairy-Stockfish's `dobutsu` is the original game (a lion may be left attacked and
    captured), not the Little Golem rules shogi-tool follows (standard check rules, campmate
    only when reached legally), so this script counts 3x4 with its own small brute force
    (`Dobutsu` below), independent of the Rust code.

Usage: variant_reference.py [--outdir .] [--seed 17] [--max-calls 400] [--compulsory] [VARIANT...]
"""

import argparse
import os
import random
import sys

GOROGOROPLUS = """
[gorogoroplus:gorogoro]
lance = l
shogiKnight = n
promotedPieceType = p:g s:g l:g n:g
startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[LNln] w 0 1
"""

# Tori Shogi under the Little Golem rules: promotion optional (a swallow on the last rank
# still must promote: Fairy-Stockfish does not let a piece stand where it cannot move).
TORILG = """
[torilg:torishogi]
mandatoryPiecePromotion = false
"""

DIMS = {
    "minishogi": (5, 5),
    "gorogoro": (5, 6),
    "gorogoroplus": (5, 6),
    "torishogi": (7, 7),
    "dobutsu": (3, 4),
}

# Counts from the start given on the design page (checked again below).
DESIGN = {
    "minishogi": [14, 181, 2512, 35401, 533203],
    "gorogoro": [16, 250, 4166, 67517],
    # The design page gives 43,770 for depth 3: counted with a configuration in which the
    # lance and knight cannot promote (no `promotedPieceType` for them). With promotion, as
    # the rules have it, Fairy-Stockfish and shogi-tool both count 44,436.
    "gorogoroplus": [39, 1438, 44436],
    "torishogi": [17, 288, 5445, 104381],
    # Fairy-Stockfish's own torishogi (compulsory promotion): `--compulsory`.
    "torishogi-compulsory": [17, 288, 5430, 103857],
    "dobutsu": [4, 13, 63, 346, 1814, 10177],
}


# ----------------------------------------------------------------- Fairy-Stockfish helpers


def usi_square(variant, sq):
    files, ranks = DIMS[variant]
    col = ord(sq[0]) - ord("a")
    rank = int(sq[1:])
    return f"{files - col}{chr(ord('a') + ranks - rank)}"


def fairy_to_usi(variant, m):
    """`d1a4` -> `2e5b`, `P@c3` -> `P*3c`, `d5d6+` -> ..."""
    m = m.rstrip("=")
    promote = m.endswith("+")
    m = m.rstrip("+")
    if "@" in m:
        piece, sq = m.split("@")
        return f"{piece.upper()}*{usi_square(variant, sq)}"
    # squares are a letter and one or two digits
    i = 1
    while m[i].isdigit():
        i += 1
    return usi_square(variant, m[:i]) + usi_square(variant, m[i:]) + ("+" if promote else "")


def fen_to_sfen(variant, fen):
    """A Fairy-Stockfish FEN as SFEN (shogi-tool reads both; SFEN is what the suites hold)."""
    board, rest = fen.split("[", 1)
    hand, rest = rest.split("]", 1)
    fields = rest.split()
    side = "b" if fields[0] == "w" else "w"
    counts = {}
    for c in hand:
        if c != "-":
            counts[c] = counts.get(c, 0) + 1
    h = ""
    for c in sorted(counts, key=lambda c: (c.islower(), c)):
        h += (str(counts[c]) if counts[c] > 1 else "") + c
    return f"{board} {side} {h or '-'} 1"


class Fairy:
    def __init__(self, variant, compulsory=False):
        import pyffish

        self.sf = pyffish
        self.variant = variant
        # The name pyffish knows the rules by.
        self.fsname = variant
        if variant == "gorogoroplus":
            pyffish.load_variant_config(GOROGOROPLUS)
        if variant == "torishogi" and not compulsory:
            pyffish.load_variant_config(TORILG)
            self.fsname = "torilg"

    def start(self):
        return self.sf.start_fen(self.fsname)

    def moves(self, fen):
        return self.legal(fen, ())

    def legal(self, fen, played):
        """pyffish's legal moves without drop mates by pawn (Tori: swallow).

        Fairy-Stockfish generates a pawn-drop mate and scores it as a loss for the dropping
        side; under the rules shogi-tool follows such a drop is illegal (`uchifuzume`), so it is
        left out here. Only a drop right in front of the enemy king can give that check."""
        moves = self.sf.legal_moves(self.fsname, fen, list(played))
        letter = "S" if self.variant == "torishogi" else "P"
        drops = [m for m in moves if m.startswith(letter + "@")]
        if not drops:
            return moves
        cur = self.sf.get_fen(self.fsname, fen, list(played)) if played else fen
        board, rest = cur.split("[", 1)
        first_to_move = rest.split("]", 1)[1].split()[0] == "w"
        enemy = "k" if first_to_move else "K"
        rows = board.split("/")
        front = None
        for i, row in enumerate(rows):
            col = 0
            j = 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    col += int(row[j:k])
                    j = k
                    continue
                if c == "+":
                    j += 1
                    continue
                if c == enemy:
                    rank = len(rows) - i
                    front_rank = rank - 1 if first_to_move else rank + 1
                    front = f"{chr(ord('a') + col)}{front_rank}"
                col += 1
                j += 1
        out = []
        for m in moves:
            if m in drops and m.split("@")[1] == front:
                if not self.sf.legal_moves(self.fsname, cur, [m]):
                    continue  # drop mate
            out.append(m)
        return out

    def play(self, fen, m):
        return self.sf.get_fen(self.fsname, fen, [m])

    def perft(self, fen, depth, played=()):
        # One pyffish call per interior node: the moves so far are replayed by pyffish.
        moves = self.legal(fen, played)
        if depth == 1:
            return len(moves)
        return sum(self.perft(fen, depth - 1, played + (m,)) for m in moves)

    def sfen(self, fen):
        return fen_to_sfen(self.variant, fen)

    def usi(self, m):
        return fairy_to_usi(self.variant, m)

    def final(self, fen):
        return fen


# ----------------------------------------------------------------- Shogi 3x4, independently

# Board: dict (file, rank) -> (side, kind); file 1..3 from the right, rank 1..4 from the top;
# side 0 = first player (moves towards rank 1). Kinds: L lion, G giraffe, E elephant, C chick,
# H hen. Hands: [dict, dict] kind -> count.
STEPS = {
    "L": [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)],
    "G": [(0, 1), (0, -1), (1, 0), (-1, 0)],
    "E": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
    "C": [(0, 1)],
    "H": [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)],
}


class Dobutsu:
    """Shogi 3x4 under the Little Golem rules: a move may not leave the own lion attacked; a
    lion that reaches the far rank wins at once; a chick reaching the far rank becomes a hen; a
    chick may not be dropped on the far rank; no nifu and no drop-mate rule."""

    variant = "dobutsu"
    START = "gle/1c1/1C1/ELG b - 1"

    def start(self):
        return self.parse(self.START)

    @staticmethod
    def parse(sfen):
        board_s, side, hand_s = sfen.split()[:3]
        board = {}
        for r, row in enumerate(board_s.split("/")):
            col = 0
            promoted = False
            for c in row:
                if c.isdigit():
                    col += int(c)
                elif c == "+":
                    promoted = True
                else:
                    kind = c.upper()
                    if kind == "C" and promoted:
                        kind = "H"
                    board[(3 - col, r + 1)] = (0 if c.isupper() else 1, kind)
                    promoted = False
                    col += 1
        hands = [{}, {}]
        n = 0
        for c in hand_s:
            if c == "-":
                continue
            if c.isdigit():
                n = n * 10 + int(c)
                continue
            hands[0 if c.isupper() else 1][c.upper()] = hands[0 if c.isupper() else 1].get(c.upper(), 0) + max(n, 1)
            n = 0
        return (board, hands, 0 if side == "b" else 1, None)

    @staticmethod
    def sfen(pos):
        board, hands, side, _ = pos
        rows = []
        for r in range(1, 5):
            row, empty = "", 0
            for f in (3, 2, 1):
                p = board.get((f, r))
                if p is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                s = "+C" if p[1] == "H" else p[1]
                row += s if p[0] == 0 else s.lower()
            if empty:
                row += str(empty)
            rows.append(row)
        h = ""
        for s in (0, 1):
            for k in "GEC":
                n = hands[s].get(k, 0)
                if n:
                    h += (str(n) if n > 1 else "") + (k if s == 0 else k.lower())
        return f"{'/'.join(rows)} {'b' if side == 0 else 'w'} {h or '-'} 1"

    final = sfen

    @staticmethod
    def targets(board, sq, piece):
        side, kind = piece
        f, r = sq
        for dx, dy in STEPS[kind]:
            # side 0 moves to lower ranks; its right is file 1.
            nf, nr = (f - dx, r - dy) if side == 0 else (f + dx, r + dy)
            if 1 <= nf <= 3 and 1 <= nr <= 4:
                yield (nf, nr)

    def attacked(self, board, sq, by):
        return any(p[0] == by and sq in self.targets(board, s, p) for s, p in board.items())

    def lion(self, board, side):
        for s, p in board.items():
            if p == (side, "L"):
                return s
        return None

    def play_raw(self, pos, m):
        board, hands, side, _ = pos
        board = dict(board)
        hands = [dict(hands[0]), dict(hands[1])]
        if m[0] == "drop":
            _, kind, to = m
            hands[side][kind] -= 1
            board[to] = (side, kind)
        else:
            _, fr, to, promote = m
            p = board.pop(fr)
            if to in board:
                k = board[to][1]
                k = "C" if k == "H" else k
                hands[side][k] = hands[side].get(k, 0) + 1
            board[to] = (side, "H") if promote else p
        winner = None
        lion = self.lion(board, side)
        if lion is not None and lion[1] == (1 if side == 0 else 4):
            winner = side
        return (board, hands, 1 - side, winner)

    def moves(self, pos):
        board, hands, side, winner = pos
        if winner is not None:
            return []
        out = []
        for sq, p in list(board.items()):
            if p[0] != side:
                continue
            for to in self.targets(board, sq, p):
                q = board.get(to)
                if q is not None and q[0] == side:
                    continue
                far = to[1] == (1 if side == 0 else 4)
                out.append(("move", sq, to, p[1] == "C" and far))
        for k, n in hands[side].items():
            if n == 0:
                continue
            for f in (1, 2, 3):
                for r in (1, 2, 3, 4):
                    if (f, r) in board:
                        continue
                    if k == "C" and r == (1 if side == 0 else 4):
                        continue
                    out.append(("drop", k, (f, r)))
        legal = []
        for m in out:
            b2 = self.play_raw(pos, m)[0]
            lion = self.lion(b2, side)
            if lion is None or not self.attacked(b2, lion, 1 - side):
                legal.append(m)
        return legal

    def play(self, pos, m):
        return self.play_raw(pos, m)

    def perft(self, pos, depth):
        moves = self.moves(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(pos, m), depth - 1) for m in moves)

    @staticmethod
    def usi(m):
        if m[0] == "drop":
            _, k, (f, r) = m
            return f"{k}*{f}{'abcd'[r - 1]}"
        _, (f1, r1), (f2, r2), promote = m
        return f"{f1}{'abcd'[r1 - 1]}{f2}{'abcd'[r2 - 1]}{'+' if promote else ''}"


# ----------------------------------------------------------------- generation


def depths(engine, pos, max_calls):
    """Counts depth 1, 2, ... while the next depth needs at most `max_calls` move
    generations (one per node of the depth before it): pyffish costs a millisecond or more a
    call, so the Fairy-Stockfish suites are shallow and broad; the Rust tests go deeper on
    the start positions, whose counts the design page gives."""
    out = []
    d = 1
    while d <= 7:
        n = engine.perft(pos, d)
        out.append((d, n))
        if n > max_calls:
            break
        d += 1
    return out


def random_walk(engine, rng, plies):
    pos = engine.start()
    played = []
    for _ in range(plies):
        moves = engine.moves(pos)
        if not moves:
            break
        m = rng.choice(moves)
        played.append(engine.usi(m))
        pos = engine.play(pos, m)
    return pos, played


def generate(variant, outdir, seed, max_calls, compulsory=False):
    engine = Dobutsu() if variant == "dobutsu" else Fairy(variant, compulsory)
    rng = random.Random(f"{seed}-{variant}")
    start = engine.start()
    # The suite's name: `torishogi-compulsory` for Fairy-Stockfish's own Tori rules.
    suite = f"{variant}-compulsory" if compulsory else variant
    design = DESIGN[suite]
    # Check the design page's counts as deep as affordable (all of them for 3x4).
    checked = 0
    for d, want in enumerate(design, 1):
        if d > 1 and design[d - 2] > max_calls * 5 and variant != "dobutsu":
            break
        got = engine.perft(start, d)
        if got != want:
            sys.exit(f"{variant}: perft {d} from the start is {got}, the design page says {want}")
        checked = d
    oracle = (
        "this script's own Shogi 3x4 brute force (Little Golem rules)"
        if variant == "dobutsu"
        else "Fairy-Stockfish (pyffish 0.0.90, legal_moves)"
        + (
            ", its own torishogi: compulsory promotion"
            if compulsory
            else (
                ", configured `[torilg:torishogi]` + `mandatoryPiecePromotion = false`"
                " (Little Golem's optional promotion)"
                if variant == "torishogi"
                else ""
            )
        )
    )
    lines = [
        f"# perft suite for {suite}, made by scripts/variant_reference.py (seed {seed}).",
        f"# Counted with {oracle}.",
        f"# The start's counts are the design page's; this script re-counted depths 1-{checked}.",
        "# Format as standard.perft, plus a `variant NAME` line before the cases.",
    ]
    if variant == "gorogoroplus":
        lines.append(
            "# Note: the design page's perft 3 (43,770) is wrong; the count is 44,436 (that"
            " figure leaves the lance and knight unpromotable: see scripts/variant_reference.py)."
        )
    if compulsory:
        lines.append(
            "# The rules of `--rules fairy-stockfish` (a `rules VENUE` line before the cases)."
        )
    lines += ["", f"variant {variant}"]
    if compulsory:
        lines.append("rules fairy-stockfish")
    lines += [
        "",
        "id start",
        f"sfen {engine.sfen(start)}",
    ]
    lines += [f"perft {d} {n}" for d, n in enumerate(design, 1)]
    made = 0
    tries = 0
    while made < 10 and tries < 200:
        tries += 1
        pos, played = random_walk(engine, rng, rng.randint(6, 40))
        if not engine.moves(pos):
            continue
        made += 1
        lines += ["", f"id random-{made} ({len(played)} plies: {' '.join(played)})"]
        lines.append(f"sfen {engine.sfen(pos)}")
        lines += [f"perft {d} {n}" for d, n in depths(engine, pos, max_calls if variant != 'dobutsu' else 20000)]
    with open(os.path.join(outdir, "testdata/perft", f"{suite}.perft"), "w") as f:
        f.write("\n".join(lines) + "\n")
    if compulsory:
        print(f"{suite}: {made} random positions", file=sys.stderr)
        return
    # Random games: whole games (to the end or 150 plies).
    games, finals = [], []
    for _ in range(10):
        pos, played = random_walk(engine, rng, rng.randint(20, 120))
        games.append(f"position sfen {engine.sfen(engine.start())} moves {' '.join(played)}")
        finals.append(f"{len(played)}\t{engine.final(pos)}")
    with open(os.path.join(outdir, "testdata/variants", f"{variant}.usi"), "w") as f:
        f.write("\n".join(games) + "\n")
    with open(os.path.join(outdir, "testdata/variants", f"{variant}.final"), "w") as f:
        f.write("\n".join(finals) + "\n")
    print(f"{variant}: {made} random positions, {len(games)} games", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--outdir", default=".")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--max-calls", type=int, default=400)
    ap.add_argument(
        "--compulsory",
        action="store_true",
        help="Tori Shogi only: Fairy-Stockfish's compulsory promotion (torishogi-compulsory.perft)",
    )
    ap.add_argument("variants", nargs="*", default=list(DIMS))
    a = ap.parse_args()
    for v in a.variants:
        if a.compulsory and v != "torishogi":
            sys.exit("--compulsory is for torishogi only")
        generate(v, a.outdir, a.seed, a.max_calls, a.compulsory)


if __name__ == "__main__":
    main()
