#!/usr/bin/env python3
"""Fits the Elo of the engine's strength levels from match logs.

Each argument is `NAME1:NAME2:LOG`, a log of `xiangqi-tools match` between
engine 1 (NAME1) and engine 2 (NAME2), whose last `engine1: W w D d L l` line
gives the games, or `NAME1:NAME2:W-D-L` with engine 1's counts written out
(as docs/levels.md lists them). `--anchor NAME=ELO` fixes one player's rating (ElephantEye
at 100 ms a move = 2000 in docs/levels.md). The ratings maximise the
likelihood of all the games together (logistic Elo, a draw half a win);
each 95% interval comes from the inverse of the information matrix with
the anchor fixed, so it grows along a chain of matches away from the anchor.

    python3 lab/scripts/level_elo.py --anchor ElephantEye=2000 \\
        L0:L1:pair-0-1.log ... L20:ElephantEye:anchor.log

Prints a Markdown table: player, games, rating, 95% interval.
"""

import math
import re
import sys

C = math.log(10) / 400


def read_log(path):
    """The W, D, L of engine 1 in a match log (its last summary line)."""
    found = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"engine1: W (\d+) D (\d+) L (\d+)", line)
            if m:
                found = tuple(int(x) for x in m.groups())
    if found is None:
        sys.exit(f"{path}: no 'engine1: W D L' line")
    return found


def invert(a):
    """Gauss-Jordan inverse of a square matrix (lists)."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-15:
            sys.exit("the matches do not connect every player to the anchor")
        m[col] = [x / p for x in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [row[n:] for row in m]


def fit(matches, anchor, anchor_elo):
    """Ratings and standard errors: matches are (a, b, w, d, l) for a."""
    players = []
    for a, b, *_ in matches:
        for p in (a, b):
            if p not in players:
                players.append(p)
    if anchor not in players:
        sys.exit(f"the anchor {anchor} plays in no match")
    free = [p for p in players if p != anchor]
    idx = {p: i for i, p in enumerate(free)}
    r = {p: anchor_elo for p in players}
    for _ in range(200):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for a, b, w, d, l in matches:
            n = w + d + l
            s = w + d / 2
            p = 1 / (1 + 10 ** (-(r[a] - r[b]) / 400))
            g = C * (s - n * p)  # d logL / d r_a
            h = C * C * n * p * (1 - p)
            for x, sign in ((a, 1), (b, -1)):
                if x in idx:
                    grad[idx[x]] += sign * g
            for x in (a, b):
                for y in (a, b):
                    if x in idx and y in idx:
                        hess[idx[x]][idx[y]] += h if x == y else -h
        inv = invert(hess)
        step = [sum(inv[i][j] * grad[j] for j in range(len(free))) for i in range(len(free))]
        # Keep steps bounded (a 100% score has no finite maximum).
        top = max((abs(x) for x in step), default=0.0)
        if top > 200:
            step = [x * 200 / top for x in step]
        for p in free:
            r[p] += step[idx[p]]
        if top < 1e-6:
            break
    se = {anchor: 0.0}
    for p in free:
        se[p] = math.sqrt(max(inv[idx[p]][idx[p]], 0.0))
    games = {p: 0 for p in players}
    for a, b, w, d, l in matches:
        games[a] += w + d + l
        games[b] += w + d + l
    return players, r, se, games


def main(argv):
    anchor, anchor_elo, matches = None, 2000.0, []
    it = iter(argv)
    for arg in it:
        if arg == "--anchor":
            name, _, elo = next(it).partition("=")
            anchor, anchor_elo = name, float(elo)
        else:
            a, b, source = arg.split(":", 2)
            counts = re.fullmatch(r"(\d+)-(\d+)-(\d+)", source)
            if counts:
                matches.append((a, b, *(int(x) for x in counts.groups())))
            else:
                matches.append((a, b, *read_log(source)))
    if anchor is None or not matches:
        sys.exit(__doc__)
    players, r, se, games = fit(matches, anchor, anchor_elo)
    print("| player | games | Elo | 95% interval |")
    print("| --- | --- | --- | --- |")
    for p in players:
        lo, hi = r[p] - 1.96 * se[p], r[p] + 1.96 * se[p]
        interval = "anchor" if p == anchor else f"{lo:.0f}..{hi:.0f}"
        print(f"| {p} | {games[p]} | {r[p]:.0f} | {interval} |")


if __name__ == "__main__":
    main(sys.argv[1:])
