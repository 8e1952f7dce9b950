"""Structural rules and scoring (pure, no torch)."""

from __future__ import annotations

import os

import pytest

from aotidebug.core import hints
from aotidebug.core.routing.classify import diagnose_text
from aotidebug.core.routing.patterns import PATTERNS
from aotidebug.core.routing.structural import PHASE_PRIORS, PRIOR_CAP, RULES, fired, merge, next_measurement, score
from aotidebug.core.text.structure import Phase, read_structure, text_for_patterns

CATEGORIES = {"device_mismatch", "input_mismatch", "dynamic_shape_guard", "index_out_of_bounds",
              "illegal_memory_access", "crash", "constant_loading", "compile_toolchain", "unsupported",
              "export_failure", "version_mismatch", "out_of_memory", "numerical", "deprecated_api", "torch_bug",
              "autotune_failure", "kernel_binary_missing", "opaque_runtime_error", "unknown"}
LOGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "logs")


def _top(text: str) -> str:
    s = score(read_structure(text))
    return s[0][0] if s else "unknown"


def _log(name: str) -> str:
    path = os.path.join(LOGS, name + ".txt")
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def test_rule_table_is_well_formed() -> None:
    pattern_codes = {p.code for p in PATTERNS}
    codes = [r.code for r in RULES]
    assert len(codes) == len(set(codes)) and all(c[:5] in ("AOTS1", "AOTS2", "AOTS3") and len(c) == 7 for c in codes)
    assert len({r.slug for r in RULES}) == len(RULES)
    for r in RULES:
        assert r.category in CATEGORIES
        # `unknown` from a rule is a named cause outside AOTI's families (the host's), so it must
        # say the fix: never a silent abstention
        assert r.category != "unknown" or (r.fixes and r.phases), r.code
        assert 0.35 <= r.weight <= 0.7, r.code
        assert r.title and (r.structural or r.keywords or r.signal is not None or r.signal_names)
        assert all(f in hints.ALL.values() for f in r.fixes), r.code  # a named hint, never a loose string
        assert all(c.startswith("AOTD") and c in pattern_codes for c in r.rivals), r.code
    for priors in PHASE_PRIORS.values():
        assert all(c in CATEGORIES and 0 < w <= PRIOR_CAP for c, w in priors)


@pytest.mark.parametrize("name,category", [
    ("gh-pytorch-145984-autotune", "autotune_failure"),
    ("gh-omp-h-macos", "compile_toolchain"),
    ("gh-cpp-pytorch-7-zh-missing-header", "compile_toolchain"),  # AOTS130: strerror in Chinese
    ("gh-pytorch-111711-conflicting-declaration", "torch_bug"),
    ("gh-pytorch-169664-buf-not-declared", "torch_bug"),
    ("gh-pytorch-120394-shim", "unsupported"),
    ("gh-pytorch-141197-lowering", "torch_bug"),
    ("gh-pytorch-134137-constraints-legacy", "dynamic_shape_guard"),
    ("gh-data-dependent", "export_failure"),
    ("torch-src-dynamo-unsupported", "export_failure"),
    ("gh-cuda-oom", "out_of_memory"),
    ("cpu-kwarg-mismatch", "input_mismatch"),
    ("cpu-shape-2x9", "input_mismatch"),
    ("cpu-package-without-so", "kernel_binary_missing"),
    ("gh-pytorch-123745-undefined-symbol", "version_mismatch"),
    ("gh-pytorch-173706-codecache", "torch_bug"),
    ("facts-legacy-ep-assert", "deprecated_api"),
    ("cpu-illegal-instruction", "version_mismatch"),
    ("torch-could-not-run-backend", "unsupported"),
    ("cpu-compile-cache-under-a-file", "compile_toolchain"),      # AOTS136: an OS error in the code cache
    ("cpu-compile-cxx-not-a-compiler", "compile_toolchain"),      # AOTS137: the compiler probe got nothing
    ("cpu-compile-quantized-fallback-arg", "unsupported"),        # AOTS118: an unserialisable extern-kernel arg
    ("cpu-load-constants-int-keys", "constant_loading"),          # a binding refusing the caller's types
    ("cpu-compile-mingw-not-found", "compile_toolchain"),         # cpp_builder: "Compiler: X is not found."
    ("cpu-export-through-loaded-model", "unsupported"),           # AOTS156: export traced into a loaded model
    ("cpu-compile-bmm-triton-only", "autotune_failure"),          # AOTS181: no autotune choice, over InductorError
    ("cpu-load-weights-config-stride", "constant_loading"),       # AOTS165: load_pt2 rebuilding the weights
    ("cpu-vmap-over-loaded-model", "unsupported"),                # AOTS155: a functorch transform
    ("cpu-package-files-as-tuple", "unsupported"),                # AOTS194: an asserted requirement
    ("cpu-export-quantized-buffer", "unsupported"),               # AOTS196: fake tensors cannot represent it
    ("cpu-export-dynamic-quantized-lstm", "unsupported"),         # AOTS197: a TorchScript object in the model
    ("cpu-compile-file-lock-timeout-duration", "compile_toolchain"),  # AOTS199: config refused an env value
    ("cpu-export-half-matrix-inverse", "unsupported"),            # AOTS148: an op refusing a dtype
    ("cpu-export-old-six-module", "deprecated_api"),              # AOTS149: a removed name looked up
    ("cpu-export-onnx-style-axis-names", "dynamic_shape_guard"),  # AOTS139: the spec checker refused a leaf
    ("cpu-run-input-type-registered-only-at-export", "unsupported"),  # AOTS201: a spec type not registered here
    ("cpu-compile-flex-attention-mixed-dtypes", "unsupported"),   # AOTS202: Inductor declared a limit
    ("cpu-import-removed-dynamic-dim", "deprecated_api"),         # AOTS203: an import torch no longer has
    ("cpu-extension-arch-list-misspelt", "compile_toolchain"),    # AOTS204: the extension builder's setup
    ("cpu-compile-gemm-cache-blocking-two-values", "autotune_failure"),  # AOTS205: a candidate not generated
    ("cpu-jit-load-of-a-state-dict", "unsupported"),              # AOTS206: another kind of archive
    ("cpu-compile-optimize-keyword", "unsupported"),              # AOTS207: a keyword taken in no release
    ("cpu-run-make-fx-over-loaded-model", "unsupported"),         # AOTS208: fake tracing into a loaded model
    ("cpu-run-fake-tensor-inputs", "input_mismatch"),             # AOTS209: an input without storage
    ("cpu-legacy-load-given-package-option", "deprecated_api"),   # AOTS210: the legacy API, a newer keyword
    ("cpu-compile-mx-scale-buffer", "unsupported"),               # AOTS212: a dtype codegen has no type for
    ("cpu-export-op-of-an-unimported-library", "unknown"),        # AOTS217: a third-party op library missing
    ("cpu-export-fsdp1-wrapper", "unsupported"),                  # AOTS219: export traced into torch.distributed
    ("cpu-compile-sparse-csc-buffer", "unsupported"),             # AOTS220: a sparse tensor reached Inductor
    ("cpu-export-cond-branch-sets-module-attribute", "unsupported"),  # AOTS221: a higher-order op body's side effect
    ("cpu-compile-launcher-segfaults", "compile_toolchain"),      # AOTS222: the compiler itself crashed
    ("cpu-compile-check-accuracy-stateful-op", "numerical"),      # AOTS223: torch's accuracy check failed
    ("cpu-loader-class-relative-path-after-chdir", "kernel_binary_missing"),  # AOTS224: the archive path not openable
    ("cpu-compile-program-state-from-prefixed-checkpoint", "constant_loading"),  # AOTS227: state vs signature
    ("cpu-compile-pass-erased-unused-input", "unsupported"),      # AOTS228: graph vs signature
    ("cpu-program-inside-training-checkpoint", "unsupported"),    # AOTS229: a program object pickled
    ("cpu-unlifted-module-pickled", "unsupported"),               # AOTS229
    ("cpu-export-decomposition-rule-short-signature", "export_failure"),  # AOTS230: a decomposition rule failed
    ("cpu-export-decomposition-rule-uses-numpy", "export_failure"),       # AOTS230
    ("cpu-prep-prune-remove-unpruned", "unsupported"),            # AOTS231: a preparation utility refused
    ("cpu-prep-remove-parametrization-missing", "unsupported"),   # AOTS231
    ("cpu-prep-old-spectral-norm-twice", "deprecated_api"),       # AOTS232: the hook-based norms
    ("cpu-export-full-backward-hook-left-registered", "unsupported"),  # AOTS233: a backward hook at export
    ("cpu-export-custom-backward-numpy-in-forward-grad", "unsupported"),  # AOTS236: the autograd engine at export
    ("cpu-export-func-grad-under-vmap-in-forward", "unsupported"),       # AOTS236: a torch.func transform
    ("cpu-static-batch-user-check-prints-list", "input_mismatch"),       # AOTS147: sizes printed as a list
    ("cpu-static-rows-user-check-prints-tuple", "input_mismatch"),       # AOTS147: ... or as tuples
    ("cpu-run-fallback-op-refuses-input-values-cholesky", "input_mismatch"),  # AOTS238: an ATen op's check
    ("cpu-run-fallback-op-refuses-input-values-inverse", "input_mismatch"),   # AOTS238
    ("cpu-run-fallback-op-refuses-input-values-histc", "input_mismatch"),     # AOTS238
    ("cpu-run-output-structure-tuple-keys-in-list", "torch_bug"),  # AOTS239: outputs not rebuilt
    ("cpu-run-output-structure-tuple-keys-nested", "torch_bug"),   # AOTS239
    ("cpu-run-output-structure-tuple-keys-ordereddict", "torch_bug"),  # AOTS239
    ("cpu-run-output-structure-parameter-renormalised-in-forward", "torch_bug"),  # AOTS239: an extra output
    ("cpu-compile-call-structure-frozenset-output-key", "unsupported"),  # AOTS240: a structure not storable
    ("cpu-compile-call-structure-frozenset-input-key", "unsupported"),   # AOTS240
    ("cpu-compile-call-structure-unnamed-pytree-class", "unsupported"),  # AOTS240
    ("cpu-export-output-plain-class-not-pytree", "export_failure"),  # AOTS241: an object export cannot flatten
    ("cpu-export-output-namespace-not-pytree", "export_failure"),    # AOTS241
    ("cpu-export-output-device-not-pytree", "export_failure"),       # AOTS241
    ("gh-wan2gp-1263-triton-attrsdescriptor", "version_mismatch"),   # AOTS245: triton lacks a name torch imports
    ("gh-triton-windows-97-triton-attrsdescriptor", "version_mismatch"),  # AOTS245
    ("gh-triton-prebuilt-2-triton-attrsdescriptor", "version_mismatch"),  # AOTS245
    ("gh-triton-4250-no-module-triton-common", "version_mismatch"),   # AOTS245: a triton submodule gone
    ("gh-toolbench-341-no-module-triton-ops", "version_mismatch"),    # AOTS245
    ("gh-triton-7499-no-module-triton-tools", "version_mismatch"),    # AOTS245
    ("cpu-export-dim-modulo-in-spec", "dynamic_shape_guard"),         # AOTS246: an operator a Dim does not take
    ("cpu-export-dim-true-division-in-spec", "dynamic_shape_guard"),  # AOTS246
    ("cpu-export-dim-power-in-spec", "dynamic_shape_guard"),          # AOTS246
    ("cpu-load-legacy-runner-in-service-class-given-package", "deprecated_api"),  # AOTS247: .pt2 to dlopen
    ("cpu-load-legacy-aot-load-package-in-worker-thread", "deprecated_api"),      # AOTS247
    ("gh-comfyui-wanvideowrapper-1154-compiledkernel-launch-enter-hook", "version_mismatch"),  # AOTS248
    ("gh-rocm-pytorch-2838-kernelmetadata-cluster-dims", "version_mismatch"),                 # AOTS248
    ("gh-nixpkgs-432046-lowering-compiledkernel-launch-enter-hook", "version_mismatch"),      # AOTS248
    ("cpu-compile-torch-imported-from-path-with-space", "torch_bug"),  # AOTS249: the command split a path
    ("cpu-compile-cache-dir-with-apostrophe", "torch_bug"),            # AOTS249
    ("cpu-export-save-bits8-cast", "unsupported"),       # AOTS250: the serializer has no entry for a dtype
    ("cpu-export-save-fp4-packed-cast", "unsupported"),  # AOTS250
    ("cpu-compile-cache-dir-with-backslash", "torch_bug"),  # AOTS251: the compiler cannot find torch's own file
    ("cpu-compile-tmpdir-with-backslash", "torch_bug"),     # AOTS251
    ("cpu-load-package-given-registry-record", "unknown"),  # AOTS252: neither a path nor a binary file
    ("cpu-load-package-given-path-in-tuple", "unknown"),    # AOTS252
    ("cpu-load-package-given-memoryview", "unknown"),       # AOTS252
    ("cpu-fx-trace-iterates-over-rows", "export_failure"),  # AOTS253: fx symbolic tracing refused
    ("cpu-fx-trace-branches-on-rank", "export_failure"),    # AOTS253
    ("cpu-fx-trace-len-of-input", "export_failure"),        # AOTS253
    ("cpu-import-serving-library-written-for-newer-torch", "version_mismatch"),  # AOTS256: a library's import
    ("cpu-import-library-module-of-newer-torch", "version_mismatch"),            # AOTS256
    ("cpu-compile-plain-tensor-attribute-updated", "unsupported"),  # AOTS257: a lifted constant written in place
    ("cpu-decompose-tensor-in-dict-updated", "unsupported"),        # AOTS257
    ("cpu-compile-triton-cpu-backend-without-triton", "unsupported"),    # AOTS259: no triton where the backend needs it
    ("cpu-torch-compile-triton-backend-without-triton", "unsupported"),  # AOTS259
    ("gh-wanvideo-978-triton-missing-windows", "unsupported"),           # AOTS259 (TritonMissing, Windows)
    ("cpu-plugin-loader-logs-missing-torch-module", "version_mismatch"),  # AOTS261: the importer not shown
    ("cpu-plugin-loader-logs-missing-torch-name", "version_mismatch"),    # AOTS261
    ("cpu-run-batched-matmul-given-one-matrix", "input_mismatch"),        # AOTD104: an op's rank check
    ("cpu-library-reads-exported-program-attribute-of-older-torch", "version_mismatch"),  # AOTS266
    ("cpu-library-reads-signature-attribute-this-torch-lacks", "version_mismatch"),       # AOTS266
    ("gh-executorch-1181-flatc-sigkill", "out_of_memory"),  # AOTS268: killed from outside
    ("cpu-autotune-local-cache-two-writers", "compile_toolchain"),  # AOTS269: a cache file does not parse
    ("cpu-autotune-local-cache-cut-short", "compile_toolchain"),    # AOTS269
    ("cpu-compile-item-of-buffer", "torch_bug"),  # AOTS271: .item() of a buffer, lowered as a constant
    ("gh-wanvideo-1483-windows-long-kernel-name", "compile_toolchain"),  # AOTS273: Windows' path limit
    ("gh-intel-xpu-triton-3916-driver-update-ze-0x78000011", "version_mismatch"),  # AOTS274: the driver's compiler
    ("cpu-compile-returns-version-string", "unsupported"),  # AOTS116: an output Inductor cannot return
    ("cpu-export-custom-op-fake-lacks-a-default", "export_failure"),     # AOTS277: the fake's signature
    ("cpu-compile-custom-op-fake-omits-a-parameter", "export_failure"),  # AOTS277
    ("cpu-export-forward-makes-cuda-streams-without-a-driver", "device_mismatch"),  # AOTS278: a build host
    ("cpu-compile-size-guard-recompiles-under-error-on-recompile", "dynamic_shape_guard"),  # AOTS281
    ("cpu-compile-size-guard-recompile-limit-hard-failure", "dynamic_shape_guard"),         # AOTS281
    ("cpu-compile-custom-op-fake-strides-differ", "export_failure"),  # AOTS283: a custom op's fake layout
    ("gh-torch-xpu-ops-2979-igc-build-failure-new-driver", "version_mismatch"),       # AOTS285: the driver's compiler
    ("gh-intel-xpu-triton-5561-module-build-failure-triton-3-5", "version_mismatch"),  # AOTS285
    ("gh-pytorch-95693-buffer-stride", "torch_bug"),           # AOTS282: an op's meta stride
    ("gh-simpletuner-324-unet-stride", "torch_bug"),           # AOTS282
    ("gh-pytorch-127172-dynamo-internal-call-hasattr", "torch_bug"),        # AOTS290: the tracer's own defect
    ("gh-pytorch-107630-dynamo-internal-none-guards", "torch_bug"),         # AOTS290
    ("gh-pytorch-116766-dynamo-internal-guard-name-undefined", "torch_bug"),  # AOTS290
    ("cpu-load-constants-of-a-larger-network", "constant_loading"),  # AOTS291: a crash inside the weights' copy
    ("gh-torchdynamo-1185-code-cache-tmp-file-vanished", "torch_bug"),  # AOTS292: the cache changed underneath
    ("gh-pytorch-134384-triton-cubin-tmp-file-vanished", "torch_bug"),  # AOTS292
    ("cpu-compile-in-an-environment-without-setuptools", "torch_bug"),  # AOTS293: a package torch did not require
    ("gh-nanochat-706-cpu-compile-without-setuptools", "torch_bug"),    # AOTS293
    ("cpu-compile-fullgraph-refuses-a-print", "unsupported"),  # AOTS295: the tracer under torch.compile
    ("gh-pytorch-103461-inductor-buffer-unbound-local", "torch_bug"),         # AOTS296: a generated name unresolved
    ("gh-pytorch-169050-graph-partition-buffer-unbound-local", "torch_bug"),  # AOTS296
    ("gh-pytorch-119414-unbacked-symbol-not-defined", "torch_bug"),           # AOTS296 (beside AOTD901)
    ("gh-pytorch-189293-aotautograd-caching-cant-get-local-object", "torch_bug"),  # AOTS297: the cache's pickling
    ("gh-pytorch-181893-codecache-cannot-pickle-process-group", "torch_bug"),       # AOTS298 (named in the log)
    ("gh-pytorch-181869-aotautogradcache-save-pickling-error", "torch_bug"),        # AOTS298
    ("gh-ocaml-torch-39-conda-torch-cxx11-references", "version_mismatch"),  # AOTS299: the other string ABI
    ("gh-pytorch-35518-centos7-old-abi-string", "version_mismatch"),         # AOTS299 (the old ABI's std::string)
    ("gh-torch-ccl-16-undefined-cxx11-symbol", "version_mismatch"),          # AOTS299 beside AOTD701
    ("gh-pytorch-93935-aot-eager-rewraps-past-recursion-limit", "torch_bug"),  # AOTS300: recursion while compiling
    ("gh-pytorch-167789-dynamo-ignores-setrecursionlimit", "torch_bug"),       # AOTS300
    ("cpu-run-kernel-check-thrown-in-two-threads", "index_out_of_bounds"),     # AOTS304: the message cut
    ("cpu-export-dim-max-computed-with-division", "dynamic_shape_guard"),      # AOTS305: a float Dim bound
    ("cpu-export-dim-bound-numpy-float", "dynamic_shape_guard"),               # AOTS305
    ("cpu-export-dim-bounds-from-json-config", "dynamic_shape_guard"),         # AOTS305
])
def test_mechanisms_on_real_logs(name: str, category: str) -> None:
    assert _top(_log(name)) == category


