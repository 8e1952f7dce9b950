"""An eightieth blind set of REAL AOTInductor failures (biometrics and face analysis), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind80.py [--out benchmarks/live_blind80.jsonl] [--keep]

Theme: biometrics and face analysis (a face detection head with anchor decoding, five-point
landmark alignment by a similarity transform built in the forward, an ArcFace-style embedding
net with L2-normalised features, face-pair verification by cosine similarity, a liveness /
anti-spoofing classifier on stacked RGB + depth, a fingerprint minutiae map with a minutia-type
embedding, an enrolled-identity gallery, variable numbers of faces per frame), exported,
compiled, loaded and run as a biometrics ML engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind79.py
(their TRIED lists included). Building the set imports nothing from aotidebug.
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
import torch.nn.functional as F
S, D, IMG = 32, 64, 64      # aligned crop size, embedding size, detector / alignment frame size
# the five-point template (eyes, nose tip, mouth corners) in a 32 x 32 aligned crop
TEMPLATE = [[11.0, 12.5], [21.0, 12.5], [16.0, 18.0], [12.0, 24.0], [20.0, 24.0]]

class Embedder(torch.nn.Module):
    # ArcFace-style backbone: two strided convs, a linear embedding, L2-normalised features
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(32 * 8 * 8, D)
    def forward(self, faces):
        h = torch.relu(self.c2(torch.relu(self.c1(faces))))
        return F.normalize(self.fc(h.flatten(1)), dim=1)

class Verifier(torch.nn.Module):
    # 1:1 face-pair verification: cosine similarity of the two L2-normalised embeddings
    def __init__(self):
        super().__init__()
        self.emb = Embedder()
    def forward(self, a, b):
        return (self.emb(a) * self.emb(b)).sum(1)

class Liveness(torch.nn.Module):
    # anti-spoofing on stacked RGB + depth (4 channels): P(live), P(spoof)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(4, 8, 3, padding=1)
        self.fc = torch.nn.Linear(8, 2)
    def forward(self, rgbd):
        h = torch.relu(self.c(rgbd)).mean((2, 3))
        return torch.softmax(self.fc(h), dim=1)

class Align(torch.nn.Module):
    # five-point alignment: least-squares similarity transform landmarks -> template (closed
    # form), then sample the 32 x 32 aligned crop with grid_sample; also returns the face scale
    def __init__(self):
        super().__init__()
        self.register_buffer("dst", torch.tensor(TEMPLATE))
        ys, xs = torch.meshgrid(torch.arange(S, dtype=torch.float32),
                                torch.arange(S, dtype=torch.float32), indexing="ij")
        self.register_buffer("pix", torch.stack([xs, ys], -1).view(-1, 2))
    def forward(self, img, lmk):
        mu_s, mu_d = lmk.mean(1, keepdim=True), self.dst.mean(0)
        s0, d0 = lmk - mu_s, self.dst - mu_d
        var = (s0 ** 2).sum((1, 2))
        a = (s0[..., 0] * d0[..., 0] + s0[..., 1] * d0[..., 1]).sum(1) / var
        b = (s0[..., 0] * d0[..., 1] - s0[..., 1] * d0[..., 0]).sum(1) / var
        tx = mu_d[0] - (a * mu_s[:, 0, 0] - b * mu_s[:, 0, 1])
        ty = mu_d[1] - (b * mu_s[:, 0, 0] + a * mu_s[:, 0, 1])
        k = a * a + b * b
        px, py = self.pix[:, 0] - tx[:, None], self.pix[:, 1] - ty[:, None]
        sx = (a[:, None] * px + b[:, None] * py) / k[:, None]
        sy = (-b[:, None] * px + a[:, None] * py) / k[:, None]
        grid = torch.stack([sx / (IMG - 1) * 2 - 1, sy / (IMG - 1) * 2 - 1], -1).view(-1, S, S, 2)
        crop = F.grid_sample(img, grid, align_corners=True)
        return crop, torch.sqrt(k)

class Gallery(torch.nn.Module):
    # 1:1 verification against a claimed enrolled identity (row of the enrolment gallery)
    def __init__(self, n=100):
        super().__init__()
        self.register_buffer("gallery", F.normalize(torch.randn(n, D), dim=1))
    def forward(self, probe, claimed):
        return (probe * self.gallery[claimed]).sum(1)

class Minutiae(torch.nn.Module):
    # fingerprint minutiae map: ridge features + a learned embedding of each minutia's type
    # (0 ridge ending, 1 bifurcation, 2 other), painted at the minutia's flat pixel position
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(1, 4, 3, padding=1)
        self.kind = torch.nn.Embedding(3, 4)
    def forward(self, print_img, pos, kind):
        f = self.c(print_img).flatten(2)                     # (1, 4, H*W)
        mark = torch.zeros_like(f[0]).index_add(1, pos, self.kind(kind).t())
        return (f + mark).view(print_img.shape[0], 4, print_img.shape[2], print_img.shape[3])

class Detector(torch.nn.Module):
    # single-scale face detection head on an 8 x 8 grid, 2 anchors per cell, anchor decoding
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Conv2d(3, 8, 8, stride=8)
        self.head = torch.nn.Conv2d(8, 2 * 5, 1)
        c = (torch.arange(8, dtype=torch.float32) + 0.5) * 8
        cy, cx = torch.meshgrid(c, c, indexing="ij")
        cx, cy = cx.reshape(-1, 1).expand(-1, 2), cy.reshape(-1, 1).expand(-1, 2)
        wh = torch.tensor([8.0, 16.0]).expand(64, 2)
        self.register_buffer("anchors", torch.stack([cx, cy, wh, wh], -1).reshape(-1, 4))
    def forward(self, img):
        o = self.head(torch.relu(self.body(img))).permute(0, 2, 3, 1).reshape(img.shape[0], -1, 5)
        a = self.anchors
        cxy = a[:, :2] + o[..., :2] * 0.1 * a[:, 2:]
        wh = a[:, 2:] * torch.exp(o[..., 2:4] * 0.2)
        return torch.cat([cxy - wh / 2, cxy + wh / 2], -1), torch.sigmoid(o[..., 4])

def faces(n):
    return torch.rand(n, 3, S, S)

def landmarks(n, jitter=1.5):
    # detected landmarks in a 64 x 64 frame: the template scaled x1.5 and shifted, plus noise
    return torch.tensor(TEMPLATE) * 1.5 + 8 + jitter * torch.randn(n, 5, 2)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n = Dim("faces", min=1, max=32)
build("emb80", Embedder().eval(), (faces(4),), dynamic_shapes=({0: n},))
p = Dim("pairs", min=1, max=32)
build("ver80", Verifier().eval(), (faces(4), faces(4)), dynamic_shapes=({0: p}, {0: p}))
build("liv80", Liveness().eval(), (torch.rand(4, 4, S, S),), dynamic_shapes=({0: Dim("b", min=1, max=16)},))
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
n = Dim("faces", min=1, max=32)
build("aln80", Align().eval(), (torch.rand(4, 3, IMG, IMG), landmarks(4)),
      dynamic_shapes=({0: n}, {0: n}))
build("gal80", Gallery().eval(), (torch.randn(4, D), torch.tensor([3, 14, 15, 92])),
      dynamic_shapes=({0: Dim("probes", min=1, max=64)}, {0: Dim("probes", min=1, max=64)}))
m = Dim("minutiae", min=1, max=256)
build("min80", Minutiae().eval(), (torch.rand(1, 1, 64, 64), torch.randint(0, 4096, (40,)),
                                   torch.randint(0, 3, (40,))), dynamic_shapes=(None, {0: m}, {0: m}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"emb80", "ver80", "liv80", "aln80", "gal80", "min80", "gal80disk", "ver80bf16", "fp80"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "crop-each-kept-detection", "export_failure", "export", """
