#!/usr/bin/env python3
"""Game-database analysis, self-play training data and engine matches
across a Ray cluster.

``match --out DIR [--pairs N] [--sprt E0 E1] -- MATCH ARGUMENTS``
    An engine match, one Ray task a game pair, stopped by one SPRT over all
    the pairs, resumable: see ``ray_match.py``.

Two data jobs, each split into chunks, one Ray task a chunk:

``analyze DB.pgn --out DIR``
    Analyses every position of every game of a PGN database with the
    engine (``xiangqi_rs.Session``) at a fixed depth, node count or time
    per position. Output: ``DIR/analysis-<chunk>.jsonl``, one JSON object a
    game (its index in the database, tags, result, and per ply the move
    played, the engine's best move, score, depth, nodes, principal
    variation and the centipawns the move played lost; a record that goes
    on after a verdict of the rules is analysed up to it, with a `stopped`
    note).

``selfplay --out DIR``
    Generates self-play training data in the chunk format of
    ``xiangqi-tools datagen`` (``xiangqi_rs.data.generate_chunk``): the
    same file names and the same bytes as ``datagen`` with the same
    ``--seed``, ``--nodes`` and ``--games-per-chunk``, so ``datagen`` and
    this script can fill one folder between them, and the trainer
    (``xiangqi-tools train --data DIR``) reads it. ``--format games``
    writes game files instead (``datagen --format games``'s, a few bytes a
    position: ``xiangqi_rs.data.generate_games``).

Tasks return their results to this script (the driver), which writes each
chunk's file atomically (a temporary file renamed), so the output folder
needs to exist only where the driver runs. Both jobs resume: rerunning the
same command skips the chunks already written (a file ``DIR/run.json``
records the run's parameters; a rerun with others is refused). Progress
(chunks, positions per second, ETA) goes to standard error.

The script connects to a running cluster (``--address``, default
``auto``: the cluster started on this machine with ``ray start``)::

    ray start --head --node-ip-address=127.0.0.1 --num-cpus=2 \\
        --include-dashboard=false --disable-usage-stats
    python python/cluster/xiangqi_ray.py selfplay --out /data/xq --chunks 20
    python python/cluster/xiangqi_ray.py match --out /data/m1 --sprt 0 10 -- \\
        --engine1 /opt/new/xiangqi-engine --engine2 /opt/old/xiangqi-engine --tc 10+0.1
    ray stop

On a real cluster, ``ray start --head`` on one machine and ``ray start
--address=HEAD:6379`` on the others, with the ``xiangqi-rs`` wheel
installed on every node, then run the script on the head node.
"""

import argparse
import hashlib
import json
import os
import sys
import time
import warnings

# Ray sends no usage statistics from this script's driver (`ray start
# --disable-usage-stats` does the same for the cluster).
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

import ray  # noqa: E402

import xiangqi_rs  # noqa: E402
from xiangqi_rs import data as xqdata  # noqa: E402
from xiangqi_rs import pgn as xqpgn  # noqa: E402

import ray_match  # noqa: E402
from ray_common import check_run, duration, log, write_atomically  # noqa: E402

# ---------------------------------------------------------------- helpers


class Progress:
    """The progress line: chunks and positions done, their rate, the ETA."""

    def __init__(self, job, chunks, skipped):
        self.job, self.chunks, self.done, self.positions = job, chunks, skipped, 0
        self.todo = chunks - skipped
        self.start = time.monotonic()
        self.last = 0.0
        log(f"{job}: {chunks} chunks, {skipped} already done, {self.todo} to run")

    def chunk_done(self, positions):
        self.done += 1
        self.positions += positions
        now = time.monotonic()
        if now - self.last >= 1.0 or self.done == self.chunks:
            self.last = now
            elapsed = max(now - self.start, 1e-3)
            ran = self.done - (self.chunks - self.todo)
            eta = duration((self.todo - ran) * elapsed / ran) if ran else "?"
            log(
                f"{self.job}: {self.done}/{self.chunks} chunks, {self.positions} positions, "
                f"{self.positions / elapsed:.1f} positions/s, elapsed {duration(elapsed)}, "
                f"ETA {eta}"
            )


def run_tasks(job, submit, chunks, done, write):
    """Runs `submit(k)` (a Ray object ref) for every chunk `k` not in
    `done`, writing each result with `write(k, result)` (which returns the
    chunk's position count) as it arrives."""
    todo = [k for k in range(chunks) if k not in done]
    progress = Progress(job, chunks, chunks - len(todo))
    pending = {submit(k): k for k in todo}
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            k = pending.pop(ref)
            progress.chunk_done(write(k, ray.get(ref)))
    log(f"{job}: done")


# ---------------------------------------------------------------- analyze


def score_json(score):
    return {"mate": score.mate} if score.is_mate() else {"cp": score.cp}


