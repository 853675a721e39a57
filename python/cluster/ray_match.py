"""The ``match`` job of ``xiangqi_ray.py``: an engine match across a Ray
cluster, one task a game pair, stopped by one SPRT, resumable.

``xiangqi_ray.py match --out DIR [--pairs N] [--sprt E0 E1] -- MATCH ARGS``

Each task plays one pair (the two games of an opening, colours swapped)
with ``xiangqi-tools match MATCH ARGS --first-game 2k --games 2 --results
FILE`` on a worker, and hands back the two result lines. The driver (this
script) writes them to ``DIR/pairs/pair-<k>.jsonl`` (atomically: the file
is there whole or not at all; with ``--pgn``, the games to
``DIR/pairs/pair-<k>.pgn`` first), recomputes the SPRT over every pair
written with ``xiangqi-tools sprt --json`` (the one implementation of its
arithmetic: pentanomial counts, LLR, bounds, Elo; its input, every pair's
lines, is ``DIR/all-pairs.jsonl``), prints a progress line,
and stops once the SPRT accepts a hypothesis or ``--pairs`` pairs are
played: the tasks still out are cancelled and ``DIR/summary.json`` written.

Pairs finish out of order; the SPRT counts the pairs completed, whatever
their numbers, as fishtest does. Pairs of short games (often decisive ones)
finish first, so the pairs counted at a stop lean slightly toward them, a
small effect fishtest accepts too.

A rerun of the same command resumes: the pairs in ``DIR/pairs`` are not
played again, and a run the SPRT has decided plays nothing and reports.
``DIR/run.json`` holds the run's parameters (the match arguments, the SPRT,
and the SHA-256 of the runner binary, of each engine's program and of each
file the match arguments name); a rerun with others is refused. ``--pairs``
is not among them: a rerun with more pairs extends the run.
"""

import glob
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import ray

from ray_common import check_run, duration, log, write_atomically

# The match arguments the driver sets itself, per task.
RESERVED = {
    "--games": "the driver plays one pair a task (use --pairs)",
    "--first-game": "the driver numbers the pairs",
    "--results": "the driver collects the results",
    "--resume": "a rerun of this script resumes the run, pair by pair",
    "--sprt": "use the driver's --sprt (one SPRT for the whole run)",
    "--sprt-pairs": "use the driver's --sprt",
    "--concurrency": "a task plays one pair; the cluster runs tasks at once",
    "--pgn": "use the driver's --pgn",
    "--pgn-dir": "use the driver's --pgn",
    "--pyffish": "not supported across a cluster",
}

SUMMARY_FILE = "summary.json"
PAIRS_DIR = "pairs"


class MatchError(Exception):
    """A pair the runner could not play (its exit status and last output)."""


# ---------------------------------------------------------------- the task


def play_pair(engine, match_args, pair, pgn, cwd):
    """Plays pair `pair` (games 2·pair and 2·pair+1) with the runner
    `engine`; returns its two result lines (JSON texts), the PGN text of the
    games if `pgn`, and the seconds it took. Runs in `cwd` (the driver's
    folder) when the worker has it, so relative paths in the match
    arguments mean the same as on the driver's machine.

    A cancelled task (``ray.cancel(force=True)``) stops its runner: Ray
    kills the child processes of a worker it kills (on Linux), and the
    runner's engines then read the end of their input and quit (tested).
    A gentle cancel interrupts the wait here, and the runner is killed."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="xiangqi-pair-") as tmp:
        results = os.path.join(tmp, "results.jsonl")
        games = os.path.join(tmp, "games.pgn")
        cmd = [engine, "match", *match_args, "--first-game", str(2 * pair), "--games", "2"]
        cmd += ["--results", results] + (["--pgn", games] if pgn else [])
        p = subprocess.Popen(
            cmd,
            cwd=cwd if os.path.isdir(cwd) else tmp,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        try:
            output, _ = p.communicate()
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        output = output.decode("utf-8", errors="replace")
        lines = []
        if os.path.exists(results):
            with open(results, encoding="utf-8") as f:
                lines = [line.strip() for line in f if line.strip()]
        problem = None if p.returncode == 0 else f"exit status {p.returncode}"
        problem = problem or pair_problem(pair, lines)
        if problem:
            tail = "\n".join(output.strip().splitlines()[-15:])
            raise MatchError(f"pair {pair}: {problem}\n$ {shlex.join(cmd)}\n{tail}")
        text = None
        if pgn:
            with open(games, encoding="utf-8") as f:
                text = f.read()
        return {"lines": lines, "pgn": text, "seconds": time.monotonic() - start}


def pair_problem(pair, lines):
    """What is wrong with a pair's result lines, or None: two JSON objects,
    games 2·pair and 2·pair+1, engine 1's score 0, ½ or 1 in each."""
    try:
        records = [json.loads(line) for line in lines]
    except ValueError as e:
        return f"a result line is not JSON ({e})"
    games = [r.get("game") if isinstance(r, dict) else None for r in records]
    if sorted(games, key=str) != sorted([2 * pair, 2 * pair + 1], key=str):
        return f"results of games {games}, not of games {2 * pair} and {2 * pair + 1}"
    if any(r.get("score1") not in (0, 0.5, 1) for r in records):
        return "a result without engine 1's score (score1)"
    return None


