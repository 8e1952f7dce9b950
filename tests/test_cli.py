"""The CLI: exit codes, --json, stdin, and `python -m aotidebug`."""
import io
import json
import subprocess
import sys

import pytest

from aotidebug.faces import cli

IOB = "RuntimeError: index out of bounds: 0 <= tmp4 < 8L\n"


def run(argv, stdin=None):
    out = io.StringIO()
    if stdin is not None:
        old = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
        try:
            return cli.main(argv, out), out.getvalue()
        finally:
            sys.stdin = old
    return cli.main(argv, out), out.getvalue()


def test_diagnose_file_text_and_json(tmp_path):
    log = tmp_path / "crash.log"
    log.write_text(IOB)
    code, text = run(["diagnose", str(log)])
    assert code == cli.EXIT_OK and "index_out_of_bounds" in text
    code, text = run(["diagnose", str(log), "--json"])
    assert code == cli.EXIT_OK and json.loads(text)["category"] == "index_out_of_bounds"


def test_diagnose_stdin_and_unknown_exit_code():
    code, text = run(["diagnose", "-"], stdin="nothing to see here")
    assert code == cli.EXIT_UNKNOWN and "unknown" in text


def test_missing_file_is_input_error(tmp_path):
    code, _ = run(["diagnose", str(tmp_path / "nope.log")])
    assert code == cli.EXIT_INPUT


@pytest.mark.parametrize("target,code", [("nope.log", "AOTP035"), ("", "AOTP036")])
def test_a_log_that_cannot_be_read_is_no_package_refusal(tmp_path, target, code):
    # a missing log is not a missing package: nothing was read, so no category is claimed
    got, text = run(["diagnose", str(tmp_path / target), "--json"])
    assert got == cli.EXIT_INPUT
    d = json.loads(text)["diagnosis"]
    assert (d["code"], d["category"], d["confidence"]) == (code, "unknown", 0.0)
    assert d["evidence"][0]["source"] == "file"


def test_a_missing_source_file_for_migrate_is_no_package_refusal(tmp_path):
    from aotidebug.migrate.api import run_paths
    from aotidebug.migrate.results import MigrateInputError

    with pytest.raises(MigrateInputError) as info:
        run_paths([str(tmp_path / "nope.py")], mode="check", out=io.StringIO())
    d = info.value.diagnosis
    assert (d.code, d.category.value, d.confidence) == ("AOTP035", "unknown", 0.0)
    code, _ = run(["migrate", "--check", str(tmp_path / "nope.py")])
    assert code == cli.EXIT_INPUT


def test_flags_json_lists_phases():
    code, text = run(["flags", "--json"])
    rows = {r["name"]: r for r in json.loads(text)}
    assert code == 0 and rows["CUDA_LAUNCH_BLOCKING"]["phase"] == "run"
    assert rows["AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER"]["phase"] == "compile"


def test_python_dash_m_entry_point():
    out = subprocess.run([sys.executable, "-m", "aotidebug", "diagnose", "-", "--json"],
                         input=IOB, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["category"] == "index_out_of_bounds"


def test_bisect_bad_target_is_input_error_without_compiling():
    code, _ = run(["bisect", "not a target"])
    assert code == cli.EXIT_INPUT


def test_migrate_check_exit_codes(tmp_path):
    legacy = tmp_path / "legacy.py"
    legacy.write_text("import torch\nso = torch._export.aot_compile(m, (x,))\n")
    code, _ = run(["migrate", "--check", str(legacy)])
    assert code == cli.EXIT_FINDINGS
    code, _ = run(["migrate", "--write", str(legacy)])
    assert code == cli.EXIT_OK and "aoti_compile_and_package" in legacy.read_text()
    code, _ = run(["migrate", "--check", str(legacy)])
    assert code == cli.EXIT_OK


def test_an_error_prints_its_diagnosis_and_json_carries_it(tmp_path, capsys):
    junk = tmp_path / "junk.pt2"
    junk.write_bytes(b"\x00not a zip" * 100)
    code, _ = run(["inspect", str(junk)])
    err = capsys.readouterr().err
    assert code == cli.EXIT_INPUT
    assert "error[package-error]" in err and "AOTP003" in err and "Fixes (advised" in err
    code, text = run(["inspect", str(junk), "--json"])
    data = json.loads(text)
    assert code == cli.EXIT_INPUT and data["error"]["type"] == "PackageError"
    assert data["diagnosis"]["code"] == "AOTP003" and data["diagnosis"]["category"] == "kernel_binary_missing"


def test_internal_errors_are_typed_and_debug_shows_the_cause(monkeypatch, capsys):
    import pytest

    from aotidebug import InternalError

    def broken(args, out):
        raise KeyError("a bug in aotidebug")

    monkeypatch.setattr(cli, "cmd_flags", broken)
    code, _ = run(["flags"])
    assert code == cli.EXIT_INTERNAL and "internal error: KeyError" in capsys.readouterr().err
    with pytest.raises(InternalError) as info:
        run(["--debug", "flags"])
    assert isinstance(info.value.__cause__, KeyError)


def test_explain_prints_code_and_category_pages():
    code, text = run(["explain", "AOTP005"])
    assert code == cli.EXIT_OK and text.startswith("AOTP005 (missing-member)") and "# kernel_binary_missing" in text
    code, text = run(["explain", "input_mismatch"])
    assert code == cli.EXIT_OK and text.startswith("# input_mismatch") and "## Fixes" in text
    code, text = run(["explain", "AOTC031"])
    assert code == cli.EXIT_OK and "Static size differs" in text
    assert run(["explain", "NOPE123"])[0] == cli.EXIT_USAGE


def test_the_aotidebug_command_runs():
    """The README's `aotidebug ...` commands go through the console script, not `-m`: its target
    must import. It pointed at `aotidebug.cli` after the CLI moved to `aotidebug.faces.cli`."""
    from importlib import metadata
    from pathlib import Path

    import importlib

    # Python 3.10 has no tomllib; pytest itself depends on its backport there
    tomllib = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
    root = Path(__file__).resolve().parent.parent
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]
    assert declared == {"aotidebug": "aotidebug.faces.cli:main"}
    (ep,) = [e for e in metadata.distribution("aotidebug").entry_points
             if e.group == "console_scripts" and e.name == "aotidebug"]
    assert ep.value == declared["aotidebug"], "reinstall: pip install -e ."
    out = io.StringIO()
    assert ep.load()(["explain", "input_mismatch"], out) == 0 and "input_mismatch" in out.getvalue()
    script = Path(sys.executable).parent / "aotidebug"
    if script.exists():  # a virtual environment's own install (as in CI) has it beside python
        done = subprocess.run([str(script), "diagnose", "-", "--json"], input=IOB,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["category"] == "index_out_of_bounds"
