"""A hundred-and-seventy-fourth blind set of REAL AOTInductor failures (falconry), triggered live with torch 2.10.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind174.py [--out benchmarks/live_blind174.jsonl] [--keep]

Theme: falconry (a hawk weight-management planner over the daily morning weights and food
given; a flight-condition scorer from wind, gusts and thermal climb; a hood fitting size
estimator with a 12-row species table; a prey-drive forecaster from the feeding log and a
6-row food energy table; a mews climate monitor; a telemetry tag battery predictor with a
4-row tag capacity table; and a moult-stage classifier whose stage binning is a Python-only
custom op), exported, compiled, loaded and run as a falconry centre's falconers, its hood
maker, its tracking officer and its developer would. Built on torch 2.10.0 (the CUDA 12.8
build, on a CPU-only machine): there the runtime's own messages (input checks, kernel index
checks, allocation failures) go to stderr while the exception says only `run_func_(...) API
call failed`, and a process that loads a package without having imported
`torch._inductor.codecache` fails in torch's loader. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind173.py (their
TRIED lists included). Building the set imports nothing from aotidebug.
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
SPECIES = 12   # hood / moult table, index 0..11 (0 merlin, 1 kestrel, ... 7 Harris hawk, ... 11 golden eagle)
FOODS = 6      # food energy table, index 0..5 (0 day-old chick, 1 quail, 2 mouse, 3 rat, 4 rabbit, 5 pigeon)
TAGS = 4       # telemetry tag models, index 0..3 (0 micro 40 mAh ... 3 backpack 300 mAh)

def weighings(n=4, d=30):
    # daily morning weight g (n, d), oldest first, 650..1000 g birds losing 0..3 g a day towards
    # flying weight; food given g (n, d) 60..120
    base = 650.0 + 350.0 * torch.rand(n, 1)
    loss = 3.0 * torch.rand(n, 1)
    w = base - loss * torch.arange(d).float()[None] + 4.0 * torch.randn(n, d)
    fed = 60.0 + 60.0 * torch.rand(n, d)
    return w, fed

def conditions(n=4, t=144):
    # (n, 3, t) every 10 minutes: mean wind m/s 1..9, gust m/s, thermal climb m/s 0..3
    wind = 1.0 + 8.0 * torch.rand(n, 1) + 0.8 * torch.randn(n, t)
    gust = wind + 1.0 + 3.0 * torch.rand(n, t)
    climb = (3.0 * torch.rand(n, 1) * torch.sin(torch.linspace(0.0, 3.14, t))[None]
             + 0.2 * torch.randn(n, t)).clamp(min=0.0)
    return torch.stack([wind.clamp(min=0.0), gust.clamp(min=0.0), climb], 1)

def heads(n=8):
    # (n, 3): head width mm 18..60, skull length mm 25..80, eye spacing mm 12..40; species 0..11
    s = torch.rand(n, 1)
    f = torch.cat([18.0 + 42.0 * s, 25.0 + 55.0 * s, 12.0 + 28.0 * s], 1) + torch.randn(n, 3)
    return f, torch.arange(n) % SPECIES

def feedings(n=4, d=14):
    # grams fed per day (n, d) 40..140, food type (n, d) 0..5; flying weight g (n,) 600..1100
    fed = 40.0 + 100.0 * torch.rand(n, d)
    food = torch.randint(0, FOODS, (n, d))
    return fed, food, 600.0 + 500.0 * torch.rand(n)

def mews_log(n=3, t=96):
    # (n, t, 2) every 15 minutes: relative humidity % 45..90, air C 4..20
    rh = 45.0 + 45.0 * torch.rand(n, 1) + 3.0 * torch.randn(n, t)
    air = 4.0 + 16.0 * torch.rand(n, 1) + torch.randn(n, t)
    return torch.stack([rh.clamp(0.0, 100.0), air], -1)

def tags(n=8):
    # (n, 3): battery V 3.5..4.2, days since charge 0..60, pulse interval s 0.8..2.5; model 0..3
    f = torch.stack([3.5 + 0.7 * torch.rand(n), 60.0 * torch.rand(n), 0.8 + 1.7 * torch.rand(n)], -1)
    return f, torch.arange(n) % TAGS

def primaries(n=6):
    # (n, 10) length mm of primaries P1..P10 in growth; species (n,) 0..11
    sp = torch.arange(n) % SPECIES
    full = 180.0 + 30.0 * sp.float()
    return full[:, None] * (0.2 + 0.8 * torch.rand(n, 10)), sp
"""

