"""Game records of any format as trees of variations, python-chess style.

``read(source, format=None)`` reads PGN, XQF, CBR, CBL (a CCBridge
library), CBF, DhtmlXQ or a plain move list, detected from the bytes (or
read as ``format``), and returns a list of ``Game``. ``source`` is:

* ``bytes`` (or ``bytearray`` / ``memoryview``): the record's bytes;
* an ``os.PathLike`` (``pathlib.Path``): the file it names is read;
* a ``str`` that names an existing file (``os.path.isfile``): that file
  is read; any other ``str`` is the record's text itself.

A game of a many-game file (a CBL library, a PGN file) that cannot be read
is skipped with a ``RecordWarning`` (through Python's ``warnings`` module:
``warnings.catch_warnings`` or ``-W error::xiangqi_rs.records.RecordWarning``
turn them into a list or an error) and the others are returned. Bytes that
are no record, or a one-game record that cannot be read, raise
``RecordError`` (a ``ValueError``) whose message names the format and the
line or byte offset.

``write(games, format="pgn", notation="iccs")`` returns the PGN or DhtmlXQ
text as ``str`` and XQF as ``bytes`` (XQF and DhtmlXQ hold one game).

``Game`` and its ``GameNode`` follow ``chess.pgn.Game`` / ``GameNode``:
nodes are handles onto the game's shared tree (two handles on the same
node of the same game are equal), so ``node.parent.variations[0] == node``.
"""

import os
import warnings
from collections.abc import MutableMapping
from typing import (
    TYPE_CHECKING,
    Any,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Set,
    Union,
)

from ._core import Board, Move
from ._core import records as _records
from .pgn import Game as _PgnGame

if TYPE_CHECKING:
    from ._core import _NotationName, _ReadFormat, _WriteFormat


class RecordError(ValueError):
    """Bytes or text that cannot be read as a game record (the message
    names the format and the line or byte offset), or games that cannot be
    written in a format."""


class RecordWarning(UserWarning):
    """A game of a many-game file (a CBL library, a PGN file) that ``read``
    skipped, with the reason."""


MoveLike = Union[Move, str]


class Headers(MutableMapping[str, str]):
    """A game's headers (PGN tag pairs), in order: a mutable mapping onto
    the game itself. Names are letters, digits and ``_``; values are one
    line (else ``ValueError``)."""

    __slots__ = ("_tree",)

    def __init__(self, tree: Any) -> None:
        self._tree = tree

    def __getitem__(self, name: str) -> str:
        for key, value in self._tree.headers():
            if key == name:
                return str(value)
        raise KeyError(name)

    def __setitem__(self, name: str, value: str) -> None:
        self._tree.set_header(name, value)

    def __delitem__(self, name: str) -> None:
        if self._tree.remove_header(name) is None:
            raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter([key for key, _ in self._tree.headers()])

    def __len__(self) -> int:
        return len(self._tree.headers())

    def __repr__(self) -> str:
        pairs = ", ".join(f"{k}={v!r}" for k, v in self._tree.headers())
        return f"Headers({pairs})"


