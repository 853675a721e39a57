#!/usr/bin/env python3
"""Generate tests/suite/tests/data/verdicts.txt: repetition / move-limit reference verdicts for xiangqi.

The verdicts come from Fairy-Stockfish's Python binding (``pip install pyffish``),
variant "xiangqi".  The *cases* (positions + move sequences) are hand-designed
here; pyffish only supplies the result.  The ``reason`` column is our own
classification of why the game ends, from the construction of each case.

Run:  python3 tests/scripts/gen_verdicts.py            (rewrites tests/suite/tests/data/verdicts.txt)
      python3 tests/scripts/gen_verdicts.py --check    (only verifies the file is current)

Coordinates: moves are written in ICCS (files a..i, ranks 0..9, Red at the
bottom).  pyffish uses ranks 1..10, so ICCS ``h2e2`` is pyffish ``h3e3``.

Every case is checked before it is written:
  * the FEN is a legal xiangqi position (one general per side inside its palace,
    generals not facing on an open file, the side NOT to move not in check,
    standard piece counts, advisors / elephants / soldiers on reachable points);
  * every move is in pyffish's legal-move list at that point;
  * the pyffish verdict equals the expectation written next to the case
    (so a behaviour change in pyffish makes this script fail loudly);
  * for every repetition case the same sequence minus its last ply is ``*``.

See tests/suite/tests/data/VERDICTS.md for what we learnt about pyffish's semantics and for
the cases where pyffish disagrees with the Asian (AXF) rules.
"""

import os
import re
import sys

import pyffish as sf

from board_model import parse_board, placement, reach

VARIANT = "xiangqi"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "suite", "tests", "data", "verdicts.txt")

RED_WIN, BLACK_WIN, DRAW, ONGOING = "1-0", "0-1", "1/2-1/2", "*"
REASONS = {"none", "perpetual_check", "perpetual_chase", "repetition",
           "move_limit", "checkmate", "stalemate"}

# --------------------------------------------------------------------------
# coordinates
# --------------------------------------------------------------------------
_MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def iccs_to_sf(m):
    g = _MOVE.match(m)
    assert g and 0 <= int(g[2]) <= 9 and 0 <= int(g[4]) <= 9, m
    return f"{g[1]}{int(g[2]) + 1}{g[3]}{int(g[4]) + 1}"


def sf_to_iccs(m):
    g = _MOVE.match(m)
    assert g and 1 <= int(g[2]) <= 10 and 1 <= int(g[4]) <= 10, m
    return f"{g[1]}{int(g[2]) - 1}{g[3]}{int(g[4]) - 1}"


def mirror_move(m):
    """Reflect a move top<->bottom (rank r -> 9-r), files unchanged."""
    return f"{m[0]}{9 - int(m[1])}{m[2]}{9 - int(m[3])}"


# --------------------------------------------------------------------------
# FENs, on the board model of tests/scripts/board_model.py (only used to validate them)
# --------------------------------------------------------------------------
def parse_fen(fen):
    return parse_board(fen), fen.split()[1]


def board_to_fen(board, stm, half=0, full=1):
    return placement(lambda f, r: board.get((f, r))) + f" {stm} - - {half} {full}"


def mirror_fen(fen):
    """Reflect top<->bottom and swap colours (and the side to move)."""
    board, stm = parse_fen(fen)
    parts = fen.split()
    nb = {(f, 9 - r): p.swapcase() for (f, r), p in board.items()}
    return board_to_fen(nb, "b" if stm == "w" else "w", parts[4], parts[5])


def in_check(board, red_side):
    mine = "K" if red_side else "k"
    ks = [s for s, p in board.items() if p == mine][0]
    for s, p in board.items():
        if p.isupper() != red_side and ks in reach(board, s):
            return True
    other = [s for s, p in board.items() if p == ("k" if red_side else "K")][0]
    if ks[0] == other[0]:
        lo, hi = sorted((ks[1], other[1]))
        if not any((ks[0], y) in board for y in range(lo + 1, hi)):
            return True  # flying general
    return False


