"""A thirty-fourth blind set of REAL AOTInductor failures (image and video pipelines, no torchvision), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (P and Q), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind34.py [--out benchmarks/live_blind34.jsonl] [--keep]

Theme: image and video pipelines written in torch (no torchvision): uint8 images, HWC vs CHW,
normalisation constants as buffers, colour look-up tables, resize / crop / pad, grayscale vs
RGB, 5-D video clips with frames as a dynamic axis, two-stream (RGB + optical flow) clips,
grid_sample / pixel_shuffle, NumPy arrays turned into inputs and outputs turned back into
images, and the export / compile / load / run of such models. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind33.py
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
BUILD = harness.BUILD

SETUP_P = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Normalized(torch.nn.Module):
    # ImageNet normalisation as buffers, then a small conv stem (float NCHW input)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.stem = torch.nn.Conv2d(3, 8, 3, padding=1)
    def forward(self, x):
        return torch.relu(self.stem((x - self.mean) / self.std))

class FromHWC(torch.nn.Module):
    # takes a decoded uint8 HWC image as it comes from an image decoder
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3, padding=1)
    def forward(self, img):
        x = img.permute(2, 0, 1).unsqueeze(0).float() / 255.0
        return self.stem(x).mean((2, 3))

class Gamma(torch.nn.Module):
    # 8-bit colour look-up table (gamma 2.2) applied to a uint8 image
    def __init__(self):
        super().__init__()
        self.register_buffer("lut", (torch.arange(256) / 255.0) ** (1 / 2.2))
    def forward(self, img):
        return self.lut[img.long()] * 2 - 1

class Upscale(torch.nn.Module):
    # x2 super-resolution head: pixel_shuffle, then back to a uint8 image
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 12, 3, padding=1)
    def forward(self, x):
        y = torch.nn.functional.pixel_shuffle(self.conv(x), 2)
        return (y.clamp(0, 1) * 255).round().to(torch.uint8)

class Brightness(torch.nn.Module):
    # exposure statistic of a half-precision frame
    def forward(self, x):
        return x.sum() / x.numel()

build("norm34", Normalized(), (torch.rand(1, 3, 32, 32),))
build("hwc34", FromHWC(), (torch.randint(0, 256, (32, 32, 3), dtype=torch.uint8),))
build("lut34", Gamma(), (torch.randint(0, 256, (16, 16, 3), dtype=torch.uint8),))
build("shuf34", Upscale(), (torch.rand(1, 3, 16, 16),))
build("bright34", Brightness(), (torch.rand(1, 3, 256, 256, dtype=torch.float16),))
with open(os.path.join(out, "setup_p.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_Q = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Clip(torch.nn.Module):
    # video clip (B, C, T, H, W): average over the frames, then a 2-D conv
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
    def forward(self, clip):
        return self.conv(clip.mean(2)).mean((2, 3))

class AnySize(torch.nn.Module):
    # fully convolutional: any image height and width
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
    def forward(self, x):
        return torch.sigmoid(self.conv(x))

class TwoStream(torch.nn.Module):
    # RGB frames (T) and optical flow between consecutive frames (T - 1)
    def forward(self, rgb, flow):
        return rgb[:, :, 1:].mean((1, 3, 4)) + flow.abs().mean((1, 3, 4))

frames = Dim("frames", min=2, max=16)
build("vid34", Clip(), (torch.rand(1, 3, 8, 16, 16),), dynamic_shapes=({2: frames},))
h, w = Dim("h", min=16, max=8192), Dim("w", min=16, max=8192)
build("dimg34", AnySize(), (torch.rand(1, 3, 64, 48),), dynamic_shapes=({2: h, 3: w},))
t = Dim("t", min=3, max=32)
build("flow34", TwoStream(), (torch.rand(1, 3, 8, 16, 16), torch.rand(1, 2, 7, 16, 16)),
      dynamic_shapes=({2: t}, {2: t - 1}))
with open(os.path.join(out, "setup_q.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"norm34", "hwc34", "lut34", "shuf34", "bright34", "vid34", "dimg34", "flow34",
         "trilin34", "warp34", "pshuf34", "bicub34"}

PRE = "import torch\nimport torch.nn.functional as F\nfrom torch.export import Dim\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ----------------------------------------------------------------------------------- export
def case_01():
    return _c("case_01", "center-crop-any-size", "dynamic_shape_guard", "export", """
