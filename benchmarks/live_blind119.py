"""A hundred-and-nineteenth blind set of REAL AOTInductor failures (public health and epidemiology models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind119.py [--out benchmarks/live_blind119.jsonl] [--keep]

Theme: public health and epidemiology (an SEIR-style compartmental forecaster with learned rates
over weekly case counts per region, a syndromic-surveillance anomaly detector over emergency-visit
counts by age band, a vaccination-uptake model over demographic features, a hospital-bed demand
model, a wastewater viral-load trend model and an outbreak cluster scorer over contact graphs),
exported, compiled, loaded and run as a public-health data scientist would. No trigger repeats
one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind117.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
AGE_BANDS = ["0-4", "5-17", "18-49", "50-64", "65+"]     # the surveillance dashboard's bands

class Seir(torch.nn.Module):
    # SEIR forecaster: weekly case counts (regions, weeks) and population (regions,) -> the next
    # 4 weeks of incidence per region; learned log-rates (weekly transmission, incubation, recovery)
    def __init__(self, horizon=4):
        super().__init__()
        self.log_beta = torch.nn.Parameter(torch.tensor(0.3))
        self.log_sigma = torch.nn.Parameter(torch.tensor(-0.1))
        self.log_gamma = torch.nn.Parameter(torch.tensor(-0.2))
        self.horizon = horizon
    def forward(self, cases, pop):
        beta, sigma, gamma = self.log_beta.exp(), self.log_sigma.exp(), self.log_gamma.exp()
        i = cases[:, -2:].sum(1)                      # infectious: the last two weeks' cases
        e = cases[:, -1] * 1.5                        # exposed, from the latest week
        r = cases.sum(1) - i                          # removed: every earlier case
        s = pop - e - i - r
        out = []
        for _ in range(self.horizon):
            new_e, new_i, new_r = beta * s * i / pop, sigma * e, gamma * i
            s, e, i, r = s - new_e, e + new_e - new_i, i + new_i - new_r, r + new_r
            out.append(new_i)
        return torch.stack(out, 1)

def weekly_cases(regions=6, weeks=26):
    t = torch.arange(weeks).float()
    peak = torch.rand(regions, 1) * 300 + 100
    return (peak * torch.exp(-((t - weeks / 2) ** 2) / 40.0) + torch.rand(regions, weeks) * 20).round()

class Ears(torch.nn.Module):
    # syndromic surveillance (EARS C2-style): ED visits (facilities, days, age bands); z-score of
    # the latest day against a 7-day baseline lagged by 2 days, combined by a learned head
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(len(AGE_BANDS), 1)
        with torch.no_grad():
            self.head.weight.fill_(0.5)
            self.head.bias.fill_(-3.0)
    def forward(self, visits):
        base = visits[:, -10:-3]
        z = (visits[:, -1] - base.mean(1)) / base.std(1)
        return torch.sigmoid(self.head(z).squeeze(-1))

UPTAKE_MEAN = [62000.0, 8.0, 2.6, 0.45, 13.0]   # household income USD, km to the nearest clinic,
UPTAKE_STD = [30000.0, 10.0, 1.4, 0.5, 3.0]     # household size, prior flu shot, years of school

class Uptake(torch.nn.Module):
    # vaccination uptake probability from demographics: age band id, state FIPS code, numbers
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(UPTAKE_MEAN))
        self.register_buffer("std", torch.tensor(UPTAKE_STD))
        self.age = torch.nn.Embedding(len(AGE_BANDS), 8)
        self.state = torch.nn.Embedding(57, 8)          # rows indexed by state FIPS code 01..56
        self.num = torch.nn.Linear(5, 8)
        self.out = torch.nn.Linear(8, 1)
    def forward(self, age_band, fips, x):
        h = torch.relu(self.num((x - self.mean) / self.std) + self.age(age_band) + self.state(fips))
        return torch.sigmoid(self.out(h).squeeze(-1))

def people(n=16):
    x = torch.stack([torch.rand(n) * 120000 + 15000, torch.rand(n) * 30, torch.randint(1, 7, (n,)).float(),
                     torch.randint(0, 2, (n,)).float(), torch.randint(8, 20, (n,)).float()], -1)
    return torch.randint(0, 5, (n,)), torch.randint(1, 57, (n,)), x

class Wastewater(torch.nn.Module):
    # viral-load trend per sewershed: log10 of flow- and population-normalised SARS-CoV-2 N1 gene
    # copies (sites, samples) regressed on the sample day; least-squares slope per day
    def forward(self, copies_per_l, flow_l_per_day, pop, day):
        y = torch.log10(copies_per_l * flow_l_per_day / pop[:, None])
        t = day - day.mean(1, keepdim=True)
        return (t * (y - y.mean(1, keepdim=True))).sum(1) / (t * t).sum(1)

def samples(sites=4, n=12):
    day = torch.arange(n).float().repeat(sites, 1) * 3.5          # twice-weekly sampling
    copies = 10 ** (5 + 0.02 * day + torch.rand(sites, n) * 0.3)
    flow = torch.rand(sites, n) * 2e7 + 1e7
    return copies, flow, torch.rand(sites) * 4e5 + 5e4, day

class Beds(torch.nn.Module):
    # bed occupancy per hospital from daily admissions (hospitals, days): admissions convolved
    # with a learned 14-day length-of-stay survival curve -> occupancy for days 14..
    def __init__(self):
        super().__init__()
        self.los = torch.nn.Parameter(torch.linspace(2.0, -2.0, 14))
    def forward(self, adm):
        k = torch.sigmoid(self.los).flip(0).view(1, 1, 14)
        return torch.nn.functional.conv1d(adm[:, None], k).squeeze(1)

class Cluster(torch.nn.Module):
    # outbreak cluster score over a contact graph: case features (cases, 6) and contact edges
    # (2, contacts) as row numbers of the case table; two rounds of summed messages, max-pooled
    def __init__(self):
        super().__init__()
        self.inp = torch.nn.Linear(6, 16)
        self.upd = torch.nn.Linear(16, 16)
        self.out = torch.nn.Linear(16, 1)
    def forward(self, x, edges):
        h = torch.relu(self.inp(x))
        for _ in range(2):
            agg = torch.zeros_like(h).index_add(0, edges[1], h.index_select(0, edges[0]))
            h = torch.relu(self.upd(h + agg))
        return torch.sigmoid(self.out(h.max(0).values))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
rg, wk = Dim("regions", min=1, max=3300), Dim("weeks", min=8, max=520)
build("seir119", Seir().eval(), (weekly_cases(6, 26), torch.rand(6) * 9e5 + 1e5),
      dynamic_shapes=({0: rg, 1: wk}, {0: rg}))
fa, dy = Dim("facilities", min=1, max=400), Dim("days", min=10, max=730)
build("ears119", Ears().eval(), (torch.poisson(torch.full((3, 28, 5), 12.0)),),
      dynamic_shapes=({0: fa, 1: dy},))
pp = Dim("people", min=1, max=100000)
build("uptake119", Uptake().eval(), people(16), dynamic_shapes=({0: pp}, {0: pp}, {0: pp}))
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
st, sm = Dim("sites", min=1, max=2000), Dim("samples", min=3, max=200)
build("ww119", Wastewater(), samples(4, 12),
      dynamic_shapes=({0: st, 1: sm}, {0: st, 1: sm}, {0: st}, {0: st, 1: sm}))
hs, dd = Dim("hospitals", min=1, max=600), Dim("adm_days", min=15, max=730)
build("beds119", Beds().eval(), (torch.poisson(torch.full((3, 60), 9.0)),),
      dynamic_shapes=({0: hs, 1: dd},))
cs, ct = Dim("cases", min=2, max=5000), Dim("contacts", min=1, max=50000)
build("clu119", Cluster().eval(), (torch.randn(30, 6), torch.randint(0, 30, (2, 60))),
      dynamic_shapes=({0: cs}, {1: ct}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"seir119", "ears119", "uptake119", "ww119", "beds119", "clu119", "scan119", "nb119"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "rt-minimum-case-count-branch", "export_failure", "export", """
