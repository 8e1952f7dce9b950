"""A user's own check of what the compiled model returned, written as `raise RuntimeError(...)` (or
ValueError, Exception) in their frame rather than `assert`: its words name an output and a
comparison. With a printed shape, an input was outside what the program was compiled for (AOTS344,
input_mismatch, as AOTS147 reads the assertion); without one, the output's numbers were wrong
(AOTS343, numerical, as AOTS146). Drawn in stop 61, in-sample, from the speech vocabulary's two
rows read `unknown`. Triggered here for real: a static package handed a bigger batch returns its
compiled batch without a word (no AOTI_RUNTIME_CHECK_INPUTS).

A check that names non-finite values ("non-finite forces for 2 atoms") is the NaN/Inf symptom
(AOTD802), as "NaN in ..." already was (stop 62, in-sample, from the scientific and recsys
vocabularies' rows read `unknown`). The NaN word outranks a printed shape beside it: bracketed
integers are as often row indices (`NaN in int8 model output for rows [6, 7]`) as sizes, so the
shape reading stays second (the scientific regional crop, labelled input_mismatch, moved so).
A check that says the output holds them ("logits contain NaN for patch at (0, 0, 0)", "features
contain inf/nan"), or that names what holds them ("NaN logits for requests [0, 1]"), is the same
symptom (stop 63, in-sample, from the medical and llm vocabularies' rows read input_mismatch for
the position or the request ids printed beside the word)."""

from __future__ import annotations

import traceback

import pytest

import aotidebug
from tests.labelled import emitted, reading as _read

SPEECH = emitted("speech_messages.jsonl")
SCIENTIFIC = emitted("scientific_messages.jsonl")
RECSYS = emitted("recsys_messages.jsonl")
QUANTIZED = emitted("quantized_messages.jsonl")
MEDICAL = emitted("medical_messages.jsonl")


@pytest.fixture(scope="module")
def scores(packages):
    import torch

    model = torch._inductor.aoti_load_package(str(packages.build("pointwise")))  # static (3, 5)
    batch = torch.randn(6, 5)
    return batch, model(batch)


def _check_count(batch, out):
    if out.shape[0] != batch.shape[0]:
        raise RuntimeError(f"expected {batch.shape[0]} predictions, got output {tuple(out.shape)}")


def _check_against(reference, out):
    err = float((out - reference).abs().max())
    if err > 1e-3:
        raise ValueError(f"output differs from the reference by {err:.3g}")


@pytest.mark.slow
def test_a_raised_check_of_the_outputs_shape_is_the_input(scores):
    batch, out = scores
    assert tuple(out.shape) == (3, 5)  # the package's compiled batch, silently
    with pytest.raises(RuntimeError) as info:
        _check_count(batch, out)
    assert _read(info.value) == ("input_mismatch", "AOTS344")
    assert _read("".join(traceback.format_exception(info.value))) == ("input_mismatch", "AOTS344")


@pytest.mark.slow
def test_a_raised_check_of_the_outputs_values_is_the_numbers(scores):
    _, out = scores
    with pytest.raises(ValueError) as info:
        _check_against(out + 1.0, out)
    text = "".join(traceback.format_exception(info.value))
    assert _read(info.value) == ("numerical", "AOTS343") == _read(text)
    d = aotidebug.diagnose(text)
    assert d.confidence < 0.5  # the text cannot tell an input, a weight or a kernel apart


def _check_values(out, say, error):
    """A user's own check of the outputs' values, raising `error` with the words `say`."""
    bad = ~out.isfinite()
    if bad.any():
        where = tuple(int(i) for i in bad.nonzero()[0])
        rows = bad.any(dim=1).nonzero().flatten().tolist()
        raise error(say.format(where=where, rows=rows, n_rows=len(rows), n=int(bad.sum()),
                               total=out.numel()))