MODELS = DATA + """
class WeightPlan(torch.nn.Module):
    # w (n, d) morning weight g, fed (n, d) food given g -> (n, 2): tomorrow's weight g, ration g
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
    def forward(self, w, fed):
        d = w.shape[1]
        slope = (w[:, -1] - w[:, 0]) / (d - 1)
        week = fed[:, -7:].mean(1)
        adj = self.lin(torch.stack([week / 100.0, slope], -1)).squeeze(-1)
        return torch.stack([w[:, -1] + slope, (week + 5.0 * adj - 2.0 * slope).clamp(min=0.0)], -1)

class FlightScore(torch.nn.Module):
    # x (n, 3, t) wind m/s, gust m/s, thermal climb m/s every 10 min -> (n, 2): mean wind, score
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(3, 8, 5, stride=2)
        self.c2 = torch.nn.Conv1d(8, 8, 3, stride=2)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, x):
        h = torch.relu(self.c2(torch.relu(self.c1(x / 10.0)))).mean(-1)
        wind = x[:, 0].mean(-1)
        s = self.head(h).squeeze(-1) + 0.8 * x[:, 2].mean(-1) - 0.3 * (x[:, 1].amax(-1) - 8.0)
        return torch.stack([wind, torch.sigmoid(s)], -1)

class HoodSize(torch.nn.Module):
    # feat (n, 3) head width, skull length, eye spacing mm; species (n,) -> (n,) hood size
    def __init__(self):
        super().__init__()
        self.species = torch.nn.Embedding(SPECIES, 1)
        with torch.no_grad():
            self.species.weight.copy_(torch.linspace(1.0, 12.0, SPECIES)[:, None])
    def forward(self, feat, species):
        mm = 0.5 * feat[:, 0] + 0.3 * feat[:, 1] + 0.2 * feat[:, 2]
        return self.species(species).squeeze(-1) + (mm - 40.0) / 8.0

class PreyDrive(torch.nn.Module):
    # fed (n, d) g per day, food (n, d) 0..5, weight (n,) g -> (n,) prey drive 0..1
    def __init__(self):
        super().__init__()
        self.kcal = torch.nn.Embedding(FOODS, 1)               # kcal per g of each food
        with torch.no_grad():
            self.kcal.weight.copy_(torch.tensor([[1.3], [1.4], [1.7], [1.9], [1.5], [2.0]]))
        self.head = torch.nn.Linear(2, 1)
    def forward(self, fed, food, weight):
        kc = fed * self.kcal(food).squeeze(-1)
        need = 0.25 * weight
        z = torch.stack([kc.mean(1) / need, kc[:, -1] / need], -1)
        return torch.sigmoid(self.head(z).squeeze(-1) - 3.0 * (kc.mean(1) / need - 1.0))

class MewsClimate(torch.nn.Module):
    # log (n, t, 2) RH %, air C every 15 min -> (n, 2): mean RH %, aspergillosis risk 0..1
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(2, 4)
        self.head = torch.nn.Linear(4, 1)
    def forward(self, log):
        z = torch.stack([log[..., 0] / 100.0, log[..., 1] / 20.0], -1)
        h = torch.relu(self.l(z)).mean(1)
        rh = log[..., 0].mean(1)
        return torch.stack([rh, torch.sigmoid(self.head(h).squeeze(-1) + 0.15 * (rh - 75.0)
                                              + 0.05 * (log[..., 1].mean(1) - 12.0))], -1)

class TagBattery(torch.nn.Module):
    # feat (n, 3) battery V, days since charge, pulse interval s; model (n,) -> (n,) days left
    def __init__(self):
        super().__init__()
        self.cap = torch.nn.Embedding(TAGS, 1)                 # capacity mAh
        with torch.no_grad():
            self.cap.weight.copy_(torch.tensor([[40.0], [90.0], [150.0], [300.0]]))
    def forward(self, feat, model):
        soc = ((feat[:, 0] - 3.5) / 0.7).clamp(0.0, 1.0)
        per_day = 0.3 + 2.0 / feat[:, 2]                       # mAh a day at this pulse interval
        return self.cap(model).squeeze(-1) * soc / per_day
"""

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
hk, dy = Dim("hawks", min=1, max=500), Dim("days", min=8, max=90)
build("weight174", WeightPlan().eval(), weighings(4, 30), dynamic_shapes=({0: hk, 1: dy}, {0: hk, 1: dy}))
st, sm = Dim("sites", min=1, max=100000), Dim("samples", min=24, max=288)
build("flight174", FlightScore().eval(), (conditions(4, 144),), dynamic_shapes=({0: st, 2: sm},))
bd = Dim("birds", min=1, max=2000)
build("hood174", HoodSize().eval(), heads(8), dynamic_shapes=({0: bd}, {0: bd}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, math, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
bd, fd = Dim("birds", min=1, max=300), Dim("feed_days", min=3, max=60)
build("prey174", PreyDrive().eval(), feedings(4, 14), dynamic_shapes=({0: bd, 1: fd}, {0: bd, 1: fd}, {0: bd}))
mw, rd = Dim("mews", min=1, max=50), Dim("readings", min=4, max=672)
build("mews174", MewsClimate().eval(), (mews_log(3, 96),), dynamic_shapes=({0: mw, 1: rd},))
tg = Dim("tags", min=1, max=5000)
build("tag174", TagBattery().eval(), tags(8), dynamic_shapes=({0: tg}, {0: tg}))
# the moult card names the stage (0 none .. 5 complete) from the mean fraction grown, in numpy
STAGE_AT = np.array([0.05, 0.3, 0.55, 0.8, 0.97], dtype=np.float32)
@torch.library.custom_op("falc174::moult_stage", mutates_args=())
def moult_stage(frac: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.searchsorted(STAGE_AT, frac.numpy()).astype(np.float32))
@moult_stage.register_fake
def _(frac):
    return torch.empty_like(frac)
class MoultStage(torch.nn.Module):
    # prim (n, 10) primary lengths mm, species (n,) -> (n, 2): mean fraction grown, stage
    def __init__(self):
        super().__init__()
        self.full = torch.nn.Embedding(SPECIES, 1)             # full-grown primary length mm
        with torch.no_grad():
            self.full.weight.copy_((180.0 + 30.0 * torch.arange(SPECIES).float())[:, None])
    def forward(self, prim, species):
        frac = (prim / self.full(species)).mean(1)
        return torch.stack([frac, torch.ops.falc174.moult_stage(frac.contiguous())], -1)
ms = Dim("birds", min=1, max=300)
build("moult174", MoultStage().eval(), primaries(6), dynamic_shapes=({0: ms}, {0: ms}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"weight174", "flight174", "hood174", "prey174", "mews174", "tag174", "moult174",
         "hood_q174"}

# torch 2.10's loader needs torch._inductor.codecache imported (case_28 is the process without
# it); every child seeds torch, so the example data (and the numerical references) repeat
PRE = "import math\nimport torch\nimport torch._inductor.codecache\ntorch.manual_seed(174)\n"
PRE_BARE = "import math\nimport torch\ntorch.manual_seed(174)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}
# torch 2.10: the runtime's own line goes to stderr, the exception carries only this
OPAQUE = r"run_func_\(.*API call failed"

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)
_, _bare = harness.case_makers(DATA, PRE_BARE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "weight-daily-swing-by-np-ptp", "export_failure", "export", """
import numpy as np
class WeightSwing(WeightPlan):
    # the falconer wants the ration cut when a hawk's weight swings more than 25 g in the log:
    # the swing is taken with numpy's peak-to-peak
    def forward(self, w, fed):
        swing = torch.from_numpy(np.ptp(w.numpy(), axis=1))
        out = super().forward(w, fed)
        return torch.stack([out[:, 0], out[:, 1] - 0.2 * (swing - 25.0).clamp(min=0.0)], -1)
ep = torch.export.export(WeightSwing().eval(), weighings(4, 30))
""", "The weight planner takes the log's daily swing with np.ptp on w.numpy() inside forward, and "
       "torch.export's traced tensors have no numpy data.",
       "Take the swing with tensor ops (w.amax(1) - w.amin(1)).",
       match=r"numpy|FakeTensor|not supported")


def case_02():
    return _m("case_02", "flight-grounded-by-python-if-on-gust-limit", "export_failure", "export", """
class FlightGrounded(FlightScore):
    # club rule: no flying at all when any gust in the window exceeds 15 m/s
    def forward(self, x):
        if x[:, 1].amax() > 15.0:
            return torch.zeros(x.shape[0], 2)
        return super().forward(x)
ep = torch.export.export(FlightGrounded().eval(), (conditions(4, 144),))
""", "The flight scorer grounds every site with a Python if on the strongest gust in the batch, "
       "a branch on the data that torch.export cannot trace.",
       "Apply the gust limit with torch.where on each site's score (or check before the call).",
       match=r"data-dependent|GuardOnDataDependent")


def case_03():
    return _m("case_03", "weight-days-dim-from-one-for-newly-trapped-passage-hawk", "dynamic_shape_guard", "export", """
from torch.export import Dim
# passage hawks trapped this autumn have a day or two of weighings, so the days Dim starts at 1
dy = Dim("days", min=1, max=90)
ep = torch.export.export(WeightPlan().eval(), weighings(4, 30), dynamic_shapes=({1: dy}, {1: dy}))
""", "The days Dim is declared from 1 for newly trapped hawks, but the planner's last-week mean "
       "(fed[:, -7:]) and its slope over d - 1 days make export guard the days axis, so it "
       "refuses the declared range.", "Declare the days Dim from 8 (as the shared package does) "
       "and plan new hawks from a default ration until they have a week of weighings.",
       match=r"Constraints violated|days")


def case_04():
    return _m("case_04", "hood-exported-from-developers-one-bird", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the developer exports the hood estimator with the one bird measured at home (his Harris hawk)
feat, species = heads(8)
bd = Dim("birds", min=1, max=2000)
ep = torch.export.export(HoodSize().eval(), (feat[7:8], species[7:8]),
                         dynamic_shapes=({0: bd}, {0: bd}))
""", "The hood estimator is exported from a single bird, so export specialises the birds axis to "
       "the example's size 1 and refuses the declared birds Dim.",
       "Export with an example of two or more birds.",
       match=r"Constraints violated|specializ|birds")


# ------------------------------------------------------------------------ run: dynamic dims
def case_05():
    return _d("case_05", "weight-whole-season-150-days", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{weight174}")
# the end-of-season review sends every morning weighing since the moult: 150 days
out = m(*weighings(3, 150))
""", "The season's 150 days of weighings are above the most days the weight package accepts (its "
       "days Dim was declared with max=90); on torch 2.10 the input check's words go to stderr.",
       "Plan from the last 90 days (or re-export with a longer days Dim).", needs=("r",),
       env=CHECK, match=OPAQUE)


def case_06():
    return _d("case_06", "flight-two-hour-check-before-afternoon-flight", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{flight174}")
# a quick check before the afternoon flight: only the last two hours of readings
out = m(conditions(3, 12))
""", "The two-hour window has 12 ten-minute samples, below the fewest samples the flight package "
       "accepts (its samples Dim was declared with min=24); the input check's words go to stderr "
       "on torch 2.10.", "Send at least four hours of readings (or re-export with a shorter "
       "samples Dim).", needs=("r",), env=CHECK, match=OPAQUE)


def case_07():
    return _d("case_07", "mews-whole-winter-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{mews174}")
# the vet asks for the whole winter: three months of 15-minute readings per mews
out = m(mews_log(3, 8640))
""", "The winter's 8640 readings per mews are above the most readings the mews package accepts "
       "(its readings Dim was declared with max=672, one week); the input check's words go to "
       "stderr on torch 2.10.", "Score the winter week by week (or re-export with a longer "
       "readings Dim).", needs=("s",), env=CHECK, match=OPAQUE)


def case_08():
    return _d("case_08", "tag-all-partner-projects-6000-tags", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tag174}")
# the tracking officer merges the partner projects' tags into one request
out = m(*tags(6000))
""", "The merged request holds 6000 tags, above the most tags the battery package accepts (its "
       "tags Dim was declared with max=5000); the input check's words go to stderr on torch 2.10.",
       "Send the tags in batches of at most 5000 (or re-export with a larger tags Dim).",
       needs=("s",), env=CHECK, match=OPAQUE)


def case_09():
    return _d("case_09", "prey-new-eyass-one-day-of-feeding", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{prey174}")
# the new eyasses arrived yesterday: one day of feeding log each
out = m(*feedings(3, 1))
""", "The new birds have one day of feeding log, below the fewest days the prey-drive package "
       "accepts (its feed_days Dim was declared with min=3); the input check's words go to "
       "stderr on torch 2.10.", "Wait for three days of log (or re-export for shorter logs).",
       needs=("s",), env=CHECK, match=OPAQUE)


# ------------------------------------------------------------------------------ run: inputs
def case_10():
    return _d("case_10", "mews-ble-sensor-bytes-as-uint8", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mews174}")
# the mews sensor's Bluetooth advertisement carries RH and air C as one byte each; the gateway
# turns the packet bytes straight into a tensor
raw = mews_log(3, 96).round().clamp(0, 255).to(torch.uint8)
out = m(raw)
""", "The mews readings arrive as the sensor packet's uint8 bytes while the mews package was "
       "compiled for float32; the input check's words go to stderr on torch 2.10.",
       "Convert the readings to float32 (raw.float()) before the call.", needs=("s",), env=CHECK,
       match=OPAQUE)


def case_11():
    return _d("case_11", "weight-weigh-book-page-days-by-hawks", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{weight174}")
w, fed = weighings(4, 30)
# the weigh book's page has one row per day and one column per hawk; the app keeps that layout
book_w, book_fed = w.T.contiguous(), fed.T.contiguous()
out = m(book_w, book_fed)
""", "The weigh book's (days, hawks) layout is sent where the weight package takes (hawks, days), "
       "so the runtime's check reads the 4 hawks as too few days; the input check's words go to "
       "stderr on torch 2.10.", "Send the log hawk-major (w.T) before the call.", needs=("r",),
       env=CHECK, match=OPAQUE)


