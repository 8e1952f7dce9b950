"""The phase a report's own words place its failure in, when no frame, API call or subsystem does.

A pasted report is often prose around one quoted line ("the AOTI-compiled model segfaults at
inference", "the generated wrapper does not build with clang"). Its words still say which stage of
the pipeline broke: export (tracing), compile (codegen, the C++ build), load (dlopen, mmap of
weights) or run (inference, outputs, crashes). This reading is the weakest source of a phase: it
is used only when the traceback, the API call and the subsystem say nothing (structure.py), and
the priors it selects are scaled down (routing/structural.py, WORDS_PRIOR_SCALE).

Pure: string in, phase name out. The vocabulary is data (PHASE_WORDS, FAILURE_WORDS, and
CAUSE_SIGNS: the words each cause's reports always carry).
"""

from __future__ import annotations

import functools
import re

from .regexscan import finditer_led

__all__ = ["PHASE_WORDS", "FAILURE_WORDS", "PIPELINE", "CAUSE_SIGNS", "phase_from_words", "has_signs"]

# Pipeline order: a later stage presupposes the earlier ones worked, so a tie goes to the later one.
PIPELINE = ("export", "compile", "load", "run")

# phase -> regexes naming that stage (lower-cased text). Each names a STAGE, never a cause:
# "the generated wrapper" is compile whatever went wrong in it.
PHASE_WORDS: dict[str, tuple[str, ...]] = {
    "export": (
        r"\btorch\.export\b", r"\bexport\(", r"\bduring (?:export|tracing)\b", r"\btracing\b", r"\bdynamo\b",
        r"\bgraph breaks?\b", r"\b(?:fail(?:s|ed|ing)? to|cannot|can't|unable to) export\b",
        r"\bexport (?:fails|failed|failure|errors?)\b", r"\bdata[- ]dependent\b", r"\bunbacked\b",
        r"\bnon-?strict\b",
    ),
    "compile": (
        r"\bcompil(?:e|es|ing|ation|er|ers)\b", r"\baot_compile\b", r"\baoti_compile_and_package\b",
        r"\bcode ?gen(?:eration)?\b", r"\bgenerated (?:c\+\+|cpp|code|wrapper|kernels?|triton|source)\b",
        r"\bcpp_wrapper\b", r"\bwrapper\b", r"\blower(?:ing|ed|s)?\b", r"\bbuild(?:s|ing)?\b",
        r"\bbuilt\b", r"\b(?:g\+\+|gcc\b|clang\b|clang\+\+|nvcc\b|msvc\b|cl\.exe\b)", r"\bautotun\w*",
        r"\bheaders?\b", r"\bundeclared\b|\bnot declared\b|\bno matching (?:function|constructor)\b|\bcannot convert\b",
        r"\blink(?:er|ing)\b", r"\bcpp_builder\b", r"\bcodecache\b|\bcode cache\b",
        # the compiler itself and what it keeps between runs: its caches, its autotuner, its workers
        r"\binductor\b", r"\baotautogradcache\b|\bfx ?graph ?cache\b|\bcompile cache\b|\bcachingautotuner\b",
        r"\bprecompil\w*|\bstandalone_compile\b", r"\bsubproc_?pool\b|\bcompile workers?\b",
    ),
    "load": (
        r"\bload(?:s|ing)?\b", r"\baoti_load_package\b|\baot_load\b|\bload_package\b",
        r"\bpackage ?loader\b|\baotimodelpackageloader\b", r"\bdlopen\b", r"\bmmap\w*",
        r"\bshared (?:object|library)\b", r"\.so\b", r"\bcubin\b", r"\bundefined symbol\b",
        r"\bunpickl\w*|\bdeserializ\w*", r"\bpt2 (?:file|archive|package)\b",
    ),
    "run": (
        r"\bruntime\b", r"\bat run ?time\b", r"\binputs? (?:vector|handles?)\b", r"\binference\b", r"\bforward\b",
        r"\boutputs?\b", r"\bresults?\b",
        r"\bcrash\w*", r"\bseg(?:mentation )?fault\w*|\bsigsegv\b|\bcore dumped\b", r"\baccuracy\b", r"\bnans?\b",
        r"\bhang(?:s|ing)?\b|\bdeadlock\w*|\bmutex\w*|\bstarvation\b|\bthreads?\b|\brace\b",
        r"\bexecut(?:e|es|ion|ing)\b", r"\b(?:compiled|loaded) (?:model|module|runner|package)\b",
        r"\brun(?:s|ning)? (?:the |a |my )?(?:compiled |loaded |aoti |exported )?(?:model|package|runner)\b",
        r"\blatency\b|\bslow(?:er|down)?\b", r"\billegal memory access\b|\bcuda error\b",
    ),
}

