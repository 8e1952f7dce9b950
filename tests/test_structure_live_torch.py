"""read_exception on REAL exceptions raised by torch 2.13 (CPU). Skipped without torch.

The cheap cases (export) always run; compiling a package takes about 90 s on two cores, so the
run-phase case runs only with AOTIDEBUG_SLOW=1."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from aotidebug.core.routing.structural import score
from aotidebug.core.text.structure import Origin, Phase, Subsystem, read_exception

torch: Any = pytest.importorskip("torch")


def _catch(fn: Callable[[], object]) -> BaseException:
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the point is to read whatever torch raises
        return exc
    raise AssertionError("expected an exception")


class _DataDependent(torch.nn.Module):  # type: ignore[misc]
    def forward(self, x: Any) -> Any:
        if x.sum() > 0:
            return x + 1
        return x - 1


class _NonzeroBranch(torch.nn.Module):  # type: ignore[misc]
    def forward(self, x: Any) -> Any:
        if x.nonzero().shape[0] > 3:
            return x + 1
        return x


class _Specialises(torch.nn.Module):  # type: ignore[misc]
    def forward(self, x: Any) -> Any:
        return x.view(4, -1)


def _top(exc: BaseException) -> str:
    s = score(read_exception(exc))
    return s[0][0] if s else "unknown"


def test_export_data_dependent_non_strict() -> None:
    exc = _catch(lambda: torch.export.export(_NonzeroBranch(), (torch.randn(5),)))
    st = read_exception(exc)
    assert "GuardOnDataDependentSymNode" in st.type_names
    assert st.subsystem in (Subsystem.EXPORT, Subsystem.DYNAMO) and st.phase is Phase.EXPORT
    assert st.user_frames and st.raise_site in ("user", "torch")
    assert _top(exc) == "export_failure"


def test_export_data_dependent_strict_is_unsupported_python() -> None:
    exc = _catch(lambda: torch.export.export(_DataDependent(), (torch.randn(3),), strict=True))
    st = read_exception(exc)
    assert "Unsupported" in st.type_names
    assert any(n.endswith("TorchDynamoException") for n in st.chain[-1].mro)
    assert st.subsystem is Subsystem.DYNAMO and st.phase is Phase.EXPORT
    assert _top(exc) == "export_failure"


def test_export_dim_range_violation() -> None:
    dims = {"x": {0: torch.export.Dim("b", min=2, max=64)}}
    exc = _catch(lambda: torch.export.export(_Specialises(), (torch.randn(4, 8),), dynamic_shapes=dims))
    st = read_exception(exc)
    assert st.chain[-1].short_type == "UserError" and st.chain[-1].error_type == "CONSTRAINT_VIOLATION"
    assert "ConstraintViolationError" in st.type_names
    assert _top(exc) == "dynamic_shape_guard"


def test_legacy_aot_compile_handed_an_exported_program_is_the_legacy_api() -> None:
    """The legacy aot_compile exports its argument itself; Dynamo will not trace a program, and
    says so deep below it. AOTS346 (stop 62, in-sample from the scientific vocabulary)."""
    import traceback
    import warnings

    import aotidebug
    from tests.labelled import emitted

    ep = torch.export.export(_Specialises(), (torch.randn(4, 8),))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exc = _catch(lambda: torch._export.aot_compile(ep, (torch.randn(4, 8),)))
    text = "".join(traceback.format_exception(exc))
    for d in (aotidebug.diagnose(exc), aotidebug.diagnose(text)):
        assert (d.category.value, d.code) == ("deprecated_api", "AOTS346"), d.code
        assert d.candidates[1].category.value == "export_failure"  # the tracer's words, second
    row = emitted("scientific_messages.jsonl")["compile-legacy-export-aot-compile-with-exported-program"]
    assert aotidebug.diagnose(row["message"]).code == "AOTS346"
    # the same program given to the package API is no legacy call (not read so)
    plain = _catch(lambda: torch.export.export(ep, (torch.randn(4, 8),)))
    assert aotidebug.diagnose(plain).code != "AOTS346"


def test_load_missing_package_is_load_phase() -> None:
    exc = _catch(lambda: torch._inductor.aoti_load_package("/nonexistent/aotidebug-test.pt2"))
    st = read_exception(exc)
    assert st.subsystem is Subsystem.PACKAGE_LOAD and st.phase is Phase.LOAD
    assert st.user_frames  # this test is the user's call site


def test_real_exception_classes() -> None:
    from torch._export.verifier import SpecViolationError
    from torch._inductor.exc import CppCompileError, InductorError, LoweringException, MissingOperatorWithoutDecomp

    gen = CppCompileError(["g++", "w.cpp"], "/tmp/torchinductor_u/ab/cabcdefghijklmnopqrstuvwxyzabcdefghijklmn"
                          "opqrstuvw.wrapper.cpp:12:5: error: 'aoti_torch_cpu_foo' was not declared in this scope")
    assert read_exception(gen).origins == frozenset({Origin.GENERATED_WRAPPER})
    assert _top(gen) == "unsupported"
    env = CppCompileError(["g++", "w.cpp"], "w.cpp:1:10: fatal error: omp.h: No such file or directory")
    assert _top(env) == "compile_toolchain"
    assert _top(MissingOperatorWithoutDecomp(torch.ops.aten.add.Tensor, (), {})) == "unsupported"
    wrapped = InductorError(LoweringException(AttributeError("x"), torch.ops.aten.add.Tensor, (), {}), None)
    st = read_exception(wrapped)
    assert [c.short_type for c in st.chain] == ["LoweringException", "InductorError"]
    assert _top(wrapped) == "torch_bug"
    assert _top(torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")) == "out_of_memory"
    assert _top(torch.AcceleratorError("CUDA error: an illegal memory access was encountered")) == \
        "illegal_memory_access"
    assert _top(SpecViolationError("Operator 'foo' is not an allowed operator type")) == "export_failure"


def test_run_phase_wrong_inputs(small: Any) -> None:
    """The session's `small` package (Linear(8,4), static (2, 8)), called wrongly three ways."""
    model = torch._inductor.aoti_load_package(str(small))
    import aotidebug

    for args, kwargs in (((torch.randn(2, 9),), {}), ((), {"x": torch.randn(2, 8)}),
                         ((torch.randn(2, 8), torch.randn(2, 8)), {})):
        exc = _catch(lambda: model(*args, **kwargs))
        st = read_exception(exc)
        assert st.subsystem is Subsystem.MODEL_RUN and st.phase is Phase.RUN
        if "run_func_(" in str(exc).split("\n", 1)[0]:
            # torch <= 2.12: the op's words went to stderr, the exception holds only the runner's
            # generic line; the model and the inputs measure what the words would have said
            assert score(st)[0][0] == "opaque_runtime_error"
            assert aotidebug.diagnose(exc, model, args).category.value == "input_mismatch"
        else:
            assert score(st)[0][0] == "input_mismatch"
