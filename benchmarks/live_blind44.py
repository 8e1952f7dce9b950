"""A forty-fourth blind set of REAL AOTInductor failures (attention and transformer building blocks), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind44.py [--out benchmarks/live_blind44.jsonl] [--keep]

Theme: attention and transformer building blocks on their way to an AOTI package and at serving
time (scaled_dot_product_attention masks, dtypes, shapes, scale and GQA; nn.MultiheadAttention
layouts, padding masks and dropout; nested tensors; flex_attention block masks; rotary caches;
KV caches written in forward; mixture-of-experts routing and capacity; sliding windows and
padding masks built from lengths), exported with dynamic sequence lengths where it matters,
compiled, loaded and run with what a serving system sends. APIs are feature-detected (hasattr /
try-import) where they are new. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind43.py (their TRIED
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
BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch import nn
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class SeqFirstAttn(nn.Module):
    # nn.MultiheadAttention with its default layout (seq, batch, embed)
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2)
    def forward(self, x):
        return self.mha(x, x, x, need_weights=False)[0]

class CacheStep(nn.Module):
    # a decoder step that writes k/v rows into preallocated caches at the given positions
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(16, 16)
        self.v = nn.Linear(16, 16)
        self.register_buffer("kc", torch.zeros(32, 16))
        self.register_buffer("vc", torch.zeros(32, 16))
    def forward(self, x, pos):
        self.kc.index_copy_(0, pos, self.k(x))
        self.vc.index_copy_(0, pos, self.v(x))
        att = torch.softmax(x @ self.kc.t() / 4.0, -1)
        return att @ self.vc

class Prefill(nn.Module):
    # causal self-attention over a prompt; the sequence length is dynamic
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return y.transpose(1, 2).reshape(b, t, 16)

class PadMaskAttn(nn.Module):
    # multi-head attention with a (batch, seq, seq) bool mask
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x, mask):
        return self.mha(x, x, x, attn_mask=mask, need_weights=False)[0]

seq = Dim("seq", min=2, max=64)
build("mha44", SeqFirstAttn().eval(), (torch.randn(6, 2, 16),), dynamic_shapes=({0: seq},))
build("kvc44", CacheStep(), (torch.randn(3, 16), torch.tensor([0, 1, 2])),
      dynamic_shapes=({0: Dim("n", min=1, max=32)}, {0: Dim("n", min=1, max=32)}))
build("prefill44", Prefill(), (torch.randn(2, 8, 16),), dynamic_shapes=({1: seq},))
build("mask44", PadMaskAttn().eval(), (torch.randn(2, 5, 16), torch.zeros(5, 5, dtype=torch.bool)),
      dynamic_shapes=({1: seq}, {0: seq, 1: seq}))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"mha44", "kvc44", "prefill44", "mask44", "flexwin44", "rope44", "moe44", "gate44",
         "drop44", "topcap44", "sdpa44", "bag44", "win44", "cplx44", "expw44", "gen44"}

PRE = "import torch\nfrom torch import nn\nimport torch.nn.functional as F\n"


_c = harness.case_makers("", PRE)[0]


CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------- SDPA at export time
def case_01():
    return _c("case_01", "length-mask-as-long", "export_failure", "export", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x, lengths):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        keep = (torch.arange(t)[None, :] < lengths[:, None]).long()   # 1 = real token
        return F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
ep = torch.export.export(Enc(), (torch.randn(2, 6, 16), torch.tensor([6, 4])))
""", "The padding mask built from the lengths is cast to int64 (1 = keep), a dtype "
       "scaled_dot_product_attention does not accept for attn_mask, so tracing the model fails.",
       "Pass a bool mask (keep the comparison result without .long()) or an additive float mask "
       "in the query dtype.",
       match=r"attn_mask|bool or float")


def case_02():
    return _c("case_02", "key-mask-not-unsqueezed", "export_failure", "export", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x, keep):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=keep)   # keep: (batch, keys)
keep = torch.ones(3, 7, dtype=torch.bool)
ep = torch.export.export(Enc(), (torch.randn(3, 7, 16), keep))
""", "A (batch, keys) padding mask is passed straight to scaled_dot_product_attention, which "
       "broadcasts masks against (batch, heads, queries, keys), so the shapes do not broadcast.",
       "Reshape the mask to (batch, 1, 1, keys) (keep[:, None, None, :]) before the call.",
       match=r"size|shape|broadcast")


def case_03():
    return _c("case_03", "gqa-heads-indivisible", "export_failure", "export", """
