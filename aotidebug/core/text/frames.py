"""One traceback parser for AOTI failure text (pure, stdlib only; never imports torch).

`parse_text(text)` reads, in one pass over the lines:

- Python tracebacks: `File "...", line N, in fn` (CPython), the faulthandler form
  `File "...", line N in fn` (innermost first), the IPython forms `File path.py:N, in fn` and
  `Cell In[7], line N` (the code is the `---->` line IPython marks as run), and a
  fragment that starts mid-path (`/torch/_inductor/ir.py", line 3524, in realize_into`), each
  with the code line under it;
- exception lines (`Type: message`, dotted types such as `torch._inductor.exc.InductorError: ...`),
  grouped into sections joined by "The above exception was the direct cause..." (cause) or
  "During handling of the above exception..." (context);
- C++ frames (c10 `frame #N: sym + 0x.. (0x.. in lib)`, gdb `#N 0x.. in sym (...) at file`,
  folly `@ 000.. sym`, lldb `frame #N: 0x.. lib`sym`);
- glog lines (`E1201 12:34:56.789 123 file.cpp:45] msg`, also bracketed `[E520 ...]`), and torch's
  own TORCH_LOGS lines in the same form (`V` debug lines are logged, never the error);
- compiler diagnostics (`path:line:col: error: msg`, `fatal error: foo.h: No such file`,
  `ld: cannot find -lfoo`, `undefined reference to`, nvcc errors, a missing compiler), read by
  `compiler_diag.read_diag`;
- signals (Segmentation fault, SIGSEGV, core dumped, Aborted, Bus error, Illegal instruction);
- noise lines (warnings and deprecation notices: evidence, never a cause).

THE user-frame rule (`paths.is_library_path`): a frame is "library" when its path is inside
site-packages/dist-packages, a Python stdlib directory (lib/pythonX.Y/ not under site-packages),
or a pseudo-file (`<frozen ...>`, `<string>`...), except code the user typed (`<stdin>`, a notebook
cell, the `<module>` of `python -c`), or the code Inductor generated into its cache folder
(`/tmp/torchinductor_<user>/`: torch's, package "torch"). Torch frames (`torch_module`) are
the `torch/` segment after site-packages, or a source checkout path under a known torch
subpackage (`/torch/_inductor/`, `/torch/_export/`...). Everything else is the user's.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from .compile_command import SPLIT_WORDS, read_split_path
from .compiler_diag import DIAG_WORDS, CompilerDiag, read_diag, read_note
from .exc_line import ExcLine, exception_type_names, inner_types, parse_exception_line
from .normalize import unwrap
from .paths import frame_module, is_library_path, is_torch_path, is_user_path, library_package, torch_module
from .regexscan import any_word, required_literals

__all__ = [
    "PyFrame", "ExcLine", "Section", "CppFrame", "GlogLine", "ParsedText",
    "parse_text", "is_library_path", "torch_module", "library_package", "exception_type_names",
    "MAX_LINES", "inner_types", "make_frame", "parse_exception_line", "is_c10_frame", "is_benign_notice",
    "is_torch_path", "is_user_path", "parse_frames", "user_frames", "LOADED_MODEL_CALL",
    "GROUP_LINE", "GROUP_BLOCK",
]

MAX_LINES = 20_000  # longer texts: the first quarter and the last three quarters (errors sit at the end)
LINE_CHARS = 4000  # each line is cut to this many characters before any regex runs

# -- frames ---------------------------------------------------------------------------------------

_PY_FRAME = re.compile(
    r'^\s*(?:File "(?P<path>[^"]+)"|(?P<frag>[^\s"]*\.pyx?)")'
    r", line (?P<line>\d+),? in (?P<fn>[^\s(]+)\s*$")
_IPY_FRAME = re.compile(r"^\s*File (?P<path>[^\s\"]+\.py):(?P<line>\d+),? in (?P<fn>[\w<>.]+)")
# IPython 8's notebook cell frame: "Cell In[7], line 3" at a cell's top level, "..., in f(x)" in a
# function the cell defined (IPython's `format_code_name`); the user's own code, as its File lines
_CELL_FRAME = re.compile(r"^\s*Cell (?P<path>In ?\[\d+\]), line (?P<line>\d+)(?:, in (?P<fn>[\w<>.]+))?")
_TB_HEADER = re.compile(r"^\s*(?:Exception Group )?Traceback \(most recent call last\):\s*$")
# The line Python ends an exception group's own traceback with: a container, not a failure. Its
# sub-exceptions follow as sections of their own, and the group is read as they are (as a live
# group is: `structure.primary_exception`), so its frames (the server's task group) are dropped.
GROUP_LINE = re.compile(r"^[ \t]*(?:[\w.]+\.)?(?:Base)?ExceptionGroup: .*\(\d+ sub-exceptions?\)[ \t]*$", re.M)
# the group's whole own traceback, header to that line (for the words a reading weighs)
GROUP_BLOCK = re.compile(r"(?:^[ \t]*Exception Group Traceback \(most recent call last\):[ \t]*\n"
                         r"(?:[^\n]*\n){0,200}?)?" + GROUP_LINE.pattern, re.M)
_FH_HEADER = re.compile(r"^\s*(?:Current thread|Thread) 0x[0-9a-fA-F]+ .*\(most recent call first\):\s*$")
_CAUSE = "The above exception was the direct cause of the following exception"
_CONTEXT = "During handling of the above exception, another exception occurred"
_CARET = re.compile(r"^\s*[\^~\s]+$")
_IPY_CODE = re.compile(r"^\s*(?:-+>\s*)?(?:\[\d+\]\([^)]*\)|\d+)\s")
_IPY_RAN = re.compile(r"^\s*-+>\s*(?:\[\d+\]\([^)]*\)|\d+)\s")


def parse_frames(text: str) -> list[PyFrame]:
    """Every Python frame in `text`, outermost first within each traceback (compat API)."""
    return list(parse_text(text or "").frames)


def user_frames(texts: list[str] | tuple[str, ...], limit: int | None = None) -> tuple[PyFrame, ...]:
    """The user's frames of one or more stack traces, outermost first, each (file, line) once."""
    out: dict[tuple[str, int], PyFrame] = {}
    for text in texts:
        for fr in parse_frames(text):
            if fr.is_user:
                out.setdefault((fr.path, fr.line), fr)
    frames = tuple(out.values())
    return frames if limit is None else frames[:limit]


