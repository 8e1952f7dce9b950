"""What a routing-table entry is (`Pattern`), and the regex pieces several entries share.
The entries: patterns_call.py (1xx-4xx), patterns_platform.py (5xx-7xx) and patterns_outcome.py
(8xx-9xx); patterns.py joins them in code order and holds the policy for writing them."""

from __future__ import annotations

from dataclasses import dataclass

from ..categories import Category as C

__all__ = ["Pattern", "TORCH_OP_NAMESPACES", "IMA_FLAGS", "GPU", "VER", "TORCH_C_GPU_BINDING",
           "NO_GPU_KERNEL_FOR_AN_ALLOCATION"]


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


IMA_FLAGS = ("AOTI_RUNTIME_CHECK_INPUTS", "CUDA_LAUNCH_BLOCKING", "PYTORCH_NO_CUDA_MEMORY_CACHING",
             "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER")
GPU = r"(?:gpu|cuda|rocm|hip|xpu)"
VER = r"(?:torch |pytorch |libtorch |version |v)?\d+\.\d+"
# torch._C's bindings for a GPU backend (`_cuda_setDevice`, `_xpu_getDevice`, `_mps_...`): they exist
# only in a torch build with that backend (AOTD205 reads them; AOTD905 leaves them)
TORCH_C_GPU_BINDING = r"_(?:cuda|cudart|Cuda|xpu|Xpu|mps)"
# the dispatcher finding no GPU kernel for an allocation or a copy, which every torch build with
# that backend has: this build has none (a C++ app linked to the CPU-only libtorch making a CUDA
# tensor). AOTD205 reads it after "Could not run '"; AOTD504, an op without a kernel, leaves it
NO_GPU_KERNEL_FOR_AN_ALLOCATION = (r"aten::(?:empty(?:_strided|_like)?|zeros|ones|full|randn?|arange|_to_copy|copy_)"
                                   r"(?:\.\w+)?' with arguments from the '(?:CUDA|HIP|XPU|MPS)' backend")

# torch's private submodules that its own code reaches as attributes of their package
# (`torch._inductor.codecache.f(...)`), which works only once something imported them: one missing
# from its package, in torch's own frame, is an import-order bug of that torch (AOTS310)
TORCH_PRIVATE_SUBMODULES = (
    # torch._inductor
    "codecache", "cpp_builder", "compile_fx", "select_algorithm", "autotune_process", "async_compile",
    "scheduler", "lowering", "graph", "ir", "codegen", "package", "runtime", "fx_passes",
    "decomposition", "virtualized", "output_code", "cpu_vec_isa", "aoti_eager", "compile_worker",
    "remote_cache", "kernel", "sizevars", "freezing", "pattern_matcher", "triton_bundler",
    # torch._dynamo, torch._export, torch._functorch
    "eval_frame", "convert_frame", "symbolic_convert", "output_graph", "guards", "variables",
    "backends", "serde", "passes", "non_strict_utils", "verifier", "converter", "aot_autograd",
    "_aot_autograd", "partitioners", "compile_utils", "_trace",
)

# torch's own op namespaces (torch.ops.<ns>): an op missing from one is a torch module not imported
# (AOTD515); from any other namespace, a third-party library missing from the host (AOTS217)
TORCH_OP_NAMESPACES = ("quantized_decomposed", "quantized", "_quantized", "prims", "aten", "higher_order",
                       "onednn", "mkldnn", "_c10d_functional", "c10d", "inductor")
