"""Dynamic ranges Inductor narrows when it compiles: the package checks a range the export never
declared. Pure comparisons of two contracts, then a real package (slow)."""
import pytest

from aotidebug.checks.consistency import narrowed_ranges
from aotidebug.core.categories import Category
from aotidebug.core import hints
from aotidebug.package.inspect import DimInfo, InputSpec, ModelInfo


def _model(lo, hi):
    return ModelInfo("model", (InputSpec(0, "arg0_1", "float32", (DimInfo("s7", 2, 64), 1, DimInfo("s52", lo, hi))),))


@pytest.mark.parametrize("compiled, exported, narrowed", [
    ((600, 4096), (600, 4194304), True),      # max cut (example below the threshold)
    ((4097, 4194304), (600, 4194304), True),  # min raised (example above it)
    ((600, 4194304), (600, 4194304), False),
    ((600, 4096), (600, None), True),         # the export recorded no upper bound
])
def test_a_compiled_range_narrower_than_the_export_is_named(compiled, exported, narrowed):
    found = narrowed_ranges(_model(*compiled), _model(*exported))
    assert bool(found) is narrowed
    if narrowed:
        f = found[0]
        assert f.code == "AOTC036" and f.category is Category.DYNAMIC_SHAPE_GUARD and not f.fatal
        assert f.fields["dim"] == 2 and f.fields["compiled"] == list(compiled)
        assert f.hint == hints.COMPILED_RANGE_NARROWED


def test_no_package_contract_means_nothing_to_compare():
    assert narrowed_ranges(None, _model(600, 4096)) == []


@pytest.fixture(scope="module")
def narrow(packages):
    return packages.build("narrow_red")


@pytest.mark.slow
def test_inductor_narrows_the_range_and_the_package_computes_past_it(narrow, packages):
    """The facts: the export says [600, 2**22], the package checks [600, 4096], and without the
    runtime check the CPU package still computes 8192 samples right."""
    import torch

    import aotidebug

    spec = packages.spec("narrow_red")
    ep = torch.export.export(spec["model"], spec["inputs"], dynamic_shapes=spec["dynamic_shapes"])
    assert [(int(v.lower), int(v.upper)) for v in ep.range_constraints.values()] == [(2, 64), (600, 2**22)]
    dims = [d for d in aotidebug.inspect_package(narrow).models[0].inputs[0].sizes if isinstance(d, DimInfo)]
    assert [(d.min, d.max) for d in dims] == [(2, 64), (600, 4096)]
    x = torch.rand(2, 1, 8192)
    raw = torch._inductor.aoti_load_package(str(narrow))
    assert torch.allclose(raw(x), spec["model"](x), atol=1e-5)


@pytest.mark.slow
def test_diagnose_names_the_narrowed_dim_and_leads_with_its_fix(narrow, packages):
    import torch

    import aotidebug
    from aotidebug.core.errors import InputMismatchError

    spec = packages.spec("narrow_red")
    ep = torch.export.export(spec["model"], spec["inputs"], dynamic_shapes=spec["dynamic_shapes"])
    x = torch.rand(2, 1, 8192)
    with aotidebug.safe_load(narrow) as m:
        with pytest.raises(InputMismatchError, match="above the compiled maximum 4096") as info:
            m(x)
    d = aotidebug.diagnose(info.value, model=ep, inputs=(x,), package=str(narrow))
    assert d.category is Category.DYNAMIC_SHAPE_GUARD and d.code == "AOTC033"
    ev = next(e for e in d.evidence if e.label == "AOTC036")
    assert ev.fields["exported"] == [600, 2**22] and ev.fields["compiled"] == [600, 4096]
    assert d.fixes[0] == hints.COMPILED_RANGE_NARROWED
    plain = aotidebug.diagnose(info.value, inputs=(x,), package=str(narrow))   # no export to compare
    assert not any(e.label == "AOTC036" for e in plain.evidence)
    assert plain.fixes[0] == hints.EXPORT_WITH_EDGE_SHAPES


def test_a_size_outside_the_exports_own_range_says_exported():
    import torch

    from aotidebug.checks.exported import contract_from_model
    from aotidebug.checks.inputs import check_inputs
    from tests.models import narrow_red

    spec = narrow_red.make()
    ep = torch.export.export(spec["model"], spec["inputs"], dynamic_shapes=spec["dynamic_shapes"])
    found = check_inputs(contract_from_model(ep), (torch.rand(2, 1, 100),))
    assert [f.code for f in found] == ["AOTC032"] and "below the exported minimum 600" in found[0].message
