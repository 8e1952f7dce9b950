"""The structural rules of deployment: memory faults, the compiled model's run, loading, API
generations, the loaded model in other torch APIs, autotuning and signals. Data only; see rule.py
for what each field means."""

from __future__ import annotations

from .. import hints as H
from .pattern import TORCH_OP_NAMESPACES
from .patterns_call import DERIVED_INPUT_SIZE, TWO_DEVICES
from .rule import INTERNAL_TYPES, WRAPPED, P, S, Rule
from .rule import new_rule as _r

__all__ = ["DEPLOY_RULES"]

# the calls of an export + AOTI recipe, as Python names them in an argument error
_RECIPE_CALLS = ("aoti_compile_and_package()", "aoti_load_package()", "aot_compile()", "aot_load()",
                 "load_package()", "package_aoti()",
                 # the export half of a recipe: its keywords moved between releases too
                 "run_decompositions()", "export_for_training()", "export_for_inference()",
                 "export()", "dims()", "dim()")
_LEGACY_CALLS = ("aot_compile()", "aot_load()")
# keywords those calls took in an earlier release and no longer take, as Python quotes them:
# export's and aot_compile's `constraints` (2.1-2.2, now dynamic_shapes), export's `pre_dispatch`,
# run_decompositions' `_preserve_ops` (2.4-2.5, now a decomposition table), and
# aoti_compile_and_package's 2.5 example inputs (`args`, `kwargs`) and their later placeholders
_FORMER_KEYWORDS = tuple(f"unexpected keyword argument '{k}'" for k in
                         ("constraints", "pre_dispatch", "_preserve_ops", "args", "kwargs",
                          "_deprecated_unused_args", "_deprecated_unused_kwargs",
                          # torch.export._trace._export's runtime-assert options before 2.6
                          # (prefer_deferred_runtime_asserts_over_guards since)
                          "_allow_complex_guards_as_runtime_asserts", "allow_complex_guards_as_runtime_asserts",
                          "_disable_forced_specializations"))

# assert_size_stride's line when every size matched and a stride did not (no size on the line
# differs: a size that differs is an input or a shape, read elsewhere)
_LAYOUT_ONLY = (r"(?m)^(?![^\n]*expected size (\d+)==(?!\1\b)\d+)[^\n]*?"
                r"expected size (\d+)==\2, stride (\d+)==(?!\3\b)\d+ at dim=\d+")

# a public torch namespace (no `_` component) lacking a name; AOTI's own entry points are AOTS175's
_PUBLIC_TORCH_NAME_MISSING = r"module 'torch(?:\.[a-z]\w*)*' has no attribute '(?!aot_|aoti_)[a-z]\w*'"

# what AOTS182, AOTS242 and AOTS243 read alike: the config module refusing an option it does not have
_CONFIG_OPTION_MISSING: dict[str, object] = dict(
    types=frozenset({"AttributeError"}), keywords=("config.", "config alias"), also_keywords=(" does not exist",),
    fixes=(H.CONFIG_OPTION_NAMES,))

# what AOTS203 and AOTS256 read alike: an import of a torch name or module this torch does not have
_TORCH_NAME_MISSING_ON_IMPORT: dict[str, object] = dict(
    types=frozenset({"ImportError", "ModuleNotFoundError"}), keywords=("cannot import name", "no module named 'torch."),
    also_keywords=("from 'torch'", "from 'torch.", "named 'torch."),
    not_keywords=("partially initialized", "unknown location", "'torch._c'", "'torch._c."))

# the CUDA runtime's cudaErrorInsufficientDriver, in its two spellings (AOTS278, AOTS279)
_DRIVER_INSUFFICIENT = ("driver version is insufficient", "cudaerrorinsufficientdriver")