ADVISOR_PTS = {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}
ELEPHANT_PTS = {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}
LIMITS = {"k": 1, "a": 2, "b": 2, "n": 2, "r": 2, "c": 2, "p": 5}


def validate_fen(fen):
    assert sf.validate_fen(fen, VARIANT) == sf.FEN_OK, f"pyffish rejects {fen}"
    board, stm = parse_fen(fen)
    assert stm in ("w", "b"), fen
    counts = {}
    for p in board.values():
        counts[p] = counts.get(p, 0) + 1
    for p, c in counts.items():
        assert p.lower() in LIMITS and c <= LIMITS[p.lower()], f"{fen}: too many {p}"
    assert counts.get("K") == 1 and counts.get("k") == 1, f"{fen}: generals"
    for (f, r), p in board.items():
        t = p.lower()
        rr = r if p.isupper() else 9 - r  # rank from the owner's side
        if t == "k":
            assert 3 <= f <= 5 and rr <= 2, f"{fen}: general outside palace"
        elif t == "a":
            assert (f, rr) in ADVISOR_PTS, f"{fen}: advisor on {f},{r}"
        elif t == "b":
            assert (f, rr) in ELEPHANT_PTS, f"{fen}: elephant on {f},{r}"
        elif t == "p":
            assert rr >= 3 and (rr >= 5 or f % 2 == 0), f"{fen}: soldier on {f},{r}"
    assert not in_check(board, stm == "b"), f"{fen}: side not to move is in check"


# --------------------------------------------------------------------------
# verdicts
# --------------------------------------------------------------------------
def value_to_result(value, stm):
    if value == sf.VALUE_DRAW:
        return DRAW
    stm_wins = value > 0
    return RED_WIN if stm_wins == (stm == "w") else BLACK_WIN


def verdict(fen, iccs_moves):
    """Result after all moves, from Red's (absolute) point of view."""
    moves = [iccs_to_sf(m) for m in iccs_moves]
    for i, m in enumerate(moves):
        legal = sf.legal_moves(VARIANT, fen, moves[:i])
        assert m in legal, f"illegal move #{i} {iccs_moves[i]} ({m}) in {fen} after {iccs_moves[:i]}"
    stm = sf.get_fen(VARIANT, fen, moves).split()[1]
    end, value = sf.is_immediate_game_end(VARIANT, fen, moves)
    if end:
        return value_to_result(value, stm)
    if not sf.legal_moves(VARIANT, fen, moves):  # checkmate or stalemate
        return value_to_result(sf.game_result(VARIANT, fen, moves), stm)
    end, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if end:  # the value is only meaningful when end is True
        return value_to_result(value, stm)
    return ONGOING


# --------------------------------------------------------------------------
# case definitions
# --------------------------------------------------------------------------
# Each case: label, fen, pre (moves before the cycle), cycle, reps, reason,
# expect (pyffish result for the full sequence), mirror (also emit the colour-
# swapped case), disagree (text -> AXF disagrees), axf (what AXF would say).
# Full sequence = pre + cycle * reps.  For repeating cases a second line
# "<label>_minus1" with the last ply removed is emitted and must be "*".
# Labels of mirrored pairs get a "_red"/"_black" suffix naming the side that
# moves first in the cycle's offending role (for idle cases: the side to move).

CASES = []


def case(label, fen, cycle="", reps=2, pre="", reason="repetition", expect=None,
         mirror=True, repeating=True, disagree=None, comment=None):
    CASES.append(dict(label=label, fen=fen, cycle=cycle.split(), reps=reps,
                      pre=pre.split(), reason=reason, expect=expect, mirror=mirror,
                      repeating=repeating, disagree=disagree, comment=comment))


