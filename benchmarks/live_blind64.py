"""A sixty-fourth blind set of REAL AOTInductor failures (financial risk, pricing and fraud-scoring models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind64.py [--out benchmarks/live_blind64.jsonl] [--keep]

Theme: financial risk, pricing and fraud-scoring models (a card-fraud scorer on tabular features
with a merchant-category embedding and a per-currency FX scaling buffer, a transaction-window
model over the card's recent transactions, Platt and isotonic calibration layers, a
Black-Scholes option pricer with bounded outputs), exported, compiled, loaded and run as a
quant/ML platform engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind63.py (their TRIED
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
NUM = 6         # amount (local currency), hour, days since last txn, merchant risk, velocity 1h, 24h
N_MCC = 32      # merchant-category vocabulary (index into the trained MCC list)
FX = [1.0, 1.08, 1.27, 0.0067, 0.11, 0.74, 0.66, 0.0011, 0.012, 0.19, 0.058, 1.12]  # USD per unit
F_SEQ = 4       # per transaction in the window: amount_usd, minutes since previous, mcc risk, card present

class Fraud(torch.nn.Module):
    # card-fraud scorer: amount converted to USD with the per-currency rate, log1p-scaled,
    # concatenated with the numeric features and a merchant-category embedding, sigmoid score
    def __init__(self):
        super().__init__()
        self.register_buffer("fx", torch.tensor(FX))
        self.mcc = torch.nn.Embedding(N_MCC, 8)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(NUM + 8, 16), torch.nn.ReLU(),
                                       torch.nn.Linear(16, 1))
    def forward(self, num, mcc, ccy):
        usd = num[:, :1] * self.fx[ccy].unsqueeze(1)
        x = torch.cat([torch.log1p(usd), num[:, 1:], self.mcc(mcc)], 1)
        return torch.sigmoid(self.mlp(x)).squeeze(1)

class Window(torch.nn.Module):
    # score from the card's last T transactions (batch, T, F_SEQ)
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(F_SEQ, 16, 3)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, txns):
        h = torch.relu(self.conv(txns.transpose(1, 2)))
        return torch.sigmoid(self.head(h.amax(-1))).squeeze(1)

def batch(b=8):
    num = torch.rand(b, NUM)
    num[:, 0] = torch.rand(b) * 500                  # amount in local currency units
    return num, torch.randint(0, N_MCC, (b,)), torch.randint(0, len(FX), (b,))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("txns", min=2, max=1024)
build("fraud64", Fraud().eval(), batch(8), dynamic_shapes=({0: b}, {0: b}, {0: b}))
cards, t = Dim("cards", min=1, max=256), Dim("window", min=4, max=64)
build("win64", Window().eval(), (torch.rand(4, 20, F_SEQ),), dynamic_shapes=({0: cards, 1: t},))
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
class Platt(torch.nn.Module):
    # Platt scaling of the raw fraud logit: sigmoid(a * logit + b)
    def __init__(self):
        super().__init__()
        self.register_buffer("a", torch.tensor(1.7))
        self.register_buffer("b", torch.tensor(-0.4))
    def forward(self, logit):
        return torch.sigmoid(self.a * logit + self.b)

class Isotonic(torch.nn.Module):
    # isotonic calibration as a step function: bucket the score on the fitted thresholds and
    # look up the calibrated fraud rate of the bucket
    def __init__(self):
        super().__init__()
        self.register_buffer("edges", torch.linspace(0.05, 0.95, 19))
        self.register_buffer("rate", torch.sort(torch.rand(19)).values)   # one rate per threshold
    def forward(self, p):
        return self.rate[torch.bucketize(p, self.edges)]

class BlackScholes(torch.nn.Module):
    # European call price; r is the risk-free rate, tau the time to expiry in years
    def __init__(self):
        super().__init__()
        self.register_buffer("r", torch.tensor(0.03))
    def forward(self, spot, strike, tau, vol):
        sd = vol * tau.sqrt()
        d1 = (torch.log(spot / strike) + (self.r + vol * vol / 2) * tau) / sd
        d2 = d1 - sd
        n1 = 0.5 * (1 + torch.erf(d1 / 2 ** 0.5))
        n2 = 0.5 * (1 + torch.erf(d2 / 2 ** 0.5))
        return spot * n1 - strike * torch.exp(-self.r * tau) * n2

n = Dim("n", min=2, max=100000)
build("platt64", Platt().eval(), (torch.randn(16),), dynamic_shapes=({0: n},))
build("iso64", Isotonic().eval(), (torch.rand(16) * 0.9,), dynamic_shapes=({0: n},))
opt = Dim("options", min=2, max=100000)
build("bs64", BlackScholes().eval(),
      (torch.full((8,), 100.0), torch.full((8,), 105.0), torch.full((8,), 0.25), torch.full((8,), 0.2)),
      dynamic_shapes=({0: opt}, {0: opt}, {0: opt}, {0: opt}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"fraud64", "win64", "platt64", "iso64", "bs64", "backfill64"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "weekday-from-fromtimestamp", "export_failure", "export", """
