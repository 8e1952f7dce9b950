"""The routing table: one typed entry per error family.

Each entry has a stable code (AOTD + 3 digits; the hundreds digit groups an area, see
docs/codes.md for the allocation policy), a slug, the regexes that recognise the family (any one
matching is enough), the category, a constant title, a weight and references to named hints.

The weight says how directly a match names the ROOT cause:
- 0.85-0.93: a message that names the cause itself (`input_handles[0]: unmatched dim value`);
- 0.70-0.84: a message specific to one family (`Constant not found`, `undefined symbol`);
- 0.50-0.69: a surface symptom many causes share (`Segmentation fault`, `illegal memory
  access`), or a reporter's prose description of a cause ("differs from eager");
- below 0.50: context only (a legacy API call in a traceback, a generic `API call failed`).
A root-cause match in the same log outranks a symptom. Prose entries (`prose` in the slug) match
how people describe a cause; they stay below the messages they paraphrase. Write regexes for the
error family, never one report's wording: every prose entry must match at least three independent
real phrasings of its mechanism, kept as fixtures marked `"phrasing_of": "<code>"` (see
tests/test_patterns_meta.py); a prose regex that matches only its own sentence is retired.
Regexes are compiled with IGNORECASE | MULTILINE.
"""
from __future__ import annotations

from .pattern import TORCH_OP_NAMESPACES, Pattern
from .patterns_call import CALL_PATTERNS
from .patterns_outcome import OUTCOME_PATTERNS
from .patterns_platform import PLATFORM_PATTERNS

__all__ = ["Pattern", "PATTERNS", "TORCH_OP_NAMESPACES"]

# in code order: classify() ranks ties by this order
PATTERNS: tuple[Pattern, ...] = CALL_PATTERNS + PLATFORM_PATTERNS + OUTCOME_PATTERNS
