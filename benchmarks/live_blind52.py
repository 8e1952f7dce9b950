"""A fifty-second blind set of REAL AOTInductor failures (time-series forecasting and anomaly detection), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind52.py [--out benchmarks/live_blind52.jsonl] [--keep]

Theme: time-series forecasting and anomaly detection on the way to a package (sliding windows and
lag features built in forward, per-series normalisation statistics, scalers fitted on training
data, missing-value masks and NaN handling, multi-horizon outputs, calendar features as integer
ids, variable history lengths and series counts per request, quantile heads, reconstruction-error
thresholds, and the scheduler that feeds the loaded package every few minutes). No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind51.py (their TRIED lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

def build(name, m, args, kwargs=None, dynamic_shapes=None):
    try:
        ep = torch.export.export(m, args, kwargs, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

class Forecaster(torch.nn.Module):
    # a week of hourly history per series -> the next 24 hours; per-series z-score in the graph
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(168, 24)
    def forward(self, history):
        mu = history.mean(1, keepdim=True)
        sd = history.std(1, keepdim=True)          # no epsilon
        return self.head((history - mu) / sd) * sd + mu

class Calendar(torch.nn.Module):
    # history plus the day-of-week id of the forecast day
    def __init__(self):
        super().__init__()
        self.dow = torch.nn.Embedding(7, 24)
        self.head = torch.nn.Linear(168, 24)
    def forward(self, history, dow):
        return self.head(history) + self.dow(dow)

class Scaled(torch.nn.Module):
    # a scaler fitted on the training data, kept as buffers next to the weights
    def __init__(self):
        super().__init__()
        self.register_buffer("scaler_mean", torch.full((10,), 3.0))
        self.register_buffer("scaler_scale", torch.full((10,), 2.0))
        self.head = torch.nn.Linear(10, 3)
    def forward(self, x):
        return self.head((x - self.scaler_mean) / self.scaler_scale)

series = Dim("series", min=2, max=64)
build("fc52", Forecaster(), (torch.randn(8, 168),), dynamic_shapes=({0: series},))
build("cal52", Calendar(), (torch.randn(8, 168), torch.randint(0, 7, (8,))),
      dynamic_shapes=({0: series}, {0: series}))
build("scal52", Scaled(), (torch.randn(4, 10),))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"fc52", "cal52", "scal52", "win52", "hz52", "rq52", "cm52", "lsq52", "mc52", "ae52",
         "nm52", "roll52", "ts52"}

PRE = "import torch\n"

FC = """
class Forecaster(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(168, 24)
    def forward(self, history):
        mu = history.mean(1, keepdim=True)
        sd = history.std(1, keepdim=True)
        return self.head((history - mu) / sd) * sd + mu
torch.manual_seed(0)
eager = Forecaster()
"""


_c = harness.case_makers("", PRE)[0]


DD = r"data-dependent|GuardOnDataDependent|Could not guard|Could not extract"


# ------------------------------------------------------------------------- export phase
def case_01():
    return _c("case_01", "sliding-window-any-history", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Windows(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(24, 8)
    def forward(self, history):
        w = history.unfold(1, 24, 12)            # daily windows, half a day apart
        return self.enc(w).mean(1)
ep = torch.export.export(Windows(), (torch.randn(4, 168),),
                         dynamic_shapes=({1: Dim("hours")},))
""", "Half-day-strided daily windows (unfold(1, 24, 12)) are cut from a history whose length "
       "is declared fully dynamic (a Dim with the default range); the window count adds a minimum "
       "length and divisibility guards that the declared range does not satisfy.",
       "Pad or trim the history to one fixed window length in the scheduler and export that length "
       "static (or give the Dim the range and step the guards ask for).",
       match=r"Constraints violated|range|min")


