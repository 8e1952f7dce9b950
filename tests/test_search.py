"""The bisection search is a pure state machine: exhaustive checks, no subprocesses."""
import math

import pytest

from aotidebug.runtime.bisect.search import BinarySearch


def drive(search, first_bad):
    """Run a search against a monotone oracle: index i is bad iff i >= first_bad."""
    tried = []
    while not search.stop():
        i = search.current
        tried.append(i)
        search.step(i < first_bad)
    return tried


@pytest.mark.parametrize("n", range(0, 18))
def test_binary_finds_first_bad_in_log_tries(n):
    for first_bad in range(0, n + 1):  # n means "no bad index"
        s = BinarySearch(n)
        tried = drive(s, first_bad)
        assert s.found == (first_bad if first_bad < n else None)
        assert len(tried) <= math.ceil(math.log2(n + 1))
        assert len(set(tried)) == len(tried), "an index was tried twice"
        assert s.best_good == first_bad - 1 if first_bad < n else s.best_good == n - 1


@pytest.mark.parametrize("n", range(1, 18))
def test_binary_assume_last_bad_never_tries_the_last(n):
    for first_bad in range(0, n):
        s = BinarySearch(n, assume_last_bad=True)
        tried = drive(s, first_bad)
        assert s.found == first_bad
        assert n - 1 not in tried
        assert len(tried) <= math.ceil(math.log2(n))


def test_step_after_stop_raises_and_bad_sizes_rejected():
    s = BinarySearch(1)
    s.step(False)
    assert s.stop() and s.found == 0
    with pytest.raises(RuntimeError):
        s.step(True)
    with pytest.raises(ValueError):
        BinarySearch(-1)


def test_to_dict():
    s = BinarySearch(8)
    drive(s, 3)
    d = s.to_dict()
    assert d == {"strategy": "BinarySearch", "n": 8, "best_good": 2, "best_bad": 3,
                 "tries": s.tries, "found": 3}
    assert d["tries"] == 3  # 8 candidates: three halvings
