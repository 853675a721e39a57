#!/usr/bin/env python3
"""Generate tests/suite/tests/data/wxf.txt: WXF reference notation for every legal move of
a set of xiangqi positions, computed by Fairy-Stockfish's Python binding
(pyffish, variant "xiangqi", sf.get_san(..., sf.NOTATION_XIANGQI_WXF)).

Usage:  python3 tests/scripts/gen_wxf_data.py      (deterministic; ~1-3 minutes, dominated by pyffish call overhead)

Output format (one position per line, '#' lines are comments):

    <fen>|<iccs>=<wxf> <iccs>=<wxf> ...

Moves are ALL legal moves of the position, sorted by ICCS string.  ICCS uses
files a-i and ranks 0-9 (pyffish uses ranks 1-10; ICCS rank = pyffish rank - 1).
WXF strings themselves contain '=' (sideways moves), so split every token at
its FIRST '='.  FENs are exactly what pyffish uses ("<board> w - - 0 1" style).

Positions:
  * 450 from seeded random games from the start position (uniformly random
    legal moves, game lengths 4..240 plies; 3 positions at random plies of
    each game).
  * ~190 constructed positions stressing the hard cases (tandem pieces of both
    colours, 3/4/5 soldiers on one file, two or more files with tandem
    soldiers, advisors/elephants on one file, the general, pieces far apart on
    one file, several tandems at once).
Every position is checked: one general per side inside its palace, generals
not facing on an open file, side not to move not in check, piece counts
(<=2 A/E/H/R/C, <=5 P per side), advisors/elephants/soldiers only on their
legal points (plus: at most one un-crossed soldier per file), >=1 legal move,
pyffish validate_fen == FEN_OK and get_fen round-trips the FEN; no duplicates.

WXF DIALECT OF PYFFISH (Fairy-Stockfish src/apiutil.h, SAN::move_to_san)
-----------------------------------------------------------------------
Move = <piece><origin><direction><destination>, no check/capture suffix.
  * Piece letters: K A E H R C P (general, advisor, elephant, horse, chariot,
    cannon, soldier) -- FEN letters k a b n r c p.
  * Files: Red counts 1..9 from Red's right (ICCS file i=1 ... a=9); Black
    counts 1..9 from BLACK's right, i.e. ICCS file a=1 ... i=9.
  * Direction: '+' forward, '-' backward, '=' sideways (never '.').
    Destination: for moves along a file, the number of ranks moved; otherwise
    the destination file.  (Horse/elephant/advisor therefore always give a file.)
  * Two pieces of one type on one file (and not the multi-file soldier case
    below): the origin FILE DIGIT is replaced by '+' (front piece, i.e. the
    one nearer the enemy side) or '-' (rear), AFTER the letter: "R+=6",
    "C-+1", "H++7", "P+=4" -- the `C+.5` style, not `+C.5`.
    Exception (geometric test, not a legality test): the marker is used only
    if the OTHER piece of the pair, shifted by the same vector, would land on
    the board and inside the type's mobility region (advisor: palace,
    elephant: own half, others: whole board).  Otherwise the plain file digit
    is kept: chariots on i0/i9, i9->i1 is "R1-8"; horses on i1/i8, i1->h3 is
    "H1+2".  In legal positions advisors and elephants on one file therefore
    ALWAYS use the file digit ("A6+5", "A6-5", "E7+5", "E7-5").
  * Soldiers: let multi = (two or more files hold >= 2 own soldiers each).
    If a soldier's file holds >= 3 own soldiers, or multi and its file holds
    >= 2, the LETTER is replaced by its index on the file counted from the
    front (1 = most advanced) and the origin file digit is kept: "15+1",
    "25=4", "35=6" (three on file 5), "17=6" and "27=6" (multi, file 7).
    Soldiers alone on their file stay "P3+1".  With exactly 2 on one file and
    no multi: "P+" / "P-" as for other pieces ("P++1", "P-=6").
  * The general never needs disambiguation: "K5+1", "K6=5".
Concrete examples taken from the generated data are written into the header
of wxf.txt.
"""

import os
import random
import re
import sys

import pyffish as sf

from board_model import placement

