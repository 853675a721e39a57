"""python/cluster/xiangqi_ray.py on a real local Ray cluster (`ray start
--head` on 127.0.0.1, not local mode; the `cluster` fixture of conftest.py):
both data jobs, interrupted after their first chunk and resumed, their
output checked. The match job: test_cluster_match.py."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import kill_after_first

pytest.importorskip("ray")

import xiangqi_rs  # noqa: E402
from xiangqi_rs import data as xqdata  # noqa: E402
from xiangqi_rs import pgn as xqpgn  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "python" / "cluster" / "xiangqi_ray.py"
DATABASE = ROOT / "tests" / "suite" / "tests" / "data" / "games" / "xqdb_iccs.pgn"


def run(env, *args):
    r = subprocess.run(
        [sys.executable, str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=600
    )
    return r


def interrupt_after_first(env, out, pattern, *args):
    """Runs the script until a first chunk file appears (`kill_after_first`
    of conftest.py); returns the chunk files there then."""
    return kill_after_first([sys.executable, str(SCRIPT), *args], env, out, pattern)


def test_selfplay_is_resumed_and_matches_datagen(cluster, tmp_path):
    out = tmp_path / "data"
    args = ["selfplay", "--out", str(out), "--seed", "11", "--chunks", "8",
            "--games-per-chunk", "3", "--nodes", "3000"]
    first = interrupt_after_first(cluster, out, "*.xqd", *args)
    assert 1 <= len(first) < 8, sorted(first)
    r = run(cluster, *args)
    assert r.returncode == 0, r.stderr
    assert f"8 chunks, {len(first)} already done, {8 - len(first)} to run" in r.stderr
    names = sorted(f.name for f in out.glob("*.xqd"))
    assert names == [xqdata.chunk_name(seed=11, index=k, nodes=3000) for k in range(8)]
    for name, (mtime, data) in first.items():
        assert (out / name).stat().st_mtime_ns == mtime, f"{name} was written again"
        assert (out / name).read_bytes() == data
    # Every chunk is the one datagen writes: the tools binary's own when the
    # CI gives it, else the bindings' generator in this process.
    tools = os.environ.get("XIANGQI_TOOLS")
    if tools:
        ref = tmp_path / "datagen"
        subprocess.run(
            [tools, "datagen", "--out", str(ref), "--seed", "11", "--chunks", "8",
             "--games-per-chunk", "3", "--nodes", "3000", "--threads", "2",
             "--format", "chunks"],
            check=True, capture_output=True, timeout=600,
        )
        for name in names:
            assert (out / name).read_bytes() == (ref / name).read_bytes(), name
    else:
        data = xqdata.generate_chunk(seed=11, index=5, games=3, nodes=3000)
        assert (out / names[5]).read_bytes() == data
    chunks = [xqdata.read_chunk((out / n).read_bytes()) for n in names]
    assert [c.index for c in chunks] == list(range(8))
    assert all(len(c) > 0 for c in chunks)
    # A chunk cut short is played again; the others are kept.
    (out / names[3]).write_bytes((out / names[3]).read_bytes()[:100])
    r = run(cluster, *args)
    assert r.returncode == 0, r.stderr
    assert "8 chunks, 7 already done, 1 to run" in r.stderr
    assert xqdata.read_chunk((out / names[3]).read_bytes()).index == 3
    # Other parameters in the same folder are refused.
    r = run(cluster, *[a if a != "3000" else "1000" for a in args])
    assert r.returncode != 0 and "other parameters (nodes)" in r.stderr


def test_selfplay_writes_game_files(cluster, tmp_path):
    out = tmp_path / "games"
    args = ["selfplay", "--out", str(out), "--seed", "11", "--chunks", "2",
            "--games-per-chunk", "2", "--nodes", "2000", "--format", "games"]
    r = run(cluster, *args)
    assert r.returncode == 0, r.stderr
    names = sorted(f.name for f in out.glob("*.xq?"))
    assert names == [xqdata.games_name(seed=11, index=k, nodes=2000) for k in range(2)]
    data = xqdata.generate_games(seed=11, index=1, games=2, nodes=2000)
    assert (out / names[1]).read_bytes() == data
    chunk = xqdata.generate_chunk(seed=11, index=1, games=2, nodes=2000)
    assert xqdata.read_games(data).positions == xqdata.read_chunk(chunk).positions
    r = run(cluster, *args)
    assert r.returncode == 0 and "2 chunks, 2 already done, 0 to run" in r.stderr


def test_analysis_is_resumed_and_complete(cluster, tmp_path):
    out = tmp_path / "analysis"
    args = ["analyze", str(DATABASE), "--out", str(out), "--games-per-chunk", "2",
            "--depth", "6"]
    first = interrupt_after_first(cluster, out, "analysis-*.jsonl", *args)
    games = xqpgn.read_games(DATABASE.read_text(encoding="utf-8"))
    chunks = (len(games) + 1) // 2
    assert 1 <= len(first) < chunks, sorted(first)
    r = run(cluster, *args)
    assert r.returncode == 0, r.stderr
    assert f"{chunks} chunks, {len(first)} already done" in r.stderr
    for name, (mtime, _) in first.items():
        assert (out / name).stat().st_mtime_ns == mtime, f"{name} was written again"
    records = [
        json.loads(line)
        for f in sorted(out.glob("analysis-*.jsonl"))
        for line in f.read_text(encoding="utf-8").splitlines()
    ]
    assert sorted(r["game"] for r in records) == list(range(len(games)))
    for rec in records:
        game = games[rec["game"]]
        assert rec["tags"] == dict(game.tags)
        played = [p["move"] for p in rec["moves"]]
        assert played == [str(m) for m in game.moves][: len(played)]
        board = xiangqi_rs.Board(rec["start_fen"])
        for p in rec["moves"]:
            best = xiangqi_rs.Move.from_iccs(p["best"])
            assert board.is_legal(best), (rec["game"], p)
            assert p["pv"][0] == p["best"] and p["depth"] >= 1 and p["nodes"] > 0
            assert ("cp" in p["score"]) != ("mate" in p["score"])
            assert p.get("cp_loss", 0) >= 0
            board.push_str(p["move"])
        if len(played) < len(game.moves):
            # The record went on after a verdict (in this database, game 11
            # after a threefold idle repetition at ply 115).
            assert board.outcome() is not None
            assert rec["stopped"] == f"the game is over at ply {len(played)}: {board.outcome()}"
        else:
            assert "stopped" not in rec
    assert sum("stopped" in r for r in records) == 1
