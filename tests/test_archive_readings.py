"""The .pt2 archive and its APIs handed what they do not take: torch.export.save / load, the
archive's reader and writer, and the OS refusing the package's path. Texts from
tests/fixtures/emitted/archive_messages.jsonl and earlier live sets (real, blind), and calls made
here (nothing is compiled)."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text, reading as _read

ROWS = emitted("archive_messages.jsonl")


@pytest.mark.parametrize("row", ["export-save-nn-module", "export-save-aoti-compiled-model",
                                 "export-load-multi-model-archive", "export-load-extra-files-only-archive"])
def test_export_save_or_load_handed_what_it_does_not_take_is_the_call_s(row):
    # a TypeError or KeyError inside torch.export.save / load: not a failed export of the program
    assert _read(ROWS[row]["message"]) == ("unsupported", "AOTS322")


@pytest.mark.parametrize("row", ["package-pt2-with-nothing", "load-archive-format-edited"])
def test_the_archive_code_asserting_on_its_input_is_the_call_s(row):
    assert _read(ROWS[row]["message"]) == ("unsupported", "AOTS323")


def test_an_assertion_that_states_its_contract_in_words_stays_the_stronger_reading():
    assert _read(live_text("live_blind9.jsonl", "live9-12-multi-from-pt2"))[1] == "AOTS194"


@pytest.mark.parametrize("text", [
    ROWS["compile-and-package-path-is-existing-dir"]["message"],  # EISDIR
    live_text("live_blind22.jsonl", "live22-27-models-volume-read-only"),  # EROFS
    live_text("live_blind25.jsonl", "live25-31-path-is-unpacked-copy"),
    live_text("live_blind42.jsonl", "live42-04-existing-folder-named-pt2"),
], ids=["is-a-directory", "read-only", "unpacked-copy", "folder-named-pt2"])
def test_the_os_refusing_the_package_path_is_the_host_s(text):
    assert _read(text) == ("unknown", "AOTS168")


def test_live_calls(tmp_path):
    torch = pytest.importorskip("torch")
    with pytest.raises(Exception) as saved:
        torch.export.save(torch.nn.Linear(2, 2), str(tmp_path / "ep.pt2"))
    assert _read(saved.value) == ("unsupported", "AOTS322"), str(saved.value)[-300:]

    from torch.export.pt2_archive._package import package_pt2
    with pytest.raises(Exception) as nothing:
        package_pt2(str(tmp_path / "m.pt2"))
    assert _read(nothing.value) == ("unsupported", "AOTS323"), str(nothing.value)[-300:]


@pytest.mark.parametrize("text", [
    ROWS["load-truncated-download"]["message"], ROWS["load-zero-byte-package"]["message"],
    ROWS["load-git-lfs-pointer-instead-of-package"]["message"],
    live_text("live_blind9.jsonl", "live9-22-ascii-transfer"),
], ids=["truncated", "zero-bytes", "lfs-pointer", "ascii-transfer"])
def test_a_damaged_package_is_read_as_the_host_s_first_and_as_a_missing_model_beside_it(text):
    # the labelled reports call it either way; the reading says both, the host's transfer first
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == ("unknown", "AOTS167")
    beside = {(c.category.value, c.code): c.confidence for c in d.candidates[1:3]}
    assert beside.get(("kernel_binary_missing", "AOTS324"), 1.0) < d.confidence


def _load_log(path, tmp_path) -> str:
    """The log a process loading `path` with aoti_load_package writes (its stderr: the loader's
    warnings, then the traceback)."""
    from aotidebug.runtime.subproc import python_argv, run_isolated

    code = "import sys, torch\ntorch._inductor.aoti_load_package(sys.argv[1])\n"
    res = run_isolated(python_argv("-c", code, str(path)), timeout=120, env={"TMPDIR": str(tmp_path)})
    assert not res.ok
    return res.stderr


def test_a_shared_library_given_to_the_package_loader_is_read_from_the_path_it_names(tmp_path):
    pytest.importorskip("torch")
    import _json
    import shutil

    lib = tmp_path / "model.so"  # a real shared library, as the legacy aot_compile wrote one
    shutil.copy(_json.__file__, lib)
    log = _load_log(lib, tmp_path)
    assert _read(log) == ("deprecated_api", "AOTS325"), log[-600:]
    # the loader's words alone, without the path: a damaged archive first, the library beside it
    tail = log[log.index("Traceback"):]
    assert _read(tail)[1] == "AOTS167"
    # the same zip error for a package cut short: no library named, never this reading
    cut = tmp_path / "model.pt2"
    cut.write_bytes(b"PK\x03\x04" + b"\0" * 64)
    assert _read(_load_log(cut, tmp_path))[1] != "AOTS325"


@pytest.mark.parametrize("text", [
    emitted("older_torch_live_messages.jsonl")["ld-legacy-so-into-package-loader"]["message"],  # 2.11's warning
    "Traceback (most recent call last):\n  File \"serve.py\", line 9, in <module>\n"
    "    model = torch._inductor.aoti_load_package(\"/srv/models/resnet.so\")\n"
    "RuntimeError: Failed to initialize zip archive: failed finding central directory\n",  # the call line
    "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n"
    "    m = load_package('/opt/m/model.so')\n"
    "RuntimeError: Failed to initialize zip archive: failed finding central directory\n",
], ids=["loader-warning", "call-line", "load-package-call"])
def test_a_library_path_named_in_the_log_beats_the_damaged_archive_reading(text):
    assert _read(text) == ("deprecated_api", "AOTS325")


@pytest.mark.slow
def test_live_the_legacy_device_argument_handed_to_the_package_loader(packages, tmp_path):
    """A real package, loaded as the legacy aot_load(path, device) was called: `load_package(path,
    "cpu")` looks for a model named 'cpu'; `aoti_load_package(path, device="cpu")` is refused."""
    from aotidebug.runtime.subproc import python_argv, run_isolated

    pkg = packages.build("small")
    for call, code in (("torch._inductor.package.load_package(sys.argv[1], 'cpu')", "AOTS327"),
                       ("torch._inductor.aoti_load_package(sys.argv[1], device='cpu')", "AOTS177")):
        res = run_isolated(python_argv("-c", f"import sys, torch\nimport torch._inductor.package\n{call}\n", str(pkg)),
                           timeout=300, cwd=tmp_path)
        assert not res.ok
        assert _read(res.stderr) == ("deprecated_api", code), res.stderr[-800:]


@pytest.mark.parametrize("device", ["cpu", "cuda:0", "mps"])
def test_a_model_named_like_a_device_is_the_legacy_signature(device):
    row = emitted("migration_messages.jsonl")["load-package-device-as-model-name"]["message"]
    text = row.replace("for model 'cpu'", f"for model '{device}'")
    assert _read(text) == ("deprecated_api", "AOTS327")
    # a model that is named, not a device, missing from the package is the package's
    assert _read(row.replace("for model 'cpu'", "for model 'encoder'"))[1] != "AOTS327"


def test_the_legacy_device_keyword_to_the_package_loader_is_the_legacy_api():
    text = emitted("migration_messages.jsonl")["aoti-load-device-kwarg"]["message"]
    assert _read(text) == ("deprecated_api", "AOTS177")


def test_a_compiled_file_gone_before_packaging_is_the_missing_binary_not_the_call_s(tmp_path):
    """Inductor names what it compiles by a hash (c<hash>.wrapper.cpp, _consts.weights, .so); a
    cache cleaned between compile and packaging leaves the writer a list naming files that are
    gone (AOTS339), where a folder given as a file is the call's contract (AOTS194). Real: the
    writer refusing a real path whose file was removed."""
    pytest.importorskip("torch")
    from torch.export.pt2_archive._package import package_pt2

    folder = tmp_path / "inductor" / "ck6bgx6g3tsroiu3eytbkl3huobqmp4x2c4hymece6bqje3d56to"
    folder.mkdir(parents=True)
    names = ("chxeibadwqeuzh4wvoioity2la4k5wwecccida77ycp5jjpqw4al.wrapper.cpp",
             "cnb6z2eevzucbkrxumk6ulaa65w3obdhyig6hv3sdn3fnhepsr5f_consts.weights",
             "cqwcjte7tldsz73dzijvwj5c2xtnih2ktxbmyq3hxbd5h4ecw5ux.wrapper.so")
    for name in names:
        gone = folder / name
        gone.write_text("generated\n")
        gone.unlink()                                  # the cache cleaned in between
        with pytest.raises(AssertionError) as info:
            package_pt2(str(tmp_path / "m.pt2"), aoti_files={"model": [str(gone)]})
        assert _read(info.value) == ("kernel_binary_missing", "AOTS339"), str(info.value)
    with pytest.raises(AssertionError) as folder_given:
        package_pt2(str(tmp_path / "m.pt2"), aoti_files={"model": [str(tmp_path)]})
    assert _read(folder_given.value)[0] == "unsupported", str(folder_given.value)


def test_the_package_s_bytes_handed_to_the_loader_are_the_call_s(tmp_path):
    """aoti_load_package(data) with the archive's bytes: torch's warning prints them whole (an
    archive's bytes hold generated C++ and its error strings, once read as an illegal memory
    access), then the loader opens them as a path. Real: a child loading a zip's bytes."""
    pytest.importorskip("torch")
    import zipfile

    from aotidebug.runtime.subproc import python_argv, run_isolated

    pkg = tmp_path / "m.pt2"
    with zipfile.ZipFile(pkg, "w") as zf:  # what a package holds: generated C++ with its checks' words
        zf.writestr("m/data/aotinductor/model/c.wrapper.cpp",
                    "// CUDA error: an illegal memory access was encountered\n" * 4)
    code = "import sys, torch\ntorch._inductor.aoti_load_package(open(sys.argv[1], 'rb').read())\n"
    out = run_isolated(python_argv("-c", code, str(pkg)), timeout=120, env={"TMPDIR": str(tmp_path)})
    assert not out.ok and "Instead got" in out.stderr, out.to_dict()
    d = aotidebug.diagnose(out.stderr)
    assert (d.category.value, d.code) == ("unsupported", "AOTS340"), out.stderr[-800:]
    assert "io.BytesIO" in d.fixes[0]
    assert all("illegal memory" not in e.detail for e in d.evidence)


