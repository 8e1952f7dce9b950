"""An eighty-fifth blind set of REAL AOTInductor failures (sign language and gesture recognition), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind85.py [--out benchmarks/live_blind85.jsonl] [--keep]

Theme: sign language and gesture recognition (sequences of body and hand keypoints per frame,
MediaPipe-Holistic-style 33 pose + 21 left-hand + 21 right-hand landmarks, per-hand presence
masks, normalisation by the shoulder distance, a temporal-convolution CTC model over a gloss
vocabulary with the blank last, an isolated-sign classifier with hand masking and mean pooling,
a gloss language-model scorer and a left/right mirroring gather for left-handed signers),
exported, compiled, loaded and run as an accessibility ML engineer would. No trigger repeats
one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind84.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
J = 75          # 33 pose + 21 left-hand + 21 right-hand landmarks (MediaPipe Holistic, no face)
V = 101         # 100 glosses + the CTC blank, which is the LAST index (100)
G = 100         # glosses of the isolated-sign classifier and of the gloss language model
LS, RS = 11, 12 # left / right shoulder in the pose landmarks

class SignCTC(torch.nn.Module):
    # continuous signing: centre on the shoulder midpoint, scale by the shoulder distance,
    # per-frame projection, temporal convolution, CTC log-probabilities over the glosses
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(J * 3, 64)
        self.tconv = torch.nn.Conv1d(64, 64, 5, padding=2)
        self.head = torch.nn.Linear(64, V)
    def forward(self, kp):                                   # (B, T, J, 3): x, y, z
        xy = kp[..., :2]
        mid = (xy[:, :, LS] + xy[:, :, RS]) / 2
        scale = (xy[:, :, LS] - xy[:, :, RS]).norm(dim=-1)
        xy = (xy - mid[:, :, None]) / scale[:, :, None, None]
        x = torch.cat([xy, kp[..., 2:]], -1).flatten(2)
        h = torch.relu(self.proj(x)).transpose(1, 2)
        h = torch.relu(self.tconv(h)).transpose(1, 2)
        return self.head(h).log_softmax(-1)

class Isolated(torch.nn.Module):
    # isolated signs: zero the joints of absent hands, project, mean-pool over time, classify
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(J * 3, 64)
        self.cls = torch.nn.Linear(64, G)
    def forward(self, kp, hands):                            # hands: (B, T, 2) bool, left/right
        body = torch.ones_like(hands[..., :1]).expand(-1, -1, 33)
        left = hands[..., :1].expand(-1, -1, 21)
        right = hands[..., 1:].expand(-1, -1, 21)
        present = torch.cat([body, left, right], -1)
        kp = torch.where(present[..., None], kp, torch.zeros_like(kp))
        return self.cls(torch.relu(self.proj(kp.flatten(2))).mean(1))

def clip(b=2, t=48):
    # a plausible clip: normalised image coordinates, shoulders apart, some depth
    kp = torch.rand(b, t, J, 3) * 0.4 + 0.3
    kp[:, :, LS, 0] = 0.65
    kp[:, :, RS, 0] = 0.35
    return kp

def hands(b=2, t=48):
    return torch.rand(b, t, 2) > 0.2
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, t = Dim("batch", min=1, max=8), Dim("frames", min=8, max=256)
build("ctc85", SignCTC().eval(), (clip(2, 48),), dynamic_shapes=({0: b, 1: t},))
t2 = Dim("frames", min=8, max=128)
build("iso85", Isolated().eval(), (clip(2, 48), hands(2, 48)),
      dynamic_shapes=({0: b, 1: t2}, {0: b, 1: t2}))
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
class GlossLM(torch.nn.Module):
    # scores a decoded gloss sequence for the gloss-to-text reranker
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(G, 32)
        self.out = torch.nn.Linear(32, 1)
    def forward(self, ids):
        return self.out(self.emb(ids).mean(1))

class Mirror(torch.nn.Module):
    # left-handed signers: swap left/right landmarks by a permutation and flip x (1 - x)
    def forward(self, kp, perm):
        m = kp[:, :, perm]
        return torch.cat([1 - m[..., :1], m[..., 1:]], -1)

n = Dim("glosses", min=1, max=64)
build("lm85", GlossLM().eval(), (torch.randint(0, G, (2, 9)),), dynamic_shapes=({1: n},))
perm = torch.tensor(list(range(33)) + list(range(54, 75)) + list(range(33, 54)))
build("mir85", Mirror(), (clip(2, 48), perm),
      dynamic_shapes=({0: Dim("batch", min=1, max=8), 1: Dim("frames", min=8, max=256)}, None))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"ctc85", "iso85", "lm85", "mir85", "attn85"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "dominant-hand-branch", "export_failure", "export", """
