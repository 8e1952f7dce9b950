"""The structural rules of the build: export, lowering and codegen (what fails before a package
exists), then the toolchain's (rules_toolchain.py). Data only; see rule.py for what each field
means."""

from __future__ import annotations

from .. import hints as H
from .rule import (API_ENTRIES, COMPILE_SUBSYSTEMS, ENV_ORIGINS, GEN_ORIGINS, INTERNAL_TYPES, WRAPPED, O, P, S,
                   Rule)
from .rule import new_rule as _r
from .rules_toolchain import TOOLCHAIN_RULES

__all__ = ["BUILD_RULES"]

# export's own words for an operation it could not trace, left behind as a fake constant
# functionalization's refusal of an in-place write into a lifted constant (run_decompositions
# names the constant; AOTI's compile raises it as an internal assert)
_CONSTANT_MUTATED = ("is mutated in the forward method", "mutating a non-functional tensor with a functional tensor")
_UNTRACED_CONSTANT = ("fake tensor in the exported program constant", "an op that we can't trace through")
# what AOTS264 and AOTS265 read alike: every guard a constraint violation reports holds over its range
_GUARDS_HOLD_OVER_RANGE: dict[str, object] = dict(
    phases=frozenset({P.EXPORT, P.COMPILE, P.UNKNOWN}), always_true_guard=True, supersedes=("AOTS103",),
    fixes=(H.GUARD_HOLDS_OVER_RANGE,))
# Inductor lowering `.item()` (aten._local_scalar_dense) of a constant: the lowering's frame, and
# the assertion naming Inductor's Constant node
_ITEM_OF_CONSTANT: dict[str, object] = dict(
    types=frozenset({"LoweringException"}), functions=("_local_scalar_dense",), keywords=("ir.constant'>",),
    supersedes=WRAPPED + ("AOTS120", "AOTS121", "AOTS122", "AOTS126"))
# export's words for a dynamic_shapes spec whose tree is not the inputs' (labelled both ways: the
# spec rules AOTS139 and AOTS303 leave them to AOTS218 and the export reading)
_SPEC_OF_ANOTHER_TREE = ("top-level keys", "tree structure", "pytree", "treespec")
# the shape environment's words for a guard on a value read from tensor data (an unbacked SymInt)
_DATA_DEPENDENT_GUARD = ("could not guard on data-dependent", "guardondatadependentsymnode",
                         "could not extract specialized integer from data-dependent")
_UNBACKED_IN_INDUCTOR_SUPERSEDES = WRAPPED + ("AOTD601", "AOTD602", "AOTD603", "AOTS101", "AOTS102", "AOTS120",
                                              "AOTS121", "AOTS122", "AOTS126")
# Inductor's lowering of the graph's output asserting on a value it cannot return
_OUTPUT_NOT_LOWERABLE: dict[str, object] = dict(
    types=frozenset({"AssertionError"}), at=("output",), subsystems=frozenset({S.LOWERING}),
    supersedes=WRAPPED + ("AOTS121", "AOTS126"))
# the names torch's code generators give (lower case): graph inputs and buffers, AOTAutograd's
# primals and tangents, FX getitems and lifted constants, size symbols (backed, unbacked, kernel
# sizes), Triton's index, offset, mask and block names, scheduler ops, kernels' bindings
_GENERATED_NAME = (r"(?:arg\d+_\d+|buf\d+|primals_\d+|tangents_\d+|getitem_\d+|_tensor_constant\d+|[su]\d+|ks\d+|"
                   r"[xyzr]0?_?(?:index|offset|numel|mask|block)|op\d+|\w*kernel\w*_\d+)")
# Python's own words for that name unresolved (a NameError, an unbound local, a missing key)
_GENERATED_NAME_UNRESOLVED = r"(?:nameerror|unboundlocalerror|keyerror): [^\n]{0,60}?'" + _GENERATED_NAME + r"'"
# Python's words for a call whose arguments do not fit the function's signature (after "name() ")
_SIGNATURE_ERROR = (r"(?:missing \d+ required|takes (?:from )?\d+ (?:to \d+ )?positional|got an unexpected keyword|"
                    r"got multiple values for)")

