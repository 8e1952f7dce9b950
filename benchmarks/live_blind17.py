"""A seventeenth blind set of REAL AOTInductor failures (language models and generation), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind17.py [--out benchmarks/live_blind17.jsonl] [--keep]

Theme: language models and generation with AOTI (small transformer blocks, KV caches held as
buffers and mutated in place, cache positions and attention masks as inputs,
scaled_dot_product_attention and its options, rotary embeddings, generation loops around the
loaded model, sampling, token ids and vocab sizes, tied embeddings, padding, LoRA-style adapters,
torch.cond / while_loop for early exit). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind15.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# A tiny language model with tied input/output embeddings (vocab 50, width 16).
TIED = """
class TiedLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.block = nn.Linear(16, 16)
        self.lm_head = nn.Linear(16, 50, bias=False)
        self.lm_head.weight = self.emb.weight
    def forward(self, ids):
        return self.lm_head(torch.tanh(self.block(self.emb(ids))))
"""

# One attention layer's decode step: rotary table for 16 positions, a KV cache of 64 slots
# (buffers, mutated in place with index_copy_), cache positions as an input.
DEC = """
class DecodeStep(nn.Module):
    def __init__(self, max_len=64, rope_len=16):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
        self.out = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(1, 2, max_len, 8), persistent=False)
        self.register_buffer("v_cache", torch.zeros(1, 2, max_len, 8), persistent=False)
        inv = 1.0 / (10000 ** (torch.arange(0, 8, 2).float() / 8))
        ang = torch.outer(torch.arange(rope_len).float(), inv)
        ang = torch.cat([ang, ang], -1)
        self.register_buffer("cos", ang.cos(), persistent=False)
        self.register_buffer("sin", ang.sin(), persistent=False)
    def rope(self, t, pos):
        c, s = self.cos[pos], self.sin[pos]
        t1, t2 = t.chunk(2, -1)
        return t * c + torch.cat([-t2, t1], -1) * s
    def forward(self, x, pos):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        q, k = self.rope(q, pos), self.rope(k, pos)
        self.k_cache.index_copy_(2, pos, k)
        self.v_cache.index_copy_(2, pos, v)
        mask = torch.arange(self.k_cache.shape[2]) <= pos[:, None]
        o = F.scaled_dot_product_attention(q, self.k_cache, self.v_cache, attn_mask=mask)
        return self.out(o.transpose(1, 2).reshape(B, T, 16))
"""

# An attention layer over a padded batch with a boolean key-padding mask (no weights).
MASKED = """
class PaddedAttn(nn.Module):
    def forward(self, x, mask):
        B, T, _ = x.shape
        q = x.view(B, T, 2, 8).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, q, q, attn_mask=mask[:, None, None, :])
        return o.transpose(1, 2).reshape(B, T, 16)
"""

# A two-layer block whose past keys/values come in as a tuple of (k, v) tuples.
PAST = """
class PastLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(16, 16)
    def forward(self, x, past):
        h = x
        for k, v in past:
            q = self.q(h).view(1, -1, 2, 8).transpose(1, 2)
            o = F.scaled_dot_product_attention(q, k, v)
            h = h + o.transpose(1, 2).reshape(1, -1, 16)
        return h
"""

# A small causal LM without a cache (re-runs the whole sequence), sequence Dim up to 32.
SEQLM = """
class SeqLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, ids):
        h = self.emb(ids)
        B, T, _ = h.shape
        q = h.view(B, T, 2, 8).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, q, q, is_causal=True)
        return self.head(o.transpose(1, 2).reshape(B, T, 16))
"""

# Attention projections with LoRA adapters named as in a hand-written LoRA module.
LORA = """
class LoRALinear(nn.Module):
    def __init__(self, d=16, r=4):
        super().__init__()
        self.base = nn.Linear(d, d)
        self.lora_A = nn.Linear(d, r, bias=False)
        self.lora_B = nn.Linear(r, d, bias=False)
    def forward(self, x):
        return self.base(x) + 2.0 * self.lora_B(self.lora_A(x))

class LoRAAttn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = LoRALinear()
        self.v_proj = LoRALinear()
    def forward(self, x):
        q = self.q_proj(x).view(1, -1, 2, 8).transpose(1, 2)
        v = self.v_proj(x).view(1, -1, 2, 8).transpose(1, 2)
        return F.scaled_dot_product_attention(q, q, v, is_causal=True).sum(1)
