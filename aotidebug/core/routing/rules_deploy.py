"""The structural rules of deployment: memory faults, the compiled model's run, loading, API
generations (rules_api.py, evaluated in place), the loaded model in other torch APIs, autotuning
and signals. Data only; see rule.py for what each field means."""

from __future__ import annotations

from .. import hints as H
from ..text.frames import HEAP_CHECKS
from .pattern import TORCH_OP_NAMESPACES
from .patterns_call import DERIVED_INPUT_SIZE, TWO_DEVICES
from .rule import INTERNAL_TYPES, WRAPPED, P, S, Rule
from .rule import new_rule as _r
from .rules_api import API_RULES

__all__ = ["DEPLOY_RULES"]

# Signatures two rules read, one category each, shared so the pair cannot drift: a kernel's check
# thrown in two threads, its message cut (AOTS304/352); the proxy executor miscounting an op's
# arguments (AOTS350/351); a user's comparison finding another output shape (AOTS176/349)
_KERNEL_CHECK_CUT: dict[str, object] = dict(
    keywords=("terminate called after throwing an instance of 'c10::error'",),
    words=("terminate called recursively",), not_words=("what():",), phases=frozenset({P.RUN, P.UNKNOWN}))
_PROXY_ARGUMENTS_MISCOUNTED: dict[str, object] = dict(
    keywords=("mismatch between ints consumed and num_ints",), supersedes=("AOTS152",))
_OUTPUT_SHAPE_DIFFERS = ("values for attribute 'shape' do not match",)

# assert_size_stride's line when every size matched and a stride did not (no size on the line
# differs: a size that differs is an input or a shape, read elsewhere)
_LAYOUT_ONLY = (r"(?m)^(?![^\n]*expected size (\d+)==(?!\1\b)\d+)[^\n]*?"
                r"expected size (\d+)==\2, stride (\d+)==(?!\3\b)\d+ at dim=\d+")

# the CUDA runtime's cudaErrorInsufficientDriver, in its two spellings (AOTS278, AOTS279)
_DRIVER_INSUFFICIENT = ("driver version is insufficient", "cudaerrorinsufficientdriver")

# a failed comparison of outputs in the words of torch.testing, numpy and people's own asserts
_COMPARED = ("not close", "not equal", "diff", "mismatch", "allclose", "!=", " vs", "nan")
# a dtype as people write it (AOTS332)
_DTYPE = (r"(?:fp8|fp16|bf16|fp32|fp64|float8\w*|float16|bfloat16|float32|float64|half|double|int4|int8|uint8"
          r"|int16|int32|int64|uint32|bool(?:ean)?|complex\w*)")
# the patterns that read wrong numbers by their symptom alone (numerical): a check that names the
# change behind them outranks these, which stay beside it (as the user-check rules do, AOTS146)
_SYMPTOM_READINGS = ("AOTD802", "AOTD805", "AOTD806")
# one line of a user's own check that names an output and a comparison (the text is lower-cased)
_OUTPUT = r"\b(?:outputs?|results?|predictions?|logits)\b"
_COMPARISON = r"(?:\bexpected\b|!=|\bgot\b|mismatch|\bdiffer|non-finite|\bnan\b|\binvalid\b|\bwrong\b|\bincorrect\b)"
_OUTPUT_CHECK = rf"(?m)^(?=[^\n]*{_OUTPUT})(?=[^\n]*{_COMPARISON})"
_PRINTED_SHAPE = r"torch\.size\(|[(\[]\d+(?:, ?\d+){1,4}[)\]]"  # a torch.Size, or 2 to 5 sizes
_OUTPUT_SHAPE_CHECK = _OUTPUT_CHECK + rf"(?=[^\n]*(?:{_PRINTED_SHAPE}))"

# a fault inside the garbage collector, or one of glibc's heap checks (the words that make their
# line the error line: text/frames.py)
HEAP_CORRUPTED = ("garbage-collecting", *HEAP_CHECKS)

