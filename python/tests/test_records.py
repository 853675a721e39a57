"""xiangqi_rs.records: any record format read into python-chess-like game
trees, and PGN / XQF / DhtmlXQ written."""

import json
import warnings
from pathlib import Path

import pytest

from xiangqi_rs import Board, IllegalMoveError, Move, pgn, records
from xiangqi_rs.records import Game, GameNode, RecordError, RecordWarning
from conftest import DATA

# A PGN with a variation, a nested variation, comments and a NAG. 1. 炮二平五
# is h2e2 in ICCS, 1. 炮八平五 b2e2, 马8进7 h9g7, 马2进3 b9c7.
PGN = """[Event "Demo"]
[Red "A"]
[Black "B"]

{before} 1. h2e2 $1 {central cannon} (1. b2e2 b9c7 (1... h9g7)) 1... h9g7 2. h0g2 *
"""


def lines(game):
    """Every root-to-leaf line of a game as ICCS text."""
    out = []

    def walk(node, path):
        if node.is_end():
            out.append(" ".join(path))
        for child in node.variations:
            walk(child, path + [child.uci()])

    walk(game, [])
    return sorted(out)


def test_pgn_with_variations_is_a_tree():
    [game] = records.read(PGN)
    assert isinstance(game, Game) and isinstance(game, GameNode)
    assert game.headers["Event"] == "Demo"
    assert game.headers["Red"] == "A"
    assert game.comment == "before"
    assert [str(m) for m in game.mainline_moves()] == ["h2e2", "h9g7", "h0g2"]
    assert lines(game) == ["b2e2 b9c7", "b2e2 h9g7", "h2e2 h9g7 h0g2"]
    first = game.next()
    assert first.move == Move.from_iccs("h2e2")
    assert first.comment == "central cannon"
    assert first.nags == {1}
    assert first.san() == "C2=5"
    assert first.san("chinese") == "炮二平五"
    assert first.uci() == "h2e2"
    assert first.ply() == 1 and first.is_mainline()
    side = game.variation(1)
    assert side.move == Move.from_iccs("b2e2") and not side.is_mainline()
    assert side.starts_variation()
    assert game.variation("b2e2") == side
    assert game.variation(Move.from_iccs("b2e2")) == side
    # Nodes are handles: the same node reached two ways is equal.
    assert side.variations[0].parent == side
    assert first.parent == game and first.parent.variations[0] == first
    assert side.game() == game
    assert isinstance(first.parent, Game)
    assert game.end().uci() == "h0g2" and game.end().is_end()
    assert [n.uci() for n in game.mainline()] == ["h2e2", "h9g7", "h0g2"]
    assert side.end().uci() == "b9c7"
    board = game.end().board()
    assert isinstance(board, Board) and board.ply() == 3
    with pytest.raises(KeyError):
        game.variation(5)
    with pytest.raises(ValueError):
        game.uci()


def test_tree_edits_as_in_python_chess():
    game = Game()
    assert list(game.headers) == ["Event", "Site", "Date", "Round", "Red", "Black", "Result"]
    assert game.headers["Result"] == "*" and len(game.headers) == 7
    e2 = game.add_variation("h2e2")
    b2 = game.add_variation(Move.from_iccs("b2e2"), comment="other cannon", nags=[2])
    assert game.variations == [e2, b2]
    assert b2.comment == "other cannon" and b2.nags == {2}
    game.promote_to_main(b2)
    assert game.variations == [b2, e2] and b2.is_mainline() and not e2.is_mainline()
    game.demote("b2e2")
    assert game.variations == [e2, b2]
    game.promote(b2)
    assert game.variations == [b2, e2]
    c3 = game.add_main_variation("c3c4")
    assert game.variations[0] == c3 and game.next() == c3
    reply = c3.add_variation("马8进7")
    assert reply.uci() == "h9g7"
    last = e2.add_line(["h9g7", "h0g2"])
    assert last.ply() == 3 and last.parent.parent == e2
    game.remove_variation(e2)
    assert e2 not in game.variations and len(game.variations) == 2
    with pytest.raises(ValueError):
        e2.comment  # the node is gone
    with pytest.raises(IllegalMoveError):
        game.add_variation(Move.from_iccs("h2h7"))
    game.headers["Event"] = "Edited"
    assert game.headers["Event"] == "Edited"
    del game.headers["Event"]
    assert "Event" not in game.headers
    with pytest.raises(KeyError):
        del game.headers["Event"]
    with pytest.raises(ValueError):
        game.headers["bad name"] = "x"
    game.comment = "start"
    b2.starting_comment = "a new line"
    text = game.to_pgn()
    assert "{start}" in text and "c3c4" in text
    [again] = records.read(text)
    assert lines(again) == lines(game)
    assert again.comment == "start"
    assert again.variation("b2e2").starting_comment == "a new line"
    assert again.variation("b2e2").comment == "other cannon"
    copy = game.copy()
    assert copy.same_as(game) and copy != game
    copy.next().comment = "changed"
    assert not copy.same_as(game) and game.next().comment == ""


def test_xqf_written_by_write_reads_back():
    [game] = records.read(PGN)
    data = records.write(game, "xqf")
    assert isinstance(data, bytes) and data[:2] == b"XQ"
    [back] = records.read(data)
    assert lines(back) == lines(game)
    assert back.next().comment == "central cannon"
    with pytest.raises(RecordError):
        records.write([game, game], "xqf")


def test_xqf_reference_file(tmp_path):
    # XQStudio's files, their expected trees read by a peer (expected.json).
    expected = json.loads((DATA / "xqf" / "expected.json").read_text("utf-8"))
    path = DATA / "xqf" / "game-v15.xqf"
    want = expected["game-v15.xqf"]
    for source in (path, str(path), path.read_bytes()):
        [game] = records.read(source)
        assert lines(game) == sorted(want["lines"])
        assert game.headers["Red"] == want["headers"]["Red"]
    [game] = records.read(path, format="xqf")
    assert lines(game) == sorted(want["lines"])


