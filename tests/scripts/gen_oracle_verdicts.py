#!/usr/bin/env python3
"""Generates tests/suite/tests/data/oracle_verdicts.txt: seeded random games that shuffle
pieces back and forth, each judged ply by ply by two oracles, Pikafish's own
rule judge and pyffish (Fairy-Stockfish), for tests/suite/tests/chase_oracle.rs.

Every verdict in the file comes from an engine, never from this crate.

Oracles (see /work/engines/README.md for how they were built):
  * Pikafish: the `judge` driver around Pikafish's `Position::rule_judge`
    (stdin `<fen>|<ICCS moves>`, stdout `<ply> <result> <reason>` or `*`).
    It is asked after every ply of the game being generated.
  * pyffish: `is_optional_game_end` after every ply (and `legal_moves` /
    `game_result` when the side to move has no move).

Games: a random prefix from the standard start (capture-biased, 6-50 plies)
thins the board out; its position, with the halfmove clock set to 0, is the
game's FEN. From there the two sides shuffle: with some probability a side
takes back its own previous move (so positions repeat), otherwise it picks a
move by one of three styles: `shuffle` (uniform, captures rare), `chase`
(one side prefers moves whose moved piece attacks an enemy piece, above all
the piece that moved last; the other side prefers moving an attacked piece)
and `check` (one side prefers checking moves). A game stops when both
oracles have ended it, or after MAX_PLIES plies.

Keeping the rules that differ between the engines out of the comparison:
  * move limits (Pikafish: 60 moves, its check cap; pyffish: 50 moves with
    its check extension): games start with a halfmove clock of 0 and have at
    most MAX_PLIES = 90 plies, fewer than either limit (100 and 120 plies);
  * insufficient material (Pikafish draws some positions without soldiers,
    pyffish never does): no move may capture the last soldier on the board,
    so neither this crate nor Pikafish can call the material insufficient.

Line format (one game per line, `#` lines are comments):
  <id>|<style>|<fen>|<ICCS moves>|<pikafish>|<pyffish>
where each oracle's field is `*` (no end in the game) or
`<ply> <result> <reason>`: the first ply (1-based) after which that oracle
ends the game, the result from Red's side (1-0, 0-1, 1/2-1/2) and a reason:
checkmate, stalemate, repetition, perpetual_check, perpetual_chase
(Pikafish names its reason; for pyffish, which gives only a value, a win is
perpetual_check if the loser gave check with each of its last two moves,
else perpetual_chase, and a draw is repetition). Moves are ICCS (ranks 0-9);
pyffish's ranks 1-10 are converted.

Usage:
  python3 tests/scripts/gen_oracle_verdicts.py [--games N] [--seed S]
      [--judge PATH] > tests/suite/tests/data/oracle_verdicts.txt
Runs in about 40 minutes for 2 000 games on a shared core (the pyffish calls
cost 1-2 ms each). Deterministic for a given seed and engine build.
"""

import argparse
import random
import subprocess
import sys

import pyffish as sf

from board_model import attacks, on, parse_board, reach

V = "xiangqi"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MAX_PLIES = 90
DEFAULT_JUDGE = "/work/engines/pikafish-tools/judge"


