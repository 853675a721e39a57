#!/bin/sh
# Compares our tables with FelicityEgtb's, every position of each table both
# ways, and writes one TSV line a table and direction (docs/tablebase.md,
# "Compared with FelicityEgtb"). How to build FelicityEgtb, make its tables
# and build the two helpers: egtb/examples/compare_felicity.rs.
#
#   tests/egtb/compare_felicity.sh OURS_DIR FELICITY_DB FELICITY_DUMP NAME... > out.tsv
#
# OURS_DIR: our .xqtb files; FELICITY_DB: the -d folder of their fegtbxq;
# FELICITY_DUMP: the felicity_dump binary built from tests/egtb/felicity_dump.cpp.
# Columns: table, direction (theirs: every position of their index probed
# in ours; ours: every position of our index probed in theirs), positions,
# same value (win/draw/loss and plies), same win/draw/loss, their wins,
# draws, losses (side to move), then the differences by kind, if any. The
# full output of each run (with example FENs of each difference) goes to
# $FELICITY_OUT (default /tmp) as compare_felicity.NAME.DIRECTION.txt.
set -eu
ours=$1 db=$2 dump=$3 out=${FELICITY_OUT:-/tmp}
shift 3
here=$(cd "$(dirname "$0")/../.." && pwd)
cmp="$here/target/release/examples/compare_felicity"
[ -x "$cmp" ] || cargo build --release -p xiangqi-egtb --example compare_felicity >&2
summary() {
    awk -v name="$1" -v dir="$2" '
        /^positions / { gsub(",", ""); n = $2; same = $5; wdl = $8 }
        /^felicity.s verdicts/ {
            w = d = l = 0
            if (match($0, /Win\)": [0-9]+/)) w = substr($0, RSTART + 7, RLENGTH - 7)
            if (match($0, /Draw\)": [0-9]+/)) d = substr($0, RSTART + 8, RLENGTH - 8)
            if (match($0, /Loss\)": [0-9]+/)) l = substr($0, RSTART + 8, RLENGTH - 8)
        }
        /^[^ ].*: [0-9]+$/ && !/^positions/ { diffs = diffs $0 "; " }
        END { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, dir, n, same, wdl, w, d, l, diffs }'
}
for name in "$@"; do
    "$dump" dump "$db" "$name" | "$cmp" compare "$ours" | tee "$out/compare_felicity.$name.theirs.txt" | summary "$name" theirs
    "$cmp" positions "$ours" "$name" | "$dump" probe "$db" | "$cmp" compare "$ours" \
        | tee "$out/compare_felicity.$name.ours.txt" | summary "$name" ours
done