def cases(rows, **common):
    """Hand-made cases that share `common` (their reason and expectation): rows
    of (label, fen, cycle, comment), a fifth item being a dict of further
    arguments of `case`."""
    for label, fen, cycle, comment, *more in rows:
        case(label, fen, cycle, comment=comment, **common, **(more[0] if more else {}))


# ---- idle repetition (both sides shuffle, nobody checks or chases) -> draw
cases([
    ("idle_generals", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
     "e0f0 d9d8 f0e0 d8d9",
     "bare generals shuffle; start position recurs at plies 0, 4, 8"),
    ("idle_chariots", "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
     "a0a1 i9i8 a1a0 i8i9",
     "each chariot shuffles on its own edge file, attacking nothing"),
    ("idle_offset_start", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1",
     "d9d8 e0f0 d8d9 f0e0",
     "the repeated position is the one after ply 1 (plies 1, 5, 9): "
     "counting is per position, not tied to the FEN",
     {"pre": "e1e0"}),
    ("idle_long_cycle", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
     "e0e1 d9d8 e1f1 d8d7 f1f0 d7d8 f0e0 d8d9",
     "8-ply cycle: the start position recurs at plies 0, 8, 16"),
], expect=DRAW)

# ---- perpetual check: the checking side loses
cases([
    ("perpetual_check_chariot", "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1",
     "e5d5 d9e9 d5e5 e9d9",
     "chariot checks on the d- and e-file alternately, the general steps d9<->e9"),
    ("perpetual_check_horse", "9/9/3k5/4N4/9/9/9/9/9/5K3 w - - 0 1",
     "e6c5 d7d8 c5e6 d8d7",
     "horse checks from c5 and e6, the general steps d7<->d8"),
    ("perpetual_check_cannon", "3k5/9/9/3PP4/9/9/4C4/9/9/5K3 w - - 0 1",
     "e3d3 d9e9 d3e3 e9d9",
     "cannon checks over the soldier screens d6/e6, the general steps d9<->e9"),
    ("perpetual_check_soldier", "4k4/3P5/9/9/9/9/9/9/9/5K3 w - - 0 1",
     "d8e8 e9d9 e8d8 d9e9",
     "crossed soldier checks sideways (d8<->e8), the general steps e9<->d9"),
    ("perpetual_check_root_in_check", "3k5/9/9/9/3R5/9/9/9/9/5K3 b - - 0 1",
     "d9e9 d5e5 e9d9 e5d5",
     "the FEN already has the checked side to move and in check"),
], reason="perpetual_check", expect=BLACK_WIN)

