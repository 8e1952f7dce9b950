"""AOTI's compile options read from what torch says of them. Texts from
tests/fixtures/emitted/compile_options_messages.jsonl (real, blind) and labelled live rows."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text

OPTIONS = emitted("compile_options_messages.jsonl")


@pytest.mark.parametrize("text", [
    OPTIONS["compile-standalone-with-cpp-only-false"]["message"],      # a cut traceback: no API entry shown
    OPTIONS["compile-standalone-with-embed-false"]["message"],
    OPTIONS["compile-cross-windows-constants-in-so"]["message"],
    live_text("live_blind2.jsonl", "live2-22-cross-target"),               # the whole traceback, via the package API
])
def test_options_that_conflict_with_a_mode_are_the_options(text):
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == ("unsupported", "AOTS318"), d.to_dict()
    assert "inductor_configs" in d.fixes[0]


@pytest.mark.parametrize("set_file,row_id", [("live_blind.jsonl", "live-14-legacy-options"),
                                             ("live_blind26.jsonl", "live26-32-legacy-replica-devices")])
def test_the_legacy_api_s_own_handling_stays_the_legacy_api(set_file, row_id):
    d = aotidebug.diagnose(live_text(set_file, row_id))
    assert (d.category.value, d.code) == ("deprecated_api", "AOTS170")
