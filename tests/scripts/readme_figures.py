#!/usr/bin/env python3
"""Measures the figures the README quotes and says when they are stale.

    python3 tests/scripts/readme_figures.py            # measure, print, compare
    python3 tests/scripts/readme_figures.py --write    # ... and write them into README.md
    python3 tests/scripts/readme_figures.py --check    # exit 1 if a figure is stale
    ... --no-wasm-build   # measure the .wasm files already in wasm/pkg (no `npm run build`)
    ... --no-wasm         # leave the .wasm figures out

The figures (README.md, section "JavaScript and the web"):

- the sizes of `wasm/pkg/xiangqi_wasm_bg.wasm`, `xiangqi_wasm_simd_bg.wasm` and
  `xiangqi_wasm.js`, raw and gzipped (Python's gzip at level 9), after `cd wasm && npm run
  build` (two release builds of the crate for wasm32 and wasm-bindgen);
- the sizes of the embedded network (`src/eval/nnue/default.nnue`) and book
  (`src/records/book/masters.xqb`), in kB (1000 bytes);
- the leaves of perft 5 and the nodes of a depth-16 search from the start (`cargo run
  --release --example perft -- 5`, `--example search -- 16`): exact, the same everywhere;
- the native nodes per second of both (perft: the example's own timing; search: nodes over
  the wall time, start-up included, as the README says). These move with the machine's load:
  `--check` calls them stale only beyond a factor of 2 (`--speed-tolerance`).

The browser and Node columns (`node web/scripts/bench.mjs`, Chromium) are not measured here.

Cost: the release builds of the two examples (a few minutes from cold, seconds when built),
perft 5 (3-10 s) and the depth-16 search (5-10 s); with the wasm build, two release builds for
wasm32 and wasm-bindgen (measured: see the README's note on this script; 5-15 minutes from
cold on the 2-core development machine). Not run in CI for that reason (and it needs node and
wasm-bindgen-cli); run it before a release or after changing the network, the book or the
search.
"""

import argparse
import gzip
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def run(cmd, cwd=ROOT):
    print("$", " ".join(cmd), file=sys.stderr)
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{r.stdout}\n{r.stderr}")
    return r.stdout


def commas(n):
    return f"{n:,}"


def mega(nps):
    return f"{nps / 1e6:.1f} M"


def kilo(nps):
    return f"{nps / 1e3:.0f} k"


def kb(n):
    return f"{round(n / 1000)} kB"


def measure(args):
    """name -> (text as the README writes it, number, is_speed)."""
    out = {}
    out["network"] = (kb((ROOT / "src/eval/nnue/default.nnue").stat().st_size), None, False)
    out["book"] = (kb((ROOT / "src/records/book/masters.xqb").stat().st_size), None, False)

    run(["cargo", "build", "--release", "--example", "perft", "--example", "search"])
    examples = ROOT / "target" / "release" / "examples"
    perft = run([str(examples / "perft"), "5"])
    leaves = int(re.search(r"Nodes searched: (\d+)", perft).group(1))
    nps = float(re.search(r"Nodes/second: (\d+)", perft).group(1))
    out["perft_leaves"] = (commas(leaves), leaves, False)
    out["perft_nps"] = (mega(nps), nps, True)

    start = time.monotonic()
    search = run([str(examples / "search"), "16"])
    secs = time.monotonic() - start
    nodes = int(re.search(r"best move \S+ \(.*, (\d+) nodes\)", search).group(1))
    out["search_nodes"] = (commas(nodes), nodes, False)
    out["search_nps"] = (kilo(nodes / secs), nodes / secs, True)

    if not args.no_wasm:
        if not args.no_wasm_build:
            start = time.monotonic()
            run(["npm", "run", "build"], cwd=ROOT / "wasm")
            print(f"wasm build: {time.monotonic() - start:.0f} s", file=sys.stderr)
        pkg = ROOT / "wasm" / "pkg"
        for key, name in [
            ("wasm", "xiangqi_wasm_bg.wasm"),
            ("wasm_simd", "xiangqi_wasm_simd_bg.wasm"),
            ("js", "xiangqi_wasm.js"),
        ]:
            data = (pkg / name).read_bytes()
            out[key] = (f"{commas(len(data))} B", len(data), False)
            packed = len(gzip.compress(data, compresslevel=9, mtime=0))
            out[key + "_gz"] = (f"{commas(packed)} B", packed, False)
    return out