class CenterCrop(torch.nn.Module):
    def forward(self, x):
        h, w = x.shape[2], x.shape[3]
        top, left = (h - 224) // 2, (w - 224) // 2
        return x[:, :, top:top + 224, left:left + 224].mean((2, 3))
h, w = Dim("h", min=16, max=2048), Dim("w", min=16, max=2048)
ep = torch.export.export(CenterCrop(), (torch.rand(1, 3, 256, 320),),
                         dynamic_shapes=({2: h, 3: w},))
""", "A 224x224 centre crop needs H and W >= 224, but the Dims allow sizes down to 16; export "
       "finds the crop only valid on part of the declared range.",
       "Declare Dim(min=224) for H and W (or resize up before the crop).",
       match=r"Constraints violated|specializ|[Gg]uard|Expected|range")


def case_02():
    return _c("case_02", "reflect-pad-tiny-images", "dynamic_shape_guard", "export", """
class PadForStride(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3)
    def forward(self, x):
        return self.conv(F.pad(x, (8, 8, 8, 8), mode="reflect"))
h, w = Dim("h", min=2, max=1024), Dim("w", min=2, max=1024)
ep = torch.export.export(PadForStride(), (torch.rand(1, 3, 64, 64),),
                         dynamic_shapes=({2: h, 3: w},))
""", "Reflection padding of 8 needs each padded side > 8 pixels, but the Dims allow images "
       "down to 2x2; export reports the guard the pad adds on H and W.",
       "Declare Dim(min=9) (or use replicate/zero padding for tiny images).",
       match=r"Constraints violated|[Gg]uard|range|Expected")


def case_03():
    return _c("case_03", "temporal-conv-one-frame", "dynamic_shape_guard", "export", """
class Temporal(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv3d(3, 8, (3, 3, 3))
    def forward(self, clip):
        return self.conv(clip).mean((2, 3, 4))
frames = Dim("frames", min=1, max=64)
ep = torch.export.export(Temporal(), (torch.rand(1, 3, 8, 16, 16),),
                         dynamic_shapes=({2: frames},))
""", "An unpadded temporal Conv3d with kernel 3 needs at least 3 frames, but the frames Dim "
       "allows 1; export reports the conv's guard on the frame count.",
       "Declare Dim('frames', min=3) (or pad the clip in time).",
       match=r"Constraints violated|[Gg]uard|range|Expected|frames")


def case_04():
    return _c("case_04", "stacked-frames-any-count", "dynamic_shape_guard", "export", """
class EarlyFusion(torch.nn.Module):
    # stack the frames into the channel axis for a 2-D stem trained on 8-frame clips
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3 * 8, 16, 3, padding=1)
    def forward(self, clip):
        b, c, t, h, w = clip.shape
        return self.stem(clip.reshape(b, c * t, h, w)).mean((2, 3))
frames = Dim("frames", min=2, max=32)
ep = torch.export.export(EarlyFusion(), (torch.rand(1, 3, 8, 16, 16),),
                         dynamic_shapes=({2: frames},))
""", "Stacking the frames into channels for a stem with 24 input channels fixes the frame "
       "count at 8; export reports that the dynamic frames Dim was specialised to a constant.",
       "Keep the frames static (8) or pool/sample the clip to 8 frames before the stem.",
       match=r"Constraints violated|specializ|frames")


def case_05():
    return _c("case_05", "per-frame-python-loop", "dynamic_shape_guard", "export", """
