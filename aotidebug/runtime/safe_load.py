"""`safe_load()`: load and run an AOTI package so that every failure is a typed, explained error.

For deployment tooling, where a segfault takes the whole server down. Three layers:
1. pre-flight, before anything is dlopen()ed: `inspect_package` + `check_host`, plus the archive
   checks that protect the *loader* (torch extracts every member and dlopen()s the .so): no
   escaping member names, no zip bombs, a compiled .so per model whose ELF segments are all in the
   file (a truncated .so kills the loading process with SIGBUS, aoti-facts.md section 8);
2. per call: the package's precompiled input checker (`checks.compile_input_checker`) refuses a
   call that breaks the compiled contract (a static (4096, 4096) package fed (1, 1) segfaults),
   and ids past the table a kernel indexes with them (`checks.index_range`, AOTC039 and AOTC042:
   inside a parallel loop torch aborts the process);
3. optionally (`isolate=True`) the package lives in a persistent worker process
   (`aotidebug.worker`): a crash or a hang there is a `CrashError` here, and the worker restarts.
"""

from __future__ import annotations

import os
import threading
import warnings
from dataclasses import replace
from typing import Any, Mapping

from ..core.categories import Category
from ..core.refusals import REFUSALS
from ..core.result import Diagnosis, Evidence
from ..core.errors import (AOTIDebugError, AOTIRuntimeError, CrashError, HostMismatchError,
                     InputMismatchError, PackageError)
from .worker.client import LOADER_OPTIONS

# A fatal host finding raises this type (default HostMismatchError: the package is fine, this
# host cannot run it, e.g. a CPU ISA it lacks or no GPU): data, not an if-chain.
HOST_ERROR_BY_CATEGORY: Mapping[Category, type[AOTIDebugError]] = {
    Category.KERNEL_BINARY_MISSING: PackageError,
}
# A loader exception whose diagnosis names one of these categories is a host problem.
LOAD_ERROR_BY_CATEGORY: Mapping[Category, type[AOTIDebugError]] = {
    Category.DEVICE_MISMATCH: HostMismatchError,
}
# Methods of AOTICompiledModel forwarded to an isolated worker (others: `.loader` proxy).
REMOTE_MODEL_METHODS = frozenset({"get_metadata", "get_constant_fqns", "load_constants"})


# ----------------------------------------------------------------------------- pre-flight
# problems that make a package unsafe to hand to torch's loader at all, checked first
HOSTILE = frozenset({"hostile-member", "zip-bomb"})


def _fatal_diagnosis(findings: list, source: str, **context: Any) -> Diagnosis:
    """The Diagnosis of measured findings alone (never a reading of aotidebug's own message)."""
    from ..analysis import findings_diagnosis

    d = findings_diagnosis(findings, source)
    return replace(d, context={**dict(d.context), **context}) if context else d


def _call_inputs(args: tuple | None, kwargs: dict | None) -> Any:
    """A call's arguments as `diagnose` takes its inputs; None for what was not a call of the model
    (a forwarded method such as `load_constants`, whose arguments are not its inputs)."""
    return None if args is None else (args, kwargs) if kwargs else args


def _refuse(path: str, problems: list[tuple[str, str]]) -> None:
    if problems:
        msg = f"refusing to load {path}: " + "; ".join(m for _, m in problems)
        err = PackageError(msg, path=path, problems=[m for _, m in problems], problem=problems[0][0])
        d = err.diagnosis
        extra = tuple(Evidence("package", REFUSALS[k].code if k in REFUSALS else k, m) for k, m in problems[1:])
        err._diagnosis = replace(d, evidence=d.evidence + extra, context={"package": path})
        raise err


