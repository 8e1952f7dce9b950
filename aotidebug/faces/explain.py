"""`aotidebug explain CODE_OR_CATEGORY`, like `rustc --explain`: the entry of a code's table (routing
pattern AOTDnnn, check AOTCnnn, refusal AOTPnnn, migration AOTMnnn) followed by its category's
page, which ships inside the package. Each table is read where it is declared, so a new code is
explained as soon as it exists."""

from __future__ import annotations

from ..checks.codes import CODES as CHECK_CODES, HINTS as CHECK_HINTS
from ..core.categories import Category
from ..core.docs import read_page
from ..core.refusals import REFUSALS
from ..core.routing.patterns import PATTERNS
from ..migrate.rules import LEGACY, NOTES


def _entry(code: str) -> tuple[list[str], Category | None]:
    """The header lines of a code and the category whose page follows (None: unknown code)."""
    for p in PATTERNS:
        if p.code == code:
            lines = [f"{p.code} ({p.slug}): {p.title}", f"category: {p.category.value}; weight {p.weight:.2f}",
                     "matches:"] + [f"  {rx}" for rx in p.regexes]
            lines += ["fixes:"] + [f"  {i}. {fix}" for i, fix in enumerate(p.fixes, 1)]
            return lines, p.category
    if code in CHECK_CODES:
        severity, category, title = CHECK_CODES[code]
        lines = [f"{code}: {title[:1].upper() + title[1:]}", f"category: {category.value}; severity {severity}"]
        if CHECK_HINTS.get(code):
            lines.append(f"fix: {CHECK_HINTS[code]}")
        return lines, category
    for problem, r in REFUSALS.items():
        if r.code == code:
            return [f"{code} ({problem}): {r.title}", f"category: {r.category.value}", f"fix: {r.fix}"], r.category
    for api in LEGACY:
        if api.code == code:
            return [f"{code} ({api.slug}): {api.qualname} is rewritten to {api.replacement}",
                    f"reference: {api.reference}"], Category.DEPRECATED_API
    if code in NOTES:
        return [f"{code}: {NOTES[code]} (a note of `aotidebug migrate`; see docs/migrate.md)"], None
    return [], None


def explain(topic: str) -> str | None:
    """The text for a code or a category, or None when `topic` is neither."""
    topic = topic.strip()
    category = Category.parse(topic.lower())
    if category is not Category.UNKNOWN or topic.lower() == "unknown":
        return read_page(category.doc)
    lines, entry_category = _entry(topic.upper())
    if not lines:
        return None
    page = read_page(entry_category.doc) if entry_category is not None else None
    return "\n".join(lines) + ("\n\n" + page if page else "\n")
