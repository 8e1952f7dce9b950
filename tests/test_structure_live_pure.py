"""read_exception on hostile live objects (no torch): it must never raise."""

from __future__ import annotations

import subprocess

from aotidebug.core.routing.structural import score
from aotidebug.core.text.structure import Phase, read_exception


class _Hostile(RuntimeError):
    @property
    def error_type(self) -> str:
        raise KeyboardInterrupt("property raised")

    @property
    def inner_exception(self) -> BaseException:
        raise RuntimeError("no")

    def __str__(self) -> str:
        raise ValueError("cannot print")


class _Wrapper(RuntimeError):
    def __init__(self, inner: BaseException) -> None:
        super().__init__(f"{type(inner).__name__}: {inner}")
        self.inner_exception = inner


def _raise_chain() -> BaseException:
    try:
        try:
            raise KeyError("buf3")
        except KeyError as inner:
            raise RuntimeError("outer") from inner
    except RuntimeError as exc:
        return exc


def test_hostile_properties_are_tolerated() -> None:
    st = read_exception(_Hostile())
    assert st.chain and st.chain[0].short_type == "_Hostile"
    assert "RuntimeError" in st.chain[0].names  # MRO read


def test_cause_chain_root_first_with_frames() -> None:
    st = read_exception(_raise_chain())
    assert [c.short_type for c in st.chain] == ["KeyError", "RuntimeError"]
    assert st.chain[0].link == "cause"
    assert st.frames and all(f.is_user for f in st.frames)  # this test file is user code
    assert st.raise_site == "user"


def test_suppressed_context_is_not_followed() -> None:
    try:
        try:
            raise KeyError("a")
        except KeyError:
            raise ValueError("b") from None
    except ValueError as exc:
        st = read_exception(exc)
    assert [c.short_type for c in st.chain] == ["ValueError"]


def test_context_cycle_terminates() -> None:
    a = RuntimeError("a")
    b = RuntimeError("b")
    a.__context__ = b
    b.__context__ = a
    assert len(read_exception(a).chain) == 2


def test_inner_exception_attribute_joins_the_chain() -> None:
    st = read_exception(_Wrapper(AttributeError("'Constant' object has no attribute 'get_name'")))
    assert [c.short_type for c in st.chain] == ["AttributeError", "_Wrapper"]
    assert "AttributeError" in st.chain[-1].inner_types


def test_subprocess_output_is_read_for_diagnostics() -> None:
    err = subprocess.CalledProcessError(1, ["g++", "x.cpp"],
                                        output=b"x.cpp:1:10: fatal error: omp.h: No such file or directory\n")
    st = read_exception(err)
    assert st.diagnostics and st.diagnostics[0].diag.subject == "omp.h"
    assert score(st)[0][0] == "compile_toolchain"
    assert st.phase is Phase.COMPILE
