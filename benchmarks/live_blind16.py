"""A sixteenth blind set of REAL AOTInductor failures (vision, audio and signal models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind16.py [--out benchmarks/live_blind16.jsonl] [--keep]

Theme: vision, audio and signal models with AOTI (convolutions and pooling, interpolate /
grid_sample / affine_grid, memory formats, per-request image sizes, batch/group norm, FFT/STFT
and complex intermediates, window functions, spectrogram front-ends, data-dependent crops,
padding modes, unfold/fold, pixel shuffle, depthwise and transposed convolutions, uint8 images
normalised inside the graph, detection-style post-processing). No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind15.py
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
SETUP_J = """
import json, os, torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

class Palette(nn.Module):
    # segmentation overlay: class-id mask (uint8) -> RGB colours from a 21-class VOC palette
    def __init__(self):
        super().__init__()
        self.register_buffer("palette", torch.randint(0, 256, (21, 3)).float())
    def forward(self, mask):
        return self.palette[mask.long()]

class Normed(nn.Module):
    # uint8 RGB in, normalisation inside the graph, a small conv stem
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
    def forward(self, img):
        x = (img.float() / 255.0 - self.mean) / self.std
        return torch.relu(self.conv(x))

class Video(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(3, 4, 3, padding=1)
    def forward(self, clip):
        return torch.relu(self.conv(clip))

class AnySize(nn.Module):
    # fully convolutional: any image size within the Dim range
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.dw = nn.Conv2d(8, 8, 3, padding=1, groups=8)
    def forward(self, img):
        return self.dw(torch.relu(self.conv(img)))

class Cls32(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.fc = nn.Linear(8, 5)
    def forward(self, img):
        h = torch.relu(self.conv(img))
        return self.fc(h.mean((2, 3)))

class MelFront(nn.Module):
    # log-mel front end: stft magnitude projected by a (n_freq, n_mels) filterbank
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
        self.register_buffer("fb", torch.rand(129, 40))
    def forward(self, wav):
        s = torch.stft(wav, 256, 128, window=self.win, return_complex=True).abs() ** 2
        return torch.log(s.transpose(-1, -2) @ self.fb + 1e-6)

class BoxCls(nn.Module):
    # per-box class embedding lookup (80 COCO classes)
    def __init__(self):
        super().__init__()
        self.cls_embed = nn.Embedding(80, 16)
    def forward(self, boxes, labels):
        return torch.cat([boxes, self.cls_embed(labels)], -1)

def build(name, m, args, dynamic_shapes=None, configs=None):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("pal16", Palette().eval(), (torch.randint(0, 21, (16, 16), dtype=torch.uint8),))
build("norm16", Normed().eval(), (torch.randint(0, 256, (1, 3, 16, 16), dtype=torch.uint8),))
build("vid16", Video().eval(),
      (torch.randn(1, 3, 4, 8, 8).to(memory_format=torch.channels_last_3d),))
h, w = Dim("h", min=16, max=16384), Dim("w", min=16, max=16384)
build("any16", AnySize().eval(), (torch.randn(1, 3, 32, 48),), dynamic_shapes={"img": {2: h, 3: w}})
build("cls16", Cls32().eval(), (torch.randn(1, 3, 32, 32),))
build("mel16", MelFront().eval(), (torch.randn(1, 4000),))
build("box16", BoxCls().eval(), (torch.rand(6, 4), torch.tensor([0, 1, 2, 3, 4, 5])))
try:
    b = Dim("b", min=1, max=64)
    paths["so16"] = torch._export.aot_compile(AnySize().eval(), (torch.randn(2, 3, 16, 16),),
                                              dynamic_shapes={"img": {0: b}})
except Exception as e:
    print("BUILD FAILED so16", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"pal16", "norm16", "vid16", "any16", "cls16", "mel16", "box16",
         # packages that cases build in their own scratch folder
         "ff16", "dn16", "im16", "up16", "cp16", "cc16", "st16", "ne16", "gn16", "fr16", "u816",
         "sd16", "bn16", "rz16"}

PRE = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
       "from torch.export import Dim\n")


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ---- export
def case_01():
    return _c("case_01", "greedy-suppression-loop", "export_failure", "export", """
class Post(nn.Module):
    def forward(self, boxes, scores):
        order = scores.argsort(descending=True)
        keep = []
        while order.numel() > 0:
            i = order[0]
            keep.append(i)
            x1 = torch.maximum(boxes[i, 0], boxes[order[1:], 0])
            y1 = torch.maximum(boxes[i, 1], boxes[order[1:], 1])
            x2 = torch.minimum(boxes[i, 2], boxes[order[1:], 2])
            y2 = torch.minimum(boxes[i, 3], boxes[order[1:], 3])
            inter = (x2 - x1).clamp(min=0) * (y2 - y1).clamp(min=0)
            order = order[1:][inter < 0.5]
        return torch.stack(keep)
b = torch.rand(8, 2)
boxes = torch.cat([b, b + 0.3], 1)
ep = torch.export.export(Post(), (boxes, torch.rand(8)))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "A hand-written greedy NMS loops `while order.numel() > 0`, filtering the remaining boxes "
       "with a boolean mask each round; the loop count depends on the box values, which export "
       "cannot trace.",
       "Use a fixed-size formulation (pairwise IoU matrix and a mask, or a top-k bounded number "
       "of iterations with torch.where), or run the NMS outside the exported model.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent")


def case_02():
    return _c("case_02", "roi-crop-from-box", "export_failure", "export", """
class Crop(nn.Module):
    def forward(self, img, box):
        x0, y0, x1, y1 = [int(v) for v in box]
        crop = img[:, :, y0:y1, x0:x1]
        return F.interpolate(crop, size=(32, 32), mode="bilinear", align_corners=False)
ep = torch.export.export(Crop(), (torch.randn(1, 3, 64, 64), torch.tensor([4, 8, 40, 56])))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The crop bounds come from a box tensor's VALUES (int(v) per coordinate), so the crop's "
       "size is data-dependent and the bilinear resize needs its concrete size.",
       "Use roi_align-style sampling with grid_sample over a fixed output grid built from the box, "
       "or crop outside the model and pass the crop as the input.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|unbacked")


def case_03():
    return _c("case_03", "resize-to-requested", "export_failure", "export", """
class Resize(nn.Module):
    def forward(self, img, hw):
        return F.interpolate(img, size=(int(hw[0]), int(hw[1])), mode="nearest")
ep = torch.export.export(Resize(), (torch.randn(1, 3, 32, 32), torch.tensor([48, 64])))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The output size of the resize is read from an input tensor's values (the requested "
       "height/width), which makes the output shape data-dependent.",
       "Pass the target size as a shape (e.g. a dummy tensor whose dims are dynamic Dims) or "
       "resize outside the model.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|unbacked")


def case_04():
    return _c("case_04", "space-to-depth-any-height", "dynamic_shape_guard", "export", """
class S2D(nn.Module):
    def forward(self, img):
        return F.pixel_unshuffle(img, 2)
h, w = Dim("h", min=8, max=1024), Dim("w", min=8, max=1024)
ep = torch.export.export(S2D(), (torch.randn(1, 3, 32, 32),), dynamic_shapes={"img": {2: h, 3: w}})
""", "pixel_unshuffle(2) needs even heights and widths, but the Dims allow any size in "
       "[8, 1024], so export reports the divisibility guard as a violated constraint.",
       "Declare the sizes as multiples of the factor (h = 2 * Dim('h2', ...)) as the suggested "
       "fix says.",
       match=r"Constraints violated|divisible|Mod")


def case_05():
    return _c("case_05", "dynamic-color-channels", "dynamic_shape_guard", "export", """
class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
    def forward(self, img):
        return self.conv(img)
c = Dim("c", min=1, max=4)
ep = torch.export.export(Stem(), (torch.randn(2, 3, 16, 16),), dynamic_shapes={"img": {1: c}})
""", "The channel axis is declared dynamic (to accept grey, RGB and RGBA images), but the conv "
       "weight has exactly 3 input channels, so export specialises it to the constant 3.",
       "Keep the channel axis static (convert images to RGB before the model) or add an explicit "
       "channel adapter; only H and W (and batch) can be dynamic for a conv stem.",
       match=r"Constraints violated|specialized|constant")


def case_06():
    return _c("case_06", "square-assumed", "dynamic_shape_guard", "export", """
class Sym(nn.Module):
    def forward(self, img):
        return (img + img.transpose(-1, -2)) / 2
h, w = Dim("h", min=8, max=512), Dim("w", min=8, max=512)
ep = torch.export.export(Sym(), (torch.randn(1, 1, 32, 32),), dynamic_shapes={"img": {2: h, 3: w}})
""", "The model symmetrises the image with its transpose, which only works for square images, "
       "but height and width got independent Dims.",
       "Use one Dim for both axes (dynamic_shapes={'img': {2: s, 3: s}}) as the error suggests.",
       match=r"Constraints violated|w = h|h = w|==")


def case_07():
    return _c("case_07", "top-hundred-any-count", "dynamic_shape_guard", "export", """
class TopDet(nn.Module):
    def forward(self, boxes, scores):
        s, i = scores.topk(100)
        return boxes[i], s
n = Dim("n", min=2, max=20000)
ep = torch.export.export(TopDet(), (torch.rand(300, 4), torch.rand(300)),
                         dynamic_shapes={"boxes": {0: n}, "scores": {0: n}})
""", "The detector keeps the top 100 boxes, but the number of candidate boxes is declared "
       "Dim('n', min=2); topk(100) requires n >= 100, a guard that contradicts the range.",
       "Raise the Dim's min to 100 (or keep min(k, n) boxes with a k that is a size, not a "
       "constant).",
       match=r"Constraints violated|100")


def case_08():
    return _c("case_08", "syncbn-export-from-trainer", "device_mismatch", "export", """
import torch.distributed as dist
dist.init_process_group("gloo", init_method="tcp://127.0.0.1:29616", rank=0, world_size=1)
net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
net = nn.SyncBatchNorm.convert_sync_batchnorm(net)
ep = torch.export.export(net, (torch.randn(2, 3, 16, 16),))
""", "The training script exports the DDP model (converted to SyncBatchNorm) while it is still "
       "in training mode with the process group up; SyncBatchNorm then requires GPU inputs and "
       "refuses the CPU example image.",
       "Call model.eval() before export (or convert SyncBatchNorm back to BatchNorm2d), and "
       "export outside the distributed training context.",
       match=r"SyncBatchNorm expected input tensor to be on GPU")


def case_09():
    return _c("case_09", "mkldnn-layout-inside", "unsupported", "export", """
class Fast(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
    def forward(self, img):
        return self.conv(img.to_mkldnn()).to_dense()
ep = torch.export.export(Fast().eval(), (torch.randn(1, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward converts the image to the MKLDNN (oneDNN opaque) layout, an old CPU speed-up; "
       "export/AOTI only handle strided tensors.",
       "Drop to_mkldnn()/to_dense(): Inductor already uses oneDNN for conv on CPU (freezing=True "
       "prepacks the weights).",
       match=r"mkldnn|layout|Mkldnn")


def case_10():
    return _c("case_10", "affine-fit-old-solver", "deprecated_api", "export", """
class Fit(nn.Module):
    def forward(self, src, dst):
        ones = torch.ones(src.shape[0], 1)
        A = torch.cat([src, ones], 1)
        sol, _ = torch.lstsq(dst, A)
        return sol[:3]
ep = torch.export.export(Fit(), (torch.rand(6, 2), torch.rand(6, 2)))
""", "The keypoint alignment fits an affine transform with torch.lstsq, removed in torch 2.0 "
       "(replaced by torch.linalg.lstsq, with swapped arguments).",
       "Use torch.linalg.lstsq(A, dst).solution.",
       match=r"lstsq")


def case_11():
    return _c("case_11", "vision-ops-nms", "unknown", "export", """
from torchvision.ops import batched_nms
class Post(nn.Module):
    def forward(self, boxes, scores, labels):
        keep = batched_nms(boxes, scores, labels, 0.5)
        return boxes[keep]
""", "The detection post-processing imports torchvision.ops.batched_nms, but torchvision is not "
       "installed in the export environment.",
       "Install the torchvision build that matches the installed torch (its nms op also needs "
       "to be importable when loading the package).",
       match=r"No module named 'torchvision'")


# ---- compile (and run against eager in the same child)
def case_12():
    return _c("case_12", "frequency-filter", "unsupported", "compile", """
class FreqFilter(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("H", torch.randn(32, 17, dtype=torch.complex64))
    def forward(self, img):
        spec = torch.fft.rfft2(img)
        return torch.fft.irfft2(spec * self.H, s=img.shape[-2:])
m = FreqFilter().eval()
x = torch.randn(1, 1, 32, 32)
ep = torch.export.export(m, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ff16.pt2")
y = torch._inductor.aoti_load_package(pkg)(x)
torch.testing.assert_close(y, m(x), rtol=1e-4, atol=1e-4)
""", "The image is filtered in the frequency domain with a complex64 filter stored as a buffer; "
       "AOTI has to embed a complex constant and multiply complex intermediates.",
       "Store the filter as two real buffers (real, imag) and combine them with torch.complex "
       "inside forward, or keep the FFT filter outside the compiled model.",
       match=r"omplex")


def case_13():
    return _c("case_13", "spectral-gate-roundtrip", "torch_bug", "compile", """
class Denoise(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
    def forward(self, wav):
        spec = torch.stft(wav, 256, 64, window=self.win, return_complex=True)
        mag = spec.abs()
        gate = (mag > mag.mean(-1, keepdim=True)).to(spec.real.dtype)
        return torch.istft(spec * gate, 256, 64, window=self.win, length=wav.shape[-1])
m = Denoise().eval()
x = torch.randn(1, 4000)
ep = torch.export.export(m, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dn16.pt2")
y = torch._inductor.aoti_load_package(pkg)(x)
torch.testing.assert_close(y, m(x), rtol=1e-3, atol=1e-3)
""", "A spectral-gating denoiser goes stft -> mask the complex spectrum -> istft inside one "
       "model; the complex intermediates fail in Inductor/AOTI.",
       "Split the model at the complex boundary (return real/imag with view_as_real and do "
       "istft outside) and report the failure upstream.",
       match=r"omplex|Error")


def case_14():
    return _c("case_14", "im2col-any-size", "torch_bug", "compile", """
class Im2Col(nn.Module):
    def forward(self, img):
        cols = F.unfold(img, kernel_size=3, padding=1)
        return cols.mean(1)
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=256)
m = Im2Col()
x = torch.randn(1, 3, 16, 20)
ep = torch.export.export(m, (x,), dynamic_shapes={"img": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/im16.pt2")
x2 = torch.randn(1, 3, 24, 12)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2))
""", "F.unfold (im2col) over dynamic image sizes fails or diverges in Inductor/AOTI.",
       "Use static image sizes (pad to a bucket) or replace unfold by a conv with a fixed "
       "identity kernel; report upstream.", match=r"Error")


def case_15():
    return _c("case_15", "decoder-output-size", "dynamic_shape_guard", "export", """
class Up(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1)
    def forward(self, x):
        return self.up(self.down(x), output_size=x.shape[-2:]) + x
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=256)
m = Up().eval()
x = torch.randn(1, 4, 17, 20)
ep = torch.export.export(m, (x,), dynamic_shapes={"x": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/up16.pt2")
x2 = torch.randn(1, 4, 30, 33)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2), rtol=1e-4, atol=1e-4)
""", "The decoder's stride-2 transposed conv takes output_size from the skip tensor's dynamic "
       "shape; to pick the output padding, export guards on the parity of the example sizes "
       "(17 odd, 20 even), which contradicts the declared Dims.",
       "Declare the sizes with the suggested derived Dims (h = 2*_h - 1, w = 2*_w) or pad "
       "inputs to a multiple of the stride and crop after the transposed conv.",
       match=r"Constraints violated")


def case_16():
    return _c("case_16", "ceil-pool-any-size", "dynamic_shape_guard", "export", """
class Pool(nn.Module):
    def forward(self, img):
        return F.max_pool2d(img, 3, 2, ceil_mode=True)
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=256)
m = Pool()
x = torch.randn(1, 3, 17, 20)
ep = torch.export.export(m, (x,), dynamic_shapes={"img": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cp16.pt2")
x2 = torch.randn(1, 3, 30, 31)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2))
""", "max_pool2d with ceil_mode=True rounds the output size up, so export guards on the "
       "parity of the example height and width (17, 20), which contradicts the declared Dims.",
       "Use ceil_mode=False with explicit padding, or declare the suggested derived Dims.",
       match=r"Constraints violated")


def case_17():
    return _c("case_17", "wraparound-pad-any-size", "torch_bug", "compile", """
class Circ(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
    def forward(self, pano):
        return self.conv(F.pad(pano, (1, 1, 1, 1), mode="circular"))
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=512)
m = Circ().eval()
x = torch.randn(1, 3, 16, 32)
ep = torch.export.export(m, (x,), dynamic_shapes={"pano": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cc16.pt2")
x2 = torch.randn(1, 3, 20, 40)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2), rtol=1e-4, atol=1e-4)
""", "Circular padding (panorama wrap-around) over dynamic image sizes fails or diverges in "
       "Inductor/AOTI.", "Use static sizes, or build the wrap with torch.cat of slices; report "
       "upstream.", match=r"Error")


def case_18():
    return _c("case_18", "spatial-transformer-any-size", "dynamic_shape_guard", "export", """
class STN(nn.Module):
    def forward(self, img, theta):
        grid = F.affine_grid(theta, list(img.shape), align_corners=False)
        return F.grid_sample(img, grid, align_corners=False, padding_mode="border")
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=256)
m = STN()
x = torch.randn(1, 3, 16, 20)
t = torch.tensor([[[0.9, 0.1, 0.0], [-0.1, 0.9, 0.1]]])
ep = torch.export.export(m, (x, t), dynamic_shapes={"img": {2: h, 3: w}, "theta": None})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/st16.pt2")
x2 = torch.randn(1, 3, 24, 12)
y = torch._inductor.aoti_load_package(pkg)(x2, t)
torch.testing.assert_close(y, m(x2, t), rtol=1e-4, atol=1e-4)
""", "affine_grid receives the image size as a Python list (list(img.shape)); the size "
       "argument specialises height and width to the example's 16 and 20, although they were "
       "declared dynamic.",
       "Pass the sampling grid as an input, or keep the image size static (resize to a fixed "
       "size first).", match=r"Constraints violated")


def case_19():
    return _c("case_19", "half-scale-nearest-exact", "torch_bug", "compile", """
class Down(nn.Module):
    def forward(self, img):
        return F.interpolate(img, scale_factor=0.5, mode="nearest-exact")
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=256)
m = Down()
x = torch.randn(1, 3, 16, 20)
ep = torch.export.export(m, (x,), dynamic_shapes={"img": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ne16.pt2")
x2 = torch.randn(1, 3, 31, 17)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2))
""", "nearest-exact downscaling by 0.5 over dynamic (odd) image sizes fails or diverges in "
       "Inductor/AOTI.", "Use static sizes or an explicit size=; report upstream.",
       match=r"Error")


def case_20():
    return _c("case_20", "groupnorm-nhwc-any-size", "torch_bug", "compile", """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.gn = nn.GroupNorm(4, 8)
    def forward(self, x):
        return F.silu(self.gn(self.conv(x)))
m = Block().eval().to(memory_format=torch.channels_last)
h, w = Dim("h", min=8, max=256), Dim("w", min=8, max=256)
x = torch.randn(1, 8, 16, 20).to(memory_format=torch.channels_last)
ep = torch.export.export(m, (x,), dynamic_shapes={"x": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gn16.pt2")
x2 = torch.randn(1, 8, 24, 12).to(memory_format=torch.channels_last)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2), rtol=1e-4, atol=1e-4)
""", "GroupNorm in a channels_last block over dynamic image sizes fails or diverges in "
       "Inductor/AOTI.", "Use contiguous NCHW or static sizes; report upstream.",
       match=r"Error")


def case_21():
    return _c("case_21", "framing-any-length", "torch_bug", "export", """
class Frames(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hamming_window(400, periodic=False))
    def forward(self, wav):
        fr = wav.unfold(-1, 400, 160) * self.win
        return torch.fft.rfft(fr).abs().pow(2).mean(-1)
t = Dim("t", min=800, max=160000)
m = Frames()
x = torch.randn(1, 4000)
ep = torch.export.export(m, (x,), dynamic_shapes={"wav": {1: t}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fr16.pt2")
x2 = torch.randn(1, 5123)
y = torch._inductor.aoti_load_package(pkg)(x2)
torch.testing.assert_close(y, m(x2), rtol=1e-3, atol=1e-3)
""", "Framing audio with Tensor.unfold(400, 160) over a dynamic length makes export emit the "
       "guard 1 % n_frames != 0, which holds for every length in [800, 160000] (at least 3 "
       "frames), yet the solver reports it as a violated constraint: a symbolic-shapes defect.",
       "Pad audio to fixed-length buckets (static shapes) or frame outside the model; report "
       "the spurious guard upstream.", match=r"Constraints violated")


def case_22():
    return _c("case_22", "saturating-byte-output", "numerical", "run", """
class ToImage(nn.Module):
    def forward(self, x):
        return (x * 255).to(torch.uint8)
m = ToImage()
x = torch.linspace(-0.5, 1.5, 64).view(1, 1, 8, 8)
ep = torch.export.export(m, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/u816.pt2")
y = torch._inductor.aoti_load_package(pkg)(x)
ref = m(x)
assert torch.equal(y, ref), (y.flatten()[:8], ref.flatten()[:8], (y != ref).sum())
""", "The model output (values outside [0, 1]) is converted to uint8 without clamping; a "
       "float-to-uint8 cast of out-of-range values is undefined, and the compiled C++ cast "
       "gives different pixels than eager.",
       "Clamp before the cast: (x * 255).round().clamp(0, 255).to(torch.uint8).",
       match=r"AssertionError")


def case_23():
    return _c("case_23", "flat-color-standardise", "numerical", "run", """
class Std(nn.Module):
    def forward(self, img):
        m = img.mean((1, 2, 3), keepdim=True)
        s = img.std((1, 2, 3), keepdim=True)
        return (img - m) / s
ep = torch.export.export(Std(), (torch.rand(2, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sd16.pt2")
net = torch._inductor.aoti_load_package(pkg)
img = torch.full((2, 3, 16, 16), 0.5)   # a blank (single-colour) frame
y = net(img)
assert torch.isfinite(y).all(), "non-finite output"
""", "Per-image standardisation divides by the image's std without an epsilon; a blank "
       "single-colour frame has std 0, so the output is NaN.",
       "Add an epsilon: (img - m) / (s + 1e-6) or s.clamp_min(1e-6).",
       match=r"non-finite")


def case_24():
    return _c("case_24", "exported-while-training", "numerical", "run", """
torch.manual_seed(0)
net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
with torch.no_grad():
    for _ in range(20):
        net(torch.randn(16, 3, 16, 16) * 3 + 1)   # training steps update the running stats
ep = torch.export.export(net, (torch.randn(1, 3, 16, 16),))  # forgot net.eval()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bn16.pt2")
served = torch._inductor.aoti_load_package(pkg)
x = torch.randn(1, 3, 16, 16) * 3 + 1
torch.testing.assert_close(served(x), net.eval()(x), rtol=1e-3, atol=1e-3)
""", "The model was exported in training mode (net.eval() forgotten), so BatchNorm normalises "
       "each request with its own batch statistics instead of the running statistics.",
       "Call net.eval() before torch.export.export.",
       match=r"not close")


# ---- run (shared packages)
def case_25():
    return _c("case_25", "void-label-overlay", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pal16}")
mask = torch.randint(0, 21, (16, 16), dtype=torch.uint8)
mask[:2] = 255   # VOC marks object borders with the 'void' label 255
y = m(mask)
print(y.shape)
""", "The VOC ground-truth mask uses 255 for 'void' (object borders); the overlay looks up a "
       "21-entry palette with it, an index out of range.",
       "Map the void label to a valid entry first (mask[mask == 255] = 0, or add a 22nd palette "
       "row).", needs=("j",), match=r"out of bounds|index")


def case_26():
    return _c("case_26", "prenormalised-request", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm16}")
raw = torch.randint(0, 256, (1, 3, 16, 16), dtype=torch.uint8)
client = raw.float() / 255.0     # the new client already converts to float in [0, 1]
y = m(client)
ref = m(raw)
torch.testing.assert_close(y, ref, rtol=1e-3, atol=1e-3)
""", "The package takes uint8 images and normalises inside the graph, but the client sends "
       "float32 images already scaled to [0, 1]; the kernel reads the float bytes as uint8.",
       "Send uint8 images as exported (or export a float32 entry point); "
       "AOTI_RUNTIME_CHECK_INPUTS=1 reports the dtype mismatch.",
       needs=("j",), match=r"not close|Mismatch")


def case_27():
    return _c("case_27", "clip-layout", "input_mismatch", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{vid16}")
clip = torch.randn(1, 3, 4, 8, 8)          # the decoder hands over a contiguous NCDHW clip
y = m(clip)
ref = m(clip.to(memory_format=torch.channels_last_3d))
torch.testing.assert_close(y, ref)
""", "The video package was exported with a channels_last_3d example clip, but the decoder "
       "passes a contiguous NCDHW clip; the kernels index it with the compiled NDHWC strides.",
       "Convert the clip with .to(memory_format=torch.channels_last_3d) (or export with a "
       "contiguous example); AOTI_RUNTIME_CHECK_INPUTS=1 reports the strides.",
       needs=("j",), match=r"not close|Mismatch")


def case_28():
    return _c("case_28", "thumbnail-request", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{any16}")
thumb = torch.randn(1, 3, 8, 12)
y = m(thumb)
""", "The package accepts image sizes in [16, 16384] (Dim min=16), and a thumbnail of 8x12 is "
       "sent; with AOTI_RUNTIME_CHECK_INPUTS=1 the input check rejects the size.",
       "Upscale or pad thumbnails to at least 16 pixels, or export with a smaller min.",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"16|size|dim")


def case_29():
    return _c("case_29", "poster-scan", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{any16}")
y = m(torch.randn(1, 3, 32, 32))
img = torch.randn(1, 3, 12000, 12000)      # a scanned poster at full resolution
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 ** 30, vm + 2 ** 30))
y = m(img)
""", "A 12000x12000 image is within the Dim range, but the package's intermediate buffers for "
       "it need gigabytes (the first one alone 1.7 GB) and the process may grow by only 1 GiB "
       "more (RLIMIT_AS).",
       "Tile or downscale very large images, lower the Dim max, or give the process more memory.",
       needs=("j",), match=r"MemoryError|Cannot allocate|can't allocate|out of memory|bad_alloc")


def case_30():
    return _c("case_30", "larger-photo-static", "dynamic_shape_guard", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{cls16}")
class Cls32(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.fc = nn.Linear(8, 5)
    def forward(self, img):
        h = torch.relu(self.conv(img))
        return self.fc(h.mean((2, 3)))
torch.manual_seed(0)
ref_model = Cls32().eval()   # same seed as the build: same weights
img = torch.randn(1, 3, 48, 48)
torch.testing.assert_close(m(img), ref_model(img), rtol=1e-3, atol=1e-3)
""", "The classifier was exported without dynamic_shapes for 32x32 images; a 48x48 photo is "
       "passed and the static kernels read only part of it with the wrong row stride.",
       "Resize requests to 32x32, or export with Dims for height and width; "
       "AOTI_RUNTIME_CHECK_INPUTS=1 reports the size.",
       needs=("j",), match=r"not close|Mismatch")


def case_31():
    return _c("case_31", "filterbank-transposed-view", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{mel16}")
print(m.get_constant_fqns())
wav = torch.randn(1, 4000)
before = m(wav)
fb_mels_first = torch.rand(40, 129)        # a filterbank library returns (n_mels, n_freq)
new_fb = fb_mels_first.t()                  # a (129, 40) VIEW, not contiguous
m.load_constants({"fb": new_fb}, check_full_update=False, user_managed=True)
after = m(wav)
win = torch.hann_window(256)
s = torch.stft(wav, 256, 128, window=win, return_complex=True).abs() ** 2
ref = torch.log(s.transpose(-1, -2) @ new_fb + 1e-6)
torch.testing.assert_close(after, ref, rtol=1e-3, atol=1e-3)
""", "A new mel filterbank is loaded with load_constants(user_managed=True) as a transposed "
       "(non-contiguous) view; the package uses the tensor's storage as is, with the compiled "
       "contiguous layout, so the mel features are silently wrong.",
       "Pass new_fb.contiguous() (a tensor with the compiled shape and strides) to "
       "load_constants, especially with user_managed=True.",
       needs=("j",), match=r"not close|Mismatch")


def case_32():
    return _c("case_32", "background-class-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{box16}")
boxes = torch.rand(6, 4)
labels = torch.tensor([3, 80, 12, 80, 7, 0])   # the detector emits 80 for 'background'
y = m(boxes, labels)
print(y.shape)
""", "The detector's labels use id 80 (== num_classes) for background boxes, and the package "
       "looks them up in an 80-row class embedding.",
       "Drop background boxes (labels < 80) before the lookup, or size the table num_classes + 1.",
       needs=("j",), match=r"out of bounds|index")


def case_33():
    return _c("case_33", "legacy-image-list", "input_mismatch", "run", """
m = torch._export.aot_load("{so16}", "cpu")
imgs = [torch.randn(3, 16, 16), torch.randn(3, 16, 16)]   # torchvision-style list of images
y = m(imgs)
""", "The legacy .so was compiled for one batched (B, 3, H, W) tensor, but the caller passes a "
       "Python list of per-image (3, H, W) tensors, as detection models in torchvision take.",
       "Stack the images into one batch (torch.stack(imgs)) before calling the model.",
       api="legacy", needs=("j",), match=r"input|size|expected|argument")


def case_35():
    return _c("case_35", "depthwise-weights-refresh", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{any16}")
names = m.get_constant_fqns()
print(names)
full = nn.Conv2d(8, 8, 3, padding=1)   # the retrained block uses a full (non-grouped) conv
m.load_constants({"dw.weight": full.weight.detach(), "conv.weight": torch.randn(8, 3, 3, 3)},
                 check_full_update=True)
y = m(torch.randn(1, 3, 16, 16))
""", "The refreshed checkpoint comes from a variant where the depthwise conv became a full "
       "conv, so its dw.weight is (8, 8, 3, 3) instead of the compiled (8, 1, 3, 3).",
       "Re-export and recompile when the architecture changes; load_constants only swaps "
       "weights of identical shape.", needs=("j",), expect="crash")


def case_36():
    return _c("case_36", "auto-range-detect", "export_failure", "export", """
class Prep(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
    def forward(self, img):
        if img.max() > 1.0:        # accept both 0-255 and 0-1 images
            img = img / 255.0
        return self.conv(img)
ep = torch.export.export(Prep().eval(), (torch.rand(1, 3, 16, 16) * 255,))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward guesses the pixel range with `if img.max() > 1.0` to accept both 0-255 and 0-1 "
       "images; a Python branch on a tensor value cannot be traced by export.",
       "Fix the input contract (always 0-255 or always 0-1), or use torch.where(img.max() > 1, "
       "img / 255, img) / torch.cond.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent")


def case_37():
    return _c("case_37", "grey-scan", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{any16}")
grey = torch.randn(1, 1, 32, 32)   # a greyscale scan, never converted to RGB
y = m(grey)
""", "A single-channel greyscale image is sent to a package compiled for 3-channel RGB input; "
       "with AOTI_RUNTIME_CHECK_INPUTS=1 the input check rejects the channel size.",
       "Convert to RGB (grey.expand(-1, 3, -1, -1)) before calling the model.",
       needs=("j",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"3|size|dim")


def case_38():
    return _c("case_38", "byte-bilinear-resize", "numerical", "run", """
class Resize(nn.Module):
    def forward(self, img):
        return F.interpolate(img, size=(24, 24), mode="bilinear", align_corners=False, antialias=False)
m = Resize()
img = torch.randint(0, 256, (1, 3, 37, 41), dtype=torch.uint8)
ep = torch.export.export(m, (img,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rz16.pt2")
y = torch._inductor.aoti_load_package(pkg)(img)
ref = m(img)
assert torch.equal(y, ref), ((y.int() - ref.int()).abs().max(), (y != ref).sum())
""", "Bilinear resizing of uint8 images: eager uses a fixed-point uint8 kernel with its own "
       "rounding, the compiled kernel computes in float and truncates, so pixels differ.",
       "Resize in float (img.float()) and round explicitly, or compare with a tolerance of 1.",
       match=r"AssertionError")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_15, case_16, case_18, case_23, case_24, case_25, case_26, case_27,
         case_28, case_29, case_30, case_32, case_33, case_35, case_36, case_37, case_38]
# Failed in a trial run but dropped before the recorded run (kept for reference, not run):
# case_21 (Tensor.unfold framing over a dynamic audio length: export reports the always-true
# guard 1 % n_frames != 0 as violated; the same defect of export's shape reasoning as
# live_blind8's case_23 (topk k = t // 2) and its dropped case_33 (stft over a dynamic length),
# reached by a too similar user action (framing variable-length audio) to count as new).
DROPPED = [case_21]
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_12 (rfft2 * complex64 filter buffer -> irfft2),
# case_13 (stft -> gated complex spectrum -> istft), case_14 (F.unfold over dynamic H/W),
# case_17 (circular padding over dynamic H/W), case_19 (nearest-exact x0.5 over dynamic H/W),
# case_20 (GroupNorm in a channels_last block over dynamic H/W): compiled, loaded, matched
# eager; case_22 ((x * 255).to(torch.uint8) without clamping: the compiled cast gave the same
# bytes as eager); case_31 (a transposed-view filterbank through load_constants with
# user_managed=True: the outputs matched the reference).
TRIED = [case_12, case_13, case_14, case_17, case_19, case_20, case_22, case_31]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind16.jsonl",
        url_file="benchmarks/live_blind16.py", id_prefix="live16", stems=STEMS,
        scratch_prefix="live_blind16-", description=__doc__.splitlines()[0]))
