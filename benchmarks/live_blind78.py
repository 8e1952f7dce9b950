"""A seventy-eighth blind set of REAL AOTInductor failures (retail: shelf recognition, planograms, demand and baskets), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind78.py [--out benchmarks/live_blind78.jsonl] [--keep]

Theme: retail (shelf-image product recognition with embedding lookups against a catalogue,
planogram compliance masks, store-level demand and price-elasticity heads, basket embeddings
with variable basket sizes, promotions calendars), exported, compiled, loaded and run as a
retail ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind77.py (their TRIED
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
D, NCAT, NSKU, NSTORE, NWEEK, F = 32, 40, 200, 50, 52, 12

class CatalogueIndex(torch.nn.Module):
    # the product catalogue: one L2-normalised reference embedding per catalogue product
    def __init__(self):
        super().__init__()
        v = torch.randn(NCAT, D)
        self.register_buffer("vecs", v / v.norm(dim=1, keepdim=True))
    def forward(self, e):
        return e @ self.vecs.t()

class Recog(torch.nn.Module):
    # shelf crop (3 x 32 x 32) -> small CNN -> embedding -> cosine scores against the catalogue
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 16, 3, stride=2)
        self.proj = torch.nn.Linear(16, D)
        self.index = CatalogueIndex()
    def forward(self, crops):
        h = torch.relu(self.conv(crops)).mean((2, 3))
        e = torch.nn.functional.normalize(self.proj(h), dim=1)
        return self.index(e)

class Basket(torch.nn.Module):
    # padded basket of SKU ids (baskets x items) -> mean of SKU embeddings -> basket embedding
    def __init__(self):
        super().__init__()
        self.sku = torch.nn.Embedding(NSKU, D)
        self.out = torch.nn.Linear(D, D)
    def forward(self, ids):
        return self.out(self.sku(ids).mean(1))

class Demand(torch.nn.Module):
    # store-level weekly demand: base log-demand from store features, store and promo-week
    # embeddings, and a (negative) price elasticity applied to log(price in dollars)
    def __init__(self):
        super().__init__()
        self.base = torch.nn.Linear(F, 1)
        self.store = torch.nn.Embedding(NSTORE, 1)
        self.week = torch.nn.Embedding(NWEEK, 1)
        self.elast = torch.nn.Linear(F, 1)
    def forward(self, feats, store, week, price):
        e = -torch.nn.functional.softplus(self.elast(feats)).squeeze(1) - 0.5
        logd = (self.base(feats) + self.store(store) + self.week(week)).squeeze(1) + 2.0
        return torch.exp(logd + e * torch.log(price))

class Plano(torch.nn.Module):
    # planogram compliance: predicted product-presence mask vs the planned facings mask of a bay
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 1, 3, padding=1)
    def forward(self, img, planned):
        present = torch.sigmoid(self.conv(img))
        return (present * planned).sum((1, 2, 3)) / planned.sum((1, 2, 3))

def demand_inputs(n=8):
    return (torch.randn(n, F), torch.randint(0, NSTORE, (n,)), torch.randint(0, NWEEK, (n,)),
            torch.rand(n) * 5 + 0.5)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("recog78", Recog().eval(), (torch.randn(4, 3, 32, 32),),
      dynamic_shapes=({0: Dim("crops", min=1, max=64)},))
build("basket78", Basket().eval(), (torch.randint(0, NSKU, (4, 6)),),
      dynamic_shapes=({0: Dim("baskets", min=1, max=256), 1: Dim("items", min=1, max=64)},))
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
n = Dim("rows", min=1, max=1024)
build("demand78", Demand().eval(), demand_inputs(8),
      dynamic_shapes=({0: n}, {0: n}, {0: n}, {0: n}))
build("plano78", Plano().eval(), (torch.rand(2, 3, 24, 40), (torch.rand(2, 1, 24, 40) > 0.5).float()),
      dynamic_shapes=({0: Dim("bays", min=1, max=32)}, {0: Dim("bays", min=1, max=32)}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"recog78", "basket78", "demand78", "plano78", "match78"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "planogram-boxes-painted", "export_failure", "export", """