# ---- perpetual chase: the chasing side loses
cases([
    ("perpetual_chase_horse_on_chariot", "5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1",
     "a3c4 e5b5 c4a3 b5e5",
     "horse attacks the unprotected chariot from c4 (e5) and a3 (b5)"),
    ("perpetual_chase_horse_on_protected_chariot", "5k3/9/9/9/4r3r/9/N8/9/9/3K5 w - - 0 1",
     "a3c4 e5b5 c4a3 b5e5",
     "as above but the chased chariot is protected by the chariot on i5: "
     "a horse may not perpetually chase a chariot even if it is protected"),
    ("perpetual_chase_cannon_on_horse", "5k3/9/9/9/3n5/2P6/3p5/9/2C6/4K4 w - - 0 1",
     "c1d1 d5c7 d1c1 c7d5",
     "cannon attacks the unprotected horse over the screens d3 (black soldier) "
     "and c4 (red soldier)"),
    ("perpetual_chase_chariot_on_cannon", "5k3/9/9/9/9/9/1c7/9/9/R2K5 w - - 0 1",
     "a0a3 b3b0 a3a0 b0b3",
     "chariot attacks the unprotected cannon on b3 and b0"),
    ("perpetual_chase_elephant_on_chariot", "4k4/9/9/9/9/9/9/4B4/3R1K3/2r6 w - - 0 1",
     "d1d3 c0c4 d3d1 c4c0",
     "the elephant on e2 attacks the chariot: the red chariot shuttling d1<->d3 "
     "alternately unblocks the elephant eyes d1 (-> c0) and d3 (-> c4). A lone "
     "elephant cannot perpetually chase a chariot by its own moves (geometry), so "
     "the elephant attacks are discovered ones"),
    ("perpetual_chase_advisor_on_chariot", "5k3/9/9/9/4C4/9/4N4/3A5/3K5/5r3 w - - 0 1",
     "d2e1 f0e0 e1d2 e0f0",
     "advisor d2-e1 attacks the chariot on f0; advisor e1-d2 uncovers the cannon "
     "e5 (screen e3) onto the chariot on e0. Two pieces chasing one chariot is "
     "still a perpetual chase. A lone advisor can never chase a chariot "
     "perpetually (it only attacks e1 from a corner)"),
    ("perpetual_chase_chariot_on_crossed_soldier", "5k3/9/9/9/9/1p7/9/9/R8/3K5 w - - 0 1",
     "a1b1 b4a4 b1a1 a4b4",
     "chariot chases an unprotected soldier that has crossed the river "
     "(it shuttles b4<->a4)"),
    ("perpetual_chase_chariots_on_crossed_soldier_static", "5k3/9/9/9/9/4p4/9/4R4/9/3KR4 w - - 0 1",
     "e2d2 f9f8 d2e2 f8f9",
     "crossed soldier e4 stands still; e2-d2 uncovers the chariot e0 onto it, "
     "d2-e2 attacks it with the moving chariot; Black only moves the general"),
], reason="perpetual_chase", expect=BLACK_WIN)
# Against an uncrossed soldier, a protected piece or a chariot: no chase, a draw.
cases([
    ("no_chase_chariots_on_uncrossed_soldier_static", "5k3/9/9/4p4/9/9/9/4R4/9/3KR4 w - - 0 1",
     "e2d2 f9f8 d2e2 f8f9",
     "same pattern against a soldier that has not crossed the river (e6): "
     "attacking an uncrossed soldier is not a chase -> draw"),
    ("no_chase_chariot_on_protected_cannon", "1r3k3/9/9/9/9/9/1c7/9/9/R2K5 w - - 0 1",
     "a0a3 b3b0 a3a0 b0b3",
     "like perpetual_chase_chariot_on_cannon but the chariot b9 protects the "
     "cannon on b3 and on b0: chasing a protected piece is allowed -> draw"),
    ("no_chase_chariot_on_chariot", "3k5/9/9/9/9/9/1r7/9/5K3/R8 w - - 0 1",
     "a0a3 b3b0 a3a0 b0b3",
     "a chariot attacking an (unprotected) chariot is a mutual attack, not a chase"),
], reason="repetition", expect=DRAW)
case("pinned_attacker_chariot", "3kr4/9/9/9/4R4/9/1n7/9/9/4K4 w - - 0 1",
     "e5e3 b3a5 e3e5 a5b3", reason="perpetual_chase", expect=BLACK_WIN,
     disagree="the chasing chariot is pinned on the e-file (own general behind it, "
              "enemy chariot in front); it cannot legally capture the horse, so under AXF "
              "its attacks are not chases and the game is a draw. pyffish does not look at "
              "pins of the chasing piece (cf. Fairy-Stockfish issue #938, item 2) and rules "
              "a perpetual chase",
     comment="pinned chariot shuttles along the pin line e5<->e3 'attacking' the "
             "unprotected horse b3/a5")
case("check_vs_chase", "4k2nc/R6nc/9/9/9/9/9/9/9/3K5 w - - 0 1",
     "a8a9 e9e8 a9a8 e8e9", reason="perpetual_check", expect=BLACK_WIN,
     comment="Red checks every move; every general move uncovers a black cannon (i9 or "
             "i8, screens h9/h8) onto the red chariot, so Black chases every move. "
             "Perpetual check outranks perpetual chase: the checker loses")
