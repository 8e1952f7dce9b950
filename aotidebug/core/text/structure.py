"""The structural reading of a failure: exception chain, frames, subsystem, phase, diagnostics.

`read_structure(text)` reads any log text (via `frames.parse_text`); `read_exception(exc)` reads a
live exception object (its class and MRO, cause/context chain, the attributes that carry the
cause, and its traceback). Both return the same `Structure`. Pure and stdlib-only: reading never
imports torch, and reading a live object never lets one of its attributes or properties raise.

Subsystem: the innermost torch frame whose module maps to a subsystem (generic helpers such as
torch.fx, torch.utils, torch._ops are skipped); without Python frames, the C++ frames, glog
files and compiler diagnostics decide. Phase: the user's API call (frames first, then code-like
mentions), reconciled with the subsystem's phase: a subsystem of an EARLIER phase wins
(`aot_compile` exports first, so an export failure under it is in the export phase).
"""

from __future__ import annotations

import dataclasses
import re
import traceback
from dataclasses import dataclass, field
from typing import Any

from ..memory import starved
from .compiler_diag import CompilerDiag, string_abi_only
from .decode import decode_log
from .frames import (GLOG_ERROR_LEVELS, GROUP_BLOCK, LOADED_MODEL_CALL, CppFrame, ExcLine, GlogLine, ParsedText,
                     PyFrame, Section, inner_types, is_benign_notice, is_c10_frame, make_frame, parse_text)
from .guards import always_true_guard
from .handed import handed_to
from .normalize import unwrap
from .phase_words import has_signs, phase_from_words
from .places import (CPP_AOTI_RX, CPP_LOAD_RX, CPP_RUN_RX, TORCH_SYMBOL_RX, Origin, Phase, Subsystem,
                     classify_origin, subsystem_of_module)

__all__ = ["Subsystem", "Phase", "Origin", "ExcLink", "DiagReading", "Structure", "read_structure",
           "read_exception", "group_members", "primary_exception", "subsystem_of_module", "classify_origin",
           "text_for_patterns", "without_c10_frames", "exception_chain", "MAX_CHAIN"]

MAX_CHAIN = 16
WORDS_WINDOW = 8192  # characters read for the words' phase at each end of a long text
_PHASE_ORDER = {Phase.EXPORT: 0, Phase.COMPILE: 1, Phase.LOAD: 2, Phase.RUN: 3}


# -- dataclasses ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ExcLink:
    """One exception of the chain. `link` relates it to the NEXT link ("cause"/"context"/"")."""

    type: str  # as written or module-qualified class name
    message: str  # first line
    mro: tuple[str, ...] = ()  # qualified names of the MRO (live objects only)
    inner_types: tuple[str, ...] = ()  # wrapped exceptions (InductorError's inner, message prefixes)
    error_type: str = ""  # UserError.error_type name, e.g. CONSTRAINT_VIOLATION
    link: str = ""
    live: bool = False

    @property
    def short_type(self) -> str:
        return self.type.rsplit(".", 1)[-1]

    @property
    def names(self) -> frozenset[str]:
        """Short and qualified names of the type, its MRO and wrapped types."""
        out: set[str] = set()
        for n in (self.type, *self.mro, *self.inner_types):
            out.add(n)
            out.add(n.rsplit(".", 1)[-1])
        return frozenset(out)


@dataclass(frozen=True, slots=True)
class DiagReading:
    diag: CompilerDiag
    origin: Origin
    torch_symbol: bool


