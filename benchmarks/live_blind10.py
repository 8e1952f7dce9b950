"""A tenth blind set of REAL AOTInductor failures (porting model families to AOTI), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind10.py [--out benchmarks/live_blind10.jsonl] [--keep]

Theme: porting model families to AOTI, as teams do when they move an existing eager model to a
package: transformers (KV caches as inputs or buffers, rotary embeddings, generation loops,
scaled_dot_product_attention options), vision (patch embeddings, pooling/unpooling,
interpolation, grid_sample, normalisation layers in train/eval), audio and signal processing
(stft/istft, fft, complex tensors, quantised speech models), recommendation models
(EmbeddingBag, offsets, hashing, in-batch negatives), graph networks (index_add/scatter
message passing, kNN graphs), recurrent models (LSTM/GRU, packed sequences, hidden-state
inputs), sampling and randomness (multinomial, random noise, dropout, generators) and model
code idioms (lazy modules, lazily built caches, hooks, output dataclasses, parametrizations,
pruning, activation checkpointing, autocast regions). No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind9.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
import dataclasses, json, os, torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

class Step(nn.Module):
    # one decoder step; the KV cache comes in as inputs and goes out extended
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.o = nn.Linear(16, 16)
    def forward(self, x, past_k, past_v):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        k = torch.cat([past_k, k], 2)
        v = torch.cat([past_v, v], 2)
        o = F.scaled_dot_product_attention(q, k, v)
        return self.o(o.transpose(1, 2).reshape(B, T, 16)), k, v

class CachedAttn(nn.Module):
    # a static KV cache kept in buffers, written at cache_position
    def __init__(self, max_len=16):
        super().__init__()
        self.q = nn.Linear(16, 16)
        self.k = nn.Linear(16, 16)
        self.v = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(1, max_len, 16))
        self.register_buffer("v_cache", torch.zeros(1, max_len, 16))
    def forward(self, x, cache_position):
        self.k_cache.index_copy_(1, cache_position, self.k(x))
        self.v_cache.index_copy_(1, cache_position, self.v(x))
        s = self.q(x) @ self.k_cache.transpose(1, 2) / 4.0
        return torch.softmax(s, -1) @ self.v_cache

class Bag(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(1000, 8, mode="sum")
        self.top = nn.Linear(8, 1)
    def forward(self, ids, offsets):
        return torch.sigmoid(self.top(self.bag(ids, offsets)))

class Hashed(nn.Module):
    def __init__(self, buckets=1000):
        super().__init__()
        self.buckets = buckets
        self.emb = nn.Embedding(buckets, 8)
    def forward(self, raw_ids):
        return self.emb(torch.fmod(raw_ids, self.buckets)).sum(1)

class GCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        deg = torch.zeros(x.shape[0]).index_add_(0, dst, torch.ones(dst.shape[0]))
        dinv = deg.pow(-0.5)
        norm = dinv[src] * dinv[dst]
        msg = self.lin(x)[src] * norm.unsqueeze(-1)
        return torch.zeros_like(x).index_add_(0, dst, msg)

class LogSpec(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
    def forward(self, wav):
        s = torch.stft(wav, 256, hop_length=128, window=self.win, return_complex=True)
        return torch.log(s.abs() ** 2)

class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 50)
    def forward(self, h, temperature):
        logits = self.head(h) / temperature
        return torch.multinomial(torch.softmax(logits, -1), 1)

class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 16, num_layers=2, batch_first=True)
    def forward(self, x, h0, c0):
        out, (h, c) = self.lstm(x, (h0, c0))
        return out[:, -1], h, c

class WNHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.utils.parametrizations.weight_norm(nn.Linear(8, 4))
    def forward(self, x):
        return torch.relu(self.proj(x))

@dataclasses.dataclass
class TagOut:
    probs: torch.Tensor
    hidden: torch.Tensor

torch.export.register_dataclass(TagOut, serialized_type_name="taggerlib.TagOut")

class Tagger(nn.Module):
    # HF-style: forward returns a (registered) output dataclass
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 4)
    def forward(self, x):
        h = self.lin(x)
        return TagOut(h.softmax(-1), h)

class Vocoder(nn.Module):
    # takes a complex64 spectrogram and inverts it
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
    def forward(self, spec):
        return torch.istft(spec, 256, hop_length=64, window=self.win)

def build(name, m, args, dynamic_shapes=None, configs=None):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

past = Dim("past", min=1, max=512)
build("kv10", Step().eval(), (torch.randn(1, 1, 16), torch.randn(1, 2, 4, 8), torch.randn(1, 2, 4, 8)),
      dynamic_shapes={"x": None, "past_k": {2: past}, "past_v": {2: past}})
build("cache10", CachedAttn().eval(), (torch.randn(1, 1, 16), torch.tensor([0])))
build("bag10", Bag().eval(), (torch.randint(0, 1000, (10,)), torch.tensor([0, 4, 7])))
build("hash10", Hashed().eval(), (torch.randint(0, 2 ** 62, (2, 5)),))
build("gcn10", GCN().eval(), (torch.randn(6, 8), torch.tensor([[0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 0]])),
      dynamic_shapes={"x": {0: Dim("n", min=2, max=10000)}, "edge_index": {1: Dim("e", min=2, max=100000)}})
build("spec10", LogSpec(), (torch.randn(2, 4096),))
build("samp10", Sampler().eval(), (torch.randn(2, 16), torch.tensor(0.8)))
build("rnn10", Enc().eval(), (torch.randn(3, 5, 8), torch.zeros(2, 3, 16), torch.zeros(2, 3, 16)))
build("wn10", WNHead().eval(), (torch.randn(2, 8),))
build("tag10", Tagger().eval(), (torch.randn(2, 8),))
spec = torch.stft(torch.randn(1, 4000), 256, 64, window=torch.hann_window(256), return_complex=True)
build("voc10", Vocoder(), (spec,))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"kv10", "cache10", "bag10", "hash10", "gcn10", "spec10", "samp10", "rnn10", "wn10",
         "rope10", "eos10", "lazy10", "bn10", "packed10", "ckpt10", "amp10", "stft10", "rfft10",
         "hfft10", "mel10", "seg10", "unpool10", "orth10", "sn10", "gumbel10", "vit10",
         "noise10", "sdpadrop10", "hook10", "istft10", "bicubic10", "gsr10", "proj10",
         "amax10", "wl10", "prune10", "tenc10", "attn10", "fp16mm10", "tag10",
         "voc10", "qlstm10", "renorm10", "shuffle10", "knn10"}

PRE = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
       "from torch.export import Dim\n")


_c = harness.case_makers("", PRE)[0]


CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}
AOTI = "torch._inductor.aoti_compile_and_package"


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "lazy-rope-table", "export_failure", "export", """
class Rotary(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv, persistent=False)
        self.cos_cached = None
        self.sin_cached = None
    def forward(self, q):
        t = q.shape[-2]
        if self.cos_cached is None or self.cos_cached.shape[0] < t:
            freqs = torch.outer(torch.arange(t, dtype=torch.float32), self.inv_freq)
            emb = torch.cat([freqs, freqs], -1)
            self.cos_cached, self.sin_cached = emb.cos(), emb.sin()
        cos, sin = self.cos_cached[:t], self.sin_cached[:t]
        q1, q2 = q.chunk(2, -1)
        return q * cos + torch.cat([-q2, q1], -1) * sin
