"""Shared helpers: the repository's reference data (tests/suite/tests/data)."""

from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "tests" / "suite" / "tests" / "data"


def data_lines(name):
    """The non-comment lines of a reference file, split on '|'."""
    out = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split("|"))
    return out
