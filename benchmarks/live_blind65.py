"""A sixty-fifth blind set of REAL AOTInductor failures (video understanding and action recognition), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind65.py [--out benchmarks/live_blind65.jsonl] [--keep]

Theme: video understanding and action recognition (a 3D-convolution clip classifier, a factorised
(2+1)D network with a dynamic frame count, a two-stream RGB + optical-flow network, a frame sampler
that gathers frame indices, a verb embedding and a masked temporal pooling head; clip sampling
with variable frame counts, frame-rate and resolution changes, decoder layouts, test-time
multi-clip batches), exported, compiled, loaded and run as a video-platform engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py
.. live_blind64.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
C, T, S, K = 3, 8, 32, 5        # RGB, 8-frame clips, 32 x 32 crops, 5 action classes
MEAN, STD = [0.45, 0.45, 0.45], [0.225, 0.225, 0.225]

class R3D(torch.nn.Module):
    # clip classifier: normalise, one 3x3x3 convolution, global space-time pooling, linear head
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN).view(C, 1, 1, 1))
        self.register_buffer("std", torch.tensor(STD).view(C, 1, 1, 1))
        self.conv = torch.nn.Conv3d(C, 8, 3, padding=1)
        self.head = torch.nn.Linear(8, K)
    def forward(self, clip):
        h = torch.relu(self.conv((clip - self.mean) / self.std))
        return self.head(h.mean((2, 3, 4)))

class R21D(torch.nn.Module):
    # factorised (2+1)D block: a 1x3x3 spatial convolution then a 3x1x1 temporal convolution
    def __init__(self):
        super().__init__()
        self.spatial = torch.nn.Conv3d(C, 8, (1, 3, 3), padding=(0, 1, 1))
        self.temporal = torch.nn.Conv3d(8, 8, (3, 1, 1), padding=(1, 0, 0))
        self.head = torch.nn.Linear(8, K)
    def forward(self, clip):
        h = torch.relu(self.temporal(torch.relu(self.spatial(clip))))
        return self.head(h.mean((2, 3, 4)))

class TwoStream(torch.nn.Module):
    # RGB stream and optical-flow stream (dx, dy), late fusion
    def __init__(self):
        super().__init__()
        self.rgb = torch.nn.Conv3d(3, 8, 3, padding=1)
        self.flow = torch.nn.Conv3d(2, 8, 3, padding=1)
        self.head = torch.nn.Linear(16, K)
    def forward(self, rgb, flow):
        a = torch.relu(self.rgb(rgb)).mean((2, 3, 4))
        b = torch.relu(self.flow(flow)).mean((2, 3, 4))
        return self.head(torch.cat([a, b], 1))

def clip(b=2, t=T, s=S):
    return torch.rand(b, C, t, s, s)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("r3d65", R3D().eval(), (clip(2),), dynamic_shapes=({0: Dim("clips", min=1, max=8)},))
build("r21d65", R21D().eval(), (clip(1, 8),), dynamic_shapes=({2: Dim("frames", min=4, max=32)},))
build("ts65", TwoStream().eval(), (clip(1), torch.randn(1, 2, T, S, S)))
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
class Sampler(torch.nn.Module):
    # the decoded video comes in whole; the frame indices of the sampled clip are an input
    def __init__(self):
        super().__init__()
        self.net = R3D()
    def forward(self, video, idx):
        return self.net(video.index_select(2, idx))

class Verb(torch.nn.Module):
    # scores a clip feature against the embedding of a candidate verb class (174 verbs)
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(174, 8)
    def forward(self, feats, verb):
        return (feats * self.emb(verb)).sum(1)

class MaskedPool(torch.nn.Module):
    # temporal mean over the valid (unpadded) frames of a batch of variable-length videos
    def forward(self, feats, mask):
        return (feats * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)

build("samp65", Sampler().eval(), (torch.rand(1, C, 64, S, S), torch.arange(0, 64, 8)),
      dynamic_shapes=({2: Dim("video_frames", min=8, max=512)}, {0: Dim("n", min=1, max=32)}))
build("verb65", Verb().eval(), (torch.randn(2, 8), torch.tensor([3, 7])),
      dynamic_shapes=({0: Dim("b", min=1, max=64)}, {0: Dim("b", min=1, max=64)}))
build("pool65", MaskedPool(), (torch.randn(2, 16, 8), torch.ones(2, 16)),
      dynamic_shapes=({0: Dim("b", min=1, max=64), 1: Dim("t", min=2, max=1024)},
                      {0: Dim("b", min=1, max=64), 1: Dim("t", min=2, max=1024)}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"r3d65", "r21d65", "ts65", "samp65", "verb65", "pool65", "hd65", "motion65"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "stride-from-source-fps", "export_failure", "export", """