def test_the_tracer_s_internal_error_is_its_own_and_the_user_s_python_is_not() -> None:
    # InternalTorchDynamoError is what Dynamo re-wraps when its own code raised; a refusal of the
    # user's Python (Unsupported) stays the program's
    internal = read_structure(_log("gh-pytorch-127172-dynamo-internal-call-hasattr"))
    assert [r.code for r in fired(internal)][:1] == ["AOTS290"]
    refused = _log("cpu-compile-shape-error-after-logged-graph-breaks")
    assert "AOTS290" not in [r.code for r in fired(read_structure(refused))] and _top(refused) == "export_failure"
    # a device fault met while Dynamo ran (its rng restore) is the fault's, not the tracer's
    cuda = ("torch._dynamo.exc.InternalTorchDynamoError: RuntimeError: CUDA error: unspecified launch failure\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
            "might be incorrect.\n")
    assert diagnose_text(cuda).category.value != "torch_bug"


def test_the_recursion_limit_hit_while_compiling_is_torch_s_and_the_user_s_own_recursion_is_not() -> None:
    # the same code runs in eager: torch's tracing or compiling recursed (Dynamo inlining, a wrapper
    # re-wrapped per recompile)
    for name in ("gh-pytorch-93935-aot-eager-rewraps-past-recursion-limit",
                 "gh-pytorch-167789-dynamo-ignores-setrecursionlimit"):
        assert "AOTS300" in [r.code for r in fired(read_structure(_log(name)))], name
    # the user's own function recursing, with no compile or export in sight, is not read so
    eager = ("Traceback (most recent call last):\n  File \"train.py\", line 3, in walk\n    return walk(n - 1)\n"
             "RecursionError: maximum recursion depth exceeded in comparison\n")
    assert "AOTS300" not in [r.code for r in fired(read_structure(eager))]
    assert diagnose_text(eager).category.value != "torch_bug"


def test_apple_s_linker_is_read_like_gnu_ld_and_a_library_for_another_architecture_is_named() -> None:
    # ld64 lists each unresolved symbol as `"sym", referenced from:`, Xcode as `Undefined symbol: sym`;
    # both are link errors (the toolchain's), as GNU ld's `undefined reference to` is
    for text in ('Undefined symbols for architecture arm64:\n  "c10::detail::torchCheckFail(char const*, char const*, '
                 'unsigned int, char const*)", referenced from:\n      _main in main.o\n'
                 'ld: symbol(s) not found for architecture arm64\n',
                 "Undefined symbol: typeinfo for c10::AutogradMetaInterface\n"
                 "ld: symbol(s) not found for architecture arm64\n"):
        st = read_structure(text)
        assert any(d.diag.kind == "undefined_reference" for d in st.diagnostics), text
        assert diagnose_text(text).category.value == "compile_toolchain", text
    # the linker skipping a library built for the other architecture names the cause of those symbols
    for name in ("phr-717-pytorch-63558-x86-libtorch-on-m1", "phr-717-rust-bert-326-macos-arm-libc10-x86",
                 "phr-717-tch-rs-881-found-x86-64-required-arm64"):
        assert diagnose_text(_log(name)).code == "AOTD717", name
    same = ("ld: warning: ignoring file libc10.a, building for iOS-arm64 but attempting to link with file built "
            "for iOS-arm64\nUndefined symbols for architecture arm64:\n  \"c10::Error::Error()\", referenced from:\n")
    assert diagnose_text(same).code != "AOTD717"


def test_torch_s_headers_refusing_an_older_cxx_standard_is_the_build_s_flags() -> None:
    for name in ("phr-527-segmentator-13-cxx17-required", "phr-527-fastertransformer-779-you-need-cxx17",
                 "phr-527-kaldifeat-80-cxx17-needed-with-torch-2-1", "phr-527-pytorch-github-io-1794-c1189-cxx17"):
        d = diagnose_text(_log(name))
        assert (d.code, d.category.value) == ("AOTD527", "compile_toolchain"), name
        assert d.fixes[0] == hints.CXX_STANDARD_FOR_THIS_TORCH
    # another compiler error in a torch header, or a compiler too old for the flag, is not read so
    for text in ("torch/include/c10/util/Exception.h:12:3: error: 'x' was not declared in this scope\n",
                 "g++: error: unrecognized command-line option '-std=c++17'\n"):
        assert diagnose_text(text).code != "AOTD527", text


def test_a_library_s_own_check_of_the_torch_it_was_built_for_reads_only_when_the_versions_differ() -> None:
    for name in ("phr-715-vllm-2245-xformers-built-for-cu121-have-cu118",
                 "phr-715-vllm-2580-xformers-built-for-cuda-torch-on-rocm"):
        assert diagnose_text(_log(name)).code == "AOTD715", name
    assert diagnose_text("Error: this tch version expects PyTorch 2.4.0, got 2.8.0\n").code == "AOTD715"
    # the same check printing the same version on both sides (it failed for another reason)
    for text in ("xFormers was built for: PyTorch 2.0.1 with CUDA None (you have 2.0.1) Python 3.10.8 (you have 3.10.8)\n",
                 "Error: this tch version expects PyTorch 2.4.0, got 2.4.0\n"):
        assert all(c.code != "AOTD715" for c in diagnose_text(text).candidates), text


def test_compiled_strides_compared_with_eager_are_torch_s_and_an_input_s_layout_is_the_caller_s() -> None:
    for name in ("phr-920-pytorch-167430-all-reduce-stride-vs-eager", "phr-920-pytorch-198364-ops-return-other-strides",
                 "phr-920-intel-xpu-triton-5950-compiled-returns-different-stride",
                 "phr-920-pytorch-197815-like-ops-size-one-stride"):
        d = diagnose_text(_log(name))
        assert (d.code, d.category.value) == ("AOTD920", "torch_bug"), name
    for text in ("The input strides differ from the compiled ones.", "A non-contiguous input gives wrong results.",
                 "Stride mismatch between the inputs and the compiled model."):
        assert diagnose_text(text).code == "AOTD106", text


def test_a_compile_that_never_finishes_reads_as_torch_s_and_a_hang_after_it_does_not() -> None:
    for name in ("phr-919-pytorch-118492-dynamic-compiles-forever", "phr-919-pytorch-147327-never-ending-compile",
                 "phr-919-xla-5179-hang-with-torch-compile", "phr-919-pytorch-145081-partitioner-hangs"):
        assert diagnose_text(_log(name)).code == "AOTD919", name
    for text in ("The server hangs after compilation finished, while serving the second request.",
                 "The compiled model hangs on the second call.",
                 "I changed the compile flag and now it works.",
                 "Compilation failed: CppCompileError: C++ compile error\nerror: 'x' was not declared"):
        assert diagnose_text(text).code != "AOTD919", text


def test_a_name_only_generated_code_holds_unresolved_is_torch_s_and_the_user_s_names_are_not() -> None:
    # arg0_1, buf271, u0 exist only in the code and graphs torch wrote: Python failing to find one
    # is that code's defect
    for name in ("gh-pytorch-103461-inductor-buffer-unbound-local", "gh-pytorch-169050-graph-partition-buffer-unbound-local",
                 "gh-pytorch-119414-unbacked-symbol-not-defined"):
        assert "AOTS296" in [r.code for r in fired(read_structure(_log(name)))], name
    for text in ("KeyError: 'primals_2'", "NameError: name 'XBLOCK' is not defined",
                 "UnboundLocalError: local variable 'getitem_3' referenced before assignment"):
        assert "AOTS296" in [r.code for r in fired(read_structure(text))], text
        assert diagnose_text(text).category.value == "torch_bug", text
    # the user's own names (a dict key, a module never imported, a variable of theirs) are not
    for text in ("KeyError: 'model'", "NameError: name 'np' is not defined", "KeyError: 'x1'",
                 "UnboundLocalError: cannot access local variable 'output' where it is not associated with a value",
                 "KeyError: 'state_dict'", "NameError: name 'buffer' is not defined"):
        assert "AOTS296" not in [r.code for r in fired(read_structure(text))], text


