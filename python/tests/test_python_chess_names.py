"""python-chess's names on Board and Move (issue 52): push_uci, push_san,
parse_uci, parse_san, uci, Move.from_uci, unicode(), fullmove_number,
zobrist_hash(), Piece from piece_at, the move generators, __eq__ and
__repr__, with python-chess's meanings. Counts and FENs are checked against
pyffish where it answers the same question."""

import random

import pytest
from conftest import from_sf, to_sf

import xiangqi_rs
from xiangqi_rs import (
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Piece,
)

sf = pytest.importorskip("pyffish")


def test_push_and_parse_uci_and_san():
    b = Board()
    assert b.parse_uci("h2e2") == Move.from_uci("h2e2") == Move.from_iccs("h2e2")
    assert b.push_uci("h2e2") == Move.from_uci("h2e2")
    assert b.push_san("马8进7") == Move.from_uci("h9g7")  # Chinese
    assert b.push_san("H2+3") == Move.from_uci("h0g2")  # WXF
    assert b.push_san("i9h9") == Move.from_uci("i9h9")  # ICCS
    assert b.parse_san("车一平二") == Move.from_uci("i0h0")
    assert b.uci(b.peek()) == "i9h9" and b.peek().uci() == "i9h9"
    assert b.ply() == 4 and b.fullmove_number == 3
    with pytest.raises(InvalidMoveError):
        b.parse_uci("hello")
    with pytest.raises(InvalidMoveError):
        Move.from_uci("z9z9")
    # An illegal move says why, as the library does.
    with pytest.raises(IllegalMoveError, match="leg is blocked"):
        Board().parse_uci("b0d1")
    with pytest.raises(IllegalMoveError, match="path is blocked"):
        Board().push_uci("a0a5")
    with pytest.raises(IllegalMoveError):
        Board().push_san("车五进一")
    assert b.ply() == 4


def test_legal_moves_behave_as_python_chess_generators():
    b = Board()
    moves = b.legal_moves
    assert isinstance(moves, LegalMoveGenerator)
    assert len(moves) == moves.count() == 44 and moves.any() and bool(moves)
    assert Move.from_uci("h2e2") in moves and Move.from_uci("a0a5") not in moves
    assert "h2e2" not in moves  # only Moves are members, as in python-chess
    listed = list(moves)
    assert len(listed) == 44 and all(isinstance(m, Move) for m in listed)
    assert list(iter(moves)) == listed  # iterates again
    assert moves[0] == listed[0] and moves[-1] == listed[-1]  # as the list it was
    with pytest.raises(IndexError):
        moves[44]
    mated = Board("R3k4/R8/9/9/9/9/9/9/9/3K5 b")
    assert len(mated.legal_moves) == 0 and not mated.legal_moves.any()
    assert not mated.legal_moves and mated.legal_moves.count() == 0
    assert "LegalMoveGenerator" in repr(b.legal_moves) and "h2e2" in repr(b.legal_moves)


@pytest.mark.parametrize("seed", range(3))
def test_legal_moves_agree_with_pyffish(seed):
    rng = random.Random(seed)
    b = Board()
    fen = sf.start_fen("xiangqi")
    for _ in range(60):
        theirs = {from_sf(m) for m in sf.legal_moves("xiangqi", fen, [])}
        ours = b.legal_moves
        assert len(ours) == len(theirs) and {m.uci() for m in ours} == theirs
        assert all(Move.from_uci(m) in ours for m in theirs)
        assert set(m.uci() for m in b.pseudo_legal_moves) >= theirs
        if not theirs or b.is_game_over():
            break
        m = rng.choice(sorted(theirs))
        b.push_uci(m)
        fen = sf.get_fen("xiangqi", fen, [to_sf(m)])
        # The move number and the half-move clock are the FEN's.
        assert b.fen() == fen
        assert b.fullmove_number == int(fen.split()[-1])
        assert b.halfmove_clock == int(fen.split()[-2])


def test_pseudo_legal_moves():
    # Red's chariot d1 is pinned on the d-file by Black's chariot d2.
    b = Board("3k5/9/9/9/9/9/9/3r5/3R5/3K5 w")
    legal = {m.uci() for m in b.legal_moves}
    assert legal == {"d1d2", "d0e0"}
    pseudo = {m.uci() for m in b.pseudo_legal_moves}
    sideways = {f"d1{f}1" for f in "abcefghi"}
    assert pseudo == legal | sideways
    assert len(b.pseudo_legal_moves) == 10 and b.pseudo_legal_moves.count() == 10
    for m in b.pseudo_legal_moves:
        assert b.is_legal(m) == (m.uci() in legal)
        b.gives_check(m)  # pseudo-legal moves are accepted there
    assert len(Board().pseudo_legal_moves) == 44


