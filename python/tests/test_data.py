"""xiangqi_rs.data: self-play chunks in datagen's format, read back."""

from pathlib import Path

import pytest

import xiangqi_rs
from xiangqi_rs import data

ROOT = Path(__file__).resolve().parents[2]
NETWORK = ROOT / "src" / "eval" / "nnue" / "default.nnue"


def test_a_chunk_is_reproducible_and_reads_back():
    a = data.generate_chunk(seed=3, index=1, games=1, nodes=300)
    assert a == data.generate_chunk(seed=3, index=1, games=1, nodes=300)
    assert a != data.generate_chunk(seed=3, index=2, games=1, nodes=300)
    assert a[:8] == b"XQDATA\r\n"
    chunk = data.read_chunk(a)
    assert (chunk.seed, chunk.index, chunk.nodes) == (3, 1, 300)
    assert len(chunk) == len(chunk.positions) == (len(a) - 48) // 32 > 0
    winners = {w for _, _, w, _ in chunk.positions}
    assert len(winners) == 1 and winners <= {"red", "black", None}
    plies = [p for _, _, _, p in chunk.positions]
    assert plies == sorted(plies)
    for fen, score, _, _ in chunk.positions:
        board = xiangqi_rs.Board(fen)
        assert not board.is_check() and board.legal_moves
        assert abs(score) < 20000
    assert "Chunk(seed=3, index=1, nodes=300, positions=" in repr(chunk)


def test_names_follow_datagen():
    assert data.chunk_name(seed=2, index=17) == "s2-n6000-000017.xqd"
    net = NETWORK.read_bytes()
    # The embedded network is generation 6.
    assert data.chunk_name(seed=2, index=17, nodes=500, network=net) == "g6-s2-n500-000017.xqd"


def test_a_network_plays_other_games():
    net = NETWORK.read_bytes()
    a = data.generate_chunk(seed=3, index=1, games=1, nodes=300, network=net)
    assert a != data.generate_chunk(seed=3, index=1, games=1, nodes=300)
    assert data.read_chunk(a).index == 1


def test_openings_are_used():
    # One opening: the central cannon against the screen horse.
    a = data.generate_chunk(seed=3, index=0, games=1, nodes=300, openings="h2e2 h9g7\n")
    assert a != data.generate_chunk(seed=3, index=0, games=1, nodes=300)
    # The opening's two moves and 2-6 random plies come before the first record.
    assert data.read_chunk(a).positions[0][3] >= 4


def test_bad_input_raises():
    with pytest.raises(data.NetworkError):
        data.generate_chunk(seed=1, index=0, games=1, network=b"not a network")
    net = bytearray(NETWORK.read_bytes())
    net[1000] ^= 1
    with pytest.raises(data.NetworkError, match="checksum"):
        data.chunk_name(seed=1, index=0, network=bytes(net))
    with pytest.raises(ValueError, match="nodes"):
        data.generate_chunk(seed=1, index=0, games=1, nodes=0)
    with pytest.raises(ValueError, match="no openings"):
        data.generate_chunk(seed=1, index=0, games=1, openings="# nothing\n")
    with pytest.raises(ValueError, match="openings line 2: a0a5"):
        data.generate_chunk(seed=1, index=0, games=1, openings="h2e2\na0a5\n")
    good = data.generate_chunk(seed=1, index=0, games=1, nodes=200)
    for bad in (b"", good[:47], good[:-1], good[:60] + bytes([good[60] ^ 4]) + good[61:]):
        with pytest.raises(data.ChunkError):
            data.read_chunk(bad)
    assert issubclass(data.ChunkError, ValueError) and issubclass(data.NetworkError, ValueError)


def test_game_files_give_the_chunk_s_positions():
    games = data.generate_games(seed=3, index=1, games=1, nodes=300)
    assert games[:8] == b"XQGAME\r\n"
    chunk = data.generate_chunk(seed=3, index=1, games=1, nodes=300)
    assert len(games) * 5 < len(chunk)
    a, b = data.read_games(games), data.read_chunk(chunk)
    assert (a.seed, a.index, a.nodes) == (b.seed, b.index, b.nodes) == (3, 1, 300)
    assert a.positions == b.positions and len(a) > 0
    assert data.games_name(seed=2, index=17) == "s2-n6000-000017.xqg"
    net = NETWORK.read_bytes()
    assert data.games_name(seed=2, index=17, nodes=500, network=net) == "g6-s2-n500-000017.xqg"
    for bad in (b"", games[:63], games[:-1], chunk):
        with pytest.raises(data.ChunkError):
            data.read_games(bad)


def test_a_128_wide_network_plays_as_the_embedded_256_wide_one_does():
    # g2a (128 wide, generation 2) played lab/data/g3; the embedded network is
    # 256 wide, and both widths play here.
    g2a = (ROOT / "lab" / "data" / "networks" / "g2a.nnue").read_bytes()
    name = data.games_name(seed=3, index=96, network=g2a)
    assert (ROOT / "lab" / "data" / "g3" / name).is_file()
    narrow = data.read_games(data.generate_games(seed=3, index=96, games=1, nodes=300, network=g2a))
    wide = data.generate_games(seed=3, index=96, games=1, nodes=300, network=NETWORK.read_bytes())
    assert len(narrow) > 0 and narrow.positions != data.read_games(wide).positions
    chunk = data.read_chunk(data.generate_chunk(seed=3, index=96, games=1, nodes=300, network=g2a))
    assert chunk.positions == narrow.positions
