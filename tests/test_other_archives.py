"""Another archive handed over as the package: torch.export.save's program, torch.save's weights or
module, torch.jit.save's TorchScript. Each is named for what it is, with the step that makes a
package of it, by `inspect`, `safe_load` and `diagnose(..., package=...)` alike (real files)."""

from __future__ import annotations

import io
import json

import pytest

import aotidebug
from aotidebug.core.errors import PackageError
from aotidebug.faces import cli

torch = pytest.importorskip("torch")


class _Tiny(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x).sin()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    root = tmp_path_factory.mktemp("archives")
    m = _Tiny().eval()
    torch.export.save(torch.export.export(m, (torch.randn(2, 3),)), str(root / "program.pt2"))
    torch.save(m.state_dict(), str(root / "weights.pt"))
    torch.save(m, str(root / "whole.pt"))
    torch.jit.save(torch.jit.trace(m, (torch.randn(2, 3),)), str(root / "scripted.pt"))
    return root


# torch's own error when aoti_load_package is given an exported program (torch 2.13, this machine)
LOAD_TEXT = ("RuntimeError: Failed to find a generated cpp file or so file for model 'model' in the "
             "zip archive.")


@pytest.mark.parametrize("name,refusal,finding", [
    ("program.pt2", "AOTP038", "AOTC043"),
    ("weights.pt", "AOTP040", "AOTC044"),
    ("whole.pt", "AOTP040", "AOTC044"),
    ("scripted.pt", "AOTP039", "AOTC044"),
])
def test_another_archive_is_named_for_what_it_is(archives, name, refusal, finding):
    path = archives / name
    with pytest.raises(PackageError) as info:
        aotidebug.inspect_package(path)
    assert info.value.diagnosis.code == refusal
    with pytest.raises(PackageError) as info:
        aotidebug.safe_load(path)
    assert info.value.diagnosis.code == refusal
    out = io.StringIO()
    assert cli.main(["inspect", str(path), "--json"], out) == cli.EXIT_INPUT
    assert json.loads(out.getvalue())["diagnosis"]["code"] == refusal
    d = aotidebug.diagnose(LOAD_TEXT, package=path)   # measured: outranks the text's reading
    assert (d.code, d.category.value) == (finding, "kernel_binary_missing") and d.confidence > 0.9
    assert ("torch.export.load" if finding == "AOTC043" else "torch.export.export") in d.fixes[0]


def test_a_zip_of_something_else_keeps_the_general_refusal(tmp_path):
    import zipfile

    path = tmp_path / "notes.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("notes/readme.txt", "hello")
    with pytest.raises(PackageError) as info:
        aotidebug.inspect_package(path)
    assert info.value.diagnosis.code == "AOTP006"
    d = aotidebug.diagnose(LOAD_TEXT, package=path)
    assert d.code != "AOTC043" and d.code != "AOTC044"