def case_12():
    return _d("case_12", "tag-satellite-uplink-float16-decoded-as-is", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{tag174}")
feat, model = tags(8)
# the tags' satellite uplink packs voltage, days and interval as float16 to save message bytes;
# the tracking server decodes the payload with np.frombuffer(dtype=float16) and sends it on
payload = feat.numpy().astype(np.float16).tobytes()
decoded = torch.from_numpy(np.frombuffer(payload, dtype=np.float16).reshape(8, 3).copy())
out = m(decoded, model)
""", "The uplink's float16 values are sent as decoded while the battery package was compiled for "
       "float32; the input check's words go to stderr on torch 2.10.",
       "Convert to float32 (decoded.float()) before the call.", needs=("s",), env=CHECK,
       match=OPAQUE)


# ----------------------------------------------------------------------------- run: indices
def case_13():
    return _d("case_13", "hood-species-by-euring-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{hood174}")
feat, _ = heads(8)
# the club database stores each bird's species by its EURING code (3200 peregrine, 2670 goshawk ..)
euring = torch.tensor([3200, 2670, 3040, 3090, 2690, 3100, 3200, 2670])
out = m(feat, euring)
""", "The birds' EURING species codes (2670..3200) are sent where the hood package expects the "
       "species index 0..11, indexing past its 12-row species table (the kernel's index check "
       "goes to stderr on torch 2.10).", "Map EURING codes to the model's species index before "
       "the call.", needs=("r",), match=OPAQUE)