case("chase_interrupted_by_check", "9/9/3k5/4N4/9/9/7c1/9/9/5K2R w - - 0 1",
     "e6c5 d7d8 i0i3 h3h0 c5e6 d8d7 i3i0 h0h3", reason="repetition", expect=DRAW,
     comment="8-ply cycle: Red alternates a horse check and a chariot chase on the "
             "unprotected cannon; neither perpetual check nor perpetual chase -> draw")

# ---- positions from Fairy-Stockfish's own test.py (is_optional_game_end tests).
# Moves there use ranks 1..10 and are converted to ICCS here.
FS_CASES = [
    # (label, fen, pre, cycle (pyffish coordinates, as in test.py), reason,
    #  value test.py expects from the side to move's view, mirror?)
    # Full sequence = pre + 2 * cycle.  None = test.py does not assert the value.
    ("fs_direct_chase_cannon", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
     ["c3a3"], ["a8b8", "a3b3", "b8a8", "b3a3"], "perpetual_chase", "+", True),
    ("fs_discovered_chase_cannon", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
     ["a5a6"], ["a7b7", "a6b6", "b7a7", "b6a6"], "perpetual_chase", "+", True),
    ("fs_chase_by_soldier_draw", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
     ["a5a6"], ["a7b7", "a6b6", "b7a7", "b6a6"], "repetition", "=", True),
    ("fs_discovered_and_anti_discovered_cannon", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
     [], ["f5d5", "f6d6", "d5f5", "d6f6"], "perpetual_chase", "-", True),
    ("fs_mutual_chase", "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
     ["f7h7"], ["h9f8", "h7h8", "f8g6", "h8g8", "g6i7", "g8g7", "i7h9", "g7h7"], "repetition", "=", True),
    ("fs_perpetual_check_vs_intermittent", "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
     [], ["d7e7", "e5d5", "e7d7", "d5e5"], "perpetual_check", "+", False),
    ("fs_perpetual_check_soldier", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
     [], ["f2e2", "f3e3", "e2f2", "e3f3"], "perpetual_check", "+", False),
    ("fs_chase_crossed_soldier_discovered_cannon", "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1",
     [], ["d7e7", "e8g6", "e7d7", "g6e8"], "perpetual_chase", "+", False),
    ("fs_chase_cannon_by_chariot_and_cannon_1", "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1",
     [], ["d2d4", "b2b4", "d4d2", "b4b2"], "perpetual_chase", "+", False),
    ("fs_chase_chariot_by_elephant_and_cannon", "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1",
     [], ["g7g6", "f7g9", "g6g7", "g9f7"], "perpetual_chase", "+", False),
    ("fs_chase_crossed_soldier_by_two_horses", "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w - - 0 1",
     [], ["d10e10", "d9e9", "e10d10", "e9d9"], "perpetual_chase", "+", False),
    ("fs_chase_pinned_chariot", "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1",
     [], ["e5e4", "c5c4", "e4e5", "c4c5"], "perpetual_chase", "+", False),
    ("fs_chase_cannon_by_chariot_and_cannon_2", "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1",
     [], ["a2c2", "a5c5", "c2a2", "c5a5"], "perpetual_chase", "+", False),
    ("fs_mutual_perpetual_check", "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
     [], ["e4d4", "d7e7", "d4e4", "e7d7"], "repetition", "=", True),
    ("fs_draw_cannon_attacks_uncrossed_soldier", "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1",
     [], ["h7g7", "g6h6", "g7h7", "h6g6"], "repetition", "=", False),
    ("fs_draw_pinned_chariot_protected", "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1",
     [], ["e5e4", "c5c4", "e4e5", "c4c5"], "repetition", "=", False),
    ("fs_draw_cannon_vs_cannon", "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w - - 0 1",
     [], ["c3a3", "a7c7", "a3c3", "c7a7"], "repetition", "=", False),
    ("fs_draw_cannon_alternates_two_chariots", "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w - - 0 1",
     ["b2a2"], ["a8b8", "a2c2", "c8d8", "c2b2", "b8a8", "b2d2", "d8c8", "d2a2"], "repetition", "=", False),
    ("fs_d106_attack_unchanged", "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1",
     [], ["h1h2", "h5h4", "h2h1", "h4h5"], "repetition", "=", False),
    ("fs_d39_pinned_chariot_mutual_chase", "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1",
     ["b7b9"], ["f10e9", "b9b10", "e9f10", "b10b9"], "perpetual_chase", "+", False),
    ("fs_d39_pinned_chariot_2", "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1",
     [], ["e2f1", "h4h2", "f1e2", "h2h4"], "perpetual_chase", "+", False),
    ("fs_pin_undermines_root", "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
     [], ["e4g5", "e2f2", "g5e4", "f2e2"], "perpetual_chase", "-", False),
    ("fs_discovered_check_threat_chariot", "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1",
     [], ["b5c3", "b1c1", "c3b5", "c1b1"], "perpetual_chase", "+", False),
    ("fs_pin_root_discovered_horse", "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1",
     [], ["e1d1", "e5d5", "d1e1", "d5e5"], "perpetual_chase", "+", False),
    ("fs_pin_root_discovered_chariot", "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1",
     [], ["e1d1", "e5d5", "d1e1", "d5e5"], "perpetual_chase", "+", False),
    ("fs_xray_protected_discovered_check", "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1",
     [], ["d1c3", "h1h3", "c3d1", "h3h1"], "perpetual_chase", "+", False),
    ("fs_no_overprotection_by_general", "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
     [], ["d1c3", "d4c4", "c3d1", "c4d4"], "repetition", "=", False),
    ("fs_overprotection_by_general", "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1",
     [], ["d1c3", "d4c4", "c3d1", "c4d4"], "perpetual_chase", "+", False),
    ("fs_mutual_pins_flying_generals", "4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w - - 0 1",
     [], ["e2g1", "e10f10", "g1e2", "f10e10"], "repetition", None, False),
    ("fs_fake_protection_by_cannon", "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1",
     [], ["b5c5", "b4c4", "c5b5", "c4b4"], "perpetual_chase", "+", False),
    ("fs_fake_protection_mutual_chase", "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
     [], ["f9f7", "f10e9", "f7f9", "e9f10"], "repetition", "=", False),
    # Fairy-Stockfish issue #938, item 4 (chariot chases an unprotected horse;
    # when exactly is it adjudicated?)
    ("fs_issue938_chase_timing_red_first", "3k4n/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1",
     [], ["h1i1", "i10h8", "i1h1", "h8i10"], "perpetual_chase", None, False),
    ("fs_issue938_chase_timing_black_first", "3k4n/9/9/9/9/9/9/9/9/4K3R b - - 0 1",
     [], ["i10h8", "i1h1", "h8i10", "h1i1"], "perpetual_chase", None, False),
]