class PlannedMask(torch.nn.Module):
    # the planogram arrives as facing boxes (x0, y0, x1, y1) in pixels; paint them into a mask
    def forward(self, img, boxes):
        planned = torch.zeros(img.shape[0], 1, img.shape[2], img.shape[3])
        for x0, y0, x1, y1 in boxes.tolist():
            planned[:, :, y0:y1, x0:x1] = 1.0
        return (img.mean(1, keepdim=True) * planned).sum() / planned.sum()
ep = torch.export.export(PlannedMask(), (torch.rand(1, 3, 24, 40),
                                         torch.tensor([[0, 0, 10, 12], [12, 0, 30, 12]])))
""", "The planned-facings mask is painted by slicing with box coordinates taken from the boxes "
       "tensor via .tolist(); these are data-dependent values that torch.export cannot use as "
       "slice bounds while tracing.",
       "Pass the planned mask itself (rendered outside the model) as an input, or build it with "
       "tensor comparisons against an arange grid.",
       match=r"data-dependent|[Uu]nbacked|GuardOnDataDependent|Could not guard")


def case_02():
    return _m("case_02", "shelf-report-object", "export_failure", "export", """
class ShelfReport:
    def __init__(self, scores, best):
        self.scores = scores
        self.best = best
class Reporting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.recog = Recog()
    def forward(self, crops):
        s = self.recog(crops)
        return ShelfReport(s, s.argmax(1))
ep = torch.export.export(Reporting().eval(), (torch.randn(4, 3, 32, 32),))
""", "forward returns an instance of a plain Python class (ShelfReport) that is not a registered "
       "pytree node, so torch.export cannot flatten the output.",
       "Return a tuple or dict of tensors (or register ShelfReport as a pytree node / dataclass).",
       match=r"ShelfReport|not a known type|pytree|[Uu]nsupported")


def case_03():
    return _m("case_03", "daily-sales-folded-weekly", "dynamic_shape_guard", "export", """
from torch.export import Dim
class WeeklyProfile(torch.nn.Module):
    # daily unit sales per store -> weekly totals -> share of each week in the history
    def forward(self, daily):
        weekly = daily.view(daily.shape[0], -1, 7).sum(2)
        return weekly / weekly.sum(1, keepdim=True)
ep = torch.export.export(WeeklyProfile(), (torch.rand(8, 56),),
                         dynamic_shapes=({1: Dim("days", min=7, max=728)},))
""", "Folding the daily history into weeks with view(stores, -1, 7) requires the number of days "
       "to be a multiple of 7, a divisibility guard that the plain days Dim (7..728) does not "
       "express, so export reports a constraint violation.",
       "Declare days as 7 * Dim('weeks') in dynamic_shapes (or pass the history already as "
       "(stores, weeks, 7)).",
       match=r"Constraints violated|[Ss]uggested|divisib|Mod\(")


def case_04():
    return _m("case_04", "facings-per-shelf-row", "dynamic_shape_guard", "export", """
from torch.export import Dim
class RowCompliance(torch.nn.Module):
    # crops come shelf row by shelf row, 6 facings per row; score each row's mean match
    def __init__(self):
        super().__init__()
        self.recog = Recog()
    def forward(self, crops):
        s = self.recog(crops).max(1).values
        return s.reshape(-1, 6).mean(1)
ep = torch.export.export(RowCompliance().eval(), (torch.randn(12, 3, 32, 32),),
                         dynamic_shapes=({0: Dim("crops", min=2, max=240)},))
