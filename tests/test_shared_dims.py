"""AOTC037: inputs whose sizes the program ties together (one dynamic symbol shared, or an
expression of it) must agree. Pure parts here; a real package below (slow)."""
import json
import os
import subprocess
import sys

import pytest

from aotidebug.checks.shared_dims import Place, compile_expression, disagreements, find_ties


@pytest.mark.parametrize("text, env, want", [
    ("s77", {"s77": 5}, 5),
    ("2L*s27", {"s27": 5}, 10),
    ("s0 + 1", {"s0": 4}, 5),
    ("(s0//2L)", {"s0": 9}, 4),
    ("s0/2L", {"s0": 9}, 4),           # C++ integer division
    ("s0*s1 - 64UL", {"s0": 10, "s1": 8}, 16),
    ("-s0 + 3*s1", {"s0": 1, "s1": 2}, 5),
])
def test_size_expressions_evaluate_as_the_compiled_code_does(text, env, want):
    evaluate, names = compile_expression(text)
    assert names == frozenset(env) and evaluate(env) == want


@pytest.mark.parametrize("text", ["c10::div_floor_integer(s0, 2L)", "s0 ** 2", "max(s0, 2)", "?1",
                                  "s0 if s1 else 2", "__import__('os')", "s0.real", ""])
def test_anything_else_is_not_evaluated(text):
    assert compile_expression(text) is None


def test_a_hostile_expression_is_left_unchecked():
    assert compile_expression("s0" + " + s0" * 5000) is None           # too long to be Inductor's
    assert compile_expression("(" * 90 + "s0" + ")" * 90) is not None  # nested, short: fine
    deep = compile_expression("-" * 190 + "s0")
    assert deep is None or deep[0]({"s0": 3}) in (3, None)


def test_division_by_a_zero_size_is_no_verdict():
    evaluate, _ = compile_expression("s1//s0")
    assert evaluate({"s0": 0, "s1": 3}) is None


def test_a_symbol_binds_at_its_first_lone_place_in_input_order():
    contract = [(("2L*s1", 2, 64),), (("s0", 2, 64), ("s1", 1, None)), (("s0", None, None), 8)]
    ties = find_ties(contract)
    assert {(t.place, t.expression, t.bound_at) for t in ties} == {
        (Place(0, 0), "2L*s1", (("s1", Place(1, 1)),)),
        (Place(2, 0), "s0", (("s0", Place(1, 0)),)),
    }
    assert disagreements(ties, [(10,), (3, 5), (3, 8)]) == []
    bad = disagreements(ties, [(9,), (3, 5), (4, 8)])
    assert [(b.tie.place, b.want, b.got, b.values) for b in bad] == [
        (Place(0, 0), 10, 9, (("s1", 5),)), (Place(2, 0), 3, 4, (("s0", 3),))]


def test_unknown_symbols_static_dims_and_missing_inputs_tie_nothing():
    assert find_ties([(("?0", 2, 64), 4), (("?0", 2, 64),)]) == ()
    assert find_ties([(3, 4), (3,)]) == ()
    ties = find_ties([(("s0", 2, 64),), (("s0", 2, 64),)])
    assert disagreements(ties, [None, (4,)]) == []   # not a tensor: AOTC004 says so
    assert disagreements(ties, [(3,), ()]) == []      # rank short: AOTC030 says so
    assert disagreements(ties, [(3,)]) == []          # arity short: AOTC001 says so


def test_a_tie_says_where_its_size_comes_from():
    ties = find_ties([(("s0", 2, 64), ("s1", 2, 32)), (("s0", 2, 64), ("2L*s1", 4, 64))])
    assert [t.describe(["x", "y"]) for t in ties] == [
        "in [1] y dim 0 = in [0] x dim 0 (s0)", "in [1] y dim 1 = 2L*s1 (s1: in [0] x dim 1)"]
    assert ties[0].describe() == "in [1] dim 0 = in [0] dim 0 (s0)"
    assert json.loads(json.dumps([t.to_dict() for t in ties])) == [
        {"input": 1, "dim": 0, "expression": "s0", "bound_at": [{"symbol": "s0", "input": 0, "dim": 0}],
         "same_as": {"input": 0, "dim": 0}},
        {"input": 1, "dim": 1, "expression": "2L*s1", "bound_at": [{"symbol": "s1", "input": 0, "dim": 1}],
         "same_as": None}]