DEPLOY_RULES: tuple[Rule, ...] = (
    # -- memory faults ----------------------------------------------------------------------
    _r("AOTS140", "out-of-memory", "out_of_memory", 0.7,
       "An allocation failed",
       types=frozenset({"OutOfMemoryError", "MemoryError"}), supersedes=WRAPPED,
       not_keywords=("out of resource",)),  # a per-block limit of the GPU (AOTD819), not an allocation
    _r("AOTS141", "out-of-memory-words", "out_of_memory", 0.62,
       "An allocation failed (message)",
       keywords=("out of memory", "bad_alloc", "cannot allocate memory", "alloc_failed"), supersedes=WRAPPED),
    # torch's own accuracy check failed: the minifier's, or AOTI's compile with check_accuracy,
    # ran the graph and the compiled model on the same inputs and their outputs differ
    _r("AOTS223", "accuracy-check-failed", "numerical", 0.66,
       "torch's accuracy check found that the compiled model's outputs differ from the graph's",
       types=frozenset({"AccuracyError"}), supersedes=WRAPPED,
       fixes=(H.COMPARE_WITH_EAGER, H.BISECT_KERNELS)),
    _r("AOTS145", "integer-division-by-zero", "numerical", 0.62,
       "A kernel divided an integer by zero: the inputs hold a zero divisor (torch checks, it raises)",
       keywords=("throw_if_integer_div_error",),  # the generated check, not any ZeroDivisionError
       supersedes=WRAPPED),
    # a bare AssertionError raised by the user's own code: their check of what the compiled model
    # returned failed (a comparison helper's "not close" is read by its own words, AOTS157/158)
    _r("AOTS146", "user-check-failed", "numerical", 0.45,
       "The user's own assertion failed: the compiled model's output was not what their check expects",
       types=frozenset({"AssertionError"}), raise_sites=frozenset({"user"}),
       not_keywords=("tensor-likes are not", "mismatched elements", "values for attribute"),
       fixes=(H.COMPARE_WITH_EAGER, H.CHECK_INPUTS_AT_RUNTIME)),
    # ... whose other known cause is behaviour export ran once while tracing: a Python value (a
    # counter, an attribute or global changed later, random/numpy/time) is a constant of the
    # program, so calls repeat one result. Below the numerical reading: the text cannot tell them apart
    _r("AOTS234", "user-check-failed-traced-once", "unsupported", 0.35,
       "The user's own check failed: a value export read once while tracing can be a constant of "
       "the program",
       types=frozenset({"AssertionError"}), raise_sites=frozenset({"user"}),
       not_keywords=("tensor-likes are not", "mismatched elements", "values for attribute"),
       fixes=(H.TRACE_TIME_VALUES_ARE_CONSTANTS, H.COMPARE_WITH_EAGER)),
    # ... and when that assertion prints a shape (a torch.Size, or sizes printed as a tuple or list
    # of ints), the output's shape was not the expected one: a static program returns its compiled
    # shape whatever the inputs (an int or a size of another value than at export included), so an
    # input was outside the compiled contract
    _r("AOTS147", "user-shape-check-failed", "input_mismatch", 0.5,
       "The user's own check of an output's shape failed: an input was not what the program was "
       "compiled for",
       types=frozenset({"AssertionError"}), raise_sites=frozenset({"user"}),
       regex=r"torch\.size\(|[(\[]\d+(?:, ?\d+){1,4}[)\]]",  # a torch.Size, or 2 to 5 sizes
       not_keywords=("values for attribute",),  # torch.testing's own words: AOTS176
       supersedes=("AOTS146", "AOTS234"), fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
    _r("AOTS142", "accelerator-illegal-access", "illegal_memory_access", 0.6,
       "The device reported an illegal memory access",
       keywords=("illegal memory access", "illegal address", "misaligned address", "unspecified launch failure")),
    _r("AOTS143", "accelerator-device-assert", "index_out_of_bounds", 0.58,
       "A device-side assertion fired in a kernel",
       keywords=("device-side assert", "index out of bounds")),
    _r("AOTS144", "accelerator-error", "illegal_memory_access", 0.42,
       "The accelerator reported a sticky error",
       types=frozenset({"AcceleratorError"}), not_keywords=("out of memory", "device-side assert")),
    # -- the compiled model's run ----------------------------------------------------------------
    _r("AOTS150", "run-contract-words", "input_mismatch", 0.55,
       "The loaded model rejected an input (shape/dtype/device/stride words)",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}),
       keywords=("shape", "dtype", "stride", "ndim", "dimension", "scalar type", "keyword", "tree spec", "pytree",
                 "cannot be multiplied", "must match the size", "inputs vector", "unmatched", "dim value",
                 "to have device", "same device", "expected device"),
       not_keywords=("illegal memory", "out of memory", "device-side assert", "no kernel image")),
    # the compiled graph's check of an op's output (assert_size_stride) finding every size as
    # compiled and a stride not: the op's fake (meta) kernel predicted another layout than its
    # real kernel produced. Torch's own ops: a defect of torch (the public rows read); an op of
    # another namespace: its author's fake kernel, as torch's message itself says (AOTS283)
    _r("AOTS282", "compiled-layout-check-meta-stride", "torch_bug", 0.58,
       "An op's output has the sizes the compiled graph expected but another stride: its meta "
       "(fake) kernel predicted another layout than the real kernel produced",
       keywords=("expected size",), regex=_LAYOUT_ONLY, not_keywords=("error in op: input",),
       supersedes=("AOTS150", "AOTS194")),
    _r("AOTS283", "custom-op-fake-kernel-layout", "export_failure", 0.64,
       "A custom op's fake (meta) kernel returns another stride than its real kernel: the compiled "
       "graph's check of the op's output failed",
       keywords=("expected size",), regex=_LAYOUT_ONLY + r"[^\n]*\n\s*(?:error: )?error in op: torch\.ops\.(?!(?:"
       + "|".join(TORCH_OP_NAMESPACES) + r")\.)",
       supersedes=("AOTS150", "AOTS194", "AOTS282", "AOTS284"), fixes=(H.FAKE_KERNEL_LAYOUT,)),
    # the same line naming no op (an older torch, a log cut short): the op may be a library's or
    # the user's custom op as well as torch's, so that reading is listed below AOTS282's
    _r("AOTS284", "layout-check-may-be-a-custom-op-fake", "export_failure", 0.45,
       "An op's output has another stride than compiled: if the op is a custom op, its fake kernel "
       "returns another layout than its real kernel",
       keywords=("expected size",), regex=_LAYOUT_ONLY, not_keywords=("error in op:",),
       fixes=(H.FAKE_KERNEL_LAYOUT,)),
    # the other reading of AOTD111's check: the relation export declared between the inputs'
    # dynamic dims is what the call broke (the dims may really vary apart: declare each its own)
    _r("AOTS262", "run-derived-dim-relation", "dynamic_shape_guard", 0.54,
       "Two inputs' sizes break a relation the program derives between their dynamic dims",
       phases=frozenset({P.RUN}), regex=DERIVED_INPUT_SIZE.lower(), signal=False,
       fixes=(H.KEEP_VALUES_IN_CHECKED_RANGE, H.DECLARE_DYNAMIC_DIMS)),
    # the other reading of AOTD209 in a run: an input left on another device than the model's
    _r("AOTS267", "run-input-left-on-another-device", "input_mismatch", 0.5,
       "An input left on another device than the compiled model's",
       keywords=(TWO_DEVICES.lower(),), fixes=(H.MOVE_INPUTS_TO_DEVICE,)),
    _r("AOTS153", "run-dynamic-range", "dynamic_shape_guard", 0.58,
       "A dynamic dimension is outside the range the generated guards accept",
       phases=frozenset({P.RUN}), keywords=("dim value", "shape["),
       also_keywords=("too small", "too large", "to be >=", "to be <=", "out of range")),
    # a size at run that differs from one the package holds fixed: either the input is wrong, or
    # export specialised an axis meant to vary (no Dim given, or a Dim that traced to a constant).
    # The second reading is a candidate below the input contract, so the fix to check is named.
    _r("AOTS195", "run-size-against-a-fixed-size", "dynamic_shape_guard", 0.45,
       "A run-time size differs from a size the package holds fixed: was this axis meant to vary?",
       phases=frozenset({P.RUN}),
       keywords=("unmatched dim value", "cannot be multiplied", "must match the size of tensor",
                 "is invalid for input of size", ".shape["),
       not_keywords=("too small", "too large", "to be >=", "to be <=", "out of range"),
       fixes=(H.DECLARE_DYNAMIC_DIMS, H.CHECK_THREE_MATCHES), rivals=("AOTD101", "AOTD104")),
    _r("AOTS154", "input-check-before-fault", "input_mismatch", 0.64,
       "The generated input checks rejected an input, and the device fault followed from it",
       phases=frozenset({P.RUN}), keywords=("input_handles[", "expected ndim", "inputs vector"),
       also_keywords=("illegal memory", "illegal address", "device-side assert", "misaligned address",
                      "segmentation fault", "sigsegv")),
    # the package's input or output spec names a Python type (a dataclass, a container) that was
    # registered with pytree in the exporting process and is not in the one that loads it
    _r("AOTS201", "spec-type-not-registered-here", "unsupported", 0.56,
       "The package's input/output spec names a type this process has not registered with pytree",
       types=frozenset({"NotImplementedError", "ValueError", "KeyError"}), functions=("treespec_loads",),
       keywords=("not registered",), supersedes=("AOTS150", "AOTS113"), fixes=(H.REGISTER_SPEC_TYPES,)),
    # pybind11 refusing the caller's Python object for a C++ argument of the runner (a list of
    # floats, a str, where tensors go): the caller's inputs, not torch (see AOTS123)
    _r("AOTS178", "runner-argument-not-castable", "input_mismatch", 0.52,
       "The runner's C++ binding could not take a Python object the caller passed as an input",
       keywords=("unable to cast python instance",), not_functions=("load_constants", "update_constant"),
       fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
    # the compiled run returned, and the call wrapper failed rebuilding the outputs from the output
    # structure stored in the package (pytree unflatten runs only on outputs): the inputs were
    # taken; the run returned more than the structure holds (a parameter mutated in forward comes
    # back as an extra output), or the structure does not round-trip (tuple keys come back as lists)
    _r("AOTS239", "output-structure-not-rebuilt", "torch_bug", 0.55,
       "The compiled model ran, and its call wrapper failed rebuilding the outputs from the output "
       "structure stored in the package",
       types=frozenset({"TypeError", "KeyError", "ValueError"}), subsystems=frozenset({S.MODEL_RUN}),
       functions=("tree_unflatten",), supersedes=("AOTS150", "AOTS151"), fixes=(H.OUTPUT_STRUCTURE_NOT_REBUILT,)),
    _r("AOTS151", "run-python-call-error", "input_mismatch", 0.5,
       "Calling the loaded model failed in its Python call wrapper",
       types=frozenset({"ValueError", "TypeError", "KeyError"}), subsystems=frozenset({S.MODEL_RUN})),
    # an ATen op the package falls back to checked its arguments and refused them (TORCH_CHECK in
    # aten/src/ATen/native/..., or TensorUtils' type checks): inside a compiled program those values
    # come from the inputs (offsets, counts, repeats, ids, per-sample weights, a matrix's values)
    _r("AOTS238", "aten-op-refused-run-arguments", "input_mismatch", 0.52,
       "An ATen op inside the compiled model checked the values it was given, which come from the "
       "inputs, and refused them",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}), signal=False,
       regex=r"exception raised from \S+ at \S*aten/src/aten/(?:native/|tensorutils)",
       not_keywords=("exception raised from meta at",),  # a shape function's check: read by its words (AOTD104)
       supersedes=("AOTS152",), fixes=(H.OP_CHECKED_INPUT_VALUES, H.CHECK_INPUTS_AT_RUNTIME)),
    _r("AOTS152", "run-runtime-opaque", "opaque_runtime_error", 0.38,
       "The compiled model's run raised without a mechanism",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}), signal=False),
    # a loaded model is a C++ runner behind a Python call: a functorch transform (vmap, grad, jvp,
    # jacrev) hands it wrapper tensors with no storage of their own (Dynamo's refusal: AOTD511)
    _r("AOTS155", "loaded-model-under-a-transform", "unsupported", 0.64,
       "A functorch transform (vmap, grad, jacrev, ...) was applied to a loaded AOTI model",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}),
       functions=("vmap_impl", "grad_and_value_impl", "vjp_with_argnums", "jvp_with_argnums"),
       fixes=(H.CALL_LOADED_MODEL_DIRECTLY,)),
    # export (or any fake-tensor trace) that runs into a loaded model: fake tensors reach the C++
    # runner, which needs real data ("data is not allocated yet")
    _r("AOTS156", "loaded-model-traced-by-export", "unsupported", 0.62,
       "torch.export traced into a loaded AOTI model (it runs C++ code on real data only)",
       subsystems=frozenset({S.MODEL_RUN}), phases=frozenset({P.EXPORT}),
       fixes=(H.CALL_LOADED_MODEL_DIRECTLY,)),
    # an op of the compiled model meeting two dtypes at run: the input is in another dtype than
    # compiled, or the weights are (converted after export: the program shares the eager model's
    # tensors, so model.half() after torch.export changes the package's weights). The op's words
    # name both, so the input reading (AOTD104) does not claim the >= 0.7 band alone.
    _r("AOTS213", "dtype-mix-inside-the-compiled-model", "constant_loading", 0.45,
       "An op of the compiled model met two dtypes: an input in another dtype than compiled, or weights "
       "converted after export",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}),
       keywords=("must have the same dtype", "to have the same dtype", "expected scalar type",
                 "weight type (", "should be the same"),
       rivals=("AOTD104",), fixes=(H.WEIGHTS_DTYPE_AT_EXPORT,)),
    # fake-tensor tracing (FakeTensorMode, make_fx, a shape-planning tool) running into a loaded
    # model: its C++ kernels need real data, and the mode refuses the real weights they touch
    _r("AOTS208", "loaded-model-run-under-fake-tensors", "unsupported", 0.62,
       "A loaded AOTI model was run under fake-tensor tracing (FakeTensorMode, make_fx): it runs "
       "C++ kernels on real data only",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}),
       keywords=("convert all tensors to faketensors", "allow_non_fake_inputs"),
       supersedes=("AOTS152",), fixes=(H.SHAPES_FROM_THE_PROGRAM,)),
    # an input the compiled kernels cannot read: it has no storage of its own (a wrapper tensor
    # subclass holding its data elsewhere, a fake tensor), so its data pointer is empty
    _r("AOTS209", "loaded-model-input-without-storage", "input_mismatch", 0.56,
       "An input handed to the loaded model has no data of its own (a wrapper tensor subclass, a fake tensor)",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}),
       keywords=("data is not allocated yet",),
       not_keywords=("convert all tensors to faketensors", "allow_non_fake_inputs"),
       supersedes=("AOTS152",), fixes=(H.PLAIN_TENSOR_INPUTS,)),
    # wrong numbers without an error: AOTI accepts silently an input that breaks the compiled
    # contract (strides, a dtype of the same width, a dict in another key order) and a weight of
    # another layout, so the symptom alone also names these causes, below the numerical reading
    _r("AOTS157", "wrong-output-input-contract", "input_mismatch", 0.36,
       "Wrong numbers without an error can be an input the compiled code reads differently",
       keywords=("tensor-likes are not close", "tensor-likes are not equal"),
       fixes=(H.CHECK_INPUTS_AT_RUNTIME, H.MAKE_CONTIGUOUS)),
    _r("AOTS158", "wrong-output-constants", "constant_loading", 0.35,
       "Wrong numbers without an error can be weights loaded in another layout",
       keywords=("tensor-likes are not close", "tensor-likes are not equal"),
       fixes=(H.CHECK_CONSTANTS,)),
    _r("AOTS225", "wrong-output-traced-once", "unsupported", 0.35,
       "Wrong numbers without an error can be a value export read once while tracing",
       keywords=("tensor-likes are not close", "tensor-likes are not equal"),
       fixes=(H.TRACE_TIME_VALUES_ARE_CONSTANTS,)),
    # a crash inside the compiled model's run: AOTI does not check inputs unless asked
    # (AOTI_RUNTIME_CHECK_INPUTS), so an input outside the compiled contract is its first suspect
    # a fault inside the garbage collector, or glibc's heap check failing, means the heap was
    # corrupted BEFORE the crash: something wrote past a buffer. In an AOTI process the writer is
    # most often a weights update of another size, layout or dtype than compiled (load_constants,
    # update_constant_buffer copy into buffers of the compiled size); a custom op whose fake
    # kernel under-states its output is the other. Not a fallback: it outranks a bare crash.
    _r("AOTS188", "heap-corrupted-before-the-crash", "constant_loading", 0.56,
       "The heap was corrupted before the crash (a fault while garbage-collecting, a failed heap "
       "check): a write past a buffer, most often weights of another size than compiled",
       signal=True, keywords=("garbage-collecting", "double free or corruption", "free(): invalid",
                              "corrupted size", "corrupted top", "corrupted double", "corrupted unsorted"),
       fixes=(H.CHECK_CONSTANTS, H.BISECT_KERNELS)),
    _r("AOTS159", "run-crash-input-contract", "input_mismatch", 0.36,
       "A crash during the compiled run can be an input outside the compiled contract (unchecked by "
       "default)",
       phases=frozenset({P.RUN}), signal=True, not_keywords=("illegal instruction", "sigill"),
       no_chain=True, fallback=True, fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),  # beside AOTS191, below it
    # the other frequent cause of a bare crash of a loaded model: the weights it runs with (none
    # loaded into a package built without them, weights of another size or dtype copied in, a
    # mapped checkpoint file changed underneath). Blind rows read as bare crashes named the
    # weights 9 times, the crash itself 8 and the input 7, so both suspects stand beside the crash
    _r("AOTS263", "run-crash-weights", "constant_loading", 0.37,
       "A crash of a loaded model can be the weights it runs with (none loaded, another size, dtype "
       "or layout than compiled, a mapped file changed underneath)",
       phases=frozenset({P.RUN}), signal=True, not_keywords=("illegal instruction", "sigill"),
       no_chain=True, fallback=True, fixes=(H.CHECK_CONSTANTS,)),
    # an output of another shape than the reference's: a static AOTI program returns the compiled
    # shape whatever the input's, so the input's shape was outside the compiled contract
    _r("AOTS176", "output-shape-differs-from-reference", "input_mismatch", 0.6,
       "The compiled model returned another shape than the reference: the input's shape was not the "
       "compiled one",
       keywords=("values for attribute 'shape' do not match",), supersedes=("AOTD806",),
       fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
    # -- load ------------------------------------------------------------------------------------
    _r("AOTS160", "load-missing-file", "kernel_binary_missing", 0.55,
       "Loading looked for a package file that is not there",
       phases=frozenset({P.LOAD, P.RUN}), keywords=("file not found", "no such file", "file too short",
                                                      "invalid elf header", "failed to find")),
    # the archive reader's own words for a package path it could not open: only a reader of a zip
    # archive by path (AOTI's package loader) says it, so the phase need not be read from the
    # frames (a package removed or replaced on disk while the process reads it again, a path from
    # a config). The one rule for these words, in every phase: a second one would count them twice
    _r("AOTS224", "package-file-not-openable", "kernel_binary_missing", 0.55,
       "The package file could not be opened by the archive reader (not at that path any more)",
       keywords=("zip archive: file open failed",)),
    # a compiled library (the legacy API's .so, or the one inside a package) handed to the package
    # loader: not a zip archive either, so beside the damaged-archive reading (AOTS167)
    _r("AOTS226", "library-given-to-package-loader", "deprecated_api", 0.4,
       "A compiled library (.so) may have been given to the package loader, which reads .pt2 archives",
       phases=frozenset({P.LOAD}), keywords=("failed finding central directory",),
       fixes=(H.PASS_PACKAGE_PATH, H.MIGRATE_TO_PACKAGE_API)),
    # the archive reader takes a path or a binary file object; anything else (a registry record, a
    # path left in a tuple, a memoryview) is asked for its position: the caller's argument, outside
    # AOTI's families
    _r("AOTS252", "package-argument-not-a-path-or-file", "unknown", 0.5,
       "The package loader was given an object that is neither a path nor a binary file",
       phases=frozenset({P.LOAD}), types=frozenset({"AttributeError"}), frame_modules=("torch.export.pt2_archive",),
       keywords=("object has no attribute 'tell'", "object has no attribute 'seek'", "object has no attribute 'read'"),
       supersedes=("AOTS123",), fixes=(H.PACKAGE_ARGUMENT_KIND,)),
    # the other way round: a .pt2 package (a zip archive) handed to a loader of the legacy .so flow
    # (aot_load, AOTIModelContainerRunnerCpu from Python or C++), which dlopens it as a library
    _r("AOTS247", "package-given-to-library-loader", "deprecated_api", 0.62,
       "A .pt2 package was handed to a loader of the legacy flow, which opens a compiled library (.so)",
       keywords=("invalid elf header",), regex=r"error in dlopen: \S*\.pt2\b",
       supersedes=("AOTS160", "AOTD901"), fixes=(H.PACKAGE_TO_PACKAGE_LOADER, H.MIGRATE_TO_PACKAGE_API)),
    # a program object (an ExportedProgram, the module export builds) written with torch.save or
    # pickle: pickling its local functions fails, and torch.load's weights_only refuses its classes
    _r("AOTS229", "program-object-pickled", "unsupported", 0.6,
       "A program object (ExportedProgram or its module) was saved with torch.save / pickle",
       keywords=("unsupported global: global torch.export.", "unsupported global: global torch.fx.",
                 "_create_stateful_graph_module.<locals>"),
       supersedes=("AOTD812",), fixes=(H.SAVE_PROGRAMS_WITH_THEIR_OWN_API,)),
    # a module-preparation utility (conv-bn fusion, pruning, parametrizations, torch.ao's fuser)
    # refusing the module by its own check (an assertion or a ValueError it raises, not an
    # incidental TypeError): the module is not in the state the step supports
    _r("AOTS231", "module-preparation-refused", "unsupported", 0.5,
       "A module-preparation utility refused the module as it is (its own check)",
       modules=frozenset({"torch.nn.utils.fusion", "torch.nn.utils.prune", "torch.nn.utils.parametrize",
                          "torch.nn.utils.parametrizations", "torch.ao.quantization.fuse_modules",
                          "torch.ao.quantization.fuser_method_mappings"}),
       types=frozenset({"AssertionError", "ValueError"}), raise_sites=frozenset({"torch"}),
       supersedes=("AOTS126",), fixes=(H.PREPARE_MODULE_AS_THE_UTILITY_EXPECTS,)),
    # the hook-based norms (torch.nn.utils.weight_norm / spectral_norm, superseded by their
    # parametrization versions) failing in their own code: the legacy API is what failed
    _r("AOTS232", "legacy-norm-hooks", "deprecated_api", 0.56,
       "The hook-based weight_norm / spectral_norm (legacy; parametrizations replace them) failed",
       modules=frozenset({"torch.nn.utils.weight_norm", "torch.nn.utils.spectral_norm"}),
       supersedes=("AOTS126",), fixes=(H.USE_PARAMETRIZATION_NORMS,)),
    _r("AOTS164", "load-runtime-library-missing", "version_mismatch", 0.6,
       "A runtime library the package or torch links against is absent or another version",
       phases=frozenset({P.LOAD, P.RUN}), keywords=("cannot open shared object file",),
       also_keywords=("libcud", "libnv", "libtorch", "libc10", "libstdc++", "libgomp", "libomp", "libhip",
                      "librocm", "libmkl", "libsycl")),
    _r("AOTS161", "load-undefined-symbol", "version_mismatch", 0.62,
       "The compiled library needs a symbol this torch/libstdc++ does not export",
       phases=frozenset({P.LOAD, P.RUN}), keywords=("undefined symbol", "glibcxx_", "glibc_")),
    _r("AOTS162", "load-target-device-absent", "device_mismatch", 0.5,
       "The package targets a device this process cannot use",
       phases=frozenset({P.LOAD}), keywords=("not compiled with cuda", "no cuda gpus", "active drivers",
                                            "not available", "no nvidia driver", "cuda-capable device")),
    # the CUDA runtime's "driver insufficient" while exporting or compiling: on a build host the
    # usual cause is no driver or GPU visible at all (code touching CUDA on a CPU host, an image
    # build step); at load or run, an old driver and a container without GPU access are both common
    _r("AOTS278", "cuda-touched-on-a-host-without-a-driver", "device_mismatch", 0.6,
       "The code touched CUDA while exporting or compiling where no usable NVIDIA driver is visible",
       phases=frozenset({P.EXPORT, P.COMPILE}),
       keywords=_DRIVER_INSUFFICIENT,
       supersedes=("AOTD712",), fixes=(H.DRIVER_TOO_OLD_OR_NOT_VISIBLE,)),
    _r("AOTS279", "no-driver-visible-to-the-process", "device_mismatch", 0.5,
       "No usable NVIDIA driver is visible to this process (or the driver is older than the runtime)",
       phases=frozenset({P.LOAD, P.RUN, P.UNKNOWN}),
       keywords=_DRIVER_INSUFFICIENT,
       fixes=(H.DRIVER_TOO_OLD_OR_NOT_VISIBLE,)),
    _r("AOTS163", "constant-loading-frames", "constant_loading", 0.52,
       "The failure happened while constants (weights) were loaded or updated",
       functions=("load_constants", "update_constant_buffer", "constant_blob", "load_state_dict",
                  "update_constants")),
    # load_pt2 itself (past its archive-version check; the compiled library loads in _load_aoti)
    # builds the weights stored beside the model: an error raised there is the weights'
    _r("AOTS165", "weights-in-archive-unreadable", "constant_loading", 0.58,  # over AOTS123: the more specific site
       "The package's stored weights could not be read or rebuilt (missing, cut short or not "
       "matching the archive's weights config)",
       subsystems=frozenset({S.PACKAGE_LOAD}), at=("load_pt2",), not_keywords=("version",),
       fixes=(H.CHECK_CONSTANTS,)),
    # -- API generations -------------------------------------------------------------------------
    _r("AOTS170", "legacy-api-failed", "deprecated_api", 0.66,
       "The legacy aot_compile/aot_load API's own argument handling raised: it was given what only "
       "the package API takes",
       at=("aot_compile", "aot_load", "_aoti_flatten_inputs", "compile_fx_aot"),
       types=frozenset({"AttributeError", "TypeError", "ValueError", "AssertionError", "RuntimeError"}),
       raise_sites=frozenset({"torch", "stdlib"}), supersedes=("AOTD905", "AOTD901"),
       # a file or library dlopen cannot find is the loader's, not the legacy API's handling (a .pt2
       # handed to aot_load fails in dlopen too, but on its ELF header: that stays the legacy API's)
       not_keywords=("cannot open shared object file",),
       # the package API calls the same internals (aoti_compile_and_package -> aot_compile ->
       # compile_fx_aot): entered through it, the legacy API is not what the user called
       not_functions=("aoti_compile_and_package", "aoti_load_package")),
    # the user's own code reaching for a torch API this release no longer has (an export or AOTI
    # recipe written for an older torch: `torch.export.dynamic_dim`, `capture_pre_autograd_graph`);
    # a missing AOTI entry point (`aoti_*`) is rather a torch too OLD for the recipe
    # (0.50: a submodule never imported reads the same, `module 'torch.nn.utils' has no attribute 'prune'`)
    _r("AOTS175", "user-code-calls-removed-torch-api", "deprecated_api", 0.5,
       "The user's code calls a torch API this release does not have (written for an older torch)",
       types=frozenset({"AttributeError"}), raise_sites=frozenset({"user"}), keywords=("module 'torch",),
       not_keywords=("'aoti_", "'aot_"), supersedes=("AOTD905", "AOTD714"), fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # a public torch namespace lacking a name, looked up by a library or by code not shown
    # (`module 'torch' has no attribute 'compiler'`): the code was written for another torch
    # release, most often a newer one than installed; a name removed since is the other reading
    _r("AOTS288", "public-torch-name-of-another-release", "version_mismatch", 0.55,
       "Code written for another torch release looked up a public torch name this torch does not have",
       raise_sites=frozenset({"", "library"}), keywords=("has no attribute",),
       regex=_PUBLIC_TORCH_NAME_MISSING, supersedes=("AOTD905", "AOTD714", "AOTS127"), fixes=(H.UPGRADE_OR_PIN_TORCH,)),
    _r("AOTS289", "public-torch-name-removed", "deprecated_api", 0.45,
       "A public torch name the code looks up was removed in this release",
       raise_sites=frozenset({"", "library"}), keywords=("has no attribute",),
       regex=_PUBLIC_TORCH_NAME_MISSING, fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # a torch module's __getattr__ refusing a name (`module 'torch' has no attribute 'rfft'`): the
    # hook runs only for names the module does not define, so the caller looked up an API this
    # release no longer has (the caller is the user's code when it is a file; `python -c` code too)
    _r("AOTS149", "torch-module-lookup-of-a-removed-name", "deprecated_api", 0.5,
       "Code looked up a torch API this release does not have (torch's module __getattr__ refused it)",
       types=frozenset({"AttributeError"}), functions=("__getattr__",), keywords=("module 'torch",),
       not_keywords=("'aoti_", "'aot_"), supersedes=("AOTD905", "AOTD714", "AOTS126", "AOTS127", "AOTS175"),
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # an import of a torch name or module this torch does not have ("cannot import name 'X' from
    # 'torch.export'", "No module named 'torch._export.X'"): the code was written for another
    # release, where that name existed (renamed, moved or removed since). A file of the
    # application shadowing torch reads the same words: AOTS198 explains that case.
    _r("AOTS203", "import-of-a-torch-name-this-torch-lacks", "deprecated_api", 0.52,
       "Code imports a torch name or module this torch does not have (renamed, moved or removed since)",
       raise_sites=frozenset({"user", "library", ""}),  # torch importing its own name: AOTS127
       supersedes=("AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"), fixes=(H.RENAMED_TORCH_NAME,),
       **_TORCH_NAME_MISSING_ON_IMPORT),
    # the same import made by a package installed beside torch (its frame in site-packages): that
    # package was released against another torch, a version skew more often than a rename
    _r("AOTS256", "library-imports-a-torch-name-this-torch-lacks", "version_mismatch", 0.56,
       "A package beside torch imports a torch name or module this torch does not have (written for "
       "another torch release)",
       raise_sites=frozenset({"library"}),
       supersedes=("AOTS203", "AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"), fixes=(H.LIBRARY_FOR_THIS_TORCH,),
       **_TORCH_NAME_MISSING_ON_IMPORT),
    # the same import error shown without the frame that made it: the line a framework or a tool
    # prints when a package fails to import. Public reports of this kind were packages written for
    # a newer torch (torch too old for them), so the skew is named first and the rename beside it
    _r("AOTS261", "import-of-a-torch-name-by-an-unseen-importer", "version_mismatch", 0.54,
       "An import of a torch name or module this torch does not have, by code the text does not show "
       "(often a package written for another torch release)",
       raise_sites=frozenset({""}),
       supersedes=("AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"),
       fixes=(H.LIBRARY_FOR_THIS_TORCH, H.RENAMED_TORCH_NAME), **_TORCH_NAME_MISSING_ON_IMPORT),
    # a package installed beside torch reading an attribute an object does not have, in its own
    # frame: the object comes from torch or another package of another release than the one it
    # was written against (a renamed ExportedProgram field, a config object that became a class)
    _r("AOTS266", "library-meets-an-object-of-another-release", "version_mismatch", 0.52,
       "A package beside torch reads an attribute an object of torch or of another package does not "
       "have: they are of releases that do not go together",
       types=frozenset({"AttributeError"}), raise_sites=frozenset({"library"}), keywords=("object has no attribute",),
       supersedes=("AOTD905", "AOTS121", "AOTS126"), fixes=(H.LIBRARY_FOR_THIS_TORCH,)),
    # an op of a third-party namespace (torch.ops.torch_scatter, torch.ops.fbgemm) not registered:
    # its library is not installed, or not imported, in this process. The host's, not AOTI's: a
    # named unknown with the library to install or import (torch's own namespaces: AOTD515).
    _r("AOTS217", "third-party-op-library-missing", "unknown", 0.5,
       "An op of a third-party library is not registered here (the library is not installed, or not imported)",
       types=frozenset({"AttributeError"}), keywords=("'_opnamespace' '",),
       not_keywords=tuple(f"'_opnamespace' '{ns}'" for ns in TORCH_OP_NAMESPACES),
       phases=frozenset({P.EXPORT, P.COMPILE, P.LOAD, P.RUN, P.UNKNOWN}),
       supersedes=("AOTS105", "AOTS106", "AOTS121", "AOTS126", "AOTD905"), fixes=(H.LOAD_OP_LIBRARY,)),
    # the AOTI entry points called with another release's signature (the 2.5-era package API took
    # example args; keywords renamed since): Python's own argument check, raised before any work
    _r("AOTS177", "aoti-api-called-with-another-signature", "deprecated_api", 0.6,
       "An AOTI entry point was called with another release's arguments",
       types=frozenset({"TypeError"}), keywords=_RECIPE_CALLS,
       also_keywords=("positional argument", "required positional", "required keyword") + _FORMER_KEYWORDS,
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # a keyword the entry point took in no release (another API's option carried over, a
    # misspelling): the call does not support that option. A keyword an earlier release took is
    # AOTS177's (an older recipe).
    _r("AOTS207", "aoti-api-given-a-keyword-it-does-not-take", "unsupported", 0.55,
       "An AOTI or export entry point was given a keyword it takes in no release (another API's option, "
       "or a misspelling)",
       types=frozenset({"TypeError"}), keywords=_RECIPE_CALLS, also_keywords=("unexpected keyword argument",),
       not_keywords=_FORMER_KEYWORDS + _LEGACY_CALLS, fixes=(H.OPTION_OF_ANOTHER_API,)),
    # the legacy entry points (torch._export.aot_compile / aot_load) given the keywords of the
    # current API or of torch.export: code between two generations; the legacy call is the cause
    _r("AOTS210", "legacy-api-given-a-newer-keyword", "deprecated_api", 0.6,
       "The legacy aot_compile/aot_load was given a keyword of the current API or of torch.export",
       types=frozenset({"TypeError"}), keywords=_LEGACY_CALLS, also_keywords=("unexpected keyword argument",),
       fixes=(H.MIGRATE_TO_PACKAGE_API,)),
    # torch's config module refuses an option it does not have (`torch._inductor.config.X does not
    # exist`, from get, set or patch): an option renamed or removed since the recipe was written
    # (`abi_compatible`), an option of another torch, or a name misspelt or guessed. Not an internal
    # error of the compiler it was raised in. The words do not tell these apart: the three blind
    # rows read this way carried three labels (unknown, version_mismatch, unsupported), so the
    # reading names each and claims none above 0.5
    _r("AOTS182", "config-option-not-in-this-torch", "deprecated_api", 0.46,
       "A torch config option this torch does not have (renamed or removed since, or misspelt)",
       supersedes=("AOTS121", "AOTS126", "AOTD901"), **_CONFIG_OPTION_MISSING),
    _r("AOTS242", "config-option-name-unknown", "unsupported", 0.42,
       "A config option name this torch does not know (misspelt or guessed)", **_CONFIG_OPTION_MISSING),
    _r("AOTS243", "config-option-of-another-torch", "version_mismatch", 0.4,
       "A config option of another torch release than the one installed", **_CONFIG_OPTION_MISSING),
    # a config SECTION's name refused as an option (`torch._inductor.config.cpp does not exist`):
    # the configs were nested by section, as a YAML or JSON file holds them; inductor_configs and
    # config.patch take flat dotted keys. Not an option renamed since (AOTS182).
    _r("AOTS215", "configs-nested-by-section", "unsupported", 0.62,
       "Compile configs were given nested by section ({'cpp': {...}}); they take flat dotted keys",
       types=frozenset({"AttributeError"}),
       keywords=tuple(f"config.{sec} does not exist" for sec in
                      ("aot_inductor", "cpp", "triton", "trace", "cuda", "rocm", "halide", "cutlass",
                       "test_configs", "xpu")),
       supersedes=("AOTS121", "AOTS126", "AOTS182", "AOTS242", "AOTS243", "AOTD901"), fixes=(H.FLAT_CONFIG_KEYS,)),
    # torch refusing, on purpose, a value it was handed while compiling (`raise ValueError(...)`
    # in its own code: a model name, an option's value, a path): AOTI does not take that value.
    # Python's own ValueErrors (unpacking, conversions, lookups) inside torch are not refusals.
    _r("AOTS183", "compile-refused-a-value", "unsupported", 0.5,
       "torch refused a value it was given while compiling (a name, an option or a path it does not take)",
       types=frozenset({"ValueError"}), phases=frozenset({P.COMPILE}), raise_sites=frozenset({"torch"}),
       not_keywords=("values to unpack", "invalid literal for", "is not in list", "not in tuple",
                     "empty sequence", "math domain error", "could not convert", "substring not found",
                     "out of memory", "device")),  # a device refused is a device reading, never "not taken"
    # torch asserting, in its own compile or package code, a requirement on a value it was handed
    # ("must only contain strings", "Expect package path to be ...", "is not a valid file path"):
    # the message states the contract the argument broke, so it is a refusal, not torch's own bug
    _r("AOTS194", "asserted-requirement-on-a-value", "unsupported", 0.6,
       "torch asserted a requirement on a value it was handed (an option, a path, a file list)",
       types=frozenset({"AssertionError"}), phases=frozenset({P.COMPILE, P.LOAD}),
       raise_sites=frozenset({"torch"}),
       keywords=("must ", "expect ", "expected ", "is not a valid", "should be ", "only contain"),
       not_keywords=("internal assert", "report a bug"), supersedes=("AOTD901", "AOTS121", "AOTS126")),
    # torch's config module reads TORCHINDUCTOR_* / TORCH* variables while it is imported; a value
    # it refuses there (an int() of "auto", a start method it does not know) is the environment's
    _r("AOTS199", "config-refused-an-environment-value", "compile_toolchain", 0.56,
       "torch's config refused a value it read from the environment while being imported",
       types=frozenset({"ValueError", "AssertionError", "TypeError", "KeyError"}),
       modules=("torch._inductor.config", "torch._dynamo.config", "torch._functorch.config"),
       supersedes=("AOTD901", "AOTS121", "AOTS126", "AOTS183"), fixes=(H.ENVIRONMENT_VALUE_REFUSED,)),
    # "cannot import name X from Y (<path>)" with a path outside any site-packages: a file of the
    # application has the library's name and shadows it. The host's, not AOTI's: a named unknown.
    _r("AOTS198", "application-file-shadows-a-library", "unknown", 0.5,
       "A file of the application shadows a library torch imports (the import found the wrong file)",
       types=frozenset({"ImportError"}), keywords=("cannot import name",),
       also_keywords=(".py)",),
       not_keywords=("site-packages", "dist-packages", "unknown location", "partially initialized"),
       phases=frozenset({P.EXPORT, P.COMPILE, P.LOAD, P.RUN, P.UNKNOWN}),
       supersedes=WRAPPED + ("AOTS121", "AOTS126", "AOTS203", "AOTD905"), fixes=(H.RENAME_SHADOWING_MODULE,)),
    # aoti_compile_and_package refusing anything but an ExportedProgram: most often a GraphModule
    # from an older generation's recipe (torch._dynamo.export, aot_compile, fx tracing). The
    # declared limit (AOTD508) and that reading share the words, so neither claims >= 0.7.
    _r("AOTS138", "package-api-given-an-older-generation-object", "deprecated_api", 0.45,
       "aoti_compile_and_package was given what an older API generation produced (a GraphModule)",
       functions=("aoti_compile_and_package",), keywords=("only exportedprogram",),
       rivals=("AOTD508",), fixes=(H.MIGRATE_TO_PACKAGE_API,)),
    # torch.library checking a custom op against its declaration at run time: an output that
    # aliases an input, a mutation the schema does not declare. The op breaks the contract
    # custom ops must keep to be traced and compiled.
    _r("AOTS184", "custom-op-broke-its-contract", "unsupported", 0.58,
       "A custom op broke the contract torch.library checks (an output aliasing an input, an "
       "undeclared mutation)",
       keywords=("custom operator", "custom op", "the operator's schema"),
       also_keywords=("must not also be an input", "may not alias", "empirically wrong", "mutates_args"),
       supersedes=("AOTS152",)),
    # pybind refusing the arguments of AOTI's loader constructor: the caller's arguments reached it
    # in another signature's order (the legacy `aot_load(path, device)`, `load_package(path,
    # model_name)`), not a defect of the loader
    _r("AOTS185", "aoti-loader-called-with-another-signature", "deprecated_api", 0.58,
       "AOTI's loader was handed arguments in another signature's order (a device or a model name "
       "where a flag is taken)",
       types=frozenset({"TypeError"}), keywords=("incompatible constructor arguments",),
       phases=frozenset({P.LOAD}), supersedes=("AOTS123", "AOTS121", "AOTS126"),
       fixes=(H.LOADER_SIGNATURE,)),
    # the host refusing the loader's files while it extracts the package (a full or capped disk,
    # no open-file descriptors left, a TMPDIR that is gone): a cause outside AOTI's families, so
    # the reading is `unknown`, named, with the host's fix. (At compile the same limits are the
    # build environment's: compile_toolchain.)
    _r("AOTS186", "host-refused-extraction", "unknown", 0.5,
       "The host refused the files the loader extracts (disk space or quota, open-file limit, TMPDIR)",
       phases=frozenset({P.LOAD}),
       keywords=("failed to extract zip file", "error generating temporary directory",
                 "no usable temporary directory", "no space left on device", "too many open files",
                 "disk quota exceeded", "file too large"),
       supersedes=("AOTS123", "AOTS160", "AOTS165"), fixes=(H.HOST_FILES,)),
    # torch.export.load finding no ExportedProgram in the archive it opened: the file holds
    # something else, most often an AOTI package (a compiled model, which only aoti_load_package
    # opens). Its message points at warnings; the mechanism is the wrong loader, not export.
    # (0.42: the same message also meets an archive of a newer export schema, or one stripped of
    # its weights; only the warnings before it, which a traceback does not hold, tell them apart)
    _r("AOTS187", "export-load-found-no-program", "unsupported", 0.42,
       "torch.export.load found no ExportedProgram it could read in the file (an AOTI package holds a "
       "compiled model)",
       keywords=("error when deserializing the saved file",), raise_sites=frozenset({"torch"}),
       supersedes=("AOTS106", "AOTS126"), fixes=(H.EXPORT_LOAD_IS_NOT_AOTI,)),
    # torch.load finding no `data.pkl` in a zip: the file is an archive, but not a torch.save
    # checkpoint (an AOTI or export .pt2 read as weights); torch's own text blames corruption
    _r("AOTS166", "torch-load-of-a-non-checkpoint-archive", "unsupported", 0.55,
       "torch.load was handed an archive that is not a torch.save checkpoint (a .pt2 package)",
       keywords=("failed locating file data.pkl",), supersedes=("AOTS160",),
       fixes=(H.PACKAGE_IS_NOT_A_CHECKPOINT,)),
    # each torch archive loader opens its format's own first record: TorchScript's constants.pkl,
    # torch.package's .data/extern_modules. Not finding it, the file is a torch archive of another
    # kind (a .pt2 package, a torch.save checkpoint) handed to the wrong loader; torch's own text
    # blames corruption, which a damaged file would show as an unreadable zip (AOTS167)
    _r("AOTS206", "torch-archive-read-by-another-loader", "unsupported", 0.52,
       "A torch archive was opened by the loader of another kind of archive (torch.jit.load or "
       "torch.package given a .pt2 package or a torch.save checkpoint)",
       keywords=("failed locating file constants.pkl", "failed locating file .data/extern_modules"),
       supersedes=("AOTS123", "AOTS160", "AOTS171"), fixes=(H.LOADER_FOR_THE_ARCHIVE,)),
    # AOTI's loader opened the file but miniz found no readable zip in it: the bytes were changed
    # on the way (a text-mode transfer, a header or signature wrapped around it, a cut-off copy,
    # a pointer file): outside AOTI's families, a named unknown with the check to make. A
    # missing file is AOTS224 ("file open failed").
    _r("AOTS167", "package-archive-damaged", "unknown", 0.45,
       "The package file is not a readable zip archive (changed, wrapped or cut off on its way)",
       phases=frozenset({P.LOAD}), keywords=("failed to initialize zip archive",),
       also_keywords=("central directory", "corrupted", "multidisk", "invalid header", "not a zip",
                      "unexpected end", "invalid local"),
       supersedes=("AOTS123", "AOTS160"), fixes=(H.VERIFY_PACKAGE_BYTES,)),
    # torch's archive writer refusing the package path (no parent directory, not openable): the
    # host's path, not the compiler's
    _r("AOTS168", "package-output-path-refused", "unknown", 0.45,
       "The package could not be written at the path given (its folder is missing or not writable)",
       phases=frozenset({P.COMPILE}), keywords=("parent directory", "cannot be opened"),
       also_keywords=("does not exist", "cannot be opened"),
       supersedes=("AOTS121", "AOTS126", "AOTD901"), fixes=(H.PACKAGE_OUTPUT_PATH,)),
    # the package API's own argument check (an assert or ValueError in aoti_compile_and_package or
    # aoti_load_package itself): it does not take what it was given (a path without .pt2)
    _r("AOTS189", "package-api-refused-an-argument", "unsupported", 0.5,
       "The AOTI package API refused an argument it does not take",
       types=frozenset({"AssertionError", "ValueError"}), raise_sites=frozenset({"torch"}),
       at=("aoti_compile_and_package", "aoti_load_package", "_aoti_compile_and_package_inner", "load_package"),
       supersedes=("AOTS194",)),  # the same refusal, read at the API's own entry
    # Python's own error on an argument inside the package API's entry (a string or a list of pairs
    # where it indexes a dict): the API was handed a value of a type it does not take
    _r("AOTS211", "package-api-given-an-argument-of-another-type", "unsupported", 0.5,
       "The AOTI package API was handed an argument of a type it does not take (it failed using it)",
       types=frozenset({"TypeError", "AttributeError", "KeyError", "IndexError"}), raise_sites=frozenset({"torch"}),
       at=("aoti_compile_and_package", "aoti_load_package", "_aoti_compile_and_package_inner", "load_package"),
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # -- the loaded model handed to another torch API ----------------------------------------------
    # an API's type check naming the loaded model's class (`got <class '...AOTICompiledModel'>`):
    # it was given the compiled callable where it takes a Module or a function
    _r("AOTS173", "loaded-model-handed-to-another-api", "unsupported", 0.62,
       "A torch API that takes an nn.Module or a function was given the loaded AOTI model",
       keywords=("aoticompiledmodel'>", "aotimodelpackageloader'>", "aoticompiledmodel object at 0x"),
       fixes=(H.LOADED_MODEL_IS_NOT_A_MODULE,)),
    # the same, read from a live exception: a torch frame (not AOTI's own) held the loaded model
    # and AOTI's code did not run below it, so the API itself refused it (core/text/handed.py)
    _r("AOTS174", "loaded-model-in-a-torch-api-frame", "unsupported", 0.62,
       "A torch API that takes an nn.Module or a function was given the loaded AOTI model (seen in "
       "its frame)",
       handed=True, fixes=(H.LOADED_MODEL_IS_NOT_A_MODULE,)),
    # AOTI never calls TorchScript: torch.jit raising means the user traced or scripted something,
    # in an AOTI deployment the loaded model (a C++ runner behind a Python call) or a module calling
    # it. TorchScript's own trace check ("not close" across invocations) is its symptom, not numerics.
    # (above AOTS126's 0.45: an internal-looking error raised in torch.jit is not AOTI compiling)
    _r("AOTS171", "torchscript-over-compiled-model", "unsupported", 0.48,
       "TorchScript (torch.jit.trace/script) was given an AOTI compiled model, or code calling one",
       subsystems=frozenset({S.TORCHSCRIPT}), supersedes=("AOTD806", "AOTS225"), fixes=(H.CALL_LOADED_MODEL_DIRECTLY,)),
    # the autograd engine found no graph behind an output: a loaded model runs inference only, its
    # outputs carry no grad_fn whatever the inputs require
    _r("AOTS172", "backward-through-compiled-model", "unsupported", 0.5,
       "A backward pass reached outputs without an autograd graph (an AOTI compiled model runs "
       "inference only)",
       functions=("_engine_run_backward",), keywords=("does not require grad", "does not have a grad_fn"),
       fixes=(H.INFERENCE_ONLY,)),
    # -- autotuning ------------------------------------------------------------------------------
    # autotuning was left with nothing to choose (a CPU build has no Triton templates)
    _r("AOTS181", "no-autotune-choices", "autotune_failure", 0.64,
       "Autotuning had no valid kernel choice for an op (the allowed backends offer none here)",
       types=frozenset({"NoValidChoicesError"}), supersedes=WRAPPED, fixes=(H.ADD_ATEN_AUTOTUNE_BACKEND,)),
    # a template building its autotuning choice (select_algorithm's maybe_append_choice renders
    # each candidate kernel) failed an internal check: the candidate, often shaped by a tuning
    # setting (TORCHINDUCTOR_CPP_GEMM_*, max_autotune backends), cannot be built on this host
    _r("AOTS205", "autotune-choice-generation-failed", "autotune_failure", 0.62,
       "An autotuning candidate kernel could not be generated (a template's own check failed while "
       "rendering it, often under a tuning setting)",
       types=INTERNAL_TYPES | frozenset({"ValueError"}), functions=("maybe_append_choice",),
       not_keywords=("out of memory", "illegal memory"),
       supersedes=WRAPPED + ("AOTS120", "AOTS121", "AOTS122", "AOTS126"),
       fixes=(H.CHECK_TUNING_SETTINGS, H.DISABLE_AUTOTUNE)),
    _r("AOTS180", "autotune-subsystem", "autotune_failure", 0.55,
       "Compile-time autotuning or benchmarking of kernels raised",
       subsystems=frozenset({S.AUTOTUNE}),
       not_keywords=("illegal memory", "device-side assert", "index out of bounds", "out of memory")),
    # -- signals (fallbacks: nothing else was read) ----------------------------------------------
    _r("AOTS190", "illegal-instruction", "version_mismatch", 0.55,
       "The CPU lacks an instruction the compiled code uses (SIGILL)",
       signal_names=frozenset({"SIGILL"})),
    # a process killed from outside (SIGKILL, the shell's "Killed"): the kernel's OOM killer is
    # the usual sender (a container limit, host RAM while compiling or loading), so memory is
    # the reading, below 0.7, in place of the weights and input suspects of a fault from inside
    _r("AOTS268", "killed-from-outside", "out_of_memory", 0.44,
       "The process was killed from outside (SIGKILL), most often by the kernel's out-of-memory killer",
       signal_names=frozenset({"SIGKILL"}), no_chain=True, supersedes=("AOTS159", "AOTS263"),
       fixes=(H.CHECK_MEMORY_LIMIT, H.REDUCE_MEMORY)),
    _r("AOTS191", "signal-only", "crash", 0.45,
       "The process died on a signal with no exception",
       signal=True, no_chain=True, fallback=True),
)