""", "Grouping crops into shelf rows with reshape(-1, 6) needs the crop count to be a multiple "
       "of 6, but the crops Dim is declared as any size 2..240, so export reports the "
       "divisibility constraint as violated.",
       "Declare the crop count as 6 * Dim('rows') in dynamic_shapes, or pass crops as "
       "(rows, 6, 3, 32, 32).",
       match=r"Constraints violated|[Ss]uggested|divisib|Mod\(")


# ------------------------------------------------------------------------------ load phase
def case_05():
    return _m("case_05", "catalogue-refresh-short-name", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{recog78}")
new = torch.randn(NCAT, D)
new = new / new.norm(dim=1, keepdim=True)
# the weekly catalogue refresh swaps in the new reference embeddings under the buffer's own name
m.load_constants({"vecs": new}, check_full_update=False)
""", "The weekly catalogue refresh passes the reference embeddings under the buffer's short name "
       "'vecs', but the package knows the constant by its full name inside the Recog module "
       "(index.vecs), so the constant is not found.",
       "Use the names returned by the loaded package's constant FQNs (e.g. 'index.vecs') as keys.",
       needs=("r",), match=r"[Nn]ot found|vecs")


def case_06():
    return _m("case_06", "kiosk-xpu-device", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{recog78}")
device = "xpu"          # the store kiosk image was written for the Intel Arc GPU in the kiosk
crops = torch.randn(4, 3, 32, 32).to(device)
scores = m(crops)
""", "The serving code moves the shelf crops to 'xpu' (the kiosk's Intel GPU) but the package "
       "was compiled for CPU and this host's torch build has no XPU device.",
       "Keep the inputs on the device the package was compiled for (CPU here), or compile a "
       "package for the kiosk's XPU on a torch build with XPU support.",
       needs=("r",), match=r"xpu|XPU")


# ------------------------------------------------------------------------------- run phase
def case_07():
    return _m("case_07", "pandas-category-codes-int8", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{basket78}")
# SKU column stored as a pandas Categorical: .codes is int8 for fewer than 128 categories
codes = np.random.randint(0, 120, size=(4, 6)).astype(np.int8)
emb = m(torch.from_numpy(codes))
""", "The basket SKU ids come from a pandas Categorical's .codes, which is int8 for a small "
       "category set, while the package was compiled for int64 ids; the input check rejects "
       "the dtype.", "Convert the codes with .astype('int64') (or ids.long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype")


def case_08():
    return _m("case_08", "price-double-bracket-column", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{demand78}")
feats, store, week, _ = demand_inputs(8)
prices = np.random.rand(8, 1).astype(np.float32) * 5 + 0.5    # df[["price"]].to_numpy(): a column
out = m(feats, store, week, torch.from_numpy(prices))
""", "The price comes from df[['price']] (double brackets), a (rows, 1) column, while the demand "
       "package takes a 1-D price per row; the input check rejects the extra dimension.",
       "Select the column with df['price'] (1-D) or squeeze(1) the tensor before the call.",
       needs=("s",), env=CHECK, match=r"dim|rank|size")


def case_09():
    return _m("case_09", "json-item-list", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{basket78}")
request = json.loads('{"basket_id": 17, "items": [[3, 18, 42, 42, 7, 150]]}')
emb = m(request["items"])
""", "The basket is passed as the request's nested Python list of ints instead of a tensor; "
       "the runner flattens its inputs keeping only tensor leaves, so it receives no input "
       "tensor at all.", "Convert with torch.tensor(request['items'], dtype=torch.long) first.",
       needs=("r",), match=r"inputs|size|[Tt]ensor")


def case_10():
    return _m("case_10", "wholesale-basket-300-items", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{basket78}")
# two cash-and-carry (B2B) customers' baskets: 300 line items each
emb = m(torch.randint(0, NSKU, (2, 300)))
""", "A wholesale basket of 300 line items exceeds the items Dim's declared maximum of 64; the "
       "input check rejects the size.",
       "Re-export with a larger items max (e.g. 1024) or split large baskets into chunks of "
       "at most 64 items and pool the results.",
       needs=("r",), env=CHECK, match=r"too large|64|range")


def case_11():
    return _m("case_11", "crowded-endcap-80-crops", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{recog78}")
# the detector found 80 product facings on a promotional end-cap photo
scores = m(torch.randn(80, 3, 32, 32))
""", "An end-cap photo with 80 detected facings is sent as one crop batch, above the crops "
       "Dim's maximum of 64; the input check rejects the size.",
       "Send the crops in batches of at most 64 or re-export with a larger crops max.",
       needs=("r",), env=CHECK, match=r"too large|64|range")


