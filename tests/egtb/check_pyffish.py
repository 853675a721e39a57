#!/usr/bin/env python3
"""Checks sampled tablebase values against the retrograde equations, with
pyffish (Fairy-Stockfish, variant "xiangqi") as the move generator.

Input: the JSON lines that `xiangqi-egtb check --dump FILE` writes, one a
sampled position: its FEN, its stored value ("W<plies>", "L<plies>", "D")
and the values of its children keyed by the first two FEN fields (board
and side to move) of each child, as our move generator makes them.

For each position, pyffish's legal moves must lead to exactly those
children, and the stored value must follow from theirs:
- a win in d has a child lost in d - 1 and none lost sooner;
- a loss in d > 0 has only won children, the longest won in d - 1;
- a loss in 0 has no legal move (a side with no move has lost);
- a draw has moves, no lost child, and a child not won.

    pip install pyffish
    cargo run --release -p xiangqi-egtb -- check --dir DIR --samples 3000 \
        --dump /tmp/samples.jsonl krk knk kck kpk
    python3 tests/egtb/check_pyffish.py /tmp/samples.jsonl
"""

import json
import sys

import pyffish


def parse(value):
    if value == "D":
        return ("D", None)
    if value[0] in "WL" and value[1:].isdigit():
        return (value[0], int(value[1:]))
    raise ValueError(f"bad value {value!r}")


def check(sample):
    fen = sample["fen"]
    kind, plies = parse(sample["value"])
    ours = sample["children"]
    moves = pyffish.legal_moves("xiangqi", fen, [])
    theirs = {}
    for move in moves:
        child = pyffish.get_fen("xiangqi", fen, [move])
        theirs[" ".join(child.split()[:2])] = move
    if set(theirs) != set(ours):
        return f"children differ: pyffish only {sorted(set(theirs) - set(ours))}, ours only {sorted(set(ours) - set(theirs))}"
    values = [parse(v) for v in ours.values()]
    losses = [p for k, p in values if k == "L"]
    wins = [p for k, p in values if k == "W"]
    if kind == "W":
        if not losses or min(losses) + 1 != plies:
            return f"won in {plies}, lost children {sorted(losses)}"
    elif kind == "L":
        if plies == 0:
            if moves:
                return "lost in 0 with legal moves"
        elif len(wins) != len(values) or max(wins) + 1 != plies:
            return f"lost in {plies}, children {sorted(values, key=str)}"
    else:
        if not moves:
            return "drawn with no legal move"
        if losses:
            return "drawn with a lost child"
        if len(wins) == len(values):
            return "drawn with only won children"
    return None


def main():
    checked = 0
    failures = 0
    counts = {"W": 0, "D": 0, "L": 0}
    for path in sys.argv[1:]:
        with open(path) as f:
            for line in f:
                sample = json.loads(line)
                checked += 1
                counts[sample["value"][0]] += 1
                why = check(sample)
                if why:
                    failures += 1
                    if failures <= 20:
                        print(f"{sample['fen']}: {why}")
    print(f"{checked} positions checked (W/D/L {counts['W']}/{counts['D']}/{counts['L']}), {failures} failures")
    sys.exit(1 if failures or not checked else 0)


if __name__ == "__main__":
    main()
