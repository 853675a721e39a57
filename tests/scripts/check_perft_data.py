#!/usr/bin/env python3
"""Sanity-check the published xiangqi perft data in tests/suite/tests/data/*.perft.

Each data line has the form

    <fen>;D1 <nodes>;D2 <nodes>;...

and lines starting with '#' are comments. For every line this script

  * checks the FEN syntax (10 ranks of 9 files, piece letters
    r n b a k c p / R N B A K C P, side w|b, then "- - <halfmove> <fullmove>"),
  * asks pyffish (the Python binding of Fairy-Stockfish) whether the FEN is
    valid for the "xiangqi" variant,
  * flags positions where the side NOT to move is in check (illegal positions,
    whose counts depend on how an engine treats general captures),
  * recomputes perft with pyffish for every listed depth <= --max-depth and
    compares it with the published number,
  * reports FENs that appear in several lines/files with conflicting counts.

pyffish is slow for perft (it replays the move list on every call), so the
default --max-depth is 2; depth 3 takes seconds per position, depth 4 minutes.

Usage:
    python3 tests/scripts/check_perft_data.py [--max-depth N] [--jobs J] [files...]

Exit status is 1 if any check failed, 0 otherwise.
"""

import argparse
import glob
import multiprocessing
import os
import re
import sys
import time

VARIANT = "xiangqi"
PIECES = set("rnbakcpRNBAKCP")
DEPTH_RE = re.compile(r"^D(\d+) (\d+)$")


def parse_file(path):
    """Yield (lineno, fen, {depth: nodes}, errors) for each data line."""
    with open(path, encoding="utf-8") as handle:
        for lineno, raw in enumerate(handle, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            errors = []
            parts = line.split(";")
            fen = parts[0]
            counts = {}
            for item in parts[1:]:
                match = DEPTH_RE.match(item)
                if not match:
                    errors.append("bad depth item %r" % item)
                    continue
                depth, nodes = int(match.group(1)), int(match.group(2))
                if depth in counts:
                    errors.append("depth D%d listed twice" % depth)
                counts[depth] = nodes
            if not counts:
                errors.append("no depth entries")
            yield lineno, fen, counts, errors


def check_fen_syntax(fen):
    errors = []
    fields = fen.split(" ")
    if len(fields) != 6:
        return ["FEN must have 6 space-separated fields, got %d" % len(fields)]
    board, side, f3, f4, half, full = fields
    ranks = board.split("/")
    if len(ranks) != 10:
        errors.append("board has %d ranks, expected 10" % len(ranks))
    for i, rank in enumerate(ranks):
        width = 0
        for ch in rank:
            if ch.isdigit():
                width += int(ch)
            elif ch in PIECES:
                width += 1
            else:
                errors.append("rank %d: bad character %r" % (i + 1, ch))
        if width != 9:
            errors.append("rank %d (%s) has width %d, expected 9" % (i + 1, rank, width))
    if board.count("k") != 1 or board.count("K") != 1:
        errors.append("expected exactly one k and one K")
    if side not in ("w", "b"):
        errors.append("side to move must be w or b, got %r" % side)
    if f3 != "-" or f4 != "-":
        errors.append("fields 3 and 4 must be '-'")
    if not (half.isdigit() and full.isdigit()):
        errors.append("halfmove/fullmove must be integers")
    return errors


def perft(fen, moves, depth):
    import pyffish as sf

    legal = sf.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def perft_job(args):
    fen, depth = args
    start = time.time()
    nodes = perft(fen, [], depth)
    return fen, depth, nodes, time.time() - start


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_glob = os.path.join(here, "..", "..", "tests", "suite", "tests", "data", "*.perft")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="perft files (default: tests/suite/tests/data/*.perft)")
    parser.add_argument("--max-depth", type=int, default=2,
                        help="recompute published depths up to this depth (default 2)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel pyffish processes (default: CPU count)")
    args = parser.parse_args()

    try:
        import pyffish as sf
    except ImportError:
        print("pyffish is not installed (pip install pyffish)", file=sys.stderr)
        return 2

    files = args.files or sorted(glob.glob(default_glob))
    failures = 0
    entries = []  # (where, fen, counts)
    seen = {}  # fen -> list of (where, counts)

    for path in files:
        name = os.path.relpath(path)
        for lineno, fen, counts, errors in parse_file(path):
            where = "%s:%d" % (name, lineno)
            errors += check_fen_syntax(fen)
            if not errors:
                if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
                    errors.append("pyffish.validate_fen rejects the FEN")
                else:
                    side = fen.split(" ")[1]
                    flipped = fen.replace(" %s " % side, " %s " % ("b" if side == "w" else "w"), 1)
                    if sf.gives_check(VARIANT, flipped, []):
                        errors.append("side not to move is in check (illegal position)")
            for err in errors:
                print("FAIL %s: %s" % (where, err))
                failures += 1
            if errors:
                continue
            entries.append((where, fen, counts))
            for other_where, other_counts in seen.get(fen, []):
                for depth in set(counts) & set(other_counts):
                    if counts[depth] != other_counts[depth]:
                        print("FAIL %s: D%d %d conflicts with %s (D%d %d)" % (
                            where, depth, counts[depth], other_where, depth, other_counts[depth]))
                        failures += 1
            seen.setdefault(fen, []).append((where, counts))

    jobs = sorted({(fen, d) for _, fen, counts in entries for d in counts if d <= args.max_depth},
                  key=lambda job: job[1])
    results = {}
    if jobs:
        with multiprocessing.Pool(max(1, args.jobs)) as pool:
            for fen, depth, nodes, secs in pool.imap_unordered(perft_job, jobs):
                results[(fen, depth)] = (nodes, secs)

    checked = 0
    for where, fen, counts in entries:
        for depth in sorted(counts):
            if (fen, depth) not in results:
                continue
            nodes, secs = results[(fen, depth)]
            checked += 1
            if nodes == counts[depth]:
                print("ok   %s: D%d %d (%.1fs)" % (where, depth, nodes, secs))
            else:
                print("FAIL %s: D%d published %d, pyffish %d" % (where, depth, counts[depth], nodes))
                failures += 1

    print("%d positions, %d (position, depth) pairs recomputed up to depth %d, %d failure(s)" % (
        len(entries), checked, args.max_depth, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
