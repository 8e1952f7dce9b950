"""A hundred-and-thirteenth blind set of REAL AOTInductor failures (media and video streaming models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind113.py [--out benchmarks/live_blind113.jsonl] [--keep]

Theme: media and video streaming (full-reference video-quality metrics over frame pairs of
varying resolution, a highlight selector over shot sequences, a thumbnail selector, a
subtitle-to-speech timing aligner, watch-time and churn predictors over viewing sessions, a
content-moderation image classifier, an audio loudness meter and a codec-artifact detector),
exported, compiled, loaded and run as a streaming-platform ML engineer would. No trigger repeats
one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind112.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
class Psnr(torch.nn.Module):
    # full-reference PSNR (dB) per frame pair, frames (batch, 3, H, W) with values 0..1
    def forward(self, ref, dist):
        mse = ((ref - dist) ** 2).mean((1, 2, 3))
        return 10.0 * torch.log10(1.0 / mse)

class Ssim(torch.nn.Module):
    # global (single-window) SSIM per frame pair, written without the stabilising constants
    def forward(self, ref, dist):
        mx, my = ref.mean((1, 2, 3)), dist.mean((1, 2, 3))
        dx, dy = ref - mx[:, None, None, None], dist - my[:, None, None, None]
        vx, vy, cxy = (dx * dx).mean((1, 2, 3)), (dy * dy).mean((1, 2, 3)), (dx * dy).mean((1, 2, 3))
        return (2 * mx * my) * (2 * cxy) / ((mx * mx + my * my) * (vx + vy))

class Highlight(torch.nn.Module):
    # highlight probability of each shot of a title: shot embeddings (batch, shots, 512)
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(512, 32)
        self.pos = torch.nn.Embedding(256, 32)          # learned shot-position table
        self.out = torch.nn.Linear(32, 1)
    def forward(self, shots):
        h = torch.relu(self.proj(shots) + self.pos(torch.arange(shots.shape[1])))
        return torch.softmax(self.out(h).squeeze(-1), -1)

class Thumb(torch.nn.Module):
    # thumbnail selector: a score per candidate frame (frames, 3, H, W), softmax over frames
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(4, 1)
    def forward(self, frames):
        s = self.fc(torch.relu(self.c(frames)).mean((2, 3))).squeeze(-1)
        return torch.softmax(s, 0)

SESSION_MEAN = [42.0, 1800.0, 0.55, 3.5]   # watch minutes, session seconds, completion, rating
SESSION_STD = [30.0, 1200.0, 0.25, 1.0]

class Churn(torch.nn.Module):
    # 30-day churn probability from a subscriber's recent viewing sessions and plan tier
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(SESSION_MEAN))
        self.register_buffer("std", torch.tensor(SESSION_STD))
        self.lin = torch.nn.Linear(4, 1)
        self.plan = torch.nn.Embedding(4, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[-0.8, -0.5, -1.0, -0.3]]))
            self.lin.bias.zero_()
    def forward(self, sessions, plan):
        z = ((sessions - self.mean) / self.std).mean(1)
        return torch.sigmoid(self.lin(z).squeeze(-1) + self.plan(plan).squeeze(-1))

def sessions(b=4, n=20):
    watch = (torch.rand(b, n) * 90.0)
    secs = watch * 60.0 + torch.rand(b, n) * 300.0
    comp = torch.rand(b, n)
    rating = torch.randint(1, 6, (b, n)).float()
    return torch.stack([watch, secs, comp, rating], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
class Completion(torch.nn.Module):
    # watch-time model: completion ratio and minutes watched -> expected-completion logit
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
    def forward(self, watched, duration):
        r = watched / duration
        return self.lin(torch.stack([r, torch.log1p(watched / 60.0)], -1)).squeeze(-1)

class Moderation(torch.nn.Module):
    # safe / nudity / violence / gore / hate-symbol logits for an RGB frame (batch, 3, 64, 64)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(8, 5)
    def forward(self, img):
        return self.head(torch.relu(self.c(img)).mean((2, 3)))

b, s = Dim("titles", min=1, max=16), Dim("shots", min=2, max=512)
build("hl113", Highlight().eval(), (torch.randn(2, 40, 512),), dynamic_shapes=({0: b, 1: s},))
u, n = Dim("users", min=1, max=256), Dim("sessions", min=2, max=512)
build("churn113", Churn().eval(), (), {"sessions": sessions(4, 20), "plan": torch.randint(0, 4, (4,))},
      dynamic_shapes={"sessions": {0: u, 1: n}, "plan": {0: u}})
v = Dim("views", min=1, max=1024)
build("comp113", Completion().eval(), (torch.rand(8) * 3000, torch.full((8,), 3600.0)),
      dynamic_shapes=({0: v}, {0: v}))
build("mod113", Moderation().eval(), (torch.rand(2, 3, 64, 64),))
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
class Aligner(torch.nn.Module):
    # subtitle-to-speech timing: speech activity (100 frames/s) at each cue's start time (s)
    def forward(self, vad, cue_start):
        idx = (cue_start * 100.0).long()
        return vad.gather(1, idx)

class Loudness(torch.nn.Module):
    # integrated loudness (LUFS, ungated) of a mono 48 kHz programme (batch, 1, samples)
    def forward(self, wav):
        return -0.691 + 10.0 * torch.log10(wav.pow(2).mean((1, 2)))

class Artifact(torch.nn.Module):
    # blockiness/ringing score per frame from 8x8 DCT block features and each block's H.264 QP
    def __init__(self):
        super().__init__()
        self.qp = torch.nn.Embedding(52, 8)               # H.264/HEVC QP 0..51
        self.blk = torch.nn.Linear(64, 8)
        self.out = torch.nn.Linear(8, 1)
    def forward(self, blocks, qp):
        return self.out(torch.relu(self.blk(blocks) + self.qp(qp))).mean((1, 2))

t, k = Dim("vad_frames", min=100, max=1000000), Dim("cues", min=1, max=4000)
build("align113", Aligner(), (torch.rand(2, 6000), torch.rand(2, 8) * 59.0),
      dynamic_shapes=({1: t}, {1: k}))
b, ns = Dim("programmes", min=1, max=64), Dim("samples", min=4800, max=2**26)
build("loud113", Loudness(), (torch.randn(2, 1, 48000) * 0.1,), dynamic_shapes=({0: b, 2: ns},))
nb = Dim("blocks", min=2, max=8160)
build("art113", Artifact().eval(), (torch.randn(2, 64, 64), torch.randint(0, 52, (2, 64))),
      dynamic_shapes=({1: nb}, {1: nb}))
h, w = Dim("h", min=16, max=4320), Dim("w", min=16, max=7680)
build("psnr113", Psnr(), (torch.rand(2, 3, 64, 64), torch.rand(2, 3, 64, 64)),
      dynamic_shapes=({2: h, 3: w}, {2: h, 3: w}))
build("ssim113", Ssim(), (torch.rand(2, 3, 64, 64), torch.rand(2, 3, 64, 64)),
      dynamic_shapes=({2: h, 3: w}, {2: h, 3: w}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"hl113", "churn113", "comp113", "mod113", "align113", "loud113", "art113", "psnr113",
         "ssim113", "dup113"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "psnr-cap-for-lossless-rung", "export_failure", "export", """
