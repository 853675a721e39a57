"""Drive an external engine process over UCI or UCCI, after python-chess's
synchronous `chess.engine.SimpleEngine`: this package's `xiangqi-engine`,
Pikafish, Fairy-Stockfish (`fairy_stockfish=True`), ElephantEye (UCCI).

    from xiangqi_rs import Board
    from xiangqi_rs.engine import Limit, SimpleEngine

    with SimpleEngine.popen_uci("xiangqi-engine") as engine:
        board = Board()
        result = engine.play(board, Limit(time=0.1))       # PlayResult
        board.push(result.move)
        infos = engine.analyse(board, Limit(depth=8), multipv=3)
        for info in infos:
            print(info["score"].relative, info["pv"][0], info["depth"])

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

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._core import Board, Move, Score
from ._core import engine_client as _engine_client

_Client = _engine_client.Client

__all__ = [
    "EngineError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "Limit",
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


@dataclass
class Limit:
    """When a search ends: after `time` seconds, at `depth` plies, after
    `nodes` nodes, or on finding a mate in `mate` moves (UCI only; UCCI has
    no `go mate`). At least one must be given to `play` or `analyse`."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None

    def __post_init__(self) -> None:
        if self.time is not None:
            if isinstance(self.time, bool) or not isinstance(self.time, (int, float)):
                raise TypeError(f"time must be a number of seconds, not {self.time!r}")
            if not 0 <= self.time <= 31_536_000:
                raise ValueError(f"time must be from 0 to a year, not {self.time!r}")
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


def _argv(command: Union[str, Sequence[str]]) -> List[str]:
    if isinstance(command, str):
        argv = command.split()
    else:
        argv = [str(a) for a in command]
    if not argv:
        raise ValueError("empty engine command")
    if any(not a or any(c.isspace() for c in a) for a in argv):
        raise ValueError(
            f"{command!r}: the program and its arguments may not contain whitespace"
        )
    return argv


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if "\n" in text or "\r" in text:
        raise ValueError(f"an option value is one line, not {text!r}")
    return text


class SimpleEngine:
    """An engine process (python-chess's `SimpleEngine`, synchronous).

    Start one with `popen_uci` or `popen_ucci`; use it as a context manager
    or call `quit()`. One search runs at a time.
    """

    def __init__(self, client: _Client) -> None:
        self._client = client
        self._multipv = 1

    @classmethod
    def popen_uci(
        cls,
        command: Union[str, Sequence[str]],
        *,
        timeout: float = 10.0,
        fairy_stockfish: bool = False,
    ) -> "SimpleEngine":
        """Starts a UCI engine: `command` is a list of the program and its
        arguments, or a string split at whitespace. `fairy_stockfish`:
        ranks numbered 1-10 and `UCI_Variant xiangqi` set."""
        return cls(_Client(_argv(command), "uci", _timeout(timeout), fairy_stockfish))

    @classmethod
    def popen_ucci(
        cls, command: Union[str, Sequence[str]], *, timeout: float = 10.0
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
        """Sets options by the engine's names (`{"Hash": 64}`), then waits
        for `readyok`; a bool is sent as `true`/`false`, `None` presses a
        button. The engine decides what it accepts. `MultiPV` is kept
        and used by `analyse` without a `multipv`."""
        lines = []
        for name, value in options.items():
            if not isinstance(name, str) or not name.strip() or "\n" in name:
                raise ValueError(f"an option name is a non-empty string, not {name!r}")
            lines.append(self._setoption(name, value))
        self._client.send(lines)
        for name, value in options.items():
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

    def _search(self, board: Board, limit: Limit) -> Any:
        if not isinstance(limit, Limit):
            raise TypeError(f"limit must be a Limit, not {limit!r}")
        best, ponder, infos = self._client.search(
            board,
            time=None if limit.time is None else float(limit.time),
            depth=limit.depth,
            nodes=limit.nodes,
            mate=limit.mate,
        )
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
