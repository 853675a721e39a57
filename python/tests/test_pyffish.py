"""Random games compared with Fairy-Stockfish (pyffish, variant "xiangqi"):
the same legal moves, FEN and checks at every ply. pyffish writes ranks
1-10 where ICCS writes 0-9."""

import random

import pytest

from xiangqi_rs import Board

sf = pytest.importorskip("pyffish")


def to_sf(iccs):
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def from_sf(text):
    # "a10a9": ranks may have two digits.
    i = 1
    while text[i].isdigit():
        i += 1
    return f"{text[0]}{int(text[1:i]) - 1}{text[i]}{int(text[i + 1:]) - 1}"


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
