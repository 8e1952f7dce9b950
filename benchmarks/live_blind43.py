"""A forty-third blind set of REAL AOTInductor failures (models that arrive through wrappers and other tools before export), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (W), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind43.py [--out benchmarks/live_blind43.jsonl] [--keep]

Theme: models that arrive through wrappers and other tools before export (DataParallel /
DistributedDataParallel on CPU with gloo and world size 1, torch.compile's OptimizedModule and
nn.Module.compile(), fx.symbolic_trace GraphModules and hand-edited fx graphs, fx's
optimize_for_inference, frozen TorchScript modules, forward hooks / pre-hooks / state-dict hooks,
parametrizations and pruning masks left on, LoRA-style adapters merged or unmerged, DDP-prefixed
state_dicts, torch.func.functional_call stateless wrappers, torch.hub-style local factories), and
the export / compile / load / run of such models. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind41.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
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

SETUP_W = """
import json, os, torch
import torch.nn.utils.prune as prune
from torch.nn.utils.parametrizations import weight_norm
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Stateless(torch.nn.Module):
    # a torch.func.functional_call wrapper: the weights arrive as a dict input
    def __init__(self):
        super().__init__()
        self.net = M()
    def forward(self, params, x):
        return torch.func.functional_call(self.net, params, (x,))

pruned = M().eval()
prune.l1_unstructured(pruned.lin, "weight", amount=0.5)      # mask left on by the compression team
wn = M().eval()
weight_norm(wn.lin)                                            # parametrization left on
sl = Stateless()
params = {k: v.detach().clone() for k, v in sl.net.named_parameters()}

build("lin43", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
build("prune43", pruned, (torch.randn(2, 8),))
build("wn43", wn, (torch.randn(2, 8),))
build("stateless43", sl, (params, torch.randn(2, 8)))
with open(os.path.join(out, "setup_w.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin43", "prune43", "wn43", "stateless43", "lora43", "merged43", "hook43", "prehook43",
         "ddp43", "wrap43", "mkl43", "frozen43"}

PRE = "import torch\n"

DDP_INIT = """
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
dist.init_process_group("gloo", init_method="file://{scratch}/pg_%s", rank=0, world_size=1)
"""


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------- TorchScript / fx / compile tools
def case_01():
    return _c("case_01", "frozen-torchscript-exported", "export_failure", "export", """
import os, sys
with open(os.path.join("{scratch}", "servemodel.py"), "w") as f:   # the model code on disk
    f.write("import torch\\nclass Net(torch.nn.Module):\\n    def __init__(self):\\n"
            "        super().__init__()\\n        self.lin = torch.nn.Linear(8, 4)\\n"
            "    def forward(self, x):\\n        return torch.relu(self.lin(x))\\n")
sys.path.insert(0, "{scratch}")
from servemodel import Net
frozen = torch.jit.freeze(torch.jit.script(Net().eval()))   # the TorchScript serving artifact
ep = torch.export.export(frozen, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/frozen43.pt2")
""", "The frozen TorchScript module (torch.jit.freeze of a scripted model) is handed to "
       "torch.export, which traces Python nn.Modules and cannot export a ScriptModule.",
       "Export the original eager nn.Module (before torch.jit.script / freeze) instead of the "
       "TorchScript artifact.", match=r".")


def case_02():
    return _c("case_02", "fx-mkldnn-inference-pass", "unsupported", "export", """
from torch.fx.experimental.optimization import optimize_for_inference
class Stem(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)
    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))
fast = optimize_for_inference(Stem().eval())       # fx pass: conv-bn fold + MKLDNN layouts
ep = torch.export.export(fast, (torch.randn(1, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mkl43.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(1, 3, 16, 16))
""", "The model went through fx's optimize_for_inference, which converts weights and activations "
       "to the MKLDNN (opaque) layout; torch.export / AOTI have no path for mkldnn tensors.",
       "Export the plain eval model (AOTI does its own conv-bn folding and CPU kernel choice) "
       "instead of the fx-optimized GraphModule.", match=r"[Mm]kldnn|MKLDNN|layout|opaque")


def case_03():
    return _c("case_03", "fx-node-to-numpy", "export_failure", "export", """
import numpy as np
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x))
gm = torch.fx.symbolic_trace(Net())
for node in gm.graph.nodes:                        # hand edit: swap relu for numpy's maximum
    if node.op == "call_function" and node.target is torch.relu:
        node.target = np.maximum
        node.args = (node.args[0], 0.0)
gm.recompile()
ep = torch.export.export(gm, (torch.randn(2, 8),))
""", "A hand-edited fx graph calls numpy.maximum on a tensor node; torch.export traces with fake "
       "tensors, which cannot be converted to numpy arrays.",
       "Edit the graph with torch ops (torch.clamp_min / torch.maximum), not numpy functions.",
       match=r".")


def case_04():
    return _c("case_04", "module-compile-in-place", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x))
net = Net().eval()
net.compile()                       # nn.Module.compile(): the training script sped it up in place
net(torch.randn(2, 8))
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The module was compiled in place with nn.Module.compile(), so calling it runs torch.compile "
       "(dynamo) and export traces into the compiled call.",
       "Export a fresh, uncompiled instance (or drop the .compile() call) before torch.export.",
       match=r".")