@ray.remote
def analyze_chunk(games, limits, threads, hash_mb):
    """Analyses a chunk's games (dicts of `start_fen`, `moves`, ...); one
    JSON text a game."""
    engine = xiangqi_rs.Session(threads=threads, hash_mb=hash_mb)
    lines = []
    for g in games:
        engine.clear()
        board = xiangqi_rs.Board(g["start_fen"])
        plies = []
        stopped = None
        for text in g["moves"]:
            if board.outcome() is not None:
                # The record goes on after a verdict of the rules (players
                # who did not claim a repetition): the analysis stops here.
                stopped = f"the game is over at ply {len(plies)}: {board.outcome()}"
                break
            r = engine.search(board, **limits)
            plies.append(
                {
                    "ply": len(plies),
                    "move": text,
                    "best": str(r.best_move) if r.best_move else None,
                    "score": score_json(r.score),
                    "depth": r.depth,
                    "nodes": r.nodes,
                    "pv": [str(m) for m in r.pv],
                }
            )
            board.push(xiangqi_rs.Move.from_iccs(text))
        # The loss of each move: the best score minus the score after it
        # (the next position's, from the other side), in centipawns.
        for i, p in enumerate(plies):
            after = plies[i + 1]["score"] if i + 1 < len(plies) else None
            if "cp" in p["score"] and after is not None and "cp" in after:
                p["cp_loss"] = max(0, p["score"]["cp"] + after["cp"])
        outcome = board.outcome()
        record = {
            "game": g["index"],
            "tags": g["tags"],
            "result": g["result"],
            "start_fen": g["start_fen"],
            "moves": plies,
            "outcome": None
            if outcome is None
            else {"winner": outcome.winner, "reason": outcome.reason, "text": str(outcome)},
        }
        if stopped is not None:
            record["stopped"] = stopped
        lines.append(json.dumps(record, ensure_ascii=False))
    return lines


def read_database(path):
    """The games of a PGN file (UTF-8, else GB18030, the encoding of many
    Chinese databases) as plain dicts, and how many records were skipped."""
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("gb18030", errors="replace")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", xqpgn.PgnWarning)
        games = xqpgn.read_games(text)
    skipped = sum(1 for w in caught if issubclass(w.category, xqpgn.PgnWarning))
    out = [
        {
            "index": i,
            "tags": dict(g.tags),
            "result": g.result,
            "start_fen": g.start_fen(),
            "moves": [str(m) for m in g.moves],
        }
        for i, g in enumerate(games)
    ]
    return out, skipped, hashlib.sha256(raw).hexdigest()


def analyze(args):
    limits = {
        k: v
        for k, v in (("depth", args.depth), ("nodes", args.nodes), ("movetime_ms", args.movetime))
        if v is not None
    }
    if not limits:
        limits = {"depth": 8}
    games, skipped, digest = read_database(args.database)
    if skipped:
        log(f"analyze: {args.database}: {skipped} records could not be read and are skipped")
    per = args.games_per_chunk
    chunks = (len(games) + per - 1) // per
    check_run(
        args.out,
        {
            "job": "analyze",
            "database_sha256": digest,
            "games": len(games),
            "games_per_chunk": per,
            "limits": limits,
        },
    )

    def path(k):
        return os.path.join(args.out, f"analysis-{k:06d}.jsonl")

    done = {k for k in range(chunks) if os.path.exists(path(k))}

    def submit(k):
        return analyze_chunk.options(num_cpus=args.threads).remote(
            games[k * per : (k + 1) * per], limits, args.threads, args.hash_mb
        )

    def write(k, lines):
        write_atomically(path(k), "".join(line + "\n" for line in lines).encode("utf-8"))
        return sum(len(g["moves"]) for g in games[k * per : (k + 1) * per])

    run_tasks("analyze", submit, chunks, done, write)


# ---------------------------------------------------------------- selfplay


@ray.remote(num_cpus=1)
def selfplay_chunk(seed, index, games, nodes, network, openings, games_file=False):
    generate = xqdata.generate_games if games_file else xqdata.generate_chunk
    return generate(
        seed=seed, index=index, games=games, nodes=nodes, network=network, openings=openings
    )


def read_data(path, data):
    """The chunk of a chunk file's or a game file's bytes."""
    return xqdata.read_games(data) if path.endswith(".xqg") else xqdata.read_chunk(data)


def whole_chunk(path):
    """Whether `path` is a chunk or game file that reads back whole."""
    try:
        with open(path, "rb") as f:
            read_data(path, f.read())
        return True
    except (OSError, ValueError):
        return False


