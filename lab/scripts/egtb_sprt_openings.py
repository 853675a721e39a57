#!/usr/bin/env python3
"""Start positions one capture above the one-attacker endgame tables, for the
SPRT of the tables (lab/scripts/egtb_sprt.sh, issue 53).

Each position has one attacking piece a side (chariot R, horse H, cannon C or
soldier P) in the ten pairings R v R, R v H, R v C, R v P, H v H, H v C, H v P,
C v C, C v P, P v P, and on each side 0 to 2 advisors and 0 to 2 elephants
(each count uniform), so a capture of an attacking piece leads into a table of
`egtb generate --one-attacker`. Pieces stand on random squares they can reach
(soldiers on their 55 squares, advisors and elephants on their points,
generals in their palace), the side to move and which colour has which piece
are random. About three positions in five have at most 8 pieces: a capture
there leaves at most 7, which the search also probes in the tree (the root
probe covers any count).

Rejected, in this order:
- illegal: the generals face each other, or either side is in check (so the
  side not to move is not in check, and no game starts with a check);
- an immediate capture: the side to move can take an attacking piece (the
  game would start in the tables, or in a bare draw, at once);
- decided by a short search: `xiangqi-engine` (ENGINE, default the checkout's
  target/release/xiangqi-engine, 1 thread, 16 MiB, `ucinewgame` before each)
  finds a mate at depth 6, or its depth-6 score differs from its depth-1
  score by more than 300 centipawns (a combination within 6 plies wins 3
  pawns or more: the game would be decided before the ending is played).
  The score itself is not bounded: an unequal pairing (R v P) is meant to be
  won or held by play, and converting it is what the tables may help with.

Each pairing gets COUNT / 10 positions, the attacker of the first-named kind
Red in half of them. Deterministic for a seed and an engine build:

    python3 lab/scripts/egtb_sprt_openings.py --count 500 --seed 53 \
        > lab/data/egtb-sprt/openings.fen
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

from endgame_fens import fen  # the same board layout: {(file, rank): (piece, red)}

PAIRINGS = ["RR", "RH", "RC", "RP", "HH", "HC", "HP", "CC", "CP", "PP"]
PALACE = {(3, 0), (4, 0), (5, 0), (3, 1), (4, 1), (5, 1), (3, 2), (4, 2), (5, 2)}
ADVISOR = {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}
ELEPHANT = {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}
ATTACKERS = "RHCP"


def own(f, rr, red):
    """The square at rank `rr` counted from `red`'s side."""
    return (f, rr if red else 9 - rr)


def squares(piece, red):
    """The squares a piece of this kind and colour can stand on."""
    if piece == "K":
        return sorted(own(f, r, red) for f, r in PALACE)
    if piece == "A":
        return sorted(own(f, r, red) for f, r in ADVISOR)
    if piece == "E":
        return sorted(own(f, r, red) for f, r in ELEPHANT)
    if piece == "P":
        return sorted(own(f, r, red) for f in range(9) for r in range(3, 10)
                      if r >= 5 or f % 2 == 0)
    return [(f, r) for f in range(9) for r in range(10)]


def line_count(board, a, b):
    """Pieces strictly between two squares on a file or rank."""
    (f, r), (tf, tr) = a, b
    df, dr = (tf > f) - (tf < f), (tr > r) - (tr < r)
    n, x, y = 0, f + df, r + dr
    while (x, y) != (tf, tr):
        n += (x, y) in board
        x, y = x + df, y + dr
    return n