ep = torch.export.export(Rotary().eval(), (torch.randn(1, 2, 6, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rope10.pt2")
""", "The rotary embedding builds its cos/sin table lazily on the first call (self.cos_cached = "
       "... inside forward, as older LLaMA/GPT-NeoX ports do); export refuses tensor attributes "
       "created during forward.",
       "Build the cos/sin table in __init__ with register_buffer(..., persistent=False) for the "
       "maximum length and only slice it in forward.")


def case_02():
    return _c("case_02", "eos-stop", "export_failure", "export", """
class Greedy(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, ids):
        for _ in range(8):
            nxt = self.head(self.emb(ids[:, -1])).argmax(-1, keepdim=True)
            ids = torch.cat([ids, nxt], 1)
            if (nxt == 2).all():  # every sequence produced EOS
                break
        return ids
ep = torch.export.export(Greedy().eval(), (torch.tensor([[1, 5, 7]]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/eos10.pt2")
""", "The greedy generation loop is ported into forward with an early stop on EOS "
       "(if (nxt == eos).all(): break); the stop condition depends on generated values, which "
       "export cannot branch on.",
       "Export one decoding step and keep the loop (and the EOS check) in the caller, or run "
       "a fixed number of steps and mask finished sequences.",
       match=r"data.dependent|Could not guard|GuardOnDataDependent")


def case_03():
    return _c("case_03", "lazy-head", "export_failure", "export", """
class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.LazyLinear(4)
    def forward(self, x):
        return self.proj(x).relu()
ep = torch.export.export(Head().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lazy10.pt2")
""", "The head uses nn.LazyLinear and was never run eagerly before export, so its weight is "
       "still an UninitializedParameter when export traces it.",
       "Run one eager forward (or construct nn.Linear with in_features) before torch.export.",
       match=r"uninitialized parameter")


def case_04():
    return _c("case_04", "single-row-tower", "export_failure", "export", """
class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 16)
        self.bn = nn.BatchNorm1d(16)
    def forward(self, x):
        return self.bn(self.lin(x)).relu()
ep = torch.export.export(Tower(), (torch.randn(1, 8),))  # .eval() never called
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bn10.pt2")
""", "The ranking tower is exported straight from training code without .eval(), with a "
       "single request as the example; BatchNorm1d in training mode needs more than one value "
       "per channel to compute batch statistics.",
       "Call model.eval() before export (BatchNorm then uses its running statistics).",
       match=r"more than 1 value per channel")


def case_05():
    return _c("case_05", "packed-arg", "export_failure", "export", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 16, batch_first=True)
    def forward(self, packed):
        _, (h, _) = self.lstm(packed)
        return h[-1]
x = torch.randn(3, 5, 8)
packed = nn.utils.rnn.pack_padded_sequence(x, torch.tensor([5, 3, 2]), batch_first=True)
ep = torch.export.export(Enc().eval(), (packed,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/packed10.pt2")
""", "The data loader hands the encoder a PackedSequence (packed outside the model) and it is "
       "used as the export example; the packed batch_sizes drive the LSTM's per-step sizes, "
       "which export cannot trace.",
       "Export on the padded batch plus a lengths tensor and mask (or gather the last valid "
       "step) instead of a PackedSequence.", match=r"data.dependent|Could not guard|GuardOnDataDependent")


def case_06():
    return _c("case_06", "checkpointed-blocks", "unsupported", "compile", """
from torch.utils.checkpoint import checkpoint
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(16, 16) for _ in range(2)])
    def forward(self, x):
        for b in self.blocks:
            x = checkpoint(b, x, use_reentrant=True)
        return x
ep = torch.export.export(Net().eval(), (torch.randn(2, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ckpt10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 16))
""", "Activation checkpointing (torch.utils.checkpoint with use_reentrant=True) is left in "
       "forward from the training code; the reentrant checkpoint is an autograd Function that "
       "export was expected to refuse.",
       "Drop checkpointing for inference (call the blocks directly).")


def case_07():
    return _c("case_07", "bf16-region", "unsupported", "compile", """
class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(16, 32)
        self.l2 = nn.Linear(32, 4)
    def forward(self, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            h = self.l1(x).relu()
        return self.l2(h.float())
ep = torch.export.export(Mlp().eval(), (torch.randn(2, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/amp10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 16))
""", "forward keeps an autocast(bfloat16) region from the training code; the autocast region "
       "was expected to be refused by export/AOTI.",
       "Cast the layer explicitly (.to(torch.bfloat16)) instead of autocast inside forward.")


def case_08():
    return _c("case_08", "spectrogram-old-call", "deprecated_api", "export", """
class Spec(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
    def forward(self, wav):
        s = torch.stft(wav, 256, hop_length=64, window=self.win)
        return s.pow(2).sum(-1)  # old (real, imag) last axis
so = torch._export.aot_compile(Spec(), (torch.randn(2, 4000),))
""", "The audio front end calls torch.stft without return_complex, relying on the old real "
       "(..., 2) output layout; current torch requires return_complex for real inputs.",
       "Call torch.stft(..., return_complex=True) and use .abs()**2 (or torch.view_as_real "
       "for the old layout).", api="legacy", match=r"return_complex")


def case_09():
    return _c("case_09", "old-fft-api", "deprecated_api", "export", """
class Feat(nn.Module):
    def forward(self, frames):
        spec = torch.rfft(frames, 1)
        return spec.pow(2).sum(-1)
ep = torch.export.export(Feat(), (torch.randn(4, 256),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rfft10.pt2")
""", "The feature extractor still calls torch.rfft (the pre-1.8 FFT function), which was "
       "removed in favour of the torch.fft module.",
       "Use torch.view_as_real(torch.fft.rfft(frames, dim=-1)) (or torch.fft.rfft with "
       ".abs()**2).", match=r"rfft")


def case_10():
    return _c("case_10", "half-spectrum", "unsupported", "export", """
class Feat(nn.Module):
    def forward(self, wav):
        return torch.fft.rfft(wav, dim=-1).abs()
model = Feat().eval()
wav = torch.randn(2, 400, dtype=torch.float16)
ep = torch.export.export(model, (wav,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hfft10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(wav)
""", "The audio model was converted to float16 to save memory; CPU FFTs do not support "
       "float16 (and need powers of two for half precision on GPU), so the rfft cannot run.",
       "Compute the FFT in float32 (wav.float()) and cast the result back.",
       match=r"Unsupported dtype Half")


def case_11():
    return _c("case_11", "mel-frontend", "unknown", "export", """
import torchaudio
class Front(nn.Module):
    def __init__(self):
        super().__init__()
        self.mel = torchaudio.transforms.MelSpectrogram(16000, n_fft=400, n_mels=40)
    def forward(self, wav):
        return torch.log(self.mel(wav) + 1e-6)
ep = torch.export.export(Front(), (torch.randn(1, 16000),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mel10.pt2")
""", "The ported speech model's front end uses torchaudio.transforms.MelSpectrogram, but "
       "torchaudio is not installed in the export environment.",
       "Install the torchaudio release matching torch (or implement the mel filterbank with "
       "torch.stft and a fixed matrix buffer).", match=r"torchaudio")


def case_12():
    return _c("case_12", "segment-mean", "unsupported", "compile", """
class SegPool(nn.Module):
    def forward(self, vals, lengths):
        return torch.segment_reduce(vals, "mean", lengths=lengths)
vals, lengths = torch.randn(10, 4), torch.tensor([3, 3, 4])
ep = torch.export.export(SegPool(), (vals, lengths))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/seg10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(vals, lengths)
""", "Per-graph pooling uses torch.segment_reduce (a prototype op) with a lengths tensor.",
       "Pool with index_add / scatter_reduce over a segment-id tensor instead.")


def case_13():
    return _c("case_13", "segnet-unpool", "unsupported", "compile", """
class SegNetish(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(3, 8, 3, padding=1)
        self.dec = nn.Conv2d(8, 2, 3, padding=1)
    def forward(self, x):
        h, idx = F.max_pool2d(self.enc(x), 2, return_indices=True)
        return self.dec(F.max_unpool2d(h, idx, 2))
x = torch.randn(1, 3, 16, 16)
ep = torch.export.export(SegNetish().eval(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/unpool10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
""", "A SegNet-style decoder unpools with the max-pool indices (max_pool2d(return_indices=True) "
       "+ max_unpool2d).", "Replace unpooling with interpolate + conv.")


def case_14():
    return _c("case_14", "orthogonal-proj", "unsupported", "compile", """
class Proj(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.utils.parametrizations.orthogonal(nn.Linear(8, 8))
    def forward(self, x):
        return self.lin(x)
x = torch.randn(2, 8)
ep = torch.export.export(Proj().eval(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/orth10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
""", "An orthogonal parametrization recomputes the weight (matrix_exp/Cayley) on every call.",
       "Bake the weight (parametrize.remove_parametrizations) before export.")


def case_15():
    return _c("case_15", "spectral-normed", "unsupported", "compile", """
class Disc(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.utils.parametrizations.spectral_norm(nn.Linear(8, 4))
    def forward(self, x):
        return self.lin(x)
x = torch.randn(2, 8)
model = Disc()
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sn10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
""", "A spectral-normalised layer exported in training mode runs a power iteration that "
       "updates its u/v buffers in place on every call.",
       "Export in eval mode or remove the parametrization first.")


def case_16():
    return _c("case_16", "hard-gumbel", "unsupported", "compile", """
class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(16, 4)
    def forward(self, x):
        return F.gumbel_softmax(self.gate(x), tau=1.0, hard=True)
x = torch.randn(3, 16)
ep = torch.export.export(Router().eval(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gumbel10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
""", "The router samples with F.gumbel_softmax(hard=True) (exponential_ noise in place).",
       "Use argmax routing at inference.")


def case_18():
    return _c("case_18", "prefill-empty-past", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{kv10}")
prompt = torch.randn(1, 1, 16)
empty = torch.zeros(1, 2, 0, 8)
y, k, v = m(prompt, empty, empty)
""", "The decode-step package was exported with the past length as Dim('past', min=1); the "
       "first (prefill) call passes an empty cache of length 0, below the Dim's range, which "
       "the input check rejects.",
       "Export the step with min=0 past (an example with a non-empty cache still), or run the "
       "first token through a separate prefill package.", needs=("j",), env=CHECK,
       match=r"too small|expected")


def case_19():
    return _c("case_19", "vit-patches", "dynamic_shape_guard", "export", """
class Patchify(nn.Module):
    def __init__(self, p=8):
        super().__init__()
        self.p = p
        self.proj = nn.Linear(3 * p * p, 16)
    def forward(self, img):
        B, C, H, W = img.shape
        p = self.p
        x = img.view(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5)
        return self.proj(x.reshape(B, (H // p) * (W // p), C * p * p))
h, w = Dim("h", min=8, max=512), Dim("w", min=8, max=512)
ep = torch.export.export(Patchify().eval(), (torch.randn(1, 3, 32, 48),),
                         dynamic_shapes={"img": {2: h, 3: w}})
""", "A ViT patch embedding views the image into 8x8 patches (view(B, C, H//p, p, W//p, p)), "
       "which needs H and W to be multiples of 8; the image Dims allow any size in [8, 512].",
       "Declare h = 8*Dim('hp') and w = 8*Dim('wp') (as the error suggests) or pad/resize "
       "images to a multiple of the patch size.", match=r"Constraints violated|divisib|Mod")


def case_20():
    return _c("case_20", "cache-full", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cache10}")
x = torch.randn(1, 1, 16)
for pos in range(20):  # the caller's generation loop has no max_len check
    x = m(x, torch.tensor([pos]))
""", "The static KV cache holds 16 positions (max_len), but the generation loop keeps "
       "decoding past it; index_copy_ at cache position 16 writes past the cache buffer.",
       "Stop generation at max_len (or allocate the cache for the longest generation, or "
       "use a sliding window).", needs=("j",), match=r"out of bounds|index")


def case_21():
    return _c("case_21", "offsets-from-lengths", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{bag10}")
lengths = torch.tensor([4, 3, 3])
ids = torch.randint(0, 1000, (10,))
offsets = lengths.cumsum(0)  # [4, 7, 10]: the end of each bag, not its start
y = m(ids, offsets)
""", "The bag offsets are computed as lengths.cumsum(0) (the end of each bag) instead of "
       "starting at 0; EmbeddingBag's offsets must start at 0 and stay within the ids.",
       "Use offsets = torch.cat([lengths.new_zeros(1), lengths.cumsum(0)[:-1]]) (or "
       "include_last_offset=True with a leading 0).", needs=("j",), match=r"offsets\[0\]")


def case_22():
    return _c("case_22", "signed-feature-hash", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{hash10}")
raw = torch.tensor([[8734512334, -2231209871, 55, 9012, -77],
                    [1, 2, 3, -4000000007, 5]])  # signed 64-bit feature hashes
y = m(raw)
""", "Feature hashes are signed 64-bit values, and the bucket is taken with torch.fmod, which "
       "keeps the sign, so negative hashes give negative embedding rows.",
       "Use torch.remainder (always non-negative for a positive divisor) or mask the hash to "
       "non-negative before bucketing.", needs=("j",), match=r"out of bounds")


def case_23():
    return _c("case_23", "subgraph-stale-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gcn10}")
x = torch.randn(8, 8)  # the sampled subgraph has 8 nodes
edge_index = torch.tensor([[0, 1, 2, 3, 9, 5], [1, 2, 3, 4, 5, 7]])  # 9: an id from the full graph
y = m(x, edge_index)
""", "After neighbour sampling the node features are re-indexed to the 8 nodes of the "
       "subgraph, but an edge still carries a node id of the full graph (9).",
       "Relabel edge_index with the subgraph's node mapping (and assert edge_index.max() < "
       "num_nodes) before calling.", needs=("j",), match=r"out of bounds")


def case_24():
    return _c("case_24", "source-only-node", "numerical", "run", """
m = torch._inductor.aoti_load_package("{gcn10}")
x = torch.randn(5, 8)
edge_index = torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 4, 2]])  # node 0 has no incoming edge
y = m(x, edge_index)
assert torch.isfinite(y).all(), f"{int((~torch.isfinite(y)).sum())} non-finite outputs"
""", "GCN normalisation uses deg^-1/2 of the in-degree without self-loops; in a directed graph "
       "node 0 has in-degree 0, so its factor is inf and its messages become inf/NaN.",
       "Add self-loops before computing the degree, or zero out infinite factors "
       "(dinv[dinv == inf] = 0) as GCN implementations do.", needs=("j",),
       match=r"AssertionError")


def case_25():
    return _c("case_25", "seeded-sampler-parity", "numerical", "run", """
class DDPMStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = nn.Linear(16, 16)
    def forward(self, x_t):
        mean = x_t - 0.1 * self.eps(x_t)
        return mean + 0.05 * torch.randn_like(x_t)
model = DDPMStep().eval()
x = torch.randn(4, 16)
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/noise10.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.manual_seed(0)
ref = model(x)
torch.manual_seed(0)
y = m(x)
torch.testing.assert_close(y, ref)
""", "The diffusion sampling step draws noise with randn_like inside forward, and the port is "
       "validated against eager under the same torch.manual_seed; the compiled model generates "
       "its random numbers differently, so the samples differ.",
       "Pass the noise in as an input (generated by the caller) when bit-level parity is "
       "needed, or compare distributions rather than samples.",
       match=r"not close|Mismatched")


def case_26():
    return _c("case_26", "silent-frames", "numerical", "run", """
m = torch._inductor.aoti_load_package("{spec10}")
wav = torch.randn(2, 4096) * 0.1
wav[1, 1024:] = 0.0  # a clip padded with digital silence
y = m(wav)
assert torch.isfinite(y).all(), f"{int(torch.isinf(y).sum())} -inf bins"
""", "The log power spectrogram is log(|S|^2) without a floor; frames of digital silence "
       "(zero padding) have zero power, whose log is -inf.",
       "Add a floor (torch.log(p.clamp(min=1e-10)) or log(p + eps)).", needs=("j",),
       match=r"AssertionError")


def case_27():
    return _c("case_27", "attention-dropout-arg", "numerical", "run", """
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x):
        q, k, v = self.qkv(x).view(2, 6, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v, dropout_p=0.1)
model = Attn().eval()
x = torch.randn(2, 6, 16)
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sdpadrop10.pt2")
m = torch._inductor.aoti_load_package(pkg)
a, b = m(x), m(x)
assert torch.equal(a, b), "two calls on the same input differ"
""", "The attention code passes dropout_p=0.1 to scaled_dot_product_attention unconditionally "
       "(instead of self.dropout if self.training else 0.0); the functional call ignores "
       ".eval(), so attention dropout stays on in the package.",
       "Pass dropout_p=self.p if self.training else 0.0.", match=r"AssertionError")


def case_28():
    return _c("case_28", "greedy-temperature", "numerical", "run", """
m = torch._inductor.aoti_load_package("{samp10}")
h = torch.randn(2, 16)
tok = m(h, torch.tensor(0.0))  # temperature 0 meant as greedy decoding
""", "Temperature 0 (meant as greedy decoding) divides the logits by zero; softmax of inf "
       "logits is NaN, and multinomial refuses a NaN probability tensor.",
       "Special-case temperature 0 as argmax, or clamp the temperature to a small positive "
       "value.", needs=("j",), match=r"probability tensor")


def case_29():
    return _c("case_29", "folded-norm-checkpoint", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{wn10}")
class WNHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.utils.parametrizations.weight_norm(nn.Linear(8, 4))
new = WNHead()
nn.utils.parametrize.remove_parametrizations(new.proj, "weight")  # folded for deployment
m.load_constants(dict(new.state_dict()), check_full_update=True)
""", "The package was exported from a weight-normed head (its constants are the "
       "parametrization's original0/original1), but the refreshed checkpoint was saved after "
       "remove_parametrizations, so it holds proj.weight, which the package does not have.",
       "Export from the same (folded or unfolded) module that the checkpoints come from; map "
       "names with get_constant_fqns() before load_constants.", needs=("j",),
       match=r"[Cc]onstant")


def case_30():
    return _c("case_30", "reset-kv-buffers", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{cache10}")
y = m(torch.randn(1, 1, 16), torch.tensor([0]))
# a new conversation: clear the cache buffers before the next sequence
m.load_constants({"k_cache": torch.zeros(1, 16, 16), "v_cache": torch.zeros(1, 16, 16)},
                 check_full_update=False)
""", "Between conversations the server resets the static KV cache by loading zeros into the "
       "k_cache/v_cache buffers with load_constants; the mutated cache buffers were expected "
       "not to be exposed as updatable constants.",
       "Keep the cache as model inputs/outputs (or add a reset flag input) instead of "
       "overwriting mutated buffers through load_constants.", needs=("j",),
       match=r"[Cc]onstant")


def case_31():
    return _c("case_31", "long-context", "out_of_memory", "run", """
import resource
class Scores(nn.Module):
    def forward(self, q, k):
        return torch.softmax(q @ k.transpose(-1, -2) / 8.0, -1).sum(-1)
t = Dim("t", min=2, max=65536)
ep = torch.export.export(Scores(), (torch.randn(1, 2, 64, 64), torch.randn(1, 2, 64, 64)),
                         dynamic_shapes={"q": {2: t}, "k": {2: t}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/attn10.pt2")
m = torch._inductor.aoti_load_package(pkg)
q = torch.randn(1, 2, 16384, 64)
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (1 << 30), vm + (1 << 30)))
y = m(q, q)
""", "Attention scores are materialised explicitly (q @ k^T) over a dynamic length; a 16k-token "
       "document needs 2 x 16384^2 float32 scores (2 GiB), more than the 1 GiB of address space "
       "the worker has left.",
       "Use scaled_dot_product_attention (which does not keep the full score matrix on the "
       "flash/memory-efficient paths), chunk the sequence, or give the worker more memory.",
       match=r"alloc|memory|Memory")


def case_32():
    return _c("case_32", "opencv-preproc-op", "compile_toolchain", "compile", """
from torch.utils.cpp_extension import load_inline
src = '''
#include <opencv2/imgproc.hpp>
#include <torch/extension.h>
torch::Tensor letterbox(torch::Tensor img) { return img; }
'''
ext = load_inline("letterbox_ext", cpp_sources=[src], functions=["letterbox"], verbose=False)
""", "The detector's pre-processing op is a C++ extension that includes OpenCV headers "
       "(opencv2/imgproc.hpp); the build host has no OpenCV development headers, so the "
       "extension does not compile.",
       "Install the OpenCV development package (libopencv-dev) on the build host, or "
       "reimplement the pre-processing with torch ops.",
       env={"TORCH_EXTENSIONS_DIR": "{scratch}/ext"}, match=r"opencv2|No such file")


def case_33():
    return _c("case_33", "gpu-generator", "device_mismatch", "export", """
class TopPSampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 50)
        self.gen = torch.Generator(device="cuda").manual_seed(0)
    def forward(self, h):
        return torch.multinomial(torch.softmax(self.head(h), -1), 1, generator=self.gen)
ep = torch.export.export(TopPSampler().eval(), (torch.randn(2, 16),))
""", "The sampler ported from the GPU service creates its torch.Generator(device='cuda') in "
       "__init__; this CPU-only torch has no CUDA generator (the message talks about the "
       "CUDA library not being linked).",
       "Create the generator on the model's device (torch.Generator(device=x.device)) or "
       "drop the explicit generator for the exported model.", match=r"CUDA")


def case_34():
    return _c("case_34", "fp16-tower-cpp-gemm", "autotune_failure", "compile", """
class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(64, 64)
        self.l2 = nn.Linear(64, 1)
    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))
model = Tower().eval().half()
x = torch.randn(32, 64, dtype=torch.float16)
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/fp16mm10.pt2",
    inductor_configs={"max_autotune": True, "max_autotune_gemm_backends": "CPP"})
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
""", "The recommendation tower was converted to float16 and compiled with max_autotune "
       "restricted to the CPP GEMM template.",
       "Add ATEN to max_autotune_gemm_backends or keep the tower in float32/bfloat16.")


def case_35():
    return _c("case_35", "feature-hook", "unsupported", "run", """
