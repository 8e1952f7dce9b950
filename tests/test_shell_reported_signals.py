"""A shell reports a child a signal ended in its own words, the command after them (bash's
"bash: line 1: 27387 Aborted   python3 x.py", job control's "[1]+  Killed ...", zsh's
"zsh: abort ..."), and glibc names a failed heap check before its abort ("malloc(): ...",
"free(): double free detected in tcache 2", "munmap_chunk(): invalid pointer"). Both were read
`unknown` (stop 60, from the scientific and low-precision vocabularies' rows); triggered here for
real through bash and ctypes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from aotidebug.core.text.structure import read_structure
from tests.labelled import emitted, reading as _read

SCIENTIFIC = emitted("scientific_messages.jsonl")
LOW = emitted("low_precision_messages.jsonl")


def _through_bash(code: str) -> str:
    """stderr of `python -c code` run by bash as a child (`; true`: bash forks, then reports)."""
    cmd = f"{sys.executable} -c '{code}'; true"
    return subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, timeout=60).stderr


def test_bash_reports_an_abort_in_its_own_words():
    text = _through_bash("import os; os.abort()")
    assert "Aborted" in text and ": line 1: " in text, text
    assert "SIGABRT" in read_structure(text).signals
    assert _read(text)[0] == "crash"


def test_glibc_naming_a_double_free_before_the_abort_is_a_corrupted_heap():
    text = _through_bash("import ctypes\n"
                         "libc = ctypes.CDLL(None); libc.malloc.restype = ctypes.c_void_p\n"
                         "p = libc.malloc(24); libc.free(ctypes.c_void_p(p)); libc.free(ctypes.c_void_p(p))")
    assert "free(): double free detected" in text and "Aborted" in text, text
    assert _read(text) == ("constant_loading", "AOTS188")


@pytest.mark.parametrize("line,signal", [
    ("[1]+  Killed                  python3 serve.py", "SIGKILL"),
    ("bash: line 3: 4711 Killed                  python3 serve.py", "SIGKILL"),
    ("./run.sh: line 12:  4711 Aborted                 (core dumped) python3 serve.py", "SIGABRT"),
    ("zsh: abort      python serve.py", "SIGABRT"),
    ("zsh: killed     python serve.py", "SIGKILL"),
    ("zsh: illegal hardware instruction  python serve.py", "SIGILL"),
])
def test_the_shells_job_reports_name_the_signal(line, signal):
    assert signal in read_structure(line + "\n").signals


@pytest.mark.parametrize("line", [
    "The kiosk aborted the upload: Killed by the user",   # prose, not a job report
    "bash: line 1: cd: /models: No such file or directory",
])
def test_prose_that_says_killed_or_a_shell_error_is_no_signal(line):
    assert not ({"SIGABRT", "SIGKILL"} & set(read_structure(line + "\n").signals))


@pytest.mark.parametrize("text", [
    SCIENTIFIC["load-constants-double-precision-finetune"]["message"],   # malloc(): invalid size, bash's Aborted
    LOW["lp-loadconst-fp32-into-bf16-heap-abort"]["message"],            # malloc(): invalid size (unsorted)
], ids=["bash-aborted", "core-dumped"])
def test_malloc_s_heap_check_before_an_abort_is_a_corrupted_heap(text):
    assert _read(text) == ("constant_loading", "AOTS188")
