"""Pure parsing of AOTI generated sources for the index-out-of-bounds trace.

Automates the manual procedure of PyTorch's `aoti-debug/triton-index-out-of-bounds.md` guide on
text alone (no torch, no I/O): find the kernel whose source holds the failing assertion, map its
bound parameter (`ks0`) through the kernel's call site in `*.wrapper.cpp` to a size symbol
(`s77`), to `int64_t s77 = arg0_1_size[0];`, to `inputs_info_[0].name = "arg0_1"`; list the
guards `check_input_N` compiles for that dimension; read the `// Topologically Sorted Source
Nodes:` comment and the provenance `kernel_information.json`.

Works on CPU packages (C++ kernels in `*.kernel.cpp`, `AOTI_TORCH_CHECK(...)`) and CUDA packages
(Triton source embedded as a comment inside `call_triton_*` in `*.wrapper.cpp`,
`tl.device_assert(...)`). Every parser is regex over the generated formats and returns
"unknown" (None / empty) rather than guessing when a format differs.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Iterable

from . import generated
from .generated import Guard, Provenance, parse_provenance

# `index out of bounds: 0 <= tmp7 < ks0` / `tmp7 < 8L` / `0 <= tmp7` (codegen/common.py and cpp.py
# `indirect_assert`: both bounds, upper only or lower only).
ASSERT_MSG = re.compile(
    r"index out of bounds: (?:(?P<lower>-?\w+) <= (?P<var>\w+)(?: < (?P<upper>[\w().*+ -]+?))?"
    r"|(?P<var2>\w+) < (?P<upper2>[\w().*+ -]+?))(?=[\"'`\s]|$)", re.M)
CPP_KERNEL_DEF = re.compile(r'(?:extern\s+"C"\s+)?(?:[\w:]+\s+)*?void\s+(?P<name>cpp_\w+)\s*\(', re.M)
TRITON_DEF = re.compile(r"^\s*def\s+(?P<name>triton_\w+)\s*\(", re.M)
TRITON_BLOCK = re.compile(r"async_compile\.triton\(\s*'(?P<name>\w+)'\s*,\s*'''", re.M)
SYMBOL_TOKEN = re.compile(r"\b(?:s|u|ks)\d+\b")
INT_LITERAL = re.compile(r"^\(?(-?\d+)L?\)?$")
# C++: `auto tmp3 = expr;`  Triton: `tmp3 = expr`
PY_ASSIGN = re.compile(r"^\s*(?P<var>tmp\d+)\s*=\s*(?P<expr>.+?)\s*$", re.M)
PTR = re.compile(r"\b(?:in_ptr|in_out_ptr)\d+\b")
TMP = re.compile(r"\btmp\d+\b")
# Error-text locations: the C++ check names its kernel and kernel.cpp line; Triton names the .py line.
CPP_RAISED_FROM = re.compile(r"Exception raised from (?P<kernel>\w+) at (?P<file>\S+?):(?P<line>\d+)")
TRITON_ASSERT_AT = re.compile(r"(?P<file>\S+\.py):(?P<line>\d+): \w+: block: \[[\d, ]+\], thread: \[[\d, ]+\]")




# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class AssertionSite:
    """One `index out of bounds` check in generated source."""

    kernel: str | None
    var: str
    lower: str | None
    upper: str | None
    member: str  # "kernel.cpp" or "wrapper.cpp" (which source the line number counts in)
    line: int  # 1-based line in that source
    code: str  # the verbatim source line, stripped
    block_line: int | None = None  # Triton: line inside the embedded kernel source (the .py file)


@dataclass(frozen=True)
class CallSite:
    """Where the wrapper launches a kernel, with the argument bound to each kernel parameter."""

    kernel: str
    line: int
    args: tuple[str, ...]
    params: tuple[str, ...]
    source_nodes: tuple[str, ...] = ()
    aten_ops: tuple[str, ...] = ()
    provenance_handle: str | None = None

    def arg_for(self, param: str) -> str | None:
        if param in self.params:
            i = self.params.index(param)
            if i < len(self.args):
                return self.args[i]
        return None


@dataclass(frozen=True)
class BoundTrace:
    """The whole trace from an assertion to the model input (fields are None where unknown)."""

    assertion: AssertionSite | None
    bound: str | None  # as written: "8L", "ks0"
    bound_value: int | None  # a constant bound
    bound_param: str | None  # "ks0" when the bound is a kernel parameter
    call: CallSite | None = None
    bound_arg: str | None = None  # the call-site expression bound to the parameter: "s77"
    symbols: tuple[str, ...] = ()  # size symbols in that expression
    input_index: int | None = None
    input_name: str | None = None  # "arg0_1"
    dim: int | None = None
    guards: tuple[Guard, ...] = ()
    index_inputs: tuple[tuple[int | None, str], ...] = ()  # (input index, wrapper name) feeding the index
    indexed: str | None = None  # the buffer/constant read with the index ("emb_weight")
    indexed_fqn: str | None = None
    indexed_shape: tuple[int, ...] | None = None
    wraps_negative: bool = False  # kernel adds the size to negative indices (Python semantics)
    provenance: Provenance | None = None
    notes: tuple[str, ...] = ()

    @property
    def dynamic(self) -> bool:
        return self.bound_param is not None and self.bound_value is None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# ---------------------------------------------------------------- small parsers


def parse_error_location(text: str) -> dict[str, Any]:
    """Assertion operands and location from an error text (C++ `Exception raised from K at F:L`,
    Triton `F.py:L: unknown: block: [...]`). Empty dict when the text has no assertion."""
    m = ASSERT_MSG.search(text or "")
    if not m:
        return {}
    out: dict[str, Any] = {"var": m.group("var") or m.group("var2"),
                           "lower": m.group("lower"),
                           "upper": (m.group("upper") or m.group("upper2") or None)}
    if out["upper"]:
        out["upper"] = out["upper"].strip()
    c = CPP_RAISED_FROM.search(text)
    if c:
        out.update(kernel=c.group("kernel"), file=c.group("file"), line=int(c.group("line")),
                   backend="cpp")
    t = TRITON_ASSERT_AT.search(text)
    if t:
        out.update(file=t.group("file"), line=int(t.group("line")), backend="triton")
    return out


def const_value(expr: str | None) -> int | None:
    """`8L` -> 8, `(-1L)` -> -1; None for symbols and expressions."""
    if not expr:
        return None
    m = INT_LITERAL.match(expr.strip())
    return int(m.group(1)) if m else None


def split_args(text: str) -> list[str]:
    """Split a C++ argument list on top-level commas (parentheses, braces, templates nest)."""
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>" and not (ch == ">" and i and text[i - 1] == "-"):  # `this->x` is no bracket
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def _balanced(text: str, open_at: int) -> str | None:
    """Text between the bracket at `open_at` (a parenthesis, or `[` for a subscript) and its
    match (None if unbalanced)."""
    opener, closer = ("[", "]") if text[open_at:open_at + 1] == "[" else ("(", ")")
    depth = 0
    for i in range(open_at, min(len(text), open_at + 20000)):
        if text[i] == opener:
            depth += 1
        elif text[i] == closer:
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i]
    return None


def param_name(decl: str) -> str:
    """`const int64_t* in_ptr0` -> `in_ptr0`; `XBLOCK : tl.constexpr` -> `XBLOCK`; drops defaults."""
    decl = re.split(r"(?<!:):(?!:)", decl.split("=")[0])[0].strip()
    m = re.search(r"(\w+)\s*$", decl)
    return m.group(1) if m else decl


def strip_arg(arg: str) -> str:
    """`(const int64_t*)(arg1_1.data_ptr())` -> `arg1_1`; `s77` stays `s77`; expressions stay."""
    a = arg.strip()
    a = re.sub(r"^\(\s*(?:const\s+)?[\w:]+\s*\**\s*\)\s*", "", a)  # C cast
    a = re.sub(r"\.(?:data_ptr|get)\(\)", "", a)
    while a.startswith("(") and a.endswith(")") and _balanced(a, 0) == a[1:-1]:
        a = a[1:-1].strip()
    return a


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


# ---------------------------------------------------------------- kernels and assertions


def _kernel_spans(text: str) -> list[tuple[str, int, int, str]]:
    """(name, start, end, kind) for every kernel body in a source: C++ definitions and the
    Triton sources embedded in `async_compile.triton('name', '''...''')` blocks."""
    spans: list[tuple[str, int, int, str]] = []
    for m in TRITON_BLOCK.finditer(text):
        end = text.find("'''", m.end())
        spans.append((m.group("name"), m.end(), end if end >= 0 else len(text), "triton"))
    if not spans:  # a bare Triton kernel file (.py) or text with `def triton_...` only
        defs = list(TRITON_DEF.finditer(text))
        for i, m in enumerate(defs):
            spans.append((m.group("name"), m.start(), defs[i + 1].start() if i + 1 < len(defs) else len(text),
                          "triton"))
    defs = [m for m in CPP_KERNEL_DEF.finditer(text)]
    for i, m in enumerate(defs):
        paren = text.find("(", m.end() - 1)
        args = _balanced(text, paren)
        after = paren + len(args or "") + 2
        if not re.match(r"\s*\{", text[after:after + 50]):  # a declaration, not a definition
            continue
        end = defs[i + 1].start() if i + 1 < len(defs) else len(text)
        spans.append((m.group("name"), m.start(), end, "cpp"))
    return spans


def find_assertions(text: str, member: str, *, var: str | None = None, upper: str | None = None,
                    kernel: str | None = None,
                    spans: list[tuple[str, int, int, str]] | None = None) -> list[AssertionSite]:
    """Every `index out of bounds` check in `text` (optionally only for `var` < `upper`);
    `spans`: `_kernel_spans(text)` when the caller has it already."""
    spans = _kernel_spans(text) if spans is None else spans
    out: list[AssertionSite] = []
    for m in ASSERT_MSG.finditer(text):
        v = m.group("var") or m.group("var2")
        up = (m.group("upper") or m.group("upper2") or "").strip() or None
        if var and v != var:
            continue
        if upper and up != upper:
            continue
        pos = m.start()
        owner = next((s for s in spans if s[1] <= pos < s[2]), None)
        name = owner[0] if owner else None
        if kernel and name and name != kernel:
            continue
        line = line_of(text, pos)
        code = text.splitlines()[line - 1].strip() if line - 1 < len(text.splitlines()) else ""
        block_line = None
        if owner and owner[3] == "triton" and TRITON_BLOCK.search(text, max(0, owner[1] - 400), owner[1]):
            block_line = line - line_of(text, owner[1]) + 1
        out.append(AssertionSite(name, v, m.group("lower"), up, member, line, code, block_line))
    return out


def kernel_params(text: str, kernel: str) -> tuple[str, ...] | None:
    """Parameter names of a kernel as its call sites bind them: the `call_triton_*` C++ wrapper's
    signature, else the C++ definition/declaration, else the Triton `def`."""
    for pattern in (rf"void\s+call_{re.escape(kernel)}\s*\(", rf"void\s+{re.escape(kernel)}\s*\(",
                    rf"def\s+{re.escape(kernel)}\s*\("):
        m = re.search(pattern, text)
        if m:
            inner = _balanced(text, m.end() - 1)
            if inner is not None:
                return tuple(param_name(p) for p in split_args(inner) if p.strip())
    return None


def call_sites(wrapper: str, kernel: str, params: tuple[str, ...] | None = None) -> list[CallSite]:
    """Launches of `kernel` in the wrapper (`kernels.K(...)`, `K(...)`, `call_K(...)`), each with its
    args mapped to `params` and the comments written above it."""
    params = params if params is not None else (kernel_params(wrapper, kernel) or ())
    lines = wrapper.splitlines()
    out: list[CallSite] = []
    rx = re.compile(rf"^\s*(?:kernels\.|kernels_\.)?(?:call_)?{re.escape(kernel)}\s*\(")
    for i, raw in enumerate(lines):
        m = rx.match(raw)
        if not m or re.search(r"\bvoid\b", raw):
            continue
        joined = "\n".join(lines[i:i + 40])
        inner = _balanced(joined, joined.find("(", m.end() - 1))
        if inner is None:
            continue
        args = tuple(strip_arg(a) for a in split_args(inner))
        nodes: tuple[str, ...] = ()
        aten: tuple[str, ...] = ()
        handle = None
        for j in range(i - 1, max(-1, i - 12), -1):
            above = lines[j].strip()
            if rx.match(lines[j]) or re.match(r"^(?:kernels\.)?(?:call_)?(?:cpp|triton)_\w+\(", above):
                break
            sm = generated.RX["source_nodes"].search(above)
            if sm and not nodes:
                nodes = tuple(n.strip() for n in sm.group(1).split(",") if n.strip())
                aten = tuple(n.strip() for n in (sm.group(2) or "").split(",") if n.strip())
            pm = generated.RX["provenance"].search(above)
            if pm and handle is None:
                handle = pm.group(1)
        out.append(CallSite(kernel, i + 1, args, params, nodes, aten, handle))
    return out


# ---------------------------------------------------------------- inputs, constants, guards
# Read by the one parser in `generated`; re-exported here for the bound trace.
size_symbols = generated.size_symbols
input_names = generated.input_names
constants = generated.constants_by_name
guards_for = generated.guards_for


def describe_guards(guards: Iterable[Guard]) -> str:
    """"size >= 2, size <= 64" / "upper bound only (size <= 230400), no lower bound" / "no guard"."""
    gs = list(guards)
    kinds = {g.kind for g in gs}
    if not gs:
        return "no guard at all"
    text = ", ".join(g.describe() for g in gs)
    if "exact" in kinds:
        return f"static size ({text})"
    if kinds == {"max"}:
        return f"upper bound only ({text}), no lower bound"
    if kinds == {"min"}:
        return f"lower bound only ({text}), no upper bound"
    return text


# ---------------------------------------------------------------- kernel data flow


CPP_DEF = re.compile(r"^[ \t]*(?:auto|[\w:<>,]+)[ \t]+(?P<var>tmp\d+)[ \t]*=(?!=)", re.M)
_OPEN, _CLOSE = "([{", ")]}"
# `tmp5 = static_cast<int64_t>(0)` and its vector `tmp6 = at::vec::VectorizedN<int64_t,2>(tmp5)`:
# a comparison against either is the `index < 0` test that wraps negative indices.
ZERO = re.compile(r"(?:static_cast<[\w:]+>\()?0L?\)?")
WRAPPED_VAR = re.compile(r"[\w:]+(?:<[\w:, ]+>)?\((tmp\d+)\)")


def _statement_end(text: str, pos: int) -> int:
    """Offset of the `;` that ends the C++ statement starting at `pos` (bracket depth 0), so an
    expression that spans lines, such as a vectorised lambda `[&]{ ... }()`, is read whole."""
    depth, quoted = 0, False
    for i in range(pos, len(text)):
        ch = text[i]
        if quoted:
            quoted = ch != '"' or text[i - 1] == "\\"
        elif ch == '"':
            quoted = True
        elif ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif ch == ";" and depth <= 0:
            return i
    return len(text)


def _definitions(body: str) -> list[tuple[int, str, str]]:
    """(offset, variable, expression) of each `tmpN = ...` in source order. Kernels reuse names
    across loops (a vectorised loop and its tail each define tmp10), so a use must be read
    against the nearest definition above it, not the first in the body."""
    out = [(m.start(), m.group("var"), body[m.end():_statement_end(body, m.end())])
           for m in CPP_DEF.finditer(body)]
    if not out:  # Triton: one statement per line
        out = [(m.start(), m.group("var"), m.group("expr")) for m in PY_ASSIGN.finditer(body)]
    return out


def _nearest(defs: list[tuple[int, str, str]], var: str, before: int) -> int | None:
    """Index in `defs` of the definition of `var` nearest above offset `before`."""
    return next((i for i in range(len(defs) - 1, -1, -1) if defs[i][1] == var and defs[i][0] < before), None)


def _is_zero(defs: list[tuple[int, str, str]], i: int | None, depth: int = 0) -> bool:
    """`tmp5 = static_cast<int64_t>(0)`, or a vector of such a variable (`VectorizedN<...>(tmp5)`)."""
    if i is None or depth > 3:
        return False
    expr = defs[i][2].strip()
    if ZERO.fullmatch(expr):
        return True
    m = WRAPPED_VAR.fullmatch(expr)
    return m is not None and _is_zero(defs, _nearest(defs, m.group(1), defs[i][0]), depth + 1)


def index_dataflow(body: str, var: str, at: int | None = None) -> dict[str, Any]:
    """Follow the asserted index variable back through `tmpN = ...` definitions, each the nearest
    one above its use (`at`: the assertion's offset in `body`; default its end): which pointers
    it is loaded from, whether negatives are wrapped, and which pointer it then indexes into."""
    defs = _definitions(body)
    pos = len(body) if at is None else at
    used: set[int] = set()
    names: set[str] = set()
    todo = [(var, pos)]
    while todo:
        v, before = todo.pop()
        names.add(v)
        d = _nearest(defs, v, before)
        if d is None or d in used:
            continue
        used.add(d)
        todo.extend((t, defs[d][0]) for t in TMP.findall(defs[d][2]))
    exprs = [defs[i][2] for i in sorted(used)]
    sources = sorted({p for e in exprs for p in PTR.findall(e)},
                     key=lambda p: int(re.sub(r"\D", "", p) or 0))
    wraps = any(re.search(r"<\s*0\b", defs[i][2]) or any(
        _is_zero(defs, _nearest(defs, z, defs[i][0])) for z in re.findall(r"<\s*(tmp\d+)\b", defs[i][2]))
        for i in used)
    indexed = None
    later = [d for d in defs if d[0] > pos] or [d for i, d in enumerate(defs) if i not in used]
    for _, _, expr in later:  # the first load after the check whose address uses the index
        ptrs = PTR.findall(expr)
        if ptrs and set(TMP.findall(expr)) & names and ptrs[0] not in sources:
            indexed = ptrs[0]
            break
    return {"sources": tuple(sources), "wraps_negative": wraps, "indexed": indexed}


def _offset_in_body(src: str, kernel_src: str | None, span: tuple[int, int],
                    site: AssertionSite) -> int | None:
    """The assertion's offset inside its kernel's body (`span` in `src`, which is the kernel
    source followed by the wrapper), from the site's member and line."""
    base = 0 if site.member == "kernel.cpp" or not kernel_src else len(kernel_src) + 1
    pos = base
    for _ in range(site.line - 1):
        pos = src.find("\n", pos) + 1
        if pos == 0:
            return None
    return pos - span[0] if span[0] <= pos < span[1] else None


# ---------------------------------------------------------------- the trace


def _choose(sites: list[AssertionSite], line: int | None, kernel: str | None) -> AssertionSite | None:
    if not sites:
        return None
    if kernel:
        named = [s for s in sites if s.kernel == kernel]
        sites = named or sites
    if line is not None:  # exact line first, then the Triton source's line give or take one
        for tolerance in (0, 1):
            for s in sites:
                if (tolerance == 0 and s.line == line) or (
                        s.block_line is not None and abs(s.block_line - line) <= tolerance):
                    return s
    return sites[0]


def trace_bound(wrapper: str | None, kernel_src: str | None = None, *, var: str | None,
                upper: str | None, lower: str | None = None, kernel: str | None = None,
                line: int | None = None, provenance: str | None = None) -> BoundTrace:
    """The six-step manual procedure on text: assertion -> kernel -> call site -> size symbol ->
    input and dimension -> guards -> source nodes and user lines."""
    wrapper = wrapper or ""
    notes: list[str] = []
    sites: list[AssertionSite] = []
    if kernel_src:
        sites = find_assertions(kernel_src, "kernel.cpp", var=var, upper=upper, kernel=kernel)
    if not sites and wrapper:
        sites = find_assertions(wrapper, "wrapper.cpp", var=var, upper=upper, kernel=kernel)
    site = _choose(sites, line, kernel)
    if len({s.kernel for s in sites}) > 1:
        notes.append(f"{len(sites)} assertions match `{var} < {upper or '...'}` in "
                     f"{', '.join(sorted({str(s.kernel) for s in sites}))}; chose {site.kernel if site else None}")
    kname = (site.kernel if site else None) or kernel
    upper = (site.upper if site else None) or upper  # the source is authoritative over the text
    bound_value = const_value(upper)
    bound_param = upper if upper and bound_value is None and re.fullmatch(r"\w+", upper) else None
    trace = BoundTrace(site, upper, bound_value, bound_param, notes=())
    if not site:
        notes.append("the assertion was not found in the package's generated sources")
    if not kname:
        return _with(trace, notes=tuple(notes))
    src_for_kernel = "\n".join(s for s in (kernel_src, wrapper) if s)
    params = kernel_params(wrapper, kname) or kernel_params(src_for_kernel, kname) or ()
    calls = call_sites(wrapper, kname, params) if wrapper else []
    call = calls[0] if calls else None
    if wrapper and not calls:
        notes.append(f"no call site of {kname} found in the wrapper")
    elif len(calls) > 1:
        notes.append(f"{kname} is launched {len(calls)} times; the first call site is used")
    names = input_names(wrapper)
    consts = constants(wrapper)
    syms = size_symbols(wrapper)
    fields: dict[str, Any] = {"call": call}
    if call and bound_param:
        arg = call.arg_for(bound_param)
        fields["bound_arg"] = arg
        found = tuple(dict.fromkeys(SYMBOL_TOKEN.findall(arg or "")))
        fields["symbols"] = found
        for sym in found:
            if sym in syms:
                inp, dim = syms[sym]
                fields.update(input_name=inp, dim=dim, input_index=names.get(inp),
                              guards=guards_for(wrapper, inp, dim))
                break
        else:
            if arg and const_value(arg) is not None:
                fields["bound_value"] = const_value(arg)
            elif found:
                notes.append(f"size symbol {found[0]} has no `int64_t {found[0]} = argN_size[D]` line "
                             "(it may be data-dependent or derived)")
    span = next(((a, b) for n, a, b, _ in _kernel_spans(src_for_kernel) if n == kname), None) \
        if src_for_kernel else None
    body = src_for_kernel[span[0]:span[1]] if span else None
    if body and span and site:
        flow = index_dataflow(body, site.var, _offset_in_body(src_for_kernel, kernel_src, span, site))
        fields["wraps_negative"] = flow["wraps_negative"]
        if call:
            feeds = []
            for p in flow["sources"]:
                a = call.arg_for(p)
                if a:
                    feeds.append((names.get(a), a))
            fields["index_inputs"] = tuple(feeds)
            if flow["indexed"]:
                a = call.arg_for(flow["indexed"])
                if a:
                    fields["indexed"] = a
                    if a in consts:
                        fields["indexed_fqn"] = consts[a].get("fqn")
                        fields["indexed_shape"] = consts[a].get("shape")
    prov = parse_provenance(provenance).get(kname)
    if prov:
        fields["provenance"] = prov
    return _with(trace, notes=tuple(notes), **{k: v for k, v in fields.items() if v is not None})


def _with(trace: BoundTrace, **changes: Any) -> BoundTrace:
    from dataclasses import replace

    return replace(trace, **changes)