class CappedPsnr(torch.nn.Module):
    # the ladder report caps PSNR at 100 dB for bit-exact (lossless) renditions
    def forward(self, ref, dist):
        mse = ((ref - dist) ** 2).mean()
        if mse == 0:
            return torch.tensor(100.0)
        return 10.0 * torch.log10(1.0 / mse)
ep = torch.export.export(CappedPsnr(), (torch.rand(1, 3, 64, 64), torch.rand(1, 3, 64, 64)))
""", "The PSNR metric branches in Python on whether the frame pair's MSE is exactly 0 (to cap "
       "lossless renditions at 100 dB), control flow on tensor data that torch.export cannot "
       "trace.", "Cap with torch.where(mse == 0, 100, psnr) (or clamp the MSE) instead of a "
       "Python if.", match=r".")


def case_02():
    return _m("case_02", "per-shot-pooling-loop-over-cuts", "export_failure", "export", """
class ShotPool(torch.nn.Module):
    # detect hard cuts between consecutive frame embeddings, then mean-pool each shot
    def forward(self, frames):
        jump = (frames[1:] - frames[:-1]).norm(dim=-1)
        cuts = torch.nonzero(jump > 4.0).flatten() + 1
        bounds = torch.cat([torch.zeros(1, dtype=torch.long), cuts,
                            torch.tensor([frames.shape[0]])])
        shots = [frames[bounds[i]:bounds[i + 1]].mean(0) for i in range(len(bounds) - 1)]
        return torch.stack(shots)
