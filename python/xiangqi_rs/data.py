"""Training data from self-play, in the chunk format of `xiangqi-engine
datagen` (32 bytes a position; the same bytes for the same seed on every
machine), and reading it back.

`generate_chunk(seed=, index=, games=, nodes=6000, network=None,
openings=None)` plays one chunk and returns its file's bytes;
`chunk_name(seed=, index=, nodes=6000, network=None)` is the file name
`datagen` gives it; `read_chunk(data)` returns a `Chunk` (`seed`, `index`,
`nodes`, `positions` as `(fen, score, winner, ply)` tuples). A bad network
raises `NetworkError`, a bad chunk `ChunkError` (both `ValueError`s).
"""

from ._core import data as _data

Chunk = _data.Chunk
ChunkError = _data.ChunkError
NetworkError = _data.NetworkError
chunk_name = _data.chunk_name
generate_chunk = _data.generate_chunk
read_chunk = _data.read_chunk

__all__ = [
    "Chunk",
    "ChunkError",
    "NetworkError",
    "chunk_name",
    "generate_chunk",
    "read_chunk",
]