@dataclass(frozen=True, slots=True)
class Structure:
    chain: tuple[ExcLink, ...] = ()  # root cause first, outermost last
    frames: tuple[PyFrame, ...] = ()
    user_frames: tuple[PyFrame, ...] = ()
    torch_frame: PyFrame | None = None  # the innermost torch frame that named the subsystem
    raise_site: str = ""  # user / torch / triton / stdlib / library
    subsystem: Subsystem = Subsystem.UNKNOWN
    phase: Phase = Phase.UNKNOWN
    phase_source: str = ""  # frames / subsystem / mention / "words: <word>"
    api_call: str = ""
    cpp_frames: tuple[CppFrame, ...] = ()
    glog: tuple[GlogLine, ...] = ()
    diagnostics: tuple[DiagReading, ...] = ()
    signals: tuple[str, ...] = ()
    noise: tuple[str, ...] = ()
    error_lines: tuple[str, ...] = ()
    has_error: bool = False
    sections: tuple[Section, ...] = field(default=(), repr=False)
    test_program: str = ""  # the test file or test class that failed (a frame, a pytest/unittest line, a command)
    words: str = field(default="", repr=False, compare=False)  # the head and tail of the text, for word checks
    handed_to: str = ""  # live only: the torch API whose frame held the loaded model (handed.py)
    split_path: str = ""  # a path the compile command split at a space or quote (compile_command.py)
    # a guard export reported as violated that holds over the whole declared range, when every
    # guard it reported is one (guards.py)
    always_true_guard: str = ""
    # the first unresolved torch symbol when every unresolved one takes a std::string: the other C++
    # string ABI than libtorch's (compiler_diag.string_abi_only)
    abi_strings: str = ""

    def has_signs(self, cause: str) -> bool:
        """True when some word of `cause`'s own (phase_words.CAUSE_SIGNS) occurs in the text, or
        when no text was read (then nothing is filtered). Checked lazily: only the causes a
        caller asks about cost a scan."""
        return not self.words or has_signs(self.words, cause)

    @property
    def type_names(self) -> frozenset[str]:
        return frozenset(n for link in self.chain for n in link.names)

    @property
    def origins(self) -> frozenset[Origin]:
        return frozenset(d.origin for d in self.diagnostics)

    @property
    def error_text(self) -> str:
        """Lower-cased messages that can name a mechanism: chain, diagnostics, E/F glog, error lines
        (noise lines are never part of it)."""
        parts = [f"{ln.type}: {ln.message}" for ln in self.chain]
        parts += [d.diag.message for d in self.diagnostics]
        parts += [g.message for g in self.glog if g.level in GLOG_ERROR_LEVELS]
        parts += list(self.error_lines)
        return "\n".join(parts).lower()

    @property
    def is_empty(self) -> bool:
        """True when no structure at all could be read (the only case for an honest `unknown`)."""
        return not (self.chain or self.frames or self.cpp_frames or self.diagnostics or self.signals
                    or any(g.level in GLOG_ERROR_LEVELS for g in self.glog)) and self.phase is Phase.UNKNOWN

    def to_dict(self) -> dict[str, Any]:
        return {
            "chain": [{"type": c.type, "message": c.message, "mro": list(c.mro), "inner": list(c.inner_types),
                       "error_type": c.error_type, "link": c.link} for c in self.chain],
            "subsystem": self.subsystem.value, "phase": self.phase.value, "phase_source": self.phase_source,
            "api_call": self.api_call, "raise_site": self.raise_site,
            "torch_frame": None if self.torch_frame is None else
            f"{self.torch_frame.module}:{self.torch_frame.function}",
            "user_frames": [f"{f.path}:{f.line} in {f.function}" for f in self.user_frames],
            "diagnostics": [{"kind": d.diag.kind, "origin": d.origin.value, "file": d.diag.file,
                             "message": d.diag.message, "torch_symbol": d.torch_symbol} for d in self.diagnostics],
            "signals": list(self.signals), "noise": list(self.noise), "has_error": self.has_error,
            "test_program": self.test_program, "handed_to": self.handed_to, "split_path": self.split_path,
            "always_true_guard": self.always_true_guard, "abi_strings": self.abi_strings,
            "cpp_frames": len(self.cpp_frames), "glog": len(self.glog),
        }


# -- assembly (shared by the text and live readers) -----------------------------------------------

