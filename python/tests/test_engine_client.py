"""xiangqi_rs.engine: our engine binary driven over UCI and UCCI as
python-chess drives engines; killed and silent engines fail fast."""

import os
import signal
import sys
import threading
import time

import pytest

import xiangqi_rs
from xiangqi_rs.engine import (
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    Limit,
    PlayResult,
    PovScore,
    SimpleEngine,
)

ENGINE = os.environ.get("XIANGQI_ENGINE")
needs_engine = pytest.mark.skipif(
    not ENGINE or not os.path.exists(ENGINE),
    reason="XIANGQI_ENGINE names no xiangqi-engine binary",
)

# Answers the handshake and isready, never a search.
SILENT = r"""
import sys
log = open(sys.argv[1], "a") if len(sys.argv) > 1 else None
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    w = line.split()
    if w and w[0] in ("uci", "ucci"):
        print(w[0] + "ok", flush=True)
    elif w and w[0] == "isready":
        print("readyok", flush=True)
"""


def popen(protocol):
    if protocol == "uci":
        return SimpleEngine.popen_uci(ENGINE)
    return SimpleEngine.popen_ucci([ENGINE])


def legal_line(board, pv):
    b = board.copy()
    for m in pv:
        if m not in b.legal_moves:
            return False
        b.push(m)
    return True


@needs_engine
@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_play_and_analyse(protocol):
    with popen(protocol) as engine:
        assert engine.protocol == protocol
        board = xiangqi_rs.Board()
        result = engine.play(board, Limit(time=0.1))
        assert isinstance(result, PlayResult)
        assert result.move in board.legal_moves
        board.push(result.move)
        info = engine.analyse(board, Limit(depth=6))
        assert isinstance(info, dict)
        assert info["depth"] >= 6
        assert info["nodes"] > 0
        assert isinstance(info["score"], PovScore)
        assert info["score"].turn == "black"
        assert info["score"].relative == info["score"].black()
        assert info["score"].red() == -info["score"].black()
        assert info["pv"] and all(isinstance(m, xiangqi_rs.Move) for m in info["pv"])
        assert legal_line(board, info["pv"])
        # By nodes, after a few moves: the game's moves are sent.
        for text in ["h9g7", "h0g2"]:
            board.push_str(text)
        result = engine.play(board, Limit(nodes=5000))
        assert result.move in board.legal_moves


@needs_engine
def test_multipv_gives_three_legal_lines():
    with SimpleEngine.popen_uci(ENGINE) as engine:
        board = xiangqi_rs.Board()
        board.push_str("h2e2")
        infos = engine.analyse(board, Limit(depth=5), multipv=3)
        assert isinstance(infos, list) and len(infos) == 3
        assert [i["multipv"] for i in infos] == [1, 2, 3]
        assert all(i["depth"] == 5 and i["nodes"] > 0 for i in infos)
        firsts = {i["pv"][0] for i in infos}
        assert len(firsts) == 3, infos
        for i in infos:
            assert legal_line(board, i["pv"])
        # Without multipv again: one dict (MultiPV is put back to 1).
        single = engine.analyse(board, Limit(depth=4))
        assert isinstance(single, dict) and single.get("multipv", 1) == 1


@needs_engine
def test_ucci_has_one_line():
    # UCCI has no MultiPV: a list of the one line the engine gives.
    with SimpleEngine.popen_ucci(ENGINE) as engine:
        infos = engine.analyse(xiangqi_rs.Board(), Limit(depth=4), multipv=3)
        assert isinstance(infos, list) and len(infos) == 1
        assert infos[0]["depth"] == 4 and infos[0]["nodes"] > 0
        assert legal_line(xiangqi_rs.Board(), infos[0]["pv"])


@needs_engine
def test_configure_sets_an_option():
    with SimpleEngine.popen_uci(ENGINE) as engine:
        engine.configure({"MultiPV": 2, "Hash": 8})
        # The configured MultiPV: the engine searches two lines, the best is returned.
        info = engine.analyse(xiangqi_rs.Board(), Limit(depth=4))
        assert isinstance(info, dict) and info["multipv"] == 1
        assert len(engine.analyse(xiangqi_rs.Board(), Limit(depth=4), multipv=3)) == 3
        with pytest.raises(ValueError):
            engine.configure({"Hash\nquit": 1})
        with pytest.raises(ValueError):
            engine.configure({"Hash": "1\nquit"})
        assert engine.alive()


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_configure_sends_setoption(protocol, tmp_path):
    script, log = tmp_path / "silent.py", tmp_path / "log.txt"
    script.write_text(SILENT)
    popen = SimpleEngine.popen_uci if protocol == "uci" else SimpleEngine.popen_ucci
    with popen([sys.executable, str(script), str(log)], timeout=5.0) as engine:
        engine.configure({"Hash": 64, "Ponder": True, "Clear Hash": None})
    lines = log.read_text().splitlines()
    if protocol == "uci":
        want = [
            "setoption name Hash value 64",
            "setoption name Ponder value true",
            "setoption name Clear Hash",
        ]
    else:
        want = ["setoption Hash 64", "setoption Ponder true", "setoption Clear Hash"]
    assert lines[0] == protocol
    i = lines.index(want[0])
    assert lines[i : i + 4] == want + ["isready"]


