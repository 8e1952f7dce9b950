"""A ninety-eighth blind set of REAL AOTInductor failures (insurance and actuarial models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind98.py [--out benchmarks/live_blind98.jsonl] [--keep]

Theme: insurance and actuarial models (a claims-triage network over tabular features with
categorical embeddings for line of business and territory, a chain-ladder loss-reserving model
over cumulative paid triangles, a mortality-table pricer by age with smoker loadings, a
policy-wording text encoder, a telematics trip scorer over trips of varying length and a GLM
premium-pricing head), exported, compiled, loaded and run as an insurance ML engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind97.py (their TRIED lists included). Building the set
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
MODELS = """
N_NUM, N_LOB, N_TERR = 10, 6, 12    # numeric claim features, lines of business, territories
N_DEV = 10                          # accident years x development years of a paid triangle
VOCAB = 2000                        # policy-wording vocabulary

class Triage(torch.nn.Module):
    # claims triage: numeric features + embeddings of (line of business, territory) -> 3 queues
    # (fast-track, adjuster, special investigation)
    def __init__(self):
        super().__init__()
        self.lob = torch.nn.Embedding(N_LOB, 4)
        self.terr = torch.nn.Embedding(N_TERR, 4)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(N_NUM + 8, 32), torch.nn.ReLU(),
                                       torch.nn.Linear(32, 3))
    def forward(self, num, cat):
        z = torch.cat([num, self.lob(cat[:, 0]), self.terr(cat[:, 1])], dim=1)
        return torch.softmax(self.mlp(z), dim=-1)

def claims(b):
    return (torch.randn(b, N_NUM),
            torch.stack([torch.randint(0, N_LOB, (b,)), torch.randint(0, N_TERR, (b,))], dim=1))

class ChainLadder(torch.nn.Module):
    # volume-weighted age-to-age factors of a cumulative paid triangle (zeros below the latest
    # diagonal) and the ultimate loss of each accident year
    def __init__(self):
        super().__init__()
        self.register_buffer("diag", torch.arange(N_DEV - 1, -1, -1))   # latest dev index per AY
    def forward(self, tri):
        known = (tri > 0).float()
        num = (tri[:, :, 1:] * known[:, :, 1:]).sum(1)
        den = (tri[:, :, :-1] * known[:, :, 1:]).sum(1)
        f = num / den                                                   # (B, N_DEV - 1)
        cdf = torch.flip(torch.cumprod(torch.flip(f, [1]), 1), [1])
        cdf = torch.cat([cdf, torch.ones_like(cdf[:, :1])], dim=1)     # to ultimate, per dev age
        latest = tri.gather(2, self.diag.view(1, -1, 1).expand(tri.shape[0], -1, 1)).squeeze(2)
        return f, latest * cdf[:, self.diag]

def triangle(b=2, n=N_DEV):
    inc = (torch.rand(b, n, n) * 100 + 50) * torch.linspace(1.0, 0.1, n)   # incremental paid
    keep = (torch.arange(n).view(n, 1) + torch.arange(n).view(1, n)) < n
    return inc.cumsum(2) * keep

class Mortality(torch.nn.Module):
    # one-year term premium: sum assured x q_x (Gompertz table, ages 0..120) x smoker loading
    def __init__(self):
        super().__init__()
        ages = torch.arange(121.0)
        self.register_buffer("qx", (0.0005 * torch.exp(0.085 * (ages - 30))).clamp(max=1.0))
        self.register_buffer("loading", torch.tensor([1.0, 1.8]))   # 0 non-smoker, 1 smoker
    def forward(self, age, smoker, sum_assured):
        return sum_assured * self.qx[age] * self.loading[smoker]

def lives(b):
    return (torch.randint(20, 80, (b,)), torch.randint(0, 2, (b,)), torch.rand(b) * 5e5 + 5e4)

class Trips(torch.nn.Module):
    # telematics: trips (B, T, 4) of speed, acceleration, braking, hour -> risk score
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(4, 16, 5, padding=2)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, trips):
        h = torch.relu(self.conv(trips.transpose(1, 2)))
        return torch.sigmoid(self.head(h.mean(2))).squeeze(1)