class Resample(torch.nn.Module):
    # whatever the source frame rate, sample at about 10 fps before the clip model
    def __init__(self):
        super().__init__()
        self.net = R3D()
    def forward(self, video, fps):
        step = int(fps // 10)
        return self.net(video[:, :, ::step][:, :, :T])
ep = torch.export.export(Resample(), (clip(1, 60), torch.tensor(30.0)))
""", "The temporal sampling stride is computed with int() from the source-fps tensor, a "
       "data-dependent Python int that torch.export cannot turn into a static slice step.",
       "Resample the frames in the decoder/caller (pass an already 10-fps clip), or pass the fps "
       "as a Python int at export time (one package per rate).", match=r".")


def case_02():
    return _m("case_02", "return-action-name", "export_failure", "export", """
ACTIONS = ["walk", "run", "jump", "sit", "wave"]
class Named(R3D):
    # the service wants the action name, so the model returns it directly
    def forward(self, clip):
        logits = super().forward(clip)
        return ACTIONS[int(logits[0].argmax())]
ep = torch.export.export(Named().eval(), (clip(1),))
""", "forward turns the argmax of the logits into a Python int to index a list of action names; "
       "the value is data-dependent and the output is a string, neither of which export can "
       "trace.", "Return the logits (or the argmax tensor) and map the index to the action name "
       "in the serving code.", match=r".")


def case_03():
    return _m("case_03", "four-frame-chunk-mean", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Chunked(R3D):
    # temporal pooling by averaging 4-frame chunks before the clip model
    def forward(self, clip):
        b, c, t, h, w = clip.shape
        return super().forward(clip.reshape(b, c, t // 4, 4, h, w).mean(3))
ep = torch.export.export(Chunked().eval(), (clip(2, 16),),
                         dynamic_shapes=({2: Dim("frames", min=4, max=64)},))
""", "The frame count is declared as any value in [4, 64], but the reshape into 4-frame chunks "
       "requires it to be a multiple of 4, so export reports the constraint on the frames Dim.",
       "Declare frames as 4 * Dim (as suggested) or pad the clip to a multiple of 4 frames "
       "before the reshape.", match=r"Constraints violated|multiple|specializ")


def case_04():
    return _m("case_04", "tsn-num-frames-config", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TSN(torch.nn.Module):
    # temporal segment network: a 2D CNN on every frame, segment consensus by mean
    num_frames = 8
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(C, 8, 3, padding=1)
        self.head = torch.nn.Linear(8, K)
    def forward(self, frames):                         # (B, T, C, H, W)
        b = frames.shape[0]
        f = torch.relu(self.conv(frames.flatten(0, 1))).mean((2, 3))
        return self.head(f.view(b, self.num_frames, 8).mean(1))
ep = torch.export.export(TSN().eval(), (torch.rand(2, 8, C, S, S),),
                         dynamic_shapes=({1: Dim("segments", min=2, max=64)},))
""", "The number of segments is declared dynamic, but the consensus reshapes with the config "
       "constant num_frames = 8, which forces the segments Dim to 8.",
       "Use -1 / frames.shape[1] in the view (or keep the segment count static).",
       match=r"Constraints violated|specializ")


def case_05():
    return _m("case_05", "two-streams-on-cuda-streams", "device_mismatch", "export", """
class Overlapped(TwoStream):
    # run the RGB and flow streams concurrently on two CUDA streams
    def forward(self, rgb, flow):
        s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()
        with torch.cuda.stream(s1):
            a = torch.relu(self.rgb(rgb)).mean((2, 3, 4))
        with torch.cuda.stream(s2):
            b = torch.relu(self.flow(flow)).mean((2, 3, 4))
        torch.cuda.synchronize()
        return self.head(torch.cat([a, b], 1))
ep = torch.export.export(Overlapped().eval(), (clip(1), torch.randn(1, 2, T, S, S)))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward creates CUDA streams to overlap the RGB and flow streams, but the package is "
       "exported on a CPU-only build host with no GPU or NVIDIA driver.",
       "Remove the stream handling from forward (AOTI schedules kernels itself) or export on the "
       "GPU host.", match=r".")


