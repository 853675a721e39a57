"""Xiangqi (Chinese chess) for Python, implemented in Rust.

Exact rules and Asian-rules verdicts (perpetual check and chase), ICCS,
WXF and Chinese notation, and a search engine. The API follows python-chess
where the game allows::

    import xiangqi_rs
    board = xiangqi_rs.Board()
    board.push_str("炮二平五")
    print(board.fen(), len(board.legal_moves))
"""

from collections.abc import Sequence as _Sequence
from typing import TYPE_CHECKING

from . import data, pgn, records, svg, tablebase
from ._core import (
    ACTION_SPACE,
    STARTING_FEN,
    AmbiguousMoveError,
    BatchEnv,
    Board,
    EngineOption,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Outcome,
    Piece,
    Score,
    SearchResult,
    Session,
    index_to_move,
    move_to_index,
)

# `legal_moves` was a list: code that hands it to `random.choice` (a
# `Sequence`: `len` and indexing) keeps working.
_Sequence.register(LegalMoveGenerator)

__all__ = [
    "ACTION_SPACE",
    "STARTING_FEN",
    "AmbiguousMoveError",
    "BatchEnv",
    "Board",
    "EngineOption",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "LegalMoveGenerator",
    "Move",
    "Outcome",
    "Piece",
    "Score",
    "SearchResult",
    "Session",
    "data",
    "index_to_move",
    "move_to_index",
    "pgn",
    "records",
    "svg",
    "tablebase",
]


if TYPE_CHECKING:
    # Deprecated (one release): the old name of `Session`, given by
    # `__getattr__` below with a warning.
    Engine = Session


def __getattr__(name: str) -> object:
    # `Engine`, the old name of `Session`, kept for one release: the name
    # was one capital letter away from the `xiangqi_rs.engine` module (which
    # drives engine processes).
    if name == "Engine":
        import warnings

        warnings.warn(
            "xiangqi_rs.Engine is deprecated: use xiangqi_rs.Session (the same class)",
            DeprecationWarning,
            stacklevel=2,
        )
        return Session
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
