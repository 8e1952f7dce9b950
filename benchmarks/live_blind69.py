"""A sixty-ninth blind set of REAL AOTInductor failures (autonomous-driving perception), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind69.py [--out benchmarks/live_blind69.jsonl] [--keep]

Theme: autonomous-driving perception (six-camera images stacked per rig, a bird's-eye-view
projection with camera intrinsics passed per frame and the rig's extrinsics as a buffer, a
lidar-to-BEV occupancy grid, temporal fusion of past BEV frames warped by ego motion, per-class
box regression heads, calibration files from different vehicles), exported, compiled, loaded
and run as a perception-deployment engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind68.py (their TRIED
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
N, IH, IW = 6, 32, 48     # six cameras per rig, images downscaled to 32 x 48
BH, BW = 32, 32           # BEV grid: 32 x 32 cells of 1 m around the ego vehicle
C, NCLS, T = 8, 10, 3     # BEV channels, detection classes, past frames fused
PAD = 16                  # past BEV frames are kept with a 16-cell margin ahead in x

class CamBEV(torch.nn.Module):
    # shared image backbone per camera; each camera's descriptor is splatted on the BEV cells
    # its optical axis (from the intrinsics K and the rig extrinsics) points at
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Conv2d(3, C, 3, stride=2, padding=1)
        yaw = torch.arange(N) * (2 * torch.pi / N)
        extr = torch.eye(4).repeat(N, 1, 1)                  # camera-to-ego, one per camera
        extr[:, 0, 0], extr[:, 0, 2] = torch.cos(yaw), torch.sin(yaw)
        extr[:, 1, 0], extr[:, 1, 2] = torch.sin(yaw), -torch.cos(yaw)
        extr[:, 2, 1] = -1.0
        self.register_buffer("extr", extr)
        ys, xs = torch.meshgrid(torch.arange(BH) - BH / 2 + 0.5, torch.arange(BW) - BW / 2 + 0.5,
                                indexing="ij")
        cell = torch.stack([xs.flatten(), ys.flatten()], -1)
        self.register_buffer("cell_dir", cell / cell.norm(dim=-1, keepdim=True))
        self.head = torch.nn.Conv2d(C, NCLS, 1)
    def forward(self, cams, K):
        B = cams.shape[0]
        f = torch.relu(self.backbone(cams.flatten(0, 1))).mean((2, 3)).view(B, N, C)
        ray = torch.stack([(IW / 2 - K[..., 0, 2]) / K[..., 0, 0],
                           (IH / 2 - K[..., 1, 2]) / K[..., 1, 1],
                           torch.ones_like(K[..., 0, 0])], -1)            # (B, N, 3)
        axis = torch.einsum("nij,bnj->bni", self.extr[:, :3, :3], ray)[..., :2]
        w = torch.softmax(4.0 * axis @ self.cell_dir.T, dim=1)           # (B, N, cells)
        bev = torch.einsum("bnk,bnc->bck", w, f).reshape(B, C, BH, BW)
        return self.head(bev)

class LidarBEV(torch.nn.Module):
    # points (x, y, z, intensity) in metres, ego frame -> occupancy/intensity grid -> heatmap
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Conv2d(2, NCLS, 3, padding=1)
    def forward(self, pts):
        ix = (pts[:, 0] + BW / 2).floor().long()
        iy = (pts[:, 1] + BH / 2).floor().long()
        keep = ((ix >= 0) & (ix < BW) & (iy >= 0) & (iy < BH)).float()   # crop to the grid
        cell = iy.clamp(0, BH - 1) * BW + ix.clamp(0, BW - 1)
        occ = torch.zeros(BH * BW).index_add(0, cell, keep)
        inten = torch.zeros(BH * BW).index_add(0, cell, pts[:, 3] * keep)
        grid = torch.stack([occ, inten]).view(1, 2, BH, BW)
        return self.head(grid), occ.sum()

class Temporal(torch.nn.Module):
    # fuse the current BEV with the T past BEV frames (kept with a PAD-cell margin ahead in x),
    # each shifted along x by the ego motion (in cells) since that frame
    def __init__(self):
        super().__init__()
        self.mix = torch.nn.Conv2d(2 * C, C, 1)
    def forward(self, now, past, shift):
        idx = torch.arange(BW).view(1, BW) + shift.view(T, 1)            # (T, BW)
        idx = idx.view(1, T, 1, 1, BW).expand(now.shape[0], T, C, BH, BW)
        warped = past.gather(-1, idx).mean(1)
        return self.mix(torch.cat([now, warped], 1))

class BoxHead(torch.nn.Module):
    # per-class box regression: each detection's feature times its class's (C, 7) weights
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(NCLS, C, 7) * 0.1)
    def forward(self, feat, cls):
        return torch.bmm(feat.unsqueeze(1), self.w[cls]).squeeze(1)    # (M, 7)

def rig(b=1, h=IH, w=IW):
    return torch.rand(b, N, 3, h, w)

def intrinsics(b=1, f=40.0):
    K = torch.zeros(b, N, 3, 3)
    K[..., 0, 0], K[..., 1, 1] = f, f
    K[..., 0, 2], K[..., 1, 2], K[..., 2, 2] = IW / 2 - 0.5, IH / 2 - 0.5, 1.0
    return K

def sweep(p=5000):
    pts = torch.rand(p, 4)
    pts[:, 0] = pts[:, 0] * 30 - 15
    pts[:, 1] = pts[:, 1] * 30 - 15
    pts[:, 2] = pts[:, 2] * 3 - 1.5
    return pts
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("rigs", min=1, max=8)
build("cam69", CamBEV().eval(), (rig(2), intrinsics(2)), dynamic_shapes=({0: b}, {0: b}))
p = Dim("points", min=16, max=20000)
build("lid69", LidarBEV().eval(), (sweep(5000),), dynamic_shapes=({0: p},))
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
build("tmp69", Temporal().eval(), (torch.randn(1, C, BH, BW), torch.randn(1, T, C, BH, BW + PAD),
                                   torch.tensor([1, 2, 3])))
m = Dim("dets", min=1, max=512)
build("box69", BoxHead().eval(), (torch.randn(20, C), torch.randint(0, NCLS, (20,))),
      dynamic_shapes=({0: m}, {0: m}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"cam69", "lid69", "tmp69", "box69", "stem69", "ring69"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "calibration-sanity-raise-in-forward", "export_failure", "export", """
