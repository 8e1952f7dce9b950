"""Safe reading of a zip archive (a `.pt2` package) that may be corrupt, truncated or hostile.

Inspection reads a few text members and never executes anything, so the only dangers are the
archive itself: zip bombs (caps on member count, per-member and total uncompressed size and on
the compression ratio, enforced on the bytes actually read, not on the header's claims) and
member names that escape (`../`, absolute paths, drive letters, symlinks). Extraction always goes
into a private temp dir. Every failure is a `PackageError` with the original exception chained.
"""

from __future__ import annotations

import os
import stat
import zipfile
import zlib
from dataclasses import dataclass
from typing import Iterable

from ..core.errors import PackageError

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """Caps that keep a hostile archive from exhausting memory or disk."""

    max_members: int = 20_000
    max_member_bytes: int = 8 * 1024 * MiB      # one extracted member (a CUDA .so with weights)
    max_total_bytes: int = 32 * 1024 * MiB      # everything extracted in one call
    max_read_bytes: int = 64 * MiB              # one member read into memory (text)
    max_ratio: float = 200.0                    # uncompressed / compressed, for members > 1 MiB
    ratio_floor_bytes: int = 1 * MiB


DEFAULT_LIMITS = Limits()
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError,
               ValueError, NotImplementedError, RuntimeError, KeyError)


def unsafe_member_reason(name: str, external_attr: int = 0) -> str | None:
    """Why a member name must never be extracted (None when it is safe). Pure."""
    if not name or "\x00" in name:
        return "empty or NUL in name"
    if (external_attr >> 16) and stat.S_ISLNK(external_attr >> 16):
        return "symlink"
    norm = name.replace("\\", "/")
    if norm.startswith("/") or (len(norm) > 1 and norm[1] == ":"):
        return "absolute path"
    parts = [p for p in norm.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        return "parent-directory component"
    if not parts:
        return "empty path"
    return None


def header_problem(info: zipfile.ZipInfo, limits: Limits = DEFAULT_LIMITS,
                   cap: int | None = None) -> str | None:
    """Why a member's declared sizes look like a zip bomb (None when they do not). Pure: the
    bytes actually read are capped again while streaming, since headers can lie."""
    cap = limits.max_member_bytes if cap is None else cap
    if info.file_size > cap:
        return (f"member {info.filename!r} is {info.file_size} bytes (limit {cap}): refusing a "
                "possible zip bomb")
    if info.file_size > limits.ratio_floor_bytes and info.file_size > limits.max_ratio * max(info.compress_size, 1):
        return (f"member {info.filename!r} compresses {info.file_size}/{info.compress_size} "
                f"(ratio above {limits.max_ratio:g}): refusing a possible zip bomb")
    return None


class Archive:
    """A zip opened for capped, read-only access. Use as a context manager."""

    def __init__(self, path: str | os.PathLike, limits: Limits = DEFAULT_LIMITS) -> None:
        self.path = os.fspath(path)
        self.limits = limits
        try:
            self._zip = zipfile.ZipFile(self.path)
            infos = self._zip.infolist()
        except FileNotFoundError as exc:
            raise PackageError(f"package not found: {self.path}", path=self.path, problem="not-found") from exc
        except IsADirectoryError as exc:
            raise PackageError(f"package path is a directory: {self.path}", path=self.path, problem="not-a-file") from exc
        except _ZIP_ERRORS as exc:
            raise PackageError(f"not a readable zip archive (corrupt, truncated or not a .pt2): "
                               f"{self.path}: {exc}", path=self.path, problem="not-a-zip") from exc
        if len(infos) > limits.max_members:
            self._zip.close()
            raise PackageError(f"archive has {len(infos)} members (limit {limits.max_members}): "
                               f"refusing a possible zip bomb: {self.path}", path=self.path, problem="zip-bomb")
        self._infos = {i.filename: i for i in infos}
        # members listed but never read (a folder's symlinks, folder.Folder); a zip has none: its
        # unsafe names are reported by unsafe_member_reason where they are used
        self.refused: dict[str, str] = {}

    def __enter__(self) -> "Archive":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, i in self._infos.items() if not i.is_dir())

    def size(self, name: str) -> int:
        return self._infos[name].file_size

    def info(self, name: str) -> zipfile.ZipInfo:
        return self._infos[name]

    def _check_header(self, info: zipfile.ZipInfo, cap: int) -> None:
        why = header_problem(info, self.limits, cap)
        if why:
            raise PackageError(why, path=self.path, member=info.filename, problem="zip-bomb")

    def _stream(self, name: str, cap: int) -> Iterable[bytes]:
        info = self._infos.get(name)
        if info is None:
            raise PackageError(f"member {name!r} not in archive {self.path}", path=self.path, member=name,
                               problem="missing-member")
        self._check_header(info, cap)
        got = 0
        try:
            with self._zip.open(info) as fh:
                while True:
                    chunk = fh.read(MiB)
                    if not chunk:
                        break
                    got += len(chunk)
                    if got > cap or got > info.file_size:  # never trust the header
                        raise PackageError(f"member {name!r} inflates past its declared size or "
                                           f"the limit {cap}", path=self.path, member=name, problem="zip-bomb")
                    yield chunk
        except PackageError:
            raise
        except _ZIP_ERRORS as exc:
            raise PackageError(f"member {name!r} of {self.path} is corrupt or truncated: {exc}",
                               path=self.path, member=name, problem="corrupt") from exc

    def read_head(self, name: str, n: int) -> bytes:
        """The first `n` bytes of a member, however large it is (an ELF header check needs no more)."""
        info = self._infos.get(name)
        if info is None:
            raise PackageError(f"member {name!r} not in archive {self.path}", path=self.path, member=name,
                               problem="missing-member")
        try:
            with self._zip.open(info) as fh:
                return fh.read(n)
        except _ZIP_ERRORS as exc:
            raise PackageError(f"member {name!r} of {self.path} is corrupt or truncated: {exc}",
                               path=self.path, member=name, problem="corrupt") from exc

    def read(self, name: str, max_bytes: int | None = None) -> bytes:
        """One member's bytes, capped (`Limits.max_read_bytes` by default)."""
        return b"".join(self._stream(name, max_bytes or self.limits.max_read_bytes))

    def read_text(self, name: str, max_bytes: int | None = None) -> str:
        return self.read(name, max_bytes).decode("utf-8", errors="replace")


def is_zip(path: str | os.PathLike) -> bool:
    """True when the file starts like a zip (local header or empty-archive record)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return False
    return head in (b"PK\x03\x04", b"PK\x05\x06")


def common_prefix(names: Iterable[str]) -> str:
    """The archive's top folder when every member sits under one (torch writes `<name>/...`)."""
    tops = {n.split("/", 1)[0] for n in names if "/" in n}
    if len(tops) == 1:
        top = tops.pop()
        return top + "/"
    return ""


def pack_folder(folder: str | os.PathLike, dest: str | os.PathLike) -> str:
    """An extracted package `folder` written back as the archive it came from (its relative paths
    as member names, stored), at `dest`: for a torch whose loader takes only a .pt2 (2.10.0).
    Links are left out, as an archive's own extraction holds none."""
    root = os.fspath(folder)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as z:
        for here, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                full = os.path.join(here, name)
                if not os.path.islink(full):
                    z.write(full, os.path.relpath(full, root).replace(os.sep, "/"))
    return os.fspath(dest)


__all__ = ["Archive", "Limits", "DEFAULT_LIMITS", "header_problem", "unsafe_member_reason", "is_zip",
           "common_prefix", "pack_folder"]
