"""A thirty-seventh blind set of REAL AOTInductor failures (higher-level torch machinery inside the exported forward), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind37.py [--out benchmarks/live_blind37.jsonl] [--keep]

Theme: higher-level torch machinery used inside the exported forward (custom
torch.autograd.Function with mark_dirty / mark_non_differentiable / once_differentiable /
setup_context and vmap rules; torch.func jacfwd / linearize / vmap / functional_call /
stack_module_state; torch.distributions samplers and constraint checks; torch.fx
symbolic_trace with concrete_args and fx.wrap; torch.jit.ignore / torch.jit.fork left in
forward; torch.nn.utils.rnn unpad_sequence; fold with dynamic sizes; nn.MultiheadAttention
options and its fast path; torch.masked and torch.special functions), and the export / compile /
load / run of such models, including numerics that differ from eager. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind35.py
(their TRIED lists included). Building the set imports nothing from aotidebug.
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
import json, os, torch
from torch import nn
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Attn(nn.Module):
    # self-attention over padded token batches; the padding mask is an additive float mask
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x, pad_mask):
        y, _ = self.mha(x, x, x, key_padding_mask=pad_mask, need_weights=False)
        return y

from torch.func import stack_module_state, functional_call, vmap
import copy
members = [nn.Linear(8, 4) for _ in range(3)]
skeleton = copy.deepcopy(members[0]).to("meta")
class Ensemble(nn.Module):
    # three heads evaluated at once; the stacked weights are inputs so they can be refreshed
    def forward(self, w, b, x):
        f = lambda ww, bb, xx: functional_call(skeleton, {"weight": ww, "bias": bb}, (xx,))
        return vmap(f, in_dims=(0, 0, None))(w, b, x).mean(0)

build("lin37", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
mask = torch.zeros(2, 5)
mask[1, 3:] = float("-inf")
build("mha37", Attn().eval(), (torch.randn(2, 5, 16), mask))
params, _ = stack_module_state(members)
build("ens37", Ensemble(), (params["weight"], params["bias"], torch.randn(2, 8)))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin37", "mha37", "ens37"} | {f"c{n:02d}" for n in range(1, 60)}

PRE = "import torch\nfrom torch import nn\n"
PKG = """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/%s.pt2")
m = torch._inductor.aoti_load_package(pkg)
"""


def _c(fn, slug, cat, phase, body, cause, fix, **kw):
    stem = "c" + fn.split("_")[1]
    return Case(fn, slug, cat, phase, kw.pop("api", "package"),
                PRE + body.replace("PKG\n", PKG % stem), cause, fix, **kw)


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------- custom torch.autograd.Function
def case_01():
    return _c("case_01", "fn-mark-dirty-relu", "export_failure", "export", """
class InplaceRelu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.clamp_(min=0)
        ctx.mark_dirty(x)
        ctx.save_for_backward(x)
        return x
    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g * (y > 0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x):
        return InplaceRelu.apply(self.lin(x)) * 2
ep = torch.export.export(Net(), (torch.randn(2, 8),))
PKG
y = m(torch.randn(2, 8))
""", "A memory-saving in-place ReLU written as a custom autograd.Function with ctx.mark_dirty is "
       "traced by export; the dirty-tensor bookkeeping of the Function cannot be traced.",
       "Use torch.relu (or F.relu(inplace=True)) for inference, or hide the in-place Function "
       "behind a torch.library custom op.", match=r".")


def case_02():
    return _c("case_02", "fn-calibrate-scale-branch", "export_failure", "export", """
class Quant(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        scale = x.abs().max().item() / 127.0      # per-batch calibration
        if scale == 0.0:
            return x
        return torch.round(x / scale).clamp(-127, 127) * scale
    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, g):
        return g
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(Quant.apply(x))
ep = torch.export.export(Net(), (torch.randn(2, 8),))
""", "A fake-quantiser autograd.Function calibrates its scale with .item() and branches on it in "
       "Python; the branch is data-dependent, which torch.export cannot trace.",
       "Compute the scale as a tensor and select with torch.where (or clamp the scale away from "
       "0) instead of a Python branch on .item().",
       match=r"data.dependent|GuardOnDataDependent|Could not guard")


def case_03():
    return _c("case_03", "fn-argmax-non-differentiable", "unsupported", "compile", """
class TopIdx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        v, i = x.max(-1)
        ctx.mark_non_differentiable(i)
        ctx.save_for_backward(x, i)
        return v, i
    @staticmethod
    def backward(ctx, gv, gi):
        x, i = ctx.saved_tensors
        return torch.zeros_like(x).scatter(-1, i.unsqueeze(-1), gv.unsqueeze(-1))
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        v, i = TopIdx.apply(self.lin(x))
        return v, i
