"""A fifty-seventh blind set of REAL AOTInductor failures (super-resolution and image restoration), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind57.py [--out benchmarks/live_blind57.jsonl] [--keep]

Theme: super-resolution and image restoration (pixel-shuffle upsamplers, residual blocks, tiled
inference with overlapping tiles and odd image sizes, reflect padding, scale factors x2/x4
chosen per request, denoising with a noise-level map input, uint8/float and 0-1 vs 0-255 ranges,
half-precision requests, checkpoints of another scale loaded into the package), exported,
compiled, loaded and run as a deployment engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind56.py (their TRIED
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
NETS = """
import math
import torch.nn.functional as F
from torch import nn
class ResBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
    def forward(self, x):
        return x + 0.1 * self.conv2(torch.relu(self.conv1(x)))

class SRNet(nn.Module):
    # EDSR-like: head conv, residual blocks, log2(scale) x (conv + PixelShuffle(2)), tail conv,
    # plus the nearest-upsampled input; output clamped to the 0-1 image range
    def __init__(self, scale=2, c=16):
        super().__init__()
        self.scale = scale
        self.head = nn.Conv2d(3, c, 3, padding=1)
        self.body = nn.Sequential(ResBlock(c), ResBlock(c))
        ups = []
        for _ in range(int(math.log2(scale))):
            ups += [nn.Conv2d(c, 4 * c, 3, padding=1), nn.PixelShuffle(2)]
        self.upsampler = nn.Sequential(*ups)
        self.tail = nn.Conv2d(c, 3, 3, padding=1)
    def forward(self, x):
        f = self.head(x)
        f = f + self.body(f)
        y = self.tail(self.upsampler(f))
        return (y + F.interpolate(x, scale_factor=self.scale, mode="nearest")).clamp(0, 1)

class Denoiser(nn.Module):
    # FFDNet-like: the noisy image and a per-pixel noise-level map (sigma in 0-1 units) in,
    # residual noise estimate scaled by sigma out
    def __init__(self, c=16):
        super().__init__()
        self.inp = nn.Conv2d(4, c, 3, padding=1)
        self.body = ResBlock(c)
        self.out = nn.Conv2d(c, 3, 3, padding=1)
    def forward(self, x, sigma_map):
        f = torch.relu(self.inp(torch.cat([x, sigma_map], 1)))
        return x - sigma_map * torch.tanh(self.out(self.body(f)))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + NETS + BUILD + """
class ScaleAwareSR(nn.Module):
    # one network for x2 and x4 requests: a learned embedding of the scale index (0: x2, 1: x4)
    # conditions the features; this toy keeps a single x2 upsampler
    def __init__(self, c=16):
        super().__init__()
        self.head = nn.Conv2d(3, c, 3, padding=1)
        self.scale_emb = nn.Embedding(2, c)
        self.up = nn.Sequential(nn.Conv2d(c, 4 * c, 3, padding=1), nn.PixelShuffle(2))
        self.tail = nn.Conv2d(c, 3, 3, padding=1)
    def forward(self, x, scale_idx):
        f = self.head(x) + self.scale_emb(scale_idx)[:, :, None, None]
        return self.tail(self.up(f))

b = Dim("tiles", min=1, max=64)
build("sr57", SRNet(2).eval(), (torch.rand(4, 3, 32, 32),), dynamic_shapes=({0: b},))
build("dn57", Denoiser().eval(), (torch.rand(4, 3, 32, 32), torch.full((4, 1, 32, 32), 0.1)),
      dynamic_shapes=({0: b}, {0: b}))
build("msr57", ScaleAwareSR().eval(), (torch.rand(2, 3, 32, 32), torch.tensor([0, 1])),
      dynamic_shapes=({0: b}, {0: b}))
h, w = Dim("h", min=16, max=8192), Dim("w", min=16, max=8192)
build("srx4dyn57", SRNet(4).eval(), (torch.rand(1, 3, 64, 48),),
      dynamic_shapes=({2: h, 3: w},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"sr57", "dn57", "msr57", "srx4dyn57", "stitch57"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# _n: a case whose child defines the networks itself
_c, _n = harness.case_makers(NETS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _n("case_01", "skip-denoise-clean-tiles", "export_failure", "export", """
class FastDenoiser(Denoiser):
    def forward(self, x, sigma_map):
        if sigma_map.max() < 1e-3:                  # clean tile: skip the network
            return x
        return super().forward(x, sigma_map)
