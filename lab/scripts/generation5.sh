#!/usr/bin/env bash
# Network generation 5 (issue 33) from a checkout, stage by stage. Every stage resumes where
# a stop left it: rerun the same command after a session ends (datagen skips finished chunks,
# training continues from its last epoch's checkpoint, matches from their results lines).
#
#   lab/scripts/generation5.sh STAGE...
#
# Stages, in order:
#   data     g4b's self-play at 6 000 nodes a move (seed 4, game files) into $WORK/data-g4,
#            chunks 0..$CHUNKS-1 (about 13 500 training positions a chunk; 2 threads play
#            about 2 M positions an hour on the project's 2-core machine)
#   sync     copies the finished chunks into lab/data/g4/ (to be committed: at most 25 MB)
#   train    two candidates on lab/data/g3 + lab/data/g4, 256 x 4 output buckets, one without input
#            buckets (`none`), one by the own general's square (`palace4`, factorised)
#   buckets  SPRT [0, 10] at 100 ms: `palace4` against `none` (does knowing the general pay?)
#   g4b      SPRT [0, 10] at 100 ms: the winner of `buckets` against g4b (the embedded network)
#   confirm  100 games at 1 s a move against Fairy-Stockfish (FSF_BIN, classical, built outside
#            the repository), move limit 50
#
# Environment: WORK (default ~/.cache/xiangqi/g5): everything written except lab/data/g4;
# CHUNKS (default 820); THREADS (default 2); FSF_BIN for `confirm`; EPOCHS (default 30) and
# GAMES (the SPRTs' most, default 2000) only to try the stages out small.
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK="${WORK:-$HOME/.cache/xiangqi/g5}"
CHUNKS="${CHUNKS:-820}"
THREADS="${THREADS:-2}"
EPOCHS="${EPOCHS:-30}"
GAMES="${GAMES:-2000}"
mkdir -p "$WORK"
cargo build --release -p xiangqi-engine -p xiangqi-tools
E="${CARGO_TARGET_DIR:-target}/release/xiangqi-engine"
T="${CARGO_TARGET_DIR:-target}/release/xiangqi-tools"

# g4b: the network that plays generation 4's data (embedded from commit c72d34b until g5).
G4B="$WORK/g4b.nnue"
if [ ! -f "$G4B" ]; then
  git show c72d34b:src/eval/nnue/default.nnue > "$G4B.tmp" && mv "$G4B.tmp" "$G4B"
fi
echo "f5a4f1a0fc2f66819cf989768e6323d1778688cfc23d956ea43fd3e37690d914  $G4B" | sha256sum -c --quiet

# The candidates: name, then the layout's training flags.
NONE="$WORK/g5-none-256x4.nnue"
PALACE="$WORK/g5-palace4f-256x4.nnue"
OPENINGS="$WORK/openings-1000-33.epd"
GEN=5
TRAIN_DATA=(--data lab/data/g3 --data lab/data/g4)
# shellcheck source=lab/scripts/generation_common.sh
. lab/scripts/generation_common.sh

# Writes the winner of `buckets` from its results: H1 accepted, the bucketed network; otherwise
# (H0, or undecided at 2 000 games) `none`.
decide() { # results file
  if "$T" sprt --results "$1" --elo0 0 --elo1 10 | grep -q "H1 accepted"; then
    echo "$PALACE" > "$WORK/winner"
  else
    echo "$NONE" > "$WORK/winner"
  fi
}

# The network the `g4b` and `confirm` stages play: the winner of `buckets` (written there, or,
# on a machine that did not play it, decided from the committed results of 2026-12-04).
winner() {
  local played=lab/logs/g5-matches/g5-palace4-vs-none-sprt-100ms.jsonl
  [ -f "$WORK/winner" ] || [ ! -f "$played" ] || decide "$played"
  [ -f "$WORK/winner" ] || { echo "run the buckets stage first" >&2; exit 1; }
  [ -f "$(cat "$WORK/winner")" ] || { echo "run the train stage first" >&2; exit 1; }
  cat "$WORK/winner"
}

for stage in "$@"; do
  case "$stage" in
    data)
      play_data 4 4 "$G4B"
      ;;
    sync)
      sync_data 4 4
      ;;
    train)
      train "$NONE" --input-buckets none
      train "$PALACE" --input-buckets palace4 --factoriser
      ;;
    buckets)
      sprt palace4-vs-none "$PALACE" "$NONE"
      decide "$WORK/palace4-vs-none.jsonl"
      ;;
    g4b)
      net="$(winner)"
      sprt g5-vs-g4b "$net" "$G4B"
      ;;
    confirm)
      net="$(winner)"
      confirm g5-vs-fsf-1000ms "$net"
      ;;
    *)
      echo "unknown stage: $stage (data sync train buckets g4b confirm)" >&2
      exit 2
      ;;
  esac
done
