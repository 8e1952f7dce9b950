"""A thirty-third blind set of REAL AOTInductor failures (recommendation and embedding-heavy models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind33.py [--out benchmarks/live_blind33.jsonl] [--keep]

Theme: recommendation and embedding-heavy models (nn.Embedding / nn.EmbeddingBag with offsets,
per_sample_weights, padding_idx and the sum/mean modes, id ranges that grow after export,
jagged features as ids + offsets or padded histories, dense + sparse interaction layers, large
tables and their memory, tables shared between towers, two-tower retrieval with one package
per tower, feature dicts as inputs, int32 vs int64 and float ids, and the export / compile /
load / run of such models). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind31.py (their TRIED
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
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class ItemBag(torch.nn.Module):
    # a pooled sparse feature: 100 item ids, a flat id list with bag offsets
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(100, 8, mode="sum")
    def forward(self, ids, offsets):
        return self.bag(ids, offsets)

class WeightedBag(torch.nn.Module):
    # the same feature with per-id weights (e.g. dwell time)
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(100, 8, mode="sum")
    def forward(self, ids, offsets, weights):
        return self.bag(ids, offsets, per_sample_weights=weights)

class UserTower(torch.nn.Module):
    # 1000 known users, a static serving batch of 4
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 16)
        self.proj = torch.nn.Linear(16, 16)
    def forward(self, ids):
        return torch.nn.functional.normalize(self.proj(self.emb(ids)), dim=-1)

class FeatureDict(torch.nn.Module):
    # the request is a feature dictionary {"user": ids, "item": ids}
    def __init__(self):
        super().__init__()
        self.user = torch.nn.Embedding(1000, 16)
        self.item = torch.nn.Embedding(500, 16)
    def forward(self, feats):
        return (self.user(feats["user"]) * self.item(feats["item"])).sum(-1)

n, b = Dim("n_ids", min=2, max=4096), Dim("n_bags", min=2, max=512)
build("bag33", ItemBag(), (torch.tensor([1, 2, 4, 5, 4, 3]), torch.tensor([0, 2, 4])),
      dynamic_shapes=({0: n}, {0: b}))
build("wbag33", WeightedBag(), (torch.tensor([1, 2, 4, 5, 4, 3]), torch.tensor([0, 2, 4]),
      torch.rand(6)), dynamic_shapes=({0: n}, {0: b}, {0: n}))
build("user33", UserTower(), (torch.tensor([1, 7, 42, 999]),))
build("feat33", FeatureDict(), ({"user": torch.tensor([1, 2, 3, 4]), "item": torch.tensor([5, 6, 7, 8])},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Interaction(torch.nn.Module):
    # DLRM-style: dense MLP + F sparse embeddings, pairwise dot-product interaction
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 16)
        self.mlp = torch.nn.Linear(13, 16)
    def forward(self, dense, ids):
        e = torch.cat([self.mlp(dense).unsqueeze(1), self.emb(ids)], 1)
        z = torch.bmm(e, e.transpose(1, 2))
        return z.flatten(1).sum(1)

class ItemTower(torch.nn.Module):
    # 500 catalog items, a static batch of 8
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(500, 32)
        self.proj = torch.nn.Linear(32, 16)
    def forward(self, ids):
        return self.proj(self.emb(ids))

class History(torch.nn.Module):
    # padded watch history (pad id 0), mean over the valid positions
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 16, padding_idx=0)
    def forward(self, hist):
        e = self.emb(hist)
        cnt = (hist != 0).sum(1, keepdim=True).clamp(min=1)
        return e.sum(1) / cnt

class Shared(torch.nn.Module):
    # one id table shared by the query tower and the candidate tower
    def __init__(self):
        super().__init__()
        table = torch.nn.Embedding(300, 8)
        self.query = torch.nn.Sequential(table, torch.nn.Linear(8, 8))
        self.cand = torch.nn.Sequential(table, torch.nn.Linear(8, 8))
    def forward(self, q, c):
        return (self.query(q) * self.cand(c)).sum(-1)

bb, ff = Dim("batch", min=2, max=1_000_000), Dim("fields", min=2, max=1024)
build("dlrm33", Interaction(), (torch.randn(4, 13), torch.randint(0, 1000, (4, 6))),
      dynamic_shapes=({0: bb}, {0: bb, 1: ff}))
build("item33", ItemTower(), (torch.randint(0, 500, (8,)),))
build("hist33", History(), (torch.randint(0, 1000, (4, 10)),),
      dynamic_shapes=({0: Dim("users", min=2, max=256), 1: Dim("hist_len", min=1, max=64)},))
build("tied33", Shared(), (torch.randint(0, 300, (4,)), torch.randint(0, 300, (4,))))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"bag33", "wbag33", "user33", "feat33", "dlrm33", "item33", "hist33", "tied33",
         "half33", "big33", "sp33", "bf33", "ol33", "q33", "on33"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------- export and compile
def case_01():
    return _c("case_01", "vocab-dict-lookup", "export_failure", "export", """
