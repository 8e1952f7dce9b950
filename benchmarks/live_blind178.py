"""A hundred-and-seventy-eighth blind set of REAL AOTInductor failures (tattoo studios), triggered live with torch 2.13.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind178.py [--out benchmarks/live_blind178.jsonl] [--keep]

Theme: tattoo studios (an appointment no-show predictor from each booking's lead time,
deposit, past no-shows and session length with a 6-row style risk table; an ink stock
forecaster over each ink's weekly use, oldest week first, with a 24-row bottle-size table and
the bottles on the shelf; a design similarity scorer from image features against the studio's
512-design flash catalogue; a needle-hygiene (autoclave) sensor anomaly scorer over chamber
temperature and pressure logged every 10 s, with the minutes held at 121 C; an artist
scheduler from each booking's requested hours and complexity with a 5-row artist speed / rate
table; a stencil ink-need estimator from each stencil's palette indices at 300 dpi with a
24-row ml-per-pixel table; and a despiked version of the hygiene scorer whose spike filter is a
Python-only custom op), exported, compiled, loaded and run as a tattoo studio's front desk,
artists, studio manager and developer would. Built on torch 2.13.0+cpu. No trigger repeats one
of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind177.py (their TRIED lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
DATA = """
STYLES = 6      # style risk rows 0..5: 0 traditional, 1 fine line, 2 realism, 3 blackwork,
                # 4 watercolour, 5 lettering
INKS = 24       # the studio's ink colours 0..23 (bottle-size and ml-per-pixel tables)
ARTISTS = 5     # artists 0..4 on the rota (speed and hourly-rate table)
DESIGNS = 512   # flash catalogue designs
FEAT = 64       # image features per design photo

def bookings(n=8):
    # (n, 4): lead time days 0..60, deposit GBP 0..100, past no-shows 0..3, session hours 1..8;
    # style (n,) 0..5
    f = torch.stack([(60.0 * torch.rand(n)).round(), (100.0 * torch.rand(n)).round(),
                     (3.0 * torch.rand(n)).round(), (1.0 + 7.0 * torch.rand(n)).round()], -1)
    return f, torch.arange(n) % STYLES

def ink_use(n=6, w=26):
    # weekly ml of each ink used (n, w), oldest week first; ink (n,) 0..23; bottles on the shelf (n,)
    wk = torch.arange(w).float()[None]
    base = 20.0 + 60.0 * torch.rand(n, 1)
    use = (base + 0.5 * wk + 6.0 * torch.randn(n, w)).clamp(min=0.0).round()
    return use, torch.arange(n) % INKS, (1.0 + 5.0 * torch.rand(n)).round()

def photos(n=8):
    # image features of design photos (n, 64) from the studio's feature extractor
    return torch.randn(n, FEAT)

def cycles(n=4, t=256):
    # autoclave cycle logs, one reading every 10 s (n, 2, t): chamber temperature C, pressure kPa;
    # a hold at 121..124 C in the middle of the cycle
    k = torch.arange(t).float()[None].expand(n, t)
    hold = ((k > t * 0.3) & (k < t * 0.7)).float()
    temp = 25.0 + (97.0 + 2.0 * torch.rand(n, 1)) * hold + 40.0 * (1.0 - hold) * (k / t) + 0.3 * torch.randn(n, t)
    pres = 100.0 + 105.0 * hold + 2.0 * torch.randn(n, t)
    return torch.stack([temp, pres], 1)

def requests(n=8):
    # (n, 2): requested hours 1..8, complexity 1..5; artist (n,) 0..4
    b = torch.stack([(1.0 + 7.0 * torch.rand(n)).round(), (1.0 + 4.0 * torch.rand(n)).round()], -1)
    return b, torch.arange(n) % ARTISTS

def stencils(n=4, side=64):
    # palette indices of each stencil at 300 dpi (n, side * side), ink colours 0..23
    return torch.randint(0, INKS, (n, side * side))
"""

MODELS = DATA + """
class NoShow(torch.nn.Module):
    # bookings (n, 4), style (n,) -> (n,) probability that the client does not turn up
    def __init__(self):
        super().__init__()
        self.risk = torch.nn.Embedding(STYLES, 1)            # style risk, logit
        with torch.no_grad():
            self.risk.weight.copy_(torch.tensor([0.0, 0.4, -0.3, 0.1, 0.6, 0.9])[:, None])
        self.register_buffer("coef", torch.tensor([0.03, -0.04, 0.8, -0.1]))
    def forward(self, f, style):
        return torch.sigmoid(-1.5 + (f * self.coef).sum(-1) + self.risk(style).squeeze(-1))