ep = torch.export.export(Net(), (torch.randn(2, 8),))
PKG
v, i = m(torch.randn(2, 8))
assert i.dtype == torch.int64
""", "A max-with-index autograd.Function marks the index output non-differentiable.",
       "Use torch.max in inference code.", match=r".")


def case_04():
    return _c("case_04", "fn-vmap-rule-missing", "export_failure", "export", """
class Swish(torch.autograd.Function):
    @staticmethod
    def forward(x, beta):
        return x * torch.sigmoid(beta * x)
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, beta = inputs
        ctx.save_for_backward(x)
        ctx.beta = beta
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(ctx.beta * x)
        return g * (s + ctx.beta * x * s * (1 - s)), None
class PerSample(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x):
        # per-sample processing written for one row, batched with vmap
        return torch.func.vmap(lambda r: Swish.apply(self.lin(r), 1.5))(x)
ep = torch.export.export(PerSample(), (torch.randn(4, 8),))
PKG
y = m(torch.randn(4, 8))
""", "A setup_context-style autograd.Function without generate_vmap_rule=True or a vmap "
       "staticmethod is applied under torch.func.vmap inside forward; functorch refuses to batch "
       "it while export traces forward.",
       "Set generate_vmap_rule = True on the Function (or write its vmap staticmethod), or apply "
       "it to the whole batch without vmap.", match=r"vmap")


def case_05():
    return _c("case_05", "fn-vmap-rule-generated", "torch_bug", "export", """
class Swish(torch.autograd.Function):
    generate_vmap_rule = True
    @staticmethod
    def forward(x, beta):
        return x * torch.sigmoid(beta * x)
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, beta = inputs
        ctx.save_for_backward(x)
        ctx.beta = beta
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(ctx.beta * x)
        return g * (s + ctx.beta * x * s * (1 - s)), None
class PerSample(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x):
        return torch.func.vmap(lambda r: Swish.apply(self.lin(r), 1.5))(x)
ep = torch.export.export(PerSample(), (torch.randn(4, 8),))
PKG
y = m(torch.randn(4, 8))
""", "A setup_context-style autograd.Function with generate_vmap_rule=True, applied per row "
       "under torch.func.vmap inside forward, trips an internal dispatch-mode assertion while "
       "torch.export traces it (valid code that runs in eager).",
       "Apply the Function to the whole batch without vmap (it is elementwise), and try a newer "
       "torch.", match=r"not registered")


def case_06():
    return _c("case_06", "fn-numpy-kernel", "export_failure", "export", """
import numpy as np
class NpErf(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.as_tensor(np.clip(x.detach().cpu().numpy(), -3, 3))   # legacy NumPy kernel
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * (x.abs() < 3)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x):
        return NpErf.apply(self.lin(x)) + 1
ep = torch.export.export(Net(), (torch.randn(2, 8),), strict=True)
""", "Under strict export (Dynamo) the custom autograd.Function's forward hands a tensor to "
       "NumPy via .detach().cpu().numpy() and builds the result with torch.as_tensor; Dynamo "
       "cannot trace the round trip into a graph.",
       "Rewrite the kernel with torch ops (torch.clamp) or register it as a torch.library custom "
       "op with a fake implementation.", match=r".")


# --------------------------------------------------------------------------------- torch.func
def case_07():
    return _c("case_07", "jacfwd-sensitivity", "torch_bug", "export", """
