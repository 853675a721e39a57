"""Type stubs for xiangqi_rs.data."""

from typing import List, Literal, Optional, Protocol, Tuple, final

__all__ = [
    "Chunk",
    "ChunkError",
    "NetworkError",
    "chunk_name",
    "games_name",
    "generate_chunk",
    "generate_games",
    "read_chunk",
    "read_games",
]

class NetworkError(ValueError): ...
class ChunkError(ValueError): ...

@final
class Chunk:
    """A chunk file read back: its header and its positions."""

    @property
    def seed(self) -> int: ...
    @property
    def index(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def positions(
        self,
    ) -> List[Tuple[str, int, Optional[Literal["red", "black"]], int]]: ...
    def __len__(self) -> int: ...

class _Generator(Protocol):
    # The signature of `generate_chunk` and `generate_games`.
    def __call__(
        self,
        *,
        seed: int,
        index: int,
        games: int,
        nodes: int = 6000,
        network: Optional[bytes] = None,
        openings: Optional[str] = None,
    ) -> bytes: ...

generate_chunk: _Generator
generate_games: _Generator

def chunk_name(
    *, seed: int, index: int, nodes: int = 6000, network: Optional[bytes] = None
) -> str: ...
def read_chunk(data: bytes) -> Chunk: ...
def games_name(
    *, seed: int, index: int, nodes: int = 6000, network: Optional[bytes] = None
) -> str: ...
def read_games(data: bytes) -> Chunk: ...