def case_22():
    return _m("case_22", "random-frame-sampling-in-forward", "dynamic_shape_guard", "export", """
import random
from torch.export import Dim
class RandomSample(R3D):
    # pick 8 random frames of the decoded video (training-time augmentation left in forward)
    def forward(self, video):
        idx = sorted(random.sample(range(video.shape[2]), T))
        return super().forward(video[:, :, idx])
ep = torch.export.export(RandomSample().eval(), (clip(1, 48),),
                         dynamic_shapes=({2: Dim("video_frames", min=8, max=512)},))
""", "forward draws frame indices with random.sample(range(video.shape[2]), 8); range() needs a "
       "concrete frame count, so the declared dynamic frames Dim is specialised to 48.",
       "Sample the frame indices in the data loader and pass the sampled clip (or the indices "
       "tensor) as input; keep augmentation out of the exported forward.",
       match=r"Constraints violated|specializ")


# --------------------------------------------------------------------- run: inputs (R and S)
def case_06():
    return _m("case_06", "ten-clips-three-crops-one-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{r3d65}")
views = clip(30)                                   # 10 temporal clips x 3 spatial crops (test-time)
logits = m(views).mean(0)
""", "The multi-view test-time protocol (10 clips x 3 crops) sends 30 views in one call, but the "
       "clip-batch Dim was exported with max=8.",
       "Run the views in chunks of at most 8 and average the logits (or re-export with max=32).",
       needs=("r",), env=CHECK, match=r"too large|8|range|bound")


def case_07():
    return _m("case_07", "three-frame-gif", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{r21d65}")
gif = clip(1, 3)                                   # an animated GIF upload with 3 frames
logits = m(gif)
""", "A 3-frame animated GIF is sent to the (2+1)D package whose frames Dim was exported with "
       "min=4.", "Loop/pad short clips to at least 4 frames before the call (or export with a "
       "smaller min).", needs=("r",), env=CHECK, match=r"too small|4|range|bound")


def case_08():
    return _c("case_08", "decoder-thwc-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{r3d65}")
frames = [torch.rand(8, 32, 32, 3) for _ in range(2)]   # the video decoder returns (T, H, W, C)
logits = m(torch.stack(frames))
""", "The decoder's frames are (T, H, W, C) and are batched as (B, T, H, W, C), while the package "
       "was exported for (B, C, T, H, W).",
       "Permute to (C, T, H, W) (frames.permute(3, 0, 1, 2)) before batching.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "numpy-normalised-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{r3d65}")
frames = np.random.randint(0, 256, (2, 3, 8, 32, 32), dtype=np.uint8)
logits = m(torch.from_numpy(frames / 255.0))       # NumPy true division gives float64
""", "The frames are scaled with NumPy (uint8 / 255.0), which yields float64, while the package "
       "was exported for float32.",
       "Convert with .astype(np.float32) / tensor.float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_10():
    return _m("case_10", "single-clip-no-batch-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{r3d65}")