class DetectAndCrop(torch.nn.Module):
    # detection + cropping in one graph: keep the confident boxes and crop each face
    def __init__(self):
        super().__init__()
        self.det = Detector()
    def forward(self, img):
        boxes, score = self.det(img)
        kept = boxes[0][score[0] > 0.5]
        crops = [F.interpolate(img[:, :, :S, :S], size=(S, S)) * (b[2] - b[0]) for b in kept]
        return torch.cat(crops)
ep = torch.export.export(DetectAndCrop().eval(), (torch.rand(1, 3, IMG, IMG),))
""", "forward iterates in Python over the detections kept by a score threshold (boxes[score > "
       "0.5]), whose number is data-dependent, so torch.export cannot unroll the loop.",
       "Return all anchors' boxes and scores (fixed size) from the package and select / crop the "
       "kept faces in the caller (or pad to a fixed max number of faces with topk).",
       match=r"data-dependent|unbacked|Could not guard|u\\d")


def case_02():
    return _m("case_02", "verifier-returns-python-bool", "export_failure", "export", """
class Decide(Verifier):
    # the access-control service wants a yes / no answer from the package
    def forward(self, a, b):
        return bool(super().forward(a, b)[0] > 0.35)
ep = torch.export.export(Decide().eval(), (faces(1), faces(1)))
""", "The verifier's forward turns the cosine score into a Python bool (match / no match), a "
       "data-dependent value that torch.export cannot trace into the graph.",
       "Return the score (or the comparison as a bool tensor) and apply the threshold outside, "
       "or return (score > 0.35) as a tensor.",
       match=r"data-dependent|Could not guard|unbacked|bool")


def case_03():
    return _m("case_03", "landmark-count-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
pts = Dim("points", min=3, max=106)            # 5-, 68- and 106-point detectors should all work
ep = torch.export.export(Align().eval(), (torch.rand(2, 3, IMG, IMG), landmarks(2)),
                         dynamic_shapes=({0: Dim("b", max=32)}, {0: Dim("b", max=32), 1: pts}))
""", "The number of landmarks is declared dynamic, but the alignment subtracts the fixed "
       "five-point template buffer from them, which specialises the points Dim to 5.",
       "Keep the landmark count static (5) and map 68/106-point outputs to the 5 points before "
       "the call, or export one package per landmark scheme.",
       match=r"specializ|Constraints violated|points")