class DominantHand(torch.nn.Module):
    # left-handed signers are mirrored so that the dominant hand is always the right one
    def __init__(self):
        super().__init__()
        self.inner = SignCTC()
    def forward(self, kp, hands):
        if hands[..., 0].sum() > hands[..., 1].sum():          # the left hand is seen more often
            kp = torch.cat([1 - kp[..., :1], kp[..., 1:]], -1)
        return self.inner(kp)
ep = torch.export.export(DominantHand(), (clip(2, 48), hands(2, 48)))
""", "forward decides whether to mirror the clip with a Python if on the per-hand presence "
       "counts, data-dependent control flow that torch.export cannot trace.",
       "Mirror in the caller (decide per clip before the call), or compute both branches and "
       "select with torch.where.", match=r".")


def case_02():
    return _m("case_02", "trim-to-longest-clip", "export_failure", "export", """
class Trimmed(torch.nn.Module):
    # the batch is padded to 256 frames; cut it to the longest real clip before the encoder
    def __init__(self):
        super().__init__()
        self.inner = SignCTC()
    def forward(self, kp, lengths):
        return self.inner(kp[:, :int(lengths.max())])
ep = torch.export.export(Trimmed(), (clip(2, 256), torch.tensor([120, 87])))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The padded batch is cut to the longest clip with int(lengths.max()) inside forward, a "
       "data-dependent frame count that export cannot turn into a static or guarded size.",
       "Trim in the caller and export with a dynamic frames Dim instead.", match=r".")


def case_03():
    return _m("case_03", "body-and-hand-frame-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class BodyHands(torch.nn.Module):
    # the body and hand trackers are separate streams, joined per frame
    def __init__(self):
        super().__init__()
        self.inner = SignCTC()
    def forward(self, body, hand):
        return self.inner(torch.cat([body, hand], dim=2))
kp = clip(2, 48)
t_body, t_hand = Dim("body_frames", min=8, max=256), Dim("hand_frames", min=8, max=256)
ep = torch.export.export(BodyHands(), (kp[:, :, :33], kp[:, :, 33:]),
                         dynamic_shapes=({1: t_body}, {1: t_hand}))
""", "The body and hand streams get two independent frame Dims, but concatenating them per "
       "frame requires the two frame counts to be equal, so export rejects the specification.",
       "Use one Dim object for the frames of both inputs.", match=r".")


def case_04():
    return _m("case_04", "sixteen-frame-windows", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Windows(torch.nn.Module):
    # the encoder pools non-overlapping windows of 16 frames
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(J * 3, 64)
        self.head = torch.nn.Linear(64, V)
    def forward(self, kp):
        B, T = kp.shape[0], kp.shape[1]
        h = self.proj(kp.flatten(2)).view(B, T // 16, 16, 64).mean(2)
        return self.head(h).log_softmax(-1)
ep = torch.export.export(Windows(), (clip(2, 48),),
                         dynamic_shapes=({1: Dim("frames", min=8, max=256)},))
""", "The frames Dim is declared as any length in 8..256, but the model views the clip as "
       "windows of 16 frames, which only holds for multiples of 16, so export reports the Dim "
       "as violated.", "Declare the frames as 16 * Dim('windows') (and pad clips to a multiple "
       "of 16), or pad inside the model.", match=r".")


