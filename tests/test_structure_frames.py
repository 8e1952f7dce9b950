"""Parser tests on real texts (tests/fixtures/logs of aotidebug, and the dev corpus). No torch."""

from __future__ import annotations

import json
import os

import pytest

from aotidebug.core.text.frames import (is_library_path, is_user_path, parse_exception_line, parse_text, torch_module,
                              user_frames)
from aotidebug.core.text.structure import Origin, Phase, Subsystem, read_structure

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
LOGS = os.path.join(FIXTURES, "logs")
DEV = os.path.join(FIXTURES, "corpus", "dev.jsonl")


def _log(name: str) -> str:
    with open(os.path.join(LOGS, name + ".txt"), encoding="utf-8") as fh:
        return fh.read()


def _dev(prefix: str) -> str:
    with open(DEV, encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row["id"].startswith(prefix):
                return f"{row['title']}\n{row['error_text']}"
    raise AssertionError(f"dev row {prefix} not present")


# -- the user-frame rule ---------------------------------------------------------------------------

@pytest.mark.parametrize("path,library,module", [
    ("/opt/conda/lib/python3.11/site-packages/torch/_inductor/codegen/wrapper.py", True,
     "torch._inductor.codegen.wrapper"),
    ("/usr/local/lib/python3.10/dist-packages/torch/fx/experimental/sym_node.py", True,
     "torch.fx.experimental.sym_node"),
    ("/opt/conda/lib/python3.11/site-packages/triton/backends/nvidia/driver.py", True, None),
    ("/root/.pyenv/versions/3.11.7/lib/python3.11/genericpath.py", True, None),
    ("<frozen runpy>", True, None),
    ("<string>", True, None),
    ("/home/shangdiy/pytorch/torch/_inductor/compile_fx.py", True, "torch._inductor.compile_fx"),
    ("/torch/_inductor/ir.py", True, "torch._inductor.ir"),
    ("/workspace/model/query_decoder.py", False, None),
    ("run.py", False, None),
    ("/home/u/proj/lib/python_utils/torchy.py", False, None),
    # the wrapper Inductor generated into its cache folder: torch's code, not the user's
    ("/tmp/torchinductor_root/dd/cddf6zx7ev32xcgez4ab4exhagsbe3qmyxs2gfj2e4ythzvqauyk.py", True, None),
    ("/home/u/torchinductor_notes.py", False, None),
])
def test_user_frame_rule(path: str, library: bool, module: str | None) -> None:
    assert is_library_path(path) is library
    assert torch_module(path) == module


def test_code_the_user_typed_is_theirs_by_the_same_rule() -> None:
    """The path helpers and the frames agree: a prompt or a notebook cell is the user's, and
    `<string>` only as `python -c`'s `<module>`."""
    assert is_user_path("<stdin>") and is_user_path("<ipython-input-3-2f1c>")
    assert is_user_path("<string>", "<module>") and not is_user_path("<string>", "__init__")
    assert not is_user_path("<string>") and not is_user_path("<frozen runpy>", "<module>")


def test_exception_lines() -> None:
    e = parse_exception_line("torch._inductor.exc.InductorError: LoweringException: AttributeError: 'X' has no y")
    assert e is not None and e.short_type == "InductorError"
    assert e.inner_types == ("LoweringException", "AttributeError")
    assert parse_exception_line("Error: CUDA error: out of memory") is None  # runtime prefix, not a type
    assert parse_exception_line("Traceback (most recent call last):") is None
    assert parse_exception_line("KeyboardInterrupt") is not None


# -- Python frames, chain, subsystem, phase on real texts --------------------------------------------

def test_chained_autotune_traceback() -> None:
    st = read_structure(_log("gh-pytorch-145984-autotune"))
    assert [c.short_type for c in st.chain] == ["RuntimeError"]
    assert st.subsystem is Subsystem.AUTOTUNE and st.phase is Phase.COMPILE
    assert st.torch_frame is not None and st.torch_frame.function == "generate_and_run_autotune_block"
    assert st.user_frames == ()  # "<string>" is a pseudo-file: library by the rule


def test_direct_cause_sections() -> None:
    st = read_structure(_dev("pytorch-145984"))
    assert st.sections[0].link == "cause"
    assert st.subsystem is Subsystem.AUTOTUNE
    frames = [f.function for f in st.frames]
    assert "launcher" in frames and "__call__" in frames


def test_context_chain_and_legacy_api_phase() -> None:
    st = read_structure(_log("gh-pytorch-134137-constraints-legacy"))
    assert st.chain[0].short_type == "ConstraintViolationError" and st.chain[0].link == "context"
    assert [f.function for f in st.user_frames] == ["<module>"]
    assert "aot_compile" in st.api_call


def test_model_run_phase_from_loaded_model_call() -> None:
    st = read_structure(_log("cpu-kwarg-mismatch"))
    assert st.subsystem is Subsystem.MODEL_RUN  # the run entry point wins over export helpers
    assert st.phase is Phase.RUN and st.raise_site == "torch"
    assert st.chain[-1].short_type == "ValueError"


def test_an_ipython_traceback_reads_like_a_python_one() -> None:
    """IPython 8 names a notebook cell `Cell In[1], line 6`, shows context lines around the one it
    marks `---->` as run, and names functions by their qualified name (`AOTICompiledModel.__call__`),
    so the loaded model's call read as a package load (real capture, IPython 8.12.3)."""
    text = _log("cpu-ipython-cell-input-check")
    frames = parse_text(text).frames
    assert [(f.path, f.line, f.function, f.is_user, f.code) for f in frames[:2]] == [
        ("In[1]", 6, "<module>", True, "out = predict(x)"),
        ("In[1]", 5, "predict", True, "return compiled(batch)")]
    assert frames[2].function == "AOTICompiledModel.__call__" and not frames[2].is_user
    assert frames[2].code == "flat_outputs = self.loader.boxed_run(flat_inputs)"
    st = read_structure(text)
    assert st.subsystem is Subsystem.MODEL_RUN and st.phase is Phase.RUN
    plain = read_structure(_log("cpu-kwarg-mismatch"))
    assert (plain.subsystem, plain.phase) == (st.subsystem, st.phase)
    # a frame that marks no line (IPython shows none for `File <string>:4`) takes no other frame's
    marked = parse_text("File ~/x/a.py:3, in f()\n\nFile ~/x/b.py:5, in g()\n      4 x = 1\n----> 5 boom()\n")
    assert [(f.path, f.code) for f in marked.frames] == [("~/x/a.py", ""), ("~/x/b.py", "boom()")]


def test_load_phase_and_noise() -> None:
    st = read_structure(_log("cpu-package-without-so"))
    assert st.subsystem is Subsystem.PACKAGE_LOAD and st.phase is Phase.LOAD
    assert any("Loading outdated pt2 file" in n for n in st.noise)
    assert "outdated" not in st.error_text


def test_the_package_loader_s_source_file_is_the_load() -> None:
    """c10's "Exception raised from <helper> at .../model_package_loader.cpp" alone names the load,
    whichever helper of the loader raised; a path under csrc/inductor is not the compile."""
    text = ("terminate called after throwing an instance of 'c10::Error'\n"
            "  what():  Failed to initialize zip archive: not a ZIP archive\n"
            "Exception raised from RAIIMinizArchive at /__w/pytorch/pytorch/torch/csrc/inductor/"
            "aoti_package/model_package_loader.cpp:473 (most recent call first):\n")
    st = read_structure(text)
    assert (st.subsystem, st.phase) == (Subsystem.PACKAGE_LOAD, Phase.LOAD)
    other = read_structure(text.replace("aoti_package/model_package_loader.cpp", "codegen/cpp_wrapper.cpp"))
    assert other.phase is not Phase.LOAD


def test_faulthandler_frames_innermost_first() -> None:
    st = read_structure(_log("cpu-empty-batch-segfault"))
    assert st.signals == ("SIGSEGV",)
    assert st.frames[-1].function == "__call__"  # reversed to outermost-first order
    assert st.phase is Phase.RUN
    assert any("resized" in n for n in st.noise) and not st.chain


def test_dynamo_frames_data_dependent() -> None:
    st = read_structure(_dev("pytorch-122180"))
    assert st.chain[-1].short_type == "GuardOnDataDependentSymNode"
    assert st.frames[0].module == "torch._dynamo.utils"


def test_lowering_fragment_frame() -> None:
    st = read_structure(_log("gh-pytorch-141197-lowering"))
    assert st.frames[0].module == "torch._inductor.ir" and st.subsystem is Subsystem.LOWERING
    assert st.phase is Phase.COMPILE and st.chain[0].short_type == "LoweringException"
    assert "AttributeError" in st.type_names


def test_ipython_frames() -> None:
    st = read_structure(_dev("doclayout-yolo-177"))
    assert st.frames and st.frames[0].function == "rebind_unbacked"
    assert st.frames[0].module == "torch.fx.experimental.symbolic_shapes"
    assert st.chain[-1].short_type == "AttributeError"


# -- C++ frames, glog, compiler diagnostics ---------------------------------------------------------

def test_c10_frames_and_glog() -> None:
    p = parse_text(_dev("torchchat-840"))
    assert [f.index for f in p.cpp_frames][:3] == [0, 1, 2]
    assert p.cpp_frames[0].symbol.startswith("c10::Error::Error")
    assert p.glog and p.glog[0].level == "E" and p.glog[0].file == "shim_common.cpp"
    st = read_structure(_dev("torchchat-840"))
    assert st.subsystem is Subsystem.RUNTIME_CPP


def test_gdb_frames_imply_abort() -> None:
    p = parse_text(_dev("pytorch-138462"))
    assert p.cpp_frames[0].style == "gdb" and p.cpp_frames[0].symbol == "raise"
    assert "SIGABRT" in p.signals


def test_glog_prefixed_exception() -> None:
    st = read_structure(_log("gh-pytorch-140011-constraints-violated"))
    assert st.chain[0].short_type == "ConstraintViolationError"


def test_torch_logs_lines_are_read_as_glog_lines() -> None:
    # TORCH_LOGS writes glog's prefix with V (debug) lines, a compile id and an artifact tag
    p = parse_text(_log("cpu-compile-size-guard-recompiles-with-torch-logs"))
    assert p.glog and {g.level for g in p.glog} == {"V"}
    assert any(g.message.startswith("Recompiling function score") for g in p.glog)
    assert read_structure(_log("cpu-compile-size-guard-recompiles-with-torch-logs")).chain[-1].short_type == "RecompileError"


def test_a_logged_graph_break_is_not_an_error_line() -> None:
    # the graph break for a print, logged at debug level, is not the failure; the shape error is
    st = read_structure(_log("cpu-compile-shape-error-after-logged-graph-breaks"))
    assert not any("Failed to trace builtin operator" in ln for ln in st.error_lines)
    assert any(ln.startswith("RuntimeError: inconsistent tensor size") for ln in st.error_lines)


def test_rank_prefixed_critical_line_is_an_error() -> None:
    line = ("[rank3]:C1203 22:05:29.524000 27585 site-packages/torch/distributed/run.py:96] [!0/0/0] [__ddp] "
            "RuntimeError: NCCL communicator was aborted")
    (g,) = parse_text(line).glog
    assert (g.level, g.file, g.line) == ("C", "site-packages/torch/distributed/run.py", 96)
    assert g.message == "RuntimeError: NCCL communicator was aborted"
    assert read_structure(line).chain[-1].short_type == "RuntimeError"


@pytest.mark.parametrize("line, symbol", [
    # lld-link building torch on Windows (pytorch#74445), lld on Linux, MSVC's LINK
    ("lld-link: error: undefined symbol: __declspec(dllimport) public: __cdecl c10::ValueError::ValueError("
     "struct c10::SourceLocation, class std::basic_string<char, struct std::char_traits<char>, "
     "class std::allocator<char>>)", "__declspec(dllimport) public: __cdecl c10::ValueError::ValueError("),
    ("ld.lld: error: undefined symbol: foo_bar(int)", "foo_bar(int)"),
    ('main.obj : error LNK2019: unresolved external symbol "void __cdecl c10::detail::torchInternalAssertFail('
     'char const *)" referenced in function foo', "void __cdecl c10::detail::torchInternalAssertFail(char const *)"),
])
def test_every_linker_s_unresolved_symbol_is_a_link_diagnostic(line: str, symbol: str) -> None:
    (d,) = read_structure(line + "\n").diagnostics
    assert d.diag.kind == "undefined_reference" and d.diag.subject.startswith(symbol)
    assert d.origin is (Origin.LINK_TORCH if "c10::" in symbol else Origin.LINK)


def test_missing_header_is_environment() -> None:
    st = read_structure(_log("gh-omp-h-macos"))
    assert st.origins == frozenset({Origin.ENV_MISSING_HEADER})
    assert st.diagnostics[0].diag.subject == "omp.h" and st.subsystem is Subsystem.CPP_BUILDER


def test_generated_wrapper_error_names_torch_symbol() -> None:
    st = read_structure(_dev("pytorch-120394"))  # hashed /tmp/c<hash>.cpp: the generated wrapper
    d = next(d for d in st.diagnostics if "was not declared" in d.diag.message)
    assert d.origin is Origin.GENERATED_WRAPPER and d.torch_symbol


@pytest.mark.parametrize("path", [
    "C:/Users/u/AppData/Local/Temp/3/tmpfx2rc2vo/57/c57vi5ro5t7jna6rdezfse3ev5h7m6ozf3y4i2o3nlshsot6ylkr.main.cpp",
    "/home/u/.cache/inductor/ab/cabcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn.kernel.cpp",
])
def test_inductor_s_hashed_files_on_every_host_are_generated(path: str) -> None:
    # a hashed name with a role suffix (.main, .kernel) outside /tmp, and a Windows temp folder
    st = read_structure(f"{path}(133): error C2039: 'vector': is not a member of 'std'\n"
                        if path.startswith("C:") else f"{path}:12:5: error: 'foo' was not declared in this scope\n")
    assert st.origins and st.origins <= frozenset({Origin.GENERATED_WRAPPER, Origin.GENERATED_KERNEL})


def test_linker_and_toolchain_lines() -> None:
    st = read_structure("/usr/bin/ld: model.o: in function `main':\nmodel.cpp:(.text+0x20): undefined "
                        "reference to `WinMain'\ncollect2: error: ld returned 1 exit status")
    kinds = {d.diag.kind for d in st.diagnostics}
    assert "undefined_reference" in kinds and "linker" in kinds
    p = parse_text("/usr/bin/ld: cannot find -lcuda\nnvcc fatal   : Unsupported gpu architecture 'compute_100'\n"
                   "/bin/sh: 1: g++: not found\nfatal error: Python.h: No such file or directory")
    assert [d.kind for d in p.diagnostics] == ["missing_library", "nvcc", "missing_compiler", "missing_header"]
    # each linker's words for a library it did not find: GNU ld, ld64, lld (ld.lld, rust-lld, wasm-ld)
    for line, lib in (("ld: library not found for -lomp", "omp"), ("ld.lld: error: unable to find library -lstdc++", "stdc++"),
                      ("  = note: rust-lld: error: unable to find library -lcudart", "cudart"),
                      ("wasm-ld: error: unable to find library -lcurl", "curl")):
        [d] = parse_text(line).diagnostics
        assert (d.kind, d.subject) == ("missing_library", lib), line
    st2 = read_structure("/usr/include/c++/13/bits/x.h:10:5: error: bad\n"
                         "/x/site-packages/torch/include/ATen/core/T.h:3:1: error: worse")
    assert [d.origin for d in st2.diagnostics] == [Origin.SYSTEM_HEADER, Origin.TORCH_HEADER]


def test_terminate_what_is_a_chain_link() -> None:
    st = read_structure(_log("gh-pytorch-143786-schema"))
    assert st.chain[0].type == "c10::Error" and "schema" in st.chain[0].message


def test_inline_exception_summary() -> None:
    st = read_structure(_log("gh-pytorch-111711-conflicting-declaration"))
    assert st.chain and st.chain[0].short_type == "CppCompileError" and st.chain[0].link == "inline"


def test_deprecation_banner_is_noise_only() -> None:
    st = read_structure(_log("facts-legacy-deprecation"))
    assert not st.has_error and len(st.noise) >= 2 and not st.chain


def test_every_fixture_and_dev_row_parses() -> None:
    texts = []
    if os.path.isdir(LOGS):
        for name in sorted(os.listdir(LOGS)):
            if name.endswith(".txt"):
                with open(os.path.join(LOGS, name), encoding="utf-8") as fh:
                    texts.append(fh.read())
    if os.path.exists(DEV):
        with open(DEV, encoding="utf-8") as fh:
            texts += [json.loads(line)["error_text"] for line in fh]
    assert texts
    for t in texts:
        st = read_structure(t)
        assert st.to_dict()["phase"] in {p.value for p in Phase}


def test_odd_input_never_raises() -> None:
    for t in ["", "\x00\x01", "File \"", "frame #: x", "a:1:2: error:", "#include <x.h>", "x" * 100_000]:
        read_structure(t)


def test_compat_api_of_the_earlier_frames_module() -> None:
    """The earlier core.text.frames API (bisect, package.generated) on FX stack_trace metadata."""
    trace = ('File "/home/u/proj/model.py", line 12, in forward\n    y = self.lin(x)\n'
             'File "/s/site-packages/torch/nn/modules/linear.py", line 125, in forward\n'
             "    return F.linear(input, self.weight, self.bias)\n")
    frames = user_frames([trace, trace])
    assert len(frames) == 1 and frames[0].file == "/home/u/proj/model.py" and frames[0].func == "forward"
    assert str(frames[0]) == "/home/u/proj/model.py:12 in forward: y = self.lin(x)"
    assert is_user_path("/home/u/proj/torch/mymodel.py") and not is_user_path("<frozen runpy>")


def test_call_of_the_loaded_model_is_run_phase() -> None:
    text = ("path = torch._inductor.aoti_compile_and_package(ep)\n"
            "aot_model = torch._inductor.aoti_load_package(path)\n"
            "_ = aot_model(*input2)\nSegmentation fault (core dumped)\n")
    st = read_structure(text)
    assert st.phase is Phase.RUN and st.phase_source == "mention" and "aot_model(" in st.api_call


def test_inline_exception_reads_what_the_one_regex_read() -> None:
    """`inline_exception` scans from `Error:`-style suffixes; the single regex it replaced (kept
    here as the reference) gives the same (type, message) on every fixture and corpus line."""
    import json
    import re
    from pathlib import Path

    from aotidebug.core.text.frames import inline_exception

    ref = re.compile(r"(?:^|[\s`'\"(]|^\s*(?:ERROR|CRITICAL|FATAL):[\w.]*:)(?P<t>(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Unsupported|SymNode))"
                     r"`?:\s+(?P<msg>\S.*)$")
    here = Path(__file__).resolve().parent / "fixtures"
    lines = [ln for p in sorted((here / "logs").glob("*.txt")) for ln in p.read_text(encoding="utf-8").split("\n")]
    for row in (here / "corpus" / "dev.jsonl").read_text().splitlines():
        lines += (json.loads(row)["error_text"] or "").split("\n")
    lines += ["x (foo.BarError: y", "`KeyError`: 'a'", "FooErrorError: x", ".RuntimeError: x", "aRuntimeError: x",
              "RuntimeError:x", "RuntimeError:  ", "é.ÉError: ü", "(ValueError:\tz", "a b.c.DError: m: n",
              "ERROR:root:ImportError: cannot import name 'X'", "ERROR:my.tool:x.KeyError: 'k'",
              "INFO:root:ValueError: v", "xERROR:root:KeyError: k"]
    found = 0
    for ln in lines:
        m = ref.search(ln)
        assert inline_exception(ln) == ((m.group("t"), m.group("msg")) if m else None), ln
        found += m is not None
    assert found > 30


def test_the_quoted_diagnostic_prefilter_is_derived_from_every_phrase():
    """Each phrase of a quoted C++ error has a literal in the prefilter, so none is silently skipped."""
    from aotidebug.core.text import compiler_diag
    from aotidebug.core.text.regexscan import required_literals

    for phrase in compiler_diag._QUOTED_PHRASES:
        lits = required_literals(phrase)
        assert lits and lits <= set(compiler_diag._QUOTED_WORDS), phrase
    line = "error: request for member 'size' in 'buf0', which is of non-class type"
    assert parse_text(line).diagnostics[0].kind == "quoted"


def test_each_signal_regex_runs_only_where_its_literals_are() -> None:
    """The gate of each signal regex (literals derived from it) holds on every match in the real
    texts and on each signal's own wordings, so gating never hides a signal."""
    from pathlib import Path

    from aotidebug.core.text.frames import _signal_gates

    here = Path(__file__).resolve().parent / "fixtures"
    texts = [p.read_text(encoding="utf-8") for p in sorted((here / "logs").glob("*.txt"))]
    texts += [json.loads(row)["error_text"] or "" for row in (here / "corpus" / "dev.jsonl").read_text().splitlines()]
    texts += ["Segmentation fault (core dumped)", "seg-fault", "Fatal Python error: Segmentation violation",
              "process exited with code 139", "rc=-11", "EXC_BAD_ACCESS", "Bus error", "exit status 135",
              "Aborted (core dumped)", "terminate called after throwing", "Fatal Python error: Aborted",
              "Illegal instruction", "SIGILL", "Floating point exception", "SIGFPE", "Killed", "exited with code 137"]
    matched = set()
    for text in texts:
        for name, words, rx in _signal_gates():
            for m in rx.finditer(text):
                assert words is not None and any(w in m.group(0).lower() for w in words), (name, m.group(0))
                matched.add(name)
    assert matched == {"SIGSEGV", "SIGBUS", "SIGABRT", "SIGILL", "SIGFPE", "SIGKILL"}
    assert parse_text("frame #1: f(unsigned int) + 0x1 (0x7f in /x.so)\nSegmentation fault (core dumped)").signals \
        == ("SIGSEGV",)


def test_exception_that_says_deprecated_is_the_error_not_noise() -> None:
    # torch's stub for a removed function raises a RuntimeError worded as a deprecation: that line
    # ends the traceback (a chain link), while a warning line with the same words stays noise
    text = ("Traceback (most recent call last):\n"
            '  File "x.py", line 3, in <module>\n'
            "RuntimeError: This function was deprecated since version 1.9 and is now removed.\n"
            "x.py:4: FutureWarning: torch.foo is deprecated and will be removed in a future release\n")
    st = read_structure(text)
    assert [c.type for c in st.chain] == ["RuntimeError"]
    assert st.has_error
    assert len(st.noise) == 1 and "FutureWarning" in st.noise[0]


def test_traceback_cut_before_its_exception_still_reports_an_error() -> None:
    frames = ('  File "/opt/conda/lib/python3.11/site-packages/torch/_inductor/compile_fx.py", line 1143, '
              "in compile_fx_aot\n    compiled_lib_path = compile_fx(\n")
    cut = read_structure("The stack trace of the compile crash:\nTraceback (most recent call last):\n" + frames)
    assert cut.has_error and not cut.chain and cut.phase is Phase.COMPILE
    # the same frames printed by traceback.print_stack() (no header) are not an error report
    assert not read_structure("a printed stack:\n" + frames).has_error


def test_a_wrapper_that_announces_its_reason_carries_the_lines_below_it() -> None:
    # dynamo's wrapper of a higher-order op's graph break puts the reason on the next lines; a
    # live str(exc) holds them, so the text's chain link holds them too (up to the hint)
    text = ("Traceback (most recent call last):\n"
            '  File "x.py", line 3, in <module>\n'
            "torch._dynamo.exc.UncapturedHigherOrderOpError: This higher order operator doesn't work "
            "unless it is captured completely with torch.compile. Got graph break/error:\n\n"
            "torch.cond: differing branch outputs\n"
            "  Higher Order Operator: torch.cond\n"
            "  Explanation: Expected branches to return the same pytree structure.\n"
            "  Hint: Your code may result in an error when running in eager.\n")
    (link,) = read_structure(text).chain
    assert link.message.splitlines()[1:] == ["torch.cond: differing branch outputs",
                                             "Higher Order Operator: torch.cond",
                                             "Explanation: Expected branches to return the same pytree structure."]
    # an exception line that does not announce a reason keeps its one line
    plain = read_structure("Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n"
                           "RuntimeError: boom\nsomething printed later\n")
    assert plain.chain[0].message == "boom"


def test_the_cpu_isa_probe_is_the_cpp_builder() -> None:
    # pick_vec_isa builds and runs a C++ probe: an OS error there (a full cache volume) is the
    # build environment's, read by the builder's rules, not a lowering defect
    from aotidebug.core.text.places import subsystem_of_module

    assert subsystem_of_module("torch._inductor.cpu_vec_isa", "pick_vec_isa") is Subsystem.CPP_BUILDER
    assert subsystem_of_module("torch._inductor.graph", "run") is Subsystem.LOWERING


@pytest.mark.parametrize("line, type_name", [
    ("<class 'RuntimeError'>: Found <class 'Box'> in output, which is not a known type.", "RuntimeError"),
    ("<class 'torch._dynamo.exc.Unsupported'> Dynamic slicing on data-dependent value", "torch._dynamo.exc.Unsupported"),
])
def test_an_exception_printed_through_its_class_repr_is_read(line: str, type_name: str) -> None:
    """`print(type(e), e)` and f"{type(e)}: {e}" lines are exception lines; a class that is no
    exception (`<class 'bool'>: True`, a value printed with its type) and a warning are not."""
    parsed = parse_text("some output\n" + line + "\n")
    assert [s.exception.type for s in parsed.sections if s.exception] == [type_name]
    for other in ("<class 'bool'>: True", "<class 'UserWarning'>: careful"):
        assert not [s for s in parse_text(other + "\n").sections if s.exception]


def test_a_class_repr_quoted_as_markdown_code_is_an_exception_line() -> None:
    st = read_structure("`<class 'torch._dynamo.exc.UserError'>`: When `dynamic_shapes` is specified as a dict, "
                        "its top-level keys must be the arg names `['x']` of `inputs`\n")
    assert st.chain and st.chain[0].type == "torch._dynamo.exc.UserError"
    assert read_structure("`<class 'Foo'>` is a class\n").chain == ()


def test_an_assertion_in_inductor_s_generated_wrapper_is_torch_s_not_the_user_s() -> None:
    """The compiled graph's size/stride check lives in the wrapper Inductor generated (under its
    cache folder): an AssertionError raised there is torch's, never the user's own check."""
    from aotidebug.core.text.structure import read_structure
    text = ('  File "/tmp/torchinductor_root/dd/cddf6zx7ev32xcgez4ab4exhagsbe3qmyxs2gfj2e4ythzvqauyk.py", '
            'line 395, in call\n    assert_size_stride(buf4, (16, 64, 128, 128), (1048576, 1, 8192, 64))\n'
            'AssertionError: expected size 64==64, stride 16384==1 at dim=1\n')
    st = read_structure(text)
    assert st.raise_site == "torch" and not st.user_frames