class Sens(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
    def forward(self, x):
        f = lambda v: torch.tanh(self.lin(v))
        return torch.func.vmap(torch.func.jacfwd(f))(x)   # per-row 4x4 sensitivity
ep = torch.export.export(Sens(), (torch.randn(3, 4),))
PKG
j = m(torch.randn(3, 4))
""", "A sensitivity head computes vmap(jacfwd(...)) (forward-mode AD) inside forward; while "
       "torch.export traces it, torch's fake-tensor code fails with an internal AttributeError "
       "('Tensor' object has no attribute 'constant') on valid code that runs in eager.",
       "Compute the Jacobian in closed form (diag(1 - tanh^2) @ W) or outside the exported "
       "graph), and try a newer torch.", match=r"no attribute 'constant'")


def case_08():
    return _c("case_08", "linearize-in-forward", "export_failure", "export", """
class Lin(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
    def forward(self, x, t):
        out, jvp_fn = torch.func.linearize(lambda v: torch.sin(self.lin(v)), x)
        return out, jvp_fn(t)
ep = torch.export.export(Lin(), (torch.randn(2, 4), torch.randn(2, 4)))
""", "forward calls torch.func.linearize, which itself traces the function with make_fx and "
       "returns a Python callable; that nested tracing cannot run under torch.export.",
       "Use torch.func.jvp for the single tangent (or compute the linearisation outside the "
       "exported graph).", match=r"fake tensor in the exported program")


def case_09():
    return _c("case_09", "ensemble-grew", "input_mismatch", "run", """
from torch.func import stack_module_state
members = [nn.Linear(8, 4) for _ in range(4)]   # a fourth member was added to the ensemble
params, _ = stack_module_state(members)
m = torch._inductor.aoti_load_package("{ens37}")
y = m(params["weight"], params["bias"], torch.randn(2, 8))
""", "The stack_module_state ensemble was exported with 3 members (stacked weights of shape "
       "(3, 4, 8)); the serving code now stacks 4 members, a static dimension of the package.",
       "Re-export for the new ensemble size, or declare the member dimension dynamic with a "
       "torch.export.Dim.", needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
       match=r"unmatched|expected|mismatch")


def case_10():
    return _c("case_10", "functional-call-state-dict", "input_mismatch", "run", """
from torch.func import functional_call
base = nn.Sequential(nn.Linear(8, 8), nn.BatchNorm1d(8), nn.Linear(8, 4)).eval()
class Tenant(nn.Module):
    def __init__(self):
        super().__init__()
        self.base = base
    def forward(self, params, x):
        return functional_call(self.base, params, (x,))
params = {k: v.detach().clone() for k, v in base.named_parameters()}
ep = torch.export.export(Tenant(), (params, torch.randn(2, 8)))
PKG
tenant_sd = {k: v.clone() for k, v in base.state_dict().items()}   # a tenant's checkpoint
y = m(tenant_sd, torch.randn(2, 8))
""", "The functional_call wrapper was exported with a dict of named_parameters(); the server "
       "passes a tenant's state_dict(), which also holds the BatchNorm buffers, so the input "
       "pytree differs from the exported one.",
       "Pass exactly the exported keys (filter the state dict to named_parameters()), or export "
       "with the full state dict.", match=r"[Tt]ree|spec|structure|keys|mismatch|inputs vector size")


# ---------------------------------------------------------------------------- distributions
def case_11():
    return _c("case_11", "poisson-counts", "unsupported", "compile", """
class Counts(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        rate = nn.functional.softplus(self.lin(x))
        return torch.distributions.Poisson(rate, validate_args=False).sample()
ep = torch.export.export(Counts(), (torch.randn(2, 8),))
PKG
y = m(torch.randn(2, 8))
""", "A count simulator samples torch.distributions.Poisson in forward; aten.poisson has no "
       "Inductor lowering or AOTI C shim.",
       "Sample outside the package (return the rate) or pass uniform noise in and use an "
       "inversion sampler built from supported ops.", match=r".")


def case_12():
    return _c("case_12", "gamma-rsample", "unsupported", "compile", """
class GammaHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        conc = nn.functional.softplus(self.lin(x)) + 0.1
        return torch.distributions.Gamma(conc, torch.ones_like(conc), validate_args=False).rsample()
ep = torch.export.export(GammaHead(), (torch.randn(2, 8),))
PKG
y = m(torch.randn(2, 8))
""", "A Gamma head draws reparameterised samples (rsample, aten._standard_gamma) in forward; the "
       "sampler has no Inductor lowering or AOTI C shim.",
       "Return the Gamma parameters and sample in the caller.", match=r".")


def case_13():
    return _c("case_13", "dirichlet-mixture-weights", "unsupported", "compile", """
class Mix(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        alpha = nn.functional.softplus(self.lin(x)) + 0.5
        return torch.distributions.Dirichlet(alpha, validate_args=False).sample()
ep = torch.export.export(Mix(), (torch.randn(2, 8),))
PKG
w = m(torch.randn(2, 8))
""", "Mixture weights are sampled from torch.distributions.Dirichlet in forward "
       "(aten._sample_dirichlet), which has no Inductor lowering or AOTI C shim.",
       "Return alpha and sample in the caller, or sample Gamma noise outside and normalise.",
       match=r".")


def case_14():
    return _c("case_14", "binomial-dropout-counts", "unsupported", "compile", """
class Thin(nn.Module):
    def forward(self, counts, p):
        return torch.distributions.Binomial(total_count=counts, probs=p, validate_args=False).sample()
ep = torch.export.export(Thin(), (torch.full((2, 4), 10.0), torch.rand(2, 4)))
PKG
y = m(torch.full((2, 4), 10.0), torch.rand(2, 4))
""", "Binomial thinning of counts samples torch.distributions.Binomial (aten.binomial) in "
       "forward, which has no AOTI path.", "Sample in the caller.", match=r".")


def case_15():
    return _c("case_15", "vonmises-angles", "export_failure", "export", """
class Heading(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 2)
    def forward(self, x):
        loc, conc = self.lin(x).unbind(-1)
        return torch.distributions.VonMises(loc, conc.exp(), validate_args=False).sample()
ep = torch.export.export(Heading(), (torch.randn(4, 8),))
""", "A heading sampler draws from torch.distributions.VonMises in forward; its rejection "
       "sampler loops `while not done.all()`, a data-dependent Python loop export cannot trace.",
       "Return loc and concentration and sample in the caller (or use a fixed-iteration sampler "
       "with torch.where).", match=r"data.dependent|GuardOnDataDependent|Could not guard")


def case_16():
    return _c("case_16", "simplex-assert", "export_failure", "export", """
from torch.distributions import constraints
class Mixer(nn.Module):
    def forward(self, logits, weights):
        assert constraints.simplex.check(weights).all(), "weights must lie on the simplex"
        return (logits.softmax(-1) * weights).sum(-1)
ep = torch.export.export(Mixer(), (torch.randn(2, 4), torch.full((2, 4), 0.25)))
""", "forward validates its weights with a Python assert on "
       "torch.distributions.constraints.simplex.check(...).all(), a data-dependent bool that "
       "torch.export cannot evaluate.",
       "Use torch._assert_async (or torch._check on a symbolic condition) for the runtime check, "
       "or validate in the caller.", match=r"data.dependent|GuardOnDataDependent|Could not guard")


def case_17():
    return _c("case_17", "vae-rsample-vs-eager", "numerical", "run", """
class Vae(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 8)
        self.dec = nn.Linear(4, 8)
    def forward(self, x):
        mu, log_sd = self.enc(x).chunk(2, -1)
        z = torch.distributions.Normal(mu, log_sd.exp(), validate_args=False).rsample()
        return self.dec(z)
model = Vae().eval()
x = torch.randn(2, 8)
ep = torch.export.export(model, (x,))
PKG
torch.manual_seed(1)
ref = model(x)
torch.manual_seed(1)
torch.testing.assert_close(m(x), ref)   # the port is validated against eager
""", "The VAE decoder input is a Normal(mu, sigma).rsample() drawn inside forward; the package "
       "draws its noise with Inductor's own RNG, so under the same manual_seed its outputs "
       "differ from eager's.",
       "Pass the standard-normal noise in as an input (z = mu + sigma * eps) when eager parity "
       "is needed, or return mu and sigma.", match=r"not close|Mismatched")


def case_18():
    return _c("case_18", "mvn-loglik", "unsupported", "compile", """
class Lik(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("tril", torch.eye(4) + 0.1 * torch.ones(4, 4).tril(-1))
    def forward(self, x, mu):
        d = torch.distributions.MultivariateNormal(mu, scale_tril=self.tril, validate_args=False)
        return d.log_prob(x)
ep = torch.export.export(Lik(), (torch.randn(3, 4), torch.zeros(3, 4)))
PKG
y = m(torch.randn(3, 4), torch.zeros(3, 4))
""", "A MultivariateNormal log-likelihood (triangular solves) in forward.",
       "Compute the quadratic form explicitly.", match=r".")


# ----------------------------------------------------------------------------------- torch.fx
def case_19():
    return _c("case_19", "fx-concrete-args", "export_failure", "export", """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x, use_gelu=True):
        y = self.lin(x)
        return nn.functional.gelu(y) if use_gelu else torch.relu(y)
gm = torch.fx.symbolic_trace(Net(), concrete_args={"use_gelu": False})  # the relu variant
ep = torch.export.export(gm, (torch.randn(2, 8),))
PKG
y = m(torch.randn(2, 8))
""", "The relu variant was produced with torch.fx.symbolic_trace(concrete_args={'use_gelu': "
       "False}); the GraphModule keeps a placeholder for the baked flag guarded by a torch._assert "
       "on its value, and export, which does not pass the flag, fails that assertion.",
       "Export the eager module with the flag fixed by a wrapper (or pass the flag as the "
       "example argument), not the concrete_args GraphModule.", match=r"specialized to have value")


def case_20():
    return _c("case_20", "fx-wrap-data-branch", "export_failure", "export", """
import torch.fx
def guard_scale(x):
    # wrapped so that symbolic_trace keeps it as one call
    return x / x.norm() if x.norm() > 1 else x
torch.fx.wrap("guard_scale")
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        return guard_scale(self.lin(x))
gm = torch.fx.symbolic_trace(Net())
ep = torch.export.export(gm, (torch.randn(2, 8),))
""", "A torch.fx.wrap'ped helper hides a Python branch on x.norm() > 1 from symbolic_trace, but "
       "export traces into it and the branch is data-dependent.",
       "Write the helper with torch.where (or torch.cond) instead of a Python if.",
       match=r"data.dependent|GuardOnDataDependent|Could not guard")


def case_21():
    return _c("case_21", "fx-leaf-module-strict", "export_failure", "export", """
import torch.fx
class Quirky(nn.Module):
    def forward(self, x):
        return x * len([d for d in x.shape if d > 1])
class Tracer(torch.fx.Tracer):
    def is_leaf_module(self, m, qualname):
        return isinstance(m, Quirky) or super().is_leaf_module(m, qualname)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = Quirky()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(self.q(x))
root = Net()
gm = torch.fx.GraphModule(root, Tracer().trace(root))
gm.graph.eliminate_dead_code()
del gm.q        # the pass pipeline dropped "unused" submodules
ep = torch.export.export(gm, (torch.randn(2, 8),))
""", "A custom fx Tracer kept Quirky as a leaf call_module, and a later clean-up deleted the "
       "submodule from the GraphModule; export runs the graph and cannot find the target.",
       "Do not delete submodules that call_module nodes still target (run gm.graph.lint() and "
       "delete_all_unused_submodules() instead).", match=r"nonexistent target")


# ------------------------------------------------------------------------------ torch.jit bits
def case_22():
    return _c("case_22", "jit-ignore-tolist-helper", "export_failure", "export", """
class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 5)
    @torch.jit.ignore
    def keep_top(self, scores):
        # kept in Python for TorchScript; returns the best class per row
        return torch.tensor([max(range(5), key=row.__getitem__) for row in scores.tolist()])
    def forward(self, x):
        return self.keep_top(self.lin(x))
ep = torch.export.export(Decoder(), (torch.randn(2, 8),))
""", "A @torch.jit.ignore helper (left in Python for TorchScript) reads the scores with .tolist() "
       "and picks the best class in Python; the values are data-dependent for torch.export.",
       "Use scores.argmax(-1) in forward (the jit.ignore escape hatch has no meaning for "
       "export).", match=r"data.dependent|GuardOnDataDependent")


def case_23():
    return _c("case_23", "jit-fork-branches", "export_failure", "export", """
class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 4)
        self.b = nn.Linear(8, 4)
    def forward(self, x):
        fut = torch.jit.fork(self.a, x)      # inter-op parallelism from the TorchScript days
        yb = self.b(x)
        return torch.jit.wait(fut) + yb
ep = torch.export.export(TwoTower(), (torch.randn(2, 8),), strict=True)
""", "forward keeps torch.jit.fork / torch.jit.wait for inter-op parallelism; strict export "
       "(Dynamo) cannot trace a Future.",
       "Call both towers directly (Inductor schedules them), removing jit.fork/wait from "
       "forward.", match=r"Unsupported")


def case_24():
    return _c("case_24", "jit-unused-branch", "export_failure", "export", """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
        self.debug = False
    @torch.jit.unused
    def dump(self, y):
        import json
        print(json.dumps(y.tolist()))
        return y
    def forward(self, x):
        y = self.lin(x)
        if not torch.jit.is_scripting():
            y = self.dump(y)    # only meant for eager debugging
        return y
ep = torch.export.export(Net(), (torch.randn(2, 8),), strict=True)
""", "A @torch.jit.unused debugging method (skipped under TorchScript via is_scripting) is still "
       "called under torch.export, where it converts the activations to a Python list.",
       "Guard debugging code with torch.compiler.is_compiling() / is_exporting(), or remove it.",
       match=r"tolist")


# --------------------------------------------------------------------- rnn / fold helpers
def case_25():
    return _c("case_25", "unpad-sequence", "export_failure", "export", """
from torch.nn.utils.rnn import unpad_sequence, pad_sequence
class Flip(nn.Module):
    def forward(self, x, lengths):
        seqs = unpad_sequence(x, lengths, batch_first=True)   # reverse each utterance
        return pad_sequence([s.flip(0) for s in seqs], batch_first=True)
ep = torch.export.export(Flip(), (torch.randn(3, 6, 4), torch.tensor([6, 4, 2])))
""", "unpad_sequence slices each row by its length from a lengths tensor; the lengths are data "
       "and the slices' sizes are data-dependent for torch.export.",
       "Reverse with a gather over a per-row index (lengths - 1 - arange) masked to the valid "
       "positions, keeping the padded shape.",
       match=r"data.dependent|GuardOnDataDependent|Could not guard|unbacked")


def case_26():
    return _c("case_26", "fold-dynamic-size", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Smooth(nn.Module):
    def forward(self, x):
        h, w = x.shape[-2:]
        cols = nn.functional.unfold(x, kernel_size=3, padding=1)
        ones = nn.functional.unfold(torch.ones_like(x), kernel_size=3, padding=1)
        return (nn.functional.fold(cols, (h, w), kernel_size=3, padding=1)
                / nn.functional.fold(ones, (h, w), kernel_size=3, padding=1))
ep = torch.export.export(Smooth(), (torch.randn(1, 2, 16, 16),),
                         dynamic_shapes=({2: Dim("h", min=4, max=64), 3: Dim("w", min=4, max=64)},))
PKG
y = m(torch.randn(1, 2, 20, 24))
""", "An unfold/fold smoother with dynamic H and W.", "Export static sizes.", match=r".")


def case_27():
    return _c("case_27", "pack-sequence-lstm", "export_failure", "export", """
from torch.nn.utils.rnn import pack_sequence, pad_packed_sequence
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 8, batch_first=True)
    def forward(self, a, b):
        packed = pack_sequence([a, b], enforce_sorted=False)   # two utterances of any length
        out, _ = self.rnn(packed)
        return pad_packed_sequence(out, batch_first=True)[0]
ep = torch.export.export(Enc(), (torch.randn(6, 4), torch.randn(4, 4)))
""", "Two variable-length utterances are packed with pack_sequence(enforce_sorted=False) and run "
       "through an LSTM inside forward; PackedSequence inputs to the RNN cannot be exported.",
       "Pad the utterances in the caller and run the LSTM on the padded batch with a mask.",
       match=r"FakeTensor")


# ------------------------------------------------------------------------ MultiheadAttention
def case_28():
    return _c("case_28", "mha-fastpath-no-grad", "unsupported", "compile", """
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x):
        return self.mha(x, x, x, need_weights=False)[0]
model = Attn().eval()
with torch.no_grad():    # the serving code exports under no_grad: MHA's fast path
    ep = torch.export.export(model, (torch.randn(2, 5, 16),))
PKG
y = m(torch.randn(2, 5, 16))
""", "Exported under torch.no_grad in eval mode, nn.MultiheadAttention takes its fused fast path "
       "(aten._native_multi_head_attention), which has no AOTI C shim.",
       "Export with grad enabled (or disable the fast path with "
       "torch.backends.mha.set_fastpath_enabled(False)).", match=r".")


def case_29():
    return _c("case_29", "mha-bool-padding-mask", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mha37}")
pad = torch.zeros(2, 5, dtype=torch.bool)
pad[1, 3:] = True            # the new tokenizer service sends a bool padding mask
y = m(torch.randn(2, 5, 16), pad)
""", "The attention package was exported with an additive float key_padding_mask (0 / -inf); "
       "the caller passes a bool mask, a dtype the package was not compiled for.",
       "Convert the mask to the exported form (torch.zeros(...).masked_fill(pad, -inf)) or "
       "re-export with a bool mask.", needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
       match=r"unmatched|dtype|expected")


def case_30():
    return _c("case_30", "mha-per-head-weights-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True, add_bias_kv=True)
    def forward(self, x):
        y, w = self.mha(x, x, x, need_weights=True, average_attn_weights=False)
        return y, w
ep = torch.export.export(Attn().eval(), (torch.randn(2, 5, 16),),
                         dynamic_shapes=({1: Dim("seq", min=1, max=128)},))
PKG
y, w = m(torch.randn(2, 9, 16))
""", "MHA with add_bias_kv and per-head weights over a dynamic sequence.",
       "Use a static length.", match=r".")


