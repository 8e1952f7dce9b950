"""A forty-eighth blind set of REAL AOTInductor failures (diffusion and other generative image models on their way to a package), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind48.py [--out benchmarks/live_blind48.jsonl] [--keep]

Theme: diffusion and other generative image models on their way to a package (UNet down/up
blocks with skip connections, sinusoidal timestep and class-label embeddings, float vs int
timesteps, noise schedulers stepping in or outside the graph, classifier-free guidance with batch
doubling and concatenated conditional/unconditional inputs, VAE encoders/decoders with sampling,
latent shapes that change with resolution, GroupNorm/upsample/interpolate at odd sizes, and the
serving loop that calls the loaded package many times per image). No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind47.py
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
# A tiny eps-predicting UNet: one down block (stride-2 conv + GroupNorm), nearest x2 upsample,
# a skip connection concatenated with the encoder features, a sinusoidal timestep embedding and
# a pooled text-context projection (ctx: (batch, 8 tokens, 16)).
UNET = """
import math
import torch.nn as nn
import torch.nn.functional as F
class TinyUNet(nn.Module):
    def __init__(self, c=4, ch=16, cdim=16):
        super().__init__()
        self.inp = nn.Conv2d(c, ch, 3, padding=1)
        self.temb = nn.Linear(ch, ch)
        self.cproj = nn.Linear(cdim, ch)
        self.down = nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1)
        self.gn1 = nn.GroupNorm(8, 2 * ch)
        self.mid = nn.Conv2d(2 * ch, 2 * ch, 3, padding=1)
        self.up = nn.Conv2d(2 * ch, ch, 3, padding=1)
        self.gn2 = nn.GroupNorm(8, 2 * ch)
        self.out = nn.Conv2d(2 * ch, c, 3, padding=1)
    def embed(self, t):
        freqs = torch.exp(-math.log(10000.0) * torch.arange(8, dtype=torch.float32) / 8)
        ang = t.float()[:, None] * freqs[None]
        return self.temb(torch.cat([ang.sin(), ang.cos()], 1))
    def forward(self, x, t, ctx):
        emb = self.embed(t) + self.cproj(ctx.mean(1))
        h0 = F.silu(self.inp(x) + emb[:, :, None, None])
        h1 = F.silu(self.mid(F.silu(self.gn1(self.down(h0)))))
        u = self.up(F.interpolate(h1, scale_factor=2.0, mode="nearest"))
        return self.out(F.silu(self.gn2(torch.cat([u, h0], 1))))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + UNET + BUILD + """
class ClassDenoiser(nn.Module):
    # class-conditional eps-predictor: 10 class labels, one embedding row each
    def __init__(self):
        super().__init__()
        self.cls = nn.Embedding(10, 16)
        self.inp = nn.Conv2d(4, 16, 3, padding=1)
        self.gn = nn.GroupNorm(4, 16)
        self.out = nn.Conv2d(16, 4, 3, padding=1)
    def forward(self, x, y):
        h = self.inp(x) + self.cls(y)[:, :, None, None]
        return self.out(F.silu(self.gn(h)))

class VAEDecoder(nn.Module):
    # latents (1, 4, 8, 8) -> image (1, 3, 32, 32)
    def __init__(self):
        super().__init__()
        self.inp = nn.Conv2d(4, 16, 3, padding=1)
        self.gn = nn.GroupNorm(4, 16)
        self.up1 = nn.Conv2d(16, 16, 3, padding=1)
        self.up2 = nn.Conv2d(16, 3, 3, padding=1)
    def forward(self, z):
        h = F.silu(self.gn(self.inp(z / 0.18215)))
        h = F.silu(self.up1(F.interpolate(h, scale_factor=2.0, mode="nearest")))
        return torch.tanh(self.up2(F.interpolate(h, scale_factor=2.0, mode="nearest")))

x0, t0, c0 = torch.randn(2, 4, 16, 16), torch.full((2,), 999.0), torch.randn(2, 8, 16)
build("unet48", TinyUNet().eval(), (x0, t0, c0))
b, k = Dim("b", min=1, max=8), Dim("k", min=1, max=8)
build("unetd48", TinyUNet().eval(), (x0, t0, c0),
      dynamic_shapes={"x": {0: b, 2: 8 * k, 3: 8 * k}, "t": {0: b}, "ctx": {0: b}})
build("cls48", ClassDenoiser().eval(), (torch.randn(2, 4, 8, 8), torch.tensor([3, 7])))
build("vae48", VAEDecoder().eval(), (torch.randn(1, 4, 8, 8),))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"unet48", "unetd48", "cls48", "vae48", "gs48", "tint48", "cfgx48", "sc48", "pos48"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------- export: shapes that change with resolution
def case_01():
    return _c("case_01", "any-resolution-skip-concat", "dynamic_shape_guard", "export", UNET + """
