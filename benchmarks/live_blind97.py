"""A ninety-seventh blind set of REAL AOTInductor failures (seismology and geophysics models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind97.py [--out benchmarks/live_blind97.jsonl] [--keep]

Theme: seismology and geophysics (three-component waveforms per station, a phase picker over
variable-length windows, an event magnitude regressor with a station embedding, a velocity-model
inversion grid, a travel-time table, well-log curves), exported, compiled, loaded and run as a
geophysics data engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind*.py (their TRIED lists included).
Building the set imports nothing from aotidebug.
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
SR = 100          # samples per second, components Z, N, E
NSTA = 64         # stations in the network's embedding table

class Picker(torch.nn.Module):
    # a small PhaseNet-like picker: per-trace standardisation, two 1-d convolutions, softmax
    # over (P, S, noise) per sample
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(3, 8, 7, padding=3)
        self.c2 = torch.nn.Conv1d(8, 3, 7, padding=3)
    def forward(self, wave):
        z = (wave - wave.mean(-1, keepdim=True)) / wave.std(-1, keepdim=True)
        return torch.softmax(self.c2(torch.relu(self.c1(z))), dim=1)

class Magnitude(torch.nn.Module):
    # local magnitude from log peak amplitudes of a fixed 30-s window plus a station correction
    def __init__(self):
        super().__init__()
        self.sta = torch.nn.Embedding(NSTA, 4)
        self.head = torch.nn.Linear(7, 1)
    def forward(self, wave, station):
        amp = torch.log10(wave.abs().amax(-1) + 1e-6)
        return self.head(torch.cat([amp, self.sta(station)], -1)).squeeze(-1)

def waves(b=4, t=3000):
    # three-component velocity traces in m/s, microseism noise plus an arrival
    return 1e-6 * torch.randn(b, 3, t)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, t = Dim("traces", min=1, max=64), Dim("samples", min=500, max=12000)
build("pick97", Picker().eval(), (waves(4, 3000),), dynamic_shapes=({0: b, 2: t},))
s = Dim("stations", min=1, max=256)
build("mag97", Magnitude().eval(), (waves(4, 3000), torch.randint(0, NSTA, (4,))),
      dynamic_shapes=({0: s}, {0: s}))
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
class Velocity(torch.nn.Module):
    # one smoothing/update step of a 2-d velocity-model inversion on a (depth, offset) grid
    def __init__(self):
        super().__init__()
        self.smooth = torch.nn.Conv2d(1, 1, 5, padding=2, bias=False)
    def forward(self, grid):
        return grid + 0.1 * self.smooth(grid)

class TravelTime(torch.nn.Module):
    # P travel times (s) tabulated per whole degree of epicentral distance, 0..180
    def __init__(self):
        super().__init__()
        self.register_buffer("table", torch.linspace(0.0, 1200.0, 181))
    def forward(self, deg):
        return self.table[deg] + 0.0

z, x = Dim("depth", min=8, max=20000), Dim("offset", min=8, max=20000)
build("vel97", Velocity().eval(), (torch.rand(1, 1, 32, 64) * 3000 + 1500,),
      dynamic_shapes=({2: z, 3: x},))
n = Dim("picks", min=1, max=4096)
build("tt97", TravelTime(), (torch.randint(0, 181, (10,)),), dynamic_shapes=({0: n},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"pick97", "mag97", "vel97", "tt97", "log97", "legacy97"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "window-around-p-pick", "export_failure", "export", """
class PickWindow(torch.nn.Module):
    # cut a 4-s window around the most probable P sample and return its picker output
    def __init__(self):
        super().__init__()
        self.picker = Picker()
    def forward(self, wave):
        p = self.picker(wave)[0, 0]
        i = int(p.argmax().item())
        return wave[:, :, max(0, i - 200):i + 200]
