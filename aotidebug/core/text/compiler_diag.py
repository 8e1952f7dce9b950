"""Compiler, linker and toolkit diagnostics in a log line: the one reader of `file:line: error:`,
MSVC's `file(line): error C1234:`, nvcc/ptxas, a missing header, library, symbol or tool, and a C++
semantic error quoted without its file. `frames.parse_text` calls it on each line."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .regexscan import any_word, required_literals

__all__ = ["CompilerDiag", "DIAG_WORDS", "read_diag", "read_note", "string_abi_only"]

# cheap prefilter (lower case): a line holding none of these words holds no diagnostic
DIAG_WORDS = ("error", "fatal", "not found", "cannot find", "undefined reference", "no such file", "not set",
              "is required to build", "toolchain is available", "english language pack",
              "unable to find", "could not find", "failed to find", "nvcc", "ptxas", "ld returned",
              "library not found", "cannot open", "undefined symbol", "referenced from:", "symbol(s) not found")


@dataclass(frozen=True, slots=True)
class CompilerDiag:
    """A compiler, linker or toolkit diagnostic.

    kind: "diagnostic" (file:line: error), "missing_header", "missing_library", "undefined_reference",
    "missing_compiler", "nvcc", "linker", "quoted" (a C++ semantic error quoted without its file). `subject` is the header, library, symbol or tool named."""

    kind: str
    severity: str
    file: str
    line: int
    message: str
    subject: str
    text_line: int


_DIAG = re.compile(r"^\s*(?P<file>[^\s:][^:\n]*?):(?P<line>\d+)(?::(?P<col>\d+))?:\s*"
                   r"(?P<sev>fatal error|error|warning|note)\s*(?:[A-Z]+\d+\s*)?:\s*(?P<msg>.*)$")
# the file starts at its first character: `\s*` and a file that may start with a space would retry
# every split of an indented line that holds no diagnostic (quadratic on a traceback's caret line)
_MSVC = re.compile(r"^\s*(?P<file>[^()\s][^()\n]*)\((?P<line>\d+)\)\s*:\s*(?P<sev>fatal error|error)\s+[A-Z]+\d+\s*:\s*(?P<msg>.*)$")
# A C++ semantic error quoted without its `file:line:` (in prose, or a log cut short): gcc, clang
# and MSVC phrasings of "the code names something that does not exist or does not fit".
_QUOTED_PHRASES = (
    r"was not declared in this scope", r"use of undeclared identifier", r"undeclared identifier",
    r"has no member named", r"is not a member of", r"no member named", r"does not name a type",
    r"no matching (?:function|constructor) for call to", r"cannot convert", r"invalid conversion from",
    r"unknown type name", r"identifier [`'‘\"][^`'’\"]+[`'’\"] is undefined",
    r"invalid user-defined conversion from", r"no match for [`'‘\"]?operator",
    r"cannot bind (?:non-const )?\w+ reference", r"request for member",
    r"too (?:many|few) arguments to function", r"redeclaration of", r"conflicting declaration",
    r"redefinition of", r"expected primary-expression", r"is private within this context",
    r"call of overloaded .* is ambiguous")
_QUOTED_DIAG = re.compile(r"(?:^|[\s`'\"(|:])(?:fatal )?error(?: C\d{4})?:\s*(?P<msg>[^\n]*?(?:"
                          + "|".join(_QUOTED_PHRASES) + r")[^\n]*)$", re.I)
# the prefilter, derived from the phrases: a line holding none of these cannot match
_QUOTED_WORDS = tuple(sorted(set().union(*(required_literals(p) or () for p in _QUOTED_PHRASES))))
# each linker's words for a library it did not find: GNU ld/gold, ld64, lld (ld.lld, rust-lld,
# wasm-ld), MSVC's LINK
_LD_WORDS = ("cannot find -l", "library not found for -l", "unable to find library -l", "cannot open")
_HEADER = re.compile(r"['‘\"<]?(?P<h>[\w/.+-]+\.(?:h|hpp|hh|cuh|hxx))['’\">]?:? (?:file not found|No such file or directory)"
                     r"|Cannot open include file: '(?P<h2>[^']+)'")
# The same missing header when the C library speaks the user's language: gcc keeps `fatal error:
# <header>:` and appends strerror's translation ("torch/Tensor.h: 没有那个文件或目录", "Datei oder
# Verzeichnis nicht gefunden"); strerror's other English errors for an include ("Too many open
# files", "Permission denied") are no missing header. MSVC's code C1083 ("cannot open include
# file") is the same in every language pack.
_OTHER_ERRNO = ("Too many open files", "Permission denied", "Input/output error", "Is a directory",
                "Not a directory", "No space left", "Resource temporarily unavailable", "Read-only file system",
                "Stale file handle", "Invalid argument", "Cannot allocate memory", "File name too long")
_FATAL_HEADER = re.compile(r"^['‘\"<]?(?P<h>[\w/.+-]+\.(?:h|hpp|hh|cuh|hxx))['’\">]?:\s*(?=\S)(?!"
                           + "|".join(re.escape(e) for e in _OTHER_ERRNO) + ")")
_MSVC_C1083 = re.compile(r"\bC1083\s*:[^\n]*?['\"‘“„«]"
                         r"(?P<h>[^'\"’”“»\n]+\.(?:h|hpp|hh|cuh|hxx))['\"’”“»]")
_LD_CANNOT = re.compile(r"\b(?:ld(?:\.\w+)?|ld64|lld|collect2|LINK)\b.*?(?:cannot find -l(?P<l>[\w+.-]+)"
                        r"|library not found for -l(?P<l2>[\w+.-]+)|cannot open (?:input )?file '(?P<l3>[^']+)'"
                        r"|unable to find library -l(?P<l4>[\w+.-]+))")
# a symbol the link did not resolve, in GNU ld's words, lld's (ld.lld, lld-link, ld64.lld), MSVC
# LINK's (LNK2019 / LNK2001) and Apple's: ld64 lists each symbol as `"sym", referenced from:` under
# `Undefined symbols for architecture arm64:`, Xcode's issue list as `Undefined symbol: sym`
_UNDEF_REF = re.compile(r"undefined reference to [`'‘\"]?(?P<s>[^`'’\"\s]+)"
                        r"|\b(?:ld\.lld|lld-link|ld64\.lld|rust-lld|wasm-ld): error: undefined symbol: (?P<s2>[^\n]+?)\s*$"
                        r"|\berror LNK20(?:19|01): unresolved external symbol \"?(?P<s3>[^\"\n]+?)\"?(?: referenced| \(|$)"
                        r"|^\s*(?:error: )?Undefined symbol: (?P<s4>[^\n]+?)\s*$"
                        r"|^\s*\"(?P<s5>[^\"\n]+)\", referenced from:")
_UNDEF_WORDS = ("undefined reference", "undefined symbol", "unresolved external", "Undefined symbol", "referenced from:")
# (ptxas may carry its generation in its name: ptxas-blackwell)
_NVCC = re.compile(r"^\s*nvcc (?:fatal|error)\s*:\s*(?P<msg>.*)$|\bptxas(?:-\w+)? (?:fatal|error)\s*:\s*(?P<msg2>.*)$")
_NO_TOOL = re.compile(
    r"(?:^|[\s:'\"])(?P<t>nvcc|hipcc|g\+\+|gcc|clang\+\+|clang|c\+\+|cc|cl|icx|icpx|ld|cmake|ninja|make)['\"]?:? (?:command )?not found"
    r"|No such file or directory: '(?P<t2>(?:[^']*/)?(?:nvcc|hipcc|g\+\+|gcc|clang\+\+|clang|c\+\+|cl|icx|icpx|cmake|ninja))'"
    r"|(?P<t3>CUDA_HOME|ROCM_HOME) environment variable is not set"
    r"|(?:Could not|Failed to|unable to) find (?:a )?(?:working )?(?:C\+\+ )?(?P<t4>compiler)"
    # the build's own words for a tool it needs and did not find or cannot use
    r"|\b(?P<t5>nvcc|hipcc) is required to build|Check that (?P<t6>ROCm) toolchain is available"
    r"|only supports? (?P<t7>MSVC) with English language pack"
    # cpp_builder's own check for a configured compiler (a cross compiler, CXX): "Compiler: X is not found."
    r"|\bCompiler: (?P<t8>\S+?) is not found", re.I)
_NO_TOOL_WORDS = ("not found", "no such file", "_home", "is required to build", "toolchain is available",
                  "english language pack")
_COLLECT2 = re.compile(r"\bcollect2: error: (?P<msg>.*)$|\bld returned \d+ exit status"
                       r"|\bld: symbol\(s\) not found for architecture \w+")


def read_note(line: str, i: int) -> CompilerDiag | None:
    """The compiler's `file:line: note:` on `line` (a candidate it tried, an include chain), or None.

    A note only ever follows an error or a warning, so `parse_text` reads notes as the diagnostics
    of an excerpt that holds notes and neither: a log cut down to the part that names the code."""
    d = _DIAG.match(line) if ": note:" in line else None
    if d is None or d.group("sev") != "note":
        return None
    return CompilerDiag("diagnostic", "note", d.group("file"), int(d.group("line")), d.group("msg").strip()[:500], "", i)


def read_diag(line: str, i: int) -> CompilerDiag | None:
    """The diagnostic on `line` (text line `i`), or None."""
    low = line.lower()
    m = _NVCC.search(line) if ("nvcc" in line or "ptxas" in line) else None
    if m:
        return CompilerDiag("nvcc", "error", "", 0, (m.group("msg") or m.group("msg2") or "").strip(), "nvcc", i)
    m = _NO_TOOL.search(line) if any_word(low, _NO_TOOL_WORDS) else None
    if m:
        tool = next(g for g in m.groups() if g)
        return CompilerDiag("missing_compiler", "error", "", 0, line.strip()[:500], tool.rsplit("/", 1)[-1], i)
    m = _LD_CANNOT.search(line) if any_word(line, _LD_WORDS) else None
    if m:
        lib = m.group("l") or m.group("l2") or m.group("l3") or m.group("l4") or ""
        return CompilerDiag("missing_library", "error", "", 0, line.strip()[:500], lib, i)
    m = _UNDEF_REF.search(line) if any_word(line, _UNDEF_WORDS) else None
    if m:
        sym = m.group("s") or m.group("s2") or m.group("s3") or m.group("s4") or m.group("s5") or ""
        return CompilerDiag("undefined_reference", "error", "", 0, line.strip()[:500], sym, i)
    d = _DIAG.match(line) or _MSVC.match(line)
    if d:
        msg = d.group("msg").strip()
        h = _HEADER.search(msg) or (_FATAL_HEADER.match(msg) if d.group("sev") == "fatal error" else None) \
            or (_MSVC_C1083.search(line) if "C1083" in line else None)
        if h:
            return CompilerDiag("missing_header", d.group("sev"), d.group("file"), int(d.group("line")),
                                msg[:500], h.group("h") or h.group("h2") or "", i)
        if d.group("sev") in ("note", "warning"):
            return None
        return CompilerDiag("diagnostic", d.group("sev"), d.group("file"), int(d.group("line")), msg[:500], "", i)
    q = _QUOTED_DIAG.search(line) if "rror" in line and any_word(low, _QUOTED_WORDS) else None
    if q:  # no file to place it: classify_origin calls it UNPLACED
        return CompilerDiag("quoted", "error", "", 0, q.group("msg").strip()[:500], "", i)
    if "fatal error" in line:
        h = _HEADER.search(line)
        if h:
            return CompilerDiag("missing_header", "fatal error", "", 0, line.strip()[:500],
                                h.group("h") or h.group("h2") or "", i)
    m = _COLLECT2.search(line) if ("collect2" in line or "ld returned" in line or "symbol(s) not found" in line) else None
    if m or "multiple definition of" in line:  # ld's `<file>:<line>: multiple definition of `sym'`
        return CompilerDiag("linker", "error", "", 0, line.strip()[:500], "ld", i)
    return None


# the torch symbols a linker or the dynamic loader could not resolve: demangled (`undefined reference
# to `c10::Error::Error(...)'`, `more undefined references to ... follow`) or mangled
# (`undefined symbol: _ZN3c105ErrorC1E...`)
_UNDEFINED_TORCH = re.compile(r"undefined references? to [`'‘](?P<demangled>(?:c10|at|torch)::[^'’\n]+)['’]"
                              r"|undefined symbol: (?P<mangled>_ZN?K?\d*(?:3c10|2at|5torch)\w+)")
# std::string in either C++ ABI, as a demangler writes it or as it is mangled
# (`NSt7__cxx1112basic_string`, the old ABI's `Ss`)
_STRING_ABI = re.compile(r"std::(?:__cxx11::)?basic_string|std::string\b")
_MANGLED_STRING = re.compile(r"St7__cxx1112basic_string|(?<=[A-Z0-9_])Ss(?=[A-Z_0-9]|$)")


def string_abi_only(text: str) -> str:
    """The first unresolved torch symbol when EVERY unresolved torch symbol in `text` takes or
    returns a std::string (an application or extension built with the other C++ string ABI than
    libtorch: only the string-bearing symbols fail), else "" (a library left off the link line
    leaves symbols without strings unresolved too)."""
    if "undefined" not in text:
        return ""
    first = ""
    for m in _UNDEFINED_TORCH.finditer(text):
        name = m.group("demangled") or m.group("mangled") or ""
        if not (_STRING_ABI.search(name) if m.group("demangled") else _MANGLED_STRING.search(name)):
            return ""
        first = first or name
    return first[:300]
