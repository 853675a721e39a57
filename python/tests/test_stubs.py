"""The type stubs (xiangqi_rs/_core.pyi for the compiled module, the .pyi of
the modules that re-export it, the inline types of the pure-Python modules)
match the package: mypy's stubtest."""

import subprocess
import sys

import pytest

pytest.importorskip("mypy")


def test_stubtest(tmp_path):
    # Run from an empty folder so that the installed package is checked.
    r = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "xiangqi_rs"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_docstrings():
    import xiangqi_rs

    for name in xiangqi_rs.__all__:
        obj = getattr(xiangqi_rs, name)
        if isinstance(obj, type):
            assert obj.__doc__, name
            for attr, value in vars(obj).items():
                public = not attr.startswith("_") or attr == "_repr_svg_"
                kind = type(value).__name__
                if public and (callable(value) or kind == "getset_descriptor"):
                    assert getattr(value, "__doc__", None), f"{name}.{attr}"