def case_05():
    return _c("case_05", "compiled-function-exported", "export_failure", "export", """
def score(x, w):
    return torch.softmax(x @ w, -1)
fast_score = torch.compile(score)          # the service's compiled scoring function
ep = torch.export.export(fast_score, (torch.randn(2, 8), torch.randn(8, 4)))
""", "A torch.compile-d plain function is passed to torch.export.export, which only exports "
       "nn.Module instances.",
       "Wrap the uncompiled function in an nn.Module (forward calls score) and export that.",
       match=r"[Mm]odule")


def case_06():
    return _c("case_06", "hub-backbone-stride32-dim", "dynamic_shape_guard", "export", """
import os
from torch.export import Dim
hub = "{scratch}/hub06"
os.makedirs(hub, exist_ok=True)
with open(os.path.join(hub, "hubconf.py"), "w") as f:
    f.write("\\n".join([
        "import torch",
        "dependencies = ['torch']",
        "class Tiny(torch.nn.Module):",
        "    def __init__(self):",
        "        super().__init__()",
        "        self.stem = torch.nn.Conv2d(3, 8, 3, padding=1)",
        "    def forward(self, x):",
        "        torch._check(x.shape[-1] % 32 == 0, lambda: 'width must be a multiple of 32')",
        "        return torch.nn.functional.avg_pool2d(self.stem(x), 32)",
        "def tiny(pretrained=False, **kw):",
        "    return Tiny().eval()",
        ""]))
model = torch.hub.load(hub, "tiny", source="local")
w = Dim("w", min=32, max=1024)
ep = torch.export.export(model, (torch.randn(1, 3, 64, 96),), dynamic_shapes=({3: w},))
""", "The hub backbone requires widths that are multiples of 32 (stride 32), but the engineer "
       "declares a width Dim of any value in 32..1024, which violates that guard.",
       "Declare the width as 32 * Dim('k', min=1, max=32) (a derived Dim).",
       match=r"[Cc]onstraint|violat|guard|Dim")


def case_07():
    return _c("case_07", "state-dict-hook-renames", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x))
def add_prefix(module, state_dict, prefix, local_metadata):
    # checkpoint hook from the training repo: every key saved under 'model.'
    for k in list(state_dict):
        state_dict["model." + k] = state_dict.pop(k)
    return state_dict
net = Net().eval()
net._register_state_dict_hook(add_prefix)
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "A state_dict hook left on the module renames every key; torch.export reads the module's "
       "state_dict to match parameters, so the renamed keys no longer match the traced names.",
       "Remove the checkpoint hook before export (rename keys when saving checkpoints, not in a "
       "module hook).", match=r".")


def case_08():
    return _c("case_08", "state-dict-hook-drops-buffer", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.register_buffer("scale", torch.full((4,), 0.5))
    def forward(self, x):
        return self.lin(x) * self.scale
def drop_derived(module, state_dict, prefix, local_metadata):
    state_dict.pop(prefix + "scale", None)   # 'derived' buffer kept out of checkpoints
    return state_dict
net = Net().eval()
net._register_state_dict_hook(drop_derived)
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "A state_dict hook drops a persistent buffer from the module's state_dict; torch.export "
       "looks the buffer up in the state_dict and cannot find it.",
       "Register the buffer with persistent=False instead of dropping it in a state_dict hook, "
       "or remove the hook before export.", match=r".")


