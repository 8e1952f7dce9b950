"""A hundred-and-forty-seventh blind set of REAL AOTInductor failures (library and archive digitisation), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind147.py [--out benchmarks/live_blind147.jsonl] [--keep]

Theme: library and archive digitisation (a page layout classifier on grayscale page thumbnails of
300-dpi scans; an OCR quality score of a page from its lines' OCR confidences and character
counts; a shelf-location predictor from a catalogue record's subject headings, collection and
Dewey class; catalogue record deduplication by title-token similarity; a loan forecast of a
branch's weekly loans; document dating from paper and ink features and a terminus post quem;
damage (foxing, mould, tears) detection on colour scan patches), exported, compiled, loaded and
run as a library's digitisation, cataloguing and systems staff would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind145.py
(their TRIED lists included). Building the set imports nothing from aotidebug.
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
SUBJECTS = 180    # the subject headings (LCSH-derived) of the tagger's vocabulary at export (0..179)
COLLECTIONS = ["Rare Books", "Maps", "Manuscripts", "Local History", "Music", "Periodicals",
               "Theses", "Photographs"]                 # the model's collection indices (0..7)
FLOORS = 6        # stack floors of the shelf-location model
VOCAB = 5000      # the title-token vocabulary of the deduplication model (0 = padding)
DECADES = 60      # the dating prior's decades, 1400..1999

def pages(n=4, h=96, w=64, c=1):
    # page thumbnails (n, 1, 96, 64) of 300-dpi grayscale scans, 0..1: light paper, dark text lines
    x = 0.85 + 0.05 * torch.rand(n, c, h, w)
    x[:, :, 10:86:6, 8:56] -= 0.6
    return x.clamp(0.0, 1.0)

def ocr(n=4, lines=30):
    # per-line OCR confidence (n, lines) 0..1 and characters per line (n, lines)
    return 0.80 + 0.19 * torch.rand(n, lines), torch.randint(20, 70, (n, lines)).float()

def records(n=8):
    # catalogue records: three subject headings (n, 3) 0..179, collection (n,) 0..7, Dewey
    # hundreds class (n,) 0..9
    return (torch.randint(0, SUBJECTS, (n, 3)), torch.randint(0, len(COLLECTIONS), (n,)),
            torch.randint(0, 10, (n,)))

def titles(n=8, length=12):
    # title token ids (n, length), 1..4999, padded with 0 after the title's end
    t = torch.randint(1, VOCAB, (n, length))
    for i in range(n):
        t[i, int(torch.randint(4, length + 1, ())):] = 0
    return t

def loans(n=4, weeks=104):
    # weekly loans (n, weeks) of n branches: a yearly cycle (summer dip) and noise
    t = torch.arange(weeks).float()
    base = torch.linspace(300.0, 1200.0, n)[:, None]
    return (base * (1.0 + 0.3 * torch.cos(2 * math.pi * t / 52.0)) * (0.9 + 0.2 * torch.rand(n, weeks))).round()

def paper_ink(n=8):
    # paper and ink features (n, 4): chain-line spacing (mm), laid lines per cm, ink Fe / Cu
    # ratio, sheet thickness (mm); terminus post quem (n,) as a Gregorian year 1400..1999
    f = torch.stack([20.0 + 10.0 * torch.rand(n), 8.0 + 4.0 * torch.rand(n),
                     3.0 * torch.rand(n), 0.08 + 0.1 * torch.rand(n)], 1)
    return f, torch.randint(1400, 2000, (n,))

def patches(n=2, foxed=(), s=64):
    # RGB scan patches (n, 3, 64, 64), 0..1: cream paper, dark text; foxed ones carry brown spots
    paper = torch.tensor([0.92, 0.88, 0.78])[None, :, None, None]
    x = paper + 0.02 * torch.randn(n, 3, s, s)
    x[:, :, 8:56:8, 6:58] = 0.1
    for i in foxed:
        x[i, :, 20:30, 20:30] = torch.tensor([0.65, 0.45, 0.30])[:, None, None]
        x[i, :, 40:46, 10:18] = torch.tensor([0.60, 0.42, 0.28])[:, None, None]
    return x.clamp(0.0, 1.0)
"""

