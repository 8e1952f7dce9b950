"""A fiftieth blind set of REAL AOTInductor failures (detection, keypoint and segmentation heads and their post-processing), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind50.py [--out benchmarks/live_blind50.jsonl] [--keep]

Theme: object detection, keypoint and segmentation heads and their post-processing on the way
to a package (anchor generation from feature-map sizes, box decoding and clipping, score
thresholds that leave a variable number of detections, top-k and NMS-like suppression written in
torch without torchvision, per-image loops over a batch, masks pasted back at the original size,
keypoint heatmaps with argmax, feature pyramids at odd sizes) and the serving code that batches
images of different sizes and reads the detections back. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind49.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
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

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Dense(torch.nn.Module):
    # a dense single-level detection head: per-pixel boxes (decoded against a grid) and scores
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.box = torch.nn.Conv2d(8, 4, 1)
        self.cls = torch.nn.Conv2d(8, 2, 1)
        self.register_buffer("anchors", torch.rand(64 * 64, 4))
    def forward(self, images):
        f = torch.relu(self.stem(images))
        deltas = self.box(f).flatten(2).transpose(1, 2)
        scores = self.cls(f).flatten(2).transpose(1, 2).sigmoid()
        return deltas + self.anchors, scores

class Free(torch.nn.Module):
    # the same head without a fixed anchor grid: any batch and image size
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.box = torch.nn.Conv2d(8, 4, 1)
    def forward(self, images):
        return self.box(torch.relu(self.stem(images))).flatten(2).transpose(1, 2)

class Clip(torch.nn.Module):
    # decodes and clips boxes to each image's (h, w)
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(16, 4)
    def forward(self, feats, image_sizes):
        boxes = self.lin(feats).sigmoid() * 1000
        hw = image_sizes.to(boxes.dtype)
        limit = torch.stack([hw[:, 1], hw[:, 0], hw[:, 1], hw[:, 0]], -1)[:, None, :]
        return torch.minimum(boxes, limit)

build("det50", Dense(), (torch.randn(1, 3, 64, 64),))
build("free50", Free(), (torch.randn(2, 3, 64, 96),),
      dynamic_shapes=({0: Dim("b", min=1, max=8), 2: Dim("h", min=16, max=512),
                       3: Dim("w", min=16, max=512)},))
build("clip50", Clip(), (torch.randn(2, 10, 16), torch.tensor([[480, 640], [600, 800]])))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"det50", "free50", "clip50", "size50", "iob50", "cls50", "uniq50", "rep50", "paste50", "side50", "pad50"}

PRE = "import torch\nimport torch.nn.functional as F\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------- post-processing at export
def case_01():
    return _c("case_01", "no-detections-early-return", "export_failure", "export", """
class Post(torch.nn.Module):
    def forward(self, boxes, scores):
        keep = scores > 0.5
        dets = boxes[keep]
        if dets.shape[0] == 0:            # nothing above threshold: return a dummy box
            return torch.zeros(1, 4)
        return dets
ep = torch.export.export(Post(), (torch.rand(100, 4), torch.rand(100)))
""", "The post-processing branches in Python on the number of boxes above the score threshold, "
       "a data-dependent size that torch.export cannot guard on.",
       "Return the (possibly empty) detections unconditionally, or use torch.cond / a fixed-size "
       "output padded with a validity mask.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_02():
    return _c("case_02", "greedy-nms-while-loop", "export_failure", "export", """
def box_iou(a, b):
    lt = torch.maximum(a[:, None, :2], b[None, :, :2])
    rb = torch.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area = lambda x: (x[:, 2] - x[:, 0]) * (x[:, 3] - x[:, 1])
    return inter / (area(a)[:, None] + area(b)[None, :] - inter)
class NMS(torch.nn.Module):
    def forward(self, boxes, scores):
        order = scores.argsort(descending=True)
        keep = []
        while order.numel() > 0:
            i = order[0]
            keep.append(i)
            iou = box_iou(boxes[i][None], boxes[order[1:]])[0]
            order = order[1:][iou <= 0.5]
        return torch.stack(keep)