ep = torch.export.export(ShotPool(), (torch.randn(240, 512),))
""", "The shot pooler loops in Python over the cut positions found with nonzero(), whose count "
       "depends on the frame data, so torch.export cannot trace the number of shots.",
       "Detect shots in the pipeline and pass shot boundaries (or a fixed-size segment-id "
       "tensor pooled with scatter/index_add) to the exported model.", match=r".")


def case_03():
    return _m("case_03", "video-frames-as-audio-frames-floordiv-4", "dynamic_shape_guard", "export", """
from torch.export import Dim
class AvSync(torch.nn.Module):
    # audio-visual sync score: 100 fps speech activity pooled to the 25 fps video frames
    def forward(self, vad, mouth):
        pooled = vad.view(vad.shape[0], -1, 4).mean(-1)
        return (pooled * mouth).sum(-1)
af = Dim("audio_frames", min=400, max=360000)
vf = af // 4                                       # 25 fps video, 100 fps speech activity
ep = torch.export.export(AvSync(), (torch.rand(1, 4000), torch.rand(1, 1000)),
                         dynamic_shapes=({1: af}, {1: vf}))
""", "The video-frame Dim is declared as audio_frames // 4 (25 fps against 100 fps), a floor "
       "division of a Dim that the dynamic-shapes specification does not accept.",
       "Declare the video frames as the base Dim and the audio frames as 4 * video_frames.",
       match=r".")


def case_04():
    return _m("case_04", "poster-frame-export-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
frames = Dim("frames", min=1, max=900)             # up to 30 s of candidate frames at 30 fps
poster = torch.rand(1, 3, 72, 128)                 # the example: the title's current poster frame
ep = torch.export.export(Thumb().eval(), (poster,), dynamic_shapes=({0: frames},))
""", "The thumbnail selector is exported with the title's single poster frame as the example, "
       "so the dynamic frames Dim has example size 1 and export specialises it to the constant 1.",
       "Export with an example of at least 2 candidate frames (e.g. 8 frames of the trailer).",
       match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_06():
    return _c("case_06", "animated-sticker-5d-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mod113}")
sticker = torch.rand(2, 12, 3, 64, 64)             # animated stickers: 12 frames each, decoded whole
logits = m(sticker)
""", "Animated stickers are decoded into 5-D (stickers, frames, 3, H, W) tensors and sent to the "
       "moderation classifier exported for 4-D (batch, 3, 64, 64) still frames.",
       "Flatten the frames into the batch (reshape(-1, 3, 64, 64)) and aggregate per sticker.",
       needs=("r",), env=CHECK, match=r".")


def case_07():
    return _c("case_07", "feature-store-row-extra-key", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{churn113}")
row = {"sessions": torch.rand(4, 20, 4) * torch.tensor([90.0, 5400.0, 1.0, 5.0]),
       "plan": torch.tensor([0, 1, 3, 2]),
       "user_id": torch.tensor([1001, 1002, 1003, 1004])}   # the feature store row, as fetched
p = m(**row)
""", "The feature-store row is splatted into the churn package with m(**row), and it carries a "
       "user_id field that is not one of the package's exported inputs.",
       "Pass only the exported inputs (sessions, plan).", needs=("r",), env=CHECK, match=r".")


