#!/usr/bin/env python3
"""Writes the WXF and Chinese editions of ICCS PGN files with independent tools.

    make_editions.py IN.pgn WXF_OUT.pgn CHINESE_OUT.pgn

Tag lines are copied verbatim. The WXF edition's moves come from
Fairy-Stockfish (pyffish 0.0.90, `get_san(.., NOTATION_XIANGQI_WXF)`,
ranks 1-10); the Chinese edition's from the `cchess` package 1.25.5
(walker8088, PyPI; `Move.to_text()`), which writes Black's numbers as
full-width digits. Each tool replays the game on its own board; a move
either tool rejects aborts the run. Needs both packages in one Python
(`pip install pyffish==0.0.90 cchess==1.25.5`).
"""
import sys

import cchess
import pyffish as sf


def records(path):
    tags, moves = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("["):
            if moves:
                yield tags, moves
                tags, moves = [], []
            tags.append(line)
        else:
            moves += [t for t in line.split() if not t.endswith(".")]
    if tags or moves:
        yield tags, moves


def fsf_uci(iccs):
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def movetext(moves):
    out = []
    for i, m in enumerate(moves):
        if i % 2 == 0:
            out.append(f"{i // 2 + 1}.")
        out.append(m)
    return " ".join(out)


def main(src, wxf_out, chinese_out):
    with open(wxf_out, "w", encoding="utf-8") as wf, open(chinese_out, "w", encoding="utf-8") as cf:
        for tags, moves in records(src):
            done, wxf, chinese = [], [], []
            fen = sf.start_fen("xiangqi")
            board = cchess.ChessBoard(cchess.FULL_INIT_FEN)
            for m in moves:
                wxf.append(sf.get_san("xiangqi", fen, fsf_uci(m), False, sf.NOTATION_XIANGQI_WXF))
                mv = board.move_iccs(m)
                if mv is None:
                    sys.exit(f"cchess rejects {m} after {done}")
                chinese.append(mv.to_text())
                board.next_turn()
                done.append(m)
                fen = sf.get_fen("xiangqi", fen, [fsf_uci(m)])
            for f, text in ((wf, movetext(wxf)), (cf, movetext(chinese))):
                f.write("\n".join(tags) + "\n\n" + text + "\n\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
