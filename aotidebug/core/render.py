"""Turn a Diagnosis into text for a terminal, HTML for a notebook, Markdown for a bug report.

Pure functions at the edge: no colour decided at import time, nothing printed from here.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .docs import page_uri

if TYPE_CHECKING:
    from .result import Diagnosis, Evidence


def _confidence(d: "Diagnosis") -> str:
    return f"{d.confidence:.0%}"


def _evidence_line(e: "Evidence") -> str:
    extra = ", ".join(f"{k}={v}" for k, v in e.fields.items() if v not in (None, "", [], {}))
    text = f"[{e.source}] {e.label}: {e.detail}"
    return f"{text} ({extra})" if extra and len(extra) < 300 else text


def to_text(d: "Diagnosis") -> str:
    lines = [f"aotidebug: {d.category.value} ({_confidence(d)}) - {d.title}"]
    if d.code:
        lines[0] += f" [{d.code}]"
    lines.append(d.summary)
    if d.kernel:
        lines.append(f"Kernel: {d.kernel}")
    if d.evidence:
        lines.append("Evidence (observed):")
        lines += [f"  - {_evidence_line(e)}" for e in d.evidence]
    if d.fixes:
        lines.append("Fixes (advised, in order):")
        lines += [f"  {i}. {fix}" for i, fix in enumerate(d.fixes, 1)]
    if d.flags:
        lines.append("Flags:")
        lines += [f"  {f.name}={f.value}  [{f.phase}] {f.why}" for f in d.flags]
    others = [c for c in d.candidates if c.category is not d.category]
    if others:
        lines.append("Other readings: " + ", ".join(
            f"{c.category.value} ({c.confidence:.0%})" for c in others))
    if d.references:
        lines.append("See: " + ", ".join(d.references))
    return "\n".join(lines)


def _link(reference: str) -> str:
    """A reference as a link to the page shipped in the package (plain text if it is not there)."""
    uri = page_uri(reference)
    text = html.escape(reference)
    return f"<a href='{html.escape(uri, quote=True)}' target='_blank'>{text}</a>" if uri else text


def to_html(d: "Diagnosis") -> str:
    esc = html.escape
    parts = [
        "<div class='aotidebug-diagnosis'>",
        f"<h4>{esc(d.category.value)} <small>({_confidence(d)}{', ' + esc(d.code) if d.code else ''})"
        f"</small> &mdash; {esc(d.title)}</h4>",
        f"<p>{esc(d.summary)}</p>",
    ]
    if d.kernel:
        parts.append(f"<p><b>Kernel:</b> <code>{esc(d.kernel)}</code></p>")
    if d.evidence:
        parts.append("<p><b>Evidence (observed)</b></p><ul>")
        parts += [f"<li><code>{esc(_evidence_line(e))}</code></li>" for e in d.evidence]
        parts.append("</ul>")
    if d.fixes:
        parts.append("<p><b>Fixes (advised)</b></p><ol>")
        parts += [f"<li>{esc(f)}</li>" for f in d.fixes]
        parts.append("</ol>")
    if d.flags:
        parts.append("<p><b>Flags</b></p><ul>")
        parts += [f"<li><code>{esc(f.name)}={esc(f.value)}</code> [{esc(f.phase)}] {esc(f.why)}</li>"
                  for f in d.flags]
        parts.append("</ul>")
    if len(d.candidates) > 1:
        parts.append("<p><b>Candidates:</b> " + ", ".join(
            f"{esc(c.category.value)} ({c.confidence:.0%})" for c in d.candidates) + "</p>")
    if d.references:
        parts.append("<p><b>See:</b> " + ", ".join(_link(r) for r in d.references) + "</p>")
    parts.append("</div>")
    return "\n".join(parts)


def to_markdown(d: "Diagnosis") -> str:
    lines = [f"## AOTI failure: {d.category.value} ({_confidence(d)})", "", f"**{d.title}**", "",
             d.summary, ""]
    if d.kernel:
        lines += [f"Kernel: `{d.kernel}`", ""]
    if d.evidence:
        lines += ["### Evidence (observed)", ""] + [f"- `{_evidence_line(e)}`" for e in d.evidence] + [""]
    if d.fixes:
        lines += ["### Suggested fixes", ""] + [f"{i}. {f}" for i, f in enumerate(d.fixes, 1)] + [""]
    if d.flags:
        lines += ["### Flags", ""] + [f"- `{f.name}={f.value}` ({f.phase}): {f.why}" for f in d.flags] + [""]
    if d.candidates:
        lines += ["### Candidates", ""] + [
            f"- {c.category.value}: {c.confidence:.0%} {c.code}".rstrip() for c in d.candidates] + [""]
    if d.environment:
        lines += ["### Environment", ""] + [f"- {k}: `{v}`" for k, v in d.environment.items()] + [""]
    return "\n".join(lines).rstrip() + "\n"