def case_31():
    return _c("case_31", "mha-kdim-vdim-swap", "input_mismatch", "run", """
class Cross(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, kdim=8, vdim=8, batch_first=True)
    def forward(self, q, mem):
        return self.mha(q, mem, mem, need_weights=False)[0]
ep = torch.export.export(Cross().eval(), (torch.randn(2, 5, 16), torch.randn(2, 7, 8)))
PKG
q, mem = torch.randn(2, 5, 16), torch.randn(2, 7, 8)
y = m(mem, q)     # the decoder calls it (memory, query) like its previous attention block
""", "A cross-attention package (query dim 16, memory kdim/vdim 8) is called with its two inputs "
       "swapped; the package runs on the wrong shapes.",
       "Call it in the exported order (query, memory); enable AOTI_RUNTIME_CHECK_INPUTS while "
       "integrating.", env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
       match=r"unmatched|expected|mismatch")


# ------------------------------------------------------------ torch.masked / torch.special
def case_32():
    return _c("case_32", "masked-mean-pool", "unsupported", "compile", """
class Pool(nn.Module):
    def forward(self, x, keep):
        return torch.masked.mean(x, 1, mask=keep)
ep = torch.export.export(Pool(), (torch.randn(2, 6, 4), torch.rand(2, 6, 4) > 0.3))
PKG
y = m(torch.randn(2, 6, 4), torch.rand(2, 6, 4) > 0.3)
""", "torch.masked.mean pooling in forward.", "Use a sum over x * mask.", match=r".")


