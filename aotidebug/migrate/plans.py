"""Per-API plans: for one legacy call, either a `Plan` (the rewrite) or a `Leave` (why not).

Why: "leave it alone when unsure". Each planner checks everything that could make the rewrite
wrong before it commits to one; any doubt becomes a `Leave` with a code and a reason, which the
user sees as a note at the call's line:column. Planners decide; they never edit the source.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable, Union

from . import rules as R
from .edits import Build, Render
from .names import NameResolver, is_module_call, is_none, root_name
from .provenance import Provenance
from .source import SourceText, short


@dataclass(frozen=True)
class Plan:
    """A decided rewrite of one call: the builder, the string literals to retarget, info notes."""

    build: Build
    literals: tuple[ast.AST, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    output_literal: str | None = None


@dataclass(frozen=True)
class Leave:
    """A call left alone: the note code and why."""

    code: str
    why: str


Decision = Union[Plan, Leave]


@dataclass
class _Draft:
    """What a plan gathers while its checks run; frozen into a `Plan` once all have passed."""

    literals: list[ast.AST] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    output_literal: str | None = None

    def plan(self, build: Build) -> Plan:
        return Plan(build, tuple(self.literals), tuple(self.notes), self.output_literal)


class PlanContext:
    """What planners read (text, names, provenance) and the imports their rewrites will need."""

    def __init__(self, text: SourceText, names: NameResolver, provenance: Provenance, *,
                 add_imports: bool) -> None:
        self.text = text
        self.names = names
        self.provenance = provenance
        self.add_imports = add_imports
        self.need_import: list[ast.stmt] = []  # import statements that need `import torch` beside them


# -- shared checks --------------------------------------------------------------------------------

def bind(call: ast.Call, api: R.LegacyApi) -> dict[str, ast.expr] | Leave:
    """The call's arguments by legacy parameter name (None-valued optional ones dropped)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return Leave("AOTM901", "the call uses *args/**kwargs, so its arguments are unknown "
                     "until run time; migrate by hand")
    if len(call.args) > len(api.params):
        return Leave("AOTM902", f"{len(call.args)} positional arguments; {api.qualname} takes "
                     f"at most {len(api.params)}")
    bound: dict[str, ast.expr] = dict(zip(api.params, call.args))
    for k in call.keywords:
        if k.arg not in api.keywords or k.arg in bound:
            return Leave("AOTM902", f"unexpected or repeated keyword `{k.arg}`")
        bound[k.arg] = k.value
    return {k: v for k, v in bound.items()
            if not (k in ("kwargs", "options", "dynamic_shapes") and is_none(v))}


def prefix(ctx: PlanContext, call: ast.Call) -> str | Leave:
    """The name to spell `torch` with at this call, recording an import when one is needed."""
    names = ctx.names
    root = root_name(call.func)
    assert root is not None  # qualname resolved, so the func is a Name/Attribute chain
    if names.resolve(root.id) == "torch":
        return root.id
    top = names.module_torch()
    if top:
        return top
    if "torch" in names.others:
        return Leave("AOTM911", "`torch` is rebound in this file; migrate by hand")
    stmts = [s for q, s in names.imports.get(root.id, [])]
    if stmts and ctx.add_imports:
        ctx.need_import.extend(stmts)
    elif "torch" in names.imports and not stmts and root.id not in names.assume:
        return Leave("AOTM911", "`torch` is only imported inside a function; migrate by hand")
    return "torch"


def join(text: SourceText, call: ast.Call, args: list[str]) -> str:
    """Arguments of a rewritten call: one line, or one per line when the legacy call spanned
    several (indented like its first line, plus four)."""
    if call.lineno == call.end_lineno or len(args) < 2:
        return ", ".join(args)
    line = text.lines[call.lineno - 1]
    indent = line[: len(line) - len(line.lstrip())]
    nl = text.newline_at(call.lineno)
    return nl + "".join(f"{indent}    {a},{nl}" for a in args) + indent


def check_result(ctx: PlanContext, call: ast.Call) -> Leave | None:
    why = ctx.provenance.result_problem(call)
    return Leave("AOTM903", f"{why}; a .pt2 is not a shared library: migrate by hand") if why else None