@dataclass(frozen=True, slots=True)
class PyFrame:
    """One Python traceback frame."""

    path: str
    line: int
    function: str
    code: str
    text_line: int  # 0-based line of the `File` line in the text
    is_library: bool
    module: str | None  # dotted torch module for torch frames, else None
    package: str | None  # top-level library package (torch, triton...), else None

    @property
    def is_user(self) -> bool:
        return not self.is_library

    @property
    def is_torch(self) -> bool:
        return self.module is not None

    # the names of the earlier core.text.frames.Frame, so its callers keep working unchanged
    @property
    def file(self) -> str:
        return self.path

    @property
    def func(self) -> str:
        return self.function

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" + (f" in {self.function}" if self.function else "")
        return where + (f": {self.code}" if self.code else "")


def make_frame(path: str, line: int, function: str, code: str = "", text_line: int = -1) -> PyFrame:
    """A PyFrame with the library/torch classification applied (shared by text and live readers);
    a torch launcher's frame is a library frame of no torch module (`paths.frame_module`)."""
    return PyFrame(path, line, function, code.strip()[:500], text_line, is_library_path(path, function),
                   frame_module(path), library_package(path))


@dataclass(frozen=True, slots=True)
class Section:
    """One traceback section: its frames (outermost first) and the exception that ended it.

    `link` tells how this section relates to the NEXT one: "cause" (`raise ... from`), "context"
    (raised while handling), or "" (no marker, or the last)."""

    frames: tuple[PyFrame, ...]
    exception: ExcLine | None
    link: str = ""


# -- C++ frames, glog, compiler diagnostics, signals ----------------------------------------------

@dataclass(frozen=True, slots=True)
class CppFrame:
    index: int
    symbol: str
    location: str  # library or source file, as printed
    style: str  # "c10", "gdb", "folly", "lldb"
    text_line: int


_C10_HEAD = re.compile(r"^\s*frame #(?P<n>\d+): ")


def is_c10_frame(line: str) -> bool:
    """True for a c10 stack frame line (`frame #3: ...`), by its head alone."""
    return _C10_HEAD.match(line) is not None


# The whole frame in its usual form, read in one step; the greedy symbol backs off from the end
# of the line once (no optional tails to retry). Other forms are split by hand below.
_C10_WHOLE = re.compile(r"^\s*frame #(\d+): (.+) \+ 0x[0-9a-fA-F]+ \(0x[0-9a-fA-F]+ in ([^()]*)\)$")