FS_NOTES = {
    "fs_mutual_pins_flying_generals": "test.py leaves the expected value commented out",
    "fs_d39_pinned_chariot_mutual_chase": "AXF diagram 39, test.py calls it controversial",
    "fs_d106_attack_unchanged": "AXF diagram 106",
    "fs_issue938_chase_timing_red_first": "7 plies are not enough, the 8th ply ends it",
}

FS_SPECIAL = {
    # test.py's second case: the same cycle continued to 12 plies, so the chaser is
    # to move; the position after ply 12 has occurred at plies 4, 8 and 12.
    "fs_direct_chase_cannon_chaser_to_move": (
        "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
        ["c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8",
         "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8"],
        "perpetual_chase", BLACK_WIN),
}

# ---- move limit (pyffish: 50-move rule = 100 plies on the halfmove clock of
# the FEN + moves; captures reset it, soldier moves do not; with >= 20 plies
# played, checks beyond 10 by one side in the window extend it by 2 plies each)
PLAIN = []


def plain(rows, mirror):
    """Cases played as given (no cycle): rows of (label, fen, moves, reason,
    expect) and a comment where there is one; `mirror`: also the colour-swapped
    case."""
    for label, fen, moves, reason, expect, *comment in rows:
        PLAIN.append(dict(label=label, fen=fen, moves=moves.split(), reason=reason,
                          expect=expect, mirror=mirror, disagree=None,
                          comment=comment[0] if comment else None))