def case_08():
    return _c("case_08", "surround-5-1-into-mono-meter", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{loud113}")
mix = torch.randn(2, 6, 480000) * 0.1              # the 5.1 mixes of two episodes (L R C LFE Ls Rs)
lufs = m(mix)
""", "The 5.1 surround mixes (6 channels) are sent to the loudness package exported for mono "
       "programmes (channel dim 1).", "Down-mix to mono with the ITU channel weights (or meter "
       "each channel and combine) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "srt-cue-times-int64-ms", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{align113}")
vad = (torch.rand(2, 6000) > 0.4).float()
cues_ms = torch.tensor([[1200, 4350, 9020, 15000], [800, 2210, 30500, 41000]])   # from the .srt parser
speech = m(vad, cues_ms)
""", "The SRT parser returns cue start times as int64 milliseconds, while the aligner package "
       "was exported for float32 seconds.", "Convert with cues_ms.float() / 1000 before the "
       "call.", needs=("s",), env=CHECK, match=r"dtype|Long|Float|int64")


def case_10():
    return _c("case_10", "shot-embeddings-768-after-backbone-upgrade", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hl113}")
shots = torch.randn(2, 40, 768)                    # shot embeddings from the new ViT-L backbone
p = m(shots)
""", "The shot embeddings now come from the upgraded 768-d backbone, while the highlight "
       "package was exported for 512-d embeddings.", "Re-export the highlight head for 768-d "
       "embeddings (or keep the 512-d backbone for this package).", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


# -------------------------------------------------------------------- run: dynamic dims
def case_11():
    return _c("case_11", "one-take-title-single-shot", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hl113}")
shots = torch.randn(1, 1, 512)                     # a one-take music video: a single shot
p = m(shots)
""", "A one-take music video has a single shot, below the shots Dim's exported min=2.",
       "Skip highlight selection for single-shot titles (or export with min=1 and an example "
       "of 2+ shots).", needs=("r",), env=CHECK, match=r"2|too small|range|bound")


