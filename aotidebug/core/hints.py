"""Named, reusable fix texts. Patterns and checks refer to these constants, never to ad-hoc prose,
so the same advice reads the same everywhere and docs can point at it."""

from __future__ import annotations

# the fix texts of custom ops and of the weights API live in hints_ops.py, the host's in
# hints_host.py; named here so every hint is `hints.X`
from .hints_ops import (CUSTOM_OP_DEFINITION, DENSE_INPUTS, DIM_SIGNATURE, FAKE_KERNEL_LAYOUT, FAKE_TAKES_THE_OPS_ARGUMENTS,
                        NESTED_TENSOR_INPUT, NO_GRAD_FOR_INPLACE_STATE, OUTPUTS_ARE_PLAIN_TENSORS, SEND_CHANGED_WEIGHTS,
                        PROXY_EXECUTOR_ARGUMENTS, SWAP_AFTER_AN_UPDATE, WEIGHTS_API_SIGNATURE)
from .hints_host import (BUILD_DISK_SPACE, BUILD_MEMORY, BUILD_WITHOUT_SANITIZER, CACHE_CHANGED_UNDERNEATH,
                         CACHE_FOLDER_PER_PROCESS, CHECK_THE_FILE_GIVEN, COMPILE_PATH_PACKAGE_MISSING,
                         COMPILE_THE_EXPORTED_PROGRAM, COMPILE_WHERE_IT_RUNS, DRIVER_FOR_THIS_TRITON,
                         DRIVER_TOO_OLD_OR_NOT_VISIBLE, DTYPE_FOR_THIS_GPU, EXPORT_AND_COMPILE_THE_MODULE, EXPORT_SAVE_LOAD_TAKE,
                         FEWER_THREADS_OR_HIGHER_LIMITS, FIND_WHERE_A_CALL_HANGS, IMPORT_THE_SUBMODULE_FIRST,
                         INPUTS_FILE_OF_TENSORS, INSTALL_TOOLCHAIN, KERNEL_CONFIG_FITS_THIS_GPU, LIBRARY_FOR_THIS_TORCH, MATCH_TOOL_VERSIONS,
                         NAME_A_WORKERS_DEATH, NOEXEC_CACHE_FOLDER, ONE_TORCH_INSTALL, PATH_WITHOUT_SPACES,
                         PROGRAM_LIBRARY_PATH, PT2_ARCHIVE_API_CONTRACT, PYTHON_FOR_THIS_TORCH, SET_CACHE_DIRS_EXPLICITLY,
                         SOURCE_TREE_WITH_ITS_BUILD_FILES, TOOLKIT_FOR_THIS_GPU, TRITON_FOR_THE_BACKEND,
                         TRITON_FOR_THIS_CUDA, TRITON_NEEDS_A_C_COMPILER, USE_A_VISIBLE_GPU_INDEX,
                         WINDOWS_PATH_LIMIT)

CHECK_THREE_MATCHES = (
    "Check the three matches first: the device type the package was compiled for equals the load "
    "device type; every input is on that device; every input shape fits the compiled shapes "
    "(run `aotidebug check model.pt2 --inputs inputs.pt`)."
)
CHECK_INPUTS_AT_RUNTIME = (
    "Set AOTI_RUNTIME_CHECK_INPUTS=1 before the first call (or reload the package) so the compiled "
    "code names the mismatching input, dimension, dtype or stride instead of crashing."
)
MATCH_COMPILE_DEVICE = (
    "Load the package on the device type it was compiled for (see `aotidebug inspect`), or "
    "re-export and recompile on the target device; cross-device loading is not supported."
)
MOVE_INPUTS_TO_DEVICE = "Move every input (and the model's constants) to the compiled device before calling."
EXPORT_WITH_EDGE_SHAPES = (
    "Export with sample inputs that cover the sizes used at run time (size 0, size 1, the maximum) "
    "and declare them with torch.export.Dim('name', min=..., max=...)."
)
SIZE_ONE_AT_THE_FLOOR = (
    "Size 1 is fine here: Inductor compiles every dynamic size with a lower bound of at least 2 "
    "(torch's 0/1 specialisation), whatever Dim(min=...) said, and its code runs at 1. Only "
    "AOTI_RUNTIME_CHECK_INPUTS=1 refuses it; to keep that check, recompile with "
    "torch._inductor.config.aot_inductor.check_lowerbound = False (where your torch has it)."
)
COMPILED_RANGE_NARROWED = (
    "If the bound in AOTI's `dim value is too small/large` is not the one your Dim declared, Inductor "
    "set it when it compiled: it specialises kernels on the example input's side of a size threshold "
    "(torch 2.13: a reduction caps the dim at 4096, or lifts the minimum to 4097 when the example is "
    "larger; conv nets narrow batch or depth dims) and the package checks that side. Compile with example "
    "inputs of the sizes you serve, or split the input; `aotidebug inspect PKG` prints the compiled "
    "bounds, and diagnose(..., model=exported_program, package=PKG) names each narrowed dim (AOTC036)."
)
GUARD_EMPTY_INPUTS = "Guard empty inputs in forward() (return early when a dimension is 0) or pad them."
INDEX_INPUT_IN_RANGE = (
    "Map the ids into the table before the call (an out-of-vocabulary row for ids the model never "
    "saw), or re-export with a table that covers them; a model that reads only part of this input "
    "can skip the check with safe_load(..., check_indices=False).")
