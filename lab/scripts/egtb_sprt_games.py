#!/usr/bin/env python3
"""Where the tables could matter in the endgame SPRT (issue 53): for each game of a run of
`lab/scripts/egtb_sprt.sh`, the first position the tables cover (if the game reaches one), the
tables' verdict there, and whether the game ended that way; when it did not, which engine gave
the table's result away (`egtb`: engine 1, with the tables; `none`: engine 2, without).

    python3 lab/scripts/egtb_sprt_games.py RESULTS.jsonl TABLES_DIR

reads RESULTS.jsonl and the PGN beside it (same name, `.pgn`), matched by game number (the PGN's `Round`). Needs the
Python package (`pip install ./python` or `maturin develop`): `xiangqi_rs` replays the moves and
`xiangqi_rs.tablebase` probes.
"""
import collections
import json
import re
import sys
from pathlib import Path

import xiangqi_rs as x
from xiangqi_rs.tablebase import open_tablebase

SCORE = {"1-0": 1, "1/2-1/2": 0, "0-1": -1}


def first_table_position(tables, fen, moves):
    """(ply, WDL for Red) at the first position of the game the tables cover, or None."""
    board = x.Board(fen)
    red = x.Board().turn
    for ply in range(len(moves) + 1):
        wdl = tables.get_wdl(board)
        if wdl is not None:
            return ply, wdl if board.turn == red else -wdl
        if ply < len(moves):
            board.push_str(moves[ply])
    return None


def main():
    results_path, tables_dir = sys.argv[1:3]
    results = [json.loads(line) for line in open(results_path)]
    pgn = Path(results_path).with_suffix(".pgn").read_text()
    # The PGN's games by their Round tag (the game's number from 1), in whatever order they ended.
    games = {}
    for g in pgn.split("\n\n[Event"):
        m = re.search(r'\[Round "(\d+)"\]', g)
        if m:
            games[int(m.group(1))] = g
    tables = open_tablebase(tables_dir)
    stats = collections.Counter()
    for r in results:
        g = games.get(r["game"] + 1)
        if g is None:
            continue
        fen = re.search(r'\[FEN "([^"]+)"\]', g).group(1)
        body = re.sub(r"\{[^}]*\}", " ", g.split("\n\n", 1)[1] if "\n\n" in g else "")
        moves = re.findall(r"\b([a-i][0-9][a-i][0-9])\b", body)
        found = first_table_position(tables, fen, moves)
        stats["games"] += 1
        if found is None:
            stats["no position the tables cover"] += 1
            continue
        _, red = found
        stats["reach the tables"] += 1
        game = SCORE[r["result"]]
        if game == red:
            stats["reach the tables, end as the tables said there"] += 1
            continue
        red_gave_away = game < red
        culprit = "egtb" if red_gave_away == r["engine1_red"] else "none"
        table = {1: "1-0", 0: "1/2-1/2", -1: "0-1"}[red]
        stats[f"reach the tables, end otherwise (table {table}, game {r['result']}, given away by {culprit})"] += 1
    for key, n in sorted(stats.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{n:6}  {key}")


if __name__ == "__main__":
    main()
