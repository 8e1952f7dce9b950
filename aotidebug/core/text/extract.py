"""Pull structured facts out of error text: kernel names, assertion bounds, input indices, signals,
legacy API calls, wrapper file:line. Pure functions over strings; each returns Evidence items
that later analyzers (index-out-of-bounds tracer, consistency checks) consume by label."""

from __future__ import annotations

import functools
import re
import signal as _signal
from dataclasses import dataclass

from ..result import Evidence

SRC = "error-text"
CRASH_SRC = "crash-reporter"   # a crash reporter line: the faulting IP, measured, not inferred


@dataclass(frozen=True)
class Extractor:
    label: str
    regex: str
    describe: str  # format string over the named groups


EXTRACTORS: tuple[Extractor, ...] = (
    Extractor("index-assertion",
              r"index out of bounds: (?:0 <= )?(?P<var>\w+)(?: < (?P<bound>\w+))?",
              "kernel asserted an index bound on {var} (< {bound})"),
    Extractor("input-check",
              r"input_handles\[(?P<index>\d+)\]: (?P<what>unmatched [\w ]+?|dim value is too \w+)"
              r"(?: at (?P<dim>\d+))?, expected(?: it)?(?: to be)?:? (?P<expected>[^,\n]+?),? but got:? (?P<got>[^\s,]+)",
              "input {index}: {what} (expected {expected}, got {got})"),
    Extractor("inputs-count",
              r"expected inputs vector size to be (?P<expected>\d+), but got (?P<got>\d+)",
              "the model expects {expected} inputs, got {got}"),
    Extractor("device-pair",
              r"Expected (?:out )?tensor to have device (?P<expected>\S+), but got (?P<got>\S+) instead",
              "an op expected a tensor on {expected} but got one on {got} (in AOTI usually an "
              "input on {expected} meeting buffers the package allocated on {got})"),
    Extractor("wrapper-location",
              r"(?<![\w./<>-])(?P<file>[\w./<>-]*\.wrapper\.cpp)(?:, line |:)(?P<line>\d+)",
              "{file}:{line}"),
    Extractor("api-call-failed",
              r"(?<!\w)(?P<call>\w+)\([^\n]{0,400}?\) API call failed",
              "C shim call {call} failed"),
    Extractor("launched-kernel",
              r"\[ before_launch(?::| -) (?P<kernel>\w+)",
              "kernel {kernel} launched"),
    Extractor("integer-division-by-zero",
              r"(?P<check>inductor_cpu_throw_if_integer_div_error)",
              "a generated CPU kernel divided an integer by zero and raised ZeroDivisionError "
              "(torch 2.13 CPU kernels check it: an exception, not a SIGFPE)"),
    Extractor("legacy-api",
              r"(?P<call>torch\._export\.aot_(?:compile|load)|torch\._inductor\.aot_compile|"
              r"\b_export\.aot_(?:compile|load)|\baot_load\(|\baot_compile\()",
              "legacy API {call} in the trace"),
    Extractor("exit-status",
              r"\b(?:(?:exit(?:ed)?(?: with)? (?:code|status)|returncode)[ =:]+|rc[ =:]+)(?P<code>-?\d+)",
              "exit status {code}"),
)

KERNEL_REGEX = r"\b((?:cpp_fused|triton_(?:poi|red|per|tem|for|spl)?_?fused|triton)_\w+|aoti_torch_\w+_out)\b"
SIGNAL_REGEX = r"\b(SIG(?:SEGV|ILL|ABRT|BUS|FPE|KILL|TERM))\b"
_KERNEL = re.compile(KERNEL_REGEX)
_SIGNAL_NAMES = re.compile(SIGNAL_REGEX)


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[Extractor, re.Pattern[str], frozenset[str] | None], ...]:
    """Extractors compiled on first use, each with the literals a match must contain (prefilter)."""
    from .regexscan import required_literals

    return tuple((e, re.compile(e.regex, re.I), required_literals(e.regex)) for e in EXTRACTORS)


def signal_from_status(code: int) -> str | None:
    """Name the signal behind an exit status (-11, 139 -> SIGSEGV) or None."""
    num = -code if code < 0 else code - 128 if 128 < code < 160 else None
    if num is None:
        return None
    try:
        return _signal.Signals(num).name
    except ValueError:
        return None