def case_14():
    return _d("case_14", "prey-food-column-holds-kcal-per-100g", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{prey174}")
fed, food, weight = feedings(4, 14)
# the feeding log's food column was filled with the food's energy (kcal per 100 g), not its type
kcal100 = torch.tensor([130, 140, 170, 190, 150, 200])[food]
out = m(fed, kcal100, weight)
""", "The feeding log's food column holds each food's kcal per 100 g (130..200) where the "
       "prey-drive package expects the food type 0..5, indexing past its 6-row energy table (the "
       "kernel's index check goes to stderr on torch 2.10).", "Send the food type index (the "
       "package holds the energy itself).", needs=("s",), match=OPAQUE)


def case_15():
    return _d("case_15", "tag-model-by-receiver-channel", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tag174}")
feat, _ = tags(8)
# the receiver log names each tag by the channel it is tuned to (channels 12..48)
channel = torch.tensor([12, 17, 23, 31, 36, 40, 44, 48])
out = m(feat, channel)
""", "The receiver's channel numbers (12..48) are sent where the battery package expects the tag "
       "model index 0..3, indexing past its 4-row capacity table (the kernel's index check goes "
       "to stderr on torch 2.10).", "Look up each tag's model index before the call.",
       needs=("s",), match=OPAQUE)