class CheckedBEV(CamBEV):
    # refuse frames whose per-frame intrinsics are not calibrated (focal length <= 0)
    def forward(self, cams, K):
        if (K[..., 0, 0] <= 0).any() or (K[..., 1, 1] <= 0).any():
            raise ValueError("uncalibrated camera in rig")
        return super().forward(cams, K)
ep = torch.export.export(CheckedBEV().eval(), (rig(2), intrinsics(2)))
""", "The forward pass validates the per-frame intrinsics with a Python if on "
       "(K[..., 0, 0] <= 0).any(), a data-dependent branch that torch.export cannot trace.",
       "Validate the calibration in the caller before the call (or use torch._check / "
       "torch.cond) and export only the projection.", match=r".")


def case_02():
    return _m("case_02", "camera-count-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
cams = Dim("cams", min=4, max=12)                 # other vehicles have 5, 8 or 11 cameras
b = Dim("rigs", min=1, max=8)
ep = torch.export.export(CamBEV().eval(), (rig(2), intrinsics(2)),
                         dynamic_shapes=({0: b, 1: cams}, {0: b, 1: cams}))
""", "The number of cameras per rig is declared dynamic, but the rig's extrinsics buffer "
       "(6, 4, 4) and the view(B, 6, C) fix it to 6, so export reports the Dim as specialised.",
       "Keep the camera count static (one package per rig layout) or pass the extrinsics as "
       "an input of the same camera Dim.", match=r".")