def case_09():
    return _c("case_09", "fx-hand-folded-batch", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(32, 4)
    def forward(self, x):
        return self.lin(x.reshape(x.size(0), -1))
gm = torch.fx.symbolic_trace(Head())
for node in gm.graph.nodes:           # hand 'constant folding' pass: size(0) -> the profiled 8
    if node.op == "call_method" and node.target == "reshape":
        node.args = (node.args[0], 8, -1)
gm.graph.eliminate_dead_code()
gm.recompile()
ep = torch.export.export(gm, (torch.randn(8, 2, 16),),
                         dynamic_shapes=({0: Dim("batch", min=1, max=64)},))
""", "A hand-written fx pass replaced x.size(0) with the profiled batch 8 in the reshape, so export "
       "specializes the batch dimension that the engineer declares dynamic.",
       "Keep the symbolic size (x.size(0) or -1 on the batch) in the edited graph.",
       match=r"[Cc]onstraint|specializ|violat")


# ---------------------------------------------------------------- DDP / compile / fx wrappers
def case_10():
    return _c("case_10", "ddp-wrapped-encoder-inside", "unsupported", "export", DDP_INIT % "10" + """
class Tower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 2)
    def forward(self, x):
        return self.head(torch.relu(self.encoder(x)))
model = Tower()
model.encoder = DDP(model.encoder)      # only the encoder was trained data-parallel
model.eval()
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "Only the encoder submodule is still wrapped in DistributedDataParallel; its forward "
       "(reducer bookkeeping, collectives) cannot be exported and compiled for inference.",
       "Unwrap the submodule (model.encoder = model.encoder.module) before export.",
       match=r".")


def case_11():
    return _c("case_11", "ddp-all-gather-contrastive", "unsupported", "export", DDP_INIT % "11" + """
import torch.distributed.nn.functional as dnn
class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 4)
    def forward(self, x):
        z = torch.nn.functional.normalize(self.proj(x), dim=-1)
        bank = torch.cat(dnn.all_gather(z), 0)      # negatives from every rank (training code)
        return z @ bank.T
model = DDP(Embed()).module.eval()
ep = torch.export.export(model, (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(4, 8))
""", "forward keeps a differentiable all_gather over ranks (torch.distributed.nn) from "
       "contrastive training; the collective has no export/AOTI inference path.",
       "Compute the similarity against the local batch (or a stored bank) in the serving model; "
       "drop the collective.", match=r".")


def case_12():
    return _c("case_12", "compiled-backbone-submodule", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.GELU())
        self.head = torch.nn.Linear(8, 2)
    def forward(self, x):
        return self.head(self.backbone(x))
net = Net().eval()
net.backbone = torch.compile(net.backbone)   # the trainer compiled the heavy part only
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The backbone submodule is a torch.compile OptimizedModule; export of the parent traces into "
       "a compiled (dynamo) call.",
       "Replace the submodule by its _orig_mod (net.backbone = net.backbone._orig_mod) before export.",
       match=r".")


def case_13():
    return _c("case_13", "fx-trace-data-branch", "export_failure", "export", """
class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        if x.abs().max() > 10:          # out-of-range requests are squashed
            x = torch.tanh(x)
        return self.lin(x)
gm = torch.fx.symbolic_trace(Gate())     # the team's fx pipeline runs before export
ep = torch.export.export(gm, (torch.randn(2, 8),))
""", "forward branches on a tensor value; the fx tracing step of the pipeline cannot trace "
       "data-dependent control flow.",
       "Rewrite the branch with torch.where / torch.cond (or skip fx and use torch.export with "
       "torch.cond).", match=r"control flow|[Tt]race")


def case_14():
    return _c("case_14", "dp-dynamic-shapes-by-name", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x))
