"""An eighty-first blind set of REAL AOTInductor failures (board-game and game AI), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind81.py [--out benchmarks/live_blind81.jsonl] [--keep]

Theme: board-game and game AI (a policy-value network over 9 x 9 Go board planes with a
legal-move mask and a tanh value head, batched leaf evaluation for tree search, a fully
convolutional policy for variable board sizes, symmetry averaging over rotations and flips at
inference, an action-logit head gathered by move index, a recurrent world model for a game
agent), exported, compiled, loaded and run as a game-AI engineer would. No trigger repeats one
of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind80.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
N = 9            # 9 x 9 Go board
P = 6            # planes: own stones, opponent stones, empty, last move, ko point, side to move
A = N * N + 1    # moves: every point plus pass

def trunk(p=P):
    return torch.nn.Sequential(torch.nn.Conv2d(p, 16, 3, padding=1), torch.nn.ReLU(),
                               torch.nn.Conv2d(16, 16, 3, padding=1), torch.nn.ReLU())

class PolicyValue(torch.nn.Module):
    # AlphaZero-style: masked policy over A moves, tanh value in [-1, 1]
    def __init__(self):
        super().__init__()
        self.trunk = trunk()
        self.pol = torch.nn.Conv2d(16, 2, 1)
        self.pol_fc = torch.nn.Linear(2 * N * N, A)
        self.val = torch.nn.Linear(16, 1)
    def forward(self, planes, legal):
        h = self.trunk(planes)
        logits = self.pol_fc(self.pol(h).flatten(1)).masked_fill(~legal, float("-inf"))
        return torch.softmax(logits, -1), torch.tanh(self.val(h.mean((2, 3)))).squeeze(-1)

class FullyConv(torch.nn.Module):
    # any board size: one logit per point from a 1x1 conv, a pass logit from pooled features
    def __init__(self):
        super().__init__()
        self.trunk = trunk()
        self.pol = torch.nn.Conv2d(16, 1, 1)
        self.pass_ = torch.nn.Linear(16, 1)
        self.val = torch.nn.Linear(16, 1)
    def forward(self, planes):
        h = self.trunk(planes)
        g = h.mean((2, 3))
        logits = torch.cat([self.pol(h).flatten(1), self.pass_(g)], 1)
        return logits, torch.tanh(self.val(g)).squeeze(-1)

class MoveHead(torch.nn.Module):
    # the logits of the candidate moves the search asks about, gathered by move index
    def __init__(self):
        super().__init__()
        self.trunk = trunk()
        self.pol = torch.nn.Conv2d(16, 1, 1)
    def forward(self, planes, moves):
        logits = self.pol(self.trunk(planes)).flatten(1)       # (B, N * N) board points
        return torch.gather(logits, 1, moves)

class World(torch.nn.Module):
    # recurrent world model: latent state + action id -> next latent, predicted reward
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(A, 32)
        self.cell = torch.nn.GRUCell(32, 32)
        self.rew = torch.nn.Linear(32, 1)
    def forward(self, h, action):
        h = self.cell(self.emb(action), h)
        return h, torch.tanh(self.rew(h)).squeeze(-1)

def positions(b=8, n=N):
    # random legal-looking positions: stones, empty points, legal = empty points + pass
    own = (torch.rand(b, n, n) < 0.25).float()
    opp = (torch.rand(b, n, n) < 0.25).float() * (1 - own)
    empty = 1 - own - opp
    planes = torch.stack([own, opp, empty, torch.zeros(b, n, n), torch.zeros(b, n, n),
                          torch.ones(b, n, n)], 1)
    legal = torch.cat([empty.flatten(1) > 0, torch.ones(b, 1, dtype=torch.bool)], 1)
    return planes, legal
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
leaves = Dim("leaves", min=1, max=256)
build("pv81", PolicyValue().eval(), positions(8), dynamic_shapes=({0: leaves}, {0: leaves}))
side = Dim("side", min=5, max=13)
build("fc81", FullyConv().eval(), (positions(2)[0],),
      dynamic_shapes=({0: Dim("b", min=1, max=64), 2: side, 3: side},))
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
k = Dim("candidates", min=1, max=82)
build("mh81", MoveHead().eval(), (positions(4)[0], torch.randint(0, N * N, (4, 10))),
      dynamic_shapes=(None, {1: k}))
envs = Dim("envs", min=2, max=64)
build("wm81", World().eval(), (torch.zeros(8, 32), torch.randint(0, A, (8,))),
      dynamic_shapes=({0: envs}, {0: envs}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"pv81", "fc81", "mh81", "wm81", "big81"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "best-move-divmod-coords", "export_failure", "export", """
