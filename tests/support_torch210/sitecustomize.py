"""For the test suite's children on a torch whose package loader reads `torch._inductor.codecache`
without importing it (2.10.0: `export/pt2_archive/_package.py:1019`). A child script stands in for
a user's process, and a user on 2.10.0 imports the module before loading (aotidebug's own loader
does: `runtime/worker/client.load_compiled`); this does the same, once the loader's module is
imported, so every child that loads a package runs as it would on a later torch. Put on the
children's PYTHONPATH by tests/conftest.py only on such a torch."""

import importlib
import importlib.abc
import importlib.util
import sys

_LOADER_MODULE = "torch.export.pt2_archive._package"


class _ImportCodecacheAfterTheLoader(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != _LOADER_MODULE:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_then_import(module):
            exec_module(module)
            importlib.import_module("torch._inductor.codecache")

        spec.loader.exec_module = exec_then_import
        return spec


sys.meta_path.insert(0, _ImportCodecacheAfterTheLoader())