class Pricing(torch.nn.Module):
    # log-linear GLM premium: base rate x exposure (years) x exp(standardised rating factors @ beta)
    def __init__(self):
        super().__init__()
        self.register_buffer("base_rate", torch.tensor(420.0))
        self.beta = torch.nn.Linear(N_NUM, 1, bias=False)
        torch.nn.init.normal_(self.beta.weight, std=0.1)
    def forward(self, x, exposure):
        return self.base_rate * exposure * torch.exp(self.beta(x).squeeze(1))

class Wording(torch.nn.Module):
    # policy-wording encoder: token ids (B, L) -> mean embedding -> 8-d clause vector
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 32)
        self.proj = torch.nn.Linear(32, 8)
    def forward(self, ids):
        return self.proj(self.emb(ids).mean(1))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("cl98", Triage().eval(), claims(8), dynamic_shapes=({0: Dim("claims", min=1, max=512)},
                                                          {0: Dim("claims", min=1, max=512)}))
build("tri98", ChainLadder(), (triangle(2),), dynamic_shapes=({0: Dim("lobs", min=1, max=64)},))
p = Dim("lives", min=1, max=4096)
build("mort98", Mortality(), lives(8), dynamic_shapes=({0: p}, {0: p}, {0: p}))
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
build("tele98", Trips().eval(), (torch.randn(4, 120, 4),),
      dynamic_shapes=({0: Dim("trips", min=1, max=64), 1: Dim("points", min=8, max=1024)},))
q = Dim("policies", min=1, max=100000)
build("price98", Pricing().eval(), (torch.randn(8, N_NUM), torch.rand(8)),
      dynamic_shapes=({0: q}, {0: q}))