BUILD_RULES: tuple[Rule, ...] = (
    # -- export: torch.export fails before AOTI starts ----------------------------------------
    _r("AOTS101", "data-dependent-guard-type", "export_failure", 0.66,
       "Tracing guarded on a value read from tensor data",
       types=frozenset({"GuardOnDataDependentSymNode"})),
    _r("AOTS102", "data-dependent-in-export", "export_failure", 0.6,
       "A data-dependent expression stopped export",
       phases=frozenset({P.EXPORT}), keywords=("data-dependent", "data dependent", "unbacked")),
    # an allocation whose size is an unbacked symbol (`u0`: a size read from tensor data while
    # tracing) that tracing proves negative: the program's own data-dependent size, whatever the
    # phase the frames show (only tracing names a size `u<n>`)
    _r("AOTS317", "data-dependent-size-negative", "export_failure", 0.6,
       "A size read from tensor data (an unbacked symbol) is negative where the program allocates",
       regex=r"negative dimension u\d+\b", keywords=("negative dimension",)),
    # a symbolic value (SymInt / SymFloat / SymBool: a size or a value read while tracing) handed to
    # code that needs a concrete one (an index, a hash key, a Python container's size): the program
    # uses a traced value as a plain number. The model's own code, not torch's, while exporting; an
    # internal error of torch's helpers reads the same exception types (AOTS126), and under
    # torch.compile (phase compile) a torch helper hashing a SymInt is torch's
    _r("AOTS321", "symbolic-value-used-as-a-python-number", "export_failure", 0.52,
       "A symbolic size or value (SymInt) met code that needs a concrete Python number: the model "
       "uses a value read while tracing as a plain int",
       types=frozenset({"TypeError", "IndexError"}), phases=frozenset({P.EXPORT, P.UNKNOWN}),
       keywords=("symint", "symfloat", "symbool"), regex=r"\bsym(?:int|float|bool)\b",
       supersedes=("AOTS126",), fixes=(H.FIX_EXPORT,)),
    # autograd refusing an in-place write while export's tracer (make_fx) runs the model: forward
    # updates a parameter or an input that requires grad, or a tensor made under inference_mode.
    # The model's construct, read by autograd's own words under the tracer's frames (a traceback
    # cut above them still names the tracer; the export entry point may be gone)
    _r("AOTS330", "inplace-write-refused-while-tracing", "export_failure", 0.55,
       "Export's tracer ran an in-place write that autograd refuses (a parameter or input that "
       "requires grad, or an inference-mode tensor, updated in place in forward)",
       types=frozenset({"RuntimeError"}), phases=frozenset({P.EXPORT, P.UNKNOWN}),
       keywords=("requires grad is being used in an in-place operation",
                 "inplace update to inference tensor outside inferencemode"),
       frame_modules=("torch.fx.experimental.proxy_tensor", "torch._functorch", "torch._export", "torch.export"),
       supersedes=("AOTS106",), fixes=(H.NO_GRAD_FOR_INPLACE_STATE,)),
    # an error raised under export's tracer (make_fx's proxy_call running each op on fake tensors)
    # or inside a control-flow operator checking what the model handed it (cond's predicate and
    # operands, map's inputs, scan's and while_loop's carries), when the traceback was cut above the
    # export entry point: the phase is unknown, but these ran the model's code, and a refusal there
    # is the program's (the labelled reports with these frames: export_failure in 71 of 110 under
    # the tracer, 45 of 62 under a control-flow operator). Only when nothing else fired
    _r("AOTS334", "error-under-export-tracer", "export_failure", 0.45,
       "An error raised while export's tracer or a control-flow operator (cond, map, scan, "
       "while_loop) ran the model's code (it refused what the model handed it)",
       phases=frozenset({P.UNKNOWN}), frame_modules=("torch.fx.experimental.proxy_tensor", "torch._higher_order_ops"),
       fallback=True, fixes=(H.FIX_EXPORT,)),
    _r("AOTS103", "constraint-violation-type", "dynamic_shape_guard", 0.68,
       "A dynamic-shape constraint was violated during export",
       types=frozenset({"ConstraintViolationError", "ValueRangeError"})),
    _r("AOTS104", "user-error-constraint", "dynamic_shape_guard", 0.66,
       "torch.export rejected the dynamic-shape specification",
       types=frozenset({"UserError"}), error_types=frozenset({"CONSTRAINT_VIOLATION", "DYNAMIC_DIM"})),
    _r("AOTS105", "dynamo-unsupported", "export_failure", 0.6,
       "The tracer could not capture the model's Python",
       types=frozenset({"Unsupported", "UserError", "TorchRuntimeError", "UncapturedHigherOrderOpError",
                        "SpecViolationError"}),
       not_keywords=("constraints violated",)),
    # the tracer refusing a construct under torch.compile, with no torch.export in sight (no frame,
    # no word of it): fullgraph or a backend that needs one graph met what Dynamo does not trace.
    # That is a construct this compile does not support (or torch's missing support), not an
    # export's failure: 3 of the 17 labelled public reports read this way were export failures,
    # 8 unsupported, 5 torch's. Export's own refusals keep AOTD602/AOTS105
    _r("AOTS295", "tracer-refused-under-torch-compile", "unsupported", 0.62,
       "torch.compile's tracer (Dynamo) refused a construct of the model's Python, with no export involved",
       types=frozenset({"Unsupported"}), not_functions=("export",),
       # (the legacy aot_compile exports too; a data-dependent branch is export's own refusal)
       not_words=("export", "aot_compile", "aoti", "data-dependent"), supersedes=("AOTD602", "AOTS105")),
    # an exception the tracer did not anticipate in its own code: convert_frame re-wraps every
    # exception outside its known failures (Unsupported, UserError, a data-dependent guard, ...) as
    # InternalTorchDynamoError, and the user's own raises reach it as Observed exceptions instead, so
    # what is left is a defect in Dynamo's variables, guards or bytecode (a few of its own refusals,
    # a tensor subclass's __metadata_guard__, are raised as this type too)
    _r("AOTS290", "dynamo-internal-error", "torch_bug", 0.55,
       "The tracer met an exception it did not anticipate in its own code (InternalTorchDynamoError)",
       types=frozenset({"InternalTorchDynamoError"})),
    # the recursion limit hit while torch traces or compiles code that runs in eager: Dynamo inlining a
    # call chain, a pytree or repr walk, a wrapper re-wrapped per recompile, or a fake kernel calling
    # itself. The frames are torch's own; the same code under eager does not recurse so deep.
    _r("AOTS300", "recursion-limit-while-tracing", "torch_bug", 0.5,
       "The recursion limit was hit while torch traced or compiled the model",
       words=("recursionerror", "maximum recursion depth", "recursion limit"),
       phases=frozenset({P.EXPORT, P.COMPILE}), fixes=(H.REPORT_TORCH_BUG, H.RUN_MINIFIER)),
    # torch.export.dynamic_shapes refusing a Dim definition (a range, a derived expression, one name
    # with two definitions) before tracing: the dynamic-shape specification is the cause (a spec
    # whose STRUCTURE does not match the inputs is an export failure: no Dim named in it)
    _r("AOTS109", "dim-definition-invalid", "dynamic_shape_guard", 0.64,
       "torch.export refused a Dim definition (its range, a derived expression, or one name defined twice)",
       subsystems=frozenset({S.EXPORT}), phases=frozenset({P.EXPORT}),
       types=frozenset({"AssertionError", "UserError", "NotImplementedError", "ValueError", "TypeError"}),
       keywords=("dim(", "create dim", "linear operations with integer coefficients", "symbolic dimension",
                 "dim name"),
       supersedes=("AOTD602", "AOTS303"), fixes=(H.FIX_DYNAMIC_SHAPES_SPEC,)),
    # a Dim bound of another number kind: while export creates an input's size symbol it
    # intersects the size's integer range with the Dim's, and torch's ValueRanges asserts
    # (AssertionError((self, other))) when one side is a float range: a Dim min/max computed with
    # `/`, a numpy float or a JSON number. The printed pair shows the float bound ("2160.000...")
    _r("AOTS305", "dim-bound-not-an-int", "dynamic_shape_guard", 0.62,
       "A Dim's min or max is a float, which export cannot intersect with an input size's integer range",
       # the shape environment's frames alone (no export frame shown) place it as well
       types=frozenset({"AssertionError"}), phases=frozenset({P.EXPORT, P.COMPILE, P.UNKNOWN}),
       functions=("_update_var_to_range", "create_symbol", "constrain_symbol_range"),
       regex=r"\(vr\[[^\]\n]*\], vr\[[^\]\n]*\d\.\d[^\]\n]*\]\)",
       supersedes=("AOTD601", "AOTD602", "AOTS105", "AOTS106", "AOTS107", "AOTS126"),
       fixes=(H.DIM_BOUNDS_ARE_INTS,)),
    # Dynamo's refusal to compile a frame again past its recompile limit, or under
    # error_on_recompile: raised as Unsupported or a subclass, but the cause is the guard that
    # kept failing (AOTD112's), not code the tracer cannot follow
    _r("AOTS281", "recompile-limit-refusal", "dynamic_shape_guard", 0.6,
       "Dynamo refused to compile a frame again because its guards kept failing",
       keywords=("recompile limit exceeded", "failonrecompilelimithit", "failoncachelimithit", "recompileerror",
                 "triggered by the following guard failure"),
       supersedes=("AOTD601", "AOTD602", "AOTS105", "AOTS106", "AOTS107", "AOTS126", "AOTS295"),
       fixes=(H.RECOMPILE_ON_GUARD,)),
    # Python refusing an operator on a Dim while the dynamic_shapes spec is written (`t // 2`,
    # `t % 4`, `t / 2`, `t ** 2`): Dims take only increasing linear expressions; the raise is in the
    # user's own line, before export runs, so only the words and the type name the mechanism
    _r("AOTS246", "dim-arithmetic-unsupported", "dynamic_shape_guard", 0.6,
       "A Dim was combined with an operator it does not support while the dynamic_shapes were written",
       types=frozenset({"TypeError"}), keywords=("unsupported operand type",),
       regex=r"unsupported operand type\(s\) for [^:\n]+: (?:'\w*dim' and|'[\w.]+' and '\w*dim')",
       fixes=(H.DIM_ARITHMETIC,)),
    # Python refusing the call of a dynamic shape's own constructor (Dim's bounds given
    # positionally as to range(), misspelled keywords, no name; dims() with another keyword):
    # the specification is the cause, before export runs. Python 3.11+ names the class
    # (`Dim.__init__() takes 2 positional arguments`); a bare `__init__()` (3.10) names nothing
    _r("AOTS335", "dim-constructor-called-wrongly", "dynamic_shape_guard", 0.6,
       "A Dim of the dynamic_shapes was constructed with arguments it does not take",
       types=frozenset({"TypeError"}), keywords=("dim.__init__()", "dims()", "dim()"),
       regex=r"(?<![\w.])(?:dim\.__init__|dims|dim)\(\) (?:takes|got|missing)",
       fixes=(H.DIM_SIGNATURE,)),
    # torch.export's checker of the dynamic_shapes argument refusing a leaf of it (a named Dim for
    # an integer input, a dict where an int's hint goes): the specification is the cause. A spec
    # whose tree does not match the inputs' (its keys, its nesting) is AOTS218's.
    _r("AOTS139", "dynamic-shapes-spec-refused", "dynamic_shape_guard", 0.6,
       "torch.export's dynamic_shapes checker refused the specification given for an input",
       phases=frozenset({P.EXPORT}), functions=("_check_dynamic_shapes", "check_shape"),
       types=frozenset({"ValueError", "AssertionError", "UserError", "TypeError"}),
       not_keywords=_SPEC_OF_ANOTHER_TREE,
       supersedes=("AOTD601", "AOTS105", "AOTS106", "AOTS126", "AOTS303")),
    # any other refusal raised by torch.export's dynamic_shapes module (the innermost torch frame
    # is there): it raises only on the spec against the inputs (a derived Dim the example size
    # does not fit, a Dim's bounds). The rules above name their checks and explain this one; it
    # matches 26 labelled rows before stop 41, 22 of them the spec
    _r("AOTS303", "dynamic-shapes-module-refused", "dynamic_shape_guard", 0.58,
       "torch.export's dynamic_shapes module refused the specification against the example inputs",
       phases=frozenset({P.EXPORT, P.UNKNOWN}), modules=("torch.export.dynamic_shapes",),
       # raised by the module itself: not Python refusing to bind the example args to forward
       # (`_combine_args`, inspect's TypeError), which is the inputs', not the spec's
       raise_sites=frozenset({"torch"}), not_at=("_combine_args",),
       # nor a spec whose tree is not the inputs' (AOTS139's exclusions: labelled both ways)
       not_keywords=_SPEC_OF_ANOTHER_TREE + ("dynamic_shapes of a",),
       supersedes=("AOTD601", "AOTD602", "AOTS105", "AOTS106", "AOTS126"), fixes=(H.FIX_DYNAMIC_SHAPES_SPEC,)),
    # the dynamic_shapes argument's tree not matching the inputs' (a flat spec for a dict input,
    # keys that are not the forward's argument names): the specification is wrong, as three of
    # the four labelled rows with these words said; the tracer's wrapper words (AOTD602) are not it
    _r("AOTS218", "dynamic-shapes-spec-structure-mismatch", "dynamic_shape_guard", 0.6,
       "The dynamic_shapes specification's structure does not match the inputs (its keys or nesting)",
       # its words are export's own: a pasted message without frames is read the same
       phases=frozenset({P.EXPORT, P.UNKNOWN}), types=frozenset({"UserError", "ValueError"}),
       keywords=("structure of `inputs` and `dynamic_shapes`", "must be the arg names"),
       supersedes=("AOTD601", "AOTD602", "AOTS105", "AOTS106", "AOTS303")),
    # export applying a dynamic_shapes spec to a tensor and indexing past its sizes: the spec
    # names an axis the example input does not have (copied from a model of another rank)
    _r("AOTS169", "dynamic-spec-axis-not-in-tensor", "dynamic_shape_guard", 0.6,
       "The dynamic_shapes spec names an axis the input does not have",
       types=frozenset({"IndexError", "KeyError"}), at=("_create_symbolic_context_for_tensor", "fakify"),
       supersedes=("AOTD305", "AOTS106", "AOTS126"), fixes=(H.KEEP_VALUES_IN_CHECKED_RANGE,)),
    # the program rebuilt as a module (ep.module(), which AOTI's compile calls first) from a graph
    # and a state that no longer agree with its signature: a state entry missing or of another
    # kind (weights swapped in by hand) is the constants'; a graph whose inputs or outputs a
    # hand-written pass changed without the signature is a use export does not support
    _r("AOTS227", "program-state-disagrees-with-signature", "constant_loading", 0.56,
       "A parameter or buffer the program's signature names is missing from its state, or of another kind",
       functions=("_register_attrs_to_new_gm",), types=frozenset({"KeyError", "AssertionError"}),
       supersedes=("AOTS105", "AOTS106", "AOTS126"), fixes=(H.PROGRAM_STATE_AS_EXPORTED,)),
    _r("AOTS228", "program-graph-disagrees-with-signature", "unsupported", 0.54,
       "The program's graph no longer matches its signature (an input or output changed by a pass)",
       functions=("_unlift_inputs_as_getattr", "_insert_copy_for_mutations"), types=frozenset({"AssertionError"}),
       supersedes=("AOTS105", "AOTS106", "AOTS126"), fixes=(H.EDIT_THE_MODEL_NOT_THE_GRAPH,)),
    # run_decompositions tracing the program through a decomposition table: a rule that does not
    # take the op's arguments, returns another structure or is not traceable fails here (six of
    # the seven labelled rows: the export's input, not torch's internals)
    _r("AOTS230", "decomposition-rule-failed", "export_failure", 0.55,
       "A decomposition rule failed while run_decompositions traced the program",
       phases=frozenset({P.EXPORT}), functions=("run_decompositions",),
       types=frozenset({"TypeError", "RuntimeError", "AttributeError", "ValueError", "AssertionError",
                        "IndexError", "KeyError"}),
       supersedes=("AOTD905", "AOTS105", "AOTS126"), fixes=(H.DECOMPOSITION_RULE_MATCHES_OP,)),
    # module-level backward hooks left registered from training: export traces forward only and
    # refuses them (a training feature in an inference program, like a DDP wrapper, AOTS219)
    _r("AOTS233", "backward-hook-at-export", "unsupported", 0.62,
       "A module-level backward hook from training is still registered at export",
       phases=frozenset({P.EXPORT, P.COMPILE}), keywords=("backwards hooks", "backward hooks", "backwardhook("),
       supersedes=("AOTD601", "AOTD602", "AOTS105", "AOTS106", "AOTS107", "AOTS126"),
       fixes=(H.REMOVE_TRAINING_HOOKS,)),
    # torch.library's own refusal of a custom op as the user defined or registered it (no return
    # annotation, a name without its namespace, mutates_args naming no parameter, a fake kernel
    # for an op never defined, a TorchBind object without a fake class): the model's own code
    # stops export before anything is traced. A type the schema does not take is unsupported
    # (its own words say so)
    _r("AOTS316", "custom-op-definition-refused", "export_failure", 0.55,
       "torch.library refused a custom op as it was defined or registered (the model's own op code)",
       types=frozenset({"ValueError", "RuntimeError", "TypeError"}),
       modules=("torch.library", "torch._library.infer_schema", "torch._library.custom_ops",
                "torch._library.fake_impl", "torch._library.fake_class_registry"),
       not_keywords=("not supported", "unsupported", "does not support",
                     # the contract checked when the op runs (AOTS184), not its definition
                     "must not also be an input", "may not alias", "empirically wrong"),
       supersedes=("AOTS184",), fixes=(H.CUSTOM_OP_DEFINITION,)),
    _r("AOTS106", "error-in-export-subsystem", "export_failure", 0.45,
       "An error raised inside torch.export / dynamo tracing",
       subsystems=frozenset({S.EXPORT, S.DYNAMO}), phases=frozenset({P.EXPORT})),
    # export flattens the model's inputs and outputs with pytree: an object that is no pytree
    # container and no leaf it knows (a plain class, a device, a slice, a set) stops it. torch's own
    # words name the mechanism whether or not a traceback came with them
    _r("AOTS241", "object-not-a-pytree-at-export", "export_failure", 0.6,
       "Export met a Python object it cannot flatten in the model's inputs or outputs",
       keywords=("which is not a known type",), also_keywords=("register a pytree",),
       supersedes=("AOTS106",), fixes=(H.RETURN_PYTREE_CONTAINERS,)),
    # what export's tracer says it does not support is an export failure: the model must change
    # before export, AOTI never saw it (a prose "not supported" reading is about AOTI)
    _r("AOTS107", "unsupported-during-export", "export_failure", 0.6,
       "torch.export's tracer met something it does not support",
       subsystems=frozenset({S.EXPORT, S.DYNAMO}), phases=frozenset({P.EXPORT}),
       keywords=("not supported", "unsupported", "not implemented"), supersedes=("AOTD505", "AOTD506")),
    # a constraint violation whose every reported guard holds for each value of the declared range
    # (`t // 2 <= t` over 4..512; guards.py evaluates them): the range is not what broke. Labelled
    # rows split between the relation export derived (a parity its suggested fix names) and
    # export's reasoning failing to prove the guard, so both are named, neither at >= 0.7: the
    # guard words are capped (AOTS265's rivals) and the relation's reading sits just above them,
    # so its advice is the one given
    _r("AOTS264", "reported-guards-hold-over-range", "dynamic_shape_guard", 0.665,
       "Every guard export reported holds over the declared range: what broke is a relation export "
       "derived from the code (its suggested fix names it), not the range",
       **_GUARDS_HOLD_OVER_RANGE),
    _r("AOTS265", "export-could-not-prove-a-true-guard", "torch_bug", 0.55,
       "Export reported a guard that holds for every value of the declared range: its symbolic "
       "reasoning could not prove it",
       rivals=("AOTD107", "AOTD602"), **_GUARDS_HOLD_OVER_RANGE),
    # export met an operation it could not trace and left a fake tensor among the program's
    # constants (its own words). The operation is most often a gradient taken in forward or a .data
    # read or write; labelled reports split between the tracer's refusal (first) and a feature
    # export does not support (the alternative, below): the words do not say which op it was
    _r("AOTS235", "export-left-untraced-constant", "export_failure", 0.5,
       "Export met an operation it cannot trace through (a gradient taken in forward, a .data access) "
       "and left a fake tensor among the program's constants",
       keywords=_UNTRACED_CONSTANT, supersedes=("AOTS105", "AOTS106", "AOTS107", "AOTS126"),
       fixes=(H.FIND_THE_UNTRACED_OP,)),
    _r("AOTS237", "untraced-constant-gradient-in-forward", "unsupported", 0.46,
       "A constant export could not trace can be a gradient taken in forward, which export does not support",
       keywords=_UNTRACED_CONSTANT, fixes=(H.NO_GRADIENTS_IN_EXPORTED_FORWARD,)),
    # forward writes in place into a tensor that is neither input nor buffer (a plain attribute, a
    # global, a tensor in a dict): export lifts it as a constant, and functionalization (AOTI's
    # compile, run_decompositions) then refuses the write, in its own words or as an internal
    # assert. Labels split between a feature AOTI lacks (first) and the model export cannot take.
    _r("AOTS257", "tensor-constant-mutated-in-forward", "unsupported", 0.6,
       "forward mutates a tensor that is not a registered buffer; export made it a constant, and "
       "functionalization does not support mutating constants",
       keywords=_CONSTANT_MUTATED,
       supersedes=("AOTD901", "AOTS105", "AOTS106", "AOTS107", "AOTS126", "AOTS230", "AOTS235", "AOTS237"),
       fixes=(H.REGISTER_MUTATED_STATE_AS_BUFFER,)),
    _r("AOTS258", "tensor-constant-mutated-export", "export_failure", 0.55,
       "The model's forward mutates state export cannot track (a tensor outside its buffers)",
       keywords=_CONSTANT_MUTATED, fixes=(H.REGISTER_MUTATED_STATE_AS_BUFFER,)),
    # tracing ran into torch.distributed (a DDP or FSDP wrapper's pre-forward, a collective in the
    # forward): training-time machinery that export does not capture and a package cannot run;
    # whatever the tracer or the wrapper then says, the cause is the wrapper left on
    _r("AOTS219", "export-traced-into-distributed", "unsupported", 0.64,
       "Export traced into torch.distributed code (a DDP/FSDP wrapper or a collective in forward)",
       frame_modules=("torch.distributed", "torch.nn.parallel"), phases=frozenset({P.EXPORT, P.COMPILE}),
       supersedes=("AOTD601", "AOTD602", "AOTS105", "AOTS106", "AOTS107", "AOTS126"),
       fixes=(H.EXPORT_UNWRAPPED_MODEL,)),
    # tracing runs every op on fake tensors that keep their devices: two devices meeting in one op
    # means the model's weights or buffers and its example inputs sit on different devices (it is
    # never raised by a compiled model's run, where a wrong input device is input_mismatch)
    _r("AOTS108", "devices-meet-while-tracing", "device_mismatch", 0.68,
       "Tracing found two devices in one op: the weights or buffers and the example inputs differ",
       types=frozenset({"FakeTensorDeviceMismatchError"}), supersedes=("AOTD105",),
       fixes=(H.ONE_DEVICE_FOR_EXPORT,)),
    # the program's recorded example inputs sit on another device than the graph was traced on
    # (export ran on one device, the inputs handed to compile live on another)
    _r("AOTS192", "example-inputs-on-another-device", "device_mismatch", 0.66,
       "The example inputs handed to compile are on another device than the program was exported on",
       keywords=("device mismatch between fake input and example input",), supersedes=("AOTS126",),
       fixes=(H.ONE_DEVICE_FOR_EXPORT,)),
    # -- unsupported: no lowering, no C shim, unserialisable --------------------------------------
    # a gradient taken inside forward (autograd.grad, .backward, torch.autograd.functional, a
    # torch.func transform): export traces an inference graph, so the autograd engine or the
    # transform runs on export's fake tensors (its frames say so) ...
    _r("AOTS236", "autograd-inside-exported-forward", "unsupported", 0.62,
       "A gradient is taken inside the exported forward (the autograd engine or a torch.func "
       "transform ran during export)",
       phases=frozenset({P.EXPORT}),
       functions=("_engine_run_backward", "grad_and_value_impl", "_vjp_with_argnums", "_jvp_with_argnums"),
       supersedes=("AOTS105", "AOTS106", "AOTS107", "AOTS126", "AOTD506"), fixes=(H.NO_GRADIENTS_IN_EXPORTED_FORWARD,)),
    _r("AOTS110", "missing-lowering", "unsupported", 0.66,
       "An operator has no Inductor lowering or decomposition",
       types=frozenset({"MissingOperatorWithoutDecomp", "MissingOperatorWithDecomp"}), supersedes=WRAPPED),
    _r("AOTS111", "no-shim-or-fallback", "unsupported", 0.64,
       "An op needs a C shim or proxy executor that AOTI does not have",
       keywords=("does not have a c shim", "no c shim", "missing c shim", "proxy executor", "no lowering",
                 "not supported in aoti", "not supported by aoti", "abi-compatible", "abi compatible"),
       supersedes=("AOTD901", "AOTD501", "AOTD507")),
    _r("AOTS112", "serialisation-not-implemented", "unsupported", 0.6,
       "Saving the package needs a feature serialisation does not implement",
       types=frozenset({"NotImplementedError", "SerializeError"}), subsystems=frozenset({S.PACKAGE_LOAD}),
       phases=frozenset({P.COMPILE}), supersedes=WRAPPED),
    # the export serializer looks every dtype, layout and argument kind up in its tables: a value
    # it has no entry for (KeyError: torch.bits8) cannot be written, whether torch.export.save or
    # the package writes the program. Reading a program back is not this (deserialize: another
    # release's enum)
    _r("AOTS250", "serializer-has-no-entry", "unsupported", 0.6,
       "The export serializer has no written form for a value in the graph (a dtype, an argument type)",
       types=frozenset({"KeyError", "SerializeError"}), frame_modules=("torch._export.serde",),
       functions=("serialize",), not_functions=("deserialize",),
       supersedes=WRAPPED + ("AOTS112", "AOTS121", "AOTS123", "AOTS126"), fixes=(H.SERIALIZER_HAS_NO_FORM,)),
    # torch.fx.symbolic_trace (a pipeline's fx pass before export) running forward on proxies: Python
    # that needs a proxy's value (a branch, iteration, len) stops it, in fx's own words
    _r("AOTS253", "fx-symbolic-trace-refused", "export_failure", 0.62,
       "torch.fx.symbolic_trace could not follow Python that needs an input's value (a branch, a "
       "loop over it, len)",
       frame_modules=("torch.fx._symbolic_trace",),
       keywords=("symbolically traced variables", "symbolic tracing", "proxy object", "'proxy' object"),
       supersedes=WRAPPED + ("AOTS121", "AOTS126"), fixes=(H.FX_SYMBOLIC_TRACE_LIMITS,)),
    # the package writes the structure of the call's inputs and outputs as JSON (treespec_dumps): a
    # key or a container type it cannot write (a frozenset key, a pytree class without a
    # serialized name) fails the compile; the model's structure, not torch's internals
    _r("AOTS240", "call-structure-not-storable", "unsupported", 0.6,
       "The package could not store the structure of the model's inputs or outputs",
       types=frozenset({"TypeError", "NotImplementedError", "ValueError"}), functions=("treespec_dumps",),
       supersedes=WRAPPED + ("AOTS113", "AOTS121", "AOTS126"), fixes=(H.STORE_CALL_STRUCTURE,)),
    _r("AOTS113", "not-implemented", "unsupported", 0.5,
       "A NotImplementedError: the op, dtype or feature is not implemented on this path",
       types=frozenset({"NotImplementedError"}), supersedes=WRAPPED),
    _r("AOTS115", "op-without-meta-kernel", "unsupported", 0.62,
       "An operator has no fake (meta) implementation, so Inductor cannot compile it",
       phases=frozenset({P.COMPILE, P.LOAD, P.RUN}), keywords=("no fake impl", "meta kernel", "meta tensors"),
       supersedes=WRAPPED),
    # a custom op's fake implementation (register_fake), which tracing calls in place of the
    # kernel, does not take the arguments the op was called with (the op's default not repeated, a
    # parameter left out): the model author's fake, like a missing one, so an export failure
    _r("AOTS277", "custom-op-fake-signature-differs", "export_failure", 0.62,
       "A custom op's fake implementation does not take the arguments the op is called with",
       types=frozenset({"TypeError"}), functions=("fake_impl",), regex=r"\(\) " + _SIGNATURE_ERROR,
       supersedes=WRAPPED + ("AOTS106", "AOTS121", "AOTS126"), fixes=(H.FAKE_TAKES_THE_OPS_ARGUMENTS,)),
    # the same signature error quoted without its frames, from a function named as fakes are
    # (`<op>_fake`, `_meta`, `_abstract`): below AOTS277, the name is only a convention
    _r("AOTS280", "fake-named-function-signature-differs", "export_failure", 0.55,
       "A function named as a custom op's fake implementation does not take the arguments it was called with",
       types=frozenset({"TypeError"}),
       regex=r"\w_(?:fake|meta|abstract)(?:_impl)?\(\) " + _SIGNATURE_ERROR,
       supersedes=WRAPPED + ("AOTS106", "AOTS121", "AOTS126"), fixes=(H.FAKE_TAKES_THE_OPS_ARGUMENTS,)),
    # an aten op the fake-tensor system itself does not implement (fake_impls' `NYI: aten.X`)
    # cannot be traced by export: torch does not support that op on this path. (A user's custom op
    # never given `register_fake` stays an export failure: the model's author adds the fake.)
    _r("AOTS193", "aten-op-without-fake-impl", "unsupported", 0.62,
       "An aten operator has no fake implementation, so export cannot trace it",
       phases=frozenset({P.EXPORT}), keywords=("nyi: aten.", "unsupportedoperatorexception: aten."),
       supersedes=WRAPPED + ("AOTS106", "AOTS121", "AOTS126")),
    # fake tensors (what export traces with) have no representation for this tensor: a quantized
    # tensor, or another kind without a meta implementation, among the inputs, weights or buffers
    _r("AOTS196", "fake-tensors-cannot-represent-it", "unsupported", 0.64,
       "torch.export's fake tensors cannot represent a tensor of the model (quantized, or another kind)",
       types=frozenset({"UnsupportedFakeTensorException"}),
       supersedes=WRAPPED + ("AOTS106", "AOTS121", "AOTS126"), fixes=(H.FAKE_TENSORS_CANNOT_REPRESENT,)),
    # a nested (jagged) tensor's ragged size (a NestedIntNode) reached code that turns sizes into
    # symbols or ints: export and AOTI take no nested tensors. Weak (0.44): with export's own
    # frames in sight the labelled reports read it as the export's failure (AOTS106 stays first)
    _r("AOTS326", "nested-tensor-size-in-tracing", "unsupported", 0.44,
       "A nested (jagged) tensor's ragged size reached tracing: export and AOTI take no nested tensors",
       keywords=("nestedintnode",), supersedes=("AOTS121", "AOTS126"), fixes=(H.NESTED_TENSOR_INPUT,)),
    # a TorchScript object held by the model (torch.classes.*: eager quantization's packed params,
    # an RNN cell's params) that export must fake and cannot: no fake class, no __obj_flatten__
    _r("AOTS197", "torchscript-object-in-exported-model", "unsupported", 0.62,
       "The model holds a TorchScript object (torch.classes.*) that export cannot trace",
       phases=frozenset({P.EXPORT}), keywords=("__obj_flatten__", "torch.classes."),
       supersedes=WRAPPED + ("AOTS106", "AOTS121", "AOTS126"), fixes=(H.SCRIPT_OBJECT_IN_MODEL,)),
    # an aten op refusing a dtype while export traces it ("Unsupported dtype Half", "Low precision
    # dtypes not supported", "not implemented for 'Half'"): the op has no kernel for that dtype on
    # this path, a declared gap, not a model that export cannot trace
    _r("AOTS148", "op-refuses-a-dtype-while-tracing", "unsupported", 0.62,
       "An operator has no implementation for this dtype (refused while export traced it)",
       phases=frozenset({P.EXPORT}),
       keywords=("unsupported dtype", "dtypes not supported", "dtype not supported", "not implemented for '"),
       supersedes=WRAPPED + ("AOTS105", "AOTS106", "AOTS107", "AOTS126")),
    # codegen looking a tensor's dtype up in its table of C++ types and not finding it (a packed
    # fp4, an MX scale dtype): this backend has no code for that dtype, a declared gap
    _r("AOTS212", "dtype-without-generated-code", "unsupported", 0.62,
       "Inductor's code generator has no C++ type for a tensor's dtype (a narrow or packed dtype)",
       types=frozenset({"KeyError"}), subsystems=frozenset({S.CODEGEN, S.LOWERING}),
       keywords=tuple(f"keyerror: torch.{d}" for d in ("float", "bfloat", "bits", "uint", "int", "complex",
                                                       "bool", "qint", "quint")),
       supersedes=WRAPPED + ("AOTS120", "AOTS121", "AOTS122", "AOTS126")),
    # a sparse tensor (COO, CSR, CSC, BSR) reaching Inductor as an input, a buffer or a constant:
    # Inductor compiles strided tensors only, so whatever its lowering then trips on (no strides,
    # no storage, no kernel at a Sparse dispatch key) the layout is what it does not support
    _r("AOTS220", "sparse-layout-into-inductor", "unsupported", 0.66,
       "A sparse tensor reached Inductor, which compiles strided tensors only",
       phases=frozenset({P.EXPORT, P.COMPILE}),
       keywords=("tensors do not have strides", "tensor does not have strides", "storage of sparsetensorimpl",
                 "storage of sparsecsrtensorimpl", "dispatch key dispatchkey.sparse"),
       supersedes=WRAPPED + ("AOTS105", "AOTS106", "AOTS113", "AOTS120", "AOTS121", "AOTS122", "AOTS126"),
       fixes=(H.DENSE_INPUTS_FOR_INDUCTOR,)),
    # a higher-order op (cond, while_loop, scan, map) whose branch or body holds what such a body
    # may not: a side effect, a mutation of an input or a module, an alias of an input, a call
    # the tracer skips. The op states the limit itself ("doesn't work unless it is captured
    # completely"). What the body returns (its type, structure or metadata) and a data-dependent
    # branch inside it are the user's control flow written wrong: an export failure (AOTS105).
    # Of the labelled rows with a body's content as the reason, six say unsupported, two
    # export_failure, which stays the second reading (AOTS105 is not superseded; AOTS107, which
    # reads the same "not supported" of the tracer's explanation, is)
    _r("AOTS221", "higher-order-op-body-not-capturable", "unsupported", 0.66,
       "A cond/while_loop/scan body holds something a higher-order op's body may not (a side effect, "
       "a mutation, an alias of an input, a skipped call)",
       types=frozenset({"UncapturedHigherOrderOpError"}), phases=frozenset({P.EXPORT, P.COMPILE}),
       keywords=("captured completely",),
       not_keywords=("return type", "branch outputs", "same pytree structure", "same metadata",
                     "same number of outputs", "data-dependent branching", "nested pytree of tensors"),
       supersedes=("AOTD601", "AOTD602", "AOTS107"),
       fixes=(H.PURE_HIGHER_ORDER_BODIES,)),
    # an op or functional refusing a combination of its own arguments while export traces it (an
    # explicit mask with is_causal, align_corners with a nearest mode): the call as written is one
    # the op does not support, not a model the tracer cannot follow
    _r("AOTS214", "op-refuses-an-argument-combination", "unsupported", 0.6,
       "An op refused a combination of its arguments while export traced it (an option it takes only "
       "without another, or only in some modes)",
       phases=frozenset({P.EXPORT}), raise_sites=frozenset({"torch"}),
       types=frozenset({"ValueError", "RuntimeError"}),
       keywords=("should not be set when", "can only be set with", "cannot be set when", "must not be set when",
                 "not allowed when", "cannot be used together", "cannot both be specified"),
       supersedes=WRAPPED + ("AOTS105", "AOTS106", "AOTS107", "AOTS126")),
    # the place is the mechanism: above AOTS121. Labelled rows: 3 a limit of AOTI, 1 the model
    # export cannot take, so below 0.7 and the model's reading beside it
    _r("AOTS116", "output-not-lowerable", "unsupported", 0.64,
       "A model output AOTI cannot return (not a tensor, or an unregistered container)", **_OUTPUT_NOT_LOWERABLE),
    _r("AOTS275", "output-not-lowerable-model", "export_failure", 0.5,
       "The model returns a value that is not a tensor (a string, a Python object) beside its tensors",
       **_OUTPUT_NOT_LOWERABLE),
    _r("AOTS114", "generated-code-missing-shim", "unsupported", 0.64,
       "Generated code calls a C shim this torch does not declare",
       origins=GEN_ORIGINS, keywords=("aoti_torch_",), not_keywords=("aoti_torch_check",)),
    _r("AOTS117", "quoted-compile-error-missing-shim", "unsupported", 0.6,
       "A C++ error, quoted without its file, says an aoti_torch_* C shim is not declared",
       origins=frozenset({O.UNPLACED}), keywords=("aoti_torch_",), not_keywords=("aoti_torch_check",),
       not_origins=ENV_ORIGINS),
    # a fallback op's arguments are serialised for the proxy executor at codegen; a type the
    # serialiser has no entry for (a quantised dtype, an opaque object) is a declared gap
    _r("AOTS118", "extern-kernel-argument-unserialisable", "unsupported", 0.66,
       "An argument of a fallback (extern) kernel cannot be serialised for AOTI's proxy executor",
       functions=("export_extern_kernel_node",),
       # a missing attribute inside the serialiser (`'Generator' object has no attribute 'real_obj'`)
       # is an object it did not expect, torch's own defect (AOTS121), as two blind sets labelled it
       types=(INTERNAL_TYPES - {"AttributeError"}) | frozenset({"ValueError", "SerializeError"}),
       supersedes=WRAPPED),
    # the C++ wrapper maps every argument's Python type to a C type; a type it has no entry for (a
    # torch.Generator passed to a random op) is a value AOTI's C ABI does not carry
    _r("AOTS179", "wrapper-argument-type-unmapped", "unsupported", 0.68,  # the place is the mechanism: over AOTS121-126
       "An op's argument has a type the AOTI C++ wrapper cannot pass (e.g. a torch.Generator)",
       functions=("c_type_for_prim_type",), types=INTERNAL_TYPES | frozenset({"NotImplementedError"}),
       supersedes=WRAPPED),
    # Inductor refusing, in its own words, what it was asked to compile ("... is not supported on
    # this platform", "Unsupported return type", "not built with the 'cpu' backend"): a declared
    # limit of this backend or device, wrapped in InductorError, not a defect of torch's. The
    # wrapper's words (AOTD901) and a lowering's type (AOTS120/122) would read it as torch's bug.
    _r("AOTS202", "compiler-declared-a-limit", "unsupported", 0.64,
       "Inductor declared a limit while compiling (an op, option, dtype or device this backend does not support)",
       types=frozenset({"InductorError", "LoweringException", "BackendCompilerFailed"}),
       phases=frozenset({P.COMPILE}),
       keywords=("not supported", "unsupported ", "not yet supported", "only supports", "not built with",
                 # two options this build takes one at a time
                 "cannot both be", "only one of"),
       not_keywords=("unsupported operand", "unsupported format", "internal assert", "report a bug",
                     "cppcompileerror", "out of memory"),
       supersedes=WRAPPED + ("AOTS113", "AOTS120", "AOTS121", "AOTS122")),
    # -- torch_bug: internal lowering/codegen/loader errors --------------------------------------
    # a data-dependent guard raised inside Inductor's own compile of a graph already captured:
    # InductorError wraps only fx_codegen_and_compile (post-grad passes, lowering, scheduling,
    # codegen), so the guard on an unbacked size is Inductor's, not the user's control flow
    # (AOTD601's reading for Dynamo and export); fixed in Inductor op by op (size-oblivious checks)
    _r("AOTS301", "inductor-guarded-on-unbacked-size", "torch_bug", 0.65,  # over AOTD901: its own fix
       "Inductor guarded on a data-dependent (unbacked) size while compiling a graph already captured",
       types=frozenset({"InductorError", "LoweringException"}), keywords=_DATA_DEPENDENT_GUARD,
       supersedes=_UNBACKED_IN_INDUCTOR_SUPERSEDES, fixes=(H.INDUCTOR_GUARDED_ON_UNBACKED_SIZE,)),
    # ... read from the traceback when the error line is cut off: the innermost torch frame is
    # Inductor's lowering or code generation (ir.py, sizevars.py, lowering.py, codegen/)
    _r("AOTS302", "inductor-frame-guarded-on-unbacked-size", "torch_bug", 0.6,
       "An Inductor lowering or codegen frame guarded on a data-dependent (unbacked) size",
       subsystems=COMPILE_SUBSYSTEMS, words=_DATA_DEPENDENT_GUARD, not_at=API_ENTRIES,
       supersedes=_UNBACKED_IN_INDUCTOR_SUPERSEDES, fixes=(H.INDUCTOR_GUARDED_ON_UNBACKED_SIZE,)),
    _r("AOTS120", "lowering-exception", "torch_bug", 0.6,
       "Inductor raised while lowering the graph",
       types=frozenset({"LoweringException", "SubgraphLoweringException", "CppWrapperCodegenError"}),
       not_keywords=("no lowering", "c shim")),
    _r("AOTS121", "internal-error-in-compiler", "torch_bug", 0.58,
       "A Python internal error raised inside Inductor lowering or codegen",
       types=INTERNAL_TYPES, subsystems=COMPILE_SUBSYSTEMS, raise_sites=frozenset({"torch", "stdlib"}), not_at=API_ENTRIES),
    # a name only torch's generated code or graph holds (a graph input `arg0_1`, a buffer `buf3`,
    # `primals_2`, a size symbol `s0`/`u0`/`ks1`, a Triton index or block `xindex`/`XBLOCK`, a
    # kernel's binding) unresolved at run of that code: the code torch wrote is wrong, whatever
    # the user's model was
    _r("AOTS296", "generated-name-unresolved", "torch_bug", 0.56,
       "A name that only torch's generated code or graph holds was unresolved (NameError, KeyError)",
       types=frozenset({"NameError", "UnboundLocalError", "KeyError"}), regex=_GENERATED_NAME_UNRESOLVED),
    # forward reads a Python number from a tensor constant (a buffer's .item(), int(t)): export
    # keeps the read, and Inductor's lowering of it meets the folded constant and asserts. torch's
    # defect, with a limit of the path beside it; the model-side fix is the same either way
    _r("AOTS271", "number-read-from-a-constant-tensor", "torch_bug", 0.62,
       "Inductor cannot lower a Python number read from a tensor constant (.item() of a buffer)",
       fixes=(H.NUMBER_AS_PYTHON_ATTRIBUTE,), **_ITEM_OF_CONSTANT),
    _r("AOTS272", "number-read-from-a-constant-tensor-unsupported", "unsupported", 0.5,
       "Reading a number from a tensor constant in forward has no path through Inductor here",
       fixes=(H.NUMBER_AS_PYTHON_ATTRIBUTE,), **_ITEM_OF_CONSTANT),
    _r("AOTS122", "backend-compiler-failed", "torch_bug", 0.5,
       "The Inductor backend failed (wrapped error)",
       types=frozenset({"InductorError", "BackendCompilerFailed"}),
       not_keywords=("cppcompileerror", "out of memory", "no lowering", "invalidcxxcompiler",
                     "no working c++ compiler", "notimplementederror")),
    _r("AOTS123", "internal-error-in-loader", "torch_bug", 0.55,
       "A Python internal error raised inside the package loader",
       types=frozenset({"AttributeError", "ImportError", "ModuleNotFoundError", "NameError", "KeyError", "TypeError"}),
       subsystems=frozenset({S.PACKAGE_LOAD}), raise_sites=frozenset({"torch", "stdlib"}),
       # a C++ binding refusing the caller's argument types (pybind11) is the caller's error
       not_keywords=("incompatible function arguments",)),
    # the generated objects disagree about a generated kernel's symbol: the wrapper calls a kernel
    # no object defines (dlopen's "undefined symbol: cpp_fused_0"), or two objects define one (ld's
    # "multiple definition of"). Only AOTI's own code names these symbols, so no other library's
    # version (AOTD701) or the linker's environment (AOTS132) is at fault
    _r("AOTS312", "generated-kernel-symbol-unresolved", "torch_bug", 0.62,
       "The generated code refers to a generated kernel that no object defines, or defines one twice",
       keywords=("undefined symbol", "undefined reference", "multiple definition"),
       regex=r"(?:undefined symbol:?|undefined reference to|multiple definition of)\s*[`'‘\"]?"
             r"(?:cpp_fused_|triton_(?:poi|red|per|tem|mm)_|cpp_kernel_)\w*",
       supersedes=WRAPPED + ("AOTD501", "AOTD507", "AOTD701", "AOTS132", "AOTS134", "AOTS135", "AOTS161")),
    _r("AOTS124", "generated-code-torch-symbol", "torch_bug", 0.6,
       "The generated C++ does not compile, and the error names a torch/AOTI symbol",
       origins=GEN_ORIGINS, torch_symbol=True, not_keywords=("aoti_torch_",), supersedes=("AOTD501", "AOTD507")),
    _r("AOTS125", "generated-code-error", "torch_bug", 0.52,  # above AOTS134/135: the code is wrong, not the tools
       "The generated C++ does not compile",
       origins=GEN_ORIGINS, torch_symbol=False, supersedes=("AOTD501", "AOTD507")),
    _r("AOTS129", "quoted-compile-error", "torch_bug", 0.5,  # AOTI compiles only code it generated
       "A C++ semantic error (an undeclared name, a missing member, a call that does not fit), quoted "
       "without its file: the code AOTI generated does not compile",
       origins=frozenset({O.UNPLACED}), not_origins=ENV_ORIGINS | GEN_ORIGINS, not_keywords=("aoti_torch_",),
       supersedes=("AOTD501", "AOTD507")),
    _r("AOTS128", "generated-triton-invalid", "torch_bug", 0.56,
       "The Triton code Inductor generated does not compile",
       types=frozenset({"CompilationError", "CompileTimeAssertionFailure"}),
       subsystems=frozenset({S.CODEGEN, S.CPP_BUILDER, S.AUTOTUNE, S.LOWERING, S.OTHER, S.UNKNOWN}),
       not_keywords=("out of resource",)),
    _r("AOTS126", "internal-error-in-tracing-helpers", "torch_bug", 0.45,
       "A Python internal error raised inside torch while compiling",
       types=INTERNAL_TYPES, phases=frozenset({P.COMPILE, P.EXPORT, P.UNKNOWN}), raise_sites=frozenset({"torch"}),
       not_at=API_ENTRIES),
    *TOOLCHAIN_RULES,
)
