#!/usr/bin/env bash
# SPRT [0, 10] of the endgame tables (issue 53, deliverable 4): the same xiangqi-engine with
# `EgtbPath` (engine 1: tables probed at the root and in the tree) against itself without
# (engine 2), from the 500 start positions one capture above the one-attacker tables in
# lab/data/egtb-sprt/openings.fen (lab/scripts/egtb_sprt_openings.py), in seeded random order
# (seed 53), each played twice with colours swapped, MOVETIME ms a move (default 100), 1 thread
# and 16 MiB each, two games at a time. No score adjudication at all: a game ends by the game's
# rules (mate, repetition, perpetual check or chase, the 60-move limit, no attacker left) or at
# MAX_PLIES plies (default 300) as a draw, so an ending the engine cannot convert is not counted
# as a win. Resumes from its results lines: rerun the same command after a stop.
#
#   lab/scripts/egtb_sprt.sh
#
# Everything lives in $WORK (default ~/.cache/xiangqi/egtb-sprt), made on the first run and
# kept: `xiangqi-engine` (built from this checkout, which must have no uncommitted changes in
# the engine's crates, then copied, so that main moving on does not change a test under way),
# `commit` (its commit), `tables/` (a read-only copy of the *.xqtb files of $TABLES, default
# ~/.cache/xiangqi/egtb; the source is only read), `openings.fen` (a copy of the openings), the
# results `results-<commit>-<N>tables-<MOVETIME>ms.jsonl` and their games (`.pgn`). To test
# another build or another set of tables, use another WORK. When the match ends (the SPRT
# decides, GAMES games, default 4000, are played, or the runner fails) the results and the
# `xiangqi-tools sprt` report are copied to lab/logs/egtb-sprt/; results kept there seed a run
# on a machine without them (same file name). KEEP_ONLY=1 copies the results so far (every
# results-*.jsonl of $WORK) and plays nothing (for a session stopping the test under way).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=lab/scripts/logs_common.sh
. lab/scripts/logs_common.sh
WORK="${WORK:-$HOME/.cache/xiangqi/egtb-sprt}"
TABLES="${TABLES:-$HOME/.cache/xiangqi/egtb}"
MOVETIME="${MOVETIME:-100}"
GAMES="${GAMES:-4000}"
MAX_PLIES="${MAX_PLIES:-300}"
CONCURRENCY="${CONCURRENCY:-2}"
target="${CARGO_TARGET_DIR:-target}"
mkdir -p "$WORK"
if [ -n "${KEEP_ONLY:-}" ]; then
  for results in "$WORK"/results-*.jsonl; do
    keep_to "$results" "lab/logs/egtb-sprt/$(basename "$results")"
  done
  exit 0
fi

# The engine, once.
if [ ! -x "$WORK/xiangqi-engine" ]; then
  if [ -n "$(git status --porcelain -- Cargo.toml Cargo.lock src session engine)" ]; then
    echo "uncommitted changes in the engine's crates: commit them first" >&2
    exit 2
  fi
  nice cargo build -q --release -p xiangqi-engine
  cp "$target/release/xiangqi-engine" "$WORK/xiangqi-engine.tmp"
  git rev-parse --short=8 HEAD > "$WORK/commit"
  mv "$WORK/xiangqi-engine.tmp" "$WORK/xiangqi-engine"
fi
commit=$(cat "$WORK/commit")

# The tables, once: a read-only copy, so that a generation adding tables does not change the
# test under way.
if [ ! -d "$WORK/tables" ]; then
  rm -rf "$WORK/tables.tmp"
  mkdir "$WORK/tables.tmp"
  cp "$TABLES"/*.xqtb "$WORK/tables.tmp/"
  chmod a-w "$WORK/tables.tmp"/*.xqtb
  mv "$WORK/tables.tmp" "$WORK/tables"
fi
ntables=$(find "$WORK/tables" -name '*.xqtb' | wc -l)
[ -f "$WORK/openings.fen" ] || cp lab/data/egtb-sprt/openings.fen "$WORK/openings.fen"

results="$WORK/results-$commit-${ntables}tables-${MOVETIME}ms.jsonl"
kept="lab/logs/egtb-sprt/$(basename "$results")"
resume_from "$kept" "$results"
echo "engine $commit, $ntables tables, results $results" >&2

# Each engine process reads all the tables once (about 8 s for 300 tables from a warm cache);
# warming the cache keeps that well inside the runner's 30 s handshake timeout.
cat "$WORK"/tables/*.xqtb > /dev/null

nice cargo build -q --release -p xiangqi-tools
status=0
nice "$target/release/xiangqi-tools" match \
  --engine1 "$WORK/xiangqi-engine" --engine1-name "egtb-$commit" \
  --engine1-init "setoption name EgtbPath value $WORK/tables" \
  --engine2 "$WORK/xiangqi-engine" --engine2-name "none-$commit" \
  --fens "$WORK/openings.fen" --openings-order random --openings-seed 53 \
  --movetime "$MOVETIME" --games "$GAMES" --concurrency "$CONCURRENCY" \
  --max-plies "$MAX_PLIES" --sprt 0 10 \
  --pgn "${results%.jsonl}.pgn" --results "$results" --resume || status=$?

keep_to "$results" "$kept"
"$target/release/xiangqi-tools" sprt --results "$results" --elo0 0 --elo1 10 \
  > "${kept%.jsonl}.txt"
echo "SPRT summary in ${kept%.jsonl}.txt" >&2
exit "$status"
