"""Debugging flags and the phase each acts in FOR THE INSTALLED TORCH.

Phases differ across torch versions (AOTI_RUNTIME_CHECK_INPUTS moved from compile time to a run
time `getenv` in the generated code), so each flag declares probes: a file of the installed torch
and a regex whose presence decides the phase. Probes read source text only; torch is not imported.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .result import FlagAdvice

COMPILE, LOAD, RUN = "compile", "load", "run"


@dataclass(frozen=True)
class Probe:
    file: str      # relative to the torch package directory
    regex: str
    phase: str


@dataclass(frozen=True)
class Flag:
    name: str
    value: str
    default_phase: str   # used when no probe decides (torch not found, file moved)
    why: str
    probes: tuple[Probe, ...] = ()


@dataclass(frozen=True)
class ResolvedFlag:
    name: str
    value: str
    phase: str
    why: str
    source: str   # "probe: <file>" or "default"

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "value": self.value, "phase": self.phase, "why": self.why,
                "source": self.source}


_WRAPPER_CPU = "_inductor/codegen/cpp_wrapper_cpu.py"
_CONFIG = "_inductor/config.py"

FLAGS: tuple[Flag, ...] = (
    Flag("AOTI_RUNTIME_CHECK_INPUTS", "1", COMPILE,
         "Generated input guards name the input, dimension, dtype, stride or device that does not "
         "match instead of crashing or returning garbage.",
         # torch 2.10-2.14 mention the variable in a config.py comment too: only the wrapper's
         # getenv() says when it is read (docs/compat.md)
         (Probe(_WRAPPER_CPU, r'getenv\(\s*"AOTI_RUNTIME_CHECK_INPUTS"', RUN),)),
    Flag("TORCHINDUCTOR_NAN_ASSERTS", "1", COMPILE,
         "Adds NaN/Inf assertions to the generated code (on the CPU wrapper: graph inputs only).",
         (Probe(_CONFIG, r'environ\.get\(\s*"TORCHINDUCTOR_NAN_ASSERTS"', COMPILE),)),
    Flag("AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER", "3", COMPILE,
         "Prints every kernel launch (3), tensor stats (2) or saves tensors (1); the last launch "
         "before a fault is the suspect. Baked into the package at compile time.",
         (Probe(_CONFIG, r'"AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER"', COMPILE),)),
    Flag("AOT_INDUCTOR_FILTERED_KERNELS_TO_PRINT", "<kernel names>", COMPILE,
         "Restricts the value printer (mode 2 only) to the named kernels.",
         (Probe(_CONFIG, r'"AOT_INDUCTOR_FILTERED_KERNELS_TO_PRINT"', COMPILE),)),
    Flag("DUMP_AOTI_MINIFIER", "1", COMPILE,
         "Writes a minifier launcher when compilation (or the compile-time run) fails.",
         (Probe(_CONFIG, r'"DUMP_AOTI_MINIFIER"', COMPILE),)),
    Flag("INDUCTOR_PROVENANCE", "1", COMPILE,
         "Ships kernel_information.json in the package: kernel -> FX nodes -> user file:line.",
         (Probe(_CONFIG, r'"INDUCTOR_PROVENANCE"', COMPILE),)),
    Flag("CUDA_LAUNCH_BLOCKING", "1", RUN,
         "Makes CUDA report an error at the kernel that caused it, not at a later sync."),
    Flag("PYTORCH_NO_CUDA_MEMORY_CACHING", "1", RUN,
         "Disables the caching allocator so out-of-bounds accesses hit unowned memory and fault "
         "deterministically."),
    Flag("TORCH_SHOW_CPP_STACKTRACES", "1", RUN,
         "Symbolised C++ frames, including the generated wrapper.cpp line."),
    Flag("TORCH_LOGS", "+inductor,output_code", COMPILE,
         "Logs the generated wrapper and kernel code and where it was written."),
    Flag("TORCH_TRACE", "<dir>", COMPILE,
         "Structured compile trace for tlparse."),
)

_BY_NAME = {f.name: f for f in FLAGS}


@functools.lru_cache(maxsize=1)
def torch_dir() -> Path | None:
    """The installed torch package directory, found without importing torch."""
    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


@functools.lru_cache(maxsize=None)
def _read(rel: str) -> str | None:
    base = torch_dir()
    if base is None:
        return None
    try:
        return (base / rel).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


@functools.lru_cache(maxsize=None)
def resolve(name: str) -> ResolvedFlag:
    """The flag with its phase decided by the installed torch's source (or the default)."""
    flag = _BY_NAME[name]
    for probe in flag.probes:
        text = _read(probe.file)
        if text is not None and re.search(probe.regex, text):
            return ResolvedFlag(flag.name, flag.value, probe.phase, flag.why, f"probe: {probe.file}")
    return ResolvedFlag(flag.name, flag.value, flag.default_phase, flag.why, "default")


def phase(name: str) -> str:
    return resolve(name).phase


def table() -> list[ResolvedFlag]:
    """Every known flag, resolved for the installed torch."""
    return [resolve(f.name) for f in FLAGS]


def advice_for(names: Iterable[str]) -> list[FlagAdvice]:
    """FlagAdvice for the named flags (unknown names are skipped), phases resolved."""
    out: list[FlagAdvice] = []
    for name in names:
        if name in _BY_NAME:
            r = resolve(name)
            why = r.why
            if name == "AOTI_RUNTIME_CHECK_INPUTS" and r.phase == RUN:
                why += " Read at the first call of each loaded package: set it before that call."
            out.append(FlagAdvice(r.name, r.value, r.phase, why))
    return out
