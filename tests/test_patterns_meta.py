"""Meta-tests that keep the routing table honest."""

from __future__ import annotations

import re
from pathlib import Path

from aotidebug.core import flags, hints
from aotidebug.core.categories import Category
from aotidebug.core.routing.classify import classify, rank, required_literals, unprefiltered_regexes
from aotidebug.core.routing.patterns import PATTERNS

LOGS = Path(__file__).resolve().parent / "fixtures" / "logs"
# the messages torch itself emits, rendered from its source: the AOTI runtime, loader and runner
# (aoti_messages.jsonl), and the export -> compile -> load path (compile_path_messages.jsonl)
EMITTED = sorted((Path(__file__).resolve().parent / "fixtures" / "emitted").glob("*.jsonl"))
DOCS = Path(__file__).resolve().parent.parent / "docs"
PACKAGE_DOCS = Path(__file__).resolve().parent.parent / "aotidebug" / "docs"  # shipped in the wheel


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
    assert required_literals(r"(?:foo|barbaz) qux\d+") == {" qux"}  # the longest required literal wins
    assert required_literals(r"a?") is None
    # a literal followed by a small class (also repeated) requires one of its extensions
    assert required_literals(r"\brc[ =:]+(\d+)") == {"rc ", "rc=", "rc:"}
    assert required_literals(r"ab[cd]e") == {"abce", "abde"}
    # an optional character forks the run: every spelling is still required-or-other
    assert required_literals(r"colou?r") == {"color", "colour"}
    assert required_literals(r"\brc:? -?(?:139|11)\b") == {"rc 1", "rc: 1", "rc -1", "rc: -1"}
    assert required_literals(r"x:?") is None
    assert required_literals(r"ab[^c]") == {"ab"} and required_literals(r"ab[cd]*") == {"ab"}
    assert required_literals(r"ab[b-z]") == {"ab"}       # a range is not a few literals


def test_the_literal_set_finds_exactly_what_in_finds():
    """`LiteralSet.present` (a trie scan per first character) agrees with one `in` per literal, on
    literals that overlap, nest as prefixes, share suffixes and hold regex metacharacters."""
    import random

    from aotidebug.core.routing.classify import _all_keywords
    from aotidebug.core.text.regexscan import LiteralSet

    words = ["fail", "failed", "failed to", "ail", "a.b", "(x)", "\\n", " in ", "in", "n", "seg\nfault", "[0]"]
    ls = LiteralSet(words)
    rng = random.Random(7)
    alphabet = "failedtosegx.b()[0] \n\\"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert ls.present(text) == frozenset(w for w in words if w in text), text
    assert LiteralSet([]).present("anything") == frozenset()
    assert LiteralSet(["", "ab"]).present("xab") == frozenset({"", "ab"})  # "" in any text, as `in` says
    assert LiteralSet([""]).present("") == frozenset({""})
    table = _all_keywords()   # and the routing table's own keywords, on the real logs
    for path in sorted(LOGS.glob("*.txt")):
        low = path.read_text(encoding="utf-8").lower()
        assert table.present(low) == frozenset(w for w in table.words if w in low), path.name


def test_prefiltered_search_finds_what_a_full_search_finds():
    """The literal prefilter and the line windows never lose a match: every table regex, on every
    log fixture and dev report, alone and padded past the windowing threshold with unrelated lines."""
    import json

    from aotidebug.core.routing.classify import _compiled, present_keywords
    from aotidebug.core.text.regexscan import search

    texts = [p.read_text(encoding="utf-8") for p in sorted(LOGS.glob("*.txt"))]
    corpus = Path(__file__).resolve().parent / "fixtures" / "corpus" / "dev.jsonl"
    texts += [json.loads(line)["error_text"] or "" for line in corpus.read_text().splitlines() if line.strip()]
    pad = "".join(f"[step {i}] loss=0.{i:04d} lr=3e-4 src/train.py ok\n" for i in range(60))
    regexes = [(rx, req) for rule in _compiled() for rx, req in rule.regexes]
    checked = 0
    for base in texts:
        for text in (base, pad + base + "\n" + pad):
            low = text.lower()
            present = present_keywords(low)
            for rx, req in regexes:
                want = rx.search(text)
                got = search(rx, text, low, req, present)
                assert bool(got) == bool(want), (rx.pattern, text[:200])
                checked += bool(want)
    assert checked > 200   # the property was exercised on real matches, not only on misses


