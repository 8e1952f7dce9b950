"""A fortieth blind set of REAL AOTInductor failures (graph neural networks and scatter-style ops), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind40.py [--out benchmarks/live_blind40.jsonl] [--keep]

Theme: graph neural networks and scatter-style ops (message passing written in plain torch:
edge_index inputs, index_add / scatter_add / scatter_reduce aggregation, segment sums by a batch
vector, degree normalisation, varying node and edge counts per request, several graphs batched
into one, self-loops added in forward, edge features and attention over edges, torch.sparse
COO/CSR adjacency built from inputs, sparse.mm, coalesce, to_dense), exported with dynamic node
and edge counts, compiled, loaded and run with the inputs a graph service really sends (int32
edge ids, ids out of range, empty edge lists, transposed or re-typed edge tensors, a batch vector
that does not match). No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py
or benchmarks/live_blind.py .. live_blind39.py (their TRIED lists included). Building the set
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

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class GCN(torch.nn.Module):
    # one mean-free GCN-style layer: messages gathered at the source, index_add-ed at the target
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        h = self.lin(x)
        return torch.relu(torch.zeros_like(h).index_add(0, dst, h[src]) + h)

class Pool(torch.nn.Module):
    # graph-level readout: node features summed per graph by the batch vector, then joined
    # with the per-graph features
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(12, 2)
    def forward(self, x, batch, graph_x):
        pooled = x.new_zeros(graph_x.shape[0], x.shape[1]).index_add(0, batch, x)
        return self.lin(torch.cat([pooled, graph_x], 1))

class EdgeNet(torch.nn.Module):
    # messages carry edge features and are scaled by an edge weight before scatter_add
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.lin_e = torch.nn.Linear(4, 8)
    def forward(self, x, edge_index, edge_attr, edge_weight):
        src, dst = edge_index[0], edge_index[1]
        msg = (self.lin(x)[src] + self.lin_e(edge_attr)) * edge_weight.unsqueeze(-1)
        idx = dst.unsqueeze(-1).expand(-1, 8)
        return torch.zeros(x.shape[0], 8).scatter_add(0, idx, msg)

n, e, g = Dim("n", min=2, max=4096), Dim("e", min=2, max=65536), Dim("g", min=2, max=256)
ei = torch.tensor([[0, 1, 2, 3, 4, 5, 0, 2, 4, 1], [1, 2, 3, 4, 5, 0, 3, 5, 1, 4]])
build("gcn40", GCN(), (torch.randn(6, 8), ei),
      dynamic_shapes={"x": {0: n}, "edge_index": {1: e}})
build("pool40", Pool(), (torch.randn(7, 8), torch.tensor([0, 0, 0, 1, 1, 2, 2]), torch.randn(3, 4)),
      dynamic_shapes={"x": {0: n}, "batch": {0: n}, "graph_x": {0: g}})
build("edge40", EdgeNet(), (torch.randn(6, 8), ei, torch.randn(10, 4), torch.rand(10)),
      dynamic_shapes={"x": {0: n}, "edge_index": {1: e}, "edge_attr": {0: e},
                      "edge_weight": {0: e}})
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"gcn40", "pool40", "edge40", "dense40", "spmm40", "csr40", "coal40", "ssum40",
         "ssoft40", "loops40", "nnodes40", "gat40"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------------------- export
def case_01():
    return _c("case_01", "graphs-from-last-batch-id", "export_failure", "export", """
from torch.export import Dim
class Readout(torch.nn.Module):
    def forward(self, x, batch):
        num_graphs = int(batch[-1]) + 1          # the batch vector is sorted by graph
        return x.new_zeros(num_graphs, x.shape[1]).index_add(0, batch, x)
n = Dim("n", min=2, max=4096)
ep = torch.export.export(Readout(), (torch.randn(7, 8), torch.tensor([0, 0, 0, 1, 1, 2, 2])),
                         dynamic_shapes={"x": {0: n}, "batch": {0: n}})
