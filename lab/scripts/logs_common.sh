# Shared by the lab's match scripts: sourced, not run. A match writes its results under
# ~/.cache/xiangqi (its `WORK`), and a copy kept in lab/logs/ (committed before a session stops)
# lets a machine without that folder resume the match from the games played before.

# Copies the committed file `kept` to `work` unless `work` is already there (the machine's own
# results are newer); says so on standard error.
resume_from() { # kept, work
  if [ ! -f "$2" ] && [ -f "$1" ]; then
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2"
    echo "resuming from $1 ($(wc -l < "$1") lines)" >&2
  fi
  return 0
}

# Copies the results file `work` to the committed `kept` (the whole lines only, for a `.jsonl`:
# a match still playing may be writing its last one); says so on standard output. A missing
# `work` copies nothing, and a `kept` with more lines than `work` is left alone, with a warning
# on standard error (the copy would lose games: `work` is then not this match's whole record).
keep_to() { # work, kept
  [ -f "$1" ] || return 0
  mkdir -p "$(dirname "$2")"
  python3 -c '
import os, sys
data = open(sys.argv[1], "rb").read()
if sys.argv[1].endswith(".jsonl"):
    data = data[: data.rfind(b"\n") + 1]
if os.path.exists(sys.argv[2]):
    kept = open(sys.argv[2], "rb").read().count(b"\n")
    if kept > data.count(b"\n"):
        sys.exit(f"not kept: {sys.argv[2]} has {kept} lines, {sys.argv[1]} fewer")
open(sys.argv[2], "wb").write(data)
' "$1" "$2" && echo "kept: $2 ($(wc -l < "$2") lines)"
  return 0
}