def test_led_finditer_equals_finditer():
    """Matching only where a regex's leading literals occur gives finditer's matches, in order."""
    from aotidebug.core.text.extract import KERNEL_REGEX
    from aotidebug.core.text.regexscan import finditer_led, leading_literals

    assert leading_literals(r"\bfoo(?:bar|baz)") == {"foobar", "foobaz"}   # parsed as fooba[rz]
    assert leading_literals(r"(?<!\w)(?:abc|de)f") == {"abc", "de"}     # the group's own leads
    assert leading_literals(r"\s*abc") is None and leading_literals(r"(?:ab)?cd") is None
    assert leading_literals(r"a+bc") is None                 # one required letter is no filter
    texts = [p.read_text(encoding="utf-8") for p in sorted(LOGS.glob("*.txt"))]
    kernel = re.compile(KERNEL_REGEX)
    rxs = [kernel, re.compile(r"\bcpp_fused_\w+", re.I), re.compile(r"(?<![\w.])error: \S+", re.I)]
    seen = 0
    for text in texts + ["cpp_fused_a_0 cpp_fused_b_1xcpp_fused_c_2", "ERROR: x error: y"]:
        low = text.lower()
        for rx in rxs:
            led = finditer_led(rx, text, low if rx.flags & re.I else text)
            assert led is not None
            got = [(m.start(), m.group(0)) for m in led]
            assert got == [(m.start(), m.group(0)) for m in rx.finditer(text)], (rx.pattern, text[:100])
            seen += len(got)
    assert seen > 20


def test_exit_status_extractor_reads_every_spelling():
    from aotidebug.core.text.extract import extract

    for text, code in (("Process exited with code 139", 139), ("proc.returncode = -11", -11),
                       ("worker rc=134", 134), ("rc: 135", 135), ("exit status 132", 132)):
        ev = [e for e in extract(text) if e.label == "exit-status"]
        assert ev and int(ev[0].fields["code"]) == code, text
    assert not [e for e in extract("torch/csrc/foo.cpp:139 src 139") if e.label == "exit-status"]


def test_every_fix_is_a_named_hint_and_every_flag_exists():
    hint_values = set(hints.ALL.values())
    flag_names = {f.name for f in flags.FLAGS}
    for p in PATTERNS:
        assert p.fixes, p.code
        for fix in p.fixes:
            assert fix in hint_values, (p.code, fix[:40])
        for name in p.flags:
            assert name in flag_names, (p.code, name)


def _fixtures() -> list[tuple[str, str, dict]]:
    import json

    out = []
    for path in sorted(LOGS.glob("*.txt")):
        meta = json.loads(path.with_suffix(".json").read_text())
        out.append((path.stem, path.read_text(), meta))
    # the messages AOTI itself emits, rendered from its source (benchmarks/emitted_coverage.py)
    for line in (line for path in EMITTED for line in path.read_text().splitlines()):
        if line.strip():
            row = json.loads(line)
            out.append((f"emitted:{row['id']}", row["message"],
                        {"category": row["category"], "source": f"torch source message, {row['source']} ({row['read_from']})",
                         "captured": row["read_from"].startswith("real run on this machine")}))
    return out


# Sources that mark a text as written for the test rather than captured or quoted.
_SYNTHESIZED_SOURCE = re.compile(r"wording style|paraphrase|typical|reporter wording|shell report|"
                                 r"\bstyle\b|\(wording\)|\(title wording\)|issue 2 example", re.I)


def test_synthesized_fixtures_are_marked():
    """A source worded like a paraphrase is marked synthesized; a vocabulary row captured from a
    real run is not one, whatever its description says ("a PyG-style Data object")."""
    for name, _, meta in _fixtures():
        if not meta.get("captured") and _SYNTHESIZED_SOURCE.search(meta.get("source", "")):
            assert meta.get("synthesized") is True, name


def test_every_pattern_has_a_matching_fixture():
    """Every pattern matches at least one NON-synthesized fixture: a capture, real issue text, a
    torch source message or an aoti-facts quote. A sentence written for the regex proves nothing."""
    matched: set[str] = set()
    for _, text, meta in _fixtures():
        if not meta.get("synthesized"):
            matched |= {m.code for m in classify(text)}
    missing = [p.code for p in PATTERNS if p.code not in matched]
    assert not missing, missing


