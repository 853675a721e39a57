#!/usr/bin/env bash
# The curve against Fairy-Stockfish (issue 33, item 4): the engine of a commit of main (default
# HEAD, the embedded network) against classical Fairy-Stockfish, 100 games at each of 100 ms,
# 300 ms and 1 s a move, in the conditions of the earlier curves (lab/measurements.md,
# "Generation 5 against the classical engines"): the 50 shipped openings with colours swapped,
# 1 thread and 16 MiB each, move limit 50 on both sides, `--resign movecount=3 score=600`, two
# games at a time. Resumes from its results lines: rerun the same command after a stop.
#
#   FSF_BIN=/path/to/fairy-stockfish lab/scripts/search_curve.sh [COMMIT]
#
# FSF_BIN: a native Fairy-Stockfish (`make build ARCH=x86-64-bmi2 largeboards=yes`, built
# outside the repository; the earlier curves used commit c19b5f6c). The commit is checked out as
# a worktree under $WORK (default ~/.cache/xiangqi/curve) and built there with
# `-C target-cpu=native`, so the engine stays fixed while main moves on. Results and PGN go to
# $WORK/main-<commit>-vs-fsf-<ms>ms.jsonl and .pgn; the results lines kept in
# lab/logs/curve/ (the same file names) seed the run on a machine that has none, and each
# match's results and PGN are copied there when it ends; KEEP_ONLY=1 (FSF_BIN not needed)
# copies the results so far of the MOVETIMES and plays nothing.
# MOVETIMES (default "100 300 1000") picks the controls, in that order.
set -euo pipefail
cd "$(dirname "$0")/../.."
MOVETIMES="${MOVETIMES:-100 300 1000}"
# shellcheck source=lab/scripts/curve_common.sh
. lab/scripts/curve_common.sh "$@"
for ms in $MOVETIMES; do
  name="main-$commit-vs-fsf-${ms}ms"
  if [ -z "$KEEP_ONLY" ]; then
    resume_from "lab/logs/curve/$name.jsonl" "$WORK/$name.jsonl"
    "$tools" match --engine1 "$engine" --engine1-name "main-$commit" \
      --engine1-init "setoption name Move Limit value 50" \
      --engine2 "$fsf" --engine2-fsf \
      --move-limit 50 --movetime "$ms" --games 100 --concurrency 2 \
      --resign movecount=3 score=600 \
      --results "$WORK/$name.jsonl" --resume --pgn "$WORK/$name.pgn" || status=$?
  fi
  keep_curve "$name"
  [ "${status:-0}" = 0 ] || exit "$status"
done