# Words that say something went wrong: the phase is read from the sentences that hold one.
FAILURE_WORDS = (
    r"\berr(?:or|ors|ored)?\b", r"\bfail\w*", r"\bcrash\w*", r"\bwrong\b", r"\bincorrect\b", r"\bmismatch\w*",
    r"\bseg(?:mentation )?fault\w*", r"\bhang(?:s|ing)?\b", r"\bbug\b", r"\bbroken\b|\bbreaks?\b",
    r"\b(?:does not|doesn't|do not|don't|cannot|can't|unable to|could not|couldn't|won't) \w+",
    r"\bexception\b", r"\bassert\w*", r"\bgarbage\b|\bcorrupt\w*", r"\babort\w*", r"\bnans?\b", r"\bleak\w*",
    r"\bdeadlock\w*",
    r"\bstarvation\b", r"\bregress\w*", r"\bundefined\b|\bundeclared\b", r"\bnot (?:found|supported|implemented)\b",
)

# A cause whose reports always carry some word of its own: a numerical report speaks of NaNs, accuracy
# or wrong results; a toolchain report names a tool or a header. A base-rate prior for such a cause
# is kept only when one of its words is in the text (routing/structural.py). Each sign is the start
# of a word (lower case; "accura" is accuracy and accurate, never inaccurate's middle); a trailing
# "$" asks for the whole word ("inf$" is not "inference"). Causes not listed (torch_bug,
# unsupported, export_failure, opaque_runtime_error) carry no words of their own and are never
# filtered.
CAUSE_SIGNS: dict[str, tuple[str, ...]] = {
    "numerical": ("nan$", "nans$", "inf$", "accura", "inaccura", "wrong", "incorrect", "differ", "mismatch",
                  "toleran", "precision", "garbage", "allclose", "not close", "numeric", "diverg"),
    "crash": ("segfault", "segmentation", "sigsegv", "sigabrt", "sigbus", "core dump", "crash", "abort", "signal"),
    "out_of_memory": ("memory", "oom", "alloc"),
    "illegal_memory_access": ("illegal", "memory access", "address"),
    "input_mismatch": ("input", "shape", "dtype", "stride", "size", "argument"),
    "dynamic_shape_guard": ("dynamic", "shape", "dim", "guard", "range"),
    "device_mismatch": ("device", "cuda", "gpu", "cpu", "xpu", "mps"),
    "constant_loading": ("constant", "weight", "param", "mmap", "buffer", "state_dict"),
    "kernel_binary_missing": ("cubin", ".so", "binar", "file", "path", "dso", "dll"),
    "autotune_failure": ("autotun", "benchmark", "tuning"),
    "version_mismatch": ("version", "abi", "symbol", "glibc", "libstdc", "arch", "sm_", "capability",
                         "instruction", "upgrad", "downgrad", "nightly", "release"),
    "compile_toolchain": ("compiler", "gcc", "g++", "clang", "nvcc", "msvc", "header", "link", "toolchain",
                          "cmake", "include", ".h", "cxx", "library"),
}

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[tuple[str, re.Pattern[str]], ...], re.Pattern[str]]:
    phases = tuple((p, re.compile("|".join(f"(?:{w})" for w in PHASE_WORDS[p]))) for p in PIPELINE)
    failure = re.compile("|".join(f"(?:{w})" for w in FAILURE_WORDS))
    return phases, failure


def _has_word(low: str, sign: str) -> bool:
    whole = sign.endswith("$")
    w = sign[:-1] if whole else sign
    i = low.find(w)
    while i != -1:
        j = i + len(w)
        starts = i == 0 or not w[0].isalnum() or not low[i - 1].isalnum()  # ".so" may follow a name
        if starts and (not whole or j == len(low) or not low[j].isalnum()):
            return True
        i = low.find(w, i + 1)
    return False


def has_signs(low: str, cause: str) -> bool:
    """True when `cause` has no words of its own, or one of them occurs in `low` (lower case)."""
    words = CAUSE_SIGNS.get(cause)
    return words is None or any(_has_word(low, w) for w in words)


def phase_from_words(text: str, *, only_complaints: bool = False) -> tuple[str, str]:
    """(phase, deciding word) from the sentences that say something failed (all of the text when
    none does): the stage named most often; a tie goes to the later stage. ("unknown", "") when
    no stage is named, or, with `only_complaints`, when no sentence says something failed (one
    pass: the complaint gate and the reading share it)."""
    phases, failure = _compiled()
    low = text.lower()
    sentences = [s for s in _SENTENCE.split(low) if s.strip()]
    failing = [s for s in sentences if failure.search(s)]
    if only_complaints and not failing:
        return "unknown", ""
    for body in ("\n".join(failing), "\n".join(sentences)):  # no stage in the failing sentences: all of it
        best, best_n, word = "unknown", 0, ""
        for phase, rx in phases:  # pipeline order: >= lets a later stage win a tie
            found = finditer_led(rx, body, body)  # tried only where a stage word's first letters occur
            hits = [m.group(0) for m in (rx.finditer(body) if found is None else found)]
            if hits and len(hits) >= best_n:
                best, best_n, word = phase, len(hits), hits[0].strip()
        if best_n:
            return best, word
    return "unknown", ""