def case_04():
    return _m("case_04", "rgb-depth-separate-batch-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class RGBD(Liveness):
    # the RGB and depth streams arrive separately and are stacked in the graph
    def forward(self, rgb, depth):
        return super().forward(torch.cat([rgb, depth], dim=1))
ep = torch.export.export(RGBD().eval(), (torch.rand(2, 3, S, S), torch.rand(2, 1, S, S)),
                         dynamic_shapes=({0: Dim("rgb_frames", max=16)}, {0: Dim("depth_frames", max=16)}))
""", "The RGB and depth streams get two independent batch Dims, but stacking them on the "
       "channel dimension forces the batch sizes to be equal, so the constraint is violated.",
       "Use one Dim for both streams' batch dimension (depth_frames = rgb_frames).",
       match=r"Constraints violated|depth_frames")


# ------------------------------------------------------------------------------ load phase
def case_06():
    return _m("case_06", "gallery-weights-insightface-key", "constant_loading", "load", """
gal = Gallery().eval()
ep = torch.export.export(gal, (torch.randn(4, D), torch.tensor([3, 14, 15, 92])))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/gal80disk.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": False})
m = torch._inductor.aoti_load_package(pkg)
# the enrolment database stores the gallery under its own name
m.load_constants({"gallery_embeddings": F.normalize(torch.randn(100, D), dim=1)},
                 check_full_update=True)
""", "The package was built without constants; the enrolled gallery is loaded with "
       "load_constants under the enrolment database's key gallery_embeddings, but the package's "
       "constant is named gallery, so the update finds no matching constant.",
       "Load the gallery under the package's constant name (see the names from "
       "m.get_constant_fqns()), i.e. {'gallery': ...}.",
       match=r"gallery|[Cc]onstant")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "insightface-112-crops", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{emb80}")
crops = torch.rand(4, 3, 112, 112)               # the standard 112 x 112 ArcFace alignment
emb = m(crops)
""", "The crops are aligned to the standard 112 x 112 ArcFace template, while the embedding "
       "package was exported for 32 x 32 crops.",
       "Align to the package's 32 x 32 template (or re-export the model at 112 x 112).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "opencv-bgr-uint8-hwc", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{emb80}")
