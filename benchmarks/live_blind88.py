"""An eighty-eighth blind set of REAL AOTInductor failures (machine translation and encoder-decoder models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind88.py [--out benchmarks/live_blind88.jsonl] [--keep]

Theme: machine translation and encoder-decoder sequence models (encoder self-attention with
source padding masks, decoder cross-attention, embeddings tied to the output projection, beam
states reordered by beam index, length penalties, subword vocabularies of different sizes per
language), exported, compiled, loaded and run as an MT engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind87.py
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
MODELS = """
V_SRC, V_TGT, D, HEADS = 64, 48, 16, 2   # source (en) and target (de) subword vocabularies differ
PAD, BOS, EOS = 0, 1, 2
ALPHA = 0.6                              # GNMT length-penalty exponent

class Encoder(torch.nn.Module):
    # source embeddings + learned positions, self-attention that ignores padded source tokens
    def __init__(self, max_len=64):
        super().__init__()
        self.emb = torch.nn.Embedding(V_SRC, D, padding_idx=PAD)
        self.pos = torch.nn.Parameter(torch.randn(max_len, D) * 0.1)
        self.att = torch.nn.MultiheadAttention(D, HEADS, batch_first=True)
        self.ff = torch.nn.Linear(D, D)
    def forward(self, src, src_mask):            # src_mask: True where the token is padding
        x = self.emb(src) + self.pos[: src.shape[1]]
        a, _ = self.att(x, x, x, key_padding_mask=src_mask, need_weights=False)
        return x + torch.relu(self.ff(x + a))

class DecoderStep(torch.nn.Module):
    # target prefix -> causal self-attention -> cross-attention over the encoder memory ->
    # next-token log-probs through the output projection tied to the target embedding
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(V_TGT, D, padding_idx=PAD)
        self.pos = torch.nn.Parameter(torch.randn(64, D) * 0.1)
        self.self_att = torch.nn.MultiheadAttention(D, HEADS, batch_first=True)
        self.cross = torch.nn.MultiheadAttention(D, HEADS, batch_first=True)
    def forward(self, tgt, memory, src_mask):
        T = tgt.shape[1]
        h = self.emb(tgt) + self.pos[:T]
        causal = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
        a, _ = self.self_att(h, h, h, attn_mask=causal, need_weights=False)
        h = h + a
        c, _ = self.cross(h, memory, memory, key_padding_mask=src_mask, need_weights=False)
        h = h + c
        return torch.log_softmax(h[:, -1] @ self.emb.weight.t(), -1)   # tied output projection

class Reorder(torch.nn.Module):
    # beam search: gather the surviving hypotheses' decoder states by flat beam index
    def forward(self, state, beam_idx):
        return state.index_select(0, beam_idx) * 1.0

class LengthPenalty(torch.nn.Module):
    # final hypothesis scores: summed log-probs divided by length ** alpha
    def forward(self, scores, lengths):
        return scores / lengths.to(scores.dtype).pow(ALPHA)

def batch(b=2, s=7, lens=None):
    # a padded source batch (right padding) and its padding mask
    lens = lens or [s] + [max(2, s - 2 - i) for i in range(b - 1)]
    src = torch.randint(3, V_SRC, (b, s))
    for i, l in enumerate(lens):
        src[i, l:] = PAD
    return src, src == PAD
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, s, t = Dim("batch", min=1, max=64), Dim("src_len", min=2, max=64), Dim("tgt_len", min=1, max=64)
src, mask = batch(2, 7)
build("enc88", Encoder().eval(), (src, mask), dynamic_shapes=({0: b, 1: s}, {0: b, 1: s}))
memory = torch.randn(2, 7, D)
build("dec88", DecoderStep().eval(), (torch.randint(3, V_TGT, (2, 3)), memory, mask),
      dynamic_shapes=({0: b, 1: t}, {0: b, 1: s}, {0: b, 1: s}))
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
n, s = Dim("rows", min=2, max=256), Dim("steps", min=1, max=64)
build("reord88", Reorder(), (torch.randn(8, 5, D), torch.tensor([0, 0, 2, 3, 5, 4, 7, 7])),
      dynamic_shapes=({0: n, 1: s}, {0: n}))