VARIANT = "xiangqi"
SEED = 20240607
N_RANDOM = 450
POS_PER_GAME = 3
NOTATION = sf.NOTATION_XIANGQI_WXF
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "suite", "tests", "data", "wxf.txt")

# ---------------------------------------------------------------- board utils
# board[rank][file], rank 0..9 (ICCS), file 0..8 (a..i); '.' = empty.
FILES = "abcdefghi"
RED_ADVISOR = {(0, 3), (0, 5), (1, 4), (2, 3), (2, 5)}
RED_ELEPHANT = {(0, 2), (0, 6), (2, 0), (2, 4), (2, 8), (4, 2), (4, 6)}
RED_PALACE = {(r, f) for r in range(3) for f in range(3, 6)}


def mirror(points):
    return {(9 - r, f) for (r, f) in points}


ADVISOR = {"w": RED_ADVISOR, "b": mirror(RED_ADVISOR)}
ELEPHANT = {"w": RED_ELEPHANT, "b": mirror(RED_ELEPHANT)}
PALACE = {"w": RED_PALACE, "b": mirror(RED_PALACE)}
MAX_COUNT = {"a": 2, "b": 2, "n": 2, "r": 2, "c": 2, "p": 5, "k": 1}


def color_of(pc):
    return "w" if pc.isupper() else "b"


def soldier_ok(color, r, f):
    rr = r if color == "w" else 9 - r  # rank relative to own side
    return rr >= 5 or (rr in (3, 4) and f % 2 == 0)


def crossed(color, r):
    return (r >= 5) if color == "w" else (r <= 4)


def board_from_fen(fen):
    rows = fen.split()[0].split("/")
    assert len(rows) == 10, fen
    board = []
    for row in rows:
        cells = []
        for ch in re.findall(r"\d+|.", row):
            if ch.isdigit():
                cells.extend("." * int(ch))
            else:
                cells.append(ch)
        assert len(cells) == 9, fen
        board.append(cells)
    board.reverse()  # board[0] = rank 0
    return board


def fen_from_board(board, side):
    return placement(lambda f, r: None if board[r][f] == "." else board[r][f]) + " %s - - 0 1" % side


