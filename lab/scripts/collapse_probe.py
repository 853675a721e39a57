#!/usr/bin/env python3
"""Where a lost game turned: the first position where the opponent saw itself winning.

Reads a match PGN (`xiangqi-tools match --pgn`, cutechess's move comments
`{+0.35/12 0.98s}`, each engine's score from its own side). For every game
that engine `--ours` lost, it finds the first move after which the opponent
scored itself at least `--threshold` pawns, and prints the position before
our last move up to then, with our score of that move. With `--engine`, it
also asks a UCI engine for its depth and score (side to move) at each
`--movetime`, so that one can tell a depth problem (more time finds the
danger) from an evaluation problem (it does not): issue 33, item 4.

    python3 lab/scripts/collapse_probe.py --ours g4b games.pgn \\
        --engine target/release/xiangqi-engine --movetime 1000 10000
    python3 lab/scripts/collapse_probe.py --ours g4b games.pgn \\
        --engine /path/to/fairy-stockfish --fsf --movetime 1000

Needs the Python package (`xiangqi_rs`, `maturin develop -m python/Cargo.toml`)
to replay the moves.
"""

import argparse
import re
import subprocess
import sys

import xiangqi_rs


def games(text):
    """Each game: its tags and its (move, comment or None) list."""
    for chunk in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        moves = []
        for comment, move in re.findall(r"\{([^}]*)\}|\b([a-i]\d[a-i]\d)\b", body):
            if move:
                moves.append([move, None])
            elif moves:
                moves[-1][1] = comment
        yield tags, moves


def pawns(comment):
    """The score of a move comment, in pawns (mates as +-99)."""
    score = comment.split("/")[0]
    if "M" in score:
        return -99.0 if score.startswith("-") else 99.0
    return float(score)


def turning_points(text, ours, threshold):
    """(round, ply, our score, fen) for each game `ours` lost."""
    for tags, moves in games(text):
        ours_red = tags.get("Red") == ours
        lost = tags.get("Result") == ("0-1" if ours_red else "1-0")
        if not lost or ours not in (tags.get("Red"), tags.get("Black")):
            continue
        board = xiangqi_rs.Board()
        last = None
        for ply, (move, comment) in enumerate(moves):
            ours_moved = (ply % 2 == 0) == ours_red
            if comment:
                if ours_moved:
                    last = (ply, pawns(comment), board.fen())
                elif pawns(comment) >= threshold and last:
                    yield tags.get("Round", "?"), last[0], last[1], last[2]
                    break
            board.push(xiangqi_rs.Move.from_iccs(move))


def analyse(command, fsf, fen, movetime):
    """(depth, score text) of a UCI engine's last `info` line after `go movetime`."""
    lines = ["uci", "setoption name Threads value 1", "setoption name Hash value 64"]
    if fsf:
        lines.append("setoption name UCI_Variant value xiangqi")
    lines += ["isready", f"position fen {fen}", f"go movetime {movetime}"]
    proc = subprocess.Popen(
        command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    depth, score = "?", "?"
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["info"] and "depth" in words and "score" in words:
            depth = words[words.index("depth") + 1]
            i = words.index("score")
            score = words[i + 2] if words[i + 1] == "cp" else "mate " + words[i + 2]
        if words[:1] == ["bestmove"]:
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return depth, score


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("pgn")
    p.add_argument("--ours", required=True, help="our engine's name in the PGN tags")
    p.add_argument("--threshold", type=float, default=1.5, help="pawns (default 1.5)")
    p.add_argument("--engine", help="a UCI engine command to analyse the positions")
    p.add_argument("--fsf", action="store_true", help="the engine is Fairy-Stockfish")
    p.add_argument("--movetime", type=int, nargs="*", default=[1000])
    a = p.parse_args()
    text = open(a.pgn, encoding="utf-8").read()
    head = "| game | ply | our score then | " + " | ".join(f"{t} ms" for t in a.movetime)
    print(head + " | FEN |" if a.engine else "| game | ply | our score then | FEN |")
    print("|" + " --- |" * (head.count("|") + (1 if a.engine else 0)))
    for rnd, ply, score, fen in turning_points(text, a.ours, a.threshold):
        cells = [rnd, str(ply), f"{score:+.2f}"]
        for t in a.movetime if a.engine else []:
            depth, s = analyse(a.engine, a.fsf, fen, t)
            cells.append(f"d{depth} {s}")
        print("| " + " | ".join(cells) + f" | `{fen}` |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
