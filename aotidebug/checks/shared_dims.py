"""Sizes the program ties together (AOTC037): two inputs whose compiled dims are one dynamic
symbol, or an expression of it (`2L*s27`), must agree.

The compiled code binds each symbol from the first input that carries it alone
(`int64_t s77 = arg3_1_size[0];`) and never reads the other inputs' size unless
AOTI_RUNTIME_CHECK_INPUTS=1. An input that disagrees is read past its end or only in part, and
the call fails far from the cause: an index assertion on garbage ids, a crash, or wrong numbers
(measured on torch 2.13: a (5, 8) batch with 4 ids read `index out of bounds: 0 <= tmp2 < 10L`).
Pure: shapes in, disagreements out; the input checker turns them into findings.
"""

from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence, Union

# one compiled dimension as the input checker holds it: a static size or (symbol, min, max)
Dim = Union[int, tuple[str, Optional[int], Optional[int]]]
Evaluate = Callable[[Mapping[str, int]], Optional[int]]

_SYMBOL = re.compile(r"[A-Za-z_]\w*")
MAX_EXPRESSION = 200  # characters: a size expression Inductor writes is short; a longer one is left unchecked
_CXX_INT = re.compile(r"\b(\d+)[LlUu]*\b")  # 2L, 64UL: C++ literal suffixes
_OPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Div: operator.floordiv,  # sizes: C++ integer division
}


@dataclass(frozen=True)
class Place:
    """One dim of one input."""

    input: int
    dim: int


@dataclass(frozen=True)
class Tie:
    """A dim whose size the compiled code computes from symbols bound at other places."""

    place: Place
    expression: str                  # as the package writes it: `s77`, `2L*s27`
    bound_at: tuple[tuple[str, Place], ...]  # each symbol it uses, and the place that binds it
    evaluate: Evaluate
    same: Place | None = None        # the expression is the bare symbol: equal to this place's size

    def describe(self, names: Sequence[str] = ()) -> str:
        """`in [1] ids dim 0 = in [0] x dim 0 (s17)`, or with an expression
        `in [2] y dim 1 = 2L*s27 (s27: in [0] x dim 1)`; `names` are the inputs' names."""
        def at(p: Place) -> str:
            name = f" {names[p.input]}" if p.input < len(names) and names[p.input] else ""
            return f"in [{p.input}]{name} dim {p.dim}"
        if self.same is not None:
            return f"{at(self.place)} = {at(self.same)} ({self.expression})"
        bound = ", ".join(f"{n}: {at(p)}" for n, p in self.bound_at)
        return f"{at(self.place)} = {self.expression} ({bound})"

    def to_dict(self) -> dict[str, Any]:
        return {"input": self.place.input, "dim": self.place.dim, "expression": self.expression,
                "bound_at": [{"symbol": n, "input": p.input, "dim": p.dim} for n, p in self.bound_at],
                "same_as": None if self.same is None else {"input": self.same.input, "dim": self.same.dim}}


@dataclass(frozen=True)
class Disagreement:
    tie: Tie
    want: int                        # what the compiled code takes the size to be
    got: int
    values: tuple[tuple[str, int], ...]  # each symbol's value, as bound


