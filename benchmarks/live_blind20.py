"""A twentieth blind set of REAL AOTInductor failures (control flow and higher-order ops on their way to a package), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (K), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind20.py [--out benchmarks/live_blind20.jsonl] [--keep]

Theme: models whose forward uses control flow and higher-order ops (torch.cond, while_loop,
scan, map, associative_scan, nested_compile_region), torch._check hints, data-dependent
branches rewritten by hand, recursion, torch.compiler.is_compiling branches, branch outputs of
different kinds and layouts, side effects and closures inside branches, predicates and operands
of the wrong kind, and then the compiled packages run with inputs that take the other branch or
loop more often than was traced. APIs are feature-detected (hasattr) where they are new. No
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

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
SETUP_K = """
import json, os, torch
from torch.export import Dim
from torch._higher_order_ops.scan import scan
from torch._higher_order_ops.while_loop import while_loop
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

class Gate(torch.nn.Module):
    # a head that is switched on or off per request by a boolean flag tensor
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, flag):
        return torch.cond(flag, lambda t: self.lin(t), lambda t: self.lin(t).detach() * 0, (x,))

class Steps(torch.nn.Module):
    # an iterative refiner: n steps, each scaled by an 8-entry step-size schedule
    def __init__(self):
        super().__init__()
        self.register_buffer("sched", torch.linspace(1, 0.1, 8))
    def forward(self, x, n):
        def c(i, h):
            return i < n
        def b(i, h):
            return i + 1, h * self.sched.index_select(0, i.reshape(1))
        _, h = while_loop(c, b, (torch.zeros((), dtype=torch.long), x))
        return h

class Ema(torch.nn.Module):
    # exponential smoothing over time with the scan higher-order op
    def forward(self, xs):
        def step(c, x):
            c = 0.9 * c + 0.1 * x
            return c, c.clone()
        last, ys = scan(step, torch.zeros_like(xs[0]), xs)
        return ys

class Frames(torch.nn.Module):
    # a recurrent smoother over fixed 512-frame windows of 4096 features
    def forward(self, xs):
        def step(c, x):
            c = torch.tanh(c + x)
            return c, c.clone()
        last, ys = scan(step, torch.zeros_like(xs[0]), xs)
        return ys.sum(0)

class Stream(torch.nn.Module):
    # a recurrent encoder that keeps the 1024-wide state of every step
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 1024)
    def forward(self, xs):
        def step(c, x):
            c = torch.tanh(0.5 * c + self.proj(x))
            return c, c.clone()
        return scan(step, torch.zeros(1024), xs)[1]

