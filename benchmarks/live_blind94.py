"""A ninety-fourth blind set of REAL AOTInductor failures (character animation and motion retargeting), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind94.py [--out benchmarks/live_blind94.jsonl] [--keep]

Theme: character animation and motion retargeting (a 22-joint humanoid rig with a parent list
and bone offsets, joint rotations as unit quaternions (w, x, y, z), forward kinematics over the
parent list, a motion-matching feature database with normalisation buffers, foot-contact labels
from foot speed and height at the capture's frame rate, an end-effector sampler and a pose
lookup into a 30 fps database), exported, compiled, loaded and run as an animation-tools
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind93.py (their TRIED lists included). Building the set
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
J = 22    # the studio's humanoid rig: hips, spine chain, neck/head, two arms, two legs
PARENTS = [-1, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11, 12, 11, 14, 15, 16, 11, 18, 19, 20]
FEET = [3, 4, 7, 8]      # left ankle/toe, right ankle/toe
F = 24                   # motion-matching feature: 2 foot positions, 2 foot velocities, hip vel, trajectory
N = 4096                 # frames in the motion-matching database

def quat_to_mat(q):
    # (..., 4) quaternions (w, x, y, z), normalised here -> (..., 3, 3) rotation matrices
    q = q / q.norm(dim=-1, keepdim=True)
    w, x, y, z = q.unbind(-1)
    m = torch.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                     2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                     2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1)
    return m.reshape(*q.shape[:-1], 3, 3)

class FK(torch.nn.Module):
    # forward kinematics: local joint rotations (frames, J, 4) + root position (frames, 3)
    # -> global joint positions (frames, J, 3), walking the parent list
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        off = torch.randn(J, 3, generator=g) * 0.1
        off[0] = 0.0
        self.register_buffer("offsets", off)
    def forward(self, rot, root):
        R = quat_to_mat(rot)
        gr, gp = [], []
        for j, p in enumerate(PARENTS):
            if p < 0:
                gr.append(R[:, j]); gp.append(root)
            else:
                gr.append(gr[p] @ R[:, j])
                gp.append(gp[p] + (gr[p] @ self.offsets[j].view(3, 1)).squeeze(-1))
        return torch.stack(gp, 1)

class MotionMatch(torch.nn.Module):
    # nearest database frame for each query feature vector (normalised squared distance)
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(2)
        self.register_buffer("db", torch.randn(N, F, generator=g))
        self.register_buffer("mean", torch.zeros(F))
        self.register_buffer("std", torch.ones(F))
    def forward(self, query):
        q = (query - self.mean) / self.std
        d = (q * q).sum(-1, keepdim=True) - 2 * q @ self.db.T + (self.db * self.db).sum(-1)
        return d.argmin(-1)

class Contact(torch.nn.Module):
    # foot-contact labels from foot speed and height; the capture rate is baked in (30 fps)
    def __init__(self):
        super().__init__()
        self.register_buffer("fps", torch.tensor(30.0))
        self.register_buffer("feet", torch.tensor(FEET))
    def forward(self, pos):                       # (frames, J, 3) global positions, metres, y up
        f = pos[:, self.feet]                     # (frames, 4, 3)
        v = (f[1:] - f[:-1]).norm(dim=-1) * self.fps
        v = torch.cat([v[:1], v], 0)
        v = torch.nn.functional.avg_pool1d(v.T.unsqueeze(0), 5, 1, 2).squeeze(0).T   # smooth
        return ((v < 0.5) & (f[..., 1] < 0.06)).float()

def walk(t=64, j=J):
    # a plausible clip: small random local rotations around identity, root moving forward at 1.4 m/s
    q = torch.zeros(t, j, 4); q[..., 0] = 1.0
    q[..., 1:] = 0.1 * torch.randn(t, j, 3)
    q = q / q.norm(dim=-1, keepdim=True)
    root = torch.zeros(t, 3); root[:, 1] = 0.95; root[:, 2] = torch.arange(t) * 1.4 / 30
    return q, root

def feet_on_ground(t=64, fps=30.0, scale=1.0):
    # global positions of a walk whose feet alternate stance (still, on the ground) and swing
    pos = torch.zeros(t, J, 3); pos[..., 1] = 0.9
    k = torch.arange(t, dtype=torch.float32) / fps
    for n, foot in enumerate(FEET):
        phase = ((k * 1.0 + 0.5 * (n // 2)) % 1.0) < 0.6          # 60 % stance
        step = torch.cumsum((~phase).float(), 0) * (1.4 / fps)
        pos[:, foot, 2] = step
        pos[:, foot, 1] = torch.where(phase, torch.tensor(0.03), torch.tensor(0.045))
    return pos * scale

def stance(pos):
    # frames where each foot does not move (ground truth of the synthetic walk)
    z = pos[:, FEET, 2]
    return torch.cat([z[1:2] - z[:1], z[1:] - z[:-1]], 0) == 0
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
t = Dim("frames", min=2, max=2048)
build("fk94", FK().eval(), walk(64), dynamic_shapes=({0: t}, {0: t}))
b = Dim("queries", min=1, max=1000000)
build("mm94", MotionMatch().eval(), (torch.randn(8, F),), dynamic_shapes=({0: b},))
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
class Effectors(torch.nn.Module):
    # positions of the IK end effectors (hands, feet) picked by joint index
    def forward(self, pos, idx):
        return pos[:, idx] * 1.0

class PoseLookup(torch.nn.Module):
    # the database pose (J x 4 quaternions) of a 30 fps database frame
    def __init__(self):
        super().__init__()
        self.register_buffer("poses", torch.randn(1200, J * 4))
    def forward(self, frame):
        return self.poses[frame].view(-1, J, 4)

t = Dim("frames", min=16, max=4096)
build("ct94", Contact().eval(), (feet_on_ground(64),), dynamic_shapes=({0: t},))
k = Dim("effectors", min=1, max=64)
build("eff94", Effectors(), (feet_on_ground(64), torch.tensor([3, 7, 13, 17])),
      dynamic_shapes=({0: Dim("frames", min=2, max=4096)}, {0: k}))
build("pose94", PoseLookup().eval(), (torch.tensor([0, 10, 20, 30]),),
      dynamic_shapes=({0: Dim("n", min=1, max=4096)},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"fk94", "mm94", "ct94", "eff94", "pose94"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "parent-list-as-buffer-if", "export_failure", "export", """
