#!/usr/bin/env python3
"""Generates tests/suite/tests/data/game_verdicts_fsf.txt: game verdicts adjudicated by
pyffish (Fairy-Stockfish), for tests/suite/tests/game_verdicts.rs.

Inputs are the xiangqi cases of Fairy-Stockfish's own test suite
(test.py, test_is_optional_game_end) plus hand-made ones; every result and
reason below is what pyffish answers, never our own output. Moves are
converted from pyffish's ranks 1-10 to ICCS ranks 0-9.

Line format: <label>|<fen>|<ICCS moves>|<result>|<reason>
  result: * 1-0 0-1 1/2-1/2
  reason: none perpetual_check perpetual_chase repetition move_limit
          checkmate stalemate
pyffish gives only the value; the reason is derived from pyffish too: a
draw is move_limit if the halfmove clock of pyffish's FEN after the moves
is 100 or more, else repetition; a win is perpetual_check if the losing
side checked (sf.gives_check) with each of its last two moves, else
perpetual_chase.

Usage: python3 tests/scripts/gen_game_verdicts.py > tests/suite/tests/data/game_verdicts_fsf.txt
"""
import pyffish as sf

V = "xiangqi"

# (label, fen in pyffish form, moves in pyffish form (ranks 1-10))
FSF_SUITE = [
    ("fsf_direct_chase_cannon", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1", ["c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8", "b3a3"]),
    ("fsf_chase_chaser_to_move", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1", ["c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8"]),
    ("fsf_discovered_chase_cannon", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1", ["a5a6", "a7b7", "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7", "b6a6"]),
    ("fsf_chase_by_soldier_draw", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1", ["a5a6", "a7b7", "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7", "b6a6"]),
    ("fsf_discovered_anti_discovered_cannon", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1", ["f5d5", "f6d6", "d5f5", "d6f6", "f5d5", "f6d6", "d5f5", "d6f6"]),
    ("fsf_mutual_chase", "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1", ["f7h7"] + 2 * ["h9f8", "h7h8", "f8g6", "h8g8", "g6i7", "g8g7", "i7h9", "g7h7"]),
    ("fsf_perpetual_vs_intermittent_check", "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1", 2 * ['d7e7', 'e5d5', 'e7d7', 'd5e5']),
    ("fsf_perpetual_check_soldier", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1", 2 * ['f2e2', 'f3e3', 'e2f2', 'e3f3']),
    ("fsf_check_2", "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1", 2 * ['d7e7', 'e8g6', 'e7d7', 'g6e8']),
    ("fsf_check_3", "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1", 2 * ['d2d4', 'b2b4', 'd4d2', 'b4b2']),
    ("fsf_check_4", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1", 2 * ['f5d5', 'f6d6', 'd5f5', 'd6f6']),
    ("fsf_check_5", "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1", 2 * ['g7g6', 'f7g9', 'g6g7', 'g9f7']),
    ("fsf_check_6", "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w - - 0 1", 2 * ['d10e10', 'd9e9', 'e10d10', 'e9d9']),
    ("fsf_check_7", "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1", 2 * ['e5e4', 'c5c4', 'e4e5', 'c4c5']),
    ("fsf_check_8", "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1", 2 * ['a2c2', 'a5c5', 'c2a2', 'c5a5']),
    ("fsf_mutual_check_1", "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1", 2 * ['e4d4', 'd7e7', 'd4e4', 'e7d7']),
    ("fsf_mutual_check_2", "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1", 2 * ['h7g7', 'g6h6', 'g7h7', 'h6g6']),
    ("fsf_mutual_check_3", "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1", 2 * ['e5e4', 'c5c4', 'e4e5', 'c4c5']),
    ("fsf_mutual_check_4", "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w - - 0 1", 2 * ['c3a3', 'a7c7', 'a3c3', 'c7a7']),
    ("fsf_mutual_check_5", "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w - - 0 1", ['b2a2'] + 2 * ['a8b8', 'a2c2', 'c8d8', 'c2b2', 'b8a8', 'b2d2', 'd8c8', 'd2a2']),
    ("fsf_d106_attack_unchanged", "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1", 2 * ["h1h2", "h5h4", "h2h1", "h4h5"]),
    ("fsf_d39_pinned_chariot_1", "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1", ["b7b9"] + 2 * ["f10e9", "b9b10", "e9f10", "b10b9"]),
    ("fsf_d39_pinned_chariot_2", "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1", 2 * ['e2f1', 'h4h2', 'f1e2', 'h2h4']),
    ("fsf_pin_undermines_root", "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1", 2 * ['e4g5', 'e2f2', 'g5e4', 'f2e2']),
    ("fsf_discovered_check_threat_chariot", "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1", 2 * ['b5c3', 'b1c1', 'c3b5', 'c1b1']),
    ("fsf_pin_and_discovered_horse", "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1", 2 * ['e1d1', 'e5d5', 'd1e1', 'd5e5']),
    ("fsf_pin_and_discovered_chariot", "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1", 2 * ['e1d1', 'e5d5', 'd1e1', 'd5e5']),
    ("fsf_xray_protected_discovered_check", "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1", 2 * ['d1c3', 'h1h3', 'c3d1', 'h3h1']),
    ("fsf_no_overprotection_by_king", "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1", 2 * ['d1c3', 'd4c4', 'c3d1', 'c4d4']),
    ("fsf_overprotection_by_king", "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", 2 * ['d1c3', 'd4c4', 'c3d1', 'c4d4']),
    ("fsf_mutual_pins_flying_generals", "4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w - - 0 1", 2 * ['e2g1', 'e10f10', 'g1e2', 'f10e10']),
    ("fsf_fake_protection_cannon", "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1", 2 * ['b5c5', 'b4c4', 'c5b5', 'c4b4']),
    ("fsf_fake_protection_cannon_mutual", "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1", 2 * ['f9f7', 'f10e9', 'f7f9', 'e9f10']),
]

# Hand-made cases, written with ICCS moves (ranks 0-9).
OWN = [
    ("idle_horses", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 2 * ["h0g2", "h9g7", "g2h0", "g7h9"]),
    ("check_chariot", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", 2 * ["e1d1", "d9e9", "d1e1", "e9d9"]),
    ("check_horse", "4k4/9/9/3N5/9/9/9/9/9/3K5 w - - 0 1", 2 * ["d6c8", "e9e8", "c8d6", "e8e9"]),
    ("check_cannon", "3k5/4a4/3a5/9/9/4C4/9/9/9/5K3 w - - 0 1", 2 * ["e4d4", "d9e9", "d4e4", "e9d9"]),
    ("check_soldier", "4k4/R2P5/9/9/9/9/9/9/9/5K3 w - - 0 1", 2 * ["d8e8", "e9d9", "e8d8", "d9e9"]),
    # Horse on chariot: a chase even though nothing else is attacked.
    ("chase_horse_on_chariot", "4k4/9/1r7/9/1N7/9/2N6/9/9/3K5 w - - 0 1", 2 * ["b5d6", "b7a7", "d6b5", "a7b7"]),
    # Cannon on an unprotected horse, screens on a4 and c4.
    ("chase_cannon_on_horse", "5k3/2n6/9/9/9/P1P6/9/C8/9/4K4 w - - 0 1", 2 * ["a2c2", "c8a7", "c2a2", "a7c8"]),
    # Chariot on an unprotected cannon.
    ("chase_chariot_on_cannon", "5k3/9/R8/7c1/9/9/9/9/9/4K4 w - - 0 1", 2 * ["a7a6", "h6h7", "a6a7", "h7h6"]),
    # The same, the cannon protected by the chariot on h9: no chase.
    ("no_chase_protected_cannon", "5k1r1/9/R8/7c1/9/9/9/9/9/4K4 w - - 0 1", 2 * ["a7a6", "h6h7", "a6a7", "h7h6"]),
    # Chariot on a crossed, unprotected soldier.
    ("chase_crossed_soldier", "5k3/9/9/6R2/9/9/7p1/9/9/4K4 w - - 0 1", 2 * ["g6h6", "h3g3", "h6g6", "g3h3"]),
    # The chariot on e3/e4 is pinned by the black chariot on e8: it attacks
    # the cannon but cannot take it.
    ("pinned_chariot_no_chase", "5k3/4r4/9/9/9/c8/4R4/9/9/4K4 w - - 0 1", 2 * ["e3e4", "a4a3", "e4e3", "a3a4"]),
    # Red chases the cannon h6 and the horse h7 in turn: different pieces.
    ("chase_different_pieces_in_turn", "5k3/9/R6n1/7c1/9/9/9/9/9/4K4 w - - 0 1", 2 * ["a7a6", "f9f8", "a6a7", "f8f9"]),
    # Move limit: 50 moves in pyffish (Rules in the test are set to match).
    ("move_limit", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 98 60", ["e1e2", "d9d8"]),
    ("move_limit_soldier_moves_do_not_reset", "3k5/9/9/9/9/9/4P4/9/4R4/5K3 w - - 97 60", ["e3e4", "d9d8", "e4e5"]),
    # Red checks with each of its first 15 moves (no position thrice), then
    # plays quietly: the checks beyond the tenth and the replies to them do
    # not count, so the limit comes 10 plies later than without the cap.
    ("move_limit_check_cap", "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 60 1",
     "a0d0 d9e9 d0d9 e9e8 d9d8 e8e7 d8d7 e7e8 d7e7 e8d8 e7d7 d8e8 d7e7 e8d8 e7e8 d8d7 e8d8 d7e7 d8e8 e7f7 "
     "e8e7 f7f8 e7f7 f8e8 f7f8 e8e7 f8f7 e7e8 f7f8 e8e7 f8f0 e7d7 f0g0 d7e7 g0f0 e7d7 f0g0 d7e7 g0h0 e7d7 "
     "h0f0 d7e7 f0g0 e7d7 g0f0 d7e7 f0g0 e7d7 g0h0 d7e7 h0i0 e7d7".split()),
    ("move_limit_capture_resets", "3k5/9/9/9/9/9/9/9/p3R4/5K3 w - - 99 60", ["e1a1"]),
]


def up(m):
    """ICCS move (ranks 0-9) to pyffish (ranks 1-10)."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def conv(m, down=True):
    """pyffish move (ranks 1-10) to ICCS (ranks 0-9)."""
    import re
    a = re.match(r"([a-i])(\d+)([a-i])(\d+)$", m)
    f1, r1, f2, r2 = a.group(1), int(a.group(2)), a.group(3), int(a.group(4))
    return f"{f1}{r1 - 1}{f2}{r2 - 1}"


def verdict(fen, moves):
    """(result, reason) as pyffish adjudicates after `moves`."""
    turn_red = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
    legal = sf.legal_moves(V, fen, moves)
    if not legal:
        check = sf.gives_check(V, fen, moves)
        # Side to move has no legal move: it loses.
        res = "0-1" if turn_red else "1-0"
        return res, "checkmate" if check else "stalemate"
    end, value = sf.is_optional_game_end(V, fen, moves)
    if not end:
        return "*", "none"
    if value == 0:
        halfmoves = int(sf.get_fen(V, fen, moves).split()[4])
        return "1/2-1/2", "move_limit" if halfmoves >= 100 else "repetition"
    stm_wins = value > 0
    red_wins = stm_wins == turn_red
    res = "1-0" if red_wins else "0-1"
    # Did the loser check with every one of its moves in the last 8 plies?
    loser_is_stm = not stm_wins
    checks = []
    for k in range(len(moves), 0, -1):
        mover_is_stm = (len(moves) - k) % 2 == 1
        if mover_is_stm == loser_is_stm:
            checks.append(sf.gives_check(V, fen, moves[:k]))
        if len(checks) == 2:
            break
    return res, "perpetual_check" if all(checks) else "perpetual_chase"


def main():
    print("# Game verdicts adjudicated by pyffish", sf.version(), "(xiangqi).")
    print("# Generated by tests/scripts/gen_game_verdicts.py; see its docstring.")
    print("# <label>|<fen>|<ICCS moves>|<result>|<reason>")
    cases = FSF_SUITE + [(label, fen, [up(m) for m in moves]) for label, fen, moves in OWN]
    for label, fen, moves in cases:
        fen = fen.replace("[]", "")
        # The game ends at the first ply pyffish adjudicates; a test case
        # that plays on (as one of test.py's does) is cut there.
        for k in range(1, len(moves) + 1):
            if verdict(fen, moves[:k])[0] != "*":
                moves = moves[:k]
                break
        for k in (len(moves) - 1, len(moves)):
            res, reason = verdict(fen, moves[:k])
            lab = label if k == len(moves) else label + "_one_ply_early"
            print(f"{lab}|{fen}|{' '.join(conv(m) for m in moves[:k])}|{res}|{reason}")


if __name__ == "__main__":
    main()
