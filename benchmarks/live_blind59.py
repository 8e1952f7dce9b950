"""A fifty-ninth blind set of REAL AOTInductor failures (text-to-speech acoustic models and neural vocoders), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind59.py [--out benchmarks/live_blind59.jsonl] [--keep]

Theme: text-to-speech acoustic models and neural vocoders (a mel-spectrogram to waveform vocoder
with transposed-conv upsampling and a hop length of 64 samples, a streaming copy of it for
chunks, a FastSpeech-like acoustic model with phoneme, speaker and quantised pitch embeddings and
an energy input that predicts log-durations, length regulators that expand phoneme encodings by
durations, int16 PCM output scaling, sample rates and hop lengths), exported, compiled, loaded
and run as a deployment engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind58.py (their TRIED
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
TTS = """
class Vocoder(torch.nn.Module):
    # (batch, 80 mel bins, frames) -> (batch, 1, frames * 64): two x8 transposed-conv upsamplers
    def __init__(self):
        super().__init__()
        self.pre = torch.nn.Conv1d(80, 32, 7, padding=3)
        self.up1 = torch.nn.ConvTranspose1d(32, 16, 16, stride=8, padding=4)
        self.up2 = torch.nn.ConvTranspose1d(16, 8, 16, stride=8, padding=4)
        self.post = torch.nn.Conv1d(8, 1, 7, padding=3)
    def forward(self, mel):
        x = torch.nn.functional.leaky_relu(self.pre(mel), 0.1)
        x = torch.nn.functional.leaky_relu(self.up1(x), 0.1)
        x = torch.nn.functional.leaky_relu(self.up2(x), 0.1)
        return torch.tanh(self.post(x))

class Acoustic(torch.nn.Module):
    # phoneme ids (vocab 60), speaker id (4 voices), pitch in Hz quantised to 128 bins of 4 Hz,
    # energy -> phoneme encodings and predicted log-durations
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(60, 32)
        self.spk = torch.nn.Embedding(4, 32)
        self.pitch_emb = torch.nn.Embedding(128, 32)
        self.energy_proj = torch.nn.Linear(1, 32)
        self.dur = torch.nn.Linear(32, 1)
    def forward(self, phonemes, speaker, pitch, energy):
        h = self.emb(phonemes) + self.spk(speaker)[:, None]
        h = h + self.pitch_emb((pitch.clamp(min=0) / 4).long())
        h = h + self.energy_proj(energy.unsqueeze(-1))
        return h, self.dur(h).squeeze(-1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + TTS + BUILD + """
class ToPCM(torch.nn.Module):
    # float waveform * volume -> 16-bit PCM
    def forward(self, wav, volume):
        return ((wav * volume).clamp(-1, 1) * 32768).to(torch.int16)

voc = Vocoder().eval()
b = Dim("b", min=1, max=16)
build("voc59", voc, (torch.randn(2, 80, 100),),
      dynamic_shapes=({0: b, 2: Dim("frames", min=2, max=1000)},))
build("lvoc59", voc, (torch.randn(1, 80, 100),),
      dynamic_shapes=({2: Dim("frames", min=2, max=2_000_000)},))
build("svoc59", voc, (torch.randn(1, 80, 48),),
      dynamic_shapes=({2: Dim("chunk", min=2, max=64)},))
torch.manual_seed(1)
p = Dim("phonemes", min=2, max=200)
build("am59", Acoustic().eval(), (torch.randint(0, 60, (1, 20)), torch.tensor([1]),
                                  torch.rand(1, 20) * 300, torch.rand(1, 20)),
      dynamic_shapes=({1: p}, None, {1: p}, {1: p}))
build("pcm59", ToPCM(), (torch.rand(1, 6400) * 2 - 1, torch.tensor([1.0])),
      dynamic_shapes=({1: Dim("samples", min=2, max=2**20)}, None))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"voc59", "lvoc59", "svoc59", "am59", "pcm59", "slim59"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# _t: a case whose child defines the TTS models itself
_c, _t = harness.case_makers(TTS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _t("case_01", "length-regulator-python-loop", "export_failure", "export", """
class LengthRegulator(torch.nn.Module):
    def forward(self, h, log_d):
        d = torch.clamp(torch.round(torch.exp(log_d)), min=1).long()
        frames = [h[:, i:i + 1].expand(-1, int(d[0, i]), -1) for i in range(h.shape[1])]
        return torch.cat(frames, 1)                  # each phoneme repeated d[i] times
ep = torch.export.export(LengthRegulator(), (torch.randn(1, 12, 32), torch.rand(1, 12) * 2))
""", "The length regulator expands each phoneme with int(d[0, i]), a data-dependent Python int "
       "taken from the predicted durations, which torch.export cannot trace.",
       "Write the expansion with tensor ops (repeat_interleave with a tensor of repeats, or an "
       "alignment mask and matmul) instead of a Python loop over int() durations.",
       match=r"data-dependent|[Dd]ata dependent|GuardOnDataDependent")


def case_02():
    return _t("case_02", "nsf-excitation-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class SourceFilter(Vocoder):
    def forward(self, mel, excitation):               # a sine excitation at the audio rate
        return super().forward(mel) + 0.1 * excitation
frames, samples = Dim("frames", min=2, max=1000), Dim("samples", min=128, max=64000)
ep = torch.export.export(SourceFilter().eval(), (torch.randn(1, 80, 50), torch.randn(1, 1, 3200)),
                         dynamic_shapes=({2: frames}, {2: samples}))
""", "The excitation signal is declared with its own samples Dim, but adding it to the vocoder "
       "output forces samples == 64 * frames (the hop length), so the independent Dim is "
       "violated.",
       "Declare the excitation length as a derived Dim (samples = 64 * frames) or build the "
       "excitation inside the model from the frame-rate pitch.",
       match=r"Constraints violated|frames|samples")


