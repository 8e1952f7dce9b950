"""A Python serving host's failures (the package's path, the torch install, the loader's folder),
read from what the service logs. The texts are real: made on this machine with torch 2.13.0 and
2.14.1 (tests/fixtures/emitted/host_serving_messages.jsonl, collected blind)."""

from __future__ import annotations

import aotidebug
from tests.labelled import emitted

ROWS = emitted("host_serving_messages.jsonl")


def _read(text: str) -> tuple[str, str]:
    d = aotidebug.diagnose(text)
    return d.category.value, d.code


def test_import_torch_failing_inside_torch_is_two_installs_mixed():
    # torch 2.13.0's package under LD_LIBRARY_PATH reaching 2.14.1's libtorch_python.so
    d = aotidebug.diagnose(ROWS["start-ld-library-path-other-torch-libs"]["message"])
    assert (d.category.value, d.code) == ("version_mismatch", "AOTS314")
    assert "LD_LIBRARY_PATH" in d.fixes[0]
    # torch's own module missing one of its names elsewhere stays torch's (AOTS127)
    inner = ("Traceback (most recent call last):\n  File \"serve.py\", line 3, in <module>\n"
             "    m = torch._inductor.aoti_load_package('m.pt2')\n"
             "  File \"/venv/lib/python3.11/site-packages/torch/_inductor/package/package.py\", line 9, in load_package\n"
             "    from torch._inductor.cpp_builder import x\n"
             "ModuleNotFoundError: No module named 'torch._inductor.cpp_builder'\n")
    assert _read(inner)[1] != "AOTS314"
    # an application's own import of a name its torch lacks is the code's (AOTS203), not the install
    user = ("Traceback (most recent call last):\n  File \"serve.py\", line 1, in <module>\n"
            "    from torch.export import Dim2\n"
            "ImportError: cannot import name 'Dim2' from 'torch.export' (/venv/lib/python3.11/site-packages/"
            "torch/export/__init__.py)\n")
    assert _read(user)[1] != "AOTS314"


def test_a_package_path_that_reaches_no_package_is_the_binary_missing():
    assert _read(ROWS["load-path-is-empty-directory"]["message"]) == ("kernel_binary_missing", "AOTD909")
    loop = ROWS["load-package-path-symlink-loop"]["message"]
    assert _read(loop) == ("kernel_binary_missing", "AOTS315")
    # the same words while compiling are not the package's path
    compiling = loop.replace("aoti_load_package", "aoti_compile_and_package").replace(
        "package/package.py\", line 138, in load_package", "package/package.py\", line 138, in package_aoti")
    assert _read(compiling)[1] != "AOTS315"
