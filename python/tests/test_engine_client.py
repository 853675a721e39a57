"""xiangqi_rs.engine: our engine binary driven over UCI and UCCI as
python-chess drives engines; killed and silent engines fail fast."""

import os
import shutil
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

import xiangqi_rs
from xiangqi_rs.engine import (
    AnalysisResult,
    BestMove,
    EngineError,
    EngineOptionError,
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

# Answers the handshake (declaring three options) and isready; a search
# only if its second argument is "answer" (then always h2e2, or h7e7 for
# Black).
SILENT = r"""
import sys
log = open(sys.argv[1], "a") if len(sys.argv) > 1 else None
answer = len(sys.argv) > 2 and sys.argv[2] == "answer"
black = False
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    w = line.split()
    if w and w[0] == "uci":
        print("id name Silent One", flush=True)
        print("option name Hash type spin default 16 min 1 max 1024", flush=True)
        print("option name Ponder type check default false", flush=True)
        print("option name Clear Hash type button", flush=True)
        print("option name Style type combo default Normal var Solid var Normal", flush=True)
        print("uciok", flush=True)
    elif w and w[0] == "ucci":
        print("option Hash type spin min 1 max 1024 default 16", flush=True)
        print("option Ponder type check default false", flush=True)
        print("option Clear Hash type button", flush=True)
        print("ucciok", flush=True)
    elif w and w[0] == "isready":
        print("readyok", flush=True)
    elif w and w[0] == "position":
        base = w[w.index("fen") + 2] if "fen" in w else "w"
        played = len(w) - w.index("moves") - 1 if "moves" in w else 0
        black = (base == "b") != (played % 2 == 1)
    elif w and w[0] == "go" and answer:
        print("info depth 1 score cp 5 pv " + ("h7e7" if black else "h2e2"), flush=True)
        print("bestmove " + ("h7e7" if black else "h2e2"), flush=True)
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
        # By nodes, after a few moves: the game's moves are sent. The
        # engine chose Red's first move, so any legal pair follows it.
        for _ in range(2):
            board.push(next(iter(board.legal_moves)))
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
    with pytest.raises(EngineError, match="/no/such/engine"):
        SimpleEngine.popen_uci("/no/such/engine")
    # A path with a space is one program, named in the error.
    t = time.monotonic()
    with pytest.raises(EngineError, match="/no/such/my engine"):
        SimpleEngine.popen_uci("/no/such/my engine")
    with pytest.raises(EngineError, match="my engine"):
        SimpleEngine.popen_uci(["my engine", "--an argument"])
    assert time.monotonic() - t < 2
    with pytest.raises(ValueError):
        SimpleEngine.popen_uci("")
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


def silent(tmp_path, protocol="uci", answer=False):
    script, log = tmp_path / "silent.py", tmp_path / "log.txt"
    script.write_text(SILENT)
    argv = [sys.executable, str(script), str(log)] + (["answer"] if answer else [])
    popen = SimpleEngine.popen_uci if protocol == "uci" else SimpleEngine.popen_ucci
    return popen(argv, timeout=5.0), log


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_id_and_options_hold_what_the_engine_declared(protocol, tmp_path):
    engine, _ = silent(tmp_path, protocol)
    with engine:
        if protocol == "uci":
            assert engine.id == {"name": "Silent One"}
            assert list(engine.options) == ["Hash", "Ponder", "Clear Hash", "Style"]
            assert engine.options["style"].var == ("Solid", "Normal")
        else:
            assert list(engine.options) == ["Hash", "Ponder", "Clear Hash"]
        hash_ = engine.options["HASH"]  # any case, as UCI says
        assert (hash_.name, hash_.type, hash_.default, hash_.min, hash_.max) == (
            "Hash",
            "spin",
            16,
            1,
            1024,
        )
        assert engine.options["ponder"].default is False
        assert engine.options["Clear Hash"].type == "button"
        assert "Nope" not in engine.options


@pytest.mark.parametrize(
    "bad",
    [
        {"Nope": 1},
        {"Hash": 999999},
        {"Hash": 0},
        {"Hash": True},
        {"Hash": "64"},
        {"Ponder": 1},
        {"Clear Hash": 1},
        {"Style": "Wild"},
        {"Hash": 64, "Nope": 1},  # all or nothing
    ],
)
def test_configure_refuses_unknown_names_and_bad_values(bad, tmp_path):
    engine, log = silent(tmp_path)
    with engine:
        with pytest.raises(EngineOptionError) as e:
            engine.configure(bad)
        assert isinstance(e.value, EngineError) and isinstance(e.value, ValueError)
        assert engine.alive()
    assert not [line for line in log.read_text().splitlines() if line.startswith("setoption")]


def test_configure_matches_names_in_any_case(tmp_path):
    engine, log = silent(tmp_path)
    with engine:
        engine.configure({"hash": 64, "PONDER": False, "style": "solid", "clear hash": None})
    lines = [line for line in log.read_text().splitlines() if line.startswith("setoption")]
    assert lines == [
        "setoption name Hash value 64",
        "setoption name Ponder value false",
        "setoption name Style value Solid",
        "setoption name Clear Hash",
    ]


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_a_clock_limit_sends_both_clocks(protocol, tmp_path):
    engine, log = silent(tmp_path, protocol, answer=True)
    board = xiangqi_rs.Board()
    board.push_str("h2e2")  # Black to move
    with engine:
        limit = Limit(white_clock=61, black_clock=59.5, white_inc=0.5, black_inc=0.7)
        result = engine.play(board, limit)
        assert result.move == xiangqi_rs.Move.from_iccs("h7e7")
        engine.play(board, Limit(white_clock=10, black_clock=9, remaining_moves=20, depth=6))
    go = [line for line in log.read_text().splitlines() if line.startswith("go")]
    if protocol == "uci":
        assert go == [
            "go wtime 61000 btime 59500 winc 500 binc 700",
            "go wtime 10000 btime 9000 winc 0 binc 0 movestogo 20 depth 6",
        ]
    else:  # the side to move's clock
        assert go == [
            "go time 59500 increment 700",
            "go time 9000 increment 0 movestogo 20 depth 6",
        ]
    with pytest.raises(ValueError):
        Limit(white_clock=-1)
    with pytest.raises(TypeError):
        Limit(black_inc="1")


@needs_engine
def test_play_on_a_clock():
    board = xiangqi_rs.Board()
    with SimpleEngine.popen_uci(ENGINE) as engine:
        for _ in range(4):
            t = time.monotonic()
            result = engine.play(board, Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05))
            # A sane engine spends a small part of three seconds on a move.
            assert time.monotonic() - t < 2
            assert result.move in board.legal_moves
            board.push(result.move)


@needs_engine
def test_a_path_with_a_space(tmp_path):
    folder = tmp_path / "my engines"
    folder.mkdir()
    program = folder / "xiangqi engine"
    shutil.copy(ENGINE, program)
    with SimpleEngine.popen_uci(str(program)) as engine:
        assert engine.id["name"].startswith("xiangqi-engine")
        result = engine.play(xiangqi_rs.Board(), Limit(depth=2))
        assert result.move in xiangqi_rs.Board().legal_moves
    with SimpleEngine.popen_ucci(Path(program)) as engine:
        assert engine.play(xiangqi_rs.Board(), Limit(depth=2)).move is not None


@needs_engine
def test_our_engine_declares_its_options():
    with SimpleEngine.popen_uci(ENGINE) as engine:
        assert engine.id["name"].startswith("xiangqi-engine")
        assert engine.options["Hash"].type == "spin"
        assert engine.options["hash"].min >= 1
        with pytest.raises(EngineOptionError):
            engine.configure({"Hash": engine.options["Hash"].max + 1})
        with pytest.raises(EngineOptionError):
            engine.configure({"Nope": 1})
        engine.configure({"hash": 8})


@needs_engine
def test_analysis_streams_infos_and_stops():
    board = xiangqi_rs.Board()
    with SimpleEngine.popen_uci(ENGINE) as engine:
        t = time.monotonic()
        with engine.analysis(board) as analysis:  # no limit: until stopped
            assert isinstance(analysis, AnalysisResult)
            depths = []
            for info in analysis:
                if "depth" in info:
                    depths.append(info["depth"])
                if depths and depths[-1] >= 5:
                    break
        best = analysis.wait()
        assert isinstance(best, BestMove) and best.move in board.legal_moves
        assert depths[-1] >= 5 and time.monotonic() - t < 30
        assert analysis.info["depth"] >= 5
        assert isinstance(analysis.info["score"], PovScore)
        assert legal_line(board, analysis.info["pv"])
        # With a limit it ends by itself; the iterator ends with it.
        analysis = engine.analysis(board, Limit(depth=4))
        infos = list(analysis)
        assert infos and max(i.get("depth", 0) for i in infos) == 4
        assert analysis.wait().move in board.legal_moves
        # stop() from another thread ends an open-ended analysis.
        analysis = engine.analysis(board)
        threading.Timer(0.3, analysis.stop).start()
        t = time.monotonic()
        assert analysis.wait().move in board.legal_moves
        assert time.monotonic() - t < 5
        # The engine is usable afterwards.
        assert engine.play(board, Limit(depth=2)).move in board.legal_moves
