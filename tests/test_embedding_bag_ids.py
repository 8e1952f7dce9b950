"""EmbeddingBag's own check of its ids, inside a compiled package: AOTI falls back to ATen's
embedding_bag, whose CPU kernel (fbgemm) reports an id outside the table ("Index 4 of input takes
value 60 which is not in the valid range [0, 50)", or "Expected i < index_size" from the same
report, `fbgemm_spmdm_report_error_`). That is an index out of bounds (AOTD305); the general
reading of an ATen op refusing its input values (AOTS238, input_mismatch) stays second, since ids
built from another table's vocabulary look the same. Drawn in stop 62, in-sample, from the recsys
vocabulary's padded multi-hot row and the indexing vocabulary's; triggered here for real."""

from __future__ import annotations

import traceback

import pytest

from tests.labelled import emitted, reading as _read

RECSYS = emitted("recsys_messages.jsonl")
INDEXING = emitted("indexing_messages.jsonl")


@pytest.fixture(scope="module")
def bag(packages):
    import torch

    model = torch._inductor.aoti_load_package(str(packages.build("bag")))
    ids, offsets = packages.spec("bag")["inputs"]
    return model, ids, offsets


@pytest.mark.slow
@pytest.mark.parametrize("bad_id", [60, -1])  # past the table; TF-style padding
def test_an_id_outside_the_bag_table_is_an_index_out_of_bounds(bag, bad_id):
    import aotidebug

    model, ids, offsets = bag
    model(ids, offsets)  # the ids it was compiled with run
    bad = ids.clone()
    bad[4] = bad_id
    with pytest.raises(RuntimeError, match="not in the valid range") as info:
        model(bad, offsets)
    text = "".join(traceback.format_exception(info.value))
    assert _read(info.value) == ("index_out_of_bounds", "AOTD305") == _read(text)
    d = aotidebug.diagnose(info.value)
    assert [c.category.value for c in d.candidates][:2] == ["index_out_of_bounds", "input_mismatch"]


@pytest.mark.parametrize("rows, row", [(RECSYS, "run-multi-hot-padded-with-minus-one"),
                                       (INDEXING, "ranker-bag-padding-minus-one")])
def test_the_vocabulary_rows_it_was_drawn_from(rows, row):
    assert _read(rows[row]["message"]) == ("index_out_of_bounds", "AOTD305")
