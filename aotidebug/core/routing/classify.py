"""Route error text through the pattern table and rank categories.

Pure logic over strings: `classify` returns the raw matches, `rank` turns them into ranked
candidates, `diagnose_text` builds a text-only Diagnosis. The table itself is data
(`patterns.py`); nothing here knows any particular error message.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from .. import hints
from ..categories import Category
from ..describe import type_name
from ..result import Candidate, Diagnosis, Evidence
from ..text.extract import extract, faulting_kernel
from ..text.normalize import normalize, unwrap, without_binary, without_byte_dumps
from ..text.regexscan import (CONTEXT_LINES, FLAGS, LARGE_TEXT, LiteralSet, fold_digits, line_at,
                              required_literals, search as _search)
from ..text.structure import Phase, Structure, Subsystem, read_structure, text_for_patterns, without_c10_frames
from .patterns import PATTERNS, Pattern
from .structural import RULES, TEXT_CONFIDENCE_CAP, Rule, base_rates, merge, next_measurement

# A text-only reading never claims more than this: a message is indirect evidence of its cause.

UNKNOWN_CONFIDENCE = 0.05
# Below this top score the reading rests on prose or a shared symptom; UNKNOWN is kept as a candidate.
WEAK_READING = 0.6
# Each further distinct pattern of the same category adds this much support (diminishing).
CORROBORATION = 0.05


@dataclass(frozen=True)
class Match:
    """One pattern matching one place in the (normalised) text."""

    pattern: Pattern
    line: str
    start: int
    groups: dict = field(default_factory=dict)

    @property
    def code(self) -> str:
        return self.pattern.code

    @property
    def category(self) -> Category:
        return self.pattern.category

    @property
    def title(self) -> str:
        return self.pattern.title

    def to_dict(self) -> dict:
        return {"code": self.code, "slug": self.pattern.slug, "category": self.category.value,
                "title": self.title, "line": self.line, "start": self.start, "groups": self.groups}


@dataclass(frozen=True)
class _Rule:
    pattern: Pattern
    regexes: tuple[tuple[re.Pattern[str], frozenset[str] | None], ...]


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[_Rule, ...]:
    """The routing table compiled on first use (never at import)."""
    return tuple(_Rule(p, tuple((re.compile(r, FLAGS), required_literals(r)) for r in p.regexes))
                 for p in PATTERNS)


@functools.lru_cache(maxsize=1)
def _line_keywords() -> tuple[str, ...]:
    """Every required literal of the table and the extractors: a line holding none of them can
    neither match a pattern nor yield evidence, so large logs keep only lines that hold one."""
    from ..text.extract import EXTRACTORS, KERNEL_REGEX, SIGNAL_REGEX

    words = {w for rule in _compiled() for _, req in rule.regexes if req for w in req}
    for rx in [e.regex for e in EXTRACTORS] + [KERNEL_REGEX, SIGNAL_REGEX]:
        words |= required_literals(rx) or set()
    return tuple(sorted(words))


@functools.lru_cache(maxsize=1)
def _by_keyword() -> tuple[dict[str, tuple[tuple[int, int], ...]], tuple[tuple[int, int], ...]]:
    """keyword -> the (rule, regex) places that require it; and the places that require none
    (the meta-test keeps that empty). A text is tried only against the places of its keywords."""
    index: dict[str, list[tuple[int, int]]] = {}
    always = []
    for ri, rule in enumerate(_compiled()):
        for xi, (_, req) in enumerate(rule.regexes):
            if req is None:
                always.append((ri, xi))
            for w in req or ():
                index.setdefault(w, []).append((ri, xi))
    return {w: tuple(v) for w, v in index.items()}, tuple(always)


@functools.lru_cache(maxsize=1)
def _all_keywords() -> LiteralSet:
    return LiteralSet(w for rule in _compiled() for _, req in rule.regexes if req for w in req)


def present_keywords(low: str) -> frozenset[str]:
    """Every pattern keyword that occurs in `low` (a lower-cased text), in one scan."""
    return _all_keywords().present(low)


def unprefiltered_regexes() -> list[str]:
    """Regexes with no required literal (they run on every text; the meta-test keeps this empty)."""
    return [r for rule in _compiled() for (rx, req) in rule.regexes if req is None for r in [rx.pattern]]


def reduce_large(text: str, context: int = CONTEXT_LINES) -> str:
    """Shrink a large log to the lines that can matter, in their original order.

    1. Lines that differ only in digits (step counters, timestamps, addresses, repeated
       per-thread assertions) are kept once: the first occurrence.
    2. Of those, keep lines containing a keyword some pattern requires, with `context` lines
       either side (multi-line patterns such as traceback endings need their neighbours).
    """
    import bisect
    from itertools import accumulate

    lines = text.split("\n")
    keys = fold_digits(text).split("\n")
    # First occurrence of each digit-folded line (in a dict built from the end, earlier wins).
    first = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1)))
    kept = sorted(first.values()) if len(first) < len(lines) else range(len(lines))
    uniq = [lines[i] for i in kept]
    low = "\n".join(uniq).lower()
    starts = list(accumulate((len(ln) + 1 for ln in uniq[:-1]), initial=0))
    hits: set[int] = set()
    for w in _line_keywords():  # str.find per keyword: far faster than one big alternation
        i = low.find(w)
        while i != -1:
            li = bisect.bisect_right(starts, i) - 1
            hits.add(li)
            nxt = starts[li + 1] if li + 1 < len(starts) else len(low)  # next line: one hit per line
            i = low.find(w, nxt)
    wanted = {j for li in hits for j in range(max(0, li - context), min(len(uniq), li + context + 1))}
    return "\n".join(uniq[i] for i in sorted(wanted))


def classify(text: str, *, normalized: bool = False, reduce: bool | None = None) -> list[Match]:
    """Every pattern that matches `text`, first occurrence each, in table order.

    Large texts (over LARGE_TEXT characters, or `reduce=True`) are first reduced to their
    candidate lines (`reduce_large`); on typical texts this gives the same matches.
    Anything but a str is a TypeError: exceptions, bytes and logs are for `diagnose`.
    """
    if not isinstance(text, str):
        raise TypeError(f"classify reads text (str), not {type_name(text)}; "
                        "aotidebug.diagnose reads exceptions, bytes and logs")
    if reduce is None:
        reduce = len(text) > LARGE_TEXT
    if reduce:
        text = reduce_large(text)
    if not normalized or reduce:
        text = normalize(text)
    low = text.lower()
    present = present_keywords(low)
    index, always = _by_keyword()
    places = sorted({p for w in present for p in index[w]}.union(always))  # table order
    rules = _compiled()
    matches: list[Match] = []
    done = -1
    for ri, xi in places:
        if ri == done:
            continue  # this rule already matched through an earlier regex
        rx, req = rules[ri].regexes[xi]
        m = _search(rx, text, low, req, present)
        if m:
            groups = {k: v for k, v in m.groupdict().items() if v is not None}
            matches.append(Match(rules[ri].pattern, line_at(text, m.start()), m.start(), groups))
            done = ri
    return matches


def rank(matches: list[Match]) -> list[Candidate]:
    """Score categories: the strongest match's weight, plus a little for corroborating patterns."""
    best: dict[Category, Match] = {}
    support: dict[Category, int] = {}
    for m in matches:
        cat = m.category
        support[cat] = support.get(cat, 0) + 1
        if cat not in best or m.pattern.weight > best[cat].pattern.weight:
            best[cat] = m
    scored = []
    for cat, m in best.items():
        score = m.pattern.weight + CORROBORATION * (1 - 0.5 ** (support[cat] - 1)) * 2
        scored.append(Candidate(cat, min(score, TEXT_CONFIDENCE_CAP), m.code, m.title))
    # Ties go to the match that appears LAST in the log: the final error is usually the outcome.
    last_pos = {m.category: m.start for m in matches}
    scored.sort(key=lambda c: (-c.confidence, -last_pos.get(c.category, 0)))
    if scored and scored[0].confidence < WEAK_READING:
        # Only weak (prose or symptom) evidence: "none of the known families" stays a candidate.
        scored.append(Candidate(Category.UNKNOWN, UNKNOWN_CONFIDENCE, "AOTD000", "unknown"))
    return scored