build("lp88", LengthPenalty(), (torch.randn(8) - 5, torch.randint(1, 20, (8,))),
      dynamic_shapes=({0: n}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"enc88", "dec88", "reord88", "lp88", "long88"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "target-language-head-by-int", "export_failure", "export", """
class Multi(torch.nn.Module):
    # one shared decoder, one output head per target language (de 48, fr 40, ja 56 subwords)
    def __init__(self):
        super().__init__()
        self.dec = DecoderStep()
        self.heads = torch.nn.ModuleList([torch.nn.Linear(D, v) for v in (48, 40, 56)])
    def forward(self, tgt, memory, src_mask, tgt_lang):
        h = self.dec.emb(tgt).mean(1)
        return self.heads[int(tgt_lang)](h)
src, mask = batch(2, 7)
ep = torch.export.export(Multi(), (torch.randint(3, V_TGT, (2, 3)), torch.randn(2, 7, D), mask,
                                   torch.tensor(1)))
""", "The output head is chosen with int(tgt_lang) from the request's target-language tensor, a "
       "data-dependent Python int that torch.export cannot trace into one graph.",
       "Export one package per target language (pass the language as a Python constant), or "
       "compute all heads and select with a mask.", match=r"data-dependent|Could not guard|int")


def case_02():
    return _m("case_02", "left-padding-assert", "export_failure", "export", """
class Checked(Encoder):
    # the encoder only supports right padding; the serving code asserts it in forward
    def forward(self, src, src_mask):
        assert not src_mask[:, 0].any(), "left-padded source batch"
        return super().forward(src, src_mask)
ep = torch.export.export(Checked(), batch(2, 7))
""", "forward asserts on a tensor value (no padding in the first column); bool() of a "
       "data-dependent tensor cannot be evaluated while export traces with fake tensors.",
       "Move the check to the caller (before the package), or use torch._check on sizes only.",
       match=r"data-dependent|Could not guard|bool")


def case_03():
    return _m("case_03", "full-position-table-dynamic-len", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FullPos(Encoder):
    # the positional table is added whole (sized for the 32-token training length)
    def __init__(self):
        super().__init__(max_len=32)
    def forward(self, src, src_mask):
        x = self.emb(src) + self.pos
        a, _ = self.att(x, x, x, key_padding_mask=src_mask, need_weights=False)
        return x + a
s = Dim("src_len", min=2, max=256)
ep = torch.export.export(FullPos(), batch(2, 32), dynamic_shapes=({1: s}, {1: s}))
""", "The learned position table (32 rows) is added without slicing to the source length, so the "
       "broadcast forces src_len == 32 although it is declared dynamic.",
       "Slice the table to the input length (self.pos[:S]) and keep max <= the table size.",
       match=r"specializ|Constraints violated|32")


def case_04():
    return _m("case_04", "memory-batch-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
bt, bm, s = Dim("tgt_batch", max=64), Dim("mem_batch", max=64), Dim("src_len", min=2, max=64)
t = Dim("tgt_len", max=64)
src, mask = batch(2, 7)
ep = torch.export.export(DecoderStep().eval(), (torch.randint(3, V_TGT, (2, 3)), torch.randn(2, 7, D), mask),
                         dynamic_shapes=({0: bt, 1: t}, {0: bm, 1: s}, {0: bm, 1: s}))
""", "The target prefix and the encoder memory get independent batch Dims, but cross-attention "
       "requires them to be equal, so the tgt_batch == mem_batch relation is violated.",
       "Use one batch Dim for the prefix, the memory and the mask.",
       match=r"Constraints violated|batch")


def case_05():
    return _m("case_05", "subword-pair-pooling-odd-length", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Pooled(Encoder):
    # a character-level encoder that halves the sequence by pooling pairs of positions
    def forward(self, src, src_mask):
        x = super().forward(src, src_mask)
        B, S, _ = x.shape
        return x.reshape(B, S // 2, 2 * D)
s = Dim("src_len", min=2, max=64)
ep = torch.export.export(Pooled().eval(), batch(2, 8), dynamic_shapes=({1: s}, {1: s}))
""", "Pairs of positions are pooled with reshape(B, S // 2, 2 * D), which is only valid for an "
       "even source length; the declared src_len Dim also allows odd lengths.",
       "Declare src_len as 2 * Dim(...) (the suggested fix) or pad the source to an even length.",
       match=r"Constraints violated|divisib|specializ|Not all values")


# ---------------------------------------------------------------------------- constants
def case_06():
    return _c("case_06", "tgt-vocab-grown-load-constants", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{dec88}")
# the de vocabulary was re-trained with 52 subwords; the new embedding (tied to the output
# projection) is swapped into the 48-subword package
m.load_constants({"emb.weight": torch.randn(52, 16)}, check_full_update=False)
""", "A fine-tuned target embedding for a re-trained 52-subword vocabulary is loaded into a "
       "package whose tied embedding/output projection was compiled for 48 subwords.",
       "Re-export the decoder with the new vocabulary size; load_constants only replaces "
       "weights of the compiled shapes.", needs=("r",), match=r".")


def case_07():
    return _c("case_07", "checkpoint-without-position-table", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{enc88}")
# the training code keeps positions out of the checkpoint (regenerated at start-up), so the
# fine-tuned checkpoint has every weight except "pos"
ckpt = {"emb.weight": torch.randn(64, 16), "att.in_proj_weight": torch.randn(48, 16),
        "att.in_proj_bias": torch.zeros(48), "att.out_proj.weight": torch.randn(16, 16),
        "att.out_proj.bias": torch.zeros(16), "ff.weight": torch.randn(16, 16),
        "ff.bias": torch.zeros(16)}
m.load_constants(ckpt, check_full_update=True)
""", "The fine-tuned checkpoint omits the learned position table (the training code regenerates "
       "it), so a full constant update of the encoder package is missing 'pos'.",
       "Include every package constant (m.get_constant_fqns()) in the update, or load with "
       "check_full_update=False to keep the package's positions.", needs=("r",),
       match=r"pos|[Cc]onstant")


# ---------------------------------------------------------------------------- resources
def case_08():
    return _m("case_08", "unsplit-subtitle-file-one-source", "out_of_memory", "run", """
import resource
from torch.export import Dim
b, s = Dim("batch", min=1, max=64), Dim("src_len", min=2, max=8192)
ep = torch.export.export(Encoder(max_len=8192).eval(), batch(2, 7), dynamic_shapes=({0: b, 1: s}, {0: b, 1: s}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/long88.pt2")
m = torch._inductor.aoti_load_package(pkg)
src, mask = batch(8, 4096)                        # 8 subtitle files, each sent as one "sentence"
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 512 * 2**20, vm + 512 * 2**20))
with torch.no_grad():
    memory = m(src, mask)
""", "Whole subtitle files (4096 subwords each, 8 at once) are sent unsplit to the encoder on a "
       "worker with 512 MiB left; the self-attention score matrix alone is about 1 GiB.",
       "Split documents into sentences before translation (or cap the source length and batch "
       "by tokens).", match=r"memory|alloc")


# ---------------------------------------------------------------------------- numerics
def case_09():
    return _c("case_09", "length-penalty-zero-length-hyp", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lp88}")
scores = torch.tensor([-3.2, -4.1, 0.0, -2.7])
lengths = torch.tensor([4, 5, 0, 3])              # an empty hypothesis (EOS as the first token)
final = m(scores, lengths)
assert torch.isfinite(final).all(), final
""", "A hypothesis that emitted EOS first has length 0 (EOS not counted), so score / 0 ** alpha "
       "is 0/0 = NaN in the length-penalised scores.",
       "Count EOS in the length (or clamp lengths to >= 1) before the length penalty.",
       needs=("s",), match=r"AssertionError")


def case_10():
    return _c("case_10", "beam-index-not-offset-by-sentence", "numerical", "run", """
m = torch._inductor.aoti_load_package("{reord88}")
B, K = 2, 4
state = torch.randn(B * K, 5, 16)
origin = torch.tensor([[1, 1, 0, 3], [2, 0, 0, 1]])   # winning beam per slot, within each sentence
new = m(state, origin.flatten())                      # forgot + sentence * K
want = state.index_select(0, (origin + torch.arange(B)[:, None] * K).flatten())
torch.testing.assert_close(new, want)
""", "The beam origins from topk are per-sentence beam numbers (0..K-1), passed without adding "
       "sentence * K, so sentence 2's hypotheses continue from sentence 1's states.",
       "Flatten the indices as origin + sentence_index * beam_size before reordering.",
       needs=("s",), match=r"not close|AssertionError")


def case_11():
    return _c("case_11", "padded-with-id-one-mask-from-zero", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{enc88}")
src = torch.randint(3, 64, (2, 7))
src[1, 4:] = 1                                    # the fairseq dictionary pads with id 1
mask = src == 0                                   # the serving code's mask assumes pad id 0
full = m(src, mask)
alone = m(src[1:, :4], mask[1:, :4])              # the same sentence without padding
torch.testing.assert_close(full[1:, :4], alone)
""", "The batch is padded with the fairseq pad id 1 while the mask is built for pad id 0, so "
       "the encoder attends to the padding and the short sentence's encoding changes.",
       "Build the mask with the tokenizer's pad id (src == dictionary.pad()) or pad with 0.",
       needs=("r",), match=r"not close|AssertionError")


# ---------------------------------------------------------------------------- indices
def case_12():
    return _c("case_12", "source-ids-forced-into-target-prefix", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dec88}")
src = torch.randint(3, 64, (2, 7))
mask = torch.zeros(2, 7, dtype=torch.bool)
memory = torch.randn(2, 7, 16)
prefix = torch.cat([torch.ones(2, 1, dtype=torch.long), src[:, :2]], 1)   # copy names verbatim
logp = m(prefix, memory, mask)
""", "For forced copying of names, source subword ids (en vocabulary, up to 63) are put into the "
       "target prefix, whose embedding has only 48 de subwords.",
       "Map copied tokens through the target tokenizer (detokenize and re-encode) instead of "
       "reusing source ids.", needs=("r",), match=r"out of bounds|out of range")


def case_13():
    return _c("case_13", "finished-beams-index-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{reord88}")
state = torch.randn(8, 5, 16)
beam_idx = torch.tensor([0, 0, 2, -1, 4, 4, -1, -1])   # -1 marks hypotheses that finished
new = m(state, beam_idx)
""", "Finished hypotheses are marked with beam index -1 and the index vector is passed to the "
       "reorder package, whose index_select does not wrap negative indices.",
       "Replace -1 by a valid row (e.g. the row itself) and mask finished beams separately.",
       needs=("s",), expect="crash", match=r"out of bounds|out of range")


# ---------------------------------------------------------------------------- run: inputs
def case_14():
    return _c("case_14", "encoder-output-tuple-as-memory", "input_mismatch", "run", """
enc = torch._inductor.aoti_load_package("{enc88}")
dec = torch._inductor.aoti_load_package("{dec88}")
src = torch.randint(3, 64, (2, 7))
mask = torch.zeros(2, 7, dtype=torch.bool)
enc_out = (enc(src, mask), mask)                  # fairseq-style encoder_out bundle
logp = dec(torch.ones(2, 1, dtype=torch.long), enc_out)
""", "The encoder output is bundled as (memory, mask) and passed as one argument, while the "
       "decoder package takes memory and src_mask as two separate tensors.",
       "Unpack the bundle: dec(prefix, memory, mask).", needs=("r",), match=r".")


def case_15():
    return _c("case_15", "byte-padding-mask-legacy", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{enc88}")
src = torch.randint(3, 64, (2, 7))
src[1, 5:] = 0
mask = (src == 0).to(torch.uint8)                 # the pre-1.2 code path built ByteTensor masks
memory = m(src, mask)
""", "The padding mask is built as a uint8 ByteTensor (legacy masking code) while the encoder "
       "was exported with a bool mask.", "Pass mask.bool() (src == pad) to the package.",
       needs=("r",), env=CHECK, match=r"dtype|Byte|Bool")


def case_16():
    return _c("case_16", "single-sentence-no-batch-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{enc88}")
src = torch.tensor([5, 17, 9, 33, 2])            # one sentence from the interactive demo
memory = m(src, src == 0)
""", "A single sentence is sent as a 1-D token tensor without the batch dimension the encoder "
       "was exported with.", "Add the batch dimension (src.unsqueeze(0)).",
       needs=("r",), env=CHECK, match=r"dim|rank|size")


def case_17():
    return _c("case_17", "target-mask-passed-as-source-mask", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dec88}")
memory = torch.randn(2, 7, 16)
prefix = torch.tensor([[1, 5, 9], [1, 4, 0]])
tgt_mask = prefix == 0                            # the target-side padding mask
logp = m(prefix, memory, tgt_mask)
""", "The target prefix's padding mask (2 x 3) is passed where the decoder expects the source "
       "padding mask over the 7 memory positions.",
       "Pass the encoder's source padding mask (src == pad) to cross-attention.",
       needs=("r",), env=CHECK, match=r"dim|size|shape")


