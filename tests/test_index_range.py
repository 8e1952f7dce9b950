"""Index inputs checked against the bound their kernel checks (package.index_reads, AOTC039).

The kernel texts below are excerpts of real torch 2.13 / 2.14.1 CPU codegen (tests/models/iob_*.py);
the slow tests build those packages and make the real fault: a zoom id past a 20-row table inside
an OpenMP loop aborts a raw loader's process, and `safe_load` refuses the same call by name.
"""

from __future__ import annotations

import re

import pytest

import aotidebug
from aotidebug.core.categories import Category
from aotidebug.core.errors import AOTIRuntimeError, InputMismatchError
from aotidebug.package.index_reads import plain_index_reads, plain_read

SCALAR = """
    auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
    auto tmp1 = tmp0;
    auto tmp2 = c10::convert<int64_t>(tmp1);
    AOTI_TORCH_CHECK((0 <= tmp2) & (tmp2 < 8L), "index out of bounds: 0 <= tmp2 < 8L");
"""
WRAPPED_2141 = """
    auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
    auto tmp1 = ks0;
    auto tmp2 = c10::convert<int64_t>(tmp1);
    auto tmp3 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp0) + static_cast<std::make_unsigned_t<int64_t>>(tmp2));
    auto tmp4 = tmp0 < 0;
    auto tmp5 = tmp4 ? tmp3 : tmp0;
    auto tmp6 = tmp5;
    auto tmp7 = c10::convert<int64_t>(tmp6);
    AOTI_TORCH_CHECK((0 <= tmp7) & (tmp7 < ks0), "index out of bounds: 0 <= tmp7 < ks0");
"""
WRAPPED_213 = WRAPPED_2141.replace(
    "int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp0) + static_cast<std::make_unsigned_t<int64_t>>(tmp2))",
    "int64_t(tmp0 + tmp2)")
VECTOR = """
    auto tmp0 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr0 + static_cast<int64_t>(x1 + ks1*x0), static_cast<int64_t>(16));
    auto tmp1 = 50L;
    auto tmp2 = c10::convert<int64_t>(tmp1);
    auto tmp3 = at::vec::VectorizedN<int64_t,2>(tmp2);
    auto tmp4 = tmp0 + tmp3;
    auto tmp5 = static_cast<int64_t>(0);
    auto tmp6 = at::vec::VectorizedN<int64_t,2>(tmp5);
    auto tmp7 = at::vec::VecMask<int64_t,2>(tmp0 < tmp6);
    auto tmp8 = decltype(tmp4)::blendv(tmp0, tmp4, tmp7.template cast<int64_t,2>());
    auto tmp9 =
    [&]
    {
        __at_align__ std::array<int64_t, 16> tmpbuf;
        tmp8.store(tmpbuf.data(), static_cast<int64_t>(16));
        return tmpbuf;
    }
    ()
    ;
    auto tmp10 =
    [&]
    {
        __at_align__ std::array<int64_t, 16> tmpbuf;
        #pragma GCC unroll 16
        for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
        {
            tmpbuf[x1_inner] = static_cast<int64_t>(tmp9[x1_inner]);
        }
        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
    }
    ()
    ;
    AOTI_TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp10) & (tmp10 < at::vec::VectorizedN<int64_t,2>(50L)))).all_masked(), "index out of bounds: 0 <= tmp10 < 50L");
"""
# The forms of tests/models/iob_forms.py: the values are not the index, so nothing is checked.
ONE_BASED = """
    auto tmp5 = in_ptr2[static_cast<int64_t>(x0)];
    auto tmp6 = static_cast<int64_t>(1);
    auto tmp7 = int64_t(tmp5 - tmp6);
    auto tmp8 = tmp7;
    auto tmp9 = c10::convert<int64_t>(tmp8);
    AOTI_TORCH_CHECK((0 <= tmp9) & (tmp9 < 8L), "index out of bounds: 0 <= tmp9 < 8L");
"""
NEGATIVES_TO_ZERO = """
    auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
    auto tmp13 = static_cast<int64_t>(0);
    auto tmp14 = tmp0 < tmp13;
    auto tmp15 = tmp14 ? tmp13 : tmp0;
    auto tmp16 = tmp15;
    auto tmp17 = c10::convert<int64_t>(tmp16);
    AOTI_TORCH_CHECK((0 <= tmp17) & (tmp17 < 8L), "index out of bounds: 0 <= tmp17 < 8L");
"""
SUM_OF_INPUTS = """
    auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
    auto tmp21 = in_ptr3[static_cast<int64_t>(x0)];
    auto tmp22 = int64_t(tmp0 + tmp21);
    auto tmp23 = tmp22;
    auto tmp24 = c10::convert<int64_t>(tmp23);
    AOTI_TORCH_CHECK((0 <= tmp24) & (tmp24 < 8L), "index out of bounds: 0 <= tmp24 < 8L");
"""
MODULO = """
    auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
    auto tmp28 = static_cast<int64_t>(16);
    auto tmp29 = mod(tmp0, tmp28);
    auto tmp30 = static_cast<int32_t>(0);
    auto tmp31 = tmp29 != tmp30;
    auto tmp32 = std::signbit(tmp29);
    auto tmp33 = std::signbit(tmp28);
    auto tmp34 = tmp32 != tmp33;
    auto tmp35 = tmp31 & tmp34;
    auto tmp36 = int64_t(tmp29 + tmp28);
    auto tmp37 = tmp35 ? tmp36 : tmp29;
    auto tmp38 = tmp37;
    auto tmp39 = c10::convert<int64_t>(tmp38);
    AOTI_TORCH_CHECK((0 <= tmp39) & (tmp39 < 8L), "index out of bounds: 0 <= tmp39 < 8L");
"""
PRODUCT = SCALAR.replace("in_ptr0[static_cast<int64_t>(x0)]", "in_ptr0[x0] * in_ptr1[x0]")
INDIRECT = SCALAR.replace("auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];",
                          "auto tmpA = in_ptr1[x0];\n    auto tmp0 = in_ptr0[tmpA];")