class Tower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = {1001: 0, 2002: 1, 3003: 2}  # raw item id -> row
        self.emb = torch.nn.Embedding(4, 8)
    def forward(self, raw_ids):
        rows = torch.tensor([self.vocab.get(i, 3) for i in raw_ids.tolist()])
        return self.emb(rows)
ep = torch.export.export(Tower(), (torch.tensor([1001, 3003, 7]),))
""", "forward maps raw ids to table rows with a Python dict over raw_ids.tolist(); export cannot "
       "turn the traced (data-dependent) id values into Python ints to look them up.",
       "Do the id -> row mapping in the data pipeline, or in-graph with a sorted id tensor and "
       "torch.searchsorted.",
       match=r"data-dependent|tolist|Could not|unhashable|SymInt")


def case_02():
    return _c("case_02", "id-range-assert", "export_failure", "export", """
class Tower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8)
    def forward(self, ids):
        if (ids >= 100).any():
            raise ValueError("unknown item id")
        return self.emb(ids)
ep = torch.export.export(Tower(), (torch.tensor([3, 7, 9]),))
""", "A Python `if` on (ids >= 100).any() branches on tensor data, which export cannot resolve "
       "while tracing.",
       "Use torch._check / clamp the ids, or map unknown ids to an OOV row with torch.where.",
       match=r"data-dependent|Could not guard")


def case_03():
    return _c("case_03", "weighted-mean-bag", "unsupported", "export", """
class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(100, 8, mode="mean")
    def forward(self, ids, offsets, w):
        return self.bag(ids, offsets, per_sample_weights=w)
ep = torch.export.export(Pool(), (torch.tensor([1, 2, 3, 4]), torch.tensor([0, 2]), torch.rand(4)))
""", "EmbeddingBag supports per_sample_weights only with mode='sum'; a mean-pooled bag with "
       "weights is rejected when the model is traced.",
       "Use mode='sum' and divide by the summed weights per bag, or drop per_sample_weights.",
       match=r"per_sample_weights")


def case_04():
    return _c("case_04", "tables-on-gpu", "device_mismatch", "export", """
class Ranker(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 16, device="cuda")  # copied from the training script
    def forward(self, ids):
        return self.emb(ids).sum(-1)
ep = torch.export.export(Ranker(), (torch.tensor([1, 2, 3]),))
""", "The embedding table is created with device='cuda' on a machine without a GPU, so building "
       "the model for export fails.",
       "Create the tables on the CPU (or use device='meta' and load the weights), or export on a "
       "GPU machine.",
       match=r"CUDA|cuda|NVIDIA|GPU")


def case_05():
    return _c("case_05", "impressions-over-dim-max", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(100, 8, mode="sum")
    def forward(self, ids, offsets):
        return self.bag(ids, offsets)
ids = torch.randint(0, 100, (3000,))            # one day of impressions as the example
offsets = torch.arange(0, 3000, 30)
ep = torch.export.export(Pool(), (ids, offsets),
                         dynamic_shapes=({0: Dim("n", max=2048)}, {0: Dim("b", max=256)}))
""", "The example id list has 3000 entries but the Dim declares max=2048, so the example lies "
       "outside the declared dynamic range.",
       "Raise the Dim's max to cover the example (and the serving traffic) or export with a "
       "smaller example.",
       match=r"Constraints violated|range|max|upper")