"""

SETUP_J = """
import json, os, torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + TIED + DEC + MASKED + PAST + SEQLM + LORA + """
def build(name, m, args, dynamic_shapes=None):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lm17", TiedLM().eval(), (torch.randint(0, 50, (2, 6)),))
t = Dim("t", min=1, max=16)
build("dec17", DecodeStep().eval(), (torch.randn(1, 4, 16), torch.arange(4)),
      dynamic_shapes={"x": {1: t}, "pos": {0: t}})
build("mask17", PaddedAttn(), (torch.randn(2, 6, 16), torch.ones(2, 6, dtype=torch.bool)))
past = tuple((torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8)) for _ in range(2))
build("past17", PastLM().eval(), (torch.randn(1, 3, 16), past))
build("seq17", SeqLM().eval(), (torch.randint(0, 50, (1, 8)),),
      dynamic_shapes={"ids": {1: Dim("seq", min=2, max=32)}})
build("pf17", SeqLM().eval(), (torch.randint(0, 50, (1, 8)),))
build("lora17", LoRAAttn().eval(), (torch.randn(1, 5, 16),))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lm17", "dec17", "mask17", "past17", "seq17", "pf17", "lora17", "grow17", "shortcut17",
         "flex17", "topp17", "gqa17", "win17", "itemk17", "halfrope17", "infmask17", "chat17",
         "posint17", "metac17", "eff17", "condc17", "loopc17", "mc17", "topk17",
         "gen17", "triu17", "maxc17"}

PRE = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nfrom torch.export import Dim\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "cache-reassigned-grow", "unsupported", "compile", """
class GrowingCache(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(1, 0, 16), persistent=False)
    def forward(self, x):
        k = self.k(x)
        self.k_cache = torch.cat([self.k_cache, k], 1)  # append the new keys
        return torch.softmax(k @ self.k_cache.transpose(1, 2), -1) @ self.k_cache
