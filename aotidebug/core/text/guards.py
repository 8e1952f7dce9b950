"""Read export's constraint-violation lines and find a guard that holds for every value of the
range the user declared ("Not all values of t = L['x'].size()[1] in the specified range
4 <= t <= 512 satisfy the generated guard (L['x'].size()[1] // 2) <= L['x'].size()[1]").

Such a guard is no violation: export's symbolic reasoning could not prove it (an upper bound
of `t // 2` by `t`), and it reports it all the same. The guard is evaluated over the range with
a small arithmetic evaluator (integers, comparisons, `//`, `%`, `math.ceil` and kin); nothing is
executed. Pure: no torch, no I/O."""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable

__all__ = ["always_true_guard"]

_GUARD_WORDS = "satisfy the generated guard"  # in every line read; a text without it is skipped

_LINE = re.compile(r"Not all values of (?P<name>\w+) = (?P<expr>[^\n]+?) in the specified range "
                   r"(?P<range>[^\n]*?) satisfy the generated guard (?P<guard>[^\n]+?)\.?[ \t]*$", re.M)
_RANGE = re.compile(r"^\s*(?:(?P<lo>-?\d+) <= )?(?P<name>\w+) <= (?P<hi>-?\d+)\s*$")
MAX_VALUES = 20_000   # past this many values in the range, the guard is not evaluated
_DEFAULT_LOW = 2      # a dynamic dim export does not specialise: sizes 0 and 1 are never its values
_FUNCS: dict[str, Callable[[float], float]] = {
    "math.ceil": math.ceil, "math.floor": math.floor, "math.trunc": math.trunc,
    "torch.sym_float": float, "float": float, "int": int,
    "CeilToInt": math.ceil, "FloorToInt": math.floor, "TruncToInt": math.trunc,
}

# built once: a guard is evaluated at every value of its range
_BINARY: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Div: operator.truediv}
_COMPARE: dict[type, Callable[[float, float], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge}


class _NotArithmetic(Exception):
    """The guard holds something the evaluator does not read (another symbol, a call)."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    raise _NotArithmetic


def _eval(node: ast.expr, v: int) -> float | bool:
    """The value of one guard node at v (`_NotArithmetic` for anything else)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name) and node.id == "v":
        return v
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand, v)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _eval(node.operand, v)
    if isinstance(node, ast.BoolOp):
        vals = [_eval(x, v) for x in node.values]
        return all(vals) if isinstance(node.op, ast.And) else any(vals)
    if isinstance(node, ast.BinOp):
        a, b = _eval(node.left, v), _eval(node.right, v)
        op = _BINARY.get(type(node.op))
        if op is None:
            raise _NotArithmetic
        return op(a, b)  # ZeroDivisionError: the caller reads the guard as not always true
    if isinstance(node, ast.Compare):
        left = _eval(node.left, v)
        for cmp, right_node in zip(node.ops, node.comparators):
            right = _eval(right_node, v)
            test = _COMPARE.get(type(cmp))
            if test is None:
                raise _NotArithmetic
            if not test(left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        fn = _FUNCS.get(_name(node.func))
        if fn is None:
            raise _NotArithmetic
        return fn(_eval(node.args[0], v))
    if isinstance(node, ast.Call) and _name(node.func) in ("Max", "Min") and node.args and not node.keywords:
        vals = [_eval(x, v) for x in node.args]
        return max(vals) if _name(node.func) == "Max" else min(vals)
    raise _NotArithmetic


def _holds_everywhere(guard: str, expr: str, lo: int, hi: int) -> bool:
    if not expr or expr not in guard or hi - lo + 1 > MAX_VALUES or hi < lo:
        return False
    try:
        tree = ast.parse(guard.replace(expr, "v"), mode="eval")
    except SyntaxError:
        return False
    try:
        return all(_eval(tree.body, v) for v in range(lo, hi + 1))
    except (_NotArithmetic, ZeroDivisionError, OverflowError, TypeError, ValueError, RecursionError):
        return False


def always_true_guard(text: str) -> str:
    """A guard export reported as violated although it holds for every value of the declared
    range, when EVERY guard the report lists is such a guard (empty when one of them is a real
    violation or cannot be evaluated: then the user's range is what to change)."""
    if _GUARD_WORDS not in text:
        return ""
    first = ""
    for m in _LINE.finditer(text):
        r = _RANGE.match(m.group("range"))
        if r is None or r.group("name") != m.group("name"):
            return ""
        lo = int(r.group("lo")) if r.group("lo") is not None else _DEFAULT_LOW
        guard = m.group("guard").strip()
        if not _holds_everywhere(guard, m.group("expr").strip(), max(lo, 0), int(r.group("hi"))):
            return ""
        first = first or guard[:300]
    return first
