"""Routing-table entries 5xx-7xx: the toolchain and unsupported features, export, versions and
hardware targets. Data only; see patterns.py for how entries are written."""

from __future__ import annotations

from .. import hints as H
from ..categories import Category as C
from .pattern import GPU, NO_GPU_KERNEL_FOR_AN_ALLOCATION, TORCH_OP_NAMESPACES, Pattern

__all__ = ["PLATFORM_PATTERNS"]

# platforms and device families a feature may lack support for (AOTD506's reporter phrasings)
_PLATFORMS = (r"(?:XPU|ROCm|HIP|MPS|Metal|Vulkan|[Ww]indow|macOS|Mac|ARM|aarch64|arm64|NPU|TPU|"
              r"CUDA|GPU|CPU)s?")

# a PUBLIC torch namespace (no `_` component) lacking a name; AOTI's own entry points excluded.
# AOTD714 reads it in any text, rules AOTS288/AOTS289 from the frames that raised it
PUBLIC_TORCH_NAME_MISSING = r"module 'torch(?:\.[a-z]\w*)*' has no attribute '(?!aot_|aoti_)[a-z]\w*'"

# build tools AOTD501 reads as missing by name (the log's "not found" also takes the short
# compiler names, clang, c++ and cc, which a reporter's sentence does not)
_BUILD_TOOLS = r"nvcc|hipcc|g\+\+|gcc|clang\+\+|ld\.lld|lld|ptxas|ninja"