class Rt(torch.nn.Module):
    # instantaneous reproduction number over the last 4 weeks; too few cases: report NaN
    def forward(self, cases):
        recent = cases[-4:]
        if recent.sum() < 12:                       # the dashboard suppresses small counts
            return torch.full((1,), float("nan"))
        w = torch.tensor([0.25, 0.5, 0.25])          # serial interval in weeks 1..3
        return (recent[-1] / (w * cases[-4:-1].flip(0)).sum()).reshape(1)
ep = torch.export.export(Rt(), (weekly_cases(1, 26)[0],))
""", "The Rt estimator branches in Python on whether the last four weeks hold fewer than 12 "
       "cases (small-count suppression), control flow on tensor data that torch.export cannot "
       "trace.", "Suppress with torch.where(recent.sum() < 12, nan, rt) (or apply the "
       "suppression rule outside the exported model).", match=r".")


def case_02():
    return _m("case_02", "post-peak-decline-loop-from-argmax", "export_failure", "export", """
class Decline(torch.nn.Module):
    # weekly growth rate after the epidemic peak: mean log-ratio of consecutive post-peak weeks
    def forward(self, cases):
        peak = int(cases.argmax())
        rates = [torch.log(cases[w + 1] / cases[w]) for w in range(peak, cases.shape[0] - 1)]
        return torch.stack(rates).mean()