# ---------------------------------------------------------------------------- run: ranges
def case_18():
    return _c("case_18", "memory-not-expanded-for-beams", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dec88}")
B, K = 2, 4
memory = torch.randn(B, 7, 16)
mask = torch.zeros(B, 7, dtype=torch.bool)
prefix = torch.tensor([[1, 7]] * (B * K))           # K beams per sentence, after one step
logp = m(prefix, memory, mask)                    # memory not repeat_interleave'd to B * K
""", "The prefix has B * K beam rows but the encoder memory and mask were not expanded to the "
       "beams, so the inputs break the decoder's shared batch Dim.",
       "Expand memory and mask with repeat_interleave(K, dim=0) before the first decoder step.",
       needs=("r",), env=CHECK, match=r"dim|size")


def case_19():
    return _c("case_19", "unsplit-paragraph-over-src-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{enc88}")
src = torch.randint(3, 64, (2, 180))              # paragraphs not split into sentences
memory = m(src, src == 0)
""", "180-subword paragraphs are sent to the encoder whose src_len Dim was exported with "
       "max=64.", "Split the paragraph into sentences (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"64|too large|range|bound")


def case_20():
    return _c("case_20", "one-subword-source", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{enc88}")
src = torch.tensor([[17], [23]])                  # "OK", "Yes": one subword each, no EOS appended
memory = m(src, src == 0)
""", "One-subword sources (the tokenizer did not append EOS) are below the encoder's src_len "
       "Dim minimum of 2.", "Append EOS to every source (or export with min=1).",
       needs=("r",), env=CHECK, match=r"too small|2|range|bound")


def case_21():
    return _c("case_21", "scores-over-beam-rows-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{lp88}")
B, K = 64, 5                                      # a full 64-sentence batch with 5 beams
scores = torch.randn(B * K) - 5
lengths = torch.randint(1, 30, (B * K,))
final = m(scores, lengths)
""", "All 320 (64 sentences x 5 beams) hypothesis scores are passed to the length-penalty "
       "package, whose rows Dim was exported with max=256.",
       "Apply it per chunk of at most 256 rows (or re-export with a larger max).",
       needs=("s",), env=CHECK, match=r"256|too large|range|bound")


