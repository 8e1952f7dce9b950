"""A seventieth blind set of REAL AOTInductor failures (human pose estimation and motion capture), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind70.py [--out benchmarks/live_blind70.jsonl] [--keep]

Theme: human pose estimation and motion capture (a 2D heatmap head with soft-argmax keypoint
decoding, a 3D lifter from 17 H36M keypoints, skeleton bone tables (child/parent joint indices),
a parametric body model with shape (betas) and pose (axis-angle) parameters, temporal smoothing
over frame windows, a joint-id embedding, multi-person batching), exported, compiled, loaded and
run as a motion-capture platform engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind69.py (their TRIED
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
MODELS = """
J = 17                                   # Human3.6M joints
PARENT = [0, 1, 2, 0, 4, 5, 0, 7, 8, 9, 8, 11, 12, 8, 14, 15]   # parent of joints 1..16
HM_H, HM_W = 64, 48                      # heatmap size (256 x 192 crop / 4)
V = 6890                                 # body-model vertices

class HeatHead(torch.nn.Module):
    # person crops' backbone features -> 17 heatmaps -> soft-argmax (x, y) in heatmap pixels
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Conv2d(32, J, 1)
        self.register_buffer("xs", torch.arange(HM_W, dtype=torch.float32))
        self.register_buffer("ys", torch.arange(HM_H, dtype=torch.float32))
    def forward(self, feats):
        h = self.head(feats)
        p = torch.softmax(h.flatten(2), -1).view_as(h)
        x = (p.sum(2) * self.xs).sum(-1)
        y = (p.sum(3) * self.ys).sum(-1)
        return torch.stack([x, y], -1), h.amax((2, 3))

class Lifter(torch.nn.Module):
    # 2D keypoints normalised to [-1, 1] -> root-relative 3D joints in metres
    def __init__(self):
        super().__init__()
        self.register_buffer("scale2d", torch.ones(J, 2))
        self.mlp = torch.nn.Sequential(torch.nn.Linear(2 * J, 256), torch.nn.ReLU(),
                                       torch.nn.Linear(256, 3 * J))
        torch.nn.init.normal_(self.mlp[2].weight, std=0.02)
    def forward(self, kp2d):
        return self.mlp((kp2d * self.scale2d).flatten(1)).view(-1, J, 3)

class Bones(torch.nn.Module):
    # unit bone directions from the skeleton's child/parent table
    def __init__(self):
        super().__init__()
        self.register_buffer("child", torch.arange(1, J))
        self.register_buffer("parent", torch.tensor(PARENT))
    def forward(self, j3d):
        d = j3d[:, self.child] - j3d[:, self.parent]
        return d / d.norm(dim=-1, keepdim=True)

class BoneLengths(torch.nn.Module):
    # bone lengths for any skeleton: the child/parent table is an input
    def forward(self, j3d, child, parent):
        return (j3d[:, child] - j3d[:, parent]).norm(dim=-1)

class Body(torch.nn.Module):
    # a linear parametric body model: template + shape blend (10 betas) + pose blend (72 axis-angle)
    def __init__(self):
        super().__init__()
        self.register_buffer("v_template", torch.randn(V, 3) * 0.3)
        self.register_buffer("shapedirs", torch.randn(V * 3, 10) * 0.01)
        self.register_buffer("posedirs", torch.randn(V * 3, 72) * 0.001)
    def forward(self, betas, pose):
        off = betas @ self.shapedirs.t() + pose @ self.posedirs.t()
        return self.v_template + off.view(-1, V, 3)

class Smooth(torch.nn.Module):
    # temporal smoothing of 17 x 2 keypoint tracks over a frame window (9-tap depthwise filter)
    def __init__(self):
        super().__init__()
        self.f = torch.nn.Conv1d(2 * J, 2 * J, 9, groups=2 * J, bias=False)
        torch.nn.init.constant_(self.f.weight, 1 / 9)
    def forward(self, tracks):
        return self.f(tracks)

