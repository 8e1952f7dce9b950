"""A twenty-fourth blind set of REAL AOTInductor failures (model surgery and module features before export), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (S and T), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind24.py [--out benchmarks/live_blind24.jsonl] [--keep]

Theme: model surgery and module features before export (forward and forward-pre hooks, global
module hooks, full backward hooks left registered, torch.nn.utils.parametrize with custom
parametrizations, weight_norm / spectral_norm in the old and new APIs, pruning masks, tied
weights, persistent / non-persistent buffers, parameters replaced or swapped
(torch.utils.swap_tensors), conv-bn / linear-bn fusion and torch.ao fuse_modules, functional_call
wrappers, torch.func transforms inside forward, meta-device init with to_empty,
load_state_dict(assign=True), module attributes mutated in forward, lazy modules,
torch.jit.script submodules), and then the export / compile / load / run of such models. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind23.py (their TRIED lists included). Building the set
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

SETUP_S = """
import json, os, torch
import torch.nn.utils.prune as prune
from torch.func import functional_call
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Stateless(torch.nn.Module):
    # one compiled body, per-tenant weights passed in as a dict (functional_call wrapper)
    def __init__(self, base):
        super().__init__()
        self.base = base
    def forward(self, params, x):
        return functional_call(self.base, params, (x,))

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3)
        self.head = torch.nn.Linear(8, 2)
    def forward(self, x):
        return self.head(self.stem(x).mean((2, 3)))

base = M().eval()
params = {k: v.detach() for k, v in base.named_parameters()}  # lin.weight, lin.bias
build("stl24", Stateless(base), (params, torch.randn(2, 8)))

net = Net().eval()
# surgery for grayscale cameras: the RGB filters of the stem are summed into one input channel
w = net.stem.weight.detach().sum(1, keepdim=True)
b = net.stem.bias.detach()
net.stem = torch.nn.Conv2d(1, 8, 3)
net.stem.weight = torch.nn.Parameter(w)
net.stem.bias = torch.nn.Parameter(b)
build("gray24", net.eval(), (torch.randn(1, 1, 16, 16),))

