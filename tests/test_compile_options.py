"""AOTI's compile options read from what torch says of them. Texts from
tests/fixtures/emitted/compile_options_messages.jsonl (real, blind) and labelled live rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aotidebug

ROOT = Path(__file__).resolve().parent.parent


def _rows(path: Path) -> dict[str, dict]:
    return {r["id"]: r for r in (json.loads(line) for line in path.read_text().splitlines() if line.strip())}


OPTIONS = _rows(ROOT / "tests" / "fixtures" / "emitted" / "compile_options_messages.jsonl")


def _live(set_file: str, row_id: str) -> str:
    return _rows(ROOT / "benchmarks" / set_file)[row_id]["error_text"]


@pytest.mark.parametrize("text", [
    OPTIONS["compile-standalone-with-cpp-only-false"]["message"],      # a cut traceback: no API entry shown
    OPTIONS["compile-standalone-with-embed-false"]["message"],
    OPTIONS["compile-cross-windows-constants-in-so"]["message"],
    _live("live_blind2.jsonl", "live2-22-cross-target"),               # the whole traceback, via the package API
])
def test_options_that_conflict_with_a_mode_are_the_options(text):
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == ("unsupported", "AOTS318"), d.to_dict()
    assert "inductor_configs" in d.fixes[0]


@pytest.mark.parametrize("set_file,row_id", [("live_blind.jsonl", "live-14-legacy-options"),
                                             ("live_blind26.jsonl", "live26-32-legacy-replica-devices")])
def test_the_legacy_api_s_own_handling_stays_the_legacy_api(set_file, row_id):
    d = aotidebug.diagnose(_live(set_file, row_id))
    assert (d.category.value, d.code) == ("deprecated_api", "AOTS170")
