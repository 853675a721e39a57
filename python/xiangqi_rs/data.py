"""Training data from self-play, in the chunk format of `xiangqi-engine
datagen` (32 bytes a position; the same bytes for the same seed on every
machine) and its compact game files, and reading them back.

`generate_chunk(seed=, index=, games=, nodes=6000, network=None,
openings=None)` plays one chunk and returns its file's bytes;
`chunk_name(seed=, index=, nodes=6000, network=None)` is the file name
`datagen` gives it; `read_chunk(data)` returns a `Chunk` (`seed`, `index`,
`nodes`, `positions` as `(fen, score, winner, ply)` tuples). A bad network
raises `NetworkError`, a bad chunk `ChunkError` (both `ValueError`s).
`generate_games`, `games_name` and `read_games` do the same for game files
(`datagen --format games`: the games themselves, a few bytes a position);
`read_games` gives the positions of the chunk file of the same games.
"""

from ._core import data as _data

# The compiled submodule's names, all of them public (data.pyi types them).
__all__ = sorted(_data.__all__)
globals().update({name: getattr(_data, name) for name in __all__})