build("doc98", Wording().eval(), (torch.randint(0, VOCAB, (4, 64)),),
      dynamic_shapes=({0: Dim("docs", min=1, max=100000), 1: Dim("tokens", min=4, max=512)},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"cl98", "tri98", "mort98", "tele98", "price98", "doc98", "boot98", "day98"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "tail-factor-until-converged", "export_failure", "export", """
class WithTail(ChainLadder):
    # extrapolate the tail: keep multiplying decayed factors until the next one is below 1.001
    def forward(self, tri):
        f, ult = super().forward(tri)
        tail = torch.ones_like(f[:, 0])
        g = f[:, -1]
        while (g > 1.001).any():
            g = 1 + (g - 1) * 0.5
            tail = tail * g
        return f, ult * tail.unsqueeze(1)
ep = torch.export.export(WithTail(), (triangle(2),))
""", "The tail-factor extrapolation loops in Python `while (g > 1.001).any()`, a condition on "
       "tensor values that torch.export cannot evaluate while tracing.",
       "Fit the tail in closed form (e.g. a fixed number of decay steps or an inverse-power curve "
       "computed with tensor ops) or compute the tail outside the exported model.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent")


def case_02():
    return _m("case_02", "latest-diagonal-by-int-count", "export_failure", "export", """
class Latest(torch.nn.Module):
    # latest paid per accident year: count the known development years of each row in Python
    def forward(self, tri):
        out = []
        for i in range(N_DEV):
            d = int((tri[0, i] > 0).sum())
            out.append(tri[:, i, d - 1])
        return torch.stack(out, 1)
ep = torch.export.export(Latest(), (triangle(2),))
""", "The latest diagonal is located by int() of a count of non-zero cells in each triangle row, "
       "a data-dependent Python int that export cannot use as an index.",
       "Use a fixed latest-diagonal index buffer (n-1-i) with gather, as the reserving model "
       "does, or compute the index from the triangle's shape.",
       match=r"data-dependent|Could not guard|GuardOnDataDependent")


def case_03():
    return _m("case_03", "treaty-lookup-by-tolist", "export_failure", "export", """
TREATY_RETENTION = {0: 1.0, 1: 0.8, 2: 0.6, 3: 0.9, 4: 0.5, 5: 0.7}   # quota-share per LoB
class Net(Triage):
    # the triage score is reduced by the reinsurance retention of each claim's line of business
    def forward(self, num, cat):
        p = super().forward(num, cat)
        r = torch.tensor([TREATY_RETENTION[c] for c in cat[:, 0].tolist()])
        return p * r.unsqueeze(1)
ep = torch.export.export(Net().eval(), claims(8))
""", "forward converts the line-of-business codes to a Python list with .tolist() to look up "
       "reinsurance retentions in a dict; the codes are data (fake tensors at export), so their "
       "values cannot be read.",
       "Store the retentions as a buffer tensor indexed by the code (retention[cat[:, 0]]).",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|tolist|item")


def case_04():
    return _m("case_04", "wording-strings-into-forward", "export_failure", "export", """
class FromText(Wording):
    # the clause encoder is given the raw policy wordings and tokenises them itself
    def __init__(self):
        super().__init__()
        self.vocab = {w: i for i, w in enumerate(["the", "insured", "flood", "excess", "peril"])}
    def forward(self, texts):
        ids = [[self.vocab.get(w, 0) for w in t.lower().split()][:8] for t in texts]
        ids = [r + [0] * (8 - len(r)) for r in ids]
        return super().forward(torch.tensor(ids))
ep = torch.export.export(FromText().eval(), (["The insured peril excludes flood",
                                              "Excess applies to each claim"],))
""", "The policy wordings are passed to forward as a list of Python strings and tokenised "
       "there; torch.export only accepts tensors (and pytree containers of them) as inputs, "
       "not str.", "Tokenise outside the model and export the encoder on a tensor of token ids.",
       match=r"str|not.*supported|Unsupported|type")


def case_05():
    return _m("case_05", "dev-years-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
# serve 10 x 10 annual and 40 x 40 quarterly triangles from one package
ay, dev = Dim("accident_periods", min=2, max=40), Dim("dev_periods", min=2, max=40)
ep = torch.export.export(ChainLadder(), (triangle(2),), dynamic_shapes=({1: ay, 2: dev},))
""", "The accident and development periods are declared dynamic, but the latest-diagonal index "
       "buffer is built for a 10 x 10 triangle, which fixes both sizes to 10.",
       "Keep the triangle size static (one package per triangle shape) or build the diagonal "
       "index from the input's shape.", match=r"Constraints violated|specializ")


def case_06():
    return _m("case_06", "trip-dim-min-max-swapped", "dynamic_shape_guard", "export", """
from torch.export import Dim
points = Dim("points", min=1024, max=8)        # meant: min=8, max=1024
ep = torch.export.export(Trips().eval(), (torch.randn(4, 120, 4),), dynamic_shapes=({1: points},))
""", "The trip-length Dim is declared with min and max swapped (min=1024, max=8), an empty "
       "range that the dynamic-shapes specification refuses.",
       "Declare Dim('points', min=8, max=1024).", match=r"min|max|range|bound")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "pad-sequence-time-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tele98}")
trips = [torch.randn(n, 4) for n in (300, 180, 240)]      # one driver's trips of the day
batch = torch.nn.utils.rnn.pad_sequence(trips)           # default batch_first=False: (T, B, 4)
scores = m(batch)
""", "The trips are padded with pad_sequence's default batch_first=False, giving a time-major "
       "(300, 3, 4) tensor, while the package takes (trips, points, 4).",
       "Pad with pad_sequence(trips, batch_first=True) before the call.",
       needs=("s",), env=CHECK, match=r"dim value|size|shape|too large")


def case_08():
    return _c("case_08", "sum-assured-whole-currency-int64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mort98}")
age = torch.tensor([35, 52, 61])
smoker = torch.tensor([0, 1, 0])
sum_assured = torch.tensor([250000, 100000, 500000])  # the policy system stores whole dollars
prem = m(age, smoker, sum_assured)
""", "The sums assured come from the policy administration system as whole-currency integers "
       "(int64), while the mortality package was exported with float32 sums assured.",
       "Convert with sum_assured.float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Long|Float|int64|float32")


def case_09():
    return _c("case_09", "categoricals-inside-feature-frame", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cl98}")
num = torch.randn(5, 10)
lob_terr = torch.stack([torch.randint(0, 6, (5,)), torch.randint(0, 12, (5,))], 1).float()
frame = torch.cat([num, lob_terr], 1)            # df.to_numpy() of the whole claims frame
queues = m(frame)
""", "The whole claims frame (numeric features plus the line-of-business and territory codes) "
       "is passed as one float tensor, while the package takes the numeric features and the "
       "int64 categorical codes as two inputs.",
       "Split the frame into num (10 numeric columns, float32) and cat (2 code columns, int64).",
       needs=("r",), env=CHECK, match=r"input|expected|size")


def case_10():
    return _c("case_10", "exposure-as-column-vector", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{price98}")
x = torch.randn(6, 10)
exposure = torch.rand(6, 1)                     # df[["exposure"]]: a one-column frame
premium = m(x, exposure)
""", "The exposure is taken from the frame as df[['exposure']], a (policies, 1) column, while "
       "the pricing package was exported with a 1-D exposure vector.",
       "Use df['exposure'] (1-D) or exposure.squeeze(1) before the call.",
       needs=("s",), env=CHECK, match=r"dim|size|shape|rank")


def case_11():
    return _c("case_11", "token-ids-int32-from-loader", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{doc98}")
ids = np.random.randint(0, 2000, (4, 64)).astype(np.int32)   # the batch loader's int32 id arrays
vec = m(torch.from_numpy(ids))
""", "The wording batch loader stores token ids as int32 arrays, while the encoder package was "
       "exported with int64 ids.", "Convert the ids with .long() before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Int|Long|int32|int64")


def case_12():
    return _m("case_12", "month-end-claims-run", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{cl98}")
num, cat = claims(2000)                          # the month-end batch of open claims
queues = m(num, cat)
""", "The month-end run sends 2000 open claims in one call to the triage package, whose claims "
       "Dim was exported with max=512.",
       "Score the claims in chunks of at most 512 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"512|too large|range|bound")


def case_13():
    return _c("case_13", "long-haul-truck-trip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tele98}")
trip = torch.randn(2, 5000, 4)                  # two long-haul truck trips at 1 Hz
score = m(trip)
""", "A 5000-point long-haul trip is scored by the telematics package whose trip-length Dim "
       "allows at most 1024 points.",
       "Split long trips into windows of at most 1024 points (or export with a larger max).",
       needs=("s",), env=CHECK, match=r"1024|too large|range|bound")


def case_14():
    return _m("case_14", "new-territory-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cl98}")
num, cat = claims(4)
cat[2, 1] = 12                                  # territory 13 was added after the model was trained
queues = m(num, cat)
""", "A claim from a newly added territory has code 12, outside the 12-row territory embedding "
       "the package was built with.",
       "Map unseen territories to a known/unknown bucket before the call (or retrain with the "
       "new territory).", needs=("r",), match=r"out of bounds")


def case_15():
    return _c("case_15", "default-birthdate-1900", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mort98}")
age = torch.tensor([34, 126, 58])               # a missing birth date defaults to 1900-01-01
smoker = torch.tensor([0, 0, 1])
prem = m(age, smoker, torch.tensor([1e5, 2e5, 3e5]))
""", "A policy whose birth date is missing defaults to 1900-01-01, giving age 126, beyond the "
       "mortality table's ages 0..120.",
       "Reject or impute missing birth dates (and clamp ages to the table) before the call.",
       needs=("r",), match=r"out of bounds")