def _dedupe(items):
    return tuple(dict.fromkeys(items))


def _structure_evidence(st: Structure) -> list[Evidence]:
    """What the structural reader measured, as evidence (what raised, where, in which phase)."""
    out: list[Evidence] = []
    if st.chain:
        root = st.chain[0]
        out.append(Evidence("structure", "exception", f"{root.type}: {root.message}"[:300],
                            {"chain": [link.type for link in st.chain]}))
    if st.phase is not Phase.UNKNOWN or st.subsystem is not Subsystem.UNKNOWN:
        where = f"phase {st.phase.value} ({st.phase_source or 'unknown'}), subsystem {st.subsystem.value}"
        if st.torch_frame is not None:
            where += f", raised in {st.torch_frame.module}:{st.torch_frame.function}"
        out.append(Evidence("structure", "phase", where, {"api_call": st.api_call}))
    for d in st.diagnostics[:3]:
        out.append(Evidence("structure", "compiler-diagnostic", d.diag.message[:300],
                            {"origin": d.origin.value, "file": d.diag.file, "kind": d.diag.kind}))
    for line in st.noise[:3]:
        out.append(Evidence("structure", "noise", line[:300], {"note": "a warning, never the cause"}))
    return out


@functools.lru_cache(maxsize=1)
def _category_fixes() -> dict[Category, tuple[str, ...]]:
    """A category's fixes, read from the routing table (its first entry's named hints)."""
    out: dict[Category, tuple[str, ...]] = {}
    for p in PATTERNS:
        out.setdefault(p.category, p.fixes)
    return out


@functools.lru_cache(maxsize=1)
def _rules_by_code() -> dict[str, Rule]:
    return {r.code: r for r in RULES}


