"""Stable exception types.

Two roots, as in Polygraphy: `AOTIDebugError` for problems with the user's package, inputs or
host (each carries a `.diagnosis`), and `InternalError` for bugs in aotidebug itself. The class
names and their `.code` values are part of the public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .result import Diagnosis


class AOTIDebugError(Exception):
    """Base of every user-facing aotidebug error; `.diagnosis` explains it."""

    code = "aotidebug-error"

    def __init__(self, message: str, *, diagnosis: "Diagnosis | None" = None, problem: str | None = None,
                 **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details
        self.problem = problem
        if diagnosis is None and problem is not None:
            from .refusals import refusal_diagnosis

            diagnosis = refusal_diagnosis(problem, message, **details)
        self._diagnosis = diagnosis

    @property
    def diagnosis(self) -> "Diagnosis":
        """The Diagnosis built where the error was raised (from what was measured there); for an
        error raised without one, a reading of its message."""
        if self._diagnosis is None:
            from .routing.classify import diagnose_text

            self._diagnosis = diagnose_text(self.message)
        return self._diagnosis

    def __reduce__(self) -> tuple[Callable[..., AOTIDebugError], tuple[Any, ...]]:
        # keep the type and fields across pickling (multiprocessing, tooling)
        return (_rebuild_error, (type(self), self.message, self._diagnosis, self.problem, self.details))


def _rebuild_error(cls: type[AOTIDebugError], message: str, diagnosis: Diagnosis | None,
                   problem: str | None, details: dict[str, Any]) -> AOTIDebugError:
    return cls(message, diagnosis=diagnosis, problem=problem, **details)


class PackageError(AOTIDebugError):
    """The file is not a readable AOTI package: missing, corrupt, truncated, hostile or not AOTI."""

    code = "package-error"


class HostMismatchError(AOTIDebugError):
    """The package cannot run on this host (device type, CPU ISA, compute capability, platform)."""

    code = "host-mismatch"


class InputMismatchError(AOTIDebugError, RuntimeError):
    """A call's inputs break the package's compiled contract (count, device, dtype, shape, stride).

    Also a `RuntimeError`, as torch's own input checks raise: code written around the model
    `aoti_load_package` returns keeps catching what `SafeModel` raises in its place."""

    code = "input-mismatch"


class AOTIRuntimeError(AOTIDebugError, RuntimeError):
    """The compiled model raised (the original exception is chained as `__cause__`), or a call
    was refused because it would run on constants never loaded.

    Also a `RuntimeError`, what torch raises there: a `load_constants` that fails inside
    `except RuntimeError` stays caught under `safe_load(isolate=True)`, as it is without it."""

    code = "aoti-runtime-error"


class CrashError(AOTIDebugError):
    """An isolated worker died (signal) or passed its timeout; the caller survived.

    `.kernel`: the generated kernel at fault (from the faulting instruction pointer when the
    crash was named, else from the worker's output), `.symbol`: the raw symbol at the faulting
    instruction (a libtorch function for an ATen fallback), `.object`: the `.so` (or libtorch
    library) holding it; None when not known. They are also in `details` (compatibility)."""

    code = "crash"

    def __init__(self, message: str, *, diagnosis: "Diagnosis | None" = None,
                 problem: str | None = None, kernel: str | None = None,
                 symbol: str | None = None, object: str | None = None,  # noqa: A002
                 **details: Any) -> None:
        super().__init__(message, diagnosis=diagnosis, problem=problem, kernel=kernel,
                         symbol=symbol, object=object, **details)
        self.kernel: str | None = kernel
        self.symbol: str | None = symbol
        self.object: str | None = object


class IsolationError(AOTIDebugError):
    """A subprocess needed for isolation could not be started or talked to."""

    code = "isolation-error"


class InternalError(Exception):
    """A bug in aotidebug itself (not the user's package or inputs). Please report it."""