DEPLOY_RULES: tuple[Rule, ...] = (
    # -- memory faults ----------------------------------------------------------------------
    _r("AOTS140", "out-of-memory", "out_of_memory", 0.7,
       "An allocation failed",
       types=frozenset({"OutOfMemoryError", "MemoryError"}), supersedes=WRAPPED,
       not_keywords=("out of resource",)),  # a per-block limit of the GPU (AOTD819), not an allocation
    _r("AOTS141", "out-of-memory-words", "out_of_memory", 0.62,
       "An allocation failed (message)",
       keywords=("out of memory", "bad_alloc", "cannot allocate memory", "alloc_failed"), supersedes=WRAPPED),
    # an AOTI runtime call (load_constants' buffer update, the container's creation, a run) failed
    # because an allocation inside it failed: the runtime prints the C++ exception (`Error:
    # std::bad_alloc`, c10's "DefaultCPUAllocator: can't allocate memory", a device's out of
    # memory) and raises "<call> API call failed". The call names where, the allocator why: the
    # readings of the call's site (constants, the generic failure) stay beside this one
    _r("AOTS338", "runtime-call-allocation-failed", "out_of_memory", 0.7,
       "An AOTI runtime call failed because an allocation inside it failed (the runtime printed the "
       "allocator's error before 'API call failed')",
       keywords=("bad_alloc", "cannot allocate memory", "can't allocate memory", "out of memory"),
       also_keywords=("api call failed",), not_keywords=("out of resource",),
       supersedes=("AOTD401", "AOTD403", "AOTD405", "AOTD904", "AOTS141"),
       fixes=(H.REDUCE_MEMORY, H.CHECK_MEMORY_LIMIT)),
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
       regex=_PRINTED_SHAPE,
       not_keywords=("values for attribute",),  # torch.testing's own words: AOTS176
       supersedes=("AOTS146", "AOTS234"), fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
    # the same check written as `raise RuntimeError(...)` (or ValueError, Exception) in the user's
    # own frame, with no torch frame under it: its words compare an output with what was expected
    # ("output lengths [...] != expected [...]", "expected 250 output frames ..., got ..."). Below
    # the assertion's readings: torch's own errors raised from a C function also sit at the user's
    # line, so the words must name an output and a comparison (drawn in stop 61, in-sample, from
    # the speech vocabulary's two rows read `unknown`)
    _r("AOTS343", "user-output-check-raised", "numerical", 0.42,
       "The user's own check of the compiled model's output raised: the output was not what it "
       "expects",
       types=frozenset({"RuntimeError", "ValueError", "Exception"}), raise_sites=frozenset({"user"}),
       regex=_OUTPUT_CHECK, fixes=(H.COMPARE_WITH_EAGER, H.CHECK_INPUTS_AT_RUNTIME)),
    # ... printing a shape: the output's size was not the expected one (AOTS147's reading)
    _r("AOTS344", "user-output-shape-check-raised", "input_mismatch", 0.46,
       "The user's own check of an output's shape raised: an input was not what the program was "
       "compiled for",
       types=frozenset({"RuntimeError", "ValueError", "Exception"}), raise_sites=frozenset({"user"}),
       regex=_OUTPUT_SHAPE_CHECK, supersedes=("AOTS343",),
       fixes=(H.CHECK_INPUTS_AT_RUNTIME, H.COMPARE_WITH_EAGER)),
    _r("AOTS142", "accelerator-illegal-access", "illegal_memory_access", 0.6,
       "The device reported an illegal memory access",
       keywords=("illegal memory access", "illegal address", "misaligned address", "unspecified launch failure")),
    _r("AOTS143", "accelerator-device-assert", "index_out_of_bounds", 0.58,
       "A device-side assertion fired in a kernel",
       keywords=("device-side assert", "index out of bounds")),
    # a C10 check thrown inside a generated CPU kernel's OpenMP threads: nothing catches it there
    # (AOTI's wrapper and the ATen ops it calls return their errors), so the runtime terminates,
    # and the check such a kernel throws is its index bounds check. When two threads throw at once
    # the second terminate ("recursively") aborts before the first prints its message (measured:
    # 2 of 12 runs of a gather with every id out of range, OMP_NUM_THREADS=2, torch 2.13)
    _r("AOTS304", "kernel-check-thrown-in-parallel-threads", "index_out_of_bounds", 0.6,
       "A check in a generated CPU kernel threw inside its parallel threads and ended the process "
       "before its message was printed (such a kernel's check is its index bounds check)",
       **_KERNEL_CHECK_CUT, supersedes=("AOTD303",), fixes=(H.ONE_THREAD_FOR_THE_MESSAGE, H.CLAMP_INDICES)),
    # a generated kernel's index assertion read by its words alone: the ids were past the table
    # (AOTD301), or the inputs were not what the program was compiled for and reached the same
    # assertion (ids of another dtype, two tensors in each other's slots, a dict in another key
    # order, an input dimension outside the exported range: knowledge.md), which the words cannot
    # exclude (35 of the 546 labelled rows with this assertion are input_mismatch). Kept as a
    # lower candidate, so an abort's own reading (crash) does not push it out of the first three
    _r("AOTS347", "kernel-index-assertion-may-be-the-inputs", "input_mismatch", 0.35,
       "A generated kernel's index assertion: inputs other than those compiled for (a dtype, an "
       "order, a shape) reach the same assertion as ids past a table",
       keywords=("index out of bounds: 0 <=",), phases=frozenset({P.RUN, P.UNKNOWN}),
       fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
    # ... and the same check thrown in two threads at once, message cut (AOTS304): inputs reach it
    # too (1 of the 8 labelled rows so, a point tensor sliced to a strided view, is input_mismatch)
    _r("AOTS352", "kernel-check-thrown-in-threads-may-be-the-inputs", "input_mismatch", 0.35,
       "A generated kernel's check thrown in its threads, message cut: inputs other than those "
       "compiled for (a dtype, a layout, a shape) reach it as ids past a table do",
       **_KERNEL_CHECK_CUT, fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
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
    # another namespace: its author's fake kernel, as torch's message itself says (AOTS283). Either
    # outranks words about an input's strides (AOTD106): the check named an op's output, not an input
    _r("AOTS282", "compiled-layout-check-meta-stride", "torch_bug", 0.58,
       "An op's output has the sizes the compiled graph expected but another stride: its meta "
       "(fake) kernel predicted another layout than the real kernel produced",
       keywords=("expected size",), regex=_LAYOUT_ONLY, not_keywords=("error in op: input",),
       supersedes=("AOTS150", "AOTS194", "AOTD106")),
    _r("AOTS283", "custom-op-fake-kernel-layout", "export_failure", 0.64,
       "A custom op's fake (meta) kernel returns another stride than its real kernel: the compiled "
       "graph's check of the op's output failed",
       keywords=("expected size",), regex=_LAYOUT_ONLY + r"[^\n]*\n\s*(?:error: )?error in op: torch\.ops\.(?!(?:"
       + "|".join(TORCH_OP_NAMESPACES) + r")\.)",
       supersedes=("AOTS150", "AOTS194", "AOTS282", "AOTS284", "AOTD106"), fixes=(H.FAKE_KERNEL_LAYOUT,)),
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
    # pybind refusing the arguments of the runner's own run()/boxed_run() (a dict, a tuple, Python
    # scalars, a nested list where it takes a flat list of tensors): the call's inputs, handed to
    # the flat API without the pytree flattening the loaded model's __call__ does. Not the weights'
    # API (load_constants(): AOTS320)
    _r("AOTS328", "runner-flat-call-given-another-structure", "input_mismatch", 0.6,
       "The runner's flat run()/boxed_run() was handed something other than a flat list of tensors",
       types=frozenset({"TypeError"}), keywords=("run(): incompatible function arguments",),
       words=("aotimodelpackageloader", "aotimodelcontainerrunner"),  # the signature pybind lists
       fixes=(H.MATCH_CALL_SPEC,)),
    # the runtime's input check refusing an input's DEVICE (`input_handles[0]: unmatched device
    # type, expected: 00(cpu), but got: 14` (meta), NativeRT's `Input tensor device mismatch`): the
    # call contract's check (AOTD101, input_mismatch, first) names a device difference, which the
    # consistency checker calls device_mismatch (AOTC010). The labelled reports split 2 / 2, so
    # the device reading stands beside the input one, below it
    _r("AOTS329", "input-check-refused-a-device", "device_mismatch", 0.6,
       "The runtime's input check refused an input's device (type or index)",
       keywords=("unmatched device type", "unmatched device index", "input tensor device mismatch"),
       fixes=(H.MOVE_INPUTS_TO_DEVICE,)),
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
    # AOTI's proxy executor (the fallback for an op without a C shim) finding another number of
    # arguments than the package recorded for the op: a form the fallback cannot carry (a sparse
    # tensor): unsupported, or a defect of torch for plain dense arguments (labelled 4 to 3). Named
    # rather than an opaque error, above the c-shim warning's reading (AOTD506, 0.52, the op's advice)
    _r("AOTS350", "proxy-executor-cannot-read-the-ops-arguments", "unsupported", 0.55,
       "AOTI's proxy executor (the fallback for an op without a C shim) could not read the "
       "arguments recorded for the op: a form the fallback does not carry",
       **_PROXY_ARGUMENTS_MISCOUNTED, fixes=(H.PROXY_EXECUTOR_ARGUMENTS,)),
    _r("AOTS351", "proxy-executor-argument-count-defect", "torch_bug", 0.45,
       "AOTI's proxy executor read another number of arguments than the package recorded for a "
       "fallback op: torch's serialiser and executor disagree",
       **_PROXY_ARGUMENTS_MISCOUNTED, fixes=(H.PROXY_EXECUTOR_ARGUMENTS, H.REPORT_TORCH_BUG)),
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
    # subclass holding its data elsewhere, a fake tensor, a sparse or an undefined tensor), so its
    # data pointer is empty; c10 says so in two wordings (the second from `data_ptr()` itself)
    _r("AOTS209", "loaded-model-input-without-storage", "input_mismatch", 0.56,
       "An input handed to the loaded model has no data of its own (a wrapper tensor subclass, a fake, "
       "sparse or undefined tensor)",
       subsystems=frozenset({S.MODEL_RUN, S.RUNTIME_CPP}), phases=frozenset({P.RUN}),
       keywords=("data is not allocated yet", "tensor that doesn't have storage",
                 "tensor that does not have storage"),
       not_keywords=("convert all tensors to faketensors", "allow_non_fake_inputs"),
       supersedes=("AOTS152",), fixes=(H.PLAIN_TENSOR_INPUTS,)),
    # the caller's own code (or the standard library it calls: json, str formatting) meets a plain
    # Tensor where the eager model gave something else: a Python number (`.item()`, a count), a
    # tensor subclass with its own attributes, an object. A package's outputs are plain tensors,
    # so the value's kind changed at the compiled boundary; the error names the Tensor type
    _r("AOTS341", "plain-tensor-output-where-eager-returned-another-kind", "unsupported", 0.45,
       "The caller's code met a plain tensor where the eager model returned another kind of value "
       "(a Python number, a tensor subclass, an object): a compiled model's outputs are plain tensors",
       types=frozenset({"TypeError", "AttributeError"}), raise_sites=frozenset({"user", "stdlib"}),
       keywords=("object of type tensor is not", "'tensor' object has no attribute", "'tensor' object is not"),
       fixes=(H.OUTPUTS_ARE_PLAIN_TENSORS,)),
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
    # ... and when the failed comparison itself names what changed: the weights handed to the
    # package (load_constants, a swap, a checkpoint, weights updated or edited after export or
    # load), or the call's inputs given in another dtype or layout than compiled. The report's own
    # words decide between the three readings; the symptom stays beside them, below
    _r("AOTS331", "wrong-output-after-weights-changed", "constant_loading", 0.6,
       "The wrong numbers followed a change of the weights the compiled model runs with (loaded, "
       "swapped, or updated in the module after export or load)",
       types=frozenset({"AssertionError"}), also_keywords=_COMPARED,
       regex=r"\b(?:load_constants|update_constant_buffer|swap_constant_buffers?|state_dict|checkpoint)\b"
             r"|\b(?:new|swapped|loaded|updated|replaced|reloaded|refreshed|fine-?tuned|edited|retrained)(?: \w+)? "
             r"(?:weights|constants|parameters|checkpoint)\b"
             r"|\b(?:weights|constants|parameters)(?: \w+)? (?:were|was|got|have been|had been) (?:\w+ )?"
             r"(?:updated|swapped|replaced|loaded|changed|edited|reloaded)\b|\bswap(?:ping|ped)? in\b|\bhot-?swap",
       supersedes=_SYMPTOM_READINGS + ("AOTD110", "AOTS158", "AOTS332"),
       fixes=(H.SEND_CHANGED_WEIGHTS, H.CHECK_CONSTANTS)),
    _r("AOTS332", "wrong-output-input-named", "input_mismatch", 0.6,
       "The wrong numbers came with inputs of another dtype or layout than compiled, as the check "
       "says (AOTI reads them as the compiled ones without checking)",
       types=frozenset({"AssertionError"}), also_keywords=_COMPARED,
       regex=r"\b(?:called|fed|run|invoked|given)(?: it)? with (?:an? )?" + _DTYPE + r"\b"
             r"|\b(?:passed|given|fed|sent|supplied) as (?:an? )?(?:" + _DTYPE
             + r"|non-?contiguous|transposed|strided|channels.last)\b"
             r"|\bwith (?:an? )?" + _DTYPE + r" (?:inputs?|activations?|ids|indices|masks?|scales?(?: tensors?)?|tensors?"
             r"|features|tokens)\b|\binto (?:an? |the )?" + _DTYPE + r"(?:[- ][\w-]+)? (?:package|model|program)\b"
             r"|\bnon-?contiguous (?:inputs?|views?|tensors?|ids|indices|masks?|caches?|tokens?|batch(?:es)?)\b",
       supersedes=_SYMPTOM_READINGS + ("AOTS157",), fixes=(H.MATCH_DTYPE, H.MAKE_CONTIGUOUS, H.CHECK_INPUTS_AT_RUNTIME)),
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
       signal=True, keywords=HEAP_CORRUPTED,
       fixes=(H.CHECK_CONSTANTS, H.BISECT_KERNELS)),
    # ... the other writer past a buffer is the compiled code itself, writing an input in place
    # whose memory is smaller than compiled (an expanded or sliced view, a smaller tensor): second
    # to the weights among the labelled heap-check reports (2 of 30 against 26), above a bare crash
    _r("AOTS342", "heap-corrupted-by-an-input-written-in-place", "input_mismatch", 0.38,
       "The heap was corrupted before the crash: a compiled kernel can write past an input smaller "
       "than compiled (an expanded or sliced view written in place)",
       signal=True, keywords=HEAP_CORRUPTED, fixes=(H.CHECK_INPUTS_AT_RUNTIME, H.MAKE_CONTIGUOUS)),
    # a crash of a run the runtime warned about: the package's container said a constant or state
    # buffer was not provided (a package built without its weights, loaded partly): the crash is
    # the run reading the buffer that was never given
    _r("AOTS333", "crash-after-constants-not-provided", "constant_loading", 0.6,
       "The compiled model crashed after the runtime warned that a constant or state buffer was "
       "not provided",
       signal=True, words=("but not provided by user",), fixes=(H.CHECK_CONSTANTS,)),
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
       keywords=_OUTPUT_SHAPE_DIFFERS, supersedes=("AOTD806",),
       fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
    # ... or weights of another shape swapped in: load_constants checks no shapes, so a wider head
    # or a resized vocabulary runs in the compiled shape while the reference returns the new one
    # (5 of the 21 labelled rows with this check, five vocabularies). Below the input's reading
    _r("AOTS349", "output-shape-differs-after-weights-of-another-shape", "constant_loading", 0.38,
       "The compiled model returned another shape than the reference: weights of another shape "
       "(a wider head, a resized vocabulary) loaded into a package that keeps its compiled shapes",
       keywords=_OUTPUT_SHAPE_DIFFERS, fixes=(H.MATCH_CONSTANTS,)),
    # ... and another dtype than the reference's: the compiled model returns the dtype it was
    # compiled for, so a reference of another dtype followed an input of another dtype than
    # compiled (AOTI reads its bytes as the compiled dtype), or was computed in another precision.
    # The text cannot tell which (the labelled reports split 1 / 1): the input first, both below 0.5
    _r("AOTS336", "output-dtype-differs-from-reference", "input_mismatch", 0.45,
       "The compiled model returned another dtype than the reference: an input of another dtype than "
       "compiled, or a reference computed in another precision",
       keywords=("values for attribute 'dtype' do not match",),
       fixes=(H.MATCH_DTYPE, H.CHECK_INPUTS_AT_RUNTIME)),
    _r("AOTS337", "reference-of-another-dtype", "numerical", 0.4,
       "The reference the compiled model's output was compared with has another dtype (computed in "
       "another precision)",
       keywords=("values for attribute 'dtype' do not match",), fixes=(H.COMPARE_WITH_EAGER,)),
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
    # the package path resolving to nothing the loader can open: a symlink loop (ELOOP, as
    # std::filesystem and the C library word it), the link a bad switch of a `current` symlink
    # leaves. The package is not where the path says, as with a file removed (AOTS224)
    _r("AOTS315", "package-path-is-a-symlink-loop", "kernel_binary_missing", 0.55,
       "The package path is a symbolic link loop: no package file is reachable through it",
       phases=frozenset({P.LOAD}), keywords=("too many levels of symbolic links",),
       fixes=(H.PASS_PACKAGE_PATH,)),
    # a compiled library (the legacy API's .so, or the one inside a package) handed to the package
    # loader: not a zip archive either, so beside the damaged-archive reading (AOTS167)
    _r("AOTS226", "library-given-to-package-loader", "deprecated_api", 0.4,
       "A compiled library (.so) may have been given to the package loader, which reads .pt2 archives",
       phases=frozenset({P.LOAD}), keywords=("failed finding central directory",),
       fixes=(H.PASS_PACKAGE_PATH, H.MIGRATE_TO_PACKAGE_API)),
    # ... and the same, measured: the path the loader was handed ends in `.so`, as the loader's own
    # warning names it (`f must be a buffer or a file ending in .pt2. Instead got {x.so}`) or the
    # call line shows it. A library, not a damaged archive: over AOTS167 and AOTS324. A path inside
    # an unzipped package (`data/aotinductor/<model>/x.wrapper.so`) is the package's own library,
    # not the legacy API's: left to AOTS167 and AOTS226
    _r("AOTS325", "library-path-given-to-package-loader", "deprecated_api", 0.56,
       "A compiled library (.so) was given to the package loader, which reads .pt2 archives",
       phases=frozenset({P.LOAD}), keywords=("zip archive", "central directory", "not a zip"),
       words=(".so}", ".so')", '.so")'),  # the path in the loader's warning ({x.so}) or in the call
       not_words=("/data/aotinductor/",),  # a package's own wrapper .so, unzipped: not the legacy API's
       supersedes=("AOTS226", "AOTS167", "AOTS324"), fixes=(H.PASS_PACKAGE_PATH, H.MIGRATE_TO_PACKAGE_API)),
    # the archive reader takes a path or a binary file object; anything else (a registry record, a
    # path left in a tuple, a memoryview) is asked for its position: the caller's argument, outside
    # AOTI's families
    _r("AOTS252", "package-argument-not-a-path-or-file", "unknown", 0.5,
       "The package loader was given an object that is neither a path nor a binary file",
       phases=frozenset({P.LOAD}), types=frozenset({"AttributeError"}), frame_modules=("torch.export.pt2_archive",),
       keywords=("object has no attribute 'tell'", "object has no attribute 'seek'", "object has no attribute 'read'"),
       supersedes=("AOTS123",), fixes=(H.PACKAGE_ARGUMENT_KIND,)),
    # ... and a bytes object (the package read into memory, a download's body): the loader's warning
    # prints it (`Instead got {b'PK\x03\x04...'}`, shown as `b'<N bytes shown>'`), then opens it as
    # a path and fails ("file open failed"). The loader takes a path or a file object, not bytes
    _r("AOTS340", "package-bytes-given-to-loader", "unsupported", 0.52,
       "The package loader was given the package's bytes, where it takes a path or a binary file object",
       phases=frozenset({P.LOAD}),  # the warning is noise, so it is read in the report's words
       words=tuple(f"ending in .pt2. instead got {b}" for b in ("{b'", "b'", '{b"', 'b"', "{bytearray(", "bytearray(")),
       supersedes=("AOTS224", "AOTS167", "AOTS324", "AOTS160"), fixes=(H.PACKAGE_ARGUMENT_KIND,)),
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
    # the dynamic loader refusing to START a program (a C++ app or a runner binary linked against
    # libtorch): "error while loading shared libraries" is ld.so at exec, before any code ran, so
    # the program's library path (its rpath, LD_LIBRARY_PATH) lacks the folder; a library torch
    # or a package dlopens says "cannot open shared object file" without it (AOTS164). The
    # driver's own library missing in a container is its GPU access, not the program's path.
    _r("AOTS313", "program-start-library-not-found", "compile_toolchain", 0.62,
       "A program could not start: the dynamic loader did not find a library it was linked against",
       keywords=("error while loading shared libraries",), also_keywords=("cannot open shared object file",),
       not_keywords=("libcuda.so", "libnvidia-"), supersedes=("AOTS164", "AOTS160"),
       fixes=(H.PROGRAM_LIBRARY_PATH,)),
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
    # ... and where the same text shows the host has no CUDA at all (torch's C++ extension loader
    # warns "No CUDA runtime is found"), the driver is not old but absent: the process asked for a
    # device this host does not have, whatever the phase (drawn in stop 61, in-sample, from the
    # gnn, moe and robotics vocabularies: the legacy aot_load of a CPU library as "cuda")
    _r("AOTS345", "cuda-asked-on-a-host-without-cuda", "device_mismatch", 0.62,
       "CUDA was asked for on a host that has no CUDA runtime or driver",
       keywords=_DRIVER_INSUFFICIENT, words=("no cuda runtime is found",),
       supersedes=("AOTD712", "AOTS278", "AOTS279"),
       fixes=(H.MATCH_COMPILE_DEVICE, H.DRIVER_TOO_OLD_OR_NOT_VISIBLE)),
    # the runtime finding no constants in the buffer it runs with (ConstantState::NONE): a buffer
    # swapped in before anything filled it, or swapped back after it was freed (double buffering
    # in the wrong order); real on 2.13 and 2.14
    _r("AOTS319", "active-constant-buffer-holds-none", "constant_loading", 0.64,
       "The buffer of constants the model runs with holds none (swapped in before an update, or after "
       "it was freed)",
       keywords=("unknown constant state",), also_keywords=("constantstate::none",),
       supersedes=("AOTS152", "AOTD905"), fixes=(H.SWAP_AFTER_AN_UPDATE,)),
    # Python's own refusal of a call of the loaded model's weights API (a missing keyword such as
    # check_full_update, an argument it does not take): the weights were never handed over
    _r("AOTS320", "weights-api-called-with-another-signature", "constant_loading", 0.55,
       "The loaded model's weights API was called with arguments it does not take",
       types=frozenset({"TypeError"}),
       keywords=("load_constants()", "update_constant_buffer()", "swap_constant_buffer()",
                 "free_inactive_constant_buffer()", "update_user_managed_constant_buffer()"),
       also_keywords=("argument",), fixes=(H.WEIGHTS_API_SIGNATURE,)),
    _r("AOTS163", "constant-loading-frames", "constant_loading", 0.52,
       "The failure happened while constants (weights) were loaded or updated",
       functions=("load_constants", "update_constant_buffer", "constant_blob", "load_state_dict",
                  "update_constants")),
    # the process killed by a signal inside the constants' update: the loader does not compare the
    # new tensors' sizes, dtypes or layouts with the compiled buffers', so weights of another network
    # (a larger layer, a sparse or float64 copy) crash it there rather than raise
    _r("AOTS291", "crash-while-weights-were-copied", "constant_loading", 0.64,
       "The process crashed while the loader copied new weights into the compiled buffers (weights of "
       "another shape, dtype or layout than the package's)",
       signal=True, functions=("load_constants", "update_constant_buffer", "update_constants"),
       supersedes=("AOTD303", "AOTS163"), fixes=(H.CHECK_CONSTANTS,)),
    # load_pt2 itself (past its archive-version check; the compiled library loads in _load_aoti)
    # builds the weights stored beside the model: an error raised there is the weights'
    _r("AOTS165", "weights-in-archive-unreadable", "constant_loading", 0.58,  # over AOTS123: the more specific site
       "The package's stored weights could not be read or rebuilt (missing, cut short or not "
       "matching the archive's weights config)",
       subsystems=frozenset({S.PACKAGE_LOAD}), at=("load_pt2",), not_keywords=("version",),
       fixes=(H.CHECK_CONSTANTS,)),
    *API_RULES,
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
    # a pool's worker died without a word: concurrent.futures raises BrokenProcessPool ("terminated
    # abruptly"), and the worker's signal dies with it. Its call crashing is the usual cause, the
    # OOM killer the next; running the call outside the pool tells them apart
    _r("AOTS306", "pool-worker-died", "crash", 0.4,
       "A worker process of a pool died abruptly; the pool did not pass on its signal",
       types=frozenset({"BrokenProcessPool"}), fixes=(H.NAME_A_WORKERS_DEATH,)),
    # the same death in a supervisor's words, when nothing else was read: a notebook's kernel
    # ("appears to have died", "Kernel crashed"), a model server's or a cluster's worker (Ray's
    # "died unexpectedly", TorchServe's "Backend worker process died", uvicorn's "Child process
    # [42] died", Celery's "exited prematurely")
    _r("AOTS307", "supervised-process-died", "crash", 0.4,
       "A supervisor reports that the process running the model died, without its signal",
       words=("died unexpectedly", "appears to have died", "process died", "worker died", "kernel died",
              "kernel crashed", "terminated abruptly", "exited prematurely", "exited unexpectedly"),
       signal=False, fallback=True, fixes=(H.NAME_A_WORKERS_DEATH,)),  # a signal read is read as one
    # the user stopped it (Ctrl-C, a notebook's interrupt button, a job's time limit raising it):
    # what ran was slow or stuck, which no text tells apart, and the subsystem it was stopped in
    # raised nothing of its own. The reading is the measurement that decides
    _r("AOTS308", "interrupted-in-a-call", "unknown", 0.35,
       "The model's load or call was interrupted (KeyboardInterrupt): slow or stuck is not measured",
       types=frozenset({"KeyboardInterrupt"}), phases=frozenset({P.LOAD, P.RUN}), supersedes=("AOTS152",),
       fixes=(H.FIND_WHERE_A_CALL_HANGS,)),
    _r("AOTS309", "interrupted-while-building", "unknown", 0.35,
       "Export or compilation was interrupted (KeyboardInterrupt): slow or stuck is not measured",
       types=frozenset({"KeyboardInterrupt"}), phases=frozenset({P.EXPORT, P.COMPILE}),
       supersedes=("AOTS106", "AOTS135", "AOTS180"), fixes=(H.LOCATE_THE_HANG, H.DISABLE_AUTOTUNE)),
    _r("AOTS191", "signal-only", "crash", 0.45,
       "The process died on a signal with no exception",
       signal=True, no_chain=True, fallback=True),
)