def case_05():
    return _m("case_05", "per-signer-adapter-dict", "export_failure", "export", """
class Adapted(torch.nn.Module):
    # one small adapter per enrolled signer, chosen by the request's signer id
    def __init__(self):
        super().__init__()
        self.inner = SignCTC()
        self.adapters = torch.nn.ModuleDict({str(i): torch.nn.Linear(V, V) for i in range(4)})
    def forward(self, kp, signer):
        return self.adapters[str(int(signer))](self.inner(kp))
ep = torch.export.export(Adapted(), (clip(2, 48), torch.tensor(2)))
""", "The signer's adapter is picked from a ModuleDict with str(int(signer)) of the request's "
       "signer-id tensor, a data-dependent Python value export cannot trace.",
       "Pick the adapter in the caller (one package per signer), or stack the adapters' "
       "weights and index them with the tensor.", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "openpose-2d-keypoints", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = torch.rand(2, 48, 75, 2)                    # the OpenPose export only has x, y
out = m(kp)
""", "The keypoints come from a 2-D OpenPose export with (x, y) per landmark, while the package "
       "was exported for (x, y, z).", "Add a zero z channel (or re-export for 2-D input).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "holistic-with-face-mesh", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = torch.rand(2, 48, 543, 3)                   # all Holistic landmarks, face mesh included
out = m(kp)
""", "All 543 MediaPipe Holistic landmarks (with the 468-point face mesh) are sent, while the "
       "package takes the 75 pose + hand landmarks.",
       "Select the 33 pose, 21 left-hand and 21 right-hand landmarks before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "joint-major-npy-clip", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = torch.rand(2, 75, 48, 3)                    # the dataset's .npy files are (joint, frame, xyz)
out = m(kp)
""", "The clips are loaded from .npy files stored joint-major (batch, joint, frame, xyz) while "
       "the package takes (batch, frame, joint, xyz).",
       "Transpose to frame-major (kp.transpose(1, 2)) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "single-clip-no-batch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = torch.rand(48, 75, 3)                       # one live camera clip, no batch axis
out = m(kp)
""", "The live demo sends a single clip (frames, joints, xyz) without the batch axis the "
       "package was exported with.", "Add the batch axis (kp[None] / unsqueeze(0)).",
       needs=("r",), env=CHECK, match=r".")


def case_11():
    return _m("case_11", "presence-mask-as-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{iso85}")
presence = (torch.rand(2, 48, 2) > 0.2).float()  # the tracker writes 0.0 / 1.0 hand scores
logits = m(clip(2, 48), presence)
""", "The per-hand presence mask is passed as float 0/1 scores, while the package was "
       "exported with a bool mask.", "Convert with presence > 0.5 (a bool tensor) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Float|Bool")


def case_12():
    return _m("case_12", "presence-hand-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{iso85}")
presence = torch.rand(2, 2, 48) > 0.2            # (batch, hand, frame) from the tracker
logits = m(clip(2, 48), presence)
""", "The presence mask is laid out (batch, hand, frame) while the package takes (batch, "
       "frame, hand).", "Transpose the mask to (batch, frame, hand) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_13():
    return _m("case_13", "story-clip-900-frames", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = clip(2, 900)                                # two 30-second signed stories at 30 fps, one call
out = m(kp)
""", "A 900-frame signed story is sent in one call to the CTC package whose frames Dim allows "
       "at most 256.", "Split long clips into overlapping windows of at most 256 frames (or "
       "re-export with a larger max).", needs=("r",), env=CHECK, match=r"256|too large|range|bound")


def case_14():
    return _m("case_14", "fingerspelled-letter-4-frames", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = clip(2, 4)                                  # two fingerspelled letters, 4 frames each
out = m(kp)
""", "A 4-frame fingerspelling segment is sent to the CTC package whose frames Dim has min=8.",
       "Pad short segments to at least 8 frames (or export with a smaller min).",
       needs=("r",), env=CHECK, match=r"8|too small|range|bound")


