"""Parse the AOTI intermediate value printer's output into a kernel launch trace (pure, no torch).

The printer is baked into the package at compile time (aoti-facts.md, section 1):
- mode 3 prints `[ before_launch: K ]` / `[ after_launch: K ]` for every kernel launch;
- mode 2 prints a block per tensor argument, `[  before_launch - K - buf0  ]:` followed by stats
  lines (`Number of elements`, `Dtype`, `Mean value`, `Min value`, `Max value`, ...), and first a
  block per graph input, `[  aoti_model_inputs - arg0_1  ]:`;
- mode 1 saves tensors and says `Saved tensor to ./tmp/aoti_torch{before|after}_launch_K_ARG_dev.pt`.
The faulting kernel of a crash or error is the last one launched and not finished; the producer
of a non-finite value is the first kernel whose arguments are non-finite AFTER its launch (its
`before_launch` output buffers hold uninitialised memory, so they prove nothing).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

BEFORE, AFTER, INPUTS = "before_launch", "after_launch", "aoti_model_inputs"

# (regex, kind): the line shapes the printer emits; first match wins.
LINE_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^\[\s*(before_launch|after_launch):\s*(\S+)\s*\]\s*$"), "mode3"),
    (re.compile(r"^\[\s*(before_launch|after_launch)\s+-\s+(\S+)\s+-\s+(\S+)\s*\]:?\s*$"), "block"),
    (re.compile(r"^\[\s*(aoti_model_inputs)\s+-\s+(\S+)\s*\]:?\s*$"), "input"),
    (re.compile(r"Saved tensor to (\S*aoti_torch(before_launch|after_launch)_(\S+)\.pt)"), "saved"),
    (re.compile(r"^\s*(Number of elements|Dtype|Mean value|Min value|Max value|Size|Device)\s*:\s*(.*?)\s*$"),
     "stat"),
)

_STAT_KEYS = {"Number of elements": "numel", "Dtype": "dtype", "Mean value": "mean",
              "Min value": "min", "Max value": "max", "Size": "size", "Device": "device"}
_SAVED_ARG = re.compile(r"^(?P<kernel>.+?)_(?P<arg>buf\d+|arg\d+_\d+)_(?P<device>[a-z]+(?::?\d+)?)$")


def _number(text: str) -> float | None:
    t = text.strip().lower().rstrip(",")
    try:
        return float(t)
    except ValueError:
        return None


@dataclass(frozen=True)
class TensorStats:
    """One printed tensor block (mode 2): where it was printed and its summary statistics."""

    phase: str
    kernel: str
    arg: str
    numel: int | None = None
    dtype: str = ""
    mean: float | None = None
    min: float | None = None
    max: float | None = None
    size: str = ""

    @property
    def finite(self) -> bool | None:
        """False when a statistic is NaN or infinite; None when no statistic was printed."""
        vals = [v for v in (self.mean, self.min, self.max) if v is not None]
        if not vals:
            return None
        return all(math.isfinite(v) for v in vals)

    def to_dict(self) -> dict:
        return {"phase": self.phase, "kernel": self.kernel, "arg": self.arg, "numel": self.numel,
                "dtype": self.dtype, "mean": self.mean, "min": self.min, "max": self.max,
                "size": self.size, "finite": self.finite}


@dataclass(frozen=True)
class SavedTensor:
    """One mode-1 file: phase, kernel, argument name and the path printed for it."""

    phase: str
    kernel: str
    arg: str
    path: str


@dataclass(frozen=True)
class LaunchTrace:
    """Launch events in order, plus mode-2 statistics and mode-1 files when present."""

    events: tuple[tuple[str, str], ...] = ()       # (BEFORE|AFTER, kernel)
    stats: tuple[TensorStats, ...] = ()
    saved: tuple[SavedTensor, ...] = ()
    mode: int = 0                                   # highest-information mode seen (3, 2, 1) or 0

    def __bool__(self) -> bool:
        return bool(self.events or self.saved)

    @property
    def launched(self) -> tuple[str, ...]:
        """Kernels in launch order (a kernel launched twice appears twice)."""
        out: list[str] = []
        last: tuple[str, str] | None = None
        for phase, kernel in self.events:
            if phase == BEFORE and last != (BEFORE, kernel):
                out.append(kernel)
            last = (phase, kernel)
        return tuple(out)

    @property
    def finished(self) -> tuple[str, ...]:
        out: list[str] = []
        last: tuple[str, str] | None = None
        for phase, kernel in self.events:
            if phase == AFTER and last != (AFTER, kernel):
                out.append(kernel)
            last = (phase, kernel)
        return tuple(out)

    @property
    def unfinished(self) -> str | None:
        """The kernel launched last and never reported finished: the suspect of a crash or error."""
        if not self.events:
            return None
        phase, kernel = self.events[-1]
        return kernel if phase == BEFORE else None

    @property
    def nonfinite_inputs(self) -> tuple[str, ...]:
        return tuple(s.arg for s in self.stats if s.phase == INPUTS and s.finite is False)

    def producer(self) -> str | None:
        """The first kernel whose arguments hold a NaN/Inf after it ran (mode 2), else None.

        Inputs of a kernel were outputs of earlier kernels (already checked) or graph inputs
        (`nonfinite_inputs`), so the first such kernel is where the bad value was made.
        """
        for s in self.stats:
            if s.phase == AFTER and s.finite is False:
                return s.kernel
        return None

    def to_dict(self) -> dict:
        return {"mode": self.mode, "launched": list(self.launched), "unfinished": self.unfinished,
                "producer": self.producer(), "nonfinite_inputs": list(self.nonfinite_inputs),
                "stats": [s.to_dict() for s in self.stats if s.phase != BEFORE],
                "saved": len(self.saved)}


def parse_trace(text: str) -> LaunchTrace:
    """Read printer output (any mode, mixed with other output) into a LaunchTrace. Never raises."""
    events: list[tuple[str, str]] = []
    stats: list[TensorStats] = []
    saved: list[SavedTensor] = []
    modes: set[int] = set()
    block: dict | None = None

    def close() -> None:
        nonlocal block
        if block is not None:
            stats.append(TensorStats(**block))
            block = None

    for raw in (text or "").splitlines():
        line = raw.strip()
        if not line:
            continue
        for rx, kind in LINE_PATTERNS:
            m = rx.search(line)
            if not m:
                continue
            if kind == "mode3":
                close()
                events.append((m.group(1), m.group(2)))
                modes.add(3)
            elif kind == "block":
                close()
                phase, kernel, arg = m.group(1), m.group(2), m.group(3)
                if not events or events[-1] != (phase, kernel):
                    events.append((phase, kernel))
                block = {"phase": phase, "kernel": kernel, "arg": arg}
                modes.add(2)
            elif kind == "input":
                close()
                block = {"phase": INPUTS, "kernel": "", "arg": m.group(2)}
                modes.add(2)
            elif kind == "saved":
                close()
                rest = _SAVED_ARG.match(m.group(3))
                kernel, arg = (rest.group("kernel"), rest.group("arg")) if rest else (m.group(3), "")
                phase = m.group(2)
                saved.append(SavedTensor(phase, kernel, arg, m.group(1)))
                if not events or events[-1] != (phase, kernel):
                    events.append((phase, kernel))
                modes.add(1)
            elif kind == "stat" and block is not None:
                key = _STAT_KEYS[m.group(1)]
                val = m.group(2)
                if key in ("mean", "min", "max"):
                    block[key] = _number(val)
                elif key == "numel":
                    n = _number(val)
                    block[key] = int(n) if n is not None and math.isfinite(n) else None
                elif key in ("dtype", "size"):
                    block[key] = val
            break
    close()
    mode = 2 if 2 in modes else (1 if 1 in modes else (3 if 3 in modes else 0))
    return LaunchTrace(tuple(events), tuple(stats), tuple(saved), mode)