MODELS = """
class Layout(torch.nn.Module):
    # page thumbnails (n, 1, 96, 64) grayscale 0..1 -> (n, 4) P(text, figure, table, blank)
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(8, 4)
    def forward(self, page):
        h = torch.relu(self.conv(page)).mean((2, 3))
        return torch.softmax(self.head(h), -1)

class OcrQuality(torch.nn.Module):
    # per-line OCR confidence (n, lines) 0..1 and characters per line (n, lines) -> (n, 2): the
    # page's character-weighted confidence and the share of lines under 0.6 (re-OCR candidates)
    def forward(self, conf, chars):
        quality = (conf * chars).sum(1) / chars.sum(1)
        weak = (conf < 0.6).float().mean(1)
        return torch.stack([quality, weak], 1)

class Shelf(torch.nn.Module):
    # subject headings (n, 3) 0..179, collection (n,) 0..7, Dewey hundreds class (n,) 0..9 ->
    # (n, 6) probabilities of the stack floor
    def __init__(self):
        super().__init__()
        self.subj = torch.nn.Embedding(SUBJECTS, 8)
        self.coll = torch.nn.Embedding(len(COLLECTIONS), 4)
        self.dewey = torch.nn.Embedding(10, 4)
        self.head = torch.nn.Linear(16, FLOORS)
    def forward(self, subjects, collection, dewey):
        x = torch.cat([self.subj(subjects).mean(1), self.coll(collection), self.dewey(dewey)], -1)
        return torch.softmax(self.head(x), -1)

class Dedup(torch.nn.Module):
    # title tokens of new records (n, L) and of catalogue records (m, L2), 0 = padding -> (n, m)
    # cosine similarity of the masked-mean title embeddings
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 16, padding_idx=0)
    def pool(self, t):
        return self.emb(t).sum(1) / (t != 0).sum(1, keepdim=True)
    def forward(self, a, b):
        ea, eb = self.pool(a), self.pool(b)
        ea = ea / ea.norm(dim=-1, keepdim=True)
        eb = eb / eb.norm(dim=-1, keepdim=True)
        return ea @ eb.t()

class Loans(torch.nn.Module):
    # weekly loans (n, weeks) -> (n, 8) forecast of the next 8 weeks: the same weeks a year ago,
    # scaled by the year-on-year change of the last 4 weeks
    def forward(self, x):
        growth = x[:, -4:].sum(1) / x[:, -56:-52].sum(1)
        return x[:, -52:-44] * growth[:, None]

class Dating(torch.nn.Module):
    # paper and ink features (n, 4), terminus post quem (n,) Gregorian year 1400..1999 -> (n,)
    # estimated year: the terminus plus up to 60 years, with a per-decade prior
    def __init__(self):
        super().__init__()
        self.decade = torch.nn.Embedding(DECADES, 4)
        self.feat = torch.nn.Linear(4, 4)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, feats, tpq):
        d = self.decade(torch.div(tpq - 1400, 10, rounding_mode="floor"))
        x = torch.cat([torch.tanh(self.feat(feats)), d], -1)
        return tpq + 60.0 * torch.sigmoid(self.head(x).squeeze(-1))

class Damage(torch.nn.Module):
    # RGB scan patches (n, 3, 64, 64) 0..1 -> (n, 3) share of the patch with foxing (brown spots),
    # mould (greenish) and tears (backlit, near white)
    def forward(self, x):
        r, g, b = x[:, 0], x[:, 1], x[:, 2]
        bright = x.mean(1)
        foxing = ((r - b) > 0.12) & (bright < 0.8) & (bright > 0.3)
        mould = (g - r) > 0.08
        tear = bright > 0.97
        return torch.stack([foxing, mould, tear], 1).float().mean((2, 3))
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n = Dim("pages", min=1, max=256)
build("layout147", Layout().eval(), (pages(4),), dynamic_shapes=({0: n},))
p, ln = Dim("pages", min=1, max=512), Dim("lines", min=1, max=200)
build("ocrq147", OcrQuality().eval(), ocr(4, 30), dynamic_shapes=({0: p, 1: ln}, {0: p, 1: ln}))
r = Dim("records", min=1, max=1024)
build("shelf147", Shelf().eval(), records(8), dynamic_shapes=({0: r}, {0: r}, {0: r}))
a, b = Dim("new", min=1, max=4096), Dim("catalogue", min=1, max=500000)
la, lb = Dim("title_new", min=2, max=64), Dim("title_cat", min=2, max=64)
build("dedup147", Dedup().eval(), (titles(8, 12), titles(16, 10)),
      dynamic_shapes=({0: a, 1: la}, {0: b, 1: lb}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import io, json, math, os, zipfile, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
br, wk = Dim("branches", min=1, max=64), Dim("weeks", min=56, max=520)
build("loans147", Loans().eval(), (loans(4, 104),), dynamic_shapes=({0: br, 1: wk},))
d = Dim("items", min=1, max=1024)
build("dating147", Dating().eval(), paper_ink(8), dynamic_shapes=({0: d}, {0: d}))
pt = Dim("patches", min=1, max=256)
build("damage147", Damage().eval(), (patches(4, foxed=(1,)),), dynamic_shapes=({0: pt},))
# the dating model's retrained weights as the digitisation lab's GPU workstation saved them: a
# torch.save of a state_dict of CUDA tensors (written here by relabelling the storages' location,
# as this machine has no GPU)
buf = io.BytesIO()
torch.save(Dating().state_dict(), buf)
src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
paths["dating_gpu_ckpt"] = os.path.join(out, "dating_retrained_gpu.pt")
with zipfile.ZipFile(paths["dating_gpu_ckpt"], "w") as dst:
    for item in src.infolist():
        data = src.read(item.filename)
        if item.filename.endswith("data.pkl"):
            data = data.replace(b"X\\x03\\x00\\x00\\x00cpu", b"X\\x06\\x00\\x00\\x00cuda:0")
        dst.writestr(item.filename, data)
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"layout147", "ocrq147", "shelf147", "dedup147", "loans147", "dating147", "damage147",
         "loans_conda147"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)
# _d: a child that uses the setup packages and the example-data helpers (DATA)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "julian-calendar-switch-python-if", "export_failure", "export", """
class CalendarDating(Dating):
    # the archivist's fix for English records: before 1752 the terminus is an Old Style (Julian)
    # year, so the model converts it when any item of the batch predates the switch
    def forward(self, feats, tpq):
        if (tpq < 1752).any():
            tpq = tpq + 1
        return super().forward(feats, tpq)
