#!/usr/bin/env bash
# Plays the UCI example against Fairy-Stockfish (WebAssembly build from npm),
# colours swapped over balanced openings, adjudicated by the crate's rules.
#   scripts/match.sh [games] [movetime_ms] [first_game]
# Two halves can run side by side (one per core): `scripts/match.sh 50 200 0`
# and `scripts/match.sh 50 200 50` play the same games as `scripts/match.sh 100 200`.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-100}"
movetime="${2:-200}"
first="${3:-0}"
dir="${FSF_DIR:-target/fsf}"
mkdir -p "$dir"
if [ ! -f "$dir/node_modules/fairy-stockfish-nnue.wasm/uci.js" ]; then
  (cd "$dir" && npm install --no-audit --no-fund fairy-stockfish-nnue.wasm >/dev/null)
fi
cargo build --release --example uci --example match
target_dir="${CARGO_TARGET_DIR:-target}"
"$target_dir/release/examples/match" \
  --engine1 "$target_dir/release/examples/uci" \
  --engine2 "node --no-experimental-fetch $dir/node_modules/fairy-stockfish-nnue.wasm/uci.js" \
  --engine2-fsf --games "$games" --first-game "$first" --movetime "$movetime" --openings scripts/openings.txt