def flip_side(fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def to_iccs(move):
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    assert m, move
    return "%s%d%s%d" % (m.group(1), int(m.group(2)) - 1, m.group(3), int(m.group(4)) - 1)


def legal_moves(fen):
    return sorted(sf.legal_moves(VARIANT, fen, []))


def validate(fen):
    """Return None if fen is a legal position by our rules, else a reason."""
    parts = fen.split()
    side = parts[1]
    board = board_from_fen(fen)
    counts = {}
    kings = {}
    uncrossed_files = {"w": set(), "b": set()}
    for r in range(10):
        for f in range(9):
            pc = board[r][f]
            if pc == ".":
                continue
            c, t = color_of(pc), pc.lower()
            if t not in MAX_COUNT:
                return "bad piece %s" % pc
            counts[(c, t)] = counts.get((c, t), 0) + 1
            if counts[(c, t)] > MAX_COUNT[t]:
                return "too many %s" % pc
            if t == "k":
                if (r, f) not in PALACE[c]:
                    return "general outside palace"
                kings[c] = (r, f)
            elif t == "a" and (r, f) not in ADVISOR[c]:
                return "advisor off point"
            elif t == "b" and (r, f) not in ELEPHANT[c]:
                return "elephant off point"
            elif t == "p":
                if not soldier_ok(c, r, f):
                    return "soldier off point"
                if not crossed(c, r):
                    if f in uncrossed_files[c]:
                        return "two uncrossed soldiers on a file"
                    uncrossed_files[c].add(f)
    if len(kings) != 2:
        return "missing general"
    (rw, fw), (rb, fb) = kings["w"], kings["b"]
    if fw == fb and all(board[r][fw] == "." for r in range(rw + 1, rb)):
        return "generals facing"
    if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
        return "pyffish validate_fen"
    if sf.get_fen(VARIANT, fen, []) != fen:
        return "fen does not round-trip"
    if sf.gives_check(VARIANT, flip_side(fen), []):
        return "side not to move in check"
    if not sf.legal_moves(VARIANT, fen, []):
        return "no legal moves"
    return None


def wxf_line(fen):
    pairs = []
    for m in legal_moves(fen):
        pairs.append((to_iccs(m), sf.get_san(VARIANT, fen, m, False, NOTATION)))
    pairs.sort()
    return pairs


# --------------------------------------------------------- random game part
def random_positions(rng, n, seen):
    """Play uniformly random games from the start position and take up to
    POS_PER_GAME positions at distinct random plies of each game."""
    start = sf.start_fen(VARIANT)
    out = []
    game = 0
    while len(out) < n:
        game += 1
        # varied lengths: short, middlegame and long games
        kind = rng.random()
        if kind < 0.25:
            length = rng.randint(4, 40)
        elif kind < 0.65:
            length = rng.randint(41, 120)
        else:
            length = rng.randint(121, 240)
        wanted = set(rng.sample(range(length + 1), POS_PER_GAME))
        moves = []
        for ply in range(length + 1):
            legal = sorted(sf.legal_moves(VARIANT, start, moves))
            if not legal:
                break  # mate/stalemate: the final position has no moves
            if ply in wanted and len(out) < n:
                fen = sf.get_fen(VARIANT, start, moves)
                if fen not in seen:
                    reason = validate(fen)
                    if reason:  # cannot happen for positions reached by play
                        raise SystemExit("random game gave invalid position %s: %s" % (fen, reason))
                    seen.add(fen)
                    out.append(fen)
            if ply == length:
                break
            moves.append(rng.choice(legal))
    return out, game


# ------------------------------------------------------ constructed part
class Builder:
    def __init__(self, rng, side):
        self.rng = rng
        self.side = side  # side to move == colour owning the feature pieces
        self.board = [["."] * 9 for _ in range(10)]

    def pc(self, t, color):
        return t.upper() if color == "w" else t

    def count(self, color, t):
        p = self.pc(t, color)
        return sum(row.count(p) for row in self.board)

    def empty(self, r, f):
        return self.board[r][f] == "."

    def put(self, t, color, r, f):
        assert self.empty(r, f)
        self.board[r][f] = self.pc(t, color)

    def soldier_files(self, color):
        p = self.pc("p", color)
        return {f for r in range(10) for f in range(9) if self.board[r][f] == p}

    def uncrossed_ok(self, color, r, f):
        if crossed(color, r):
            return True
        p = self.pc("p", color)
        return not any(self.board[rr][f] == p and not crossed(color, rr) for rr in range(10))

    def squares_for(self, t, color, avoid_soldier_files=False):
        if t == "k":
            cand = PALACE[color]
        elif t == "a":
            cand = ADVISOR[color]
        elif t == "b":
            cand = ELEPHANT[color]
        elif t == "p":
            bad = self.soldier_files(color) if avoid_soldier_files else set()
            cand = {(r, f) for r in range(10) for f in range(9)
                    if soldier_ok(color, r, f) and f not in bad and self.uncrossed_ok(color, r, f)}
        else:
            cand = {(r, f) for r in range(10) for f in range(9)}
        return sorted(sq for sq in cand if self.empty(*sq))

    def place_random(self, t, color, avoid_soldier_files=False):
        if self.count(color, t) >= MAX_COUNT[t]:
            return False
        sqs = self.squares_for(t, color, avoid_soldier_files)
        if not sqs:
            return False
        self.put(t, color, *self.rng.choice(sqs))
        return True

    def kings(self, red_sq=None, black_sq=None):
        for color, sq in (("w", red_sq), ("b", black_sq)):
            if sq is None:
                sq = self.rng.choice(self.squares_for("k", color))
            self.put("k", color, *sq)

    def fill(self, lo=0, hi=8, types="rncabp", protect_soldier_files=(), weights=None):
        """Add a random number of random pieces for both colours."""
        for color in ("w", "b"):
            n = self.rng.randint(lo, hi)
            for _ in range(n):
                t = self.rng.choice(types)
                self.place_random(t, color, avoid_soldier_files=(t == "p" and color in protect_soldier_files))

    def fen(self):
        return fen_from_board(self.board, self.side)


def file_points(color, t, f, k):
    """k distinct legal ranks for k pieces of type t on file f, sorted."""
    if t == "p":
        ranks = [r for r in range(10) if soldier_ok(color, r, f)]
    else:
        ranks = list(range(10))
    return ranks


def pick_file_ranks(rng, b, color, t, f, k):
    ranks = [r for r in file_points(color, t, f, k) if b.empty(r, f)]
    if t == "p":
        # at most one uncrossed soldier on the file
        crossed_r = [r for r in ranks if crossed(color, r)]
        unc = [r for r in ranks if not crossed(color, r)]
        if len(crossed_r) < k and not unc:
            return None
        for _ in range(50):
            use_unc = unc and rng.random() < 0.3
            need = k - 1 if use_unc else k
            if need > len(crossed_r):
                continue
            chosen = rng.sample(crossed_r, need) + ([rng.choice(unc)] if use_unc else [])
            return sorted(chosen)
        return None
    if len(ranks) < k:
        return None
    return sorted(rng.sample(ranks, k))


def moving_from(fen):
    return {to_iccs(m)[:2] for m in sf.legal_moves(VARIANT, fen, [])}


def sqname(r, f):
    return "%s%d" % (FILES[f], r)


def make_tandem(rng, side, t, edge=False):
    b = Builder(rng, side)
    b.kings()
    f = rng.randrange(9)
    if edge:
        if t == "n":
            ranks = [rng.choice([0, 1]), rng.choice([8, 9])]
        else:
            ranks = [rng.choice([0, 1, 2]), rng.choice([7, 8, 9])]
        if not all(b.empty(r, f) for r in ranks):
            return None, []
    else:
        ranks = pick_file_ranks(rng, b, side, t, f, 2)
        if ranks is None:
            return None, []
    for r in ranks:
        b.put(t, side, r, f)
    b.fill(0, 7 if not edge else 4, protect_soldier_files=(side,) if t == "p" else ())
    return b.fen(), [sqname(r, f) for r in ranks]


def make_soldier_file(rng, side, k):
    b = Builder(rng, side)
    b.kings()
    f = rng.randrange(9)
    ranks = pick_file_ranks(rng, b, side, "p", f, k)
    if ranks is None:
        return None, []
    for r in ranks:
        b.put("p", side, r, f)
    b.fill(0, 7, types="rncabp", protect_soldier_files=(side,))
    return b.fen(), [sqname(r, f) for r in ranks]


def make_multi_soldiers(rng, side):
    b = Builder(rng, side)
    b.kings()
    layout = rng.choice([(2, 2), (2, 2), (2, 3), (3, 2), (2, 2, 1), (2, 2, 1), (2, 1, 1), (4, 1)])
    files = rng.sample(range(9), len(layout))
    feature = []
    for f, k in zip(files, layout):
        ranks = pick_file_ranks(rng, b, side, "p", f, k)
        if ranks is None:
            return None, []
        for r in ranks:
            b.put("p", side, r, f)
            feature.append(sqname(r, f))
    b.fill(0, 7, types="rncab")
    return b.fen(), feature


def make_palace_pair(rng, side, t):
    b = Builder(rng, side)
    if t == "a":
        f = rng.choice([3, 5])
        ranks = [0, 2]
    else:
        f = rng.choice([2, 6])
        ranks = [0, 4]
    if side == "b":
        ranks = [9 - r for r in ranks]
    for r in ranks:
        b.put(t, side, r, f)
    # general: sometimes on the same file as the pair
    if rng.random() < 0.5:
        own = sorted(sq for sq in PALACE[side] if sq[1] == f and b.empty(*sq)) if t == "a" else []
        own = own or b.squares_for("k", side)
        b.put("k", side, *rng.choice(own))
    else:
        b.put("k", side, *rng.choice(b.squares_for("k", side)))
    other = "b" if side == "w" else "w"
    b.put("k", other, *rng.choice(b.squares_for("k", other)))
    b.fill(0, 6)
    return b.fen(), [sqname(r, f) for r in ranks]


def make_general(rng, side):
    b = Builder(rng, side)
    b.kings()
    b.fill(0, 5)
    k = "K" if side == "w" else "k"
    sq = [sqname(r, f) for r in range(10) for f in range(9) if b.board[r][f] == k]
    return b.fen(), sq


def make_mixed(rng, side):
    b = Builder(rng, side)
    b.kings()
    types = rng.sample(["r", "n", "c", "p"], rng.randint(2, 4))
    files = rng.sample(range(9), len(types))
    feature = []
    for t, f in zip(types, files):
        ranks = pick_file_ranks(rng, b, side, t, f, 2)
        if ranks is None:
            return None, []
        for r in ranks:
            b.put(t, side, r, f)
            feature.append(sqname(r, f))
    b.fill(0, 4, types="rncab")
    return b.fen(), feature


CATEGORIES = [
    # name, count (split between Red and Black to move), maker
    ("tandem chariots", 16, lambda rng, s: make_tandem(rng, s, "r")),
    ("tandem horses", 16, lambda rng, s: make_tandem(rng, s, "n")),
    ("tandem cannons", 16, lambda rng, s: make_tandem(rng, s, "c")),
    ("tandem soldiers", 16, lambda rng, s: make_tandem(rng, s, "p")),
    ("far-apart chariots", 6, lambda rng, s: make_tandem(rng, s, "r", edge=True)),
    ("far-apart horses", 8, lambda rng, s: make_tandem(rng, s, "n", edge=True)),
    ("far-apart cannons", 6, lambda rng, s: make_tandem(rng, s, "c", edge=True)),
    ("3 soldiers on a file", 14, lambda rng, s: make_soldier_file(rng, s, 3)),
    ("4 soldiers on a file", 12, lambda rng, s: make_soldier_file(rng, s, 4)),
    ("5 soldiers on a file", 10, lambda rng, s: make_soldier_file(rng, s, 5)),
    ("soldiers on several files", 20, make_multi_soldiers),
    ("advisors on a file", 12, lambda rng, s: make_palace_pair(rng, s, "a")),
    ("elephants on a file", 12, lambda rng, s: make_palace_pair(rng, s, "b")),
    ("general", 12, make_general),
    ("several tandems", 14, make_mixed),
]


def constructed_positions(rng, seen):
    out = []
    stats = []
    for name, count, maker in CATEGORIES:
        made = 0
        attempts = 0
        while made < count:
            attempts += 1
            if attempts > 20000:
                raise SystemExit("could not build enough positions for %s" % name)
            side = "w" if made % 2 == 0 else "b"
            fen, feature = maker(rng, side)
            if fen is None or fen in seen:
                continue
            if validate(fen):
                continue
            # every feature piece must have at least one legal move
            movers = moving_from(fen)
            if not all(sq in movers for sq in feature):
                continue
            seen.add(fen)
            out.append(fen)
            made += 1
        stats.append((name, count))
    return out, stats


# ------------------------------------------------- dialect examples
def tandem_info(board, color, r, f):
    """(number of same-type own pieces on file, multi-tandem flag) for piece at r,f."""
    pc = board[r][f]
    on_file = sum(1 for rr in range(10) if board[rr][f] == pc)
    tandem_files = sum(1 for ff in range(9) if sum(1 for rr in range(10) if board[rr][ff] == pc) >= 2)
    return on_file, tandem_files >= 2


def collect_examples(lines):
    ex = {}

    def add(key, fen, iccs, wxf, limit=3):
        lst = ex.setdefault(key, [])
        if len(lst) < limit and all(e[0] != fen for e in lst):
            lst.append((fen, iccs, wxf))

    for fen, pairs in lines:
        board = board_from_fen(fen)
        side = fen.split()[1]
        col = "Red" if side == "w" else "Black"
        for iccs, wxf in pairs:
            f, r = FILES.index(iccs[0]), int(iccs[1])
            t = board[r][f].lower()
            n, multi = tandem_info(board, side, r, f)
            if t in "rnc" and n == 2:
                if wxf[1] in "+-":
                    add("tandem %s marker (%s)" % (t.upper(), col), fen, iccs, wxf, 2)
                else:
                    add("tandem R/H/C keeps file digit (other piece would leave board)", fen, iccs, wxf)
            if t == "p" and n == 2 and not multi:
                add("two soldiers on one file (%s)" % col, fen, iccs, wxf, 2)
            if t == "p" and n >= 3 and not multi:
                add("%d soldiers on one file (%s)" % (n, col), fen, iccs, wxf, 2)
            if t == "p" and multi:
                if n >= 2:
                    add("several files with >=2 soldiers: tandem soldier (%s)" % col, fen, iccs, wxf, 2)
                else:
                    add("several files with >=2 soldiers: lone soldier", fen, iccs, wxf, 2)
            if t in "ab" and n == 2:
                add("advisors/elephants on one file (%s)" % col, fen, iccs, wxf, 2)
            if t == "k":
                add("general (%s)" % col, fen, iccs, wxf, 2)
            if wxf[2:3] == "=" or wxf[1:2] == "=":
                if t in "rc" and n == 1:
                    add("sideways move (%s)" % col, fen, iccs, wxf, 2)
            if side == "b" and t in "rc" and n == 1 and iccs[1] == iccs[3] and iccs[0] in "ab":
                add("Black file numbers from Black's right (a=1)", fen, iccs, wxf, 3)
    return ex


# ----------------------------------------------------------------- main
def main():
    seen = set()
    rng_games = random.Random(SEED)
    rng_build = random.Random(SEED + 1)
    rand_fens, games = random_positions(rng_games, N_RANDOM, seen)
    built_fens, stats = constructed_positions(rng_build, seen)
    fens = rand_fens + built_fens
    assert len(set(fens)) == len(fens)

    lines = [(fen, wxf_line(fen)) for fen in fens]
    n_moves = sum(len(p) for _, p in lines)
    examples = collect_examples(lines)

    head = [
        "# WXF notation reference data for the xiangqi crate.",
        "# Generator: tests/scripts/gen_wxf_data.py (Fairy-Stockfish pyffish, variant 'xiangqi',",
        "#   sf.get_san(variant, fen, move, False, sf.NOTATION_XIANGQI_WXF)).",
        "# pyffish sf.version() = %s" % (sf.version(),),
        "# seed = %d (random.Random(seed) for the random games, random.Random(seed+1) for constructed positions)" % SEED,
        "# positions: %d total = %d from random games (%d games, up to %d positions each) + %d constructed; %d moves"
        % (len(fens), len(rand_fens), games, POS_PER_GAME, len(built_fens), n_moves),
        "# constructed: " + ", ".join("%s %d" % s for s in stats),
        "#",
        "# Format: <fen>|<iccs>=<wxf> <iccs>=<wxf> ...   (ALL legal moves, sorted by ICCS)",
        "# ICCS ranks 0..9 (= pyffish rank - 1). WXF strings may contain '=', split tokens at the FIRST '='.",
        "#",
        "# Dialect (see the docstring of tests/scripts/gen_wxf_data.py for the full rules):",
        "# - letters K A E H R C P; no check/capture marks; '+' forward, '-' back, '=' sideways (never '.').",
        "# - Red files 1..9 from Red's right (i=1..a=9); Black files 1..9 from Black's right (a=1..i=9).",
        "# - 2 same pieces on a file: letter then '+' (front) / '-' (rear) in place of the file digit:",
        "#   'R+=6', 'C-+1' (C+.5 style, not +C.5) -- but only if the other piece, moved by the same vector,",
        "#   would stay on the board and in its region (advisor: palace, elephant: own half); else file digit.",
        "#   Hence tandem advisors/elephants always show their file digit.",
        "# - soldiers: if >=3 on the file, or >=2 on the file while >=2 files have >=2 soldiers, the letter",
        "#   is replaced by the index from the front (1 = most advanced) and the file digit kept: '25=4'.",
        "# - general: 'K5+1', 'K6=5'.",
        "#",
        "# Examples from this file (fen | iccs = wxf):",
    ]
    for key in sorted(examples):
        head.append("# * " + key + ":")
        for fen, iccs, wxf in examples[key]:
            head.append("#     %s | %s = %s" % (fen, iccs, wxf))
    body = ["%s|%s" % (fen, " ".join("%s=%s" % p for p in pairs)) for fen, pairs in lines]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as fh:
        fh.write("\n".join(head + body) + "\n")
    print("wrote %s: %d positions (%d random, %d constructed), %d moves"
          % (os.path.normpath(OUT), len(fens), len(rand_fens), len(built_fens), n_moves))


if __name__ == "__main__":
    sys.exit(main())
