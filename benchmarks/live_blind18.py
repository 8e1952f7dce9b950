"""An eighteenth blind set of REAL AOTInductor failures (tabular, recommender and graph models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind18.py [--out benchmarks/live_blind18.jsonl] [--keep]

Theme: tabular, recommender and graph models with AOTI (embedding tables, EmbeddingBag with
offsets and per-sample weights, padding_idx, jagged id lists given as lengths/offsets, feature
hashing and bucketizing, index_select/gather/scatter/index_add, segment reductions, sparse
tensors, feature dictionaries as inputs, int64 ids, missing values, message-passing graph
networks over variable numbers of nodes and edges). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind17.py (their TRIED
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
from torch import nn
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

# a pooled sparse feature: weighted EmbeddingBag (sum) over a flat id list with offsets
class Pool(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(40, 4, mode="sum")
        self.top = nn.Linear(4, 1)
    def forward(self, ids, offsets, w):
        return self.top(self.bag(ids, offsets, per_sample_weights=w))

# a two-tower scorer whose input is a feature dictionary
class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.user = nn.Embedding(20, 8)
        self.item = nn.Embedding(30, 8)
    def forward(self, feats):
        return (self.user(feats["user_id"]) * self.item(feats["item_id"])).sum(-1)

# one message-passing layer: messages gathered at the source, scatter_add-ed at the target
class MPNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_lin = nn.Linear(8, 8)
        self.msg_lin = nn.Linear(8, 8)
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        msg = self.msg_lin(x)[src]
        agg = torch.zeros_like(x).scatter_add(0, dst.unsqueeze(-1).expand(-1, 8), msg)
        return torch.relu(self.self_lin(x) + agg)

# degree encoding (Graphormer-style): in-degree looked up in a table of max_degree + 1 rows
class DegEnc(nn.Module):
    def __init__(self, max_degree=7):
        super().__init__()
        self.deg_emb = nn.Embedding(max_degree + 1, 8)
    def forward(self, x, edge_index):
        dst = edge_index[1]
        deg = torch.zeros(x.shape[0], dtype=torch.long).scatter_add(0, dst, torch.ones_like(dst))
        return x + self.deg_emb(deg)

# hashed categorical feature: the hash-bucket count comes from the feature config
class HashEmb(nn.Module):
    def __init__(self, buckets=1000, rows=100):
        super().__init__()
        self.buckets = buckets
        self.emb = nn.Embedding(rows, 4)
    def forward(self, ids):
        return self.emb(ids % self.buckets).sum(1)

def build(name, m, args, dynamic_shapes=None):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("bag18", Pool().eval(), (torch.randint(0, 40, (6,)), torch.tensor([0, 2, 5]), torch.rand(6)))
b = Dim("b", min=2, max=64)
build("feat18", TwoTower().eval(),
      ({"user_id": torch.randint(0, 20, (4,)), "item_id": torch.randint(0, 30, (4,))},),
      dynamic_shapes={"feats": {"user_id": {0: b}, "item_id": {0: b}}})
build("gnn18", MPNN().eval(), (torch.randn(6, 8), torch.randint(0, 6, (2, 10))),
      dynamic_shapes={"x": {0: Dim("n", min=2, max=64)},
                      "edge_index": {1: Dim("e", min=2, max=256)}})
build("deg18", DegEnc().eval(), (torch.randn(6, 8), torch.randint(0, 6, (2, 10))))
build("hash18", HashEmb().eval(), (torch.randint(0, 100, (4, 3)),))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"bag18", "feat18", "gnn18", "deg18", "hash18", "padbag18", "idxred18", "segs18",
         "rep18", "scat18", "sess18", "fhash18", "gat18", "mhot18", "emptyu18", "iput18",
         "lastn18", "ltype18", "adj18", "njt18"}

PRE = "import torch\nfrom torch import nn\nfrom torch.export import Dim\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "split-by-lengths", "export_failure", "export", """
class History(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, values, lengths):
        per_user = torch.split(self.emb(values), lengths.tolist())
        return torch.stack([u.mean(0) for u in per_user])
ep = torch.export.export(History(), (torch.randint(0, 100, (9,)), torch.tensor([2, 3, 4])))
""", "A jagged id list (values + lengths) is split per user with torch.split(..., "
       "lengths.tolist()): the split sizes are data-dependent, so torch.export cannot trace them.",
       "Pool with a segment reduction instead (segment ids from repeat_interleave(lengths) and "
       "index_add / EmbeddingBag with offsets), keeping every size a tensor.",
       match=r"data-dependent|guard|GuardOnDataDependent|tolist")


def case_02():
    return _c("case_02", "adjacency-coo", "dynamic_shape_guard", "run", """
class SparseGCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x, edge_index):
        n = x.shape[0]
        adj = torch.sparse_coo_tensor(edge_index, torch.ones(edge_index.shape[1]), (n, n))
        return torch.sparse.mm(adj, self.lin(x))