def no_counterpart(ctx: PlanContext, bound: dict[str, ast.expr], draft: _Draft) -> Leave | None:
    """Legacy-only options: dropped with a note at their default, otherwise the call is left."""
    for name, default in R.NO_COUNTERPART_DEFAULTS.items():
        if name in bound:
            v = bound[name]
            if isinstance(v, ast.Constant) and v.value is default:
                shown = str(v.value)  # the default: a bool
                draft.notes.append(("AOTM110", f"`{name}={shown}` is the default"))
            else:
                return Leave("AOTM907", f"`{name}={short(ctx.text.seg(v))}`: torch.export.export "
                             "has no such option; migrate by hand")
    return None


# -- options= --------------------------------------------------------------------------------------

def _keyword(name: str, node: ast.AST) -> Build:
    def build(r: Render) -> str:
        return f"{name}=" + r(node)
    return build


def _configs_dict(items: list[tuple[ast.AST, ast.AST]]) -> Build:
    def build(r: Render) -> str:
        return "inductor_configs={" + ", ".join(f"{r(k)}: {r(v)}" for k, v in items) + "}"
    return build


def _opaque_options(ctx: PlanContext, node: ast.expr, draft: _Draft) -> list[Build] | Leave:
    """options= that is not a literal dict: passed on whole, unless the file hints it packages."""
    mentioned = ctx.names.constants() & {R.PACKAGE_KEY, R.OUTPUT_PATH_KEY}
    seg = short(ctx.text.seg(node))
    if R.PACKAGE_KEY in mentioned:
        return Leave("AOTM904", f"`{seg}` may set {R.PACKAGE_KEY!r} (this "
                     "file names it), so the result may be a list of files; migrate by hand")
    if R.OUTPUT_PATH_KEY in mentioned:
        return Leave("AOTM906", f"`{seg}` may set {R.OUTPUT_PATH_KEY!r} "
                     "(this file names it), which the package API refuses; move it to package_path")
    draft.notes.append(("AOTM111", f"`{seg}`; aoti_compile_and_package refuses "
                        f"{R.OUTPUT_PATH_KEY!r} there: move it to package_path=... (a .pt2 file)"))
    return [_keyword("inductor_configs", node)]


def options(ctx: PlanContext, node: ast.expr | None, draft: _Draft) -> list[Build] | Leave:
    """The keyword arguments that carry `options=` over to aoti_compile_and_package."""
    parts: list[Build] = []
    if node is None:
        return parts
    if not (isinstance(node, ast.Dict) and all(
            isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys)):
        return _opaque_options(ctx, node, draft)
    items = list(zip([k.value for k in node.keys], node.keys, node.values))  # type: ignore[union-attr]
    rest: list[tuple[ast.AST, ast.AST]] = []
    for key, k, v in items:
        if key == R.PACKAGE_KEY:
            if isinstance(v, ast.Constant) and v.value is False:
                draft.notes.append(("AOTM110", f"{R.PACKAGE_KEY!r}: False (the package API always packages)"))
                continue
            return Leave("AOTM904", "the legacy call returns a list of files, the package API one "
                         ".pt2 path; migrate by hand (drop package_aoti, load the .pt2)")
        if key == R.OUTPUT_PATH_KEY:
            got = package_path(ctx, v, draft)
            if isinstance(got, Leave):
                return got
            parts.append(_keyword("package_path", v))
            continue
        assert k is not None  # all keys are str constants: checked above
        rest.append((k, v))
    if rest:
        if len(rest) == len(items):
            parts.append(_keyword("inductor_configs", node))
        else:
            parts.append(_configs_dict(rest))
    return parts


def package_path(ctx: PlanContext, v: ast.expr, draft: _Draft) -> None | Leave:
    """The output path must become a .pt2 file name: a .so literal is retargeted, else left."""
    text, names = ctx.text, ctx.names
    seg = text.seg(v)
    lits = text.so_literals(v)
    if lits:
        draft.literals.extend(lits)
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            draft.output_literal = v.value
        return None
    if isinstance(v, ast.Constant) and isinstance(v.value, str):
        if v.value.endswith(".pt2"):
            draft.output_literal = v.value
            return None
        return Leave("AOTM906", f"{R.OUTPUT_PATH_KEY} {seg} names a directory or a non-.so file; "
                     "package_path must be a file ending in .pt2: choose one and migrate by hand")
    if isinstance(v, ast.Name):
        const = names.single_str(v.id)
        value = const.value if const is not None else None
        if const is not None and isinstance(value, str) and (value.endswith(".pt2") or text.so_literals(const)):
            others = [u for u in names.loads_of(("name", v.id)) if u is not v]
            if all(ctx.provenance.is_load_path(u) for u in others):
                draft.literals.extend(text.so_literals(const))
                draft.output_literal = value
                return None
    return Leave("AOTM906", f"{R.OUTPUT_PATH_KEY} `{short(seg)}` is computed; package_path must end "
                 "in .pt2: write it by hand")


