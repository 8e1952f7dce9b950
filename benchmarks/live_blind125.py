"""A hundred-and-twenty-fifth blind set of REAL AOTInductor failures (pharmacovigilance and drug safety models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind125.py [--out benchmarks/live_blind125.jsonl] [--keep]

Theme: pharmacovigilance and drug safety (a serious/non-serious triage model for individual case
safety reports over coded MedDRA preferred terms and narrative token ids, a drug-drug interaction
scorer over pairs of drug-dictionary ids, a disproportionality (PRR) signal scorer over 2x2
drug-event count tables, a sigmoid-Emax dose-toxicity model over mg doses and body weights in kg,
a drug-induced liver injury model over ALT/AST (U/L) across visits, and a batch-recall anomaly
detector over manufacturing lot release-test records), exported, compiled, loaded and run as a
drug-safety ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind124.py (their TRIED
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
N_PT = 2000        # MedDRA preferred terms kept by the triage model (row index into its table)
VOCAB = 5000       # narrative word-piece vocabulary, PAD = 0
NARR = 64          # narrative tokens per report (fixed)
N_DRUG = 3000      # drug-dictionary entries known to the interaction scorer

class Triage(torch.nn.Module):
    # serious / non-serious triage of an individual case safety report: coded MedDRA PT indices
    # (reports, terms) and the narrative's token ids (reports, 64), PAD = 0
    def __init__(self):
        super().__init__()
        self.pt = torch.nn.Embedding(N_PT, 16)
        self.tok = torch.nn.Embedding(VOCAB, 16)
        self.out = torch.nn.Linear(32, 1)
    def forward(self, pt_idx, tokens):
        keep = (tokens != 0).float()
        txt = (self.tok(tokens) * keep[..., None]).sum(1) / keep.sum(1, keepdim=True)
        h = torch.cat([self.pt(pt_idx).mean(1), txt], -1)
        return torch.sigmoid(self.out(h)).squeeze(-1)

class Ddi(torch.nn.Module):
    # probability that a pair of drugs (dictionary ids) has a clinically relevant interaction
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(N_DRUG, 32)
        self.bil = torch.nn.Bilinear(32, 32, 1)
    def forward(self, drug_a, drug_b):
        return torch.sigmoid(self.bil(self.emb(drug_a), self.emb(drug_b))).squeeze(-1)

class Prr(torch.nn.Module):
    # disproportionality of drug-event pairs from their 2x2 tables (pairs, 4) = a, b, c, d:
    # a = drug & event, b = drug & other events, c = other drugs & event, d = the rest.
    # Returns ln(PRR) and its standard error.
    def forward(self, n):
        a, b, c, d = n.unbind(-1)
        prr = (a / (a + b)) / (c / (c + d))
        se = torch.sqrt(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d))
        return torch.stack([torch.log(prr), se], -1)

class DoseTox(torch.nn.Module):
    # probability of grade >= 3 toxicity: sigmoid-Emax (Hill) curve in mg/kg,
    # ED50 = 12 mg/kg, Hill coefficient 2.5
    def __init__(self):
        super().__init__()
        self.register_buffer("ed50", torch.tensor(12.0))
        self.register_buffer("hill", torch.tensor(2.5))
    def forward(self, dose_mg, weight_kg):
        c = (dose_mg / weight_kg) ** self.hill
        return c / (self.ed50 ** self.hill + c)

class LiverTrend(torch.nn.Module):
    # drug-induced liver injury risk from ALT, AST in U/L over visits (patients, visits, 2): the
    # last visit's fold over the upper limit of normal (40 U/L) and its rise against a reference
    # visit (ref_visit: a 0-based visit index per patient)
    def __init__(self):
        super().__init__()
        self.register_buffer("uln", torch.tensor([40.0, 40.0]))
        self.lin = torch.nn.Linear(4, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[1.0, 1.0, 0.1, 0.1]]))
            self.lin.bias.fill_(-6.0)
    def forward(self, labs, ref_visit):
        x = labs / self.uln
        ref = x.gather(1, ref_visit[:, None, None].expand(-1, 1, 2)).squeeze(1)
        last = x[:, -1]
        return torch.sigmoid(self.lin(torch.cat([last, last / ref], -1))).squeeze(-1)

# lot release tests: assay %, dissolution %, moisture %, hardness kP, coat weight mg, impurity %
def training_lots(n=200):
    g = torch.Generator().manual_seed(1)
    lots = torch.stack([99.5 + 0.6 * torch.randn(n, generator=g),
                        92.0 + 2.0 * torch.randn(n, generator=g),
                        2.1 + 0.3 * torch.randn(n, generator=g),
                        11.0 + 0.8 * torch.randn(n, generator=g),
                        torch.full((n,), 12.0),            # coat weight: fixed target on every training lot
                        0.12 + 0.03 * torch.randn(n, generator=g)], -1)
    return lots

class LotAnomaly(torch.nn.Module):
    # batch-recall anomaly score of a lot: mean squared z-score of its release tests against the
    # training lots, plus a learned offset per manufacturing line (8 lines)
    def __init__(self, lots):
        super().__init__()
        self.register_buffer("mean", lots.mean(0))
        self.register_buffer("std", lots.std(0))
        self.line = torch.nn.Embedding(8, 1)
    def forward(self, lots, line):
        z = (lots - self.mean) / self.std
        return (z * z).mean(-1) + self.line(line).squeeze(-1)

def release_tests(n=4):
    return torch.stack([99.4 + 0.5 * torch.randn(n), 91.0 + 2.0 * torch.randn(n),
                        2.0 + 0.3 * torch.randn(n), 11.2 + 0.8 * torch.randn(n),
                        12.0 + 0.2 * torch.randn(n), 0.11 + 0.03 * torch.randn(n)], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
r, t = Dim("reports", min=1, max=1024), Dim("terms", min=1, max=64)
build("triage125", Triage().eval(), (torch.randint(0, N_PT, (4, 5)), torch.randint(1, VOCAB, (4, NARR))),
      dynamic_shapes=({0: r, 1: t}, {0: r}))
p = Dim("pairs", min=1, max=4096)
build("ddi125", Ddi().eval(), (torch.randint(0, N_DRUG, (8,)), torch.randint(0, N_DRUG, (8,))),
      dynamic_shapes=({0: p}, {0: p}))
pt = Dim("patients", min=1, max=2048)
build("dose125", DoseTox(), (torch.rand(8) * 800 + 50, torch.rand(8) * 60 + 45),
      dynamic_shapes=({0: pt}, {0: pt}))
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
q = Dim("pairs", min=1, max=4096)
build("prr125", Prr(), (torch.randint(1, 500, (8, 4)).float(),), dynamic_shapes=({0: q},))
pa, v = Dim("patients", min=1, max=4096), Dim("visits", min=2, max=104)
build("liver125", LiverTrend().eval(), (torch.rand(4, 8, 2) * 60 + 10, torch.zeros(4, dtype=torch.long)),
      dynamic_shapes=({0: pa, 1: v}, {0: pa}))
n = Dim("lots", min=1, max=10000)
build("lot125", LotAnomaly(training_lots()).eval(), (release_tests(4), torch.randint(0, 8, (4,))),
      dynamic_shapes=({0: n}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"triage125", "ddi125", "dose125", "prr125", "liver125", "lot125", "screen125"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "duplicate-therapy-torch-equal-branch", "export_failure", "export", """
