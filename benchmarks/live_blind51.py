"""A fifty-first blind set of REAL AOTInductor failures (reinforcement-learning and control policies served from a package), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind51.py [--out benchmarks/live_blind51.jsonl] [--keep]

Theme: reinforcement-learning and control policies served from a package (observation dicts
from an environment with images plus vectors, action masks, discrete and continuous action
heads, torch.distributions in forward, recurrent policy state carried between steps, a batch of
vectorised environments whose size changes, deterministic vs stochastic acting, value heads
returned beside actions, and the control loop that feeds the loaded package step after step).
No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind49.py (their TRIED lists included). Building the set
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
BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class ObsPolicy(torch.nn.Module):
    # an actor-critic over a dict observation: a 3x16x16 camera image plus a 6-vector state
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 4, stride=4)
        self.state = torch.nn.Linear(6, 16)
        self.pi = torch.nn.Linear(64 + 16, 5)
        self.v = torch.nn.Linear(64 + 16, 1)
    def forward(self, obs):
        z = torch.cat([torch.relu(self.conv(obs["image"])).flatten(1),
                       torch.relu(self.state(obs["state"]))], 1)
        return self.pi(z), self.v(z).squeeze(-1)

class MaskPolicy(torch.nn.Module):
    # a discrete policy that masks invalid actions before the greedy choice
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs, mask):
        logits = self.lin(obs).masked_fill(~mask, float("-inf"))
        return logits.argmax(-1), logits

class GRUPolicy(torch.nn.Module):
    # a recurrent policy: the caller carries the hidden state from step to step
    def __init__(self):
        super().__init__()
        self.gru = torch.nn.GRU(8, 16)
        self.pi = torch.nn.Linear(16, 5)
    def forward(self, obs, h):
        y, h = self.gru(obs.unsqueeze(0), h)
        return self.pi(y[0]), h

class Gauss(torch.nn.Module):
    # a continuous Gaussian actor with a value head
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(6, 32)
        self.mu = torch.nn.Linear(32, 2)
        self.log_std = torch.nn.Parameter(torch.zeros(2))
        self.v = torch.nn.Linear(32, 1)
    def forward(self, obs):
        z = torch.tanh(self.body(obs))
        return torch.tanh(self.mu(z)), self.log_std.expand(obs.shape[0], 2), self.v(z)

class PrevAct(torch.nn.Module):
    # the previous action is embedded beside the observation
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(5, 8)
        self.lin = torch.nn.Linear(16, 5)
    def forward(self, obs, prev_action):
        return self.lin(torch.cat([obs, self.emb(prev_action)], 1))

class LogProb(torch.nn.Module):
    # PPO-style evaluation: log-probabilities of the actions the rollout took, and entropy
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs, actions):
        logp = torch.log_softmax(self.lin(obs), -1)
        ent = -(logp.exp() * logp).sum(-1)
        return logp.gather(1, actions.unsqueeze(1)).squeeze(1), ent

envs = Dim("envs", min=2, max=32)
build("obs51", ObsPolicy(), ({"image": torch.randn(4, 3, 16, 16), "state": torch.randn(4, 6)},),
      dynamic_shapes=({"image": {0: envs}, "state": {0: envs}},))
build("mask51", MaskPolicy(), (torch.randn(4, 8), torch.ones(4, 5, dtype=torch.bool)))
build("gru51", GRUPolicy(), (torch.randn(4, 8), torch.zeros(1, 4, 16)))
build("gauss51", Gauss(), (torch.randn(4, 6),), dynamic_shapes=({0: envs},))
build("prev51", PrevAct(), (torch.randn(4, 8), torch.zeros(4, dtype=torch.long)))
build("logp51", LogProb(), (torch.randn(4, 8), torch.zeros(4, dtype=torch.long)))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"obs51", "mask51", "gru51", "gauss51", "prev51", "logp51", "tanh51", "cat51",
         "multi51", "ppo51"}

PRE = "import torch\n"
CHK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------- the control loop feeds the package (run)
def case_01():
    return _c("case_01", "env-info-in-obs-dict", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
obs = {"image": torch.randn(4, 3, 16, 16), "state": torch.randn(4, 6)}
obs["reward"] = torch.zeros(4)          # the wrapper merges the step's info into the observation
logits, value = m(obs)
""", "The control loop adds the reward to the observation dict, so the input pytree no longer "
       "matches the two-key dict the policy was exported with.",
       "Pass exactly the exported observation keys (filter the dict before the call).",
       needs=("r",), match=r".")


