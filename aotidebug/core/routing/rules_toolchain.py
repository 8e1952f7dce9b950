"""The structural rules of the toolchain: triton and the GPU toolkits, the C++ compiler and its
command, headers and libraries, the compile caches, the packages the compile path imports (what
fails while building generated code, not the code itself). Data only; see rule.py for what each
field means. Evaluated at the end of BUILD_RULES."""

from __future__ import annotations

from .. import hints as H
from .rule import GEN_ORIGINS, INTERNAL_TYPES, WRAPPED, O, P, S, Rule
from .rule import new_rule as _r

__all__ = ["TOOLCHAIN_RULES"]

# the types Inductor's C++ build failure reaches the user as
_COMPILE_WRAPPER_TYPES = frozenset({"CppCompileError", "InductorError", "BackendCompilerFailed"})
# a CUDA assembler's or compiler's words for an architecture it does not know
_ARCH_UNKNOWN_TO_TOOLKIT = ("is not defined for option 'gpu-name'", "unsupported gpu architecture",
                            "does not support .target sm_")
# a file the kernel cache cannot find on Windows: a drive path through the triton cache to a kernel
# file named after its fused ops (lower case: the rule reads the lower-case error text)
_WINDOWS_KERNEL_CACHE_PATH = (r"no such file or directory:\s*'?[a-z]:\\\\?[^'\n]*?\\triton\\[^'\n]*?"
                              r"\\(?:__grp__)?triton_\w*fused\w*\.\w+")
# a path in the compile caches (lower case) that another process changed: a temp file of an atomic
# write that vanished, or a cache folder not empty when its clear came to remove it
_CACHE_CHANGED_UNDERNEATH = (r"(?:no such file or directory|directory not empty): '[^'\n]*(?:torchinductor|inductor|triton|"
                             r"aotautograd)[^'\n]*(?:\.tmp\b[^'\n]*|\.(?:py|so|cpp|json|cubin|hsaco)\.\d{6,}|"
                             r"/aotautograd|/fxgraph)'")
# a package the compile path imports and the environment lacks, met while compiling
_COMPILE_PATH_PACKAGE_MISSING: dict[str, object] = dict(
    types=frozenset({"ModuleNotFoundError", "ImportError"}),
    regex=r"no module named '(?:setuptools|pkg_resources|distutils|jinja2|packaging)(?:\.[\w.]+)?'",
    keywords=("inductor", "cpp_extension", "compile", "dynamo"),
    supersedes=WRAPPED + ("AOTS121", "AOTS122", "AOTS135", "AOTS204", "AOTD905"))
# a cache file the compile stack reads back (Inductor's local autotune cache, its remote-cache
# JSON, triton's cache) does not parse: json raised inside one of these modules
_CACHE_FILE_UNREADABLE: dict[str, object] = dict(
    types=frozenset({"JSONDecodeError"}),
    frame_modules=("torch._inductor.codecache", "torch._inductor.remote_cache", "torch._inductor.triton_heuristics",
                   "torch._inductor.runtime.autotune_cache", "torch._inductor.runtime.triton_heuristics",
                   "torch._inductor.runtime.cache_dir_utils", "triton.runtime.cache"),
    supersedes=WRAPPED + ("AOTS120", "AOTS121", "AOTS122", "AOTS126", "AOTS134", "AOTS135"))
# pickle refusing an object (Python's words, and their unpickling side)
_PICKLE_REFUSED: dict[str, object] = dict(
    types=frozenset({"PicklingError", "UnpicklingError", "AttributeError", "TypeError"}),
    keywords=("can't pickle", "cannot pickle", "can't get local object", "pickling"))
_PICKLE_SUPERSEDES = WRAPPED + ("AOTS121", "AOTS122", "AOTS126", "AOTS135")
# where torch pickles between runs or processes: its caches, its compile workers, autotuning in
# a subprocess
_PICKLING_MACHINERY = ("torch._inductor.codecache", "torch._inductor.compile_worker", "torch._inductor.async_compile",
                       "torch._inductor.autotune_process", "torch._inductor.compile_fx_ext",
                       "torch._functorch._aot_autograd.autograd_cache")
