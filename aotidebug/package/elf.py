"""Check that an ELF shared object is whole before anything dlopen()s it (pure, no I/O).

A `.so` cut short inside its loadable segments does not raise on load: the dynamic loader maps
pages past the end of the file and the first touch kills the process with SIGBUS (aoti-facts.md,
section 8: truncated to 4000 B or 100000 B -> rc 135; truncated to half -> loads, because the
PT_LOAD segments end at about 290 KB). So the test is exactly "every PT_LOAD/PT_DYNAMIC segment's
file range lies inside the file", read from the ELF and program headers.
"""

from __future__ import annotations

import struct

PT_LOAD, PT_DYNAMIC = 1, 2
HEAD_BYTES = 64 * 1024  # enough for the ELF header and the program headers of any real .so

# EI_CLASS -> (ELF header layout after e_ident, program header layout, field order)
_EHDR = {1: "HHIIIIIHHHHHH", 2: "HHIQQQIHHHHHH"}
_PHDR = {1: "IIIIIIII", 2: "IIQQQQQQ"}


def elf_problem(head: bytes, size: int) -> str | None:
    """Why an ELF file whose first bytes are `head` and whose length is `size` cannot be loaded
    safely, or None when its headers and loadable segments are all inside the file."""
    if size < 64 or len(head) < 16:
        return f"file too short for an ELF header ({size} bytes)"
    if head[:4] != b"\x7fELF":
        return "not an ELF file (bad magic)"
    cls, data = head[4], head[5]
    if cls not in _EHDR or data not in (1, 2):
        return f"unsupported ELF class/data ({cls}, {data})"
    end = "<" if data == 1 else ">"
    ehdr = struct.Struct(end + _EHDR[cls])
    if len(head) < 16 + ehdr.size:
        return "ELF header truncated"
    fields = ehdr.unpack_from(head, 16)
    phoff, phentsize, phnum = fields[4], fields[8], fields[9]
    phdr = struct.Struct(end + _PHDR[cls])
    if phnum == 0:
        return "ELF file has no program headers (not a loadable shared object)"
    if phentsize < phdr.size:
        return f"bad program header size {phentsize}"
    table_end = phoff + phnum * phentsize
    if table_end > size:
        return f"program headers end at byte {table_end}, past the end of the file ({size} bytes)"
    if table_end > len(head):
        return f"program headers beyond the first {len(head)} bytes read"
    for i in range(phnum):
        raw = phdr.unpack_from(head, phoff + i * phentsize)
        if cls == 1:
            p_type, p_offset, _va, _pa, p_filesz = raw[0], raw[1], raw[2], raw[3], raw[4]
        else:
            p_type, p_offset, p_filesz = raw[0], raw[2], raw[5]
        if p_type in (PT_LOAD, PT_DYNAMIC) and p_offset + p_filesz > size:
            kind = "PT_LOAD" if p_type == PT_LOAD else "PT_DYNAMIC"
            return (f"truncated: {kind} segment {i} needs bytes up to {p_offset + p_filesz} but the "
                    f"file has {size} (loading it would die with SIGBUS)")
    return None


__all__ = ["elf_problem", "HEAD_BYTES"]