model = torch.nn.DataParallel(Net()).eval()     # the wrapper from the training script
ep = torch.export.export(model, (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("batch", min=1, max=64)}})
""", "dynamic_shapes names the inner model's argument x, but the exported object is the "
       "DataParallel wrapper whose forward takes *inputs, so the spec does not match.",
       "Export model.module (the unwrapped Net), or give dynamic_shapes for the wrapper's "
       "positional inputs.", match=r"dynamic_shapes|inputs|keys|names")


def case_15():
    return _c("case_15", "compiled-module-shapes-by-name", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, tokens):
        return torch.relu(self.lin(tokens))
opt = torch.compile(Net().eval())
ep = torch.export.export(opt, (torch.randn(4, 8),),      # the compiled model from training
                         dynamic_shapes={"tokens": {0: Dim("batch", max=64)}})
""", "dynamic_shapes names the model's argument tokens, but the exported object is the "
       "torch.compile OptimizedModule whose forward takes *args, so the spec's keys do not match.",
       "Export opt._orig_mod (the uncompiled model), or give dynamic_shapes as a tuple matching the "
       "positional inputs.", match=r"dynamic_shapes|arg names|keys")


def case_16():
    return _c("case_16", "last-request-prehook", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.register_buffer("last_request", torch.zeros(4, 8))
    def forward(self, x):
        return torch.relu(self.lin(x))
def remember(module, args):
    module.last_request.copy_(args[0])     # debugging aid: keep the last request
net = Net().eval()
net.register_forward_pre_hook(remember)
ep = torch.export.export(net, (torch.randn(4, 8),),
                         dynamic_shapes=({0: Dim("batch", min=1, max=64)},))
""", "A debugging pre-hook copies each request into a fixed (4, 8) buffer, which forces the batch "
       "to equal 4 while it is declared dynamic.",
       "Remove the debugging hook before export (or keep only the fixed-size part of the request).",
       match=r"[Cc]onstraint|specializ|violat")


def case_17():
    return _c("case_17", "hub-factory-scripted", "export_failure", "export", """
import os
hub = "{scratch}/hub17"
os.makedirs(hub, exist_ok=True)
with open(os.path.join(hub, "hubconf.py"), "w") as f:
    f.write("\\n".join([
        "import torch",
        "dependencies = ['torch']",
        "class Tagger(torch.nn.Module):",
        "    def __init__(self):",
        "        super().__init__()",
        "        self.lin = torch.nn.Linear(8, 3)",
        "    def forward(self, x):",
        "        return self.lin(x).argmax(-1)",
        "def tagger(scripted=True):",
        "    m = Tagger().eval()",
        "    return torch.jit.script(m) if scripted else m",
        ""]))
model = torch.hub.load(hub, "tagger", source="local")   # the factory scripts by default
ep = torch.export.export(model, (torch.randn(2, 8),))
""", "The hub factory returns a torch.jit.script-ed model by default (scripted=True), and "
       "torch.export does not export ScriptModules.",
       "Load the eager model from the factory (torch.hub.load(..., scripted=False)) and export that.",
       match=r"ScriptModule")


# ------------------------------------------------------------------- adapters and hooks (run)
LORA = """
class LoRALinear(torch.nn.Module):
    def __init__(self, d=8, r=2):
        super().__init__()
        self.base = torch.nn.Linear(d, d)
        self.adapters = torch.nn.ModuleDict({
            n: torch.nn.Sequential(torch.nn.Linear(d, r, bias=False), torch.nn.Linear(r, d, bias=False))
            for n in ("support", "legal")})
        for a in self.adapters.values():
            torch.nn.init.normal_(a[1].weight)
        self.active = "support"
        self.merged = False
    def forward(self, x):
        y = self.base(x)
        if not self.merged:
            y = y + self.adapters[self.active](x)
        return y
"""


def case_18():
    return _c("case_18", "lora-adapter-switched-after-export", "numerical", "run", LORA + """
model = LoRALinear().eval()
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lora43.pt2")
m = torch._inductor.aoti_load_package(pkg)
model.active = "legal"                  # the tenant switches adapters, as with PEFT set_adapter
x = torch.randn(2, 8)
with torch.no_grad():
    torch.testing.assert_close(m(x), model(x))
""", "The active-adapter name is a Python attribute read at export, so the package has the "
       "'support' adapter baked in; switching model.active afterwards changes eager only and the "
       "package output differs.",
       "Export one package per adapter (or make the adapter choice a tensor input), and re-export "
       "after set_adapter.", match=r"Mismatched elements|not close")


def case_19():
    return _c("case_19", "lora-merged-adapter-still-on", "numerical", "run", LORA + """
model = LoRALinear().eval()
x = torch.randn(2, 8)
with torch.no_grad():
    ref = model(x)
    a = model.adapters["support"]
    model.base.weight += a[1].weight @ a[0].weight      # merge for faster serving
ep = torch.export.export(model, (torch.randn(2, 8),))   # ... but merged was never set
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/merged43.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), ref)
""", "The adapter was merged into the base weight but the unmerged adapter path stays active "
       "(merged flag not set), so the adapter is applied twice and the package differs from the "
       "reference.",
       "Set model.merged = True (or delete the adapters) after merging, then export.",
       match=r"Mismatched elements|not close")


def case_20():
    return _c("case_20", "debug-clamp-hook-baked", "numerical", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
net = Net().eval()
h = net.lin.register_forward_hook(lambda mod, inp, out: out.clamp(-0.1, 0.1))  # debugging clamp
ep = torch.export.export(net, (torch.randn(2, 8),))
h.remove()                              # removed again 'before deployment'
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hook43.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8) * 4
with torch.no_grad():
    torch.testing.assert_close(m(x), net(x))
""", "A debugging forward hook that clamps the output was registered at export, so the clamp is "
       "baked into the exported graph; removing the hook afterwards changes eager only.",
       "Remove hooks before torch.export (check module._forward_hooks), then export again.",
       match=r"Mismatched elements|not close")


