"""A twenty-first blind set of REAL AOTInductor failures (unusual tensors and input/output structures), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (K and L), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind21.py [--out benchmarks/live_blind21.jsonl] [--keep]

Theme: unusual tensors and input/output structures (sparse CSR, nested, complex and named
tensors, DTensor and other tensor subclasses, inference tensors, zero-element and zero-stride
(expanded) tensors, views and aliased inputs, str / float / int / SymInt / dtype arguments and
outputs, namedtuples, dataclasses, custom pytree nodes, nested dicts and lists, kwargs-only
inputs and default arguments), compiled, loaded and called with inputs of another structure. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind19.py (their TRIED lists included). Building the set
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

SETUP_K = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class KwOnly(torch.nn.Module):
    # keyword-only inputs: the call site must name them
    def forward(self, *, x, y):
        return x - y

class Album(torch.nn.Module):
    # a nested batch: a list of images and a dict of metadata tensors
    def forward(self, batch):
        return sum(t.mean(0) for t in batch["imgs"]) * batch["meta"]["scale"]

class Temp(torch.nn.Module):
    def forward(self, logits, t):
        return torch.softmax(logits / t, -1)

class Pool(torch.nn.Module):
    def forward(self, x, mode: str):
        return x.sum(0) if mode == "sum" else x.mean(0)

class Scale(torch.nn.Module):
    def forward(self, x, scale: float = 2.0):
        return x * scale + 1

class Shift(torch.nn.Module):
    def forward(self, x):
        return x * 2 - 1

build("lin21", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
build("kwo21", KwOnly(), (), {"x": torch.randn(2, 3), "y": torch.randn(2, 3)})
build("album21", Album(), ({"imgs": [torch.randn(2, 3), torch.randn(2, 3)],
                            "meta": {"scale": torch.tensor(2.0)}},))
build("temp21", Temp(), (torch.randn(2, 5), torch.tensor(0.7)))
build("pool21", Pool(), (torch.randn(4, 3), "sum"))
build("scale21", Scale(), (torch.randn(4, 3),))  # scale left at its default
build("bcast21", Shift(), (torch.randn(1, 8).expand(4, 8),))  # an expanded (stride-0) example
with open(os.path.join(out, "setup_k.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_L = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Twin(torch.nn.Module):
    def forward(self, x, y):
        x.add_(1)  # updates its first input in place
        return x + y

class Head(torch.nn.Module):
    def forward(self, x, n: int):
        return x[:n] * 2

class Bag(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.e = torch.nn.Embedding(10, 4)
    def forward(self, ids):
        return self.e(ids).sum(1)

class Keep(torch.nn.Module):
    def forward(self, x):
        return x * 2, x.shape[0]

class Extra(torch.nn.Module):
    def forward(self, x, extra):
        return torch.cat([x, extra], 1) * 2

class Inplace(torch.nn.Module):
    def forward(self, x):
        x.mul_(2)  # rescales the request buffer in place
        return x.sum(1)

build("twin21", Twin(), (torch.randn(2, 3), torch.randn(2, 3)))
build("head21", Head(), (torch.randn(8, 3), 4), dynamic_shapes=(None, Dim.DYNAMIC))
build("bag21", Bag(), (torch.randint(0, 10, (3, 5)),))
build("keep21", Keep(), (torch.randn(4, 3),), dynamic_shapes=({0: Dim("b")},))
build("extra21", Extra(), (torch.randn(2, 3), torch.randn(2, 0)))  # no extra features yet
build("inpl21", Inplace(), (torch.randn(4, 4),))
with open(os.path.join(out, "setup_l.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin21", "kwo21", "album21", "temp21", "pool21", "scale21", "bcast21", "twin21",
         "head21", "bag21", "keep21", "extra21", "inpl21", "csr21", "nst21", "dtin21",
         "tp21", "ntup21", "pair21", "sgn21", "chalf21", "maxst21", "feats21"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# --------------------------------------------------------------- unusual layouts and tensors
def case_01():
    return _c("case_01", "csr-adjacency-example", "unsupported", "compile", """
