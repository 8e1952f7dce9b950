"""The pytree call spec (`in_spec_`) that AOTI records, read as plain nested data so input checks
can walk a call's arguments without importing torch's pytree."""

from __future__ import annotations

import json
from typing import Any


def spec_structure(spec_json: str | None) -> Any:
    """The in_spec's argument structure as nested plain data: ("tuple"|"list", [...]),
    ("dict", keys, [...]) or "leaf". None when the spec cannot be read."""
    if not spec_json:
        return None
    try:
        data = json.loads(spec_json)
        node = data[1] if isinstance(data, list) and len(data) == 2 else data
        return _spec_node(node)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None


def _spec_node(node: dict) -> Any:
    typ = node.get("type")
    children = [_spec_node(c) for c in node.get("children_spec") or []]
    if typ is None:
        return "leaf"
    ctx = node.get("context")
    if isinstance(ctx, str):
        try:
            ctx = json.loads(ctx)
        except ValueError:
            pass
    short = str(typ).rsplit(".", 1)[-1]
    if short in ("dict", "OrderedDict", "defaultdict"):
        keys = ctx if isinstance(ctx, list) else []
        if short == "defaultdict" and isinstance(ctx, dict):
            keys = ctx.get("dict_context") or []
        return ("dict", tuple(keys), tuple(children))
    if short in ("tuple", "list"):
        return (short, tuple(children))
    return (short, tuple(children))  # namedtuple / dataclass / custom: keep arity
