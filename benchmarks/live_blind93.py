"""A ninety-third blind set of REAL AOTInductor failures (symbolic music models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind93.py [--out benchmarks/live_blind93.jsonl] [--keep]

Theme: symbolic music (a MIDI event-token model with a 388-token REMI-like vocabulary, learned
position, bar (64) and beat (16 sixteenth positions) embeddings and token, velocity and
duration heads; a piano-roll CNN over 128 pitches x time steps that predicts note onsets; a
per-instrument note encoder with pitch embeddings, velocities and a note mask; tempo-conditioned
generation steps), exported, compiled, loaded and run as a music-tech engineer would. No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind92.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
V, D = 388, 32          # REMI-like vocabulary: 128 note-on, 128 note-off, 100 time-shift, 32 velocity
P, BARS, BEATS = 128, 64, 16   # MIDI pitches, bar positions, sixteenth-note beat positions

class EventLM(torch.nn.Module):
    # next-event model: token + position + bar + beat embeddings, a small MLP mixer, three heads
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(V, D)
        self.pos = torch.nn.Embedding(1024, D)
        self.bar = torch.nn.Embedding(BARS, D)
        self.beat = torch.nn.Embedding(BEATS, D)
        self.mix = torch.nn.Sequential(torch.nn.Linear(D, D), torch.nn.GELU())
        self.head = torch.nn.Linear(D, V)
        self.vel = torch.nn.Linear(D, 32)        # velocity bins
        self.dur = torch.nn.Linear(D, 1)         # log-duration in beats
    def forward(self, tokens, bar, beat):
        t = torch.arange(tokens.shape[1], device=tokens.device)
        h = self.tok(tokens) + self.pos(t) + self.bar(bar) + self.beat(beat)
        h = self.mix(h)
        return self.head(h), self.vel(h), self.dur(h)

class RollCNN(torch.nn.Module):
    # piano roll (batch, 128 pitches, time steps) -> onset probability per pitch and step
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(P, 64, 3, padding=1)
        self.c2 = torch.nn.Conv1d(64, P, 1)
    def forward(self, roll):
        return torch.sigmoid(self.c2(torch.relu(self.c1(roll))))

class NoteEnc(torch.nn.Module):
    # one instrument track: notes (pitch, velocity 0..1) with a mask -> track embedding (mean)
    def __init__(self):
        super().__init__()
        self.pitch = torch.nn.Embedding(P, 16)
        self.vel = torch.nn.Linear(1, 16)
    def forward(self, pitch, velocity, mask):
        e = self.pitch(pitch) + self.vel(velocity.unsqueeze(-1))
        m = mask.unsqueeze(-1)
        return (e * m).sum(1) / m.sum(1)

def song(b=2, t=64):
    # a plausible event sequence with its bar and beat positions
    tokens = torch.randint(0, V, (b, t))
    pos = torch.arange(t).expand(b, t)
    return tokens, (pos // 16) % BARS, pos % BEATS

def roll(b=2, t=64):
    return (torch.rand(b, P, t) > 0.95).float()
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, t = Dim("songs", min=1, max=32), Dim("events", min=2, max=1024)
build("ev93", EventLM().eval(), song(2, 64),
      dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}, {0: b, 1: t}))
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
rb, rt = Dim("rolls", min=1, max=16), Dim("steps", min=16, max=1024)
build("pr93", RollCNN().eval(), (roll(2, 64),), dynamic_shapes=({0: rb, 2: rt},))
n = Dim("notes", min=2, max=512)
build("ne93", NoteEnc().eval(),
      (torch.randint(0, P, (4, 20)), torch.rand(4, 20), torch.ones(4, 20)),
      dynamic_shapes=({1: n}, {1: n}, {1: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"ev93", "pr93", "ne93", "tempo93", "big93", "cm93"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "subdivisions-from-bpm-tensor", "export_failure", "export", """
class Humanize(torch.nn.Module):
    # spreads each beat's events over as many subdivisions as the tempo allows
    def forward(self, onsets, bpm):
        sub = int(torch.clamp(240.0 / bpm, 1, 8))            # fast tempo: fewer subdivisions
        return onsets.repeat_interleave(sub, dim=-1) / sub