def case_15():
    return _m("case_15", "classroom-twelve-signers", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{iso85}")
logits = m(clip(12, 48), hands(12, 48))          # the whole classroom's attempts in one call
""", "Twelve students' clips are batched into one call of the isolated-sign package whose "
       "batch Dim allows at most 8.", "Batch at most 8 clips per call (or re-export with a "
       "larger max).", needs=("r",), env=CHECK, match=r"8|too large|range|bound")


# ------------------------------------------------------------------------- run: index values
def case_16():
    return _c("case_16", "ctc-blank-left-in-glosses", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lm85}")
best = torch.tensor([[100, 7, 7, 100, 42, 100, 13]])   # greedy CTC path, repeats merged
ids = torch.unique_consecutive(best, dim=1)      # ... but the blank (100, last) is not removed
score = m(ids)
""", "The greedy CTC decoder merges repeats but does not drop the blank, whose id is the last "
       "index (100), so the gloss language model's 100-entry embedding gets an id out of range.",
       "Remove the blank id from the decoded path before scoring it.",
       needs=("s",), match=r"out of bounds|index")


def case_17():
    return _c("case_17", "mirror-table-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mir85}")
# the left/right landmark table copied from the dataset paper's appendix (1-based numbering)
table = list(range(1, 34)) + list(range(55, 76)) + list(range(34, 55))
kp = torch.rand(2, 48, 75, 3)
mirrored = m(kp, torch.tensor(table))
""", "The mirroring permutation is copied from a 1-based table, so the last right-hand "
       "landmark maps to index 75, beyond the 75 landmarks (0..74).",
       "Subtract 1 from the table's entries (0-based landmark indices).",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "mirror-table-holistic-order", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mir85}")
# the swap table from the full-Holistic pipeline: pose 0..32, face 33..500, left 501..521,
# right 522..542; only the face indices were dropped when it was ported to the 75-landmark model
table = list(range(33)) + list(range(522, 543)) + list(range(501, 522))
kp = torch.rand(2, 48, 75, 3)
mirrored = m(kp, torch.tensor(table))
""", "The left/right swap table was written for the 543-landmark Holistic order (hands at "
       "501..542) and ported to the 75-landmark model without re-basing the hand indices, so "
       "they index far beyond the 75 landmarks.", "Rebuild the table for the 75-landmark order "
       "(left hand 33..53, right hand 54..74).", needs=("s",), expect="crash",
       match=r"out of bounds|index")


# ------------------------------------------------------------------- run: weights and values
def case_19():
    return _c("case_19", "vocabulary-extended-head", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
# the new release adds 20 regional signs: the fine-tuned head has 121 outputs
m.load_constants({"head.weight": torch.randn(121, 64) * 0.01, "head.bias": torch.zeros(121)},
                 check_full_update=False)
""", "The fine-tuned CTC head for an extended gloss vocabulary (121 outputs) is loaded into a "
       "package whose head constants have 101 rows.",
       "Re-export and recompile the model for the new vocabulary; load_constants can only "
       "replace weights of the same shapes.", needs=("r",), expect="crash", match=r".")


def case_20():
    return _c("case_20", "signer-adapter-not-in-package", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{iso85}")
adapter = {"proj.weight": torch.randn(64, 225) * 0.01, "proj.bias": torch.zeros(64),
           "signer_adapter.scale": torch.ones(64)}   # the per-signer calibration fine-tune
m.load_constants(adapter, check_full_update=False)
""", "The per-signer fine-tune adds a 'signer_adapter.scale' parameter that the exported "
       "isolated-sign model does not have, so the package has no such constant.",
       "Export the model with the adapter included (or drop parameters the package does not "
       "hold).", needs=("r",), match=r".")