def c10_frame(line: str) -> tuple[int, str, str] | None:
    """(index, symbol, location) of a c10 stack frame, `frame #3: sym + 0x9d (0x7f.. in lib.so)`.
    Other forms split by hand: one regex with a lazy symbol and optional tails backtracks on long
    C++ names."""
    w = _C10_WHOLE.match(line)
    if w:
        return int(w.group(1)), w.group(2), w.group(3)
    m = _C10_HEAD.match(line)
    if not m:
        return None
    rest = line[m.end():].rstrip()
    loc = ""
    if rest.endswith(")"):
        cut = rest.rfind(" (")
        inner = rest[cut + 2:-1] if cut >= 0 else None
        if inner is not None and "(" not in inner and ")" not in inner:
            at = inner.find(" in ")    # `0x7f.. in /lib.so`, or the location alone
            loc = inner[at + 4:] if at > 2 and inner.startswith("0x") and _is_hex(inner[2:at]) else inner
            rest = rest[:cut]
    plus = rest.rfind(" + 0x")
    sym = rest[:plus] if plus >= 0 and _is_hex(rest[plus + 5:]) else rest
    return (int(m.group("n")), sym, loc) if sym else None


_HEX = frozenset("0123456789abcdefABCDEF")


def _is_hex(s: str) -> bool:
    return bool(s) and _HEX.issuperset(s)
_LLDB_FRAME = re.compile(r"^\s*\*?\s*frame #(?P<n>\d+): 0x[0-9a-fA-F]+ (?P<loc>[^`\s]+)`(?P<sym>.+?)(?: \+ \d+)?\s*$")
_GDB_FRAME = re.compile(r"^\s*#(?P<n>\d+)\s+(?:0x[0-9a-fA-F]+ in )?(?P<sym>[^\s(][^(]*?)\s*(?:\(.*?\))?"
                        r"(?:\s+(?:at|from) (?P<loc>\S+))?\s*$")
_FOLLY_FRAME = re.compile(r"^\s*@ (?P<addr>[0-9a-fA-F]{8,}) (?P<sym>.+?)\s*$")


@dataclass(frozen=True, slots=True)
class GlogLine:
    level: str  # I, W, E, F; torch's own logs add V (debug) and C (critical)
    file: str
    line: int
    message: str
    text_line: int


# torch's logging (TORCH_LOGS) writes the same prefix: levels V and C as well, `[rankN]:` before it
# in a distributed job, then a compile id (`[0/1]`, `[0/0_1]`, `[!0/0/0]`) and an artifact tag
# (`[__recompiles]`) before the message
_GLOG = re.compile(r"^\s*(?:\[rank\d+\]:)?\[?(?P<lvl>[IWEFVC])(?P<date>\d{3,4}) \d\d:\d\d:\d\d\.\d+(?: +\d+)? "
                   r"(?P<file>[^\s:\]]+):(?P<line>\d+)\] ?(?:\[!?[\d/_]+\] ?)?(?:\[__\w+\] ?)?(?P<msg>.*)$")
# the levels that report an error (glog's E and F, torch's C)
GLOG_ERROR_LEVELS = frozenset("EFC")


# An exit status as a shell, a container runtime or a launcher prints it: "exited with code 139",
# "exit status 134", Kubernetes' "Exit Code:    137", torchrun's "exitcode  : -11"
_EXIT = r"(?:exit(?:ed)? (?:with )?(?:code|status)|exit_?code)\s*[:=]?\s*"
# A shell's report of a child a signal ended, the command after it: a script's or `bash -c`'s
# "bash: line 1: 27387 Aborted   python3 x.py", job control's "[1]+  Killed   python3 x.py"
# (zsh: "zsh: abort  python x.py", "zsh: killed ..."; its other signal words are the usual ones)
_JOB = r"(?:: line \d+: +\d+ +|^\[\d+\][-+]? +)"
_SIGNALS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # Windows reports a segfault as an access violation (faulthandler's "Windows fatal exception:
    # access violation", exit code 0xC0000005 = -1073741819) and a stack overflow as 0xC00000FD;
    # systemd as "code=killed, status=11/SEGV"
    ("SIGSEGV", re.compile(r"\bseg(?:mentation)?[ -]?fault|\bSIGSEGV\b|\bsegmentation violation|"
                           + _EXIT + r"(?:139|-11)\b|\brc=-?(?:139|11)\b|EXC_BAD_ACCESS|"
                           r"\bfatal exception: access violation|\b0xC00000(?:05|FD)\b|-107374(?:1819|1571)\b|"
                           r"\bstatus=11/SEGV\b", re.I)),
    ("SIGBUS", re.compile(r"\bBus error\b|\bSIGBUS\b|" + _EXIT + r"(?:135|-7)\b|\bstatus=7/BUS\b", re.I)),
    ("SIGABRT", re.compile(r"\bSIGABRT\b|^Aborted\b|Fatal Python error: Aborted|"
                           r"^terminate called |" + _EXIT + r"(?:134|-6)\b|\bstatus=6/ABRT\b|"
                           + _JOB + r"Aborted\b|^zsh: abort\b", re.I | re.M)),
    ("SIGILL", re.compile(r"\bIllegal (?:hardware )?instruction\b|\bSIGILL\b|" + _EXIT + r"(?:132|-4)\b|"
                          r"\bstatus=4/ILL\b", re.I)),
    ("SIGFPE", re.compile(r"\bSIGFPE\b|\bFloating point exception\b|\bstatus=8/FPE\b", re.I)),
    # Kubernetes names the OOM killer's kill itself ("Reason: OOMKilled")
    ("SIGKILL", re.compile(r"\bSIGKILL\b|\bKilled\s*$|" + _EXIT + r"(?:137|-9)\b|\bstatus=9/KILL\b|\bOOMKilled\b|"
                           + _JOB + r"Killed\b|^zsh: killed\b", re.I | re.M)),
)