def test_dhtmlxq_round_trip():
    [game] = records.read(PGN)
    text = records.write([game], format="dhtmlxq")
    assert isinstance(text, str) and "[DhtmlXQ" in text
    [back] = records.read(text)
    assert lines(back) == lines(game)
    assert back.next().comment == "central cannon"


def test_sources_bytes_str_and_path(tmp_path):
    f = tmp_path / "one.pgn"
    f.write_text(PGN, encoding="utf-8")
    for source in (PGN, PGN.encode("utf-8"), bytearray(PGN.encode()), f, str(f)):
        [game] = records.read(source)
        assert lines(game) == ["b2e2 b9c7", "b2e2 h9g7", "h2e2 h9g7 h0g2"]
    with pytest.raises(TypeError):
        records.read(12)  # type: ignore[arg-type]
    # A plain move list in Chinese, read as text.
    [game] = records.read("1. 炮二平五 马８进７", format="movelist")
    assert [str(m) for m in game.mainline_moves()] == ["h2e2", "h9g7"]


def test_a_bad_game_of_many_is_a_warning():
    text = PGN + '\n[Event "bad"]\n\n1. a0a5 *\n\n[Event "c"]\n\n1. b0c2 *\n'
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = records.read(text)
    assert [g.headers["Event"] for g in games] == ["Demo", "c"]
    assert len(caught) == 1 and issubclass(caught[0].category, RecordWarning)
    assert "PGN game 1" in str(caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RecordWarning)
        with pytest.raises(RecordWarning):
            records.read(text)


def _cbr(moves, title=""):
    """A CCBridge CBR record of a main line from the standard start, laid
    out as `xiangqi::cbr`'s documentation (and tests/suite's builder) says:
    a 2214-byte header, then a root mark and 4 bytes a move."""
    b = bytearray(2214)
    b[:16] = b"CCBridge Record\0"
    t = title.encode("utf-16-le")[:126]
    b[180 : 180 + len(t)] = t
    b[2112] = 1  # Red to move
    codes = {"r": 1, "n": 2, "b": 3, "a": 4, "k": 5, "c": 6, "p": 7}
    rows = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR".split("/")
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            side = 0x10 if ch.isupper() else 0x20
            b[2120 + r * 9 + f] = side | codes[ch.lower()]
            f += 1
    b += (0 if moves else 1).to_bytes(4, "little")

    def sq(name):
        return (9 - int(name[1])) * 9 + "abcdefghi".index(name[0])

    for i, m in enumerate(moves):
        b += bytes([1 if i == len(moves) - 1 else 0, 0, sq(m[:2]), sq(m[2:])])
    return bytes(b)


def _cbl(records_):
    """A CBL library of CBR records: the header, a table of 128 entries,
    the records in 4096-byte blocks."""
    b = bytearray(66624 + 128 * 276)
    b[:16] = b"CCBridgeLibrary\0"
    b[60:64] = (128).to_bytes(4, "little")
    for r in records_:
        b += r + bytes(-len(r) % 4096)
    return bytes(b)


def test_a_bad_game_of_a_cbl_library_is_a_warning():
    good = _cbr(["h2e2", "h9g7"], "好")
    bad = bytearray(_cbr(["h2e2"]))
    bad[-2:] = bytes([81, 80])  # a0 to a1 over its own soldier: illegal
    lib = _cbl([good, bytes(bad), _cbr(["c3c4"])])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = records.read(lib)
    assert [[str(m) for m in g.mainline_moves()] for g in games] == [
        ["h2e2", "h9g7"],
        ["c3c4"],
    ]
    assert len(caught) == 1 and issubclass(caught[0].category, RecordWarning)
    assert "CBL game 1" in str(caught[0].message)
    # A library becomes one PGN text.
    text = records.write(games)
    assert isinstance(text, str) and len(records.read(text)) == 2


def test_errors_name_the_format():
    with pytest.raises(RecordError) as e:
        records.read(b"\x00\x01 not a record")
    assert isinstance(e.value, ValueError)
    assert "not a game record" in str(e.value)
    with pytest.raises(RecordError, match="XQF"):
        records.read(b"XQ" + b"\x00" * 20)
    with pytest.raises(RecordError, match="PGN"):
        records.read('[Event "x"]\n\n1. a0a5 *\n')
    with pytest.raises(ValueError, match="unknown record format"):
        records.read(PGN, format="docx")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        records.write([Game()], format="cbr")  # type: ignore[arg-type]


def test_pgn_module_games_convert():
    [old] = pgn.read_games(PGN)
    game = Game.from_pgn_game(old)
    assert [str(m) for m in game.mainline_moves()] == ["h2e2", "h9g7", "h0g2"]
    assert game.headers["Event"] == "Demo"
    back = game.to_pgn_game()
    assert isinstance(back, pgn.Game)
    assert [str(m) for m in back.moves] == ["h2e2", "h9g7", "h0g2"]
    board = Board()
    board.push_str("h2e2")
    assert [str(m) for m in Game.from_board(board).mainline_moves()] == ["h2e2"]


def test_write_many_pgn_games():
    [a] = records.read(PGN)
    b = Game("3k5/9/9/9/9/9/9/9/4R4/5K3 w")
    b.add_variation("e1d1")
    text = records.write([a, b], notation="wxf")
    assert isinstance(text, str)
    games = records.read(text)
    assert len(games) == 2
    assert games[1].start_fen() == b.start_fen()
    assert games[0].same_as(a) or lines(games[0]) == lines(a)
