"""The structural rules as data: each `Rule` names a MECHANISM (how AOTI fails) by the structure
it reads (exception type, subsystem, phase, diagnostic origin, frames, signals) plus, at most,
the words that name that mechanism. How they are weighed and combined: structural.py."""

from __future__ import annotations

from dataclasses import dataclass

from .. import hints as H
from ..text.structure import Origin, Phase, Subsystem

__all__ = ["Rule", "RULES"]

S = Subsystem
P = Phase
O = Origin
_GEN = frozenset({O.GENERATED_WRAPPER, O.GENERATED_KERNEL, O.GENERATED_TRITON})
_ENV = frozenset({O.ENV_MISSING_HEADER, O.ENV_MISSING_LIBRARY, O.ENV_MISSING_COMPILER, O.ENV_MISSING_NVCC})
_INTERNAL = frozenset({"AssertionError", "KeyError", "AttributeError", "TypeError", "IndexError", "NameError",
                       "UnboundLocalError", "ImportError", "ModuleNotFoundError", "RecursionError"})
_TORCH_COMPILE_SUBS = frozenset({S.LOWERING, S.CODEGEN})
# patterns that read only a wrapper's wording ("InductorError: X"): a rule that reads the root
# cause of the chain outranks them
_WRAPPED = ("AOTD901",)
# API entry points: an error whose innermost torch frame is one of these was raised by the entry
# point checking its arguments, not by the compiler's internals.
_ENTRIES = ("aot_compile", "compile_fx_aot", "aot_load", "aoti_compile_and_package", "aoti_load_package",
            "_aoti_compile_and_package_inner", "load_package")


@dataclass(frozen=True, slots=True)
class Rule:
    """One structural rule. Every non-empty condition must hold (AND); inside one condition any
    listed value is enough (OR). Keywords are matched on `Structure.error_text` (never on noise)."""

    code: str
    slug: str
    category: str
    weight: float
    title: str
    types: frozenset[str] = frozenset()  # any of these names in a chain link's type, MRO or wrapped types
    subsystems: frozenset[Subsystem] = frozenset()
    phases: frozenset[Phase] = frozenset()
    origins: frozenset[Origin] = frozenset()
    not_origins: frozenset[Origin] = frozenset()  # no diagnostic of these origins was read
    raise_sites: frozenset[str] = frozenset()  # user / torch / triton / stdlib / library
    signal: bool | None = None  # True: a signal was seen; False: none was
    signal_names: frozenset[str] = frozenset()  # any of these signals (SIGILL, SIGSEGV, ...)
    keywords: tuple[str, ...] = ()  # any (lower case), only words that name a mechanism
    also_keywords: tuple[str, ...] = ()  # a second group: one of these must ALSO be present
    not_keywords: tuple[str, ...] = ()
    error_types: frozenset[str] = frozenset()  # UserError.error_type names (live objects)
    torch_symbol: bool | None = None  # a diagnostic of a listed origin names a torch/AOTI symbol
    functions: tuple[str, ...] = ()  # a Python or C++ frame function contains one of these
    not_functions: tuple[str, ...] = ()  # no Python or C++ frame function contains one of these
    not_at: tuple[str, ...] = ()  # the innermost torch frame's function is none of these (API entries)
    at: tuple[str, ...] = ()  # the innermost torch frame's function is one of these
    modules: tuple[str, ...] = ()  # the innermost torch frame's module is one of these (dotted)
    test_programs: tuple[str, ...] = ()  # the failing test file or class contains one of these (lower case)
    handed: bool | None = None  # True: a live torch frame held the loaded model (Structure.handed_to)
    no_chain: bool = False  # fires only when no exception was read
    fallback: bool = False
    supersedes: tuple[str, ...] = ()  # pattern codes (AOTD*) this mechanism outranks; rule codes (AOTS*) it explains
    fixes: tuple[str, ...] = ()  # advice when this rule decides (else the category's first pattern's)
    rivals: tuple[str, ...] = ()  # pattern codes (AOTD*) whose words this mechanism reads as well: capped at RIVAL_CAP

    @property
    def structural(self) -> bool:
        """True when the rule reads more than words (a type, subsystem, phase, origin, frame or
        signal): only such rules corroborate a pattern, since a keyword rule re-reads its words."""
        # a signal is read from the same words a pattern matches ("Segmentation fault"): not structure
        return bool(self.types or self.subsystems or self.phases or self.origins or self.functions
                    or self.error_types or self.raise_sites or self.at or self.modules or self.test_programs
                    or self.handed is not None)