@functools.lru_cache(maxsize=1)
def _signal_gates() -> tuple[tuple[str, frozenset[str] | None, re.Pattern[str]], ...]:
    """Each signal regex with the lower-case literals one of which its every match holds (derived
    from the regex): a regex runs only when one of them is in the lines ("unsigned" in a C++ frame
    once sent all six over every frame line)."""
    return tuple((name, required_literals(rx.pattern), rx) for name, rx in _SIGNALS)


_SIGNAL_WORDS = ("seg", "sig", "bus error", "abort", "terminate called", "illegal instruction", "illegal hardware",
                 "floating point",
                 "killed", "exit", "rc=", "exc_bad_access", "core dumped", "access violation", "0xc00000",
                 "-1073741", "status=")
_CORE = re.compile(r"\bcore dumped\b", re.I)
_TERMINATE = re.compile(r"terminate called after throwing an instance of ['‘`]?(?P<t>[^'’`]+)")
_WHAT = re.compile(r"^\s*what\(\):\s*(?P<msg>.*)$")

# An exception quoted inside a line ("395 errors like: RuntimeError: ...", "with error `KeyError: 'x'`").
_INLINE_SUFFIX = re.compile(r"(?P<s>Error|Exception|Unsupported|SymNode)`?:\s+(?=\S)")
# Python logging's default format puts the exception right after "LEVEL:logger:"
_LOG_PREFIX = re.compile(r"\s*(?:ERROR|CRITICAL|FATAL):[\w.]*:")
_INLINE_TYPE = re.compile(r"(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Unsupported|SymNode)")


def inline_exception(line: str) -> tuple[str, str] | None:
    """(type, message) of the first `Type: message` quoted inside a line ("395 errors like:
    RuntimeError: ...", "with error `KeyError: 'x'`"), found from the type's suffix backwards: one
    regex for the whole shape tried every position of a long line (tests/test_structure_frames.py
    keeps it as the reference)."""
    for m in _INLINE_SUFFIX.finditer(line):
        j = m.start("s")
        while j > 0 and (line[j - 1].isalnum() or line[j - 1] in "_."):
            j -= 1
        if j > 0 and not (line[j - 1].isspace() or line[j - 1] in "`'\"(" or _LOG_PREFIX.fullmatch(line, 0, j)):
            continue
        if _INLINE_TYPE.fullmatch(line, j, m.end("s")):
            return line[j:m.end("s")], line[m.end():]
    return None

# cheap prefilters (lower case): a line holding none of these words cannot match the regex after it
_NOISE_WORDS = ("warning", "deprecat", "will be removed", "outdated pt2", "resized", "warn(", "+===",
                "no cuda runtime is found")
_NOISE = re.compile(
    r"\b(?:User|Future|Deprecation|PendingDeprecation|Runtime|Resource)Warning\b|^\s*warnings\.warn\(|"
    r"\bis being deprecated\b|\bis deprecated\b|\bwill be removed in a future\b|"
    r"Loading outdated pt2 file|\bWarning: An output with one or more elements was resized|"
    # torch's CUDA build on a host without a GPU, at every import of cpp_extension (2.8+: glog W)
    r"No CUDA runtime is found, using (?:CUDA|ROCM)_HOME=|"
    r"^\s*[+|]=*\s*[!]*\s*WARNING\s*[!]*\s*[|+]?=*\s*$|^\s*\+=+\+\s*$|\[W\d{4} |^W\d{4} |"
    # a line the emitter marked as a warning: "[WARNING] ...", "WARNING:torch._inductor:..."
    r"^\s*\[?WARN(?:ING)?(?:\]|:)", re.I)