def test_only_string_bearing_torch_symbols_unresolved_is_the_abi_and_a_missing_library_is_not() -> None:
    for name in ("gh-ocaml-torch-39-conda-torch-cxx11-references", "gh-pytorch-35518-centos7-old-abi-string",
                 "gh-torch-ccl-16-undefined-cxx11-symbol"):
        assert "AOTS299" in [r.code for r in fired(read_structure(_log(name)))], name
    # libtorch_cpu left off the link line: symbols without strings are unresolved as well
    missing = ("/usr/bin/ld: main.o: in function `main':\n"
               "main.cpp:(.text+0xf87): undefined reference to `torch::inductor::AOTIModelPackageLoader::"
               "AOTIModelPackageLoader(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > "
               "const&, bool)'\n"
               "main.cpp:(.text+0x1716): undefined reference to `torch::inductor::AOTIModelPackageLoader::run("
               "std::vector<at::Tensor, std::allocator<at::Tensor> > const&, void*)'\n"
               "collect2: error: ld returned 1 exit status\n")
    st = read_structure(missing)
    assert not st.abi_strings and "AOTS299" not in [r.code for r in fired(st)]
    assert diagnose_text(missing).category.value == "compile_toolchain"


def test_pickling_inside_torch_s_caches_and_workers_is_torch_s_and_the_user_s_own_is_not() -> None:
    logged = read_structure(_log("gh-pytorch-189293-aotautograd-caching-cant-get-local-object"))
    # the traceback torch logged behind glog prefixes is read as frames
    assert any(f.module == "torch._functorch._aot_autograd.autograd_cache" for f in logged.frames)
    assert "AOTS297" in [r.code for r in fired(logged)]
    # the user's own pickling (a local function sent to a worker process) names none of torch's machinery
    own = ('Traceback (most recent call last):\n  File "/home/u/train.py", line 30, in <module>\n    p.start()\n'
           '  File "/usr/lib/python3.11/multiprocessing/reduction.py", line 60, in dump\n'
           '    ForkingPickler(file, protocol).dump(obj)\n'
           "AttributeError: Can't pickle local object 'main.<locals>.collate'\n")
    assert {"AOTS297", "AOTS298"}.isdisjoint(r.code for r in fired(read_structure(own)))
    # the cache named, but nothing refused by pickle
    other = "torch._inductor.codecache: TypeError: unsupported operand type(s) for +: 'int' and 'str'"
    assert {"AOTS297", "AOTS298"}.isdisjoint(r.code for r in fired(read_structure(other)))


def test_a_wrapper_s_words_are_not_corroborated_by_a_rule_reading_only_the_wrapper_s_type() -> None:
    # "InductorError: LoweringException: ValueError: ..." names torch's wrapper twice over, not a cause:
    # a declared limit of a template reads the same way, so the reading stays under the 0.7 band
    text = ("torch._inductor.exc.InductorError: LoweringException: ValueError: Number of shared query heads "
            "sharing the same KV head must be power of 2.\n")
    d = diagnose_text(text)
    assert d.category.value == "torch_bug" and d.code == "AOTD901" and d.confidence < 0.7
    # a rule that reads more than the wrapper (an internal Python error inside the lowering) still does
    inner = ('Traceback (most recent call last):\n  File "/x/torch/_inductor/lowering.py", line 10, in f\n'
             '    a = b[3]\n'
             "torch._inductor.exc.InductorError: LoweringException: IndexError: list index out of range\n")
    assert diagnose_text(inner).confidence >= 0.7


def test_torch_s_contracted_refusals_read_as_unsupported_like_the_spelled_out_ones() -> None:
    # torch's own messages (torch/_dynamo, torch/_functorch) use the contraction as often as not
    for text in ("RuntimeError: default destinations aren't supported",
                 "RuntimeError: this op mutates its input, which isn't supported in Dynamo",
                 "RuntimeError: Subclasses aren't supported by speculate_subgraph yet"):
        assert "AOTD506" in [c.code for c in diagnose_text(text).candidates], text
    assert "AOTD506" not in [c.code for c in diagnose_text("ValueError: it isn't supposed to be None").candidates]
    # a refusal naming the kind of thing it does not take, two words in ("control flow operator")
    assert "AOTD506" in [c.code for c in diagnose_text("RuntimeError: Unsupported control flow operator: while_loop").candidates]
    # Python's own wording for a wrong operand is not a refusal of support
    assert "AOTD506" not in [c.code for c in diagnose_text(
        "TypeError: unsupported operand type(s) for +: 'int' and 'NoneType'").candidates]


def test_load_state_dict_s_key_lists_read_as_the_weights_and_a_failed_copy_does_not() -> None:
    keys = ('RuntimeError: Error(s) in loading state_dict for Net:\n\tMissing key(s) in state_dict: "fc.weight". \n'
            '\tUnexpected key(s) in state_dict: "head.weight". ')
    assert [(c.category.value, c.code) for c in diagnose_text(keys).candidates[:1]] == [("constant_loading", "AOTD407")]
    prefixed = keys.replace('"head.weight"', '"_orig_mod.fc.weight"')
    d = diagnose_text(prefixed)
    assert d.code == "AOTD408" and hints.STATE_DICT_OF_THE_UNCOMPILED_MODULE in d.fixes
    # the names matched and a tensor's copy failed: not a key mismatch
    copy = ('RuntimeError: Error(s) in loading state_dict for Sequential:\n\tWhile copying the parameter named '
            '"0.weight", whose dimensions in the model are torch.Size([4, 8]) and whose dimensions in the checkpoint '
            'are torch.Size([4, 8]), an exception occurred : (\'Setting requires_grad=True on inference tensor '
            'outside InferenceMode is not allowed.\',).')
    assert {"AOTD407", "AOTD408"}.isdisjoint(c.code for c in diagnose_text(copy).candidates)


def test_a_crash_inside_the_weights_copy_is_the_weights_and_one_in_the_run_is_not() -> None:
    d = diagnose_text(_log("cpu-load-constants-of-a-larger-network"))
    assert (d.candidates[0].category.value, d.candidates[0].code) == ("constant_loading", "AOTS291")
    assert "crash" in [c.category.value for c in d.candidates]  # the signal stays a candidate
    run_crash = read_structure(_log("cpu-empty-batch-segfault"))
    assert run_crash.signals and "AOTS291" not in [r.code for r in fired(run_crash)]


def test_a_kernel_check_thrown_in_two_threads_is_the_index_and_its_message_is_asked_for() -> None:
    """Two OpenMP threads of a generated CPU kernel threw its bounds check at once: the second
    terminate cut the message (captured). The reading is the index, below 0.7, with the signal
    beside it and the one-thread rerun first; a printed message of another check, or the same
    words while exporting, is not this mechanism."""
    text = _log("cpu-run-kernel-check-thrown-in-two-threads")
    d = diagnose_text(text)
    assert (d.category.value, d.code) == ("index_out_of_bounds", "AOTS304") and d.confidence < 0.7
    assert "crash" in [c.category.value for c in d.candidates] and "OMP_NUM_THREADS=1" in d.fixes[0]
    # inputs other than compiled reach the same check (AOTS352, as AOTS347 for the printed one):
    # a lidar sweep sliced to a strided view aborted so (driving vocabulary, bash's abort line)
    from tests.labelled import emitted
    sliced = diagnose_text(emitted("driving_messages.jsonl")["run-xyzir-sweep-column-slice-noncontiguous"]["message"])
    for reading in (d, sliced):
        assert ("input_mismatch", "AOTS352") in [(c.category.value, c.code) for c in reading.candidates[:3]]
    assert sliced.code == "AOTS304"
    # the fix, done (captured): the same package run in one thread prints the check, read at once
    rerun = diagnose_text(_log("cpu-run-kernel-check-terminate-one-thread"))
    assert (rerun.category.value, rerun.code) == ("index_out_of_bounds", "AOTD301") and rerun.confidence >= 0.8
    told = text.replace("terminate called recursively", "  what():  Expected all tensors to be on the same device")
    assert not {"AOTS304", "AOTS352"} & {r.code for r in fired(read_structure(told))}
    one = text.replace("terminate called recursively\n", "")  # one thread threw; its what() was lost
    assert not {"AOTS304", "AOTS352"} & {r.code for r in fired(read_structure(one))}
    at_export = text.replace("pt2_archive/_package.py\", line 743 in __call__",
                             "export/_trace.py\", line 2100 in _export")
    assert read_structure(at_export).phase.value == "export"
    assert not {"AOTS304", "AOTS352"} & {r.code for r in fired(read_structure(at_export))}


def test_a_float_dim_bound_is_the_spec_and_other_range_assertions_are_not() -> None:
    """Three captured ways a Dim bound becomes a float (true division, a numpy percentile, a JSON
    config) read as the spec, below 0.7, with int() first; the same assertion between integer
    ranges, or raised outside export's symbol creation, is not this mechanism."""
    for name in ("cpu-export-dim-max-computed-with-division", "cpu-export-dim-bound-numpy-float",
                 "cpu-export-dim-bounds-from-json-config"):
        d = diagnose_text(_log(name))
        assert (d.category.value, d.code) == ("dynamic_shape_guard", "AOTS305") and d.confidence < 0.7
        assert d.fixes[0].startswith("Give each Dim integer bounds")
    text = _log("cpu-export-dim-max-computed-with-division")
    ints = text.replace("VR[24, 2160.00000000000]", "VR[24, 2160]")
    assert "AOTS305" not in [r.code for r in fired(read_structure(ints))]
    elsewhere = "\n".join(line for line in text.splitlines()
                           if "_update_var_to_range" not in line and "create_symbol" not in line)
    assert "AOTS305" not in [r.code for r in fired(read_structure(elsewhere))]


def test_a_cache_file_that_vanished_mid_write_is_another_process_s_doing() -> None:
    # a temp file of the cache's atomic write gone before its rename: another process shares the folder
    assert [r.code for r in fired(read_structure(_log("gh-torchdynamo-1185-code-cache-tmp-file-vanished")))] == ["AOTS292"]
    # a cache folder that cannot be made, or a final cache file of a Windows path past the limit, is not
    assert "AOTS292" not in [r.code for r in fired(read_structure(_log("cpu-compile-cache-under-a-file")))]
    win = ("FileNotFoundError: [Errno 2] No such file or directory: 'C:\\Users\\u\\AppData\\Local\\Temp\\"
           "torchinductor_u\\triton\\0\\ABC\\triton_poi_fused_add_0.json'")
    assert "AOTS292" not in [r.code for r in fired(read_structure(win))]


def test_a_package_the_compile_path_imports_names_torch_and_the_environment() -> None:
    d = diagnose_text(_log("cpu-compile-in-an-environment-without-setuptools"))
    assert [(c.category.value, c.code) for c in d.candidates[:2]] == [("torch_bug", "AOTS293"),
                                                                       ("compile_toolchain", "AOTS294")]
    # a model's own optional library missing (torchvision) is not the compile path's
    other = "torch._inductor.exc.InductorError: ModuleNotFoundError: No module named 'torchvision'"
    assert not {"AOTS293", "AOTS294"} & {r.code for r in fired(read_structure(other))}


def test_the_tracer_s_refusal_is_export_s_only_when_export_is_in_sight() -> None:
    # torch.compile(fullgraph=True) refusing a print: a construct this compile does not support,
    # export's reading beside it
    d = diagnose_text(_log("cpu-compile-fullgraph-refuses-a-print"))
    assert [(c.category.value, c.code) for c in d.candidates[:2]] == [("unsupported", "AOTS295"),
                                                                       ("export_failure", "AOTD602")]
    # the same refusal inside torch.export (its frames, its words) stays export's or its mechanism's
    for name in ("cpu-export-full-backward-hook-left-registered", "cpu-export-ddp-wrapper-strict"):
        assert "AOTS295" not in [r.code for r in fired(read_structure(_log(name)))]
    # a data-dependent branch is export's classic refusal, named by its words alone
    text = "torch._dynamo.exc.Unsupported: Data-dependent branching\n"
    assert "AOTS295" not in [r.code for r in fired(read_structure(text))]


def test_a_library_given_to_the_package_loader_is_a_candidate() -> None:
    # not a zip archive: damaged (unknown, first) or a compiled .so, as the legacy API writes (AOTS226)
    d = diagnose_text(_log("cpu-load-wrapper-so-from-unzipped-package"))
    cats = [c.category.value for c in d.candidates]
    assert cats[0] == "unknown" and cats[1] == "deprecated_api" and d.candidates[1].code == "AOTS226"


@pytest.mark.parametrize("name", ["cpu-run-python-random-read-at-export", "cpu-run-attribute-changed-after-export",
                                  "cpu-run-python-counter-read-at-export",
                                  "cpu-run-global-read-at-export-assert-close"])
def test_a_value_read_once_at_export_is_named_below_wrong_numbers(name: str) -> None:
    # the user's check names only wrong numbers: numerical first; a value export read once while
    # tracing (Python randomness, an attribute, a counter, a global) is the candidate the text
    # cannot rule out (AOTS234 after a user's assertion, AOTS225 after torch.testing's words)
    d = diagnose_text(_log(name))
    assert d.category.value == "numerical" and d.confidence < 0.6
    unsupported = [c for c in d.candidates if c.category.value == "unsupported"]
    assert unsupported and unsupported[0].code in ("AOTS234", "AOTS225")
    assert unsupported[0].confidence < d.confidence


@pytest.mark.parametrize("name", ["cpu-export-autograd-functional-jacobian-in-forward",
                                  "cpu-export-autograd-hvp-in-forward", "cpu-export-autograd-grad-of-eigenvalues"])
