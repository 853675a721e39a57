"""Board basics: FEN, legal moves, perft, push/pop, notation, known positions."""

import copy

import pytest

import xiangqi_rs
from xiangqi_rs import Board, Move
from conftest import data_lines

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def test_start():
    b = Board()
    assert b.fen() == START == xiangqi_rs.STARTING_FEN
    assert b.turn == "red"
    assert len(b.legal_moves) == 44
    assert all(isinstance(m, Move) for m in b.legal_moves)
    assert b.outcome() is None
    assert not b.is_check() and not b.is_checkmate() and not b.is_stalemate()
    assert repr(b) == f"Board('{START}')"
    rows = str(b).splitlines()
    assert len(rows) == 10
    assert rows[0] == "r n b a k a b n r"
    assert rows[9] == "R N B A K A B N R"
    assert b.piece_at("e0") == "K" and b.piece_at("e9") == "k" and b.piece_at("e4") is None


@pytest.mark.parametrize("depth,nodes", [(1, 44), (2, 1920), (3, 79666)])
def test_perft_start(depth, nodes):
    assert Board().perft(depth) == nodes


def test_legal_moves_reference():
    # Positions with their legal moves, from Fairy-Stockfish (pyffish).
    rows = data_lines("legal_moves.txt")
    assert len(rows) > 50
    for fen, _check, moves, *_ in rows[:200]:
        got = sorted(str(m) for m in Board(fen).legal_moves)
        assert got == sorted(moves.split()), fen


def test_push_pop_round_trip():
    b = Board()
    fens = [b.fen()]
    for text in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]:
        b.push(Move.from_iccs(text))
        fens.append(b.fen())
    assert b.turn == "red"
    assert b.ply() == 6
    assert [str(m) for m in b.move_stack] == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
    assert str(b.peek()) == "b9c7"
    for expected in reversed(fens[:-1]):
        b.pop()
        assert b.fen() == expected
    assert b.fen() == START
    with pytest.raises(IndexError):
        b.pop()


def test_copy_is_independent():
    b = Board()
    b.push_str("h2e2")
    c = b.copy()
    c.push_str("h9g7")
    assert b.ply() == 1 and c.ply() == 2
    d = copy.deepcopy(c)
    d.pop()
    assert c.ply() == 2 and d.fen() == b.fen()


@pytest.mark.parametrize(
    "text",
    ["h2e2", "H2-E2", "C2=5", "C2.5", "炮二平五", "砲二平五", "炮２平５", "ｈ２ｅ２"],
)
def test_push_str_notations_agree(text):
    b = Board()
    assert b.push_str(text) == Move.from_iccs("h2e2")
    assert b.fen() == Board().copy().fen() or b.ply() == 1
    assert str(b.move_stack[0]) == "h2e2"


def test_push_str_black_chinese_and_wxf():
    for text in ["马8进7", "H8+7", "h9g7"]:
        b = Board()
        b.push_str("h2e2")
        assert str(b.push_str(text)) == "h9g7"


def test_san():
    b = Board()
    m = Move.from_iccs("h2e2")
    assert b.san(m) == "C2=5"
    assert b.san(m, notation="wxf") == "C2=5"
    assert b.san(m, notation="wxf_dots") == "C2.5"
    assert b.san(m, notation="chinese") == "炮二平五"
    assert b.san(m, notation="chinese_traditional") == "炮二平五"
    assert b.san(Move.from_iccs("b0c2"), notation="chinese_traditional") == "馬八進七"
    assert b.san(m, notation="iccs") == "h2e2"
    with pytest.raises(ValueError):
        b.san(m, notation="klingon")
    with pytest.raises(xiangqi_rs.IllegalMoveError):
        b.san(Move.from_iccs("b0b1"))


def test_move():
    m = Move.from_iccs("h2e2")
    assert str(m) == "h2e2" == m.iccs()
    assert m.from_square == "h2" and m.to_square == "e2"
    assert m == Move.from_iccs("h2e2")
    assert m != Move.from_iccs("h2e3")
    assert hash(m) == hash(Move.from_iccs("h2e2"))
    assert len({m, Move.from_iccs("h2e2"), Move.from_iccs("b2e2")}) == 2
    assert repr(m) == "Move.from_iccs('h2e2')"
    assert m in Board().legal_moves
    assert Board().is_legal(m) and not Board().is_legal(Move.from_iccs("h2h8"))


def test_checkmate_positions():
    rows = data_lines("checkmates.txt")
    assert len(rows) >= 100
    for fen, _comment in rows:
        b = Board(fen)
        assert b.is_check() and b.is_checkmate() and not b.is_stalemate(), fen
        assert b.legal_moves == []
        o = b.outcome()
        assert o is not None and o.reason == "checkmate"
        # The side to move is mated: the other side wins.
        assert o.winner == ("black" if b.turn == "red" else "red")
        assert o.result() == ("1-0" if o.winner == "red" else "0-1")


def test_stalemate_is_a_loss():
    rows = data_lines("stalemates.txt")
    assert len(rows) >= 100
    for fen, _comment in rows:
        b = Board(fen)
        assert b.is_stalemate() and not b.is_checkmate() and not b.is_check(), fen
        o = b.outcome()
        assert o is not None and o.reason == "stalemate"
        assert o.winner == ("black" if b.turn == "red" else "red")
        assert "stalemate" in str(o)


def test_checkmate_by_a_move():
    # Two chariots: a0a9 mates.
    b = Board("4k4/1R7/9/9/9/9/9/9/9/R2K5 w")
    assert b.outcome() is None
    b.push_str("a0a9")
    assert b.is_checkmate() and b.turn == "black"
    o = b.outcome()
    assert (o.winner, o.reason) == ("red", "checkmate")
    assert str(o) == "1-0 red wins by checkmate"
    assert repr(o) == "Outcome(winner='red', reason='checkmate')"
    assert b.is_game_over()
    # The game is over: no further move.
    b2 = Board("4k4/1R7/9/9/9/9/9/9/9/R2K5 w")
    b2.push_str("a0a9")
    with pytest.raises(xiangqi_rs.IllegalMoveError, match="over"):
        b2.push(Move.from_iccs("e9e8"))


def test_flying_general():
    # The red general may not step onto the open file of the black one.
    # (A black soldier keeps material on the board.)
    b = Board("4k4/9/9/9/9/9/9/9/9/3K4p w")
    assert b.outcome() is None
    moves = {str(m) for m in b.legal_moves}
    assert "d0e0" not in moves
    assert "d0d1" in moves
    with pytest.raises(xiangqi_rs.IllegalMoveError, match="face"):
        b.push(Move.from_iccs("d0e0"))
    assert b.ply() == 0
    # A position where the generals face each other is not valid.
    with pytest.raises(xiangqi_rs.InvalidFenError, match="face each other"):
        Board("4k4/9/9/9/9/9/9/9/9/4K4 w")


def test_svg():
    svg = Board()._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_equality_and_pickle():
    import pickle

    b = Board()
    b.push_str("h2e2")
    b.push_str("h9g7")
    assert b != Board() and b == Board(b.fen()) and b != "not a board"
    c = pickle.loads(pickle.dumps(b))
    assert c == b and c.move_stack == b.move_stack and c.fen() == b.fen()
    # The history comes along: verdicts stay the library's.
    r = Board("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1")
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split():
        r.push_str(m)
    r2 = pickle.loads(pickle.dumps(r))
    assert r2.outcome().reason == "perpetual_check"
    r2.pop()
    assert r2.outcome() is None