def case_06():
    return _c("case_06", "slots-per-user-view", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Slots(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8)
    def forward(self, ids):
        return self.emb(ids.view(-1, 5)).mean(1)   # five recent items per user, flattened
ep = torch.export.export(Slots(), (torch.randint(0, 100, (20,)),),
                         dynamic_shapes=({0: Dim("n", min=5, max=5000)},))
""", "The flat id list is reshaped to (-1, 5), which only works when its length is a multiple "
       "of 5, but the Dim allows any length.",
       "Declare the length as 5 * Dim('users') (a derived Dim), or pass ids already shaped "
       "(users, 5).",
       match=r"Constraints violated|divisible|Mod")


def case_07():
    return _c("case_07", "fp16-table-bag-sum", "numerical", "run", """
class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(50, 8)
        torch.nn.init.normal_(self.emb.weight, mean=60.0, std=1.0)  # untuned popular-item rows
    def forward(self, ids):
        return self.emb(ids).sum(1)
m32 = Pool()
m16 = Pool().half()
m16.load_state_dict({k: v.half() for k, v in m32.state_dict().items()})
hist = torch.randint(0, 50, (2, 2000))          # long histories, summed
ep = torch.export.export(m16, (hist,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/half33.pt2")
y = torch._inductor.aoti_load_package(pkg)(hist)
assert torch.isfinite(y).all(), y
""", "The table was cast to float16 to halve its memory; summing 2000 rows of ~60 exceeds the "
       "float16 maximum (65504), so the pooled vector overflows to inf.",
       "Keep the pooling accumulation in float32 (cast the looked-up rows to float before sum) or "
       "use mean pooling.",
       match=r"AssertionError")


def case_08():
    return _c("case_08", "big-table-capped", "out_of_memory", "compile", """
import resource
class Big(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(2_000_000, 32)  # 256 MB table
    def forward(self, ids):
        return self.emb(ids).sum(-1)
m = Big()
ep = torch.export.export(m, (torch.tensor([1, 2, 3]),))
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 200 * 2**20, vm + 200 * 2**20))  # container limit
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/big33.pt2")
""", "Packaging copies the 256 MB table into the compiled artefact, which does not fit in the "
       "200 MB of address space left under the process limit.",
       "Give the compile more memory, or build with package_constants_in_so=False and load the "
       "table from disk / shard the table.",
       match=r"MemoryError|Cannot allocate|can't allocate|out of memory|bad_alloc|mmap|ENOMEM|Errno 12")


def case_09():
    return _c("case_09", "sparse-grad-table", "unsupported", "compile", """
class Tower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8, sparse=True)   # trained with SparseAdam
    def forward(self, ids):
        return self.emb(ids).sum(-1)
m = Tower()
ep = torch.export.export(m, (torch.tensor([1, 2, 3]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sp33.pt2")
out = torch._inductor.aoti_load_package(pkg)(torch.tensor([1, 2, 3]))
out.sum().backward()            # fine-tune the table through the package
""", "The package's outputs carry no autograd graph: the sparse-gradient table cannot be "
       "fine-tuned through a loaded AOTI model.",
       "Train in eager (or torch.compile) and export the trained table; AOTI packages are for "
       "inference only.",
       match=r"grad")


# ---------------------------------------------------------------- run time, shared packages
def case_10():
    return _c("case_10", "new-items-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{bag33}")
ids = torch.tensor([3, 17, 99, 104, 130])   # items 100+ were added to the catalog last week
offsets = torch.tensor([0, 3])
y = m(ids, offsets)
""", "The catalog grew after export: ids 104 and 130 are beyond the 100-row bag table compiled "
       "into the package.",
       "Re-export with the larger table (leave headroom rows) or map unseen ids to an OOV row "
       "before calling.",
       needs=("r",), match=r"out of (bounds|range)|index")


def case_11():
    return _c("case_11", "lengths-as-offsets", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bag33}")
ids = torch.tensor([1, 2, 4, 5, 4, 3, 8])
lengths = torch.tensor([2, 3, 2])           # the feature store ships lengths per user
y = m(ids, lengths)
""", "Per-bag lengths are passed where the bag expects offsets (their exclusive cumsum); the "
       "first offset is not 0.",
       "Convert with offsets = torch.cat([lengths.new_zeros(1), lengths.cumsum(0)[:-1]]).",
       needs=("r",), match=r"offsets")


def case_12():
    return _c("case_12", "int32-ids-int64-offsets", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{bag33}")
ids = torch.from_numpy(np.array([1, 2, 4, 5, 4, 3], dtype=np.int32))  # parquet column is int32
offsets = torch.tensor([0, 2, 4])
y = m(ids, offsets)
""", "The ids arrive as int32 (from an int32 parquet column) while offsets are int64 and the "
       "package was compiled for int64 ids.",
       "Cast ids with .long() (the dtype used at export) before calling.",
       needs=("r",), match=r"dtype|type|Int|Long")


def case_13():
    return _c("case_13", "padded-ids-with-offsets", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bag33}")
ids = torch.tensor([[1, 2, 0], [4, 5, 6]])    # the padded 2-D batch from the other feature
offsets = torch.tensor([0, 3])
y = m(ids, offsets)
""", "A padded 2-D id batch is passed to the package that takes a flat 1-D id list with "
       "offsets.",
       "Flatten the valid ids (ids[mask]) and build offsets from the lengths, or export a "
       "second package for the 2-D layout.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dim|rank|size|stride")


def case_14():
    return _c("case_14", "heavy-user-history", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{bag33}")
ids = torch.randint(0, 100, (6000,))         # a crawler account with 6000 clicks
offsets = torch.tensor([0, 10, 5990])
y = m(ids, offsets)
""", "The id list has 6000 entries, above the max=4096 declared for n_ids at export; the input "
       "check under AOTI_RUNTIME_CHECK_INPUTS=1 rejects it.",
       "Truncate histories to the exported maximum, or re-export with a larger Dim max.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large|<=")


def case_15():
    return _c("case_15", "weights-per-bag", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{wbag33}")
ids = torch.tensor([1, 2, 4, 5, 4, 3])
offsets = torch.tensor([0, 2, 4])
w = torch.tensor([0.5, 1.0, 2.0])            # one weight per bag instead of one per id
y = m(ids, offsets, w)
""", "per_sample_weights must have one weight per id, but one weight per bag is passed.",
       "Repeat the bag weight per id (repeat_interleave with the lengths) or fold it into the "
       "output.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"size|shape|weights|dim")


def case_16():
    return _c("case_16", "float64-dwell-weights", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{wbag33}")
ids = torch.tensor([1, 2, 4, 5, 4, 3])
offsets = torch.tensor([0, 2, 4])
w = torch.from_numpy(np.array([3.0, 1.5, 2.0, 0.5, 1.0, 4.0]))  # dwell seconds from numpy: float64
y = m(ids, offsets, w)
""", "The per-id weights come from NumPy as float64 while the table and package are float32.",
       "Cast the weights with .float() before calling.",
       needs=("r",), match=r"dtype|Double|Float|type")


def case_17():
    return _c("case_17", "new-user-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{user33}")
ids = torch.tensor([12, 998, 1000, 1503])    # users who signed up after the export
y = m(ids)
""", "User ids 1000 and 1503 belong to users created after export, beyond the 1000-row user "
       "table compiled into the package.",
       "Hash/map new users to a cold-start row, or re-export with the grown table.",
       needs=("r",), match=r"out of bounds|index")


def case_18():
    return _c("case_18", "pandas-float-ids", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{user33}")
col = np.array([12.0, 998.0, 5.0, 77.0])     # a pandas column with NaNs upcast to float64
y = m(torch.from_numpy(col))
""", "User ids arrive as float64 (a pandas column upcast by missing values) while the package "
       "indexes its table with int64 ids.",
       "Fill missing ids and cast the column to int64 before building the tensor.",
       needs=("r",), match=r"index|dtype|Long|Double|out of bounds|type")