def test_an_untraced_constant_names_both_of_its_causes(name: str) -> None:
    # export's fake-constant words: the tracer's refusal first (a .data access reads the same),
    # a gradient taken in forward (unsupported) second; neither claims the >= 0.7 band
    d = diagnose_text(_log(name))
    assert [(c.category.value, c.code) for c in d.candidates[:2]] == [("export_failure", "AOTS235"),
                                                                      ("unsupported", "AOTS237")]
    assert d.confidence < 0.6 and "outside the exported forward" in " ".join(d.fixes)


def test_signal_alone_is_crash_but_not_over_an_exception() -> None:
    assert _top("Segmentation fault (core dumped)") == "crash"
    st = read_structure("RuntimeError: CUDA error: out of memory\nSegmentation fault")
    assert score(st)[0][0] == "out_of_memory"


def test_noise_never_primary() -> None:
    text = ("W1129 14:02:11.123000 4242 torch/_export/__init__.py:74] torch._export.aot_compile()/"
            "torch._export.aot_load() is being deprecated, please switch\n"
            "/x/site-packages/torch/_inductor/lowering.py:10: UserWarning: something odd\n"
            "Traceback (most recent call last):\n"
            '  File "/x/site-packages/torch/_inductor/graph.py", line 5, in run_node\n'
            "    result = lowerings[target](*args)\n"
            "torch._inductor.exc.LoweringException: KeyError: 'buf3'\n")
    st = read_structure(text)
    assert len(st.noise) == 2 and "deprecated" not in st.error_text
    assert score(st)[0][0] == "torch_bug"


def test_empty_structure_abstains_with_a_next_call() -> None:
    st = read_structure("the model gives slightly different numbers sometimes")
    assert st.is_empty and score(st) == []
    assert "aotidebug.diagnose(" in next_measurement(st)
    run = read_structure('Traceback (most recent call last):\n  File "a.py", line 3, in <module>\n    out = m(x)\n'
                         '  File "/s/site-packages/torch/export/pt2_archive/_package.py", line 743, in __call__\n'
                         "    flat_outputs = self.loader.boxed_run(flat_inputs)\nSegmentation fault\n")
    assert run.phase is Phase.RUN and "bisect=True" in next_measurement(run)


def test_phase_prior_only_with_structure() -> None:
    st = read_structure('  File "/s/site-packages/torch/_inductor/package/package.py", line 1, in load_package\n'
                        "RuntimeError: something unexpected\n")
    cands = score(st)
    assert cands and all(w <= PRIOR_CAP for _, w, _ in cands)
    assert any(why[0].startswith("prior") for _, _, why in cands)


def test_merge_keyword_rules_do_not_corroborate() -> None:
    st = read_structure("Error: CUDA error: an illegal memory access was encountered")
    merged = merge([("opaque_runtime_error", 0.74, "AOTD907"), ("illegal_memory_access", 0.7, "AOTD302")], st)
    assert merged[0][0] == "opaque_runtime_error"


def test_merge_structure_supersedes_wording() -> None:
    st = read_structure(_log("gh-pytorch-111711-conflicting-declaration"))
    merged = merge([("compile_toolchain", 0.72, "AOTD501")], st)
    assert merged[0][0] == "torch_bug"


def test_merge_adds_structural_candidate_and_unknown_only_when_nothing() -> None:
    st = read_structure(_log("gh-pytorch-141197-lowering"))
    assert merge([], st)[0][0] == "torch_bug"
    assert merge([], read_structure("nothing here"))[0][0] == "unknown"


def test_text_for_patterns_drops_noise_only_with_an_error() -> None:
    banner = ("W1129 14:02:11.123000 4242 torch/_export/__init__.py:74] torch._export.aot_compile()/"
              "torch._export.aot_load() is being deprecated, please switch")
    alone = read_structure(banner)
    assert text_for_patterns(banner, alone) == banner
    text = banner + "\nRuntimeError: CUDA error: out of memory"
    kept = text_for_patterns(text, read_structure(text))
    assert "deprecated" not in kept and "out of memory" in kept


def test_a_notice_printed_on_every_run_is_never_a_reading() -> None:
    """The CUDA wheel on a host without a GPU logs its CUDA_HOME at every compile (real text of a
    successful run on torch 2.14.1+cu130, no GPU): no toolkit cause, and its words name no phase."""
    log = ("/v/site-packages/torch/_subclasses/functional_tensor.py:368: UserWarning: Failed to initialize "
           "NumPy: No module named 'numpy' (Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/"
           "tensor_numpy.cpp:84.)\n"
           '  cpu = _conversion_method_template(device=torch.device("cpu"))\n'
           "W1202 02:05:35.787000 23452 torch/utils/cpp_extension.py:183] No CUDA runtime is found, using "
           "CUDA_HOME='/usr/local'\n"
           "tensor([[-1.9332,  0.1263, -1.4985, -0.4999,  0.9689,  0.4339, -0.0316,  1.0928]])\n")
    st = read_structure(log)
    assert not st.has_error and st.phase is Phase.UNKNOWN
    assert "CUDA_HOME" not in text_for_patterns(log, st)
    assert diagnose_text(log).category.value == "unknown"
    # with an error, the notice stays noise and the error decides
    err = log + "RuntimeError: CUDA error: out of memory\n"
    assert diagnose_text(err).category.value == "out_of_memory"


@pytest.mark.parametrize("text,category", [
    ("OSError: libcudart.so.12: cannot open shared object file: No such file or directory\n"
     '  File "/s/site-packages/torch/_inductor/package/package.py", line 9, in load_package\n', "version_mismatch"),
    ('Traceback (most recent call last):\n  File "/s/site-packages/torch/_inductor/async_compile.py", line 3, in triton\n'
     "    kernel.precompile()\ntriton.compiler.errors.CompilationError: at 12:4: unsupported operand\n", "torch_bug"),
])
def test_more_mechanisms(text: str, category: str) -> None:
    assert _top(text) == category


@pytest.mark.parametrize("text", [
    "FAILED inductor/test_aot_inductor.py::AOTInductorTestABICompatibleCpu::test_foo_cpu - RuntimeError: boom",
    "$ python test/inductor/test_aot_inductor.py -k test_bar\nRuntimeError: Expected to find \"grid_0\" but did not find it",
    "ERROR: test_baz_cuda (__main__.AOTInductorTestABICompatibleGpu)\nAssertionError: 3 != 4",
])
def test_torch_own_test_suite_failing_is_torch_s(text: str) -> None:
    """AOTS119: the failing program is torch's own AOTI test: a weak torch_bug reading (0.4),
    below any pattern that names a cause."""
    from aotidebug.core.routing.classify import diagnose_text

    d = diagnose_text(text)
    assert d.category.value == "torch_bug" and d.confidence < 0.6, d.candidates
    # a named cause in the same text still decides
    assert _top(text + "\nRuntimeError: CUDA error: out of memory") == "out_of_memory"


def test_test_program_is_read_from_a_frame_and_not_from_a_user_test() -> None:
    tb = ('Traceback (most recent call last):\n'
          '  File "/src/pytorch/test/inductor/test_aot_inductor.py", line 412, in test_foo\n'
          "    self.check_model(Model(), example_inputs)\n"
          "AssertionError: Tensor-likes are not close!\n")
    assert read_structure(tb).test_program == "test_aot_inductor.py"
    mine = tb.replace("/src/pytorch/test/inductor/test_aot_inductor.py", "/home/me/test_mymodel.py")
    st = read_structure(mine)
    assert st.test_program == "test_mymodel.py" and "AOTS119" not in {r.code for r in fired(st)}


def test_test_program_is_the_innermost_test_frame_not_the_harness() -> None:
    """torch's test harness wraps every test (`test_torchinductor.py new_test`): the test that
    failed is the innermost test file on the stack."""
    tb = ('Traceback (most recent call last):\n'
          '  File "/src/pytorch/test/inductor/test_torchinductor.py", line 100, in new_test\n'
          "    return value(self)\n"
          '  File "/src/pytorch/test/inductor/test_aot_inductor.py", line 412, in test_foo\n'
          "    self.check_model(Model(), example_inputs)\n"
          "AssertionError: Tensor-likes are not close!\n")
    st = read_structure(tb)
    assert st.test_program == "test_aot_inductor.py"
    assert "AOTS119" in {r.code for r in fired(st)}


def test_integer_division_by_zero_is_read_as_what_it_is() -> None:
    """torch 2.13 CPU kernels check integer division and raise (no SIGFPE): a value problem."""
    from aotidebug.core.routing.classify import diagnose_text

    text = ("Traceback (most recent call last):\n  File \"run.py\", line 9, in <module>\n    out = model(a, b)\n"
            "RuntimeError: inductor_cpu_throw_if_integer_div_error: ZeroDivisionError: integer division "
            "or modulo by zero")
    d = diagnose_text(text)
    assert d.category.value == "numerical" and d.code == "AOTS145"


# A C++ semantic error quoted without its file (prose, a cut log): gcc, clang, MSVC and nvcc
# phrasings; AOTI compiles only the code it generated, so the code is wrong, not the tools.
QUOTED_CODEGEN = [
    "aot_compile fails: the build says `error: 'buf3_size' was not declared in this scope`",
    "compiling the package gives error: use of undeclared identifier 'ks0'",
    "cpp_wrapper build: error C2065: 'tmp_acc0': undeclared identifier",
    'nvcc reports error: identifier "my_stream" is undefined while building the .cu',
    "error: 'class at::Tensor' has no member named 'data_ptr_impl'",
    "error: no matching function for call to 'reinterpret_tensor_wrapper(int, int)'",
    "error: invalid user-defined conversion from 'RAIIAtenTensorHandle' to 'int64_t' [-fpermissive]",
    "the wrapper fails with error: no match for 'operator=' (operand types are 'ArrayRefTensor<float>' and 'int')",
    "error: too many arguments to function 'void cpp_fused_add_0(const float*, float*)'",
    "error: redefinition of 'int64_t u0'",
    "error: conflicting declaration 'auto buf3'",
]


@pytest.mark.parametrize("text", QUOTED_CODEGEN)
def test_quoted_compile_error_is_generated_code(text: str) -> None:
    from aotidebug.core.routing.classify import diagnose_text

    st = read_structure(text)
    assert [d.origin.value for d in st.diagnostics] == ["unplaced"], st.diagnostics
    d = diagnose_text(text + "\nC++ compile error")     # AOTD507's bare words do not win over it
    assert d.category.value == "torch_bug" and d.code in ("AOTS129", "AOTD901"), d.candidates


def test_bare_build_failure_is_a_symptom() -> None:
    """"C++ compile error" and nothing else does not say whether the tools or the generated code
    failed: a weak toolchain reading, below what a named missing header or tool gives."""
    from aotidebug.core.routing.classify import diagnose_text

    bare = diagnose_text("torch._inductor.exc.InductorError: CppCompileError: C++ compile error")
    assert bare.category.value == "compile_toolchain" and bare.confidence < 0.6, bare.candidates
    env = diagnose_text("CppCompileError: C++ compile error\n"
                        "/tmp/torchinductor_me/ab/cab.cpp:2:10: fatal error: omp.h: No such file or directory")
    assert env.category.value == "compile_toolchain" and env.confidence >= 0.66, env.candidates
    assert env.confidence > bare.confidence


def test_generated_code_error_outranks_build_failure_words() -> None:
    """A title that says "C++ compiler error" is the symptom; the compiler's own message on the
    generated file is the cause (the code AOTI emitted is wrong)."""
    from aotidebug.core.routing.classify import diagnose_text

    text = ("[aoti] C++ compiler error on MyModel\n"
            "/tmp/torchinductor_me/xy/cxyzwrapper.cpp:88:5: error: conflicting declaration 'auto buf3'")
    d = diagnose_text(text)
    assert d.category.value == "torch_bug", d.candidates


@pytest.mark.parametrize("text", [
    "error: 'aoti_torch_cpu__embedding_bag' was not declared in this scope",
    "clang: error: use of undeclared identifier 'aoti_torch_cuda_normal_functional'",
    "got error: 'aoti_torch_mps_addmm_out' was not declared in this scope when compiling",
])
def test_quoted_undeclared_shim_is_unsupported(text: str) -> None:
    assert _top(text) == "unsupported"


def test_quoted_diag_is_not_everything() -> None:
    assert read_structure("RuntimeError: variable is undefined").diagnostics == ()   # no compiler `error:`
    env = read_structure("fatal error: cuda_runtime.h: No such file or directory")
    assert [d.origin.value for d in env.diagnostics] == ["env_missing_header"]      # the environment
    assert _top("fatal error: cuda_runtime.h: No such file or directory") == "compile_toolchain"


def test_pattern_text_leaves_out_c10_frames_by_their_shape() -> None:
    log = ("RuntimeError: mat1 and mat2 must have the same dtype\n"
           "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x9d (0x7f in /lib/libc10.so)\n"
           "frame #1: aoti_torch_cpu_addmm_out + 0xd7 (0x7f in /lib/libtorch_cpu.so)\n"
           "Exception raised from meta at LinearAlgebra.cpp:194")
    kept = text_for_patterns(log, read_structure(log))
    assert "frame #" not in kept and "same dtype" in kept and "Exception raised from meta" in kept
    # a live exception's structure is read from other text: lines are matched by shape, not index
    other = read_structure("x\ny\n" + log)
    assert text_for_patterns("a\nb\nc\nd\ne", other) == "a\nb\nc\nd\ne"
    # no c10 frame read: the text is left as it is
    assert text_for_patterns("frame #0: not c10 (really)", read_structure("plain")) == "frame #0: not c10 (really)"