def test_piece_at_gives_a_piece():
    b = Board()
    k = b.piece_at("e0")
    assert isinstance(k, Piece)
    assert (k.symbol(), k.unicode_symbol(), k.color, k.piece_type) == ("K", "帥", "red", "general")
    assert k.unicode_symbol(invert_color=True) == "將"
    # The bridge for code that read the letter: str() and == the letter.
    assert str(k) == "K" and k == "K" and k != "k" and "K" == k
    assert {k: 1}["K"] == 1 and hash(k) == hash("K")
    r = b.piece_at("a9")
    assert (r.symbol(), r.unicode_symbol(), r.color, r.piece_type) == ("r", "車", "black", "chariot")
    assert b.piece_at("e4") is None
    assert Piece.from_symbol("N") == b.piece_at("b0") and repr(b.piece_at("b0")) == "Piece.from_symbol('N')"
    with pytest.raises(ValueError):
        Piece.from_symbol("X")
    types = {p.piece_type for p in b.piece_map().values()}
    assert types == {"general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"}
    assert b.piece_map()["e9"] == "k" and isinstance(b.piece_map()["e9"], Piece)


def test_unicode():
    b = Board()
    rows = b.unicode().splitlines()
    assert len(rows) == 10
    assert rows[0] == "車 馬 象 士 將 士 象 馬 車"
    assert rows[2] == "． 砲 ． ． ． ． ． 砲 ．"
    assert rows[9] == "俥 傌 相 仕 帥 仕 相 傌 俥"
    inverted = b.unicode(invert_color=True).splitlines()
    assert inverted[0] == "俥 傌 相 仕 帥 仕 相 傌 俥"
    assert b.unicode(empty_square="+").splitlines()[1] == "+ + + + + + + + +"
    framed = b.unicode(borders=True).splitlines()
    assert len(framed) == 13 and framed[1].startswith("9 │ 車") and framed[10].startswith("0 │ 俥")
    assert framed[-1].split() == list("ａｂｃｄｅｆｇｈｉ")


def test_equality_zobrist_and_repr():
    a, b = Board(), Board()
    for m in ["h2e2", "h9g7", "b0c2"]:
        a.push_uci(m)
    for m in ["b0c2", "h9g7", "h2e2"]:
        b.push_uci(m)
    # Same pieces, side to move and counters: equal, same key, as python-chess.
    assert a == b and a.zobrist_hash() == b.zobrist_hash()
    assert a.move_stack != b.move_stack
    assert a != Board() and a.zobrist_hash() != Board().zobrist_hash()
    # The same placement with the other side to move: another position.
    other_turn = Board(a.fen().replace(" b ", " w "))
    assert a != other_turn and a.zobrist_hash() != other_turn.zobrist_hash()
    # Other counters: not equal (python-chess compares them), same key.
    fields = a.fen().split()
    fields[-1] = "9"
    later = Board(" ".join(fields))
    assert a != later and a.zobrist_hash() == later.zobrist_hash()
    assert isinstance(a.zobrist_hash(), int) and 0 <= a.zobrist_hash() < 2**64
    assert repr(a) == f"Board('{a.fen()}')"
    assert eval(repr(a), {"Board": Board}) == a
    c = a.copy()
    c.pop()
    assert c != a and a.ply() == 3 and c.ply() == 2


def test_old_names_still_work():
    b = Board()
    assert b.push_str("h2e2") == Move.from_iccs("h2e2")
    assert b.parse_move("马8进7").iccs() == "h9g7"
    assert len(b.legal_moves) == len(list(b.legal_moves)) == 45 and b.ply() == 1
    assert xiangqi_rs.Board().piece_at("e0") == "K"
    # Code that treated legal_moves as the list it was.
    assert random.choice(b.legal_moves) in b.legal_moves
    assert b.legal_moves == list(b.legal_moves) and b.legal_moves == tuple(b.legal_moves)
    assert Board("R3k4/R8/9/9/9/9/9/9/9/3K5 b").legal_moves == []
    assert b.legal_moves != [] and b.legal_moves != "h2e2"
