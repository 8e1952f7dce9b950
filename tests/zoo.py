"""A zoo of REAL AOTI failures triggered on this machine (CPU torch), for tests/test_zoo.py.

Every case triggers the failure for real (torch.export, aoti_compile_and_package, a loaded
package, or a child process for crashes) and returns the live exception object. The table
`CASES` records, per case, the root-cause category a maintainer would name (the labels follow
the root cause, as in ../shared/corpus/README.md), whether the exception's text alone carries
that cause, and the context (inputs, package) a user would hand to `diagnose` for the failures
whose exception cannot name the cause (a silent wrong result, a segfault).

Three observations are not exceptions raised by torch; each is made an exception the way a
user's own check would raise it, and documented on its case:
- `run_nan_output`: the package returns NaN without an error; the user's check
  `assert not torch.isnan(out).any(), ...` raises the AssertionError that is diagnosed.
- `run_dict_order_silent`: a dict with its keys in another order is silently swapped; the
  user's `torch.testing.assert_close(compiled, eager)` raises the AssertionError.
- crashes and out-of-memory in a child process: the `CalledProcessError` that
  `subprocess.run(..., check=True)` would raise (returncode -11 for SIGSEGV, 1 for a Python
  error), carrying the child's captured stdout/stderr. The children run concurrently.

The description strings given to `capture()` are kept off the lines that appear in the
tracebacks, so the text alone holds only what torch and the user's code line say.
"""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from aotidebug import Category

ROOT = Path(__file__).resolve().parent.parent
CHILD_TIMEOUT = 180.0  # seconds; a busy 2-core CI machine needs 5-15 s to import torch and run


class DidNotFail(AssertionError):
    """The trigger ran without the failure: torch changed, so the case must be revisited."""


@dataclass
class Ctx:
    """What the triggers share: the session's package builder and a scratch directory."""

    packages: Any  # tests/packages.py
    tmp: Path
    context: dict = field(default_factory=dict)  # case -> extra diagnose() kwargs, set by triggers
    children: dict = field(default_factory=dict)  # child name -> Popen (started once, reaped)


def capture(fn: Callable[[], Any], what: str) -> BaseException:
    """Call `fn`; return the exception it raises (live, with its traceback), or fail loudly."""
    try:
        result = fn()
    except BaseException as exc:  # noqa: BLE001 - the point is to keep whatever was raised
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return exc
    raise DidNotFail(f"{what}: no error on this torch (got {type(result).__name__})")


@contextlib.contextmanager
def env(**values: str | None):
    """Set/unset environment variables for the duration of the block."""
    old = {k: os.environ.get(k) for k in values}
    try:
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def load(path: Path):
    import torch

    return torch._inductor.aoti_load_package(str(path))


def start_child(ctx: Ctx, name: str, code: str, *args: str) -> None:
    """Start `code` as a script in a fresh Python (`-X faulthandler` and unbuffered, so a
    segfault leaves its Python frames on stderr), once per session; output goes to files."""
    if name in ctx.children:
        return
    script = ctx.tmp / f"{name}.py"
    script.write_text(textwrap.dedent(code))
    child_env = dict(os.environ, PYTHONUNBUFFERED="1")
    child_env.pop("AOTI_RUNTIME_CHECK_INPUTS", None)
    cmd = [sys.executable, "-X", "faulthandler", str(script), *args]
    with open(ctx.tmp / f"{name}.out", "w") as out, open(ctx.tmp / f"{name}.err", "w") as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                env=child_env, cwd=str(ctx.tmp))
    ctx.children[name] = proc


