"""ELF64 symbol tables and /proc/<pid>/maps, for naming a crash's instruction pointer (pure, stdlib).

Why: AOTI's CPU .so files keep `.symtab` (cpp_fused_* kernels are LOCAL symbols there, absent
from `.dynsym`), so an address inside one can be named with no gdb and no recompile. Every read
is bounded and every malformed input raises `SymbolError`, because the files may be hostile or
truncated (a truncated .so is exactly what a SIGBUS-at-load crash is about).
"""

from __future__ import annotations

import bisect
import contextlib
import os
import re
import struct
from dataclasses import dataclass, field
from collections.abc import Iterator
from typing import BinaryIO, Callable

SHT_SYMTAB, SHT_DYNSYM = 2, 11
PT_LOAD = 1
STT_NOTYPE, STT_FUNC, STT_GNU_IFUNC = 0, 2, 10
SHN_UNDEF, SHN_LORESERVE = 0, 0xFF00
MAX_SYMBOLS = 4_000_000          # libtorch_cpu's .dynsym has a few 100k; refuse anything absurd
MAX_SECTIONS = 65_000
MAX_STRTAB = 512 * 1024 * 1024   # bytes of one string table we are willing to read
MAX_NAME = 4096

_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_SHDR = struct.Struct("<IIQQQQIIQQ")
_PHDR = struct.Struct("<IIQQQQQQ")
_SYM = struct.Struct("<IBBHQQ")


class SymbolError(ValueError):
    """The file is missing, not ELF64 little-endian, or malformed; the message says which."""


@dataclass(frozen=True)
class Symbol:
    """One function-like symbol: its link-time address, size (0 if unknown) and name."""

    addr: int
    size: int
    name: str
    local: bool


@dataclass
class SymbolTable:
    """Sorted function symbols of one ELF file plus its PT_LOAD segments (for the load bias)."""

    path: str
    symbols: list[Symbol]
    loads: list[tuple[int, int, int]]   # (p_offset, p_vaddr, p_filesz) of each PT_LOAD
    source: str                          # "symtab", "dynsym", "symtab+dynsym" or "none"
    _addrs: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self._addrs = [s.addr for s in self.symbols]

    def resolve(self, addr: int) -> tuple[str, int] | None:
        """(symbol, offset) of the function containing link-time address `addr`, or None.

        A symbol with a size must contain the address; a size-0 symbol (hand-written asm,
        NOTYPE) is accepted as the nearest one below, within 64 KiB."""
        i = bisect.bisect_right(self._addrs, addr) - 1
        for j in range(i, max(i - 8, -1), -1):  # an earlier, larger symbol may still cover it
            s = self.symbols[j]
            off = addr - s.addr
            if s.size and off < s.size:
                return s.name, off
            if not s.size and j == i and off < 0x10000:
                return s.name, off
        return None

    def vaddr_of_offset(self, file_offset: int) -> int | None:
        """Link-time address of a file offset, through the PT_LOAD that holds it."""
        for p_off, p_vaddr, p_filesz in self.loads:
            if p_off <= file_offset < p_off + max(p_filesz, 1):
                return file_offset - p_off + p_vaddr
        return None


def _read_at(fh: object, offset: int, size: int, file_size: int, what: str) -> bytes:
    if offset < 0 or size < 0 or offset + size > file_size:
        raise SymbolError(f"{what} at {offset}+{size} lies outside the file ({file_size} bytes)")
    fh.seek(offset)  # type: ignore[attr-defined]
    data: bytes = fh.read(size)  # type: ignore[attr-defined]
    if len(data) != size:
        raise SymbolError(f"short read of {what}")
    return data


def _name(strtab: bytes, off: int) -> str:
    if off >= len(strtab):
        return ""
    end = strtab.find(b"\0", off, off + MAX_NAME)
    raw = strtab[off:end if end >= 0 else off + MAX_NAME]
    return raw.decode("utf-8", errors="replace")


