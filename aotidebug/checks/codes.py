"""Finding codes of the consistency checks (AOTCnnn): severity, category, constant title and the
named fix of each, as data. Codes are stable; never reuse one (docs/consistency.md)."""

from __future__ import annotations

from typing import Any

from ..core import hints
from ..core.categories import Category
from ..core.result import Finding, Severity

# code -> (severity, category, title). Codes are stable; never reuse one.
CODES: dict[str, tuple[Severity, Category, str]] = {
    "AOTC001": (Severity.FATAL, Category.INPUT_MISMATCH, "wrong number of inputs"),
    "AOTC002": (Severity.FATAL, Category.INPUT_MISMATCH, "call structure differs from the export"),
    "AOTC003": (Severity.FATAL, Category.INPUT_MISMATCH, "dict keys in another order than at export"),
    "AOTC004": (Severity.FATAL, Category.INPUT_MISMATCH, "not a tensor"),
    "AOTC005": (Severity.FATAL, Category.INPUT_MISMATCH, "a tensor of another layout than dense"),
    "AOTC010": (Severity.FATAL, Category.DEVICE_MISMATCH, "input on the wrong device type"),
    "AOTC011": (Severity.FATAL, Category.DEVICE_MISMATCH, "input has no data (meta or fake tensor)"),
    "AOTC012": (Severity.FATAL, Category.DEVICE_MISMATCH, "inputs on different device indices"),
    "AOTC013": (Severity.FATAL, Category.DEVICE_MISMATCH, "package compiled for another device type"),
    "AOTC020": (Severity.FATAL, Category.INPUT_MISMATCH, "wrong dtype"),
    "AOTC030": (Severity.FATAL, Category.INPUT_MISMATCH, "wrong number of dimensions"),
    "AOTC031": (Severity.FATAL, Category.INPUT_MISMATCH, "static size differs from the compiled size"),
    "AOTC032": (Severity.FATAL, Category.DYNAMIC_SHAPE_GUARD, "dynamic size below its recorded minimum"),
    "AOTC033": (Severity.FATAL, Category.DYNAMIC_SHAPE_GUARD, "dynamic size above its recorded maximum"),
    "AOTC034": (Severity.WARNING, Category.DYNAMIC_SHAPE_GUARD, "dynamic size 0 or 1 with unknown bounds"),
    "AOTC035": (Severity.FATAL, Category.INPUT_MISMATCH, "sizes fit the compiled shape in another order"),
    "AOTC036": (Severity.WARNING, Category.DYNAMIC_SHAPE_GUARD,
                "compiled range of a dynamic size narrower than the exported one"),
    "AOTC037": (Severity.FATAL, Category.INPUT_MISMATCH,
                "size differs from another input's that the program ties it to"),
    "AOTC038": (Severity.WARNING, Category.DYNAMIC_SHAPE_GUARD,
                "size 1 below the compiled minimum 2, Inductor's floor for dynamic sizes"),
    "AOTC039": (Severity.FATAL, Category.INDEX_OUT_OF_BOUNDS,
                "index input outside the range its kernel checks"),
    "AOTC040": (Severity.FATAL, Category.INPUT_MISMATCH, "strides differ from the compiled strides"),
    "AOTC041": (Severity.WARNING, Category.INPUT_MISMATCH, "non-contiguous input, compiled for contiguous"),
    "AOTC042": (Severity.FATAL, Category.INDEX_OUT_OF_BOUNDS,
                "size past the table a kernel indexes with positions 0..size-1"),
    "AOTC043": (Severity.FATAL, Category.KERNEL_BINARY_MISSING,
                "the package is an exported program (torch.export.save), not compiled code"),
    "AOTC044": (Severity.FATAL, Category.KERNEL_BINARY_MISSING,
                "the package is a torch.save or TorchScript file, not an AOTI package"),
    "AOTC050": (Severity.WARNING, Category.CONSTANT_LOADING, "package carries no weights its loader reads"),
    "AOTC051": (Severity.FATAL, Category.CONSTANT_LOADING, "called before its weights were loaded"),
    "AOTC052": (Severity.FATAL, Category.CONSTANT_LOADING, "constant's dtype differs from the compiled one"),
    "AOTC053": (Severity.FATAL, Category.CONSTANT_LOADING, "constant's shape differs from the compiled one"),
    "AOTC054": (Severity.FATAL, Category.CONSTANT_LOADING, "constant's strides differ from the compiled ones"),
    "AOTC055": (Severity.FATAL, Category.CONSTANT_LOADING, "constant is not a tensor"),
    "AOTC056": (Severity.FATAL, Category.DEVICE_MISMATCH, "constant is on another device than the package"),
    "AOTC057": (Severity.FATAL, Category.CONSTANT_LOADING, "constant of another layout than dense"),
    "AOTC090": (Severity.INFO, Category.UNKNOWN, "contract incomplete"),
    "AOTC091": (Severity.INFO, Category.UNKNOWN, "package not checked"),
    "AOTC092": (Severity.INFO, Category.UNKNOWN, "package read from the loaded model"),
    "AOTC100": (Severity.FATAL, Category.VERSION_MISMATCH, "package built for another platform"),
    "AOTC101": (Severity.FATAL, Category.VERSION_MISMATCH, "package built for another machine architecture"),
    "AOTC102": (Severity.FATAL, Category.VERSION_MISMATCH, "CPU lacks the instruction set the kernels use"),
    "AOTC103": (Severity.INFO, Category.VERSION_MISMATCH, "CPU instruction set not verifiable"),
    "AOTC104": (Severity.INFO, Category.VERSION_MISMATCH, "build host not recorded (torch < 2.10)"),
    "AOTC110": (Severity.FATAL, Category.DEVICE_MISMATCH, "CUDA package but no usable GPU"),
    "AOTC111": (Severity.FATAL, Category.VERSION_MISMATCH, "GPU compute capability differs from the build"),
    "AOTC112": (Severity.FATAL, Category.DEVICE_MISMATCH, "device index not usable for this package"),
    "AOTC120": (Severity.WARNING, Category.VERSION_MISMATCH, "torch version differs from the build"),
}
HINTS: dict[str, str] = {
    "AOTC001": hints.MATCH_CALL_SPEC, "AOTC002": hints.MATCH_CALL_SPEC,
    "AOTC003": hints.MATCH_CALL_SPEC, "AOTC004": hints.MATCH_CALL_SPEC,
    "AOTC005": hints.DENSE_INPUTS,
    "AOTC010": hints.MOVE_INPUTS_TO_DEVICE, "AOTC011": hints.USE_REAL_TENSORS,
    "AOTC012": hints.MOVE_INPUTS_TO_DEVICE, "AOTC013": hints.MATCH_COMPILE_DEVICE,
    "AOTC020": hints.MATCH_DTYPE, "AOTC030": hints.CHECK_THREE_MATCHES,
    "AOTC031": hints.CHECK_THREE_MATCHES, "AOTC032": hints.EXPORT_WITH_EDGE_SHAPES,
    "AOTC033": hints.EXPORT_WITH_EDGE_SHAPES, "AOTC034": hints.GUARD_EMPTY_INPUTS,
    "AOTC035": hints.PERMUTE_TO_EXPORTED_LAYOUT, "AOTC036": hints.COMPILED_RANGE_NARROWED,
    "AOTC037": hints.INPUTS_AGREE_WITH_EACH_OTHER, "AOTC038": hints.SIZE_ONE_AT_THE_FLOOR,
    "AOTC039": hints.INDEX_INPUT_IN_RANGE,
    "AOTC040": hints.MAKE_CONTIGUOUS, "AOTC041": hints.MAKE_CONTIGUOUS,
    "AOTC042": hints.SIZE_WITHIN_TABLE,
    "AOTC043": hints.COMPILE_THE_EXPORTED_PROGRAM, "AOTC044": hints.EXPORT_AND_COMPILE_THE_MODULE,
    "AOTC050": hints.PROVIDE_CONSTANTS, "AOTC051": hints.PROVIDE_CONSTANTS,
    "AOTC052": hints.MATCH_CONSTANTS, "AOTC053": hints.MATCH_CONSTANTS,
    "AOTC054": hints.MATCH_CONSTANTS, "AOTC055": hints.MATCH_CONSTANTS,
    "AOTC056": hints.CONSTANTS_ON_DEVICE, "AOTC057": hints.MATCH_CONSTANTS,
    "AOTC100": hints.REBUILD_SAME_VERSION, "AOTC101": hints.REBUILD_SAME_VERSION,
    "AOTC102": hints.REBUILD_FOR_CPU, "AOTC110": hints.MATCH_COMPILE_DEVICE,
    "AOTC111": hints.REBUILD_SAME_VERSION, "AOTC112": hints.CPU_DEVICE_INDEX,
    "AOTC120": hints.REBUILD_SAME_VERSION,
}


def finding(code: str, message: str, severity: Severity | None = None, **fields: Any) -> Finding:
    """The Finding of `code` (its table severity unless `severity` says otherwise)."""
    sev, cat, title = CODES[code]
    return Finding(code, severity or sev, cat, message, fields, HINTS.get(code, ""),
                   title[:1].upper() + title[1:])
