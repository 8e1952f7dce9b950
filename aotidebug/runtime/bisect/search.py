"""Search strategies over an ordered list of candidates, as pure state machines.

Polygraphy style: the loop that compiles and runs things in child processes asks the strategy
which index to try next, reports whether that try was good (no fault) with `step(success)`, and
stops when `stop()` says so. Keeping the strategy free of I/O lets it be tested exhaustively
without subprocesses. Candidates are ordered so that "faulty" is monotone: once an index is bad,
every later one is bad too (a prefix that contains the faulty node still faults).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class _Search:
    """Shared state: `n` candidates; `best_good` is the largest index known good (-1: none),
    `best_bad` the smallest index known bad (`n`: none yet tested bad)."""

    n: int
    best_good: int = -1
    best_bad: int = -1
    tries: int = 0

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError(f"number of candidates must be >= 0, got {self.n}")
        if self.best_bad < 0:
            self.best_bad = self.n

    @property
    def current(self) -> int | None:
        raise NotImplementedError

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

    def to_dict(self) -> dict:
        return {"strategy": type(self).__name__, "n": self.n, "best_good": self.best_good,
                "best_bad": self.best_bad, "tries": self.tries, "found": self.found}


@dataclass
class LinearSearch(_Search):
    """Try 0, 1, 2, ... until the first bad one: n tries at worst, the naive baseline."""

    @property
    def current(self) -> int | None:
        if self.best_bad < self.n:
            return None
        nxt = self.best_good + 1
        return nxt if nxt < self.n else None


@dataclass
class BinarySearch(_Search):
    """Halve the interval (best_good, best_bad) each step: ceil(log2(n + 1)) tries at worst.

    `assume_last_bad=True` (the whole graph is known to fault) saves a try: the interval starts
    as (-1, n - 1) and the last index is never tried.
    """

    assume_last_bad: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.assume_last_bad and self.n > 0:
            self.best_bad = min(self.best_bad, self.n - 1)

    @property
    def current(self) -> int | None:
        if self.best_bad - self.best_good <= 1:
            return None
        return (self.best_good + self.best_bad) // 2


STRATEGIES = {"linear": LinearSearch, "binary": BinarySearch}
