"""A small xiangqi board model shared by the reference-data generators.

`tests/scripts/gen_verdicts.py` uses it to validate the FENs of its hand-made cases and
`tests/scripts/gen_oracle_verdicts.py` to steer its random games; `placement` writes the
boards of all the generators (gen_movegen_data.py and gen_wxf_data.py too) back as FEN. Neither trusts it for
legality: that always comes from pyffish (and Pikafish's judge), and every verdict
in the generated files comes from an engine, never from this model.

A board is a dict from `(file, rank)` (files 0..8 from Red's left, ranks 0..9 from
Red's back rank, as in ICCS) to the FEN letter of the piece there (uppercase Red).
"""


def parse_board(fen):
    """The board of a FEN's first field (rows from rank 9 down to 0)."""
    rows = fen.split()[0].split("/")
    assert len(rows) == 10, fen
    board = {}
    for i, row in enumerate(rows):
        rank, f = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, rank)] = ch
                f += 1
        assert f == 9, fen
    return board


def placement(piece_at):
    """A FEN's first field (rows from rank 9 down to 0), from `piece_at(file, rank)`:
    the FEN letter of the piece on that point, or None where it is empty."""
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            p = piece_at(f, r)
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def on(f, r):
    """Whether (f, r) is on the board."""
    return 0 <= f < 9 and 0 <= r < 10


def reach(board, s):
    """Squares the piece on s could capture on, whoever stands there (pins and
    the flying general ignored; for the rook and cannon, only occupied squares)."""
    p = board[s]
    t, (f, r), red = p.lower(), s, p.isupper()
    out = []
    if t in "rc":
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y, screen = f + df, r + dr, False
            while on(x, y):
                if (x, y) in board:
                    if t == "r" or screen:
                        out.append((x, y))
                        break
                    screen = True
                x, y = x + df, y + dr
    elif t == "n":
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            leg = (f + (df // 2 if abs(df) == 2 else 0), r + (dr // 2 if abs(dr) == 2 else 0))
            if on(f + df, r + dr) and leg not in board:
                out.append((f + df, r + dr))
    elif t == "b":
        for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
            x, y = f + df, r + dr
            if on(x, y) and (f + df // 2, r + dr // 2) not in board and (y <= 4 if red else y >= 5):
                out.append((x, y))
    elif t in "ak":
        steps = ((1, 1), (1, -1), (-1, 1), (-1, -1)) if t == "a" else ((1, 0), (-1, 0), (0, 1), (0, -1))
        for df, dr in steps:
            x, y = f + df, r + dr
            if 3 <= x <= 5 and (0 <= y <= 2 if red else 7 <= y <= 9):
                out.append((x, y))
    elif t == "p":
        fw = 1 if red else -1
        out = [(f, r + fw)]
        if (r >= 5) if red else (r <= 4):
            out += [(f - 1, r), (f + 1, r)]
        out = [c for c in out if on(*c)]
    return out


def attacks(board, s):
    """The enemy pieces' squares among `reach(board, s)`."""
    red = board[s].isupper()
    return [c for c in reach(board, s) if c in board and board[c].isupper() != red]
