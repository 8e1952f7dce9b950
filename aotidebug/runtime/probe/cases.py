"""Probe cases generated from a package's compiled contract: the example, each dynamic dimension at and beyond its range, static sizes, layouts, dtypes, arity and dict order. Pure: no torch, no I/O."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from ...checks.inputs import at_floor
from ...checks.shared_dims import Place, Tie, disagreements, is_dim, spec_ties
from ...core.errors import AOTIDebugError


FLOAT_DTYPES = ("float32", "float64", "float16", "bfloat16")
INT_DTYPES = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
MAX_CASE_BYTES = 1 << 30   # a generated case whose inputs exceed this is skipped (noted)
VERDICTS_ALL = ("ok", "refused", "crashed", "hang", "wrong", "accepted", "error")


# ============================================================================ 1. case generation
@dataclass(frozen=True)
class InputRecipe:
    """How to build one flat input of a case from its base (example or synthesised) tensor:
    values are the base's, cycled to the new numel, cast to `dtype`, laid out as `layout`
    ("contiguous", "transposed": last two dims swapped in memory, "strided": every other element,
    "channels_last")."""

    shape: tuple[int, ...]
    dtype: str
    layout: str = "contiguous"


@dataclass(frozen=True)
class CaseSpec:
    name: str
    kind: str          # example | dim | static | layout | dtype | arity | dict_order
    description: str
    in_contract: bool
    inputs: tuple[InputRecipe, ...]
    arity: int = 0             # -1: one argument too few, +1: one too many
    dict_order: bool = False   # every dict argument with its keys in reverse order
    subject: Mapping[str, Any] = field(default_factory=dict, compare=False)


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    out, acc = [], 1
    for s in reversed(shape):
        out.append(acc)
        acc *= max(int(s), 1)
    return tuple(reversed(out))


def layout_strides(shape: Sequence[int], layout: str) -> tuple[int, ...]:
    """The strides `materialize` gives a tensor of `shape` in `layout` (pure)."""
    shape = tuple(shape)
    if layout == "transposed" and len(shape) >= 2:
        swapped = shape[:-2] + (shape[-1], shape[-2])
        st = contiguous_strides(swapped)
        return st[:-2] + (st[-1], st[-2])
    if layout == "strided" and len(shape) >= 1:
        return tuple(2 * s for s in contiguous_strides(shape))
    if layout == "channels_last" and len(shape) == 4:
        n, c, h, w = shape
        c, h, w = max(c, 1), max(h, 1), max(w, 1)
        return (h * w * c, 1, w * c, c)
    return contiguous_strides(shape)


def recipe_in_contract(spec: Any, r: InputRecipe) -> tuple[bool, str]:
    """(in contract, why not) for one input against its InputSpec (unknown parts pass)."""
    if spec.dtype and r.dtype != spec.dtype:
        return False, f"dtype {r.dtype}, compiled for {spec.dtype}"
    if spec.sizes is not None:
        if len(spec.sizes) != len(r.shape):
            return False, f"{len(r.shape)} dims, compiled for {len(spec.sizes)}"
        for d, (want, got) in enumerate(zip(spec.sizes, r.shape)):
            if is_dim(want):
                lo = want.min if want.min is not None else (0 if got in (0, 1) else None)
                if at_floor(got, lo):  # Inductor's floor, not the export's: runs (AOTC038)
                    lo = 1
                if (lo is not None and got < lo) or (want.max is not None and got > want.max):
                    return False, f"dim {d} = {got} outside {want.symbol} {_range(want)}"
            elif isinstance(want, int) and got != want:
                return False, f"dim {d} = {got}, compiled for {want}"
    if spec.strides is not None and len(spec.strides) == len(r.shape):
        got_st = layout_strides(r.shape, r.layout)
        for d, (want, got, size) in enumerate(zip(spec.strides, got_st, r.shape)):
            if isinstance(want, int) and size > 1 and want != got:
                return False, f"stride {got} at dim {d}, compiled for {want}"
    return True, ""


def _range(dim: Any) -> str:
    lo = "" if dim.min is None else dim.min
    hi = "" if dim.max is None else dim.max
    return f"{lo}..{hi}"


def _shape_str(shape: Sequence[int]) -> str:
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def _dim_default(dim: Any) -> int:
    lo = dim.min if dim.min is not None else 2
    hi = dim.max if dim.max is not None else max(lo, 8)
    return min(max(4, lo), hi)


def contract_shapes(specs: Sequence[Any]) -> list[tuple[int, ...]]:
    """Example shapes from the contract alone: static sizes, each dynamic dim at a value inside
    its range (4 clamped to the range; the same symbol gets the same value, and a dim derived from
    symbols, such as `2L*s1`, the value the compiled code computes)."""
    out = []
    for s in specs:
        if s.sizes is None:
            raise AOTIDebugError(f"the contract does not record the sizes of input {s.index} "
                                 f"({s.name}): pass inputs= (example inputs) to probe it")
        out.append(tuple(_dim_default(d) if is_dim(d) else int(d) for d in s.sizes))
    for t in spec_ties(specs):
        v = t.evaluate({n: out[at.input][at.dim] for n, at in t.bound_at}) if t.same is None else None
        if v is not None and v >= 0:
            out[t.place.input] = tuple(v if d == t.place.dim else x for d, x in enumerate(out[t.place.input]))
    return out


def leaf_paths(struct: Any, n: int) -> list[str]:
    """'args[0]', "args[1]['a']", "kwargs['x']" per flat input (positional when unknown)."""
    paths: list[str] = []

    def walk(node: Any, path: str) -> None:
        if node == "leaf":
            paths.append(path)
        elif node[0] == "dict":
            for k, c in zip(node[1], node[2]):
                walk(c, f"{path}[{k!r}]")
        else:
            for i, c in enumerate(node[1]):
                walk(c, f"{path}[{i}]")

    if _is_call_struct(struct):
        walk(struct[1][0], "args")
        walk(struct[1][1], "kwargs")
    if len(paths) != n:
        paths = [f"args[{i}]" for i in range(n)]
    return paths


def _is_call_struct(struct: Any) -> bool:
    return (isinstance(struct, tuple) and struct[0] == "tuple" and len(struct[1]) == 2
            and isinstance(struct[1][0], tuple) and struct[1][1][0] == "dict")


def _dict_keys(struct: Any) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []

    def walk(node: Any) -> None:
        if node == "leaf":
            return
        if node[0] == "dict":
            if len(node[1]) >= 2:
                out.append(tuple(str(k) for k in node[1]))
            for c in node[2]:
                walk(c)
        else:
            for c in node[1]:
                walk(c)

    if _is_call_struct(struct):
        walk(struct[1][0])
        for c in struct[1][1][2]:  # the kwargs dict itself is matched by name, not order
            walk(c)
    return out


class Variant(NamedTuple):
    """One generated case before the contract check: what `generate_cases` adds."""

    name: str
    kind: str
    desc: str
    recipes: Sequence[InputRecipe]
    subject: Mapping[str, Any]


def _following(derived: Sequence[Tie], sym: str, v: int,
               base: Sequence[InputRecipe]) -> list[tuple[int, int, int | None]]:
    """(input, dim, size) of each dim derived from `sym` when it is `v`, the other symbols at the
    example's values (None: not computable)."""
    out = []
    for t in derived:
        if sym not in dict(t.bound_at):
            continue
        env = {n: v if n == sym else base[at.input].shape[at.dim] for n, at in t.bound_at
               if n == sym or at.dim < len(base[at.input].shape)}
        out.append((t.place.input, t.place.dim, t.evaluate(env)))  # a missing symbol: None
    return out