# ---------------------------------------------------------------- the driver


def find_engine(given):
    """The runner binary (`xiangqi-tools`, whose `match` plays each pair):
    `given`, else `xiangqi-tools` on PATH, else the repository's
    target/release build; an absolute path (the workers run elsewhere)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    candidates = (
        [given]
        if given
        else [
            shutil.which("xiangqi-tools"),
            os.path.join(root, "target", "release", "xiangqi-tools"),
        ]
    )
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    sys.exit(
        f"--tools {given}: not an executable file"
        if given
        else "no xiangqi-tools on PATH or in target/release: build it "
        "(cargo build --release -p xiangqi-tools) or give --tools PATH"
    )


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run_params(args, engine, match_args):
    """The parameters a rerun must repeat: the match arguments, the SPRT,
    and the SHA-256 of the runner, of each engine's program (the first word
    of --engine1/--engine2) and of every file the match arguments name, so
    that a rebuilt engine does not join an old run."""
    params = {
        "job": "match",
        "match_args": match_args,
        "sprt": args.sprt,
        "alpha": args.alpha,
        "beta": args.beta,
        "sprt_model": args.sprt_model,
        "pgn": args.pgn,
        "sha256 of the runner": sha256_file(engine),
    }
    for i, word in enumerate(match_args):
        paths = [word]
        command = None
        if i > 0 and match_args[i - 1] in ("--engine1", "--engine2"):
            command = word
        elif word.startswith(("--engine1=", "--engine2=")):
            command = word.split("=", 1)[1]
        if command is not None:
            try:
                program = shlex.split(command)[0]
            except (ValueError, IndexError):
                continue
            paths = [shutil.which(program) or program]
        for path in paths:
            if os.path.isfile(path):
                params[f"sha256 of {path}"] = sha256_file(path)
    return params


def pair_path(out, pair, ext="jsonl"):
    return os.path.join(out, PAIRS_DIR, f"pair-{pair:06d}.{ext}")


def read_pairs(out):
    """The pairs written in `out`: {pair number: its result lines}. A file
    that is not a whole pair (edited by hand) is left out, and played again."""
    done = {}
    for path in glob.glob(os.path.join(out, PAIRS_DIR, "pair-*.jsonl")):
        try:
            k = int(os.path.basename(path)[len("pair-") : -len(".jsonl")])
            with open(path, encoding="utf-8") as f:
                lines = [line.strip() for line in f if line.strip()]
        except (ValueError, OSError):
            continue
        if pair_problem(k, lines) is None:
            done[k] = lines
        else:
            log(f"match: {path} is not a whole pair: it is played again")
    return done


class Sprt:
    """The SPRT (or without --sprt, the tally and Elo) of the pairs done,
    as ``xiangqi-tools sprt --json`` computes it from their results."""

    def __init__(self, engine, out, args):
        self.engine, self.args = engine, args
        self.input = os.path.join(out, "all-pairs.jsonl")

    def __call__(self, done):
        if not done:
            return None
        lines = [line for k in sorted(done) for line in done[k]]
        write_atomically(self.input, "".join(line + "\n" for line in lines).encode("utf-8"))
        e0, e1 = self.args.sprt or (0.0, 5.0)
        cmd = [self.engine, "sprt", "--results", self.input, "--elo0", str(e0), "--elo1", str(e1)]
        cmd += ["--alpha", str(self.args.alpha), "--beta", str(self.args.beta)]
        cmd += ["--model", self.args.sprt_model, "--json"]
        r = subprocess.run(cmd, check=False, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"match: {shlex.join(cmd)} failed:\n{r.stderr.strip()}")
        status = json.loads(r.stdout)
        if not self.args.sprt:
            # No test asked for: only the counts and the Elo estimate.
            for key in ("llr", "lower", "upper", "decision"):
                status.pop(key, None)
        return status


def status_line(status):
    if status is None:
        return "no pairs yet"

    def elo(key):
        # The sprt tool gives null for an infinite Elo (a perfect score).
        value = status.get(key)
        return ("+inf" if key != "elo_low" else "-inf") if value is None else f"{value:+.1f}"

    text = (
        f"{status['pairs']} pairs, W {status['wins']} D {status['draws']} L {status['losses']}, "
        f"penta {status['penta']}, Elo {elo('elo')} [{elo('elo_low')}, {elo('elo_high')}]"
    )
    if "llr" in status:
        text += f", LLR {status['llr']:.2f} [{status['lower']:.2f}, {status['upper']:.2f}]"
        if status.get("decision"):
            text += f": {status['decision']} accepted"
    return text


def write_summary(out, status, stopped, played, seconds):
    summary = {
        "stopped": stopped,
        "played_this_run": played,
        "seconds_this_run": round(seconds, 1),
        "result": status,
    }
    path = os.path.join(out, SUMMARY_FILE)
    write_atomically(path, (json.dumps(summary, indent=1) + "\n").encode("utf-8"))
    log(f"match: {stopped}: {status_line(status)}; {path}")


def run(args, match_args, connect):
    """The match job; `connect()` joins the Ray cluster (only once there is
    something to play)."""
    for word in match_args:
        name = word.split("=", 1)[0]
        if name in RESERVED:
            sys.exit(f"match: {name} in the match arguments: {RESERVED[name]}")
    if args.sprt and not args.sprt[0] < args.sprt[1]:
        sys.exit("match: --sprt E0 E1 needs E0 < E1")
    for name in ("alpha", "beta"):
        if not 0 < getattr(args, name) < 0.5:
            sys.exit(f"match: --{name} must be between 0 and 0.5")
    engine = find_engine(args.engine)
    out = args.out
    check_run(out, run_params(args, engine, match_args))
    os.makedirs(os.path.join(out, PAIRS_DIR), exist_ok=True)
    sprt = Sprt(engine, out, args)
    done = read_pairs(out)
    status = sprt(done)
    start = time.monotonic()
    if status and status.get("decision"):
        log(f"match: the SPRT has decided already ({len(done)} pairs): nothing to play")
        write_summary(out, status, "sprt", 0, 0.0)
        return
    todo = [k for k in range(args.pairs) if k not in done]
    log(f"match: {args.pairs} pairs, {len(done)} already done, {len(todo)} to play")
    if not todo:
        write_summary(out, status, "pairs", 0, 0.0)
        return

    connect()
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    task = ray.remote(play_pair).options(num_cpus=args.cpus_per_task, max_retries=2)
    cpus = ray.cluster_resources().get("CPU", 1)
    slots = args.tasks or max(1, int(cpus // args.cpus_per_task))
    log(f"match: {slots} tasks at once ({cpus:g} CPUs in the cluster)")
    cwd = os.getcwd()
    queue = list(reversed(todo))
    pending = {}
    played, stopped = 0, "pairs"
    try:
        while queue or pending:
            while queue and len(pending) < slots:
                k = queue.pop()
                pending[task.remote(engine, match_args, k, args.pgn, cwd)] = k
            ready, _ = ray.wait(list(pending), num_returns=1)
            k = pending.pop(ready[0])
            try:
                result = ray.get(ready[0])
            except ray.exceptions.RayError as e:
                # A MatchError's text (the runner's command and last output),
                # else Ray's own account.
                sys.exit(f"match: {getattr(e, 'cause', None) or e}")
            if args.pgn:
                write_atomically(pair_path(out, k, "pgn"), result["pgn"].encode("utf-8"))
            text = "".join(line + "\n" for line in result["lines"])
            write_atomically(pair_path(out, k), text.encode("utf-8"))
            done[k] = result["lines"]
            played += 1
            status = sprt(done)
            elapsed = time.monotonic() - start
            log(
                f"match: pair {k} in {result['seconds']:.1f}s; {status_line(status)}; "
                f"{played} played, {played * 60 / max(elapsed, 1e-3):.1f} pairs/min, "
                f"elapsed {duration(elapsed)}"
            )
            if status.get("decision"):
                stopped = "sprt"
                break
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
    write_summary(out, status, stopped, played, time.monotonic() - start)