ep = torch.export.export(GrowingCache().eval(), (torch.randn(1, 3, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/grow17.pt2")
""", "The KV cache is grown by re-assigning the buffer to torch.cat([cache, k]) inside forward "
       "(a dynamic-cache pattern); buffers are fixed-size state in an exported program, so "
       "export records the re-assignment as an in-place copy_ into the empty buffer, which "
       "AOTI compilation then cannot expand (3 -> 0).",
       "Preallocate a static cache of max_len slots and write with index_copy_ at the cache "
       "positions, or pass the cache in and return the new one as outputs.")


def case_02():
    return _c("case_02", "all-ones-mask-shortcut", "export_failure", "export", """
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
    def forward(self, ids, attention_mask):
        h = self.emb(ids)
        B, T, _ = h.shape
        if attention_mask is not None and torch.all(attention_mask == 1):
            attention_mask = None  # fast path: no padding in this batch
        mask = None if attention_mask is None else attention_mask[:, None, None, :].bool()
        q = h.view(B, T, 2, 8).transpose(1, 2)
        return F.scaled_dot_product_attention(q, q, q, attn_mask=mask).sum(1)
ids = torch.randint(0, 50, (2, 6))
ep = torch.export.export(Encoder().eval(), (ids, torch.ones(2, 6, dtype=torch.long)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/shortcut17.pt2")
""", "forward drops the attention mask when every entry is 1 (the HF-style 'no padding' fast "
       "path, if torch.all(mask == 1)); that Python branch depends on the mask's values, which "
       "export cannot evaluate.",
       "Always apply the mask (an all-ones mask costs nothing), or decide the fast path in the "
       "caller and export two variants.",
       match=r"data.dependent|GuardOnDataDependent|Could not guard")


def case_03():
    return _c("case_03", "stop-on-eos-and", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Generate(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, tok):
        def cond_fn(i, t):
            return (t != 2).all() and i < 8  # stop at EOS (id 2) or after 8 steps
        def body_fn(i, t):
            return i + 1, self.head(self.emb(t)).argmax(-1)
        _, t = while_loop(cond_fn, body_fn, (torch.tensor(0), tok))
        return t
ep = torch.export.export(Generate().eval(), (torch.tensor([5]),))
""", "The early-exit condition of the while_loop decode is written with Python `and` "
       "((t != eos).all() and i < 8), which calls bool() on a tensor inside the traced cond_fn.",
       "Combine the conditions with tensor ops ((t != eos).all() & (i < 8)) so cond_fn returns "
       "one boolean tensor.")


def case_04():
    return _c("case_04", "per-row-finished", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Generate(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, tok):
        def cond_fn(i, t):
            return (t != 2) & (i < 8)  # one 'not finished' flag per sequence in the batch
        def body_fn(i, t):
            return i + 1, self.head(self.emb(t)).argmax(-1)
        _, t = while_loop(cond_fn, body_fn, (torch.tensor(0), tok))
        return t
ep = torch.export.export(Generate().eval(), (torch.tensor([5, 7, 9]),))
""", "For a batch of three prompts the while_loop's cond_fn returns a per-sequence 'not "
       "finished' vector; while_loop needs cond_fn to return a single boolean scalar.",
       "Reduce the flags ((t != eos).any() & (i < n)) and mask finished sequences in the body.")


def case_05():
    return _c("case_05", "cond-skip-writes-cache", "unsupported", "export", """
class SkipLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(8, 16), persistent=False)
    def forward(self, x, pos):
        def run(x, pos):
            self.k_cache.index_copy_(0, pos, self.k(x))
            return x * 2
        def skip(x, pos):
            return x.clone()
        y = torch.cond(x.abs().mean() > 0.5, run, skip, (x, pos))  # early exit skips the layer
        return y + self.k_cache.sum(0)
ep = torch.export.export(SkipLayer().eval(), (torch.randn(1, 16), torch.tensor([0])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/condc17.pt2")
""", "An early-exit layer skip is written with torch.cond whose 'run' branch writes the layer's "
       "KV-cache buffer in place; torch.cond branches may not mutate inputs or buffers.",
       "Return the new cache rows from both branches (the skip branch returning the old ones) "
       "and write the cache outside torch.cond.")


def case_06():
    return _c("case_06", "loop-writes-cache", "unsupported", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Decode(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(8, 16), persistent=False)
    def forward(self, h):
        def cond_fn(i, h):
            return i < 4
        def body_fn(i, h):
            self.k_cache.index_copy_(0, i.reshape(1), h)  # remember every step's state
            return i + 1, torch.tanh(self.cell(h))
        _, h = while_loop(cond_fn, body_fn, (torch.tensor(0), h))
        return h + self.k_cache.sum(0)
ep = torch.export.export(Decode().eval(), (torch.randn(1, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/loopc17.pt2")
""", "A while_loop decode writes each step's state into a KV-cache buffer from inside body_fn; "
       "while_loop's body may not mutate buffers or inputs in place.",
       "Carry the cache as a loop variable (return the updated copy from body_fn) and assign it "
       "to the buffer after the loop.")


def case_07():
    return _c("case_07", "mask-plus-causal", "unsupported", "export", """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x, pad_mask):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=pad_mask[:, None, None, :],
                                           is_causal=True)
        return o.sum(1)
x = torch.randn(2, 6, 16)
ep = torch.export.export(Block().eval(), (x, torch.ones(2, 6, dtype=torch.bool)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mc17.pt2")
""", "scaled_dot_product_attention is called with both a padding attn_mask and is_causal=True; "
       "the op refuses that combination (an explicit mask may not be given with is_causal).",
       "Combine the causal and padding masks into one boolean attn_mask (tril & pad) and leave "
       "is_causal=False.", match=r"is_causal|attn_mask|causal")


def case_08():
    return _c("case_08", "efficient-backend-pinned", "unsupported", "export", """
from torch.nn.attention import sdpa_kernel, SDPBackend
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True).sum(1)
x = torch.randn(2, 6, 16)
with sdpa_kernel(SDPBackend.EFFICIENT_ATTENTION):  # copied from the GPU build script
    ep = torch.export.export(Block().eval(), (x,))
    pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/eff17.pt2")
    m = torch._inductor.aoti_load_package(pkg)
    y = m(x)
""", "The export/compile is wrapped in sdpa_kernel(SDPBackend.EFFICIENT_ATTENTION), copied from "
       "a GPU build script; the memory-efficient attention kernel does not exist for CPU "
       "tensors, so no SDPA backend is allowed.",
       "Drop the sdpa_kernel restriction for CPU builds (or allow MATH/FLASH_ATTENTION, which "
       "have CPU kernels).", match=r"[Nn]o available kernel|kernel")


def case_09():
    return _c("case_09", "topk-vocab-range", "dynamic_shape_guard", "export", """
class TopKSampler(nn.Module):
    def forward(self, logits):
        v, i = torch.topk(logits, 50, dim=-1)
        return i.gather(-1, torch.softmax(v, -1).argmax(-1, keepdim=True))
vocab = Dim("vocab", min=8, max=4096)
ep = torch.export.export(TopKSampler(), (torch.randn(2, 100),),
                         dynamic_shapes={"logits": {1: vocab}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/topk17.pt2")
""", "The top-k sampler (k = 50) is exported with the vocabulary size as a Dim starting at 8; "
       "topk needs vocab >= 50, a guard the declared range violates.",
       "Raise the Dim's min to k (Dim('vocab', min=50, ...)) or take k = min(k, vocab).",
       match=r"Constraints violated|vocab")


def case_10():
    return _c("case_10", "cache-max-batch", "dynamic_shape_guard", "export", """
class CachedAttn(nn.Module):
    def __init__(self, max_batch=2, max_len=16):
        super().__init__()
        self.kv = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(max_batch, 2, max_len, 8), persistent=False)
    def forward(self, x, pos):
        B, T, _ = x.shape
        k = self.kv(x).view(B, T, 2, 8).transpose(1, 2)
        self.k_cache.index_copy_(2, pos, k)
        return F.scaled_dot_product_attention(k, self.k_cache, self.k_cache).sum(1)
batch = Dim("batch", min=1, max=8)
ep = torch.export.export(CachedAttn().eval(), (torch.randn(2, 3, 16), torch.arange(3)),
                         dynamic_shapes={"x": {0: batch}, "pos": None})
""", "The batch dimension is declared dynamic, but the KV cache buffer was allocated for "
       "max_batch=2 and written with index_copy_, which forces the batch to equal 2.",
       "Export with a static batch equal to the cache's, or allocate the cache per request "
       "(pass it in as an input with the same batch Dim).",
       match=r"Constraints violated|specializ|batch")


def case_11():
    return _c("case_11", "meta-init-cache", "device_mismatch", "export", """
class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
        self.register_buffer("k_cache", torch.zeros(1, 8, 16), persistent=False)
    def forward(self, ids):
        h = self.emb(ids)
        self.k_cache[:, : ids.shape[1]] = h
        return self.head(h + self.k_cache[:, : ids.shape[1]].mean(1, keepdim=True))
sd = LM().state_dict()  # the checkpoint (non-persistent cache buffers are not in it)
with torch.device("meta"):
    model = LM()  # fast init without allocating weights
model.load_state_dict(sd, assign=True)
ids = torch.randint(0, 50, (1, 6))
ep = torch.export.export(model.eval(), (ids,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/metac17.pt2")
""", "The LM was created under torch.device('meta') and filled with load_state_dict(assign="
       "True); the non-persistent KV-cache buffer is not in the checkpoint, so it stays on the "
       "meta device while the weights and inputs are on CPU.",
       "Re-create non-persistent buffers on the real device after the meta init (or use "
       "to_empty(device='cpu') and re-run buffer initialisation) before export.",
       match=r"meta")


def case_12():
    return _c("case_12", "cache-write-at-item", "export_failure", "export", """
class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(8, 8)
        self.register_buffer("k_cache", torch.zeros(1, 32, 8), persistent=False)
    def forward(self, x, pos):
        p = pos.item()
        torch._check(p >= 0)
        torch._check(p < 32)
        self.k_cache[:, p] = self.k(x)[:, 0]
        keys = self.k_cache[:, : p + 1]  # attend to the filled part of the cache
        return torch.softmax(x @ keys.transpose(1, 2), -1) @ keys
model = Step().eval()
x = torch.randn(1, 1, 8)
ep = torch.export.export(model, (x, torch.tensor(3)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/itemk17.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x, torch.tensor(5))
assert y.shape == (1, 1, 8), y.shape
""", "The decode step writes the KV cache at a position read with pos.item() "
       "(self.k_cache[:, p] = ...); under export p is an unbacked SymInt, which tensor "
       "indexing does not accept, so export cannot trace the write.",
       "Keep the position a tensor and write with index_copy_(1, pos.view(1), k) (and attend "
       "over the whole static cache with a position mask).", match=r"SymInt|data.dependent")


def case_13():
    return _c("case_13", "flex-causal-cpu", "unsupported", "compile", """
from torch.nn.attention.flex_attention import flex_attention
def causal(score, b, h, q_idx, kv_idx):
    return torch.where(q_idx >= kv_idx, score, -float("inf"))
class Block(nn.Module):
    def forward(self, q, k, v):
        return flex_attention(q, k, v, score_mod=causal)
args = tuple(torch.randn(1, 2, 128, 16) for _ in range(3))
ep = torch.export.export(Block(), args)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flex17.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(*args)
""", "Causal attention written with flex_attention (a score_mod) is compiled with AOTI for CPU.",
       "Use scaled_dot_product_attention(is_causal=True) on CPU.")


def case_14():
    return _c("case_14", "nucleus-in-graph", "torch_bug", "compile", """
class TopP(nn.Module):
    def forward(self, logits, temperature):
        sl, si = torch.sort(logits / temperature, descending=True, dim=-1)
        p = sl.softmax(-1)
        drop = (p.cumsum(-1) - p) > 0.9
        sl = sl.masked_fill(drop, float("-inf"))
        j = torch.multinomial(sl.softmax(-1), 1)
        return si.gather(-1, j)
ep = torch.export.export(TopP(), (torch.randn(2, 50), torch.tensor(0.8)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/topp17.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 50), torch.tensor(0.8))
assert y.shape == (2, 1) and int(y.min()) >= 0 and int(y.max()) < 50, y
""", "Top-p sampling (sort, cumsum, masked_fill, multinomial, gather) inside the package.",
       "None needed.")


def case_15():
    return _c("case_15", "gqa-float-mask-dyn", "torch_bug", "compile", """
class GQA(nn.Module):
    def forward(self, q, k, v, bias):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=bias, enable_gqa=True)
S = Dim("S", min=2, max=64)
args = (torch.randn(1, 4, 1, 16), torch.randn(1, 2, 6, 16), torch.randn(1, 2, 6, 16),
        torch.zeros(1, 1, 1, 6))
ep = torch.export.export(GQA(), args, dynamic_shapes=(None, {2: S}, {2: S}, {3: S}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gqa17.pt2")
m = torch._inductor.aoti_load_package(pkg)
a = (torch.randn(1, 4, 1, 16), torch.randn(1, 2, 9, 16), torch.randn(1, 2, 9, 16),
     torch.zeros(1, 1, 1, 9))
torch.testing.assert_close(m(*a), GQA()(*a))
""", "A decode step with grouped-query attention (enable_gqa=True), an additive float mask and "
       "a dynamic cache length.", "None needed.")


def case_16():
    return _c("case_16", "window-roll-cache", "torch_bug", "run", """
class Window(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(1, 8, 16), persistent=False)
    def forward(self, k):
        self.k_cache.copy_(torch.cat([self.k_cache[:, 1:], k], 1))  # sliding window
        return self.k_cache.sum(1)
ref = Window()
ep = torch.export.export(Window(), (torch.randn(1, 1, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/win17.pt2")
m = torch._inductor.aoti_load_package(pkg)
for step in range(10):
    k = torch.randn(1, 1, 16)
    torch.testing.assert_close(m(k), ref(k))
""", "A sliding-window KV cache shifts its buffer in place (copy_ of a cat of its own slice).",
       "None needed.")


def case_17():
    return _c("case_17", "decode-causal-flag", "numerical", "run", """
class CachedStep(nn.Module):
    def forward(self, q, k_all, v_all):
        return F.scaled_dot_product_attention(q, k_all, v_all, is_causal=True)
S = Dim("S", min=2, max=128)
q, k, v = torch.randn(1, 2, 1, 8), torch.randn(1, 2, 6, 8), torch.randn(1, 2, 6, 8)
so = torch._export.aot_compile(CachedStep(), (q, k, v),
                               dynamic_shapes={"q": None, "k_all": {2: S}, "v_all": {2: S}})
run = torch._export.aot_load(so, "cpu")
y = run(q, k, v)
ref = F.scaled_dot_product_attention(q, k, v)  # the newest token sees the whole cache
torch.testing.assert_close(y, ref)
""", "The decode step keeps is_causal=True from the prefill code; with one query and six cached "
       "keys SDPA's causal mask is aligned top-left, so the new token attends only to the first "
       "cached key and the output is silently wrong.",
       "Use is_causal only when query and key lengths are equal (prefill); for decode pass no "
       "mask or an explicit bottom-right aligned mask.", api="legacy",
       match=r"not close|Mismatched")


def case_18():
    return _c("case_18", "rope-half-angles", "numerical", "run", """
class Rotary(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, 8, 2).float() / 8)),
                             persistent=False)
    def forward(self, q, pos):
        ang = pos[:, None].to(q.dtype) * self.inv_freq.to(q.dtype)
        ang = torch.cat([ang, ang], -1)
        q1, q2 = q.chunk(2, -1)
        return q * ang.cos() + torch.cat([-q2, q1], -1) * ang.sin()
model = Rotary().eval()
q = torch.randn(1, 4, 8)
ep = torch.export.export(model, (q.half(), torch.arange(4)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/halfrope17.pt2")
m = torch._inductor.aoti_load_package(pkg)
pos = torch.arange(3001, 3005)  # deep into a long generation
y = m(q.half(), pos)
torch.testing.assert_close(y.float(), model(q, pos), atol=2e-2, rtol=2e-2)
""", "After the model was converted to float16 the rotary angles pos * inv_freq are computed in "
       "float16; at positions around 3000 float16 cannot represent the positions (spacing 2), "
       "so the rotation is badly wrong compared with the float32 model.",
       "Compute the rotary angles (and cos/sin) in float32 and cast only the result to half.",
       match=r"not close|Mismatched")


def case_19():
    return _c("case_19", "inf-times-zero-mask", "numerical", "run", """
class MaskedSoftmax(nn.Module):
    def forward(self, scores, attention_mask):
        bias = (1.0 - attention_mask[:, None, :]) * float("-inf")
        return torch.softmax(scores + bias, -1)
scores = torch.randn(2, 5, 5)
mask = torch.tensor([[1.0, 1, 1, 1, 1], [1.0, 1, 1, 0, 0]])
ep = torch.export.export(MaskedSoftmax(), (scores, mask))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/infmask17.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = m(scores, mask)
assert not torch.isnan(p).any(), "NaN attention probabilities"
""", "The additive mask is built as (1 - mask) * -inf; for every real token that is 0 * -inf = "
       "NaN, so all attention probabilities become NaN.",
       "Build the bias with masked_fill(mask == 0, torch.finfo(dtype).min) (or torch.where) "
       "instead of multiplying by -inf.", match=r"NaN|AssertionError")


def case_20():
    return _c("case_20", "second-chat-no-reset", "numerical", "run", """
import copy
class Chat(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(16, 16)
        self.register_buffer("k_cache", torch.zeros(1, 32, 16), persistent=False)
        self.register_buffer("n", torch.zeros((), dtype=torch.long), persistent=False)
    def forward(self, x):
        T = x.shape[1]
        pos = self.n + torch.arange(T)
        self.k_cache.index_copy_(1, pos, self.k(x))
        self.n.add_(T)
        mask = torch.arange(32) < self.n
        s = (x @ self.k_cache.transpose(1, 2)).masked_fill(~mask, float("-inf"))
        return torch.softmax(s, -1) @ self.k_cache
model = Chat().eval()
fresh = copy.deepcopy(model)
ep = torch.export.export(model, (torch.randn(1, 4, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/chat17.pt2")
m = torch._inductor.aoti_load_package(pkg)
a = m(torch.randn(1, 4, 16))  # conversation 1
prompt = torch.randn(1, 4, 16)
b = m(prompt)  # conversation 2, on the same loaded model
torch.testing.assert_close(b, fresh(prompt))
""", "The KV cache and its fill counter are buffers mutated in place, so they persist inside "
       "the loaded model; a second conversation reuses the first one's cache and attends to its "
       "keys, giving different numbers from a fresh model.",
       "Reset the cache between sequences (a reset/position input, or load a fresh model per "
       "conversation), or pass the cache in and out explicitly.",
       match=r"not close|Mismatched")


def case_21():
    return _c("case_21", "rope-past-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dec17}")
x = torch.randn(1, 1, 16)
for pos in range(18, 22):  # a long chat: positions past max_position_embeddings (16)
    x = m(x, torch.tensor([pos]))
""", "The KV cache was enlarged to 64 slots for longer generation, but the rotary cos/sin "
       "table still has max_position_embeddings = 16 rows; decoding at position 18 indexes "
       "past the table.",
       "Build the rotary table for the cache length (or compute cos/sin from positions on the "
       "fly) and stop generation at the model's maximum position.", needs=("j",),
       match=r"out of bounds|index")


def case_22():
    return _c("case_22", "pad-ids-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lm17}")
# a collator left-pads the batch with pad_token_id = -1 (the tokenizer has no pad token)
ids = torch.tensor([[-1, -1, 5, 6, 7, 8], [3, 4, 5, 6, 7, 8]])
logits = m(ids)
""", "The batch is left-padded with pad_token_id = -1 (the tokenizer defines no pad token); "
       "-1 is not a row of the 50-row embedding table.",
       "Pad with a real token id (e.g. eos_token_id) and mask the padding with the attention "
       "mask.", needs=("j",), match=r"out of bounds|index")


def case_23():
    return _c("case_23", "tied-full-state-dict", "constant_loading", "load", """
""" + TIED + """
m = torch._inductor.aoti_load_package("{lm17}")
finetuned = TiedLM()  # a fine-tuned copy of the same architecture
m.load_constants(finetuned.state_dict(), check_full_update=True)
""", "A fine-tuned checkpoint's full state_dict is loaded into the package; with tied "
       "embeddings the state_dict lists the shared tensor under both emb.weight and "
       "lm_head.weight, but the package holds a single constant for it under one name.",
       "Load only the names the package has (m.get_constant_fqns()), dropping the tied alias.",
       needs=("j",), match=r"[Cc]onstant|lm_head")


def case_24():
    return _c("case_24", "adapter-file-keys", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{lora17}")
# a LoRA adapter file saved by the training script, keys prefixed as in the trainer
adapter = {}
for proj in ("q_proj", "v_proj"):
    adapter["base_model.model." + proj + ".lora_A.weight"] = torch.randn(4, 16) * 0.01
    adapter["base_model.model." + proj + ".lora_B.weight"] = torch.randn(16, 4) * 0.01
m.load_constants(adapter, check_full_update=False)
""", "A LoRA adapter is hot-swapped with load_constants, but the adapter file's keys carry the "
       "trainer's 'base_model.model.' prefix; the package's constants are named q_proj.lora_A."
       "weight etc.",
       "Strip the prefix and map the adapter keys to m.get_constant_fqns() before loading.",
       needs=("j",), match=r"[Cc]onstant|not found|lora")


def case_25():
    return _c("case_25", "bool-mask-given-long", "input_mismatch", "run", """
""" + MASKED + """
m = torch._inductor.aoti_load_package("{mask17}")
x = torch.randn(2, 6, 16)
mask = torch.tensor([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 0]])  # tokenizer output: int64
y = m(x, mask)
torch.testing.assert_close(y, PaddedAttn()(x, mask.bool()))
""", "The package was exported with a boolean key-padding mask; the tokenizer's int64 "
       "attention_mask is passed as is, and without input checks its bytes are read as booleans, "
       "so the wrong keys are masked.",
       "Convert the mask with mask.bool() before the call (AOTI_RUNTIME_CHECK_INPUTS=1 reports "
       "the dtype mismatch).", needs=("j",), match=r"not close|Mismatched")


def case_26():
    return _c("case_26", "past-as-lists", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{past17}")
past = [[torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8)] for _ in range(2)]  # lists
y = m(torch.randn(1, 3, 16), past)
""", "The package was exported with past_key_values as a tuple of (k, v) tuples; the "
       "generation loop builds it as a list of lists, a different pytree structure.",
       "Pass tuple(tuple(layer) for layer in past), exactly the structure used at export.",
       needs=("j",))


def case_27():
    return _c("case_27", "regrow-full-sequence", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{seq17}")
ids = torch.randint(0, 50, (1, 28))
for step in range(8):  # greedy generation without a cache: re-run the whole sequence
    nxt = m(ids)[:, -1].argmax(-1, keepdim=True)
    ids = torch.cat([ids, nxt], 1)
""", "The cache-less LM was exported with Dim('seq', max=32); the generation loop re-runs the "
       "growing sequence, and at 33 tokens the input check rejects the length.",
       "Stop generating at the exported maximum (or export with a larger max / use a "
       "sliding window over the last 32 tokens).", needs=("j",), env=CHECK,
       match=r"too large|expected|32")


def case_28():
    return _c("case_28", "sampler-generator-attr", "torch_bug", "compile", """
class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 50)
        self.gen = torch.Generator().manual_seed(1234)  # reproducible sampling
    def forward(self, h):
        return torch.multinomial(torch.softmax(self.head(h), -1), 1, generator=self.gen)
ep = torch.export.export(Sampler().eval(), (torch.randn(2, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gen17.pt2")
""", "The sampler draws with a torch.Generator stored on the module (for reproducible "
       "sampling); export accepts the Generator as a constant argument of multinomial, but "
       "Inductor's lowering crashes on it internally ('Generator' object has no attribute "
       "'real_obj') instead of refusing it.",
       "Pass the random numbers in as an input (e.g. uniform noise for Gumbel-max sampling) or "
       "sample outside the package; report the crash upstream.", match=r"real_obj|Generator")


def case_29():
    return _c("case_29", "prefill-graph-for-decode", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pf17}")
ids = torch.randint(0, 50, (1, 8))
logits = m(ids)  # prefill: the 8-token prompt, as exported
nxt = logits[:, -1].argmax(-1, keepdim=True)
logits = m(nxt)  # decode: one new token through the same package
""", "The prompt-length model was exported without dynamic_shapes (8 tokens baked in) and is "
       "reused for the one-token decode steps; the input check rejects length 1.",
       "Export with a dynamic sequence Dim (min 1 needs an example of length >= 2), or export "
       "a separate decode package.", needs=("j",), env=CHECK, match=r"expected|unmatched|8")


def case_30():
    return _c("case_30", "cache-pos-python-int", "input_mismatch", "run", """
class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(8, 16), persistent=False)
    def forward(self, k, pos: int):
        self.k_cache[pos] = k
        return self.k_cache.clone()
k = torch.randn(16)
ep = torch.export.export(Step(), (k, 0))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/posint17.pt2")
m = torch._inductor.aoti_load_package(pkg)
for pos in range(3):
    k = torch.randn(16)
    cache = m(k, pos)
    torch.testing.assert_close(cache[pos], k)
""", "The cache position is a Python int argument, so export bakes the example value 0 into "
       "the package; every decode step writes slot 0 whatever position is passed.",
       "Pass the cache position as a tensor (torch.tensor([pos])) and write with index_copy_.",
       match=r"not close|Mismatched")


def case_31():
    return _c("case_31", "spec-for-none-past", "dynamic_shape_guard", "export", """
class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, ids, past=None):
        h = self.emb(ids)
        if past is not None:
            h = h + past.mean(1, keepdim=True)
        return self.head(h)
ids = torch.randint(0, 50, (1, 6))
ep = torch.export.export(LM().eval(), (ids,), kwargs={"past": None},
                         dynamic_shapes={"ids": {1: Dim("seq", max=64)},
                                         "past": {1: Dim("past_len", max=64)}})
""", "The prefill export passes past=None, but dynamic_shapes still gives a Dim spec for "
       "'past' (copied from the decode export); a None input cannot have dynamic dimensions.",
       "Give None as the spec for an input that is None (or export the decode variant with a "
       "real past tensor).", match=r"dynamic_shapes|None|past")


def case_32():
    return _c("case_32", "empty-past-example", "dynamic_shape_guard", "export", """
class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.kv = nn.Linear(16, 16)
    def forward(self, x, past_k):
        k = torch.cat([past_k, self.kv(x)], 1)
        return torch.softmax(x @ k.transpose(1, 2), -1) @ k
past = Dim("past", min=0, max=64)
ep = torch.export.export(Step().eval(), (torch.randn(1, 1, 16), torch.zeros(1, 0, 16)),
                         dynamic_shapes={"x": None, "past_k": {1: past}})
""", "The decode step is exported with the first call's empty cache (past length 0) as the "
       "example; export specialises sizes 0 and 1, so the dynamic past length becomes the "
       "constant 0.",
       "Export with a non-empty example cache (e.g. length 4); the Dim may still allow 0.",
       match=r"Constraints violated|specializ|past")


def case_33():
    return _c("case_33", "lora-rank-swap", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{lora17}")
x = torch.randn(1, 5, 16)
y0 = m(x)
# a new adapter trained with rank 8 (the package was built with rank-4 adapters)
new = {}
for proj in ("q_proj", "v_proj"):
    new[proj + ".lora_A.weight"] = torch.randn(8, 16) * 0.1
    new[proj + ".lora_B.weight"] = torch.randn(16, 8) * 0.1
m.load_constants(new, check_full_update=False)
y1 = m(x)
assert not torch.equal(y0, y1), "adapter had no effect"
assert y1.shape == y0.shape
""", "A rank-8 LoRA adapter is loaded into a package compiled with rank-4 adapters; "
       "load_constants takes the differently shaped tensors without complaint, and the "
       "compiled kernels read them with the rank-4 layout; the process then dies with a "
       "segfault.",
       "Re-export and recompile for the new adapter rank (or pad the adapter to the compiled "
       "rank); load_constants only swaps tensors of identical shapes.", needs=("j",),
       expect="crash")


def case_34():
    return _c("case_34", "triu-diagonal-zero", "numerical", "run", """
class CausalScores(nn.Module):
    def forward(self, q, k):
        T = q.shape[1]
        future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=0)  # meant: diagonal=1
        s = (q @ k.transpose(1, 2)).masked_fill(future, float("-inf"))
        return torch.softmax(s, -1)
q, k = torch.randn(1, 5, 8), torch.randn(1, 5, 8)
ep = torch.export.export(CausalScores(), (q, k))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/triu17.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = m(q, k)
assert not torch.isnan(p).any(), "NaN in the attention probabilities"
""", "The causal mask uses torch.triu(..., diagonal=0), which also masks the diagonal, so "
       "every token is hidden from itself and the first token sees no key at all: its softmax "
       "row is all -inf and comes out NaN.",
       "Mask the future only: torch.triu(ones, diagonal=1) (or use is_causal=True).",
       match=r"NaN|AssertionError")


def case_35():
    return _c("case_35", "per-call-max-cache", "out_of_memory", "run", """
import resource
class Prefill(nn.Module):
    def __init__(self, max_len=131072):
        super().__init__()
        self.max_len = max_len
        self.kv = nn.Linear(16, 64)
    def forward(self, x):
        B, T, _ = x.shape
        cache = torch.zeros(B, 8, self.max_len, 64)  # a fresh cache for the full context
        k = self.kv(x)[:, None].expand(B, 8, T, 64)
        cache[:, :, :T] = k
        return cache[:, :, :T].sum(-1)
batch = Dim("batch", min=1, max=64)
ep = torch.export.export(Prefill().eval(), (torch.randn(2, 4, 16),),
                         dynamic_shapes={"x": {0: batch}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/maxc17.pt2")
m = torch._inductor.aoti_load_package(pkg)
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (1 << 30), vm + (1 << 30)))
y = m(torch.randn(16, 4, 16))  # a batch of 16 requests
""", "Every call allocates a KV cache for the model's full 131072-token context; for a batch "
       "of 16 requests that is 16 x 8 x 131072 x 64 floats (4 GiB), more than the 1 GiB of "
       "address space the worker has left.",
       "Size the cache by the actual request length (or keep one persistent cache and bound "
       "the batch), and give the worker memory for the largest batch served.",
       match=r"alloc|memory|Memory")


def case_36():
    return _c("case_36", "generate-on-loaded", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{lm17}")
ids = torch.randint(0, 50, (1, 6))
out = m.generate(ids, max_new_tokens=8, do_sample=False)  # as with the eager HF model
""", "The serving code calls .generate(...) on the loaded package as it did on the eager "
       "Hugging Face model; the package only runs the exported forward, it has no generation "
       "loop or other module methods.",
       "Write the decode loop around m(...) in the caller (argmax/sampling, append, repeat).",
       needs=("j",), match=r"generate")


def case_37():
    return _c("case_37", "exit-branch-arity", "export_failure", "export", """
class EarlyExit(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(16, 16)
        self.l2 = nn.Linear(16, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, x):
        h = torch.tanh(self.l1(x))
        def exit_now(h):
            return (self.head(h),)
        def go_on(h):
            h2 = torch.tanh(self.l2(h))
            return self.head(h2), h2
        return torch.cond(self.head(h).softmax(-1).max() > 0.9, exit_now, go_on, (h,))
ep = torch.export.export(EarlyExit().eval(), (torch.randn(1, 16),))
""", "The early-exit branch returns only the logits while the continue branch returns the "
       "logits and the deeper hidden state; torch.cond needs both branches to return the same "
       "number of outputs with the same metadata.",
       "Return the same outputs from both branches (e.g. the current hidden state as the "
       "second output of the exit branch).")


def case_38():
    return _c("case_38", "token-list-carry", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Generate(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.head = nn.Linear(16, 50)
    def forward(self, tok):
        def cond_fn(i, t, out):
            return i < 4
        def body_fn(i, t, out):
            nxt = self.head(self.emb(t)).argmax(-1)
            return i + 1, nxt, out + [nxt.clone()]  # collect the generated tokens
        _, _, out = while_loop(cond_fn, body_fn, (torch.tensor(0), tok, []))
        return torch.stack(out)
ep = torch.export.export(Generate().eval(), (torch.tensor([5]),))
""", "The while_loop decode collects generated tokens in a Python list carried through the "
       "loop; while_loop carries only tensors (and ints) of fixed metadata, not a growing list.",
       "Preallocate a token tensor of max_new_tokens and write each step's token at index i "
       "(index_copy / scatter), carrying that tensor.", match=r"same number of outputs")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_17, case_19, case_20, case_21, case_22, case_23,
         case_24, case_25, case_27, case_28, case_29, case_30, case_31, case_32, case_33,
         case_34, case_36, case_37, case_38]
# Failed in a trial but dropped: none.
DROPPED: list = []
# Tried on torch 2.14.1+cu130 (CPU) in the trial runs and did NOT fail, so left out of CASES
# (kept to rerun on another torch with --only): case_13 (causal flex_attention with a score_mod,
# compiled with AOTI for CPU: compiled, loaded, ran), case_14 (top-p sampling with sort, cumsum,
# masked_fill, multinomial and gather in the graph: ran, ids in range), case_15 (grouped-query
# SDPA with enable_gqa, a float mask and a dynamic cache length: matched eager at length 9),
# case_16 (a sliding-window cache shifted in place with copy_ of a cat of its own slice: matched
# eager over 10 steps), case_18 (rotary angles computed in float16 at positions ~3000: the
# package matched the float32 reference within 2e-2, Inductor keeping the arithmetic in float32),
# case_26 (past_key_values passed as lists of lists to a package exported with tuples: accepted
# and ran), case_35 (a per-call KV cache of 131072 positions for a batch of 16 under RLIMIT_AS
# +1 GiB: the unused part of the allocation was optimised away, the call ran).
TRIED = [case_13, case_14, case_15, case_16, case_18, case_26, case_35]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind17.jsonl",
        url_file="benchmarks/live_blind17.py", id_prefix="live17", stems=STEMS,
        scratch_prefix="live-blind17-", description=__doc__.splitlines()[0]))