class Ink(torch.nn.Module):
    # weekly use (n, w) ml oldest first, ink (n,), bottles (n,) -> (n, 2): next week's ml,
    # weeks of stock left
    def __init__(self):
        super().__init__()
        self.bottle = torch.nn.Embedding(INKS, 1)           # bottle size ml
        with torch.no_grad():
            self.bottle.weight.copy_(torch.tensor([30.0, 60.0, 120.0, 240.0] * 6)[:, None])
    def forward(self, use, ink, bottles):
        w = use.shape[1]
        k = 0.8 ** torch.arange(w - 1, -1, -1, dtype=use.dtype)
        nxt = (use * k[None]).sum(1) / k.sum()
        left = bottles * self.bottle(ink).squeeze(-1) / nxt.clamp(min=1.0)
        return torch.stack([nxt, left], -1)

class Design(torch.nn.Module):
    # photo features (n, 64) -> (n, 512) cosine similarity to each flash design
    def __init__(self):
        super().__init__()
        self.register_buffer("catalogue", torch.nn.functional.normalize(torch.randn(DESIGNS, FEAT), dim=1))
    def forward(self, x):
        return torch.nn.functional.normalize(x, dim=1) @ self.catalogue.T

class Hygiene(torch.nn.Module):
    # cycle logs (n, 2, t) every 10 s -> (n, 2): anomaly probability, minutes held at >= 121 C
    # with steam pressure (>= 195 kPa absolute)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(2, 4, 5)
        self.head = torch.nn.Linear(4, 1)
        self.register_buffer("mu", torch.tensor([121.0, 200.0])[None, :, None])
        self.register_buffer("sd", torch.tensor([10.0, 50.0])[None, :, None])
    def forward(self, x):
        h = torch.relu(self.c((x - self.mu) / self.sd)).mean(-1)
        held = ((x[:, 0] >= 121.0) & (x[:, 1] >= 195.0)).float().sum(-1) * (10.0 / 60.0)
        return torch.stack([torch.sigmoid(self.head(h).squeeze(-1)), held], -1)

class Sched(torch.nn.Module):
    # requests (n, 2), artist (n,) -> (n, 2): chair hours, price GBP
    def __init__(self):
        super().__init__()
        self.artist = torch.nn.Embedding(ARTISTS, 2)         # speed factor, hourly rate GBP
        with torch.no_grad():
            self.artist.weight.copy_(torch.tensor([[1.0, 120.0], [1.2, 90.0], [0.9, 150.0],
                                                   [1.1, 100.0], [1.4, 80.0]]))
    def forward(self, b, artist):
        a = self.artist(artist)
        chair = b[:, 0] * a[:, 0] * (1.0 + 0.1 * (b[:, 1] - 1.0))
        return torch.stack([chair, chair * a[:, 1]], -1)

