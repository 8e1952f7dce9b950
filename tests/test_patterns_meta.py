"""Meta-tests that keep the routing table honest."""

from __future__ import annotations

import re
from pathlib import Path

from aotidebug.core import flags, hints
from aotidebug.core.categories import Category
from aotidebug.core.routing.classify import classify, required_literals, unprefiltered_regexes
from aotidebug.core.routing.patterns import PATTERNS

LOGS = Path(__file__).resolve().parent / "fixtures" / "logs"
DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_codes_and_slugs_unique_and_well_formed():
    codes = [p.code for p in PATTERNS]
    slugs = [p.slug for p in PATTERNS]
    assert len(set(codes)) == len(codes)
    assert len(set(slugs)) == len(slugs)
    for p in PATTERNS:
        assert re.fullmatch(r"AOTD[1-9]\d\d", p.code), p.code
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", p.slug), p.slug
        assert p.category is not Category.UNKNOWN
        assert 0.0 < p.weight < 1.0


def test_every_regex_compiles_and_has_a_prefilter_literal():
    for p in PATTERNS:
        assert p.regexes, p.code
        for r in p.regexes:
            re.compile(r, re.I | re.M)
            assert required_literals(r), (p.code, r)
    assert unprefiltered_regexes() == []


def test_required_literals_are_sound():
    assert required_literals(r"index out of bounds: 0 <= \w+") == {"index out of bounds: 0 <= "}
    assert required_literals(r"(?:foo|barbaz) qux\d+") == {" qux"} or required_literals(r"(?:foo|barbaz) qux\d+") == {"foo", "barbaz"}
    assert required_literals(r"a?") is None


def test_every_fix_is_a_named_hint_and_every_flag_exists():
    hint_values = set(hints.ALL.values())
    flag_names = {f.name for f in flags.FLAGS}
    for p in PATTERNS:
        assert p.fixes, p.code
        for fix in p.fixes:
            assert fix in hint_values, (p.code, fix[:40])
        for name in p.flags:
            assert name in flag_names, (p.code, name)


def test_every_pattern_has_a_matching_fixture():
    matched: set[str] = set()
    for path in LOGS.glob("*.txt"):
        matched |= {m.code for m in classify(path.read_text())}
    missing = [p.code for p in PATTERNS if p.code not in matched]
    assert not missing, missing


def test_every_category_has_a_docs_page_and_codes_table():
    for cat in Category:
        page = DOCS / "categories" / f"{cat.value}.md"
        assert page.exists(), page
        text = page.read_text()
        for heading in ("## Cause", "## How to confirm", "## Fixes"):
            assert heading in text, (page, heading)
    codes_md = (DOCS / "codes.md").read_text()
    for p in PATTERNS:
        assert p.code in codes_md and p.slug in codes_md, p.code


def test_patterns_are_compiled_lazily():
    import subprocess
    import sys

    code = ("import aotidebug.core.routing.classify as c, aotidebug.core.text.extract as e, sys;"
            "assert c._compiled.cache_info().currsize == 0;"
            "assert e._compiled.cache_info().currsize == 0;"
            "assert 'torch' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parent.parent)
