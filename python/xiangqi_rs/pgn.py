"""PGN records: `read_games(text)` and `write_games(games)`.

`read_games` skips a record it cannot read with a `PgnWarning` giving the
reason (or raises `PgnError` with `strict=True`); each `Game` has `tags`,
`moves`, `result`, `start_fen()`, `board()` (the position after the main
line), `to_pgn(notation)` and `Game.from_board(board)`.
"""

from ._core import pgn as _pgn

Game = _pgn.Game
PgnError = _pgn.PgnError
PgnWarning = _pgn.PgnWarning
read_games = _pgn.read_games
write_games = _pgn.write_games

__all__ = ["Game", "PgnError", "PgnWarning", "read_games", "write_games"]
