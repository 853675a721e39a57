"""The README's Python snippets run as written, in a fresh empty folder."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def snippets():
    if not README.exists():
        return []
    text = README.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_readme_has_python_snippets():
    if not README.exists():
        pytest.skip("not run from a checkout")
    assert snippets()


@pytest.mark.parametrize("i", range(len(snippets())))
def test_readme_snippet_runs_in_an_empty_folder(i, tmp_path):
    code = snippets()[i]
    r = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, f"snippet {i}:\n{code}\n{r.stdout}\n{r.stderr}"
    assert list(tmp_path.iterdir()) == [] or all(p.suffix == ".pgn" for p in tmp_path.iterdir())