def case_12():
    return _c("case_12", "ten-year-subscriber-history", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{churn113}")
hist = torch.rand(2, 3000, 4) * torch.tensor([90.0, 5400.0, 1.0, 5.0])   # every session since 2015
p = m(sessions=hist, plan=torch.tensor([2, 1]))                   # two ten-year subscribers
""", "Two ten-year subscribers' whole viewing histories (3000 sessions each) are sent, above the sessions "
       "Dim's exported max=512.", "Keep the most recent 512 sessions (or export with a larger "
       "max).", needs=("r",), env=CHECK, match=r"512|too large|range|bound")


def case_13():
    return _c("case_13", "music-video-without-cues", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{align113}")
vad = (torch.rand(1, 24000) > 0.4).float()
vad = torch.cat([vad, vad])
cues = torch.zeros(2, 0)                           # instrumental tracks: the .srt has no cues
speech = m(vad, cues)
""", "Instrumental music videos have subtitle files with no cues, so a (2, 0) cue tensor is sent, "
       "below the cues Dim's exported min=1.", "Skip alignment when a subtitle file has no cues.",
       needs=("s",), env=CHECK, match=r"1|too small|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_14():
    return _c("case_14", "cue-after-audio-end", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{align113}")
vad = (torch.rand(2, 6000) > 0.4).float()          # the 60 s trailer audio at 100 frames/s
cues = torch.tensor([[1.2, 14.8, 33.0, 58.5], [2.0, 21.4, 47.9, 61.5]])   # cue timed to the long cut
speech = m(vad, cues)
""", "A subtitle cue is timed to the long cut of the trailer (61.5 s) while the audio is 60 s "
       "long, so its frame index 6150 is past the 6000 speech-activity frames.",
       "Drop or clamp cues that start after the audio's end (and check the subtitle matches "
       "the cut).", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_15():
    return _c("case_15", "av1-qindex-into-h264-qp-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{art113}")
blocks = torch.randn(2, 120, 64)
qindex = torch.tensor([[12, 87, 140, 255] * 30, [0, 51, 200, 96] * 30])   # AV1 base_q_idx 0..255
score = m(blocks, qindex)
""", "AV1 streams report a quantiser index of 0..255, which is fed as the block's QP into the "
       "artifact detector's H.264/HEVC QP embedding of 52 entries (0..51).",
       "Map AV1 qindex to an equivalent QP (or use a detector trained on AV1 qindex).",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "feature-film-more-shots-than-position-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{hl113}")
film = torch.randn(1, 300, 512)                    # a feature film cut into 300 shots
p = m(film)
""", "A feature film of 300 shots is sent (within the shots Dim's max=512), but the highlight "
       "model's learned shot-position table has only 256 rows, so positions 256..299 are out "
       "of range.", "Cap titles at 256 shots (or export with shots max=256, or extend the "
       "position table).", needs=("r",), expect="crash", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "psnr-of-lossless-rung", "numerical", "run", """
m = torch._inductor.aoti_load_package("{psnr113}")
ref = torch.rand(2, 3, 144, 256)
dist = ref.clone()                                 # the lossless top rung: bit-exact frames
db = m(ref, dist)
assert torch.isfinite(db).all(), f"PSNR dB: {db}"
""", "The bit-exact (lossless) top rung of the encoding ladder is compared with its reference; "
       "the MSE is 0 and PSNR = 10 log10(1 / 0) is inf, silently.",
       "Clamp the MSE to a floor (or cap PSNR, e.g. at 100 dB) before aggregating.",
       needs=("s",), match=r"AssertionError")


def case_18():
    return _c("case_18", "ssim-fade-to-black", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ssim113}")
black = torch.zeros(2, 3, 144, 256)                # the fade-to-black at the end of the episode
q = m(black, black.clone())
assert torch.isfinite(q).all(), f"SSIM: {q}"
""", "Both frames of the fade-to-black are all zeros; the SSIM without the C1/C2 stabilising "
       "constants computes 0 / 0 = NaN for them, silently.",
       "Add SSIM's C1 = (0.01 L)^2 and C2 = (0.03 L)^2 constants in the model.",
       needs=("s",), match=r"AssertionError")


def case_19():
    return _c("case_19", "session-seconds-now-milliseconds", "numerical", "run", """
m = torch._inductor.aoti_load_package("{churn113}")
watch = torch.rand(4, 20) * 90.0
ms = (watch * 60.0 + 120.0) * 1000.0               # the new player SDK logs durations in ms
s = torch.stack([watch, ms, torch.rand(4, 20), torch.full((4, 20), 4.0)], -1)
p = m(sessions=s, plan=torch.tensor([0, 1, 2, 3]))
assert ((p > 1e-4) & (p < 1 - 1e-4)).all(), f"saturated churn probabilities: {p}"
""", "The new player SDK logs session durations in milliseconds, while the churn model "
       "standardises them as seconds; the feature is about 1000 standard deviations out and "
       "the churn probability saturates, without an error.",
       "Convert durations to seconds in the feature pipeline (and validate feature ranges).",
       needs=("r",), match=r"AssertionError")


def case_20():
    return _c("case_20", "live-event-duration-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{comp113}")
watched = torch.tensor([1500.0, 2400.0, 620.0, 3100.0])
duration = torch.tensor([3600.0, 0.0, 1800.0, 0.0])   # live events: duration unknown, stored as 0
y = m(watched, duration)
assert torch.isfinite(y).all(), f"completion logits: {y}"
""", "Live events have no duration yet and the catalogue stores 0, so the completion ratio "
       "watched / duration is inf and the watch-time output is not finite, silently.",
       "Route live events to a live-specific model (or use the scheduled duration) instead of "
       "0.", needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "new-subscriber-rating-nan-left-join", "numerical", "run", """