def test_exception_carrying_a_toolkit_message_names_the_diagnostic() -> None:
    """Inductor wraps the toolkit's own words in its exception ("InductorError: OSError: CUDA_HOME
    ... not set"): the diagnostic is read from the exception line, so the missing toolkit (the
    root cause) outranks the wrapper's torch_bug reading."""
    from aotidebug.core.routing.classify import diagnose_text

    text = ('  File "/venv/lib/python3.11/site-packages/torch/utils/cpp_extension.py", line 2400, in _join_cuda_home\n'
            "    raise OSError('CUDA_HOME environment variable is not set. '\n"
            "torch._inductor.exc.InductorError: OSError: CUDA_HOME environment variable is not set. "
            "Please set it to your CUDA install root.")
    st = read_structure(text)
    assert [d.diag.kind for d in st.diagnostics] == ["missing_compiler"], st.diagnostics
    d = diagnose_text(text)
    assert d.category.value == "compile_toolchain", d.candidates


def test_bare_not_implemented_inside_a_wrapper_is_read() -> None:
    """A bare `raise NotImplementedError` wrapped by Inductor prints "InductorError:
    NotImplementedError:" with no message: the inner type is still read, so the missing feature
    (unsupported), not the wrapper (torch_bug), is the reading."""
    from aotidebug.core.routing.classify import diagnose_text

    text = ('  File "/venv/lib/python3.12/site-packages/torch/_inductor/codegen/cpp_wrapper_cpu.py", line 90, '
            "in codegen_some_hop\n    raise NotImplementedError\n"
            "torch._inductor.exc.InductorError: NotImplementedError:")
    st = read_structure(text)
    assert "NotImplementedError" in st.chain[-1].inner_types, st.chain
    assert diagnose_text(text).category.value == "unsupported"


def test_advice_lines_in_an_export_error_are_not_its_mechanism() -> None:
    """Every constraint violation carries `TORCH_LOGS="+dynamic"` advice: the word "dynamic" in it
    must not read as data-dependent control flow (export_failure); the violation is the cause."""
    text = ('torch._dynamo.exc.UserError: Constraints violated (b)! For more information, run with '
            'TORCH_LOGS="+dynamic".\n  - Not all values of b = L[\'x\'].size()[0] in the specified range '
            "b <= 64 satisfy the generated guard 2 <= L['x'].size()[0] and L['x'].size()[0] <= 16\n")
    d = diagnose_text(text)
    assert d.category.value == "dynamic_shape_guard"
    assert "export_failure" not in [c.category.value for c in d.candidates[:1]]
    assert diagnose_text("torch._dynamo.exc.UserError: Could not guard on data-dependent expression "
                         "u0 > 3").category.value == "export_failure"


def test_python_container_index_errors_are_not_kernel_indexing() -> None:
    from aotidebug.core.routing.classify import classify

    for text in ("IndexError: list index out of range", "IndexError: tuple index out of range",
                 "IndexError: string index out of range"):
        assert "AOTD305" not in [m.code for m in classify(text)], text
    assert "AOTD305" in [m.code for m in classify("RuntimeError: index 9 is out of range for dimension 0")]


def test_what_export_does_not_support_is_an_export_failure() -> None:
    text = ("Traceback (most recent call last):\n"
            '  File "/s/site-packages/torch/export/_trace.py", line 2233, in _non_strict_export\n'
            "    aten_export_artifact = _to_aten_func(\n"
            '  File "/s/site-packages/torch/_export/non_strict_utils.py", line 1205, in __torch_function__\n'
            "    return func(*args, **kwargs)\n"
            "RuntimeError: .item() is not supported for tensor subclasses.\n")
    assert _top(text) == "export_failure"


def test_a_printed_tensor_holding_inf_or_nan_is_numerical() -> None:
    text = ("Traceback (most recent call last):\n  File \"check.py\", line 8, in <module>\n"
            "AssertionError: tensor([[ 1.2e+02,  7.6e+03],\n        [        inf, -2.9e-01]],\n"
            "       dtype=torch.float16)\n")
    assert diagnose_text(text).category.value == "numerical"
    assert diagnose_text("AssertionError: tensor([0.5000, 0.7000]) != expected").category.value != "numerical"


def test_a_missing_device_runner_is_the_device_not_the_legacy_api() -> None:
    """The legacy aot_load raised, but because this torch build has no CUDA runner: the legacy
    API's own argument handling (AOTS170) is not what failed; a dlopen failure is the loader's."""
    assert diagnose_text(_log("cpu-legacy-load-cuda")).category.value == "device_mismatch"
    text = ("Traceback (most recent call last):\n"
            '  File "/s/site-packages/torch/_export/__init__.py", line 170, in aot_load\n'
            "    runner = torch._C._aoti.AOTIModelContainerRunnerCpu(so_path, 1)\n"
            "RuntimeError: Error in dlopen: /tmp/c/x.wrapper.so: cannot open shared object file: "
            "No such file or directory\n")
    assert "AOTS170" not in [r.code for r in fired(read_structure(text))]


_SITE = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/torch"


def test_the_package_api_calling_legacy_internals_is_not_the_legacy_api() -> None:
    """aoti_compile_and_package calls aot_compile -> compile_fx_aot: an error raised there, entered
    through the package API, is not the legacy API's (AOTS170); captured on torch 2.13 CPU with an
    invalid config pair. Without the package API's frames the legacy reading stands for what the
    legacy API itself raised; the options' own check is the options' (AOTS318, stop 56)."""
    frames = [("/tmp/cap/g.py", 6, "<module>"),
              (f"{_SITE}/_inductor/__init__.py", 153, "aoti_compile_and_package"),
              (f"{_SITE}/_inductor/debug.py", 1442, "aot_inductor_minifier_wrapper"),
              (f"{_SITE}/_inductor/__init__.py", 196, "_aoti_compile_and_package_inner"),
              (f"{_SITE}/_inductor/__init__.py", 312, "aot_compile"),
              (f"{_SITE}/_inductor/compile_fx.py", 2089, "compile_fx_aot"),
              (f"{_SITE}/_inductor/utils.py", 4523, "maybe_aoti_standalone_config"),
              (f"{_SITE}/_inductor/utils.py", 4499, "patch_config")]
    msg = ("RuntimeError: Invalid config: aot_inductor.package_cpp_only=True when "
           "aot_inductor_mode.compile_standalone is True.\n")

    def trace(fr, m=msg):
        return "Traceback (most recent call last):\n" + "".join(
            f'  File "{p}", line {n}, in {f}\n    x = y\n' for p, n, f in fr) + m

    assert "AOTS170" not in [r.code for r in fired(read_structure(trace(frames)))]
    # the options' own check of the standalone mode is the options, through either API (AOTS318)
    legacy = [frames[0]] + frames[4:]   # the user called aot_compile itself
    for fr in (frames, legacy):
        assert [r.code for r in fired(read_structure(trace(fr)))] == ["AOTS318"]
    # the legacy API's own handling, raised in compile_fx_aot itself, stands as the legacy API's
    own = trace([frames[0]] + frames[4:6], "AssertionError: model_ must be a GraphModule\n")
    assert "AOTS170" in [r.code for r in fired(read_structure(own))]


def test_a_failed_assert_close_is_the_user_s_check_with_its_silent_causes() -> None:
    """torch.testing raised for the user's own check (not a torch internal error), and wrong
    numbers without an error also name the causes AOTI accepts silently: an input or a weight in
    another layout (AOTS157/AOTS158), below the numerical reading."""
    text = ("Traceback (most recent call last):\n"
            '  File "/srv/check.py", line 2, in <module>\n'
            "    torch.testing.assert_close(out, ref)\n"
            f'  File "{_SITE}/testing/_comparison.py", line 1631, in assert_close\n'
            "    raise error_metas[0].to_error(msg)\n"
            "AssertionError: Tensor-likes are not close!\n\n"
            "Mismatched elements: 6 / 6 (100.0%)\n"
            "Greatest absolute difference: 1.0 at index (0, 0) (up to 1e-05 allowed)\n")
    assert read_structure(text).raise_site == "user"
    d = diagnose_text(text)
    assert [c.category.value for c in d.candidates][:3] == ["numerical", "input_mismatch", "constant_loading"]
    assert d.confidence < 0.7


@pytest.mark.parametrize("diff,want", [("539.418212890625", "numerical"), ("3.2e+09", "numerical"),
                                       ("7.122824318176921e+26", "input_mismatch"), ("1.5e+10", "input_mismatch")])
def test_a_difference_no_arithmetic_makes_is_bytes_read_another_way(diff: str, want: str) -> None:
    """Off by 1e10 or more against a 1e-5 tolerance: the kernel read an input's bytes as another
    dtype or layout (AOTD110); a plausible difference stays numerical, the input second."""
    text = ("AssertionError: Tensor-likes are not close!\n\nMismatched elements: 13 / 16 (81.2%)\n"
            f"Greatest absolute difference: {diff} at index (1, 4) (up to 1e-05 allowed)\n")
    cats = [c.category.value for c in diagnose_text(text).candidates]
    assert cats[0] == want and "input_mismatch" in cats[:2]


@pytest.mark.parametrize("path,fn,user", [("<string>", "<module>", True), ("<stdin>", "<module>", True),
                                          ("<ipython-input-3-2f1c>", "<module>", True),
                                          ("<string>", "__init__", False),   # dataclasses' generated code
                                          ("<frozen importlib._bootstrap>", "_call_with_frames_removed", False)])
def test_code_the_user_typed_is_the_user_s(path: str, fn: str, user: bool) -> None:
    """`python -c`, a prompt or a notebook cell is the user's code; other pseudo-files are not."""
    text = f'Traceback (most recent call last):\n  File "{path}", line 7, in {fn}\nAssertionError: tensor([0., 0.])\n'
    assert read_structure(text).raise_site == ("user" if user else "stdlib")


def test_the_user_s_own_assert_reads_as_wrong_output_but_not_over_its_helper_s_words() -> None:
    """A bare AssertionError raised by the user's code is their check of the output (AOTS146,
    numerical, moderate); raised inside a library it is not; and a comparison helper's own
    "not close" stays with the patterns that read it (AOTD806/AOTD110)."""
    user = 'Traceback (most recent call last):\n  File "<string>", line 7, in <module>\nAssertionError: tensor([7, -3])\n'
    d = diagnose_text(user)
    assert (d.category.value, d.code) == ("numerical", "AOTS146") and d.confidence < 0.5
    lib = ("Traceback (most recent call last):\n  File \"/srv/run.py\", line 3, in <module>\n    f()\n"
           f'  File "{_SITE}/_inductor/ir.py", line 9, in f\n    assert x\nAssertionError: tensor([7, -3])\n')
    assert "AOTS146" not in [r.code for r in fired(read_structure(lib))]
    helper = user.replace("tensor([7, -3])", "Tensor-likes are not close!")
    assert "AOTS146" not in [r.code for r in fired(read_structure(helper))]


def test_a_crash_in_the_compiled_run_names_an_unchecked_input_below_it() -> None:
    """AOTI checks no input unless asked: a crash during the run names the input contract below
    the crash (AOTS159), beside the weights (AOTS263); an illegal instruction does not (a CPU
    without the ISA)."""
    run = ("Fatal Python error: Segmentation fault\n\nCurrent thread 0x00007f (most recent call first):\n"
           f'  File "{_SITE}/export/pt2_archive/_package.py", line 743 in __call__\n'
           '  File "/srv/serve.py", line 9 in <module>\n')
    d = diagnose_text(run)
    assert [c.category.value for c in d.candidates][:3] == ["crash", "constant_loading", "input_mismatch"]
    sigill = run.replace("Segmentation fault", "Illegal instruction")
    assert "AOTS159" not in [r.code for r in fired(read_structure(sigill))]


def test_torchscript_frames_are_their_own_subsystem() -> None:
    """AOTI never calls torch.jit: an error raised there is TorchScript's (AOTS171), and its trace
    check's "not close" is not a numerical reading."""
    text = ("Traceback (most recent call last):\n  File \"<string>\", line 5, in <module>\n"
            f'  File "{_SITE}/jit/_script.py", line 1443, in script\n    ret = _script_impl(\n'
            f'  File "{_SITE}/jit/_recursive.py", line 532, in create_script_class\n    x = y\n'
            f'  File "{_SITE}/_jit_internal.py", line 147, in _qualified_name\n    raise RuntimeError(x)\n'
            "RuntimeError: a generic message\n")
    st = read_structure(text)
    assert st.subsystem.value == "torchscript"
    assert diagnose_text(text).code == "AOTS171"


@pytest.mark.parametrize("expr", ["u0 >= 4", "Eq(PythonMod(u3, 8), 0)", "u0**2 <= 50", "Ne(s1, 7)"])
def test_a_wrapper_assert_over_any_symbol_expression_is_a_guard(expr: str) -> None:
    """The generated wrapper asserts sympy expressions over size/unbacked symbols (AOTD109)."""
    d = diagnose_text(f"RuntimeError: Expected {expr} but received 10\n")
    assert (d.category.value, d.code) == ("dynamic_shape_guard", "AOTD109")
    assert diagnose_text("ValueError: Expected a non-empty value but received 10\n").code != "AOTD109"


def test_a_derived_input_size_names_the_inputs_and_the_relation() -> None:
    """`Error in op: input` with two different sizes is the wrapper's check of a size derived from
    another input: the inputs that disagree first (AOTD111), the relation beside it (AOTS262);
    equal sizes with another stride are a layout, and the generated input checks' own message for
    a static size stays input_mismatch."""
    run = (f'Traceback (most recent call last):\n  File "/srv/a.py", line 5, in <module>\n    m(x, y)\n'
           f'  File "{_SITE}/export/pt2_archive/_package.py", line 743, in __call__\n    x = y\n')
    derived = run + "RuntimeError: expected size 7==5, stride 1==1 at dim=0\nError in op: input\n"
    d = diagnose_text(derived)
    assert [(c.code, c.category.value) for c in d.candidates[:2]] == [
        ("AOTD111", "input_mismatch"), ("AOTS262", "dynamic_shape_guard")]
    assert d.confidence < 0.7
    stride = derived.replace("7==5, stride 1==1", "4==4, stride 1==8")
    assert diagnose_text(stride).category.value == "input_mismatch"
    static = run + "RuntimeError: input_handles[0]: unmatched dim value at 0, expected: 5, but got: 7\n"
    assert diagnose_text(static).category.value == "input_mismatch"