_API: tuple[tuple[Phase, re.Pattern[str]], ...] = (
    (Phase.COMPILE, re.compile(r"\b(?:aoti_compile_and_package|_aoti_compile_and_package_inner|aot_compile|"
                               r"compile_fx_aot)\b")),
    (Phase.LOAD, re.compile(r"\b(?:aoti_load_package|aot_load|load_package|load_pt2|AOTIModelPackageLoader|"
                            r"AOTIModelContainerRunner\w*)\b")),
    (Phase.EXPORT, re.compile(r"\b(?:torch\.export\.export|export_for_training|_export_to_torch_ir|"
                              r"_export_for_training|_strict_export|_non_strict_export)\b|^\s*\w+\s*=\s*export\(|"
                              r"(?:^|[\s=(])export\(")),
)
_RUN_FRAME = re.compile(r"^(?:__call__|boxed_run|optimized)$")


def _api_of(frame: PyFrame) -> tuple[Phase, str] | None:
    if frame.module and frame.module.startswith(("torch.export.pt2_archive", "torch._inductor.package",
                                                 "torch._export")) and _RUN_FRAME.match(frame.function):
        return Phase.RUN, f"{frame.module}.{frame.function}"
    for phase, rx in _API:
        if frame.is_user and frame.code and rx.search(frame.code):
            return phase, frame.code
        if frame.is_torch and rx.search(frame.function):
            return phase, f"{frame.module}.{frame.function}"
    return None


def _api_phase(sections: tuple[Section, ...]) -> tuple[Phase, str]:
    """The user's API call: the outermost frame that names one, outermost section first."""
    for sec in reversed(sections):
        for fr in sec.frames:
            hit = _api_of(fr)
            if hit:
                return hit
    return Phase.UNKNOWN, ""


def _mention_phase(mentions: tuple[tuple[int, str], ...]) -> tuple[Phase, str]:
    """The last API named in code-like lines; calling a model bound to a load call is a run."""
    for _, code in reversed(mentions):
        if code.startswith(LOADED_MODEL_CALL):
            return Phase.RUN, code[len(LOADED_MODEL_CALL):]
        for phase, rx in _API:
            if rx.search(code):
                return phase, code
    return Phase.UNKNOWN, ""


def _entry_subsystem(sections: tuple[Section, ...]) -> Subsystem | None:
    """The subsystem of the outermost torch frame that names one (the API the user entered)."""
    for sec in reversed(sections):
        for fr in sec.frames:
            if fr.module:
                sub = subsystem_of_module(fr.module, fr.function)
                if sub is not None:
                    return sub
    return None


def _py_subsystem(sections: tuple[Section, ...]) -> tuple[Subsystem, PyFrame | None]:
    """Innermost torch frame naming a subsystem (root-cause section first, innermost frame first),
    except that a run or load entry point keeps its subsystem over export helpers it calls."""
    sub, fr = _innermost_subsystem(sections)
    entry = _entry_subsystem(sections)
    if entry in (Subsystem.MODEL_RUN, Subsystem.PACKAGE_LOAD) and sub in (Subsystem.EXPORT, Subsystem.DYNAMO):
        return entry, fr
    return sub, fr


def _innermost_subsystem(sections: tuple[Section, ...]) -> tuple[Subsystem, PyFrame | None]:
    fallback: tuple[Subsystem, PyFrame | None] = (Subsystem.UNKNOWN, None)
    for sec in sections:
        torch_frames = [f for f in sec.frames if f.module]
        for fr in reversed(torch_frames):
            sub = subsystem_of_module(fr.module or "", fr.function)
            if sub is not None:
                return sub, fr
        if torch_frames and fallback[1] is None:
            fallback = (Subsystem.OTHER, torch_frames[-1])
    if fallback[1] is None and any(s.frames for s in sections):
        return Subsystem.OTHER, None
    return fallback


_RUNNER_TEXT = re.compile(r"aoti_runner/|aoti_package/|DynamicLibrary|\bdlopen\b|model_container_runner|AOTInductorModelContainer\w*\(|\brun_func_\(|"
                          r"create_func_\(|input_handles\[|shim_common\.cpp|aoti_torch_\w+\(|\.wrapper\.cpp")