ep = torch.export.export(FastDenoiser().eval(), (torch.rand(2, 3, 32, 32),
                                                 torch.full((2, 1, 32, 32), 0.1)))
""", "The denoiser skips the network with a Python if on the noise map's value "
       "(sigma_map.max() < 1e-3), a data-dependent branch torch.export cannot trace.",
       "Run the network unconditionally (the output scales with sigma anyway) or use torch.where "
       "/ torch.cond; skip clean tiles in the caller.", match=r".")


def case_02():
    return _n("case_02", "scale-from-request-tensor", "export_failure", "export", """
class MultiScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.nets = nn.ModuleDict({"2": SRNet(2), "4": SRNet(4)})
    def forward(self, x, scale):
        return self.nets[str(int(scale.item()))](x)   # the request says x2 or x4
ep = torch.export.export(MultiScale().eval(), (torch.rand(1, 3, 32, 32), torch.tensor(2)))
""", "The upscaler picks the x2 or x4 sub-network from the request's scale tensor with "
       "int(scale.item()); the choice of module depends on data, which export cannot trace.",
       "Export one package per scale (x2, x4) and pick the package in the service.",
       match=r".")


def case_03():
    return _n("case_03", "tile-loop-over-dynamic-height", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TiledSR(nn.Module):
    # overlapping 32-px tiles (stride 24) stitched by averaging, all inside forward
    def __init__(self):
        super().__init__()
        self.sr = SRNet(2)
    def forward(self, x):
        H, W = x.shape[-2:]
        out = x.new_zeros(x.shape[0], 3, 2 * H, 2 * W)
        cnt = torch.zeros_like(out)
        for i in range(0, H - 8, 24):
            for j in range(0, W - 8, 24):
                t = self.sr(x[..., i:i + 32, j:j + 32])
                out[..., 2 * i:2 * i + t.shape[-2], 2 * j:2 * j + t.shape[-1]] += t
                cnt[..., 2 * i:2 * i + t.shape[-2], 2 * j:2 * j + t.shape[-1]] += 1
        return out / cnt
h, w = Dim("h", min=32, max=2048), Dim("w", min=32, max=2048)
ep = torch.export.export(TiledSR().eval(), (torch.rand(1, 3, 80, 104),),
                         dynamic_shapes=({2: h, 3: w},))
""", "The tiling loop inside forward iterates range(0, H - 8, 24) over the image height declared "
       "dynamic; the Python loop needs a concrete H, so export specialises the Dim and refuses it.",
       "Tile in the caller and export the per-tile network (static tile size, dynamic tile batch), "
       "or export with a static image size.", match=r".")


def case_04():
    return _n("case_04", "one-dim-for-height-and-width", "dynamic_shape_guard", "export", """
from torch.export import Dim
side = Dim("side", min=16, max=4096)                 # "images are up to 4096 px a side"
ep = torch.export.export(SRNet(2).eval(), (torch.rand(1, 3, 48, 64),),
                         dynamic_shapes=({2: side, 3: side},))
""", "One Dim object is used for both the height and the width, which forces square images, but "
       "the example photo is 48 x 64.",
       "Give the height and the width separate Dims (Dim('h'), Dim('w')).", match=r".")


