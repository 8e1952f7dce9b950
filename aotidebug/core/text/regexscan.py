"""Regex pre-filtering for fast scans of large logs: the literals every match must contain, and
the line windows around them, so a regex runs only where it can match.

Depends on CPython's regex parser (`re._parser`, `sre_parse` on 3.10); a parse that fails there
means "no requirement", which only costs speed, never a missed match.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # typeshed describes the parser only under its pre-3.11 names
    import sre_constants as _sre_c
    import sre_parse as _sre_parse
else:
    try:  # Python 3.11+: the parser moved under re (the old names warn on import)
        from re import _parser as _sre_parse
        from re import _constants as _sre_c
    except ImportError:  # pragma: no cover - Python 3.10
        import sre_constants as _sre_c
        import sre_parse as _sre_parse

# one item of a parsed regex: (opcode, argument)
_Item = tuple[Any, Any]

FLAGS = re.I | re.M
# Texts longer than this go through `reduce_large` first (line dedup + keyword line selection).
LARGE_TEXT = 1 << 20
CONTEXT_LINES = 3


def required_literals(regex: str) -> frozenset[str] | None:
    """Lower-case strings of which every match of `regex` contains at least one, or None.

    Derived from the parsed regex: the longest run of literal characters in the top-level
    sequence, or, for an alternation, the union of each branch's requirement. Used as a cheap
    `in` prefilter so most regexes never run on a text that cannot match.
    """
    try:
        parsed = _sre_parse.parse(regex, FLAGS)
    except re.error:
        return None
    return _seq_requirement(parsed.data)


def _seq_requirement(items: Iterable[_Item]) -> frozenset[str] | None:
    best: frozenset[str] | None = None
    # the literal runs in progress: every match holds one of them (a class or an optional
    # character forks the run: `rc:? -?1` -> "rc 1", "rc: 1", "rc -1", "rc: -1")
    runs: frozenset[str] = frozenset()

    def consider(req: frozenset[str] | None) -> None:
        nonlocal best
        if req and (best is None or min(map(len, req)) > min(map(len, best))):
            best = req

    def flush() -> None:
        nonlocal runs
        consider(runs)
        runs = frozenset()

    for op, av in items:
        step = _extend(runs, op, av)
        if step is not None:
            runs, ends = step
            if ends:
                flush()
            continue
        flush()
        if op is _sre_c.SUBPATTERN:
            consider(_seq_requirement(list(av[-1])))
        elif op is _sre_c.BRANCH:
            alts = [_seq_requirement(list(b)) for b in av[1]]
            known = [a for a in alts if a]
            if len(known) == len(alts):
                consider(frozenset[str]().union(*known))
        elif op in (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT) and av[0] >= 1:
            consider(_seq_requirement(list(av[2])))
    flush()
    if best is not None and min(map(len, best)) < 2:
        return None
    return best


MAX_FORKS = 16   # at most this many alternative literals per requirement
MAX_HITS = 256   # past this many literal hits, scanning windows is cheaper than matching at each


@functools.lru_cache(maxsize=None)
def leading_literals(regex: str) -> frozenset[str] | None:
    """Lower-case strings one of which every match of `regex` STARTS with (after zero-width
    assertions such as `\\b`), or None. Such a regex need only be tried where they occur."""
    try:
        parsed = _sre_parse.parse(regex, FLAGS)
    except re.error:
        return None
    lead = _lead(list(parsed.data))
    return lead if lead and min(map(len, lead)) >= 2 else None


_VERBOSE = int(re.X)   # a plain int: `flags & re.X` goes through the enum, 3 us a call
_ZERO_WIDTH = (_sre_c.AT, _sre_c.ASSERT, _sre_c.ASSERT_NOT)


def _lead(items: list[_Item]) -> frozenset[str] | None:
    i = 0
    while i < len(items) and items[i][0] in _ZERO_WIDTH:
        i += 1
    if i == len(items):
        return None
    op, av = items[i]
    if op is _sre_c.SUBPATTERN:
        return _lead(list(av[-1]))
    if op is _sre_c.BRANCH:
        alts = [_lead(list(b)) for b in av[1]]
        return frozenset[str]().union(*alts) if all(alts) else None  # type: ignore[arg-type]
    runs: frozenset[str] = frozenset()
    for op, av in items[i:]:
        step = _extend(runs, op, av)
        if step is None:
            break
        runs, ends = step
        if ends:
            break
    return runs or None


def _extend(runs: frozenset[str], op: Any, av: Any) -> tuple[frozenset[str], bool] | None:
    """The literal runs grown by one parsed item, and whether the run ends after it; None when
    the item is not a literal, a small class or an optional character that can extend them."""
    if op is _sre_c.LITERAL:
        return frozenset(r + chr(av).lower() for r in runs or ("",)), False
    chars, how = _small_set(op, av)
    if not chars or len(runs or ("",)) * len(chars) > MAX_FORKS or (how == "optional" and not runs):
        return None
    grown = frozenset(r + c for r in runs or ("",) for c in chars)
    # `:?` keeps both spellings; `[ =:]+`: one of them follows, then maybe more, so the run ends
    return (runs | grown if how == "optional" else grown), how == "some"


def _hits(low: str, lead: frozenset[str]) -> list[int] | None:
    """Sorted start offsets of `lead` in `low`; None past MAX_HITS."""
    out: set[int] = set()
    for w in lead:
        i = low.find(w)
        while i != -1:
            out.add(i)
            if len(out) > MAX_HITS:
                return None
            i = low.find(w, i + 1)
    return sorted(out)


def finditer_led(rx: re.Pattern[str], text: str, low: str) -> Iterator[re.Match[str]] | None:
    """`rx.finditer(text)` tried only where the regex's leading literals occur (same matches,
    same order), or None when the regex has none or they occur too often."""
    lead = leading_literals(rx.pattern) if len(low) == len(text) and not rx.flags & _VERBOSE else None
    hits = _hits(low, lead) if lead else None
    if hits is None:
        return None

    def gen() -> Iterator[re.Match[str]]:
        end = 0
        for p in hits:
            if p < end:
                continue
            m = rx.match(text, p)
            if m:
                yield m
                end = max(m.end(), p + 1)
    return gen()


def _small_set(op: Any, av: Any) -> tuple[frozenset[str] | None, str]:
    """(the characters, how they occur) when one item is a literal or a class of a few literals
    that occurs once (`[ =:]`: "one"), at most once (`:?`: "optional") or at least once
    (`[ =:]+`: "some"); (None, "") for anything else."""
    how = "one"
    if op in (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT) and len(av[2]) == 1:
        lo, hi = av[0], av[1]
        if (lo, hi) == (0, 1):
            how = "optional"
        elif (lo, hi) == (1, 1):
            how = "one"
        elif lo >= 1:
            how = "some"
        else:
            return None, ""
        op, av = av[2][0]
    if op is _sre_c.LITERAL:
        return (frozenset(chr(av).lower()) if how != "one" else None), how
    if op is not _sre_c.IN:
        return None, ""
    out = set()
    for item_op, item_av in av:
        if item_op is not _sre_c.LITERAL:
            return None, ""
        out.add(chr(item_av).lower())
    return (frozenset(out) if 0 < len(out) <= 4 else None), how


_NEWLINE_CATEGORIES = frozenset({"CATEGORY_SPACE", "CATEGORY_NOT_DIGIT", "CATEGORY_NOT_WORD",
                                  "CATEGORY_LINEBREAK", "CATEGORY_UNI_SPACE", "CATEGORY_UNI_NOT_DIGIT",
                                  "CATEGORY_UNI_NOT_WORD", "CATEGORY_UNI_LINEBREAK"})


def _set_has_newline(items: Iterable[_Item]) -> bool:
    negate = False
    hit = False
    for op, av in items:
        name = getattr(op, "name", str(op))
        if name == "NEGATE":
            negate = True
        elif name == "LITERAL" and av == 10:
            hit = True
        elif name == "RANGE" and av[0] <= 10 <= av[1]:
            hit = True
        elif name == "CATEGORY" and getattr(av, "name", str(av)) in _NEWLINE_CATEGORIES:
            hit = True
        elif name not in ("LITERAL", "RANGE", "CATEGORY", "NEGATE"):
            return True  # unknown set item: assume the worst
    return hit != negate


def _can_match_newline(items: Iterable[_Item]) -> bool:
    for op, av in items:
        name = getattr(op, "name", str(op))
        if name in ("LITERAL", "NOT_LITERAL"):
            if (av == 10) == (name == "LITERAL"):
                return True
        elif name == "IN":
            if _set_has_newline(av):
                return True
        elif name == "ANY":
            if FLAGS & re.S:
                return True
        elif name == "SUBPATTERN":
            if _can_match_newline(av[-1]):
                return True
        elif name == "BRANCH":
            if any(_can_match_newline(b) for b in av[1]):
                return True
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if _can_match_newline(av[2]):
                return True
        elif name in ("ASSERT", "ASSERT_NOT"):
            if _can_match_newline(av[1]):
                return True
        elif name != "AT":
            return True  # group references, conditionals...: assume it may
    return False


@functools.lru_cache(maxsize=None)
def search_context(regex: str) -> int:
    """Lines of context a window needs around a keyword for `regex`: 0 when no match can span
    a newline (the keyword's own line holds the whole match), else CONTEXT_LINES + 2."""
    try:
        single_line = not _can_match_newline(_sre_parse.parse(regex, FLAGS).data)
    except (re.error, TypeError, ValueError):
        single_line = False
    return 0 if single_line else CONTEXT_LINES + 2


_DIGITS = bytes.maketrans(b"0123456789", b"0000000000")


def fold_digits(text: str) -> str:
    """`text` with every ASCII digit replaced by 0. Done on UTF-8 bytes, where digits never occur
    inside a multi-byte sequence: about 10x faster than str.translate on tens of MB."""
    return text.encode("utf-8", "surrogatepass").translate(_DIGITS).decode("utf-8", "surrogatepass")


def line_at(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start:end if end != -1 else len(text)].strip()
    return line[:500]


def windows(text: str, low: str, words: Iterable[str], context: int = CONTEXT_LINES + 2) -> list[tuple[int, int]]:
    """Merged character spans of the lines within `context` lines of any occurrence of `words`
    in `low` (the lower-cased `text`). A match that contains one of the words and spans fewer
    than `context` lines lies inside one span, so searching the spans equals searching `text`."""
    spans: list[tuple[int, int]] = []
    for w in words:
        i = low.find(w)
        while i != -1:
            start = i
            for _ in range(context + 1):
                start = text.rfind("\n", 0, start) if start > 0 else -1
                if start == -1:
                    break
            start = start + 1
            end = i + len(w)
            for _ in range(context + 1):
                end = text.find("\n", end + 1) if end < len(text) else -1
                if end == -1:
                    end = len(text)
                    break
            spans.append((start, end))
            i = low.find(w, end)
    if not spans:
        return []
    spans.sort()
    merged = [spans[0]]
    for a, b in spans[1:]:
        if a <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def search(rx: re.Pattern[str], text: str, low: str, req: frozenset[str] | None,
           present: frozenset[str]) -> re.Match[str] | None:
    if req is not None and req.isdisjoint(present):
        return None
    led = finditer_led(rx, text, low)
    if led is not None:
        return next(led, None)
    if req is None or len(low) != len(text) or len(text) < 2048:
        return rx.search(text)  # short texts, or lower() changed lengths (rare scripts)
    for start, end in windows(text, low, req, search_context(rx.pattern)):
        m = rx.search(text, start, end)
        if m:
            return m
    return None


def any_word(low: str, words: tuple[str, ...]) -> bool:
    """A plain substring prefilter on a lower-cased line: far cheaper than a case-insensitive
    alternation regex, and a line without any of `words` cannot match the regex it guards."""
    for w in words:
        if w in low:
            return True
    return False


class LiteralSet:
    """Which of many literals occur in a text, in a few regex scans instead of one `in` per literal.

    The literals are compiled into one trie-shaped alternation per first character, so each scan
    starts only where its first character occurs (sre finds a literal prefix at C speed; one
    alternation of all the literals had to try every branch at every position) and branches on
    characters after it. A scan reports the longest literal starting at each place it stops, then
    goes on one character later; the shorter literals that are its prefixes are read off a table
    built once.
    """

    def __init__(self, words: Iterable[str]) -> None:
        self.words = tuple(sorted(set(words)))
        by_first: dict[str, list[str]] = {}
        for w in self.words:
            if w:  # the empty literal occurs in every text: no scan finds it (nor must one try)
                by_first.setdefault(w[0], []).append(w)
        self._rxs = tuple(re.compile(_trie(ws), re.S) for _, ws in sorted(by_first.items()))
        self._prefixes = {w: frozenset(k for k in self.words if w.startswith(k)) for w in self.words}

    def present(self, text: str) -> frozenset[str]:
        """The literals that occur in `text` (case as given: pass lower-cased text for lower words)."""
        found: set[str] = {""} if self.words[:1] == ("",) else set()
        for rx in self._rxs:
            m = rx.search(text)
            while m:
                found.update(self._prefixes[m.group(0)])
                m = rx.search(text, m.start() + 1)
        return frozenset(found)


def _trie(words: Iterable[str]) -> str:
    """A regex matching exactly `words`, longest first, as a trie of nested alternations."""
    root: dict[str, dict] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body
    return emit(root)
