"""A seventh blind set of REAL AOTInductor failures (model authoring and compiling), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind7.py [--out benchmarks/live_blind7.jsonl] [--keep]

Theme: model authoring and compiling (model code, torch.export options, inductor_configs,
numerics of the compiled model, compile-time limits). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind5.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
SETUP_J = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

class Emb(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 16)
    def forward(self, ids):
        return self.emb(ids).mean(1)

class RelBias(torch.nn.Module):
    def __init__(self, max_len=16):
        super().__init__()
        self.max_len = max_len
        self.table = torch.nn.Parameter(torch.randn(2 * max_len - 1))
    def forward(self, scores):
        t = scores.shape[-1]
        pos = torch.arange(t)
        rel = pos[None, :] - pos[:, None] + (self.max_len - 1)
        return torch.softmax(scores + self.table[rel], dim=-1)

class Standardise(torch.nn.Module):
    def forward(self, x):
        return (x - x.mean(1, keepdim=True)) / (x.std(1, keepdim=True) + 1e-5)

class OptMask(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 8)
    def forward(self, x, mask=None):
        s = self.proj(x) @ x.transpose(-1, -2)
        if mask is not None:
            s = s.masked_fill(~mask, float("-inf"))
        return torch.softmax(s, -1)

class Drop(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(16, 16)
        self.drop = torch.nn.Dropout(0.1)
    def forward(self, x):
        return self.drop(torch.relu(self.lin(x)))

def build(name, m, args, kwargs=None, dynamic_shapes=None, configs=None):
    try:
        ep = torch.export.export(m, args, kwargs=kwargs, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("emb7", Emb().eval(), (torch.randint(0, 1000, (2, 6)),))
t = Dim("t", min=2, max=256)
build("relb7", RelBias().eval(), (torch.randn(2, 8, 8),), dynamic_shapes={"scores": {1: t, 2: t}})
build("std7", Standardise(), (torch.randn(4, 8, 16),), dynamic_shapes={"x": {1: Dim("t", min=1, max=512)}})
build("optmask7", OptMask().eval(), (torch.randn(2, 5, 8),))
build("drop7", Drop(), (torch.randn(4, 16),))  # train mode: eval() was never called
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"emb7", "relb7", "std7", "optmask7", "drop7", "pack7", "cat7", "oh7", "msel7", "uniq7",
         "loop7", "auto7", "conv7", "bf7", "pin7", "rope7", "sp7", "inpl7", "pms7", "rcf7",
         "ats7", "tri7", "mode7", "nmed7", "ucons7", "ssort7", "alias7", "lstm7", "dim0_7",
         "leaf7", "mname7", "gqa7", "wfake7", "hist7"}

PRE = "import torch\nfrom torch.export import Dim\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "packed-gru", "export_failure", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = torch.nn.GRU(8, 16, batch_first=True)
    def forward(self, x, lengths):
        packed = torch.nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True,
                                                         enforce_sorted=False)
        _, h = self.gru(packed)
        return h[-1]
ep = torch.export.export(M().eval(), (torch.randn(3, 10, 8), torch.tensor([10, 7, 4])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pack7.pt2")
""", "forward packs the padded batch with pack_padded_sequence(x, lengths) before the GRU; "
       "packing needs the concrete length values (data-dependent), which export cannot trace.",
       "Run the GRU on the padded batch and mask (or gather the last valid step with lengths) "
       "instead of packing inside the exported model.")