ep = torch.export.export(CalendarDating().eval(), paper_ink(8))
""", "The dating model converts Old Style (Julian) years with a Python if on whether any terminus "
       "of the batch predates 1752, control flow on tensor data that torch.export cannot trace.",
       "Convert with torch.where(tpq < 1752, tpq + 1, tpq) inside the model (or before the call).",
       match=r".")


def case_02():
    return _m("case_02", "mets-page-count-python-range", "export_failure", "export", """
class VolumeLayout(Layout):
    # the METS-driven wrapper: classify the volume's pages one by one up to the page count that
    # the METS file gives (passed in as a tensor)
    def forward(self, page, page_count):
        return torch.cat([super(VolumeLayout, self).forward(page[i:i + 1])
                          for i in range(int(page_count))])
ep = torch.export.export(VolumeLayout().eval(), (pages(4), torch.tensor(3)))
""", "The METS-driven layout wrapper loops in Python over range(int(page_count)), the page count "
       "of the METS file passed as a tensor, a loop whose length depends on input data, which "
       "torch.export cannot trace.", "Pass only the pages to classify (their number is the "
       "batch size) and drop the Python loop.", match=r".")


def case_03():
    return _m("case_03", "reocr-page-numbers-returned-as-list", "export_failure", "export", """
class ReOcrList(OcrQuality):
    # the digitisation workflow wants the page numbers to send back to OCR, as a Python list
    def forward(self, conf, chars):
        q = super().forward(conf, chars)
        return q, torch.nonzero(q[:, 0] < 0.85).squeeze(1).tolist()