def case_03():
    return _m("case_03", "timing-with-cuda-events", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()                                    # the latency harness from the GPU car computer
heat = m(rig(2), intrinsics(2))
end.record()
print("ms", start.elapsed_time(end))
""", "The latency harness copied from the in-vehicle GPU computer times the call with "
       "torch.cuda.Event records, but this CPU-only host has no CUDA device or driver.",
       "Time CPU packages with time.perf_counter() (use CUDA events only with a GPU package on "
       "a GPU host).", needs=("r",), match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_04():
    return _m("case_04", "five-camera-vehicle", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
cams = rig(2)[:, :5]                              # the older fleet vehicle has no rear camera
heat = m(cams, intrinsics(2)[:, :5])
""", "A frame from a five-camera vehicle (no rear camera) is sent to the package exported for "
       "the six-camera rig.", "Use a package exported for the five-camera layout (or insert a "
       "masked placeholder camera).", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_05():
    return _m("case_05", "homogeneous-4x4-intrinsics", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
K4 = torch.eye(4).repeat(2, N, 1, 1)              # the new vehicle's calib file stores 4x4 K
K4[..., :3, :3] = intrinsics(2)
heat = m(rig(2), K4)
""", "The new vehicle's calibration file stores the intrinsics as 4 x 4 homogeneous matrices, "
       "while the package was exported for 3 x 3 K.",
       "Take K4[..., :3, :3] before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_06():
    return _m("case_06", "camera-major-stacking", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
frames = [rig(1)[0] for _ in range(2)]            # two synchronized rig frames
cams = torch.stack([torch.stack([f[i] for f in frames]) for i in range(N)])   # (N, B, 3, H, W)
heat = m(cams, intrinsics(2))
""", "The data loader stacks the images camera-major (camera, frame, 3, H, W) while the package "
       "takes rig-major (frame, camera, 3, H, W).",
       "Stack per rig frame (or cams.transpose(0, 1)) before the call.", needs=("r",),
       env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _m("case_07", "calib-yaml-float64-K", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{cam69}")
calib = {"fx": 40.0, "fy": 40.0, "cx": 23.5, "cy": 15.5}  # parsed from the vehicle's calib YAML
K = np.array([[calib["fx"], 0, calib["cx"]], [0, calib["fy"], calib["cy"]], [0, 0, 1]])
heat = m(rig(2), torch.from_numpy(np.stack([np.stack([K] * N)] * 2)))
""", "The intrinsics are built with numpy from the vehicle's calibration YAML, so K is float64, "
       "while the package was exported for float32.",
       "Build K as float32 (np.float32 / tensor.float()) before the call.", needs=("r",),
       env=CHECK, match=r"dtype|Double|Float")


def case_08():
    return _m("case_08", "lidar-points-channels-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lid69}")
pts = sweep(12000).T.contiguous()                 # the driver returns (4, n_points) arrays
heat, n = m(pts)
""", "The lidar driver delivers the sweep as (4, n_points), while the package was exported for "
       "(n_points, 4) with the point count dynamic.",
       "Transpose the sweep to (n_points, 4) before the call.", needs=("r",), env=CHECK,
       match=r".")


def case_09():
    return _m("case_09", "past-frames-as-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tmp69}")
past = [torch.randn(1, C, BH, BW + PAD) for _ in range(T)]   # the frame queue, oldest first
fused = m(torch.randn(1, C, BH, BW), past, torch.tensor([1, 2, 3]))
""", "The temporal-fusion call passes the frame queue as a Python list of past BEV frames, while "
       "the package was exported for one stacked (1, T, C, H, W) tensor.",
       "Stack the queue (torch.stack(past, 1)) before the call.", needs=("s",), env=CHECK,
       match=r".")


def case_10():
    return _m("case_10", "replay-sixteen-rigs", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
heat = m(rig(16), intrinsics(16))                 # offline replay batches 16 frames per call
""", "The offline replay sends 16 rig frames per call to the camera package whose rig Dim was "
       "exported with max=8.", "Replay in batches of at most 8 frames (or re-export with a "
       "larger max).", needs=("r",), env=CHECK, match=r"8|range|bound")


# ---------------------------------------------------------------------- run: index values
def case_11():
    return _m("case_11", "nuscenes-full-taxonomy-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{box69}")
# class ids from the tracker, which uses the full 23-class nuScenes taxonomy
cls = torch.tensor([1, 17, 3, 22, 9])
boxes = m(torch.randn(5, C), cls)
""", "The tracker sends class ids from the full 23-class nuScenes taxonomy (17, 22) to the "
       "box head exported for the 10 detection classes.",
       "Map the taxonomy ids to the 10 detection classes before the call.",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_12():
    return _m("case_12", "highway-speed-ego-shift", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tmp69}")
speed, dt = 30.0, 0.5                             # 108 km/h, past frames every 0.5 s
shift = (speed * dt * torch.arange(1, T + 1)).long()   # cells of 1 m: 15, 30, 45
fused = m(torch.randn(1, C, BH, BW), torch.randn(1, T, C, BH, BW + PAD), shift)
""", "At highway speed the ego-motion shift of the older past frames (30 and 45 cells) exceeds "
       "the 16-cell margin the past BEV frames are kept with, so the warp's gather index is "
       "outside the past frame.",
       "Clamp the warp index (and zero the cells shifted in from outside), or drop past frames "
       "whose shift exceeds the grid.", needs=("s",), expect="crash",
       match=r"out of bounds|index")