def case_19():
    return _c("case_19", "feature-missing-key", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{feat33}")
feats = {"user": torch.tensor([1, 2, 3, 4])}  # the item feature was dropped upstream
y = m(feats)
""", "The request's feature dict lacks the 'item' key that the exported input spec contains.",
       "Send every feature of the exported spec (fill missing features with a default id).",
       needs=("r",), match=r"item|key|spec|Tree|inputs vector")


def case_20():
    return _c("case_20", "feature-renamed-key", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{feat33}")
feats = {"user_id": torch.tensor([1, 2, 3, 4]), "item_id": torch.tensor([5, 6, 7, 8])}
y = m(feats)
""", "The feature store renamed the keys to 'user_id'/'item_id'; the exported spec expects "
       "'user' and 'item'.",
       "Map the request keys to the exported names (or re-export with the new names).",
       needs=("r",), match=r"user|key|spec|Tree")


def case_21():
    return _c("case_21", "feature-lists", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{feat33}")
feats = {"user": [1, 2, 3, 4], "item": [5, 6, 7, 8]}   # straight from the JSON request
y = m(feats)
""", "The feature values are Python lists from the JSON request, not tensors; the package's "
       "input spec expects tensor leaves.",
       "Build tensors with torch.tensor(v) for each feature before the call.",
       needs=("r",), match=r"spec|Tree|list|Tensor|inputs")


def case_22():
    return _c("case_22", "catalog-interaction", "out_of_memory", "run", """
m = torch._inductor.aoti_load_package("{dlrm33}")
dense = torch.randn(400_000, 13)             # re-score the whole catalog in one call
ids = torch.randint(0, 1000, (400_000, 200))  # with all 200 sparse fields
y = m(dense, ids)
""", "The pairwise interaction materialises a (400000, 201, 201) float tensor (~65 GB), far "
       "above the machine's memory.",
       "Score the catalog in chunks (e.g. 4096 rows per call).",
       needs=("s",), match=r"allocate|memory|MemoryError")


def case_23():
    return _c("case_23", "user-ids-to-item-tower", "input_mismatch", "run", """
user_tower = torch._inductor.aoti_load_package("{item33}")   # paths swapped in the config
user_ids = torch.tensor([3, 640, 999, 12, 7, 850, 1, 2])
q = user_tower(user_ids)
""", "The retrieval service loads the item-tower package in place of the user tower (swapped "
       "paths), so user ids up to 999 index the 500-row item table.",
       "Load each tower from its own path (check the package's metadata/input names at start-up).",
       needs=("s",), match=r"out of bounds|index")


def case_24():
    return _c("case_24", "history-pad-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{hist33}")
hist = torch.tensor([[5, 9, 3, -1], [7, -1, -1, -1]])   # the new pipeline pads with -1
y = m(hist)
""", "The histories are padded with -1 instead of the table's padding_idx 0, and -1 is not a "
       "valid row of the table.",
       "Pad with 0 (the padding_idx the model was trained with).",
       needs=("s",), match=r"out of bounds|index")


