"""Where a frame's file lives: the user's code, a library, the stdlib, or torch itself (THE
user-frame rule; pure, stdlib only). `frames.py` applies it to every frame it reads."""

from __future__ import annotations

import re

_STDLIB = re.compile(r"[/\\]lib[/\\]python\d+(?:\.\d+)?[/\\](?!.*(?:site|dist)-packages)")
_PSEUDO = re.compile(r"^<(?:frozen [^>]*|string|stdin|console|ipython-input[^>]*|__array_function__[^>]*)>$")
_SITE = re.compile(r"[/\\](?:site|dist)-packages[/\\](?P<rest>.+)$")
_TORCH_SUBPKGS = (
    "_inductor", "_export", "_dynamo", "export", "fx", "_functorch", "_subclasses", "_higher_order_ops",
    "_library", "_prims", "_prims_common", "_refs", "_decomp", "_guards", "_ops", "_tensor", "_logging",
    "utils", "nn", "cuda", "csrc", "_C", "serialization", "_compile", "_utils_internal", "overrides",
    "_meta_registrations", "autograd", "distributed", "ao", "_strobelight", "__init__",
)
_CHECKOUT = re.compile(r"(?:^|[/\\])torch[/\\](?P<rest>(?:" + "|".join(re.escape(s) for s in _TORCH_SUBPKGS)
                       + r")(?:[/\\][\w.\\/-]*)?)$")


# Inductor's cache folder (`/tmp/torchinductor_<user>/`): the Python wrapper and kernels torch
# generated for a compiled graph, never the user's code
_GENERATED = re.compile(r"[/\\]torchinductor_[^/\\]+[/\\]")

# pseudo-files that hold code the user typed: an interactive prompt or a notebook cell, and the
# `<module>` of `python -c` (a `<string>` frame elsewhere is code a library generated: dataclasses)
_TYPED = re.compile(r"^<(?:stdin|console|ipython-input[^>]*)>$")


def is_library_path(path: str, function: str = "") -> bool:
    """THE user-frame rule: True for site/dist-packages, the stdlib, pseudo-files and torch frames;
    False for code the user typed (`function`, when known, tells `python -c`'s `<module>`)."""
    p = path.strip()
    if _TYPED.match(p) or (p == "<string>" and function == "<module>"):
        return False
    if _PSEUDO.match(p) or p.startswith("<"):
        return True
    if _SITE.search(p) or _STDLIB.search(p) or _GENERATED.search(p):
        return True
    return torch_module(p) is not None


def is_torch_path(path: str) -> bool:
    """A file of torch itself: installed (`site-packages/torch/...`) or a source checkout."""
    return torch_module(path) is not None


def is_user_path(path: str, function: str = "") -> bool:
    """The user's own code: the negation of THE user-frame rule."""
    return not is_library_path(path, function)


def _dotted(rest: str) -> str:
    rest = rest.replace("\\", "/")
    for ext in (".py", ".pyx", ".pyi"):
        if rest.endswith(ext):
            rest = rest[: -len(ext)]
    return rest.strip("/").replace("/", ".")


def library_package(path: str) -> str | None:
    """The top-level package of a site/dist-packages path (`torch`, `triton`, ...), else None."""
    m = _SITE.search(path)
    if not m:
        return "torch" if torch_module(path) or _GENERATED.search(path) else None
    return m.group("rest").replace("\\", "/").split("/", 1)[0] or None


def torch_module(path: str) -> str | None:
    """`torch._inductor.codegen.wrapper` for a torch frame's path, else None."""
    p = path.strip().replace("\\", "/")
    m = _SITE.search(p)
    if m:
        rest = m.group("rest")
        return _dotted(rest) if rest.startswith("torch/") else None
    m = _CHECKOUT.search(p)
    return _dotted("torch/" + m.group("rest")) if m else None


# torch's own launchers: they start worker processes and report a worker's death or error from
# the parent (torchrun's ChildFailedError, mp.spawn's ProcessExitedException). Their frames are
# the container's, like a task group's: what failed ran in the worker, so these frames name no
# subsystem and no phase (a launcher's `torch.distributed` frames are no traced collective).
LAUNCHER_MODULES = ("torch.distributed.run", "torch.distributed.launch", "torch.distributed.launcher",
                    "torch.distributed.elastic", "torch.multiprocessing.spawn")


def module_under(module: str, package: str) -> bool:
    """True when dotted `module` is `package` or one of its submodules (`torch.export` holds
    `torch.export._trace`, not `torch.exported`)."""
    return module == package or module.startswith(package + ".")


def frame_module(path: str) -> str | None:
    """The torch module a frame's code runs in, for reading the failure: `torch_module`, except
    None for a launcher's frames (LAUNCHER_MODULES)."""
    module = torch_module(path)
    if module is not None and any(module_under(module, m) for m in LAUNCHER_MODULES):
        return None
    return module
