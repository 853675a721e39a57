#!/usr/bin/env python3
"""Search speed of networks in the engine: nodes, instructions a node, nodes a second.

Each network file (or `embedded`) plays the three positions of the `search` bench
(`benches/search.rs`) to fixed depths two plies shallower than the bench's network group
(9, 8 and 10), one thread, a new game before each search, through the engine's UCI loop.
The node counts are the engine's own (`info ... nodes`, the last line before `bestmove`);
the search is deterministic, so they are the same on every run.

    python3 lab/scripts/nps_probe.py --engine target/release/xiangqi-engine embedded g5.nnue
    python3 lab/scripts/nps_probe.py --engine ... --callgrind embedded g5.nnue

With `--callgrind`, each network runs under `valgrind --tool=callgrind` twice, once with the
searches and once without (start-up and loading alone), and the difference divided by the
nodes is the instructions a node: deterministic, so comparable on a loaded machine. Without
it, `--rounds` runs interleave the networks and report the mean and best nodes a second by
the wall clock (noisy unless the machine is quiet).
"""

import argparse
import re
import subprocess
import sys
import tempfile

POSITIONS = [
    ("startpos", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 9),
    ("middlegame", "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w", 8),
    ("endgame", "3ak4/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2CAK1R2 w", 10),
]


def run(cmd, network, search):
    """The engine's output and stderr for one run: each search is sent once the previous
    one's `bestmove` is read (a `quit` would stop a running search)."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = []

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        for line in p.stdout:
            out.append(line)
            if line.startswith(prefix):
                return
        sys.exit(f"the engine stopped before `{prefix}`: {''.join(out)[-500:]}")

    send("uci")
    send("setoption name Hash value 16")
    if network != "embedded":
        send(f"setoption name EvalFile value {network}")
    send("isready")
    until("readyok")
    if network != "embedded" and "network generation" not in "".join(out):
        sys.exit(f"the engine did not load {network}: {''.join(out)[-500:]}")
    if search:
        for _, fen, depth in POSITIONS:
            send("ucinewgame")
            send(f"position fen {fen}")
            send(f"go depth {depth}")
            until("bestmove")
    send("quit")
    rest, err = p.communicate()
    return "".join(out) + rest, err


def searches(out):
    """(nodes, milliseconds) of each search: the last info line before each bestmove."""
    result, last = [], None
    for line in out.splitlines():
        if line.startswith("info ") and " nodes " in line:
            last = line
        elif line.startswith("bestmove"):
            nodes = int(re.search(r" nodes (\d+)", last).group(1))
            ms = int(re.search(r" time (\d+)", last).group(1))
            result.append((nodes, ms))
            last = None
    if len(result) != len(POSITIONS):
        sys.exit(f"expected {len(POSITIONS)} searches, got {len(result)}")
    return result


def instructions(engine, network, search):
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as f:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={f.name}", engine]
        out, err = run(cmd, network, search)
        collected = re.search(r"Collected : (\d+)", err)
        if not collected:
            sys.exit(f"no callgrind total in: {err[-500:]}")
        return out, int(collected.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("networks", nargs="+", help="network files, or `embedded`")
    a = ap.parse_args()
    if a.callgrind:
        print("| network | nodes | instructions per node |")
        print("| --- | --- | --- |")
        for net in a.networks:
            out, total = instructions(a.engine, net, True)
            _, base = instructions(a.engine, net, False)
            nodes = sum(n for n, _ in searches(out))
            print(f"| {net} | {nodes} | {(total - base) / nodes:.0f} |", flush=True)
        return
    nps = {net: [] for net in a.networks}
    counts = {}
    for _ in range(a.rounds):
        for net in a.networks:
            out, _ = run([a.engine], net, True)
            s = searches(out)
            counts[net] = sum(n for n, _ in s)
            nps[net].append(counts[net] / max(1, sum(ms for _, ms in s)) * 1000)
    print("| network | nodes | nodes per second (mean / best) |")
    print("| --- | --- | --- |")
    for net in a.networks:
        mean = sum(nps[net]) / len(nps[net])
        print(f"| {net} | {counts[net]} | {mean / 1e6:.2f} M / {max(nps[net]) / 1e6:.2f} M |")


if __name__ == "__main__":
    main()