""", "The number of graphs is read from the data (int(batch[-1]) + 1) and used as an output "
       "size; torch.export cannot turn a tensor value into a concrete size while tracing.",
       "Pass the graphs' count as the size of an input (e.g. a (G, ...) per-graph tensor with a "
       "Dim) or compute it outside the model and pass a tensor of that length.",
       match=r"data-dependent")


def case_02():
    return _c("case_02", "single-edge-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        h = self.lin(x)
        return torch.zeros_like(h).index_add(0, edge_index[1], h[edge_index[0]])
ep = torch.export.export(GCN(), (torch.randn(2, 8), torch.tensor([[0], [1]])),   # one edge 0->1
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=4096)},
                                         "edge_index": {1: Dim("e", min=1, max=65536)}})
""", "The example graph has a single edge, and export specialises a dimension whose example "
       "size is 1, so the dynamic edge count becomes the constant 1.",
       "Export with an example graph of at least two edges (the Dim may still allow fewer), or "
       "use Dim.AUTO.",
       match=r"specializ|Constraints violated")


def case_03():
    return _c("case_03", "edge-attr-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class EdgeConv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin_e = torch.nn.Linear(4, 8)
    def forward(self, x, edge_index, edge_attr):
        msg = x[edge_index[0]] + self.lin_e(edge_attr)
        return torch.zeros_like(x).index_add(0, edge_index[1], msg)
ei = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]])
ep = torch.export.export(EdgeConv(), (torch.randn(5, 8), ei, torch.randn(5, 4)),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")},
                                         "edge_attr": {0: Dim("e_attr")}})
""", "edge_index and edge_attr get independent Dims for the edge count, but adding the gathered "
       "node messages to the edge-feature messages forces them equal.",
       "Give edge_attr's axis 0 the same Dim object as edge_index's axis 1.",
       match=r"Constraints violated")


def case_04():
    return _c("case_04", "coalesce-adjacency", "unsupported", "export", """
