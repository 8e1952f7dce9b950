"""An eighty-seventh blind set of REAL AOTInductor failures (search and information retrieval), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind87.py [--out benchmarks/live_blind87.jsonl] [--keep]

Theme: search and information retrieval (a dense retriever's query tower with masked mean
pooling, a corpus shard scored by dot product with top-k, late interaction (MaxSim) over token
embeddings with masks, a reranker over variable candidate lists, an int8 quantised embedding
table with per-row scales, BM25 scores fused with dense scores), exported, compiled, loaded and
run as a search engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind86.py (their TRIED
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
MODELS = """
D, V, N, K, F, LQ = 16, 1000, 5000, 10, 8, 32   # embed dim, vocab, shard docs, top-k, features, query tokens

class QueryTower(torch.nn.Module):
    # token ids + attention mask -> masked mean pooling -> L2-normalised query embedding
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(V, D)
        self.proj = torch.nn.Linear(D, D)
    def forward(self, ids, mask):
        h = self.proj(self.emb(ids))
        m = mask.unsqueeze(-1).to(h.dtype)
        pooled = (h * m).sum(1) / m.sum(1).clamp(min=1.0)
        return torch.nn.functional.normalize(pooled, dim=-1)

class Shard(torch.nn.Module):
    # one corpus shard of N normalised document embeddings; dot-product scores, top-K hits
    def __init__(self):
        super().__init__()
        self.register_buffer("corpus", torch.nn.functional.normalize(torch.randn(N, D), dim=-1))
    def forward(self, q):
        scores, idx = (q @ self.corpus.T).topk(K, dim=-1)
        return scores, idx

class LateInteraction(torch.nn.Module):
    # ColBERT-style MaxSim: each query token takes its best document token, averaged over the
    # query's real tokens; padded document tokens are masked out
    def forward(self, q_tok, q_mask, d_tok, d_mask):
        sim = torch.einsum("bqd,ntd->bnqt", q_tok, d_tok)
        sim = sim.masked_fill(d_mask[None, :, None, :] == 0, -1e4)
        best = sim.max(-1).values
        qm = q_mask[:, None, :].to(best.dtype)
        return (best * qm).sum(-1) / qm.sum(-1)