PLATFORM_PATTERNS: tuple[Pattern, ...] = (
    # -- 5xx toolchain and unsupported features --------------------------------------------------
    Pattern("AOTD501", "cpp-compile-error", C.COMPILE_TOOLCHAIN,
            "The C++ compiler or linker failed on a missing header, library, symbol or tool",
            (r"fatal error: ['‘\"]?[\w/.+-]+['’\"]?:? (?:file not found|No such file or directory)",
             r"collect2: error", r"undefined reference to [`'‘]?[A-Za-z_]\w*", r"\bld(?:\.\w+)?: cannot find -l\w+",
             r"\b(?:ld(?:\.\w+)?|lld): (?:error: )?unable to find library -l\w+",
             r"\b(?:" + _BUILD_TOOLS + r"|clang|c\+\+|cc)[`'’\"]?(?::)? (?:command )?not found",
             r"\bunable to execute command: Executable \"[\w.+-]+\" doesn't exist",
             # the same tool missing, in a reporter's words ("`ld.lld` cannot be found")
             r"\b(?:" + _BUILD_TOOLS + r")[`'’\"]? (?:cannot|could not|can(?:no|')t) be (?:found|located)\b",
             r"CUDA_HOME environment variable is not set",
             r"nvcc is required to build", r"Check that ROCm toolchain is available",
             r"only supports? MSVC with English language pack", r"OMP_PREFIX`? is invalid"),
            0.66, (H.READ_COMPILER_OUTPUT, H.INSTALL_TOOLCHAIN)),
    # The build failed and the words stop there: the cause is the tools or the code AOTI generated
    # (about even on labelled reports), so this is a symptom at a symptom's weight; a compiler
    # message naming what failed (structural rules AOTS124/125/129/130/131) decides.
    Pattern("AOTD507", "cpp-build-failed", C.COMPILE_TOOLCHAIN,
            "The C++ build step failed; the words do not say whether the tools or the generated code",
            (r"CppCompileError", r"(?:C\+\+|cpp) compil(?:e|ation) error",
             r"CalledProcessError: Command .*\b(?:gcc|g\+\+|c\+\+|clang\+?\+?|nvcc|hipcc|icx|cl)\b",
             r"error: command '[^'\n]*' failed",
             r"Failed to (?:compile cpp file|link files)\."),
            0.5, (H.READ_COMPILER_OUTPUT, H.INSTALL_TOOLCHAIN)),
    # the process runs without the home or user variable the compile stack derives its cache
    # folders from (a CI runner or a supervisor without HOME, Windows without HOME): os.environ's
    # KeyError, raised while a cache path is built; or a uid with no user account (a container run
    # with --user), which getpass.getuser() looks up in the passwd file
    Pattern("AOTD521", "process-environment-lacks-home-or-user", C.COMPILE_TOOLCHAIN,
            "The process has no HOME or no user name, which the compile caches derive their folders from",
            (r"KeyError: ['\"](?:HOME|USERPROFILE|LOGNAME|USER)['\"]", r"KeyError: ['\"]getpwuid\(\): uid not found",
             # (getpass's own frame: it reaches the passwd lookup only when no user variable is set)
             r"in getuser\n\s*return pwd\.getpwuid\(os\.getuid\(\)\)"),
            0.66, (H.SET_CACHE_DIRS_EXPLICITLY,)),
    Pattern("AOTD503", "toolchain-prose", C.COMPILE_TOOLCHAIN,
            "A compiler header, library or toolkit is missing",
            (r"[\w/]+\.h[`'’\"]? (?:\w+ ){0,2}(?:(?:file |header )?(?:is |was )?not found|is(?:n't|n’t) found|missing)",
             r"(?:can(?:no|')t|could not|unable to|fails? to) find [`'\"]?[\w/.]+\.h\b",
             r"\bmissing (?:\w+ )?headers?\b",
             r"\b(?:ROCM_HOME|CUDA_HOME|_find_rocm_home|_find_cuda_home)\b"),
            0.62, (H.INSTALL_TOOLCHAIN, H.READ_COMPILER_OUTPUT)),
    # the package's library was built with a sanitizer (a CI compiler wrapper's -fsanitize=...):
    # its runtime must be linked into or preloaded in the process, which a Python process is not
    Pattern("AOTD517", "sanitizer-instrumented-library", C.COMPILE_TOOLCHAIN,
            "The compiled library was built with a sanitizer whose runtime this process does not preload",
            (r"ASan runtime does not come first in initial library list",
             r"lib(?:asan|tsan|ubsan|lsan|hwasan)\.so[.\d]*: cannot allocate memory in static TLS block",
             r"undefined symbol: __(?:asan|tsan|msan|hwasan)_\w+"),
            0.82, (H.BUILD_WITHOUT_SANITIZER,)),
    # torch's headers refusing the C++ standard they are compiled with (C++17 since torch 2.1): the
    # build's own flags (a CMake CXX_STANDARD or -std written for an older torch), not the compiler;
    # below 0.7: a build file written for an older torch can also be read as a version mismatch
    Pattern("AOTD527", "cxx-standard-below-torch-s", C.COMPILE_TOOLCHAIN,
            "The build compiles torch's headers with an older C++ standard than they require",
            (r"C\+\+\d\d or later compatible compiler is required(?: to use (?:PyTorch|ATen|c10|torch))?",
             r"\b[Yy]ou need C\+\+\d\d to compile (?:PyTorch|pytorch|ATen)"),
            0.64, (H.CXX_STANDARD_FOR_THIS_TORCH,)),
    # the linker could not reach a symbol or section from where it is used: the library's code
    # and data exceed what the code model's 32-bit offsets reach (2 GB). For AOTI that is weights
    # embedded in the generated .so; the object's size, not the generated code, is at fault
    Pattern("AOTD528", "relocation-beyond-code-model-reach", C.COMPILE_TOOLCHAIN,
            "The linker could not reach data or code beyond the code model's 2 GB offsets (the library is too large)",
            (r"\brelocation truncated to fit: R_\w+",
             r"\brelocation R_\w+ (?:against \S+ )?out of range\b",
             r"\bis out of range of \w+ fixup\b"),
            0.74, (H.KEEP_LARGE_DATA_OUT_OF_THE_LIBRARY,)),
    # CMake was given a folder without its build file: a subproject whose sources were never fetched
    # (a git submodule not initialised, a source archive without it) or `cmake ..` run from the wrong
    # folder. The source tree is incomplete, whatever the code in it (a runner around an AOTI package)
    Pattern("AOTD529", "cmake-source-folder-without-build-file", C.COMPILE_TOOLCHAIN,
            "CMake was pointed at a folder with no CMakeLists.txt (a submodule not fetched, or the wrong folder)",
            (r"\bsource directory\s+\S[^\n]*\s+does not (?:appear to )?contain (?:a )?CMakeLists\.txt",),
            0.72, (H.SOURCE_TREE_WITH_ITS_BUILD_FILES,)),
    # a build tool of another version than the build needs: cmake older than the generated
    # CMakeLists asks for, a host compiler nvcc does not accept, a compiler that does not know a
    # flag the build passes (-std=c++17 on an old gcc): the host's tools, not the generated code
    # Inductor's C++ builder refusing the compiler it was configured with, in its own words: the
    # `<cxx> -v` probe failing, an Intel compiler below its minimum, clang with GNU flags on
    # Windows (it drives MSVC-style compilers there), the XPU build's missing Level Zero loader.
    # Inductor wraps them in InductorError, which alone reads as its bug (AOTD901)
    Pattern("AOTD530", "builder-refuses-the-configured-compiler", C.COMPILE_TOOLCHAIN,
            "Inductor's C++ builder refused the compiler or driver it was configured to build with",
            (r"Failed to run \S+ -v\b", r"Intel Compiler error: less than minimal version",
             r"Please use clang-cl\b", r"Intel GPU driver is not properly installed"),
            0.72, (H.INSTALL_TOOLCHAIN,)),
    # the library Inductor just built cannot be mapped as code: its folder is on a noexec mount
    # (torch's own words, read in 2.14.1; dlopen's are "failed to map segment ...: Operation not permitted")
    Pattern("AOTD531", "cache-folder-mounted-noexec", C.COMPILE_TOOLCHAIN,
            "The folder the compiled library was written to is mounted noexec",
            (r"\bmounted with noexec\b", r"failed to map segment from shared object: Operation not permitted"),
            0.72, (H.NOEXEC_CACHE_FOLDER,)),
    Pattern("AOTD518", "build-tool-version-unsupported", C.COMPILE_TOOLCHAIN,
            "A build tool on this machine is another version than the build needs",
            (r"\bCMake [\d.]+ or higher is required\b", r"\bCompatibility with CMake < ?[\d.]+ has been removed",
             r"\bunsupported (?:GNU|clang|Microsoft Visual Studio|MSVC|Intel(?: compiler)?|host compiler) version\b",
             r"\b(?:gcc|g\+\+|clang|MSVC|cl\.exe|compiler) versions? (?:later|newer|earlier|older) than [\d.]+ "
             r"(?:are|is) not supported\b",
             r"\bversion of (?:g\+\+|gcc|c\+\+|clang\+*|cl|MSVC) \([\d.]+\) is less than the minimum required",
             r"\b(?:[Mm]ust use|[Rr]equires?|[Nn]eeds?) (?:at least )?(?:gcc|g\+\+|GCC|clang|cmake|CMake)\s*(?:>=|version)\s*[\d.]+",
             r"\bunrecogni[sz]ed (?:command[- ]line )?option ['\"‘“]?-",
             # the compiler does not know the target torch asks it for (an -march for a newer CPU
             # than this gcc knows, an x86 value given to an ARM compiler)
             r"\bunknown value ['‘][^'’\n]+['’] for ['‘]-m(?:arch|cpu|tune)\b",
             r"\bunrecogni[sz]ed argument in option ['‘]-m(?:arch|cpu|tune)=",
             r"\bbad value \([^)\n]+\) for -m(?:arch|cpu|tune)= switch",
             # (a RISC-V gcc: its -march takes only an ISA string, not `native` or an x86 name)
             r"-march=[^:\n]+:\s*ISA string must begin with rv32 or rv64",
             # a C compiler whose default standard is older than the code it is given (gcc < 5
             # defaults to C89: triton's launcher stub and other C99 sources fail on it)
             r"\bloop initial declarations are only allowed in C99\b",
             # Apple clang (often what `g++` is on a Mac) refusing gcc's flags
             r"\bthe clang compiler does not support ['‘]-m",
             r"\bunknown argument: ['‘]-"),
            0.78, (H.MATCH_TOOL_VERSIONS, H.READ_COMPILER_OUTPUT)),
    Pattern("AOTD502", "missing-c-shim", C.UNSUPPORTED,
            "An op has no C shim or fallback that AOTI can call",
            (r"aoti_torch_\w+['’]? was not declared in this scope",
             r"use of undeclared identifier ['‘]?aoti_torch_",
             r"Could not find schema for \S+"),
            0.8, (H.REPLACE_UNSUPPORTED_OP,)),
    Pattern("AOTD504", "unsupported-op", C.UNSUPPORTED,
            "An op, dtype or feature is not supported on this path",
            (r"Could not run '(?!" + NO_GPU_KERNEL_FOR_AN_ALLOCATION + r")\w+::\w+' with arguments from the '\w+' backend",
             r"\bnot (?:yet )?supported (?:by|in|with|for) (?:AOTI|AOTInductor|aot_inductor|aot inductor|cpp_wrapper|the C\+\+ wrapper)",
             r"\bUnsupported output type",
             r"\b(?:AOTI|AOTInductor|aot_inductor|AOT Inductor) (?:does not|doesn't|do not|cannot|can't|can not) (?:yet )?(?:support|handle)\b",
             r"NotImplementedError: [^\n]*(?:AOTI|aot_inductor|cpp_wrapper|C shim|fallback)",
             r"\"?\w+\"? not implemented for '(?:Half|BFloat16|Float8\w*|ComplexFloat|Bool|Char|Byte)'",
             r"\bexpect \w+ to be (?:bfloat16|float16|float|half|int\d+) tensor",
             # the op's dispatcher found no kernel allowed for these inputs on this device (the
             # backends a GPU script pins or switches off)
             r"No viable backend for \w+ was found"),
            0.72, (H.REPLACE_UNSUPPORTED_OP, H.CHECK_OP_DTYPE_SUPPORT)),
    # the runtime that runs an exported program (ExecuTorch's operator registry) has no kernel for
    # an op the program uses: its kernel library lacks it, or the runner was linked without that
    # library. Labelled the missing kernel most often; below 0.7 for the link
    # what Inductor or the package's writer declines by design, in torch's own words: the proxy
    # executor's argument types for a custom op (no Dict), a TorchBind object without pickling
    # methods or node metadata that is not JSON. (A lowering's assert_nyi, "inductor does not
    # support <layout>", is left to the lowering's reading: public reports label it torch_bug)
    Pattern("AOTD532", "feature-declined-by-inductor-or-the-package", C.UNSUPPORTED,
            "Inductor or the package writer declines a feature or a value it does not handle",
            (r"Fall through arguments must be one of static_arg_types",
             r"Unable to serialize custom class\b", r"Failed to serialize custom metadata\b"),
            0.7, (H.REPLACE_UNSUPPORTED_OP, H.SERIALIZER_HAS_NO_FORM)),
    # aoti_compile_and_package's own refusal of a package path that is no .pt2 (it writes only
    # archives), with the fix for the path rather than for an op
    Pattern("AOTD534", "package-path-not-a-pt2", C.UNSUPPORTED,
            "The package path given to aoti_compile_and_package does not end in .pt2",
            (r"Expect package path to be a file ending in \.pt2",),
            0.7, (H.PACKAGE_OUTPUT_PATH,)),
    # a GPU library's own refusal of the call it was given (cuBLAS / cuDNN status NOT_SUPPORTED,
    # cuDNN frontend finding no plan for the graph), and CUDA graph capture refusing what cannot be
    # captured (a copy from unpinned CPU memory, work on a stream whose capture already failed)
    Pattern("AOTD533", "gpu-library-or-capture-refuses-the-call", C.UNSUPPORTED,
            "A GPU library or CUDA graph capture does not support the call it was given",
            (r"CUBLAS_STATUS_NOT_SUPPORTED", r"CUDNN_STATUS_NOT_SUPPORTED", r"No execution plans support the graph",
             r"during CUDA graph capture unless the CPU tensor is pinned",
             r"operation failed due to a previous error during capture", r"cudaErrorStreamCaptureInvalidated",
             r"operation not permitted when stream is capturing"),
            0.64, (H.REPLACE_UNSUPPORTED_OP, H.CHECK_OP_DTYPE_SUPPORT)),
    Pattern("AOTD522", "runtime-has-no-kernel-for-an-op", C.UNSUPPORTED,
            "The runtime running the program has no kernel registered for an op in it",
            (r"Missing operator: \[\d+\] \S+", r"kernel '[\w:.]+' not found",
             r"\bOperatorMissing\b", r"instructions don't have corresponding operator registered"),
            0.6, (H.KERNEL_FOR_EVERY_OP_IN_THE_RUNTIME,)),
    # AOTI's own statement of a limit it has (the raise site names it): a direct reading, above a
    # wrapper's torch_bug reading (InductorError: ValueError: ...).
    Pattern("AOTD508", "aoti-declared-limit", C.UNSUPPORTED,
            "AOTI says it does not support this (a declared limit of the runtime or packager)",
            (r"AOTInductorArrayRefTensor ndim exceeds",
             r"Unsupported scalar_to_tensor_handle", r"num_(?:models|runners) must be 1 when run_single_threaded",
             r"Only ExportedProgram is supported", r"Unsupported constant type:",
             r"doesn't support constants greater than \d+ ?GB", r"C\+\+ wrapper codegen error: Unsupported platform"),
            0.8, (H.REPLACE_UNSUPPORTED_OP,)),
    # CUDA refuses a call while a stream captures; a loaded AOTI runner synchronises its threads
    # on every run unless loaded single-threaded (torch's own docs for run_single_threaded).
    Pattern("AOTD509", "cuda-graph-capture", C.UNSUPPORTED,
            "A call that is not allowed during CUDA graph capture ran while a stream was capturing",
            (r"operation not permitted when stream is capturing", r"cudaErrorStreamCaptureUnsupported",
             r"operation would make the legacy stream depend on a capturing blocking stream",
             r"cudaErrorStreamCaptureImplicit"),
            0.74, (H.SINGLE_THREADED_FOR_CAPTURE,)),
    # the loaded model wraps a C++ loader object: it cannot cross a process boundary by pickle
    Pattern("AOTD510", "loaded-runner-not-picklable", C.UNSUPPORTED,
            "A loaded AOTI model was pickled (e.g. sent to worker processes); its C++ runner cannot be",
            (r"(?:cannot|can't) pickle '[\w.]*AOTI\w*' object",
             r"(?:cannot|can't) pickle '[\w.]*_aoti\.\w+' object"),
            0.8, (H.LOAD_IN_EACH_PROCESS,)),
    # Dynamo skips the loaded model's call by design: torch.compile over an AOTI model
    Pattern("AOTD511", "loaded-model-traced-by-dynamo", C.UNSUPPORTED,
            "torch.compile was asked to trace a loaded AOTI model (it is compiled already)",
            (r"`(?:AOTICompiledModel|AOTIModelPackageLoader)\.\w+` should not be traced",
             r"Avoid calling the function `(?:AOTICompiledModel|AOTIModelPackageLoader)\.",
             r"qualname: (?:AOTICompiledModel|AOTIModelPackageLoader)\.\w+"),
            0.76, (H.CALL_LOADED_MODEL_DIRECTLY,)),
    # the loaded model is a compiled callable: the nn.Module API is not there
    Pattern("AOTD512", "loaded-model-used-as-module", C.UNSUPPORTED,
            "The loaded AOTI model was used as an nn.Module (it is a compiled callable)",
            (r"'AOTICompiledModel' object has no attribute '(?:eval|train|to|cuda|cpu|half|float|double|bfloat16"
             r"|parameters|named_parameters|buffers|named_buffers|state_dict|load_state_dict|modules|children"
             r"|named_modules|named_children|forward|apply|requires_grad_|zero_grad|register_\w+|training"
             r"|_parameters|_buffers|_modules|_\w*hooks|graph_module|graph_signature|module)'",
             # any other attribute the eager model had (generate, device, config): code written for
             # the eager model, not for the compiled callable (its own API names are left out)
             r"'AOTICompiledModel' object has no attribute '(?!load_constants|get_constant_fqns|get_metadata"
             r"|update_constant_buffer|swap_constant_buffer|free_inactive|extract_constants|loader)\w+'",
             r"AOTICompiledModel is not a Module subclass",
             r"'AOTICompiledModel' object is not (?:iterable|subscriptable)"),
            0.78, (H.LOADED_MODEL_IS_NOT_A_MODULE,)),
    # an ExportedProgram is a traced program, not an nn.Module: dtype, device and mode methods are
    # not there (it is frozen as traced; ep.module() gives a runnable module)
    Pattern("AOTD513", "exported-program-used-as-module", C.UNSUPPORTED,
            "An ExportedProgram was used as an nn.Module (it is frozen at the dtypes and devices it was traced with)",
            (r"'ExportedProgram' object has no attribute '(?:eval|train|to|cuda|cpu|half|float|double|bfloat16"
             r"|forward|apply|requires_grad_|zero_grad|register_\w+|training|children|modules|named_modules"
             r"|named_children|load_state_dict|_modules|_parameters|_buffers)'",),
            0.74, (H.PROGRAM_IS_NOT_A_MODULE,)),
    # an op of one of torch's own namespaces looked up through torch.ops before the torch module
    # that registers it was imported (quantized_decomposed: torch.ao.quantization.fx._decomposed).
    # A third-party namespace (torch_scatter, fbgemm) is a library missing from the host: AOTS217.
    Pattern("AOTD515", "op-library-not-loaded", C.UNSUPPORTED,
            "An op of torch's own namespace was called through torch.ops before the torch module registering it was imported",
            (r"'_OpNamespace' '(?:" + "|".join(TORCH_OP_NAMESPACES) + r")' object has no attribute '\w+'",),
            0.72, (H.LOAD_OP_LIBRARY,)),
    # a binding refusing a flag given as text ('false', '0': an environment variable or a config
    # file's value passed through), shown in the arguments it was invoked with
    Pattern("AOTD516", "flag-given-as-text", C.UNSUPPORTED,
            "A flag was given as text ('false', '0', from an environment variable or a config file) where a bool is taken",
            (r"incompatible (?:constructor|function) arguments[\s\S]{0,800}?Invoked with: [^\n]*?, "
             r"'(?:false|true|0|1|no|yes|off|on)'(?:,|\)|$)",),
            0.7, (H.FLAGS_AS_BOOLS,)),
    # a tensor of a dtype NumPy has no type for (bfloat16, float8) converted with .numpy()
    Pattern("AOTD514", "dtype-numpy-lacks", C.UNSUPPORTED,
            "A tensor of a dtype NumPy has no equivalent for (bfloat16, float8) was converted to NumPy",
            (r"Got unsupported ScalarType \w+",),
            0.74, (H.CAST_BEFORE_NUMPY,)),
    # the GPU is too old for a dtype the generated kernels use: ptxas refusing bf16 instructions
    # below sm_80, triton refusing an fp8 type on an architecture without it (Ampere and fp8e4nv)
    Pattern("AOTD520", "gpu-lacks-dtype", C.UNSUPPORTED,
            "The GPU's architecture does not have a dtype the generated kernels use (bf16 before sm_80, fp8)",
            (r"Feature '[^'\n]*(?:bf16|f16|e4m3|e5m2|f8)[^'\n]*' requires ?\.target\b",
             r"type fp8\w* not supported in this architecture"),
            0.66, (H.DTYPE_FOR_THIS_GPU,)),
    # torch.compile's own refusal of the running Python (each release names the first Python it
    # does not support yet: "Python 3.11+ not yet supported for torch.compile" in 2.0, "Dynamo is
    # not supported on Python 3.12+" in 2.2, "torch.compile is not supported on Python 3.14+")
    Pattern("AOTD519", "python-version-unsupported", C.UNSUPPORTED,
            "torch.compile does not support this Python version in this torch release",
            (r"Python 3\.\d+\+? (?:is )?not yet supported for torch\.compile",
             r"(?:torch\.compile|Dynamo) is not supported on Python (?:3\.\d+\+|[<>]=? ?3\.\d+)"),
            0.68, (H.PYTHON_FOR_THIS_TORCH,)),
    # ... and its refusal of the operating system (Windows, before torch.compile ran there)
    Pattern("AOTD524", "compile-refuses-this-os", C.UNSUPPORTED,
            "torch.compile does not run on this operating system in this torch release",
            (r"\bWindows not yet supported for torch\.compile\b", r"\btorch\.compile is not supported on Windows\b"),
            0.68, (H.COMPILE_WHERE_IT_RUNS,)),
    # triton builds a C launcher for its kernels (runtime/build.py) and found no C compiler
    Pattern("AOTD525", "triton-finds-no-c-compiler", C.COMPILE_TOOLCHAIN,
            "Triton found no C compiler to build its kernel launcher",
            (r"Failed to find C compiler\. Please specify via CC environment variable",),
            0.74, (H.TRITON_NEEDS_A_C_COMPILER,)),
    # AOTAutograd's donated buffers: a compiled backward that reuses its saved buffers cannot run
    # twice (retain_graph) or be differentiated again (create_graph)
    Pattern("AOTD526", "donated-buffer-backward-reused", C.UNSUPPORTED,
            "A compiled backward that donates its buffers was run again or differentiated again",
            (r"compiled with non-empty donated buffers\s+which requires create_graph=False",),
            0.72, (H.BACKWARD_ONCE_OR_NO_DONATION,)),
    Pattern("AOTD505", "unsupported-dtype-prose", C.UNSUPPORTED,
            "A dtype or quantisation scheme fails on this path",
            (r"\bfail\w*\s+(?:with|for|on|when using|under)\s+(?:the\s+)?(?:float16|fp16|bfloat16|bf16|half|int4|int8|fp8|float8|complex)\b",
             r"\bonly (?:supports?|accepts?) (?:bfloat16|float16|fp16|bf16|float32|fp32)\b",
             r"\b(?:float16|fp16|bfloat16|bf16|int4|int8|fp8|float8)\b (?:\w+ ){0,2}?(?:fail(?:s|ed|ing)?|breaks?|broken)\b",
             r"\b(?:does not|doesn't|cannot|can't|can not) (?:handle|support) (?:\w+ )?(?:float16|fp16|bfloat16|bf16|half|int4|int8|fp8|float8|complex)\b",
             # a backend refusing a dtype it has no kernels for, in torch's words for MPS
             # ("Trying to convert Float8_e4m3fn to the MPS backend but it does not have support for that dtype")
             r"\b(?:does not|doesn't) have support for (?:that|this|the) dtype\b"),
            0.52, (H.CHECK_OP_DTYPE_SUPPORT, H.REPLACE_UNSUPPORTED_OP)),
    Pattern("AOTD506", "unsupported-feature-prose", C.UNSUPPORTED,
            "A feature, op or backend is not supported on this path",
            # (and the contraction torch's own messages use: "which isn't supported", "aren't supported")
            (r"\b(?:(?:is|are) not|isn't|aren't) (?:yet |currently )?(?:supported|implemented)\b",
             r"(?:\bnot|\bcannot|n't) (?:yet |natively )?support\b",
             r"\bno (?:support|fallback|lowering|c[- ]?shim|shim|implementation) (?:for|of)\b",
             r"\bcould not find an? (?:implementation|kernel) for\b",
             r"\bmissing (?:\w+ )?(?:fallbacks?|c[- ]?shims?|shims?|lowerings?|implementations?|support)\b",
             # (two words may stand between: "unsupported control flow operator"; not Python's
             # "unsupported operand type(s) for +", a wrong operand)
             r"\b(?:unsupported|unimplemented) (?:(?!operand\b)[a-z]+ ){0,2}?(?:by|op|operator|dtype|feature|backend|device|type|argument|input)s?\b",
             r"\bonly (?:partially |fully )?supports?\b|\b(?:is|are) only supported (?:on|for|by|in|with)\b",
             # a platform or device without support, in a reporter's words ("need XPU support",
             # "lack of support for Windows", "doesn't have ROCm support", "doesn't work for rocm yet")
             r"\b(?:needs?|lacks?|has no|have no|(?:doesn't|does not|don't|do not) have) (?:\w+ )?"
             + _PLATFORMS + r"(?: backend| device| platform)? support\b",
             r"\black of (?:\w+ )?support for " + _PLATFORMS + r"\b",
             r"\b(?:doesn't|does not|don't|do not) (?:yet )?work (?:for|on|with) " + _PLATFORMS + r" yet\b"),
            0.52, (H.REPLACE_UNSUPPORTED_OP, H.CHECK_OP_DTYPE_SUPPORT)),
    # -- 6xx export ------------------------------------------------------------------------------
    Pattern("AOTD601", "data-dependent-guard", C.EXPORT_FAILURE,
            "torch.export hit data-dependent control flow",
            (r"Could not guard on data-dependent expression", r"GuardOnDataDependentSymNode",
             r"guard_size_oblivious would fix the error",
             r"Could not extract specialized integer from data-dependent expression",
             r"Pending unbacked symbols",
             # not the `TORCH_LOGS="+dynamic"` advice every constraint violation carries
             # (`dynamic_shapes` is the argument's name, "dynamic shape spec" and `Dim.DYNAMIC` its
             # validator's words: its validation is not data dependence)
             r"UserError: (?!Constraints violated)[^\n]*?(?<![+.])(?:dynamic(?![_ -]shapes?\b)|data-dependent)"),
            0.78, (H.FIX_EXPORT,)),
    Pattern("AOTD602", "export-unsupported-python", C.EXPORT_FAILURE,
            "torch.export could not trace the model",
            (r"torch\._dynamo\.exc\.(?:Unsupported|UserError)", r"Dynamic control flow is not supported",
             r"SpecViolationError",
             r"example_inputs is required to be set in order for AOTInductor compilation"),
            # the tracer's wrapper words: right on 5 of the 8 blind rows they decided (a wrapper
            # left on, a transform, an internal inconsistency also end here), so below 0.7
            0.64, (H.FIX_EXPORT,)),
    # dynamo's refusal of `self.x = ...` in forward while exporting (torch 2.0 to 2.4, strict export)
    Pattern("AOTD604", "module-attribute-assigned-in-export", C.EXPORT_FAILURE,
            "forward assigns a module attribute, which export does not trace",
            (r"Mutating module attribute \S+ during export",),
            0.66, (H.MODULE_ATTRIBUTE_IN_FORWARD,)),
    # export's functionalization freezes the storage of some op outputs (`.to()` before torch 2.6,
    # dropout still) and then refuses a later in-place write that eager allows: maintainers treat
    # the refusal as too strict, so it is torch's, with a clone as the workaround
    Pattern("AOTD605", "frozen-storage-mutation", C.TORCH_BUG,
            "export refused an in-place write into a tensor whose storage it had frozen",
            (r"cannot mutate tensors with frozen storage",),
            0.62, (H.CLONE_BEFORE_INPLACE,)),
    Pattern("AOTD603", "data-dependent-prose", C.EXPORT_FAILURE,
            "A value read from tensor data (.item(), nonzero) decides a shape or branch during export",
            (r"\bdata[- ]dependen\w* (?:\w+ ){0,2}(?:errors?|guards?|control[- ]flow|branch\w*|expressions?|shapes?|sizes?)\b",
             r"\.item\(\)[^\n]{0,60}\b(?:errors?|fails?|failed|guard\w*)\b"),
            0.55, (H.FIX_EXPORT,)),
    # -- 7xx versions, ABI and hardware targets --------------------------------------------------
    Pattern("AOTD701", "undefined-symbol", C.VERSION_MISMATCH,
            "The package was built against another torch/ABI (undefined symbol)",
            (r"Error in dlopen: .*undefined symbol", r"undefined symbol: _Z\w+",
             r"version [`'‘]?GLIBC(?:XX)?_[\d.]+['’]? not found"),
            0.85, (H.REBUILD_SAME_VERSION,)),
    # cudaErrorInsufficientDriver: the driver is older than the CUDA torch was built with, or there
    # is no driver at all where the CUDA build runs (a container without GPU access, an image build
    # step, a CPU-only host): the runtime reports both alike, so it stays under 0.6 (AOTS278/279
    # read the other cause from the phase)
    Pattern("AOTD712", "cuda-driver-insufficient-or-absent", C.VERSION_MISMATCH,
            "The CUDA runtime found no driver it can use (one older than the runtime, or none visible)",
            (r"CUDA driver version is insufficient for CUDA runtime version", r"\bcudaErrorInsufficientDriver\b",
             # torch's own check of the driver against the CUDA it was built with
             r"The NVIDIA driver on your system is too old \(found version \d+\)"),
            0.58, (H.DRIVER_TOO_OLD_OR_NOT_VISIBLE,)),
    # torch.export.load refusing a program whose recorded export schema has another major version
    # than this torch's: the file was written by another release (torch's own words since 2.2;
    # 2.13 wraps them in a W-level log and "We ran into an error when deserializing the saved file")
    Pattern("AOTD713", "export-schema-version-differs", C.VERSION_MISMATCH,
            "The exported program was saved by a torch whose export schema differs from this one's",
            (r"Serialized (?:schema )?version [^\n]{1,60}? does not match our current schema version",),
            0.8, (H.REBUILD_SAME_VERSION,)),
    # a PUBLIC torch namespace lacking a name (`module 'torch' has no attribute 'compiler'`): code
    # or a library written for another release, most often a newer torch than installed (public
    # reports settle it by upgrading torch, or by pinning the library to the installed torch); a
    # name this release removed is the other reading (AOTS149/AOTS175/AOTS289 read the frames)
    Pattern("AOTD714", "public-torch-name-missing", C.VERSION_MISMATCH,
            "Code written for another torch release looked up a public torch name this torch does not have",
            (PUBLIC_TORCH_NAME_MISSING,),
            0.55, (H.UPGRADE_OR_PIN_TORCH, H.MATCH_INSTALLED_SIGNATURE)),
    # a package's own requirement on torch not met by the installed release: pip's resolver
    # naming the conflict (old and new wording), a library's gate on the running torch
    Pattern("AOTD715", "torch-outside-a-package-s-range", C.VERSION_MISMATCH,
            "The installed torch is outside the range a package that uses it requires",
            (r"\bhas requirement torch\s*[=<>!~]=?\s*[\w.+]+, but you'll have torch [\w.+]+ which is incompatible",
             r"\brequires torch\s*[=<>!~]=?\s*[\w.+]+(?:,\s*[=<>!~]=?\s*[\w.+]+)*, but you have torch [\w.+]+ which is incompatible",
             r"\brequires (?:PyTorch|torch|pytorch) (?:version )?v?\d+(?:\.\d+)*\+? or (?:higher|newer|above|later)\b",
             # a library's own check of the torch it was built for against the one it found
             # (xFormers: "was built for: PyTorch 2.1.2+cu121 with CUDA 1201 (you have 2.1.2+cu118)")
             r"\bwas built for:? (?:PyTorch|torch) v?(\d[\w.+]*)(?=\s)[^\n(]{0,40}\(you have (?!\1\))v?\d[\w.+]*\)",
             r"\bexpects (?:PyTorch|torch|libtorch) v?(\d[\w.]*), got (?!\1\b)v?\d[\w.]*"),
            0.62, (H.UPGRADE_OR_PIN_TORCH,)),
    # torch's custom-op schema inference refusing the built-in generics (PEP 585) a newer torch
    # accepts: the library registering the op was written for a later torch than the one installed
    Pattern("AOTD716", "custom-op-annotations-of-a-newer-torch", C.VERSION_MISMATCH,
            "A custom op's signature uses list[...] annotations only a newer torch's schema inference takes",
            (r"infer_schema\(func\): Parameter \w+ has unsupported type (?:typing\.Optional\[)?list\[",),
            0.64, (H.TORCH_FOR_THE_LIBRARY_S_ANNOTATIONS, H.UPGRADE_OR_PIN_TORCH)),
    Pattern("AOTD702", "no-kernel-image", C.VERSION_MISMATCH,
            "The GPU's compute capability or driver is not one the package was built for",
            (r"no kernel image is available for execution on the device",
             r"CUDA capability sm_\d+ is not compatible",
             r"PTX was compiled with an unsupported toolchain",
             r"hipErrorNoBinaryForGpu", r"invalid device function",
             r"device kernel image is invalid", r"CUDA_ERROR_INVALID_IMAGE"),
            0.8, (H.REBUILD_SAME_VERSION,)),
    Pattern("AOTD703", "cpu-isa-mismatch", C.VERSION_MISMATCH,
            "The CPU lacks an instruction set the package was compiled for",
            (r"Illegal instruction(?! was encountered)", r"SIGILL",
             r"exit(?:ed)? (?:with )?(?:code|status) (?:132|-4)\b"),
            0.78, (H.REBUILD_FOR_CPU, H.REBUILD_SAME_VERSION)),
    # triton's CUDA version check meeting a CUDA newer than it knows (it maps each major release to
    # a PTX version, and a release it has no entry for falls through to "10.0 or higher")
    Pattern("AOTD711", "triton-does-not-know-cuda", C.VERSION_MISMATCH,
            "The installed triton does not know this CUDA release (it is older than the toolkit)",
            (r"Triton only supports? CUDA [\d.]+ or higher\b",),
            0.66, (H.TRITON_FOR_THIS_CUDA,)),
    # the loader's own refusal of a library built for another machine: glibc's dlopen says so for
    # another word size ("wrong ELF class") and a foreign binary run as a program fails to exec
    # torch's archive reader refusing a file whose format version is newer than it reads: the
    # checkpoint, TorchScript archive or package was written by a newer torch than this one
    # torch's own check of triton against what it needs: a triton older than this torch's API (no
    # ASTSource). (A GPU below the capability triton targets is read as unsupported, AOTD506, as
    # public reports label it)
    Pattern("AOTD718", "triton-older-than-torch-needs", C.VERSION_MISMATCH,
            "The installed triton is older than this torch needs",
            (r"Installed triton version too old",),
            0.7, (H.TRITON_MATCHING_TORCH,)),
    # torch's check of the cuDNN it finds at run time against the one it was built with (another
    # cuDNN earlier on LD_LIBRARY_PATH than the one bundled with torch)
    Pattern("AOTD719", "cudnn-other-than-torch-s", C.VERSION_MISMATCH,
            "The cuDNN found at run time is another release than the one torch was built against",
            (r"cuDNN version incompatibility: PyTorch was compiled\s+against",),
            0.74, (H.MATCH_TOOL_VERSIONS,)),
    Pattern("AOTD709", "file-from-newer-torch", C.VERSION_MISMATCH,
            "The file was written by a newer torch than the one reading it (its format version is too new)",
            (r"Attempted to read a PyTorch file with version \d+, but the maximum supported version for reading is \d+",),
            0.8, (H.READ_WITH_WRITING_TORCH,)),
    # the runtime's proxy executor checks each serialized extern-kernel call against the op's
    # schema in the loading process: a type that differs most often means the op (a custom op
    # library, or aten itself) is another release than the one the package was compiled against;
    # a serializer that wrote an argument as another type reads the same, hence below 0.7
    Pattern("AOTD710", "extern-op-schema-changed", C.VERSION_MISMATCH,
            "An op's serialized call does not match its schema in the loading process (the op changed since "
            "compile, or an argument was serialized as another type)",
            (r"Expected extern kernel \S+ to have serialized argument type",),
            0.62, (H.SAME_OP_LIBRARY_AT_LOAD,)),
    Pattern("AOTD708", "binary-for-another-machine", C.VERSION_MISMATCH,
            "The compiled library was built for another machine (word size or architecture)",
            (r"wrong ELF class: ELFCLASS(?:32|64)", r"Exec format error",
             r"ELF file(?:'s)? (?:OS ABI|machine|version) (?:is )?(?:invalid|not (?:supported|compatible))",
             r"ELF file data encoding not (?:little|big)-endian"),
            0.78, (H.REBUILD_FOR_CPU, H.REBUILD_SAME_VERSION)),
    # Apple's linker and loader refusing a library built for the other architecture (an x86_64
    # libtorch download on Apple silicon, an arm64 one under Rosetta): the link then lists every
    # torch symbol as undefined, which is the symptom, not the cause
    Pattern("AOTD717", "library-for-another-architecture", C.VERSION_MISMATCH,
            "A library was built for another CPU architecture than the program linking or loading it",
            (r"building for (\S+) but attempting to link with file built for (?!\1\b)\S+",
             r"found architecture '(\w+)', required architecture '(?!\1')\w+'",
             r"incompatible architecture \(have '\w+', need '\w+'\)"),
            0.78, (H.LIBRARY_FOR_THIS_ARCHITECTURE,)),
    # The runtime or loader finds a package older than itself (a missing entry point, an old
    # archive or weights format); the message says to rebuild.
    Pattern("AOTD707", "package-older-than-runtime", C.VERSION_MISMATCH,
            "The package was built by an older torch than the one loading it",
            (r"in \.so! [^\n]{0,120}rebuild", r"Could not dlsym AOTInductor\w+",
             r"Saved archive version \d+ does not match our current archive version",
             r"loading weight from the legacy format", r"Loading outdated pt2 file",
             r"No device information found"),
            0.8, (H.REBUILD_SAME_VERSION,)),
    Pattern("AOTD706", "build-target-prose", C.VERSION_MISMATCH,
            "The binary was built for another torch, ABI, toolkit or GPU architecture than the one it runs on",
            (r"_GLIBCXX_USE_CXX11_ABI|\bcxx11[ _-]?abi\b|\b(?:c\+\+|cxx) ?abi (?:mismatch|incompatib\w*|differ\w*)",
             r"\b(?:compiled|built|packaged|exported) (?:\w+ ){0,3}?(?:with|against|for|on|by) (?:a |an )?(?:different|another|newer|older|mismatched|other) (?:\w+ ){0,2}?(?:versions?|torch|pytorch|libtorch|cuda|toolkit|drivers?|arch\w*|gpus?|abi|compilers?|glibc|libstdc\+\+)",
             r"\bversions? mismatch\b|\bmismatch(?:ed|ing)? versions?\b|\b(?:torch|pytorch|libtorch|cuda|driver|triton|abi) versions? (?:do(?:es)? not|don't|doesn't) match\b",
             r"\b(?:multi|cross)[- ](?:arch|architecture|gpu)\b|\bsm_\d+\b[^\n]{0,60}\b(?:not (?:supported|compatible)|another|different|mismatch)",
             r"\bincompatible (?:torch|pytorch|libtorch|cuda|driver|abi|libstdc\+\+|glibc)\b"),
            0.58, (H.REBUILD_SAME_VERSION,)),
)