ep = torch.export.export(Humanize(), (roll(1, 32), torch.tensor(120.0)))
""", "The number of subdivisions per beat is computed with int() from the request's bpm tensor, "
       "a data-dependent Python int that torch.export cannot trace into a static graph.",
       "Pass the subdivision count as a Python int (one package per tempo class) or keep the "
       "time grid fixed and condition on tempo as a tensor.", match=r".")


def case_02():
    return _m("case_02", "pitch-range-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
keys = Dim("keys", min=24, max=128)              # 88-key piano rolls and full 128-pitch rolls
ep = torch.export.export(RollCNN().eval(), (roll(2, 64),),
                         dynamic_shapes=({0: Dim("rolls", max=16), 1: keys, 2: Dim("steps", min=16, max=1024)},))
""", "The pitch axis of the piano roll is declared dynamic to serve 88-key rolls too, but the "
       "first convolution's 128 input channels fix it to 128.",
       "Keep the pitch axis static at 128 (pad 88-key rolls to the MIDI range 21..108 inside 128).",
       match=r".")


def case_03():
    return _m("case_03", "bar-pooling-free-steps", "dynamic_shape_guard", "export", """
from torch.export import Dim
class BarPool(torch.nn.Module):
    # one feature per bar: the roll's sixteenth-note steps are grouped 16 to a bar
    def forward(self, r):
        b, p, t = r.shape
        return r.view(b, p, t // 16, 16).mean(-1)
steps = Dim("steps", min=16, max=1024)           # any number of steps per request
ep = torch.export.export(BarPool(), (roll(2, 64),), dynamic_shapes=({2: steps},))
""", "The bar pooling reshapes the time axis into bars of 16 steps, but the steps Dim is "
       "declared free, so export cannot prove the step count is a multiple of 16.",
       "Declare the steps as 16 * Dim('bars') (or pad the roll to whole bars before the call).",
       match=r".")


def case_04():
    return _m("case_04", "causal-mask-on-cuda0", "device_mismatch", "export", """
class Generator(EventLM):
    # the training code's causal mask, copied into the serving model
    def forward(self, tokens, bar, beat):
        logits, vel, dur = super().forward(tokens, bar, beat)
        T = tokens.shape[1]
        causal = torch.ones(T, T, device="cuda:0").tril()
        return (causal @ logits.float().cpu()[0]).unsqueeze(0), vel, dur
ep = torch.export.export(Generator().eval(), song(1, 32))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cm93.pt2")
""", "The generation model builds its causal mask with a hard-coded device='cuda:0' from the "
       "training code, but the package is exported on a CPU-only build host without a GPU.",
       "Create the mask on tokens.device (or build on the GPU host for a CUDA package).",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_06():
    return _m("case_06", "token-cache-int16", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{ev93}")
cache = np.random.randint(0, V, (2, 64)).astype(np.int16)   # the dataset cache stores ids as int16
tokens = torch.from_numpy(cache)
_, bar, beat = song(2, 64)
out = m(tokens, bar, beat)
""", "The token ids come from a dataset cache saved as int16 to save disk, while the package "
       "was exported for int64 token ids.",
       "Cast the ids to int64 (tokens.long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Short|Long|int16|int64")


def case_07():
    return _m("case_07", "pretty-midi-roll-no-batch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pr93}")
# pretty_midi's get_piano_roll(fs=8) gives one (128, steps) array per file
r = (torch.rand(P, 96) > 0.95).float()
onsets = m(r)
""", "The piano roll from pretty_midi's get_piano_roll is a single (128, steps) array without "
       "the batch axis, while the package was exported for (rolls, 128, steps).",
       "Add the batch axis (r.unsqueeze(0)) before the call.",
       needs=("s",), env=CHECK, match=r"dim|rank|size|shape")


def case_08():
    return _m("case_08", "muspy-roll-time-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pr93}")
# muspy's to_pianoroll_representation returns (time steps, 128)
r = (torch.rand(2, 96, P) > 0.95).float()
onsets = m(r)
""", "The piano rolls come from muspy in (time steps, 128) order while the package takes "
       "(128 pitches, time steps).", "Transpose to (batch, 128, steps) (r.transpose(1, 2)) "
       "before the call.", needs=("s",), env=CHECK, match=r"dim value|size|shape|128")


def case_09():
    return _m("case_09", "bar-beat-stacked-one-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
tokens, bar, beat = song(2, 64)
position = torch.stack([bar, beat], dim=-1)      # the tokenizer emits (bar, beat) pairs
out = m(tokens, position)
""", "The client passes bar and beat positions as one stacked (songs, events, 2) tensor, while "
       "the package was exported for three inputs (tokens, bar, beat).",
       "Pass bar and beat as two separate tensors (position[..., 0], position[..., 1]).",
       needs=("r",), env=CHECK, match=r".")


