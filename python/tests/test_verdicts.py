"""Verdicts that need the game's history: perpetual check, perpetual chase,
repetition, the move limit, insufficient material. Move sequences from the
library's own reference data (tests/suite/tests/data/verdicts.txt and
game_verdicts_fsf.txt)."""

import pytest

import xiangqi_rs
from xiangqi_rs import Board

CASES = [
    # Red's chariot checks with every move, Black's general just steps
    # aside: Red loses by perpetual check.
    (
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
        "black",
        "perpetual_check",
    ),
    # Black's soldiers check with every move.
    (
        "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
        "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2",
        "red",
        "perpetual_check",
    ),
    # Red's horse chases Black's chariot with every move: Red loses.
    (
        "5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1",
        "a3c4 e5b5 c4a3 b5e5 a3c4 e5b5 c4a3 b5e5",
        "black",
        "perpetual_chase",
    ),
    (
        "3k5/9/9/n8/9/4R4/9/9/9/5K3 b - - 0 1",
        "a6c5 e4b4 c5a6 b4e4 a6c5 e4b4 c5a6 b4e4",
        "red",
        "perpetual_chase",
    ),
    # Idle chariots on their own edge files: a draw by repetition.
    (
        "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a0 i8i9",
        None,
        "repetition",
    ),
]


@pytest.mark.parametrize("fen,moves,winner,reason", CASES)
def test_cycle_verdicts(fen, moves, winner, reason):
    b = Board(fen)
    moves = moves.split()
    for m in moves[:-1]:
        b.push_str(m)
        assert b.outcome() is None
    b.push_str(moves[-1])
    o = b.outcome()
    assert o is not None
    assert (o.winner, o.reason) == (winner, reason)
    assert o.ply == len(moves)
    text = str(o)
    assert text.startswith(o.result())
    if reason == "repetition":
        assert o.result() == "1/2-1/2" and "draw by repetition" in text
    else:
        word = reason.split("_")[1]
        assert f"{winner} wins by perpetual {word}" in text
    # The verdict is undone with the move.
    b.pop()
    assert b.outcome() is None
    # A finished game takes no more moves.
    b.push_str(moves[-1])
    with pytest.raises(xiangqi_rs.IllegalMoveError, match="over"):
        b.push(b.legal_moves[0])


def test_insufficient_material():
    b = Board("3k5/9/9/9/9/9/9/9/9/4K4 w")
    o = b.outcome()
    assert o is not None
    assert (o.winner, o.reason, o.result()) == (None, "insufficient_material", "1/2-1/2")
    assert "insufficient material" in str(o)


def test_move_limit():
    # 60 moves (120 plies) without a capture: a chariot shuffles without
    # repeating a position three times... Start near the limit instead: the
    # halfmove clock of the FEN counts.
    b = Board("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 118 80")
    assert b.outcome() is None
    b.push_str("e1a1")
    assert b.outcome() is None
    b.push_str("d9d8")
    o = b.outcome()
    assert o is not None
    assert (o.winner, o.reason) == (None, "move_limit")
    assert "move limit" in str(o)