import datetime
class WithCalendar(Fraud):
    # weekend transactions are riskier: the day of week is taken from the request's timestamp
    def forward(self, num, mcc, ccy, ts):
        dow = datetime.datetime.fromtimestamp(float(ts[0])).weekday()
        return super().forward(num, mcc, ccy) * (1.2 if dow >= 5 else 1.0)
num, mcc, ccy = batch(8)
ep = torch.export.export(WithCalendar().eval(), (num, mcc, ccy, torch.full((8,), 1.7e9)))
""", "The day of week is computed with datetime.fromtimestamp(float(ts[0])) inside forward; "
       "float() of the timestamp tensor is a data-dependent Python value export cannot trace.",
       "Compute the day-of-week feature in preprocessing (or from the timestamp with tensor "
       "arithmetic) and pass it as an input.", match=r".")


def case_02():
    return _m("case_02", "thirty-day-decay-dynamic-window", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Decayed(Window):
    # recency weighting: exponential decay over the 30 most recent days of transactions
    def __init__(self):
        super().__init__()
        self.register_buffer("decay", 0.9 ** torch.arange(30.0).flip(0).view(1, 30, 1))
    def forward(self, txns):
        return super().forward(txns * self.decay)
t = Dim("window", min=4, max=512)                # cards have any number of recent transactions
ep = torch.export.export(Decayed().eval(), (torch.rand(4, 30, F_SEQ),),
                         dynamic_shapes=({0: Dim("cards", max=256), 1: t},))
""", "The recency-decay weights are a fixed 30-step buffer, but the transaction window is "
       "declared dynamic; the broadcast forces the window to 30 and export reports the Dim as "
       "specialised.", "Build the decay weights from the window length inside forward (or keep "
       "the window static at 30).", match=r".")