# Where each figure stands in the README: a pattern whose one group is the figure.
NUM = r"([\d,]+ B)"
PLACES = {
    "network": r"the (\d+ kB) network and the \d+ kB book\)",
    "book": r"the \d+ kB network and the (\d+ kB) book\)",
    "wasm": r"\| `xiangqi_wasm_bg\.wasm` [^|]*\| " + NUM + r" \| [\d,]+ B \|",
    "wasm_gz": r"\| `xiangqi_wasm_bg\.wasm` [^|]*\| [\d,]+ B \| " + NUM + r" \|",
    "wasm_simd": r"\| `xiangqi_wasm_simd_bg\.wasm` [^|]*\| " + NUM + r" \| [\d,]+ B \|",
    "wasm_simd_gz": r"\| `xiangqi_wasm_simd_bg\.wasm` [^|]*\| [\d,]+ B \| " + NUM + r" \|",
    "js": r"\| `xiangqi_wasm\.js` [^|]*\| " + NUM + r" \| [\d,]+ B \|",
    "js_gz": r"\| `xiangqi_wasm\.js` [^|]*\| [\d,]+ B \| " + NUM + r" \|",
    "perft_leaves": r"\| perft 5 from the start \(([\d,]+) leaves\)",
    "perft_nps": r"\| perft 5 from the start \([\d,]+ leaves\) \| ([\d.]+ M) \|",
    "search_nodes": r"\| search to depth 16 from the start \(([\d,]+) nodes",
    "search_nps": r"\| search to depth 16 from the start \([^)]*\) \| (\d+ k) \|",
}


def number(text):
    """The value of a README figure such as `39.1 M`, `398 k`, `1,234 B`."""
    t = text.replace(",", "").split()
    scale = {"M": 1e6, "k": 1e3}.get(t[1], 1) if len(t) > 1 else 1
    return float(t[0]) * scale


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a figure is stale")
    ap.add_argument("--write", action="store_true", help="write the figures into README.md")
    ap.add_argument("--no-wasm", action="store_true", help="leave the .wasm figures out")
    ap.add_argument("--no-wasm-build", action="store_true", help="measure wasm/pkg as it is")
    ap.add_argument("--speed-tolerance", type=float, default=2.0)
    args = ap.parse_args()

    readme = README.read_text(encoding="utf-8")
    figures = measure(args)
    stale = []
    for key, (text, value, is_speed) in figures.items():
        m = re.search(PLACES[key], readme)
        if m is None:
            stale.append(f"{key}: not found in README.md (pattern {PLACES[key]!r})")
            continue
        quoted = m.group(1)
        if is_speed:
            ratio = value / number(quoted)
            ok = 1 / args.speed_tolerance <= ratio <= args.speed_tolerance
        else:
            ok = quoted == text
        print(f"{key:14} README {quoted:>14}   measured {text:>14}   {'ok' if ok else 'STALE'}")
        if not ok:
            stale.append(f"{key}: README says {quoted}, measured {text}")
        if args.write:
            readme = readme[: m.start(1)] + text + readme[m.end(1) :]
    if args.write:
        README.write_text(readme, encoding="utf-8")
        print("README.md written", file=sys.stderr)
    if stale:
        print("\n".join(["stale figures:"] + stale), file=sys.stderr)
        if args.check:
            sys.exit(1)


if __name__ == "__main__":
    main()
