"""A nineteenth blind set of REAL AOTInductor failures (the hand-off from training to deployment), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind19.py [--out benchmarks/live_blind19.jsonl] [--keep]

Theme: models that come out of a training run and are exported and compiled for inference
(wrappers left on, train/eval mode, requires_grad and no_grad, mixed-precision artifacts, EMA
weights, checkpoint formats, re-initialisation, quantisation-aware-training leftovers and
training-only code paths still in the exported forward). No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind17.py
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
SETUP_J = """
import json, os, torch
import torch.nn.functional as F
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class WithLoss(torch.nn.Module):
    # the training forward: it takes the labels and returns the loss with the logits
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, labels):
        logits = self.lin(x)
        return F.cross_entropy(logits, labels), logits

class Decoder(torch.nn.Module):
    # trained with teacher forcing: the shifted target tokens are an input
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 8)
        self.out = torch.nn.Linear(8, 10)
    def forward(self, src, tgt):
        h = src.mean(1, keepdim=True)
        return self.out(torch.tanh(self.emb(tgt) + h))

def build(name, m, args, configs=None):
    try:
        ep = torch.export.export(m, args)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lin19", M(), (torch.randn(2, 8),))  # first after manual_seed(0): cases rebuild its weights
build("loss19", WithLoss(), (torch.randn(4, 8), torch.tensor([0, 1, 2, 3])))
build("tf19", Decoder(), (torch.randn(2, 5, 8), torch.randint(0, 10, (2, 6))))
build("bf19", M().to(torch.bfloat16), (torch.randn(2, 8, dtype=torch.bfloat16),))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin19", "loss19", "tf19", "bf19", "ddp19", "fsdp19", "cfwd19", "bhook19", "ghook19",
         "cgmark19", "lsq19", "pcfq19", "seq19", "lazy19", "clip19", "mcd19", "bnx19", "cbn19",
         "rrelu19", "anom19", "sac19", "egrad19", "frz19", "loop19", "obs19", "warm19", "coll19"}

PRE = "import torch\nimport torch.nn.functional as F\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------- wrappers left on the model
def case_01():
    return _c("case_01", "ddp-handed-over", "unsupported", "export", """
import torch.distributed as dist
""" + LIN + """
dist.init_process_group("gloo", init_method="file://{scratch}/pg", rank=0, world_size=1)
model = torch.nn.parallel.DistributedDataParallel(M())
# the training script exports the model object it trained: still the DDP wrapper
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ddp19.pt2")
""", "The training script exports the DistributedDataParallel wrapper it trained instead of "
       "model.module; DDP's forward runs its reducer/bucket bookkeeping and hooks, which export "
       "does not trace.",
       "Export the unwrapped model (ddp.module), in eval mode, outside the DDP wrapper.",
       match=r"DistributedDataParallel|ddp|DDP|reducer|_pre_forward|distributed")


def case_02():
    return _c("case_02", "fsdp-handed-over", "unsupported", "export", """
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
""" + LIN + """
dist.init_process_group("gloo", init_method="file://{scratch}/pg", rank=0, world_size=1)
model = FSDP(M(), device_id=torch.device("cpu"))
so = torch._export.aot_compile(model, (torch.randn(2, 8),))
""", "The FSDP-wrapped training model (flat sharded parameters, pre/post-forward unshard hooks) "
       "is handed to the legacy aot_compile; export cannot trace FSDP's unshard/reshard logic.",
       "Gather a full state dict (FSDP.state_dict_type FULL_STATE_DICT) into an unwrapped model "
       "and export that.",
       match=r"FSDP|[Ff]lat|fsdp|shard|distributed")


def case_03():
    return _c("case_03", "compiled-forward-attr", "export_failure", "export", """
""" + LIN + """
model = M()
# training sped the step up by compiling the bound forward in place
model.forward = torch.compile(model.forward)
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cfwd19.pt2")
""", "The training code replaced model.forward with torch.compile(model.forward); export then "
       "traces a torch.compile'd callable, which it refuses to trace into.",
       "Export a fresh, uncompiled instance (or restore model.forward = type(model).forward) "
       "before torch.export.",
       match=r"compile|Dynamo|dynamo")