SIZE_WITHIN_TABLE = (
    "Split or truncate the input to the table's rows, or re-export with a table as long as the "
    "longest input and a Dim(max=...) no larger than the table, so the package refuses what it "
    "cannot index.")
CLAMP_INDICES = "Clamp or validate the indices before they reach the indexing op (embedding, gather, index_select)."
MAKE_CONTIGUOUS = "Call .contiguous() on inputs, or export with the same strides used at run time."
MATCH_DTYPE = "Cast inputs to the dtype the package was compiled for."
SYNC_FOR_LOCATION = (
    "Rerun with CUDA_LAUNCH_BLOCKING=1 and PYTORCH_NO_CUDA_MEMORY_CACHING=1 so the failure is "
    "reported at the faulting kernel and is reproducible."
)
BISECT_KERNELS = (
    "Localise the faulting kernel: `aotidebug.bisect(model, inputs)` (or compile with "
    "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER=3 and take the last kernel launched)."
)
RUN_MINIFIER = "Reduce the graph with the AOTI minifier (DUMP_AOTI_MINIFIER=1) for a bug report."
CHECK_CONSTANTS = (
    "Check the constants: every name in get_constant_fqns() is provided, on the compiled device, "
    "with the exported shape and dtype; packages built with package_constants_in_so=False need "
    "load_constants() before the first call."
)
READ_COMPILER_OUTPUT = "Read the first compiler error in the log (not the last): it names the missing header, symbol or flag."
REPLACE_UNSUPPORTED_OP = (
    "Replace or register the unsupported op: give custom ops a C++ implementation (TORCH_LIBRARY) "
    "and a fallback the runtime can call, or keep the op out of the compiled region."
)
FIX_EXPORT = (
    "Fix the export first: make control flow shape-independent (torch.cond, torch._check), mark "
    "data-dependent sizes with torch._check_is_size, and re-run torch.export.export."
)
REBUILD_SAME_VERSION = (
    "Rebuild the package with the same torch (and CUDA) version, C++ ABI and hardware target "
    "as the machine that loads it; `aotidebug inspect` shows what the package records."
)
LIBTORCH_ABI_MATCH = (
    "Build the application or extension with the C++ ABI libtorch was built with: take the libtorch "
    "download of that ABI (the cxx11-ABI archive), or pass -D_GLIBCXX_USE_CXX11_ABI=<0|1> as "
    "torch.compiled_with_cxx11_abi() says; CMake's TorchConfig sets it when the build uses find_package(Torch)."
)
REDUCE_MEMORY = (
    "Reduce memory: free other models, load constants once (not twice), lower the batch, or use "
    "package_constants_in_so=False with user-managed weights."
)
COMPARE_WITH_EAGER = (
    "Compare against eager on the same inputs, then bisect the divergence to a kernel "
    "(`aotidebug.bisect`) and check input strides and dtypes first."
)
MIGRATE_TO_PACKAGE_API = (
    "Migrate from torch._export.aot_compile/aot_load to torch._inductor.aoti_compile_and_package / "
    "aoti_load_package (`aotidebug migrate PATH`): the package records its device."
)
REPORT_TORCH_BUG = (
    "This looks like an Inductor/AOTI bug: try the latest torch release or nightly, and report it "
    "with a minified repro (DUMP_AOTI_MINIFIER=1)."
)
INDUCTOR_GUARDED_ON_UNBACKED_SIZE = (
    "The program was captured; Inductor itself then guarded on a size read from tensor data (an "
    "unbacked SymInt), at the place 'Caused by:' or the innermost torch/_inductor frame names. "
    "Try a newer torch (Inductor learns to compile without these guards release by release) and "
    "report the op with a small repro; meanwhile a torch._check(...) on that size before the op "
    "(e.g. torch._check(n > 1)) often lets Inductor decide without guarding."
)
LOCATE_THE_HANG = (
    "Find the pass that never returns: dump the stuck process's Python stack (`py-spy dump --pid "
    "PID`, or faulthandler.dump_traceback_later) and rerun with TORCH_LOGS=\"+dynamo,+inductor\"; "
    "report that pass with the graph's size. A smaller graph (a loop not unrolled, fewer layers per "
    "compiled region) or another torch release is the usual workaround."
)
DISABLE_AUTOTUNE = (
    "Disable or constrain compile-time autotuning (inductor_configs={'max_autotune': False} or "
    "'triton.autotune_at_compile_time': False) and retry."
)
REPACKAGE_KERNELS = (
    "Keep the kernel binaries with the model: use aoti_compile_and_package (the .pt2 embeds "
    "cubins/.so files) instead of copying a bare .so whose kernels stay in the compile machine's cache."
)
GET_REAL_ERROR = (
    "The runtime swallowed the real message: read the process's stderr (the C++ runtime prints "
    "`Error: ...` there) or rerun with TORCH_SHOW_CPP_STACKTRACES=1 and AOTI_RUNTIME_CHECK_INPUTS=1."
)
COLLECT_LOG = "Capture the full stderr/stdout of the failing run and diagnose it again; this text names no known cause."

