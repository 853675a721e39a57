#!/usr/bin/env python3
"""Compares our reading of CCBridge files (CBR games, CBL libraries, CBF
records) with cchess's (PyPI `cchess`, the Python peer), game by game: the
start position and the set of lines (every path from the start to the end of
a variation, in ICCS).

    pip install cchess           # into any venv
    python tests/records/compare_cchess_cb.py DIR [DIR...]

DIR is searched for *.cbr, *.cbl and *.cbf (any case), and for cchess's move
files, *.txt whose first line is a FEN and the others Chinese moves (the last
may be a result), which our `xiangqi::movelist` reads. Our side is the
example `records_dump_cb` (built here with `cargo build --release`, or named
by $RECORDS_DUMP). Exit status 1 if any game differs.

cchess reads the board and the moves and nothing else is compared (it drops
CBR comments that lack a terminating NUL, and reads a CBR's side to move from
the start-move-number field, so only the placement is compared; the side our
reader takes is the side of the first move's piece, which is also cchess's
rule for every move). A library record with an empty board (a section title
of the library, no moves) is a game to cchess and a warning to us: those are
counted apart, not as differences.
"""

import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def dump_binary():
    env = os.environ.get("RECORDS_DUMP")
    if env:
        return env
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--example", "records_dump_cb"],
        cwd=ROOT,
        check=True,
    )
    return str(ROOT / "target" / "release" / "examples" / "records_dump_cb")


RESULTS = ("红胜", "黑胜", "和棋", "1-0", "0-1", "1/2-1/2", "*")


def cchess_move_file(path):
    """A move file as cchess's tests read it: the FEN, then a move a line."""
    from cchess.board import ChessBoard

    try:
        rows = [r.strip() for r in path.read_text(encoding="utf-8").splitlines() if r.strip()]
        board = ChessBoard(rows[0])
    except Exception:
        return None
    moves = []
    for text in rows[1:]:
        if text in RESULTS:
            break
        m = board.move_text(text)
        if m is None:
            return None
        moves.append(m.to_iccs())
        board.next_turn()
    if not moves:
        return None
    return [(0, rows[0].split()[0], [tuple(moves)])]


def cchess_games(path):
    """[(index, placement, sorted lines)] as cchess reads the file."""
    from cchess.read_cbf import read_from_cbf
    from cchess.read_cbr import read_from_cbl, read_from_cbr

    ext = path.suffix.lower()
    if ext == ".txt":
        return cchess_move_file(path)
    if ext == ".cbl":
        games = read_from_cbl(str(path))["games"]
    elif ext == ".cbf":
        games = [read_from_cbf(str(path))]
    else:
        games = [read_from_cbr(str(path))]
    out = []
    for i, g in enumerate(games):
        lines = sorted(tuple(line) for line in g.dump_iccs_moves() if line)
        out.append((i, g.init_board.to_fen().split()[0], lines))
    return out


def our_games(binary, paths):
    """{path: (games {index: (placement, lines)}, warnings, error)}."""
    out = {}
    proc = subprocess.run([binary] + [str(p) for p in paths], capture_output=True, check=True)
    for line in proc.stdout.decode().splitlines():
        d = json.loads(line)
        games = {}
        for g in d.get("games", []):
            lines = sorted(tuple(x) for x in g["lines"] if x)
            games[g["index"]] = (g["fen"].split()[0], lines)
        out[d["file"]] = (games, d.get("warnings", []), d.get("error"))
    return out


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    paths = sorted(
        p
        for d in sys.argv[1:]
        for p in pathlib.Path(d).rglob("*")
        if p.is_file() and p.suffix.lower() in (".cbr", ".cbl", ".cbf", ".txt")
    )
    paths = [p for p in paths if p.suffix.lower() != ".txt" or cchess_move_file(p)]
    ours = our_games(dump_binary(), paths)
    total = same = differ = skipped = 0
    for path in paths:
        games, warnings, error = ours[str(path)]
        theirs = cchess_games(path)
        file_same = file_differ = file_skipped = 0
        for index, placement, lines in theirs:
            total += 1
            mine = games.get(index)
            if mine is None:
                empty = placement == "9/9/9/9/9/9/9/9/9/9" and not lines
                note = [w for w in warnings if f"game {index} " in w] or [error]
                if empty:
                    file_skipped += 1
                    print(f"  {path.name} game {index}: empty board, no moves (cchess); ours: {note[0]}")
                else:
                    file_differ += 1
                    print(f"DIFF {path.name} game {index}: not read by us: {note[0]}")
                continue
            if mine == (placement, lines):
                file_same += 1
                continue
            file_differ += 1
            if mine[0] != placement:
                print(f"DIFF {path.name} game {index}: start {mine[0]} (ours) vs {placement} (cchess)")
            only_ours = sorted(set(mine[1]) - set(lines))
            only_theirs = sorted(set(lines) - set(mine[1]))
            for line in only_ours[:3]:
                print(f"DIFF {path.name} game {index}: only ours:   {' '.join(line)}")
            for line in only_theirs[:3]:
                print(f"DIFF {path.name} game {index}: only cchess: {' '.join(line)}")
        extra = set(games) - {i for i, _, _ in theirs}
        for index in sorted(extra):
            file_differ += 1
            print(f"DIFF {path.name} game {index}: read by us, not by cchess")
        n_lines = sum(len(g[1]) for g in games.values())
        print(
            f"{path.name}: {len(theirs)} games (cchess), {len(games)} read by us, "
            f"{n_lines} lines; same {file_same}, differ {file_differ}, "
            f"empty-board records {file_skipped}"
        )
        same += file_same
        differ += file_differ
        skipped += file_skipped
    print(
        f"TOTAL {len(paths)} files, {total} games: same start and lines {same}, "
        f"differ {differ}, empty-board records (not games) {skipped}"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
