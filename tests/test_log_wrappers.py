"""A log read through a collector, a launcher, a quoted reply or a coloured terminal reads the
same as the plain log: `normalize.unwrap` takes the per-line prefixes off before anything reads
the lines (benchmarks/robustness.py prints the same on every labelled set)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from aotidebug.core.describe import error_text
from aotidebug.core.routing.classify import diagnose_text
from aotidebug.core.text.frames import parse_text
from aotidebug.core.text.normalize import unwrap

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.robustness import WRAPPERS, hard_wrap  # noqa: E402
from benchmarks.corpus_accuracy import report_text  # noqa: E402

TRACEBACK = """Traceback (most recent call last):
  File "/srv/app/serve.py", line 12, in <module>
    out = runner(x)
  File "/usr/lib/python3.11/site-packages/torch/_inductor/package/package.py", line 310, in __call__
    flat_outputs = self.loader.boxed_run(flat_inputs)
RuntimeError: Error in dlopen: /tmp/x/data/aotinductor/model/model.so: cannot open shared object file"""


@pytest.mark.parametrize("name,wrap", WRAPPERS, ids=[n for n, _ in WRAPPERS])
def test_a_wrapped_traceback_parses_like_the_plain_one(name, wrap):
    plain, wrapped = parse_text(TRACEBACK), parse_text(error_text(wrap(TRACEBACK)))  # bytes decoded as diagnose() does
    where = lambda parsed: [(f.module, f.line, f.function, f.is_library) for f in parsed.frames]  # noqa: E731
    assert where(wrapped) == where(plain)
    what = lambda parsed: [(e.type, e.message) for e in parsed.exceptions]  # noqa: E731
    assert what(wrapped) == what(plain)
    assert len(plain.frames) == 2


@pytest.mark.parametrize("name,wrap", WRAPPERS, ids=[n for n, _ in WRAPPERS])
def test_every_dev_report_reads_the_same_wrapped(name, wrap, corpus_rows):
    moved = []
    for row in corpus_rows:
        text = report_text(row)
        plain, wrapped = diagnose_text(text), diagnose_text(error_text(wrap(text)))
        if (wrapped.category, wrapped.code) != (plain.category, plain.code):
            moved.append((row["id"], plain.code, wrapped.code))
    assert not moved


@pytest.mark.parametrize("text,want", [
    ("[rank3]: RuntimeError: x\n[rank3]:   File", "RuntimeError: x\n  File"),
    ("[default0]:RuntimeError: x", "RuntimeError: x"),
    ("(VllmWorker pid=12, ip=10.1.2.3) RuntimeError: x", "RuntimeError: x"),
    ("(pid=12) RuntimeError: x", "RuntimeError: x"),
    ("2026-01-01T12:00:00Z RuntimeError: x", "RuntimeError: x"),
    ("2026-01-01T12:00:00.5+02:00 stdout P partial", "partial"),
    ("> > nested quote\n>\n> line", "nested quote\n\nline"),
    # pytest's report of a failed test, long and short traceback styles
    ("test_m.py:12: in test_m\nE       AssertionError\nE       \nE           File", "test_m.py:12: in test_m\nAssertionError\n\n    File"),
    ("E   RuntimeError: x\nE   more", "RuntimeError: x\nmore"),
    # Python's print of an exception group: bars and rulers off
    ("  + Exception Group Traceback (most recent call last):\n  | ExceptionGroup: g (2 sub-exceptions)\n"
     "  +-+---------------- 1 ----------------\n    | ValueError: x\n    +---------------- 2 ----------------\n"
     "    | \n    | KeyError: 'k'\n    +------------------------------------",
     "Exception Group Traceback (most recent call last):\nExceptionGroup: g (2 sub-exceptions)\n\nValueError: x\n\n"
     "\nKeyError: 'k'\n"),
    ("Error: x\nEXPORT   done", "Error: x\nEXPORT   done"),
    ("\x1b[1;31mRuntimeError\x1b[0m: x", "RuntimeError: x"),
    ("    Traceback (most recent call last):\n      File \"a.py\"\n\n    RuntimeError: x",
     "Traceback (most recent call last):\n  File \"a.py\"\n\nRuntimeError: x"),
    # majority prefixes: a logging format and a compose service name on most lines
    ("2024-05-01 10:00:00,123 - torch._inductor - ERROR - a\n2024-05-01 10:00:00,124 - x - WARNING - b",
     "a\nb"),
    ("[2024-05-01 10:00:00,123] [ERROR] worker-3: a\n[2024-05-01 10:00:00,123] INFO b", "a\nb"),
    ("api-1  | a\napi-1  | b\napi-1  | c", "a\nb\nc"),
])
def test_prefixes_come_off(text, want):
    assert unwrap(text) == want


@pytest.mark.parametrize("text", [
    ">>> import torch\n>>> torch.ones(1)",  # a REPL prompt is code, not a quote
    "Summary\nx | y\nthe table above | shows it\nand more prose\nand more",  # a pipe in prose
    "2024-05-01 10:00:00 RuntimeError: not a logger name\nplain line\nplain line",
    "    indented title\nRuntimeError: x",  # not every line indented: the layout is the text's own
])
def test_text_that_only_looks_prefixed_is_kept(text):
    assert unwrap(text) == text


def test_an_exception_type_after_a_log_stamp_is_not_taken_for_a_logger_name():
    text = "2024-05-01 10:00:00,123 RuntimeError: boom\n2024-05-01 10:00:00,124 ValueError: bad"
    assert unwrap(text) == "RuntimeError: boom\nValueError: bad"


LONG_TRACEBACK = """Traceback (most recent call last):
  File "/home/someone/projects/serving/deploy/run_inference_server_with_a_long_name.py", line 212, in <module>
    out = runner(batch_of_inputs_prepared_by_the_preprocessing_stage_of_this_pipeline)
  File "/opt/conda/envs/serving/lib/python3.11/site-packages/torch/_inductor/package/package.py", line 310, in __call__
    flat_outputs = self.loader.boxed_run(flat_inputs)  # type: ignore[attr-defined]
