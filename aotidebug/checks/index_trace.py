"""Index-out-of-bounds tracer: from a kernel's `index out of bounds: 0 <= tmpN < ksM` to the input
dimension, its compiled guards, the user's line and the offending values.

`trace_index_error` is the analyzer `diagnose()` runs for this category. It reads the package's
generated sources (never runs the package), traces the bound with `package.bounds.trace_bound`,
and, when the caller passed inputs, measures them: the actual size of the dynamic dimension and
the min/max of the index tensor (the user handed those tensors over, so reading them is fine).
Measured causes outrank the text: a dimension outside the compiled range becomes an
dynamic_shape_guard with index_out_of_bounds kept as a candidate
(and a cause the consistency checks measured first stays the category).
"""

from __future__ import annotations

import inspect
import os
from pathlib import Path
from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..core import hints as H
from ..package import bounds as ws
from ..package.generated import PROVENANCE_MEMBER
from ..core.categories import Category
from ..core.result import Candidate, Diagnosis, Evidence, FlagAdvice


PROVENANCE_CONFIG = "inductor_configs={'trace.provenance_tracking_level': 1}"
MEASURED_CONFIDENCE = 0.95
TRACED_CONFIDENCE = 0.88
SUPERSEDED = frozenset({H.GUARD_EMPTY_INPUTS, H.CLAMP_INDICES, H.EXPORT_WITH_EDGE_SHAPES, H.CHECK_THREE_MATCHES})


# ---------------------------------------------------------------- package sources (I/O)


@dataclass(frozen=True)
class Sources:
    """The generated texts of one model in a package (None where absent)."""

    wrapper: str | None = None
    kernel: str | None = None
    provenance: str | None = None
    where: str = ""
    problem: str | None = None


def _provenance_member(files: tuple[str, ...], wrapper_member: str | None) -> str | None:
    folder = wrapper_member.rsplit("/", 1)[0] + "/" if wrapper_member and "/" in wrapper_member else ""
    hits = [f for f in files if f.endswith(PROVENANCE_MEMBER)]
    return next((f for f in hits if f.startswith(folder)), hits[0] if hits else None)


def read_sources(package: Any, model: str = "model") -> Sources:
    """Read wrapper.cpp, kernel.cpp and kernel_information.json from a package path or a
    `PackageInfo`; a problem (missing, corrupt, no sources) is reported, never raised."""
    if package is None:
        return Sources(problem="no package given")
    path = getattr(package, "path", package)
    if isinstance(path, (str, os.PathLike)) and (os.path.isdir(path) or str(path).endswith(".cpp")):
        return _read_sources_files(os.fspath(path))
    try:
        from ..package.inspect import inspect_package

        info = package if hasattr(package, "read_text") and hasattr(package, "models") else \
            inspect_package(os.fspath(getattr(package, "path", package)))
        mi = info.model(model)
        prov_member = _provenance_member(tuple(info.files), mi.wrapper_member)
        wrapper, kernel, provenance = info.read_texts(
            (mi.wrapper_member or None, mi.kernel_member or None, prov_member or None))
        return Sources(wrapper, kernel, provenance, where=str(info.path),
                       problem=None if wrapper or kernel else
                       "the package holds no generated .cpp sources (it runs, but cannot be traced)")
    except ImportError:
        return _read_sources_zip(package)
    except Exception as exc:  # PackageError or an unusable object: the trace goes on from text
        fallback = _read_sources_zip(package)  # a zip the inspector rejects may still hold the sources
        if fallback.wrapper or fallback.kernel:
            return fallback
        return Sources(problem=f"{type(exc).__name__}: {exc}")


MAX_SOURCE_BYTES = 64 * 1024 * 1024