class Propagate(torch.nn.Module):
    def forward(self, adj, feats):
        return adj.to_dense() @ feats
adj = (torch.rand(6, 6) > 0.6).float().to_sparse_csr()  # the graph arrives as CSR
ep = torch.export.export(Propagate(), (adj, torch.randn(6, 4)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/csr21.pt2")
""", "The example adjacency matrix is a sparse CSR tensor; export traces it, but Inductor's "
       "lowering treats every graph input as a strided buffer, and CSR tensors have no strides.",
       "Pass the adjacency as dense (or as crow/col/values index tensors) and rebuild it inside "
       "the model with dense ops.",
       match=r"do not have strides|[Ss]parse|CSR")


def case_02():
    return _c("case_02", "ragged-strided-example", "unsupported", "export", """
class Encode(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2
seqs = [torch.randn(3, 8), torch.randn(5, 8)]
nt = torch.nested.nested_tensor(seqs)  # default (strided) nested layout
ep = torch.export.export(Encode(), (nt,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nst21.pt2")
""", "The example batch is a nested tensor of the default strided layout (torch.nested.nested_tensor "
       "without layout=torch.jagged); its NestedTensorImpl has no regular sizes, which export's "
       "fake tensors need.",
       "Pad the batch (to_padded_tensor) and export a dense input with a dynamic Dim, or keep the "
       "ragged handling outside the compiled model.",
       match=r"[Nn]ested")


def case_03():
    return _c("case_03", "named-dims-in-forward", "deprecated_api", "export", """
class Reduce(torch.nn.Module):
    def forward(self, x):
        # named-tensor code from an older code base
        return x.refine_names("N", "C").sum("C")
ep = torch.export.export(Reduce(), (torch.randn(2, 8),))
""", "forward uses the named-tensor API (refine_names, reduction over a named dim), which this "
       "torch no longer has: the tensor has no refine_names attribute.",
       "Replace named dims with positional ones (x.sum(1)) before exporting.",
       match=r"refine_names")


def case_04():
    return _c("case_04", "sharded-input", "unsupported", "compile", """
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import distribute_tensor, Shard
dist.init_process_group("gloo", init_method="file://{scratch}/pg", rank=0, world_size=1)
mesh = init_device_mesh("cpu", (1,))
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.gelu(x) * 2
x = distribute_tensor(torch.randn(4, 8), mesh, [Shard(0)])  # activations as a DTensor
ep = torch.export.export(Act(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dtin21.pt2")
""", "The example input is a DTensor (a traceable tensor subclass from the tensor-parallel "
       "pipeline); export accepts it, but AOTInductor's aot_export does not support traceable "
       "tensor subclasses as inputs.",
       "Export with the local tensor (x.to_local() / full_tensor()) and redistribute outside the "
       "compiled model.",
       match=r"subclass|DTensor")


def case_05():
    return _c("case_05", "colwise-parallel-params", "unsupported", "export", """
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor.parallel import parallelize_module, ColwiseParallel
""" + LIN + """
dist.init_process_group("gloo", init_method="file://{scratch}/pg", rank=0, world_size=1)
mesh = init_device_mesh("cpu", (1,))
model = parallelize_module(M(), mesh, {"lin": ColwiseParallel()})
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tp21.pt2")
""", "The model still has its tensor-parallel plan applied (ColwiseParallel): its weights are "
       "DTensors and its input/output hooks redistribute them, so export meets DTensorSpec "
       "objects, which are not graphable types.",
       "Gather the full weights into a plain module (full_tensor()) and export that.",
       match=r"DTensor|graphable")


def case_06():
    return _c("case_06", "inference-mode-example", "export_failure", "export", """
class Clip(torch.nn.Module):
    def forward(self, x):
        x.clamp_(0, 1)  # sanitises the request in place
        return x * 2
with torch.inference_mode():
    example = torch.rand(2, 3) * 2  # the example batch is taken from the serving loop
ep = torch.export.export(Clip(), (example,))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The example input was created under torch.inference_mode() (an inference tensor), and forward "
       "updates its input in place; inference tensors may not be mutated outside inference mode, "
       "so export fails.",
       "Export with a normal tensor (example.clone() outside inference_mode) or avoid the in-place "
       "update of the input.",
       match=r"[Ii]nference tensor")


def case_07():
    return _c("case_07", "complex-phase-only", "torch_bug", "compile", """
class Phase(torch.nn.Module):
    def forward(self, z):
        return torch.sgn(z) * 2  # keep the phase, drop the magnitude
ep = torch.export.export(Phase(), (torch.randn(4, 8, dtype=torch.complex64),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sgn21.pt2")
""", "torch.sgn of a complex64 tensor exports fine, but Inductor's lowering creates a complex Python "
       "constant that its codegen does not accept (an internal assertion).",
       "Compute the phase as z / z.abs().clamp_min(eps) (or keep sgn outside the package) and "
       "report the lowering bug.",
       match=r"complex")


def case_08():
    return _c("case_08", "half-complex-power", "numerical", "run", """
class Power(torch.nn.Module):
    def forward(self, z):
        return (z * z.conj()).real  # power spectrum
model = Power()
ep = torch.export.export(model, (torch.randn(4, 8, dtype=torch.complex32),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/chalf21.pt2")
m = torch._inductor.aoti_load_package(pkg)
z = (torch.randn(4, 8, dtype=torch.complex64) * 300).to(torch.complex32)  # spectra kept in chalf
p = m(z)
assert torch.isfinite(p).all(), p
""", "The spectral model was moved to complex32 (two float16 halves) to save memory; the power "
       "|z|^2 of bins with magnitude around 300 exceeds float16's maximum 65504 and becomes inf.",
       "Keep the spectra in complex64 (or rescale them) before computing powers.",
       match=r"AssertionError")


# ------------------------------------------------------------------ containers and pytrees
def case_09():
    return _c("case_09", "namedtuple-batch", "unsupported", "compile", """
import collections
Batch = collections.namedtuple("Batch", "x mask")
class Masked(torch.nn.Module):
    def forward(self, b):
        return (b.x * b.mask).sum(1)
ep = torch.export.export(Masked(), (Batch(torch.randn(2, 8), torch.ones(2, 8)),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ntup21.pt2")
""", "The input is a namedtuple; export flattens it, but packaging serialises the input TreeSpec, "
       "and a namedtuple class without a registered serialized type name cannot be serialised.",
       "Register the namedtuple for serialisation (torch.export's _register_namedtuple with a "
       "serialized_type_name) or pass the fields as separate tensors.",
       match=r"namedtuple|serialized_type_name|serialize")


def case_10():
    return _c("case_10", "pytree-node-unnamed", "unsupported", "compile", """
import torch.utils._pytree as pytree
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
pytree.register_pytree_node(
    Pair, lambda p: ([p.a, p.b], None), lambda c, _: Pair(*c),
    flatten_with_keys_fn=lambda p: ([(pytree.GetAttrKey("a"), p.a), (pytree.GetAttrKey("b"), p.b)], None))
class Sum(torch.nn.Module):
    def forward(self, p):
        return p.a + p.b
ep = torch.export.export(Sum(), (Pair(torch.randn(2, 3), torch.randn(2, 3)),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pair21.pt2")
""", "The input container is registered with register_pytree_node but without serialized_type_name; "
       "export works, but the package must serialise the input spec and finds no name for the type.",
       "Pass serialized_type_name= (and to/from_dumpable_context if it has a context) when "
       "registering the node.",
       match=r"serializ")


def case_11():
    return _c("case_11", "pytree-node-no-keys", "export_failure", "export", """
import torch.utils._pytree as pytree
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
pytree.register_pytree_node(Pair, lambda p: ([p.a, p.b], None), lambda c, _: Pair(*c))
class Sum(torch.nn.Module):
    def forward(self, p):
        return p.a * p.b
ep = torch.export.export(Sum(), (Pair(torch.randn(2, 3), torch.randn(2, 3)),))
""", "The input container is registered as a pytree node with only flatten/unflatten functions; "
       "torch.export needs a flatten_with_keys_fn to name the leaves and refuses the type.",
       "Register the node with flatten_with_keys_fn (or as a dataclass via register_dataclass).",
       match=r"flatten_with_keys")


def case_12():
    return _c("case_12", "dtype-argument", "export_failure", "export", """
class Cast(torch.nn.Module):
    def forward(self, x, dtype):
        return (x * 2).to(dtype)
ep = torch.export.export(Cast(), (torch.randn(2, 8), torch.float16))  # output dtype chosen per call
""", "forward takes the output dtype as an argument; a torch.dtype is not a pytree leaf type that "
       "export accepts as an input.",
       "Make the dtype a module attribute or constant (or export one program per dtype).",
       match=r"[Uu]nsupported input type|dtype")


def case_13():
    return _c("case_13", "returns-max-pair", "torch_bug", "compile", """
class Best(torch.nn.Module):
    def forward(self, logits):
        return logits.max(dim=1)  # torch.return_types.max (values, indices)
ep = torch.export.export(Best(), (torch.randn(4, 10),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/maxst21.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(torch.randn(4, 10))
print(out.values, out.indices)
""", "forward returns the torch.return_types.max structseq of logits.max(dim=1); export accepts "
       "it, but packaging serialises the output spec and torch's own structseq type has no "
       "registered serialization name (an inconsistency between export and AOTI packaging).",
       "Return a plain tuple (values, indices) from forward, and report the missing registration.",
       match=r"return_types|structseq|serializ")


def case_14():
    return _c("case_14", "tensor-attribute-metadata", "export_failure", "export", """
class Physical(torch.nn.Module):
    def forward(self, img):
        return img * img.pixel_spacing  # metadata attached to the input tensor
img = torch.randn(1, 1, 8, 8)
img.pixel_spacing = 0.5  # set by the DICOM reader
ep = torch.export.export(Physical(), (img,))
""", "forward reads a Python attribute (pixel_spacing) that the data loader attached to the input "
       "tensor object; export traces with fake tensors, which do not carry such attributes.",
       "Pass the metadata as its own input (tensor or float) or bake it into the module.",
       match=r"pixel_spacing")


def case_15():
    return _c("case_15", "int-named-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Head(torch.nn.Module):
    def forward(self, x, n: int):
        return x[:n] * 2
ep = torch.export.export(Head(), (torch.randn(8, 3), 4),
                         dynamic_shapes=(None, Dim("n", min=1, max=8)))
""", "An int input is given a named Dim in dynamic_shapes; export only lets Python ints be "
       "dynamic through Dim.AUTO/Dim.DYNAMIC, not named Dims.",
       "Use Dim.DYNAMIC (or Dim.AUTO) for the int, or pass n as a 0-d tensor.",
       match=r"[Ii]nput integers|Dim")


def case_16():
    return _c("case_16", "dataclass-spec-as-dict", "dynamic_shape_guard", "export", """
import dataclasses
from torch.export import Dim
@dataclasses.dataclass
class Batch:
    x: torch.Tensor
    w: torch.Tensor
torch.export.register_dataclass(Batch, serialized_type_name="app.Batch")
class Weighted(torch.nn.Module):
    def forward(self, b):
        return b.x * b.w
b = Dim("b")
ep = torch.export.export(Weighted(), (Batch(torch.randn(4, 3), torch.randn(4, 3)),),
                         dynamic_shapes={"b": {"x": {0: b}, "w": {0: b}}})
""", "The dynamic_shapes spec for a registered dataclass input is written as a dict of its fields; "
       "a dataclass flattens like a list, so the spec's structure does not match the input's.",
       "Give the dataclass a spec of the same pytree type (a list/tuple of field specs in field "
       "order, or a Batch instance of specs).",
       match=r"[Nn]ode type mismatch|dynamic_shapes")


def case_17():
    return _c("case_17", "empty-example-batch", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Score(torch.nn.Module):
    def forward(self, x):
        return x.sum(1) * 2
example = torch.randn(0, 8)  # an empty batch: no requests in the captured queue
ep = torch.export.export(Score(), (example,), dynamic_shapes=({0: Dim("b", min=0, max=64)},))
""", "The example batch has zero rows; export specialises sizes 0 and 1, so the dynamic batch "
       "dimension is turned into the constant 0 and the Dim is violated.",
       "Export with a non-empty example (at least 2 rows); the Dim's range may still include small "
       "batches.",
       match=r"specializ|Constraints violated")


# ------------------------------------------------------------ run-time structure and values
def case_18():
    return _c("case_18", "keywords-given-positionally", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kwo21}")
y = m(torch.randn(2, 3), torch.randn(2, 3))
""", "The package was exported from forward(self, *, x, y) with keyword inputs; the client calls "
       "it positionally, so the keyword structure does not match.",
       "Call m(x=..., y=...) as exported.",
       needs=("k",), match=r"kwarg|keyword")


def case_19():
    return _c("case_19", "keywords-reordered", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kwo21}")
x, y = torch.randn(2, 3), torch.randn(2, 3)
out = m(y=y, x=x)  # the call site lists the keywords in another order
torch.testing.assert_close(out, x - y)
""", "The keyword-only inputs are passed in another order than at export; if the runner flattens "
       "kwargs in call order, x and y are swapped silently.",
       "Pass the keywords in the exported order (or rely on names only where the runner matches "
       "them).",
       needs=("k",), match=r"not close|Mismatched|Tensor-likes")


def case_20():
    return _c("case_20", "third-image", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{album21}")
batch = {"imgs": [torch.randn(2, 3) for _ in range(3)], "meta": {"scale": torch.tensor(2.0)}}
y = m(batch)
""", "The package was exported with a batch holding two images in a list; a request with three "
       "images flattens to one more tensor than the compiled input spec.",
       "Export with a fixed maximum number of images (padded) or stack the images into one tensor "
       "with a dynamic dimension.",
       needs=("k",), match=r"inputs vector size|spec|tree")


def case_21():
    return _c("case_21", "temperature-as-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{temp21}")
p = m(torch.randn(2, 5), 0.7)  # the config gives the temperature as a float
""", "The temperature was exported as a 0-d tensor input; the caller passes a Python float, "
       "which is not a tensor leaf, so the package receives one input fewer.",
       "Pass torch.tensor(0.7) (the exported structure).",
       needs=("k",), match=r"inputs vector size|spec|tree")


def case_22():
    return _c("case_22", "pooling-mode-switch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pool21}")
x = torch.randn(4, 3)
y = m(x, "mean")  # exported with mode="sum"
torch.testing.assert_close(y, x.mean(0))
""", "The str argument mode was specialised at export ('sum'): the branch was resolved and the "
       "string is not an input of the package, so calling it with 'mean' still sums.",
       "Export one package per mode, or turn the mode into a tensor input selecting with "
       "torch.where/torch.cond.",
       needs=("k",), match=r"not close|Mismatched|Tensor-likes")


def case_23():
    return _c("case_23", "default-scale-overridden", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{scale21}")
x = torch.randn(4, 3)
y = m(x, 3.0)  # forward(x, scale: float = 2.0) exported with the default
torch.testing.assert_close(y, x * 3.0 + 1)
""", "forward(x, scale=2.0) was exported without passing scale, so the default 2.0 was baked in; "
       "the float passed at run time is ignored.",
       "Export with scale as a tensor input (or one package per scale).",
       needs=("k",), match=r"not close|Mismatched|Tensor-likes")


def case_24():
    return _c("case_24", "broadcast-example-dense-call", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bcast21}")
x = torch.randn(4, 8)  # real requests are dense rows
torch.testing.assert_close(m(x), x * 2 - 1)
""", "The package was exported with an expanded example (one row broadcast to 4, stride 0); the "
       "compiled kernel indexes its input with that zero stride, so a dense input's other rows "
       "are never read.",
       "Export with a dense example (example.contiguous() or torch.randn(4, 8)).",
       needs=("k",), match=r"not close|Mismatched|Tensor-likes")


def case_25():
    return _c("case_25", "same-buffer-twice", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{twin21}")
t = torch.zeros(2, 3)
y = m(t, t)  # the caller passes one buffer for both arguments
torch.testing.assert_close(y, torch.full((2, 3), 2.0))  # eager: x.add_(1) also changes y
""", "forward updates x in place and then reads y; the caller passes the same tensor for both, but "
       "the compiled code assumes its inputs do not alias, so it reads y before the update.",
       "Pass distinct tensors (y.clone()) or avoid in-place updates of inputs in forward.",
       needs=("l",), match=r"not close|Mismatched|Tensor-likes")


def case_26():
    return _c("case_26", "int-length-dynamic", "torch_bug", "run", """
m = torch._inductor.aoti_load_package("{head21}")
x = torch.randn(8, 3)
y = m(x, 6)
torch.testing.assert_close(y, x[:6] * 2)
""", "The int argument n is exported as dynamic (Dim.DYNAMIC) and the program slices x[:n]; the "
       "compiled package ignores the run-time n and always returns all rows.",
       "Pass n as a tensor (or slice outside the package) and report the AOTI bug.",
       needs=("l",), match=r"not close|Mismatched|Tensor-likes|shape")


def case_27():
    return _c("case_27", "padded-ragged-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{bag21}")
nt = torch.nested.nested_tensor([torch.tensor([1, 2, 3, 4, 5]), torch.tensor([3, 4]),
                                 torch.tensor([7, 8, 9])], layout=torch.jagged)
ids = torch.nested.to_padded_tensor(nt, padding=-1)  # ragged ids padded with -1
y = m(ids)
""", "The ragged id lists are padded with -1 (to_padded_tensor(padding=-1)) before the embedding "
       "lookup; -1 is outside the table, and the kernel's bounds check fires.",
       "Pad with a valid padding index (e.g. 0 with padding_idx) or mask the padded positions.",
       needs=("l",), match=r"index out of bounds")


def case_28():
    return _c("case_28", "row-count-to-json", "unsupported", "run", """
import json
m = torch._inductor.aoti_load_package("{keep21}")
y, rows = m(torch.randn(6, 3))
print(json.dumps({"rows": rows}))  # forward returns (y, x.shape[0])
""", "forward returns the batch size (a SymInt) next to the tensor; eager returns a Python int, "
       "but the package returns every output as a tensor, so the serving code's json.dumps fails.",
       "Convert with int(rows) after the call, or compute the count outside the package.",
       needs=("l",), match=r"JSON serializable")


def case_29():
    return _c("case_29", "extra-features-arrive", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{extra21}")
x, extra = torch.randn(2, 3), torch.randn(2, 2)  # the new features are now filled
y = m(x, extra)
assert y.shape == (2, 5), y.shape
""", "The extra-features input was exported as an empty (2, 0) tensor, so its width 0 was baked "
       "in; at run time it has 2 columns, which the compiled concatenation drops silently.",
       "Export with a non-empty example and a dynamic Dim on the feature width (or a fixed width).",
       needs=("l",), match=r"AssertionError")


def case_30():
    return _c("case_30", "column-slice-updated", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{inpl21}")
table = torch.arange(32.).view(4, 8)
ref = table.clone()
s = m(table[:, :4])  # the first four columns of the request table
ref[:, :4].mul_(2)
torch.testing.assert_close(table, ref)
""", "The package updates its input in place (x.mul_(2)) and was compiled for a contiguous (4, 4) "
       "input; it is given a column slice of a wider table (row stride 8), so the write lands on "
       "the wrong elements of the table.",
       "Pass table[:, :4].contiguous() (and copy back), or avoid in-place updates of inputs.",
       needs=("l",), match=r"not close|Mismatched|Tensor-likes")


def case_31():
    return _c("case_31", "broadcast-row-updated", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{inpl21}")
x = torch.ones(1, 4).expand(4, 4)  # one template row broadcast to the batch
s = m(x)
print(s)
""", "An expanded (stride-0) tensor is passed to a package that updates its (4, 4) input in place; "
       "the compiled kernel writes 16 floats into the 4-float storage, corrupting the heap, and the "
       "process aborts (munmap_chunk(): invalid pointer); eager refuses such a write.",
       "Pass x.contiguous() (a real batch) to a package that mutates its input.",
       needs=("l",), expect="crash", match=r"munmap_chunk|invalid pointer|free\(\)|Aborted")


# --------------------------------------------------------------------- weights refresh
def case_32():
    return _c("case_32", "sharded-weight-refresh", "constant_loading", "run", """
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import distribute_tensor, Shard
dist.init_process_group("gloo", init_method="file://{scratch}/pg", rank=0, world_size=1)
mesh = init_device_mesh("cpu", (1,))
m = torch._inductor.aoti_load_package("{lin21}")
w = distribute_tensor(torch.randn(4, 8), mesh, [Shard(0)])  # from the tensor-parallel trainer
m.load_constants({"lin.weight": w}, check_full_update=False)
y = m(torch.randn(2, 8))
""", "The refreshed weight is a DTensor (a wrapper subclass without its own storage) from the "
       "tensor-parallel trainer; load_constants takes its data pointer as if it were a plain "
       "tensor, and the process crashes.",
       "Pass w.full_tensor() (a plain local tensor) to load_constants.",
       needs=("k",), expect="crash", match=r"Segmentation fault|Fatal Python error")


def case_33():
    return _c("case_33", "parameters-iterator", "constant_loading", "load", """
""" + LIN + """
m = torch._inductor.aoti_load_package("{lin21}")
new = M()
m.load_constants(new.named_parameters(), check_full_update=False)
""", "The weights refresh passes model.named_parameters() (a generator of pairs) to "
       "load_constants, which takes a mapping from constant names to tensors.",
       "Pass dict(new.named_parameters()) (or new.state_dict()).",
       needs=("k",), match=r"incompatible function arguments|Mapping")


def case_34():
    return _c("case_34", "pytree-context-undumpable", "unsupported", "compile", """
import torch.utils._pytree as pytree
class Feats:
    # named feature columns: the names are the node's context
    def __init__(self, names, ts):
        self.names, self.ts = tuple(names), list(ts)
pytree.register_pytree_node(
    Feats, lambda f: (f.ts, f.names), lambda c, names: Feats(names, c),
    serialized_type_name="app.Feats",
    flatten_with_keys_fn=lambda f: ([(pytree.MappingKey(n), t) for n, t in zip(f.names, f.ts)], f.names))
class Score(torch.nn.Module):
    def forward(self, f):
        return f.ts[0] * 2 + f.ts[1]
ep = torch.export.export(Score(), (Feats(("age", "clicks"), [torch.randn(2, 3), torch.randn(2, 3)]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/feats21.pt2")
""", "The input container is registered with a serialized_type_name but its context (the feature "
       "names) has no to_dumpable_context, so the package cannot serialise the input spec.",
       "Register to_dumpable_context/from_dumpable_context (e.g. json.dumps/json.loads of the names).",
       match=r"context|serializ")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_20, case_21,
         case_22, case_23, case_24, case_25, case_26, case_27, case_28, case_29, case_30, case_31,
         case_32, case_33]
# Nothing was dropped after a trial; case_13 was relabelled (unsupported -> torch_bug) and case_31
# changed its expected outcome (exc -> crash) after the trial showed the text (see the notes).
DROPPED = []
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_19 (keyword-only inputs passed in another order than
# at export: the runner matched them by name, the result was right), case_34 (a custom pytree node
# with a serialized_type_name but no to_dumpable_context for its tuple-of-str context: the package
# compiled). Probed before writing the cases and not made into cases (no failure): a dict input
# exported as OrderedDict called with a plain dict, int dict keys given as JSON str keys, a custom
# node whose context changed at run time, outputs aliasing each other or the input (aliasing kept),
# a view output written back into the input, channels_last conv output strides, None / float /
# bool outputs, zero-width and expanded buffers, complex angle/abs/polar/reciprocal/sqrt, a
# complex32 identity package, a sparse COO output, a __torch_function__ subclass input at run
# time, a FakeTensor example with a real module, an input mutated in place (propagated).
TRIED = [case_19, case_34]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("k", SETUP_K), ("l", SETUP_L)),
        default_out=ROOT / "benchmarks" / "live_blind21.jsonl",
        url_file="benchmarks/live_blind21.py", id_prefix="live21", stems=STEMS,
        scratch_prefix="live_blind21-", description=__doc__.splitlines()[0]))