def _r(code: str, slug: str, category: str, weight: float, title: str, **kw: object) -> Rule:
    return Rule(code, slug, category, weight, title, **kw)  # type: ignore[arg-type]


RULES: tuple[Rule, ...] = (
    # -- export: torch.export fails before AOTI starts ----------------------------------------
    _r("AOTS101", "data-dependent-guard-type", "export_failure", 0.66,
       "Tracing guarded on a value read from tensor data",
       types=frozenset({"GuardOnDataDependentSymNode"})),
    _r("AOTS102", "data-dependent-in-export", "export_failure", 0.6,
       "A data-dependent expression stopped export",
       phases=frozenset({P.EXPORT}), keywords=("data-dependent", "data dependent", "unbacked")),
    _r("AOTS103", "constraint-violation-type", "dynamic_shape_guard", 0.68,
       "A dynamic-shape constraint was violated during export",
       types=frozenset({"ConstraintViolationError", "ValueRangeError"})),
    _r("AOTS104", "user-error-constraint", "dynamic_shape_guard", 0.66,
       "torch.export rejected the dynamic-shape specification",
       types=frozenset({"UserError"}), error_types=frozenset({"CONSTRAINT_VIOLATION", "DYNAMIC_DIM"})),
    _r("AOTS105", "dynamo-unsupported", "export_failure", 0.6,
       "The tracer could not capture the model's Python",
       types=frozenset({"Unsupported", "UserError", "TorchRuntimeError", "UncapturedHigherOrderOpError",
                        "SpecViolationError", "InternalTorchDynamoError"}),
       not_keywords=("constraints violated",)),
    # torch.export.dynamic_shapes refusing a Dim definition (a range, a derived expression, one name
    # with two definitions) before tracing: the dynamic-shape specification is the cause (a spec
    # whose STRUCTURE does not match the inputs is an export failure: no Dim named in it)
    _r("AOTS109", "dim-definition-invalid", "dynamic_shape_guard", 0.64,
       "torch.export refused a Dim definition (its range, a derived expression, or one name defined twice)",
       subsystems=frozenset({S.EXPORT}), phases=frozenset({P.EXPORT}),
       types=frozenset({"AssertionError", "UserError", "NotImplementedError", "ValueError", "TypeError"}),
       keywords=("dim(", "create dim", "linear operations with integer coefficients", "symbolic dimension",
                 "dim name"),
       supersedes=("AOTD602",), fixes=(H.KEEP_VALUES_IN_CHECKED_RANGE,)),
    # torch.export's checker of the dynamic_shapes argument refusing a leaf of it (a named Dim for
    # an integer input, a dict where an int's hint goes): the specification is the cause. A spec
    # whose tree does not match the inputs' (its keys, its nesting) stays an export failure.
    _r("AOTS139", "dynamic-shapes-spec-refused", "dynamic_shape_guard", 0.6,
       "torch.export's dynamic_shapes checker refused the specification given for an input",
       phases=frozenset({P.EXPORT}), functions=("_check_dynamic_shapes", "check_shape"),
       types=frozenset({"ValueError", "AssertionError", "UserError", "TypeError"}),
       not_keywords=("top-level keys", "tree structure", "pytree", "treespec"),
       supersedes=("AOTD601", "AOTS105", "AOTS106", "AOTS126")),
    # export applying a dynamic_shapes spec to a tensor and indexing past its sizes: the spec
    # names an axis the example input does not have (copied from a model of another rank)
    _r("AOTS169", "dynamic-spec-axis-not-in-tensor", "dynamic_shape_guard", 0.6,
       "The dynamic_shapes spec names an axis the input does not have",
       types=frozenset({"IndexError", "KeyError"}), at=("_create_symbolic_context_for_tensor", "fakify"),
       supersedes=("AOTD305", "AOTS106", "AOTS126"), fixes=(H.KEEP_VALUES_IN_CHECKED_RANGE,)),
    _r("AOTS106", "error-in-export-subsystem", "export_failure", 0.45,
       "An error raised inside torch.export / dynamo tracing",
       subsystems=frozenset({S.EXPORT, S.DYNAMO}), phases=frozenset({P.EXPORT})),
    # what export's tracer says it does not support is an export failure: the model must change
    # before export, AOTI never saw it (a prose "not supported" reading is about AOTI)
    _r("AOTS107", "unsupported-during-export", "export_failure", 0.6,
       "torch.export's tracer met something it does not support",
       subsystems=frozenset({S.EXPORT, S.DYNAMO}), phases=frozenset({P.EXPORT}),
       keywords=("not supported", "unsupported", "not implemented"), supersedes=("AOTD505", "AOTD506")),
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
    _r("AOTS110", "missing-lowering", "unsupported", 0.66,
       "An operator has no Inductor lowering or decomposition",
       types=frozenset({"MissingOperatorWithoutDecomp", "MissingOperatorWithDecomp"}), supersedes=_WRAPPED),
    _r("AOTS111", "no-shim-or-fallback", "unsupported", 0.64,
       "An op needs a C shim or proxy executor that AOTI does not have",
       keywords=("does not have a c shim", "no c shim", "missing c shim", "proxy executor", "no lowering",
                 "not supported in aoti", "not supported by aoti", "abi-compatible", "abi compatible"),
       supersedes=("AOTD901", "AOTD501", "AOTD507")),
    _r("AOTS112", "serialisation-not-implemented", "unsupported", 0.6,
       "Saving the package needs a feature serialisation does not implement",
       types=frozenset({"NotImplementedError", "SerializeError"}), subsystems=frozenset({S.PACKAGE_LOAD}),
       phases=frozenset({P.COMPILE}), supersedes=_WRAPPED),
    _r("AOTS113", "not-implemented", "unsupported", 0.5,
       "A NotImplementedError: the op, dtype or feature is not implemented on this path",
       types=frozenset({"NotImplementedError"}), supersedes=_WRAPPED),
    _r("AOTS115", "op-without-meta-kernel", "unsupported", 0.62,
       "An operator has no fake (meta) implementation, so Inductor cannot compile it",
       phases=frozenset({P.COMPILE, P.LOAD, P.RUN}), keywords=("no fake impl", "meta kernel", "meta tensors"),
       supersedes=_WRAPPED),
    # an aten op the fake-tensor system itself does not implement (fake_impls' `NYI: aten.X`)
    # cannot be traced by export: torch does not support that op on this path. (A user's custom op
    # never given `register_fake` stays an export failure: the model's author adds the fake.)
    _r("AOTS193", "aten-op-without-fake-impl", "unsupported", 0.62,
       "An aten operator has no fake implementation, so export cannot trace it",
       phases=frozenset({P.EXPORT}), keywords=("nyi: aten.", "unsupportedoperatorexception: aten."),
       supersedes=_WRAPPED + ("AOTS106", "AOTS121", "AOTS126")),
    # fake tensors (what export traces with) have no representation for this tensor: a quantized
    # tensor, or another kind without a meta implementation, among the inputs, weights or buffers
    _r("AOTS196", "fake-tensors-cannot-represent-it", "unsupported", 0.64,
       "torch.export's fake tensors cannot represent a tensor of the model (quantized, or another kind)",
       types=frozenset({"UnsupportedFakeTensorException"}),
       supersedes=_WRAPPED + ("AOTS106", "AOTS121", "AOTS126"), fixes=(H.FAKE_TENSORS_CANNOT_REPRESENT,)),
    # a TorchScript object held by the model (torch.classes.*: eager quantization's packed params,
    # an RNN cell's params) that export must fake and cannot: no fake class, no __obj_flatten__
    _r("AOTS197", "torchscript-object-in-exported-model", "unsupported", 0.62,
       "The model holds a TorchScript object (torch.classes.*) that export cannot trace",
       phases=frozenset({P.EXPORT}), keywords=("__obj_flatten__", "torch.classes."),
       supersedes=_WRAPPED + ("AOTS106", "AOTS121", "AOTS126"), fixes=(H.SCRIPT_OBJECT_IN_MODEL,)),
    # an aten op refusing a dtype while export traces it ("Unsupported dtype Half", "Low precision
    # dtypes not supported", "not implemented for 'Half'"): the op has no kernel for that dtype on
    # this path, a declared gap, not a model that export cannot trace
    _r("AOTS148", "op-refuses-a-dtype-while-tracing", "unsupported", 0.62,
       "An operator has no implementation for this dtype (refused while export traced it)",
       phases=frozenset({P.EXPORT}),
       keywords=("unsupported dtype", "dtypes not supported", "dtype not supported", "not implemented for '"),
       supersedes=_WRAPPED + ("AOTS105", "AOTS106", "AOTS107", "AOTS126")),
    _r("AOTS116", "output-not-lowerable", "unsupported", 0.68,  # the place is the mechanism: above AOTS121
       "A model output AOTI cannot return (not a tensor, or an unregistered container)",
       types=frozenset({"AssertionError"}), at=("output",), subsystems=frozenset({S.LOWERING}),
       supersedes=_WRAPPED),
    _r("AOTS114", "generated-code-missing-shim", "unsupported", 0.64,
       "Generated code calls a C shim this torch does not declare",
       origins=_GEN, keywords=("aoti_torch_",), not_keywords=("aoti_torch_check",)),
    _r("AOTS117", "quoted-compile-error-missing-shim", "unsupported", 0.6,
       "A C++ error, quoted without its file, says an aoti_torch_* C shim is not declared",
       origins=frozenset({O.UNPLACED}), keywords=("aoti_torch_",), not_keywords=("aoti_torch_check",),
       not_origins=_ENV),
    # a fallback op's arguments are serialised for the proxy executor at codegen; a type the
    # serialiser has no entry for (a quantised dtype, an opaque object) is a declared gap
    _r("AOTS118", "extern-kernel-argument-unserialisable", "unsupported", 0.66,
       "An argument of a fallback (extern) kernel cannot be serialised for AOTI's proxy executor",
       functions=("export_extern_kernel_node",), types=_INTERNAL | frozenset({"ValueError", "SerializeError"}),
       supersedes=_WRAPPED),
    # the C++ wrapper maps every argument's Python type to a C type; a type it has no entry for (a
    # torch.Generator passed to a random op) is a value AOTI's C ABI does not carry
    _r("AOTS179", "wrapper-argument-type-unmapped", "unsupported", 0.68,  # the place is the mechanism: over AOTS121-126
       "An op's argument has a type the AOTI C++ wrapper cannot pass (e.g. a torch.Generator)",
       functions=("c_type_for_prim_type",), types=_INTERNAL | frozenset({"NotImplementedError"}),
       supersedes=_WRAPPED),
    # Inductor refusing, in its own words, what it was asked to compile ("... is not supported on
    # this platform", "Unsupported return type", "not built with the 'cpu' backend"): a declared
    # limit of this backend or device, wrapped in InductorError, not a defect of torch's. The
    # wrapper's words (AOTD901) and a lowering's type (AOTS120/122) would read it as torch's bug.
    _r("AOTS202", "compiler-declared-a-limit", "unsupported", 0.64,
       "Inductor declared a limit while compiling (an op, option, dtype or device this backend does not support)",
       types=frozenset({"InductorError", "LoweringException", "BackendCompilerFailed"}),
       phases=frozenset({P.COMPILE}),
       keywords=("not supported", "unsupported ", "not yet supported", "only supports", "not built with"),
       not_keywords=("unsupported operand", "unsupported format", "internal assert", "report a bug",
                     "cppcompileerror", "out of memory"),
       supersedes=_WRAPPED + ("AOTS113", "AOTS120", "AOTS121", "AOTS122")),
    # -- torch_bug: internal lowering/codegen/loader errors --------------------------------------
    _r("AOTS120", "lowering-exception", "torch_bug", 0.6,
       "Inductor raised while lowering the graph",
       types=frozenset({"LoweringException", "SubgraphLoweringException", "CppWrapperCodegenError"}),
       not_keywords=("no lowering", "c shim")),
    _r("AOTS121", "internal-error-in-compiler", "torch_bug", 0.58,
       "A Python internal error raised inside Inductor lowering or codegen",
       types=_INTERNAL, subsystems=_TORCH_COMPILE_SUBS, raise_sites=frozenset({"torch", "stdlib"}), not_at=_ENTRIES),
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
    _r("AOTS124", "generated-code-torch-symbol", "torch_bug", 0.6,
       "The generated C++ does not compile, and the error names a torch/AOTI symbol",
       origins=_GEN, torch_symbol=True, not_keywords=("aoti_torch_",), supersedes=("AOTD501", "AOTD507")),
    _r("AOTS125", "generated-code-error", "torch_bug", 0.52,  # above AOTS134/135: the code is wrong, not the tools
       "The generated C++ does not compile",
       origins=_GEN, torch_symbol=False, supersedes=("AOTD501", "AOTD507")),
    _r("AOTS129", "quoted-compile-error", "torch_bug", 0.5,  # AOTI compiles only code it generated
       "A C++ semantic error (an undeclared name, a missing member, a call that does not fit), quoted "
       "without its file: the code AOTI generated does not compile",
       origins=frozenset({O.UNPLACED}), not_origins=_ENV | _GEN, not_keywords=("aoti_torch_",),
       supersedes=("AOTD501", "AOTD507")),
    _r("AOTS128", "generated-triton-invalid", "torch_bug", 0.56,
       "The Triton code Inductor generated does not compile",
       types=frozenset({"CompilationError", "CompileTimeAssertionFailure"}),
       subsystems=frozenset({S.CODEGEN, S.CPP_BUILDER, S.AUTOTUNE, S.LOWERING, S.OTHER, S.UNKNOWN}),
       not_keywords=("out of resource",)),
    _r("AOTS126", "internal-error-in-tracing-helpers", "torch_bug", 0.45,
       "A Python internal error raised inside torch while compiling",
       types=_INTERNAL, phases=frozenset({P.COMPILE, P.EXPORT, P.UNKNOWN}), raise_sites=frozenset({"torch"}),
       not_at=_ENTRIES),
    _r("AOTS127", "torch-module-attribute-missing", "torch_bug", 0.55,
       "torch's own module lacks an attribute or import another torch module uses",
       types=frozenset({"AttributeError", "ImportError", "ModuleNotFoundError"}),
       keywords=("module 'torch", "from 'torch", "no module named 'torch"),
       raise_sites=frozenset({"torch", "library", "stdlib", "triton", ""})),  # the user's own call: AOTS175
    _r("AOTS119", "torch-own-test-failed", "torch_bug", 0.4,
       "torch's own AOTInductor test suite failed: the code under test is torch's",
       test_programs=("test_aot_inductor", "aotinductortest")),
    # -- compile_toolchain: the user's environment --------------------------------------------
    _r("AOTS130", "missing-system-header", "compile_toolchain", 0.7,
       "A header the C++ build needs is not installed",
       origins=frozenset({O.ENV_MISSING_HEADER}), supersedes=_WRAPPED),
    _r("AOTS131", "missing-library-or-compiler", "compile_toolchain", 0.7,
       "A library, compiler or CUDA toolkit the build needs is missing",
       origins=frozenset({O.ENV_MISSING_LIBRARY, O.ENV_MISSING_COMPILER, O.ENV_MISSING_NVCC}), supersedes=_WRAPPED),
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
       not_origins=_GEN, supersedes=_WRAPPED),  # an error in the generated code is the code's (AOTS124/125), not the tools'

    _r("AOTS135", "cpp-builder-error", "compile_toolchain", 0.45,
       "An error raised inside the C++ builder or code cache",
       subsystems=frozenset({S.CPP_BUILDER}), not_keywords=("out of memory",), not_origins=_GEN),
    # the builder's environment, not its code: it cannot write its files, or the compiler it runs
    # answers with nothing it can read (CXX naming a non-compiler)
    _r("AOTS136", "build-environment-os-error", "compile_toolchain", 0.66,
       "The C++ builder or code cache could not create, write or run its files (an OS error: a "
       "permission, a path that is a file, a full disk)",
       types=frozenset({"PermissionError", "FileExistsError", "FileNotFoundError", "IsADirectoryError",
                        "NotADirectoryError", "OSError"}),
       subsystems=frozenset({S.CPP_BUILDER}), not_keywords=("out of memory",), not_origins=_GEN,
       supersedes=_WRAPPED),
    _r("AOTS137", "compiler-probe-failed", "compile_toolchain", 0.62,
       "The step that runs or probes the C++ compiler failed on its output: the configured "
       "compiler (CXX/CC) answered with nothing usable",
       types=_INTERNAL | frozenset({"ValueError", "CalledProcessError"}),
       at=("_get_file_checksum", "_precompile_header", "check_build", "cpp_compiler_search", "get_cpp_compiler",
           "_is_apple_clang", "_is_clang", "_is_gcc", "_is_gcc_version_less_than", "_is_intel_compiler",
           "get_compiler_version_info", "check_compiler_exist_windows"),
       not_origins=_GEN, supersedes=_WRAPPED),
    # -- memory faults ----------------------------------------------------------------------
    _r("AOTS140", "out-of-memory", "out_of_memory", 0.7,
       "An allocation failed",
       types=frozenset({"OutOfMemoryError", "MemoryError"}), supersedes=_WRAPPED),
    _r("AOTS141", "out-of-memory-words", "out_of_memory", 0.62,
       "An allocation failed (message)",
       keywords=("out of memory", "bad_alloc", "cannot allocate memory", "alloc_failed"), supersedes=_WRAPPED),
    _r("AOTS145", "integer-division-by-zero", "numerical", 0.62,
       "A kernel divided an integer by zero: the inputs hold a zero divisor (torch checks, it raises)",
       keywords=("throw_if_integer_div_error",),  # the generated check, not any ZeroDivisionError
       supersedes=_WRAPPED),
    # a bare AssertionError raised by the user's own code: their check of what the compiled model
    # returned failed (a comparison helper's "not close" is read by its own words, AOTS157/158)
    _r("AOTS146", "user-check-failed", "numerical", 0.45,
       "The user's own assertion failed: the compiled model's output was not what their check expects",
       types=frozenset({"AssertionError"}), raise_sites=frozenset({"user"}),
       not_keywords=("tensor-likes are not", "mismatched elements", "values for attribute", "torch.size("),
       fixes=(H.COMPARE_WITH_EAGER, H.CHECK_INPUTS_AT_RUNTIME)),
    # ... and when that assertion prints a shape, the output's shape was not the expected one: a
    # static program returns its compiled shape whatever the inputs (an int or a size of another
    # value than at export included), so an input was outside the compiled contract
    _r("AOTS147", "user-shape-check-failed", "input_mismatch", 0.5,
       "The user's own check of an output's shape failed: an input was not what the program was "
       "compiled for",
       types=frozenset({"AssertionError"}), raise_sites=frozenset({"user"}), keywords=("torch.size(",),
       not_keywords=("values for attribute",),  # torch.testing's own words: AOTS176
       fixes=(H.CHECK_INPUTS_AT_RUNTIME,)),
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
    _r("AOTS151", "run-python-call-error", "input_mismatch", 0.5,
       "Calling the loaded model failed in its Python call wrapper",
       types=frozenset({"ValueError", "TypeError", "KeyError"}), subsystems=frozenset({S.MODEL_RUN})),
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
                                                      "invalid elf header", "failed to find",
                                                      "zip archive: file open failed")),  # the package path
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
       not_keywords=("'aoti_", "'aot_"), supersedes=("AOTD905",), fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # a torch module's __getattr__ refusing a name (`module 'torch' has no attribute 'rfft'`): the
    # hook runs only for names the module does not define, so the caller looked up an API this
    # release no longer has (the caller is the user's code when it is a file; `python -c` code too)
    _r("AOTS149", "torch-module-lookup-of-a-removed-name", "deprecated_api", 0.5,
       "Code looked up a torch API this release does not have (torch's module __getattr__ refused it)",
       types=frozenset({"AttributeError"}), functions=("__getattr__",), keywords=("module 'torch",),
       not_keywords=("'aoti_", "'aot_"), supersedes=("AOTD905", "AOTS126", "AOTS127", "AOTS175"),
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # an import of a torch name or module this torch does not have ("cannot import name 'X' from
    # 'torch.export'", "No module named 'torch._export.X'"): the code was written for another
    # release, where that name existed (renamed, moved or removed since). A file of the
    # application shadowing torch reads the same words: AOTS198 explains that case.
    _r("AOTS203", "import-of-a-torch-name-this-torch-lacks", "deprecated_api", 0.52,
       "Code imports a torch name or module this torch does not have (renamed, moved or removed since)",
       types=frozenset({"ImportError", "ModuleNotFoundError"}),
       keywords=("cannot import name", "no module named 'torch."),
       also_keywords=("from 'torch'", "from 'torch.", "named 'torch."),
       not_keywords=("partially initialized", "unknown location", "'torch._c'", "'torch._c."),
       raise_sites=frozenset({"user", "library", ""}),  # torch importing its own name: AOTS127
       supersedes=("AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"), fixes=(H.RENAMED_TORCH_NAME,)),
    # the AOTI entry points called with another release's signature (the 2.5-era package API took
    # example args; keywords renamed since): Python's own argument check, raised before any work
    _r("AOTS177", "aoti-api-called-with-another-signature", "deprecated_api", 0.6,
       "An AOTI entry point was called with another release's arguments",
       types=frozenset({"TypeError"}),
       keywords=("aoti_compile_and_package()", "aoti_load_package()", "aot_compile()", "aot_load()",
                 "load_package()", "package_aoti()",
                 # the export half of a recipe: its keywords moved between releases too
                 "run_decompositions()", "export_for_training()", "export_for_inference()",
                 "export()", "dims()", "dim()"),
       also_keywords=("positional argument", "unexpected keyword argument", "required positional",
                      "required keyword"),
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # torch's config module refuses an option it does not have (`torch._inductor.config.X does not
    # exist`, from get, set or patch): an option renamed or removed since the recipe was written
    # (`abi_compatible`), or misspelt. Not an internal error of the compiler it was raised in.
    _r("AOTS182", "config-option-not-in-this-torch", "deprecated_api", 0.6,
       "A torch config option this torch does not have (renamed or removed since, or misspelt)",
       types=frozenset({"AttributeError"}), keywords=("config.", "config alias"),
       also_keywords=(" does not exist",), supersedes=("AOTS121", "AOTS126", "AOTD901"),
       fixes=(H.CONFIG_OPTION_NAMES,)),
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
       supersedes=_WRAPPED + ("AOTS121", "AOTS126", "AOTS203", "AOTD905"), fixes=(H.RENAME_SHADOWING_MODULE,)),
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
    # AOTI's loader opened the file but miniz found no readable zip in it: the bytes were changed
    # on the way (a text-mode transfer, a header or signature wrapped around it, a cut-off copy,
    # a pointer file): outside AOTI's families, a named unknown with the check to make. A
    # missing file is AOTS160 ("file open failed").
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
       subsystems=frozenset({S.TORCHSCRIPT}), supersedes=("AOTD806",), fixes=(H.CALL_LOADED_MODEL_DIRECTLY,)),
    # the autograd engine found no graph behind an output: a loaded model runs inference only, its
    # outputs carry no grad_fn whatever the inputs require
    _r("AOTS172", "backward-through-compiled-model", "unsupported", 0.5,
       "A backward pass reached outputs without an autograd graph (an AOTI compiled model runs "
       "inference only)",
       functions=("_engine_run_backward",), keywords=("does not require grad", "does not have a grad_fn"),
       fixes=(H.INFERENCE_ONLY,)),
    # -- autotuning ------------------------------------------------------------------------------
    # autotuning was left with nothing to choose (a CPU build has no Triton templates)
    _r("AOTS181", "no-autotune-choices", "autotune_failure", 0.68,
       "Autotuning had no valid kernel choice for an op (the allowed backends offer none here)",
       types=frozenset({"NoValidChoicesError"}), supersedes=_WRAPPED, fixes=(H.ADD_ATEN_AUTOTUNE_BACKEND,)),
    _r("AOTS180", "autotune-subsystem", "autotune_failure", 0.55,
       "Compile-time autotuning or benchmarking of kernels raised",
       subsystems=frozenset({S.AUTOTUNE}),
       not_keywords=("illegal memory", "device-side assert", "index out of bounds", "out of memory")),
    # -- signals (fallbacks: nothing else was read) ----------------------------------------------
    _r("AOTS190", "illegal-instruction", "version_mismatch", 0.55,
       "The CPU lacks an instruction the compiled code uses (SIGILL)",
       signal_names=frozenset({"SIGILL"})),
    _r("AOTS191", "signal-only", "crash", 0.45,
       "The process died on a signal with no exception",
       signal=True, no_chain=True, fallback=True),
)
