"""The search over an ordered list of candidates (graph prefixes), as a pure state machine.

Polygraphy style: the loop that compiles and runs things in child processes asks the strategy
which index to try next, reports whether that try was good (no fault) with `step(success)`, and
stops when `stop()` says so. Keeping the search free of I/O lets it be tested exhaustively
without subprocesses. Candidates are ordered so that "faulty" is monotone: once an index is bad,
every later one is bad too (a prefix that contains the faulty node still faults).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class BinarySearch:
    """Halve the interval (best_good, best_bad) each step: ceil(log2(n + 1)) tries at worst.

    `n` candidates; `best_good` is the largest index known good (-1: none), `best_bad` the
    smallest index known bad (`n`: none yet tested bad). `assume_last_bad=True` (the whole graph
    is known to fault) saves a try: the interval starts as (-1, n - 1) and the last index is
    never tried.
    """

    n: int
    assume_last_bad: bool = False
    best_good: int = -1
    best_bad: int = -1
    tries: int = 0

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError(f"number of candidates must be >= 0, got {self.n}")
        if self.best_bad < 0:
            self.best_bad = self.n
        if self.assume_last_bad and self.n > 0:
            self.best_bad = min(self.best_bad, self.n - 1)

    @property
    def current(self) -> int | None:
        """The index to try next; None once the search has stopped."""
        if self.best_bad - self.best_good <= 1:
            return None
        return (self.best_good + self.best_bad) // 2

    def stop(self) -> bool:
        return self.current is None

    def step(self, success: bool) -> None:
        """Record the outcome of trying `current`: success=True means it ran without the fault."""
        idx = self.current
        if idx is None:
            raise RuntimeError("step() after stop(): the search is finished")
        self.tries += 1
        if success:
            self.best_good = max(self.best_good, idx)
        else:
            self.best_bad = min(self.best_bad, idx)

    @property
    def found(self) -> int | None:
        """The first bad index, once the search has stopped and one was seen."""
        return self.best_bad if self.stop() and self.best_bad < self.n else None

    def to_dict(self) -> dict[str, int | str | None]:
        return {"strategy": type(self).__name__, "n": self.n, "best_good": self.best_good,
                "best_bad": self.best_bad, "tries": self.tries, "found": self.found}


__all__ = ["BinarySearch"]
