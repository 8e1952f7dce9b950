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
    "Category": "core.categories",
    "Diagnosis": "core.result",
    "Evidence": "core.result",
    "Candidate": "core.result",
    "FlagAdvice": "core.result",
    "Finding": "core.result",
    "Severity": "core.result",
    "diagnose": "api",
    "classify": "core.routing.classify",
    "Match": "core.routing.classify",
    "AOTIDebugError": "core.errors",
    "PackageError": "core.errors",
    "HostMismatchError": "core.errors",
    "InputMismatchError": "core.errors",
    "AOTIRuntimeError": "core.errors",
    "CrashError": "core.errors",
    "IsolationError": "core.errors",
    "InternalError": "core.errors",
    "flags": "core.flags",
    # consistency checker
    "inspect_package": "package.inspect",
    "PackageInfo": "package.inspect",
    "check_inputs": "checks.inputs",
    "compile_input_checker": "checks.inputs",
    "InputChecker": "checks.inputs",
    "check_host": "checks.host",
    # safe loading
    "safe_load": "runtime.safe_load",
    "SafeModel": "runtime.safe_load",
    "install_crash_reporter": "runtime.crash.reporter",
    # migrator
    "migrate_source": "migrate.api",
    "MigrationResult": "migrate.api",
    # probe
    "probe": "runtime.probe.runner",
    "ProbeReport": "runtime.probe.report",
    "ProbeCase": "runtime.probe.report",
    # bisection
    "bisect": "runtime.bisect.runner",
    "BisectResult": "runtime.bisect.runner",
    # notebooks: `%load_ext aotidebug`
    "load_ipython_extension": "faces.notebook",
    "unload_ipython_extension": "faces.notebook",
}

# names that are modules themselves, not attributes of one
_MODULE_EXPORTS = frozenset({"flags"})

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'aotidebug' has no attribute {name!r}")
    mod = importlib.import_module(f".{module}", __name__)
    value = mod if name in _MODULE_EXPORTS else getattr(mod, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .core import flags
    from .core.categories import Category
    from .checks.host import check_host
    from .checks.inputs import InputChecker, check_inputs, compile_input_checker
    from .core.routing.classify import Match, classify
    from .api import diagnose
    from .core.result import Candidate, Diagnosis, Evidence, FlagAdvice, Finding, Severity
    from .core.errors import (AOTIDebugError, AOTIRuntimeError, CrashError, HostMismatchError,
                         InputMismatchError, InternalError, IsolationError, PackageError)
    from .migrate.api import MigrationResult, migrate_source
    from .package.inspect import PackageInfo, inspect_package
    from .runtime.safe_load import SafeModel, safe_load
    from .runtime.bisect.runner import BisectResult, bisect
    from .runtime.probe.report import ProbeCase, ProbeReport
    from .runtime.probe.runner import probe
    from .faces.notebook import load_ipython_extension, unload_ipython_extension
