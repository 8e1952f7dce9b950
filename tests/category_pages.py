"""The `## Patterns` section of each shipped category page (aotidebug/docs/categories/), written
from the routing table so the pages name every pattern a Diagnosis of that category can carry.
`python3 tests/category_pages.py` rewrites the sections; a meta-test checks they are current."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "aotidebug" / "docs" / "categories"
HEADING = "## Patterns"


def section(category: str) -> str:
    """The section as it should read: each pattern of `category` by code, with its slug and title."""
    from aotidebug.core.routing.patterns import PATTERNS

    lines = [f"- `{p.code}` {p.slug}: {p.title}" for p in sorted(PATTERNS, key=lambda p: p.code)
             if p.category.value == category]
    body = "\n".join(lines) if lines else "No pattern reads this category directly."
    return (f"{HEADING}\n{body}\n\nThe code table with every pattern's weight and history is docs/codes.md "
            "in the source repository.\n")


def main() -> int:
    for page in sorted(PAGES.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        new = text.partition(HEADING)[0].rstrip("\n") + "\n\n" + section(page.stem)
        if new != text:
            page.write_text(new, encoding="utf-8")
            print("rewrote", page.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
