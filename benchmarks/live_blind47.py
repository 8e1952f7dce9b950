"""A forty-seventh blind set of REAL AOTInductor failures (optional, variadic and conditional inputs and outputs), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind47.py [--out benchmarks/live_blind47.jsonl] [--keep]

Theme: optional, variadic and conditional inputs and outputs (an Optional tensor left out at
export and passed at serving, dynamic_shapes specs for None, list and dict inputs, lists whose
length changes per request, dicts whose keys differ per request, nested optional caches, lists
re-packed as tuples and dicts as OrderedDicts by a serving wrapper, the low-level runner fed
None or nested structures, outputs that exist only under a data-dependent condition, outputs
holding None, empty tuples, Python bools or symbolic values, and the legacy aot_compile runner
with optional kwargs). No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py
or benchmarks/live_blind.py .. live_blind45.py (their TRIED lists included). Building the set
imports nothing from aotidebug.
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
from typing import Optional
class Gated(torch.nn.Module):
    # a scorer with an optional per-feature gate
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, gate: Optional[torch.Tensor] = None):
        if gate is not None:
            x = x * gate
        return self.lin(x)

class Rec(torch.nn.Module):
    # a recommender: a list of view embeddings, a dict of side features, a (k, v) memory
    def forward(self, views, feats, cache):
        h = torch.stack(views).mean(0)
        h = h + feats["age"] * feats["clicks"]
        k, v = cache
        return torch.softmax(h @ k.t(), -1) @ v
"""

SETUP_R = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + """
def build(name, m, args, kwargs=None):
    try:
        ep = torch.export.export(m, args, kwargs)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("nogate47", Gated(), (torch.randn(2, 8),))
build("rec47", Rec(), ([torch.randn(2, 8) for _ in range(3)],
                       {"age": torch.randn(2, 1), "clicks": torch.randn(2, 1)},
                       (torch.randn(3, 8), torch.randn(3, 8))))
try:
    paths["so47"] = torch._export.aot_compile(Gated(), (torch.randn(2, 8),),
                                              {"gate": torch.rand(2, 8)})   # the legacy API
except Exception as e:
    print("BUILD FAILED so47", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"nogate47", "rec47", "extras47", "symbool47", "symfloat47", "empty47", "dictnone47",
         "flag47", "nested47", "gated47"}

PRE = "import torch\n"
REC = "K = lambda: (torch.randn(3, 8), torch.randn(3, 8))\nF = lambda: {'age': torch.randn(2, 1), 'clicks': torch.randn(2, 1)}\nV = lambda n: [torch.randn(2, 8) for _ in range(n)]\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# --------------------------------------------------- dynamic_shapes for optional structures
def case_01():
    return _c("case_01", "dim-for-none-gate", "dynamic_shape_guard", "export", MODELS + """
from torch.export import Dim
b = Dim("batch", min=1, max=64)
ep = torch.export.export(Gated(), (torch.randn(4, 8),), {"gate": None},
                         dynamic_shapes={"x": {0: b}, "gate": {0: b}})
""", "The dynamic_shapes spec gives a batch Dim for the optional gate, but the example passes "
       "gate=None, so the spec does not match the input structure.",
       "Give None as the gate's dynamic_shapes entry when the example has no gate (or export "
       "with a gate tensor).", match=r"non-tensor type")


def case_02():
    return _c("case_02", "spec-omits-given-gate", "dynamic_shape_guard", "export", MODELS + """
from torch.export import Dim
b = Dim("batch", min=1, max=64)
ep = torch.export.export(Gated(), (torch.randn(4, 8),), {"gate": torch.rand(4, 8)},
                         dynamic_shapes={"x": {0: b}})
""", "The example passes the optional gate, but the dynamic_shapes dict names only x, so its "
       "keys do not match the arguments export was given.",
       "Add a \"gate\" entry ({0: b}, or None to keep it static) to dynamic_shapes.",
       match=r"top-level keys")


def case_03():
    return _c("case_03", "view-dims-short", "dynamic_shape_guard", "export", MODELS + """