def _read_capped(p: Path) -> str | None:
    try:
        if not p.is_file() or p.stat().st_size > MAX_SOURCE_BYTES:
            return None
        return p.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _read_sources_files(path: str) -> Sources:
    """An extracted package folder or a bare `*.wrapper.cpp` (guide step 1 allows either); a
    folder is read through the package's one folder reader (capped, symlinks never followed)."""
    from ..package.folder import Folder

    root = Path(path)
    if not root.exists():
        return Sources(where=path, problem=f"{path} does not exist")
    if root.is_file():
        return Sources(wrapper=_read_capped(root), where=path)
    try:
        with Folder(root) as folder:
            names = folder.names

            def read(name: str | None) -> str | None:
                if name is None or folder.size(name) > MAX_SOURCE_BYTES:
                    return None
                return folder.read_text(name, MAX_SOURCE_BYTES)

            def first(suffix: str) -> str | None:
                return next((n for n in names if n.endswith(suffix)), None)
            wrapper = first(".wrapper.cpp") or next((n for n in names if n.endswith(".cpp")
                                                     and not n.endswith(".kernel.cpp")), None)
            src = Sources(read(wrapper), read(first(".kernel.cpp")), read(first(PROVENANCE_MEMBER)), where=path)
    except Exception as exc:  # PackageError: unreadable, or past the folder reader's caps
        return Sources(where=path, problem=f"{type(exc).__name__}: {exc}")
    return src if (src.wrapper or src.kernel) else replace(src, problem=f"no generated .cpp sources under {path}")


def _read_sources_zip(package: Any) -> Sources:
    """Sources of a zip the package inspector refused (no metadata, say): through the one capped
    archive reader, which refuses hostile members; reading text runs nothing."""
    from ..package.archive import Archive

    try:
        path = os.fspath(getattr(package, "path", package))
        with Archive(path) as arc:
            names = arc.names

            def read(suffix: str) -> str | None:
                name = next((n for n in names if n.endswith(suffix)), None)
                if name is None or arc.size(name) > MAX_SOURCE_BYTES:
                    return None
                return arc.read_text(name)
            return Sources(read(".wrapper.cpp"), read(".kernel.cpp"), read(PROVENANCE_MEMBER), where=path)
    except Exception as exc:
        return Sources(problem=f"{type(exc).__name__}: {exc}")


# ---------------------------------------------------------------- inputs (measurement)


def flat_inputs(inputs: Any) -> list[Any]:
    """Positional inputs in the package's flat order (tuple/list order, dict insertion order)."""
    if inputs is None:
        return []
    if hasattr(inputs, "shape") and hasattr(inputs, "dtype"):
        return [inputs]
    if isinstance(inputs, Mapping):
        return [v for x in inputs.values() for v in flat_inputs(x)]
    if isinstance(inputs, (list, tuple)):
        return [v for x in inputs for v in flat_inputs(x)]
    return [inputs]


def input_names_of(model: Any, n: int) -> list[str]:
    """The forward() parameter names for the first `n` inputs (`input0`... when unknown)."""
    names: list[str] = []
    try:
        fwd = getattr(model, "forward", None) or model
        params = [p for p in inspect.signature(fwd).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name != "self"]
        names = [p.name for p in params]
    except (TypeError, ValueError):
        pass
    return [names[i] if i < len(names) else f"input{i}" for i in range(n)]


def index_stats(t: Any, bound: int | None, wraps_negative: bool) -> dict[str, Any] | None:
    """min/max of an integer index tensor and how many entries fall outside [lo, bound)."""
    try:
        if t.dtype.is_floating_point or t.dtype.is_complex or t.numel() == 0 or t.device.type == "meta":
            return None
        v = t.detach().to("cpu").reshape(-1).long()
        out: dict[str, Any] = {"min": int(v.min()), "max": int(v.max()), "numel": int(v.numel())}
        if bound is not None:
            lo = -bound if wraps_negative else 0
            bad = (v < lo) | (v >= bound)
            out.update(bound=bound, low=lo, offending=int(bad.sum()))
            if out["offending"]:
                out["examples"] = [int(x) for x in v[bad][:5]]
        return out
    except Exception:
        return None


