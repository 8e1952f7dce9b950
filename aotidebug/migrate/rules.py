"""The legacy-API catalogue for `aotidebug migrate`, as data.

Code allocation (stable; never reuse a retired code):
- AOTM1xx: a rewrite was made (one code per legacy entry point, plus import clean-up), or an
  informational note attached to a rewrite (what has no counterpart, what was assumed).
- AOTM2xx: a legacy use that is reported, never rewritten (the C++ and Python `.so` runners).
- AOTM9xx: a legacy call left alone on purpose, with the reason.
Rewrites that need logic live in `plans.py`, one small function per entry point; each says
"leave it alone" (an AOTM9xx note) when it is not sure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LegacyApi:
    """One deprecated entry point and what replaces it."""

    code: str
    slug: str
    qualname: str
    params: tuple[str, ...]      # positional parameters of the legacy signature, in order
    keywords: tuple[str, ...]    # every parameter the legacy signature accepts by name
    replacement: str
    reference: str


LEGACY: tuple[LegacyApi, ...] = (
    LegacyApi("AOTM101", "export-aot-compile", "torch._export.aot_compile",
              ("f", "args", "kwargs"),
              ("f", "args", "kwargs", "dynamic_shapes", "options", "remove_runtime_assertions",
               "disable_constraint_solver", "same_signature"),
              "torch._inductor.aoti_compile_and_package(torch.export.export(...))",
              "torch/_export/__init__.py aot_compile_warning(); docs/migrate.md"),
    LegacyApi("AOTM102", "export-aot-load", "torch._export.aot_load",
              ("so_path", "device"), ("so_path", "device"),
              "torch._inductor.aoti_load_package(path, device_index=...)",
              "torch/_export/__init__.py aot_compile_warning(); docs/migrate.md"),
    LegacyApi("AOTM103", "inductor-aot-compile", "torch._inductor.aot_compile",
              ("gm", "args", "kwargs"), ("gm", "args", "kwargs", "options"),
              "torch._inductor.aoti_compile_and_package(exported_program)",
              "docs/migrate.md"),
)

BY_QUALNAME: dict[str, LegacyApi] = {api.qualname: api for api in LEGACY}

# Calls of the current API: their results are packages, so loads of them can be migrated.
PACKAGE_PRODUCERS = frozenset({"torch._inductor.aoti_compile_and_package",
                               "torch._inductor.package.package_aoti"})

# Legacy-signature parameters with no counterpart in torch.export.export /
# aoti_compile_and_package, and the default value that makes dropping them harmless.
NO_COUNTERPART_DEFAULTS: dict[str, object] = {
    "remove_runtime_assertions": False,
    "disable_constraint_solver": False,
    "same_signature": True,
}

OUTPUT_PATH_KEY = "aot_inductor.output_path"
PACKAGE_KEY = "aot_inductor.package"

# Device strings aot_load accepts; the type now comes from the package, only the index remains.
DEVICE_TYPES = ("cpu", "cuda", "xpu", "mps")
INDEXED_DEVICE_TYPES = ("cuda", "xpu")

# Consumers that need a bare shared library (or the legacy file layout): a compile result that
# reaches one of these cannot become a .pt2.
SO_CONSUMERS = frozenset({
    "torch._C._aoti.AOTIModelContainerRunnerCpu", "torch._C._aoti.AOTIModelContainerRunnerCuda",
    "torch._C._aoti.AOTIModelContainerRunnerXpu", "torch._C._aoti.AOTIModelContainerRunnerMps",
    "ctypes.CDLL", "ctypes.cdll.LoadLibrary", "torch.ops.load_library",
    "os.path.dirname", "os.path.splitext",
})
RUNNERS = frozenset(q for q in SO_CONSUMERS if q.startswith("torch._C._aoti."))

# Notes: code -> the constant first words of the message (the context follows it).
NOTES: dict[str, str] = {
    # informational, attached to a rewrite
    "AOTM110": "dropped, no counterpart in the package API",
    "AOTM111": "options passed on as inductor_configs",
    "AOTM112": "example inputs dropped",
    "AOTM113": "assumed a GraphModule",
    "AOTM114": "device index read at run time",
    "AOTM115": "load path rewritten",
    "AOTM190": "imports updated",
    # reported, never rewritten
    "AOTM201": "legacy .so runner",
    # left alone
    "AOTM901": "arguments built dynamically",
    "AOTM902": "arguments not understood",
    "AOTM903": "result used as a .so path",
    "AOTM904": "aot_inductor.package=True returns a list of files",
    "AOTM905": "torch.export.export needs an nn.Module",
    "AOTM906": "output path cannot become a .pt2 file",
    "AOTM907": "argument has no counterpart",
    "AOTM908": "device not understood",
    "AOTM909": "path does not come from a migrated compile",
    "AOTM910": "source does not parse",
    "AOTM911": "name is rebound",
    "AOTM999": "internal error",
}

CPP_RUNNER_REGEX = r"\bAOTIModelContainerRunner(?P<kind>Cpu|Cuda|Xpu|Mps)\b"
CPP_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx")
CPP_ADVICE = (
    "AOTIModelContainerRunner{kind} loads a bare .so with no device metadata; with a .pt2 from "
    "aoti_compile_and_package write `torch::inductor::AOTIModelPackageLoader loader(\"model.pt2\"); "
    "auto outputs = loader.run(inputs);` (#include <torch/csrc/inductor/aoti_package/"
    "model_package_loader.h>; the device comes from the package, only the device index is yours)"
)