def _variants(specs: Sequence[Any], paths: Sequence[str], base: tuple[InputRecipe, ...],
              ties: Sequence[Tie] = ()) -> Iterator[Variant]:
    """The dimension, static-size, layout and dtype cases, each a change to the example."""
    # dynamic dimensions, one symbol at a time (every input dim bound to it moves together, and
    # each dim derived from it, such as `2L*s1`, follows as the compiled code computes it)
    derived = [t for t in ties if t.same is None]
    derived_at = {t.place for t in derived}
    symbols: dict[str, tuple[Any, list[tuple[int, int]]]] = {}
    for i, s in enumerate(specs):
        for d, size in enumerate(s.sizes or ()):
            if is_dim(size) and Place(i, d) not in derived_at:
                symbols.setdefault(size.symbol, (size, []))[1].append((i, d))
    for sym, (dim, where) in symbols.items():
        lo, hi = dim.min, dim.max
        values: dict[int, list[str]] = {}
        for label, v in (("min", lo), ("max", hi),
                         ("middle", None if lo is None or hi is None else (lo + hi) // 2),
                         ("min-1", None if lo is None else lo - 1),
                         ("max+1", None if hi is None else hi + 1), ("zero", 0), ("one", 1)):
            if v is not None and v >= 0:
                values.setdefault(v, []).append(label)
        at = ", ".join([f"{paths[i]}.shape[{d}]" for i, d in where] + [
            f"{paths[t.place.input]}.shape[{t.place.dim}] ({t.expression})" for t in derived
            if sym in dict(t.bound_at)])
        for v, labels in values.items():
            recipes = list(base)
            for i, d, size in [(i, d, v) for i, d in where] + _following(derived, sym, v, base):
                if size is None or size < 0 or d >= len(recipes[i].shape):
                    continue
                sh = list(recipes[i].shape)
                sh[d] = size
                recipes[i] = replace(recipes[i], shape=tuple(sh))
            floor = at_floor(v, lo)  # below Inductor's floor, not the export's (AOTC038)
            inside = (lo is None or v >= lo or floor) and (hi is None or v <= hi)
            rng = f"{sym} {_range(dim)}" + (", whose 2 is Inductor's floor" if floor else "")
            yield Variant(f"{sym}={v} ({', '.join(labels)})", "dim",
                f"{at} = {v} ({'inside' if inside else 'outside'} Dim {rng})", recipes,
                {"symbol": sym, "value": v, "min": lo, "max": hi, "at": at})

    # static dimensions: one smaller (1) and one larger (+1) size per input dim
    for i, s in enumerate(specs):
        for d, size in enumerate(s.sizes or ()):
            if is_dim(size) or not isinstance(size, int):
                continue
            for label, v in (("smaller", 1 if size > 1 else None), ("larger", size + 1)):
                if v is None:
                    continue
                recipes = list(base)
                sh = list(recipes[i].shape)
                if d >= len(sh):
                    continue
                sh[d] = v
                recipes[i] = replace(recipes[i], shape=tuple(sh))
                yield Variant(f"{paths[i]}.shape[{d}]={v} ({label})", "static",
                    f"{paths[i]} {_shape_str(sh)}: static dim {d} is {size}, here {v}", recipes,
                    {"input": paths[i], "dim": d, "value": v, "compiled": size})

    # layouts: a non-contiguous view of each input, channels_last for 4-D inputs
    for i, r in enumerate(base):
        layouts = []
        if len(r.shape) >= 2 and not (r.shape[-1] <= 1 and r.shape[-2] <= 1):
            layouts.append(("transposed", "a transposed view (last two dims swapped in memory)"))
        elif len(r.shape) == 1 and r.shape[0] > 1:
            layouts.append(("strided", "a strided view (every other element)"))
        if len(r.shape) == 4:
            layouts.append(("channels_last", "channels_last"))
        for lay, what in layouts:
            recipes = list(base)
            recipes[i] = replace(r, layout=lay)
            st = layout_strides(r.shape, lay)
            yield Variant(f"{paths[i]} {lay}", "layout",
                f"{paths[i]} {_shape_str(r.shape)} as {what}, strides {_shape_str(st)}", recipes,
                {"input": paths[i], "layout": lay, "strides": st})

    # other floating dtypes
    for i, r in enumerate(base):
        if r.dtype not in FLOAT_DTYPES:
            continue
        for dt in FLOAT_DTYPES:
            if dt == r.dtype:
                continue
            recipes = list(base)
            recipes[i] = replace(r, dtype=dt)
            yield Variant(f"{paths[i]} {dt}", "dtype", f"{paths[i]} as {dt} (compiled: "
                f"{specs[i].dtype or '?'})", recipes,
                {"input": paths[i], "dtype": dt, "compiled": specs[i].dtype})


def generate_cases(specs: Sequence[Any], struct: Any, base_shapes: Sequence[Sequence[int]],
                   base_dtypes: Sequence[str], *, max_bytes: int = MAX_CASE_BYTES,
                   notes: list[str] | None = None) -> list[CaseSpec]:
    """Every case for one model, from its InputSpecs (`specs`), its call structure (`struct`, from
    `spec_structure`) and the example's shapes and dtypes. Pure: no torch, no I/O. Duplicates
    (same inputs as an earlier case) are dropped; cases over `max_bytes` are skipped (noted)."""
    n = len(specs)
    paths = leaf_paths(struct, n)
    base = tuple(InputRecipe(tuple(int(x) for x in sh), dt) for sh, dt in zip(base_shapes, base_dtypes))
    cases: list[CaseSpec] = []
    seen: set = set()
    ties = spec_ties(specs)

    def add(name: str, kind: str, desc: str, recipes: Sequence[InputRecipe], *, arity: int = 0,
            dict_order: bool = False, subject: Mapping[str, Any] | None = None) -> None:
        recipes = tuple(recipes)
        key = (recipes, arity, dict_order)
        if key in seen:
            return
        nbytes = sum(math.prod(r.shape) * _itemsize(r.dtype) * (2 if r.layout == "strided" else 1)
                     for r in recipes)
        if nbytes > max_bytes:
            if notes is not None:
                notes.append(f"case {name!r} skipped: its inputs would take {nbytes} bytes "
                             f"(limit {max_bytes})")
            return
        seen.add(key)
        why = [f"{paths[i]}: {w}" for i, (s, r) in enumerate(zip(specs, recipes))
               for ok, w in [recipe_in_contract(s, r)] if not ok]
        why += [f"{paths[b.tie.place.input]}: dim {b.tie.place.dim} = {b.got}, tied to "  # AOTC037
                f"{b.tie.expression} = {b.want}" for b in disagreements(ties, [r.shape for r in recipes])]
        in_contract = not why and arity == 0 and not dict_order
        if name == "example" and why and notes is not None:
            notes.append(f"the example inputs are outside the compiled contract ({'; '.join(why)}); "
                         "the layout and dtype cases made from them are too")
        subj = dict(subject or {})
        if why:
            subj["out_of_contract"] = why
        cases.append(CaseSpec(name, kind, desc, in_contract, recipes, arity, dict_order, subj))

    add("example", "example", "the example inputs: " + ", ".join(
        f"{p} {r.dtype}{_shape_str(r.shape)}" for p, r in zip(paths, base)), base)

    for v in _variants(specs, paths, base, ties):
        add(v.name, v.kind, v.desc, v.recipes, subject=v.subject)

    # call structure
    add("one argument too few", "arity", f"the call without its last argument ({paths[-1] if paths else '-'})",
        base, arity=-1, subject={"arity": -1})
    add("one argument too many", "arity", "the call with one extra positional tensor argument", base,
        arity=+1, subject={"arity": 1})
    keys = _dict_keys(struct)
    if keys:
        add("dict keys reordered", "dict_order", "dict argument(s) with their keys in reverse order "
            "(export order: " + "; ".join(", ".join(k) for k in keys) + ")", base, dict_order=True,
            subject={"keys": [list(k) for k in keys]})
    return cases


def _itemsize(dtype: str) -> int:
    return {"float64": 8, "int64": 8, "uint64": 8, "complex64": 8, "complex128": 16, "float16": 2,
            "bfloat16": 2, "int16": 2, "uint16": 2, "int8": 1, "uint8": 1, "bool": 1}.get(dtype, 4)
