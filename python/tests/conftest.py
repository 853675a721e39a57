"""Shared helpers: the repository's reference data (tests/suite/tests/data),
pyffish's move coordinates, FENs of a few pieces, and the local Ray cluster
of the cluster tests."""

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "tests" / "suite" / "tests" / "data"


def data_lines(name):
    """The non-comment lines of a reference file, split on '|'."""
    out = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split("|"))
    return out


def to_sf(iccs):
    """An ICCS move (ranks 0-9) in pyffish's coordinates (ranks 1-10)."""
    return _shift_ranks(iccs, 1)


def from_sf(text):
    """A pyffish move (ranks 1-10: "a10a9") in ICCS (ranks 0-9)."""
    return _shift_ranks(text, -1)


def _shift_ranks(move, by):
    return re.sub(r"\d+", lambda rank: str(int(rank[0]) + by), move)


def placement_fen(pieces):
    """The piece placement field of a FEN: `pieces` maps (file, rank),
    0-based from Red's side, to a FEN letter."""
    rows = ["".join(pieces.get((f, r), "1") for f in range(9)) for r in range(9, -1, -1)]
    return re.sub("1+", lambda run: str(len(run[0])), "/".join(rows))


def kill_after_first(cmd, env, out, pattern):
    """Starts `cmd` and kills it (SIGKILL: a machine that stops) as soon as
    a first file matching `pattern` appears in `out`; returns those files
    then, as {name: (mtime_ns, bytes)}. (Ctrl-C is not used: Python handles
    it only once `ray.wait` returns, by when more files may be written.)"""
    p = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 300
    while not list(out.glob(pattern)):
        assert p.poll() is None, p.stderr.read()
        assert time.monotonic() < deadline, f"no {pattern} in 300 s"
        time.sleep(0.01)
    p.kill()
    p.wait()
    p.stderr.close()
    return {f.name: (f.stat().st_mtime_ns, f.read_bytes()) for f in out.glob(pattern)}


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def cluster():
    """The environment of a script that talks to a fresh local Ray cluster
    (`ray start --head` on 127.0.0.1, 2 CPUs), shared by the cluster tests
    (test_cluster.py, test_cluster_match.py) and stopped after them.

    Ray is asked to keep to the loopback address:
    `RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0` makes it advertise 127.0.0.1 (by
    default it swaps `--node-ip-address=127.0.0.1` for the machine's outward
    address), and usage statistics are off. Token authentication is off
    (`RAY_AUTH_MODE=disabled`): Ray 2.60 turns it on when a token exists in
    ~/.ray, which any earlier `ray.init()` without an address leaves there,
    and a driver then fails if another one has rewritten it since the
    cluster started; this cluster listens on 127.0.0.1 only. Without Ray installed the tests are
    skipped; a cluster that cannot start fails them with Ray's message (CI
    installs Ray: a broken cluster must not pass untested)."""
    pytest.importorskip("ray")
    ray = Path(sys.executable).parent / "ray"
    port = _free_port()
    env = dict(
        os.environ,
        RAY_USAGE_STATS_ENABLED="0",
        RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0",
        RAY_AUTH_MODE="disabled",
        RAY_ADDRESS=f"127.0.0.1:{port}",
    )
    r = subprocess.run(
        [
            str(ray),
            "start",
            "--head",
            "--node-ip-address=127.0.0.1",
            f"--port={port}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if r.returncode != 0:
        subprocess.run([str(ray), "stop", "--force"], env=env, capture_output=True, timeout=120)
        pytest.fail(f"a local Ray cluster does not start here: {r.stderr.strip()[-500:]}")
    try:
        yield env
    finally:
        subprocess.run([str(ray), "stop", "--force"], env=env, capture_output=True, timeout=120)
