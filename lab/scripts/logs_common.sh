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