def case_02():
    return _c("case_02", "calendar-length-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class WithCalendar(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.hour = torch.nn.Embedding(24, 1)
    def forward(self, history, hour_ids):
        return history + self.hour(hour_ids).squeeze(-1)   # hour-of-day offset per step
ep = torch.export.export(WithCalendar(), (torch.randn(4, 168), torch.randint(0, 24, (4, 168))),
                         dynamic_shapes=({1: Dim("hist_len")}, {1: Dim("cal_len")}))
""", "The history and its hour-of-day id tensor get separate length Dims, but forward adds them "
       "step by step, so export finds the two lengths must be equal and rejects the spec.",
       "Use one shared Dim object for both time axes.",
       match=r"Constraints violated|cal_len|hist_len")


def case_03():
    return _c("case_03", "rollout-steps-from-length", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Rollout(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.step = torch.nn.Linear(24, 24)
    def forward(self, history):
        horizon = history.shape[1] // 24          # forecast as many days as the history holds
        state, outs = history[:, -24:], []
        for _ in range(horizon):
            state = torch.tanh(self.step(state))
            outs.append(state)
        return torch.cat(outs, 1)
ep = torch.export.export(Rollout(), (torch.randn(4, 168),),
                         dynamic_shapes=({1: Dim("hours", min=24, max=720)},))
""", "The autoregressive rollout runs a Python loop whose trip count comes from the dynamic "
       "history length, so export specialises the length to the example's 168 and the declared "
       "range is violated.",
       "Make the horizon a fixed constructor argument (or export one package per horizon) instead "
       "of deriving it from the dynamic history length.",
       match=r"Constraints violated|specializ|specialis")


def case_04():
    return _c("case_04", "trim-leading-missing", "export_failure", "export", """
class Trim(torch.nn.Module):
    def forward(self, history, missing):
        n = int(missing[0].int().argmin())       # leading missing readings of the series
        return history[:, n:].mean(1)
ep = torch.export.export(Trim(), (torch.randn(1, 168), torch.zeros(1, 168, dtype=torch.bool)))
""", "forward trims the leading missing readings with a slice start taken from int() of a tensor, "
       "a data-dependent value that torch.export cannot trace into a shape.",
       "Keep the shape static: mask the missing readings (masked mean) instead of slicing them off.",
       match=DD + r"|unbacked|u0")


def case_05():
    return _c("case_05", "lags-from-buffer", "export_failure", "export", """
class Lags(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("lags", torch.tensor([1, 24, 168]))   # chosen on the training data
    def forward(self, history):
        feats = [torch.roll(history, int(l), dims=1) for l in self.lags]
        return torch.stack(feats, -1)
ep = torch.export.export(Lags(), (torch.randn(4, 336),))
""", "The lag offsets live in a buffer and are read with int() in forward; buffers are traced as "
       "fake tensors, so each lag is a data-dependent value torch.export cannot use as a shift.",
       "Keep the lags as a Python tuple of ints on the module (they are configuration, not data).",
       match=DD + r"|unbacked|u0")


def case_06():
    return _c("case_06", "anomaly-alarm-branch", "export_failure", "export", """
class Detector(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(48, 8)
        self.dec = torch.nn.Linear(8, 48)
        self.threshold = 0.8
    def forward(self, window):
        err = (self.dec(self.enc(window)) - window).pow(2).mean(1)
        if err.max() > self.threshold:             # page on-call only for real anomalies
            return err, torch.ones(())
        return err, torch.zeros(())
ep = torch.export.export(Detector(), (torch.randn(16, 48),))
""", "The autoencoder branches in Python on whether the reconstruction error crosses the "
       "threshold, data-dependent control flow that torch.export cannot trace.",
       "Return the flag as a tensor ((err.max() > threshold).float()) or use torch.cond.",
       match=DD)


def case_07():
    return _c("case_07", "timestamp-argument", "export_failure", "export", """
import datetime
class Seasonal(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dow = torch.nn.Embedding(7, 24)
    def forward(self, history, now):
        return history[:, -24:] + self.dow.weight[now.weekday()]
ep = torch.export.export(Seasonal(), (torch.randn(4, 168), datetime.datetime(2026, 3, 2, 9)))
""", "forward takes the forecast time as a datetime.datetime argument, which torch.export cannot "
       "take as an input (only tensors, scalars and pytree containers).",
       "Compute the calendar id in the scheduler and pass it as an int64 tensor.",
       match=r"datetime|not a known type|Unsupported|unsupported")


def case_08():
    return _c("case_08", "logging-batch-mean", "export_failure", "export", """
import logging
log = logging.getLogger("forecaster")
class Forecaster(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(168, 24)
    def forward(self, history):
        log.info("request mean %.3f", float(history.mean()))   # drift monitoring
        return self.head(history)
ep = torch.export.export(Forecaster(), (torch.randn(4, 168),))
""", "forward converts the batch mean to a Python float for a drift log line; that is a "
       "data-dependent value torch.export cannot produce.",
       "Log the statistic in the scheduler (or return it as a tensor output).",
       match=DD)


