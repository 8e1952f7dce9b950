"""An eighty-third blind set of REAL AOTInductor failures (legal and long-document NLP), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind83.py [--out benchmarks/live_blind83.jsonl] [--keep]

Theme: legal and long-document NLP (contracts split into overlapping 128-token chunks with stride
and padding, a hierarchical encoder pooling chunk embeddings into a document vector with a
clause classification head, sliding-window attention masks, span extraction with start/end
logits over tokens, a citation-token vocabulary grown after export, variable numbers of chunks
per document), exported, compiled, loaded and run as a legal-tech ML engineer would. No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind82.py (their TRIED lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
MODELS = """
V, T, D, K = 1000, 128, 32, 12   # word-piece vocab, tokens per chunk, hidden size, clause types
PAD, CLS, SEP, CITE = 0, 1, 2, 3  # special ids; CITE marks a citation span ("Smith v. Jones")

class DocEncoder(torch.nn.Module):
    # hierarchical encoder: token embeddings -> masked mean per chunk -> mean over the document's
    # chunks -> clause-type logits
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(V, D)
        self.proj = torch.nn.Linear(D, D)
        self.head = torch.nn.Linear(D, K)
    def forward(self, ids, mask):
        h = torch.tanh(self.proj(self.emb(ids)))                   # (chunks, T, D)
        chunk = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        return self.head(chunk.mean(0))

class SpanHead(torch.nn.Module):
    # extractive QA over a chunk: start/end logits per token
    def __init__(self):
        super().__init__()
        self.qa = torch.nn.Linear(D, 2)
    def forward(self, hidden):
        start, end = self.qa(hidden).unbind(-1)
        return start, end

def chunk_doc(n_tokens, stride=T):
    # a tokenised contract cut into T-token chunks (start positions every `stride` tokens),
    # the last chunk right-padded with PAD; returns ids, float attention mask
    g = torch.Generator().manual_seed(n_tokens)
    doc = torch.randint(4, V, (n_tokens,), generator=g)
    ids, mask = [], []
    for s in range(0, max(n_tokens - T, 0) + stride, stride):
        piece = doc[s:s + T]
        if len(piece) == 0:
            break
        n = len(piece)
        ids.append(torch.cat([piece, torch.full((T - n,), PAD)]))
        mask.append(torch.cat([torch.ones(n), torch.zeros(T - n)]))
        if s + T >= n_tokens:
            break
    return torch.stack(ids), torch.stack(mask)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
