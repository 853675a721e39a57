#!/usr/bin/env python3
"""How many attacking pieces (chariots, horses, cannons, soldiers; both sides) are left on the
board at the end of each game of match PGN files: how often a match reaches tablebase material
(at most one attacker) or comes near it. The games are replayed with pyffish (Fairy-Stockfish's
move generator, variant "xiangqi"); the PGN's moves are ICCS (ranks 0-9), as
`xiangqi-tools match --pgn` writes them.

    pip install pyffish
    python3 lab/scripts/final_material.py lab/logs/curve/main-e9b4b0d0-vs-fsf-*.pgn
"""

import collections
import re
import sys

import pyffish


def games(path):
    """(start FEN or None, ICCS moves) of each game of a PGN file."""
    text = open(path, encoding="utf-8").read()
    for game in text.split("[Event ")[1:]:
        fen = re.search(r'\[FEN "([^"]+)"\]', game)
        body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        body = re.sub(r"\{[^}]*\}", "", body)
        yield (fen.group(1) if fen else None), re.findall(r"\b([a-i]\d[a-i]\d)\b", body)


def uci(move):
    """ICCS (ranks 0-9) to Fairy-Stockfish's UCI (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def main():
    start = pyffish.start_fen("xiangqi")
    left = collections.Counter()
    for path in sys.argv[1:]:
        for fen, moves in games(path):
            board = pyffish.get_fen("xiangqi", fen or start, [uci(m) for m in moves]).split()[0]
            left[min(sum(board.count(c) for c in "RNCPrncp"), 4)] += 1
    total = sum(left.values())
    shown = ", ".join(f"{'4 or more' if k == 4 else k}: {n}" for k, n in sorted(left.items()))
    print(f"{total} games; attackers left at the end: {shown}")


if __name__ == "__main__":
    main()