xy = torch.rand(50, 2) * 100
boxes = torch.cat([xy, xy + torch.rand(50, 2) * 50], 1)
ep = torch.export.export(NMS(), (boxes, torch.rand(50)))
""", "A greedy NMS written as a Python while loop over the remaining boxes; the loop condition "
       "depends on tensor data, which torch.export cannot trace.",
       "Write suppression with a fixed number of iterations / a full IoU matrix and masks, or keep "
       "NMS in the serving code outside the package.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_03():
    return _c("case_03", "per-image-loop-dynamic-batch", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PerImage(torch.nn.Module):
    def forward(self, scores):
        outs = []
        for i in range(scores.shape[0]):          # post-process each image of the batch
            outs.append(scores[i].topk(10).values)
        return torch.stack(outs)
ep = torch.export.export(PerImage(), (torch.rand(4, 100),),
                         dynamic_shapes=({0: Dim("batch", min=1, max=32)},))
""", "A Python loop over range(batch) unrolls to the example's batch size, which specialises the "
       "batch Dim declared dynamic.",
       "Vectorise the per-image post-processing over the batch dimension (topk along dim 1) "
       "instead of looping in Python.",
       match=r"Constraints violated|specialized")


def case_04():
    return _c("case_04", "fpn-upsample-add-dynamic-size", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FPN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c4 = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.c5 = torch.nn.Conv2d(8, 8, 3, stride=2, padding=1)
    def forward(self, x):
        p4 = self.c4(x)
        p5 = self.c5(p4)
        return p4 + F.interpolate(p5, scale_factor=2.0, mode="nearest")   # top-down path
h, w = Dim("h", min=32, max=1024), Dim("w", min=32, max=1024)
ep = torch.export.export(FPN(), (torch.randn(1, 3, 128, 128),),
                         dynamic_shapes=({2: h, 3: w},))
""", "The top-down FPN path adds a 2x-upsampled coarse level to the finer one, which only matches "
       "when the image size is a multiple of the stride; H and W were declared as free Dims, so "
       "export cannot keep them dynamic.",
       "Declare H and W as multiples of the stride (e.g. 32 * Dim) or upsample to the finer "
       "level's size (size=p4.shape[-2:]).",
       match=r"Constraints violated|specialized|suggested fixes")


def case_05():
    return _c("case_05", "topk-after-threshold", "export_failure", "export", """
class Top(torch.nn.Module):
    def forward(self, boxes, scores):
        keep = scores > 0.05
        s, b = scores[keep], boxes[keep]
        top = s.topk(100)                     # at most 100 detections per image
        return b[top.indices], top.values
ep = torch.export.export(Top(), (torch.rand(1000, 4), torch.rand(1000)))
""", "topk(100) runs on the boxes left after the score threshold, whose count is data-dependent; "
       "export cannot prove k <= count.",
       "Take topk on the dense scores (masking low scores to -inf) or use min(k, count) with "
       "torch._check, instead of thresholding first.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_06():
    return _c("case_06", "mask-paste-size-from-tensor", "export_failure", "export", """
class Paste(torch.nn.Module):
    def forward(self, mask_logits, image_size):
        h, w = int(image_size[0]), int(image_size[1])    # original image size from the request
        return F.interpolate(mask_logits, size=(h, w), mode="bilinear").sigmoid() > 0.5
ep = torch.export.export(Paste(), (torch.randn(1, 3, 28, 28), torch.tensor([480, 640])))
""", "The masks are pasted back at an output size read from a tensor input with int(), a "
       "data-dependent value torch.export cannot turn into a static size.",
       "Paste masks in the serving code, or pass the original image as an input with dynamic "
       "H/W Dims and use its shape.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard|unbacked")


def case_07():
    return _c("case_07", "cached-anchor-grid-dynamic-size", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.box = torch.nn.Conv2d(8, 4, 1)
        ys, xs = torch.meshgrid(torch.arange(40.), torch.arange(40.), indexing="ij")
        self.register_buffer("centers", torch.stack([xs, ys, xs, ys], -1).reshape(-1, 4) * 8)
    def forward(self, feat):
        d = self.box(feat).flatten(2).transpose(1, 2)
        return self.centers + d * 8            # anchors precomputed for a 40x40 map
ep = torch.export.export(Head(), (torch.randn(1, 8, 40, 40),),
                         dynamic_shapes=({2: Dim("fh", max=256), 3: Dim("fw", max=256)},))
""", "The anchor centres are a buffer precomputed for a 40x40 feature map, so adding them forces "
       "H*W == 1600 and specialises the feature-map Dims declared dynamic.",
       "Generate the anchors in forward from the feature map's shape (arange over H and W), or "
       "export with a static size.",
       match=r"Constraints violated|specialized")


