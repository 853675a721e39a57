# Functions shared by the generation scripts (`generation5.sh`, `generation6.sh`): sourced, not
# run. The caller sets E (the engine binary), T (the tools binary), WORK (the output folder), THREADS, EPOCHS, GAMES,
# CHUNKS, GEN (the generation being made), TRAIN_DATA (an array of `--data DIR` pairs) and OPENINGS
# (the SPRTs' openings file, written here on first use: the 1 000 generated openings, or with
# OPENINGS_LEVEL=yes only those that `openings-check` finds level, as FEN).

# shellcheck source=lab/scripts/logs_common.sh
. lab/scripts/logs_common.sh

# The candidates that were embedded, by the commit that embedded them: their bytes are that
# commit's src/eval/nnue/default.nnue (the network is stored once, where the library embeds it).
declare -A EMBEDDED_AT=([g5-none-256x4.nnue]=53a1a25 [g6-none-256x4.nnue]=4e6edf5)

# Writes the network `name` embedded at commit `commit` to `out`, checked by its SHA-256.
embedded() { # commit, sha256, out
  [ -f "$3" ] || { git show "$1:src/eval/nnue/default.nnue" > "$3.tmp" && mv "$3.tmp" "$3"; }
  echo "$2  $3" | sha256sum -c --quiet
}

# Trains a candidate network into `out` (resuming from its last checkpoint). A candidate
# committed in lab/data/networks/ or embedded since (the one that played the SPRTs) is copied
# instead of trained again.
train() { # out, flags...
  local out="$1"; shift
  local name
  name=$(basename "$out")
  [ -f "$out" ] && { echo "train: $out is there"; return; }
  if [ -f "lab/data/networks/$name" ]; then
    cp "lab/data/networks/$name" "$out"; echo "train: $out from lab/data/networks/"; return
  fi
  if [ -n "${EMBEDDED_AT[$name]:-}" ]; then
    git show "${EMBEDDED_AT[$name]}:src/eval/nnue/default.nnue" > "$out"
    echo "train: $out embedded at commit ${EMBEDDED_AT[$name]}"; return
  fi
  local resume=()
  local last
  last=$(ls "$out.checkpoints"/epoch-*.ckpt 2>/dev/null | sort | tail -1 || true)
  [ -n "$last" ] && resume=(--resume "$last")
  nice -n 5 "$T" train "${TRAIN_DATA[@]}" --out "$out" --hidden 256 --buckets 4 \
    --epochs "$EPOCHS" --threads "$THREADS" --seed 1 --generation "$GEN" --validation-every 12 \
    "${resume[@]}" "$@"
}

# Fails unless the engine plays `net` (a file it refuses leaves the embedded network playing).
loads() { # net, generation
  local said
  said=$(printf 'uci\nsetoption name EvalFile value %s\nisready\nquit\n' "$1" | "$E")
  grep -q "EvalFile .*: network generation $2$" <<< "$said" || { echo "the engine does not load $1" >&2; exit 1; }
}

# The generation a network file's name starts with (`g5-none-256x4.nnue` is 5).
generation_of() { # net
  basename "$1" | sed -n 's/^g\([0-9]*\).*/\1/p'
}

# Writes $OPENINGS on first use: the 1 000 generated openings (seed 33), or with OPENINGS_LEVEL=yes
# only the level ones (issue 54: each searched to depth 10 from both sides, those more than 1.5
# pawns from level dropped; written as FEN, in the generated order).
openings_file() {
  [ -f "$OPENINGS" ] && return
  if [ "${OPENINGS_LEVEL:-no}" = yes ]; then
    cargo run --release -q -p xiangqi-selfplay --example openings -- 1000 33 > "$OPENINGS.all.epd"
    "$T" openings-check "$OPENINGS.all.epd" --depth 10 --keep "$OPENINGS.tmp" > "$OPENINGS.check"
  else
    cargo run --release -q -p xiangqi-selfplay --example openings -- 1000 33 > "$OPENINGS.tmp"
  fi
  mv "$OPENINGS.tmp" "$OPENINGS"
}

# The lab's copy of this generation's match results (`save` writes it, to be committed): a
# machine that starts without $WORK resumes each match from there.
LOGS="lab/logs/g$GEN-matches"

# Copies the committed results of match NAME (`.jsonl`, `.pgn`) into $WORK unless $WORK has
# its own, so that the match resumes from the games a machine before this one played.
from_logs() { # name
  local ext
  for ext in jsonl pgn; do
    resume_from "$LOGS/$1.$ext" "$WORK/$1.$ext"
  done
}

# Copies the results of the named matches from $WORK into $LOGS (`keep_to`: the whole lines
# only), and a trained `candidate` neither embedded nor yet committed into
# lab/data/networks/ (where `train` takes it from), to be committed before a session stops.
save_runs() { # candidate, match names...
  local candidate="$1" name ext
  shift
  mkdir -p "$LOGS"
  if [ -f "$candidate" ] && [ -z "${EMBEDDED_AT[$(basename "$candidate")]:-}" ] &&
    [ ! -f "lab/data/networks/$(basename "$candidate")" ]; then
    cp "$candidate" lab/data/networks/ && echo "save: lab/data/networks/$(basename "$candidate")"
  fi
  for name in "$@"; do
    for ext in jsonl pgn; do
      keep_to "$WORK/$name.$ext" "$LOGS/$name.$ext"
    done
  done
}

