"""Routing-table entries 1xx-4xx: what goes wrong at a call of the compiled model (inputs, devices,
kernel faults, constants). Data only; see patterns.py for how entries are written."""

from __future__ import annotations

from .. import hints as H
from ..categories import Category as C
from .pattern import GPU, IMA_FLAGS, NO_GPU_KERNEL_FOR_AN_ALLOCATION, TORCH_C_GPU_BINDING, Pattern

# ATen's check of an op's tensors being on one device (AOTD209; AOTS267 reads it too)
TWO_DEVICES = "Expected all tensors to be on the same device"
# the generated wrapper's size check of a graph input, with two different sizes
DERIVED_INPUT_SIZE = r"expected size (\d+)==(?!\1,)\d+, stride \d+==\d+ at dim=\d+\s*\n\s*(?:Error: )?Error in op: input\b"

__all__ = ["CALL_PATTERNS"]

CALL_PATTERNS: tuple[Pattern, ...] = (
    # -- 1xx inputs: the call contract (input_mismatch, dynamic_shape_guard) ----------------------
    Pattern("AOTD101", "aoti-input-check-mismatch", C.INPUT_MISMATCH,
            "A runtime input breaks the compiled input contract",
            (r"input_handles\[\d+\]: unmatched (?:dim value|stride value|dtype|device type|device index)",
             r"input_handles\[\d+\]: expected ndim",
             r"\bexpected ndim \d+ but got \d+",
             # NativeRT's own input check (torch 2.10, 2.11)
             r"\bInput tensor (?:dtype|device|shape|sizes|strides?) mismatch for \w+",
             r"Expected input at \*?\w+\[\d+\]\.shape\[\d+\] to be equal to \d+, but got \d+",
             r"Guard failed: \w+\.size\(\)\[\d+\] == \d+\s*$",  # the same check in ep.module()'s words (2.9+)
             r"incorrect numel for input tensor\. expected \d+, got \d+"),
            0.92, (H.CHECK_THREE_MATCHES, H.MATCH_DTYPE, H.MAKE_CONTIGUOUS), ("AOTI_RUNTIME_CHECK_INPUTS",)),
    Pattern("AOTD102", "inputs-vector-size", C.INPUT_MISMATCH,
            "Wrong number or names of inputs for the compiled model",
            (r"expected inputs vector size to be \d+, but got \d+",
             r"kwarg keyword mismatch",
             r"Trying to flatten user inputs with exported input tree spec"),
            0.9, (H.MATCH_CALL_SPEC, H.CHECK_THREE_MATCHES)),
    Pattern("AOTD103", "dynamic-dim-out-of-range", C.DYNAMIC_SHAPE_GUARD,
            "A dynamic dimension is outside its exported range",
            (r"dim value is too (?:small|large) at \d+",
             r"Expected input at \*?\w+\[\d+\]\.shape\[\d+\] to be (?:>=|<=|equal to (?!\d+, but got \d))",
             # the exported program's module checking its inputs (torch 2.9+): a bound or a
             # divisibility a dynamic dimension's Dim imposes
             r"Guard failed: [^\n]*?\bsize\(\)\[\d+\][^\n]*?(?:<=|>=|<|>|%)"),
            0.93, (H.EXPORT_WITH_EDGE_SHAPES, H.GUARD_EMPTY_INPUTS, H.COMPILED_RANGE_NARROWED),
            ("AOTI_RUNTIME_CHECK_INPUTS",)),
    Pattern("AOTD104", "aten-op-rejects-input", C.INPUT_MISMATCH,
            "An op inside the compiled model rejected an input's dtype or shape",
            (r"mat1 and mat2 (?:must have the same dtype|shapes cannot be multiplied)",
             # an ATen op's rank check ("self must be a matrix" from mm's shape function,
             # "batch1 must be a 3D tensor" from bmm's)
             r"\bmat\d must be a matrix, got \d-D",
             r"\b(?:self|mat\d|batch\d|input|other|vec) must be a (?:matrix|vector|\dD tensor)\b",
             r"expected (?:scalar type|m1 and m2 to have the same dtype,? but got:?) \w+ but found \w+",
             r"Input type \([^)\n]*\) and weight type \([^)\n]*\) should be the same",
             r"The size of tensor a \(\d+\) must match the size of tensor b \(\d+\)",
             r"shape '\[[^\]\n]*\]' is invalid for input of size \d+"),
            0.66, (H.CHECK_THREE_MATCHES, H.MATCH_DTYPE, H.CHECK_INPUTS_AT_RUNTIME), ("AOTI_RUNTIME_CHECK_INPUTS",)),
    Pattern("AOTD105", "input-on-wrong-device", C.INPUT_MISMATCH,
            "An input is on a different device than the compiled code expects",
            (r"Expected (?:out )?tensor to have device \S+, but got \S+ instead",
             r"\binput(?:s|s')? devices?\b"),
            0.72, (H.MOVE_INPUTS_TO_DEVICE, H.CHECK_THREE_MATCHES, H.CHECK_INPUTS_AT_RUNTIME),
            ("AOTI_RUNTIME_CHECK_INPUTS",)),
    Pattern("AOTD106", "input-layout-prose", C.INPUT_MISMATCH,
            "An input's strides or layout differ from the compiled ones",
            (r"\bstrides? (?:differences?|differ|mismatch(?:es|ed)?|are different)",
             r"\.contiguous\(\)[^\n]{0,60}\b(?:correct|match\w*|fix|fixes|solves?|works?)\b",
             r"\b(?:non-?contiguous|contiguous|strides?|strided|transpos\w*|permuted|memory[- ]format|layout)\b[^\n]{0,60}?"
             r"\b(?:wrong|incorrect|invalid|garbage|corrupt\w*|different|affects?|changes?)\b (?:the )?(?:\w+ ){0,2}?"
             r"(?:results?|outputs?|values|index|answers?)\b",
             r"\b(?:wrong|incorrect|invalid|garbage|corrupt\w*) (?:\w+ ){0,2}?(?:results?|outputs?|values|index)\b[^\n]{0,60}?"
             r"\b(?:non-?contiguous|not contiguous|transpos\w*|strides?|permuted|channels[_ ]last)\b",
             r"\bnon-contiguous (?:input|tensor)s?",
             r"\b(?:transposed|permuted|sliced|strided) (?:input|tensor)s?\b",
             r"\b(?:misaligned|unaligned) (?:input|tensor|argument)s?\b",
             r"\binputs? (?:\w+ ){0,3}(?:not|aren't|isn't) (?:\w+ )?aligned\b"),
            0.64, (H.MAKE_CONTIGUOUS, H.CHECK_INPUTS_AT_RUNTIME), ("AOTI_RUNTIME_CHECK_INPUTS",)),
    Pattern("AOTD107", "export-guard-violation", C.DYNAMIC_SHAPE_GUARD,
            "A dynamic-shape constraint was violated or specialised",
            (r"Constraints violated \(", r"specialized it to be a constant",
             r"Not all values of \w+ [^\n]{0,120}(?:satisfy the generated guard|are valid because)",
             r"Error while creating guard",
             r"GuardBuilder\.SHAPE_ENV\b", r"shape_env\.produce_guards\(",
             r"Received user-specified (?:min|max|dim hint)",
             r"(?:You marked|marked as dynamic)[^\n]{0,80}speciali[sz]ed"),
            0.8, (H.DECLARE_DYNAMIC_DIMS, H.EXPORT_WITH_EDGE_SHAPES)),
    # the generated wrapper's own assert on a symbol (ir.py: "Expected {cond} but received {value}"),
    # for a size read from data (u0) or a dynamic dimension (s0) outside the range export recorded
    Pattern("AOTD109", "symbolic-runtime-assert", C.DYNAMIC_SHAPE_GUARD,
            "A size the compiled code asserts at run time is outside the range recorded at export",
            # any expression over a size or unbacked symbol, as sympy prints it: `u0 >= 4`,
            # `Eq(PythonMod(u0, 4), 0)`, `u0**2 <= 50`
            (r"\bExpected (?=[^\n]{0,200}?\b[us]\d+\b)[^\n]{1,200}? but received -?\d+",),
            0.8, (H.KEEP_VALUES_IN_CHECKED_RANGE,)),
    # a comparison off by 1e10 or more, against a tolerance near 1e-5: no rounding or kernel
    # arithmetic does that; the kernel read an input's bytes as another dtype or past its storage
    # (a float64 or bfloat16 input, a stride-0 view, accepted silently without input checks)
    Pattern("AOTD110", "wrong-output-absurd-magnitude", C.INPUT_MISMATCH,
            "Wrong numbers of an absurd size: the kernel read an input's bytes in another dtype or layout",
            (r"Greatest absolute difference: -?\d(?:\.\d+)?e\+(?:1\d|[2-9]\d|\d{3})\b",),
            0.64, (H.MATCH_DTYPE, H.MAKE_CONTIGUOUS, H.CHECK_INPUTS_AT_RUNTIME), ("AOTI_RUNTIME_CHECK_INPUTS",)),
    # the wrapper's assert_size_stride on a graph input ("Error in op: input"), which runs under
    # AOTI_RUNTIME_CHECK_INPUTS right after the per-input checks (AOTD101/AOTD103: static sizes
    # exactly, dynamic sizes against their ranges). A SIZE that still differs here breaks a relation
    # between inputs (a shared batch Dim, `dy = dx + 1`); equal sizes with another stride are a
    # layout the symbolic strides did not check (AOTS150 reads that, input_mismatch)
    # the wrapper's assert_size_stride on a graph input, after the per-input checks: a size that
    # still differs breaks a relation between inputs (a shared batch Dim, dy = dx + 1). Blind rows
    # named the caller's inputs that disagree 9 times in the 10 read after this was a guard
    # reading, so the input comes first and the relation beside it (AOTS262)
    Pattern("AOTD111", "derived-input-size-disagrees", C.INPUT_MISMATCH,
            "An input's size disagrees with another input's that the program ties it to (a shared dynamic dim)",
            (DERIVED_INPUT_SIZE,),
            0.62, (H.INPUTS_AGREE_WITH_EACH_OTHER, H.CHECK_INPUTS_AT_RUNTIME)),
    Pattern("AOTD108", "dynamic-shape-prose", C.DYNAMIC_SHAPE_GUARD,
            "A dynamic dimension was specialised or its range not respected",
            (r"\b(?:silently |implicitly |wrongly )?speciali[sz](?:e|ed|es|ing|ation)\b",
             r"\b(?:turns?|turned|switch(?:es|ed)?) off dynamic shapes",
             r"\bdynamic (?:dim(?:ension)?|shape)s?\b[^\n.]{0,40}\b(?:fail|ignored|not respected|not honou?red|lost)",
             r"\b0/1 speciali[sz]ation"),
            0.56, (H.DECLARE_DYNAMIC_DIMS,)),
    # Dynamo compiling a graph again because a guard of the last one failed, in torch's own
    # words: the error raised under error_on_recompile, the limit's hard failure and its
    # warning. The guard is most often a size compiled as a constant; torch specialising a
    # size it should not is the other cause, so it stays below 0.7
    Pattern("AOTD112", "guard-failure-recompiles", C.DYNAMIC_SHAPE_GUARD,
            "A compiled graph was compiled again because one of its guards failed (often a size)",
            (r"\bRecompileError\b", r"\bFailOn(?:Recompile|Cache)LimitHit\b",
             r"\bhit config\.(?:recompile_limit|cache_size_limit|accumulated_(?:recompile|cache_size)_limit)\b",
             r"\brecompile limit exceeded\b", r"\btriggered by the following guard failure",
             # the limit in people's words ("hit the recompiled limit", "hit recompile_limit",
             # "recompilation limit reached")
             r"\b(?:hit|reached|exhausted|exceed(?:s|ed|ing)?)\s+(?:the\s+|its\s+|dynamo's\s+)?(?:config\.)?"
             r"(?:recompil(?:e|ed|ation)|cache)[ _](?:size[ _])?limit\b",
             r"\b(?:recompil(?:e|ation)|cache[ _]size)[ _]limit (?:reached|hit|exceeded|exhausted)\b"),
            0.6, (H.RECOMPILE_ON_GUARD,)),
    # torch.export's validator of the dynamic_shapes argument (torch/export/dynamic_shapes.py)
    # refusing the specification before tracing, in its own messages (a Dim's range or name, a
    # derived Dim, one name defined twice, a named Dim for an int, a leaf placed at
    # `dynamic_shapes[...]`). Read from the text alone: with its frames, rules AOTS109/139 read the
    # same. A spec whose tree does not match the inputs' is AOTS218's. At 0.70, over the tracer's
    # wrapper words (AOTD602, 0.69 with its corroboration) that the same UserError carries
    Pattern("AOTD113", "dynamic-shapes-spec-refused-message", C.DYNAMIC_SHAPE_GUARD,
            "torch.export refused the dynamic_shapes specification (a Dim's range, name or derivation, or a leaf of the spec)",
            (r"specified at `dynamic_shapes", r"\bCannot create Dim with inconsistent min=",
             r"\bDim name must be a valid identifier\b",
             r"\bOnly increasing linear operations with integer coefficients are supported\b",
             r"\bExpected derived (?:min|max) value of\b", r"\bfor the same symbolic dimension\b",
             r"\binput integers as dynamic through named Dims\b"),
            0.7, (H.FIX_DYNAMIC_SHAPES_SPEC,)),
    # -- 2xx device: compile device vs load device ----------------------------------------------
    Pattern("AOTD201", "host-pointer-not-registered", C.DEVICE_MISMATCH,
            "A host (CPU) pointer reached CUDA code",
            (r"pointer resides on host memory and is not registered with any CUDA device",),
            0.88, (H.MATCH_COMPILE_DEVICE, H.MOVE_INPUTS_TO_DEVICE)),
    Pattern("AOTD202", "device-of-data-mismatch", C.DEVICE_MISMATCH,
            "Constants or kernels target a different device than the loaded model",
            (r"Specified device \S+ does not match device of data",
             r"\b(?:CUDA|HIP|XPU|MPS)GuardImpl initialized with non-\w+ DeviceType",
             r"Expected a '?\w+'? device type for \w+ but found '?\w+'?",
             r"Unsupported device key found: \w+",
             r"Error: Invalid device: \w+"),
            0.8, (H.MATCH_COMPILE_DEVICE,)),
    Pattern("AOTD203", "incorrect-device-for-runner", C.DEVICE_MISMATCH,
            "The package was loaded for the wrong device or device index",
            (r"Incorrect device passed to aoti_runner_\w+",),
            0.85, (H.CPU_DEVICE_INDEX, H.MATCH_COMPILE_DEVICE)),
    Pattern("AOTD207", "constant-on-other-device", C.DEVICE_MISMATCH,
            "A constant was compiled for, or handed over on, another device than the model's",
            (r"Mixed-device constants are only supported when the secondary\s+device is CPU",
             r"constant '[^'\n]*' is on device type \d+ but expected device type \d+"),
            0.88, (H.MATCH_COMPILE_DEVICE, H.CHECK_CONSTANTS)),
    # torch's words before FakeTensorDeviceMismatchError (AOTS108): tracing ran one op on fake
    # tensors of two devices (weights or a tensor made in forward on one, the inputs on another)
    Pattern("AOTD208", "fake-device-propagation", C.DEVICE_MISMATCH,
            "Tracing found two devices in one op: weights, tensors made in forward and inputs are not on one device",
            # (also cut before the devices: "Unhandled FakeTensor Device Propagation for aten.mul.Tensor")
            (r"FakeTensor Device Propagation for \S+, found two different devices",
             r"\bUnhandled FakeTensor Device Propagation\b"),
            0.62, (H.ONE_DEVICE_FOR_EXPORT,)),
    # an op met tensors on two devices (ATen's own check): blind rows named the model's side 7
    # times in 8 (a constant or buffer left on another device or on meta, code bound to one
    # device index), none the input alone; an input left behind is named beside it (AOTS267)
    Pattern("AOTD209", "tensors-on-two-devices", C.DEVICE_MISMATCH,
            "An op met tensors on two devices: part of the model (a constant, a buffer, code bound to a device) is not where the rest is",
            # (torch_xla's bridge words it per tensor: a CPU tensor, weight or input, met an XLA op)
            (TWO_DEVICES, r"\bInput tensor is not an XLA tensor\b"),
            0.66, (H.ONE_DEVICE_FOR_THE_PROGRAM, H.MOVE_INPUTS_TO_DEVICE)),
    # Inductor's own reason for not recording a CUDA graph: a tensor of the graph (an input, a
    # 0-d scalar, a tensor made in forward) is on the CPU while the rest runs on the GPU. The
    # model runs, slower; the CPU tensor is the cause to move (torch logs its user frame beside it)
    Pattern("AOTD212", "cuda-graph-skipped-for-a-cpu-tensor", C.DEVICE_MISMATCH,
            "A tensor of the compiled graph is on the CPU, so Inductor did not record a CUDA graph",
            (r"skipping cudagraphs due to cpu device\b",),
            0.62, (H.CPU_TENSOR_IN_A_GPU_GRAPH,)),
    # cudaErrorInvalidDevice: a GPU index beyond what this process sees (cuda:1 with one visible
    # GPU, an index fixed in code or in a compiled artifact while CUDA_VISIBLE_DEVICES renumbers)
    Pattern("AOTD210", "gpu-index-not-visible", C.DEVICE_MISMATCH,
            "A GPU index was asked for that this process does not see",
            (r"\binvalid device ordinal\b", r"\bcudaErrorInvalidDevice\b", r"\bhipErrorInvalidDevice\b",
             r"\bCUDA_ERROR_INVALID_DEVICE\b"),
            0.68, (H.USE_A_VISIBLE_GPU_INDEX,)),
    # a tensor put on a device type this torch build has no backend for (a TPU notebook's `xla` on
    # a CPU host) where the package was compiled for another: c10's own refusal, whatever the
    # device's name (the GPU types read as AOTD205; `hpu` fails earlier, importing torch.hpu)
    Pattern("AOTD213", "device-type-not-in-this-build", C.DEVICE_MISMATCH,
            "A tensor was put on a device type this torch build has no backend for",
            (r"PyTorch is not linked with support for (?!(?:cuda|hip|xpu|mps) )\w+ devices",),
            0.72, (H.MOVE_INPUTS_TO_DEVICE, H.CHECK_THREE_MATCHES)),
    Pattern("AOTD205", "no-gpu-at-load", C.DEVICE_MISMATCH,
            "A GPU package was loaded where no usable GPU is available",
            (r"active drivers \(.{0,80}\)\. There should only be one",
             r"Torch not compiled with (?:CUDA|ROCm|XPU) enabled",
             r"Found no NVIDIA driver on your system",
             # CUDA's driver API could not start at all (torch's lazy init on a host without a GPU)
             r"CUDA driver initialization failed, you might not have a CUDA gpu",
             r"No (?:CUDA|HIP|XPU) GPUs are available",
             r"no CUDA-capable device is detected",
             r"Cannot load AOTInductor package for device '\w+' because \w+ is not available",
             # this torch build has no runner class for the device (a CPU-only torch asked for CUDA)
             r"has no attribute 'AOTIModelContainerRunner(?:Cuda|Xpu|Mps|Rocm)'",
             # torch.load asked to map storages to a device this host's torch does not see
             r"\btorch\.(?:cuda|xpu|mps)\.is_available\(\) is False",
             # a GPU facility used from a torch build or host without one: the CUDA hooks' stubs,
             # the dummy classes a CPU-only build defines, a pinned copy with no accelerator
             r"without ATen_(?:cuda|hip) library",
             # torch._C's bindings for a GPU backend exist only in a build with that backend
             r"module 'torch\._C' has no attribute '" + TORCH_C_GPU_BINDING + r"\w*'",
             r"PyTorch is not linked with support for (?:cuda|hip|xpu|mps) devices",
             r"Tried to instantiate dummy base class \w+",
             # the dispatcher finding no GPU kernel for an allocation or a copy, which every build
             # with that backend has: the build has none (a C++ app linked to the CPU libtorch)
             r"Could not run '" + NO_GPU_KERNEL_FOR_AN_ALLOCATION,
             r"NVTX functions not installed",
             r"torch\.(?:cuda|xpu)\.\w+ requires (?:CUDA|XPU) support",
             r"Cannot access accelerator device when none is available",
             r"requires a CUDA or other accelerator backend",
             r"\bno (?:usable |visible )?" + GPU + r" (?:device|gpu)s? (?:is |are )?(?:available|present|visible|detected)\b"),
            0.76, (H.INSTALL_GPU_OR_REBUILD_CPU, H.MATCH_COMPILE_DEVICE)),
    # -- 3xx kernel faults ----------------------------------------------------------------------
    Pattern("AOTD301", "kernel-index-out-of-bounds", C.INDEX_OUT_OF_BOUNDS,
            "A kernel's index assertion failed",
            (r"index out of bounds: (?:0 <= \w+(?: < \w+)?|\w+ < \w+)",
             r"Assertion `[^`\n]*index out of bounds[^`\n]*` failed",
             r"IndexError: index \d+ is out of bounds for dimension"),
            0.82, (H.CHECK_THREE_MATCHES, H.GUARD_EMPTY_INPUTS, H.CLAMP_INDICES, H.EXPORT_WITH_EDGE_SHAPES),
            ("AOTI_RUNTIME_CHECK_INPUTS", "CUDA_LAUNCH_BLOCKING")),
    # the C++ standard library's checked element access (libstdc++'s std::vector::at) in an op or
    # a helper: an index past the container's end, thrown as std::out_of_range
    Pattern("AOTD306", "cpp-container-index-out-of-range", C.INDEX_OUT_OF_BOUNDS,
            "A C++ op or helper indexed a container past its end (std::vector::at)",
            (r"vector::_M_range_check: __n \(which is \d+\) >= this->size\(\)",),
            0.72, (H.CLAMP_INDICES,)),
    Pattern("AOTD302", "cuda-illegal-memory-access", C.ILLEGAL_MEMORY_ACCESS,
            "GPU illegal memory access in a compiled kernel",
            (r"illegal memory access", r"cudaErrorIllegalAddress", r"CUDA_ERROR_ILLEGAL_ADDRESS",
             r"hipErrorIllegalAddress", r"misaligned address", r"unspecified launch failure",
             # a kernel's fault of the same family: the GPU met an instruction it could not run
             # (cudaErrorIllegalInstruction; the CPU's SIGILL is AOTD703's)
             r"CUDA error: an illegal instruction was encountered", r"cudaErrorIllegalInstruction",
             r"Memory access fault by GPU",
             # AMD's HSA runtime aborting the queue of a kernel that touched an address outside
             # the legal range (its aperture) or one it cannot reach
             r"HSA_STATUS_ERROR_MEMORY_(?:APERTURE_VIOLATION|FAULT)\b"),
            0.66, (H.CHECK_THREE_MATCHES, H.SYNC_FOR_LOCATION, H.BISECT_KERNELS), IMA_FLAGS),
    Pattern("AOTD303", "segfault", C.CRASH,
            "The process crashed (signal) with no error message",
            (r"\bseg(?:ment(?:ation)?)?[ -]?fault", r"\bsegmentation (?:error|violation)", r"SIGSEGV", r"core dumped", r"\bBus error", r"SIGBUS",
             r"EXC_BAD_ACCESS", r"SIGABRT", r"Fatal Python error: (?:Segmentation|Aborted|Bus)",
             r"double free or corruption", r"free\(\): invalid (?:pointer|size)",
             r"exit(?:ed)? (?:with )?(?:code|status) (?:139|-11|134|-6|135|-7)\b",
             r"\brc=-?(?:139|11|134|135)\b", r"\brc:? -?(?:139|11|134|135)\b"),
            # a bare crash's commonest cause in the labelled rows is a package compiled without its
            # weights called before load_constants (constant_loading, its second candidate)
            0.55, (H.CHECK_THREE_MATCHES, H.CHECK_INPUTS_AT_RUNTIME, H.BISECT_KERNELS, H.PROVIDE_CONSTANTS),
            ("AOTI_RUNTIME_CHECK_INPUTS", "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER")),
    Pattern("AOTD304", "device-side-assert", C.INDEX_OUT_OF_BOUNDS,
            "A device-side assertion fired in a generated kernel (Inductor's index bounds checks)",
            (r"device-side assert(?:ion)? triggered", r"\btl\.device_assert\b", r"\bdevice_assert\b",
             r"cudaErrorAssert", r"CUDA_ERROR_ASSERT", r"hipErrorAssert"),
            0.72, (H.CLAMP_INDICES, H.CHECK_THREE_MATCHES, H.DISABLE_AUTOTUNE, H.SYNC_FOR_LOCATION),
            ("CUDA_LAUNCH_BLOCKING",)),
    Pattern("AOTD305", "index-out-of-range-prose", C.INDEX_OUT_OF_BOUNDS,
            "An index is out of range for the tensor it indexes",
            # not Python's own `IndexError: list (assignment) index out of range` (a container, not a tensor)
            (r"(?<!list )(?<!tuple )(?<!string )(?<!assignment )\b(?!IndexError: (?:list|tuple|string) )ind(?:ex\w*|ices)\b[^\n]{0,60}?\bout[- ]of[- ](?:range|bounds?)\b",
             r"\bout[- ]of[- ](?:range|bounds?) (?:\w+ ){0,2}ind(?:ex\w*|ices)\b",
             r"index out of range in self",
             r"\bClass values must be (?:smaller than num_classes|non-negative)",  # one_hot's own check
             # EmbeddingBag's own checks of its ids and offsets (on CPU, fbgemm's error report)
             r"\bIndex \d+ of input takes value -?\d+ which is not in the valid range\b",
             r"\bException raised from fbgemm_spmdm_report_error_\b",
             r"\bout[- ]of[- ]bounds (?:\w+ )?assert(?:s|ion|ions)?\b"),
            0.58, (H.CLAMP_INDICES, H.CHECK_THREE_MATCHES)),
    # -- 4xx constants ---------------------------------------------------------------------------
    Pattern("AOTD401", "constant-not-found", C.CONSTANT_LOADING,
            "A constant (weight) is missing or has the wrong name",
            (r"Constant not found: \S+", r"Cannot find constants? \S+ in constants_map",
             # NativeRT's weights (torch 2.10, 2.11): a weight absent, left on the meta device, or a
             # constant AOTI folded at compile time asked for by its folded name
             r"\bMissing weight: \S+", r"\bWeight is on meta device: \S+",
             r"is not found in weights, it's likely a constant created by AOTI constant folding",
             r"update_constant_buffer\w*\(.*\) API call failed"),
            0.85, (H.CHECK_CONSTANTS,)),
    Pattern("AOTD403", "constant-buffer-update", C.CONSTANT_LOADING,
            "Loading or updating the constant buffer failed",
            (r"\bupdate(?:_user_managed)?_constant_buffer", r"\bupdate_inactive_constant_buffer",
             r"size mismatch for \S+: copying a param with shape"),
            0.7, (H.CHECK_CONSTANTS,)),
    # torch's load_state_dict refusing a checkpoint whose keys are not the module's: the weights
    # handed in were saved from another module (a prefix, renamed or added layers, another config)
    Pattern("AOTD407", "state-dict-keys-do-not-match", C.CONSTANT_LOADING,
            "The weights' names do not match the module's (load_state_dict's missing or unexpected keys)",
            # (not the copy of a tensor whose name matched: "While copying the parameter named ...")
            (r"(?:Missing|Unexpected) key\(s\) in state_dict",),
            0.66, (H.STATE_DICT_MATCHES_MODULE,)),
    # ... where the difference is torch.compile's wrapper prefix (`_orig_mod.`) on one side
    Pattern("AOTD408", "compiled-wrapper-key-prefix", C.CONSTANT_LOADING,
            "The checkpoint and the module differ by torch.compile's '_orig_mod.' prefix",
            (r"(?:Missing|Unexpected) key\(s\) in state_dict:[^\n]*?[\"']_orig_mod\.",
             r"Error(?:\(s\))? (?:in )?loading state_dict for OptimizedModule"),
            0.72, (H.STATE_DICT_OF_THE_UNCOMPILED_MODULE, H.STATE_DICT_MATCHES_MODULE)),
    Pattern("AOTD404", "constants-not-packaged", C.CONSTANT_LOADING,
            "The package was built without its constants (package_constants_in_so=False)",
            (r"package_constants_in_so['\"`]?\s*[:=]?\s*False",),
            0.62, (H.PROVIDE_CONSTANTS, H.CHECK_CONSTANTS)),
    # The runtime's own words when the weights blob (appended to the .so or stored beside it in the
    # archive) cannot be opened, sized, mapped or parsed, or a constant was never handed over.
    Pattern("AOTD406", "weights-blob-unreadable", C.CONSTANT_LOADING,
            "The packaged weights could not be opened, sized, mapped or parsed",
            (r"Shared library file (?:cannot be opened|is smaller than embedded weights size)",
             r"Failed to seek to end of shared library file", r"Weig(?:ht|th)s data seems corrupt",
             r"constant blob size is only available for mmap'd weights", r"Constants are not mmap'd",
             r"weights_offset must be aligned to", r"Failed to open serialized weights file",
             r"Failed to open output \.so file", r"size \d+ is not a multiple of element size \d+",
             r"model_weights_config\.json not found", r"No complete tensor found in the group",
             r"Found constant or module state buffer [^\n]* but not provided by user",
             r"Calling constant_folding in model, but compiled with config"),
            0.8, (H.CHECK_CONSTANTS, H.REBUILD_PACKAGE)),
    Pattern("AOTD405", "weights-loading-prose", C.CONSTANT_LOADING,
            "The weights (constants) could not be read, mapped or placed",
            (r"\bweights?_offset\b",
             r"\b(?:weights?|constants?|param(?:eter)?s?) (?:blob|file|buffer|data|offset|section)s? (?:\w+ ){0,3}?(?:(?:is|are|was|were) )?(?:missing|not (?:found|loaded|read|mapped|packaged|aligned)|never (?:loaded|read|mapped)|misaligned|corrupt\w*|truncated|overflow\w*)",
             r"\b(?:fail\w* to|unable to|cannot|can't|could not|couldn't) (?:load|read|map|mmap|find|open|locate) (?:the )?(?:model(?:'s)? )?(?:weights?|constants?|parameters?)(?: (?:blob|file|data))?\b",
             r"\bmmap(?:ed|ing|ping)? (?:of )?(?:the )?(?:weights?|constants?)\b|\bmmap(?:\(\))? failed\b|\bfailed to mmap\b",
             r"\bextern(?:al)? (?:data|tensors?|weights?)(?: files?)? (?:\w+ ){0,2}?(?:fail\w*|(?:is |are )?not (?:found|loaded)|missing)|\bfail\w* to load (?:the )?extern(?:al)? (?:data|tensors?|weights?)",
             r"\b(?:unaligned|misaligned) (?:constant|weight|param\w*)s?\b",
             r"\bstorage has wrong size\b",
             r"\b(?:in)?active constant buffers?\b|\bconstant buffers? (?:\w+ ){0,2}(?:swap\w*|update\w*|free\w*)"),
            0.58, (H.CHECK_CONSTANTS,)),
)