def _user_then(msg: str, *torch_frames: tuple[str, int, str]) -> str:
    return ("Traceback (most recent call last):\n  File \"/srv/deploy.py\", line 3, in <module>\n    go()\n"
            + "".join(f'  File "{_SITE}/{p}", line {n}, in {f}\n    x = y\n' for p, n, f in torch_frames) + msg + "\n")


def test_a_removed_torch_api_called_by_the_user_is_not_a_torch_bug() -> None:
    """`module 'torch.export' has no attribute ...` raised in the user's own line: a recipe for
    another torch (AOTS175); raised inside torch it stays torch's (AOTS127, and for one of torch's
    own submodules not yet imported, AOTS310, which explains it); a missing AOTI entry point is not
    read as removed (a torch too old for the recipe)."""
    user = _user_then("AttributeError: module 'torch._export' has no attribute 'export'")
    assert diagnose_text(user).code == "AOTS175"
    inside = _user_then("AttributeError: module 'torch._inductor' has no attribute 'codecache'",
                        ("_inductor/package/package.py", 40, "load_package"))
    codes = [r.code for r in fired(read_structure(inside))]
    assert "AOTS310" in codes and "AOTS175" not in codes
    inside_other = _user_then("AttributeError: module 'torch._inductor' has no attribute 'aot_compile_v9'",
                              ("_inductor/package/package.py", 40, "load_package"))
    assert "AOTS127" in [r.code for r in fired(read_structure(inside_other))]
    too_old = _user_then("AttributeError: module 'torch._inductor' has no attribute 'aoti_load_package'")
    assert "AOTS175" not in [r.code for r in fired(read_structure(too_old))]


def test_a_dim_definition_is_the_spec_but_a_spec_of_another_structure_is_export_s() -> None:
    """torch.export.dynamic_shapes refusing a Dim (AOTS109, dynamic_shape_guard); a spec that does
    not match the inputs' structure names no Dim and stays an export failure."""
    dim = _user_then("NotImplementedError: Attempted to add 1.5 to b, where an integer was expected. "
                     "(Only increasing linear operations with integer coefficients are supported.)",
                     ("export/dynamic_shapes.py", 240, "__add__"))
    assert diagnose_text(dim).category.value == "dynamic_shape_guard"
    spec = _user_then("torch._dynamo.exc.UserError: Expected dynamic_shapes of a tuple to have 2 elements, got 3",
                      ("export/__init__.py", 280, "export"), ("export/dynamic_shapes.py", 700, "_tree_map_with_path"))
    assert diagnose_text(spec).category.value == "export_failure"


def test_a_user_shape_check_is_the_input_contract() -> None:
    """The user's assert printing a torch.Size: a static program returned its compiled shape."""
    d = diagnose_text(_user_then("AssertionError: torch.Size([2, 8])"))
    assert (d.category.value, d.code) == ("input_mismatch", "AOTS147")


def test_the_host_refusing_the_loader_is_a_named_unknown() -> None:
    """A host limit hit while the loader extracts the package is outside AOTI's families: the
    reading is `unknown`, but named, with the host's fix and no abstention step first (real
    capture: a 4 KB file-size limit at load)."""
    d = diagnose_text(_log("cpu-load-file-size-limit"))
    assert d.category.value == "unknown" and d.code == "AOTS186" and d.confidence == 0.5
    assert "TMPDIR" in d.fixes[0] and [c.category.value for c in d.candidates].count("unknown") == 1
    # at compile the same limits are the build environment's, never this reading
    st = read_structure('  File "/s/site-packages/torch/_inductor/codecache.py", line 9, in write\n'
                        "OSError: [Errno 28] No space left on device\n")
    assert all(r.code != "AOTS186" for r in fired(st))


def test_c10_frames_are_no_ones_words() -> None:
    """A frame's library path and C++ names (`libtorch_cpu.so`, `std::allocator`) are no one's
    words: the signs come from the text around the frames (real CPU log; with the frames read as
    words it showed signs of a toolchain and of memory)."""
    st = read_structure(_log("cpu-float64-input"))
    assert st.cpp_frames and "frame #" not in st.words and "libtorch_cpu.so" not in st.words
    assert not st.has_signs("compile_toolchain") and not st.has_signs("out_of_memory")
    assert st.has_signs("input_mismatch")


@pytest.mark.parametrize("name", ["cpu-shape-2x9", "cpu-empty-batch-checked"])
def test_a_size_against_a_fixed_size_names_the_specialised_axis_second(name: str) -> None:
    """AOTS195: a run-time size that differs from a fixed one is the input's, or an axis export
    specialised: the second reading is dynamic_shape_guard, never above the input contract."""
    d = diagnose_text(_log(name))
    cats = [c.category.value for c in d.candidates]
    assert cats[0] == "input_mismatch" and cats[1] == "dynamic_shape_guard"
    assert d.candidates[1].code == "AOTS195"
    assert d.confidence < 0.7  # two causes read the same words: no single-cause confidence


def test_a_dtype_or_arity_mismatch_names_no_specialised_axis() -> None:
    for name in ("cpu-float64-input-checked", "cpu-two-args", "cpu-kwarg-mismatch"):
        assert "AOTS195" not in [c.code for c in diagnose_text(_log(name)).candidates], name


def test_an_application_file_shadowing_a_library_is_a_named_unknown() -> None:
    """AOTS198: the import found the application's own sympy.py; the host's cause, with its fix."""
    d = diagnose_text(_log("cpu-export-app-file-shadows-sympy"))
    assert d.category.value == "unknown" and d.code == "AOTS198"
    assert any("rename" in f for f in d.fixes)
    # a library's own broken import (its path under site-packages) is not that reading
    text = ("Traceback (most recent call last):\n  File \"/usr/lib/python3/site-packages/torch/_inductor/codecache.py\", "
            "line 9, in <module>\n    from filelock import FileLock\nImportError: cannot import name 'FileLock' "
            "from 'filelock' (/usr/lib/python3/site-packages/filelock/__init__.py)\n")
    assert "AOTS198" not in [c.code for c in diagnose_text(text).candidates]


def test_the_package_api_refusing_a_graph_module_names_the_older_recipe_second() -> None:
    """AOTS138: "Only ExportedProgram is supported" is the declared limit and, as often, a
    GraphModule from an older recipe: both are named, neither at >= 0.7."""
    d = diagnose_text(_log("cpu-compile-unlifted-module"))
    cats = [c.category.value for c in d.candidates]
    assert cats[:2] == ["unsupported", "deprecated_api"] and d.confidence < 0.7


def test_a_dtype_mix_inside_the_compiled_model_names_the_weights_second() -> None:
    """AOTS213: an op of the compiled model meeting two dtypes at run is the input's, or weights
    converted after export: the input reading stays first, under the single-cause band."""
    d = diagnose_text(_log("cpu-run-float64-rows-into-linear-package"))
    assert [c.category.value for c in d.candidates][:2] == ["input_mismatch", "constant_loading"]
    assert d.candidates[1].code == "AOTS213" and d.confidence < 0.7
    # the same words while tracing are not a package's weights
    assert "AOTS213" not in [c.code for c in diagnose_text(_log("cpu-export-half-matrix-inverse")).candidates]


def test_keywords_of_an_earlier_release_and_of_no_release_read_apart() -> None:
    """AOTS177 / AOTS207 / AOTS210: a keyword the call took in an earlier release is an older recipe;
    one it never took is an option it does not support; the legacy API given either is the legacy API."""
    assert diagnose_text(_log("cpu-export-old-keyword")).code == "AOTS177"
    assert diagnose_text(_log("cpu-compile-optimize-keyword")).code == "AOTS207"
    assert diagnose_text(_log("cpu-legacy-load-given-package-option")).code == "AOTS210"


def test_a_one_line_inductor_error_is_read_in_the_compile_phase() -> None:
    """Only compile raises InductorError: a quote without frames still has its phase, and a declared
    limit in it (two options taken one at a time) reads as one (AOTS202)."""
    text = ("torch._inductor.exc.InductorError: RuntimeError: Only one of use_mmap_weights and "
            "use_mmap_weights_external should be true")
    st = read_structure(text)
    assert st.phase is Phase.COMPILE and st.phase_source == "type: InductorError"
    assert diagnose_text(text).code == "AOTS202"
    assert read_structure("RuntimeError: something failed").phase is not Phase.COMPILE


def test_the_tracers_hint_lines_are_advice_not_the_cause() -> None:
    """Dynamo's graph-break advice ("Hint: ... clamping inf/nan values ...") names what to try; its
    words never decide the reading (it read numerical at 0.70 on a data-dependent while_loop)."""
    text = ("torch._dynamo.exc.UncapturedHigherOrderOpError: This higher order operator doesn't work "
            "unless it is captured completely with torch.compile. Got graph break/error:\n\n"
            "Data-dependent branching\n  Higher Order Operator: torch.while_loop\n"
            "  Explanation: Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`).\n"
            "  Hint: For the common pattern `if tensor_cond: x = transform(x)` (e.g. clamping inf/nan "
            "values), consider making the code branchless.\n  Hint: Use `torch.cond` to express dynamic "
            "control flow.\n")
    d = diagnose_text(text)
    assert d.category.value == "export_failure"
    assert "numerical" not in [c.category.value for c in d.candidates]
    st = read_structure(text)
    assert "clamping" not in text_for_patterns(text, st) and "Data-dependent" in text_for_patterns(text, st)


@pytest.mark.parametrize("name", ["cpu-compile-config-patch-misspelt-option", "cpu-compile-config-removed-option-set",
                                  "cpu-compile-inductor-configs-unknown-key",
                                  # torch.compile's options= in its own words, with the list of every
                                  # option name it knows (names, which no pattern reads)
                                  "cpu-compile-options-of-another-release"])
def test_a_config_option_this_torch_lacks_names_each_cause_it_can_have(name: str) -> None:
    # another torch's option, or one renamed or removed since (version_mismatch), misspelt or guessed
    # (unsupported), renamed with a deprecation (deprecated_api): the words do not tell them apart, so
    # each is named and none claims 0.5; labelled reports put another release first (4 of 6)
    d = diagnose_text(_log(name))
    cats = [c.category.value for c in d.candidates[:3]]
    assert cats == ["version_mismatch", "unsupported", "deprecated_api"]
    assert d.code == "AOTS243" and d.confidence < 0.5


def _notes_only(text: str) -> str:
    """A compile log cut down to the compiler's notes and the code lines they quote, as reports do."""
    return "\n".join(line for line in text.splitlines() if "error:" not in line)


def test_an_excerpt_of_compiler_notes_in_generated_code_is_read() -> None:
    # a real compile failure in generated code, cut to its notes: the note names the generated file
    log = _notes_only(_log("gh-pytorch-111711-conflicting-declaration"))
    assert ": note:" in log and ": error:" not in log
    s = read_structure(log)
    assert [d.diag.severity for d in s.diagnostics] == ["note"]
    assert _top(log) == "torch_bug"


def test_compiler_notes_after_a_warning_are_not_an_error() -> None:
    # a note explains a warning as often as an error: with a warning in the text, notes are not read
    log = _notes_only(_log("gh-pytorch-111711-conflicting-declaration"))
    warned = log.replace(": note:", ": warning: unused variable ‘tmp0’\n/tmp/torchinductor_u/ab/x.cpp:9:5: note:", 1)
    assert read_structure(warned).diagnostics == ()


def test_an_attribute_torch_misses_on_its_own_objects_is_not_triton_s() -> None:
    # AOTS248 names triton's classes: the same words about a torch object stay an internal error
    text = ("  File \"/x/site-packages/torch/_inductor/utils.py\", line 475, in get_kernel_metadata\n"
            "    key = str(node.meta[\"original_aten\"]._overloadpacket)\n"
            "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
            "AttributeError: 'NoneType' object has no attribute '_overloadpacket'\n")
    d = diagnose_text(text)
    assert d.category.value == "torch_bug" and "AOTS248" not in [c.code for c in d.candidates]


@pytest.mark.parametrize("line, piece", [
    ("g++ /srv/My Models/cache/ab/cd.wrapper.cpp -D X -o /srv/My Models/cache/ab/cd.so", "/srv/My Models/cache/ab/cd.wrapper.cpp"),
    ("cl /I C:/Program Files/Python/Include /D TORCH_INDUCTOR_CPP_WRAPPER /MD", "C:/Program Files/Python/Include"),
    ("x86_64-linux-gnu-g++-12 -O2 -I/opt/shared env/torch/include /tmp/a/b.cpp", "-I/opt/shared env/torch/include"),
    ("g++: fatal error: input file ‘/tmp/build’ is the same as output file", "/tmp/build"),
])
def test_a_path_split_on_the_compile_command_is_read(line: str, piece: str) -> None:
    from aotidebug.core.text.compile_command import read_split_path
    assert read_split_path(line) == piece