def _symbols_of(fh: object, size: int, shdrs: list[tuple[int, ...]], idx: int) -> list[Symbol]:
    _n, _t, _f, _a, off, sz, link, _i, _al, entsize = shdrs[idx]
    if entsize != _SYM.size:
        raise SymbolError(f"symbol table entry size {entsize}, expected {_SYM.size}")
    count = sz // _SYM.size
    if count > MAX_SYMBOLS:
        raise SymbolError(f"symbol table claims {count} entries (cap {MAX_SYMBOLS})")
    if link >= len(shdrs):
        raise SymbolError(f"symbol table links to missing string table {link}")
    s_off, s_size = shdrs[link][4], shdrs[link][5]
    if s_size > MAX_STRTAB:
        raise SymbolError(f"string table of {s_size} bytes is too large")
    raw = _read_at(fh, off, count * _SYM.size, size, "symbol table")
    strtab = _read_at(fh, s_off, s_size, size, "string table")
    out = []
    for st_name, info, _other, shndx, value, st_size in _SYM.iter_unpack(raw):
        kind = info & 0xF
        if kind not in (STT_FUNC, STT_GNU_IFUNC, STT_NOTYPE) or shndx == SHN_UNDEF:
            continue
        if shndx >= SHN_LORESERVE or value == 0:
            continue
        name = _name(strtab, st_name)
        if not name or name.startswith("$") or (kind == STT_NOTYPE and name.startswith(".L")):
            continue
        out.append(Symbol(value, st_size, name, (info >> 4) == 0))
    return out


def read_symbols(path: str) -> SymbolTable:
    """The function symbols of an ELF64 little-endian file: `.symtab` (locals included) merged
    with `.dynsym`; a stripped file falls back to `.dynsym` alone. Raises SymbolError."""
    with _elf_file(path) as (fh, size):
        return _parse(fh, size, path)


@contextlib.contextmanager
def _elf_file(path: str) -> Iterator[tuple[BinaryIO, int]]:
    """(open file, its size) for the ELF readers; every failure is a SymbolError that says
    whether the file could not be opened, could not be read, or is malformed."""
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise SymbolError(f"cannot open {path}: {exc.strerror or exc}") from None
    with fh:
        try:
            yield fh, os.fstat(fh.fileno()).st_size
        except OSError as exc:
            raise SymbolError(f"cannot read {path}: {exc}") from None
        except (struct.error, IndexError, OverflowError, MemoryError) as exc:
            raise SymbolError(f"malformed ELF {path}: {exc}") from None


def _parse(fh: object, size: int, path: str) -> SymbolTable:
    shdrs, loads = _sections(fh, size, path)
    if not shdrs:
        return SymbolTable(path, [], loads, "none")
    found: dict[str, list[Symbol]] = {}
    for idx, hdr in enumerate(shdrs):
        if hdr[1] == SHT_SYMTAB:
            found["symtab"] = _symbols_of(fh, size, shdrs, idx)
        elif hdr[1] == SHT_DYNSYM:
            found["dynsym"] = _symbols_of(fh, size, shdrs, idx)
    merged: dict[tuple[int, str], Symbol] = {}
    for key in ("dynsym", "symtab"):   # symtab last: its entries (locals, sizes) win on ties
        for s in found.get(key, ()):
            merged[(s.addr, s.name)] = s
    # one name per address: prefer a sized, global, shorter (unsuffixed) name
    by_addr: dict[int, Symbol] = {}
    for s in merged.values():
        old = by_addr.get(s.addr)
        if old is None or (not old.size and s.size) or (bool(old.size) == bool(s.size) and (
                (old.local and not s.local) or len(s.name) < len(old.name))):
            by_addr[s.addr] = s
    symbols = sorted(by_addr.values(), key=lambda s: (s.addr, -s.size))
    source = "+".join(k for k in ("symtab", "dynsym") if k in found) or "none"
    return SymbolTable(path, symbols, loads, source)


def _sections(fh: object, size: int, path: str) -> tuple[list[tuple[int, ...]], list[tuple[int, int, int]]]:
    head = _read_at(fh, 0, _EHDR.size, size, "ELF header")
    (ident, _type, _mach, _ver, _entry, phoff, shoff, _flags, _ehsz, phentsize, phnum,
     shentsize, shnum, _shstrndx) = _EHDR.unpack(head)
    if ident[:4] != b"\x7fELF":
        raise SymbolError(f"{path} is not an ELF file")
    if ident[4] != 2 or ident[5] != 1:
        raise SymbolError(f"{path} is not ELF64 little-endian (class {ident[4]}, data {ident[5]})")
    loads = []
    if phnum and phentsize >= _PHDR.size and phnum <= 4096:
        ph = _read_at(fh, phoff, phnum * phentsize, size, "program headers")
        for i in range(phnum):
            p_type, _fl, p_off, p_vaddr, _pa, p_filesz, _mem, _al = _PHDR.unpack_from(ph, i * phentsize)
            if p_type == PT_LOAD:
                loads.append((p_off, p_vaddr, p_filesz))
    if shnum == 0 or shoff == 0:
        return [], loads
    if shentsize < _SHDR.size or shnum > MAX_SECTIONS:
        raise SymbolError(f"{path}: bad section headers ({shnum} x {shentsize} bytes)")
    sh = _read_at(fh, shoff, shnum * shentsize, size, "section headers")
    return [_SHDR.unpack_from(sh, i * shentsize) for i in range(shnum)], loads