crops = np.random.randint(0, 256, (4, 32, 32, 3), dtype=np.uint8)   # cv2.imread + cv2.warpAffine
emb = m(torch.from_numpy(crops))
""", "The aligned crops come straight from OpenCV as uint8 (N, H, W, BGR) arrays, while the "
       "package takes float32 (N, 3, H, W) RGB in [0, 1].",
       "Convert: torch.from_numpy(crops[..., ::-1].copy()).permute(0, 3, 1, 2).float() / 255.",
       needs=("r",), env=CHECK, match=r"dtype|Byte|Float|dim value|size")


def case_09():
    return _c("case_09", "liveness-without-depth", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{liv80}")
rgb = torch.rand(4, 3, 32, 32)                   # the new camera SKU has no depth sensor
p = m(rgb)
""", "An RGB-only camera feeds 3-channel frames to the liveness package exported for stacked "
       "RGB + depth (4 channels).",
       "Feed RGB + depth (or deploy an RGB-only liveness model for that camera).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "landmarks-flat-ten", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{aln80}")
img = torch.rand(2, 3, 64, 64)
lmk = torch.rand(2, 10) * 64                     # the detector SDK returns x1, y1, ..., x5, y5
crop, scale = m(img, lmk)
""", "The detector SDK returns the five landmarks flat as (N, 10), while the alignment package "
       "takes (N, 5, 2).", "Reshape with lmk.view(-1, 5, 2) before the call.",
       needs=("s",), env=CHECK, match=r"dim|size|shape")


def case_11():
    return _c("case_11", "pair-stacked-one-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ver80}")
pairs = torch.rand(2, 4, 3, 32, 32)              # (probe / reference, pairs, C, H, W) in one tensor
score = m(pairs)
""", "The verification pairs are passed as one stacked (2, N, 3, H, W) tensor, while the "
       "package takes the probe and reference crops as two separate inputs.",
       "Call m(pairs[0], pairs[1]).", needs=("r",), env=CHECK,
       match=r"input|size|expected")


def case_12():
    return _c("case_12", "crowd-frame-sixty-faces", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{emb80}")
crowd = torch.rand(60, 3, 32, 32)                # a stadium gate frame: 60 detected faces
emb = m(crowd)
""", "A crowd frame yields 60 face crops, more than the faces Dim's max=32 the embedding "
       "package was exported with.",
       "Embed the crops in chunks of at most 32 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"32|too large|range|bound")


def case_13():
    return _c("case_13", "empty-frame-zero-faces", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{emb80}")
crops = torch.rand(0, 3, 32, 32)                 # the detector found no face in this frame
emb = m(crops)
""", "A frame with no detected face produces an empty (0, 3, 32, 32) batch, below the lower "
       "bound of the faces Dim the package was compiled with.", "Skip the embedding call when no face was detected.",
       needs=("r",), env=CHECK, match=r"too small|range|bound|>= 1|1")


# ---------------------------------------------------------------- run: indices and numerics
def case_14():
    return _c("case_14", "claimed-id-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gal80}")
probe = torch.nn.functional.normalize(torch.randn(3, 64), dim=1)
claimed = torch.tensor([1, 57, 100])             # badge numbers are 1-based: 1..100
score = m(probe, claimed)
""", "Employee badge numbers are 1-based (1..100) and are used directly as rows of the "
       "100-row enrolled gallery, so badge 100 indexes row 100, out of bounds.",
       "Subtract 1 from the badge number (or keep a badge -> row map) before the call.",
       needs=("s",), match=r"out of bounds|index")


def case_15():
    return _c("case_15", "minutia-type-unknown-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{min80}")
img = torch.rand(1, 1, 64, 64)
pos = torch.randint(0, 4096, (30,))
kind = torch.randint(0, 3, (30,))
kind[7] = 3                                      # the extractor SDK's code 3: "type unknown"
out = m(img, pos, kind)
""", "The minutiae extractor SDK reports type code 3 (unknown) for some minutiae, but the "
       "minutia-type embedding has only 3 rows (codes 0..2).",
       "Map the SDK's unknown code to 'other' (2) or add an embedding row for it and re-export.",
       needs=("s",), expect="crash", match=r"index out of bounds")


def case_16():
    return _c("case_16", "collapsed-landmarks-tiny-face", "numerical", "run", """
m = torch._inductor.aoti_load_package("{aln80}")
img = torch.rand(3, 3, 64, 64)
lmk = torch.tensor([[[11.0, 12.5], [21.0, 12.5], [16.0, 18.0], [12.0, 24.0], [20.0, 24.0]]] * 3) * 1.5 + 8
lmk[2] = 40.0                                    # a 2-pixel face: all five landmarks on one pixel
crop, scale = m(img, lmk)
assert torch.isfinite(scale).all(), f"face scale: {scale}"
""", "For a tiny face the detector returns all five landmarks on the same pixel; the "
       "similarity transform divides by their spread (variance 0), so the scale and the crop's "
       "sampling grid are NaN without any error.",
       "Drop faces whose landmark spread is below a minimum (or add an epsilon to the variance) "
       "before alignment.", needs=("s",), match=r"AssertionError")


