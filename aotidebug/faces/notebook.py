"""`%load_ext aotidebug` in IPython or Jupyter: after a cell's error that came out of torch, the
usual traceback and then its Diagnosis (HTML in a notebook, text in a terminal). Opt-in: importing
aotidebug installs nothing, and `%unload_ext aotidebug` takes the handler off again."""

from __future__ import annotations

import importlib
from types import TracebackType
from typing import Any

from ..core.text.structure import exception_chain

# an error from these packages' code (or of a class they define) is one a diagnosis can explain;
# a NameError in the user's own cell is left to the plain traceback
_LIBRARIES = frozenset({"torch", "triton", "aotidebug"})


def came_out_of_torch(error: BaseException) -> bool:
    """True when `error` or an exception in its printed chain is torch's class or passed a torch frame."""
    for exc, _ in exception_chain(error):  # as IPython prints it: `raise ... from None` hides the rest
        if type(exc).__module__.partition(".")[0] in _LIBRARIES:
            return True
        tb: TracebackType | None = exc.__traceback__
        while tb is not None:
            if str(tb.tb_frame.f_globals.get("__name__", "")).partition(".")[0] in _LIBRARIES:
                return True
            tb = tb.tb_next
    return False


def show_diagnosis(shell: Any, etype: type[BaseException], evalue: BaseException, tb: TracebackType | None,
                   tb_offset: int | None = None) -> None:
    """IPython's custom exception handler: its own traceback first, then the Diagnosis."""
    shell.showtraceback((etype, evalue, tb), tb_offset=tb_offset)
    try:
        if not came_out_of_torch(evalue):
            return
        from ..api import diagnose

        d = diagnose(evalue)
        bundle = {"text/plain": f"\naotidebug: {d}", "text/html": d._repr_html_()}
        # IPython is there whenever this runs (it called us); looked up by name, it is no
        # dependency of aotidebug, for installers and type checkers alike
        importlib.import_module("IPython.display").display(bundle, raw=True)
    except Exception as exc:  # the user's traceback is already shown: never replace it with ours
        print(f"aotidebug: could not diagnose this error ({type(exc).__name__}: {exc})")


def load_ipython_extension(ipython: Any) -> None:
    """Called by `%load_ext aotidebug`."""
    ipython.set_custom_exc((Exception,), show_diagnosis)


def unload_ipython_extension(ipython: Any) -> None:
    """Called by `%unload_ext aotidebug`: IPython's own handling again."""
    ipython.set_custom_exc((), None)