m = torch._inductor.aoti_load_package("{churn113}")
s = torch.rand(4, 20, 4) * torch.tensor([90.0, 5400.0, 1.0, 5.0])
s[2, :, 3] = float("nan")                          # no ratings yet: NaN from the left join
p = m(sessions=s, plan=torch.tensor([0, 1, 0, 3]))
assert torch.isfinite(p).all(), f"churn probabilities: {p}"
""", "A new subscriber has no ratings, so the left join of the ratings table fills the rating "
       "feature with NaN, and that subscriber's churn probability comes out NaN.",
       "Impute missing ratings (e.g. with the training mean) before the call.",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_22():
    return _c("case_22", "policy-refresh-numpy-weights", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{mod113}")
# the trust-and-safety team ships the refreshed head as an .npz file
new_head = {"head.weight": np.random.randn(5, 8).astype(np.float32),
            "head.bias": np.zeros(5, dtype=np.float32)}
m.load_constants(new_head, check_full_update=False)
""", "The refreshed moderation head from an .npz file is passed to load_constants as numpy "
       "arrays, while load_constants takes a dict of torch tensors.",
       "Convert with torch.from_numpy(...) before load_constants.", needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_23():
    return _m("case_23", "near-duplicate-frames-whole-film", "out_of_memory", "run", """
import resource
from torch.export import Dim
class NearDup(torch.nn.Module):
    # near-duplicate frame count per frame: cosine similarity of every frame pair
    def forward(self, emb):
        e = torch.nn.functional.normalize(emb, dim=-1)
        return ((e @ e.T) > 0.98).sum(-1)
fr = Dim("frames", min=2, max=200000)
ep = torch.export.export(NearDup(), (torch.randn(240, 16),), dynamic_shapes=({0: fr},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dup113.pt2")
m = torch._inductor.aoti_load_package(pkg)
film = torch.randn(172800, 16)                     # a 2-hour film at 24 fps, every frame
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the worker's 2 GiB margin
dups = m(film)
""", "Near-duplicate detection is run over every frame of a 2-hour film (172800 frames) in one "
       "call; the frame-by-frame similarity matrix needs about 119 GB.",
       "Run it per shot or in windows of frames (or use approximate nearest neighbours).",
       match=r"memory|alloc")


def case_24():
    return _c("case_24", "sync-offset-moves-first-cue-before-zero", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{align113}")
vad = (torch.rand(2, 6000) > 0.4).float()
cues = torch.tensor([[0.4, 3.1, 12.8, 40.2], [1.5, 9.7, 22.0, 51.3]])
cues = cues - 1.2                                  # the dub is 1.2 s early: shift every cue
speech = m(vad, cues)
""", "A -1.2 s sync correction for the dubbed audio is applied to every cue, which moves the "
       "first cue to -0.8 s; its frame index -80 is negative and out of range for the speech "
       "activity frames.", "Clamp shifted cue times to [0, audio length) (or drop cues that "
       "move before 0) before the call.", needs=("s",), expect="exc",
       match=r"out of bounds|index")


CASES = [case_01, case_02, case_03, case_04, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24]
# Number 05 was never written (its planned triggers were found in earlier sets).
# Failed in the recorded run, but not the way the label was given for: case_15 (AV1 qindex into
# the 52-entry QP embedding) was killed by SIGABRT as in its trial, but the recorded stderr did not
# contain "index" / "out of bounds", so the harness skipped it; it stays in CASES as it was run.
DROPPED = [case_15]
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind113.jsonl",
        url_file="benchmarks/live_blind113.py", id_prefix="live113", stems=STEMS,
        scratch_prefix="live_blind113-", description=__doc__.splitlines()[0]))
