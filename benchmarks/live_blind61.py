"""A sixty-first blind set of REAL AOTInductor failures (robotics and sensor fusion), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind61.py [--out benchmarks/live_blind61.jsonl] [--keep]

Theme: robotics and sensor fusion (IMU, camera features and joint states fused in one policy,
quaternion and rotation-matrix maths in forward, fixed-rate control loops calling the package,
action chunking and temporal ensembling, normalisation statistics of a dataset, gripper and joint
limits, episodes batched for evaluation), exported, compiled, loaded and run as a deployment
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind59.py (their TRIED lists included). Building the set
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
class Policy(torch.nn.Module):
    # IMU (6) + joint states (7) normalised with dataset statistics, fused with 32-d camera
    # features; the 7-d action is clamped to the joint limits
    def __init__(self, mean=None, std=None):
        super().__init__()
        self.register_buffer("obs_mean", torch.zeros(13) if mean is None else mean)
        self.register_buffer("obs_std", torch.ones(13) if std is None else std)
        self.register_buffer("joint_lo", torch.full((7,), -2.8))
        self.register_buffer("joint_hi", torch.full((7,), 2.8))
        self.fuse = torch.nn.Linear(13 + 32, 64)
        self.head = torch.nn.Linear(64, 7)
    def forward(self, imu, cam, joints):
        x = (torch.cat([imu, joints], -1) - self.obs_mean) / self.obs_std
        h = torch.relu(self.fuse(torch.cat([x, cam], -1)))
        return torch.clamp(self.head(h), self.joint_lo, self.joint_hi)

def quat_to_rot(q):
    # (w, x, y, z) unit quaternion -> rotation matrix
    q = q / q.norm(dim=-1, keepdim=True)
    w, x, y, z = q.unbind(-1)
    return torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1).unflatten(-1, (3, 3))

class QuatRot(torch.nn.Module):
    def forward(self, q):
        return quat_to_rot(q)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
class Chunker(torch.nn.Module):
    # action chunking: one forward predicts 8 future actions; the control loop's step counter
    # picks the one to execute
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(13, 8 * 7)
    def forward(self, obs, step):
        chunk = self.net(obs).view(obs.shape[0], 8, 7)
        return chunk[torch.arange(obs.shape[0]), step]

class TaskPolicy(torch.nn.Module):
    # multi-task policy: a task embedding (10 training tasks) conditions the action head
    def __init__(self):
        super().__init__()
        self.task = torch.nn.Embedding(10, 16)
        self.head = torch.nn.Linear(13 + 16, 7)
    def forward(self, obs, task_id):
        return self.head(torch.cat([obs, self.task(task_id)], -1))

class Ensemble(torch.nn.Module):
    # temporal ensembling (ACT): the predictions for the current step from the last T chunks,
    # weighted by exp(-k * age)
    def forward(self, preds):
        t = preds.shape[1]
        w = torch.exp(-0.01 * torch.arange(t, dtype=preds.dtype))
        return (preds * (w / w.sum())[None, :, None]).sum(1)

class TrajSimilarity(torch.nn.Module):
    # evaluation metric: mean pairwise distance between the time steps of each episode
    def forward(self, traj):
        d = (traj.unsqueeze(2) - traj.unsqueeze(1)).pow(2).sum(-1)
        return d.mean((1, 2))

b = Dim("b", min=1, max=64)
build("pol61", Policy(), (torch.randn(4, 6), torch.randn(4, 32), torch.randn(4, 7)),
      dynamic_shapes=({0: b}, {0: b}, {0: b}))
build("quat61", QuatRot(), (torch.randn(4, 4),), dynamic_shapes=({0: Dim("n", min=1, max=1024)},))
build("chunk61", Chunker(), (torch.randn(4, 13), torch.zeros(4, dtype=torch.long)),
      dynamic_shapes=({0: b}, {0: b}))
build("task61", TaskPolicy(), (torch.randn(4, 13), torch.zeros(4, dtype=torch.long)),
      dynamic_shapes=({0: b}, {0: b}))
build("ens61", Ensemble(), (torch.randn(4, 10, 7),),
      dynamic_shapes=({0: b, 1: Dim("hist", min=2, max=100)},))
build("traj61", TrajSimilarity(), (torch.randn(4, 50, 7),),
      dynamic_shapes=({0: Dim("episodes", min=1, max=4096), 1: Dim("steps", min=2, max=100000)},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"pol61", "quat61", "chunk61", "task61", "ens61", "traj61", "statpol61", "avg61"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "quat-hemisphere-python-if", "export_failure", "export", """
class CanonicalRot(torch.nn.Module):
    def forward(self, q):
        if q[0, 0] < 0:                  # keep the quaternion on the w >= 0 hemisphere
            q = -q
        return quat_to_rot(q)