class Reranker(torch.nn.Module):
    # pointwise MLP over F features per candidate (bm25, dense, title match, ...), softmax over the list
    def __init__(self):
        super().__init__()
        self.mlp = torch.nn.Sequential(torch.nn.Linear(F, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    def forward(self, feats):
        return self.mlp(feats).squeeze(-1).softmax(-1)

class QuantTable(torch.nn.Module):
    # int8 document embeddings with a per-row scale; re-scores the candidates of each query
    def __init__(self):
        super().__init__()
        w = torch.randn(N, D)
        scale = w.abs().amax(1, keepdim=True) / 127
        self.register_buffer("codes", torch.round(w / scale).to(torch.int8))
        self.register_buffer("scales", scale)
    def forward(self, q, cand):
        e = self.codes[cand].float() * self.scales[cand]
        return (e * q[:, None, :]).sum(-1)

class Fuse(torch.nn.Module):
    # hybrid search: BM25 scores of the candidates (gathered from the query's BM25 row over the
    # 1000-doc lexical pool), z-normalised per query, fused with the dense scores
    def forward(self, bm25_pool, dense, cand):
        bm = bm25_pool.gather(1, cand)
        z = (bm - bm.mean(1, keepdim=True)) / bm.std(1, keepdim=True)
        return 0.3 * z + dense

def query(b=4, s=16):
    ids = torch.randint(1, V, (b, s))
    return ids, torch.ones(b, s, dtype=torch.long)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, s = Dim("batch", min=1, max=64), Dim("tokens", min=2, max=128)
build("qtow87", QueryTower().eval(), query(4, 16), dynamic_shapes=({0: b, 1: s}, {0: b, 1: s}))
build("shard87", Shard().eval(), (torch.randn(4, D),), dynamic_shapes=({0: b},))
n = Dim("candidates", min=2, max=200)
build("rr87", Reranker().eval(), (torch.randn(20, F),), dynamic_shapes=({0: n},))
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
b = Dim("batch", min=1, max=64)
nd, t = Dim("docs", min=2, max=512), Dim("doc_tokens", min=2, max=300)
build("ci87", LateInteraction(), (torch.randn(2, LQ, D), torch.ones(2, LQ, dtype=torch.long),
                                  torch.randn(8, 40, D), torch.ones(8, 40, dtype=torch.long)),
      dynamic_shapes=({0: b}, {0: b}, {0: nd, 1: t}, {0: nd, 1: t}))
bq = Dim("batch", min=1, max=64)
build("qt87", QuantTable().eval(), (torch.randn(2, D), torch.randint(0, N, (2, K))),
      dynamic_shapes=({0: bq}, {0: bq}))
c = Dim("candidates", min=2, max=200)
build("fuse87", Fuse(), (torch.rand(2, 1000) * 10, torch.randn(2, 20), torch.randint(0, 1000, (2, 20))),
      dynamic_shapes=({0: bq}, {0: bq, 1: c}, {0: bq, 1: c}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"qtow87", "shard87", "rr87", "ci87", "qt87", "fuse87", "brute87", "pairs87"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "relevance-floor-early-exit", "export_failure", "export", """
class Guarded(torch.nn.Module):
    # return no hits at all when even the best document is below the relevance floor
    def __init__(self):
        super().__init__()
        self.shard = Shard()
    def forward(self, q):
        scores, idx = self.shard(q)
        if scores.max() < 0.2:
            return torch.zeros_like(scores), torch.full_like(idx, -1)
        return scores, idx
ep = torch.export.export(Guarded(), (torch.nn.functional.normalize(torch.randn(4, D), dim=-1),))
""", "forward returns early when the best score is under the relevance floor, a Python if on a "
       "tensor value that torch.export cannot trace (data-dependent control flow).",
       "Apply the floor with torch.where on the outputs (or in the caller) instead of a Python "
       "branch.", match=r".")


def case_02():
    return _m("case_02", "bm25-idf-python-dict", "export_failure", "export", """
import math
DF = {t: 1 + (t * 7919) % 500 for t in range(V)}          # document frequencies from the index
IDF = {t: math.log(1 + (N - df + 0.5) / (df + 0.5)) for t, df in DF.items()}
class BM25Query(torch.nn.Module):
    # query-side BM25 weight: the IDF of each query term looked up in a Python dict
    def forward(self, ids):
        return torch.tensor([[IDF[t] for t in row] for row in ids.tolist()])
ep = torch.export.export(BM25Query(), (torch.randint(1, V, (2, 8)),))
""", "The query's BM25 term weights are looked up in a Python dict of IDF values over "
       "ids.tolist(); the token ids are data, so export cannot turn them into Python ints.",
       "Store the IDF values as a (V,) buffer and index it with the id tensor (idf[ids]).",
       match=r".")


def case_03():
    return _m("case_03", "listwise-head-over-100-candidates", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Listwise(torch.nn.Module):
    # a listwise head mixes the first-stage scores of the 100 candidates with a Linear(100, 100)
    def __init__(self):
        super().__init__()
        self.point = Reranker().mlp
        self.mix = torch.nn.Linear(100, 100)
    def forward(self, feats):
        return self.mix(self.point(feats).squeeze(-1))
n = Dim("candidates", min=2, max=1000)             # the candidate list varies per query
ep = torch.export.export(Listwise(), (torch.randn(100, F),), dynamic_shapes=({0: n},))
""", "The candidate count is declared dynamic, but the listwise head is a Linear(100, 100) over "
       "the candidate axis, which fixes the list to 100 and specialises the Dim.",
       "Keep the candidate list static at 100 (pad / truncate), or use a permutation-invariant "
       "listwise head (attention over candidates).", match=r".")


def case_04():
    return _m("case_04", "pair-scorer-two-batch-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PairScore(torch.nn.Module):
    # score aligned (query, positive document) pairs for the offline evaluation job
    def forward(self, q, d):
        return (q * d).sum(-1)
bq, bd = Dim("queries", min=1, max=1024), Dim("docs", min=1, max=1024)
ep = torch.export.export(PairScore(), (torch.randn(8, D), torch.randn(8, D)),
                         dynamic_shapes=({0: bq}, {0: bd}))
""", "Queries and documents are given two independent batch Dims, but the aligned pair score "
       "multiplies them elementwise, which forces the two Dims to be equal.",
       "Use one Dim for both inputs (the pairs are aligned), or score all pairs with a matmul.",
       match=r".")


def case_05():
    return _m("case_05", "sparse-bm25-query-vector", "unsupported", "compile", """
class SparseDense(torch.nn.Module):
    # lexical part as a sparse (B, V) term-weight vector times a dense term-document block
    def __init__(self):
        super().__init__()
        self.register_buffer("tdm", torch.rand(V, 64))
    def forward(self, q_terms):
        return torch.sparse.mm(q_terms, self.tdm)
i = torch.tensor([[0, 0, 1, 1], [3, 17, 5, 900]])
q = torch.sparse_coo_tensor(i, torch.tensor([1.2, 0.7, 2.0, 0.3]), (2, V))
ep = torch.export.export(SparseDense(), (q,))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The query's BM25 term weights are passed as a sparse COO tensor into torch.sparse.mm; "
       "sparse tensor inputs have no AOTInductor path.",
       "Pass the query terms as dense (ids, weights) tensors and gather / index_add against "
       "the term-document block.", match=r".")


def case_06():
    return _m("case_06", "brute-force-all-queries-capped", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Brute(torch.nn.Module):
    # exact search: score every query against the whole shard passed as an input
    def forward(self, q, corpus):
        return q @ corpus.T
ep = torch.export.export(Brute(), (torch.randn(4, D), torch.randn(100, D)),
                         dynamic_shapes=({0: Dim("q", max=4096)}, {0: Dim("docs", max=10**8)}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/brute87.pt2")
m = torch._inductor.aoti_load_package(pkg)
corpus = torch.randn(4_000_000, D)                # the full 4M-document index
qs = torch.randn(256, D)                          # a batch of 256 queries from the eval set
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))   # 1 GiB left in the worker
scores = m(qs, corpus)
""", "Exact search scores all 256 queries against the whole 4M-document index in one call, a "
       "4 GB score matrix in a worker with about 1 GiB of memory left.",
       "Score the corpus in chunks and keep a running top-k per query (or use an ANN index).",
       match=r"memory|alloc")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _m("case_07", "mask-from-ids-ne-pad-bool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{qtow87}")
ids, _ = query(4, 16)
ids[:, 12:] = 0                                   # padded with the pad id 0
mask = ids != 0                                   # the serving code builds the mask itself: bool
emb = m(ids, mask)
""", "The serving code builds the attention mask as ids != pad_id, a bool tensor, while the "
       "query tower was exported with the tokenizer's int64 mask.",
       "Cast the mask to int64 (mask.long()) or export with a bool mask.",
       needs=("r",), env=CHECK, match=r"dtype|Bool|Long")


def case_08():
    return _m("case_08", "matryoshka-full-width-query", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{shard87}")
full = torch.nn.functional.normalize(torch.randn(4, 2 * D), dim=-1)   # the encoder's full 32-d output
scores, idx = m(full)                             # the shard index holds the truncated 16-d prefix
""", "The query encoder's full 32-d Matryoshka embedding is sent to a shard indexed with the "
       "truncated 16-d prefix.",
       "Truncate the query embedding to the index's 16 dims and re-normalise before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _m("case_09", "query-tokens-seq-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ci87}")
q_tok = torch.randn(LQ, 2, D)                     # the encoder returns (tokens, batch, dim)
q_mask = torch.ones(2, LQ, dtype=torch.long)
scores = m(q_tok, q_mask, torch.randn(8, 40, D), torch.ones(8, 40, dtype=torch.long))
""", "The query token embeddings come from a sequence-first encoder as (tokens, batch, dim), "
       "while the late-interaction package takes (batch, 32 tokens, dim).",
       "Transpose to batch-first (q_tok.transpose(0, 1)) before the call.",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "reranker-feature-column-dropped", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rr87}")
feats = torch.randn(50, F)
feats = torch.cat([feats[:, :2], feats[:, 3:]], dim=1)   # the freshness feature was removed upstream
probs = m(feats)
""", "The feature pipeline dropped one column (freshness), so the candidates carry 7 features "
       "while the reranker was exported for 8.",
       "Restore the missing feature (or a default value in its column) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "bm25-numpy-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{fuse87}")
pool = np.random.rand(2, 1000) * 12.0             # BM25 scores from a numpy BM25 scorer: float64
cand = torch.randint(0, 1000, (2, 20))
out = m(torch.from_numpy(pool), torch.randn(2, 20), cand)
""", "The BM25 scores come from a numpy BM25 scorer as float64, while the fusion package was "
       "exported for float32 scores.",
       "Cast the BM25 scores to float32 (np.float32 / tensor.float()) before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Double|Float")


def case_12():
    return _m("case_12", "reranker-500-candidates", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rr87}")
probs = m(torch.randn(500, F))                    # the first stage was widened to 500 hits
""", "The first stage now returns 500 candidates, above the reranker's exported max of 200.",
       "Cap the candidate list at 200 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"200|too large|range|bound")


def case_13():
    return _m("case_13", "reranker-single-hit", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rr87}")
probs = m(torch.randn(1, F))                      # a rare query: the first stage found one document
""", "A rare query has a single candidate, below the reranker's exported minimum of 2.",
       "Skip reranking for lists shorter than 2 (or export with min=1).",
       needs=("r",), env=CHECK, match=r"too small|range|bound|2")


def case_14():
    return _m("case_14", "pasted-paragraph-query", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{qtow87}")
ids, mask = query(2, 300)                         # a user pasted a whole paragraph as the query
emb = m(ids, mask)
""", "A pasted 300-token query exceeds the query tower's exported token max of 128.",
       "Truncate queries to 128 tokens in the tokenizer (truncation=True, max_length=128).",
       needs=("r",), env=CHECK, match=r"128|too large|range|bound")


def case_15():
    return _m("case_15", "long-document-tokens-untruncated", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ci87}")
d_tok = torch.randn(8, 420, D)                    # a long page indexed without truncation
scores = m(torch.randn(2, LQ, D), torch.ones(2, LQ, dtype=torch.long), d_tok,
           torch.ones(8, 420, dtype=torch.long))
""", "Documents were token-embedded without truncation (420 tokens), above the late-interaction "
       "package's doc-token max of 300.",
       "Truncate or split documents into passages of at most 300 tokens at indexing time.",
       needs=("s",), env=CHECK, match=r"300|too large|range|bound")


# ------------------------------------------------------------------------ run: indices (S)
def case_16():
    return _m("case_16", "external-doc-ids-not-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{qt87}")
ext_ids = torch.tensor([[104233, 100017, 100981, 102500, 100002, 100003, 100004, 100005, 100006, 100007]])
scores = m(torch.randn(1, D), ext_ids)            # ids straight from the document store
""", "The candidates are the document store's external ids (primary keys from 100000 up) instead "
       "of row positions in the 5000-row quantised table.",
       "Map external ids to table rows with the index's id map before the call.",
       needs=("s",), match=r"out of bounds|index")