from torch.export import Dim
h, w = Dim("h", min=8, max=128), Dim("w", min=8, max=128)
ep = torch.export.export(TinyUNet().eval(),
                         (torch.randn(1, 4, 16, 16), torch.full((1,), 999.0), torch.randn(1, 8, 16)),
                         dynamic_shapes={"x": {2: h, 3: w}, "t": None, "ctx": None})
""", "The latent height and width are declared as free Dims, but the UNet's stride-2 down block, "
       "x2 upsample and skip concatenation only line up for even sizes, so export must guard "
       "the size to be even, which the plain Dim does not allow.",
       "Declare the latent sizes as multiples of the UNet's downsampling factor "
       "(2 * Dim('h2') or 8 * Dim('k')) and pad odd latents before the call.",
       match=r"Constraints violated|not in range|divisible|%")


def case_02():
    return _c("case_02", "cfg-chunk-in-graph-any-batch", "dynamic_shape_guard", "export", UNET + """
from torch.export import Dim
class Guided(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = TinyUNet()
    def forward(self, x, t, ctx):
        # the caller concatenates [uncond, cond]; guidance is applied inside the package
        eps = self.unet(x, t, ctx)
        eps_u, eps_c = eps.chunk(2)
        return eps_u + 7.5 * (eps_c - eps_u)
b = Dim("b", min=2, max=16)
ep = torch.export.export(Guided().eval(),
                         (torch.randn(4, 4, 16, 16), torch.full((4,), 500.0), torch.randn(4, 8, 16)),
                         dynamic_shapes={"x": {0: b}, "t": {0: b}, "ctx": {0: b}})
""", "Guidance inside the graph splits the doubled batch with chunk(2) and combines the halves, "
       "which only works for an even batch; the batch Dim allows odd sizes, so export's guard "
       "violates it.",
       "Declare the doubled batch as 2 * Dim('n') (or take the two halves as separate inputs).",
       match=r"Constraints violated|not in range|%|even")


def case_03():
    return _c("case_03", "latent-noise-floor-div", "dynamic_shape_guard", "export", """
import torch.nn as nn
from torch.export import Dim
class Encoder(nn.Module):
    # img2img: encode the image to latents (three stride-2 convs) and add fresh noise
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self.c3 = nn.Conv2d(8, 4, 3, stride=2, padding=1)
    def forward(self, img, noise_scale):
        z = self.c3(self.c2(self.c1(img)))
        noise = torch.randn(img.shape[0], 4, img.shape[2] // 8, img.shape[3] // 8)
        return z + noise_scale * noise
h, w = Dim("h", min=64, max=1024), Dim("w", min=64, max=1024)
ep = torch.export.export(Encoder().eval(), (torch.randn(1, 3, 256, 256), torch.tensor(0.5)),
                         dynamic_shapes={"img": {2: h, 3: w}, "noise_scale": None})
""", "The noise is sized img.shape // 8 while the encoder's stride-2 convolutions give ceil(H/8); "
       "the two agree only for multiples of 8, so export guards the image size to a multiple of "
       "8, which the free Dims do not allow.",
       "Declare the image sizes as 8 * Dim('k'), or size the noise from z.shape (torch.randn_like(z)).",
       match=r"Constraints violated|not in range|%|divisible")


def case_04():
    return _c("case_04", "learned-pos-emb-dynamic-res", "dynamic_shape_guard", "export", """
import torch.nn as nn
from torch.export import Dim
class PatchDenoiser(nn.Module):
    # DiT-style: a learned positional embedding trained for 16x16 latents
    def __init__(self):
        super().__init__()
        self.inp = nn.Conv2d(4, 16, 1)
        self.pos = nn.Parameter(torch.randn(1, 16, 16, 16))
        self.out = nn.Conv2d(16, 4, 1)
    def forward(self, x):
        return self.out(torch.nn.functional.silu(self.inp(x) + self.pos))
s = Dim("s", min=8, max=64)
ep = torch.export.export(PatchDenoiser().eval(), (torch.randn(1, 4, 16, 16),),
                         dynamic_shapes={"x": {2: s, 3: s}})
""", "The denoiser adds a learned positional embedding of fixed 16 x 16 size, which ties the "
       "latent size to 16; declaring the latent size dynamic makes export specialise it.",
       "Interpolate the positional embedding to the latent size in forward, or export one "
       "static package per resolution.",
       match=r"Constraints violated|specializ|constant")


def case_05():
    return _c("case_05", "clip-pooled-fixed-tokens", "dynamic_shape_guard", "export", """
import torch.nn as nn
from torch.export import Dim
class TextPool(nn.Module):
    # the pooled text projection flattens the 8 prompt tokens into one vector
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8 * 16, 32)
    def forward(self, ctx):
        return self.proj(ctx.reshape(ctx.shape[0], -1))
seq = Dim("seq", min=2, max=77)
ep = torch.export.export(TextPool().eval(), (torch.randn(2, 8, 16),),
                         dynamic_shapes={"ctx": {1: seq}})
""", "The prompt length is declared dynamic, but the pooled projection flattens the tokens "
       "into a Linear sized for exactly 8 tokens, so export specialises the length to 8.",
       "Keep the token count static (pad prompts to the fixed length) or pool over tokens "
       "(mean) before the projection.",
       match=r"Constraints violated|specializ|constant")


# ------------------------------------------------------------ export: schedulers and guidance
def case_06():
    return _c("case_06", "ddpm-step-noise-if-t", "export_failure", "export", """
class DDPMStep(torch.nn.Module):
    # one scheduler step inside the graph; no noise is added at the last step
    def __init__(self):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, 1000)
        self.register_buffer("alphas_cumprod", torch.cumprod(1 - betas, 0))
        self.register_buffer("betas", betas)
    def forward(self, x, eps, t):
        a = self.alphas_cumprod[t]
        mean = (x - self.betas[t] / (1 - a).sqrt() * eps) / (1 - self.betas[t]).sqrt()
        if t > 0:
            mean = mean + self.betas[t].sqrt() * torch.randn_like(x)
        return mean
