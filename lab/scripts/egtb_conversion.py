#!/usr/bin/env python3
"""The conversion test of issue 53 for another attacker: from the 200 won table positions of
`session/tests/endgame_tables.rs` (`conversion_of_200_won_positions`), how often does the
winning side mate within 120 plies when Fairy-Stockfish (or our engine, with or without
tables) plays it, against the tables' longest defence?

The positions are the test's own: its ignored test `export_200_won_positions` writes them (the
same seeded picks from the table's WIN entries, not from a search). The games are played by
`xiangqi-tools match` under the library's rules (repetition, perpetual check and chase, the move
limit), `--max-plies 120` (the test's limit: a game not mated by then is a draw), the attacker
at the test's 5 000 nodes a move (`--nodes`, or `--movetime`, `--depth`). The defender is our
engine with the tables (`EgtbPath`): at a table root it plays the move the session's tables
choose among those the game's rules allow, the longest loss, exactly as the test's defender
does. Each position is a pair of games with colours swapped, so the defender's engine also
attacks once against the attacker's defence; only the games where the chosen attacker holds
the won side count for its rate (the others are printed apart).

    FSF_BIN=/path/to/fairy-stockfish python3 lab/scripts/egtb_conversion.py krkab knkaa
    python3 lab/scripts/egtb_conversion.py --attacker ours knkaa     # ours without tables

The tables are copied (read only) from --tables (default ~/.cache/xiangqi/egtb): the named
table and its sub-tables. Everything else goes to --work (default ~/.cache/xiangqi/conversion):
the tables, the FEN file, one results file a run (JSON lines, `match --results`, resumed when
the same command is run again) and its PGN.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = 400  # 200 positions, colours swapped


def sides(name):
    """`krkab` -> (`kr`, `kab`): the side to move's pieces (the winner's) and the other's."""
    second = name.find("k", 1)
    if not name.startswith("k") or second < 0:
        raise ValueError(f"not a table name: {name}")
    return name[:second], name[second:]


def sub_tables(directory, name):
    """The tables of `directory` whose material is within `name`'s, side by side."""
    attack, defend = (collections.Counter(s) for s in sides(name))
    found = []
    for path in sorted(Path(directory).glob("*.xqtb")):
        try:
            a, d = (collections.Counter(s) for s in sides(path.stem))
        except ValueError:
            continue
        if a <= attack and d <= defend:
            found.append(path)
    return found


def run(cmd, **kw):
    """Runs `cmd`, its output on standard error (standard output is the rates)."""
    print("+", " ".join(str(c) for c in cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=sys.stderr, **kw)


def prepare(args, name):
    """Copies the tables and exports the FENs (once); returns (table dir, FEN file)."""
    tables = args.work / f"tables-{name}"
    if not tables.is_dir():
        copying = args.work / f"tables-{name}.part"
        shutil.rmtree(copying, ignore_errors=True)
        copying.mkdir(parents=True)
        paths = sub_tables(args.tables, name)
        if not any(p.stem == name for p in paths):
            sys.exit(f"no table {name}.xqtb in {args.tables}")
        for p in paths:
            shutil.copyfile(p, copying / p.name)
        copying.rename(tables)
    fens = args.work / f"{name}-200.fen"
    if not fens.is_file():
        env = dict(os.environ, XIANGQI_EGTB_DIR=str(tables), XIANGQI_EGTB_TABLE=name,
                   XIANGQI_EGTB_FENS=str(fens))
        run(["cargo", "test", "-q", "--release", "-p", "xiangqi-session", "--test",
             "endgame_tables", "--", "--ignored", "--exact", "export_200_won_positions"],
            cwd=ROOT, env=env)
    return tables, fens


def attacker_flags(args, engine, tables):
    if args.attacker == "fsf":
        fsf = args.fsf or os.environ.get("FSF_BIN")
        if not fsf:
            sys.exit("set FSF_BIN (or --fsf) to a Fairy-Stockfish binary")
        return ["--engine1", fsf, "--engine1-fsf", "--engine1-name", "fairy-stockfish"]
    flags = ["--engine1", str(engine), "--engine1-name", args.attacker]
    if args.attacker == "ours-tables":
        flags += ["--engine1-init", f"setoption name EgtbPath value {tables}"]
    return flags


def count(results, fens):
    """(attacker's conversions, its games, the defender's engine's, its games, failures)."""
    red_to_move = []
    for line in fens.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            red_to_move.append(line.split()[1] in ("w", "r"))
    won = collections.Counter()
    played = collections.Counter()
    failures = collections.Counter()
    seen = set()
    for line in results.read_text().splitlines():
        g = json.loads(line)
        if g["game"] in seen:
            continue
        seen.add(g["game"])
        red_attacks = red_to_move[g["opening"]]
        who = "attacker" if g["engine1_red"] == red_attacks else "defender"
        winner = {"1-0": True, "0-1": False}.get(g["result"])
        played[who] += 1
        if winner is not None and winner == red_attacks:
            won[who] += 1
        elif who == "attacker":
            failures[g["reason"].split(":")[0]] += 1
    return won, played, failures


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("names", nargs="+", help="tables, e.g. krkab knkaa")
    p.add_argument("--attacker", choices=["fsf", "ours", "ours-tables"], default="fsf")
    p.add_argument("--fsf", help="Fairy-Stockfish (default $FSF_BIN)")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, help="nodes a move (default 5000, the test's)")
    limit.add_argument("--movetime", type=int, help="milliseconds a move")
    limit.add_argument("--depth", type=int, help="depth a move")
    p.add_argument("--max-plies", type=int, default=120)
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--tables", type=Path, default=Path.home() / ".cache/xiangqi/egtb")
    p.add_argument("--work", type=Path, default=Path.home() / ".cache/xiangqi/conversion")
    args = p.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    if args.movetime:
        think, label = ["--movetime", str(args.movetime)], f"{args.movetime}ms"
    elif args.depth:
        think, label = ["--depth", str(args.depth)], f"d{args.depth}"
    else:
        nodes = args.nodes or 5000
        think, label = ["--nodes", str(nodes)], f"n{nodes}"
    run(["cargo", "build", "-q", "--release", "-p", "xiangqi-engine", "-p", "xiangqi-tools"],
        cwd=ROOT)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release"
    engine, tools = target / "xiangqi-engine", target / "xiangqi-tools"
    for name in args.names:
        tables, fens = prepare(args, name)
        stem = args.work / f"{name}-{args.attacker}-{label}-{args.max_plies}plies"
        results = stem.with_suffix(".jsonl")
        run([str(tools), "match", *attacker_flags(args, engine, tables),
             "--engine2", str(engine), "--engine2-name", "tables",
             "--engine2-init", f"setoption name EgtbPath value {tables}",
             "--fens", str(fens), "--games", str(GAMES), *think,
             "--max-plies", str(args.max_plies), "--concurrency", str(args.concurrency),
             "--results", str(results), "--resume", "--pgn", str(stem.with_suffix(".pgn"))],
            cwd=ROOT)
        won, played, failures = count(results, fens)
        print(f"{name}: {args.attacker} ({label}) against the tables' defence: mated within "
              f"{args.max_plies} plies in {won['attacker']}/{played['attacker']}; "
              f"the tables against {args.attacker}'s defence: "
              f"{won['defender']}/{played['defender']}")
        for reason, n in failures.most_common():
            print(f"  not converted: {n} x {reason}")


if __name__ == "__main__":
    main()
