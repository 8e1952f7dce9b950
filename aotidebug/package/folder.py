"""Read-only access to an extracted `.pt2` package, a folder `aoti_load_package` also accepts.

Deployments often unpack a package once and load the folder: torch 2.15.0 loads a directory
directly, 2.13.0 and 2.14.1 through their loader's fallback (both run; docs/compat.md). `Folder`
offers the surface of `archive.Archive` (`names`, `size`, `read_head`, `read`, `read_text`), so
inspection keeps one reader per format and `members.open_members` picks it. Only regular files are read:
a symlink, FIFO or device under the folder is listed in `refused` and never opened (a symlink may
point anywhere, a FIFO would block), and nothing outside the folder is read. Every failure is a
`PackageError` with the original exception chained.
"""

from __future__ import annotations

import os
import stat

from ..core.errors import PackageError
from .archive import DEFAULT_LIMITS, Limits

MAX_DEPTH = 32  # torch writes `<stem>/data/aotinductor/<model>/<file>`: 5 levels


class Folder:
    """An extracted package folder opened for capped, read-only access. Use as a context manager."""

    def __init__(self, path: str | os.PathLike, limits: Limits = DEFAULT_LIMITS) -> None:
        self.path = os.fspath(path)
        self.limits = limits
        self._sizes: dict[str, int] = {}
        self.refused: dict[str, str] = {}  # member -> why it is not read
        try:
            self._walk(self.path, "", 0)
        except PackageError:
            raise
        except OSError as exc:
            raise PackageError(f"cannot list the package folder {self.path}: {exc}", path=self.path,
                               problem="unreadable") from exc

    def _walk(self, top: str, rel: str, depth: int) -> None:
        if depth > MAX_DEPTH:
            self.refused[rel.rstrip("/")] = f"nested deeper than {MAX_DEPTH} folders"
            return
        listed: list[os.DirEntry[str]] = []
        with os.scandir(top) as entries:
            for entry in entries:  # counted while listed: a huge folder is refused, not read whole
                listed.append(entry)
                if len(listed) + len(self._sizes) + len(self.refused) > self.limits.max_members:
                    raise PackageError(f"package folder has more than {self.limits.max_members} "
                                       f"files: {self.path}", path=self.path, problem="zip-bomb")
        for entry in sorted(listed, key=lambda e: e.name):
            name = rel + entry.name
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISDIR(st.st_mode):
                self._walk(entry.path, name + "/", depth + 1)
            elif stat.S_ISREG(st.st_mode):
                self._sizes[name] = st.st_size
            else:
                self.refused[name] = "symlink" if stat.S_ISLNK(st.st_mode) else "not a regular file"

    def __enter__(self) -> "Folder":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Nothing is held open between reads."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._sizes)

    def size(self, name: str) -> int:
        return self._sizes[name]

    def _open(self, name: str) -> int:
        if name not in self._sizes:
            raise PackageError(f"file {name!r} not in package folder {self.path}", path=self.path,
                               member=name, problem="missing-member")
        target = os.path.join(self.path, *name.split("/"))
        try:
            fd = os.open(target, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError as exc:
            raise PackageError(f"cannot read {target}: {exc}", path=self.path, member=name,
                               problem="unreadable") from exc
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the listing
            os.close(fd)
            raise PackageError(f"{target} is no longer a regular file", path=self.path, member=name,
                               problem="unreadable")
        return fd

    def read_head(self, name: str, n: int) -> bytes:
        """The first `n` bytes of a file (an ELF header check needs no more)."""
        try:
            with os.fdopen(self._open(name), "rb") as fh:
                return fh.read(n)
        except OSError as exc:
            raise PackageError(f"cannot read {name!r} of {self.path}: {exc}", path=self.path,
                               member=name, problem="unreadable") from exc

    def read(self, name: str, max_bytes: int | None = None) -> bytes:
        """One file's bytes, capped (`Limits.max_read_bytes` by default)."""
        cap = max_bytes or self.limits.max_read_bytes
        try:
            with os.fdopen(self._open(name), "rb") as fh:
                data = fh.read(cap + 1)
        except OSError as exc:
            raise PackageError(f"cannot read {name!r} of {self.path}: {exc}", path=self.path,
                               member=name, problem="unreadable") from exc
        if len(data) > cap:
            raise PackageError(f"file {name!r} of {self.path} is larger than {cap} bytes",
                               path=self.path, member=name, problem="zip-bomb")
        return data

    def read_text(self, name: str, max_bytes: int | None = None) -> str:
        return self.read(name, max_bytes).decode("utf-8", errors="replace")


__all__ = ["Folder", "MAX_DEPTH"]