def case_03():
    return _t("case_03", "frame-pos-table-512", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PostNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = torch.nn.Parameter(torch.randn(1, 80, 512) * 0.01)   # learned frame positions
        self.conv = torch.nn.Conv1d(80, 80, 5, padding=2)
    def forward(self, mel):
        return mel + self.conv(mel + self.pos[:, :, :mel.shape[-1]])
ep = torch.export.export(PostNet(), (torch.randn(1, 80, 200),),
                         dynamic_shapes=({2: Dim("frames", min=2, max=2000)},))
""", "The postnet adds a learned 512-frame position table, so utterances over 512 frames cannot "
       "be served, but the frames Dim was declared up to 2000.",
       "Declare frames with max=512 (and split longer utterances), or use a sinusoidal position "
       "encoding computed for any length.",
       match=r"Constraints violated|512")


def case_04():
    return _t("case_04", "hop-256-client-frames", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FramedVocoder(Vocoder):
    def forward(self, mel):
        wav = super().forward(mel)
        return wav.view(mel.shape[0], -1, 256)       # 256-sample packets for the 22.05 kHz client
ep = torch.export.export(FramedVocoder().eval(), (torch.randn(1, 80, 100),),
                         dynamic_shapes=({2: Dim("frames", min=2, max=1000)},))
""", "The vocoder's hop length is 64 samples but the output is cut into 256-sample packets (the "
       "hop of the 22.05 kHz config), which is only possible when frames is a multiple of 4, so "
       "the plain frames Dim is refined.",
       "Cut packets with the model's own hop (64) or declare frames as 4 * Dim (and pad mels to "
       "a multiple of 4).",
       match=r"Constraints violated|frames|divisible|%|Mod")


def case_05():
    return _c("case_05", "istft-head-complex-irfft", "unsupported", "compile", """
import math
class ISTFTHead(torch.nn.Module):
    # iSTFTNet-style head: magnitude and phase per frame, inverse real FFT to 64 samples
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(80, 66, 1)
    def forward(self, mel):
        x = self.conv(mel)
        spec = torch.polar(torch.exp(x[:, :33]), torch.sin(x[:, 33:]) * math.pi)
        frames = torch.fft.irfft(spec.transpose(1, 2), n=64)
        return frames.reshape(mel.shape[0], -1)
ep = torch.export.export(ISTFTHead().eval(), (torch.randn(1, 80, 40),))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
wav = m(torch.randn(1, 80, 40))
""", "The iSTFT vocoder head builds a complex spectrogram with torch.polar and inverts it with "
       "torch.fft.irfft inside the graph; AOTI on the CPU has no path for these complex ops.",
       "Keep the complex iSTFT step outside the package (return magnitude and phase) or write "
       "the inverse DFT as a real matmul with precomputed cos/sin bases.", match=r".")