def case_04():
    return _c("case_04", "optimized-module-packaged", "unsupported", "compile", """
""" + LIN + """
model = torch.compile(M().eval())
pkg = torch._inductor.aoti_compile_and_package(model, package_path="{scratch}/om19.pt2")
""", "The torch.compile'd model (an OptimizedModule wrapping _orig_mod) is passed straight to "
       "aoti_compile_and_package, which takes an ExportedProgram, not a module.",
       "Export model._orig_mod with torch.export.export and package the ExportedProgram.",
       match=r"ExportedProgram|OptimizedModule|attribute")


def case_05():
    return _c("case_05", "saliency-backward-hook", "unsupported", "export", """
""" + LIN + """
model = M().eval()
grads = []
# Grad-CAM style saliency hook from the analysis notebook, still registered
model.lin.register_full_backward_hook(lambda mod, gin, gout: grads.append(gout[0]))
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bhook19.pt2")
""", "A full backward hook (register_full_backward_hook, from a saliency analysis) is still on "
       "a submodule; it wraps the module's inputs and outputs in BackwardHookFunction nodes, "
       "which export does not support.",
       "Remove the hook handle (handle.remove()) before exporting.",
       match=r"hook|Hook")


def case_06():
    return _c("case_06", "activation-grad-hook", "unsupported", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.fc = torch.nn.Linear(4, 2)
        self.saved = None
    def save_grad(self, g):
        self.saved = g
    def forward(self, x):
        a = torch.relu(self.conv(x))
        if a.requires_grad:  # Grad-CAM: keep the activation gradient
            a.register_hook(self.save_grad)
        return self.fc(a.mean((2, 3)))
ep = torch.export.export(Net().eval(), (torch.randn(1, 3, 8, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ghook19.pt2")
""", "forward registers a tensor gradient hook on an activation (Grad-CAM code from training "
       "analysis); the parameters still require grad, so the hook is registered during export, "
       "which cannot trace Tensor.register_hook.",
       "Drop the hook from forward (or guard it with torch.compiler.is_exporting()).",
       match=r"hook")


def case_07():
    return _c("case_07", "cudagraph-step-marker", "unsupported", "compile", """
""" + LIN + """
class Step(M):
    def forward(self, x):
        torch.compiler.cudagraph_mark_step_begin()  # from the CUDA-graphs training loop
        return super().forward(x)
ep = torch.export.export(Step().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cgmark19.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "forward still calls torch.compiler.cudagraph_mark_step_begin(), a marker of the CUDA-graphs "
       "training loop, which the export/AOTI path does not handle.",
       "Call the marker in the training loop, not inside forward.",
       match=r"cudagraph|mark_step")


def case_08():
    return _c("case_08", "fold-before-eval", "unsupported", "export", """
from torch.nn.utils.fusion import fuse_conv_bn_eval
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3)
        self.bn = torch.nn.BatchNorm2d(8)
    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))
net = Net()  # straight out of the training loop: still in train mode
fused = fuse_conv_bn_eval(net.conv, net.bn)
ep = torch.export.export(torch.nn.Sequential(fused, torch.nn.ReLU()).eval(), (torch.randn(1, 3, 8, 8),))
""", "Conv and BatchNorm are folded for deployment with fuse_conv_bn_eval while the model is "
       "still in training mode; folding is only defined for eval-mode modules and is refused.",
       "Call model.eval() before folding (or use the QAT fusion for training-mode modules).",
       match=r"[Ff]usion only for eval|eval")


# ------------------------------------------------------------- quantisation-aware leftovers
def case_09():
    return _c("case_09", "calibrated-not-converted", "export_failure", "export", """
import torch.ao.quantization as tq
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = tq.QuantStub()
        self.lin = torch.nn.Linear(8, 4)
        self.dequant = tq.DeQuantStub()
    def forward(self, x):
        return self.dequant(torch.relu(self.lin(self.quant(x))))
net = Net().eval()
net.qconfig = tq.get_default_qconfig("x86")
tq.prepare(net, inplace=True)
for _ in range(4):
    net(torch.randn(16, 8))  # calibration
# tq.convert(net) was forgotten: the observers are still in the model
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/obs19.pt2")
""", "After post-training calibration the model still holds its observers (convert was never "
       "called); the HistogramObserver's forward branches in Python on the observed values, "
       "which export cannot evaluate.",
       "Call torch.ao.quantization.convert (or remove the observers) before exporting.",
       match=r"data-dependent|[Dd]ata dependent|GuardOnDataDependent|Could not guard|"
             r"Observer|observer|histc|item")


def case_10():
    return _c("case_10", "learnable-step-size", "unsupported", "compile", """
class LSQLinear(torch.nn.Module):
    # LSQ quantisation-aware training: learnable activation scale
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.scale = torch.nn.Parameter(torch.tensor([0.05]))
        self.register_buffer("zp", torch.tensor([0.0]))
    def forward(self, x):
        xq = torch._fake_quantize_learnable_per_tensor_affine(x, self.scale, self.zp, 0, 255, 1.0)
        return self.lin(xq)
model = LSQLinear().eval()
ep = torch.export.export(model, (torch.rand(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lsq19.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.rand(2, 8)
torch.testing.assert_close(m(x), model(x))
""", "The LSQ (learnable step size) fake-quantisation op of the QAT run is still in forward; "
       "the learnable fake-quant op has no inductor lowering or decomposition for this path.",
       "Convert the QAT model to a real quantised (or float) model before export.",
       match=r"fake_quantize_learnable|learnable")


def case_11():
    return _c("case_11", "weight-fake-quant-channel", "unsupported", "compile", """
class QATLinear(torch.nn.Linear):
    def forward(self, x):
        s = self.weight.detach().abs().amax(1) / 127
        w = torch.fake_quantize_per_channel_affine(self.weight, s, torch.zeros(4, dtype=torch.int32), 0, -128, 127)
        return F.linear(x, w, self.bias)
model = QATLinear(8, 4).eval()
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pcfq19.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), model(x))
""", "The QAT per-channel weight fake-quantisation is still in forward "
       "(fake_quantize_per_channel_affine with a scale computed from the weight).",
       "Fold the fake-quantised weights (convert the QAT model) before export.",
       match=r"fake_quantize|int32|zero_point")


# ------------------------------------------------------------ training-only code in forward
def case_12():
    return _c("case_12", "warmup-counter", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.register_buffer("step", torch.tensor(0))
    def forward(self, x):
        self.step += 1
        if self.step < 1000:  # learning-rate-free warm-up of the residual branch
            return self.lin(x) * (self.step / 1000)
        return self.lin(x)
ep = torch.export.export(Net().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/warm19.pt2")
""", "forward keeps the training warm-up: a step-counter buffer incremented every call and a "
       "Python branch on its value, a data-dependent condition export cannot evaluate.",
       "Remove the warm-up branch for inference (it is finished after training).",
       match=r"data-dependent|[Dd]ata dependent|GuardOnDataDependent|Could not guard")


def case_13():
    return _c("case_13", "synced-stats", "unsupported", "export", """
import torch.distributed as dist
class Norm(torch.nn.Module):
    # cross-replica feature normalisation from the multi-node training run
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        h = self.lin(x)
        mean = h.mean(0, keepdim=True)
        dist.all_reduce(mean)
        mean = mean / dist.get_world_size()
        return h - mean
ep = torch.export.export(Norm().eval(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/coll19.pt2")
""", "forward keeps a cross-replica statistic (dist.all_reduce) from multi-node training; the "
       "export process has no process group, so the collective cannot run.",
       "Use the locally computed (or stored running) statistic at inference; drop the collective.",
       match=r"process group|init_process_group|group cannot be None")


def case_14():
    return _c("case_14", "segmented-blocks", "unsupported", "export", """
from torch.utils.checkpoint import checkpoint_sequential
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.Sequential(*[torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.GELU()) for _ in range(4)])
    def forward(self, x):
        return checkpoint_sequential(self.blocks, 2, x)  # memory saving from training
ep = torch.export.export(Net().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/seq19.pt2")
""", "forward still runs its blocks through checkpoint_sequential (activation checkpointing from "
       "training) without use_reentrant, which defaults to the reentrant autograd Function that "
       "export cannot trace.",
       "Call self.blocks(x) directly at inference (checkpointing only matters for backward).",
       match=r"checkpoint|CheckpointFunction|autograd.Function|reentrant")


def case_15():
    return _c("case_15", "hparams-in-checkpoint", "deprecated_api", "load", """
import argparse
""" + LIN + """
args = argparse.Namespace(lr=0.1, epochs=3, hidden=8)
torch.save({"model": M().state_dict(), "args": args, "epoch": 3}, "{scratch}/last.ckpt")
# the export script of the deploy image (newer torch) reloads the trainer's checkpoint
ckpt = torch.load("{scratch}/last.ckpt")
model = M()
model.load_state_dict(ckpt["model"])
""", "The trainer's checkpoint stores its argparse.Namespace hyper-parameters next to the weights; "
       "torch.load's default is now weights_only=True, which refuses the Namespace global that "
       "the old default (weights_only=False) unpickled.",
       "Load with weights_only=False from a trusted file, allow-list argparse.Namespace "
       "(torch.serialization.add_safe_globals), or save plain dicts.",
       match=r"Namespace|weights_only|Weights only")


def case_16():
    return _c("case_16", "trainer-ckpt-as-weights", "constant_loading", "export", """
""" + LIN + """
model = M()
opt = torch.optim.AdamW(model.parameters())
model(torch.randn(2, 8)).sum().backward(); opt.step()
torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "epoch": 1}, "{scratch}/ckpt.pt")
fresh = M()
fresh.load_state_dict(torch.load("{scratch}/ckpt.pt"))
ep = torch.export.export(fresh.eval(), (torch.randn(2, 8),))
""", "The whole training checkpoint (model, optimizer state and epoch) is passed to "
       "load_state_dict instead of its 'model' entry, so no parameter key matches.",
       "Load ckpt['model'] into the model before export.",
       match=r"Missing key|Unexpected key")


def case_17():
    return _c("case_17", "rank0-shard-refresh", "constant_loading", "run", """
torch.manual_seed(0)
""" + LIN + """
ref = M()
new_w = ref.lin.weight.detach() * 2  # the retrained weight
shard = new_w.chunk(2, 0)[0].clone()  # what rank 0 saved in the sharded checkpoint
m = torch._inductor.aoti_load_package("{lin19}")
m.load_constants({"lin.weight": shard}, check_full_update=False)
x = torch.randn(2, 8)
want = torch.relu(F.linear(x, new_w, ref.lin.bias.detach())) * 2 + 1
torch.testing.assert_close(m(x), want)
""", "The weights refresh takes lin.weight from rank 0's shard of a sharded (FSDP-style) "
       "checkpoint, half the rows; load_constants copies it without a shape check, so the "
       "kernel reads past it and computes wrong outputs.",
       "Gather a full state dict (or consolidate the shards) before loading the constants.",
       needs=("j",), match=r"not close|Mismatched|Tensor-likes")


def case_18():
    return _c("case_18", "ema-shadow-bf16", "constant_loading", "run", """
torch.manual_seed(0)
""" + LIN + """
ref = M()
ema_w = (ref.lin.weight.detach() * 0.9).to(torch.bfloat16)  # EMA shadow kept in bf16 by the AMP trainer
m = torch._inductor.aoti_load_package("{lin19}")
m.load_constants({"lin.weight": ema_w}, check_full_update=False)
x = torch.randn(2, 8)
want = torch.relu(F.linear(x, ema_w.float(), ref.lin.bias.detach())) * 2 + 1
torch.testing.assert_close(m(x), want, atol=1e-2, rtol=1e-2)
""", "The EMA weights come from the mixed-precision trainer, which keeps its shadow copy in "
       "bfloat16; load_constants copies the 2-byte tensor into the float32 constant without a "
       "dtype check, so the kernel reads reinterpreted bytes.",
       "Cast the EMA weights to the package's dtype (ema_w.float()) before load_constants.",
       needs=("j",), match=r"not close|Mismatched|dtype|Tensor-likes")


def case_19():
    return _c("case_19", "serving-without-targets", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{loss19}")
loss, logits = m(torch.randn(4, 8))  # at serving time there are no labels
""", "The package was exported from the training forward(x, labels) that returns the loss too; "
       "the serving call passes only the features, one input fewer than compiled.",
       "Export an inference forward without labels (or a wrapper returning logits only).",
       needs=("j",), match=r"input|arg|spec|tree")


def case_20():
    return _c("case_20", "first-decode-step", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tf19}")
src = torch.randn(2, 5, 8)
tgt = torch.zeros(2, 1, dtype=torch.long)  # greedy decoding starts from BOS only
logits = m(src, tgt)
""", "The decoder was exported in its teacher-forcing form with a static target length of 6; "
       "greedy decoding calls it with a 1-token prefix, outside the compiled shape, and the "
       "input check rejects it.",
       "Export with a dynamic Dim on the target length (or a separate single-step decoder).",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched dim|size|shape")


def case_21():
    return _c("case_21", "bf16-trained-fp32-request", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bf19}")
y = m(torch.randn(2, 8))  # requests are float32
""", "The model left bf16 training fully cast to bfloat16 and was exported that way; the "
       "serving code sends float32 features, and the input check rejects the dtype.",
       "Cast inputs to bfloat16, or export the float32 model (cast back with .float()).",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dtype|bfloat16|BFloat16|Float")


def case_22():
    return _c("case_22", "grad-carrying-request", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{lin19}")
emb = torch.nn.Linear(4, 8)
x = emb(torch.randn(2, 4))  # produced by a trainable upstream module: requires grad
y = m(x)
y.sum().backward()
""", "The package's input comes from a trainable upstream module, and the caller backpropagates "
       "through the package output as in training.",
       "Run the package under torch.no_grad()/inference_mode; train with eager or torch.compile.",
       needs=("j",), match=r"grad")


def case_23():
    return _c("case_23", "lazy-reinit", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.initialised = False
    def forward(self, x):
        if not self.initialised:  # deferred init from the training script
            with torch.no_grad():
                torch.nn.init.trunc_normal_(self.lin.weight, std=0.02)
                self.lin.bias.zero_()
            self.initialised = True
        return self.lin(x)
net = Net()
sd = {k: v.clone() for k, v in net.state_dict().items()}  # trained weights restored ...
net.load_state_dict(sd)
ep = torch.export.export(net.eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lazy19.pt2")
""", "forward keeps a deferred initialisation (trunc_normal_ and zero_ on the parameters on the "
       "first call); on the restored model it runs during export, and the in-place init code "
       "hits a data-dependent guard that export cannot evaluate.",
       "Initialise in __init__ (or set initialised=True after loading) so forward never "
       "re-initialises.",
       match=r"data-dependent|[Dd]ata dependent|GuardOnDataDependent")


def case_24():
    return _c("case_24", "weight-clipping", "torch_bug", "run", """
class Critic(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 1)
    def forward(self, x):
        with torch.no_grad():  # WGAN weight clipping, done in forward in the training code
            for p in self.parameters():
                p.clamp_(-0.01, 0.01)
        return self.lin(x)
model = Critic().eval()
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/clip19.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "forward clamps its own parameters in place (WGAN weight clipping kept in forward from "
       "training); export and AOTI compile accept the parameter mutation, but the loaded runner "
       "returns the mutated parameters as extra outputs, so unflattening the single output "
       "fails (an AOTI defect).",
       "Clip the weights once after training and remove the clamp from forward.",
       match=r"treespec|leaves")


def case_25():
    return _c("case_25", "mc-sampling-left", "numerical", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 16)
        self.head = torch.nn.Linear(16, 4)
    def forward(self, x):
        # MC-dropout from the uncertainty experiments: training=True hard-coded
        return self.head(F.dropout(torch.relu(self.lin(x)), 0.2, training=True))
ep = torch.export.export(Net().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mcd19.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), m(x))  # the service's determinism check
""", "forward calls F.dropout(..., training=True) (MC-dropout from uncertainty experiments), so "
       "model.eval() does not turn it off; the compiled model samples a new mask on every call.",
       "Use F.dropout(..., training=self.training) or nn.Dropout for inference.",
       match=r"not close|Mismatched|Tensor-likes")


def case_26():
    return _c("case_26", "no-running-stats", "numerical", "run", """
from torch.export import Dim
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.bn = torch.nn.BatchNorm2d(4, track_running_stats=False)
    def forward(self, x):
        return torch.relu(self.bn(self.conv(x))).mean((2, 3))
ep = torch.export.export(Net().eval(), (torch.randn(4, 3, 8, 8),), dynamic_shapes={"x": {0: Dim("b", min=1, max=16)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bnx19.pt2")
m = torch._inductor.aoti_load_package(pkg)
batch = torch.randn(4, 3, 8, 8)
torch.testing.assert_close(m(batch[:1]), m(batch)[:1])  # one request alone vs batched
""", "The BatchNorm was trained with track_running_stats=False, so even in eval mode it "
       "normalises with the current batch's statistics; a request's output depends on the "
       "other requests in its batch.",
       "Train with running statistics (or recompute them) so eval-mode BatchNorm is per-sample.",
       match=r"not close|Mismatched|Tensor-likes")


def case_27():
    return _c("case_27", "cumulative-average-norm", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.bn = torch.nn.BatchNorm1d(8, momentum=None)  # cumulative moving average
    def forward(self, x):
        return self.bn(self.lin(x))
net = Net()  # .eval() forgotten after the training loop
ep = torch.export.export(net, (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cbn19.pt2")
""", "A BatchNorm with momentum=None (cumulative average) is exported in training mode; its "
       "forward computes 1 / float(num_batches_tracked) from a buffer value, which export "
       "cannot turn into a Python float.",
       "Call model.eval() before exporting.",
       match=r"data-dependent|[Dd]ata dependent|GuardOnDataDependent|Could not guard|float")


def case_28():
    return _c("case_28", "randomized-slope", "numerical", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.act = torch.nn.RReLU()
    def forward(self, x):
        return self.act(self.lin(x))
ep = torch.export.export(Net(), (torch.randn(2, 8),))  # .eval() forgotten
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rrelu19.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), m(x))
""", "An RReLU model is exported in training mode (.eval() forgotten), where the negative "
       "slope is sampled per element; the compiled model samples new slopes on every call, so "
       "the service's determinism check fails.",
       "Call model.eval() before export (RReLU then uses the fixed mean slope).",
       match=r"not close|Mismatched|Tensor-likes")


def case_29():
    return _c("case_29", "anomaly-debug-global", "unsupported", "compile", """
torch.autograd.set_detect_anomaly(True)  # left on from debugging NaN losses in training
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/anom19.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "torch.autograd.set_detect_anomaly(True) is still switched on globally from debugging the "
       "training run while exporting and compiling.",
       "Switch anomaly detection off for export/compile.",
       match=r"anomaly")


def case_30():
    return _c("case_30", "all-padding-batch", "numerical", "run", """
m = torch._inductor.aoti_load_package("{loss19}")
x = torch.randn(4, 8)
labels = torch.full((4,), -100)  # an evaluation batch that is all padding
loss, logits = m(x, labels)
assert torch.isfinite(loss), loss
""", "The exported forward still computes the training loss (mean cross-entropy); for a batch "
       "whose labels are all ignore_index (-100) the mean divides 0 by 0, giving NaN.",
       "Export the inference forward without the loss, or skip batches without real labels.",
       needs=("j",), match=r"AssertionError")


def case_31():
    return _c("case_31", "selective-recompute", "unsupported", "export", """
import functools
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy
def policy(ctx, op, *args, **kwargs):
    return CheckpointPolicy.MUST_SAVE if op == torch.ops.aten.mm.default else CheckpointPolicy.PREFER_RECOMPUTE
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 8)
        self.b = torch.nn.Linear(8, 4)
    def block(self, x):
        return self.b(torch.relu(self.a(x)))
    def forward(self, x):
        return checkpoint(self.block, x, use_reentrant=False,
                          context_fn=functools.partial(create_selective_checkpoint_contexts, policy))
ep = torch.export.export(Net().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sac19.pt2")
""", "forward keeps selective activation checkpointing (checkpoint with a context_fn policy from "
       "the training memory tuning), whose TorchDispatchMode contexts export does not support.",
       "Call the block directly at inference.",
       match=r"checkpoint|context_fn|Dispatch|selective")


def case_32():
    return _c("case_32", "grad-enabled-block", "unsupported", "compile", """
class Net(torch.nn.Module):
    # test-time adaptation leftover: a block that must see gradients
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        with torch.enable_grad():
            h = self.lin(x)
        return torch.softmax(h, -1)
with torch.no_grad():
    ep = torch.export.export(Net().eval(), (torch.randn(2, 8),))
    pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/egrad19.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "forward re-enables autograd in a block (torch.enable_grad, from test-time adaptation) "
       "while the export and compile run under torch.no_grad().",
       "Drop the enable_grad block from the inference forward.",
       match=r"grad")


def case_33():
    return _c("case_33", "frozen-backbone-block", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 4)
        for p in self.backbone.parameters():
            p.requires_grad_(False)
    def forward(self, x):
        with torch.no_grad():  # the frozen backbone of the fine-tuning run
            f = self.backbone(x)
        return self.head(torch.relu(f))
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/frz19.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "forward keeps the fine-tuning structure: a torch.no_grad() block around the frozen "
       "backbone, exported with the head's parameters still requiring grad.",
       "Export under torch.no_grad() from an eval-mode model without the grad-mode block.",
       match=r"grad")


def case_34():
    return _c("case_34", "teacher-forced-loop", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Dec(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 8)
        self.cell = torch.nn.GRUCell(8, 8)
        self.out = torch.nn.Linear(8, 10)
    def forward(self, h, tgt):
        outs = []
        for t in range(tgt.shape[1]):  # teacher forcing: feed the gold token of each step
            h = self.cell(self.emb(tgt[:, t]), h)
            outs.append(self.out(h))
        return torch.stack(outs, 1)
T = Dim("T", min=2, max=32)
ep = torch.export.export(Dec().eval(), (torch.randn(2, 8), torch.randint(0, 10, (2, 6))),
                         dynamic_shapes={"h": None, "tgt": {1: T}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/loop19.pt2")
""", "The teacher-forcing decoder loops in Python over the target length; with that length "
       "marked dynamic, range(T) needs a concrete value, so export specialises T to the "
       "example's 6, violating the Dim.",
       "Export a single decode step (or use a static length / torch scan) instead of the "
       "teacher-forcing loop.",
       match=r"Constraints violated|specializ|Dim")


def case_35():
    return _c("case_35", "fully-sharded-params", "unsupported", "export", """
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
""" + LIN + """
dist.init_process_group("gloo", init_method="file://{scratch}/pg", rank=0, world_size=1)
model = M()
fully_shard(model, mesh=init_device_mesh("cpu", (1,)))  # FSDP2 from the training script
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fsdp2_19.pt2")
""", "The model still carries FSDP2's fully_shard: its parameters are sharded DTensors and its "
       "pre-forward unshard hook reads the sharded storage's data pointer, which the fake "
       "tensors of export do not have.",
       "Gather the full state dict (get_model_state_dict with full_state_dict=True) into a plain "
       "model and export that.",
       match=r"DTensor|FSDP|fsdp|shard|[Dd]istributed")


def case_36():
    return _c("case_36", "half-finetune-float-example", "input_mismatch", "export", """
""" + LIN + """
model = M().half().eval()  # the fp16 fine-tune's final model
example = torch.randn(2, 8)  # the example batch from the float32 data pipeline
ep = torch.export.export(model, (example,))
""", "The fine-tuned model was cast to float16 for training/saving, but the export example comes "
       "from the float32 data pipeline; the linear gets float32 activations and float16 weights.",
       "Export with a float16 example (example.half()) or cast the model back to float32.",
       match=r"dtype|Half|Float")


def case_37():
    return _c("case_37", "compile-before-restore", "constant_loading", "export", """
""" + LIN + """
torch.save(M().state_dict(), "{scratch}/weights.pt")  # plain keys: lin.weight, lin.bias
model = torch.compile(M())  # the training entry point compiles first ...
model.load_state_dict(torch.load("{scratch}/weights.pt"))  # ... then restores the weights
ep = torch.export.export(model._orig_mod.eval(), (torch.randn(2, 8),))
""", "The weights are restored into the torch.compile'd wrapper (OptimizedModule), whose "
       "state_dict keys carry the '_orig_mod.' prefix, from a checkpoint with plain keys.",
       "Load the state dict into model._orig_mod (or the uncompiled module) before compiling.",
       match=r"Missing key|Unexpected key|_orig_mod")


def case_38():
    return _c("case_38", "checkpoint-as-program", "unsupported", "load", """
""" + LIN + """
torch.save(M().state_dict(), "{scratch}/model.pt")  # what the training job publishes
ep = torch.export.load("{scratch}/model.pt")  # the compile job expects an exported program
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ckprog19.pt2")
""", "The compile job calls torch.export.load on the training job's torch.save state-dict "
       "checkpoint; it is a zip archive too, but holds no serialized ExportedProgram, so "
       "deserialisation fails.",
       "Export in the training job (torch.export.save) or rebuild the model, load the state "
       "dict and export it in the compile job.",
       match=r".")


def case_39():
    return _c("case_39", "margin-head-served", "numerical", "run", """
class CosFaceHead(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.W = torch.nn.Parameter(torch.randn(4, 8))
    def forward(self, emb, labels):
        cos = F.linear(F.normalize(emb), F.normalize(self.W))
        return 16.0 * (cos - 0.35 * F.one_hot(labels, 4))  # additive margin on the target class
torch.manual_seed(0)
head = CosFaceHead().eval()
ep = torch.export.export(head, (torch.randn(2, 8), torch.tensor([1, 2])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/margin19.pt2")
m = torch._inductor.aoti_load_package(pkg)
emb = torch.randn(2, 8)
scores = m(emb, torch.zeros(2, dtype=torch.long))  # no labels at serving: a zero placeholder
want = 16.0 * F.linear(F.normalize(emb), F.normalize(head.W.detach()))
torch.testing.assert_close(scores, want)
""", "The exported head is the training CosFace head, which subtracts a margin from the target "
       "class's logit using the labels; served with a zero placeholder label, class 0's scores "
       "are silently lowered.",
       "Export the inference head (plain scaled cosine) without labels.",
       match=r"not close|Mismatched|Tensor-likes")


CASES = [case_01, case_02, case_04, case_08, case_09, case_12, case_13, case_15, case_16, case_17,
         case_18, case_19, case_20, case_21, case_23, case_24, case_25, case_26, case_27, case_28,
         case_30, case_34, case_35, case_37, case_38, case_39]
# Failed in a trial but dropped (kept for reference, not run): case_22 (a package input that
# requires grad, then backward through the output: "element 0 of tensors does not require grad",
# the same fault as live_blind.py's grad-step, reached the same way in the end: backward through
# the package's output).
DROPPED = [case_22]
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_03 (model.forward = torch.compile(model.forward)
# before export), case_05 (register_full_backward_hook left on a submodule), case_06
# (Tensor.register_hook on an activation in forward), case_07 (cudagraph_mark_step_begin() in
# forward), case_10 (LSQ _fake_quantize_learnable_per_tensor_affine in forward), case_11
# (fake_quantize_per_channel_affine on the weight in forward), case_14 (checkpoint_sequential
# without use_reentrant), case_29 (set_detect_anomaly(True) left on), case_31 (selective
# activation checkpointing with a context_fn policy), case_32 (torch.enable_grad() block in
# forward, export and compile under no_grad), case_33 (torch.no_grad() block around a frozen
# backbone): all exported, compiled, loaded and ran (and matched eager where checked);
# case_36 (a float16 model exported with a float32 example): export succeeded.
TRIED = [case_03, case_05, case_06, case_07, case_10, case_11, case_14, case_29, case_31,
         case_32, case_33, case_36]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind19.jsonl",
        url_file="benchmarks/live_blind19.py", id_prefix="live19", stems=STEMS,
        scratch_prefix="live_blind19-", description=__doc__.splitlines()[0]))