class GameNode:
    """A node of a game tree: the move that led to it (``None`` at the
    root), the comment after it, its NAGs and its variations (the first
    continues the main line)."""

    __slots__ = ("_tree", "_id")

    def __init__(self, tree: Any, node_id: int) -> None:
        self._tree = tree
        self._id = node_id

    def _node(self, node_id: int) -> "GameNode":
        if node_id == self._tree.root():
            return Game._wrap(self._tree)
        return GameNode(self._tree, node_id)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameNode):
            return NotImplemented
        return self._tree is other._tree and self._id == other._id

    def __hash__(self) -> int:
        return hash((id(self._tree), self._id))

    def __repr__(self) -> str:
        if self.move is None:
            return "<GameNode root>"
        return f"<GameNode {self.ply()}. {self.move}>"

    @property
    def parent(self) -> Optional["GameNode"]:
        """The node before this one, ``None`` at the root."""
        parent = self._tree.parent(self._id)
        return None if parent is None else self._node(parent)

    @property
    def move(self) -> Optional[Move]:
        """The move that led to this node (``None`` at the root)."""
        return self._tree.move_at(self._id)

    @property
    def variations(self) -> List["GameNode"]:
        """The children, the main continuation first."""
        return [GameNode(self._tree, c) for c in self._tree.children(self._id)]

    @property
    def comment(self) -> str:
        """The comment after the move (at the root: before the first move)."""
        return str(self._tree.comment(self._id))

    @comment.setter
    def comment(self, text: str) -> None:
        self._tree.set_comment(self._id, text)

    @property
    def starting_comment(self) -> str:
        """The comment before the move, written where a variation starts."""
        return str(self._tree.starting_comment(self._id))

    @starting_comment.setter
    def starting_comment(self, text: str) -> None:
        self._tree.set_starting_comment(self._id, text)

    @property
    def nags(self) -> Set[int]:
        """The NAGs of the move (a copy: assign a set to change them)."""
        return set(self._tree.nags(self._id))

    @nags.setter
    def nags(self, nags: Iterable[int]) -> None:
        self._tree.set_nags(self._id, sorted(set(nags)))

    def game(self) -> "Game":
        """The game (the root) this node belongs to."""
        return Game._wrap(self._tree)

    def board(self) -> Board:
        """A ``Board`` with the moves from the start to this node played."""
        return self._tree.board(self._id)

    def san(self, notation: str = "wxf") -> str:
        """The move in a notation (``"wxf"``, ``"wxf_dots"``, ``"chinese"``,
        ``"chinese_traditional"``, ``"iccs"``); ``ValueError`` at the root."""
        return str(self._tree.san(self._id, notation))

    def uci(self) -> str:
        """The move in ICCS coordinates (``"h2e2"``); ``ValueError`` at the
        root."""
        move = self.move
        if move is None:
            raise ValueError("the root of a game has no move")
        return move.iccs()

    def ply(self) -> int:
        """The number of moves from the start to this node."""
        return int(self._tree.ply(self._id))

    def is_mainline(self) -> bool:
        """Whether the node is on the game's main line."""
        return bool(self._tree.is_mainline(self._id))

    def is_end(self) -> bool:
        """Whether the node has no variations."""
        return not self._tree.children(self._id)

    def starts_variation(self) -> bool:
        """Whether the node is a child of its parent but not the first."""
        parent = self._tree.parent(self._id)
        return parent is not None and self._tree.children(parent)[0] != self._id

    def end(self) -> "GameNode":
        """The last node of the main continuation from here."""
        return self._node(self._tree.end(self._id))

    def next(self) -> Optional["GameNode"]:
        """The main continuation, ``None`` at the end of a line."""
        children = self._tree.children(self._id)
        return GameNode(self._tree, children[0]) if children else None

    def variation(self, move: Union[int, Move, str, "GameNode"]) -> "GameNode":
        """A child: by index, by its move (a ``Move`` or move text in any
        notation) or the node itself. ``KeyError`` if there is none."""
        children = self.variations
        if isinstance(move, int):
            try:
                return children[move]
            except IndexError:
                raise KeyError(move) from None
        if isinstance(move, GameNode):
            if move in children:
                return move
            raise KeyError(move)
        wanted = self._as_move(move)
        for child in children:
            if child.move == wanted:
                return child
        raise KeyError(move)

    def has_variation(self, move: Union[Move, str, "GameNode"]) -> bool:
        """Whether a child has this move (or is this node)."""
        try:
            self.variation(move)
        except (KeyError, ValueError):
            return False
        return True

    def _as_move(self, move: MoveLike) -> Move:
        if isinstance(move, str):
            return self.board().parse_move(move)
        return move

    def add_variation(
        self,
        move: MoveLike,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> "GameNode":
        """Adds a child with a move (a ``Move`` or text in any notation)
        after the existing ones and returns it. ``IllegalMoveError`` for an
        illegal move."""
        node = GameNode(self._tree, self._tree.add_variation(self._id, self._as_move(move)))
        if comment:
            node.comment = comment
        if starting_comment:
            node.starting_comment = starting_comment
        if nags:
            node.nags = nags
        return node

    def add_main_variation(
        self, move: MoveLike, *, comment: str = "", nags: Iterable[int] = ()
    ) -> "GameNode":
        """Adds a child with a move as the main continuation and returns it."""
        child = self._tree.add_main_variation(self._id, self._as_move(move))
        node = GameNode(self._tree, child)
        if comment:
            node.comment = comment
        if nags:
            node.nags = nags
        return node

    def add_line(self, moves: Iterable[MoveLike]) -> "GameNode":
        """Adds moves one after the other from here; returns the last node."""
        node = self
        for move in moves:
            node = node.add_variation(move)
        return node

    def promote_to_main(self, move: Union[Move, str, "GameNode"]) -> None:
        """Makes the child with this move the first variation."""
        self._tree.promote_to_main(self.variation(move)._id)

    def promote(self, move: Union[Move, str, "GameNode"]) -> None:
        """Moves the child with this move one place up."""
        self._tree.promote(self.variation(move)._id)

    def demote(self, move: Union[Move, str, "GameNode"]) -> None:
        """Moves the child with this move one place down."""
        self._tree.demote(self.variation(move)._id)

    def remove_variation(self, move: Union[Move, str, "GameNode"]) -> None:
        """Removes the child with this move and everything after it."""
        self._tree.remove_variation(self.variation(move)._id)

    def mainline(self) -> Iterator["GameNode"]:
        """The nodes of the main continuation after this one."""
        node = self.next()
        while node is not None:
            yield node
            node = node.next()

    def mainline_moves(self) -> List[Move]:
        """The moves of the main continuation after this one."""
        return [node._tree.move_at(node._id) for node in self.mainline()]


class Game(GameNode):
    """A game: its headers, its start position and its tree of moves (the
    game is the root node). ``Game()`` is an empty game from the standard
    start; ``Game(fen)`` from a position. A new game has the seven tag
    roster's headers, as in python-chess (``Event "?"`` ... ``Result "*"``)."""

    __slots__ = ()

    def __init__(self, fen: Optional[str] = None) -> None:
        tree = _records._Tree.from_board(Board(fen))
        for name, _ in tree.headers():
            tree.remove_header(name)
        for name, value in _records.SEVEN_TAG_ROSTER:
            tree.set_header(name, value)
        super().__init__(tree, tree.root())

    @classmethod
    def _wrap(cls, tree: Any) -> "Game":
        game = cls.__new__(cls)
        GameNode.__init__(game, tree, tree.root())
        return game

    def __repr__(self) -> str:
        return f"<Game {self.headers!r} {len(self.mainline_moves())} moves>"

    def __str__(self) -> str:
        return self.to_pgn()

    @property
    def headers(self) -> Headers:
        """The headers, a mutable mapping onto the game."""
        return Headers(self._tree)

    def start_fen(self) -> str:
        """The FEN of the start position."""
        return str(self._tree.start_fen())

    def copy(self) -> "Game":
        """A deep copy (nodes of the copy are not equal to this game's)."""
        return Game._wrap(self._tree.copy())

    def same_as(self, other: "Game") -> bool:
        """Whether the games are equal: headers in order, start, moves,
        comments and NAGs (``==`` is identity of the node)."""
        return bool(self._tree.same_as(other._tree))

    def to_pgn(self, notation: "_NotationName" = "iccs") -> str:
        """The game as PGN text with its variations, comments and NAGs."""
        return str(self._tree.to_pgn(notation))

    @staticmethod
    def from_board(board: Board) -> "Game":
        """The game of a board: its start and the moves played."""
        return Game._wrap(_records._Tree.from_board(board))

    @staticmethod
    def from_pgn_game(game: _PgnGame) -> "Game":
        """The game of a ``xiangqi_rs.pgn.Game``: its tags and main line."""
        return Game._wrap(_records._Tree.from_pgn_game(game))

    def to_pgn_game(self) -> _PgnGame:
        """The main line as a ``xiangqi_rs.pgn.Game`` (variations dropped)."""
        return self._tree.to_pgn_game()


Source = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]