ep = torch.export.export(CanonicalRot(), (torch.randn(4, 4),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The orientation head flips the quaternion to the w >= 0 hemisphere with a Python if on a "
       "tensor value, data-dependent control flow that torch.export cannot trace.",
       "Canonicalise without branching: q = q * torch.where(q[..., :1] < 0, -1.0, 1.0).",
       match=r".")


def case_02():
    return _m("case_02", "joint-limit-tolist-loop", "export_failure", "export", """
class LimitedPolicy(Policy):
    def forward(self, imu, cam, joints):
        a = super().forward(imu, cam, joints)
        lim = [2.9, 1.7, 2.9, 3.0, 2.9, 3.7, 2.9]       # Franka joint limits from the URDF
        for j, v in enumerate(a[0].tolist()):
            if abs(v) > lim[j]:
                raise ValueError(f"joint {j} command {v} beyond limit")
        return a
ep = torch.export.export(LimitedPolicy(), (torch.randn(1, 6), torch.randn(1, 32), torch.randn(1, 7)))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The safety check loops over the action with a.tolist() and compares each joint command "
       "with its limit in Python; the values are data-dependent, so torch.export cannot trace it.",
       "Clamp in the graph (torch.clamp with limit tensors) or check the limits in the caller "
       "after the package returns.", match=r".")


def case_03():
    return _c("case_03", "camera-count-dim-flattened", "dynamic_shape_guard", "export", """
from torch.export import Dim
class MultiCam(torch.nn.Module):
    # features of every wrist/scene camera, flattened into one fusion layer
    def __init__(self):
        super().__init__()
        self.fuse = torch.nn.Linear(2 * 32, 7)
    def forward(self, cams):
        return self.fuse(cams.flatten(1))
ep = torch.export.export(MultiCam(), (torch.randn(4, 2, 32),),
                         dynamic_shapes=({0: Dim("b"), 1: Dim("n_cams", max=4)},))
""", "The number of cameras is declared dynamic, but the fusion layer flattens the camera axis "
       "into a Linear with 2 * 32 inputs, which fixes the camera count at 2.",
       "Keep the camera count static (export one package per rig) or pool over cameras "
       "before the fusion layer.", match=r"Constraints violated|specializ|n_cams")


def case_04():
    return _m("case_04", "imu-joints-separate-batch-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
ep = torch.export.export(Policy(), (torch.randn(4, 6), torch.randn(4, 32), torch.randn(4, 7)),
                         dynamic_shapes=({0: Dim("imu_batch")}, {0: Dim("cam_batch")},
                                         {0: Dim("joint_batch")}))
""", "Each sensor stream got its own batch Dim, but the policy concatenates IMU, joint states "
       "and camera features row by row, so the batches must be equal.",
       "Use one batch Dim for all three inputs.", match=r"Constraints violated|equal|specializ")


def case_05():
    return _m("case_05", "quat-average-eigh", "unsupported", "compile", """
class QuatAverage(torch.nn.Module):
    # Markley's average of the IMU's orientation samples: the top eigenvector of sum q q^T
    def forward(self, q):
        M = torch.einsum("bni,bnj->bij", q, q)
        vals, vecs = torch.linalg.eigh(M)
        return quat_to_rot(vecs[..., -1])
ep = torch.export.export(QuatAverage(), (torch.randn(2, 10, 4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/avg61.pt2")
m = torch._inductor.aoti_load_package(pkg)
R = m(torch.randn(2, 10, 4))
""", "The orientation average uses torch.linalg.eigh in forward, which has no AOTInductor C "
       "shim on this path.", "Average the quaternions outside the package (or with a normalised "
       "sign-aligned mean).", match=r"shim|not supported|declared|schema")


# ---------------------------------------------------------------------- run: inputs (R)
def case_10():
    return _c("case_10", "ros-joint-states-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{pol61}")
pos = [0.0, -0.78, 0.0, -2.35, 0.0, 1.57, 0.78]   # JointState.position of the two arms
joints = torch.from_numpy(np.array([pos, pos]))
a = m(torch.randn(2, 6), torch.randn(2, 32), joints)
""", "The control node builds the joint-state tensor from the ROS JointState positions (Python "
       "floats, so float64), while the policy was exported for float32.",
       "Build the tensor with dtype=torch.float32 (np.asarray(pos, np.float32)).",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_11():
    return _c("case_11", "eval-128-episodes-one-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pol61}")
n = 128                                            # all evaluation episodes stepped together
a = m(torch.randn(n, 6), torch.randn(n, 32), torch.randn(n, 7))
""", "The evaluation runner steps 128 episodes in one batch, but the policy's batch Dim was "
       "exported with max=64.", "Step the episodes in chunks of at most 64 (or export with a "
       "larger max).", needs=("r",), env=CHECK, match=r"64|range|bound")


