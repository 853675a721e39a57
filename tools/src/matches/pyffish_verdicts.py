#!/usr/bin/env python3
"""Second opinion on finished games: where pyffish (Fairy-Stockfish's rules)
would end each game.

Used by `xiangqi-tools match --pyffish PYTHON` (which passes this file's text with
`python -c`); it can also be run by hand:

    printf 'startpos|h2e2 h9g7\n' | python3 tools/src/matches/pyffish_verdicts.py

Input, one game per line: `<FEN or startpos>|<moves in ICCS, ranks 0-9>`.
Output, one line per game:
  `<ply> <result> <reason>`  pyffish ends the game after <ply> plies; the
                             result is Red's (1-0, 0-1, 1/2-1/2), the reason
                             `no-legal-move`, `immediate` or `optional`
                             (repetition, perpetual check or chase, the
                             50-move rule), with pyffish's value;
  `* <plies>`                pyffish sees no end in the <plies> plies given;
  `error <message>`          an illegal move (pyffish's view) or bad input.
Needs `pip install pyffish`.
"""
import sys

import pyffish as sf

VARIANT = "xiangqi"


def to_fsf(move):
    """ICCS (ranks 0-9) to pyffish's coordinates (ranks 1-10)."""
    if len(move) != 4 or not move[1].isdigit() or not move[3].isdigit():
        raise ValueError(f"not an ICCS move: {move!r}")
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def red_view(value, red_to_move):
    """A value from the side to move's view as Red's result."""
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == red_to_move else "0-1"


def judge(fen, iccs):
    moves = [to_fsf(m) for m in iccs]
    red_first = fen.split()[1] in ("w", "r")
    for ply in range(len(moves) + 1):
        played = moves[:ply]
        red_to_move = (ply % 2 == 0) == red_first
        legal = sf.legal_moves(VARIANT, fen, played)
        if not legal:
            # A side without a legal move loses (checkmate or stalemate).
            return f"{ply} {red_view(-1, red_to_move)} no-legal-move"
        end, value = sf.is_immediate_game_end(VARIANT, fen, played)
        if end:
            return f"{ply} {red_view(value, red_to_move)} immediate (value {value})"
        end, value = sf.is_optional_game_end(VARIANT, fen, played)
        if end:
            return f"{ply} {red_view(value, red_to_move)} optional (value {value})"
        if ply < len(moves) and moves[ply] not in legal:
            return f"error move {ply + 1} {iccs[ply]} is illegal for pyffish"
    return f"* {len(moves)}"


def main():
    for line in sys.stdin:
        line = line.strip()
        try:
            fen, _, moves = line.partition("|")
            fen = fen.strip()
            if fen in ("", "startpos"):
                fen = sf.start_fen(VARIANT)
            print(judge(fen, moves.split()), flush=True)
        except Exception as e:  # one bad game must not stop the others
            print(f"error {e}".replace("\n", " "), flush=True)


if __name__ == "__main__":
    main()
