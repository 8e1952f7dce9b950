"""A fifty-third blind set of REAL AOTInductor failures (multi-modal and two-tower models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind53.py [--out benchmarks/live_blind53.jsonl] [--keep]

Theme: multi-modal and two-tower models (a CLIP-like package with an image and a text tower,
cross-attention fusion of two modalities, projection heads and L2-normalised embeddings,
retrieval towers exported separately and used together, pixels, token ids, attention masks and
audio features with different dtypes and dynamic sizes in one call, a missing modality at
serving time, an index built with another model version, and the service that batches mixed
requests), exported, compiled, loaded and run as a deployment engineer would. No trigger repeats
one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind51.py (their TRIED lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
TOWERS = """
import math
class ImageTower(torch.nn.Module):
    # flattened 3x8x8 pixels -> bias-free projection -> L2-normalised 16-d embedding
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(3 * 8 * 8, 16, bias=False)
    def forward(self, pixels):
        e = self.proj(pixels.flatten(1))
        return e / e.norm(dim=-1, keepdim=True)

class TextTower(torch.nn.Module):
    # token ids (vocab 100) -> masked mean pooling -> projection head -> L2 norm
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 16)
        self.proj = torch.nn.Linear(16, 16)
    def forward(self, input_ids, attention_mask):
        h = self.emb(input_ids)
        m = attention_mask.unsqueeze(-1).to(h.dtype)
        pooled = (h * m).sum(1) / m.sum(1)
        e = self.proj(pooled)
        return e / e.norm(dim=-1, keepdim=True)

class Clip(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.image = ImageTower()
        self.text = TextTower()
        self.logit_scale = torch.nn.Parameter(torch.tensor(math.log(1 / 0.07)))
    def forward(self, pixels, input_ids, attention_mask):
        i = self.image(pixels)
        t = self.text(input_ids, attention_mask)
        return i, t, self.logit_scale.exp() * i @ t.t()
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + TOWERS + BUILD + """
class AudioTower(torch.nn.Module):
    # (batch, frames, 40 mel bins) -> projection -> mean over frames
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(40, 16)
    def forward(self, feats):
        return torch.tanh(self.proj(feats)).mean(1)

class Fusion(torch.nn.Module):
    # text tokens attend to image patches (cross-attention), pooled per pair
    def __init__(self):
        super().__init__()
        self.attn = torch.nn.MultiheadAttention(16, 2, batch_first=True)
    def forward(self, text_h, patches):
        y, _ = self.attn(text_h, patches, patches, need_weights=False)
        return y.mean(1)

class OptionalImage(torch.nn.Module):
    # text embedding, plus the image embedding when the request has an image
    def __init__(self):
        super().__init__()
        self.text = TextTower()
        self.image = ImageTower()
    def forward(self, input_ids, attention_mask, pixels=None):
        t = self.text(input_ids, attention_mask)
        if pixels is not None:
            t = t + self.image(pixels)
        return t

seq = Dim("seq", min=2, max=77)
ni, nt = Dim("n_img", min=1, max=64), Dim("n_txt", min=1, max=64)
build("clip53", Clip(), (torch.randn(4, 3, 8, 8), torch.randint(0, 100, (3, 6)),
                         torch.ones(3, 6, dtype=torch.long)),
      dynamic_shapes=({0: ni}, {0: nt, 1: seq}, {0: nt, 1: seq}))
torch.manual_seed(1)
b = Dim("b", min=1, max=64)
build("img53", ImageTower(), (torch.randn(4, 3, 8, 8),), dynamic_shapes=({0: b},))
build("txt53", TextTower(), (torch.randint(0, 100, (2, 6)), torch.ones(2, 6, dtype=torch.long)),
      dynamic_shapes=({0: b, 1: seq}, {0: b, 1: seq}))
build("audio53", AudioTower(), (torch.randn(2, 100, 40),),
      dynamic_shapes=({0: b, 1: Dim("frames", min=2, max=3000)},))
build("fuse53", Fusion().eval(), (torch.randn(3, 6, 16), torch.randn(3, 4, 16)),
      dynamic_shapes=({0: b}, {0: b}))
build("opt53", OptionalImage(), (torch.randint(0, 100, (2, 6)), torch.ones(2, 6, dtype=torch.long)))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"clip53", "img53", "txt53", "audio53", "fuse53", "opt53", "bf16img53"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# _t: a case whose child defines the towers itself
_c, _t = harness.case_makers(TOWERS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _t("case_01", "trim-padding-by-mask", "export_failure", "export", """
class Trimmed(TextTower):
    def forward(self, input_ids, attention_mask):
        n = int(attention_mask.sum(1).max())          # drop the all-padding columns first
        return super().forward(input_ids[:, :n], attention_mask[:, :n])
ep = torch.export.export(Trimmed(), (torch.randint(0, 100, (2, 8)),
                                     torch.tensor([[1] * 5 + [0] * 3, [1] * 3 + [0] * 5])))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The text tower trims padding columns with int(mask.sum(1).max()), a data-dependent Python "
       "int that torch.export cannot trace into a static graph.",
       "Keep the padded length (the mask already ignores padding) or trim in the caller before "
       "the call.", match=r".")