def case_12():
    return _m("case_12", "returns-as-negative-skus", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{basket78}")
# the POS log encodes a returned item as the negative SKU id
basket = torch.tensor([[3, 18, -42, 7, 150, 9], [5, 5, 61, 88, 12, 40]])
emb = m(basket)
""", "The point-of-sale log encodes returned items as negative SKU ids (-42), which index "
       "outside the 200-row SKU embedding table.",
       "Drop or map returned lines (abs / a separate returns flag) before building the basket.",
       needs=("r",), match=r"out of bounds")


def case_13():
    return _m("case_13", "iso-week-53", "index_out_of_bounds", "run", """
import datetime
m = torch._inductor.aoti_load_package("{demand78}")
feats, store, _, price = demand_inputs(4)
iso_week = datetime.date(2026, 12, 31).isocalendar()[1]      # 53: 2026 has 53 ISO weeks
week = torch.full((4,), iso_week - 1, dtype=torch.long)      # 0-based promo-calendar row
d = m(feats, store, week, price)
""", "2026 has 53 ISO weeks; the promo calendar row for week 53 is index 52 in a 52-row week "
       "embedding, out of bounds.",
       "Give the promo-week table 53 rows (or map week 53 to week 52) and re-export.",
       needs=("s",), match=r"out of bounds")


def case_14():
    return _m("case_14", "free-item-zero-price", "numerical", "run", """
m = torch._inductor.aoti_load_package("{demand78}")
feats, store, week, price = demand_inputs(8)
price[3] = 0.0            # buy-one-get-one: the free line is priced at 0
d = m(feats, store, week, price)
assert torch.isfinite(d).all(), d
""", "A buy-one-get-one free line has price 0; log(0) = -inf times the negative elasticity "
       "gives +inf inside exp, so the demand is inf without any error.",
       "Exclude zero-price lines or clamp the price (e.g. to the effective promo price) before "
       "the demand model.", needs=("s",), match=r"AssertionError")


def case_15():
    return _m("case_15", "prices-in-cents", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{demand78}")
feats, store, week, price = demand_inputs(8)
expected = m(feats, store, week, price)
cents = (price * 100).round()          # the new price feed sends integer cents as floats
d = m(feats, store, week, cents)
torch.testing.assert_close(d, expected, rtol=0.05, atol=0.0)
""", "The price feed switched to cents while the elasticity head was trained on dollars, so "
       "log(price) is shifted by log(100) and the demand is silently far too low.",
       "Convert prices to dollars (/ 100) before the model (and validate units in the feed).",
       needs=("s",), match=r"not close|Mismatched")


def case_16():
    return _m("case_16", "empty-bay-compliance", "numerical", "run", """
m = torch._inductor.aoti_load_package("{plano78}")
img = torch.rand(3, 3, 24, 40)
planned = (torch.rand(3, 1, 24, 40) > 0.5).float()
planned[1] = 0.0          # a bay being reset: no planned facings this week
score = m(img, planned)
assert torch.isfinite(score).all(), score
""", "A bay with no planned facings (an all-zero planogram mask) makes the compliance ratio 0/0, "
       "so its score is NaN without an error.",
       "Skip bays with an empty planogram or divide by planned.sum().clamp_min(1).",
       needs=("s",), match=r"AssertionError")


def case_17():
    return _m("case_17", "pad-with-real-sku-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{basket78}")