ep = torch.export.export(Decline(), (weekly_cases(1, 26)[0] + 1,))
""", "The post-peak decline rate loops in Python from the peak week found with int(argmax()), "
       "so the number of loop iterations depends on the case counts and torch.export cannot "
       "trace it.", "Compute all week-to-week log-ratios and average them with a mask of weeks "
       "after the peak (arange >= argmax).", match=r".")


def case_03():
    return _m("case_03", "seir-simulate-until-extinction", "export_failure", "export", """
class FinalSize(Seir):
    # final epidemic size: step the SEIR model until fewer than one person is infectious
    def forward(self, cases, pop):
        beta, sigma, gamma = self.log_beta.exp(), self.log_sigma.exp(), self.log_gamma.exp()
        i = cases[:, -2:].sum(1); e = cases[:, -1] * 1.5; r = cases.sum(1) - i
        s = pop - e - i - r
        while (i >= 1).any():
            new_e, new_i, new_r = beta * s * i / pop, sigma * e, gamma * i
            s, e, i, r = s - new_e, e + new_e - new_i, i + new_i - new_r, r + new_r
        return r / pop
ep = torch.export.export(FinalSize().eval(), (weekly_cases(4, 26), torch.rand(4) * 9e5 + 1e5))
""", "The final-size model runs the SEIR recursion in a Python while loop until fewer than one "
       "person is infectious, a loop whose length depends on the data, which torch.export "
       "cannot trace.", "Run a fixed number of weeks (a static horizon, or torch.cond / a "
       "scan with a mask once extinct) instead of a data-dependent while loop.", match=r".")


def case_04():
    return _m("case_04", "los-kernel-longer-than-min-days", "dynamic_shape_guard", "export", """
from torch.export import Dim
d = Dim("adm_days", min=7, max=730)                # 'at least a week of admissions'
ep = torch.export.export(Beds().eval(), (torch.poisson(torch.full((3, 60), 9.0)),),
                         dynamic_shapes=({1: d},))
""", "The admissions-days Dim is declared with min=7 (a week), but the length-of-stay "
       "convolution needs at least 14 days, so export finds the declared range violates the "
       "model's guard days >= 14.", "Declare the days Dim with min=14 (or left-pad the "
       "admissions with 13 days of zeros in the model).", match=r".")


def case_05():
    return _m("case_05", "single-state-example-for-regions", "dynamic_shape_guard", "export", """
from torch.export import Dim
rg, wk = Dim("regions", min=1, max=3300), Dim("weeks", min=8, max=520)
ca = weekly_cases(1, 52)                           # the example: the state's own statewide series
ep = torch.export.export(Seir().eval(), (ca, torch.tensor([39.0e6])),
                         dynamic_shapes=({0: rg, 1: wk}, {0: rg}))
""", "The SEIR forecaster is exported with one state's statewide series as the example, so the "
       "regions Dim has example size 1 and export specialises it to the constant 1.",
       "Export with an example of at least two regions (e.g. two counties).", match=r".")


def case_06():
    return _m("case_06", "initial-compartment-on-gpu-in-forward", "device_mismatch", "export", """
class SeirV(Seir):
    # vaccinated compartment added on the modelling team's GPU workstation
    def forward(self, cases, pop):
        v = torch.zeros(cases.shape[0], device="cuda")   # nobody vaccinated at t0
        return super().forward(cases, pop - v)
ep = torch.export.export(SeirV().eval(), (weekly_cases(4, 26), torch.rand(4) * 9e5 + 1e5))
""", "The vaccinated compartment's initial state is created with device='cuda' inside forward "
       "(from the GPU workstation), while the case counts and populations are CPU tensors, so "
       "the traced graph mixes cpu and cuda:0 tensors.", "Create it on the inputs' device "
       "(torch.zeros_like(pop) / device=cases.device).", match=r".")


def case_07():
    return _m("case_07", "nb-interval-custom-op-expanded-dispersion", "torch_bug", "compile", """