class DdiDup(Ddi):
    # a drug paired with itself (duplicate therapy) is reported as a fixed 0.5 alert
    def forward(self, drug_a, drug_b):
        if torch.equal(drug_a, drug_b):
            return torch.full(drug_a.shape, 0.5)
        return super().forward(drug_a, drug_b)
ep = torch.export.export(DdiDup().eval(), (torch.randint(0, N_DRUG, (8,)), torch.randint(0, N_DRUG, (8,))))
""", "The interaction scorer branches in Python on torch.equal(drug_a, drug_b) to flag duplicate "
       "therapy, a bool computed from the tensors' data that torch.export cannot trace.",
       "Flag duplicates with torch.where(drug_a == drug_b, 0.5, score) per pair instead of a "
       "Python if.", match=r".")


def case_02():
    return _m("case_02", "hys-law-python-and-per-patient", "export_failure", "export", """
class HysLaw(torch.nn.Module):
    # Hy's law screen of one patient: ALT > 3x ULN and total bilirubin > 2x ULN
    def forward(self, alt_fold, bili_fold):
        if (alt_fold > 3.0) and (bili_fold > 2.0):
            return torch.ones_like(alt_fold)
        return alt_fold / 3.0 * 0.5
ep = torch.export.export(HysLaw(), (torch.tensor([4.2]), torch.tensor([1.1])))
""", "The Hy's law screen combines ALT > 3x ULN and bilirubin > 2x ULN with a Python `and` inside "
       "an if, which needs the patient's values, data-dependent control flow that torch.export "
       "cannot trace.", "Write the rule as torch.where((alt_fold > 3) & (bili_fold > 2), 1.0, "
       "...) on tensors.", match=r".")


def case_03():
    return _m("case_03", "chi-square-table-built-with-torch-tensor", "export_failure", "export", """
