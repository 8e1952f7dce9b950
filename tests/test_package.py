"""inspect_package / archive / contract: real packages read without executing them, hostile and
broken files turned into PackageError, and the contract parser on other code styles."""
import io
import json
import os
import shutil
import stat
import zipfile
from pathlib import Path

import pytest

from aotidebug.package import generated as contract
from aotidebug.package.pytree_spec import spec_structure
from aotidebug.package.archive import Archive, Limits, unsafe_member_reason
from aotidebug.faces.cli import EXIT_INPUT, EXIT_OK, main
from aotidebug.core.errors import PackageError
from aotidebug.package.inspect import DimInfo, PackageInfo, inspect_package



# ---------------------------------------------------------------- real packages
def test_small_contract(small):
    info = inspect_package(small)
    assert info.format == "pt2" and info.device_type == "cpu"
    assert info.metadata["AOTI_DEVICE_KEY"] == "cpu" and info.metadata["AOTI_PLATFORM"]
    assert info.metadata["AOTI_CPU_ISA"] is not None
    m = info.model()
    assert [(i.name, i.dtype, i.sizes, i.strides, i.device_type) for i in m.inputs] == [
        ("arg2_1", "float32", (2, 8), (8, 1), "cpu")]
    assert [o.name for o in m.outputs] == ["output0"]
    assert [(c.name, c.fqn, c.dtype, c.sizes) for c in m.constants] == [
        ("lin_weight", "lin.weight", "float32", (4, 8))]
    assert json.loads(m.in_spec)[1]["type"] == "builtins.tuple"
    kernels = {k.name: k for k in m.kernels}
    # small is compiled with provenance tracking: the fused kernel maps to the user's line 12
    fused = kernels["cpp_fused_add_mul_relu_1"]
    assert {"add", "mul", "relu"} <= set(fused.source_nodes)
    assert any("small.py" in t and "line 12" in t for t in fused.stack_traces)
    assert "linear" in kernels["aoti_torch_cpu_addmm_out"].source_nodes
    assert m.wrapper_member.endswith(".wrapper.cpp") and m.wrapper_member in info.files
    assert "check_input_0" in info.read_text(m.wrapper_member)
    assert info.unreadable == ()


def test_dynamic_dim_bounds(dyn):
    spec = inspect_package(dyn).model("model").inputs[0]
    assert isinstance(spec.sizes[0], DimInfo)
    assert (spec.sizes[0].min, spec.sizes[0].max) == (2, 64)
    assert spec.sizes[0].symbol.startswith("s") and spec.sizes[1] == 8