ep = torch.export.export(DDPMStep(), (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 8, 8),
                                      torch.tensor(999)))
""", "The scheduler step branches in Python on the tensor timestep (if t > 0) to skip the noise "
       "at the last step, a data-dependent condition torch.export cannot trace.",
       "Make the noise term branch-free (mean + (t > 0) * sigma * noise) or use torch.cond.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|Unsupported")


def case_07():
    return _c("case_07", "cfg-enabled-if-scale", "export_failure", "export", """
class CFG(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Conv2d(4, 4, 3, padding=1)
    def forward(self, x, guidance_scale):
        if guidance_scale > 1.0:          # do_classifier_free_guidance
            eps_u, eps_c = self.net(torch.cat([x, x])).chunk(2)
            return eps_u + guidance_scale * (eps_c - eps_u)
        return self.net(x)
ep = torch.export.export(CFG(), (torch.randn(1, 4, 8, 8), torch.tensor(7.5)))
""", "Whether to run classifier-free guidance is decided in Python from the guidance scale "
       "tensor (if guidance_scale > 1.0), a data-dependent branch torch.export cannot trace.",
       "Decide guidance outside the model (export one package with and one without CFG) or "
       "pass the scale as a Python float fixed at export.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|Unsupported")


def case_08():
    return _c("case_08", "class-onehot-no-num-classes", "export_failure", "export", """
class ClassCond(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(10, 16)
        self.conv = torch.nn.Conv2d(4, 16, 3, padding=1)
    def forward(self, x, y):
        emb = self.proj(torch.nn.functional.one_hot(y).float())   # num_classes inferred
        return self.conv(x) + emb[:, :, None, None]
ep = torch.export.export(ClassCond(), (torch.randn(2, 4, 8, 8), torch.tensor([3, 9])))
""", "The class-label embedding calls one_hot(y) without num_classes, so the number of classes "
       "is taken from y.max(), a data-dependent size torch.export cannot trace.",
       "Pass num_classes explicitly (one_hot(y, 10)) or use an nn.Embedding table.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|Unsupported|unbacked|item")


def case_09():
    return _c("case_09", "karras-sigma-np-interp", "export_failure", "export", """
import numpy as np
class SigmaToT(torch.nn.Module):
    # Karras-style scheduler: map the sigma back to a (fractional) timestep with np.interp
    def __init__(self):
        super().__init__()
        ac = np.cumprod(1 - np.linspace(1e-4, 0.02, 1000))
        self.log_sigmas = np.log(((1 - ac) / ac) ** 0.5)
        self.lin = torch.nn.Linear(1, 4)
    def forward(self, sigma):
        t = np.interp(np.log(sigma), self.log_sigmas, np.arange(1000))
        return self.lin(torch.as_tensor(t, dtype=torch.float32).reshape(-1, 1))
ep = torch.export.export(SigmaToT(), (torch.tensor([14.6]),))
""", "The Karras sigma-to-timestep conversion runs numpy (np.log, np.interp) on the sigma "
       "tensor inside forward; export traces with fake tensors that have no data for numpy.",
       "Do the sigma-to-timestep mapping in the scheduler outside the package, or write it with "
       "torch ops (torch.searchsorted and a linear interpolation).",
       match=r".")


def case_10():
    return _c("case_10", "vae-returns-distribution", "export_failure", "export", """
class Encoder(torch.nn.Module):
    # returns the posterior like a VAE's latent_dist, for .sample() / .mean in the pipeline
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, stride=8, padding=1)
    def forward(self, img):
        mean, logvar = self.conv(img).chunk(2, dim=1)
        return torch.distributions.Normal(mean, (0.5 * logvar).exp(), validate_args=False)
ep = torch.export.export(Encoder(), (torch.randn(1, 3, 64, 64),))
""", "The VAE encoder returns a torch.distributions.Normal object as its output; torch.export "
       "can only return tensors and registered pytree containers.",
       "Return mean and logvar (or a sampled latent) and build the distribution in the caller.",
       match=r".")


# ----------------------------------------------- Python scalars fixed at export, changed at run
def case_11():
    return _c("case_11", "guidance-scale-python-float", "input_mismatch", "run", """
class Guided(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Conv2d(4, 4, 3, padding=1)
    def forward(self, x, guidance_scale: float):
        eps_u, eps_c = self.net(torch.cat([x, x * 0.5])).chunk(2)
        return eps_u + guidance_scale * (eps_c - eps_u)
model = Guided().eval()
x = torch.randn(1, 4, 8, 8)
ep = torch.export.export(model, (x, 7.5))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gs48.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(x, 3.0)                       # the user lowers the guidance scale per request
torch.testing.assert_close(out, model(x, 3.0))
""", "The guidance scale is a Python float argument, which export specialises to the example "
       "value 7.5; the package ignores or rejects the per-request scale 3.0.",
       "Pass the guidance scale as a 0-dim tensor input (torch.tensor(scale)) so it stays an "
       "input of the package.",
       match=r"not close|Mismatched|mismatch|expected|7.5")


def case_12():
    return _c("case_12", "timestep-python-int", "input_mismatch", "run", """
import math
class TEmb(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(4, 4, 3, padding=1)
    def forward(self, x, t: int):
        freqs = torch.exp(-math.log(10000.0) * torch.arange(4, dtype=torch.float32) / 4)
        emb = torch.cat([(t * freqs).sin(), (t * freqs).cos()])[:4]
        return self.conv(x) + emb[None, :, None, None]
model = TEmb().eval()
x = torch.randn(1, 4, 8, 8)
ep = torch.export.export(model, (x, 999))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tint48.pt2")
m = torch._inductor.aoti_load_package(pkg)
for t in (999, 749, 499):             # the sampling loop passes the step as a Python int
    eps = m(x, t)
    torch.testing.assert_close(eps, model(x, t))
""", "The timestep is a Python int argument, which export specialises to the example 999; later "
       "sampling steps pass other ints that the package does not take as inputs.",
       "Pass the timestep as a tensor (torch.tensor([t])) so it stays a graph input.",
       match=r"not close|Mismatched|mismatch|expected|999")


# ----------------------------------------------------------------- compile
def case_13():
    return _c("case_13", "latent-upscale-1p5-dynamic", "torch_bug", "compile", """
import torch.nn.functional as F
from torch.export import Dim
class LatentUpscale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(4, 4, 3, padding=1)
    def forward(self, z):
        return self.conv(F.interpolate(z, scale_factor=1.5, mode="bilinear", align_corners=False))
s = Dim("s", min=8, max=128)
ep = torch.export.export(LatentUpscale().eval(), (torch.randn(1, 4, 16, 16),),
                         dynamic_shapes={"z": {2: s, 3: s}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sc48.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(1, 4, 22, 22))
assert y.shape[-1] == 33, y.shape
""", "A hires-fix latent upscale by 1.5 over dynamic latent sizes; expected to fail in Inductor.",
       "Upscale to an explicit size computed outside the model.", match=r".")


def case_14():
    return _c("case_14", "pos-emb-interp-dynamic", "torch_bug", "compile", """
import torch.nn.functional as F
from torch.export import Dim
class PatchDenoiser(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = torch.nn.Conv2d(4, 16, 1)
        self.pos = torch.nn.Parameter(torch.randn(1, 16, 16, 16))
        self.out = torch.nn.Conv2d(16, 4, 1)
    def forward(self, x):
        pos = F.interpolate(self.pos, size=x.shape[-2:], mode="bicubic", align_corners=False)
        return self.out(F.silu(self.inp(x) + pos))
s = Dim("s", min=8, max=64)
ep = torch.export.export(PatchDenoiser().eval(), (torch.randn(1, 4, 16, 16),),
                         dynamic_shapes={"x": {2: s, 3: s}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pos48.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(1, 4, 24, 24))
""", "A positional embedding resized with bicubic interpolation to dynamic latent sizes; "
       "expected to fail in Inductor.", "Resize outside the model.", match=r".")


# ------------------------------------------------------------------ the serving loop (shared)
def case_15():
    return _c("case_15", "latent-not-multiple-of-8", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{unetd48}")
img_h, img_w = 600, 800                      # the request asks for 600 x 800
x = torch.randn(2, 4, img_h // 8, img_w // 8) # two images: latents 75 x 100
t = torch.full((2,), 999.0)
eps = m(x, t, torch.randn(2, 8, 16))
""", "The resolution-dynamic UNet was exported for latent sizes 8 * k (its down/up blocks need "
       "it); a 600 x 800 request gives 75 x 100 latents, which are not multiples of 8 and not "
       "square as the shared Dim requires.",
       "Round the requested resolution to a multiple of 64 pixels (and use equal sides, or "
       "export separate Dims for height and width).",
       env=CHECK, needs=("r",), match=r"expected|unmatched|%|divisible|mod|size")


def case_16():
    return _c("case_16", "1024px-above-latent-range", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{unetd48}")
x = torch.randn(2, 4, 128, 128)        # two 1024 x 1024 images: latents 128 x 128
for t in (999.0, 500.0):
    x = x - 0.1 * m(x, torch.full((2,), t), torch.randn(2, 8, 16))
""", "The UNet was exported with latent sizes 8 * k for k <= 8 (at most 64 x 64 latents, "
       "512 px); a 1024 px request gives 128 x 128 latents, above the declared range.",
       "Export with a larger max for the resolution Dim, or tile/downscale the request.",
       env=CHECK, needs=("r",), match=r"too large|<=|expected|unmatched|range")


def case_17():
    return _c("case_17", "fp16-pipeline-latents", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
x = torch.randn(2, 4, 16, 16, dtype=torch.float16)   # pipeline.to(torch.float16)
ctx = torch.randn(2, 8, 16, dtype=torch.float16)
eps = m(x, torch.full((2,), 999.0), ctx)
""", "The serving pipeline was switched to float16 latents and text embeddings, but the UNet "
       "package was exported and compiled in float32.",
       "Cast the inputs to float32, or export and compile a float16 package.",
       env=CHECK, needs=("r",), match=r"dtype|Half|half|float16|expected|unmatched")


def case_18():
    return _c("case_18", "diffusers-style-kwargs", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
latents = torch.randn(2, 4, 16, 16)
emb = torch.randn(2, 8, 16)
eps = m(sample=latents, timestep=torch.full((2,), 999.0), encoder_hidden_states=emb)
""", "The pipeline code calls the UNet with diffusers' keyword names (sample, timestep, "
       "encoder_hidden_states), but the package's input spec has the exported forward's names "
       "(x, t, ctx).",
       "Call the package positionally or with the exported parameter names (x=, t=, ctx=).",
       needs=("r",), match=r"keyword|kwarg|mismatch|unexpected|spec|argument")


def case_19():
    return _c("case_19", "long-prompt-context", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
ctx = torch.randn(2, 12, 16)   # a longer prompt: 12 tokens from the text encoder
eps = m(torch.randn(2, 4, 16, 16), torch.full((2,), 999.0), ctx)
""", "The UNet package was exported with 8-token text embeddings; a longer prompt gives 12 "
       "tokens.",
       "Pad or truncate the prompt embeddings to the exported length, or export the token "
       "dimension as a Dim.",
       env=CHECK, needs=("r",), match=r"expected|unmatched|12|size")


def case_20():
    return _c("case_20", "swapped-text-encoder-width", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
ctx = torch.randn(2, 8, 32)    # the new text encoder has width 32, the UNet was trained on 16
eps = m(torch.randn(2, 4, 16, 16), torch.full((2,), 999.0), ctx)
""", "The text encoder was swapped for one with 32-wide embeddings; the UNet package's context "
       "projection was compiled for 16-wide embeddings.",
       "Use the text encoder the UNet was trained with (16-wide), or add and export a projection.",
       env=CHECK, needs=("r",), match=r"expected|unmatched|32|size")


def case_21():
    return _c("case_21", "fp16-timesteps-cast", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
x = torch.randn(2, 4, 16, 16)
timesteps = torch.linspace(999, 0, 4)
for t in timesteps:
    t_in = t.expand(2).to(torch.float16)     # the scheduler casts the timestep to the unet dtype
    x = x - 0.1 * m(x, t_in, torch.randn(2, 8, 16))
""", "The scheduler casts the timestep to float16 (the dtype it assumes for the UNet), but the "
       "package was exported with float32 timesteps.",
       "Pass the timestep as float32 (t.float()), matching the exported dtype.",
       env=CHECK, needs=("r",), match=r"dtype|Half|half|float16|expected|unmatched")


def case_22():
    return _c("case_22", "cfg-context-not-doubled", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unetd48}")
latents = torch.randn(2, 4, 16, 16)
cond = torch.randn(2, 8, 16)
t = torch.full((4,), 999.0)
latent_in = torch.cat([latents] * 2)                 # [uncond, cond] latents
eps = m(latent_in, t, cond)                          # forgot the negative prompt embeddings
eps_u, eps_c = eps.chunk(2)
""", "Classifier-free guidance doubles the latents and timesteps to batch 4, but the text "
       "embeddings are passed only for the conditional half (batch 2); the package ties all "
       "three batch sizes together.",
       "Concatenate the unconditional (negative prompt) embeddings too: torch.cat([uncond, cond]).",
       env=CHECK, needs=("r",), match=r"expected|unmatched|size|batch|mismatch")


def case_23():
    return _c("case_23", "cfg-batch-by-expand", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
latent = torch.randn(1, 4, 16, 16)
x = latent.expand(2, -1, -1, -1)        # uncond and cond share one latent: doubled by expand
ctx = torch.cat([torch.zeros(1, 8, 16), torch.randn(1, 8, 16)])
eps = m(x, torch.full((2,), 999.0), ctx)
""", "The doubled CFG batch is made with expand, a zero-stride view, while the package was "
       "compiled for contiguous latents.",
       "Double the latents with torch.cat([latent] * 2) (or .contiguous()).",
       env=CHECK, needs=("r",), match=r"stride|expected|unmatched")


def case_24():
    return _c("case_24", "cfg-null-class-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cls48}")
NULL_CLASS = 10                    # the 'unconditional' label id used by the sampler
x = torch.randn(1, 4, 8, 8)
y = torch.tensor([NULL_CLASS, 3])
eps_u, eps_c = m(torch.cat([x, x]), y).chunk(2)
""", "The sampler uses class id 10 as the null (unconditional) label for guidance, but the "
       "class-embedding table of the package has only the 10 real classes (0..9), no null row.",
       "Train/export the model with num_classes + 1 embedding rows, or use an id the table has "
       "for the unconditional label.",
       needs=("r",), expect="crash", match=r"out of bounds")


def case_25():
    return _c("case_25", "vae-decode-no-batch-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vae48}")
latents = torch.randn(1, 4, 8, 8)
image = m(latents[0])             # decode the single latent of the batch
""", "The VAE decoder package was exported for batched latents (1, 4, 8, 8); the caller "
       "passes the 3-D latent of one sample.",
       "Keep the batch dimension (latents[0:1] or latents[0][None]).",
       env=CHECK, needs=("r",), match=r"expected|unmatched|dim|size")


def case_26():
    return _c("case_26", "vae-decode-cfg-both-halves", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vae48}")
latent_in = torch.randn(2, 4, 8, 8)     # the CFG batch [uncond, cond] left doubled
image = m(latent_in)
""", "The sampling loop's doubled CFG batch is handed to the VAE decoder package, exported for "
       "one latent, instead of the guided latent of batch 1.",
       "Decode only the guided latents (batch 1), or export the decoder with a batch Dim.",
       env=CHECK, needs=("r",), match=r"expected|unmatched|size|2")


def case_27():
    return _c("case_27", "tiled-vae-edge-tile", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vae48}")
z = torch.randn(1, 4, 20, 20)         # latents of a large image, decoded in 8 x 8 tiles
tiles = []
for i in range(0, 20, 8):
    for j in range(0, 20, 8):
        tiles.append(m(z[:, :, i:i + 8, j:j + 8].contiguous()))
""", "Tiled VAE decoding cuts the latents into 8 x 8 tiles, but the edge tiles of a 20 x 20 "
       "latent are 4 wide, and the decoder package was exported for 8 x 8 only.",
       "Pad the latents to a multiple of the tile size (or overlap the last tile) before decoding.",
       env=CHECK, needs=("r",), match=r"expected|unmatched|size|4")


def case_28():
    return _c("case_28", "unet-path-points-to-vae", "input_mismatch", "run", """
cfg = {"unet": "{vae48}", "vae": "{unet48}"}      # the deployment config swapped the two paths
unet = torch._inductor.aoti_load_package(cfg["unet"])
eps = unet(torch.randn(2, 4, 16, 16), torch.full((2,), 999.0), torch.randn(2, 8, 16))
""", "The deployment config swapped the UNet and VAE package paths, so the UNet call (three "
       "inputs) goes to the one-input VAE decoder package.",
       "Fix the config paths; check the loaded package's metadata / input count at start-up.",
       needs=("r",), match=r"expected|mismatch|argument|spec|input")


def case_29():
    return _c("case_29", "lora-merged-prefixed-keys", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{unet48}")
names = m.get_constant_fqns()
# a LoRA-merged checkpoint saved through PEFT: every key has the base_model.model. prefix
sd = {"base_model.model." + n: torch.randn(1) for n in names}
m.load_constants(sd, check_full_update=True)
""", "The merged LoRA weights come from a PEFT checkpoint whose keys carry a 'base_model.model.' "
       "prefix, so none of them match the package's constant names.",
       "Strip the prefix (and match the shapes) before load_constants, comparing against "
       "get_constant_fqns().",
       needs=("r",), match=r"constant|Constant|missing|found|fqn")


def case_31():
    return _c("case_31", "sampling-loop-float64-noise", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{unetd48}")
rng = np.random.default_rng(1234)              # the seed-per-request noise from numpy
x = torch.from_numpy(rng.standard_normal((1, 4, 16, 16)))
eps = m(x, torch.full((1,), 999.0), torch.randn(1, 8, 16))
""", "The initial noise is drawn with numpy's Generator, which gives float64, and the float32 "
       "package gets a float64 latent.",
       "Convert the noise to float32 (.float()) or draw it with torch.randn(generator=...).",
       env=CHECK, needs=("r",), match=r"dtype|Double|double|float64|expected|unmatched")


def case_32():
    return _c("case_32", "class-labels-as-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cls48}")
labels = torch.tensor([3.0, 7.0])        # class ids read from a float JSON array
eps = m(torch.randn(2, 4, 8, 8), labels)
""", "The class labels arrive as a float tensor (from a JSON array of numbers) but the "
       "class-conditional package embeds int64 ids.",
       "Convert the labels with .long() before the call.",
       env=CHECK, needs=("r",), match=r"dtype|Float|float|Long|long|int64|expected|unmatched")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_15, case_16, case_17, case_18, case_22, case_23, case_24, case_27, case_28]
# Changed after the trial: case_15 and case_16 first sent batch 1, and the package (batch Dim
# min=1, example batch 2) rejected the batch (">= 2") before the resolution was checked, so they
# failed for another reason than labelled; they now send batch 2. case_24 died by SIGABRT (the
# kernel's index assertion) instead of raising, so it now expects a crash.
# Failed as labelled in the trial but left out to keep input_mismatch at a third of the set
# (the same AOTI_RUNTIME_CHECK_INPUTS message family as the kept rows): case_12 (Python int
# timestep specialised: same mechanism as case_11), case_19 (12-token prompt context), case_20
# (32-wide text encoder), case_21 (float16 timesteps), case_25 (3-D latent without batch dim),
# case_26 (doubled CFG batch into the batch-1 VAE), case_31 (float64 numpy noise), case_32
# (float class labels). case_29 (LoRA weights with PEFT's 'base_model.model.' key prefix given to
# load_constants) failed as labelled but repeats live_blind17's LoRA-adapter trigger (found by a
# grep after the trial), so it is dropped.
DROPPED = [case_29, case_12, case_19, case_20, case_21, case_25, case_26, case_31, case_32]
# Tried on torch 2.13.0+cpu and did NOT fail, so left out of CASES: case_13 (bilinear latent
# upscale by 1.5 over a dynamic latent size: compiled and gave 33 x 33 for 22 x 22), case_14
# (a learned positional embedding resized bicubically to a dynamic latent size: compiled and ran).
TRIED = [case_13, case_14]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind48.jsonl",
        url_file="benchmarks/live_blind48.py", id_prefix="live48", stems=STEMS,
        scratch_prefix="live_blind48-", description=__doc__.splitlines()[0]))
