#!/usr/bin/env python3
"""Times reading CCBridge files (CBL libraries, CBR games, CBF records) with
cchess (PyPI `cchess`) and with ours, in the same run, and prints the ratio.

    pip install cchess
    python tests/records/bench_cchess_cb.py DIR [DIR...] [--runs N]

Each file is read N times (default 3) by cchess in this process and N times
(at least 20) by the example `records_dump_cb --bench` (release build; or
$RECORDS_DUMP); the best time of each is kept. Also timed: our whole process
(start, read the file once, exit), the fairest figure for a command-line
user. The brief asks for at least 100 times faster on the libraries.
"""

import json
import pathlib
import subprocess
import sys
import time

# The example is found (or built) the same way as for the comparison.
from compare_cchess_cb import dump_binary


def cchess_read(path):
    from cchess.read_cbf import read_from_cbf
    from cchess.read_cbr import read_from_cbl, read_from_cbr

    ext = path.suffix.lower()
    if ext == ".cbl":
        return len(read_from_cbl(str(path))["games"])
    if ext == ".cbf":
        return int(read_from_cbf(str(path)) is not None)
    return int(read_from_cbr(str(path)) is not None)


def best(fn, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    args = sys.argv[1:]
    runs = 3
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i : i + 2]
    if not args:
        print(__doc__)
        return 2
    paths = sorted(
        p
        for d in args
        for p in pathlib.Path(d).rglob("*")
        if p.is_file() and p.suffix.lower() in (".cbr", ".cbl", ".cbf")
    )
    binary = dump_binary()
    lib_theirs = lib_ours = lib_process = 0.0
    print(f"{'file':<44} {'cchess s':>10} {'ours s':>10} {'ratio':>8} {'process s':>10} {'ratio':>8}")
    for path in paths:
        theirs = best(lambda: cchess_read(path), runs)
        out = subprocess.run(
            [binary, "--bench", str(max(20, runs)), str(path)], capture_output=True, check=True
        )
        ours = json.loads(out.stdout.decode().splitlines()[0])["seconds"]
        process = best(
            lambda: subprocess.run([binary, "--bench", "1", str(path)], capture_output=True, check=True),
            runs,
        )
        if path.suffix.lower() == ".cbl":
            lib_theirs += theirs
            lib_ours += ours
            lib_process += process
        print(
            f"{path.name:<44} {theirs:>10.4f} {ours:>10.6f} {theirs / ours:>8.0f} "
            f"{process:>10.4f} {theirs / process:>8.0f}"
        )
    if lib_ours > 0:
        print(
            f"CBL libraries: cchess {lib_theirs:.3f} s, ours {lib_ours:.5f} s "
            f"(ratio {lib_theirs / lib_ours:.0f}), ours as a process {lib_process:.4f} s "
            f"(ratio {lib_theirs / lib_process:.0f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