# ------------------------------------------------------------------------ run: vocoder (R)
def case_06():
    return _c("case_06", "mel-100-bins-config", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{voc59}")
mel = torch.randn(2, 100, 120)                       # the 24 kHz recipe extracts 100 mel bins
wav = m(mel)
""", "The mel spectrogram comes from the 24 kHz recipe with 100 mel bins, but the vocoder package "
       "was exported for 80.", "Extract mels with the vocoder's own feature config (80 bins).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _c("case_07", "mel-time-major-from-am", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{voc59}")
mel = torch.randn(2, 120, 80)                        # the acoustic model emits (batch, frames, mels)
wav = m(mel)
""", "The acoustic model's decoder emits (batch, frames, 80) while the vocoder takes (batch, 80, "
       "frames).", "Transpose the mel to (batch, 80, frames) before the vocoder.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "long-paragraph-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{voc59}")
mel = torch.randn(2, 80, 1800)                       # two whole paragraphs, 1800 frames each
wav = m(mel)
""", "Whole paragraphs of 1800 frames are vocoded in one call, but the frames Dim was exported "
       "with max=1000.", "Split long mels into chunks of at most 1000 frames (with overlap) or "
       "export with a larger max.", needs=("r",), env=CHECK, match=r"1000|range|bound|too large|frames")


def case_09():
    return _c("case_09", "stream-chunk-plus-overlap", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{svoc59}")
mel = torch.randn(1, 80, 300)
chunk, ctx = 64, 8
for s in range(0, 300, chunk):
    piece = mel[:, :, max(0, s - ctx): s + chunk + ctx]  # chunk plus left/right context frames
    wav = m(piece)
""", "The streaming vocoder package accepts chunks of at most 64 frames; adding 8 frames of "
       "overlap context on both sides sends 72-80 frames.",
       "Make the chunk 64 frames including the overlap (48 + 2 * 8) or export the streaming "
       "package with max = chunk + 2 * overlap.", needs=("r",), env=CHECK,
       match=r"64|range|bound|chunk")


def case_10():
    return _c("case_10", "batch-32-sentences", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{voc59}")
mels = torch.randn(32, 80, 200)                      # the whole article's 32 sentences at once
wav = m(mels)
""", "The vocoder's batch Dim was exported with max=16, and the service vocodes all 32 sentences "
       "of an article in one batch.", "Cap the batch at 16 sentences (or export with a larger "
       "max batch).", needs=("r",), env=CHECK, match=r"16|15|range|bound|too large")


def case_11():
    return _t("case_11", "hifigan-generator-prefix", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{voc59}")
torch.manual_seed(3)
ckpt = {"generator." + k: v for k, v in Vocoder().state_dict().items()}   # fine-tuned voice
m.load_constants(ckpt, check_full_update=True)
wav = m(torch.randn(1, 80, 50))
""", "The fine-tuned vocoder checkpoint stores its weights under the training wrapper's "
       "'generator.' prefix, so none of its names match the package's constants.",
       "Strip the 'generator.' prefix (compare with get_constant_fqns()) before load_constants.",
       needs=("r",), match=r"[Cc]onstant|not found|missing")


def case_12():
    return _t("case_12", "fp16-vocoder-checkpoint", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{voc59}")
torch.manual_seed(3)
ckpt = {k: v.half() for k, v in Vocoder().state_dict().items()}   # the fp16 release checkpoint
m.load_constants(ckpt, check_full_update=True)
wav = m(torch.randn(1, 80, 50))
assert torch.isfinite(wav).all()
""", "The new voice's checkpoint was released in float16 and is loaded into a float32 vocoder "
       "package; constants must keep their compiled dtype.",
       "Cast the checkpoint to float32 before load_constants (or re-export in float16).",
       needs=("r",), match=r"[Cc]onstant|dtype|Half|Float")


def case_13():
    return _c("case_13", "stream-chunks-no-overlap", "numerical", "run", """
full = torch._inductor.aoti_load_package("{voc59}")
stream = torch._inductor.aoti_load_package("{svoc59}")
torch.manual_seed(5)
mel = torch.randn(1, 80, 96)
ref = full(mel)
wav = torch.cat([stream(mel[:, :, s:s + 32]) for s in range(0, 96, 32)], -1)  # no context
assert torch.allclose(wav, ref, atol=1e-4), (wav - ref).abs().max()
""", "The streaming client vocodes 32-frame chunks without overlap context and concatenates "
       "them; the convolutions see zero padding at every chunk edge, so the stitched audio "
       "differs from the full-utterance audio (clicks at the seams) without an error.",
       "Give each chunk left/right context frames and trim their 64 * context samples before "
       "concatenating (or cross-fade the overlap).", needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------- run: acoustic model (R)
AM_IN = """
phonemes = torch.randint(0, 60, (1, 20))
pitch = torch.rand(1, 20) * 250 + 80
energy = torch.rand(1, 20)
"""


def case_15():
    return _c("case_15", "new-voice-speaker-id", "index_out_of_bounds", "run", AM_IN + """
m = torch._inductor.aoti_load_package("{am59}")
speaker = torch.tensor([5])                          # voice 5 was added to the voice list
h, log_d = m(phonemes, speaker, pitch, energy)
""", "The voice list has new voices (id 5), but the acoustic model's speaker table has 4 rows.",
       "Map voices to the exported speaker ids (0-3) or re-export with the larger speaker "
       "table.", needs=("r",), match=r"out of bounds|index|bound")


def case_16():
    return _c("case_16", "soprano-pitch-above-bins", "index_out_of_bounds", "run", AM_IN + """
m = torch._inductor.aoti_load_package("{am59}")
pitch = torch.rand(1, 20) * 400 + 500                # a soprano / child voice: F0 500-900 Hz
h, log_d = m(phonemes, torch.tensor([1]), pitch, energy)
""", "The pitch embedding quantises F0 into 128 bins of 4 Hz (up to 511 Hz); a soprano contour "
       "of 500-900 Hz gives bin indices up to 225.",
       "Clamp the pitch to the model's range (< 512 Hz) before the call, or clamp the bin index "
       "in the model and re-export.", needs=("r",), match=r"out of bounds|index|bound")


def case_17():
    return _c("case_17", "punctuation-only-sentence", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{am59}")
phonemes = torch.zeros(1, 0, dtype=torch.long)       # "..." normalises to no phonemes
h, log_d = m(phonemes, torch.tensor([1]), torch.zeros(1, 0), torch.zeros(1, 0))
""", "A punctuation-only sentence normalises to zero phonemes, but the phonemes Dim was exported "
       "with min=2.", "Skip (or emit silence for) sentences with fewer than 2 phonemes before "
       "calling the acoustic model.", needs=("r",), env=CHECK, match=r".")


