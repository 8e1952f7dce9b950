"""The phase read from a report's words, and the base-rate priors it selects (pure; no torch)."""

from __future__ import annotations

import re

import pytest

from aotidebug.core.routing.classify import diagnose_text
from aotidebug.core.routing.structural import PHASE_PRIORS, PRIOR_CAP, WORDS_PRIOR_SCALE, score
from aotidebug.core.text.phase_words import FAILURE_WORDS, PHASE_WORDS, PIPELINE, phase_from_words
from aotidebug.core.text.structure import WORDS_WINDOW, Phase, read_structure


@pytest.mark.parametrize("text, phase", [
    ("torch.export fails on my model: a graph break in forward's python loop", "export"),
    ("Tracing failed because of a data-dependent branch", "export"),
    ("the generated wrapper does not build with clang: unknown type name", "compile"),
    ("g++ error while compiling the AOTI package", "compile"),
    ("dlopen of the package's shared object fails on the target host", "load"),
    ("Loading the package fails: mmap returns EINVAL", "load"),
    ("the compiled model segfaults at inference for batch 3", "run"),
    ("outputs are NaN after the first call; eager is fine", "run"),
    # the compiler itself and what it keeps between runs
    ("[inductor] CPP kernel fusion AssertionError on CPU", "compile"),
    ("AOTAutogradCache.save fails with a PicklingError on the second run", "compile"),
    ("precompile fails with an error in the guard state", "compile"),
    ("the SubprocPool worker died while tuning", "compile"),
])
def test_each_stage_is_read_from_independent_wordings(text, phase):
    assert phase_from_words(text)[0] == phase


def test_the_failing_sentence_decides_over_the_rest():
    text = ("I exported and compiled the model with aoti_compile_and_package without trouble. "
            "Running the loaded model crashes at inference.")
    assert phase_from_words(text)[0] == "run"


def test_a_tie_goes_to_the_later_stage():
    # one compile word and one run word in the failing sentence: compiling worked, running did not
    assert phase_from_words("after the build the inference fails")[0] == "run"


def test_no_stage_word_reads_unknown():
    assert phase_from_words("something went wrong, please help") == ("unknown", "")


def test_complaint_gates_the_words_phase():
    assert phase_from_words("the package fails to load", only_complaints=True) == ("load", "load")
    assert phase_from_words("how do I load a package?", only_complaints=True) == ("unknown", "")
    assert phase_from_words("how do I load a package?")[0] == "load"  # without the gate it reads one
    assert read_structure("how do I load a package?").phase is Phase.UNKNOWN
    st = read_structure("Loading the package fails on the new host")
    assert st.phase is Phase.LOAD and st.phase_source.startswith("words: ")


def test_words_never_override_frames():
    log = ('Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n'
           "    torch._inductor.aoti_compile_and_package(ep)\n"
           "RuntimeError: loading the inference outputs failed\n")
    st = read_structure(log)
    assert st.phase is Phase.COMPILE and not st.phase_source.startswith("words")


def test_a_long_text_reads_words_only_at_its_ends():
    middle = "filler line that names no stage at all\n" * (WORDS_WINDOW // 20)
    text = "the compiled model crashes at inference\n" + middle + "compile\n" * 10 + middle
    # the compile words sit in the middle, outside both windows: run still decides
    assert read_structure(text).phase is Phase.RUN


def test_words_priors_are_scaled_and_never_reach_a_rule():
    st = read_structure("The AOTI compiled model returns garbage at inference time")
    cands = score(st)
    top_prior = max(w for _, w in PHASE_PRIORS[Phase.RUN])
    assert cands and all(w <= round(top_prior * WORDS_PRIOR_SCALE, 3) for _, w, _ in cands)
    assert all(w <= PRIOR_CAP for _, w, _ in cands)


def test_prose_with_a_stage_gets_a_base_rate_reading_not_unknown():
    d = diagnose_text("Compiling the exported model with AOTI errors out on this machine")
    assert d.category.value == PHASE_PRIORS[Phase.COMPILE][0][0]
    assert d.confidence <= PRIOR_CAP and "next_measurement" in d.details
    # the evidence says where the phase came from; the diagnosis does not claim more
    assert any("words" in e.detail for e in d.evidence if e.label == "phase")


def test_vocabulary_tables_compile_and_name_every_stage():
    assert tuple(PHASE_WORDS) == PIPELINE
    for words in list(PHASE_WORDS.values()) + [FAILURE_WORDS]:
        for w in words:
            re.compile(w)


def test_a_cause_without_its_own_words_gets_no_base_rate():
    """numerical leads the run-phase priors, but a report that never speaks of NaNs, accuracy or
    wrong values is not read as numerical on the base rate alone."""
    st = read_structure("The AOTI runner crashes at inference after the second call")
    cats = [c for c, _, _ in score(st)]
    assert "numerical" not in cats and "crash" in cats
    st2 = read_structure("At inference the AOTI outputs are wrong after the second call")
    assert [c for c, _, _ in score(st2)][0] == "numerical"


def test_signs_are_plain_words_of_each_cause():
    from aotidebug.core.text.phase_words import CAUSE_SIGNS, has_signs

    def signs_of(text: str) -> set[str]:
        return {cat for cat in CAUSE_SIGNS if has_signs(text.lower(), cat)}

    assert signs_of("Segmentation fault (core dumped)") >= {"crash"}
    assert "numerical" not in signs_of("the runner fails at inference")
    assert "kernel_binary_missing" in signs_of("dlopen of model.so")
    assert "numerical" in signs_of("outputs hold NaN") and "numerical" not in signs_of("finance maintenance")
    for cat, words in CAUSE_SIGNS.items():
        assert words and all(w == w.lower() for w in words), cat
        assert cat in signs_of(words[0].rstrip("$"))