@pytest.mark.slow
@pytest.mark.parametrize("say, error, shown", [
    ("non-finite scores for {n_rows} rows: {rows}", RuntimeError, "non-finite scores for 1 rows"),
    ("scores contain NaN at {where}: {n} of {total} values", ValueError, r"scores contain NaN at \(2, 1\)"),
    ("NaN scores for rows {rows}", ValueError, r"NaN scores for rows \[2\]"),
])
def test_a_raised_check_naming_nan_or_non_finite_values_is_the_numbers(packages, say, error, shown):
    import torch

    model = torch._inductor.aoti_load_package(str(packages.build("pointwise")))
    batch = torch.randn(3, 5)
    batch[2, 1] = float("nan")  # a missing reading, as it arrives
    with pytest.raises(error, match=shown) as info:
        _check_values(model(batch), say, error)
    text = "".join(traceback.format_exception(info.value))
    # the position or rows printed beside the word are not a shape (AOTS344: input_mismatch)
    assert _read(info.value) == ("numerical", "AOTD802") == _read(text)


@pytest.mark.parametrize("rows, row", [
    # "segmentation logits contain NaN for patch at (0, 0, 0)", raised
    (MEDICAL, "zscore-on-background-patch-nan"),
    # "pooled features contain inf/nan", asserted
    (emitted("resources_messages.jsonl"), "run-fp16-sum-overflow"),
    # "AOTI output contains NaN: tensor(...)"
    (emitted("older_torch_live_messages.jsonl"), "w-inf-weights-nan-output"),
    # torch's own hint: "the input matrix contains NaN"
    (emitted("gpu_path_messages.jsonl"), "cusolver-invalid-value-nan"),
    # "NaN logits for requests [0, 1]", "NaN scores for items [...]", "NaN embedding rows: [...]"
    (emitted("llm_messages.jsonl"), "run-prefill-empty-prompt-in-batch-nan"),
    (RECSYS, "run-cosine-score-zero-vector-cold-item-nan"),
    (emitted("sequence_messages.jsonl"), "run-pool-empty-utterance"),
])
def test_words_saying_values_hold_nan(rows, row):
    assert _read(rows[row]["message"]) == ("numerical", "AOTD802")


@pytest.mark.parametrize("rows, row", [(RECSYS, "run-masked-mean-pool-empty-history-nan"),
                                       (SCIENTIFIC, "run-overlapping-atoms-inf-forces")])
def test_the_non_finite_rows_it_was_drawn_from(rows, row):
    assert _read(rows[row]["message"]) == ("numerical", "AOTD802")


@pytest.mark.parametrize("rows, row", [(SPEECH, "run-asr-lengths-int32"),
                                       (SPEECH, "run-asr-feats-channels-first")])
def test_the_vocabulary_rows_it_was_drawn_from(rows, row):
    assert _read(rows[row]["message"]) == ("input_mismatch", "AOTS344")


@pytest.mark.parametrize("rows, row, label", [
    (SCIENTIFIC, "run-global-package-regional-crop", "input_mismatch"),   # shapes beside the word
    (QUANTIZED, "run-dynamic-activation-quant-padding-row-nan", "numerical"),  # row indices
])
def test_non_finite_values_outrank_bracketed_integers_beside_them(rows, row, label):
    import aotidebug

    d = aotidebug.diagnose(rows[row]["message"])
    assert (d.category.value, d.code) == ("numerical", "AOTD802")
    assert [c.category.value for c in d.candidates][:2] == ["numerical", "input_mismatch"], label


def test_torchs_own_error_at_the_users_line_is_not_a_check():
    """A C function's error sits at the user's line too: without an output named, not this rule."""
    import torch

    with pytest.raises(ValueError, match="expected sequence of length") as info:
        torch.tensor([[1.0, 2.0], [3.0]])
    assert _read(info.value)[1] not in ("AOTS343", "AOTS344")
    assert _read("".join(traceback.format_exception(info.value)))[1] not in ("AOTS343", "AOTS344")


def test_the_same_words_raised_inside_a_library_are_not_the_users_check():
    text = ("Traceback (most recent call last):\n"
            '  File "/srv/app.py", line 9, in <module>\n    run(batch)\n'
            '  File "/usr/lib/python3.11/site-packages/torch/_inductor/package/package.py", line 310, '
            "in __call__\n    raise RuntimeError(msg)\n"
            "RuntimeError: expected 5 outputs, got (2, 4)\n")
    assert _read(text)[1] not in ("AOTS343", "AOTS344")
