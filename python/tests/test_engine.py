"""The engine: published mates, limits, the GIL released, stop()."""

import threading
import time
from pathlib import Path

import pytest

import xiangqi_rs
from xiangqi_rs import Board, Move, Session
from conftest import data_lines


def test_mate_in_one():
    started = time.monotonic()
    r = Session().search(Board("4k4/1R7/9/9/9/9/9/9/9/R2K5 w"), depth=4)
    elapsed = time.monotonic() - started
    assert r.best_move == Move.from_iccs("a0a9")
    assert r.pv[0] == r.best_move
    assert r.score.mate == 1 and r.score.cp is None and r.score.is_mate()
    assert str(r.score) == "mate 1"
    assert r.depth >= 1 and r.nodes > 0
    # The search's own time: within the call's wall-clock time.
    assert 0 < r.time <= elapsed, (r.time, elapsed)
    assert "a0a9" in repr(r)


def test_published_mates():
    # Mate-in-N puzzles (play.xiangqi.com; tests/suite/tests/data/mates.txt).
    # Depth as the library's own test gives the network evaluator: 2n + 2
    # plies and 4 more to prove the mate.
    all_rows = data_lines("mates.txt")
    rows = [r for r in all_rows if r[1] == "1"][:4] + [r for r in all_rows if r[1] == "2"][:3]
    assert len(rows) == 7
    engine = Session(hash_mb=8)
    for fen, n, solution, *_ in rows:
        board = Board(fen)
        engine.clear()
        r = engine.search(board, depth=2 * int(n) + 6)
        assert r.score.mate == int(n), fen
        if int(n) == 1:
            board.push(r.best_move)
            assert board.is_checkmate()
        else:
            assert r.best_move is not None and board.is_legal(r.best_move)
        assert Move.from_iccs(solution.split()[0]) in Board(fen).legal_moves


def test_score_centipawns():
    r = Session().search(Board(), depth=3)
    assert r.score.mate is None and isinstance(r.score.cp, int)
    assert r.best_move in Board().legal_moves
    assert str(r.score).startswith("cp ")


def test_nodes_and_movetime_limits():
    e = Session()
    r = e.search(Board(), nodes=2000)
    assert r.best_move is not None
    t = time.monotonic()
    r = e.search(Board(), movetime_ms=100)
    assert r.best_move is not None
    assert time.monotonic() - t < 5


def test_no_limit_raises():
    with pytest.raises(ValueError, match="no limit"):
        Session().search(Board())


def test_bad_settings():
    with pytest.raises(ValueError):
        Session(threads=0)
    with pytest.raises(ValueError):
        Session(hash_mb=0)


def test_no_legal_move():
    b = Board("2ra1k3/9/b4R3/p1p6/9/P8/9/B8/9/4KA3 b - - 0 37")
    r = Session().search(b, depth=2)
    assert r.best_move is None and r.pv == []


def test_search_uses_the_game_history():
    # Red to move after Black's chariot chased Red's... the board keeps its
    # moves: searching a board with history works and is legal.
    b = Board("5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1")
    for m in "a3c4 e5b5 c4a3 b5e5 a3c4 e5b5 c4a3".split():
        b.push_str(m)
    r = Session().search(b, depth=3)
    assert r.best_move is not None and b.is_legal(r.best_move)