def case_25():
    return _c("case_25", "cold-start-no-history", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hist33}")
hist = torch.zeros(3, 0, dtype=torch.long)    # three brand-new users: empty histories
y = m(hist)
""", "A batch of users without history has a history length of 0, below the Dim min=1 "
       "declared at export; the input check rejects it.",
       "Give cold-start users one padding item (length 1), or export with min=0.",
       needs=("s",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too small|>=")


def case_26():
    return _c("case_26", "grown-table-refresh", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{user33}")
name = [n for n in m.get_constant_fqns() if "emb" in n][0]
fresh = torch.randn(1200, 16)                # retrained table: 200 new users appended
m.load_constants({name: fresh}, check_full_update=False)
y = m(torch.tensor([1, 2, 3, 1100]))
""", "A retrained table with 1200 rows is loaded into the package's 1000-row constant; the "
       "compiled kernels keep the old size and the process dies with a segmentation fault.",
       "Re-export when the table grows (row count is baked into the package), or keep spare "
       "rows and only update values.",
       needs=("r",), expect="crash", match=r"Segmentation fault|size|shape|out of bounds")


def case_27():
    return _c("case_27", "tied-table-state-dict", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{tied33}")
table = torch.randn(300, 8)
sd = {"query.0.weight": table, "cand.0.weight": table,          # the trainer's state_dict
      "query.1.weight": torch.randn(8, 8), "query.1.bias": torch.randn(8),
      "cand.1.weight": torch.randn(8, 8), "cand.1.bias": torch.randn(8)}
m.load_constants(sd, check_full_update=True)
""", "The refresh is built from the trainer's state_dict, whose keys (the shared table under "
       "both towers) do not match the constant names of the package, where the tied table is "
       "stored once, so a key names a constant the package does not hold.",
       "Load the package's own constant names (get_constant_fqns) and drop the tied alias.",
       needs=("s",), match=r"constant|not found|key|name")


def case_28():
    return _c("case_28", "int32-history", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hist33}")
hist = torch.tensor([[5, 9, 3, 0], [7, 0, 0, 0]], dtype=torch.int32)
y = m(hist)
ref = torch.zeros(2, 16)
assert y.shape == (2, 16) and torch.isfinite(y).all()
""", "The padded histories are int32 while the package was compiled for int64; the kernel reads "
       "pairs of int32 values as one int64 id.",
       "Cast the histories with .long() before calling.",
       needs=("s",), match=r"out of bounds|index|AssertionError")