# notices printed on every run whatever happens, that never name a cause: taken out of the pattern
# text even when no error is present (a successful run's log reads unknown, not "toolkit missing")
_BENIGN = re.compile(r"No CUDA runtime is found, using (?:CUDA|ROCM)_HOME=")


def is_benign_notice(line: str) -> bool:
    """True for a startup notice that is printed on every run (the CUDA wheel on a host without a
    GPU announcing its CUDA_HOME): noise even where nothing else in the text is an error."""
    return "runtime is found" in line and _BENIGN.search(line) is not None


@dataclass(frozen=True, slots=True)
class ParsedText:
    """Everything `parse_text` found, in text order."""

    sections: tuple[Section, ...]
    cpp_frames: tuple[CppFrame, ...]
    glog: tuple[GlogLine, ...]
    diagnostics: tuple[CompilerDiag, ...]
    signals: tuple[str, ...]
    noise: tuple[str, ...]
    error_lines: tuple[str, ...]  # non-noise lines that report an error (exception, error:, what():)
    api_mentions: tuple[tuple[int, str], ...]  # (text line, code text) of lines that look like code
    inline_exceptions: tuple[ExcLine, ...] = ()  # exceptions quoted inside other lines (prose, summaries)
    split_path: str = ""  # a path a compile command split at a space or quote (compile_command.py)

    @property
    def frames(self) -> tuple[PyFrame, ...]:
        return tuple(f for s in self.sections for f in s.frames)

    @property
    def exceptions(self) -> tuple[ExcLine, ...]:
        return tuple(s.exception for s in self.sections if s.exception is not None)


def _lines(text: str, unwrapped: bool) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = (text if unwrapped else unwrap(text)).split("\n")
    if len(lines) > MAX_LINES:
        head = MAX_LINES // 4
        lines = lines[:head] + ["...[structure: lines omitted]..."] + lines[-(MAX_LINES - head):]
    return [ln[:LINE_CHARS] for ln in lines]


# glibc's heap checks (lower case), each printed when it finds the heap corrupted, before its abort:
# every "malloc(): ..." (invalid size, unaligned tcache chunk, corrupted top size, smallbin double
# linked list corrupted), free's, munmap_chunk's and realloc's. Their line is the error line here,
# and the rule that reads them (AOTS188) matches the same words.
HEAP_CHECKS = ("double free or corruption", "free(): invalid", "free(): double free", "corrupted size",
               "corrupted top", "corrupted double", "corrupted unsorted", "malloc(): ", "malloc_consolidate(): ",
               "munmap_chunk(): invalid", "realloc(): invalid")
_ERRORISH_WORDS = ("error", "what()", "failed", "exception", "assertion", "fault", "garbage-collecting",
                   *HEAP_CHECKS, "expected size")
_CODEY_WORDS = ("compile", "load", "export", "run_decompositions", "aotimodel")
# a fault inside the garbage collector and glibc's heap checks say the heap was corrupted before
_ERRORISH = re.compile(r"\berror\b|\bwhat\(\):|\bfailed\b|\bException\b|\bAssertion\b|\bfault\b|"
                       r"^\s*Garbage-collecting\s*$|" + "".join(rf"\b{re.escape(w)}|" for w in HEAP_CHECKS) +
                       # the compiled graph's layout check (assert_size_stride), printed without its type
                       r"\bexpected size \d+==\d+, stride \d+==\d+ at dim=\d+", re.I)
_LOAD_ASSIGN = re.compile(r"(?:^|\s)(?P<name>[A-Za-z_]\w*)(?:\.forward)?\s*=\s*[\w.]*"
                          r"(?:aoti_load_package|aot_load|load_package)\s*\(")
LOADED_MODEL_CALL = "<call of the loaded model> "
_CODEY = re.compile(r"\b(?:aoti_compile_and_package|aot_compile|aoti_load_package|aot_load|load_package|"
                    r"export(?:_for_training)?|run_decompositions|AOTIModelPackageLoader|AOTIModelContainerRunner\w*)\s*\(")


def _exception_at(body: str, glog: bool, i: int, ends_traceback: bool = False) -> ExcLine | None:
    """The exception line at `body`'s start (at most 2 spaces in; any, in a glog message), or None.
    `ends_traceback`: the line follows a traceback's last frame, where any class name is one."""
    lead = len(body) - len(body.lstrip())
    return parse_exception_line(body.strip() if glog or lead <= 2 else body, i,
                                any_name=ends_traceback and not glog and lead == 0)


_FRAME_TAIL = 3  # a frame's `File` line, its code line, its caret line: the exception comes next


