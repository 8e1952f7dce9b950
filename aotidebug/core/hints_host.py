"""Named fix texts about the host a model is compiled or run on: compilers and toolkits, drivers and
GPUs, triton and Python builds, the torch install's own import order, paths and the compile caches,
and the files handed over (another kind of archive than a package). Re-exported by `hints`, which
patterns and rules refer to."""

from __future__ import annotations

INSTALL_TOOLCHAIN = (
    "Install or point to a working C++ toolchain and headers (gcc/g++ or clang, OpenMP, CUDA "
    "toolkit/nvcc for GPU packages); set CXX or the inductor cpp.cxx config if the wrong one is found."
)
FEWER_THREADS_OR_HIGHER_LIMITS = (
    "Start fewer or smaller threads, or allow more: lower OMP_NUM_THREADS / torch.set_num_threads and "
    "OMP_STACKSIZE to what the host or container allows (its CPU quota, not the machine's core count), "
    "or raise the worker's limits (ulimit -u for processes, ulimit -v / RLIMIT_AS for address space)."
)
BUILD_WITHOUT_SANITIZER = (
    "Build the package without sanitizer flags (check CXX/CFLAGS and compiler wrappers for "
    "-fsanitize=...), or run the sanitized package only in a process that preloads the sanitizer's "
    "runtime (LD_PRELOAD=$(g++ -print-file-name=libasan.so) python ...)."
)
MATCH_TOOL_VERSIONS = (
    "Use build tools of the versions the build asks for: the compiler, nvcc's supported host compiler "
    "and cmake named in the message (a newer or older one on PATH, CXX / CUDAHOSTCXX / cpp.cxx pointing "
    "at it), or a torch build whose requirements match this machine's tools."
)
PATH_WITHOUT_SPACES = (
    "Inductor assembled the compiler's command without quoting a path, so a folder name with a space, "
    "a quote or a backslash came apart or lost a character. Until a torch release quotes it, keep "
    "those folders free of spaces, quotes and backslashes: TMPDIR, TORCHINDUCTOR_CACHE_DIR, the Python "
    "and torch install, the user's home and temp folders (on Windows, a Python outside 'Program "
    "Files'). If the paths are plain, check that nothing removed the cache folder during the build."
)
TOOLKIT_FOR_THIS_GPU = (
    "The CUDA assembler or compiler in use (ptxas bundled with triton, or the CUDA toolkit's nvcc) does "
    "not know this GPU's architecture, or no longer builds the one requested. Use one that does: a "
    "triton release that targets this GPU, a CUDA toolkit new enough for it (point TRITON_PTXAS_PATH at "
    "its ptxas), or drop the architecture from the list being built (TORCH_CUDA_ARCH_LIST)."
)
LIBRARY_FOR_THIS_TORCH = (
    "A package installed beside torch (the one in the innermost frame) was written for another torch "
    "release (or another release of a package it works with) and uses a name or an attribute this "
    "one does not have. Install the release of that package that supports the torch and packages "
    "here (its requirements name them), or the releases it asks for."
)
TRITON_FOR_THE_BACKEND = (
    "This backend generates Triton kernels (Inductor on a GPU, or cpu_backend='triton' on the CPU), "
    "and no triton is importable. Install the triton release this torch was built with (`pip show "
    "torch` lists it; on Windows a triton-windows build of that release), or use a backend that "
    "does not need it: the C++ backend on the CPU (cpu_backend='cpp', the default), or compile "
    "without Inductor's GPU path."
)
PYTHON_FOR_THIS_TORCH = (
    "This torch release's torch.compile (and export's tracer with it) refuses the running Python. "
    "Use a Python it supports (the release notes list them; an older Python in a fresh "
    "environment), or a newer torch whose compiler supports this Python."
)
DTYPE_FOR_THIS_GPU = (
    "The generated kernels use a dtype this GPU's architecture does not have (bfloat16 needs sm_80 "
    "or newer; fp8 e4m3 needs sm_89 or newer). Compile in a dtype the GPU has (float16 or float32: "
    "convert the model before export), or run on a newer GPU; torch.cuda.get_device_capability() "
    "tells which it is."
)
TRITON_FOR_THIS_CUDA = (
    "The installed triton is older than the CUDA toolkit it finds and cannot read its version. "
    "Install the triton release this torch was built with and a toolkit it supports (pip show "
    "torch lists triton; on Windows a triton-windows release built for this CUDA), or point it at "
    "an older toolkit (TRITON_PTXAS_PATH, CUDA_HOME)."
)
WINDOWS_PATH_LIMIT = (
    "On Windows a path is limited to 260 characters unless long paths are enabled, and the kernel "
    "cache nests hashed folders and Inductor's descriptive kernel names: a file just written cannot "
    "be reopened. Enable long paths (LongPathsEnabled=1), or set TORCHINDUCTOR_CACHE_DIR and "
    "TRITON_CACHE_DIR to a short folder (C:\\tc); a torch release that shortens kernel names on "
    "Windows avoids it."
)
CACHE_FOLDER_PER_PROCESS = (
    "A file in the compile cache does not parse. Give each process (each rank, each CI job) its own "
    "TORCHINDUCTOR_CACHE_DIR and TRITON_CACHE_DIR, or keep a shared one on a local disk that no job "
    "wipes while another compiles; remove the cache folder once to clear the damaged file "
    "(config.autotune_local_cache=False skips the autotune cache). A torch release that writes its "
    "caches atomically and reads a damaged entry as a miss avoids it."
)
CACHE_CHANGED_UNDERNEATH = (
    "Another process changed this compile cache while this one wrote or read it: a rank, test worker "
    "or job that clears the same folder, or a cleaner of /tmp. Give each process its own "
    "TORCHINDUCTOR_CACHE_DIR and TRITON_CACHE_DIR (suffixed by rank or worker id), and clear a "
    "shared cache only while nothing compiles; later torch releases write and clear these caches "
    "more carefully."
)
COMPILE_PATH_PACKAGE_MISSING = (
    "Install the missing package into this environment (pip install setuptools, jinja2 or packaging, "
    "as the error names). torch's compile path imports it: the C++ build through "
    "torch.utils.cpp_extension imports setuptools, the GEMM templates jinja2. Some torch releases "
    "required setuptools only on Python 3.12 and newer (2.9 and 2.10 did), and an install with "
    "--no-deps or a pruned image leaves such packages out."
)
SET_CACHE_DIRS_EXPLICITLY = (
    "The compile stack names its cache folders after HOME and the user name, and this process has "
    "neither (a service manager or CI runner without HOME, a container uid with no /etc/passwd "
    "entry). Set HOME, or set TORCHINDUCTOR_CACHE_DIR and TRITON_CACHE_DIR to writable folders; "
    "in a container, create the user or run with one that exists."
)
KERNEL_CONFIG_FITS_THIS_GPU = (
    "A kernel asks for more per-block resources (shared memory, registers, threads) than this GPU "
    "has. That is not device memory: a smaller batch does not help. Use a kernel configuration made "
    "for this GPU (smaller block sizes or num_stages for Triton, launch bounds for CUDA C++); compile "
    "an AOTI package on the GPU model it will serve; where Inductor chose the configuration (an "
    "autotuned or template kernel), report it with the GPU's name."
)
DRIVER_TOO_OLD_OR_NOT_VISIBLE = (
    "The CUDA runtime found no driver it can use. Either the NVIDIA driver is older than the CUDA "
    "this torch was built with (update the driver, or install a torch built for an older CUDA), or "
    "no driver or GPU is visible to this process: a container started without GPU access (--gpus), "
    "an image build step, a CPU-only build host. Run `nvidia-smi` in the same container or host: if it "
    "fails, give the process a GPU or keep the code from touching CUDA there."
)
USE_A_VISIBLE_GPU_INDEX = (
    "The process asked for a GPU index it cannot see. CUDA_VISIBLE_DEVICES (set by you, a launcher or "
    "a scheduler per worker) renumbers the visible GPUs from 0, so cuda:1 does not exist where one GPU "
    "is visible. Use an index inside torch.cuda.device_count() of this process (cuda:0, or LOCAL_RANK "
    "within the visible set); a compiled artifact or package fixed to cuda:N serves that index only, "
    "so compile or load it for the index this process owns."
)
COMPILE_WHERE_IT_RUNS = (
    "This torch release's torch.compile refuses this operating system. Use a torch release and setup "
    "where torch.compile runs on it, run under WSL2 or Linux, or run the model without compiling "
    "(make the compile step optional)."
)
TRITON_NEEDS_A_C_COMPILER = (
    "Triton builds a small C launcher for its kernels and found no C compiler. Install one where the "
    "process runs (gcc or clang; build-essential in a container image; MSVC Build Tools with "
    "triton-windows on Windows) or point CC at its executable, not at a folder."
)
DRIVER_FOR_THIS_TRITON = (
    "The GPU driver's compiler (IGC/ocloc on Intel GPUs) builds every Triton kernel: install the driver "
    "release the installed Triton (pytorch-triton-xpu) is tested with, or the Triton that matches the "
    "driver; if they match, TORCH_COMPILE_DEBUG=1 keeps the kernel to report."
)
SOURCE_TREE_WITH_ITS_BUILD_FILES = (
    "CMake was pointed at a folder without a CMakeLists.txt. For a subproject (add_subdirectory), its "
    "sources were not fetched: `git submodule update --init --recursive` (or clone with --recursive; "
    "a source archive or package may leave them out). For the top level, run "
    "`cmake -S <folder holding CMakeLists.txt> -B build` instead of `cmake ..` from another folder."
)
FIND_WHERE_A_CALL_HANGS = (
    "Measure whether the call is slow or stuck: time one call with the same inputs in a process of "
    "its own with a generous deadline (`safe_load(path, isolate=True, timeout=600)`), and compare "
    "the inputs' sizes with the package's compiled ranges (`aotidebug inspect PKG`: a dynamic size "
    "far past the ones it was compiled and tuned for makes a call slow, not wrong). While it hangs, "
    "`py-spy dump --pid PID` or `gdb -p PID -batch -ex 'thread apply all bt'` shows the kernel or "
    "lock it waits in."
)
NAME_A_WORKERS_DEATH = (
    "A process pool, a notebook or a model server does not say how the process that ran the model "
    "died. Measure it outside: "
    "`aotidebug.diagnose(exc, inputs=inputs, package=path)` reads the inputs the worker was given "
    "against the package, without running them; `aotidebug.safe_load(path, isolate=True)(*inputs)` "
    "runs one call in a process of its own and names its signal (a segfault or an abort is a crash "
    "of the call; SIGKILL is most often the out-of-memory killer: compare the worker's memory limit "
    "with the package's size)."
)
CHECK_THE_FILE_GIVEN = (
    "Check the path of the file given to the command (the log, the inputs or the source file): it "
    "must be a readable file; `-` reads the log from standard input. No failure was read yet."
)
INPUTS_FILE_OF_TENSORS = (
    "Save the inputs with torch.save: a tensor, a tuple, list or dict of tensors, or {'args': ..., "
    "'kwargs': ...}, e.g. torch.save((x, mask), 'in.pt'). aotidebug loads the file with "
    "weights_only=True, so nothing in it runs; do not switch that off for a file you did not write."
)
COMPILE_THE_EXPORTED_PROGRAM = (
    "This archive holds an exported program (torch.export.save), not compiled code. Compile it once "
    "and load what that writes: `aoti_compile_and_package(torch.export.load(path), "
    "package_path='model_aoti.pt2')`, then `aoti_load_package('model_aoti.pt2')`; or run it "
    "uncompiled with `torch.export.load(path).module()`."
)
EXPORT_SAVE_LOAD_TAKE = (
    "torch.export.save takes the ExportedProgram that torch.export.export returned (not the module, "
    "nor a compiled or loaded model), and torch.export.load reads a file torch.export.save wrote, "
    "whose program is named 'model'. An archive of several programs or of other files opens with "
    "torch.export.pt2_archive._package.load_pt2; an AOTI package with aoti_load_package."
)
PT2_ARCHIVE_API_CONTRACT = (
    "The .pt2 archive code asserted a requirement on what it was handed: package files (a list of "
    "existing paths, or a dict of model name to such a list), at least one thing to write, and, when "
    "reading, an archive it wrote itself. Package with aoti_compile_and_package(..., package_path=...) "
    "rather than by hand, and never edit a .pt2's members: rebuild it."
)
EXPORT_AND_COMPILE_THE_MODULE = (
    "This file holds a model's weights or a whole module saved by torch.save (or a TorchScript "
    "module from torch.jit.save), not an AOTI package. Load the model in Python, then "
    "`ep = torch.export.export(model, example_inputs)` and "
    "`aoti_compile_and_package(ep, package_path='model.pt2')`, and load that .pt2."
)
IMPORT_THE_SUBMODULE_FIRST = (
    "torch's own code reached one of its submodules (the module and name in the AttributeError) "
    "before anything imported it: import that submodule yourself before the call (for example "
    "`import torch._inductor.codecache` before aoti_load_package on torch 2.10.0, in a process that "
    "compiled nothing), or upgrade torch (2.11 imports that one there itself)."
)
NOEXEC_CACHE_FOLDER = (
    "The folder the compiled library was written to is on a filesystem mounted noexec (Docker's "
    "default for tmpfs /tmp), so it cannot be mapped as code: set TORCHINDUCTOR_CACHE_DIR (and "
    "TMPDIR for the loader's extraction) to a folder on an exec mount, or remount it with exec."
)
BUILD_MEMORY = (
    "The C++ build needs more memory than this host or container gives it: large generated sources and "
    "torch's headers take gigabytes per compiler process. Compile with fewer parallel jobs "
    "(TORCHINDUCTOR_COMPILE_THREADS=1), on a host with more memory or swap, or raise the container's "
    "memory cap; `dmesg` or the container's events show whether the out-of-memory killer stopped it."
)
BUILD_DISK_SPACE = (
    "The build could not write its files: free space or raise the quota where TORCHINDUCTOR_CACHE_DIR "
    "and TMPDIR point (the compiler writes its temporary files to TMPDIR, the objects and the library "
    "to the cache folder), point them at a writable folder with room, or raise the file-size limit "
    "(`ulimit -f`) where a job sets one."
)
PROGRAM_LIBRARY_PATH = (
    "The program could not start: the dynamic loader did not find a library it was linked against. "
    "Link it with the folder on its run path (-Wl,-rpath,<torch>/lib; CMake's target_link_libraries "
    "with ${TORCH_LIBRARIES} sets it), or start it with LD_LIBRARY_PATH including that folder; "
    "`ldd ./program | grep 'not found'` lists what is missing."
)
ONE_TORCH_INSTALL = (
    "`import torch` failed inside torch: its Python files and the libraries they load come from "
    "different installs. Look for a second torch on the path (`python -c 'import torch; "
    "print(torch.__file__)'` without the service's environment), unset LD_LIBRARY_PATH, LD_PRELOAD "
    "and PYTHONPATH entries that reach another torch's folders, and reinstall torch in a clean "
    "environment (`pip uninstall -y torch` until none is left, then install one)."
)