# consistency checker (issue 7)
MATCH_CALL_SPEC = (
    "Call the package with the same structure as at export: the same number of positional "
    "arguments, the same keyword names, and dict inputs with their keys in the exported order "
    "(the package takes tensors by position; reordered keys are silently swapped)."
)
USE_REAL_TENSORS = "Pass real tensors with data (not meta or fake tensors) on the compiled device."
OUTPUT_LAYOUT_AS_EAGER = (
    "Do not rely on the compiled result's strides where eager's matter: call .contiguous() or "
    ".to(memory_format=...) on it, and report the op with the eager and the compiled strides."
)
KEEP_LARGE_DATA_OUT_OF_THE_LIBRARY = (
    "The library's code and data exceed the 2 GB that the default code model's relative offsets "
    "reach. For an AOTI package, keep the weights out of the .so: compile with "
    "inductor_configs={'aot_inductor.package_constants_in_so': False} and load them with "
    "load_constants; elsewhere build with -mcmodel=medium or large (every object, same model) or "
    "split the library."
)
CXX_STANDARD_FOR_THIS_TORCH = (
    "Compile with the C++ standard this torch's headers require (C++17 since torch 2.1): "
    "set_property(TARGET ... CXX_STANDARD 17) or -std=c++17, or take the flags from torch "
    "(TORCH_CXX_FLAGS, torch.utils.cpp_extension); a build file written for an older torch says 14."
)
LIBRARY_FOR_THIS_ARCHITECTURE = (
    "Use the libtorch (and build the extension or package) for this machine's architecture: the "
    "arm64 download on Apple silicon, x86_64 on Intel, and a Python of the same architecture "
    "(not under Rosetta); `file` or `lipo -info` on the library shows what it was built for."
)
REBUILD_FOR_CPU = (
    "Rebuild the package on a CPU with the same instruction set as the target host, or compile "
    "for a lower baseline (ATEN_CPU_CAPABILITY=avx2 at compile time, or inductor_configs "
    "{'cpp.simdlen': 256}) so it runs on every target; `aotidebug inspect` shows the ISA it records."
)
CPU_DEVICE_INDEX = "Load CPU packages with the default device_index=-1; pick a GPU index below torch.cuda.device_count()."

# classifier (issue 2): fixes named by the routing table
READ_REAL_ERROR_LINE = (
    "Read the first `Error:` line the C++ runtime printed to stderr and the first exception in "
    "the chain: the last line of a long log is usually a consequence, not the cause."
)
FIX_DYNAMIC_SHAPES_SPEC = (
    "torch.export refused the dynamic_shapes specification itself, before tracing: give each Dim a "
    "valid identifier and min <= max, one definition per name, one entry per dimension of its "
    "tensor (Dim.STATIC or None for a static one), Dim.AUTO / Dim.DYNAMIC for an int input, and "
    "derive a Dim only as an increasing linear expression (2 * d + 1) that stays >= 0 over d's range, "
    "with example inputs whose sizes fit it (an even size for 2 * d)."
)
DECLARE_DYNAMIC_DIMS = (
    "Export with example sizes of at least 2 for every dynamic dimension (sizes 0 and 1 are "
    "specialised) and declare the range with torch.export.Dim('name', min=..., max=...); read the "
    "`Constraints violated` / `specialized` lines for the dimension that was fixed."
)
STATE_DICT_MATCHES_MODULE = (
    "Load weights saved from this same module class: compare the checkpoint's keys and shapes with "
    "model.state_dict() (the missing and unexpected keys name the difference: a prefix, a renamed or "
    "added layer, another configuration) and map the names before load_state_dict."
)
STATE_DICT_OF_THE_UNCOMPILED_MODULE = (
    "torch.compile's wrapper prefixes every key with '_orig_mod.': save model._orig_mod.state_dict() "
    "(the module the wrapper holds), load into the plain module before compiling, or strip the prefix "
    "from an existing checkpoint's keys."
)
CONSTANTS_ON_DEVICE = (
    "Load the constants onto the package's device before load_constants: "
    "`torch.load(path, map_location=\"cpu\")` (or \"cuda\" for a CUDA package), or `.to(device)` "
    "on each tensor. A meta tensor holds no data (a large-model loading recipe's "
    "map_location=\"meta\"): load the real weights instead."
)
MATCH_CONSTANTS = (
    "Pass every constant with the dtype, shape and layout the package was compiled with (`aotidebug "
    "inspect PKG` lists them): cast with .to(dtype) and call .contiguous() on a transposed or sliced "
    "tensor. torch's load_constants does not check them, and the kernels read the memory as compiled."
)
PROVIDE_CONSTANTS = (
    "Packages built with aot_inductor.package_constants_in_so=False carry no weights: call "
    "load_constants({fqn: tensor, ...}, check_full_update=True) with every name from "
    "get_constant_fqns() before the first call (weights pickled under data/weights by "
    "package_constants_on_disk_format='pickle_weights' load with "
    "torch.export.pt2_archive._package.load_pt2(path, load_weights_from_disk=True) instead)."
)
INSTALL_GPU_OR_REBUILD_CPU = (
    "Load a GPU package only on a host with a working GPU, driver and a CUDA/ROCm build of torch "
    "(torch.cuda.is_available() is True); for CPU-only hosts export and compile a CPU package."
)
CHECK_OP_DTYPE_SUPPORT = (
    "Check the op supports this dtype and device (quantised and low-precision kernels often "
    "accept only one activation dtype); cast around the op or pick a supported dtype."
)
TORCH_FOR_THE_LIBRARY_S_ANNOTATIONS = (
    "The custom op's signature uses built-in generics (list[int], Optional[list[...]]) that this torch's "
    "schema inference does not take yet: install the torch the library requires, or use the library "
    "release written for this torch (typing.List[...] in the op's signature works on both)."
)
UPGRADE_OR_PIN_TORCH = (
    "If it worked on an earlier torch, pin that version (or try the nightly) and report the "
    "regression with both versions and a minimal repro."
)
REPORT_ERROR_PROPAGATION = (
    "The runtime converts C++ exceptions into error codes at the C ABI boundary: the real "
    "message is printed to stderr (`Error: ...`) before the generic exception; capture stderr "
    "or run the model in a child process (`aotidebug.subproc`) to keep it."
)