class _Builder:
    """Line-by-line state machine behind `parse_text` (kept small: one method per line kind)."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.frames: list[PyFrame] = []
        self.first_order = False  # faulthandler lists innermost first
        self.pending_link = ""
        self.cpp: list[CppFrame] = []
        self.glog: list[GlogLine] = []
        self.diags: list[CompilerDiag] = []
        self.notes: list[CompilerDiag] = []  # read only when the text holds no error or warning
        self.warned = False
        self.split_path = ""
        self.noise: list[str] = []
        self.errors: list[str] = []
        self.mentions: list[tuple[int, str]] = []
        self.cpp_exc_type = ""
        self.inline: list[ExcLine] = []
        self.noise_lines: set[int] = set()
        self.loaded: set[str] = set()

    def close(self, exc: ExcLine | None) -> None:
        if not self.frames and exc is None:
            return
        frames = list(reversed(self.frames)) if self.first_order else self.frames
        if self.sections and self.sections[-1].exception is None and not self.sections[-1].link:
            prev = self.sections.pop()  # frames split by noise: merge into one section
            frames = list(prev.frames) + frames
        self.sections.append(Section(tuple(frames), exc, ""))
        self.frames = []
        self.first_order = False

    def ends_traceback(self, i: int) -> bool:
        """Line `i` is where Python prints the exception: right after the last frame read (its
        code line and caret lines between)."""
        return bool(self.frames) and 0 < i - self.frames[-1].text_line <= _FRAME_TAIL

    def drop_frames(self) -> None:
        """Forget the frames read since the last section: an exception group's own traceback,
        which belongs to the container (the server's task group), not to the failure."""
        self.frames, self.first_order = [], False

    def mark_link(self, link: str) -> None:
        self.close(None)
        if self.sections:
            last = self.sections[-1]
            self.sections[-1] = Section(last.frames, last.exception, link)

    def frame(self, m: re.Match[str], lines: list[str], i: int) -> bool:
        """Record the frame; True when the next line was its code line (the caller skips it)."""
        path = m.group("path") if "path" in m.re.groupindex and m.group("path") else m.groupdict().get("frag") or ""
        code, took_next = "", False
        if m.re is _IPY_FRAME or m.re is _CELL_FRAME:  # IPython shows context: the "---->" line ran
            for ln in lines[i + 1:i + 24]:
                if not ln.strip():  # the blank line that ends the frame: it marked no line
                    break
                if _IPY_RAN.match(ln):
                    code = _IPY_CODE.sub("", ln, count=1)
                    break
        elif i + 1 < len(lines):
            nxt = lines[i + 1]
            if (nxt.startswith((" ", "\t")) and not _PY_FRAME.match(nxt) and not _IPY_FRAME.match(nxt)
                    and not _CARET.match(nxt)):
                code = _IPY_CODE.sub("", nxt, count=1) if _IPY_CODE.match(nxt) else nxt
                took_next = bool(code)
        self.frames.append(make_frame(path, int(m.group("line")), m.group("fn") or "<module>", code, i))
        if code and _CODEY.search(code):
            self.mentions.append((i + 1, code.strip()[:300]))
        return took_next

    def other(self, line: str, i: int) -> None:
        if "frame #" in line and self.cpp_frame(line, i):  # most of a CPU log: read it first
            return
        low = line.lower()
        body = line
        g = _GLOG.match(line) if "] " in line or line.rstrip().endswith("]") else None
        if g:
            self.glog.append(GlogLine(g.group("lvl"), g.group("file"), int(g.group("line")), g.group("msg")[:1000], i))
            body = g.group("msg")
        if not self.split_path and any_word(body, SPLIT_WORDS):
            self.split_path = read_split_path(body) or ""
        # a glog W line may carry the cause (an OOM); an exception that says "deprecated" is the error
        raised = None
        if any_word(low, _NOISE_WORDS) and _NOISE.search(line):
            raised = _exception_at(body, bool(g), i)
            if raised is None or raised.is_warning:
                self.noise.append(line.strip()[:500])
                self.noise_lines.add(i)
                return
        t = _TERMINATE.search(body) if "terminate called" in body else None
        if t:
            self.cpp_exc_type = t.group("t").strip()
            self.errors.append(body.strip()[:500])
            return
        w = _WHAT.match(body) if "what()" in body else None
        if w:  # a C++ exception that reached std::terminate: a chain link of its own
            msg = w.group("msg").strip()
            self.close(ExcLine(self.cpp_exc_type or "std::exception", msg[:1000], i, inner_types(msg)))
            self.errors.append(body.strip()[:500])
            return
        exc = raised if raised is not None else _exception_at(body, bool(g), i, self.ends_traceback(i))
        if exc is not None and not exc.is_warning:
            self.close(exc)
            self.errors.append(body.strip()[:500])
            # an exception that carries the compiler's or toolkit's own words ("InductorError:
            # OSError: CUDA_HOME ... not set") names the diagnostic too
            self.diag(exc.message, exc.message.lower(), i)
            return
        if self.cpp_frame(body, i):  # first: a c10 frame names c10::Error on every line
            return
        if self.diag(body, low, i):
            self.errors.append(body.strip()[:500])
            return
        if ": note:" in body or ": warning:" in body:
            self.note(body, i)
        if "load" in low or self.loaded:
            self.loaded_model_call(body, i)
        if "(" in body and any_word(low, _CODEY_WORDS) and _CODEY.search(body):
            self.mentions.append((i, body.strip()[:300]))
        inline = inline_exception(body) if ("Error" in body or "Exception" in body or "Unsupported" in body
                                            or "SymNode" in body) else None
        if inline and exception_type_names(inline[0]) and not inline[0].endswith("Warning"):
            msg = inline[1].strip().strip("`")
            self.inline.append(ExcLine(inline[0], msg[:1000], i, inner_types(msg)))
        if (g is None or g.group("lvl") in GLOG_ERROR_LEVELS) and any_word(low, _ERRORISH_WORDS) and _ERRORISH.search(body):
            self.errors.append(body.strip()[:500])

    def diag(self, text: str, low: str, i: int) -> bool:
        """Record `text`'s compiler or toolkit diagnostic, if it holds one (`low`: a lower-cased
        text containing it, for the literal prefilter)."""
        d = read_diag(text, i) if any_word(low, DIAG_WORDS) else None
        if d is not None:
            self.diags.append(d)
        return d is not None

    def note(self, text: str, i: int) -> None:
        """Keep a compiler note (for an excerpt that holds nothing else); a warning rules them out."""
        n = read_note(text, i)
        if n is not None:
            self.notes.append(n)
        elif ": warning:" in text:
            self.warned = True

    def loaded_model_call(self, line: str, i: int) -> None:
        """`m = aoti_load_package(...)` then `m(...)`: record the call of the loaded model (a run)."""
        m = _LOAD_ASSIGN.search(line)
        if m:
            self.loaded.add(m.group("name"))
            return
        if self.loaded and "(" in line:
            call = re.search(r"(?<![\w.])(?:" + "|".join(map(re.escape, sorted(self.loaded))) + r")\s*\(", line)
            if call:
                self.mentions.append((i, LOADED_MODEL_CALL + line.strip()[:300]))

    def c10(self, line: str, i: int) -> bool:
        """Add `line` as a c10 stack frame (`frame #3: sym + 0x9d (0x7f.. in lib.so)`) if it is one."""
        c = c10_frame(line)
        if c is None:
            return False
        self.cpp.append(CppFrame(c[0], c[1].strip()[:300], c[2].strip(), "c10", i))
        return True

    def cpp_frame(self, line: str, i: int) -> bool:
        if "frame #" in line:
            m = _LLDB_FRAME.match(line) if "`" in line else None
            if m:
                self.cpp.append(CppFrame(int(m.group("n")), m.group("sym").strip()[:300],
                                         (m.group("loc") or "").strip(), "lldb", i))
                return True
            if self.c10(line, i):
                return True
        if line.lstrip().startswith("#"):
            m = _GDB_FRAME.match(line)
            if m and not line.lstrip().startswith(("#include", "#define", "#if", "#pragma")):
                self.cpp.append(CppFrame(int(m.group("n")), m.group("sym").strip()[:300], m.group("loc") or "", "gdb", i))
                return True
        if line.lstrip().startswith("@ "):
            m = _FOLLY_FRAME.match(line)
            if m:
                self.cpp.append(CppFrame(len([c for c in self.cpp if c.style == "folly"]), m.group("sym")[:300], "",
                                         "folly", i))
                return True
        return False


_ABORT_FRAME = re.compile(r"(?:__GI_)?(?:abort|raise|__pthread_kill\w*)$")  # a frame that raised a signal


def _lines_holding(lines: list[str], words: tuple[str, ...]) -> list[int]:
    """Indices of the lines whose lower-cased text holds one of `words`: a find per word on the
    joined text (C speed) instead of a lower() and a word loop per line."""
    low = "\n".join(lines).lower()
    starts = set()
    for w in words:
        i = low.find(w)
        while i != -1:
            starts.add(i)
            i = low.find("\n", i)   # one hit per line is enough
            i = -1 if i == -1 else low.find(w, i)
    out: list[int] = []
    line = pos = 0
    for i in sorted(starts):   # counted forward once: linear however many lines hit
        line += low.count("\n", pos, i)
        pos = i
        if not out or out[-1] != line:
            out.append(line)
    return out


# an exception line that announces its reason on the lines below it (dynamo's wrapper of a
# higher-order op's graph break: "... Got graph break/error:"); live, str(exc) holds them too
_REASON_FOLLOWS = "graph break/error:"
_REASON_STOP = ("from user code", "Set TORCHDYNAMO", "Traceback", "Hint:", "Developer debug context",
                "For more details", "File ")


def _with_reason(exc: ExcLine, lines: list[str]) -> ExcLine:
    """`exc` with the reason lines that follow it appended to its message (at most 4 lines, up to
    the first blank line after them or a frame, a hint, or the tracer's footer)."""
    got: list[str] = []
    for line in lines[exc.text_line + 1:exc.text_line + 12]:
        body = line.strip()
        if not body:
            if got:
                break
            continue
        if body.startswith(_REASON_STOP) or len(got) == 4:
            break
        got.append(body)
    if not got:
        return exc
    return replace(exc, message=(exc.message + "\n" + "\n".join(got))[:1000])


def _glog_traceback(b: _Builder, line: str, i: int) -> bool:
    """Read a traceback's header or frame behind a glog prefix (torch's `log.exception` prints the
    worker's or cache's traceback that way); True when the line was one."""
    g = _GLOG.match(line)
    if g is None:
        return False
    msg = g.group("msg")
    if _TB_HEADER.match(msg):
        b.close(None)
        return True
    m = _PY_FRAME.match(msg) or _IPY_FRAME.match(msg)
    if m is None:
        return False
    b.frame(m, [], i)  # its code line carries a prefix too: read as a glog line of its own
    return True


def parse_text(text: str, *, unwrapped: bool = False) -> ParsedText:
    """Parse any log or traceback text into frames, exceptions, C++ frames, glog lines, compiler
    diagnostics, signals and noise. Pure: never imports torch, never raises on odd input.
    `unwrapped`: the caller already took the log prefixes off (`normalize.unwrap`)."""
    b = _Builder()
    lines = _lines(text or "", unwrapped)
    skip = -1
    for i, line in enumerate(lines):
        if i == skip:
            continue
        if line.startswith("frame #") and "`" not in line and b.c10(line, i):  # most of a CPU log: read first
            continue
        if "Traceback" in line and _TB_HEADER.match(line):
            b.close(None)
            continue
        if "most recent call first" in line and _FH_HEADER.match(line):
            b.close(None)
            b.first_order = True
            continue
        if _CAUSE in line:
            b.mark_link("cause")
            continue
        if _CONTEXT in line:
            b.mark_link("context")
            continue
        m = (_PY_FRAME.match(line) or _IPY_FRAME.match(line) or _CELL_FRAME.match(line)) \
            if ("File " in line or ", line " in line) else None
        if m:
            if b.frame(m, lines, i):
                skip = i + 1
            continue
        if "] " in line and ("File " in line or "Traceback" in line) and _glog_traceback(b, line, i):
            continue  # a traceback torch logged (log.exception): each of its lines behind a glog prefix
        if "ExceptionGroup" in line and GROUP_LINE.match(line):
            b.drop_frames()
            continue
        b.other(line, i)
    b.close(None)
    sections = [replace(sec, exception=_with_reason(sec.exception, lines))
                if sec.exception is not None and sec.exception.message.endswith(_REASON_FOLLOWS) else sec
                for sec in b.sections]
    # a signal is reported on a line of its own: not in a notice, nor in a c10 frame (read above:
    # "unsigned" in most of them, and most of a CPU log's bytes)
    framed = {c.text_line for c in b.cpp if c.style == "c10"}
    told = [ln for i, ln in enumerate(lines) if i not in b.noise_lines and i not in framed]
    joined = "\n".join(told[i] for i in _lines_holding(told, _SIGNAL_WORDS))
    low = joined.lower()
    signals = tuple(name for name, words, rx in _signal_gates()
                    if (words is None or any(w in low for w in words)) and rx.search(joined))
    if not signals and any(_ABORT_FRAME.match(c.symbol) for c in b.cpp if "a" in c.symbol):
        signals = ("SIGABRT",)
    if not signals and "core dumped" in low and _CORE.search(joined):
        signals = ("COREDUMP",)
    diags = b.diags or ([] if b.warned else b.notes)
    return ParsedText(tuple(sections), tuple(b.cpp), tuple(b.glog), tuple(diags), signals,
                      tuple(dict.fromkeys(b.noise)), tuple(b.errors), tuple(b.mentions), tuple(b.inline),
                      b.split_path)
