#!/usr/bin/env python3
"""Builds tests/suite/tests/data/mates.txt from puzzles of play.xiangqi.com.

The puzzles were taken from the scrape in the public repository
AnNguyen2332/xiangqi-puzzle, file puzzles_verified.js (commit 66201d48),
which lists each play.xiangqi.com puzzle (source id, rating, moves to mate)
as a piece list (col 0..8 = files a..i, row 0 = Black's back rank = rank 9)
and its solution line. The piece lists are transcribed below as
"<colour><piece><col><row>" tokens (r/b; G A E H R C P) and converted to
FEN; solutions to ICCS. Run: python3 tests/scripts/mates_from_play_xiangqi.py
"""

FEN_LETTER = {"G": "k", "A": "a", "E": "b", "H": "n", "R": "r", "C": "c", "P": "p"}

# (source id, moves to mate, pieces, solution as (col,row,col,row) tuples)
PUZZLES = [
    ("LbwXkR", 1, "bR00 bH10 bE20 bA30 bG40 bA50 rR11 bC42 bH62 bP03 bP43 rH53 rC63 bP83 bP24 bE64 bR27 rP06 rR36 rP46 rP86 rE87 rE29 rA39 rG49 rA59",
     [(5, 3, 6, 1)]),
    ("LDDPmL", 1, "bE20 bA30 bG40 bA50 bE60 bR41 bH22 bH62 bP03 rR43 rH53 bP63 bP83 rC45 rP65 bC06 rP46 rH07 rE47 rA39 rG49 rA59 rE69",
     [(4, 3, 4, 1)]),
    ("RejlAo", 1, "bE20 bA30 bG40 rH60 bA32 rC74 bP65 bH75 bP36 rA57 rA48 rG39 bH58",
     [(7, 4, 7, 0)]),
    ("ojY9gR", 1, "bG40 bA50 bE60 bH62 bA41 bE42 bP03 rC43 bP83 bH24 rR34 bP64 rP45 rP06 rP66 rP86 rH67 rG38 rA48 bC19 bC29 rA59 rE69",
     [(3, 4, 3, 0)]),
    ("qGaQ0R", 2, "bE20 bA30 bG50 bR80 bA41 bE42 bP03 bP23 rC43 bP83 rR74 bC84 rR35 rP06 bR16 rP46 rH07 rA48 rE29 rG39 rA59 rE69",
     [(7, 4, 5, 4), (4, 1, 5, 2), (5, 4, 5, 2)]),
    ("qK9MVR", 2, "bA30 bG50 rP31 rR41 bR54 rC45 rE47 rA48 rE29 rG49 rA59",
     [(3, 1, 3, 0), (5, 4, 2, 4), (3, 0, 4, 0)]),
    ("qrkr1L", 2, "bE20 bA30 bG40 bA41 bE42 rR53 rP04 bP24 rC44 bR56 rE47 rA48 rE29 rA39 rG59",
     [(5, 3, 5, 6), (2, 4, 2, 5), (5, 6, 5, 0)]),
    ("ReKwXq", 2, "bE20 bG40 rR31 rR51 bH02 bE42 bP03 bP23 bP43 bP64 rP25 rP06 bR86 bC26 rE47 rE29 rA39 rG49 rA59",
     [(3, 1, 4, 1), (4, 0, 3, 0), (5, 1, 5, 0)]),
    ("ojrmJo", 2, "bC40 bG31 rP33 bC34 bE64 rC37 rE29 rG49",
     [(3, 3, 3, 2), (3, 1, 3, 0), (3, 2, 3, 1)]),
    ("R0a2Eo", 3, "bG31 bA50 rH61 bA32 bH62 bP03 rP33 bP83 bH14 bP24 bR25 rP06 rC36 bR17 rH27 rR57 rR77 rE87 rA48 rE29 rA39 rG49 bC89",
     [(3, 3, 3, 2), (3, 1, 4, 1), (3, 2, 4, 2), (4, 1, 3, 1), (2, 7, 3, 5)]),
    ("qK2Y3o", 3, "bR00 bG30 bE60 rR51 bP03 rR13 rP23 bP43 bP83 rC44 bP64 bC06 bR38 rP66 rP86 rH07 rA48 rE29 rG49 rA59 rE69",
     [(5, 1, 5, 0), (3, 0, 3, 1), (1, 3, 1, 1), (3, 1, 3, 2), (2, 3, 2, 2)]),
    ("qGawMR", 3, "bG40 bA50 bE60 bH70 bA41 rH22 bE42 rR03 rC23 bP43 bP83 rP24 bC44 bP65 bR86 rC27 rE47 rA48 rE29 rA39 rG49",
     [(0, 3, 0, 0), (4, 2, 2, 0), (0, 0, 2, 0), (4, 1, 3, 0), (2, 0, 3, 0)]),
    ("LkZkrq", 3, "bE20 bA41 bG40 bA50 bE60 rR11 rP31 rR51 bR32 bP03 bP23 bP43 bP64 bP84 bR36 bC46 rP86 rE47 rA48 rE29 rA39 rG59",
     [(3, 1, 4, 1), (5, 0, 4, 1), (1, 1, 4, 1), (4, 0, 3, 0), (5, 1, 5, 0)]),
    ("oyEmzo", 3, "bE20 bG40 rR11 rR51 bP03 bP43 bH34 bP25 rP06 bC31 rP66 rP86 bR27 rE47 rA48 rE29 rA39 rG59",
     [(1, 1, 3, 1), (3, 4, 5, 5), (5, 1, 4, 1), (4, 0, 5, 0), (3, 1, 3, 0)]),
]


def fen(pieces: str) -> str:
    grid = [[None] * 9 for _ in range(10)]
    for tok in pieces.split():
        colour, kind, col, row = tok[0], tok[1], int(tok[2]), int(tok[3])
        assert grid[row][col] is None, tok
        letter = FEN_LETTER[kind]
        grid[row][col] = letter.upper() if colour == "r" else letter
    rows = []
    for row in grid:
        out, empty = "", 0
        for cell in row:
            if cell is None:
                empty += 1
            else:
                out += (str(empty) if empty else "") + cell
                empty = 0
        rows.append(out + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def iccs(fc, fr, tc, tr):
    return f"{'abcdefghi'[fc]}{9 - fr}{'abcdefghi'[tc]}{9 - tr}"


def main():
    print("# Mate-in-N puzzles for the xiangqi crate's search tests.")
    print("# Source: play.xiangqi.com puzzles (theme checkmate, Red to move), as")
    print("# scraped in the public repository AnNguyen2332/xiangqi-puzzle,")
    print("# puzzles_verified.js (commit 66201d48); converted by")
    print("# tests/scripts/mates_from_play_xiangqi.py.")
    print("# Format: <fen>|<moves to mate>|<published solution line, ICCS>|<puzzle id>")
    for pid, n, pieces, sol in PUZZLES:
        print(f"{fen(pieces)}|{n}|{' '.join(iccs(*m) for m in sol)}|{pid}")


if __name__ == "__main__":
    main()