def _read(body: str, bound: tuple):
    var = body.rsplit("index out of bounds: 0 <= ", 1)[1].split(" ")[0]
    return plain_read(body, var, body.rindex("AOTI_TORCH_CHECK"), bound)


@pytest.mark.parametrize("body, bound, want", [
    (SCALAR, ("value", 8), ("in_ptr0", False, ())),
    (WRAPPED_213, ("param", "ks0"), ("in_ptr0", True, ())),
    (WRAPPED_2141, ("param", "ks0"), ("in_ptr0", True, ())),
    (VECTOR, ("value", 50), ("in_ptr0", True, ())),
    (ONE_BASED, ("value", 8), ("in_ptr2", False, (("+", -1),))),  # monotone: checked as ids - 1
    (NEGATIVES_TO_ZERO, ("value", 8), None),
    (SUM_OF_INPUTS, ("value", 8), None),
    (MODULO, ("value", 8), None),
    (PRODUCT, ("value", 8), None),
    (INDIRECT, ("value", 8), None),
    # the wrap adds the bound: the same add with another size is arithmetic on two unknowns
    (WRAPPED_2141.replace("auto tmp1 = ks0;", "auto tmp1 = ks1;"), ("param", "ks0"), None),
    # ... and a select between the ids and the ids plus another number is no wrap
    (VECTOR.replace("auto tmp1 = 50L;", "auto tmp1 = 49L;"), ("value", 50), None),
    (SCALAR.replace("auto tmp1 = tmp0;", "auto tmp1 = int64_t(tmp7 - tmp0);\n    auto tmp7 = 7;"),
     ("value", 8), None),  # 7 - ids decreases: not a monotone step
], ids=["scalar", "wrap-2.13", "wrap-2.14.1", "vector-wrap", "minus-one", "where-zero", "sum", "mod",
        "product", "indirect", "wrap-other-size", "vector-other-number", "reversed"])
def test_a_load_its_casts_monotone_steps_and_torchs_own_wrap_make_a_plain_read(body, bound, want):
    assert _read(body, bound) == want


FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures" / "triton"
COMPAT_215 = FIXTURES.parent / "compat" / "2.15.0" / "iob_tables"


def test_torch_2_15_s_vectorised_wrap_is_read_like_the_older_ones():
    """Real sources from torch 2.15.0, which CI does not run: its blend casts the negative mask
    with `inductor_vec_mask_cast<int64_t,2>(tmp7)` (SOURCE.md there); unread, ids go unchecked."""
    wrapper, kernel = ((COMPAT_215 / f).read_text() for f in ("wrapper.cpp", "kernel.cpp"))
    got = {(r.input_index, r.bound_value, r.wraps_negative) for r in plain_index_reads(wrapper, kernel)}
    assert got == {(0, 50, True)}
    older = kernel.replace("inductor_vec_mask_cast<int64_t,2>(tmp7)", "tmp7.template cast<int64_t,2>()")
    assert older != kernel and {(r.input_index, r.bound_value) for r in plain_index_reads(wrapper, older)} == {(0, 50)}




