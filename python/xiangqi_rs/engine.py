"""Drive an external engine process over UCI or UCCI, after python-chess's
synchronous `chess.engine.SimpleEngine`: this package's `xiangqi-engine`,
Pikafish, Fairy-Stockfish (`fairy_stockfish=True`), ElephantEye (UCCI).

    from xiangqi_rs import Board
    from xiangqi_rs.engine import Limit, SimpleEngine

    with SimpleEngine.popen_uci("target/release/xiangqi-engine") as engine:
        print(engine.id["name"], sorted(engine.options))
        engine.configure({"Hash": 64})                      # checked first
        board = Board()
        result = engine.play(board, Limit(time=0.1))       # PlayResult
        board.push(result.move)
        infos = engine.analyse(board, Limit(depth=8), multipv=3)
        for info in infos:
            print(info["score"].relative, info["pv"][0], info["depth"])
        with engine.analysis(board) as analysis:            # infos as they come
            for info in analysis:
                if info.get("depth", 0) >= 6:
                    break
        print(analysis.wait().move)

A program is a path and a list of arguments (never split at whitespace,
so a path may hold spaces); one that does not exist raises `EngineError`
at once, naming it.

It runs on the Rust client crate `xiangqi-client`; the GIL is released
while it waits for the engine. An info dict holds the keys the engine
reported: `depth`, `seldepth`, `multipv`, `score` (a `PovScore`), `pv`
(a list of `xiangqi_rs.Move`, as far as the moves are legal), `nodes`,
`nps`, `time` (seconds), `hashfull`, `string`, and `bound` (True when the
score is only a lower or upper bound).

A process that dies raises `EngineTerminatedError`; one that does not answer
raises `EngineTimeoutError` (an `EngineError` and a `TimeoutError`): the
handshake and each `isready` get `timeout` seconds, a search by time gets
three times its time plus half the timeout before `stop` is sent and half
the timeout after it, and a search by depth, nodes or mate two minutes plus
those. Both are `EngineError`s (`RuntimeError`s), as in python-chess.
"""

from __future__ import annotations

import os
import queue
import threading
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from ._core import Board, Move, Score
from ._core import engine_client as _engine_client

_Client = _engine_client.Client
# A program to start: a path, or a list of the path and its arguments.
_Command = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]

__all__ = [
    "AnalysisResult",
    "BestMove",
    "EngineError",
    "EngineOptionError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "Limit",
    "Option",
    "PlayResult",
    "PovScore",
    "SimpleEngine",
]


class EngineError(RuntimeError):
    """The engine did something wrong, or cannot be used."""


class EngineTerminatedError(EngineError):
    """The engine process exited (or was killed), or has been told to quit."""


class EngineTimeoutError(EngineError, TimeoutError):
    """The engine did not answer in time."""


class EngineOptionError(EngineError, ValueError):
    """`configure` was given an option the engine did not declare, or a
    value the option does not take (an `EngineError` and a `ValueError`);
    nothing was sent."""


@dataclass
class Limit:
    """When a search ends: after `time` seconds, at `depth` plies, after
    `nodes` nodes, or on finding a mate in `mate` moves (UCI only; UCCI has
    no `go mate`); or on a game clock: `white_clock` and `black_clock`
    seconds left (White is Red, as in UCI), `white_inc` and `black_inc`
    seconds added after each move, `remaining_moves` to the next time
    control; sent as `go wtime btime winc binc [movestogo]` (UCCI: `go time
    increment [movestogo]` with the side to move's clock). At least one must
    be given to `play` or `analyse`."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None

    def __post_init__(self) -> None:
        for name in ("time", "white_clock", "black_clock", "white_inc", "black_inc"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number of seconds, not {value!r}")
            if not 0 <= value <= 31_536_000:
                raise ValueError(f"{name} must be from 0 to a year, not {value!r}")
        if self.remaining_moves is not None:
            value = self.remaining_moves
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"remaining_moves must be an integer, not {value!r}")
            if not 1 <= value <= 10_000:
                raise ValueError(f"remaining_moves must be from 1 to 10000, not {value!r}")
        for name, hi in (("depth", 255), ("nodes", 2**64 - 1), ("mate", 255)):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an integer, not {value!r}")
            if not 1 <= value <= hi:
                raise ValueError(f"{name} must be from 1 to {hi}, not {value!r}")


class PovScore:
    """A score with the point of view it was reported from (python-chess's
    `PovScore`): `relative` is from the side to move's view, `turn`."""

    def __init__(self, relative: Score, turn: str) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: str) -> Score:
        """The score from `color`'s view (`"red"` or `"black"`)."""
        if color not in ("red", "black"):
            raise ValueError(f"color must be 'red' or 'black', not {color!r}")
        return self.relative if color == self.turn else -self.relative

    def red(self) -> Score:
        """The score from Red's view."""
        return self.pov("red")

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov("black")

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.red() == other.red()

    def __hash__(self) -> int:
        return hash(self.red())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {self.turn!r})"