# ---------------------------------------------------------------- run: dynamic ranges (R, S)
def case_11():
    return _m("case_11", "whole-symphony-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
tokens, bar, beat = song(2, 3000)                # a full symphony movement, 3000 events
out = m(tokens, bar, beat)
""", "A 3000-event movement is sent in one call to the event-model package whose events Dim was "
       "exported with max=1024.",
       "Split the sequence into windows of at most 1024 events (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"1024|too large|range|bound")


def case_12():
    return _m("case_12", "pickup-bar-roll", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pr93}")
pickup = roll(2, 8)                              # anacrusis: half bars of 8 sixteenths
onsets = m(pickup)
""", "A pickup (anacrusis) half bar of 8 sixteenth steps is sent to the piano-roll package whose "
       "steps Dim was exported with min=16.",
       "Pad short rolls to at least 16 steps (one bar), or export with a smaller min.",
       needs=("s",), env=CHECK, match=r"16|too small|range|bound")


def case_13():
    return _m("case_13", "playlist-batch-64", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
tokens, bar, beat = song(64, 128)                # a 64-song playlist continuation in one batch
out = m(tokens, bar, beat)
""", "A batch of 64 songs is sent to the event-model package whose songs (batch) Dim was "
       "exported with max=32.", "Batch at most 32 songs per call (or re-export with max=64).",
       needs=("r",), env=CHECK, match=r"32|too large|range|bound")


# -------------------------------------------------------------------- run: index values (R, S)
def case_14():
    return _m("case_14", "drum-tokens-new-vocab", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
tokens, bar, beat = song(2, 64)
tokens[:, ::8] = 388 + torch.randint(0, 32, (2, 8))   # tokenizer v2 appended 32 drum tokens
out = m(tokens, bar, beat)
""", "The updated tokenizer appended 32 drum-event tokens (ids 388..419), ids outside the "
       "package's 388-row token embedding.",
       "Serve the tokenizer version the package was trained with (or retrain/re-export with "
       "the larger vocabulary).", needs=("r",), expect="crash", match=r"out of bounds|index")


def case_15():
    return _m("case_15", "eighty-bar-song", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
tokens = torch.randint(0, V, (2, 1000))
pos = torch.arange(1000).expand(2, 1000)
bar = pos // 12                                  # 12 events per bar over 80+ bars
beat = pos % BEATS
out = m(tokens, bar, beat)
""", "The bar index of an 84-bar song is passed without wrapping, but the bar embedding has 64 "
       "rows, so bars 64 and above index outside it.",
       "Take the bar index modulo 64 (bar % 64, as in training) or clamp it.",
       needs=("r",), expect="crash", match=r"out of bounds|index")


def case_16():
    return _m("case_16", "transpose-up-octave-serving", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ne93}")
pitch = torch.randint(60, 128, (4, 40))          # a flute part, high register
pitch = pitch + 12                               # the "transpose +1 octave" button
emb = m(pitch, torch.rand(4, 40), torch.ones(4, 40))
""", "The app's transpose-up-an-octave adds 12 to every MIDI pitch without range checking, so "
       "high notes exceed 127, outside the 128-row pitch embedding.",
       "Drop or fold notes outside 0..127 after transposing (pitch.clamp / octave folding).",
       needs=("s",), expect="crash", match=r"out of bounds|index")


# --------------------------------------------------------------------- run: values (numerics)
def case_17():
    return _m("case_17", "midi-without-tempo-event", "numerical", "run", """
class TempoStep(torch.nn.Module):
    # one generation step conditioned on log-tempo
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Linear(1, V)
    def forward(self, logits, bpm):
        return torch.softmax(logits + self.w(torch.log(bpm / 120.0).unsqueeze(-1)), -1)
ep = torch.export.export(TempoStep().eval(), (torch.randn(2, V), torch.tensor([120.0, 96.0])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tempo93.pt2")
m = torch._inductor.aoti_load_package(pkg)
bpm = torch.tensor([0.0, 96.0])                  # file 1 has no set_tempo meta event: parsed as 0
probs = m(torch.randn(2, V), bpm)
assert torch.isfinite(probs).all(), "non-finite next-event probabilities"
""", "A MIDI file without a set_tempo meta event is parsed with bpm 0; the generation step's "
       "log-tempo conditioning gives -inf and the softmax returns NaN probabilities.",
       "Default a missing tempo to 120 bpm (the MIDI default) before the call.",
       match=r"AssertionError")


def case_18():
    return _m("case_18", "velocity-roll-not-binary", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pr93}")
