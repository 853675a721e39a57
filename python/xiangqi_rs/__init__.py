"""Xiangqi (Chinese chess) for Python, implemented in Rust.

Exact rules and Asian-rules verdicts (perpetual check and chase), ICCS,
WXF and Chinese notation, and a search engine. The API follows python-chess
where the game allows::

    import xiangqi_rs
    board = xiangqi_rs.Board()
    board.push_str("炮二平五")
    print(board.fen(), len(board.legal_moves))
"""

from . import data, pgn, svg
from ._core import (
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    Engine,
    EngineOption,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Outcome,
    Score,
    SearchResult,
)

__all__ = [
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Board",
    "Engine",
    "EngineOption",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "Score",
    "SearchResult",
    "data",
    "pgn",
    "svg",
]