def case_33():
    return _c("case_33", "gammaincc-survival", "unsupported", "compile", """
class Surv(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x, t):
        shape = nn.functional.softplus(self.lin(x)) + 0.5
        return torch.special.gammaincc(shape, t)     # Gamma survival function
ep = torch.export.export(Surv(), (torch.randn(2, 8), torch.rand(2, 4) * 3))
PKG
y = m(torch.randn(2, 8), torch.rand(2, 4) * 3)
""", "torch.special.gammaincc (aten.igammac) in forward.", "Compute outside.", match=r".")


def case_34():
    return _c("case_34", "multigammaln-prior", "unsupported", "compile", """
class Prior(nn.Module):
    def forward(self, a):
        return torch.special.multigammaln(a, 3) + torch.special.polygamma(2, a)
ep = torch.export.export(Prior(), (torch.rand(4) * 3 + 2,))
PKG
y = m(torch.rand(4) * 3 + 2)
""", "multigammaln and polygamma(2) in forward.", "Compute outside.", match=r".")


def case_35():
    return _c("case_35", "log-ndtr-tail-vs-eager", "numerical", "run", """
class Tail(nn.Module):
    def forward(self, z):
        return torch.special.log_ndtr(z) - torch.special.ndtri(torch.sigmoid(z))
ep = torch.export.export(Tail(), (torch.randn(8),))
PKG
z = torch.linspace(-30, 8, 8)   # far left tail included
torch.testing.assert_close(m(z), Tail()(z))
""", "log_ndtr in the far tail.", "Compare with eager.", match=r"not close|Mismatched")


