"""aotidebug: diagnose AOTInductor failures.

Importing this package is cheap and side-effect free: torch is imported only by the functions
that need it, on first use. Public names are resolved lazily from their modules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "Category": "categories",
    "Diagnosis": "diagnosis",
    "Evidence": "diagnosis",
    "Candidate": "diagnosis",
    "FlagAdvice": "diagnosis",
    "Finding": "diagnosis",
    "diagnose": "diagnoser",
    "classify": "classifier",
    "Match": "classifier",
    "AOTIDebugError": "errors",
    "PackageError": "errors",
    "HostMismatchError": "errors",
    "InputMismatchError": "errors",
    "AOTIRuntimeError": "errors",
    "CrashError": "errors",
    "IsolationError": "errors",
    "InternalError": "errors",
    "flags": "flags",
    # consistency checker
    "inspect_package": "package",
    "PackageInfo": "package",
    "check_inputs": "checks",
    "check_host": "checks",
    # safe loading
    "safe_load": "safe_loading",
    "SafeModel": "safe_loading",
    # migrator
    "migrate_source": "migrate",
    "MigrationResult": "migrate",
    # bisection
    "bisect": "bisection",
    "BisectResult": "bisection",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'aotidebug' has no attribute {name!r}")
    mod = importlib.import_module(f".{module}", __name__)
    value = mod if name == module else getattr(mod, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from . import flags
    from .categories import Category
    from .checks import check_host, check_inputs
    from .classifier import Match, classify
    from .diagnoser import diagnose
    from .diagnosis import Candidate, Diagnosis, Evidence, FlagAdvice, Finding
    from .errors import (AOTIDebugError, AOTIRuntimeError, CrashError, HostMismatchError,
                         InputMismatchError, InternalError, IsolationError, PackageError)
    from .migrate import MigrationResult, migrate_source
    from .package import PackageInfo, inspect_package
    from .safe_loading import SafeModel, safe_load
    from .bisection import BisectResult, bisect