def test_triton_kernels_a_cuda_wrapper_embeds_are_read_too():
    """Hand-written CUDA wrappers in torch's format (tests/fixtures/triton/README.md)."""
    wrapper = (FIXTURES / "embedding_const.wrapper.cpp").read_text()
    got = {(r.input_index, r.bound_value, r.wraps_negative, r.kernel) for r in plain_index_reads(wrapper, None)}
    assert got == {(0, 50257, True, "triton_poi_fused_embedding_0"),
                   (0, 1024, True, "triton_poi_fused_add_embedding_1")}
    # the same load under a mask the kernel computed (padding, a cat) is not a plain read
    masked = wrapper.replace("tmp0 = tl.load(in_ptr0 + (x1), None, eviction_policy='evict_last')",
                             "tmp0 = tl.load(in_ptr0 + (x1), tmp9, other=0.0)", 1)
    assert {r.kernel for r in plain_index_reads(masked, None)} == {"triton_poi_fused_add_embedding_1"}
    # the guide's worked example: `offsets - 1`, wrapped, into a dimension of another input
    (r,) = plain_index_reads((FIXTURES / "dynamic_ks0.wrapper.cpp").read_text(), None)
    assert (r.input_index, r.bound_input, r.bound_dim, r.wraps_negative, r.steps) == (1, 0, 0, True, (("+", -1),))


POSITION = """
    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(ks0); x1+=static_cast<int64_t>(1L))
    {
        auto tmp1 = x1;
        auto tmp2 = c10::convert<int64_t>(tmp1);
        AOTI_TORCH_CHECK(tmp2 < 16L, "index out of bounds: tmp2 < 16L");
"""


def test_a_loop_counter_is_a_position_read_only_over_a_whole_unit_step_loop():
    from aotidebug.package.index_reads import loop_extent

    at = POSITION.rindex("AOTI_TORCH_CHECK")
    assert plain_read(POSITION, "tmp2", at, ("value", 16)) == ("x1", False, ())
    assert loop_extent(POSITION, "x1", at) == "ks0"
    # the torch 2.13 form of `arange(T) // 120` (a sleep hour from 30-second epochs)
    hours = POSITION.replace("auto tmp1 = x1;", "auto tmp1 = c10::div_floor_integer("
                             "static_cast<int64_t>(x1), static_cast<int64_t>(120L));")
    assert plain_read(hours, "tmp2", hours.rindex("AOTI_TORCH_CHECK"), ("value", 16)) == ("x1", False, (("//", 120),))
    for lo, step in (("1L", "1L"), ("0L", "16L")):  # a tail loop, a vectorised loop
        other = POSITION.replace("x1=static_cast<int64_t>(0L)", f"x1=static_cast<int64_t>({lo})").replace(
            "x1+=static_cast<int64_t>(1L)", f"x1+=static_cast<int64_t>({step})")
        assert loop_extent(other, "x1", other.rindex("AOTI_TORCH_CHECK")) is None


def test_no_sources_or_no_assertion_reads_nothing():
    assert plain_index_reads(None, SCALAR) == ()
    assert plain_index_reads("int main() {}", "void cpp_fused_0(const float* in_ptr0) {}") == ()


# ---------------------------------------------------------------- real packages


@pytest.fixture(scope="module")
def iob(packages):
    return {n: packages.build(n) for n in ("iob_embed", "iob_dyn", "iob_tables", "iob_forms", "iob_parallel",
                                           "iob_positions")}


def _reads(path):
    from aotidebug.checks.index_trace import read_sources

    src = read_sources(str(path))
    return {(r.input_index, r.bound_value, r.bound_input, r.bound_dim, r.wraps_negative)
            + ((r.size_dim,) if r.size_dim is not None else ()) + ((r.steps,) if r.steps else ())
            for r in plain_index_reads(src.wrapper, src.kernel)}


