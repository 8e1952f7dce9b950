"""Routing-table entries 8xx-9xx: what a run produced or lacked (memory, numbers, the API
generation that made it) and torch's own defects. Data only; see patterns.py for how entries are
written."""

from __future__ import annotations

from .. import hints as H
from ..categories import Category as C
from .pattern import GPU, TORCH_C_GPU_BINDING, Pattern

__all__ = ["OUTCOME_PATTERNS"]

OUTCOME_PATTERNS: tuple[Pattern, ...] = (
    # -- 8xx memory, numerics, API generations ---------------------------------------------------
    Pattern("AOTD801", "out-of-memory", C.OUT_OF_MEMORY,
            "Out of memory",
            (r"(?:CUDA|HIP|XPU|MPS) (?:error: )?out of memory", r"OutOfMemoryError(?!: out of resource)", r"std::bad_alloc",
             r"Cannot allocate memory", r"Tried to allocate [\d.]+ [GMK]i?B", r"CUBLAS_STATUS_ALLOC_FAILED",
             r"hipErrorOutOfMemory", r"cudaErrorMemoryAllocation", r"\bMemoryError\b"),
            0.8, (H.REDUCE_MEMORY,)),
    # a kernel's launch needs more per-block resources than the GPU has (Triton's OutOfResources:
    # shared memory, registers, threads; CUDA's launch-out-of-resources, error 701): a config made
    # for a bigger GPU, or one no GPU of this kind fits. Not device memory. Whose config it is (the
    # user's kernel, a library's, Inductor's template, a package built on another GPU) the words do
    # not say, so it stays under 0.6
    Pattern("AOTD819", "kernel-exceeds-per-block-limits", C.UNSUPPORTED,
            "A kernel's launch needs more shared memory, registers or threads per block than this GPU has",
            (r"\bout of resources?: (?:shared memory|registers|threads|\S+\s+Required: \d+,?\s+Hardware limit)",
             r"\bOutOfResources\b", r"too many resources requested for launch",
             r"(?:CUDA_)?ERROR_LAUNCH_OUT_OF_RESOURCES", r"\b(?:cuda|hip)ErrorLaunchOutOfResources\b"),
            0.55, (H.KERNEL_CONFIG_FITS_THIS_GPU,)),
    # the CPU kernels' OpenMP pool could not start its threads (EAGAIN): a thread count, a thread
    # stack size or an address-space / process limit larger than the host or container allows
    Pattern("AOTD817", "thread-pool-start-failed", C.OUT_OF_MEMORY,
            "The OpenMP thread pool could not create its threads (a thread, stack or memory limit)",
            (r"libgomp: Thread creation failed", r"OMP: Error #\d+: Unable to create (?:worker )?thread",
             r"OMP: System error #11: Resource temporarily unavailable"),
            0.62, (H.FEWER_THREADS_OR_HIGHER_LIMITS, H.CHECK_MEMORY_LIMIT)),
    # dlopen could not map the library's segments: the address space or memory limit is reached
    # (ulimit -v, a container cap). With ": Operation not permitted" it is a noexec mount instead.
    Pattern("AOTD809", "shared-object-map-failed", C.OUT_OF_MEMORY,
            "The compiled library could not be mapped into memory (an address-space or memory limit)",
            (r"failed to map segment from shared object(?!: Operation not permitted)",),
            0.6, (H.CHECK_MEMORY_LIMIT, H.REDUCE_MEMORY)),
    # a GPU library that could not get the memory it works in: cuBLAS creating its handle (its
    # workspace) and cuDNN finding no algorithm whose workspace fits, as torch reports them;
    # other causes (a broken CUDA setup, an unsupported shape) are rarer, so below 0.6
    Pattern("AOTD821", "gpu-library-workspace-unavailable", C.OUT_OF_MEMORY,
            "A GPU library could not get the memory it works in (cuBLAS's handle, cuDNN's workspace)",
            (r"CUBLAS_STATUS_NOT_INITIALIZED", r"Unable to find a valid cuDNN algorithm to run convolution"),
            0.55, (H.REDUCE_MEMORY, H.CHECK_MEMORY_LIMIT)),
    # the C++ build itself ran out of memory, in its tools' own words: gcc's allocator ("out of
    # memory allocating 262144 bytes after a total of ...", "virtual memory exhausted") and the
    # linker's BFD ("error adding symbols: memory exhausted"). The fix is the build's memory, not
    # the model's, so it outranks the general reading (AOTD801)
    Pattern("AOTD823", "build-out-of-memory", C.OUT_OF_MEMORY,
            "The C++ compiler or linker ran out of memory while building the package",
            (r"\bout of memory allocating \d+ bytes", r"\bvirtual memory exhausted\b",
             r"(?:error adding symbols|\bld\b[^\n]*|\bcollect2\b[^\n]*): memory exhausted"),
            0.82, (H.BUILD_MEMORY,)),
    # the compiler or linker killed by SIGKILL (gcc: "Killed signal terminated program cc1plus";
    # collect2: "ld terminated with signal 9 [Killed]"): the kernel's out-of-memory killer most
    # often, a hard CPU-time limit or a job's own kill otherwise. The words do not say which, so it
    # stays under the toolchain's reading of a failed build (AOTD507): a candidate, not the verdict
    Pattern("AOTD822", "build-process-killed", C.OUT_OF_MEMORY,
            "The C++ compiler or linker was killed (SIGKILL): most often by the out-of-memory killer",
            (r"\bKilled signal terminated program \w+", r"\bterminated with signal 9 \[Killed\]"),
            0.5, (H.BUILD_MEMORY,)),
    Pattern("AOTD804", "memory-prose", C.OUT_OF_MEMORY,
            "Memory use is higher than expected",
            (r"\bOOM(?:s|ed|-killed)?\b",
             r"\b(?:uses?|using|consum\w+|takes?|allocat\w+|needs?|requires?) (?:a lot of|lots of|too much|huge|excessive|(?:twice|double|\d+x) (?:the|as much)|double|extra|more) (?:\w+ )?memory\b",
             r"\bmemory (?:jump|spike|blow-?up|usage (?:increase|grow|doubl|jump))",
             r"\b(?:increase|growth|rise|spike|jump|blow-?up)s? in (?:\w+ ){0,2}memory\b",
             r"\bhigher (?:peak |gpu |device |host )?memory (?:usage|footprint|use)\b",
             r"\bout of (?:GPU |device |host )?memory\b"),
            0.64, (H.REDUCE_MEMORY,)),
    Pattern("AOTD802", "nan-inf", C.NUMERICAL,
            "Non-finite values (NaN/Inf)",
            (r"At least one (?:NaN|INF) in \w+",
             # "NaN in ...", "NaN detected", "NaN values", and "NaN" naming what holds it ("NaN
             # logits for requests [0, 1]", "NaN scores for items")
             r"\bNaNs? (?:in|detected|values?|logits|outputs?|results?|predictions?|scores?|probabilities|"
             r"loss(?:es)?|embeddings?|features?|rows?|elements?|entries)\b",
             r"assert not .*isnan",
             # the same values named as people's checks name them ("non-finite forces for 2 atoms")
             r"\bnon-?finite\b",
             # ... or as holding them ("logits contain NaN for patch ...", "features contain inf/nan")
             r"\bcontain(?:s|ed|ing)? (?:(?:any|some|only|\d+) )?(?:inf ?(?:/|or|and) ?)?NaNs?\b",
             r"\btensor contains (?:either )?`?inf`?, `?nan`?",  # an op's own finiteness check (multinomial)
             # a printed tensor (a user's assert message) that holds inf or nan elements
             r"\btensor\(\[[^)]{0,4000}?(?<![\w.])-?(?:inf|nan)(?=[,\]\s])"),
            0.7, (H.COMPARE_WITH_EAGER, H.BISECT_KERNELS), ("TORCHINDUCTOR_NAN_ASSERTS",)),
    Pattern("AOTD805", "wrong-result-prose", C.NUMERICAL,
            "The compiled model returns different numbers than eager",
            (r"\b(?:different|differing|wrong|incorrect|inconsistent|mismatch(?:ed|ing)?|garbage|corrupt(?:ed)?|bogus) (?:\w+ )?(?:results?|outputs?|values|numbers|predictions|answers?|execution)\b",
             r"\b(?:differs?|diverg\w*|deviat\w*|different) (?:\w+ ){0,3}(?:from|than|vs\.?|to) (?:the )?eager\b",
             r"\b(?:outputs?|results?) mismatch(?:es)?\b",
             # "numerical error / discrepancy / divergence / mismatch" (not "numerical stability" advice)
             r"\bnumeric(?:al)? (?:errors?|issues?|problems?|mismatch(?:es)?|discrepanc(?:y|ies)|differences?|divergences?|inaccurac(?:y|ies))\b",
             # "discrepancy between eager and X", "inconsistent with eager", "inconsistency ... using eager"
             r"\b(?:discrepanc(?:y|ies)|inconsisten(?:cy|cies|t)) (?:\w+ ){0,3}?(?:between|using|with|vs\.?) (?:\w+ ){0,3}?eager\b",
             r"\baccuracy (?:regression|drop|issue|problem|mismatch|failure|loss)",
             # an accuracy (correctness) check or test that failed: a benchmark harness's or a suite's
             r"\baccuracy (?:tests?|checks?) (?:\w+ )?fail\w*|\bfail\w* (?:in |the |an? |its )?(?:[\w'’]+ )?(?:accuracy|correctness) (?:tests?|checks?)\b",
             r"\b(?:qualit\w+|quality) regression",
             r"\b(?:this|that|it|output|result|out) is (?:silently )?(?:wrong|incorrect)\b",
             # a call returning a wrong value, and "silent incorrectness" (torch's own label for it)
             r"\b(?:returns?|returned|returning|gives?|gave|produces?|produced|yields?) (?:an? )?(?:wrong|incorrect|"
             r"inconsistent|different|bogus) values?\b",
             r"\bsilent incorrectness\b|\b(?:is|are|was|were|be) silently (?:incorrect|wrong)\b",
             # the output's quality fell (not its speed: "performance degradation" is not read)
             r"\b(?:quality|outputs?|results?|accuracy|predictions?) (?:\w+ ){0,2}?(?:is |are |was |were |gets? |got )?(?:degrad\w*|deteriorat\w*)"
             r"|\bdegraded (?:\w+ )?(?:outputs?|results?|quality|accuracy|predictions?)\b"
             r"|\b(?:loss|drop) (?:in|of) (?:\w+ )?(?:quality|accuracy)\b|\breduced (?:the )?(?:\w+ )?(?:quality|accuracy)\b"),
            0.56, (H.COMPARE_WITH_EAGER, H.BISECT_KERNELS)),
    Pattern("AOTD806", "tensors-not-close", C.NUMERICAL,
            "An accuracy check against a reference failed",
            (r"Tensor-likes are not (?:close|equal)", r"Mismatched elements: \d+ / \d+",
             r"Greatest absolute difference", r"\ballclose\b[^\n]{0,40}\bFalse\b",
             # a comparison outside its tolerance, in the words of numpy's assert_allclose, of torch's
             # own checks (dynamo's same(), AOTI's compile with check_accuracy) and of people
             r"\b(?:above|exceed\w*|over|beyond|outside|violat\w*|not within) (?:the |its |an? |our )?"
             r"(?:(?:acceptable|configured|allowed|specified|given|expected|default|required|numerical) )?"
             r"(?:tol|tolerances?)\b",
             r"\bNot equal to tolerance\b", r"\bAccuracy failed\b", r"\bBad accuracy detected\b"),
            # the symptom is certain, its cause is not: AOTI also returns wrong numbers silently for
            # an input or a weight in another layout (AOTS157/AOTS158 name those candidates). Measured
            # on the 58 blind rows it decides: numerical on 20, the input on 24, the weights on 10,
            # so its confidence is about that of a coin flip between its three readings
            0.5, (H.COMPARE_WITH_EAGER, H.BISECT_KERNELS)),
    Pattern("AOTD803", "legacy-aot-api", C.DEPRECATED_API,
            "Legacy aot_compile/aot_load API",
            (r"torch\._export\.aot_compile\(\)/torch\._export\.aot_load\(\) is being deprecated",
             r"You no longer need to specify args/kwargs to aoti_compile_and_package",
             r"instead of setting the aot_inductor\.output_path config",
             r"module 'torch\._export' has no attribute 'aot_(?:compile|load)'"),
            0.78, (H.MIGRATE_TO_PACKAGE_API,)),
    Pattern("AOTD807", "legacy-api-misuse", C.DEPRECATED_API,
            "The legacy aot_compile entry point rejected its input",
            (r"in compile_fx_aot\s*\n\s*assert\b", r"assert isinstance\(model_, GraphModule\)"),
            0.72, (H.MIGRATE_TO_PACKAGE_API,)),
    # the legacy aot_load returns a bare function; the package API's model has these methods
    Pattern("AOTD810", "legacy-runner-lacks-package-method", C.DEPRECATED_API,
            "A method of the package API's model was called on what the legacy aot_load returned",
            (r"'function' object has no attribute '(?:load_constants|get_constant_fqns|get_metadata"
             r"|update_constant_buffer|update_user_managed_constant_buffer|swap_constant_buffer)'",),
            0.72, (H.MIGRATE_TO_PACKAGE_API,)),
    # pybind11 prints the bound signature when a call is refused: the internal runner classes that
    # the legacy aot_load wraps were driven directly (old examples), with arguments they do not take
    Pattern("AOTD811", "legacy-runner-class-driven-directly", C.DEPRECATED_API,
            "The internal runner class was driven directly (the legacy way), with arguments it does not take",
            (r"\(self: torch\._C\._aoti\.AOTIModelContainerRunner(?:Cpu|Cuda|Xpu|Mps)\b",),
            0.7, (H.MIGRATE_TO_PACKAGE_API,)),
    # a module using the hook-based weight_norm/spectral_norm deep-copied after a forward: the
    # weight those hooks recompute is not a leaf, and torch's refusal names the legacy API
    Pattern("AOTD818", "deepcopy-of-legacy-norm-hooks", C.DEPRECATED_API,
            "A module with the hook-based weight_norm/spectral_norm could not be deep-copied",
            (r"this may be because of a torch\.nn\.utils\.weight_norm usage",),
            0.62, (H.USE_PARAMETRIZATION_NORMS,)),
    # torch.load's default became weights_only=True in 2.6: code written for the old default
    # (a whole pickled module, a checkpoint holding a config object) is refused. The refusal is
    # worded as a failure, an unpickler error, or the changed default itself.
    Pattern("AOTD812", "torch-load-weights-only-default", C.DEPRECATED_API,
            "torch.load refused a pickled object under its weights_only=True default (torch 2.6+)",
            (r"Weights only load failed",
             r"changed the default value of the `?weights_only`? argument",
             r"WeightsUnpickler error: Unsupported (?:global|operand|class)",
             r"was not an allowed global by default"),
            0.64, (H.WEIGHTS_ONLY_LOAD,)),
    # a checkpoint in torch.save's legacy (pre-1.6, non-zip) format read with an option only the
    # zip format supports (mmap, weights_only on the .tar format)
    Pattern("AOTD813", "legacy-checkpoint-format", C.DEPRECATED_API,
            "A checkpoint in torch.save's legacy format was read with an option only the current format supports",
            (r"mmap can only be used with files saved with",
             r"files saved in the legacy \.tar format",
             r"_use_new_zipfile_serialization=True\)"),
            0.62, (H.RESAVE_CHECKPOINT,)),
    # torch's stub for a function it removed after a deprecation period (torch.solve, torch.eig,
    # torch.symeig, torch.lstsq, torch.matrix_rank, ...): code written for an older torch called it
    Pattern("AOTD814", "removed-function-called", C.DEPRECATED_API,
            "Code called a torch function that was deprecated and has since been removed",
            (r"deprecated (?:since|in) (?:version |torch |pytorch )?\d+\.\d+(?:\.\d+)? and (?:is now|has been|was) removed",),
            0.78, (H.MATCH_INSTALLED_SIGNATURE,)),
    # an ExportedProgram called like a module: early torch.export (2.1) made it callable; since,
    # it refuses and points at .module(), which returns the runnable GraphModule
    Pattern("AOTD815", "exported-program-called", C.DEPRECATED_API,
            "An ExportedProgram was called like a module (early torch.export allowed it; use .module())",
            (r"Unable to call ExportedProgram directly",),
            0.75, (H.CALL_PROGRAM_MODULE,)),
    # torch's precision flags have a legacy API (allow_tf32, set_float32_matmul_precision) and a
    # newer per-backend one (fp32_precision); set through both, a read through the other refuses
    Pattern("AOTD816", "legacy-and-new-precision-apis-mixed", C.DEPRECATED_API,
            "The TF32 / matmul precision flags were set through both the legacy and the new API",
            (r"used (?:a )?mix of the legacy and new APIs to set the (?:TF32|matmul precision)",),
            0.74, (H.ONE_PRECISION_API,)),
    # the legacy aot_compile given a .pt2 output path: the .so flow driven as if it packaged
    Pattern("AOTD820", "legacy-compile-given-a-package-path", C.DEPRECATED_API,
            "The legacy aot_compile was given a .pt2 path, which only the package API writes",
            (r"output path for aot_compile should not have an extension with \.pt2",),
            0.74, (H.MIGRATE_TO_PACKAGE_API,)),
    Pattern("AOTD808", "legacy-api-in-trace", C.DEPRECATED_API,
            "The legacy aot_compile/aot_load API is in use",
            (r"torch\._export\.aot_(?:compile|load)\(", r"torch\._inductor\.aot_compile\("),
            0.12, (H.MIGRATE_TO_PACKAGE_API,)),
    # -- 9xx internal: torch bugs, autotuning, kernel binaries, opaque errors --------------------
    Pattern("AOTD901", "inductor-lowering-exception", C.TORCH_BUG,
            "Inductor failed while lowering or generating code",
            (r"LoweringException", r"InductorError: (?!CppCompileError)\w+",
             r"['‘`](?:s|ks|u|ps)\d+['’`] was not declared in this scope",
             r"\b(?:s|ks|u|ps)\d+['’`]? (?:is |was )?not (?:defined|declared)\b",
             r"use of undeclared identifier ['‘`](?:s|ks|u|ps)\d+['’`]",
             r"INTERNAL ASSERT FAILED", r"please report a bug to PyTorch"),
            0.66, (H.REPORT_TORCH_BUG, H.RUN_MINIFIER)),
    Pattern("AOTD905", "internal-python-error", C.TORCH_BUG,
            "An internal torch function failed (not the user's code)",
            (r"(?:AttributeError|TypeError|KeyError|IndexError|AssertionError)\b[^\n]*\n(?:[^\n]*\n){0,3}?[ \t]*While executing %",
             # a private torch module lacking a name another torch module uses (a public one: AOTD714)
             # (torch._C's GPU-backend bindings, absent from a build without that backend: AOTD205)
             # (nor a config module's missing option: AOTS182/AOTS242/AOTS243)
             r"module 'torch(?:\.\w+)*?\._\w*(?:\.\w+)*(?<!\.config)' has no attribute '(?!aot_|" + TORCH_C_GPU_BINDING + r")\w+'",
             r"TypeError: \w+\.(?:<locals>)?\.\w+\(\) (?:missing \d+ required|takes \d+ positional|got an unexpected keyword)"),
            0.6, (H.REPORT_TORCH_BUG, H.UPGRADE_OR_PIN_TORCH)),
    Pattern("AOTD902", "autotune-failure", C.AUTOTUNE_FAILURE,
            "Compile-time autotuning of kernels failed",
            (r"Failed to run autotuning code block", r"\bautotuning (?:\w+ )?failed\b",
             r"Exception in (?:the )?(?:autotun\w+|benchmark\w*)"),
            0.7, (H.DISABLE_AUTOTUNE,)),
    Pattern("AOTD908", "autotune-context", C.AUTOTUNE_FAILURE,
            "The failure happened while kernels were autotuned at compile time",
            # (torch logs the config whose launch failed while it benchmarks configs, in
            # triton_heuristics' bench)
            (r"autotune_at_compile_time", r"generate_and_run_autotune_block", r"Failed during launch \S+ with config\b",
             r"\bcompile[- ]time autotun\w+",
             r"\b(?:autotun\w+|benchmark\w*) (?:\w+ ){0,2}(?:fail\w*|error\w*|crash\w*)"),
            0.5, (H.DISABLE_AUTOTUNE,)),
    Pattern("AOTD903", "kernel-binary-missing", C.KERNEL_BINARY_MISSING,
            "A kernel binary (cubin/.so) is not where the package expects it",
            (r"CUDA driver error: file not found", r"CUDA_ERROR_FILE_NOT_FOUND", r"hipErrorFileNotFound",
             r"\.(?:cubin|hsaco|fatbin|spv)\b[^\n]*(?:not found|No such file|missing)",
             r"File not found: \S+\.(?:cubin|hsaco|fatbin|spv)\b",
             # the package holds no model library where the loader looks (NativeRT, torch 2.10, 2.11)
             r"missing model \.so in archive", r"\.so not present in (?:the )?model package"),
            0.8, (H.REPACKAGE_KERNELS,)),
    # the binary loaded, but the kernel name looked up in it is not there (cuModuleGetFunction,
    # hipModuleGetFunction, zeKernelCreate): a binary of other code, or a module its compiler left
    # without the kernel. Named per driver API; below 0.7, since a build that dropped the kernel
    # is sometimes read as the compiler's
    Pattern("AOTD917", "kernel-name-not-in-binary", C.KERNEL_BINARY_MISSING,
            "The loaded GPU binary holds no kernel of the name asked for",
            (r"CUDA_ERROR_NOT_FOUND", r"\bnamed symbol not found", r"\bhipErrorNotFound\b",
             r"ZE_RESULT_ERROR_INVALID_KERNEL_NAME", r"\bCL_INVALID_KERNEL_NAME\b"),
            0.6, (H.KERNEL_NOT_IN_BINARY, H.REPACKAGE_KERNELS)),
    Pattern("AOTD909", "package-member-missing", C.KERNEL_BINARY_MISSING,
            "The package archive lacks a file the loader needs (compiled .so or metadata)",
            (r"Failed to find a generated cpp file or so file for model",
             r"File not found: \S*\.(?:kernel_compile_flags|kernel_metadata|wrapper_metadata)\.json",
             r"Error in dlopen: \S+\.so: (?:file too short|invalid ELF header)",
             r"\bFile (?:not )?found: \S*(?:aotinductor|\.json\b|\.so\b|\.cpp\b)",
             r"Failed to load model: \S+\.so\b",
             r"No AOTInductor generate cpp file or so file found", r"Unable to find file with suffix \.\w+",
             # the loader handed a folder as an unpacked package, with nothing in it (2.13 on)
             r"Shared model directory is empty: \S+"),
            0.72, (H.REBUILD_PACKAGE,)),
    Pattern("AOTD912", "binary-path-prose", C.KERNEL_BINARY_MISSING,
            "The compiled library or kernel binaries are not at the path the loader uses",
            (r"\b(?:dso|\.so|\.dll|\.dylib|cubins?|fatbin|hsaco|kernel binar(?:y|ies)|shared (?:object|library)|compiled (?:library|binary|kernels?)) (?:\w+ ){0,3}?(?:path|file|dir\w*|folder)s? (?:\w+ ){0,3}?(?:relative|wrong|incorrect|missing|not found|not (?:packaged|included|copied)|does(?:n't| not) exist)",
             r"\b(?:relative|absolute) (?:\w+ )?paths? (?:\w+ ){0,3}?(?:\.so|dso|cubins?|library|binary|binaries)\b",
             r"\b(?:so|dll|dylib|dso|library)[`'\"]? files? (?:\w+ ){0,4}?(?:absolute|relative|full) path",
             r"\b(?:can(?:no|')t|could not|couldn't|unable to|fail\w* to) (?:find|locate) (?:the )?(?:compiled |generated )?(?:\.so|dso|cubins?|kernel binar\w+|shared (?:object|library)|model\.so|library)\b(?! -l)",
             r"\b(?:could not|couldn't|can(?:no|')t|unable to|fail\w* to) (?:load|open) (?:the )?(?:\w+ ){0,4}?librar(?:y|ies)\b[^\n]{0,80}\b(?:does(?:n't| not) exist|not found|no such file)",
             r"\bload\w* (?:the )?\.?(?:so|dll|dylib|cubin) files? (?:\w+ ){0,4}?(?:file not found|not found|no such file)",
             r"\bunable to open (?:the )?(?:shared |plugin )?library\b"),
            0.56, (H.REPACKAGE_KERNELS,)),
    Pattern("AOTD913", "runtime-lifetime-prose", C.TORCH_BUG,
            # a named defect outranks a described symptom (AOTD804); glibc's own "double free or
            # corruption" and "free(): double free detected in tcache" are heap checks that failed,
            # not a report naming the defect (AOTS188)
            "A concurrency or object-lifetime defect in the runtime (race, deadlock, double free, leak)",
            (r"\brace conditions?\b|\bdata races?\b",
             r"\bdead-?lock(?:s|ed|ing)?\b|\b(?:lock|mutex) (?:\w+ )?starvation\b|\bstarv(?:es|ed|ing|ation)\b",
             r"\bnot thread[- ]safe\b|\bthread[- ]safety (?:issue|bug|problem)",
             r"\buse[- ]after[- ]free\b|\bdouble[- ]free\b(?! or corruption| detected in tcache)|\bfreed? (?:\w+ ){0,2}?(?:twice|multiple times|more than once)\b|\bdangling (?:pointer|reference|handle)s?\b|\bpremature(?:ly)?\s+(?:\w+\s+)?(?:de-?alloc\w*|free\w*|releas\w*|destr\w*)",
             r"\b(?:handle|memory|resource|buffer|tensor)s? leak(?:s|ed|ing|age)?\b|\bleak(?:s|ed|ing)? (?:\w+ ){0,2}?(?:handles?|memory|buffers?|tensors?)\b"),
            0.65, (H.REPORT_TORCH_BUG, H.UPGRADE_OR_PIN_TORCH)),
    Pattern("AOTD914", "codegen-defect-prose", C.TORCH_BUG,
            "The code generator emitted wrong or uncompilable code",
            (r"\bgenerat\w* (?:\w+ ){0,2}?(?:invalid|wrong|incorrect|bad|broken|malformed|uncompilable) (?:c\+\+ |\w+ )?(?:code|c\+\+|cpp|wrapper|kernels?|triton|source)(?!\w)",
             r"\b(?:invalid|wrong|incorrect|bad|broken|malformed) (?:c\+\+ |cpp |triton |wrapper )?(?:codegen|code[- ]?gen(?:eration)?)\b",
             r"\b(?:bug|defect|mistake)s? in (?:the )?(?:\w+ )?(?:code ?generat(?:or|ion)|codegen)\b",
             r"\b(?:codegen|code ?gen(?:eration)?|code generator) (?:bug|defect|mistake)s?\b",
             r"\bnot (?:present|emitted|included) in (?:the )?generated (?:c\+\+|cpp|code|wrapper|source)(?!\w)"),
            0.58, (H.REPORT_TORCH_BUG, H.RUN_MINIFIER)),
    # The runtime's internal invariants: a user cannot cause these by what they pass.
    # the runtime's proxy executor (it runs custom and fallback ops) is built from the .json that
    # codegen writes beside the .so: a model run without that file (a legacy .so shipped alone, a
    # package repacked without it) has ops nothing can run. A missing file, not a limit of AOTI.
    Pattern("AOTD916", "proxy-executor-file-missing", C.KERNEL_BINARY_MISSING,
            "The .json file the runtime builds its proxy executor from (for custom and fallback ops) is not beside the .so",
            (r"Unable to find a proxy executor to run custom ops",),
            0.78, (H.SHIP_EXTERN_NODE_JSON,)),
    Pattern("AOTD915", "aoti-runtime-invariant", C.TORCH_BUG,
            "An internal invariant of the AOTI runtime failed",
            (r"constants_map_ was not ready", r"No available models in container",
             r"Model (?:CUDA )?event was not initialized",
             r"Can't find shared library name", r"pure cpu mode doesn't support skip copy"),
            0.62, (H.REPORT_TORCH_BUG, H.UPGRADE_OR_PIN_TORCH)),
    # sympy refusing bool() of a relational on symbolic sizes: torch's own code (a lowering, a
    # stride order, a guard) compared sizes as plain Python; the user's code meets SymInts instead
    Pattern("AOTD918", "symbolic-relational-as-bool", C.TORCH_BUG,
            "torch's code branched on a comparison of symbolic sizes (sympy cannot decide it)",
            (r"cannot determine truth value of Relational",),
            0.68, (H.REPORT_TORCH_BUG, H.RUN_MINIFIER)),
    # a compile that never returns (Dynamo unrolling a loop into a huge graph, a pass or the partitioner
    # going quadratic, Triton's LLVM looping) is torch's defect far more often than the user's: an
    # error would have named the user's part. Words only, so it stays below a read error's weight.
    Pattern("AOTD919", "compile-never-finishes", C.TORCH_BUG,
            "Compilation hangs or never finishes (a torch pass, the partitioner or a kernel compiler never returns)",
            # each wording leads on "compile " or a rarer word, never on "compiled" (a compiled model
            # hanging is a hang at run time, and logs repeat "compiled": a lead scanned at each one)
            (r"\b(?:torch\.compile[ (]|compile[ (]|compiling |compilation |lowering |autotuning |partitioner )(?:\S* )?"
             r"(?:[\w,]+ ){0,5}?(?:hangs?|hung|hanging|gets? stuck|(?:is|was|got) stuck|stall(?:s|ed|ing)?)\b",
             r"\b(?:hangs?|hung|hanging|stuck|stall(?:s|ed|ing)?)\b (?:\w+ ){0,3}?(?:during|in|while|mid[- ]?|at) "
             r"(?:the )?(?:\w+ )?(?:compil\w*|lowering|autotun\w*|partition\w*)",
             r"\bnever[- ]ending compil\w*|\bnever (?:ends?|finish\w*|complet\w*) compil\w*",
             r"\b(?:compiles |compiling |compilation |compile )(?:\w+ ){0,2}?(?:forever|indefinitely|never (?:ends?|finish\w*|complet\w*))\b"),
            0.5, (H.LOCATE_THE_HANG, H.REPORT_TORCH_BUG)),
    # the compiled result's layout compared with eager's: Inductor or an op's meta kernel chose other
    # strides than eager (values equal). Above an input's layout words (AOTD106): eager is the reference
    Pattern("AOTD920", "compiled-strides-differ-from-eager", C.TORCH_BUG,
            "The compiled result has other strides than eager's (Inductor or an op's meta kernel chose another layout)",
            (r"\bstrides?\b[^\n.]{0,60}?\b(?:differ\w*|mismatch\w*|do(?:es)? not match|doesn't match|disagree\w*)\b[^\n.]{0,40}?\beager\b",
             r"\beager\b[^\n.]{0,60}?\b(?:differ\w*|mismatch\w*|disagree\w*)\b[^\n.]{0,30}?\bstrides?\b",
             r"\b(?:other|different|wrong) (?:output )?strides? than (?:in )?eager\b",
             r"\b(?:inductor|torch\.compile)\b[^\n.]{0,40}?\b(?:returns?|changes?|gives?|produces?) (?:a |the )?"
             r"(?:(?:different|other|wrong|contiguous) )?(?:output )?(?:strides?|layouts?)\b"),
            0.66, (H.REPORT_TORCH_BUG, H.OUTPUT_LAYOUT_AS_EAGER)),
    Pattern("AOTD904", "opaque-container-run", C.OPAQUE_RUNTIME_ERROR,
            "The runtime reported a generic failure without the cause",
            (r"AOTInductorModelContainerRun\w*\(.*\) API call failed",
             r"(?:RuntimeError|Error|what\(\)):\s+AOTInductorModelContainerRun\w*\(",
             r"run_func_\(.*\) API call failed", r"\bRun failed with input spec",
             r"create_func_\(.*\) API call failed", r"Exception in aoti_torch: UNKNOWN",
             r"RuntimeError: Unknown exception\s*$"),
            0.45, (H.GET_REAL_ERROR, H.CHECK_THREE_MATCHES), ("TORCH_SHOW_CPP_STACKTRACES", "AOTI_RUNTIME_CHECK_INPUTS")),
)
