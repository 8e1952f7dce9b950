"""A zoo of real AOTI failures triggered on this machine (tests/zoo.py has the table and how each
failure is triggered). Each case is diagnosed twice from one trigger:

- from the live exception object: `diagnose(exc)` must name the root cause, every case;
- from its text alone (`error_text(exc)`): the aggregate over ALL cases, scored against the
  same root-cause categories, must be right for >= 90% of them.

Cases marked slow load or run real packages, compile, or start a child process; the export
cases (and the legacy `torch._inductor.aot_compile(nn.Module)` call) compile nothing.
"""
from __future__ import annotations

import pytest

from tests import zoo as Z

TEXT_TARGET = 0.9


@pytest.fixture(scope="session")
def zoo(packages, tmp_path_factory):
    z = Z.new_zoo(packages, tmp_path_factory.mktemp("zoo"))
    yield z
    z.close()  # kill and reap any child still running


def _params():
    return [pytest.param(c.name, id=c.name, marks=[pytest.mark.slow] if c.slow else [])
            for c in Z.CASES]


def test_table_is_a_zoo():
    assert len(Z.CASES) >= 20
    assert len(Z.BY_NAME) == len(Z.CASES), "case names are unique"
    phases = {c.phase for c in Z.CASES}
    assert phases == {"export", "compile", "load", "run"}
    assert {c.expected for c in Z.CASES} >= {
        Z.C.EXPORT_FAILURE, Z.C.UNSUPPORTED, Z.C.INDEX_OUT_OF_BOUNDS, Z.C.COMPILE_TOOLCHAIN, Z.C.DYNAMIC_SHAPE_GUARD,
        Z.C.INPUT_MISMATCH, Z.C.DEPRECATED_API, Z.C.KERNEL_BINARY_MISSING, Z.C.DEVICE_MISMATCH,
        Z.C.CONSTANT_LOADING, Z.C.OUT_OF_MEMORY, Z.C.NUMERICAL}


@pytest.mark.parametrize("name", _params())
def test_trigger_is_real(zoo, name):
    """The failure really happens on this torch and leaves a live exception with a traceback."""
    exc, text = zoo.get(name)
    assert isinstance(exc, BaseException)
    assert exc.__traceback__ is not None
    assert text.strip()


@pytest.mark.parametrize("name", _params())
def test_diagnose_from_exception_object(zoo, name):
    import aotidebug

    case = Z.BY_NAME[name]
    exc, _ = zoo.get(name)
    d = aotidebug.diagnose(exc, **zoo.context(name))
    assert d.category == case.expected, (
        f"{name}: expected {case.expected}, got {d.category} ({case.note})")


@pytest.mark.slow
def test_diagnose_from_text_alone_aggregate(zoo):
    import aotidebug

    got = {}
    for case in Z.CASES:
        _, text = zoo.get(case.name)
        got[case.name] = aotidebug.diagnose(text).category
    right = [n for n, cat in got.items() if cat == Z.BY_NAME[n].expected]
    wrong = {n: f"{got[n]} (expected {Z.BY_NAME[n].expected})" for n in got if n not in right}
    score = len(right) / len(Z.CASES)
    assert score >= TEXT_TARGET, f"text alone right for {len(right)}/{len(Z.CASES)}; wrong: {wrong}"