class Stencil(torch.nn.Module):
    # palette indices (n, p) at 300 dpi -> (n,) ml of ink the design needs
    def __init__(self):
        super().__init__()
        self.ml = torch.nn.Embedding(INKS, 1)               # ml of ink per stencil pixel
        with torch.no_grad():
            self.ml.weight.copy_(torch.linspace(0.0004, 0.0012, INKS)[:, None])
    def forward(self, px):
        return self.ml(px).squeeze(-1).sum(1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
ap = Dim("appts", min=2, max=1000)
build("noshow178", NoShow().eval(), bookings(8), dynamic_shapes=({0: ap}, {0: ap}))
ik, wk = Dim("inks", min=2, max=200), Dim("weeks", min=4, max=52)
build("ink178", Ink().eval(), ink_use(6, 26), dynamic_shapes=({0: ik, 1: wk}, {0: ik}, {0: ik}))
ph = Dim("photos", min=2, max=100000)
build("design178", Design().eval(), (photos(8),), dynamic_shapes=({0: ph},))
bk = Dim("bookings", min=2, max=500)
build("sched178", Sched().eval(), requests(8), dynamic_shapes=({0: bk}, {0: bk}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
lg, t = Dim("logs", min=2, max=100), Dim("readings", min=32, max=2048)
build("hyg178", Hygiene().eval(), (cycles(4, 256),), dynamic_shapes=({0: lg, 2: t},))
st, px = Dim("stencils", min=2, max=64), Dim("pixels", min=16, max=1 << 20)
build("stencil178", Stencil().eval(), (stencils(4, 64),), dynamic_shapes=({0: st, 1: px},))
# the same hygiene model with its weights kept out of the .so (the studio refreshes them nightly)
lg2, t2 = Dim("logs", min=2, max=100), Dim("readings", min=32, max=2048)
ep = torch.export.export(Hygiene().eval(), (cycles(4, 256),), dynamic_shapes=({0: lg2, 2: t2},))
paths["hygnw178"] = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "hygnw178.pt2"),
    inductor_configs={"aot_inductor.package_constants_in_so": False})
# the studio's spike filter for the old thermocouple (a reading 8 C off its neighbours is replaced
# by their mean), written in numpy
@torch.library.custom_op("tattoo178::despike", mutates_args=())
def despike(temp: torch.Tensor) -> torch.Tensor:
    a = temp.numpy().copy()
    mid = (a[:, :-2] + a[:, 2:]) / 2.0
    bad = np.abs(a[:, 1:-1] - mid) > 8.0
    a[:, 1:-1][bad] = mid[bad]
    return torch.from_numpy(a)
@despike.register_fake
def _(temp):
    return torch.empty_like(temp)
class HygieneDespiked(Hygiene):
    def forward(self, x):
        temp = torch.ops.tattoo178.despike(x[:, 0])
        return super().forward(torch.stack([temp, x[:, 1]], 1))
lg3, t3 = Dim("logs", min=2, max=100), Dim("readings", min=32, max=2048)
build("despike178", HygieneDespiked().eval(), (cycles(4, 256),), dynamic_shapes=({0: lg3, 2: t3},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"noshow178", "ink178", "design178", "sched178", "hyg178", "stencil178", "hygnw178",
         "despike178", "sched_rate178", "hyg_pic178"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(178)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "noshow-walk-ins-zeroed-with-python-if", "export_failure", "export", """
from torch.export import Dim
class NoShowWalkIn(NoShow):
    # walk-ins (lead time 0 days) are already in the chair: the developer zeroes their risk,
    # but only when the batch has a walk-in, with a Python if
    def forward(self, f, style):
        p = super().forward(f, style)
        if (f[:, 0] == 0).any():
            p = p * (f[:, 0] > 0).float()
        return p
f, style = bookings(8)
f[2, 0] = 0.0
ap = Dim("appts", min=2, max=1000)
ep = torch.export.export(NoShowWalkIn().eval(), (f, style), dynamic_shapes=({0: ap}, {0: ap}))
""", "The no-show predictor zeroes the walk-ins' risk inside a Python if on the bookings' values "
       "((f[:, 0] == 0).any()), a branch on the data that torch.export cannot trace.",
       "Apply the rule with tensor ops only (p * (f[:, 0] > 0)) without the if, or use torch.cond.",
       match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "design-features-rounded-with-numpy-for-dedupe", "export_failure", "export", """
import numpy as np
from torch.export import Dim
class DesignDedupe(Design):
    # near-duplicate photos of the same flash sheet are merged by rounding the features to two
    # decimals; the developer did it with numpy, as in the notebook
    def forward(self, x):
        q = torch.from_numpy(np.round(x.detach().numpy(), 2))
        return super().forward(q)
ph = Dim("photos", min=2, max=100000)
ep = torch.export.export(DesignDedupe().eval(), (photos(8),), dynamic_shapes=({0: ph},))
""", "The similarity scorer rounds the photo features with numpy inside forward "
       "(x.detach().numpy()); during export the input is a FakeTensor without data, so the "
       "numpy call cannot be traced.", "Round with torch (torch.round(x * 100) / 100) inside "
       "forward, or dedupe the features before calling the model.",
       match=r"numpy|FakeTensor|[Dd]ata|storage")


def case_03():
    return _m("case_03", "sched-fill-artist-day-with-while-loop", "export_failure", "export", """
from torch.export import Dim
class SchedDay(Sched):
    # the rota takes bookings in order until the artist's 8-hour day is full
    def forward(self, b, artist):
        out = super().forward(b, artist)
        day, booked = 0.0, 0
        while booked < out.shape[0] and day + out[booked, 0] <= 8.0:
            day = day + out[booked, 0]
            booked += 1
        return out[:booked]
bk = Dim("bookings", min=2, max=500)
ep = torch.export.export(SchedDay().eval(), requests(8), dynamic_shapes=({0: bk}, {0: bk}))
""", "The scheduler fills the artist's 8-hour day with a Python while loop whose condition "
       "compares the chair hours (tensor values) with the hours left, a data-dependent branch "
       "torch.export cannot trace.", "Compute the day with tensor ops (cumsum of the chair hours "
       "and a mask <= 8) and return the mask instead of slicing.",
       match=r"data-dependent|GuardOnDataDependent")


def case_04():
    return _m("case_04", "ink-half-year-decay-table-fixes-weeks", "dynamic_shape_guard", "export", """
from torch.export import Dim
class InkHalfYear(Ink):
    # the manager's spreadsheet weights the last 26 weeks with a fixed decay column; the
    # developer copied the column into the model as a buffer
    def __init__(self):
        super().__init__()
        self.register_buffer("decay", 0.8 ** torch.arange(25, -1, -1).float())
    def forward(self, use, ink, bottles):
        nxt = (use * self.decay).sum(1) / self.decay.sum()
        left = bottles * self.bottle(ink).squeeze(-1) / nxt.clamp(min=1.0)
        return torch.stack([nxt, left], -1)
ik, wk = Dim("inks", min=2, max=200), Dim("weeks", min=4, max=52)
ep = torch.export.export(InkHalfYear().eval(), ink_use(6, 26),
                         dynamic_shapes=({0: ik, 1: wk}, {0: ik}, {0: ik}))
""", "The forecaster multiplies the weekly use by a fixed 26-row decay buffer, which fixes the "
       "weeks axis to 26 while the export declares it dynamic (4..52 weeks), so export refuses "
       "the specification.", "Build the decay from the input's length in forward "
       "(0.8 ** torch.arange(w - 1, -1, -1)), or export with a static 26-week axis.",
       match=r"weeks|specializ|Constraints violated|constant")


def case_05():
    return _m("case_05", "hygiene-per-minute-peaks-reshape-by-six", "dynamic_shape_guard", "export", """
from torch.export import Dim
class HygieneMinutes(Hygiene):
    # the inspector wants each minute's peak temperature: 6 readings a minute (one every 10 s)
    def forward(self, x):
        n, c, t = x.shape
        peaks = x[:, 0].reshape(n, t // 6, 6).amax(-1)
        return torch.cat([super().forward(x), peaks], -1)
lg, t = Dim("logs", min=2, max=100), Dim("readings", min=32, max=2048)
ep = torch.export.export(HygieneMinutes().eval(), (cycles(4, 252),), dynamic_shapes=({0: lg, 2: t},))
""", "The per-minute peaks reshape the readings into (t // 6, 6), which only holds when the "
       "number of readings is a multiple of 6, so the readings Dim (32..2048, any count) "
       "violates the guard export derives.", "Declare the readings as a multiple of 6 "
       "(readings = 6 * Dim('minutes', ...)) or pad/trim the log to whole minutes before the call.",
       match=r"Constraints violated|Not all values|readings")


# --------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "sched-returns-studio-hourly-rate-as-python-float", "unsupported", "compile", """
from torch.export import Dim
HOURLY_RATE = 110.0
class SchedRate(Sched):
    # the front-desk screen also shows the studio's standard hourly rate, so the developer
    # returns it from forward next to the schedule
    def forward(self, b, artist):
        return super().forward(b, artist), HOURLY_RATE
bk = Dim("bookings", min=2, max=500)
ep = torch.export.export(SchedRate().eval(), requests(8), dynamic_shapes=({0: bk}, {0: bk}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sched_rate178.pt2")
""", "forward returns a Python float (the studio's hourly rate) next to the tensor output; "
       "export keeps it as a constant output, and AOTInductor cannot compile a model whose "
       "outputs are not all tensors.", "Return tensors only (keep the hourly rate in the "
       "front-desk code or return it as torch.tensor(HOURLY_RATE)).",
       match=r"AssertionError|InductorError")


def case_07():
    return _m("case_07", "hygiene-cxx-from-autoclave-logger-pic32-sdk", "compile_toolchain", "compile", """
from torch.export import Dim
# the studio PC also builds the autoclave data logger's firmware; its Microchip MPLAB setup
# script exports CXX as the PIC32 cross compiler, which is not on this PC's new install
lg, t = Dim("logs", min=2, max=100), Dim("readings", min=32, max=2048)
ep = torch.export.export(Hygiene().eval(), (cycles(4, 256),), dynamic_shapes=({0: lg, 2: t},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hyg_pic178.pt2")
""", "CXX is exported by the autoclave logger's MPLAB setup script and names the PIC32 cross "
       "compiler (xc32-g++), which is not installed, so Inductor finds no working C++ compiler "
       "for the package.", "Build in a shell without the MPLAB environment (unset CXX, or set it "
       "to the host g++).", env={"CXX": "/opt/microchip/xc32/v4.35/bin/xc32-g++"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


# ------------------------------------------------------------------------------ load phase
def case_08():
    return _m("case_08", "noshow-legacy-aot-load-device-from-config-uppercase", "deprecated_api", "load", """
# the front-desk tool still uses the legacy aot_compile / aot_load pair from an old tutorial;
# its settings file writes the device the way the booking app displays it
settings = {"device": "CPU", "threads": 2}
so = torch._export.aot_compile(NoShow().eval(), bookings(8))
runner = torch._export.aot_load(so, settings["device"])
""", "The legacy torch._export.aot_load takes only lower-case device strings ('cpu', 'cuda'); "
       "the settings file's 'CPU' is refused by the deprecated loader.", "Move to "
       "aoti_compile_and_package / aoti_load_package, or pass settings['device'].lower().",
       match=r"Unsupported device")


def case_09():
    return _d("case_09", "despike-sterilisation-room-tablet-without-studio-ops", "unsupported", "load", """
# the sterilisation room's tablet runs a small kiosk script with torch and the .pt2 files
# copied from the developer's laptop; the studio_ops module with the despike filter stayed there
m = torch._inductor.aoti_load_package("{despike178}")
out = m(cycles(4, 256))
""", "The despiked hygiene package calls the Python-only custom op tattoo178::despike, which "
       "only the developer's studio_ops module registers; the sterilisation room's kiosk never "
       "imports it, so the package cannot resolve the op when it is loaded.", "Ship and import "
       "the module that registers the op before aoti_load_package on the tablet (or write the "
       "spike filter with tensor ops).", needs=("s",),
       match=r"Could not find schema|tattoo178::despike")


def case_10():
    return _d("case_10", "design-flash-catalogue-pushed-under-app-key", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{design178}")
# the flash-sheet app exports the new season's catalogue features under its own key
new = torch.nn.functional.normalize(torch.randn(DESIGNS, FEAT), dim=1)
m.load_constants({"flash_sheet/catalogue": new}, check_full_update=False)
sims = m(photos(8))
""", "The new flash catalogue is pushed under the flash-sheet app's key "
       "'flash_sheet/catalogue', which is not a constant of the design package.",
       "Push it under the package's own name (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


def case_11():
    return _m("case_11", "hygiene-nightly-refresh-list-empty-first-night", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{hygnw178}")
# the package is built without its weights; the nightly job pushes only the layers the
# trainer marked as changed, and on the first night after the install that list is empty
changed_layers = []
sd = Hygiene().eval().state_dict()
m.load_constants({k: sd[k] for k in m.get_constant_fqns() if k in changed_layers},
                 check_full_update=False)
import sys
sys.stderr.write("nightly refresh pushed %d tensors\\n" % len(changed_layers))
sys.stderr.flush()
out = m(cycles(4, 256))
""", "The hygiene package is built without its weights (package_constants_in_so=False); the "
       "nightly job pushes only the changed layers, an empty list on the first night, so the "
       "model is called with constants never loaded and the process dies at the first call.",
       "Push every constant once after loading (check_full_update=True with the full "
       "state dict), then only the changed ones on later nights.", needs=("s",),
       expect="crash", match=r"Segmentation fault|Aborted|Killed by signal")


# ------------------------------------------------------------------------ run: dynamic dims
def case_12():
    return _d("case_12", "noshow-convention-weekend-all-bookings", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{noshow178}")
# the tattoo convention weekend: every booking of the 40 guest artists' booths in one call
f, style = bookings(1500)
p = m(f, style)
""", "The convention weekend's 1500 bookings are scored in one call, above the most rows the "
       "no-show package accepts (its appts Dim was declared with max=1000).", "Score the "
       "convention in batches of at most 1000 bookings.", needs=("r",), env=CHECK,
       match=r"dim value is too large")


def case_13():
    return _d("case_13", "hygiene-flash-cycle-log-too-short", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hyg178}")
# a dropped needle bar is re-sterilised with the autoclave's quick flash cycle: 20 readings
log = cycles(3, 20)
out = m(log)
""", "The flash cycle's log has 20 readings, below the fewest the hygiene package accepts (its "
       "readings Dim was declared with min=32).", "Check flash cycles with a package exported "
       "for short logs (or pad the log to the minimum).", needs=("s",), env=CHECK,
       match=r"dim value is too small")


def case_14():
    return _d("case_14", "ink-forecast-for-every-colour-in-supplier-range", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ink178}")
# the reorder screen now forecasts every colour in the supplier's range (480 inks), the
# studio's 24 with use and the others with zero weeks
use, ink, bottles = ink_use(480, 26)
out = m(use, ink, bottles)
""", "The reorder screen sends all 480 colours of the supplier's range in one call, above the "
       "most inks the ink package accepts (its inks Dim was declared with max=200).",
       "Forecast only the studio's own inks (or in batches of at most 200).", needs=("r",),
       env=CHECK, match=r"dim value is too large")


def case_15():
    return _d("case_15", "stencil-single-dot-tattoo-three-pixels-square", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{stencil178}")
# a matching dot tattoo for two friends: each stencil is 3 x 3 pixels
dots = torch.randint(0, INKS, (2, 9))
ml = m(dots)
""", "The dot tattoos' stencils have 9 pixels, below the fewest the stencil package accepts "
       "(its pixels Dim was declared with min=16).", "Pad tiny stencils to at least 16 pixels "
       "with an empty colour, or estimate them without the model.", needs=("s",), env=CHECK,
       match=r"dim value is too small")


# ------------------------------------------------------------------------------ run: inputs
def case_16():
    return _d("case_16", "noshow-deposits-kept-in-double-precision", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{noshow178}")
f, style = bookings(8)
# the booking export holds money, so the developer keeps the whole table in double precision
f64 = f.to(torch.float64)
p = m(f64, style)
""", "The bookings are converted to float64 (for the money column) while the no-show package "
       "was compiled for float32 features.", "Keep the model's inputs float32 (f.float()); "
       "keep the deposits in double elsewhere.", needs=("r",), env=CHECK,
       match=r"unmatched dtype")


def case_17():
    return _d("case_17", "sched-artist-ids-from-rota-json-as-floats", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sched178}")
import json
b, _ = requests(8)
# the rota spreadsheet's JSON export writes every cell as a number, the artist too ("2.0")
rota = json.loads('{"artist": [0.0, 1.0, 2.0, 3.0, 4.0, 0.0, 1.0, 2.0]}')
artist = torch.tensor(rota["artist"])
out = m(b, artist)
""", "The artist column of the rota's JSON export holds numbers like 2.0, so torch.tensor makes "
       "the artist ids float32, while the "
       "scheduler package was compiled for int64 (long) artist indices.", "Convert the ids "
       "with .long() (or torch.tensor(..., dtype=torch.long)) before the call.", needs=("r",), env=CHECK, match=r"unmatched dtype")


def case_18():
    return _d("case_18", "ink-sheet-one-column-per-colour-transposed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ink178}")
use, ink, bottles = ink_use(6, 26)
# the stock spreadsheet has one column per ink colour (weeks x inks); the developer transposes it
sheet = use.T.contiguous()
out = m(sheet.T, ink, bottles)
""", "The weekly use comes from a weeks x inks sheet and is passed as its transpose, a "
       "non-contiguous view whose strides differ from the (inks, weeks) row-major layout the "
       "ink package was compiled for.", "Pass sheet.T.contiguous() (or build the table as "
       "inks x weeks).", needs=("r",), env=CHECK, match=r"unmatched stride")


def case_19():
    return _d("case_19", "design-new-extractor-128-features", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{design178}")
# the studio upgraded the photo feature extractor; it now gives 128 features per photo
feats = torch.randn(8, 128)
sims = m(feats)
""", "The upgraded feature extractor gives 128 features per photo while the design package "
       "was exported for 64.", "Use the extractor the catalogue was built with, or rebuild the "
       "catalogue and re-export for 128 features.", needs=("r",), env=CHECK,
       match=r"unmatched dim value")


# ----------------------------------------------------------------------------- run: indices
def case_20():
    return _d("case_20", "noshow-style-as-booking-app-style-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{noshow178}")
f, _ = bookings(6)
# the booking app identifies the style by its catalogue code (101 traditional .. 106 lettering)
code = torch.tensor([101, 102, 103, 104, 105, 106])
p = m(f, code)
""", "The styles are given by the booking app's codes (101..106) instead of the style index "
       "0..5, indexing past the no-show package's 6-row risk table.", "Map the code to the "
       "index (code - 101) before the call.", needs=("r",), match=r"index out of bounds")


def case_21():
    return _d("case_21", "sched-artist-as-booth-number-from-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{sched178}")
b, _ = requests(5)
# the front desk books each artist by the number on their booth, 1..5
booth = torch.tensor([1, 2, 3, 4, 5])
out = m(b, booth)
""", "The artists are given by their booth numbers 1..5 instead of the rota index 0..4, so "
       "booth 5 indexes past the scheduler package's 5-row artist table.", "Subtract one "
       "(booth - 1) before the call.", needs=("r",), match=r"index out of bounds")


def case_22():
    return _d("case_22", "ink-colour-as-supplier-sku", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ink178}")
use, _, bottles = ink_use(6, 26)
# the reorder screen identifies each ink by the supplier's SKU
sku = torch.tensor([4512, 4513, 4520, 4601, 4602, 4710])
out = m(use, sku, bottles)
""", "The inks are given by the supplier's SKU numbers (4512..4710) instead of the colour index "
       "0..23, indexing past the ink package's 24-row bottle-size table.", "Map each SKU to "
       "its colour index before the call.", needs=("r",), match=r"index out of bounds")


def case_23():
    return _d("case_23", "stencil-png-palette-indices-on-large-backpiece", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{stencil178}")
# a back piece in 48 stencil sheets of 256 x 256 pixels; the design app exports each pixel's
# entry in the 8-bit PNG palette (0..255), not the studio's ink colour (0..23)
png = torch.randint(0, 256, (48, 256 * 256))
ml = m(png)
""", "The design app's 8-bit PNG palette entries (0..255) are sent where ink colours 0..23 are "
       "expected, indexing past the stencil package's 24-row table; on this large batch the "
       "kernel's bounds check fails inside its OpenMP parallel loop, where the exception cannot "
       "propagate, so the process aborts.", "Map the palette entries to the studio's ink "
       "colours before the call.", needs=("s",), expect="crash",
       match=r"index out of bounds|Aborted")


# ------------------------------------------------------------------------------ run: values
def case_24():
    return _d("case_24", "noshow-lead-time-in-hours", "numerical", "run", """
m = torch._inductor.aoti_load_package("{noshow178}")
f, style = bookings(8)
ref = m(f, style)
# the new online booking form stores the lead time in hours
hrs = f.clone()
hrs[:, 0] = f[:, 0] * 24.0
p = m(hrs, style)
assert ((p - ref).abs() < 0.05).all(), f"no-show probability: {p} vs {ref}"
""", "The lead time is sent in hours where the predictor expects days, so every booking made "
       "more than a few days ahead looks certain to be missed, without an error.", "Divide the "
       "hours by 24 before the call.", needs=("r",), match=r"AssertionError")


def case_25():
    return _d("case_25", "ink-use-in-fluid-ounces-from-us-supplier-app", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ink178}")
use, ink, bottles = ink_use(6, 26)
ref = m(use, ink, bottles)
# the US supplier's stock app logs the ink used in fluid ounces
floz = use / 29.57
out = m(floz, ink, bottles)
assert ((out - ref).abs() < 0.1 * ref.abs() + 1.0).all(), f"next week ml, weeks left: {out} vs {ref}"
""", "The ink use is sent in fluid ounces where the forecaster expects ml, so next week's use "
       "is 30 times too low and the stock seems to last far longer, without an error.",
       "Convert fluid ounces to ml (x 29.57) before the call.", needs=("r",),
       match=r"AssertionError")


def case_26():
    return _d("case_26", "sched-requested-time-in-minutes", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sched178}")
b, artist = requests(8)
ref = m(b, artist)
# the booking widget sends the requested session length in minutes
mins = b.clone()
mins[:, 0] = b[:, 0] * 60.0
out = m(mins, artist)
assert ((out - ref).abs() < 0.05 * ref.abs() + 0.5).all(), f"chair hours, price: {out} vs {ref}"
""", "The requested session length is sent in minutes where the scheduler expects hours, so "
       "chair hours and prices come out 60 times too high, without an error.", "Divide the "
       "minutes by 60 before the call.", needs=("r",), match=r"AssertionError")


def case_27():
    return _d("case_27", "hygiene-replacement-logger-csv-pressure-column-first", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hyg178}")
log = cycles(4, 256)
ref = m(log)
# the replacement data logger's CSV puts the pressure column before the temperature
csv = log.flip(1)
out = m(csv)
assert ((out[:, 1] - ref[:, 1]).abs() < 1.0).all(), f"minutes at 121 C: {out[:, 1]} vs {ref[:, 1]}"
""", "The replacement logger's CSV lists pressure before temperature, so the channels reach the "
       "hygiene model swapped and no reading counts as held at 121 C with steam pressure (every "
       "cycle reads 0 minutes), without an error.", "Reorder the columns to (temperature, "
       "pressure) before the call.", needs=("s",), match=r"AssertionError")


def case_28():
    return _d("case_28", "stencil-printer-scans-at-600-dpi", "numerical", "run", """
m = torch._inductor.aoti_load_package("{stencil178}")
px = stencils(2, 64)
ref = m(px)
# the new stencil scanner saves at 600 dpi: every 300 dpi pixel becomes 2 x 2 pixels
hi = px.view(2, 64, 64).repeat_interleave(2, 1).repeat_interleave(2, 2).reshape(2, -1)
ml = m(hi)
assert ((ml - ref).abs() < 0.1 * ref).all(), f"ink ml: {ml} vs {ref}"
""", "The stencils are scanned at 600 dpi while the ml-per-pixel table is for 300 dpi, so every "
       "design seems to need four times the ink, without an error.", "Downsample the scan to "
       "300 dpi (or divide the estimate by 4) before ordering ink.", needs=("s",),
       match=r"AssertionError")


# -------------------------------------------------------------- run: device and resources
def case_29():
    return _d("case_29", "design-features-moved-to-gpu-by-workstation-helper", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{design178}")
# the feature helper was copied from the artists' GPU design workstation and ends with .cuda()
def extract(n):
    return photos(n).cuda()
sims = m(extract(8))
""", "The feature helper, copied from the GPU design workstation, moves the features to CUDA on "
       "the front-desk PC, whose torch has no CUDA, while the package is compiled for CPU.",
       "Drop the .cuda() (keep the features on the CPU, as the package expects).",
       needs=("r",), match=r"CUDA|cuda")


def case_30():
    return _d("case_30", "design-whole-photo-archive-in-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{design178}")
# the studio matches its whole photo archive (40000 healed-tattoo photos) in one call
sims = m(photos(8))          # the day's walk-in photos matched fine
feats = photos(40000)
# the front-desk mini PC's container leaves the job 32 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 32 * 2**20, vm + 32 * 2**20))
sims = m(feats)
""", "All 40000 archive photos are matched in one call; the (40000, 512) similarity output "
       "(82 MB) exceeds the 32 MiB the container leaves the job.", "Match the archive in "
       "chunks (e.g. 2000 photos a call) and keep only the top matches.", needs=("r",),
       match=r"allocate|memory")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]



# ------------------------------------------------------------------- dropped after trial 1
def dropped_01():
    return _d("dropped_01", "despike-op-module-imported-after-package-load", "unsupported", "load", """
# the front-desk service loads the hygiene model when it starts; the module that registers
# the studio's despike op is only imported later, inside the request handler
m = torch._inductor.aoti_load_package("{despike178}")

def handle_request(log):
    import numpy as np
    @torch.library.custom_op("tattoo178::despike", mutates_args=())
    def despike(temp: torch.Tensor) -> torch.Tensor:
        a = temp.numpy().copy()
        mid = (a[:, :-2] + a[:, 2:]) / 2.0
        bad = np.abs(a[:, 1:-1] - mid) > 8.0
        a[:, 1:-1][bad] = mid[bad]
        return torch.from_numpy(a)
    return m(log)

out = handle_request(cycles(4, 256))
""", "The despiked hygiene package calls the Python-only custom op tattoo178::despike; the "
       "service loads the package before the module that registers the op is imported (it is "
       "imported lazily in the request handler), so the op's schema is unknown at load.",
       "Import the ops module at the top of the service, before aoti_load_package (or write "
       "the spike filter with tensor ops).", needs=("s",),
       match=r"Could not find schema|tattoo178::despike")


def dropped_02():
    return _d("dropped_02", "ink-two-years-of-weekly-use", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ink178}")
# the manager exports the whole ink log since the studio opened, two years of weeks
use, ink, bottles = ink_use(6, 104)
out = m(use, ink, bottles)
""", "Two years of weekly ink use (104 weeks) are sent, above the most weeks the ink package "
       "accepts (its weeks Dim was declared with max=52).", "Send the last 52 weeks "
       "(use[:, -52:]).", needs=("r",), env=CHECK, match=r"dim value is too large")


def dropped_03():
    # (written for the first Hygiene model, whose held minutes counted temperature only)
    return _d("dropped_03", "hygiene-new-logger-one-reading-a-second", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hyg178}")
log = cycles(4, 128)
ref = m(log)
# the replacement data logger records a reading every second instead of every 10 s
fast = log.repeat_interleave(10, dim=2)
out = m(fast)
assert ((out[:, 1] - ref[:, 1]).abs() < 1.0).all(), f"minutes at 121 C: {out[:, 1]} vs {ref[:, 1]}"
""", "The new logger samples every second while the hygiene model counts each reading as 10 s, "
       "so the minutes held at 121 C come out ten times too long and a short hold passes, "
       "without an error.", "Resample the log to one reading every 10 s (or take every 10th "
       "reading) before the call.", needs=("s",), match=r"AssertionError")


