"""Why aotidebug refused a package or could not finish a job, as data: a stable code, the
root-cause category, a constant title and the fix for each kind of problem.

A raise site names the problem it measured (`PackageError(..., problem="missing-member")`) and the
error carries a Diagnosis built from this table, so `err.diagnosis` explains the refusal instead
of classifying aotidebug's own message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import hints
from .categories import Category
from .result import Diagnosis, Evidence

MEASURED = 0.95  # the archive was read and the problem seen: as sure as a fatal finding


@dataclass(frozen=True)
class Refusal:
    code: str
    category: Category
    title: str
    fix: str
    confidence: float = MEASURED
    source: str = "package"  # what was measured: the package, or a file the CLI was given ("file")


REBUILD = hints.REBUILD_PACKAGE
HOSTILE_FIX = hints.REFUSE_HOSTILE_ARCHIVE
PATH_FIX = hints.PASS_PACKAGE_PATH

# problem -> what it means. Codes AOTP0nn are stable (docs/codes.md); never reuse one.
REFUSALS: Mapping[str, Refusal] = {
    "not-found": Refusal("AOTP001", Category.KERNEL_BINARY_MISSING, "Package file not found", PATH_FIX),
    "not-a-file": Refusal("AOTP002", Category.KERNEL_BINARY_MISSING, "Package path is not a file", PATH_FIX),
    "not-a-zip": Refusal("AOTP003", Category.KERNEL_BINARY_MISSING,
                         "Not a zip archive (random bytes, or not a .pt2)", REBUILD),
    "corrupt": Refusal("AOTP004", Category.KERNEL_BINARY_MISSING,
                       "Archive corrupt or truncated", REBUILD),
    "missing-member": Refusal("AOTP005", Category.KERNEL_BINARY_MISSING,
                              "Package lacks its compiled .so or its metadata", REBUILD),
    "not-aoti": Refusal("AOTP006", Category.KERNEL_BINARY_MISSING,
                        "A zip archive, but not an AOTI package", REBUILD),
    # another kind of archive than a package, named by what it holds
    "exported-program": Refusal("AOTP038", Category.KERNEL_BINARY_MISSING,
                                "An exported program (torch.export.save), not a compiled package",
                                hints.COMPILE_THE_EXPORTED_PROGRAM),
    "torchscript-archive": Refusal("AOTP039", Category.KERNEL_BINARY_MISSING,
                                   "A TorchScript module (torch.jit.save), not an AOTI package",
                                   hints.EXPORT_AND_COMPILE_THE_MODULE),
    "checkpoint": Refusal("AOTP040", Category.KERNEL_BINARY_MISSING,
                          "A torch.save file (weights or a pickled module), not an AOTI package",
                          hints.EXPORT_AND_COMPILE_THE_MODULE),
    "not-aoti-folder": Refusal("AOTP032", Category.KERNEL_BINARY_MISSING,
                               "A folder, but not an extracted AOTI package", PATH_FIX),
    "bad-binary": Refusal("AOTP007", Category.KERNEL_BINARY_MISSING,
                          "Compiled .so truncated or not a shared library", REBUILD),
    "unreadable": Refusal("AOTP008", Category.KERNEL_BINARY_MISSING, "Package could not be read", PATH_FIX),
    "hostile-member": Refusal("AOTP010", Category.KERNEL_BINARY_MISSING,
                              "Archive refused: a member would escape its folder or is not a plain file",
                              HOSTILE_FIX),
    "zip-bomb": Refusal("AOTP011", Category.KERNEL_BINARY_MISSING,
                        "Archive refused: too many members or inflates past its limits", HOSTILE_FIX),
    # a job aotidebug could not finish: what stopped it is measured, the root cause is not
    "bisect-timeout": Refusal("AOTP030", Category.UNKNOWN,
                              "Bisect ran out of its time budget before it localised the fault",
                              hints.RAISE_BISECT_TIMEOUT, confidence=0.05),
    "worker-temp": Refusal("AOTP031", Category.UNKNOWN,
                           "The isolated worker's temp dirs could not be made (temp root full or "
                           "not writable)", hints.FREE_TEMP_ROOT, confidence=0.05),
    "call-timeout": Refusal("AOTP034", Category.UNKNOWN,
                            "The call did not return within its timeout; the worker was killed "
                            "(slow or stuck: not measured)", hints.FIND_WHERE_A_CALL_HANGS,
                            confidence=0.05),
    "reader-out-of-memory": Refusal("AOTP033", Category.OUT_OF_MEMORY,
                                    "This process is out of memory: aotidebug could not allocate "
                                    "while reading the error", hints.REDUCE_MEMORY, confidence=0.5),
    # a file the CLI was given (a log, inputs, a source file) that could not be read: no failure
    # was read, so no category is claimed
    "input-not-found": Refusal("AOTP035", Category.UNKNOWN, "The file given could not be found",
                               hints.CHECK_THE_FILE_GIVEN, confidence=0.0, source="file"),
    "input-not-a-file": Refusal("AOTP036", Category.UNKNOWN, "The path given is not a file",
                                hints.CHECK_THE_FILE_GIVEN, confidence=0.0, source="file"),
    "input-unreadable": Refusal("AOTP037", Category.UNKNOWN, "The file given could not be read",
                                hints.CHECK_THE_FILE_GIVEN, confidence=0.0, source="file"),
    # an inputs file torch.load(weights_only=True) cannot read, or that holds no tensors: its
    # bytes are no torch.save file (torch's own text then advises weights_only=False, which this
    # file must never be given), or another kind of object was saved
    "inputs-not-loadable": Refusal("AOTP041", Category.UNKNOWN,
                                   "The inputs file is not a torch.save file of tensors",
                                   hints.INPUTS_FILE_OF_TENSORS, confidence=0.0, source="file"),
    "legacy": Refusal("AOTP020", Category.DEPRECATED_API,
                      "Legacy .so from aot_compile: no device or contract metadata",
                      hints.MIGRATE_TO_PACKAGE_API),
}


def refusal_diagnosis(problem: str, message: str, **fields: Any) -> Diagnosis | None:
    """The Diagnosis of a measured refusal; None for a problem this table does not know."""
    r = REFUSALS.get(problem)
    if r is None:
        return None
    data = {k: v for k, v in fields.items() if isinstance(v, (str, int, float, bool)) or v is None}
    return Diagnosis(r.category, r.title, message, r.confidence,
                     evidence=(Evidence(r.source, r.code, message, data),),
                     fixes=(r.fix,), references=(r.category.doc,), code=r.code)