import numpy as np
@torch.library.custom_op("epi119::nb_upper", mutates_args=())
def nb_upper(mu: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    # upper 95 % bound of a negative-binomial forecast (normal approximation), in NumPy
    m = mu.numpy()
    return torch.from_numpy((m + 1.645 * np.sqrt(m + m * m / k.numpy())).astype(np.float32))
@nb_upper.register_fake
def _(mu, k):
    return torch.empty_like(mu)
class SeirNb(Seir):
    def __init__(self):
        super().__init__()
        self.k = torch.nn.Parameter(torch.tensor(8.0))   # learned NB dispersion
    def forward(self, cases, pop):
        mu = super().forward(cases, pop).clamp_min(0)
        return torch.ops.epi119.nb_upper(mu, self.k.expand_as(mu))
ep = torch.export.export(SeirNb().eval(), (weekly_cases(4, 26), torch.rand(4) * 9e5 + 1e5))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nb119.pt2")
""", "The forecaster's negative-binomial interval is a NumPy custom op given the learned scalar "
       "dispersion expanded to the forecast's shape (k.expand_as(mu)); Inductor's lowering of "
       "that expanded constant as the custom op's argument fails an internal assertion.",
       "Pass the dispersion unexpanded (k, broadcast inside the op) or materialise it with "
       ".contiguous(); report the lowering assertion upstream.", match=r"TensorBox|Lowering|Assert")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_08():
    return _c("case_08", "census-population-int64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{seir119}")
cases = torch.rand(4, 26) * 300
pop = torch.tensor([884659, 1210300, 39538223, 578759])   # census counts, read as integers
f = m(cases, pop)
""", "The census populations are passed as int64 counts, while the SEIR package was exported "
       "with float32 populations.", "Convert with pop.float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Long|Float|int64")


def case_09():
    return _c("case_09", "seven-age-bands-new-dashboard", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ears119}")
# the state's new dashboard splits 18-49 and 65+: 0-4, 5-17, 18-29, 30-49, 50-64, 65-74, 75+
visits = torch.poisson(torch.full((3, 28, 7), 10.0))
alarm = m(visits)
""", "The new state dashboard reports ED visits in 7 age bands, while the surveillance package "
       "was exported for the 5 bands it was trained on.", "Aggregate the 7 bands back to the 5 "
       "trained bands (or retrain and re-export for the new bands).", needs=("r",), env=CHECK,
       match=r"dim value|size|shape|5|7")


def case_10():
    return _m("case_10", "age-band-one-hot-from-survey-pipeline", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{uptake119}")
_, fips, x = people(16)
age = torch.nn.functional.one_hot(torch.randint(0, 5, (16,)), 5).float()   # the survey ETL one-hots
p = m(age, fips, x)
""", "The survey pipeline one-hot encodes the age band as a (people, 5) float tensor, while the "
       "uptake package was exported with a (people,) int64 band id.", "Pass the band ids "
       "(age.argmax(1)) as int64.", needs=("r",), env=CHECK, match=r".")


