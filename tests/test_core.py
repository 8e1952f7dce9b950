"""The foundation: Category, Diagnosis model, error_text, diagnose() robustness, import hygiene."""
import json
import subprocess
import sys

import pytest

import aotidebug
from aotidebug import Category, Diagnosis
from aotidebug.analysis import merge_findings
from aotidebug.core.describe import error_text
from aotidebug.core.result import Candidate, Evidence, FlagAdvice, Finding
from tests.hostile import HidesItsNames

CATEGORY_VALUES = [
    "device_mismatch", "input_mismatch", "dynamic_shape_guard", "index_out_of_bounds",
    "illegal_memory_access", "crash", "constant_loading", "compile_toolchain", "unsupported",
    "export_failure", "version_mismatch", "out_of_memory", "numerical", "deprecated_api",
    "torch_bug", "autotune_failure", "kernel_binary_missing", "opaque_runtime_error", "unknown",
]


def test_category_values_are_exactly_the_contract():
    assert [c.value for c in Category] == CATEGORY_VALUES
    assert Category("crash") is Category.CRASH and str(Category.CRASH) == "crash"
    assert Category.parse("INDEX_OUT_OF_BOUNDS") is Category.INDEX_OUT_OF_BOUNDS
    assert Category.parse("nonsense") is Category.UNKNOWN


def test_import_does_not_import_torch():
    code = "import sys, aotidebug; aotidebug.Diagnosis; aotidebug.diagnose('x'); print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def _sample() -> Diagnosis:
    return Diagnosis(
        category=Category.INPUT_MISMATCH, title="T", summary="S <b>", confidence=0.9,
        evidence=(Evidence("inputs", "input-shape", "input 0 (x): dim 0 is 1, compiled 2",
                           {"index": 0, "expected": [2, 8], "got": (1, 8)}),),
        candidates=(Candidate(Category.INPUT_MISMATCH, 0.9, "AOTC101", "t"),
                    Candidate(Category.INDEX_OUT_OF_BOUNDS, 0.5, "AOTD301", "u")),
        fixes=("do this",), flags=(FlagAdvice("AOTI_RUNTIME_CHECK_INPUTS", "1", "run", "why"),),
        kernel="cpp_fused_0", references=("docs/categories/input_mismatch.md",), code="AOTC101",
        environment={"torch": "2.13.0"})


def test_diagnosis_json_round_trip_and_schema():
    d = _sample()
    data = json.loads(d.to_json())
    assert data["schema"] == "aotidebug.diagnosis/1"
    assert data["category"] == "input_mismatch"
    assert data["evidence"][0]["fields"]["got"] == [1, 8]  # tuples become lists
    assert data["candidates"][1]["category"] == "index_out_of_bounds"
    assert Diagnosis.from_json(d.to_json()).to_dict() == data
    assert bool(d) and not bool(aotidebug.diagnose(""))


def test_numbers_that_are_not_finite_are_written_as_strict_json():
    """Python writes NaN and infinities as bare tokens that strict parsers (JavaScript's
    JSON.parse, Go's encoding/json) refuse; a diagnosis is read by deployment tooling."""
    import io

    from aotidebug.faces.cli import _emit

    nan, inf = float("nan"), float("inf")
    d = Diagnosis(Category.NUMERICAL, "t", "s", 0.5,
                  evidence=(Evidence("probe", "max-diff", "x", {"a": nan, "b": inf, "c": -inf, "ok": 1.5}),),
                  details={"bisect": {"max_abs_diff": [inf, 2.0]}})
    refuse = lambda token: pytest.fail(f"bare {token} in the JSON")  # noqa: E731
    data = json.loads(d.to_json(), parse_constant=refuse)
    assert data["evidence"][0]["fields"] == {"a": "NaN", "b": "Infinity", "c": "-Infinity", "ok": 1.5}
    assert data["details"]["bisect"]["max_abs_diff"] == ["Infinity", 2.0]
    out = io.StringIO()
    _emit(out, d, as_json=True)
    assert json.loads(out.getvalue(), parse_constant=refuse) == data


def test_renderings_carry_evidence_fixes_and_escape_html():
    d = _sample()
    text = str(d)
    assert "input_mismatch (90%)" in text and "Evidence (observed)" in text and "1. do this" in text
    html = d._repr_html_()
    assert "S &lt;b&gt;" in html and "S <b>" not in html
    md = d.to_markdown()
    assert md.startswith("## AOTI failure: input_mismatch") and "### Environment" in md
    assert "- torch: `2.13.0`" in md


def test_error_text_walks_cause_and_context_chain_root_first():
    try:
        try:
            raise ValueError("index out of bounds: 0 <= tmp4 < 8L")
        except ValueError as inner:
            raise RuntimeError("outer wrapper") from inner
    except RuntimeError as exc:
        text = error_text(exc)
    assert text.index("index out of bounds") < text.index("outer wrapper")
    assert "Traceback (most recent call last)" in text


