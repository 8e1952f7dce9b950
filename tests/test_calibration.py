"""The confidence a text reading claims means something: on the blind sets (real reports the
patterns were not fitted to), measured precision does not fall as confidence rises. The table
itself is docs/calibration.md, printed by benchmarks/calibration.py."""

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
    paths = sorted((ROOT / "benchmarks").glob("heldout*.jsonl"))
    assert len(paths) >= 5
    pairs = cal.readings(cal.rows(paths))
    filled = [(lo, n, prec) for lo, _, n, prec in cal.table(pairs) if n >= 5]
    assert len(filled) >= 3, filled
    precisions = [prec for _, _, prec in filled]
    assert precisions == sorted(precisions), filled
    low, high = filled[0][2], filled[-1][2]
    assert high - low >= 0.3, filled  # the scale separates, not only orders