def case_02():
    return _c("case_02", "uint8-camera-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
frames = torch.randint(0, 256, (4, 3, 16, 16), dtype=torch.uint8)   # raw frames from the env
logits, value = m({"image": frames, "state": torch.randn(4, 6)})
""", "The environment's camera frames arrive as uint8 while the policy was exported with float32 "
       "images.", "Convert the frames with .float() / 255 before the call (or export the uint8 "
       "preprocessing into the model).", needs=("r",), env=CHK, match=r"unmatched")


def case_03():
    return _c("case_03", "hwc-camera-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
frames = torch.rand(4, 16, 16, 3)     # gym image spaces are height x width x channels
logits, value = m({"image": frames, "state": torch.randn(4, 6)})
""", "The environment returns channels-last (H, W, C) frames but the package expects (C, H, W) "
       "images.", "Permute the frames to (N, C, H, W) before the call.", needs=("r",), env=CHK,
       match=r"unmatched")


def case_04():
    return _c("case_04", "float64-proprio-state", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{obs51}")
state = torch.from_numpy(np.random.randn(4, 6))   # numpy observations default to float64
logits, value = m({"image": torch.rand(4, 3, 16, 16), "state": state})
""", "The proprioceptive state comes from numpy as float64 while the package was compiled for "
       "float32.", "Cast the numpy observation with .float() (or np.float32) before the call.",
       needs=("r",), env=CHK, match=r"unmatched")


def case_05():
    return _c("case_05", "more-vector-envs", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
n = 48                                  # the vectorised environment was scaled up to 48 copies
logits, value = m({"image": torch.rand(n, 3, 16, 16), "state": torch.randn(n, 6)})
""", "The number of vectorised environments (48) exceeds the batch Dim's declared maximum of 32.",
       "Re-export with a larger max for the env-batch Dim, or step the envs in chunks of at most "
       "32.", needs=("r",), env=CHK, match=r"(?i)too (large|small)|expected it to be|unmatched dim")


def case_06():
    return _c("case_06", "single-eval-env", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
logits, value = m({"image": torch.rand(1, 3, 16, 16), "state": torch.randn(1, 6)})  # one eval env
""", "Evaluation runs a single environment, a batch of 1, below the env-batch Dim's minimum of 2.",
       "Export the Dim with min=1 support (an example batch >= 2 and min=1) or pad the eval batch "
       "to 2.", needs=("r",), env=CHK,
       match=r"(?i)too (large|small)|expected it to be|unmatched dim")


def case_07():
    return _c("case_07", "renamed-obs-keys", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
obs = {"pixels": torch.rand(4, 3, 16, 16), "state": torch.randn(4, 6)}  # the new env's key names
logits, value = m(obs)
""", "A new environment version names the camera key 'pixels' while the package was exported "
       "with an 'image' key, so the observation pytree does not match.",
       "Map the env's observation keys to the exported ones before the call.",
       needs=("r",), match=r".")


def case_08():
    return _c("case_08", "float-action-mask", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mask51}")
mask = torch.ones(4, 5)                 # the env publishes its action mask as 0/1 floats
mask[:, 3] = 0
action, logits = m(torch.randn(4, 8), mask)
""", "The action mask is passed as 0/1 float32 while the policy was exported with a bool mask.",
       "Convert the mask with .bool() before the call.", needs=("r",), env=CHK, match=r"unmatched")


def case_09():
    return _c("case_09", "shared-action-mask", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mask51}")
mask = torch.tensor([True, True, False, True, True])  # one mask for all envs (same rules)
action, logits = m(torch.randn(4, 8), mask)
""", "One 1-D action mask is passed for all environments, but the package was exported with a "
       "per-env (4, 5) mask and does not broadcast.", "Expand the mask to (num_envs, num_actions) "
       "before the call.", needs=("r",), env=CHK, match=r".")


