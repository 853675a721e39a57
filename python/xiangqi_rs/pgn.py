"""PGN records: `read_games(text)` and `write_games(games)`.

`read_games` skips a record it cannot read with a `PgnWarning` giving the
reason (or raises `PgnError` with `strict=True`); each `Game` has `tags`,
`moves`, `result`, `start_fen()`, `board()` (the position after the main
line), `to_pgn(notation)` and `Game.from_board(board)`. `sample()` is the
text of 15 master games shipped with the package, to try things on.
"""

from pathlib import Path

from ._core import pgn as _pgn

Game = _pgn.Game
PgnError = _pgn.PgnError
PgnWarning = _pgn.PgnWarning
read_games = _pgn.read_games
write_games = _pgn.write_games


def sample() -> str:
    """The PGN text of 15 master games (ICCS moves, no result tokens).

    The games are public tournament records from the World Xiangqi
    Federation's database as published by maksimKorzh/wukong-xiangqi (MIT
    licence: ``sample_games.LICENSE`` beside this module)::

        games = xiangqi_rs.pgn.read_games(xiangqi_rs.pgn.sample())
    """
    return Path(__file__).with_name("sample_games.pgn").read_text(encoding="utf-8")


__all__ = ["Game", "PgnError", "PgnWarning", "read_games", "sample", "write_games"]