class BestMove(torch.nn.Module):
    # the engine wants (row, col) of the best move straight from the package
    def __init__(self):
        super().__init__()
        self.pv = PolicyValue()
    def forward(self, planes, legal):
        probs, value = self.pv(planes, legal)
        row, col = divmod(int(probs[0].argmax()), N)
        return torch.tensor([row, col]), value
ep = torch.export.export(BestMove().eval(), positions(1))
""", "forward turns the argmax of the policy into a Python int and splits it with divmod into "
       "(row, col); the move index is data-dependent, so torch.export cannot make it a Python int.",
       "Return the move index tensor (or row = idx // N, col = idx % N as tensor ops) and do the "
       "coordinate conversion in the engine.", match=r"data-dependent|[Gg]uard|int")


def case_02():
    return _m("case_02", "symmetry-index-from-tensor", "export_failure", "export", """
class RandomSymmetry(torch.nn.Module):
    # the search picks one of the 4 rotations per evaluation and passes it in
    def __init__(self):
        super().__init__()
        self.net = FullyConv()
    def forward(self, planes, k):
        r = int(k)
        logits, value = self.net(torch.rot90(planes, r, (2, 3)))
        board = torch.rot90(logits[:, :-1].view(-1, 1, N, N), -r, (2, 3)).flatten(1)
        return torch.cat([board, logits[:, -1:]], 1), value
ep = torch.export.export(RandomSymmetry().eval(), (positions(2)[0], torch.tensor(1)))
""", "The rotation count for torch.rot90 is taken with int() from an input tensor chosen by the "
       "search, a data-dependent value that torch.export cannot turn into a Python int.",
       "Export one package per symmetry or apply all rotations inside the graph (stack the 4 or 8 "
       "views) and select the one wanted with indexing on the output.",
       match=r"data-dependent|[Gg]uard|int")


def case_03():
    return _m("case_03", "resign-threshold-branch", "export_failure", "export", """
class Resigning(torch.nn.Module):
    # return an all-zero policy as the "resign" signal when the position is lost
    def __init__(self):
        super().__init__()
        self.pv = PolicyValue()
    def forward(self, planes, legal):
        probs, value = self.pv(planes, legal)
        if value.max() < -0.95:
            return torch.zeros_like(probs), value
        return probs, value
ep = torch.export.export(Resigning().eval(), positions(4))
""", "forward branches in Python on the value (resign when value < -0.95), a condition on tensor "
       "data that torch.export cannot evaluate while tracing.",
       "Return the value and resign in the engine, or write the branch with torch.where / "
       "torch.cond.", match=r"data-dependent|[Gg]uard|cond")


def case_04():
    return _m("case_04", "diagonal-symmetry-rectangular-boards", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DiagAveraged(torch.nn.Module):
    # symmetry averaging with the diagonal reflection, at the trunk-feature level
    def __init__(self):
        super().__init__()
        self.net = FullyConv()
    def forward(self, planes):
        h = self.net.trunk(planes) + self.net.trunk(planes.transpose(2, 3))
        g = h.mean((2, 3))
        return self.net.pol(h).flatten(1), torch.tanh(self.net.val(g)).squeeze(-1)
# one package for Go and for rectangular boards (Connect-Four-like 6 x 7 variants)
h, w = Dim("h", min=5, max=19), Dim("w", min=5, max=19)
ep = torch.export.export(DiagAveraged().eval(), (positions(2, 9)[0],),
                         dynamic_shapes=({2: h, 3: w},))
""", "The diagonal-reflection symmetry averaging adds the features of the transposed board to "
       "the original's, which forces height == width, but the board's height and width were "
       "declared as two independent Dims for rectangular boards.",
       "Use one Dim for both sides (square boards only) or drop the diagonal symmetries for "
       "rectangular boards.", match=r"Constraints violated|w|h")