def test_real_packages_report_exactly_their_plain_index_inputs(iob):
    assert _reads(iob["iob_embed"]) == {(0, 8, None, None, False)}
    assert _reads(iob["iob_dyn"]) == {(1, None, 0, 0, True)}  # x[idx]: bound is x's dynamic rows
    assert _reads(iob["iob_tables"]) == {(0, 50, None, None, True)}
    # five index forms into one table: `plain` as it is, `one_based - 1` as a step; the where, the
    # sum of two inputs and the `%` are not monotone steps of one input
    assert _reads(iob["iob_forms"]) == {(0, 8, None, None, False), (1, 8, None, None, False, (("+", -1),))}
    assert _reads(iob["iob_parallel"]) == {(1, 20, None, None, False)}
    # pos[arange(T)]: the index is the kernel's counter over x.shape[1], not a value of x
    assert _reads(iob["iob_positions"]) == {(0, 16, None, None, False, 1)}


def test_an_id_past_the_table_in_a_parallel_loop_aborts_a_raw_loader(iob):
    """The fact the check exists for: the raw call does not raise, it kills the process."""
    from aotidebug.runtime.subproc import python_argv, run_isolated

    code = ("import sys, torch, torch._inductor as i; m = i.aoti_load_package(sys.argv[1]); "
            "m(torch.randn(2, 64, 32, 32), torch.tensor([3, 21])); print('returned')")
    out = run_isolated(python_argv("-c", code, str(iob["iob_parallel"])), timeout=180)
    assert out.signal == "SIGABRT", out.to_dict()
    assert re.search(r"index out of bounds: 0 <= tmp\d+ < 20L", out.stderr)  # 2.10 numbers it tmp8


@pytest.mark.parametrize("isolate", [False, True])
def test_safe_load_refuses_ids_past_the_table_by_name_and_runs_good_ones(iob, isolate):
    import torch

    m = aotidebug.safe_load(iob["iob_parallel"], isolate=isolate)
    try:
        tile = torch.randn(2, 64, 32, 32)
        with pytest.raises(InputMismatchError) as info:
            m(tile, torch.tensor([3, 21]))
        d = info.value.diagnosis
        assert d.category is Category.INDEX_OUT_OF_BOUNDS and d.code == "AOTC039"
        f = info.value.details["findings"][0]
        assert (f["fields"]["min"], f["fields"]["max"], f["fields"]["bound"]) == (3, 21, 20)
        # torch 2.10's kernel wraps a negative id before its check, so -20..-1 are valid there
        assert f["fields"]["examples"] == [21] and re.search(r"valid (?:0|-20)\.\.19", f["message"])
        assert "check_indices=False" in d.fixes[0]
        out = m(tile, torch.tensor([3, 19]))  # the same model still runs in-range ids
        raw = torch._inductor.aoti_load_package(str(iob["iob_parallel"]))
        assert torch.equal(out, raw(tile, torch.tensor([3, 19])))
    finally:
        m.close()


def test_dynamic_bound_is_the_other_inputs_size_and_negatives_wrap(iob):
    import torch

    m = aotidebug.safe_load(iob["iob_dyn"])
    x = torch.randn(5, 4)
    assert m(x, torch.tensor([0, -5, 4])).shape == (3, 4)  # x[idx] takes -5..4 on 5 rows
    for bad in ([0, 2, 5], [-6, 0, 1]):
        with pytest.raises(InputMismatchError, match=r"AOTC039 .*valid -5\.\.4"):
            m(x, torch.tensor(bad))
    with pytest.raises(InputMismatchError, match="AOTC039"):  # 7 rows fine for 7, not for 6
        m(torch.randn(6, 4), torch.tensor([0, 1, 6]))
    assert m(torch.randn(7, 4), torch.tensor([0, 1, 6])).shape == (3, 4)