baskets = [[3, 18, 42], [7, 150, 9, 9, 61]]
L = max(len(b) for b in baskets)
padded = torch.tensor([b + [0] * (L - len(b)) for b in baskets])   # pad short baskets with 0
emb = m(padded)
ref = m(torch.tensor([baskets[0], baskets[0]]))      # the first basket at its own length
torch.testing.assert_close(emb[:1], ref[:1])
""", "Short baskets are padded with id 0, which is a real SKU, and the model's mean over items "
       "counts the padding, so padded baskets get a different (wrong) embedding silently.",
       "Run each basket at its own length (the items Dim allows it) or pad with a mask and a "
       "masked mean.", needs=("r",), match=r"not close|Mismatched")


def case_18():
    return _m("case_18", "full-catalogue-scoring-capped", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Match(torch.nn.Module):
    # score crop embeddings against the whole catalogue, passed as an input of any size
    def forward(self, e, catalogue):
        return (e @ catalogue.t()).softmax(1)
ep = torch.export.export(Match(), (torch.randn(4, D), torch.randn(100, D)),
                         dynamic_shapes=({0: Dim("crops", max=256)}, {0: Dim("products", max=10**7)}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/match78.pt2")
m = torch._inductor.aoti_load_package(pkg)
catalogue = torch.randn(2_000_000, D)        # every SKU of the chain, 2 M products
crops = torch.randn(128, D)
# the recognition worker's container: 512 MiB left after the model and the catalogue
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 512 * 2**20, vm + 512 * 2**20))
with torch.no_grad():
    p = m(crops, catalogue)
""", "128 crops are scored against all 2 M catalogue products in one call; the 128 x 2 M score "
       "matrix (1 GiB) and its softmax do not fit in the 512 MiB the worker has left.",
       "Score against a candidate shortlist (ANN index) or in catalogue chunks with a running "
       "top-k, or give the worker more memory.", match=r"memory|alloc")


def case_19():
    return _m("case_19", "elasticity-cap-python-max", "export_failure", "export", """
class CappedDemand(Demand):
    # business rule: the chain-wide price elasticity is capped at -3 before it is applied
    def forward(self, feats, store, week, price):
        e = -torch.nn.functional.softplus(self.elast(feats)).mean() - 0.5
        e = max(float(e), -3.0)
        logd = (self.base(feats) + self.store(store) + self.week(week)).squeeze(1) + 2.0
        return torch.exp(logd + e * torch.log(price))
ep = torch.export.export(CappedDemand().eval(), demand_inputs(8))
""", "The elasticity cap is applied with Python max(float(e), -3.0); float() of a computed tensor "
       "is a data-dependent value that torch.export cannot turn into a Python float.",
       "Apply the cap with tensor ops (e.clamp(min=-3.0)) so it stays in the graph.",
       match=r"data-dependent|GuardOnDataDependent|[Uu]nbacked|Could not guard|item")


def case_20():
    return _m("case_20", "rows-dim-redefined-per-column", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the demand spec is assembled column by column; the price column was added later with a
# larger row limit for the chain-wide nightly batch
spec = ({0: Dim("rows", min=1, max=1024)}, {0: Dim("rows", min=1, max=1024)},
        {0: Dim("rows", min=1, max=1024)}, {0: Dim("rows", min=1, max=4096)})
ep = torch.export.export(Demand().eval(), demand_inputs(8), dynamic_shapes=spec)
""", "Two Dim objects share the name 'rows' but have different ranges (max 1024 vs 4096), so "
       "torch.export refuses the dynamic-shapes specification.",
       "Create the rows Dim once and reuse the same object for every column.",
       match=r"rows|[Dd]ifferent|same name|Dim")


def case_21():
    return _m("case_21", "opencv-bgr-crops", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{recog78}")
rgb = torch.rand(8, 3, 32, 32)              # crops as the model was trained (RGB, 0..1)
bgr = rgb.flip(1).contiguous()               # the store app decodes with cv2.imread: BGR order
torch.testing.assert_close(m(bgr), m(rgb))
""", "The store app decodes shelf photos with OpenCV, which yields BGR channel order, while the "
       "recognition model was trained on RGB; the catalogue scores change silently.",
       "Convert with cv2.cvtColor(img, cv2.COLOR_BGR2RGB) (or flip the channel axis) before "
       "the model.", needs=("r",), match=r"not close|Mismatched")


CASES = [case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20, case_21]
# None failed another way than labelled after the trigger fixes disclosed in the notes.
DROPPED = []
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_01 (planned-facings mask painted
# with slice bounds from boxes.tolist() in forward: it exported).
TRIED = [case_01]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind78.jsonl",
        url_file="benchmarks/live_blind78.py", id_prefix="live78", stems=STEMS,
        scratch_prefix="live_blind78-", description=__doc__.splitlines()[0]))