def case_16():
    return _c("case_16", "smoker-flag-coded-1-2", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mort98}")
age = torch.tensor([41, 29, 66])
smoker = torch.tensor([1, 2, 1])                # the admin system codes 1 = non-smoker, 2 = smoker
prem = m(age, smoker, torch.tensor([1e5, 2e5, 3e5]))
""", "The admin system codes the smoker status as 1/2 while the package's loading table is "
       "indexed 0/1, so code 2 is outside the 2-entry loading table.",
       "Recode the flag to 0/1 (smoker - 1) before the call.",
       needs=("r",), match=r"out of bounds")


def case_17():
    return _c("case_17", "ids-from-bert-tokenizer", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{doc98}")
ids = torch.randint(0, 30522, (2, 64))          # ids from a bert-base-uncased tokenizer
vec = m(ids)
""", "The wordings are tokenised with a 30522-token BERT tokenizer, while the encoder's "
       "embedding has the 2000-token in-house vocabulary, so ids >= 2000 are out of range.",
       "Tokenise with the vocabulary the encoder was trained with.",
       needs=("s",), expect="crash", match=r"out of bounds")


def case_18():
    return _c("case_18", "rate-filing-renamed-base-rate", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{price98}")
# the 2027 rate filing ships the new base rate under the rating engine's own name
m.load_constants({"base_premium": torch.tensor(445.0)}, check_full_update=False)
premium = m(torch.randn(3, 10), torch.ones(3))
""", "The new base rate is loaded under the rating engine's name 'base_premium', which is not "
       "a constant name of the pricing package.",
       "Use the package's constant names (m.get_constant_fqns()) when updating the rates.",
       needs=("s",), match=r"base_premium|not found|Constant")


def case_19():
    return _c("case_19", "rate-update-without-relativities", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{price98}")
# a base-rate-only filing: the relativities (beta) are unchanged and not sent
m.load_constants({"base_rate": torch.tensor(445.0)}, check_full_update=True)
premium = m(torch.randn(3, 10), torch.ones(3))
""", "Only the base rate is sent to load_constants with check_full_update=True, so the "
       "unchanged relativities (beta.weight) are reported missing from the full update.",
       "Pass check_full_update=False for a partial update (or send every constant).",
       needs=("s",), match=r"beta|missing|not found|full")