@pytest.mark.parametrize("name, row", [("document_messages.jsonl", "compile-package-path-kept-as-recogniser-so"),
                                       ("scientific_messages.jsonl", "compile-package-path-dot-so"),
                                       ("migration_messages.jsonl", "new-api-so-package-path"),
                                       ("rl_policy_messages.jsonl", "compile-package-path-kept-as-policy-so")])
def test_a_so_package_path_keeps_the_legacy_output_name_a_candidate(name, row):
    """aoti_compile_and_package refusing a `.so` path: the refusal reads first (AOTD534), and the
    legacy aot_compile's output name kept through a migration is a candidate (AOTS348)."""
    d = aotidebug.diagnose(emitted(name)[row]["message"])
    ranked = [(c.category.value, c.code) for c in d.candidates]
    assert ranked[0] == ("unsupported", "AOTD534") and ("deprecated_api", "AOTS348") in ranked[:3], ranked


def test_the_package_api_refusing_a_so_path_for_real(tmp_path):
    """Real: the refusal comes before any compile. A `.so` path gains the legacy candidate; a
    folder or another suffix does not."""
    torch = pytest.importorskip("torch")

    class Net(torch.nn.Module):
        def forward(self, x):
            return x + 1

    ep = torch.export.export(Net(), (torch.ones(2),))
    for path, legacy in (("policy.so", True), ("lib/encoder.so", True), ("model.aoti", False), ("out_dir/", False)):
        with pytest.raises(AssertionError) as info:
            torch._inductor.aoti_compile_and_package(ep, package_path=str(tmp_path / path))
        d = aotidebug.diagnose(info.value)
        assert d.code == "AOTD534", str(info.value)
        assert any(c.code == "AOTS348" for c in d.candidates) is legacy, (path, d.candidates)