# -- the planners -----------------------------------------------------------------------------------

def plan_aot_compile(ctx: PlanContext, call: ast.Call, api: R.LegacyApi) -> Decision:
    """torch._export.aot_compile(f, args, ...) -> aoti_compile_and_package(torch.export.export(...))."""
    bound = bind(call, api)
    if isinstance(bound, Leave):
        return bound
    if "f" not in bound or "args" not in bound:
        return Leave("AOTM902", "the model or the example args are missing")
    f = bound["f"]
    if isinstance(f, ast.Lambda) or (isinstance(f, ast.Name) and f.id in ctx.names.funcs):
        return Leave("AOTM905", f"`{short(ctx.text.seg(f))}` is a function; wrap it in an "
                     "nn.Module and migrate by hand")
    draft = _Draft()
    parts = options(ctx, bound.get("options"), draft)
    if isinstance(parts, Leave):
        return parts
    why = no_counterpart(ctx, bound, draft) or check_result(ctx, call)
    if why:
        return why
    torch = prefix(ctx, call)
    if isinstance(torch, Leave):
        return torch
    text = ctx.text

    def build(r: Render) -> str:
        export_args = [r(f), r(bound["args"])]
        if "kwargs" in bound:
            export_args.append(r(bound["kwargs"]))
        if "dynamic_shapes" in bound:
            export_args.append("dynamic_shapes=" + r(bound["dynamic_shapes"]))
        ep = f"{torch}.export.export({', '.join(export_args)})"
        return f"{torch}._inductor.aoti_compile_and_package({join(text, call, [ep] + [p(r) for p in parts])})"

    return draft.plan(build)


def _program_of(ctx: PlanContext, gm: ast.expr, bound: dict[str, ast.expr], torch: str,
                draft: _Draft) -> Build:
    """How to spell the ExportedProgram for `gm`: its owner, itself, or a fresh export."""
    if is_module_call(gm):
        ep_node: ast.AST = gm.func.value  # type: ignore[attr-defined]
        if "args" in bound or "kwargs" in bound:
            draft.notes.append(("AOTM112", "the ExportedProgram carries its own example inputs"))

        def owner(r: Render) -> str:
            return r(ep_node)
        return owner
    if isinstance(gm, ast.Name) and ctx.provenance.is_exported_program(gm):
        def itself(r: Render) -> str:
            return r(gm)
        return itself
    draft.notes.append(("AOTM113", f"`{short(ctx.text.seg(gm))}` is re-exported with "
                        "torch.export.export; if it is already an ExportedProgram, pass it directly"))

    def export(r: Render) -> str:
        a = [r(gm), r(bound["args"])] + ([r(bound["kwargs"])] if "kwargs" in bound else [])
        return f"{torch}.export.export({', '.join(a)})"
    return export


def plan_inductor_aot_compile(ctx: PlanContext, call: ast.Call, api: R.LegacyApi) -> Decision:
    """torch._inductor.aot_compile(gm, args, ...) -> aoti_compile_and_package(program)."""
    bound = bind(call, api)
    if isinstance(bound, Leave):
        return bound
    gm = bound.get("gm")
    if gm is None:
        return Leave("AOTM902", "the graph module is missing")
    draft = _Draft()
    parts = options(ctx, bound.get("options"), draft)
    if isinstance(parts, Leave):
        return parts
    why = check_result(ctx, call)
    if why:
        return why
    if "args" not in bound and not is_module_call(gm) and not (
            isinstance(gm, ast.Name) and ctx.provenance.is_exported_program(gm)):
        return Leave("AOTM902", "the example args are missing")
    torch = prefix(ctx, call)
    if isinstance(torch, Leave):
        return torch
    ep = _program_of(ctx, gm, bound, torch, draft)
    text = ctx.text

    def build(r: Render) -> str:
        return f"{torch}._inductor.aoti_compile_and_package({join(text, call, [ep(r)] + [p(r) for p in parts])})"

    return draft.plan(build)


