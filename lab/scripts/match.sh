#!/usr/bin/env bash
# Plays this crate's engine against another engine, colours swapped over
# balanced openings, adjudicated by the crate's rules.
#   lab/scripts/match.sh [games] [movetime_ms] [first_game] [opponent] [match flags...]
# opponent:
#   fsf-wasm  Fairy-Stockfish, WebAssembly build from npm (default; needs node and npm)
#   fsf       a native Fairy-Stockfish in UCI (FSF_BIN, default `fairy-stockfish` on PATH)
#   eleeye    ElephantEye in UCCI (ELEEYE_BIN, default `eleeye` on PATH), without its book
# Against fsf and eleeye the arbiter and our engine use 50 moves without a capture,
# as those engines do. Further arguments go to the match runner, e.g. `--pyffish python3`.
# Two halves can run side by side (one per core): `lab/scripts/match.sh 50 200 0`
# and `lab/scripts/match.sh 50 200 50` play the same games as `lab/scripts/match.sh 100 200`.
set -euo pipefail
cd "$(dirname "$0")/../.."
games="${1:-100}"
movetime="${2:-200}"
first="${3:-0}"
opponent="${4:-fsf-wasm}"
shift $(( $# < 4 ? $# : 4 ))
cargo build --release -p xiangqi-engine -p xiangqi-tools
target_dir="${CARGO_TARGET_DIR:-target}"
ours="$target_dir/release/xiangqi-engine"
tools="$target_dir/release/xiangqi-tools"
case "$opponent" in
  fsf-wasm)
    dir="${FSF_DIR:-target/fsf}"
    mkdir -p "$dir"
    if [ ! -f "$dir/node_modules/fairy-stockfish-nnue.wasm/uci.js" ]; then
      (cd "$dir" && npm install --no-audit --no-fund fairy-stockfish-nnue.wasm >/dev/null)
    fi
    opponent_flags=(--engine2 "node --no-experimental-fetch $dir/node_modules/fairy-stockfish-nnue.wasm/uci.js"
      --engine2-fsf)
    ;;
  fsf)
    opponent_flags=(--engine2 "${FSF_BIN:-fairy-stockfish}" --engine2-fsf
      --engine1-init "setoption name Move Limit value 50" --move-limit 50)
    ;;
  eleeye)
    opponent_flags=(--engine2 "${ELEEYE_BIN:-eleeye}" --engine2-protocol ucci
      --engine2-init "setoption usebook false"
      --engine1-init "setoption name Move Limit value 50" --move-limit 50)
    ;;
  *)
    echo "unknown opponent $opponent (fsf-wasm, fsf or eleeye)" >&2
    exit 2
    ;;
esac
"$tools" match \
  --engine1 "$ours" "${opponent_flags[@]}" \
  --games "$games" --first-game "$first" --movetime "$movetime" --openings selfplay/src/openings.txt "$@"
