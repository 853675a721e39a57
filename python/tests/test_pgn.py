"""PGN: the repository's game collections in three notations read alike,
round trips, a bad record reported and skipped."""

import warnings

import pytest

import xiangqi_rs
from xiangqi_rs import Board, pgn
from conftest import DATA

GAMES = DATA / "games"


@pytest.mark.parametrize("name", ["hu_ronghua", "liu_dahua"])
def test_editions_agree(name):
    editions = {}
    for notation in ["iccs", "wxf", "chinese"]:
        text = (GAMES / f"{name}_{notation}.pgn").read_text(encoding="utf-8")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            editions[notation] = pgn.read_games(text, strict=True)
    iccs = editions["iccs"]
    assert len(iccs) >= 5
    for other in ["wxf", "chinese"]:
        assert [g.moves for g in editions[other]] == [g.moves for g in iccs]
        assert [g.result for g in editions[other]] == [g.result for g in iccs]
    for g in iccs:
        board = g.board()
        assert board.ply() == len(g.moves)
        assert isinstance(g.tags, dict)


@pytest.mark.parametrize("notation", ["iccs", "wxf", "wxf_dots", "chinese", "chinese_traditional"])
def test_round_trip(notation):
    text = (GAMES / "hu_ronghua_iccs.pgn").read_text(encoding="utf-8")
    games = pgn.read_games(text)
    again = pgn.read_games(pgn.write_games(games, notation), strict=True)
    assert [g.moves for g in again] == [g.moves for g in games]
    assert [g.result for g in again] == [g.result for g in games]
    assert [g.tags.get("Event") for g in again] == [g.tags.get("Event") for g in games]


def test_bad_record_is_reported_and_skipped():
    text = (
        '[Event "A"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n\n'
        '[Event "Bad"]\n\n1. h2e2 h9h0 *\n\n'
        '[Event "C"]\n\n1. 炮二平五 马8进7 *\n'
    )
    with pytest.warns(pgn.PgnWarning, match="h9h0"):
        games = pgn.read_games(text)
    assert [g.tags["Event"] for g in games] == ["A", "C"]
    assert [str(m) for m in games[1].moves] == ["h2e2", "h9g7"]
    assert games[0].result == "1-0"
    with pytest.raises(pgn.PgnError, match="h9h0"):
        pgn.read_games(text, strict=True)
    assert issubclass(pgn.PgnError, ValueError)


def test_from_board():
    board = xiangqi_rs.Board("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1")
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split():
        board.push_str(m)
    game = pgn.Game.from_board(board)
    assert game.result == "0-1"
    assert game.start_fen() == "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"
    text = game.to_pgn("wxf")
    back = pgn.read_games(text, strict=True)[0]
    assert back.moves == board.move_stack
    assert back.board().outcome().reason == "perpetual_check"
    with pytest.raises(ValueError):
        game.to_pgn("klingon")


def test_sample_ships_with_the_package():
    text = pgn.sample()
    games = pgn.read_games(text, strict=True)
    assert len(games) == 15
    assert games[0].tags["Red"] == "ZHAO GuoRong"
    assert all(len(g.moves) > 20 for g in games)


def test_a_board_record_keeps_the_verdict():
    b = Board("3k5/9/9/9/9/9/9/9/4R4/5K3 w")
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split():
        b.push_str(m)
    g = pgn.Game.from_board(b)
    assert g.result == "0-1"
    assert g.tags["SetUp"] == "1"
    assert g.tags["FEN"] == "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"
    assert g.tags["Termination"] == "black wins by red's perpetual check"
    text = g.to_pgn()
    assert "{black wins by perpetual check: red made a check with every move" in text
    back = pgn.read_games(text, strict=True)[0]
    assert back.tags == g.tags and back.moves == g.moves and back.result == g.result
    assert back.board().outcome().reason == "perpetual_check"


def test_tags_are_set_and_removed_in_place():
    g = pgn.read_games(pgn.sample(), strict=True)[0]
    event = g.tag("Event")
    assert event == g.tags["Event"]
    g.set_tag("Event", 'Club "A" final')
    g.set_tag("Annotator", "me")
    assert g.tag("Event") == 'Club "A" final'
    assert list(g.tags)[-1] == "Annotator"
    assert list(g.tags).index("Event") == 0  # in place
    assert g.remove_tag("Annotator") == "me" and g.remove_tag("Annotator") is None
    assert g.tag("Annotator") is None
    back = pgn.read_games(g.to_pgn(), strict=True)[0]
    assert back.tag("Event") == 'Club "A" final' and back.moves == g.moves
    for name, value in [("", "x"), ("Two words", "x"), ("Event", "a\nb")]:
        with pytest.raises(ValueError):
            g.set_tag(name, value)
    assert g.tag("Event") == 'Club "A" final'
