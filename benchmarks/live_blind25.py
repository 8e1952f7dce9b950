"""A twenty-fifth blind set of REAL AOTInductor failures (export API options and ExportedProgram transforms between export and AOTI), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages and saved
programs that several cases share are built once, in one setup child (S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind25.py [--out benchmarks/live_blind25.jsonl] [--keep]

Theme: export API options and ExportedProgram transforms between export and AOTI (strict vs
non-strict export, AdditionalInputs / ShapesCollection dynamic-shape specs, `ep.module()` and
`torch.export.unflatten` re-exported, `run_decompositions` with custom or edited decomposition
tables, hand-written passes over `ep.graph_module` and edits of `ep.state_dict`,
`torch.export.save` / `load` round trips through files and buffers, `draft_export`, private
`torch.export._trace._export` options, `inductor_configs` passed through
`aoti_compile_and_package` (value types, conflicting keys), `package_path` choices, results of
the legacy `torch._inductor.aot_compile` handed to the package loader, and example
`args`/`kwargs` that differ from the call). APIs are feature-detected (hasattr) where they are
new. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind23.py (their TRIED lists included). Building the set
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

SETUP_S = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Masked(torch.nn.Module):
    # scores masked per output unit; the mask is an optional keyword argument
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, mask=None):
        y = self.lin(x)
        if mask is not None:
            y = y * mask
        return y.sum(1)

build("lin25", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
build("kw25", Masked(), (torch.randn(2, 8),), {"mask": torch.ones(2, 4)})
try:  # an ExportedProgram saved for a later compile step (not compiled)
    paths["prog25"] = os.path.join(out, "prog25.pt2")
    torch.export.save(torch.export.export(M(), (torch.randn(2, 8),)), paths["prog25"])
except Exception as e:
    print("BUILD FAILED prog25", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin25", "kw25", "prog25", "sm25", "sig25", "scale25", "nob25", "w64_25", "ranker25",
         "cfg25", "cfgcopy25", "fold25", "gemm25", "draft25", "pre25", "dir25", "ro25", "path25",
         "legacy25", "pkt25", "mod25", "temp25", "sign25", "meta25", "thr25",
         "mmap25", "pres25", "ranker", "plain25"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------- strict vs non-strict
def case_01():
    return _c("case_01", "memo-by-identity", "export_failure", "export", """
