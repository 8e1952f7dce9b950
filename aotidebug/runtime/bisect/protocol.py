"""What the bisection child and its parent say to each other: phases, faults and output markers.

The child (`child.py`) rewrites a JSON result file after each phase, so a child killed by a
signal still leaves the last phase it reached; the parent (`runner.py`, `policy.py`) reads it.
Both sides use these enums. They are `str`-valued, so the JSON on disk is unchanged: a phase is
written as `"compiled"`, and a plain string read back compares equal to `Phase.COMPILED`.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Mapping


class _StrEnum(str, Enum):
    """A str-valued Enum that prints and formats as its value on every Python >= 3.10."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Phase(_StrEnum):
    """How far a child got, in order; the `phase` field of its result file."""

    START = "start"              # started, nothing done yet
    EXPORTED = "exported"        # the program is exported (or loaded); `nodes` is filled in
    COMPILED = "compiled"        # the package is compiled
    RUNNING = "running"          # the package is loaded and being called
    RAN = "ran"                  # the call returned; `check` holds the output comparison
    RUN_ERROR = "run-error"      # the call raised
    BUILD_ERROR = "build-error"  # import, export or compile raised

    @classmethod
    def of(cls, result: Any) -> "Phase | None":
        """The phase a result dict reports (None when it reports none, or one we do not know)."""
        value = result.get("phase") if hasattr(result, "get") else None
        try:
            return cls(value)
        except ValueError:
            return None

    @property
    def compiled(self) -> bool:
        """The child got as far as a compiled package."""
        return self in _COMPILED

    @property
    def ran(self) -> bool:
        """The child called the compiled package."""
        return self in _RAN


_COMPILED = frozenset({Phase.COMPILED, Phase.RUNNING, Phase.RAN, Phase.RUN_ERROR})
_RAN = frozenset({Phase.RUNNING, Phase.RAN, Phase.RUN_ERROR})


class Fault(_StrEnum):
    """What went wrong in a run: the `fault` of a BisectResult."""

    CRASH = "crash"          # the child died of a signal or passed its timeout
    ERROR = "error"          # building or running raised
    NAN = "nan"              # the outputs hold NaN or Inf
    MISMATCH = "mismatch"    # the compiled outputs differ from eager ones


# Settings both sides (and the repro script) agree on.
RTOL = ATOL = 1e-4    # compiled vs eager tolerance: the child's default and the parent's request
PRINTER_ENV = "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER"
# The stage-1 compile: value printer mode 2 (launch markers plus tensor statistics) and provenance.
TRACE_CONFIGS: Mapping[str, Any] = {"aot_inductor.debug_intermediate_value_printer": "2",
                                    "trace.provenance_tracking_level": 1}

# Printed by the child on stdout around the call of the compiled package, so the parent reads
# the launch trace of the run alone (not of compilation).
RUN_MARK = "AOTIDEBUG-RUN-START"
DONE_MARK = "AOTIDEBUG-RUN-DONE"

__all__ = ["Phase", "Fault", "RUN_MARK", "DONE_MARK", "RTOL", "ATOL", "PRINTER_ENV", "TRACE_CONFIGS"]