vel = torch.randint(1, 128, (2, P, 96)).float()  # get_piano_roll keeps velocities 1..127
r = roll(2, 96) * vel
onsets = m(r)
sat = ((onsets < 1e-3) | (onsets > 1 - 1e-3)).float().mean()
assert sat < 0.5, f"{sat:.0%} of onset probabilities saturated"
""", "The piano roll keeps MIDI velocities (1..127) instead of the binary 0/1 roll the model was "
       "trained on, so the onset logits are ~100x too large and the probabilities saturate.",
       "Binarise the roll (r > 0) or scale velocities to 0..1 as in training.",
       needs=("s",), match=r"AssertionError")


def case_19():
    return _m("case_19", "empty-drum-track", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ne93}")
pitch = torch.randint(30, 90, (4, 40))
velocity = torch.rand(4, 40)
mask = torch.ones(4, 40)
mask[3] = 0                                      # track 4 (drums) has no notes in this song
emb = m(pitch, velocity, mask)
assert torch.isfinite(emb).all(), "non-finite track embedding"
""", "An instrument track without any notes has an all-zero note mask; the encoder's masked "
       "mean divides by a zero note count and the track embedding is NaN.",
       "Drop empty tracks before the call (or clamp the note count to at least 1).",
       needs=("s",), match=r"AssertionError")


# ------------------------------------------------------------------- run: weights (constants)
def case_20():
    return _c("case_20", "piano-88-key-finetune", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{ne93}")
# the piano fine-tune only has the 88 piano keys (A0..C8) in its pitch table
m.load_constants({"pitch.weight": torch.randn(88, 16)}, check_full_update=False)
emb = m(torch.randint(21, 109, (2, 30)), torch.rand(2, 30), torch.ones(2, 30))
""", "The piano fine-tune's pitch embedding has 88 rows (A0..C8), but the package's pitch "
       "table has 128 rows (the MIDI range); the constant does not fit.",
       "Scatter the 88 rows into a 128-row table at pitches 21..108 and load that.",
       needs=("s",), match=r".")


def case_21():
    return _c("case_21", "heads-from-separate-file", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
# the velocity/duration heads were retrained and saved alone, for a full refresh
heads = {"vel.weight": torch.randn(32, 32), "vel.bias": torch.zeros(32),
         "dur.weight": torch.randn(1, 32), "dur.bias": torch.zeros(1)}
m.load_constants(heads, check_full_update=True)
""", "Only the retrained velocity and duration heads are loaded, but with check_full_update=True "
       "the runtime requires every constant of the package.",
       "Pass check_full_update=False for a partial update (or load the full state dict).",
       needs=("r",), match=r".")


# --------------------------------------------------------------------------- run: resources
def case_22():
    return _m("case_22", "lakh-roll-batch-capped", "out_of_memory", "run", """
import resource
from torch.export import Dim
ep = torch.export.export(RollCNN().eval(), (roll(2, 64),),
                         dynamic_shapes=({0: Dim("rolls", max=64), 2: Dim("steps", min=16, max=200000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/big93.pt2")
m = torch._inductor.aoti_load_package(pkg)
rolls = roll(16, 100000)                         # 16 full Lakh MIDI songs at 32 steps per beat
# the batch worker's container has 256 MiB left after the model and the input rolls
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**28, vm + 2**28))
with torch.no_grad():
    onsets = m(rolls)
""", "Sixteen whole songs at 32 steps per beat (16 x 128 x 100000 floats) are sent in one call "
       "to a worker with 256 MiB left; the call's 800 MB output does not fit.",
       "Process the songs in bar-aligned time windows (or a smaller batch).",
       match=r"memory|alloc")


# --------------------------------------------------------------- written after the first trial
def case_23():
    return _m("case_23", "compound-meter-beat-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ev93}")
tokens = torch.randint(0, V, (2, 96))
pos = torch.arange(96).expand(2, 96)
bar, beat = (pos // 24) % BARS, pos % 24         # a jig in 12/8: 24 sixteenth positions per bar
out = m(tokens, bar, beat)
""", "A piece in 12/8 has 24 sixteenth-note positions per bar, but the beat embedding has 16 rows "
       "(4/4 only), so beat positions 16..23 index outside it.",
       "Map compound-meter positions onto the trained 16-position grid (or retrain with a "
       "meter-aware beat vocabulary).", needs=("r",), expect="crash", match=r"out of bounds|index")


def case_24():
    return _m("case_24", "onset-ticks-half-precision", "numerical", "run", """
class Timing(torch.nn.Module):
    # expressive-timing head: onset (ticks at 480 ppq) and duration -> micro-timing offset
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 8)
        self.out = torch.nn.Linear(8, 1)
    def forward(self, notes):
        return self.out(torch.tanh(self.lin(notes / 480.0)))