def case_17():
    return _m("case_17", "dense-candidates-into-bm25-pool", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fuse87}")
pool = torch.rand(2, 1000) * 12.0                 # BM25 over the 1000-doc lexical pool
cand = torch.randint(0, N, (2, 20))               # dense hits: row ids in the 5000-doc shard
out = m(pool, torch.randn(2, 20), cand)
""", "The fused candidates are the dense retriever's shard rows (0..4999), used to gather from "
       "a BM25 row computed over the 1000-doc lexical pool.",
       "Translate the dense hits into the lexical pool's positions (or score BM25 for exactly "
       "those documents) before the call.",
       needs=("s",), match=r"out of bounds|index")


# ------------------------------------------------------------------- run: weights and values
def case_18():
    return _m("case_18", "all-stopword-query-empty-mask", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ci87}")
q_mask = torch.ones(2, LQ, dtype=torch.long)
q_mask[1] = 0                                     # "to be or not to be": every token a stopword
scores = m(torch.randn(2, LQ, D), q_mask, torch.randn(8, 40, D), torch.ones(8, 40, dtype=torch.long))
assert torch.isfinite(scores).all(), f"non-finite scores for queries {(~torch.isfinite(scores)).any(1).nonzero().flatten().tolist()}"
""", "A query made only of stopwords has an all-zero token mask, so the MaxSim average divides "
       "0 by 0 and every document score of that query is NaN.",
       "Skip (or fall back to BM25 for) queries with no real tokens, or clamp the token count "
       "to at least 1.", needs=("s",), match=r"AssertionError")