ep = torch.export.export(ReOcrList().eval(), ocr(4, 30))
""", "The OCR quality model returns the page numbers to re-OCR as a Python list (tolist of "
       "nonzero), a data-dependent number of Python ints that torch.export cannot trace.",
       "Return the boolean re-OCR mask as a tensor and build the list after the call.",
       match=r".")


def case_04():
    return _m("case_04", "single-leaf-broadside-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the example is the broadside the workflow was tested on: one leaf, a single page
p, ln = Dim("pages", min=1, max=512), Dim("lines", min=1, max=200)
ep = torch.export.export(OcrQuality().eval(), ocr(1, 30), dynamic_shapes=({0: p, 1: ln}, {0: p, 1: ln}))
""", "The OCR quality model is exported with a single-leaf broadside (one page) as the example, "
       "so the pages dimension, declared dynamic, is specialised to the constant 1.",
       "Export with an example of at least two pages.",
       match=r"pages|specializ|Constraints|constant|1")


def case_05():
    return _m("case_05", "pilot-branch-one-year-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the example is the pilot branch's first year of weekly loans
br, wk = Dim("branches", min=1, max=64), Dim("weeks", min=56, max=520)
ep = torch.export.export(Loans().eval(), (loans(1, 52),), dynamic_shapes=({0: br, 1: wk},))
""", "The loan forecast is exported with the pilot branch's first year (52 weeks) as the example, "
       "below the weeks Dim's min=56 that the year-on-year slices need, so export refuses the "
       "dynamic-shapes specification.", "Export with an example of at least 56 weeks (two "
       "years of loans).", match=r"weeks|range|min|Constraints|52|56")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_06():
    return _d("case_06", "colour-scans-into-grayscale-layout", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{layout147}")
# the new overhead scanner delivers colour (RGB) thumbnails
p = m(pages(4, c=3))
""", "The new overhead scanner delivers RGB thumbnails (pages, 3, 96, 64), while the layout "
       "package was exported for grayscale pages (pages, 1, 96, 64).", "Convert the scans to "
       "grayscale (mean over the channels, keepdim) before the call.", needs=("r",), env=CHECK,
       match=r"dim|size|shape")


def case_07():
    return _d("case_07", "two-page-spread-thumbnails", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{layout147}")
# the book cradle photographs the open volume: each image is a two-page spread
p = m(pages(4, w=128))
""", "The book cradle photographs each opening as a two-page spread, so the thumbnails are "
       "(pages, 1, 96, 128) while the layout package was exported for single pages (96 x 64).",
       "Split each spread into its verso and recto pages before the call.", needs=("r",),
       env=CHECK, match=r"dim|size|shape")


def case_08():
    return _d("case_08", "eight-bit-scan-thumbnails-uint8", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{layout147}")
# the thumbnails are read straight from the 8-bit JPEG derivatives
p = m((pages(4) * 255).to(torch.uint8))
""", "The thumbnails are read straight from the 8-bit JPEG derivatives as uint8, while the "
       "layout package was exported for float32 pages in 0..1.", "Convert with .float() / 255 "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|type")


def case_09():
    return _d("case_09", "five-subject-headings-per-record", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{shelf147}")
# the MARC export keeps every 650 field: the rare-book records carry five subject headings
_, collection, dewey = records(8)
p = m(torch.randint(0, SUBJECTS, (8, 5)), collection, dewey)
""", "The MARC export keeps every 650 field, so the rare-book records carry five subject "
       "headings (records, 5), while the shelf package was exported for three (records, 3).",
       "Keep the first three subject headings (or export a model for five).", needs=("r",),
       env=CHECK, match=r"dim|size|shape")


def case_10():
    return _d("case_10", "paper-features-float64-from-pandas", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{dating147}")
# the conservation lab's measurements come from a pandas sheet: float64 columns
feats, tpq = paper_ink(8)
y = m(torch.from_numpy(feats.numpy().astype(np.float64)), tpq)
""", "The conservation lab's paper and ink measurements come from a pandas sheet as float64, "
       "while the dating package was exported for float32 features.", "Convert the features "
       "to float32 before the call.", needs=("s",), env=CHECK, match=r"dtype|type")


def case_11():
    return _d("case_11", "microfilm-grayscale-patches-into-damage", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{damage147}")
# the volumes only survive on microfilm: the patches are grayscale
d = m(patches(4).mean(1, keepdim=True))
""", "The volumes survive only on microfilm, so the scan patches are grayscale (patches, 1, 64, "
       "64) while the damage package was exported for RGB patches (patches, 3, 64, 64).",
       "Run the damage model on colour scans only (microfilm has no colour to detect foxing "
       "or mould).", needs=("s",), env=CHECK, match=r"dim|size|shape")


def case_12():
    return _d("case_12", "title-tokens-int32-from-parquet", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dedup147}")
# the catalogue's title tokens are stored in a parquet column as int32
a, b = titles(8, 12), titles(64, 12)
s = m(a.to(torch.int32), b.to(torch.int32))
""", "The catalogue's title tokens come from a parquet column stored as int32, while the "
       "deduplication package was exported for int64 token ids.", "Convert the tokens to int64 "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|type")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _d("case_13", "newspaper-page-four-hundred-lines", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ocrq147}")
# a broadsheet newspaper page: eight columns of 50 lines
conf, chars = ocr(2, 400)
q = m(conf, chars)
""", "A broadsheet newspaper page has eight columns of 50 lines, 400 OCR lines, above the most "
       "the OCR quality package accepts (its lines Dim was declared with max=200).",
       "Score newspaper pages column by column (or export with a larger max).", needs=("r",),
       env=CHECK, match=r"too large|range|bound|<=")


def case_14():
    return _d("case_14", "new-branch-thirty-weeks-of-loans", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{loans147}")
# the two new branch libraries opened 30 weeks ago
f = m(loans(2, 30))
""", "The two new branch libraries opened 30 weeks ago, below the shortest loan history the forecast "
       "package accepts (its weeks Dim was declared with min=56).", "Forecast young branches "
       "with a fallback until they have 56 weeks of loans.", needs=("s",), env=CHECK,
       match=r"too small|range|bound|>=")