def case_09():
    return _c("case_09", "quantile-index-from-length", "dynamic_shape_guard", "export", """
from torch.export import Dim
class P90(torch.nn.Module):
    def forward(self, err):
        k = int(0.9 * err.shape[1])               # the 90th percentile of the window's errors
        return err.sort(1).values[:, k]
ep = torch.export.export(P90(), (torch.randn(4, 100),),
                         dynamic_shapes=({1: Dim("steps", min=10, max=1000)},))
""", "The percentile index is int() of a float times the dynamic window length, which export "
       "cannot keep symbolic, so it specialises the length and the declared range is violated.",
       "Use integer arithmetic on the size ((err.shape[1] * 9) // 10) or torch.quantile.",
       match=r"Constraints violated|specializ|specialis|guard")


def case_10():
    return _c("case_10", "scaler-as-numpy", "export_failure", "export", """
import numpy as np
class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mean_ = np.full(10, 3.0)               # copied from the fitted StandardScaler
        self.scale_ = np.full(10, 2.0)
        self.head = torch.nn.Linear(10, 3)
    def forward(self, x):
        return self.head((x - self.mean_) / self.scale_)
ep = torch.export.export(Scaled(), (torch.randn(4, 10),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The scaler's statistics are NumPy arrays copied from the fitted StandardScaler; NumPy's "
       "operator takes over and converts the traced (fake) tensor to an array, which export cannot "
       "do.",
       "Register the statistics as float32 buffers (torch.from_numpy(...).float()).",
       match=r"numpy|tensor subclasses")


def case_11():
    return _c("case_11", "series-kwarg-spec-name", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Forecaster(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(168, 24)
    def forward(self, history):
        return self.head(history)
ep = torch.export.export(Forecaster(), (torch.randn(8, 168),),
                         dynamic_shapes={"series_history": {0: Dim("series")}})
""", "The dynamic_shapes dict is keyed by the scheduler's field name, not the forward argument "
       "name, so export refuses the specification.",
       "Key dynamic_shapes by forward's parameter name (history) or pass a tuple.",
       match=r"dynamic_shapes|series_history")