def test_two_threads_search_at_once():
    # Each search takes ~0.4 s of wall time; with the GIL released the two
    # run side by side (the machine may be busy, so only check that both
    # finish and that they overlapped in time).
    results = {}
    spans = {}

    def run(name):
        start = time.monotonic()
        results[name] = Session().search(Board(), movetime_ms=400)
        spans[name] = (start, time.monotonic())

    threads = [threading.Thread(target=run, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert set(results) == {"a", "b"}
    assert all(r.best_move is not None for r in results.values())
    (a0, a1), (b0, b1) = spans["a"], spans["b"]
    assert a0 < b1 and b0 < a1, "the searches did not overlap: the GIL was held"


def test_main_thread_runs_while_searching():
    engine = Session()
    done = threading.Event()
    result = []

    def run():
        result.append(engine.search(Board(), movetime_ms=500))
        done.set()

    t = threading.Thread(target=run)
    t.start()
    # The GIL is free: Python code runs while the search goes on.
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.01)
    t.join()
    assert ticks > 10
    assert result[0].best_move is not None


def test_stop_from_another_thread():
    engine = Session()
    result = []
    t = threading.Thread(target=lambda: result.append(engine.search(Board(), movetime_ms=120_000)))
    start = time.monotonic()
    t.start()
    time.sleep(0.3)
    engine.stop()
    t.join(timeout=30)
    assert not t.is_alive()
    assert time.monotonic() - start < 20
    assert result and result[0].best_move is not None
    # The engine searches again after a stop.
    assert engine.search(Board(), depth=2).best_move is not None


def test_configure_reaches_levels_book_and_network(tmp_path):
    e = Session()
    e.configure({"UCI_LimitStrength": True, "UCI_Elo": 1500, "OwnBook": True, "MultiPV": 3})
    # The book answers the start position at once, with a book move.
    r = e.search(Board(), depth=20)
    assert r.best_move in Board().legal_moves and r.nodes == 0
    # A network file, by path (the repository's copy of the embedded one),
    # then the classical evaluator, then the embedded network again.
    net = Path(__file__).resolve().parents[2] / "src" / "eval" / "nnue" / "default.nnue"
    e.configure({"OwnBook": False, "UCI_LimitStrength": False, "EvalFile": str(net)})
    assert e.search(Board(), depth=3).depth >= 3
    e.configure({"Use NNUE": False})
    classical = e.search(Board(), depth=3).score
    e.configure({"Use NNUE": True, "EvalFile": "<embedded>"})
    assert e.search(Board(), depth=3).score != classical


def test_configure_refuses_bad_options_whole(tmp_path):
    e = Session()
    with pytest.raises(ValueError, match="Contempt"):
        e.configure({"Contempt": 10})
    with pytest.raises(ValueError, match="UCI_Elo"):
        e.configure({"UCI_Elo": 10**30})
    with pytest.raises(ValueError, match="MultiPV"):
        e.configure({"MultiPV": 0})
    with pytest.raises(ValueError, match="Skill Level"):
        e.configure({"Skill Level": "strong"})
    junk = tmp_path / "junk.nnue"
    junk.write_bytes(b"not a network")
    # All or none: Threads is not set when EvalFile is refused.
    with pytest.raises(ValueError, match="EvalFile"):
        e.configure({"Threads": 2, "EvalFile": str(junk)})
    with pytest.raises(ValueError, match="BookFile"):
        e.configure({"BookFile": str(tmp_path / "missing.xqb")})
    assert e.options["Threads"].default == 1


def test_options_list_defaults_and_ranges():
    opts = Session().options
    assert opts["Hash"].type == "spin" and opts["Hash"].default == 16
    assert (opts["Hash"].min, opts["Hash"].max) == (1, 65536)
    assert opts["UCI_LimitStrength"].type == "check" and opts["UCI_LimitStrength"].default is False
    assert opts["Chase Rule"].var == ["asian", "fairy-stockfish", "none"]
    assert opts["EvalFile"].default == "<embedded>"
    for name in ["Threads", "MultiPV", "Skill Level", "UCI_Elo", "OwnBook", "Use NNUE",
                 "Move Limit", "Move Overhead"]:
        assert name in opts
    assert "EngineOption(" in repr(opts["Hash"])


def test_bad_integers_are_value_errors():
    for bad in [dict(threads=-1), dict(threads=10**30), dict(hash_mb=-3), dict(threads=True)]:
        with pytest.raises(ValueError):
            Session(**bad)
    e = Session()
    for bad in [dict(movetime_ms=-5), dict(nodes=10**30), dict(depth=-1), dict(depth="3")]:
        with pytest.raises(ValueError):
            e.search(Board(), **bad)


def test_hash_above_half_the_free_memory_is_refused():
    with pytest.raises(ValueError, match="Hash"):
        Session(hash_mb=65536)


def test_a_composed_study_is_searched():
    # A black soldier on its own back rank: only composed studies have it.
    study = "3k1p3/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"
    r = Session().search(Board(study), depth=6)
    assert r.score.mate == 2


def test_configure_takes_ucci_names_and_bytes():
    # The session's one lookup: UCI or UCCI names, any case, with or
    # without spaces.
    e = Session()
    e.configure({"hashsize": 8, "usebook": True, "SKILL LEVEL": 5, "movelimit": "50"})
    # The book is on: the start position is answered from it at once.
    assert e.search(Board(), depth=20).nodes == 0
    net = Path(__file__).resolve().parents[2] / "src" / "eval" / "nnue" / "default.nnue"
    e.configure({"evalfile": net.read_bytes(), "usebook": False})
    assert e.search(Board(), depth=2).depth >= 2
    with pytest.raises(ValueError, match="EvalFile"):
        e.configure({"evalfile": b"not a network"})


def test_limits_follow_the_sessions_rule():
    e = Session()
    # A depth is 1 to 255, nodes at least 1, and some limit is given.
    for bad, message in [(dict(depth=0), "depth"), (dict(depth=256), "depth"),
                         (dict(nodes=0), "nodes"), (dict(), "no limit")]:
        with pytest.raises(ValueError, match=message):
            e.search(Board(), **bad)
    assert e.search(Board(), depth=1).depth >= 1
    assert e.search(Board(), depth=255, nodes=2000).best_move is not None


def test_stop_before_the_search_is_forgotten():
    # stop() with no search under way does not cut the next one short.
    e = Session()
    e.stop()
    assert e.search(Board(), depth=3).depth >= 3


def test_engine_is_a_deprecated_alias_of_session():
    import xiangqi_rs

    assert "Engine" not in xiangqi_rs.__all__
    with pytest.warns(DeprecationWarning, match="xiangqi_rs.Session"):
        cls = xiangqi_rs.Engine
    assert cls is Session
    assert Session.__name__ == "Session"
    # The session is not the module that drives engine processes.
    import xiangqi_rs.engine as processes

    assert processes is not Session and not hasattr(processes, "Session")
    assert Board.__name__ == "Board" and Move.__name__ == "Move"
