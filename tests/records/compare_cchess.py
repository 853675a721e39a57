#!/usr/bin/env python3
"""Reads every XQF file under a folder with cchess (the Python library,
`pip install cchess`) and with this crate (`examples/xqf_dump.rs`), and
reports every difference: start position (board and side to move), the set
of lines (each in ICCS), the comments (keyed by the moves leading to them)
and the headers cchess reads (title, event, red, black, result).

    python tests/records/compare_cchess.py DIR [--dump PATH-TO-xqf_dump] [--skipping] [--roundtrip]

With --roundtrip, each file this crate reads is also written back as XQF
(`xqf::write`), and cchess's reading of that file is compared with its
reading of the original (same start, lines, comments and headers).

With --skipping, this crate reads with `xqf::read_skipping` (an illegal
move cchess keeps, such as a side moving twice, is skipped with what follows
it and listed) instead of `xqf::read` (which refuses the file). Without
--dump it builds and runs the example with cargo (release). Exit
status 1 if any file differs. Files that both refuse count as agreeing.
cchess drops a comment it cannot decode as GB18030 (this crate keeps it,
with U+FFFD): such comments are not compared.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def find_xqf(folder):
    out = []
    for root, _, files in os.walk(folder):
        for f in files:
            if f.lower().endswith(".xqf"):
                out.append(os.path.join(root, f))
    return sorted(out)


def read_cchess(path):
    """(fen board, side, set of lines, comments, headers) by cchess, or an error string."""
    try:
        try:
            from cchess import read_xqf  # cchess 1.25

            game = read_xqf.read_from_xqf(path)
        except ImportError:  # later versions
            from cchess import Game

            game = Game.read_from(path)
    except Exception as e:  # cchess raises on some bad files
        return "cchess: %s: %s" % (type(e).__name__, e)
    if game is None:
        return "cchess: not an XQF file"
    fen = game.init_board.to_fen().split()
    lines = set()
    comments = {}
    if game.annote is not None:
        comments[""] = game.annote
    for line in game.dump_moves():
        moves = line["moves"]
        lines.add(" ".join(str(m) for m in moves))
        for i, m in enumerate(moves):
            if m.annote:
                comments[" ".join(str(x) for x in moves[: i + 1])] = m.annote
    info = game.info
    headers = {
        "Title": info.get("title"),
        "Event": info.get("event"),
        "Red": info.get("red", info.get("red_player")),
        "Black": info.get("black", info.get("black_player")),
        "Result": info.get("result"),
    }
    headers = {k: v for k, v in headers.items() if v}
    return fen[0], fen[1], lines, comments, headers


def read_ours(files, dump, skipping=False, write_to=None):
    if dump:
        cmd = [os.path.abspath(dump)]
    else:
        cmd = ["cargo", "run", "-q", "--release", "--example", "xqf_dump", "--"]
    if skipping:
        cmd.append("--skipping")
    if write_to:
        cmd += ["--write", write_to]
    out = {}
    # In chunks, to keep command lines short.
    for i in range(0, len(files), 200):
        res = subprocess.run(cmd + files[i : i + 200], cwd=REPO, capture_output=True, text=True, check=True)
        for line in res.stdout.splitlines():
            v = json.loads(line)
            out[v["file"]] = v
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--dump", help="a built xqf_dump binary (default: cargo run --release)")
    ap.add_argument("--skipping", action="store_true", help="read with xqf::read_skipping")
    ap.add_argument("--roundtrip", action="store_true", help="also compare cchess's reading of our XQF of each file")
    args = ap.parse_args()
    files = [os.path.abspath(f) for f in find_xqf(args.dir)]
    if not files:
        sys.exit("no .xqf files under %s" % args.dir)
    tmp = None
    if args.roundtrip:
        import tempfile

        tmp = tempfile.mkdtemp(prefix="xqf-roundtrip-")
    ours = read_ours(files, args.dump, args.skipping, tmp)
    bad = 0
    for f in files:
        name = os.path.relpath(f, args.dir)
        theirs = read_cchess(f)
        mine = ours.get(f, {"error": "no output"})
        if isinstance(theirs, str) or "error" in mine:
            if isinstance(theirs, str) and "error" in mine:
                print("SAME  %s: both refuse (%s | ours: %s)" % (name, theirs, mine["error"]))
            else:
                bad += 1
                print("DIFF  %s: cchess %s, ours %s" % (name, theirs if isinstance(theirs, str) else "reads it", mine.get("error", "reads it")))
            continue
        board, side, lines, comments, headers = theirs
        diffs = []
        fen = mine["fen"].split()
        if fen[0] != board or fen[1] != side:
            diffs.append("start %s %s vs ours %s %s" % (board, side, fen[0], fen[1]))
        my_lines = set(" ".join(l) for l in mine["lines"])
        if not lines:
            lines = {""}
        if my_lines != lines:
            diffs.append("lines: %d only cchess %s, %d only ours %s" % (
                len(lines - my_lines), sorted(lines - my_lines)[:2], len(my_lines - lines), sorted(my_lines - lines)[:2]))
        for k, v in comments.items():
            if mine["comments"].get(k) != v:
                diffs.append("comment at [%s]: %r vs ours %r" % (k, v[:40], (mine["comments"].get(k) or "")[:40]))
        for k, v in headers.items():
            if mine["headers"].get(k) != v:
                diffs.append("header %s: %r vs ours %r" % (k, v, mine["headers"].get(k)))
        if tmp:
            again = read_cchess(os.path.join(tmp, os.path.basename(f)))
            if isinstance(again, str):
                diffs.append("our XQF of it: %s" % again)
            else:
                b2, s2, l2, c2, h2 = again
                orig = (board, side, lines or {""}, comments, headers)
                if mine.get("skipped"):
                    orig = (board, side, my_lines, comments, headers)
                # Comments cchess could not decode in the original are
                # written back as we read them (with U+FFFD): not compared.
                c2 = {k: v for k, v in c2.items() if k in comments}
                for what, x, y in zip(("start board", "side", "lines", "comments", "headers"), orig, (b2, s2, l2 or {""}, c2, h2)):
                    if x != y and not (what == "comments" and mine.get("skipped")):
                        diffs.append("our XQF of it, as cchess reads it: %s differ" % what)
        if mine.get("skipped"):
            diffs.append("ours skipped: %s" % "; ".join(mine["skipped"]))
        if diffs:
            bad += 1
            print("DIFF  %s: %s" % (name, "; ".join(diffs)))
        else:
            print("SAME  %s: %d lines, %d comments%s" % (name, len(lines), len(comments), ", round trip too" if tmp else ""))
    print("%d files, %d differ" % (len(files), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