@pytest.mark.parametrize("line", [
    "g++ /tmp/a/b.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -I/usr/include -L/usr/lib -ltorch -o /tmp/a/b.so",
    "cl /I C:/Python/Include /D TORCH /DLL /MD /O2 /std:c++20 C:/tmp/x.cpp /LD /Fe C:/tmp/x.pyd",
    "clang++ /opt/x/y.cpp include/foo.h",  # a file, then a relative file: written by hand, not split
    "g++ -O2 main.cpp src/util.cpp -o build/app",
    "gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)",
    # a wrapper that joins its arguments names a file after the flags too: not a split path
    "cc1plus: fatal error: /tmp/x/header.hpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER",
])
def test_a_whole_compile_command_is_not_a_split_path(line: str) -> None:
    from aotidebug.core.text.compile_command import read_split_path
    assert read_split_path(line) is None


def test_a_key_missing_while_reading_a_program_back_is_not_the_serializer_s_gap() -> None:
    # AOTS250 is the writer's table: the same KeyError in deserialize is another release's program
    text = _log("cpu-export-save-bits8-cast").replace("serialize_", "deserialize_")
    assert "AOTS250" not in [c.code for c in diagnose_text(text).candidates]


@pytest.mark.parametrize("name", ["gh-triton-inference-server-8632-ptxas-sm110a-not-defined",
                                  "gh-lightllm-176-ptxas-sm89-not-defined", "gh-s2anet-44-nvcc-unsupported-compute-75"])
def test_a_toolkit_that_does_not_know_the_gpu_names_both_readings(name: str) -> None:
    # ptxas/nvcc of another generation than the GPU: public threads label the tool and the versions
    # about equally, so the toolkit leads, the version skew follows, and neither claims >= 0.7
    d = diagnose_text(_log(name))
    cats = [c.category.value for c in d.candidates]
    assert cats[0] == "compile_toolchain" and cats[1] == "version_mismatch" and d.confidence < 0.7


@pytest.mark.parametrize("name", ["cpu-compile-plain-tensor-attribute-updated", "cpu-decompose-tensor-in-dict-updated"])
def test_a_constant_written_in_forward_names_both_readings_below_certainty(name: str) -> None:
    # labels split between AOTI lacking the feature and the model export cannot take: both are
    # named, the internal assert's "report a bug" is not the reading, and nothing claims >= 0.7
    d = diagnose_text(_log(name))
    top = [(c.code, c.category.value) for c in d.candidates[:3]]
    assert top[0] == ("AOTS257", "unsupported") and ("AOTS258", "export_failure") in top
    assert d.confidence < 0.7 and "register_buffer" in " ".join(d.fixes)


def test_an_internal_assert_without_a_constant_write_stays_torch_s() -> None:
    d = diagnose_text(_log("gh-internal-assert"))
    assert d.candidates[0].code == "AOTD901" and all(c.code != "AOTS257" for c in d.candidates)


@pytest.mark.parametrize("name", ["cpu-compile-triton-cpu-backend-without-triton", "gh-wanvideo-978-triton-missing-windows"])
def test_triton_missing_names_the_platform_and_the_install_not_torch(name: str) -> None:
    d = diagnose_text(_log(name))
    top = [c.category.value for c in d.candidates[:3]]
    assert top[0] == "unsupported" and "compile_toolchain" in top and d.confidence < 0.7


def test_a_triton_submodule_missing_stays_a_version_skew() -> None:
    # `No module named 'triton.ops'`: triton is there, of another release (AOTS245), not missing
    d = diagnose_text("Traceback (most recent call last):\n"
                      '  File "/venv/lib/python3.11/site-packages/torch/_inductor/kernel/mm.py", line 3, in <module>\n'
                      "    from triton.ops.matmul_perf_model import early_config_prune\n"
                      "ModuleNotFoundError: No module named 'triton.ops'\n")
    assert d.candidates[0].code == "AOTS245" and all(c.code not in ("AOTS259", "AOTS260") for c in d.candidates)


@pytest.mark.parametrize(("text", "code"), [
    # the importing frame shown: the user's own import is a rename, a library's a version skew
    ('Traceback (most recent call last):\n  File "/home/u/serve.py", line 3, in <module>\n'
     "    from torch.export import dynamic_dim\n"
     "ImportError: cannot import name 'dynamic_dim' from 'torch.export'\n", "AOTS203"),
    ("ERROR:root:ImportError: cannot import name 'dynamic_dim' from 'torch.export'\n", "AOTS261"),
])
def test_who_imported_a_missing_torch_name_decides_the_first_reading(text: str, code: str) -> None:
    d = diagnose_text(text)
    other = ({"AOTS203", "AOTS261"} - {code}).pop()
    assert d.candidates[0].code == code
    # with the frame shown, only the importer's reading; without it, the rename stays beside the skew
    assert (other in {c.code for c in d.candidates[1:3]}) == (code == "AOTS261")


def test_a_bare_crash_of_a_loaded_model_names_its_weights_and_its_input_beside_it() -> None:
    # nothing but a signal: the crash first, then the two suspects blind rows named most often
    d = diagnose_text(_log("cpu-empty-batch-segfault"))
    assert [c.category.value for c in d.candidates[:3]] == ["crash", "constant_loading", "input_mismatch"]
    assert d.confidence < 0.7
    # an illegal instruction is the CPU's, not the weights'
    sigill = diagnose_text('  File "/srv/serve.py", line 9 in <module>\nIllegal instruction (core dumped)\n')
    assert all(c.code != "AOTS263" for c in sigill.candidates)


def test_an_attribute_missing_in_the_user_s_own_frame_is_not_a_library_s_skew() -> None:
    text = _log("cpu-library-reads-exported-program-attribute-of-older-torch")
    own = text.replace("/venv/lib/python3.11/site-packages/exportkit/__init__.py", "/home/u/report.py")
    assert own != text
    assert all(c.code != "AOTS266" for c in diagnose_text(own).candidates)


def test_a_kill_from_outside_names_memory_not_the_weights_or_the_input() -> None:
    d = diagnose_text(_log("gh-executorch-1181-flatc-sigkill"))
    codes = [c.code for c in d.candidates]
    assert codes[0] == "AOTS268" and "AOTS263" not in codes and "AOTS159" not in codes and d.confidence < 0.7


def test_two_devices_in_one_op_name_the_model_s_side_and_the_input_beside_it() -> None:
    d = diagnose_text(_log("torch-mixed-devices"))
    assert [(c.code, c.category.value) for c in d.candidates[:2]] == [
        ("AOTD209", "device_mismatch"), ("AOTS267", "input_mismatch")]
    # AOTI's own input check still names the input
    own = diagnose_text("RuntimeError: Expected tensor to have device cuda:0, but got cpu instead\n")
    assert own.candidates[0].code == "AOTD105"


def test_a_cache_file_that_does_not_parse_names_the_folder_and_torch_beside_it() -> None:
    d = diagnose_text(_log("cpu-autotune-local-cache-two-writers"))
    assert [(c.code, c.category.value) for c in d.candidates[:1]] == [("AOTS269", "compile_toolchain")]
    assert d.candidates[1].category.value == "torch_bug" and d.confidence < 0.7
    assert d.fixes[0] == hints.CACHE_FOLDER_PER_PROCESS
    # the same json error raised in the user's own frame (a config file of theirs) is not the cache's
    own = ('Traceback (most recent call last):\n  File "/srv/app/serve.py", line 12, in <module>\n'
           '    cfg = json.load(open("model.json"))\n'
           '  File "/usr/lib/python3.11/json/__init__.py", line 293, in load\n'
           '    return loads(fp.read(),\n'
           'json.decoder.JSONDecodeError: Extra data: line 1 column 28 (char 27)\n')
    assert all(c.code not in ("AOTS269", "AOTS270") for c in diagnose_text(own).candidates)


@pytest.mark.parametrize("text", [
    "RuntimeError: Triton Error [CUDA]: named symbol not found",
    "hipErrorNotFound: named symbol not found",
    "Error during Intel loadBinary: ZE_RESULT_ERROR_INVALID_KERNEL_NAME",
])
def test_a_kernel_name_the_loaded_binary_lacks_is_a_missing_kernel_binary(text: str) -> None:
    d = diagnose_text(text)
    assert (d.candidates[0].code, d.category.value) == ("AOTD917", "kernel_binary_missing") and d.confidence < 0.7
    # Level Zero's name for it also names the driver's compiler beside the missing kernel (AOTS274)
    if "ZE_RESULT" in text:
        assert d.candidates[1].code == "AOTS274"
    # the driver library lacking a symbol triton's launcher needs is another failure
    other = diagnose_text("ImportError: cuda_utils.so: undefined symbol: cuModuleGetFunction")
    assert all(c.code != "AOTD917" for c in other.candidates)


def test_the_config_torch_logs_when_a_benchmarked_launch_fails_names_autotuning() -> None:
    # torch's own log line (triton_heuristics' bench, torch 2.13's format) above the launch's error
    line = ("ERROR:torch._inductor.runtime.triton_heuristics:Failed during launch triton_poi_fused_add_0 with "
            "config: XBLOCK: 1024, num_warps: 4, num_ctas: 1, num_stages: 1, maxnreg: None (num_warps=4, "
            "num_stages=1, kwargs={'XBLOCK': 1024})\n")
    d = diagnose_text(line + "RuntimeError: Triton Error [CUDA]: invalid argument\n")
    assert (d.candidates[0].code, d.category.value) == ("AOTD908", "autotune_failure")
    assert all(c.code != "AOTD908" for c in diagnose_text("RuntimeError: Triton Error [CUDA]: invalid argument\n").candidates)


def test_a_number_read_from_a_buffer_names_inductor_s_limit_and_the_int_attribute() -> None:
    d = diagnose_text(_log("cpu-compile-item-of-buffer"))
    assert [c.code for c in d.candidates[:2]] == ["AOTS271", "AOTS272"] and d.confidence < 0.7
    assert d.fixes[0] == hints.NUMBER_AS_PYTHON_ATTRIBUTE
    # the same assertion from another lowering is not this read
    other = _log("cpu-compile-item-of-buffer").replace("in _local_scalar_dense", "in _unsafe_index")
    assert all(c.code not in ("AOTS271", "AOTS272") for c in diagnose_text(other).candidates)


def test_a_uid_without_a_user_account_is_the_process_environment() -> None:
    # getpass's own frame, where it falls through to the passwd lookup (no user variable set)
    frame = ('  File "/usr/lib/python3.12/getpass.py", line 169, in getuser\n'
             '    return pwd.getpwuid(os.getuid())[0]\n')
    for text in (frame, frame + "KeyError: 'getpwuid(): uid not found: 1042'\n"):
        d = diagnose_text(text)
        assert (d.candidates[0].code, d.category.value) == ("AOTD521", "compile_toolchain")
    assert all(c.code != "AOTD521" for c in diagnose_text("KeyError: 'getpwnam(): name not found: svc'\n").candidates)


def test_a_kernel_cache_file_missing_at_a_windows_path_names_the_path_limit() -> None:
    d = diagnose_text(_log("gh-wanvideo-1483-windows-long-kernel-name"))
    assert (d.candidates[0].code, d.category.value) == ("AOTS273", "compile_toolchain")
    assert d.fixes[0] == hints.WINDOWS_PATH_LIMIT and d.confidence < 0.7
    # the same file missing on Linux is not Windows' limit
    linux = ("torch._inductor.exc.InductorError: FileNotFoundError: [Errno 2] No such file or directory: "
             "'/tmp/torchinductor_u/triton/0/ABC/triton_poi_fused_add_mul_0.source'\n")
    assert all(c.code != "AOTS273" for c in diagnose_text(linux).candidates)


def test_a_non_tensor_output_names_aoti_s_limit_and_the_model_beside_it_below_0_7() -> None:
    d = diagnose_text(_log("cpu-compile-returns-version-string"))
    codes = [c.code for c in d.candidates[:3]]
    assert codes[0] == "AOTS116" and "AOTS275" in codes and d.confidence < 0.7


def test_a_fake_that_does_not_take_the_op_s_arguments_is_the_model_author_s() -> None:
    for name in ("cpu-export-custom-op-fake-lacks-a-default", "cpu-compile-custom-op-fake-omits-a-parameter"):
        d = diagnose_text(_log(name))
        assert (d.candidates[0].code, d.category.value) == ("AOTS277", "export_failure"), name
        assert d.fixes[0] == hints.FAKE_TAKES_THE_OPS_ARGUMENTS
    # the same TypeError from the model's own forward (no fake implementation in the frames) is not this
    forward = _log("cpu-export-custom-op-fake-lacks-a-default").replace("in fake_impl", "in forward")
    assert all(c.code != "AOTS277" for c in diagnose_text(forward).candidates)
    # the captured error line alone (a report quoting only it): the fake's name carries the reading,
    # lower; a model's forward with the same words is not it
    last = _log("cpu-export-custom-op-fake-lacks-a-default").strip().splitlines()[-1]
    d = diagnose_text(last)
    assert (d.code, d.category.value) == ("AOTS280", "export_failure") and d.confidence < 0.6
    assert all(c.code != "AOTS280" for c in diagnose_text(
        "TypeError: forward() missing 1 required positional argument: 'mask'\n").candidates)


def test_an_insufficient_driver_is_no_driver_on_a_build_host_and_stays_open_elsewhere() -> None:
    # while exporting: the CUDA wheel on a host without a driver (captured on this machine)
    d = diagnose_text(_log("cpu-export-forward-makes-cuda-streams-without-a-driver"))
    assert [c.code for c in d.candidates[:2]] == ["AOTS278", "AOTD712"] and d.confidence < 0.7
    # with no phase (an old driver in a container): both causes, the driver's first, neither claimed
    d = diagnose_text(_log("gh-nvidia-docker-414-driver-older-than-runtime"))
    assert [c.category.value for c in d.candidates[:2]] == ["version_mismatch", "device_mismatch"]
    assert d.confidence < 0.6 and d.fixes[0] == hints.DRIVER_TOO_OLD_OR_NOT_VISIBLE
    # a kernel image for another architecture is still the package's build target, at its own weight
    d = diagnose_text("RuntimeError: CUDA error: no kernel image is available for execution on the device\n")
    assert d.code == "AOTD702" and all(c.code not in ("AOTS278", "AOTS279") for c in d.candidates)


