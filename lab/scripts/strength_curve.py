#!/usr/bin/env python3
"""Score as a function of the time control, by opening family.

Reads the `--results` files of `xiangqi-tools match` runs that played the
same openings at different time controls and prints one Markdown table: the
score of engine 1 at each control, overall and per opening family (the
opening line's first move: central cannon, pawn, elephant, horse, other
cannon), so that one sees where a lead shrinks as the time grows (issue 33,
item 4).

    python3 lab/scripts/strength_curve.py --openings selfplay/src/openings.txt \\
        100ms=g4b-vs-fsf-100ms.jsonl 300ms=g4b-vs-fsf-300ms.jsonl 1s=g4b-vs-fsf-1000ms.jsonl

`--openings` must be the move-line file the matches played (`# ` comments
and blank lines skipped, as the runner skips them), since a results line
names its opening by index. Without it, only the overall rows are printed.
Elo intervals are 95%, from the per-game score's variance (trinomial).

Where a results file has a PGN file beside it (the same name ending in `.pgn`,
as `match --pgn` wrote it), a second table gives each engine's mean depth and
time a move there, from cutechess's move comments (`{+0.35/12 0.98s}`), and
for games on a clock (a `TimeControl` tag `SECONDS+INCREMENT`) the time each
engine still had when its games ended (median and least over the games: the
clock plus the increments minus the commented move times; the opening's
uncommented moves cost nothing).
"""

import argparse
import json
import math
import os
import re
import statistics
import sys

FAMILIES = [
    ("central cannon", ("h2e2", "b2e2")),
    ("pawn", ("c3c4", "g3g4", "a3a4", "i3i4", "e3e4")),
    ("elephant", ("c0e2", "g0e2")),
    ("horse", ("b0c2", "h0g2", "b0a2", "h0i2")),
]


def family(first_move):
    for name, moves in FAMILIES:
        if first_move in moves:
            return name
    return "other cannon" if first_move[:2] in ("b2", "h2") else "other"


def read_openings(path):
    """The first move of each opening line, by index."""
    firsts = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                firsts.append(line.split()[0])
    return firsts


def read_results(path):
    games = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                g = json.loads(line)
            except json.JSONDecodeError:
                sys.exit(f"{path}:{n}: not a JSON line (cut short?)")
            games[g["game"]] = g  # a game played twice counts once
    return list(games.values())


def elo(scores):
    """(score, elo, low, high) of a list of per-game points, 95% interval."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    half = 1.96 * math.sqrt(var / n)

    def to_elo(p):
        if p <= 0:
            return -math.inf
        if p >= 1:
            return math.inf
        return -400 * math.log10(1 / p - 1)

    return mean, to_elo(mean), to_elo(mean - half), to_elo(mean + half)


def fmt_elo(x):
    return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:+.0f}"


def row(label, group, games):
    if not games:
        return None
    scores = [g["score1"] for g in games]
    w = sum(1 for s in scores if s == 1.0)
    d = sum(1 for s in scores if s == 0.5)
    lost = len(scores) - w - d
    mean, e, lo, hi = elo(scores)
    return (
        f"| {label} | {group} | {len(scores)} | {w} / {d} / {lost} | {100 * mean:.1f}% "
        f"| {fmt_elo(e)} ({fmt_elo(lo)}..{fmt_elo(hi)}) |"
    )


COMMENT = re.compile(r"\{[+-]?(?:M?[0-9.]+)/([0-9]+) ([0-9.]+)s\}")
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


CLOCK = re.compile(r"^([0-9.]+)\+([0-9.]+)$")


def pgn_depths(path):
    """{engine name: ([depths], [seconds], [clock left at each game's end])}
    over a PGN file's commented moves (the last list only for clocked games)."""
    seen = {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for game in text.split("[Event ")[1:]:
        tags, moves = {}, []
        for line in game.splitlines()[1:]:
            m = TAG.match(line.strip())
            if m:
                tags[m.group(1)] = m.group(2)
            else:
                moves.append(line)
        side = None
        used = {"Red": [], "Black": []}
        for token in re.findall(r"\{[^}]*\}|\S+", " ".join(moves)):
            if re.fullmatch(r"[0-9]+\.", token):
                side = "Red"
            elif re.fullmatch(r"[0-9]+\.\.\.", token):
                side = "Black"
            elif token.startswith("{") and side in tags:
                m = COMMENT.fullmatch(token)
                if m:
                    depths, secs, _ = seen.setdefault(tags[side], ([], [], []))
                    depths.append(int(m.group(1)))
                    secs.append(float(m.group(2)))
                    used[side].append(float(m.group(2)))
        clock = CLOCK.match(tags.get("TimeControl", ""))
        if clock:
            base, inc = float(clock.group(1)), float(clock.group(2))
            for colour in ("Red", "Black"):
                if colour in tags:
                    times = used[colour]
                    left = seen.setdefault(tags[colour], ([], [], []))[2]
                    left.append(base + inc * len(times) - sum(times))
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--openings", help="the move-line openings file the matches played")
    ap.add_argument("runs", nargs="+", metavar="LABEL=FILE", help="a control's label and its results file")
    args = ap.parse_args()
    firsts = read_openings(args.openings) if args.openings else None
    print("| control | openings | games | W / D / L | score | Elo (95%) |")
    print("| --- | --- | --- | --- | --- | --- |")
    depth_rows = []
    for run in args.runs:
        label, sep, path = run.partition("=")
        if not sep:
            sys.exit(f"{run}: expected LABEL=FILE")
        games = read_results(path)
        pgn = os.path.splitext(path)[0] + ".pgn"
        if os.path.exists(pgn):
            for name, (depths, secs, left) in sorted(pgn_depths(pgn).items()):
                if not depths:
                    continue
                end = f"{statistics.median(left):.1f} s / {min(left):.1f} s" if left else "-"
                depth_rows.append(
                    f"| {label} | {name} | {len(depths)} | {sum(depths) / len(depths):.1f} "
                    f"| {sum(secs) / len(secs):.2f} s | {end} |"
                )
        print(row(label, "all", games))
        if firsts is None:
            continue
        by_family = {}
        for g in games:
            if g["opening"] >= len(firsts):
                sys.exit(f"{path}: opening {g['opening']} is not in {args.openings}")
            by_family.setdefault(family(firsts[g["opening"]]), []).append(g)
        for name in [f for f, _ in FAMILIES] + ["other cannon", "other"]:
            line = row(label, name, by_family.get(name, []))
            if line:
                print(line)
    if depth_rows:
        print()
        print("| control | engine | moves | mean depth | mean time | clock left at the end (median / least) |")
        print("| --- | --- | --- | --- | --- | --- |")
        print("\n".join(depth_rows))


if __name__ == "__main__":
    main()