def case_12():
    return _c("case_12", "control-tick-unbatched", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pol61}")
imu, cam, joints = torch.randn(6), torch.randn(32), torch.randn(7)   # one 100 Hz tick
a = m(imu, cam, joints)
""", "The 100 Hz control loop sends one observation without the batch axis, while the policy "
       "was exported for (batch, features) inputs.",
       "Add the batch axis (imu[None], cam[None], joints[None]) and take a[0].",
       needs=("r",), env=CHECK, match=r"dim|size|shape")


def case_13():
    return _c("case_13", "gripper-appended-to-joints", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pol61}")
arm, gripper = torch.randn(2, 7), torch.tensor([[0.04], [0.0]])
joints = torch.cat([arm, gripper], -1)            # the driver reports the finger as joint 8
a = m(torch.randn(2, 6), torch.randn(2, 32), joints)
""", "The robot driver appends the gripper width to the joint state (8 values) while the policy "
       "was exported for the 7 arm joints.",
       "Send only the 7 arm joints (or retrain and re-export with the gripper in the state).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_14():
    return _c("case_14", "stats-by-dataset-key-names", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pol61}")
stats = {"observation.state.mean": torch.zeros(13), "observation.state.std": torch.ones(13)}
m.load_constants(stats, check_full_update=False)   # the new dataset's normalisation stats
""", "The new dataset's normalisation statistics are loaded under the dataset's key names "
       "(observation.state.mean), which are not the package's constant names (obs_mean).",
       "Map the statistics to the names get_constant_fqns() lists (obs_mean / obs_std) "
       "before load_constants.", needs=("r",), match=r"not found|Constant|constant")


def case_15():
    return _c("case_15", "imu-zero-quaternion-at-boot", "numerical", "run", """
m = torch._inductor.aoti_load_package("{quat61}")
q = torch.tensor([[1.0, 0, 0, 0], [0.0, 0, 0, 0]])  # the second IMU has not converged yet
R = m(q)
assert torch.isfinite(R).all(), R
""", "An IMU that has not finished initialising reports the all-zero quaternion; the package "
       "normalises q by its norm, 0/0, so the rotation matrix is NaN.",
       "Drop (or replace by identity) quaternions with a near-zero norm before the call.",
       needs=("r",), match=r"AssertionError")


def case_16():
    return _c("case_16", "quat-xyzw-from-scipy-order", "numerical", "run", """
import math
m = torch._inductor.aoti_load_package("{quat61}")
s = math.sqrt(0.5)
q = torch.tensor([[0.0, 0.0, s, s]] * 2)           # 90 deg about z, as (x, y, z, w)
R = m(q)[0]
want = torch.tensor([[0.0, -1, 0], [1, 0, 0], [0, 0, 1]])
assert torch.allclose(R, want, atol=1e-5), R
""", "The quaternion is sent in (x, y, z, w) order (scipy / ROS convention) to a package that "
       "reads (w, x, y, z), so the rotation is silently wrong.",
       "Reorder to (w, x, y, z) before the call: q[..., [3, 0, 1, 2]].", needs=("r",),
       match=r"AssertionError")


def case_17():
    return _c("case_17", "unseen-task-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{task61}")
task_id = torch.tensor([3, 12])                    # task 12 was added after training
a = m(torch.randn(2, 13), task_id)
""", "The evaluation suite asks for task 12, but the multi-task policy's embedding only has the "
       "10 training tasks.", "Only request task ids the policy was trained on (validate "
       "against the task table).", needs=("r",), match=r".")


def case_18():
    return _c("case_18", "chunk-step-not-reset", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{chunk61}")
obs = torch.randn(2, 13)
for tick in range(10):                             # the step counter is never wrapped at 8
    a = m(obs, torch.tensor([tick, tick]))
""", "The control loop's step counter indexes the 8-action chunk but is not reset (or taken "
       "modulo 8) when a new chunk is predicted, so it reaches 8.",
       "Use step % 8 (and query a new chunk when it wraps).", needs=("r",), match=r".")


def case_19():
    return _c("case_19", "ensemble-first-tick-one-chunk", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ens61}")
history = [torch.randn(2, 7)]                      # the episode's first tick: one prediction
a = m(torch.stack(history, 1))
""", "At the first tick of an episode the temporal ensemble has a single prediction, but the "
       "history Dim was exported with min=2.",
       "Execute the first prediction directly (or export the history Dim with min=1).",
       needs=("r",), env=CHECK, match=r"hist|range|bound|2")


def case_20():
    return _c("case_20", "ensemble-history-never-trimmed", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ens61}")