def case_10():
    return _c("case_10", "hidden-after-env-done", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gru51}")
h = torch.zeros(1, 4, 16)
logits, h = m(torch.randn(4, 8), h)
obs = torch.randn(3, 8)                 # one env finished and was dropped from the batch
logits, h = m(obs, h)
""", "After one environment finished, the loop passes 3 observations with the 4-env hidden state "
       "(and the package was exported for exactly 4 envs).", "Keep the env batch at its exported "
       "size (reset the finished env's slot instead of dropping it).", needs=("r",), env=CHK,
       match=r"unmatched")


def case_11():
    return _c("case_11", "batch-first-hidden", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gru51}")
h = torch.zeros(4, 1, 16)               # the rollout buffer stores hidden states batch-first
logits, h = m(torch.randn(4, 8), h)
""", "The rollout buffer stores the GRU hidden state batch-first (4, 1, 16) while nn.GRU's "
       "state, as exported, is (layers, batch, hidden).", "Transpose the stored hidden state to "
       "(1, num_envs, 16) before the call.", needs=("r",), env=CHK, match=r"unmatched")


def case_12():
    return _c("case_12", "whole-output-as-hidden", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gru51}")
h = torch.zeros(1, 4, 16)
for step in range(3):
    h = m(torch.randn(4, 8), h)          # carries the hidden state forward (forgets the logits)
""", "The control loop assigns the whole (logits, hidden) output to h, so the next step passes a "
       "list where the hidden-state tensor belongs.", "Unpack the outputs (logits, h = m(obs, h)) "
       "and carry only the hidden state.", needs=("r",), match=r".")


def case_13():
    return _c("case_13", "no-previous-action-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{prev51}")
prev = torch.full((4,), -1)              # no previous action at the start of an episode
logits = m(torch.randn(4, 8), prev)
""", "At episode start the loop passes -1 as the 'no previous action' marker, an index outside "
       "the 5-row action embedding.", "Use a valid id for the start (reserve an extra embedding "
       "row for 'no action' and re-export).", needs=("r",), match=r"out of bounds|index")


def case_14():
    return _c("case_14", "noop-action-id-n", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{prev51}")
NOOP = 5                                 # the env's extra no-op action id (actions 0..4 + no-op)
prev = torch.tensor([0, 2, NOOP, 4])
logits = m(torch.randn(4, 8), prev)
""", "The environment's extra no-op action id (5) is fed back as the previous action, but the "
       "policy's embedding only has rows 0..4.", "Size the action embedding for every id the env "
       "can emit (6 rows) and re-export, or map the no-op to an existing id.",
       needs=("r",), match=r"out of bounds|index")


def case_15():
    return _c("case_15", "int32-rollout-actions", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{logp51}")
actions = torch.from_numpy(np.array([0, 3, 1, 4], dtype=np.int32))  # the rollout buffer's dtype
logp, ent = m(torch.randn(4, 8), actions)
""", "The rollout buffer stores actions as int32 while the evaluation package was exported with "
       "int64 action indices.", "Convert the actions with .long() before the call.",
       needs=("r",), env=CHK, match=r"unmatched")


def case_16():
    return _c("case_16", "float-rollout-actions", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{logp51}")
actions = torch.tensor([0., 3., 1., 4.])  # a shared float buffer holds every action type
logp, ent = m(torch.randn(4, 8), actions)
""", "The rollout buffer holds the discrete actions as float32 while the package gathers with "
       "int64 indices.", "Convert the actions with .long() before the call.", needs=("r",),
       env=CHK, match=r".")


def case_17():
    return _c("case_17", "numpy-obs-to-package", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{gauss51}")
obs = np.random.randn(4, 6).astype(np.float32)   # straight from env.step()
mean, log_std, value = m(obs)
""", "The control loop passes the environment's numpy array straight to the package, which only "
       "takes tensors.", "Wrap the observation with torch.from_numpy(obs) before the call.",
       needs=("r",), match=r".")


