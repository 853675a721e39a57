#!/usr/bin/env python3
"""Times reading XQF files with cchess (Python) and with this crate, in the
same run, and prints the ratio. Both are timed reading bytes already in
memory... as far as cchess allows: its reader takes a file name, so its time
includes opening the file (a few microseconds, against its milliseconds).

    python tests/records/bench_cchess.py FILE_OR_DIR... [--reps N] [--dump PATH]

For each file: cchess's best of N reads, this crate's mean of max(N, 100)
reads (`examples/xqf_dump.rs --time`, with `xqf::read_skipping`, so that
a file with an illegal move cchess keeps is read whole), and cchess / ours.
Then the totals.
"""

import argparse
import json
import os
import subprocess
import time

from compare_cchess import REPO, find_xqf


def cchess_read(path):
    try:
        from cchess import read_xqf

        return read_xqf.read_from_xqf(path)
    except ImportError:
        from cchess import Game

        return Game.read_from(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--dump", help="a built xqf_dump binary (default: cargo run --release)")
    args = ap.parse_args()
    files = []
    for p in args.paths:
        files += find_xqf(p) if os.path.isdir(p) else [p]
    files = [os.path.abspath(f) for f in files]
    cmd = [os.path.abspath(args.dump)] if args.dump else ["cargo", "run", "-q", "--release", "--example", "xqf_dump", "--"]
    res = subprocess.run(cmd + ["--skipping", "--time", str(max(args.reps, 100))] + files, cwd=REPO, capture_output=True, text=True, check=True)
    ours = {v["file"]: v for v in map(json.loads, res.stdout.splitlines())}
    total_c = total_o = 0.0
    print("%-40s %12s %12s %9s" % ("file", "cchess s", "ours s", "ratio"))
    for f in files:
        best = None
        for _ in range(args.reps):
            t = time.perf_counter()
            try:
                cchess_read(f)
            except Exception:
                pass
            dt = time.perf_counter() - t
            best = dt if best is None else min(best, dt)
        o = ours[f]["seconds"]
        total_c += best
        total_o += o
        print("%-40s %12.6f %12.6f %9.0f%s" % (os.path.basename(f)[:40], best, o, best / o, "" if ours[f]["ok"] else "  (ours: error)"))
    print("%-40s %12.6f %12.6f %9.0f" % ("TOTAL", total_c, total_o, total_c / total_o))


if __name__ == "__main__":
    main()
