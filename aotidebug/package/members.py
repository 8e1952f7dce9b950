"""A package's members, whichever reader holds them: a `.pt2` (`archive.Archive`) or the folder
it was extracted to (`folder.Folder`), and what in them would hurt torch's loader."""

from __future__ import annotations

import os
from typing import Union

from ..core.errors import PackageError
from .archive import DEFAULT_LIMITS, Archive, Limits, header_problem, unsafe_member_reason
from .elf import HEAD_BYTES, elf_problem
from .folder import Folder

Members = Union[Archive, Folder]


def open_members(path: str | os.PathLike, limits: Limits = DEFAULT_LIMITS) -> Members:
    """The package's reader: `Folder` for an extracted package folder, `Archive` for a `.pt2`."""
    return Folder(path, limits) if os.path.isdir(path) else Archive(path, limits)


def load_problems(path: str, model_name: str = "model", limits: Limits = DEFAULT_LIMITS) -> list[tuple[str, str]]:
    """What in a .pt2, or the folder it was extracted to, would hurt torch's loader (which
    extracts everything and dlopen()s the .so), as (problem, message) with `problem` a key of
    `core.refusals.REFUSALS`: escaping or symlinked members, zip bombs, a missing or truncated
    compiled .so. Reads only the central directory (or the listing) and the first bytes of each .so.
    A folder's symlinks are never followed, so a symlinked .so counts as present, unverified."""
    problems: list[tuple[str, str]] = []
    try:
        with open_members(path, limits) as arc:
            total = 0
            sos = []
            present = [*arc.names, *arc.refused]  # a refused (symlinked) .so is there, unverified
            for name in arc.names:
                if isinstance(arc, Archive):
                    info = arc.info(name)
                    why = unsafe_member_reason(name, info.external_attr)
                    if why:
                        problems.append(("hostile-member", f"member {name!r}: {why} (torch's loader "
                                                           "would write it outside its extraction dir)"))
                        continue
                    total += info.file_size
                    bomb = header_problem(info, limits)
                    if bomb:
                        problems.append(("zip-bomb", bomb))
                if _is_model_so(name, model_name):
                    sos.append(name)
            if total > limits.max_total_bytes:
                problems.append(("zip-bomb", f"archive inflates to {total} bytes (limit "
                                             f"{limits.max_total_bytes}): refusing a possible zip bomb"))
            if not any(n.endswith("_metadata.json") and "aotinductor" in n.split("/") for n in present):
                problems.append(("missing-member", f"no *_metadata.json for model {model_name!r}: "
                                 "device, platform and CPU ISA are unknown, and torch's loader "
                                 "refuses such packages"))
            if not any(_is_model_so(n, model_name) for n in present):
                problems.append(("missing-member", f"no compiled .so for model {model_name!r} in the "
                                 "package: torch's loader would try to rebuild it from the .cpp "
                                 "sources and fail with a misleading 'File not found "
                                 "...compile_flags.json'"))
            for name in sos:
                why = elf_problem(arc.read_head(name, HEAD_BYTES), arc.size(name))
                if why:
                    problems.append(("bad-binary", f"{name}: {why}"))
    except PackageError as exc:
        problems.append((exc.problem or "corrupt", str(exc)))
    return problems


def _is_model_so(name: str, model_name: str) -> bool:
    parts = name.split("/")
    return name.endswith(".so") and "aotinductor" in parts and (model_name in parts or len(parts) < 3)


__all__ = ["Members", "open_members", "load_problems"]