ep = torch.export.export(PickWindow(), (waves(1, 3000),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The window is cut around the P pick's sample index taken with argmax().item(), a "
       "data-dependent value used as slice bounds, which torch.export cannot trace into a static "
       "graph.", "Return the picker's probabilities and cut the window in the caller, or export "
       "a fixed-size window selected with torch.gather / index_select.", match=r".")


def case_02():
    return _m("case_02", "sta-lta-python-branch", "export_failure", "export", """
class Triggered(torch.nn.Module):
    # run the picker only when the classic STA/LTA detector triggers on the vertical component
    def __init__(self):
        super().__init__()
        self.picker = Picker()
    def forward(self, wave):
        e = wave[:, 0] ** 2
        sta = torch.nn.functional.avg_pool1d(e.unsqueeze(1), 100, 1)[..., -1000:]
        lta = torch.nn.functional.avg_pool1d(e.unsqueeze(1), 1000, 1)[..., -1000:]
        if (sta / lta).max() > 4.0:
            return self.picker(wave)
        return torch.zeros_like(wave)
ep = torch.export.export(Triggered(), (waves(2, 3000),))
""", "forward branches in Python on the STA/LTA ratio's maximum, a data-dependent condition that "
       "torch.export cannot trace.", "Run the picker unconditionally and mask its output with the "
       "trigger (torch.where), or use torch.cond for the branch.", match=r".")


def case_03():
    return _m("case_03", "obspy-numpy-example", "export_failure", "export", """
import numpy as np
# the trace data come straight from obspy: Stream -> np.stack([tr.data for tr in st])
data = np.random.randn(1, 3, 3000).astype(np.float32) * 1e-6
ep = torch.export.export(Picker().eval(), (data,))
""", "The example input is the NumPy array from the ObsPy stream, not a tensor; torch.export "
       "only takes tensors (and registered pytrees of them) as example inputs.",
       "Convert with torch.from_numpy(data) before export (and before every call).",
       match=r".")


def case_04():
    return _m("case_04", "unet-odd-window", "dynamic_shape_guard", "export", """
from torch.export import Dim
class UNetPicker(torch.nn.Module):
    # PhaseNet-style down/up path: pool by 2, upsample by 2, add the skip connection
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Conv1d(3, 8, 7, padding=3)
        self.dec = torch.nn.Conv1d(8, 3, 7, padding=3)
    def forward(self, wave):
        h = torch.relu(self.enc(wave))
        d = torch.nn.functional.max_pool1d(h, 2)
        u = d.repeat_interleave(2, dim=-1)
        return torch.softmax(self.dec(u + h), dim=1)
t = Dim("samples", min=500, max=12000)            # any window length from the archive
ep = torch.export.export(UNetPicker().eval(), (waves(2, 3000),), dynamic_shapes=({2: t},))
""", "The U-Net skip connection adds the pooled-then-upsampled path (2 * (T // 2) samples) to the "
       "full path (T samples), which only holds for even window lengths; a plain samples Dim "
       "cannot express that, so export specialises it to the example's 3000.", "Declare the length as 2 * Dim (even windows "
       "only), or pad windows to an even length before the model.", match=r".")


def case_05():
    return _m("case_05", "example-window-below-min", "dynamic_shape_guard", "export", """
from torch.export import Dim
t = Dim("samples", min=6000, max=12000)            # 60-120 s windows in production
ep = torch.export.export(Picker().eval(), (waves(2, 3000),), dynamic_shapes=({2: t},))
""", "The samples Dim is declared with min=6000 (60-s windows), but the export example is a 30-s "
       "window of 3000 samples, outside the declared range.", "Export with an example inside the "
       "range (e.g. 6000 samples) or lower the Dim's min.", match=r".")


def case_06():
    return _m("case_06", "legacy-aot-load-on-pt2", "deprecated_api", "load", """
ep = torch.export.export(Picker().eval(), (waves(2, 3000),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/legacy97.pt2")
# the old detection service still loads models with the legacy loader
runner = torch._export.aot_load(pkg, "cpu")
probs = runner(waves(2, 3000))
""", "The old detection service loads the new .pt2 package with the legacy "
       "torch._export.aot_load, which expects a bare compiled .so, not a package archive.",
       "Load the package with torch._inductor.aoti_load_package(pkg).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "raw-counts-int32", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
counts = torch.randint(-2**20, 2**20, (4, 3, 3000), dtype=torch.int32)   # tr.data, digitizer counts
probs = m(counts)
""", "The traces are passed as the digitizer's raw int32 counts (ObsPy tr.data), while the "
       "picker package was exported for float32.", "Remove the instrument response (or at least "
       "cast to float32) before the call.", needs=("r",), env=CHECK, match=r"dtype|Int|Float")


def case_08():
    return _c("case_08", "unbatched-station-stream", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
stream = 1e-6 * torch.randn(3, 6000)             # one station's Z, N, E traces, no batch dim
probs = m(stream)
""", "A single station's stream is sent as (components, samples) without the batch dimension "
       "the package was exported with.", "Add the batch dimension (stream.unsqueeze(0)).",
       needs=("r",), env=CHECK, match=r".")


def case_09():
    return _c("case_09", "vertical-only-station", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
z_only = 1e-6 * torch.randn(4, 1, 3000)          # short-period stations with a Z sensor only
probs = m(z_only)
""", "Short-period stations with only a vertical sensor are sent as one-component traces to "
       "the three-component picker package.", "Route single-component stations to a "
       "single-component model (or skip them).", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "broadband-plus-strong-motion", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
hh = 1e-6 * torch.randn(4, 3, 3000)
hn = 1e-3 * torch.randn(4, 3, 3000)
probs = m(torch.cat([hh, hn], dim=1))            # co-located HH? and HN? channels stacked
""", "Co-located broadband (HH?) and strong-motion (HN?) channels are stacked into six "
       "components, while the picker package takes three.", "Send one instrument's three "
       "components per call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "numpy-samples-by-component", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{pick97}")
arr = (np.random.randn(3000, 3) * 1e-6).astype(np.float32)   # a SAC/CSV export: samples x ZNE
wave = torch.from_numpy(arr).T.unsqueeze(0)       # (1, 3, 3000) but a transposed view
probs = m(wave)
""", "The (samples, components) array is transposed into (1, 3, samples) as a view, whose "
       "strides differ from the contiguous layout the package was compiled for.",
       "Make the input contiguous (.contiguous()) before the call.", needs=("r",), env=CHECK,
       match=r"stride")


def case_12():
    return _c("case_12", "day-long-record", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
day = 1e-6 * torch.randn(2, 3, 24 * 3600 * 100)   # two stations' full day of data at 100 Hz
probs = m(day)
""", "Two stations' full day of continuous 100-Hz data (8.64 million samples each) is sent in one call to the "
       "picker package whose samples Dim was exported with max=12000.", "Slide 60-s windows over the "
       "day (overlapping) and stack the picks.", needs=("r",), env=CHECK,
       match=r"12000|too large|range|bound")