def test_error_text_survives_cycles_and_bad_str():
    class Bad(Exception):
        def __str__(self):
            raise RuntimeError("no str for you")

    a, b = ValueError("a"), ValueError("b")
    a.__cause__, b.__cause__ = b, a  # a cycle
    assert "ValueError: a" in error_text(a)
    assert "Bad" in error_text(Bad())


@pytest.mark.parametrize("error", [
    None, "", "plain garbage", b"\xff\xfe\x00binary", bytearray(b"x"), 42, object(), [1, 2],
    KeyboardInterrupt(), SystemExit(3), Exception(), "\x00" * 1000, "é" * 10_000,
])
def test_diagnose_never_raises(error):
    d = aotidebug.diagnose(error)
    assert isinstance(d, Diagnosis)
    assert 0.0 <= d.confidence <= 1.0
    json.loads(d.to_json())


class _Unnamed(RuntimeError, metaclass=HidesItsNames):
    pass


class _UnnamedModel(metaclass=HidesItsNames):
    pass


def test_diagnose_survives_a_class_that_hides_its_names():
    # once: diagnose() raised AttributeError('__name__') while recording the error's type
    err = _Unnamed("CUDA out of memory. Tried to allocate 2.00 GiB")
    d = aotidebug.diagnose(err, _UnnamedModel())
    assert d.category is Category.OUT_OF_MEMORY  # its message is still read
    assert d.context["error_type"] == "_Unnamed" and d.context["model"] == "_UnnamedModel"
    assert "_Unnamed: CUDA out of memory" in error_text(err)
    json.loads(d.to_json())


@pytest.mark.parametrize("text", [["RuntimeError: x"], {"error": "x"}, 42, None, b"bytes"])
def test_classify_takes_text_and_says_so(text):
    # a list or a dict once raised AttributeError('replace') from deep inside the reader
    with pytest.raises(TypeError, match="classify reads text"):
        aotidebug.classify(text)


def test_migrate_source_refuses_a_non_text_of_a_class_that_hides_its_names():
    from aotidebug.migrate.results import MigrateInputError

    with pytest.raises(MigrateInputError, match="got _UnnamedModel"):
        aotidebug.migrate_source(_UnnamedModel())


def test_garbage_is_unknown_with_low_confidence():
    d = aotidebug.diagnose("lorem ipsum dolor sit amet " * 100)
    assert d.category is Category.UNKNOWN and d.confidence <= 0.1


def test_diagnose_reads_exception_and_records_context():
    exc = RuntimeError("input_handles[0]: unmatched dim value at 0, expected: 2, but got: 1")
    d = aotidebug.diagnose(exc, package="model.pt2", device="cpu")
    assert d.category is Category.INPUT_MISMATCH
    assert d.context["error_type"] == "RuntimeError" and d.context["package"] == "model.pt2"
    fields = next(e.fields for e in d.evidence if e.label == "input-check")
    assert fields["index"] == "0" and fields["expected"] == "2" and fields["got"] == "1"


def test_root_cause_outranks_surface_symptom():
    text = ("RuntimeError: input_handles[0]: unmatched dim value at 0, expected: 2, but got: 1\n"
            "CUDA error: an illegal memory access was encountered")
    d = aotidebug.diagnose(text)
    assert d.category is Category.INPUT_MISMATCH
    assert [c.category for c in d.candidates][:2] == [Category.INPUT_MISMATCH,
                                                      Category.ILLEGAL_MEMORY_ACCESS]


def test_measured_findings_outrank_text_and_keep_it_as_candidate():
    base = aotidebug.diagnose("index out of bounds: 0 <= tmp3 < ks0")
    f = Finding("AOTC101", "fatal", Category.INPUT_MISMATCH, "input 0 (x): dim 0 is 1, compiled 2",
                {"index": 0}, "fix it")
    d = merge_findings(base, [f], "inputs")
    assert d.category is Category.INPUT_MISMATCH and d.confidence > base.confidence
    assert d.fixes[0] == "fix it"
    cats = [c.category for c in d.candidates]
    assert cats[0] is Category.INPUT_MISMATCH and Category.INDEX_OUT_OF_BOUNDS in cats
    assert all(c.confidence < d.confidence for c in d.candidates[1:])


def test_errors_carry_a_diagnosis_and_pickle():
    import pickle

    err = aotidebug.CrashError("worker died with SIGSEGV (exit status -11)")
    assert isinstance(err, aotidebug.AOTIDebugError)
    assert err.diagnosis.category is Category.CRASH
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is aotidebug.CrashError and str(again) == str(err)
    assert not issubclass(aotidebug.InternalError, aotidebug.AOTIDebugError)


