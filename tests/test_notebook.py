"""`%load_ext aotidebug`: after a cell's error that came out of torch, IPython's own traceback and
then the Diagnosis; other errors are left alone; `%unload_ext` restores IPython's handling."""

from __future__ import annotations

import pytest

import aotidebug
from aotidebug.faces.notebook import came_out_of_torch, load_ipython_extension, unload_ipython_extension

torch = pytest.importorskip("torch")


def _torch_error() -> BaseException:
    """A real error raised from torch's Python frames (no package exists at that path)."""
    try:
        torch._inductor.aoti_load_package("/nonexistent/model.pt2")
    except Exception as exc:
        return exc
    raise AssertionError("loading a missing package did not raise")


def test_only_errors_that_came_out_of_torch_are_diagnosed():
    assert came_out_of_torch(_torch_error())
    try:
        {}["key"]
    except KeyError as exc:
        assert not came_out_of_torch(exc)
    try:
        try:
            raise _torch_error()
        except RuntimeError as inner:
            raise ValueError("wrapped by the user's code") from inner
    except ValueError as exc:
        assert came_out_of_torch(exc)   # its cause came out of torch


def test_import_installs_nothing_and_the_extension_is_found_by_name():
    assert aotidebug.load_ipython_extension is load_ipython_extension   # `%load_ext aotidebug` finds it


def test_in_a_real_ipython_shell(capsys):
    ipython = pytest.importorskip("IPython")
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_line_magic("load_ext", "aotidebug")
        shell.run_cell("import torch\ntorch._inductor.aoti_load_package('/nonexistent/model.pt2')")
        out = capsys.readouterr().out
        assert "RuntimeError" in out                      # IPython's own traceback, first
        assert "aotidebug: kernel_binary_missing" in out and out.index("RuntimeError") < out.index("aotidebug:")
        shell.run_cell("{}['key']")
        out = capsys.readouterr().out
        assert "KeyError" in out and "aotidebug:" not in out   # the user's own error: left alone
        shell.run_line_magic("unload_ext", "aotidebug")
        shell.run_cell("import torch\ntorch._inductor.aoti_load_package('/nonexistent/model.pt2')")
        out = capsys.readouterr().out
        assert "RuntimeError" in out and "aotidebug:" not in out
    finally:
        unload_ipython_extension(shell)
        InteractiveShell.clear_instance()
    assert ipython


def test_the_handler_without_ipython_installed(monkeypatch, capsys):
    """CI has no IPython: the handler's own logic, with a stand-in shell and display."""
    import sys
    import types

    shown, displayed = [], []
    fake = types.ModuleType("IPython.display")
    fake.display = lambda obj, raw=False: displayed.append((obj, raw))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", types.ModuleType("IPython"))
    monkeypatch.setitem(sys.modules, "IPython.display", fake)

    class Shell:
        handler = None

        def set_custom_exc(self, types_, handler):
            self.types, self.handler = types_, handler

        def showtraceback(self, exc_tuple, tb_offset=None):
            shown.append(exc_tuple[0].__name__)

    shell = Shell()
    load_ipython_extension(shell)
    assert shell.types == (Exception,)
    err = _torch_error()
    shell.handler(shell, type(err), err, err.__traceback__)
    assert shown == ["RuntimeError"] and len(displayed) == 1
    bundle, raw = displayed[0]
    assert raw and "kernel_binary_missing" in bundle["text/plain"] and "<" in bundle["text/html"]
    try:
        {}["key"]
    except KeyError as exc:
        shell.handler(shell, KeyError, exc, exc.__traceback__)
    assert shown[-1] == "KeyError" and len(displayed) == 1
    unload_ipython_extension(shell)
    assert shell.types == () and shell.handler is None


def test_an_error_raised_from_none_shows_only_what_ipython_prints():
    # the user replaced torch's error with their own on purpose: IPython prints only theirs, and
    # the extension leaves it alone as it does any error of the user's own
    try:
        try:
            torch.nn.Linear(3, 2)(torch.ones(2))
        except RuntimeError:
            raise ValueError("the batch was malformed") from None
    except ValueError as exc:
        hidden = exc
    try:
        try:
            torch.nn.Linear(3, 2)(torch.ones(2))
        except RuntimeError as err:
            raise ValueError("the batch was malformed") from err
    except ValueError as exc:
        chained = exc
    assert not came_out_of_torch(hidden)
    assert came_out_of_torch(chained)
