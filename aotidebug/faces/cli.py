"""The `aotidebug` command. The one place that turns results and errors into output and exit
codes; each subcommand is a thin shell over the library function of the same name."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable, Literal, Sequence, TextIO

from ..core.errors import AOTIDebugError, AOTIRuntimeError, CrashError, InternalError, IsolationError
from ..core.result import strict_json
from .logfile import read_log_text

# errors that mean the job could not finish (EXIT_FAILED); any other AOTIDebugError is about what
# the command was given (EXIT_INPUT)
JOB_FAILURES = (CrashError, IsolationError, AOTIRuntimeError)

# Exit codes (documented in docs/cli.md; stable).
EXIT_OK = 0            # success: diagnosed, no fatal findings, nothing to migrate, no fault
EXIT_FINDINGS = 1      # check: fatal findings; migrate --check: would change; bisect: fault found
EXIT_USAGE = 2         # bad arguments (argparse's own code)
EXIT_INPUT = 3         # the file/package/log could not be read
EXIT_UNKNOWN = 4       # diagnose: no known cause in the text
EXIT_FAILED = 5        # the job could not finish: isolation failed, a time-out, a crash it could not contain
EXIT_INTERNAL = 70     # a bug in aotidebug
EXIT_BROKEN_PIPE = 141  # the reader of stdout went away (128 + SIGPIPE, as shells report it)


def _emit(out: TextIO, obj: Any, as_json: bool) -> None:
    if as_json:
        out.write(strict_json(obj.to_dict() if hasattr(obj, "to_dict") else obj) + "\n")
    else:
        out.write(f"{obj}\n")


def cmd_diagnose(args: argparse.Namespace, out: TextIO) -> int:
    from ..core.categories import Category
    from ..api import diagnose

    text = read_log_text(args.log, sys.stdin.buffer)
    d = diagnose(text, package=args.package)
    _emit(out, d, args.json)
    return EXIT_UNKNOWN if d.category is Category.UNKNOWN else EXIT_OK


def cmd_flags(args: argparse.Namespace, out: TextIO) -> int:
    from ..core import flags

    rows = flags.table()
    if args.json:
        _emit(out, [r.to_dict() for r in rows], True)
    else:
        for r in rows:
            out.write(f"{r.name:48} {r.phase:8} {r.source}\n    {r.why}\n")
    return EXIT_OK


def cmd_inspect(args: argparse.Namespace, out: TextIO) -> int:
    from ..checks.shared_dims import spec_ties
    from ..package.inspect import inspect_package

    info = inspect_package(args.package)
    ties = [spec_ties(m.inputs) for m in info.models]
    if args.json:
        data = info.to_dict()
        for m, t in zip(data["models"], ties):
            m["ties"] = [x.to_dict() for x in t]
        _emit(out, data, True)
        return EXIT_OK
    _emit(out, info, False)
    for m, t in zip(info.models, ties):
        if t:   # the compiled code reads these sizes from another input, unchecked (AOTC037)
            names = [i.name for i in m.inputs]
            out.write(f"model {m.name!r} ties sizes across inputs (the inputs must agree):\n")
            out.writelines(f"  tie  {x.describe(names)}\n" for x in t)
    return EXIT_OK


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    from ..checks.host import check_host
    from ..checks.inputs import check_inputs
    from ..package.inspect import inspect_package

    info = inspect_package(args.package)
    findings = list(check_host(info))
    if args.inputs:
        from ..checks.exported import load_inputs_file

        findings += check_inputs(info, load_inputs_file(args.inputs))
    if args.json:
        _emit(out, {"package": args.package, "findings": [f.to_dict() for f in findings]}, True)
    else:
        if not findings:
            what = "the package and inputs match" if args.inputs else "the package matches"
            out.write(f"no findings: {what} this host and the compiled contract\n")
        for f in findings:
            out.write(f"{f.severity:8} {f.code:10} {f.message}\n")
            if f.hint:
                out.write(f"         hint: {f.hint}\n")
    return EXIT_FINDINGS if any(f.fatal for f in findings) else EXIT_OK


def cmd_migrate(args: argparse.Namespace, out: TextIO) -> int:
    from ..migrate.api import run_paths

    mode = "write" if args.write else "check" if args.check else "diff"
    changed = run_paths(args.paths, mode=mode, out=out)
    return EXIT_FINDINGS if (changed and mode == "check") else EXIT_OK


def cmd_bisect(args: argparse.Namespace, out: TextIO) -> int:
    from ..runtime.bisect.runner import bisect_target

    def progress(msg: str) -> None:  # stderr, so --json output on stdout stays clean
        sys.stderr.write(f"aotidebug bisect: {msg}\n")

    result = bisect_target(args.target, timeout=args.timeout, progress=progress)
    _emit(out, result, args.json)
    return EXIT_FINDINGS if result.fault else EXIT_OK


def _load_reference(spec: str) -> Any:
    """`module:attr` -> the object (a `make*`/`build*`/`get*` factory is called once). The user
    named this code to run, in this process: that is what `--reference` asks for."""
    import importlib

    mod_name, _, attr = spec.partition(":")
    if not mod_name or not attr:
        raise ValueError(f"--reference must be module:attr, got {spec!r}")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    ref: Any = importlib.import_module(mod_name)
    for part in attr.split("."):
        ref = getattr(ref, part)
    if (type(ref).__name__ != "ExportedProgram" and not hasattr(ref, "forward") and callable(ref)
            and attr.rsplit(".", 1)[-1].startswith(("make", "build", "get"))):
        ref = ref()
    return ref


def cmd_probe(args: argparse.Namespace, out: TextIO) -> int:
    from ..runtime.probe.runner import probe

    ref = None
    if args.reference:
        try:
            ref = _load_reference(args.reference)
        except Exception as exc:  # the user's module: any failure is a usage problem
            sys.stderr.write(f"aotidebug probe: cannot import the reference {args.reference}: "
                             f"{type(exc).__name__}: {exc}\n")
            return EXIT_USAGE
    inputs = None
    if args.inputs:
        from ..checks.exported import load_inputs_file  # weights_only=True

        inputs = load_inputs_file(args.inputs)
    report = probe(args.package, ref, inputs=inputs, model=args.model, timeout=args.timeout)
    _emit(out, report, args.json)
    return EXIT_OK if report.ok else EXIT_FINDINGS


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    from .explain import explain

    page = explain(args.topic)
    if page is None:
        sys.stderr.write(f"aotidebug: no page for {args.topic!r}: give a code such as AOTD101, "
                         "AOTC031 or AOTP005, or a category such as input_mismatch\n")
        return EXIT_USAGE
    out.write(page if page.endswith("\n") else page + "\n")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    from .demo import run_demo

    return run_demo(out, as_json=args.json)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="aotidebug", description="Diagnose AOTInductor failures.")
    p.add_argument("--version", action="version", version=f"aotidebug {_version()}")
    p.add_argument("--debug", action="store_true", help="on an internal error, show the traceback")
    sub = p.add_subparsers(dest="command", required=True)

    def add(name: str, fn: Callable, help: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help, description=help)
        sp.set_defaults(fn=fn)
        return sp

    sp = add("diagnose", cmd_diagnose, "Diagnose an AOTI error log ('-' reads stdin).")
    sp.add_argument("log")
    sp.add_argument("--package", help="the .pt2 involved, for consistency checks")
    sp.add_argument("--json", action="store_true")

    sp = add("inspect", cmd_inspect, "Print what a .pt2 package was compiled for and expects.")
    sp.add_argument("package")
    sp.add_argument("--json", action="store_true")

    sp = add("check", cmd_check, "Check a package against this host and, optionally, inputs.")
    sp.add_argument("package")
    sp.add_argument("--inputs", help="a torch.save'd tuple/list/dict of tensors (weights_only load)")
    sp.add_argument("--json", action="store_true")

    sp = add("migrate", cmd_migrate, "Rewrite legacy aot_compile/aot_load code to the package API.")
    sp.add_argument("paths", nargs="+")
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--diff", action="store_true", help="show the diff (default)")
    g.add_argument("--write", action="store_true", help="rewrite the files in place")
    g.add_argument("--check", action="store_true", help="exit 1 if anything would change")

    sp = add("bisect", cmd_bisect, "Find the first faulting kernel of pkg.module:make.")
    sp.add_argument("target", help="module:function returning (model, inputs[, dynamic_shapes])")
    sp.add_argument("--timeout", type=float, default=600.0)
    sp.add_argument("--json", action="store_true")

    sp = add("flags", cmd_flags, "List debugging flags and the phase each acts in for this torch.")
    sp.add_argument("--json", action="store_true")

    sp = add("probe", cmd_probe, "Run a package on edge-case inputs in isolation and compare it with "
             "the eager model.")
    sp.add_argument("package")
    sp.add_argument("--reference", metavar="MODULE:ATTR", help="an nn.Module, ExportedProgram or callable "
                    "(an attribute named make*/build*/get* is called once to get it)")
    sp.add_argument("--inputs", metavar="IN.PT", help="example inputs (torch.load weights_only=True)")
    sp.add_argument("--timeout", type=float, default=60.0, help="seconds per call (default 60)")
    sp.add_argument("--model", default="model", help="model name inside the package")
    sp.add_argument("--json", action="store_true")

    sp = add("explain", cmd_explain, "Print the documentation page of a code (AOTD101, AOTC031, "
             "AOTP005, ...) or a category (input_mismatch, ...).")
    sp.add_argument("topic")

    sp = add("demo", cmd_demo, "Compile a tiny model, trigger a real AOTI fault, diagnose it.")
    sp.add_argument("--json", action="store_true")
    return p


def _version() -> str:
    from .. import __version__

    return __version__


def _report_error(exc: AOTIDebugError, out: TextIO, as_json: bool) -> int:
    """An aotidebug error with its diagnosis: what was measured and what to do, never just the
    message. The exit code says whether the input could not be read or the job could not finish."""
    code = EXIT_FAILED if isinstance(exc, JOB_FAILURES) else EXIT_INPUT
    d = exc.diagnosis
    if as_json:
        out.write(strict_json({"error": {"type": type(exc).__name__, "code": exc.code, "message": str(exc)},
                               "diagnosis": d.to_dict()}) + "\n")
    else:
        sys.stderr.write(f"aotidebug: error[{exc.code}]: {exc}\n\n{d}\n")
    return code


class InputReadError(AOTIDebugError):
    """A file the command was given could not be read (CLI only)."""

    code = "input-unreadable"


# Lines torch prints on every start that say nothing about the user's failure: kept out of the
# command's own output (a library must not touch the host's filters, so only the CLI does this);
# in a child's captured output they stay, as evidence the reader marks as noise.
STARTUP_NOTICES: tuple[tuple[Literal["ignore"], str, type[Warning]], ...] = (
    ("ignore", r"Failed to initialize NumPy", UserWarning),
    ("ignore", r".*LeafSpec", FutureWarning),
)
STARTUP_LOGGERS = ("torch.utils.cpp_extension",)  # "No CUDA runtime is found, using CUDA_HOME=..."


def _quiet_torch_startup() -> None:
    import logging
    import warnings

    for action, message, category in STARTUP_NOTICES:
        warnings.filterwarnings(action, message=message, category=category)
    for name in STARTUP_LOGGERS:
        logging.getLogger(name).setLevel(logging.ERROR)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    _quiet_torch_startup()
    as_json = bool(getattr(args, "json", False))
    try:
        return int(args.fn(args, out))
    except AOTIDebugError as exc:
        return _report_error(exc, out, as_json)
    except BrokenPipeError:  # `aotidebug flags | head`: the reader left; not an error to report
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_BROKEN_PIPE
    except (OSError, UnicodeError) as exc:
        return _report_error(InputReadError(f"{exc}", problem=_read_problem(exc)), out, as_json)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug in aotidebug: say so, with the type, and a distinct exit code
        if args.debug:
            raise InternalError(f"{type(exc).__name__} in `aotidebug {args.command}`: {exc}") from exc
        sys.stderr.write(f"aotidebug: internal error: {type(exc).__name__}: {exc}\n"
                         "Please report this with the command you ran (rerun with --debug for the "
                         "traceback).\n")
        return EXIT_INTERNAL


def _read_problem(exc: BaseException) -> str:
    """The refusal for a file the command could not read: a log, inputs or a source file, never a
    package (a package's own refusals come from `inspect_package`, AOTP001 and on)."""
    if isinstance(exc, FileNotFoundError):
        return "input-not-found"
    if isinstance(exc, IsADirectoryError):
        return "input-not-a-file"
    return "input-unreadable"