def case_11():
    return _c("case_11", "contact-edges-int32-from-tracing-export", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{clu119}")
x = torch.randn(40, 6)
edges = torch.from_numpy(np.random.randint(0, 40, (2, 90)).astype(np.int32))   # the tracing system's edge list
score = m(x, edges)
""", "The contact-tracing system's edge list is int32, while the cluster package was exported "
       "with int64 edge indices.", "Convert with edges.long() before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Int|Long|int32")


def case_12():
    return _c("case_12", "admissions-split-by-ward", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{beds119}")
adm = torch.poisson(torch.full((5, 90, 3), 4.0))     # (hospitals, days, ward: general, ICU, paediatric)
occ = m(adm)
""", "The admissions are sent split by ward as a 3-D (hospitals, days, wards) tensor, while the "
       "bed-demand package was exported for 2-D (hospitals, days) totals.", "Sum over wards "
       "(or run the model per ward with a (hospitals * wards, days) batch).", needs=("s",),
       env=CHECK, match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _c("case_13", "new-pathogen-three-weeks-of-data", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{seir119}")
cases = torch.tensor([[3.0, 11.0, 29.0], [0.0, 4.0, 17.0]])   # a novel pathogen: 3 epi weeks so far
f = m(cases, torch.tensor([2.1e6, 8.4e5]))
""", "A newly emerged pathogen has only 3 weeks of case counts, below the weeks Dim's exported "
       "min=8.", "Use a different model for the first weeks (or export with a smaller min "
       "and handle short series in the model).", needs=("r",), env=CHECK,
       match=r"8|too small|range|bound")


def case_14():
    return _c("case_14", "new-sewershed-two-samples", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ww119}")
copies = torch.tensor([[2.1e5, 3.4e5], [8.8e4, 1.2e5]])   # two newly onboarded sites: 2 samples each
flow = torch.tensor([[1.6e7, 1.5e7], [4.2e6, 4.0e6]])
day = torch.tensor([[0.0, 3.5], [0.0, 3.5]])
slope = m(copies, flow, torch.tensor([120000.0, 35000.0]), day)
""", "Newly onboarded sewersheds have two samples each, below the samples Dim's exported min=3.",
       "Report trends only for sites with at least 3 samples.", needs=("s",), env=CHECK,
       match=r"3|too small|range|bound")


def case_15():
    return _c("case_15", "statewide-ed-history-two-years-plus", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ears119}")
visits = torch.poisson(torch.full((2, 1100, 5), 15.0))   # the whole syndromic archive since 2022
alarm = m(visits)
""", "The whole syndromic archive (1100 days) is sent for two facilities, above the days Dim's "
       "exported max=730.", "Send only the recent window the C2 baseline needs (the last 10+ "
       "days) or export with a larger max.", needs=("r",), env=CHECK,
       match=r"730|too large|range|bound")


# -------------------------------------------------------------------- run: indices
def case_16():
    return _m("case_16", "age-in-years-as-band-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{uptake119}")
_, fips, x = people(6)
age = torch.tensor([34, 71, 8, 52, 2, 66])          # the registry's age in years, not the band id
p = m(age, fips, x)
""", "The immunisation registry's age in years is passed as the age-band id, so ages 5 and up "
       "index past the 5-row age-band embedding.", "Map ages to band ids with torch.bucketize "
       "(edges 5, 18, 50, 65) before the call.", needs=("r",), match=r"out of bounds|index")


def case_17():
    return _m("case_17", "puerto-rico-fips-72", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{uptake119}")
age, _, x = people(4)
fips = torch.tensor([6, 36, 72, 48])                # CA, NY, Puerto Rico (FIPS 72), TX
p = m(age, fips, x)
""", "Puerto Rico's survey respondents carry state FIPS code 72, while the uptake model's state "
       "table is indexed by FIPS 01..56 (57 rows).", "Map FIPS codes to dense table rows (with "
       "a row for each territory) before the call.", needs=("r",), match=r"out of bounds|index")


def case_18():
    return _c("case_18", "registry-case-numbers-as-edge-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{clu119}")
ids = torch.tensor([48213, 48217, 48230, 48231, 48245, 48262])   # registry case numbers of the cluster
x = torch.randn(6, 6)
edges = torch.tensor([[48213, 48213, 48217, 48230, 48245], [48217, 48230, 48231, 48245, 48262]])
score = m(x, edges)                                  # edges still in registry case numbers
""", "The contact edges are sent with the state registry's case numbers (48213..) instead of "
       "the rows of the cluster's case table (0..5), so the edge indices are far out of range.",
       "Map case numbers to row numbers (e.g. with a dict or torch.searchsorted on the sorted "
       "ids) before the call.", needs=("s",), match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_19():
    return _m("case_19", "population-in-thousands", "numerical", "run", """
m = torch._inductor.aoti_load_package("{seir119}")
cases = weekly_cases(4, 26)
pop_k = torch.tensor([884.7, 1210.3, 39538.2, 578.8])   # the census table is in thousands
f = m(cases, pop_k)
assert (f >= 0).all() and torch.isfinite(f).all(), f"forecast incidence: {f}"
""", "The census table gives populations in thousands, so the susceptible compartment "
       "(population minus cumulative cases) is negative and the SEIR forecast goes negative, "
       "silently.", "Multiply populations by 1000 (and check that cumulative cases are below "
       "the population).", needs=("r",), match=r"AssertionError")


def case_20():
    return _m("case_20", "latest-week-not-yet-reported", "numerical", "run", """
m = torch._inductor.aoti_load_package("{seir119}")
cases = weekly_cases(5, 26)
cases[3, -1] = float("nan")                          # county 4 has not reported this week yet
f = m(cases, torch.rand(5) * 9e5 + 1e5)
assert torch.isfinite(f).all(), f"forecast incidence: {f}"
""", "A county has not reported the latest week yet, so its count is NaN in the pivot table, "
       "and its whole forecast comes out NaN without an error.", "Nowcast or carry forward "
       "the missing week (or drop the unreported region) before the call.", needs=("r",),
       match=r"AssertionError")


def case_21():
    return _c("case_21", "rural-facility-zero-paediatric-baseline", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ears119}")
visits = torch.poisson(torch.full((3, 28, 5), 12.0))
visits[2, :, 0] = 0.0                                # a rural adult ED: no 0-4 visits at all
alarm = m(visits)
assert torch.isfinite(alarm).all(), f"alarm probabilities: {alarm}"
""", "A rural adult-only emergency department never sees 0-4 year olds, so that band's baseline "
       "standard deviation is 0 and the C2 z-score is 0 / 0 = NaN, silently.",
       "Floor the baseline standard deviation (EARS uses a minimum of 0.2) in the model.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "wastewater-non-detect-as-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ww119}")
copies, flow, pop, day = samples(4, 12)
copies[1, 5] = 0.0                                   # the lab reports a non-detect as 0 copies/L
slope = m(copies, flow, pop, day)
assert torch.isfinite(slope).all(), f"trend slopes: {slope}"
""", "A below-detection-limit sample is reported as 0 gene copies per litre, so log10(0) = -inf "
       "and that sewershed's trend slope is NaN, silently.", "Substitute half the limit of "
       "detection for non-detects before the call.", needs=("s",), match=r"AssertionError")