# ------------------------------------------------------------------------------ run: values
def case_16():
    return _d("case_16", "flight-wind-as-beaufort-force", "numerical", "run", """
m = torch._inductor.aoti_load_package("{flight174}")
x = conditions(4, 144)
ref = m(x)
# the club's weather page gives wind and gusts as Beaufort force numbers
bf = x.clone()
bf[:, :2] = (x[:, :2] / 0.836) ** (2.0 / 3.0)
out = m(bf.round())
assert ((out - ref).abs() < 0.05).all(), f"wind, score: {out} vs {ref}"
""", "Wind and gusts are given as Beaufort force numbers instead of m/s, so the flight scores come "
       "out too high on windy days, without an error.", "Convert Beaufort force to m/s "
       "(0.836 * B ** 1.5) before the call.", needs=("r",), match=r"AssertionError")


def case_17():
    return _d("case_17", "hood-head-circumference-for-width", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hood174}")
feat, species = heads(8)
ref = m(feat, species)
# the hood maker's tape measure goes round the head: circumference instead of width
circ = feat.clone()
circ[:, 0] = math.pi * feat[:, 0]
out = m(circ, species)
assert ((out - ref).abs() < 0.5).all(), f"hood size: {out} vs {ref}"
""", "The head is measured round (circumference, about pi times the width) while the hood "
       "estimator expects the width, so every hood comes out several sizes too big, without an "
       "error.", "Measure the width with calipers (or divide the circumference by pi) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_18():
    return _d("case_18", "prey-fed-as-item-count", "numerical", "run", """
