"""Labelled rows the reading tests quote, by id: a blind vocabulary's messages
(tests/fixtures/emitted/<name>) and a live set's error texts (benchmarks/<set>), read once each;
and the reading those tests compare (`reading`)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def _by_id(path: Path) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in (json.loads(line) for line in path.read_text().splitlines() if line.strip())}


def emitted(name: str) -> dict[str, dict[str, Any]]:
    """The rows of tests/fixtures/emitted/`name`, by id."""
    return _by_id(ROOT / "tests" / "fixtures" / "emitted" / name)


def live_text(set_file: str, row_id: str) -> str:
    """The error text of one row of benchmarks/`set_file`."""
    return _by_id(ROOT / "benchmarks" / set_file)[row_id]["error_text"]


def reading(text_or_exc: Any) -> tuple[str, str]:
    """The (category, code) that `aotidebug.diagnose` gives a text or a live exception."""
    import aotidebug

    d = aotidebug.diagnose(text_or_exc)
    return d.category.value, d.code