@needs_engine
def test_killed_engine_raises_terminated_fast():
    engine = SimpleEngine.popen_uci(ENGINE)
    timer = threading.Timer(0.5, os.kill, (engine.pid, signal.SIGKILL))
    timer.start()
    t = time.monotonic()
    with pytest.raises(EngineTerminatedError):
        engine.analyse(xiangqi_rs.Board(), Limit(depth=60))
    assert time.monotonic() - t < 5
    timer.join()
    assert not engine.alive()
    with pytest.raises(EngineTerminatedError):
        engine.play(xiangqi_rs.Board(), Limit(time=0.1))
    engine.quit()


@needs_engine
def test_gil_is_released_while_waiting():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)

    with SimpleEngine.popen_uci(ENGINE) as engine:
        th = threading.Thread(target=tick)
        th.start()
        engine.play(xiangqi_rs.Board(), Limit(time=0.5))
        done.set()
        th.join()
    assert len(ticks) > 10


def test_silent_engine_times_out():
    # `cat` echoes the handshake but never says uciok.
    t = time.monotonic()
    with pytest.raises(EngineTimeoutError) as e:
        SimpleEngine.popen_uci("cat", timeout=1.0)
    assert isinstance(e.value, EngineError) and isinstance(e.value, TimeoutError)
    assert time.monotonic() - t < 5


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_engine_that_never_answers_a_search_times_out(protocol, tmp_path):
    script = tmp_path / "silent.py"
    script.write_text(SILENT)
    popen = SimpleEngine.popen_uci if protocol == "uci" else SimpleEngine.popen_ucci
    with popen([sys.executable, str(script)], timeout=1.0) as engine:
        engine.configure({"Hash": 8})  # answered: isready
        t = time.monotonic()
        with pytest.raises(EngineTimeoutError):
            engine.play(xiangqi_rs.Board(), Limit(time=0.1))
        assert time.monotonic() - t < 5
        # It owes a reply: later calls fail at once, never hang.
        t = time.monotonic()
        with pytest.raises(EngineError):
            engine.play(xiangqi_rs.Board(), Limit(depth=3))
        assert time.monotonic() - t < 1


def test_no_such_program_and_bad_arguments():
    with pytest.raises(EngineError):
        SimpleEngine.popen_uci("/no/such/engine")
    with pytest.raises(ValueError):
        SimpleEngine.popen_uci("")
    with pytest.raises(ValueError):
        SimpleEngine.popen_uci(["my engine"])
    with pytest.raises(ValueError):
        SimpleEngine.popen_uci("cat", timeout=-1)
    with pytest.raises(ValueError):
        Limit(depth=0)
    with pytest.raises(ValueError):
        Limit(time=-0.5)
    with pytest.raises(TypeError):
        Limit(nodes="many")


@needs_engine
def test_quit_and_no_limit():
    engine = SimpleEngine.popen_uci(ENGINE)
    pid = engine.pid
    with pytest.raises(ValueError):
        engine.play(xiangqi_rs.Board(), Limit())
    assert engine.alive()
    engine.quit()
    assert not engine.alive()
    with pytest.raises(EngineTerminatedError):
        engine.play(xiangqi_rs.Board(), Limit(depth=1))
    engine.quit()  # twice is fine
    # The process is gone (reaped): signal 0 finds no such process.
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@needs_engine
def test_no_legal_move_and_mate_scores():
    # Black to move, without a legal move: no move to play.
    board = xiangqi_rs.Board("3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1")
    with SimpleEngine.popen_uci(ENGINE) as engine:
        assert board.is_game_over()
        result = engine.play(board, Limit(depth=2))
        assert result.move is None
        # Red mates in one here.
        board = xiangqi_rs.Board("3k5/9/4R4/9/9/9/9/9/4R4/4K4 w - - 0 1")
        info = engine.analyse(board, Limit(depth=4, mate=1))
        assert info["score"].is_mate() and info["score"].red().mate == 1
        assert info["score"].black().mate == -1


@needs_engine
@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_game_from_a_fen_with_moves(protocol):
    # The start FEN and the moves are sent: the reply is legal after them.
    board = xiangqi_rs.Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
    for text in ["h9g7", "h0g2", "i9h9"]:
        board.push_str(text)
    with popen(protocol) as engine:
        result = engine.play(board, Limit(depth=3))
        assert result.move in board.legal_moves
        if result.ponder is not None:
            after = board.copy()
            after.push(result.move)
            assert result.ponder in after.legal_moves
        assert result.info["depth"] == 3
