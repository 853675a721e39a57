"""Type stubs for xiangqi_rs.svg."""

from typing import Optional, Sequence

from . import Board, Move

__all__ = ["board"]

def board(
    board: Board,
    *,
    size: Optional[int] = None,
    flipped: bool = False,
    lastmove: Optional[Move] = None,
    arrows: Sequence[Move] = ...,
    letters: bool = False,
) -> str: ...