class GQA(nn.Module):
    def __init__(self, hq=6, hkv=4, d=8):
        super().__init__()
        self.hq, self.hkv, self.d = hq, hkv, d
        self.q = nn.Linear(48, hq * d)
        self.kv = nn.Linear(48, 2 * hkv * d)
    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.hq, self.d).transpose(1, 2)
        k, v = self.kv(x).view(b, t, 2, self.hkv, self.d).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
ep = torch.export.export(GQA(), (torch.randn(1, 5, 48),))
""", "The config has 6 query heads and 4 key/value heads; grouped-query attention needs the query "
       "heads to be a multiple of the kv heads, so scaled_dot_product_attention(enable_gqa=True) "
       "rejects the shapes while tracing.",
       "Choose a kv head count that divides the query heads (e.g. 2 or 3, or 6 for plain MHA).",
       match=r"head|divisible|multiple|size")


def case_04():
    return _c("case_04", "bf16-model-fp32-bias", "export_failure", "export", """
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.register_buffer("bias", torch.zeros(1, 1, 8, 8))   # ALiBi-style bias, fp32
    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=self.bias.float()[..., :t, :t])
model = Attn().to(torch.bfloat16)
ep = torch.export.export(model, (torch.randn(2, 8, 16, dtype=torch.bfloat16),))
""", "The model is cast to bfloat16 but forward rebuilds the attention bias in float32 (.float()), "
       "and scaled_dot_product_attention requires a float mask in the query dtype, so tracing fails.",
       "Build the bias in the query dtype (self.bias.to(q.dtype)) or keep the whole model in float32.",
       match=r"attn_mask|dtype")


def case_05():
    return _c("case_05", "learned-temperature-scale", "export_failure", "export", """
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.log_temp = nn.Parameter(torch.tensor(0.5))   # learned attention temperature
    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v, scale=float(self.log_temp.exp()))
ep = torch.export.export(Attn(), (torch.randn(2, 8, 16),))
""", "A learned temperature parameter is turned into a Python float (float(tensor)) for "
       "scaled_dot_product_attention's scale, a data-dependent value torch.export cannot trace.",
       "Scale q by the temperature tensor yourself (q * self.log_temp.exp()) and pass scale=1.0, "
       "or bake the trained value in as a constant float.",
       match=r"data-dependent|Could not|item|GuardOnDataDependent|Unsupported")


# ------------------------------------------------------------ nn.MultiheadAttention export
def case_06():
    return _c("case_06", "mha-int-padding-mask", "export_failure", "export", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x, pad):
        return self.mha(x, x, x, key_padding_mask=pad, need_weights=False)[0]
pad = torch.tensor([[0, 0, 0, 0, 0], [0, 0, 0, 1, 1]])    # int64 from the tokenizer
ep = torch.export.export(Enc().eval(), (torch.randn(2, 5, 16), pad))
""", "nn.MultiheadAttention's key_padding_mask is an int64 0/1 tensor straight from the tokenizer; "
       "only bool and floating masks are supported, so tracing fails.",
       "Convert the mask to bool (pad.bool()) before calling the attention module.",
       match=r"key_padding_mask|bool and float")


def case_07():
    return _c("case_07", "mha-train-mode-dropout", "numerical", "run", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, dropout=0.2, batch_first=True)
    def forward(self, x):
        return self.mha(x, x, x, need_weights=False)[0]
model = Enc()                                 # .eval() forgotten before export
x = torch.randn(2, 6, 16)
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/drop44.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), m(x))         # the same request twice
""", "The MultiheadAttention module was exported in training mode, so its attention dropout "
       "(p=0.2) is compiled into the package and the same request gives different outputs.",
       "Call model.eval() before torch.export.export (or build the module with dropout=0.0 for "
       "serving).",
       match=r"not close|Mismatched")


# ------------------------------------------------------------------ nested / flex at export
def case_08():
    return _c("case_08", "nested-from-unbind", "export_failure", "export", """
class Ragged(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x, lengths):
        rows = [r[: int(n)] for r, n in zip(x.unbind(0), lengths)]
        nt = torch.nested.as_nested_tensor(rows, layout=torch.jagged)
        return self.lin(nt).to_padded_tensor(0.0)
ep = torch.export.export(Ragged(), (torch.randn(2, 5, 8), torch.tensor([5, 3])))
""", "forward slices each row of the padded batch to its length (r[:int(n)]) to build a jagged "
       "nested tensor; int() of a lengths tensor is a data-dependent value torch.export cannot "
       "trace.",
       "Keep the padded batch and a padding mask inside the exported model (mask the padded rows) "
       "and build nested tensors outside it.",
       match=r"data-dependent")


def case_09():
    return _c("case_09", "block-mask-as-input", "export_failure", "export", """