ep = torch.export.export(Timing().eval().half(), (torch.rand(2, 50, 2).half() * 1000,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/half93.pt2")
m = torch._inductor.aoti_load_package(pkg)
onset = torch.arange(200).float() * 480.0        # one note per beat for 200 beats (50 bars)
notes = torch.stack([onset, torch.full((200,), 240.0)], -1).unsqueeze(0).half()
offsets = m(notes)
assert torch.isfinite(offsets).all(), "non-finite timing offsets"
""", "The timing model is served in float16, but absolute onsets in ticks (480 ppq) exceed "
       "float16's maximum of 65504 after bar 34, so they become inf and the offsets NaN.",
       "Feed onsets relative to the bar (or in beats), or keep the timing model in float32.",
       match=r"AssertionError")


def case_25():
    return _m("case_25", "roll-to-notes-python-loop", "export_failure", "export", """
class RollToNotes(torch.nn.Module):
    # turns the onset roll into note events for the event model, note by note
    def __init__(self):
        super().__init__()
        self.lm = EventLM()
    def forward(self, r):
        ids = [p for p, t in torch.nonzero(r[0] > 0.5).tolist()]   # note-on token = pitch
        tokens = torch.tensor([ids])
        pos = torch.arange(tokens.shape[1]).unsqueeze(0)
        return self.lm(tokens, pos // 16, pos % 16)[0]
ep = torch.export.export(RollToNotes().eval(), (roll(1, 32),))
""", "The roll-to-events conversion iterates over torch.nonzero(...).tolist() in Python, a "
       "data-dependent number of notes that torch.export cannot trace.",
       "Do the roll-to-events conversion in preprocessing and export the event model on "
       "token tensors.", match=r".")



def case_26():
    return _m("case_26", "solo-piano-track-700-notes", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ne93}")
pitch = torch.randint(21, 109, (4, 700))         # a Chopin etude's piano track: 700 notes
emb = m(pitch, torch.rand(4, 700), torch.ones(4, 700))
""", "A 700-note piano track is sent to the note-encoder package whose notes Dim was exported "
       "with max=512.", "Encode long tracks in windows of at most 512 notes (or re-export with a "
       "larger max).", needs=("s",), env=CHECK, match=r"512|too large|range|bound")



def case_27():
    return _m("case_27", "key-transpose-shift-item", "export_failure", "export", """
class KeyNormalise(torch.nn.Module):
    # transposes every roll to C before the onset model, by the key the analyser detected
    def __init__(self):
        super().__init__()
        self.cnn = RollCNN()
    def forward(self, r, key):
        shift = -int(key.item())                    # key as pitch class 0..11 (0 = C)
        return self.cnn(torch.roll(r, shift, dims=1))
ep = torch.export.export(KeyNormalise().eval(), (roll(2, 64), torch.tensor(7)))
""", "The transposition to C reads the detected key with int(key.item()) and rolls the pitch axis "
       "by it; the shift is a data-dependent Python int that torch.export cannot trace.",
       "Transpose in preprocessing (or gather the pitch axis with a precomputed index tensor "
       "built from the key).", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_06, case_07, case_08, case_09,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_19,
         case_22, case_23, case_25, case_26, case_27]
# Failed in the trial, but another way than labelled (kept for the record, not run):
# case_20 (an 88-row pitch table loaded with load_constants into the 128-row package: the load
# was accepted without a shape check, and the child then aborted on the run's embedding index
# assertion, an index_out_of_bounds failure, not the labelled constant_loading) and case_21
# (only the velocity/duration heads loaded with check_full_update=True: it failed with
# "Constant not found: dur.bias", a bias the package does not keep as a constant, not on the
# full-update check its cause sentence describes; the partial dict with check_full_update=True
# is also close to tests/zoo.py's load_constants({}, check_full_update=True)).
DROPPED = [case_20, case_21]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_18 (a piano roll keeping MIDI
# velocities 1..127 instead of 0/1: fewer than half of the onset probabilities saturated) and
# case_24 (absolute onsets in ticks into a float16 timing model: the onsets beyond 65504 did
# become inf, but inf / 480 through tanh saturates to a finite 1, so the offsets stayed finite).
TRIED = [case_18, case_24]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind93.jsonl",
        url_file="benchmarks/live_blind93.py", id_prefix="live93", stems=STEMS,
        scratch_prefix="live_blind93-", description=__doc__.splitlines()[0]))