m = torch._inductor.aoti_load_package("{prey174}")
fed, food, weight = feedings(4, 14)
ref = m(fed, food, weight)
# the new feeding app records how many items were fed (2 chicks, 1 quail), not the grams
items = (fed / 40.0).round().clamp(min=1.0)
out = m(items, food, weight)
assert ((out - ref).abs() < 0.05).all(), f"prey drive: {out} vs {ref}"
""", "The feeding log counts items (1..4) where the prey-drive package expects grams, so every "
       "bird reads as starving with maximal drive, without an error.", "Record grams (or convert "
       "items with each food's weight) before the call.", needs=("s",), match=r"AssertionError")


def case_19():
    return _d("case_19", "mews-absolute-humidity-for-relative", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mews174}")
log = mews_log(3, 96)
ref = m(log)
# the replacement sensor reports absolute humidity g/m3 in the humidity field
ah = log.clone()
ah[..., 0] = log[..., 0] / 100.0 * 6.112 * torch.exp(17.67 * log[..., 1] / (log[..., 1] + 243.5)) * 2.1674 / (273.15 + log[..., 1]) * 100.0
out = m(ah)
assert ((out - ref).abs() < 0.05 * ref.abs() + 0.05).all(), f"RH, risk: {out} vs {ref}"
""", "The new sensor's absolute humidity in g/m3 (a few units) is sent as relative humidity %, "
       "so every mews reads as bone dry with no aspergillosis risk, without an error.",
       "Send the relative humidity % field (or convert with the air temperature) before the "
       "call.", needs=("s",), match=r"AssertionError")


def case_20():
    return _d("case_20", "tag-pulse-rate-for-pulse-interval", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tag174}")
