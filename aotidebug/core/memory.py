"""How a process at its memory limit fails, so that a reader can tell its own starvation from the
error it was handed: then the reading stops (`analysis.STARVED`), it never reports a half-read."""

from __future__ import annotations

# CPython's own words when a C function failed an allocation and lost the MemoryError on the way
# out (3.11: _Py_CheckFunctionResult; older: ceval). Measured: `re`'s compiler under an
# allocation-failure hook (`_testcapi.set_nomemory`) raises "<function SubPattern.__getitem__>
# returned NULL without setting an exception" at about 1 in 130 failing allocations.
_LOST_MEMORY_ERROR = ("returned NULL without setting an exception", "error return without exception set")


def starved(exc: BaseException) -> bool:
    """Whether `exc` is this process running out of memory: a MemoryError, or the SystemError an
    allocation failure leaves when CPython loses its MemoryError. Allocates nothing."""
    if isinstance(exc, MemoryError):
        return True
    if not isinstance(exc, SystemError):
        return False
    try:
        msg = exc.args[0] if exc.args else ""
        return isinstance(msg, str) and any(w in msg for w in _LOST_MEMORY_ERROR)
    except BaseException:  # args replaced by something odd: not CPython's own error
        return False