class ChiSq(torch.nn.Module):
    # Yates-corrected chi-square of one drug-event pair, from the report counts of the drug
    # (n_drug, 2: event / other) and of all other drugs (n_other, 2)
    def forward(self, drug, other):
        a, b = drug.sum(0)
        c, d = other.sum(0)
        t = torch.tensor([[a, b], [c, d]])
        n = t.sum()
        e = t.sum(1, keepdim=True) * t.sum(0, keepdim=True) / n
        return (((t - e).abs() - 0.5) ** 2 / e).sum()
ep = torch.export.export(ChiSq(), (torch.randint(0, 20, (30, 2)).float(), torch.randint(0, 200, (500, 2)).float()))
""", "The chi-square scorer rebuilds the 2x2 table with torch.tensor([[a, b], [c, d]]) from "
       "reduced tensors, which converts them to Python numbers, data that torch.export cannot "
       "trace.", "Build the table with torch.stack([...]).view(2, 2) on the tensors.", match=r".")


def case_04():
    return _m("case_04", "one-drugs-dim-for-two-medication-lists", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Screen(torch.nn.Module):
    # interaction score of every current medication (n_cur) against every candidate
    # prescription (n_new): a (n_cur, n_new) matrix
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(N_DRUG, 32)
        self.w = torch.nn.Linear(32, 32, bias=False)
    def forward(self, current, candidates):
        return torch.sigmoid(self.w(self.emb(current)) @ self.emb(candidates).T)
drugs = Dim("drugs", min=1, max=64)
ep = torch.export.export(Screen().eval(), (torch.tensor([17, 402, 1183, 2250, 96]), torch.tensor([733, 1490, 12])),
                         dynamic_shapes=({0: drugs}, {0: drugs}))
""", "One Dim object ('drugs') is given to both the patient's current medication list (5 drugs) and "
       "the candidate prescriptions (3 drugs), which declares the two lengths equal while the "
       "example's differ.", "Declare a separate Dim for each list (e.g. Dim('current'), "
       "Dim('candidates')).", match=r".")


def case_05():
    return _m("case_05", "extension-study-example-past-visits-max", "dynamic_shape_guard", "export", """
from torch.export import Dim
pa, v = Dim("patients", min=1, max=4096), Dim("visits", min=2, max=26)   # the core study: 26 visits
labs = torch.rand(4, 52, 2) * 60 + 10            # the example: patients of the 1-year extension study
ep = torch.export.export(LiverTrend().eval(), (labs, torch.zeros(4, dtype=torch.long)),
                         dynamic_shapes=({0: pa, 1: v}, {0: pa}))
""", "The visits Dim is declared for the core study (max=26) while the example tensor is taken from "
       "the extension study with 52 visits, outside the Dim's own range.",
       "Raise the visits Dim's max to cover the extension study (e.g. 104), or export with a "
       "core-study example.", match=r".")


def case_08():
    return _m("case_08", "index-report-single-pair-as-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
p = Dim("pairs", min=1, max=4096)
# the example: the one co-prescription of the spontaneous report that opened the signal review
ep = torch.export.export(Ddi().eval(), (torch.tensor([1183]), torch.tensor([2250])),
                         dynamic_shapes=({0: p}, {0: p}))
""", "The interaction scorer is exported with the index report's single drug pair as the example, "
       "so the dynamic pairs Dim has example size 1 and export specialises it to the constant 1.",
       "Export with an example of at least 2 pairs (e.g. 8 pairs from the review's case series).",
       match=r".")


# ------------------------------------------------------------------------ run: dynamic dims
def case_06():
    return _c("case_06", "screening-failure-single-lab-visit", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{liver125}")
labs = torch.tensor([[[35.0, 28.0]], [[52.0, 41.0]]])   # two screen failures: the screening visit only
risk = m(labs, torch.zeros(2, dtype=torch.long))
""", "Two screen-failure patients have only their screening visit, a visits dimension of 1, below "
       "the visits Dim's exported min=2.", "Score only patients with at least two visits (or "
       "export with min=1 and an example of 2+ visits).", needs=("s",), env=CHECK,
       match=r"2|too small|range|bound")