one = clip(1)[0]                                   # one clip, (C, T, H, W)
logits = m(one)
""", "A single clip (C, T, H, W) is sent without its batch dimension to a package exported for "
       "(B, C, T, H, W).", "Add the batch dimension (clip.unsqueeze(0)) before the call.",
       needs=("r",), env=CHECK, match=r".")


def case_11():
    return _m("case_11", "flow-and-rgb-swapped", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ts65}")
rgb, flow = clip(1), torch.randn(1, 2, T, S, S)
logits = m(flow, rgb)                              # the new client sends (flow, rgb)
""", "The client passes the two streams in the order (flow, rgb), while the package's inputs "
       "are (rgb, flow); the 2-channel flow lands in the 3-channel RGB input.",
       "Pass the inputs in the exported order (or by keyword, rgb=..., flow=...).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _m("case_12", "short-side-resized-not-cropped", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{r3d65}")
frames = torch.nn.functional.interpolate(clip(2, 8, 48), size=(8, 64, 64))   # short side 64, no crop
logits = m(frames)
""", "The new preprocessing resizes the short side to 64 pixels and skips the 32 x 32 center "
       "crop, while the package was exported for static 32 x 32 crops.",
       "Center-crop to 32 x 32 after resizing (or export with dynamic H, W).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_13():
    return _c("case_13", "permuted-decoder-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{r3d65}")
frames = torch.rand(2, 8, 32, 32, 3)               # (B, T, H, W, C) from the decoder
logits = m(frames.permute(0, 4, 1, 2, 3))          # right shape, but a strided view
""", "The decoder's (B, T, H, W, C) frames are permuted to (B, C, T, H, W) without "
       ".contiguous(); the package was compiled for contiguous strides and the input check "
       "rejects the strided view.", "Call .contiguous() after the permute.",
       needs=("r",), env=CHECK, match=r"stride")


def case_14():
    return _m("case_14", "full-upload-over-frame-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{samp65}")
video = clip(1, 600)                               # a 20-second upload at 30 fps, all frames decoded
logits = m(video, torch.linspace(0, 599, 8).long())
""", "The whole 600-frame upload is decoded and passed to the sampler package, whose video-frames "
       "Dim was exported with max=512.",
       "Decode only a window around the sampled frames (or re-export with a larger max).",
       needs=("s",), env=CHECK, match=r"too large|512|range|bound")


def case_15():
    return _m("case_15", "indices-for-30fps-on-25fps", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{samp65}")
video = clip(1, 50)                                # 2 s decoded at 25 fps
idx = torch.arange(0, 60, 4)                       # sampling plan computed for 2 s at 30 fps
logits = m(video, idx)
""", "The frame indices are planned for a 30 fps source (0..56) but the video was decoded at "
       "25 fps, so only 50 frames exist and the index_select reads past the last frame.",
       "Compute the sampling plan from the decoded frame count (or clamp to T - 1).",
       needs=("s",), expect="crash", match=r"out of bounds|index|Aborted")


def case_16():
    return _c("case_16", "kinetics-label-into-ssv2-verbs", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{verb65}")
feats = torch.randn(2, 8)
verb = torch.tensor([12, 399])                     # a Kinetics-400 class id, not one of 174 verbs
score = m(feats, verb)
""", "A Kinetics-400 class id (399) is passed as verb id to the package whose verb embedding has "
       "174 rows (Something-Something v2 labels).",
       "Map the label through the dataset's verb vocabulary (ids 0..173) before the call.",
       needs=("s",), match=r"out of bounds|index")


def case_17():
    return _c("case_17", "empty-video-all-padding", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pool65}")
feats = torch.randn(3, 16, 8)
mask = torch.ones(3, 16)
mask[2] = 0                                        # the third upload decoded to zero frames
pooled = m(feats, mask)
assert not pooled.isnan().any(), pooled
""", "A video that decoded to zero frames is batched as all padding (mask all zeros); the masked "
       "temporal mean divides 0 by 0 and the pooled feature is NaN.",
       "Drop videos with no decoded frames before batching (or clamp the mask sum to at least 1).",
       needs=("s",), match=r"AssertionError")