def case_15():
    return _d("case_15", "nineteenth-century-long-title", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dedup147}")
# a 19th-century title page transcribed in full: 80 title tokens
a = titles(2, 80)
a[:, 70:] = torch.randint(1, VOCAB, (2, 10))
s = m(a, titles(64, 12))
""", "The new records transcribe 19th-century title pages in full, 80 title tokens, above the "
       "longest title the deduplication package accepts (its title Dim was declared with "
       "max=64).", "Truncate titles to 64 tokens (the main title) before the call.",
       needs=("r",), env=CHECK, match=r"too large|range|bound|<=")


def case_16():
    return _d("case_16", "whole-volume-six-hundred-pages", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{layout147}")
# the whole digitised volume in one call: 600 pages
p = m(pages(600))
""", "The whole digitised volume, 600 pages, is sent in one call, above the most pages the "
       "layout package accepts (its pages Dim was declared with max=256).", "Classify the "
       "volume in batches of at most 256 pages.", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


# -------------------------------------------------------------------- run: indices
def case_17():
    return _d("case_17", "subject-heading-added-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{shelf147}")
subjects, collection, dewey = records(8)
subjects[2, 1] = 180                      # "Climate change adaptation", added to the list this month
p = m(subjects, collection, dewey)
""", "A new subject heading (id 180) was added to the heading list after export, outside the "
       "shelf package's 180-row subject embedding (0..179).", "Re-train and re-export the shelf "
       "model with the new heading.", needs=("r",), match=r"out of bounds|index|Abort")


def case_18():
    return _d("case_18", "full-dewey-number-as-class", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{shelf147}")
subjects, collection, _ = records(6)
dewey = torch.tensor([823, 942, 516, 781, 20, 301])   # the Dewey number of the call number
p = m(subjects, collection, dewey)
""", "The call numbers' whole Dewey numbers (823, 942, ...) are passed instead of the hundreds "
       "class (0..9), so they index past the shelf package's 10-row Dewey embedding.",
       "Pass the hundreds class (dewey // 100) before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_19():
    return _d("case_19", "julian-day-numbers-as-years", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dating147}")
