"""Where a failure happened, as data: the subsystem a torch module belongs to, the phases, and the
origin of a compiler diagnostic (generated code, a torch header, the user's environment). Pure
and stdlib-only; `structure.py` reads a failure with these."""

from __future__ import annotations

import re
from enum import Enum

from .compiler_diag import CompilerDiag
from .paths import module_under

__all__ = ["Subsystem", "Phase", "Origin", "subsystem_of_module", "classify_origin", "GENERIC_MODULES",
           "CPP_LOAD_RX", "CPP_RUN_RX", "CPP_AOTI_RX", "TORCH_SYMBOL_RX"]


class Subsystem(str, Enum):
    EXPORT = "export"
    DYNAMO = "dynamo"
    LOWERING = "lowering"
    CODEGEN = "codegen"
    CPP_BUILDER = "cpp_builder"
    AUTOTUNE = "autotune"
    PACKAGE_LOAD = "package_load"
    MODEL_RUN = "model_run"
    RUNTIME_CPP = "runtime_cpp"
    TORCHSCRIPT = "torchscript"  # torch.jit: AOTI never calls it, so the user handed it something
    OTHER = "other"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


class Phase(str, Enum):
    EXPORT = "export"
    COMPILE = "compile"
    LOAD = "load"
    RUN = "run"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


class Origin(str, Enum):
    """Where a compiler diagnostic points."""

    GENERATED_WRAPPER = "generated_wrapper"
    GENERATED_KERNEL = "generated_kernel"
    GENERATED_TRITON = "generated_triton"
    TORCH_HEADER = "torch_header"
    SYSTEM_HEADER = "system_header"  # a compile error inside an installed system header
    ENV_MISSING_HEADER = "env_missing_header"
    ENV_MISSING_LIBRARY = "env_missing_library"
    ENV_MISSING_COMPILER = "env_missing_compiler"
    ENV_MISSING_NVCC = "env_missing_nvcc"
    LINK = "link"  # linker error (undefined reference to a non-torch symbol, ld returned 1)
    LINK_TORCH = "link_torch"  # undefined reference to a torch/AOTI symbol
    USER = "user"
    UNPLACED = "unplaced"  # a C++ semantic error quoted without its file (AOTI compiles generated code)
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value

    @property
    def is_generated(self) -> bool:
        return self in (Origin.GENERATED_WRAPPER, Origin.GENERATED_KERNEL, Origin.GENERATED_TRITON)

    @property
    def is_env(self) -> bool:
        return self.value.startswith("env_")


# -- subsystem mapping (data) ---------------------------------------------------------------------

# (module prefix, function regex or "", subsystem); first match wins, so specific rows come first.
_SUBSYSTEM_TABLE: tuple[tuple[str, str, Subsystem], ...] = (
    ("torch._inductor.codegen.wrapper", r"autotune", Subsystem.AUTOTUNE),
    ("torch._inductor.select_algorithm", "", Subsystem.AUTOTUNE),
    ("torch._inductor.autotune_process", "", Subsystem.AUTOTUNE),
    ("torch._inductor.runtime.triton_heuristics", "", Subsystem.AUTOTUNE),
    ("torch._inductor.runtime.benchmarking", "", Subsystem.AUTOTUNE),
    ("torch._inductor.runtime.coordinate_descent_tuner", "", Subsystem.AUTOTUNE),
    ("torch._inductor.kernel_benchmark", "", Subsystem.AUTOTUNE),
    ("torch._inductor.cpp_builder", "", Subsystem.CPP_BUILDER),
    ("torch._inductor.codecache", "", Subsystem.CPP_BUILDER),
    ("torch._inductor.async_compile", "", Subsystem.CPP_BUILDER),
    ("torch._inductor.compile_worker", "", Subsystem.CPP_BUILDER),
    ("torch._inductor.cpu_vec_isa", "", Subsystem.CPP_BUILDER),  # probes the CPU by building and running C++
    ("torch.utils.cpp_extension", "", Subsystem.CPP_BUILDER),
    ("torch._inductor.codegen", "", Subsystem.CODEGEN),
    ("torch._inductor.package", r"^(?:__call__|run|boxed_run|optimized)$", Subsystem.MODEL_RUN),
    ("torch._inductor.package", "", Subsystem.PACKAGE_LOAD),
    ("torch.export.pt2_archive", r"^(?:__call__|run|boxed_run|forward)$", Subsystem.MODEL_RUN),
    ("torch.export.pt2_archive", "", Subsystem.PACKAGE_LOAD),
    ("torch._export.serde", "", Subsystem.PACKAGE_LOAD),
    ("torch._export", r"^optimized$", Subsystem.MODEL_RUN),
    ("torch._export", r"^aot_load$", Subsystem.PACKAGE_LOAD),
    ("torch._export", r"^aot_compile$", Subsystem.LOWERING),
    ("torch._inductor", r"^(?:aoti_load_package|load_package)$", Subsystem.PACKAGE_LOAD),
    ("torch._inductor.runtime.cache_dir_utils", "", Subsystem.CPP_BUILDER),  # the code cache's directories
    ("torch._inductor.runtime", "", Subsystem.MODEL_RUN),
    ("torch._inductor.__init__", "", Subsystem.LOWERING),
    ("torch._inductor.virtualized", "", Subsystem.OTHER),
    ("torch._inductor", "", Subsystem.LOWERING),
    ("torch._export", "", Subsystem.EXPORT),
    ("torch.export", "", Subsystem.EXPORT),
    ("torch._dynamo", "", Subsystem.DYNAMO),
    ("torch._guards", "", Subsystem.DYNAMO),
    ("torch.jit", "", Subsystem.TORCHSCRIPT),
)
# Generic helpers: skipped when looking for the innermost torch frame that names a subsystem.
GENERIC_MODULES = ("torch.export._tree_utils", "torch.export.exported_program", "torch.fx", "torch.utils", "torch._ops", "torch._subclasses", "torch._functorch", "torch.nn",
            "torch._tensor", "torch._prims", "torch._refs", "torch._decomp", "torch._higher_order_ops",
            "torch._library", "torch._logging", "torch._utils_internal", "torch.overrides",
            "torch._compile", "torch._strobelight", "torch.cuda", "torch.autograd", "torch._meta_registrations",
            "torch._inductor.virtualized", "torch._inductor.utils", "torch._dynamo.utils", "torch.__init__",
            "torch._dynamo.eval_frame", "torch._dynamo.device_interface", "torch._dynamo.external_utils",
            "torch._jit_internal", "torch.serialization")