def selfplay(args):
    network = open(args.network, "rb").read() if args.network else None
    openings = open(args.openings, encoding="utf-8").read() if args.openings else None
    # Fails early on a bad network file (NetworkError).
    xqdata.chunk_name(seed=args.seed, index=0, nodes=args.nodes, network=network)
    sha = lambda b: hashlib.sha256(b).hexdigest() if b is not None else None  # noqa: E731
    params = {
        "job": "selfplay",
        "seed": args.seed,
        "nodes": args.nodes,
        "games_per_chunk": args.games_per_chunk,
        "network_sha256": sha(network),
        "openings_sha256": sha(openings.encode("utf-8") if openings else None),
    }
    games_file = args.format == "games"
    if games_file:
        params["format"] = "games"  # chunk runs keep the run.json they had
    check_run(args.out, params)
    name_of = xqdata.games_name if games_file else xqdata.chunk_name

    def path(k):
        name = name_of(seed=args.seed, index=k, nodes=args.nodes, network=network)
        return os.path.join(args.out, name)

    done = {k for k in range(args.chunks) if whole_chunk(path(k))}
    network_ref = ray.put(network)

    def submit(k):
        return selfplay_chunk.remote(
            args.seed, k, args.games_per_chunk, args.nodes, network_ref, openings, games_file
        )

    def write(k, data):
        write_atomically(path(k), data)
        return len(read_data(path(k), data))

    run_tasks("selfplay", submit, args.chunks, done, write)


# ---------------------------------------------------------------- main


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Game-database analysis, self-play data and engine matches across a "
        "Ray cluster."
    )
    parser.add_argument(
        "--address", default="auto", help="the Ray cluster (default: auto, the local one)"
    )
    sub = parser.add_subparsers(dest="job", required=True)

    a = sub.add_parser("analyze", help="analyse every position of a PGN database")
    a.add_argument("database", help="a PGN file")
    a.add_argument("--out", required=True, help="the output folder")
    a.add_argument("--games-per-chunk", type=int, default=20)
    a.add_argument("--depth", type=int, help="search depth per position (default 8)")
    a.add_argument("--nodes", type=int, help="nodes per position")
    a.add_argument("--movetime", type=int, help="milliseconds per position")
    a.add_argument("--threads", type=int, default=1, help="search threads per task")
    a.add_argument("--hash-mb", type=int, default=16)

    s = sub.add_parser("selfplay", help="self-play training data in datagen's format")
    s.add_argument("--out", required=True, help="the output folder")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--chunks", type=int, default=100)
    s.add_argument("--games-per-chunk", type=int, default=100)
    s.add_argument("--nodes", type=int, default=6000)
    s.add_argument("--network", help="a .nnue file (default: the classical evaluator)")
    s.add_argument("--openings", help="an openings file (default: the match openings)")
    s.add_argument(
        "--format",
        choices=["chunks", "games"],
        default="chunks",
        help="chunk files (.xqd, the default) or game files (.xqg, a few bytes a position)",
    )

    m = sub.add_parser(
        "match",
        help="an engine match, one task a game pair, stopped by an SPRT",
        usage="%(prog)s --out DIR [options] -- MATCH ARGUMENTS",
        description="Plays `xiangqi-tools match MATCH ARGUMENTS` (the engines, "
        "--nodes/--movetime/--tc, openings, rules, adjudication: everything after `--`) "
        "one game pair a Ray task, until the SPRT decides or --pairs pairs are played. "
        "A rerun resumes.",
    )
    m.add_argument("--out", required=True, help="the output folder")
    m.add_argument(
        "--tools",
        "--engine",
        dest="engine",
        help="the xiangqi-tools binary whose `match` runs each pair "
        "(default: on PATH, else target/release; --engine is its old name)",
    )
    m.add_argument("--pairs", type=int, default=1000, help="most pairs to play (default 1000)")
    m.add_argument(
        "--sprt",
        type=float,
        nargs=2,
        metavar=("ELO0", "ELO1"),
        help="stop once an SPRT accepts H0 (ELO0) or H1 (ELO1)",
    )
    m.add_argument("--alpha", type=float, default=0.05, help="the SPRT's alpha (default 0.05)")
    m.add_argument("--beta", type=float, default=0.05, help="the SPRT's beta (default 0.05)")
    m.add_argument(
        "--sprt-model",
        choices=("normalized", "logistic"),
        default="normalized",
        help="what ELO0 and ELO1 mean: normalized Elo (default, as fastchess) or logistic Elo",
    )
    m.add_argument("--pgn", action="store_true", help="keep each pair's games as PGN")
    m.add_argument("--cpus-per-task", type=int, default=1, help="CPUs a pair needs (default 1)")
    m.add_argument(
        "--tasks",
        type=int,
        help="most tasks at once (default: the cluster's CPUs / --cpus-per-task)",
    )

    argv = list(sys.argv[1:] if argv is None else argv)
    passthrough = []
    if "--" in argv:
        i = argv.index("--")
        argv, passthrough = argv[:i], argv[i + 1 :]
    args = parser.parse_args(argv)
    if passthrough and args.job != "match":
        parser.error("arguments after `--` are for `match` only")
    for name in (
        "games_per_chunk",
        "chunks",
        "nodes",
        "threads",
        "hash_mb",
        "depth",
        "movetime",
        "pairs",
        "cpus_per_task",
        "tasks",
    ):
        value = getattr(args, name, None)
        if value is not None and value < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")

    def connect():
        ray.init(address=args.address, log_to_driver=True, logging_level="warning")

    try:
        if args.job == "match":
            ray_match.run(args, passthrough, connect)
        else:
            connect()
            analyze(args) if args.job == "analyze" else selfplay(args)
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