# ------------------------------------------------------------------- run: weights and values
def case_13():
    return _m("case_13", "extrinsics-from-five-camera-vehicle", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
extr = torch.eye(4).repeat(5, 1, 1)               # vehicle 0417's calibration: 5 cameras
m.load_constants({"extr": extr}, check_full_update=False)
""", "The rig extrinsics of another vehicle, which has five cameras, are loaded into the "
       "package's extr constant of shape (6, 4, 4).",
       "Load only calibrations of vehicles with the exported six-camera layout (or re-export "
       "for the five-camera rig).", needs=("r",), match=r".")


def case_14():
    return _m("case_14", "kitti-three-class-head-weights", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{box69}")
# the box head fine-tuned on KITTI (car, pedestrian, cyclist) swapped into the 10-class package
m.load_constants({"w": torch.randn(3, C, 7) * 0.1}, check_full_update=False)
""", "The box-regression weights of a 3-class KITTI fine-tune are loaded into the 10-class "
       "package's w constant of shape (10, 8, 7).",
       "Export a package for the 3-class head (or keep the 10-class weights).",
       needs=("s",), match=r".")


def case_15():
    return _m("case_15", "lidar-driver-in-millimetres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lid69}")
pts = sweep(8000)
pts[:, :3] *= 1000.0                              # the new lidar driver reports millimetres
heat, n = m(pts)
assert n > 0, f"empty BEV grid: {int(n)} points inside the grid"
""", "The new lidar driver reports x, y, z in millimetres; every point falls outside the 32 m "
       "grid and is cropped, so the BEV grid is empty and the model sees nothing.",
       "Convert the points to metres at ingestion (and check the unit against the exported "
       "grid range).", needs=("r",), match=r"AssertionError")


def case_16():
    return _m("case_16", "uncalibrated-camera-zero-focal", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cam69}")
K = intrinsics(2)
K[0, 4] = torch.zeros(3, 3)                       # camera 4 replaced; its calibration not yet run
heat = m(rig(2), K)
assert torch.isfinite(heat).all(), "non-finite BEV heatmap"
""", "A replaced camera's intrinsics are still all zero (fx = fy = 0), so the ray computation "
       "divides by zero and the NaNs spread through the softmax over the whole BEV heatmap.",
       "Check the calibration before the call (fx, fy > 0) and fall back to the nominal "
       "intrinsics or mask the camera.", needs=("r",), match=r"AssertionError")


def case_17():
    return _m("case_17", "first-frame-nan-history", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tmp69}")
past = torch.full((1, T, C, BH, BW + PAD), float("nan"))   # start of drive: no history yet
fused = m(torch.randn(1, C, BH, BW), past, torch.tensor([1, 2, 3]))
assert torch.isfinite(fused).all(), "non-finite fused BEV"
""", "At the start of a drive the empty history is filled with NaN as 'missing', and the fusion "
       "averages it into every cell, so the fused BEV is NaN.",
       "Fill the missing history with the current frame (or zeros and a validity mask) instead "
       "of NaN.", needs=("s",), match=r"AssertionError")


def case_18():
    return _m("case_18", "full-res-rig-on-capped-worker", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Stem(torch.nn.Module):
    # full-resolution image stem of the camera branch: 64 channels at input resolution
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 64, 3, padding=1)
    def forward(self, cams):
        return torch.relu(self.c(cams.flatten(0, 1))).amax((2, 3))
h, w = Dim("h", min=16, max=1200), Dim("w", min=16, max=2000)
ep = torch.export.export(Stem().eval(), (rig(1),), dynamic_shapes=({3: h, 4: w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stem69.pt2")
m = torch._inductor.aoti_load_package(pkg)
cams = rig(1, 900, 1600)                          # the raw 1600 x 900 frames of all six cameras
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))   # the worker's 1 GiB left
with torch.no_grad():
    feats = m(cams)
""", "The raw 1600 x 900 frames of all six cameras go into the full-resolution stem in one call "
       "on a worker with 1 GiB left; the 64-channel activation (about 2.2 GB) does not fit.",
       "Downscale the frames to the training resolution (or run the cameras one at a time / "
       "give the worker more memory).", match=r"memory|alloc")


def case_19():
    return _m("case_19", "calibration-table-by-vehicle-id", "export_failure", "export", """
class FleetBEV(CamBEV):
    # one package for the fleet: the vehicle id selects the focal length from a table
    FOCAL = {417: 38.5, 512: 41.2, 733: 40.0}
    def forward(self, cams, vehicle_id):
        f = self.FOCAL[int(vehicle_id)]
        return super().forward(cams, intrinsics(cams.shape[0], f))
ep = torch.export.export(FleetBEV().eval(), (rig(2), torch.tensor(417)))
""", "The focal length is looked up in a Python dict with int(vehicle_id), a data-dependent "
       "Python int from a tensor input that torch.export cannot trace.",
       "Pass the intrinsics as a tensor input (looked up in the caller) or export one package "
       "per vehicle.", match=r".")