def case_13():
    return _c("case_13", "one-second-snippet", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
snippet = 1e-6 * torch.randn(4, 3, 100)            # the 1-s snippets around catalogue picks
probs = m(snippet)
""", "One-second snippets (100 samples) are sent to the picker package whose samples Dim was "
       "exported with min=500.", "Send windows of at least 5 s (pad or extend the snippets).",
       needs=("r",), env=CHECK, match=r"500|too small|range|bound")


def case_14():
    return _c("case_14", "event-recorded-by-1000-stations", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{mag97}")
n = 1000                                           # a large event, all stations in one call
mags = m(1e-6 * torch.randn(n, 3, 3000), torch.randint(0, 64, (n,)))
""", "A large event recorded by 1000 stations is sent in one call to the magnitude package "
       "whose stations Dim allows at most 256.", "Send stations in chunks of at most 256 (or "
       "re-export with a larger max).", needs=("r",), env=CHECK,
       match=r"256|too large|range|bound")


def case_15():
    return _c("case_15", "new-station-not-in-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mag97}")
stations = torch.tensor([3, 17, 64, 5])            # station 64 was installed after training
mags = m(1e-6 * torch.randn(4, 3, 3000), stations)
""", "A station installed after training gets id 64, beyond the magnitude model's 64-entry "
       "station embedding, so the embedding lookup indexes out of bounds.", "Map unknown "
       "stations to a reserved 'unknown' id (or retrain with the new stations).",
       needs=("r",), expect="crash", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "epicentral-distance-over-180", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tt97}")
az_dist = torch.tensor([12.4, 97.0, 185.3, 143.8])   # distance along the azimuth, not wrapped
deg = az_dist.round().long()
t = m(deg)
""", "An epicentral distance measured along the azimuth is not folded to 0..180 degrees, so "
       "185 indexes beyond the 181-row travel-time table.", "Fold distances above 180 degrees "
       "(360 - d) before the lookup.", needs=("s",), match=r"out of bounds")


