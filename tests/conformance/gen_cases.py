#!/usr/bin/env python3
"""Write tests/conformance/cases.json: the conformance cases that the Rust
library (`cargo test`), the Python package (`pytest`) and the npm package
(`node --test`) all run (schema: tests/conformance/README.md).

Every expected value comes from a reference, never from this crate:

* legal moves, check, checkmate and stalemate: pyffish (Fairy-Stockfish's
  Python binding, variant "xiangqi"), asked here for every position; the
  positions are hand-made tricky ones (below) and samples of the suite's
  pyffish data (tests/suite/tests/data/legal_moves.txt, checkmates.txt,
  stalemates.txt, from tests/scripts/gen_movegen_data.py);
* game verdicts: the suite's pyffish-adjudicated games
  (tests/suite/tests/data/verdicts.txt from tests/scripts/gen_verdicts.py,
  game_verdicts_fsf.txt from tests/scripts/gen_game_verdicts.py), each
  replayed here through pyffish to confirm its result; the cases where the
  crate's Asian rules differ from pyffish on purpose (marked DISAGREE there
  or listed in tests/suite/tests/game_verdicts.rs) are left out, as are
  the move-limit cases of those files (written for pyffish's 50-move rule
  with bare generals, which the default rules draw at once for want of
  material). The move limit of the default rules (60 moves) is checked on
  cases made here and adjudicated by pyffish with `nMoveRule = 60`;
* notation: WXF from pyffish (`get_san(..., NOTATION_XIANGQI_WXF)`, the
  dialect the bindings call "wxf"); Chinese from published games (records
  of tests/suite/tests/data/games/ from the xiangqi.js test suite, which
  tests/suite/tests/notation_chinese.rs replays too), each move resolved to
  coordinates by pyffish (the Chinese text rewritten letter for letter as
  WXF and matched against pyffish's WXF of every legal move);
* errors: malformed FENs that pyffish's validate_fen rejects too, moves
  that are not in pyffish's legal moves, and text that is no move in any
  notation.

Usage (deterministic; about half a minute):

    pip install pyffish
    python3 tests/conformance/gen_cases.py           # rewrite cases.json
    python3 tests/conformance/gen_cases.py --check   # fail if it differs

(pyffish prints its reasons for rejecting the malformed FENs on stderr.)
"""

import json
import random
import re
import sys
from pathlib import Path

import pyffish as sf

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "suite" / "tests" / "data"
OUT = ROOT / "tests" / "conformance" / "cases.json"
V = "xiangqi"
V60 = "xiangqi60"
SEED = 20261206
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

sf.load_variant_config(f"[{V60}:xiangqi]\nnMoveRule = 60\n")


# Coordinates: pyffish ranks 1..10, ICCS ranks 0..9.
def to_iccs(m):
    f1, rest = m[0], m[1:]
    i = 1
    while rest[i].isdigit():
        i += 1
    r1, f2, r2 = int(rest[:i]), rest[i], int(rest[i + 1 :])
    return f"{f1}{r1 - 1}{f2}{r2 - 1}"