feat, model = tags(8)
ref = m(feat, model)
# the tag programmer's export gives the pulse rate per minute, not the seconds between pulses
ppm = feat.clone()
ppm[:, 2] = 60.0 / feat[:, 2]
out = m(ppm, model)
assert ((out - ref).abs() < 0.05 * ref + 0.5).all(), f"days left: {out} vs {ref}"
""", "The pulse rate per minute (24..75) is sent where the battery package expects the seconds "
       "between pulses, so every tag is predicted to last several times longer, without an "
       "error.", "Convert the rate to an interval (60 / rate) before the call.", needs=("s",),
       match=r"AssertionError")


def case_21():
    return _d("case_21", "tag-capacity-table-pushed-in-amp-hours", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tag174}")
feat, model = tags(8)
ref = m(feat, model)
# the supplier's new data sheet lists the cells in Ah (0.04 .. 0.3)
cap_ah = torch.tensor([[0.04], [0.09], [0.15], [0.3]])
m.load_constants({"cap.weight": cap_ah}, check_full_update=False)
out = m(feat, model)
assert ((out - ref).abs() < 0.05 * ref + 0.5).all(), f"days left: {out} vs {ref}"
""", "The tag capacities are pushed in Ah while the package's capacity table holds mAh, so every "
       "tag is predicted to be flat within hours, without an error.",
       "Multiply the Ah figures by 1000 before load_constants.", needs=("s",),
       match=r"AssertionError")


def case_22():
    return _d("case_22", "weight-trainee-weighed-with-hood-jesses-and-tag", "numerical", "run", """
m = torch._inductor.aoti_load_package("{weight174}")
w, fed = weighings(4, 30)
ref = m(w, fed)
# from day 15 the new trainee weighed the hawks on the glove with hood, jesses and tag on (+45 g)
kit = w.clone()
kit[:, 15:] += 45.0
out = m(kit, fed)
assert ((out[:, 0] - ref[:, 0]).abs() < 10.0).all(), f"tomorrow g: {out[:, 0]} vs {ref[:, 0]}"
""", "Half the log was weighed with the hood, jesses and tag on (45 g more), so the planner "
       "sees a gain and predicts tomorrow's weight 45 g high, without an error.",
       "Subtract the equipment's weight (or weigh the bird bare) before the call.",
       needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------------------- run: weights
def case_23():
    return _d("case_23", "hood-table-pushed-into-tag-package", "constant_loading", "run", """
# the update script pushes the hood maker's new species table, but opens the wrong .pt2 file
m = torch._inductor.aoti_load_package("{tag174}")
m.load_constants({"species.weight": torch.linspace(1.5, 12.5, 12)[:, None]}, check_full_update=False)
out = m(*tags(8))
""", "The hood species table is pushed into the telemetry tag package, which has no constant "
       "'species.weight' (its only table is 'cap.weight').", "Load the hood package before "
       "pushing its table (check m.get_constant_fqns()).", needs=("s",),
       match=r"[Cc]onstant not found")


# -------------------------------------------------------------- run: resources, device, ops
def case_24():
    return _d("case_24", "flight-every-national-grid-cell-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{flight174}")
# the app's server scores every 10 km grid cell of the country for tomorrow in one call
x = conditions(100000, 144)
# the server's worker leaves the scorer 64 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))
out = m(x)
""", "All 100000 grid cells are scored in one call and the convolutions' buffers (over 200 MB) "
       "exceed the worker's 64 MiB memory margin; the allocator's words go to stderr on torch "
       "2.10.", "Score the grid in batches of a few thousand cells.", needs=("r",), match=OPAQUE)


def case_25():
    return _d("case_25", "flight-device-from-is-available-without-call", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{flight174}")
# the script meant torch.cuda.is_available(); the function object itself is always true
dev = "cuda" if torch.cuda.is_available else "cpu"
out = m(conditions(4, 144).to(dev))
""", "The device test names torch.cuda.is_available without calling it, so the readings are "
       "always moved to CUDA on the club's GPU-less laptop while the package is compiled for "
       "CPU.", "Call torch.cuda.is_available() (or keep the CPU tensors the package was compiled "
       "for).", needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


def case_26():
    return _m("case_26", "hood-cxx-from-unset-env-fallback-empty", "compile_toolchain", "compile", """
import os
# the build script takes the compiler from HOOD_CXX with an empty default; it is not set here
cxx = os.environ.get("HOOD_CXX", "")
ep = torch.export.export(HoodSize().eval(), heads(8))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hood_q174.pt2",
                                               inductor_configs={"cpp.cxx": (None, cxx)})
""", "The build script sets Inductor's C++ compiler to an unset variable's empty default, so "
       "Inductor tries to run '' as its compiler and the compile fails (on torch 2.10: "
       "InductorError: PermissionError: [Errno 13] Permission denied: '').",
       "Fall back to a real compiler (os.environ.get('HOOD_CXX', 'g++')) or leave cpp.cxx alone.",
       match=r"PermissionError.*Permission denied: ''|InvalidCxxCompiler|No working C\+\+ compiler")


def case_27():
    return _d("case_27", "moult-stage-op-registered-after-load", "unsupported", "load", """
import numpy as np
# the moult card script loads the package first and registers the stage op further down
m = torch._inductor.aoti_load_package("{moult174}")
STAGE_AT = np.array([0.05, 0.3, 0.55, 0.8, 0.97], dtype=np.float32)
@torch.library.custom_op("falc174::moult_stage", mutates_args=())
def moult_stage(frac: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.searchsorted(STAGE_AT, frac.numpy()).astype(np.float32))
out = m(*primaries(6))
""", "The moult package calls the Python-only custom op falc174::moult_stage through the proxy "
       "executor, and the script loads the package before it registers the op, so the load does "
       "not find it.", "Register the op before aoti_load_package (or bin the stage with "
       "torch.bucketize in the model).", needs=("s",), match=r"falc174|moult_stage|schema")


def case_28():
    return _bare("case_28", "weight-planner-imports-inductor-package-only", "torch_bug", "load", """
import torch._inductor
# the morning weighing script imports torch._inductor itself, expecting that to be enough
m = torch._inductor.aoti_load_package("{weight174}")
out = m(*weighings(4, 30))
""", "torch 2.10's package loader uses torch._inductor.codecache without importing it, so a "
       "script that imports only torch and torch._inductor fails with an AttributeError in "
       "torch's own code.", "import torch._inductor.codecache before aoti_load_package (or use "
       "a newer torch).", needs=("r",), match=r"codecache")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28]