def case_05():
    return _n("case_05", "bicubic-baseline-on-uint8", "unsupported", "export", """
class Residual(nn.Module):
    # residual SR on top of a bicubic baseline computed from the decoded uint8 frame
    def __init__(self):
        super().__init__()
        self.sr = SRNet(2)
    def forward(self, img_u8):
        base = F.interpolate(img_u8, scale_factor=2, mode="bicubic", align_corners=False)
        return base.float() / 255 + self.sr(img_u8.float() / 255)
ep = torch.export.export(Residual().eval(), (torch.randint(0, 256, (1, 3, 32, 32), dtype=torch.uint8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The bicubic baseline is computed directly on the uint8 frame; bicubic upsampling has no "
       "kernel for the Byte dtype.",
       "Convert to float first (img_u8.float() / 255) and upsample the float image.",
       match=r"Byte|uint8|not implemented")


def case_06():
    return _n("case_06", "cached-base-grid-attribute", "export_failure", "export", """
class CachedSR(SRNet):
    def forward(self, x):
        if getattr(self, "base", None) is None or self.base.shape != x.shape:
            self.base = F.interpolate(x, scale_factor=2, mode="nearest")   # reuse across tiles
        return super().forward(x) + 0 * self.base
ep = torch.export.export(CachedSR(2).eval(), (torch.rand(2, 3, 32, 32),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward caches a tensor on the module (self.base = ...) on its first call; assigning a "
       "tensor attribute while tracing is a module mutation that export refuses.",
       "Compute the value locally in forward (or register it as a buffer in __init__).",
       match=r".")


# ---------------------------------------------------------------------- run: shared packages
def case_07():
    return _c("case_07", "4k-frame-all-tiles-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{sr57}")
img = torch.rand(1, 3, 2144, 3840)                  # a 4K video frame
tiles = img.unfold(2, 32, 32).unfold(3, 32, 32)     # (1, 3, 67, 120, 32, 32)
tiles = tiles.permute(0, 2, 3, 1, 4, 5).reshape(-1, 3, 32, 32).contiguous()
up = m(tiles)                                       # all 8040 tiles in one call
""", "All 8040 tiles of a 4K frame are sent in one call, but the tile package's batch Dim was "
       "exported with max=64.",
       "Send the tiles in chunks of at most 64 (or export with a larger max).",
       needs=("r",), env=CHECK, match=r".")


def case_08():
    return _c("case_08", "thumbnail-smaller-than-tile", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{sr57}")
img = torch.rand(1, 3, 24, 24)                      # an avatar thumbnail
tiles = img.unfold(2, 32, 32).unfold(3, 32, 32)
tiles = tiles.permute(0, 2, 3, 1, 4, 5).reshape(-1, 3, 32, 32).contiguous()
up = m(tiles)                                       # zero tiles
""", "An image smaller than one 32-px tile gives zero tiles, and a batch of 0 is below the tile "
       "package's batch Dim min=1.",
       "Pad small images up to one tile (reflect) before tiling, or skip the call when there are "
       "no tiles.", needs=("r",), env=CHECK, match=r".")


def case_09():
    return _c("case_09", "overlap-margin-tiles-40px", "input_mismatch", "run", """
import torch.nn.functional as F
m = torch._inductor.aoti_load_package("{sr57}")
img = F.pad(torch.rand(1, 3, 96, 96), (4, 4, 4, 4), mode="reflect")   # 4-px overlap margin
tiles = img.unfold(2, 40, 32).unfold(3, 40, 32)     # 32-px tiles plus the margin
tiles = tiles.permute(0, 2, 3, 1, 4, 5).reshape(-1, 3, 40, 40).contiguous()
up = m(tiles)
""", "The tiler adds a 4-px overlap margin on each side, so the tiles are 40 x 40, while the tile "
       "package was exported with static 32 x 32 tiles.",
       "Cut 32-px tiles including the margin (stride 24) or export the package for 40-px tiles.",
       needs=("r",), env=CHECK, match=r".")


def case_10():
    return _c("case_10", "half-precision-tiles", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sr57}")
tiles = torch.rand(16, 3, 32, 32).half()            # the client asked for fp16 to save bandwidth
up = m(tiles)
""", "A half-precision request sends float16 tiles to a package exported for float32.",
       "Cast the tiles to float32 before the call (and the output back), or export a float16 "
       "package.", needs=("r",), env=CHECK, match=r".")


def case_11():
    return _c("case_11", "noise-level-per-image-vector", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dn57}")
tiles = torch.rand(8, 3, 32, 32)
sigma = torch.full((8,), 25 / 255)                  # one noise level per tile
clean = m(tiles, sigma)
""", "The noise level is sent as one value per tile (shape (8,)) while the denoiser was exported "
       "with a per-pixel noise map of shape (b, 1, 32, 32).",
       "Expand it to a map: sigma[:, None, None, None].expand(-1, 1, 32, 32).contiguous().",
       needs=("r",), env=CHECK, match=r".")


def case_12():
    return _c("case_12", "one-noise-map-for-all-tiles", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dn57}")