def case_03():
    return _m("case_03", "exposure-limit-raise", "export_failure", "export", """
class LimitCheck(Fraud):
    # a hard risk limit: refuse to score a batch whose USD exposure breaches the desk limit
    def forward(self, num, mcc, ccy):
        exposure = (num[:, 0] * self.fx[ccy]).sum()
        if exposure > 1e6:
            raise ValueError("exposure limit breached")
        return super().forward(num, mcc, ccy)
ep = torch.export.export(LimitCheck().eval(), batch(8))
""", "forward raises when the batch's USD exposure exceeds the limit; the Python `if` on a tensor "
       "comparison is data-dependent control flow that export cannot trace.",
       "Check the limit in the service before the call (or return a flag tensor computed with "
       "torch.where).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R)
def case_04():
    return _m("case_04", "ledger-integer-minor-units", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
rows = [[1999, 14, 2, 0, 1, 3], [250000, 3, 0, 1, 5, 9]]   # the ledger stores integer minor units
num = torch.tensor(rows)                                   # -> int64
mcc, ccy = torch.tensor([3, 7]), torch.tensor([0, 1])
score = m(num, mcc, ccy)
""", "The feature matrix is built from the ledger's integer minor-unit columns, so torch.tensor "
       "gives int64 while the package was exported for float32 features.",
       "Convert to float32 (and to major units) in preprocessing before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Long|Float")


def case_05():
    return _m("case_05", "mcc-float-from-nullable-column", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{fraud64}")
num, _, ccy = batch(4)
mcc_col = np.array([3.0, 7.0, np.nan, 12.0])   # the merchant column has nulls: pandas gives float64
mcc = torch.from_numpy(np.nan_to_num(mcc_col, nan=0.0))
score = m(num, mcc, ccy)
""", "The merchant-category column is nullable, so pandas stores it as float64; the ids reach the "
       "package as a float64 tensor where int64 indices were exported.",
       "Fill the nulls and cast the column to int64 (astype('int64')) before building the tensor.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Long")


def case_06():
    return _m("case_06", "currency-one-hot", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
num, mcc, ccy = batch(8)
ccy_onehot = torch.nn.functional.one_hot(ccy, len(FX))   # the feature pipeline one-hot encodes currency
score = m(num, mcc, ccy_onehot)
""", "The feature pipeline one-hot encodes the currency (8 x 12) while the package takes the "
       "currency id per transaction (8,).",
       "Pass the currency ids (argmax of the one-hot, or the raw id column).",
       needs=("r",), env=CHECK, match=r".")


def case_07():
    return _m("case_07", "new-device-risk-feature", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
num, mcc, ccy = batch(8)
device_risk = torch.rand(8, 1)                    # the feature store now serves device risk too
score = m(torch.cat([num, device_risk], 1), mcc, ccy)
""", "The feature store added a seventh numeric feature (device risk) while the package was "
       "exported for six.", "Select the six exported features in order (or re-export a model "
       "trained with the new feature).", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "window-feature-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{win64}")
cols = torch.rand(4, 30)                          # the columnar store: one (cards, T) array per feature
txns = torch.stack([cols, cols, cols, cols], dim=1)   # -> (cards, F, T)
score = m(txns)
""", "The window is assembled from a columnar store as (cards, features, T), while the package "
       "takes (cards, T, features).", "Stack the feature columns on the last dimension "
       "(dim=-1) before the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "merchant-window-500", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{win64}")
txns = torch.rand(2, 500, 4)                      # two merchant cards with 500 transactions in the window
score = m(txns)
""", "A busy card's window of 500 transactions is sent to the window package whose T Dim was "
       "exported with max=64.", "Keep the last 64 transactions (txns[:, -64:]) or re-export "
       "with a larger max.", needs=("r",), env=CHECK, match=r"64|too large|range|bound")


def case_10():
    return _c("case_10", "new-card-one-txn", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{win64}")
txns = torch.rand(2, 1, 4)                        # cards issued today: one transaction so far
score = m(txns)
""", "A newly issued card has one transaction, below the window package's exported min of 4.",
       "Left-pad short histories to 4 transactions (or route new cards to the tabular scorer).",
       needs=("r",), env=CHECK, match=r"4|too small|range|bound")


def case_11():
    return _m("case_11", "end-of-day-batch-5000", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
num, mcc, ccy = batch(5000)                       # the end-of-day re-score of the day's declines
score = m(num, mcc, ccy)
""", "The end-of-day job sends 5000 transactions in one call to the scorer whose batch Dim was "
       "exported with max=1024.", "Score in chunks of at most 1024 (or re-export with a larger "
       "max).", needs=("r",), env=CHECK, match=r"1024|too large|range|bound")


# ------------------------------------------------------------------- run: indices (R, S)
def case_12():
    return _m("case_12", "raw-mcc-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
num, _, ccy = batch(4)
mcc = torch.tensor([5411, 5812, 4121, 5999])      # raw ISO 18245 merchant category codes
score = m(num, mcc, ccy)
""", "The raw ISO merchant category codes (5411, 5812, ...) are passed instead of their indices "
       "in the trained 32-entry MCC vocabulary.", "Map the codes through the training vocabulary "
       "(with an out-of-vocabulary index) before the call.", needs=("r",), match=r"out of bounds")


def case_13():
    return _m("case_13", "newly-listed-currency", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
num, mcc, _ = batch(4)
ccy = torch.tensor([0, 2, 12, 12])                # id 12: a currency added to the reference data today
score = m(num, mcc, ccy)
""", "The reference-data service assigned id 12 to a newly supported currency, but the package's "
       "FX buffer has 12 rates (ids 0..11).", "Rebuild the package with the new currency's rate "
       "(or reject unknown currency ids before the call).", needs=("r",), match=r"out of bounds")