# -------------------------------------------------------------- run: own packages, weights
def case_18():
    return _m("case_18", "motion-energy-fp16-0-255", "numerical", "run", """
class Motion(torch.nn.Module):
    # shot-boundary score: squared frame-difference energy of the clip
    def forward(self, clip):
        return ((clip[:, :, 1:] - clip[:, :, :-1]) ** 2).sum((1, 2, 3, 4))
ep = torch.export.export(Motion(), (clip(2).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/motion65.pt2")
m = torch._inductor.aoti_load_package(pkg)
frames = torch.randint(0, 256, (2, C, T, S, S)).half()       # raw 0-255 pixel values in float16
energy = m(frames)
assert torch.isfinite(energy).all(), energy
""", "The motion-energy package runs in float16 on raw 0-255 pixels; the sum of squared frame "
       "differences (millions) exceeds the float16 maximum 65504 and the output is inf.",
       "Scale frames to 0-1 (or compute the energy in float32) before/inside the package.",
       match=r"AssertionError")


def case_19():
    return _m("case_19", "1080p-64-frames-capped-worker", "out_of_memory", "run", """
import resource
from torch.export import Dim
t, h, w = Dim("t", min=4, max=128), Dim("h", min=16, max=2160), Dim("w", min=16, max=3840)
ep = torch.export.export(R3D().eval(), (clip(1, 8, 48),), dynamic_shapes=({2: t, 3: h, 4: w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hd65.pt2")
m = torch._inductor.aoti_load_package(pkg)
video = torch.rand(1, C, 64, 1080, 1920)           # 64 full-HD frames, no resize
# the inference worker has 1 GiB of memory left after loading the model and the frames
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    logits = m(video)
""", "64 full-HD frames are sent without resizing to a worker with about 1 GiB left; the package's full-size intermediates (the normalised "
       "clip alone is 1.6 GB, the 3D convolution's output ~4 GB) cannot be allocated.",
       "Resize frames to the model resolution (short side 32/112/224) before the call, or give "
       "the worker more memory.", match=r"memory|alloc")


def case_20():
    return _m("case_20", "finetune-head-renamed-fc", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{r3d65}")
class Finetuned(torch.nn.Module):
    # the fine-tuning code names the classifier `fc`
    def __init__(self):
        super().__init__()
        base = R3D()
        self.register_buffer("mean", base.mean)
        self.register_buffer("std", base.std)
        self.conv = base.conv
        self.fc = torch.nn.Linear(8, K)
sd = Finetuned().state_dict()
m.load_constants(sd, check_full_update=True)
""", "The fine-tuned checkpoint names the classifier `fc`, while the package's constants are "
       "named `head.weight` / `head.bias`; a full update finds the head missing.",
       "Rename the checkpoint keys to the exported names (fc.* -> head.*) before load_constants.",
       needs=("r",), match=r".")


def case_21():
    return _m("case_21", "fp16-checkpoint-into-fp32-package", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{r3d65}")
sd = {k: v.half() for k, v in R3D().state_dict().items()}   # checkpoint stored in float16
m.load_constants(sd, check_full_update=True)
logits = m(clip(2))
""", "The new checkpoint was stored in float16 to save space, but the package's constants are "
       "float32; the constant update rejects the dtype.",
       "Cast the state dict to float32 before load_constants.",
       needs=("r",), match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_22, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         ]
# Failed in the trial, but not for the labelled reason (kept for the record): case_20 and case_21
# both stopped at "Constant not found: conv.bias" (the state-dict key names I wrote do not match
# this package's constant names for every key), so neither the renamed head (case_20) nor the
# float16 dtype (case_21) was reached.
DROPPED = [case_20, case_21]
# Every other case failed in the trial; none did not fail.
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind65.jsonl",
        url_file="benchmarks/live_blind65.py", id_prefix="live65", stems=STEMS,
        scratch_prefix="live_blind65-", description=__doc__.splitlines()[0]))
