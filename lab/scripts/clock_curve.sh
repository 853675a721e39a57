#!/usr/bin/env bash
# Fairy-Stockfish's published conditions and the time odds (issue 54, items 3 and 4): the engine
# of a commit of main (default HEAD, the embedded network) against classical Fairy-Stockfish,
# 200 games for each control, the 50 shipped openings with colours swapped, 1 thread and 16 MiB
# each, move limit 50 on both sides, `--resign movecount=3 score=600`. Resumes from its results
# lines: rerun the same command after a stop.
#
#   FSF_BIN=/path/to/fairy-stockfish lab/scripts/clock_curve.sh [COMMIT]
#
# CONTROLS (default "10+0.1 30+0.3 odds") picks the rows, in that order:
#   10+0.1, 30+0.3  game clocks (seconds for the game + seconds a move), `Move Overhead` 100 ms on
#                   both sides (with the default 10 ms Fairy-Stockfish lost games on time on a busy
#                   machine); files main-<commit>-vs-fsf-10+0.1.jsonl / .pgn
#   odds            ours 100 ms a move against Fairy-Stockfish 3 s (30 to 1);
#                   files main-<commit>-odds-100-vs-fsf-3000ms.jsonl / .pgn
# CONCURRENCY (default 2): games at a time; each game needs a core of its own, so use 1 when
# another job holds a core. FSF_BIN: a native Fairy-Stockfish (`make build ARCH=x86-64-bmi2
# largeboards=yes`, built outside the repository; commit c19b5f6c so far). As in
# search_curve.sh, the commit is checked out as a worktree under $WORK (default
# ~/.cache/xiangqi/curve) and built there with `-C target-cpu=native`; results lines kept in
# lab/logs/curve/ (the same file names) seed the run on a machine that has none, and each
# control's results and PGN are copied there when its match ends; KEEP_ONLY=1 (FSF_BIN not
# needed) copies the results so far of the CONTROLS and plays nothing. The times
# measured (docs/strength.md): 10+0.1, 200 games one at a time, about 80 minutes; 30+0.3, 200
# games two at a time, about 125 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
CONTROLS="${CONTROLS:-10+0.1 30+0.3 odds}"
CONCURRENCY="${CONCURRENCY:-2}"
# shellcheck source=lab/scripts/curve_common.sh
. lab/scripts/curve_common.sh "$@"
for control in $CONTROLS; do
  case "$control" in
    odds)
      name="main-$commit-odds-100-vs-fsf-3000ms"
      limits=(--engine1-movetime 100 --engine2-movetime 3000)
      ;;
    *+*)
      name="main-$commit-vs-fsf-$control"
      limits=(--tc "$control"
        --engine1-init "setoption name Move Overhead value 100"
        --engine2-init "setoption name Move Overhead value 100")
      ;;
    *)
      echo "unknown control: $control (10+0.1, 30+0.3 or any SECONDS+INCREMENT, odds)" >&2
      exit 2
      ;;
  esac
  if [ -z "$KEEP_ONLY" ]; then
    resume_from "lab/logs/curve/$name.jsonl" "$WORK/$name.jsonl"
    "$tools" match --engine1 "$engine" --engine1-name "main-$commit" \
      --engine1-init "setoption name Move Limit value 50" \
      --engine2 "$fsf" --engine2-fsf --engine2-name fsf \
      --move-limit 50 "${limits[@]}" --games 200 --concurrency "$CONCURRENCY" \
      --openings selfplay/src/openings.txt \
      --resign movecount=3 score=600 \
      --results "$WORK/$name.jsonl" --resume --pgn "$WORK/$name.pgn" || status=$?
  fi
  keep_curve "$name"
  [ "${status:-0}" = 0 ] || exit "$status"
done
