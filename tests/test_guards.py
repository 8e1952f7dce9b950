"""The constraint-violation reader (core/text/guards.py): a guard is 'always true' only when every
reported guard holds for each value of the declared range."""

from __future__ import annotations

from aotidebug.core.routing.classify import diagnose_text
from aotidebug.core.text.guards import always_true_guard

_HEAD = "torch._dynamo.exc.UserError: Constraints violated (t)! For more information, run with TORCH_LOGS=\"+dynamic\".\n"


def _line(rng: str, guard: str) -> str:
    return (f"  - Not all values of t = L['x'].size()[1] in the specified range {rng} satisfy the "
            f"generated guard {guard}.\n")


def test_a_guard_true_for_every_value_is_read() -> None:
    text = _HEAD + _line("4 <= t <= 512", "(L['x'].size()[1] // 2) <= L['x'].size()[1]")
    assert always_true_guard(text) == "(L['x'].size()[1] // 2) <= L['x'].size()[1]"


def test_a_real_violation_anywhere_means_the_range_is_to_change() -> None:
    true = _line("4 <= t <= 512", "(L['x'].size()[1] // 2) <= L['x'].size()[1]")
    parity = _line("4 <= t <= 512", "(L['x'].size()[1] % 2) == 0")
    assert always_true_guard(_HEAD + true + parity) == ""
    assert always_true_guard(_HEAD + parity) == ""
    # a bound the range breaks: 4 <= t fails for t = 2, the default lower end
    assert always_true_guard(_HEAD + _line("t <= 64", "4 <= L['x'].size()[1] and L['x'].size()[1] <= 64")) == ""


def test_what_the_evaluator_cannot_read_is_never_always_true() -> None:
    for guard in ("(L['x'].size()[1] // 2) <= L['y'].size()[0]",   # another symbol
                  "__import__('os').system('true') or True",      # a call it does not know
                  "L['x'].size()[1] // 0 == 1",                    # division by zero
                  "(L['x'].size()[1] ** 2) >= 0"):                 # an operator it does not read
        assert always_true_guard(_HEAD + _line("4 <= t <= 512", guard)) == "", guard
    # a range too wide to walk is not evaluated
    assert always_true_guard(_HEAD + _line("2 <= t <= 10000000", "(L['x'].size()[1] // 2) <= L['x'].size()[1]")) == ""


def test_ceil_and_float_guards_are_evaluated() -> None:
    g = "math.ceil(torch.sym_float(L['x'].size()[1]) / 8) >= 1"
    assert always_true_guard(_HEAD + _line("4 <= t <= 512", g)) == g


def test_the_reading_names_the_guard_and_export_s_reasoning_below_certainty() -> None:
    text = (_HEAD + _line("4 <= t <= 512", "(L['x'].size()[1] // 2) <= L['x'].size()[1]")
            + "Suggested fixes:\n  _t = Dim('_t', max=256)\n  t = 2*_t\n")
    d = diagnose_text(text)
    cats = [c.category.value for c in d.candidates[:3]]
    assert cats[0] == "dynamic_shape_guard" and "torch_bug" in cats and d.confidence < 0.7
    assert "torch._check" in d.fixes[0]
    # the same report with a real parity violation keeps the guard reading at full confidence
    real = text.replace("(L['x'].size()[1] // 2) <= L['x'].size()[1]", "(L['x'].size()[1] % 2) == 0")
    r = diagnose_text(real)
    assert r.candidates[0].category.value == "dynamic_shape_guard" and r.confidence >= 0.7
    assert all(c.code != "AOTS265" for c in r.candidates)