KERNEL_NOT_IN_BINARY = (
    "The GPU binary that was loaded holds no kernel of the name asked for: it was built from other "
    "code (a stale or mixed-up cubin/spv, another build's cache at the same path, a kernel built only "
    "for other GPU architectures), or its compiler (on Intel GPUs, the driver's) produced a module "
    "without the kernel. Rebuild the kernels together (a fresh cache or a new package), keep each "
    "package's binaries with it, and build for this GPU's architecture; after a GPU driver update, "
    "use the driver release the triton build supports; if a fresh build fails the same way, report "
    "it with the kernel's tuning config."
)
REBUILD_PACKAGE = (
    "The package archive is incomplete or damaged (a member such as the compiled .so or a "
    "*_metadata.json is missing or truncated): copy the .pt2 whole, or re-run "
    "aoti_compile_and_package; `aotidebug inspect model.pt2` lists what is missing. Torch's "
    "'Loading outdated pt2 file' warning before this error is misleading."
)

PASS_PACKAGE_PATH = (
    "Pass the path of the .pt2 written by aoti_compile_and_package, or of the folder it was "
    "extracted to (check the path, and that the copy finished)."
)

REFUSE_HOSTILE_ARCHIVE = (
    "Do not load this file: aoti_compile_and_package never writes such members. Rebuild the "
    "package from its source with aoti_compile_and_package, and take it from a trusted place."
)