def case_17():
    return _c("case_17", "obspy-gap-filled-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
wave = 1e-6 * torch.randn(2, 3, 3000)
wave[1, :, 1200:1450] = float("nan")               # Stream.merge() gap, exported as NaN
probs = m(wave)
assert not probs.isnan().any(), f"NaN picker outputs: {int(probs.isnan().sum())}"
""", "A telemetry gap left by ObsPy's merge is NaN-filled, and the picker's per-trace mean/std "
       "turn the whole station's probabilities into NaN.", "Fill or taper gaps (merge with "
       "fill_value=0 or interpolate) before the picker.", needs=("r",), match=r"AssertionError")


def case_18():
    return _c("case_18", "flatlined-component", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pick97}")
wave = 1e-6 * torch.randn(4, 3, 3000)
wave[2, 1] = 0.0                                   # the N channel of one station is flat-lined
probs = m(wave)
assert torch.isfinite(probs).all(), f"non-finite picks for {int((~torch.isfinite(probs)).sum())} samples"
""", "One station's north component is flat-lined (all zeros), so the picker's per-trace "
       "standardisation divides 0 by a zero std and the station's probabilities are NaN.",
       "Drop or zero-fill dead components after standardisation (clamp the std).",
       needs=("r",), match=r"AssertionError")


def case_19():
    return _c("case_19", "well-log-depth-bfloat16", "numerical", "run", """
from torch.export import Dim
class LogNet(torch.nn.Module):
    # well-log curves (GR, RHOB, NPHI, DT, depth in m) -> porosity and shale volume
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([75.0, 2.45, 0.20, 90.0, 2800.0]).view(5, 1))
        self.register_buffer("std", torch.tensor([30.0, 0.15, 0.08, 20.0, 50.0]).view(5, 1))
        self.conv = torch.nn.Conv1d(5, 2, 5, padding=2)
    def forward(self, logs):
        return torch.sigmoid(self.conv((logs - self.mean) / self.std))
torch.manual_seed(0)
net = LogNet().eval()
logs = torch.tensor([75.0, 2.45, 0.20, 90.0, 0.0]).view(1, 5, 1) * (1 + 0.1 * torch.randn(2, 5, 4000))
logs[:, 4] = 2500.0 + 0.1524 * torch.arange(4000)  # measured depth column, half-foot sampling
net_bf = LogNet().eval().to(torch.bfloat16)
net_bf.load_state_dict(net.state_dict())
ep = torch.export.export(net_bf, (logs.to(torch.bfloat16),),
                         dynamic_shapes=({2: Dim("depth", min=16, max=100000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/log97.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(logs.to(torch.bfloat16)).float()
ref = net(logs)
err = (out - ref).abs().max().item()
assert err < 1e-2, f"max porosity error vs float32 eager: {err:.3f}"
""", "The well-log model is served in bfloat16 with the raw measured-depth curve (~2500-3100 m) "
       "as an input; bfloat16 resolves only ~16 m there, so the depth feature after the "
       "in-model normalisation is off and the outputs differ from float32 eager.", "Keep float32 for depth-like curves (or normalise depth before the cast).",
       match=r"AssertionError")