def case_05():
    return _m("case_05", "value-head-reshape-training-batch", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PV8(PolicyValue):
    # the value head was written for the self-play training batch of 8
    def forward(self, planes, legal):
        h = self.trunk(planes)
        logits = self.pol_fc(self.pol(h).flatten(1)).masked_fill(~legal, float("-inf"))
        v = self.val(h.reshape(8, 16, -1).mean(-1))
        return torch.softmax(logits, -1), torch.tanh(v).squeeze(-1)
leaves = Dim("leaves", min=1, max=256)
ep = torch.export.export(PV8().eval(), positions(8), dynamic_shapes=({0: leaves}, {0: leaves}))
""", "The value head reshapes the trunk output with the hard-coded self-play batch size 8, so "
       "the leaf-batch dimension declared dynamic (1..256) is specialised to the constant 8.",
       "Reshape with -1 for the batch (h.flatten(2).mean(-1)) so the batch stays symbolic.",
       match=r"Constraints violated|specialized|8")


def case_06():
    return _m("case_06", "gomoku-valid-five-convs-small-board", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FiveInRow(torch.nn.Module):
    # Gomoku: two unpadded 5 x 5 convolutions detect (almost) five-in-a-row shapes
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(P, 16, 5)
        self.c2 = torch.nn.Conv2d(16, 16, 5)
        self.val = torch.nn.Linear(16, 1)
    def forward(self, planes):
        h = torch.relu(self.c2(torch.relu(self.c1(planes))))
        return torch.tanh(self.val(h.mean((2, 3)))).squeeze(-1)
side = Dim("side", min=5, max=19)                  # 5 x 5 practice boards up to 19 x 19
ep = torch.export.export(FiveInRow().eval(), (positions(2, 15)[0],),
                         dynamic_shapes=({2: side, 3: side},))
""", "Two unpadded 5 x 5 convolutions need a board of at least 9 x 9, but the side Dim was "
       "declared with min=5 for practice boards, so export's range check fails.",
       "Raise the Dim's min to 9 (or pad the convolutions, padding=2).",
       match=r"Constraints violated|side|range")


# ------------------------------------------------------------------------------- run phase
def case_07():
    return _c("case_07", "virtual-loss-leaf-batch-over-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pv81}")
planes = torch.randint(0, 2, (512, 6, 9, 9)).float()      # 16 search threads x 32 leaves
legal = torch.ones(512, 82, dtype=torch.bool)
probs, value = m(planes, legal)
""", "Sixteen search threads with virtual loss collect 32 leaves each, so the batched leaf "
       "evaluation sends 512 positions to a package whose leaves Dim has max=256.",
       "Cap the leaf batch at 256 (split it into two calls) or export with a larger max.",
       needs=("r",), env=CHECK, match=r"256|too large|range|bound")


def case_08():
    return _c("case_08", "nineteen-board-into-small-board-package", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fc81}")
planes = torch.randint(0, 2, (2, 6, 19, 19)).float()     # two full-size Go games
logits, value = m(planes)
""", "The fully convolutional package was exported for board sides 5..13 and is called with a "
       "19 x 19 board.",
       "Export with side max=19 (the model supports any size) or keep a separate package for "
       "19 x 19.", needs=("r",), env=CHECK, match=r"13|too large|range|bound")


def case_09():
    return _c("case_09", "all-leaves-cached-empty-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pv81}")
# every leaf of this search step hit the transposition-table cache: nothing left to evaluate
planes = torch.zeros(0, 6, 9, 9)
legal = torch.zeros(0, 82, dtype=torch.bool)
probs, value = m(planes, legal)
""", "When every leaf of a search step is found in the evaluation cache, the engine still calls "
       "the package with an empty batch of 0 positions, below the package's minimum leaf batch.",
       "Skip the call when the leaf batch is empty.", needs=("r",), env=CHECK,
       match=r"too small|>= 1|range|bound|0")


def case_10():
    return _c("case_10", "legal-mask-without-pass", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pv81}")
planes = torch.randint(0, 2, (8, 6, 9, 9)).float()
legal = planes[:, 2].flatten(1) > 0                    # empty points only: no pass column
probs, value = m(planes, legal)
""", "The legal-move mask is built from the empty-point plane only (81 columns) while the "
       "package takes 82 (points + pass).",
       "Append the pass column (torch.cat([legal, ones(B, 1)], 1)) before the call.",
       needs=("r",), env=CHECK, match=r"82|81|dim value|size")


def case_11():
    return _c("case_11", "encoder-adds-history-plane", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pv81}")
