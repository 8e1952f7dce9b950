import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def packages():
    """`packages.build("small")` -> Path of a real compiled .pt2 (built once, cached on disk)."""
    from tests import packages as p

    return p


@pytest.fixture(scope="session")
def corpus_rows():
    import json

    path = SHARED / "corpus" / "dev.jsonl"
    if not path.exists():
        pytest.skip("../shared/corpus/dev.jsonl not present")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