def case_20():
    return _m("case_20", "points-example-below-min", "dynamic_shape_guard", "export", """
from torch.export import Dim
p = Dim("points", min=16, max=20000)
example = sweep(8)                                # the unit test's tiny fixture sweep
ep = torch.export.export(LidarBEV().eval(), (example,), dynamic_shapes=({0: p},))
""", "The lidar model is exported with the unit test's 8-point fixture sweep as the example "
       "input, below the point Dim's declared min=16.",
       "Export with an example sweep inside the declared range (e.g. a real 5000-point sweep).",
       match=r".")


def case_21():
    return _m("case_21", "parking-lot-over-det-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{box69}")
n = 640                                           # a full parking lot: 640 parked cars
boxes = m(torch.randn(n, C), torch.zeros(n, dtype=torch.long))
""", "A parking-lot scene yields 640 detections, above the box head's detection Dim max=512.",
       "Keep the top 512 detections (or run them in chunks / re-export with a larger max).",
       needs=("s",), env=CHECK, match=r"512|range|bound")


def case_22():
    return _m("case_22", "sixty-four-beam-ring-ids", "index_out_of_bounds", "run", """
from torch.export import Dim
class RingLidar(torch.nn.Module):
    # per-point features: xyz, intensity and an embedding of the laser ring (beam) id
    def __init__(self):
        super().__init__()
        self.ring = torch.nn.Embedding(32, 4)     # trained on the 32-beam sensor
        self.lin = torch.nn.Linear(8, C)
    def forward(self, pts, ring):
        return torch.relu(self.lin(torch.cat([pts, self.ring(ring)], 1))).amax(0)
p = Dim("points", min=16, max=50000)
ep = torch.export.export(RingLidar().eval(), (sweep(5000), torch.randint(0, 32, (5000,))),
                         dynamic_shapes=({0: p}, {0: p}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ring69.pt2")
m = torch._inductor.aoti_load_package(pkg)
ring = torch.randint(0, 64, (8000,))              # the new vehicles carry a 64-beam lidar
feat = m(sweep(8000), ring)
""", "The new vehicles' 64-beam lidar reports ring ids 0..63 to a model whose ring embedding was "
       "trained for the 32-beam sensor (32 rows).",
       "Map the 64-beam ring ids to the 32-beam layout (ring // 2) or retrain the embedding for "
       "64 beams.", expect="crash", match=r"out of bounds|index")


def case_23():
    return _m("case_23", "ota-head-weights-as-npz", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{lid69}")
# the OTA update ships the retrained lidar head as an .npz archive
np.savez("{scratch}/lidar_head_v7.npz", **{"head.weight": np.random.randn(NCLS, 2, 3, 3).astype(np.float32) * 0.1,
                                          "head.bias": np.zeros(NCLS, np.float32)})
arrays = np.load("{scratch}/lidar_head_v7.npz")
m.load_constants({k: arrays[k] for k in arrays.files}, check_full_update=False)
""", "The OTA update's retrained lidar-head weights are read from an .npz archive and passed to "
       "load_constants as numpy arrays, while it takes torch tensors.",
       "Convert each array with torch.from_numpy(...) before load_constants.",
       needs=("r",), match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_15, case_16, case_17, case_18, case_19, case_20, case_21,
         case_23]
# Failed, but another way than the label was given for, in the trial: case_22 (64-beam ring ids
# into the 32-row ring embedding) was killed by SIGABRT, but its captured text (head and tail of
# stderr) carried no index-out-of-bounds message, so the harness skipped it; not investigated
# further for lack of time.
DROPPED = [case_22]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_13 (the five-camera vehicle's
# (5, 4, 4) extrinsics loaded with load_constants into the (6, 4, 4) extr buffer: no error) and
# case_14 (the 3-class KITTI box-head weights (3, 8, 7) loaded into the 10-class package's w: no
# error).
TRIED = [case_13, case_14]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind69.jsonl",
        url_file="benchmarks/live_blind69.py", id_prefix="live69", stems=STEMS,
        scratch_prefix="live_blind69-", description=__doc__.splitlines()[0]))