def test_prose_patterns_match_three_independent_phrasings():
    """A prose pattern (slug ends in -prose) must match >= 3 real, non-synthesized fixtures that
    are marked `"phrasing_of": "<code>"`, each from a different source."""
    by_code: dict[str, list[tuple[str, str]]] = {}
    for name, text, meta in _fixtures():
        code = meta.get("phrasing_of")
        if not code:
            continue
        assert not meta.get("synthesized"), name
        assert any(m.code == code for m in classify(text)), (name, code)
        by_code.setdefault(code, []).append((name, meta["source"]))
    for p in PATTERNS:
        if p.slug.endswith("-prose"):
            got = by_code.get(p.code, [])
            assert len(got) >= 3, (p.code, got)
            assert len({src for _, src in got}) >= 3, (p.code, "phrasings must come from distinct sources")


def test_prose_weights_stay_in_band():
    for p in PATTERNS:
        if p.slug.endswith("-prose"):
            assert 0.50 <= p.weight <= 0.69, (p.code, p.weight)


def test_every_pattern_can_win():
    """For each pattern, at least one fixture it matches has that pattern's category as the top
    reading; a pattern that is always outranked (e.g. a regex duplicated at a higher weight in
    another entry) can never be the diagnosis."""
    won: set[str] = set()
    for _, text, _meta in _fixtures():
        matches = classify(text)
        ranked = rank(matches)
        if not ranked:
            continue
        top = ranked[0].category
        won |= {m.code for m in matches if m.category is top}
    never = [p.code for p in PATTERNS if p.code not in won]
    assert not never, never


def test_no_fixture_comes_from_a_blind_held_out_set():
    """Fixtures must not quote rows of the blind benchmark sets (checked by URL; only the sets
    whose first reading is taken, benchmarks/blind_sets.json, so a set being collected is not opened)."""
    import json

    bench = Path(__file__).resolve().parent.parent / "benchmarks"
    urls: set[str] = set()
    for name in [s["file"] for s in json.loads((bench / "blind_sets.json").read_text())["sets"]]:
        path = bench / name
        if path.exists():
            for line in path.read_text().splitlines():
                if line.strip():
                    url = json.loads(line).get("url")
                    if url:
                        urls.add(url.rstrip("/"))
    for name, _, meta in _fixtures():
        for url in re.findall(r"https?://\S+?(?=[\s)\]\"]|$)", meta.get("source", "")):
            assert url.rstrip("/.,") not in urls, (name, url)


def test_every_category_has_a_docs_page_and_codes_table():
    for cat in Category:
        page = PACKAGE_DOCS / "categories" / f"{cat.value}.md"
        assert page.exists(), page
        text = page.read_text()
        for heading in ("## Cause", "## How to confirm", "## Fixes"):
            assert heading in text, (page, heading)
    codes_md = (DOCS / "codes.md").read_text()
    for p in PATTERNS:
        assert p.code in codes_md and p.slug in codes_md, p.code


def test_every_category_page_lists_its_patterns():
    """The shipped pages name every pattern of their category (`aotidebug explain` prints them);
    `python3 tests/category_pages.py` rewrites the section after a pattern is added."""
    from tests.category_pages import HEADING, section

    for cat in Category:
        text = (PACKAGE_DOCS / "categories" / f"{cat.value}.md").read_text()
        assert HEADING + text.partition(HEADING)[2] == section(cat.value), cat.value


def test_a_code_is_never_reused():
    """Codes are stable: a retired code stays retired, so each code has one row in docs/codes.md
    and a live pattern never carries a retired code."""
    import re

    rows = re.findall(r"^\| `(AOT[DS]\d+)` \| `([\w-]+)` \|(.*)$", (DOCS / "codes.md").read_text(), re.M)
    codes = [c for c, _, _ in rows]
    assert len(codes) == len(set(codes)), sorted(c for c in set(codes) if codes.count(c) > 1)
    retired = {c for c, _, rest in rows if "*retired*" in rest}
    assert not retired & {p.code for p in PATTERNS}


def test_patterns_are_compiled_lazily():
    import subprocess
    import sys

    code = ("import aotidebug.core.routing.classify as c, aotidebug.core.text.extract as e, sys;"
            "assert c._compiled.cache_info().currsize == 0;"
            "assert e._compiled.cache_info().currsize == 0;"
            "assert 'torch' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parent.parent)