def wait_child(ctx: Ctx, name: str) -> BaseException:
    """Wait for a started child (killed and reaped after CHILD_TIMEOUT) and return the
    CalledProcessError that `subprocess.run(..., check=True)` would raise for it."""
    proc = ctx.children[name]

    def finish():
        try:
            proc.wait(timeout=CHILD_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise
        stdout = (ctx.tmp / f"{name}.out").read_text(errors="replace")
        stderr = (ctx.tmp / f"{name}.err").read_text(errors="replace")
        if proc.returncode:
            raise subprocess.CalledProcessError(proc.returncode, proc.args, stdout, stderr)
        return proc

    return capture(finish, name)


def reap_children(ctx: Ctx) -> None:
    for proc in ctx.children.values():
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def rewrite_zip(src: Path, dst: Path, *, drop: Callable[[str], bool] = lambda n: False,
                edit: Callable[[str, bytes], bytes] = lambda n, b: b) -> Path:
    """Copy a .pt2 (a zip), dropping or editing members."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            if drop(item.filename):
                continue
            zout.writestr(item, edit(item.filename, zin.read(item.filename)))
    return dst


# ----------------------------------------------------------------------------------- export
def export_data_dependent_branch(ctx: Ctx) -> BaseException:
    import torch

    class Branchy(torch.nn.Module):
        def forward(self, x):
            # data-dependent Python control flow:
            if x.sum() > 0:
                return x + 1
            return x - 1

    return capture(
        lambda: torch.export.export(Branchy(), (torch.randn(3),)),
        "branch")


def export_strict_unsupported_python(ctx: Ctx) -> BaseException:
    import torch

    class ListsDir(torch.nn.Module):
        def forward(self, x):
            # os.listdir: a C builtin Dynamo cannot trace
            return x + len(os.listdir("/"))

    return capture(lambda: torch.export.export(ListsDir(), (torch.randn(3),), strict=True),
                  "strict export of os.listdir")


def export_dim_specialised(ctx: Ctx) -> BaseException:
    import torch
    from torch.export import Dim

    class Fixed(torch.nn.Module):
        def forward(self, x):
            # view(4, 8) specialises the batch dimension to 4
            return x.view(4, 8) * 2

    return capture(
        lambda: torch.export.export(Fixed(), (torch.randn(4, 8),),
                                    dynamic_shapes={"x": {0: Dim("batch", min=2, max=64)}}),
        "Dim that the model specialises")


def export_example_off_derived_dim(ctx: Ctx) -> BaseException:
    import torch
    from torch.export import Dim

    class PairSum(torch.nn.Module):
        def forward(self, x):
            # rows come in pairs: the spec says 2 * pairs, the example has an odd count
            return x.view(-1, 2, x.shape[1]).sum(1)

    pairs = Dim("pairs", min=1, max=64)
    return capture(
        lambda: torch.export.export(PairSum(), (torch.randn(7, 3),), dynamic_shapes={"x": {0: 2 * pairs}}),
        "example size off a derived Dim")


_NOFAKE: list = []


def export_custom_op_without_fake(ctx: Ctx) -> BaseException:
    import torch

    if not _NOFAKE:
        # explicit schema: this module uses `from __future__ import annotations`
        @torch.library.custom_op("aotidebug_zoo::no_fake", mutates_args=(),
                                 schema="(Tensor x) -> Tensor")
        def no_fake(x):
            return x.clone()

        _NOFAKE.append(no_fake)
    op = _NOFAKE[0]

    class UsesOp(torch.nn.Module):
        def forward(self, x):
            return op(x) + 1

    return capture(lambda: torch.export.export(UsesOp(), (torch.randn(3),)),
                  "custom op without a fake impl")


def legacy_inductor_aot_compile_module(ctx: Ctx) -> BaseException:
    """The legacy `torch._inductor.aot_compile(nn.Module, args)` (the old docs' example)."""
    import torch

    spec = ctx.packages.spec("small")
    return capture(lambda: torch._inductor.aot_compile(spec["model"], tuple(spec["inputs"])),
                  "torch._inductor.aot_compile(nn.Module)")


# ---------------------------------------------------------------------------------- compile
def compile_missing_cxx(ctx: Ctx) -> BaseException:
    """`CXX=/nonexistent/g++`: torch 2.13 reads CXX once, at import, into
    `torch._inductor.config.cpp.cxx = (None, $CXX)`, so patching that config is what the
    variable does; a fresh TORCHINDUCTOR_CACHE_DIR makes sure no cached .so is reused."""
    import torch

    spec = ctx.packages.spec("small")
    ep = torch.export.export(spec["model"], tuple(spec["inputs"]))
    cache = ctx.tmp / "inductor-cache-missing-cxx"
    with env(TORCHINDUCTOR_CACHE_DIR=str(cache), CXX="/nonexistent/g++"), \
            torch._inductor.config.patch({"cpp.cxx": (None, "/nonexistent/g++")}):
        return capture(
            lambda: torch._inductor.aoti_compile_and_package(
                ep, package_path=str(ctx.tmp / "missing_cxx.pt2")),
            "compile with a missing C++ compiler")


def compile_non_tensor_output(ctx: Ctx) -> BaseException:
    """A model that returns a str next to its tensor: export accepts it, AOTI cannot lower it."""
    import torch

    class StrOut(torch.nn.Module):
        def forward(self, x):
            return x + 1, "done"

    ep = torch.export.export(StrOut(), (torch.randn(2, 3),))
    with env(TORCHINDUCTOR_CACHE_DIR=str(ctx.tmp / "inductor-cache-strout")):
        return capture(
            lambda: torch._inductor.aoti_compile_and_package(ep, package_path=str(ctx.tmp / "s.pt2")),
            "compile a model with a str output")


def compile_sparse_op(ctx: Ctx) -> BaseException:
    """x.to_sparse() ... .to_dense(): torch.export accepts it, but Inductor's fake-tensor pass in
    aoti_compile_and_package finds no Meta kernel for aten::_to_dense."""
    import torch

    class Sparse(torch.nn.Module):
        def forward(self, x):
            return (x.to_sparse() * 2).to_dense()

    ep = torch.export.export(Sparse(), (torch.randn(4, 8),))
    with env(TORCHINDUCTOR_CACHE_DIR=str(ctx.tmp / "inductor-cache-sparse")):
        return capture(
            lambda: torch._inductor.aoti_compile_and_package(ep, package_path=str(ctx.tmp / "sp.pt2")),
            "compile a sparse op")


# ------------------------------------------------------------------------------------- load
def load_missing_so(ctx: Ctx) -> BaseException:
    bad = rewrite_zip(ctx.packages.build("small"), ctx.tmp / "no_so.pt2",
                      drop=lambda n: n.endswith(".so"))
    return capture(
        lambda: load(bad),
        "load a package without its .so")


def load_device_key_cuda(ctx: Ctx) -> BaseException:
    def to_cuda(name: str, data: bytes) -> bytes:
        if not name.endswith("_metadata.json"):
            return data
        meta = json.loads(data)
        meta["AOTI_DEVICE_KEY"] = "cuda"
        return json.dumps(meta).encode()

    bad = rewrite_zip(ctx.packages.build("small"), ctx.tmp / "cuda_key.pt2", edit=to_cuda)
    return capture(
        lambda: load(bad),
        "load a package whose device key is cuda")


def load_device_index_on_cpu(ctx: Ctx) -> BaseException:
    import torch

    pkg = ctx.packages.build("small")
    return capture(lambda: torch._inductor.aoti_load_package(str(pkg), device_index=0),
                  "device_index=0 for a CPU package")


def legacy_aot_load_package(ctx: Ctx) -> BaseException:
    """The legacy loader `torch._export.aot_load` handed a new-style .pt2 package."""
    import torch

    pkg = ctx.packages.build("small")
    return capture(
        lambda: torch._export.aot_load(str(pkg), "cpu"),
        "aot_load(.pt2)")


def constants_wrong_name(ctx: Ctx) -> BaseException:
    import torch

    # constant fqns: ['lin.weight']
    m = load(ctx.packages.build("small"))
    return capture(
        lambda: m.load_constants({"lin.wieght": torch.zeros(4, 8)}, check_full_update=False),
        "load_constants with a misspelt name")


def constants_missing_full_update(ctx: Ctx) -> BaseException:
    m = load(ctx.packages.build("small"))
    return capture(lambda: m.load_constants({}, check_full_update=True),
                  "load_constants({}, check_full_update=True)")


# -------------------------------------------------------------------------------------- run
def _call(ctx: Ctx, name: str, *args: Any, **kwargs: Any) -> Callable[[], Any]:
    m = load(ctx.packages.build(name))
    return lambda: m(*args, **kwargs)


def run_wrong_dtype(ctx: Ctx) -> BaseException:
    import torch

    return capture(
        _call(ctx, "small", torch.randn(2, 8, dtype=torch.float64)),
        "float64")


def run_wrong_shape(ctx: Ctx) -> BaseException:
    import torch

    return capture(
        _call(ctx, "small", torch.randn(2, 9)),
        "(2, 9) for (2, 8)")


def run_wrong_device(ctx: Ctx) -> BaseException:
    import torch

    return capture(
        _call(ctx, "small", torch.randn(2, 8, device="meta")),
        "meta input")


def run_wrong_arity(ctx: Ctx) -> BaseException:
    import torch

    return capture(
        _call(ctx, "small", torch.randn(2, 8), torch.randn(2, 8)),
        "2 args")


def run_kwarg_for_positional(ctx: Ctx) -> BaseException:
    import torch

    return capture(
        _call(ctx, "small", x=torch.randn(2, 8)),
        "x= keyword")


def run_dict_extra_key(ctx: Ctx) -> BaseException:
    import torch

    d = {"a": torch.full((2, 3), 2.0), "b": torch.full((2, 3), 3.0), "c": torch.ones(2, 3)}
    return capture(
        _call(ctx, "dictin", torch.ones(2, 3), d),
        "extra dict key")


def run_dict_order_silent(ctx: Ctx) -> BaseException:
    """torch 2.13 takes the dict's tensors by position: {'b', 'a'} is silently swapped."""
    import torch

    pkg = ctx.packages.build("dictin")
    spec = ctx.packages.spec("dictin")
    x = torch.ones(2, 3)
    d = {"b": torch.full((2, 3), 3.0), "a": torch.full((2, 3), 2.0)}
    compiled = load(pkg)(x, d)
    expected = spec["model"](x, d)
    ctx.context["run_dict_order_silent"] = {"inputs": (x, d), "package": str(pkg)}
    return capture(lambda: torch.testing.assert_close(compiled, expected),
                  "reordered dict keys")


def run_guard_dynamic_range(ctx: Ctx) -> BaseException:
    """AOTI_RUNTIME_CHECK_INPUTS=1 set after load, before the first call (it is latched then)."""
    import torch

    # Dim batch in [2, 64]
    m = load(ctx.packages.build("dyn"))
    with env(AOTI_RUNTIME_CHECK_INPUTS="1"):
        return capture(
            lambda: m(torch.randn(1, 8)),
            "batch 1 under the input check")


def run_check_inputs_dtype(ctx: Ctx) -> BaseException:
    import torch

    call = _call(ctx, "small", torch.randn(2, 8, dtype=torch.float64))
    with env(AOTI_RUNTIME_CHECK_INPUTS="1"):
        return capture(call, "float64 under the input check")


def run_index_out_of_bounds(ctx: Ctx) -> BaseException:
    import torch

    return capture(_call(ctx, "iob_embed", torch.tensor([[0, 1, 2], [3, 4, 9]])),
                  "index 9 into Embedding(8, 4)")


def run_handed_to_trace_module(ctx: Ctx) -> BaseException:
    """The loaded model handed to a torch API that takes an nn.Module: the message names neither
    AOTI nor the model; the live traceback's frame holds it (core/text/handed.py)."""
    import torch

    m = load(ctx.packages.build("small"))
    return capture(lambda: torch.jit.trace_module(m, {"forward": (torch.randn(2, 8),)}),
                   "trace_module of the loaded model")


def run_nan_output(ctx: Ctx) -> BaseException:
    """log(x)*2 (tests/models/zoo_log.py) on an input with a negative entry returns NaN and
    raises nothing; the user's own check raises the AssertionError that is diagnosed."""
    import torch

    x = torch.rand(2, 8) + 0.5
    x[1, 3] = -1.0
    out = load(ctx.packages.build("zoo_log"))(x)
    if not torch.isnan(out).any():
        raise DidNotFail("log of a negative input no longer gives NaN")

    def check():
        n = int(torch.isnan(out).sum())
        assert not torch.isnan(out).any(), (
            f"AOTInductor package output contains NaN: {n} of {out.numel()} values are NaN "
            f"for finite inputs (min x = {float(x.min()):.3g}); the call raised no error")

    return capture(check, "NaN check")


def child_segfault_wrong_shape(ctx: Ctx, wait: bool = True) -> BaseException | None:
    """`small` is compiled for a static (2, 8) batch; an empty (0, 8) batch kills the process
    with SIGSEGV (aoti-facts.md section 9; `big` with (1, 1) did not always fault in a child)."""
    import torch

    pkg = ctx.packages.build("small")
    ctx.context["child_segfault_wrong_shape"] = {"inputs": (torch.randn(0, 8),), "package": str(pkg)}
    start_child(ctx, "run_small", """
        import sys, torch
        m = torch._inductor.aoti_load_package(sys.argv[1])
        out = m(torch.randn(0, 8))
        print("returned", tuple(out.shape))
    """, str(pkg))
    return wait_child(ctx, "run_small") if wait else None


def child_out_of_memory(ctx: Ctx, wait: bool = True) -> BaseException | None:
    """RLIMIT_AS leaves 16 MiB of address space; the package's 64 MiB output cannot be allocated."""
    pkg = ctx.packages.build("big")
    start_child(ctx, "run_big", """
        import resource, sys, torch
        m = torch._inductor.aoti_load_package(sys.argv[1])
        x = torch.randn(4096, 4096)
        vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
        resource.setrlimit(resource.RLIMIT_AS, (vm + 16 * 2**20, vm + 16 * 2**20))
        out = m(x)
        print("returned", tuple(out.shape))
    """, str(pkg))
    return wait_child(ctx, "run_big") if wait else None


# ------------------------------------------------------------------------------------ table
@dataclass(frozen=True)
class Case:
    name: str
    expected: Category  # the root cause a maintainer would name
    phase: str  # export / compile / load / run
    trigger: Callable[[Ctx], BaseException]
    slow: bool  # compiles, loads or runs a real package, or starts a child process
    text_has_cause: bool = True  # False: the text alone cannot name the root cause
    note: str = ""


C = Category
CASES: list[Case] = [
    Case("export_data_dependent_branch", C.EXPORT_FAILURE, "export", export_data_dependent_branch, False,
         note="GuardOnDataDependentSymNode: Could not guard on data-dependent expression"),
    Case("export_strict_unsupported_python", C.EXPORT_FAILURE, "export", export_strict_unsupported_python,
         False, note="torch._dynamo.exc.Unsupported: os.listdir marked as skipped"),
    Case("export_dim_specialised", C.DYNAMIC_SHAPE_GUARD, "export", export_dim_specialised, False,
         note="UserError: Constraints violated (batch)! ... specialized it to be a constant (4)"),
    Case("export_example_off_derived_dim", C.DYNAMIC_SHAPE_GUARD, "export", export_example_off_derived_dim, False,
         note="UserError: Expected shape[0] = 7 of input Tensor to be of the form 2*pairs, where pairs is an integer"),
    # export_failure, not unsupported: torch.export stops before AOTI starts, and the same op WITH
    # a register_fake compiled, loaded and ran as an AOTI package on 2.13 CPU (measured), so AOTI
    # does support it; the fix (register_fake) is an export requirement.
    Case("export_custom_op_without_fake", C.EXPORT_FAILURE, "export", export_custom_op_without_fake,
         False, note="RuntimeError: There was no fake impl registered for <CustomOpDef(...)>"),
    Case("legacy_inductor_aot_compile_module", C.DEPRECATED_API, "compile",
         legacy_inductor_aot_compile_module, False,
         note="AttributeError: 'Small' object has no attribute 'graph' (legacy API needs a GraphModule)"),
    Case("compile_missing_cxx", C.COMPILE_TOOLCHAIN, "compile", compile_missing_cxx, True,
         note="InvalidCxxCompiler: No working C++ compiler found"),
    Case("compile_non_tensor_output", C.UNSUPPORTED, "compile", compile_non_tensor_output, True,
         note="InductorError: AssertionError: [TensorBox(...), 'done'] (a str output)"),
    Case("compile_sparse_op", C.UNSUPPORTED, "compile", compile_sparse_op, True,
         note="InductorError: NotImplementedError: aten::_to_dense: ... no fake impl or Meta kernel"),
    Case("load_missing_so", C.KERNEL_BINARY_MISSING, "load", load_missing_so, True,
         note="File not found: .../<h>.kernel_compile_flags.json (the loader tries to rebuild)"),
    Case("load_device_key_cuda", C.DEVICE_MISMATCH, "load", load_device_key_cuda, True,
         note="AssertionError: Torch not compiled with CUDA enabled"),
    Case("load_device_index_on_cpu", C.DEVICE_MISMATCH, "load", load_device_index_on_cpu, True,
         note="Incorrect device passed to aoti_runner_cpu"),
    Case("legacy_aot_load_package", C.DEPRECATED_API, "load", legacy_aot_load_package, True,
         note="Error in dlopen: <x>.pt2: invalid ELF header"),
    Case("constants_wrong_name", C.CONSTANT_LOADING, "load", constants_wrong_name, True,
         note="Constant not found: lin.wieght"),
    Case("constants_missing_full_update", C.CONSTANT_LOADING, "load", constants_missing_full_update, True,
         note="update_constant_buffer_func_(...) API call failed (cause only on stderr)"),
    Case("run_wrong_dtype", C.INPUT_MISMATCH, "run", run_wrong_dtype, True,
         note="mat1 and mat2 must have the same dtype, but got Double and Float"),
    Case("run_wrong_shape", C.INPUT_MISMATCH, "run", run_wrong_shape, True,
         note="mat1 and mat2 shapes cannot be multiplied (2x9 and 8x4)"),
    Case("run_wrong_device", C.INPUT_MISMATCH, "run", run_wrong_device, True,
         note="Expected out tensor to have device meta, but got cpu instead"),
    Case("run_wrong_arity", C.INPUT_MISMATCH, "run", run_wrong_arity, True,
         note="expected inputs vector size to be 1, but got 2"),
    Case("run_kwarg_for_positional", C.INPUT_MISMATCH, "run", run_kwarg_for_positional, True,
         note="ValueError: Ran into a kwarg keyword mismatch"),
    Case("run_dict_extra_key", C.INPUT_MISMATCH, "run", run_dict_extra_key, True,
         note="expected inputs vector size to be 3, but got 4"),
    Case("run_dict_order_silent", C.INPUT_MISMATCH, "run", run_dict_order_silent, True,
         text_has_cause=False,
         note="silently wrong; the user's assert_close raises; diagnosed with inputs+package"),
    Case("run_guard_dynamic_range", C.DYNAMIC_SHAPE_GUARD, "run", run_guard_dynamic_range, True,
         note="input_handles[0]: dim value is too small at 0, expected it to be >= 2, but got: 1"),
    Case("run_check_inputs_dtype", C.INPUT_MISMATCH, "run", run_check_inputs_dtype, True,
         note="input_handles[0]: unmatched dtype, expected: 6(at::kFloat), but got: 7"),
    Case("run_index_out_of_bounds", C.INDEX_OUT_OF_BOUNDS, "run", run_index_out_of_bounds, True,
         note="index out of bounds: 0 <= tmp2 < 8L"),
    Case("run_handed_to_trace_module", C.UNSUPPORTED, "run", run_handed_to_trace_module, True,
         text_has_cause=False,
         note="AttributeError: expected torch.nn.Module as the first argument (the loaded model given)"),
    Case("run_nan_output", C.NUMERICAL, "run", run_nan_output, True,
         note="log(-1) -> NaN, no error from torch; the user's NaN check raises AssertionError"),
    Case("child_segfault_wrong_shape", C.INPUT_MISMATCH, "run", child_segfault_wrong_shape, True,
         text_has_cause=False,
         note="child dies with SIGSEGV; diagnosed with inputs+package (the text only says crash)"),
    Case("child_out_of_memory", C.OUT_OF_MEMORY, "run", child_out_of_memory, True,
         note="DefaultCPUAllocator: can't allocate memory (RLIMIT_AS in the child)"),
]
BY_NAME = {c.name: c for c in CASES}


class Zoo:
    """Triggers each case at most once per session: name -> (live exception, its text)."""

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self._got: dict[str, tuple[BaseException, str]] = {}

    def get(self, name: str) -> tuple[BaseException, str]:
        if name not in self._got:
            from aotidebug.core.describe import error_text

            if name.startswith("child_"):  # start every child at once: they overlap
                for case in CASES:
                    if case.name.startswith("child_"):
                        case.trigger(self.ctx, wait=False)
            exc = BY_NAME[name].trigger(self.ctx)
            self._got[name] = (exc, error_text(exc))
        return self._got[name]

    def close(self) -> None:
        reap_children(self.ctx)

    def context(self, name: str) -> dict:
        """Extra diagnose() kwargs a user would pass for this case (empty for most)."""
        self.get(name)
        return self.ctx.context.get(name, {})


def new_zoo(packages: Any, tmp: Path | None = None) -> Zoo:
    return Zoo(Ctx(packages=packages, tmp=Path(tmp or tempfile.mkdtemp(prefix="aotidebug-zoo-"))))