def case_18():
    return _c("case_18", "obs-keyword-name", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gauss51}")
mean, log_std, value = m(observation=torch.randn(4, 6))   # the serving API's keyword
""", "The serving code passes the observation by a keyword the exported forward does not have "
       "(its parameter is obs), so the input pytree does not match.",
       "Pass the observation positionally or with the exported parameter name.",
       needs=("r",), match=r".")


def case_19():
    return _c("case_19", "obs-moved-to-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gauss51}")
obs = torch.randn(4, 6).to("cuda")       # the loop was written for the GPU training box
mean, log_std, value = m(obs)
""", "The control loop copied from the GPU trainer moves observations to CUDA, but the policy "
       "package was compiled for CPU and this host has no GPU.", "Keep observations on the "
       "package's device (CPU here), or compile a CUDA package for a GPU host.",
       needs=("r",), match=r"(?i)cuda|nvidia")


def case_20():
    return _c("case_20", "actor-critic-weights-into-actor", "constant_loading", "load", """
class Gauss(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(6, 32)
        self.mu = torch.nn.Linear(32, 2)
        self.log_std = torch.nn.Parameter(torch.zeros(2))
        self.v = torch.nn.Linear(32, 1)
class Learner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = Gauss()
        self.target = Gauss()
m = torch._inductor.aoti_load_package("{gauss51}")
learner = Learner()                      # the learner pushes its weights after every update
m.load_constants(dict(learner.state_dict()), check_full_update=True)
""", "The learner's state_dict names the actor's weights 'actor.*' (and adds a target network), "
       "so the pushed weights do not match the package's constant names.",
       "Push learner.actor.state_dict() (names as exported) to load_constants.",
       needs=("r",), match=r"(?i)constant|fqn|update")


