"""python-chess's habits on Board: piece_map, attackers, is_attacked_by,
gives_check, is_capture, result, set_fen, reset, board_fen and
is_repetition, with python-chess's meanings; checked against pyffish where
it has the same question."""

import random

import pytest
from conftest import to_sf

import xiangqi_rs
from xiangqi_rs import Board, IllegalMoveError, InvalidFenError, Move

START = xiangqi_rs.STARTING_FEN


def test_piece_map():
    b = Board()
    pm = b.piece_map()
    assert len(pm) == 32
    assert pm["e0"] == "K" and pm["e9"] == "k" and pm["b2"] == "C" and pm["a6"] == "p"
    assert "e1" not in pm
    # Every entry agrees with piece_at; squares in index order.
    assert all(b.piece_at(sq) == p for sq, p in pm.items())
    assert list(pm)[:3] == ["a0", "b0", "c0"]
    b.push_str("h2h9")  # cannon takes horse
    assert b.piece_map()["h9"] == "C" and "h2" not in b.piece_map() and len(b.piece_map()) == 31


def test_attackers_and_is_attacked_by():
    b = Board()
    # Black's cannon on b7 attacks b0 over the screen on b2.
    assert b.attackers("black", "b0") == ["b7"]
    assert b.is_attacked_by("black", "b0")
    assert b.attackers("red", "e4") == ["e3"]  # the soldier
    assert b.attackers("red", "e5") == [] and not b.is_attacked_by("red", "e5")
    # Pinned pieces count, as in python-chess.
    b = Board("3k5/9/9/9/9/9/9/3r5/3R5/3K5 w")
    assert b.attackers("red", "d2") == ["d1"]  # the pinned chariot still attacks
    # A horse whose leg is blocked attacks nothing that way.
    b = Board()
    assert "b0" not in b.attackers("red", "d1")  # the leg c0 is blocked
    assert "b0" in b.attackers("red", "a2")
    assert b.attackers("red", "c2") == ["b0"]


def test_attackers_bad_arguments():
    b = Board()
    for color, square in [("white", "e0"), ("Red", "e0"), ("red", "j0"), ("red", "e10"), ("red", "")]:
        with pytest.raises(ValueError):
            b.attackers(color, square)
        with pytest.raises(ValueError):
            b.is_attacked_by(color, square)


def test_gives_check_and_is_capture():
    b = Board()
    assert not b.gives_check(Move.from_iccs("h2e2"))
    assert not b.is_capture(Move.from_iccs("h2e2"))
    assert b.is_capture(Move.from_iccs("h2h9"))  # cannon takes horse
    b = Board("3k5/9/9/9/9/9/9/9/4R4/5K3 w")
    assert b.gives_check(Move.from_iccs("e1d1"))
    assert not b.gives_check(Move.from_iccs("e1e2"))
    # A pseudo-legal move (it exposes the mover's general) is still asked about.
    b = Board("3k5/9/9/9/9/9/9/3r5/3R5/3K5 w")
    pinned = Move.from_iccs("d1e1")
    assert not b.is_legal(pinned)
    assert not b.is_capture(pinned) and not b.gives_check(pinned)
    assert b.is_capture(Move.from_iccs("d1d2"))
    # Anything else is an error with the library's reason; the board is unchanged.
    b = Board()
    with pytest.raises(IllegalMoveError, match="horse's leg is blocked on g0"):
        b.gives_check(Move.from_iccs("h0f1"))
    with pytest.raises(IllegalMoveError, match="no piece"):
        b.is_capture(Move.from_iccs("e5e4"))
    assert b.fen() == START


def test_result():
    b = Board()
    assert b.result() == "*" and b.result(claim_draw=True) == "*"
    b = Board("3k5/9/9/9/9/9/9/9/4R4/5K3 w")
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1".split():
        b.push_str(m)
        assert b.result() == "*"
    b.push_str("e9d9")
    assert b.result() == "0-1" == b.outcome().result()  # red's perpetual check loses
    mated = Board("R3k4/R8/9/9/9/9/9/9/9/3K5 b")
    assert mated.result() == "1-0"
    stalemated = Board("3k5/R8/9/9/9/9/9/9/9/4K4 b")
    assert stalemated.result() == "1-0"  # a side with no move loses


