"""The confidence a text reading claims means something: on the blind sets (real reports the
patterns were not fitted to), measured precision does not fall as confidence rises, beyond
sampling noise. The table itself is in docs/structure.md, printed by benchmarks/calibration.py."""

from __future__ import annotations

import importlib.util
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