def _merge_structure(candidates: list[Candidate], st: Structure) -> list[Candidate]:
    """Pattern candidates merged with the structural reading (weights: core/routing/structural.py)."""
    titles = {c.code: c.title for c in candidates}
    rules = _rules_by_code()
    merged = merge([(c.category.value, c.confidence, c.code) for c in candidates], st)
    out = []
    for cat, conf, code in merged:
        category = Category.parse(cat)
        if category is Category.UNKNOWN and code not in rules:
            continue  # a rule may name a cause outside AOTI's families (the host's): that reading stays
        title = ((rules[code].title if code in rules else titles.get(code))
                 or (f"{category.value} is common in the {st.phase.value} phase" if st.phase is not Phase.UNKNOWN
                     else f"{category.value} is a common cause of an error quoted without its traceback "
                          "(a base rate, not a reading)"))
        out.append(Candidate(category, conf, code, title))
    if out and out[0].confidence < WEAK_READING and all(c.category is not Category.UNKNOWN for c in out):
        out.append(Candidate(Category.UNKNOWN, UNKNOWN_CONFIDENCE, "AOTD000", "unknown"))
    return out


_WORDS = re.compile(r"[A-Za-z]{3}")  # a text that says something: base rates apply to a report, not to nothing


def diagnose_text(text: str, structure: Structure | None = None) -> Diagnosis:
    """A Diagnosis from error text alone (no package, model or inputs).

    `structure`: the structural reading of a live exception (`read_exception`); read from the
    text when not given. Warnings and deprecation notices never decide the category when an
    error is present: they are taken out before the patterns run and kept as evidence.
    """
    from ..flags import advice_for  # local: keeps the flag table's torch probing off the import path

    text = without_binary(text)  # bytes that are no text hold any short word by chance
    if len(text) > LARGE_TEXT:
        text = reduce_large(text)
    text = unwrap(text)  # colours and per-line log prefixes off, before anything reads the lines
    text = without_byte_dumps(text)  # a printed buffer's content is data, never the failure's words
    st = structure if structure is not None else read_structure(text, unwrapped=True)
    body = without_c10_frames(text, st)  # the frames are read (st); every later scan skips them
    norm = normalize(text_for_patterns(body, st))
    matches = classify(norm, normalized=True, reduce=False)
    candidates = _merge_structure(rank(matches), st)
    raw_evidence = extract(body) + _structure_evidence(st)
    kernel = faulting_kernel(text)
    if not candidates:
        step = next_measurement(st)
        return Diagnosis(
            category=Category.UNKNOWN,
            title="No known AOTI failure pattern",
            summary=f"The text names no known cause and no structure could be read. To decide: {step}",
            confidence=UNKNOWN_CONFIDENCE,
            evidence=tuple(raw_evidence),
            candidates=(Candidate(Category.UNKNOWN, UNKNOWN_CONFIDENCE, "AOTD000", "unknown"),
                        *(Candidate(Category.parse(cat), w, "AOTS000",
                                    f"{cat} is among the most common causes of AOTI reports (a base rate, not a reading)")
                          for cat, w in (base_rates() if _WORDS.search(text) else ()))),
            fixes=(step, hints.COLLECT_LOG),
            kernel=kernel,
            references=(Category.UNKNOWN.doc,),
            code="AOTD000",
            details={"next_measurement": step, "structure": st.to_dict()},
        )
    top = candidates[0]
    primary = next((m for m in matches if m.code == top.code), None)
    same_cat = [m for m in matches if m.category is top.category]
    evidence = [Evidence("error-text", "matched-line", m.line, {"code": m.code, "slug": m.pattern.slug})
                for m in same_cat]
    evidence += raw_evidence
    rule = _rules_by_code().get(top.code) if primary is None else None
    # the deciding mechanism's advice first: a rule's when the structure decided, then the words'
    fixes = (list(_dedupe([*(rule.fixes if rule else ()), *(primary.pattern.fixes if primary else ()),
                           *(f for m in same_cat for f in m.pattern.fixes)]))
             or list(_category_fixes().get(top.category, ())))
    flag_names = _dedupe(f for m in same_cat for f in m.pattern.flags)
    if primary is not None:
        summary = f"{primary.title}: {primary.line}"
    else:  # the structure decided: say what was read, not a matched sentence
        read = "; ".join(e.detail for e in raw_evidence if e.source == "structure" and e.label != "noise")
        summary = f"{rule.title if rule else top.title} (read from the error's structure: {read})"
    if len(summary) > 300:
        summary = summary[:297] + "..."
    details: dict[str, object] = {"structure": st.to_dict()}
    if top.confidence < WEAK_READING:
        step = next_measurement(st)
        fixes.append(step)
        details["next_measurement"] = step
    return Diagnosis(
        category=top.category,
        title=primary.title if primary is not None else top.title,
        summary=summary,
        confidence=top.confidence,
        evidence=tuple(evidence),
        candidates=tuple(candidates),
        fixes=tuple(_dedupe(fixes)),
        flags=tuple(advice_for(flag_names)),
        kernel=kernel,
        references=_dedupe([top.category.doc] + [c.category.doc for c in candidates[1:3]]),
        code=top.code,
        details=details,
    )