def test_ids_are_checked_through_monotone_steps_only_and_check_indices_false_turns_it_off(iob):
    import torch

    ids = torch.tensor([[0, 1, 2], [3, 4, 5]])
    m = aotidebug.safe_load(iob["iob_forms"])
    # one_based - 1 maps 8 into the table (the raw value is past it); `masked` and `cyclic` are
    # not checked: a where maps -7 to 0, and % maps 21 to 5
    m(ids, torch.tensor([[1, 2, 3], [4, 5, 8]]), ids - 7, torch.zeros_like(ids), ids + 16)
    with pytest.raises(InputMismatchError, match="AOTC039"):
        m(ids + 3, ids + 1, ids, torch.zeros_like(ids), ids)
    with pytest.raises(InputMismatchError, match=r"one_based - 1|arg2_1 - 1") as info:  # a zero id
        m(ids, ids, ids, torch.zeros_like(ids), ids)
    f = info.value.details["findings"][0]["fields"]
    assert (f["min"], f["index_min"], f["steps"]) == (0, -1, [["+", -1]])
    raw_check = aotidebug.safe_load(iob["iob_embed"], check_indices=False)
    with pytest.raises(AOTIRuntimeError) as info:  # torch's own check raises here (no OpenMP loop)
        raw_check(torch.tensor([[0, 1, 2], [3, 4, 9]]))
    assert info.value.diagnosis.category is Category.INDEX_OUT_OF_BOUNDS
    assert "index out of bounds" in str(info.value.__cause__)


def test_check_inputs_says_the_same_before_any_call(iob):
    """`aotidebug.check_inputs` promises "empty: the call is safe": ids past the table included."""
    import torch

    tile = torch.randn(2, 64, 32, 32)
    got = aotidebug.check_inputs(iob["iob_parallel"], (tile, torch.tensor([3, 21])))
    assert [(f.code, f.category, f.fields["max"]) for f in got] == [
        ("AOTC039", Category.INDEX_OUT_OF_BOUNDS, 21)]
    assert aotidebug.check_inputs(iob["iob_parallel"], (tile, torch.tensor([3, 19]))) == []
    # a contract problem first: the ids are not read while the shapes are wrong
    assert [f.code for f in aotidebug.check_inputs(iob["iob_parallel"], (tile[:1], torch.tensor([3, 21])))
            ] == ["AOTC031"]


def test_a_size_past_the_table_its_counter_indexes_is_refused(iob):
    """Dim('T', max=64) beside a 16-row position table: T=20 is inside the compiled range (the
    input contract passes it) and raw torch raises `index out of bounds: tmp2 < 16L`."""
    import torch

    m = aotidebug.safe_load(iob["iob_positions"])
    assert m(torch.randn(2, 16, 8)).shape == (2, 16, 8)
    with pytest.raises(InputMismatchError) as info:
        m(torch.randn(2, 20, 8))
    f = info.value.details["findings"][0]
    assert f["code"] == "AOTC042" and (f["fields"]["got"], f["fields"]["bound"], f["fields"]["dim"]) == (20, 16, 1)
    assert info.value.diagnosis.category is Category.INDEX_OUT_OF_BOUNDS
    unchecked = aotidebug.safe_load(iob["iob_positions"], check_indices=False)
    with pytest.raises(AOTIRuntimeError, match="index out of bounds"):
        unchecked(torch.randn(2, 20, 8))


# what torch 2.10.0 raised for ids past a table (live_blind168, case 15, run there): the runtime's
# own words went to stderr, so the text names no check and no index assertion starts the trace
GENERIC_RUN_FAILURE = """Traceback (most recent call last):
  File "<string>", line 60, in <module>
  File "/tmp/v210/lib/python3.11/site-packages/torch/export/pt2_archive/_package.py", line 728, in __call__
    flat_outputs = self.loader.boxed_run(flat_inputs)
                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
RuntimeError: run_func_( container_handle_, input_handles.data(), input_handles.size(), \
output_handles.data(), output_handles.size(), reinterpret_cast<AOTInductorStreamHandle>(stream_handle), \
proxy_executor_handle_) API call failed at /pytorch/torch/csrc/inductor/aoti_runner/model_container_runner.cpp, line 144
"""


def test_an_error_that_names_no_check_has_its_ids_measured(iob):
    import torch

    import aotidebug

    assert aotidebug.diagnose(GENERIC_RUN_FAILURE).category.value == "opaque_runtime_error"
    ids = (torch.tensor([[0, 1, 2], [3, 4, 9]]),)   # 9 past the 8-row table
    d = aotidebug.diagnose(GENERIC_RUN_FAILURE, inputs=ids, package=str(iob["iob_embed"]))
    assert (d.category.value, d.code) == ("index_out_of_bounds", "AOTC039")
    good = (torch.tensor([[0, 1, 2], [3, 4, 7]]),)  # ids inside the table: nothing measured explains it
    assert aotidebug.diagnose(GENERIC_RUN_FAILURE, inputs=good, package=str(iob["iob_embed"])).code != "AOTC039"