def subsystem_of_module(module: str, function: str = "") -> Subsystem | None:
    """The subsystem of a torch module (and function), or None for a generic helper."""
    name = function.rsplit(".", 1)[-1]  # IPython names a function by its qualified name ("Cls.__call__")
    for prefix, fn_rx, sub in _SUBSYSTEM_TABLE:
        if module_under(module, prefix) and (not fn_rx or re.search(fn_rx, name)):
            if sub is Subsystem.OTHER:
                return None
            # a generic helper package hides its modules, unless the table names one more precisely
            # (torch.utils.cpp_extension is the extension builder, torch.utils the helpers)
            if not fn_rx and any(module.startswith(g) and len(g) >= len(prefix) for g in GENERIC_MODULES):
                return None
            return sub
    return None


# the package loader's own source file (model_package_loader.cpp, in c10's "Exception raised from
# <function> at <file>" line) is the load, whichever helper in it raised (RAIIMinizArchive)
CPP_LOAD_RX = re.compile(r"DynamicLibrary|\bdlopen\b|AOTIModelContainerRunner::AOTIModelContainerRunner|AOTIModelPackageLoader|"
                       r"aoti_package/model_package_loader\.cpp|"
                       r"load_constants|update_constant_buffer|create_func_|AOTInductorModelContainer::AOTInductorModelContainer")
CPP_RUN_RX = re.compile(r"AOTIModelContainerRunner::run|run_impl|boxed_run|run_func_|AOTInductorModelContainerRun|"
                      r"AOTInductorModel(?:Base)?(?:<[^>]*>)?::run")
CPP_AOTI_RX = re.compile(r"aot_inductor|AOTI|AOTInductor|aoti_torch_")

# -- compiler diagnostic origin -------------------------------------------------------------------

# Inductor's files: a hashed name (`c` and 40 or more letters or digits, then `.wrapper`, `.kernel`, `.main`...),
# or any C++ source under a temp folder (POSIX /tmp, macOS /var/folders, Windows AppData/Local/Temp)
_GEN_PATH = re.compile(r"\.wrapper\.cpp$|(?:^|/)wrapper\.cpp$|torchinductor_|(?:^|/)c[a-z0-9]{40,}(?:\.[a-z_]+)?\.(?:cpp|h)$|"
                       r"(?:^|/)<?tmp>?/.*\.(?:cpp|h|c)$|/var/folders/.*\.(?:cpp|h)$|/appdata/local/temp/.*\.(?:cpp|h|c)$", re.I)
_KERNEL_PATH = re.compile(r"\.kernel\.cpp$|cpp_fused")
_TRITON_PATH = re.compile(r"(?:^|/)main\.c$|triton|\.ttir$|\.ptx$|launcher")
_TORCH_HDR = re.compile(r"(?:^|/)torch/(?:include|csrc)/|(?:^|/)(?:ATen|c10)/|aoti_runtime/|aoti_include/")
_SYS_HDR = re.compile(r"^/(?:usr|opt|Library|Applications)/|/include/c\+\+/|/lib/gcc/|\.sdk/")
TORCH_SYMBOL_RX = re.compile(r"aoti_torch_|\btorch::|\bat::|\bc10::|\bAOTI|AtenTensor|_aoti_|\baoti_|"
                        r"['‘`](?:s|ks|u|ps|buf|arg|int_array_)\d+(?:_\d+)?['’`]")


def classify_origin(d: CompilerDiag) -> Origin:
    """Where a diagnostic points: generated code, a torch header, or the user's environment."""
    if d.kind == "missing_header":
        return Origin.ENV_MISSING_HEADER
    if d.kind == "missing_library":
        return Origin.ENV_MISSING_LIBRARY
    if d.kind == "missing_compiler":
        return Origin.ENV_MISSING_NVCC if d.subject in ("nvcc", "hipcc", "CUDA_HOME", "ROCM_HOME") \
            else Origin.ENV_MISSING_COMPILER
    if d.kind == "nvcc":
        return Origin.ENV_MISSING_NVCC
    if d.kind == "undefined_reference":
        return Origin.LINK_TORCH if TORCH_SYMBOL_RX.search(d.subject) else Origin.LINK
    if d.kind == "linker":
        return Origin.LINK
    if d.kind == "quoted":
        return Origin.UNPLACED
    path = d.file.replace("\\", "/")
    if _TORCH_HDR.search(path):
        return Origin.TORCH_HEADER
    if _KERNEL_PATH.search(path) or "cpp_fused" in d.message:
        return Origin.GENERATED_KERNEL
    if _GEN_PATH.search(path):
        return Origin.GENERATED_TRITON if _TRITON_PATH.search(path.rsplit("/", 1)[-1]) else Origin.GENERATED_WRAPPER
    if _SYS_HDR.search(path):
        return Origin.SYSTEM_HEADER
    return Origin.USER if path else Origin.UNKNOWN
