#!/usr/bin/env bash
# SPRT [0, 10] of a search change on a branch against the search it branched from (issue 33,
# item 4): both engines with the embedded network, 300 ms a move, 1 thread and 16 MiB each,
# the shipped openings in seeded random order (seed 4) with colours swapped, cutechess's resign
# and draw adjudication, two games at a time. Resumes from its results lines: rerun the same
# command after a stop.
#
#   scripts/search_sprt.sh BRANCH [BASE]
#
# BASE (default: the commit BRANCH branched from main) and BRANCH's head are checked out as
# worktrees under $WORK (default ~/.cache/xiangqi/search) and built there, each in its own
# target folder (so the pair stays fixed while main moves on); the results go to
# $WORK/BRANCH-<head>-vs-<base>-300ms.jsonl. MOVETIME (default 300) and GAMES (default 2000).
# Results lines kept in the repository (docs/logs/search-sprt/, the same file name) seed the
# run on a machine that has none, so a test stopped on one machine resumes on another.
set -euo pipefail
cd "$(dirname "$0")/.."
branch="${1:?usage: scripts/search_sprt.sh BRANCH [BASE]}"
head=$(git rev-parse --short=8 "$branch")
base=$(git rev-parse --short=8 "${2:-$(git merge-base main "$branch")}")
WORK="${WORK:-$HOME/.cache/xiangqi/search}"
MOVETIME="${MOVETIME:-300}"
GAMES="${GAMES:-2000}"
mkdir -p "$WORK"
results="$WORK/$branch-$head-vs-$base-${MOVETIME}ms.jsonl"
kept="docs/logs/search-sprt/$(basename "$results")"
if [ ! -f "$results" ] && [ -f "$kept" ]; then
  cp "$kept" "$results"
  echo "resuming from $kept ($(wc -l < "$kept") games)" >&2
fi

# Builds the engine of `commit` in a detached worktree of its own; prints the binary's path.
engine_at() { # commit
  local tree="$WORK/wt-$1"
  [ -d "$tree" ] || git worktree add -q --detach "$tree" "$1" >&2
  (cd "$tree" && cargo build -q --release -p xiangqi-engine >&2)
  echo "$tree/target/release/xiangqi-engine"
}

new=$(engine_at "$head")
old=$(engine_at "$base")
"$old" match --engine1 "$new" --engine1-name "$branch-$head" \
  --engine2 "$old" --engine2-name "base-$base" \
  --movetime "$MOVETIME" --games "$GAMES" --concurrency 2 \
  --openings-order random --openings-seed 4 \
  --resign movecount=3 score=600 --draw movenumber=40 movecount=8 score=10 --sprt 0 10 \
  --results "$results" --resume