def _cpp_subsystem(cpp: tuple[CppFrame, ...], glog: tuple[GlogLine, ...],
                   diags: tuple[DiagReading, ...], text: str = "") -> Subsystem:
    if diags:
        return Subsystem.CPP_BUILDER
    syms = " ".join(f.symbol for f in cpp) + "\n" + "\n".join(ln for ln in text.split("\n") if _RUNNER_TEXT.search(ln))
    if CPP_LOAD_RX.search(syms) and not CPP_RUN_RX.search(syms):
        return Subsystem.PACKAGE_LOAD
    if CPP_AOTI_RX.search(syms) or _RUNNER_TEXT.search(syms) or any(g.file.endswith(("shim_common.cpp", "model_container_runner.cpp"))
                                     for g in glog if g.level in GLOG_ERROR_LEVELS):
        return Subsystem.RUNTIME_CPP
    for g in glog:
        if g.level in GLOG_ERROR_LEVELS and g.file.endswith(".py"):
            sub = subsystem_of_module(g.file.replace("/", ".")[:-3].split("site-packages.")[-1])
            if sub is not None:
                return sub
    return Subsystem.OTHER if cpp else Subsystem.UNKNOWN


def _subsystem_phase(sub: Subsystem, cpp: tuple[CppFrame, ...], text: str) -> Phase:
    if sub in (Subsystem.EXPORT, Subsystem.DYNAMO):
        return Phase.EXPORT
    if sub in (Subsystem.LOWERING, Subsystem.CODEGEN, Subsystem.CPP_BUILDER, Subsystem.AUTOTUNE):
        return Phase.COMPILE
    if sub is Subsystem.PACKAGE_LOAD:
        return Phase.LOAD
    if sub is Subsystem.MODEL_RUN:
        return Phase.RUN
    if sub is Subsystem.RUNTIME_CPP:
        syms = " ".join(f.symbol for f in cpp) + "\n" + text
        if CPP_RUN_RX.search(syms):
            return Phase.RUN
        if CPP_LOAD_RX.search(syms):
            return Phase.LOAD
        return Phase.RUN
    return Phase.UNKNOWN


def _resolve_phase(api: Phase, api_src: str, sub_phase: Phase, mention: Phase) -> tuple[Phase, str]:
    if api is not Phase.UNKNOWN:
        if sub_phase is not Phase.UNKNOWN and _PHASE_ORDER[sub_phase] < _PHASE_ORDER[api]:
            return sub_phase, "subsystem"
        return api, api_src
    if sub_phase is not Phase.UNKNOWN:
        return sub_phase, "subsystem"
    if mention is not Phase.UNKNOWN:
        return mention, "mention"
    return Phase.UNKNOWN, ""


# torch.testing raises for a check the user asked it to make (assert_close): the user's site
_USER_CHECK_MODULES = ("torch.testing",)


def _raise_site(sections: tuple[Section, ...]) -> str:
    for sec in sections:
        if sec.frames:
            f = sec.frames[-1]
            if f.function == "__getattr__" and len(sec.frames) > 1 and not sec.frames[-2].is_library:
                f = sec.frames[-2]  # a __getattr__ hook (a module's, an nn.Module's) only reports its caller's lookup
            if f.is_user or (f.module or "").startswith(_USER_CHECK_MODULES):
                return "user"
            if f.is_torch or f.package == "torch":  # torch's own module, or code it generated
                return "torch"
            if f.package:
                return "triton" if f.package == "triton" else "library"
            return "stdlib"
    return ""


# A failing test names its program: a pytest node id, a unittest header, a command line or a frame.
_TEST_PROGRAM = re.compile(r"(?:^|[\s/(:])(?P<file>test_\w+\.py)\b|\(__main__\.(?P<cls>\w*Test\w*)\)", re.M)