# ---------------------------------------------------------------- coordinates
def up(m):
    """ICCS move (ranks 0-9) to pyffish (ranks 1-10)."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def down(m):
    """pyffish move (ranks 1-10) to ICCS (ranks 0-9)."""
    i = 1
    while m[i].isdigit():
        i += 1
    return f"{m[0]}{int(m[1:i]) - 1}{m[i]}{int(m[i + 1:]) - 1}"


def sq(s):
    return (ord(s[0]) - ord("a"), int(s[1:]))


# ------------------------------------------- moves on tests/scripts/board_model.py
# Only steers the random games; legality always comes from pyffish.
def quiet_moves(board, s):
    """Squares the piece on s could move to without capturing (pins and
    the flying general ignored; none for the general and the soldiers)."""
    t, (f, r) = board[s].lower(), s
    if t in "rc":
        out = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y = f + df, r + dr
            while on(x, y) and (x, y) not in board:
                out.append((x, y))
                x, y = x + df, y + dr
        return out
    if t in "nba":
        return [c for c in reach(board, s) if c not in board]
    return []


def name(a, z):
    return f"{chr(ord('a') + a[0])}{a[1]}{chr(ord('a') + z[0])}{z[1]}"


def plan_chase(rng, board, legal, red_to_move):
    """A chase cycle for the side to move, by the board model: a move
    A1-A2 that attacks an enemy piece X on X1 (winning something), an escape
    X1-X2 and a move A2-A3 that attacks X on X2. After these the two sides
    take their moves back and forth: the side to move attacks X anew with
    every move. `None` if there is none."""
    plans = []
    for m1 in legal:
        a2 = sq(m1[2:])
        if a2 in board or board[sq(m1[:2])] in "kKpP":
            continue
        b1 = play(board, m1)
        for x1 in attacks(b1, a2):
            if b1[x1] in "kK" or not gains(b1, a2, x1):
                continue
            for x2 in quiet_moves(b1, x1):
                b2 = play(b1, name(x1, x2))
                if x2 in attacks(b2, a2):
                    continue  # X would still be attacked: no new attack
                for a3 in quiet_moves(b2, a2):
                    b3 = play(b2, name(a2, a3))
                    b4 = play(b3, name(x2, x1))
                    if (x2 in attacks(b3, a3) and gains(b3, a3, x2)
                            and x1 not in attacks(b4, a3)):
                        plans.append((m1, name(x1, x2), name(a2, a3)))
    return rng.choice(plans) if plans else None


def play(board, m):
    b = dict(board)
    a, z = sq(m[:2]), sq(m[2:])
    b[z] = b.pop(a)
    return b


def soldiers(board):
    return sum(1 for p in board.values() if p in "pP")


# ------------------------------------------------------------------ oracles
class Pikafish:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def judge(self, fen, moves):
        """`None` or (ply, result, reason) of the first end in the game."""
        self.p.stdin.write(f"{fen}|{' '.join(moves)}\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline().strip()
        if line == "*":
            return None
        if line.startswith("error") or not line:
            raise SystemExit(f"pikafish judge: {line!r} for {fen}|{' '.join(moves)}")
        ply, result, text = line.split(" ", 2)
        for key, reason in (("checkmate", "checkmate"), ("stalemate", "stalemate"),
                            ("perpetual check", "perpetual_check"),
                            ("perpetual chase", "perpetual_chase"),
                            ("repetition draw", "repetition"), ("move limit", "move_limit"),
                            ("insufficient", "insufficient_material")):
            if text.startswith(key):
                return int(ply), result, reason
        raise SystemExit(f"pikafish judge: unknown reason {text!r}")

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def red_result(value, stm_red):
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == stm_red else "0-1"


def pyffish_end(fen, sfm):
    """pyffish's verdict after the moves `sfm` (pyffish coordinates):
    `None` or (result, reason)."""
    stm_red = (fen.split()[1] == "w") == (len(sfm) % 2 == 0)
    if not sf.legal_moves(V, fen, sfm):
        value = sf.game_result(V, fen, sfm)
        check = sf.gives_check(V, fen, sfm)
        return red_result(value, stm_red), "checkmate" if check else "stalemate"
    end, value = sf.is_optional_game_end(V, fen, sfm)
    if not end:
        return None
    if value == 0:
        return "1/2-1/2", "repetition"
    result = red_result(value, stm_red)
    # The loser is the side to move iff value < 0; its last two moves are
    # plies n-1 and n-3 (it did not move last) or n and n-2.
    loser_moved_last = value > 0
    n = len(sfm)
    plies = (n, n - 2) if loser_moved_last else (n - 1, n - 3)
    checks = all(sf.gives_check(V, fen, sfm[:k]) for k in plies if k > 0)
    return result, "perpetual_check" if checks else "perpetual_chase"


# ------------------------------------------------------------- game making
def prefix(rng):
    """A random capture-biased line from the start: (fen, board)."""
    while True:
        sfm, board = [], parse_board(START)
        for _ in range(rng.randint(6, 70)):
            legal = [down(m) for m in sf.legal_moves(V, START, sfm)]
            if not legal:
                break
            caps = [m for m in legal if sq(m[2:]) in board]
            m = rng.choice(caps) if caps and rng.random() < 0.6 else rng.choice(legal)
            sfm.append(up(m))
            board = play(board, m)
        if soldiers(board) == 0 or not sf.legal_moves(V, START, sfm):
            continue
        fen = sf.get_fen(V, START, sfm).split()
        fen[4] = "0"
        return " ".join(fen), board


def pick(rng, cands, rev):
    """One of `cands`, the take-back `rev` with probability 3/4 if it is one."""
    if rev in cands and rng.random() < 0.75:
        return rev
    return rng.choice(cands)


def gains(board, a, t):
    """Whether the piece on `a` attacking the piece on `t` wins something,
    by the board model: a chariot attacked by a horse or cannon, or a piece
    that no piece of its side defends and that does not attack back in the
    same way; soldiers that have not crossed the river do not count."""
    pa, pt = board[a], board[t]
    if pt in "pP" and (t[1] <= 4) == pt.isupper():
        return False
    if pa.lower() in "nc" and pt.lower() == "r":
        return True
    if pa.lower() == pt.lower() and a in attacks(board, t):
        return False
    b = dict(board)
    b[t] = pa
    del b[a]
    red = pt.isupper()
    return not any(p.isupper() == red and t in attacks(b, s) for s, p in b.items())


def choose(rng, style, role, board, legal, moves, red_to_move):
    """Picks the next ICCS move from `legal` (ICCS, sorted) by the game's
    style. A side first follows its style's aim (with the take-back
    preferred among the moves that serve it), else takes back its own
    previous move (4 times in 5), else moves at random, rarely capturing."""
    rev = moves[-2][2:] + moves[-2][:2] if len(moves) >= 2 else None
    last_to = sq(moves[-1][2:]) if moves else None
    quiet = [m for m in legal if sq(m[2:]) not in board]
    # Captures are rare; never the last soldier on the board.
    caps = [m for m in legal if sq(m[2:]) in board
            and not (board[sq(m[2:])] in "pP" and soldiers(board) == 1)]
    hits = {m: attacks(play(board, m), sq(m[2:])) for m in quiet}
    aim = []
    if style in ("chase", "mutual") and (role == "attacker" or style == "mutual"):
        # Attack the piece the enemy just moved, if it is not attacked yet,
        # above all with an attack that wins something; else start a chase
        # of any piece half the time.
        mine = [s for s, p in board.items() if p.isupper() == red_to_move]
        if last_to in board and not any(last_to in attacks(board, s) for s in mine):
            aim = [m for m in quiet if last_to in hits[m]]
            good = [m for m in aim if gains(play(board, m), sq(m[2:]), last_to)]
            aim = good or aim
        if not aim and rng.random() < 0.5:
            aim = [m for m in quiet
                   if any(board[t] not in "kK" and gains(play(board, m), sq(m[2:]), t)
                          for t in hits[m])]
    elif style == "chase":
        # Move the piece the enemy's last-moved piece attacks.
        if last_to in board:
            threatened = attacks(board, last_to)
            aim = [m for m in quiet if sq(m[:2]) in threatened]
    elif style == "check" and role == "attacker":
        general = next(s for s, p in board.items() if p == ("k" if red_to_move else "K"))
        aim = [m for m in quiet if general in hits[m]]
    if aim and rng.random() < 0.85:
        return pick(rng, aim, rev)
    if rev in quiet and rng.random() < 0.8:
        return rev
    if caps and rng.random() < 0.03:
        return rng.choice(caps)
    return rng.choice(quiet or caps or legal)


def make_game(rng, pika):
    fen, board = prefix(rng)
    style = rng.choices(["shuffle", "chase", "mutual", "check", "plan"],
                        weights=[15, 10, 10, 20, 45])[0]
    plan = None
    if style == "plan":
        plan = plan_chase(rng, board, sorted(down(m) for m in sf.legal_moves(V, fen, [])),
                          fen.split()[1] == "w")
        if plan is None:
            style = "chase"
        else:
            m1, out, follow = plan
            back = out[2:] + out[:2], follow[2:] + follow[:2]
            plan = [m1] + 6 * [out, follow, back[0], back[1]]
    attacker_red = rng.random() < 0.5
    red_to_move = fen.split()[1] == "w"
    moves, sfm = [], []
    ends = {"pikafish": None, "pyffish": None}
    while len(moves) < MAX_PLIES:
        legal = [down(m) for m in sf.legal_moves(V, fen, sfm)]
        if not legal:
            break
        role = "attacker" if red_to_move == attacker_red else "defender"
        if plan and len(moves) < len(plan) and plan[len(moves)] in legal:
            m = plan[len(moves)]
        else:
            plan = None
            m = choose(rng, style, role, board, sorted(legal), moves, red_to_move)
        moves.append(m)
        sfm.append(up(m))
        board = play(board, m)
        red_to_move = not red_to_move
        if ends["pyffish"] is None:
            v = pyffish_end(fen, sfm)
            if v is not None:
                ends["pyffish"] = (len(moves),) + v
        if ends["pikafish"] is None:
            ends["pikafish"] = pika.judge(fen, moves)
        if ends["pikafish"] is not None and ends["pyffish"] is not None:
            break
    return style, fen, moves, ends


def field(end):
    return "*" if end is None else f"{end[0]} {end[1]} {end[2]}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--judge", default=DEFAULT_JUDGE)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    pika = Pikafish(args.judge)
    print(f"# Random shuffle games judged ply by ply by Pikafish's rule judge "
          f"(official-pikafish/Pikafish 97133eeb, Position::rule_judge) and by pyffish "
          f"{'.'.join(map(str, sf.version()))} (is_optional_game_end).")
    print(f"# Generated by tests/scripts/gen_oracle_verdicts.py --games {args.games} "
          f"--seed {args.seed}; see its docstring. Do not edit by hand.")
    print("# <id>|<style>|<fen>|<ICCS moves>|<pikafish: ply result reason or *>|<pyffish: same>")
    tally = {}
    for i in range(args.games):
        style, fen, moves, ends = make_game(rng, pika)
        print(f"g{i + 1:04}|{style}|{fen}|{' '.join(moves)}|"
              f"{field(ends['pikafish'])}|{field(ends['pyffish'])}")
        for who, end in ends.items():
            key = (who, end[2] if end else "none")
            tally[key] = tally.get(key, 0) + 1
        if (i + 1) % 100 == 0:
            print(f"{i + 1} games", file=sys.stderr, flush=True)
    pika.close()
    for (who, reason), n in sorted(tally.items()):
        print(f"{who:9} {reason:16} {n}", file=sys.stderr)


if __name__ == "__main__":
    main()