def preflight(path: str, *, device_index: int | None = None, model_name: str = "model"):
    """Everything checked before loading; returns the PackageInfo or raises a typed error."""
    from ..checks.host import check_host
    from ..package.archive import is_zip
    from ..package.members import load_problems
    from ..package.inspect import inspect_package

    readable = os.path.isdir(path) or (os.path.isfile(path) and is_zip(path))  # a .pt2 or its extraction
    problems = load_problems(path, model_name) if readable else []
    _refuse(path, [p for p in problems if p[0] in HOSTILE])  # before anything else reads it
    info = inspect_package(path)  # PackageError on missing, corrupt, not AOTI
    if info.format not in ("pt2", "folder"):
        raise PackageError(f"{path} is a legacy {info.format} package: safe_load takes .pt2 packages "
                           "from torch._inductor.aoti_compile_and_package (run `aotidebug migrate` "
                           "on the code that builds it)", path=path, problem="legacy")
    _refuse(path, [p for p in problems if p[0] not in HOSTILE])
    findings = list(check_host(info, device_index=device_index))
    fatal = [f for f in findings if f.fatal]
    if fatal:
        cls = HOST_ERROR_BY_CATEGORY.get(fatal[0].category, HostMismatchError)
        msg = f"{path} cannot run on this host: " + "; ".join(f"{f.code} {f.message}" for f in fatal)
        raise cls(msg, path=path, diagnosis=_fatal_diagnosis(findings, "host", package=path))
    return info


# ----------------------------------------------------------------------------- the wrapper
class _RemoteMethod:
    __slots__ = ("_owner", "_target", "_name")

    def __init__(self, owner: "SafeModel", target: str, name: str) -> None:
        self._owner, self._target, self._name = owner, target, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._owner._remote(self._target, self._name, args, kwargs)

    def __repr__(self) -> str:
        return f"<isolated {self._target}.{self._name}>"


class _RemoteLoader:
    """`SafeModel.loader` in isolated mode: public loader methods, run in the worker."""

    def __init__(self, owner: "SafeModel") -> None:
        self._owner = owner

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return _RemoteMethod(self._owner, "loader", name)


