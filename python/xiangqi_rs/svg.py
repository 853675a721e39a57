"""SVG board pictures: `board(board, *, size=None, flipped=False, lastmove=None,
arrows=(), letters=False)`."""

from ._core import svg as _svg

board = _svg.board

__all__ = ["board"]
