"""The C++ build failing for its environment's reasons (memory, disk) or for the generated code's,
read from the compiler's and linker's own words. The texts are real: produced on this machine
(tests/fixtures/emitted/toolchain_messages.jsonl) or captured by a live set."""

from __future__ import annotations

import pytest

import aotidebug
from aotidebug.core.text.compiler_diag import read_diag
from tests.labelled import emitted, live_text

ROWS = emitted("toolchain_messages.jsonl")


def _read(row_id: str) -> tuple[str, str, list[str]]:
    d = aotidebug.diagnose(ROWS[row_id]["message"])
    return d.category.value, d.code, [c.category.value for c in d.candidates[:3]]


@pytest.mark.parametrize("row_id", ["gcc-tmpdir-full", "gcc-ulimit-fsize-cc1plus"])
def test_a_build_that_could_not_write_is_the_environments(row_id):
    # gcc names the generated source it was compiling when the disk filled: the code is not wrong
    category, code, _ = _read(row_id)
    assert (category, code) == ("compile_toolchain", "AOTS311")


def test_the_package_writer_on_a_read_only_volume_is_not_the_build():
    # live_blind22's read-only models volume: the archive writer's own strerror, outside the build
    text = live_text("live_blind22.jsonl", "live22-27-models-volume-read-only")
    assert "Read-only file system" in text
    assert aotidebug.diagnose(text).code != "AOTS311"


@pytest.mark.parametrize("row_id", ["gcc-ulimit-v-kernel", "gcc-ulimit-v-pch", "ld-memory-exhausted"])
def test_the_tools_own_words_for_running_out_of_memory(row_id):
    category, code, _ = _read(row_id)
    assert (category, code) == ("out_of_memory", "AOTD823")
    assert "TORCHINDUCTOR_COMPILE_THREADS" in aotidebug.diagnose(ROWS[row_id]["message"]).fixes[0]


@pytest.mark.parametrize("row_id", ["gcc-cc1plus-oom-killed", "ld-oom-killed"])
def test_a_killed_compiler_names_memory_as_a_candidate_not_the_verdict(row_id):
    # SIGKILL is the out-of-memory killer most often, a hard CPU-time limit otherwise (a labelled
    # live row was that): memory is a candidate under the toolchain's reading
    category, _, top3 = _read(row_id)
    assert category == "compile_toolchain" and top3[1] == "out_of_memory"


def test_a_generated_kernel_the_library_lacks_is_torchs():
    category, code, _ = _read("dlopen-undefined-kernel-symbol")   # undefined symbol: cpp_fused_0
    assert (category, code) == ("torch_bug", "AOTS312")
    # a torch symbol the library needs and this torch lacks stays another torch's
    assert _read("dlopen-undefined-newer-shim")[0] == "version_mismatch"


def test_a_linkers_multiple_definition_is_read_as_its_diagnostic():
    line = ("/tmp/c/k.kernel.cpp:5: multiple definition of `cpp_fused_0'; "
            "/tmp/c/w.wrapper.o:/tmp/c/w.wrapper.cpp:723: first defined here")
    diag = read_diag(line, 0)
    assert diag is not None and diag.kind == "linker" and "cpp_fused_0" in diag.message
