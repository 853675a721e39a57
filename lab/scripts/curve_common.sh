# Shared by search_curve.sh and clock_curve.sh: sourced, not run (it sources logs_common.sh).
# Sets `commit`, `fsf`, `WORK`, `engine` (the commit's xiangqi-engine, built with
# -C target-cpu=native in a worktree under $WORK) and `tools` (this checkout's xiangqi-tools).
# Arguments: the commit (default HEAD). With KEEP_ONLY=1 nothing is built or played: the
# calling script only copies the results so far to lab/logs/ (`keep_to`), to commit them.
# shellcheck source=lab/scripts/logs_common.sh
. lab/scripts/logs_common.sh
commit=$(git rev-parse --short=8 "${1:-HEAD}^{commit}")
WORK="${WORK:-$HOME/.cache/xiangqi/curve}"
KEEP_ONLY="${KEEP_ONLY:-}"
# Copies match NAME's results and PGN from $WORK to lab/logs/curve/ (`keep_to`).
keep_curve() { # name
  keep_to "$WORK/$1.jsonl" "lab/logs/curve/$1.jsonl"
  keep_to "$WORK/$1.pgn" "lab/logs/curve/$1.pgn"
}
if [ -n "$KEEP_ONLY" ]; then
  return 0
fi
fsf="${FSF_BIN:?set FSF_BIN to a Fairy-Stockfish binary (classical, largeboards)}"
mkdir -p "$WORK"
tree="$WORK/wt-$commit"
[ -d "$tree" ] || git worktree add -q --detach "$tree" "$commit"
(cd "$tree" && RUSTFLAGS="-C target-cpu=native" cargo build -q --release -p xiangqi-engine)
engine="$tree/target/release/xiangqi-engine"
# The match runner of this checkout (the commit's engine may predate xiangqi-tools).
cargo build -q --release -p xiangqi-tools
tools="${CARGO_TARGET_DIR:-target}/release/xiangqi-tools"
