"""The conformance cases of tests/conformance/cases.json (schema in its
README), run on the Python package as the library's suite
(tests/suite/tests/conformance.rs) and the npm package
(wasm/test/conformance.test.mjs) run them: one test per case."""

import json
from pathlib import Path

import pytest

import xiangqi_rs
from xiangqi_rs import Board, Move

CASES_FILE = Path(__file__).resolve().parents[2] / "tests" / "conformance" / "cases.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]

# The schema's error kinds as the package's exceptions.
ERRORS = {
    "invalid_fen": xiangqi_rs.InvalidFenError,
    "invalid_move": xiangqi_rs.InvalidMoveError,
    "illegal_move": xiangqi_rs.IllegalMoveError,
    "ambiguous_move": xiangqi_rs.AmbiguousMoveError,
}


def board_of(case):
    return Board() if case["fen"] is None else Board(case["fen"])


def outcome_of(board):
    o = board.outcome()
    if o is None:
        return None
    return {"winner": o.winner, "result": o.result(), "reason": o.reason, "ply": o.ply}


def check_position(case):
    board = board_of(case)
    assert board.fen() == case["fen_out"]
    assert sorted(m.iccs() for m in board.legal_moves) == case["legal_moves"]
    assert board.is_check() == case["check"]
    assert board.is_checkmate() == case["checkmate"]
    assert board.is_stalemate() == case["stalemate"]
    if "outcome" in case:
        assert outcome_of(board) == case["outcome"]
        assert board.is_game_over() == (case["outcome"] is not None)


def check_game(case):
    board = board_of(case)
    if "move_texts" in case:
        played = [board.push_str(text).iccs() for text in case["move_texts"]]
        assert played == case["moves"]
    else:
        for m in case["moves"]:
            board.push(Move.from_iccs(m))
    assert [m.iccs() for m in board.move_stack] == case["moves"]
    assert " ".join(board.fen().split()[:2]) == case["board_after"]
    assert outcome_of(board) == case["outcome"]


def check_notation(case):
    board = board_of(case)
    move = Move.from_iccs(case["move"])
    for notation, text in case["text"].items():
        assert board.san(move, notation) == text, notation
    for text in case["inputs"]:
        assert board.parse_move(text) == move, text


def check_error(case):
    error = ERRORS[case["error"]]
    text = case["input"]
    if case["action"] == "new":
        with pytest.raises(error):
            Board(text)
        return
    board = board_of(case)
    for m in case["moves"]:
        board.push(Move.from_iccs(m))
    fen, ply = board.fen(), board.ply()
    with pytest.raises(error):
        if case["action"] == "push":
            board.push(Move.from_iccs(text))
        elif case["action"] == "push_str":
            board.push_str(text)
        elif case["action"] == "parse_move":
            board.parse_move(text)
        else:
            raise AssertionError(f"unknown action {case['action']}")
    assert (board.fen(), board.ply()) == (fen, ply)


CHECKS = {
    "position": check_position,
    "game": check_game,
    "notation": check_notation,
    "error": check_error,
}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_conformance(case):
    CHECKS[case["type"]](case)


def test_the_file_has_cases_of_every_type():
    assert len(CASES) >= 100
    assert {c["type"] for c in CASES} == set(CHECKS)
    assert {c["error"] for c in CASES if c["type"] == "error"} == set(ERRORS)