def case_20():
    return _m("case_20", "new-line-short-history", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tri98}")
tri = triangle(1)
tri[:, :7] = 0                                  # a new line of business: only 3 accident years
f, ult = m(tri)
assert torch.isfinite(f).all(), f"age-to-age factors: {f}"
""", "A new line of business has only three accident years, so the later development columns "
       "have no data and their volume-weighted factors are 0/0 = NaN, with no error.",
       "Use benchmark (industry) factors for development ages without data, or reserve the "
       "line with a method that does not need them.", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "lower-triangle-as-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tri98}")
tri = triangle(2)
keep = (torch.arange(10).view(10, 1) + torch.arange(10).view(1, 10)) < 10
tri = torch.where(keep, tri, torch.tensor(float("nan")))   # the reserving tool exports NaN below the diagonal
f, ult = m(tri)
assert torch.isfinite(ult).all(), f"ultimates: {ult}"
""", "The reserving tool exports the unknown future cells as NaN instead of 0; the model's "
       "mask multiplies them by 0, and NaN * 0 = NaN poisons every factor and ultimate.",
       "Fill the future cells with 0 (torch.nan_to_num(tri)) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _c("case_22", "unscaled-sum-insured-factor", "numerical", "run", """
m = torch._inductor.aoti_load_package("{price98}")
x = torch.randn(4, 10)
x[:, 0] = torch.tensor([250000., 1200000., 480000., 90000.])   # sum insured, scaler step skipped
premium = m(x, torch.ones(4))
assert torch.isfinite(premium).all(), f"premiums: {premium}"
""", "The sum-insured rating factor is passed raw (hundreds of thousands) instead of standardised, "
       "so exp(x @ beta) overflows float32 and the premiums are inf or 0.",
       "Apply the training-time scaler to the rating factors before the call.",
       needs=("s",), match=r"AssertionError")


def case_23():
    return _m("case_23", "million-bootstrap-triangles", "out_of_memory", "run", """
