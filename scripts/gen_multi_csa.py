#!/usr/bin/env python3
"""Writes one multi-game CSA file of N short games (for memory measurements, BENCHMARKS.md).

Usage: scripts/gen_multi_csa.py N > games.csa

Each game is the same short, legal, resigned game (about 36 bytes), separated by `/`:
200,000 games make a file of about 7 MB.
"""
import sys

GAME = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n"


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    out = sys.stdout
    for i in range(n):
        if i:
            out.write("/\n")
        out.write(GAME)


if __name__ == "__main__":
    main()