class PerFrame(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
    def forward(self, clip):
        outs = [self.conv(f) for f in clip.unbind(2)]  # one 2-D pass per frame
        return torch.stack(outs, 2).amax(2)
frames = Dim("frames", min=2, max=32)
ep = torch.export.export(PerFrame(), (torch.rand(1, 3, 6, 16, 16),),
                         dynamic_shapes=({2: frames},))
""", "A Python loop over clip.unbind(2) needs the concrete number of frames, so tracing "
       "specialises the dynamic frames Dim to the example's 6.",
       "Fold the frames into the batch (clip.transpose(1, 2).flatten(0, 1)) and run the conv "
       "once, or keep the frame count static.",
       match=r"Constraints violated|specializ|frames")


def case_06():
    return _c("case_06", "stats-on-gpu", "device_mismatch", "export", """
class Preprocess(torch.nn.Module):
    def forward(self, img):
        mean = torch.tensor([0.485, 0.456, 0.406], device="cuda").view(1, 3, 1, 1)
        std = torch.tensor([0.229, 0.224, 0.225], device="cuda").view(1, 3, 1, 1)
        return (img.to(mean.device) - mean) / std
ep = torch.export.export(Preprocess(), (torch.rand(1, 3, 32, 32),))
""", "The preprocessing creates its normalisation constants on device='cuda' (copied from a GPU "
       "training script) while exporting on a CPU-only machine.",
       "Register the constants as buffers (or create them on img.device) so they follow the "
       "exported device.",
       match=r"CUDA|cuda")


def case_07():
    return _c("case_07", "return-numpy-image", "export_failure", "export", """
class ToImage(torch.nn.Module):
    def forward(self, x):
        img = (x[0].permute(1, 2, 0).clamp(0, 1) * 255).to(torch.uint8)
        return img.numpy()  # ready for PIL.Image.fromarray
ep = torch.export.export(ToImage(), (torch.rand(1, 3, 16, 16),))
""", "forward converts its output to a NumPy array for the image writer; export traces with fake "
       "tensors that have no data, so .numpy() cannot be traced.",
       "Return the uint8 tensor and call .numpy() outside the exported model.",
       match=r"numpy|FakeTensor|data|Unsupported")


def case_08():
    return _c("case_08", "quantized-frames", "unsupported", "export", """
class QuantFrames(torch.nn.Module):
    def forward(self, x):
        q = torch.quantize_per_tensor(x, 1 / 255, 0, torch.quint8)  # store frames as 8-bit
        return q.dequantize() * 2
ep = torch.export.export(QuantFrames(), (torch.rand(1, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/quint34.pt2")
""", "The frames are stored as a quantized quint8 tensor inside the model; quantized tensor "
       "types are not supported by export/AOTInductor.",
       "Keep frames as plain uint8 (x.mul(255).round().to(torch.uint8)) and scale explicitly.",
       match=r"quant|Quant|quint8")


# ---------------------------------------------------------------------------------- compile
def case_09():
    return _c("case_09", "trilinear-any-frames", "torch_bug", "compile", """
class Interp(torch.nn.Module):
    def forward(self, clip):
        return F.interpolate(clip, scale_factor=(2, 1, 1), mode="trilinear", align_corners=False)
frames = Dim("frames", min=2, max=32)
ep = torch.export.export(Interp(), (torch.rand(1, 3, 8, 16, 16),), dynamic_shapes=({2: frames},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/trilin34.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.rand(1, 3, 5, 16, 16)
torch.testing.assert_close(m(x), Interp()(x))
""", "Temporal frame interpolation (trilinear, x2 in time) over a dynamic frame count; expected "
       "to fail inside Inductor.",
       "Use a static frame count.", match=r"Error")


def case_10():
    return _c("case_10", "volume-warp", "torch_bug", "compile", """
class Warp3d(torch.nn.Module):
    def forward(self, vol, theta):
        grid = F.affine_grid(theta, list(vol.shape), align_corners=False)
        return F.grid_sample(vol, grid, align_corners=False)
theta = torch.eye(3, 4).unsqueeze(0)
ep = torch.export.export(Warp3d(), (torch.rand(1, 1, 8, 16, 16), theta))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/warp34.pt2")
m = torch._inductor.aoti_load_package(pkg)
v = torch.rand(1, 1, 8, 16, 16)
torch.testing.assert_close(m(v, theta), Warp3d()(v, theta))
""", "5-D (volumetric) affine_grid + grid_sample; expected to fail in Inductor.",
       "Fall back to eager.", match=r"Error")


def case_11():
    return _c("case_11", "pixel-shuffle-any-size", "torch_bug", "compile", """
class Up(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 12, 3, padding=1)
    def forward(self, x):
        return F.pixel_shuffle(self.conv(x), 2)
h, w = Dim("h", min=8, max=512), Dim("w", min=8, max=512)
ep = torch.export.export(Up(), (torch.rand(1, 3, 16, 24),), dynamic_shapes=({2: h, 3: w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pshuf34.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.rand(1, 3, 20, 12)
""", "pixel_shuffle over dynamic H and W; expected to fail in Inductor.",
       "Use static sizes.", match=r"Error")


def case_12():
    return _c("case_12", "bicubic-antialias-thumbnail", "torch_bug", "compile", """
class Thumb(torch.nn.Module):
    def forward(self, x):
        return F.interpolate(x, size=(32, 32), mode="bicubic", antialias=True, align_corners=False)
ep = torch.export.export(Thumb(), (torch.rand(1, 3, 128, 96),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bicub34.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.rand(1, 3, 128, 96)
torch.testing.assert_close(m(x), Thumb()(x))
""", "Static bicubic antialiased thumbnail resize; expected to fail in Inductor.",
       "Use bilinear.", match=r"Error")


# -------------------------------------------------------------------------------------- run
def case_13():
    return _c("case_13", "chw-into-hwc-model", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hwc34}")
img = torch.randint(0, 256, (32, 32, 3), dtype=torch.uint8)
x = img.permute(2, 0, 1).contiguous()  # the pipeline's usual ToTensor-style CHW step
y = m(x)
""", "The package takes the decoder's HWC uint8 image (32, 32, 3) and permutes it itself; the "
       "pipeline already converted to CHW (3, 32, 32), which the input check rejects.",
       "Pass the HWC image as decoded (or export the model for CHW input).",
       needs=("p",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dim value|expected size|size")


def case_14():
    return _c("case_14", "float-array-decoded", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{hwc34}")
arr = np.random.randint(0, 256, (32, 32, 3)).astype(np.float32)  # decoded with dtype=float32
y = m(torch.from_numpy(arr))
""", "The image array was decoded as float32 but the package was compiled for a uint8 HWC "
       "image; the input check rejects the dtype.",
       "Keep the decoded array as uint8 (np.asarray(img, dtype=np.uint8)).",
       needs=("p",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dtype")


def case_15():
    return _c("case_15", "grayscale-scan", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm34}")
scan = torch.rand(32, 32)             # a single-channel (L mode) image
y = m(scan[None, None])               # batched as (1, 1, 32, 32)
""", "A grayscale image (1 channel) is given to a package compiled for 3-channel RGB input; the "
       "normalisation buffers and the conv stem expect 3 channels.",
       "Repeat the channel (x.expand(-1, 3, -1, -1)) or convert the image to RGB first.",
       needs=("p",), match=r"channels|size|shape")


def case_16():
    return _c("case_16", "uint8-tensor-no-scale", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm34}")
img = torch.randint(0, 256, (32, 32, 3), dtype=torch.uint8)
x = img.permute(2, 0, 1).unsqueeze(0).contiguous()  # forgot .float() / 255
y = m(x)
""", "The uint8 CHW image is passed without converting to float in [0, 1]; the package was "
       "compiled for float32 and the input check rejects the dtype.",
       "Convert with x.float() / 255 before calling the model.",
       needs=("p",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dtype")


def case_17():
    return _c("case_17", "dataset-batch-of-four", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm34}")
batch = torch.stack([torch.rand(3, 32, 32) for _ in range(4)])  # a DataLoader batch
y = m(batch)
""", "A batch of 4 images is given to a package exported with a single example image (static "
       "batch 1); the input check rejects the batch size.",
       "Export with a dynamic batch Dim (or call the model per image).",
       needs=("p",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dim value|expected size|size")


def case_18():
    return _c("case_18", "sixteen-bit-png", "index_out_of_bounds", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{lut34}")
png16 = np.random.randint(0, 65536, (16, 16, 3)).astype(np.int32)  # a 16-bit PNG
img = torch.from_numpy(png16).to(torch.uint8 if png16.max() < 256 else torch.int32)
y = m(img)
assert ((y >= -1) & (y <= 1)).all(), "gamma output outside [-1, 1]"
""", "A 16-bit PNG (values up to 65535) is fed to the 256-entry gamma look-up table; the "
       "compiled gather reads past the table (no bounds check in the package), so the output "
       "holds values that are not on the gamma curve.",
       "Scale 16-bit images to 8 bits (img >> 8) before the 8-bit LUT, or use a 65536-entry LUT.",
       needs=("p",), match=r"index out of bounds|out of bounds|AssertionError")


def case_19():
    return _c("case_19", "long-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{vid34}")
clip = torch.rand(1, 3, 32, 16, 16)  # a 32-frame clip from the decoder
y = m(clip)
""", "The clip has 32 frames but the package's frames Dim allows at most 16; the input check "
       "rejects the frame count.",
       "Sample/split the clip into windows of at most 16 frames, or export with a larger max.",
       needs=("q",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large|<= 16")


def case_20():
    return _c("case_20", "still-image-as-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{vid34}")
photo = torch.rand(1, 3, 16, 16)
y = m(photo.unsqueeze(2))  # a still photo as a one-frame clip
""", "A still photo is sent as a one-frame clip; the frames Dim was declared with min=2 and the "
       "input check rejects 1 frame.",
       "Repeat the frame (photo.unsqueeze(2).expand(-1, -1, 2, -1, -1)) or export with min=1.",
       needs=("q",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too small|>= 2")


def case_21():
    return _c("case_21", "flow-same-length", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{flow34}")
rgb = torch.rand(1, 3, 8, 16, 16)
flow = torch.rand(1, 2, 8, 16, 16)  # flow padded to the same number of frames
y = m(rgb, flow)
""", "The package relates the flow length to the RGB length (t - 1); the caller padded the "
       "flow to t frames, which the input check rejects.",
       "Pass t - 1 flow fields (drop the padding frame).",
       needs=("q",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"expected|dim value|size")


def case_22():
    return _c("case_22", "full-res-photo", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{dimg34}")
m(torch.rand(1, 3, 64, 64))
photo = torch.rand(1, 3, 4096, 4096)  # a 16-megapixel photo, 200 MB as float32
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))
y = m(photo)
""", "The fully convolutional package is run on a 4096x4096 photo under a 256 MiB address-space "
       "headroom; its 8-channel activation (537 MB) cannot be allocated.",
       "Downscale or tile the photo, or give the process more memory.",
       needs=("q",), match=r"allocate|memory|Memory|bad_alloc")


def case_23():
    return _c("case_23", "fp16-exposure", "numerical", "run", """
m = torch._inductor.aoti_load_package("{bright34}")
frame = torch.rand(1, 3, 256, 256).half()
b = m(frame)
assert torch.isfinite(b).all(), f"exposure is {b}"
""", "The exposure statistic sums 196,608 half-precision pixels (total ~98,000) in float16, "
       "whose maximum is 65,504, so the sum overflows to inf and the mean is inf.",
       "Use x.float().mean() (or x.mean(), which accumulates in float32).",
       needs=("p",), match=r"AssertionError")


def case_24():
    return _c("case_24", "legacy-loader-on-package", "deprecated_api", "load", """
runner = torch._export.aot_load("{norm34}", "cpu")  # the loader from an older tutorial
y = runner(torch.rand(1, 3, 32, 32))
""", "The old torch._export.aot_load expects a compiled .so from torch._export.aot_compile, but "
       "is given a .pt2 package from aoti_compile_and_package.",
       "Load packages with torch._inductor.aoti_load_package.",
       needs=("p",), match=r"Error|error")


def case_25():
    return _c("case_25", "rgba-screenshot", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{shuf34}")
shot = torch.rand(16, 16, 4)              # a PNG screenshot with an alpha channel
y = m(shot.permute(2, 0, 1)[None].contiguous())
""", "An RGBA screenshot (4 channels) is upscaled by a package whose conv expects 3-channel "
       "RGB input.",
       "Drop the alpha channel (x[..., :3]) or composite it onto a background first.",
       needs=("p",), match=r"channels|size|shape")


def case_26():
    return _c("case_26", "portrait-over-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dimg34}")
pano = torch.rand(1, 3, 64, 9000)   # a panorama wider than the declared max
y = m(pano)
""", "A 9000-pixel-wide panorama exceeds the width Dim's max (8192); the input check rejects it.",
       "Resize or tile panoramas to at most 8192 pixels, or export with a larger max.",
       needs=("q",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large|<= 8192")


def case_27():
    return _c("case_27", "pos-embed-any-size", "dynamic_shape_guard", "export", """
class Backbone(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 4, stride=4)
        self.pos = torch.nn.Parameter(torch.zeros(1, 8, 8, 8))  # learned for 32x32 inputs
    def forward(self, x):
        return (self.stem(x) + self.pos).flatten(2).mean(2)
h, w = Dim("h", min=32, max=1024), Dim("w", min=32, max=1024)
ep = torch.export.export(Backbone(), (torch.rand(1, 3, 32, 32),), dynamic_shapes=({2: h, 3: w},))
""", "A learned positional embedding for an 8x8 feature grid is added to the stem output, which "
       "fixes the input at 32x32; export reports that the dynamic H and W were specialised.",
       "Interpolate the positional embedding to the feature size, or keep H and W static.",
       match=r"Constraints violated|specializ")


def case_28():
    return _c("case_28", "stereo-separate-dims", "dynamic_shape_guard", "export", """
class Stereo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(6, 8, 3, padding=1)
    def forward(self, left, right):
        return self.conv(torch.cat([left, right], 1)).mean((2, 3))
spec = ({2: Dim("lh", min=16, max=1024), 3: Dim("lw", min=16, max=1024)},
        {2: Dim("rh", min=16, max=1024), 3: Dim("rw", min=16, max=1024)})
ep = torch.export.export(Stereo(), (torch.rand(1, 3, 64, 96), torch.rand(1, 3, 64, 96)),
                         dynamic_shapes=spec)
""", "The left and right images get their own Dims, but concatenating them along channels "
       "requires equal H and W; export reports that the Dims must be equal.",
       "Use one Dim object for both images' H (and one for W).",
       match=r"Constraints violated|equal|==")


def case_29():
    return _c("case_29", "draw-boxes-tolist", "export_failure", "export", """
class Overlay(torch.nn.Module):
    def forward(self, img, boxes):
        out = img.clone()
        for x0, y0, x1, y1 in boxes.long().tolist():   # draw each detection's left edge
            out[:, y0:y1, x0] = 1.0
        return out
ep = torch.export.export(Overlay(), (torch.rand(3, 64, 64), torch.tensor([[4., 4., 20., 30.]])))
""", "Drawing the detections uses boxes.tolist(), which needs the box coordinates as Python "
       "numbers; export traces with fake tensors and cannot produce data-dependent values.",
       "Draw the boxes outside the exported model, or build the overlay with tensor masks.",
       match=r"data-dependent|data dependent|tolist|Unsupported|SymInt")


def case_30():
    return _c("case_30", "ten-bit-lut-refresh", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{lut34}")
lut10 = (torch.arange(1024) / 1023.0) ** (1 / 2.4)   # the sRGB curve, for 10-bit cameras
m.load_constants({"lut": lut10}, check_full_update=False)
y = m(torch.randint(0, 256, (16, 16, 3), dtype=torch.uint8))
""", "A 1024-entry look-up table for 10-bit cameras is loaded into a package compiled with a "
       "256-entry LUT constant; load_constants does not check the size, and the copy into the "
       "smaller constant buffer crashes the process.",
       "Re-export the model with the 1024-entry LUT (constant shapes are fixed at compile time).",
       needs=("p",), expect="crash", match=r"Segmentation fault|Aborted|size|shape")


def case_31():
    return _c("case_31", "random-crop-offset", "export_failure", "export", """
class RandomCrop(torch.nn.Module):
    def forward(self, x):
        top = int(torch.randint(0, x.shape[2] - 24 + 1, ()))
        left = int(torch.randint(0, x.shape[3] - 24 + 1, ()))
        return x[:, :, top:top + 24, left:left + 24]
ep = torch.export.export(RandomCrop(), (torch.rand(1, 3, 64, 64),))
""", "The training-time random crop draws its offsets with torch.randint and int(); export "
       "cannot turn a traced random tensor into a Python int.",
       "Use a deterministic centre crop in the exported model (augment outside it).",
       match=r"data-dependent|data dependent|Unsupported|item")


def case_32():
    return _c("case_32", "letterbox-canvas-gpu", "device_mismatch", "compile", """
class Letterbox(torch.nn.Module):
    def forward(self, img):
        canvas = torch.full((1, 3, 64, 64), 0.5, device="cuda")  # grey canvas, from the GPU script
        canvas[:, :, 16:48, :] = img.to(canvas.device)
        return canvas
ep = torch.export.export(Letterbox(), (torch.rand(1, 3, 32, 64),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/letterbox34.pt2")
""", "The letterbox canvas is created with device='cuda' (copied from a GPU script); export "
       "records a CUDA tensor, and compiling/packaging on a CPU-only build fails.",
       "Create the canvas on img.device (torch.full_like / new_full).",
       match=r"CUDA|cuda")


def case_33():
    return _c("case_33", "gpu-inference-habit", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm34}")
img = torch.rand(1, 3, 32, 32)
y = m(img.cuda(non_blocking=True))  # the GPU serving script's transfer step
""", "The serving code moves each image to the GPU before the model, but this build and the "
       "package are CPU-only.",
       "Keep the image on the CPU (the package's device), or build a CUDA package on a GPU host.",
       needs=("p",), match=r"CUDA|cuda")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_08, case_13, case_14, case_16,
         case_17, case_19, case_20, case_21, case_22, case_23, case_24, case_26, case_27,
         case_28, case_29, case_30, case_31, case_32, case_33]
# Nothing was dropped after a trial. Fixed after the trial run: case_08 (its match regex did not
# cover the text "KeyError: torch.quint8" from AOTI's serialiser; widened), case_13 and case_17
# (the size check says "unmatched dim value"; match widened), case_29 (export fails with
# "IndexError: ... (got SymInt)" when the tolist() coordinates index the image; match widened),
# case_30 (the oversized LUT kills the process by a signal: expect="crash").
DROPPED = []
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_06 (normalisation constants created with
# device="cuda" inside forward: export alone succeeded on the CPU-only build; compiling such a
# program is case_32), case_09 (trilinear x2 frame interpolation over a dynamic frame count),
# case_10 (5-D affine_grid + grid_sample), case_11 (pixel_shuffle over dynamic H/W), case_12
# (static bicubic antialiased thumbnail): compiled, loaded and (09, 10, 12) matched eager;
# case_15 (a (1, 1, 32, 32) grayscale image into the 3-channel normalising package: the
# (x - mean) / std broadcast turns it into 3 channels, no error), case_18 (16-bit PNG values
# up to 65535 into the 256-entry gamma LUT: no bounds check fired and every output stayed in
# [-1, 1]), case_25 (an RGBA image into the 3-channel pixel_shuffle package: ran without error).
TRIED = [case_06, case_09, case_10, case_11, case_12, case_15, case_18, case_25]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("p", SETUP_P), ("q", SETUP_Q)),
        default_out=ROOT / "benchmarks" / "live_blind34.jsonl",
        url_file="benchmarks/live_blind34.py", id_prefix="live34", stems=STEMS,
        scratch_prefix="live_blind34-", description=__doc__.splitlines()[0]))
