#!/usr/bin/env python3
"""Generate move-generation reference data for the `xiangqi` crate.

Ground truth comes from Fairy-Stockfish's Python binding `pyffish`
(variant "xiangqi").  A small independent pure-Python move generator in this
file is used to steer the random games (capture / check bias), to search for
constructed mate / stalemate positions quickly, and as a cross-check: every
position written is checked against pyffish (legal move list, check flag) and
against the strict position validation used by the crate.

Outputs (all regenerated deterministically from SEED):
  tests/suite/tests/data/legal_moves.txt   <fen>|<in check 0/1>|<sorted ICCS legal moves>
  tests/suite/tests/data/checkmates.txt    <fen>|<comment>
  tests/suite/tests/data/stalemates.txt    <fen>|<comment>

Coordinates: pyffish writes ranks 1..10 (e.g. `h3e3`), the crate uses ICCS
ranks 0..9, so every move is converted (`h3e3` -> `h2e2`, `a10a9` -> `a9a8`).

Run:  python3 tests/scripts/gen_movegen_data.py
"""

import os
import random
import re
import sys
import time

import pyffish as sf

import board_model

VARIANT = "xiangqi"
SEED = 20240611

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA_DIR = os.path.join(ROOT, "tests", "suite", "tests", "data")

# Targets / knobs.
N_GAMES = 170
MAX_PLIES = 260
MIN_LEGAL = 1200
MIN_IN_CHECK = 100
N_FILE_PIN_CONSTRUCTED = 120
MIN_MATES = 60
MIN_STALES = 60
TARGET_MATES = 120
TARGET_STALES = 120
TARGET_STALES_WITH_PIECES = 60

FILES = "abcdefghi"

# ---------------------------------------------------------------------------
# Board basics.  Square index = rank * 9 + file, rank 0 = Red's back rank.
# ---------------------------------------------------------------------------


def sq(f, r):
    return r * 9 + f


