"""The closed set of root-cause categories a Diagnosis can name.

The values are a public contract (JSON output, docs page names), so they never change; meanings
are documented in docs/categories/<value>.md.
"""

from __future__ import annotations

from enum import Enum


class Category(str, Enum):
    """Root cause of an AOTI failure (labels follow the cause, not the surface message)."""

    DEVICE_MISMATCH = "device_mismatch"
    INPUT_MISMATCH = "input_mismatch"
    DYNAMIC_SHAPE_GUARD = "dynamic_shape_guard"
    INDEX_OUT_OF_BOUNDS = "index_out_of_bounds"
    ILLEGAL_MEMORY_ACCESS = "illegal_memory_access"
    CRASH = "crash"
    CONSTANT_LOADING = "constant_loading"
    COMPILE_TOOLCHAIN = "compile_toolchain"
    UNSUPPORTED = "unsupported"
    EXPORT_FAILURE = "export_failure"
    VERSION_MISMATCH = "version_mismatch"
    OUT_OF_MEMORY = "out_of_memory"
    NUMERICAL = "numerical"
    DEPRECATED_API = "deprecated_api"
    TORCH_BUG = "torch_bug"
    AUTOTUNE_FAILURE = "autotune_failure"
    KERNEL_BINARY_MISSING = "kernel_binary_missing"
    OPAQUE_RUNTIME_ERROR = "opaque_runtime_error"
    UNKNOWN = "unknown"

    def __str__(self) -> str:  # "index_out_of_bounds", not "Category.INDEX_OUT_OF_BOUNDS"
        return self.value

    @property
    def doc(self) -> str:
        """Relative docs page for this category (what `Diagnosis.references` points to)."""
        return f"docs/categories/{self.value}.md"

    @classmethod
    def parse(cls, value: object) -> "Category":
        """Lenient lookup: a Category, its value or its name; anything else is UNKNOWN."""
        if isinstance(value, Category):
            return value
        text = str(value).strip()
        member = cls._value2member_map_.get(text) or cls.__members__.get(text.upper())
        return member if isinstance(member, Category) else cls.UNKNOWN