def case_19():
    return _m("case_19", "term-absent-bm25-constant", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fuse87}")
pool = torch.rand(2, 1000) * 12.0
pool[0] = 0.0                                     # the query's terms occur in no pooled document
out = m(pool, torch.randn(2, 20), torch.randint(0, 1000, (2, 20)))
assert torch.isfinite(out).all(), "fused scores are not finite"
""", "For a query whose terms occur in no document, all BM25 scores are 0, so the per-query "
       "z-normalisation divides by a zero std and the fused scores are NaN.",
       "Add an epsilon to the std (or skip the BM25 term when its std is 0).",
       needs=("s",), match=r"AssertionError")


def case_20():
    return _m("case_20", "query-embedding-unnormalised", "numerical", "run", """
m = torch._inductor.aoti_load_package("{shard87}")
q = torch.randn(4, D) * 3.0                       # the new encoder build returns the raw pooled output
scores, idx = m(q)
assert scores.max() <= 1.0 + 1e-4, f"cosine scores above 1: max {scores.max().item():.3f}"
""", "The query embeddings are the raw pooled output (not L2-normalised) while the shard holds "
       "normalised documents, so the scores are not cosines and the calibrated thresholds break.",
       "L2-normalise the query embedding (F.normalize) before the search.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "reindexed-corpus-fp16", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{shard87}")
new = torch.nn.functional.normalize(torch.randn(5000, 16), dim=-1).half()   # the nightly index, stored in fp16
m.load_constants({"corpus": new}, check_full_update=False)
""", "The nightly re-index stores the shard embeddings in float16 and loads them into the "
       "package's float32 corpus constant.",
       "Cast the new embeddings to float32 before load_constants (or export an fp16 shard).",
       needs=("r",), match=r"dtype|Half|Float|type")