def case_17():
    return _m("case_17", "verifier-in-bfloat16", "numerical", "run", """
torch.manual_seed(0)
v = Verifier().eval()
a, b = faces(8), faces(8)
ref = v(a, b)
ep = torch.export.export(v.to(torch.bfloat16), (a.bfloat16(), b.bfloat16()))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ver80bf16.pt2")
m = torch._inductor.aoti_load_package(pkg)
score = m(a.bfloat16(), b.bfloat16()).float()
# the verification threshold is calibrated to 1e-3 on the float32 scores
torch.testing.assert_close(score, ref, atol=1e-3, rtol=0)
""", "The verifier was cast to bfloat16 for speed; bfloat16's 8-bit mantissa changes the "
       "cosine scores by a few thousandths, more than the 1e-3 tolerance of the "
       "float32-calibrated threshold, without any error.",
       "Keep the embedding head and the cosine in float32 (bfloat16 only for the backbone), or "
       "recalibrate the threshold on bfloat16 scores.", match=r"not close")


def case_18():
    return _m("case_18", "fingerprint-1000dpi-batch-capped", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Ridge(torch.nn.Module):
    # fingerprint ridge-enhancement net on scans of any size
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 16, 3, padding=1)
        self.c2 = torch.nn.Conv2d(16, 1, 3, padding=1)
    def forward(self, x):
        return torch.sigmoid(self.c2(torch.relu(self.c1(x))))
h, w = Dim("h", min=16, max=4096), Dim("w", min=16, max=4096)
ep = torch.export.export(Ridge().eval(), (torch.rand(2, 1, 64, 64),),
                         dynamic_shapes=({0: Dim("b", max=64), 2: h, 3: w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fp80.pt2")
m = torch._inductor.aoti_load_package(pkg)
scans = torch.rand(32, 1, 2000, 2000)            # a ten-print batch at 1000 dpi, 2000 x 2000 each
# the matcher pod's memory limit: 1 GiB above what the model and the scans already use
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    out = m(scans)
""", "A batch of 32 fingerprint scans at 1000 dpi (2000 x 2000) is enhanced in one call in a "
       "pod with 1 GiB of memory left; the 16-channel activation alone is ~8 GB.",
       "Enhance the scans one at a time (or in tiles) and give the pod memory for one scan's "
       "activations.", match=r"memory|alloc")


def case_19():
    return _c("case_19", "skimage-warp-float64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ver80}")
probe = torch.rand(4, 3, 32, 32, dtype=torch.float64)   # skimage.transform.warp returns float64
ref = torch.rand(4, 3, 32, 32)
score = m(probe, ref)
""", "The probe crops are aligned with skimage.transform.warp, which returns float64, while "
       "the verification package was exported for float32.",
       "Cast the aligned crops to float32 (.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_20():
    return _c("case_20", "liveness-depth-in-millimetres", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{liv80}")
rgb = torch.rand(4, 3, 32, 32)
depth_m = 0.4 + 0.1 * torch.rand(4, 1, 32, 32)   # the model was trained on depth in metres
p_ref = m(torch.cat([rgb, depth_m], 1))
p = m(torch.cat([rgb, depth_m * 1000], 1))       # the new depth camera's driver reports mm
torch.testing.assert_close(p, p_ref, atol=0.05, rtol=0)
""", "The new depth camera's driver reports depth in millimetres while the liveness model was "
       "trained on metres; the 1000x larger depth channel saturates the softmax and the "
       "live/spoof probabilities are wrong without any error.",
       "Convert depth to metres (divide by 1000) before stacking it with the RGB channels.",
       needs=("r",), match=r"not close")


CASES = [case_01, case_02, case_03, case_04, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20]
TRIED = []
DROPPED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind80.jsonl",
        url_file="benchmarks/live_blind80.py", id_prefix="live80", stems=STEMS,
        scratch_prefix="live_blind80-", description=__doc__.splitlines()[0]))
