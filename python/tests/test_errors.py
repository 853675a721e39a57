"""Bad input raises ValueError subclasses with the library's messages and
leaves the board unchanged."""

import pytest

import xiangqi_rs
from xiangqi_rs import Board, Move


def test_exception_hierarchy():
    for e in [
        xiangqi_rs.InvalidFenError,
        xiangqi_rs.InvalidMoveError,
        xiangqi_rs.IllegalMoveError,
        xiangqi_rs.AmbiguousMoveError,
    ]:
        assert issubclass(e, ValueError)


@pytest.mark.parametrize(
    "fen,message",
    [
        ("", None),
        ("not a fen", None),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", "rows"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", None),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "face each other"),
        ("9/9/9/9/9/9/9/9/9/4K4 w", None),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", None),
    ],
)
def test_bad_fen(fen, message):
    with pytest.raises(xiangqi_rs.InvalidFenError, match=message) as info:
        Board(fen)
    assert str(info.value)


@pytest.mark.parametrize("text", ["", "h2", "h2e2e2", "z9z9", "hello", "h2-", "车十进一"])
def test_bad_iccs(text):
    with pytest.raises(xiangqi_rs.InvalidMoveError):
        Move.from_iccs(text)


@pytest.mark.parametrize(
    "text,error",
    [
        ("zz", xiangqi_rs.InvalidMoveError),
        ("", xiangqi_rs.InvalidMoveError),
        ("炮二进十", xiangqi_rs.InvalidMoveError),
        ("h2h8", xiangqi_rs.IllegalMoveError),
        ("h9g7", xiangqi_rs.IllegalMoveError),
        ("e0e2", xiangqi_rs.IllegalMoveError),
        ("车五进一", xiangqi_rs.IllegalMoveError),
        ("R5+1", xiangqi_rs.IllegalMoveError),
    ],
)
def test_bad_move_leaves_board_unchanged(text, error):
    b = Board()
    b.push_str("h2e2")
    b.push_str("h9g7")
    before = (b.fen(), b.ply(), list(b.move_stack))
    with pytest.raises(error) as info:
        b.push_str(text)
    assert str(info.value)
    assert (b.fen(), b.ply(), list(b.move_stack)) == before


def test_illegal_push_leaves_board_unchanged():
    b = Board()
    with pytest.raises(xiangqi_rs.IllegalMoveError, match="blocked"):
        b.push(Move.from_iccs("a0a5"))
    assert b.fen() == Board().fen() and b.ply() == 0


def test_ambiguous_move():
    # Two red chariots on file 2 (h): "R2+1" must say which (R+ or R-).
    b = Board("3k5/9/9/9/9/9/9/7R1/9/4K2R1 w")
    for text in ["R2+1", "车二进一", "R2=1", "车二平一"]:
        with pytest.raises(xiangqi_rs.AmbiguousMoveError, match="ambiguous"):
            b.push_str(text)
    assert b.ply() == 0
    assert str(b.push_str("R+=1")) == "h2i2"


def test_bad_square():
    with pytest.raises(ValueError):
        Board().piece_at("z0")


def test_perft_bad_depth_is_a_value_error():
    # Not PyO3's OverflowError: a ValueError naming the argument.
    for bad in [-1, 2**32, 10**30]:
        with pytest.raises(ValueError, match="depth must be an integer from 0"):
            Board().perft(bad)
