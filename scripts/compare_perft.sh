#!/usr/bin/env bash
# Side-by-side perft speed: this crate's perft example against a Pikafish
# binary (or any UCI engine that understands `go perft`), by user CPU time,
# which stays meaningful on a loaded machine.
#
#   scripts/compare_perft.sh /path/to/pikafish [DEPTH] [RUNS]
#
# Builds the example twice (default target and -C target-cpu=native).
set -euo pipefail
engine=${1:?usage: compare_perft.sh /path/to/engine [depth] [runs]}
depth=${2:-5}
runs=${3:-3}
cd "$(dirname "$0")/.."
cargo build --release --example perft -q
CARGO_TARGET_DIR=target/native RUSTFLAGS="-C target-cpu=native" \
    cargo build --release --example perft -q
uptime
for _ in $(seq "$runs"); do
    printf 'position startpos\ngo perft %s\nquit\n' "$depth" |
        /usr/bin/time -f "engine        %U s user  %e s wall" "$engine" 2>&1 |
        grep -E 'Nodes searched|user'
    /usr/bin/time -f "xiangqi       %U s user  %e s wall" \
        target/release/examples/perft "$depth" 2>&1 | grep -E 'user'
    /usr/bin/time -f "xiangqi-native %U s user  %e s wall" \
        target/native/release/examples/perft "$depth" 2>&1 | grep -E 'user'
done