feats, _ = paper_ink(4)
# the archive's date field is stored as Julian Day Numbers (1 January 1650 = 2323807)
tpq = torch.tensor([2323807, 2378497, 2268924, 2415021])
y = m(feats, tpq)
""", "The archive's date field stores the terminus post quem as Julian Day Numbers, not "
       "Gregorian years, so the decade index (jdn - 1400) // 10 is far past the dating "
       "package's 60-decade prior.", "Convert the Julian Day Numbers to Gregorian years before "
       "the call.", needs=("s",), match=r"out of bounds|index|Abort")


def case_20():
    return _d("case_20", "ils-collection-codes-as-indices", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{shelf147}")
subjects, _, dewey = records(6)
collection = torch.tensor([101, 105, 230, 101, 412, 230])   # the ILS's collection codes
p = m(subjects, collection, dewey)
""", "The library system's collection codes (101, 230, 412, ...) are passed instead of the "
       "model's collection indices 0..7, so they index past the shelf package's 8-row "
       "collection embedding.", "Map the ILS collection codes to the model's indices before "
       "the call.", needs=("r",), match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_21():
    return _d("case_21", "tesseract-confidence-in-percent", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ocrq147}")
conf, chars = ocr(4, 30)
q = m(conf * 100.0, chars)                # Tesseract reports confidences as 0..100
assert ((q[:, 0] >= 0) & (q[:, 0] <= 1)).all(), f"page quality: {q[:, 0]}"
""", "Tesseract reports line confidences in percent (0..100), not 0..1, so the page quality "
       "scores are about 90 and no line counts as weak, without an error.", "Divide the "
       "confidences by 100 before the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _d("case_22", "blank-endpaper-no-ocr-lines", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ocrq147}")
conf, chars = ocr(4, 30)
conf[3], chars[3] = 0.0, 0.0              # the blank endpaper: OCR found no text on it
q = m(conf, chars)
assert torch.isfinite(q).all(), f"page quality: {q[:, 0]}"
""", "The volume's blank endpaper has no OCR text, so its character count is 0 and the "
       "character-weighted confidence is 0/0 = NaN, without an error.", "Skip blank pages "
       "(chars.sum(1) == 0) before the call.", needs=("r",), match=r"AssertionError")


def case_23():
    return _d("case_23", "branch-closed-for-refurbishment-last-year", "numerical", "run", """
m = torch._inductor.aoti_load_package("{loans147}")
x = loans(4, 104)
x[2, -56:-40] = 0.0                       # branch 2 was closed for refurbishment a year ago
f = m(x)
assert torch.isfinite(f).all(), f"forecast of branch 2: {f[2]}"
""", "Branch 2 was closed for refurbishment a year ago, so its loans in the same weeks last "
       "year are 0 and the year-on-year growth is a division by zero (inf / NaN forecast), "
       "without an error.", "Fill closed weeks (or forecast those branches without the "
       "year-on-year ratio).", needs=("s",), match=r"AssertionError")


def case_24():
    return _d("case_24", "sixteen-bit-tiff-masters", "numerical", "run", """
m = torch._inductor.aoti_load_package("{damage147}")
# the preservation masters are 16-bit TIFFs: values 0..65535, converted with .float()
x = (patches(2) * 65535.0).round()
d = m(x)
# two clean pages: no tear may be found
assert (d[:, 2] < 0.05).all(), f"tear share: {d[:, 2]}"
""", "The preservation masters are 16-bit TIFFs whose values (0..65535) are converted with "
       ".float() without scaling to 0..1, so every pixel is brighter than the tear threshold "
       "and two clean pages are reported as torn, without an error.", "Divide 16-bit scans "
       "by 65535 before the call.", needs=("s",), match=r"AssertionError")


def case_25():
    return _d("case_25", "untitled-record-all-padding", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dedup147}")