# the new board encoder appends a 'previous position' plane: 7 planes instead of 6
planes = torch.randint(0, 2, (8, 7, 9, 9)).float()
legal = torch.ones(8, 82, dtype=torch.bool)
probs, value = m(planes, legal)
""", "The updated board encoder emits 7 planes (it adds a history plane) while the deployed "
       "package was exported for 6 input planes.",
       "Keep the encoder version matched with the network (or re-export the network for 7 "
       "planes).", needs=("r",), env=CHECK, match=r"dim value|7|6|size")


def case_12():
    return _c("case_12", "replay-actions-trailing-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{wm81}")
h = torch.zeros(8, 32)
actions = torch.randint(0, 82, (8, 1))                  # replay buffer stores actions as (B, 1)
h, reward = m(h, actions)
""", "The replay buffer stores actions with a trailing dimension (B, 1) while the world-model "
       "package takes a (B,) vector of action ids.",
       "Squeeze the action column (actions.squeeze(-1)) before the call.",
       needs=("s",), env=CHECK, match=r"dim|size|shape|rank")


def case_13():
    return _c("case_13", "bitboard-bool-planes", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pv81}")
planes = torch.rand(8, 6, 9, 9) < 0.3                   # the C++ engine's bitboards, as bool
legal = torch.ones(8, 82, dtype=torch.bool)
probs, value = m(planes, legal)
""", "The engine hands over its bitboards as a bool tensor while the package was compiled for "
       "float32 planes.", "Convert with planes.float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|type")


def case_14():
    return _c("case_14", "sgf-pass-tt-action-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{wm81}")
def sgf_to_action(coord, n=9):
    col, row = ord(coord[0]) - 97, ord(coord[1]) - 97
    return row * n + col
moves = ["cc", "gg", "cg", "tt", "ge", "ec", "dd", "tt"]   # "tt" is pass in old SGF files
actions = torch.tensor([sgf_to_action(c) for c in moves])
h, reward = m(torch.zeros(8, 32), actions)
""", "Old SGF files write a pass as 'tt'; the parser maps it to row 19, col 19, action "
       "19 * 9 + 19 = 190, outside the world model's 82-entry action embedding.",
       "Map 'tt' (and the empty move '') to the pass action 81 before the call.",
       needs=("s",), match=r"out of bounds|out of range")


def case_15():
    return _c("case_15", "nineteen-board-move-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mh81}")
planes = torch.randint(0, 2, (4, 6, 9, 9)).float()
# candidate moves from the opening book, indexed row * 19 + col (the book was made for 19 x 19)
book = [(2, 2), (2, 6), (6, 2), (6, 6), (4, 4)]
moves = torch.tensor([[r * 19 + c for r, c in book]] * 4)
logits = m(planes, moves)
""", "The opening book indexes moves as row * 19 + col for a 19 x 19 board, so (6, 6) becomes "
       "120, beyond the 81 points of the 9 x 9 package's gathered logits.",
       "Index moves as row * 9 + col for the 9 x 9 board (convert the book per board size).",
       needs=("s",), match=r"out of bounds|out of range")


def case_16():
    return _c("case_16", "finished-game-no-legal-moves", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pv81}")
planes = torch.randint(0, 2, (8, 6, 9, 9)).float()
legal = torch.ones(8, 82, dtype=torch.bool)
legal[3] = False          # game over after two passes: the engine clears every move, pass too
probs, value = m(planes, legal)
assert torch.isfinite(probs).all(), f"NaN policy rows: {probs.isnan().any(1).nonzero().flatten().tolist()}"
""", "A finished game (two passes) reaches the leaf evaluation with no legal move at all, so "
       "every logit is masked to -inf and the softmax row becomes NaN, silently.",
       "Do not evaluate terminal positions (score them) or keep pass legal in the mask.",
       needs=("r",), match=r"AssertionError")


def case_17():
    return _m("case_17", "symmetry-planes-rotated-mask-not", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{pv81}")
planes, legal = positions(8)
avg = torch.zeros(8, N * N)
for k in range(4):                                  # average the policy over 4 rotations
    probs, value = m(torch.rot90(planes, k, (2, 3)).contiguous(), legal)   # mask not rotated
    avg += torch.rot90(probs[:, :-1].view(8, N, N), -k, (1, 2)).flatten(1) / 4
occupied = ~legal[:, :-1]
assert avg[occupied].max() == 0, f"probability on occupied points: {avg[occupied].max():.3f}"
""", "The symmetry averaging rotates the board planes but passes the legal-move mask unrotated, "
       "so the package masks the wrong points and, rotated back, the policy puts probability on "
       "occupied points without any error.",
       "Rotate the legal mask's board part with the planes (and keep the pass column as is).",
       needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "new-net-with-ownership-head", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{pv81}")
class PVOwn(PolicyValue):
    # the trainer's new generation predicts final ownership as an auxiliary target
    def __init__(self):
        super().__init__()
        self.own = torch.nn.Conv2d(16, 1, 1)
sd = PVOwn().state_dict()
names = set(m.get_constant_fqns())
# the push script sends the package's constants plus every new head of the generation
update = {k: v for k, v in sd.items() if k in names or k.startswith("own.")}
m.load_constants(update, check_full_update=True)
""", "The trainer's new network generation has an auxiliary ownership head whose weights "
       "(own.weight, own.bias) do not exist in the deployed package, and the whole state_dict "
       "is pushed with load_constants.",
       "Drop the auxiliary-head keys before load_constants (or re-export the package with the "
       "new head).", needs=("r",), match=r"own|[Cc]onstant|not found")