# Trial 1 (the full run, 30 cases, torch 2.13.0+cpu): all 30 failed as labelled. Three were
# then dropped because a closer grep found their triggers taken; each was replaced under its
# number (see live_blind178.notes.md):
# dropped_01 (then case_09): the op module imported lazily after the package load is
# live_blind170's "imported later, when the booking screen opens" -> case_09 is now a kiosk
# that never imports the op module. dropped_02 (then case_14): two years of weekly history
# against a 52-week Dim is live_blind167 case_07's -> case_14 is now the supplier's 480-colour
# range against the inks Dim. dropped_03 (then case_27): a replacement autoclave logger that
# reads every second instead of every N s is live_blind170's -> case_27 is now the logger's
# CSV with the pressure column first (the Hygiene model's held minutes now also require steam
# pressure, so a channel swap changes them).
DROPPED = [dropped_01, dropped_02, dropped_03]
# Did not fail: none.
TRIED: list = []
# Not written (found by the grep before any trial): temperatures in Fahrenheit (live_blind75,
# 136 ..) and in tenths (live_blind120, 134); prices in cents / pence (live_blind78, 134, 154,
# 163, 171); an export example below the Dim's min (live_blind122, 145, 171); the inactive
# constant buffer / use_inactive (live_blind4, 46); an omp.h stub on CPLUS_INCLUDE_PATH
# (live_blind3, 6); a broken TMPDIR (live_blind22); CXX=gcc (live_blind22); the legacy aot_load
# given a .pt2 (zoo, live_blind152's list).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind178.jsonl",
        url_file="benchmarks/live_blind178.py", id_prefix="live178", stems=STEMS,
        scratch_prefix="live_blind178-", description=__doc__.splitlines()[0]))