# --------------------------------------------------------------------- checkpoint / stateless
def case_36():
    return _c("case_36", "stateless-reparametrize-buffer", "numerical", "run", """
from torch.nn.utils import stateless
class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(8)
    def forward(self, x, mean):
        # per-domain statistics swapped in for the call
        return stateless.functional_call(self.bn, {"running_mean": mean}, (x,))
model = Norm().eval()
ep = torch.export.export(model, (torch.randn(4, 8), torch.zeros(8)))
PKG
x, mean = torch.randn(4, 8), torch.randn(8)
y = m(x, mean)
torch.testing.assert_close(y, model(x, mean))
""", "torch.nn.utils.stateless.functional_call swaps a BatchNorm buffer per call.",
       "Pass the statistics explicitly.", match=r"not close|Mismatched")


def case_37():
    return _c("case_37", "checkpoint-kwargs-train-export", "export_failure", "export", """
from torch.utils.checkpoint import checkpoint
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.1)
    def forward(self, x, scale):
        return self.drop(torch.relu(self.lin(x))) * scale
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
    def forward(self, x):
        return checkpoint(self.block, x, 0.5, use_reentrant=False, preserve_rng_state=True,
                          determinism_check="default", debug=True)
ep = torch.export.export(Net(), (torch.randn(2, 8),), strict=True)
PKG
y = m(torch.randn(2, 8))
""", "Activation checkpointing from the training code is left in forward with debug=True; "
       "under strict export Dynamo runs checkpoint with its own context_fn, which checkpoint "
       "refuses to combine with debug=True.",
       "Drop checkpoint (or at least debug=True) from the inference forward before exporting.",
       match=r"debug=True is incompatible")