# ------------------------------------------------------------------ a real package (slow)
def _tied(packages):
    """The real `tied` package; skipped on a torch before 2.13 whose package records no tie (2.10.0
    names no size symbol for `ids` and `y`, docs/compat.md section 10). From 2.13 on it must."""
    import torch
    from packaging.version import Version

    import aotidebug

    path = packages.build("tied")
    if Version(torch.__version__).release < (2, 13) and not aotidebug.compile_input_checker(path).ties:
        pytest.skip(f"torch {torch.__version__}'s package records no size symbol for the tied inputs")
    return path


def _inputs(b=3, t=4, n_ids=None, y_cols=None):
    import torch

    return (torch.randn(b, t), torch.arange(n_ids if n_ids is not None else b) % 10,
            torch.randn(b, y_cols if y_cols is not None else 2 * t))


def test_a_real_package_ties_shared_and_derived_dims(packages):
    import aotidebug

    path = _tied(packages)
    check = aotidebug.compile_input_checker(path)
    assert {(t.place.input, t.place.dim) for t in check.ties} >= {(1, 0), (2, 0), (2, 1)}
    assert check(_inputs()) == [] and check(_inputs(b=7, t=3)) == []
    short = check(_inputs(n_ids=2))   # the fast path must not pass it
    assert [(f.code, f.fields["input"], f.fields["dim"], f.fields["expected"], f.fields["got"])
            for f in short] == [("AOTC037", 1, 0, 3, 2)]
    assert "ties it to" in short[0].message and short[0].severity.value == "fatal"
    wide = aotidebug.check_inputs(path, _inputs(t=4, y_cols=9))
    assert [(f.code, f.fields["dim"], f.fields["expected"], f.fields["got"]) for f in wide] == [
        ("AOTC037", 1, 8, 9)]
    assert wide[0].fields["bound_at"][0]["input"] == 0


def test_inspect_prints_the_ties(packages):
    path = str(_tied(packages))
    out = subprocess.run([sys.executable, "-m", "aotidebug", "inspect", path], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    ties = [line.strip() for line in out.stdout.splitlines() if line.startswith("  tie ")]
    assert len(ties) == 3 and any("dim 1 = 2L*s" in t for t in ties), out.stdout
    as_json = subprocess.run([sys.executable, "-m", "aotidebug", "inspect", "--json", path],
                             capture_output=True, text=True, timeout=120)
    model = json.loads(as_json.stdout)["models"][0]
    assert {(t["input"], t["dim"]) for t in model["ties"]} == {(1, 0), (2, 0), (2, 1)}


def test_the_package_itself_refuses_the_tie_under_its_runtime_check(packages, tmp_path):
    """The cause is real: with AOTI_RUNTIME_CHECK_INPUTS=1 the package's own guard names it."""
    path = _tied(packages)
    code = f"""
import torch, sys
m = torch._inductor.aoti_load_package({str(path)!r})
x, y = torch.randn(3, 4), torch.randn(3, 8)
m(x, torch.tensor([1, 2, 3]), y)   # agrees: runs
try:
    m(x, torch.tensor([1, 2]), y)
except RuntimeError as e:
    print("REFUSED", str(e).splitlines()[0])
"""
    env = dict(os.environ, AOTI_RUNTIME_CHECK_INPUTS="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "REFUSED" in out.stdout and "expected size 2==3" in out.stderr + out.stdout


def test_safe_load_refuses_the_call_and_diagnose_leads_with_the_tie(packages):
    import aotidebug

    path = _tied(packages)
    model = aotidebug.safe_load(path)
    bad = _inputs(n_ids=2)
    with pytest.raises(aotidebug.InputMismatchError) as info:
        model(*bad)
    assert info.value.diagnosis.code == "AOTC037"
    # the text a disagreeing call printed on torch 2.13 (an id read past the end of `ids`)
    d = aotidebug.diagnose("RuntimeError: index out of bounds: 0 <= tmp2 < 10L", package=str(path),
                           inputs=bad)
    assert d.category.value == "input_mismatch" and d.code == "AOTC037"
    assert "ties together" in d.fixes[0]