def case_29():
    return _c("case_29", "fields-transposed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dlrm33}")
dense = torch.randn(8, 13)
ids = torch.randint(0, 1000, (6, 8))          # (fields, batch) from a column store
y = m(dense, ids)
""", "The sparse ids are laid out (fields, batch) instead of (batch, fields), so the batch "
       "dimension of the two inputs disagrees.",
       "Transpose the ids to (batch, fields) (ids.t().contiguous()).",
       needs=("s",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"size|dim|expected")


def case_30():
    return _c("case_30", "ids-moved-to-gpu", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{user33}")
ids = torch.tensor([1, 7, 42, 999]).cuda()   # the serving code from the GPU fleet
y = m(ids)
""", "The serving code moves the id batch to CUDA on a CPU-only host (and for a CPU package).",
       "Keep the inputs on the device the package was compiled for (CPU here).",
       needs=("r",), match=r"CUDA|cuda|NVIDIA|GPU")


def case_31():
    return _c("case_31", "bf16-retrieval-topk", "numerical", "run", """
torch.manual_seed(0)
class Scorer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.items = torch.nn.Embedding(2000, 64)
    def forward(self, q):
        return q @ self.items.weight.t()
m = Scorer().eval()
q = torch.randn(4, 64)
ref = m(q).topk(50).indices
mb = Scorer().eval().to(torch.bfloat16)
mb.load_state_dict({k: v.bfloat16() for k, v in m.state_dict().items()})
ep = torch.export.export(mb, (q.bfloat16(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bf33.pt2")
got = torch._inductor.aoti_load_package(pkg)(q.bfloat16()).topk(50).indices
assert torch.equal(got, ref), (got != ref).sum()
""", "The retrieval scorer was cast to bfloat16; its 8-bit mantissa reorders close scores, so the "
       "top-50 items differ from the float32 model.",
       "Score in float32 (keep the item table float32, or upcast before the matmul), or compare "
       "recall instead of exact order.",
       match=r"AssertionError")


def case_32():
    return _c("case_32", "offsets-as-list", "input_mismatch", "run", """
class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(100, 8, mode="sum")
    def forward(self, ids, offsets: list):
        return self.bag(ids, torch.tensor(offsets))
ep = torch.export.export(Pool(), (torch.tensor([1, 2, 4, 5, 4, 3]), [0, 2, 4]))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ol33.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1, 2, 4, 5, 4, 3]), [0, 1, 3])   # the next request's bags
ref = Pool.forward(Pool(), torch.tensor([1, 2, 4, 5, 4, 3]), [0, 1, 3])
assert y.shape == (3, 8)
""", "The offsets were passed as a Python list, so export baked the example's list [0, 2, 4] "
       "into the program as constants; a request with other offsets does not match the "
       "package's input spec.",
       "Pass offsets as a tensor (with a dynamic Dim) at export and at serving time.",
       match=r"[Ee]xpected|constant|spec|input|AssertionError")