RAISE_BISECT_TIMEOUT = (
    "Give bisect more time: `bisect(..., timeout=SECONDS)`, `diagnose(..., bisect_timeout=SECONDS)` "
    "or `aotidebug bisect --timeout SECONDS`; a compile of a large model can take minutes."
)
FREE_TEMP_ROOT = (
    "Free space in the temp root, or point TMPDIR at a writable disk with room for the package: the "
    "isolated worker extracts the package there (its .so and weights), and keeps its tensor arena in "
    "/dev/shm."
)
SINGLE_THREADED_FOR_CAPTURE = (
    "To capture a loaded package in a CUDA graph, load it with "
    "aoti_load_package(path, run_single_threaded=True) (added in 2025; torch 2.13 has it): the "
    "default runner's thread synchronisation is not allowed while a stream captures. Keep host "
    "syncs (.item(), prints, allocations) out of the captured region."
)
LOAD_IN_EACH_PROCESS = (
    "Do not pickle a loaded package: pass the .pt2 path to each worker process and call "
    "aoti_load_package there (one load per process)."
)
CALL_LOADED_MODEL_DIRECTLY = (
    "Call the loaded model directly: it is compiled already and runs C++ code that torch.compile, "
    "torch.func/vmap transforms and torch.jit.trace cannot see into. To batch or differentiate, "
    "apply the transform to the eager model before torch.export and compile that."
)
MATCH_INSTALLED_SIGNATURE = (
    "Call the AOTI entry point with the installed torch's signature: aoti_compile_and_package takes "
    "the ExportedProgram (its example inputs are recorded in it) plus package_path= and "
    "inductor_configs= keywords; check help(torch._inductor.aoti_compile_and_package)."
)
WEIGHTS_ONLY_LOAD = (
    "Save new weights as a state_dict of tensors and load that; torch.load(..., weights_only=False) only "
    "for files you trust, or allow the class with torch.serialization.add_safe_globals([...])."
)
LOADER_SIGNATURE = (
    "Call aoti_load_package(path, run_single_threaded=False, num_runners=1, device_index=-1) with "
    "keywords: its second parameter is a bool, not the device (legacy aot_load) or the model name "
    "(load_package); check help(torch._inductor.aoti_load_package) for the installed torch."
)
EXPORT_LOAD_IS_NOT_AOTI = (
    "Open an AOTI package with torch._inductor.aoti_load_package(path); torch.export.load reads only "
    "what torch.export.save wrote (to keep both, save the ExportedProgram separately)."
)
PACKAGE_IS_NOT_A_CHECKPOINT = (
    "Open a .pt2 package with torch._inductor.aoti_load_package; to read its weights use the loaded "
    "model's get_constant_fqns()/load_constants, or keep the model's state_dict beside the package."
)
VERIFY_PACKAGE_BYTES = (
    "Compare the file with the package as built (size, sha256) and list it with `python -m zipfile -l "
    "PATH`: a text-mode transfer, a header or signature added by a store, a cut-off copy or a git-lfs "
    "pointer all leave a file that is no longer the zip archive AOTI wrote."
)
PACKAGE_OUTPUT_PATH = (
    "Create the package's folder before compiling (os.makedirs(os.path.dirname(path), exist_ok=True)) "
    "and check that it is writable; package_path must name a file ending in .pt2."
)
RESAVE_CHECKPOINT = (
    "Re-save the checkpoint once in the current format (torch.load it without mmap, then torch.save it: "
    "the zip format is the default since torch 1.6), then read it with mmap or weights_only."
)
HOST_FILES = (
    "The loader extracts the package under TMPDIR: check that TMPDIR exists and is writable, its free "
    "space and quota (df -h), the file-size limit (ulimit -f) and the open-file limit (ulimit -n); point "
    "TMPDIR at a disk with room for the extracted package."
)
CONFIG_OPTION_NAMES = (
    "Use an option name the installed torch has: print(torch._inductor.config.get_config_copy().keys()) "
    "lists them (options are renamed and removed between releases; e.g. aot_inductor.abi_compatible is gone)."
)
OPTIONS_A_MODE_FIXES = (
    "The compile options given conflict with a mode that fixes them (standalone compilation, Windows "
    "cross-compilation): torch's message names the option and the value the mode needs. Set that "
    "value, or drop the option from inductor_configs and let the mode set it."
)
INFERENCE_ONLY = (
    "An AOTI compiled model runs inference only: its outputs carry no autograd graph. Train or "
    "differentiate the eager model (torch.compile serves training), then export and compile it "
    "again for deployment."
)
LOADED_MODEL_IS_NOT_A_MODULE = (
    "The loaded model is a compiled callable, not an nn.Module: it has no .eval(), .to(), "
    ".parameters() or state_dict. Keep the eager module for those; to put the loaded model in a "
    "container, wrap it in your own nn.Module whose forward calls it."
)
ADD_ATEN_AUTOTUNE_BACKEND = (
    "Let autotuning fall back to ATen: include 'ATEN' in max_autotune_gemm_backends / "
    "max_autotune_conv_backends (a CPU build has no Triton choices), or turn max_autotune off."
)
KEEP_VALUES_IN_CHECKED_RANGE = (
    "A value the compiled code checks at run time (a size read from data with .item(), bounded "
    "by torch._check or a Dim range) is outside the range asserted at export: pass values inside "
    "it, or widen the check and re-export."
)
ONE_DEVICE_FOR_EXPORT = (
    "Put the model's weights and buffers and every example input on one device before "
    "torch.export (model.to(device), x.to(device)); export on the device you will load on."
)
CHECK_MEMORY_LIMIT = (
    "Check the process's memory limits (`ulimit -v`, the container's memory cap): the compiled "
    "library and its embedded weights must be mapped whole. If the message ends in 'Operation not "
    "permitted', the extraction directory is on a noexec mount: set TMPDIR to an exec-allowed one."
)
RENAME_SHADOWING_MODULE = (
    "A file of the application has the name of a library torch imports (the path in the ImportError "
    "is not under site-packages): rename that file or move it off sys.path (the script's folder and "
    "the working directory come first)."
)
ENVIRONMENT_VALUE_REFUSED = (
    "torch read a TORCHINDUCTOR_* / TORCH* environment variable while importing its config and refused "
    "its value (the traceback's config line names it): unset it or give it a value of the documented "
    "type (most take an integer or 0/1)."
)
FAKE_TENSORS_CANNOT_REPRESENT = (
    "torch.export traces with fake tensors, which cannot represent this tensor (quantized, or another "
    "kind without a meta implementation): pass plain float tensors and quantize inside the model, or "
    "keep that tensor out of the exported program."
)
SCRIPT_OBJECT_IN_MODEL = (
    "The model holds a TorchScript object (torch.classes.*: eager quantization's packed parameters, a "
    "scripted helper) that export cannot trace: export the float model and quantize with the PT2E flow "
    "(torch.ao.quantization.quantize_pt2e), or register a fake class for the object."
)
REGISTER_SPEC_TYPES = (
    "Import the module that registers the model's input/output types (torch.export.register_dataclass, "
    "pytree.register_pytree_node) in the serving process before loading the package, or return plain "
    "tensors, tuples and dicts from the model."
)
RENAMED_TORCH_NAME = (
    "This torch no longer has that name: it was renamed, moved or removed since the code was written "
    "(torch.export.dynamic_dim became torch.export.Dim, torch._export.capture_pre_autograd_graph became "
    "torch.export.export). Find its successor in the installed torch's docs and release notes, or pin "
    "the torch the code was written for."
)
SHIP_EXTERN_NODE_JSON = (
    "Ship the .json file codegen wrote beside the compiled .so (it describes the custom and fallback "
    "ops the proxy executor runs), or package with torch._inductor.aoti_compile_and_package and load "
    "the whole .pt2 unchanged."
)
READ_WITH_WRITING_TORCH = (
    "Read the file with a torch at least as new as the one that wrote it (upgrade this process's torch), "
    "or re-save it from the writing side with the torch that will read it."
)
SAME_OP_LIBRARY_AT_LOAD = (
    "Load the package with the same release of every op library it calls (custom ops, and torch "
    "itself) that it was compiled against, or recompile the package against the release the serving "
    "process registers."
)
CHECK_TUNING_SETTINGS = (
    "Check the kernel-tuning settings in the environment and inductor_configs (TORCHINDUCTOR_CPP_GEMM_*, "
    "max_autotune_gemm_backends): values tuned on another host, or written in another format, make the "
    "candidate kernels impossible to build here. Unset them, or disable max_autotune."
)
LOADER_FOR_THE_ARCHIVE = (
    "Open the file with the loader of its kind: an AOTI .pt2 package with torch._inductor.aoti_load_package, "
    "a torch.save checkpoint with torch.load, a TorchScript archive with torch.jit.load, a torch.package "
    "archive with torch.package.PackageImporter (list its members with zipfile to see which it is)."
)
OPTION_OF_ANOTHER_API = (
    "Drop the keyword, or pass its AOTI equivalent: options of other exporters and loaders do not carry over "
    "(dynamic shapes go in torch.export.export(dynamic_shapes=...), compile options in "
    "inductor_configs=..., and a package's device is fixed when it is compiled)."
)
SHAPES_FROM_THE_PROGRAM = (
    "Do not trace through the loaded model: it runs compiled C++ kernels on real data. For shapes and "
    "dtypes without running it, read the ExportedProgram (its graph's meta['val']) or run the eager "
    "model under FakeTensorMode; call the loaded model only with real tensors."
)
PLAIN_TENSOR_INPUTS = (
    "Hand the loaded model plain, allocated torch.Tensors: unwrap tensor subclasses (their .elem), make "
    "fake, meta or lazy tensors real, sparse ones dense (.to_dense()), every input slot a defined tensor."
)
CALL_PROGRAM_MODULE = (
    "Run an ExportedProgram through ep.module() (an nn.Module with the program's input checks), or "
    "compile it with torch._inductor.aoti_compile_and_package and call the loaded package; the program "
    "object itself is not callable."
)
PROGRAM_IS_NOT_A_MODULE = (
    "An ExportedProgram is not an nn.Module: it is frozen at the dtypes, devices and mode it was traced "
    "with. Apply .eval(), .half() or .to() to the eager model before torch.export and export again; for "
    "a runnable module of the program, call ep.module()."
)
ONE_PRECISION_API = (
    "Set float32 precision through one API only: the per-backend fp32_precision settings "
    "(torch.backends.fp32_precision, torch.backends.cuda.matmul.fp32_precision, ...), or the legacy "
    "allow_tf32 / set_float32_matmul_precision, never both in one process (libraries included)."
)
CAST_BEFORE_NUMPY = (
    "Cast the tensor to a dtype NumPy has (.float() for bfloat16 and float8) before .numpy() or "
    "np.asarray, or keep it in torch."
)
LOAD_OP_LIBRARY = (
    "Install and load the library that registers the op in every process that exports, compiles or loads "
    "the model: import its Python package (fbgemm_gpu, torch_scatter; for torch's quantized_decomposed "
    "ops, torch.ao.quantization.fx._decomposed) or torch.ops.load_library('<lib>.so') before the op is used."
)
WEIGHTS_DTYPE_AT_EXPORT = (
    "Check the weights' dtype as well as the inputs': an ExportedProgram shares the eager model's "
    "tensors, so model.half()/.bfloat16() or an assigned checkpoint of another dtype after torch.export "
    "changes the package's weights. Convert the model before export (and export with inputs of that "
    "dtype), or cast the inputs to the dtype the package was compiled for."
)
FLAT_CONFIG_KEYS = (
    "Pass compile configs as flat dotted keys: inductor_configs={'aot_inductor.package_constants_in_so': "
    "False, 'cpp.threads': 4}, not nested dicts of sections (flatten a YAML or JSON config first)."
)
FLAGS_AS_BOOLS = (
    "Convert flags read from the environment or a config file to bool before passing them "
    "(os.environ.get('X', '0') == '1'): a non-empty string like 'false' or '0' is not a bool."
)
EXPORT_UNWRAPPED_MODEL = (
    "Export the plain model, not its training wrapper: take ddp.module (or gather a full state dict "
    "from FSDP into an unwrapped model), put it in eval mode, and keep collectives (all_reduce, "
    "broadcast) and process-group calls out of the exported forward."
)
DENSE_INPUTS_FOR_INDUCTOR = (
    "Give the compiled model dense tensors: convert sparse inputs, buffers and constants with "
    ".to_dense() before export (or pass the indices and values as two dense tensors and rebuild the "
    "product with index_add/scatter inside forward); AOTInductor compiles strided tensors only."
)
PURE_HIGHER_ORDER_BODIES = (
    "Keep torch.cond / while_loop / scan bodies pure functions of their operands: no prints, "
    "logging, Python randomness or list appends, no writes to buffers, inputs or module attributes "
    "(return the new value as an output instead), no output that is an operand unchanged (return a "
    "clone), and no calls the tracer skips (torch.compiler.disable, autograd.grad)."
)
PROGRAM_STATE_AS_EXPORTED = (
    "Keep the program's state as export wrote it (every name in ep.graph_signature, parameters as "
    "nn.Parameter): load new weights into the module and export again, or swap them into the "
    "package at run time (load_constants / update_constant_buffer with the package's names)."
)
EDIT_THE_MODEL_NOT_THE_GRAPH = (
    "Change the model and export again instead of editing ep.graph: a pass that adds or removes an "
    "input or an output must also update ep.graph_signature and the call spec, which hand-written "
    "passes rarely do."
)
SAVE_PROGRAMS_WITH_THEIR_OWN_API = (
    "Save an ExportedProgram with torch.export.save / torch.export.load and a compiled model as an "
    "AOTI package (aoti_compile_and_package / aoti_load_package); torch.save and pickle do not carry "
    "program objects (keep only the state_dict in a training checkpoint)."
)
DECOMPOSITION_RULE_MATCHES_OP = (
    "Make each custom decomposition take the op's whole schema (every argument, defaults included: "
    "torch.ops.aten.<op>.default._schema) and return what the op returns (a tuple for ops with several "
    "outputs), written in traceable torch ops; to keep an op undecomposed, delete it from the table."
)
PREPARE_MODULE_AS_THE_UTILITY_EXPECTS = (
    "Bring the module into the state the preparation utility expects before calling it (eval() "
    "before fusing, a BatchNorm with running statistics, a pattern the fuser knows, pruning or a "
    "parametrization actually applied before removing it), or skip that step for this layer."
)
USE_PARAMETRIZATION_NORMS = (
    "Use the parametrization-based norms (torch.nn.utils.parametrizations.weight_norm / "
    "spectral_norm) throughout, training and export alike, and bake them in with "
    "torch.nn.utils.parametrize.remove_parametrizations before export; the hook-based "
    "torch.nn.utils.weight_norm / spectral_norm are legacy."
)
REMOVE_TRAINING_HOOKS = (
    "Remove training-time hooks before export (the handle's .remove(), or export a fresh module "
    "built for inference): export traces forward only, and module-level backward hooks are refused."
)