ep = torch.export.export(SparseGCN(), (torch.randn(6, 8), torch.randint(0, 6, (2, 10))))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/adj18.pt2")
m = torch._inductor.aoti_load_package(pkg)
x, ei = torch.randn(7, 8), torch.randint(0, 7, (2, 12))   # the next graph: 7 nodes, 12 edges
y = m(x, ei)
""", "The sparse-adjacency GCN was exported from one example graph without Dims, so the "
       "node and edge counts (6, 10) are baked in; called on a graph with 12 edges, the "
       "compiled sparse_coo_tensor gets 12 indices but the 10 values built for the static "
       "edge count.",
       "Export with Dims for the node and edge counts (x: {0: n}, edge_index: {1: e}), or "
       "enable AOTI_RUNTIME_CHECK_INPUTS=1 to reject other sizes at the call.",
       match=r"nnz")


def case_03():
    return _c("case_03", "jagged-from-offsets", "unsupported", "export", """
class JaggedPool(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, values, offsets):
        nt = torch.nested.nested_tensor_from_jagged(self.emb(values), offsets)
        return nt.to_padded_tensor(0.0).sum(1)
ep = torch.export.export(JaggedPool(), (torch.randint(0, 100, (9,)), torch.tensor([0, 2, 5, 9])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/njt18.pt2")
""", "forward wraps the embedded jagged ids into a jagged nested tensor "
       "(nested_tensor_from_jagged) and pads it; nested tensors built inside the program are not "
       "supported by torch.export/AOTI.",
       "Pool the jagged ids with EmbeddingBag(ids, offsets) or a segment reduction over dense "
       "tensors.",
       match=r"[Nn]ested|jagged|NJT|offsets|[Uu]nsupported|not supported")


def case_04():
    return _c("case_04", "max-pooled-weighted-bag", "unsupported", "export", """
class MaxBag(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(50, 8, mode="max")
    def forward(self, ids, offsets, w):
        return self.bag(ids, offsets, per_sample_weights=w)
ep = torch.export.export(MaxBag(), (torch.randint(0, 50, (7,)), torch.tensor([0, 3]), torch.rand(7)))
""", "The feature switched its pooling to mode='max' but still passes per_sample_weights, which "
       "EmbeddingBag supports only with mode='sum'.",
       "Use mode='sum' for weighted bags (or drop the per-sample weights for max pooling).",
       match=r"per_sample_weights")


def case_05():
    return _c("case_05", "dict-spec-flat", "dynamic_shape_guard", "export", """
class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.user = nn.Embedding(20, 8)
        self.item = nn.Embedding(30, 8)
    def forward(self, feats):
        return (self.user(feats["user_id"]) * self.item(feats["item_id"])).sum(-1)
feats = {"user_id": torch.randint(0, 20, (4,)), "item_id": torch.randint(0, 30, (4,))}
batch = Dim("batch", min=2, max=512)
ep = torch.export.export(Scorer(), (feats,), dynamic_shapes={"feats": {0: batch}})
""", "The input is a feature dictionary, but dynamic_shapes gives it a single tensor spec "
       "({0: batch}) instead of a dict with one spec per feature key.",
       "Mirror the input structure: dynamic_shapes={'feats': {'user_id': {0: batch}, "
       "'item_id': {0: batch}}}.",
       match=r"dynamic_shapes|dynamic shape|spec|key")


def case_06():
    return _c("case_06", "closing-offset-dim", "dynamic_shape_guard", "export", """
class Ranker(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(100, 4, mode="mean", include_last_offset=True)
        self.top = nn.Linear(8, 1)
    def forward(self, dense, ids, offsets):
        return self.top(torch.cat([dense, self.bag(ids, offsets)], 1))
batch = Dim("batch", min=2, max=512)
args = (torch.randn(4, 4), torch.randint(0, 100, (10,)), torch.tensor([0, 2, 5, 7, 10]))
ep = torch.export.export(Ranker(), args, dynamic_shapes={"dense": {0: batch}, "ids": {0: Dim("nnz", min=2, max=8192)}, "offsets": {0: batch}})
""", "With include_last_offset=True the offsets tensor has batch + 1 entries, but the spec gives "
       "it the same Dim as the dense batch, which the example (4 vs 5) and the model contradict.",
       "Give offsets a derived Dim (batch + 1) instead of the batch Dim itself.",
       match=r"not equal|Constraints|inconsistent|[Cc]onflict|mismatch")


def case_07():
    return _c("case_07", "legacy-sparse-ctor", "deprecated_api", "export", """
class Adj(nn.Module):
    def forward(self, x, edge_index):
        n = x.shape[0]
        adj = torch.sparse.FloatTensor(edge_index, torch.ones(edge_index.shape[1]), torch.Size([n, n]))
        return adj.to_dense() @ x
ep = torch.export.export(Adj(), (torch.randn(6, 8), torch.randint(0, 6, (2, 10))))
""", "Old graph code builds the adjacency with the legacy constructor torch.sparse.FloatTensor "
       "(deprecated since 1.x), which cannot be traced.",
       "Use torch.sparse_coo_tensor (or, better for export, dense message passing with index_add).",
       match=r"FloatTensor|legacy|[Ss]parse")


def case_08():
    return _c("case_08", "scatter-ext-op", "unknown", "export", """
class MaxAgg(nn.Module):
    def forward(self, x, edge_index):
        out, _ = torch.ops.torch_scatter.scatter_max(x[edge_index[0]], edge_index[1], 0, None, x.shape[0])
        return out
ep = torch.export.export(MaxAgg(), (torch.randn(6, 8), torch.randint(0, 6, (2, 10))))
""", "The layer calls torch.ops.torch_scatter.scatter_max, an operator of the optional "
       "torch_scatter extension, which is not installed/imported in this environment.",
       "Install and import torch_scatter before export (and load its op library where the "
       "package runs), or use torch.Tensor.scatter_reduce(..., 'amax').",
       match=r"torch_scatter")


def case_09():
    return _c("case_09", "nodes-from-max-id", "export_failure", "export", """
class Agg(nn.Module):
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        num_nodes = edge_index.max().item() + 1  # PyG-style maybe_num_nodes
        out = x.new_zeros(num_nodes, x.shape[1]).index_add_(0, dst, x[src])
        return out + x
ep = torch.export.export(Agg(), (torch.randn(6, 8), torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 5]])))
""", "The node count is inferred from the edge list (edge_index.max().item() + 1), a "
       "data-dependent value that then has to equal x's row count (out + x); export cannot "
       "decide it.",
       "Take the node count from x.shape[0] (or pass num_nodes explicitly) instead of from the "
       "edge ids.",
       match=r"data-dependent|guard|GuardOnDataDependent|u0")


def case_10():
    return _c("case_10", "nan-check-branch", "export_failure", "export", """
class Tabular(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(6, 1)
        self.register_buffer("means", torch.zeros(6))
    def forward(self, dense):
        if torch.isnan(dense).any():  # impute missing values only when there are some
            dense = torch.where(torch.isnan(dense), self.means, dense)
        return self.lin(dense)
ep = torch.export.export(Tabular(), (torch.randn(4, 6),))
""", "Missing-value imputation is guarded by a Python `if torch.isnan(dense).any():`, a branch "
       "on tensor data that torch.export cannot trace.",
       "Impute unconditionally (torch.where(torch.isnan(dense), means, dense)) or use torch.cond.",
       match=r"data-dependent|guard|GuardOnDataDependent")


# ---- Inductor/AOTI over dynamic jagged and graph shapes (each compared with eager)
def case_11():
    return _c("case_11", "padded-mean-bag-dyn", "torch_bug", "compile", """
torch.manual_seed(0)
class PadBag(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(100, 8, mode="mean", padding_idx=0, include_last_offset=True)
    def forward(self, ids, offsets, w):
        return self.bag(ids, offsets) * w.unsqueeze(-1)
model = PadBag().eval()
args = (torch.tensor([0, 5, 7, 0, 0, 9, 3, 4, 0, 1]), torch.tensor([0, 3, 5, 10]), torch.rand(3))
nb = Dim("nb", min=2, max=256)
ep = torch.export.export(model, args, dynamic_shapes={"ids": {0: Dim("nnz", min=2, max=4096)}, "offsets": {0: nb + 1}, "w": {0: nb}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/padbag18.pt2")
m = torch._inductor.aoti_load_package(pkg)
ids, offsets, w = torch.tensor([0, 0, 3, 8, 0, 2]), torch.tensor([0, 2, 4, 6]), torch.rand(3)
torch.testing.assert_close(m(ids, offsets, w), model(ids, offsets, w))
""", "EmbeddingBag(mode='mean', padding_idx=0, include_last_offset=True) over a dynamic number "
       "of ids and bags fails or diverges in Inductor/AOTI (an all-padding bag included).",
       "Report upstream; mask padding ids with a per-sample weight of 0 and use mode='sum' "
       "divided by the true counts.", match=r"")


def case_12():
    return _c("case_12", "index-reduce-mean-dyn", "torch_bug", "compile", """
torch.manual_seed(0)
class MeanAgg(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x, edge_index):
        msg = self.lin(x)[edge_index[0]]
        return torch.zeros_like(x).index_reduce_(0, edge_index[1], msg, "mean", include_self=False)
model = MeanAgg().eval()
ep = torch.export.export(model, (torch.randn(6, 8), torch.randint(0, 6, (2, 10))),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=64)}, "edge_index": {1: Dim("e", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/idxred18.pt2")
m = torch._inductor.aoti_load_package(pkg)
x, ei = torch.randn(9, 8), torch.randint(0, 9, (2, 30))
torch.testing.assert_close(m(x, ei), model(x, ei))
""", "Mean neighbour aggregation with index_reduce_(..., 'mean', include_self=False) over "
       "dynamic node and edge counts fails or diverges in Inductor/AOTI.",
       "Report upstream; aggregate with index_add and divide by the in-degree.", match=r"")


def case_13():
    return _c("case_13", "offsets-to-segments-dyn", "torch_bug", "compile", """
torch.manual_seed(0)
class SegSum(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, values, offsets):
        pos = torch.arange(values.shape[0])
        seg = torch.searchsorted(offsets, pos, right=True) - 1
        out = torch.zeros(offsets.shape[0] - 1, 8)
        return out.index_add(0, seg, self.emb(values))
model = SegSum().eval()
args = (torch.randint(0, 100, (9,)), torch.tensor([0, 2, 5, 9]))
nb = Dim("nb", min=2, max=256)
ep = torch.export.export(model, args, dynamic_shapes={"values": {0: Dim("nnz", min=2, max=4096)}, "offsets": {0: nb + 1}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/segs18.pt2")
m = torch._inductor.aoti_load_package(pkg)
v, o = torch.randint(0, 100, (13,)), torch.tensor([0, 4, 4, 10, 13])
torch.testing.assert_close(m(v, o), model(v, o))
""", "Segment ids of a jagged batch computed with searchsorted(offsets, arange(nnz), "
       "right=True) - 1 and pooled with index_add over dynamic sizes fail or diverge in AOTI.",
       "Report upstream; pass the segment ids as an input.", match=r"")


def case_14():
    return _c("case_14", "lengths-to-segments-dyn", "torch_bug", "compile", """
torch.manual_seed(0)
class SegMean(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, values, lengths):
        seg = torch.repeat_interleave(torch.arange(lengths.shape[0]), lengths, output_size=values.shape[0])
        s = torch.zeros(lengths.shape[0], 8).index_add(0, seg, self.emb(values))
        return s / lengths.clamp(min=1).unsqueeze(-1)
model = SegMean().eval()
args = (torch.randint(0, 100, (9,)), torch.tensor([2, 3, 4]))
ep = torch.export.export(model, args, dynamic_shapes={"values": {0: Dim("nnz", min=2, max=4096)}, "lengths": {0: Dim("nb", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rep18.pt2")
m = torch._inductor.aoti_load_package(pkg)
v, l = torch.randint(0, 100, (12,)), torch.tensor([5, 0, 4, 3])
torch.testing.assert_close(m(v, l), model(v, l))
""", "Segment ids from repeat_interleave(arange(B), lengths, output_size=nnz) (the output "
       "size given to avoid a sync) over dynamic sizes fail or diverge in AOTI.",
       "Report upstream; pass the segment ids as an input.", match=r"")


def case_15():
    return _c("case_15", "scatter-reduce-kwarg", "deprecated_api", "compile", """
torch.manual_seed(0)
class SumAgg(nn.Module):
    def forward(self, x, edge_index):
        idx = edge_index[1].unsqueeze(-1).expand(-1, x.shape[1])
        return torch.zeros_like(x).scatter_(0, idx, x[edge_index[0]], reduce="add")
model = SumAgg()
args = (torch.randn(6, 8), torch.randint(0, 6, (2, 10)))
ep = torch.export.export(model, args)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/scat18.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(*args), model(*args))
""", "Aggregation uses the deprecated scatter_(..., reduce='add') form (superseded by "
       "scatter_add/scatter_reduce), which the compiled path does not handle.",
       "Use scatter_add (or scatter_reduce(..., 'sum')).", match=r"reduce")


def case_16():
    return _c("case_16", "session-runs-dyn", "torch_bug", "compile", """
torch.manual_seed(0)
class Sessions(nn.Module):
    def forward(self, item_ids):
        _, counts = torch.unique_consecutive(item_ids, return_counts=True)
        return counts.float().mean().reshape(1)
model = Sessions()
args = (torch.tensor([3, 3, 5, 5, 5, 2, 3, 3]),)
ep = torch.export.export(model, args, dynamic_shapes={"item_ids": {0: Dim("n", min=2, max=4096)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sess18.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.tensor([1, 1, 1, 4, 4, 9, 9, 9, 9, 2])
torch.testing.assert_close(m(x), model(x))
""", "Run lengths of repeated item views with unique_consecutive(return_counts=True) (a "
       "data-dependent output size) fail in Inductor/AOTI.",
       "Report upstream; compute run boundaries with a shifted comparison and a cumsum.",
       match=r"")


# ---- run time against the shared packages
def case_17():
    return _c("case_17", "request-keys-reordered", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{feat18}")
u, i = torch.tensor([1, 4, 7, 9]), torch.tensor([3, 15, 2, 11])
offline = m({"user_id": u, "item_id": i})        # the offline evaluation batch
served = m({"item_id": i, "user_id": u})         # the same request, parsed from JSON
torch.testing.assert_close(served, offline)
""", "The serving request's feature dict has its keys in another order than the export "
       "example; the loaded model flattens dict values in insertion order without matching "
       "keys, so user and item ids are swapped silently.",
       "Rebuild the dict in the exported key order ({k: feats[k] for k in ('user_id', "
       "'item_id')}) before calling the package.", needs=("j",), match=r"not close")


def case_18():
    return _c("case_18", "request-extra-feature", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{feat18}")
feats = {"user_id": torch.tensor([1, 4]), "item_id": torch.tensor([3, 15]),
         "ts": torch.tensor([1700000000, 1700000100])}   # a field the logging pipeline added
y = m(feats)
""", "The request dict carries an extra feature key ('ts') that the exported model never "
       "took; all tensor leaves are passed on, so the package gets three inputs for two.",
       "Select exactly the exported features before calling the package.", needs=("j",),
       match=r"input")


def case_19():
    return _c("case_19", "edge-list-rows", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gnn18}")
x = torch.randn(10, 8)
edges = torch.tensor([[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9]])  # (E, 2) from a CSV
y = m(x, edges)
""", "The edge list is read from a CSV as (E, 2) rows, but the package takes edge_index as "
       "(2, E); with AOTI_RUNTIME_CHECK_INPUTS=1 the input check rejects the first dimension.",
       "Transpose the edge list (edges.t().contiguous()) before calling the model.",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"size|dim")


def case_20():
    return _c("case_20", "dense-graph-edges", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{gnn18}")
n = 18
x = torch.randn(n, 8)
edge_index = torch.tensor([[a, b] for a in range(n) for b in range(n) if a != b]).t().contiguous()  # 306 edges
y = m(x, edge_index)
""", "The package was exported with Dim('e', max=256) edges; a fully connected 18-node graph "
       "has 306 edges, and the run-time input check rejects the size above the range.",
       "Re-export with a larger edge Dim max (or sample/partition dense graphs).",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"size|256")


def case_21():
    return _c("case_21", "hub-degree", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{deg18}")
x = torch.randn(6, 8)
edge_index = torch.tensor([[1, 2, 3, 4, 5, 1, 2, 3, 4, 5], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]])  # a star graph
y = m(x, edge_index)
""", "Degree encoding looks the in-degree up in a table of max_degree + 1 = 8 rows; a hub "
       "node of a star graph has in-degree 10, past the table.",
       "Clamp the degree to max_degree (deg.clamp(max=7)) before the lookup, or size the table "
       "for the largest degree in the data.", needs=("j",), match=r"out of bounds")


def case_22():
    return _c("case_22", "hash-bucket-config", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{hash18}")
raw = torch.tensor([[12345678901, 77, 4242], [98765, 31337, 555]])  # raw categorical ids
y = m(raw)
""", "The hashing step uses hash_buckets = 1000 from the feature config while the embedding "
       "table was built with 100 rows, so most hashed ids fall past the table.",
       "Take the modulus from the table size (ids % emb.num_embeddings) or build the table "
       "with hash_buckets rows.", needs=("j",), match=r"out of bounds")


def case_23():
    return _c("case_23", "closing-offset-call", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bag18}")
ids = torch.tensor([3, 7, 1, 9, 9, 2])
offsets = torch.tensor([0, 2, 5, 6])  # torchrec-style offsets with the closing entry
w = torch.rand(6)
y = m(ids, offsets, w)
""", "The offsets come from a pipeline that appends the closing offset (B + 1 entries, "
       "include_last_offset style), but the package was exported with B starting offsets; the "
       "input check under AOTI_RUNTIME_CHECK_INPUTS=1 rejects the size.",
       "Drop the closing offset (offsets[:-1]) or export with include_last_offset=True.",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dim value|size")


def case_24():
    return _c("case_24", "id-column-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bag18}")
table = torch.tensor([[3, 0, 11], [7, 1, 12], [1, 0, 13], [9, 1, 14], [9, 0, 15], [2, 1, 16]])
ids = table[:, 0]  # the id column of the request table: a strided view
offsets, w = torch.tensor([0, 2, 5]), torch.ones(6)
ref = m(ids.contiguous(), offsets, w)
y = m(ids, offsets, w)
torch.testing.assert_close(y, ref)
""", "The ids are a column slice of a request table (stride 3); the package was compiled for a "
       "contiguous id vector and reads the memory as if contiguous, so other columns are "
       "looked up silently.",
       "Pass ids.contiguous(); AOTI_RUNTIME_CHECK_INPUTS=1 reports the stride mismatch.",
       needs=("j",), match=r"not close")


def case_25():
    return _c("case_25", "float-id-hash", "numerical", "run", """
class FloatHash(nn.Module):
    def __init__(self, buckets=4096):
        super().__init__()
        self.buckets = buckets
        self.emb = nn.Embedding(buckets, 4)
    def forward(self, ids):
        h = torch.frac(ids.float() * 0.6180339887)  # Fibonacci hashing, computed in float
        return self.emb((h * self.buckets).long())
ids = torch.arange(10, dtype=torch.long)
ep = torch.export.export(FloatHash().eval(), (ids,), dynamic_shapes={"ids": {0: Dim("n", min=2, max=1024)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fhash18.pt2")
m = torch._inductor.aoti_load_package(pkg)
ids = 3_000_000_000 + torch.arange(64)   # 64 distinct user ids
rows = m(ids)
assert torch.unique(rows, dim=0).shape[0] > 32, f"{torch.unique(rows, dim=0).shape[0]} distinct rows for 64 ids"
""", "Large int64 ids are hashed after ids.float(): float32 has 24 mantissa bits, so ids "
       "around 3e9 collapse onto a few values and 64 distinct users share a couple of rows.",
       "Hash in integer arithmetic (e.g. (ids * 2654435761) % buckets in int64) instead of "
       "through float32.", match=r"AssertionError")


def case_26():
    return _c("case_26", "edge-softmax-unshifted", "numerical", "run", """
class GATScore(nn.Module):
    def __init__(self):
        super().__init__()
        self.att = nn.Linear(16, 1)
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        e = self.att(torch.cat([x[src], x[dst]], -1)).squeeze(-1)
        ex = e.exp()                                   # softmax over incoming edges, unshifted
        den = torch.zeros(x.shape[0]).index_add(0, dst, ex)
        alpha = ex / den[dst]
        return torch.zeros_like(x).index_add(0, dst, alpha.unsqueeze(-1) * x[src])
torch.manual_seed(0)
model = GATScore().eval()
ep = torch.export.export(model, (torch.randn(6, 8), torch.randint(0, 6, (2, 10))),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=64)}, "edge_index": {1: Dim("e", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gat18.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(8, 8) * 500   # unnormalised raw features (counts, prices)
ei = torch.randint(0, 8, (2, 24))
y = m(x, ei)
assert torch.isfinite(y).all(), f"{int((~torch.isfinite(y)).sum())} non-finite outputs"
""", "The edge softmax is computed as exp(e) / sum exp(e) without subtracting the per-node "
       "maximum; with unnormalised features the scores exceed ~88 and exp overflows float32, "
       "giving inf/inf = NaN.",
       "Subtract the per-target maximum (scatter_reduce amax) before exp, and normalise the "
       "input features.", match=r"AssertionError")


def case_27():
    return _c("case_27", "multi-hot-vocab", "out_of_memory", "run", """
import resource
class MultiHot(nn.Module):
    def forward(self, ids):
        return torch.nn.functional.one_hot(ids, 1 << 20).sum(1)   # bag of ids over a 1M vocab
ep = torch.export.export(MultiHot(), (torch.randint(0, 1 << 20, (4, 5)),), dynamic_shapes={"ids": {0: Dim("b", min=2, max=8192)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mhot18.pt2")
m = torch._inductor.aoti_load_package(pkg)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
y = m(torch.randint(0, 1 << 20, (4096, 5)))   # a nightly scoring batch
""", "The model returns a dense multi-hot vector over a 2^20-id vocabulary; a batch of 4096 "
       "needs a 32 GiB int64 output, more than the process may allocate (RLIMIT_AS +1 GiB).",
       "Keep the ids sparse (EmbeddingBag / index lists) instead of densifying over the "
       "vocabulary, or score in small batches.",
       match=r"allocate|memory|MemoryError")


def case_28():
    return _c("case_28", "empty-history-mean", "numerical", "run", """
class HistMean(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, values, seg, lengths):
        s = torch.zeros(lengths.shape[0], 8).index_add(0, seg, self.emb(values))
        return s / lengths.unsqueeze(-1)
torch.manual_seed(0)
args = (torch.randint(0, 100, (9,)), torch.tensor([0, 0, 1, 1, 1, 2, 2, 2, 2]), torch.tensor([2, 3, 4]))
nnz = Dim("nnz", min=2, max=4096)
ep = torch.export.export(HistMean().eval(), args,
                         dynamic_shapes={"values": {0: nnz}, "seg": {0: nnz}, "lengths": {0: Dim("nb", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/emptyu18.pt2")
m = torch._inductor.aoti_load_package(pkg)
values, seg, lengths = torch.tensor([5, 6, 7, 8]), torch.tensor([0, 0, 2, 2]), torch.tensor([2, 0, 2])  # a new user
y = m(values, seg, lengths)
assert torch.isfinite(y).all(), f"{int((~torch.isfinite(y)).sum())} non-finite outputs"
""", "History embeddings are mean-pooled as sum / length; a cold-start user with an empty "
       "history has length 0, so 0 / 0 = NaN in that user's row.",
       "Divide by lengths.clamp(min=1) (and give empty histories a default embedding).",
       match=r"AssertionError")


def case_29():
    return _c("case_29", "accumulate-put-dyn", "torch_bug", "compile", """
torch.manual_seed(0)
class PutAgg(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, x, edge_index):
        out = torch.zeros_like(x)
        return out.index_put_((edge_index[1],), self.lin(x)[edge_index[0]], accumulate=True)
model = PutAgg().eval()
ep = torch.export.export(model, (torch.randn(6, 8), torch.randint(0, 6, (2, 10))),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=64)}, "edge_index": {1: Dim("e", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/iput18.pt2")
m = torch._inductor.aoti_load_package(pkg)
x, ei = torch.randn(9, 8), torch.randint(0, 9, (2, 40))
torch.testing.assert_close(m(x, ei), model(x, ei))
""", "Sum aggregation with index_put_(..., accumulate=True) over dynamic node and edge counts "
       "fails or diverges in Inductor/AOTI.", "Report upstream; use index_add.", match=r"")


def case_30():
    return _c("case_30", "first-n-items", "index_out_of_bounds", "run", """
class FirstN(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, values, offsets):
        # the first 3 items of each user's session, addressed from the start offsets
        pos = offsets.unsqueeze(-1) + torch.arange(3)
        return self.emb(values[pos]).mean(1)
ep = torch.export.export(FirstN().eval(), (torch.randint(0, 100, (12,)), torch.tensor([0, 4, 8])),
                         dynamic_shapes={"values": {0: Dim("nnz", min=4, max=4096)}, "offsets": {0: Dim("nb", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lastn18.pt2")
m = torch._inductor.aoti_load_package(pkg)
values, offsets = torch.randint(0, 100, (6,)), torch.tensor([0, 5])  # the last user has 1 item
y = m(values, offsets)
""", "The model takes each user's first 3 items at start, start + 1, start + 2 and assumes "
       "every session has at least 3 items; the last user has one, so its positions run past "
       "the end of the values.",
       "Mask positions beyond each user's own segment (pos < next offset) and pad short "
       "sessions, or validate lengths >= 3 before the call.", match=r"out of bounds")


def case_31():
    return _c("case_31", "edge-axis-spec", "dynamic_shape_guard", "export", """
class EdgeMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(16, 1)
    def forward(self, x, edge_index):
        src, dst = edge_index                      # unpack the two rows
        return self.lin(torch.cat([x[src], x[dst]], -1)).squeeze(-1)
ep = torch.export.export(EdgeMLP(), (torch.randn(6, 8), torch.randint(0, 6, (2, 10))),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=64)}, "edge_index": {0: Dim("e", min=2, max=256)}})
""", "The edge-count Dim is put on axis 0 of edge_index (the fixed 2 rows) instead of axis 1; "
       "unpacking the two rows specialises that axis to 2, contradicting the Dim.",
       "Mark axis 1 of edge_index dynamic: {'edge_index': {1: Dim('e', ...)}}.",
       match=r"Constraints violated|specializ|Suggested fixes|e")


def case_32():
    return _c("case_32", "legacy-long-type", "deprecated_api", "export", """
class Lookup(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, ids):
        return self.emb(ids.type(torch.LongTensor)).sum(1)   # old-style cast kept from 0.x code
ep = torch.export.export(Lookup(), (torch.randint(0, 100, (4, 3), dtype=torch.int32),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ltype18.pt2")
""", "Old recommender code casts the ids with the legacy tensor type ids.type(torch.LongTensor), "
       "a pre-dtype API that tracing cannot handle.",
       "Use ids.long() / ids.to(torch.int64).", match=r"LongTensor|type|legacy")


def case_33():
    return _c("case_33", "numpy-int32-offsets", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{bag18}")
lengths = np.array([2, 3, 1], dtype=np.int32)           # from the feature store, int32
offsets = torch.from_numpy(np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int32))
ids, w = torch.tensor([3, 7, 1, 9, 9, 2]), torch.rand(6)
y = m(ids, offsets, w)
""", "The bag offsets come from an int32 NumPy column while the ids are int64 (as at export); "
       "the EmbeddingBag kernel in the package requires ids and offsets of one dtype.",
       "Cast the offsets to int64 (offsets.long()) before the call.", needs=("j",),
       match=r"[Oo]ffsets|dtype|Int|Long|type")


def case_34():
    return _c("case_34", "features-as-kwargs", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{feat18}")
y = m(user_id=torch.tensor([1, 4]), item_id=torch.tensor([3, 15]))   # features as keyword args
""", "The package was exported with one feature-dict argument (feats) but is called with the "
       "features as keyword arguments; the call's pytree structure does not match the exported "
       "one.",
       "Call it as exported: m({'user_id': ..., 'item_id': ...}).", needs=("j",),
       match=r"kwargs|key|spec|feats|argument|input")


def case_35():
    return _c("case_35", "set-dedupe", "export_failure", "export", """
class Dedup(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 8)
    def forward(self, ids):
        uniq = torch.tensor(sorted(set(ids.tolist())))   # de-duplicate the clicked ids
        return self.emb(uniq).mean(0)
ep = torch.export.export(Dedup(), (torch.tensor([5, 9, 5, 3, 9]),))
""", "Clicked ids are de-duplicated with a Python set over ids.tolist(); hashing and sorting "
       "the traced ids needs their concrete values, which torch.export does not have.",
       "De-duplicate with tensor ops (torch.unique) or before the model.",
       match=r"data-dependent|guard|GuardOnDataDependent|hash|unhashable|Sym")


def case_36():
    return _c("case_36", "module-as-table", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{hash18}")
retrained = nn.Embedding(100, 4)                     # the nightly job's refreshed table
m.load_constants({"emb.weight": retrained}, check_full_update=True)
""", "The refreshed embedding table is handed to load_constants as the nn.Embedding module "
       "itself instead of its weight tensor; the binding accepts only a name-to-tensor map.",
       "Pass retrained.weight.detach() under the constant's name (see get_constant_fqns()).",
       needs=("j",), match=r"incompatible|Tensor|argument")


def case_37():
    return _c("case_37", "var-kwargs-features", "dynamic_shape_guard", "export", """
class AnyFeatures(nn.Module):
    def __init__(self):
        super().__init__()
        self.tables = nn.ModuleDict({"user_id": nn.Embedding(20, 8), "item_id": nn.Embedding(30, 8)})
    def forward(self, **feats):                       # whatever features the request carries
        return sum(self.tables[k](v) for k, v in feats.items()).sum(-1)
feats = {"user_id": torch.randint(0, 20, (4,)), "item_id": torch.randint(0, 30, (4,))}
ep = torch.export.export(AnyFeatures(), (), kwargs=feats,
                         dynamic_shapes={"user_id": {0: Dim("b", min=2, max=64)}, "item_id": {0: Dim("b", min=2, max=64)}})
""", "forward takes the features as **kwargs and dynamic_shapes is keyed by the feature "
       "names; export treats the variadic keyword parameter as one dict argument, so the "
       "spec's top-level keys do not match.",
       "Take one explicit dict argument (forward(self, feats)) and key dynamic_shapes as "
       "{'feats': {...}}.", match=r"top-level keys")


CASES = [case_02, case_03, case_04, case_05, case_06, case_08, case_10, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27,
         case_28, case_30, case_31, case_34, case_35, case_36, case_37]
# Failed in a trial but dropped (kept for reference, not run): none of the final functions. Two
# first versions were changed instead: case_09 first used int(edge_index.max().item()) + 1 and
# failed with "Could not extract specialized integer from data-dependent expression u0", the
# same int()-of-data trigger as live_blind.py case_04, so int() was removed (the new version did
# not fail, see TRIED); case_02 was first compile-only (it compiled) and was then extended to
# load and run on the next graph.
DROPPED: list = []
# Tried on torch 2.13.0+cpu in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_01 (torch.split(values, lengths.tolist()) for a jagged
# batch: exported, tolist giving unbacked sizes), case_07 (the legacy torch.sparse.FloatTensor
# constructor in forward: exported), case_09 (node count from edge_index.max().item() + 1 added
# to x: exported, with a runtime assertion), case_11 (EmbeddingBag mean with padding_idx and
# include_last_offset over dynamic ids/bags), case_12 (index_reduce_ 'mean' over dynamic nodes
# and edges), case_13 (segment ids from searchsorted(offsets, arange, right=True)), case_14
# (segment ids from repeat_interleave with output_size), case_15 (scatter_(..., reduce='add')),
# case_16 (unique_consecutive with return_counts over a dynamic length), case_29 (index_put_
# with accumulate=True over dynamic nodes and edges): exported, compiled, loaded, ran and
# matched eager; case_32 (ids.type(torch.LongTensor) in forward: exported and compiled);
# case_33 (int32 NumPy offsets with int64 ids to the EmbeddingBag package: ran without error).
TRIED = [case_01, case_07, case_09, case_11, case_12, case_13, case_14, case_15, case_16,
         case_29, case_32, case_33]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind18.jsonl",
        url_file="benchmarks/live_blind18.py", id_prefix="live18", stems=STEMS,
        scratch_prefix="live_blind18-", description=__doc__.splitlines()[0]))
