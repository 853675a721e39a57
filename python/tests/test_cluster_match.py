"""`python/cluster/xiangqi_ray.py match` on the local Ray cluster of
conftest.py: a `xiangqi-tools match` runner a pair, two real `xiangqi-engine` processes a game (full strength
against `Skill Level 0`, 1,000 nodes a move), one pair a task; the pair
files, the summary, resuming with more pairs and after a kill, a refused
rerun with other arguments, an SPRT that stops the run before `--pairs`,
a cancelled pair's processes, and a pair that cannot be played.

Needs the engine and tools binaries: `XIANGQI_ENGINE` and `XIANGQI_TOOLS` (the CI sets them),
else target/release/xiangqi-engine and target/release/xiangqi-tools; skipped without them."""

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from conftest import kill_after_first

pytest.importorskip("ray")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "python" / "cluster" / "xiangqi_ray.py"
ENGINE = os.environ.get("XIANGQI_ENGINE") or str(ROOT / "target" / "release" / "xiangqi-engine")
TOOLS = os.environ.get("XIANGQI_TOOLS") or str(ROOT / "target" / "release" / "xiangqi-tools")

pytestmark = pytest.mark.skipif(
    not (os.path.isfile(ENGINE) and os.path.isfile(TOOLS)),
    reason=f"no engine binary at {ENGINE} or no tools binary at {TOOLS} "
    "(set XIANGQI_ENGINE and XIANGQI_TOOLS)",
)


def match_args(marker="engine1", nodes=1000):
    """A lopsided match: games of about 80 plies, a fraction of a second."""
    return [
        "--engine1",
        ENGINE,
        "--engine1-name",
        marker,
        "--engine2",
        ENGINE,
        "--engine2-init",
        "setoption name Skill Level value 0",
        "--nodes",
        str(nodes),
        "--max-plies",
        "200",
    ]


def run(env, out, *args, match=None):
    cmd = [sys.executable, str(SCRIPT), "match", "--tools", TOOLS, "--out", str(out), *args]
    cmd += ["--", *(match or match_args())]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)


def pair_files(out):
    return {f.name: (f.stat().st_mtime_ns, f.read_bytes()) for f in (out / "pairs").iterdir()}


def records(out):
    return [
        json.loads(line)
        for f in sorted((out / "pairs").glob("pair-*.jsonl"))
        for line in f.read_text(encoding="utf-8").splitlines()
    ]


def summary(out):
    return json.loads((out / "summary.json").read_text(encoding="utf-8"))


