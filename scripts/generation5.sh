#!/usr/bin/env bash
# Network generation 5 (issue 33) from a checkout, stage by stage. Every stage resumes where
# a stop left it: rerun the same command after a session ends (datagen skips finished chunks,
# training continues from its last epoch's checkpoint, matches from their results lines).
#
#   scripts/generation5.sh STAGE...
#
# Stages, in order:
#   data     g4b's self-play at 6 000 nodes a move (seed 4, game files) into $WORK/data-g4,
#            chunks 0..$CHUNKS-1 (about 13 500 training positions a chunk; 2 threads play
#            about 2 M positions an hour on the project's 2-core machine)
#   sync     copies the finished chunks into data/g4/ (to be committed: at most 25 MB)
#   train    two candidates on data/g3 + data/g4, 256 x 4 output buckets, one without input
#            buckets (`none`), one by the own general's square (`palace4`, factorised)
#   buckets  SPRT [0, 10] at 100 ms: `palace4` against `none` (does knowing the general pay?)
#   g4b      SPRT [0, 10] at 100 ms: the winner of `buckets` against g4b (the embedded network)
#   confirm  100 games at 1 s a move against Fairy-Stockfish (FSF_BIN, classical, built outside
#            the repository), move limit 50
#
# Environment: WORK (default ~/.cache/xiangqi/g5): everything written except data/g4;
# CHUNKS (default 820); THREADS (default 2); FSF_BIN for `confirm`; EPOCHS (default 30) and
# GAMES (the SPRTs' most, default 2000) only to try the stages out small.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="${WORK:-$HOME/.cache/xiangqi/g5}"
CHUNKS="${CHUNKS:-820}"
THREADS="${THREADS:-2}"
EPOCHS="${EPOCHS:-30}"
GAMES="${GAMES:-2000}"
mkdir -p "$WORK"
cargo build --release -p xiangqi-engine
E="${CARGO_TARGET_DIR:-target}/release/xiangqi-engine"

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

train() { # out, flags...
  local out="$1"; shift
  [ -f "$out" ] && { echo "train: $out is there"; return; }
  # A candidate committed in data/networks/ (the one that played the SPRTs) is not trained again.
  if [ -f "data/networks/$(basename "$out")" ]; then
    cp "data/networks/$(basename "$out")" "$out"; echo "train: $out from data/networks/"; return
  fi
  local resume=()
  local last
  last=$(ls "$out.checkpoints"/epoch-*.ckpt 2>/dev/null | sort | tail -1 || true)
  [ -n "$last" ] && resume=(--resume "$last")
  nice -n 5 "$E" train --data data/g3 --data data/g4 --out "$out" --hidden 256 --buckets 4 \
    --epochs "$EPOCHS" --threads "$THREADS" --seed 1 --generation 5 --validation-every 12 \
    "${resume[@]}" "$@"
}

# Fails unless the engine plays `net` (a file it refuses leaves the embedded network playing).
loads() { # net, generation
  local said
  said=$(printf 'uci\nsetoption name EvalFile value %s\nisready\nquit\n' "$1" | "$E")
  grep -q "EvalFile .*: network generation $2$" <<< "$said" || { echo "the engine does not load $1" >&2; exit 1; }
}

sprt() { # name, engine-1 network, engine-2 network
  local name="$1" net1="$2" net2="$3"
  loads "$net1" "$(basename "$net1" | sed -n 's/^g\([0-9]\).*/\1/p')"
  loads "$net2" "$(basename "$net2" | sed -n 's/^g\([0-9]\).*/\1/p')"
  if [ ! -f "$OPENINGS" ]; then
    cargo run --release -q -p xiangqi-selfplay --example openings -- 1000 33 > "$OPENINGS.tmp"
    mv "$OPENINGS.tmp" "$OPENINGS"
  fi
  "$E" match --engine1 "$E" --engine1-init "setoption name EvalFile value $net1" \
    --engine1-name "$(basename "$net1" .nnue)" \
    --engine2 "$E" --engine2-init "setoption name EvalFile value $net2" \
    --engine2-name "$(basename "$net2" .nnue)" \
    --openings "$OPENINGS" --openings-format epd --openings-order random --openings-seed 1 \
    --movetime 100 --games "$GAMES" --concurrency "$THREADS" --sprt 0 10 \
    --results "$WORK/$name.jsonl" --resume
}

# Writes the winner of `buckets` from its results: H1 accepted, the bucketed network; otherwise
# (H0, or undecided at 2 000 games) `none`.
decide() { # results file
  if "$E" sprt --results "$1" --elo0 0 --elo1 10 | grep -q "H1 accepted"; then
    echo "$PALACE" > "$WORK/winner"
  else
    echo "$NONE" > "$WORK/winner"
  fi
}

# The network the `g4b` and `confirm` stages play: the winner of `buckets` (written there, or,
# on a machine that did not play it, decided from the committed results of 2026-12-04).
winner() {
  local played=docs/logs/g5-matches/g5-palace4-vs-none-sprt-100ms.jsonl
  [ -f "$WORK/winner" ] || [ ! -f "$played" ] || decide "$played"
  [ -f "$WORK/winner" ] || { echo "run the buckets stage first" >&2; exit 1; }
  [ -f "$(cat "$WORK/winner")" ] || { echo "run the train stage first" >&2; exit 1; }
  cat "$WORK/winner"
}

for stage in "$@"; do
  case "$stage" in
    data)
      # The chunks committed in data/g4 are not played again (datagen skips the files it finds).
      mkdir -p "$WORK/data-g4"
      if [ -d data/g4 ]; then
        find data/g4 -maxdepth 1 -name 'g4-s4-n6000-*.xqg' -exec cp -n {} "$WORK/data-g4/" \;
      fi
      nice -n 15 "$E" datagen --out "$WORK/data-g4" --chunks "$CHUNKS" --first-chunk 0 \
        --games-per-chunk 100 --nodes 6000 --threads "$THREADS" --seed 4 --network "$G4B" \
        --format games
      ;;
    sync)
      mkdir -p data/g4
      find "$WORK/data-g4/" -maxdepth 1 -name 'g4-s4-n6000-*.xqg' -exec cp -n {} data/g4/ \;
      echo "data/g4: $(find data/g4 -name "*.xqg" | wc -l) chunks, $(du -sh data/g4 | cut -f1)"
      # The totals for data/README.md's row (games, plies, positions, bytes).
      cargo run --release -q -p xiangqi-selfplay --example games_stats -- data/g4/*.xqg | tail -1
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
      sprt g5-vs-g4b "$(winner)" "$G4B"
      ;;
    confirm)
      net="$(winner)"
      loads "$net" 5
      "$E" match --engine1 "$E" \
        --engine1-init "setoption name EvalFile value $net" \
        --engine1-init "setoption name Move Limit value 50" \
        --engine2 "${FSF_BIN:?set FSF_BIN to a Fairy-Stockfish binary}" --engine2-fsf \
        --move-limit 50 --movetime 1000 --games 100 --concurrency "$THREADS" \
        --resign movecount=3 score=600 \
        --results "$WORK/g5-vs-fsf-1000ms.jsonl" --resume --pgn "$WORK/g5-vs-fsf-1000ms.pgn"
      ;;
    *)
      echo "unknown stage: $stage (data sync train buckets g4b confirm)" >&2
      exit 2
      ;;
  esac
done