CHECK_WALK = ("e5d5 d9e9 d5e5 e9d9 e5e9 d9d8 e9e8 d8d7 e8d8 d7e7 d8d7 e7e8 "
              "d7d8 e8e9 d8d9 e9e8 d9e9 e8d8 e9d9 d8e8 d9d8 e8e7")
plain([
    ("move_limit_100th_ply", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 96 60",
     "e0f0 d9d8 f0f1 d8d7", "move_limit", DRAW,
     "halfmove clock 96 in the FEN + 4 plies = 100 -> draw"),
    ("move_limit_99th_ply", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 96 60",
     "e0f0 d9d8 f0f1", "none", ONGOING,
     "one ply short of the limit"),
    ("move_limit_capture_resets", "3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 99 60",
     "a0a1 d9d8", "none", ONGOING,
     "the capture a0xa1 resets the halfmove clock"),
    ("move_limit_soldier_move_counts", "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 99 60",
     "e3e4", "move_limit", DRAW,
     "a soldier move does NOT reset the clock in pyffish (unlike a chess pawn)"),
    ("move_limit_checkmate_wins", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 99 60",
     "b0b9", "checkmate", RED_WIN,
     "the 100th ply is mate: checkmate beats the move limit"),
], mirror=True)
plain([
    ("move_limit_extended_by_checks", "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 78 40",
     CHECK_WALK, "none", ONGOING,
     "22 plies, all 11 red moves check, no position 3 times: clock reaches 100 "
     "but 11 checks (> 10) in the window extend the limit by 2 plies"),
    ("move_limit_extended_by_checks_reached", "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 80 40",
     CHECK_WALK, "move_limit", DRAW,
     "same with clock 80 (102 - 2 > 99) -> draw"),
], mirror=False)

# ---- checkmate / stalemate (for completeness of the reason vocabulary)
plain([
    ("checkmate_two_chariots", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
     "b0b9", "checkmate", RED_WIN),
    ("stalemate_loses", "3k5/9/R8/9/4R4/9/9/9/9/5K3 w - - 0 1",
     "a7a8", "stalemate", RED_WIN,
     "Black has no legal move and is not in check: in xiangqi that loses"),
], mirror=True)


