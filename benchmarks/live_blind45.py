"""A forty-fifth blind set of REAL AOTInductor failures (Python-level model code and configuration), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind45.py [--out benchmarks/live_blind45.jsonl] [--keep]

Theme: Python-level model code and configuration as real codebases write it (dataclass / enum /
NamedTuple configs read in forward, properties and functools.cached_property, functools.lru_cache
in forward, class-level caches and module-level globals, environment variables read in forward,
logging / debug dumps inside forward, torch._assert, try/except in forward, isinstance checks on
inputs, str / bool / float inputs and defaults, *args / **kwargs / keyword-only forward
signatures, inputs passed as kwargs or as Python values at serving time), through export,
compile, load and run. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py
or benchmarks/live_blind.py .. live_blind43.py (their TRIED lists included). Building the set
imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402
from live_blind import LIN, Case  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
BUILD = harness.BUILD

SETUP_R = """
import dataclasses, json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class MultiTask(torch.nn.Module):
    # one backbone, a head per task name (the task is a str argument)
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(8, 8)
        self.heads = torch.nn.ModuleDict({"intent": torch.nn.Linear(8, 3),
                                          "slot": torch.nn.Linear(8, 3)})
    def forward(self, x, task: str = "intent"):
        return self.heads[task](torch.relu(self.body(x)))

@dataclasses.dataclass
class Sampling:
    logits: torch.Tensor
    temperature: float = 1.0

torch.export.register_dataclass(Sampling, serialized_type_name="app.Sampling")

class Sampler(torch.nn.Module):
    # reads a registered dataclass request; temperature is a Python float field
    def forward(self, req: Sampling):
        return torch.softmax(req.logits / req.temperature, -1)

class Scaled(torch.nn.Module):
    # scale is a 0-dim tensor argument
    def forward(self, x, scale):
        return torch.relu(x) * scale

class KwMask(torch.nn.Module):
    # keyword-only mask
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, *, mask):
        return self.lin(x) * mask

class Flag(torch.nn.Module):
    # use_norm is a Python bool argument
    def forward(self, x, use_norm: bool = True):
        return torch.nn.functional.normalize(x, dim=-1) if use_norm else x

