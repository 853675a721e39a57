#!/usr/bin/env bash
# Network generation 6 (issue 33) from a checkout, stage by stage. Every stage resumes where
# a stop left it: rerun the same command after a session ends (datagen skips finished chunks,
# training continues from its last epoch's checkpoint, matches from their results lines).
#
#   lab/scripts/generation6.sh STAGE...
#
# Stages, in order:
#   data     g5's self-play (the network embedded since commit 53a1a25, taken from that
#            commit's src/eval/nnue/default.nnue) at 6 000 nodes a move (seed 5, game files) into
#            $WORK/data-g5, chunks 0..$CHUNKS-1 (about 13 950 training positions a chunk, so
#            the 1 500 chunks give about 20.9 M: issue 54 asks for at least 20 M from g5;
#            2 threads play about 2 M positions an hour on the project's 2-core machine)
#   sync     copies the finished chunks into lab/data/g5/ (to be committed: about 47 MB)
#   train    the candidate g6-none-256x4 on lab/data/g3 + lab/data/g4 + lab/data/g5 (g5's shape: 256 wide,
#            4 output buckets by piece count, no input buckets; 30 epochs, seed 1)
#   g5       SPRT [0, 10] at 100 ms: the candidate against g5 (the embedded network), from the
#            1 000 generated openings (seed 33) that `openings-check` finds level (depth 10)
#   g5-1s    the candidate does not lose to g5 at 1 s a move: SPRT [-10, 0], at most 200 games
#            (GAMES_1S), the same openings, adjudicated; passes on H1, or undecided at 50% or more
#            (it prints its verdict and fails unless the candidate passes)
#   confirm  100 games at 1 s a move against Fairy-Stockfish (FSF_BIN, classical, built outside
#            the repository), move limit 50
#   save     copies the candidate into lab/data/networks/ and the matches' results so far into
#            lab/logs/g6-matches/ (to be committed before a session stops: a new machine, whose
#            WORK is empty, takes the candidate from there and resumes each match from its lines)
#
# Environment: WORK (default ~/.cache/xiangqi/g6): everything written except lab/data/g5;
# CHUNKS (default 1500); THREADS (default 2); FSF_BIN for `confirm`; EPOCHS (default 30), GAMES
# (the 100 ms SPRT's most, default 2000) and GAMES_1S (g5-1s's most, default 200) only to try
# the stages out small.
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK="${WORK:-$HOME/.cache/xiangqi/g6}"
CHUNKS="${CHUNKS:-1500}"
THREADS="${THREADS:-2}"
EPOCHS="${EPOCHS:-30}"
GAMES="${GAMES:-2000}"
GEN=6
TRAIN_DATA=(--data lab/data/g3 --data lab/data/g4 --data lab/data/g5)
OPENINGS="$WORK/openings-1000-33-level.fen"
OPENINGS_LEVEL=yes
mkdir -p "$WORK"
cargo build --release -p xiangqi-engine -p xiangqi-tools
E="${CARGO_TARGET_DIR:-target}/release/xiangqi-engine"
T="${CARGO_TARGET_DIR:-target}/release/xiangqi-tools"
# shellcheck source=lab/scripts/generation_common.sh
. lab/scripts/generation_common.sh

# g5: the network that plays generation 5's data, the one embedded at commit 53a1a25 (stored
# once, where the library embeds it), checked by its SHA-256 so that the data stays the same
# after the next network is embedded.
G5="$WORK/g5-none-256x4.nnue"
embedded 53a1a25 5b4354a1708c65c472bfa0ee5fd62e35db3df97a4d25fcff09f4b6f0d2905f25 "$G5"

CANDIDATE="$WORK/g6-none-256x4.nnue"

for stage in "$@"; do
  case "$stage" in
    data)
      play_data 5 5 "$G5"
      ;;
    sync)
      sync_data 5 5
      ;;
    train)
      train "$CANDIDATE" --input-buckets none
      ;;
    g5)
      sprt g6-vs-g5 "$CANDIDATE" "$G5"
      ;;
    g5-1s)
      hold g6-vs-g5-1000ms "$CANDIDATE" "$G5"
      ;;
    confirm)
      confirm g6-vs-fsf-1000ms "$CANDIDATE"
      ;;
    save)
      save_runs "$CANDIDATE" g6-vs-g5 g6-vs-g5-1000ms g6-vs-fsf-1000ms
      ;;
    *)
      echo "unknown stage: $stage (data sync train g5 g5-1s confirm save)" >&2
      exit 2
      ;;
  esac
done