def case_14():
    return _c("case_14", "isotonic-table-one-short", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{iso64}")
p = torch.tensor([0.02, 0.31, 0.77, 0.97])        # a high-risk transaction scores 0.97
cal = m(p)
""", "The isotonic step table has one rate per threshold (19), but bucketize returns 0..19, so "
       "a score above the last threshold (0.95) indexes past the table.",
       "Store len(edges) + 1 rates (one per bucket) or clamp the bucket index.",
       needs=("s",), match=r"out of bounds")


# ------------------------------------------------------------------- run: weights and values
def case_15():
    return _c("case_15", "fx-table-thirteen-currencies", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
rates = torch.tensor([1.0, 1.08, 1.27, 0.0067, 0.11, 0.74, 0.66, 0.0011, 0.012, 0.19, 0.058, 1.12,
                      0.27])                      # the daily FX refresh now includes AED
m.load_constants({"fx": rates}, check_full_update=False)
""", "The daily FX refresh loads a 13-rate table (a new currency) into the package's 12-rate fx "
       "constant.", "Rebuild the package when the currency list changes (the refresh can only "
       "update values, not shapes).", needs=("r",), match=r".")


def case_16():
    return _c("case_16", "isotonic-sklearn-attribute-names", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{iso64}")
refit = {"X_thresholds_": np.linspace(0.05, 0.95, 19), "y_thresholds_": np.sort(np.random.rand(19))}
m.load_constants({k: torch.tensor(v, dtype=torch.float32) for k, v in refit.items()},
                 check_full_update=False)         # the monthly recalibration from sklearn
""", "The monthly recalibration is loaded under sklearn IsotonicRegression's attribute names "
       "(X_thresholds_, y_thresholds_), but the package's constants are edges and rate.",
       "Map the fitted arrays to the package's constant names (edges, rate) before "
       "load_constants.", needs=("s",), match=r".")


def case_17():
    return _c("case_17", "fx-refresh-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{fraud64}")
rates = np.array([1.0, 1.081, 1.268, 0.0066, 0.11, 0.74, 0.66, 0.0011, 0.012, 0.19, 0.058, 1.12])
m.load_constants({"fx": torch.from_numpy(rates)}, check_full_update=False)   # float64 from pandas
num, mcc, ccy = (torch.rand(4, 6), torch.tensor([1, 2, 3, 4]), torch.tensor([0, 1, 2, 3]))
score = m(num, mcc, ccy)
""", "The daily FX rates come from pandas as float64 and are loaded into the package's float32 fx "
       "constant without a cast.", "Cast the refreshed rates to float32 (the exported dtype) "
       "before load_constants.", needs=("r",), expect="crash",
       match=r"Segmentation fault")


def case_18():
    return _m("case_18", "refund-negative-amount", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fraud64}")
num, mcc, ccy = batch(8)
num[:3, 0] = torch.tensor([-120.0, -35.5, -9.99])   # refunds arrive as negative amounts
ccy[:3] = 0
score = m(num, mcc, ccy)
assert torch.isfinite(score).all(), f"non-finite fraud scores: {score}"
""", "Refunds are scored with negative amounts; log1p of an amount below -1 is NaN, so the "
       "refund rows get NaN fraud scores.", "Score refunds on abs(amount) with a refund flag "
       "(or route them out of the purchase scorer).", needs=("r",), match=r"AssertionError")


def case_19():
    return _c("case_19", "expiry-day-at-the-money", "numerical", "run", """