def compile_expression(text: str) -> tuple[Evaluate, frozenset[str]] | None:
    """An evaluator of a size expression (+, -, *, integer division, literals, symbols) and the
    symbols it reads; None for anything else (a call such as `c10::div_floor_integer`)."""
    if len(text) > MAX_EXPRESSION:
        return None
    try:
        tree = ast.parse(_CXX_INT.sub(r"\1", text.strip()), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    names: set[str] = set()

    def ok(node: ast.AST) -> bool:
        if isinstance(node, ast.BinOp):
            return type(node.op) in _OPS and ok(node.left) and ok(node.right)
        if isinstance(node, ast.UnaryOp):
            return isinstance(node.op, ast.USub) and ok(node.operand)
        if isinstance(node, ast.Name):
            names.add(node.id)
            return True
        return isinstance(node, ast.Constant) and type(node.value) is int

    try:
        if not ok(tree):
            return None
    except RecursionError:
        return None

    def value(node: ast.AST, env: Mapping[str, int]) -> int:
        if isinstance(node, ast.BinOp):
            right = value(node.right, env)
            if isinstance(node.op, (ast.FloorDiv, ast.Div)) and right == 0:
                raise ZeroDivisionError
            return _OPS[type(node.op)](value(node.left, env), right)
        if isinstance(node, ast.UnaryOp):
            return -value(node.operand, env)
        if isinstance(node, ast.Name):
            return env[node.id]
        assert isinstance(node, ast.Constant) and type(node.value) is int
        return node.value

    def evaluate(env: Mapping[str, int]) -> int | None:
        try:
            return value(tree, env)
        except (KeyError, ZeroDivisionError, RecursionError):
            return None

    return evaluate, frozenset(names)


def find_ties(inputs: Sequence[Sequence[Dim]]) -> tuple[Tie, ...]:
    """The ties of a contract, one entry per input (its compiled dims). A symbol is bound at the
    first place it stands alone, in input order as the generated code binds it; every other dim
    that reads only bound symbols is a tie. Unknown symbols (`?1`) tie nothing."""
    binders: dict[str, Place] = {}
    for i, dims in enumerate(inputs):
        for d, dim in enumerate(dims):
            if not isinstance(dim, int) and _SYMBOL.fullmatch(dim[0]) and dim[0] not in binders:
                binders[dim[0]] = Place(i, d)
    ties = []
    for i, dims in enumerate(inputs):
        for d, dim in enumerate(dims):
            if isinstance(dim, int) or binders.get(dim[0]) == Place(i, d):
                continue
            compiled = compile_expression(dim[0])
            if compiled is None or not compiled[1] or not compiled[1] <= binders.keys():
                continue
            evaluate, names = compiled
            ties.append(Tie(Place(i, d), dim[0], tuple((n, binders[n]) for n in sorted(names)), evaluate,
                            binders.get(dim[0])))
    return tuple(ties)


def spec_ties(specs: Sequence[Any]) -> tuple[Tie, ...]:
    """`find_ties` over a package's InputSpecs (package/inspect.py): a DimInfo is dynamic, an int
    static; an input whose sizes are not recorded ties nothing."""
    return find_ties([tuple((w.symbol, w.min, w.max) if is_dim(w) else w for w in (s.sizes or ()))
                      for s in specs])


def is_dim(size: Any) -> bool:
    """A dynamic size as a package's InputSpec holds it (a DimInfo: symbol, min, max)."""
    return hasattr(size, "symbol") and hasattr(size, "min") and hasattr(size, "max")


def agree(ties: Sequence[Tie], shapes: Sequence[Sequence[int]]) -> bool:
    """No tie broken, for shapes whose ranks are already checked (the input checker's fast path;
    `disagreements` explains). A bare symbol costs one comparison."""
    for tie in ties:
        if tie.same is not None:
            if shapes[tie.place.input][tie.place.dim] != shapes[tie.same.input][tie.same.dim]:
                return False
        else:
            want = tie.evaluate({n: shapes[at.input][at.dim] for n, at in tie.bound_at})
            if want is not None and want != shapes[tie.place.input][tie.place.dim]:
                return False
    return True


def disagreements(ties: Sequence[Tie], shapes: Sequence[Sequence[int] | None]) -> list[Disagreement]:
    """Each tie the shapes break (a shape is None where the input is missing or not a tensor; a
    tie that reads a place out of its input's rank is skipped: AOTC030 says that)."""
    out = []
    for tie in ties:
        env: dict[str, int] = {}
        for name, at in tie.bound_at:
            shape = shapes[at.input] if at.input < len(shapes) else None
            if shape is None or at.dim >= len(shape):
                break
            env[name] = int(shape[at.dim])
        else:
            shape = shapes[tie.place.input] if tie.place.input < len(shapes) else None
            if shape is None or tie.place.dim >= len(shape):
                continue
            want = tie.evaluate(env)
            got = int(shape[tie.place.dim])
            if want is not None and want != got:
                out.append(Disagreement(tie, want, got, tuple(sorted(env.items()))))
    return out