class SafeModel:
    """A loaded AOTI package whose failures are typed errors with a `.diagnosis`.

    Calls like the `AOTICompiledModel` it wraps, and forwards its other attributes
    (`get_metadata`, `get_constant_fqns`, `load_constants`, `loader`, ...). With isolation on,
    those run in the worker, and `load_constants` calls are replayed when the worker restarts.
    """

    def __init__(self, path: str, info: Any, model: Any = None, worker: Any = None, *,
                 checker: Any = None, timeout: float | None = None,
                 contract: Any = None, index_check: Any = None) -> None:
        self.path = path
        self.info = info
        self.timeout = timeout
        self._model = model
        self._worker = worker
        self._checker = checker
        self._index_check = index_check
        self._replay: list[tuple[tuple, dict]] = []
        # `contract`: the loaded model's ModelInfo when the pre-call checks are on. For a model
        # compiled without its weights (`weights_unloaded`), the constant names no load_constants
        # has supplied yet; calls are refused while any is left. None: not checked (weights in the
        # package, checks off, or the raw loader was used).
        self._contract = contract
        self._weights_pending: set[str] | None = (
            set(contract.constant_fqns) or None
            if contract is not None and contract.weights_unloaded else None)
        self._lock = threading.Lock()
        self._closed = False

    # -- calling
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._checker is not None:
            findings = self._checker(args, kwargs or None)
            if findings:
                self._on_findings(findings, args, kwargs)
        if self._index_check is not None:
            findings = self._index_check(args, kwargs or None)
            if findings:
                self._on_findings(findings, args, kwargs)
        if self._weights_pending:
            self._refuse_unloaded()
        if self._worker is not None:
            return self._call_isolated(args, kwargs)
        if self._model is None:
            raise AOTIRuntimeError(f"SafeModel for {self.path} is closed")
        try:
            return self._model(*args, **kwargs)
        except Exception as exc:
            raise self._runtime_error(exc, args, kwargs) from exc

    def _on_findings(self, findings: list, args: tuple, kwargs: dict) -> None:
        fatal = [f for f in findings if f.fatal]
        for f in findings:
            if not f.fatal and f.severity == "warning":
                warnings.warn(f"aotidebug {f.code}: {f.message}", RuntimeWarning, stacklevel=3)
        if fatal:
            from ..core.describe import describe_inputs

            msg = "inputs do not match the compiled package: " + "; ".join(
                f"{f.code} {f.message}" for f in fatal)
            raise InputMismatchError(msg, findings=[f.to_dict() for f in fatal],
                                     diagnosis=_fatal_diagnosis(
                                         findings, "inputs", package=self.path,
                                         inputs=describe_inputs((args, kwargs))))

    def _refuse_unloaded(self) -> None:
        """Refuse a call that would run on null constants (AOTC051), naming what is missing."""
        from ..checks.constants import unloaded_weights

        f = unloaded_weights(self._contract, self._weights_pending or (),
                             "running it now reads null constants")
        raise AOTIRuntimeError(f"refusing to call {self.path} before its weights are loaded: {f.message}",
                               diagnosis=_fatal_diagnosis([f], "package", package=self.path))

    def load_constants(self, constants_map: Any, *args: Any, **kwargs: Any) -> Any:
        """`AOTICompiledModel.load_constants`, in the worker when isolated (and replayed when it
        restarts). With the pre-call checks on, a constant of another dtype, shape or layout than
        compiled is refused first (`InputMismatchError`, AOTC052-055: torch takes it silently), as is
        one on another device or on meta (AOTC056: torch says why only on stderr), and the names
        loaded count toward the weights a package compiled without them needs."""
        if self._contract is not None and isinstance(constants_map, Mapping):
            from ..checks.constants import check_constants

            bad = check_constants(self._contract, constants_map, getattr(self.info, "device_type", None))
            if bad:
                raise InputMismatchError(
                    "constants do not match the compiled package: "
                    + "; ".join(f"{f.code} {f.message}" for f in bad),
                    findings=[f.to_dict() for f in bad],
                    diagnosis=_fatal_diagnosis(bad, "constants", package=self.path))
        if self._worker is not None:
            out = self._remote("model", "load_constants", (constants_map, *args), kwargs)
        elif self._model is None:
            raise AOTIRuntimeError(f"SafeModel for {self.path} is closed")
        else:
            try:
                out = self._model.load_constants(constants_map, *args, **kwargs)
            except Exception as exc:  # as isolated: typed, diagnosed from its own words
                raise self._runtime_error(exc, None, None) from exc
        if self._weights_pending is not None:
            try:
                self._weights_pending -= {str(k) for k in constants_map}
            except TypeError:  # not a mapping of names: torch accepted it, stop checking
                self._weights_pending = None
        return out

    def _runtime_error(self, exc: BaseException, args: tuple | None, kwargs: dict | None) -> AOTIRuntimeError:
        """`exc` from the compiled model, diagnosed with the call's inputs; `args` None: not a call
        (`load_constants`, a forwarded method), whose arguments are not the model's inputs."""
        from ..analysis import explain as diagnose

        d = diagnose(exc, inputs=_call_inputs(args, kwargs), package=self.path)
        return AOTIRuntimeError(f"the compiled model raised {type(exc).__name__}: {exc}", diagnosis=d)

    def _call_isolated(self, args: tuple, kwargs: dict) -> Any:
        from .worker.transport import Unsendable, decode_tree, encode_tree

        tensors: list = []
        try:
            tree = encode_tree((args, kwargs), tensors)
        except Unsendable as exc:
            raise InputMismatchError(str(exc)) from exc
        reply, out = self._request({"op": "call", "tree": tree}, tensors, args, kwargs)
        return decode_tree(reply["tree"], out)

    def _remote(self, target: str, name: str, args: tuple, kwargs: dict) -> Any:
        from .worker.transport import Unsendable, decode_tree, encode_tree

        tensors: list = []
        try:
            tree = encode_tree((args, kwargs), tensors)
        except Unsendable as exc:
            raise InputMismatchError(str(exc)) from exc
        reply, out = self._request({"op": "method", "target": target, "name": name, "tree": tree},
                                   tensors, None, None)
        if target == "model" and name == "load_constants":
            self._replay.append((args, kwargs))
        return decode_tree(reply["tree"], out)

    def _request(self, req: dict, tensors: list, args: Any, kwargs: Any) -> tuple[dict, list]:
        from .worker.client import RemoteError, WorkerCrashed, crash_error

        if self._closed:
            raise AOTIRuntimeError(f"SafeModel for {self.path} is closed")
        with self._lock:
            try:
                if not self._worker.alive:
                    self._start_worker()
                return self._worker.request(req, tensors, self.timeout)
            except WorkerCrashed as exc:
                raise crash_error(exc.failure, package=self.path, timeout=self.timeout,
                                  inputs=_call_inputs(args, kwargs),
                                  kernel_hint=self._sole_kernel) from exc
            except RemoteError as exc:
                raise self._runtime_error(exc, args, kwargs) from exc

    def _start_worker(self) -> None:
        """(Re)start the worker, turning load failures into typed errors, and replay constants."""
        from .worker.client import RemoteError, WorkerCrashed, crash_error

        try:
            self._worker.start()
        except WorkerCrashed as exc:
            raise crash_error(exc.failure, package=self.path, kernel_hint=None) from exc
        except RemoteError as exc:
            self._worker.close()
            raise _load_error(self.path, exc) from exc
        for args, kwargs in self._replay:  # constants loaded before a crash are loaded again
            tensors: list = []
            tree = _encode_call(args, kwargs, tensors)
            self._worker.request({"op": "method", "target": "model", "name": "load_constants",
                                  "tree": tree}, tensors, self.timeout)

    def _sole_kernel(self) -> str | None:
        """When the launch trace is silent: the package's only generated kernel, if it has one."""
        try:
            kernels = [k.name for m in self.info.models for k in m.kernels
                       if k.name.startswith(("cpp_fused", "triton"))]
        except Exception:
            return None
        return kernels[0] if len(set(kernels)) == 1 else None

    # -- the AOTICompiledModel surface
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_model", "_worker"):
            raise AttributeError(name)
        if name == "loader":  # its constant-buffer methods are out of sight: stop refusing
            self.__dict__["_weights_pending"] = None
        worker = self.__dict__.get("_worker")
        if worker is not None:
            if name == "loader":
                return _RemoteLoader(self)
            if name in REMOTE_MODEL_METHODS:
                return _RemoteMethod(self, "model", name)
            raise AttributeError(f"{name!r} is not available on an isolated SafeModel")
        model = self.__dict__.get("_model")
        if model is None:
            raise AttributeError(name)
        return getattr(model, name)

    @property
    def isolated(self) -> bool:
        return self._worker is not None

    @property
    def worker(self) -> Any:
        """The `aotidebug.worker.Worker` (isolated mode) or None."""
        return self._worker

    def close(self) -> None:
        """Release the package (stop the worker and remove its temp dir). Idempotent."""
        self._closed = True
        if self._worker is not None:
            self._worker.close()
        self._model = None

    def __enter__(self) -> "SafeModel":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = "isolated" if self._worker is not None else "in-process"
        return f"<SafeModel {self.path!r} {mode}{' closed' if self._closed else ''}>"


