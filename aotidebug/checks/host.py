"""Host checks: can this machine run the package at all (platform, machine, CPU ISA, GPU, compute
capability, torch version)? A pure function of the package's metadata and a `HostFacts` snapshot,
so GPU-only paths are tested with constructed facts and CPU paths with the real host."""

from __future__ import annotations

import functools
import os
import platform
import re
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from packaging.version import InvalidVersion, Version

from .codes import finding
from ..core.result import Finding, Severity

if TYPE_CHECKING:
    from ..package.inspect import PackageInfo

# AOTI_CPU_ISA tokens (str(pick_vec_isa()).upper()) -> /proc/cpuinfo flags the kernels need.
ISA_FLAGS: dict[str, tuple[str, ...]] = {
    "AVX2": ("avx2", "fma"),
    "AVX512": ("avx512f", "avx512dq", "avx512vl", "avx512bw"),
    "AVX512_VNNI": ("avx512_vnni",),
    "AMX_TILE": ("amx_tile", "amx_bf16", "amx_int8"),
    "NEON": ("asimd",),
    "SVE128": ("sve",), "SVE256": ("sve",),
}
NO_ISA = {"", "NONE", "INVALIDVECISA", "INVALID_VEC_ISA", "INVALID VEC ISA"}
# metadata keys torch 2.10+ writes about the build host (docs/compat.md)
HOST_KEYS = ("AOTI_PLATFORM", "AOTI_MACHINE", "AOTI_CPU_ISA")
MACHINE_ALIASES = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64"}


@dataclass(frozen=True)
class HostFacts:
    """What this host offers, gathered once (`host_facts()`); tests construct it for GPU paths."""

    platform: str
    machine: str
    cpu_flags: frozenset[str] | None        # None: not readable (not Linux)
    torch_version: str | None
    cuda_available: bool = False
    device_count: int = 0
    compute_capability: tuple[int, int] | None = None   # of the requested/current GPU
    extra: Mapping[str, Any] = field(default_factory=dict)