class FKBuf(FK):
    # the rig importer stores the parent list as a buffer so it travels with the checkpoint
    def __init__(self):
        super().__init__()
        self.register_buffer("parents", torch.tensor(PARENTS))
    def forward(self, rot, root):
        R = quat_to_mat(rot)
        gr, gp = [], []
        for j in range(J):
            if self.parents[j] < 0:
                gr.append(R[:, j]); gp.append(root)
            else:
                p = int(self.parents[j])
                gr.append(gr[p] @ R[:, j])
                gp.append(gp[p] + (gr[p] @ self.offsets[j].view(3, 1)).squeeze(-1))
        return torch.stack(gp, 1)
ep = torch.export.export(FKBuf().eval(), walk(16))
""", "The FK walks a parent list stored as a tensor buffer and branches with a Python if on "
       "self.parents[j] < 0, a data-dependent condition that torch.export cannot trace.",
       "Keep the parent list as a Python list of ints (a constant of the rig) in the module, "
       "not as a tensor buffer.", match=r".")


def case_02():
    return _m("case_02", "scipy-euler-in-forward", "export_failure", "export", """
from scipy.spatial.transform import Rotation
class BVHToQuat(torch.nn.Module):
    # BVH channels are Euler angles (ZXY, degrees); the converter uses scipy inside forward
    def forward(self, euler):
        q = Rotation.from_euler("ZXY", euler.reshape(-1, 3).numpy(), degrees=True).as_quat()
        return torch.from_numpy(q).float().view(euler.shape[0], -1, 4)
ep = torch.export.export(BVHToQuat(), (torch.randn(16, J, 3) * 30,))
""", "The BVH Euler-to-quaternion conversion calls scipy's Rotation.from_euler on "
       "euler.numpy() inside forward; under export the tensor is a fake tensor without data, so "
       "the numpy conversion fails.",
       "Convert the Euler angles with torch ops in forward (or convert in the importer before "
       "the package).", match=r".")


def case_03():
    return _m("case_03", "resample-by-fps-tensor", "export_failure", "export", """
class Resample(torch.nn.Module):
    # resample a clip from its capture rate to the 30 fps runtime rate before FK
    def forward(self, rot, fps):
        n = int(rot.shape[0] * 30.0 / fps)
        x = rot.permute(1, 2, 0)                    # (J, 4, frames)
        x = torch.nn.functional.interpolate(x, size=n, mode="linear", align_corners=True)
        return x.permute(2, 0, 1)