def test_an_insufficient_driver_on_a_host_with_no_cuda_at_all_is_the_device_asked_for() -> None:
    """AOTS345 (stop 61, in-sample from three vocabularies): the legacy aot_load of a CPU library as
    "cuda", captured on this machine's CUDA build (no GPU, no driver): torch's own warning that no
    CUDA runtime is found says the driver is absent, not old."""
    from tests.labelled import emitted

    for vocab, row in (("gnn_messages.jsonl", "load-legacy-aot-load-cuda-on-cpu-so"),
                       ("moe_messages.jsonl", "legacy-aot-load-cpu-so-as-cuda"),
                       ("robotics_messages.jsonl", "load-legacy-policy-so-as-cuda-on-cpu-robot")):
        text = emitted(vocab)[row]["message"]
        assert "No CUDA runtime is found" in text
        d = diagnose_text(text)
        assert (d.code, d.category.value) == ("AOTS345", "device_mismatch") and d.confidence < 0.7
        assert d.fixes[0] == hints.MATCH_COMPILE_DEVICE
        # without the host's warning, the driver may be old: the reading stays open (AOTD712 first)
        alone = "\n".join(line for line in text.splitlines() if "No CUDA runtime is found" not in line)
        assert diagnose_text(alone).code == "AOTD712"
    # the warning alone, with no driver error, is no failure of this kind
    warning = "W1207 torch/utils/cpp_extension.py:183] No CUDA runtime is found, using CUDA_HOME='/usr/local'\n"
    assert diagnose_text(warning + "RuntimeError: shape mismatch\n").code != "AOTS345"


def test_a_recompile_past_its_guards_is_the_guard_not_the_tracer() -> None:
    # Dynamo's refusal to compile again (raised as Unsupported) names the failing guard: a size
    # compiled as a constant first, below 0.7 (torch specialising a size is the other cause),
    # the tracer's wrapper words only after it
    d = diagnose_text(_log("cpu-compile-size-guard-recompile-limit-hard-failure"))
    assert (d.code, d.category.value) == ("AOTS281", "dynamic_shape_guard") and d.confidence < 0.7
    assert d.fixes[0] == hints.RECOMPILE_ON_GUARD
    assert "torch_bug" in [c.category.value for c in d.candidates[:3]]
    # the limit's warning alone (the frame then ran eagerly) is read by its words
    assert diagnose_text(_log("cpu-compile-size-guard-recompile-limit-warning")).code == "AOTD112"
    # Dynamo refusing code it cannot trace, with no recompile in it, stays the tracer's (with no
    # export in sight, a construct not supported first and export's reading beside it: AOTS295)
    for text in ("torch._dynamo.exc.Unsupported: Dynamic control flow is not supported\n",
                 "torch._dynamo.exc.Unsupported: call_function UserDefinedClassVariable() [] {}\n"):
        cats = [c.category.value for c in diagnose_text(text).candidates[:2]]
        assert cats == ["unsupported", "export_failure"]
    # the limit in people's words reads the same; raising the limit, or another cache's size, does not
    assert diagnose_text(_log("phr-112-comfyui-8342-hit-the-recompiled-limit")).code == "AOTD112"
    for text in ("we raised the recompile limit to 64 as a workaround\n",
                 "the cache size limit for the kernel cache was reached on disk\n"):
        assert all(c.code != "AOTD112" for c in diagnose_text(text).candidates), text
    # the log switch's name alone (`TORCH_LOGS="recompiles"` in a how-to) reads nothing
    assert all(c.code not in ("AOTD112", "AOTS281") for c in diagnose_text(
        'RuntimeError: boom\nTo log all recompilation reasons, use TORCH_LOGS="recompiles".\n').candidates)


def test_a_stride_the_compiled_graph_did_not_expect_is_the_ops_meta_kernel() -> None:
    # every size as compiled and a stride not: torch's own op's meta kernel (torch_bug), or a
    # custom op's fake kernel when the check names an op of another namespace, as torch says
    d = diagnose_text(_log("cpu-compile-custom-op-fake-strides-differ"))
    assert (d.code, d.category.value) == ("AOTS283", "export_failure") and d.confidence < 0.7
    assert d.fixes[0] == hints.FAKE_KERNEL_LAYOUT
    aten = "AssertionError: expected size 5==5, stride 5==640 at dim=2\nError in op: torch.ops.aten.mm.default\n"
    assert diagnose_text(aten).code == "AOTS282"
    assert all(c.code != "AOTS284" for c in diagnose_text(aten).candidates)
    # naming no op, the check cannot tell torch's op from a custom op: both, torch's first
    d = diagnose_text(_log("gh-pytorch-95693-buffer-stride"))
    assert [c.code for c in d.candidates[:2]] == ["AOTS282", "AOTS284"] and d.confidence < 0.65
    # a size that differs anywhere on the line is a shape, not a layout; a graph input is the caller's
    for text in ("AssertionError: expected size 2==2, stride 8==6 at dim=0; expected size 8==6, stride 1==1 at dim=1\n",
                 "AssertionError: expected size 4==4, stride 2==4 at dim=0\nError in op: input\n",
                 "AssertionError: expected size 4==4, stride 4==4 at dim=0\n"):
        assert all(c.code not in ("AOTS282", "AOTS283") for c in diagnose_text(text).candidates), text
    # the check's line quoted without its exception type is still read, and a report's words about
    # a "stride mismatch" do not turn an op's output into the caller's input (AOTD106)
    bare = ("Stride mismatch under torch.compile\n"
            "expected size 4==4, stride 1==4 at dim=0; expected size 4==4, stride 4==1 at dim=1\n"
            "Error in op: torch.ops.aten.linalg_eig.default\n")
    assert "expected size 4==4" in read_structure(bare).error_text
    assert diagnose_text(bare).code == "AOTS282"
    assert diagnose_text("Stride mismatch between the inputs and the compiled model\n").code == "AOTD106"


def test_the_gpu_drivers_compiler_failing_is_the_driver_first_and_the_kernel_second() -> None:
    # Level Zero, ocloc or IGC refusing the module Triton emitted: a driver of another release
    # than the Triton build first, the kernel too large for the compiler beside it, neither >= 0.7
    d = diagnose_text(_log("gh-torch-xpu-ops-2979-igc-build-failure-new-driver"))
    assert [c.code for c in d.candidates[:2]] == ["AOTS285", "AOTS286"] and d.confidence < 0.7
    assert d.fixes[0] == hints.DRIVER_FOR_THIS_TRITON
    # the host C++ compiler crashing is still the build's own limits (AOTS222), not the driver
    d = diagnose_text("g++: internal compiler error: Segmentation fault signal terminated program cc1plus\n")
    assert d.code == "AOTS222" and all(c.code not in ("AOTS285", "AOTS286") for c in d.candidates)


def test_a_data_dependent_guard_inside_inductor_is_inductor_s_not_the_user_s_control_flow() -> None:
    # raised under InductorError / LoweringException (Inductor compiling a captured graph) or from
    # an Inductor frame: torch_bug, with the export reading kept as the next candidate
    for name, code in (("gh-pytorch-pr155267-lowering-broadcast-unbacked-guard", "AOTS301"),
                       ("gh-pytorch-193693-output-code-memory-overlap-unbacked-guard", "AOTS301"),
                       ("gh-pytorch-123793-cat-realize-into-unbacked-guard", "AOTS302")):
        d = diagnose_text(_log(name))
        assert d.code == code and d.confidence < 0.7, name
        assert d.candidates[1].category.value == "export_failure"
        assert d.fixes[0] == hints.INDUCTOR_GUARDED_ON_UNBACKED_SIZE
    # the same guard met while Dynamo or export traces the user's code stays the export's
    traced = ("torch._dynamo.exc.UserError: Could not guard on data-dependent expression Eq(u0, 0) "
              "(unhinted: Eq(u0, 0)).  (Size-like symbols: u0)\n")
    assert diagnose_text(traced).category.value == "export_failure"
    dynamo = ('  File "/x/torch/_dynamo/symbolic_convert.py", line 1, in step\n'
              "torch.fx.experimental.symbolic_shapes.GuardOnDataDependentSymNode: Could not guard on "
              "data-dependent expression Eq(u0, 0)\n")
    assert all(c.code not in ("AOTS301", "AOTS302") for c in diagnose_text(dynamo).candidates)


def test_a_refusal_raised_in_export_s_dynamic_shapes_module_is_the_spec_not_binding_the_args() -> None:
    spec = ('  File "/x/torch/export/dynamic_shapes.py", line 1339, in root_value\n'
            "    raise UserError(\n"
            "torch._dynamo.exc.UserError: Expected shape[0] = 61 of input Tensor to be of the form "
            "2*edges, where edges is an integer\n")
    d = diagnose_text(spec)
    assert d.code == "AOTS303" and d.category.value == "dynamic_shape_guard" and d.confidence < 0.7
    assert d.fixes[0] == hints.FIX_DYNAMIC_SHAPES_SPEC
    # Python refusing to bind the example args to forward, inside the same module: the inputs'
    bind = ('  File "/x/torch/export/dynamic_shapes.py", line 738, in _combine_args\n'
            "    return signature.bind(*args, **kwargs).arguments\n"
            '  File "/usr/lib/python3.11/inspect.py", line 3201, in _bind\n'
            "    raise TypeError(\n"
            "TypeError: got an unexpected keyword argument 'mask'\n")
    assert all(c.code != "AOTS303" for c in diagnose_text(bind).candidates)


@pytest.mark.parametrize("line,header", [
    ("/tmp/x.cpp:3:27: fatal error: torch/Tensor.h: 没有那个文件或目录", "torch/Tensor.h"),          # glibc zh_CN
    ("/tmp/x.cpp:2:10: fatal error: Python.h: Datei oder Verzeichnis nicht gefunden", "Python.h"),   # de
    ("/tmp/x.cpp:2:10: fatal error: omp.h: Нет такого файла или каталога", "omp.h"),                # ru
    ("/tmp/x.cpp:2:10: fatal error: omp.h: No such file or directory", "omp.h"),
    ('C:\\t\\c3x.cpp(2): fatal error C1083: Datei (Include) kann nicht geöffnet werden: "Python.h": '
     "No such file or directory", "Python.h"),                                                    # MSVC, German pack
    ("C:\\t\\c3x.cpp(2): fatal error C1083: Impossible d'ouvrir le fichier include : 'omp.h' : "
     "No such file or directory", "omp.h"),                                                       # MSVC, French pack
    ("/tmp/x.cpp:2:10: fatal error: omp.h: Too many open files", None),       # an include that failed, no missing header
    ("/tmp/x.cpp:2:10: error: x.h: 没有那个文件或目录 in a note", None),       # not a fatal error
])
def test_a_missing_header_is_read_in_any_language_of_the_c_library(line, header) -> None:
    from aotidebug.core.text.compiler_diag import read_diag

    d = read_diag(line, 0)
    assert d is not None
    assert (d.kind == "missing_header", d.subject if d.kind == "missing_header" else None) == (header is not None, header)



def test_trying_only_the_rules_a_structure_s_types_allow_fires_what_trying_all_fires() -> None:
    """`fired` tries the rules that name no exception type and those naming one the structure
    holds (structural._candidates); on every fixture that is what trying every rule fires."""
    from pathlib import Path

    from aotidebug.core.routing import structural
    from aotidebug.core.routing.rules import RULES

    def every_rule(st):
        facts = structural._facts(st)
        hits = [r for r in RULES if not r.fallback and structural._matches(r, st, facts)]
        if not hits:
            hits = [r for r in RULES if r.fallback and structural._matches(r, st, facts)]
        explained = {c for r in hits for c in r.supersedes if c.startswith("AOTS")}
        return [r.code for r in hits if r.code not in explained]

    logs = sorted((Path(__file__).resolve().parent / "fixtures" / "logs").glob("*.txt"))
    assert len(logs) > 500
    for path in logs:
        st = read_structure(path.read_text(errors="replace"))
        assert [r.code for r in fired(st)] == every_rule(st), path.name


def test_every_condition_a_rule_can_set_has_its_check_and_a_set_condition_is_tried() -> None:
    """`fired` tries a rule through its plan (structural._plan: the checks of the conditions it
    sets): a Rule field that no check reads would be a condition silently ignored."""
    import dataclasses

    from aotidebug.core.routing import structural
    from aotidebug.core.routing.rules import RULES

    not_conditions = {"code", "slug", "category", "weight", "title", "fallback", "supersedes", "fixes", "rivals",
                      "torch_symbol"}  # torch_symbol qualifies `origins` and is read by its check
    checked = {name for names, _ in structural.CHECKS for name in names}
    assert {f.name for f in dataclasses.fields(structural.Rule)} - not_conditions == checked
    # a condition set to False (no signal was seen) is a condition, not a default left alone
    no_signal = next(r for r in RULES if r.signal is False)
    assert len(structural._plan(no_signal)) > len(structural._plan(dataclasses.replace(no_signal, signal=None)))
    # and the plan decides: a rule whose keywords are absent does not hold, with them it does
    st = read_structure("Traceback (most recent call last):\n  File \"m.py\", line 1, in <module>\n"
                        "RuntimeError: the frobnicator failed\n")
    facts = structural._facts(st)
    rule = structural.Rule("AOTS999", "t", "crash", 0.4, "t", keywords=("frobnicator",))
    assert structural._matches(rule, st, facts)
    assert not structural._matches(dataclasses.replace(rule, keywords=("widget",)), st, facts)
