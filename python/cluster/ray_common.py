"""What the jobs of ``xiangqi_ray.py`` share: the log, atomic writes, and
the run file that makes a rerun resume the same run or refuse another."""

import json
import os
import sys

RUN_FILE = "run.json"


def log(text):
    print(text, file=sys.stderr, flush=True)


def duration(seconds):
    s = int(seconds)
    return f"{s // 3600}h{s // 60 % 60:02d}m{s % 60:02d}s"


def write_atomically(path, data):
    """Writes `data` (bytes) to `path` through a temporary file renamed
    into place: a stop leaves either the whole file or none."""
    tmp = f"{path}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def check_run(out, params):
    """Records the run's parameters in `out/run.json`, or checks that a
    previous run there had the same; exits with an error if not."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, RUN_FILE)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        if old != params:
            diff = sorted(k for k in set(old) | set(params) if old.get(k) != params.get(k))
            sys.exit(
                f"{out} holds a run with other parameters ({', '.join(diff)}): "
                "use another --out, or the same parameters to resume"
            )
    else:
        write_atomically(path, (json.dumps(params, indent=1, sort_keys=True) + "\n").encode())