@dataclass
class PlayResult:
    """What `SimpleEngine.play` returns: the `move` (None when the side to
    move has no legal move), the `ponder` move the engine named, if legal,
    and the `info` dict of its last report."""

    move: Optional[Move]
    ponder: Optional[Move] = None
    info: Dict[str, Any] = field(default_factory=dict)


@dataclass
class BestMove:
    """What `AnalysisResult.wait()` returns: the engine's `move` (None when
    the side to move has no legal move) and the `ponder` move it named."""

    move: Optional[Move]
    ponder: Optional[Move] = None


@dataclass(frozen=True)
class Option:
    """An option the engine declared (python-chess's `Option`): its `name`
    as declared, `type` (`"spin"`, `"check"`, `"combo"`, `"button"`,
    `"string"`, ...), `default`, `min` and `max` (spins) and `var` (the
    choices of a combo)."""

    name: str
    type: str
    default: Any = None
    min: Optional[int] = None
    max: Optional[int] = None
    var: Tuple[str, ...] = ()

    def parse(self, value: Any) -> Any:
        """The value checked against the option (converted: a combo's choice
        as declared); raises `EngineOptionError` if the option does not take
        it."""
        bad = EngineOptionError
        kind = self.type.lower()
        if kind == "button":
            if value is not None:
                raise bad(f"option {self.name!r} is a button: give None, not {value!r}")
            return None
        if kind == "check":
            if not isinstance(value, bool):
                raise bad(f"option {self.name!r} takes True or False, not {value!r}")
            return value
        if kind == "spin":
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad(f"option {self.name!r} takes an integer, not {value!r}")
            if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max
            ):
                raise bad(
                    f"option {self.name!r} takes {self.min} to {self.max}, not {value!r}"
                )
            return value
        if value is None:
            raise bad(f"option {self.name!r} takes a value")
        if isinstance(value, os.PathLike):
            value = os.fspath(value)
        text = _option_value(value)
        if kind == "combo":
            for choice in self.var:
                if choice.lower() == text.lower():
                    return choice
            raise bad(f"option {self.name!r} takes one of {list(self.var)}, not {value!r}")
        return text


def _option_of(entry: Tuple[str, str, Optional[str], Optional[int], Optional[int], List[str]]) -> Option:
    name, kind, default, lo, hi, var = entry
    value: Any = default
    if kind == "spin" and default is not None:
        try:
            value = int(default)
        except ValueError:
            value = default
    elif kind == "check" and default is not None:
        value = default.lower() == "true"
    return Option(name, kind, value, lo, hi, tuple(var))