_PICKLING_MACHINERY_WORDS = ("aotautogradcache", "autograd_cache", "fxgraphcache", "codecache", "subproc_pool",
                             "subprocpool", "compile_worker", "async_compile")
# triton missing altogether, in torch's words (TritonMissing) or its import's (not a submodule)
_TRITON_MISSING = ("cannot find a working triton installation", "no module named 'triton'")
# classes of triton's that torch reads attributes of (its compiled kernel and the kernel's metadata,
# jit functions, autotuners, launch sources and targets, its drivers' utilities)
TRITON_CLASSES = ("CompiledKernel", "KernelMetadata", "JITFunction", "Autotuner", "Heuristics", "KernelInterface",
                  "InterpretedFunction", "ASTSource", "IRSource", "GPUTarget", "AttrsDescriptor", "CudaUtils",
                  "HIPUtils", "CudaDriver", "HIPDriver", "CudaLauncher", "HIPLauncher")
# the GPU driver's compiler refusing a module (Level Zero's build status, ocloc's exit, IGC's crash)
_DRIVER_COMPILER_FAILED = ("ze_result_error_module_build_failure", "`ocloc` failed", "ocloc failed",
                           "igc: internal compiler error", "l0 build module failed")

TOOLCHAIN_RULES: tuple[Rule, ...] = (
    # torch (or a package beside it) importing a name or a submodule the installed triton lacks
    # (`cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'`, `No module named
    # 'triton.ops'`): two installed packages out of step, not a bug in either. Triton missing
    # altogether (`No module named 'triton'`) is not this
    _r("AOTS245", "triton-lacks-a-name-torch-imports", "version_mismatch", 0.62,
       "torch imports a name the installed triton does not have: triton is another release than torch's",
       types=frozenset({"ImportError", "ModuleNotFoundError"}), keywords=("from 'triton", "no module named 'triton."),
       also_keywords=("cannot import name", "no module named"),
       supersedes=WRAPPED + ("AOTS121", "AOTS122", "AOTS126", "AOTS127"), fixes=(H.TRITON_MATCHING_TORCH,)),
    # no triton at all, where the chosen backend needs it (Inductor's GPU kernels, or the CPU's
    # cpu_backend="triton"): torch's own words (TritonMissing) or the import it tried. Public labels
    # name the platform that has no triton build (Windows) first; elsewhere it is an install away
    _r("AOTS259", "triton-not-installed", "unsupported", 0.58,
       "The backend needs Triton, which is not installed here (no build of it for this platform, or "
       "not installed beside torch)",
       # an application's guess in prose ("usually means it ran out of memory", AOTD804) is not
       # the error it wraps
       keywords=_TRITON_MISSING, supersedes=WRAPPED + ("AOTD804", "AOTS121", "AOTS122", "AOTS126", "AOTS127"),
       fixes=(H.TRITON_FOR_THE_BACKEND,)),
    _r("AOTS260", "triton-not-installed-environment", "compile_toolchain", 0.54,
       "Triton, which the backend needs, is missing from this environment",
       keywords=_TRITON_MISSING, fixes=(H.TRITON_FOR_THE_BACKEND,)),
    # the same two packages out of step, met later: torch reads an attribute of a triton object (its
    # compiled kernel, the kernel's metadata, a jit function) or module that this triton release
    # renamed or dropped (`type object 'CompiledKernel' has no attribute 'launch_enter_hook'`,
    # `'KernelMetadata' object has no attribute 'cluster_dims'`). triton's classes, named as data
    _r("AOTS248", "triton-lacks-an-attribute-torch-reads", "version_mismatch", 0.6,
       "torch reads an attribute a triton object or module of this release does not have: triton is "
       "another release than torch's",
       types=frozenset({"AttributeError"}), keywords=("has no attribute",),
       regex=r"(?:type object )?'(?:" + "|".join(c.lower() for c in TRITON_CLASSES) + r")' (?:object )?has no attribute"
             r"|module 'triton[\w.]*' has no attribute",
       supersedes=WRAPPED + ("AOTS120", "AOTS121", "AOTS122", "AOTS126", "AOTS127", "AOTS180"),
       fixes=(H.TRITON_MATCHING_TORCH,)),
    # the compiler given a path torch split at a space or a quote: it reports a missing file or
    # library, or an input that is also the output, which reads like a broken toolchain; the
    # command torch assembled is what broke (folder names with spaces are the host's right)
    _r("AOTS249", "compile-command-split-a-path", "torch_bug", 0.6,
       "The compile command torch assembled split a path at a space or a quote (not quoted)",
       types=_COMPILE_WRAPPER_TYPES, split_path=True,
       supersedes=("AOTD501", "AOTD507", "AOTS130", "AOTS131", "AOTS132", "AOTS133", "AOTS134", "AOTS135"),
       fixes=(H.PATH_WITHOUT_SPACES,)),
    # the compiler cannot find a file torch has just written for it (the generated source in the
    # cache, the header it preprocesses in a temp folder), or cannot write beside it: the path in
    # the command is not the one torch wrote (a quote or a backslash dropped when torch split its
    # command), unless the folder was removed during the build. 0.5: the text cannot tell which.
    _r("AOTS251", "compiler-cannot-find-torch-s-own-file", "torch_bug", 0.5,
       "The compiler cannot find or write a file torch made for it: the path was mangled in the "
       "command (a quote or backslash dropped), or the folder was removed during the build",
       types=_COMPILE_WRAPPER_TYPES, keywords=("no such file or directory",),
       # (not the precompiled header: torch keeps it for the process, and a temp cleaner removes it)
       regex=r"fatal error: (?:opening output file )?\S*(?:/c[a-z0-9]{40,}(?:\.[a-z]+)?\.(?:cpp|o)|/tmp\w{8}/header\.(?:i|hpp))"
             r": no such file or directory",
       supersedes=("AOTD501", "AOTD507", "AOTS130", "AOTS131", "AOTS134", "AOTS135"), fixes=(H.PATH_WITHOUT_SPACES,)),
    # ptxas or nvcc not knowing the GPU architecture it is asked to build for (a toolkit older than
    # the GPU, or one that dropped an old architecture): the tool is there, but of another
    # generation than the GPU. Public threads label it the toolkit (the tool to change) or the
    # versions (toolkit against GPU) about equally, so both are named and neither claims >= 0.7
    _r("AOTS254", "toolkit-does-not-know-the-gpu-architecture", "compile_toolchain", 0.6,
       "The CUDA assembler or compiler (ptxas, nvcc) does not know the GPU architecture asked for",
       keywords=_ARCH_UNKNOWN_TO_TOOLKIT, supersedes=WRAPPED + ("AOTS131", "AOTS180", "AOTD501"),
       fixes=(H.TOOLKIT_FOR_THIS_GPU,)),
    _r("AOTS255", "toolkit-and-gpu-of-other-generations", "version_mismatch", 0.55,
       "The CUDA toolkit (or the ptxas triton bundles) is of another generation than the GPU",
       keywords=_ARCH_UNKNOWN_TO_TOOLKIT, fixes=(H.TOOLKIT_FOR_THIS_GPU,)),
    _r("AOTS127", "torch-module-attribute-missing", "torch_bug", 0.55,
       "torch's own module lacks an attribute or import another torch module uses",
       types=frozenset({"AttributeError", "ImportError", "ModuleNotFoundError"}),
       keywords=("module 'torch", "from 'torch", "no module named 'torch"),
       raise_sites=frozenset({"torch", "library", "stdlib", "triton", ""})),  # the user's own call: AOTS175
    _r("AOTS119", "torch-own-test-failed", "torch_bug", 0.4,
       "torch's own AOTInductor test suite failed: the code under test is torch's",
       test_programs=("test_aot_inductor", "aotinductortest")),
    # -- compile_toolchain: the user's environment --------------------------------------------
    # the compiler itself crashed ("internal compiler error: Segmentation fault signal terminated
    # program cc1plus"): a stack or memory limit on the build, a crashing launcher or plugin. The
    # signal is the compiler's, not the process's; the compiler killed for memory is out_of_memory
    _r("AOTS222", "compiler-crashed", "compile_toolchain", 0.68,
       "The C++ compiler itself crashed (an internal compiler error): the build's limits or launcher",
       keywords=("internal compiler error",),
       not_keywords=("out of memory", "cannot allocate memory", "killed signal terminated"),
       supersedes=WRAPPED + ("AOTD303", "AOTD507", "AOTS124", "AOTS125", "AOTS129")),
    # the build could not write its files: a full disk or quota, a read-only folder, a file-size
    # limit. gcc names the source it was compiling (the generated one) as where it stopped, but
    # nothing in that code is wrong: the folders it writes to are the environment's
    _r("AOTS311", "build-could-not-write", "compile_toolchain", 0.64,
       "The C++ compiler or linker could not write its output (a full disk or quota, a read-only "
       "folder, a file-size limit)",
       keywords=("no space left on device", "disk quota exceeded", "read-only file system",
                 "file size limit exceeded", "file too large"),
       # the compiler's or linker's own report, not the package writer's (an archive on a
       # read-only volume is the host's, outside the build)
       also_keywords=("cppcompileerror", "c++ compile error", "cc1plus", "cc1:", "collect2", "/ld: ",
                      "ld returned", "compilation terminated", "error writing to", "final link failed",
                      "assembler"),
       phases=frozenset({P.COMPILE}), fixes=(H.BUILD_DISK_SPACE,),
       supersedes=WRAPPED + ("AOTD303", "AOTD501", "AOTD507", "AOTS124", "AOTS125", "AOTS129", "AOTS132",
                             "AOTS133", "AOTS134", "AOTS135", "AOTS222")),
    _r("AOTS130", "missing-system-header", "compile_toolchain", 0.7,
       "A header the C++ build needs is not installed",
       origins=frozenset({O.ENV_MISSING_HEADER}), supersedes=WRAPPED),
    _r("AOTS131", "missing-library-or-compiler", "compile_toolchain", 0.7,
       "A library, compiler or CUDA toolkit the build needs is missing",
       origins=frozenset({O.ENV_MISSING_LIBRARY, O.ENV_MISSING_COMPILER, O.ENV_MISSING_NVCC}), supersedes=WRAPPED),
    _r("AOTS132", "link-error", "compile_toolchain", 0.55,
       "The linker failed on a non-torch symbol",
       origins=frozenset({O.LINK})),
    _r("AOTS133", "error-in-torch-or-system-header", "compile_toolchain", 0.5,
       "The compiler rejects an installed header (compiler/flags/headers mismatch)",
       origins=frozenset({O.TORCH_HEADER, O.SYSTEM_HEADER})),
    _r("AOTS134", "compiler-process-failed", "compile_toolchain", 0.5,
       "The C++ build step failed",
       types=frozenset({"CppCompileError", "CUDACompileError", "CalledProcessError", "InvalidCxxCompiler"}),
       subsystems=frozenset({S.CPP_BUILDER, S.UNKNOWN, S.OTHER, S.LOWERING, S.CODEGEN}),
       not_origins=GEN_ORIGINS, supersedes=WRAPPED),  # an error in the generated code is the code's (AOTS124/125), not the tools'

    _r("AOTS135", "cpp-builder-error", "compile_toolchain", 0.45,
       "An error raised inside the C++ builder or code cache",
       subsystems=frozenset({S.CPP_BUILDER}), not_keywords=("out of memory",), not_origins=GEN_ORIGINS),
    # the builder's environment, not its code: it cannot write its files, or the compiler it runs
    # answers with nothing it can read (CXX naming a non-compiler)
    _r("AOTS136", "build-environment-os-error", "compile_toolchain", 0.66,
       "The C++ builder or code cache could not create, write or run its files (an OS error: a "
       "permission, a path that is a file, a full disk)",
       types=frozenset({"PermissionError", "FileExistsError", "FileNotFoundError", "IsADirectoryError",
                        "NotADirectoryError", "OSError"}),
       subsystems=frozenset({S.CPP_BUILDER}), not_keywords=("out of memory",), not_origins=GEN_ORIGINS,
       supersedes=WRAPPED),
    # a cache file read back unparseable: two processes writing one shared cache folder (ranks,
    # CI jobs), a write cut short (a full disk, a kill), a cleaner removing files mid-build. The
    # folder is the host's; older releases also wrote the autotune cache without an atomic rename,
    # which reads as torch's, so both are named
    _r("AOTS269", "compile-cache-file-unreadable", "compile_toolchain", 0.6,
       "A file in the compile cache does not parse: several processes share the cache folder, or a "
       "write to it was cut short", fixes=(H.CACHE_FOLDER_PER_PROCESS,), **_CACHE_FILE_UNREADABLE),
    _r("AOTS270", "compile-cache-written-without-care", "torch_bug", 0.5,
       "torch wrote or read its compile cache without guarding against concurrent or partial writes "
       "(older releases)", fixes=(H.CACHE_FOLDER_PER_PROCESS,), **_CACHE_FILE_UNREADABLE),
    # the compile cache changed under this process: a temp file of its atomic write (`.tmp`,
    # `.tmp.pid_N`, `<name>.py.<digits>`) gone before the rename, or a cache folder it cleared
    # filled again before the rmdir. Another process shares the folder (ranks, test workers) and
    # torch's writes and clears did not allow for it
    _r("AOTS292", "compile-cache-changed-underneath", "torch_bug", 0.5,
       "The compile cache changed under this process (a file it was writing vanished, or a folder it "
       "cleared filled again): another process shares the cache folder",
       types=frozenset({"FileNotFoundError", "OSError"}), regex=_CACHE_CHANGED_UNDERNEATH,
       supersedes=WRAPPED + ("AOTS121", "AOTS122", "AOTS135", "AOTS136"), fixes=(H.CACHE_CHANGED_UNDERNEATH,)),
    # every torch symbol the linker or loader could not resolve takes a std::string: the application
    # or extension was built with the other C++ string ABI (_GLIBCXX_USE_CXX11_ABI) than libtorch.
    # A library left off the link line leaves symbols without strings unresolved too (not this)
    _r("AOTS299", "libtorch-cxx-string-abi-mismatch", "version_mismatch", 0.7,
       "The application or extension was built with another C++ string ABI than libtorch (only the "
       "torch symbols that take a std::string are unresolved)",
       abi_strings=True, supersedes=("AOTD501", "AOTS131", "AOTS132", "AOTS134", "AOTS135"),
       fixes=(H.LIBTORCH_ABI_MATCH, H.REBUILD_SAME_VERSION)),
    # torch's compile machinery pickling what it keeps or hands between processes (a cache entry
    # of AOTAutograd or the FX graph cache, a compile worker's result, an autotuning candidate)
    # and meeting an object pickle cannot take (a triton launcher, a local class, a process group):
    # the cache or the worker should have bypassed it. Read from the frames, or from the words
    # naming the cache or the worker beside pickle's own
    _r("AOTS297", "compile-machinery-cannot-pickle", "torch_bug", 0.55,
       "torch's compile cache or compile workers could not pickle an object they keep or hand over",
       frame_modules=_PICKLING_MACHINERY, supersedes=_PICKLE_SUPERSEDES + ("AOTS298",),  # the frames explain the words
       **_PICKLE_REFUSED),
    _r("AOTS298", "compile-machinery-cannot-pickle-named", "torch_bug", 0.52,
       "torch's compile cache or compile workers (named in the report) could not pickle an object",
       words=_PICKLING_MACHINERY_WORDS, supersedes=_PICKLE_SUPERSEDES, **_PICKLE_REFUSED),
    # Windows' path length limit met in the kernel cache: a file Inductor or triton just wrote
    # cannot be found again (also under Inductor's wrapper: InductorError: FileNotFoundError)
    _r("AOTS273", "windows-path-too-long-in-kernel-cache", "compile_toolchain", 0.6,
       "A file in the kernel cache cannot be reopened on Windows: its path is past the 260-character limit",
       types=frozenset({"FileNotFoundError"}), regex=_WINDOWS_KERNEL_CACHE_PATH,
       supersedes=WRAPPED + ("AOTS121", "AOTS122", "AOTS135", "AOTS136"), fixes=(H.WINDOWS_PATH_LIMIT,)),
    # Level Zero finding no kernel of the name in a module the GPU driver's own compiler built
    # (ZE_RESULT_ERROR_INVALID_KERNEL_NAME, 0x78000011): beside the missing kernel (AOTD917), the
    # driver's compiler of another release than the triton build expects; public threads name a
    # driver update as often as a kernel the compiler dropped
    _r("AOTS274", "gpu-driver-compiler-left-the-kernel-out", "version_mismatch", 0.52,
       "The GPU driver's compiler built a module without the kernel: a driver release the triton "
       "build does not match",
       keywords=("ze_result_error_invalid_kernel_name", "[ze]: 0x78000011"),
       supersedes=WRAPPED + ("AOTS122", "AOTS180"),
       fixes=(H.KERNEL_NOT_IN_BINARY,)),
    # the GPU driver's own compiler (Intel's IGC, run by Level Zero or ocloc) failing to build a
    # module from the code Triton emitted: most often a driver of another release than the
    # Triton build (too old for its IR, or a new driver's regression); a kernel too large for the
    # compiler's registers is the other reading (AOTS286)
    _r("AOTS285", "gpu-driver-compiler-failed", "version_mismatch", 0.55,
       "The GPU driver's compiler could not build the module Triton emitted: a driver of another "
       "release than the Triton build",
       keywords=_DRIVER_COMPILER_FAILED,
       supersedes=WRAPPED + ("AOTS122", "AOTS180", "AOTS222", "AOTD303", "AOTD507"), fixes=(H.DRIVER_FOR_THIS_TRITON,)),
    _r("AOTS286", "gpu-driver-compiler-limits", "compile_toolchain", 0.45,
       "The GPU driver's compiler could not build the module Triton emitted: the kernel may be too "
       "large for it (registers), or the compiler itself failed",
       keywords=_DRIVER_COMPILER_FAILED, fixes=(H.DRIVER_FOR_THIS_TRITON,)),
    _r("AOTS137", "compiler-probe-failed", "compile_toolchain", 0.62,
       "The step that runs or probes the C++ compiler failed on its output: the configured "
       "compiler (CXX/CC) answered with nothing usable",
       types=INTERNAL_TYPES | frozenset({"ValueError", "CalledProcessError"}),
       at=("_get_file_checksum", "_precompile_header", "check_build", "cpp_compiler_search", "get_cpp_compiler",
           "_is_apple_clang", "_is_clang", "_is_gcc", "_is_gcc_version_less_than", "_is_intel_compiler",
           "get_compiler_version_info", "check_compiler_exist_windows"),
       not_origins=GEN_ORIGINS, supersedes=WRAPPED),
    # a Python package torch's compile path imports is not installed (the C++ build imports
    # setuptools through torch.utils.cpp_extension, the GEMM templates jinja2): public threads
    # settle it as torch's (a wheel that did not require it on this Python), and the fix is the
    # environment's, so both are named
    _r("AOTS293", "compile-path-package-not-declared", "torch_bug", 0.55,
       "A Python package torch's compile path imports is not installed: torch did not require it on "
       "this Python (setuptools before 3.12 in some releases, jinja2, packaging)",
       fixes=(H.COMPILE_PATH_PACKAGE_MISSING,), **_COMPILE_PATH_PACKAGE_MISSING),
    _r("AOTS294", "compile-path-package-not-installed", "compile_toolchain", 0.5,
       "A Python package torch's compile path imports is not installed in this environment (an install "
       "with --no-deps, a pruned image)", fixes=(H.COMPILE_PATH_PACKAGE_MISSING,), **_COMPILE_PATH_PACKAGE_MISSING),
    # torch's extension builder (torch.utils.cpp_extension: load, load_inline, BuildExtension)
    # failing in its own code while it sets the build up (the architecture list, the CUDA install,
    # the compiler and its flags): what it reads there is the build environment's
    _r("AOTS204", "extension-builder-setup-failed", "compile_toolchain", 0.58,
       "torch's C++/CUDA extension builder failed while setting up the build (architecture list, CUDA "
       "install, compiler, flags)",
       types=INTERNAL_TYPES | frozenset({"ValueError", "RuntimeError", "OSError"}),
       modules=("torch.utils.cpp_extension",), not_origins=GEN_ORIGINS,
       not_keywords=("out of memory",),
       supersedes=WRAPPED + ("AOTD905", "AOTS121", "AOTS126", "AOTS135", "AOTS183")),
)