def case_19():
    return _m("case_19", "policy-head-only-refresh", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{pv81}")
new = PolicyValue()
# only the policy head was fine-tuned on pro games; push just those weights
names = set(m.get_constant_fqns())
sd = {k: v for k, v in new.state_dict().items() if k.startswith("pol") and k in names}
m.load_constants(sd, check_full_update=True)
""", "Only the fine-tuned policy-head weights are pushed, but load_constants is called with "
       "check_full_update=True, which requires every constant of the package.",
       "Pass check_full_update=False for a partial update (or push the full state_dict).",
       needs=("r",), match=r"trunk|val|[Cc]onstant|missing|not found")


def case_20():
    return _m("case_20", "nineteen-board-checkpoint-into-9x9", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{pv81}")
N, A = 19, 19 * 19 + 1           # the trainer's 19 x 19 network of the same architecture
names = set(m.get_constant_fqns())
sd = {k: v for k, v in PolicyValue().state_dict().items() if k in names}
m.load_constants(sd, check_full_update=True)
""", "The weights of the 19 x 19 network (policy fc 722 -> 362) are loaded into the 9 x 9 "
       "package whose policy fc is 162 -> 82; the constants' shapes do not match.",
       "Load the checkpoint of the 9 x 9 network (or export a 19 x 19 package).",
       needs=("r",), expect="crash", match=r"Segmentation fault")


def case_21():
    return _m("case_21", "whole-tree-leaves-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
leaves = Dim("leaves", min=1, max=2**20)
ep = torch.export.export(PolicyValue().eval(), positions(8),
                         dynamic_shapes=({0: leaves}, {0: leaves}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/big81.pt2")
m = torch._inductor.aoti_load_package(pkg)
# the analysis tool re-evaluates every node of a 400k-node search tree in one call
planes = torch.randint(0, 2, (400_000, P, N, N), dtype=torch.float32)
legal = torch.ones(400_000, A, dtype=torch.bool)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))   # 1 GiB left in the pod
with torch.no_grad():
    probs, value = m(planes, legal)
""", "All 400k nodes of a search tree are evaluated in one call with about 1 GiB of memory left; "
       "the trunk's 16-channel activations alone are ~2 GB per layer.",
       "Evaluate the tree in chunks of a few thousand positions.", match=r"memory|alloc")


def case_22():
    return _c("case_22", "world-model-single-env", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{wm81}")
# the evaluation match plays one game at a time: one environment
h, reward = m(torch.zeros(1, 32), torch.tensor([5]))
""", "The evaluation match runs one game, so the world model is called with 1 environment, "
       "below the envs Dim's min of 2.",
       "Export the envs Dim with min=1 (example batch >= 2), or pad the single game to 2.",
       needs=("s",), env=CHECK, match=r"too small|>= 2|range|bound")


def case_23():
    return _c("case_23", "gather-moves-as-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mh81}")
planes = torch.randint(0, 2, (4, 6, 9, 9)).float()
moves = torch.tensor([[20., 24., 56., 60., 40.]] * 4)   # move ids from the JSON game API: floats
logits = m(planes, moves)
""", "The candidate move ids arrive from the JSON game API as floats and are passed as a float32 "
       "tensor where the package takes int64 indices.",
       "Convert with moves.long() before the call.", needs=("s",), env=CHECK,
       match=r"dtype|type")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21]
# Removed before any trial, because a grep found the same trigger in an earlier set: case_22 (the
# world model called with one environment below the envs Dim's min of 2; live_blind51's
# single-eval-env) and case_23 (move ids as floats into an int64 index input; live_blind51's
# float-rollout-actions). They are kept below for the record only.
DROPPED = [case_22, case_23]
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind81.jsonl",
        url_file="benchmarks/live_blind81.py", id_prefix="live81", stems=STEMS,
        scratch_prefix="live_blind81-", description=__doc__.splitlines()[0]))