tiles = torch.rand(8, 3, 32, 32)
sigma = torch.full((1, 1, 32, 32), 25 / 255)       # same noise level everywhere: broadcast it
clean = m(tiles, sigma)
""", "One (1, 1, 32, 32) noise map is sent for a batch of 8 tiles, relying on broadcasting, but "
       "the package shares one batch Dim between the tiles and the noise map.",
       "Expand the map to the tile batch (sigma.expand(8, -1, -1, -1).contiguous()).",
       needs=("r",), env=CHECK, match=r".")


def case_13():
    return _c("case_13", "sigma-in-0-255-units", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dn57}")
tiles = torch.rand(8, 3, 32, 32)
sigma = torch.full((8, 1, 32, 32), 25.0)            # "sigma 25", as in the paper's tables
clean = m(tiles, sigma)
assert clean.min() > -0.5 and clean.max() < 1.5, (clean.min(), clean.max())
""", "The noise level is given in 0-255 units (25) while the denoiser expects it in 0-1 units "
       "(25/255); the output is scaled by sigma and leaves the image range without an error.",
       "Send sigma / 255 (document the noise-map units with the package).",
       needs=("r",), match=r"AssertionError")


def case_14():
    return _c("case_14", "0-255-floats-into-0-1-model", "numerical", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{sr57}")
frame = np.random.randint(0, 256, (32, 32, 3)).astype(np.float32)   # decoded frame, 0-255
tile = torch.from_numpy(frame).permute(2, 0, 1)[None].contiguous()
up = m(tile)
assert (up >= 0.999).float().mean() < 0.5, "output saturated"
""", "The decoded frame is converted to float but not divided by 255, so the 0-1 model sees "
       "values up to 255 and its clamped output is almost all white, without an error.",
       "Divide by 255 before the call (and multiply the output by 255 when encoding).",
       needs=("r",), match=r"AssertionError")


def case_15():
    return _n("case_15", "x4-checkpoint-into-x2-package", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{sr57}")
x4 = SRNet(4).state_dict()                          # the x4 model's checkpoint
m.load_constants(x4, check_full_update=False)       # "same architecture, just another scale"
up = m(torch.rand(2, 3, 32, 32))
""", "The x4 checkpoint (two upsampler stages, upsampler.2.*) is loaded into the x2 package, "
       "which has no such constants.",
       "Load the x2 checkpoint into the x2 package; export a separate package for x4.",
       needs=("r",), match=r".")


def case_16():
    return _n("case_16", "basicsr-params-ema-wrapper", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{sr57}")
ckpt = {"params_ema": SRNet(2).state_dict()}        # BasicSR-style checkpoint file layout
m.load_constants(ckpt, check_full_update=False)
up = m(torch.rand(2, 3, 32, 32))
""", "The BasicSR-style checkpoint nests the weights under 'params_ema', and the whole file "
       "dict is passed to load_constants instead of its inner state dict.",
       "Pass ckpt['params_ema'] (check the names against get_constant_fqns()).",
       needs=("r",), match=r".")


def case_17():
    return _c("case_17", "scale-factor-as-scale-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{msr57}")
tiles = torch.rand(2, 3, 32, 32)
scale = torch.tensor([4, 4])                        # the request asked for x4
up = m(tiles, scale)
""", "The request's scale factor (4) is passed where the package expects the scale index "
       "(0 for x2, 1 for x4) into its 2-row scale embedding.",
       "Map the factor to the index ({2: 0, 4: 1}) before the call.", needs=("r",),
       expect="crash", match=r"index out of bounds")


def case_18():
    return _c("case_18", "scale-index-int32-from-numpy", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{msr57}")
tiles = torch.rand(2, 3, 32, 32)
idx = torch.from_numpy(np.array([1, 1], dtype=np.int32))   # the router's NumPy array
up = m(tiles, idx)
""", "The scale index comes from a NumPy int32 array while the package was exported with an "
       "int64 index tensor.", "Send int64 indices (idx.long()).", needs=("r",), env=CHECK,
       match=r".")


def case_19():
    return _c("case_19", "x4-whole-photo-no-tiling", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{srx4dyn57}")
photo = torch.rand(1, 3, 3000, 4000)                # a 12 MP photo, upscaled in one call
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (2 << 30), vm + (2 << 30)))   # worker limit
up = m(photo)
""", "A 12 MP photo is upscaled x4 in one call; the 12000 x 16000 output and the full-resolution "
       "feature maps need far more than the 2 GiB the worker may still allocate.",
       "Tile large photos (overlapping tiles through a tile package) or give the worker more "
       "memory.", needs=("r",), match=r"alloc|memory|Memory")


def case_20():
    return _c("case_20", "unfold-tiles-not-contiguous", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sr57}")