# ---------------------------------------------------------------- the analyzer


def _merge_flags(flags: tuple[FlagAdvice, ...], new: FlagAdvice) -> tuple[FlagAdvice, ...]:
    return tuple(f for f in flags if f.name != new.name) + (new,)


def trace_index_error(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    """Enrich an index-out-of-bounds Diagnosis with the traced bound, guards, user lines and
    measured values; promote a measured input mismatch to the category."""
    loc = ws.parse_error_location(call.get("text") or "")
    if not loc:
        return d
    var, upper = loc["var"], loc.get("upper")
    src = read_sources(call.get("package"))
    evidence: list[Evidence] = [Evidence(
        "error-text", "iob-assertion",
        f"index {var} must satisfy {loc.get('lower') or '-inf'} <= {var} < {upper or '+inf'}"
        + (f" in {loc['kernel']}" if loc.get("kernel") else ""),
        {k: v for k, v in loc.items() if v is not None})]
    trace = ws.trace_bound(src.wrapper, src.kernel, var=var, upper=upper, lower=loc.get("lower"),
                           kernel=loc.get("kernel"), line=loc.get("line"), provenance=src.provenance) \
        if (src.wrapper or src.kernel) else None
    if trace is None:
        evidence.append(Evidence("package", "iob-untraced",
                                 "not traced: " + (src.problem or "no generated sources") +
                                 "; pass package=<the .pt2> to map the bound to an input"))
    evidence += _trace_evidence(trace) if trace else []
    tensors = flat_inputs(call.get("inputs"))
    names = input_names_of(call.get("model"), max(len(tensors), 8)) if call.get("model") is not None \
        else [f"input{i}" for i in range(max(len(tensors), 8))]
    measured = _measure(trace, loc, tensors, names)
    evidence += measured["evidence"]
    return _decide(d, trace, loc, measured, names, tuple(evidence))


def _trace_evidence(t: ws.BoundTrace) -> list[Evidence]:
    ev: list[Evidence] = []
    a = t.assertion
    if a:
        where = f"{a.member}:{a.line}" + (f" (line {a.block_line} of the Triton source)" if a.block_line else "")
        ev.append(Evidence("package", "iob-kernel", f"{a.kernel} asserts at {where}: {a.code}",
                           {"kernel": a.kernel, "member": a.member, "line": a.line,
                            "block_line": a.block_line, "code": a.code}))
    if t.call:
        ev.append(Evidence("package", "iob-call-site",
                           f"wrapper.cpp:{t.call.line}: {t.call.kernel}({', '.join(t.call.args)})",
                           {"line": t.call.line, "args": list(t.call.args), "params": list(t.call.params)}))
    if t.bound_value is not None:
        what = f" = rows of {t.indexed_fqn or t.indexed} {t.indexed_shape}" if t.indexed_shape else ""
        ev.append(Evidence("package", "iob-bound", f"the bound is the constant {t.bound} ({t.bound_value}){what}",
                           {"bound": t.bound, "value": t.bound_value, "indexed": t.indexed,
                            "indexed_fqn": t.indexed_fqn, "indexed_shape": t.indexed_shape}))
    elif t.bound_param:
        chain = f"{t.bound_param} = {t.bound_arg or '?'}"
        if t.input_name is not None:
            chain += f" = {t.input_name}_size[{t.dim}]: input {t.input_index} ({t.input_name}), dimension {t.dim}"
        ev.append(Evidence("package", "iob-bound", f"the bound is a dynamic size: {chain}",
                           {"param": t.bound_param, "arg": t.bound_arg, "symbols": list(t.symbols),
                            "input_index": t.input_index, "input_name": t.input_name, "dim": t.dim}))
    if t.input_name is not None:
        gated = any(g.gated_by_env for g in t.guards)
        ev.append(Evidence("package", "iob-guards",
                           f"compiled guards for input {t.input_index} dimension {t.dim}: "
                           f"{ws.describe_guards(t.guards)}"
                           + (" (run only with AOTI_RUNTIME_CHECK_INPUTS=1)" if gated else ""),
                           {"guards": [g.describe() for g in t.guards],
                            "min": next((g.value for g in t.guards if g.kind == "min"), None),
                            "max": next((g.value for g in t.guards if g.kind == "max"), None),
                            "gated_by_env": gated}))
    if t.index_inputs:
        ev.append(Evidence("package", "iob-index-source",
                           "the index values come from " + ", ".join(
                               f"input {i} ({n})" if i is not None else n for i, n in t.index_inputs)
                           + (" (negative indices are wrapped by adding the size)" if t.wraps_negative else ""),
                           {"inputs": [[i, n] for i, n in t.index_inputs], "wraps_negative": t.wraps_negative}))
    nodes = (t.call.source_nodes if t.call else ()) or (t.provenance.post_grad_nodes if t.provenance else ())
    lines = t.provenance.user_lines() if t.provenance else ()
    if nodes or lines:
        ev.append(Evidence("package", "iob-source-nodes",
                           f"source nodes [{', '.join(nodes)}]" + (f"; user code: {'; '.join(lines)}" if lines else ""),
                           {"nodes": list(nodes), "aten": list(t.call.aten_ops) if t.call else [],
                            "user_lines": list(lines)}))
    elif t.assertion:
        ev.append(Evidence("package", "iob-source-nodes",
                           "no source-node comment or provenance for this kernel; recompile with "
                           f"{PROVENANCE_CONFIG} to map it to your lines", {}))
    for note in t.notes:
        ev.append(Evidence("package", "iob-note", note))
    return ev


def _measure(t: ws.BoundTrace | None, loc: dict[str, Any], tensors: list[Any],
             names: list[str]) -> dict[str, Any]:
    """What the given inputs show: the dynamic dimension's size, out-of-range index values."""
    out: dict[str, Any] = {"evidence": [], "dim_size": None, "below_min": False, "above_max": False,
                           "index": None, "index_input": None}
    if not tensors:
        return out
    bound = t.bound_value if t else ws.const_value(loc.get("upper"))
    if t and t.input_index is not None and t.input_index < len(tensors):
        x = tensors[t.input_index]
        try:
            size = int(x.shape[t.dim])
        except Exception:
            size = None
        if size is not None:
            lo = next((g.value for g in t.guards if g.kind == "min"), None)
            hi = next((g.value for g in t.guards if g.kind == "max"), None)
            out.update(dim_size=size, below_min=lo is not None and size < lo,
                       above_max=hi is not None and size > hi)
            bound = size
            rng = f" (compiled range {lo if lo is not None else '?'}..{hi if hi is not None else '?'})" \
                if (lo is not None or hi is not None) else ""
            out["evidence"].append(Evidence(
                "inputs", "iob-measured-dim",
                f"{names[t.input_index]}.shape[{t.dim}] is {size} at run time{rng}"
                + (": outside the compiled range" if out["below_min"] or out["above_max"] else "")
                + ("; an empty dimension has no valid index" if size == 0 else ""),
                {"input_index": t.input_index, "dim": t.dim, "size": size, "min": lo, "max": hi}))
    candidates = [i for i, _ in (t.index_inputs if t else ()) if i is not None and i < len(tensors)]
    if not candidates and t is None:  # no package: any integer input may be the index
        candidates = list(range(len(tensors)))
    wraps = bool(t and t.wraps_negative)
    for i in candidates:
        st = index_stats(tensors[i], bound, wraps)
        if st is None:
            continue
        if t is None and not st.get("offending"):
            continue
        out.update(index=st, index_input=i)
        msg = f"{names[i]} (input {i}) holds indices {st['min']}..{st['max']}"
        if bound is not None:
            msg += (f"; {st['offending']} of {st['numel']} outside [{st['low']}, {bound})"
                    + (f", e.g. {st['examples']}" if st.get("examples") else "")
                    if st["offending"] else f"; all within [{st['low']}, {bound})")
        out["evidence"].append(Evidence("inputs", "iob-measured-index", msg, {"input_index": i, **st}))
        break
    return out


def _decide(d: Diagnosis, t: ws.BoundTrace | None, loc: dict[str, Any], m: dict[str, Any],
            names: list[str], evidence: tuple[Evidence, ...]) -> Diagnosis:
    fixes: list[str] = []
    flags = d.flags
    user = (t.provenance.user_lines()[0] if t and t.provenance and t.provenance.user_lines() else None)
    at = f" (at {user})" if user else ""
    pname = names[t.input_index] if t and t.input_index is not None and t.input_index < len(names) else None
    lo = next((g.value for g in t.guards if g.kind == "min"), None) if t else None
    hi = next((g.value for g in t.guards if g.kind == "max"), None) if t else None
    category, summary, conf = Category.INDEX_OUT_OF_BOUNDS, d.summary, max(d.confidence, TRACED_CONFIDENCE if t else d.confidence)
    idx = m["index"]
    iname = names[m["index_input"]] if m["index_input"] is not None else "the index tensor"
    # pname is set only for a trace to an input (t is not None); the conditions below say both
    if t is not None and pname is not None:
        guard = (f"Guard empty inputs in forward(){at}: `if {pname}.shape[{t.dim}] == 0: return <empty result>` "
                 "(or pad them), because every index into an empty dimension is out of bounds.")
        export = (f"Export with sample inputs that cover the sizes of {pname}.shape[{t.dim}] used at run time "
                  f"(0, 1, the maximum) and declare them: dynamic_shapes={{'{pname}': {{{t.dim}: "
                  f"Dim('{pname}_{t.dim}', min={min(m['dim_size'], lo) if m['dim_size'] is not None and lo is not None else (lo if lo is not None else 0)}"
                  f", max={hi if hi is not None else '...'})}}}}.")
    if t is not None and pname is not None and (m["below_min"] or m["above_max"]):
        category, conf = Category.DYNAMIC_SHAPE_GUARD, MEASURED_CONFIDENCE
        summary = (f"{pname}.shape[{t.dim}] is {m['dim_size']} at run time, outside the range the package "
                   f"was compiled for ({lo if lo is not None else '?'}..{hi if hi is not None else '?'}); "
                   f"the kernel {t.assertion.kernel if t.assertion else ''} then indexed out of bounds.")
        fixes += [guard, export, H.CHECK_INPUTS_AT_RUNTIME]
    elif t is not None and pname is not None and m["dim_size"] == 0:
        conf = MEASURED_CONFIDENCE
        summary = (f"{pname}.shape[{t.dim}] is 0 at run time, so the bound {t.bound_param} "
                   f"= {t.bound_arg} is 0 and no index can satisfy 0 <= {loc['var']} < 0; compiled guards: "
                   f"{ws.describe_guards(t.guards)}.")
        fixes += [guard, export]
    elif idx and idx.get("offending"):
        conf = MEASURED_CONFIDENCE
        b = idx["bound"]
        summary = (f"{iname} holds indices {idx['min']}..{idx['max']} but the kernel "
                   f"{t.assertion.kernel if t and t.assertion else ''} allows only [{idx['low']}, {b})"
                   + (f" (rows of {t.indexed_fqn or t.indexed})" if t and t.indexed and t.bound_value is not None else
                      f" ({pname}.shape[{t.dim}] = {b})" if t and pname is not None else "") + ".")
        clamp = f"clamp(max={b - 1})" if idx["min"] >= idx["low"] else f"clamp({idx['low']}, {b - 1})"
        fixes += [f"Validate or clamp {iname} before the indexing op{at}: e.g. "
                  f"`{iname} = {iname}.{clamp}`, or reject the call when "
                  f"`{iname}.max() >= {b}` or `{iname}.min() < {idx['low']}`."]
        if t and t.bound_value is None and pname is not None and m["dim_size"] is None:
            fixes.append(export)
    elif t and t.assertion:
        summary = f"{t.assertion.kernel} asserted {loc['var']} < {t.bound}"
        if pname is not None:
            summary += (f", where {t.bound} is {pname}.shape[{t.dim}] (input {t.input_index}); "
                        f"compiled guards: {ws.describe_guards(t.guards)}")
        elif t.indexed_shape:
            summary += f" (rows of {t.indexed_fqn or t.indexed} {t.indexed_shape})"
        summary += "."
        if pname is not None:
            fixes += [guard, export]
        fixes.append(H.CLAMP_INDICES)
    if t and t.guards and any(g.gated_by_env for g in t.guards):
        flags = _merge_flags(flags, FlagAdvice(
            "AOTI_RUNTIME_CHECK_INPUTS", "1", "run",
            "this package compiles the size guards for the traced dimension but runs them only with "
            "the flag set (read at the first call of each loaded package)"))
    if t and t.assertion and not t.provenance and not (t.call and t.call.source_nodes):
        fixes.append(f"Recompile with {PROVENANCE_CONFIG} so the package maps each kernel to your source lines.")
    generic = list(d.fixes)
    if fixes:  # concrete advice replaces the generic texts it spells out
        spelled = SUPERSEDED if t is not None and pname is not None and (guard in fixes or export in fixes) \
            else SUPERSEDED - {H.GUARD_EMPTY_INPUTS, H.EXPORT_WITH_EDGE_SHAPES}
        generic = [f for f in generic if f not in spelled]
    # A cause the consistency checks measured stays first, unless the index tensor itself holds
    # values outside the bound: those explain the failed check directly, whatever else is wrong
    # (a wrong size or dtype garbles what the kernel reads, not the values the caller sent).
    measured = d.category is not Category.INDEX_OUT_OF_BOUNDS and not (idx and idx.get("offending"))
    fixes = list(dict.fromkeys(generic + fixes if measured else fixes + generic))  # its fixes lead
    candidates = list(d.candidates)
    if measured:  # ... stays first
        category, summary, conf = d.category, d.summary, d.confidence
    code = d.code if category is d.category else next(
        (c.code for c in candidates if c.category is category), "AOTD301")
    primary = Candidate(category, conf, code, d.title if category is d.category else summary[:120])
    others = [c for c in candidates if c.category is not category]
    if category is not Category.INDEX_OUT_OF_BOUNDS and not any(
            c.category is Category.INDEX_OUT_OF_BOUNDS for c in others):
        others.insert(0, Candidate(Category.INDEX_OUT_OF_BOUNDS, min(0.8, conf - 0.05), "AOTD301",
                                   "A kernel's index assertion failed"))
    others = [replace(c, confidence=min(c.confidence, conf - 0.01)) for c in others]
    title = d.title
    if category is Category.DYNAMIC_SHAPE_GUARD and d.category is Category.INDEX_OUT_OF_BOUNDS:
        title = "A dynamic input dimension is outside its compiled range"
    elif category is not d.category:
        title = "An index input holds values outside the kernel's bound"
    details = dict(d.details)
    if t:
        details["iob_trace"] = t.to_dict()
    return replace(
        d, category=category, code=code, title=title, summary=summary, confidence=conf,
        evidence=d.evidence + evidence, candidates=(primary, *others), fixes=tuple(fixes), flags=flags,
        kernel=(t.assertion.kernel if t and t.assertion else None) or loc.get("kernel") or d.kernel,
        references=tuple(dict.fromkeys((category.doc, "docs/index_out_of_bounds.md") + d.references)),
        details=details)