@functools.lru_cache(maxsize=1)
def cpu_flags(path: str = "/proc/cpuinfo") -> frozenset[str] | None:
    """This CPU's feature flags (x86 `flags`, ARM `Features`), or None when not readable."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                key, _, val = line.partition(":")
                if key.strip().lower() in ("flags", "features"):
                    return frozenset(val.split())
    except OSError:
        return None
    return None


def host_facts(device_index: int | None = None, *, want_gpu: bool = False) -> HostFacts:
    """Snapshot of this host. Touches CUDA only when `want_gpu` (a CUDA package), and then only
    through calls that are safe without a GPU."""
    torch_version: str | None = None
    cuda_ok, count = False, 0
    cc: tuple[int, int] | None = None
    try:
        import torch

        torch_version = str(torch.__version__)
        if want_gpu:
            cuda_ok = bool(torch.cuda.is_available())
            if cuda_ok:
                count = int(torch.cuda.device_count())
                idx = device_index if device_index is not None and device_index >= 0 else torch.cuda.current_device()
                if 0 <= idx < count:
                    major, minor = torch.cuda.get_device_capability(idx)
                    cc = (int(major), int(minor))
    except Exception:  # a broken CUDA install is itself a finding, not a crash
        cuda_ok = False
    return HostFacts(sys.platform, platform.machine(), cpu_flags(), torch_version, cuda_ok, count, cc)


def parse_compute_capability(value: str | None) -> tuple[int, int] | None:
    """(8, 6) from "86", "8.6", "sm_86" or "sm_90a"; None when empty or not CUDA-style."""
    if not value:
        return None
    m = re.search(r"(\d+)\.(\d+)", value)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = re.search(r"(\d+)", value)
    if not m:
        return None
    digits = m.group(1)
    return (int(digits[:-1]), int(digits[-1])) if len(digits) >= 2 else (int(digits), 0)


def host_findings(info: PackageInfo, facts: HostFacts, device_index: int | None = None) -> list[Finding]:
    """Pure: the package's recorded build host against `facts`."""
    md = info.metadata
    dev = info.device_type
    out: list[Finding] = []
    built_plat = md.get("AOTI_PLATFORM")
    if built_plat and built_plat != facts.platform:
        out.append(finding("AOTC100", f"package built for platform {built_plat}, this host is "
                           f"{facts.platform}: its .so cannot be loaded here", expected=built_plat,
                           got=facts.platform))
    built_m = md.get("AOTI_MACHINE")
    here_m = MACHINE_ALIASES.get(facts.machine.lower(), facts.machine.lower())
    if built_m and MACHINE_ALIASES.get(built_m.lower(), built_m.lower()) != here_m:
        out.append(finding("AOTC101", f"package built for {built_m}, this host is {facts.machine}: "
                           "the .so cannot be loaded here", expected=built_m, got=facts.machine))
    if md and not any(k in md for k in HOST_KEYS):
        out.append(finding("AOTC104", "the package records no build host (platform, machine, CPU ISA): "
                           "torch before 2.10 wrote only AOTI_DEVICE_KEY, so this host cannot be "
                           "verified against it", missing=list(HOST_KEYS)))
    isa = (md.get("AOTI_CPU_ISA") or "").strip()
    if isa.upper() not in NO_ISA and not out:
        tokens = isa.upper().split()
        unknown = [t for t in tokens if t not in ISA_FLAGS]
        if facts.cpu_flags is None:
            out.append(finding("AOTC103", f"kernels built for CPU ISA {isa}; this host's CPU flags "
                               "cannot be read to verify it", expected=isa))
        else:
            missing = sorted({f for t in tokens for f in ISA_FLAGS.get(t, ()) if f not in facts.cpu_flags})
            if missing:
                sev = Severity.FATAL if dev in (None, "cpu") else Severity.WARNING
                out.append(finding("AOTC102", f"kernels built for CPU ISA {isa}; this CPU lacks "
                                   f"{', '.join(missing)} (expect SIGILL, illegal instruction)",
                                   severity=sev, expected=isa, missing=missing))
            if unknown:
                out.append(finding("AOTC103", f"CPU ISA token(s) {unknown} not known to aotidebug; "
                                   "not verified", expected=isa))
    if dev == "cuda":
        if not facts.cuda_available:
            out.append(finding("AOTC110", "package compiled for cuda, but CUDA is not available on "
                               "this host (torch.cuda.is_available() is False)", expected="cuda",
                               got="no usable GPU"))
        else:
            if device_index is not None and device_index >= facts.device_count:
                out.append(finding("AOTC112", f"device_index {device_index} but this host has "
                                   f"{facts.device_count} GPU(s)", expected=f"< {facts.device_count}",
                                   got=device_index))
            built = parse_compute_capability(md.get("AOTI_COMPUTE_CAPABILITY"))
            here = facts.compute_capability
            if built and here and built != here:
                compatible = built[0] == here[0] and here[1] >= built[1]
                out.append(finding(
                    "AOTC111", f"kernels built for compute capability {built[0]}.{built[1]}, this GPU is "
                    f"{here[0]}.{here[1]}" + (" (same major, newer minor: usually runs)" if compatible
                                              else ": expect 'no kernel image is available'"),
                    severity=Severity.INFO if compatible else Severity.FATAL,
                    expected=f"{built[0]}.{built[1]}", got=f"{here[0]}.{here[1]}"))
    elif dev == "cpu" and device_index is not None and device_index != -1:
        out.append(finding("AOTC112", f"device_index={device_index} for a CPU package: torch refuses it "
                           "('Incorrect device passed to aoti_runner_cpu'); CPU needs -1",
                           expected=-1, got=device_index))
    recorded = next((v for k, v in md.items() if re.fullmatch(r"(?i)(aoti_)?torch_?version", k)), None)
    built_line, here_line = _release_line(recorded), _release_line(facts.torch_version)
    if built_line and here_line and built_line != here_line:
        out.append(finding("AOTC120", f"package built with torch {recorded}, this host runs "
                           f"{facts.torch_version}", expected=recorded, got=facts.torch_version))
    return out


def _release_line(v: str | None) -> tuple[int, ...] | None:
    """(major, minor) of a torch version, read by `packaging.version`: a local label (`+cpu`,
    `+cu130`), a pre-release (`2.15.0rc1`) or a nightly (`2.16.0.dev20261201+cpu`) is on the line
    of its release. None when it is not a version at all: then nothing is compared."""
    try:
        return Version((v or "").strip()).release[:2]
    except InvalidVersion:
        return None


def check_host(info: PackageInfo | str | os.PathLike[str], *, device_index: int | None = None) -> list[Finding]:
    """Can this machine run this package at all? Platform, architecture, CPU ISA, GPU and
    compute capability, device index and torch version, each fatal or harmless."""
    from ..package.inspect import inspect_package

    pinfo = inspect_package(info)
    facts = host_facts(device_index, want_gpu=pinfo.device_type == "cuda")
    return host_findings(pinfo, facts, device_index)
