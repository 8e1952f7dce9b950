"""Route error text through the pattern table and rank categories.

Pure logic over strings: `classify` returns the raw matches, `rank` turns them into ranked
candidates, `diagnose_text` builds a text-only Diagnosis. The table itself is data
(`patterns.py`); nothing here knows any particular error message.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from . import hints
from .categories import Category
from .diagnosis import Candidate, Diagnosis, Evidence
from .extract import extract, faulting_kernel
from .normalize import normalize
from .patterns import PATTERNS, Pattern

# A text-only reading never claims more than this: a message is indirect evidence of its cause.
TEXT_CONFIDENCE_CAP = 0.85
UNKNOWN_CONFIDENCE = 0.05
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


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[Pattern, tuple[re.Pattern[str], ...]], ...]:
    return tuple((p, tuple(re.compile(r, re.I | re.M) for r in p.regexes)) for p in PATTERNS)


def _line_at(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start:end if end != -1 else len(text)].strip()
    return line[:500]


def classify(text: str, *, normalized: bool = False) -> list[Match]:
    """Every pattern that matches `text`, first occurrence each, in table order."""
    if not normalized:
        text = normalize(text)
    matches: list[Match] = []
    for pattern, regexes in _compiled():
        for rx in regexes:
            m = rx.search(text)
            if m:
                groups = {k: v for k, v in m.groupdict().items() if v is not None}
                matches.append(Match(pattern, _line_at(text, m.start()), m.start(), groups))
                break
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
    return scored


def _dedupe(items):
    return tuple(dict.fromkeys(items))


def diagnose_text(text: str) -> Diagnosis:
    """A Diagnosis from error text alone (no package, model or inputs)."""
    from .flags import advice_for  # local: keeps the flag table's torch probing off the import path

    norm = normalize(text)
    matches = classify(norm, normalized=True)
    candidates = rank(matches)
    raw_evidence = extract(text)
    kernel = faulting_kernel(text)
    if not candidates:
        return Diagnosis(
            category=Category.UNKNOWN,
            title="No known AOTI failure pattern",
            summary="The text matches none of the known AOTI failure families.",
            confidence=UNKNOWN_CONFIDENCE,
            evidence=tuple(raw_evidence),
            candidates=(Candidate(Category.UNKNOWN, UNKNOWN_CONFIDENCE, "AOTD000", "unknown"),),
            fixes=(hints.COLLECT_LOG, hints.CHECK_THREE_MATCHES),
            kernel=kernel,
            references=(Category.UNKNOWN.doc,),
            code="AOTD000",
        )
    top = candidates[0]
    primary = next(m for m in matches if m.code == top.code)
    same_cat = [m for m in matches if m.category is top.category]
    evidence = [Evidence("error-text", "matched-line", m.line, {"code": m.code, "slug": m.pattern.slug})
                for m in same_cat]
    evidence += raw_evidence
    fixes = _dedupe(f for m in same_cat for f in m.pattern.fixes)
    flag_names = _dedupe(f for m in same_cat for f in m.pattern.flags)
    summary = f"{primary.title}: {primary.line}"
    if len(summary) > 300:
        summary = summary[:297] + "..."
    return Diagnosis(
        category=top.category,
        title=primary.title,
        summary=summary,
        confidence=top.confidence,
        evidence=tuple(evidence),
        candidates=tuple(candidates),
        fixes=fixes,
        flags=tuple(advice_for(flag_names)),
        kernel=kernel,
        references=_dedupe([top.category.doc] + [c.category.doc for c in candidates[1:3]]),
        code=top.code,
    )