build("lin45", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
build("task45", MultiTask(), (torch.randn(2, 8), "intent"))
build("samp45", Sampler(), (Sampling(torch.randn(2, 5), 1.0),))
build("scale45", Scaled(), (torch.randn(2, 8), torch.tensor(2.0)))
build("kw45", KwMask(), (torch.randn(2, 8),), {"mask": torch.ones(2, 4)})
build("flag45", Flag(), (torch.randn(2, 8), True))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin45", "task45", "samp45", "scale45", "kw45", "flag45", "prop45", "tryinv45",
         "attr45", "legacy45"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------ config objects as inputs (export)
def case_01():
    return _c("case_01", "frozen-dataclass-config-input", "export_failure", "export", """
import dataclasses
@dataclasses.dataclass(frozen=True)
class HeadConfig:
    temperature: float = 0.7
    top_k: int = 4
class Ranker(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 16)
    def forward(self, x, cfg: HeadConfig):
        s = self.lin(x) / cfg.temperature
        return s.topk(cfg.top_k, -1).values
ep = torch.export.export(Ranker(), (torch.randn(2, 8), HeadConfig()))
""", "forward takes a plain (unregistered) frozen dataclass config as an argument; torch.export "
       "cannot flatten an input of a type that is not a registered pytree node or a constant type.",
       "Read the config in __init__ (store temperature/top_k on the module) or register the "
       "dataclass with torch.export.register_dataclass.",
       match=r".")


def case_02():
    return _c("case_02", "enum-mode-input", "export_failure", "export", """
import enum
class Pooling(enum.Enum):
    MEAN = "mean"
    MAX = "max"
class Pool(torch.nn.Module):
    def forward(self, x, mode: Pooling = Pooling.MEAN):
        return x.mean(1) if mode is Pooling.MEAN else x.amax(1)
ep = torch.export.export(Pool(), (torch.randn(2, 6, 8), Pooling.MAX))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward takes an enum.Enum member as an argument; torch.export does not accept an Enum as an "
       "input (it is neither a tensor, a pytree container nor a supported constant).",
       "Fix the pooling mode at construction time (self.mode) or pass a str/int and map it to the "
       "enum outside the exported forward.", match=r".")


def case_03():
    return _c("case_03", "nested-config-dict-input", "export_failure", "export", """
import types
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, opts):
        y = self.lin(x)
        return y * opts.scale if opts.use_scale else y
opts = types.SimpleNamespace(scale=0.5, use_scale=True)   # argparse-style options object
ep = torch.export.export(Net(), (torch.randn(2, 8), opts))
""", "forward takes an argparse-style SimpleNamespace options object; torch.export cannot flatten "
       "an input of that type.",
       "Bake the options into the module (constructor arguments) and export forward(x) only.",
       match=r".")


# ------------------------------------------------------------ debug code inside forward (export)
def case_04():
    return _c("case_04", "env-gated-debug-dump", "export_failure", "export", """
import os
os.environ["MODEL_DEBUG_DUMP"] = "{scratch}/acts"   # left set in the build job's environment
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        h = torch.relu(self.lin(x))
        d = os.environ.get("MODEL_DEBUG_DUMP")
        if d:
            os.makedirs(d, exist_ok=True)
            torch.save(h, os.path.join(d, "h.pt"))   # dump activations for debugging
        return h
ep = torch.export.export(Net(), (torch.randn(2, 8),))
""", "An environment-gated debug dump (torch.save of an activation) runs inside forward during "
       "export, where the activation is a fake tensor without data.",
       "Unset the debug variable for export, or guard the dump with "
       "torch.compiler.is_compiling() / torch.compiler.is_exporting().", match=r".")


def case_05():
    return _c("case_05", "nan-warning-in-forward", "export_failure", "export", """
import warnings
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        y = self.lin(x)
        if not torch.isfinite(y).all():
            warnings.warn("non-finite logits")
        return y
ep = torch.export.export(Net(), (torch.randn(2, 8),))
""", "A warnings.warn guarded by a Python `if` on a tensor check (isfinite(...).all()) is "
       "data-dependent control flow, which torch.export cannot trace.",
       "Drop the check from the exported forward (or use torch._assert_async / a returned flag) "
       "and warn in the caller.", match=r"data-dependent|GuardOnDataDependent")


def case_06():
    return _c("case_06", "numpy-positions-dynamic-batch", "dynamic_shape_guard", "export", """
import numpy as np
from torch.export import Dim
class Pos(torch.nn.Module):
    def forward(self, x):
        pos = torch.from_numpy(np.arange(x.shape[1], dtype=np.float32))  # positions via NumPy
        return x + pos[None, :, None]
ep = torch.export.export(Pos(), (torch.randn(2, 10, 4),),
                         dynamic_shapes=({1: Dim("seq", min=2, max=128)},))
""", "forward builds positions with NumPy from the dynamic sequence length; NumPy needs a concrete "
       "int, so export specialises the declared-dynamic seq dimension to the example's 10.",
       "Use torch.arange(x.shape[1], device=x.device) instead of NumPy in forward.",
       match=r"Constraints violated|specializ|[Ss]uggested")


def case_07():
    return _c("case_07", "lru-cache-mask-dynamic", "export_failure", "export", """
import functools
from torch.export import Dim
@functools.lru_cache(maxsize=32)
def causal_mask(n):
    return torch.ones(n, n).tril().bool()
class Attn(torch.nn.Module):
    def forward(self, x):
        s = x @ x.transpose(-1, -2)
        return s.masked_fill(~causal_mask(x.shape[1]), float("-inf")).softmax(-1)
ep = torch.export.export(Attn(), (torch.randn(2, 10, 8),),
                         dynamic_shapes=({1: Dim("seq", min=2, max=128)},))
""", "A functools.lru_cache helper is keyed on the dynamic sequence length; the symbolic size "
       "cannot be hashed as a cache key during (non-strict) export.",
       "Build the mask without the cache (torch.ones(n, n).tril()) or precompute a max-length "
       "buffer and slice it.", match=r"hash|Sym")


def case_08():
    return _c("case_08", "class-level-table-cache", "export_failure", "export", """
from torch.export import Dim
class Rotary(torch.nn.Module):
    _tables = {}                       # class-level cache shared by every instance
    def table(self, n, d):
        if (n, d) not in self._tables:
            Rotary._tables[(n, d)] = torch.arange(n)[:, None] * torch.ones(d)
        return Rotary._tables[(n, d)]
    def forward(self, x):
        return x * self.table(x.shape[1], x.shape[2]).cos()
x = torch.randn(2, 10, 8)
ep1 = torch.export.export(Rotary(), (x,))          # first export: the cache is filled
ep2 = torch.export.export(Rotary(), (x,))          # second export (e.g. another variant)
pkg = torch._inductor.aoti_compile_and_package(ep2)
""", "A class-level cache filled during the first export holds a fake tensor from that export; "
       "the second export reuses it across fake modes.",
       "Do not cache tensors in class or module globals from forward; register the table as a "
       "buffer in __init__ (or clear the cache before each export).", match=r".")


def case_09():
    return _c("case_09", "cached-property-table-reexport", "export_failure", "compile", """
import functools
class PosEnc(torch.nn.Module):
    def __init__(self, n=16, d=8):
        super().__init__()
        self.n, self.d = n, d
    @functools.cached_property
    def table(self):
        return torch.sin(torch.arange(self.n)[:, None] / (1 + torch.arange(self.d)))
    def forward(self, x):
        return x + self.table[: x.shape[1]]
m = PosEnc()
ep = torch.export.export(m, (torch.randn(2, 16, 8),))       # the table is computed here
ep2 = torch.export.export(m, (torch.randn(4, 16, 8),))      # re-export for a batch of 4
pkg = torch._inductor.aoti_compile_and_package(ep2)
""", "A functools.cached_property tensor is first computed during export, so the module caches a "
       "fake tensor, which the second export of the same instance reuses.",
       "Register the table as a buffer in __init__ instead of a cached_property.", match=r".")


def case_10():
    return _c("case_10", "lazy-buffer-in-forward", "export_failure", "export", """
class Norm(torch.nn.Module):
    def forward(self, x):
        if not hasattr(self, "running"):            # lazily created on the first call
            self.register_buffer("running", torch.zeros(x.shape[-1]))
        return x - self.running
ep = torch.export.export(Norm(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward lazily registers a buffer on its first call; during export that creates module "
       "state from inside the traced forward.",
       "Create the buffer in __init__ (or run one eager forward before exporting).", match=r".")


def case_11():
    return _c("case_11", "property-builds-layer", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.d = d
    @property
    def proj(self):                                   # rebuilt on every access
        return torch.nn.Linear(self.d, 4)
    def forward(self, x):
        return self.proj(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "A property creates a fresh nn.Linear inside forward, so its parameters are created during "
       "tracing and are not parameters of the exported module.",
       "Create the layer once in __init__.", match=r".")


def case_12():
    return _c("case_12", "strict-export-print", "export_failure", "export", """
class Net(torch.nn.Module):
    def forward(self, x):
        print("batch", x.shape, "mean", x.mean())   # left-over debug print
        return torch.relu(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "A debug print of a tensor value inside forward under strict (Dynamo) export is a side "
       "effect Dynamo cannot put in the graph.",
       "Remove the print (or log outside forward) before a strict export.", match=r".")


def case_13():
    return _c("case_13", "legacy-floattensor-isinstance", "export_failure", "export", """
class Net(torch.nn.Module):
    def forward(self, x):
        if not isinstance(x, torch.FloatTensor):
            raise TypeError("expects a float32 CPU tensor")
        return x * 2
ep = torch.export.export(Net(), (torch.randn(2, 8),))
""", "An input check with the legacy type torch.FloatTensor; during export the input is a fake "
       "tensor, which the legacy type check does not recognise.",
       "Check x.dtype == torch.float32 (and x.device) instead of isinstance with legacy tensor "
       "types.", match=r"expects a float32")


def case_14():
    return _c("case_14", "numpy-scale-from-yaml", "export_failure", "export", """
import numpy as np
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.scale = np.float32(0.125)      # read from a config via np.load / yaml
    def forward(self, x):
        return self.scale * self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "A NumPy scalar from the config multiplies a tensor from the left; NumPy tries to convert "
       "the fake tensor to an array during export.",
       "Store config scalars as Python floats (float(cfg.scale)) or buffers.", match=r".")


def case_15():
    return _c("case_15", "inference-mode-decorated-forward", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    @torch.inference_mode()
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward is decorated with @torch.inference_mode(), which export does not trace through.",
       "Remove the decorator from forward and wrap the serving call instead.", match=r".")


def case_16():
    return _c("case_16", "global-running-stats-mutated", "export_failure", "export", """
STATS = torch.zeros(8)          # module-level running statistics
class Net(torch.nn.Module):
    def forward(self, x):
        STATS.add_(x.mean(0))
        return x - STATS
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward mutates a module-level global tensor in place; it is not a buffer, so export "
       "cannot model the mutation of this constant.",
       "Register the statistics as a buffer of the module.", match=r".")


def case_17():
    return _c("case_17", "global-trainable-scale", "export_failure", "export", """
SCALE = torch.ones(8, requires_grad=True)        # a module-level learnable scale
class Net(torch.nn.Module):
    def forward(self, x):
        return x * SCALE
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward reads a module-level tensor that requires grad; it is not a parameter, and export "
       "lifts it as a constant that requires grad.",
       "Make it an nn.Parameter of the module.", match=r".")


# ------------------------------------------------------------ shape configs (export)
def case_18():
    return _c("case_18", "torch-assert-multiple-of-8", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Packed(torch.nn.Module):
    def forward(self, x):
        torch._assert(x.shape[0] % 8 == 0, "batch must be a multiple of 8")
        return x.view(-1, 8, x.shape[1]).sum(1)
ep = torch.export.export(Packed(), (torch.randn(16, 4),),
                         dynamic_shapes=({0: Dim("batch", min=8, max=512)},))
""", "torch._assert on batch % 8 == 0 adds a divisibility guard that the plain batch Dim "
       "(8..512) does not satisfy, so export reports a constraint violation.",
       "Declare the batch as a multiple of 8 (batch = 8 * Dim('b')) in dynamic_shapes.",
       match=r"Constraints violated|[Ss]uggested")


def case_19():
    return _c("case_19", "config-batch-size-reshape", "dynamic_shape_guard", "export", """
import dataclasses
from torch.export import Dim
@dataclasses.dataclass
class Cfg:
    batch_size: int = 4
    heads: int = 2
class Heads(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
    def forward(self, x):
        return x.reshape(self.cfg.batch_size, self.cfg.heads, -1).mean(-1)
ep = torch.export.export(Heads(Cfg()), (torch.randn(4, 8),),
                         dynamic_shapes=({0: Dim("batch", min=1, max=64)},))
""", "forward reshapes with the training config's fixed batch_size, which specialises the batch "
       "dimension declared dynamic.",
       "Reshape with x.shape[0] (or -1) instead of cfg.batch_size.",
       match=r"Constraints violated|specializ|constant")


def case_20():
    return _c("case_20", "var-kwargs-spec-flat", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8)
    def forward(self, **batch):                       # whatever the collator yields
        return (self.emb(batch["input_ids"]) * batch["attention_mask"][..., None]).sum(1)
b, s = Dim("b", max=32), Dim("s", max=64)
ids = torch.randint(0, 100, (2, 6))
ep = torch.export.export(Enc(), (), {"input_ids": ids, "attention_mask": torch.ones(2, 6)},
                         dynamic_shapes={"input_ids": {0: b, 1: s},
                                         "attention_mask": {0: b, 1: s}})
""", "forward takes **batch, so its dynamic_shapes must be nested under the parameter name "
       "'batch'; the spec lists the inner keys at the top level.",
       "Write dynamic_shapes={'batch': {'input_ids': {...}, 'attention_mask': {...}}}.",
       match=r".")


def case_21():
    return _c("case_21", "default-arg-in-spec", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Net(torch.nn.Module):
    def forward(self, x, eps: float = 1e-5, causal: bool = False):
        return x / (x.norm(dim=-1, keepdim=True) + eps)
b = Dim("b", max=64)
ep = torch.export.export(Net(), (torch.randn(4, 8),),
                         dynamic_shapes=({0: b}, None, None))  # one entry per parameter
""", "dynamic_shapes has an entry for every forward parameter, including the defaulted ones "
       "that were not passed, so its structure does not match the inputs.",
       "Give dynamic_shapes only for the inputs actually passed (({0: b},)) or key it by name.",
       match=r".")


# ------------------------------------------------------------ compile / load
def case_22():
    return _c("case_22", "temperature-property-item", "export_failure", "export", """
class Scorer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.register_buffer("log_t", torch.tensor(0.3))
    @property
    def temperature(self):
        return float(self.log_t.exp())        # a Python float for readability
    def forward(self, x):
        return self.lin(x) / self.temperature
ep = torch.export.export(Scorer(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/prop45.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "A property turns a buffer into a Python float (float(tensor)) inside forward; that "
       "data-dependent float is used where export has to guard on its value.",
       "Keep the temperature a tensor (self.log_t.exp()) in forward.",
       match=r"data-dependent|GuardOnDataDependent")


def case_23():
    return _c("case_23", "try-except-fallback-lost", "unsupported", "run", """
class Whiten(torch.nn.Module):
    def forward(self, cov, x):
        try:
            w = torch.linalg.inv(cov)
        except RuntimeError:               # singular covariance: fall back to the pseudo-inverse
            w = torch.linalg.pinv(cov)
        return x @ w
ep = torch.export.export(Whiten(), (torch.eye(4) * 2, torch.randn(3, 4)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tryinv45.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.zeros(4, 4), torch.randn(3, 4))     # a singular covariance at serving time
""", "forward relies on try/except to fall back to pinv for a singular matrix, but export traces "
       "only the path taken on the example, so the package has no fallback and fails at run time.",
       "Make the fallback tensor code (e.g. torch.linalg.inv_ex and torch.where on info, or pinv "
       "always) instead of Python exception handling.", match=r"[Ss]ingular|inv|zero")


def case_24():
    return _c("case_24", "attr-constant-not-in-state-dict", "constant_loading", "load", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.bias_table = torch.randn(4)            # plain attribute, not a buffer
    def forward(self, x):
        return self.lin(x) + self.bias_table
net = Net()
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/attr45.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": False})
m = torch._inductor.aoti_load_package(pkg)
m.load_constants(net.state_dict(), check_full_update=True)   # weights from the checkpoint
""", "The plain tensor attribute becomes a lifted constant of the package but is not in the "
       "module's state_dict, so a full constant update from state_dict misses it.",
       "Register the tensor as a buffer (so it is in state_dict), or pass every name of "
       "get_constant_fqns().", match=r"bias_table")


def case_25():
    return _c("case_25", "legacy-aot-compile-str-kwarg", "deprecated_api", "compile", """
class MultiTask(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = torch.nn.ModuleDict({"a": torch.nn.Linear(8, 3), "b": torch.nn.Linear(8, 2)})
    def forward(self, x, *, task="a"):
        return self.heads[task](x)
so = torch._export.aot_compile(MultiTask(), (torch.randn(2, 8),), {"task": "b"},
                               options={"aot_inductor.output_path": "{scratch}/legacy45.so"})
f = torch._export.aot_load(so, "cpu")
f(torch.randn(2, 8), task="b")
""", "The legacy aot_compile/aot_load API is used with a str keyword argument; the legacy runner "
       "does not take the kwargs the way the exported call spec needs.",
       "Migrate to torch.export.export + aoti_compile_and_package / aoti_load_package.",
       match=r".")


# ------------------------------------------------------------ serving calls (run)
def case_26():
    return _c("case_26", "scale-as-python-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{scale45}")
y = m(torch.randn(2, 8), 2.0)      # the config value, not a tensor
""", "The package was exported with scale as a 0-dim tensor; the caller passes a Python float, "
       "which the runner drops, so it receives one tensor fewer than compiled.",
       "Pass torch.tensor(2.0) as at export (or bake the scale into the model).",
       needs=("r",), match=r".")


def case_27():
    return _c("case_27", "json-list-request", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{lin45}")
req = json.loads(json.dumps({"inputs": [[0.1] * 8, [0.2] * 8]}))  # a JSON request body
y = m(req["inputs"])
""", "The serving code passes the JSON request's nested list of floats straight to the package; "
       "the runner keeps only tensors, so the model gets no input.",
       "Convert the request to a tensor: m(torch.tensor(req['inputs'], dtype=torch.float32)).",
       needs=("r",), match=r".")


def case_28():
    return _c("case_28", "task-str-switched", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{task45}")
torch.manual_seed(1)
x = torch.randn(2, 8)
a = m(x, "intent")
b = m(x, "slot")                   # another task's head
assert not torch.equal(a, b), "the slot head returned the intent head's output"
""", "The task name is a str argument that export baked in as a constant ('intent'); the package "
       "ignores the task passed at run time and always runs the intent head.",
       "Export one package per task (or return every head's output) instead of a str switch.",
       needs=("r",), match=r"intent head")


def case_29():
    return _c("case_29", "dataclass-temperature-ignored", "input_mismatch", "run", """
import dataclasses
@dataclasses.dataclass
class Sampling:
    logits: torch.Tensor
    temperature: float = 1.0
torch.export.register_dataclass(Sampling, serialized_type_name="app.Sampling")
m = torch._inductor.aoti_load_package("{samp45}")
logits = torch.randn(2, 5)
p = m(Sampling(logits, 0.1))       # a sharper distribution for this request
torch.testing.assert_close(p, torch.softmax(logits / 0.1, -1))
""", "The temperature is a Python float field of the request dataclass; export baked the example "
       "value (1.0) into the package, which ignores the temperature passed at run time.",
       "Make the temperature a tensor field (a 0-dim tensor) so it is a real input.",
       needs=("r",), match=r"[Mm]ismatch|not close")


def case_30():
    return _c("case_30", "mask-kwarg-renamed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kw45}")
y = m(torch.randn(2, 8), attention_mask=torch.ones(2, 4))   # the serving code's naming
""", "The package's keyword input is named 'mask'; the serving code passes it as "
       "'attention_mask'.", "Call with the exported keyword name: m(x, mask=...).",
       needs=("r",), match=r".")


def case_31():
    return _c("case_31", "bool-flag-as-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{flag45}")
y = m(torch.randn(2, 8), torch.tensor(False))   # the flag arrives as a tensor from the batcher
""", "use_norm was exported as a Python bool (a constant); the caller passes it as a tensor, so "
       "the package receives one tensor more than it was compiled for.",
       "Pass nothing for the baked flag (or export the flag as a tensor input with torch.where).",
       needs=("r",), match=r".")


def case_32():
    return _c("case_32", "bool-flag-switched", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{flag45}")
x = torch.randn(2, 8) * 3
y = m(x, False)                    # raw features for this client
torch.testing.assert_close(y, x)
""", "use_norm was exported as the Python bool True (a constant); the False passed at run time "
       "is dropped and the package still normalises.",
       "Export a package per flag value or make the flag a tensor input.",
       needs=("r",), match=r"[Mm]ismatch|not close")


def case_33():
    return _c("case_33", "star-args-as-list", "input_mismatch", "run", """
class Sum(torch.nn.Module):
    def forward(self, *feats):
        return torch.stack(feats).sum(0)
ep = torch.export.export(Sum(), (torch.randn(2, 4), torch.randn(2, 4), torch.randn(2, 4)))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
feats = [torch.randn(2, 4) for _ in range(2)]     # this request only has two feature groups
y = m(*feats)
""", "forward(*feats) was exported with three tensors, so the package has exactly three inputs; "
       "the request passes two.",
       "Pad the request to the exported count (or export one package per count).", match=r".")


def case_34():
    return _c("case_34", "compiler-disable-helper-strict", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    @torch.compiler.disable
    def log_stats(self, y):                 # kept out of torch.compile on purpose
        return y.detach().abs().mean()
    def forward(self, x):
        y = self.lin(x)
        self.log_stats(y)
        return y
ep = torch.export.export(Net(), (torch.randn(2, 8),), strict=True)
""", "A helper decorated with @torch.compiler.disable is called from forward under strict (Dynamo) "
       "export, which cannot skip it the way torch.compile does.",
       "Remove the call from the exported forward (or use non-strict export).", match=r".")


def case_35():
    return _c("case_35", "assert-hidden-from-config", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Proj(torch.nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.hidden = hidden
    def forward(self, x):
        assert x.shape[1] <= self.hidden, "sequence longer than the config allows"
        return x.sum(1)
ep = torch.export.export(Proj(), (torch.randn(2, 10, 8),),
                         dynamic_shapes=({1: Dim("seq", min=2, max=64)},))
""", "A plain assert compares the dynamic sequence length with the config's limit (16); export "
       "turns it into a guard that narrows the declared range 2..64.",
       "Declare the Dim with max=16 (the config limit) or drop the assert.",
       match=r"Constraints violated|[Ss]uggested")


def case_36():
    return _c("case_36", "symint-in-class-set", "export_failure", "export", """
from torch.export import Dim
class Bucketed(torch.nn.Module):
    FAST_SIZES = {8, 16, 32}                 # batch sizes with a tuned path
    def forward(self, x):
        if x.shape[0] in self.FAST_SIZES:
            return x.relu()
        return x.clamp(min=0)
ep = torch.export.export(Bucketed(), (torch.randn(8, 4),),
                         dynamic_shapes=({0: Dim("batch", min=1, max=64)},))
""", "A class-level set of batch sizes is tested with `in` against the dynamic batch size; the "
       "symbolic size cannot be hashed for the set lookup.",
       "Compare with == in a tuple (or drop the fast path from the exported forward).",
       match=r"hash|Sym")


CASES = [case_01, case_05, case_06, case_07, case_08, case_09, case_16, case_18, case_19,
         case_21, case_22, case_23, case_26, case_27, case_28, case_29, case_30, case_31, case_32,
         case_33, case_35]
# Relabelled after the trial (before the recorded run), from the trial's text: case_06
# export_failure -> dynamic_shape_guard (the NumPy call specialised the dynamic seq dimension:
# "Constraints violated", suggested fix seq = 10); case_22 unsupported/compile ->
# export_failure/export (float() of the buffer already fails export with a data-dependent
# guard); case_09 phase export -> compile (the second export succeeds; the cached fake tensor
# fails in aoti_compile_and_package, "Cannot copy out of meta tensor").
# Failed in the trial but left out: case_03 (an argparse SimpleNamespace options input: the same
# "Unsupported input type" refusal as case_01, a duplicate within this set), case_24 (a plain
# tensor attribute missing from state_dict for load_constants: it failed on "Constant not
# found: lin.bias", i.e. on the state_dict naming, not on the missing attribute the label was
# given for; its match now requires bias_table), case_36 (SymInt `in` a class-level set: the
# same "unhashable type: non-nested SymInt" as case_07, a duplicate within this set), case_34 (a
# @torch.compiler.disable helper under strict export: it failed as labelled, but the trigger
# repeats live_blind11.py case_01, found by the overlap grep after the trial).
# case_04 (an environment-gated torch.save debug dump inside forward: it failed as labelled, but
# the dump itself repeats live_blind5.py case_01 "debug-dump"; the env-var gate is not a new
# trigger) was also left out after the overlap grep.
DROPPED = [case_03, case_04, case_24, case_34, case_36]
# Tried on torch 2.14.1+cu130 in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_02 (an enum.Enum forward argument: exported as a constant and
# compiled), case_10 (a buffer registered lazily inside forward: exported and compiled), case_11
# (a property building a fresh nn.Linear on each access: exported and compiled), case_12 (a
# debug print of x.mean() under strict export: exported and compiled), case_13 (isinstance(x,
# torch.FloatTensor) check in forward: passed on the fake tensor), case_14 (a np.float32 config
# scalar on the left of a tensor multiply: exported and compiled), case_15 (forward decorated
# with @torch.inference_mode(): exported and compiled), case_17 (a module-level tensor with
# requires_grad=True read in forward: exported and compiled), case_20 (**batch forward with the
# inner keys at the top level of dynamic_shapes: exported), case_25 (legacy aot_compile/aot_load
# with a str keyword-only task: compiled and ran).
TRIED = [case_02, case_10, case_11, case_12, case_13, case_14, case_15, case_17, case_20, case_25]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind45.jsonl",
        url_file="benchmarks/live_blind45.py", id_prefix="live45", stems=STEMS,
        scratch_prefix="live_blind45-", description=__doc__.splitlines()[0]))