img = torch.rand(1, 3, 64, 64)
tiles = img.unfold(2, 32, 32).unfold(3, 32, 32)
tiles = tiles.permute(0, 2, 3, 1, 4, 5).flatten(0, 2)   # a strided view, no copy
up = m(tiles)
""", "The tiles are a strided view from unfold/permute, not contiguous, while the package was "
       "compiled for contiguous tiles.", "Call .contiguous() on the tiles before the call.",
       needs=("r",), env=CHECK, match=r".")


def case_21():
    return _c("case_21", "stitch-index-from-larger-image", "index_out_of_bounds", "run", """
class Stitch(torch.nn.Module):
    # overlapping upscaled tiles -> image: every output pixel gathers its value from the flat tiles
    def forward(self, tiles, src):
        return tiles.reshape(-1)[src]
from torch.export import Dim
n, p = Dim("n", min=1, max=4096), Dim("p", min=1, max=1 << 24)
ep = torch.export.export(Stitch(), (torch.rand(4, 3, 64, 64), torch.randint(0, 4 * 3 * 64 * 64, (3 * 96 * 96,))),
                         dynamic_shapes=({0: n}, {0: p}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stitch57.pt2")
m = torch._inductor.aoti_load_package(pkg)
src = torch.randint(0, 60 * 3 * 64 * 64, (3 * 256 * 256,))
tiles = torch.rand(4, 3, 64, 64)                    # this image has 4 tiles
img = m(tiles, src)                                 # the map cached for a 60-tile image
""", "The stitching package gathers output pixels from the flat tiles with a source-index map, "
       "and the service reuses the map cached for a larger (60-tile) image on a 4-tile image, so "
       "the indices point past the tiles.",
       "Rebuild the index map for each image size (cache it keyed by the size).",
       expect="crash", match=r"index out of bounds")


def case_22():
    return _c("case_22", "favicon-below-min-size", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{srx4dyn57}")
icon = torch.rand(1, 3, 12, 12)                     # a 12 x 12 favicon
up = m(icon)
""", "A 12 x 12 favicon is sent to the x4 package whose height and width Dims were exported with "
       "min=16.", "Pad tiny images to 16 px (or export with a smaller min).", needs=("r",),
       env=CHECK, match=r".")


def case_23():
    return _n("case_23", "guided-sr-guide-own-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class GuidedSR(SRNet):
    # depth/thermal SR guided by the high-resolution RGB image of the same scene
    def __init__(self):
        super().__init__(2)
        self.guide_proj = nn.Conv2d(3, 3, 3, padding=1)
    def forward(self, lr, guide):
        return super().forward(lr) + self.guide_proj(guide)
h, w = Dim("h", min=16, max=1024), Dim("w", min=16, max=1024)
gh, gw = Dim("gh", min=32, max=2048), Dim("gw", min=32, max=2048)
ep = torch.export.export(GuidedSR().eval(), (torch.rand(1, 3, 40, 56), torch.rand(1, 3, 80, 112)),
                         dynamic_shapes=({2: h, 3: w}, {2: gh, 3: gw}))
""", "The high-resolution guide gets its own Dims, but the x2 output is added to it, so its size "
       "must be exactly 2*h x 2*w; the independent Dims violate that relation.",
       "Declare the guide's Dims as derived ones (2 * h, 2 * w).", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_23, case_07, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_21, case_22]
# Failed in the trial, but not the way the label was given for: case_08 (a 24 x 24 thumbnail
# tiled with unfold(2, 32, 32): the caller's own unfold raised "maximum size for tensor at
# dimension 2 is 24 but size is 32" before the package was called, so the zero-tile batch never
# reached the package's batch Dim check; a design bug of the trigger, not fixed).
DROPPED = [case_08]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_05 (a bicubic x2 baseline
# computed on the uint8 frame inside forward: exported and compiled), case_06 (a tensor cached
# on the module as self.base inside forward: exported and compiled), case_20 (non-contiguous
# tiles, a strided unfold/permute view, into the tile package with AOTI_RUNTIME_CHECK_INPUTS=1:
# it ran).
TRIED = [case_05, case_06, case_20]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind57.jsonl",
        url_file="benchmarks/live_blind57.py", id_prefix="live57", stems=STEMS,
        scratch_prefix="live_blind57-", description=__doc__.splitlines()[0]))