def test_to_dict_str_and_cli(small, capsys):
    info = inspect_package(small)
    d = json.loads(json.dumps(info.to_dict()))
    assert d["models"][0]["inputs"][0]["sizes"] == [2, 8]
    text = str(info)
    assert "arg2_1: float32 (2, 8) stride (8, 1) on cpu" in text and "lin.weight" in text
    assert main(["inspect", str(small)]) == EXIT_OK
    assert "arg2_1" in capsys.readouterr().out
    assert main(["inspect", str(small), "--json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["device_type"] == "cpu"


def test_unknown_model_name(small):
    with pytest.raises(PackageError, match="no model 'nope'"):
        inspect_package(small).model("nope")


def test_legacy_so_layout(small, tmp_path):
    """The legacy aot_compile cache layout: <h>.wrapper.so beside <h>.wrapper.cpp and metadata."""
    with zipfile.ZipFile(small) as z:
        for n in z.namelist():
            base = n.rsplit("/", 1)[-1]
            if base.endswith((".wrapper.so", ".wrapper.cpp", ".wrapper_metadata.json", ".kernel.cpp")):
                (tmp_path / base).write_bytes(z.read(n))
    so = next(tmp_path.glob("*.wrapper.so"))
    info = inspect_package(so)
    assert info.format == "legacy-so" and info.device_type == "cpu"
    assert info.model().inputs[0].sizes == (2, 8)
    assert any("legacy" in u for u in info.unreadable)
    for f in tmp_path.glob("*_metadata.json"):
        f.unlink()
    bare = inspect_package(so)
    assert bare.device_type == "cpu"  # still known from the input guards
    assert any("metadata" in u for u in bare.unreadable)


# ---------------------------------------------------------------- broken and hostile files
def _zip(path, members):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


@pytest.mark.parametrize("content,match", [
    (b"", "empty or truncated|not a readable zip"),
    (os.urandom(4096), "not a readable zip"),
    (b"hello, this is text\n" * 10, "not a readable zip"),
])
def test_not_a_zip(tmp_path, content, match):
    p = tmp_path / "bad.pt2"
    p.write_bytes(content)
    with pytest.raises(PackageError, match=match):
        inspect_package(p)


def test_missing_directory_and_non_path(tmp_path):
    with pytest.raises(PackageError, match="not found"):
        inspect_package(tmp_path / "nope.pt2")
    with pytest.raises(PackageError, match="directory"):
        inspect_package(tmp_path)
    with pytest.raises(PackageError):
        inspect_package(12345)
    with pytest.raises(PackageError, match="not an ELF"):
        inspect_package(_zip(tmp_path / "x.so", {"a": "b"}))


def test_a_path_is_text_bytes_or_pathlike_and_anything_else_is_a_package_error():
    from aotidebug.package.inspect import package_path

    assert package_path("a.pt2") == "a.pt2" and package_path(Path("a.pt2")) == "a.pt2"
    assert package_path(b"caf\xc3\xa9.pt2") == "caf\u00e9.pt2"   # os.listdir(b".") hands bytes
    for bad in (12345, None, object(), "a\x00b.pt2", b"a\x00b"):
        with pytest.raises(PackageError) as refused:
            package_path(bad)
        assert refused.value.problem == "not-a-file" and "not a package path" in str(refused.value)


class _BrokenPathLike:
    def __fspath__(self):
        raise RuntimeError("the mount is gone")


def test_a_pathlike_that_cannot_give_its_path_is_a_package_error_chaining_its_own():
    import aotidebug
    from aotidebug.package.inspect import package_path

    # once: its RuntimeError escaped safe_load, probe and bisect untyped
    for call in (package_path, inspect_package, aotidebug.safe_load):
        with pytest.raises(PackageError, match="could not give its path") as refused:
            call(_BrokenPathLike())
        assert refused.value.problem == "not-a-file"
        assert isinstance(refused.value.__cause__, RuntimeError)


def test_a_bytes_path_is_read_and_loaded_like_its_text(small):
    import torch

    import aotidebug

    raw = os.fsencode(str(small))
    assert inspect_package(raw).to_dict() == inspect_package(small).to_dict()
    with aotidebug.safe_load(raw, isolate=False) as m:  # it raised AttributeError ('bytes'... 'seek')
        assert tuple(m(torch.ones(2, 8)).shape) == (2, 4)


def test_truncated_package(small, tmp_path):
    data = small.read_bytes()
    p = tmp_path / "trunc.pt2"
    p.write_bytes(data[: len(data) // 2])
    with pytest.raises(PackageError) as ei:
        inspect_package(p)
    assert ei.value.__cause__ is not None  # the zipfile error is chained, not lost


def test_zip_that_is_not_aoti(tmp_path):
    with pytest.raises(PackageError, match="not an AOTI package"):
        inspect_package(_zip(tmp_path / "ep.pt2", {"ep/models/model.json": "{}"}))


def test_corrupt_member_is_reported_not_raised(small, tmp_path):
    """A member whose bytes are damaged (CRC) is listed in unreadable; the rest still reads."""
    p = tmp_path / "crc.pt2"
    shutil.copy(small, p)
    with zipfile.ZipFile(small) as z:
        info = next(i for i in z.infolist() if i.filename.endswith(".wrapper.cpp"))
        offset = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra) + 5000
    raw = bytearray(p.read_bytes())
    raw[offset:offset + 8] = b"XXXXXXXX"
    p.write_bytes(bytes(raw))
    got = inspect_package(p)
    assert any("wrapper.cpp" in u and ("corrupt" in u or "CRC" in u) for u in got.unreadable)
    assert got.metadata["AOTI_DEVICE_KEY"] == "cpu"


def test_zip_bomb_member_refused(tmp_path):
    bomb = b"\0" * (64 * 1024 * 1024)
    p = _zip(tmp_path / "bomb.pt2", {"t/data/aotinductor/model/a.wrapper.cpp": bomb,
                                      "t/data/aotinductor/model/a.wrapper_metadata.json":
                                          json.dumps({"AOTI_DEVICE_KEY": "cpu"})})
    info = inspect_package(p)
    assert any("zip bomb" in u for u in info.unreadable)
    with Archive(p) as arc, pytest.raises(PackageError, match="zip bomb"):
        arc.read("t/data/aotinductor/model/a.wrapper.cpp")


def test_member_count_cap(tmp_path):
    p = _zip(tmp_path / "many.pt2", {f"t/data/aotinductor/model/f{i}": "x" for i in range(50)})
    with pytest.raises(PackageError, match="members"):
        Archive(p, Limits(max_members=10))


@pytest.mark.parametrize("name,why", [
    ("../evil.txt", "parent"), ("a/../../evil.txt", "parent"), ("/etc/evil", "absolute"),
    ("C:/evil", "absolute"), ("", "empty"), ("ok/fine.txt", None),
])
def test_unsafe_member_names(name, why):
    got = unsafe_member_reason(name)
    assert (got is None) if why is None else (why in got)


@pytest.mark.slow
def test_top_level_parent_member_is_reported_not_misread(packages, tmp_path):
    """A `../evil` entry beside a real package's members must not hide the package's layout."""
    p = tmp_path / "hostile.pt2"
    shutil.copy(packages.build("small"), p)
    with zipfile.ZipFile(p, "a") as z:
        z.writestr("../evil.txt", "pwned")
    info = inspect_package(p)
    assert info.device_type == "cpu" and info.model().inputs
    assert any("../evil.txt" in u and "parent-directory" in u for u in info.unreadable)
    assert not (tmp_path.parent / "evil.txt").exists()


def test_hostile_members_never_escape(tmp_path):
    outside = tmp_path / "evil.txt"
    p = tmp_path / "hostile.pt2"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("t/data/aotinductor/model/a.wrapper_metadata.json", json.dumps({"AOTI_DEVICE_KEY": "cpu"}))
        z.writestr("t/data/aotinductor/model/../../../../evil.txt", "pwned")
        link = zipfile.ZipInfo("t/data/aotinductor/model/link")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "/etc/passwd")
    info = inspect_package(p)  # inspection reads members, never extracts
    assert info.device_type == "cpu" and not outside.exists()
    with Archive(p) as arc:  # reading names is safe; each hostile one is named with its reason
        reasons = {n: unsafe_member_reason(n, arc.info(n).external_attr) for n in arc.names}
    assert reasons["t/data/aotinductor/model/../../../../evil.txt"] == "parent-directory component"
    assert reasons["t/data/aotinductor/model/link"] == "symlink"
    assert reasons["t/data/aotinductor/model/a.wrapper_metadata.json"] is None
    assert not outside.exists()


def test_cli_inspect_bad_file(tmp_path, capsys):
    p = tmp_path / "bad.pt2"
    p.write_bytes(b"garbage")
    assert main(["inspect", str(p)]) == EXIT_INPUT
    assert "not a readable zip" in capsys.readouterr().err


# ---------------------------------------------------------------- contract parser, other styles
OLD_STYLE = r'''
    inputs_info_[0].name = "arg0_1";
    inputs_info_[1].name = "arg1_1";
    in_spec_ = "[1, {\"type\": \"builtins.tuple\", \"context\": \"null\", \"children_spec\": [{\"type\": \"builtins.tuple\", \"context\": \"null\", \"children_spec\": [{\"type\": null, \"context\": null, \"children_spec\": []}, {\"type\": null, \"context\": null, \"children_spec\": []}]}, {\"type\": \"builtins.dict\", \"context\": \"[]\", \"children_spec\": []}]}]";
    out_spec_ = "[1, {\"type\": null, \"context\": null, \"children_spec\": []}]";
    auto arg0_1_size = arg0_1.sizes();
    int64_t s0 = arg0_1_size[0];
    assert_size_stride(arg0_1, {s0, 16L}, {16L, 1L}, "input");
    assert_size_stride(arg1_1, {3L}, {1L}, "input");
'''


def test_contract_without_guard_functions():
    """Older code styles: no check_input_N (guards only under a debug flag), escaped in_spec."""
    parsed = contract.parse_wrapper(OLD_STYLE)
    a, b = parsed["inputs"]
    assert a["sizes"] == [{"symbol": "s0", "min": None, "max": None}, 16] and a["strides"] == [16, 1]
    assert b["sizes"] == [3] and a["dtype"] is None
    assert any("check_input_N" in m for m in parsed["missing"])
    assert spec_structure(parsed["in_spec"]) == ("tuple", (("tuple", ("leaf", "leaf")), ("dict", (), ())))


def test_contract_symbolic_stride_and_dict_spec():
    text = '''inputs_info_[0].name = "arg0_1";
static void check_input_0(AtenTensorHandle* input_handles) {
    ConstantHandle arg0_1 = ConstantHandle(input_handles[0]);
    int32_t arg0_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (4 != arg0_1_size[0]) {
    if (arg0_1_size[1] < 2) {
    if (1 != arg0_1_stride[1]) {
    int32_t arg0_1_expected_device_type = 1;
}
    int64_t s12 = arg0_1_size[1];
    assert_size_stride(arg0_1, {4L, s12}, {s12, 1L}, "input");
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": []}, {"type": "builtins.dict", "context": "[\\"a\\", \\"b\\"]", "children_spec": [{"type": null, "context": null, "children_spec": []}, {"type": null, "context": null, "children_spec": []}]}]}])";
'''
    parsed = contract.parse_wrapper(text)
    (inp,) = parsed["inputs"]
    assert inp == {"index": 0, "name": "arg0_1", "dtype": "bfloat16",
                   "sizes": [4, {"symbol": "s12", "min": 2, "max": None}],
                   "strides": ["s12", 1], "device_type": "cuda"}
    st = spec_structure(parsed["in_spec"])
    assert st[1][1] == ("dict", ("a", "b"), ("leaf", "leaf"))


def test_contract_garbage_is_empty_not_crash():
    parsed = contract.parse_wrapper("\x00 not c++ at all {{{{ in_spec_ = R\"(")
    assert parsed["inputs"] == [] and parsed["in_spec"] is None and parsed["missing"]
    assert spec_structure("not json") is None
    assert spec_structure("[1, 5]") is None
    assert spec_structure('[1, {"type": "builtins.tuple", "children_spec": [3]}]') is None
    with pytest.raises(ValueError):
        contract.parse_metadata("[1, 2]")


def test_call_signature_names_inputs_in_order(packages):
    from aotidebug.package.inspect import call_signature

    info = inspect_package(packages.build("dictin"))
    assert call_signature(info.model()) == "f(arg0_1, {'a': arg1_1, 'b': arg2_1})"
    assert "call  f(arg0_1, {'a': arg1_1, 'b': arg2_1})" in str(info)