import resource
from torch.export import Dim
ep = torch.export.export(ChainLadder(), (triangle(2),),
                         dynamic_shapes=({0: Dim("sims", min=1, max=10_000_000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/boot98.pt2")
m = torch._inductor.aoti_load_package(pkg)
base = triangle(1)
sims = base * (1 + 0.05 * torch.randn(2_000_000, 1, 1)).clamp(min=0.5)   # bootstrap pseudo-triangles
# the reserving worker's container has 1 GiB left after the model and the pseudo-triangles
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    f, ult = m(sims)
""", "Two million bootstrap pseudo-triangles (800 MB) are reserved in one call in a container "
       "with about 1 GiB left; the call's intermediate tensors (masks, products) do not fit.",
       "Run the bootstrap simulations in chunks (e.g. 50,000 at a time) and aggregate.",
       match=r"memory|alloc")


def case_24():
    return _c("case_24", "whole-wording-library-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{doc98}")
ids = torch.randint(0, 2000, (60000, 512))     # every policy wording in the library, one call
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 * 2**30, vm + 2 * 2**30))
with torch.no_grad():
    vec = m(ids)
""", "All 60,000 policy wordings (512 tokens each) are encoded in one call; the embedding "
       "output alone is about 3.9 GB, more than the 2 GiB the worker has left.",
       "Encode the library in batches of a few hundred wordings.",
       needs=("s",), match=r"memory|alloc")


def case_25():
    return _c("case_25", "parking-event-three-points", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tele98}")
trip = torch.randn(2, 3, 4)                     # 3-second "trips" logged while parking
score = m(trip)
""", "A 3-point trip (a parking manoeuvre the logger recorded) is scored by the telematics "
       "package whose trip-length Dim was exported with min=8.",
       "Drop trips shorter than 8 points before scoring (or export with a smaller min).",
       needs=("s",), env=CHECK, match=r"8|too small|range|bound")


def case_26():
    return _m("case_26", "daily-exposure-grid-whole-book", "out_of_memory", "run", """
import resource
from torch.export import Dim
class DailyExposure(torch.nn.Module):
    # earned exposure by day of the year: each policy's rating factors x a 365-day seasonality
    def __init__(self):
        super().__init__()
        self.register_buffer("season", 1 + 0.2 * torch.sin(torch.arange(365.0) / 365 * 6.2832))
    def forward(self, x):
        return x.unsqueeze(1) * self.season.view(1, 365, 1)
ep = torch.export.export(DailyExposure(), (torch.randn(8, N_NUM),),
                         dynamic_shapes=({0: Dim("policies", min=1, max=10_000_000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/day98.pt2")
m = torch._inductor.aoti_load_package(pkg)
book = torch.randn(200_000, N_NUM)               # the whole motor book in one call
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    grid = m(book)
""", "The whole book of 200,000 policies is expanded to a daily (policies, 365, 10) exposure grid "
       "in one call; the 2.9 GB output does not fit in the 1 GiB the worker has left.",
       "Expand the book in chunks of policies (or aggregate by month inside the model).",
       match=r"memory|alloc")


def case_27():
    return _m("case_27", "premium-rounded-to-cents-in-python", "export_failure", "export", """
class Rounded(Pricing):
    # the quote must be in whole cents: round each premium with Python's round()
    def forward(self, x, exposure):
        p = super().forward(x, exposure)
        return torch.tensor([round(float(v), 2) for v in p])
ep = torch.export.export(Rounded().eval(), (torch.randn(4, N_NUM), torch.rand(4)))
""", "Each premium is rounded to cents with Python round(float(v)), which needs the concrete "
       "value of a traced tensor element; export cannot turn the data into a Python float.",
       "Round in-graph with torch.round(p * 100) / 100 (or round when formatting the quote).",
       match=r"data-dependent|Could not guard|GuardOnDataDependent|float")


CASES = [case_02, case_05, case_06, case_07, case_08, case_09, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_17, case_18, case_20, case_21, case_25, case_26,
         case_27]
# Removed after the first trial because a grep made after writing them found the same trigger in
# an earlier set (kept for the record only): case_01 (a Python `while (g > 1.001).any()` loop
# until converged: live_blind70 case_02's IK refinement loop) and case_03 (a dict lookup over
# codes.tolist() in forward: live_blind33 case_01's vocab-dict-lookup). Failed in the trial, but
# not on its trigger: case_19 (a partial rate update with check_full_update=True failed with
# "Constant not found: base_rate", i.e. on the buffer's constant name, before any check of the
# missing relativities).
DROPPED = [case_01, case_03, case_19]
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_04 (policy wordings passed to
# forward as Python strings and tokenised there: exported; the grep made afterwards found the
# same trigger in live_blind73's TRIED case_02, raw event strings), case_22 (the unscaled sum
# insured as a rating factor: the premiums stayed finite), case_23 (two million bootstrap
# pseudo-triangles in one call with 1 GiB of address space left: it ran, the kernels are fused)
# and case_24 (60,000 wordings x 512 tokens in one call with 2 GiB left: it ran, the embedding
# and the mean are fused, no 3.9 GB intermediate).
TRIED = [case_04, case_22, case_23, case_24]
# Recorded run: case_17 (BERT token ids into the 2000-token encoder) was in CASES and was skipped
# by the harness: the child was aborted (SIGABRT) as in the trial, but this time its stderr did
# not contain the "out of bounds" text the regex asks for, so it has no row (19 rows from 20).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind98.jsonl",
        url_file="benchmarks/live_blind98.py", id_prefix="live98", stems=STEMS,
        scratch_prefix="live_blind98-", description=__doc__.splitlines()[0]))
