#!/usr/bin/env python3
"""Generates endgame start positions for `xiangqi-tools match --fens`.

Each template is one side's pieces against the other's, chosen so that a
trade or a capture can lead into an ending the evaluator scales down (a
chariot against two advisors and two elephants, a horse against elephants,
a side left without attackers or with soldiers on the last rank). Pieces
are placed at random on squares they can reach; positions where the
generals face each other or the side not to move is in check are
rejected. Colours are swapped for half of the templates' positions, and
the match plays each position twice with colours swapped anyway.

    python3 lab/scripts/endgame_fens.py --count 100 --seed 1 > tools/src/matches/endgames.txt
"""

import argparse
import random

FILES = "abcdefghi"

# Templates: (red pieces, black pieces), uppercase letters for both
# (R chariot, H horse, C cannon, P crossed soldier, A advisor, E elephant).
TEMPLATES = [
    ("RH", "RAAEE"),   # horse for defenders, or chariots off: H vs AAEE
    ("RP", "RAAEE"),   # chariots off: P vs full defenders
    ("RPAA", "RAAEE"),
    ("RHAE", "RHAAEE"),  # horses off: R vs AAEE
    ("RCA", "RCAAEE"),   # cannons off: R vs AAEE
    ("R", "HAAEE"),    # win the horse: R vs AAEE (a draw)
    ("R", "CAAEE"),
    ("RA", "PAAEE"),   # win the soldier: R vs AAEE
    ("HP", "HEE"),     # horses off: P vs EE; soldier lost: H vs EE
    ("HPA", "HAEE"),
    ("HA", "PEE"),     # win the soldier: H vs EE
    ("CH", "HAAEE"),   # horses off: C vs AAEE
    ("HH", "HEE"),     # horses off: H vs EE
    ("RP", "RPAAEE"),
    ("HPP", "RAAEE"),
]


def sq(f, r):
    return (f, r)


def legal_squares(piece, red):
    """Squares a piece of this kind may stand on (red's ranks 0-4 own half)."""
    out = []
    for f in range(9):
        for r in range(10):
            rr = r if red else 9 - r  # rank from its own side
            if piece == "K" and 3 <= f <= 5 and rr <= 2:
                out.append((f, r))
            elif piece == "A" and (f, rr) in {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}:
                out.append((f, r))
            elif piece == "E" and (f, rr) in {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}:
                out.append((f, r))
            elif piece == "P" and 5 <= rr <= 8:  # crossed, not on the last rank
                out.append((f, r))
            elif piece in "RHC":
                out.append((f, r))
    return out


def attacks(board, f, r, piece, red, target):
    """Whether the piece on (f, r) attacks `target`."""
    tf, tr = target
    if piece == "R" or piece == "C":
        if tf != f and tr != r:
            return False
        df = (tf > f) - (tf < f)
        dr = (tr > r) - (tr < r)
        between = 0
        x, y = f + df, r + dr
        while (x, y) != (tf, tr):
            if (x, y) in board:
                between += 1
            x, y = x + df, y + dr
        return between == (0 if piece == "R" else 1)
    if piece == "H":
        for dx, dy, lx, ly in [(1, 2, 0, 1), (-1, 2, 0, 1), (1, -2, 0, -1), (-1, -2, 0, -1),
                               (2, 1, 1, 0), (2, -1, 1, 0), (-2, 1, -1, 0), (-2, -1, -1, 0)]:
            if (f + dx, r + dy) == target and (f + lx, r + ly) not in board:
                return True
        return False
    if piece == "P":
        fwd = 1 if red else -1
        crossed = (r >= 5) if red else (r <= 4)
        if (f, r + fwd) == target:
            return True
        return crossed and tr == r and abs(tf - f) == 1
    return False


def in_check(board, red):
    """Whether the general of `red`'s side is attacked (or faces the other)."""
    king = next(s for s, (p, c) in board.items() if p == "K" and c == red)
    other = next(s for s, (p, c) in board.items() if p == "K" and c != red)
    if king[0] == other[0]:
        lo, hi = sorted((king[1], other[1]))
        if not any((king[0], y) in board for y in range(lo + 1, hi)):
            return True
    for (f, r), (p, c) in board.items():
        if c != red and attacks(board, f, r, p, c, king):
            return True
    return False


def place(rng, red_pieces, black_pieces, red_to_move):
    while True:
        board = {}
        ok = True
        for pieces, red in [("K" + red_pieces, True), ("K" + black_pieces, False)]:
            for p in pieces:
                choices = [s for s in legal_squares(p, red) if s not in board]
                if p in "RHC":
                    # Keep the big pieces mostly on their own side of the board.
                    choices = [s for s in choices if (s[1] <= 6 if red else s[1] >= 3)]
                if not choices:
                    ok = False
                    break
                board[rng.choice(choices)] = (p, red)
        if not ok:
            continue
        if in_check(board, not red_to_move):
            continue
        if in_check(board, red_to_move):
            continue  # no start in check
        return board


def fen(board, red_to_move):
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            if (f, r) in board:
                p, red = board[(f, r)]
                letter = {"H": "N", "E": "B"}.get(p, p)
                if empty:
                    row += str(empty)
                    empty = 0
                row += letter if red else letter.lower()
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" w" if red_to_move else " b")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    print(f"# {a.count} endgame start positions: python3 lab/scripts/endgame_fens.py "
          f"--count {a.count} --seed {a.seed}")
    for i in range(a.count):
        red, black = TEMPLATES[i % len(TEMPLATES)]
        if (i // len(TEMPLATES)) % 2 == 1:
            red, black = black, red
        red_to_move = rng.random() < 0.5
        print(f"{fen(place(rng, red, black, red_to_move), red_to_move)}  # {red} v {black}")


if __name__ == "__main__":
    main()