class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 16)
        self.head = nn.Linear(16, 4)
    def forward(self, x):
        return self.head(torch.relu(self.body(x)))
model = Backbone().eval()
feats = {}
model.body.register_forward_hook(lambda mod, inp, out: feats.__setitem__("body", out))
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hook10.pt2")
m = torch._inductor.aoti_load_package(pkg)
feats.clear()
logits = m(torch.randn(2, 8))
embedding = feats["body"]  # the retrieval service reads the penultimate features
""", "The service reads intermediate features through a forward hook registered on the "
       "eager module; the compiled package runs no Python hooks, so nothing is captured.",
       "Return the features as an extra model output before export (forward returns "
       "(logits, feats)).", match=r"KeyError")


def case_36():
    return _c("case_36", "complex-vocoder", "unsupported", "compile", """
class ISTFT(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
    def forward(self, spec):
        return torch.istft(spec, 256, hop_length=64, window=self.win)
spec = torch.stft(torch.randn(1, 4000), 256, 64, window=torch.hann_window(256), return_complex=True)
ep = torch.export.export(ISTFT(), (spec,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/istft10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(spec)
""", "The vocoder takes a complex64 spectrogram as input and inverts it with istft.",
       "Pass real and imaginary parts as float inputs (view_as_real) and rebuild the complex "
       "tensor inside the model.")


def case_37():
    return _c("case_37", "bicubic-upscale-dyn", "torch_bug", "compile", """
class Up(nn.Module):
    def forward(self, x):
        return F.interpolate(x, scale_factor=2.0, mode="bicubic", align_corners=False)
ep = torch.export.export(Up(), (torch.randn(1, 3, 20, 24),),
                         dynamic_shapes={"x": {2: Dim("h", min=4, max=1024), 3: Dim("w", min=4, max=1024)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bicubic10.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(1, 3, 33, 17)
torch.testing.assert_close(m(x), Up()(x))
""", "Bicubic upsampling by a scale factor over dynamic image sizes fails or diverges in "
       "Inductor/AOTI.", "Report upstream.")


def case_38():
    return _c("case_38", "reflect-bicubic-warp", "torch_bug", "compile", """
class Warp(nn.Module):
    def forward(self, img, grid):
        return F.grid_sample(img, grid, mode="bicubic", padding_mode="reflection", align_corners=True)
img, grid = torch.randn(1, 3, 16, 16), torch.rand(1, 8, 8, 2) * 2.4 - 1.2
ep = torch.export.export(Warp(), (img, grid))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gsr10.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(img, grid), Warp()(img, grid))
""", "grid_sample with bicubic interpolation and reflection padding fails or diverges in "
       "Inductor/AOTI.", "Report upstream.")


def case_39():
    return _c("case_39", "lstm-projection", "unsupported", "compile", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 16, proj_size=4, batch_first=True)
    def forward(self, x):
        out, _ = self.lstm(x)
        return out[:, -1]
x = torch.randn(2, 5, 8)
ep = torch.export.export(Enc().eval(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/proj10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
""", "An LSTM with a projection (proj_size) is exported and compiled.", "Report upstream.")


def case_40():
    return _c("case_40", "max-aggregation-dyn", "torch_bug", "compile", """
class MaxAgg(nn.Module):
    def forward(self, x, src, dst):
        out = torch.zeros_like(x)
        return out.scatter_reduce(0, dst.unsqueeze(-1).expand(-1, x.shape[1]), x[src],
                                  reduce="amax", include_self=False)
x = torch.randn(6, 4)
src, dst = torch.tensor([0, 1, 2, 3, 4]), torch.tensor([1, 2, 2, 4, 0])
ep = torch.export.export(MaxAgg(), (x, src, dst),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=10000)},
                                         "src": {0: Dim("e", min=2, max=100000)},
                                         "dst": {0: Dim("e", min=2, max=100000)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/amax10.pt2")
m = torch._inductor.aoti_load_package(pkg)
x2, s2, d2 = torch.randn(9, 4), torch.tensor([0, 3, 5, 8, 1, 1, 2]), torch.tensor([1, 1, 4, 0, 8, 2, 2])
torch.testing.assert_close(m(x2, s2, d2), MaxAgg()(x2, s2, d2))
""", "Max aggregation with scatter_reduce(amax, include_self=False) over dynamic node/edge "
       "counts fails or diverges in Inductor/AOTI.", "Report upstream.")


def case_41():
    return _c("case_41", "hidden-batch-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rnn10}")
x = torch.randn(3, 5, 8)
h0 = torch.zeros(3, 2, 16)  # (batch, layers, hidden): batch_first assumed for the state too
c0 = torch.zeros(3, 2, 16)
y, h, c = m(x, h0, c0)
""", "The LSTM is batch_first, but its initial hidden/cell states are always laid out "
       "(num_layers, batch, hidden); the caller builds them batch-first as (3, 2, 16) for a "
       "package compiled for (2, 3, 16), and the input check rejects the size.",
       "Build h0/c0 as (num_layers, batch, hidden) (or transpose(0, 1) before the call).",
       needs=("j",), env=CHECK, match=r"size|expected")


def case_42():
    return _c("case_42", "while-loop-decode", "unsupported", "compile", """
from torch._higher_order_ops.while_loop import while_loop
class Decode(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(16, 16)
    def forward(self, h, steps):
        def cond(i, h):
            return i < steps
        def body(i, h):
            return i + 1, self.cell(h, h)
        _, h = while_loop(cond, body, (torch.zeros((), dtype=torch.int64), h))
        return h
h = torch.randn(2, 16)
ep = torch.export.export(Decode().eval(), (h, torch.tensor(4)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/wl10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(h, torch.tensor(6))
""", "A recurrent decoder's loop is written with torch's while_loop (steps from an input).",
       "Report upstream.")


def case_43():
    return _c("case_43", "pruned-linear", "export_failure", "export", """
import torch.nn.utils.prune as prune
class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(16, 4)
    def forward(self, x):
        return self.lin(x).relu()
model = Head().eval()
prune.l1_unstructured(model.lin, "weight", amount=0.5)  # pruned by the compression team
ep = torch.export.export(model, (torch.randn(2, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/prune10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 16))
""", "The model was pruned with torch.nn.utils.prune, which recomputes weight = weight_orig * "
       "weight_mask in a forward pre-hook by assigning a module attribute during forward.",
       "Make the pruning permanent (prune.remove(module, 'weight')) before export.")


def case_44():
    return _c("case_44", "padded-encoder-fastpath", "unsupported", "compile", """
layer = nn.TransformerEncoderLayer(16, 2, dim_feedforward=32, batch_first=True)
enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=True).eval()
class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = enc
    def forward(self, x, pad):
        return self.enc(x, src_key_padding_mask=pad)
x = torch.randn(2, 6, 16)
pad = torch.tensor([[False] * 6, [False] * 4 + [True] * 2])
ep = torch.export.export(Bert().eval(), (x, pad))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tenc10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x, pad)
""", "nn.TransformerEncoder in eval mode with a padding mask takes its nested-tensor fast path.",
       "Construct it with enable_nested_tensor=False.")


def case_45():
    return _c("case_45", "output-dataclass-unimported", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{tag10}")
out = m(torch.randn(2, 8))  # the serving process never imports taggerlib
probs = out.probs
""", "The tagger returns an output dataclass registered with torch.export.register_dataclass "
       "(serialized as taggerlib.TagOut) in the export process; the serving process loads the "
       "package without importing the module that registers it, so the package's output spec "
       "cannot be rebuilt.",
       "Import (and register) the output dataclass in the serving process before calling, or "
       "return a tuple/dict of tensors from the exported model.", needs=("j",),
       match=r"not registered")


def case_46():
    return _c("case_46", "vocoder-real-pairs", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{voc10}")
wav = torch.randn(1, 4000)
spec = torch.stft(wav, 256, 64, window=torch.hann_window(256), return_complex=True)
y = m(torch.view_as_real(spec))  # the old front end's (..., 2) real/imag layout
""", "The vocoder package was exported for a complex64 spectrogram, but the ported front end "
       "still hands over the legacy real layout (view_as_real, a float32 (..., 2) tensor); the "
       "input check rejects the rank/dtype.",
       "Pass the complex spectrogram (torch.view_as_complex(x) if it arrives as pairs), or "
       "export the vocoder for the real layout.", needs=("j",), env=CHECK,
       match=r"input_handles|expected")


def case_47():
    return _c("case_47", "table-only-refresh", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{bag10}")
new_table = torch.randn(1000, 8)  # the nightly job retrains only the embedding table
m.load_constants({"bag.weight": new_table}, check_full_update=True)
""", "The nightly refresh swaps in only the retrained embedding table but asks for a full "
       "update (check_full_update=True); the dense tower's constants (top.weight, top.bias) "
       "are missing from the map, so the update is refused.",
       "Pass check_full_update=False for a partial refresh, or include every name from "
       "get_constant_fqns().", needs=("j",))


def case_48():
    return _c("case_48", "int8-dynamic-speech", "unsupported", "export", """
class KeywordSpotter(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 16, batch_first=True)
        self.out = nn.Linear(16, 4)
    def forward(self, x):
        o, _ = self.lstm(x)
        return self.out(o[:, -1])
model = torch.ao.quantization.quantize_dynamic(KeywordSpotter().eval(), {nn.LSTM, nn.Linear},
                                               dtype=torch.qint8)
ep = torch.export.export(model, (torch.randn(2, 5, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/qlstm10.pt2")
""", "The keyword spotter is the eager dynamically-quantised model (quantize_dynamic with "
       "int8 LSTM/Linear); its packed-parameter TorchScript objects cannot be traced by export.",
       "Export the float model and quantise with the PT2E flow (or keep the float model for "
       "AOTI).", match=r"__obj_flatten__|PackedParams|CellParams")


def case_49():
    return _c("case_49", "max-norm-ids", "torch_bug", "run", """
class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8, max_norm=1.0)
    def forward(self, ids):
        return self.emb(ids).sum(1)
ids = torch.randint(0, 100, (2, 5))
ep = torch.export.export(Tower().eval(), (ids,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/renorm10.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(ids)
""", "nn.Embedding(max_norm=1.0) renormalises the looked-up rows of its weight in place "
       "(embedding_renorm_) on every call; export records the parameter mutation and the "
       "compiled package returns the mutated weight as an extra output that its own output "
       "spec does not hold, so the call fails when the outputs are unflattened.",
       "Renormalise the table once before export (and drop max_norm), and report the "
       "mismatch upstream.", match=r"unflatten|leaves")


def case_50():
    return _c("case_50", "in-batch-negatives", "torch_bug", "compile", """
class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
    def forward(self, users, items):
        neg = items[torch.randperm(items.shape[0])]  # shuffled in-batch negatives
        u = self.q(users)
        return (u * items).sum(-1) - (u * neg).sum(-1)
args = (torch.randn(6, 8), torch.randn(6, 8))
ep = torch.export.export(TwoTower().eval(), args)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/shuffle10.pt2")
""", "In-batch negatives are drawn by indexing with torch.randperm; Inductor's joint-graph "
       "pattern matcher fails on the randperm/index pattern with an internal error (a "
       "pattern input missing from the match).",
       "Pass the permutation (or the negatives) in as an input, and report upstream.",
       match=r"match\.kwargs|pattern")


def case_51():
    return _c("case_51", "knn-graph", "dynamic_shape_guard", "export", """
class EdgeConv(nn.Module):
    def forward(self, points, queries):
        return torch.cdist(queries, points).topk(3, largest=False).indices
ep = torch.export.export(EdgeConv(), (torch.randn(30, 8), torch.randn(20, 8)),
                         dynamic_shapes={"points": {0: Dim("n", min=4, max=4096)},
                                         "queries": {0: Dim("m", min=4, max=4096)}})
""", "A kNN graph is built with torch.cdist over dynamic point counts; cdist switches its "
       "algorithm when either side has more than 25 rows, a size test that specialises the "
       "declared point/query Dims.",
       "Pin the algorithm with compute_mode='use_mm_for_euclid_dist' (or "
       "'donot_use_mm_for_euclid_dist'), or narrow the Dims as the error suggests.",
       match=r"Constraints violated|specializ|Suggested fixes")


CASES = [case_02, case_03, case_04, case_05, case_08, case_09, case_10, case_11, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27,
         case_28, case_29, case_31, case_32, case_33, case_35, case_41, case_45, case_46,
         case_48, case_49, case_50, case_51]
# Failed in a trial but dropped (kept for reference, not run): case_47 (a partial refresh of the
# embedding table with check_full_update=True: "update_constant_buffer_func_(...) API call
# failed", the same trigger as tests/zoo.py's constants_missing_full_update, only with one
# name in the map instead of none).
DROPPED = [case_47]
# Tried on torch 2.13.0+cpu in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_01 (a rotary cos/sin table created lazily in
# forward: exported and compiled; export restores the attribute afterwards), case_06
# (reentrant activation checkpointing in forward), case_07 (an autocast(bfloat16) region in
# forward), case_12 (torch.segment_reduce), case_13 (max_pool2d indices + max_unpool2d),
# case_14 (an orthogonal parametrization), case_15 (spectral_norm in training mode),
# case_16 (gumbel_softmax(hard=True)), case_34 (a float16 tower with max_autotune and only
# the CPP GEMM template), case_36 (istft of a complex64 input), case_37 (bicubic upsampling
# over dynamic sizes), case_38 (bicubic grid_sample with reflection padding), case_39 (an
# LSTM with proj_size), case_40 (scatter_reduce amax with include_self=False over dynamic
# sizes), case_42 (a while_loop decoder), case_43 (a torch.nn.utils.prune pruned Linear),
# case_44 (nn.TransformerEncoder with a padding mask in eval mode): exported, compiled, loaded
# and ran (matching eager where compared); case_30 (zeros loaded into the mutated KV-cache
# buffers with load_constants): accepted.
TRIED = [case_01, case_06, case_07, case_12, case_13, case_14, case_15, case_16, case_30,
         case_34, case_36, case_37, case_38, case_39, case_40, case_42, case_43, case_44]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind10.jsonl",
        url_file="benchmarks/live_blind10.py", id_prefix="live10", stems=STEMS,
        scratch_prefix="live_blind10-", description=__doc__.splitlines()[0]))
