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

from . import data, pgn, svg, tablebase
from ._core import (
    ACTION_SPACE,
    STARTING_FEN,
    AmbiguousMoveError,
    BatchEnv,
    Board,
    Engine,
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
    "Engine",
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
    "data",
    "index_to_move",
    "move_to_index",
    "pgn",
    "svg",
    "tablebase",
]