def case_18():
    return _c("case_18", "speaker-id-int32-numpy", "input_mismatch", "run", AM_IN + """
import numpy as np
m = torch._inductor.aoti_load_package("{am59}")
speaker = torch.from_numpy(np.array([2], dtype=np.int32))   # the voice table is an int32 array
h, log_d = m(phonemes, speaker, pitch, energy)
""", "The speaker id comes from an int32 NumPy voice table while the package was exported with "
       "an int64 speaker tensor.", "Send the speaker id as int64 (torch.tensor([2]) or "
       ".astype(np.int64)).", needs=("r",), env=CHECK, match=r"dtype|Int|Long")


def case_19():
    return _c("case_19", "f0-keyword-name", "input_mismatch", "run", AM_IN + """
m = torch._inductor.aoti_load_package("{am59}")
h, log_d = m(phonemes, torch.tensor([1]), f0=pitch, energy=energy)   # the front end's names
""", "The front end calls the package with the keyword f0 while forward's parameter is pitch.",
       "Rename the keyword to pitch (or pass pitch and energy positionally).", needs=("r",),
       match=r".")


def case_20():
    return _c("case_20", "no-energy-for-single-speaker", "input_mismatch", "run", AM_IN + """
m = torch._inductor.aoti_load_package("{am59}")
h, log_d = m(phonemes, torch.tensor([1]), pitch)     # the old front end had no energy extractor
""", "The old front end sends phonemes, speaker and pitch only, while the acoustic model was "
       "exported with an energy input as well.",
       "Send the energy contour (or export a model variant without energy).", needs=("r",),
       match=r".")


def case_21():
    return _c("case_21", "pitch-at-frame-rate", "input_mismatch", "run", AM_IN + """
m = torch._inductor.aoti_load_package("{am59}")
pitch = torch.rand(1, 140) * 250 + 80                # F0 per 5 ms frame, not per phoneme
h, log_d = m(phonemes, torch.tensor([1]), pitch, energy)
""", "The pitch contour is sent at the frame rate (140 frames) while the acoustic model takes one "
       "pitch value per phoneme (20), and both share the phonemes Dim.",
       "Average the F0 over each phoneme's frames before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


# ------------------------------------------------------------------------------ run: PCM (R)
def case_22():
    return _c("case_22", "int16-scale-32768-wraps", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pcm59}")
wav = torch.linspace(-1, 1, 6400)[None]
pcm = m(wav, torch.tensor([1.5]))                    # the user turned the volume up
assert (pcm[0, -100:] > 0).all(), pcm[0, -5:]
""", "The PCM step scales clipped samples by 32768 instead of 32767, so a full-scale positive "
       "sample (after volume gain and clamp to 1.0) becomes 32768, which wraps to -32768 in "
       "int16: loud passages click without an error.",
       "Scale by 32767 (or clamp after scaling to [-32768, 32767]) before the int16 cast.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _c("case_23", "wav-sample-rate-as-volume", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pcm59}")
torch.manual_seed(2)
wav = torch.randn(1, 6400) * 0.1
pcm = m(wav, torch.tensor([22050.0]))                # positional: (wav, volume), not sample rate
assert (pcm.abs() < 32000).float().mean() > 0.9, pcm[0, :5]
""", "The caller passes the sample rate (22050) in the position of the volume argument, so every "
       "sample is amplified and clipped to full scale without an error.",
       "Pass the volume (e.g. 1.0) as the second argument; the package has no sample-rate "
       "input.", needs=("r",), match=r"AssertionError")