RuntimeError: Error in dlopen: /tmp/torchinductor_someone/abcdef/data/aotinductor/model/cabcdef0123456789.wrapper.so: cannot open shared object file: No such file or directory"""


@pytest.mark.parametrize("width", [64, 72, 80, 100])  # at 120 one line is cut: too few to tell
def test_a_hard_wrapped_traceback_is_joined_back(width):
    assert any(len(ln) % width == 0 for ln in LONG_TRACEBACK.split("\n")) is False  # no ambiguous cut
    cut = hard_wrap(LONG_TRACEBACK, width)
    # read as it came, the cut lines are not frames; joined back they are
    assert parse_text(cut, unwrapped=True).frames != parse_text(LONG_TRACEBACK).frames
    assert parse_text(cut).frames == parse_text(LONG_TRACEBACK).frames
    assert unwrap(cut) == LONG_TRACEBACK
    assert diagnose_text(cut).code == diagnose_text(LONG_TRACEBACK).code


@pytest.mark.parametrize("text", [
    "\n".join(["=" * 80, "Summary of the run", "=" * 80, "step 1 ok", "=" * 80, "done"]),  # rulers
    "\n".join(f"| {'a' * 30} | {'b' * 30} | {i:4d} |" for i in range(6)),  # a table: cuts at a space
    "\n".join(["x" * 70, "short", "y" * 70, "short"]),  # only two lines at the widest length
    LONG_TRACEBACK,
])
def test_text_that_only_looks_hard_wrapped_is_kept(text):
    assert unwrap(text) == text


def test_dev_reports_read_the_same_hard_wrapped(corpus_rows):
    """Cut at 100 columns, the dev reports read as plain: all but the ones with under three long
    lines (joined only when three cuts show the column); before the rejoining about 1 in 12 moved."""
    moved = [row["id"] for row in corpus_rows
             if diagnose_text(hard_wrap(report_text(row), 100)).code != diagnose_text(report_text(row)).code]
    assert len(moved) <= 0.04 * len(corpus_rows), moved


def test_a_printed_nested_exception_group_reads_as_its_members():
    import traceback

    if sys.version_info >= (3, 11):
        import builtins

        ExceptionGroup = builtins.ExceptionGroup
        format_exception = traceback.format_exception
    else:  # pytest brings the backport on 3.10, which prints groups the same way
        from exceptiongroup import ExceptionGroup, format_exception

    def fail():
        raise ValueError("x")
    try:
        try:
            fail()
        except ValueError as v:
            try:
                raise ExceptionGroup("inner", [v, KeyError("k")])
            except ExceptionGroup as inner:
                raise ExceptionGroup("outer", [inner, TypeError("t")])
    except ExceptionGroup as outer:
        printed = "".join(format_exception(outer))
    assert "      | ValueError: x" in printed          # a member of the nested group, two bars deep
    text = unwrap(printed)
    assert not [ln for ln in text.split("\n") if ln.lstrip().startswith(("|", "+-"))]
    parsed = parse_text(printed)
    assert [e.type for e in parsed.exceptions] == ["ValueError", "KeyError", "ValueError", "ValueError",
                                                   "KeyError", "TypeError"]
    assert all(f.function in ("<module>", "fail", "test_a_printed_nested_exception_group_reads_as_its_members")
               for f in parsed.frames)


@pytest.mark.parametrize("text, kept", [
    ("Instead got {b'PK\\x03\\x04\\x00\\x00 data/c.wrapper.cpp index out of bounds \\x00\\x01'} end", "end"),
    ('got b"it\'s \\x00\\x01\\x02\\x03 illegal memory access" end', "end"),
    ("got b'it\\'s \\x00\\x01\\x02\\x03 illegal memory access' end", "end"),
])
def test_a_printed_buffer_s_content_is_data_not_words(text, kept):
    from aotidebug.core.text.normalize import without_byte_dumps

    out = without_byte_dumps(text)
    assert "bytes shown>'" in out and out.endswith(kept)
    assert "index out of bounds" not in out and "illegal memory" not in out


def test_short_or_textual_bytes_and_adversarial_quotes_stay_linear():
    from aotidebug.core.text.normalize import without_byte_dumps

    assert without_byte_dumps("b'abc' and b'\\x00\\x01' stay") == "b'abc' and b'\\x00\\x01' stay"
    assert without_byte_dumps("no escapes b'x'") == "no escapes b'x'"
    # one scan per literal, never a rescan: a quadratic scan would not end on these (4e10 steps)
    for text in ("b'" * 200_000 + "\\x", "b'" + "a" * 1_000_000 + "\\x", "xb'a" * 200_000 + "\\x"):
        assert without_byte_dumps(text) == text