import datetime
m = torch._inductor.aoti_load_package("{bs64}")
today = datetime.date(2026, 12, 18)
expiries = [datetime.date(2026, 12, 18), datetime.date(2027, 3, 19), datetime.date(2026, 12, 18)]
tau = torch.tensor([(e - today).days / 365 for e in expiries])   # 0.0 for options expiring today
spot = torch.tensor([100.0, 100.0, 100.0])
strike = torch.tensor([100.0, 105.0, 95.0])
price = m(spot, strike, tau, torch.full((3,), 0.2))
assert torch.isfinite(price).all(), f"non-finite prices: {price}"
""", "The end-of-day revaluation includes options expiring today (tau = 0); for the at-the-money "
       "one log(S/K) / (vol * sqrt(tau)) is 0 / 0, so its price is NaN.",
       "Price expiring options at intrinsic value max(S - K, 0) (or floor tau at a small "
       "epsilon).", needs=("s",), match=r"AssertionError")


def case_20():
    return _c("case_20", "vol-quoted-in-percent", "numerical", "run", """
m = torch._inductor.aoti_load_package("{bs64}")
spot = torch.full((4,), 100.0)
strike = torch.tensor([95.0, 100.0, 105.0, 110.0])
vol = torch.tensor([21.5, 20.0, 19.2, 18.7])      # the vol surface service quotes in percent
price = m(spot, strike, torch.full((4,), 0.25), vol)
assert (price < 0.2 * spot).all(), f"3-month call prices near spot: {price}"
""", "Implied volatilities are passed in percent (20.0) instead of as fractions (0.20), so every "
       "3-month call is priced close to the spot without any error.",
       "Divide the quoted vols by 100 at ingestion (and check inputs against the model's units).",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "platt-coefficients-swapped", "numerical", "run", """
m = torch._inductor.aoti_load_package("{platt64}")
coef = {"intercept_": -0.35, "coef_": 1.9}        # the refit LogisticRegression, read in dict order
a, b = list(coef.values())
m.load_constants({"a": torch.tensor(a), "b": torch.tensor(b)}, check_full_update=False)
logit = torch.linspace(-4, 4, 9)
p = m(logit)
assert (p.diff() >= 0).all(), f"calibrated score not monotone in the logit: {p}"
""", "The refit Platt coefficients are unpacked in dict order (intercept first), so the slope a "
       "and intercept b are swapped and the calibrated score decreases with the logit.",
       "Load the coefficients by name (a = coef_, b = intercept_), not by position.",
       needs=("s",), match=r"AssertionError")


def case_22():
    return _m("case_22", "month-end-backfill-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
b = Dim("txns", min=2, max=2**31 - 1)
ep = torch.export.export(Fraud().eval(), batch(8), dynamic_shapes=({0: b}, {0: b}, {0: b}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/backfill64.pt2")
m = torch._inductor.aoti_load_package(pkg)
n = 20_000_000                                    # the month's transactions, re-scored in one call
num, mcc, ccy = torch.rand(n, NUM), torch.randint(0, N_MCC, (n,)), torch.randint(0, len(FX), (n,))
# the backfill worker's container: 512 MiB left after the model and the month's features
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    score = m(num, mcc, ccy)
""", "The month-end backfill re-scores 20 million transactions in one call in a container with "
       "about 512 MiB left; the scorer's intermediate activations (20M x 14 floats and more) do "
       "not fit.", "Score the backfill in chunks (e.g. 100k rows) and write each chunk's scores "
       "out.", match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_16, case_17, case_18, case_19,
         case_20, case_22]
# Failed in the trial, but another way than labelled: case_21 (Platt coefficients swapped by
# dict order, written as numerical): load_constants raised "Constant not found: b"; the scalar
# Platt buffers are not updatable constants of the package, so the trigger never reached the
# swapped-coefficient scoring it was written for.
DROPPED = [case_21]
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_15 (a 13-rate FX table loaded
# with load_constants(check_full_update=False) into the package's 12-rate fx constant: no error).
TRIED = [case_15]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind64.jsonl",
        url_file="benchmarks/live_blind64.py", id_prefix="live64", stems=STEMS,
        scratch_prefix="live_blind64-", description=__doc__.splitlines()[0]))