TRACE_TIME_VALUES_ARE_CONSTANTS = (
    "Export runs the model's Python once, while tracing: a value read there (random.random, "
    "numpy's RNG, time, a module attribute or a global changed later, a Python counter) becomes a "
    "constant of the package. Pass what changes per call as an input tensor, keep state in a "
    "registered buffer updated with in-place torch ops, and draw randomness with torch ops."
)
FIND_THE_UNTRACED_OP = (
    "Find the operation export could not trace (the lifted constant the message names is its "
    "output): most often a gradient taken in forward (torch.autograd.grad, .backward(), "
    "torch.autograd.functional) or a parameter read or written through .data. Use the parameter "
    "itself (or .detach()) instead of .data, and take gradients outside the exported forward."
)
NO_GRADIENTS_IN_EXPORTED_FORWARD = (
    "Take no gradient inside the exported forward (torch.autograd.grad, .backward(), "
    "torch.autograd.functional, torch.func.grad/jacrev/vjp): export traces an inference graph. "
    "Export the function whose gradient you need and differentiate outside the package, or write the "
    "derivative out with ordinary ops in forward (analytic forces)."
)
OP_CHECKED_INPUT_VALUES = (
    "An op inside the package checked the values it was given, which come from your inputs: give "
    "what the op accepts (embedding-bag offsets that start at 0 and stay within the ids sent, "
    "non-negative counts and repeats, ids inside the table, auxiliary inputs in the dtype of the "
    "example, a matrix the op can factor). AOTI_RUNTIME_CHECK_INPUTS=1 checks shapes and dtypes, "
    "never values: validate values before the call."
)
OUTPUT_STRUCTURE_NOT_REBUILT = (
    "The compiled model ran; rebuilding its outputs from the output structure stored in the package "
    "failed. Either the run returned more tensors than the structure holds (a forward that updates "
    "its own parameters in place, such as clamp_ or renormalising a weight, or Embedding(max_norm=...), "
    "returns them as extra outputs: keep such updates out of forward), or the structure does not "
    "round-trip (tuple dict keys are stored as lists: return a tensor, tuples or lists of tensors, "
    "or dicts with str keys)."
)
STORE_CALL_STRUCTURE = (
    "The package stores the structure of the inputs and outputs as JSON, and this structure holds "
    "something it cannot write. Use tensors in tuples, lists and dicts with str (or int) keys; give a "
    "class registered with pytree a serialized_type_name (or torch.export.register_dataclass); "
    "flatten other structures in a wrapper module before export."
)
RETURN_PYTREE_CONTAINERS = (
    "Export met a Python object it cannot flatten in the model's inputs or outputs. Return and take "
    "tensors (and ints, floats, bools) in tuples, lists and dicts; keep other objects (devices, "
    "dtypes, slices, sets, plain classes) out of forward's signature, or register a class that holds "
    "tensors (torch.export.register_dataclass, or pytree.register_pytree_node with a "
    "serialized_type_name)."
)
TRITON_MATCHING_TORCH = (
    "torch (or a package beside it) imports a name or module this triton does not have: the "
    "installed triton is not the release this torch was built with (upgraded on its own, pinned by "
    "another package, or a fork such as triton-windows of another release). Install the triton "
    "torch requires (`pip show torch` lists it; reinstalling torch pulls it), or the torch that "
    "matches this triton."
)
DIM_BOUNDS_ARE_INTS = (
    "Give each Dim integer bounds: a min or max computed with `/`, read from numpy (a percentile, "
    "np.float64) or from a JSON config is a float, and export cannot intersect a float range with an "
    "input size's integer range. Wrap it in int() or compute it with `//` "
    "(`Dim('hours', min=24, max=int(days * 24))`)."
)
DIM_ARITHMETIC = (
    "A Dim can only be derived by an increasing linear expression (a*d + b with an integer a >= 1). "
    "Make the smaller size the Dim and derive the larger one from it (`half = Dim('half'); t = 2 * "
    "half`), or declare each size as its own Dim and state their relation in forward with "
    "torch._check."
)
PACKAGE_TO_PACKAGE_LOADER = (
    "A .pt2 package is a zip archive, not a shared library: open it with "
    "torch._inductor.aoti_load_package (Python) or torch::inductor::AOTIModelPackageLoader (C++). "
    "The legacy loaders (torch._export.aot_load, AOTIModelContainerRunnerCpu/Cuda) take only the "
    ".so that torch._export.aot_compile wrote."
)
SERIALIZER_HAS_NO_FORM = (
    "The export serializer (torch.export.save, and the program AOTI stores) has no written form for "
    "a value in the graph, named last in the error (a dtype such as bits8 or packed fp4, an argument "
    "type). Keep that value out of the saved graph (convert to a dtype the serializer lists, or hide "
    "the step in a custom op), or use a torch release whose serializer has it."
)
PACKAGE_ARGUMENT_KIND = (
    "Pass the package as its path (a str or os.PathLike) or as a binary file object (open(path, 'rb'), "
    "or io.BytesIO for bytes held in memory). The error names the type that was passed: take the path "
    "out of the record, tuple or list that holds it."
)
FX_SYMBOLIC_TRACE_LIMITS = (
    "torch.fx.symbolic_trace runs forward on placeholders, so Python that needs an input's value, "
    "rank or length (if, for, len, int on a tensor) stops it. Capture the model with "
    "torch.export.export instead (it traces with real shapes and guards), pass such values through "
    "concrete_args, or keep that code out of the trace (torch.fx.wrap, a leaf module)."
)
MODULE_ATTRIBUTE_IN_FORWARD = (
    "forward assigns a module attribute (self.x = ...), which export does not trace. Compute the "
    "value once outside forward (in __init__, or a device move before export), keep state that must "
    "change as a registered buffer updated in place, or return the new value as an output."
)
CLONE_BEFORE_INPLACE = (
    "export's functionalization froze the storage of a tensor produced by a conversion or dropout "
    "and refused the in-place write into it that follows (masked_fill_, mul_, an inplace ReLU, "
    "x[mask] = v). Clone the tensor first (y = y.clone()) or write the op out of place; newer torch "
    "releases accept more of these writes after .to()."
)
REGISTER_MUTATED_STATE_AS_BUFFER = (
    "forward writes in place into a tensor that is not a registered buffer (a plain attribute, a "
    "global, a tensor held in a dict or list), so export lifted it as a constant. Register it with "
    "self.register_buffer(name, tensor) and update the buffer, or return the new value as an output."
)
PERMUTE_TO_EXPORTED_LAYOUT = (
    "The input's sizes are the compiled ones in another order: the caller builds the tensor in "
    "another layout than the example export saw (channels-first for channels-last, time-major for "
    "batch-major, points-last for points-first). Permute it to the exported order "
    "(x.permute(...).contiguous(), the order the evidence names), or export with the layout the "
    "caller sends."
)
KERNEL_FOR_EVERY_OP_IN_THE_RUNTIME = (
    "The runtime that runs the program has no kernel registered for an op in it. If the op is a "
    "basic one (add, view), the runner was built without its kernel library: link the ops library "
    "whole (-Wl,--whole-archive) or list the op in the selective build. Otherwise its kernel library "
    "has no kernel for the op: decompose or rewrite it before lowering, delegate it to a backend "
    "that has it, or register a kernel; export's success does not check this."
)
NUMBER_AS_PYTHON_ATTRIBUTE = (
    "forward reads a Python number from a tensor that is a constant of the program (a registered "
    "buffer's .item() or int()), which Inductor's lowering cannot take. Keep such a count or offset "
    "a plain Python int attribute (it is then baked into the package), or pass it as an input if "
    "it must change per call; a newer torch may lower it."
)
INPUTS_AGREE_WITH_EACH_OTHER = (
    "Two inputs whose sizes the program ties together (one dynamic dim shared by both, or one "
    "derived from the other, as export declared it) were passed with sizes that disagree. Pass them "
    "as they were at export (the same batch for every batched input, the derived size as declared); "
    "if they really vary apart, give each its own Dim and export again."
)
GUARD_HOLDS_OVER_RANGE = (
    "Every guard in this constraint violation holds for each value of the range you declared (it "
    "was checked value by value), so the range itself is not wrong. Either take export's suggested "
    "dynamic_shapes (a derived Dim: the relation it inferred from the code, such as a parity), or "
    "state the fact before the op with torch._check(...) so export can prove it; if neither "
    "applies, it is export's reasoning: try a newer torch or report it."
)
CPU_TENSOR_IN_A_GPU_GRAPH = (
    "Move the CPU tensor the log names (argN is the Nth graph input; the frame under 'Found from' "
    "is where it is made or used) to the GPU: create it with device=x.device, register it as a "
    "buffer and move the module, or pass it on the GPU; a Python scalar instead of a 0-d CPU "
    "tensor also keeps the graph on one device."
)
ONE_DEVICE_FOR_THE_PROGRAM = (
    "One op met tensors on two devices. Put the whole program on one device before export (weights, "
    "buffers, and tensors made in forward with device=x.device, not a fixed device or 'meta'), "
    "compile for the device it will run on, and pass inputs on that device; code compiled for one "
    "GPU index serves that index only."
)
BACKWARD_ONCE_OR_NO_DONATION = (
    "The compiled backward reuses (donates) buffers, so it can run only once per forward and cannot "
    "be differentiated again. Keep backward(create_graph=False, retain_graph=False), or set "
    "torch._functorch.config.donated_buffer = False before compiling where a second backward or a "
    "higher-order gradient is needed (double backward, force training, phantom gradients)."
)
RECOMPILE_ON_GUARD = (
    "Run with TORCH_LOGS=\"recompiles\" to print each guard that failed; a size guard means a "
    "dimension was compiled as a constant: mark it dynamic (torch._dynamo.mark_dynamic(x, dim), or a "
    "Dim in export) so one graph serves every size, rather than raising the recompile limit."
)
ONE_THREAD_FOR_THE_MESSAGE = (
    "A check in a generated CPU kernel threw inside its parallel (OpenMP) threads, and the process "
    "ended before it printed the message. Rerun once with OMP_NUM_THREADS=1: the check then throws "
    "from one thread and prints what failed (a generated kernel's check is its index bounds check: "
    "`index out of bounds: 0 <= tmpN < BOUND` names the table size). Then validate the ids, "
    "positions or class values that index a table."
)
# every hint above, by name (the meta-test checks each pattern's fixes are among them)
ALL: dict[str, str] = {k: v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str)}
