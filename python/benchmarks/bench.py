"""Benchmark: legal-move generation and game replay, xiangqi_rs against
pyffish (Fairy-Stockfish) and cchess (pure Python), in one run.

    pip install pyffish cchess
    python python/benchmarks/bench.py [--games N]

Positions and games come from the repository's reference data
(tests/suite/tests/data): the FENs of legal_moves.txt, and the main lines of
the PGN collections in games/ (ICCS edition). Each library does the same
work: for every position, list the legal moves; for every game, play its
moves from the start, up to the first verdict (xiangqi_rs also adjudicates
every ply by the Asian rules). Prints the time of each and the ratios.
"""

import argparse
import time
from pathlib import Path

import xiangqi_rs

DATA = Path(__file__).resolve().parents[2] / "tests" / "suite" / "tests" / "data"


def load_fens():
    fens = []
    for line in (DATA / "legal_moves.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            fens.append(line.split("|")[0])
    return fens


def load_games():
    games = []
    for path in sorted((DATA / "games").glob("*_iccs.pgn")):
        for g in xiangqi_rs.pgn.read_games(path.read_text(encoding="utf-8")):
            if g.start_fen() != xiangqi_rs.STARTING_FEN:
                continue
            # Up to the first verdict (players sometimes play on after a
            # repetition; a Board then takes no more moves).
            b = xiangqi_rs.Board()
            moves = []
            for m in g.moves:
                if b.is_game_over():
                    break
                b.push(m)
                moves.append(str(m))
            games.append(moves)
    return games


def timed(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def ours_legal(fens):
    def run():
        n = 0
        for fen in fens:
            n += len(xiangqi_rs.Board(fen).legal_moves)
        return n

    return run


def ours_replay(games):
    def run():
        for moves in games:
            b = xiangqi_rs.Board()
            for m in moves:
                b.push(xiangqi_rs.Move.from_iccs(m))

    return run


def sf_coords(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def pyffish_legal(sf, fens):
    def run():
        n = 0
        for fen in fens:
            n += len(sf.legal_moves("xiangqi", fen, []))
        return n

    return run


def pyffish_replay(sf, games):
    start = sf.start_fen("xiangqi")
    converted = [[sf_coords(m) for m in g] for g in games]

    def run():
        # Move by move, as a program following a game does.
        for moves in converted:
            fen = start
            for m in moves:
                fen = sf.get_fen("xiangqi", fen, [m])

    return run


def cchess_legal_moves(board):
    out = []
    for move in board.create_moves():
        if board.is_valid_move_t(move) and not board.is_checked_move(move[0], move[1]):
            out.append(move)
    return out


def cchess_legal(cchess, fens):
    def run():
        n = 0
        for fen in fens:
            n += len(cchess_legal_moves(cchess.ChessBoard(fen)))
        return n

    return run


def cchess_replay(cchess, games):
    def run():
        for moves in games:
            b = cchess.ChessBoard(cchess.FULL_INIT_FEN)
            for m in moves:
                if b.move_iccs(m) is None:
                    raise RuntimeError(f"cchess refused {m}")
                b.next_turn()

    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=300, help="positions for move generation")
    ap.add_argument("--games", type=int, default=20, help="games to replay")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each (the best is kept)")
    args = ap.parse_args()
    fens = load_fens()[: args.positions]
    games = load_games()[: args.games]
    plies = sum(len(g) for g in games)
    print(f"{len(fens)} positions, {len(games)} games ({plies} plies)")

    rows = [("xiangqi_rs", ours_legal(fens), ours_replay(games))]
    try:
        import pyffish as sf

        rows.append(("pyffish", pyffish_legal(sf, fens), pyffish_replay(sf, games)))
    except ImportError:
        print("pyffish not installed: skipped")
    try:
        import cchess

        cchess.ChessBoard  # noqa: B018 (the walker8088 package)
        rows.append(("cchess", cchess_legal(cchess, fens), cchess_replay(cchess, games)))
    except (ImportError, AttributeError):
        print("cchess not installed: skipped")

    results = []
    for name, legal, replay in rows:
        results.append((name, timed(legal, args.repeat), timed(replay, args.repeat)))
    base_legal, base_replay = results[0][1], results[0][2]
    print(f"{'library':12} {'legal moves':>14} {'ratio':>8} {'replay':>12} {'ratio':>8}")
    for name, legal, replay in results:
        print(
            f"{name:12} {legal * 1e3:11.1f} ms {legal / base_legal:7.1f}x "
            f"{replay * 1e3:9.1f} ms {replay / base_replay:7.1f}x"
        )


if __name__ == "__main__":
    main()