def _test_program(frames: tuple[PyFrame, ...], text: str) -> str:
    """The test file or class whose run failed, or "" (read from the frames first, innermost
    first, since the outer ones are the harness's; then `text`, the head and tail of the report)."""
    for fr in reversed(frames):
        name = fr.path.replace("\\", "/").rsplit("/", 1)[-1]
        if name.startswith("test_") and name.endswith(".py"):
            return name
    if "test" not in text:
        return ""
    m = _TEST_PROGRAM.search(text)
    return (m.group("file") or m.group("cls")) if m else ""


def _ends(text: str) -> str:
    """A text's head and tail, without its c10 stack frames: the words of a pasted report sit
    around its error, and a long log is all frames in between (a frame's library path and C++
    names are no one's words: `libtorch_cpu.so` is not a sign of a missing binary)."""
    text = text[:WORDS_WINDOW] + "\n" + text[-WORDS_WINDOW:] if len(text) > 2 * WORDS_WINDOW else text
    if "frame #" not in text:
        return text
    return "\n".join(ln for ln in text.split("\n") if not ("frame #" in ln and is_c10_frame(ln)))


def _without_noise(text: str, noise: tuple[str, ...]) -> str:
    """`text` without its warning and notice lines: a notice's words ("No CUDA runtime is found")
    say nothing of the phase that failed."""
    if not noise:
        return text
    drop = set(noise)
    return "\n".join(ln for ln in text.split("\n") if ln.strip()[:500] not in drop)


# exception types only one phase raises: Inductor's compile wrappers. Read when no frame or API
# call named the phase (a one-line quote of the error), before the report's words.
_COMPILE_ONLY_TYPES = frozenset({"InductorError", "LoweringException", "CppCompileError", "BackendCompilerFailed"})


def _type_phase(chain: tuple[ExcLink, ...]) -> tuple[Phase, str]:
    for link in chain:
        hit = _COMPILE_ONLY_TYPES & link.names
        if hit:
            return Phase.COMPILE, f"type: {min(hit)}"
    return Phase.UNKNOWN, ""


_FRAME_LINE = re.compile(r'^[ \t]*File "[^"\n]*", line \d+.*\n?', re.M)


def _words_phase(text: str) -> tuple[Phase, str]:
    """The phase the report's words name (phase_words.py); `text` is its head and tail (`_ends`),
    without its frame lines (a function's name, `wrapper` in a launcher's decorator, is nobody's
    word for a stage)."""
    if 'File "' in text:
        text = _FRAME_LINE.sub("", text)
    phase, word = phase_from_words(text, only_complaints=True)
    return Phase(phase), word


def _assemble(parsed: ParsedText, chain: tuple[ExcLink, ...], sections: tuple[Section, ...],
              words: str = "") -> Structure:
    diags = tuple(DiagReading(d, classify_origin(d), bool(TORCH_SYMBOL_RX.search(d.message))) for d in parsed.diagnostics)
    frames = tuple(f for s in sections for f in s.frames)
    sub, tframe = _py_subsystem(sections)
    if sub in (Subsystem.UNKNOWN, Subsystem.OTHER):
        csub = _cpp_subsystem(parsed.cpp_frames, parsed.glog, diags, "\n".join(parsed.error_lines))
        if csub is not Subsystem.UNKNOWN and (csub is not Subsystem.OTHER or sub is Subsystem.UNKNOWN):
            sub = csub
    api, api_src = _api_phase(sections)
    mention, mention_src = _mention_phase(parsed.api_mentions)
    text = "\n".join(parsed.error_lines)
    phase, source = _resolve_phase(api, "frames", _subsystem_phase(sub, parsed.cpp_frames, text), mention)
    ends = _ends(words) if words else ""  # cut once: the phase, the test program and the signs read it
    if phase is Phase.UNKNOWN:
        phase, source = _type_phase(chain)
    if phase is Phase.UNKNOWN and ends:
        phase, word = _words_phase(_without_noise(ends, parsed.noise))
        source = f"words: {word}"
    api_call = api_src if api is not Phase.UNKNOWN else mention_src
    has_error = bool(any(not c.type.endswith("Warning") for c in chain) or diags or parsed.signals
                     or any(g.level in GLOG_ERROR_LEVELS for g in parsed.glog) or parsed.error_lines
                     # a traceback cut before its exception line (a pasted excerpt) still reports an error
                     or (frames and "most recent call last" in words))
    return Structure(chain, frames, tuple(f for f in frames if f.is_user), tframe, _raise_site(sections), sub,
                     phase, source if phase is not Phase.UNKNOWN else "", api_call, parsed.cpp_frames,
                     parsed.glog, diags, parsed.signals, parsed.noise, parsed.error_lines, has_error, sections,
                     _test_program(frames, ends), ends.lower(), split_path=parsed.split_path,
                     always_true_guard=always_true_guard(words), abi_strings=string_abi_only(words))