def _encode_call(args: tuple, kwargs: dict, tensors: list) -> Any:
    from .worker.transport import encode_tree

    return encode_tree((args, kwargs), tensors)


def _load_error(path: str, exc: BaseException) -> AOTIDebugError:
    from ..analysis import explain as diagnose

    d = diagnose(exc, package=path)
    cls = LOAD_ERROR_BY_CATEGORY.get(d.category, PackageError)
    return cls(f"torch could not load {path}: {type(exc).__name__}: {exc}\n(torch's 'Loading "
               "outdated pt2 file' warning, if shown, only means its first load attempt failed)",
               path=path, diagnosis=d)


# ----------------------------------------------------------------------------- entry point
def safe_load(path: str | bytes | os.PathLike[str], *, device_index: int | None = None,
              check_inputs: bool = True, isolate: bool = False, timeout: float | None = None,
              model_name: str = "model", check_indices: bool = True, run_single_threaded: bool = False,
              num_runners: int = 1, use_stream_affinity: bool = False) -> SafeModel:
    """Load an AOTI `.pt2` after pre-flight checks; calls are input-checked and fail typed.

    `check_inputs` turns on the pre-call checks: inputs against the compiled contract, constants
    given to `load_constants` against the compiled constants, and, for a package compiled without
    its weights, that `load_constants` supplied every constant before the first call.
    `check_indices` (with `check_inputs`) also compares each input a kernel uses as an index (as it
    is or after steps such as `- 1`) with the bound that kernel checks (one min/max per such input
    and call; AOTC039, AOTC042); turn it off for a model that reads only part of an index input,
    whose unread part may hold any value.
    `isolate=True` runs the package in a persistent worker process: a crash (SIGSEGV, SIGILL,
    SIGABRT, ...) or a call longer than `timeout` seconds becomes `CrashError`, and the worker is
    restarted on the next call. `timeout` needs `isolate=True` (an in-process call cannot be
    stopped). `model_name`: the model inside the package (packages may hold several).
    `path` may also be the folder a `.pt2` was extracted to, which torch's loader takes too.
    `run_single_threaded`, `num_runners` and `use_stream_affinity` go to torch's loader as
    `aoti_load_package` passes them; one this torch lacks (`use_stream_affinity` before 2.15) is a
    ValueError unless left at its default.
    """
    for flag, value in (("isolate", isolate), ("check_inputs", check_inputs), ("check_indices", check_indices),
                        ("run_single_threaded", run_single_threaded), ("use_stream_affinity", use_stream_affinity)):
        if not isinstance(value, bool):  # check_inputs="no" is true: say so rather than check
            raise ValueError(f"{flag} must be a bool, got {value!r}")
    if timeout is not None and not isolate:
        raise ValueError("timeout needs isolate=True: an in-process call cannot be interrupted")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not 0 < timeout < float("inf")):
        # inf once reached the worker's deadline arithmetic and raised OverflowError
        raise ValueError(f"timeout must be a finite number of seconds > 0, or None, got {timeout!r}")
    if device_index is not None and (isinstance(device_index, bool) or not isinstance(device_index, int)):
        raise ValueError(f"device_index must be an int or None, got {device_index!r}")
    if isinstance(num_runners, bool) or not isinstance(num_runners, int) or num_runners < 1:
        raise ValueError(f"num_runners must be an int >= 1, got {num_runners!r}")
    if run_single_threaded and num_runners != 1:  # torch's loader refuses it as a load failure
        raise ValueError(f"num_runners must be 1 when run_single_threaded is True, got {num_runners}")
    options = {"run_single_threaded": run_single_threaded, "num_runners": num_runners,
               "use_stream_affinity": use_stream_affinity}
    from ..package.inspect import package_path

    spath = package_path(path)  # PackageError for what is not a path
    info = preflight(spath, device_index=device_index, model_name=model_name)
    checker = contract = index_check = None
    if check_inputs:
        from ..checks.inputs import compile_input_checker

        checker = compile_input_checker(info, model_name)
        contract = checker.model  # the ModelInfo the input checks resolved (info.model's lookup)
        if check_indices:
            from ..checks.index_range import index_range_check_for

            index_check = index_range_check_for(checker, model_name)
    index = -1 if device_index is None else device_index  # -1: CPU, or the current GPU
    if use_stream_affinity and (info.device_type or "cpu") == "cpu":  # torch 2.15.0 refuses it as a load failure
        raise ValueError("use_stream_affinity binds device streams to runners; torch's loader refuses it "
                         f"for a CPU package ({spath})")
    if any(v != LOADER_OPTIONS[k] for k, v in options.items()):  # the caller's mistake, before loading
        from .worker.client import loader_kwargs

        loader_kwargs(model_name, index, options)
    if isolate:
        from .worker.client import Worker

        worker = Worker(spath, device_index=index, model_name=model_name, options=options,
                        start_timeout=max(120.0, 4 * timeout) if timeout else 300.0)
        model = SafeModel(spath, info, worker=worker, checker=checker, timeout=timeout, contract=contract,
                          index_check=index_check)
        try:
            model._start_worker()
        except BaseException:
            worker.close()
            raise
        return model
    from .worker.client import load_compiled

    try:
        compiled = load_compiled(spath, model_name=model_name, device_index=index, options=options)
    except Exception as exc:  # ImportError included: a torch without AOTI is a load failure
        raise _load_error(spath, exc) from exc
    return SafeModel(spath, info, model=compiled, checker=checker, contract=contract,
                     index_check=index_check)


__all__ = ["safe_load", "SafeModel", "preflight", "CrashError"]
