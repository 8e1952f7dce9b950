"""The confidence a text reading claims means something: on the blind sets (real reports the
patterns were not fitted to), measured precision does not fall as confidence rises, beyond
sampling noise. The table itself is in docs/structure.md, printed by benchmarks/calibration.py."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _calibration():
    spec = importlib.util.spec_from_file_location("calibration", ROOT / "benchmarks" / "calibration.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_precision_rises_with_confidence_on_the_blind_sets():
    cal = _calibration()
    paths = cal.blind_sets()
    assert len(paths) >= 5 and all(p.exists() for p in paths)
    pairs = cal.readings(cal.rows(paths))
    filled = [(lo, n, prec) for lo, _, n, prec in cal.table(pairs) if n >= 5]
    assert len(filled) >= 3, filled
    # ordered within sampling noise: a bucket may fall below the one before it by at most one
    # standard error of the difference (with 9 rows in a bucket, one row moves it by 0.11)
    for (_, n0, p0), (_, n1, p1) in zip(filled, filled[1:]):
        se = (p0 * (1 - p0) / n0 + p1 * (1 - p1) / n1) ** 0.5
        assert p1 >= p0 - se, filled
    low, high = filled[0][2], filled[-1][2]
    assert high - low >= 0.3, filled  # the scale separates, not only orders


def test_every_listed_blind_set_matches_its_manifest_row_count():
    for s in _calibration().manifest():
        n = sum(1 for line in (ROOT / "benchmarks" / s["file"]).read_text().splitlines() if line.strip())
        assert n == s["rows"], s["file"]
        assert 0 <= s["first_top1"] <= s["first_top3"] <= 1


def test_refit_check_splits_sets_by_the_stop_that_read_them(capsys, monkeypatch):
    """benchmarks/refit_check.py (the cross-validated re-fit docs/structure.md reports in stop 42):
    each set's stop comes from its manifest row, and a raise only adds rows to the >= 0.7 band."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("refit_check", ROOT / "benchmarks" / "refit_check.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.stop_of("at 8904602 (stop 41: read in a clean worktree of that commit)") == 41
    assert mod.stop_of("before the table was grown") == 0
    assert mod.main(["--fit-before", "38", "--test-through", "41"]) == 0
    out = capsys.readouterr().out
    lines = re.findall(r"test \((public|live), stops 38-41, (\d+) rows\): at >= 0.7 now (\d+) \((\d+) right\), "
                       r"after the raise (\d+) \((\d+) right\)", out)
    assert [k for k, *_ in lines] == ["public", "live"], out
    for _, rows, now, now_right, after, after_right in lines:
        assert int(rows) > 0 and int(now_right) <= int(now) <= int(after) <= int(rows), out
        assert int(now_right) <= int(after_right) <= int(after), out