def case_23():
    return _c("case_23", "admissions-dedup-correction-negative", "numerical", "run", """
m = torch._inductor.aoti_load_package("{beds119}")
adm = torch.poisson(torch.full((3, 60), 9.0))
adm[1, 40] = -300.0                                  # the feed backs out 300 duplicated admissions
occ = m(adm)
assert (occ >= 0).all(), f"bed occupancy: {occ[1, 25:35]}"
""", "The admissions feed backs out 300 duplicated admissions as a negative count on one day, "
       "so the convolved bed occupancy goes negative without an error.", "Apply corrections "
       "to the days they belong to (or clamp daily admissions at 0) before the call.",
       needs=("s",), match=r"AssertionError")


def case_24():
    return _m("case_24", "clinic-distance-in-metres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{uptake119}")
age, fips, x = people(8)
x[:, 1] = x[:, 1] * 1000.0                           # the new geocoder returns metres
p = m(age, fips, x)
assert ((p > 1e-4) & (p < 1 - 1e-4)).all(), f"saturated uptake probabilities: {p}"
""", "The new geocoder returns the distance to the nearest clinic in metres, while the uptake "
       "model standardises kilometres; the feature is hundreds of standard deviations out and "
       "the uptake probabilities saturate, without an error.", "Convert metres to kilometres "
       "in the feature pipeline (and validate feature ranges).", needs=("r",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_25():
    return _c("case_25", "seasonal-refit-transmission-rate", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{seir119}")
# this season's refit of the transmission rate (the other parameters are unchanged)
m.load_constants({"log_beta": torch.tensor(0.45)}, check_full_update=False)
""", "The seasonal refit loads a new log_beta with load_constants, but the scalar rate was "
       "constant-folded into the compiled code, so the package has no constant of that name.",
       "Check m.get_constant_fqns(); re-export with the refitted rate (or pass the rates as "
       "inputs / keep them as non-scalar buffers that stay constants).", needs=("r",),
       match=r"not found|log_beta")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "spatial-scan-all-geocoded-cases", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Neighbours(torch.nn.Module):
    # spatial clustering: number of other cases within 1 km of each geocoded case (x, y in km)
    def forward(self, xy):
        return (torch.cdist(xy, xy) < 1.0).sum(-1)
n = Dim("cases", min=32, max=1000000)
ep = torch.export.export(Neighbours(), (torch.rand(500, 2) * 50,), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/scan119.pt2")
m = torch._inductor.aoti_load_package(pkg)
xy = torch.rand(250000, 2) * 400.0                   # every geocoded case of the season, statewide
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the job's 2 GiB margin
counts = m(xy)
""", "The spatial neighbour count is run over all 250000 geocoded cases of the season in one "
       "call; the case-by-case distance matrix needs 250 GB.", "Grid the cases into tiles and "
       "count neighbours per tile and its neighbours (or use a KD-tree / radius search).",
       match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25, case_26]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind119.jsonl",
        url_file="benchmarks/live_blind119.py", id_prefix="live119", stems=STEMS,
        scratch_prefix="live_blind119-", description=__doc__.splitlines()[0]))
