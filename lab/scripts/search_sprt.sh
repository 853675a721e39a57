#!/usr/bin/env bash
# SPRT [0, 10] of a search change against the search it was written on (issue 33, item 4):
# both engines with the embedded network, 300 ms a move, 1 thread and 16 MiB each, the shipped
# openings in seeded random order (seed 4) with colours swapped, cutechess's resign and draw
# adjudication, two games at a time. Resumes from its results lines: rerun the same command
# after a stop.
#
#   lab/scripts/search_sprt.sh NAME
#
# The change is the patch lab/logs/search-sprt/patches/NAME.patch: a description, a line
# `base: <commit of main>`, then a `git diff` against that commit. Changes are kept as patches
# in the repository, not as branches, because only main outlives a machine (the branches of
# the first four changes were lost with theirs). The base, and the base with the patch applied,
# are checked out as worktrees under $WORK (default ~/.cache/xiangqi/search) and built there,
# each in its own target folder (so the pair stays fixed while main moves on); the results go
# to $WORK/NAME-<diff hash>-vs-<base>-300ms.jsonl (<diff hash>: the first 8 hex digits of
# `git hash-object` of the patch from its first `diff --git` line, so editing the description
# keeps the results). MOVETIME (default 300) and GAMES (default 2000). TC (a game clock,
# `SECONDS+INCREMENT`, for example 10+0.1) plays on clocks instead of MOVETIME, for changes to
# the time manager, which a fixed time a move never calls; the results are then
# $WORK/NAME-<diff hash>-vs-<base>-tc<TC>.jsonl.
# Results lines kept in the repository (lab/logs/search-sprt/, the same file name) seed the
# run on a machine that has none, so a test stopped on one machine resumes on another. When the
# match ends the results are copied there; KEEP_ONLY=1 copies the results so far and plays
# nothing (for a session stopping a test under way: commit the copy).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=lab/scripts/logs_common.sh
. lab/scripts/logs_common.sh
name="${1:?usage: lab/scripts/search_sprt.sh NAME (lab/logs/search-sprt/patches/NAME.patch)}"
patch="$PWD/lab/logs/search-sprt/patches/$name.patch"
[ -f "$patch" ] || { echo "no patch $patch" >&2; exit 2; }
base_full=$(sed -n 's/^base: *\([0-9a-f]\{7,40\}\).*/\1/p' "$patch" | head -n 1)
[ -n "$base_full" ] || { echo "$patch has no 'base: <commit>' line" >&2; exit 2; }
base=$(git rev-parse --short=8 "$base_full^{commit}")
head=$(sed -n '/^diff --git/,$p' "$patch" | git hash-object --stdin | cut -c1-8)
WORK="${WORK:-$HOME/.cache/xiangqi/search}"
MOVETIME="${MOVETIME:-300}"
GAMES="${GAMES:-2000}"
mkdir -p "$WORK"
TC="${TC:-}"
if [ -n "$TC" ]; then
  [[ "$TC" =~ ^[0-9.]+\+[0-9.]+$ ]] || { echo "TC must be SECONDS+INCREMENT, like 10+0.1" >&2; exit 2; }
  limits=(--tc "$TC")
  results="$WORK/$name-$head-vs-$base-tc$TC.jsonl"
else
  limits=(--movetime "$MOVETIME")
  results="$WORK/$name-$head-vs-$base-${MOVETIME}ms.jsonl"
fi
kept="lab/logs/search-sprt/$(basename "$results")"
if [ -n "${KEEP_ONLY:-}" ]; then
  keep_to "$results" "$kept"
  exit 0
fi
resume_from "$kept" "$results"

# Checks out `base` in a detached worktree `dir` (once), applies `patch` if given, builds the
# engine there; prints the binary's path. A worktree left without its patch (a stop between the
# two steps) is refused rather than played as the change.
engine_in() { # dir base [patch]
  local tree="$WORK/$1"
  if [ ! -d "$tree" ]; then
    git worktree add -q --detach "$tree" "$2" >&2
    if [ -n "${3:-}" ]; then
      (cd "$tree" && git apply "$3") || { git worktree remove --force "$tree"; exit 2; }
    fi
  fi
  if [ -n "${3:-}" ] && ! (cd "$tree" && git apply --reverse --check "$3" 2>/dev/null); then
    echo "$tree does not hold $3: remove it (git worktree remove --force $tree)" >&2
    exit 2
  fi
  (cd "$tree" && cargo build -q --release -p xiangqi-engine >&2)
  echo "$tree/target/release/xiangqi-engine"
}

new=$(engine_in "wt-$name-$head" "$base" "$patch")
old=$(engine_in "wt-$base" "$base")
# The match runner of this checkout (the base's engine may predate xiangqi-tools).
cargo build -q --release -p xiangqi-tools
"${CARGO_TARGET_DIR:-target}/release/xiangqi-tools" match --engine1 "$new" --engine1-name "$name-$head" \
  --engine2 "$old" --engine2-name "base-$base" \
  "${limits[@]}" --games "$GAMES" --concurrency 2 \
  --openings-order random --openings-seed 4 \
  --resign movecount=3 score=600 --draw movenumber=40 movecount=8 score=10 --sprt 0 10 \
  --results "$results" --resume || status=$?
# The results so far, to commit (also after a stop: rerun, and the match resumes and copies).
keep_to "$results" "$kept"
exit "${status:-0}"
