"""The documentation pages that ship inside the package (`aotidebug/docs/`), so a Diagnosis's
`references` resolve on any install, `aotidebug explain` can print them, and the HTML rendering
can link them."""

from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # the `aotidebug` folder; references are relative to it


def page_path(reference: str) -> Path | None:
    """The installed file of a reference such as `docs/categories/input_mismatch.md`."""
    rel = Path(reference)
    if rel.is_absolute() or ".." in rel.parts or rel.parts[:1] != ("docs",):
        return None
    path = PACKAGE_ROOT / rel
    return path if path.is_file() else None


def page_uri(reference: str) -> str | None:
    """A `file://` URI of the installed page, for links in a notebook."""
    path = page_path(reference)
    return path.as_uri() if path is not None else None


def read_page(reference: str) -> str | None:
    path = page_path(reference)
    try:
        return path.read_text(encoding="utf-8") if path is not None else None
    except OSError:
        return None