def case_21():
    return _c("case_21", "push-only-trainable-weights", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{gauss51}")
class G(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(6, 32)
        self.mu = torch.nn.Linear(32, 2)
        self.log_std = torch.nn.Parameter(torch.zeros(2))
        self.v = torch.nn.Linear(32, 1)
actor = G()
# only the actor's weights are pushed to the acting process; the value head stays behind
update = {k: v for k, v in actor.state_dict().items() if not k.startswith("v.")}
m.load_constants(update, check_full_update=True)
""", "The weight push leaves out the value head's constants, so a full constant update cannot "
       "complete.", "Push every constant of the package (or call with check_full_update=False "
       "for a partial update).", needs=("r",), match=r"(?i)constant|fqn|update")


# -------------------------------------------------------------- policies at export (export)
def case_22():
    return _c("case_22", "bernoulli-multibinary-head", "export_failure", "export", """
class MultiBinary(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 6)
    def forward(self, obs):
        d = torch.distributions.Bernoulli(logits=self.lin(obs))   # six on/off actuators
        a = d.sample()
        return a, d.log_prob(a).sum(-1)
ep = torch.export.export(MultiBinary(), (torch.randn(4, 8),))
""", "torch.distributions.Bernoulli validates its logits (validate_args) with a data-dependent "
       "check that torch.export cannot trace.", "Construct the distribution with "
       "validate_args=False (or sample with torch.bernoulli on sigmoid(logits)).",
       match=r"(?i)data.dependent|guard")


def case_23():
    return _c("case_23", "tanh-squashed-gaussian", "export_failure", "export", """
from torch.distributions import Normal, TransformedDistribution
from torch.distributions.transforms import TanhTransform
class SAC(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mu = torch.nn.Linear(6, 2)
        self.ls = torch.nn.Linear(6, 2)
    def forward(self, obs):
        d = TransformedDistribution(Normal(self.mu(obs), self.ls(obs).clamp(-5, 2).exp()),
                                    [TanhTransform(cache_size=1)])
        a = d.rsample()
        return a, d.log_prob(a).sum(-1)
ep = torch.export.export(SAC(), (torch.randn(4, 6),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tanh51.pt2")
m = torch._inductor.aoti_load_package(pkg)
a, logp = m(torch.randn(4, 6))
""", "The SAC actor's tanh-squashed Normal validates its parameters with data-dependent checks "
       "that torch.export cannot trace.", "Build the distributions with validate_args=False.",
       match=r"(?i)data.dependent|guard")


def case_24():
    return _c("case_24", "deterministic-tensor-flag", "export_failure", "export", """
class Actor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs, deterministic):
        logits = self.lin(obs)
        if deterministic.item():          # greedy for evaluation, sampled for exploration
            return logits.argmax(-1)
        return torch.multinomial(torch.softmax(logits, -1), 1).squeeze(-1)
ep = torch.export.export(Actor(), (torch.randn(4, 8), torch.tensor(False)))
""", "forward branches on a tensor flag's .item(), a data-dependent Python if that torch.export "
       "cannot trace.", "Select with torch.where between the greedy and sampled actions (or "
       "export two packages, one per mode).", match=r"(?i)data.dependent|guard")


def case_25():
    return _c("case_25", "mask-sanity-check", "export_failure", "export", """
class Masked(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs, mask):
        if not mask.any(-1).all():       # every env must have at least one legal action
            raise ValueError("an environment has no legal action")
        return self.lin(obs).masked_fill(~mask, -1e9).argmax(-1)
ep = torch.export.export(Masked(), (torch.randn(4, 8), torch.ones(4, 5, dtype=torch.bool)))
""", "forward checks the action mask with a Python if on a tensor reduction, a data-dependent "
       "branch torch.export cannot trace.", "Use torch._check(...) or move the sanity check to "
       "the caller before the call.", match=r"(?i)data.dependent|guard")


def case_26():
    return _c("case_26", "image-batch-only-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pol(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 4, stride=4)
        self.state = torch.nn.Linear(6, 16)
        self.pi = torch.nn.Linear(64 + 16, 5)
    def forward(self, obs):
        z = torch.cat([self.conv(obs["image"]).flatten(1), self.state(obs["state"])], 1)
        return self.pi(z)
obs = {"image": torch.randn(4, 3, 16, 16), "state": torch.randn(4, 6)}
ep = torch.export.export(Pol(), (obs,), dynamic_shapes=({"image": {0: Dim("envs")}, "state": None},))
""", "Only the image entry's batch is declared dynamic; concatenating it with the static-batch "
       "state forces the env batch to equal 4, violating the Dim.", "Declare the same env-batch "
       "Dim on every observation entry.", match=r".")


def case_27():
    return _c("case_27", "spec-keys-from-space", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pol(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(6 + 3, 5)
    def forward(self, obs):
        return self.lin(torch.cat([obs["joints"], obs["target"]], 1))
obs = {"joints": torch.randn(4, 6), "target": torch.randn(4, 3)}
envs = Dim("envs", min=2, max=64)
# the spec is generated from the env's observation space, whose keys are prefixed
spec = {"obs/joints": {0: envs}, "obs/target": {0: envs}}
ep = torch.export.export(Pol(), (obs,), dynamic_shapes=(spec,))
""", "The dynamic_shapes spec is generated from the observation space's prefixed key names, which "
       "do not match the observation dict's keys, so export refuses the spec.",
       "Build the spec with the same keys as the observation dict passed to export.",
       match=r".")


def case_28():
    return _c("case_28", "num-envs-reshape", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pol(torch.nn.Module):
    def __init__(self, num_envs=4, agents=2):
        super().__init__()
        self.num_envs, self.agents = num_envs, agents
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs):
        # obs rows are (env, agent) pairs; regroup per environment
        logits = self.lin(obs).view(self.num_envs, self.agents, 5)
        return logits.sum(1)
ep = torch.export.export(Pol(), (torch.randn(8, 8),),
                         dynamic_shapes=({0: Dim("rows", min=2, max=128)},))
""", "forward reshapes with the num_envs stored at construction, which pins the dynamic row count "
       "to 8 and violates the declared range.", "Reshape with -1 for the env dimension "
       "(view(-1, agents, 5)) so the batch stays symbolic.", match=r".")


def case_29():
    return _c("case_29", "categorical-sample-dynamic", "unsupported", "compile", """
from torch.export import Dim
class Actor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs):
        d = torch.distributions.Categorical(logits=self.lin(obs), validate_args=False)
        a = d.sample()
        return a, d.log_prob(a), d.entropy()
ep = torch.export.export(Actor(), (torch.randn(4, 8),),
                         dynamic_shapes=({0: Dim("envs", min=2, max=64)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cat51.pt2")
m = torch._inductor.aoti_load_package(pkg)
a, logp, ent = m(torch.randn(7, 8))
""", "Categorical sampling in forward over a dynamic env batch.", "Sample in the caller.",
       match=r".")


def case_30():
    return _c("case_30", "multidiscrete-heads", "export_failure", "export", """
class MultiDiscrete(torch.nn.Module):
    def __init__(self, nvec=(3, 4, 2)):
        super().__init__()
        self.nvec = list(nvec)
        self.lin = torch.nn.Linear(8, sum(nvec))
    def forward(self, obs):
        outs = []
        for logits in self.lin(obs).split(self.nvec, -1):
            outs.append(torch.distributions.Categorical(logits=logits).sample())
        return torch.stack(outs, -1)
ep = torch.export.export(MultiDiscrete(), (torch.randn(4, 8),))
""", "Each MultiDiscrete head builds a Categorical with argument validation on, a data-dependent "
       "check torch.export cannot trace.", "Pass validate_args=False to the distributions.",
       match=r"(?i)data.dependent|guard")


def case_31():
    return _c("case_31", "ppo-clip-ratio-package", "unsupported", "compile", """
class PPOEval(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 5)
    def forward(self, obs, actions, old_logp):
        d = torch.distributions.Categorical(logits=self.lin(obs), validate_args=False)
        ratio = (d.log_prob(actions) - old_logp).exp()
        return ratio.clamp(0.8, 1.2), d.entropy().mean()
ep = torch.export.export(PPOEval(), (torch.randn(4, 8), torch.zeros(4, dtype=torch.long),
                                     torch.zeros(4)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ppo51.pt2")
m = torch._inductor.aoti_load_package(pkg)
r, e = m(torch.randn(4, 8), torch.tensor([0, 1, 2, 3]), torch.zeros(4))
""", "PPO ratio evaluation in a package.", "None.", match=r".")


def case_32():
    return _c("case_32", "normal-policy-validate", "export_failure", "export", """
from torch.export import Dim
class Gauss(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mu = torch.nn.Linear(6, 2)
        self.log_std = torch.nn.Parameter(torch.zeros(2))
    def forward(self, obs):
        d = torch.distributions.Independent(torch.distributions.Normal(self.mu(obs), self.log_std.exp()), 1)
        a = d.sample()
        return a, d.log_prob(a)
ep = torch.export.export(Gauss(), (torch.randn(4, 6),), dynamic_shapes=({0: Dim("envs")},))
""", "The Independent(Normal) action distribution validates its loc and scale with "
       "data-dependent checks that torch.export cannot trace.", "Build the distributions with "
       "validate_args=False.", match=r"(?i)data.dependent|guard")


def case_33():
    return _c("case_33", "action-bounds-numpy", "export_failure", "export", """
import numpy as np
class Actor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(6, 2)
        self.low = np.array([-1.0, -2.0], dtype=np.float32)    # copied from env.action_space
        self.high = np.array([1.0, 2.0], dtype=np.float32)
    def forward(self, obs):
        a = torch.tanh(self.lin(obs))
        return self.low + (a + 1) * 0.5 * (self.high - self.low)
ep = torch.export.export(Actor(), (torch.randn(4, 6),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/multi51.pt2")
""", "The action bounds are numpy arrays copied from the env's action space; mixing them with "
       "the traced tensor in forward makes numpy call .numpy() on it, which torch.export cannot "
       "do.", "Register the bounds as buffers (torch.tensor) in __init__.",
       match=r"\.numpy\(\)")


def case_34():
    return _c("case_34", "masked-logits-batch-changes", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mask51}")
n = 6                                     # two more environments joined the vector env
action, logits = m(torch.randn(n, 8), torch.ones(n, 5, dtype=torch.bool))
""", "The masked policy was exported with a static batch of 4 envs and is called with 6.",
       "Export with a dynamic env-batch Dim.", needs=("r",), env=CHK, match=r".")


def case_35():
    return _c("case_35", "tuple-space-observation", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{obs51}")
obs = (torch.rand(4, 3, 16, 16), torch.randn(4, 6))   # a gym Tuple space (image, state)
logits, value = m(obs)
""", "The environment's Tuple observation space yields an (image, state) tuple while the package "
       "was exported with a dict observation.", "Build the exported dict "
       "({'image': ..., 'state': ...}) from the tuple before the call.", needs=("r",), match=r".")


def case_36():
    return _c("case_36", "hidden-state-reset-inplace-output", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gru51}")
h = torch.zeros(1, 4, 16)
logits, h = m(torch.randn(4, 8), h)
done = torch.tensor([False, True, False, False])
h = h[:, ~done]                          # drop the finished env's state (a view of 3 envs)
logits, h = m(torch.randn(4, 8), h)
""", "After an episode ends the loop drops the finished env's hidden row instead of zeroing it, "
       "so a 3-env state is passed with the 4 observations.", "Zero the finished env's slot "
       "(h[:, done] = 0) instead of removing it.", needs=("r",), env=CHK, match=r".")


CASES = [case_01, case_02, case_03, case_05, case_06, case_08, case_10, case_12, case_13, case_15,
         case_19, case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_28, case_33]
# Failed in a full run but left out to keep input_mismatch near a third of the rows: case_04
# (float64 numpy state), case_11 (batch-first hidden state), case_17 (a numpy observation
# passed straight to the package), case_18 (the observation passed by an unknown keyword).
# Failed in the trial but left out: case_30 (Categorical with argument validation per
# MultiDiscrete head: the same Categorical-validate_args export trigger as live_blind7),
# case_27 (a dynamic_shapes spec whose dict keys differ from the observation dict's: found on a
# last trigger check to repeat live_blind47's feature-dict spec naming a key the input lacks),
# case_32 (Independent(Normal) with validation: the same data-dependent validation failure as
# case_23's tanh-squashed Normal, one Normal-validation row is enough), case_09 (one 1-D mask
# for all envs: failed as an input mismatch, left out to keep the recorded run inside the time
# limit; case_08 covers the mask input). Written but NOT run in the trial (the trial was stopped
# to keep within the time limit) and left out, kept to run another time: case_14 (a no-op
# action id equal to the embedding size), case_16 (float actions to the log-prob package),
# case_34 (six envs to the static 4-env masked policy), case_36 (the finished env's hidden row
# dropped).
DROPPED = [case_04, case_11, case_17, case_18, case_27, case_30, case_32, case_09, case_14, case_16, case_34, case_36]
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_07 (observation dict keys renamed 'image' -> 'pixels': the
# package took the two tensors and ran), case_29 (Categorical(validate_args=False) sample,
# log_prob and entropy over a dynamic env batch: compiled and ran), case_31 (a PPO ratio and
# entropy package: compiled and ran), case_35 (a Tuple-space (image, state) tuple for the dict
# observation: flattened to the same two tensors and ran).
TRIED = [case_07, case_29, case_31, case_35]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind51.jsonl",
        url_file="benchmarks/live_blind51.py", id_prefix="live51", stems=STEMS,
        scratch_prefix="live_blind51-", description=__doc__.splitlines()[0]))