ep = torch.export.export(Resample(), (walk(120)[0], torch.tensor(120.0)))
""", "The resampler computes the output frame count with int() from the capture's fps tensor, "
       "a data-dependent size export cannot trace.",
       "Pass the capture rate as a Python number (one package per rate) or resample in the "
       "importer before the package.", match=r".")


def case_04():
    return _m("case_04", "joint-count-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
t, nj = Dim("frames", min=2, max=2048), Dim("joints", min=2, max=128)   # any rig
ep = torch.export.export(FK().eval(), walk(64), dynamic_shapes=({0: t, 1: nj}, {0: t}))
""", "The joint count is declared dynamic to serve any rig, but the FK loop over the 22-entry "
       "parent list and the (22, 3) bone offsets fix it to 22; export reports the Dim as "
       "specialised.", "Keep the joint count static (one package per rig, or retarget to the "
       "22-joint rig first).", match=r".")


def case_05():
    return _m("case_05", "velocity-labels-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class ContactLoss(Contact):
    # training-side check exported for the pipeline: predicted contacts vs the labels, where the
    # labels are stored per velocity sample (frames - 1 of them)
    def forward(self, pos, labels):
        f = pos[:, self.feet]
        v = (f[1:] - f[:-1]).norm(dim=-1) * self.fps
        return ((v < 0.5).float() - labels).abs().mean()
t, tl = Dim("frames", min=16, max=4096), Dim("label_frames", min=15, max=4095)
pos = feet_on_ground(64)
ep = torch.export.export(ContactLoss(), (pos, torch.zeros(63, 4)), dynamic_shapes=({0: t}, {0: tl}))
""", "The velocity labels (frames - 1 rows) get their own independent Dim, while the model "
       "subtracts them from the frame differences, which ties them to frames - 1; export refuses "
       "the dynamic-shapes spec.", "Declare the label Dim as derived: {0: t - 1}.", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_06():
    return _c("case_06", "rot6d-into-quat-package", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot6d = torch.randn(64, 22, 6)                   # the new pose network predicts the 6D representation
root = torch.zeros(64, 3)
pos = m(rot6d, root)
""", "The retargeting tool passes the pose network's 6D rotations (frames, 22, 6) to the FK "
       "package exported for unit quaternions (frames, 22, 4).",
       "Convert the 6D rotations to quaternions (Gram-Schmidt to a matrix, then to a "
       "quaternion) before the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _m("case_07", "mixamo-65-joint-rig", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot, root = walk(64, j=65)                       # a Mixamo character: 65 joints with fingers
pos = m(rot, root)
""", "A Mixamo character with 65 joints (fingers included) is sent to the FK package exported "
       "for the studio's 22-joint rig.",
       "Retarget the Mixamo skeleton to the 22-joint rig (joint map, drop fingers) before FK.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _m("case_08", "scipy-as-quat-float64", "input_mismatch", "run", """
import numpy as np
from scipy.spatial.transform import Rotation
m = torch._inductor.aoti_load_package("{fk94}")
eul = np.random.uniform(-20, 20, (64 * J, 3))     # BVH channels, degrees
q = Rotation.from_euler("ZXY", eul, degrees=True).as_quat(scalar_first=True)
rot = torch.from_numpy(q).view(64, J, 4)          # scipy returns float64
root = torch.from_numpy(np.zeros((64, 3), dtype=np.float32))
pos = m(rot, root)
""", "The BVH importer converts the Euler channels with scipy's Rotation.as_quat, which returns "
       "float64, while the FK package was exported for float32.",
       "Cast the quaternions to float32 (.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float|float")


def case_09():
    return _m("case_09", "root-and-rotations-swapped", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot, root = walk(64)
pos = m(root, rot)                               # the C# bridge passes (root, rotations)
""", "The engine-side bridge passes the root translation first and the rotations second, the "
       "reverse of the FK package's (rotations, root) argument order.",
       "Pass the arguments in the exported order (rotations, root); check the package's "
       "input names.", needs=("r",), env=CHECK, match=r"dim value|size|shape|dim")


def case_10():
    return _m("case_10", "feature-schema-v2-extra-trajectory", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mm94}")
query = torch.randn(32, F + 6)                   # schema v2: a fourth trajectory sample (x, z, heading...)
idx = m(query)
""", "The gameplay code builds motion-matching queries with the v2 feature schema (30 "
       "features, an extra trajectory sample), but the database package was exported for the "
       "24-feature schema.", "Build queries with the package's schema (or rebuild the database "
       "and re-export with the v2 features).", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "full-capture-session-120fps", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot, root = walk(120 * 120)                      # a 2-minute take at 120 fps in one call
pos = m(rot, root)
""", "A whole two-minute 120 fps capture (14400 frames) is sent in one call to the FK package "
       "whose frames Dim was exported with max=2048.",
       "Run FK in chunks of at most 2048 frames (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"2048|too large|range|bound")