ch = Dim("chunks", min=2, max=64)
build("doc83", DocEncoder().eval(), chunk_doc(500), dynamic_shapes=({0: ch}, {0: ch}))
tok = Dim("tokens", min=16, max=512)
build("span83", SpanHead().eval(), (torch.randn(1, T, D),), dynamic_shapes=({1: tok},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
class CiteTagger(torch.nn.Module):
    # citation-token vocabulary (500 reporter/court/statute tokens) -> 4 authority classes
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(500, 16)
        self.out = torch.nn.Linear(16, 4)
    def forward(self, cites):
        return self.out(self.emb(cites).mean(1))

class SpanPick(torch.nn.Module):
    # scores an answer span by the hidden states at its start and end token
    def __init__(self):
        super().__init__()
        self.score = torch.nn.Linear(2 * D, 1)
    def forward(self, hidden, start, end):
        b = torch.arange(hidden.shape[0])
        return self.score(torch.cat([hidden[b, start], hidden[b, end]], -1)).squeeze(-1)

class WindowAttn(torch.nn.Module):
    # Longformer-style local attention: each token sees tokens within +-8, padding masked out
    def __init__(self):
        super().__init__()
        self.qkv = torch.nn.Linear(D, 3 * D)
    def forward(self, x, mask):
        q, k, v = self.qkv(x).chunk(3, -1)
        L = x.shape[1]
        i = torch.arange(L)
        band = (i[:, None] - i[None, :]).abs() <= 8
        allowed = band[None] & (mask[:, None, :] > 0)
        s = (q @ k.transpose(1, 2)) / D ** 0.5
        s = s.masked_fill(~allowed, float("-inf"))
        return torch.softmax(s, -1) @ v

class SpanPairs(torch.nn.Module):
    # best answer span over a document: start_i + end_j for all pairs with i <= j < i + 30;
    # also returns the masked pair scores for the n-best span post-processing
    def forward(self, start, end):
        s = start[:, None] + end[None, :]
        n = start.shape[0]
        i = torch.arange(n)
        ok = (i[None, :] >= i[:, None]) & (i[None, :] < i[:, None] + 30)
        s = s.masked_fill(~ok, -1e4)
        return s.flatten().argmax(), s

build("cite83", CiteTagger().eval(), (torch.randint(0, 500, (4, 16)),))
build("pick83", SpanPick().eval(), (torch.randn(2, T, D), torch.tensor([3, 10]), torch.tensor([9, 20])))
build("swa83", WindowAttn().eval(), (torch.randn(1, 64, D), torch.ones(1, 64)))
n = Dim("doc_tokens", min=64, max=200000)
build("pairs83", SpanPairs(), (torch.randn(256), torch.randn(256)), dynamic_shapes=({0: n}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"doc83", "span83", "cite83", "pick83", "swa83", "pairs83", "drop83"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "top-cited-k-from-count", "export_failure", "export", """
class TopAuthorities(torch.nn.Module):
    # keep the embeddings of as many top-scoring tokens as the chunk has citation markers
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(V, D)
        self.score = torch.nn.Linear(D, 1)
    def forward(self, ids):
        h = self.emb(ids)
        k = int((ids == CITE).sum())
        top = torch.topk(self.score(h).squeeze(-1), k, dim=-1).indices
        return h[0, top[0]].mean(0)
ids = torch.randint(4, V, (1, T)); ids[0, [5, 40, 77]] = CITE
ep = torch.export.export(TopAuthorities(), (ids,))
""", "The k of topk is the number of citation markers in the chunk, computed with int() from the "
       "token ids, a data-dependent value torch.export cannot turn into a static argument.",
       "Use a fixed k (the maximum number of authorities) and mask the unused slots, or compute "
       "k outside the exported model.", match=r"data.dependent|unbacked|guard")


def case_02():
    return _m("case_02", "branch-on-citation-present", "export_failure", "export", """
class CiteAware(DocEncoder):
    # chunks that cite authority go through an extra projection
    def __init__(self):
        super().__init__()
        self.cite_proj = torch.nn.Linear(D, D)
    def forward(self, ids, mask):
        h = torch.tanh(self.proj(self.emb(ids)))
        if (ids == CITE).any():
            h = self.cite_proj(h)
        chunk = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        return self.head(chunk.mean(0))
ep = torch.export.export(CiteAware().eval(), chunk_doc(300))
""", "A Python if on whether the document contains a citation token depends on the input "
       "values, so export cannot decide the branch while tracing.",
       "Use torch.cond (or torch.where over both projections) instead of a Python if on data.",
       match=r"data.dependent|unbacked|guard")


def case_03():
    return _m("case_03", "chunk-index-left-static", "dynamic_shape_guard", "export", """
from torch.export import Dim
class ChunkPos(DocEncoder):
    # adds an embedding of each chunk's position in the contract (clause order matters)
    def __init__(self):
        super().__init__()
        self.chunk_pos = torch.nn.Embedding(64, D)
    def forward(self, ids, mask, chunk_index):
        h = torch.tanh(self.proj(self.emb(ids)))
        chunk = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True) + self.chunk_pos(chunk_index)
        return self.head(chunk.mean(0))
ids, mask = chunk_doc(500)
ch = Dim("chunks", min=2, max=64)
ep = torch.export.export(ChunkPos().eval(), (ids, mask, torch.arange(ids.shape[0])),
                         dynamic_shapes=({0: ch}, {0: ch}, None))
""", "ids and mask get the dynamic chunks Dim, but the chunk_index input is left static (None), "
       "and adding its embedding to the chunk vectors forces the chunk count to equal its fixed "
       "example length.", "Give chunk_index the same chunks Dim ({0: ch}) as ids and mask.",
       match=r"Constraints violated|specializ")


def case_04():
    return _m("case_04", "flat-stream-view-into-chunks", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FlatDoc(DocEncoder):
    # takes the whole tokenised contract as one flat stream and cuts it into 128-token chunks
    def forward(self, ids):
        h = torch.tanh(self.proj(self.emb(ids))).view(-1, T, D)
        return self.head(h.mean(1).mean(0))
n = Dim("doc_tokens", min=128, max=65536)
ep = torch.export.export(FlatDoc().eval(), (torch.randint(4, V, (1024,)),), dynamic_shapes=({0: n},))
""", "The flat token stream is reshaped with view(-1, 128, D), which is only valid when the "
       "dynamic length is a multiple of 128, a guard the declared Dim (128..65536) does not "
       "satisfy.", "Pad the stream to a multiple of 128 before the model and declare the length "
       "as 128 * Dim (e.g. n = 128 * Dim('chunks')), or pass pre-chunked (chunks, 128) ids.",
       match=r"Constraints violated|specializ|Mod|divisible|guard")


# ------------------------------------------------------------------------------- run phase
def case_06():
    return _m("case_06", "tokenizer-int64-mask-into-float-mask", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
ids, mask = chunk_doc(700)
mask = mask.long()                               # the HF tokenizer's attention_mask is int64
logits = m(ids, mask)
""", "The attention mask is passed as the tokenizer's int64 attention_mask, while the package "
       "was compiled with a float32 mask (the pooling weights); the input check rejects the dtype.",
       "Convert the mask with mask.float() (the dtype used at export) before the call.", needs=("r",), env=CHECK,
       match=r"dtype")


def case_07():
    return _m("case_07", "chunk-len-from-longformer-config", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
T = 256                                          # the pipeline's max_length from another model card
ids, mask = chunk_doc(900)
logits = m(ids, mask)
""", "The chunker uses max_length 256 from another model's tokenizer config, but the package "
       "was exported for fixed 128-token chunks; the input check rejects dimension 1.",
       "Chunk with the exported chunk length (128) or export a package for 256-token chunks.",
       needs=("r",), env=CHECK, match=r"dim value|size|expected")


def case_08():
    return _m("case_08", "documents-axis-added", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
a, b = chunk_doc(700), chunk_doc(720)            # two 6-chunk contracts of one request
ids = torch.stack([a[0], b[0]])                  # the batching layer adds a documents axis
mask = torch.stack([a[1], b[1]])
logits = m(ids, mask)
""", "The batching layer stacks two contracts along a new leading documents axis, so the package "
       "receives 3-D (2, chunks, 128) ids for a 2-D (chunks, 128) input and the chunk count lands "
       "where the 128 tokens are expected.",
       "Call the package per document with (chunks, 128) tensors (drop the documents axis).",
       needs=("r",), env=CHECK, match=r"dim|rank|size|shape")


def case_09():
    return _m("case_09", "long-contract-over-chunk-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
ids, mask = chunk_doc(90 * T)                    # a 300-page master services agreement
logits = m(ids, mask)
""", "A 300-page agreement yields 90 chunks, above the chunks Dim's max of 64 that the package "
       "was exported with; the input check rejects the size.",
       "Export with a larger max for chunks, or encode long documents in groups of at most 64 "
       "chunks and pool the group vectors.", needs=("r",), env=CHECK,
       match=r"too large|range|64|bound")


def case_10():
    return _m("case_10", "one-page-nda-single-chunk", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
ids, mask = chunk_doc(100)                       # a one-page NDA: a single chunk
logits = m(ids, mask)
""", "A one-page NDA fits in one chunk, below the chunks Dim's min of 2 set at export; the "
       "input check rejects the size.",
       "Export with min=1 for chunks (using an example with >= 2 chunks), or pad the document "
       "with a second masked chunk.", needs=("r",), env=CHECK, match=r"too small|range|2|bound")


def case_11():
    return _c("case_11", "new-reporter-citation-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cite83}")
# the citation tokenizer was extended with 40 reporter abbreviations (ids 500..539) after export
cites = torch.tensor([[12, 87, 503, 44] * 4, [7, 511, 539, 2] * 4, [1] * 16, [499, 3, 9, 520] * 4])
out = m(cites)
""", "Citation token ids 500-539 come from reporter abbreviations added to the citation "
       "vocabulary after export; the package's embedding table has only 500 rows.",
       "Re-export with the grown citation vocabulary (resize the embedding), or map new ids to "
       "an UNK citation id below 500.", needs=("s",), expect="crash", match=r"out of bounds|index")


def case_12():
    return _c("case_12", "exclusive-end-position", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pick83}")
hidden = torch.randn(2, 128, 32)
start = torch.tensor([40, 100])
end = torch.tensor([52, 128])                    # answer spans as python-style [start, end)
score = m(hidden, start, end)
""", "Answer spans are given with an exclusive end ([start, end)), so a span reaching the last "
       "token has end = 128, one past the chunk's last index, which the package gathers.",
       "Convert to inclusive end positions (end - 1) before scoring.", needs=("s",),
       match=r"out of bounds|index")


def case_13():
    return _c("case_13", "document-offset-into-chunk", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pick83}")
hidden = torch.randn(2, 128, 32)                 # hidden states of chunks 5 and 6
start = torch.tensor([5 * 64 + 17, 6 * 64 + 3])  # positions from the whole-document offset map
end = start + 6
score = m(hidden, start, end)
""", "Span positions come from the whole document's token offset map (e.g. 337) and are not "
       "shifted by the chunk's start, so they exceed the 128 tokens of the chunk.",
       "Subtract each chunk's start offset (chunk_index * stride) and drop spans outside the "
       "chunk.", needs=("s",), match=r"out of bounds|index")


def case_14():
    return _c("case_14", "pair-mask-fill-above-logit-scale", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pairs83}")
torch.manual_seed(0)
n = 400
# start/end scores are summed token log-probabilities over the clause section: about -2e4..-5e4
start = -3e4 + 2e3 * torch.randn(n)
end = -3e4 + 2e3 * torch.randn(n)
best = int(m(start, end)[0])
i, j = divmod(best, n)
assert i <= j < i + 30, ("invalid span", i, j)
""", "Invalid start/end pairs are masked with -1e4, but these scores are summed log-probabilities "
       "around -3e4, so every masked pair outranks the valid ones and argmax returns an end "
       "before the start.", "Mask invalid pairs with -inf (or torch.finfo(dtype).min), or "
       "normalise the scores before decoding.", needs=("s",), match=r"AssertionError")


def case_15():
    return _m("case_15", "overlap-stride-double-count", "numerical", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
plain = m(*chunk_doc(1000))                      # chunks back to back
overlap = m(*chunk_doc(1000, stride=64))         # the production chunker: stride 64, 50% overlap
torch.testing.assert_close(overlap, plain, rtol=1e-3, atol=1e-3)
""", "The production chunker uses a 64-token stride (50% overlap), so most tokens appear in two "
       "chunks and the mean over chunks weights them twice; the clause logits differ from those "
       "of the same contract chunked without overlap.",
       "Weight each token by 1 / (number of chunks containing it) or pool over unique token "
       "positions, or export the pooling to match the chunker's stride.",
       needs=("r",), match=r"not close")


def case_16():
    return _c("case_16", "left-padded-window-all-pad", "numerical", "run", """
m = torch._inductor.aoti_load_package("{swa83}")
x = torch.randn(1, 64, 32)
mask = torch.ones(1, 64)
mask[:, :20] = 0                                 # the clause is left-padded to 64 tokens
y = m(x, mask)
assert torch.isfinite(y).all(), "NaN rows: %d" % (~torch.isfinite(y)).any(-1).sum()
""", "The clause is left-padded by 20 tokens, so the first padding positions have only padding "
       "keys inside their +-8 window; every score in those rows is -inf and softmax gives NaN.",
       "Right-pad, or let padding queries attend to themselves (allow the diagonal) and zero "
       "their outputs, or fill with a large negative value instead of -inf.",
       needs=("s",), match=r"AssertionError")


def case_17():
    return _c("case_17", "all-pairs-span-whole-contract", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{pairs83}")
n = 60000                                        # a 150-page agreement, one pass
start, end = torch.randn(n), torch.randn(n)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 * 2**30, vm + 2 * 2**30))   # 2 GiB worker limit
best, scores = m(start, end)
""", "Span decoding scores all start/end pairs of a 60,000-token document at once: the "
       "60,000 x 60,000 score matrix (14 GB in float32) cannot be allocated in a worker with "
       "2 GiB left.", "Decode spans per chunk (or restrict ends to a 30-token band with unfold) "
       "instead of materialising all pairs.", needs=("s",), match=r"memory|alloc")


def case_18():
    return _m("case_18", "fourteen-clause-head-refresh", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{doc83}")
# the clause head was re-trained with two new clause types (non-solicitation, data transfer)
torch.manual_seed(1)
head = torch.nn.Linear(D, K + 2)
m.load_constants({"head.weight": head.weight.detach(), "head.bias": head.bias.detach()},
                 check_full_update=False)
logits = m(*chunk_doc(700))
""", "Weights of a clause head re-trained for 14 clause types are loaded into a package compiled "
       "for 12; the head's weight and bias have a different shape than the package's constants, "
       "which load_constants does not check, and the copy into the smaller buffers crashes.",
       "Re-export and re-compile the package with the 14-class head; load_constants can only "
       "replace weights of the same shape.", needs=("r",), expect="crash", match=r"Segmentation fault|size|shape|mismatch|numel")


def case_19():
    return _m("case_19", "legal-bert-hidden-768", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{span83}")
hidden = torch.randn(1, 128, 768)                # hidden states from the legal-BERT encoder
start, end = m(hidden)
""", "Hidden states of a 768-wide legal-BERT encoder are fed to a span head compiled for the "
       "32-wide distilled encoder; the input check rejects the last dimension.",
       "Feed the span head the hidden states of the encoder it was trained/exported with (or "
       "export a head for 768).", needs=("r",), env=CHECK, match=r"dim value|size|expected")


def case_20():
    return _m("case_20", "span-over-token-max-unchecked", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{span83}")
hidden = torch.randn(1, 2048, 32)                # the whole clause section in one call
start, end = m(hidden)
""", "The span head is called on 2048 tokens, above the tokens Dim's max of 512; with "
       "AOTI_RUNTIME_CHECK_INPUTS=1 the input check rejects the size.",
       "Split into chunks of at most 512 tokens or re-export with a larger max.",
       needs=("r",), env=CHECK, match=r"too large|range|512|bound")


def case_21():
    return _m("case_21", "token-type-ids-extra-arg", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
ids, mask = chunk_doc(700)
token_type_ids = torch.zeros_like(ids)           # the BERT-style collator adds segment ids
logits = m(ids, mask, token_type_ids)
""", "The BERT-style collator passes token_type_ids as a third argument, but the package was "
       "exported with two inputs (ids, mask).",
       "Pass only the inputs the model was exported with (drop token_type_ids).",
       needs=("r",), match=r"input|argument|size|expected")


def case_22():
    return _m("case_22", "mask-one-chunk-short", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
ids, mask = chunk_doc(700)                       # 6 chunks
mask = mask[:-1]                                 # the last chunk's mask lost by an off-by-one
logits = m(ids, mask)
""", "ids and mask share the chunks Dim, but the mask has one chunk fewer (an off-by-one in "
       "the collator); the input check rejects the mask's size.",
       "Build ids and mask from the same chunk list so both have the same number of chunks.",
       needs=("r",), env=CHECK, match=r"dim|size|expected")


def case_23():
    return _m("case_23", "rng-dropout-pooler-train-mode", "numerical", "run", """
class DropPool(DocEncoder):
    # chunk-level dropout before the document mean
    def __init__(self):
        super().__init__()
        self.drop = torch.nn.Dropout(0.3)
    def forward(self, ids, mask):
        h = torch.tanh(self.proj(self.emb(ids)))
        chunk = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        return self.head(self.drop(chunk).mean(0))
model = DropPool()                               # exported without .eval()
ep = torch.export.export(model, chunk_doc(500))
m = torch._inductor.aoti_load_package(torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/drop83.pt2"))
ids, mask = chunk_doc(500)
torch.testing.assert_close(m(ids, mask), m(ids, mask))
""", "The model was exported in training mode, so the chunk dropout is compiled into the "
       "package and two calls on the same contract give different clause logits.",
       "Call model.eval() before torch.export.export.", match=r"not close")


def case_24():
    return _m("case_24", "notebook-cuda-default-at-serving", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{doc83}")
torch.set_default_device("cuda")                 # copied from the GPU research notebook
ids = torch.randint(4, V, (6, T))
mask = torch.ones(6, T)
logits = m(ids, mask)
""", "The serving script keeps the research notebook's torch.set_default_device('cuda'), so the "
       "chunk tensors are created on CUDA on a CPU-only host without an NVIDIA driver.",
       "Remove the CUDA default device in CPU serving code (or set it to 'cpu'), and create "
       "inputs on the package's device.", needs=("r",), match=r"NVIDIA|CUDA|cuda")


CASES = [case_01, case_02, case_03, case_04, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_24]
# Removed before any trial, because a grep found the same trigger in an earlier set (kept below
# for the record only): case_21 (token_type_ids passed as an extra argument; the splatted
# tokenizer dict of an earlier set), case_22 (ids and mask sharing one Dim with different sizes;
# live_blind.py case_32 paired-batches), case_23 (a dropout model exported without .eval();
# earlier sets' training-mode exports).
DROPPED = [case_21, case_22, case_23]
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind83.jsonl",
        url_file="benchmarks/live_blind83.py", id_prefix="live83", stems=STEMS,
        scratch_prefix="live_blind83-", description=__doc__.splitlines()[0]))