_STOPS = frozenset({"KeyboardInterrupt"})


def _stop_only(chain: tuple[ExcLink, ...], sections: tuple[Section, ...]
               ) -> tuple[tuple[ExcLink, ...], tuple[Section, ...]]:
    """A Ctrl-C that lands in library code while it handles an exception of its own (importlib's
    KeyError for a path not cached yet, a fallback's ImportError) is printed with that exception as
    its context: the library's control flow, never the failure, so only the interrupt is read. When
    the interrupt's innermost frame is the user's, the user was handling a real error: it is kept."""
    if len(chain) < 2 or chain[-1].short_type not in _STOPS or chain[-2].link != "context":
        return chain, sections
    if not sections or not sections[-1].frames or sections[-1].frames[-1].is_user:
        return chain, sections
    return chain[-1:], sections[-1:]


def _links_from_text(parsed: ParsedText) -> tuple[ExcLink, ...]:
    out: list[ExcLink] = []
    for sec in parsed.sections:
        e: ExcLine | None = sec.exception
        if e is not None:
            out.append(ExcLink(e.type, e.message, (), e.inner_types, "", sec.link))
    if not out:  # only quoted exceptions (summaries, prose): read them as the chain, marked "inline"
        out = [ExcLink(e.type, e.message, (), e.inner_types, "", "inline") for e in parsed.inline_exceptions]
    return tuple(out[-MAX_CHAIN:])


def read_structure(text: str, *, unwrapped: bool = False) -> Structure:
    """The structural reading of any log or traceback text (pure; never imports torch).
    `unwrapped`: the caller already took the log prefixes off (`normalize.unwrap`)."""
    text = text if isinstance(text, str) else str(text)
    if not unwrapped:
        text = unwrap(text)
    parsed = parse_text(text, unwrapped=True)
    words = _without_advice(text) if "Hint:" in text else text  # the phase and the signs read no advice
    if "ExceptionGroup" in words:  # "unhandled errors in a TaskGroup" is a container's, not a complaint
        words = GROUP_BLOCK.sub("", words)
    chain, sections = _stop_only(_links_from_text(parsed), parsed.sections)
    return _assemble(parsed, chain, sections, words)


# -- live exceptions ------------------------------------------------------------------------------

def _get(obj: object, name: str) -> Any:
    try:
        return getattr(obj, name, None)
    except MemoryError:  # this process's memory: nothing read from here on would be whole
        raise
    except BaseException as err:  # a property that raises (even SystemExit-like) is tolerated
        if starved(err):
            raise
        return None


def _str(obj: object) -> str:
    try:
        return str(obj)
    except MemoryError:
        raise
    except BaseException as err:
        if starved(err):
            raise
        try:
            return repr(obj)
        except MemoryError:
            raise
        except BaseException as err2:
            if starved(err2):
                raise
            return f"<unprintable {type(obj).__name__}>"


def _qualname(cls: type) -> str:
    mod = _get(cls, "__module__") or ""
    name = _get(cls, "__qualname__") or _get(cls, "__name__") or "?"
    return name if mod in ("builtins", "") else f"{mod}.{name}"


MAX_GROUP_MEMBERS = 8  # sub-exceptions of one group read; a batch of 1000 identical failures says no more