history = torch.randn(2, 150, 7)                    # a long episode: every chunk kept
a = m(history)
""", "The temporal-ensembling history is never trimmed, so after 150 ticks it exceeds the "
       "history Dim's max of 100.", "Keep only the last 100 predictions (a deque with maxlen).",
       needs=("r",), env=CHECK, match=r"hist|range|bound|100")


def case_21():
    return _c("case_21", "obs-history-window-stacked", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chunk61}")
obs = torch.randn(2, 5, 13)                         # the last 5 observations, as in training
a = m(obs, torch.tensor([0, 0]))
""", "The caller stacks a 5-step observation history (batch, 5, 13) while the chunking policy "
       "was exported for the current observation only (batch, 13).",
       "Send obs[:, -1] (or export a model that takes the history).", needs=("r",), env=CHECK,
       match=r"dim|size|shape")


def case_22():
    return _c("case_22", "eval-pairwise-traj-metric-huge", "out_of_memory", "run", """
m = torch._inductor.aoti_load_package("{traj61}")
traj = torch.randn(512, 20000, 7)                   # 512 episodes of 20 000 steps
score = m(traj)
""", "The evaluation metric forms all pairwise step distances per episode; 512 episodes of 20 000 "
       "steps need a 512 x 20000 x 20000 buffer (about 800 GB).",
       "Evaluate a few episodes at a time and subsample the steps (or compute the metric in "
       "closed form).", needs=("r",), match=r"alloc|memory|bad_alloc")


def case_23():
    return _c("case_23", "camera-backbone-512-features", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pol61}")
cam = torch.randn(2, 512)                           # ResNet-18 pooled features, not the 32-d encoder
a = m(torch.randn(2, 6), cam, torch.randn(2, 7))
""", "The camera features come from a ResNet-18 (512-d) instead of the 32-d encoder the policy "
       "was trained and exported with.",
       "Use the encoder the policy was exported with (or re-export with the new backbone).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


# ------------------------------------------------------------------- own packages, run phase
def case_24():
    return _m("case_24", "stats-gripper-std-zero", "numerical", "run", """
torch.manual_seed(0)
data = torch.randn(1000, 13)
data[:, 12] = 0.04                                 # the gripper joint never moved in the dataset
p = Policy(data.mean(0), data.std(0)).eval()
ep = torch.export.export(p, (torch.randn(2, 6), torch.randn(2, 32), torch.randn(2, 7)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/statpol61.pt2")
m = torch._inductor.aoti_load_package(pkg)
a = m(torch.randn(2, 6), torch.randn(2, 32), torch.randn(2, 7))
assert torch.isfinite(a).all() and not torch.equal(a[0], p.joint_hi), a
""", "The normalisation statistics were computed on a dataset where the gripper joint never "
       "moved, so its std is 0 and (x - mean) / std divides by zero; the policy saturates or "
       "returns NaN.", "Clamp the std (std.clamp_min(1e-6)) when computing the statistics.",
       match=r"AssertionError")


def case_25():
    return _c("case_25", "no-tags-detected-empty-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{quat61}")
q = torch.empty(0, 4)                               # no fiducial tag was seen this frame
R = m(q)
""", "In a frame where no fiducial tag is detected the tag tracker sends zero quaternions, but "
       "the package's quaternion batch Dim was exported with min=1.",
       "Skip the call when no tag is detected (or export with min=0 and handle empty "
       "batches).", needs=("r",), env=CHECK, match=r"range|bound|>= 1|0")


def case_26():
    return _c("case_26", "ur5-limits-into-franka-policy", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pol61}")
lim = torch.full((6,), 6.28)                       # the UR5 has 6 joints, the policy 7
m.load_constants({"joint_lo": -lim, "joint_hi": lim}, check_full_update=False)
""", "The UR5's 6 joint limits are loaded into the limit constants of a policy exported for the "
       "7-joint arm; constants must keep their compiled shape.",
       "Load 7 limits (or export a policy for the 6-joint robot).", needs=("r",),
       match=r"size|shape|constant|Constant")


CASES = [case_01, case_02, case_03, case_04, case_10, case_11, case_12, case_13, case_14,
         case_15, case_16, case_17, case_18, case_19, case_20, case_21, case_22, case_23, case_24,
         case_25]
# Left out of the recorded run: case_26 (a UR5's 6 joint limits loaded into the 7-joint policy's
# limit constants): it failed in the trial, but with "Constant not found: joint_hi" (the limit
# buffers are not package constants), not on the shape the cause was written for; rather than
# rewrite the cause after seeing the message, the case was dropped.
DROPPED = [case_26]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_05 (Markley quaternion averaging
# with torch.linalg.eigh in forward: exported, compiled, loaded and ran).
TRIED = [case_05]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind61.jsonl",
        url_file="benchmarks/live_blind61.py", id_prefix="live61", stems=STEMS,
        scratch_prefix="live_blind61-", description=__doc__.splitlines()[0]))