def case_21():
    return _m("case_21", "body-lost-zero-shoulders", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = clip(2, 60)
kp[:, 20:26, :33] = 0.0                          # the pose tracker lost the body: zeros
out = m(kp)
assert torch.isfinite(out).all(), f"non-finite log-probs in {int((~torch.isfinite(out)).any(-1).sum())} frames"
""", "Frames where the pose tracker lost the body have all-zero landmarks, so the shoulder "
       "distance is 0 and the shoulder normalisation divides 0 by 0; the NaNs spread through "
       "the temporal convolution.", "Interpolate (or carry forward) missing body frames, or "
       "clamp the shoulder distance, before the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "padding-frames-in-mean-pool", "numerical", "run", """
m = torch._inductor.aoti_load_package("{iso85}")
kp, hd = clip(2, 30), hands(2, 30)
alone = m(kp, hd)
# the batcher pads every clip to 64 frames with zeros and no hands
kp64 = torch.cat([kp, torch.zeros(2, 34, 75, 3)], 1)
hd64 = torch.cat([hd, torch.zeros(2, 34, 2, dtype=torch.bool)], 1)
padded = m(kp64, hd64)
assert torch.allclose(alone, padded, atol=1e-4), f"max diff {(alone - padded).abs().max():.3f}"
""", "Clips are zero-padded to 64 frames, but the isolated-sign model mean-pools over all "
       "frames, so the padding dilutes the features and changes the logits without any error.",
       "Send clips unpadded (the frames Dim is dynamic) or pool with a frame mask.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "zero-padded-batch-shoulders", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
a, b = clip(1, 64), clip(1, 40)
batch = torch.cat([a, torch.cat([b, torch.zeros(1, 24, 75, 3)], 1)])   # pad b to 64 frames
out = m(batch)
valid = out[1, :40]
assert torch.isfinite(valid).all(), "non-finite log-probs inside the real frames of clip b"
""", "The shorter clip is zero-padded to the batch length; the padding frames have zero "
       "shoulder distance (0/0 in the normalisation) and the temporal convolution carries the "
       "NaNs into the clip's last real frames.", "Pad by repeating the last real frame (or "
       "run clips unbatched / mask the padding before normalising).",
       needs=("r",), match=r"AssertionError")


def case_24():
    return _m("case_24", "kaggle-parquet-nan-hands", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ctc85}")
kp = clip(2, 60)
# Kaggle-style landmark parquet files store a hand that is not in view as NaN coordinates
kp[0, 10:30, 33:54] = float("nan")               # the left hand is out of view for 20 frames
out = m(kp)
assert torch.isfinite(out).all(), f"non-finite log-probs in {int((~torch.isfinite(out)).any(-1).sum())} frames"
""", "Landmarks read from the parquet files mark an out-of-view hand with NaN coordinates; the "
       "NaNs go straight into the CTC model's projection, so every affected frame (and its "
       "neighbours through the temporal convolution) is NaN.", "Replace NaN landmarks with "
       "zeros (or the last seen position) and pass hand presence separately.",
       needs=("r",), match=r"AssertionError")


def case_25():
    return _m("case_25", "lecture-full-attention", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Attn(torch.nn.Module):
    # a global-attention encoder over all frames of the clip
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(J * 3, 32)
        self.head = torch.nn.Linear(32, V)
    def forward(self, kp):
        h = self.proj(kp.flatten(2))
        a = torch.softmax(h @ h.transpose(1, 2) / 32 ** 0.5, -1)
        return self.head(a @ h).log_softmax(-1)
ep = torch.export.export(Attn().eval(), (clip(2, 48),),
                         dynamic_shapes=({0: Dim("batch", max=8), 1: Dim("frames", min=8, max=200000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/attn85.pt2")
m = torch._inductor.aoti_load_package(pkg)
kp = clip(1, 20000)                              # an 11-minute signed lecture at 30 fps, one call
# the captioning worker has 1 GiB of memory left after loading the model and the clip
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    out = m(kp)
""", "A whole 20000-frame lecture is sent in one call to a global-attention encoder; the "
       "frame-by-frame attention matrix alone is 1.6 GB, more than the worker's 1 GiB left.",
       "Caption long videos in windows (or use local / chunked attention).",
       match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25]
# Failed in the trial, but not as written: case_18 (a left/right swap table with the 543-landmark
# Holistic hand indices 501..542 into the 75-landmark mirroring package): the child aborted
# (SIGABRT) without the kernel's index-out-of-bounds text in its output, so the failure could not
# be shown to be the index check; dropped for lack of time to investigate. Kept for the record.
DROPPED = [case_18]
# Every other case failed in the trial; nothing did NOT fail.
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind85.jsonl",
        url_file="benchmarks/live_blind85.py", id_prefix="live85", stems=STEMS,
        scratch_prefix="live_blind85-", description=__doc__.splitlines()[0]))