def test_set_fen_reset_and_board_fen():
    b = Board()
    b.push_str("h2e2")
    fen = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"
    b.set_fen(fen)
    assert b.fen() == fen and b.move_stack == [] and b.ply() == 0
    assert b.board_fen() == "3k5/9/9/9/9/9/9/9/4R4/5K3"
    with pytest.raises(InvalidFenError):
        b.set_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")  # generals face
    assert b.fen() == fen  # unchanged
    b.push_str("e1d1")
    b.reset()
    assert b.fen() == START and b.move_stack == [] and b == Board()
    assert b.board_fen() == START.split()[0]
    assert b.outcome() is None


def test_is_repetition():
    b = Board()
    assert b.is_repetition(1) and not b.is_repetition(2) and not b.is_repetition()
    for m in "h0g2 h9g7 g2h0 g7h9".split():
        b.push_str(m)
    assert b.is_repetition(2) and not b.is_repetition(3) and not b.is_repetition()
    for m in "h0g2 h9g7 g2h0".split():
        b.push_str(m)
    assert b.is_repetition(2) and not b.is_repetition(3)  # black to move, as after ply 3
    b.push_str("g7h9")
    assert b.is_repetition() and b.is_repetition(3) and not b.is_repetition(4)
    assert b.outcome().reason == "repetition"
    # The side to move matters, and no repetition reaches across a capture.
    b = Board()
    for m in "h2h9 i9h9 b2b9 a9b9".split():  # two captures
        b.push_str(m)
    assert not b.is_repetition(2)
    for bad in [0, -1, 10**30, "3", 2.5]:
        with pytest.raises((ValueError, TypeError)):
            b.is_repetition(bad)
    with pytest.raises(ValueError, match="expected an integer of at least 1, not 0") as info:
        b.is_repetition(0)
    assert any("count" in note for note in getattr(info.value, "__notes__", ["count"]))
    with pytest.raises(ValueError, match="at least 1"):
        b.is_repetition(10**30)
    assert b.is_repetition(count=1)


def test_is_repetition_counts_the_same_side_to_move():
    b = Board()
    b.push_str("h0g2")
    for m in "h9g7 g2h0 g7h9 h0g2".split():
        b.push_str(m)
    # After h0g2 twice, black to move, the same position: twice.
    assert b.is_repetition(2) and not b.is_repetition(3)


def test_integer_arguments_raise_value_error():
    b = Board()
    for bad in [-1, 10**30]:
        with pytest.raises(ValueError, match="depth"):
            b.perft(bad)
    for bad in [-3, 0, 10**30]:
        with pytest.raises(ValueError, match="size"):
            xiangqi_rs.svg.board(b, size=bad)
    with pytest.raises(TypeError):
        xiangqi_rs.svg.board(b, size="big")
    assert 'width="1"' in xiangqi_rs.svg.board(b, size=1)
    assert b.perft(0) == 1


sf = None
try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    pass


@pytest.mark.skipif(sf is None, reason="pyffish is not installed")
@pytest.mark.parametrize("seed", range(2))
def test_gives_check_and_is_capture_agree_with_pyffish(seed):
    # pyffish takes about 3 ms a call: a few moves a ply, checks and
    # captures first (the rare answers), keep the test within seconds.
    rng = random.Random(seed)
    b = Board()
    for _ in range(70):
        if b.is_game_over():
            break
        fen = b.fen()
        moves = b.legal_moves
        rare = [m for m in moves if b.gives_check(m) or b.is_capture(m)]
        for m in rare[:2] + rng.sample(moves, min(2, len(moves))):
            assert b.gives_check(m) == sf.gives_check("xiangqi", fen, [to_sf(str(m))]), (fen, m)
            assert b.is_capture(m) == sf.is_capture("xiangqi", fen, [], to_sf(str(m))), (fen, m)
        # attackers of the general of the side to move are its checkers.
        me = b.turn
        general = next(sq for sq, p in b.piece_map().items() if p == ("K" if me == "red" else "k"))
        them = "black" if me == "red" else "red"
        assert bool(b.attackers(them, general)) == b.is_check()
        b.push(rng.choice(b.legal_moves))
