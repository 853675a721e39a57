"""Endgame tablebase probing, as python-chess's `chess.gaviota`.

`open_tablebase(directory)` loads every `.xqtb` table of a directory (made
by `xiangqi-tools egtb generate`). `probe_wdl(board)` gives 1, 0 or -1 for
a win, draw or loss of the side to move; `probe_dtm(board)` the signed
plies to mate (positive when the side to move mates, negative when it is
mated, 0 for a draw or when it has no legal move). Both raise `KeyError`
for a position no table holds; `get_wdl` and `get_dtm` return `None`
instead.

This module reads the files; the library only ever sees their bytes."""

import os
from typing import List, Optional, Type, Union
from types import TracebackType

from ._core import Board
from ._core import tablebase as _tablebase

_Tablebase = _tablebase._Tablebase


class Tablebase:
    """A set of endgame tables (`add_bytes`, `add_directory`), probed by
    board; a context manager that closes it. `Tablebase()` is empty."""

    def __init__(self) -> None:
        self._tables = _Tablebase()

    def add_bytes(self, data: bytes) -> str:
        """Adds one table from the bytes of its `.xqtb` file and returns its
        material name (such as `"kpk"`). Raises `ValueError` for bytes that
        are not a table, or a material already loaded."""
        return self._tables.add_bytes(data)

    def add_directory(self, directory: Union["os.PathLike[str]", str]) -> int:
        """Loads every `*.xqtb` file of `directory` (in name order) and
        returns how many were loaded. Raises `ValueError` for a file that is
        not a valid table or whose material is already loaded."""
        count = 0
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".xqtb"):
                continue
            path = os.path.join(directory, name)
            if not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                data = f.read()
            try:
                self._tables.add_bytes(data)
            except ValueError as e:
                raise ValueError(f"{path}: {e}") from None
            count += 1
        return count

    def materials(self) -> List[str]:
        """The material names of the loaded tables, in the order added."""
        return self._tables.materials()

    def probe_wdl(self, board: Board) -> int:
        """1, 0 or -1: a win, draw or loss for the side to move. Raises
        `KeyError` if no table holds the position."""
        return self._tables.probe_wdl(board)

    def get_wdl(self, board: Board) -> Optional[int]:
        """Like `probe_wdl`, but `None` if no table holds the position."""
        return self._tables.get_wdl(board)

    def probe_dtm(self, board: Board) -> int:
        """Signed plies to mate: positive when the side to move mates,
        negative when it is mated, 0 for a draw or when it has no legal
        move (`probe_wdl` tells them apart). Raises `KeyError` if no table
        holds the position."""
        return self._tables.probe_dtm(board)

    def get_dtm(self, board: Board) -> Optional[int]:
        """Like `probe_dtm`, but `None` if no table holds the position."""
        return self._tables.get_dtm(board)

    def close(self) -> None:
        """Unloads every table."""
        self._tables.close()

    def __len__(self) -> int:
        return len(self._tables)

    def __repr__(self) -> str:
        return f"<Tablebase {self.materials()}>"

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()


def open_tablebase(directory: Union["os.PathLike[str]", str]) -> Tablebase:
    """A `Tablebase` with every `.xqtb` table of `directory` loaded."""
    tables = Tablebase()
    tables.add_directory(directory)
    return tables


__all__ = ["Tablebase", "open_tablebase"]