from torch.export import Dim
class SpGCN(torch.nn.Module):
    def forward(self, x, edge_index, edge_weight):
        n = x.shape[0]
        adj = torch.sparse_coo_tensor(edge_index, edge_weight, (n, n)).coalesce()  # merge duplicates
        return torch.sparse.mm(adj, x)
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 1]])
ep = torch.export.export(SpGCN(), (torch.randn(5, 8), ei, torch.rand(6)),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")},
                                         "edge_weight": {0: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/coal40.pt2")
""", "forward builds a sparse COO adjacency from the edges and coalesces it; sparse layouts (and "
       "coalesce, whose output size depends on the data) have no export/AOTI path.",
       "Aggregate densely with index_add / scatter_add over edge_index (duplicates just add up) "
       "instead of building a sparse tensor in forward.",
       match=r".")


def case_05():
    return _c("case_05", "validate-ids-in-forward", "export_failure", "export", """
from torch.export import Dim
class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        if (edge_index >= x.shape[0]).any():       # reject malformed requests early
            raise ValueError("edge_index refers to a missing node")
        h = self.lin(x)
        return torch.zeros_like(h).index_add(0, edge_index[1], h[edge_index[0]])
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(GCN(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
""", "forward validates the edge ids with a Python if on a tensor value ((edge_index >= n).any()), "
       "a data-dependent branch torch.export cannot trace.",
       "Validate the request in the serving code before the call, or use torch._check on the "
       "condition instead of a Python branch.",
       match=r"data-dependent")


def case_06():
    return _c("case_06", "sparse-softmax-attention", "unsupported", "export", """
from torch.export import Dim
class SpAttn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        n = x.shape[0]
        q = self.q(x)
        score = (q[edge_index[1]] * x[edge_index[0]]).sum(-1)
        att = torch.sparse.softmax(torch.sparse_coo_tensor(edge_index, score, (n, n)), dim=1)
        return att.to_dense() @ x
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(SpAttn(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ssoft40.pt2")
""", "Edge attention is normalised with torch.sparse.softmax over a sparse COO score matrix built "
       "in forward; sparse tensors and sparse.softmax have no export/AOTI path.",
       "Normalise per target node densely: exp(score - per-node amax via scatter_reduce), summed "
       "with index_add, then divide.",
       match=r".")


def case_07():
    return _c("case_07", "csr-from-rowptr", "unsupported", "export", """
from torch.export import Dim
class CsrConv(torch.nn.Module):
    def forward(self, x, rowptr, col, val):
        n = x.shape[0]
        adj = torch.sparse_csr_tensor(rowptr, col, val, (n, n))   # the graph store's CSR format
        return adj @ x
rowptr = torch.tensor([0, 2, 3, 4, 5, 6])
col = torch.tensor([1, 2, 2, 3, 4, 0])
n, e = Dim("n"), Dim("e")
ep = torch.export.export(CsrConv(), (torch.randn(5, 8), rowptr, col, torch.rand(6)),
                         dynamic_shapes={"x": {0: n}, "rowptr": {0: n + 1}, "col": {0: e},
                                         "val": {0: e}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/csr40.pt2")
""", "forward builds a sparse CSR adjacency from rowptr/col/val inputs and multiplies with it; "
       "sparse CSR tensors have no export/AOTI path.",
       "Expand rowptr to per-edge row ids (repeat_interleave of the row lengths, or pass them "
       "from the graph store) and aggregate with index_add.",
       match=r".")


def case_08():
    return _c("case_08", "sparse-degree-sum", "unsupported", "export", """
from torch.export import Dim
class Norm(torch.nn.Module):
    def forward(self, x, edge_index):
        n = x.shape[0]
        adj = torch.sparse_coo_tensor(edge_index, torch.ones(edge_index.shape[1]), (n, n))
        deg = torch.sparse.sum(adj, dim=1).to_dense()      # out-degree per node
        return x / deg.clamp(min=1).unsqueeze(-1)
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(Norm(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ssum40.pt2")
""", "The degree is computed with torch.sparse.sum over a sparse COO adjacency built in forward; "
       "sparse tensors have no export/AOTI path.",
       "Count degrees densely: torch.zeros(n).index_add(0, edge_index[0], torch.ones(e)).",
       match=r".")


def case_09():
    return _c("case_09", "dynamic-sparse-mm", "dynamic_shape_guard", "export", """
from torch.export import Dim
class SpGCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index, edge_weight):
        n = x.shape[0]
        adj = torch.sparse_coo_tensor(edge_index, edge_weight, (n, n))
        return torch.sparse.mm(adj, self.lin(x))
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
e = Dim("e", min=2, max=65536)
ep = torch.export.export(SpGCN(), (torch.randn(5, 8), ei, torch.rand(6)),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=4096)},
                                         "edge_index": {1: e}, "edge_weight": {0: e}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/spmm40.pt2")
m = torch._inductor.aoti_load_package(pkg)
ei2 = torch.tensor([[0, 1, 2, 3, 4, 5, 6, 0], [1, 2, 3, 4, 5, 6, 0, 3]])
y = m(torch.randn(7, 8), ei2, torch.rand(8))
""", "A weighted sparse COO adjacency of size (n, n) is built in forward from the dynamic node "
       "count; tracing torch.sparse_coo_tensor specialises n to the example's 5, which violates "
       "the declared node Dim.",
       "Aggregate with index_add (h[src] * w) over edge_index instead of a sparse adjacency, or "
       "export a fixed node count.",
       match=r"Constraints violated")


def case_10():
    return _c("case_10", "remove-add-self-loops", "export_failure", "export", """
from torch.export import Dim
class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        n = x.shape[0]
        keep = edge_index[0] != edge_index[1]                  # remove_self_loops
        ei = edge_index[:, keep]
        loops = torch.arange(n).unsqueeze(0).expand(2, n)     # add_self_loops
        ei = torch.cat([ei, loops], 1)
        deg = torch.zeros(n).index_add(0, ei[1], torch.ones(ei.shape[1]))
        norm = deg.rsqrt()
        h = self.lin(x) * norm.unsqueeze(-1)
        return torch.zeros_like(h).index_add(0, ei[1], h[ei[0]]) * norm.unsqueeze(-1)
ei = torch.tensor([[0, 1, 2, 3, 4, 2], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(GCN(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/loops40.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(7, 8), torch.tensor([[0, 1, 2, 3, 4, 5, 6, 1], [1, 2, 3, 4, 5, 6, 0, 1]]))
""", "Self-loops are removed with a boolean mask over the edges (edge_index[:, src != dst]), "
       "which gives a data-dependent edge count.",
       "Keep the edge count static: zero the weight of existing self-loops with torch.where "
       "instead of dropping them.",
       match=r".")


# ------------------------------------------------------------------------------ compile
def case_11():
    return _c("case_11", "int-node-count-arg", "input_mismatch", "run", """
from torch.export import Dim
class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index, num_nodes: int):
        h = self.lin(x)
        return h.new_zeros(num_nodes, 8).index_add(0, edge_index[1], h[edge_index[0]])
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(GCN(), (torch.randn(5, 8), ei, 5),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")},
                                         "num_nodes": None})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nnodes40.pt2")
m = torch._inductor.aoti_load_package(pkg)
ei2 = torch.tensor([[0, 1, 2, 3, 4, 5, 6, 0], [1, 2, 3, 4, 5, 6, 0, 3]])
y = m(torch.randn(7, 8), ei2, 7)
assert y.shape == (7, 8), y.shape
""", "The node count is passed as a Python int argument; export specialised it to the example "
       "value 5, so for a 7-node request the package aggregates into 5 rows and target ids 5 and "
       "6 fail the kernel's bounds check.",
       "Do not pass sizes as Python ints: take the node count from x.shape[0] (a Dim).",
       match=r"out of bounds")


def case_12():
    return _c("case_12", "dense-adjacency-big-graph", "out_of_memory", "run", """
from torch.export import Dim
class DenseGCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        n = x.shape[0]
        adj = x.new_zeros(n, n).index_put((edge_index[1], edge_index[0]),
                                          torch.ones(edge_index.shape[1]), accumulate=True)
        return adj @ self.lin(x)
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(DenseGCN(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=10**6)},
                                         "edge_index": {1: Dim("e", min=2, max=10**7)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dense40.pt2")
m = torch._inductor.aoti_load_package(pkg)
n = 300000                                   # a whole social graph in one request
ei = torch.randint(0, n, (2, 1000000))
y = m(torch.randn(n, 8), ei)
""", "The model densifies the adjacency (n x n floats); a 300k-node graph needs a 360 GB "
       "buffer, which the allocator refuses.",
       "Aggregate sparsely with index_add over edge_index (memory linear in edges), or cap the "
       "node Dim's max at what a dense n x n fits in.",
       match=r"can't allocate memory")


def case_13():
    return _c("case_13", "isolated-node-attention", "numerical", "run", """
from torch.export import Dim
class DenseGAT(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        n = x.shape[0]
        mask = torch.zeros(n, n, dtype=torch.bool).index_put(
            (edge_index[1], edge_index[0]), torch.ones(edge_index.shape[1], dtype=torch.bool))
        s = (self.q(x) @ x.t()).masked_fill(~mask, float("-inf"))
        return torch.softmax(s, -1) @ x
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(DenseGAT(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gat40.pt2")
m = torch._inductor.aoti_load_package(pkg)
ei2 = torch.tensor([[0, 1, 2, 3, 0, 2], [1, 2, 3, 0, 2, 0]])   # node 4 joined but has no edges yet
y = m(torch.randn(5, 8), ei2)
assert torch.isfinite(y).all(), f"non-finite rows: {(~torch.isfinite(y)).any(1).nonzero().flatten().tolist()}"
""", "Attention over incoming edges masks non-edges with -inf; a node with no incoming edge has "
       "an all -inf row, whose softmax is NaN.",
       "Add self-loops in forward (or fill fully-masked rows with 0 after the softmax) so every "
       "node attends to at least itself.",
       match=r"non-finite")


# ------------------------------------------------------------------ run: shared packages
def case_14():
    return _c("case_14", "int32-edge-ids", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{gcn40}")
edges = np.array([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]], dtype=np.int32)   # the graph store's id type
y = m(torch.randn(5, 8), torch.from_numpy(edges))
""", "The edge ids arrive as int32 from the graph store, while the package was exported with "
       "int64 edge_index; the input check rejects the dtype.",
       "Cast edge ids to int64 (edge_index.long()) before the call, or export with int32 ids.",
       env=CHECK, needs=("r",), match=r"dtype|unmatched")


def case_15():
    return _c("case_15", "int32-batch-unchecked", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
batch = torch.tensor([0, 0, 0, 1, 1, 2, 2, 2], dtype=torch.int32)   # compact graph ids
x, gx = torch.randn(8, 8), torch.randn(3, 4)
y = m(x, batch, gx)
ref = m(x, batch.long(), gx)
torch.testing.assert_close(y, ref)
""", "The batch vector is int32 while the package reads int64 graph ids; without input checks the "
       "kernel reads pairs of int32 ids as one int64 id, which falls past the graph count.",
       "Pass batch.long() (the exported dtype), and run with AOTI_RUNTIME_CHECK_INPUTS=1 while "
       "integrating.",
       needs=("r",), match=r"out of bounds")


def case_16():
    return _c("case_16", "virtual-node-edges", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
n = 6
x = torch.randn(n, 8)
ei = torch.tensor([[0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 0]])
# the training collate function also linked every node to a virtual node with id n; serving
# reuses it for the edges but does not append the virtual node's feature row
virt = torch.stack([torch.arange(n), torch.full((n,), n)])
y = m(x, torch.cat([ei, virt, virt.flip(0)], 1))
""", "The edges link every node to a virtual node with id n, but x has no row for it, so the "
       "gather/index_add index n is out of range for n nodes.",
       "Append the virtual node's feature row to x (n + 1 rows) or drop the virtual-node edges.",
       needs=("r",), match=r"out of bounds|out of range")


def case_17():
    return _c("case_17", "batched-graphs-first-x", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
g1 = (torch.randn(4, 8), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
g2 = (torch.randn(3, 8), torch.tensor([[0, 1, 2], [1, 2, 0]]))
ei = torch.cat([g1[1], g2[1] + g1[0].shape[0]], 1)     # second graph's ids offset by 4
x = g1[0]                                              # bug: the second graph's rows are missing
y = m(x, ei)
""", "Two graphs are batched into one edge list (the second offset by 4) but only the first "
       "graph's node features are passed, so node ids 4..6 are out of range.",
       "Concatenate the node features too (torch.cat([g1_x, g2_x])) when batching graphs.",
       needs=("r",), match=r"out of bounds|out of range")


def case_18():
    return _c("case_18", "graph-id-past-graph-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
batch = torch.tensor([0, 0, 1, 1, 2, 2, 3, 3])     # four graphs in the batch
gx = torch.randn(3, 4)                              # per-graph features for only three
y = m(torch.randn(8, 8), batch, gx)
""", "The batch vector names four graphs but graph_x has rows for three, so pooling into graph "
       "id 3 is out of range.",
       "Send one graph_x row per graph in the batch (batch.max() + 1 rows).",
       needs=("r",), match=r"out of bounds|out of range")


def case_19():
    return _c("case_19", "batch-vector-one-short", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
x = torch.randn(9, 8)
batch = torch.tensor([0, 0, 0, 1, 1, 1, 2, 2])     # built before the last node was appended
y = m(x, batch, torch.randn(3, 4))
""", "The batch vector has 8 entries for 9 nodes; the package was exported with one Dim for "
       "both, and the input check rejects the mismatch.",
       "Rebuild the batch vector from the final node list so it has one entry per node.",
       env=CHECK, needs=("r",), match=r"unmatched|expected")


def case_20():
    return _c("case_20", "empty-edge-list", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
ei = torch.empty(2, 0, dtype=torch.long)    # a new user with no connections yet
y = m(torch.randn(3, 8), ei)
""", "The request has no edges, but the package's edge Dim was declared with min=2, so the "
       "input check rejects an edge count of 0.",
       "Declare the edge Dim with min=0 (export guards for it) or route edgeless graphs to a "
       "path without message passing.",
       env=CHECK, needs=("r",), match=r"too small|dim value")


def case_21():
    return _c("case_21", "edge-list-transposed-view", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{gcn40}")
pairs = np.array([[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 2], [2, 4]])  # (E, 2) from the CSV
ei = torch.from_numpy(pairs).t()          # (2, E), but a transposed view
x = torch.randn(5, 8)
y = m(x, ei)
torch.testing.assert_close(y, m(x, ei.contiguous()))
""", "The edge list is a transposed view (strides (1, 2)) of an (E, 2) array; the package assumes "
       "the exported contiguous layout, so it reads the wrong ids.",
       "Call .contiguous() on edge_index before the call (or enable AOTI_RUNTIME_CHECK_INPUTS=1 "
       "to catch it).",
       needs=("r",), match=r"Mismatched|not close|out of bounds")


def case_22():
    return _c("case_22", "edge-type-row", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
ei = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0], [0, 1, 0, 1, 1]])  # src, dst, relation type
y = m(torch.randn(5, 8), ei)
""", "The service sends edge_index with a third row of relation types; the package was exported "
       "for a (2, E) edge_index.",
       "Send edge_index[:2] (and the relation types as their own input if the model uses them).",
       env=CHECK, needs=("r",), match=r"unmatched|expected")


def case_23():
    return _c("case_23", "json-edge-list", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{gcn40}")
req = json.loads('{"x": [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.2, 0.1, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.3, 0.1, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8]], "edges": [[0, 1, 2], [1, 2, 0]]}')
y = m(torch.tensor(req["x"]), req["edges"])     # the edge list left as parsed JSON
""", "edge_index is passed as the nested Python list parsed from JSON instead of a tensor; the "
       "package only takes the exported tensor inputs.",
       "Convert with torch.tensor(req['edges'], dtype=torch.long) before the call.",
       needs=("r",), match=r"inputs vector size")


def case_24():
    return _c("case_24", "edge-weight-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{edge40}")
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
x, ea = torch.randn(5, 8), torch.randn(6, 4)
w = torch.from_numpy(np.array([0.5, 1.0, 0.25, 0.75, 1.0, 0.5]))   # NumPy's default float64
y = m(x, ei, ea, w)
torch.testing.assert_close(y, m(x, ei, ea, w.float()))
""", "The edge weights come from NumPy as float64 while the package was exported for float32; "
       "without input checks the kernel reads the float64 bytes as float32 and the output is wrong.",
       "Cast the weights to float32 (w.float()) before the call, and use "
       "AOTI_RUNTIME_CHECK_INPUTS=1 while integrating.",
       needs=("r",), match=r"Mismatched|not close")


def case_25():
    return _c("case_25", "edge-attr-half", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{edge40}")
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ea = torch.randn(6, 4).half()        # edge features stored compactly in fp16
y = m(torch.randn(5, 8), ei, ea, torch.rand(6))
""", "The edge features are float16 (the feature store's compact format), but the package was "
       "exported for float32 edge_attr; the input check rejects the dtype.",
       "Cast edge_attr to float32 before the call (or export with float16 edge features).",
       env=CHECK, needs=("r",), match=r"dtype|unmatched")


def case_26():
    return _c("case_26", "request-key-renamed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
request = {"x": torch.randn(6, 8), "batch": torch.tensor([0, 0, 1, 1, 2, 2]),
           "graph_attr": torch.randn(3, 4)}        # the service's name for the graph features
y = m(**request)
""", "The request dict is splatted as keywords, but the service calls the per-graph features "
       "graph_attr while the package was exported with the argument name graph_x.",
       "Map the request keys to the exported argument names (graph_x=...) or call positionally.",
       needs=("r",), match=r"kwarg|keyword|mismatch")


def case_27():
    return _c("case_27", "edge-count-off-by-one", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{edge40}")
ei = torch.tensor([[0, 1, 2, 3, 4, 0, 1], [1, 2, 3, 4, 0, 2, 3]])   # 7 edges after adding 1->3
ea = torch.randn(6, 4)                                            # features for the first 6
y = m(torch.randn(5, 8), ei, ea, torch.rand(7))
""", "An edge was appended to edge_index and edge_weight but not to edge_attr, so the edge "
       "counts disagree (7 vs 6) for inputs exported with one edge Dim.",
       "Append the new edge's features too (one edge_attr row per edge).",
       env=CHECK, needs=("r",), match=r"unmatched|expected")


def case_28():
    return _c("case_28", "negative-padding-edges", "numerical", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
x = torch.randn(5, 8)
ei = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]])
pad = torch.full((2, 3), -1)                  # padded to a fixed edge bucket with -1
y = m(x, torch.cat([ei, pad], 1))
torch.testing.assert_close(y, m(x, ei))       # padding was meant to be ignored
""", "The edge list is padded with -1 to a fixed bucket size; negative ids wrap to the last "
       "node, so the padding edges send node 4's message to itself and change its output.",
       "Do not pad edge_index (the edge Dim is dynamic), or pad with a masked weight of 0.",
       needs=("r",), match=r"Mismatched|not close")


def case_29():
    return _c("case_29", "x-one-row-short", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
nodes = torch.randn(6, 8)
ei = torch.tensor([[0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 0]])
y = m(nodes[1:], ei)        # the header row (node 0) was stripped from the features twice
""", "The feature matrix lost a row (5 rows) while the edges still use ids 0..5, so id 5 is out "
       "of range.",
       "Keep x and edge_index built from the same node list (assert edge_index.max() < len(x)).",
       needs=("r",), match=r"out of bounds|out of range")


def case_30():
    return _c("case_30", "legacy-aot-load-gnn", "deprecated_api", "load", """
m = torch._export.aot_load("{gcn40}", "cpu")      # the old loader, given the new .pt2 package
y = m(torch.randn(5, 8), torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]]))
""", "The service loads a .pt2 package with the legacy torch._export.aot_load, which expects a "
       "bare .so from aot_compile.",
       "Load .pt2 packages with torch._inductor.aoti_load_package.",
       needs=("r",), match=r".")


def case_31():
    return _c("case_31", "edge-index-float-from-tensor-json", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
ei = torch.tensor([[0., 1., 2., 3.], [1., 2., 3., 0.]])   # ids decoded together with the features
y = m(torch.randn(4, 8), ei)
""", "edge_index arrives as float (decoded from the same float array as the features); the "
       "package was exported for int64 ids and the input check rejects it.",
       "Convert the ids with .long() before the call.",
       env=CHECK, needs=("r",), match=r"dtype|unmatched")


def case_32():
    return _c("case_32", "graph-features-1d", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
gx = torch.randn(4)                          # one graph: its features sent as a flat vector
y = m(torch.randn(5, 8), torch.zeros(5, dtype=torch.long), gx)
""", "A single graph's features are sent as a 1-D vector instead of a (1, 4) row, so the input "
       "rank differs from the exported (G, 4).",
       "Send graph_x as a 2-D (G, 4) tensor (gx.unsqueeze(0)); note G=1 is also below the "
       "exported minimum of 2.",
       env=CHECK, needs=("r",), match=r".")


def case_33():
    return _c("case_33", "too-many-graphs", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
G = 300                                            # a nightly batch job sends 300 molecules
batch = torch.arange(G).repeat_interleave(3)
y = m(torch.randn(3 * G, 8), batch, torch.randn(G, 4))
""", "300 graphs are batched in one call, but the package's graph Dim was exported with max=256; "
       "the input check rejects the size.",
       "Split the job into batches of at most 256 graphs, or re-export with a larger max.",
       env=CHECK, needs=("r",), match=r"too large|dim value")


def case_34():
    return _c("case_34", "python-loop-over-edges", "export_failure", "export", """
from torch.export import Dim
class LoopConv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        h = self.lin(x)
        out = torch.zeros_like(h)
        for s, d in edge_index.t():                 # the textbook message-passing loop
            out[d] += h[s]
        return out
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(LoopConv(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
""", "forward loops over the edges in Python and accumulates with out[d] += h[s], indexing by "
       "0-dim id tensors; torch.export cannot trace the per-edge indexing (an unbacked symbol "
       "escapes the traced op).",
       "Vectorise the loop: torch.zeros_like(h).index_add(0, edge_index[1], h[edge_index[0]]).",
       match=r"PendingUnbackedSymbolNotFound")


def case_35():
    return _c("case_35", "degree-by-histc", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DegNorm(torch.nn.Module):
    def forward(self, x, edge_index):
        n = x.shape[0]
        deg = torch.histc(edge_index[1].float(), bins=n, min=0, max=n - 1)   # in-degree
        return x / deg.clamp(min=1).unsqueeze(-1)
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(DegNorm(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The in-degree is counted with torch.histc(bins=n) over the dynamic node count; histc takes "
       "bins as a Python int, so export specialises n to the example's 5.",
       "Count degrees with torch.zeros(n).index_add(0, dst, torch.ones(e)) (or scatter_add), "
       "which keeps n symbolic.",
       match=r"Constraints violated|specializ")


def case_36():
    return _c("case_36", "scatter-mean-include-self-off", "torch_bug", "compile", """
from torch.export import Dim
class MeanConv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x, edge_index):
        h = self.lin(x)
        idx = edge_index[1].unsqueeze(-1).expand(-1, 8)
        return torch.zeros_like(h).scatter_reduce(0, idx, h[edge_index[0]], "mean",
                                                  include_self=False)
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
ep = torch.export.export(MeanConv(), (torch.randn(5, 8), ei),
                         dynamic_shapes={"x": {0: Dim("n")}, "edge_index": {1: Dim("e")}})
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
x, ei2 = torch.randn(7, 8), torch.tensor([[0, 1, 2, 3, 4, 5, 6, 0], [1, 2, 3, 4, 5, 6, 0, 3]])
torch.testing.assert_close(m(x, ei2), ep.module()(x, ei2))
""", "Mean aggregation with scatter_reduce('mean', include_self=False) over dynamic node and edge "
       "counts fails or diverges from eager in Inductor/AOTI.",
       "Aggregate with index_add and divide by the in-degree; report upstream.",
       match=r".")


def case_37():
    return _c("case_37", "edge-attr-column-slice", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{edge40}")
ei = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
table = torch.randn(6, 10)                  # the edge store keeps 10 columns per edge
ea = table[:, :4]                           # the model uses the first four (a strided view)
x, w = torch.randn(5, 8), torch.rand(6)
torch.testing.assert_close(m(x, ei, ea, w), m(x, ei, ea.contiguous(), w))
""", "edge_attr is a column slice of a wider edge table (row stride 10, not 4); the package "
       "assumes the exported contiguous layout and reads the wrong features.",
       "Pass ea.contiguous() (or enable AOTI_RUNTIME_CHECK_INPUTS=1 to catch the stride).",
       needs=("r",), match=r"Mismatched|not close")


def case_38():
    return _c("case_38", "batch-none-single-graph", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pool40}")
y = m(torch.randn(5, 8), None, torch.randn(1, 4))   # PyG convention: batch=None means one graph
""", "The caller passes batch=None for a single graph, as PyG models allow, but the package was "
       "exported with a batch tensor and takes only tensors.",
       "Pass torch.zeros(n, dtype=torch.long) as the batch vector for a single graph.",
       needs=("r",), match=r".")


def case_39():
    return _c("case_39", "padded-graph-batch-3d", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gcn40}")
x = torch.randn(4, 6, 8)                      # 4 graphs padded to 6 nodes, stacked densely
ei = torch.tensor([[0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 0]])
y = m(x, ei)
""", "Several graphs are sent densely stacked as (B, N, 8) instead of the flattened (sum N, 8) "
       "node matrix the package was exported for.",
       "Flatten the batch (x.reshape(-1, 8)) and offset each graph's edge ids by its node "
       "offset, as in PyG-style batching.",
       env=CHECK, needs=("r",), match=r"unmatched|expected|dimension")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_08, case_09, case_11,
         case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_26, case_27, case_28, case_29, case_33,
         case_34, case_35, case_38]
# Failed in the trial but left out: case_06 (sparse.softmax edge attention: after the first
# trial's sparse.mm tail was replaced by to_dense() @ x, it failed with the same "Constraints
# violated (n)" specialisation of the node count by torch.sparse_coo_tensor as case_09; as first
# written it gave case_04's UnsupportedOperatorException for aten._sparse_addmm), case_25
# (float16 edge_attr with input checks: the same unmatched-dtype check as case_14), case_30
# (the legacy torch._export.aot_load given the .pt2: a repeat of live_blind34 case_24, found by
# grep after the trial), case_31 (float edge ids with input checks: the same unmatched-dtype check
# as case_14), case_32 (1-D per-graph features: the missing-batch-axis trigger of live_blind27
# case_06), case_39 (graphs stacked densely as (B, N, 8) with input checks: a rank check like
# case_22's); case_25, case_31 and case_39 were also left out to keep input_mismatch near a third.
DROPPED = [case_06, case_25, case_30, case_31, case_32, case_39]
# Tried on torch 2.13.0+cpu in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_10 (remove_self_loops with a boolean edge mask then
# add_self_loops and symmetric degree normalisation over dynamic nodes/edges: exported, compiled
# and ran on a new graph), case_36 (scatter_reduce 'mean' with include_self=False over dynamic
# nodes/edges: matched ep.module()), case_37 (edge_attr passed as a column slice of a wider
# edge table, row stride 10: matched the contiguous call).
TRIED = [case_10, case_36, case_37]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind40.jsonl",
        url_file="benchmarks/live_blind40.py", id_prefix="live40", stems=STEMS,
        scratch_prefix="live_blind40-", description=__doc__.splitlines()[0]))