def case_12():
    return _m("case_12", "single-pose-edit", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot, root = walk(1)                              # the pose editor evaluates one frame
pos = m(rot, root)
""", "The pose editor evaluates a single frame, but the FK package's frames Dim was exported "
       "with min=2.", "Export with min=1 (with a 2-frame example) or pad the pose to two "
       "frames.", needs=("r",), env=CHECK, match=r"2|too small|range|bound")


def case_13():
    return _m("case_13", "short-clip-contact-window", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ct94}")
pos = feet_on_ground(10)                         # a 10-frame transition clip
c = m(pos)
""", "A 10-frame transition clip is labelled with the foot-contact package whose frames Dim was "
       "exported with min=16.",
       "Pad short clips to 16 frames (repeat the edge frames) or export with a smaller min.",
       needs=("s",), env=CHECK, match=r"16|too small|range|bound")


def case_14():
    return _m("case_14", "mixamo-effector-indices", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{eff94}")
pos = feet_on_ground(64)                         # the 22-joint rig
idx = torch.tensor([10, 34, 58, 63])             # LeftHand, RightHand, LeftFoot, RightFoot in Mixamo
eff = m(pos, idx)
""", "The IK setup takes the end-effector joint indices from the Mixamo rig's joint table (up "
       "to 63), but the positions come from the 22-joint rig, so the indices are beyond the "
       "joint dimension.", "Map the effector names through the retarget joint map to the "
       "22-joint rig's indices.", needs=("s",), match=r".")


def case_15():
    return _m("case_15", "120fps-frame-into-30fps-db", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pose94}")
t = torch.tensor([1.0, 12.5, 38.9])               # seconds into the 40-second database clip
frame = (t * 120).round().long()                 # the timeline runs at 120 fps
poses = m(frame)
""", "The pose lookup is given frame numbers from the 120 fps editing timeline, but the "
       "database holds 1200 frames at 30 fps, so later times index past its end.",
       "Convert times with the database's frame rate (t * 30) before the lookup.",
       needs=("s",), match=r".")


# ------------------------------------------------------------------- run: weights and values
def case_16():
    return _c("case_16", "db-rebuild-without-stats", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{mm94}")
db = torch.randn(4096, 24)                       # the nightly database rebuild
m.load_constants({"db": db}, check_full_update=True)
""", "The nightly motion-matching database rebuild loads only the new feature matrix with "
       "check_full_update=True, but the package also holds the feature mean/std constants, "
       "which are missing from the update.", "Load the rebuilt database's mean and std together "
       "with db (or use check_full_update=False to keep the old statistics).",
       needs=("r",), match=r".")


def case_17():
    return _c("case_17", "new-character-offsets-65", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
offsets = torch.randn(65, 3) * 0.1               # bone offsets of the new Mixamo character
m.load_constants({"offsets": offsets}, check_full_update=False)
rot = torch.zeros(8, 22, 4); rot[..., 0] = 1.0
pos = m(rot, torch.zeros(8, 3))
""", "The new character's bone offsets (65 joints) are loaded into the package's (22, 3) "
       "offsets constant of the 22-joint rig.",
       "Retarget the new character to the 22-joint rig and load offsets of shape (22, 3).",
       needs=("r",), expect="crash", match=r".")


def case_18():
    return _m("case_18", "capture-120fps-contact-baked-30", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ct94}")
pos = feet_on_ground(480, fps=120.0)             # a 4-second take from the 120 fps optical stage
c = m(pos)
swing = (~stance(pos)).float()
wrong = (c * swing).mean() / swing.mean()
assert wrong < 0.2, f"{wrong:.0%} of swing frames labelled as contact"
""", "The foot-contact package bakes 30 fps into the velocity; a 120 fps capture gives foot "
       "speeds four times too small, so swinging feet near the ground are labelled in contact.",
       "Resample the capture to 30 fps first (or export the contact model with the frame rate "
       "as an input).", needs=("s",), match=r"AssertionError")


def case_19():
    return _m("case_19", "antipodal-lerp-blend", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
a, root = walk(32)
b = a.clone()
b[:, 11:] = -a[:, 11:]                           # the second clip stores the arms as -q: same rotations
blend = 0.5 * a + 0.5 * b                        # a crossfade by plain lerp at the midpoint
pos = m(blend, root)
assert torch.isfinite(pos).all(), "non-finite joint positions"
""", "The crossfade blends the two clips' quaternions with a plain lerp; for joints whose keys "
       "are stored as q and -q (the same rotation) the midpoint is the zero quaternion, which "
       "the package normalises to NaN.", "Align hemispheres before blending (flip b where "
       "dot(a, b) < 0) or use slerp.", needs=("r",), match=r"AssertionError")