def case_20():
    return _c("case_20", "full-survey-velocity-grid", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{vel97}")
grid = torch.full((1, 1, 16000, 16000), 2500.0)    # the full survey at 1.25-m cells, 1 GB
# the inversion worker's memory budget: 1 GiB above what the model and the grid use
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    new = m(grid)
""", "The full 16000 x 16000 survey grid (1 GB in float32) is updated in one call on a worker "
       "with 1 GiB of memory left; the convolution's buffers for the whole grid need more.",
       "Update the grid in overlapping tiles (or give the worker more memory).",
       needs=("s",), match=r"memory|alloc")


def case_21():
    return _c("case_21", "smoothing-kernel-config-name", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{vel97}")
# the inversion config ships a new smoothing operator under its own name
kernel = torch.full((1, 1, 5, 5), 1.0 / 25)
m.load_constants({"smooth_kernel": kernel}, check_full_update=False)
""", "The new smoothing kernel is loaded under the inversion config's name 'smooth_kernel', "
       "but the package's constant is the convolution weight 'smooth.weight'.",
       "Use the package's constant names (m.get_constant_fqns()) as keys.",
       needs=("s",), match=r".")


def case_22():
    return _c("case_22", "sixty-second-window-to-magnitude", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mag97}")
wave = 1e-6 * torch.randn(8, 3, 6000)              # the picker's 60-s windows reused as they are
mags = m(wave, torch.randint(0, 64, (8,)))
""", "The picker's 60-s windows (6000 samples) are passed unchanged to the magnitude package, "
       "which was exported for fixed 30-s windows of 3000 samples.", "Cut the 30-s window "
       "starting at the P pick before the magnitude call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape|3000")


def case_23():
    return _c("case_23", "response-not-removed", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mag97}")
counts = torch.randint(-2**22, 2**22, (6, 3, 3000)).float()   # tr.data without remove_response()
mags = m(counts, torch.randint(0, 64, (6,)))
assert (mags < 9.5).all(), f"implausible magnitudes: {mags.tolist()}"
""", "Raw digitizer counts (cast to float) are fed to the magnitude package trained on "
       "response-corrected velocity in m/s, so log peak amplitudes are ~13 decades too large and "
       "the magnitudes are implausible, without any error.", "Remove the instrument response "
       "(ObsPy tr.remove_response(output='VEL')) before the call.", needs=("r",),
       match=r"AssertionError")


CASES = [case_01, case_02, case_03, case_04, case_07, case_08, case_09, case_10, case_12,
         case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20, case_21, case_22]
# Removed after a grep found the same trigger in an earlier set (found while the first trial was
# running; their trial results were not used): case_05 (the export example below the samples
# Dim's min; live_blind2 / 68 / 71 / 73), case_06 (the legacy torch._export.aot_load given the
# new .pt2 package; tests/zoo.py, live_blind40) and case_11 (a transposed (samples, components)
# view as input, the stride check; live_blind40 / 36). Kept below for the record only.
DROPPED = [case_05, case_06, case_11]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_23 (raw digitizer counts cast
# to float fed to the magnitude package: every magnitude stayed under the 9.5 plausibility bound).
TRIED = [case_23]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind97.jsonl",
        url_file="benchmarks/live_blind97.py", id_prefix="live97", stems=STEMS,
        scratch_prefix="live_blind97-", description=__doc__.splitlines()[0]))