def case_12():
    return _c("case_12", "missing-count-per-series", "export_failure", "export", """
class Impute(torch.nn.Module):
    def forward(self, history):
        mask = torch.isfinite(history)
        out = []
        for row, ok in zip(history, mask):
            out.append(row[ok].mean())          # mean of the observed readings
        return torch.stack(out)
ep = torch.export.export(Impute(), (torch.randn(4, 168),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "Per-series boolean masking gives a data-dependent number of observed readings.",
       "Use a masked sum divided by the mask count.", match=r".")


# ------------------------------------------------------------------------ compile phase
def case_13():
    return _c("case_13", "trend-lstsq", "export_failure", "export", """
class Trend(torch.nn.Module):
    def forward(self, history):
        t = torch.arange(history.shape[1], dtype=history.dtype)
        A = torch.stack([t, torch.ones_like(t)], 1)
        coef = torch.linalg.lstsq(A, history.t()).solution     # slope and level per series
        return coef.t()
ep = torch.export.export(Trend(), (torch.randn(4, 168),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lsq52.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(4, 168)))
""", "The per-series linear trend is fitted with torch.linalg.lstsq in forward; its outputs "
       "(rank, residuals) have data-dependent shapes, so torch.export cannot trace the op.",
       "Fit the trend in closed form (the normal equations with torch.linalg.solve on the 2x2 "
       "system, or the slope formula from sums of t and t*y).",
       match=r"DynamicOutputShapeException|lstsq")


def case_14():
    return _c("case_14", "running-peak-drawdown", "unsupported", "compile", """
class Drawdown(torch.nn.Module):
    def forward(self, history):
        peak = torch.cummax(history, 1).values
        return (history - peak) / peak
ep = torch.export.export(Drawdown(), (torch.randn(4, 168),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cm52.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(4, 168)).shape)
""", "Running peak with cummax.", "Use a scan.", match=r".")


def case_15():
    return _c("case_15", "mc-dropout-quantiles", "numerical", "run", """
class MC(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(168, 24)
    def forward(self, history):
        draws = torch.stack([self.head(torch.nn.functional.dropout(history, 0.2, True))
                             for _ in range(32)])
        return torch.quantile(draws, torch.tensor([0.1, 0.5, 0.9]), dim=0)
torch.manual_seed(0)
m0 = MC()
x = torch.randn(4, 168)
ep = torch.export.export(m0, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mc52.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.manual_seed(1)
a = m(x)
torch.manual_seed(1)
b = m(x)
torch.testing.assert_close(a, b)   # the nightly regression test expects repeatable bands
""", "Monte-Carlo dropout quantile bands.", "Seed.", match=r".")


def case_16():
    return _c("case_16", "threshold-from-training-errors", "numerical", "run", """
class Detector(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(48, 4)
        self.dec = torch.nn.Linear(4, 48)
        self.register_buffer("threshold", torch.tensor(0.0))
    def forward(self, window):
        err = (self.dec(self.enc(window)) - window).pow(2).mean(1)
        return err > self.threshold
torch.manual_seed(0)
det = Detector()
ep = torch.export.export(det, (torch.randn(16, 48),))      # exported before calibration
with torch.no_grad():
    det.threshold.fill_(10.0)                               # 99.9th pct of training errors
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ae52.pt2")
m = torch._inductor.aoti_load_package(pkg)
normal = torch.randn(16, 48)
flags = m(normal)
assert not flags.any(), f"{int(flags.sum())} of 16 normal windows flagged as anomalies"
""", "The threshold buffer is filled in after torch.export.export, so the exported program "
       "still holds the uncalibrated threshold 0 and the package flags every window.",
       "Calibrate the threshold before exporting (or export again after calibration).",
       match=r"flagged as anomalies")


def case_17():
    return _c("case_17", "nan-aware-median-fill", "unsupported", "compile", """
class Fill(torch.nn.Module):
    def forward(self, history):
        med = torch.nanquantile(history, 0.5, dim=1, keepdim=True)
        return torch.where(torch.isnan(history), med, history)
ep = torch.export.export(Fill(), (torch.randn(4, 168),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nm52.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(4, 168)).shape)
""", "NaN-aware median imputation.", "Use a masked mean.", match=r".")


def case_18():
    return _c("case_18", "roll-by-hour-offset", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Align(torch.nn.Module):
    def forward(self, history, offset):
        return torch.roll(history, offset.shape[0], dims=1)   # shift by the site's UTC offset
ep = torch.export.export(Align(), (torch.randn(4, 168), torch.zeros(3)),
                         dynamic_shapes=({1: Dim("hours", min=24, max=720)}, {0: Dim("tz", min=0, max=12)}))
""", "Site offset via a tensor length.", "Pass an int.", match=r".")


# ---------------------------------------------------------------- run phase (the scheduler)
def case_19():
    return _c("case_19", "window-grew-by-one", "input_mismatch", "run", FC + """
m = torch._inductor.aoti_load_package("{fc52}")
history = torch.randn(8, 169)       # the scheduler appended the newest reading, no trim
got = m(history)
with torch.no_grad():
    want = eager(history[:, -168:])
torch.testing.assert_close(got, want)
""", "The scheduler appends the newest reading and passes 169 hours to a package compiled for "
       "exactly 168; AOTI does not check the length, so the kernels read the rows with the wrong "
       "stride and the forecast is silently wrong.",
       "Trim the history to the compiled window (history[:, -168:]) before calling the package, "
       "or set AOTI_RUNTIME_CHECK_INPUTS=1 while testing.",
       needs=("r",), match=r"Mismatched elements|not close")


def case_20():
    return _c("case_20", "fleet-over-series-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fc52}")
m(torch.randn(100, 168))            # the fleet grew past the 64 series exported for
""", "The scheduler sends 100 series to a package whose series Dim was exported with max=64; "
       "the runtime input check rejects the size.",
       "Export with a larger series maximum, or split the request into chunks of at most 64 series.",
       needs=("r",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large|expected to be <=")


def case_21():
    return _c("case_21", "pandas-float64-history", "input_mismatch", "run", FC + """
import numpy as np
m = torch._inductor.aoti_load_package("{fc52}")
values = np.random.default_rng(0).normal(size=(8, 168))   # DataFrame.to_numpy(): float64
history = torch.from_numpy(values)
got = m(history)
with torch.no_grad():
    want = eager(history.float())
torch.testing.assert_close(got.float(), want)
""", "The scheduler builds the history from a pandas DataFrame (float64) and passes it to a "
       "float32 package; AOTI does not check dtypes, so the bytes are read as float32 and the "
       "forecast is garbage.",
       "Convert to float32 in the scheduler (torch.from_numpy(values).float()).",
       needs=("r",), match=r"Mismatched elements|not close|nan|dtype")


def case_22():
    return _c("case_22", "time-major-pivot", "input_mismatch", "run", FC + """
m = torch._inductor.aoti_load_package("{fc52}")
table = torch.randn(168, 8)        # pivot(index=timestamp, columns=series): hours x series
history = table.t()                # a transposed view, not contiguous
got = m(history)
with torch.no_grad():
    want = eager(history.contiguous())
torch.testing.assert_close(got, want)
""", "The history is a transposed view of an hours-by-series pivot table; the package assumes "
       "the contiguous strides it was compiled for and reads the wrong elements.",
       "Pass history.contiguous() (or pivot with series as rows).",
       needs=("r",), match=r"Mismatched elements|not close")


def case_23():
    return _c("case_23", "numpy-window-to-package", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{fc52}")
window = np.random.default_rng(0).normal(size=(8, 168)).astype(np.float32)
print(m(window))                   # the feature store hands back NumPy
""", "The scheduler passes a NumPy array straight to the loaded package, which takes only "
       "tensors.",
       "Wrap it with torch.from_numpy(window) before the call.",
       needs=("r",), match=r"inputs vector size|Tensor")


def case_24():
    return _c("case_24", "history-as-keyword", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fc52}")
print(m(series_history=torch.randn(8, 168)))
""", "The scheduler calls the package with a keyword named after its own field, not forward's "
       "parameter name, so the inputs do not match the exported input structure.",
       "Call with forward's parameter name (history=...) or positionally.",
       needs=("r",), match=r"keyword mismatch|series_history")


def case_25():
    return _c("case_25", "flatline-sensor-no-eps", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fc52}")
history = torch.randn(8, 168)
history[3] = 21.5                   # a stuck sensor reports the same value all week
fc = m(history)
bad = (~torch.isfinite(fc)).any(1).nonzero().flatten().tolist()
assert not bad, f"non-finite forecast for series {bad}"
""", "The per-series z-score divides by the standard deviation without an epsilon, so a flat "
       "(stuck-sensor) series gives 0/0 and a NaN forecast.",
       "Add an epsilon (sd.clamp_min(1e-6)) or route constant series to a naive forecast.",
       needs=("r",), match=r"non-finite forecast")


def case_26():
    return _c("case_26", "isoweekday-ids", "index_out_of_bounds", "run", """
import datetime
m = torch._inductor.aoti_load_package("{cal52}")
day = datetime.date(2026, 3, 8)     # a Sunday
dow = torch.full((8,), day.isoweekday())   # 1..7, Sunday is 7
print(m(torch.randn(8, 168), dow))
""", "The scheduler encodes the day of week with isoweekday() (1..7) but the embedding was "
       "trained on weekday() (0..6), so Sunday's id 7 is out of the 7-row table.",
       "Use date.weekday() (0..6), the encoding the model was trained with.",
       needs=("r",), match=r"out of bounds|index")


def case_27():
    return _c("case_27", "int32-calendar-ids", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{cal52}")
dow = torch.from_numpy(np.array([0, 1, 2, 3, 4, 5, 6, 6], dtype=np.int32))   # .dt.dayofweek
history = torch.randn(8, 168)
got = m(history, dow)
ref = m(history, dow.long())
torch.testing.assert_close(got, ref)
""", "The day-of-week ids arrive as int32 (pandas .dt.dayofweek through NumPy) while the package "
       "was compiled for int64 ids; AOTI does not check dtypes, so pairs of int32 ids are read as "
       "one int64 and the embedding lookup sees an id far outside 0..6.",
       "Cast the ids to int64 (dow.long()) before calling the package.",
       needs=("r",), match=r"out of bounds|Mismatched elements|not close")


def case_28():
    return _c("case_28", "refit-scaler-sklearn-names", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{scal52}")
refit = {"mean_": torch.full((10,), 2.5), "scale_": torch.full((10,), 1.5)}   # nightly refit
m.load_constants(refit, check_full_update=False)
print(m(torch.randn(4, 10)))
""", "The nightly job pushes the refitted scaler into the package under the sklearn attribute "
       "names (mean_, scale_), which are not the package's constant names.",
       "Use the package's constant names (scaler_mean, scaler_scale; see "
       "m.get_constant_fqns()).",
       needs=("r",), match=r"Constant not found")


def case_29():
    return _c("case_29", "refit-scaler-more-features", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{scal52}")
refit = {"scaler_mean": torch.full((12,), 2.5), "scaler_scale": torch.full((12,), 1.5)}
m.load_constants(refit, check_full_update=False, user_managed=False)
print(m(torch.randn(4, 10)))
""", "The refitted scaler has 12 features (two new sensors) but the package's constants have 10.",
       "Re-export the model for the new feature set.", needs=("r",), match=r".")


def case_30():
    return _c("case_30", "scheduler-extra-horizon-arg", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fc52}")
print(m(torch.randn(8, 168), 24))   # the new scheduler passes the horizon too
""", "The scheduler passes an extra horizon argument that the exported forward does not take.",
       "Call with the exported inputs only.", needs=("r",), match=r".")


def case_31():
    return _c("case_31", "refit-after-packaging", "numerical", "run", """
class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mean = torch.full((10,), 3.0)       # plain attributes, not buffers
        self.scale = torch.full((10,), 2.0)
        self.head = torch.nn.Linear(10, 3)
    def forward(self, x):
        return self.head((x - self.mean) / self.scale)
torch.manual_seed(0)
s = Scaled()
ep = torch.export.export(s, (torch.randn(4, 10),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ts52.pt2")
m = torch._inductor.aoti_load_package(pkg)
s.mean.fill_(2.5)                              # nightly refit updates the eager scaler
x = torch.randn(4, 10)
with torch.no_grad():
    torch.testing.assert_close(m(x), s(x))
""", "The scaler statistics are plain tensor attributes, which export lifts as constants and the "
       "package bakes in at compile time; refitting the eager scaler afterwards does not reach the "
       "package, so its outputs silently differ from the refitted model.",
       "Register the statistics as buffers and push refits with load_constants, or re-export and "
       "re-package after every refit.",
       match=r"Mismatched elements|not close")


def case_32():
    return _c("case_32", "left-pad-to-two-weeks", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Padded(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(336, 24)
    def forward(self, history):
        pad = 336 - history.shape[1]                 # left-pad short histories to two weeks
        return self.head(torch.nn.functional.pad(history, (pad, 0)))
ep = torch.export.export(Padded(), (torch.randn(4, 168),),
                         dynamic_shapes=({1: Dim("hours", min=24, max=720)},))
""", "Short histories are left-padded to the 336 steps the head takes, but the history Dim is "
       "declared up to 720 steps, where the pad would be negative, so export's guard on the "
       "length violates the declared range.",
       "Declare the history Dim with max=336 and trim longer histories to the last 336 steps in "
       "the scheduler (or in forward with history[:, -336:] before padding).",
       match=r"Constraints violated|range|guard")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_09, case_10, case_11,
         case_13, case_19, case_20, case_21, case_22, case_24, case_25, case_26, case_28, case_31]
# Failed in the trial but left out: case_08 (float() of the batch mean for a log line in forward:
# the trigger repeats live_blind4's float() of a reduction inside a log.info call), case_27
# (int32 day-of-week ids passed to an int64 embedding package, "index out of bounds": the trigger
# repeats live_blind7's int32 token ids; found by grep after the trial), case_23 (a NumPy array
# passed straight to the loaded package, "expected inputs vector size": the trigger repeats
# live_blind51's control loop; found by grep after the trial).
DROPPED = [case_08, case_23, case_27]
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to rerun
# on another torch): case_12 (per-series boolean masking of observed readings, stacked: exported,
# compiled and ran), case_14 (cummax drawdown over a static history: compiled and ran), case_15
# (Monte-Carlo dropout quantile bands under the same seed: repeatable), case_16 (the threshold
# buffer filled after torch.export.export: the exported program shares the module's buffer, so the
# package saw the calibrated value), case_17 (nanquantile median imputation: compiled and ran),
# case_18 (torch.roll by a Dim-sized shift: exported), case_29 (load_constants of a 12-feature
# scaler into a 10-feature package with check_full_update=False: accepted and ran), case_30 (an
# extra positional horizon argument to the loaded package: ran), case_32 (left-padding a history
# Dim of up to 720 steps to 336: a negative pad crops, so export accepted the range).
TRIED = [case_12, case_14, case_15, case_16, case_17, case_18, case_29, case_30, case_32]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind52.jsonl",
        url_file="benchmarks/live_blind52.py", id_prefix="live52", stems=STEMS,
        scratch_prefix="live_blind52-", description=__doc__.splitlines()[0]))
