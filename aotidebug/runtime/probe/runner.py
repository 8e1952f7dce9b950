"""`aotidebug.probe`: run a package on edge-case inputs in the isolated worker, compare with the reference, and judge every case. The only part of a probe that starts processes."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any, Callable, Sequence

from ...analysis import explain as diagnose
from ...checks.inputs import check_inputs, other_layout
from ...core.describe import type_name
from ...core.errors import AOTIDebugError, AOTIRuntimeError, CrashError, InputMismatchError
from ...core.result import Evidence
from ...package.inspect import package_path
from ...package.pytree_spec import spec_structure
from ..safe_load import preflight
from .cases import CaseSpec, contract_shapes, generate_cases
from .policy import CLEAR_CATEGORIES, verdict_for
from .report import ProbeCase, ProbeReport
from .tensors import _clone_tree, _device_index, _dtype_name, _first_line, _nbytes_tree, _numel_tree, _open_model, _raw_text, _torch, _with_evidence, build_call, compare, flatten_call, materialize, normalize_call, reference_constants, resolve_reference, synthesize


# Run order: in-contract cases first, then the out-of-contract ones from the least to the most
# likely to crash (a smaller static size is the known SIGSEGV, aoti-facts.md section 9), so the
# worker restarts as late as possible and a crash in the last case needs no restart at all.
RUN_ORDER = ("example", "dim", "layout", "arity", "dict_order", "dtype", "static")
# Start a spare worker beside the first one (two starts in parallel cost about 1.4x one on 2
# cores) and keep one warm while cases remain: a crash then costs a swap, not a restart.
SPARE_WORKER = True
# Inputs built for the reference are kept for the package's call up to this many bytes in all.
KEEP_BUILT_BYTES = 2 << 30


def run_order(cases: Sequence[CaseSpec]) -> list[int]:
    def key(i: int) -> tuple:
        c = cases[i]
        smaller = c.kind == "static" and c.subject.get("value", 0) < c.subject.get("compiled", 0)
        return (not c.in_contract, smaller, RUN_ORDER.index(c.kind) if c.kind in RUN_ORDER else 99, i)
    return sorted(range(len(cases)), key=key)


class _Started:
    """A worker start running in a thread: `result()` waits for the SafeModel (or raises)."""

    def __init__(self, opener: Callable[[], Any], pool: "_Pool") -> None:
        self._done = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None
        self._pool = pool
        threading.Thread(target=self._run, args=(opener,), daemon=True,
                         name="aotidebug-probe-start").start()

    def _run(self, opener: Callable[[], Any]) -> None:
        try:
            self._value = opener()
        except BaseException as exc:  # handed to result()
            self._error = exc
        finally:
            self._done.set()
            if self._pool.closed and self._value is not None:  # abandoned spare: stop it
                self._value.close()

    def result(self) -> Any:
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value


class _Pool:
    """The current isolated SafeModel, plus (SPARE_WORKER) one starting or warm spare."""

    def __init__(self, opener: Callable[[], Any], spare: bool) -> None:
        self._opener = opener
        self.closed = False
        self.spare_enabled = spare
        self._starts: list[_Started] = [_Started(opener, self)]
        if spare:
            self._starts.append(_Started(opener, self))
        self.current: Any = None
        self.used: list[Any] = []
        self.launched = len(self._starts)

    def get(self) -> Any:
        if self.current is None:
            self.current = self._starts.pop(0).result()
            self.used.append(self.current)
        return self.current

    def crashed(self, remaining: int) -> None:
        """The current worker died: switch to the spare (or a fresh start) for the next case."""
        old, self.current = self.current, None
        if old is not None:
            old.close()
        if remaining <= 0:
            return
        if not self._starts:
            self._starts.append(_Started(self._opener, self))
            self.launched += 1
        if self.spare_enabled and remaining >= 2 and len(self._starts) < 2:
            self._starts.append(_Started(self._opener, self))
            self.launched += 1

    @property
    def starts(self) -> int:
        return sum(getattr(m.worker, "starts", 1) for m in self.used)

    def close(self) -> None:
        self.closed = True
        for m in self.used:
            m.close()
        for st in self._starts:  # finished spares are closed here, running ones by their thread
            if st._done.is_set() and st._value is not None:
                st._value.close()


def probe(package: Any, reference: Any = None, *, inputs: Any = None, device: Any = None,
          model: str = "model", timeout: float = 60.0, rtol: float | None = None,
          atol: float | None = None) -> ProbeReport:
    """Run `package` on edge-case inputs generated from its compiled contract, each in the isolated
    worker of `safe_load(isolate=True)` with the input check off, and compare with `reference`.

    Raises typed errors only for problems with the package itself (`PackageError`,
    `HostMismatchError`, `IsolationError`) or with probe's own arguments (`TypeError`,
    `ValueError`, `AOTIDebugError` for unusable example inputs); everything a case does (a crash,
    a hang, an error, a reference that raises) becomes that case's verdict. A package compiled
    without its weights gets the reference's constants by name, or `AOTIDebugError` (AOTC051)
    when the reference does not hold them all.
    """
    t_start = time.monotonic()
    if not isinstance(model, str):
        raise TypeError(f"model must be a str, got {type_name(model)}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < float("inf"):
        raise ValueError(f"timeout must be a positive, finite number of seconds, got {timeout!r}")
    for name, tol in (("rtol", rtol), ("atol", atol)):
        if tol is not None and (isinstance(tol, bool) or not isinstance(tol, (int, float))
                                or not 0 <= tol < float("inf")):
            raise ValueError(f"{name} must be None or a finite number >= 0, got {tol!r}")
    path = package_path(package)  # PackageError for what is not a path
    ref_fn, ref_name = resolve_reference(reference)
    torch = _torch()
    dev, device_index = _device_index(device, None)
    # archive, ELF and host checks; PackageError / HostMismatchError before anything is loaded
    info = preflight(path, device_index=device_index, model_name=model)
    minfo = info.model(model)
    specs = list(minfo.inputs)
    struct = spec_structure(minfo.in_spec)
    notes: list[str] = []
    constants = _constants_for(path, minfo, reference, notes)

    # base values: the examples, or synthesised from the contract
    if inputs is not None:
        a, k = normalize_call(inputs, struct)
        base = flatten_call(a, k, struct)
        if specs and len(base) != len(specs):
            raise AOTIDebugError(f"the example inputs hold {len(base)} value(s), the package takes "
                                 f"{len(specs)} input(s)")
        if not all(isinstance(t, torch.Tensor) for t in base):
            raise AOTIDebugError("every example input must be a tensor")
        if any(other_layout(t) is not None for t in base):
            raise AOTIDebugError("every example input must be a dense tensor (the package takes "
                                 "no sparse, MKL-DNN or nested tensor: AOTC005)")
        base_shapes = [tuple(t.shape) for t in base]
        base_dtypes = [_dtype_name(t.dtype) for t in base]
    else:
        base_shapes = contract_shapes(specs)
        base, synth_notes = synthesize(specs, base_shapes)
        notes.extend(synth_notes)
        base_dtypes = [s.dtype or "float32" for s in specs]
    if not specs:
        specs = [_UnknownSpec(i) for i in range(len(base))]
        notes.append("the package's input contract is unreadable: only the example, layout, dtype "
                     "and call-structure cases are generated")
    if ref_fn is None:
        notes.append("no reference given: only crashes, hangs, errors and refusals are judged")
    cases = generate_cases(specs, struct, base_shapes, base_dtypes, notes=notes)
    order = run_order(cases)

    pool = _Pool(lambda: _open_model(path, model, device_index, timeout, constants), SPARE_WORKER)
    results: dict[int, ProbeCase] = {}
    ref_seconds = 0.0
    try:
        # the reference runs here while the worker(s) start: one run per case, kept for compare
        # (the reference gets clones: the built inputs are kept for the package's call, up to
        # KEEP_BUILT_BYTES, so each case's tensors are built once)
        refs: dict[int, tuple[bool, Any]] = {}
        built: dict[int, tuple[tuple, dict]] = {}
        if ref_fn is not None:
            t0 = time.monotonic()
            kept = 0
            for i in order:
                try:
                    call = _case_call(cases[i], base, struct, dev)
                    nbytes = _nbytes_tree(call)
                    if kept + nbytes <= KEEP_BUILT_BYTES:
                        built[i] = call
                        kept += nbytes
                    with torch.no_grad():
                        refs[i] = (True, ref_fn(*_clone_tree(call[0]), **_clone_tree(call[1])))
                except Exception as exc:
                    refs[i] = (False, exc)
            ref_seconds = time.monotonic() - t0
        dead: str | None = None
        for n, i in enumerate(order):
            spec = cases[i]
            t0 = time.monotonic()
            if dead is not None:
                results[i] = ProbeCase(spec.name, spec.kind, spec.description, spec.in_contract,
                                       "error", f"not run: {dead}", False, (), None, 0.0, spec.subject)
                continue
            try:
                sm = pool.get()
            except Exception as exc:
                if not results and isinstance(exc, AOTIDebugError):
                    raise  # the package never loaded (loader refusal, crash on load): typed error
                dead = f"the worker could not (re)start: {type(exc).__name__}: {_first_line(str(exc))}"
                results[i] = ProbeCase(spec.name, spec.kind, spec.description, spec.in_contract,
                                       "error", f"not run: {dead}", False, (), None, 0.0, spec.subject)
                continue
            case, crashed = _run_case(sm, spec, base, struct, info, path, refs.get(i), ref_fn,
                                      dev, timeout, rtol, atol, built.pop(i, None))
            results[i] = replace(case, seconds=time.monotonic() - t0)
            if crashed:
                pool.crashed(remaining=len(order) - n - 1)
        starts, spares = pool.starts, pool.launched - len(pool.used)
    finally:
        pool.close()
    for i, c in results.items():  # every case that is not ok carries a Diagnosis
        if c.verdict != "ok" and c.diagnosis is None:
            results[i] = replace(c, diagnosis=_with_evidence(
                diagnose(f"AOTI package {path}: case {c.name}: {c.verdict}: {c.detail}"),
                [Evidence("probe", f"probe-{c.verdict}", c.detail, {"case": c.name})],
                probe_case=c.name, probe_verdict=c.verdict))
    return ProbeReport(path, tuple(results[i] for i in range(len(cases))), ref_name, tuple(notes),
                       time.monotonic() - t_start, starts, ref_seconds, spares)


def _constants_for(path: str, minfo: Any, reference: Any, notes: list[str]) -> dict[str, Any] | None:
    """The reference's constants for a package compiled without its weights (None when it has
    them); without them every case would crash on null constants, so probe refuses (AOTC051)."""
    if not minfo.weights_unloaded:
        return None
    constants = reference_constants(reference, minfo)
    if constants is None:
        from ...analysis import findings_diagnosis
        from ...checks.constants import unloaded_weights

        f = unloaded_weights(minfo, minfo.constant_fqns, "the reference does not hold every one by "
                             "name: pass the nn.Module (or ExportedProgram) it was exported from "
                             "as `reference`")
        raise AOTIDebugError(f"cannot probe {path}: {f.message}",
                             diagnosis=findings_diagnosis([f], "package"))
    notes.append(f"the package was compiled without its weights ({minfo.weights}): the reference's "
                 f"{len(constants)} constant(s) are loaded into each worker by name")
    return constants


class _UnknownSpec:
    def __init__(self, i: int) -> None:
        self.index, self.name, self.dtype, self.sizes, self.strides = i, f"input{i}", None, None, None


def _case_call(spec: CaseSpec, base: Sequence[Any], struct: Any, dev: Any) -> tuple[tuple, dict]:
    """The (args, kwargs) of one case, built fresh from the base tensors."""
    torch = _torch()
    leaves = [materialize(r, b, dev) for r, b in zip(spec.inputs, base)]
    args, kwargs = build_call(leaves, struct, reorder=spec.dict_order)
    if spec.arity < 0:
        if args:
            args = args[:-1]
        elif kwargs:
            kwargs = dict(list(kwargs.items())[:-1])
    elif spec.arity > 0:
        extra = leaves[-1].clone() if leaves else torch.zeros(1)
        args = args + (extra,)
    return args, kwargs


def _run_case(sm: Any, spec: CaseSpec, base: Sequence[Any], struct: Any, info: Any, path: str,
              ref: tuple[bool, Any] | None, ref_fn: Callable | None, dev: Any, timeout: float,
              rtol: float | None, atol: float | None, call: tuple[tuple, dict] | None = None
              ) -> tuple[ProbeCase, bool]:
    mk = lambda verdict, detail, diag=None, would=False, codes=(): ProbeCase(  # noqa: E731
        spec.name, spec.kind, spec.description, spec.in_contract, verdict, detail, would,
        tuple(codes), diag, 0.0, spec.subject)
    try:
        args, kwargs = call if call is not None else _case_call(spec, base, struct, dev)
    except Exception as exc:
        return mk("error", f"could not build the inputs: {type(exc).__name__}: {exc}"), False
    call_inputs = {"args": args, "kwargs": kwargs}
    try:
        findings = [f for f in check_inputs(info, args, kwargs=kwargs or None, indices=False) if f.fatal]
    except Exception:  # the checker must never stop a probe
        findings = []
    would, codes = bool(findings), [f.code for f in findings]
    inputs_for_diag = (args, kwargs) if kwargs else args

    try:
        out = sm(*args, **kwargs)
    except CrashError as exc:
        reason = exc.details.get("reason")
        if reason == "timeout":
            outcome, detail = "timeout", f"no answer within {timeout} s; the worker was killed"
        else:
            sig = exc.details.get("signal")
            kernel = exc.details.get("kernel")
            detail = (f"{sig or 'exit status ' + str(exc.details.get('returncode'))}"
                      f"{' in kernel ' + kernel if kernel else ''}; contained, worker restarted")
            outcome = "signal"
        return mk(verdict_for(spec.in_contract, outcome), detail, exc.diagnosis, would, codes), True
    except (AOTIRuntimeError, InputMismatchError) as exc:
        raw = _raw_text(exc)
        clear = diagnose(raw)
        outcome = "raised_clear" if clear.category.value in CLEAR_CATEGORIES else "raised_opaque"
        return (mk(verdict_for(spec.in_contract, outcome), _first_line(raw) or type(exc).__name__,
                   exc.diagnosis, would, codes), False)
    except AOTIDebugError as exc:  # e.g. IsolationError: the worker could not be talked to
        return mk("error", f"{type(exc).__name__}: {_first_line(str(exc))}", exc.diagnosis, would,
                  codes), True

    # it ran: compare with the reference
    if ref_fn is None or ref is None:
        outcome, detail = "ran_unchecked", "ran (no reference to compare)"
    elif not ref[0]:
        ref_exc = ref[1]
        outcome = "ref_failed"
        detail = f"ran; the reference raised {type(ref_exc).__name__}: {_first_line(str(ref_exc))}"
    else:
        want = ref[1]
        try:
            ok, detail = compare(out, want, reduction=_numel_tree(call_inputs) / max(1, _numel_tree(want)),
                                 rtol=rtol, atol=atol)
            outcome = "ran_match" if ok else "ran_differ"
        except Exception as exc:
            outcome, detail = "ran_differ", f"outputs not comparable: {type(exc).__name__}: {exc}"
    verdict = verdict_for(spec.in_contract, outcome)
    if not spec.in_contract and outcome in ("ran_match", "ran_unchecked", "ref_failed"):
        detail = "ran without complaint out of contract (" + "; ".join(
            spec.subject.get("out_of_contract") or [spec.kind]) + "); " + detail
    diag = None
    if verdict != "ok":
        text = f"AOTI package {path}: case {spec.name}: {spec.description}: {verdict}: {detail}"
        try:
            diag = diagnose(text, inputs=inputs_for_diag, package=path)
        except Exception:
            diag = diagnose(text)
        diag = _with_evidence(diag, [Evidence("probe", f"probe-{verdict}", detail,
                                              {"case": spec.name, "in_contract": spec.in_contract})],
                              probe_case=spec.name, probe_verdict=verdict)
    return mk(verdict, detail, diag, would, codes), False