def case_21():
    return _c("case_21", "unbatched-prehook-not-packaged", "input_mismatch", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
    def forward(self, x):
        return self.conv(x).mean((2, 3))
def add_batch(module, args):
    x = args[0]
    return (x.unsqueeze(0),) if x.dim() == 3 else None   # accept single images too
net = Net().eval()
net.register_forward_pre_hook(add_batch)
ep = torch.export.export(net, (torch.randn(2, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/prehook43.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(3, 16, 16))               # one image, as the eager model accepted
""", "The convenience pre-hook that adds a batch dimension only ran for the 4-D example at export, "
       "so the package expects (2, 3, 16, 16) and gets an unbatched 3-D image.",
       "unsqueeze(0) single images in the caller (and export with a dynamic batch).",
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"input_handles|dim|size|rank|shape")


def case_22():
    return _c("case_22", "stateless-params-extra-key", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stateless43}")
ckpt = {"lin.weight": torch.randn(4, 8), "lin.bias": torch.randn(4),
        "lin.weight_ema": torch.randn(4, 8)}          # the trainer's checkpoint, EMA copy included
m(ckpt, torch.randn(2, 8))
""", "The functional_call wrapper takes the weights as a dict input; the checkpoint dict carries an "
       "extra EMA key, so the package receives one flattened tensor more than it was exported for.",
       "Pass exactly the exported keys ({k: ckpt[k] for k in ('lin.weight', 'lin.bias')}).",
       needs=("w",), match=r"[Ss]pec|structure|pytree|keys|TreeSpec|inputs vector size")


def case_23():
    return _c("case_23", "stateless-params-missing-bias", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stateless43}")
m({"lin.weight": torch.randn(4, 8)}, torch.randn(2, 8))   # the bias is 'optional' in eager
""", "functional_call in eager falls back to the module's own bias when the dict omits it, but "
       "the package takes exactly the exported dict keys, so a dict without lin.bias does not "
       "match the exported input structure.",
       "Pass every exported key (lin.weight and lin.bias) in the weights dict.", needs=("w",),
       match=r"[Ss]pec|structure|pytree|keys|TreeSpec|inputs vector size")


def case_24():
    return _c("case_24", "pruned-package-plain-refresh", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{prune43}")
print(m.get_constant_fqns() if hasattr(m, "get_constant_fqns") else "")
fresh = {"lin.weight": torch.randn(4, 8), "lin.bias": torch.randn(4)}   # fine-tuned, mask removed
m.load_constants(fresh, check_full_update=True)
""", "The package was built with the pruning mask still on, so its constants are lin.weight_orig "
       "and lin.weight_mask; a refresh with a plain lin.weight checkpoint leaves them unset.",
       "prune.remove() before export (constants named lin.weight), or refresh weight_orig and "
       "weight_mask.", needs=("w",), match=r"[Cc]onstant|weight_orig|weight_mask|not found|[Mm]issing")


def case_25():
    return _c("case_25", "ddp-checkpoint-refresh", "constant_loading", "run", DDP_INIT % "25" + """
m = torch._inductor.aoti_load_package("{lin43}")
net = torch.nn.Sequential()
""" + LIN + """
ddp = DDP(M())
ckpt = {k: v.detach() for k, v in ddp.state_dict().items()}   # saved by the rank-0 trainer
m.load_constants(ckpt, check_full_update=True)
""", "The nightly refresh passes the DistributedDataParallel state_dict, whose keys carry the "
       "'module.' prefix; the package's constants are lin.weight / lin.bias.",
       "Save ddp.module.state_dict() (or strip 'module.') before load_constants.", needs=("w",),
       match=r"[Cc]onstant|not found|[Mm]issing|module\.")


def case_26():
    return _c("case_26", "weight-norm-package-plain-refresh", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{wn43}")
fresh = {"lin.weight": torch.randn(4, 8), "lin.bias": torch.randn(4)}   # exported from a plain copy
m.load_constants(fresh, check_full_update=True)
""", "The package was built with weight_norm's parametrization on, so its weight constants are "
       "lin.parametrizations.weight.original0/1; a plain lin.weight refresh does not match them.",
       "remove_parametrizations(model.lin, 'weight') before export, or refresh original0/original1.",
       needs=("w",), match=r"[Cc]onstant|original|not found|[Mm]issing")


def case_27():
    return _c("case_27", "unregistered-weight-dict-refresh", "constant_loading", "run", """
class Wrapper(torch.nn.Module):
    # a stateless wrapper that keeps the weights in a plain dict (not registered parameters)
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 4)
        self.weights = {k: v.detach().clone() for k, v in self.net.named_parameters()}
    def forward(self, x):
        return torch.func.functional_call(self.net, self.weights, (x,))
w = Wrapper().eval()
ep = torch.export.export(w, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/wrap43.pt2")
m = torch._inductor.aoti_load_package(pkg)
m.load_constants({"weights.weight": torch.randn(4, 8), "weights.bias": torch.randn(4)},
                 check_full_update=True)
""", "The wrapper keeps its weights in a plain dict, so export lifts them as anonymous tensor "
       "constants; a refresh by the dict's names finds no such constants.",
       "Register the weights (nn.ParameterDict / register_buffer) so they are named constants, "
       "then refresh by get_constant_fqns() names.", match=r".")


def case_28():
    return _c("case_28", "ddp-package-called-with-scattered", "input_mismatch", "run", DDP_INIT % "28" + """
m = torch._inductor.aoti_load_package("{lin43}")
batch = torch.randn(2, 8)
shards = list(batch.chunk(dist.get_world_size()))     # per-rank inputs, a list like DDP's scatter
m(shards)
""", "The serving code scatters the batch into a per-rank list like DDP does and passes the list; "
       "the package was exported for one tensor, so the input structure does not match.",
       "Pass the rank's tensor (shards[dist.get_rank()]) to the package, not the list.",
       needs=("w",), match=r"[Ss]pec|structure|pytree|TreeSpec|list|inputs vector size")


def case_29():
    return _c("case_29", "parametrized-model-strict-export", "export_failure", "export", """
from torch.nn.utils.parametrizations import weight_norm
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x))
net = Net().eval()
weight_norm(net.lin)
ep = torch.export.export(net, (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "Left out after the trial (see TRIED / DROPPED).", "", match=r".")


def case_30():
    return _c("case_30", "functional-call-swapped-buffers", "numerical", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.bn = torch.nn.BatchNorm1d(4)
    def forward(self, x):
        return self.bn(self.lin(x))
net = Net().eval()
with torch.no_grad():
    net.bn.running_mean.fill_(3.0)
class Serve(torch.nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
    def forward(self, params, x):
        return torch.func.functional_call(self.net, params, (x,))
params = {k: v.detach() for k, v in net.named_parameters()}     # buffers forgotten
ep = torch.export.export(Serve(net), (params, torch.randn(2, 8)))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
with torch.no_grad():
    net.bn.running_mean.zero_()          # recalibrated statistics for the new domain
    x = torch.randn(2, 8)
    torch.testing.assert_close(m(params, x), net(x))
""", "The stateless wrapper passes only parameters as inputs; the BatchNorm running statistics "
       "stay module buffers and are frozen into the package, so recalibrating them in eager does "
       "not reach the package.",
       "Pass the buffers too (functional_call(net, (params, buffers), x)) or re-export after "
       "recalibration.", match=r"Mismatched elements|not close")


def case_31():
    return _c("case_31", "ddp-broadcast-buffers-export", "unsupported", "export", DDP_INIT % "31" + """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.bn = torch.nn.BatchNorm1d(4)
    def forward(self, x):
        return self.bn(self.lin(x))
ddp = DDP(Net(), broadcast_buffers=True)
ddp.eval()
ep = torch.export.export(ddp, (torch.randn(4, 8),), strict=True)
""", "Left out after the trial (see TRIED / DROPPED).", "", match=r".")


def case_32():
    return _c("case_32", "symbolic-traced-module-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pool(torch.nn.Module):
    def forward(self, x):
        n = x.shape[1]
        return x.sum(1) / n
gm = torch.fx.symbolic_trace(Pool(), concrete_args=None)
gm.graph.print_tabular() if False else None
ep = torch.export.export(gm, (torch.randn(2, 8, 4),),
                         dynamic_shapes=({1: Dim("seq", min=1, max=128)},))
""", "Left out after the trial (see TRIED / DROPPED).", "", match=r".")


def case_33():
    return _c("case_33", "jit-frozen-package-weights", "export_failure", "export", """
import os, sys
with open(os.path.join("{scratch}", "servemodel.py"), "w") as f:   # the model code on disk
    f.write("import torch\\nclass Net(torch.nn.Module):\\n    def __init__(self):\\n"
            "        super().__init__()\\n        self.lin = torch.nn.Linear(8, 4)\\n"
            "    def forward(self, x):\\n        return torch.relu(self.lin(x))\\n")
sys.path.insert(0, "{scratch}")
from servemodel import Net
opt = torch.jit.optimize_for_inference(torch.jit.script(Net().eval()))
ep = torch.export.export(opt, (torch.randn(2, 8),))
""", "Left out after the trial (see TRIED / DROPPED).", "", match=r".")


def case_34():
    return _c("case_34", "hook-tags-output-version", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
net = Net().eval()
# a serving-team hook that wraps the output with the model version for the response body
net.register_forward_hook(lambda mod, inp, out: {"scores": out, "model_version": "2024-11"})
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "A forward hook turns the output into a dict holding a version string; export keeps the "
       "string as a constant output, which Inductor's lowering does not accept.",
       "Remove the hook before export and add the version in the serving code (or the package "
       "metadata).", match=r"[Oo]utput")


def case_35():
    return _c("case_35", "default-mask-kwargs-prehook", "input_mismatch", "run", """
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, mask=None):
        return self.lin(x) * mask.unsqueeze(-1)
def default_mask(module, args, kwargs):
    if kwargs.get("mask") is None:       # callers may omit the mask
        kwargs["mask"] = torch.ones(args[0].shape[:2])
    return args, kwargs
net = Enc().eval()
net.register_forward_pre_hook(default_mask, with_kwargs=True)
ep = torch.export.export(net, (torch.randn(2, 5, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 5, 8), mask=torch.ones(2, 5))   # the new client sends its padding mask
""", "A with_kwargs pre-hook filled in the mask at export, so the package was exported with x "
       "only; passing mask= at call time does not match the exported input structure.",
       "Export with the mask as an explicit input (kwargs={'mask': ...}) and always pass it.",
       match=r"[Ss]pec|kwarg|structure|mask|TreeSpec")


def case_36():
    return _c("case_36", "fx-trace-skips-root-prehook", "numerical", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
net = Net().eval()
net.register_forward_pre_hook(lambda mod, args: (args[0] / 255.0,))   # input scaling hook
gm = torch.fx.symbolic_trace(net)     # the fx quantization-prep step of the pipeline
ep = torch.export.export(gm, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
x = torch.rand(2, 8) * 255
with torch.no_grad():
    torch.testing.assert_close(m(x), net(x))
""", "fx.symbolic_trace traces the root module's forward directly and drops its forward "
       "pre-hook, so the input scaling is missing from the package and it differs from eager.",
       "Move the scaling into forward (or into an explicit preprocessing module) before fx "
       "tracing and export.", match=r"Mismatched elements|not close")


def case_37():
    return _c("case_37", "swa-averaged-package-plain-refresh", "constant_loading", "run", """
from torch.optim.swa_utils import AveragedModel
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x))
base = Net().eval()
swa = AveragedModel(base).eval()          # the SWA wrapper from training is what got exported
ep = torch.export.export(swa, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m.load_constants({k: v.detach() for k, v in base.state_dict().items()}, check_full_update=True)
""", "The exported object was the SWA AveragedModel wrapper, so the package's constants are named "
       "module.lin.* (plus n_averaged); the refresh with the plain model's state_dict does not "
       "match them.",
       "Export swa.module (the averaged plain model), or refresh with the wrapper's names.",
       match=r"[Cc]onstant|not found|[Mm]issing|module\.")


def case_38():
    return _c("case_38", "stateless-params-orig-mod-keys", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stateless43}")
trained = {"_orig_mod.lin.weight": torch.randn(4, 8),      # saved from the torch.compile-d model
           "_orig_mod.lin.bias": torch.randn(4)}
m(trained, torch.randn(2, 8))
""", "The stateless package takes the weights as a dict input keyed lin.weight / lin.bias; the "
       "trainer's dict comes from the OptimizedModule and is keyed '_orig_mod.lin.*', so the input "
       "structure differs.",
       "Strip the '_orig_mod.' prefix from the keys before passing the weights.", needs=("w",),
       match=r"[Ss]pec|structure|pytree|keys|TreeSpec|_orig_mod")


def case_39():
    return _c("case_39", "stateless-params-state-dict-object", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stateless43}")
""" + LIN + """
fresh = M()
m(fresh.state_dict(), torch.randn(2, 8))      # the module's state_dict is an OrderedDict
""", "The stateless package was exported with a plain dict of weights; passing a module's "
       "state_dict() (an OrderedDict, a different pytree node type) does not match the exported "
       "input structure.",
       "Pass dict(fresh.state_dict()) (a plain dict with the exported keys).", needs=("w",),
       match=r"[Ss]pec|structure|pytree|OrderedDict|TreeSpec")


CASES = [case_01, case_03, case_05, case_06, case_09, case_10, case_11, case_13, case_14, case_15,
         case_16, case_17, case_18, case_19, case_20, case_21, case_22, case_23, case_24, case_25,
         case_26, case_27, case_28, case_30, case_34, case_35, case_36, case_37, case_39]
# Failed in the trial but left out: case_31 (the whole DistributedDataParallel wrapper exported
# with strict=True: the same "export the DDP wrapper" trigger as live_blind19's ddp-handed-over),
# case_33 (torch.jit.optimize_for_inference of a scripted model exported: the same ScriptModule
# refusal as case_01 and case_17; its trial ran before the model source was put in a file).
DROPPED = [case_31, case_33]
# Tried on torch 2.14.1+cu130 in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_02 (fx optimize_for_inference's MKLDNN conv-bn model exported,
# compiled and run), case_04 (nn.Module.compile() in place, then export), case_07 (a state_dict
# hook that renames every key), case_08 (a state_dict hook that drops a persistent buffer),
# case_12 (a torch.compile-d backbone submodule inside the exported model), case_29 (a
# parametrizations.weight_norm model with strict=True export), case_32 (a symbolic_trace-d
# GraphModule with a dynamic sequence Dim), case_38 ('_orig_mod.'-prefixed keys in the weights
# dict given to the stateless package: it ran).
TRIED = [case_02, case_04, case_07, case_08, case_12, case_29, case_32, case_38]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("w", SETUP_W),),
        default_out=ROOT / "benchmarks" / "live_blind43.jsonl",
        url_file="benchmarks/live_blind43.py", id_prefix="live43", stems=STEMS,
        scratch_prefix="live_blind43-", description=__doc__.splitlines()[0]))