def case_03():
    return _t("case_03", "pair-cosine-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PairScore(Clip):
    def forward(self, pixels, input_ids, attention_mask):
        return (self.image(pixels) * self.text(input_ids, attention_mask)).sum(-1)  # per pair
ni, nt = Dim("n_img"), Dim("n_txt")
ep = torch.export.export(PairScore(), (torch.randn(4, 3, 8, 8), torch.randint(0, 100, (4, 6)),
                                       torch.ones(4, 6, dtype=torch.long)),
                         dynamic_shapes=({0: ni}, {0: nt}, {0: nt}))
""", "The pair scorer multiplies image and caption embeddings row by row, so both batches must be "
       "equal, but they were declared with two independent Dims.",
       "Use one Dim for the pixels and the token batch (or score all pairs with i @ t.T).",
       match=r"Constraints violated|equal|specialized")


def case_05():
    return _t("case_05", "hf-names-in-dynamic-shapes", "dynamic_shape_guard", "export", """
from torch.export import Dim
b, s = Dim("b"), Dim("s", max=77)
ep = torch.export.export(Clip(), (torch.randn(2, 3, 8, 8), torch.randint(0, 100, (2, 6)),
                                  torch.ones(2, 6, dtype=torch.long)),
                         dynamic_shapes={"pixel_values": {0: b}, "input_ids": {0: b, 1: s},
                                         "attention_mask": {0: b, 1: s}})
""", "The dynamic_shapes dict is keyed by the Hugging Face processor names (pixel_values) while "
       "forward's parameter is called pixels, so export refuses the specification.",
       "Key dynamic_shapes by forward's own parameter names (pixels, input_ids, attention_mask) or "
       "pass a tuple in argument order.", match=r"dynamic_shapes|pixel_values")


def case_06():
    return _t("case_06", "cond-branch-returns-operand", "export_failure", "export", """
class Gated(Clip):
    def forward(self, pixels, input_ids, attention_mask, has_image):
        t = self.text(input_ids, attention_mask)
        return torch.cond(has_image, lambda p, t: torch.cat([t, self.image(p)], -1),
                          lambda p, t: t, (pixels, t))
ep = torch.export.export(Gated(), (torch.randn(2, 3, 8, 8), torch.randint(0, 100, (2, 6)),
                                   torch.ones(2, 6, dtype=torch.long), torch.tensor(True)))
""", "The text-only branch of the missing-image torch.cond returns its operand t unchanged; "
       "cond branches may not return (alias) their inputs, so export fails.",
       "Return t.clone() (or a new tensor) from the text-only branch.",
       match=r"aliasing")


def case_41():
    return _t("case_41", "one-batch-dim-both-towers", "dynamic_shape_guard", "export", """
from torch.export import Dim
batch, s = Dim("batch", max=64), Dim("seq", max=77)
ep = torch.export.export(Clip(), (torch.randn(4, 3, 8, 8), torch.randint(0, 100, (3, 6)),
                                  torch.ones(3, 6, dtype=torch.long)),
                         dynamic_shapes=({0: batch}, {0: batch, 1: s}, {0: batch, 1: s}))
""", "One Dim object is reused for the image batch and the caption batch, but the example has 4 "
       "images and 3 captions; a shared Dim requires equal sizes.",
       "Give the image and the text batch separate Dims (the logits are n_img x n_txt).",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R)
def case_07():
    return _t("case_07", "bf16-image-tower-fp32-pixels", "input_mismatch", "run", """
tower = ImageTower().to(torch.bfloat16)             # halves the serving memory
ep = torch.export.export(tower, (torch.randn(2, 3, 8, 8, dtype=torch.bfloat16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bf16img53.pt2")
m = torch._inductor.aoti_load_package(pkg)
emb = m(torch.rand(2, 3, 8, 8))                     # the preprocessor still emits float32
""", "The image tower was exported in bfloat16, but the preprocessor sends float32 pixels.",
       "Cast the pixels to bfloat16 before the call (or export the tower with float32 inputs "
       "and cast inside forward).", env=CHECK, match=r"dtype|Float|BFloat16")


def case_08():
    return _c("case_08", "text-only-request-none-pixels", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{clip53}")
ids = torch.randint(0, 100, (2, 6))
i, t, logits = m(None, ids, torch.ones(2, 6, dtype=torch.long))   # a caption without image
""", "A text-only request passes None for the pixels to a CLIP package exported with an image "
       "tensor; the package's input structure has no optional modality.",
       "Export a text-tower package for text-only requests (or send a placeholder image and drop "
       "its outputs).", needs=("r",), match=r".")


def case_09():
    return _c("case_09", "image-sent-to-text-only-export", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{opt53}")
ids = torch.randint(0, 100, (2, 6))
emb = m(ids, torch.ones(2, 6, dtype=torch.long), torch.randn(2, 3, 8, 8))
""", "The optional-image model was exported without pixels (pixels=None baked in), so the package "
       "takes two inputs; the service passes an image as a third one.",
       "Export with an example image (and a separate text-only package), so the package takes "
       "the pixels.", needs=("r",), match=r".")


def case_11():
    return _c("case_11", "mask-padded-longer-than-ids", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{txt53}")
ids = torch.randint(0, 100, (2, 6))
mask = torch.ones(2, 8, dtype=torch.long)          # padded to the batcher's bucket, ids are not
emb = m(ids, mask)
""", "The attention mask is padded to 8 while the token ids have 6; both share the seq Dim in "
       "the package.", "Pad ids and mask to the same length.", needs=("r",), env=CHECK,
       match=r"size|shape")


def case_13():
    return _c("case_13", "caption-over-context-77", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{txt53}")
ids = torch.randint(0, 100, (2, 120))               # a long product description
emb = m(ids, torch.ones(2, 120, dtype=torch.long))
""", "The text tower was exported with a seq Dim of at most 77 tokens; a 120-token caption is "
       "outside the compiled range.",
       "Truncate captions to 77 tokens in the tokenizer (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"77|range|bound")


def case_14():
    return _c("case_14", "mixed-batch-image-text-counts", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fuse53}")
text_h = torch.randn(5, 6, 16)                      # 5 requests have a caption
patches = torch.randn(3, 4, 16)                     # only 3 of them sent an image
fused = m(text_h, patches)
""", "The batcher stacks captions and images separately, so a mixed batch has 5 captions and 3 "
       "images, while the fusion package shares one batch Dim between them.",
       "Batch only requests with both modalities for the fusion package (or pad the missing "
       "images and mask them).", needs=("r",), env=CHECK, match=r"size|shape|batch")


def case_15():
    return _c("case_15", "modalities-dict-positional", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{clip53}")
batch = {"pixels": torch.randn(2, 3, 8, 8), "input_ids": torch.randint(0, 100, (2, 6)),
         "attention_mask": torch.ones(2, 6, dtype=torch.long)}
i, t, logits = m(batch)                             # the processor's output, as one argument
""", "The processor's dict of modalities is passed as one positional argument to a package "
       "exported with three positional tensors.", "Unpack it: m(**batch) or m(*batch.values()) "
       "in forward's order.", needs=("r",), match=r".")


def case_16():
    return _c("case_16", "hf-processor-kwarg-names", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{clip53}")
i, t, logits = m(pixel_values=torch.randn(2, 3, 8, 8), input_ids=torch.randint(0, 100, (2, 6)),
                 attention_mask=torch.ones(2, 6, dtype=torch.long))
""", "The service calls the package with the Hugging Face processor's keyword names "
       "(pixel_values) while forward's parameter is pixels.",
       "Rename the keyword to pixels (or pass the tensors positionally).", needs=("r",),
       match=r".")


def case_17():
    return _c("case_17", "ids-from-newer-tokenizer", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{txt53}")
ids = torch.randint(90, 150, (2, 6))                # tokenizer v2 has 150 tokens, the model 100
emb = m(ids, torch.ones(2, 6, dtype=torch.long))
""", "The token ids come from a newer tokenizer with a larger vocabulary (up to 149) than the "
       "text tower's 100-row embedding table.",
       "Use the tokenizer that matches the exported text tower (or re-export with the new "
       "vocabulary).", needs=("r",), match=r".")


def case_18():
    return _c("case_18", "audio-features-channels-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{audio53}")
feats = torch.randn(2, 40, 100)                     # the feature extractor emits (batch, mel, frames)
emb = m(feats)
""", "The feature extractor gives (batch, mel, frames) while the audio tower was exported for "
       "(batch, frames, mel).", "Transpose the features to (batch, frames, 40) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


# ------------------------------------------------------------------- run: weights and values
def case_21():
    return _c("case_21", "projection-head-new-width", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{txt53}")
m.load_constants({"proj.weight": torch.randn(32, 16), "proj.bias": torch.randn(32)},
                 check_full_update=False)            # the v2 head projects to 32
emb = m(torch.randint(0, 100, (2, 6)), torch.ones(2, 6, dtype=torch.long))
assert emb.shape == (2, 32), emb.shape
""", "The v2 projection head (32 outputs) is loaded into a package compiled for a 16-wide head; "
       "constants must keep their compiled shapes.",
       "Re-export the text tower with the new head instead of swapping weights of another shape.",
       needs=("r",), match=r".")


def case_22():
    return _c("case_22", "logit-scale-from-checkpoint", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{clip53}")
m.load_constants({"logit_scale": torch.tensor(100.0)}, check_full_update=False)  # from training
i, t, logits = m(torch.randn(2, 3, 8, 8), torch.randint(0, 100, (3, 6)),
                 torch.ones(3, 6, dtype=torch.long))
assert torch.isfinite(logits).all(), logits
""", "The training checkpoint's logit_scale is loaded into the CLIP package by name, but the "
       "package has no logit_scale constant (only its exp() is used; it is not among the "
       "package constants, apparently folded), so load_constants fails with Constant not found.",
       "Check the names with get_constant_fqns() before updating; to change logit_scale, "
       "re-export with the new value (or make it a runtime input).", needs=("r",),
       match=r"Constant not found")


def case_23():
    return _c("case_23", "zero-image-for-missing-modality", "numerical", "run", """
m = torch._inductor.aoti_load_package("{img53}")
pixels = torch.randn(3, 3, 8, 8)
pixels[1] = 0                                       # request 1 has no image: zeros stand in
emb = m(pixels)
assert not emb.isnan().any(), emb
""", "A missing image is replaced by zeros; the bias-free image tower then gives a zero vector "
       "and its L2 normalisation divides 0 by 0, so the embedding is NaN.",
       "Do not embed placeholder images (mask them out), or normalise with an epsilon "
       "(F.normalize).", needs=("r",), match=r"AssertionError")


def case_24():
    return _t("case_24", "index-from-previous-tower", "numerical", "run", """
torch.manual_seed(7)
v1 = ImageTower().eval()                            # the tower the gallery index was built with
gallery = torch.randn(32, 3, 8, 8)
with torch.no_grad():
    index = v1(gallery)
m = torch._inductor.aoti_load_package("{img53}")  # the retrained tower now in production
q = m(gallery[:8])
hits = (q @ index.t()).argmax(1)
assert torch.equal(hits, torch.arange(8)), hits
""", "The gallery index was built with the previous image tower while queries are embedded by the "
       "retrained package; the two embedding spaces differ, so retrieval returns wrong items "
       "without an error.",
       "Rebuild the index with the same model version as the query package (and record the "
       "version with the index).", needs=("r",), match=r"AssertionError")


def case_35():
    return _c("case_35", "empty-caption-all-zero-mask", "numerical", "run", """
m = torch._inductor.aoti_load_package("{txt53}")
ids = torch.zeros(2, 6, dtype=torch.long)
mask = torch.ones(2, 6, dtype=torch.long)
mask[1] = 0                                         # an image-only request: empty caption
emb = m(ids, mask)
assert not emb.isnan().any(), emb
""", "An image-only request sends an empty caption whose attention mask is all zeros; masked mean "
       "pooling divides by a zero token count and the embedding is NaN.",
       "Skip the text tower for requests without text (or clamp the token count to at least 1).",
       needs=("r",), match=r"AssertionError")


# ------------------------------------------------------------------- own packages, run phase
def case_26():
    return _t("case_26", "legacy-clip-kwargs-call", "input_mismatch", "run", """
args = (torch.randn(2, 3, 8, 8), torch.randint(0, 100, (2, 6)), torch.ones(2, 6, dtype=torch.long))
so = torch._export.aot_compile(Clip(), args)
run = torch._export.aot_load(so, "cpu")
i, t, logits = run(pixels=args[0], input_ids=args[1], attention_mask=args[2])
""", "The CLIP model was compiled (legacy aot_compile) with positional example inputs, and the "
       "loaded runner is called with keyword arguments, which do not match the exported input "
       "spec (no keywords).",
       "Call the runner positionally in forward's order (or export with the inputs given as "
       "kwargs); the legacy API is not the cause.",
       api="aot_compile", match=r"kwarg keyword mismatch")


def case_27():
    return _c("case_27", "patches-from-wider-backbone", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fuse53}")
text_h = torch.randn(3, 6, 16)
patches = torch.randn(3, 4, 32)                     # the new vision backbone emits 32-d patches
fused = m(text_h, patches)
""", "The image patches come from a new vision backbone with 32 features, but the cross-attention "
       "package was exported for 16-d keys and values.",
       "Use the backbone the fusion package was exported with (or re-export with kdim/vdim=32).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_30():
    return _c("case_30", "audio-features-float64-numpy", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{audio53}")
feats = np.log1p(np.abs(np.random.randn(2, 100, 40)))   # the NumPy front end computes in float64
emb = m(torch.from_numpy(feats))
""", "The NumPy feature front end produces float64 log-mel features while the audio tower was "
       "exported for float32.", "Cast the features to float32 (feats.astype(np.float32)) "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_31():
    return _c("case_31", "fusion-caption-length-static", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fuse53}")
text_h = torch.randn(3, 9, 16)                      # captions of 9 tokens; the export had 6
patches = torch.randn(3, 4, 16)
fused = m(text_h, patches)
""", "The cross-attention package was exported with only the batch dynamic, so the caption "
       "length is fixed at the example's 6 tokens; the service sends 9-token captions.",
       "Declare the caption length dynamic at export (a Dim on text_h's dim 1) or pad captions "
       "to 6.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_40():
    return _t("case_40", "dim-for-absent-token-types", "dynamic_shape_guard", "export", """
from torch.export import Dim
class WithTypes(TextTower):
    def forward(self, input_ids, attention_mask, token_type_ids=None):
        if token_type_ids is not None:
            input_ids = input_ids + token_type_ids
        return super().forward(input_ids, attention_mask)
b, s = Dim("b"), Dim("s", max=77)
ep = torch.export.export(WithTypes(), (torch.randint(0, 100, (2, 6)),
                                       torch.ones(2, 6, dtype=torch.long)),
                         dynamic_shapes={"input_ids": {0: b, 1: s}, "attention_mask": {0: b, 1: s},
                                         "token_type_ids": {0: b, 1: s}})
""", "The dynamic_shapes spec gives Dims for token_type_ids, but the example leaves it None, so "
       "the spec does not match the inputs and export refuses it.",
       "Give None as the spec for an input that is None in the example (or pass example "
       "token_type_ids).", match=r"dynamic_shapes|token_type_ids|None")


def case_43():
    return _c("case_43", "one-frame-audio-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{audio53}")
feats = torch.randn(1, 1, 40)                       # a 10 ms clip: a single feature frame
emb = m(feats)
""", "The audio tower's frames Dim was exported with min=2; a one-frame clip is outside the "
       "compiled range.", "Pad very short clips to at least 2 frames (or export with min=1).",
       needs=("r",), env=CHECK, match=r"frames|range|bound|>= 2|2")


def case_44():
    return _c("case_44", "image-only-batch-zero-captions", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{clip53}")
ids = torch.zeros(0, 6, dtype=torch.long)           # this batch held only image requests
i, t, logits = m(torch.randn(3, 3, 8, 8), ids, torch.zeros(0, 6, dtype=torch.long))
""", "A batch of image-only requests sends zero captions, but the CLIP package's caption batch "
       "Dim was exported with min=1.",
       "Route image-only batches to the image-tower package (or skip the call when there are "
       "no captions).", needs=("r",), env=CHECK, match=r".")


CASES = [case_01, case_03, case_05, case_06, case_40, case_41, case_07, case_26, case_08, case_09,
         case_11, case_13, case_14, case_16, case_17, case_18, case_22, case_23, case_24, case_35,
         case_43, case_44]
# Left out of the recorded run: case_21 (a 32-wide v2 projection head loaded with
# load_constants(check_full_update=False) into the 16-wide text package: the load was accepted,
# the output stayed 16 wide, so the caller's shape assertion failed and then the child died of
# SIGABRT at exit; neither the assertion nor the abort is a clean constant_loading failure, and
# the abort's stderr was not captured), case_31 (9-token captions into the fusion package with a
# static caption length) and case_27 / case_30 (32-d patches from a wider backbone; float64 NumPy
# audio features): all three input_mismatch, left out (before their trial results were read) to
# keep input_mismatch near a third of the rows.
DROPPED = [case_21, case_31, case_27, case_30]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_15 (the processor's dict of
# modalities passed as one positional argument to the three-input CLIP package: it ran).
TRIED = [case_15]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind53.jsonl",
        url_file="benchmarks/live_blind53.py", id_prefix="live53", stems=STEMS,
        scratch_prefix="live_blind53-", description=__doc__.splitlines()[0]))
