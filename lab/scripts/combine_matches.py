#!/usr/bin/env python3
"""Sums the games of several `xiangqi-tools match` logs of one match split
over processes or sessions (`--first-game` ranges), and prints the total:
W / D / L of engine 1, score, Elo with its 95% interval, and the SPRT
log-likelihood ratio for `--sprt ELO0 ELO1` (default 0 10) computed on the
sum, by games (trinomial), as the match runner computed it before it had
`--results` files. For matches with `--results FILE` use
`xiangqi-tools sprt --results FILE...` instead: the pentanomial GSPRT over
complete game pairs, as fastchess and the runner now compute it. This script
stays to recount the logs that docs/nnue.md and lab/measurements.md cite.

Each log counts its game lines (`game  N: ... | engine1 wins|engine2 wins|draw
(...)`), so a log cut short by a stop still counts every game it finished;
a game number seen twice is an error (overlapping ranges).

    python3 lab/scripts/combine_matches.py [--sprt 0 10] LOG...
"""

import math
import re
import sys

LINE = re.compile(r"^game +(\d+): engine1 (?:red|black) +\| (engine1 wins|engine2 wins|draw) ")


def score_of(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def elo(p):
    p = min(max(p, 1e-4), 1 - 1e-4)
    return -400 * math.log10(1 / p - 1)


def main(argv):
    elo0, elo1, logs = 0.0, 10.0, []
    it = iter(argv)
    for arg in it:
        if arg == "--sprt":
            elo0, elo1 = float(next(it)), float(next(it))
        else:
            logs.append(arg)
    if not logs:
        sys.exit(__doc__)
    seen, w, d, l = {}, 0, 0, 0
    for path in logs:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = LINE.match(line)
                if not m:
                    continue
                n = int(m.group(1))
                if n in seen:
                    sys.exit(f"game {n} is in {seen[n]} and {path}")
                seen[n] = path
                w += m.group(2) == "engine1 wins"
                l += m.group(2) == "engine2 wins"
                d += m.group(2) == "draw"
    n = w + d + l
    if n == 0:
        sys.exit("no game lines")
    p = (w + d / 2) / n
    var = (w * (1 - p) ** 2 + d * (0.5 - p) ** 2 + l * p**2) / n
    se = math.sqrt(var / n)
    s0, s1 = score_of(elo0), score_of(elo1)
    llr = n * (s1 - s0) * (2 * p - s0 - s1) / (2 * var) if var > 0 else 0.0
    bound = math.log(0.95 / 0.05)
    print(f"games {n}: W {w} D {d} L {l}, score {100 * p:.1f}%, "
          f"Elo {elo(p):+.0f} (95%: {elo(p - 1.96 * se):+.0f} .. {elo(p + 1.96 * se):+.0f})")
    verdict = "H1 accepted" if llr >= bound else "H0 accepted" if llr <= -bound else "undecided"
    print(f"sprt [{elo0:g}, {elo1:g}]: LLR {llr:.2f} (bounds +-{bound:.2f}): {verdict}")
    numbers = sorted(seen)
    ranges, start = [], numbers[0]
    for a, b in zip(numbers, numbers[1:] + [None]):
        if b != a + 1:
            ranges.append(f"{start}-{a}" if start != a else f"{start}")
            start = b
    print("game numbers (1-based): " + ", ".join(ranges))


if __name__ == "__main__":
    main(sys.argv[1:])