def build(name, m, args, dynamic_shapes=None):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("gate20", Gate(), (torch.randn(2, 8), torch.tensor(True)))
build("steps20", Steps(), (torch.randn(4), torch.tensor(3)))
build("scan20", Ema(), (torch.randn(6, 4),), {"xs": {0: Dim("T", min=2, max=64)}})
build("frames20", Frames(), (torch.randn(512, 4096),))
build("stream20", Stream(), (torch.randn(8, 16),), {"xs": {0: Dim("T", min=2, max=1 << 20)}})
with open(os.path.join(out, "setup_k.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"gate20", "steps20", "scan20", "frames20", "stream20", "flagint20", "printhop20",
         "where20", "mlog20", "skipval20", "rdiff20", "clipcfg20", "fpred20", "region20",
         "gscan20", "mapped20", "legacy20", "mask20", "drop20", "sample20", "cscan20",
         "jit20", "amp20", "region2_20", "loopcond20",
         "passthru20", "seen20", "empty20"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# --------------------------------------------------------- torch.cond: operands and predicates
def case_01():
    return _c("case_01", "operands-by-name", "export_failure", "export", """
class Head(torch.nn.Module):
    def forward(self, x):
        # operands passed by name, like the keyword arguments of the branch functions
        return torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, {"t": x})
ep = torch.export.export(Head(), (torch.randn(4),))
""", "torch.cond is given its operands as a dict keyed by the branch functions' argument name; "
       "cond takes a tuple (possibly nested) of operands and passes them positionally, so it "
       "rejects the top-level dict.",
       "Pass the operands as a tuple: torch.cond(pred, f, g, (x,)).",
       match=r"Expect operands to be a tuple")


def case_02():
    return _c("case_02", "scale-as-operand", "export_failure", "export", """
class Head(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t, s: t * s, lambda t, s: t - s, (x, 0.5))
ep = torch.export.export(Head(), (torch.randn(4),))
""", "A Python float is passed among torch.cond's operands; operands may only be tensors.",
       "Close over the float in the branch functions (or pass torch.tensor(0.5)).",
       match=r"Expect operands to be a tuple")


def case_03():
    return _c("case_03", "passthrough-branch", "unsupported", "export", """
class Denoise(torch.nn.Module):
    def forward(self, x):
        # early exit: a clean signal is returned as it is
        return torch.cond(x.abs().max() < 3, lambda t: t, lambda t: t.clamp(-3, 3) * 0.5, (x,))
ep = torch.export.export(Denoise(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/passthru20.pt2")
""", "The early-exit branch of torch.cond returns its operand unchanged (lambda t: t); the "
       "output would alias the input, which higher-order ops do not support.",
       "Return t.clone() in the pass-through branch.",
       match=r"aliasing")


def case_04():
    return _c("case_04", "branch-collects-list", "export_failure", "export", """
seen = []
class Router(torch.nn.Module):
    def forward(self, x):
        def hot(t):
            seen.append(t.detach())  # keep the inputs that took the hot path, for debugging
            return t * 2
        return torch.cond(x.sum() > 0, hot, lambda t: t - 1, (x,))
ep = torch.export.export(Router(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/seen20.pt2")
""", "A torch.cond branch appends to a Python list defined outside it (a debugging side "
       "effect); cond branches are traced as pure subgraphs and may not mutate outside state.",
       "Remove the side effect from the branch (return the value as an extra output instead).",
       match=r"Mutating a variable from outside the scope")


def case_05():
    return _c("case_05", "branch-returns-size", "export_failure", "export", """
from torch.export import Dim
class Trim(torch.nn.Module):
    def forward(self, x):
        # each branch also reports how many rows are valid
        return torch.cond(x.sum() > 0, lambda t: (t * 2, t.shape[0]),
                          lambda t: (t - 1, t.shape[0] - 1), (x,))
ep = torch.export.export(Trim(), (torch.randn(6, 3),), dynamic_shapes={"x": {0: Dim("b", min=2, max=64)}})
""", "The torch.cond branches return a row count computed from a dynamic size (a SymInt) next "
       "to the tensor; branch outputs may be tensors or constant ints only.",
       "Return the count as a tensor (torch.tensor(...) / a size-1 tensor) or compute it outside "
       "the cond.",
       match=r"pytree of tensors or constant ints")


def case_06():
    return _c("case_06", "branch-layouts", "export_failure", "export", """
class Pick(torch.nn.Module):
    def forward(self, x):
        # square feature maps: one branch transposes, the other does not
        return torch.cond(x.sum() > 0, lambda t: t.t() * 2, lambda t: t - 1, (x,))
ep = torch.export.export(Pick(), (torch.randn(4, 4),))
""", "One torch.cond branch returns a transposed view (t.t() * 2 keeps the transposed strides) "
       "and the other a contiguous tensor; cond needs both branches to return the same memory "
       "layout.",
       "Call .contiguous() on the transposed branch's output.",
       match=r"stride")


def case_07():
    return _c("case_07", "constant-branch-tag", "torch_bug", "compile", """
class Tagged(torch.nn.Module):
    def forward(self, x):
        # the branch also returns which path ran: 1 or 0
        return torch.cond(x.sum() > 0, lambda t: (t * 2, 1), lambda t: (t - 1, 0), (x,))
ep = torch.export.export(Tagged(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flagint20.pt2")
""", "torch.cond branches return a constant int tag next to the tensor; export accepts constant "
       "int outputs, but Inductor's lowering of the cond outputs fails on them "
       "('ShapeAsConstantBuffer' has no attribute 'dtype'), an Inductor bug.",
       "Return the tag as a tensor (torch.tensor(1)) or derive it from the predicate outside "
       "the cond; report the lowering bug.",
       match=r"ShapeAsConstantBuffer|LoweringException")


def case_08():
    return _c("case_08", "print-in-branch", "torch_bug", "export", """
hprint = getattr(torch._higher_order_ops, "print", None)
assert hprint is not None, "torch._higher_order_ops.print not available"
class Router(torch.nn.Module):
    def forward(self, x):
        def hot(t):
            hprint("hot branch taken, sum={}", t.sum())  # the traceable print op
            return t * 2
        return torch.cond(x.sum() > 0, hot, lambda t: t - 1, (x,))
ep = torch.export.export(Router(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/printhop20.pt2")
""", "The traceable print higher-order op (torch._higher_order_ops.print) is used inside a "
       "torch.cond branch; export produces the print node without its meta['val'], so its own "
       "verifier rejects the graph (an internal inconsistency).",
       "Print outside the cond (or return the value and log it in the caller); report the bug.",
       match=r"missing val|SpecViolation")


def case_09():
    return _c("case_09", "gpu-branch", "device_mismatch", "export", """
class Offload(torch.nn.Module):
    def forward(self, x):
        # big inputs go to the accelerator path
        return torch.cond(x.numel() * x.abs().mean() > 100, lambda t: t.cuda() * 2,
                          lambda t: t * 2, (x,))
ep = torch.export.export(Offload(), (torch.randn(4),))
""", "One torch.cond branch moves its operand to CUDA, but the export runs on a CPU-only torch "
       "build, so tracing that branch fails (and cond branches must return the same device "
       "anyway).",
       "Keep both branches on one device; choose the device outside the exported model.",
       match=r"cuda|CUDA")


def case_10():
    return _c("case_10", "vmapped-cond", "unsupported", "export", """
class PerRow(torch.nn.Module):
    def forward(self, x):
        return torch.vmap(lambda r: torch.cond(r.sum() > 0, lambda t: t * 2, lambda t: t - 1, (r,)))(x)
ep = torch.export.export(PerRow(), (torch.randn(3, 4),))
""", "A per-row torch.cond is batched with torch.vmap inside forward; export cannot trace a "
       "vmap of a function it has to inline (vmap of cond is not supported here).",
       "Use torch.where over the batch (both results, selected per row) instead of vmap(cond).",
       match=r"vmap")


def case_11():
    return _c("case_11", "disabled-logger", "unsupported", "export", """
@torch.compiler.disable
def log_stats(t):
    return t
class Router(torch.nn.Module):
    def forward(self, x):
        def slow(t):
            log_stats(t)  # a metrics hook that is kept out of compilation
            return torch.tanh(t)
        return torch.cond(x.sum() > 0, lambda t: t * 2, slow, (x,))
ep = torch.export.export(Router(), (torch.randn(4),))
""", "A torch.cond branch calls a helper decorated with @torch.compiler.disable; a branch must "
       "be captured completely, and a disabled function cannot be traced into it.",
       "Move the call out of the branch (or drop the decorator for the exported path).",
       match=r"torch.compiler.disable")


def case_12():
    return _c("case_12", "seeded-noise-branch", "unsupported", "export", """
class Augment(torch.nn.Module):
    def forward(self, x, on):
        def noisy(t):
            g = torch.Generator().manual_seed(0)  # reproducible noise
            return t + torch.randn(t.shape, generator=g)
        return torch.cond(on, noisy, lambda t: t.clone(), (x,))
ep = torch.export.export(Augment(), (torch.randn(4), torch.tensor(True)))
""", "A torch.cond branch creates a torch.Generator for reproducible noise; generator objects "
       "cannot be created inside a traced higher-order-op region.",
       "Draw the noise outside the cond (or pass it in as an input).",
       match=r"Opaque objects|Generator")


def case_13():
    return _c("case_13", "rnn-in-branch", "unsupported", "export", """
class Encoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = torch.nn.GRU(8, 8, batch_first=True)
    def forward(self, x):
        # skip the RNN for all-zero (padding-only) requests
        return torch.cond(x.abs().sum() > 0, lambda t: self.rnn(t)[0], lambda t: t * 0, (x,))
ep = torch.export.export(Encoder().eval(), (torch.randn(2, 5, 8),))
""", "An nn.GRU is called inside a torch.cond branch; its forward updates module state (the "
       "flattened weights), which a cond branch may not mutate.",
       "Run the GRU unconditionally and select the result with torch.where, or keep the RNN "
       "outside the cond.",
       match=r"Mutating a variable from outside the scope|GRU|rnn")


# -------------------------------------------------------------- while_loop / scan / map contracts
def case_14():
    return _c("case_14", "int-accumulator", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Energy(torch.nn.Module):
    def forward(self, x):
        def c(i, acc):
            return i < 4
        def b(i, acc):
            return i + 1, acc + x.sum()
        _, acc = while_loop(c, b, (torch.tensor(0), torch.tensor(0)))  # acc starts as an int
        return acc
ep = torch.export.export(Energy(), (torch.randn(4),))
""", "The while_loop accumulator is initialised with torch.tensor(0) (int64) but the body adds a "
       "float sum, so the carried value changes dtype; while_loop needs the body to return "
       "carries with the same metadata.",
       "Initialise the accumulator as a float (torch.zeros(()) or torch.tensor(0.0)).",
       match=r"same metadata")


def case_15():
    return _c("case_15", "tolerance-as-float", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Shrink(torch.nn.Module):
    def forward(self, x):
        def c(h):
            return (h.abs().max() - 0.1).clamp(min=0)  # 'still above tolerance' as a number
        def b(h):
            return (h * 0.5,)
        (h,) = while_loop(c, b, (x,))
        return h
ep = torch.export.export(Shrink(), (torch.randn(4),))
""", "while_loop's cond_fn returns a float scalar (the remaining excess over the tolerance) "
       "instead of a boolean; while_loop needs a bool or boolean scalar tensor.",
       "Return a comparison: h.abs().max() > 0.1.",
       match=r"cond_fn to return")


def case_16():
    return _c("case_16", "window-carry", "export_failure", "export", """
from torch._higher_order_ops.scan import scan
class Smooth(torch.nn.Module):
    def forward(self, xs):
        def step(c, x):
            c = torch.cat([c, x[None]])[-3:]  # keep the last 3 frames as the carry
            return c, c.mean(0)
        last, ys = scan(step, xs[:1], xs)
        return ys
ep = torch.export.export(Smooth(), (torch.randn(6, 4),))
""", "The scan carry is a window that starts with one frame and grows to three, so the carry "
       "changes shape between init and the first step; scan needs a fixed carry shape.",
       "Start with a full window (e.g. xs[:1].expand(3, -1) or zeros(3, 4)).",
       match=r"init and carry to have same metadata")


def case_17():
    return _c("case_17", "schedule-by-counter", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Steps(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("sched", torch.linspace(1, 0.1, 8))
    def forward(self, x, n):
        def c(i, h):
            return i < n
        def b(i, h):
            return i + 1, h * self.sched[i]  # step size of iteration i
        _, h = while_loop(c, b, (torch.zeros((), dtype=torch.long), x))
        return h
ep = torch.export.export(Steps(), (torch.randn(4), torch.tensor(3)))
""", "The while_loop body indexes a buffer with the loop counter (self.sched[i]); basic indexing "
       "with a 0-d tensor needs its integer value, which is data-dependent inside the loop.",
       "Use self.sched.index_select(0, i.reshape(1)) (a tensor index) instead of sched[i].",
       match=r"data-dependent|specialized integer")


def case_18():
    return _c("case_18", "ragged-map", "export_failure", "export", """
hmap = getattr(torch._higher_order_ops, "map", None)
assert hmap is not None, "torch._higher_order_ops.map not available"
class Pair(torch.nn.Module):
    def forward(self, queries, keys):
        # score every query against the mean of its key set
        return hmap(lambda q, k: q * k.mean(), [queries, keys])
ep = torch.export.export(Pair(), (torch.randn(3, 4), torch.randn(5, 4)))
""", "The map higher-order op is given a list of two tensors with different leading sizes "
       "(3 queries, 5 keys); map iterates all of them along dim 0 together and needs equal "
       "lengths.",
       "Map over the queries only and close over (or broadcast) the keys.",
       match=r"Leading dimensions of mapped xs")


# -------------------------------------------------------------- shapes, hints and recursion
def case_19():
    return _c("case_19", "pairwise-tree-sum", "dynamic_shape_guard", "export", """
from torch.export import Dim
def tree_sum(x):
    # divide and conquer, as in the numerically stable reference code
    if x.shape[0] == 1:
        return x[0]
    h = x.shape[0] // 2
    return tree_sum(x[:h]) + tree_sum(x[h:])
class Pool(torch.nn.Module):
    def forward(self, x):
        return tree_sum(x)
ep = torch.export.export(Pool(), (torch.randn(8, 4),), dynamic_shapes={"x": {0: Dim("n", min=2, max=64)}})
""", "A recursive pairwise sum recurses on the row count; its Python base case compares each "
       "slice size with 1, which fixes the dynamic size n to the example's 8.",
       "Use a tensor reduction (x.sum(0)) or a static size; recursion over a dynamic size "
       "specialises it.",
       match=r"Constraints violated|specialized")


def case_20():
    return _c("case_20", "size-predicate-slice", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Crop(torch.nn.Module):
    def forward(self, x):
        # long batches keep only the first 4 rows
        return torch.cond(x.shape[0] > 4, lambda t: t[:4] * 2, lambda t: t - 1, (x,))
ep = torch.export.export(Crop(), (torch.randn(8, 3),), dynamic_shapes={"x": {0: Dim("b", min=2, max=64)}})
""", "torch.cond is used with a predicate on the dynamic batch size, but the true branch slices "
       "the first 4 rows; tracing both branches adds the guard b >= 4, which the declared range "
       "[2, 64] violates.",
       "Narrow the Dim to min=4, or express the crop without a static slice (pad or mask).",
       match=r"Constraints violated|Not all values")


def case_21():
    return _c("case_21", "even-batch-hint", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PairPool(torch.nn.Module):
    def forward(self, x):
        torch._check(x.shape[0] % 2 == 0)  # hint: batches come in pairs
        return x.view(-1, 2, x.shape[1]).sum(1)
ep = torch.export.export(PairPool(), (torch.randn(8, 3),), dynamic_shapes={"x": {0: Dim("b", min=2, max=64)}})
""", "torch._check(b % 2 == 0) on a dynamic batch size is meant as a hint, but on a backed size "
       "it becomes a guard that the declared Dim (all of 2..64) violates.",
       "Declare the batch as a derived Dim (b = 2 * Dim('_b', min=1, max=32)) as suggested.",
       match=r"Constraints violated|Not all values")


# ----------------------------------------------------------- branches rewritten by hand, run
def case_22():
    return _c("case_22", "lookup-unknown-ids", "index_out_of_bounds", "run", """
class Lookup(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(16, 4)
    def forward(self, ids):
        known = ids < 16
        # 'if known: emb(id) else zeros', rewritten with torch.where to avoid the branch
        return torch.where(known[:, None], self.emb(ids), torch.zeros(4))
ep = torch.export.export(Lookup(), (torch.tensor([1, 2, 3]),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/where20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1, 20, 3]))  # id 20 is out of vocabulary
""", "The 'unknown id' branch was rewritten with torch.where, which evaluates both sides: the "
       "embedding is looked up for id 20 too, and the compiled kernel's bounds check fires.",
       "Clamp (or replace) the ids before the lookup: self.emb(ids.clamp(max=15)), then select.",
       match=r"index out of bounds")


def case_23():
    return _c("case_23", "schedule-overrun", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{steps20}")
h = m(torch.ones(4), torch.tensor(5))
h = m(torch.ones(4), torch.tensor(12))  # a harder request asks for 12 refinement steps
""", "The while_loop refiner reads step i's size from an 8-entry schedule buffer; a request with "
       "12 steps runs the loop past the schedule, and the compiled index_select's bounds check "
       "fires.",
       "Clamp the trip count (torch.clamp(n, max=8)) or the index, or validate n before calling.",
       needs=("k",), match=r"index out of bounds")


def case_24():
    return _c("case_24", "masked-log", "numerical", "run", """
class SafeLog(torch.nn.Module):
    def forward(self, x):
        pos = (x > 0).float()
        # 'log(x) if x > 0 else x' rewritten as arithmetic to avoid the branch
        return pos * torch.log(x) + (1 - pos) * x
ep = torch.export.export(SafeLog(), (torch.rand(4) + 0.5,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mlog20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1.0, -2.0, 3.0, 0.5]))
assert torch.isfinite(y).all(), y
""", "The branch was rewritten as mask arithmetic; for x < 0 the masked-out log(x) is NaN and "
       "0 * NaN is still NaN, so the output holds NaN.",
       "Select with torch.where(x > 0, torch.log(x.clamp(min=tiny)), x) so the unused side is "
       "finite.",
       match=r"AssertionError")


def case_25():
    return _c("case_25", "validation-skipped", "numerical", "run", """
class Scale(torch.nn.Module):
    def forward(self, x):
        if not torch.compiler.is_compiling():  # eager-only input validation
            if (x < 0).any():
                raise ValueError("negative input")
        return torch.sqrt(x) * 2
ep = torch.export.export(Scale(), (torch.rand(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/skipval20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1.0, -2.0, 3.0, 0.5]))
assert torch.isfinite(y).all(), y
""", "The input validation sits under `if not torch.compiler.is_compiling()`, which is False "
       "during export, so the package has no check and sqrt of a negative input returns NaN.",
       "Validate inputs in the serving code, or keep the check in the graph (torch._check / "
       "torch.where) instead of an is_compiling branch.",
       match=r"AssertionError")


def case_26():
    return _c("case_26", "running-difference-scan", "numerical", "run", """
from torch._higher_order_ops.associative_scan import associative_scan
class Diff(torch.nn.Module):
    def forward(self, x):
        # y[t] = x[t] - y[t-1], written as a parallel scan
        return associative_scan(lambda a, b: b - a, x, dim=0, combine_mode="generic")
ep = torch.export.export(Diff(), (torch.randn(6, 3),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rdiff20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(6, 3)
ref = [x[0]]
for t in range(1, 6):
    ref.append(x[t] - ref[-1])
torch.testing.assert_close(m(x), torch.stack(ref))
""", "A sequential recurrence (y[t] = x[t] - y[t-1]) is written with associative_scan, whose "
       "combine function must be associative; subtraction is not, so the tree-ordered scan "
       "gives different numbers than the loop.",
       "Use the scan higher-order op (or a loop) for non-associative recurrences.",
       match=r"not close|Mismatched|Tensor-likes")


def case_27():
    return _c("case_27", "clip-from-config", "numerical", "run", """
CFG = {"clip": 1.0}  # the service's config, reloaded at run time
class Clip(torch.nn.Module):
    def forward(self, x):
        c = CFG["clip"]
        return torch.cond(x.abs().max() > c, lambda t: t.clamp(-c, c), lambda t: t * 1.0, (x,))
model = Clip()
ep = torch.export.export(model, (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/clipcfg20.pt2")
m = torch._inductor.aoti_load_package(pkg)
CFG["clip"] = 2.0  # the operator raises the clip level
x = torch.tensor([0.5, 1.5, -3.0, 0.0])
torch.testing.assert_close(m(x), model(x))
""", "The cond predicate and branch close over a Python config value; export bakes the value "
       "(1.0) into the package, so raising the clip level in the config changes eager but not "
       "the package.",
       "Pass the clip level as a tensor input, or re-export when the config changes.",
       match=r"not close|Mismatched|Tensor-likes")


# ------------------------------------------------------------ compiled packages at run time
def case_28():
    return _c("case_28", "long-sequence-scan", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{scan20}")
ys = m(torch.randn(10, 4))
ys = m(torch.randn(100, 4))  # a long recording: 100 steps
""", "The scan package was exported with a time Dim of at most 64 steps; a 100-step input "
       "runs past the declared range and the package's runtime assertion on the scan length "
       "fails.",
       "Export with a larger max for the time Dim, or split long sequences into chunks.",
       needs=("k",), match=r"Expected u\d+ <= \d+ but received")


def case_29():
    return _c("case_29", "short-clip-static-scan", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{frames20}")
y = m(torch.randn(2, 4096))  # a 2-frame clip for a 512-frame package
print(float(y.sum()))
""", "The scan package was compiled for a static 512-frame window; a 2-frame clip is passed "
       "without input checks, so the loop reads 510 frames past the end of the input buffer "
       "and the process crashes.",
       "Pad clips to 512 frames (or export with a dynamic time Dim); AOTI_RUNTIME_CHECK_INPUTS=1 "
       "reports the shape mismatch.",
       needs=("k",), expect="crash", match=r"Segmentation fault|Bus error|Killed by signal")


def case_30():
    return _c("case_30", "flag-as-vector", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gate20}")
flag = torch.tensor([True])  # one flag per request, as a 1-element vector
y = m(torch.randn(2, 8), flag)
""", "The gating flag was exported as a 0-d boolean tensor; the caller passes a 1-element "
       "vector, and the input check rejects its rank.",
       "Pass a 0-d flag (torch.tensor(True) or flag.squeeze()).",
       needs=("k",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"expected ndim 0")


def case_31():
    return _c("case_31", "stream-all-states", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{stream20}")
ys = m(torch.randn(100, 16))
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + (512 << 20), vm + (512 << 20)))  # container limit
ys = m(torch.randn(400_000, 16))  # a whole recording as one sequence
""", "The scan package stacks the 1024-wide state of every step; a 400000-step recording needs "
       "a 1.6 GB output, more than the process may allocate (RLIMIT_AS +512 MiB).",
       "Stream the recording in chunks (carrying the last state), or return only the last state.",
       needs=("k",), match=r"can't allocate memory|out of memory|bad_alloc")


# ------------------------------------------------------- tried: did not fail (see TRIED)
def case_32():
    return _c("case_32", "score-as-predicate", "numerical", "run", """
class Gate(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum(), lambda t: t * 2, lambda t: t - 1, (x,))  # a float predicate
model = Gate()
ep = torch.export.export(model, (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fpred20.pt2")
m = torch._inductor.aoti_load_package(pkg)
for x in (torch.tensor([0.5, -0.5, 0.0, 0.0]), torch.tensor([0.25, 0.0, 0.0, 0.0])):
    torch.testing.assert_close(m(x), model(x))
""", "torch.cond is given a float score (x.sum()) as its predicate instead of a boolean.",
       "Compare explicitly (x.sum() > 0).", match=r"pred|bool|not close")


def case_33():
    return _c("case_33", "shared-block-region", "unsupported", "compile", """
assert hasattr(torch.compiler, "nested_compile_region")
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    @torch.compiler.nested_compile_region
    def forward(self, x):
        return torch.relu(self.lin(x))
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block()
        self.b = Block()
    def forward(self, x):
        return self.b(self.a(x))
model = Net()
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/region20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), model(x))
""", "Repeated blocks are marked with torch.compiler.nested_compile_region (invoke_subgraph) "
       "and packaged with AOTI.", "Remove the nested_compile_region decorator for the package.",
       match=r"invoke_subgraph|nested_compile_region|subgraph")


def case_34():
    return _c("case_34", "transition-product-scan", "unsupported", "compile", """
from torch._higher_order_ops.associative_scan import associative_scan
class Chain(torch.nn.Module):
    def forward(self, A):
        # cumulative product of 2x2 transition matrices
        return associative_scan(lambda a, b: b @ a, A, dim=0, combine_mode="generic")
model = Chain()
ep = torch.export.export(model, (torch.randn(5, 2, 2),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gscan20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(5, 2, 2)
torch.testing.assert_close(m(x), model(x))
""", "associative_scan with a matmul combine function (combine_mode='generic') compiled for CPU.",
       "Use the scan higher-order op or a loop.", match=r"associative_scan|combine")


def case_35():
    return _c("case_35", "mapped-rows", "unsupported", "compile", """
hmap = torch._higher_order_ops.map
class PerItem(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, xs):
        return hmap(lambda x: torch.relu(self.lin(x)), xs)
model = PerItem()
ep = torch.export.export(model, (torch.randn(3, 2, 4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mapped20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(3, 2, 4)
torch.testing.assert_close(m(x), model(x))
""", "The map higher-order op over the leading dimension, compiled and run with AOTI.",
       "Use a batched op instead of map.", match=r"map")


def case_36():
    return _c("case_36", "old-control-flow-import", "deprecated_api", "export", """
import functorch.experimental.control_flow as cf
class Head(torch.nn.Module):
    def forward(self, x):
        return cf.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (x,))
ep = torch.export.export(Head(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/legacy20.pt2")
""", "cond is imported from the old functorch.experimental.control_flow location.",
       "Use torch.cond.", match=r"functorch|control_flow")


def case_37():
    return _c("case_37", "legacy-loop-package", "deprecated_api", "run", """
from torch._higher_order_ops.while_loop import while_loop
class Refine(torch.nn.Module):
    def forward(self, x, n):
        def c(i, h):
            return i < n
        def b(i, h):
            return i + 1, torch.tanh(h)
        return while_loop(c, b, (torch.zeros((), dtype=torch.long), x))[1]
so = torch._export.aot_compile(Refine(), (torch.randn(4), torch.tensor(3)))
m = torch._export.aot_load(so, "cpu")
y = m(torch.randn(4), torch.tensor(5))
""", "A while_loop model compiled with the legacy torch._export.aot_compile and run with "
       "aot_load.", "Use aoti_compile_and_package / aoti_load_package.",
       match=r"aot_compile|aot_load")


def case_38():
    return _c("case_38", "masked-select-branch", "torch_bug", "run", """
class Keep(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t[t > 0] * 2, lambda t: t - 1, (x,))
ep = torch.export.export(Keep(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mask20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([1.0, -1.0, 2.0, 3.0]))
""", "One torch.cond branch returns a boolean-masked selection (data-dependent length), the "
       "other a full-length tensor.", "Return fixed-size outputs from both branches.",
       match=r"unbacked|size|shape")


def case_39():
    return _c("case_39", "dropout-branch", "unsupported", "run", """
class Aug(torch.nn.Module):
    def forward(self, x, drop):
        return torch.cond(drop, lambda t: torch.nn.functional.dropout(t, 0.2, True),
                          lambda t: t * 1.0, (x,))
ep = torch.export.export(Aug(), (torch.randn(4, 8), torch.tensor(True)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/drop20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.ones(4, 8), torch.tensor(True))
""", "A random op (dropout) inside a torch.cond branch, compiled and run.",
       "Draw the mask outside the cond.", match=r"random|rng|seed")


def case_40():
    return _c("case_40", "sampling-loop", "unsupported", "run", """
from torch._higher_order_ops.while_loop import while_loop
class Sampler(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, h, n):
        def c(i, h, tok):
            return i < n
        def b(i, h, tok):
            h = torch.tanh(self.lin(h))
            tok = torch.multinomial(h.softmax(-1), 1).squeeze(-1)
            return i + 1, h, tok
        init = (torch.zeros((), dtype=torch.long), h, torch.zeros(2, dtype=torch.long))
        return while_loop(c, b, init)[2]
ep = torch.export.export(Sampler(), (torch.randn(2, 8), torch.tensor(3)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sample20.pt2")
m = torch._inductor.aoti_load_package(pkg)
tok = m(torch.randn(2, 8), torch.tensor(4))
""", "torch.multinomial sampling inside a while_loop body (a sampling decode loop).",
       "Sample outside the loop.", match=r"multinomial|proxy")


def case_41():
    return _c("case_41", "warn-in-branch-strict", "export_failure", "export", """
import warnings
class Router(torch.nn.Module):
    def forward(self, x):
        def slow(t):
            warnings.warn("taking the slow path")
            return torch.tanh(t)
        return torch.cond(x.sum() > 0, lambda t: t * 2, slow, (x,))
ep = torch.export.export(Router(), (torch.randn(4),), strict=True)
""", "warnings.warn inside a torch.cond branch under strict export.",
       "Warn outside the branch.", match=r"warn")


def case_42():
    return _c("case_42", "cond-inside-scan", "torch_bug", "run", """
from torch._higher_order_ops.scan import scan
class Switch(torch.nn.Module):
    def forward(self, xs):
        def step(c, x):
            n = torch.cond(x.sum() > 0, lambda a, b: a + b, lambda a, b: a - b, (c, x))
            return n, n.clone()
        return scan(step, torch.zeros_like(xs[0]), xs)[1]
model = Switch()
ep = torch.export.export(model, (torch.randn(6, 4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cscan20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(6, 4)
torch.testing.assert_close(m(x), model(x))
""", "A torch.cond nested inside a scan step, compiled and run.", "Flatten the control flow.",
       match=r".")


def case_43():
    return _c("case_43", "scripted-branch", "unsupported", "export", """
@torch.jit.script
def slow(t):
    return torch.tanh(t) * 2
class Router(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t * 2, slow, (x,))
ep = torch.export.export(Router(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/jit20.pt2")
""", "A TorchScript-compiled function (torch.jit.script) used as a torch.cond branch.",
       "Use the plain Python function.", match=r"script|Script")


def case_44():
    return _c("case_44", "autocast-branch", "unsupported", "run", """
class Mixed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        def fast(t):
            with torch.autocast("cpu", dtype=torch.bfloat16):
                return self.lin(t).float()
        return torch.cond(x.abs().max() < 4, fast, lambda t: self.lin(t), (x,))
ep = torch.export.export(Mixed(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/amp20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A torch.autocast block inside a torch.cond branch, compiled and run.",
       "Cast explicitly in the branch.", match=r"autocast")


def case_45():
    return _c("case_45", "region-two-sizes", "dynamic_shape_guard", "run", """
from torch.export import Dim
class Twice(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    @torch.compiler.nested_compile_region
    def block(self, x):
        return torch.relu(self.lin(x))
    def forward(self, x, y):
        return self.block(x).sum(0) + self.block(y).sum(0)
model = Twice()
ep = torch.export.export(model, (torch.randn(4, 8), torch.randn(6, 8)),
                         dynamic_shapes=({0: Dim("a")}, {0: Dim("b")}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/region2_20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x, y = torch.randn(3, 8), torch.randn(9, 8)
torch.testing.assert_close(m(x, y), model(x, y))
""", "One nested_compile_region called on two inputs with independent dynamic sizes.",
       "Use separate modules.", match=r"Constraints|guard|not close")


def case_46():
    return _c("case_46", "argmax-in-loop", "export_failure", "export", """
from torch._higher_order_ops.while_loop import while_loop
class Greedy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 8)
        self.out = torch.nn.Linear(8, 10)
    def forward(self, tok, n):
        def c(i, t):
            return i < n
        def b(i, t):
            nxt = int(self.out(self.emb(t)).argmax())  # a Python int from a tensor
            return i + 1, torch.full_like(t, nxt)
        return while_loop(c, b, (torch.zeros((), dtype=torch.long), tok))[1]
ep = torch.export.export(Greedy(), (torch.tensor([1]), torch.tensor(3)))
""", "A Python int read from a tensor (int(argmax)) inside a while_loop body.",
       "Keep the token as a tensor (argmax(-1, keepdim=True)).",
       match=r"data-dependent|GuardOnDataDependent")


def case_47():
    return _c("case_47", "loop-inside-branch", "torch_bug", "run", """
from torch._higher_order_ops.while_loop import while_loop
class Refine(torch.nn.Module):
    def forward(self, x, n):
        def c(i, h):
            return i < n
        def b(i, h):
            return i + 1, torch.tanh(h) + 1
        def refine(t):
            return while_loop(c, b, (torch.zeros((), dtype=torch.long), t))[1]
        return torch.cond(x.abs().max() > 1, refine, lambda t: t.clone(), (x,))
model = Refine()
ep = torch.export.export(model, (torch.randn(4), torch.tensor(3)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/loopcond20.pt2")
m = torch._inductor.aoti_load_package(pkg)
x, n = torch.randn(4) * 3, torch.tensor(4)
torch.testing.assert_close(m(x, n), model(x, n))
""", "A while_loop nested in a torch.cond branch, compiled and run.", "Flatten the control flow.",
       match=r".")


def case_48():
    return _c("case_48", "empty-early-exit", "dynamic_shape_guard", "run", """
from torch.export import Dim
class Pad(torch.nn.Module):
    def forward(self, x):
        if x.shape[0] == 0:  # early exit for an empty batch
            return x.new_zeros(0, 4)
        return torch.nn.functional.pad(x, (0, 1))
ep = torch.export.export(Pad(), (torch.randn(8, 3),), dynamic_shapes={"x": {0: Dim("b", min=0, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/empty20.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(0, 3))
assert y.shape == (0, 4), y.shape
""", "An early exit for empty batches on a dynamic batch declared with min=0.",
       "Export with min=2 and handle empty batches in the caller.",
       match=r"Constraints|specializ|shape")


def case_49():
    return _c("case_49", "ids-loop-tolist", "export_failure", "export", """
class Segments(torch.nn.Module):
    def forward(self, x, lengths):
        if torch.jit.is_scripting():
            return x.sum(1)
        # eager path: one slice per sequence, from the lengths as Python ints
        return torch.stack([x[i, :l].sum(0) for i, l in enumerate(lengths.tolist())])
ep = torch.export.export(Segments(), (torch.randn(2, 5, 3), torch.tensor([3, 5])))
""", "A torch.jit.is_scripting() branch whose eager path loops over lengths.tolist().",
       "Use a mask instead of per-sequence slices.", match=r"data-dependent|GuardOnDataDependent")


CASES = [case_01, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30, case_31]
# Failed in a trial but dropped (kept for reference, not run): case_02 (a Python float among
# torch.cond's operands: the same operand validator and message as case_01's dict, a repeat
# within this set).
DROPPED = [case_02]
# Tried on torch 2.13.0+cpu in trials and did NOT fail, so left out of CASES (kept to rerun on
# another torch): case_32 (a float score as torch.cond's predicate: nonzero counts as true, the
# package matched eager), case_33 (nested_compile_region on a repeated block: matched eager),
# case_34 (associative_scan with a matmul combine, combine_mode='generic': matched eager),
# case_35 (the map higher-order op over the leading dim: matched eager), case_36 (cond imported
# from functorch.experimental.control_flow: exported and compiled), case_37 (a while_loop model
# through the legacy torch._export.aot_compile / aot_load: ran), case_38 (a boolean-masked,
# data-dependent-length output in one cond branch: compiled and ran), case_39 (dropout inside a
# cond branch: ran), case_40 (torch.multinomial in a while_loop body, through the proxy
# executor: ran), case_41 (warnings.warn in a cond branch under strict export: exported),
# case_42 (torch.cond nested in a scan step: matched eager), case_44 (torch.autocast inside a
# cond branch: ran), case_45 (one nested_compile_region called on two independent dynamic
# sizes: matched eager), case_46 (int(argmax) inside a while_loop body: exported), case_47 (a
# while_loop nested in a cond branch: matched eager), case_48 (an early exit for empty batches
# with Dim min=0: exported, compiled, returned (0, 4)), case_49 (a torch.jit.is_scripting()
# branch whose eager path loops over lengths.tolist(): exported with runtime asserts).
# case_43 (a torch.jit.script function as a cond branch) exported in a standalone file; in the
# harness's `-c` child torch.jit.script itself fails first ("Can't get source"), a harness
# artefact, so it is kept here and not in CASES.
TRIED = [case_32, case_33, case_34, case_35, case_36, case_37, case_38, case_39, case_40,
         case_41, case_42, case_43, case_44, case_45, case_46, case_47, case_48, case_49]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("k", SETUP_K),),
        default_out=ROOT / "benchmarks" / "live_blind20.jsonl",
        url_file="benchmarks/live_blind20.py", id_prefix="live20", stems=STEMS,
        scratch_prefix="live_blind20-", description=__doc__.splitlines()[0]))