def case_08():
    return _c("case_08", "anchors-python-list-loop", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Anchors(torch.nn.Module):
    def forward(self, feat):
        h, w = feat.shape[-2:]
        cells = [[x * 16.0, y * 16.0, x * 16.0 + 16, y * 16.0 + 16]
                 for y in range(h) for x in range(w)]   # one anchor per cell, in Python
        return torch.tensor(cells)[None] + feat.mean()
ep = torch.export.export(Anchors(), (torch.randn(1, 8, 20, 30),),
                         dynamic_shapes=({2: Dim("fh", max=128), 3: Dim("fw", max=128)},))
""", "Anchors are built with Python loops over range(h) and range(w) of the feature map, which "
       "turns the dynamic feature-map sizes into constants.",
       "Build the anchor grid with torch.arange / meshgrid on the symbolic sizes.",
       match=r"Constraints violated|specialized")


def case_09():
    return _c("case_09", "cond-empty-vs-detections", "export_failure", "export", """
class Gate(torch.nn.Module):
    def forward(self, boxes, scores):
        def some(boxes, scores):
            return boxes[scores > 0.5]
        def none(boxes, scores):
            return boxes.new_zeros(0, 4)
        return torch.cond(scores.max() > 0.5, some, none, (boxes, scores))
ep = torch.export.export(Gate(), (torch.rand(100, 4), torch.rand(100)))
""", "torch.cond's branches return detections of different (one data-dependent, one empty) "
       "shapes and one branch has a data-dependent output size, which cond does not allow.",
       "Return the same fixed-shape output from both branches (e.g. padded boxes and a count) "
       "or drop the cond and return the masked boxes directly.",
       match=r".")


def case_10():
    return _c("case_10", "per-class-counts-bincount", "export_failure", "export", """
class Counts(torch.nn.Module):
    def forward(self, logits):
        labels = logits.argmax(-1)
        return torch.bincount(labels)       # detections per class for the dashboard
ep = torch.export.export(Counts(), (torch.randn(100, 5),))
""", "bincount's output length is max(label)+1, a data-dependent size torch.export cannot trace.",
       "Pass minlength=num_classes, or use one_hot(labels, num_classes).sum(0).",
       match=r"data-dependent|GuardOnDataDependent|Could not guard|Unsupported|bincount")


def case_11():
    return _c("case_11", "keypoints-tolist", "export_failure", "export", """
class Keypoints(torch.nn.Module):
    def forward(self, heatmaps):
        b, k, h, w = heatmaps.shape
        idx = heatmaps.flatten(2).argmax(-1)
        pts = torch.stack([idx % w, idx // w], -1)
        return [[tuple(p) for p in person] for person in pts.tolist()]   # JSON-ready
ep = torch.export.export(Keypoints(), (torch.rand(1, 17, 64, 48),))
""", "The keypoint coordinates are converted with .tolist() inside forward to return Python "
       "tuples; the values are data-dependent and cannot be traced.",
       "Return the coordinate tensor and call .tolist() in the serving code.",
       match=r".")


def case_12():
    return _c("case_12", "numpy-anchor-grid", "dynamic_shape_guard", "export", """
import numpy as np
from torch.export import Dim
class Grid(torch.nn.Module):
    def forward(self, feat):
        h, w = feat.shape[-2:]
        xs, ys = np.meshgrid(np.arange(w), np.arange(h))
        centers = torch.from_numpy(np.stack([xs, ys], -1).reshape(-1, 2).astype("float32"))
        return feat.flatten(2).transpose(1, 2)[..., :2] + centers * 8
ep = torch.export.export(Grid(), (torch.randn(1, 8, 24, 32),),
                         dynamic_shapes=({2: Dim("fh", max=128), 3: Dim("fw", max=128)},))
""", "The anchor grid is built with numpy from the feature-map sizes; numpy needs concrete ints, "
       "so the feature-map Dims declared dynamic are specialised.",
       "Build the grid with torch.arange/meshgrid so the sizes stay symbolic.",
       match=r"Constraints violated|specialized")


def case_13():
    return _c("case_13", "stride32-backbone-min-size", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Backbone(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(*[torch.nn.Conv2d(3 if i == 0 else 8, 8, 3, stride=2)
                                          for i in range(5)])
    def forward(self, x):
        return self.body(x).flatten(1).mean(1)
ep = torch.export.export(Backbone(), (torch.randn(1, 3, 320, 320),),
                         dynamic_shapes=({2: Dim("h", min=1, max=1333), 3: Dim("w", min=1, max=1333)},))
""", "Five unpadded stride-2 convolutions need an image of at least ~63 px, but H and W were "
       "declared with min=1, so export's range check fails.",
       "Declare the image Dims with a min the backbone can take (e.g. min=64).",
       match=r"Constraints violated|specialized|range")


def case_14():
    return _c("case_14", "detections-numpy-in-forward", "export_failure", "export", """
class ToNumpy(torch.nn.Module):
    def forward(self, boxes, scores):
        s = scores.numpy()                       # threshold with numpy as in the eval script
        keep = torch.from_numpy((s > 0.3).nonzero()[0])
        return boxes[keep]
ep = torch.export.export(ToNumpy(), (torch.rand(100, 4), torch.rand(100)))
""", "forward hands the scores to numpy (.numpy()) to threshold them, which torch.export cannot "
       "trace through.", "Threshold with torch ops (scores > 0.3) inside forward.",
       match=r".")


# ------------------------------------------------------------- compile and run in the child
def case_15():
    return _c("case_15", "heatmap-subpixel-neighbour", "index_out_of_bounds", "run", """
class Refine(torch.nn.Module):
    def forward(self, hm):
        flat = hm.flatten(2)
        idx = flat.argmax(-1, keepdim=True)
        right = torch.gather(flat, -1, idx + 1)      # sub-pixel shift towards the right neighbour
        left = torch.gather(flat, -1, idx - 1)
        return idx.float() + 0.25 * torch.sign(right - left)
ep = torch.export.export(Refine(), (torch.rand(1, 17, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/iob50.pt2")
m = torch._inductor.aoti_load_package(pkg)
hm = torch.rand(1, 17, 16, 16)
hm[0, 3, 15, 15] = 5.0                           # a keypoint in the bottom-right corner
print(m(hm))
""", "The sub-pixel refinement reads the heatmap at argmax+1 and argmax-1 without clamping, so a "
       "peak in the last cell indexes past the flattened heatmap.",
       "Clamp the neighbour indices to [0, H*W-1] (or pad the heatmap) before gathering.",
       expect="crash", match=r"index out of bounds")


def case_16():
    return _c("case_16", "background-label-lookup", "index_out_of_bounds", "run", """
class Named(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = torch.nn.Linear(16, 81)                    # 80 classes + background
        self.register_buffer("class_weight", torch.rand(80))  # per-class score calibration
    def forward(self, feats):
        logits = self.cls(feats)
        labels = logits.argmax(-1)
        return logits.amax(-1) * self.class_weight[labels]
net = Named()
with torch.no_grad():
    net.cls.bias[80] = 3.0                       # background prior
ep = torch.export.export(net, (torch.randn(50, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cls50.pt2")
m = torch._inductor.aoti_load_package(pkg)
feats = torch.zeros(50, 16)                      # an empty frame: background wins
with torch.no_grad():
    print("eager background labels:", int((net.cls(feats).argmax(-1) == 80).sum()))
print(m(feats))
""", "argmax over 81 logits (80 classes plus background) indexes an 80-entry per-class buffer; "
       "a box whose background logit wins indexes one past the end.",
       "Drop the background column before argmax (logits[:, :80]) or size the buffer for 81 "
       "labels.", expect="crash", match=r"index out of bounds")


def case_17():
    return _c("case_17", "class-wise-nms-unique", "export_failure", "export", """
class ClassWise(torch.nn.Module):
    def forward(self, boxes, scores, labels):
        out = []
        for c in torch.unique(labels):                # suppress class by class
            m = labels == c
            out.append(boxes[m][scores[m].argmax()])
        return torch.stack(out)
ep = torch.export.export(ClassWise(), (torch.rand(30, 4), torch.rand(30),
                                       torch.randint(0, 3, (30,))))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/uniq50.pt2")
""", "Class-wise suppression iterates in Python over torch.unique(labels), whose length is "
       "data-dependent, so the loop cannot be traced.",
       "Iterate over the fixed range of class ids with masks (or offset boxes per class).",
       match=r"data-dependent|GuardOnDataDependent|Could not guard|unbacked")


def case_18():
    return _c("case_18", "image-index-repeat-interleave", "unsupported", "compile", """
class Batch(torch.nn.Module):
    def forward(self, boxes, counts):
        img = torch.repeat_interleave(torch.arange(counts.shape[0]), counts)  # image id per box
        return torch.cat([img[:, None].float(), boxes[: img.shape[0]]], 1)
ep = torch.export.export(Batch(), (torch.rand(40, 4), torch.tensor([10, 20, 5])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rep50.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.rand(40, 4), torch.tensor([3, 3, 3])).shape)
""", "repeat_interleave with a tensor of per-image counts has a data-dependent output size.",
       "Pass the image index per box as an input.", match=r".")


def case_19():
    return _c("case_19", "paste-size-python-ints", "input_mismatch", "run", """
class Paste(torch.nn.Module):
    def forward(self, masks, h: int, w: int):
        return F.interpolate(masks, size=(h, w), mode="bilinear") > 0
ep = torch.export.export(Paste(), (torch.randn(1, 5, 28, 28), 480, 640))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/paste50.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(torch.randn(1, 5, 28, 28), 720, 1280)      # a 720p frame
assert out.shape[-2:] == (720, 1280), out.shape
""", "The original image size was passed as Python ints, which export specialises to the example "
       "(480x640); the package ignores the 720x1280 passed at serving time and pastes masks at "
       "the exported size.",
       "Pass a tensor with dynamic H/W Dims whose shape gives the paste size, or paste the masks "
       "in the serving code.", match=r"AssertionError")


# ---------------------------------------------------------------- serving the shared packages
def case_20():
    return _c("case_20", "camera-frame-not-resized", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{det50}")
frame = torch.rand(1, 3, 96, 128)                # the camera's native size, not resized to 64x64
boxes, scores = m(frame)
""", "The package was exported for 64x64 images (static shapes); the serving code passes the "
       "camera frame at 96x128 without resizing it.",
       "Resize/letterbox frames to 64x64 before the call, or export with dynamic H/W Dims.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched|expected|size")


def case_21():
    return _c("case_21", "image-over-dim-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{free50}")
print(m(torch.rand(2, 3, 480, 640)).shape)        # fine
print(m(torch.rand(1, 3, 1080, 1920)).shape)      # a full-HD frame
""", "The package's H/W Dims were declared with max=512; a 1080x1920 frame is outside the "
       "declared range.",
       "Downscale frames to at most 512 px, or export with a larger max.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large|dim value|range")


def case_22():
    return _c("case_22", "list-of-different-size-images", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{free50}")
images = [torch.rand(3, 480, 640), torch.rand(3, 600, 800)]   # as a torchvision detector takes
dets = m(images)
""", "The serving code passes a list of differently sized CHW images, as torchvision detectors "
       "take, to a package exported for one batched NCHW tensor.",
       "Pad the images to a common size and stack them into one NCHW tensor (or call once per "
       "image with a batch of 1).", needs=("r",), match=r".")


def case_23():
    return _c("case_23", "image-sizes-as-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{clip50}")
feats = torch.randn(2, 10, 16)
boxes = m(feats, [(480, 640), (600, 800)])      # sizes straight from the request JSON
""", "image_sizes was exported as an int64 tensor; the serving code passes a Python list of "
       "(h, w) tuples.",
       "Pass torch.tensor(sizes) with the exported dtype and shape.", needs=("r",), match=r".")


def case_24():
    return _c("case_24", "decoded-uint8-frame", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{det50}")
frame = torch.randint(0, 256, (1, 3, 64, 64), dtype=torch.uint8)   # straight from the decoder
boxes, scores = m(frame)
""", "The frame from the image decoder is uint8; the package was exported for float32 images.",
       "Convert with frame.float() / 255 (the preprocessing used at export) before the call.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched|dtype")


def case_25():
    return _c("case_25", "hwc-frame-permuted", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{det50}")
hwc = torch.rand(64, 64, 3)                     # OpenCV-style HWC frame
boxes, scores = m(hwc.permute(2, 0, 1)[None])   # a CHW view, not contiguous
""", "The CHW frame is a permuted view of an HWC array, so its strides differ from the "
       "contiguous images the package was exported with.",
       "Call .contiguous() on the permuted frame before the call.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched|stride")


def case_26():
    return _c("case_26", "empty-request-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{free50}")
pending = []                                     # no frames queued this tick
batch = torch.stack(pending) if pending else torch.empty(0, 3, 64, 64)
print(m(batch).shape)
""", "The serving loop calls the package with an empty batch; the batch Dim was declared with "
       "min=1.",
       "Skip the call when no frames are queued.", needs=("r",),
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too small|dim value|range")


def case_27():
    return _c("case_27", "swap-anchors-only", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{det50}")
print(m.get_constant_fqns())
new_anchors = torch.rand(64 * 64, 4)             # anchors re-clustered on the new dataset
m.load_constants({"anchors": new_anchors}, check_full_update=True)
boxes, scores = m(torch.rand(1, 3, 64, 64))
""", "Only the anchors are passed to load_constants with check_full_update=True, so the update "
       "misses every other constant of the package.",
       "Pass all constants (or check_full_update=False / update_constant_buffer for a partial "
       "update).", needs=("r",), match=r".")


def case_28():
    return _c("case_28", "legacy-load-of-package", "deprecated_api", "load", """
run = torch._export.aot_load("{det50}", "cpu")      # the loader from an older serving script
boxes, scores = run(torch.rand(1, 3, 64, 64))
""", "The serving script uses the legacy torch._export.aot_load, which loads a bare .so, on a "
       ".pt2 package.", "Load the package with torch._inductor.aoti_load_package.",
       needs=("r",), match=r".")


def case_29():
    return _c("case_29", "batch-of-two-into-static", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{det50}")
frames = torch.rand(2, 3, 64, 64)                # two cameras batched together
boxes, scores = m(frames)
print(boxes.shape)
""", "The package was exported with a batch of one image (static); the serving code batches two "
       "cameras.", "Export with a dynamic batch Dim, or call once per frame.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched|expected|size")


def case_30():
    return _c("case_30", "one-dim-for-height-and-width", "dynamic_shape_guard", "run", """
from torch.export import Dim
class Seg(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
    def forward(self, x):
        return self.conv(x).argmax(1)
side = Dim("side", min=64, max=1024)
ep = torch.export.export(Seg(), (torch.randn(1, 3, 256, 256),), dynamic_shapes=({2: side, 3: side},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/side50.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(1, 3, 480, 640)).shape)     # a 4:3 photo
""", "One Dim was given to both H and W (the example was square), which ties them equal; the "
       "serving code sends a non-square 480x640 image.",
       "Declare separate Dims for H and W.", env={"AOTI_RUNTIME_CHECK_INPUTS": "1"},
       match=r"unmatched|expected|dim")


def case_31():
    return _c("case_31", "pad-not-multiple-of-stride", "dynamic_shape_guard", "run", """
from torch.export import Dim
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.down = torch.nn.Conv2d(3, 8, 2, stride=2)
        self.up = torch.nn.ConvTranspose2d(8, 3, 2, stride=2)
    def forward(self, x):
        return x + self.up(self.down(x))     # a tiny encoder-decoder mask head
h = 32 * Dim("hk", min=1, max=40)
w = 32 * Dim("wk", min=1, max=40)
ep = torch.export.export(Net(), (torch.randn(1, 3, 320, 320),), dynamic_shapes=({2: h, 3: w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pad50.pt2")
m = torch._inductor.aoti_load_package(pkg)
img = torch.randn(1, 3, 375, 500)
batch = F.pad(img, (0, 4, 0, 9))          # padded to 384x504 for batching
print(m(batch).shape)
""", "H and W were exported as multiples of 32; the serving code pads the batch to 384x504, "
       "and 504 is not a multiple of 32.",
       "Pad each side up to the next multiple of 32 (504 -> 512).",
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched|expected|dim|divisible|%")


def case_32():
    return _c("case_32", "rescale-boxes-float-from-tensor", "export_failure", "export", """
class Rescale(torch.nn.Module):
    def forward(self, boxes, orig_size):
        scale = float(orig_size[0]) / 512.0      # back to the original resolution
        return (boxes * scale).round()
ep = torch.export.export(Rescale(), (torch.rand(100, 4) * 512, torch.tensor([1024, 768])))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The rescale factor is read from a tensor input with float(), a data-dependent Python "
       "float that export cannot trace.",
       "Keep the scale as a tensor (orig_size[0] / 512.0) so it stays in the graph.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard|unbacked|item")


def case_33():
    return _c("case_33", "keypoints-unravel-index", "unsupported", "compile", """
class Peaks(torch.nn.Module):
    def forward(self, hm):
        b, k, h, w = hm.shape
        idx = hm.flatten(2).argmax(-1)
        yx = torch.unravel_index(idx, (h, w))
        return torch.stack(yx[::-1], -1).float()
ep = torch.export.export(Peaks(), (torch.rand(1, 17, 64, 48),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.rand(1, 17, 64, 48)).shape)
""", "unravel_index for keypoint coordinates.", "Use idx % w and idx // w.", match=r".")


def case_34():
    return _c("case_34", "per-image-sizes-tolist-loop", "export_failure", "export", """
class PerImageClip(torch.nn.Module):
    def forward(self, boxes, image_sizes):
        out = []
        for b, (h, w) in zip(boxes, image_sizes.tolist()):   # clip each image to its own size
            out.append(torch.stack([b[:, 0].clamp(0, w), b[:, 1].clamp(0, h),
                                    b[:, 2].clamp(0, w), b[:, 3].clamp(0, h)], -1))
        return torch.stack(out)
ep = torch.export.export(PerImageClip(), (torch.rand(2, 50, 4) * 900,
                                          torch.tensor([[480, 640], [600, 800]])))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The per-image clip converts the image_sizes tensor to Python numbers with .tolist() and "
       "clamps with them, so the sizes become data-dependent Python values.",
       "Clamp with tensors: torch.minimum(boxes, limits) with limits built from image_sizes.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard|unbacked")


CASES = [case_01, case_03, case_04, case_08, case_12, case_13, case_15, case_16, case_17, case_19,
         case_20, case_21, case_22, case_23, case_26, case_29, case_30, case_31, case_32, case_34]
# Left out as repeats of earlier sets' triggers (found by the overlap grep, see the notes):
# case_02 (greedy NMS `while order.numel() > 0`: live_blind16), case_06 (paste size read from a
# tensor input: live_blind16's resize-to-requested), case_10 (bincount without minlength:
# live_blind32), case_14 (.numpy() inside forward: live_blind.py / live_blind37), case_18
# (repeat_interleave with tensor counts: live_blind3 / live_blind32), case_24 (uint8 frame into a
# float package: live_blind34), case_25 (HWC array permuted to a CHW view: live_blind27),
# case_27 (a partial load_constants with check_full_update=True: live_blind12 / 18 / 23),
# case_28 (legacy aot_load on a .pt2 package: live_blind40); case_33 (torch.unravel_index for
# keypoints) was not tried in time.
DROPPED = [case_02, case_06, case_10, case_14, case_18, case_24, case_25, case_27, case_28, case_33]
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES: case_05
# (topk(100) after a score threshold: exported), case_07 (an anchor buffer for a fixed 40x40 map
# with dynamic feature-map Dims: exported), case_09 (torch.cond with an empty and a masked branch:
# exported), case_11 (keypoints .tolist() in forward: exported).
TRIED = [case_05, case_07, case_09, case_11]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind50.jsonl",
        url_file="benchmarks/live_blind50.py", id_prefix="live50", stems=STEMS,
        scratch_prefix="live_blind50-", description=__doc__.splitlines()[0]))