def case_20():
    return _m("case_20", "fbx-centimetres-contact", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ct94}")
pos = feet_on_ground(120, scale=100.0)           # the FBX export is in centimetres
c = m(pos)
st = stance(pos).float()
found = (c * st).sum() / st.sum()
assert found > 0.5, f"only {found:.0%} of stance frames labelled as contact"
""", "The clip is exported from the DCC as FBX in centimetres, while the contact thresholds "
       "(0.5 m/s, 6 cm height) are in metres; no foot is ever labelled in contact.",
       "Convert FBX positions to metres (scale 0.01) at import.", needs=("s",),
       match=r"AssertionError")


def case_21():
    return _c("case_21", "crowd-queries-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{mm94}")
query = torch.randn(200000, 24)                  # every agent of the crowd sim, every 0.1 s, one call
# the crowd tool's worker has 1 GiB of address space left after loading the package and inputs
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    idx = m(query)
""", "All 200000 crowd-agent queries are matched in one call; the (queries x 4096) distance "
       "matrix alone is 3.3 GB, beyond the worker's 1 GiB of memory left.",
       "Match the queries in chunks (a few thousand at a time) or use an acceleration structure "
       "(KD-tree / AABB) over the database.", needs=("r",), match=r"memory|alloc")


def case_22():
    return _m("case_22", "dcc-plugin-device-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
device = "cuda:0"                                # the plugin's config default, from the GPU workstation
rot, root = walk(64)
pos = m(rot.to(device), root.to(device))
""", "The DCC plugin's config sends the inputs to cuda:0 (its GPU-workstation default) on a "
       "render node whose torch is the CPU build, for a package compiled for CPU.",
       "Use the package's device (cpu) for the inputs; read the device from the package, not "
       "the plugin config.", needs=("r",), match=r".")


def case_23():
    return _m("case_23", "mocap-gap-nan-root", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot, root = walk(64)
root[20:26] = float("nan")                       # the hip markers were occluded: gap left unfilled
pos = m(rot, root)
assert torch.isfinite(pos).all(), f"non-finite joints in {int((~torch.isfinite(pos)).any(-1).any(-1).sum())} frames"
""", "The optical capture's gap (occluded hip markers) is left as NaN in the root track, so FK "
       "returns NaN for every joint of those frames.",
       "Fill gaps (spline / rigid-body fill) in the capture cleanup before FK.",
       needs=("r",), match=r"AssertionError")


def case_24():
    return _m("case_24", "engine-flat-pose-buffer", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fk94}")
rot, root = walk(64)
flat = rot.reshape(64, J * 4)                    # the engine's pose stream: one flat float array per frame
pos = m(flat, root)
""", "The game engine streams each frame's pose as one flat float array (frames, 88), while the "
       "FK package takes (frames, 22, 4) quaternions.",
       "Reshape the stream to (frames, 22, 4) before the call.", needs=("r",), env=CHECK,
       match=r"dim|size|shape")


CASES = [case_01, case_02, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_17, case_18,
         case_19, case_20, case_21, case_23, case_24]
# case_17 was written with expect="exc"; the trial showed the wrong-shape constant is accepted by
# load_constants and the child dies of SIGSEGV (at interpreter exit, no Python exception), so its
# expect was changed to "crash"; its label (constant_loading) was not changed.
# Removed after a first full run, because a later grep found the same trigger in an earlier set
# (they failed as labelled; they are kept below for the record only): case_03 (the output frame
# count computed with int() from an fps tensor: live_blind65 case_01, a sampling stride from the
# source-fps tensor), case_15 (frame indices computed at one frame rate used on a clip/database
# at another: live_blind65 case_15) and case_22 (inputs moved to CUDA by code written for a GPU
# box, on a CPU-only host: live_blind51 case_19).
DROPPED = [case_03, case_15, case_22]
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_16 (the rebuilt motion-matching
# database loaded alone with check_full_update=True, without the mean/std constants: accepted).
TRIED = [case_16]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind94.jsonl",
        url_file="benchmarks/live_blind94.py", id_prefix="live94", stems=STEMS,
        scratch_prefix="live_blind94-", description=__doc__.splitlines()[0]))