a, b = titles(4, 12), titles(64, 12)
a[1] = 0                                  # an untitled photograph record: no title tokens
s = m(a, b)
assert torch.isfinite(s).all(), f"similarities of the untitled record: {s[1, :4]}"
""", "An untitled photograph record has no title tokens (all padding), so its masked mean is "
       "0/0 and its similarities to the catalogue are NaN, without an error.", "Skip records "
       "without title tokens (or give them a placeholder title) before the call.",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_26():
    return _d("case_26", "word2vec-subject-vectors-pushed-as-numpy", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{shelf147}")
# the subject vectors retrained with gensim's Word2Vec on the catalogue's heading strings:
# wv.vectors is a float32 numpy array (180, 8), pushed into the package as is
vectors = np.random.rand(SUBJECTS, 8).astype(np.float32)
m.load_constants({"subj.weight": vectors}, check_full_update=False)
subjects, collection, dewey = records(8)
p = m(subjects, collection, dewey)
""", "The subject vectors retrained with gensim's Word2Vec are pushed with load_constants as its "
       "numpy array (wv.vectors), not as a tensor.", "Convert the vectors with "
       "torch.from_numpy before load_constants.", needs=("r",),
       match=r"[Cc]onstant|Tensor|tensor|numpy|ndarray|incompatible")


def case_27():
    return _d("case_27", "retrained-title-encoder-renamed-attribute", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dedup147}")
# the cataloguing team's retrained TitleEncoder calls its embedding `vocab`, not `emb`
new = {"vocab.weight": torch.randn(VOCAB, 16)}
m.load_constants(new, check_full_update=True)
s = m(titles(4, 12), titles(64, 12))
""", "The retrained weights come from the cataloguing team's TitleEncoder, whose embedding is "
       "named 'vocab', so the pushed key 'vocab.weight' names no constant of the package (its "
       "embedding constant is 'emb.weight').", "Rename the keys to the package's constant names "
       "(m.get_constant_fqns()) before load_constants.", needs=("r",),
       match=r"[Cc]onstant|missing|emb|full|vocab")


# ----------------------------------------------------------------- run: resources, device
def case_28():
    return _d("case_28", "new-accessions-against-whole-catalogue", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{dedup147}")
a, b = titles(500, 12), titles(200000, 12)   # this month's accessions against the whole catalogue
# the catalogue server leaves the deduplication job 256 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))
s = m(a, b)
""", "This month's 500 accessions are compared with the whole 200000-record catalogue in one "
       "call, and the 500 x 200000 similarity matrix (400 MB) exceeds the catalogue server's "
       "256 MiB memory margin.", "Compare against the catalogue in blocks of records (or "
       "pre-filter candidates by a blocking key).", needs=("r",), match=r"[Mm]emory|alloc")


def case_29():
    return _d("case_29", "dating-weights-saved-on-gpu-workstation", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dating147}")
# the retrained weights, saved on the digitisation lab's GPU workstation
sd = torch.load("{dating_gpu_ckpt}")
m.load_constants(sd, check_full_update=True)
feats, tpq = paper_ink(8)
y = m(feats, tpq)
""", "The dating model's retrained weights were saved on the digitisation lab's GPU "
       "workstation as CUDA tensors, and the CPU-only catalogue server loads them with "
       "torch.load without map_location.", "Load with torch.load(path, map_location='cpu') "
       "before load_constants.", needs=("s",), match=r"CUDA|cuda|map_location")


def case_30():
    return _m("case_30", "imaging-conda-env-compiler", "compile_toolchain", "compile", """