try:
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention
except ImportError:
    raise RuntimeError("flex_attention not available")
def causal(b, h, q, kv):
    return q >= kv
class Flex(nn.Module):
    def forward(self, q, k, v, block_mask):
        return flex_attention(q, k, v, block_mask=block_mask)
bm = create_block_mask(causal, None, None, 128, 128, device="cpu")
args = tuple(torch.randn(1, 2, 128, 16) for _ in range(3))
ep = torch.export.export(Flex(), args + (bm,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flexin44.pt2")
""", "A BlockMask object built by the serving code is passed as a forward input; it is not a "
       "tensor or registered container the export / AOTI calling convention can take.",
       "Build the block mask inside forward (create_block_mask from a mask_mod) or pass the "
       "mask as a plain tensor.",
       match=r".")


def case_10():
    return _c("case_10", "flex-sliding-window-dyn", "dynamic_shape_guard", "export", """
try:
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention
except ImportError:
    raise RuntimeError("flex_attention not available")
from torch.export import Dim
def window(b, h, q, kv):
    return (q >= kv) & (q - kv <= 64)
class Flex(nn.Module):
    def forward(self, q, k, v):
        t = q.shape[2]
        bm = create_block_mask(window, None, None, t, t, device="cpu")
        return flex_attention(q, k, v, block_mask=bm)
args = tuple(torch.randn(1, 2, 256, 16) for _ in range(3))
s = Dim("s", min=128, max=1024)
ep = torch.export.export(Flex(), args, dynamic_shapes=({2: s}, {2: s}, {2: s}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flexwin44.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(*(torch.randn(1, 2, 384, 16) for _ in range(3)))
""", "A sliding-window flex_attention block mask is created inside forward over a dynamic "
       "sequence length; create_block_mask works in 128-wide blocks and its block arithmetic "
       "emits guards on the sequence length that the declared 128..1024 range does not satisfy.",
       "Export with a fixed (padded to a multiple of 128) sequence length, or use "
       "scaled_dot_product_attention with an explicit window mask for a dynamic length.",
       match=r"Constraints violated")


# ---------------------------------------------------------------- rotary / windows (export)
def case_11():
    return _c("case_11", "rope-cache-sliced-short", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Rope(nn.Module):
    def __init__(self, d=16, max_pos=128):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d))
        f = torch.outer(torch.arange(max_pos).float(), inv)
        self.register_buffer("cos", torch.cat([f, f], -1).cos())
        self.register_buffer("sin", torch.cat([f, f], -1).sin())
    def forward(self, x):
        t = x.shape[1]
        x1, x2 = x.chunk(2, -1)
        rot = torch.cat([-x2, x1], -1)
        return x * self.cos[:t] + rot * self.sin[:t]
ep = torch.export.export(Rope(), (torch.randn(2, 10, 16),),
                         dynamic_shapes=({1: Dim("seq", min=1, max=4096)},))
""", "The cos/sin caches are sized for 128 positions at construction, but the sequence Dim "
       "allows 4096; slicing the cache with the sequence length makes export require seq <= 128.",
       "Size the rotary caches for the largest sequence you serve (max_pos >= the Dim max) or "
       "lower the Dim max to the cache size.",
       match=r"Constraints violated|specializ|guard|range")


def case_12():
    return _c("case_12", "window-unfold-short-seq", "dynamic_shape_guard", "export", """
from torch.export import Dim
class LocalAttn(nn.Module):
    def forward(self, x):                      # x: (batch, seq, dim), window of 8 keys
        win = x.unfold(1, 8, 1)                # (batch, seq - 7, dim, 8)
        scores = torch.einsum("btd,btdw->btw", x[:, 7:], win)
        return torch.einsum("btw,btdw->btd", scores.softmax(-1), win)
ep = torch.export.export(LocalAttn(), (torch.randn(2, 20, 16),),
                         dynamic_shapes=({1: Dim("seq", min=1, max=512)},))
""", "Sliding-window attention is built with Tensor.unfold over 8 keys, which needs at least 8 "
       "positions, but the sequence Dim allows 1; export must guard seq >= 8.",
       "Declare the Dim with min=8 or pad short sequences up to the window before unfold.",
       match=r"Constraints violated|specializ|guard|range")


def case_13():
    return _c("case_13", "fixed-expert-capacity", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Dispatch(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(16, 4)
    def forward(self, x):                             # x: (tokens, 16)
        scores = self.router(x).softmax(-1)           # (tokens, experts)
        top, idx = scores.topk(8, dim=0)              # capacity: 8 tokens per expert
        return torch.einsum("ce,ced->ced", top, x[idx])
ep = torch.export.export(Dispatch(), (torch.randn(32, 16),),
                         dynamic_shapes=({0: Dim("tokens", min=1, max=1024)},))
""", "Expert-choice routing takes the top 8 tokens per expert; with a tokens Dim that starts at "
       "1, topk(8) needs at least 8 tokens, so export must guard tokens >= 8.",
       "Declare the tokens Dim with min=8, or use capacity = min(8, tokens) with torch.sym_min.",
       match=r"Constraints violated|specializ|guard|range")


def case_14():
    return _c("case_14", "capacity-factor-float", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Dispatch(nn.Module):
    def __init__(self, e=4):
        super().__init__()
        self.e = e
        self.router = nn.Linear(16, e)
    def forward(self, x):
        cap = int(1.25 * x.shape[0] / self.e)        # capacity factor 1.25
        buf = x.new_zeros(self.e, cap, x.shape[1])
        route = self.router(x).argmax(-1)
        return buf.sum() + route.float().sum()
ep = torch.export.export(Dispatch(), (torch.randn(32, 16),),
                         dynamic_shapes=({0: Dim("tokens", min=4, max=1024)},))
""", "The expert capacity is computed with Python float arithmetic and int() on the dynamic "
       "token count, which export cannot keep symbolic, so the tokens dimension is specialized.",
       "Compute the capacity with integer arithmetic (x.shape[0] * 5 // (4 * e)) so it stays "
       "symbolic.",
       match=r"Constraints violated|specializ|guard")


def case_15():
    return _c("case_15", "decode-past-len-one", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Step(nn.Module):
    def forward(self, q, past_k, past_v):
        return F.scaled_dot_product_attention(q, past_k, past_v)
q = torch.randn(1, 2, 1, 8)
past = torch.randn(1, 2, 1, 8)                  # example: the first decode step
p = Dim("past", min=1, max=2048)
ep = torch.export.export(Step(), (q, past, past), dynamic_shapes=(None, {2: p}, {2: p}))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
m(q, torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8))
""", "The decode step is exported with a one-token past as the example; export specializes a "
       "size-1 example dimension, so the declared past Dim cannot stay dynamic.",
       "Export with a past length of at least 2 in the example (e.g. 16) and keep the Dim range.",
       env=CHECK, match=r"specializ|Constraints violated|0/1|size.*1|expected")


# --------------------------------------------------------------- MoE / routing at export
def case_16():
    return _c("case_16", "moe-where-index-add", "export_failure", "export", """
class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(16, 4)
        self.experts = nn.ModuleList(nn.Linear(16, 16) for _ in range(4))
    def forward(self, x):
        route = self.router(x).argmax(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            (rows,) = torch.where(route == e)
            out = out.index_add(0, rows, expert(x[rows]))
        return out
ep = torch.export.export(MoE(), (torch.randn(12, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/moe44.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(12, 16))
""", "Top-1 routing gathers each expert's tokens with torch.where, a data-dependent row count "
       "per expert that the exported graph cannot trace.",
       "Run every expert on all tokens and combine with a one-hot routing weight (dense MoE), or "
       "use a fixed capacity per expert.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|unbacked")


def case_17():
    return _c("case_17", "topk-experts-from-config", "export_failure", "export", """
class Router(nn.Module):
    def __init__(self, n_experts=4, top_k=2):
        super().__init__()
        self.gate = nn.Linear(16, n_experts)
        self.top_k = top_k
    def forward(self, x, k):
        w, idx = self.gate(x).softmax(-1).topk(int(k.max()), -1)   # k per request
        return w / w.sum(-1, keepdim=True), idx
ep = torch.export.export(Router(), (torch.randn(6, 16), torch.tensor([2, 2, 1, 2, 2, 2])))
""", "The number of experts per token comes from a tensor (int(k.max())), a data-dependent topk "
       "size torch.export cannot trace.",
       "Make top_k a fixed model hyper-parameter (topk(self.top_k)) and mask the unused experts.",
       match=r"data-dependent|Could not|GuardOnDataDependent|unbacked")


# ----------------------------------------------------------------- compile-time problems
def case_18():
    return _c("case_18", "complex-rope-dynamic", "unsupported", "compile", """
from torch.export import Dim
class Rope(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.register_buffer("inv", 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d)))
    def forward(self, x):
        t = x.shape[1]
        ang = torch.outer(torch.arange(t, dtype=torch.float32), self.inv)
        rot = torch.polar(torch.ones_like(ang), ang)                      # complex64
        xc = torch.view_as_complex(x.reshape(*x.shape[:-1], -1, 2))
        return torch.view_as_real(xc * rot).flatten(-2)
ep = torch.export.export(Rope(), (torch.randn(2, 10, 16),),
                         dynamic_shapes=({1: Dim("seq", min=2, max=512)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cplx44.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 20, 16))
""", "Rotary embeddings computed in forward with torch.polar and a complex multiply over a "
       "dynamic sequence; AOTI has no path for the complex intermediate.",
       "Use the real-valued rotate-half form (x * cos + rotate_half(x) * sin).",
       match=r".")


def case_19():
    return _c("case_19", "stacked-experts-gather", "torch_bug", "compile", """
from torch.export import Dim
class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(16, 4)
        self.w = nn.Parameter(torch.randn(4, 16, 16) * 0.1)     # stacked expert weights
    def forward(self, x):
        gate, idx = self.router(x).softmax(-1).topk(2, -1)     # (tokens, 2)
        y = torch.einsum("td,tkdo->tko", x, self.w[idx])        # gather expert weights per token
        return (gate.unsqueeze(-1) * y).sum(1)
ep = torch.export.export(MoE(), (torch.randn(12, 16),),
                         dynamic_shapes=({0: Dim("tokens", min=2, max=256)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/expw44.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(30, 16))
""", "Gathering the stacked expert weights per token with the topk indices.",
       "None needed if it works.", match=r".")


def case_20():
    return _c("case_20", "nested-input-at-export", "unsupported", "export", """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x):
        return self.mha(x, x, x, need_weights=False)[0]
nt = torch.nested.nested_tensor([torch.randn(3, 16), torch.randn(5, 16)])   # strided layout
ep = torch.export.export(Enc().eval(), (nt,))
""", "A strided-layout nested tensor (the MHA fast-path input) is given as the export example; "
       "torch.export does not take nested tensors as inputs.",
       "Export with a padded (batch, seq, embed) tensor plus a key_padding_mask and pad requests "
       "before calling the package.",
       match=r".")


# -------------------------------------------------------------------- serving: shared pkgs
def case_21():
    return _c("case_21", "mha-fed-batch-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mha44}")
x = torch.randn(2, 9, 16)          # (batch, seq, embed) from the new tokenizer service
y = m(x)
""", "The package wraps nn.MultiheadAttention with its default seq-first layout (seq, batch, "
       "embed); the serving code sends batch-first tensors, so the batch dimension gets the "
       "sequence length.",
       "Transpose to (seq, batch, embed) before the call, or rebuild the module with "
       "batch_first=True and re-export.",
       needs=("r",), env=CHECK, match=r"unmatched|expected|size")


def case_22():
    return _c("case_22", "cache-positions-int32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{kvc44}")
pos = torch.from_numpy(np.arange(4, 7, dtype=np.int32))     # positions from the scheduler
y = m(torch.randn(3, 16), pos)
""", "The KV-cache step was exported with int64 cache positions; the scheduler sends int32 "
       "positions (a numpy default on its side), a dtype the package was not compiled for.",
       "Send int64 positions (pos.long()) as at export.",
       needs=("r",), env=CHECK, match=r"unmatched|dtype|expected")


def case_23():
    return _c("case_23", "cache-write-whole-prompt", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{kvc44}")
prompt = torch.randn(40, 16)                    # a 40-token prompt written in one step
y = m(prompt, torch.arange(40))
""", "The cache step was exported for at most 32 rows per call (Dim max=32, the cache size); a "
       "40-token prompt is sent in one step, outside the compiled range.",
       "Chunk long prompts into steps of at most 32 tokens (and size the cache for the longest "
       "prompt), or re-export with a larger cache and Dim max.",
       needs=("r",), env=CHECK, match=r"too large|expected|unmatched|range|bound")


def case_24():
    return _c("case_24", "single-token-prefill", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{prefill44}")
y = m(torch.randn(2, 1, 16))        # a one-token prompt after the chat template was trimmed
""", "The prefill package was exported with a sequence Dim of min 2; a one-token prompt is below "
       "the compiled range.",
       "Export with min=1 (an example length of at least 2) or route one-token prompts to the "
       "decode package.",
       needs=("r",), env=CHECK, match=r"too small|expected|unmatched|range")


def case_25():
    return _c("case_25", "per-head-mask-at-serve", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mask44}")
x = torch.randn(2, 5, 16)
mask = torch.zeros(2 * 2, 5, 5, dtype=torch.bool)    # (batch * heads, L, L) per-row masks
y = m(x, mask)
""", "The package was exported with a 2-D (L, L) attention mask; the serving code sends a 3-D "
       "(batch * heads, L, L) per-request mask, a rank the package was not compiled for.",
       "Send the 2-D mask used at export, or re-export with a 3-D mask example if masks differ "
       "per request.",
       needs=("r",), env=CHECK, match=r"unmatched|expected|dim|size|rank")


def case_26():
    return _c("case_26", "float-mask-to-bool-pkg", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mask44}")
L = 5
mask = torch.triu(torch.full((L, L), float("-inf")), 1)   # nn.Transformer's causal mask
y = m(torch.randn(2, L, 16), mask)
""", "The package was exported with a bool attention mask; the serving code passes the additive "
       "float causal mask nn.Transformer.generate_square_subsequent_mask builds.",
       "Pass a bool mask (mask == float('-inf')) as at export, or re-export with a float mask.",
       needs=("r",), env=CHECK, match=r"unmatched|dtype|expected")


def case_27():
    return _c("case_27", "nested-batch-at-serve", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{prefill44}")
batch = torch.nested.nested_tensor([torch.randn(4, 16), torch.randn(7, 16)], layout=torch.jagged)
y = m(batch)                         # ragged requests sent as one jagged batch
""", "The package takes a dense (batch, seq, 16) tensor; the serving code sends a jagged nested "
       "tensor of ragged requests, which the AOTI runner cannot take as an input.",
       "Pad the requests to a dense batch (to_padded_tensor) before the call, with a padding mask "
       "if the model needs one.",
       needs=("r",), match=r".")


def case_28():
    return _c("case_28", "positions-as-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kvc44}")
y = m(torch.randn(3, 16), [5, 6, 7])       # positions as a Python list from the scheduler
""", "The cache positions are passed as a Python list; the package was exported with a tensor "
       "input there.",
       "Pass torch.tensor([5, 6, 7]) (int64) as at export.",
       needs=("r",), match=r".")


def case_29():
    return _c("case_29", "kvc-fp16-request", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kvc44}")
y = m(torch.randn(3, 16, dtype=torch.float16), torch.tensor([0, 1, 2]))  # fp16 activations
""", "The serving pipeline sends float16 hidden states to a package exported for float32.",
       "Cast the input to float32 or export a float16 model.",
       needs=("r",), env=CHECK, match=r"unmatched|dtype|expected")


# -------------------------------------------------------------- serving: own packages
def case_30():
    return _c("case_30", "rope-buffers-not-in-state", "constant_loading", "load", """
class Rope(nn.Module):
    def __init__(self, d=16, max_pos=64):
        super().__init__()
        self.proj = nn.Linear(16, 16)
        inv = 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d))
        f = torch.outer(torch.arange(max_pos).float(), inv)
        self.register_buffer("cos", torch.cat([f, f], -1).cos(), persistent=False)
        self.register_buffer("sin", torch.cat([f, f], -1).sin(), persistent=False)
    def forward(self, x):
        x = self.proj(x)
        x1, x2 = x.chunk(2, -1)
        return x * self.cos[:8] + torch.cat([-x2, x1], -1) * self.sin[:8]
model = Rope()
ep = torch.export.export(model, (torch.randn(2, 8, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rope44.pt2")
m = torch._inductor.aoti_load_package(pkg)
new = {k: v + 0.01 for k, v in model.state_dict().items()}   # fine-tuned checkpoint
m.load_constants(new, check_full_update=True)
""", "The fine-tuned weights are swapped in from model.state_dict(), which leaves out the "
       "non-persistent rotary cos/sin buffers, so a full constant update is missing constants.",
       "Add the non-persistent buffers (dict(model.named_buffers())) to the update, or call "
       "load_constants without check_full_update.",
       match=r"constant|missing|Cannot find|not found")


def case_31():
    return _c("case_31", "gate-ids-from-wider-router", "index_out_of_bounds", "run", """
class Combine(nn.Module):
    def forward(self, probs, expert_ids):          # probs: (tokens, 4), ids: (tokens, 2)
        return torch.gather(probs, 1, expert_ids).sum(-1)
ep = torch.export.export(Combine(), (torch.rand(6, 4), torch.randint(0, 4, (6, 2))))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gate44.pt2")
m = torch._inductor.aoti_load_package(pkg)
ids = torch.tensor([[0, 7], [1, 2], [3, 5], [0, 1], [6, 2], [1, 3]])  # from the 8-expert router
y = m(torch.rand(6, 4), ids)
""", "The expert ids come from the new 8-expert router while the combine step was built for 4 "
       "experts; gathering gate probabilities at ids 5..7 reads past the 4 columns.",
       "Keep the router and the combine step on the same expert count (re-export for 8 experts) "
       "or validate ids < num_experts.",
       match=r"out of bounds|index")


def case_32():
    return _c("case_32", "sdpa-mask-fp16-serve", "input_mismatch", "run", """
from torch.export import Dim
class Attn(nn.Module):
    def forward(self, q, k, v, bias):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
s = Dim("s", min=2, max=128)
q = torch.randn(1, 2, 6, 8)
ep = torch.export.export(Attn(), (q, q, q, torch.zeros(1, 1, 6, 6)),
                         dynamic_shapes=({2: s}, {2: s}, {2: s}, {2: s, 3: s}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sdpa44.pt2")
m = torch._inductor.aoti_load_package(pkg)
bias = torch.zeros(1, 1, 9, 9, dtype=torch.float16)     # the mask cache stores fp16
x = torch.randn(1, 2, 9, 8)
y = m(x, x, x, bias)
""", "The additive attention bias comes from an fp16 mask cache while the package was exported "
       "with a float32 bias for float32 queries.",
       "Cast the bias to the exported dtype (bias.float()) before the call.",
       env=CHECK, match=r"unmatched|dtype|expected")


def case_33():
    return _c("case_33", "lengths-mask-int32-lengths", "input_mismatch", "run", """
from torch.export import Dim
class Pool(nn.Module):
    def forward(self, x, lengths):
        keep = torch.arange(x.shape[1])[None, :] < lengths[:, None]
        return (x * keep[..., None]).sum(1) / lengths[:, None]
s = Dim("s", min=2, max=256)
ep = torch.export.export(Pool(), (torch.randn(2, 6, 16), torch.tensor([6, 3])),
                         dynamic_shapes=({1: s}, None))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bag44.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 10, 16), torch.tensor([10, 7], dtype=torch.int32))
""", "The masked-mean pooling package was exported with int64 lengths; the batcher sends int32 "
       "lengths.",
       "Send int64 lengths (lengths.long()) as at export.",
       env=CHECK, match=r"unmatched|dtype|expected")


def case_34():
    return _c("case_34", "cat-cache-past-over-max", "dynamic_shape_guard", "run", """
from torch.export import Dim
class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.kv = nn.Linear(16, 32)
    def forward(self, x, past_k, past_v):
        k, v = self.kv(x).chunk(2, -1)
        k = torch.cat([past_k, k], 0)
        v = torch.cat([past_v, v], 0)
        att = (x @ k.t() / 4.0).softmax(-1)
        return att @ v, k, v
p = Dim("past", min=2, max=16)
ep = torch.export.export(Step(), (torch.randn(1, 16), torch.randn(4, 16), torch.randn(4, 16)),
                         dynamic_shapes=(None, {0: p}, {0: p}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gen44.pt2")
m = torch._inductor.aoti_load_package(pkg)
k = v = torch.randn(2, 16)
for step in range(24):                         # generation loop feeds the grown cache back
    y, k, v = m(torch.randn(1, 16), k, v)
""", "The decode step grows the KV cache with torch.cat and returns it; the generation loop feeds "
       "it back every step, and after 15 tokens the past length passes the exported Dim max of 16.",
       "Export with a past Dim max covering the longest generation (or stop / truncate the cache "
       "at the max).",
       env=CHECK, match=r"too large|expected|unmatched|range")


def case_35():
    return _c("case_35", "window-mask-from-lengths-run", "numerical", "run", """
from torch.export import Dim
class Local(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x, lengths):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        pos = torch.arange(t)
        window = (pos[:, None] - pos[None, :]).abs() <= 2
        pad = pos[None, :] < lengths[:, None]
        mask = window[None, None] & pad[:, None, None, :]
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
model = Local().eval()
s = Dim("s", min=2, max=128)
ep = torch.export.export(model, (torch.randn(2, 8, 16), torch.tensor([8, 5])),
                         dynamic_shapes=({1: s}, None))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/win44.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 12, 16)
lengths = torch.tensor([12, 0])                 # an empty request padded into the batch
y = m(x, lengths)
assert torch.isfinite(y).all(), "non-finite attention output"
""", "An empty request (length 0) is padded into the batch, so every key of its row is masked "
       "and attention over an all-False mask gives NaN.",
       "Drop empty requests before batching, or give fully padded rows at least one valid key.",
       match=r"non-finite")


def case_36():
    return _c("case_36", "mha-need-weights-dyn", "torch_bug", "compile", """
from torch.export import Dim
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, x, pad):
        return self.mha(x, x, x, key_padding_mask=pad)       # need_weights defaults to True
s = Dim("s", min=2, max=128)
ep = torch.export.export(Enc().eval(), (torch.randn(2, 6, 16), torch.zeros(2, 6, dtype=torch.bool)),
                         dynamic_shapes=({1: s}, {1: s}))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
y, w = m(torch.randn(2, 9, 16), torch.zeros(2, 9, dtype=torch.bool))
""", "MultiheadAttention with its default averaged attention weights over a dynamic length.",
       "None needed if it works.", match=r".")


def case_37():
    return _c("case_37", "square-subsequent-mask-in-forward", "torch_bug", "compile", """
from torch.export import Dim
class Dec(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerDecoderLayer(16, 2, 32, batch_first=True, dropout=0.0)
    def forward(self, x, mem):
        mask = nn.Transformer.generate_square_subsequent_mask(x.shape[1])
        return self.layer(x, mem, tgt_mask=mask, tgt_is_causal=True)
s = Dim("s", min=2, max=64)
ep = torch.export.export(Dec().eval(), (torch.randn(2, 6, 16), torch.randn(2, 4, 16)),
                         dynamic_shapes=({1: s}, None))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 11, 16), torch.randn(2, 4, 16))
""", "A causal mask built in forward with nn.Transformer.generate_square_subsequent_mask.",
       "None needed if it works.", match=r".")


def case_38():
    return _c("case_38", "topk-capacity-half-tokens", "torch_bug", "export", """
from torch.export import Dim
class Dispatch(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(16, 4)
    def forward(self, x):
        t = x.shape[0]
        scores = self.router(x).softmax(-1)
        cap = t // 2
        top, idx = scores.topk(cap, dim=0)               # expert choice, capacity t // 2
        return torch.einsum("ce,ced->ed", top, x[idx])
ep = torch.export.export(Dispatch(), (torch.randn(16, 16),),
                         dynamic_shapes=({0: Dim("tokens", min=2, max=512)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/topcap44.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(40, 16))
""", "Expert-choice routing with a capacity of tokens // 2 is valid for every token count, but "
       "export's symbolic reasoning cannot prove the generated guard tokens // 2 <= tokens and "
       "reports it as a constraint violation.",
       "Help the prover with torch._check(cap <= t) before topk (or use an explicit capacity "
       "input), and try a newer torch release.",
       match=r"Constraints violated")


CASES = [case_01, case_02, case_03, case_05, case_06, case_07, case_08, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_17, case_21, case_22, case_23, case_25, case_26,
         case_28, case_29, case_31, case_32, case_33, case_34, case_38]
# Failed in the trial but left out: case_20 (a strided nested tensor as the export example: the
# same trigger as live_blind21.py case_02, found by the overlap grep after writing it), case_27
# (a jagged nested batch passed to a dense package at serving time: the same trigger as
# live_blind4.py's jagged-tensor-into-package case), case_24 (a one-token prompt below a
# sequence Dim min of 2: the same trigger as live_blind41.py case_22, found by a late grep; a
# first recorded run was stopped to take it out, see the notes).
DROPPED = [case_20, case_24, case_27]
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_04 (a bfloat16 model with a float32 attention bias: exported),
# case_16 (top-1 MoE with torch.where rows and index_add: exported, compiled and ran with
# unbacked sizes), case_18 (rotary embeddings with torch.polar and a complex multiply over a
# dynamic sequence: compiled and ran), case_19 (stacked expert weights gathered per token with
# topk ids: ran), case_30 (load_constants(check_full_update=True) with a state_dict that lacks
# the non-persistent rotary buffers: accepted), case_35 (SDPA over a window & padding bool mask
# with a length-0 row: finite outputs), case_36 (MultiheadAttention with need_weights=True over
# a dynamic length: ran), case_37 (TransformerDecoderLayer with generate_square_subsequent_mask
# in forward and a dynamic length: ran).
TRIED = [case_04, case_16, case_18, case_19, case_30, case_35, case_36, case_37]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind44.jsonl",
        url_file="benchmarks/live_blind44.py", id_prefix="live44", stems=STEMS,
        scratch_prefix="live_blind44-", description=__doc__.splitlines()[0]))