def group_members(exc: object) -> tuple[BaseException, ...]:
    """The sub-exceptions of an exception group (`ExceptionGroup` from `asyncio.TaskGroup` or
    `anyio` in a server, the `exceptiongroup` backport on 3.10): whatever holds exceptions in
    `.exceptions`. The group's own message ("unhandled errors in a TaskGroup") names no cause."""
    members = _get(exc, "exceptions")
    if not isinstance(members, (tuple, list)):
        return ()
    return tuple(m for m in members[:MAX_GROUP_MEMBERS] if isinstance(m, BaseException) and m is not exc)


def primary_exception(exc: BaseException) -> BaseException:
    """The exception a group stands for: its last sub-exception, followed down nested groups
    (Python prints that one last, and a reading of the printed group takes the last exception as
    the outermost: the live group and its text read alike); any other exception is itself."""
    seen: set[int] = set()
    while id(exc) not in seen and len(seen) < MAX_CHAIN:
        seen.add(id(exc))
        members = group_members(exc)
        if not members:
            break
        exc = members[-1]
    return exc


def exception_chain(exc: BaseException) -> list[tuple[BaseException, str]]:
    """The chain as Python prints it, outermost first: each exception with how it relates to the
    one before it ("" for the first, "cause" or "context"). Follows __cause__, else __context__
    unless `raise ... from None` suppressed it; a cycle or a hostile attribute ends the walk."""
    out: list[tuple[BaseException, str]] = []
    seen: set[int] = set()
    cur: BaseException | None = exc
    link = ""
    while cur is not None and id(cur) not in seen and len(out) < MAX_CHAIN:
        seen.add(id(cur))
        out.append((cur, link))
        cause = _get(cur, "__cause__")
        if isinstance(cause, BaseException):
            cur, link = cause, "cause"
            continue
        ctx = None if _get(cur, "__suppress_context__") else _get(cur, "__context__")
        cur, link = (ctx, "context") if isinstance(ctx, BaseException) else (None, "")
    return out


def _chain_of(exc: BaseException) -> list[tuple[BaseException, str]]:
    """exception_chain, root cause first (each link still relates it to the next-outer one)."""
    return exception_chain(exc)[::-1]


def _inner(exc: BaseException) -> list[BaseException]:
    """Exceptions an exception wraps outside its cause chain: torch's inner exceptions, and the
    sub-exception a group in the chain stands for."""
    out = []
    for attr in ("inner_exception", "real_inner_exception"):
        val = _get(exc, attr)
        if isinstance(val, BaseException) and val is not exc:
            out.append(val)
    primary = primary_exception(exc)
    if primary is not exc:
        out.append(primary)
    return out


def _frames_of(exc: BaseException) -> tuple[PyFrame, ...]:
    tb = _get(exc, "__traceback__")
    if tb is None:
        return ()
    try:
        summary = traceback.extract_tb(tb)
    except BaseException:
        return ()
    return tuple(make_frame(str(fs.filename), int(fs.lineno or 0), str(fs.name), str(fs.line or "")) for fs in summary)


def _link_of(exc: BaseException, link: str) -> tuple[ExcLink, list[str]]:
    cls = type(exc)
    try:
        mro = tuple(_qualname(c) for c in cls.__mro__ if c not in (object, BaseException))
    except BaseException:
        mro = ()
    message = _str(exc)
    extra: list[str] = [message]
    err_type = _get(exc, "error_type")
    et = ""
    if err_type is not None:
        et = _str(_get(err_type, "name") or err_type).rsplit(".", 1)[-1]
    inner = tuple(_qualname(type(i)) for i in _inner(exc))
    args = _get(exc, "args")
    if isinstance(args, tuple):
        extra += [a for a in args[:4] if isinstance(a, str) and a not in message]
    for attr in ("stderr", "output"):
        val = _get(exc, attr)
        if isinstance(val, bytes):
            val = decode_log(val)
        if isinstance(val, str) and val:
            extra.append(val)
    first = message.strip().split("\n", 1)[0][:1000] if message.strip() else ""
    from_msg = inner_types(first)
    return ExcLink(_qualname(cls), first, mro, inner + tuple(t for t in from_msg if t not in inner), et, link,
                   True), extra