# run from the imaging team's shell: its conda profile exports the conda cross compiler as CXX
ep = torch.export.export(Loans().eval(), (loans(4, 104),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/loans_conda147.pt2")
""", "The imaging team's shell profile exports CXX=x86_64-conda-linux-gnu-c++ from their conda "
       "environment, a compiler that is not installed on the catalogue server, so AOTI cannot "
       "compile the package.", "Unset CXX (or install the conda compilers) before compiling.",
       env={"CXX": "x86_64-conda-linux-gnu-c++"},
       match=r"x86_64-conda|No such file|not found|CppCompileError|compile")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]

# ------------------------------------------- did not fail in trial 1 / trial 2 (not in CASES)
def tried_01():
    return _m("tried_01", "call-number-strings-parsed-in-forward", "export_failure", "export", """
class CallNumberShelf(Shelf):
    # the systems librarian's wrapper: takes the call numbers as printed on the spine labels
    # ("823.912 WOO") and parses the Dewey hundreds class inside forward
    def forward(self, subjects, collection, call_numbers):
        dewey = torch.tensor([int(c.split(".")[0]) // 100 for c in call_numbers])
        return super().forward(subjects, collection, dewey)
subjects, collection, _ = records(4)
ep = torch.export.export(CallNumberShelf().eval(),
                         (subjects, collection, ["823.912 WOO", "942.05 ELT", "516.3 EUC", "781.6 BEA"]))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/shelf_cn147.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = m(subjects, collection, ["020.1 RAN", "942.05 ELT", "516.3 EUC", "781.6 BEA"])
""", "The shelf wrapper takes the spine labels' call-number strings as an input and parses them "
       "in Python inside forward, so export bakes the example's strings in as constants and the "
       "package cannot take other call numbers.", "Parse the call numbers to Dewey class indices "
       "before the call and pass them as an int64 tensor.",
       match=r"str|call_numbers|input|match|spec")


def tried_02():
    return _d("tried_02", "subject-table-refit-with-new-heading", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{shelf147}")
# the subject embedding refitted with the new heading: 181 rows, pushed without re-exporting
m.load_constants({"subj.weight": torch.randn(SUBJECTS + 1, 8)}, check_full_update=False)
subjects, collection, dewey = records(8)
p = m(subjects, collection, dewey)
""", "The subject embedding is refitted with the new heading (181 rows) and pushed into the "
       "shelf package with load_constants, whose subject constant was compiled with 180 rows.",
       "Re-export and re-compile the model for the new heading list (load_constants cannot "
       "change a constant's shape).", needs=("r",),
       match=r"[Cc]onstant|size|shape|subj|181|180")


def tried_03():
    return _m("tried_03", "closed-weeks-dropped-with-boolean-mask", "export_failure", "export", """
class OpenWeeksLoans(Loans):
    # the branch manager's fix: drop the weeks a branch was closed (0 loans) before forecasting
    def forward(self, x):
        open_weeks = x[x > 0].reshape(x.shape[0], -1)
        return super().forward(open_weeks)
ep = torch.export.export(OpenWeeksLoans().eval(), (loans(4, 104),))
""", "The loan forecast drops the weeks a branch was closed with a boolean mask (x[x > 0]) and "
       "reshapes the rest per branch, a data-dependent number of weeks that torch.export cannot "
       "trace.", "Keep the weeks and mask closed ones (torch.where) instead of dropping them.",
       match=r".")


DROPPED = []
TRIED = [tried_01, tried_02, tried_03]
# TRIED: tried_01 (call-number strings parsed in forward: export took the strings as constants and
# the package compiled, loaded and ran), tried_02 (the subject table refitted with 181 rows pushed
# with load_constants: accepted, and the call ran) and tried_03 (closed weeks dropped with a boolean
# mask and a per-branch reshape: exported) did not fail on torch 2.14.1 (trials 1 and 2).
# DROPPED: none. Changes after trial 1 (see live_blind147.notes.md): case_02 is a third trigger
# (METS page count in a Python range) after tried_01 and tried_03; case_26 is a new trigger
# (Word2Vec numpy vectors pushed with load_constants) in tried_02's place; case_14 sends two
# branches (one branch is below the branches Dim's effective min of 2); case_27's cause sentence
# was reworded (the pushed key names no constant of the package).
# Not written (found by the grep before any trial): OpenCV BGR channel order for foxing colours
# (live_blind78); pin_memory() of the page batch on a CPU-only host (live_blind6, 7, 137, 141);
# torch.set_default_device("cuda") (live_blind5, 83); Python sorted() keyed on tensor values for
# the reading order (live_blind137); a numpy connected-component count of foxing spots
# (live_blind71); torch.unique for record deduplication in forward (live_blind108); the line
# height declared dynamic for other DPIs (live_blind58); accession numbers used as catalogue rows
# (live_blind130); 30522-token BERT ids into a smaller vocabulary (live_blind98).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind147.jsonl",
        url_file="benchmarks/live_blind147.py", id_prefix="live147", stems=STEMS,
        scratch_prefix="live_blind147-", description=__doc__.splitlines()[0]))