# --------------------------------------------------------------------------
# generation
# --------------------------------------------------------------------------
def build_lines():
    lines = []  # (comment_lines, label, fen, moves, result, reason)
    seen = set()

    def emit(label, fen, moves, reason, expect, comments):
        assert label not in seen, label
        assert reason in REASONS, reason
        seen.add(label)
        validate_fen(fen)
        res = verdict(fen, moves)
        if expect is not None:
            assert res == expect, f"{label}: pyffish says {res}, expected {expect}"
        lines.append((comments, label, fen, moves, res, reason))
        return res

    def variants(c, fen_key="fen"):
        yield "", c[fen_key], (lambda ms: ms), c["expect"]
        if c["mirror"]:
            flip = {RED_WIN: BLACK_WIN, BLACK_WIN: RED_WIN}
            yield "_black", mirror_fen(c[fen_key]), (lambda ms: [mirror_move(m) for m in ms]), \
                flip.get(c["expect"], c["expect"])

    def labelled(c):
        """The variants of a hand-made case, each with its label and comments."""
        for suffix, fen, conv, expect in variants(c):
            label = c["label"] + ("_red" if c["mirror"] and not suffix else suffix)
            comments = []
            if suffix:
                comments.append(f"# {label}: {c['label']}_red mirrored top<->bottom, colours swapped")
            elif c["comment"]:
                comments.append(f"# {label}: {c['comment']}")
            if c["disagree"]:
                comments.append(f"# DISAGREE: {label}: {c['disagree']}")
            yield label, fen, conv, expect, comments

    for c in CASES:
        for label, fen, conv, expect, comments in labelled(c):
            moves = conv(c["pre"] + c["cycle"] * c["reps"])
            emit(label, fen, moves, c["reason"], expect, comments)
            if c["repeating"]:
                emit(label + "_minus1", fen, moves[:-1], "none", ONGOING, [])

    for (label, fen, pre, cyc, reason, value, mir) in FS_CASES:
        moves_sf = pre + cyc * 2
        stm = sf.get_fen(VARIANT, fen, moves_sf).split()[1]
        expect = None if value is None else value_to_result(
            {"+": sf.VALUE_MATE, "-": -sf.VALUE_MATE, "=": sf.VALUE_DRAW}[value], stm)
        moves = [sf_to_iccs(m) for m in moves_sf]
        c = dict(fen=fen, expect=expect, mirror=mir)
        for suffix, f, conv, exp in variants(c):
            lab = label + suffix
            src = ("Fairy-Stockfish issue #938 item 4" if label.startswith("fs_issue")
                   else "Fairy-Stockfish test.py (test_is_optional_game_end)")
            comments = [f"# {lab}: {src}" + (", mirrored top<->bottom, colours swapped" if suffix else "")]
            if label in FS_NOTES:
                comments[0] += "; " + FS_NOTES[label]
            emit(lab, f, conv(moves), reason, exp, comments)
            emit(lab + "_minus1", f, conv(moves[:-1]), "none", ONGOING, [])

    for label, (fen, moves_sf, reason, expect) in FS_SPECIAL.items():
        emit(label, fen, [sf_to_iccs(m) for m in moves_sf], reason, expect,
             [f"# {label}: Fairy-Stockfish test.py, chaser to move after the "
              "position occurred a 3rd time (plies 4, 8, 12)"])

    for c in PLAIN:
        for label, fen, conv, expect, comments in labelled(c):
            emit(label, fen, conv(c["moves"]), c["reason"], expect, comments)
    return lines


def render(lines):
    v = sf.version()
    out = [
        "# Xiangqi repetition / move-limit reference verdicts.",
        "# Generated by tests/scripts/gen_verdicts.py with Fairy-Stockfish's pyffish "
        f"(sf.version() = {v}, {sf.info().split(' by ')[0]}), variant \"xiangqi\".",
        "# Do not edit by hand: change the script and rerun `python3 tests/scripts/gen_verdicts.py`.",
        "# Format: <label>|<fen>|<space-separated ICCS moves>|<result>|<reason>",
        "#   result = pyffish's verdict after ALL moves, absolute: * | 1-0 (Red wins) | 0-1 | 1/2-1/2",
        "#   reason = our classification (none, perpetual_check, perpetual_chase, repetition,",
        "#            move_limit, checkmate, stalemate); pyffish itself does not give a reason.",
        "# *_minus1 lines repeat a case without its last ply (must be *: the verdict fires",
        "# exactly on the 3rd occurrence). '# DISAGREE:' marks cases where we believe the",
        "# Asian (AXF) rules rule differently; the data keeps pyffish's verdict. See VERDICTS.md.",
        "",
    ]
    for comments, label, fen, moves, res, reason in lines:
        out.extend(comments)
        out.append(f"{label}|{fen}|{' '.join(moves)}|{res}|{reason}")
    return "\n".join(out) + "\n"


def main():
    text = render(build_lines())
    if "--check" in sys.argv:
        with open(OUT) as fh:
            if fh.read() != text:
                sys.exit(f"{OUT} is out of date; rerun tests/scripts/gen_verdicts.py")
        print(f"{OUT} is up to date")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as fh:
        fh.write(text)
    n = sum(1 for l in text.splitlines() if l and not l.startswith("#"))
    print(f"wrote {n} cases to {OUT}")


if __name__ == "__main__":
    main()