pruned = M().eval()
prune.l1_unstructured(pruned.lin, "weight", amount=0.5)  # mask kept (weight_orig, weight_mask)
build("prn24", pruned, (torch.randn(2, 8),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_T = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Tagger(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 16)
        self.out = torch.nn.Linear(16, 4)
    def forward(self, ids):
        return self.out(self.emb(ids).mean(1))

class Shuffle(torch.nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = torch.nn.Conv2d(c, c, 1)
        self.register_buffer("perm", torch.randperm(c))  # channel-shuffle order
    def forward(self, x):
        return self.conv(x)[:, self.perm]

tagger = Tagger().eval()
# vocabulary trimming for the edge build: keep the 100 most frequent tokens (ids 0..99)
tagger.emb = torch.nn.Embedding.from_pretrained(tagger.emb.weight.detach()[:100])
build("trim24", tagger, (torch.randint(0, 100, (2, 6)),))

blk = Shuffle(16).eval()
# structured pruning: keep the 12 strongest output channels of the 1x1 conv
keep = blk.conv.weight.detach().abs().sum((1, 2, 3)).argsort(descending=True)[:12].sort().values
conv = torch.nn.Conv2d(16, 12, 1)
conv.weight = torch.nn.Parameter(blk.conv.weight.detach()[keep])
conv.bias = torch.nn.Parameter(blk.conv.bias.detach()[keep])
blk.conv = conv
build("shuf24", blk, (torch.randn(1, 16, 4, 4),))
with open(os.path.join(out, "setup_t.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"stl24", "gray24", "prn24", "trim24", "shuf24", "tied24", "rope24", "spec24", "gru24",
         "ens24", "bcast24", "attr24", "lazy24"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------------------- hooks
def case_01():
    return _c("case_01", "activation-logger", "export_failure", "export", """
""" + LIN + """
m = M().eval()
def log_stats(mod, inp, out):  # left registered from the debugging session
    print(f"lin: mean={out.mean().item():.4f} max={out.max().item():.4f}")
m.lin.register_forward_hook(log_stats)
ep = torch.export.export(m, (torch.randn(2, 8),))
""", "A debugging forward hook still registered on the model formats out.mean().item() with "
       "':.4f'; during export the value is a symbolic float, which cannot be formatted.",
       "Remove the logging hook (handle.remove()) before export, or log outside the exported "
       "call.",
       match=r"SymFloat|format string")


def case_02():
    return _c("case_02", "input-guard-prehook", "export_failure", "export", """
""" + LIN + """
m = M().eval()
def reject_bad_inputs(mod, args):  # a serving safeguard added as a forward-pre hook
    if not torch.isfinite(args[0]).all():
        raise ValueError("non-finite input")
m.register_forward_pre_hook(reject_bad_inputs)
ep = torch.export.export(m, (torch.randn(2, 8),))
""", "A forward-pre hook validates inputs with a Python `if` on torch.isfinite(x).all(); the "
       "branch depends on tensor data, which export cannot decide while tracing.",
       "Remove the hook before export and validate inputs in the serving code, or use "
       "torch._assert_async / torch._check inside forward.",
       match=r"data-dependent")


def case_03():
    return _c("case_03", "global-activation-hook", "export_failure", "export", """
from torch.nn.modules.module import register_module_forward_hook
""" + LIN + """
acts = {}
def keep(mod, inp, out):  # a global hook from a monitoring library: every module's output
    acts[type(mod).__name__] = out.detach()
handle = register_module_forward_hook(keep)
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
""", "A global module forward hook (register_module_forward_hook) assumes every module returns a "
       "tensor; it also fires on torch.export's own internal wrapper modules, whose output is a "
       "tuple, and the hook raises inside export.",
       "Remove global module hooks (handle.remove()) before exporting, or make the hook skip "
       "non-tensor outputs.",
       match=r"has no attribute 'detach'")


def case_04():
    return _c("case_04", "activation-dump-hook", "export_failure", "export", """
""" + LIN + """
m = M().eval()
def dump(mod, inp, out):  # dumps activations for a calibration dataset
    torch.save(out.detach(), "{scratch}/lin_act.pt")
m.lin.register_forward_hook(dump)
ep = torch.export.export(m, (torch.randn(2, 8),))
""", "A forward hook that torch.save()s activations is still registered; during export the "
       "activation is a fake tensor, which cannot be serialised (pickling fails).",
       "Remove the dump hook before exporting (or guard it with torch.compiler.is_exporting()).",
       match=r"pickle")


def case_05():
    return _c("case_05", "clip-weights-prehook", "export_failure", "export", """
lin = torch.nn.Linear(8, 4).eval()
def clip(mod, args):  # WGAN-style weight clipping through .data before every call
    mod.weight.data.clamp_(-0.1, 0.1)
lin.register_forward_pre_hook(clip)
ep = torch.export.export(lin, (torch.randn(2, 8),))
""", "A forward-pre hook clips the weight in place through .data; export cannot trace the .data "
       "side door and ends up with a fake tensor among the program's constants.",
       "Clip the weights once before export (under torch.no_grad()) and remove the hook.",
       match=r"fake tensor in the exported program")


def case_06():
    return _c("case_06", "pad-to-multiple-prehook", "dynamic_shape_guard", "export", """
import torch.nn.functional as F
from torch.export import Dim
lin = torch.nn.Linear(8, 4).eval()
def pad_batch(mod, args):  # pads the batch to a multiple of 8 for the vectorised kernels
    x = args[0]
    r = x.shape[0] % 8
    if r:
        x = F.pad(x, (0, 0, 0, 8 - r))
    return (x,)
lin.register_forward_pre_hook(pad_batch)
ep = torch.export.export(lin, (torch.randn(5, 8),), dynamic_shapes=({0: Dim("batch", max=64)},))
""", "A forward-pre hook branches on batch % 8 in Python; export records the guard "
       "batch % 8 != 0 from the example, which does not hold over the declared batch range.",
       "Remove the padding hook (pad in the caller), or pad unconditionally with "
       "(-batch) % 8 rows so no branch is needed.",
       match=r"Constraints violated")


def case_07():
    return _c("case_07", "grad-monitor-strict", "unsupported", "export", """
""" + LIN + """
m = M().eval()
norms = []
m.lin.register_full_backward_pre_hook(lambda mod, go: norms.append(go[0].norm()))  # from training
ep = torch.export.export(m, (torch.randn(2, 8),), strict=True)
""", "A full backward pre-hook from training is still registered; strict export (Dynamo) "
       "refuses module-level backward hooks.",
       "Remove the backward hooks before export (keep the handles), or use non-strict export.",
       match=r"backwards hooks")


def case_08():
    return _c("case_08", "grad-hook-legacy-build", "deprecated_api", "compile", """
""" + LIN + """
m = M().eval()
m.lin.register_full_backward_hook(lambda mod, gi, go: None)  # gradient monitor from training
so = torch._export.aot_compile(m, (torch.randn(2, 8),))  # the release script's legacy entry point
""", "The release script still builds with the legacy torch._export.aot_compile, which traces "
       "with Dynamo (strict); the full backward hook left on the model is refused there.",
       "Migrate to torch.export.export + aoti_compile_and_package (non-strict by default) and "
       "remove training hooks before export.",
       api="legacy", match=r"backwards hooks")


# ------------------------------------------------------ parametrizations, norms, laziness
def case_09():
    return _c("case_09", "max-norm-constraint", "export_failure", "export", """
import torch.nn.utils.parametrize as P
class MaxNorm(torch.nn.Module):
    def forward(self, w):
        n = w.norm()
        if n > 3.0:  # rescale only when the norm exceeds the limit
            w = w * (3.0 / n)
        return w
lin = torch.nn.Linear(8, 4).eval()
P.register_parametrization(lin, "weight", MaxNorm())
ep = torch.export.export(lin, (torch.randn(2, 8),))
""", "A custom max-norm parametrization branches in Python on the weight's norm; the weight is a "
       "fake tensor during export, so the comparison is data-dependent.",
       "Write the constraint without a branch (w * torch.clamp(3.0 / n, max=1.0)), or bake the "
       "weights with parametrize.remove_parametrizations before export.",
       match=r"data-dependent")


def case_10():
    return _c("case_10", "old-remove-weight-norm", "deprecated_api", "export", """
from torch.nn.utils.parametrizations import weight_norm
vocoder = torch.nn.Sequential(weight_norm(torch.nn.Conv1d(4, 4, 3)), torch.nn.Tanh())
# the export script still folds weight norm the pre-2.1 way
for layer in vocoder:
    if isinstance(layer, torch.nn.Conv1d):
        torch.nn.utils.remove_weight_norm(layer)
ep = torch.export.export(vocoder.eval(), (torch.randn(1, 4, 16),))
""", "The model now uses the parametrization-based weight_norm, but the export script folds it "
       "with the old torch.nn.utils.remove_weight_norm, which only knows the hook-based API.",
       "Use torch.nn.utils.parametrize.remove_parametrizations(layer, 'weight') for the new API "
       "(or export with the parametrization in place).",
       match=r"weight_norm of 'weight' not found")


def case_11():
    return _c("case_11", "lazy-width-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
m = torch.nn.Sequential(torch.nn.LazyLinear(4), torch.nn.ReLU()).eval()
m(torch.randn(2, 8))  # dry run materialises the lazy layer
# the feature width is marked dynamic because the layer was 'lazy'
ep = torch.export.export(m, (torch.randn(2, 8),), dynamic_shapes=({0: Dim("b"), 1: Dim("feat")},))
""", "The lazy layer fixed in_features=8 at its dry run; marking the feature width dynamic "
       "contradicts the materialised (8, 4) weight, so export specialises it to 8.",
       "Mark only the batch dimension dynamic; lazy modules are sized once, before export.",
       match=r"Constraints violated|specialized")


def case_12():
    return _c("case_12", "deepcopy-old-weight-norm", "deprecated_api", "export", """
import copy
tts = torch.nn.Sequential(torch.nn.utils.weight_norm(torch.nn.Linear(8, 4)), torch.nn.ReLU())
tts(torch.randn(2, 8))  # the last validation batch of training
deploy = copy.deepcopy(tts).eval()  # keep the training model untouched
ep = torch.export.export(deploy, (torch.randn(2, 8),))
""", "The model uses the old hook-based torch.nn.utils.weight_norm, which leaves a computed "
       "(non-leaf) weight attribute after a forward pass; copy.deepcopy of the module refuses it.",
       "Switch to torch.nn.utils.parametrizations.weight_norm (deepcopy-safe), or "
       "remove_weight_norm before copying.",
       match=r"deepcopy protocol")


def case_13():
    return _c("case_13", "spectral-norm-upgrade", "constant_loading", "export", """
import os
old = torch.nn.utils.spectral_norm(torch.nn.Linear(8, 4))  # the discriminator as trained in 2022
torch.save(old.state_dict(), "{scratch}/disc.pt")
from torch.nn.utils.parametrizations import spectral_norm
disc = spectral_norm(torch.nn.Linear(8, 4))  # the model code now uses the new API
disc.load_state_dict(torch.load("{scratch}/disc.pt"))
ep = torch.export.export(disc.eval(), (torch.randn(2, 8),))
""", "The checkpoint was written by the old hook-based spectral_norm (weight_orig, weight_u, "
       "weight_v); the model code now uses the parametrization API, whose keys differ, and no "
       "conversion hook exists for spectral norm.",
       "Rename the keys (weight_orig -> parametrizations.weight.original, weight_u/_v -> "
       "parametrizations.weight.0._u/_v) before loading, or build the model with the old API.",
       match=r"Missing key")


# ---------------------------------------------------------------- fusion and torch.ao
def case_14():
    return _c("case_14", "fold-plain-bn", "torch_bug", "export", """
from torch.nn.utils.fusion import fuse_linear_bn_eval
class Tower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 4)
        self.bn = torch.nn.BatchNorm1d(4, affine=False)  # normalisation without scale/shift
    def forward(self, x):
        return torch.relu(self.bn(self.fc(x)))
t = Tower().eval()
t.fc = fuse_linear_bn_eval(t.fc, t.bn)
t.bn = torch.nn.Identity()
ep = torch.export.export(t, (torch.randn(2, 8),))
""", "fuse_linear_bn_eval does not handle a BatchNorm built with affine=False (weight and bias "
       "None) and fails on None * Tensor, although fuse_conv_bn_eval handles the same case.",
       "Fold it by hand (w * rsqrt(var + eps), with unit scale and zero shift) or give the BN "
       "affine parameters of ones/zeros; report the inconsistency.",
       match=r"NoneType")


def case_15():
    return _c("case_15", "fold-batch-stats-bn", "unsupported", "export", """
from torch.nn.utils.fusion import fuse_conv_bn_eval
class Stem(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.bn = torch.nn.BatchNorm2d(4, track_running_stats=False)
    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))
s = Stem().eval()
s.conv = fuse_conv_bn_eval(s.conv, s.bn)  # fold BN for deployment
s.bn = torch.nn.Identity()
ep = torch.export.export(s, (torch.randn(1, 3, 8, 8),))
""", "The BatchNorm was built with track_running_stats=False (it always uses batch statistics), "
       "so there are no running statistics to fold into the convolution.",
       "Keep the BatchNorm unfused (it is data-dependent by design) or retrain with running "
       "statistics.",
       match=r"running_mean and bn.running_var")


def case_16():
    return _c("case_16", "fold-upsampler-bn", "unknown", "export", """
from torch.nn.utils.fusion import fuse_conv_bn_eval
class Up(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.ConvTranspose2d(3, 4, 2, stride=2)
        self.bn = torch.nn.BatchNorm2d(4)
    def forward(self, x):
        return torch.relu(self.bn(self.up(x)))
u = Up().eval()
u.up = fuse_conv_bn_eval(u.up, u.bn)  # the same folding helper as for the encoder convs
u.bn = torch.nn.Identity()
ep = torch.export.export(u, (torch.randn(1, 3, 8, 8),))
""", "fuse_conv_bn_eval is applied to a ConvTranspose2d without transpose=True, so it scales the "
       "(in, out, k, k) weight along the input-channel axis and the shapes do not broadcast.",
       "Call fuse_conv_bn_eval(u.up, u.bn, transpose=True) for transposed convolutions.",
       match=r"must match the size")


def case_17():
    return _c("case_17", "fuse-list-order", "unsupported", "export", """
import torch.ao.quantization as tq
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.relu = torch.nn.ReLU()
        self.bn = torch.nn.BatchNorm2d(4)
    def forward(self, x):
        return self.bn(self.relu(self.conv(x)))
b = Block().eval()
tq.fuse_modules(b, [["conv", "relu", "bn"]], inplace=True)  # listed in forward order
ep = torch.export.export(b, (torch.randn(1, 3, 8, 8),))
""", "torch.ao fuse_modules is asked to fuse Conv2d -> ReLU -> BatchNorm2d; only conv-bn(-relu) "
       "patterns have a fuser method, so a BN after the activation cannot be fused.",
       "Fuse only ['conv', 'relu'] (or reorder the block to conv-bn-relu and retrain).",
       match=r"did not find fuser method")


# ------------------------------------------------------------ torch.func inside forward
def case_18():
    return _c("case_18", "forces-from-energy", "unsupported", "export", """
class Potential(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)
    def energy(self, pos):
        return torch.tanh(self.lin(pos)).sum()
    def forward(self, pos):
        return -torch.func.grad(self.energy)(pos)  # forces = -dE/dpos
ep = torch.export.export(Potential().eval(), (torch.randn(5, 3),))
""", "forward takes a gradient with torch.func.grad (forces of an energy model); export cannot "
       "trace the functorch grad transform (its wrapped tensors cannot be converted to fake "
       "tensors).",
       "Export the energy only and differentiate outside, or write the derivative explicitly.",
       match=r"functorch")


def case_19():
    return _c("case_19", "forces-autograd", "unsupported", "export", """
class Potential(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)
    def forward(self, pos):
        pos = pos.requires_grad_(True)
        e = torch.tanh(self.lin(pos)).sum()
        return -torch.autograd.grad(e, pos)[0]
ep = torch.export.export(Potential().eval(), (torch.randn(5, 3),))
""", "forward calls torch.autograd.grad to compute forces; export traces an inference graph and "
       "cannot trace through autograd.grad, which leaves a fake tensor among the constants.",
       "Compute the derivative analytically in forward, or keep the gradient step in eager code "
       "around the compiled energy.",
       match=r"fake tensor in the exported program")


def case_20():
    return _c("case_20", "flow-logdet", "torch_bug", "export", """
class Flow(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, x):
        jac = torch.func.vmap(torch.func.jacrev(lambda v: torch.tanh(self.lin(v))))(x)
        return torch.logdet(jac)  # per-sample log-determinant of the Jacobian
ep = torch.export.export(Flow().eval(), (torch.randn(3, 4),))
""", "A normalising-flow layer computes vmap(jacrev(...)) in forward; export crashes inside "
       "fake-tensor propagation with an internal AttributeError ('Tensor' object has no "
       "attribute 'constant').",
       "Compute the Jacobian determinant in closed form (for tanh(Wx+b): log|det W| + "
       "sum log(1 - y^2)); report the export crash.",
       match=r"has no attribute 'constant'")


def case_21():
    return _c("case_21", "chunked-vmap-batch", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PerSample(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.func.vmap(lambda r: self.lin(r).softmax(-1), chunk_size=4)(x)
ep = torch.export.export(PerSample().eval(), (torch.randn(6, 8),),
                         dynamic_shapes=({0: Dim("b", max=64)},))
""", "vmap with chunk_size splits the batch in Python by its concrete size; with a dynamic batch "
       "the chunking specialises the batch to the example's 6.",
       "Drop chunk_size (plain vmap exports with a dynamic batch) or export a static batch.",
       match=r"Constraints violated|specialized")


# ------------------------------------------------------- state surgery and attributes
def case_22():
    return _c("case_22", "swapped-in-weights", "export_failure", "export", """
m = torch.nn.Sequential(torch.nn.Linear(8, 4)).eval()
new_w = torch.randn(4, 8)  # fine-tuned weights from another process
torch.utils.swap_tensors(m[0].weight, new_w)  # swap in place, no copy
ep = torch.export.export(m, (torch.randn(2, 8),))
""", "torch.utils.swap_tensors swaps the Python objects' contents and classes, so the module's "
       "weight entry is now a plain Tensor; export's verifier requires parameters to be "
       "nn.Parameter.",
       "Swap with an nn.Parameter (swap_tensors(p, nn.Parameter(new_w))) or copy_ the new values "
       "under torch.no_grad().",
       match=r"not an instance of torch.nn.Parameter")


def case_23():
    return _c("case_23", "request-counter-attr", "unsupported", "compile", """
class Counted(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.seen = torch.zeros(())  # a plain tensor attribute, not a registered buffer
    def forward(self, x):
        self.seen += x.shape[0]  # rows served
        return torch.relu(self.lin(x))
ep = torch.export.export(Counted().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/count24.pt2")
""", "forward mutates a plain (unregistered) tensor attribute in place; export lifts it as a "
       "constant and keeps the in-place add, and Inductor's functionalisation check rejects a "
       "mutated constant.",
       "Register the counter as a buffer (register_buffer) so export treats the update as a "
       "buffer mutation, or drop it from the deployed model.",
       match=r"entirely functional graph")


def case_24():
    return _c("case_24", "converted-under-inference", "unknown", "export", """
m = torch.nn.Sequential(torch.nn.Linear(8, 4)).eval()
with torch.inference_mode():  # the weight conversion script runs under inference_mode
    converted = {k: v * 1.0 for k, v in m.state_dict().items()}
m.load_state_dict(converted, assign=True)
ep = torch.export.export(m, (torch.randn(2, 8),))
""", "The converted weights are inference tensors (made under torch.inference_mode); "
       "load_state_dict(assign=True) must wrap them as Parameters with requires_grad, which is "
       "not allowed for inference tensors.",
       "Convert under torch.no_grad() instead, or clone the tensors outside inference mode before "
       "assigning.",
       match=r"inference tensor")


def case_25():
    return _c("case_25", "scripted-norm-strict", "unsupported", "export", """
class Encoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.jit.script(torch.nn.LayerNorm(8))  # scripted in the TorchScript days
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(self.norm(x))
ep = torch.export.export(Encoder().eval(), (torch.randn(2, 8),), strict=True)
""", "A submodule is a torch.jit.script-ed LayerNorm; strict export (Dynamo) cannot trace into "
       "ScriptModules, which run in the TorchScript interpreter.",
       "Replace the ScriptModule with the plain nn.LayerNorm (copy its state_dict) before export.",
       match=r"jit.script")


def case_26():
    return _c("case_26", "meta-init-tied-head", "constant_loading", "run", """
torch.manual_seed(0)
class LM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(50, 8)
        self.head = torch.nn.Linear(8, 50, bias=False)
        self.head.weight = self.emb.weight  # tied input/output embeddings
    def forward(self, ids):
        return self.head(self.emb(ids))
ref = LM().eval()
ckpt = {k: v for k, v in ref.state_dict().items() if k != "head.weight"}  # tied keys saved once
with torch.device("meta"):  # fast init without allocating
    m = LM()
m = m.to_empty(device="cpu")
m.load_state_dict(ckpt, strict=False)
ep = torch.export.export(m.eval(), (torch.tensor([[1, 2, 3]]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tied24.pt2")
served = torch._inductor.aoti_load_package(pkg)
ids = torch.tensor([[1, 2, 3]])
torch.testing.assert_close(served(ids), ref(ids))
""", "to_empty() materialises each module's parameters separately, which breaks the tie between "
       "emb.weight and head.weight; the checkpoint stores the tied weight once, so the head keeps "
       "uninitialised memory and the package is built with it.",
       "Re-tie the weights after to_empty (m.head.weight = m.emb.weight) before loading, and "
       "load with strict=True to see missing keys.",
       match=r"not close|Mismatched")


def case_27():
    return _c("case_27", "meta-init-rotary", "constant_loading", "run", """
torch.manual_seed(0)
class Rotary(torch.nn.Module):
    def __init__(self, d=8):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d))
        self.register_buffer("inv_freq", inv, persistent=False)  # recomputable, not saved
        self.proj = torch.nn.Linear(d, d)
    def forward(self, x):
        f = torch.outer(torch.arange(x.shape[1], dtype=torch.float32), self.inv_freq)
        cos, sin = f.cos().repeat(1, 2), f.sin().repeat(1, 2)
        return self.proj(x * cos + x.flip(-1) * sin)
ref = Rotary().eval()
ckpt = ref.state_dict()
with torch.device("meta"):
    m = Rotary()
m.to_empty(device="cpu")
m.load_state_dict(ckpt)
ep = torch.export.export(m.eval(), (torch.randn(1, 6, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rope24.pt2")
served = torch._inductor.aoti_load_package(pkg)
x = torch.randn(1, 6, 8)
torch.testing.assert_close(served(x), ref(x))
""", "The rotary inv_freq buffer is non-persistent, so it is not in the checkpoint; after "
       "meta-device init and to_empty() it holds uninitialised memory, which the package bakes "
       "in as a constant.",
       "Recompute non-persistent buffers after to_empty (e.g. call a reset/init method) before "
       "export.",
       match=r"not close|Mismatched")


# -------------------------------------------------- running packages of such models
def case_28():
    return _c("case_28", "tenant-weights-sorted", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stl24}")
tenant = {"lin.weight": torch.randn(4, 8), "lin.bias": torch.randn(4)}
tenant = {k: tenant[k] for k in sorted(tenant)}  # as the weight store returns them: sorted by name
y = m(tenant, torch.randn(2, 8))
""", "The functional_call wrapper was exported with a params dict in named_parameters() order "
       "(weight, bias); the package flattens dicts by insertion order, so a tenant dict sorted by "
       "name feeds the bias into the weight slot.",
       "Build the params dict in the exported key order (e.g. {k: d[k] for k in "
       "base.state_dict()}) before calling the package.",
       needs=("s",), match=r"expanded size|must match")


def case_29():
    return _c("case_29", "rgb-into-gray-stem", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gray24}")
frames = torch.rand(1, 3, 16, 16)  # the camera service still sends RGB frames
y = m(frames)
""", "The stem was cut down to one input channel for grayscale cameras before export, but the "
       "service still sends 3-channel RGB frames.",
       "Convert frames to grayscale (frames.mean(1, keepdim=True)) before calling the package.",
       needs=("s",), match=r"channels")


def case_30():
    return _c("case_30", "refresh-after-prune-remove", "constant_loading", "load", """
import torch.nn.utils.prune as prune
""" + LIN + """
m = torch._inductor.aoti_load_package("{prn24}")
trainer = M()
prune.l1_unstructured(trainer.lin, "weight", amount=0.5)
prune.remove(trainer.lin, "weight")  # the trainer made the pruning permanent before fine-tuning
m.load_constants(trainer.state_dict(), check_full_update=True)
""", "The package was built while the pruning reparametrisation was still attached (constants "
       "lin.weight_orig and lin.weight_mask); the fine-tuned model had prune.remove() applied, "
       "so its state_dict names lin.weight, which the package does not have.",
       "Call prune.remove before export (so the package has lin.weight), or pass weight_orig and "
       "weight_mask under the package's constant names.",
       needs=("s",), match=r"Constant not found")


def case_31():
    return _c("case_31", "full-tokenizer-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{trim24}")
ids = torch.tensor([[5, 17, 230, 9, 1, 640], [3, 4, 5, 6, 7, 8]])  # from the unchanged tokenizer
y = m(ids)
""", "The embedding was trimmed to the 100 most frequent tokens before export, but the tokenizer "
       "was not remapped, so ids 230 and 640 index past the 100-row table.",
       "Remap rare tokens to an UNK id below 100 (or trim the tokenizer with the table).",
       needs=("t",), match=r"index out of bounds")


def case_32():
    return _c("case_32", "stale-shuffle-order", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{shuf24}")
y = m(torch.randn(1, 16, 4, 4))
""", "Structured pruning cut the conv from 16 to 12 output channels, but the block's "
       "channel-shuffle buffer still holds a permutation of 16 channels, so indices 12..15 are "
       "out of range.",
       "Recompute the permutation buffer for the kept channels when pruning.",
       needs=("t",), match=r"index out of bounds")


# --------------------------------------------------------------- tried, did not fail
def case_33():
    return _c("case_33", "spectral-norm-train-mode", "numerical", "run", """
torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.utils.spectral_norm(torch.nn.Linear(8, 8)), torch.nn.Tanh())
ep = torch.export.export(m, (torch.randn(2, 8),))  # left in training mode
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/spec24.pt2")
served = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
for _ in range(3):
    torch.testing.assert_close(served(x), m(x))
""", "The old spectral_norm was left in training mode; its power iteration updates u/v on every "
       "eager call, while the package was expected to drift from eager over calls.",
       "Call model.eval() before export.", match=r"not close|Mismatched")


def case_34():
    return _c("case_34", "gru-recurrent-weight-norm", "torch_bug", "run", """
from torch.nn.utils.parametrizations import weight_norm
class R(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = torch.nn.GRU(8, 8, batch_first=True)
        weight_norm(self.rnn, "weight_hh_l0")
    def forward(self, x):
        return self.rnn(x)[0]
m = R().eval()
ep = torch.export.export(m, (torch.randn(2, 5, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gru24.pt2")
served = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 5, 8)
torch.testing.assert_close(served(x), m(x))
""", "weight_norm on a GRU's recurrent weight; the RNN's flat-weights cache was expected to keep "
       "the unparametrized weight in export.",
       "Apply weight norm outside the RNN module.", match=r"not close|Mismatched|flat")


def case_35():
    return _c("case_35", "stacked-ensemble", "unsupported", "run", """
import copy
from torch.func import stack_module_state, functional_call, vmap
members = [torch.nn.Linear(8, 4).eval() for _ in range(3)]
params, buffers = stack_module_state(members)
skeleton = copy.deepcopy(members[0]).to("meta")
class Ensemble(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.p, self.b = params, buffers
    def forward(self, x):
        f = lambda p, b, x: functional_call(skeleton, (p, b), (x,))
        return vmap(f, in_dims=(0, 0, None))(self.p, self.b, x).mean(0)
ens = Ensemble()
ep = torch.export.export(ens, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ens24.pt2")
served = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(served(x), ens(x))
""", "A model ensemble built with stack_module_state and vmap(functional_call) over a meta "
       "skeleton was expected to fail in export (plain dicts of stacked tensors, meta module).",
       "Stack the members into batched weights explicitly.", match=r"meta|vmap|not close")


def case_36():
    return _c("case_36", "prototype-broadcast-weight", "constant_loading", "run", """
lin = torch.nn.Linear(8, 4).eval()
proto = torch.randn(1, 8)
lin.weight = torch.nn.Parameter(proto.expand(4, 8))  # every unit starts from one prototype
ep = torch.export.export(lin, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bcast24.pt2")
served = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(served(x), lin(x))
""", "A weight that is a stride-0 expanded view of one prototype row was expected to be "
       "serialised as a 4 x 8 constant with wrong contents.",
       "Materialise the weight (proto.expand(4, 8).clone()).", match=r"not close|Mismatched")


def case_37():
    return _c("case_37", "attention-map-attr", "unsupported", "compile", """
class Attn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(8, 8)
        self.last_attn = None
    def forward(self, x):
        a = torch.softmax(self.q(x) @ x.transpose(-1, -2), -1)
        self.last_attn = a.detach()  # kept for visualisation
        return a @ x
m = Attn().eval()
ep = torch.export.export(m, (torch.randn(1, 4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/attr24.pt2")
served = torch._inductor.aoti_load_package(pkg)
y = served(torch.randn(1, 4, 8))
""", "forward stores an attention map on a module attribute; export was expected to refuse "
       "assigning a tensor attribute during tracing.",
       "Return the attention map as an output.", match=r"attribute|assign")


def case_38():
    return _c("case_38", "lazy-strict-legacy", "export_failure", "compile", """
m = torch.nn.Sequential(torch.nn.LazyLinear(4), torch.nn.ReLU()).eval()  # never run eagerly
ep = torch.export.export(m, (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lazy24.pt2")
served = torch._inductor.aoti_load_package(pkg)
y = served(torch.randn(2, 8))
""", "An uninitialised LazyLinear exported with strict=True was expected to fail like the "
       "non-strict export (uninitialized parameter).",
       "Run one eager forward before export.", match=r"uninitialized|[Ll]azy")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28, case_29, case_30,
         case_31, case_32]
# Nothing was dropped or fixed after the trial (all 32 cases failed as labelled).
DROPPED = []
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_33 (the old spectral_norm left in training mode, three calls
# against eager: equal, the power iteration had converged), case_34 (parametrizations.weight_norm
# on a GRU's weight_hh_l0: exported, compiled, matched eager), case_35 (an ensemble through
# stack_module_state + vmap(functional_call) over a meta skeleton: matched eager), case_36 (a
# stride-0 expanded weight: serialised correctly), case_37 (a tensor attribute assigned in
# forward: exported, compiled and ran), case_38 (an uninitialised LazyLinear with strict=True:
# Dynamo materialised it; compiled and ran). Probed before writing the cases and not made into
# cases (no failure): hooks with torch.compiler.disable, full backward hooks with a
# requires-grad example (non-strict), the old weight_norm with strict export and the legacy
# aot_compile of a parametrizations.weight_norm model, orthogonal parametrizations with the
# householder and cayley maps (proxy-executor fallbacks), parametrize.cached() around export,
# the old spectral_norm in eval mode, pruning with strict export and with freezing=True,
# runtime constant folding and freezing of weight_norm packages followed by load_constants (the
# refresh took effect), vmap with a dynamic batch, torch.jit.trace-d submodules and a
# torch.jit.script-ed function (also through the legacy aot_compile), fuse_modules_qat
# (ConvBnReLU2d exported in eval mode), a torch.optim.swa_utils.AveragedModel, swap-on-conversion
# to bfloat16, load_state_dict(assign=True) with views of one flat buffer or a non-leaf merged
# LoRA weight, a transposed (non-contiguous) weight, a buffer aliasing a parameter, a zero-width
# pruned layer, a lazily registered Parameter and a None buffer assigned in forward, an int
# counter attribute under strict export, torch.nn.utils.stateless.functional_call.
TRIED = [case_33, case_34, case_35, case_36, case_37, case_38]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("s", SETUP_S), ("t", SETUP_T)),
        default_out=ROOT / "benchmarks" / "live_blind24.jsonl",
        url_file="benchmarks/live_blind24.py", id_prefix="live24", stems=STEMS,
        scratch_prefix="live_blind24-", description=__doc__.splitlines()[0]))