# failed as labelled but dropped
DROPPED: list = []
# did not fail as labelled
TRIED: list = [
    "weight-us-scale-in-ounces (numerical, trial 1's case_16): the weights in ounces (w / 28.35) "
    "changed the planner's ration by less than the 5 g the case asserted, so the child ran "
    "without an error; dropped, not re-tuned; cases 17..29 were renumbered 16..28",
]
# Trial 1 (29 cases, --keep): 27 failed as labelled; case_16 (ounces) did not fail (TRIED);
# case_27 (now case_26, the empty compiler) failed as InductorError: PermissionError: [Errno 13]
# Permission denied: '' instead of InvalidCxxCompiler, so its regex and cause were reworded to
# that message (label unchanged, still the compiler setting). case_23's slug was corrected to
# its story (now case_22). No label was changed.
# Not written (found by the grep): a Python if on torch.isnan(...).any() (live_blind18); a
# dynamic_shapes dict keyed by other names (live_blind12, 18, 41, 47 ..); separate Dims for one
# axis (live_blind118); min and max swapped in a Dim (live_blind3, 5, 98); a channel axis
# declared dynamic (live_blind130); int64 readings from integer values (live_blind102, 11); the
# inputs passed as one tuple (live_blind118); an extra fourth column (live_blind136, 141, 166);
# an id column folded into one table (live_blind170, 172); reversed argument order
# (live_blind94, 149); numpy arrays to load_constants (live_blind106, 107, 147, 167); constant
# names with a newline (live_blind169); an Embedding attribute name as the constant key
# (live_blind151); compiler flags in CXX (live_blind150, 169's ccache g++); cl / MSVC
# (live_blind146, 170); wind in knots and ft/min (live_blind101, 134, 141); the dew point in
# the humidity channel (live_blind136, 171).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind174.jsonl",
        url_file="benchmarks/live_blind174.py", id_prefix="live174", stems=STEMS,
        scratch_prefix="live_blind174-", description=__doc__.splitlines()[0]))