# A match between two networks on $OPENINGS in seeded random order, stopped by an SPRT;
# results in $WORK/NAME.jsonl (resumed, from $LOGS on a new machine). Further arguments go to
# the match (adjudication).
network_match() { # name, engine-1 network, engine-2 network, movetime (ms), games, elo0, elo1, match flags...
  local name="$1" net1="$2" net2="$3" movetime="$4" games="$5" elo0="$6" elo1="$7"
  shift 7
  from_logs "$name"
  loads "$net1" "$(generation_of "$net1")"
  loads "$net2" "$(generation_of "$net2")"
  openings_file
  "$T" match --engine1 "$E" --engine1-init "setoption name EvalFile value $net1" \
    --engine1-name "$(basename "$net1" .nnue)" \
    --engine2 "$E" --engine2-init "setoption name EvalFile value $net2" \
    --engine2-name "$(basename "$net2" .nnue)" \
    --openings "$OPENINGS" --openings-order random --openings-seed 1 \
    --movetime "$movetime" --games "$games" --concurrency "$THREADS" --sprt "$elo0" "$elo1" \
    --results "$WORK/$name.jsonl" --resume "$@"
}

# SPRT [0, 10] at 100 ms a move, engine 1 with `net1` against engine 2 with `net2`, at most
# $GAMES games.
sprt() { # name, engine-1 network, engine-2 network
  network_match "$1" "$2" "$3" 100 "$GAMES" 0 10
}

# The check that a candidate does not lose to the network it replaces at 1 s a move (issue 54):
# SPRT [-10, 0] (H0 "10 Elo weaker", H1 "as strong"), at most $GAMES_1S games (default 200). It
# passes when the SPRT accepts H1, or when it stops undecided at the limit with engine 1 at 50% or
# more; it fails when the SPRT accepts H0 or the score is below 50%. Games between two networks
# this close run 140-190 plies at 1 s unadjudicated (about 4 machine-hours for 200), so they are
# adjudicated in the manner of fishtest: a loss after 3 moves at -600 or worse, the opponent agreeing,
# a draw from move 34 after 8 moves each within 20 centipawns of 0 (fishtest's draw rule).
hold() { # name, engine-1 network, engine-2 network
  network_match "$1" "$2" "$3" 1000 "${GAMES_1S:-200}" -10 0 \
    --resign movecount=3 score=600 twosided=true --draw movenumber=34 movecount=8 score=20
  hold_verdict "$WORK/$1.jsonl"
}

# Prints `hold`'s verdict from its results file (the pairs the SPRT counts) and fails unless it
# passes.
hold_verdict() { # results
  "$T" sprt --results "$1" --elo0 -10 --elo1 0 --json | python3 -c '
import json, sys
r = json.load(sys.stdin)
n = r["penta"]
score = sum(i * k for i, k in enumerate(n)) / (4 * r["pairs"]) if r["pairs"] else 0.0
if r["decision"] == "H1":
    verdict = "passes (H1 accepted)"
elif r["decision"] == "H0":
    verdict = "fails (H0 accepted)"
else:
    verdict = "passes (undecided, at 50% or more)" if score >= 0.5 else "fails (undecided, below 50%)"
games, llr, lower, upper = r["games"], r["llr"], r["lower"], r["upper"]
print(f"hold: {games} games, engine 1 scored {100 * score:.1f}%, LLR {llr:.2f} ({lower:.2f}, {upper:.2f}): {verdict}")
sys.exit(0 if verdict.startswith("passes") else 1)
'
}

# 100 games at 1 s a move against Fairy-Stockfish (classical, FSF_BIN), `net` on our side, the
# 50 shipped openings with colours swapped, move limit 50; results in $WORK/NAME.jsonl and .pgn
# (resumed, from $LOGS on a new machine).
confirm() { # name, network
  local name="$1" net="$2"
  loads "$net" "$(generation_of "$net")"
  from_logs "$name"
  "$T" match --engine1 "$E" \
    --engine1-init "setoption name EvalFile value $net" \
    --engine1-init "setoption name Move Limit value 50" \
    --engine2 "${FSF_BIN:?set FSF_BIN to a Fairy-Stockfish binary}" --engine2-fsf \
    --move-limit 50 --movetime 1000 --games 100 --concurrency "$THREADS" \
    --resign movecount=3 score=600 \
    --results "$WORK/$name.jsonl" --resume --pgn "$WORK/$name.pgn"
}

# Self-play of generation G's data (network `net`, 6 000 nodes a move, `seed`, game files
# g<G>-s<seed>-n6000-*.xqg) into $WORK/data-g<G>, chunks 0..$CHUNKS-1. The chunks committed in
# lab/data/g<G> are copied there first and not played again (datagen skips the files it finds).
play_data() { # data generation, seed, network
  local g="$1" seed="$2" net="$3"
  mkdir -p "$WORK/data-g$g"
  if [ -d "lab/data/g$g" ]; then
    find "lab/data/g$g" -maxdepth 1 -name "g$g-s$seed-n6000-*.xqg" -exec cp -n {} "$WORK/data-g$g/" \;
  fi
  nice -n 15 "$T" datagen --out "$WORK/data-g$g" --chunks "$CHUNKS" --first-chunk 0 \
    --games-per-chunk 100 --nodes 6000 --threads "$THREADS" --seed "$seed" --network "$net" \
    --format games
}

# Copies the finished chunks of `play_data` into lab/data/g<G>/ (to be committed) and prints the
# totals for lab/data/README.md's row (games, plies, positions, bytes).
sync_data() { # data generation, seed
  local g="$1" seed="$2"
  mkdir -p "lab/data/g$g"
  find "$WORK/data-g$g/" -maxdepth 1 -name "g$g-s$seed-n6000-*.xqg" -exec cp -n {} "lab/data/g$g/" \;
  echo "lab/data/g$g: $(find "lab/data/g$g" -name "*.xqg" | wc -l) chunks, $(du -sh "lab/data/g$g" | cut -f1)"
  cargo run --release -q -p xiangqi-selfplay --example games_stats -- "lab/data/g$g"/*.xqg | tail -1
}