def check_counts(out, pairs, first=True):
    """The summary's counts are those of the pair files, `pairs` whole
    pairs (the first ones if `first`)."""
    recs = records(out)
    games = sorted(r["game"] for r in recs)
    assert len(games) == 2 * pairs and {g // 2 for g in games} == {g // 2 for g in games[::2]}
    if first:
        assert games == list(range(2 * pairs))
    res = summary(out)["result"]
    assert res["pairs"] == pairs and res["games"] == 2 * pairs
    assert [res["wins"], res["draws"], res["losses"]] == [
        sum(r["score1"] == s for r in recs) for s in (1, 0.5, 0)
    ]
    points = {}
    for r in recs:
        points[r["game"] // 2] = points.get(r["game"] // 2, 0) + r["score1"]
    assert res["penta"] == [sum(p == k / 2 for p in points.values()) for k in range(5)]


def test_results_resume_and_refusals(cluster, tmp_path):
    out = tmp_path / "match"
    r = run(cluster, out, "--pairs", "2", "--pgn")
    assert r.returncode == 0, r.stderr
    assert "2 pairs, 0 already done, 2 to play" in r.stderr
    names = sorted(pair_files(out))
    assert names == ["pair-000000.jsonl", "pair-000000.pgn", "pair-000001.jsonl", "pair-000001.pgn"]
    for rec in records(out):
        # Games 2k and 2k+1: one opening, engine 1 red in one of them.
        assert rec["pair"] == rec["game"] // 2
        assert rec["engine1_red"] == (rec["game"] % 2 == 0)
        assert rec["result"] in ("1-0", "0-1", "1/2-1/2") and rec["plies"] > 0
    pgn = (out / "pairs" / "pair-000001.pgn").read_text(encoding="utf-8")
    assert pgn.count("[Event ") == 2 and '[Red "' in pgn
    assert summary(out)["stopped"] == "pairs" and summary(out)["played_this_run"] == 2
    check_counts(out, 2)
    # Without --sprt the summary has no test in it.
    assert "llr" not in summary(out)["result"]
    first = pair_files(out)

    # More pairs: the two played are kept as they are.
    r = run(cluster, out, "--pairs", "5", "--pgn")
    assert r.returncode == 0, r.stderr
    assert "5 pairs, 2 already done, 3 to play" in r.stderr
    for name, (mtime, data) in first.items():
        assert (out / "pairs" / name).stat().st_mtime_ns == mtime, f"{name} was written again"
        assert (out / "pairs" / name).read_bytes() == data
    assert summary(out)["played_this_run"] == 3
    check_counts(out, 5)

    # Done: a rerun plays nothing (and needs no cluster).
    before = pair_files(out)
    r = run(cluster, out, "--pairs", "5", "--pgn")
    assert r.returncode == 0, r.stderr
    assert "5 pairs, 5 already done, 0 to play" in r.stderr
    assert pair_files(out) == before
    assert summary(out)["played_this_run"] == 0
    check_counts(out, 5)

    # Other match arguments, another SPRT, or a match argument the driver
    # sets itself: refused, nothing written.
    r = run(cluster, out, "--pairs", "6", "--pgn", match=match_args(nodes=999))
    assert r.returncode != 0 and "other parameters (match_args)" in r.stderr
    r = run(cluster, out, "--pairs", "6", "--pgn", "--sprt", "0", "10")
    assert r.returncode != 0 and "other parameters (sprt)" in r.stderr
    r = run(cluster, out, "--pairs", "6", "--pgn", match=match_args() + ["--games", "4"])
    assert r.returncode != 0 and "--games in the match arguments" in r.stderr
    assert pair_files(out) == before


def test_a_killed_run_resumes(cluster, tmp_path):
    """The driver killed (SIGKILL: a machine that stops) once a first pair
    file is written: the rerun keeps the pairs written and plays the rest."""
    out = tmp_path / "killed"
    cmd = [sys.executable, str(SCRIPT), "match", "--tools", TOOLS, "--out", str(out)]
    cmd += ["--pairs", "6", "--", *match_args()]
    first = kill_after_first(cmd, cluster, out, "pairs/pair-*.jsonl")
    assert 1 <= len(first) < 6, sorted(first)
    r = run(cluster, out, "--pairs", "6")
    assert r.returncode == 0, r.stderr
    assert f"6 pairs, {len(first)} already done, {6 - len(first)} to play" in r.stderr
    for name, (mtime, data) in first.items():
        assert (out / "pairs" / name).stat().st_mtime_ns == mtime, f"{name} was written again"
        assert (out / "pairs" / name).read_bytes() == data
    check_counts(out, 6)


def running(marker):
    """The match runners (`xiangqi-tools match ...`) whose command line
    holds `marker`."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                words = f.read().split(b"\0")
        except OSError:
            continue
        if words[1:2] == [b"match"] and marker.encode() in words:
            found.append(pid)
    return found


def test_sprt_stops_the_run_and_a_decided_run_plays_nothing(cluster, tmp_path):
    out = tmp_path / "sprt"
    marker = f"strong-{uuid.uuid4().hex}"
    args = ["--pairs", "60", "--sprt", "0", "200", "--tasks", "2"]
    r = run(cluster, out, *args, match=match_args(marker))
    assert r.returncode == 0, r.stderr
    s = summary(out)
    assert s["stopped"] == "sprt", r.stderr
    res = s["result"]
    assert res["decision"] == "H1" and res["llr"] >= res["upper"]
    # All or nearly all pairs 2-0 (normalized Elo 0 against 200: 7 such
    # pairs decide); Elo is null when infinite.
    assert 1 <= res["pairs"] < 60 and res["penta"][4] >= res["pairs"] - 2
    assert res["elo"] is None or res["elo"] > 200
    assert "H1 accepted" in r.stderr
    # Pairs finish out of order: those done need not be the first ones.
    check_counts(out, res["pairs"], first=False)
    # The tasks still out were cancelled: no runner plays on (their worker
    # processes are killed, and a runner dies with its worker).
    if sys.platform.startswith("linux"):
        deadline = time.monotonic() + 20
        while running(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not running(marker), "a cancelled pair is still being played"
    before = pair_files(out)
    r = run(cluster, out, *args, match=match_args(marker))
    assert r.returncode == 0, r.stderr
    assert "the SPRT has decided already" in r.stderr
    assert pair_files(out) == before and summary(out)["result"] == res


def children(pid):
    """The child processes of `pid` (Linux)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += f.read().split()
        except OSError:
            pass
    return found


def alive(pid):
    """Whether process `pid` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# A driver that starts a slow pair (a minute a move), cancels it as
# ray_match.run does once the SPRT has decided, and reports the runner's
# and its engines' processes before and after. Its own process: Ray reads
# RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER when it is imported.
CANCEL = """
import json, os, sys, time
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import ray, ray_match
from test_cluster_match import alive, children, running
engine, marker, args = sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
ray.init(address=os.environ["RAY_ADDRESS"], logging_level="warning", log_to_driver=False)
ray.cloudpickle.register_pickle_by_value(ray_match)
ref = ray.remote(ray_match.play_pair).remote(engine, args, 0, False, os.getcwd())
deadline, runner, engines = time.monotonic() + 60, [], []
while len(engines) < 2 and time.monotonic() < deadline:
    runner = running(marker)
    engines = children(runner[0]) if runner else []
    # An engine just forked, not yet exec'd, still shows the runner's command line.
    runner = [p for p in runner if p not in engines]
    time.sleep(0.1)
ray.cancel(ref, force=True)
deadline = time.monotonic() + 10
while any(alive(p) for p in runner + engines) and time.monotonic() < deadline:
    time.sleep(0.1)
try:
    ray.get(ref, timeout=30)
    error = None
except ray.exceptions.RayError as e:
    error = type(e).__name__
print(json.dumps({"runner": runner, "engines": engines,
                  "left": [p for p in runner + engines if alive(p)], "error": error}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_cancelled_pair_stops_its_runner_and_engines(cluster):
    """The driver cancels the tasks still out when the SPRT decides
    (`ray.cancel(force=True)` kills their worker processes, and Ray their
    children): the runner and its engines stop with them, not after their
    games (here minutes)."""
    marker = f"slow-{uuid.uuid4().hex}"
    slow = match_args(marker)[:-4] + ["--movetime", "60000"]
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            CANCEL,
            str(SCRIPT.parent),
            str(Path(__file__).parent),
            TOOLS,
            marker,
            json.dumps(slow),
        ],
        env=cluster,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout.splitlines()[-1])
    assert len(report["runner"]) == 1 and len(report["engines"]) == 2, report
    assert report["left"] == [], f"the cancelled pair plays on: {report}"
    assert report["error"] == "TaskCancelledError", report


def test_a_pair_that_cannot_be_played_stops_the_run(cluster, tmp_path):
    out = tmp_path / "broken"
    args = match_args()
    args[args.index("--engine2") + 1] = str(tmp_path / "no-such-engine")
    r = run(cluster, out, "--pairs", "2", match=args)
    assert r.returncode == 1
    # The runner's command line and its own words.
    assert "xiangqi-tools match: " in r.stderr and "no-such-engine" in r.stderr
    assert "--first-game" in r.stderr and "exit status" in r.stderr
    assert list((out / "pairs").iterdir()) == [] and not (out / "summary.json").exists()