from torch.export import Dim
b = Dim("batch", min=2, max=64)
views = [torch.randn(4, 8) for _ in range(3)]
feats = {"age": torch.randn(4, 1), "clicks": torch.randn(4, 1)}
ep = torch.export.export(Rec(), (views, feats, (torch.randn(3, 8), torch.randn(3, 8))),
                         dynamic_shapes=([{0: b}, {0: b}], {"age": {0: b}, "clicks": {0: b}},
                                         None))
""", "The dynamic_shapes spec lists two view specs (written for the old two-view model) while "
       "the example passes three views.",
       "Build the list spec from the example ([{0: b}] * len(views)).", match=r"has 3 elements")


def case_04():
    return _c("case_04", "feature-dims-other-key", "dynamic_shape_guard", "export", MODELS + """
from torch.export import Dim
b = Dim("batch", min=2, max=64)
views = [torch.randn(4, 8) for _ in range(3)]
feats = {"age": torch.randn(4, 1), "clicks": torch.randn(4, 1)}
ep = torch.export.export(Rec(), (views, feats, (torch.randn(3, 8), torch.randn(3, 8))),
                         dynamic_shapes=([{0: b}] * 3, {"age": {0: b}, "country": {0: b}},
                                         None))
""", "The feature dict's dynamic_shapes spec names a 'country' key the example dict does not "
       "have (it has 'clicks').",
       "Key the spec exactly like the example dict (same keys).", match=r"has keys")


def case_05():
    return _c("case_05", "varargs-views-spec", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pool(torch.nn.Module):
    def forward(self, *views):
        return torch.stack(views).mean(0)
b = Dim("batch", min=2, max=64)
ep = torch.export.export(Pool(), tuple(torch.randn(4, 8) for _ in range(3)),
                         dynamic_shapes={"views": [{0: b}] * 3})
""", "The *views varargs are described in dynamic_shapes by name with a list; export matches "
       "varargs specs as a tuple.", "Pass the varargs spec as a tuple (or positionally).",
       match=r"is a <class 'tuple'>")