def test_a_warning_finding_never_replaces_a_direct_reading():
    """A log that names the cause (unmatched dtype) plus a warning-level measurement (the package
    was built by another torch) stays input_mismatch; the warning is a candidate and evidence."""
    from aotidebug.checks.codes import finding
    from aotidebug.core.routing.classify import diagnose_text

    d = diagnose_text("RuntimeError: input_handles[0]: unmatched dtype, expected: 6(torch.float32), "
                      "but got: 7(torch.float64)")
    warn = finding("AOTC120", "package built with torch 2.12.0, running 2.13.0", expected="2.12.0", got="2.13.0")
    m = merge_findings(d, [warn], "host")
    assert m.category is Category.INPUT_MISMATCH and m.confidence == d.confidence
    assert m.candidates[1].category is Category.VERSION_MISMATCH and m.candidates[1].confidence < m.confidence
    assert m.fixes[0] == d.fixes[0] and warn.hint in m.fixes
    assert any(e.label == "AOTC120" for e in m.evidence)
    fatal = finding("AOTC020", "input 0 (x): dtype float64, compiled for float32")
    assert merge_findings(d, [fatal, warn], "inputs").code == "AOTC020"  # a fatal finding leads


def test_a_warning_leads_only_when_the_text_gave_no_reading():
    from aotidebug.checks.codes import finding
    from aotidebug.core.routing.classify import diagnose_text

    d = diagnose_text("")
    warn = finding("AOTC041", "input 0 (x): non-contiguous (strides (1, 5))")
    assert merge_findings(d, [warn], "inputs").category is Category.INPUT_MISMATCH


def test_a_warning_about_the_call_explains_the_runtime_s_generic_line():
    """torch 2.11's runtime raised only its generic line (live173-06: a pots axis of 1 under the
    compiled minimum 2, with AOTI_RUNTIME_CHECK_INPUTS=1); the measured size explains it, below the
    >= 0.7 band. A warning about the package (another torch built it) does not."""
    from aotidebug.analysis import EXPLAINS_OPAQUE_CONFIDENCE
    from aotidebug.checks.codes import finding
    from aotidebug.core.routing.classify import diagnose_text
    from tests.labelled import live_text

    d = diagnose_text(live_text("live_blind173.jsonl", "live173-06-kiln-load-single-platter"))
    assert d.category is Category.OPAQUE_RUNTIME_ERROR
    floor = finding("AOTC038", "input 0 (pcs, [0]): size 1 at dim 1 is below the compiled minimum 2")
    m = merge_findings(d, [floor], "inputs")
    assert (m.category, m.code, m.confidence) == (Category.DYNAMIC_SHAPE_GUARD, "AOTC038",
                                                  EXPLAINS_OPAQUE_CONFIDENCE) and m.confidence < 0.7
    assert Category.OPAQUE_RUNTIME_ERROR in [c.category for c in m.candidates[1:]]
    version = finding("AOTC120", "package built with torch 2.10.0, running 2.11.0", expected="2.10.0", got="2.11.0")
    assert merge_findings(d, [version], "host").category is Category.OPAQUE_RUNTIME_ERROR
    # a reading of the cause stays first beside the same warning
    direct = diagnose_text("RuntimeError: input_handles[0]: unmatched dtype, expected: 6(torch.float32), "
                           "but got: 7(torch.float64)")
    assert merge_findings(direct, [floor], "inputs").category is Category.INPUT_MISMATCH


def test_every_page_the_code_cites_ships_in_the_package():
    """A reference written as a literal (`"docs/....md"`) must resolve on an installed wheel, where
    only `aotidebug/docs/` exists; the index trace once cited a page that lived in the repo's docs."""
    import ast
    import re
    from pathlib import Path

    import aotidebug
    from aotidebug.core.docs import page_path

    root = Path(aotidebug.__file__).parent
    cited = {node.value for path in root.rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and re.fullmatch(r"docs/[\w/]+\.md", node.value)}
    assert "docs/index_out_of_bounds.md" in cited
    assert [ref for ref in sorted(cited) if page_path(ref) is None] == []


def test_references_are_pages_shipped_in_the_package_and_links_in_html():
    from aotidebug.core.docs import page_path
    from aotidebug.core.routing.classify import diagnose_text

    d = diagnose_text("RuntimeError: input_handles[0]: unmatched dtype, expected: 6(torch.float32), "
                      "but got: 7(torch.float64)")
    for ref in d.references:
        path = page_path(ref)
        assert path is not None and "aotidebug" in path.parts and path.read_text().startswith("# ")
    html = d._repr_html_()
    assert f"<a href='{page_path(d.references[0]).as_uri()}'" in html
    assert page_path("../../etc/passwd") is None and page_path("/etc/passwd") is None