class _Options(Mapping[str, Option]):
    """The declared options by name, looked up in any case (as UCI says)."""

    def __init__(self, options: List[Option]) -> None:
        self._by_key = {o.name.lower(): o for o in options}

    def __getitem__(self, name: str) -> Option:
        return self._by_key[name.lower()]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._by_key

    def __iter__(self) -> Iterator[str]:
        return (o.name for o in self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __repr__(self) -> str:
        return f"Options({list(self)!r})"


def _argv(command: _Command) -> List[str]:
    # A string or path is the program (never split at whitespace, as
    # subprocess.Popen takes it); a sequence is the program and its arguments.
    if isinstance(command, (str, os.PathLike)):
        argv = [os.fspath(command)]
    else:
        argv = [os.fspath(a) for a in command]
    if not argv or not argv[0]:
        raise ValueError("empty engine command")
    if any("\0" in a for a in argv):
        raise ValueError(f"{command!r}: a program or argument with a NUL byte")
    return argv


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if "\n" in text or "\r" in text:
        raise ValueError(f"an option value is one line, not {text!r}")
    return text


def _search_args(limit: Optional[Limit], board: Board) -> Dict[str, Any]:
    if limit is None:
        return {"infinite": True}
    if not isinstance(limit, Limit):
        raise TypeError(f"limit must be a Limit, not {limit!r}")
    args: Dict[str, Any] = {
        "time": None if limit.time is None else float(limit.time),
        "depth": limit.depth,
        "nodes": limit.nodes,
        "mate": limit.mate,
    }
    clocks = (limit.white_clock, limit.black_clock, limit.white_inc, limit.black_inc)
    if any(c is not None for c in clocks):
        own = limit.white_clock if board.turn == "red" else limit.black_clock
        if own is None:
            raise ValueError(f"a clock limit without the side to move's clock ({board.turn})")
        white = own if limit.white_clock is None else limit.white_clock
        black = own if limit.black_clock is None else limit.black_clock
        args["clocks"] = (
            float(white),
            float(black),
            float(limit.white_inc or 0.0),
            float(limit.black_inc or 0.0),
        )
        args["moves_to_go"] = limit.remaining_moves
    return args


_DONE = object()


class AnalysisResult:
    """A search under way (python-chess's `AnalysisResult`), from
    `SimpleEngine.analysis`: iterate it (or call `get()`) for the info dicts
    as the engine sends them; `info` is everything learned so far (merged),
    `multipv` the lines by rank; `stop()` asks the engine to stop; `wait()`
    waits for the end and returns the `BestMove`. As a context manager it
    stops the search and waits on exit."""

    def __init__(self, engine: "SimpleEngine", board: Board, limit: Optional[Limit]) -> None:
        self._engine = engine
        self._turn = board.turn
        self._queue: "queue.Queue[Any]" = queue.Queue()
        self._lines: Dict[int, Dict[str, Any]] = {}
        self._done = False
        self._result: Optional[BestMove] = None
        self._error: Optional[BaseException] = None
        args = _search_args(limit, board)
        self._thread = threading.Thread(
            target=self._run, args=(board.copy(), args), daemon=True
        )
        self._thread.start()

    def _run(self, board: Board, args: Dict[str, Any]) -> None:
        try:
            best, ponder, _ = self._engine._client.search(board, on_info=self._on_info, **args)
            self._result = BestMove(best, ponder)
        except BaseException as e:  # handed to the reader
            self._error = e
        finally:
            self._queue.put(_DONE)

    def _on_info(self, info: Dict[str, Any]) -> None:
        if "score" in info:
            info["score"] = PovScore(info["score"], self._turn)
        rank = info.get("multipv", 1)
        if "score" in info or "pv" in info:
            self._lines.setdefault(rank, {}).update(info)
        else:
            for line in self._lines.values():
                line.update(info)
        self._queue.put(info)

    @property
    def info(self) -> Dict[str, Any]:
        """The best line's info, merged from everything sent so far."""
        return dict(self._lines.get(1, {}))

    @property
    def multipv(self) -> List[Dict[str, Any]]:
        """The lines by rank, each merged from everything sent so far."""
        return [dict(self._lines[k]) for k in sorted(self._lines)]

    def stop(self) -> None:
        """Asks the engine to stop (it answers with its best move)."""
        self._engine._client.stop()

    def wait(self) -> BestMove:
        """Waits for the search to end; returns the best move. Raises what
        the search raised (`EngineTerminatedError`, ...)."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result

    def would_block(self) -> bool:
        """Whether `get()` would wait for the engine."""
        return self._queue.empty() and not self._done

    def empty(self) -> bool:
        """Whether no info is waiting to be read."""
        return self._queue.empty() or self._done

    def get(self) -> Dict[str, Any]:
        """The next info dict, waiting for it; raises `StopIteration` (as
        python-chess's `AnalysisComplete` does) when the search has ended."""
        if self._done:
            raise StopIteration
        item = self._queue.get()
        if item is _DONE:
            self._done = True
            raise StopIteration
        return item

    def __iter__(self) -> "AnalysisResult":
        return self

    def __next__(self) -> Dict[str, Any]:
        return self.get()

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._thread.join()


class SimpleEngine:
    """An engine process (python-chess's `SimpleEngine`, synchronous).

    Start one with `popen_uci` or `popen_ucci`; use it as a context manager
    or call `quit()`. One search runs at a time. `id` holds what the engine
    said of itself (`name`, `author`), `options` the options it declared.
    """

    def __init__(self, client: Any) -> None:
        self._client = client
        self._multipv = 1
        self.id: Dict[str, str] = dict(client.id)
        self.options: Mapping[str, Option] = _Options([_option_of(o) for o in client.options])

    @classmethod
    def popen_uci(
        cls,
        command: _Command,
        *,
        timeout: float = 10.0,
        fairy_stockfish: bool = False,
    ) -> "SimpleEngine":
        """Starts a UCI engine: `command` is the program (a path, which may
        hold spaces) or a list of the program and its arguments, as
        `subprocess.Popen` takes them. A program that cannot be started
        raises `EngineError` naming it. `fairy_stockfish`: ranks numbered
        1-10 and `UCI_Variant xiangqi` set."""
        return cls(_Client(_argv(command), "uci", _timeout(timeout), fairy_stockfish))

    @classmethod
    def popen_ucci(
        cls,
        command: _Command,
        *,
        timeout: float = 10.0,
    ) -> "SimpleEngine":
        """Starts a UCCI engine (ElephantEye's dialect), as `popen_uci`."""
        return cls(_Client(_argv(command), "ucci", _timeout(timeout)))

    @property
    def pid(self) -> int:
        """The engine's process id."""
        return self._client.pid

    @property
    def protocol(self) -> str:
        """`"uci"` or `"ucci"`."""
        return self._client.protocol

    def alive(self) -> bool:
        """Whether the process runs and owes no late reply."""
        return self._client.alive

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options by the names the engine declared (in any case:
        `{"hash": 64}` sets `Hash`), then waits for `readyok`. Each name and
        value is checked against `options` first: an unknown name, or a
        value the option does not take (a spin out of its range, a combo
        choice not declared, a check that is not a bool, a button given a
        value), raises `EngineOptionError` (an `EngineError` and a
        `ValueError`) and nothing is sent. A bool is sent as `true`/`false`,
        `None` presses a button. `MultiPV` is kept and used by `analyse`
        without a `multipv`."""
        lines = []
        checked = []
        for name, value in options.items():
            if not isinstance(name, str) or not name.strip() or "\n" in name or "\r" in name:
                raise EngineOptionError(f"an option name is a non-empty string, not {name!r}")
            if name not in self.options:
                raise EngineOptionError(
                    f"the engine has no option {name!r} (it has {sorted(self.options)})"
                )
            option = self.options[name]
            value = option.parse(value)
            checked.append((option.name, value))
        for name, value in checked:
            lines.append(self._setoption(name, value))
        self._client.send(lines)
        for name, value in checked:
            if name.lower() == "multipv" and isinstance(value, int):
                self._multipv = max(1, value)

    def _setoption(self, name: str, value: Any) -> str:
        if self.protocol == "ucci":
            return f"setoption {name}" if value is None else f"setoption {name} {_option_value(value)}"
        if value is None:
            return f"setoption name {name}"
        return f"setoption name {name} value {_option_value(value)}"

    def new_game(self) -> None:
        """Tells the engine a new game starts (`ucinewgame`; UCCI:
        `setoption newgame`)."""
        self._client.new_game()

    def play(self, board: Board, limit: Limit) -> PlayResult:
        """Searches the board's position (its start and moves, so that the
        engine sees the repetitions) within `limit`; returns a
        `PlayResult`."""
        best, ponder, infos = self._search(board, limit)
        return PlayResult(best, ponder, infos[0] if infos else {})

    def analyse(
        self, board: Board, limit: Limit, *, multipv: Optional[int] = None
    ) -> Union[Dict[str, Any], List[Dict[str, Any]]]:
        """Analyses the board's position within `limit`: the info dict of
        the best line, or with `multipv` a list of up to that many info
        dicts, in the engine's order of its lines (`MultiPV` is set for this
        search, then put back to the configured value, 1 by default). UCCI
        has no MultiPV: a list of one line."""
        if multipv is not None:
            if isinstance(multipv, bool) or not isinstance(multipv, int):
                raise TypeError(f"multipv must be an integer, not {multipv!r}")
            if not 1 <= multipv <= 500:
                raise ValueError(f"multipv must be from 1 to 500, not {multipv!r}")
        want = multipv if multipv is not None else self._multipv
        if self.protocol == "ucci":
            want = self._multipv  # UCCI has no MultiPV
        if want != self._multipv:
            self._client.send([self._setoption("MultiPV", want)])
        try:
            _, _, infos = self._search(board, limit)
        finally:
            if want != self._multipv and self._client.alive:
                self._client.send([self._setoption("MultiPV", self._multipv)])
        if multipv is None:
            return infos[0] if infos else {}
        return infos[:multipv]

    def analysis(self, board: Board, limit: Optional[Limit] = None) -> AnalysisResult:
        """Starts analysing the board's position, until `limit` (None: until
        stopped), and returns at once an `AnalysisResult` that yields the
        info dicts as the engine sends them; use it as a context manager
        (which stops the search on exit) or call `stop()` and `wait()`."""
        if limit is not None and not isinstance(limit, Limit):
            raise TypeError(f"limit must be a Limit or None, not {limit!r}")
        return AnalysisResult(self, board, limit)

    def _search(self, board: Board, limit: Limit) -> Any:
        if not isinstance(limit, Limit):
            raise TypeError(f"limit must be a Limit, not {limit!r}")
        best, ponder, infos = self._client.search(board, **_search_args(limit, board))
        for info in infos:
            if "score" in info:
                info["score"] = PovScore(info["score"], board.turn)
        return best, ponder, infos

    def quit(self) -> None:
        """Tells the engine to quit and ends the process; later calls raise
        `EngineTerminatedError`."""
        self._client.quit()

    def close(self) -> None:
        """The same as `quit()`."""
        self.quit()

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def __repr__(self) -> str:
        return f"<SimpleEngine ({self.protocol}, pid={self.pid})>"


def _timeout(timeout: float) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout must be a number of seconds, not {timeout!r}")
    if not 0 < timeout <= 86_400:
        raise ValueError(f"timeout must be above 0 and at most a day, not {timeout!r}")
    return float(timeout)
