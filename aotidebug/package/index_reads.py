"""Which model inputs a package's kernels use as indices, and against which bound.

Pure text (no torch, no I/O). For each `index out of bounds` assertion in the generated code (C++
kernels of CPU packages; the Triton sources a CUDA package's wrapper embeds), the
index variable is followed back through its `tmpN = ...` definitions. A read is reported only
when every step is a load of one model input (or the kernel's loop counter over an input's size),
a cast or vector conversion, a monotone step with a constant (`+ c`, `- c`, `* c` and `// c` for
c > 0: the extremes of the values map to the extremes of the index), or torch's own
negative-index wrap (`x < 0 ? x + bound : x`). Anything else (a clamp, a `where` with a constant,
`%`, a sum of two inputs, a masked load) gives no read: the index cannot be bounded from the
input's min and max. The bound is a literal (`50L`) or a kernel parameter the wrapper binds to one
size of one input (`ks0` -> `s77` -> `arg0_1_size[0]`); anything else is not reported either.

`safe_load` compares such an input's values with its bound before each call, so an id past a
table is refused by name instead of aborting the process from inside an OpenMP region
(`terminate called after throwing an instance of 'c10::Error'`) or, on a GPU, tripping a
device-side assert that leaves the CUDA context unusable. The Triton grammar is read from torch's
codegen and hand-written fixtures (tests/fixtures/triton), not yet from a real CUDA package.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from . import bounds as B

# Casts and vector conversions that leave an integer index unchanged, written `NAME<...>(E)`.
_CAST_HEAD = re.compile(
    r"(?<![\w:])(?:static_cast|c10::convert|at::vec::convert|at::vec::VectorizedN|at::vec::Vectorized|"
    r"at::vec::VecMask|inductor_vec_mask_cast|int64_t|int32_t|int16_t|int8_t|uint8_t|long)"
    r"\s*(?:<(?:[^<>()]|<[^<>()]*>)*>)?\s*\(")  # inductor_vec_mask_cast<T,N>(m): 2.15.0's mask cast
_TEMPLATE_CAST = re.compile(r"\.template\s+cast<[^<>()]*>\(\)")
_BLENDV = re.compile(r"^decltype\(\s*tmp\d+\s*\)::blendv\(")
_LOAD = re.compile(r"^(?:(?:at::vec::)?Vectorized(?:N)?(?:<[^<>()]*>)?::loadu\(\s*(?P<vptr>in_ptr\d+)\b"
                   r"|(?P<ptr>in_ptr\d+)\s*\[)")
_TMP = re.compile(r"^tmp\d+$")
# Triton: `tl.load(in_ptr0 + (x1), xmask, ...)`, `tl.full([XBLOCK], 8, tl.int32)`, `tl.where(c, a, b)`,
# `tmp0.to(tl.int64)`; a load masked by anything but the tile's own masks is not a plain read.
_TL_CALL = re.compile(r"^tl\.(?P<fn>load|full|where)\(")
_TL_TO = re.compile(r"\.to\(\s*tl\.\w+\s*\)")
_TILE_MASK = re.compile(r"^(?:None|[xyzr]\w*mask(?:\s*&\s*[xyzr]\w*mask)*)$")
_INT = re.compile(r"^-?\d+L?$")
_SYM = re.compile(r"^ks\d+$")
_LOOPVAR = re.compile(r"^x\d+$")
# `for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(ks0); x1+=...)`
_FOR = re.compile(r"for\s*\(\s*int64_t\s+(?P<var>x\d+)\s*=\s*static_cast<int64_t>\((?P<lo>[^()]*)\)\s*;\s*"
                  r"(?P=var)\s*<\s*static_cast<int64_t>\((?P<hi>[^()]*)\)\s*;\s*(?P=var)\s*\+=\s*"
                  r"static_cast<int64_t>\((?P<step>[^()]*)\)\s*\)")


@dataclass(frozen=True)
class IndexRead:
    """A model input whose values a kernel uses as an index, and the valid range.

    Valid values: `[-bound, bound)` when `wraps_negative` (Python-style negative indices), else
    `[0, bound)`. The bound is `bound_value`, or else the size of input `bound_input` at `bound_dim`.
    With `size_dim` set, the index is no value of the input but the kernel's own loop counter over
    `input_index`'s dim `size_dim` (`table[arange(T)]`): that size must not pass the bound.
    `steps` are what the kernel does to the value (or counter) first: `ids - 1`, `t // 120`.
    """

    input_index: int
    input_name: str
    bound_value: int | None
    bound_input: int | None
    bound_dim: int | None
    wraps_negative: bool
    kernel: str
    line: int
    assertion: str
    size_dim: int | None = None  # set: the index is the kernel's loop counter over this dim of input_index
    steps: tuple[tuple[str, int], ...] = ()  # monotone steps from the value to the index: ("+", -1)...

    def formula(self, name: str) -> str:
        """`name` with the steps written out: "ids - 1", "(t // 120)"."""
        for op, c in self.steps:
            name = f"{name} - {-c}" if op == "+" and c < 0 else f"{name} {op} {c}" if op == "+" \
                else f"({name}) {op} {c}" if " " in name else f"{name} {op} {c}"
        return name

    def index_of(self, value: int) -> int:
        """The index the kernel computes from one value of the source (floor division, as
        `c10::div_floor_integer`); the steps are monotone, so the extremes map to the extremes."""
        for op, c in self.steps:
            value = value + c if op == "+" else value * c if op == "*" else value // c
        return value


# ---------------------------------------------------------------- expressions


def _unwrap(expr: str) -> str:
    """`expr` with cast and conversion calls around a single operand removed (innermost first)."""
    s = _TEMPLATE_CAST.sub("", expr.strip())
    for _ in range(20):
        m = next((m for m in _CAST_HEAD.finditer(s)), None)
        if m is None:
            break
        inner = B._balanced(s, m.end() - 1)
        if inner is None:
            break
        end = m.end() + len(inner) + 1
        inner = inner.strip()
        s = s[:m.start()] + (inner if re.fullmatch(r"\w+", inner) else "(" + inner + ")") + s[end:]
    s = s.strip()
    while s.startswith("(") and B._balanced(s, 0) == s[1:-1]:
        s = s[1:-1].strip()
    return s


def _kind(expr: str, env: dict[str, tuple], bound: tuple) -> tuple:
    """Abstract value of one definition, given the kinds of the earlier ones in the chain (`env`):
    ("x", src, steps) the source (a loaded pointer or a loop counter) after monotone `steps`;
    ("w", src, steps) that, wrapped as torch wraps negative indices; ("xb", src, steps, c) it plus
    the bound (`c` the bound's value, None for a size); ("neg", src, steps) its `< 0` mask;
    ("const", n); ("bound",) the symbolic bound; or ("bad",)."""
    raw = expr.strip()
    if raw.startswith("[&]"):  # a vectorised conversion through a buffer: one operand, no arithmetic
        ops = re.findall(r"\btmp\d+\b", raw)
        if "tmpbuf" in raw and "in_ptr" not in raw and len(set(ops)) == 1 \
                and not re.search(r"[-+*/%?]|\bmin\b|\bmax\b", re.sub(r"for\s*\([^)]*\)|\+\+|\[[^\]]*\]", "", raw)):
            return env.get(ops[0], ("bad",))
        return ("bad",)
    raw = _TL_TO.sub("", raw)
    m = _TL_CALL.match(raw)
    if m:
        inner = B._balanced(raw, m.end() - 1)
        if inner is None or m.end() + len(inner) + 1 != len(raw):
            return ("bad",)
        parts = B.split_args(inner)
        if m.group("fn") == "load":
            pm = re.match(r"(in_ptr\d+)\b", parts[0]) if parts else None
            mask = parts[1] if len(parts) > 1 and "=" not in parts[1] else "None"
            if pm and "tmp" not in parts[0] and _TILE_MASK.match(mask.strip()):
                return ("x", pm.group(1), ())
            return ("bad",)
        if m.group("fn") == "full":
            return _kind(parts[1], env, bound) if len(parts) == 3 and "tmp" not in parts[1] else ("bad",)
        if len(parts) == 3:  # where
            return _select(env.get(parts[0].strip(), ("bad",)), parts[1].strip(), parts[2].strip(), env)
        return ("bad",)
    m = _LOAD.match(raw)
    if m:
        ptr = m.group("vptr") or m.group("ptr")
        opener = raw.index("(" if m.group("vptr") else "[", m.start())
        inner = B._balanced(raw, opener)
        if inner is not None and "tmp" not in inner and opener + len(inner) + 2 == len(raw):
            return ("x", ptr, ())
        return ("bad",)
    if _BLENDV.match(raw):
        inner = B._balanced(raw, raw.index("(", raw.index("::blendv")))
        parts = [_unwrap(p) for p in B.split_args(inner or "")]
        if len(parts) == 3:
            return _select(env.get(parts[2], ("bad",)), parts[1], parts[0], env)
        return ("bad",)
    s = _unwrap(raw)
    if re.fullmatch(r"\w+", s):
        return _leaf(s, env, bound)
    m = re.fullmatch(r"(tmp\d+)\s*\?\s*(tmp\d+)\s*:\s*(tmp\d+)", s)
    if m:
        return _select(env.get(m.group(1), ("bad",)), m.group(2), m.group(3), env)
    m = re.fullmatch(r"(\w+)\s*<\s*(\w+)", s)
    if m:
        a, b = _leaf(m.group(1), env, bound), _leaf(m.group(2), env, bound)
        return ("neg", a[1], a[2]) if a[0] == "x" and b == ("const", 0) else ("bad",)
    m = re.fullmatch(r"(\w+)\s*([-+*])\s*(\w+)", s) or re.fullmatch(
        r"c10::div_floor_integer\((\w+),\s*()(\w+)\)", s)
    if m:
        return _step(_leaf(m.group(1), env, bound), m.group(2) or "//", _leaf(m.group(3), env, bound), bound)
    return ("bad",)


def _step(a: tuple, op: str, b: tuple, bound: tuple) -> tuple:
    """`a op b` where one side is the source and the other a constant: a monotone step (+c, -c,
    *c with c > 0, //c with c > 0), or the bound added for torch's wrap."""
    if op in "+*" and b[0] == "x" and a[0] != "x":
        a, b = b, a
    if a[0] != "x":
        return ("bad",)
    if op == "+" and b == ("bound",):
        return ("xb", a[1], a[2], None)
    if b[0] != "const":
        return ("bad",)
    c = b[1]
    if op == "+" and bound == ("value", c):
        return ("xb", a[1], a[2], c)
    if op in "+-":
        return ("x", a[1], a[2] + (("+", c if op == "+" else -c),))
    if c > 0:
        return ("x", a[1], a[2] + ((op, c),))
    return ("bad",)


def _leaf(tok: str, env: dict[str, tuple], bound: tuple) -> tuple:
    """The kind of one token: a tmp (from `env`), a loop counter, an integer, a size parameter."""
    if _TMP.match(tok):
        return env.get(tok, ("bad",))
    if _LOOPVAR.match(tok):  # `auto tmp1 = x1;`: arange folded into the loop counter
        return ("x", tok, ())
    if _INT.match(tok):
        return ("const", int(tok.rstrip("L")))
    if _SYM.match(tok) and bound == ("param", tok):
        return ("bound",)
    return ("bad",)


def _select(mask: tuple, if_true: str, if_false: str, env: dict[str, tuple]) -> tuple:
    """`mask ? a : b` is torch's wrap only as `x < 0 ? x + bound : x` on one source value."""
    a, b = env.get(if_true, ("bad",)), env.get(if_false, ("bad",))
    if mask[0] == "neg" and a[:3] == ("xb", mask[1], mask[2]) and b == ("x", mask[1], mask[2]):
        return ("w", mask[1], mask[2])
    return ("bad",)


def plain_read(body: str, var: str, at: int, bound: tuple) -> tuple[str, bool, tuple] | None:
    """(source, wraps_negative, steps) when `var` at offset `at` of a kernel body is one pointer's
    value or the loop counter (the source) after monotone steps, else None.
    `bound`: ("value", n) or ("param", "ks0")."""
    defs = B._definitions(body)
    chain: list[int] = []
    todo, seen = [(var, at)], set()
    while todo:
        v, before = todo.pop()
        i = B._nearest(defs, v, before)
        if i is None:
            return None
        if i in seen:
            continue
        seen.add(i)
        chain.append(i)
        todo.extend((t, defs[i][0]) for t in re.findall(r"\btmp\d+\b", defs[i][2]))
        if len(chain) > 40:
            return None
    env: dict[str, tuple] = {}  # each name's kind at its latest definition so far
    for i in sorted(chain):  # source order: operands are defined before use
        env[defs[i][1]] = _kind(defs[i][2], env, bound)
    top = env[var]
    if top[0] == "xb" and top[3] is not None:  # an offset that happens to equal the bound
        top = ("x", top[1], top[2] + (("+", top[3]),))
    if top[0] in ("x", "w"):
        return top[1], top[0] == "w", top[2]
    return None


def loop_extent(body: str, var: str, at: int) -> str | None:
    """The upper end (`ks0`, `16L`) of the innermost enclosing `for` over `var` that starts at 0
    and steps by 1 (a vectorised loop steps by its width: its counter is no scalar index)."""
    heads = [m for m in _FOR.finditer(body, 0, at) if m.group("var") == var]
    if not heads:
        return None
    m = heads[-1]
    if B.const_value(m.group("lo")) != 0 or B.const_value(m.group("step")) != 1:
        return None
    return m.group("hi").strip()


# ---------------------------------------------------------------- the package


def plain_index_reads(wrapper: str | None, kernel_src: str | None) -> tuple[IndexRead, ...]:
    """Every plain index read in a package's generated sources (see the module docstring): the
    C++ kernels of `kernel_src`, and Triton kernels embedded in `wrapper`; empty when the
    sources are absent or in a form this reader does not know."""
    if not wrapper:
        return ()
    names = B.input_names(wrapper)
    syms = functools.cache(lambda: B.size_symbols(wrapper))  # read only for a bound that is a size
    out: dict[tuple, IndexRead] = {}
    # a CPU wrapper beside its kernel.cpp defines no kernels: read it for Triton sources only
    own = "triton" in wrapper or not kernel_src
    for src, member in ((kernel_src, "kernel.cpp"), (wrapper if own else None, "wrapper.cpp")):
        if not src or "index out of bounds" not in src:
            continue
        found = B._kernel_spans(src)
        spans = {n: (a, b) for n, a, b, _ in found}
        for site in B.find_assertions(src, member, spans=found):
            r = _read_at(site, src, spans, wrapper, names, syms)
            if r is not None:
                out.setdefault((r.input_index, r.bound_value, r.bound_input, r.bound_dim, r.wraps_negative,
                                r.size_dim, r.steps), r)
    return tuple(out.values())


def _read_at(site: B.AssertionSite, src: str, spans: dict[str, tuple[int, int]], wrapper: str,
             names: dict[str, int], size_symbols: Callable[[], dict[str, tuple[str, int]]]) -> IndexRead | None:
    """The IndexRead of one assertion, or None where any step is not plain."""
    if site.kernel not in spans or not site.upper or site.lower not in (None, "0"):
        return None
    a, b = spans[site.kernel]
    at = B._offset_in_body(src, None, (a, b), site)
    value = B.const_value(site.upper)
    if at is None or (value is None and not _SYM.match(site.upper)):
        return None
    read = plain_read(src[a:b], site.var, at, ("value", value) if value is not None else ("param", site.upper))
    if read is None:
        return None
    params = B.kernel_params(wrapper, site.kernel) or B.kernel_params(src, site.kernel) or ()
    calls = B.call_sites(wrapper, site.kernel, params)
    if len(calls) != 1:
        return None
    if _LOOPVAR.match(read[0]):  # the counter runs to a size of one input: that size is the index
        if value is None:
            return None
        syms = size_symbols()
        extent = loop_extent(src[a:b], read[0], at)
        sym = calls[0].arg_for(extent) if extent and _SYM.match(extent) else None
        if sym not in syms or syms[sym][0] not in names:
            return None
        inp, dim = syms[sym]
        return IndexRead(names[inp], inp, value, None, None, read[1], site.kernel or "", site.line,
                         site.code, size_dim=dim, steps=read[2])
    arg = calls[0].arg_for(read[0])
    if arg is None or arg not in names:
        return None
    bound_input = bound_dim = None
    if value is None:
        syms = size_symbols()
        bound_arg = calls[0].arg_for(site.upper) or ""
        if (const_arg := B.const_value(bound_arg)) is not None:
            value = const_arg
        elif bound_arg in syms and syms[bound_arg][0] in names:
            bound_input, bound_dim = names[syms[bound_arg][0]], syms[bound_arg][1]
        else:
            return None
    return IndexRead(names[arg], arg, value, bound_input, bound_dim, read[1], site.kernel or "",
                     site.line, site.code, steps=read[2])
