"""A fifty-fifth blind set of REAL AOTInductor failures (vision transformers and fine-tuned image classifiers), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind55.py [--out benchmarks/live_blind55.jsonl] [--keep]

Theme: vision transformers and fine-tuned image classifiers (patch embedding, class and
distillation tokens, position embeddings interpolated for another image size, LoRA adapters
merged or kept separate, frozen backbones with new heads, label maps and class counts changed at
fine-tuning, test-time augmentation and five-crop batching, checkpoints from the fine-tuning run
loaded into the package), exported, compiled, loaded and run as a deployment engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind53.py (their TRIED lists included). Building the set
imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
VIT = """
import torch.nn.functional as F
class Block(torch.nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.n1, self.n2 = torch.nn.LayerNorm(d), torch.nn.LayerNorm(d)
        self.attn = torch.nn.MultiheadAttention(d, 2, batch_first=True)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(d, 64), torch.nn.GELU(), torch.nn.Linear(64, d))
    def forward(self, x):
        h = self.n1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.n2(x))

class TinyViT(torch.nn.Module):
    # 4x4 patches, a class token, learned position embeddings, one block, a linear head
    def __init__(self, num_classes=10, img=16, d=32):
        super().__init__()
        self.patch_embed = torch.nn.Conv2d(3, d, 4, 4)
        self.cls_token = torch.nn.Parameter(torch.randn(1, 1, d) * 0.02)
        self.pos_embed = torch.nn.Parameter(torch.randn(1, 1 + (img // 4) ** 2, d) * 0.02)
        self.block = Block(d)
        self.norm = torch.nn.LayerNorm(d)
        self.head = torch.nn.Linear(d, num_classes)
    def tokens(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        return self.norm(self.block(x))
    def forward(self, x):
        return self.head(self.tokens(x)[:, 0])

def resize_pos_embed(vit, img):
    # the fine-tuning recipe: bicubic interpolation of the patch position grid to a new size
    cls, grid = vit.pos_embed[:, :1], vit.pos_embed[:, 1:]
    g = int(grid.shape[1] ** 0.5)
    grid = grid.reshape(1, g, g, -1).permute(0, 3, 1, 2)
    grid = F.interpolate(grid, size=(img // 4, img // 4), mode="bicubic", align_corners=False)
    vit.pos_embed = torch.nn.Parameter(torch.cat([cls, grid.permute(0, 2, 3, 1).flatten(1, 2)], 1))
    return vit
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + VIT + BUILD + """
class LoraHead(TinyViT):
    # the LoRA adapter of the head kept separate: A (r x d) and B (classes x r) are inputs
    def forward(self, x, lora_A, lora_B):
        h = self.tokens(x)[:, 0]
        return self.head(h) + (2.0 / 4) * (h @ lora_A.t()) @ lora_B.t()

class LabelScore(TinyViT):
    # the verification service: the score of a claimed label per image (5-class fine-tune)
    def forward(self, x, label_ids):
        return self.head(self.tokens(x)[:, 0]).log_softmax(-1).gather(1, label_ids[:, None])[:, 0]

class TokenKeep(TinyViT):
    # patch dropout at inference: only the kept patch tokens (indices into the 16 patches) are pooled
    def forward(self, x, keep_idx):
        t = self.tokens(x)
        return self.head(t[:, 1:].index_select(1, keep_idx).mean(1))

b = Dim("batch", min=2, max=32)
vit = TinyViT().eval()
build("vit55", vit, (torch.randn(4, 3, 16, 16),), dynamic_shapes=({0: b},))
vit24 = resize_pos_embed(TinyViT().eval(), 24)
build("vit24_55", vit24, (torch.randn(4, 3, 24, 24),), dynamic_shapes=({0: b},))
build("lora55", LoraHead().eval(), (torch.randn(4, 3, 16, 16), torch.randn(4, 32) * 0.01,
                                    torch.zeros(10, 4)), dynamic_shapes=({0: b}, None, None))
build("score55", LabelScore(num_classes=5).eval(), (torch.randn(4, 3, 16, 16),
                                                    torch.tensor([0, 1, 2, 3])),
      dynamic_shapes=({0: b}, {0: b}))
build("keep55", TokenKeep().eval(), (torch.randn(4, 3, 16, 16), torch.tensor([0, 3, 5, 9, 12, 15])),
      dynamic_shapes=({0: b}, {0: Dim("kept", min=1, max=16)}))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"vit55", "vit24_55", "lora55", "score55", "keep55", "pre55"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# _t: a case whose child defines the ViT itself
_c, _t = harness.case_makers(VIT, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _t("case_01", "five-crop-view-any-crop-count", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FiveCropTTA(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.vit = TinyViT().eval()
    def forward(self, crops):                        # (images * 5, 3, 16, 16), five crops per image
        logits = self.vit(crops)
        return logits.view(-1, 5, logits.shape[-1]).mean(1)
n = Dim("n_crops", min=5, max=160)
ep = torch.export.export(FiveCropTTA(), (torch.randn(10, 3, 16, 16),), dynamic_shapes=({0: n},))
""", "The five-crop TTA wrapper views the crop batch as (-1, 5, classes), which needs the crop "
       "count to be a multiple of 5, but the crop batch was declared as a free Dim.",
       "Declare the crop batch as 5 * Dim('images') (a derived Dim), or pass crops as "
       "(images, 5, 3, H, W) with a Dim on images.", match=r".")


def case_02():
    return _t("case_02", "return-label-name-from-map", "export_failure", "export", """
class Named(TinyViT):
    def __init__(self):
        super().__init__(num_classes=3)
        self.id2label = {0: "cat", 1: "dog", 2: "bird"}
    def forward(self, x):
        return self.id2label[int(super().forward(x).argmax(-1)[0])]   # the service wants a name
ep = torch.export.export(Named().eval(), (torch.randn(1, 3, 16, 16),))
""", "The fine-tuned classifier looks its label name up in id2label with int(argmax), a "
       "data-dependent Python value (and a string output) that torch.export cannot trace.",
       "Return the logits (or the class index tensor) from the package and map ids to names in "
       "the caller.", match=r".")


def case_03():
    return _t("case_03", "open-set-reject-python-if", "export_failure", "export", """
class OpenSet(TinyViT):
    def forward(self, x):
        probs = super().forward(x).softmax(-1)
        if probs.max() < 0.3:                        # reject images of none of the fine-tuned classes
            return torch.full_like(probs, -1.0)
        return probs
ep = torch.export.export(OpenSet().eval(), (torch.randn(2, 3, 16, 16),))
""", "The open-set rejection branches in Python on probs.max() < 0.3, a data-dependent "
       "condition torch.export cannot trace.",
       "Compute the rejection with torch.where (or return probs and threshold in the caller).",
       match=r".")


def case_04():
    return _t("case_04", "lora-head-as-parametrization", "export_failure", "export", """
import torch.nn.utils.parametrize as P
class LoRA(torch.nn.Module):
    def __init__(self, out_f, in_f, r=4):
        super().__init__()
        self.A = torch.nn.Parameter(torch.randn(r, in_f) * 0.01)
        self.B = torch.nn.Parameter(torch.zeros(out_f, r))
    def forward(self, w):
        return w + self.B @ self.A
vit = TinyViT().eval()
P.register_parametrization(vit.head, "weight", LoRA(10, 32))   # adapter kept separate
ep = torch.export.export(vit, (torch.randn(2, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The LoRA adapter of the head is kept as a torch.nn.utils.parametrize parametrization on the "
       "weight; export does not trace the parametrization.",
       "Merge the adapter (parametrize.remove_parametrizations(..., leave_parametrized=True)) "
       "before export.", match=r".")


def case_05():
    return _t("case_05", "prefix-token-count-buffer", "export_failure", "export", """
class DeiTPool(TinyViT):
    def __init__(self):
        super().__init__()
        self.register_buffer("num_prefix_tokens", torch.tensor(1))   # saved with the checkpoint
    def forward(self, x):
        t = self.tokens(x)
        return self.head(t[:, self.num_prefix_tokens:].mean(1))     # average-pool the patch tokens
ep = torch.export.export(DeiTPool().eval(), (torch.randn(2, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The number of prefix (class / distillation) tokens is a tensor buffer used as a slice "
       "start, a data-dependent value for torch.export.",
       "Keep num_prefix_tokens a Python int attribute (as timm does).", match=r".")


def case_07():
    return _t("case_07", "distill-token-two-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DeiT(TinyViT):
    def __init__(self):
        super().__init__()
        self.dist_token = torch.nn.Parameter(torch.zeros(1, 1, 32))
        self.pos_embed = torch.nn.Parameter(torch.zeros(1, 18, 32))
        self.head_dist = torch.nn.Linear(32, 10)
    def forward(self, x, teacher_logits):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls_token.expand(b, -1, -1), self.dist_token.expand(b, -1, -1), x], 1)
        x = self.norm(self.block(x + self.pos_embed))
        return (self.head(x[:, 0]) + self.head_dist(x[:, 1])) / 2 - teacher_logits
ep = torch.export.export(DeiT().eval(), (torch.randn(4, 3, 16, 16), torch.randn(4, 10)),
                         dynamic_shapes=({0: Dim("images")}, {0: Dim("teacher_rows")}))
""", "The distillation check subtracts the teacher's logits row by row, so both batches must be "
       "equal, but they were given two independent Dims.",
       "Use the same Dim for the images and the teacher logits.", match=r".")


def case_08():
    return _t("case_08", "meta-backbone-new-head", "device_mismatch", "export", """
class Classifier(torch.nn.Module):
    def __init__(self, backbone, num_classes):
        super().__init__()
        self.backbone = backbone.requires_grad_(False)   # frozen
        self.head = torch.nn.Linear(32, num_classes)      # the new 4-class head
    def forward(self, x):
        return self.head(self.backbone.tokens(x)[:, 0])
pretrained = TinyViT().state_dict()
with torch.device("meta"):                               # fast init of the large backbone
    backbone = TinyViT()
backbone.load_state_dict(pretrained)                     # copies into meta tensors: a no-op
model = Classifier(backbone, 4).eval()
ep = torch.export.export(model, (torch.randn(2, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The frozen backbone was built on the meta device and its pretrained weights loaded without "
       "assign=True, so its parameters stay on meta while the new head and the images are on the "
       "CPU.", "Load with load_state_dict(sd, assign=True) (or to_empty(device='cpu') first) "
       "before building the classifier.", match=r".")


def case_09():
    return _t("case_09", "lora-rank-dim-example-rank-1", "dynamic_shape_guard", "export", """
from torch.export import Dim
class LoraHead(TinyViT):
    def forward(self, x, lora_A, lora_B):
        h = self.tokens(x)[:, 0]
        return self.head(h) + (h @ lora_A.t()) @ lora_B.t()
r = Dim("rank", min=1, max=64)                       # one package for every customer's adapter rank
ep = torch.export.export(LoraHead().eval(), (torch.randn(2, 3, 16, 16), torch.randn(1, 32),
                                             torch.randn(10, 1)),   # the smallest adapter: r=1
                         dynamic_shapes=(None, {0: r}, {1: r}))
""", "The adapter rank is declared dynamic but the example adapter has rank 1, which export "
       "specialises (0/1 specialisation), so the rank Dim is refused.",
       "Export with an example adapter of rank >= 2 (e.g. 4); the Dim's min can stay 1.",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R)
def case_10():
    return _c("case_10", "pretrain-size-into-finetuned-res", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vit24_55}")
x = torch.nn.functional.interpolate(torch.rand(2, 3, 64, 64), size=16)  # the old resize step
logits = m(x)
""", "The classifier was fine-tuned and exported at 24 px (position embeddings interpolated), "
       "but the serving preprocessor still resizes to the 16 px pretraining size.",
       "Resize to the package's 24 px (read it from the fine-tuning config).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "five-crop-not-flattened", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
crops = torch.stack([torch.randn(5, 3, 16, 16) for _ in range(2)])   # FiveCrop per image, stacked
logits = m(crops)                                                     # (2, 5, 3, 16, 16)
""", "The five crops of each image are stacked into a 5-D (images, 5, 3, H, W) tensor and sent "
       "to a package that takes a 4-D image batch.",
       "Flatten the crops to (images * 5, 3, H, W) before the call and average the logits "
       "per image after it.", needs=("r",), env=CHECK, match=r".")


def case_12():
    return _c("case_12", "five-crops-as-separate-args", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
crops = [torch.randn(2, 3, 16, 16) for _ in range(5)]   # top-left, top-right, ..., center
logits = m(*crops)
""", "The five crop tensors are passed as five arguments to a package exported with one image "
       "input.", "Concatenate the crops into one batch (torch.cat(crops)) and pass that.",
       needs=("r",), match=r".")


def case_13():
    return _c("case_13", "lora-rank-8-adapter", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lora55}")
A, B = torch.randn(8, 32) * 0.01, torch.randn(10, 8) * 0.01   # the new rank-8 fine-tune
logits = m(torch.randn(2, 3, 16, 16), A, B)
""", "The head's LoRA adapter is an input of the package, exported for rank 4; the new "
       "fine-tune's adapter has rank 8.",
       "Re-export with the new rank (or a dynamic rank Dim), or merge the adapter into the head.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_14():
    return _c("case_14", "rot90-tta-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
x = torch.randn(4, 3, 16, 16)
views = [x, torch.rot90(x, 1, (2, 3)), torch.rot90(x, 3, (2, 3))]   # rotation TTA
logits = torch.stack([m(v) for v in views]).mean(0)
""", "The rotation TTA passes torch.rot90 views (non-contiguous strides) to the package, which "
       "was compiled for contiguous image batches.",
       "Call .contiguous() on each augmented view before the call.", needs=("r",), env=CHECK,
       match=r"stride")


def case_15():
    return _c("case_15", "five-crop-batch-over-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
crops = torch.randn(8 * 5, 3, 16, 16)               # 8 images, five crops each
logits = m(crops).view(8, 5, -1).mean(1)
""", "Five-crop TTA multiplies the batch by 5; 8 images give 40 crops, above the package's "
       "batch max of 32.", "Send at most 6 images per call with five-crop TTA (or export with "
       "max=5 * the image batch).", needs=("r",), env=CHECK, match=r"32|range|bound")


def case_16():
    return _c("case_16", "single-test-image-below-min", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
logits = m(torch.randn(1, 3, 16, 16))               # the smoke test: one image
""", "The image batch Dim was exported with min=2 (to avoid 0/1 specialisation); a single image "
       "is outside the compiled range.", "Export with min=1 (an example batch >= 2 is enough) "
       "or pad single images to a batch of 2.", needs=("r",), env=CHECK,
       match=r"range|bound|2")


# ------------------------------------------------------------------- run: weights and values
def case_20():
    return _c("case_20", "hf-classifier-checkpoint-names", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
ckpt = {"classifier.weight": torch.randn(10, 32), "classifier.bias": torch.zeros(10)}
m.load_constants(ckpt, check_full_update=False)      # the head from the HF fine-tuning run
""", "The fine-tuned head comes from a Hugging Face ViTForImageClassification checkpoint named "
       "classifier.*, while the package's constants are named head.*.",
       "Rename the keys to the package's names (check get_constant_fqns()).", needs=("r",),
       match=r"not found|classifier")


def case_21():
    return _c("case_21", "adapter-into-merged-package", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
adapter = {"head.lora_A.weight": torch.randn(4, 32) * 0.01,
           "head.lora_B.weight": torch.randn(10, 4) * 0.01}
m.load_constants(adapter, check_full_update=False)   # swap in the customer's adapter
""", "A LoRA adapter file is loaded into a package exported with the adapter merged into the "
       "head, which has no adapter constants.",
       "Merge the new adapter into head.weight (W + scale * B @ A) and load that, or export with "
       "the adapter kept as inputs.", needs=("r",), match=r"not found|lora")


def case_24():
    return _c("case_24", "lora-delta-as-head-weight", "numerical", "run", """
m = torch._inductor.aoti_load_package("{vit55}")
x = torch.randn(4, 3, 16, 16)
before = m(x)
A, B = torch.randn(4, 32) * 0.01, torch.randn(10, 4) * 0.01
m.load_constants({"head.weight": 0.5 * B @ A}, check_full_update=False)  # "merge" the adapter
after = m(x)
assert (after - before).abs().max() < 1.0, (after - before).abs().max()
""", "Only the LoRA delta (scale * B @ A) is loaded as head.weight instead of the base weight plus "
       "the delta, so the head's learned weights are replaced and the logits change without an "
       "error.", "Load head.weight = W_base + scale * B @ A.", needs=("r",),
       match=r"AssertionError")


def case_25():
    return _t("case_25", "exported-before-checkpoint-load", "numerical", "run", """
torch.manual_seed(3)
model = TinyViT(num_classes=10).eval()
ep = torch.export.export(model, (torch.randn(2, 3, 16, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pre55.pt2")
finetuned = {k: v + 0.5 * torch.randn_like(v) for k, v in model.state_dict().items()}
model.load_state_dict(finetuned)                    # the fine-tuned weights, loaded too late
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 3, 16, 16)
with torch.no_grad():
    assert torch.allclose(m(x), model(x), atol=1e-4), "package differs from the fine-tuned model"
""", "The model was exported before the fine-tuned checkpoint was loaded, so the package holds "
       "the pretrained weights and its outputs differ from the fine-tuned model without an error.",
       "Load the checkpoint (load_state_dict) before torch.export.", match=r"AssertionError")


def case_26():
    return _c("case_26", "label-id-from-pretrain-map", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{score55}")
claimed = torch.tensor([3, 7])                       # ids from the 10-class pretraining label map
scores = m(torch.randn(2, 3, 16, 16), claimed)
""", "The claimed label ids come from the pretraining label map (10 classes) while the package "
       "is the 5-class fine-tune, so the gather index is outside the logits.",
       "Map labels with the fine-tuned id2label (and reject unknown classes) before the call.",
       needs=("r",), match=r"index out of bounds|out of bounds|index")


def case_27():
    return _c("case_27", "keep-idx-from-larger-grid", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{keep55}")
keep = torch.tensor([0, 7, 20, 35])                  # indices computed for the 24 px (6x6) grid
logits = m(torch.randn(2, 3, 16, 16), keep)
""", "The kept-patch indices were computed for a 6x6 patch grid (24 px) while the package's "
       "images have a 4x4 grid of 16 patches.",
       "Compute the indices from the package's grid (16 patches at 16 px).", needs=("r",),
       match=r"index out of bounds|out of bounds|index")


def case_28():
    return _t("case_28", "deit-checkpoint-with-dist-head", "constant_loading", "run", """
class DeiTFineTuned(TinyViT):                        # the fine-tuning run trained a distilled DeiT
    def __init__(self):
        super().__init__()
        self.dist_token = torch.nn.Parameter(torch.zeros(1, 1, 32))
        self.head_dist = torch.nn.Linear(32, 10)
m = torch._inductor.aoti_load_package("{vit55}")
m.load_constants(DeiTFineTuned().state_dict(), check_full_update=True)
""", "The fine-tuned checkpoint is a distilled DeiT with a distillation token and head "
       "(dist_token, head_dist.*) that the plain-ViT package does not have.",
       "Drop the distillation entries (or export the DeiT model itself) before load_constants.",
       needs=("r",), match=r"not found|dist")


CASES = [case_01, case_02, case_03, case_05, case_07, case_08, case_09, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_20, case_21, case_24, case_25, case_26, case_28]
# Left out of the recorded run: case_27 (kept-patch indices computed for a 6x6 grid sent to the
# 16-patch token-keep package): in the trial the child died of SIGABRT (rc=-6) instead of raising
# a Python exception, so the harness skipped it (expected exc, got crash); it is not relabelled.
DROPPED = [case_27]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_04 (the head's LoRA adapter
# kept as a torch.nn.utils.parametrize parametrization: export and compile both went through).
TRIED = [case_04]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind55.jsonl",
        url_file="benchmarks/live_blind55.py", id_prefix="live55", stems=STEMS,
        scratch_prefix="live_blind55-", description=__doc__.splitlines()[0]))