def read_exception(exc: BaseException) -> Structure:
    """The structural reading of a live exception: chain, classes and MRO, cause attributes, traceback.

    Never raises: attribute access is guarded, a property that raises is skipped. The one exception
    is this process running out of memory (`core.memory.starved`), re-raised so that the caller
    reads the text alone or reports the starvation, never a half-read structure."""
    try:
        chain = _chain_of(primary_exception(exc))  # a group handed over: read what it stands for
        extra_inner: list[tuple[BaseException, str]] = []
        known = {id(e) for e, _ in chain}
        for e, _ in chain:
            for i in _inner(e):
                if id(i) not in known:  # a wrapped exception outside the chain: read it as the root side
                    known.add(id(i))
                    extra_inner.append((i, "cause"))
        chain = extra_inner + chain
        links: list[ExcLink] = []
        sections: list[Section] = []
        texts: list[str] = []
        for e, link in chain:
            lk, extra = _link_of(e, link)
            links.append(lk)
            sections.append(Section(_frames_of(e), ExcLine(lk.type, lk.message, -1, lk.inner_types), link))
            texts += extra
        parsed = parse_text("\n".join(texts))
        # messages hold compiler output, C++ frames, glog lines; their own tracebacks are added too
        sections = [s for s in parsed.sections if s.frames] + sections
        words = "\n".join([lk.message for lk in links] + texts)
        st = _assemble(parsed, *_stop_only(tuple(links[-MAX_CHAIN:]), tuple(sections)), words)
        handed = next((h for e, _ in chain if (h := handed_to(_get(e, "__traceback__")))), "")
        return dataclasses.replace(st, handed_to=handed) if handed else st
    except MemoryError:  # this process's memory, not the error's: no half-read (analysis decides)
        raise
    except BaseException as err:  # never let reading an error raise a new one
        if starved(err):
            raise
        return Structure(chain=(ExcLink(type(err).__name__, f"aotidebug could not read the exception: {_str(err)}"),),
                         has_error=True)


_ADVICE = re.compile(r"\s*Hint: ")


def _without_advice(text: str) -> str:
    """The text without the tracer's advice lines ("Hint: ..."): what to try, never what happened."""
    return "\n".join(ln for ln in text.split("\n") if not _ADVICE.match(ln))


_KNOWN_OPTIONS = re.compile(r"(known options are )\[[^\]\n]*\]?")


def without_c10_frames(text: str, st: Structure) -> str:
    """`text` without its c10 stack frames (`frame #3: sym + 0x9d (0x7f.. in lib.so)`) when the
    structure read some: the structure holds them (subsystem, phase); no pattern or extractor
    needs them, and they are most of a CPU log's bytes, which every later scan would read again.
    Recognised by their shape: a live exception's structure was read from other text."""
    if "frame #" not in text or not any(f.style == "c10" for f in st.cpp_frames):
        return text
    return "\n".join(ln for ln in text.split("\n") if not ("frame #" in ln and is_c10_frame(ln)))


def text_for_patterns(text: str, st: Structure) -> str:
    """`text` without its noise lines when an error is present (warnings and deprecation notices are
    evidence, never the cause); unchanged when the text holds no error (then a notice may be all
    there is, e.g. the legacy API's deprecation banner), but for notices printed on every run
    (`is_benign_notice`), which are never a cause."""
    text = without_c10_frames(text, st)
    if st.has_error and "Hint:" in text:  # the tracer's advice under an error: what to try, not what happened
        text = _without_advice(text)
    if "known options are [" in text:  # torch.compile's list of every option name: names, not events
        text = _KNOWN_OPTIONS.sub(r"\1[...]", text)
    noise = set(st.noise) if st.has_error else {n for n in st.noise if is_benign_notice(n)}
    if not noise:
        return text
    return "\n".join(ln for ln in text.split("\n") if ln.strip()[:500] not in noise)