def case_33():
    return _c("case_33", "offset-past-ids", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bag33}")
ids = torch.tensor([1, 2, 4, 5, 4, 3])
offsets = torch.tensor([0, 2, 40])            # offsets of the full day, ids of one shard
y = m(ids, offsets)
""", "The offsets were computed for the unsharded id list; the last offset (40) points past the "
       "6 ids actually sent.",
       "Rebase the offsets for the shard (offsets - offsets[0], clipped to len(ids)).",
       needs=("r",), match=r"offset|bound|range")


def case_34():
    return _c("case_34", "int8-rowwise-tables", "unsupported", "export", """
import torch.ao.quantization as tq
class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(1000, 16, mode="sum")
    def forward(self, ids, offsets):
        return self.bag(ids, offsets)
m = Pool().eval()
m.bag.qconfig = tq.float_qparams_weight_only_qconfig   # 8-bit rowwise tables, as in DLRM
tq.prepare(m, inplace=True)
tq.convert(m, inplace=True)
ep = torch.export.export(m, (torch.tensor([1, 2, 3, 4]), torch.tensor([0, 2])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/q33.pt2")
""", "The tables were quantised with the eager-mode flow (float_qparams_weight_only_qconfig), "
       "whose quantized EmbeddingBag holds packed-parameter script objects that export/AOTI "
       "cannot lower.",
       "Quantise through the PT2E flow or keep float tables (or write the rowwise dequant as "
       "plain tensor ops).",
       match=r"quantized|packed|ScriptObject|torchbind|EmbeddingPackedParams|not supported|Unsupported")


def case_35():
    return _c("case_35", "online-table-update", "unsupported", "compile", """
class Online(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8)
    def forward(self, ids, grad_rows):
        with torch.no_grad():
            self.emb.weight.index_add_(0, ids, -0.01 * grad_rows)   # online update at serving
        return self.emb(ids).sum(-1)
ep = torch.export.export(Online(), (torch.tensor([1, 2, 3]), torch.randn(3, 8)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/on33.pt2")
m = torch._inductor.aoti_load_package(pkg)
a = m(torch.tensor([1, 2, 3]), torch.ones(3, 8))
b = m(torch.tensor([1, 2, 3]), torch.ones(3, 8))
assert not torch.equal(a, b), "table did not learn"
""", "forward updates the embedding parameter in place (online learning); parameters are "
       "constants of an AOTI program, and the exported parameter mutation comes back as an "
       "extra output that the package's output spec does not hold.",
       "Keep the online table as a buffer updated outside the package (or via load_constants), "
       "not a parameter mutated in forward.",
       match=r"mutat|unflatten|leaves|did not learn")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_10,
         case_11, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28, case_29, case_30,
         case_31, case_33, case_34, case_35]
# Failed in the trial but dropped (kept for reference, not run): case_09 (backward through the
# output of a package built from a sparse=True table: "element 0 of tensors does not require grad
# and does not have a grad_fn"; it failed as labelled, but the trigger, backward on a loaded
# model's output, repeats capture's cpu-grad-of-loaded-output). Fixed after the trial (same
# trigger and label, the regex or expected outcome widened to the text it really gave):
# case_01 ("unhashable type: non-nested SymInt" from the dict lookup), case_13 ("unmatched
# stride value"), case_19 ("expected inputs vector size to be 2, but got 1"), case_26 (killed by
# SIGSEGV, now expect="crash"), case_35 (the mutated parameter returned as an extra output:
# "treespec.unflatten(leaves)"); case_27's state_dict was rewritten before its trial.
DROPPED = [case_09]
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_12 (int32 ids with int64 offsets to the EmbeddingBag
# package: ran), case_20 (the feature dict with renamed keys 'user_id'/'item_id': the package
# flattened the values by position and ran, silently), case_32 (offsets passed as a Python list
# at export and a different list at run time: the package ran and returned 3 bags).
TRIED = [case_12, case_20, case_32]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind33.jsonl",
        url_file="benchmarks/live_blind33.py", id_prefix="live33", stems=STEMS,
        scratch_prefix="live_blind33-", description=__doc__.splitlines()[0]))