def to_ffish(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def legal(fen, moves=()):
    return sorted(to_iccs(m) for m in sf.legal_moves(V, fen, [to_ffish(x) for x in moves]))


def in_check(fen, moves=()):
    return sf.gives_check(V, fen, [to_ffish(x) for x in moves])


def wxf(fen, m):
    return sf.get_san(V, fen, to_ffish(m), False, sf.NOTATION_XIANGQI_WXF)


def board_turn(fen):
    return " ".join(fen.split()[:2])


def has_attackers(fen):
    """Whether a chariot, horse or soldier is on the board: then no rule
    draws the game for want of material."""
    return any(c in "RNPrnp" for c in fen.split()[0])


def is_legal_position(fen):
    """Syntax (validate_fen), and the side not to move not attacked (the
    generals facing count as an attack in pyffish)."""
    if sf.validate_fen(fen, V) != sf.FEN_OK:
        return False
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return not sf.gives_check(V, " ".join(parts), [])


def position_case(cid, fen, source):
    assert is_legal_position(fen), fen
    moves = legal(fen)
    check = in_check(fen)
    case = {
        "id": cid,
        "type": "position",
        "source": source,
        "fen": fen,
        "fen_out": sf.get_fen(V, fen, []),
        "legal_moves": moves,
        "check": check,
        "checkmate": check and not moves,
        "stalemate": not check and not moves,
    }
    if has_attackers(fen):
        if moves:
            case["outcome"] = None
        else:
            # No move: pyffish scores it a loss for the side to move.
            value = sf.game_result(V, fen, [])
            assert value == -sf.VALUE_MATE, (fen, value)
            loser = fen.split()[1]
            case["outcome"] = {
                "winner": "black" if loser == "w" else "red",
                "result": "0-1" if loser == "w" else "1-0",
                "reason": "checkmate" if check else "stalemate",
                "ply": 0,
            }
    return case


# Hand-made positions: (id, FEN, what it tests).
TRICKY = [
    ("start", START, "the starting position"),
    ("flying_general_pin", "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1",
     "Red's horse is the only piece between the generals: it cannot move"),
    ("flying_general_king_step", "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
     "Red's general may not step onto the d-file, which the black general sees"),
    ("flying_general_black", "4k4/4n4/9/9/9/9/9/9/9/3K5 b - - 0 1",
     "Black's horse leaving the e-file would face the generals: it is pinned"),
    ("horse_leg_blocked", "3k5/9/9/9/9/9/9/9/1NP6/4K4 w - - 0 1",
     "a horse with one leg blocked"),
    ("horse_legs_start_blocked", "3k5/9/9/9/9/9/9/1P7/PNP6/1P2K4 w - - 0 1",
     "a horse whose four legs are all blocked has no move"),
    ("elephant_eye_blocked", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1",
     "an elephant whose eye d1 is blocked cannot reach e2"),
    ("elephant_river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1",
     "an elephant on its side of the river cannot cross it"),
    ("cannon_one_screen", "4k4/9/9/9/4p4/9/4P4/9/4C4/3K5 w - - 0 1",
     "a cannon captures over exactly one screen"),
    ("cannon_two_screens", "4k4/9/9/9/4p4/4p4/4P4/9/4C4/3K5 w - - 0 1",
     "a cannon cannot capture over two screens"),
    ("cannon_check_screen", "4k4/9/9/9/9/9/9/4c4/4A4/4K4 w - - 0 1",
     "in check by a cannon over Red's own advisor: the screen may move away"),
    ("chariot_pin", "3k5/9/9/9/4r4/9/9/4R4/9/4K4 w - - 0 1",
     "Red's chariot is pinned on the e-file by Black's chariot"),
    ("double_check", "3k5/9/9/9/9/9/9/4r4/2n6/4K4 w - - 0 1",
     "check by a chariot and a horse"),
    ("soldier_before_river", "4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1",
     "a soldier that has not crossed the river moves forward only"),
    ("soldier_after_river", "4k4/9/9/4P4/9/9/9/9/9/3K5 w - - 0 1",
     "a soldier across the river moves forward or sideways"),
    ("soldier_last_rank", "3k5/9/9/9/9/9/9/9/9/4K3p b - - 0 1",
     "a soldier on the last rank moves sideways only"),
    ("advisor_palace", "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1",
     "an advisor in the palace centre has four diagonal moves"),
    ("general_palace_corner", "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1",
     "a general in the palace corner stays in the palace"),
]


def tricky_cases():
    return [position_case(f"position_{cid}", fen, f"pyffish; {what}") for cid, fen, what in TRICKY]


def read_lines(name):
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split("|")


def sampled_positions(rng):
    out = []
    lines = list(read_lines("legal_moves.txt"))
    checked = [f for f in lines if f[1] == "1"]
    quiet = [f for f in lines if f[1] == "0"]
    for i, f in enumerate(rng.sample(checked, 20) + rng.sample(quiet, 30)):
        case = position_case(f"position_sample_{i:02}", f[0],
                             "pyffish; a position of tests/suite/tests/data/legal_moves.txt")
        assert case["legal_moves"] == sorted(f[2].split()), f[0]
        out.append(case)
    for name, n in (("checkmates.txt", 12), ("stalemates.txt", 12)):
        rows = [r for r in read_lines(name) if has_attackers(r[0])]
        for i, r in enumerate(rng.sample(rows, n)):
            kind = name.split(".")[0][:-1]
            case = position_case(f"position_{kind}_{i:02}", r[0],
                                 f"pyffish; tests/suite/tests/data/{name}: {r[1]}")
            assert case[kind], r
            out.append(case)
    return out


# Game verdicts where the crate's rules differ from pyffish on purpose, or
# where the move list runs past pyffish's own end of the game
# (tests/suite/tests/game_verdicts.rs: OVERRIDES and ENDS_EARLY).
DIFFERENT = {
    "fsf_discovered_anti_discovered_cannon", "fsf_check_3", "fsf_check_4",
    "perpetual_chase_chariots_on_crossed_soldier_static_red",
    "perpetual_chase_chariots_on_crossed_soldier_static_black",
    "fsf_mutual_pins_flying_generals", "pinned_chariot_no_chase",
    "pinned_attacker_chariot_red", "pinned_attacker_chariot_black",
    "fs_discovered_and_anti_discovered_cannon",
    "fs_discovered_and_anti_discovered_cannon_black",
    "fs_chase_cannon_by_chariot_and_cannon_1", "fs_mutual_pins_flying_generals",
    "fs_direct_chase_cannon_chaser_to_move", "move_limit_extended_by_checks_reached",
}

WINNER = {"1-0": "red", "0-1": "black", "1/2-1/2": None}


def ffish_result(variant, fen, moves):
    """pyffish's verdict after the moves, as "1-0", "0-1", "1/2-1/2" or "*"
    (the side to move's value turned into an absolute result)."""
    fm = [to_ffish(m) for m in moves]
    for check in (sf.is_immediate_game_end, sf.is_optional_game_end):
        over, value = check(variant, fen, fm)
        if over:
            break
    else:
        if sf.legal_moves(variant, fen, fm):
            return "*"
        over, value = True, sf.game_result(variant, fen, fm)
    red_to_move = sf.get_fen(variant, fen, fm).split()[1] == "w"
    if value == 0:
        return "1/2-1/2"
    red_wins = (value > 0) == red_to_move
    return "1-0" if red_wins else "0-1"


def game_case(cid, fen, moves, result, reason, source, variant=V):
    got = ffish_result(variant, fen, moves)
    assert got == result, (cid, got, result)
    # Every prefix goes on: the verdict falls on the last ply.
    for n in range(len(moves)):
        assert ffish_result(variant, fen, moves[:n]) == "*", (cid, n)
        assert moves[n] in legal(fen, moves[:n]), (cid, n)
    outcome = None
    if result != "*":
        outcome = {"winner": WINNER[result], "result": result, "reason": reason,
                   "ply": len(moves)}
    return {
        "id": cid,
        "type": "game",
        "source": source,
        "fen": fen,
        "moves": moves,
        "board_after": board_turn(sf.get_fen(variant, fen, [to_ffish(m) for m in moves])),
        "outcome": outcome,
    }


def verdict_cases():
    out = []
    for name in ("verdicts.txt", "game_verdicts_fsf.txt"):
        text = (DATA / name).read_text(encoding="utf-8")
        disagree = {l.split(":")[1].strip() for l in text.splitlines()
                    if l.startswith("# DISAGREE:")}
        for label, fen, moves, result, reason in read_lines(name):
            if label in DIFFERENT or label in disagree or "move_limit" in label:
                continue
            moves = moves.split()
            final = sf.get_fen(V, fen, [to_ffish(m) for m in moves])
            if not has_attackers(final):
                continue
            out.append(game_case(f"game_{label}", fen, moves, result, reason,
                                 f"pyffish; tests/suite/tests/data/{name}"))
    return out


def move_limit_cases():
    """The default 60-move limit, adjudicated by pyffish with nMoveRule = 60:
    quiet chariot moves (no check, no capture, no repetition)."""
    fen = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - {clock} 80"
    moves = ["a0a1", "i9i8", "a1a2", "i8i7"]
    cases = [
        ("game_move_limit_120th_ply", fen.format(clock=116), moves, "1/2-1/2"),
        ("game_move_limit_119th_ply", fen.format(clock=115), moves, "*"),
        ("game_move_limit_capture_resets",
         "3k5/9/9/9/9/9/9/r8/9/R3K4 w - - 118 80", ["a0a2", "d9d8"], "*"),
        ("game_move_limit_black_ends",
         "r3k4/9/9/9/9/9/9/9/9/3K4R b - - 117 80", ["a9a8", "i0i1", "a8a7"], "1/2-1/2"),
    ]
    out = []
    for cid, f, m, result in cases:
        reason = "move_limit" if result != "*" else None
        out.append(game_case(cid, f, m, result, reason,
                             "pyffish, variant xiangqi with nMoveRule = 60", variant=V60))
    return out


# Published games in Chinese notation (from the xiangqi.js test suite, in
# tests/suite/tests/data/games/, which notation_chinese.rs replays too):
# (label, the final board and side to move the source gives).
GAMES = [
    ("li_yiting_wang_jialiang_1959", "2b2a3/3ka4/4b4/N8/8p/P5p2/4p4/9/4A4/4KAB2 b"),
    ("xu_yinchuan_nie_weiping_1999", "2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b"),
]


def published_game(label):
    """A game of tests/suite/tests/data/games/<label>.pgn: its start (the FEN
    tag, Red to move written "w", or the start position) and its moves as
    published, without move numbers, comments, variations and result."""
    text = (DATA / "games" / f"{label}.pgn").read_text(encoding="utf-8")
    tag = re.search(r'^\[FEN "([^"]*)"\]$', text, re.M)
    fen = START if tag is None else re.sub(r"^(\S+) r ", r"\1 w ", tag[1])
    body = "\n".join(l for l in text.splitlines() if not l.startswith("["))
    body = re.sub(r"\{[^}]*\}|\([^)]*\)", " ", body)
    return fen, [t for t in body.split() if not t[0].isdigit() and t != "*"]

PIECES = {"车": "R", "马": "H", "炮": "C", "相": "E", "象": "E", "仕": "A", "士": "A",
          "帅": "K", "将": "K", "兵": "P", "卒": "P"}
NUMBERS = {c: str(i + 1) for i, c in enumerate("一二三四五六七八九")}
NUMBERS.update({c: str(i + 1) for i, c in enumerate("１２３４５６７８９")})
ACTIONS = {"进": "+", "退": "-", "平": "="}


def chinese_as_wxf(text):
    """The Chinese move written as pyffish writes WXF, letter for letter."""
    if text[0] in "前后":
        return PIECES[text[1]] + {"前": "+", "后": "-"}[text[0]] + ACTIONS[text[2]] + NUMBERS[text[3]]
    return PIECES[text[0]] + NUMBERS[text[1]] + ACTIONS[text[2]] + NUMBERS[text[3]]


def ascii_digits(text):
    return "".join(str("１２３４５６７８９".index(c) + 1) if c in "１２３４５６７８９" else c
                   for c in text)


def published_games():
    """The games as game cases (moves given in Chinese, played as text) and a
    notation case every few plies."""
    games, notes = [], []
    for label, end in GAMES:
        fen, texts = published_game(label)
        moves = []
        for ply, text in enumerate(texts):
            want = chinese_as_wxf(text)
            hits = [m for m in legal(fen, moves)
                    if wxf(sf.get_fen(V, fen, [to_ffish(x) for x in moves]), m) == want]
            assert len(hits) == 1, (label, ply, text, want, hits)
            here = sf.get_fen(V, fen, [to_ffish(x) for x in moves])
            if ply % 4 == 0 or text[0] in "前后":
                notes.append(notation_case(f"notation_{label}_ply{ply:03}", here, hits[0],
                                           ascii_digits(text), [text],
                                           f"published game {label} (ply {ply}); WXF and coordinates: pyffish"))
            moves.append(hits[0])
        assert board_turn(sf.get_fen(V, fen, [to_ffish(m) for m in moves])) == end, label
        case = game_case(f"game_published_{label}", fen, moves, "*", None,
                         f"published game {label}; moves resolved by pyffish")
        case["move_texts"] = texts
        games.append(case)
    return games, notes


def notation_case(cid, fen, move, chinese, inputs, source):
    text = {"iccs": move, "wxf": wxf(fen, move)}
    if chinese is not None:
        text["chinese"] = chinese
    return {
        "id": cid,
        "type": "notation",
        "source": source,
        "fen": fen,
        "move": move,
        "text": text,
        "inputs": sorted(set(inputs + [text["wxf"]] + ([chinese] if chinese else []))),
    }


def wxf_cases(rng):
    """Moves of tandem pieces and numbered soldiers (the hard WXF cases) and
    some plain ones, from the positions of tests/suite/tests/data/wxf.txt."""
    out = []
    rows = list(read_lines("wxf.txt"))
    tandem, plain = [], []
    for fen, moves in rows:
        for tok in moves.split():
            iccs, w = tok.split("=", 1)
            (tandem if w[1] in "+-" or w[0].isdigit() else plain).append((fen, iccs, w))
    for i, (fen, iccs, w) in enumerate(rng.sample(tandem, 30) + rng.sample(plain, 10)):
        case = notation_case(f"notation_wxf_{i:02}", fen, iccs, None, [],
                             "pyffish WXF; a position of tests/suite/tests/data/wxf.txt")
        assert case["text"]["wxf"] == w, (fen, iccs)
        out.append(case)
    return out


# Errors: (id, fen or None for the start, moves first played, action, input,
# error kind, why).
BAD_FENS = [
    ("empty", "", "nothing at all"),
    ("words", "hello world", "not a FEN"),
    ("nine_ranks", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "nine ranks"),
    ("long_rank", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1",
     "a rank of ten points"),
    ("bad_letter", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1",
     "a letter that names no piece"),
    ("no_red_general", "3k5/9/9/9/9/9/9/9/9/9 w - - 0 1", "Red has no general"),
    ("two_red_generals", "3k5/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1", "Red has two generals"),
    ("general_outside_palace", "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1",
     "Red's general outside its palace"),
    ("opponent_in_check", "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1",
     "Black's general is attacked with Red to move"),
]


def error_cases():
    out = []
    for cid, fen, why in BAD_FENS:
        try:
            ok = sf.validate_fen(fen, V) == sf.FEN_OK
        except Exception:  # pyffish raises on some malformed text
            ok = False
        if cid == "opponent_in_check":
            assert sf.validate_fen(fen, V) == sf.FEN_OK and not is_legal_position(fen)
        if cid in ("general_outside_palace", "opponent_in_check"):
            # validate_fen checks the syntax only; these break the rules.
            source = f"the rules: {why}"
        else:
            assert not ok, (cid, fen)
            source = f"pyffish's validate_fen rejects it: {why}"
        out.append({"id": f"error_fen_{cid}", "type": "error", "source": source,
                    "fen": fen, "moves": [], "action": "new", "input": fen,
                    "error": "invalid_fen"})
    after_c = ["h2e2"]
    illegal = [
        ("cannon_jumps", None, [], "h2h8", "a cannon cannot jump without capturing"),
        ("horse_leg", None, [], "b0d1", "the horse's leg c0 is blocked"),
        ("elephant_eye", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", [], "c0e2",
         "the elephant's eye d1 is blocked"),
        ("elephant_river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", [], "c4e6",
         "an elephant cannot cross the river"),
        ("flying_general", "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", [], "e5d7",
         "the horse would leave the generals facing"),
        ("into_check", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", [], "e0d0",
         "the general would face the other general"),
        ("wrong_side", None, [], "h7e7", "Black's cannon with Red to move"),
        ("empty_square", None, [], "e4e5", "no piece on e4"),
        ("after_reply", None, after_c, "h2e2", "the cannon has left h2"),
        ("general_leaves_palace", "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1", [], "d1c1",
         "the general cannot leave its palace"),
    ]
    for cid, fen, moves, m, why in illegal:
        f = fen or START
        assert is_legal_position(f), cid
        assert m not in legal(f, moves), cid
        for action in ("push", "push_str"):
            out.append({"id": f"error_{action}_{cid}", "type": "error",
                        "source": f"not in pyffish's legal moves: {why}",
                        "fen": fen, "moves": moves, "action": action, "input": m,
                        "error": "illegal_move"})
    # The same refusals in notation: the texts name illegal moves.
    for cid, text, m, why in [
        ("chariot_blocked", "车九进五", "a0a5", "the path of the chariot is blocked on a3"),
        ("wxf_cannon_jump", "C2+6", "h2h8", "a cannon cannot jump without capturing"),
    ]:
        assert m not in legal(START), cid
        for action in ("push_str", "parse_move"):
            out.append({"id": f"error_{action}_{cid}", "type": "error",
                        "source": f"not in pyffish's legal moves: {why}",
                        "fen": None, "moves": [], "action": action, "input": text,
                        "error": "illegal_move"})
    for cid, text in [("word", "hello"), ("empty", ""), ("off_board", "z9z9"),
                      ("ten_ranks", "炮二进十"), ("punctuation", "C2%5"),
                      ("half_move", "h2")]:
        for action in ("push", "push_str", "parse_move"):
            if action == "push" and cid in ("ten_ranks", "punctuation"):
                continue
            out.append({"id": f"error_{action}_garbage_{cid}", "type": "error",
                        "source": "no move in any notation", "fen": None, "moves": [],
                        "action": action, "input": text, "error": "invalid_move"})
    # Two chariots on file 9 (a): "R9=8" fits both of their moves to
    # file 8 (pyffish writes them with the tandem signs, R+=8 and R-=8).
    amb_fen = "3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1"
    targets = [m for m in legal(amb_fen) if m[0] == "a" and m[2] == "b"]
    assert sorted(targets) == ["a1b1", "a4b4"], targets
    assert [wxf(amb_fen, m) for m in ("a1b1", "a4b4")] == ["R-=8", "R+=8"]
    for action in ("push_str", "parse_move"):
        out.append({"id": f"error_{action}_ambiguous", "type": "error",
                    "source": "pyffish: both chariots on file 9 can move to file 8 ("
                    + ", ".join(sorted(targets)) + ")",
                    "fen": amb_fen, "moves": [], "action": action, "input": "R9=8",
                    "error": "ambiguous_move"})
    # A move after the game is over.
    label, fen, moves, result, reason = next(
        r for r in read_lines("verdicts.txt") if r[0] == "perpetual_check_chariot_red")
    moves = moves.split()
    assert ffish_result(V, fen, moves) == result != "*"
    nxt = legal(fen, moves)[0]
    for action in ("push", "push_str"):
        out.append({"id": f"error_{action}_after_game_over", "type": "error",
                    "source": f"pyffish ends {label} ({result}); {nxt} is a legal move after it",
                    "fen": fen, "moves": moves, "action": action, "input": nxt,
                    "error": "illegal_move"})
    return out


def build():
    rng = random.Random(SEED)
    games, notes = published_games()
    cases = (tricky_cases() + sampled_positions(rng) + verdict_cases() + move_limit_cases()
             + games + notes + wxf_cases(rng) + error_cases())
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    doc = {
        "about": "Conformance cases run by the Rust library, the Python package and the npm "
                 "package alike; schema in README.md; written by gen_cases.py, do not edit.",
        "pyffish": ".".join(map(str, sf.version())),
        "cases": cases,
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def main():
    text = build()
    if "--check" in sys.argv[1:]:
        if OUT.read_text(encoding="utf-8") != text:
            sys.exit(f"{OUT} is not what gen_cases.py writes")
        print(f"{OUT}: up to date")
        return
    OUT.write_text(text, encoding="utf-8")
    n = text.count('"id":')
    print(f"wrote {OUT}: {n} cases")


if __name__ == "__main__":
    main()