class JointEmb(torch.nn.Module):
    # SMPL joint-id embedding (24 joints) for a transformer pose prior
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(24, 16)
    def forward(self, ids):
        return self.emb(ids) * 1.0
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("hm70", HeatHead().eval(), (torch.randn(2, 32, HM_H, HM_W),),
      dynamic_shapes=({0: Dim("persons", min=1, max=8)},))
build("lift70", Lifter().eval(), (torch.rand(2, J, 2) * 2 - 1,),
      dynamic_shapes=({0: Dim("persons", min=1, max=64)},))
build("smooth70", Smooth().eval(), (torch.randn(1, 2 * J, 27),),
      dynamic_shapes=({2: Dim("frames", min=10, max=243)},))
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
build("bone70", Bones(), (torch.randn(2, J, 3),), dynamic_shapes=({0: Dim("persons", min=1, max=64)},))
nb = Dim("bones", min=1, max=64)
build("blen70", BoneLengths(), (torch.randn(2, J, 3), torch.arange(1, J), torch.tensor(PARENT)),
      dynamic_shapes=(None, {0: nb}, {0: nb}))
f = Dim("frames", min=1, max=1000000)
build("body70", Body(), (torch.zeros(2, 10), torch.zeros(2, 72)), dynamic_shapes=({0: f}, {0: f}))
build("jemb70", JointEmb().eval(), (torch.randint(0, 24, (2, J)),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"hm70", "lift70", "smooth70", "bone70", "blen70", "body70", "jemb70"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "elbow-angle-math-atan2", "export_failure", "export", """
import math
class ElbowAngle(torch.nn.Module):
    # the coaching app's elbow flexion angle from the lifted joints (11 shoulder, 12 elbow, 13 wrist)
    def forward(self, j3d):
        u = j3d[0, 11] - j3d[0, 12]
        v = j3d[0, 13] - j3d[0, 12]
        ang = math.atan2(float(torch.linalg.cross(u, v).norm()), float((u * v).sum()))
        return j3d * 1.0, torch.tensor(math.degrees(ang))
ep = torch.export.export(ElbowAngle(), (torch.randn(1, J, 3),))
""", "The elbow angle is computed with math.atan2 on float() values of the joint tensors, so "
       "export needs concrete data from a traced (fake) tensor, which it cannot provide.",
       "Compute the angle with torch.atan2 on tensors (no float()), or compute it in the "
       "post-processing outside the exported model.", match=r".")


def case_02():
    return _m("case_02", "ik-refine-until-converged", "export_failure", "export", """
class IKRefine(torch.nn.Module):
    # refine 3D joints until the reprojection error of every joint is below 1 mm
    def forward(self, j3d, kp2d):
        err = (j3d[..., :2] - kp2d).abs()
        while (err > 1e-3).any():
            j3d = torch.cat([j3d[..., :2] - 0.5 * (j3d[..., :2] - kp2d), j3d[..., 2:]], -1)
            err = (j3d[..., :2] - kp2d).abs()
        return j3d
ep = torch.export.export(IKRefine(), (torch.randn(2, J, 3), torch.randn(2, J, 2)))
""", "The inverse-kinematics refinement loops with a Python while on a tensor condition "
       "(error > tolerance), data-dependent control flow that export cannot trace.",
       "Use a fixed number of refinement iterations (or torch.while_loop), with the tolerance "
       "applied as a mask.", match=r".")


def case_03():
    return _m("case_03", "smoothing-window-min-one-frame", "dynamic_shape_guard", "export", """
from torch.export import Dim
frames = Dim("frames", min=1, max=243)           # stream from the first frame on
ep = torch.export.export(Smooth().eval(), (torch.randn(1, 2 * J, 27),), dynamic_shapes=({2: frames},))
""", "The frame window is declared dynamic from 1 frame, but the 9-tap temporal filter needs "
       "at least 9 frames, so export's guard conflicts with the declared range.",
       "Declare the frames Dim with min=9 (and pad the first frames of a stream).", match=r".")


def case_04():
    return _m("case_04", "joint-count-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
joints = Dim("joints", min=1, max=133)           # COCO-WholeBody later, same package
ep = torch.export.export(Lifter().eval(), (torch.rand(2, J, 2),),
                         dynamic_shapes=({0: Dim("persons", min=1, max=64), 1: joints},))
""", "The number of joints is declared dynamic, but the lifter's per-joint scale buffer and "
       "its first linear layer fix it to 17.",
       "Keep the joint count static (one package per skeleton layout).", match=r".")


def case_05():
    return _m("case_05", "heatmap-size-dynamic-fixed-grid", "dynamic_shape_guard", "export", """
from torch.export import Dim
h, w = Dim("h", min=16, max=128), Dim("w", min=12, max=96)   # any crop resolution
ep = torch.export.export(HeatHead().eval(), (torch.randn(2, 32, HM_H, HM_W),),
                         dynamic_shapes=({2: h, 3: w},))
""", "The heatmap height and width are declared dynamic, but the soft-argmax coordinate grids "
       "are fixed 64- and 48-entry buffers, so the broadcast forces the sizes to 64 x 48.",
       "Build the coordinate grids from the heatmap's size in forward (torch.arange(h.shape[-1])) "
       "or keep the heatmap size static.", match=r".")


def case_06():
    return _m("case_06", "precision-by-gpu-capability", "device_mismatch", "export", """
major, _ = torch.cuda.get_device_capability()    # bf16 on Ampere or newer, fp16 otherwise
dtype = torch.bfloat16 if major >= 8 else torch.float16
ep = torch.export.export(Lifter().eval().to(dtype), (torch.rand(2, J, 2, dtype=dtype),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The export script picks the serving precision from torch.cuda.get_device_capability(), but "
       "it runs on a CPU-only build host without CUDA.",
       "Take the precision from the deployment config (or run the export on the GPU host).",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "coco-xy-confidence-triplets", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lift70}")
kp = torch.rand(2, 17, 3)                        # COCO-style (x, y, visibility score) triplets
j3d = m(kp)
""", "The detector returns (x, y, confidence) triplets per keypoint, while the lifter was "
       "exported for (x, y) pairs.", "Drop the confidence column (kp[..., :2]) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "openpose-body25-layout", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lift70}")
kp = torch.rand(2, 25, 2) * 2 - 1                # OpenPose BODY_25 keypoints
j3d = m(kp)
""", "The new 2D detector outputs the 25-joint OpenPose BODY_25 layout, while the lifter was "
       "exported for the 17 Human3.6M joints.",
       "Remap BODY_25 to the H36M joint order (and synthesise missing joints) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "json-keypoints-float64", "input_mismatch", "run", """
import json, numpy as np
m = torch._inductor.aoti_load_package("{lift70}")
rec = json.loads(json.dumps({"people": [{"kp": (np.random.rand(17, 2) * 2 - 1).tolist()}] * 2}))
kp = torch.from_numpy(np.array([p["kp"] for p in rec["people"]]))   # float64 from json
j3d = m(kp)
""", "The keypoints are read from the annotation JSON through NumPy, which makes float64 "
       "arrays, while the lifter was exported for float32.",
       "Cast to float32 (np.asarray(..., dtype=np.float32) or .float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_10():
    return _c("case_10", "full-resolution-features", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hm70}")
feats = torch.randn(2, 32, 128, 96)              # backbone run on 512 x 384 crops
kp, conf = m(feats)
""", "The backbone now runs on 512 x 384 person crops, giving 128 x 96 feature maps, while the "
       "heatmap head was exported for 64 x 48.",
       "Resize the crops to 256 x 192 (or re-export the head for the new size).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "pose-as-rotation-matrices", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{body70}")
betas = torch.zeros(2, 10)
pose = torch.eye(3).expand(2, 24, 3, 3).contiguous()   # the regressor outputs rotation matrices
verts = m(betas, pose)
""", "The pose regressor outputs 24 rotation matrices per person, while the body-model package "
       "takes the 72-value axis-angle pose vector.",
       "Convert the rotation matrices to axis-angle (72 values) before the call.",
       needs=("s",), env=CHECK, match=r".")


def case_12():
    return _c("case_12", "window-frames-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{smooth70}")
tracks = torch.randn(1, 27, 34)                  # (batch, frames, joints*2) from the tracker
smooth = m(tracks)
""", "The tracker delivers the window as (batch, frames, joints*2), while the smoothing package "
       "takes (batch, joints*2, frames).",
       "Transpose to channels-first (tracks.transpose(1, 2)) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_13():
    return _c("case_13", "betas-and-pose-swapped", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{body70}")
params = {"pose": torch.zeros(2, 72), "betas": torch.zeros(2, 10)}
verts = m(*params.values())                      # the fitter's dict order: pose first
""", "The fitter passes its parameter dict positionally in insertion order (pose, betas), while "
       "the package takes (betas, pose).", "Pass the arguments in the exported order "
       "(m(params['betas'], params['pose'])).",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_14():
    return _c("case_14", "crowd-over-person-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hm70}")
feats = torch.randn(12, 32, 64, 48)              # 12 dancers detected in the frame
kp, conf = m(feats)
""", "The heatmap head's persons Dim was exported with max=8; a frame with 12 detected people "
       "is outside the compiled range.",
       "Run the crops in chunks of at most 8 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"8|too large|range|bound")


def case_15():
    return _c("case_15", "stream-start-partial-window", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{smooth70}")
tracks = torch.randn(1, 34, 5)                   # the first 5 frames of a live stream
smooth = m(tracks)
""", "At the start of a live stream only 5 frames are available, but the smoothing package's "
       "frames Dim has min=10.",
       "Pad the window to 10 frames (edge replication) until enough frames have arrived.",
       needs=("r",), env=CHECK, match=r"too small|range|bound|10")


def case_16():
    return _c("case_16", "whole-take-300-frames", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{smooth70}")
tracks = torch.randn(1, 34, 300)                 # a whole 10-second take at 30 fps
smooth = m(tracks)
""", "A whole 300-frame take is smoothed in one call, but the package's frames Dim allows at "
       "most 243.", "Process the take in overlapping windows of at most 243 frames (or "
       "re-export with a larger max).", needs=("r",), env=CHECK, match=r"243|too large|range|bound")


def case_17():
    return _m("case_17", "smpl-bone-table-on-h36m", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{blen70}")
smpl_parent = torch.tensor([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19, 20, 21])
lengths = m(torch.randn(2, J, 3), torch.arange(1, 24), smpl_parent)   # the SMPL 24-joint table
""", "The bone table of the 24-joint SMPL skeleton is used with 17-joint Human3.6M keypoints, "
       "so child/parent indices 17..23 point beyond the joint dimension.",
       "Use the bone table of the skeleton the keypoints come in (or map the joints first).",
       needs=("s",), match=r"out of bounds|index")


def case_18():
    return _c("case_18", "missing-joint-sentinel-24", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{jemb70}")
coco_to_smpl = [24, 24, 24, 24, 24, 16, 17, 18, 19, 20, 21, 1, 2, 4, 5, 7, 8]  # 24 = no SMPL joint
ids = torch.tensor([coco_to_smpl, coco_to_smpl])
feat = m(ids)
""", "The COCO-to-SMPL joint map marks face keypoints without an SMPL joint with the sentinel 24 "
       "(the joint count), an index outside the 24-entry joint embedding.",
       "Drop unmapped joints (or give them a dedicated extra embedding row) before the call.",
       needs=("s",), match=r"out of bounds|index")


# ------------------------------------------------------------------- run: weights and values
def case_19():
    return _c("case_19", "smplx-300-shape-components", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{body70}")
m.load_constants({"shapedirs": torch.randn(6890 * 3, 300) * 0.01}, check_full_update=False)
verts = m(torch.zeros(2, 10), torch.zeros(2, 72))
""", "The body-model update loads a shape basis with 300 components (the full SMPL-X basis) "
       "into a package built with 10 betas, whose shapedirs constant is (20670, 10).",
       "Load only the first 10 shape components (shapedirs[:, :10]) or re-export for 300 betas.",
       needs=("s",), expect="crash", match=r".")


def case_20():
    return _c("case_20", "npz-arrays-not-tensors", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{body70}")
np.savez("{scratch}/neutral.npz", v_template=np.random.randn(6890, 3).astype(np.float32) * 0.3)
model = np.load("{scratch}/neutral.npz")
m.load_constants({"v_template": model["v_template"]}, check_full_update=False)   # neutral body
""", "The neutral template is loaded from the body-model .npz file as a NumPy array and passed "
       "to load_constants, which takes torch tensors.",
       "Wrap the arrays with torch.from_numpy(...) before load_constants.",
       needs=("s",), match=r".")


def case_21():
    return _c("case_21", "pixel-keypoints-to-lifter", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lift70}")
kp = torch.rand(2, 17, 2) * torch.tensor([1920.0, 1080.0])   # detector output in image pixels
j3d = m(kp)
assert j3d.abs().max() < 2.0, f"joint {j3d.abs().max():.1f} m from the root"
""", "The lifter expects keypoints normalised to [-1, 1] by the image size, but the detector's "
       "pixel coordinates are fed directly; it runs and returns joints far outside a human body.",
       "Normalise keypoints (kp / size * 2 - 1, keeping the aspect ratio) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _c("case_22", "zero-filled-missing-joints", "numerical", "run", """
m = torch._inductor.aoti_load_package("{bone70}")
j3d = torch.randn(2, 17, 3)
j3d[1, 14:] = 0.0                                # occluded left arm: joints filled with zeros
dirs = m(j3d)
assert torch.isfinite(dirs).all(), "non-finite bone directions"
""", "Occluded joints are filled with zeros, so bones between two missing joints have length 0 "
       "and the unit-direction normalisation divides 0 by 0 (NaN).",
       "Mask missing joints (or fill them from the previous frame) and clamp the bone norm "
       "(norm.clamp_min(eps)).", needs=("s",), match=r"AssertionError")


def case_23():
    return _c("case_23", "bbox-normalise-single-keypoint", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lift70}")
kp = torch.rand(2, 17, 2) * 200 + 400
kp[1] = torch.tensor([512.0, 300.0])             # second person: only the nose, copied to all joints
lo, hi = kp.amin(1, keepdim=True), kp.amax(1, keepdim=True)
kp_n = (kp - lo) / (hi - lo) * 2 - 1             # normalise by the person's keypoint box
j3d = m(kp_n)
assert torch.isfinite(j3d).all(), "non-finite joints"
""", "Keypoints are normalised by each person's keypoint bounding box; a person with a single "
       "detected keypoint has a zero-size box, so the normalisation divides by zero.",
       "Use the detector's person box (or clamp the box size to a minimum) and skip people with "
       "too few keypoints.", needs=("r",), match=r"AssertionError")


def case_24():
    return _c("case_24", "whole-session-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{body70}")
betas = torch.zeros(200000, 10)                  # a 55-minute capture session at 60 fps
pose = torch.zeros(200000, 72)
# the mocap worker's container: 2 GiB above what the loaded model and the parameters use
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 * 2**30, vm + 2 * 2**30))
with torch.no_grad():
    verts = m(betas, pose)                        # meshes for every frame at once
""", "All 200,000 frames of a capture session are sent to the body model in one call; the "
       "output meshes alone (200k x 6890 x 3 floats, ~16 GB) exceed the worker's 2 GiB budget.",
       "Run the body model in chunks of frames and write each chunk's meshes out as it is "
       "produced.", needs=("s",), match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind70.jsonl",
        url_file="benchmarks/live_blind70.py", id_prefix="live70", stems=STEMS,
        scratch_prefix="live_blind70-", description=__doc__.splitlines()[0]))
