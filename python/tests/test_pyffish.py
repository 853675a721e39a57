"""Random games compared with Fairy-Stockfish (pyffish, variant "xiangqi"):
the same legal moves, FEN and checks at every ply. pyffish writes ranks
1-10 where ICCS writes 0-9."""

import random

import pytest
from conftest import from_sf, to_sf

from xiangqi_rs import Board

sf = pytest.importorskip("pyffish")


def test_coordinates():
    assert to_sf("h2e2") == "h3e3" and from_sf("h3e3") == "h2e2"
    assert from_sf("a10a9") == "a9a8" and to_sf("a9a8") == "a10a9"


@pytest.mark.parametrize("seed", range(10))
def test_random_games_agree(seed):
    rng = random.Random(seed)
    fen = sf.start_fen("xiangqi")
    board = Board(fen)
    history = []
    for _ in range(150):
        ours = sorted(str(m) for m in board.legal_moves)
        theirs = sorted(from_sf(m) for m in sf.legal_moves("xiangqi", fen, []))
        assert ours == theirs, (fen, history)
        if not ours or board.outcome() is not None:
            break
        move = rng.choice(board.legal_moves)
        board.push(move)
        history.append(str(move))
        sf_move = [to_sf(str(move))]
        assert board.is_check() == sf.gives_check("xiangqi", fen, sf_move), history
        fen = sf.get_fen("xiangqi", fen, sf_move)
        assert board.fen() == fen, history
    if not board.legal_moves:
        assert board.is_checkmate() or board.is_stalemate()
        assert board.outcome().reason in {"checkmate", "stalemate"}