def sq_name(s):
    return "%s%d" % (FILES[s % 9], s // 9)


def parse_fen(fen):
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != 10:
        raise ValueError("bad row count")
    board = ["."] * 90
    for i, row in enumerate(rows):
        r = 9 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                if f >= 9 or ch.upper() not in "KABNRCP":
                    raise ValueError("bad row %r" % row)
                board[sq(f, r)] = ch
                f += 1
        if f != 9:
            raise ValueError("bad row width %r" % row)
    side = parts[1] if len(parts) > 1 else "w"
    if side not in ("w", "b"):
        raise ValueError("bad side")
    return board, side == "w"


def placement(board):
    return board_model.placement(lambda f, r: None if board[sq(f, r)] == "." else board[sq(f, r)])


def make_fen(board, red, half=0, full=1):
    return "%s %s - - %d %d" % (placement(board), "w" if red else "b", half, full)


def flip_side(fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def fen_key(fen):
    p = fen.split()
    return p[0] + " " + p[1]


_MOVE_RE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def uci_to_iccs(m):
    mo = _MOVE_RE.match(m)
    if not mo:
        raise ValueError("unexpected pyffish move %r" % m)
    r1, r2 = int(mo.group(2)) - 1, int(mo.group(4)) - 1
    assert 0 <= r1 <= 9 and 0 <= r2 <= 9, m
    return "%s%d%s%d" % (mo.group(1), r1, mo.group(3), r2)


def uci_to_sq(m):
    mo = _MOVE_RE.match(m)
    return (sq(FILES.index(mo.group(1)), int(mo.group(2)) - 1),
            sq(FILES.index(mo.group(3)), int(mo.group(4)) - 1))


def move_iccs(mv):
    return sq_name(mv[0]) + sq_name(mv[1])


def move_uci(mv):
    a, b = mv
    return "%s%d%s%d" % (FILES[a % 9], a // 9 + 1, FILES[b % 9], b // 9 + 1)


# ---------------------------------------------------------------------------
# Independent pure-Python move generator (used for steering + cross-check).
# ---------------------------------------------------------------------------

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# horse: (leg df, leg dr), then the two destinations
HORSE = (((0, 1), ((1, 2), (-1, 2))), ((0, -1), ((1, -2), (-1, -2))),
         ((1, 0), ((2, 1), (2, -1))), ((-1, 0), ((-2, 1), (-2, -1))))


def on_board(f, r):
    return 0 <= f < 9 and 0 <= r < 10


def in_palace(f, r, red):
    return 3 <= f <= 5 and ((0 <= r <= 2) if red else (7 <= r <= 9))


def is_red(p):
    return p.isupper()


def pseudo_moves_from(board, s, out):
    p = board[s]
    red = is_red(p)
    f, r = s % 9, s // 9
    t = p.upper()

    def add(f2, r2):
        if on_board(f2, r2):
            q = board[sq(f2, r2)]
            if q == "." or is_red(q) != red:
                out.append((s, sq(f2, r2)))

    if t == "K":
        for df, dr in ORTH:
            if in_palace(f + df, r + dr, red):
                add(f + df, r + dr)
    elif t == "A":
        for df, dr in DIAG:
            if in_palace(f + df, r + dr, red):
                add(f + df, r + dr)
    elif t == "B":
        for df, dr in DIAG:
            f2, r2 = f + 2 * df, r + 2 * dr
            if not on_board(f2, r2):
                continue
            if (red and r2 > 4) or (not red and r2 < 5):
                continue
            if board[sq(f + df, r + dr)] == ".":
                add(f2, r2)
    elif t == "N":
        for (lf, lr), dests in HORSE:
            if not on_board(f + lf, r + lr) or board[sq(f + lf, r + lr)] != ".":
                continue
            for df, dr in dests:
                add(f + df, r + dr)
    elif t == "R":
        for df, dr in ORTH:
            f2, r2 = f + df, r + dr
            while on_board(f2, r2):
                q = board[sq(f2, r2)]
                if q == ".":
                    out.append((s, sq(f2, r2)))
                else:
                    if is_red(q) != red:
                        out.append((s, sq(f2, r2)))
                    break
                f2 += df
                r2 += dr
    elif t == "C":
        for df, dr in ORTH:
            f2, r2 = f + df, r + dr
            screen = False
            while on_board(f2, r2):
                q = board[sq(f2, r2)]
                if not screen:
                    if q == ".":
                        out.append((s, sq(f2, r2)))
                    else:
                        screen = True
                elif q != ".":
                    if is_red(q) != red:
                        out.append((s, sq(f2, r2)))
                    break
                f2 += df
                r2 += dr
    elif t == "P":
        fwd = 1 if red else -1
        add(f, r + fwd)
        crossed = r >= 5 if red else r <= 4
        if crossed:
            add(f - 1, r)
            add(f + 1, r)


def pseudo_moves(board, red):
    out = []
    for s in range(90):
        p = board[s]
        if p != "." and is_red(p) == red:
            pseudo_moves_from(board, s, out)
    return out


def find_general(board, red):
    k = "K" if red else "k"
    for s in range(90):
        if board[s] == k:
            return s
    return None


def generals_facing(board):
    a = find_general(board, True)
    b = find_general(board, False)
    if a is None or b is None or a % 9 != b % 9:
        return False
    for s in range(a + 9, b, 9):
        if board[s] != ".":
            return False
    return True


def attackers(board, target, by_red):
    """Squares of pieces of colour `by_red` attacking `target` (no flying general)."""
    res = []
    f, r = target % 9, target // 9
    R, C, N, P, K = ("R", "C", "N", "P", "K") if by_red else ("r", "c", "n", "p", "k")
    # rays: chariot (first piece), cannon (second piece), general (adjacent)
    for df, dr in ORTH:
        f2, r2 = f + df, r + dr
        seen = 0
        first = True
        while on_board(f2, r2):
            q = board[sq(f2, r2)]
            if q != ".":
                if seen == 0:
                    if q == R:
                        res.append(sq(f2, r2))
                    if q == K and first and in_palace(f, r, by_red):
                        res.append(sq(f2, r2))
                    seen = 1
                else:
                    if q == C:
                        res.append(sq(f2, r2))
                    break
            first = False
            f2 += df
            r2 += dr
    # horses
    for (lf, lr), dests in HORSE:
        for df, dr in dests:
            hf, hr = f - df, r - dr  # horse square moving by (df, dr) onto target
            if not on_board(hf, hr) or board[sq(hf, hr)] != N:
                continue
            if board[sq(hf + lf, hr + lr)] == ".":
                res.append(sq(hf, hr))
    # soldiers
    fwd = 1 if by_red else -1
    if on_board(f, r - fwd) and board[sq(f, r - fwd)] == P:
        res.append(sq(f, r - fwd))
    for df in (-1, 1):
        if on_board(f + df, r) and board[sq(f + df, r)] == P:
            crossed = r >= 5 if by_red else r <= 4
            if crossed:
                res.append(sq(f + df, r))
    # advisors / elephants can never reach the enemy general, ignore.
    return res


def in_check(board, red):
    """Is colour `red`'s general attacked (flying general not counted)."""
    k = find_general(board, red)
    return bool(attackers(board, k, not red))


def make(board, mv):
    a, b = mv
    cap = board[b]
    board[b] = board[a]
    board[a] = "."
    return cap


def unmake(board, mv, cap):
    a, b = mv
    board[a] = board[b]
    board[b] = cap


def move_is_legal(board, red, mv):
    cap = make(board, mv)
    ok = not in_check(board, red) and not generals_facing(board)
    unmake(board, mv, cap)
    return ok


def legal_moves_py(board, red):
    return [mv for mv in pseudo_moves(board, red) if move_is_legal(board, red, mv)]


def has_legal_move(board, red):
    for mv in pseudo_moves(board, red):
        if move_is_legal(board, red, mv):
            return True
    return False


# ---------------------------------------------------------------------------
# Strict position validation (the crate's rules).
# ---------------------------------------------------------------------------

ADVISOR_PTS = {True: {sq(3, 0), sq(5, 0), sq(4, 1), sq(3, 2), sq(5, 2)},
               False: {sq(3, 9), sq(5, 9), sq(4, 8), sq(3, 7), sq(5, 7)}}
ELEPHANT_PTS = {True: {sq(2, 0), sq(6, 0), sq(0, 2), sq(4, 2), sq(8, 2), sq(2, 4), sq(6, 4)},
                False: {sq(2, 9), sq(6, 9), sq(0, 7), sq(4, 7), sq(8, 7), sq(2, 5), sq(6, 5)}}
MAX_COUNT = {"K": 1, "A": 2, "B": 2, "N": 2, "R": 2, "C": 2, "P": 5}


def soldier_ok(s, red):
    f, r = s % 9, s // 9
    if not red:
        r = 9 - r
    if r <= 2:
        return False
    if r <= 4:
        return f % 2 == 0
    return True


def allowed_squares(t, red):
    if t == "K":
        return [sq(f, r) for f in range(3, 6) for r in ((0, 1, 2) if red else (7, 8, 9))]
    if t == "A":
        return sorted(ADVISOR_PTS[red])
    if t == "B":
        return sorted(ELEPHANT_PTS[red])
    if t == "P":
        return [s for s in range(90) if soldier_ok(s, red)]
    return list(range(90))


ALLOWED_LIST = {(t, red): allowed_squares(t, red) for t in "KABNRCP" for red in (True, False)}
ALLOWED = {k: set(v) for k, v in ALLOWED_LIST.items()}


def validate(fen, use_pyffish=True):
    """Return a list of violations of the crate's strict validation (empty = ok)."""
    errs = []
    try:
        board, red_to_move = parse_fen(fen)
    except ValueError as e:
        return ["parse: %s" % e]
    counts = {}
    for s in range(90):
        p = board[s]
        if p == ".":
            continue
        counts[p] = counts.get(p, 0) + 1
        t, red = p.upper(), is_red(p)
        if s not in ALLOWED[(t, red)]:
            errs.append("%s on illegal square %s" % (p, sq_name(s)))
    for t, mx in MAX_COUNT.items():
        for p in (t, t.lower()):
            c = counts.get(p, 0)
            if c > mx:
                errs.append("too many %s (%d)" % (p, c))
    if counts.get("K", 0) != 1 or counts.get("k", 0) != 1:
        errs.append("need exactly one general per side")
        return errs
    if generals_facing(board):
        errs.append("generals facing")
    if in_check(board, not red_to_move):
        errs.append("side not to move in check (python)")
    if use_pyffish:
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
            errs.append("pyffish validate_fen failed")
        elif sf.gives_check(VARIANT, flip_side(fen), []):
            errs.append("side not to move in check (pyffish)")
    return errs


# ---------------------------------------------------------------------------
# pyffish helpers
# ---------------------------------------------------------------------------

MISMATCHES = []


def sf_legal(fen):
    return sf.legal_moves(VARIANT, fen, [])


def sf_check(fen):
    return bool(sf.gives_check(VARIANT, fen, []))


def cross_check(fen, sf_moves, where):
    board, red = parse_fen(fen)
    mine = sorted(move_iccs(m) for m in legal_moves_py(board, red))
    theirs = sorted(uci_to_iccs(m) for m in sf_moves)
    if mine != theirs:
        MISMATCHES.append("%s: %s py=%s sf=%s" % (where, fen,
                          sorted(set(mine) - set(theirs)), sorted(set(theirs) - set(mine))))


def material(board):
    return sum(1 for p in board if p != "." and p.upper() != "K")


def has_attackers(board):
    return any(p.upper() in "RNCP" for p in board if p != ".")


def between_generals(board):
    """Number of pieces between the generals if on the same file, else None."""
    a = find_general(board, True)
    b = find_general(board, False)
    if a % 9 != b % 9:
        return None
    return sum(1 for s in range(a + 9, b, 9) if board[s] != ".")


# ---------------------------------------------------------------------------
# Random games
# ---------------------------------------------------------------------------

def choose_move(rng, board, red, moves, mode):
    """moves: list of (from, to) legal moves.  Returns one of them."""
    if mode == "uniform":
        return rng.choice(moves)
    caps = [m for m in moves if board[m[1]] != "."]
    if mode == "capture":
        if caps and rng.random() < 0.85:
            return rng.choice(caps)
        return rng.choice(moves)
    # "mating": prefer moves that give check, then captures
    checks = []
    for m in moves:
        cap = make(board, m)
        if in_check(board, not red):
            checks.append(m)
        unmake(board, m, cap)
    if checks and rng.random() < 0.75:
        return rng.choice(checks)
    if caps and rng.random() < 0.7:
        return rng.choice(caps)
    return rng.choice(moves)


def run_games(rng, legal_out, mates_out, stales_out, stats):
    """Seeded random games from the start position.

    Moves are chosen from the Python generator (much faster than a pyffish
    call per ply); every sampled or terminal position is then checked against
    pyffish (legal move list, check flag, validation) before being written.
    """
    start = sf.start_fen(VARIANT)
    modes = ["uniform", "capture", "mating"]
    for g in range(N_GAMES):
        mode = modes[g % 3]
        board, red = parse_fen(start)
        history = []
        p_sample = rng.uniform(0.015, 0.05)
        for ply in range(MAX_PLIES):
            moves = legal_moves_py(board, red)
            stats["plies"] += 1
            if not moves:
                real = sf.get_fen(VARIANT, start, history)
                assert fen_key(real) == fen_key(make_fen(board, red)), real
                if sf_legal(real):
                    MISMATCHES.append("game %d: python has no move, pyffish does: %s" % (g, real))
                    break
                chk = sf_check(real)
                who = "red" if red else "black"
                src = "random game %d (%s) ply %d" % (g, mode, ply)
                if chk:
                    mates_out.setdefault(fen_key(real), (real, "%s; %s mated by %s; material %s" % (
                        src, who, checker_desc(board, red), pieces_desc(board))))
                else:
                    stales_out.setdefault(fen_key(real), (real, "%s; %s; %s to move; material %s" % (
                        classify_stalemate(board, red), src, who, pieces_desc(board))))
                stats["game_terminal"] = stats.get("game_terminal", 0) + 1
                break
            p = p_sample
            if in_check(board, red):
                p = 0.25
            if ply == 0:
                p = 1.0
            if rng.random() < p:
                real = sf.get_fen(VARIANT, start, history)
                assert fen_key(real) == fen_key(make_fen(board, red)), real
                legal_out.setdefault(fen_key(real), (real, "game"))
            mv = choose_move(rng, board, red, moves, mode)
            make(board, mv)
            history.append(move_uci(mv))
            red = not red
            if not has_attackers(board):
                break
        stats["games"] += 1


# ---------------------------------------------------------------------------
# Constructed positions
# ---------------------------------------------------------------------------

ALL_TYPES = "ABNRCP"


def random_placement(rng, side_red, n_own, n_opp, own_types=ALL_TYPES, opp_types=ALL_TYPES,
                     near=False):
    """Random placement of both generals plus n_own / n_opp other pieces, each
    on a square allowed by the strict validation (the result may still fail
    the facing-generals / not-to-move-in-check rules; callers filter)."""
    board = ["."] * 90
    board[rng.choice(ALLOWED_LIST[("K", True)])] = "K"
    board[rng.choice(ALLOWED_LIST[("K", False)])] = "k"
    counts = {}
    for n, red, types in ((n_own, side_red, own_types), (n_opp, not side_red, opp_types)):
        for _ in range(n):
            for _try in range(20):
                t = rng.choice(types)
                p = t if red else t.lower()
                if counts.get(p, 0) >= MAX_COUNT[t]:
                    continue
                cand = [s for s in ALLOWED_LIST[(t, red)] if board[s] == "."]
                if near and t in "RNCP":
                    # bias toward the half of the board of the side to move
                    half = [s for s in cand if (s // 9 <= 4) == side_red]
                    if half and rng.random() < 0.8:
                        cand = half
                if not cand:
                    continue
                board[rng.choice(cand)] = p
                counts[p] = counts.get(p, 0) + 1
                break
    return board


def quick_valid(board, red_to_move):
    if generals_facing(board):
        return False
    if in_check(board, not red_to_move):
        return False
    return True


def classify_stalemate(board, red):
    """Describe why a stalemated side's own pieces cannot move.

    Returns 'bare' or 'pinned' / 'blocked' / 'pinned blocked', followed by
    per-piece details ('N pinned (generals' file)', 'B blocked', ...).
    A piece is 'blocked' if it has no pseudo-legal move at all, 'pinned' if it
    has pseudo-legal moves that are all illegal.
    """
    own = [s for s in range(90) if board[s] != "." and is_red(board[s]) == red
           and board[s].upper() != "K"]
    if not own:
        return "bare"
    pinned = blocked = False
    details = []
    nb = between_generals(board)
    kf = find_general(board, red) % 9
    kb = sorted((find_general(board, True), find_general(board, False)))
    for s in own:
        out = []
        pseudo_moves_from(board, s, out)
        t = board[s].upper()
        if out:
            pinned = True
            if nb == 1 and s % 9 == kf and kb[0] < s < kb[1]:
                details.append("%s pinned (generals' file)" % t)
            else:
                details.append("%s pinned" % t)
        else:
            blocked = True
            details.append("%s blocked" % t)
    tags = []
    if pinned:
        tags.append("pinned")
    if blocked:
        tags.append("blocked")
    return " ".join(tags) + "; " + ", ".join(sorted(set(details)))


STALE_PATTERNS = (
    # (pattern, detail substring that counts for it, quota)
    ("filepin", "generals' file", 8),
    ("soldier", "P blocked", 5),
    ("elephant", "B blocked", 5),
    ("horse", "N blocked", 5),
    ("advisor", "A blocked", 4),
)


def pattern_placement(rng, side_red, pattern):
    """Placement steering toward a stalemate with pinned / blocked own pieces."""
    board = ["."] * 90
    counts = {}

    def own(t):
        return t if side_red else t.lower()

    def opp(t):
        return t.lower() if side_red else t

    def put(p, cands):
        t, red = p.upper(), is_red(p)
        cands = [x for x in cands if board[x] == "." and x in ALLOWED[(t, red)]]
        if not cands or counts.get(p, 0) >= MAX_COUNT[t]:
            return False
        board[rng.choice(cands)] = p
        counts[p] = counts.get(p, 0) + 1
        return True

    n_others = 0
    if pattern == "filepin":
        f = rng.choice((3, 4, 5))
        kr = rng.choice((0, 1, 2))
        kb = rng.choice((7, 8, 9))
        board[sq(f, kr)] = "K"
        board[sq(f, kb)] = "k"
        if not put(own(rng.choice("ABNRCP")), [sq(f, r) for r in range(kr + 1, kb)]):
            return None
        n_others = 1
    else:
        put("K", ALLOWED_LIST[("K", True)])
        put("k", ALLOWED_LIST[("K", False)])
        last = 9 if side_red else 0
        if pattern == "soldier" and rng.random() < 0.6:
            # soldier in the corner of the last rank, its only sideways step
            # taken by an own horse whose legs are blocked by enemy pieces
            inner = 8 if side_red else 1
            ef, af, cf = rng.choice(((0, 1, 2), (8, 7, 6)))
            board[sq(ef, last)] = own("P")
            board[sq(af, last)] = own("N")
            board[sq(cf, last)] = opp(rng.choice("BRNC"))
            board[sq(af, inner)] = opp(rng.choice("RNC"))
            counts = {own("P"): 1, own("N"): 1}
            for x in (sq(cf, last), sq(af, inner)):
                counts[board[x]] = counts.get(board[x], 0) + 1
            n_others = 4
        elif pattern == "soldier":
            for _ in range(rng.randint(1, 2)):
                n_others += put(own("P"), [sq(f, last) for f in range(9)] +
                                [sq(f, last - (1 if side_red else -1)) for f in range(9)])
        elif pattern == "elephant":
            for _ in range(rng.randint(1, 2)):
                n_others += put(own("B"), ALLOWED_LIST[("B", side_red)])
        elif pattern == "horse":
            for _ in range(rng.randint(1, 2)):
                n_others += put(own("N"), list(range(90)))
        elif pattern == "advisor":
            for _ in range(rng.randint(1, 2)):
                n_others += put(own("A"), ALLOWED_LIST[("A", side_red)])
        for _ in range(rng.randint(0, 2)):
            n_others += put(own(rng.choice("ABNPRC")), list(range(90)))
    half = [x for x in range(90) if (x // 9 <= 4) == side_red]
    for _ in range(rng.randint(1, max(1, 6 - n_others))):
        t = rng.choice("RRNNCCP")
        put(opp(t), half if rng.random() < 0.8 else list(range(90)))
    return board


def construct_stalemate_patterns(rng, stales, stats):
    have = {pat: 0 for pat, _, _ in STALE_PATTERNS}
    for fen, comment in stales.values():
        for pat, needle, _ in STALE_PATTERNS:
            if needle in comment:
                have[pat] += 1
    trials = 0
    while trials < 300000:
        todo = [pat for pat, _, q in STALE_PATTERNS if have[pat] < q]
        if not todo:
            break
        trials += 1
        pat = todo[trials % len(todo)]
        side_red = (trials // len(todo)) % 2 == 0
        board = pattern_placement(rng, side_red, pat)
        if board is None or not quick_valid(board, side_red):
            continue
        if in_check(board, side_red) or has_legal_move(board, side_red):
            continue
        cls = classify_stalemate(board, side_red)
        needle = dict((p, n) for p, n, _ in STALE_PATTERNS)[pat]
        if needle not in cls:
            continue
        fen = make_fen(board, side_red)
        key = fen_key(fen)
        if key in stales:
            continue
        if sf.get_fen(VARIANT, fen, []) != fen or validate(fen) or sf_legal(fen) or sf_check(fen):
            MISMATCHES.append("pattern stalemate rejected by pyffish: " + fen)
            continue
        for p2, n2, _ in STALE_PATTERNS:
            if n2 in cls:
                have[p2] += 1
        stales[key] = (fen, "%s; constructed (%s pattern); %s to move; material %s" % (
            cls, pat, "red" if side_red else "black", pieces_desc(board)))
    stats["pattern_trials"] = trials
    stats["pattern_counts"] = have


def checker_desc(board, red):
    k = find_general(board, red)
    att = attackers(board, k, not red)
    return "+".join(sorted(board[s].upper() for s in att))


def pieces_desc(board):
    return "".join(sorted((p for p in board if p != "." and p.upper() != "K"),
                          key=lambda p: ("KABNRCP".index(p.upper()), p.islower())))


def construct_terminal(rng, mates, stales, stats):
    """Random small-material placements filtered to have no legal move."""
    mate_sigs = {}
    stale_sigs = {}
    n_with_pieces = sum(1 for v in stales.values() if not v[1].startswith("bare"))
    trials = 0
    while trials < 400000:
        trials += 1
        need_m = len(mates) < TARGET_MATES
        need_s = len(stales) < TARGET_STALES
        need_sp = n_with_pieces < TARGET_STALES_WITH_PIECES
        if not (need_m or need_s or need_sp):
            break
        side_red = trials % 2 == 0
        kind = rng.random()
        if need_sp and (kind < 0.55 or not (need_m or need_s)):
            # stalemate-with-pieces hunting: a few own pieces, mostly
            # restricted types near the own general, plus attackers
            n_own = rng.randint(1, 3)
            n_opp = rng.randint(1, 6 - n_own) if n_own < 6 else 0
            board = random_placement(rng, side_red, n_own, n_opp,
                                     own_types=rng.choice(["ABP", "AB", "BNP", "ABNRCP", "P", "N"]),
                                     opp_types=rng.choice(["RNC", "RCP", "RRN", "NP", "RNCP"]),
                                     near=True)
        else:
            n_tot = rng.randint(1, 6)
            n_own = rng.randint(0, min(2, n_tot))
            board = random_placement(rng, side_red, n_own, n_tot - n_own,
                                     opp_types=rng.choice(["RNCP", "RNC", "RP", "NCP", "RRNNCCP"]),
                                     near=rng.random() < 0.7)
        if not quick_valid(board, side_red):
            continue
        if has_legal_move(board, side_red):
            continue
        fen = make_fen(board, side_red)
        key = fen_key(fen)
        if key in mates or key in stales:
            continue
        chk = in_check(board, side_red)
        who = "red" if side_red else "black"
        # decide with the Python generator first, confirm with pyffish after
        if chk:
            if not need_m:
                continue
            sig = (checker_desc(board, side_red), side_red)
            if mate_sigs.get(sig, 0) >= 12:
                continue
            cls = None
        else:
            cls = classify_stalemate(board, side_red)
            if cls == "bare":
                if not need_s:
                    continue
                sig = ("bare", side_red, pieces_desc(board))
                if stale_sigs.get(sig, 0) >= 3:
                    continue
            else:
                if not (need_sp or need_s):
                    continue
                sig = (cls, side_red, pieces_desc(board))
                if stale_sigs.get(sig, 0) >= 2:
                    continue
        if sf.get_fen(VARIANT, fen, []) != fen:
            MISMATCHES.append("get_fen normalisation differs: " + fen)
            continue
        errs = validate(fen)
        if errs:
            MISMATCHES.append("constructed position rejected by pyffish checks %s: %s" % (errs, fen))
            continue
        if sf_legal(fen):
            MISMATCHES.append("constructed: python found no move, pyffish does: " + fen)
            continue
        if sf_check(fen) != chk:
            MISMATCHES.append("check flag mismatch: " + fen)
            continue
        if chk:
            mate_sigs[sig] = mate_sigs.get(sig, 0) + 1
            mates[key] = (fen, "constructed; %s mated by %s; material %s" % (
                who, checker_desc(board, side_red), pieces_desc(board)))
        else:
            if cls != "bare":
                n_with_pieces += 1
            stale_sigs[sig] = stale_sigs.get(sig, 0) + 1
            stales[key] = (fen, "%s; constructed; %s to move; material %s" % (
                cls, who, pieces_desc(board)))
    stats["construct_trials"] = trials


def construct_file_pins(rng, legal_out, count):
    """Positions with both generals on one file and 1-2 pieces between them."""
    added = 0
    trials = 0
    while added < count and trials < 200000:
        trials += 1
        board = ["."] * 90
        f = rng.choice((3, 4, 5))
        kr = rng.choice((0, 1, 2))
        kb = rng.choice((7, 8, 9))
        board[sq(f, kr)] = "K"
        board[sq(f, kb)] = "k"
        counts = {}
        n_between = rng.choice((1, 1, 1, 2))
        between = [sq(f, r) for r in range(kr + 1, kb)]
        ok = True
        for _ in range(n_between):
            red = rng.random() < 0.5
            t = rng.choice("ABNRCP")
            p = t if red else t.lower()
            cand = [s for s in between if board[s] == "." and s in ALLOWED[(t, red)]]
            if not cand or counts.get(p, 0) >= MAX_COUNT[t]:
                ok = False
                break
            board[rng.choice(cand)] = p
            counts[p] = counts.get(p, 0) + 1
        if not ok:
            continue
        side_red = rng.random() < 0.5
        n_other = rng.randint(0, 8)
        for _ in range(n_other):
            red = rng.random() < 0.5
            t = rng.choice("ABNRCP")
            p = t if red else t.lower()
            if counts.get(p, 0) >= MAX_COUNT[t]:
                continue
            cand = [s for s in allowed_squares(t, red) if board[s] == "." and s % 9 != f]
            if cand:
                board[rng.choice(cand)] = p
                counts[p] = counts.get(p, 0) + 1
        if between_generals(board) not in (1, 2):
            continue
        if not quick_valid(board, side_red):
            continue
        fen = sf.get_fen(VARIANT, make_fen(board, side_red), [])
        key = fen_key(fen)
        if key in legal_out:
            continue
        if validate(fen):
            continue
        if not sf_legal(fen):
            continue
        legal_out[key] = (fen, "file pin")
        added += 1
    return added


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

def header(kind):
    return [
        "# %s for the xiangqi crate" % kind,
        "# generated by tests/scripts/gen_movegen_data.py (pyffish / Fairy-Stockfish %s)" % (
            ".".join(str(x) for x in sf.version())),
        "# seed %d; moves in ICCS (files a-i, ranks 0-9, Red at rank 0)" % SEED,
    ]


def legal_line(fen):
    moves = sf_legal(fen)
    assert moves, fen
    cross_check(fen, moves, "output")
    chk = sf_check(fen)
    board, red = parse_fen(fen)
    if chk != in_check(board, red):
        MISMATCHES.append("check flag mismatch: " + fen)
    iccs = sorted(uci_to_iccs(m) for m in moves)
    assert len(set(iccs)) == len(iccs), fen
    return "%s|%d|%s" % (fen, 1 if chk else 0, " ".join(iccs)), chk


def main():
    rng = random.Random(SEED)
    stats = {"plies": 0, "games": 0}
    legal, mates, stales = {}, {}, {}

    t0 = time.time()
    run_games(rng, legal, mates, stales, stats)
    t1 = time.time()
    n_pin = construct_file_pins(rng, legal, N_FILE_PIN_CONSTRUCTED)
    t2 = time.time()
    construct_terminal(rng, mates, stales, stats)
    t3 = time.time()
    construct_stalemate_patterns(rng, stales, stats)
    t4 = time.time()
    print("timing: games %.1fs, file pins %.1fs, terminal search %.1fs, stalemate patterns %.1fs"
          % (t1 - t0, t2 - t1, t3 - t2, t4 - t3))
    print("stalemate pattern trials %d, counts %s" % (stats["pattern_trials"], stats["pattern_counts"]))

    os.makedirs(DATA_DIR, exist_ok=True)

    # legal_moves.txt
    lines = []
    n_check = 0
    n_same_file = 0
    n_single_between = 0
    phase = {"opening (>=26 pieces)": 0, "middlegame (13-25)": 0, "endgame (<=12)": 0}
    for src in ("game", "file pin"):
        for key, (fen, s) in legal.items():
            if s != src:
                continue
            errs = validate(fen)
            assert not errs, (fen, errs)
            line, chk = legal_line(fen)
            n_check += chk
            board, _ = parse_fen(fen)
            b = between_generals(board)
            if b is not None and b > 0:
                n_same_file += 1
                if b == 1:
                    n_single_between += 1
            n = sum(1 for p in board if p != ".")
            if n >= 26:
                phase["opening (>=26 pieces)"] += 1
            elif n >= 13:
                phase["middlegame (13-25)"] += 1
            else:
                phase["endgame (<=12)"] += 1
            lines.append(line)
    n_games_pos = sum(1 for v in legal.values() if v[1] == "game")
    with open(os.path.join(DATA_DIR, "legal_moves.txt"), "w") as fh:
        for h in header("Legal move lists"):
            fh.write(h + "\n")
        fh.write("# format: <fen>|<1 if side to move is in check else 0>|<all legal moves, sorted>\n")
        fh.write("# %d positions: %d sampled from %d seeded random games, %d constructed with "
                 "both generals on one file and 1-2 pieces between\n" % (
                     len(lines), n_games_pos, stats["games"], n_pin))
        fh.write("# in check: %d; generals on same file with pieces between: %d (exactly one between: %d)\n"
                 % (n_check, n_same_file, n_single_between))
        fh.write("# piece counts: %s\n" % ", ".join("%s %d" % kv for kv in phase.items()))
        for line in lines:
            fh.write(line + "\n")

    def write_terminal(name, kind, items, want_check):
        out = []
        for key, (fen, comment) in items.items():
            errs = validate(fen)
            assert not errs, (fen, errs)
            assert sf_legal(fen) == [], fen
            assert sf_check(fen) == want_check, fen
            out.append("%s|%s" % (fen, comment))
        with open(os.path.join(DATA_DIR, name), "w") as fh:
            for h in header(kind):
                fh.write(h + "\n")
            fh.write("# format: <fen>|<comment>; side to move has no legal move and is %s\n"
                     % ("in check" if want_check else "NOT in check"))
            fh.write("# %d positions (%d from random games, %d constructed); comment starts with "
                     "%s\n" % (len(out), sum(1 for v in items.values() if "random game" in v[1]),
                                sum(1 for v in items.values() if "random game" not in v[1]),
                                "the source and the checking piece types" if want_check else
                                "bare (only the general left) or pinned/blocked (own pieces "
                                "that cannot move)"))
            for line in out:
                fh.write(line + "\n")
        return len(out)

    nm = write_terminal("checkmates.txt", "Checkmate positions", mates, True)
    ns = write_terminal("stalemates.txt", "Stalemate positions (no legal move, not in check)",
                        stales, False)
    n_sp = sum(1 for v in stales.values() if not v[1].startswith("bare"))

    print("plies played: %d in %d games" % (stats["plies"], stats["games"]))
    print("legal_moves.txt: %d positions (%d in check, %d same-file with pieces between, "
          "%d with exactly one between), %s" % (len(lines), n_check, n_same_file,
                                                 n_single_between, phase))
    print("checkmates.txt: %d (from games: %d)" % (
        nm, sum(1 for v in mates.values() if v[1].startswith("random game"))))
    print("stalemates.txt: %d (with own pieces pinned/blocked: %d, from games: %d)" % (
        ns, n_sp, sum(1 for v in stales.values() if "random game" in v[1])))
    print("construct trials: %d" % stats.get("construct_trials", 0))
    print("python/pyffish mismatches: %d" % len(MISMATCHES))
    for m in MISMATCHES[:20]:
        print("  " + m)
    if MISMATCHES:
        print("ERROR: python generator and pyffish disagree (see above)", file=sys.stderr)
        return 1
    ok = (len(lines) >= MIN_LEGAL and n_check >= MIN_IN_CHECK and nm >= MIN_MATES
          and ns >= MIN_STALES and n_sp >= 20)
    if not ok:
        print("ERROR: minimum counts not met", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