def _source_bytes(source: Source) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, os.PathLike):
        with open(source, "rb") as f:
            return f.read()
    if isinstance(source, str):
        if "\n" not in source and len(source) < 4096 and os.path.isfile(source):
            with open(source, "rb") as f:
                return f.read()
        return source.encode("utf-8")
    raise TypeError(f"a path, bytes or str, not {type(source).__name__}")


def read(source: Source, format: Optional["_ReadFormat"] = None) -> List[Game]:
    """The games of a record (see the module's doc for ``source``);
    ``format`` is ``"pgn"``, ``"xqf"``, ``"cbr"``, ``"cbl"``, ``"cbf"``,
    ``"dhtmlxq"`` or ``"movelist"``, detected when ``None``. Skipped games
    of a many-game file are ``RecordWarning`` warnings; unreadable bytes
    raise ``RecordError``."""
    try:
        _, trees, skipped = _records.read(_source_bytes(source), format)
    except _records.RecordFileError as e:
        raise RecordError(str(e)) from None
    for _, reason in skipped:
        warnings.warn(reason, RecordWarning, stacklevel=2)
    return [Game._wrap(tree) for tree in trees]


def write(
    games: Union[Game, Sequence[Game]],
    format: "_WriteFormat" = "pgn",
    notation: "_NotationName" = "iccs",
) -> Union[str, bytes]:
    """Games as ``"pgn"`` text (any number, moves in ``notation``),
    ``"dhtmlxq"`` text or ``"xqf"`` bytes (one game each). ``RecordError``
    when the format cannot hold them."""
    if isinstance(games, Game):
        games = [games]
    try:
        data = _records.write([g._tree for g in games], format, notation)
    except _records.RecordFileError as e:
        raise RecordError(str(e)) from None
    if format.lower() == "xqf":
        return bytes(data)
    return bytes(data).decode("utf-8")


__all__ = [
    "Game",
    "GameNode",
    "Headers",
    "RecordError",
    "RecordWarning",
    "read",
    "write",
]