# --------------------------------------------------------- conditional code at export time
def case_06():
    return _c("case_06", "skip-gate-if-all-zero", "export_failure", "export", """
from typing import Optional
class Weighted(torch.nn.Module):
    def forward(self, x, weights: Optional[torch.Tensor] = None):
        if weights is None or weights.sum() == 0:   # no weighting requested
            return x.mean(1)
        return (x * weights).sum(1) / weights.sum(1)
ep = torch.export.export(Weighted(), (torch.randn(4, 8),), {"weights": torch.rand(4, 8)})
""", "forward tests whether the optional weights are all zero with a Python if on a tensor "
       "value, a data-dependent branch torch.export cannot trace.",
       "Compute both paths with torch.where (or drop the shortcut) instead of branching on "
       "weights.sum().", match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_07():
    return _c("case_07", "aux-only-if-nonempty", "export_failure", "export", """
class Net(torch.nn.Module):
    def forward(self, x):
        pos = x[x > 0]
        return (x.relu(), pos) if pos.numel() > 0 else (x.relu(), None)
ep = torch.export.export(Net(), (torch.randn(4, 8),))
""", "The second output is the positive entries or None when there are none; the branch on the "
       "data-dependent numel() cannot be traced by torch.export.",
       "Always return the (possibly empty) tensor and let the caller test numel().",
       match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_08():
    return _c("case_08", "flag-tensor-extra-output", "export_failure", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, want_hidden):
        h = torch.tanh(x)
        if want_hidden.item():               # the request flag arrives as a tensor
            return self.lin(h), h
        return (self.lin(h),)
ep = torch.export.export(Net(), (torch.randn(2, 8), torch.tensor(True)))
""", "Whether the hidden state is returned is decided by .item() of a flag tensor, so the output "
       "structure depends on input data, which torch.export cannot trace.",
       "Always return both outputs (drop the hidden state in the caller) or export one package "
       "per flag value.", match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_10():
    return _c("case_10", "bool-symbolic-output", "unsupported", "compile", """
from torch.export import Dim
class Net(torch.nn.Module):
    def forward(self, x):
        return x.relu(), x.shape[0] > 8          # 'was this a large batch' for the logger
ep = torch.export.export(Net(), (torch.randn(4, 8),), dynamic_shapes=({0: Dim("b")},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/symbool47.pt2")
m = torch._inductor.aoti_load_package(pkg)
y, big = m(torch.randn(16, 8))
assert big is True, big
""", "forward returns a comparison of the dynamic batch size, a SymBool output, beside the "
       "tensor; the AOTI package does not return symbolic bools.",
       "Return only tensors and compute the flag from the output shape in the caller.",
       match=r".")


def case_11():
    return _c("case_11", "float-symbolic-output", "unsupported", "compile", """
from torch.export import Dim
class Net(torch.nn.Module):
    def forward(self, x):
        return x.relu(), x.shape[0] / 2           # half the batch, for the splitter
ep = torch.export.export(Net(), (torch.randn(4, 8),), dynamic_shapes=({0: Dim("b")},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/symfloat47.pt2")
m = torch._inductor.aoti_load_package(pkg)
y, half = m(torch.randn(6, 8))
assert half == 3.0, half
""", "forward returns a true division of the dynamic batch size, a SymFloat output, which the "
       "AOTI package cannot return.",
       "Return only tensors and compute the number from the output shape in the caller.",
       match=r".")


def case_12():
    return _c("case_12", "empty-tuple-output", "unsupported", "compile", """
class Net(torch.nn.Module):
    def forward(self, x):
        return x.relu(), ()                      # no auxiliary outputs in this variant
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/empty47.pt2")
m = torch._inductor.aoti_load_package(pkg)
y, aux = m(torch.randn(2, 8))
assert aux == (), aux
""", "forward returns an empty tuple as a placeholder output.", "Return only tensors.",
       match=r".")


def case_13():
    return _c("case_13", "dict-output-none-loss", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, labels=None):
        y = self.lin(x)
        loss = None if labels is None else torch.nn.functional.cross_entropy(y, labels)
        return {"logits": y, "loss": loss, "aux": [y.sum(), None]}
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dictnone47.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(torch.randn(2, 8))
assert out["loss"] is None and out["aux"][1] is None, out
""", "A dict output holding None for the loss and a nested list holding None.",
       "Return only tensors.", match=r".")


def case_14():
    return _c("case_14", "bool-constant-output", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.calibrated = False
    def forward(self, x):
        return self.lin(x), self.calibrated        # the consumer checks the calibration flag
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flag47.pt2")
m = torch._inductor.aoti_load_package(pkg)
y, cal = m(torch.randn(2, 8))
assert cal is False, cal
""", "A constant Python bool returned beside the tensor.", "Return only tensors.", match=r".")


def case_15():
    return _c("case_15", "nested-optional-memory-out", "unsupported", "compile", """
class Net(torch.nn.Module):
    def forward(self, x, memory=None):
        y = x.relu()
        new = (y, None) if memory is None else (y, memory[0])
        return y, {"memory": new, "steps": [x.shape[0]]}
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nested47.pt2")
m = torch._inductor.aoti_load_package(pkg)
y, state = m(torch.randn(2, 8))
assert state["memory"][1] is None and state["steps"] == [2], state
""", "A nested state output with None and a list of ints.", "Return only tensors.",
       match=r".")


# ------------------------------------------------------------------ serving-time structures
def case_16():
    return _c("case_16", "gate-sent-to-gateless-pkg", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{nogate47}")
y = m(torch.randn(2, 8), gate=torch.rand(2, 8))     # the A/B arm with feature gating on
""", "The package was exported without the optional gate (the default None was used), so it "
       "takes no gate input; the serving code passes gate= for the gated A/B arm.",
       "Export a second package with a gate example (kwargs={\"gate\": ...}) for the gated arm.",
       needs=("r",), match=r"kwarg keyword mismatch")


def case_17():
    return _c("case_17", "gate-positional-gateless", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{nogate47}")
request = {"x": torch.randn(2, 8), "gate": torch.rand(2, 8)}
y = m(*request.values())                             # the wrapper spreads the request fields
""", "The package takes x only (exported with the gate left at None); the serving wrapper "
       "spreads every request field positionally, so a second positional input arrives.",
       "Pass only the inputs the package was exported with (m(request[\"x\"])).",
       needs=("r",), match=r"inputs vector size")


def case_18():
    return _c("case_18", "two-views-today", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
y = m(V(2), F(), K())                # this user has only two view embeddings
""", "The package was exported with three view tensors in the list; a request with two views "
       "changes the list length, hence the number of flat inputs.",
       "Pad the view list to the exported length (or export with the list length the service "
       "always sends).", needs=("r",), match=r"inputs vector size")


def case_19():
    return _c("case_19", "no-views-yet", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
y = m([], F(), K())                  # a cold-start user: no views at all
""", "A cold-start request sends an empty view list to a package exported with three views.",
       "Route cold-start users to a fallback or pad with placeholder views.", needs=("r",),
       match=r"inputs vector size")


def case_20():
    return _c("case_20", "views-repacked-as-tuple", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
views = tuple(V(3))                  # the batching wrapper collects views into a tuple
y = m(views, F(), K())
""", "The package was exported with the views as a list; the serving wrapper packs them into a "
       "tuple, a different pytree structure.", "Pass a list (list(views)) as at export.",
       needs=("r",), match=r".")


def case_21():
    return _c("case_21", "extra-feature-key", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
feats = F()
feats["country"] = torch.randn(2, 1)  # a new feature the client started sending
y = m(V(3), feats, K())
""", "The feature dict of the request has a key ('country') the package's dict input did not "
       "have at export.", "Filter the request dict to the exported keys before the call.",
       needs=("r",), match=r"inputs vector size")


def case_22():
    return _c("case_22", "feature-keys-reordered", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
f = F()
feats = {"clicks": f["clicks"], "age": f["age"]}   # the client serialises keys alphabetically
y = m(V(3), feats, K())
""", "The feature dict's keys arrive in another order than at export.",
       "Rebuild the dict in the exported key order.", needs=("r",), match=r".")


def case_23():
    return _c("case_23", "features-as-ordereddict", "input_mismatch", "run", REC + """
import collections
m = torch._inductor.aoti_load_package("{rec47}")
f = F()
feats = collections.OrderedDict([("age", f["age"]), ("clicks", f["clicks"])])
y = m(V(3), feats, K())
""", "The serving wrapper builds the feature dict as a collections.OrderedDict; pytree treats "
       "OrderedDict as another container type than the dict the package was exported with.",
       "Pass a plain dict (dict(feats)).", needs=("r",), match=r".")


def case_24():
    return _c("case_24", "first-turn-no-memory", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
y = m(V(3), F(), None)               # the first request of a session has no memory yet
""", "The package was exported with a (k, v) memory tuple; the first request of a session passes "
       "None for it.", "Send an initial (empty or zero) memory of the exported shape, or export "
       "a separate first-turn package.", needs=("r",), match=r"inputs vector size")


def case_25():
    return _c("case_25", "memory-from-json-as-list", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
k, v = K()
y = m(V(3), F(), [k, v])             # the session store returns the memory as a JSON list
""", "The (k, v) memory, restored from the session store, arrives as a list instead of the "
       "tuple the package was exported with.", "Convert the memory back to a tuple.",
       needs=("r",), match=r".")


def case_26():
    return _c("case_26", "runner-fed-nested", "input_mismatch", "run", REC + """
m = torch._inductor.aoti_load_package("{rec47}")
y = m.loader.run([V(3), F(), K()])   # skipping the pytree wrapper for speed
""", "The low-level loader.run takes a flat list of tensors; the caller passes the nested "
       "(list, dict, tuple) arguments unflattened.",
       "Flatten the arguments first (torch.utils._pytree.tree_leaves) or call the model itself.",
       needs=("r",), match=r"incompatible function arguments|TypeError")


def case_27():
    return _c("case_27", "runner-fed-none-gate", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{nogate47}")
y = m.loader.run([torch.randn(2, 8), None])    # the wrapper keeps a slot for the optional gate
""", "The low-level loader.run is given None in the slot of the optional gate; it takes only "
       "tensors (and the package has no gate input).",
       "Pass only the tensors the package was exported with.", needs=("r",), match=r"incompatible function arguments|TypeError")


def case_28():
    return _c("case_28", "extras-empty-at-export", "input_mismatch", "run", """
class Concat(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, extras):
        for e in extras:                     # optional extra signals added to the features
            x = x + e
        return self.lin(x)
ep = torch.export.export(Concat(), (torch.randn(2, 8), []))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/extras47.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8), [torch.randn(2, 8)])
""", "The extras list was empty in the export example, so the package takes no extra inputs; "
       "a request with one extra signal does not match.",
       "Export with the maximum number of extras (padding with zeros at serving).",
       match=r"inputs vector size")


def case_29():
    return _c("case_29", "legacy-runner-gate-omitted", "deprecated_api", "run", """
run = torch._export.aot_load("{so47}", "cpu")
y = run(torch.randn(2, 8))           # the gate is optional in the eager model
""", "The legacy aot_compile artifact was built with the gate kwarg; the legacy aot_load runner "
       "is called without it.", "Migrate to aoti_compile_and_package / aoti_load_package and "
       "pass the exported inputs.", needs=("r",), match=r"inputs vector size|keyword|spec")


def case_30():
    return _c("case_30", "legacy-runner-gate-none", "deprecated_api", "run", """
run = torch._export.aot_load("{so47}", "cpu")
y = run(torch.randn(2, 8), gate=None)
""", "The legacy aot_load runner of an artifact built with a gate tensor is called with "
       "gate=None.", "Migrate to aoti_load_package and pass a gate tensor.", needs=("r",),
       match=r"inputs vector size|keyword|spec")


def case_31():
    return _c("case_31", "legacy-compile-list-input", "deprecated_api", "run", """
class Pool(torch.nn.Module):
    def forward(self, views, weights=None):
        h = torch.stack(views)
        return h.mean(0) if weights is None else (h * weights[:, None, None]).sum(0)
so = torch._export.aot_compile(Pool(), ([torch.randn(2, 8) for _ in range(3)],),
                               {"weights": None})
run = torch._export.aot_load(so, "cpu")
y = run([torch.randn(2, 8) for _ in range(3)], weights=torch.rand(3))
""", "The legacy artifact was compiled with weights=None; the legacy runner is called with "
       "weights.", "Migrate to aoti_compile_and_package and export with the weights given.",
       api="aot_compile", match=r"inputs vector size")


def case_33():
    return _c("case_33", "views-batches-differ", "input_mismatch", "run", """
from torch.export import Dim
class Pool(torch.nn.Module):
    def forward(self, views):
        return torch.stack(views).mean(0)
b = Dim("batch", min=2, max=64)
ep = torch.export.export(Pool(), ([torch.randn(4, 8) for _ in range(3)],),
                         dynamic_shapes=([{0: b}] * 3,))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
y = m([torch.randn(4, 8), torch.randn(4, 8), torch.randn(3, 8)])  # one view lost a row
""", "All views share one batch Dim in the package; a request whose last view has one row "
       "fewer breaks that equality.", "Make every view of a request have the same rows (pad "
       "or drop), or give each view its own Dim at export.",
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"expected size 3==4")


def case_34():
    return _c("case_34", "optional-tensor-in-list", "input_mismatch", "run", """
class Sum(torch.nn.Module):
    def forward(self, parts):
        return sum(p for p in parts if p is not None)
ep = torch.export.export(Sum(), ([torch.randn(2, 8), None, torch.randn(2, 8)],))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
y = m([torch.randn(2, 8), torch.randn(2, 8), None])   # the missing part moved
""", "The list input held None in its second slot at export; a request with the missing part "
       "in the third slot has another structure.", "Keep the None slots where they were at "
       "export (or export without optional slots).", match=r".")


def case_35():
    return _c("case_35", "kwargs-extras-differ", "input_mismatch", "run", """
class Net(torch.nn.Module):
    def forward(self, x, **extras):
        for v in extras.values():
            x = x + v
        return x.relu()
ep = torch.export.export(Net(), (torch.randn(2, 8),), {"bias": torch.randn(2, 8)})
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8), shift=torch.randn(2, 8))   # this client calls its extra 'shift'
""", "forward takes **extras; the package was exported with an extra named 'bias', and a "
       "client passes 'shift'.", "Pass the extras under the exported names (or declare them as "
       "named arguments).", match=r"kwarg keyword mismatch")


def case_36():
    return _c("case_36", "one-dim-per-view", "dynamic_shape_guard", "export", MODELS + """
from torch.export import Dim
views = [torch.randn(4, 8) for _ in range(3)]
feats = {"age": torch.randn(4, 1), "clicks": torch.randn(4, 1)}
dims = [{0: Dim(f"view{i}_batch", min=2, max=64)} for i in range(3)]   # one Dim per view
b = Dim("batch", min=2, max=64)
ep = torch.export.export(Rec(), (views, feats, (torch.randn(3, 8), torch.randn(3, 8))),
                         dynamic_shapes=(dims, {"age": {0: b}, "clicks": {0: b}}, (None, None)))
""", "Each view in the list gets its own batch Dim, but forward stacks the views and adds the "
       "features, so export finds all of them equal, which violates the independent Dims.",
       "Use one shared Dim for every view and feature batch axis.",
       match=r"Constraints violated|must be specialized|equal")


def case_37():
    return _c("case_37", "drop-padding-views", "export_failure", "export", """
class Pool(torch.nn.Module):
    def forward(self, views):
        kept = [v for v in views if v.abs().sum() > 0]   # skip all-zero padding views
        return torch.stack(kept).mean(0)
ep = torch.export.export(Pool(), ([torch.randn(2, 8), torch.randn(2, 8), torch.zeros(2, 8)],))
""", "forward drops the all-zero padding views with a Python if on a tensor value, so the "
       "length of the view list depends on input data, which torch.export cannot trace.",
       "Weight the views with a mask ((v.abs().sum((1,)) > 0) as a float factor) instead of "
       "filtering the Python list.", match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_38():
    return _c("case_38", "memory-spec-none", "dynamic_shape_guard", "export", MODELS + """
from torch.export import Dim
b = Dim("batch", min=2, max=64)
views = [torch.randn(4, 8) for _ in range(3)]
feats = {"age": torch.randn(4, 1), "clicks": torch.randn(4, 1)}
ep = torch.export.export(Rec(), (views, feats, (torch.randn(3, 8), torch.randn(3, 8))),
                         dynamic_shapes=([{0: b}] * 3, {"age": {0: b}, "clicks": {0: b}},
                                         None))   # the (k, v) memory stays static
""", "The dynamic_shapes entry for the (k, v) memory tuple is a single None; export wants the "
       "spec to mirror the tuple ((None, None)) rather than one None for the whole container.",
       "Write the memory's spec as (None, None), one entry per tensor of the tuple.",
       match=r"dynamic_shapes\[2\]` is not")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_16,
         case_18, case_24, case_26, case_27, case_28, case_29, case_30, case_31, case_33,
         case_35, case_36, case_37, case_38]
# Failed in the trial but left out: case_10 (a SymBool returned beside the tensor: the package
# returns tensor(True) where eager returns a Python bool, and only the caller's own assertion
# fails; no category names that root cause), case_14 (a constant Python bool returned: likewise
# tensor(False) and the caller's assertion), case_17 (request fields spread positionally into a
# package without the gate), case_19 (an empty view list), case_21 (an extra key in the feature
# dict): these three fail with the same "expected inputs vector size" message as case_18 / case_28
# and were left out to keep input_mismatch near a third of the rows.
DROPPED = [case_10, case_14, case_17, case_19, case_21]
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_11 (x.shape[0] / 2, a SymFloat output: returned 3.0), case_12
# (an empty tuple output: returned ()), case_13 (a dict output holding None and a nested list
# with None: round-tripped), case_15 (a nested optional state with None and a list of ints:
# round-tripped), case_20 (the view list re-packed as a tuple: the flat leaves are the same, it
# ran), case_22 (feature dict keys in another order: ran), case_23 (the feature dict as a
# collections.OrderedDict: ran), case_25 (the (k, v) memory as a list: ran), case_34 (the None
# slot of a list input moved: None leaves are dropped when flattening, it ran).
TRIED = [case_11, case_12, case_13, case_15, case_20, case_22, case_23, case_25, case_34]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind47.jsonl",
        url_file="benchmarks/live_blind47.py", id_prefix="live47", stems=STEMS,
        scratch_prefix="live_blind47-", description=__doc__.splitlines()[0]))