def lookup(path: str, vaddrs: list[int]) -> SymbolTable:
    """Only the symbols that name `vaddrs` (link-time addresses), found in one streaming pass.

    Why: libtorch_cpu has ~350k symbols; building the full table costs seconds, while a crash
    needs a dozen addresses. Same result as read_symbols(path).resolve for these addresses."""
    targets = sorted(set(vaddrs))
    best: dict[int, tuple[int, int, int, int]] = {}   # vaddr -> (value, size, st_name, strtab idx)
    with _elf_file(path) as (fh, size):
        shdrs, loads = _sections(fh, size, path)
        names: list[Symbol] = []
        for idx, hdr in enumerate(shdrs):
            if hdr[1] not in (SHT_SYMTAB, SHT_DYNSYM) or hdr[9] != _SYM.size:
                continue
            count = min(hdr[5] // _SYM.size, MAX_SYMBOLS)
            raw = _read_at(fh, hdr[4], count * _SYM.size, size, "symbol table")
            for st_name, info, _o, shndx, value, st_size in _SYM.iter_unpack(raw):
                if (info & 0xF) not in (STT_FUNC, STT_GNU_IFUNC) or shndx == SHN_UNDEF or not value:
                    continue
                i = bisect.bisect_left(targets, value)
                while i < len(targets) and targets[i] < value + max(st_size, 1):
                    old = best.get(targets[i])
                    if old is None or value > old[0]:
                        best[targets[i]] = (value, st_size, st_name, hdr[6])
                    i += 1
            if hdr[6] >= len(shdrs):
                continue
            for v, (value, st_size, st_name, link) in list(best.items()):
                if link != hdr[6] or v < 0:
                    continue
                s_off, s_size = shdrs[link][4], shdrs[link][5]
                if st_name < s_size:
                    raw_name = _read_at(fh, s_off + st_name, min(MAX_NAME, s_size - st_name), size,
                                        "symbol name")
                    names.append(Symbol(value, st_size, _name(raw_name, 0), False))
        return SymbolTable(path, sorted(set(names), key=lambda s: (s.addr, -s.size)), loads, "lookup")


def read_loads(path: str) -> list[tuple[int, int, int]]:
    """The PT_LOAD segments (p_offset, p_vaddr, p_filesz) of an ELF64 file (for the load bias)."""
    try:
        with open(path, "rb") as fh:
            return _sections(fh, os.fstat(fh.fileno()).st_size, path)[1]
    except OSError as exc:
        raise SymbolError(f"cannot open {path}: {exc.strerror or exc}") from None
    except (struct.error, IndexError, OverflowError) as exc:
        raise SymbolError(f"malformed ELF {path}: {exc}") from None


# ----------------------------------------------------------------------------- /proc/<pid>/maps
_MAPS_LINE = re.compile(r"^([0-9a-f]+)-([0-9a-f]+)\s+(\S{4})\s+([0-9a-f]+)\s+\S+\s+\d+\s*(.*)$")


@dataclass(frozen=True)
class Mapping:
    """One line of /proc/<pid>/maps."""

    start: int
    end: int
    perms: str
    offset: int
    path: str

    @property
    def executable(self) -> bool:
        return "x" in self.perms

    @property
    def deleted(self) -> bool:
        return self.path.endswith(" (deleted)")


def parse_maps(text: str, limit: int = 200_000) -> list[Mapping]:
    """Mappings from /proc/<pid>/maps text; malformed lines are skipped, at most `limit` kept."""
    out = []
    for line in text.splitlines():
        m = _MAPS_LINE.match(line)
        if m is None:
            continue
        start, end = int(m.group(1), 16), int(m.group(2), 16)
        if end <= start:
            continue
        out.append(Mapping(start, end, m.group(3), int(m.group(4), 16), m.group(5).strip()))
        if len(out) >= limit:
            break
    return out


def read_maps(pid: int | str = "self") -> str:
    """The text of /proc/<pid>/maps ("" where there is none, e.g. not Linux)."""
    try:
        with open(f"/proc/{pid}/maps", "rb") as fh:
            return fh.read(64 * 1024 * 1024).decode("utf-8", errors="replace")
    except OSError:
        return ""


def mapping_at(maps: list[Mapping], addr: int) -> Mapping | None:
    for m in maps:
        if m.start <= addr < m.end:
            return m
    return None


def load_bias(maps: list[Mapping], path: str, table: SymbolTable | None,
              hint: Mapping | None = None) -> int | None:
    """Runtime address minus link-time address for `path`'s mappings.

    bias = start - offset - (p_vaddr - p_offset) holds for every PT_LOAD; prefer the first
    mapping with file offset 0 and the PT_LOAD at file offset 0 (as the loader lays them out),
    else the mapping `hint` and the PT_LOAD holding its offset."""
    loads = table.loads if table is not None else []
    for m in maps:
        if m.path == path and m.offset == 0:
            for p_off, p_vaddr, _sz in loads:
                if p_off == 0:
                    return m.start - p_vaddr
            if not loads:
                return m.start
            break
    if hint is not None:
        for p_off, p_vaddr, p_filesz in loads:
            page_off = p_off & ~0xFFF
            if page_off <= hint.offset < p_off + max(p_filesz, 1):
                return hint.start - hint.offset - (p_vaddr - p_off)
        if not loads:
            return hint.start - hint.offset
    return None


@dataclass(frozen=True)
class Located:
    """A runtime address placed in an object: its link-time address and symbol if known."""

    addr: int
    path: str | None
    vaddr: int | None
    symbol: str | None
    offset: int | None


class Resolver:
    """Names runtime addresses from one maps snapshot, reading each object's symbols once."""

    def __init__(self, maps: list[Mapping], tables: dict[str, SymbolTable] | None = None,
                 reader: Callable[[str], SymbolTable] | None = None,
                 load_missing: bool = True) -> None:
        self.maps = maps
        self.load_missing = load_missing   # False: objects not prepare()d stay unnamed (fast)
        self.tables: dict[str, SymbolTable | None] = dict(tables or {})
        self.errors: dict[str, str] = {}
        self._reader: Callable[[str], SymbolTable] = reader or read_symbols

    def table(self, path: str) -> SymbolTable | None:
        if path not in self.tables and not self.load_missing:
            return None
        if path not in self.tables:
            real = path[:-len(" (deleted)")] if path.endswith(" (deleted)") else path
            try:
                self.tables[path] = self._reader(real)
            except SymbolError as exc:
                self.tables[path] = None
                self.errors[path] = str(exc)
        return self.tables[path]

    def prepare(self, addrs: list[int]) -> None:
        """Read, for every object not yet loaded, only the symbols naming `addrs` (and addr-1,
        for return addresses): one streaming pass per object instead of a full table."""
        groups: dict[str, list[Mapping]] = {}
        for a in addrs:
            m = mapping_at(self.maps, a)
            if m is not None and m.path.startswith("/") and m.path not in self.tables:
                groups.setdefault(m.path, []).append(m)
        for path, hits in groups.items():
            real = path[:-len(" (deleted)")] if path.endswith(" (deleted)") else path
            try:
                loads = read_loads(real)
                probe = SymbolTable(real, [], loads, "none")
                vaddrs = []
                for a in addrs:
                    m = mapping_at(hits, a)
                    bias = load_bias(self.maps, path, probe, m) if m is not None else None
                    if bias is not None:
                        vaddrs += [a - bias, a - 1 - bias]
                self.tables[path] = lookup(real, vaddrs)
            except SymbolError as exc:
                self.tables[path] = None
                self.errors[path] = str(exc)

    def locate(self, addr: int) -> Located:
        m = mapping_at(self.maps, addr)
        if m is None or not m.path or m.path.startswith("["):
            return Located(addr, m.path if m else None, None, None, None)
        table = self.table(m.path)
        bias = load_bias(self.maps, m.path, table, m)
        if bias is None:
            return Located(addr, m.path, None, None, None)
        vaddr = addr - bias
        hit = table.resolve(vaddr) if table is not None else None
        return Located(addr, m.path, vaddr, hit[0] if hit else None, hit[1] if hit else None)


__all__ = ["SymbolError", "Symbol", "SymbolTable", "read_symbols", "Mapping", "parse_maps",
           "read_maps", "mapping_at", "load_bias", "Located", "Resolver"]