def extract(text: str, limit_per_label: int = 5) -> list[Evidence]:
    """All structured evidence found in `text` (at most `limit_per_label` per kind)."""
    out: list[Evidence] = []
    seen: set[tuple[str, str]] = set()
    from .regexscan import finditer_led, windows

    low = text.lower()
    for ex, rx, req in _compiled():
        if req is not None and not any(w in low for w in req):
            continue
        found = finditer_led(rx, text, low)  # tried only where the regex's first words occur
        if found is None:
            if req is None or len(low) != len(text):
                spans = [(0, len(text))]
            else:  # extractor regexes are single-line: search only the lines holding their keyword
                spans = windows(text, low, req, context=0)
            found = (m for a, b in spans for m in rx.finditer(text, a, b))
        n = 0
        for m in found:
            fields = {k: v for k, v in m.groupdict().items() if v is not None}
            key = (ex.label, m.group(0))
            if key in seen:
                continue
            seen.add(key)
            if ex.label == "exit-status":
                sig = signal_from_status(int(fields["code"]))
                if sig is None:
                    continue
                fields["signal"] = sig
            out.append(Evidence(SRC, ex.label, ex.describe.format_map(_Default(fields)), fields))
            n += 1
            if n >= limit_per_label:
                break
    out.extend(crash_sites(text, limit_per_label))
    for name in dict.fromkeys(_SIGNAL_NAMES.findall(text) if "SIG" in text else ()):
        out.append(Evidence(SRC, "signal", f"signal {name} reported", {"signal": name}))
    return out


def crash_sites(text: str, limit: int = 5) -> list[Evidence]:
    """The crash reporter's lines (`aotidebug: SIGSEGV in kernel K of P (+0xa0); ...`, see
    crash_line.py) as measured evidence: label `crash-site`, source `crash-reporter`."""
    if "aotidebug: SIG" not in text:
        return []
    from .crash_line import parse_line

    out = []
    for rec in parse_line(text)[:limit]:
        fields = {"signal": rec["signal"], "kernel": rec["kernel"], "object": rec["object"],
                  "offset": rec["offset"], "function": None if rec["kernel"] else rec["name"],
                  "details": list(rec["details"]), "observed": True}
        what = f"kernel {rec['kernel']}" if rec["kernel"] else f"{rec['kind']} {rec['name']}"
        out.append(Evidence(CRASH_SRC, "crash-site",
                            f"{rec['signal']} in {what} of {rec['object'] or '?'} "
                            f"(+0x{rec['offset']:x}), named from the faulting instruction pointer",
                            fields))
    return out


def kernel_names(text: str) -> list[str]:
    """Generated kernel names in order of first appearance (cpp_fused_*, triton_*, aoti_torch_*_out)."""
    if "cpp_fused" not in text and "triton" not in text and "aoti_torch_" not in text:
        return []
    from .regexscan import finditer_led

    led = finditer_led(_KERNEL, text, text)  # case-sensitive: the text is its own "lower" here
    return list(dict.fromkeys(m.group(1) for m in led) if led is not None else _KERNEL.findall(text))


def faulting_kernel(text: str) -> str | None:
    """The kernel most likely at fault: the last launch without a matching after_launch, else the
    kernel named by an assertion or shim call, else the last kernel name in the text. A crash
    reporter line (crash_line.py) names the kernel from the faulting IP: it wins over all."""
    if "aotidebug: SIG" in text:
        from .crash_line import parse_line

        named = [r["kernel"] for r in parse_line(text) if r["kernel"]]
        if named:
            return str(named[0])
    before = re.findall(r"\[ before_launch(?::| -) (\w+)", text) if "before_launch" in text else []
    after = re.findall(r"\[ after_launch(?::| -) (\w+)", text) if before else []
    if before:
        pending = list(before)
        for k in after:
            if k in pending:
                pending.remove(k)
        if pending:
            return pending[-1]
    m = re.search(r"index out of bounds[^\n]*?(?:in |from )?((?:cpp_fused|triton)_\w+)", text) \
        if "index out of bounds" in text else None
    if m:
        return m.group(1)
    names = kernel_names(text)
    return names[-1] if names else None


class _Default(dict):
    def __missing__(self, key: str) -> str:
        return "?"