def case_22():
    return _c("case_22", "ensemble-memory-averaged-in-numpy", "input_mismatch", "run", """
import numpy as np
enc = torch._inductor.aoti_load_package("{enc88}")
dec = torch._inductor.aoti_load_package("{dec88}")
src = torch.randint(3, 64, (2, 7))
mask = torch.zeros(2, 7, dtype=torch.bool)
# a two-model ensemble: the encoder memories are averaged with NumPy (which gives float64)
memory = torch.from_numpy(np.mean([enc(src, mask).numpy(), enc(src, mask).numpy()], axis=0, dtype=np.float64))
logp = dec(torch.tensor([[1, 7], [1, 9]]), memory, mask)
""", "The ensemble averages the encoder memories with NumPy in float64 and passes the result to "
       "the decoder package exported for float32 memory.",
       "Average in torch (torch.stack(...).mean(0)) or cast with .float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_23():
    return _c("case_23", "language-tag-after-target-vocab", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dec88}")
memory = torch.randn(2, 7, 16)
mask = torch.zeros(2, 7, dtype=torch.bool)
LANG_DE = 48                                      # <2de> appended after the 48 de subwords
prefix = torch.tensor([[LANG_DE, 7], [LANG_DE, 9]])   # the target-language tag, then subwords
logp = m(prefix, memory, mask)
""", "The multilingual tokenizer appends the target-language tag <2de> after the subword "
       "vocabulary (id 48), but the decoder's embedding has only the 48 subwords (0..47).",
       "Export the decoder with the language tags in its vocabulary (V_TGT + number of tags) or "
       "start from BOS for this bilingual model.", needs=("r",), match=r"out of bounds|out of range")


def case_24():
    return _m("case_24", "shared-250k-vocab-all-beams-capped-worker", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Big(DecoderStep):
    # mBART-style shared 250k multilingual vocabulary, tied output projection
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(250000, D)
src, mask = batch(2, 7)
b = Dim("batch", min=1, max=512)
ep = torch.export.export(Big().eval(), (torch.randint(3, 100, (2, 3)), torch.randn(2, 7, D), mask),
                         dynamic_shapes=({0: b}, {0: b}, {0: b}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/long88.pt2")
m = torch._inductor.aoti_load_package(pkg)
B, K = 64, 5                                      # the whole 64-sentence batch, 5 beams each
prefix = torch.randint(3, 100, (B * K, 3))
memory = torch.randn(B * K, 7, D)
mask = torch.zeros(B * K, 7, dtype=torch.bool)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))
with torch.no_grad():
    logp = m(prefix, memory, mask)
""", "All 320 beam rows are decoded at once over a shared 250k-subword vocabulary on a worker "
       "with 256 MiB left; the (320, 250000) float32 logits alone need about 320 MB.",
       "Decode fewer beam rows per call (or restrict the output vocabulary to the target "
       "language's subwords) and give the worker more memory.", match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_09, case_10,
         case_11, case_12, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24]
DROPPED = []
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_06 (a 52-row target embedding
# loaded with load_constants(check_full_update=False) into the 48-subword decoder: accepted),
# case_08 (8 unsplit 4096-subword sources through the encoder with 512 MiB of address space left:
# it ran), case_13 (beam index -1 for finished hypotheses into the reorder package: index_select
# accepted it) and case_14 (the (memory, mask) tuple passed as one argument to the decoder: it
# ran).
TRIED = [case_06, case_08, case_13, case_14]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind88.jsonl",
        url_file="benchmarks/live_blind88.py", id_prefix="live88", stems=STEMS,
        scratch_prefix="live_blind88-", description=__doc__.splitlines()[0]))