def case_07():
    return _c("case_07", "whole-faers-quarter-in-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{prr125}")
quarter = torch.randint(1, 900, (20000, 4)).float()   # every drug-event pair of the FAERS quarter
out = m(quarter)
""", "The whole quarterly FAERS extract (20000 drug-event pairs) is scored in one call, above the "
       "pairs Dim's exported max=4096.", "Score the quarter in chunks of at most 4096 pairs (or "
       "export with a larger max).", needs=("s",), env=CHECK, match=r"4096|too large|range|bound")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_09():
    return _c("case_09", "meddra-pt-index-int32-from-parquet", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{triage125}")
pt = torch.from_numpy(np.array([[12, 845, 1520, 7, 300], [99, 1003, 4, 61, 1999]], dtype=np.int32))  # the Parquet column
tok = torch.randint(1, 5000, (2, 64))
p = m(pt, tok)
""", "The coded MedDRA PT indices are read from the case database's Parquet export as int32, "
       "while the triage package was exported with int64 indices.", "Convert with .long() "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|Int|Long|int32|int64")


def case_10():
    return _c("case_10", "narrative-tokenized-to-128", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{triage125}")
pt = torch.randint(0, 2000, (2, 5))
tok = torch.randint(1, 5000, (2, 128))             # the new intake service tokenizes narratives to 128
p = m(pt, tok)
""", "The new intake service tokenizes narratives to 128 tokens, while the triage package was "
       "exported for a fixed 64-token narrative.", "Truncate/pad to 64 tokens (or re-export for "
       "128).", needs=("r",), env=CHECK, match=r"dim value|size|shape|64|128")


def case_11():
    return _c("case_11", "drug-pairs-as-one-stacked-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ddi125}")
pairs = torch.tensor([[17, 402], [1183, 2250], [96, 733]])   # (pairs, 2) from the prescription join
p = m(pairs)
""", "The prescription join's drug pairs are passed as one (pairs, 2) tensor, while the interaction "
       "package takes two inputs, drug_a and drug_b.", "Call m(pairs[:, 0], pairs[:, 1]).",
       needs=("r",), match=r".")


def case_12():
    return _c("case_12", "crf-weight-column-n-by-1", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{dose125}")
crf = np.array([[70.5], [82.0], [58.3], [101.2]], dtype=np.float32)   # df[["weight_kg"]].values
dose = torch.tensor([600.0, 600.0, 450.0, 800.0])
p = m(dose, torch.from_numpy(crf))
""", "Body weights are taken from the CRF data frame as df[['weight_kg']].values, a (patients, 1) "
       "column, while the dose-toxicity package takes a 1-D (patients,) weight.",
       "Select the column as a Series (df['weight_kg'].values) or squeeze(1) before the call.",
       needs=("r",), env=CHECK, match=r"dim|size|shape")


def case_13():
    return _c("case_13", "hepatic-panel-with-alp-and-bilirubin", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{liver125}")
# the central lab's new hepatic panel: ALT, AST, ALP (U/L), total bilirubin (umol/L)
panel = torch.rand(3, 6, 4) * torch.tensor([60.0, 50.0, 120.0, 20.0])
risk = m(panel, torch.zeros(3, dtype=torch.long))
""", "The central lab's new hepatic panel adds ALP and total bilirubin, 4 analytes, while the liver "
       "package was exported for ALT and AST only (2).", "Select the ALT and AST columns "
       "(panel[..., :2]) or re-export for the 4-analyte panel.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_14():
    return _c("case_14", "lims-csv-genfromtxt-float64", "input_mismatch", "run", """
import io, numpy as np
m = torch._inductor.aoti_load_package("{lot125}")
csv = io.StringIO("99.1,90.2,2.3,10.8,12.1,0.10\\n98.7,88.9,2.6,11.4,11.9,0.19\\n99.8,93.0,1.9,10.2,12.0,0.08")
lots = torch.from_numpy(np.genfromtxt(csv, delimiter=","))   # the LIMS export
score = m(lots, torch.tensor([0, 3, 5]))
""", "The LIMS release-test export is parsed with np.genfromtxt, which yields float64, while the "
       "lot package was exported for float32.", "Convert with .float() (or genfromtxt(..., "
       "dtype=np.float32)).", needs=("s",), env=CHECK, match=r"dtype|Double|Float|float64")


def case_15():
    return _c("case_15", "count-table-int64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{prr125}")
counts = torch.tensor([[34, 1266, 410, 2450000], [5, 80, 1200, 2460000]])   # report counts, integers
out = m(counts)
""", "The 2x2 report counts are passed as the count table's int64 integers, while the PRR "
       "package was exported for float32 counts.", "Convert with counts.float() before the "
       "call.", needs=("s",), env=CHECK, match=r"dtype|Long|Float|int64")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "raw-8-digit-meddra-pt-codes", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{triage125}")
pt_codes = torch.tensor([[10019211, 10028813, 10047700], [10037660, 10002198, 10013968]])   # PT codes from E2B
p = m(pt_codes, torch.randint(1, 5000, (2, 64)))
""", "The raw 8-digit MedDRA PT codes from the E2B reports (e.g. 10019211) are sent instead of the "
       "triage model's PT row indices 0..1999, so the PT embedding is indexed out of range.",
       "Map PT codes to the model's row indices with the training dictionary (unknown codes to "
       "an OOV row).", needs=("r",), expect="exc", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "newly-approved-drug-after-dictionary-update", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ddi125}")