def case_38():
    return _c("case_38", "fn-dict-ctx-nondiff-mask", "export_failure", "export", """
class MaskedSoftmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, mask):
        y = x.masked_fill(~mask, float("-inf")).softmax(-1)
        ctx.save_for_backward(y)
        ctx.mark_non_differentiable(mask)
        return y, mask
    @staticmethod
    def backward(ctx, gy, gm):
        (y,) = ctx.saved_tensors
        return y * (gy - (gy * y).sum(-1, keepdim=True)), None
class Net(nn.Module):
    def forward(self, x, mask):
        y, _ = MaskedSoftmax.apply(x, mask)
        return y
ep = torch.export.export(Net(), (torch.randn(2, 5), torch.ones(2, 5, dtype=torch.bool)),
                         strict=True)
PKG
y = m(torch.randn(2, 5), torch.ones(2, 5, dtype=torch.bool))
""", "An autograd.Function returning its bool input marked non-differentiable, strict export.",
       "Use plain ops.", match=r".")


def case_39():
    return _c("case_39", "csr-adjacency-from-inputs", "export_failure", "export", """
class Gcn(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
    def forward(self, crow, col, val, x):
        adj = torch.sparse_csr_tensor(crow, col, val, (x.shape[0], x.shape[0]))
        return adj @ self.lin(x)
crow, col = torch.tensor([0, 2, 3, 4]), torch.tensor([0, 1, 2, 0])
ep = torch.export.export(Gcn(), (crow, col, torch.ones(4), torch.randn(3, 4)))
PKG
y = m(crow, col, torch.ones(4), torch.randn(3, 4))
""", "A GCN layer builds a CSR adjacency with torch.sparse_csr_tensor from its index inputs; "
       "torch.export's fake tracing cannot construct the sparse CSR tensor (it fails in the "
       "sparse constructor's checks), so export stops before AOTI.",
       "Use a dense adjacency or an index_add / scatter-based message passing.",
       match=r"same device")


def case_40():
    return _c("case_40", "functionalize-helper", "torch_bug", "export", """
def update(buf, x):
    buf.add_(x)          # written with in-place ops for speed
    buf.mul_(0.5)
    return buf
class Net(nn.Module):
    def forward(self, x):
        return torch.func.functionalize(update)(torch.zeros_like(x), x) * 2
ep = torch.export.export(Net(), (torch.randn(2, 8),))
PKG
y = m(torch.randn(2, 8))
""", "A helper written with in-place ops is wrapped in torch.func.functionalize inside "
       "forward; export's non-strict tracing then fails an internal assertion (Expected "
       "FakeTensor) on valid code that runs in eager.",
       "Call the helper directly (export functionalizes the graph itself), and try a newer torch.",
       match=r"Expected FakeTensor")