def case_24():
    return _t("case_24", "child-voice-pitch-shift-if", "export_failure", "export", """
class VoiceShift(Acoustic):
    def forward(self, phonemes, speaker, pitch, energy):
        if int(speaker) in (2, 3):                   # the two child voices are pitched up
            pitch = pitch * 1.5
        return super().forward(phonemes, speaker, pitch, energy)
ep = torch.export.export(VoiceShift().eval(), (torch.randint(0, 60, (1, 20)), torch.tensor([1]),
                                               torch.rand(1, 20) * 300, torch.rand(1, 20)))
""", "The acoustic model decides the pitch shift with a Python if on int(speaker), a "
       "data-dependent value of an input tensor that torch.export cannot branch on.",
       "Compute the shift with tensor ops (torch.where on an is-child lookup table indexed by "
       "speaker) or apply it in the caller.",
       match=r"data-dependent|[Dd]ata dependent|GuardOnDataDependent")


def case_25():
    return _c("case_25", "release-strips-json-members", "kernel_binary_missing", "load", """
import zipfile
slim = "{scratch}/slim59.pt2"
with zipfile.ZipFile("{voc59}") as zin, zipfile.ZipFile(slim, "w") as zout:
    for item in zin.infolist():
        if not item.filename.endswith(".json"):      # the release step drops config files
            zout.writestr(item, zin.read(item.filename))
m = torch._inductor.aoti_load_package(slim)
wav = m(torch.randn(2, 80, 50))
""", "The release pipeline strips every *.json member from model bundles to drop configs, which "
       "removes the package's generated metadata files, so the vocoder package cannot be "
       "loaded.", "Ship the .pt2 unmodified (exclude .pt2 archives from the config-stripping "
       "step).", needs=("r",), match=r"File not found|json|metadata|not found")


def case_26():
    return _c("case_26", "audiobook-chapter-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{lvoc59}")
mel = torch.randn(1, 80, 1_240_000)                  # a one-hour audiobook chapter (344 frames/s)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 * 2**30, vm + 2 * 2**30))  # the pod's 2 GiB limit
wav = m(mel)
""", "A one-hour chapter (1.24 M frames) is vocoded in one call; the 64x upsampled intermediate "
       "activations need several GiB, more than the serving pod's 2 GiB memory limit.",
       "Vocode long texts in chunks (sentence by sentence or fixed frame windows with overlap) "
       "and cap the frames Dim at what the pod can hold.", needs=("r",),
       match=r"can't allocate|[Cc]annot allocate|bad_alloc|[Oo]ut of memory|DefaultCPUAllocator")


CASES = [case_01, case_02, case_03, case_04, case_24, case_06, case_07, case_08, case_09,
         case_10, case_11, case_13, case_25, case_26, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_23]
# Left out of the recorded run: case_12 (the fp16 release checkpoint loaded into the float32
# vocoder package with load_constants): it failed with "Constant not found: post.bias", i.e. on
# the constant names (the state_dict names do not all exist as package constants), not on the
# float16 dtype the case was written for, so it failed another way than intended. A first-written
# case_14 (the new .pt2 vocoder package given to the legacy torch._export.aot_load) was removed
# after the first trial when the grep found the same trigger in live_blind34 and live_blind40.
DROPPED = [case_12]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_05 (an iSTFTNet-style head with
# torch.polar and torch.fft.irfft in the graph: compiled, loaded and ran on the CPU) and case_22
# (clamped samples scaled by 32768 and cast to int16 with the volume turned up: the compiled
# cast did not wrap full-scale samples to negative values).
TRIED = [case_05, case_22]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind59.jsonl",
        url_file="benchmarks/live_blind59.py", id_prefix="live59", stems=STEMS,
        scratch_prefix="live_blind59-", description=__doc__.splitlines()[0]))
