"""The README's Python examples work as written: its ```python blocks are run in order, in one
namespace (as a reader would type them), in an empty directory."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    """The code of the README's ```python blocks, in order."""
    return re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)


def test_the_readme_has_python_examples() -> None:
    assert len(python_blocks()) >= 3
    assert any("read_game" in block for block in python_blocks())


def test_the_readme_python_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for number, block in enumerate(python_blocks(), 1):
            exec(compile(block, f"README.md python block {number}", "exec"), namespace)
    lines = printed.getvalue().splitlines()
    assert lines[:2] == ["44", "e5"]  # what the comments beside those prints say
    assert "False None" in lines
    assert (tmp_path / "games.pgn").exists() and (tmp_path / "board.svg").exists()
    assert "1. c4 Nb7 *" in lines