def case_02():
    return _c("case_02", "categorical-sample", "export_failure", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(16, 50)
    def forward(self, h):
        logits = self.head(h)
        dist = torch.distributions.Categorical(logits=logits)
        return dist.sample()
ep = torch.export.export(M().eval(), (torch.randn(2, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cat7.pt2")
""", "forward samples the next token with torch.distributions.Categorical, whose argument "
       "validation checks the logits' values with Python booleans (data-dependent under export).",
       "Sample with torch.multinomial(torch.softmax(logits, -1), 1) or build the distribution "
       "with validate_args=False.")


def case_03():
    return _c("case_03", "one-hot-default", "export_failure", "export", """
class M(torch.nn.Module):
    def forward(self, labels, feats):
        onehot = torch.nn.functional.one_hot(labels).float()
        return onehot.T @ feats
ep = torch.export.export(M(), (torch.tensor([0, 2, 1, 2]), torch.randn(4, 8)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/oh7.pt2")
""", "one_hot(labels) is called without num_classes, so the class count is labels.max() + 1, "
       "a value read from the data that export cannot know.",
       "Pass num_classes explicitly (one_hot(labels, num_classes=C)).")


def case_04():
    return _c("case_04", "valid-tokens-view", "export_failure", "export", """
class M(torch.nn.Module):
    def forward(self, x, mask):
        kept = x[mask]
        return kept.view(x.shape[0], -1, x.shape[-1]).mean(1)
x = torch.randn(2, 6, 4)
mask = torch.tensor([[1, 1, 1, 0, 0, 0], [1, 1, 0, 1, 0, 0]], dtype=torch.bool)
ep = torch.export.export(M(), (x, mask))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/msel7.pt2")
""", "forward selects the valid tokens with a boolean mask (x[mask]), whose length is "
       "data-dependent, and reshapes them per batch row; export cannot prove the view is valid.",
       "Keep the padded layout and use a masked mean ((x * m).sum(1) / m.sum(1)).",
       match=r"data.dependent|GuardOnDataDependent|Could not|u0|unbacked")


def case_05():
    return _c("case_05", "dedup-ids", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8)
    def forward(self, ids):
        uniq = torch.unique(ids)
        return self.emb(uniq).sum(0)
ep = torch.export.export(M(), (torch.tensor([3, 5, 3, 9, 5]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/uniq7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1, 1, 2]))
""", "forward de-duplicates the ids with torch.unique, whose output length depends on the data.",
       "De-duplicate outside the model or use a fixed-size formulation (scatter into a "
       "vocabulary-sized mask).")


def case_06():
    return _c("case_06", "timestep-loop", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = torch.nn.GRUCell(8, 16)
    def forward(self, x):
        h = torch.zeros(x.shape[0], 16)
        for t in range(x.shape[1]):
            h = self.cell(x[:, t], h)
        return h
ep = torch.export.export(M().eval(), (torch.randn(2, 5, 8),),
                         dynamic_shapes={"x": {1: Dim("steps", min=2, max=100)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/loop7.pt2")
""", "A hand-written recurrence loops `for t in range(x.shape[1])` while the time dimension is "
       "declared dynamic; the Python loop unrolls over the example length and specialises it.",
       "Keep the sequence length static (one package per length), or use nn.GRU, or pad to a "
       "fixed length.")


def case_07():
    return _c("case_07", "auto-batch-heads", "dynamic_shape_guard", "run", """
class M(torch.nn.Module):
    def __init__(self, batch=2):
        super().__init__()
        self.batch = batch
        self.qkv = torch.nn.Linear(32, 96)
    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        q, k, v = (t.view(self.batch, -1, 4, 8).transpose(1, 2) for t in (q, k, v))
        o = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        return o.transpose(1, 2).reshape(self.batch, -1, 32)
ep = torch.export.export(M().eval(), (torch.randn(2, 6, 32),),
                         dynamic_shapes={"x": {0: Dim.AUTO, 1: Dim.AUTO}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/auto7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 6, 32))
""", "The batch was left to Dim.AUTO, but forward reshapes with a batch size stored on the "
       "module (self.batch = 2), so export silently specialised batch to 2; a batch of 4 at run "
       "time violates that.", "Use x.shape[0] in the view (or -1), and declare Dim.DYNAMIC to make "
       "export fail loudly when a dimension is specialised.")


def case_08():
    return _c("case_08", "short-signal-conv", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(4, 8, kernel_size=7)
    def forward(self, x):
        return self.conv(x).amax(-1)
ep = torch.export.export(M().eval(), (torch.randn(2, 4, 64),),
                         dynamic_shapes={"x": {2: Dim("t", min=2, max=4096)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/conv7.pt2")
""", "The signal length is declared Dim('t', min=2), but a Conv1d with kernel_size 7 (no "
       "padding) needs at least 7 samples, so the declared range is not valid.",
       "Declare min=7 (or pad the signal), matching the convolution's receptive field.")


def case_09():
    return _c("case_09", "int32-token-ids", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{emb7}")
ids = torch.tensor([[5, 17, 999, 3, 0, 42], [7, 7, 1, 2, 3, 4]], dtype=torch.int32)
y = m(ids)
""", "The package was exported with int64 token ids; the tokenizer's int32 ids are passed, and "
       "without input checks the kernel reads pairs of int32 as int64 indices.",
       "Cast ids to torch.long (ids.long()) before calling, or export with int32 ids.",
       needs=("j",))


def case_10():
    return _c("case_10", "relative-bias-long", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{relb7}")
y = m(torch.randn(2, 24, 24))
""", "The relative-position bias table covers distances up to 15 (max_len 16), but the sequence "
       "length was exported as Dim('t', max=256); a 24-token input makes offsets past the table.",
       "Clamp the relative distance to [-(max_len-1), max_len-1] (as T5 buckets do) or bound the "
       "Dim by max_len.", needs=("j",), match=r"index out of bounds|out of bounds")


def case_11():
    return _c("case_11", "bf16-parity", "numerical", "run", """
class M(torch.nn.Module):
    def forward(self, x):
        h = x * 1.1 + 0.3
        h = h * torch.sigmoid(h)
        return (h - x) * 0.7
x = torch.randn(64, 64, dtype=torch.bfloat16)
ep = torch.export.export(M(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bf7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
ref = M()(x)
assert torch.equal(y, ref), f"{(y.float() - ref.float()).abs().max().item()} max abs diff"
""", "A bfloat16 chain of pointwise ops is fused by Inductor and computed in float32 with one "
       "final rounding, while eager rounds to bfloat16 after every op; bit-exact parity with eager "
       "does not hold.", "Compare with bf16-appropriate tolerances (assert_close with "
       "atol/rtol around 1e-2), or set emulate_precision_casts for parity tests.",
       match=r"AssertionError")


def case_12():
    return _c("case_12", "single-step-std", "numerical", "run", """
m = torch._inductor.aoti_load_package("{std7}")
y = m(torch.randn(4, 1, 16))
assert torch.isfinite(y).all(), y
""", "forward standardises each sequence with x.std(1), whose Bessel correction divides by "
       "(T - 1); a sequence of length 1 gives 0/0 = NaN.",
       "Use std(unbiased=False)/correction=0, or guard length-1 sequences.", needs=("j",),
       match=r"AssertionError")


def case_13():
    return _c("case_13", "exported-in-train-mode", "numerical", "run", """
m = torch._inductor.aoti_load_package("{drop7}")
x = torch.randn(4, 16)
a, b = m(x), m(x)
assert torch.equal(a, b), "two calls on the same input differ"
""", "The model was exported without calling .eval(), so its Dropout stays active in the "
       "compiled graph and every call drops different units.",
       "Call model.eval() before torch.export.export.", needs=("j",), match=r"AssertionError")


def case_14():
    return _c("case_14", "pinned-batch", "unsupported", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        x = x.pin_memory()
        return self.lin(x)
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pin7.pt2")
""", "forward pins the batch with x.pin_memory() (for faster GPU copies); export's fake "
       "tensors have no implementation of aten._pin_memory, so the op cannot be traced.",
       "Pin memory in the data loader on GPU hosts only; keep it out of forward.")


def case_15():
    return _c("case_15", "rope-complex", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self, dim=16, max_len=32):
        super().__init__()
        freqs = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_len).float()
        self.register_buffer("freqs_cis", torch.polar(torch.ones(max_len, dim // 2),
                                                      torch.outer(t, freqs)))
    def forward(self, q):
        qc = torch.view_as_complex(q.float().reshape(*q.shape[:-1], -1, 2))
        out = torch.view_as_real(qc * self.freqs_cis[: q.shape[1]]).flatten(-2)
        return out.type_as(q)
ep = torch.export.export(M().eval(), (torch.randn(2, 8, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rope7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8, 16))
""", "LLaMA-style rotary embeddings keep a complex64 buffer (freqs_cis) and multiply complex "
       "views; AOTI does not support complex constants/ops here.",
       "Store cos and sin as real buffers and apply the rotation with real arithmetic.")


def case_16():
    return _c("case_16", "sparse-pruned-weight", "unsupported", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        w = torch.randn(16, 8)
        w[w.abs() < 1.0] = 0
        self.register_buffer("w_sparse", w.to_sparse())
    def forward(self, x):
        return torch.sparse.mm(self.w_sparse, x.T).T
ep = torch.export.export(M().eval(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sp7.pt2")
""", "A pruned weight is stored as a sparse COO buffer and applied with torch.sparse.mm; "
       "export/AOTI work with dense strided tensors only.",
       "Keep the pruned weight dense (zeros in place) in the exported model.")


def case_17():
    return _c("case_17", "inplace-input-clamp", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        x.clamp_(-3.0, 3.0)
        return self.lin(x)
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/inpl7.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8) * 10
y = m(x)
assert x.abs().max() <= 3.0, "the input was not clamped in place"
""", "forward clamps its input in place (x.clamp_), a user-visible mutation of the input.",
       "Clamp out of place (x = x.clamp(...)).")


def case_18():
    return _c("case_18", "preserved-encoder", "unsupported", "compile", """
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return torch.relu(self.lin(x))
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Enc()
        self.head = torch.nn.Linear(8, 2)
    def forward(self, x):
        return self.head(self.enc(x))
ep = torch.export.export(M().eval(), (torch.randn(2, 8),), preserve_module_call_signature=("enc",))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pms7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The program was exported with preserve_module_call_signature=('enc',) (for later "
       "unflattening/swapping); the preserved call signature is passed on to AOTI compilation.",
       "Export without preserve_module_call_signature for AOTI.")


def case_19():
    return _c("case_19", "decomp-preserve-ops", "deprecated_api", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.nn.functional.gelu(self.lin(x))
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
ep = ep.run_decompositions(_preserve_ops=(torch.ops.aten.linear.default,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dec7.pt2")
""", "run_decompositions is called with _preserve_ops=(...), the torch 2.4/2.5 keyword; it was "
       "replaced by a decomp_table from torch.export.default_decompositions().",
       "table = torch.export.default_decompositions(); del table[aten.linear.default]; "
       "ep.run_decompositions(table).")


def case_20():
    return _c("case_20", "export-for-training", "deprecated_api", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x).relu()
ep = torch.export.export_for_training(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep.run_decompositions(),
                                               package_path="{scratch}/eft7.pt2")
""", "The script uses torch.export.export_for_training (torch 2.5-2.8 recipes), which has been "
       "removed; torch.export.export now produces the training IR itself.",
       "Call torch.export.export(...) directly.")


def case_21():
    return _c("case_21", "model-name-spaces", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x).relu()
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/mname7.pt2",
    inductor_configs={"aot_inductor.model_name_for_generated_files": "ranker v2 (prod)"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "inductor_configs names the generated files with a display name holding spaces and "
       "parentheses; AOTI accepts only letters, digits and underscores there.",
       "Use a plain identifier (letters, digits, underscores) for model_name_for_generated_files.")


def case_22():
    return _c("case_22", "runtime-const-fold", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return x @ self.lin.weight.T.contiguous() + self.lin.bias
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/rcf7.pt2",
    inductor_configs={"aot_inductor.use_runtime_constant_folding": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "inductor_configs turns on aot_inductor.use_runtime_constant_folding for a CPU build.",
       "Leave runtime constant folding off on CPU.")


def case_23():
    return _c("case_23", "autotune-subproc", "autotune_failure", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(64, 64)
    def forward(self, x):
        return self.lin(x).relu()
ep = torch.export.export(M().eval(), (torch.randn(32, 64),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/ats7.pt2",
    inductor_configs={"max_autotune": True, "autotune_in_subproc": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(32, 64))
""", "max_autotune with autotune_in_subproc benchmarks GEMM choices in a subprocess pool.",
       "Autotune in process (autotune_in_subproc=False) or drop max_autotune on CPU.")


def case_24():
    return _c("case_24", "causal-mask-max-len", "out_of_memory", "compile", """
import resource
class M(torch.nn.Module):
    def __init__(self, max_len=12000):
        super().__init__()
        self.max_len = max_len
    def forward(self, s):
        causal = torch.triu(torch.full((self.max_len, self.max_len), float("-inf")), 1)
        t = s.shape[-1]
        return torch.softmax(s + causal[:t, :t], -1)
ep = torch.export.export(M(), (torch.randn(2, 16, 16),))
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (384 << 20), vm + (384 << 20)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tri7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 16, 16))
""", "forward builds a full max_len x max_len causal mask (12000^2 floats, 576 MB) on every "
       "call, which Inductor folds into a constant at compile time; with 384 MiB of headroom "
       "the allocation fails.", "Build the mask for the actual length t (torch.triu on (t, t)) or "
       "use is_causal=True in scaled_dot_product_attention.")


def case_25():
    return _c("case_25", "mode-vote", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, votes):
        return torch.mode(votes, dim=-1).values
ep = torch.export.export(M(), (torch.randint(0, 5, (4, 9)),),
                         dynamic_shapes={"votes": {1: Dim("n", min=2, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mode7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randint(0, 5, (4, 11)))
""", "torch.mode over a dynamic dimension exports, but Inductor fails on it.",
       "Report upstream; compute the mode outside the compiled model.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_26():
    return _c("case_26", "nanmedian-pool", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.nanmedian(x, dim=1).values
ep = torch.export.export(M(), (torch.randn(4, 9),), dynamic_shapes={"x": {1: Dim("n", min=2, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nmed7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 13))
""", "nanmedian over a dynamic dimension exports, but Inductor fails on it.",
       "Report upstream; compute it outside the compiled model.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_27():
    return _c("case_27", "sorter-search", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, edges, v):
        order = torch.argsort(edges)
        return torch.searchsorted(edges, v, sorter=order)
ep = torch.export.export(M(), (torch.tensor([3.0, 1.0, 2.0, 5.0]), torch.tensor([2.5, 0.5, 4.0])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ssort7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([3.0, 1.0, 2.0, 5.0]), torch.tensor([2.5, 0.5, 4.0]))
ref = torch.searchsorted(torch.tensor([3.0, 1.0, 2.0, 5.0]), torch.tensor([2.5, 0.5, 4.0]),
                         sorter=torch.tensor([1, 2, 0, 3]))
assert torch.equal(y, ref), (y, ref)
""", "searchsorted with a sorter argument compiles but the compiled result differs from eager.",
       "Report upstream; sort the edges explicitly before searchsorted.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_28():
    return _c("case_28", "aliasing-custom-op", "unsupported", "run", """
@torch.library.custom_op("lb7::maybe_norm", mutates_args=())
def maybe_norm(x: torch.Tensor, enabled: bool) -> torch.Tensor:
    if not enabled:
        return x
    return x / x.norm(dim=-1, keepdim=True)
@maybe_norm.register_fake
def _(x, enabled):
    return torch.empty_like(x)
class M(torch.nn.Module):
    def forward(self, x):
        return torch.ops.lb7.maybe_norm(x, False) * 2
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/alias7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A torch.library custom op returns its input unchanged on one path (return x); custom "
       "ops may not return a tensor that aliases an input.",
       "Return x.clone() on the pass-through path.")


def case_29():
    return _c("case_29", "dynamic-lstm", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(8, 16, num_layers=2, batch_first=True)
    def forward(self, x):
        out, _ = self.lstm(x)
        return out[:, -1]
ep = torch.export.export(M().eval(), (torch.randn(2, 10, 8),),
                         dynamic_shapes={"x": {1: Dim("t", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lstm7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 30, 8))
""", "The LSTM's time dimension is declared Dim('t', min=2, max=256), but tracing nn.LSTM "
       "specialises the sequence length to the example's 10.",
       "Keep the sequence length static (pad to a fixed length) or export one package per length.",
       match=r"Constraints violated")


def case_30():
    return _c("case_30", "empty-batch-dim", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x).softmax(-1)
ep = torch.export.export(M().eval(), (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("n", min=0, max=1024)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dim0_7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(0, 8))
""", "The batch Dim is declared with min=0 to allow empty request batches; export refuses "
       "ranges that include 0/1, or the package rejects the empty batch.",
       "Declare min=1 (or 2) and skip the call for empty batches.")


def case_31():
    return _c("case_31", "inplace-on-leaf", "export_failure", "export", """
class M(torch.nn.Module):
    def forward(self, x):
        x.mul_(0.5)
        return x.tanh()
x = torch.randn(2, 8, requires_grad=True)
ep = torch.export.export(M(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/leaf7.pt2")
""", "The example input requires grad (taken from a training step) and forward scales it in "
       "place (x.mul_), an in-place op on a leaf that requires grad.",
       "Export with x.detach() as the example and avoid in-place ops on inputs.")


def case_32():
    return _c("case_32", "optional-mask-none", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{optmask7}")
x = torch.randn(2, 5, 8)
mask = torch.ones(2, 5, 5, dtype=torch.bool)
y = m(x, mask)
""", "The model was exported with the optional attention mask left at None (so the masking "
       "branch was dropped and the package takes one input); a mask is passed at run time.",
       "Export with an example mask tensor so the mask is part of the signature.", needs=("j",))


def case_33():
    return _c("case_33", "gqa-heads", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True,
                                                                enable_gqa=True)
args = (torch.randn(1, 8, 6, 16), torch.randn(1, 2, 6, 16), torch.randn(1, 2, 6, 16))
ep = torch.export.export(M(), args)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gqa7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(*args)
""", "Grouped-query attention through scaled_dot_product_attention(enable_gqa=True) exports, "
       "but AOTI fails on it.", "Report upstream; repeat_interleave k and v to the query heads.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_34():
    return _c("case_34", "wrong-fake-shape", "crash", "run", """
@torch.library.custom_op("lb7::topk_feats", mutates_args=())
def topk_feats(x: torch.Tensor, k: int) -> torch.Tensor:
    return torch.topk(x, k, dim=-1).values.contiguous()
@topk_feats.register_fake
def _(x, k):
    return torch.empty_like(x)
class M(torch.nn.Module):
    def forward(self, x):
        return torch.ops.lb7.topk_feats(x, 3) + 1
ep = torch.export.export(M(), (torch.randn(4, 10),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/wfake7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 10))
assert y.shape == (4, 3), y.shape
""", "The custom op's fake (meta) implementation returns empty_like(x) (4, 10) while the real "
       "kernel returns the top-3 values (4, 3); the compiled graph is planned with the wrong "
       "shape, and the process aborts.", "Make register_fake return x.new_empty(*x.shape[:-1], k).",
       expect="crash")


def case_35():
    return _c("case_35", "histc-dynamic", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.histc(x, bins=10, min=-3, max=3)
ep = torch.export.export(M(), (torch.randn(100),), dynamic_shapes={"x": {0: Dim("n", min=2, max=10000)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hist7.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(300))
""", "histc over a dynamic length exports, but AOTI fails on it.",
       "Report upstream; compute the histogram outside the compiled model.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_36():
    return _c("case_36", "timing-sync", "device_mismatch", "export", """
import time
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = self.lin(x).relu()
        torch.cuda.synchronize()
        self.last_ms = (time.perf_counter() - t0) * 1e3
        return y
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sync7.pt2")
""", "forward keeps GPU timing code (torch.cuda.synchronize() around the layer) from "
       "profiling; this CPU-only torch has no CUDA device to synchronise.",
       "Remove the timing code from forward (time the call outside the model), or guard it "
       "with torch.cuda.is_available().", match=r"CUDA|cuda")


CASES = [case_01, case_02, case_03, case_06, case_08, case_09, case_10, case_11, case_12,
         case_13, case_14, case_16, case_19, case_20, case_21, case_28, case_29, case_31,
         case_32, case_34, case_36]
DROPPED: list = []
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_04 (x[mask].view(B, -1, D): exported, compiled),
# case_05 (torch.unique before an embedding: compiled, ran), case_07 (Dim.AUTO batch
# specialised by a stored batch size, run with batch 4: ran), case_15 (complex RoPE buffer:
# compiled, ran), case_17 (in-place clamp_ of the input: compiled, ran, input clamped),
# case_18 (preserve_module_call_signature: compiled, ran), case_22 (use_runtime_constant_folding
# on CPU: compiled, ran), case_23 (max_autotune with autotune_in_subproc: compiled, ran),
# case_24 (12000^2 causal mask under RLIMIT_AS +384 MiB: only the needed slice is computed),
# case_25 (torch.mode), case_26 (nanmedian), case_27 (searchsorted with sorter), case_30
# (Dim min=0 and an empty batch), case_33 (SDPA enable_gqa), case_35 (histc over a dynamic
# length): compiled, loaded and ran.
TRIED = [case_04, case_05, case_07, case_15, case_17, case_18, case_22, case_23, case_24,
         case_25, case_26, case_27, case_30, case_33, case_35]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind7.jsonl",
        url_file="benchmarks/live_blind7.py", id_prefix="live7", stems=STEMS,
        scratch_prefix="live_blind7-", description=__doc__.splitlines()[0]))