class Cached(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self._memo = {}
    def forward(self, x):
        key = id(x)  # reuse the projection when the same request tensor comes back
        if key not in self._memo:
            self._memo[key] = self.lin(x)
        return self._memo[key] * 2
ep = torch.export.export(Cached(), (torch.randn(2, 8),), strict=True)
""", "Strict export (Dynamo) traces forward, which memoises results in a dict keyed by id(x); "
       "Dynamo cannot trace id() of a tensor or a dict of tensors keyed by it into a graph.",
       "Remove the memo from forward (cache in the caller), or export with strict=False.",
       match=r"id|Unsupported|unsupported")


def case_02():
    return _c("case_02", "cached-positions", "export_failure", "export", """
import functools
@functools.lru_cache(maxsize=None)
def positions(n):
    return torch.arange(n, dtype=torch.float32)
class Pos(torch.nn.Module):
    def forward(self, x):
        return x + positions(x.shape[1])
ep = torch.export.export(Pos(), (torch.randn(2, 8),), strict=True)
""", "Strict export (Dynamo) meets a functools.lru_cache-wrapped helper in forward, which it "
       "refuses to trace through.",
       "Call the undecorated function in forward (or export with strict=False).",
       match=r"lru_cache|Unsupported|unsupported")


def case_03():
    return _c("case_03", "config-read-in-forward", "export_failure", "export", """
import json
with open("{scratch}/scale.json", "w") as f:
    json.dump({"scale": 3.0}, f)
class Scaled(torch.nn.Module):
    def forward(self, x):
        with open("{scratch}/scale.json") as f:  # hot-reloadable scale read on every call
            s = json.load(f)["scale"]
        return x * s
ep = torch.export.export(Scaled(), (torch.randn(2, 8),), strict=True)
""", "Strict export (Dynamo) cannot trace the file I/O (open/json.load) that forward does to "
       "read its scale on every call.",
       "Read the configuration outside forward (pass it as an input or a constructor argument), "
       "or export with strict=False (the value is then baked in).",
       match=r"open|Unsupported|unsupported|skip")


def case_04():
    return _c("case_04", "debug-dump-in-forward", "export_failure", "export", """
import io
class Dumped(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        buf = io.BytesIO()
        torch.save(x, buf)  # debug hook left in: dump every request batch
        return self.lin(x)
ep = torch.export.export(Dumped(), (torch.randn(2, 8),))  # non-strict (the default)
""", "Non-strict export runs forward with FakeTensors; the debug torch.save(x, ...) left in "
       "forward needs the tensor's real storage, which a FakeTensor does not have.",
       "Remove the dump from forward (or guard it with torch.compiler.is_exporting()).",
       match=r"[Ff]ake|storage|data|pickle")


def case_05():
    return _c("case_05", "attribute-kept-for-metrics", "export_failure", "export", """
class Kept(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        y = self.lin(x)
        self.last_logits = y  # kept for a metrics endpoint
        return y * 2
ep = torch.export.export(Kept(), (torch.randn(2, 8),))
""", "forward assigns a new tensor attribute on the module (self.last_logits = y); non-strict "
       "export refuses attributes created in forward that are not registered buffers.",
       "Return the value as an extra output (or register a buffer and copy_ into it).",
       match=r"last_logits")


# ---------------------------------------------------------------- dynamic-shape specs
def case_06():
    return _c("case_06", "samples-from-two-versions", "dynamic_shape_guard", "export", """
""" + LIN + """
from torch.export import AdditionalInputs
ai = AdditionalInputs()
for b, f in [(2, 8), (4, 8), (3, 16)]:  # request samples pulled from the log (one from v2)
    ai.add((torch.randn(b, f),))
ep = torch.export.export(M(), (torch.randn(2, 8),), dynamic_shapes=ai)
""", "AdditionalInputs infers every dimension that differs between the samples as dynamic; one "
       "logged sample came from another model version with 16 features, so the feature "
       "dimension is marked dynamic although Linear(8, 4) fixes it to 8.",
       "Give AdditionalInputs only samples of this model version (or write the dynamic_shapes "
       "spec with an explicit batch Dim).",
       match=r"[Cc]onstraint|speciali|Guard|guard|dynamic")


def case_07():
    return _c("case_07", "spec-on-original-tensor", "dynamic_shape_guard", "export", """
""" + LIN + """
from torch.export import Dim, ShapesCollection
x = torch.randn(2, 8)
sc = ShapesCollection()
sc[x] = {0: Dim("batch", min=2, max=64)}
x = (x - x.mean()) / x.std()  # the example is normalised after the spec was written
ep = torch.export.export(M(), (x,), dynamic_shapes=sc)
""", "ShapesCollection keys its specs by tensor identity; the example was normalised (a new "
       "tensor) after the spec was attached to the original, so the spec matches no input.",
       "Attach the spec to the tensor that is passed to export (sc[x] after the last "
       "reassignment), or use a dict/tuple dynamic_shapes spec.",
       match=r"ShapesCollection|not found|not.*input|tensor")


def case_08():
    return _c("case_08", "keyword-mask-positional", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kw25}")
x, mask = torch.randn(2, 8), torch.ones(2, 4)
y = m(x, mask)  # the serving code passes the mask positionally
""", "The package was exported with the mask as a keyword example (kwargs={'mask': ...}); "
       "calling it with the mask positionally gives a different input pytree than the one "
       "recorded at export.",
       "Call the package the way it was exported (m(x, mask=mask)), or export with the mask in "
       "args.",
       needs=("s",), match=r"[Ss]pec|pytree|tree|structure|kwargs|args")


# ------------------------------------------------------------- re-exporting ep.module()
def case_09():
    return _c("case_09", "reexport-with-batch-dim", "dynamic_shape_guard", "export", """
""" + LIN + """
from torch.export import Dim
ep = torch.export.export(M(), (torch.randn(2, 8),))  # the program handed over (static)
ep2 = torch.export.export(ep.module(), (torch.randn(2, 8),),
                          dynamic_shapes={"x": {0: Dim("batch", min=2, max=64)}})
""", "The handed-over program was exported with a static batch of 2; re-exporting its "
       "ep.module() with a batch Dim meets the module's own input guard (batch == 2), so the "
       "dynamic dimension is specialised.",
       "Re-export the original nn.Module with the batch Dim (ep.module() keeps the static "
       "guards of the first export).",
       match=r"[Cc]onstraint|speciali|Guard|guard")


def case_10():
    return _c("case_10", "reexport-strict", "export_failure", "export", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
ep2 = torch.export.export(ep.module(), (torch.randn(2, 8),), strict=True)
""", "Strict export (Dynamo) is run over ep.module(), an unlifted GraphModule carrying export's "
       "own input-guard and pytree machinery, which Dynamo fails to trace.",
       "Re-export the original nn.Module, or use strict=False for a program's module().")


def case_11():
    return _c("case_11", "reexport-unflattened", "unsupported", "export", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.head(torch.relu(self.enc(x)))
ep = torch.export.export(Net(), (torch.randn(2, 8),), preserve_module_call_signature=("enc",))
uf = torch.export.unflatten(ep)
uf.enc = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Tanh())  # swap in the new encoder
ep2 = torch.export.export(uf, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep2, package_path="{scratch}/mod25.pt2")
""", "The unflattened module (with a swapped encoder) is re-exported; export does not support "
       "tracing an UnflattenedModule back into a program.",
       "Swap the submodule in the original nn.Module and export it again.")


# ------------------------------------------------------------------ run_decompositions
def case_12():
    return _c("case_12", "linear-rule-two-args", "export_failure", "export", """
""" + LIN + """
table = torch.export.default_decompositions()
def linear_as_mm(x, w):  # written against the bias-free layers of another model
    return torch.ops.aten.mm.default(x, torch.ops.aten.t.default(w))
table[torch.ops.aten.linear.default] = linear_as_mm
ep = torch.export.export(M(), (torch.randn(2, 8),)).run_decompositions(table)
""", "A custom decomposition for aten.linear takes only (x, w); the model's linear has a bias, "
       "so run_decompositions calls the rule with three arguments.",
       "Give the rule the op's full schema (x, w, bias=None) and handle the bias.",
       match=r"positional argument")


def case_13():
    return _c("case_13", "linear-rule-no-transpose", "export_failure", "export", """
""" + LIN + """
table = torch.export.default_decompositions()
def linear_as_matmul(x, w, b=None):
    y = torch.ops.aten.mm.default(x, w)  # weight is (out, in): the transpose was forgotten
    return y if b is None else y + b
table[torch.ops.aten.linear.default] = linear_as_matmul
ep = torch.export.export(M(), (torch.randn(2, 8),)).run_decompositions(table)
""", "The custom aten.linear decomposition multiplies by the (out, in) weight without "
       "transposing it, so the matmul shapes (2x8 @ 4x8) do not match while decomposing.",
       "Use w.t() in the rule (mm(x, t(w))), and test custom rules on the eager op first.",
       match=r"multiplied|reduction dim|size mismatch|shape")


def case_14():
    return _c("case_14", "packet-as-table-key", "unsupported", "export", """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.gelu(x) * 2
table = torch.export.default_decompositions()
def gelu_tanh(x, approximate="none"):
    return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))
table[torch.ops.aten.gelu] = gelu_tanh  # the op packet, not an overload
ep = torch.export.export(Act(), (torch.randn(2, 8),)).run_decompositions(table)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pkt25.pt2")
""", "The decomposition table is keyed by the OpOverloadPacket torch.ops.aten.gelu instead of "
       "an overload (aten.gelu.default); run_decompositions expects OpOverload keys.",
       "Key the table by the overload: table[torch.ops.aten.gelu.default] = rule.")


def case_15():
    return _c("case_15", "textbook-softmax-rule", "numerical", "run", """
class Attn(torch.nn.Module):
    def forward(self, s):
        return torch.softmax(s, dim=-1)
table = torch.export.default_decompositions()
def softmax(x, dim, half_to_float):  # the textbook formula used for an accelerator pipeline
    e = torch.exp(x)
    return e / e.sum(dim, keepdim=True)
table[torch.ops.aten._softmax.default] = softmax
ep = torch.export.export(Attn(), (torch.randn(2, 8),)).run_decompositions(table)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sm25.pt2")
m = torch._inductor.aoti_load_package(pkg)
s = torch.randn(2, 8) * 40 + 60  # real attention scores reach the hundreds
p = m(s)
assert torch.isfinite(p).all(), f"non-finite attention probabilities: {p}"
""", "The custom softmax decomposition computes exp(x) without subtracting the row maximum; "
       "for scores above ~88 exp overflows float32 to inf and inf/inf gives NaN probabilities, "
       "with no error.",
       "Subtract the max in the rule (e = exp(x - x.amax(dim, keepdim=True))) or keep the "
       "default softmax decomposition.",
       match=r"non-finite")


# ---------------------------------------------------------- passes over ep.graph_module
def case_16():
    return _c("case_16", "activation-swap-pass", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
for n in ep.graph_module.graph.nodes:
    if n.op == "call_function" and n.target == torch.ops.aten.relu.default:
        n.target = torch.sigmoid  # hand-written pass: swap the activation
ep.graph_module.recompile()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sig25.pt2")
""", "A hand-written pass replaces aten.relu with the Python-level torch.sigmoid in the "
       "exported graph; an exported program must contain ATen OpOverloads only.",
       "Replace with the ATen overload (torch.ops.aten.sigmoid.default), or change the "
       "nn.Module and export again.")


def case_17():
    return _c("case_17", "scale-node-pass", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
g = ep.graph_module.graph
relu = next(n for n in g.nodes if n.target == torch.ops.aten.relu.default)
with g.inserting_after(relu):
    scaled = g.call_function(torch.ops.aten.mul.Tensor, (relu, 0.5))  # temperature pass
relu.replace_all_uses_with(scaled)
scaled.args = (relu, 0.5)
ep.graph_module.recompile()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/scale25.pt2")
""", "A hand-written pass inserts an aten.mul node into the exported graph without its "
       "node.meta['val'] (the FakeTensor export records for every node), which Inductor needs "
       "to lower the graph.",
       "Set node.meta['val'] for inserted nodes (or rewrite the nn.Module and export again).")


def case_18():
    return _c("case_18", "extra-placeholder-pass", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
g = ep.graph_module.graph
x = next(n for n in g.nodes if n.op == "placeholder" and n.name == "x")
with g.inserting_after(x):
    t = g.placeholder("temperature")  # a new runtime input added by a pass
out = next(n for n in g.nodes if n.op == "output")
with g.inserting_before(out):
    y = g.call_function(torch.ops.aten.div.Tensor, (out.args[0][0], t))
out.args = ((y,),)
ep.graph_module.recompile()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/temp25.pt2")
""", "A pass adds a new placeholder (a temperature input) to the exported graph without adding "
       "it to the program's graph signature and call spec, so the program no longer matches "
       "its own signature.",
       "Add inputs in the nn.Module's forward and export again; passes must not change a "
       "program's signature.",
       match=r"placeholder|lifted inputs")


def case_19():
    return _c("case_19", "bias-dropped-from-program", "constant_loading", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
del ep.state_dict["lin.bias"]  # "the bias is zero after fine-tuning": drop it from the program
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nob25.pt2")
""", "The bias was deleted from ep.state_dict but the graph still takes it as a parameter "
       "input, so there is no value for that constant when the package is built.",
       "Remove the bias in the nn.Module (bias=False) and export again; never delete entries "
       "of ep.state_dict.",
       match=r"lin\.bias|bias")


def case_20():
    return _c("case_20", "numpy-checkpoint-weights", "constant_loading", "run", """
import numpy as np
""" + LIN + """
torch.manual_seed(0)
model = M()
ep = torch.export.export(model, (torch.randn(2, 8),))
w = np.random.default_rng(0).standard_normal((4, 8))  # weights from a NumPy checkpoint (float64)
ep.state_dict["lin.weight"] = torch.nn.Parameter(torch.from_numpy(w), requires_grad=False)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/w64_25.pt2")
m = torch._inductor.aoti_load_package(pkg)
with torch.no_grad():
    model.lin.weight.copy_(torch.from_numpy(w))
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), model(x))
""", "A float64 NumPy weight is written into ep.state_dict in place of the float32 parameter; "
       "the graph still says float32, so the package is built with a constant of the wrong "
       "dtype.",
       "Convert the weights to the exported dtype (torch.from_numpy(w).float()) before putting "
       "them in the program, or load them into the nn.Module and export again.",
       match=r"not close|dtype|Double|double")


# ----------------------------------------------------------------- save / load round trips
def case_21():
    return _c("case_21", "program-pickled", "unsupported", "export", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
torch.save(ep, "{scratch}/program.pt")  # saved like any other artifact of the training job
ep2 = torch.load("{scratch}/program.pt")
""", "The ExportedProgram is pickled with torch.save; torch.load (weights_only=True by default) "
       "refuses the ExportedProgram/GraphModule globals in the pickle.",
       "Save programs with torch.export.save and read them with torch.export.load.",
       match=r"weights_only|Weights only|[Uu]npickl|pickle")


def case_22():
    return _c("case_22", "program-archive-to-loader", "kernel_binary_missing", "load", """
m = torch._inductor.aoti_load_package("{prog25}")  # the .pt2 the export step wrote
""", "The .pt2 file is an ExportedProgram written by torch.export.save (not compiled); "
       "aoti_load_package finds no compiled model library in it.",
       "Compile it first: aoti_compile_and_package(torch.export.load(path)), and load that "
       "package.",
       needs=("s",), match=r"cpp file or so file|model")


def case_23():
    return _c("case_23", "buffer-not-rewound", "unknown", "export", """
import io
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
buf = io.BytesIO()
torch.export.save(ep, buf)  # kept in memory between the export and compile steps
ep2 = torch.export.load(buf)
""", "The program is saved into an in-memory buffer and loaded from the same buffer without "
       "rewinding it (buf.seek(0)), so the reader starts at the end of the data.",
       "Call buf.seek(0) before torch.export.load(buf) (or pass io.BytesIO(buf.getvalue())).",
       match=r"zip|archive|central directory|EOF|read")


def case_24():
    return _c("case_24", "program-opened-as-text", "unknown", "export", """
with open("{prog25}") as f:  # opened in text mode
    ep = torch.export.load(f)
""", "The saved program is opened in text mode and the text file object is handed to "
       "torch.export.load, which reads a binary zip archive.",
       "Open the file in binary mode (open(path, 'rb')) or pass the path itself.",
       needs=("s",), match=r"decode|bytes|str|binary")


def case_25():
    return _c("case_25", "pinned-opset-on-load", "version_mismatch", "export", """
ep = torch.export.load("{prog25}", expected_opset_version={"aten": 99})
""", "The compile job pins expected_opset_version={'aten': 99} (from a newer torch) when "
       "loading a program written with the installed torch's aten opset.",
       "Do not pin expected_opset_version, or compile with the torch that matches the saved "
       "opset.",
       needs=("s",), match=r"opset|version")


# ------------------------------------------------------------------- inductor_configs
def case_26():
    return _c("case_26", "package-option-off", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/cfg25.pt2", inductor_configs={"aot_inductor.package": False})
m = torch._inductor.aoti_load_package(pkg)
""", "The build's shared config sets aot_inductor.package=False (for the legacy .so flow), which "
       "conflicts with aoti_compile_and_package, which always writes a package.",
       "Drop aot_inductor.package from inductor_configs for aoti_compile_and_package.")


def case_27():
    return _c("case_27", "generated-files-renamed", "kernel_binary_missing", "load", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/ranker25.pt2",
    inductor_configs={"aot_inductor.model_name_for_generated_files": "ranker"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "model_name_for_generated_files renames the generated files; the loader looks for the "
       "default model name and finds no library under it.",
       "Leave model_name_for_generated_files unset for aoti_load_package packages.",
       match=r"cpp file or so file|model|ranker")


def case_28():
    return _c("case_28", "config-snapshot", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
cfg = torch._inductor.config.get_config_copy()  # snapshot of the tuned session's config
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/cfgcopy25.pt2", inductor_configs=cfg)
""", "A full snapshot of torch._inductor.config (get_config_copy()) is passed as "
       "inductor_configs; it holds entries that cannot be patched for an AOTI compile.",
       "Pass only the options you changed (a small dict), not the whole config.")


def case_29():
    return _c("case_29", "backends-as-list", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/gemm25.pt2",
    inductor_configs={"max_autotune": True, "max_autotune_gemm_backends": ["ATEN", "CPP"]})
""", "max_autotune_gemm_backends is given a Python list; the option is a comma-separated "
       "string, and the list has no string methods.",
       "Write max_autotune_gemm_backends='ATEN,CPP'.",
       match=r"list|upper|split|str")


def case_30():
    return _c("case_30", "freeze-and-fold", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/fold25.pt2",
    inductor_configs={"freezing": True, "aot_inductor.use_runtime_constant_folding": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "freezing (constants folded at compile time) is combined with runtime constant folding; "
       "the two options conflict.",
       "Use one of them: freezing for fixed weights, or use_runtime_constant_folding for "
       "swappable weights.")


# ------------------------------------------------------------------------- package_path
def case_31():
    return _c("case_31", "path-is-unpacked-copy", "unknown", "compile", """
import os
""" + LIN + """
os.makedirs("{scratch}/dir25.pt2/data")  # an unzipped copy of last week's package, same name
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dir25.pt2")
""", "package_path names a directory (an unzipped copy of an earlier package with the same "
       "name), so the archive file cannot be created there.",
       "Write the package to a free file path (or remove the unpacked directory first).",
       match=r"[Dd]irectory|Errno")


def case_32():
    return _c("case_32", "handle-opened-for-reading", "unsupported", "compile", """
""" + LIN + """
open("{scratch}/ro25.pt2", "wb").close()
ep = torch.export.export(M(), (torch.randn(2, 8),))
with open("{scratch}/ro25.pt2", "rb") as f:  # the artifact handle was opened for reading
    pkg = torch._inductor.aoti_compile_and_package(ep, package_path=f)
""", "package_path is a file object opened for reading ('rb'); aoti_compile_and_package takes "
       "a path ending in .pt2, None or an in-memory buffer, and refuses the file object.",
       "Pass the path itself (or an io.BytesIO and write its bytes to the file afterwards).",
       match=r"package path")


def case_33():
    return _c("case_33", "path-as-pathlib", "torch_bug", "compile", """
import pathlib
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path=pathlib.Path("{scratch}") / "path25.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "package_path is a pathlib.Path (an accepted FileLike); the package is written, but "
       "aoti_compile_and_package then asserts that the returned str path equals the Path "
       "object, which never holds, so a correct build raises.",
       "Pass str(path) as package_path until the comparison is fixed upstream.",
       match=r"expected res == package_path")


# ------------------------------------------------ legacy aot_compile results, new loader
def case_34():
    return _c("case_34", "so-into-package-loader", "deprecated_api", "load", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
so = torch._inductor.aot_compile(ep.module(), (torch.randn(2, 8),))  # the older build script
m = torch._inductor.aoti_load_package(so)  # the newer serving code
""", "The legacy torch._inductor.aot_compile returns the path of a bare .so; the serving code "
       "loads it with aoti_load_package, which reads .pt2 zip archives only.",
       "Build with aoti_compile_and_package (a .pt2) for aoti_load_package, or load the .so with "
       "the legacy loader until the build is migrated.",
       match=r"zip|archive")


def case_35():
    return _c("case_35", "file-list-into-package-loader", "deprecated_api", "load", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
files = torch._inductor.aot_compile(ep.module(), (torch.randn(2, 8),),
                                    options={"aot_inductor.package": True})
m = torch._inductor.aoti_load_package(files)
""", "With aot_inductor.package=True the legacy torch._inductor.aot_compile returns the list of "
       "generated files (input for package_aoti), not a package; aoti_load_package is handed "
       "that list.",
       "Pass the list to torch._inductor.package.package_aoti(path, files) first (or use "
       "aoti_compile_and_package), then load the .pt2.",
       match=r"list|str|path|PathLike")


# ------------------------------------------------------------------------- draft_export
def case_36():
    return _c("case_36", "draft-assumed-pairs", "dynamic_shape_guard", "run", """
class Pairs(torch.nn.Module):
    def forward(self, x):
        idx = x.nonzero()[:, 0]
        return idx.view(-1, 2).float().mean(1)  # active positions come in pairs
assert hasattr(torch.export, "draft_export")
ep = torch.export.draft_export(Pairs(), (torch.tensor([1.0, 0.0, 2.0, 3.0, 0.0, 4.0]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/draft25.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1.0, 0.0, 2.0, 3.0, 0.0, 0.0]))  # three active positions
""", "draft_export got past the data-dependent view(-1, 2) of the nonzero count by assuming the "
       "count is even (a runtime assertion); a request with three nonzero positions violates "
       "the assumption in the package.",
       "Read draft_export's report and fix the model (pad to pairs or use torch._check), so the "
       "assumption is checked or not needed.",
       match=r"[Aa]ssert|Runtime|shape|invalid|view|divisible")


def case_37():
    return _c("case_37", "draft-sign-branch", "export_failure", "run", """
class Sign(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # data-dependent branch
            return x * 2
        return x - 1
assert hasattr(torch.export, "draft_export")
ep = torch.export.draft_export(Sign(), (torch.ones(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sign25.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = -torch.ones(4)
torch.testing.assert_close(m(x), Sign()(x))
""", "forward branches in Python on the input's values, which export cannot capture; "
       "draft_export gets past it by specialising the branch for the example and inserting a "
       "runtime assertion, so the package raises for an input that takes the other branch.",
       "Write the branch with torch.where/torch.cond (draft_export's report lists the "
       "data-dependent guard it assumed).",
       match=r"Expected")


# ------------------------------------------------------------------------ _trace options
def case_38():
    return _c("case_38", "private-trace-old-keyword", "deprecated_api", "export", """
""" + LIN + """
from torch.export._trace import _export
ep = _export(M(), (torch.randn(2, 8),), allow_complex_guards_as_runtime_asserts=True)
""", "The private torch.export._trace._export is called with "
       "allow_complex_guards_as_runtime_asserts, a keyword an older release had; it was renamed "
       "(prefer_deferred_runtime_asserts_over_guards).",
       "Use the public torch.export.export(..., prefer_deferred_runtime_asserts_over_guards=True).",
       match=r"allow_complex_guards_as_runtime_asserts")


def case_39():
    return _c("case_39", "pre-dispatch-no-grad", "unsupported", "compile", """
class Frozen(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 4)
    def forward(self, x):
        with torch.no_grad():  # frozen backbone
            f = self.backbone(x)
        return self.head(f)
from torch.export._trace import _export
ep = _export(Frozen(), (torch.randn(2, 8),), pre_dispatch=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pre25.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A pre-dispatch program (torch.export._trace._export(pre_dispatch=True)) keeps the no_grad "
       "region as a set-grad higher-order op, expected not to be handled by AOTI.",
       "Export with torch.export.export (or run_decompositions) before AOTI.")


# ------------------------------------------------------------- added after the first trial
def case_40():
    return _c("case_40", "weightless-program", "device_mismatch", "compile", """
""" + LIN + """
from torch.export.passes import move_to_device_pass
ep = torch.export.export(M(), (torch.randn(2, 8),))
ep = move_to_device_pass(ep, "meta")  # ship a weight-less program to the build host
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/meta25.pt2")
""", "move_to_device_pass(ep, 'meta') moves the program's weights (and its device arguments) "
       "to the meta device, which has no data, so AOTI cannot build a CPU package with real "
       "constants from it.",
       "Compile the program with its weights on the target device (move_to_device_pass(ep, "
       "'cpu')), and ship the weights rather than a meta program.",
       match=r"meta")


def case_41():
    return _c("case_41", "output-type-registered-elsewhere", "unsupported", "export", """
import subprocess, sys, textwrap
WRITER = textwrap.dedent(\'\'\'
import dataclasses, torch
@dataclasses.dataclass
class Scores:
    logits: torch.Tensor
    probs: torch.Tensor
torch.export.register_dataclass(Scores, serialized_type_name="ranker.Scores")
class Ranker(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        y = self.lin(x)
        return Scores(y, torch.softmax(y, -1))
torch.export.save(torch.export.export(Ranker(), (torch.randn(2, 8),)), "{scratch}/ranker.pt2")
\'\'\')
r = subprocess.run([sys.executable, "-c", WRITER], capture_output=True, text=True, timeout=240)
assert r.returncode == 0, r.stderr[-2000:]
ep = torch.export.load("{scratch}/ranker.pt2")  # the compile job never imports the ranker code
""", "The program was saved by the training job, whose output dataclass was registered with "
       "torch.export.register_dataclass; the compile job loads it without importing/registering "
       "that type, so the saved output spec names an unknown pytree type.",
       "Import the module that registers the dataclass (same serialized_type_name) before "
       "torch.export.load, or return a tuple/dict of tensors.",
       match=r"deserializ")


def case_42():
    return _c("case_42", "threads-from-env-text", "unsupported", "compile", """
import os
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/thr25.pt2",
    inductor_configs={"compile_threads": os.environ.get("BUILD_JOBS", "2")})
""", "compile_threads is filled from an environment variable, i.e. a str, where the option "
       "takes an int.",
       "Convert it: int(os.environ.get('BUILD_JOBS', '2')).")


def case_43():
    return _c("case_43", "mmap-weights-only", "constant_loading", "run", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/mmap25.pt2",
    inductor_configs={"aot_inductor.force_mmap_weights": True})
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(2, 8)))
""", "force_mmap_weights asks the package to map its weights from a separate file, expected "
       "not to be found by aoti_load_package.",
       "Leave force_mmap_weights unset for aoti_load_package packages.")


def case_44():
    return _c("case_44", "tuple-spec-with-keyword", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Masked(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, mask=None):
        return (self.lin(x) * mask).sum(1)
b = Dim("batch", min=2, max=64)
ep = torch.export.export(Masked(), (torch.randn(2, 8),), {"mask": torch.ones(2, 4)},
                         dynamic_shapes=({0: b}, {0: b}))  # positional spec for a keyword input
""", "The mask is a keyword example, but dynamic_shapes is written as a positional tuple of two "
       "specs, which does not match the (args, kwargs) structure of the inputs.",
       "Key the spec by argument name: dynamic_shapes={'x': {0: b}, 'mask': {0: b}}.",
       match=r"dynamic_shapes|structure|tuple|mask")


def case_45():
    return _c("case_45", "decompose-preserved-program", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.GELU())
        self.head = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.head(self.enc(x))
ep = torch.export.export(Net(), (torch.randn(2, 8),), preserve_module_call_signature=("enc",))
ep = ep.run_decompositions()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pres25.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A program exported with preserve_module_call_signature is decomposed "
       "(run_decompositions) and compiled; expected to be refused.",
       "Export without preserve_module_call_signature for AOTI.")


def case_46():
    return _c("case_46", "caller-name-logging", "export_failure", "export", """
import inspect
class Tagged(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.callers = []
    def forward(self, x):
        self.callers.append(inspect.stack()[1].function)  # which service called the model
        return self.lin(x)
ep = torch.export.export(Tagged(), (torch.randn(2, 8),), strict=True)
""", "Strict export (Dynamo) cannot trace inspect.stack(), which forward calls to record its "
       "caller.",
       "Record the caller outside forward, or export with strict=False.",
       match=r"inspect|stack|Unsupported|unsupported|skip")


def case_47():
    return _c("case_47", "mask-left-out", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kw25}")
y = m(torch.randn(2, 8))  # a caller that has no mask relies on the default mask=None
""", "The package was exported with a mask keyword example, so the mask is a required input "
       "of the compiled model; the caller leaves it out relying on forward's default None.",
       "Always pass the mask the package was exported with (e.g. torch.ones), or export a "
       "separate package without it.",
       needs=("s",), match=r"[Ss]pec|pytree|tree|structure|kwargs|args|inputs")



def case_48():
    return _c("case_48", "unflattened-called-with-target", "input_mismatch", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.head(torch.relu(self.enc(x)))
ep = torch.export.export(Net(), (torch.randn(2, 8),), preserve_module_call_signature=("enc",))
uf = torch.export.unflatten(ep)
x, target = torch.randn(2, 8), torch.randn(2, 4)
y = uf(x, target)  # the evaluation loop calls every model as model(x, target)
""", "The unflattened program is called by an evaluation loop that passes (x, target) to every "
       "model; the program was exported with one input, so the extra argument does not match "
       "its input spec.",
       "Call the program with exactly the exported inputs (uf(x)), or export a wrapper that "
       "takes and ignores the target.",
       match=r"[Ss]pec|pytree|tree|structure|args|inputs|argument")


def case_49():
    return _c("case_49", "rule-without-return", "export_failure", "export", """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.gelu(x) + 1
table = torch.export.default_decompositions()
def gelu_rule(x, approximate="none"):
    y = x * torch.sigmoid(1.702 * x)  # sigmoid approximation for the target runtime
table[torch.ops.aten.gelu.default] = gelu_rule
ep = torch.export.export(Act(), (torch.randn(2, 8),)).run_decompositions(table)
""", "The custom aten.gelu decomposition computes its result but never returns it, so "
       "run_decompositions gets None where the op's tensor output should be.",
       "Return the result from the rule (return x * torch.sigmoid(1.702 * x)).",
       match=r"None|NoneType")


def case_50():
    return _c("case_50", "weight-as-plain-tensor", "constant_loading", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
new_w = torch.randn(4, 8)  # fine-tuned weight read from a checkpoint (a plain tensor)
ep.state_dict["lin.weight"] = new_w
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/plain25.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A parameter in ep.state_dict is replaced by a plain tensor (not an nn.Parameter); when "
       "the program is unlifted for compilation the constant is refused because a PARAMETER "
       "entry must be an nn.Parameter.",
       "Wrap replacements as torch.nn.Parameter(w, requires_grad=False), or load the weights into "
       "the nn.Module and export again.",
       match=r"nn\.Parameter")


def case_51():
    return _c("case_51", "debug-print-in-forward", "export_failure", "export", """
class Printed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        y = self.lin(x)
        print(f"logits: {y}")  # debugging print left in
        return y
ep = torch.export.export(Printed(), (torch.randn(2, 8),), strict=True)
""", "Strict export (Dynamo) meets a debugging print of a tensor's values (its repr) in "
       "forward, which it cannot put into a graph.",
       "Remove the print (or print outside forward / use strict=False, where it prints a "
       "FakeTensor once).",
       match=r"print|repr|Unsupported|unsupported|format")



def case_52():
    return _c("case_52", "rules-keyed-by-name", "unsupported", "export", """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.gelu(x) * 2
table = torch.export.default_decompositions()
def gelu_tanh(x, approximate="none"):
    return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))
rules = {"aten::gelu": gelu_tanh}  # rules read from the deployment config, keyed by op name
table.update(rules)
ep = torch.export.export(Act(), (torch.randn(2, 8),)).run_decompositions(table)
""", "The decomposition table is extended with entries keyed by op-name strings ('aten::gelu') "
       "from a config file; run_decompositions expects OpOverload keys and fails on the string.",
       "Map names to overloads first (torch.ops.aten.gelu.default) before adding them to the "
       "table.", match=r"str|aten::gelu")



def case_53():
    return _c("case_53", "layer-norm-rule-one-output", "export_failure", "export", """
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.LayerNorm(8)
    def forward(self, x):
        return self.norm(x) * 2
table = torch.export.default_decompositions()
def layer_norm(x, shape, w, b, eps):  # returns the normalised tensor only
    mu = x.mean(-1, keepdim=True)
    var = x.var(-1, unbiased=False, keepdim=True)
    return (x - mu) / torch.sqrt(var + eps) * w + b
table[torch.ops.aten.native_layer_norm.default] = layer_norm
ep = torch.export.export(Block(), (torch.randn(2, 8),)).run_decompositions(table)
""", "The custom decomposition for aten.native_layer_norm returns only the normalised tensor; "
       "the op returns a triple (output, mean, rstd), and the graph indexes the rule's result "
       "as such.",
       "Return all three outputs (out, mean, rstd) from the rule, or decompose aten.layer_norm "
       "instead.", match=r"sequence")


CASES = [case_03, case_04, case_06, case_07, case_08, case_09, case_12, case_13, case_15, case_18,
         case_19, case_20, case_21, case_22, case_24, case_29, case_31, case_32, case_33, case_34,
         case_35, case_36, case_37, case_38, case_41, case_46, case_48, case_49, case_50, case_53]
# Dropped after the trial: case_47 (the kwargs package called without its mask) failed with the
# same "kwarg keyword mismatch ... expected ['mask']" check as case_08, a duplicate within this
# set. Changed after the trials: case_04's regex gained "pickle" (the FakeTensor fails to pickle);
# case_32 was relabelled unknown -> unsupported (the file object is refused by an explicit check
# on package_path); case_33 was a probe (expected to pass or be refused) and its real failure is
# an assertion comparing a str to the Path, relabelled torch_bug with its cause rewritten; case_37
# raises the deferred runtime assertion in the package instead of silently taking a branch (cause,
# phase and regex rewritten, label unchanged); case_41's regex became "deserializ" (the type name
# is only in the warnings on stderr); case_18 and case_50 got regexes for what they raised.
DROPPED = [case_47]
# Tried on torch 2.14.1+cu130 and did NOT fail, so left out of CASES (kept to rerun on another
# torch): case_01 (strict export of a forward memoising by id(x): traced), case_02 (an
# lru_cache-wrapped helper under strict export: traced), case_05 (a tensor attribute assigned in
# forward under non-strict export: exported), case_10 (strict re-export of ep.module(): exported),
# case_11 (an UnflattenedModule with a swapped submodule re-exported and compiled: worked),
# case_14 (a decomposition table keyed by the OpOverloadPacket aten.gelu: accepted and compiled),
# case_16 (a pass setting a node's target to torch.sigmoid: compiled), case_17 (a pass inserting
# an aten.mul node without meta['val']: compiled), case_23 (torch.export.load of a BytesIO not
# rewound: load seeks itself), case_25 (expected_opset_version={'aten': 99} on load: loaded),
# case_26 (inductor_configs aot_inductor.package=False: a package was written and loaded),
# case_27 (model_name_for_generated_files='ranker': the loader found it), case_28 (the whole
# get_config_copy() as inductor_configs: compiled), case_30 (freezing with runtime constant
# folding: compiled, loaded, ran), case_39 (a pre_dispatch=True program with a no_grad region:
# compiled and ran), case_40 (move_to_device_pass(ep, 'meta') then compile: compiled), case_42
# (compile_threads given as the str '2': compiled), case_43 (force_mmap_weights alone: loaded
# and ran), case_44 (a positional dynamic_shapes tuple for an args+kwargs example: accepted),
# case_45 (preserve_module_call_signature + run_decompositions + AOTI: ran), case_51 (a print of
# a tensor inside forward under strict export: traced), case_52 (decomposition rules keyed by the
# string 'aten::gelu': ignored).
TRIED = [case_01, case_02, case_05, case_10, case_11, case_14, case_16, case_17, case_23, case_25,
         case_26, case_27, case_28, case_30, case_39, case_40, case_42, case_43, case_44, case_45,
         case_51, case_52]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("s", SETUP_S),),
        default_out=ROOT / "benchmarks" / "live_blind25.jsonl",
        url_file="benchmarks/live_blind25.py", id_prefix="live25", stems=STEMS,
        scratch_prefix="live_blind25-", description=__doc__.splitlines()[0]))
