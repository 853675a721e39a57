"""xiangqi_rs.tablebase: python-chess's `chess.gaviota` API over the
library's tables. The table is python/tests/data/kpk.xqtb (see the README
there); its values are checked against known endgame facts and against
best play from each position, not against the generator's output."""

import random
import shutil
from pathlib import Path

import pytest
from conftest import placement_fen

import xiangqi_rs
from xiangqi_rs.tablebase import Tablebase, open_tablebase

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def table_dir(tmp_path):
    shutil.copy(DATA / "kpk.xqtb", tmp_path / "kpk.xqtb")
    (tmp_path / "notes.txt").write_text("not a table")
    return tmp_path


@pytest.fixture
def tables(table_dir):
    with open_tablebase(table_dir) as t:
        yield t


def test_open_loads_only_tables(tables):
    assert len(tables) == 1
    assert tables.materials() == ["kpk"]


def test_soldier_across_the_river_wins(tables):
    # A lone soldier that has crossed the river and is not yet on the last
    # rank beats a bare king.
    board = xiangqi_rs.Board("3k5/9/9/9/4P4/9/9/9/9/5K3 w")
    assert tables.probe_wdl(board) == 1
    dtm = tables.probe_dtm(board)
    assert dtm > 0 and dtm % 2 == 1
    # Black to move in the same placement loses.
    board = xiangqi_rs.Board("3k5/9/9/9/4P4/9/9/9/9/5K3 b")
    assert tables.probe_wdl(board) == -1
    assert tables.probe_dtm(board) < 0


def test_bottom_soldier_draws(tables):
    # A soldier on the last rank (a "bottom soldier") cannot win.
    for side in "wb":
        board = xiangqi_rs.Board(f"P2k5/9/9/9/9/9/9/9/9/5K3 {side}")
        assert tables.probe_wdl(board) == 0
        assert tables.probe_dtm(board) == 0
        assert tables.get_wdl(board) == 0


def test_black_soldier_found_by_colour_flip(tables):
    red = xiangqi_rs.Board("3k5/9/9/9/4P4/9/9/9/9/5K3 w")
    black = xiangqi_rs.Board("5k3/9/9/9/9/4p4/9/9/9/3K5 b")
    assert tables.probe_dtm(black) == tables.probe_dtm(red)


def test_outside_the_tables(tables):
    board = xiangqi_rs.Board()
    with pytest.raises(KeyError):
        tables.probe_wdl(board)
    with pytest.raises(KeyError):
        tables.probe_dtm(board)
    assert tables.get_wdl(board) is None
    assert tables.get_dtm(board) is None
    # kk has no table here either.
    assert tables.get_wdl(xiangqi_rs.Board("3k5/9/9/9/9/9/9/9/9/5K3 w")) is None


def _value(tables, board):
    """(wdl, dtm) of a position; a bare kings position is a draw."""
    wdl = tables.get_wdl(board)
    if wdl is None:
        assert "P" not in board.fen().split()[0].upper()
        return (0, 0)
    return (wdl, tables.probe_dtm(board))


def _kpk_boards(count):
    rng = random.Random(53)
    palace_black = [(f, r) for f in range(3, 6) for r in range(7, 10)]
    palace_red = [(f, r) for f in range(3, 6) for r in range(0, 3)]
    boards = []
    while len(boards) < count:
        pieces = {}
        pieces[rng.choice(palace_black)] = "k"
        k = rng.choice(palace_red)
        p = (rng.randrange(9), rng.randrange(5, 10))
        if k in pieces or p in pieces:
            continue
        pieces[k] = "K"
        pieces[p] = "P"
        fen = placement_fen(pieces) + " " + rng.choice("wb")
        try:
            boards.append(xiangqi_rs.Board(fen))
        except ValueError:
            continue
    return boards


def test_values_follow_best_play(tables):
    """Each value is the best of its children's: win in n has a child lost
    in n - 1 and none lost sooner; a loss in n has only won children, the
    slowest in n - 1; a draw has a drawn child and no lost one."""
    checked = 0
    for board in _kpk_boards(400):
        if tables.get_wdl(board) is None:
            continue  # not a legal position (the side not to move in check)
        wdl, dtm = _value(tables, board)
        children = []
        for move in list(board.legal_moves):
            board.push(move)
            children.append(_value(tables, board))
            board.pop()
        if not children:
            assert (wdl, dtm) == (-1, 0)
        elif wdl == 1:
            assert dtm > 0 and dtm % 2 == 1
            lost = [-d for w, d in children if w == -1]
            assert min(lost) == dtm - 1
        elif wdl == 0:
            assert dtm == 0
            assert all(w >= 0 for w, _ in children)
            assert any(w == 0 for w, _ in children)
        else:
            assert dtm <= 0 and dtm % 2 == 0
            assert all(w == 1 for w, _ in children)
            assert max(d for _, d in children) == -dtm - 1
        checked += 1
    assert checked > 200


def test_add_bytes_errors_and_close(table_dir):
    t = Tablebase()
    assert len(t) == 0
    assert t.add_bytes((table_dir / "kpk.xqtb").read_bytes()) == "kpk"
    with pytest.raises(ValueError):
        t.add_bytes((table_dir / "kpk.xqtb").read_bytes())  # already loaded
    with pytest.raises(ValueError):
        t.add_bytes(b"XQTB not really a table")
    with pytest.raises(ValueError):
        t.add_directory(table_dir)  # kpk again: the path is named
    board = xiangqi_rs.Board("3k5/9/9/9/4P4/9/9/9/9/5K3 w")
    assert t.get_wdl(board) == 1
    t.close()
    assert len(t) == 0
    assert t.get_wdl(board) is None
    assert "kpk" not in repr(t)
