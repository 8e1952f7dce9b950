"""The routing table: one typed entry per error family.

Each entry has a stable code (AOTD + 3 digits; the hundreds digit groups a category, see
docs/codes.md for the allocation policy), a slug, the regexes that recognise the family (any one
matching is enough), the category, a constant title, a weight and references to named hints.

The weight says how directly a match names the ROOT cause: a generated input check
(`input_handles[0]: unmatched dim value`) is 0.9; a surface symptom that many causes share
(`illegal memory access`, `Segmentation fault`) is lower, so a root-cause match in the same log
outranks it. Write regexes for the error family, never one report's wording.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import hints as H
from .categories import Category as C


@dataclass(frozen=True)
class Pattern:
    code: str
    slug: str
    category: C
    title: str
    regexes: tuple[str, ...]
    weight: float = 0.6
    fixes: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


PATTERNS: tuple[Pattern, ...] = (
    # -- 1xx input and device contract -----------------------------------------------------------
    Pattern("AOTD101", "aoti-input-check-mismatch", C.INPUT_MISMATCH,
            "A runtime input breaks the compiled input contract",
            (r"input_handles\[\d+\]: unmatched (?:dim value|stride value|dtype|device type)",
             r"input_handles\[\d+\]: expected ndim"),
            0.92, (H.CHECK_THREE_MATCHES, H.MATCH_DTYPE, H.MAKE_CONTIGUOUS), ("AOTI_RUNTIME_CHECK_INPUTS",)),
    Pattern("AOTD102", "inputs-vector-size", C.INPUT_MISMATCH,
            "Wrong number of inputs for the compiled model",
            (r"expected inputs vector size to be \d+, but got \d+",
             r"kwarg keyword mismatch"),
            0.9, (H.CHECK_THREE_MATCHES,)),
    Pattern("AOTD103", "dynamic-dim-out-of-range", C.DYNAMIC_SHAPE_GUARD,
            "A dynamic dimension is outside its exported range",
            (r"dim value is too (?:small|large) at \d+",),
            0.93, (H.EXPORT_WITH_EDGE_SHAPES, H.GUARD_EMPTY_INPUTS), ("AOTI_RUNTIME_CHECK_INPUTS",)),
    # -- 2xx device ------------------------------------------------------------------------------
    Pattern("AOTD201", "host-pointer-not-registered", C.DEVICE_MISMATCH,
            "A host (CPU) pointer reached CUDA code",
            (r"pointer resides on host memory and is not registered with any CUDA device",),
            0.88, (H.MATCH_COMPILE_DEVICE, H.MOVE_INPUTS_TO_DEVICE)),
    Pattern("AOTD202", "expected-device-got-other", C.DEVICE_MISMATCH,
            "A tensor is on a different device than the compiled code expects",
            (r"Expected (?:out )?tensor to have device \S+, but got \S+ instead",
             r"Specified device \S+ does not match device of data",
             r"Expected all tensors to be on the same device"),
            0.8, (H.MATCH_COMPILE_DEVICE, H.MOVE_INPUTS_TO_DEVICE)),
    Pattern("AOTD203", "incorrect-device-for-runner", C.DEVICE_MISMATCH,
            "The package was loaded for the wrong device or device index",
            (r"Incorrect device passed to aoti_runner_\w+",),
            0.85, (H.MATCH_COMPILE_DEVICE,)),
    # -- 3xx kernel faults -----------------------------------------------------------------------
    Pattern("AOTD301", "kernel-index-out-of-bounds", C.INDEX_OUT_OF_BOUNDS,
            "A kernel's index assertion failed",
            (r"index out of bounds: 0 <= \w+ < \w+",),
            0.8, (H.CHECK_THREE_MATCHES, H.GUARD_EMPTY_INPUTS, H.CLAMP_INDICES, H.EXPORT_WITH_EDGE_SHAPES),
            ("AOTI_RUNTIME_CHECK_INPUTS", "CUDA_LAUNCH_BLOCKING")),
    Pattern("AOTD302", "cuda-illegal-memory-access", C.ILLEGAL_MEMORY_ACCESS,
            "CUDA illegal memory access in a compiled kernel",
            (r"illegal memory access", r"cudaErrorIllegalAddress", r"misaligned address",
             r"unspecified launch failure"),
            0.7, (H.CHECK_THREE_MATCHES, H.SYNC_FOR_LOCATION, H.BISECT_KERNELS),
            ("AOTI_RUNTIME_CHECK_INPUTS", "CUDA_LAUNCH_BLOCKING", "PYTORCH_NO_CUDA_MEMORY_CACHING",
             "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER")),
    Pattern("AOTD303", "segfault", C.CRASH,
            "The process crashed (signal) with no error message",
            (r"Segmentation fault", r"SIGSEGV", r"\bsegfault", r"core dumped", r"Bus error", r"SIGBUS",
             r"Fatal Python error", r"exit(?:ed)? (?:code|status) (?:139|-11|134|-6|135)\b",
             r"\brc[ =]+-?(?:139|11|134|135)\b"),
            0.55, (H.CHECK_THREE_MATCHES, H.BISECT_KERNELS),
            ("AOTI_RUNTIME_CHECK_INPUTS", "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER")),
    # -- 4xx constants ---------------------------------------------------------------------------
    Pattern("AOTD401", "constant-not-found", C.CONSTANT_LOADING,
            "A constant (weight) is missing or has the wrong name",
            (r"Constant not found: \S+", r"Cannot find constants? \S+ in constants_map",
             r"update_constant_buffer\w*\(.*\) API call failed"),
            0.85, (H.CHECK_CONSTANTS,)),
    # -- 5xx toolchain and unsupported -----------------------------------------------------------
    Pattern("AOTD501", "cpp-compile-error", C.COMPILE_TOOLCHAIN,
            "The C++ compiler or linker failed while building the package",
            (r"CppCompileError", r"fatal error: ['‘\"]?[\w/.]+\.h['’\"]? file not found",
             r"fatal error: [\w/.]+\.h: No such file or directory", r"collect2: error",
             r"CalledProcessError: Command .*\b(?:gcc|g\+\+|clang\+?\+?|nvcc)\b"),
            0.7, (H.READ_COMPILER_OUTPUT, H.INSTALL_TOOLCHAIN)),
    Pattern("AOTD502", "missing-c-shim", C.UNSUPPORTED,
            "An op has no C shim or fallback that AOTI can call",
            (r"aoti_torch_\w+ was not declared in this scope", r"Could not find schema for \S+",
             r"missing C shim", r"proxy executor"),
            0.8, (H.REPLACE_UNSUPPORTED_OP,)),
    # -- 6xx export ------------------------------------------------------------------------------
    Pattern("AOTD601", "data-dependent-guard", C.EXPORT_FAILURE,
            "torch.export hit data-dependent control flow",
            (r"Could not guard on data-dependent expression", r"GuardOnDataDependentSymNode",
             r"guard_size_oblivious would fix the error", r"UserError: .*(?:dynamic|data-dependent)"),
            0.75, (H.FIX_EXPORT,)),
    # -- 7xx version -----------------------------------------------------------------------------
    Pattern("AOTD701", "undefined-symbol", C.VERSION_MISMATCH,
            "The package was built against another torch/ABI (undefined symbol)",
            (r"Error in dlopen: .*undefined symbol", r"undefined symbol: _Z\w+"),
            0.85, (H.REBUILD_SAME_VERSION,)),
    Pattern("AOTD702", "no-kernel-image", C.VERSION_MISMATCH,
            "The GPU's compute capability is not one the package was built for",
            (r"no kernel image is available for execution on the device", r"Illegal instruction", r"SIGILL"),
            0.8, (H.REBUILD_SAME_VERSION,)),
    # -- 8xx memory, numerics, API ---------------------------------------------------------------
    Pattern("AOTD801", "out-of-memory", C.OUT_OF_MEMORY,
            "Out of memory",
            (r"CUDA (?:error: )?out of memory", r"OutOfMemoryError", r"std::bad_alloc",
             r"Cannot allocate memory"),
            0.8, (H.REDUCE_MEMORY,)),
    Pattern("AOTD802", "nan-inf", C.NUMERICAL,
            "Non-finite values (NaN/Inf)",
            (r"At least one (?:NaN|INF) in \w+", r"\bNaN(?:s)? (?:in|detected)", r"assert not .*isnan"),
            0.7, (H.COMPARE_WITH_EAGER, H.BISECT_KERNELS), ("TORCHINDUCTOR_NAN_ASSERTS",)),
    Pattern("AOTD803", "legacy-aot-api", C.DEPRECATED_API,
            "Legacy aot_compile/aot_load API",
            (r"torch\._export\.aot_compile\(\)/torch\._export\.aot_load\(\) is being deprecated",),
            0.75, (H.MIGRATE_TO_PACKAGE_API,)),
    # -- 9xx internal ----------------------------------------------------------------------------
    Pattern("AOTD901", "inductor-lowering-exception", C.TORCH_BUG,
            "Inductor failed while lowering or generating code",
            (r"LoweringException", r"InductorError: (?!CppCompileError)\w+"),
            0.65, (H.REPORT_TORCH_BUG, H.RUN_MINIFIER)),
    Pattern("AOTD902", "autotune-failure", C.AUTOTUNE_FAILURE,
            "Compile-time autotuning of kernels failed",
            (r"Failed to run autotuning code block", r"autotune_at_compile_time"),
            0.7, (H.DISABLE_AUTOTUNE,)),
    Pattern("AOTD903", "kernel-binary-missing", C.KERNEL_BINARY_MISSING,
            "A kernel binary (cubin/.so) is not where the package expects it",
            (r"CUDA driver error: file not found", r"\.cubin.*(?:not found|No such file)"),
            0.8, (H.REPACKAGE_KERNELS,)),
    Pattern("AOTD904", "opaque-container-run", C.OPAQUE_RUNTIME_ERROR,
            "The runtime reported a generic failure without the cause",
            (r"AOTInductorModelContainerRun\w*\(.*\) API call failed",
             r"run_func_\(.*\) API call failed"),
            0.45, (H.GET_REAL_ERROR, H.CHECK_THREE_MATCHES), ("TORCH_SHOW_CPP_STACKTRACES", "AOTI_RUNTIME_CHECK_INPUTS")),
)