def _index_literal(index: int) -> Build:
    def build(r: Render) -> str:
        return f"device_index={index}"
    return build


def _index_at_run_time(dev: ast.expr, simple: bool) -> Build:
    def build(r: Render) -> str:
        return f"device_index=int({r(dev) if simple else '(' + r(dev) + ')'}.partition(\":\")[2] or -1)"
    return build


def _device_index(ctx: PlanContext, dev: ast.expr, draft: _Draft) -> Build | None | Leave:
    """The device_index= argument for aot_load's device (None: the package's default serves)."""
    if isinstance(dev, ast.Constant) and isinstance(dev.value, str):
        kind, _, idx = dev.value.partition(":")
        if kind not in R.DEVICE_TYPES or (idx and not idx.isdigit()):
            return Leave("AOTM908", f"device {dev.value!r} is not one aot_load accepts")
        if idx and kind in R.INDEXED_DEVICE_TYPES:
            return _index_literal(int(idx))
        if idx:
            draft.notes.append(("AOTM110", f"the index in {dev.value!r} ({kind} ignores it)"))
        return None
    if isinstance(dev, ast.Constant):
        return Leave("AOTM908", f"device {short(ctx.text.seg(dev))} is not a string")
    simple = isinstance(dev, (ast.Name, ast.Attribute, ast.Call, ast.Subscript))
    draft.notes.append(("AOTM114", f"the package records its device type; the index comes from "
                        f"`{short(ctx.text.seg(dev))}` (-1 when it names none)"))
    return _index_at_run_time(dev, simple)


def plan_aot_load(ctx: PlanContext, call: ast.Call, api: R.LegacyApi) -> Decision:
    """torch._export.aot_load(path, device) -> aoti_load_package(path, device_index=...)."""
    bound = bind(call, api)
    if isinstance(bound, Leave):
        return bound
    path, dev = bound.get("so_path"), bound.get("device")
    if path is None or dev is None:
        return Leave("AOTM902", "the path or the device is missing")
    draft = _Draft()
    index = _device_index(ctx, dev, draft)
    if isinstance(index, Leave):
        return index
    why = path_problem(ctx, path, draft)
    if why:
        return why
    torch = prefix(ctx, call)
    if isinstance(torch, Leave):
        return torch
    text = ctx.text

    def build(r: Render) -> str:
        args = [r(path)] + ([index(r)] if index else [])
        return f"{torch}._inductor.aoti_load_package({join(text, call, args)})"

    return draft.plan(build)


def path_problem(ctx: PlanContext, path: ast.expr, draft: _Draft) -> Leave | None:
    """None when the loaded path will be a .pt2 after this migration."""
    text, prov = ctx.text, ctx.provenance
    verdict = prov.path_origin(path)
    if verdict is False:
        return Leave("AOTM909", f"`{short(text.seg(path))}` comes from a compile call that is "
                     "left alone, so it is still a .so")
    lits = text.so_literals(path)
    if verdict is None and (lits or isinstance(path, ast.Constant)):
        value = getattr(path, "value", None)
        if isinstance(value, str) and value.endswith(".pt2"):
            verdict = True
        elif prov.trust or (isinstance(value, str) and value in prov.migrated_outputs):
            verdict = True
        else:
            return Leave("AOTM909", f"{short(text.seg(path))} is a .so built elsewhere: rebuild "
                         "it with aoti_compile_and_package, then load the .pt2 with aoti_load_package")
    if verdict is None and not (prov.trust or (prov.any_migrated and not prov.any_left)):
        return Leave("AOTM909", f"`{short(text.seg(path))}` comes from outside this file; once the "
                     "code that builds it makes a .pt2, load it with torch._inductor.aoti_load_package")
    if lits:
        draft.literals.extend(lits)
        draft.notes.append(("AOTM115", f"{short(text.seg(lits[-1]))} now names a .pt2"))
    return None


Planner = Callable[[PlanContext, ast.Call, R.LegacyApi], Decision]

PLANNERS: dict[str, Planner] = {
    "AOTM101": plan_aot_compile,
    "AOTM102": plan_aot_load,
    "AOTM103": plan_inductor_aot_compile,
}