def case_41():
    return _c("case_41", "mha-all-padded-row-vs-eager", "numerical", "run", """
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x, pad_mask):
        return self.mha(x, x, x, key_padding_mask=pad_mask, need_weights=False)[0]
model = Attn().eval()
pad = torch.zeros(2, 5, dtype=torch.bool)
ep = torch.export.export(model, (torch.randn(2, 5, 16), pad))
PKG
x = torch.randn(2, 5, 16)
pad[1, :] = True     # an empty request in the batch: every key is padding
torch.testing.assert_close(m(x, pad), model(x, pad), equal_nan=True)
""", "A fully padded row in nn.MultiheadAttention's key_padding_mask.",
       "Drop empty requests before the call.", match=r"not close|Mismatched")


def case_42():
    return _c("case_42", "functional-call-on-package", "unsupported", "run", """
from torch.func import functional_call
m = torch._inductor.aoti_load_package("{lin37}")
new_w = {"lin.weight": torch.randn(4, 8), "lin.bias": torch.zeros(4)}   # a fine-tuned head
y = functional_call(m, new_w, (torch.randn(2, 8),))
""", "torch.func.functional_call is used to run the loaded package with swapped weights; the "
       "package is not an nn.Module and its weights are compiled-in constants, not parameters "
       "functional_call can substitute.",
       "Swap weights with the loader's update_constant_buffer / load_constants (or recompile), "
       "or run functional_call on the eager module.", needs=("r",), match=r"named_parameters")


def case_43():
    return _c("case_43", "ensemble-float64-members", "input_mismatch", "run", """
from torch.func import stack_module_state
members = [nn.Linear(8, 4).double() for _ in range(3)]   # restored from a float64 checkpoint
params, _ = stack_module_state(members)
m = torch._inductor.aoti_load_package("{ens37}")
y = m(params["weight"], params["bias"], torch.randn(2, 8))
""", "The ensemble package was exported with float32 stacked weights; the serving code stacks "
       "members restored as float64, a dtype the package was not compiled for.",
       "Cast the members (or the stacked weights) to float32 before the call, or re-export in "
       "float64.", needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
       match=r"unmatched|dtype|expected")


def case_44():
    return _c("case_44", "pad-sequence-two-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
from torch.nn.utils.rnn import pad_sequence
class Pair(nn.Module):
    def forward(self, a, b):
        batch = pad_sequence([a, b], batch_first=True)   # pad the shorter utterance
        return batch.mean(1)
ep = torch.export.export(Pair(), (torch.randn(6, 4), torch.randn(4, 4)),
                         dynamic_shapes=({0: Dim("len_a")}, {0: Dim("len_b")}))
""", "Two utterances with independent dynamic lengths are padded together with pad_sequence, "
       "which picks the longer one: export must guard on the order of len_a and len_b, which the "
       "two independent Dims do not allow.",
       "Pad in the caller to one length (a single Dim), or declare the relation between the "
       "lengths (e.g. len_b <= len_a).", match=r"Constraints violated|guard|specialized")


def case_45():
    return _c("case_45", "ensemble-dims-unrelated", "dynamic_shape_guard", "export", """
import copy
from torch.export import Dim
from torch.func import stack_module_state, functional_call, vmap
members = [nn.Linear(8, 4) for _ in range(3)]
skeleton = copy.deepcopy(members[0]).to("meta")
class Ensemble(nn.Module):
    def forward(self, w, b, x):
        f = lambda ww, bb, xx: functional_call(skeleton, {"weight": ww, "bias": bb}, (xx,))
        return vmap(f, in_dims=(0, 0, None))(w, b, x).mean(0)
params, _ = stack_module_state(members)
ep = torch.export.export(Ensemble(), (params["weight"], params["bias"], torch.randn(2, 8)),
                         dynamic_shapes=({0: Dim("n_w")}, {0: Dim("n_b")}, None))
""", "The ensemble's member count is made dynamic with two separate Dims for the stacked weights "
       "and the stacked biases; vmap needs both to be equal, so export must add a guard the "
       "independent Dims forbid.",
       "Use one Dim object (n_members) for dim 0 of both the weights and the biases.",
       match=r"Constraints violated|guard|specialized|[Ee]qual")


CASES = [case_05, case_08, case_09, case_10, case_15, case_17, case_19, case_22,
         case_23, case_29, case_31, case_37, case_39, case_40, case_42, case_43, case_45]
DROPPED = [case_02, case_04, case_07, case_16, case_20, case_21, case_24, case_27]
TRIED = [case_01, case_03, case_06, case_11, case_12, case_13, case_14, case_18, case_25, case_26,
         case_28, case_30, case_32, case_33, case_34, case_35, case_36, case_38, case_41, case_44]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind37.jsonl",
        url_file="benchmarks/live_blind37.py", id_prefix="live37", stems=STEMS,
        scratch_prefix="live_blind37-", description=__doc__.splitlines()[0]))
