#!/usr/bin/env bash
# Side-by-side perft speed: this crate's perft example against another
# program, on the start position and the README's middlegame, by user CPU
# time (meaningful on a loaded machine too).
#
#   lab/scripts/compare_perft.sh [--uci] CMD [DEPTH] [RUNS]
#
# CMD is either a perft driver run as `CMD DEPTH FEN...` (for Pikafish, whose
# engine refuses `go perft` without its network file, a small main calling
# its own perft routine), or with --uci an engine that reads `position fen`
# and `go perft N` on stdin. Builds the example twice (default target and
# -C target-cpu=native).
set -euo pipefail
uci=0
if [ "${1:-}" = "--uci" ]; then
    uci=1
    shift
fi
engine=${1:?usage: compare_perft.sh [--uci] CMD [depth] [runs]}
depth=${2:-5}
runs=${3:-3}
cd "$(dirname "$0")/../.."
cargo build --release --example perft -q
CARGO_TARGET_DIR=target/native RUSTFLAGS="-C target-cpu=native" \
    cargo build --release --example perft -q
start="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
middle="r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
uptime
for fen in "$start" "$middle"; do
    echo "== $fen"
    for _ in $(seq "$runs"); do
        if [ "$uci" = 1 ]; then
            printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" |
                /usr/bin/time -f "other          %U s user  %e s wall" $engine 2>&1 |
                grep -E 'Nodes searched|user'
        else
            /usr/bin/time -f "other          %U s user  %e s wall" $engine "$depth" $fen 2>&1 |
                grep -E 'nodes|user'
        fi
        /usr/bin/time -f "xiangqi        %U s user  %e s wall" \
            target/release/examples/perft --fen "$fen" "$depth" 2>&1 | grep -E 'Nodes|user'
        /usr/bin/time -f "xiangqi-native %U s user  %e s wall" \
            target/native/release/examples/perft --fen "$fen" "$depth" 2>&1 | grep -E 'user'
    done
done