a = torch.tensor([17, 402, 3150])                  # 3150: approved after the model's dictionary release
b = torch.tensor([733, 1490, 96])
p = m(a, b)
""", "A drug added in a newer drug-dictionary release has id 3150, past the interaction model's "
       "3000-row drug embedding.", "Map drugs missing from the model's dictionary release to an "
       "unknown-drug row (and retrain on the new release).", needs=("r",), expect="exc",
       match=r"out of bounds|index")


def case_18():
    return _c("case_18", "contract-manufacturer-line-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lot125}")
lots = torch.tensor([[99.1, 90.2, 2.3, 10.8, 12.0, 0.10], [98.7, 88.9, 2.6, 11.4, 12.0, 0.19],
                     [99.8, 93.0, 1.9, 10.2, 12.0, 0.08]])
line = torch.tensor([2, -1, 6])                    # -1: lot made by a contract manufacturer, no line
score = m(lots, line)
""", "Lots made by a contract manufacturer carry line -1 (no in-house line), which indexes the "
       "8-row manufacturing-line embedding out of range.", "Give contract lots their own line "
       "row (or a default line) instead of the -1 sentinel.", needs=("s",), expect="exc",
       match=r"out of bounds|index")


def case_19():
    return _c("case_19", "edc-visit-number-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{liver125}")
labs = torch.rand(3, 6, 2) * 50 + 15
ref_visit = torch.tensor([1, 1, 6])                # the EDC's visit numbers: 1 = screening, 6 = last
risk = m(labs, ref_visit)
""", "The reference visit is given as the EDC's 1-based visit number, so the patient referenced "
       "to their last (6th) visit sends index 6 into a 6-visit axis.", "Subtract 1 from EDC visit "
       "numbers before the call.", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_20():
    return _c("case_20", "event-never-reported-with-other-drugs", "numerical", "run", """
m = torch._inductor.aoti_load_package("{prr125}")
counts = torch.tensor([[34.0, 1266.0, 410.0, 2450000.0],
                       [3.0, 5120.0, 0.0, 2460000.0]])   # a new event term: only this drug's reports
out = m(counts)
assert torch.isfinite(out).all(), f"ln PRR, se: {out}"
""", "An event term reported only with the drug under review has c = 0 in its 2x2 table, so the "
       "PRR divides by zero and ln(PRR) and its standard error are inf, silently.",
       "Add a continuity correction (e.g. 0.5 to every cell) or flag pairs with an empty cell.",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "missing-body-weight-stored-as-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dose125}")
dose = torch.tensor([600.0, 450.0, 800.0, 600.0])
weight = torch.tensor([70.5, 0.0, 101.2, 64.0])    # weight not recorded at baseline: 0 in the CRF extract
p = m(dose, weight)
assert torch.isfinite(p).all(), f"toxicity probabilities: {p}"
""", "A patient's missing baseline weight is stored as 0 in the CRF extract, so the dose is inf "
       "mg/kg and the Emax curve computes inf / inf = NaN, silently.",
       "Impute or reject missing weights (treat 0 as missing) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _c("case_22", "european-site-alt-in-ukat-per-l", "numerical", "run", """