def case_22():
    return _c("case_22", "float-table-into-int8-codes", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{qt87}")
table = torch.randn(5000, 16)                     # the refreshed table, before quantisation
m.load_constants({"codes": table, "scales": torch.ones(5000, 1)}, check_full_update=False)
""", "The refreshed float32 embedding table is loaded as-is into the package's int8 'codes' "
       "constant, skipping the quantisation step.",
       "Quantise the table (per-row scale, round, int8) and load codes and scales together.",
       needs=("s",), expect="crash", match=r"Segmentation")


def case_23():
    return _m("case_23", "late-interaction-full-shard-capped", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{ci87}")
q_tok, q_mask = torch.randn(16, LQ, D), torch.ones(16, LQ, dtype=torch.long)
d_tok, d_mask = torch.randn(512, 300, D), torch.ones(512, 300, dtype=torch.long)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))   # 256 MiB left
scores = m(q_tok, q_mask, d_tok, d_mask)
""", "Late interaction scores 16 queries against 512 full 300-token documents in one call; the "
       "token-level similarity tensor (about 315 MB) does not fit the 256 MiB left in the worker.",
       "Score the documents in smaller blocks (or prune candidates first).",
       needs=("s",), match=r"memory|alloc")


def case_24():
    return _m("case_24", "candidates-as-json-records", "export_failure", "export", """
class RecordReranker(torch.nn.Module):
    # takes the first stage's JSON hits as they come: a list of {"doc_id": str, "features": tensor}
    def __init__(self):
        super().__init__()
        self.inner = Reranker()
    def forward(self, hits):
        return self.inner(torch.stack([h["features"] for h in hits]))
hits = [{"doc_id": f"doc-{i}", "features": torch.randn(F)} for i in range(5)]
ep = torch.export.export(RecordReranker(), (hits,))
""", "The reranker's input is the first stage's JSON records, whose doc_id strings cannot be "
       "export inputs (torch.export takes tensors and a few scalar types only).",
       "Keep the doc ids outside the model and export on a stacked (n, F) feature tensor.",
       match=r".")


CASES = [case_01, case_02, case_03, case_04, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_22, case_23]
DROPPED = []
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_05 (BM25 query terms as a
# sparse COO input into torch.sparse.mm: exported and compiled), case_21 (the nightly fp16
# re-index loaded into the float32 corpus constant with load_constants: accepted) and case_24
# (the first stage's JSON records with doc_id strings as the export input: exported).
TRIED = [case_05, case_21, case_24]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind87.jsonl",
        url_file="benchmarks/live_blind87.py", id_prefix="live87", stems=STEMS,
        scratch_prefix="live_blind87-", description=__doc__.splitlines()[0]))