def attacks(board, frm, target):
    """Whether the piece on `frm` attacks `target` (a pseudo-legal capture)."""
    piece, red = board[frm]
    (f, r), (tf, tr) = frm, target
    dx, dy = tf - f, tr - r
    if piece in "RC":
        if (dx == 0) == (dy == 0):
            return False
        return line_count(board, frm, target) == (0 if piece == "R" else 1)
    if piece == "H":
        if sorted((abs(dx), abs(dy))) != [1, 2]:
            return False
        leg = (f + (dx // 2 if abs(dx) == 2 else 0), r + (dy // 2 if abs(dy) == 2 else 0))
        return leg not in board
    if piece == "P":
        fwd = 1 if red else -1
        crossed = (r >= 5) if red else (r <= 4)
        return (dx == 0 and dy == fwd) or (crossed and dy == 0 and abs(dx) == 1)
    if piece == "K":
        return abs(dx) + abs(dy) == 1 and own(tf, tr, red) in PALACE
    if piece == "A":
        return abs(dx) == 1 and abs(dy) == 1 and own(tf, tr, red) in ADVISOR
    if piece == "E":
        eye = (f + dx // 2, r + dy // 2)
        return (abs(dx) == 2 and abs(dy) == 2 and eye not in board
                and own(tf, tr, red) in ELEPHANT)
    return False


def in_check(board, red):
    """Whether `red`'s general is attacked or faces the other general."""
    king = next(s for s, (p, c) in board.items() if p == "K" and c == red)
    other = next(s for s, (p, c) in board.items() if p == "K" and c != red)
    if king[0] == other[0] and line_count(board, king, other) == 0:
        return True
    return any(c != red and attacks(board, s, king) for s, (p, c) in board.items())


def can_capture_attacker(board, red):
    """Whether `red` has a legal capture of one of the other side's attacking pieces."""
    for t, (p, c) in board.items():
        if c == red or p not in ATTACKERS:
            continue
        for s, (_, oc) in board.items():
            if oc == red and attacks(board, s, t):
                after = dict(board)
                after[t] = after.pop(s)
                if not in_check(after, red):
                    return True
    return False


def place(rng, red_pieces, black_pieces):
    """A random placement (possibly illegal) of the two sides' pieces."""
    board = {}
    for pieces, red in [(red_pieces, True), (black_pieces, False)]:
        for p in pieces:
            choices = [s for s in squares(p, red) if s not in board]
            if not choices:
                return None
            board[rng.choice(choices)] = (p, red)
    return board


class Engine:
    """A UCI engine at fixed depths."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        for line in self.proc.stdout:
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines
        sys.exit(f"engine stopped before '{word}'")

    def score(self, position, depth):
        """('cp', n) or ('mate', n): the last score of a depth-`depth` search."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {position} - - 0 1")
        self.send(f"go depth {depth}")
        last = None
        for line in self.wait("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                last = (words[i + 1], int(words[i + 2]))
        if last is None:
            sys.exit(f"no score for {position}")
        return last

    def close(self):
        self.send("quit")
        self.proc.wait()


def main():
    root = Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=500, help="positions (a multiple of 10)")
    ap.add_argument("--seed", type=int, default=53)
    ap.add_argument("--engine", default=str(root / "target/release/xiangqi-engine"))
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--swing", type=int, default=300,
                    help="reject when the depth-N and depth-1 scores differ by more (cp)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    engine = Engine(a.engine)
    per = a.count // len(PAIRINGS)
    out, rejected = [], {"illegal": 0, "capture": 0, "mate": 0, "swing": 0}
    for pairing in PAIRINGS:
        for i in range(per):
            first, second = pairing
            red_att, black_att = (first, second) if i % 2 == 0 else (second, first)
            while True:
                sides = []
                for att in (red_att, black_att):
                    sides.append("K" + att + "A" * rng.randint(0, 2) + "E" * rng.randint(0, 2))
                red_to_move = rng.random() < 0.5
                board = place(rng, *sides)
                if board is None or in_check(board, True) or in_check(board, False):
                    rejected["illegal"] += 1
                    continue
                if can_capture_attacker(board, red_to_move):
                    rejected["capture"] += 1
                    continue
                position = fen(board, red_to_move)
                deep = engine.score(position, a.depth)
                if deep[0] != "cp":
                    rejected["mate"] += 1
                    continue
                shallow = engine.score(position, 1)
                if shallow[0] != "cp" or abs(deep[1] - shallow[1]) > a.swing:
                    rejected["swing"] += 1
                    continue
                break
            tag = f"{sides[0][1:]} v {sides[1][1:]}"
            out.append(f"{position}  # {tag}, {len(board)} pieces, depth {a.depth} {deep[1]} cp")
    engine.close()
    print(f"# {len(out)} start positions one capture above the one-attacker tables "
          f"(issue 53, lab/scripts/egtb_sprt.sh):")
    print(f"#   python3 lab/scripts/egtb_sprt_openings.py --count {a.count} --seed {a.seed} "
          f"--depth {a.depth} --swing {a.swing}")
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=8", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    print(f"# filtered by {Path(a.engine).name} built from the checkout at {commit}")
    print("# rejected: " + ", ".join(f"{n} {k}" for k, n in rejected.items())
          + f"; scores: the side to move's, depth {a.depth}")
    for line in out:
        print(line)


if __name__ == "__main__":
    main()