m = torch._inductor.aoti_load_package("{liver125}")
# a confirmed Hy's law case: ALT/AST rise from normal to about 12x / 9x ULN
ul = torch.tensor([[[30.0, 25.0], [95.0, 70.0], [260.0, 190.0], [480.0, 360.0]]])
ukat = ul / 60.0                                   # the Swedish site reports in ukat/L (1 ukat/L = 60 U/L)
risk = m(torch.cat([ul, ukat]), torch.zeros(2, dtype=torch.long))
assert (risk > 0.5).all(), f"DILI risk of a confirmed Hy's law case, U/L vs ukat/L: {risk}"
""", "A European site reports ALT/AST in ukat/L, 60 times smaller than the U/L the liver model "
       "divides by its ULN, so a confirmed Hy's law case gets a low risk, silently.",
       "Convert lab values to U/L (x 60 for ukat/L) from the unit field before the call.",
       needs=("s",), match=r"AssertionError")


def case_23():
    return _c("case_23", "coat-weight-constant-in-training-lots", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lot125}")
lots = torch.tensor([[99.1, 90.2, 2.3, 10.8, 12.3, 0.10], [98.7, 88.9, 2.6, 11.4, 11.8, 0.19]])
score = m(lots, torch.tensor([2, 6]))
assert torch.isfinite(score).all(), f"anomaly scores: {score}"
""", "Every training lot had the same coat weight (the fixed 12.0 mg target), so its standard "
       "deviation buffer is 0 and any production lot's z-score divides by zero (inf), silently.",
       "Floor the standard deviations (e.g. std.clamp_min(eps)) or drop constant features "
       "when fitting the standardisation.", needs=("s",), match=r"AssertionError")


def case_24():
    return _c("case_24", "report-without-narrative-all-pad", "numerical", "run", """
m = torch._inductor.aoti_load_package("{triage125}")
pt = torch.tensor([[12, 845, 1520], [99, 1003, 4]])
tok = torch.randint(1, 5000, (2, 64))
tok[1] = 0                                         # a literature report with no narrative: all PAD
p = m(pt, tok)
assert torch.isfinite(p).all(), f"seriousness: {p}"
""", "A report without a narrative tokenizes to all PAD, so the masked mean of the narrative "
       "divides 0 by 0 and the triage score is NaN, silently.", "Guard the token count "
       "(clamp_min(1)) in the model or route reports without narrative to a codes-only model.",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_26():
    return _m("case_26", "lightning-checkpoint-model-prefix", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{ddi125}")
ckpt = {"state_dict": {"model." + k: v for k, v in Ddi().state_dict().items()}}   # the Lightning .ckpt
m.load_constants(ckpt["state_dict"], check_full_update=True)
""", "The retrained interaction weights come from a Lightning checkpoint whose state_dict keys "
       "carry the LightningModule's 'model.' prefix, so none of the package's constant names "
       "are found.", "Strip the 'model.' prefix from the keys (and keep only the names "
       "m.get_constant_fqns() lists) before load_constants.",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_27():
    return _m("case_27", "all-pairs-screen-of-whole-dictionary", "out_of_memory", "run", """
import resource
from torch.export import Dim
class PairScreen(torch.nn.Module):
    # interaction probability of every drug against every drug: (n, 32) embeddings -> (n, n)
    def __init__(self):
        super().__init__()
        self.mlp = torch.nn.Linear(64, 1)
    def forward(self, emb):
        n = emb.shape[0]
        pairs = torch.cat([emb[:, None].expand(n, n, 32), emb[None].expand(n, n, 32)], -1)
        return torch.sigmoid(self.mlp(pairs)).squeeze(-1)
d = Dim("drugs", min=2, max=200000)
ep = torch.export.export(PairScreen().eval(), (torch.randn(64, 32),), dynamic_shapes=({0: d},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/screen125.pt2")
m = torch._inductor.aoti_load_package(pkg)
dictionary = torch.randn(60000, 32)                # every product of the national drug dictionary
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the batch job's 2 GiB margin
p = m(dictionary)
""", "The interaction screen is run over every pair of the 60000-product drug dictionary in one "
       "call; the pair features need about 920 GB (and the output matrix 14 GB).",
       "Screen only co-prescribed pairs, or in blocks of drugs.", match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_08, case_06, case_07, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_26, case_27]
# Number 25 was written and trialled, then removed before the recorded run: it failed on a folded
# output bias ("Constant not found: out.bias", a trigger of earlier sets), not on the PT table's
# size its cause described (see the notes). Every case in CASES wrote a row in the recorded run.
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind125.jsonl",
        url_file="benchmarks/live_blind125.py", id_prefix="live125", stems=STEMS,
        scratch_prefix="live_blind125-", description=__doc__.splitlines()[0]))
