"""A fifty-fourth blind set of REAL AOTInductor failures (speech recognition and streaming audio), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind54.py [--out benchmarks/live_blind54.jsonl] [--keep]

Theme: speech recognition and streaming audio models on their way to a package (a log-mel front
end written in torch, Conv2d subsampling by 4, a transformer encoder layer, a CTC head and greedy
CTC decoding, a streaming chunk encoder with a carried attention cache and an absolute frame
offset, utterance lengths and padding masks, sample-rate and frame-count handling, and the
service that batches utterances of different lengths), exported, compiled, loaded and run as a
deployment engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind53.py (their TRIED
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
MODELS = """
import math
class Subsample4(torch.nn.Module):
    # ESPnet-style Conv2dSubsampling: two stride-2 3x3 convs over (frames, mel): T -> ~T/4
    def __init__(self, n_mels=80, d=32):
        super().__init__()
        self.conv = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3, 2), torch.nn.ReLU(),
                                        torch.nn.Conv2d(4, 4, 3, 2), torch.nn.ReLU())
        self.out = torch.nn.Linear(4 * (((n_mels - 1) // 2 - 1) // 2), d)
    def forward(self, x):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.shape
        return self.out(x.transpose(1, 2).reshape(b, t, c * f))

class EncoderLayer(torch.nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.attn = torch.nn.MultiheadAttention(d, 4, batch_first=True)
        self.ff = torch.nn.Sequential(torch.nn.Linear(d, 64), torch.nn.ReLU(), torch.nn.Linear(64, d))
        self.n1, self.n2 = torch.nn.LayerNorm(d), torch.nn.LayerNorm(d)
    def forward(self, x, pad):
        y, _ = self.attn(x, x, x, key_padding_mask=pad, need_weights=False)
        x = self.n1(x + y)
        return self.n2(x + self.ff(x))

class CtcAsr(torch.nn.Module):
    # log-mel (batch, frames, 80), frame lengths (batch,), language id (batch,) -> CTC log-probs
    def __init__(self, vocab=30, d=32, n_lang=4):
        super().__init__()
        self.sub = Subsample4(80, d)
        self.lang = torch.nn.Embedding(n_lang, d)
        self.enc = EncoderLayer(d)
        self.ctc = torch.nn.Linear(d, vocab)
    def forward(self, feats, lengths, lang):
        feats = feats - feats.mean(1, keepdim=True)          # utterance-level mean normalisation
        x = self.sub(feats) + self.lang(lang).unsqueeze(1)
        out_len = ((lengths - 1) // 2 - 1) // 2
        pad = torch.arange(x.shape[1]).unsqueeze(0) >= out_len.unsqueeze(1)
        return self.ctc(self.enc(x, pad)).log_softmax(-1), out_len

def sinusoid(n, d):
    pos = torch.arange(n).unsqueeze(1).float()
    div = torch.exp(torch.arange(0, d, 2).float() * (-math.log(10000.0) / d))
    pe = torch.zeros(n, d)
    pe[:, 0::2], pe[:, 1::2] = torch.sin(pos * div), torch.cos(pos * div)
    return pe

class StreamEncoder(torch.nn.Module):
    # one 16-frame chunk (batch, 16, 80) + attention cache of the last 32 encoder frames
    # + absolute frame offset (0-d int64) -> CTC log-probs of the chunk, new cache
    def __init__(self, d=32, max_pos=5000):
        super().__init__()
        self.inp = torch.nn.Linear(80, d)
        self.register_buffer("pe", sinusoid(max_pos, d))
        self.attn = torch.nn.MultiheadAttention(d, 4, batch_first=True)
        self.ctc = torch.nn.Linear(d, 30)
    def forward(self, chunk, att_cache, offset):
        pos = torch.index_select(self.pe, 0, offset + torch.arange(chunk.shape[1]))
        x = self.inp(chunk) + pos
        kv = torch.cat([att_cache, x], 1)
        y, _ = self.attn(x, kv, kv, need_weights=False)
        return self.ctc(y).log_softmax(-1), kv[:, -att_cache.shape[1]:].contiguous()

class LogMel(torch.nn.Module):
    # 1 s of 16 kHz mono audio in [-1, 1] -> 25 ms / 10 ms frames -> power spectrum by DFT matmul
    # -> 80 mel bands -> log
    def __init__(self, n_fft=400, hop=160, n_mels=80):
        super().__init__()
        self.hop = hop
        k = torch.arange(n_fft // 2 + 1).unsqueeze(1).float()
        n = torch.arange(n_fft).unsqueeze(0).float()
        self.register_buffer("cos", torch.cos(2 * math.pi * k * n / n_fft))
        self.register_buffer("sin", torch.sin(2 * math.pi * k * n / n_fft))
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("fb", torch.rand(n_mels, n_fft // 2 + 1))
    def forward(self, wave):
        frames = wave.unfold(-1, self.cos.shape[1], self.hop) * self.window
        re, im = frames @ self.cos.t(), frames @ self.sin.t()
        return torch.log((re * re + im * im) @ self.fb.t() + 1e-6)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, frames = Dim("b", min=1, max=16), Dim("frames", min=16, max=3000)
build("asr54", CtcAsr().eval(), (torch.randn(2, 200, 80), torch.tensor([200, 150]),
                                 torch.tensor([0, 1])),
      dynamic_shapes=({0: b, 1: frames}, {0: b}, {0: b}))
torch.manual_seed(1)
sb = Dim("sb", min=1, max=8)
build("stream54", StreamEncoder().eval(), (torch.randn(2, 16, 80), torch.zeros(2, 32, 32),
                                           torch.tensor(0)),
      dynamic_shapes=({0: sb}, {0: sb}, None))
torch.manual_seed(2)
build("front54", LogMel(), (torch.rand(2, 16000) * 2 - 1,), dynamic_shapes=({0: b},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"asr54", "stream54", "front54", "ctcloss54", "ndk54"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# _m: a case whose child defines the speech models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "greedy-ctc-python-loop", "export_failure", "export", """
class AsrWithDecode(CtcAsr):
    def forward(self, feats, lengths, lang):
        logp, out_len = super().forward(feats, lengths, lang)
        ids = logp.argmax(-1)
        hyps = []
        for b in range(ids.shape[0]):                 # greedy CTC: collapse repeats, drop blanks
            prev, hyp = 0, []
            for t in range(int(out_len[b])):
                tok = int(ids[b, t])
                if tok != prev and tok != 0:
                    hyp.append(tok)
                prev = tok
            hyps.append(torch.tensor(hyp + [0] * (ids.shape[1] - len(hyp))))
        return torch.stack(hyps)
ep = torch.export.export(AsrWithDecode().eval(), (torch.randn(2, 200, 80), torch.tensor([200, 150]),
                                                  torch.tensor([0, 1])))
""", "Greedy CTC decoding in forward walks the frames with Python ints taken from tensors "
       "(int(out_len[b]), int(ids[b, t])), data-dependent values torch.export cannot trace.",
       "Keep decoding out of the package (decode the returned log-probs in the service), or "
       "express it with tensor ops (argmax, shifted compare, masks) only.", match=r".")


def case_02():
    return _m("case_02", "sample-rate-tensor-branch", "export_failure", "export", """
class AnyRateFrontEnd(LogMel):
    def forward(self, wave, sample_rate):
        if sample_rate != 16000:                      # resample telephony audio on the fly
            wave = torch.nn.functional.interpolate(wave.unsqueeze(1), size=16000,
                                                   mode="linear").squeeze(1)
        return super().forward(wave)
ep = torch.export.export(AnyRateFrontEnd(), (torch.rand(2, 16000), torch.tensor(16000)))
""", "The front end branches in Python on the sample rate passed as a tensor (if sample_rate != "
       "16000), a data-dependent condition torch.export cannot trace.",
       "Resample in the service before the call (or pass the rate as a Python int and export one "
       "package per rate, or use torch.cond).", match=r".")


def case_03():
    return _m("case_03", "pos-table-shorter-than-max-frames", "dynamic_shape_guard", "export", """
from torch.export import Dim
class AbsPosAsr(CtcAsr):
    def __init__(self):
        super().__init__()
        self.register_buffer("pe", sinusoid(500, 32))   # 500 subsampled frames = 20 s
    def forward(self, feats, lengths, lang):
        x = self.sub(feats)
        x = x + self.pe[: x.shape[1]]
        return self.ctc(x).log_softmax(-1)
ep = torch.export.export(AbsPosAsr(), (torch.randn(2, 200, 80), torch.tensor([200, 150]),
                                       torch.tensor([0, 1])),
                         dynamic_shapes=({0: Dim("b"), 1: Dim("frames", min=16, max=6000)},
                                         {0: Dim("b")}, {0: Dim("b")}))
""", "The positional table covers 500 subsampled frames (20 s) but the frames Dim allows up to "
       "6000 input frames (60 s), so adding pe[:T'] only holds for part of the declared range.",
       "Lower the frames Dim max to what the table covers (about 2000 frames) or build a longer "
       "positional table before export.", match=r"Constraints violated|frames|range")


def case_04():
    return _m("case_04", "subsampled-mask-same-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class MaskedAsr(CtcAsr):
    def forward(self, feats, pad):                    # the data loader precomputes the mask
        x = self.sub(feats)
        return self.ctc(self.enc(x, pad)).log_softmax(-1)
b, frames = Dim("b"), Dim("frames", min=16, max=3000)
feats = torch.randn(2, 200, 80)
pad = torch.zeros(2, 49, dtype=torch.bool)           # mask at the subsampled (T/4) rate
ep = torch.export.export(MaskedAsr(), (feats, pad),
                         dynamic_shapes=({0: b, 1: frames}, {0: b, 1: frames}))
""", "The padding mask lives at the subsampled rate (49 frames for 200 input frames) but is "
       "given the same frames Dim as the features, which declares them equal.",
       "Give the mask's time axis its own Dim (or build the mask in forward from lengths).",
       match=r".")


def case_05():
    return _m("case_05", "vad-trim-leading-silence", "export_failure", "export", """
class VadTrim(LogMel):
    def forward(self, wave):
        energy = wave.unfold(-1, 160, 160).pow(2).mean(-1)
        start = int((energy[0] > 1e-4).nonzero()[0]) * 160   # first voiced 10 ms block
        return super().forward(wave[:, start:])
ep = torch.export.export(VadTrim(), (torch.cat([torch.zeros(1, 3200), torch.rand(1, 12800)], 1),))
""", "The front end trims leading silence with a sample index computed from the data (int() of a "
       "nonzero() result), a data-dependent value torch.export cannot specialise.",
       "Run the voice-activity trim in the service before the call, or keep the length and mask "
       "silence instead of slicing.", match=r".")


def case_06():
    return _m("case_06", "ctc-loss-confidence-in-package", "unsupported", "export", """
class Confidence(CtcAsr):
    # utterance confidence: CTC loss of the greedy transcript, returned with the log-probs
    def forward(self, feats, lengths, lang, targets, target_lengths):
        logp, out_len = super().forward(feats, lengths, lang)
        loss = torch.nn.functional.ctc_loss(logp.transpose(0, 1), targets, out_len,
                                            target_lengths, reduction="none")
        return logp, loss
args = (torch.randn(2, 200, 80), torch.tensor([200, 150]), torch.tensor([0, 1]),
        torch.randint(1, 30, (2, 10)), torch.tensor([10, 8]))
ep = torch.export.export(Confidence().eval(), args)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ctcloss54.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(*args)[1])
""", "The package computes a CTC-loss confidence score in forward; aten._ctc_loss has no "
       "fake-tensor kernel with a traceable output shape, so it cannot be exported into a package.",
       "Compute the confidence in the service from the returned log-probs (eager ctc_loss) and "
       "keep the package to the encoder and CTC head.", match=r".")


def case_07():
    return _m("case_07", "ndk-clang-for-on-device-asr", "compile_toolchain", "compile", """
ep = torch.export.export(LogMel(), (torch.rand(1, 16000) * 2 - 1,))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/ndk54.pt2",
    inductor_configs={"cpp.cxx": (None, "aarch64-linux-android30-clang++")})  # for the phone app
""", "The front end is compiled with the Android NDK's clang++ named as the compiler, which is not "
       "installed on the build host (and AOTI does not cross-compile for Android this way).",
       "Build with the host's g++ (or on a machine with the target toolchain set up and on PATH).",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R)
def case_10():
    return _c("case_10", "utterance-durations-in-seconds", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
feats = torch.randn(2, 300, 80)
lengths = torch.tensor([3.0, 2.4])                   # the manifest's durations, in seconds
logp, out_len = m(feats, lengths, torch.tensor([0, 0]))
""", "The service passes the manifest's utterance durations in seconds (float) as lengths, while "
       "the package takes int64 frame counts.",
       "Convert durations to frame counts (round(sec * 100)) as int64 before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Float|Long")


def case_11():
    return _c("case_11", "kaldi-40-bin-feats", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
feats = torch.randn(2, 300, 40)                      # the old Kaldi recipe's 40-dim fbank
logp, out_len = m(feats, torch.tensor([300, 250]), torch.tensor([0, 0]))
""", "Features from the old Kaldi front end have 40 mel bins while the package was exported for 80.",
       "Use the 80-bin front end the model was trained and exported with.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _c("case_12", "pcm-int16-samples", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{front54}")
pcm = (np.random.rand(2, 16000) * 65535 - 32768).astype(np.int16)   # samples as read from the WAV
feats = m(torch.from_numpy(pcm))
""", "Raw 16-bit PCM samples from the WAV reader are passed as int16, while the front end was "
       "exported for float32 samples in [-1, 1].",
       "Convert with pcm.astype(np.float32) / 32768 before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Short|Float")


def case_13():
    return _c("case_13", "telephony-8khz-audio", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{front54}")
wave = torch.rand(2, 8000) * 2 - 1                   # 1 s clips from the call centre: 8 kHz
feats = m(wave)
""", "One second of 8 kHz telephony audio has 8000 samples, but the front end was exported for "
       "1 s at 16 kHz (16000 samples, static).",
       "Resample to 16 kHz before the call (torchaudio / soxr in the service).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_14():
    return _c("case_14", "stereo-wave-two-channels", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{front54}")
wave = torch.rand(2, 2, 16000) * 2 - 1               # the browser uploads stereo (batch, ch, samples)
feats = m(wave)
""", "The upload is stereo (batch, 2, samples) while the front end takes mono (batch, samples).",
       "Down-mix to mono (wave.mean(1)) before the call.",
       needs=("r",), env=CHECK, match=r"dim|rank|size|shape")


def case_15():
    return _c("case_15", "first-chunk-empty-cache", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stream54}")
att_cache = torch.zeros(2, 0, 32)                    # the eager recipe starts with an empty cache
logp, att_cache = m(torch.randn(2, 16, 80), att_cache, torch.tensor(0))
""", "The streaming client starts with an empty (0-frame) attention cache as in the eager recipe, "
       "but the package was exported with a fixed 32-frame cache.",
       "Start with torch.zeros(batch, 32, 32) (the exported cache size) or export with a dynamic "
       "cache length.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_16():
    return _c("case_16", "cache-batch-after-session-left", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stream54}")
cache = torch.zeros(3, 32, 32)
logp, cache = m(torch.randn(3, 16, 80), cache, torch.tensor(0))
chunk = torch.randn(2, 16, 80)                       # one of the 3 streams hung up
logp, cache = m(chunk, cache, torch.tensor(16))      # but its cache row is still batched
""", "After one of three streams ended, the server sends 2 chunks but still the 3-row carried "
       "cache; chunk and cache share one batch Dim in the package.",
       "Drop the finished stream's row from the cache (cache[keep]) when it leaves the batch.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|batch")


def case_17():
    return _c("case_17", "batcher-32-utterances", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
feats = torch.randn(32, 300, 80)                     # the dynamic batcher's max_batch_size is 32
logp, out_len = m(feats, torch.full((32,), 300), torch.zeros(32, dtype=torch.long))
""", "The service's dynamic batcher sends 32 utterances but the package's batch Dim was exported "
       "with max=16.", "Set the batcher's max batch to 16 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"16|range|bound|large")


def case_18():
    return _c("case_18", "meeting-recording-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
feats = torch.randn(2, 20 * 60 * 100, 80)            # two 20-minute meeting channels in one call
logp, out_len = m(feats, torch.full((2,), feats.shape[1]), torch.tensor([0, 0]))
""", "Two 20-minute meeting channels (120000 frames each) are sent in one call, but the frames Dim was exported "
       "with max=3000 (30 s).", "Segment long recordings (VAD or 30 s windows) before the call.",
       needs=("r",), env=CHECK, match=r"3000|range|bound|large")


def case_19():
    return _c("case_19", "unknown-language-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
LANGS = {"en": 0, "de": 1, "fr": 2, "es": 3, "it": 4, "pt": 5, "nl": 6, "pl": 7}  # app's new list
lang = torch.tensor([LANGS["en"], LANGS["pl"]])
logp, out_len = m(torch.randn(2, 300, 80), torch.tensor([300, 300]), lang)
""", "The app's language table grew to 8 languages, but the model's language embedding has 4 "
       "rows, so language id 7 indexes past the table.",
       "Map languages with the model's own table (reject unsupported ones) or retrain with the "
       "new languages.", needs=("r",), expect="crash", match=r"index|bounds|out of")


def case_20():
    return _c("case_20", "stream-offset-past-pe-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{stream54}")
cache = torch.zeros(2, 32, 32)
offset = 0
for step in range(400):                               # a 64 s live stream, 16-frame chunks
    logp, cache = m(torch.randn(2, 16, 80), cache, torch.tensor(offset))
    offset += 16
""", "The absolute frame offset of a long live stream grows past the 5000-row positional table "
       "baked into the streaming package, so the positional lookup reads out of range.",
       "Wrap or cap the offset (relative positions), or export with a table long enough for the "
       "longest stream and reset streams before it.", needs=("r",), expect="crash",
       match=r"index|bounds|out of")


# ------------------------------------------------------------------- run: weights and values
def case_21():
    return _m("case_21", "utterance-cmvn-over-padding", "numerical", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
torch.manual_seed(3)
short, long = torch.randn(1, 120, 80) + 2.0, torch.randn(1, 300, 80) + 2.0
alone, _ = m(short, torch.tensor([120]), torch.tensor([0]))
batch = torch.zeros(2, 300, 80)                       # the batcher zero-pads to the longest
batch[0, :120], batch[1] = short[0], long[0]
batched, out_len = m(batch, torch.tensor([120, 300]), torch.tensor([0, 0]))
n = int(out_len[0])
assert torch.allclose(batched[0, :n], alone[0, :n], atol=1e-4), (batched[0, :n] - alone[0, :n]).abs().max()
""", "The model normalises each utterance by its mean over all frames, padding included, so a "
       "zero-padded utterance in a batch gets other features (and other log-probs) than alone.",
       "Compute the mean over the valid frames only (masked by lengths) in the model, or normalise "
       "features in the front end before padding.", needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "cache-not-carried", "numerical", "run", """
m = torch._inductor.aoti_load_package("{stream54}")
torch.manual_seed(4)
chunks = torch.randn(4, 2, 16, 80)
init = torch.zeros(2, 32, 32)
ref, cache = [], init
for i, c in enumerate(chunks):                        # the offline test: cache carried
    lp, cache = m(c, cache, torch.tensor(16 * i))
    ref.append(lp)
got = []
for i, c in enumerate(chunks):                        # the server's session handler
    lp, _ = m(c, init, torch.tensor(16 * i))          # new cache dropped: starts fresh every chunk
    got.append(lp)
assert torch.allclose(torch.cat(ref, 1), torch.cat(got, 1), atol=1e-4), "streaming output differs"
""", "The session handler discards the returned attention cache and passes the initial zero cache "
       "with every chunk, so each chunk is decoded without left context and the output is wrong "
       "without an error.",
       "Store the returned cache in the session and pass it with the next chunk.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _c("case_23", "lengths-in-samples-not-frames", "numerical", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
torch.manual_seed(5)
feats = torch.randn(2, 300, 80)
feats[1, 120:] = 0                                    # utterance 1 is 1.2 s, zero-padded
ok, ok_len = m(feats, torch.tensor([300, 120]), torch.tensor([0, 0]))
samples = torch.tensor([48000, 19200])                # the service sends sample counts
got, got_len = m(feats, samples, torch.tensor([0, 0]))
assert torch.equal(got_len, ok_len), (got_len, ok_len)
""", "The service passes utterance lengths in audio samples (16 kHz) instead of feature frames, "
       "so the output lengths and the padding mask are wrong and padded frames are attended "
       "to, without an error.",
       "Pass frame counts (samples // 160 for a 10 ms hop) as lengths.",
       needs=("r",), match=r"AssertionError")


def case_24():
    return _m("case_24", "weight-norm-checkpoint-keys", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{asr54}")
trained = CtcAsr()
torch.nn.utils.parametrizations.weight_norm(trained.ctc)   # the training recipe's weight-normed head
m.load_constants(trained.state_dict(), check_full_update=False)
logp, out_len = m(torch.randn(1, 200, 80), torch.tensor([200]), torch.tensor([0]))
""", "The checkpoint comes from training with a weight-normed CTC head, whose state_dict has "
       "ctc.parametrizations.weight.original0/1 instead of ctc.weight, names the package "
       "does not have.",
       "Remove the parametrization (parametrize.remove_parametrizations) before taking the "
       "state_dict, and compare with get_constant_fqns().", needs=("r",), match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20, case_21, case_22,
         case_23, case_24]
# Nothing was dropped: every case failed as labelled in the trial (after the trigger fixes named
# in live_blind54.notes.md: batch-1 examples in case_13/14/15/18/20/22 raised to 2, the streaming
# model's returned cache made contiguous, expect="crash" for case_19/20).
DROPPED = []
# Nothing was tried that did not fail.
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind54.jsonl",
        url_file="benchmarks/live_blind54.py", id_prefix="live54", stems=STEMS,
        scratch_prefix="live_blind54-", description=__doc__.splitlines()[0]))
